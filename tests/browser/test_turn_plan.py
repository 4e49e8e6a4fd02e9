"""The turn plan drawn under every ruling (overrides/assets/javascripts/turn-plan.js): the
checker and a training answer draw the engine's own plan, in the reader's language, as an
ordered list a screen reader reads (its label counts the turns), turn 0 and the turn in which
the game ended said in words, an extra turn marked. The tracker's plan is checked in
test_tracker.py. The engine really runs: its answers are compared with CPython's."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest

from rules_engine import judge
from rules_engine.training.questions import question
from tests.site.sitebuild import prefix

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "overrides" / "hooks"))
import site_catalog  # noqa: E402

pytestmark = pytest.mark.browser

# Magic, single elimination: B's extra turn after turn 1, and B wins in turn 3.
SCENARIO = {"game": "mtg", "round": "single-elimination", "games_won": [1, 1], "time_called": "during-game",
            "active_player": "A", "rel": "competitive", "extra_turns": [{"player": "B", "after_turn": 1}],
            "current_game": {"winner": "B", "during_turn": 3}}


def text(lang: str, msgid: str, **values: Any) -> str:
    translated = site_catalog.translations(lang).gettext(msgid)
    return re.sub(r"\{(\w+)\}", lambda m: str(values.get(m[1], m[0])), translated)


def drawn(page: Any, where: str) -> list[dict[str, Any]]:
    return page.eval_on_selector_all(f"{where} .turn-plan li", """items => items.map((li) => ({
      classes: li.className, text: li.textContent, current: li.getAttribute('aria-current')}))""")


def check_plan(page: Any, where: str, lang: str, turns: list[dict[str, Any]], ended: int | None) -> None:
    blocks = drawn(page, where)
    assert len(blocks) == len(turns)
    label = page.locator(f"{where} .turn-plan ol").get_attribute("aria-label")
    assert label == text(lang, "Turns in the plan: {count}", count=len(turns))
    for block, turn in zip(blocks, turns):
        assert text(lang, "Turn {number}", number=turn["number"]) in block["text"]
        assert f"player-{turn['player']}" in block["classes"]
        assert ("extra" in block["classes"].split()) == turn["extra"]
        assert (text(lang, "extra turn") in block["text"]) == turn["extra"]
        assert (text(lang, "time called") in block["text"]) == (turn["number"] == 0)
        assert (text(lang, "game ended") in block["text"]) == (turn["number"] == ended)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_checker_draws_the_engine_s_turn_plan(page: Any, site_server: str, lang: str) -> None:
    page.goto(f"{site_server}{prefix(lang)}mtg/end-of-match/#scenario={quote(json.dumps(SCENARIO))}")
    page.wait_for_selector("[data-ruling][data-state=ready]", timeout=60_000)
    ruling = judge(SCENARIO, lang)
    assert [t["extra"] for t in ruling["turns"]] == [False, False, True, False]
    check_plan(page, "[data-ruling]", lang, ruling["turns"], ended=3)
    assert page.traffic.console_errors == []


@pytest.mark.parametrize("lang", ["fr", "pt"])
def test_a_training_answer_draws_the_turn_plan(page: Any, site_server: str, lang: str) -> None:
    asked = question(5, lang, "turns", "mtg")
    page.goto(f"{site_server}{prefix(lang)}training/#q=5&level=turns&game=mtg")
    page.locator(".training-choice").first.click()
    page.wait_for_selector(".training-feedback .turn-plan", timeout=60_000)
    game = asked["scenario"].get("current_game") or {}
    ended = game.get("during_turn") if game.get("winner") else None
    check_plan(page, ".training-feedback", lang, asked["ruling"]["turns"], ended)
    # The answer's ruling opens, after the verdict, with what to do now.
    assert page.locator(".training-feedback > .training-verdict + .ruling-summary").inner_text() == asked["ruling"]["summary"]
    assert page.traffic.console_errors == []


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_ocg_s_three_additional_turns_are_numbered_as_additional_turns(page: Any, site_server: str, lang: str) -> None:
    """Konami Japan's OCG rules: the turn in progress, then a fixed count of additional turns (the ruling's
    additional_turns), numbered 1 to 3, never the open-ended "turn by turn" of Policy v2.3."""
    scenario = {"version": 1, "game": "yugioh", "region": "japan", "round": "swiss", "games_won": [1, 0],
                "time_called": "during-game", "active_player": "A"}
    expected = judge(json.loads(json.dumps(scenario)), lang)
    assert expected["additional_turns"] == len(expected["turns"]) - 1 == 3
    page.goto(f"{site_server}{prefix(lang)}yugioh/end-of-match/#scenario={quote(json.dumps(scenario))}")
    page.wait_for_selector("[data-ruling][data-state=ready]", timeout=60_000)
    numbers = page.eval_on_selector_all("[data-ruling] .turn-plan li .checker-turn-number", "xs => xs.map((x) => x.textContent)")
    assert numbers == [text(lang, "Turn in progress")] + [
        text(lang, "Additional turn {number}", number=turn["number"]) for turn in expected["turns"][1:]]
