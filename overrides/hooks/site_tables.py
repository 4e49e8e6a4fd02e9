"""Tables that read as blocks on a phone: each cell carries its column's header.

A page whose front matter says ``tables: stacked`` (the comparison of the procedures) gets,
on each of its tables, ``data-stacked`` and, on each body cell, ``data-label`` = the text of
its column's header. site.css turns such a table, on a narrow screen, into one block per
row (its first cell the title, each other cell under its column's name) and keeps the table
on a wide one. Nothing is written for a page that does not ask.

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

TABLE = re.compile(r"<table>(?P<body>.*?)</table>", re.S)
HEAD = re.compile(r"<thead>(?P<row>.*?)</thead>", re.S)
HEADER_CELL = re.compile(r"<th(?:\s[^>]*)?>(?P<text>.*?)</th>", re.S)
BODY_CELL = re.compile(r"<td(?P<attrs>(?:\s[^>]*)?)>", re.S)
ROW = re.compile(r"<tr>(?P<cells>.*?)</tr>", re.S)
TAG = re.compile(r"<[^>]+>")


def stacked(table: str) -> str:
    """One table's inside, each body cell labelled with its column's header."""
    head = HEAD.search(table)
    if not head:
        return table
    labels = [html.unescape(TAG.sub("", m["text"])).strip() for m in HEADER_CELL.finditer(head["row"])]

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


def on_page_content(content: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    if page.meta.get("tables") != "stacked":
        return content
    return TABLE.sub(lambda m: f"<table data-stacked>{stacked(m['body'])}</table>", content)
