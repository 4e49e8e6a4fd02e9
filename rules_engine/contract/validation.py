"""The cross-field checks: facts that cannot all be true at once, refused before any rule runs.

Each field alone was checked when the scenario was read (type, choices, bounds, whether it
applies). Here the checks that read several fields: the common ones first, then the game's
own, in the same order for every game; each names the fields involved. A check that needs
the procedure's own turn plan (a turn past the last planned one) stays with that rule.
"""

from __future__ import annotations

from collections.abc import Callable

from .game_words import in_words_of
from .errors import ScenarioError
from ..editions import in_force_on
from ..i18n import N_
from .scenario import WINS_TO_TAKE_THE_MATCH, Scenario

Check = Callable[[Scenario], None]


def two_headed_giant_is_one_game(s: Scenario) -> None:
    if s.two_headed_giant and s.best_of != 1:
        raise ScenarioError("invalid-value", "/best_of", N_("{field}: a Two-Headed Giant match is one game: best of 1."), field="/best_of")


def no_match_already_won(s: Scenario) -> None:
    needed = WINS_TO_TAKE_THE_MATCH[s.best_of]
    for i, wins in enumerate(s.games_won):
        if wins >= needed:
            message = in_words_of(s.game, N_("{field}: game wins {wins}, in a match played as best of {best_of} ({other_field}): the match was already won before time was called."))
            raise ScenarioError("impossible-state", f"/games_won/{i}", message,
                                field=f"/games_won/{i}", wins=wins, best_of=s.best_of, other_field="/best_of")


def turn_of_a_result_needs_the_result(s: Scenario) -> None:
    for key, game in (("current_game", s.current_game), ("tiebreak_game", s.tiebreak_game)):
        if game is not None and game.during_turn is not None and game.winner is None:
            raise ScenarioError("impossible-state", f"/{key}/during_turn",
                                in_words_of(s.game, N_("{field}: a turn in which the game ended is given, but no result ({other_field}).")),
                                field=f"/{key}/during_turn", other_field=f"/{key}/winner")


def between_games_after_a_game(s: Scenario) -> None:
    """"Between games" presupposes a completed game: at 0-0 with no drawn game, the first game has not ended."""
    if not s.during_game and s.games_won == (0, 0) and s.games_drawn == 0:
        raise ScenarioError("impossible-state", "/time_called",
                            in_words_of(s.game, N_("{field}: time was called between games, but no game of the match has ended yet: {other_field} is 0 – 0 and {drawn_field} is 0. Time called before the first game has ended is called during the first game.")),
                            field="/time_called", other_field="/games_won", drawn_field="/games_drawn")


def mtg_extra_turns_in_creation_order(s: Scenario) -> None:
    """Extra turns are listed in the order they were created: play never goes back to an earlier turn."""
    for i in range(1, len(s.extra_turns)):
        if s.extra_turns[i].after_turn < s.extra_turns[i - 1].after_turn:
            raise ScenarioError("impossible-state", f"/extra_turns/{i}/after_turn",
                                N_("{field}: extra turns are listed in the order they were created, and this one was created in an earlier turn than the one before it ({other_field})."),
                                field=f"/extra_turns/{i}/after_turn", other_field=f"/extra_turns/{i - 1}/after_turn")


def mtg_extra_turns_before_the_end(s: Scenario) -> None:
    game = s.current_game
    if game is None:
        return
    if game.during_turn is not None:
        end, other_field = game.during_turn, "/current_game/during_turn"
    elif game_loss_turn(s) == 0:
        end, other_field = 0, "/slow_play_penalties"
    else:
        return
    for i, extra in enumerate(s.extra_turns):
        if extra.after_turn > end:
            raise ScenarioError("impossible-state", f"/extra_turns/{i}/after_turn",
                                N_("{field}: this extra turn was created after the game had ended ({other_field})."),
                                field=f"/extra_turns/{i}/after_turn", other_field=other_field)


