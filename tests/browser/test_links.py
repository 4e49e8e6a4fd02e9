"""Links that survive, on a 360 px phone: the language switch keeps a share link's scenario, a
broken share link says so where the reader lands, a game's folder leads to its procedure, a
wrong address suggests the nearest pages, and a query entered without key events (an IME's
candidate, voice input, a paste) searches at once."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest

from rules_engine import judge
from rules_engine.rule_ids import PAGES
from tests.browser.test_checker import site_string
from tests.site.sitebuild import prefix

pytestmark = pytest.mark.browser

PHONE = {"width": 360, "height": 740}
NOTICE = ".checker-link-error"
IN_FIRST_SCREEN = """(el) => { const box = el.getBoundingClientRect();
  return box.top >= 0 && box.bottom <= innerHeight && box.height > 0 }"""
FOCUSED = "(el) => document.activeElement === el"


def share_link(scenario: dict[str, Any]) -> str:
    return f"#scenario={quote(json.dumps(scenario))}"


def test_the_language_switch_keeps_the_scenario_and_rules_it_in_the_other_language(page: Any, site_server: str) -> None:
    page.set_viewport_size(PHONE)
    first = {"version": 1, "game": "mtg", "round": "swiss", "games_won": [1, 0], "time_called": "between-games"}
    page.goto(f"{site_server}checker/{share_link(first)}", wait_until="domcontentloaded")
    japanese = page.locator(".md-select__link[hreflang=ja]")
    assert japanese.get_attribute("href").endswith(f"ja/checker/{share_link(first)}")
    # The checker rewrites the address without a hashchange (history.replaceState), as a new
    # ruling does: the link follows when it is about to be used.
    scenario = {"version": 1, "game": "mtg", "round": "single-elimination", "games_won": [1, 1],
                "time_called": "during-game", "active_player": "A", "current_game": {"life": [7, 12]}}
    page.evaluate("(hash) => history.replaceState(history.state, '', hash)", share_link(scenario))
    page.hover(".md-header__option .md-select")
    page.click(".md-select__link[hreflang=fr]")
    page.wait_for_url(f"{site_server}fr/checker/{share_link(scenario)}", wait_until="domcontentloaded")
    page.wait_for_selector("[data-ruling][data-state=ready]", timeout=30_000)
    ruling = page.locator("[data-ruling]")
    assert json.loads(ruling.get_attribute("data-scenario")) == scenario
    expected = judge(json.loads(json.dumps(scenario)), "fr")
    assert ruling.get_attribute("data-match-result") == expected["match"]["result"]
    assert expected["explanation"][0]["text"] in ruling.inner_text()

    # A link the engine refuses (a field of the form is wrong): said at the top, with the focus.
    refused = {"version": 1, "game": "mtg", "round": "single-elimination", "games_won": [1, 1],
               "time_called": "during-game", "active_player": "A", "current_game": {"life": [7, None]}}
    page.evaluate("(hash) => { location.hash = hash }", share_link(refused))
    notice = page.wait_for_selector(NOTICE, timeout=30_000)
    assert notice.evaluate(FOCUSED) and notice.evaluate(IN_FIRST_SCREEN)
    assert site_string("fr", "This share link does not hold a valid scenario.") in notice.inner_text()
    notice.query_selector("button").click()
    assert page.evaluate("document.activeElement.closest('.checker-field').dataset.path") == "/current_game/life"


RULING_ON_SCREEN = """() => { const box = document.querySelector('[data-ruling]').getBoundingClientRect();
  return {top: box.top, scrollY, hash: location.hash, state: document.querySelector('[data-ruling]').dataset.state} }"""


def test_switching_language_while_reading_the_ruling_opens_the_other_language_at_the_ruling(
        page: Any, site_server: str) -> None:
    """The reader who reads a share link's ruling (a screen or more below the procedure) and switches
    language finds the same ruling in the other language where they were, not the page's top; one
    who is still at the top stays there. The address is the share link's own again."""
    page.set_viewport_size(PHONE)
    scenario = {"version": 1, "game": "mtg", "round": "swiss", "games_won": [1, 0], "time_called": "during-game",
                "active_player": "B"}
    page.goto(f"{site_server}{PAGES['mtg']}/{share_link(scenario)}")
    page.wait_for_selector("[data-ruling][data-state=ready]", timeout=30_000)
    page.click(".checker-shared-go")  # "Read the whole ruling ↓"
    for lang in ("fr", "ja", "pt"):
        page.hover(".md-header__option .md-select")
        page.click(f".md-select__link[hreflang={lang}]")
        page.wait_for_url(f"{site_server}{lang}/{PAGES['mtg']}/**", wait_until="commit")
        page.wait_for_selector("[data-ruling][data-state=ready]", timeout=30_000)
        at = page.evaluate(RULING_ON_SCREEN)
        assert at["hash"] == share_link(scenario), at
        assert at["scrollY"] > 2000 and 0 <= at["top"] < PHONE["height"] / 2, (lang, at)
        expected = judge(json.loads(json.dumps(scenario)), lang)
        assert page.locator("[data-ruling] .ruling-summary").inner_text() == expected["summary"]
    # From the top of the page (the line's first sentence read, the ruling not opened): the top again.
    page.evaluate("scrollTo(0, 0)")
    page.hover(".md-header__option .md-select")
    page.click(".md-select__link[hreflang=en]")
    page.wait_for_url(f"{site_server}{PAGES['mtg']}/{share_link(scenario)}", wait_until="commit")
    page.wait_for_selector("[data-ruling][data-state=ready]", timeout=30_000)
    assert page.evaluate("scrollY") == 0
    assert page.traffic.console_errors == []


