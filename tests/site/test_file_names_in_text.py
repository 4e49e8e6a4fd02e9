"""No page shows its readers the name of one of the site's source files.

A reader wants an address or a link, not `glossary.md#influence` or
`translations/terminology.yaml`. Two exceptions, both on purpose: the translators' page
(translators/), whose readers change those very files, and the text of a link that downloads
the file it names (the published JSON Schema, scenario-v1.json).
"""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

RAW = re.compile(r"<(script|style|template|textarea)\b.*?</\1>", re.S | re.I)
# The text of a link to the very file it names: a download, not a source file.
DOWNLOAD = re.compile(r"<a\b[^>]*href=\"[^\"]*?(?P<file>[\w.-]+)\"[^>]*>\s*(?P=file)\s*</a>", re.S)
TAG = re.compile(r"<[^>]*>")
URL = re.compile(r"https?://\S+")
FILE = re.compile(r"(?<![\w@])[\w/-]+\.(?:md|py|mjs|js|json|ya?ml|pot?|mo|css|toml|cfg|ini)(?![\w])")
FOR_CONTRIBUTORS = ("translators",)


def file_names(markup: str) -> list[str]:
    text = URL.sub("", html.unescape(TAG.sub(" ", DOWNLOAD.sub(" ", RAW.sub(" ", markup)))))
    return [" ".join(text[max(0, m.start() - 40):m.end() + 10].split()) for m in FILE.finditer(text)]


@pytest.mark.parametrize("markup, found", [
    ("<p>(for example <code>glossary.md#influence</code>)</p>", True),
    ("<p>The list is kept in <code>translations/terminology.yaml</code>.</p>", True),
    ("<p>The checker runs <code>rules_engine/contract/fields.py</code></p>", True),
    ('<p>its schema, <a href="../schema/scenario-v1.json">scenario-v1.json</a>, generated</p>', False),
    ("<p>(for example <code>#influence</code>) on magic.wizards.com</p>", False),
    ('<script src="assets/checker/checker.js"></script><p>Rule</p>', False),
])
def test_a_file_name_in_running_text_is_found(markup: str, found: bool) -> None:
    assert bool(file_names(markup)) is found


def test_no_reader_page_names_a_source_file(built_site: Path) -> None:
    found = [f"{page.relative_to(built_site)}: …{hit}…" for page in sorted(built_site.rglob("*.html"))
             if not set(page.relative_to(built_site).parts) & set(FOR_CONTRIBUTORS)
             for hit in file_names(page.read_text(encoding="utf-8"))]
    assert found == []
