"""A player at the table opens a procedure page on a phone: the first screen holds the title
and what to do when time is called (the summary box under it), not the source notes.

One load per page and language (12), on a 360 × 740 screen; the engine is not started (a
reader saving data gets it only on first use), nothing here needs a ruling.
"""

from __future__ import annotations

from typing import Any

import pytest

from rules_engine.rule_ids import GAMES, PAGES
from tests.site.sitebuild import LANGUAGES, prefix

pytestmark = pytest.mark.browser

PHONE = {"width": 360, "height": 740}


def test_the_title_and_what_to_do_fill_a_phones_first_screen(page: Any, site_server: str) -> None:
    page.set_viewport_size(PHONE)
    page.add_init_script("Object.defineProperty(navigator, 'connection', {value: {saveData: true}})")
    outside = []
    for lang in LANGUAGES:
        for game in GAMES:
            url = f"{site_server}{prefix(lang)}{PAGES[game]}/"
            page.goto(url)
            found = page.evaluate("""() => {
              const box = (selector) => {
                const element = document.querySelector(selector);
                if (!element) return null;
                const rect = element.getBoundingClientRect();
                return {top: rect.top, bottom: rect.bottom, height: rect.height};
              };
              return {scrolled: window.scrollY, height: window.innerHeight,
                      title: box("article h1"), summary: box("article h1 ~ .site-summary"),
                      button: box(".site-summary a[href='#checker']")};
            }""")
            for name in ("title", "summary", "button"):
                rect = found[name]
                if rect is None or rect["height"] <= 0 or rect["top"] < 0 or rect["bottom"] > found["height"]:
                    outside.append((lang, game, name, rect))
            assert found["scrolled"] == 0, url
    assert outside == []
