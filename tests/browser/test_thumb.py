"""Nothing in the thumb's way, on a 360 × 740 phone, in Chromium.

One helper (``covered``) looks at each step of the checker, the tracker and an exam: a
floating element (position: fixed: Material's toast, "Back to top") must cover no control
anywhere on the screen; a sticky one (the header, a tool's bar, the tracker's turn line) must
cover none of the controls the step is about (a sticky bar hides what scrolls under it: that
is what it is for, but never the control the page has just brought forward or asks for).
Also: the header's site name whole in four languages, the comparison with nothing to scroll
sideways, the checker's Reset readable in dark mode after a tap, the tracker's turn in sight
at the bottom of the page. The engine starts once per flow (a ruling, a board, an exam).
"""

from __future__ import annotations

import json
import re
from typing import Any
from urllib.parse import quote

import pytest

from rules_engine.training.exam import exam
from tests.browser.test_exam import CODE, EXAM
from tests.browser.test_tracker import ready_state
from tests.browser.test_training import site_string
from tests.browser.conftest import PHONE
from tests.site.sitebuild import LANGUAGES, prefix

pytestmark = pytest.mark.browser

READY = "() => window.rulesChecker && window.rulesChecker.state === 'ready'"

# [{what, over, how}]: a control and what lies over it (fixed: anywhere; sticky: the step's own
# controls, `targets`, a CSS selector). A box is what an element and its shown descendants paint.
COVERED = """(targets) => {
  const seen = (e) => e.checkVisibility({opacityProperty: true, visibilityProperty: true});
  const clip = (r) => ({left: Math.max(0, r.left), top: Math.max(0, r.top),
                        right: Math.min(innerWidth, r.right), bottom: Math.min(innerHeight, r.bottom)});
  const meet = (a, b) => ({left: Math.max(a.left, b.left), top: Math.max(a.top, b.top),
                           right: Math.min(a.right, b.right), bottom: Math.min(a.bottom, b.bottom)});
  const area = (r) => Math.max(0, r.right - r.left) * Math.max(0, r.bottom - r.top);
  const name = (e) => `${e.tagName.toLowerCase()}.${String(e.className).trim().split(/\\s+/).join('.')}`
    + ` "${(e.textContent || e.value || e.getAttribute('aria-label') || '').trim().slice(0, 40)}"`;
  const floating = [];
  for (const e of document.querySelectorAll('body *')) {
    const position = getComputedStyle(e).position;
    if ((position !== 'fixed' && position !== 'sticky') || !seen(e)) continue;
    let box = null;
    for (const part of [e, ...e.querySelectorAll('*')]) {
      const r = part.getBoundingClientRect();
      if (!r.width || !r.height || !seen(part)) continue;
      box = box ? {left: Math.min(box.left, r.left), top: Math.min(box.top, r.top),
                   right: Math.max(box.right, r.right), bottom: Math.max(box.bottom, r.bottom)} : r;
    }
    if (box && area(clip(box)) > 0) floating.push({e, position, box: clip(box)});
  }
  const controls = document.querySelectorAll(
    'a[href], button, input:not([type=hidden]), select, textarea, summary, .checker-option > span');
  const found = [];
  for (const c of controls) {
    if (!seen(c)) continue;
    const r = clip(c.getBoundingClientRect());
    if (!area(r)) continue;
    for (const f of floating) {
      if (f.e.contains(c) || c.contains(f.e)) continue;
      if (f.position === 'sticky' && !(targets && c.matches(targets))) continue;
      if (area(meet(r, f.box)) > 0) found.push(`${name(c)} under ${f.position} ${name(f.e)}`);
    }
  }
  return found;
}"""

# The contrast of an element's text on what is behind it (its own and its ancestors' backgrounds).
CONTRAST = """(e) => {
  const parse = (c) => {
    const m = /rgba?\\(([^)]+)\\)/.exec(c);
    const p = m[1].split(/[ ,\\/]+/).filter(Boolean).map(Number);
    return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
  };
  const over = (top, under) => [0, 1, 2].map((i) => top[i] * top[3] + under[i] * (1 - top[3])).concat([1]);
  const chain = [];
  for (let n = e; n; n = n.parentElement) chain.unshift(n);
  let back = [255, 255, 255, 1];
  for (const n of chain) back = over(parse(getComputedStyle(n).backgroundColor), back);
  const text = over(parse(getComputedStyle(e).color), back);
  const lum = (c) => c.slice(0, 3).map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; })
    .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);
  const [a, b] = [lum(text), lum(back)].sort((x, y) => y - x);
  return (a + 0.05) / (b + 0.05);
}"""

