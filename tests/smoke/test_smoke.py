"""What a player with an iPhone (WebKit) or a judge with Firefox does, in that engine.

The engine is never mocked: every ruling, tracker state and question comes from the site's
own Pyodide and is compared with rules_engine under CPython. Text is read with textContent
(the widget uses content-visibility: auto; Firefox's innerText is empty off-screen).
"""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from typing import Any
from urllib.parse import quote

import pytest

from rules_engine import judge
from rules_engine.contract.fields import form_fields
from rules_engine.editions import newest
from rules_engine.rule_ids import PAGES
from rules_engine.training.questions import question
from tests.site.sitebuild import prefix

pytestmark = pytest.mark.smoke

SCENARIOS: dict[str, dict[str, Any]] = {
    "mtg": {"version": 1, "game": "mtg", "round": "single-elimination", "games_won": [1, 1],
            "time_called": "during-game", "active_player": "A", "current_game": {"life": [7, 12]}},
    "grand-archive": {"version": 1, "game": "grand-archive", "round": "swiss", "games_won": [0, 0],
                      "time_called": "during-game", "active_player": "A", "clock_expired_during_turn": 2,
                      "current_game": {"winner": None}},
    "yugioh": {"version": 1, "game": "yugioh", "edition": "2.3", "round": "single-elimination", "games_won": [1, 1],
               "time_called": "between-games", "side_deck_accessed": True},
    # A link made before the form asked for the edition: ruled under the newest, the facts it does
    # not use (whose turn it was, the Life Points) set aside.
    "yugioh-unnamed": {"version": 1, "game": "yugioh", "round": "swiss", "games_won": [1, 0],
                       "time_called": "during-game", "active_player": "A", "current_game": {"life": [8000, 4000]}},
}
# The checker page holds every game's form: the links are followed on it, one after the other, as a
# reader opens a new link in the same tab (its fragment changes: one page, one engine start). The
# other languages are those of the other tests (offline fr and ja, tracker pt, exam fr, training ja).
CHECKER_LANG = "en"
FOLLOWED = ["mtg", "grand-archive", "yugioh", "yugioh-unnamed"]

RULING = "document.querySelector('[data-ruling]')"
SETTLED = f"['ready', 'error'].includes({RULING}?.dataset.state) && {RULING}.dataset.state"


def ruled_as(scenario: dict[str, Any]) -> dict[str, Any]:
    """What the checker rules: a link naming no edition, without the facts the newest does not ask for."""
    if "edition" in scenario or "event_date" in scenario:
        return scenario
    edition = newest(scenario["game"]).id
    when = {f["path"]: f["when"].get("edition", [edition]) for f in form_fields(scenario["game"], "en")}
    return {k: v for k, v in scenario.items() if edition in when.get(f"/{k}", [edition])}


def share_link(base: str, lang: str, game: str, scenario: dict[str, Any]) -> str:
    return f"{base}{prefix(lang)}{PAGES[game]}/#scenario={quote(json.dumps(scenario))}"


def shown_ruling(engine: Any, timeout_s: float = 90, after: str | None = None) -> dict[str, Any]:
    """The ruling shown once the page has settled (on a new scenario, when ``after`` was the last one)."""
    changed = "" if after is None else f" && {RULING}.dataset.scenario !== {json.dumps(after)}"
    state = engine.wait_for(f"({SETTLED}){changed} && {RULING}.dataset.state", timeout_s)
    ruling = engine.evaluate(f"({{...{RULING}.dataset, text: {RULING}.textContent}})")
    assert state == "ready", ruling["text"][:500]
    return ruling


def assert_same_ruling(ruling: dict[str, Any], scenario: dict[str, Any], lang: str) -> None:
    expected = judge(scenario, lang)
    assert ruling["matchResult"] == expected["match"]["result"]
    assert ruling["additionalTurns"] == str(expected["additional_turns"])
    assert json.loads(ruling["scenario"]) == scenario
    for step in expected["explanation"]:
        assert step["text"] in ruling["text"]


def test_share_links_and_the_form_rule_as_the_command_line(engine: Any, site_server: str) -> None:
    lang, first = CHECKER_LANG, SCENARIOS["mtg"]
    engine.goto(f"{site_server}{prefix(lang)}checker/#scenario={quote(json.dumps(first))}")
    assert engine.evaluate("document.documentElement.lang") == lang
    ruling = shown_ruling(engine)
    assert_same_ruling(ruling, first, lang)

    # The form: a life total changed and submitted, ruled again.
    life = '.checker-form[data-game=mtg] [data-path="/current_game/life"] input'
    engine.evaluate(f"""(() => {{
      const inputs = document.querySelectorAll('{life}');
      inputs[0].value = '15';
      inputs[0].dispatchEvent(new Event('input', {{bubbles: true}}));
      return inputs.length;
    }})()""")
    # The button's own click (the sticky bar's position differs between engines and scrolls).
    engine.evaluate("document.querySelector('.checker-form[data-game=mtg] .checker-submit').click()")
    ruling = shown_ruling(engine, after=ruling["scenario"])
    submitted = json.loads(ruling["scenario"])  # the form writes its defaults out (best_of…)
    assert submitted == submitted | first | {"current_game": {"life": [15, 12]}}
    assert_same_ruling(ruling, submitted, lang)

    # Each game's link, then a link made before the form asked for Yu-Gi-Oh!'s edition.
    for name in FOLLOWED[1:]:
        scenario = SCENARIOS[name]
        engine.evaluate(f"(() => {{ location.hash = {json.dumps('#scenario=' + quote(json.dumps(scenario)))}; return 1; }})()")
        ruling = shown_ruling(engine, after=ruling["scenario"])
        assert_same_ruling(ruling, ruled_as(scenario), lang)
        if ruled_as(scenario) != scenario:
            assert judge(ruled_as(scenario), lang)["edition"]["id"] == newest(scenario["game"]).id
            assert engine.evaluate("document.querySelectorAll('[data-ruling] .checker-set-aside').length") == 1


