"""The site's catalogs (translations/site/*.po), entry by entry, for what a reader found in them.

- A term the pages translate is translated in the site's own strings too: an entry whose English names the
  Top Cut says it with the language's term (translations/terminology.yaml, concept top-cut), never the
  English left as it was (Japanese トップカット, French "top cut").
- A title put into a sentence (%(title)s: an edition's title, plural or masculine as it comes) follows no
  article that agrees with one gender or number (Portuguese "por %(title)s", never "pela %(title)s").
"""

from __future__ import annotations

import re
from functools import cache

import pytest
from babel.messages.pofile import read_po

from tests.site.sitebuild import ROOT
from tests.test_terminology import concepts

TRANSLATED = ("fr", "pt", "ja")
ARTICLES = {"fr": r"la|le|les|l’|du|des|de la", "pt": r"pela|pelo|pelas|pelos|da|do|das|dos|na|no|a|o|as|os",
            "ja": r"(?!)"}
TITLE = re.compile(r"%\((?:title|titles)\)s")


@cache
def entries(lang: str) -> list[tuple[str, str]]:
    with (ROOT / "translations" / "site" / f"{lang}.po").open(encoding="utf-8") as file:
        catalog = read_po(file)
    return [(m.id, m.string) for m in catalog if m.id and isinstance(m.id, str) and m.string]


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_top_cut_is_said_with_the_language_s_term(lang: str) -> None:
    term = next(c for c in concepts() if c["id"] == "top-cut")["terms"][lang]
    named = [(msgid, msgstr) for msgid, msgstr in entries(lang) if "Top Cut" in msgid]
    assert named
    for msgid, msgstr in named:
        assert term in msgstr, (msgid, msgstr)
        # The English beside the language's term, only as a gloss in brackets (Japanese 「トップカット（Top Cut）」).
        bare = re.sub(r"（Top Cut）|\(Top Cut\)", "", msgstr)
        assert term == "Top Cut" or not re.search(r"Top Cut", bare), msgstr


@pytest.mark.parametrize("lang", TRANSLATED)
def test_a_title_in_a_sentence_follows_no_article_that_agrees_with_one_title(lang: str) -> None:
    placed = [(msgid, msgstr) for msgid, msgstr in entries(lang) if TITLE.search(msgstr)]
    assert placed
    for msgid, msgstr in placed:
        assert not re.search(rf"(?<![\w’])(?:{ARTICLES[lang]})\s+\[?%\((?:title|titles)\)s", msgstr), (msgid, msgstr)