# Transitions and toasts finished (never waiting on an endless animation, nor more than 2 s).
SETTLED = """() => Promise.race([new Promise((done) => setTimeout(done, 2000)), Promise.all(document.getAnimations()
  .filter((a) => a.effect && a.effect.getComputedTiming().endTime !== Infinity)
  .map((a) => a.finished.catch(() => null)))])"""


def covered(page: Any, targets: str | None = None) -> list[str]:
    page.evaluate(SETTLED)
    return page.evaluate(COVERED, targets)


def in_view(page: Any, selector: str) -> bool:
    """Every element of ``selector`` whole on the screen, below the header."""
    return page.evaluate("""(selector) => {
      const header = document.querySelector('.md-header').getBoundingClientRect().bottom;
      const all = [...document.querySelectorAll(selector)];
      return all.length > 0 && all.every((e) => {
        const r = e.getBoundingClientRect();
        return r.top >= header && r.bottom <= innerHeight;
      });
    }""", selector)


def test_the_site_name_is_whole_and_the_comparison_does_not_scroll_sideways(phone: Any, site_server: str) -> None:
    for lang in LANGUAGES:
        phone.goto(f"{site_server}{prefix(lang)}compare/")
        names = phone.evaluate("""() => [...document.querySelectorAll('.md-header__topic:first-child .md-ellipsis')]
          .filter((e) => e.checkVisibility()).map((e) => [e.textContent.trim(), e.scrollWidth, e.clientWidth])""")
        assert names == [[site_string(lang, "End of Match"), names[0][1], names[0][2]]], (lang, names)
        assert names[0][1] <= names[0][2], f"{lang}: the site's name is cut: {names}"
        # Each table's row a block inside the screen, each game's cell under its column's name.
        wide = phone.evaluate("""() => [...document.querySelectorAll('.md-typeset table, .md-typeset__scrollwrap')]
          .map((e) => [e.getBoundingClientRect().left, e.getBoundingClientRect().right, e.scrollWidth - e.clientWidth])
          .filter(([left, right, hidden]) => left < 0 || right > innerWidth || hidden > 1)""")
        assert wide == [], f"{lang}: {wide}"
        assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        labels = phone.evaluate("""() => [...document.querySelectorAll('table[data-stacked] td[data-label]')]
          .slice(1, 4).map((td) => getComputedStyle(td, '::before').content)""")
        assert labels == ['"MTG"', '"GA"', '"YGO"'], labels
    assert phone.errors == []


SCENARIO = {"version": 1, "game": "mtg", "round": "single-elimination", "games_won": [1, 1],
            "time_called": "during-game", "active_player": "A", "current_game": {"life": [7, 12]}}


