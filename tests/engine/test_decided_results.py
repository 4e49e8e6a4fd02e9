"""A result that cannot change is ruled as decided.

When something is still open (whether two Slow Play penalties' added turns stack, how the
game in progress ends, who wins a sudden-death game), the ruling may say "not decided yet"
or send the players to the head judge only if the match's result depends on it. Each open
outcome is settled in turn, in a scenario the engine rules without the open question, and:

- if every outcome gives the same match result, the ruling gives it too (not `undecided`,
  not `not-covered`);
- a game in progress ruled "not needed" is one whose every outcome gives that same result;
- a game in progress is never left "not decided yet" under a match that is decided.
"""

from __future__ import annotations

import copy
from typing import Any

from hypothesis import example, given
from hypothesis import strategies as st

from rules_engine import ScenarioError

from .ruling_checks import ruling_or_error
from .strategies import open_question_scenarios, scenarios

# Review scenarios: Magic single elimination, B 2-0 up in a best of five with two Slow Play
# penalties whose stacking is open; Grand Archive single elimination 1-0, the game unfinished.
MTG_TWO_NIL = {"game": "mtg", "round": "single-elimination", "best_of": 5, "games_won": [0, 2],
               "time_called": "during-game", "active_player": "A", "rel": "competitive",
               "slow_play_penalties": [{"player": "A"}, {"player": "B"}], "current_game": {"life": [4, 4]}}
GA_ONE_NIL = {"game": "grand-archive", "round": "single-elimination", "games_won": [1, 0],
              "time_called": "during-game", "active_player": "A"}


def stacking_settled(scenario: dict[str, Any]) -> dict[str, Any]:
    """The scenario without the stacking question: of the two players' first Slow Play penalties
    given before the additional turns, only the first is kept (its two turns are certain)."""
    settled = copy.deepcopy(scenario)
    penalties = settled.get("slow_play_penalties") or []
    players = [p.get("player") for p in penalties]
    if settled.get("rel") == "regular" or len(set(players)) < 2 or len(players) != len(set(players)):
        return settled  # no question: Regular REL, one player's penalties, or a Game Loss
    before = [i for i, p in enumerate(penalties) if not p.get("during_additional_turns")]
    if len(before) == 2:
        del penalties[before[1]]
    return settled


def game_settled(scenario: dict[str, Any], winner: str | None) -> dict[str, Any]:
    """The scenario once the game in progress has ended with ``winner`` (None: nobody won by the
    end; the life totals given then decide in single elimination)."""
    settled = stacking_settled(scenario)
    settled.pop("tiebreak_game", None)  # a later game, which this outcome may rule out
    game = settled.setdefault("current_game", {})
    game.pop("during_turn", None)
    if winner is None:
        game.pop("winner", None)
    else:
        game["winner"] = winner
        game.pop("life", None)  # the win is the result; no life totals to contradict it
    return settled


def open_outcomes(scenario: dict[str, Any], ruling: dict[str, Any]) -> list[dict[str, Any]] | None:
    """The scenario with each outcome of what is open settled, or None where what is open is the
    text's own rule (only the head judge can settle it)."""
    if scenario["game"] != "mtg":
        return None  # Grand Archive's head-judge cases: the text has no rule for them
    game, match = ruling["current_game"], ruling["match"]
    if game["decided_by"] in ("not-covered", "not-needed") or game["result"] == "undecided":
        given = (scenario.get("current_game") or {}).get("winner")
        winners: list[str | None] = ["A", "B", "draw", None] if given is None else [given, None]
        return [game_settled(scenario, winner) for winner in winners]
    if match["next"] == "sudden-death":  # a sudden-death game after the one in progress, or between games
        return [copy.deepcopy(scenario) | {"tiebreak_game": {"winner": winner}} for winner in ("A", "B")]
    return None


def match_result(scenario: dict[str, Any]) -> str:
    ruling = ruling_or_error(scenario)
    if isinstance(ruling, ScenarioError):
        return "unknown"  # an outcome the facts given rule out
    match = ruling["match"]
    return "undecided" if match["next"] is not None or match["decided_by"] == "not-covered" else match["result"]


def check_decided(scenario: dict[str, Any]) -> None:
    ruling = ruling_or_error(scenario)
    if isinstance(ruling, ScenarioError):
        return
    game, match = ruling["current_game"], ruling["match"]
    # A game "not decided yet" means play goes on for a result something still needs.
    if game["result"] == "undecided":
        assert match["result"] == "undecided" or match["next"] is not None, ruling
    if game["decided_by"] == "not-needed":
        assert game["result"] is None and match["result"] in ("A", "B", "draw"), ruling
    variants = open_outcomes(scenario, ruling)
    if variants is None:
        return
    results = {match_result(variant) for variant in variants} - {"unknown"}
    if len(results) == 1 and results <= {"A", "B", "draw"}:
        (only,) = results
        assert (match["result"], match["next"]) == (only, None) and match["decided_by"] != "not-covered", (
            f"every open outcome gives {only}, yet the match is ruled {match}")
    if game["decided_by"] == "not-needed":
        assert results == {match["result"]}, f"the game in progress is ruled not needed, yet its outcomes give {results}"


@given(st.one_of(open_question_scenarios(), scenarios(game="mtg"), scenarios(game="grand-archive")))
@example(MTG_TWO_NIL)
@example(GA_ONE_NIL)
def test_a_result_no_open_outcome_can_change_is_ruled(scenario: dict[str, Any]) -> None:
    check_decided(scenario)


def test_the_review_scenarios() -> None:
    check_decided(MTG_TWO_NIL)
    check_decided(GA_ONE_NIL)
