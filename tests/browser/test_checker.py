"""The checker in Chromium, with the engine really running in the site's own Pyodide.

Never mocked: every ruling shown here comes from rules_engine inside the bundled Pyodide,
and is compared with the same engine under CPython.
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import quote, unquote

import pytest

from rules_engine import ScenarioError, edition_json, judge
from rules_engine.contract.fields import form_fields
from rules_engine.editions import edition_choice, newest
from rules_engine.rule_ids import PAGES
from tests.site.sitebuild import LANGUAGES, prefix
from tests.test_cases import load_cases

pytestmark = pytest.mark.browser

READY = "window.rulesChecker && window.rulesChecker.state === 'ready'"
RULED = "[data-ruling][data-state=ready], [data-ruling][data-state=error]"


def cpython(scenario: Any, lang: str) -> dict[str, Any]:
    try:
        return {"ruling": judge(json.loads(json.dumps(scenario)), lang)}
    except ScenarioError as error:
        return {"error": error.as_dict()}


def open_checker(page: Any, base: str, lang: str, game: str = "mtg", fragment: str = "") -> None:
    page.goto(f"{base}{prefix(lang)}{PAGES[game]}/{fragment}")
    page.wait_for_function(READY, timeout=30_000)


def test_every_case_gives_the_same_json_in_the_browser(page: Any, site_server: str) -> None:
    # One engine, every language: the page's language is only the default of judge()'s.
    scenarios = [case["scenario"] for case in load_cases()]
    open_checker(page, site_server, "pt")
    for lang in LANGUAGES:
        answers = page.evaluate(
            """async ([texts, lang]) => Promise.all(texts.map((text) => window.rulesChecker.judge(text, lang)
                 .then((ruling) => ({ruling}), (error) => ({error})))) """,
            [[json.dumps(s) for s in scenarios], lang])
        assert len(answers) == len(scenarios) > 100
        for scenario, answer in zip(scenarios, answers):
            assert answer == cpython(scenario, lang), (lang, scenario)


def label(lang: str, game: str, path: str, value: Any = ...) -> str:
    field = next(f for f in form_fields(game, lang) if f["path"] == path)
    if value is ...:
        return field["label"]
    return next(c["label"] for c in field["choices"] if c["value"] == value)


def set_wins(form: Any, a: int, b: int) -> None:
    """Each side's games won, one tap each (the form's one-tap choices)."""
    for side, wins in enumerate((a, b)):
        form.locator('[data-path="/games_won"] .checker-pair-side').nth(side).locator(
            f'label:has(> input[value="{wins}"])').click()


def set_round(form: Any, lang: str, game: str = "mtg", value: str = "swiss") -> None:
    """The round, one tap (the form chooses none: a fact the ruling rests on is the judge's to give)."""
    form.locator('[data-path="/round"]').get_by_text(label(lang, game, "/round", value), exact=True).click()


def set_active(form: Any, player: str = "A") -> None:
    """Whose turn it is, one tap (the form chooses nobody)."""
    form.locator('[data-path="/active_player"]').get_by_text(player, exact=True).click()


def wins_checked(form: Any) -> list[str | None]:
    """The games won each side shows chosen ("" for none)."""
    return form.locator('[data-path="/games_won"] .checker-pair-side').evaluate_all(
        "(sides) => sides.map((s) => s.querySelector('input:checked')?.value ?? '')")


def site_string(lang: str, msgid: str) -> str:
    import sys
    from pathlib import Path
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "overrides" / "hooks"))
    import site_catalog
    return site_catalog.translations(lang).gettext(msgid)


# Two languages (a Latin script and Japanese): the form's words in every language are the
# engine's own (tests/engine/test_registry_and_fields.py), the same code draws them all.
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_person_fills_the_form_follows_a_citation_and_comes_back(page: Any, site_server: str, lang: str) -> None:
    page.set_viewport_size({"width": 360, "height": 740})  # a phone
    open_checker(page, site_server, lang)
    form = page.locator(".checker-form[data-game=mtg]")
    form.get_by_text(label(lang, "mtg", "/round", "single-elimination"), exact=True).click()
    set_wins(form, 1, 1)
    form.locator('[data-path="/active_player"]').get_by_text("B", exact=True).click()
    life = form.locator('[data-path="/current_game/life"] input')
    life.nth(0).fill("7")
    life.nth(1).fill("12")
    form.get_by_role("button", name=site_string(lang, "Rule"), exact=True).click()
    page.wait_for_selector("[data-ruling][data-state=ready]")

    expected = judge({"game": "mtg", "round": "single-elimination", "games_won": [1, 1],
                      "time_called": "during-game", "active_player": "B",
                      "current_game": {"life": [7, 12]}}, lang)
    ruling = page.locator("[data-ruling]")
    assert ruling.get_attribute("data-match-result") == expected["match"]["result"] == "B"
    assert ruling.get_attribute("data-current-game-result") == "B"
    assert ruling.get_attribute("data-additional-turns") == "5"
    # What to do now comes first: the ruling's first line is the engine's summary, on the phone's
    # first screen once the ruling has scrolled into view, under the header, not covered.
    first = ruling.locator(":scope > *").first
    assert first.get_attribute("class") == "ruling-summary"
    assert first.inner_text() == expected["summary"] and expected["summary"].startswith("B ")
    assert page.evaluate("""(line) => {
      const box = line.getBoundingClientRect();
      const x = box.left + box.width / 2, y = box.top + Math.min(box.height / 2, 12);
      return box.top >= 0 && box.bottom <= innerHeight && line.contains(document.elementFromPoint(x, y));
    }""", first.element_handle())
    shown = ruling.inner_text()
    for step in expected["explanation"]:
        assert step["text"] in shown
    # Each citation shows the paragraph's title in the reader's language; the id is the anchor.
    cites = page.eval_on_selector_all("[data-ruling] a.checker-cite",
                                      "links => links.map((a) => [a.dataset.rule, a.textContent, a.hash])")
    assert cites == [[s["rule"], f"§ {s['title']}", f"#{s['rule']}"] for s in expected["explanation"]]
    assert all(s["title"] != s["rule"] for s in expected["explanation"])
    assert json.loads(ruling.get_attribute("data-scenario"))["current_game"] == {"life": [7, 12]}
    assert "#scenario=" in page.url

    before = ruling.inner_html()
    page.locator('.checker-cite[data-rule="mtg-highest-life"]').click()
    page.wait_for_url("**#mtg-highest-life")
    assert page.locator("#mtg-highest-life").is_visible()
    assert page.evaluate("document.getElementById('mtg-highest-life').getBoundingClientRect().top") < 400
    page.go_back()
    page.wait_for_function("location.hash.startsWith('#scenario=')")
    assert ruling.inner_html() == before
    assert wins_checked(form) == ["1", "1"] and life.nth(1).input_value() == "12"
    assert page.traffic.console_errors == []
    assert all(url.startswith(site_server) for url in page.traffic.requests), page.traffic.requests