def gone(url: str) -> bool:
    try:
        urllib.request.urlopen(url, timeout=3)
    except (urllib.error.URLError, ConnectionError, TimeoutError):
        return True
    return False


def test_after_one_visit_another_page_rules_with_no_network(engine: Any, own_server: Any) -> None:
    base = own_server.url
    engine.goto(f"{base}fr/{PAGES['mtg']}/")
    engine.wait_for("document.documentElement.dataset.offline === 'ready'", 180)
    own_server.stop()
    assert gone(base)
    scenario = SCENARIOS["yugioh"]
    engine.goto(share_link(base, "ja", "yugioh", scenario))
    assert_same_ruling(shown_ruling(engine), scenario, "ja")
    # With the server gone, only the service worker's own update check may fail (as in Chromium).
    errors = engine.console_errors()
    assert all("A ServiceWorker intercepted the request" in error for error in errors), errors


TRACKER_READY = ("document.querySelector('.tracker-board')?.dataset.state === 'ready' && "
                 "document.querySelectorAll('.tracker-tap-list li').length")


def test_the_tracker_records_a_tap_and_keeps_it_after_a_reload(engine: Any, site_server: str) -> None:
    # The device's storage emptied from a page that starts no engine, then the tracker opened.
    engine.goto(f"{site_server}pt/glossary/")
    engine.evaluate("localStorage.clear()")
    engine.goto(f"{site_server}pt/tracker/")
    # The round, the games in the match, the games won and whose turn are asked, never pre-filled: one tap each.
    engine.evaluate("""(() => {
      ['A', 'B'].forEach((side) => document.querySelector(`input[name="tracker-wins-${side}"][value="0"]`).click());
      document.querySelector('input[name="tracker-round"][value="swiss"]').click();
      document.querySelector('input[name="tracker-best-of"][value="3"]').click();
      document.querySelector('input[name="tracker-active"][value="A"]').click();
      return true;
    })()""")
    engine.click('button[data-start="plain"]')
    assert engine.wait_for(TRACKER_READY) == 1
    turn_zero = engine.evaluate("document.querySelector('.tracker-turn').textContent")
    engine.click('.tracker-actions [data-action="next-turn"]')
    engine.wait_for(f"({TRACKER_READY}) === 2")
    turn_one = engine.evaluate("document.querySelector('.tracker-turn').textContent")
    assert turn_one != turn_zero
    engine.reload()
    assert engine.wait_for(TRACKER_READY) == 2
    assert engine.evaluate("document.querySelector('.tracker-turn').textContent") == turn_one


def test_a_training_question_can_be_answered(engine: Any, site_server: str) -> None:
    seed, level, game = 7, "result", "yugioh"
    engine.goto(f"{site_server}ja/training/#q={seed}&level={level}&game={game}")
    engine.wait_for("document.querySelector('[data-question]')?.dataset.state === 'asked'", 90)
    expected = question(seed, "ja", level, game)
    assert engine.evaluate("document.querySelector('.training-prompt').textContent") == expected["prompt"]
    engine.click(f'.training-choice[data-id="{expected["answer"]}"]')
    engine.wait_for("document.querySelector('[data-question]').dataset.state === 'answered'")
    assert engine.evaluate("document.querySelector('[data-question]').dataset.result") == "right"


EXAM = "document.querySelector('[data-exam]')"


