"""Two things a judge reads on a 360 px phone, in Chromium, in English and Japanese:

- a score or a record in the engine's sentences ("A 1 – B 0 – draws 1", 「A 1 – B 0 – 引き分け 1」, "A 1 – B 0")
  is read in one piece: never "A" at a line's end and its number on the next, in the ruling's bold summary,
  the share link's line, the results and the steps, whatever the width the text has to fit (the engine
  writes them with ordinary spaces, its text being the command line's too);
- once "The ruling is ready ↓" stands in the header bar, the offline status ("Saving for offline use: 8%",
  then "Saved: works offline") is still in view with it: whole, within the header, over nothing of the page
  and over none of the header's controls, in French too.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from rules_engine import judge
from tests.browser.test_checker import site_string
from tests.browser.test_shared_line import link

pytestmark = pytest.mark.browser

# Magic, Swiss, A 1–0, time called in B's turn: "…record A 1 – B 0 – draws 1." and "(A 1 – B 0)" in a step.
SCENARIO = {"version": 1, "game": "mtg", "round": "swiss", "games_won": [1, 0], "time_called": "during-game",
            "active_player": "B"}
PLACES = [".checker-shared .checker-shared-summary", "[data-ruling] .ruling-summary", "[data-ruling] .checker-facts",
          "[data-ruling] .checker-steps"]

# Every score in each place, as a range of its text (whatever elements hold it), measured as the place is
# narrowed 2 px at a time from its width at 360 px to 60% of it: the widths at which a score is on two lines.
SPLIT_SCORES = r"""(places) => {
  const SCORE = /A\s\d+(?:[.,]\d+)?\s–\sB\s\d+(?:[.,]\d+)?(?:\s–\s\p{L}+\s\d+)?/gu;
  const result = {};
  for (const selector of places) {
    const box = document.querySelector(selector);
    if (!box) { result[selector] = {count: 0, split: []}; continue; }
    const nodes = [];
    const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
    let text = '';
    while (walker.nextNode()) { nodes.push([walker.currentNode, text.length]); text += walker.currentNode.data; }
    const at = (offset) => {
      const [node, start] = nodes.findLast(([, start]) => start <= offset);
      return [node, offset - start];
    };
    const ranges = [...text.matchAll(SCORE)].map((found) => {
      const range = document.createRange();
      range.setStart(...at(found.index));
      range.setEnd(...at(found.index + found[0].length - 1));
      range.setEnd(range.endContainer, range.endOffset + 1);
      return [found[0], range];
    });
    const full = box.getBoundingClientRect().width;
    const split = [];
    for (let width = Math.floor(full); width >= full * 0.6; width -= 2) {
      box.style.maxWidth = `${width}px`;
      for (const [score, range] of ranges) {
        const rects = [...range.getClientRects()].filter((r) => r.width > 0.5);
        const top = Math.min(...rects.map((r) => r.top));
        if (rects.some((r) => r.top > top + r.height / 2)) split.push(`${width}px: ${score}`);
      }
    }
    box.style.maxWidth = '';
    result[selector] = {count: ranges.length, split: split.slice(0, 3)};
  }
  return result;
}"""

# The header as the reader of a share link sees it once the ruling has arrived while they read on: the
# ready notice in the place of the site's name (checker.js), the offline status as offline.js writes it.
HEADER = r"""([ready, texts]) => {
  const title = document.querySelector('.md-header__title');
  const status = document.createElement('div');
  status.className = 'site-offline-status';
  status.setAttribute('role', 'status');
  title.append(status);
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'checker-ruling-ready';
  button.textContent = ready;
  title.append(button);
  const overlap = (a, b) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
  const seen = [];
  for (const text of texts) {
    status.textContent = text;
    const header = document.querySelector('.md-header').getBoundingClientRect();
    const main = document.querySelector('.md-main').getBoundingClientRect();
    const s = status.getBoundingClientRect();
    const b = button.getBoundingClientRect();
    const controls = [...document.querySelectorAll('.md-header :is(label.md-header__button, .md-header__option, .md-select)')]
      .map((e) => e.getBoundingClientRect()).filter((r) => r.width > 0 && r.height > 0);
    const centre = (r) => document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
    seen.push({
      text,
      shown: status.checkVisibility() && s.width > 0 && s.height > 0 && centre(s) === status,
      buttonShown: button.checkVisibility() && centre(b) === button,
      whole: status.scrollWidth <= status.clientWidth + 1 && status.scrollHeight <= status.clientHeight + 1
        && s.left >= 0 && s.right <= innerWidth,
      inHeader: s.top >= header.top && s.bottom <= header.bottom && b.top >= header.top && b.bottom <= header.bottom
        && b.right <= innerWidth,
      overPage: s.bottom > main.top + 1,
      overControl: overlap(s, b) || controls.some((c) => overlap(s, c) || overlap(b, c)),
    });
  }
  button.remove();
  status.remove();
  return seen;
}"""


def status_texts(lang: str) -> list[str]:
    return [site_string(lang, "Saving for offline use: {percent}"), site_string(lang, "Saved: works offline")]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_scores_read_in_one_piece_and_the_offline_status_stays_beside_the_ready_notice_at_360_px(
        phone: Any, site_server: str, lang: str) -> None:
    ruling = judge(json.loads(json.dumps(SCENARIO)), lang)
    phone.goto(f"{site_server}{link(lang, SCENARIO)}")
    phone.wait_for_selector("[data-ruling][data-state=ready]", timeout=30_000)
    # The engine's words as they are: keeping a score in one piece adds and drops nothing.
    assert phone.locator("[data-ruling] .ruling-summary").text_content() == ruling["summary"]
    found = phone.evaluate(SPLIT_SCORES, PLACES)
    assert all(found[place]["count"] for place in PLACES), found
    assert all(not found[place]["split"] for place in PLACES), found

    # The status at 8% and once saved, in the page's language and in French (the longest).
    percent = phone.evaluate("(lang) => new Intl.NumberFormat(lang, {style: 'percent'}).format(0.08)", lang)
    french = phone.evaluate("() => new Intl.NumberFormat('fr', {style: 'percent'}).format(0.08)")
    saving, saved = status_texts(lang)
    fr_saving, fr_saved = status_texts("fr")
    texts = [saving.replace("{percent}", percent), saved, fr_saving.replace("{percent}", french), fr_saved]
    for seen in phone.evaluate(HEADER, [site_string(lang, "The ruling is ready ↓"), texts]):
        assert seen["shown"] and seen["buttonShown"], seen
        assert seen["whole"] and seen["inHeader"], seen
        assert not seen["overPage"] and not seen["overControl"], seen
    assert phone.errors == []