@pytest.mark.parametrize("game, scenario", [
    ("grand-archive", {"version": 1, "game": "grand-archive", "round": "single-elimination", "games_won": [1, 1],
                       "time_called": "during-game", "active_player": "A", "clock_expired_during_turn": 2,
                       "current_game": {"champion_life": [30, 25], "damage": [10, 4]}}),
    ("yugioh", {"version": 1, "game": "yugioh", "edition": "2.3", "round": "single-elimination", "games_won": [1, 1],
                "time_called": "between-games", "side_deck_accessed": True}),
])
def test_a_share_link_shows_its_ruling_at_once_and_fills_the_form(page: Any, site_server: str, game: str,
                                                                   scenario: dict[str, Any]) -> None:
    page.goto(f"{site_server}pt/{PAGES[game]}/#scenario={quote(json.dumps(scenario))}")
    page.wait_for_selector("[data-ruling][data-state=ready]", timeout=30_000)
    expected = judge(scenario, "pt")
    ruling = page.locator("[data-ruling]")
    assert ruling.get_attribute("data-match-result") == expected["match"]["result"]
    assert json.loads(ruling.get_attribute("data-scenario")) == scenario
    round_input = page.locator(f'.checker-form[data-game={game}] [data-path="/round"] input:checked')
    assert round_input.get_attribute("value") == "single-elimination"
    for step in expected["explanation"]:
        assert step["text"] in ruling.inner_text()
    # The worker was started by the inline script at the top of <head> and the client took
    # it over: one worker, not two.
    assert [w.url.rsplit("/", 1)[1] for w in page.workers].count("worker.mjs") == 1
    assert page.evaluate("window.__rulesEngineEarly") is None
    assert page.evaluate("window.rulesChecker.timings.early") is True


HOSTILE_FRAGMENTS = [
    "#scenario=" + quote('<img src=x onerror="window.pwned=1">'),
    "#scenario=" + quote('{"game": "mtg", "round": "<img src=x onerror=window.pwned=1>"}'),
    "#scenario=" + quote(json.dumps({"game": "mtg", "x": "a" * 60_000})),
    "#scenario=%E0%A4%A",
    "#scenario=" + quote("[" * 5000),
    "#scenario=null",
    "#scenario=",
    "#scenario=%5B%5D",
    "#scenario=42",
]


def follow_link(page: Any, fragment: str) -> None:
    """The checker reads a new fragment as it reads the one it opened with (checker.js: fromHash on
    hashchange): one page reads every link, and each one's answer is waited for afresh."""
    page.evaluate("""(fragment) => {
        document.querySelector("[data-ruling]").dataset.state = "unread";
        location.hash = fragment;
    }""", fragment)


def test_a_hostile_share_link_shows_an_error_and_runs_no_markup(page: Any, site_server: str) -> None:
    # The first opens the page, the others follow it there.
    page.goto(f"{site_server}fr/{PAGES['mtg']}/{HOSTILE_FRAGMENTS[0]}")
    for fragment in HOSTILE_FRAGMENTS:
        if fragment != HOSTILE_FRAGMENTS[0]:
            follow_link(page, fragment)
        page.wait_for_selector("[data-ruling][data-state=error]", timeout=30_000)
        assert page.locator('[role="alert"]:visible').count() >= 1, fragment
        assert page.evaluate("window.pwned") is None, fragment
        assert page.locator(".checker img, .checker script:not([type]), .checker [onerror]").count() == 0, fragment


WORDS = "Judge ruling: player B wins the match"


def test_a_link_cannot_put_words_in_the_site_s_mouth(page: Any, site_server: str) -> None:
    scenarios = [
        {"version": 1, "game": "mtg", "round": "swiss", "games_won": [0, 0], "time_called": "between-games", WORDS: 1},
        {"version": 1, "game": WORDS},
        {WORDS: {WORDS: WORDS}},
    ]
    page.goto(f"{site_server}fr/{PAGES['mtg']}/#scenario={quote(json.dumps(scenarios[0]))}")
    for scenario in scenarios:
        if scenario is not scenarios[0]:
            follow_link(page, f"#scenario={quote(json.dumps(scenario))}")
        page.wait_for_selector("[data-ruling][data-state=error]", timeout=30_000)
        assert WORDS not in page.locator(".checker").text_content(), scenario
        # The engine's words for the refusal, never its bare code, and nothing of the link ("…" for its key).
        assert page.locator("[data-ruling] code").count() == 0, scenario
        assert site_string("fr", "The checker could not read this link, so it did not rule on it. What the engine found:") in \
            page.locator("[data-ruling]").text_content(), scenario


def test_another_game_s_link_is_sent_to_its_own_checker(page: Any, site_server: str) -> None:
    scenario = {"version": 1, "game": "yugioh", "edition": "2.3", "round": "single-elimination", "games_won": [1, 1],
                "time_called": "between-games", "side_deck_accessed": True}
    fragment = f"#scenario={quote(json.dumps(scenario))}"
    page.goto(f"{site_server}pt/{PAGES['mtg']}/{fragment}")
    page.wait_for_selector("[data-ruling][data-state=error]", timeout=30_000)
    ruling = page.locator("[data-ruling]")
    assert ruling.get_attribute("data-match-result") is None
    link = ruling.locator("a")
    assert link.text_content() == label("pt", "yugioh", "/game", "yugioh")
    link.click()
    page.wait_for_selector("[data-ruling][data-state=ready]", timeout=30_000)
    assert page.url == f"{site_server}pt/{PAGES['yugioh']}/{fragment}"
    assert json.loads(page.locator("[data-ruling]").get_attribute("data-scenario")) == scenario


@pytest.mark.parametrize("lang", ["fr", "ja"])
def test_the_form_gives_the_engine_s_own_words_not_the_browser_s(page: Any, site_server: str, lang: str) -> None:
    """novalidate: a number past its bound reaches the engine, whose message is translated,
    names the field by its label and gives both bounds (a browser's bubble would do neither)."""
    page.goto(f"{site_server}{lang}/{PAGES['mtg']}/")
    page.wait_for_selector(".checker[data-engine=ready]", timeout=60_000)
    form = page.locator(".checker-form[data-game=mtg]")
    set_round(form, lang)
    set_wins(form, 0, 0)
    set_active(form)
    form.locator("details.checker-more > summary").first.click()
    form.locator('[data-path="/games_drawn"] input').fill("99")
    form.locator(".checker-submit").click()
    page.wait_for_selector("[data-ruling][data-state=error]", timeout=30_000)
    message = form.locator('[data-path="/games_drawn"] .checker-error').text_content()
    legend = form.locator('[data-path="/games_drawn"] label > span').text_content()
    with pytest.raises(ScenarioError) as refused:
        judge({"version": 1, "game": "mtg", "round": "swiss", "games_won": [0, 0], "games_drawn": 99}, lang)
    assert refused.value.field == "/games_drawn"
    # The engine's words, with the field named by its label only (the pointer is for readers away from the form).
    assert message == refused.value.message.replace(" (/games_drawn)", "").replace("（/games_drawn）", "")
    assert legend in message and refused.value.params["maximum"] in message
    assert form.evaluate("f => f.noValidate") is True

    # A label with its own parenthesis ("Time extension (minutes)"): named once, the pointer gone.
    form.locator('[data-path="/games_drawn"] input').fill("0")
    form.locator('[data-path="/time_called"]').get_by_text(label(lang, "mtg", "/time_called", "during-game"),
                                                          exact=True).click()
    form.locator('[data-path="/time_extension_minutes"] input').fill("200")
    form.locator(".checker-submit").click()
    page.wait_for_selector('[data-path="/time_extension_minutes"] .checker-error:not([hidden])', timeout=30_000)
    message = form.locator('[data-path="/time_extension_minutes"] .checker-error').text_content()
    with pytest.raises(ScenarioError) as refused:
        judge({"game": "mtg", "round": "swiss", "games_won": [0, 0], "time_called": "during-game",
               "active_player": "A", "time_extension_minutes": 200}, lang)
    unit = label(lang, "mtg", "/time_extension_minutes")
    assert message.startswith(unit) and message.count(unit) == 1, message
    assert message == refused.value.message.replace(", /time_extension_minutes)", ")").replace("、/time_extension_minutes）", "）")


