"""Reading built pages with the standard library's html.parser: what the site tests look at."""

from __future__ import annotations

import functools
import re
import unicodedata
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
        "track", "wbr"}
# <link> relations that name another document, not something the page loads.
NOT_LOADED_RELS = {"alternate", "canonical", "prev", "next"}
ASSET_ATTRIBUTES = {
    "script": ("src",), "img": ("src", "srcset"), "source": ("src", "srcset"),
    "video": ("src", "poster"), "audio": ("src",), "iframe": ("src",), "embed": ("src",),
    "object": ("data",), "track": ("src",), "input": ("src",),
}
CSS_URL = re.compile(r"""url\(\s*['"]?([^'")]+)['"]?\s*\)|@import\s+['"]([^'"]+)['"]""")


def normalize(text: str) -> str:
    """Whole-paragraph comparison: Unicode NFC, whitespace collapsed."""
    return " ".join(unicodedata.normalize("NFC", text).split())


@dataclass
class Element:
    tag: str
    attrs: dict[str, str]
    parent_id: str | None          # the innermost enclosing element that has an id
    parts: list[str] = field(default_factory=list)

    @property
    def id(self) -> str | None:
        return self.attrs.get("id")

    @property
    def classes(self) -> list[str]:
        return self.attrs.get("class", "").split()

    @property
    def text(self) -> str:
        return normalize("".join(self.parts))


@dataclass
class Page:
    path: Path
    lang: str | None = None
    with_id: list[Element] = field(default_factory=list)   # document order
    site_ui: list[Element] = field(default_factory=list)   # .site-ui and what is inside
    links: list[dict[str, str]] = field(default_factory=list)
    anchors: list[Element] = field(default_factory=list)
    assets: list[tuple[str, str]] = field(default_factory=list)  # (where, URL)
    text_parts: list[str] = field(default_factory=list)
    article_parts: list[str] = field(default_factory=list)  # the article, without .site-ui

    @property
    def text(self) -> str:
        return normalize(" ".join(self.text_parts))

    @property
    def article_text(self) -> str:
        """What the page's authors wrote: the article without the site's banner and labels."""
        return normalize(" ".join(self.article_parts))

    def by_id(self, element_id: str) -> Element | None:
        return next((element for element in self.with_id if element.id == element_id), None)

    def ui_in(self, element_id: str) -> list[Element]:
        return [element for element in self.site_ui if element.parent_id == element_id]


class _Reader(HTMLParser):
    def __init__(self, page: Page) -> None:
        super().__init__(convert_charrefs=True)
        self.page = page
        # (tag, element, inside the site's own UI, inside script/style)
        self.stack: list[tuple[str, Element, bool, bool]] = []

    def _parent_id(self) -> str | None:
        return next((element.id for _tag, element, _ui, _raw in reversed(self.stack)
                     if element.id), None)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {name: value or "" for name, value in attrs}
        element = Element(tag, values, self._parent_id())
        if tag == "html":
            self.page.lang = values.get("lang")
        if tag == "link":
            self.page.links.append(values)
            rels = set(values.get("rel", "").lower().split())
            if values.get("href") and not rels & NOT_LOADED_RELS:
                self.page.assets.append(("link", values["href"]))
        for name in ASSET_ATTRIBUTES.get(tag, ()):
            if values.get(name):
                for candidate in values[name].split(","):
                    url = candidate.strip().split(" ")[0]
                    if url:
                        self.page.assets.append((f"{tag}[{name}]", url))
        for url in css_urls(values.get("style", "")):
            self.page.assets.append((f"{tag}[style]", url))
        inside_ui = bool(self.stack and self.stack[-1][2])
        ui = inside_ui or "site-ui" in element.classes
        raw = tag in ("script", "style") or bool(self.stack and self.stack[-1][3])
        if element.id:
            self.page.with_id.append(element)
        if ui:
            self.page.site_ui.append(element)
        if tag == "a":
            self.page.anchors.append(element)
        if tag not in VOID:
            self.stack.append((tag, element, ui, raw))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag not in VOID and self.stack and self.stack[-1][0] == tag:
            self.stack.pop()

    def handle_endtag(self, tag: str) -> None:
        for index in range(len(self.stack) - 1, -1, -1):
            if self.stack[index][0] == tag:
                del self.stack[index:]
                return

    def handle_data(self, data: str) -> None:
        if not self.stack:
            return
        _tag, top, ui, raw = self.stack[-1]
        if raw:
            if top.tag == "style":
                for url in css_urls(data):
                    self.page.assets.append(("style", url))
            return
        self.page.text_parts.append(data)
        if not ui and any(tag == "article" for tag, _element, _ui, _raw in self.stack):
            self.page.article_parts.append(data)
        for _tag, element, element_ui, _raw in self.stack:
            # An element's own text leaves out the site's labels, badges and anchors,
            # unless the element is one of them.
            if element.id and not ui:
                element.parts.append(data)
            elif element_ui and ui:
                element.parts.append(data)


def css_urls(css: str) -> list[str]:
    return [url or imported for url, imported in CSS_URL.findall(css)]


@functools.lru_cache(maxsize=None)
def read(path: Path) -> Page:
    page = Page(path)
    reader = _Reader(page)
    reader.feed(path.read_text(encoding="utf-8"))
    reader.close()
    return page
