"""What the About page says about the published texts is what the pages do.

The About page of every language sums up where the Magic texts come from and which slips are
corrected; the Magic pages and translations/corrections.yaml are what is done. Read from the
Markdown pages: no build needed.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
CORRECTIONS = yaml.safe_load((ROOT / "translations" / "corrections.yaml").read_text(encoding="utf-8"))["corrections"]

# The name of each source language, in the language of the page that names it.
SOURCE_NAMES = {
    "en": {"en": "English", "ja": "Japanese"},
    "fr": {"en": "anglais", "ja": "japonais"},
    "pt": {"en": "inglês", "ja": "japonês"},
    "ja": {"en": "英語", "ja": "日本語"},
}
# How the About page of each language opens what it says of one completed text.
FOR_TEXT = {
    "en": {"fr": "for French", "pt": "for Portuguese"},
    "fr": {"fr": "pour le français", "pt": "pour le portugais"},
    "pt": {"fr": "para o francês", "pt": "para o português"},
    "ja": {"fr": "フランス語では", "pt": "ポルトガル語では"},
}
# The sentence of a banner that says the official text prevails names English for that reason only.
PREVAILS = re.compile(r"[^.。]*(prevails|prévaut|prevalece|優先)[^.。]*[.。]")


def banner(lang: str) -> str:
    """The Magic page's provenance box: the text it says it translated, and from what."""
    text = (DOCS / lang / "mtg" / "end-of-match.md").read_text(encoding="utf-8")
    match = re.search(r'^!!! info "[^"]*"\n((?:    .*\n)+)', text, re.M)
    assert match, f"{lang}: the Magic page has no provenance box"
    return PREVAILS.sub("", re.sub(r"\]\([^)]*\)", "]", match[1]))  # link targets hold dots


def completed_languages() -> list[str]:
    """The languages whose published Magic text this site completes with paragraphs it translated."""
    texts = {lang: (DOCS / lang / "mtg" / "end-of-match.md").read_text(encoding="utf-8") for lang in SOURCE_NAMES}
    return [lang for lang, text in texts.items()
            if "\ntranslation: published-translation\n" in text and ".site-translation}" in text]


def sources_named(text: str, lang: str) -> set[str]:
    return {source for source, name in SOURCE_NAMES[lang].items() if name in text}


def about_clause(about_lang: str, text_lang: str) -> str:
    """What the About page's Magic item says of one completed text, up to the next clause."""
    item = next(line for line in (DOCS / about_lang / "about.md").read_text(encoding="utf-8").splitlines()
                if line.startswith("- **") and "magic.wizards.com" in line)
    start = item.find(FOR_TEXT[about_lang][text_lang])
    assert start >= 0, f"{about_lang}/about.md does not say where the {text_lang} text's added paragraphs come from"
    rest = item[start:]
    ends = [rest.find(mark) for mark in (";", "；", "。", ". ") if rest.find(mark) > 0]
    return rest[:min(ends)] if ends else rest


def test_the_french_and_portuguese_magic_pages_are_completed() -> None:
    assert set(completed_languages()) == {"fr", "pt"}
    assert sources_named(banner("pt"), "pt") == {"en", "ja"}


@pytest.mark.parametrize("about_lang", sorted(SOURCE_NAMES))
@pytest.mark.parametrize("text_lang", completed_languages())
def test_the_about_page_names_the_languages_the_added_paragraphs_are_translated_from(
        about_lang: str, text_lang: str) -> None:
    assert sources_named(about_clause(about_lang, text_lang), about_lang) == \
        sources_named(banner(text_lang), text_lang)


# Counts the About page gives of the corrections, with the corrections they count.
TIMES = {"pt": {1: "uma vez", 2: "duas vezes", 3: "três vezes", 4: "quatro vezes"}}
COUNTED = [
    # The Portuguese text calls a match (partida) a game (jogo).
    ("pt", "pt", r"o texto português chama (.+?) de \*jogo\* o que é uma \*partida\*",
     lambda c: "jog" in c["source"] and "partida" in c["corrected"]),
    # The Portuguese and Japanese texts each once use the word for extra turns.
    ("pt", "pt", r"os textos português e japonês usam, cada um, (.+?) a palavra dos turnos \*extras\*",
     lambda c: "turnos extras" in c["source"]),
    ("pt", "ja", r"os textos português e japonês usam, cada um, (.+?) a palavra dos turnos \*extras\*",
     lambda c: c["source"] == "追加のターン" and c["corrected"] == "延長ターン"),
]


@pytest.mark.parametrize("about_lang, text_lang, claim, counts", COUNTED)
def test_a_count_of_corrections_on_the_about_page_is_the_count_made(about_lang, text_lang, claim, counts) -> None:
    about = (DOCS / about_lang / "about.md").read_text(encoding="utf-8")
    said = re.search(claim, about)
    assert said, f"{about_lang}/about.md no longer says {claim!r}: update this test"
    made = sum(1 for listed in CORRECTIONS[text_lang].values() for c in listed if "source" in c and counts(c))
    assert said[1] == TIMES[about_lang][made], (said[1], made)