def test_a_refused_scenario_puts_its_message_on_the_field(page: Any, site_server: str) -> None:
    # One life total without the other: refused on B's side of the pair.
    scenario = {"version": 1, "game": "mtg", "round": "single-elimination", "games_won": [1, 1],
                "time_called": "during-game", "active_player": "A", "current_game": {"life": [7, None]}}
    page.goto(f"{site_server}ja/{PAGES['mtg']}/#scenario={quote(json.dumps(scenario))}")
    page.wait_for_selector("[data-ruling][data-state=error]", timeout=30_000)
    error = page.locator('[data-path="/current_game/life"] .checker-error')
    expected = cpython(scenario, "ja")["error"]
    assert expected["field"] == "/current_game/life/1"
    # The engine names the field "label（/pointer）" in Japanese (full-width, no space); beside the field, the label alone.
    assert label("ja", "mtg", "/current_game/life") + "（/current_game/life/1）" in expected["message"]
    shown = expected["message"].replace("（/current_game/life/1）", "")
    assert error.is_visible() and error.inner_text() == shown
    assert error.get_attribute("role") == "alert"
    assert page.locator('[data-path="/current_game/life"] input').nth(1).get_attribute("aria-invalid") == "true"


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_share_link_without_the_score_asks_for_it_and_rules_nothing_until_it_is_given(
        page: Any, site_server: str, lang: str) -> None:
    """DESIGN §3.6: never a score the reader did not see. A link without the games won (a tracker's from
    before it asked them), or without the round, opens with those fields empty and marked, and no
    ruling until they are filled in; the form's suggestions (0–0, Swiss) are not taken for the link's."""
    scenario = {"version": 1, "game": "mtg", "time_called": "during-game", "active_player": "B"}
    page.goto(f"{site_server}{prefix(lang)}{PAGES['mtg']}/#scenario={quote(json.dumps(scenario))}")
    page.wait_for_selector("[data-ruling][data-state=error]", timeout=30_000)
    ruling = page.locator("[data-ruling]")
    assert ruling.get_attribute("data-match-result") is None
    form = page.locator(".checker-form[data-game=mtg]")
    wins = form.locator('[data-path="/games_won"] input')
    assert wins_checked(form) == ["", ""]
    assert wins.nth(0).get_attribute("aria-invalid") == "true"
    assert form.locator('[data-path="/round"] input:checked').count() == 0
    to_fill = site_string(lang, "To fill in: the share link does not give it.")
    for path in ("/games_won", "/round"):
        message = form.locator(f'[data-path="{path}"] .checker-error')
        assert message.is_visible() and message.inner_text() == to_fill
    # What the link does give is kept.
    assert form.locator('[data-path="/active_player"] input:checked').get_attribute("value") == "B"
    # The shared line at the top names what to fill in, and leads to it.
    line = page.locator(".checker-shared")
    assert line.get_attribute("data-state") == "error"
    assert label(lang, "mtg", "/games_won") in line.inner_text() and label(lang, "mtg", "/round") in line.inner_text()
    line.locator(".checker-shared-go").click()
    assert page.evaluate("document.activeElement.closest('[data-path]')?.dataset.path") in ("/round", "/games_won")
    # Filled in, the form is ruled as any other.
    form.locator('[data-path="/round"] .checker-option', has_text=label(lang, "mtg", "/round", "swiss")).click()
    set_wins(form, 1, 0)
    form.locator(".checker-submit").click()
    page.wait_for_selector("[data-ruling][data-state=ready]", timeout=30_000)
    filled = json.loads(ruling.get_attribute("data-scenario"))
    assert filled["round"] == "swiss" and filled["games_won"] == [1, 0] and filled["active_player"] == "B"
    assert ruling.get_attribute("data-match-result") == judge(filled, lang)["match"]["result"] == "A"


def test_the_all_games_checker_switches_game(page: Any, site_server: str) -> None:
    page.goto(f"{site_server}checker/")
    page.wait_for_function(READY, timeout=30_000)
    page.locator(".checker-game").get_by_text(label("en", "mtg", "/game", "yugioh"), exact=True).click()
    assert page.locator(".checker-form[data-game=yugioh]").is_visible()
    assert not page.locator(".checker-form[data-game=mtg]").is_visible()
    form = page.locator(".checker-form[data-game=yugioh]")
    ruling = page.locator("[data-ruling]")
    # The newest edition, during a Duel (the form's own choices), Swiss, 0-0: ruled with nothing more asked.
    set_round(form, "en", "yugioh")
    set_wins(form, 0, 0)
    form.get_by_role("button", name="Rule", exact=True).click()
    page.wait_for_selector("[data-ruling][data-state=ready]")
    assert ruling.get_attribute("data-match-result") == judge(json.loads(ruling.get_attribute("data-scenario")), "en")[
        "match"]["result"]
    # Under v2.3, one Duelist's Life Points without the other's: the message names the field by its
    # label, as the form shows it, not by its JSON Pointer.
    form.locator("details.checker-more > summary").click()
    form.get_by_text(label("en", "yugioh", "/edition", "2.3"), exact=True).click()
    set_active(form)
    life = form.locator('[data-path="/current_game/life"] input')
    life.nth(0).fill("100")
    form.get_by_role("button", name="Rule", exact=True).click()
    page.wait_for_selector("[data-ruling][data-state=error]")
    error = form.locator('[data-path="/current_game/life"] .checker-error')
    assert error.is_visible()
    assert label("en", "yugioh", "/current_game/life") in error.inner_text()
    assert "/current_game" not in error.inner_text()
    life.nth(1).fill("50")
    form.get_by_role("button", name="Rule", exact=True).click()
    page.wait_for_selector("[data-ruling][data-state=ready]")
    assert ruling.get_attribute("data-current-game-result") == "A"
    href = page.locator(".checker-cite").first.get_attribute("href")
    assert href.startswith("../yugioh/end-of-match/#ygo-")