def mtg_second_slow_play_is_a_game_loss(s: Scenario) -> None:
    """IPG 3: a second Warning for an offense in the same category is upgraded to a Game Loss,
    which ends the game: the penalized player's opponent wins it.

    Not two more turns. The list holds the penalties whose remedy may add turns: a Game Loss
    given in an earlier game is already in ``games_won`` and adds none, so a second penalty in
    the list is taken as given in the game in progress (the ruling says so). At Regular REL
    there is no Slow Play penalty at all, and the rules say so."""
    lost = game_loss_player(s)
    if lost is None or s.current_game is None:
        return
    if len(repeated_slow_play(s)) > 1:
        raise ScenarioError("impossible-state", "/slow_play_penalties",
                            N_("{field}: a second Slow Play penalty to each player makes two Game Losses (IPG 3), and only one can have ended the game in progress; leave out the Game Loss given in an earlier game (a first Slow Play Warning given in an earlier game stays in the list)."),
                            field="/slow_play_penalties")
    game, winner = s.current_game, "B" if lost == "A" else "A"
    if game.winner is None:
        raise ScenarioError("missing-field", "/current_game/winner",
                            N_("{field}: a second Slow Play penalty to {player} ({other_field}) is a Game Loss (IPG 3 upgrades a second Warning for an offense in the same category); that it adds no turns is this site's reading. Given in the game in progress, it ended that game and {winner} won it: give that result. Given in an earlier game, that Game Loss is already counted in the game wins: leave it out of the list.") if s.rel else
                            N_("{field}: a second Slow Play penalty to {player} ({other_field}) is a Game Loss (IPG 3 upgrades a second Warning for an offense in the same category); that it adds no turns is this site's reading. Given in the game in progress, it ended that game and {winner} won it: give that result. Given in an earlier game, that Game Loss is already counted in the game wins: leave it out of the list. This assumes Competitive or Professional REL, as no REL is given: at Regular REL there is no Slow Play penalty."),
                            field="/current_game/winner", player=lost, winner=winner, other_field="/slow_play_penalties")
    if game.winner != winner:
        raise ScenarioError("impossible-state", "/current_game/winner",
                            N_("{field}: a second Slow Play penalty to {player} ({other_field}) is a Game Loss (IPG 3): it ended the game in progress with {winner}'s win, so this result cannot be.") if s.rel else
                            N_("{field}: a second Slow Play penalty to {player} ({other_field}) is a Game Loss (IPG 3): it ended the game in progress with {winner}'s win, so this result cannot be. This assumes Competitive or Professional REL, as no REL is given: at Regular REL there is no Slow Play penalty."),
                            field="/current_game/winner", player=lost, winner=winner, other_field="/slow_play_penalties")
    index = second_penalty_index(s, lost)
    during = s.slow_play_penalties[index].during_additional_turns
    if game.during_turn is not None and (game.during_turn == 0) == during:
        raise ScenarioError("impossible-state", "/current_game/during_turn",
                            N_("{field}: the Game Loss ended the game when the second Slow Play penalty was given ({other_field}): during the additional turns means turn 1 or later; otherwise turn 0."),
                            field="/current_game/during_turn",
                            other_field=f"/slow_play_penalties/{index}/during_additional_turns")
    if not during:  # the Game Loss ended the game in turn 0: no penalty came during the additional turns
        for i, penalty in enumerate(s.slow_play_penalties):
            if penalty.during_additional_turns:
                raise ScenarioError("impossible-state", f"/slow_play_penalties/{i}/during_additional_turns",
                                    N_("{field}: the Game Loss of the second Slow Play penalty ended the game in turn 0 ({other_field}), before the additional turns."),
                                    field=f"/slow_play_penalties/{i}/during_additional_turns",
                                    other_field=f"/slow_play_penalties/{index}/during_additional_turns")


def game_loss_player(s: Scenario) -> str | None:
    """The player whose second Slow Play penalty is a Game Loss (IPG 3), where the IPG applies."""
    repeated = repeated_slow_play(s)
    return repeated[0] if repeated and s.rel != "regular" else None


def game_loss_turn(s: Scenario) -> int | None:
    """The turn in which the Game Loss of a second Slow Play penalty ended the game: the turn
    given, else turn 0 for one not given during the additional turns (after time was called:
    given before, it would have ended the game before the time call); None if unknown or none."""
    lost = game_loss_player(s)
    if lost is None or s.current_game is None:
        return None
    if s.current_game.during_turn is not None:
        return s.current_game.during_turn
    return None if s.slow_play_penalties[second_penalty_index(s, lost)].during_additional_turns else 0


def second_penalty_index(s: Scenario, player: str) -> int:
    """Where the player's second Slow Play penalty (the Game Loss) is in the list."""
    return [i for i, p in enumerate(s.slow_play_penalties) if p.player == player][1]


def repeated_slow_play(s: Scenario) -> list[str]:
    """The players with more than one Slow Play penalty in the scenario."""
    players = [p.player for p in s.slow_play_penalties]
    return [player for player in ("A", "B") if players.count(player) > 1]


