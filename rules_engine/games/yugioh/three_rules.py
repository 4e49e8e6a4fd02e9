"""Yu-Gi-Oh! TCG Tournament Policy v2.3 (2024-09-20 to 2025-09-04 in North America, Latin America and Europe; a judge may
choose it for a later event that keeps it): the three-rule End of Match Procedure.

Rule 1: the game in progress gets a decision (Life Points after the current Phase).
Rule 2: more game wins wins the match; single elimination breaks a tie with a new Duel.
Rule 3: a win during the procedure wins the game. Policy v2.5 replaced it (double_loss.py).

At the time call nobody knows the Life Points at the end of the Phase: without them the ruling
is the plan (play to the end of the Phase, then compare), never a refusal.
"""

from __future__ import annotations

from ...contract.errors import ScenarioError
from ...i18n import N_
from ...ruling import Ruling, Turn, alternating, higher, leader, minutes, score, tally
from ...contract.scenario import GameFacts, Scenario

NEW_DUEL_TURNS = 4  # two for each Duelist


def rule(s: Scenario) -> Ruling:
    r = Ruling(s.edition.rules_version)
    if s.time_extension_minutes:
        r.say("ygo-time-extension-note", N_("The match had a {minutes}-minute time extension: the End of Match procedure starts when it ends, and this ruling is for that moment; where it says time was called, it means that moment."),
              minutes=minutes(s.time_extension_minutes))
    if not s.during_game:
        r.record = tally(s.games_won, s.games_drawn)
        _match(s, r)
        return r

    active = s.active_player or "A"
    r.turns = [Turn(0, active)]
    game = s.current_game
    assert game is not None
    r.say("ygo-rule-1", N_("Time was called during a Duel: the Duel in progress must have a decision (win, loss or draw)."))
    # Life Points at the end of the Phase, when given, are read first (Rule 1), whatever turn is given:
    # a result then agrees with them or is refused. Without them, how a Duel was won is not known.
    if game.winner is not None and (game.life is None or 0 in game.life):
        # A result is all the match needs; the turn, when given, can only be turn 0 (its field's bounds).
        r.game_result, r.game_decided_by = game.winner, "played-out"
        if game.winner == "draw":
            r.say("ygo-rule-1", N_("The Duel ended in a draw during the procedure: a draw is a decision for the Duel in progress."))
        elif game.life is not None:  # Life Points at 0: the Duel was lost there (Rule 3; validation checked the result)
            r.say("ygo-rule-3", N_("A win condition occurred during the procedure: {player} wins the Duel in progress."), player=game.winner)
        else:
            r.say("ygo-rule-1", N_("{player} won the Duel in progress during the procedure: on Life Points, or by a win condition; the Life Points are not given, so how is not said here."),
                  player=game.winner)
            r.say("ygo-rule-3", N_("A win condition during the procedure also wins the Duel in progress: {player}'s win stands however it came."),
                  player=game.winner)
    else:
        if game.life is None:
            _until_the_phase_ends(s, r)
            return r
        best = higher(game.life)
        if best is None:  # the Phase the Life Points are compared at (ygo-rule-1-current-phase)
            r.say("ygo-rule-1-current-phase", N_("Play continues only to the end of the current Phase, where the Life Points are compared."))
        if best is not None:
            if game.winner is not None and game.winner != best:
                raise _contradicts_life_points()
            r.game_result, r.game_decided_by = best, "life-points"
            r.say("ygo-rule-1-current-phase", N_("Play continues to the end of the current Phase; {player} has more Life Points ({score}) and wins the Duel."),
                  player=best, score=score(game.life[0], game.life[1]))
        elif not s.single_elimination:
            if game.winner not in (None, "draw"):
                raise _contradicts_life_points()
            r.game_result, r.game_decided_by = "draw", "life-points"
            r.say("ygo-rule-1-swiss", N_("Life Points are equal ({lp}) at the end of the current Phase: the Duel is a draw."), lp=game.life[0])
        elif game.winner == "draw":
            raise _contradicts_life_points()
        elif game.winner is not None:
            # How the Duel was won after the comparison is not given: Life Points at the end of a turn
            # (Rule 1) or a win condition (Rule 3). Its label says only that it was played out.
            r.game_result, r.game_decided_by = game.winner, "played-out"
            if game.during_turn == 0:
                r.say("ygo-rule-1-single-elimination", N_("Life Points were equal ({lp}) at the end of the Phase; after that, {player} won the Duel in the turn in progress: on Life Points at its end, or by a win condition."),
                      lp=game.life[0], player=game.winner)
            else:
                r.say("ygo-rule-1-single-elimination", N_("Life Points were equal ({lp}) at the end of the Phase; after that, {player} won the Duel: at the end of the current turn, in the turn-by-turn play, or by a win condition."),
                      lp=game.life[0], player=game.winner)
            r.say("ygo-rule-3", N_("A win condition during the procedure also wins the Duel in progress: {player}'s win stands however it came."),
                  player=game.winner)
        else:
            r.game_result, r.game_decided_by = "undecided", "turn-by-turn"
            r.match_result, r.match_decided_by, r.next = "undecided", "turn-by-turn", "finish-turn"
            r.say("ygo-rule-1-single-elimination", N_("Life Points are equal ({lp}) at the end of the current Phase: finish the current turn; if they are still equal, continue turn by turn until one Duelist has more Life Points at the end of a turn."),
                  lp=game.life[0])
            r.record = tally(s.games_won, s.games_drawn)
            _no_new_duel(s)
            return r
    r.record = tally(s.games_won, s.games_drawn, r.game_result)
    _match(s, r)
    return r


