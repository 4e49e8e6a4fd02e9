"""The site's own UI strings: one gettext catalog per language in translations/site/.

English is the msgid language (no catalog); fr, pt and ja are read from their .po files and
compiled in memory at build time, so no compiled file can fall out of date. Templates use
``_()`` (jinja2.ext.i18n), hooks use ``translations(lang).gettext``; strings that live in
mkdocs.yml (site name, navigation titles, palette labels) are translated by the hooks.

Not a hook itself: the hooks import it. As a script it refreshes the catalogs:

    .venv/bin/python overrides/hooks/site_catalog.py extract
"""

from __future__ import annotations

import datetime as dt
import functools
import gettext
import io
import logging
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import yaml
from babel import Locale
from babel.dates import format_date
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
CATALOGS = ROOT / "translations" / "site"
DOMAIN = "site"
SOURCE_LANGUAGE = "en"
TRANSLATED = ("fr", "pt", "ja")


def translations(lang: str) -> gettext.NullTranslations:
    """The UI strings of one language (English: the msgids themselves)."""
    if lang == SOURCE_LANGUAGE:
        return gettext.NullTranslations()
    path = CATALOGS / f"{lang}.po"
    # Keyed on the file's mtime so that `mkdocs serve` picks up an edited catalog.
    return _compiled(lang, path.stat().st_mtime_ns)


class _Missing(gettext.NullTranslations):
    """Where a catalog lacks a string the site asks for: English would show on a French page, so the
    (strict) build fails, naming the string; ``extract`` then adds it to be translated."""

    def __init__(self, lang: str) -> None:
        super().__init__()
        self.lang = lang

    def gettext(self, message: str) -> str:
        if message:
            _log().warning("no %s translation of %r: run `overrides/hooks/site_catalog.py extract` and translate it",
                           self.lang, message)
        return message


def _log() -> logging.Logger:
    return logging.getLogger("mkdocs.plugins.site_catalog")


@functools.lru_cache(maxsize=None)
def _compiled(lang: str, _mtime: int) -> gettext.GNUTranslations:
    with (CATALOGS / f"{lang}.po").open("rb") as handle:
        catalog = read_po(handle, locale=lang)
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    buffer.seek(0)
    compiled = gettext.GNUTranslations(buffer)
    compiled.add_fallback(_Missing(lang))
    return compiled


def language_name(code: str, in_lang: str) -> str:
    """The name of language ``code`` as written in ``in_lang`` (CLDR, via Babel)."""
    return Locale.parse(in_lang).languages.get(code, code)


def format_version(value: Any, lang: str) -> tuple[bool, str]:
    """(is a date, text): an effective date in the reader's format, else the version as given.

    YAML reads an unquoted 2025-11-10 as a date, a quoted one as a string: accept both.
    """
    if isinstance(value, dt.datetime):
        value = value.date()
    if isinstance(value, str):
        try:
            value = dt.date.fromisoformat(value)
        except ValueError:
            return False, value
    if isinstance(value, dt.date):
        # English: the day before the month, as every other date on the English pages.
        return True, format_date(value, format="d MMMM y" if lang == "en" else "long", locale=lang)
    return False, str(value)


# --- catalog maintenance -----------------------------------------------------------------

class _AnyTagLoader(yaml.SafeLoader):
    """Reads mkdocs.yml without resolving its tags (!ENV): only its strings are wanted."""


_AnyTagLoader.add_multi_constructor("!", lambda loader, suffix, node: None)


def config_messages(config_path: Path = ROOT / "mkdocs.yml") -> Iterator[str]:
    """The UI strings written in mkdocs.yml: site name and description, nav, palette."""
    config = yaml.load(config_path.read_text(encoding="utf-8"), Loader=_AnyTagLoader)
    yield config["site_name"]
    if config.get("site_description"):
        yield config["site_description"]
    yield from _nav_titles(config.get("nav") or [])
    for option in config.get("theme", {}).get("palette") or []:
        if option.get("toggle"):
            yield option["toggle"]["name"]


def _nav_titles(items: list[Any]) -> Iterator[str]:
    for item in items:
        if isinstance(item, dict):
            for title, value in item.items():
                yield title
                if isinstance(value, list):
                    yield from _nav_titles(value)


def template() -> Catalog:
    """The .pot: every msgid of the templates, the hooks and mkdocs.yml."""
    catalog = Catalog(project="end-of-match", domain=DOMAIN, charset="utf-8")
    overrides = ROOT / "overrides"
    method_map = [("**.html", "jinja2"), ("hooks/**.py", "python")]
    for filename, lineno, message, comments, context in extract_from_dir(
            str(overrides), method_map=method_map, comment_tags=("TRANSLATORS:",)):
        catalog.add(message, locations=[(f"overrides/{filename}", lineno)],
                    auto_comments=comments, context=context)
    for message in config_messages():
        catalog.add(message, locations=[("mkdocs.yml", 0)])
    return catalog


def extract() -> None:
    """Rewrite site.pot; add new msgids to each .po (empty), drop the ones no longer used."""
    sys.path.insert(0, str(ROOT))
    from rules_engine.catalogs import update_catalogs

    update_catalogs(template(), CATALOGS, DOMAIN, TRANSLATED)


if __name__ == "__main__":
    if sys.argv[1:] != ["extract"]:
        sys.exit("usage: site_catalog.py extract")
    extract()
