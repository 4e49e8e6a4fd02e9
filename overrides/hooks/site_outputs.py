"""Files written once for the whole site, after every language has been built.

mkdocs-static-i18n builds the default language, then, from its own on_post_build (priority
-100), each other language into the same site_dir (DESIGN §5). So:
- each language's sitemap: Material's language links ask for ``<lang>/sitemap.xml``, and
  search engines take a sitemap per language folder; MkDocs itself only writes the root
  one (all languages, rewritten by every build);
- 404.html is rewritten by every build, so the last language would win: keep the default
  language's copy (its template greets the reader in every language);
- each language's search index: the search plugin writes ONE index for every language
  (search/search_index.json, 4× the text a reader searches); it is split into
  ``<lang>/search/search_index.json``, locations relative to that language's home, which
  each page names as Material's ``base`` (overrides/main.html); the default language keeps
  the root file, with its own pages only. A phone downloads and parses a quarter of it;
  each language's index also carries its abbreviations (``config.synonyms``, from
  translations/search-synonyms.yaml), which the search worker wrapper
  (overrides/assets/javascripts/workers/search-i18n.js) searches as the words they stand for;
- a line break inside a table cell or a paragraph (``<br>``) is followed by a newline in the
  page, so the search index's text (which drops tags) keeps the two lines apart: "…wins the
  game 2. Equal life…", not "game2. Equal life";
- robots.txt: crawl everything, and where the sitemap is (absolute, from site_url), so
  crawlers and Lighthouse's SEO audit find a valid file instead of a 404.
All happen in an on_post_build below -100, and only when the plugin is not in the middle
of its languages loop (it runs this hook at the end of each nested build too).
"""

from __future__ import annotations

import json
import os
import re

import yaml

from jinja2.ext import loopcontrols
from mkdocs import utils
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.plugins import event_priority, get_plugin_logger

from rules_engine.rule_ids import PAGES
from site_i18n import language_prefixes

log = get_plugin_logger(__name__)

# The default language's rendered 404.html, by site_dir.
_DEFAULT_404: dict[str, str] = {}


def on_post_template(output: str, template_name: str, config: MkDocsConfig) -> str:
    plugin = config.plugins["i18n"]
    if template_name == "404.html" and plugin.current_language == plugin.default_language:
        _DEFAULT_404[config.site_dir] = output
    return output


@event_priority(-110)  # after mkdocs-static-i18n has built every language
def on_post_build(config: MkDocsConfig) -> None:
    plugin = config.plugins["i18n"]
    if plugin.building:
        return
    env = config.theme.get_env()
    env.add_extension(loopcontrols)  # mkdocs-static-i18n's sitemap template uses {% continue %}
    sitemap = env.get_template("sitemap.xml")
    for lang, files in plugin.i18n_files_per_language.items():
        if lang == plugin.default_language:
            continue  # the root sitemap.xml, which lists every language
        xml = sitemap.render(config=config, i18n_alternates={lang: files})
        utils.write_file(xml.encode("utf-8"), os.path.join(config.site_dir, lang, "sitemap.xml"))
    split_search_index(config.site_dir, {prefix: lang for lang, (_name, prefix) in language_prefixes(config).items()},
                       search_synonyms(config))
    site_url = config.site_url or ""
    robots = ["User-agent: *", "Allow: /"]
    if site_url:
        base = site_url if site_url.endswith("/") else site_url + "/"
        robots += ["", f"Sitemap: {base}sitemap.xml"]  # the root sitemap lists every language
    utils.write_file(("\n".join(robots) + "\n").encode("utf-8"), os.path.join(config.site_dir, "robots.txt"))
    page_404 = _DEFAULT_404.pop(config.site_dir, None)
    if page_404 is not None:
        utils.write_file(page_404.encode("utf-8"), os.path.join(config.site_dir, "404.html"))


# Search: each procedure page's sections weigh this much more than another page's.
PROCEDURES = tuple(f"{page}/" for page in PAGES.values())
PROCEDURE_BOOST = 10.0

_BR = re.compile(r"(<br\s*/?>)(?!\n)", re.IGNORECASE)


@event_priority(-100)  # after the hooks that write the page's own markup
def on_page_content(html: str, **_kwargs) -> str:
    """A newline after each <br>: nothing changes on screen, and the search index's snippet
    reads the two lines as two (the search plugin joins text runs without a space)."""
    return _BR.sub(r"\1\n", html)


def search_synonyms(config: MkDocsConfig) -> dict[str, dict[str, str]]:
    """translations/search-synonyms.yaml: {language: {abbreviation: the words it stands for}}."""
    path = os.path.join(os.path.dirname(config.config_file_path), "translations", "search-synonyms.yaml")
    with open(path, encoding="utf-8") as handle:
        data = yaml.safe_load(handle) or {}
    return {lang: {str(short): str(words) for short, words in (entries or {}).items()}
            for lang, entries in data.items()}


def split_search_index(site_dir: str, prefixes: dict[str, str],
                       synonyms: dict[str, dict[str, str]] | None = None) -> None:
    """search/search_index.json (every language) → one index per language prefix ("" is the
    default language, at the root: its pages are those under no other prefix), with that
    language's abbreviations (``config.synonyms``)."""
    path = os.path.join(site_dir, "search", "search_index.json")
    with open(path, encoding="utf-8") as handle:
        index = json.load(handle)
    others = tuple(prefix for prefix in prefixes if prefix)
    for prefix in prefixes:
        docs = [{**doc, "location": doc["location"][len(prefix):]} for doc in index["docs"]
                if (doc["location"].startswith(prefix) if prefix else not doc["location"].startswith(others))]
        # The procedure pages rank first for the words they share with the pages that sum them
        # up (the glossary, the comparison, the tracker): "sudden death" → the Magic procedure.
        docs = [{**doc, "boost": PROCEDURE_BOOST} if doc["location"].startswith(PROCEDURES) else doc
                for doc in docs]
        # In "config": Material hands the worker the index's config and docs only.
        config = {**index["config"], "synonyms": (synonyms or {}).get(prefixes[prefix], {})}
        text = json.dumps({**index, "config": config, "docs": docs}, ensure_ascii=False, separators=(",", ":"))
        utils.write_file(text.encode("utf-8"), os.path.join(site_dir, prefix, "search", "search_index.json"))