def _until_the_phase_ends(s: Scenario, r: Ruling) -> None:
    """At the time call: the plan, with what decides the Duel once the Phase ends."""
    _no_new_duel(s)
    r.game_result, r.game_decided_by = "undecided", "life-points"
    r.match_result, r.match_decided_by, r.next = "undecided", "life-points", "finish-phase"
    r.record = tally(s.games_won, s.games_drawn)
    r.say("ygo-rule-1-current-phase", N_("Play continues only to the end of the current Phase; then the Duelist with more Life Points wins the Duel."))
    if s.single_elimination:
        r.say("ygo-rule-1-single-elimination", N_("If Life Points are equal then, the Duelists finish the current turn, and if they are still equal, play continues turn by turn until one Duelist has more Life Points at the end of a turn."))
    else:
        r.say("ygo-rule-1-swiss", N_("If Life Points are equal then, the Duel is a draw."))
    for rule_id, msgid, params in match_outcomes(s):
        r.say(rule_id, msgid, **params)


# What Rule 2 makes of each result of the Duel in progress, before it is known.
WINNER_WINS = N_("The Duelist who wins the Duel then has won more Duels and wins the match.")
DRAW_SWISS = N_("If the Duel is a draw, the Duels won stay equal ({score}): the match is a draw.")
DRAW_NEW_DUEL = N_("If the Duel is a draw, the Duels won stay equal ({score}): the Duelists begin a new Duel, which decides the match.")
LEVELS_SWISS = N_("If {player} wins the Duel, the Duelists have won the same number of Duels ({score}): the match is a draw.")
LEVELS_NEW_DUEL = N_("If {player} wins the Duel, the Duelists have won the same number of Duels ({score}): they begin a new Duel, which decides the match.")
LEADER_WINS = N_("If {player} wins the Duel or it is a draw, {player} has won more Duels and wins the match.")


def match_outcomes(s: Scenario) -> list[tuple[str, str, dict[str, object]]]:
    """Rule 2 for each result the Duel in progress can have: (paragraph, message, parameters).
    The summary says the same sentences."""
    a, b = s.games_won
    tied = "ygo-rule-2-single-elimination" if s.single_elimination else "ygo-rule-2-swiss"
    if a == b:
        return [("ygo-rule-2", WINNER_WINS, {}),
                (tied, DRAW_NEW_DUEL if s.single_elimination else DRAW_SWISS, {"score": score(a, b)})]
    ahead, behind = ("A", "B") if a > b else ("B", "A")
    if abs(a - b) == 1:
        return [(tied, LEVELS_NEW_DUEL if s.single_elimination else LEVELS_SWISS,
                 {"player": behind, "score": score(max(a, b), max(a, b))}),
                ("ygo-rule-2", LEADER_WINS, {"player": ahead})]
    return [("ygo-rule-2", N_("{player} has won more Duels ({score}) whatever the result of the Duel, and wins the match."),
             {"player": ahead, "score": score(a, b)})]


