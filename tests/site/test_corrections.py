"""Every correction a page claims is made: translations/corrections.yaml against the pages.

A published translation's slips are corrected in the open: the paragraph carries
.editorial-correction, reads the corrected words, and ends with this site's note, opened by
the badge's words ("(Correction éditoriale : …)"), that quotes the source's own. Read from the
Markdown pages: no build needed.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from rules_engine.i18n import LANGUAGES

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "overrides" / "hooks"))
import site_catalog  # noqa: E402  (the badge's words, as the build writes them)

CORRECTIONS = yaml.safe_load((ROOT / "translations" / "corrections.yaml").read_text(encoding="utf-8"))["corrections"]
ATTRIBUTES = re.compile(r"^\{#([\w-]+)([^}]*)\}\s*$")


def label(lang: str) -> str:
    return site_catalog.translations(lang).gettext("Editorial correction")


def paragraphs(page: Path) -> dict[str, tuple[set[str], str]]:
    """id → (classes, text) of every paragraph with an attribute list."""
    found = {}
    for block in re.split(r"\n\s*\n", page.read_text(encoding="utf-8")):
        lines = block.strip().splitlines()
        match = ATTRIBUTES.match(lines[-1]) if lines else None
        if match:
            found[match[1]] = (set(re.findall(r"\.([\w-]+)", match[2])), " ".join(lines[:-1]))
    return found


def split_note(lang: str, text: str) -> tuple[str, str | None]:
    """(the paragraph's own text, this site's correction note or None)."""
    match = re.search(rf"[(（]{re.escape(label(lang))}\s?[:：]", text)
    return (text[:match.start()], text[match.start():]) if match else (text, None)


def pages(lang: str) -> list[Path]:
    return sorted((ROOT / "docs" / lang).rglob("*.md"))


def listed(lang: str) -> dict[str, list[dict[str, Any]]]:
    return CORRECTIONS.get(lang) or {}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_corrected_paragraph_is_listed_and_says_so(lang: str) -> None:
    marked = {pid: (page, text) for page in pages(lang)
              for pid, (classes, text) in paragraphs(page).items() if "editorial-correction" in classes}
    assert set(marked) == set(listed(lang))
    for pid, (page, text) in marked.items():
        assert split_note(lang, text)[1], f"{page}: #{pid} has no '({label(lang)}: …)' note"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_listed_correction_is_made_in_the_open(lang: str) -> None:
    texts = {pid: text for page in pages(lang) for pid, (_, text) in paragraphs(page).items()}
    problems = []
    for pid, corrections in listed(lang).items():
        body, note = split_note(lang, texts.get(pid, ""))
        for correction in corrections:
            if "added" in correction:
                if correction["added"] not in body:
                    problems.append((pid, "added sentence missing", correction["added"]))
                continue
            if correction["corrected"] not in body:
                problems.append((pid, "not corrected", correction["corrected"]))
            if correction["source"] in body:
                problems.append((pid, "the slip is still there", correction["source"]))
            if note is None or correction["source"] not in note:
                problems.append((pid, "the note does not quote the source", correction["source"]))
    assert problems == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_page_that_corrects_its_source_says_so_in_its_provenance(lang: str) -> None:
    for page in pages(lang):
        corrected = any("editorial-correction" in classes for classes, _ in paragraphs(page).values())
        front = re.match(r"---\n(.*?)\n---\n", page.read_text(encoding="utf-8"), re.S)
        provenance = yaml.safe_load(front[1]).get("provenance", "") if front else ""
        assert corrected <= (label(lang) in provenance), page


def test_the_check_catches_a_slip_left_in_place() -> None:
    body, note = split_note("fr", "Bien que ces tours n’ait pas de durée. (Correction éditoriale : le texte source dit « n’ait ».)")
    assert "n’ait" in body and note is not None and "n’ait" in note
    assert split_note("ja", "ゲームです。（編集上の訂正：原文は「お結果」）")[1] is not None
