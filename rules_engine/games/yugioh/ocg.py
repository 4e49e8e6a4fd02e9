"""Yu-Gi-Oh! OCG events in Japan: Konami Japan's own rules (ランキングデュエル 大会規定, マッチ戦), which
are not the TCG Tournament Policy. This site holds no official text of them: it rules on its summary of
the rules as quoted by public sources (facts/RULES-FACTS.md), and every ruling says so.

- Time ends during a Duel: the turn in progress is finished (turn 0); if the Duel is undecided, three
  additional turns, counted from the opponent's turn; then the Duelist with more Life Points wins the Duel.
  Equal Life Points: in Swiss the Duel is a draw; in single elimination, sudden death (play on, the
  Duel decided at the end of a turn in which Life Points changed).
- The match: more Duel wins wins it; in Swiss, equal Duel wins make a draw.
- Time ends between Duels, or a single-elimination match is level when the Duel ends: single
  elimination plays an extra Duel of four turns at 8000 Life Points, then more Life Points wins
  (equal: play on until a turn ends with Life Points changed); it decides the match and is not
  counted as a Duel won. Swiss plays no extra Duel.
- Slow play adds no turns.
"""

from __future__ import annotations

from ...contract.errors import ScenarioError
from ...contract.scenario import WINS_TO_TAKE_THE_MATCH, Scenario
from ...i18n import N_
from ...ruling import Ruling, Turn, alternating, higher, leader, minutes, other, score, tally

ADDITIONAL_TURNS = 3
EXTRA_DUEL_TURNS = 4


def rule(s: Scenario) -> Ruling:
    r = Ruling(s.edition.rules_version)
    r.say("ygo-ocg-summary-note", N_("This ruling follows this site's summary of Konami Japan's rules for OCG events, made from public sources that quote them; it is not Konami's text, and a large official event may publish its own rules: check the rules the event announced."))
    if s.time_extension_minutes:
        r.say("ygo-ocg-not-known", N_("The match had a {minutes}-minute time extension. This ruling is for the moment the extension ends, as this site reads it: the summary says nothing of time extensions; where it says time was called, it means that moment."),
              minutes=minutes(s.time_extension_minutes))
    if not s.during_game:
        r.record = tally(s.games_won, s.games_drawn)
        return _match(s, r, between=True)
    active = s.active_player or "A"
    plan = alternating(active, ADDITIONAL_TURNS + 1)
    r.additional_turns = ADDITIONAL_TURNS
    r.say("ygo-ocg-finish-turn", N_("Time was called during a Duel: the Duel goes on to the end of the turn in progress, {player}'s (turn 0 here)."),
          player=active)
    r.say("ygo-ocg-extra-turns", N_("If the Duel is still undecided then, three additional turns are played, counted from the opponent's turn: {turns}."),
          turns=tuple(t.player for t in plan[1:]))
    game = s.current_game
    assert game is not None
    if game.winner is not None and game.during_turn is not None and game.during_turn > ADDITIONAL_TURNS:
        raise ScenarioError("out-of-range", "/current_game/during_turn", N_("{field}: the procedure ends with turn {last}."),
                            field="/current_game/during_turn", last=ADDITIONAL_TURNS)
    if game.winner is not None and (game.life is None or 0 in game.life or game.during_turn is not None):
        end = ADDITIONAL_TURNS if game.during_turn is None else game.during_turn
        r.turns = plan[: end + 1]
        r.game_result, r.game_decided_by = game.winner, "played-out"
        if game.winner == "draw":
            r.say("ygo-ocg-extra-turns", N_("The Duel ended in a draw during the procedure."))
        else:
            r.say("ygo-ocg-extra-turns", N_("{player} won the Duel during the procedure: a win ends the Duel as usual."), player=game.winner)
        r.record = tally(s.games_won, s.games_drawn, game.winner)
        return _match(s, r)
    r.turns = plan
    if game.life is None:
        r.say("ygo-ocg-life-points", N_("If nobody has won by the end of the additional turns, the Duelist with more Life Points wins the Duel."))
        r.say("ygo-ocg-equal-swiss" if not s.single_elimination else "ygo-ocg-sudden-death",
              N_("With equal Life Points then, the Duel is a draw (Swiss).") if not s.single_elimination else
              N_("With equal Life Points then, the Duel goes on: it is decided at the end of a turn in which Life Points changed (single elimination)."))
        r.game_result, r.game_decided_by = "undecided", "life-points"
        r.match_result, r.match_decided_by, r.next = "undecided", "life-points", "compare-life-points"
        r.record = tally(s.games_won, s.games_drawn)
        return r
    best = higher(game.life)
    if best is not None:
        if game.winner is not None and game.winner != best:
            raise _contradicts_life_points("/current_game", N_("{field}: this result contradicts the Life Points given ({other_field}): after the additional turns, the Duelist with more Life Points wins the Duel."))
        r.say("ygo-ocg-life-points", N_("After the additional turns, {player} has more Life Points ({score}) and wins the Duel."),
              player=best, score=score(*game.life))
        r.game_result, r.game_decided_by = best, "life-points"
        r.record = tally(s.games_won, s.games_drawn, best)
        return _match(s, r)
    if not s.single_elimination:
        if game.winner not in (None, "draw"):
            raise _contradicts_life_points("/current_game", N_("{field}: this result contradicts the Life Points given ({other_field}): in Swiss, equal Life Points after the additional turns make the Duel a draw."))
        r.say("ygo-ocg-equal-swiss", N_("Life Points are equal ({lp}) after the additional turns: the Duel is a draw (Swiss)."), lp=game.life[0])
        r.game_result, r.game_decided_by = "draw", "life-points"
        r.record = tally(s.games_won, s.games_drawn, "draw")
        return _match(s, r)
    if game.winner == "draw":
        raise ScenarioError("impossible-state", "/current_game/winner",
                            N_("{field}: in single elimination, equal Life Points after the additional turns do not make a draw: the Duel goes on until a turn ends with Life Points changed."),
                            field="/current_game/winner")
    if game.winner is not None:
        r.say("ygo-ocg-sudden-death", N_("Life Points were equal ({lp}) after the additional turns; {player} then won the Duel in the play that followed."),
              lp=game.life[0], player=game.winner)
        r.game_result, r.game_decided_by = game.winner, "played-out"
        r.record = tally(s.games_won, s.games_drawn, game.winner)
        return _match(s, r)
    r.say("ygo-ocg-sudden-death", N_("Life Points are equal ({lp}) after the additional turns: the Duel goes on, and it is decided at the end of a turn in which Life Points changed: the Duelist with more Life Points then wins it."),
          lp=game.life[0])
    # The OCG rules' own name for this play (the page's "sudden death"), not v2.3's "turn by turn".
    r.game_result, r.game_decided_by = "undecided", "sudden-death"
    r.match_result, r.match_decided_by, r.next = "undecided", "sudden-death", "life-points-change"
    r.record = tally(s.games_won, s.games_drawn)
    lead = leader(r.record)
    if lead is not None:  # the Duel decides the match only for its leader: a win by the other levels the Duels won
        r.say("ygo-ocg-extra-duel", N_("If {leader} wins this Duel, {leader} wins the match; if {player} wins it, the Duelists have won the same number of Duels, and an extra Duel then decides the match."),
              leader=lead, player=other(lead))
    return r


