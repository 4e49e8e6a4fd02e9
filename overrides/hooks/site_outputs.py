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
- robots.txt: crawl everything, and where the sitemap is (absolute, from site_url), so
  crawlers and Lighthouse's SEO audit find a valid file instead of a 404.
All happen in an on_post_build below -100, and only when the plugin is not in the middle
of its languages loop (it runs this hook at the end of each nested build too).
"""

from __future__ import annotations

import json
import os

from jinja2.ext import loopcontrols
from mkdocs import utils
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.plugins import event_priority, get_plugin_logger

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
    split_search_index(config.site_dir, [prefix for _name, prefix in language_prefixes(config).values()])
    site_url = config.site_url or ""
    robots = ["User-agent: *", "Allow: /"]
    if site_url:
        base = site_url if site_url.endswith("/") else site_url + "/"
        robots += ["", f"Sitemap: {base}sitemap.xml"]  # the root sitemap lists every language
    utils.write_file(("\n".join(robots) + "\n").encode("utf-8"), os.path.join(config.site_dir, "robots.txt"))
    page_404 = _DEFAULT_404.pop(config.site_dir, None)
    if page_404 is not None:
        utils.write_file(page_404.encode("utf-8"), os.path.join(config.site_dir, "404.html"))


def split_search_index(site_dir: str, prefixes: list[str]) -> None:
    """search/search_index.json (every language) → one index per language prefix ("" is the
    default language, at the root: its pages are those under no other prefix)."""
    path = os.path.join(site_dir, "search", "search_index.json")
    with open(path, encoding="utf-8") as handle:
        index = json.load(handle)
    others = tuple(prefix for prefix in prefixes if prefix)
    for prefix in prefixes:
        docs = [{**doc, "location": doc["location"][len(prefix):]} for doc in index["docs"]
                if (doc["location"].startswith(prefix) if prefix else not doc["location"].startswith(others))]
        text = json.dumps({**index, "docs": docs}, ensure_ascii=False, separators=(",", ":"))
        utils.write_file(text.encode("utf-8"), os.path.join(site_dir, prefix, "search", "search_index.json"))
