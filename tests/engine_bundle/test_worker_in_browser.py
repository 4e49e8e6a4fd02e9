"""The engine in Chromium: module worker + bundled Pyodide + window.rulesChecker (DESIGN §3.4, §4).

Served by a local threaded http.server (conftest.py), the site under a sub-path. The answers
must equal CPython's rules_engine for the same scenario and language.
"""

from __future__ import annotations

import json
import time
from typing import Any

import pytest

import rules_engine

# One test process builds this bundle and runs these tests (make run-chromium: --dist loadgroup).
pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("engine_bundle")]

SCENARIOS: list[dict[str, Any]] = [
    {"game": "mtg", "round": "swiss", "games_won": [1, 0], "time_called": "during-game", "active_player": "A"},
    {"game": "mtg", "round": "single-elimination", "games_won": [1, 1], "time_called": "during-game",
     "active_player": "A", "current_game": {"life": [7, 12]}},
    {"game": "grand-archive", "round": "swiss", "games_won": [0, 0], "time_called": "during-game",
     "active_player": "A", "clock_expired_during_turn": 2, "current_game": {"winner": None}},
    {"game": "yugioh", "edition": "2.3", "round": "swiss", "games_won": [0, 0], "time_called": "during-game", "active_player": "A",
     "current_game": {"life": [8000, 7000]}},
]
REFUSED = {"game": "yugioh", "edition": "2.3", "round": "swiss", "games_won": [0, 0], "time_called": "during-game",
           "active_player": "A", "best_of": True, "current_game": {"life": [8000, 7000]}}

JUDGE = """async ([scenario, lang]) => {
  try { return {ruling: await window.rulesChecker.judge(scenario, lang)}; }
  catch (error) { return {rejected: error}; }
}"""
READY = """async () => {
  try { await window.rulesChecker.ready; } catch (error) { return {rejected: error, state: rulesChecker.state}; }
  return {state: rulesChecker.state, timings: rulesChecker.timings};
}"""


def cpython(scenario: Any, lang: str) -> dict[str, Any]:
    return json.loads(rules_engine.judge_json(json.dumps(scenario), lang))


def test_rulings_in_the_browser_equal_cpython(context: Any, server: str) -> None:
    page = context.new_page()
    page.goto(f"{server}/sub/path/ja/mtg/")
    assert page.evaluate(READY)["state"] == "ready"
    for scenario in SCENARIOS:
        for lang in ("ja", "en"):
            got = page.evaluate(JUDGE, [scenario, lang])
            assert "ruling" in got, got
            assert got["ruling"] == cpython(scenario, lang)["ruling"] == rules_engine.judge(scenario, lang)
    assert context.errors == []


# Disney Lorcana and the regions (Takara Tomy's rules; Konami Japan's OCG rules), in the four languages: one
# scenario of each edition family and each way the match is decided (the YAML cases hold the rest in CPython).
REGIONAL: list[dict[str, Any]] = [
    {"game": "lorcana", "round": "swiss", "games_won": [1, 0], "time_called": "during-game", "active_player": "A"},
    {"game": "lorcana", "round": "single-elimination", "games_won": [1, 1], "time_called": "during-game",
     "active_player": "B", "additional_turns_played": True, "current_game": {"lore": [15, 12]}},
    {"game": "lorcana", "round": "single-elimination", "games_won": [1, 0], "time_called": "during-game",
     "active_player": "A", "slow_play_penalties": [{"player": "B"}]},
    {"game": "lorcana", "edition": "2024-05-22", "round": "swiss", "best_of": 2, "games_won": [0, 1],
     "time_called": "during-game", "active_player": "A", "current_game": {"winner": "A", "during_turn": 2}},
    {"game": "lorcana", "event_date": "2023-12-01", "round": "single-elimination", "games_won": [0, 0],
     "time_called": "during-game", "active_player": "A", "current_game": {"lore": [7, 7]}},
    {"game": "lorcana", "region": "japan", "round": "single-elimination", "games_won": [1, 1],
     "time_called": "during-game", "active_player": "B", "slow_play_penalties": [{"player": "A"}]},
    {"game": "lorcana", "region": "japan", "round": "swiss", "best_of": 1, "games_won": [0, 0],
     "time_called": "during-game", "active_player": "A", "additional_turns_played": True},
    {"game": "yugioh", "region": "japan", "round": "single-elimination", "games_won": [1, 1],
     "time_called": "between-games", "tiebreak_game": {"first_player": "B", "life": [6000, 3000]}},
    {"game": "yugioh", "region": "japan", "round": "swiss", "games_won": [1, 0], "time_called": "during-game",
     "active_player": "A", "current_game": {"life": [2000, 2000]}},
]


def test_lorcana_and_regional_rulings_in_the_browser_equal_cpython_in_every_language(context: Any, server: str) -> None:
    page = context.new_page()
    page.goto(f"{server}/sub/path/ja/mtg/")
    assert page.evaluate(READY)["state"] == "ready"
    for scenario in REGIONAL:
        for lang in rules_engine.LANGUAGES:
            got = page.evaluate(JUDGE, [scenario, lang])
            assert "ruling" in got, (scenario, lang, got)
            assert got["ruling"] == cpython(scenario, lang)["ruling"], (scenario, lang)
    refused = page.evaluate(JUDGE, [{"game": "lorcana", "region": "korea", "round": "swiss", "games_won": [0, 0],
                                     "time_called": "between-games", "games_drawn": 1}, "pt"])
    assert refused["rejected"]["code"] == "invalid-value" and refused["rejected"]["field"] == "/region"
    assert context.errors == []


