"""Passing a link on from a phone (overrides/assets/javascripts/share.js), in Chromium at
360 px: the phone's share sheet (navigator.share) where there is one, a "Share…" button beside
the copy button; where copying fails, a one-line read-only field holding the link, selected,
never the link written out as lines of percent-encoded text; the checker's link shorter, its
":" and "," left as they are in the fragment (the contract: ``#scenario=<scenario JSON,
percent-encoded>``, read back the same)."""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import quote, unquote

import pytest

from rules_engine.rule_ids import PAGES
from tests.browser.test_exam import CODE, EXAM
from tests.browser.test_training import open_question
from tests.site.sitebuild import prefix

pytestmark = pytest.mark.browser

PHONE = {"width": 360, "height": 740}
SCENARIO = {"version": 1, "game": "mtg", "round": "swiss", "games_won": [1, 0],
            "time_called": "during-game", "active_player": "B"}
NO_CLIPBOARD = """Object.defineProperty(navigator, 'clipboard',
  {value: {writeText: async () => { throw new DOMException('denied', 'NotAllowedError') }}})"""
SHARE_SHEET = """window.sharedLinks = [];
Object.defineProperty(navigator, 'share', {value: async (data) => { window.sharedLinks.push(data) }})"""
NO_SHARE_SHEET = "Object.defineProperty(navigator, 'share', {value: undefined})"

# The link field, as the reader sees it: one line, the whole link, selected, read-only.
FIELD = """(status) => {
  const field = status.querySelector("input.share-link-field")
  if (!field) return null
  const text = [...status.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE).map((n) => n.data).join("")
  return {value: field.value, readOnly: field.readOnly, focused: document.activeElement === field,
          selected: [field.selectionStart, field.selectionEnd], height: field.getBoundingClientRect().height,
          right: field.getBoundingClientRect().right, loose: text}
}"""


def ruled_checker(page: Any, site_server: str, lang: str = "en") -> None:
    page.set_viewport_size(PHONE)
    page.goto(f"{site_server}{prefix(lang)}{PAGES['mtg']}/#scenario={quote(json.dumps(SCENARIO))}")
    page.wait_for_selector("[data-ruling][data-state=ready]", timeout=120_000)


def assert_link_field(page: Any, status_selector: str, link: str) -> None:
    field = page.eval_on_selector(status_selector, FIELD)
    assert field is not None, page.inner_text(status_selector)
    assert field["value"] == link
    assert field["readOnly"] and field["focused"] and field["selected"] == [0, len(link)]
    assert field["height"] < 60, "one line, not a wall of text"
    assert field["right"] <= PHONE["width"]
    assert "%22" not in field["loose"] and "http" not in field["loose"], "the link is in the field only"


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_refused_copy_gives_a_one_line_link_field(page: Any, site_server: str, lang: str) -> None:
    page.add_init_script(NO_CLIPBOARD)
    page.add_init_script(NO_SHARE_SHEET)
    ruled_checker(page, site_server, lang)
    assert page.locator(".checker-share-line .share-sheet").count() == 0, "no share sheet, no button"
    page.click(".checker-share")
    page.wait_for_selector(".checker-share-status input.share-link-field")
    assert_link_field(page, ".checker-share-status", page.url)
    # Tapping it again selects it all again, ready for the phone's Copy.
    page.evaluate("document.querySelector('.share-link-field').setSelectionRange(0, 0)")
    page.click(".share-link-field")
    assert page.eval_on_selector(".share-link-field", "f => [f.selectionStart, f.selectionEnd]") == [0, len(page.url)]


def test_the_share_sheet_gets_the_link_where_the_phone_has_one(page: Any, site_server: str) -> None:
    page.add_init_script(SHARE_SHEET)
    ruled_checker(page, site_server)
    line = page.locator(".checker-share-line")
    buttons = line.locator("button").all_inner_texts()
    assert buttons[0] == "Share…" and len(buttons) == 2, buttons
    line.locator(".share-sheet").click()
    page.wait_for_function("window.sharedLinks.length === 1")
    assert page.evaluate("window.sharedLinks[0].url") == page.url


def test_the_checker_s_link_is_shorter_and_reads_back_the_same(page: Any, site_server: str) -> None:
    ruled_checker(page, site_server)
    # Ruled again from the form: the page writes its own link.
    page.click("[data-checker] button[type=submit]")
    page.wait_for_function("!location.hash.includes('%3A')")
    link = page.url
    fragment = link.split("#scenario=", 1)[1]
    ruled = json.loads(unquote(fragment))
    assert {key: ruled[key] for key in SCENARIO} == SCENARIO
    assert ":" in fragment and "," in fragment and "%3A" not in fragment and "%2C" not in fragment
    # Braces, brackets and quotes stay encoded (RFC 3986; link detectors of messaging apps).
    assert not set('{}[]" ') & set(fragment)
    assert len(fragment) < len(quote(json.dumps(ruled, separators=(",", ":")), safe=""))
    # The link, opened afresh, gives the same ruling, and the browser keeps it as it is.
    summary = page.inner_text(".ruling-summary")
    page.goto("about:blank")
    page.goto(link)
    page.wait_for_selector("[data-ruling][data-state=ready]", timeout=120_000)
    assert page.url == link
    assert page.inner_text(".ruling-summary") == summary


def test_a_training_question_and_an_exam_result_fall_back_to_the_field(page: Any, site_server: str) -> None:
    page.add_init_script(NO_CLIPBOARD)
    page.add_init_script(SHARE_SHEET)
    page.set_viewport_size(PHONE)
    open_question(page, site_server, "fr", 7, "turns", "mtg")
    assert page.locator(".training-share-line .share-sheet").count() == 1
    page.click(".training-share")
    page.wait_for_selector(".training-share-status input.share-link-field")
    assert_link_field(page, ".training-share-status", page.url)

    page.goto(f"{site_server}fr/training/#exam={CODE.lower()}&answers=0123012301")
    page.wait_for_selector(f"{EXAM}[data-state=review]", timeout=60_000)
    assert page.locator("[data-action=share-sheet]").count() == 1
    page.click("[data-action=share-result]")
    page.wait_for_selector(f"{EXAM} input.share-link-field")
    field = page.eval_on_selector(f"{EXAM} .training-share-status", FIELD)
    assert "#exam=" in field["value"] and "answers=" in field["value"] and field["height"] < 60
