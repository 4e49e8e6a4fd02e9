"""Grand Archive rulings say what happened: a draw changes no game wins; the clock may run out outside combat."""

from __future__ import annotations

from typing import Any

import pytest

from rules_engine import judge
from rules_engine.i18n import LANGUAGES


def overtime_end(winner: str, games_won: list[int]) -> dict[str, Any]:
    return {"game": "grand-archive", "round": "single-elimination", "games_won": games_won,
            "time_called": "during-game", "active_player": "A", "current_game": {"winner": winner, "during_turn": 2}}


def said(ruling: dict[str, Any]) -> str:
    return " ".join([ruling["summary"], *(step["text"] for step in ruling["explanation"])])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_draw_in_overtime_leaves_game_wins_as_they_were(lang: str) -> None:
    # A6: at 1-1, a drawn game does not make game wins "now equal": they were before it. Both the draw and a win that
    # levels the match go to the head judge (the page's ga-not-covered names both), each said in its own words.
    drawn, levelled = judge(overtime_end("draw", [1, 1]), lang), judge(overtime_end("B", [1, 0]), lang)
    for ruling in (drawn, levelled):
        assert ruling["match"]["next"] == "head-judge" and ruling["match"]["decided_by"] == "not-covered"
    not_covered = [[s["text"] for s in r["explanation"] if s["rule"] == "ga-not-covered"][0] for r in (drawn, levelled)]
    assert not_covered[0] != not_covered[1]
    assert drawn["summary"].split(". ")[-1] != levelled["summary"].split(". ")[-1]
    if lang == "en":
        assert "now equal" not in said(drawn) and "still equal" in said(drawn) and "draw leaves game wins equal" in said(drawn)
        assert "now equal" in said(levelled)


def test_the_clock_may_run_out_outside_combat() -> None:
    # A9: the summary does not presuppose a combat; the step says "a combat in progress is finished first".
    ruling = judge({"game": "grand-archive", "round": "swiss", "games_won": [1, 0], "time_called": "during-game",
                    "active_player": "A", "clock_expired_during_turn": 2})
    assert "finish any combat in progress" in ruling["summary"]
    assert "finish the combat in progress" not in said(ruling).lower()


def test_the_final_turn_is_said_to_rest_on_the_clock_not_running_out_earlier() -> None:
    # Step 4's last tiebreak names who took the final turn; when the turn the five minutes ran out
    # in is not given, that rests on their not running out before turn 3 (ga-overtime), and says so.
    steps = {"champion_life": [20, 20], "damage": [5, 5], "influence": [3, 3], "main_deck": [10, 10]}
    scenario = {"game": "grand-archive", "round": "single-elimination", "games_won": [1, 1],
                "time_called": "during-game", "active_player": "B", "current_game": steps}
    ruling = judge(scenario)
    assert ruling["current_game"]["decided_by"] == "final-turn"
    assumed = [s for s in ruling["explanation"] if s["rule"] == "ga-overtime" and "taken to be turn 3" in s["text"]]
    assert len(assumed) == 1
    given = judge({**scenario, "clock_expired_during_turn": 2})
    assert given["current_game"]["decided_by"] == "final-turn"
    assert not any("taken to be turn" in s["text"] for s in given["explanation"])