def _match(s: Scenario, r: Ruling, between: bool = False) -> Ruling:
    lead = leader(r.record)
    if between:
        r.say("ygo-ocg-extra-duel", N_("Time was called between Duels: no new Duel of the match begins."))
    if lead is not None:
        r.match_result, r.match_decided_by = lead, "game-wins"
        r.say("ygo-ocg-match-result", N_("{player} has more Duels won ({score}) and wins the match."),
              player=lead, score=score(r.record[0], r.record[1]))
        return r
    if not s.single_elimination:
        r.match_result, r.match_decided_by = "draw", "tied-game-wins"
        r.say("ygo-ocg-match-result", N_("Swiss: the Duelists have won the same number of Duels ({score}): the match is a draw."),
              score=score(r.record[0], r.record[1]))
        return r
    return _extra_duel(s, r)


def _extra_duel(s: Scenario, r: Ruling) -> Ruling:
    """Single elimination with equal Duels won when time has ended: the extra Duel decides the match."""
    r.say("ygo-ocg-extra-duel", N_("Single elimination: the Duelists have won the same number of Duels ({score}): an extra Duel decides the match: 8000 Life Points, four turns, the first Duelist chosen by rock-paper-scissors; it is not counted as a Duel won."),
          score=score(r.record[0], r.record[1]))
    duel = s.tiebreak_game
    r.match_decided_by = "extra-duel"
    if duel is not None and duel.first_player is not None:
        turns = alternating(duel.first_player, EXTRA_DUEL_TURNS, start=1)
        r.extras["tiebreak_turns"] = [{"number": t.number, "player": t.player, "extra": False} for t in turns]
    if duel is None or (duel.winner is None and duel.life is None):
        r.match_result, r.next = "undecided", "extra-duel"
        r.say("ygo-ocg-extra-duel", N_("If nobody wins the extra Duel in its four turns, the Duelist with more Life Points wins the match; with equal Life Points, play goes on until a turn ends with Life Points changed."))
        return r
    if duel.winner is not None and (duel.life is None or duel.during_turn is not None or 0 in duel.life):
        if duel.winner == "draw":
            r.say("ygo-ocg-not-known", N_("The extra Duel ended in a draw: the summary does not say how the match is then decided."))
            r.say("ygo-ocg-not-known", N_("The text does not cover this: call the head judge."))
            r.match_result, r.match_decided_by, r.next = "undecided", "not-covered", "head-judge"
            return r
        r.say("ygo-ocg-extra-duel", N_("{player} won the extra Duel and wins the match."), player=duel.winner)
        r.match_result = duel.winner
        return r
    assert duel.life is not None
    best = higher(duel.life)
    if best is not None:
        if duel.winner is not None and duel.winner != best:
            raise _contradicts_life_points("/tiebreak_game", N_("{field}: this result contradicts the Life Points given ({other_field}): after the extra Duel's four turns, the Duelist with more Life Points wins the match."))
        r.say("ygo-ocg-extra-duel", N_("After the extra Duel's four turns, {player} has more Life Points ({score}) and wins the match."),
              player=best, score=score(*duel.life))
        r.match_result, r.match_decided_by = best, "life-points"
        return r
    if duel.winner is not None and duel.winner != "draw":
        r.say("ygo-ocg-extra-duel", N_("Life Points were equal ({lp}) after the extra Duel's four turns; {player} then won it and wins the match."),
              lp=duel.life[0], player=duel.winner)
        r.match_result = duel.winner
        return r
    r.say("ygo-ocg-extra-duel", N_("Life Points are equal ({lp}) after the extra Duel's four turns: play goes on, and the Duelist with more Life Points at the end of a turn in which they changed wins the match."),
          lp=duel.life[0])
    r.match_result, r.match_decided_by, r.next = "undecided", "sudden-death", "life-points-change"
    return r


def _contradicts_life_points(duel: str, message: str) -> ScenarioError:
    """The refusal of a result given beside Life Points that decide the Duel (``duel``:
    /current_game or /tiebreak_game) otherwise."""
    return ScenarioError("impossible-state", f"{duel}/winner", message, field=f"{duel}/winner", other_field=f"{duel}/life")