def test_the_checker_keeps_its_controls_clear_and_reset_readable_in_dark_mode(phone: Any, site_server: str) -> None:
    phone.emulate_media(color_scheme="dark")
    phone.goto(f"{site_server}checker/")
    phone.wait_for_function(READY, timeout=60_000)
    bar = ".checker-form:not([hidden]) .checker-actions"
    assert phone.locator(bar).is_visible()
    # The first visit's toast ("saved on this device"), as offline.js raises it.
    saved = site_string("en", "Saved on this device: every page and the checker now work offline.")
    phone.evaluate("(text) => window.alert$.next(text)", saved)
    toast = phone.locator(".md-dialog--active")
    toast.wait_for()
    assert covered(phone, f"{bar} button") == []
    # In the header bar, in the place of the site's name: nothing of the page under it, nor the
    # header's own buttons.
    box, header = toast.bounding_box(), phone.locator(".md-header").bounding_box()
    assert header["y"] <= box["y"] and box["y"] + box["height"] <= header["y"] + header["height"] + 1, (box, header)
    assert phone.evaluate("""() => {
      const toast = document.querySelector('.md-dialog').getBoundingClientRect();
      return [...document.querySelectorAll('.md-header .md-header__button:not(.md-logo)')].filter((b) => {
        const r = b.getBoundingClientRect();
        return r.width && r.left < toast.right && toast.left < r.right;
      }).length;
    }""") == 0
    # A tap where the toast is goes through it.
    assert phone.evaluate("""() => {
      const r = document.querySelector('.md-dialog').getBoundingClientRect();
      return !document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2).closest('.md-dialog');
    }""")

    phone.evaluate("(hash) => { location.hash = hash; }", f"#scenario={quote(json.dumps(SCENARIO))}")
    ruling = phone.locator("[data-ruling]")
    phone.wait_for_selector("[data-ruling][data-state=ready]", timeout=60_000)
    assert covered(phone, "[data-ruling] a") == []

    reset = phone.locator(f"{bar} button[type=reset]")
    reset.tap()
    phone.locator(".checker-undo").wait_for()
    assert covered(phone, f"{bar} button") == []
    # After the tap the button keeps its hover and focus look: its label still at 4.5:1 or more.
    assert reset.evaluate("(e) => e.matches(':focus')")
    assert reset.evaluate(CONTRAST) >= 4.5
    # The ruling was the cleared form's: gone with it, back with Undo.
    assert ruling.is_hidden()
    phone.locator(".checker-undo-reset").tap()
    assert ruling.is_visible() and ruling.get_attribute("data-state") == "ready"
    assert json.loads(ruling.get_attribute("data-scenario")) == SCENARIO
    assert phone.errors == []


TABLES = ".tracker-tables button"


def test_the_tracker_keeps_the_turn_in_sight_and_the_tables_clear_of_the_header(phone: Any, site_server: str) -> None:
    lang = "pt"
    phone.goto(f"{site_server}{prefix(lang)}tracker/")
    phone.locator('.tracker-setup input[name="tracker-table"]').fill("12")
    for side in ("A", "B"):  # the games won are asked, never pre-filled (one tap each), as are the round, the best of and whose turn
        phone.locator(f'.tracker-setup label:has(> input[name="tracker-wins-{side}"][value="0"])').tap()
    for name, value in (("tracker-round", "swiss"), ("tracker-best-of", "3"), ("tracker-active", "A")):
        phone.locator(f'.tracker-setup label:has(> input[name="{name}"][value="{value}"])').tap()
    phone.locator('.tracker-setup [data-start="plain"]').tap()
    state = ready_state(phone, lang)
    assert covered(phone, f"{TABLES}, .tracker-primary button") == []
    assert in_view(phone, TABLES)
    phone.locator('.tracker-actions [data-action="next-turn"]').tap()
    state = ready_state(phone, lang)
    assert (state["turn"], state["player"]) == (1, "B")

    # At the bottom of the page (the help text), the turn and its player are still in sight.
    phone.evaluate("() => scrollTo(0, document.documentElement.scrollHeight)")
    turn = site_string(lang, "Turn {number}", number=1)
    player = site_string(lang, "Player {player}", player="B")
    phone.wait_for_function("""([turn, player]) => [...document.querySelectorAll('body *')].some((e) => {
        const r = e.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return e.children.length >= 2 && e.children.length <= 4 && e.textContent.includes(turn) && e.textContent.includes(player)
          && r.top >= document.querySelector('.md-header').getBoundingClientRect().bottom - 1
          && r.bottom <= innerHeight && hit && e.contains(hit);
      })""", arg=[turn, player], timeout=5_000)
    assert covered(phone) == []
    # Scrolling back up (Material's "Back to top" comes with it), then a table more: the tables'
    # row whole under the header, nothing over its buttons.
    phone.mouse.wheel(0, -600)
    phone.wait_for_timeout(300)
    assert covered(phone) == []
    phone.locator('.tracker-tables [data-action="add-table"]').tap()
    phone.locator(".tracker-setup").wait_for()
    assert covered(phone, f"{TABLES}, .tracker-setup input") == []
    assert in_view(phone, TABLES)
    assert phone.errors == []


