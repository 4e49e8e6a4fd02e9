"""Dates in a page's running text are written as its language writes them.

A judge reads "10 November 2025", « 10 novembre 2025 », "10 de novembro de 2025",
「2025年11月10日」; an ISO date (2025-11-10) belongs only to code, addresses and the
machine-readable parts of a page (exam codes, form values, data attributes), which are
not its text.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

RAW = re.compile(r"<(script|style|pre|code|textarea|kbd|samp)\b.*?</\1>", re.S | re.I)
TAG = re.compile(r"<[^>]*>")
URL = re.compile(r"https?://\S+")
ISO_DATE = re.compile(r"(?<![\w/-])\d{4}-\d{2}-\d{2}(?![\w/-])")


def running_text(markup: str) -> str:
    return URL.sub("", html.unescape(TAG.sub(" ", RAW.sub(" ", markup))))


def iso_dates(markup: str) -> list[str]:
    text = running_text(markup)
    return [text[max(0, m.start() - 40):m.end() + 20].strip() for m in ISO_DATE.finditer(text)]


@pytest.mark.parametrize("markup, found", [
    ("<p>Effective 2025-11-10</p>", True),
    ("<p>the edition (2023-11-13)</p>", True),
    ("<p>in force since 10 November 2025</p>", False),
    ('<p><code>"event_date": "2025-11-10"</code> <a href="https://x.org/2025-11-10">link</a></p>', False),
    ('<input type="date" value="2025-11-10">', False),
])
def test_an_iso_date_in_running_text_is_found(markup: str, found: bool) -> None:
    assert bool(iso_dates(markup)) is found


def test_no_built_page_writes_an_iso_date_in_its_text(built_site: Path) -> None:
    found = [f"{page.relative_to(built_site)}: …{hit}…" for page in sorted(built_site.rglob("*.html"))
             for hit in iso_dates(page.read_text(encoding="utf-8"))]
    assert found == []