def test_nothing_scrolls_sideways_on_a_pixel_7(browser: Any, site_server: str) -> None:
    from playwright.sync_api import sync_playwright  # noqa: F401  (devices come with the browser's playwright)
    context = browser.new_context(viewport={"width": 412, "height": 915}, device_scale_factor=2.625,
                                  is_mobile=True, has_touch=True)
    try:
        page = context.new_page()
        scenario = {"version": 1, "game": "mtg", "round": "swiss", "games_won": [0, 0], "time_called": "during-game",
                    "active_player": "A", "extra_turns": [{"player": "A", "after_turn": 0}],
                    "slow_play_penalties": [{"player": "B", "during_additional_turns": False}]}
        # French (the longest words) and Japanese (no spaces to break at); every language at
        # 360 px: tests/browser/test_site.py.
        for lang in ("fr", "ja"):
            page.goto(f"{site_server}{prefix(lang)}{PAGES['mtg']}/#scenario={quote(json.dumps(scenario))}")
            page.wait_for_selector("[data-ruling][data-state=ready]", timeout=30_000)
            assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), lang
            assert page.locator("[data-ruling]").get_attribute("data-additional-turns") == "7"
            # The link's extra turn and Slow Play penalty fill the form's lists (one row each).
            assert page.locator(".checker-form[data-game=mtg] .checker-row").count() == 2
    finally:
        context.close()


UNDER_THE_BAR = """() => {
  const focused = document.activeElement;
  if (!focused || !focused.closest('.checker-form') || focused.closest('.checker-actions')) return null;
  const bar = focused.closest('.checker-form').querySelector('.checker-actions').getBoundingClientRect();
  // A radio or a box is drawn by its label: the label must be clear of the bar.
  const shown = ['radio', 'checkbox'].includes(focused.type) && focused.closest('label') || focused;
  const box = shown.getBoundingClientRect();
  return box.bottom > bar.top + 1 ? `${focused.id || focused.tagName}: ${box.bottom} > ${bar.top}` : null;
}"""


@pytest.mark.parametrize("viewport", [{"width": 360, "height": 740}, {"width": 1280, "height": 800}])
def test_the_sticky_rule_bar_never_covers_the_control_in_use(page: Any, site_server: str,
                                                             viewport: dict[str, int]) -> None:
    page.set_viewport_size(viewport)
    page.goto(f"{site_server}{PAGES['mtg']}/")
    page.locator(".md-content h1").first.click()
    covered = []
    for _ in range(60):
        page.keyboard.press("Tab")
        covered.append(page.evaluate(UNDER_THE_BAR))
    assert [c for c in covered if c] == []


COUNT_PERSIST = """() => {
  window.__persistAsked = 0;
  if (navigator.storage && navigator.storage.persist) {
    const persist = navigator.storage.persist.bind(navigator.storage);
    navigator.storage.persist = () => { window.__persistAsked += 1; return persist(); };
  }
}"""


def test_using_the_checker_asks_once_to_keep_the_site_on_the_device(context: Any, site_server: str) -> None:
    context.add_init_script(f"({COUNT_PERSIST})()")
    page = context.new_page()
    scenario = {"version": 1, "game": "mtg", "round": "swiss", "games_won": [1, 0], "time_called": "between-games"}
    page.goto(f"{site_server}{PAGES['mtg']}/")
    assert page.evaluate("window.__persistAsked") == 0  # reading the page asks nothing
    page.goto(f"{site_server}{PAGES['mtg']}/#scenario={quote(json.dumps(scenario))}")
    page.wait_for_selector("[data-ruling][data-state=ready]", timeout=30_000)
    assert page.evaluate("window.__persistAsked") == 1
    page.reload()
    page.wait_for_selector("[data-ruling][data-state=ready]", timeout=30_000)
    assert page.evaluate("window.__persistAsked") == 0  # once per device


def test_reset_by_mistake_is_undone_with_one_tap(page: Any, site_server: str) -> None:
    open_checker(page, site_server, "pt")
    form = page.locator("form.checker-form")
    set_wins(form, 1, 0)
    form.get_by_text(label("pt", "mtg", "/round", "single-elimination"), exact=True).click()
    before = page.evaluate("JSON.stringify([...document.querySelectorAll('form.checker-form input')]"
                           ".map((i) => [i.name, i.value, i.checked]))")
    form.get_by_role("button", name=site_string("pt", "Reset"), exact=True).click()
    undo = form.locator(".checker-undo button")
    undo.wait_for(state="visible")
    assert wins_checked(form) == ["", ""]  # the form chooses no score
    assert form.locator(".checker-undo").get_attribute("role") == "status"
    undo.click()
    after = page.evaluate("JSON.stringify([...document.querySelectorAll('form.checker-form input')]"
                          ".map((i) => [i.name, i.value, i.checked]))")
    assert after == before and form.locator(".checker-undo").count() == 0


# --- Yu-Gi-Oh!: the newest edition by default, the one chosen, or the one in force on the event date ---

# Swiss matches timed out before a Duelist won them (0-0 between Duels cannot be: no Duel was played).
DUEL_MATCHES = [([1, 0], "during-game"), ([1, 0], "between-games"), ([0, 0], "during-game"),
                ([1, 1], "during-game"), ([1, 1], "between-games")]
# A link made before the form asked for the edition: the facts v2.3 asked for during a Duel.
UNNAMED_LINK = {"version": 1, "game": "yugioh", "round": "swiss", "games_won": [1, 0], "time_called": "during-game",
                "active_player": "A", "current_game": {"life": [8000, 4000]}}
CHANGED = """(before) => {
  const ruling = document.querySelector('[data-ruling]');
  return ['ready', 'error'].includes(ruling.dataset.state) && ruling.getAttribute('data-scenario') !== before;
}"""


def edition_for(request: dict[str, Any], lang: str) -> dict[str, Any]:
    """The engine's answer to the form's question: which edition a date (and edition) rules under."""
    return json.loads(edition_json(json.dumps({"game": "yugioh", **request}), lang))