def ga_win_before_the_clock_ran_out(s: Scenario) -> None:
    game, expired = s.current_game, s.clock_expired_during_turn
    if game is None or game.during_turn is None or expired is None:
        return
    if game.during_turn > expired:
        raise ScenarioError("out-of-range", "/current_game/during_turn",
                            N_("{field}: the procedure ends with turn {last}."),
                            field="/current_game/during_turn", last=expired)
    if game.during_turn < expired:  # the game was over before that turn: the clock never ran out in it
        raise ScenarioError("impossible-state", "/clock_expired_during_turn",
                            N_("{field}: the game ended in an earlier turn ({other_field}), so the clock cannot have run out in this one."),
                            field="/clock_expired_during_turn", other_field="/current_game/during_turn")


def ga_champion_still_alive(s: Scenario) -> None:
    """A champion whose damage reaches its life stat has been defeated: that game has a winner, and not its player."""
    game = s.current_game
    if game is None or game.champion_life is None or game.damage is None:
        return
    for i, player in enumerate(("A", "B")):
        if game.winner == player and game.damage[i] >= game.champion_life[i]:
            raise ScenarioError("impossible-state", "/current_game/winner",
                                N_("{field}: {player}'s champion has damage at or above its life stat ({other_field}): it was defeated, so {player} cannot have won."),
                                field="/current_game/winner", player=player, other_field=f"/current_game/damage/{i}")
    if game.winner is not None:
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
                            N_("{field}: no Duel of the match has ended yet: {other_field} is 0 – 0 and no Duel was drawn, so no Side Deck can have been used."),
                            field="/side_deck_accessed", other_field="/games_won")


def ygo_v2_3_plays_only_the_turn_in_progress(s: Scenario) -> None:
    """Policy v2.3 plays the turn in progress only (then turn by turn, whose turns are not numbered):
    turns 1 to 3 are the OCG's extra turns."""
    game = s.current_game
    if game is None or game.during_turn in (None, 0) or s.edition.id != "2.3":
        return
    raise ScenarioError("invalid-value", "/current_game/during_turn",
                        N_("{field}: only the turn in progress when time was called can be chosen: before the turn-by-turn play, only that turn is played (its current Phase, then the rest of it if Life Points are equal); for a win in the turn-by-turn play, leave the turn out."),
                        field="/current_game/during_turn")


def ygo_life_points_at_zero(s: Scenario) -> None:
    """A Duelist whose Life Points reach 0 loses the Duel at once (a win condition); both at 0 together is a draw."""
    for key, game in (("current_game", s.current_game), ("tiebreak_game", s.tiebreak_game)):
        if game is None or game.life is None or 0 not in game.life:
            continue
        zero = game.life.index(0)
        if game.winner is None:
            raise ScenarioError("impossible-state", f"/{key}/life/{zero}",
                                N_("{field}: a Duelist whose Life Points reach 0 loses the Duel at once (both at 0 together: a draw), so the Duel already has a result ({other_field})."),
                                field=f"/{key}/life/{zero}", other_field=f"/{key}/winner")
        expected = "draw" if game.life == (0, 0) else "B" if zero == 0 else "A"
        if game.winner != expected:
            raise ScenarioError("impossible-state", f"/{key}/winner",
                                N_("{field}: this result contradicts the Life Points given ({other_field}): a Duelist at 0 has lost the Duel, and both at 0 is a draw."),
                                field=f"/{key}/winner", other_field=f"/{key}/life")


def edition_in_force_on_the_event_date(s: Scenario) -> None:
    """An edition chosen for a date before it took effect is refused. One chosen for a date after it
    was replaced is ruled under (an event may keep it; a regional edition's dates are not known
    everywhere): the ruling says so (games.say_edition)."""
    if s.event_date is None or s.edition_basis != "chosen" or s.edition.effective is None:
        return
    if s.event_date < s.edition.effective:
        found = in_force_on(s.game, s.event_date, s.edition.region)
        raise ScenarioError("impossible-state", "/edition",
                            N_("{field}: edition \"{chosen}\" took effect on {effective_date}, after the event date {event_date} ({other_field}): edition \"{in_force}\" was in force then. Leave the edition empty to rule under it, or check the date."),
                            field="/edition", other_field="/event_date", chosen=s.edition.id, event_date=s.event_date,
                            effective_date=s.edition.effective, in_force=found.id if found is not None else "")


