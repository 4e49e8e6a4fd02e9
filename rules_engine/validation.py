"""The cross-field checks: facts that cannot all be true at once, refused before any rule runs.

Each field alone was checked when the scenario was read (type, choices, bounds, whether it
applies). Here the checks that read several fields: the common ones first, then the game's
own, in the same order for every game; each names the fields involved. A check that needs
the procedure's own turn plan (a turn past the last planned one) stays with that rule.
"""

from __future__ import annotations

from collections.abc import Callable

from .errors import ScenarioError
from .i18n import N_
from .scenario import WINS_TO_TAKE_THE_MATCH, Scenario

Check = Callable[[Scenario], None]


def two_headed_giant_is_one_game(s: Scenario) -> None:
    if s.two_headed_giant and s.best_of != 1:
        raise ScenarioError("invalid-value", "/best_of", N_("A Two-Headed Giant match is one game: best of 1."))


def no_match_already_won(s: Scenario) -> None:
    needed = WINS_TO_TAKE_THE_MATCH[s.best_of]
    for i, wins in enumerate(s.games_won):
        if wins >= needed:
            raise ScenarioError("impossible-state", f"/games_won/{i}",
                                N_("{field}: with {wins} game wins in a best-of-{best_of} match, the match was already won before time was called ({other_field})."),
                                field=f"/games_won/{i}", wins=wins, best_of=s.best_of, other_field="/best_of")


def turn_of_a_result_needs_the_result(s: Scenario) -> None:
    for key, game in (("current_game", s.current_game), ("tiebreak_game", s.tiebreak_game)):
        if game is not None and game.during_turn is not None and game.winner is None:
            raise ScenarioError("impossible-state", f"/{key}/during_turn",
                                N_("{field}: a turn in which the game ended is given, but no result ({other_field})."),
                                field=f"/{key}/during_turn", other_field=f"/{key}/winner")


def mtg_extra_turns_before_the_end(s: Scenario) -> None:
    game = s.current_game
    if game is None or game.during_turn is None:
        return
    for i, extra in enumerate(s.extra_turns):
        if extra.after_turn > game.during_turn:
            raise ScenarioError("impossible-state", f"/extra_turns/{i}/after_turn",
                                N_("{field}: this extra turn was created after the game had ended ({other_field})."),
                                field=f"/extra_turns/{i}/after_turn", other_field="/current_game/during_turn")


def mtg_second_slow_play_is_a_game_loss(s: Scenario) -> None:
    """IPG 3: a second Tournament Error Warning is upgraded to a Game Loss, which ends the game.

    Not two more turns: the ruling needs the game's result instead (at Regular REL there is no
    Slow Play penalty at all, and the rules say so)."""
    for player in repeated_slow_play(s):
        if s.rel != "regular" and s.current_game is not None and s.current_game.winner is None:
            raise ScenarioError("missing-field", "/current_game/winner",
                                N_("{field}: a second Slow Play penalty to {player} ({other_field}) is a Game Loss, not two more turns (IPG 3 upgrades a second Tournament Error Warning): give the game's result."),
                                field="/current_game/winner", player=player, other_field="/slow_play_penalties")


def repeated_slow_play(s: Scenario) -> list[str]:
    """The players with more than one Slow Play penalty in the scenario."""
    players = [p.player for p in s.slow_play_penalties]
    return [player for player in ("A", "B") if players.count(player) > 1]


def ga_win_before_the_clock_ran_out(s: Scenario) -> None:
    game, expired = s.current_game, s.clock_expired_during_turn
    if game is not None and game.during_turn is not None and expired is not None and game.during_turn > expired:
        raise ScenarioError("out-of-range", "/current_game/during_turn",
                            N_("{field}: the procedure ends with turn {last}."),
                            field="/current_game/during_turn", last=expired)


def ga_champion_still_alive(s: Scenario) -> None:
    """A champion whose damage reaches its life stat has been defeated: that game has a winner."""
    game = s.current_game
    if game is None or game.winner is not None or game.champion_life is None or game.damage is None:
        return
    for i in (0, 1):
        if game.damage[i] >= game.champion_life[i]:
            raise ScenarioError("impossible-state", f"/current_game/damage/{i}",
                                N_("{field}: damage at or above the champion's life stat ({other_field}) defeats the champion, yet the game has no winner."),
                                field=f"/current_game/damage/{i}", other_field=f"/current_game/champion_life/{i}")


def ygo_side_deck_after_a_game(s: Scenario) -> None:
    """The Side Deck is used between games: at 0-0 with no drawn game, no game has ended yet."""
    if s.side_deck_accessed and s.games_won == (0, 0) and s.games_drawn == 0:
        raise ScenarioError("impossible-state", "/side_deck_accessed",
                            N_("{field}: no game of the match has ended yet ({other_field}, no drawn game), so no Side Deck can have been used."),
                            field="/side_deck_accessed", other_field="/games_won")


COMMON: tuple[Check, ...] = (two_headed_giant_is_one_game, no_match_already_won, turn_of_a_result_needs_the_result)
BY_GAME: dict[str, tuple[Check, ...]] = {
    "mtg": (mtg_extra_turns_before_the_end, mtg_second_slow_play_is_a_game_loss),
    "grand-archive": (ga_win_before_the_clock_ran_out, ga_champion_still_alive),
    "yugioh": (ygo_side_deck_after_a_game,),
}


def validate(s: Scenario) -> Scenario:
    """Refuse an impossible scenario (ScenarioError ``impossible-state`` and kin); return it unchanged."""
    for check in (*COMMON, *BY_GAME[s.game]):
        check(s)
    return s