@pytest.mark.parametrize("lang", ["pt", "ja"])
def test_yugioh_rules_under_the_newest_edition_the_one_chosen_or_the_event_date_s(page: Any, site_server: str,
                                                                                 lang: str) -> None:
    """On a phone. Nothing changed: Policy v2.5, no Whose turn nor Life Points asked, a loss for both in
    every timed-out Swiss match; v2.3 chosen: those facts again, ruled as before; an event date picks
    the engine's edition for it, a date before every edition gets the engine's words beside it; a
    share link carries the edition and the date; a link naming no edition rules under the newest
    and says so. One engine boot (two in Portuguese, which reloads a share link)."""
    page.set_viewport_size({"width": 360, "height": 740})
    open_checker(page, site_server, lang, "yugioh")
    form = page.locator(".checker-form[data-game=yugioh]")
    ruling = page.locator("[data-ruling]")
    fields = {f["path"]: f for f in form_fields("yugioh", lang)}
    newest_id = newest("yugioh").id
    asks = {path: fields[path]["when"]["edition"] for path in ("/active_player", "/current_game", "/side_deck_accessed")}
    assert all(newest_id not in editions and "2.3" in editions for editions in asks.values())

    def asked() -> dict[str, bool]:
        return {path: form.locator(f'[data-path="{path}"]').is_visible() for path in asks}

    def facts(won: list[int], when: str, life: tuple[int, int] | None = None) -> None:
        set_round(form, lang, "yugioh")
        set_wins(form, won[0], won[1])
        form.locator('[data-path="/time_called"]').get_by_text(label(lang, "yugioh", "/time_called", when),
                                                                exact=True).click()
        if form.locator('[data-path="/active_player"]').is_visible():
            set_active(form)
        if life:
            inputs = form.locator('[data-path="/current_game/life"] input')
            inputs.nth(0).fill(str(life[0]))
            inputs.nth(1).fill(str(life[1]))

    def rule(wait: str = "ready") -> tuple[dict[str, Any], dict[str, Any]]:
        before = ruling.get_attribute("data-scenario")
        form.locator(".checker-submit").click()
        page.wait_for_function(CHANGED, arg=before)
        return shown_as_python(wait)

    def follow(link: str) -> None:
        """A share link opened on this page (its fragment changes: no reload, no second engine)."""
        before = ruling.get_attribute("data-scenario")
        page.evaluate("(hash) => { location.hash = hash; }", "#scenario=" + link.split("#scenario=", 1)[1])
        page.wait_for_function(CHANGED, arg=before)

    def shown_as_python(wait: str = "ready") -> tuple[dict[str, Any], dict[str, Any]]:
        assert ruling.get_attribute("data-state") == wait, ruling.inner_text()
        scenario = json.loads(ruling.get_attribute("data-scenario"))
        if wait != "ready":
            return scenario, {}
        expected = judge(scenario, lang)
        assert ruling.get_attribute("data-match-result") == expected["match"]["result"]
        steps = ruling.locator(".checker-steps > li")
        assert steps.count() == len(expected["explanation"])
        assert steps.first.inner_text().startswith(expected["explanation"][0]["text"])
        return scenario, expected

    # Every page starts on the other region's rules (the TCG Policy), the Japanese one too: Konami Japan's OCG
    # rules are chosen, never started on.
    assert form.locator('[data-path="/region"] input:checked').get_attribute("value") == ""
    # Nothing changed: the newest edition, which asks neither whose turn it was nor the Life Points.
    assert asked() == dict.fromkeys(asks, False)
    for won, when in DUEL_MATCHES:
        facts(won, when)
        scenario, expected = rule()
        assert "edition" not in scenario and expected["edition"]["id"] == newest_id
        assert expected["match"]["result"] == "double-loss", scenario

    # The edition chosen: v2.3, its last day beside it; its facts are asked again.
    form.locator("details.checker-more > summary").click()
    choice = form.locator('[data-path="/edition"]').get_by_text(label(lang, "yugioh", "/edition", "2.3"), exact=True)
    # One line: its short name and its last day (the edition's dates in full are on the editions page).
    assert choice.inner_text() == edition_choice(lang, "2.3") and "2025" in choice.inner_text()
    choice.click()
    facts([1, 0], "during-game")
    assert asked() == dict.fromkeys(asks, True)
    for won, when in DUEL_MATCHES:
        facts(won, when, (8000, 4000) if when == "during-game" else None)
        scenario, expected = rule()
        assert scenario["edition"] == "2.3" and expected["edition"]["id"] == "2.3"
        assert expected["match"]["result"] != "double-loss"
        assert ("current_game" in scenario) == (when == "during-game")
        # Between Duels no Duel is in progress: no turn plan says that no turn is played, under a new Duel.
        assert (site_string(lang, "No turn is played.") in ruling.inner_text()) is False
        if lang == "ja":  # a result and how it was reached: 「B の勝ち（…）」, full-width, no space
            results = ruling.locator(".checker-facts").inner_text()
            assert " (" not in results and "（" in results, results

    # No edition chosen, an event date: the facts follow the edition the engine names for it.
    form.locator('[data-path="/edition"]').get_by_text(fields["/edition"]["unset_label"], exact=True).click()
    facts([1, 0], "during-game")
    assert asked() == dict.fromkeys(asks, False)
    date = form.locator('[data-path="/event_date"] input')
    date.fill("2025-03-01")
    picked = edition_for({"event_date": "2025-03-01"}, lang)["edition"]["id"]
    page.wait_for_function("(id) => document.querySelector('.checker-form[data-game=yugioh]').dataset.resolved === id",
                           arg=picked)
    assert asked() == {path: picked in editions for path, editions in asks.items()}
    facts([1, 1], "during-game", (4000, 4000))
    scenario, expected = rule()
    assert scenario["event_date"] == "2025-03-01" and "edition" not in scenario and expected["edition"]["id"] == picked

    # Chosen and dated, shared: the link carries both.
    form.locator('[data-path="/edition"]').get_by_text(label(lang, "yugioh", "/edition", "2.3"), exact=True).click()
    facts([1, 0], "during-game", (8000, 4000))
    shared, expected_shared = rule()
    link = page.url
    assert json.loads(unquote(link.split("#scenario=", 1)[1])) == shared
    assert (shared["edition"], shared["event_date"]) == ("2.3", "2025-03-01")

    # A date before every edition held: the engine's words beside the date, as soon as it answers.
    date.fill("2024-01-01")
    refused = edition_for({"edition": "2.3", "event_date": "2024-01-01"}, lang)["error"]
    assert refused["field"] == "/event_date"
    message = form.locator('[data-path="/event_date"] .checker-error')
    message.wait_for(state="visible")
    words = refused["message"].replace(" (/event_date)", "").replace("（/event_date）", "")
    assert message.inner_text() == words and date.get_attribute("aria-invalid") == "true"
    rule("error")  # and at Rule too: the date is what to fix
    assert message.inner_text() == words

    # A link naming no edition (made before the form asked for one): the newest edition rules, the
    # facts it does not use are set aside, and the ruling says both.
    follow(f"#scenario={quote(json.dumps(UNNAMED_LINK))}")
    ruled, expected = shown_as_python()
    aside = [key for key in UNNAMED_LINK if f"/{key}" in asks]
    assert ruled == {k: v for k, v in UNNAMED_LINK.items() if k not in aside}
    assert expected["edition"]["id"] == newest_id and expected["match"]["result"] == "double-loss"
    assert json.loads(unquote(page.url.split("#scenario=", 1)[1])) == ruled
    notice = ruling.locator(".checker-set-aside").inner_text()
    assert all(label(lang, "yugioh", f"/{key}") in notice for key in aside)

    # The shared link again: the form shows its edition and date, and rules the same.
    follow(link)
    assert shown_as_python() == (shared, expected_shared)
    assert form.locator('[data-path="/edition"] input:checked').get_attribute("value") == "2.3"
    assert date.input_value() == "2025-03-01"
    if lang == "pt":  # and after a reload
        page.reload()
        page.wait_for_selector("[data-ruling][data-state=ready]", timeout=30_000)
        assert shown_as_python() == (shared, expected_shared)
        assert form.locator('[data-path="/edition"] input:checked').get_attribute("value") == "2.3"

    # A v2.5 link with a fact only v2.3 asks (its field is hidden under v2.5): refused with the
    # engine's reason, which names only the site's own fields and editions.
    v2_5_with_life = {"game": "yugioh", "edition": "2.5", "round": "swiss", "games_won": [1, 0],
                      "time_called": "during-game", "current_game": {"life": [8000, 100]}}
    assert ruling.get_attribute("data-state") == "ready"
    page.evaluate("(hash) => { location.hash = hash; }", f"#scenario={quote(json.dumps(v2_5_with_life))}")
    page.wait_for_function("document.querySelector('[data-ruling]').dataset.state === 'error'")
    refused = cpython(v2_5_with_life, lang)["error"]
    assert refused["code"] == "not-applicable"
    assert refused["message"] in ruling.inner_text(), ruling.inner_text()

    # A v2.3 Duel won in the turn in progress: the form names that turn, not a number, and the
    # turn plan says the Duel ended (never "game").
    won_in_progress = {"game": "yugioh", "edition": "2.3", "round": "single-elimination", "games_won": [1, 0],
                       "time_called": "during-game", "active_player": "A", "current_game": {"winner": "B", "during_turn": 0}}
    follow(f"#scenario={quote(json.dumps(won_in_progress))}")
    ruled, expected = shown_as_python()
    assert ruled == won_in_progress and expected["match"]["next"]
    turn = form.locator('[data-path="/current_game/during_turn"]')
    assert turn.locator("input:checked").evaluate("input => input.parentElement.textContent").strip() == \
        label(lang, "yugioh", "/current_game/during_turn", 0)
    plan = ruling.locator(".turn-plan").inner_text()
    assert site_string(lang, "Duel ended") in plan and site_string(lang, "game ended") not in plan, plan
    # What happens next is said once, in the ruling's first sentence, not again under the results.
    assert expected["summary"] and ruling.locator(".ruling-summary").inner_text() == expected["summary"]
    assert ruling.locator(".checker-next").count() == 0
    assert page.traffic.console_errors == []


