"""Files written once for the whole site, after every language has been built.

mkdocs-static-i18n builds the default language, then, from its own on_post_build (priority
-100), each other language into the same site_dir (DESIGN §5). So:
- each language's sitemap: Material's language links ask for ``<lang>/sitemap.xml``, and
  search engines take a sitemap per language folder; MkDocs itself only writes the root
  one (all languages, rewritten by every build);
- 404.html is rewritten by every build, so the last language would win: keep the default
  language's copy (its template greets the reader in every language);
- robots.txt: crawl everything, and where the sitemap is (absolute, from site_url), so
  crawlers and Lighthouse's SEO audit find a valid file instead of a 404.
All happen in an on_post_build below -100, and only when the plugin is not in the middle
of its languages loop (it runs this hook at the end of each nested build too).
"""

from __future__ import annotations

import os

from jinja2.ext import loopcontrols
from mkdocs import utils
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.plugins import event_priority, get_plugin_logger

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
    site_url = config.site_url or ""
    robots = ["User-agent: *", "Allow: /"]
    if site_url:
        base = site_url if site_url.endswith("/") else site_url + "/"
        robots += ["", f"Sitemap: {base}sitemap.xml"]  # the root sitemap lists every language
    utils.write_file(("\n".join(robots) + "\n").encode("utf-8"), os.path.join(config.site_dir, "robots.txt"))
    page_404 = _DEFAULT_404.pop(config.site_dir, None)
    if page_404 is not None:
        utils.write_file(page_404.encode("utf-8"), os.path.join(config.site_dir, "404.html"))
