"""Addresses a reader types: a game's folder leads to its procedure, a wrong address to the
nearest pages.

- ``mtg/``, ``grand-archive/``, ``yugioh/``, ``lorcana/`` (and ``fr/mtg/``, ``ja/yugioh/`` …) hold only the
  procedure page's folder: without an index a host answers 404 (or lists the folder). Each
  gets a small ``index.html`` in its language that sends the reader to ``end-of-match/``: a
  meta refresh and a plain link, ``noindex`` and a canonical link to the procedure (search
  engines index the procedure, not the step). No script: nothing for the
  Content-Security-Policy to allow (site_security.py adds the page's policy like any other).
  They are written after every language is built and 404.html is kept (site_outputs.py,
  -110), before the policy (-115) and the service worker's release (-120, site_offline.py,
  which lists every file of the site): so they work offline too.
- The "not found" page (overrides/404.html) lists, in every language, the pages nearest to
  the address asked for (``site_suggestions``): the page whose words the address holds
  ("mtg", "magic" → the Magic procedure), else the checker and the glossary; site.js shows the
  matches for the address's language.
"""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any
from urllib.parse import urljoin

from mkdocs import utils
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.plugins import event_priority
from mkdocs.structure.pages import Page

import site_catalog
import site_typography
from site_i18n import language_prefixes
from site_registry import PAGES

# Words of an address that point to a page (the page's own folder name among them); pages
# marked default are suggested when no word matches.
SUGGESTIONS: tuple[tuple[str, tuple[str, ...], bool], ...] = (
    (f"{PAGES['mtg']}.md", ("mtg", "magic", "mtr"), False),
    (f"{PAGES['grand-archive']}.md", ("grand-archive", "grand", "archive", "ga"), False),
    (f"{PAGES['yugioh']}.md", ("yugioh", "yu-gi-oh", "ygo", "konami"), False),
    (f"{PAGES['lorcana']}.md", ("lorcana", "disney", "lor"), False),
    ("checker.md", ("checker", "check", "scenario", "ruling"), True),
    ("tracker.md", ("tracker", "track", "turns"), False),
    ("training.md", ("training", "exam", "quiz", "practice"), False),
    ("compare.md", ("compare", "comparison"), False),
    ("glossary.md", ("glossary", "terms", "words"), True),
)

# Procedure titles by page URL ("fr/mtg/end-of-match/"), as each language's build renders them.
_TITLES: dict[str, str] = {}


def _nav_titles(items: list[Any]) -> dict[str, str]:
    """Page file → its English navigation title (a msgid of translations/site) in mkdocs.yml."""
    found: dict[str, str] = {}
    for item in items or []:
        if isinstance(item, dict):
            for title, value in item.items():
                if isinstance(value, str):
                    found[value] = title
                elif isinstance(value, list):
                    found |= _nav_titles(value)
    return found


def suggestions(config: MkDocsConfig) -> dict[str, dict[str, Any]]:
    """For each language: what the 404 page suggests, the pages with the words that call them."""
    titles = _nav_titles(config.nav)
    out = {}
    for lang, (_name, prefix) in language_prefixes(config).items():
        _ = gettext = site_catalog.translations(lang).gettext
        pages = [{"url": prefix + markdown.removesuffix(".md") + "/", "title": gettext(titles[markdown]),
                  "words": " ".join(words), "default": default}
                 for markdown, words, default in SUGGESTIONS]
        out[lang] = {"heading": _("Perhaps you were looking for:"), "pages": pages}
    return out


def on_template_context(context: dict[str, Any], template_name: str,
                        config: MkDocsConfig) -> dict[str, Any]:
    if template_name == "404.html":
        context["site_suggestions"] = suggestions(config)
    return context


def on_page_context(context: dict[str, Any], page: Page, config: MkDocsConfig,
                    nav: Any) -> dict[str, Any]:
    # The page's own title (its front matter), not the shorter one the navigation gives it.
    _TITLES[page.url] = str(page.meta.get("title") or page.title or "")
    return context


def redirect_page(lang: str, title: str, leaf: str, canonical: str) -> str:
    """A game folder's index.html: straight on to its procedure page (``leaf``, e.g.
    "end-of-match/", relative to the folder). Its title is the page's front matter's, written
    after the French pages' typography has run: French spacing is applied here."""
    title = html.escape(site_typography.french_spaces(title) if lang == "fr" else title)
    leaf = html.escape(leaf, quote=True)
    return (
        f'<!doctype html>\n<html lang="{lang}"><head><meta charset="utf-8">'
        f'<meta name="viewport" content="width=device-width,initial-scale=1">'
        f'<meta name="color-scheme" content="light dark">'
        f'<meta name="robots" content="noindex">'
        f'<meta http-equiv="refresh" content="0; url={leaf}">'
        f'<link rel="canonical" href="{html.escape(canonical, quote=True)}">'
        f'<title>{title}</title></head>'
        f'<body><p><a href="{leaf}">{title}</a></p></body></html>\n')


@event_priority(-112)  # after site_outputs.py (-110), before the policy (-115) and the release (-120)
def on_post_build(config: MkDocsConfig) -> None:
    if config.plugins["i18n"].building:
        return  # a nested language build: the last one is followed by this hook once more
    site_url = config.site_url or "/"
    for lang, (_name, prefix) in language_prefixes(config).items():
        for page in PAGES.values():
            folder, _slash, leaf = page.rpartition("/")
            index = Path(config.site_dir, prefix, folder, "index.html")
            if index.exists() and 'http-equiv="refresh"' not in index.read_text(encoding="utf-8"):
                continue  # a page of its own there one day: it wins
            target = f"{prefix}{page}/"
            title = _TITLES.get(target) or config.site_name
            utils.write_file(redirect_page(lang, title, f"{leaf}/", urljoin(site_url, target)).encode("utf-8"), str(index))