def test_an_exam_brings_each_question_forward_with_previous_and_next_apart(phone: Any, site_server: str) -> None:
    lang = "fr"
    phone.emulate_media(color_scheme="dark")
    expected = exam(CODE, lang)
    phone.goto(f"{site_server}{prefix(lang)}training/#exam={CODE}")
    phone.wait_for_selector(f"{EXAM}[data-state=question]", timeout=60_000)
    step = ".exam-nav button"
    for index, question in enumerate(expected["questions"][:4], start=1):
        phone.wait_for_selector(f'{EXAM}[data-index="{index}"]')
        # The question opens at its top: "Question N of 10", the situation's heading and its first
        # fact (the game) on the screen under the header; Previous/Next pinned on the screen too,
        # under nothing.
        top = ".exam-stage > .training-meta, .exam-stage > h3"
        assert in_view(phone, top), f"question {index}"
        assert in_view(phone, ".exam-stage > .training-facts > div:first-child"), f"question {index}"
        assert in_view(phone, step), f"question {index}"
        assert covered(phone, step) == [], f"question {index}"
        previous, following = (phone.locator(f".exam-nav [data-action={a}]").bounding_box() for a in ("previous", "next"))
        assert abs(previous["y"] - following["y"]) < 1, "one row"
        assert following["x"] - (previous["x"] + previous["width"]) >= 8, "apart"
        assert min(previous["height"], following["height"]) >= 48
        assert following["x"] + following["width"] > PHONE["width"] - 60, "Next at the row's far end"
        assert not re.search(r"\bg[ée]n[ée]rat", phone.locator(".exam-stage").inner_text(), re.I)
        phone.locator(f'.exam-stage .training-choice[data-index="{question["answer"]}"]').tap()
        phone.locator(".exam-nav [data-action=next]").tap()
    assert phone.errors == []


# Each heading's "¶" against the last character of its heading's text: on that character's line.
MARKS_ALONE = """() => [...document.querySelectorAll('.md-typeset :is(h2, h3, h4, h5, h6) a.headerlink')].filter((mark) => {
  const heading = mark.closest('h2, h3, h4, h5, h6'), text = document.createRange();
  text.selectNodeContents(heading); text.setEndBefore(mark);
  const lines = [...text.getClientRects()].filter((r) => r.width > 0);
  return lines.length && mark.getBoundingClientRect().top >= lines[lines.length - 1].bottom - 2;
}).map((mark) => mark.closest('h2, h3, h4, h5, h6').textContent)"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_every_paragraph_mark_is_big_enough_to_tap_and_readable(phone: Any, site_server: str, scheme: str) -> None:
    """The "¶" after each heading and each paragraph: a box of at least 24 × 24 px and 4.5:1
    against what is behind it (text, WCAG 1.4.3), on the boxed paragraphs too (annotations, the
    site's notes); a heading's never alone on a line ("Check a scenario — Magic" at 360 px)."""
    phone.emulate_media(color_scheme=scheme)
    boxes = set()
    for path in ("mtg/end-of-match/", "grand-archive/end-of-match/", "ja/mtg/end-of-match/", "glossary/"):
        phone.goto(f"{site_server}{path}")
        marks = phone.locator(".md-typeset a.site-permalink, .md-typeset :not(h1) > a.headerlink")
        assert marks.count() > 5, path
        measured = marks.evaluate_all("(all, contrast) => all.map((e) => { const r = e.getBoundingClientRect();"
                                      " const s = getComputedStyle(e);"
                                      " return {w: r.width, h: r.height, opacity: Number(s.opacity),"
                                      " box: (e.closest('p') || e.parentElement).className.split(' ')[0],"
                                      " contrast: new Function('return ' + contrast)()(e), where: e.getAttribute('href')}; })",
                                      CONTRAST)
        boxes |= {m["box"] for m in measured}
        small = [m for m in measured if m["w"] < 24 or m["h"] < 24]
        faint = [m for m in measured if m["contrast"] < 4.5 or m["opacity"] < 1]
        assert small == [], f"{path}: {small[:3]}"
        assert faint == [], f"{path}: {faint[:3]}"
        assert phone.evaluate(MARKS_ALONE) == [], path
    assert {"rule", "annotation", "note", "site-heading-end"} <= boxes, boxes
    assert phone.errors == []