@pytest.mark.parametrize("lang", ["pt", "ja"])
def test_a_record_the_text_does_not_give_is_labelled_as_how_to_record_it(page: Any, site_server: str, lang: str) -> None:
    """A Disney Lorcana match decided on lore (match.next "record-with-head-judge"): the record row holds who to
    ask, and is labelled as that, never as the games won so far nor as a result to record (it is not final)."""
    from rules_engine.labels import labels as code_labels
    scenario = {"version": 1, "game": "lorcana", "round": "single-elimination", "games_won": [1, 1],
                "time_called": "during-game", "active_player": "A", "additional_turns_played": True,
                "current_game": {"lore": [12, 15]}}
    expected = judge(scenario, lang)
    assert expected["match"]["next"] == "record-with-head-judge" and expected["match"]["final"] is False
    open_checker(page, site_server, lang, "lorcana", "#scenario=" + quote(json.dumps(scenario)))
    page.wait_for_selector("[data-ruling][data-state=ready]", timeout=30_000)
    facts = page.locator("[data-ruling] .checker-facts")
    labels_shown = [t.strip() for t in facts.locator("dt").all_text_contents()]
    assert labels_shown[-1] == site_string(lang, "How to record the result"), labels_shown
    for wrong in ("Game wins so far", "Result to record", "Result to record if nobody wins by then"):
        assert site_string(lang, wrong) not in labels_shown, (wrong, labels_shown)
    assert facts.locator("dd").last.inner_text() == code_labels(lang)["next"]["record-with-head-judge"]
    assert page.traffic.console_errors == []


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_results_show_a_result_to_record_only_once_the_match_is_decided(page: Any, site_server: str,
                                                                            lang: str) -> None:
    """On a phone: a result that holds only if nobody wins in the turns still to play says so under each
    of its rows, and its record is labelled as such; an undecided match shows the games won so far,
    never a result to record; a decided one shows the result to record. One engine boot, three links."""
    page.set_viewport_size({"width": 360, "height": 740})
    condition = site_string(lang, "if nobody wins by then")
    to_record = site_string(lang, "Result to record")
    links = [
        ({"version": 1, "game": "mtg", "round": "swiss", "games_won": [1, 0], "time_called": "during-game",
          "active_player": "A"}, site_string(lang, "Result to record if nobody wins by then"), 2),
        ({"version": 1, "game": "mtg", "round": "single-elimination", "games_won": [1, 1], "time_called": "during-game",
          "active_player": "B", "current_game": {"life": [10, 10]}}, site_string(lang, "Game wins so far"), 0),
        ({"version": 1, "game": "mtg", "round": "swiss", "games_won": [1, 0], "time_called": "between-games"},
         to_record, 0),
    ]
    open_checker(page, site_server, lang, "mtg", "#scenario=" + quote(json.dumps(links[0][0])))
    for i, (scenario, record_label, conditions) in enumerate(links):
        if i:
            follow_link(page, "#scenario=" + quote(json.dumps(scenario)))
        page.wait_for_selector("[data-ruling][data-state=ready]", timeout=30_000)
        facts = page.locator("[data-ruling] .checker-facts")
        labels_shown = [t.strip() for t in facts.locator("dt").all_text_contents()]
        assert labels_shown[-1] == record_label, labels_shown
        assert (to_record in labels_shown) == (record_label == to_record), labels_shown
        a, b, d = judge(scenario, lang)["match"]["record"]
        assert facts.locator("dd").last.text_content().startswith(f"A {a} – B {b}")
        said = facts.locator(".checker-condition")
        assert said.count() == conditions
        for j in range(conditions):  # seen, inside the screen's width
            said.nth(j).scroll_into_view_if_needed()
            box = said.nth(j).bounding_box()
            assert said.nth(j).is_visible() and said.nth(j).inner_text() == condition
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 360
            # On one or two lines, never squeezed into a narrow column beside a long label.
            assert box["width"] >= 100 and box["height"] <= 2.5 * said.nth(j).evaluate(
                "e => parseFloat(getComputedStyle(e).lineHeight) || 20"), box


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_form_names_its_game_and_magic_s_editions_are_one_drop_down(page: Any, site_server: str, lang: str) -> None:
    """Each procedure page's form is headed with its game's name; Magic's editions (one per
    Magic Tournament Rules since 2021) are one drop-down, the current edition first, each on the
    registry's short name, and the edition picked there is the one the scenario names."""
    from rules_engine.editions import editions_of
    page.set_viewport_size({"width": 360, "height": 740})
    for game in PAGES:
        page.goto(f"{site_server}{prefix(lang)}{PAGES[game]}/")
        heading = page.locator("h2#checker").inner_text()
        name = label(lang, game, "/game", game).split(":")[0].replace(" TCG", "").removeprefix("マジック：ザ・ギャザリング")
        assert name.split()[0] in heading, (game, heading)
    open_checker(page, site_server, lang)
    form = page.locator(".checker-form[data-game=mtg]")
    form.locator("details.checker-more > summary").click()
    select = form.locator('[data-path="/edition"] select')
    registry = list(reversed(editions_of("mtg")))
    assert len(registry) > 5
    assert select.locator("option").evaluate_all("(all) => all.map((o) => o.value)") == [""] + [e.id for e in registry]
    assert select.locator("option").all_inner_texts()[1:] == [edition_choice(lang, e.id) for e in registry]
    assert form.locator('[data-path="/edition"] input[type=radio]').count() == 0
    box = select.bounding_box()
    assert box["height"] >= 44 * 0.8 and box["x"] + box["width"] <= 360
    earlier = registry[3].id
    select.select_option(earlier)
    form.get_by_text(label(lang, "mtg", "/time_called", "between-games"), exact=True).click()
    set_round(form, lang)
    set_wins(form, 1, 0)
    form.get_by_role("button", name=site_string(lang, "Rule"), exact=True).click()
    page.wait_for_selector(RULED)
    shared = json.loads(unquote(page.evaluate("location.hash").split("=", 1)[1]))
    assert shared["edition"] == earlier
    # Back from a share link, the drop-down shows the edition the link names.
    page.reload()
    page.wait_for_function(READY, timeout=30_000)
    assert page.locator('.checker-form[data-game=mtg] [data-path="/edition"] select').input_value() == earlier
    assert page.errors == [] if hasattr(page, "errors") else True


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_games_won_are_one_tap_each_within_what_the_best_of_allows(page: Any, site_server: str, lang: str) -> None:
    """At 360 px each side's games won is a row of one-tap choices, from 0 to one game short of the
    wins that take the match (the engine's own count per best of), never a number field."""
    from rules_engine.contract.scenario import WINS_TO_TAKE_THE_MATCH
    page.set_viewport_size({"width": 360, "height": 740})
    open_checker(page, site_server, lang, "grand-archive")
    form = page.locator(".checker-form[data-game=grand-archive]")
    assert form.locator('[data-path="/games_won"] input[type=number]').count() == 0
    sides = form.locator('[data-path="/games_won"] .checker-pair-side')
    # The game's own best-of choices (best of two is Disney Lorcana's only).
    offered = [c["value"] for c in next(f for f in form_fields("grand-archive", lang) if f["path"] == "/best_of")["choices"]]
    for best_of, needed in ((b, WINS_TO_TAKE_THE_MATCH[b]) for b in offered):
        form.locator('[data-path="/best_of"]').get_by_text(str(best_of), exact=True).click()
        for side in range(2):
            shown = sides.nth(side).locator(".checker-option:visible")
            assert shown.all_inner_texts() == [str(w) for w in range(needed)], best_of
            for i in range(shown.count()):
                box = shown.nth(i).bounding_box()
                assert box["height"] >= 44 * 0.8 and box["width"] >= 44 * 0.8
    form.locator('[data-path="/best_of"]').get_by_text("3", exact=True).click()
    set_round(form, lang, "grand-archive")
    set_wins(form, 1, 0)
    form.locator('[data-path="/time_called"]').get_by_text(
        label(lang, "grand-archive", "/time_called", "between-games"), exact=True).click()
    form.locator(".checker-submit").click()
    page.wait_for_selector("[data-ruling][data-state=ready]", timeout=30_000)
    scenario = json.loads(page.locator("[data-ruling]").get_attribute("data-scenario"))
    assert scenario["games_won"] == [1, 0] and scenario["best_of"] == 3
    # A share link's games won come back as the chosen buttons.
    page.reload()
    page.wait_for_function(READY, timeout=30_000)
    assert wins_checked(page.locator(".checker-form[data-game=grand-archive]")) == ["1", "0"]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_ruling_at_phone_width_puts_labels_above_values_and_says_each_thing_once(
        page: Any, site_server: str, lang: str) -> None:
    """At 360 px each result's label stands above its value, which gets the whole width; what
    happens next is said once (the Grand Archive tiebreak order in the first sentence only); the
    Yu-Gi-Oh! row for the Duel in progress does not say "Duel" again in its value."""
    from rules_engine.labels import labels as code_labels
    from rules_engine.games.yugioh import RESULT_WORDS
    from rules_engine.i18n import translate
    page.set_viewport_size({"width": 360, "height": 740})
    words = code_labels(lang)
    grand_archive = {"version": 1, "game": "grand-archive", "round": "single-elimination", "games_won": [1, 1],
                     "time_called": "during-game", "active_player": "A"}
    yugioh = {"version": 1, "game": "yugioh", "edition": "2.5", "round": "swiss", "games_won": [1, 1],
              "time_called": "during-game"}
    for scenario in (grand_archive, yugioh):
        expected = judge(scenario, lang)
        open_checker(page, site_server, lang, scenario["game"], "#scenario=" + quote(json.dumps(scenario)))
        page.wait_for_selector("[data-ruling][data-state=ready]", timeout=30_000)
        ruling = page.locator("[data-ruling]")
        facts = ruling.locator(".checker-facts")
        width = facts.bounding_box()["width"]
        for i in range(facts.locator("dt").count()):
            dt, dd = facts.locator("dt").nth(i).bounding_box(), facts.locator("dd").nth(i).bounding_box()
            assert dd["y"] >= dt["y"] + dt["height"] - 1, "value under its label"
            assert dd["x"] <= dt["x"] + 1 and facts.locator("dd").nth(i).evaluate(
                "e => e.getBoundingClientRect().width") >= width - 1, "value on the whole width"
        shown = ruling.inner_text()
        if expected["match"]["next"]:
            assert words["next"][expected["match"]["next"]] not in shown
            assert shown.count(expected["summary"]) == 1
        if scenario["game"] == "yugioh":
            row = facts.locator("dd").first.inner_text()
            duel = translate(lang, RESULT_WORDS["duel_in_progress"])
            assert facts.locator("dt").first.inner_text() == duel
            assert translate(lang, "Duel") not in row and "デュエル" not in row, row
    assert page.traffic.console_errors == []


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_disney_lorcana_is_ruled_by_region_and_a_share_link_rules_the_same_in_every_language(
        page: Any, site_server: str, lang: str) -> None:
    """Disney Lorcana at 360 px: the form asks where the event is held (a Japanese page offers Japan
    first, chosen: Takara Tomy's rules for Japanese-language events there); a Swiss match at 1-0 during a
    game under Ravensburger's worldwide rules, then single elimination in Japan (one additional turn),
    each ruled by the site's Pyodide as by CPython; the Japan link opens in the other language with the
    same ruling, and a link that names no region is ruled, and shown, under the worldwide rules."""
    from rules_engine.labels import labels as code_labels
    page.set_viewport_size({"width": 360, "height": 740})
    open_checker(page, site_server, lang, "lorcana")
    form = page.locator(".checker-form[data-game=lorcana]")
    region = form.locator('[data-path="/region"]')
    chosen = "(inputs) => inputs.map((i) => [i.value, i.checked])"
    assert region.locator("input[type=radio]").evaluate_all(chosen) == (
        [["japan", True], ["", False]] if lang == "ja" else [["", True], ["japan", False]])
    ruling = page.locator("[data-ruling]")
    rule = form.get_by_role("button", name=site_string(lang, "Rule"), exact=True)

    def ruled() -> dict[str, Any]:
        ruling.evaluate("(r) => { r.dataset.state = 'unread'; }")
        rule.click()
        page.wait_for_selector(RULED, timeout=30_000)
        assert ruling.get_attribute("data-state") == "ready"
        return json.loads(ruling.get_attribute("data-scenario"))

    # Swiss, 1-0, game 2 in progress, Ravensburger's rules (no region: the worldwide rules).
    region.locator('label:has(> input[value=""])').click()
    form.locator('[data-path="/round"]').get_by_text(label(lang, "lorcana", "/round", "swiss"), exact=True).click()
    set_wins(form, 1, 0)
    form.locator('[data-path="/active_player"]').get_by_text("A", exact=True).click()
    swiss = ruled()
    assert "region" not in swiss and swiss["games_won"] == [1, 0] and swiss["round"] == "swiss"
    expected = judge(swiss, lang)
    assert expected["match"] == {"result": "A", "decided_by": "game-wins", "next": None, "record": [1, 0, 1], "final": False,
                                 "holds_if_nobody_wins": True}
    assert ruling.get_attribute("data-match-result") == "A"
    assert ruling.get_attribute("data-current-game-result") == expected["current_game"]["result"] == "draw"
    assert ruling.get_attribute("data-additional-turns") == "5"
    assert ruling.locator(".ruling-summary").inner_text() == expected["summary"]
    facts = ruling.locator(".checker-facts")
    assert facts.locator("dt").last.inner_text() == site_string(lang, "Result to record if nobody wins by then")
    assert facts.locator("dd").last.inner_text() == format_record(lang, 1, 0, 1)
    assert ruling.locator(".checker-turn").count() == 6  # turn 0 and five

    # Single elimination in Japan, 0-0, B's turn: turn 0 and one additional turn, then the lore lead.
    region.locator('label:has(> input[value="japan"])').click()
    form.locator('[data-path="/round"]').get_by_text(
        label(lang, "lorcana", "/round", "single-elimination"), exact=True).click()
    set_wins(form, 0, 0)
    form.locator('[data-path="/active_player"]').get_by_text("B", exact=True).click()
    assert form.locator('[data-path="/current_game/lore"]').is_visible()  # asked in single elimination only
    japan = ruled()
    assert japan["region"] == "japan" and japan["round"] == "single-elimination"
    expected = judge(japan, lang)
    assert expected["edition"]["id"] == newest("lorcana", "japan").id
    assert expected["additional_turns"] == 1 and expected["match"]["next"] == "lore-lead"
    assert ruling.get_attribute("data-match-result") == expected["match"]["result"] == "undecided"
    assert ruling.get_attribute("data-additional-turns") == "1"
    assert ruling.locator(".ruling-summary").inner_text() == expected["summary"]
    assert ruling.locator(".checker-turn").count() == 2
    shown = ruling.inner_text()
    for step in expected["explanation"]:
        assert step["text"] in shown
    hash_ = page.evaluate("location.hash")
    assert json.loads(unquote(hash_.split("=", 1)[1])) == japan

    # The same link in the other language: the same scenario, the same ruling, Japan chosen on the form.
    other = "en" if lang == "ja" else "ja"
    page.goto(f"{site_server}{prefix(other)}{PAGES['lorcana']}/{hash_}")
    page.wait_for_selector("[data-ruling][data-state=ready]", timeout=30_000)
    assert json.loads(ruling.get_attribute("data-scenario")) == japan
    there = judge(japan, other)
    assert ruling.get_attribute("data-match-result") == there["match"]["result"] == expected["match"]["result"]
    assert ruling.get_attribute("data-additional-turns") == "1"
    assert ruling.locator(".ruling-summary").inner_text() == there["summary"]
    assert form.locator('[data-path="/region"] input:checked').get_attribute("value") == "japan"
    assert label(other, "lorcana", "/region", "japan") in page.locator(".checker-shared-situation").inner_text()

    # A link that names no region is ruled under the worldwide rules, on a Japanese page too, and the
    # form shows it so: pressing "Rule" again gives the same ruling.
    for where in (lang, other):
        page.goto(f"{site_server}{prefix(where)}{PAGES['lorcana']}/#scenario={quote(json.dumps(swiss))}")
        page.wait_for_selector("[data-ruling][data-state=ready]", timeout=30_000)
        assert ruling.get_attribute("data-additional-turns") == "5", where
        assert form.locator('[data-path="/region"] input:checked').get_attribute("value") == "", where
        rule = form.get_by_role("button", name=site_string(where, "Rule"), exact=True)
        assert ruled() == swiss, where

    # Single elimination decided on lore: the winner, and for the record who to ask (the text gives none).
    lore = {"version": 1, "game": "lorcana", "round": "single-elimination", "games_won": [1, 1],
            "time_called": "during-game", "active_player": "A", "current_game": {"lore": [14, 11]}}
    follow_link(page, "#scenario=" + quote(json.dumps(lore)))
    page.wait_for_selector("[data-ruling][data-state=ready]", timeout=30_000)
    expected = judge(lore, other)
    assert expected["match"]["decided_by"] == "lore" and expected["match"]["next"] == "record-with-head-judge"
    assert ruling.get_attribute("data-match-result") == "A"
    assert facts.locator("dd").last.inner_text() == code_labels(other)["next"]["record-with-head-judge"]
    assert page.traffic.console_errors == []