def _match(s: Scenario, r: Ruling) -> None:
    winner = leader(r.record)
    if winner is not None:
        _no_new_duel(s)
        r.match_result, r.match_decided_by = winner, "game-wins"
        r.say("ygo-rule-2", N_("{player} has won more Duels ({score}) and wins the match."),
              player=winner, score=score(r.record[0], r.record[1]))
        return
    if not s.single_elimination:
        r.match_result, r.match_decided_by = "draw", "tied-game-wins"
        if s.during_game:
            r.say("ygo-rule-2-swiss", N_("Both Duelists have won the same number of Duels ({score}): the match is a draw."),
                  score=score(r.record[0], r.record[1]))
        else:
            r.say("ygo-rule-2-swiss", N_("Time was called between Duels with the same number of Duels won ({score}): the match is a draw."),
                  score=score(r.record[0], r.record[1]))
        return
    _new_duel(s, r)


def _new_duel(s: Scenario, r: Ruling) -> None:
    """Rule 2, single elimination: equal game wins lead to a new Duel of four turns."""
    r.say("ygo-rule-2-single-elimination", N_("The Duelists have won the same number of Duels ({score}): they begin a new Duel with specific guidelines."),
          score=score(r.record[0], r.record[1]))
    side_deck = not s.during_game and s.side_deck_accessed
    if side_deck:
        r.say("ygo-new-duel-side-deck", N_("Time was called between Duels and a Duelist had already used their Side Deck: both Duelists may use their Side Deck."))
    elif s.during_game:
        r.say("ygo-new-duel-side-deck", N_("Neither Duelist may use their Side Deck (time was not called between Duels)."))
    else:
        # What follows from what was entered, never a fact nobody entered (side_deck_accessed may be left out).
        r.say("ygo-new-duel-side-deck", N_("Neither Duelist may use their Side Deck, as no Duelist is entered as having already used it in this match; if one had, both may."))
    r.extras["new_duel"] = {"side_deck": side_deck, "turns": NEW_DUEL_TURNS}
    duel = s.tiebreak_game
    first = duel.first_player if duel else None
    # The paragraph says only that a random method is used; the choice is the v2.3 edition's (the next step).
    r.say("ygo-new-duel-first-player", N_("The Duelists must use a random method (die roll, coin flip) to determine who will go first."))
    r.say("ygo-first-player-choice-note", N_("The v2.3 edition adds that the Duelist the random method picks chooses who goes first."))
    if first is not None:
        r.say("ygo-first-player-choice-note", N_("{player} goes first in the new Duel."), player=first)
        r.extras["tiebreak_turns"] = [{"number": t.number, "player": t.player, "extra": t.extra}
                                      for t in alternating(first, NEW_DUEL_TURNS, start=1)]
    r.say("ygo-new-duel-four-turns", N_("The new Duel lasts four turns in total, two for each Duelist, unless a Duelist wins it before then."))
    if duel is None or (duel.winner is None and duel.life is None):
        r.match_result, r.match_decided_by, r.next = "undecided", "tied-game-wins", "new-duel"
        return
    if duel.during_turn is not None and duel.life is not None and 0 not in duel.life:
        # The Life Points are those after the four turns, compared once the last is over: a Duel won in one
        # of them (the only turns its field takes) never reached them.
        raise ScenarioError("impossible-state", "/tiebreak_game/life",
                            N_("{field}: the Life Points after the new Duel's four turns are given, but it ended in its turn {turn} ({other_field}): give the turn or those Life Points, not both (Life Points at 0, where the Duel was lost, go with the turn)."),
                            field="/tiebreak_game/life", turn=duel.during_turn, other_field="/tiebreak_game/during_turn")
    if duel.winner == "draw":
        _drawn_new_duel(s, r, duel)
        return
    if duel.winner is not None and (duel.life is None or 0 in duel.life):
        r.record = tally(r.record[:2], r.record[2], duel.winner)  # type: ignore[arg-type]
        r.match_result, r.match_decided_by, r.next = duel.winner, "new-duel", None
        if duel.during_turn is None:
            r.say("ygo-new-duel-four-turns", N_("{player} won the new Duel and wins the match."), player=duel.winner)
        else:
            r.say("ygo-new-duel-four-turns", N_("{player} won the new Duel in its turn {turn} and wins the match."),
                  player=duel.winner, turn=duel.during_turn)
        _new_duel_counted(r)
        return
    if duel.life is None:
        raise ScenarioError("missing-field", "/tiebreak_game/life",
                            N_("{field}: the Life Points after the new Duel's four turns are needed."),
                            field="/tiebreak_game/life")
    best = higher(duel.life)
    if best is not None:
        if duel.winner is not None and duel.winner != best:
            raise ScenarioError("impossible-state", "/tiebreak_game/winner",
                                N_("{field}: this result contradicts the Life Points after the four turns ({other_field}): the Duelist with more won. If the new Duel was won before its four turns ended, give the turn of the win and leave the Life Points out."),
                                field="/tiebreak_game/winner", other_field="/tiebreak_game/life")
        r.record = tally(r.record[:2], r.record[2], best)  # type: ignore[arg-type]
        r.match_result, r.match_decided_by, r.next = best, "life-points", None
        r.say("ygo-new-duel-life-points", N_("After the four turns, {player} has the highest Life Points ({score}) and wins the match."),
              player=best, score=score(duel.life[0], duel.life[1]))
        _new_duel_counted(r)
        return
    if duel.winner is None:
        r.match_result, r.match_decided_by, r.next = "undecided", "turn-by-turn", "turn-by-turn"
        r.say("ygo-new-duel-turn-by-turn", N_("Life Points are equal ({lp}) after the four turns: play continues turn by turn; the Duelist with more Life Points at the end of a turn wins."),
              lp=duel.life[0])
        return
    r.record = tally(r.record[:2], r.record[2], duel.winner)  # type: ignore[arg-type]
    # Won by Life Points at the end of a turn or by a win condition (Rule 3): labelled by the new Duel only.
    r.match_result, r.match_decided_by, r.next = duel.winner, "new-duel", None
    r.say("ygo-new-duel-turn-by-turn", N_("Life Points were equal ({lp}) after the four turns; after that, {player} won the new Duel (in the turn-by-turn play, or by a win condition) and wins the match."),
          lp=duel.life[0], player=duel.winner)
    r.say("ygo-rule-3", N_("A win condition during the procedure also wins the Duel in progress: {player}'s win stands however it came."),
          player=duel.winner)
    _new_duel_counted(r)