def test_a_broken_share_link_says_so_in_the_first_screen_at_360_px_with_the_focus(page: Any, site_server: str) -> None:
    # (A link the engine refuses: see the language switch's test, where the engine runs anyway.)
    page.set_viewport_size(PHONE)
    page.goto(f"{site_server}checker/#scenario=garbage")
    notice = page.wait_for_selector(NOTICE, timeout=30_000)
    assert notice.evaluate(FOCUSED), "the keyboard focus is on the message"
    assert notice.get_attribute("role") == "alert"
    assert site_string("en", "This share link does not hold a valid scenario.") in notice.inner_text()
    assert page.locator("[data-ruling]").get_attribute("data-state") == "error"
    # The line under the title says so in the first screen (with no empty "Shared situation:": there is
    # no situation to name), and one tap brings the message into view.
    line = page.wait_for_selector(".checker-shared[data-state=error]")
    assert line.evaluate(IN_FIRST_SCREEN), "the line is in the first screen"
    assert line.inner_text().startswith(site_string("en", "The checker did not rule on this link."))
    assert not page.locator(".checker-shared-situation").is_visible()
    page.click(".checker-shared-go")
    assert notice.evaluate(IN_FIRST_SCREEN), "the message is in the first screen"


def test_a_game_s_folder_leads_to_its_procedure_and_a_wrong_address_to_the_nearest_pages(
        page: Any, site_server: str, built_site: Path) -> None:
    page.set_viewport_size(PHONE)
    for lang, game in (("en", "mtg"), ("ja", "yugioh")):
        page.goto(f"{site_server}{prefix(lang)}{game}/", wait_until="commit")
        page.wait_for_url(f"{site_server}{prefix(lang)}{PAGES[game]}/", wait_until="commit")

    # A wrong address gets the site's 404.html, as a static host serves it.
    not_found = (built_site / "404.html").read_bytes()
    page.route("**/{fr/magic/rules/,ja/nothing-here}", lambda route: route.fulfill(
        status=404, body=not_found, content_type="text/html; charset=utf-8"))
    # The page its words name first ("magic"), in the address's language.
    page.goto(f"{site_server}fr/magic/rules/")
    first = page.locator(".site-not-found").first
    assert first.get_attribute("lang") == "fr"
    assert first.locator(".site-nearest a:visible").evaluate_all("links => links.map(a => a.pathname)") == [
        f"/fr/{PAGES['mtg']}/"]
    # Nothing recognisable: the checker and the glossary of the address's language.
    page.goto(f"{site_server}ja/nothing-here")
    first = page.locator(".site-not-found").first
    assert first.get_attribute("lang") == "ja"
    assert first.locator(".site-nearest a:visible").evaluate_all("links => links.map(a => a.pathname)") == [
        "/ja/checker/", "/ja/glossary/"]


