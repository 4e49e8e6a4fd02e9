"""French: a narrow no-break space before « : ; ? ! » and after «, never a plain space.

A plain space lets a phone break the line before a colon, which then opens the next line.
The build makes every French page's text right (overrides/hooks/site_typography.py); the
French catalogs (the site's strings, the engine's messages: rulings, form labels, the
tracker's words, injected by scripts) are written right at the source.
"""

from __future__ import annotations

import html
import re
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "overrides" / "hooks"))
import site_typography  # noqa: E402

RAW = re.compile(r"<(script|style|pre|code|textarea)\b.*?</\1>", re.S | re.I)
TAG = re.compile(r"<[^>]*>")


def page_text(markup: str) -> str:
    return html.unescape(TAG.sub("", RAW.sub("", markup)))


@pytest.mark.parametrize("example", ["Bilan : A 1", "Qui commence ?", "« Traduit par ce site »", "tour ; puis",
                                     "Bilan\u00a0: A 1"])
def test_a_breakable_space_at_french_punctuation_is_caught_and_fixed(example: str) -> None:
    assert site_typography.loose_spaces(example.replace("\u00a0", " "))
    fixed = site_typography.french_html(f"<p>{example}</p><code>a : b</code>")
    assert site_typography.loose_spaces(page_text(fixed)) == [] and "\u00a0:" not in fixed
    assert "<code>a : b</code>" in fixed  # code is left as written


def test_every_built_french_page_keeps_its_punctuation_with_its_word(built_site: Path) -> None:
    found = []
    for page in sorted((built_site / "fr").rglob("*.html")):
        found += [f"{page.relative_to(built_site)}: …{hit}…"
                  for hit in site_typography.loose_spaces(page_text(page.read_text(encoding="utf-8")))]
    assert found == []


@pytest.mark.parametrize("catalog", ["site", "rules_engine"])
def test_every_french_catalog_entry_keeps_its_punctuation_with_its_word(catalog: str) -> None:
    with (ROOT / "translations" / catalog / "fr.po").open("rb") as handle:
        found = [f"{message.id!r}: …{hit}…" for message in read_po(handle)
                 if message.id and isinstance(message.string, str)
                 for hit in site_typography.loose_spaces(message.string.replace("\u00a0", " "))]
    assert found == []


# English quotation marks, or a dash with no space around it between two words: not French
# typography. A correction note quotes the source's own words, which may have them.
ENGLISH_TYPOGRAPHY = re.compile(r"[“”]|\w—\w")
CORRECTION_NOTE = re.compile(r"\(Correction éditoriale\s*:.*?(?=</p>)", re.S)


def test_french_text_quotes_with_guillemets_and_spaces_its_dashes(built_site: Path) -> None:
    found = []
    for page in sorted((built_site / "fr").rglob("*.html")):
        text = page_text(CORRECTION_NOTE.sub("", page.read_text(encoding="utf-8")))
        found += [f"{page.relative_to(built_site)}: …{text[max(0, hit.start() - 30):hit.end() + 30]}…"
                  for hit in ENGLISH_TYPOGRAPHY.finditer(text)]
    for catalog in ("site", "rules_engine"):
        with (ROOT / "translations" / catalog / "fr.po").open("rb") as handle:
            found += [f"{catalog} {message.id!r}" for message in read_po(handle)
                      if message.id and isinstance(message.string, str) and ENGLISH_TYPOGRAPHY.search(message.string)]
    assert found == []