def test_a_refused_scenario_rejects_with_the_bare_error(context: Any, server: str) -> None:
    page = context.new_page()
    page.goto(f"{server}/sub/path/")
    for lang in ("ja", "fr"):
        got = page.evaluate(JUDGE, [REFUSED, lang])
        assert got == {"rejected": cpython(REFUSED, lang)["error"]}
        assert set(got["rejected"]) == {"code", "field", "message"}
        assert got["rejected"]["code"] == "wrong-type" and got["rejected"]["field"] == "/best_of"
    # JSON text is passed through as is: the engine's own invalid-json refusal.
    assert page.evaluate(JUDGE, ["{not json", "en"])["rejected"]["code"] == "invalid-json"
    # A language the engine does not know is a programming error, not a ruling.
    assert page.evaluate(JUDGE, [SCENARIOS[0], "de"])["rejected"]["code"] == "engine-error"


def test_starts_at_idle_on_a_checker_page_and_on_demand_elsewhere(context: Any, server: str) -> None:
    page = context.new_page()
    page.goto(f"{server}/sub/path/")
    page.wait_for_function("window.rulesChecker && rulesChecker.state === 'ready'", timeout=20000)
    manual = context.new_page()
    manual.goto(f"{server}/sub/path/manual.html")
    manual.wait_for_load_state("load")
    time.sleep(2.5)  # past the idle callback's 2 s timeout: nothing started
    assert manual.evaluate("rulesChecker.state") == "idle"
    got = manual.evaluate(JUDGE, [SCENARIOS[0], None])  # lang: the page's <html lang="fr">
    assert got["ruling"] == cpython(SCENARIOS[0], "fr")["ruling"]
    assert manual.evaluate("rulesChecker.state") == "ready"
    # The zip URL on the widget's element instead of a meta: starts at idle too.
    widget = context.new_page()
    widget.goto(f"{server}/sub/path/widget.html")
    widget.wait_for_function("window.rulesChecker && rulesChecker.state === 'ready'", timeout=20000)
    assert widget.evaluate(JUDGE, [SCENARIOS[3], "pt"])["ruling"] == cpython(SCENARIOS[3], "pt")["ruling"]


def test_missing_pyodide_files_reject_with_engine_unavailable(context: Any, server: str) -> None:
    page = context.new_page()
    page.goto(f"{server}/broken/")
    began = time.monotonic()
    got = page.evaluate(JUDGE, [SCENARIOS[0], "ja"])
    assert time.monotonic() - began < 15
    assert got["rejected"]["code"] == "engine-unavailable"
    assert got["rejected"]["field"] == "" and got["rejected"]["message"]
    assert page.evaluate(READY)["state"] == "unavailable"
    # Later calls fail at once, with the same error.
    assert page.evaluate(JUDGE, [SCENARIOS[0], "ja"]) == got


def test_a_wasm_served_with_the_wrong_type_is_time_boxed(context: Any, server: str) -> None:
    """loadPyodide never settles when the wasm is not application/wasm (DESIGN §5): the time box
    ends it (15 s on the site; 2 s here through window.rulesEngineStartTimeoutMs)."""
    context.add_init_script("window.rulesEngineStartTimeoutMs = 2000;")
    page = context.new_page()
    page.goto(f"{server}/badmime/")
    began = time.monotonic()
    got = page.evaluate(JUDGE, [SCENARIOS[0], "ja"])
    elapsed = time.monotonic() - began
    assert got["rejected"]["code"] == "engine-unavailable", got
    assert "no progress for 2 s" in got["rejected"]["message"]
    assert 1.5 < elapsed < 8
    assert page.evaluate("rulesChecker.state") == "unavailable"
    # start() after a failure tries again (and is time-boxed again).
    assert page.evaluate("""async () => {
      try { await rulesChecker.start({timeoutMs: 1500}); return rulesChecker.state; }
      catch (error) { return error.code + " " + rulesChecker.state; }
    }""") == "engine-unavailable unavailable"


def test_the_first_ruling_fetches_the_first_zip_and_its_language_only(context: Any, server: str) -> None:
    """A share link downloads the first zip and its page's catalog; training code and another
    language's catalog come when a call first needs them, and give CPython's answers."""
    seen: list[str] = []
    context.on("request", lambda request: seen.append(request.url.split("/")[-1]))
    page = context.new_page()
    page.goto(f"{server}/sub/path/")  # <html lang="ja">
    got = page.evaluate(JUDGE, [SCENARIOS[1], "ja"])
    assert got["ruling"] == rules_engine.judge(SCENARIOS[1], "ja")
    engine = [name for name in seen if name.startswith("engine-")]
    first = min(engine, key=len)
    assert sorted(engine) == sorted([first, first.replace(".zip", "-ja.zip")])
    question = page.evaluate("""async () => await window.rulesChecker.question({seed: 7}, "pt")""")
    assert question == json.loads(rules_engine.question_json(json.dumps({"seed": 7}), "pt"))["question"]
    later = {name for name in seen if name.startswith("engine-")} - set(engine)
    assert later == {first.replace(".zip", f"-{part}.zip") for part in ("more", "pt")}