def test_an_exam_from_its_code_to_its_score_resumes_after_a_reload(engine: Any, site_server: str) -> None:
    from rules_engine.training.exam import exam, new_code

    code = new_code(["mtg", "yugioh"], ["result", "tiebreak"], 10, 31)
    expected = exam(code, "fr")
    engine.goto(f"{site_server}fr/glossary/")
    engine.evaluate("localStorage.removeItem('end-of-match:training:exam-run:v1')")
    engine.goto(f"{site_server}fr/training/#exam={code}")
    assert engine.wait_for(f"{EXAM}.dataset.state === 'question' && {EXAM}.dataset.index", 90) == "1"
    assert engine.evaluate("document.querySelector('.exam-stage .training-prompt').textContent") == \
        expected["questions"][0]["prompt"]
    for i, q in enumerate(expected["questions"], start=1):
        engine.wait_for(f"{EXAM}.dataset.index === '{i}'")
        option = q["answer"] if i != 2 else (q["answer"] + 1) % len(q["options"])
        engine.click(f'.exam-stage .training-choice[data-index="{option}"]')
        engine.wait_for(f"document.querySelector('.exam-stage .training-choice[data-index=\"{option}\"]')"
                        ".getAttribute('aria-pressed') === 'true'")
        if i == 3:  # the exam in progress survives a reload
            engine.reload()
            engine.wait_for(f"{EXAM}.dataset.state === 'question' && {EXAM}.dataset.index === '3'", 90)
        if i == 10:
            kept = engine.evaluate("localStorage.getItem('end-of-match:training:exam-run:v1')")
            assert None not in json.loads(kept)["answers"], kept
        engine.click(".exam-nav [data-action=next]" if i < 10 else ".exam-nav [data-action=finish]")
    assert engine.wait_for(f"{EXAM}.dataset.state === 'review' && {EXAM}.dataset.score") == "9"


def test_a_lorcana_procedure_in_japan_asks_the_lore_when_its_turn_is_over(engine: Any, site_server: str) -> None:
    # Disney Lorcana: the region picks the edition list (Takara Tomy's for Japan: one turn after turn 0); the games
    # won are asked empty; single elimination with equal game wins asks the lore when the turns are over.
    from rules_engine.editions import newest as newest_of
    from rules_engine.trackers.turns import track

    engine.goto(f"{site_server}ja/glossary/")
    engine.evaluate("localStorage.clear()")
    engine.goto(f"{site_server}ja/tracker/")
    engine.wait_for("!!document.querySelector('input[name=\"tracker-game\"][value=\"lorcana\"]')")
    edition = engine.evaluate("""(() => {
      const pick = (name, value) => document.querySelector(`input[name="${name}"][value="${value}"]`).click();
      pick('tracker-game', 'lorcana');
      pick('tracker-region', 'japan');
      pick('tracker-round', 'single-elimination');
      pick('tracker-best-of', '3');
      for (const side of ['A', 'B']) pick(`tracker-wins-${side}`, '1');  // one tap each, never pre-filled
      pick('tracker-active', 'A');
      return document.querySelector('select[name="tracker-lorcana-edition"]').value;
    })()""")
    assert edition == newest_of("lorcana", "japan").id
    engine.click('button[data-start="plain"]')
    assert engine.wait_for(TRACKER_READY) == 1
    for taps in (2, 3):
        # A button that ends a turn takes no second tap for a moment (a double tap is not two turns).
        engine.wait_for("!document.querySelector('.tracker-actions [data-action=\"next-turn\"]').disabled")
        engine.click('.tracker-actions [data-action="next-turn"]')
        engine.wait_for(f"({TRACKER_READY}) === {taps}")
    engine.wait_for("!document.querySelector('[data-panel=\"lore\"]').hidden")
    engine.evaluate("""(() => {
      for (const [side, lore] of [['A', '6'], ['B', '6']]) {
        document.querySelector(`input[name="tracker-lore-${side}"]`).value = lore;
      }
      document.querySelector('[data-panel="lore"] button[type=submit]').click();
      return 1;
    })()""")
    engine.wait_for("document.querySelector('.tracker-board').dataset.finished === 'true'")
    events = json.loads(engine.evaluate("localStorage.getItem('end-of-match:tracker:events:v1')"))
    state = track(events, "ja")
    assert state["finished"] and events[-1]["lore"] == [6, 6]
    assert engine.evaluate("document.querySelector('.tracker-outcome').textContent") == state["outcome"]


def test_a_lorcana_exam_is_scored(engine: Any, site_server: str) -> None:
    from rules_engine.training.exam import exam, new_code

    code = new_code(["lorcana"], ["turns", "result", "tiebreak"], 10, 77)
    expected = exam(code, "en")
    engine.goto(f"{site_server}glossary/")
    engine.evaluate("localStorage.removeItem('end-of-match:training:exam-run:v1')")
    engine.goto(f"{site_server}training/#exam={code}")
    assert engine.wait_for(f"{EXAM}.dataset.state === 'question' && {EXAM}.dataset.index", 90) == "1"
    for i, q in enumerate(expected["questions"], start=1):
        engine.wait_for(f"{EXAM}.dataset.index === '{i}'")
        assert engine.evaluate("document.querySelector('.exam-stage .training-prompt').textContent") == q["prompt"]
        option = q["answer"] if i % 5 else (q["answer"] + 1) % len(q["options"])
        engine.click(f'.exam-stage .training-choice[data-index="{option}"]')
        engine.wait_for(f"document.querySelector('.exam-stage .training-choice[data-index=\"{option}\"]')"
                        ".getAttribute('aria-pressed') === 'true'")
        engine.click(".exam-nav [data-action=next]" if i < 10 else ".exam-nav [data-action=finish]")
    assert engine.wait_for(f"{EXAM}.dataset.state === 'review' && {EXAM}.dataset.score") == "8"
