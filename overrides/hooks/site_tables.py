"""Tables that read as blocks on a phone: each cell carries its column's header.

A page whose front matter says ``tables: stacked`` (the comparison of the procedures) gets,
on each of its tables, ``data-stacked`` and, on each body cell, ``data-label`` = the text of
its column's header. site.css turns such a table, on a narrow screen, into one block per
row (its first cell the title, each other cell under its column's name) and keeps the table
on a wide one. Nothing is written for a page that does not ask.

Every table also reads as rows in a search result's snippet. The search index keeps a page's
text without its markup, so a table came out as its cells run together ("Topic MTG GA YGO Draws
None None v2.5: …"). Each body row is written for the index as "Draws — MTG: None · GA: None ·
YGO: v2.5: … | Tiebreaks, in order — MTG: …": each cell after the first names its column, the
header row (named in every cell) is left out of the index, and the separators are text the
index reads and the screen does not show (``hidden``: not displayed, not read aloud, not copied).

Python-Markdown writes a table as <table><thead><tr><th>…</th>…</tr></thead><tbody><tr><td>…
</td>…</tr>…</tbody></table>, with no table inside a cell: the first closing tag closes.
Runs once per page and language.
"""

from __future__ import annotations

import html
import re

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page

TABLE = re.compile(r"<table(?P<attrs>(?:\s[^>]*)?)>(?P<body>.*?)</table>", re.S)
HEAD = re.compile(r"<thead>(?P<row>.*?)</thead>", re.S)
HEADER_CELL = re.compile(r"<th(?:\s[^>]*)?>(?P<text>.*?)</th>", re.S)
BODY_CELL = re.compile(r"<td(?P<attrs>(?:\s[^>]*)?)>", re.S)
ROW = re.compile(r"<tr>(?P<cells>.*?)</tr>", re.S)
TAG = re.compile(r"<[^>]+>")


def header_labels(table: str) -> list[str]:
    """The text of each column's header, in order ([] for a table with no header row)."""
    head = HEAD.search(table)
    if not head:
        return []
    return [html.unescape(TAG.sub("", m["text"])).strip() for m in HEADER_CELL.finditer(head["row"])]


def stacked(table: str) -> str:
    """One table's inside, each body cell labelled with its column's header."""
    head = HEAD.search(table)
    if not head:
        return table
    labels = header_labels(table)

    def label_row(row: re.Match[str]) -> str:
        index = -1

        def label_cell(cell: re.Match[str]) -> str:
            nonlocal index
            index += 1
            if index >= len(labels) or not labels[index]:
                return cell[0]
            return f'<td{cell["attrs"]} data-label="{html.escape(labels[index], quote=True)}">'

        return f"<tr>{BODY_CELL.sub(label_cell, row['cells'])}</tr>"

    before, after = table[:head.end()], table[head.end():]
    return before + ROW.sub(label_row, after)


# What the search index reads between a table's cells, by language: the row's title, then each
# cell under its column's name; rows apart. French sets its colon off with a narrow no-break space,
# Japanese writes its own full-width colon. (The line break between two cells is the space before.)
COLON = {"fr": "\u202f: ", "ja": "："}
AFTER_TITLE, BETWEEN_CELLS, BETWEEN_ROWS = "— ", "· ", "| "


def _for_search(text: str) -> str:
    return f"<span hidden>{html.escape(text, quote=False)}</span>"


def searchable(table: str, lang: str) -> str:
    """One table's inside with the words a search snippet needs to read it as rows (hidden)."""
    labels = header_labels(table)
    colon = COLON.get(lang, ": ")
    head = HEAD.search(table)
    rows = 0

    def mark_row(row: re.Match[str]) -> str:
        nonlocal rows
        rows += 1
        index = -1

        def mark_cell(cell: re.Match[str]) -> str:
            nonlocal index
            index += 1
            label = labels[index] if index < len(labels) else ""
            before = (BETWEEN_ROWS if rows > 1 else "") if index == 0 else AFTER_TITLE if index == 1 else BETWEEN_CELLS
            said = before + (f"{label}{colon}" if index and label else "")
            return cell[0] + (_for_search(said) if said else "")

        return f"<tr>{BODY_CELL.sub(mark_cell, row['cells'])}</tr>"

    if not head:
        return ROW.sub(mark_row, table)
    # The header row is named in every cell: the index leaves it out (Material's data-search-exclude).
    before = table[:head.start()] + "<thead data-search-exclude>" + head["row"] + "</thead>"
    return before + ROW.sub(mark_row, table[head.end():])


def on_page_content(content: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    lang = config.theme["language"]
    stack = page.meta.get("tables") == "stacked"

    def rewrite(table: re.Match[str]) -> str:
        if "data-search-exclude" in table["attrs"]:
            return table[0]
        body = searchable(stacked(table["body"]) if stack else table["body"], lang)
        return f'<table{table["attrs"]}{" data-stacked" if stack else ""}>{body}</table>'

    return TABLE.sub(rewrite, content)
