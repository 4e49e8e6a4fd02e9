"""Quotation marks: each language's own, and never two of the same kind in a row.

Portuguese quotes with “ ”, never a straight ", in its pages and in every translated message
(engine and site catalogs); markup, code and JSON keep their straight quotes. In every language
a quotation is marked once: a source's quoted words set inside this site's own quotation marks
read ““tempo extra””, which no reader should see.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from tests.catalog_entries import translated

from rules_engine.i18n import LANGUAGES

ROOT = Path(__file__).resolve().parents[1]
CATALOGS = [ROOT / "translations" / domain / f"{lang}.po"
            for domain in ("rules_engine", "site") for lang in LANGUAGES if lang != "en"]

# Markup and code, whose straight quotes are not the text's: front matter, HTML tags, code spans,
# admonition titles, attribute lists, Jinja/format placeholders and JSON objects.
MARKUP = re.compile(r"<[^>]+>|`[^`]*`|\{[^{}]*\}|^!!! \w+ \"[^\"]*\"|^\?\?\?\+? \w+ \"[^\"]*\"")
FRONT_MATTER = re.compile(r"\A---\n.*?\n---\n", re.S)
DOUBLED = re.compile(r"“\s*“|”\s*”|«\s*«|»\s*»|「\s*「|」\s*」|『\s*『|』\s*』|\"\s*“|”\s*\"|“\s*\"|\"\s*”")


def page_lines(lang: str) -> Iterator[tuple[str, str]]:
    for page in sorted((ROOT / "docs" / lang).rglob("*.md")):
        text = FRONT_MATTER.sub(lambda m: "\n" * m[0].count("\n"), page.read_text(encoding="utf-8"))
        for number, line in enumerate(text.splitlines(), 1):
            yield f"{page.relative_to(ROOT)}:{number}", line


def front_matter_values(lang: str) -> Iterator[tuple[str, str]]:
    for page in sorted((ROOT / "docs" / lang).rglob("*.md")):
        match = FRONT_MATTER.match(page.read_text(encoding="utf-8"))
        for line in match[0].splitlines() if match else []:
            value = re.match(r'\s*\w+: "(.*)"$', line)
            if value:
                yield f"{page.relative_to(ROOT)} front matter", value[1]


def translations(path: Path) -> Iterator[tuple[str, str]]:
    yield from translated(path, f"{path.relative_to(ROOT)}:")


def straight_quotes(text: str) -> bool:
    return '"' in MARKUP.sub("", text)


def test_portuguese_pages_quote_with_curly_marks() -> None:
    found = [where for where, line in [*page_lines("pt"), *front_matter_values("pt")] if straight_quotes(line)]
    assert found == []


@pytest.mark.parametrize("path", [p for p in CATALOGS if p.stem == "pt"], ids=lambda p: p.parent.name)
def test_portuguese_messages_quote_with_curly_marks(path: Path) -> None:
    assert [where for where, string in translations(path) if straight_quotes(string)] == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_quotation_mark_is_doubled_on_a_page(lang: str) -> None:
    found = [f"{where}: {m[0]!r}" for where, line in [*page_lines(lang), *front_matter_values(lang)]
             for m in DOUBLED.finditer(line)]
    assert found == []


@pytest.mark.parametrize("path", CATALOGS, ids=lambda p: f"{p.parent.name}-{p.stem}")
def test_no_quotation_mark_is_doubled_in_a_message(path: Path) -> None:
    found = [f"{where}: {m[0]!r}" for where, string in translations(path) for m in DOUBLED.finditer(string)]
    assert found == []


@pytest.mark.parametrize("text, straight, doubled", [
    ('dizia "no próximo turno do oponente"', True, False),
    ("o texto de origem diz ““tempo extra”” e", False, True),
    ('um cenário `{"game": "mtg"}` e <div class="x"></div>', False, False),
    ("dizia “no próximo turno do oponente”", False, False),
    ("「「延長」」", False, True),
])
def test_the_checks_catch_what_they_are_for(text: str, straight: bool, doubled: bool) -> None:
    assert straight_quotes(text) is straight
    assert bool(DOUBLED.search(text)) is doubled
