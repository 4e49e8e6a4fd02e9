"""Where the home and About pages say the site works offline, they say when, as the site does it.

A first visit saves the site on the device in the background (overrides/offline/sw.js): on a slow
connection that takes most of a minute, while the header shows "Saving for offline use: n %",
then "Saved: works offline" (offline.js). Until then a page opened offline fails: "works offline
once visited" is not true. Every sentence of these pages that says the site works offline names
the save and the header that reports it. Read from the Markdown pages (their text, not the front
matter's description): no build needed.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"

# In each language: the claim (offline as in translations/terminology.yaml, and the Portuguese
# "sem internet"), the verb of the save (the header's own "Saved", "Enregistré", "Salvo", "保存"),
# and the header.
OFFLINE = {"en": r"\bworks? offline\b", "fr": r"\bfonctionnen?t? hors ligne\b",
           "pt": r"\bfuncionam? (offline|sem internet)\b", "ja": "オフラインで(も)?使え"}
SAVED = {"en": r"\bsaved\b", "fr": r"\benregistr", "pt": r"\bsalv", "ja": "保存"}
HEADER = {"en": r"\bheader\b", "fr": r"\ben-tête\b", "pt": r"\bcabeçalho\b", "ja": "ヘッダー"}
# A sentence ends at its full stop; a Japanese one may go on to the next (「…使えます。完了すると…」).
SENTENCE = {"en": r"(?<=\.)\s+", "fr": r"(?<=\.)\s+", "pt": r"(?<=\.)\s+", "ja": r"\n"}


def body(lang: str, page: str) -> str:
    text = (DOCS / lang / page).read_text(encoding="utf-8")
    return text.split("\n---\n", 1)[1]


@pytest.mark.parametrize("lang", OFFLINE)
@pytest.mark.parametrize("page", ["index.md", "about.md"])
def test_works_offline_is_said_with_when(lang: str, page: str) -> None:
    claims = [sentence for line in body(lang, page).splitlines()
              for sentence in re.split(SENTENCE[lang], line) if re.search(OFFLINE[lang], sentence, re.I)]
    assert claims, f"{lang}/{page} no longer says the site works offline: this test has nothing to read"
    for claim in claims:
        assert re.search(SAVED[lang], claim, re.I) and re.search(HEADER[lang], claim, re.I), \
            f"{lang}/{page}: works offline, but not said to be once the header says it is saved: {claim!r}"
