"""The search index holds what the pages say, not the tools' controls: a form's labels, choices
and buttons (the checker, the tracker, training and exams) and a tool's status line are marked
``data-search-exclude`` by the hooks that write them (checker_widget.py, judge_tools.py), so
no snippet reads "Who takes the next turnAs usualAB"."""

from __future__ import annotations

import html
import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from tests.site.sitebuild import LANGUAGES, prefix

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
        "track", "wbr"}


class _Controls(HTMLParser):
    """The text runs of each form, the checker's game switcher and each tool's status region
    (the ruling, the training question), in document order."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[bool] = []          # per open element: does it start a region?
        self.regions: list[tuple[str, list[str]]] = []
        self.depth = 0                       # open regions (a region inside another is one)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in VOID:
            return
        found = dict(attrs)
        kind = ("form" if tag == "form" else
                "status" if "data-ruling" in found or "data-question" in found else
                "form" if "checker-game" in (found.get("class") or "").split() else None)
        starts = kind is not None and self.depth == 0
        if starts:
            self.regions.append((kind, []))
        self.depth += starts
        self.stack.append(starts)

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID or not self.stack:
            return
        self.depth -= self.stack.pop()

    def handle_data(self, data: str) -> None:
        if self.depth and data.strip():
            self.regions[-1][1].append(" ".join(data.split()))


def controls(page: Path) -> list[tuple[str, list[str]]]:
    reader = _Controls()
    reader.feed(page.read_text(encoding="utf-8"))
    return reader.regions


def indexed_text(site: Path, lang: str) -> str:
    """Every title and text of the language's search index, as the reader sees a snippet
    (markup removed: the runs of a leaked form are then glued together)."""
    docs = json.loads((site / prefix(lang) / "search" / "search_index.json").read_text(encoding="utf-8"))["docs"]
    return "\n".join(html.unescape(re.sub(r"<[^>]+>", "", f"{doc['title']}\n{doc['text']}")) for doc in docs)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_search_index_holds_no_form_labels_or_tool_status(built_site: Path, lang: str) -> None:
    pages = [page for page in sorted((built_site / prefix(lang)).glob("**/index.html"))
             if lang != "en" or page.relative_to(built_site).parts[0] not in LANGUAGES]
    regions = [region for page in pages for region in controls(page)]
    # The checker (three games), the tracker, training and exams: if none is found, this proves nothing.
    assert sum(kind == "form" for kind, _runs in regions) >= 8, "no tool's form found in the built pages"
    index = indexed_text(built_site, lang)
    leaked = set()
    for kind, runs in regions:
        if kind == "status":
            leaked |= {run for run in runs if run in index}
        # Two neighbouring labels glued together ("Who takes the next turn" + "As usual") never
        # occur in what a page says: found in the index, they come from a form.
        leaked |= {a + b for a, b in zip(runs, runs[1:]) if len(a + b) >= 8 and a + b in index}
    assert sorted(leaked) == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_lines_of_a_table_cell_stay_apart_in_snippets(built_site: Path, lang: str) -> None:
    """A <br> inside a cell ("1. Equal game wins…<br>2. Equal life…") drops out of the search
    index's text; the next line must not be glued to the last word ("the game2. Equal")."""
    index = indexed_text(built_site, lang)
    # A match structure's name ends a sentence as it is: "70 minutes for BO3." (Disney Lorcana).
    glued = [word for word in re.findall(r"\b[^\W\d_]{2,}[1-9]\.\s", index) if not re.fullmatch(r"[Bb][Oo][1-9]\.\s", word)]
    glued += re.findall(r"[^\W\d_]{2,}v2\.[35]\b", index)
    assert glued == []
    breaks = sum(page.read_text(encoding="utf-8").count("<br") for page in (built_site / prefix(lang)).glob("compare/index.html"))
    assert breaks, "the comparison table has no line breaks in cells: this proves nothing"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_table_reads_as_rows_in_snippets(built_site: Path, lang: str) -> None:
    """A table's cells were run together in the index ("Topic MTG GA YGO Draws None None …"): each row
    now reads as its title, then each cell under its column's name, rows apart (site_tables.py), and
    the header row, named in every cell, is not indexed on its own."""
    index = indexed_text(built_site, lang)
    page = (built_site / prefix(lang) / "compare" / "index.html").read_text(encoding="utf-8")
    heads = [re.findall(r"<th[^>]*>(.*?)</th>", head, re.S) for head in re.findall(r"<thead[^>]*>(.*?)</thead>", page, re.S)]
    assert heads, "the comparison has no table: this proves nothing"
    colon = {"fr": "\u202f: ", "ja": "："}.get(lang, ": ")
    for labels in heads:
        labels = [html.unescape(re.sub(r"<[^>]+>", "", label)).strip() for label in labels]
        assert " ".join(labels) not in index, labels
        assert f"— {labels[1]}{colon}" in index and f"· {labels[2]}{colon}" in index, labels
    # Nothing of it shows on the page: the words between the cells are hidden.
    assert re.findall(r"<span hidden>[^<]*</span>", page) and not re.findall(r"<span>[—·|] ", page)