SEARCH_READY = """() => {
  const meta = document.querySelector(".md-search-result__meta")
  const config = JSON.parse(document.getElementById("__config").textContent)
  return meta !== null && meta.textContent.trim() === config.translations["search.result.placeholder"]
}"""
SHOWN = """(href) => [...document.querySelectorAll(".md-search-result__item a")]
  .some(a => a.pathname + a.hash === href)"""


def shows(page: Any, href: str) -> None:
    page.wait_for_function(SHOWN, arg=href, timeout=5_000)


def open_search(page: Any, url: str) -> Any:
    page.goto(url)
    page.click("label.md-header__button[for=__search]")
    page.wait_for_function(SEARCH_READY, timeout=10_000)  # the worker holds the index
    return page.locator("input[data-md-component=search-query]")


ENTER = "(box, text) => { box.value = text; box.dispatchEvent(new Event('input', {bubbles: true})) }"


def test_a_query_entered_without_key_events_searches_at_once(page: Any, site_server: str) -> None:
    page.set_viewport_size(PHONE)
    box = open_search(page, f"{site_server}ja/")
    box.focus()
    # An IME's candidate committed: text inserted, no keydown or keyup.
    page.keyboard.insert_text("遅いプレイ")
    shows(page, "/ja/glossary/#slow-play")
    # Voice input or a paste: the value changes and one `input` event says so.
    box.evaluate(ENTER, "引き分け")
    shows(page, "/ja/glossary/#draw")
    box = open_search(page, f"{site_server}pt/")
    box.evaluate(ENTER, "Jogo Lento")
    shows(page, "/pt/glossary/#slow-play")


@pytest.mark.parametrize("lang", ["fr", "ja"])
def test_a_link_the_engine_cannot_read_says_so_in_the_engine_s_words_never_its_code(
        page: Any, site_server: str, lang: str) -> None:
    """A valid situation with a field this version does not know, or a version it does not read: the link
    could not be read, and the engine's own message says why, in the page's language; no bare code."""
    from rules_engine import ScenarioError
    page.set_viewport_size(PHONE)
    situation = {"version": 1, "game": "mtg", "round": "swiss", "games_won": [1, 0], "time_called": "during-game",
                 "active_player": "B"}
    for scenario in ({**situation, "colour": "blue"}, {**situation, "version": 2}):
        page.goto(f"{site_server}{prefix(lang)}{PAGES['mtg']}/{share_link(scenario)}")
        if page.locator(NOTICE).count():  # the former link's notice, until this link's answer replaces it
            page.wait_for_function("() => document.querySelector('.checker-shared')?.dataset.state === 'error'")
        notice = page.wait_for_selector(NOTICE, timeout=30_000)
        page.wait_for_selector(".checker-shared[data-state=error]")
        with pytest.raises(ScenarioError) as refused:
            judge(json.loads(json.dumps(scenario)), lang)
        said = notice.inner_text()
        reason = site_string(lang, "The checker could not read this link, so it did not rule on it. What the engine found:")
        assert reason in said and refused.value.message in said, said
        assert refused.value.code not in page.locator(".checker").inner_text()
        assert notice.query_selector("code") is None
