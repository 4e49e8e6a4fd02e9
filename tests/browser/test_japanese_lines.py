"""Japanese lines on a 360 px phone, in Chromium: strict line breaking (ー or a small kana never
starts a line) and no break inside a word or a number and its counter (「ター／ン」, 「3／ターン」,
「マッ／チ」), on every Japanese page, its tables' narrow cells too (「オーバータイ／ム」 in the
glossary's first column), with nothing wider than the screen; in what the scripts write (a
ruling), and for the phrases a phone showed broken (site.css, ``:lang(ja)``)."""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import quote

import pytest

from rules_engine.rule_ids import PAGES
from tests.site.sitebuild import nav_pages, page_dir

pytestmark = pytest.mark.browser

# The splits found in ``root``: a katakana word (with ー; a number and its counter: 3ターン,
# 0ターン目) over two lines; ー or a small kana at the start of a line.
SPLITS = """(root) => {
  // A whole katakana word of up to 8 characters (a longer one may have to break on a phone).
  const WORD = /(?<![ァ-ヺー0-9０-９])[0-9０-９]*[ァ-ヺー]{2,8}目?(?![ァ-ヺー])/g
  const SMALL = /[ーァィゥェォッャュョヮヵヶぁぃぅぇぉっゃゅょゎ]/
  const top = (node, i) => {
    const range = document.createRange(); range.setStart(node, i); range.setEnd(node, i + 1)
    const rects = range.getClientRects(); return rects.length ? Math.round(rects[0].top) : null
  }
  const found = []
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT)
  for (let node; (node = walker.nextNode());) {
    const parent = node.parentElement
    if (!parent || !parent.getClientRects().length) continue
    if (parent.closest("script, style, pre, code, .md-search, .md-header, [hidden]")) continue
    const text = node.data
    for (const match of text.matchAll(WORD)) {
      const tops = new Set()
      for (let k = 0; k < match[0].length; k++) { const t = top(node, match.index + k); if (t !== null) tops.add(t) }
      if (tops.size > 1) found.push(`${match[0]} split in 「${text.slice(Math.max(0, match.index - 6), match.index + match[0].length + 6)}」`)
    }
    for (let k = 1; k < text.length; k++) {
      if (!SMALL.test(text[k])) continue
      const here = top(node, k), before = top(node, k - 1)
      if (here !== null && before !== null && here > before + 2)
        found.push(`${text[k]} starts a line in 「${text.slice(Math.max(0, k - 6), k + 6)}」`)
    }
  }
  return found
}"""

PHONE = {"width": 360, "height": 740}

# A table wider than the screen, or scrolling sideways in its box.
SCROLLING_TABLES = """() => [...document.querySelectorAll('.md-typeset table, .md-typeset__scrollwrap')]
  .filter((box) => box.getBoundingClientRect().right > innerWidth || box.scrollWidth > box.clientWidth + 1)
  .map((box) => box.textContent.trim().slice(0, 40))"""


def ja_page(phone: Any, site_server: str, path: str) -> None:
    phone.set_viewport_size(PHONE)
    phone.goto(f"{site_server}ja/{path}", wait_until="domcontentloaded")
    phone.evaluate("document.fonts.ready")


@pytest.mark.parametrize("markdown", nav_pages())
def test_no_japanese_word_breaks_inside_on_a_phone(phone: Any, site_server: str, markdown: str) -> None:
    ja_page(phone, site_server, page_dir(markdown))
    assert phone.evaluate(SPLITS, phone.query_selector("body")) == []
    # Whole words widen a table's column, never the page. A column for each language (the glossary's
    # terms, the about page's translation status) scrolls in its own box, in every language; no
    # other table does (the comparison and the translators' table stack their rows).
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    if markdown not in ("glossary.md", "about.md"):
        assert phone.evaluate(SCROLLING_TABLES) == []


# The review's phrases, in a paragraph of the page narrowed pixel by pixel: every width a
# phone's column, a table cell or an exam choice can give them.
PHRASES = ["ダメージ・カウンターを置いたままにします", "さらに3ターンを行います", "ちょうど3ターンを行います",
           "Bはこのターンを終え（0ターン目）、そのあと5ターンを行います", "遊戯王OCG・Yu-Gi-Oh! TCG：マッチ終了時の手順"]


def test_the_phrases_a_phone_showed_broken_break_between_words(phone: Any, site_server: str) -> None:
    ja_page(phone, site_server, "")
    found = phone.evaluate("""([phrases, splits]) => {
      const check = eval(splits), box = document.querySelector(".md-content .md-typeset")
      const found = new Set()
      for (const phrase of phrases) {
        const p = document.createElement("p"); p.textContent = phrase; box.prepend(p)
        for (let width = 150; width <= 330; width++) {
          p.style.width = `${width}px`
          for (const split of check(p)) found.add(`${width}px: ${split}`)
        }
        p.remove()
      }
      return [...found]
    }""", [PHRASES, SPLITS])
    assert found == []


def test_a_japanese_ruling_breaks_between_words(phone: Any, site_server: str) -> None:
    scenario = {"version": 1, "game": "mtg", "round": "swiss", "games_won": [1, 0],
                "time_called": "during-game", "active_player": "B"}
    ja_page(phone, site_server, f"{PAGES['mtg']}/#scenario={quote(json.dumps(scenario))}")
    phone.wait_for_selector("[data-ruling][data-state=ready]", timeout=120_000)
    ruling = phone.query_selector("[data-ruling]")
    assert "ターン" in ruling.inner_text()
    assert phone.evaluate(SPLITS, ruling) == []
