"""The page's language: UI strings, navigation titles, alternates, search scope, banner.

mkdocs-static-i18n runs the whole build once per language (DESIGN §5), so every function
here runs four times, each time for the language that build is for (``theme.language``,
set by the plugin's on_config at priority -100). Nothing here is done once for the site.

Template context it adds (overrides/main.html and partials):
- ``site_alternates``: this page in every language (switcher, hreflang);
- ``site_banner``: what a procedure page's source banner says, or None;
- ``site_search``: Material's search worker, and the language's prefix (its home: Material's base);
- ``site_not_found``: on 404.html, its message in every language.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urljoin

import jinja2
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.plugins import event_priority, get_plugin_logger
from mkdocs.structure.files import Files
from mkdocs.structure.nav import Navigation
from mkdocs.structure.pages import Page

import site_catalog
import site_typography
from site_registry import PROCEDURE_PAGES

log = get_plugin_logger(__name__)

# source: the page publishes the document's own text in that language; published-translation:
# a translation published by others, of an earlier edition (or of one not known: the optional
# source.edition: unidentified); site: this site's translation of another language's page;
# site-rendering: this site's version of the rules in that language.
TRANSLATION_KINDS = ("source", "published-translation", "site", "site-rendering")
SOURCE_KEYS = ("document", "section", "version", "url", "language")


@dataclass(frozen=True)
class Alternate:
    """One language's version of the current page."""
    lang: str
    name: str          # the language's own name, as the switcher shows it
    url: str           # relative to the site root ("" for the home page), for `| url`
    absolute: str      # from site_url: hreflang only
    current: bool


def build_language(config: MkDocsConfig) -> str:
    return config.theme["language"]


def language_prefixes(config: MkDocsConfig) -> dict[str, tuple[str, str]]:
    """locale → (own name, URL prefix) of every built language; the default one first,
    at the site root."""
    plugin = config.plugins["i18n"]
    default = plugin.default_language
    languages = sorted((lang for lang in plugin.config.languages if lang.build),
                       key=lambda lang: lang.locale != default)
    return {lang.locale: (lang.name, "" if lang.locale == default else f"{lang.locale}/")
            for lang in languages}


# The msgids of the config strings translated below, read once per config object: every
# language build receives the same object, already translated by the build before it.
_CONFIG_MSGIDS: dict[int, dict[str, str | None]] = {}


@event_priority(-110)  # after mkdocs-static-i18n has set this build's language
def on_config(config: MkDocsConfig) -> MkDocsConfig:
    msgids = _CONFIG_MSGIDS.setdefault(id(config), {
        "site_name": config.site_name,
        "site_description": config.site_description,
    })
    gettext = site_catalog.translations(build_language(config)).gettext
    for key, msgid in msgids.items():
        if msgid:
            config[key] = gettext(msgid)
    return config


def on_env(env: jinja2.Environment, config: MkDocsConfig, files: Files) -> jinja2.Environment:
    # MkDocs has already added jinja2.ext.i18n (with null translations for Material).
    env.install_gettext_translations(  # type: ignore[attr-defined]
        site_catalog.translations(build_language(config)), newstyle=True)
    return env


@event_priority(-110)  # after mkdocs-static-i18n has rebuilt the nav for this language
def on_nav(nav: Navigation, config: MkDocsConfig, files: Files) -> Navigation:
    gettext = site_catalog.translations(build_language(config)).gettext

    def translate(items: list[Any]) -> None:
        for item in items:
            # Only titles written in mkdocs.yml are known this early; a page's own title
            # comes later, already in its language.
            if getattr(item, "title", None):
                item.title = gettext(item.title)
            if getattr(item, "children", None):
                translate(item.children)

    translate(nav.items)
    return nav


def page_alternates(page: Page, config: MkDocsConfig) -> list[Alternate]:
    """This page in every language that has it (mkdocs-static-i18n's file.alternates)."""
    current = build_language(config)
    found = getattr(page.file, "alternates", None) or {}
    alternates = []
    for lang, (name, _prefix) in language_prefixes(config).items():
        file = found.get(lang)
        if file is None:
            continue
        url = "" if file.url in (".", "./") else file.url
        alternates.append(Alternate(lang, name, url, urljoin(config.site_url or "/", url),
                                    lang == current))
    return alternates


