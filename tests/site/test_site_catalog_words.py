"""The site's catalogs (translations/site/*.po), entry by entry, for what a reader found in them.

- A term the pages translate is translated in the site's own strings too: an entry whose English names the
  Top Cut says it with the language's term (translations/terminology.yaml, concept top-cut), never the
  English left as it was (Japanese トップカット, French "top cut").
- A title put into a sentence (%(title)s: an edition's title, plural or masculine as it comes) follows no
  article that agrees with one gender or number (Portuguese "por %(title)s", never "pela %(title)s").
- A Warning's category is said with the rulings' word (Japanese カテゴリ, never 区分).
- A side's name the tracker puts into a Japanese line (「プレイヤー B」) follows no half-width space after a
  Japanese character (「1ターン目中のプレイヤー B への」, never 「1ターン目中の プレイヤー B への」).
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
def entries(lang: str, domain: str = "site") -> list[tuple[str, str]]:
    """A catalog's translated entries: the site's, or the engine's (domain "rules_engine")."""
    with (ROOT / "translations" / domain / f"{lang}.po").open(encoding="utf-8") as file:
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


# The word for the IPG's and the Play Correction Guidelines' "category" (a second Warning in the same category),
# as the engine's rulings say it: the tracker's lines say it with the same word (Japanese カテゴリ, never 区分).
CATEGORY = {"fr": "catégorie", "pt": "categoria", "ja": "カテゴリ"}


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_category_of_a_warning_is_said_with_the_rulings_word(lang: str) -> None:
    rulings = [msgstr for msgid, msgstr in entries(lang, "rules_engine") if "same category" in msgid]
    assert rulings and all(CATEGORY[lang] in msgstr for msgstr in rulings), "the table follows the rulings"
    named = [(msgid, msgstr) for msgid, msgstr in entries(lang) if "category" in msgid]
    assert named
    for msgid, msgstr in named:
        assert CATEGORY[lang] in msgstr and "区分" not in msgstr, (msgid, msgstr)


# Japanese: a half-width space stands between a Latin word and a Japanese one (「プレイヤー B のターン」), never
# between two Japanese characters. The tracker fills {who} (and its taps' {player} and {result}) with its own words
# for a side (「プレイヤー B」, 「チーム B」, 「デュエリスト B」: its "Player {player}" strings), which start in Japanese.
JAPANESE = r"[\u3000-\u30ff\u4e00-\u9fff\uff01-\uff60]"
SIDE_NAMES = ("Player {player}", "Team {player}", "Duelist {player}")


def test_a_side_s_name_put_into_a_japanese_line_has_no_space_before_it() -> None:
    side = dict(entries("ja"))["Player {player}"].format(player="B")
    assert re.match(JAPANESE, side)
    found = []
    for msgid, msgstr in entries("ja"):
        if msgid in SIDE_NAMES:
            continue
        filled = re.sub(r"\{(?:who|player|result)\}", side, msgstr)
        found += [(msgid, m[0]) for m in re.finditer(rf"{JAPANESE} +{JAPANESE}", filled)]
    assert found == []