def lorcana_two_game_format(s: Scenario) -> None:
    """Best of two exists only under the editions with a two-game format (Swiss of 22 May 2024, Japan 2025);
    its two games are always played, so a match with both behind it is over."""
    from ..games.lorcana import TWO_GAME_FORMAT
    if s.best_of != 2:
        return
    if s.edition.id not in TWO_GAME_FORMAT:
        raise ScenarioError("invalid-value", "/best_of",
                            N_("{field}: a two-game match exists only under the editions with a two-game format (the Tournament Rules of 22 May 2024, in Swiss rounds; Takara Tomy's rules of 2025); edition \"{chosen}\" has none."),
                            field="/best_of", chosen=s.edition.id)
    if s.single_elimination and s.edition.region is None:
        raise ScenarioError("invalid-value", "/best_of",
                            N_("{field}: the two-game format of the Tournament Rules of 22 May 2024 is for Swiss rounds; their single-elimination matches are best of three ({other_field})."),
                            field="/best_of", other_field="/round")
    if s.single_elimination:  # Takara Tomy's 2025 rules: a two-game match can end level, and single elimination needs a winner
        raise ScenarioError("invalid-value", "/best_of",
                            N_("{field}: a two-game match can end level, and a single-elimination match needs a winner: Takara Tomy's rules of 2025 play BO2 in Swiss rounds ({other_field})."),
                            field="/best_of", other_field="/round")
    if sum(s.games_won) + s.games_drawn >= 2 and "best_of" not in s.canonical:  # the edition's two games, taken as none was given
        raise ScenarioError("impossible-state", "/games_won",
                            N_("{field}: with no match structure given ({other_field}), a Swiss match of this edition is taken as its two games, and both have been played: the match was over before time was called. For a best-of-three match, give best of 3."),
                            field="/games_won", other_field="/best_of")
    if sum(s.games_won) + s.games_drawn >= 2:
        raise ScenarioError("impossible-state", "/games_won",
                            N_("{field}: both games of a two-game match have been played ({other_field}): the match was over before time was called."),
                            field="/games_won", other_field="/games_drawn")


def turns_over_with_no_winner(s: Scenario) -> None:
    """"The turns are over, and nobody won" says the game in progress has no result."""
    if s.turns_over and s.current_game is not None and s.current_game.winner is not None:
        raise ScenarioError("impossible-state", "/additional_turns_played",
                            in_words_of(s.game, N_("{field}: the game has a result ({other_field}): leave this out, or leave out the result.")),
                            field="/additional_turns_played", other_field="/current_game/winner")


def edition_of_the_region_given(s: Scenario) -> None:
    """An edition chosen must be one of the region given (the worldwide rules with no region)."""
    if "region" not in s.canonical or s.edition_basis != "chosen" or s.edition.region == s.region:
        return
    from ..editions import REGION_NAMES
    from ..ruling import phrase
    whose = phrase(N_("one of the worldwide rules")) if s.edition.region is None else \
        phrase(N_("one of the rules for {region_name}"), region_name=phrase(REGION_NAMES[s.edition.region]))
    raise ScenarioError("impossible-state", "/edition",
                        N_("{field}: edition \"{chosen}\" is {whose}, not of the region given ({other_field}). Leave the edition empty to rule under the region's own, or change the region."),
                        field="/edition", chosen=s.edition.id, whose=whose, other_field="/region")


COMMON: tuple[Check, ...] = (edition_in_force_on_the_event_date, edition_of_the_region_given, turns_over_with_no_winner,
                             two_headed_giant_is_one_game, no_match_already_won, between_games_after_a_game,
                             turn_of_a_result_needs_the_result)
BY_GAME: dict[str, tuple[Check, ...]] = {
    "mtg": (mtg_extra_turns_in_creation_order, mtg_extra_turns_before_the_end, mtg_second_slow_play_is_a_game_loss),
    "grand-archive": (ga_win_before_the_clock_ran_out, ga_champion_still_alive),
    "yugioh": (ygo_side_deck_after_a_game, ygo_v2_3_plays_only_the_turn_in_progress, ygo_life_points_at_zero),
    "lorcana": (lorcana_two_game_format,),
}


def validate(s: Scenario) -> Scenario:
    """Refuse an impossible scenario (ScenarioError ``impossible-state`` and kin); return it unchanged."""
    for check in (*COMMON, *BY_GAME[s.game]):
        check(s)
    return s
