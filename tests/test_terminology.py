"""One term per concept per language (translations/terminology.yaml), enforced.

Every page of docs/<lang>/ and every entry of the <lang>.po catalogs (form labels, engine
messages, the site's strings) is read for the variants the terminology file rejects. The
source's own paragraphs (rule text and annotations of seed origin) keep their words.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest
import yaml
from babel.messages.pofile import read_po

from rules_engine.i18n import LANGUAGES
from rules_engine.rule_ids import BY_ID

ROOT = Path(__file__).resolve().parents[1]
TERMINOLOGY = ROOT / "translations" / "terminology.yaml"
ATTRIBUTES = re.compile(r"^\{#([\w-]+)[^}]*\}\s*$")
MODULES = {"mtg": "mtg.py", "grand-archive": "grand_archive.py", "yugioh": "yugioh.py"}


@cache
def concepts() -> list[dict[str, Any]]:
    return yaml.safe_load(TERMINOLOGY.read_text(encoding="utf-8"))["concepts"]


def violations(lang: str, text: str, game: str | None = None) -> list[str]:
    """The rejected variants ``text`` uses; ``game``: the page's or message's game, if any."""
    found = []
    for concept in concepts():
        if concept.get("only") and concept["only"] != game:
            continue
        for pattern in concept.get("rejected", {}).get(lang, []):
            for match in re.finditer(pattern, text):
                found.append(f"{match.group(0)!r} (use {concept['terms'][lang]!r})")
    return found


# The pages whose rule text and annotations are a source's own words in that language (the
# Magic texts in all four; Grand Archive and Yu-Gi-Oh! in English). Elsewhere the paragraphs
# are this site's translation, and are checked like the rest of the site's text.
SOURCE_TEXTS = {("mtg", lang) for lang in LANGUAGES} | {("grand-archive", "en"), ("yugioh", "en")}


def site_paragraphs(page: Path) -> Iterator[tuple[int, str]]:
    """The page's lines, less the source's own paragraphs (a source keeps its words)."""
    lang = page.relative_to(ROOT / "docs").parts[0]
    lines = page.read_text(encoding="utf-8").splitlines()
    if (page_game(page), lang) not in SOURCE_TEXTS:
        yield from enumerate(lines, 1)
        return
    paragraph: list[tuple[int, str]] = []
    for number, line in enumerate(lines + [""], 1):
        if line.strip():
            paragraph.append((number, line))
            continue
        last = ATTRIBUTES.match(paragraph[-1][1]) if paragraph else None
        quoted = last is not None and last[1] in BY_ID and BY_ID[last[1]].source == "seed"
        if not quoted:
            yield from paragraph
        paragraph = []


def page_game(page: Path) -> str | None:
    return next((game for game in MODULES if f"/{game}/" in page.as_posix()), None)


def test_every_concept_has_a_term_in_each_language_that_its_own_rules_accept() -> None:
    ids = [c["id"] for c in concepts()]
    assert len(ids) == len(set(ids))
    for concept in concepts():
        assert set(concept["terms"]) == set(LANGUAGES), concept["id"]
        assert all(str(term).strip() for term in concept["terms"].values()), concept["id"]
        assert set(concept.get("rejected", {})) <= set(LANGUAGES), concept["id"]
        assert concept.get("why"), f"{concept['id']}: say where the term comes from"
        for lang, term in concept["terms"].items():
            assert violations(lang, term, concept.get("only")) == [], (concept["id"], lang)


@pytest.mark.parametrize("lang, text, game", [
    ("ja", "遅いプレイの罰則", None), ("ja", "ペナルティ", None), ("ja", "ターン0の終了", None),
    ("ja", "スイスのラウンド", None), ("ja", "メインフェイズ", None), ("ja", "メインフェーズ", None),
    ("ja", "優先権を受け取る", "grand-archive"), ("pt", "ação baseada em estado", None),
    ("pt", "procedimento de final de partida", None), ("fr", "l’arbitre en chef", None),
])
def test_each_variant_found_in_review_is_caught(lang: str, text: str, game: str | None) -> None:
    assert violations(lang, text, game)


@pytest.mark.parametrize("lang, text, game", [
    ("ja", "〔遅いプレイ〕の懲罰", None), ("ja", "0ターン目の終了", None), ("ja", "ターン10", None),
    ("ja", "スイスドローのラウンド", None), ("ja", "プレイヤーが優先権を得るたびに", "mtg"),
    ("pt", "procedimento de fim de partida", None), ("pt", "ação baseada no estado", None),
])
def test_the_terms_themselves_pass(lang: str, text: str, game: str | None) -> None:
    assert violations(lang, text, game) == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_page_uses_a_rejected_variant(lang: str) -> None:
    found = []
    for page in sorted((ROOT / "docs" / lang).rglob("*.md")):
        for number, line in site_paragraphs(page):
            found += [f"{page.relative_to(ROOT)}:{number}: {v}" for v in violations(lang, line, page_game(page))]
    assert found == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_catalog_entry_uses_a_rejected_variant(lang: str) -> None:
    found = []
    for catalog in sorted((ROOT / "translations").glob(f"*/{lang}.po")):
        with catalog.open("rb") as handle:
            for message in read_po(handle):
                if not (message.id and message.string):
                    continue
                places = " ".join(path for path, _ in message.locations)
                game = next((g for g, module in MODULES.items() if module in places), None)
                found += [f"{catalog.name}: {message.id!r}: {v}" for v in violations(lang, str(message.string), game)]
    assert found == []