# The record's count of a won new Duel: this site's reading of a silent text, which decides no winner
# (rules_engine/training/questions.py asks about rulings that carry it: no question asks the record).
NEW_DUEL_COUNTED = N_("The published procedure does not say how the new Duel is recorded: this ruling counts it as a Duel won (this site's reading); the event's software may record the match otherwise.")


def _new_duel_counted(r: Ruling) -> None:
    """A won new Duel decides the match, and the record counts it as a Duel won: the published
    procedure says neither that it is one nor that it is not (as for a drawn one), so the ruling says so."""
    r.say("ygo-not-covered", NEW_DUEL_COUNTED)


def _drawn_new_duel(s: Scenario, r: Ruling, duel: GameFacts) -> None:
    """The published procedure names a winner of the new Duel; it says nothing of a draw."""
    if duel.during_turn is None and duel.life is not None and higher(duel.life) is not None:
        raise ScenarioError("impossible-state", "/tiebreak_game/winner",
                            N_("{field}: Life Points were not equal after the four turns ({other_field}), so the Duelist with more won the match; a draw needs the turn in which the new Duel ended."),
                            field="/tiebreak_game/winner", other_field="/tiebreak_game/life")
    # The new Duel is a way of deciding the match: the text does not say that a drawn one counts as a drawn Duel of the
    # match, so the Duels won so far are left as they were, and the ruling says so.
    r.match_result, r.match_decided_by, r.next = "undecided", "not-covered", "head-judge"
    r.say("ygo-not-covered", N_("The new Duel ended in a draw: the published procedure does not say how the match is decided then (another new Duel, or play on). Call the head judge, who decides."))
    r.say("ygo-not-covered", N_("The Duels won so far do not count the drawn new Duel as a drawn Duel of the match: the published procedure does not say whether it is one."))


def _no_new_duel(s: Scenario) -> None:
    if s.tiebreak_game is not None:
        raise ScenarioError("impossible-state", "/tiebreak_game",
                            N_("{field}: no new Duel is played in this scenario."), field="/tiebreak_game")


def _contradicts_life_points() -> ScenarioError:
    return ScenarioError("impossible-state", "/current_game/winner",
                         N_("{field}: this result contradicts the Life Points given ({other_field}); if the Duel ended during the procedure, in a win or a draw, leave the Life Points out."),
                         field="/current_game/winner", other_field="/current_game/life")