def source_banner(page: Page, alternates: list[Alternate], lang: str) -> dict[str, Any] | None:
    """What a procedure page's banner says, from its front matter (conventions.md)."""
    meta = page.meta
    where = page.file.src_uri
    if "game" not in meta:
        # MkDocs drops front matter that is not valid YAML (an unquoted "Magic: The
        # Gathering…" value) without a word: say it, a procedure page needs its banner.
        if getattr(page.file, "norm_src_uri", where) in PROCEDURE_PAGES:
            log.warning(f"{where}: no 'game' in front matter (missing, or not valid YAML)")
        return None
    source = meta.get("source")
    kind = meta.get("translation")
    # A procedure page without its source would publish rules with no provenance.
    if not isinstance(source, dict) or any(not source.get(key) for key in SOURCE_KEYS):
        log.warning(f"{where}: front matter 'source' needs {', '.join(SOURCE_KEYS)}")
        return None
    if kind not in TRANSLATION_KINDS:
        log.warning(f"{where}: front matter 'translation' must be one of {TRANSLATION_KINDS}")
        return None
    source_lang = str(source["language"])
    original = next((alt for alt in alternates if alt.lang == source_lang), None)
    if kind == "site" and (original is None or original.current):
        log.warning(f"{where}: translation 'site' needs the page in its source language "
                    f"'{source_lang}'")
        return None
    provenance = meta.get("provenance")
    # Every procedure page says what its text is: edition, authorship, differences.
    if not isinstance(provenance, str) or not provenance.strip():
        log.warning(f"{where}: front matter 'provenance' must say what the text is (edition, author, differences)")
        return None
    if bool(source.get("events")) != bool(meta.get("regional")):
        log.warning(f"{where}: front matter 'source.events' and 'regional' go together (a region's own rules on the page)")
        return None
    is_date, version = site_catalog.format_version(source["version"], lang)
    return {
        "kind": kind,
        "document": str(source["document"]),
        "section": str(source["section"]),
        "version": version,
        "version_is_date": is_date,
        # A published translation is of an earlier edition unless its front matter says the
        # edition it translates is not known (source.edition: unidentified).
        "edition": str(source.get("edition") or "earlier"),
        "url": str(source["url"]),
        "source_language": site_catalog.language_name(source_lang, lang),
        "page_language": site_catalog.language_name(lang, lang),
        "original": original,
        "provenance": provenance.strip(),
        # A page that also gives a region's own rules (Konami Japan's for the OCG, Takara Tomy's for Disney
        # Lorcana in Japan): the events the document governs (source.events), and what the page gives of
        # the other rules and which text prevails for them (regional), each in the page's language.
        "events": str(source.get("events") or ""),
        "regional": str(meta.get("regional") or "").strip(),
    }


@functools.lru_cache(maxsize=None)
def _material_search_worker(theme_dirs: tuple[str, ...]) -> str:
    # Material names its worker by content hash: find it rather than copy the name.
    for directory in theme_dirs:
        found = sorted(Path(directory).glob("assets/javascripts/workers/search.*.min.js"))
        if found:
            return found[0].name
    raise FileNotFoundError("Material's search worker (assets/javascripts/workers/search.*.min.js)")


def search_scope(config: MkDocsConfig) -> dict[str, str]:
    """Material's search worker file, and this language's URL prefix ("fr/"; "" for the
    default language): its home, Material's base, holds its search index (site_outputs.py)."""
    prefixes = {lang: prefix for lang, (_name, prefix) in language_prefixes(config).items()}
    current = build_language(config)
    return {
        "worker": _material_search_worker(tuple(config.theme.dirs)),
        "scope": prefixes[current],
    }


def on_page_context(context: dict[str, Any], page: Page, config: MkDocsConfig,
                    nav: Navigation) -> dict[str, Any]:
    alternates = page_alternates(page, config)
    context["site_alternates"] = alternates
    context["site_banner"] = source_banner(page, alternates, build_language(config))
    context["site_search"] = search_scope(config)
    return context


def on_template_context(context: dict[str, Any], template_name: str,
                        config: MkDocsConfig) -> dict[str, Any]:
    context["site_search"] = search_scope(config)
    if template_name == "404.html":
        # Only the default language's 404.html is kept (site_outputs.py): it speaks every
        # language, and its selector leads to each language's home page.
        context["site_alternates"] = []
        context["site_not_found"] = []
        for lang, (name, prefix) in language_prefixes(config).items():
            _ = site_catalog.translations(lang).gettext
            context["site_alternates"].append(Alternate(
                lang, name, prefix, urljoin(config.site_url or "/", prefix),
                lang == build_language(config)))
            context["site_not_found"].append({
                "lang": lang,
                "url": prefix,
                "title": _("Page not found"),
                "message": _("No page of this site has this address."),
                "home": _("Go to the home page"),
            })
    return context


def on_post_page(output: str, page: Page, config: MkDocsConfig) -> str:
    """French pages: a narrow no-break space at « : ; ? ! » (site_typography.py)."""
    if build_language(config) == "fr":
        return site_typography.french_html(output)
    return output