def format_record(lang: str, a: int, b: int, d: int) -> str:
    return site_string(lang, "A {a} – B {b} – draws {d}").format(a=a, b=b, d=d)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_rule_never_rules_on_a_round_a_score_or_a_turn_nobody_entered(page: Any, site_server: str, lang: str) -> None:
    """The form chooses no round, no games won and nobody's turn: "Rule" with any of them not given says
    which, beside each field and in the page's language, keeps what was entered, and rules on nothing."""
    page.set_viewport_size({"width": 360, "height": 740})
    open_checker(page, site_server, lang)
    form = page.locator(".checker-form[data-game=mtg]")
    asked = ["/round", "/games_won", "/active_player"]
    for path in asked:
        assert form.locator(f'[data-path="{path}"] input:checked').count() == 0, path
    form.locator('[data-path="/games_won"] .checker-pair-side').nth(0).locator('label:has(> input[value="1"])').click()
    form.get_by_role("button", name=site_string(lang, "Rule"), exact=True).click()
    ruling = page.locator("[data-ruling]")
    assert ruling.get_attribute("data-state") == "error" and ruling.get_attribute("data-scenario") is None
    names = [form.locator(f'[data-path="{path}"] legend').first.inner_text() for path in asked]
    said = ruling.inner_text()
    head = site_string(lang, "To fill in first: {fields}; then press “Rule”.").split("{fields}")
    assert said.startswith(head[0]) and said.endswith(head[1]) and all(name in said for name in names), said
    for path in asked:
        error = form.locator(f'[data-path="{path}"] > .checker-error')
        assert error.is_visible() and error.inner_text() == site_string(lang, "To fill in."), path
    assert form.locator('[data-path="/time_called"] > .checker-error').is_hidden()
    assert wins_checked(form) == ["1", ""]  # what was entered stays
    assert page.evaluate("document.activeElement.closest('[data-path]').dataset.path") == "/round"
    set_round(form, lang)
    set_wins(form, 1, 0)
    set_active(form, "B")
    form.get_by_role("button", name=site_string(lang, "Rule"), exact=True).click()
    page.wait_for_selector("[data-ruling][data-state=ready]", timeout=30_000)
    scenario = json.loads(ruling.get_attribute("data-scenario"))
    assert (scenario["round"], scenario["games_won"], scenario["active_player"]) == ("swiss", [1, 0], "B")
    assert form.locator(".checker-error:visible").count() == 0
