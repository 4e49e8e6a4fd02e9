"""The built site, read as HTML (no browser): pages, paragraph ids and roles, languages,
banners, alternates, sitemaps, hosts, and a build served under a sub-path."""

from __future__ import annotations

import functools
import http.server
import json
import re
import sys
import threading
import urllib.error
import urllib.request
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urljoin, urlsplit

import pytest
import yaml

from rules_engine.editions import REGIONS, newest
from rules_engine.rule_ids import GAMES, PAGES, PREFIXES, PARAGRAPHS, Paragraph, paragraphs_of
from tests.site.htmlread import Page, css_urls, normalize, read
from tests.site.sitebuild import (DEFAULT_LANGUAGE, LANGUAGES, ROOT, build, nav_pages, page_dir,
                                  prefix, temporary_dir)

sys.path.insert(0, str(ROOT / "overrides" / "hooks"))
import site_catalog  # noqa: E402  (the site's own catalogs, as the build reads them)

ROLES = ("rule", "annotation", "note")
PROVENANCE_BADGES = {
    "site-translation": "Translated by this site",
    "restated": "Restated by this site",
    "summary": "Summary by this site",
    "editorial-correction": "Editorial correction",
}
# Whose words a paragraph set apart from the rule text holds: a community annotation (Magic)
# is not the publisher's own note (Grand Archive); the site's notes are its own.
ROLE_LABELS = {("annotation", "mtg"): "Annotation from the Annotated MTR",
               ("annotation", "grand-archive"): "Note in the publisher's text",
               ("annotation", "yugioh"): "Note in the publisher's text",
               **{("note", game): "Note from this site" for game in ("mtg", "grand-archive", "yugioh", "lorcana")}}
# The verb that says which text prevails, in each language's banner.
PREVAILS = {"en": r"prevail", "fr": r"fait foi|prévau", "pt": r"prevalec", "ja": r"優先"}
PLACEHOLDERS = re.compile(r"lorem ipsum|quidem magni|xOrgLj9lOwk|\{%\s*hint", re.I)
KANA = re.compile(r"[\u3041-\u309f\u30a0-\u30ff]")
GAME_PREFIXES = tuple(PREFIXES.values())
TRANSLATED = tuple(lang for lang in LANGUAGES if lang != DEFAULT_LANGUAGE)


def gettext(lang: str, message: str) -> str:
    return site_catalog.translations(lang).gettext(message)


def html_file(site: Path, lang: str, markdown: str) -> Path:
    return site / prefix(lang) / page_dir(markdown) / "index.html"


def procedure(site: Path, lang: str, game: str) -> Page:
    return read(html_file(site, lang, f"{PAGES[game]}.md"))


def front_matter(lang: str, markdown: str) -> dict[str, Any]:
    text = (ROOT / "docs" / lang / markdown).read_text(encoding="utf-8")
    match = re.match(r"---\n(.*?)\n---\n", text, re.S)
    return yaml.safe_load(match[1]) if match else {}


def registered(page: Page) -> list[tuple[str, str, list[str]]]:
    """(tag, id, role classes) of every element with a game-prefixed id that is not a heading
    anchor, in page order."""
    return [(element.tag, element.id, [c for c in element.classes if c in ROLES])
            for element in page.with_id
            if element.id and element.id.startswith(GAME_PREFIXES)
            and not re.fullmatch(r"h[1-6]", element.tag)]


def site_url_of(page: Page, lang: str, markdown: str) -> str:
    """The SITE_URL the site was built with, from the page's canonical link."""
    canonical = next(link["href"] for link in page.links if link.get("rel") == "canonical")
    suffix = prefix(lang) + page_dir(markdown)
    assert canonical.endswith(suffix), canonical
    return canonical[: len(canonical) - len(suffix)]


def all_pages(site: Path) -> list[Path]:
    return sorted(site.rglob("*.html"))


# --- pages and languages -----------------------------------------------------------------

def test_every_page_is_built_in_every_language(built_site: Path) -> None:
    missing = [f"/{prefix(lang)}{page_dir(markdown)}" for lang in LANGUAGES
               for markdown in nav_pages() if not html_file(built_site, lang, markdown).is_file()]
    assert missing == []


def test_every_language_has_the_same_files() -> None:
    files = {lang: sorted(str(path.relative_to(ROOT / "docs" / lang))
                          for path in (ROOT / "docs" / lang).rglob("*.md")) for lang in LANGUAGES}
    for lang in TRANSLATED:
        assert files[lang] == files[DEFAULT_LANGUAGE], lang


def test_html_lang_is_the_folder_language(built_site: Path) -> None:
    wrong = []
    for path in all_pages(built_site):
        first = path.relative_to(built_site).parts[0]
        expected = first if first in TRANSLATED else DEFAULT_LANGUAGE
        if read(path).lang != expected:
            wrong.append((str(path.relative_to(built_site)), read(path).lang))
    assert wrong == []


@pytest.mark.parametrize("markdown", nav_pages())
def test_japanese_pages_contain_kana(built_site: Path, markdown: str) -> None:
    text = read(html_file(built_site, "ja", markdown)).article_text
    assert KANA.search(text), f"ja/{markdown}: no kana in the article"


def test_no_placeholder_text(built_site: Path) -> None:
    sources = list((ROOT / "docs").rglob("*.md")) + all_pages(built_site)
    found = [(str(path), match[0]) for path in sources
             for match in PLACEHOLDERS.finditer(path.read_text(encoding="utf-8"))]
    assert found == []


# --- registered paragraphs ---------------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_registered_paragraphs_follow_the_registry(built_site: Path, lang: str, game: str) -> None:
    expected = [("p", p.id, [p.role]) for p in paragraphs_of(game)]
    found = registered(procedure(built_site, lang, game))
    if lang == "ja" and REGIONS[game]:
        # The Japanese page gives Japan's own rules first (Takara Tomy's, Konami Japan's OCG rules):
        # every paragraph is there once, with its role; Japan's section opens the page.
        assert sorted(found) == sorted(expected)
        japanese = [i for i, (_, pid, _) in enumerate(found) if "-japan-" in pid or "-ocg-" in pid]
        others = [i for i, (_, pid, role) in enumerate(found) if role == ["rule"] and i not in japanese]
        assert japanese and japanese[0] < others[0]
        return
    assert found == expected


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_registered_id_outside_its_page(built_site: Path, lang: str) -> None:
    for markdown in nav_pages():
        if markdown.removesuffix(".md") in PAGES.values():
            continue
        page = read(html_file(built_site, lang, markdown))
        assert registered(page) == [], markdown


@pytest.mark.parametrize("lang", LANGUAGES)
def test_restated_paragraphs_are_marked(built_site: Path, lang: str) -> None:
    unmarked = [p.id for p in PARAGRAPHS if p.source == "restated"
                and "restated" not in procedure(built_site, lang, p.game).by_id(p.id).classes]
    assert unmarked == []


def _paragraph_ui(page: Page, paragraph: Paragraph) -> dict[str, list[Any]]:
    ui = page.ui_in(paragraph.id)
    return {
        "anchors": [(e.attrs.get("href"), e.attrs.get("aria-label"), e.text)
                    for e in ui if e.tag == "a" and "site-permalink" in e.classes],
        "roles": [e.text for e in ui if "site-role" in e.classes],
        "badges": sorted((next(c for c in e.classes if c.startswith("site-badge--")), e.text)
                         for e in ui if "site-badge" in e.classes),
    }


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_paragraphs_have_anchor_label_and_badges(built_site: Path, lang: str, game: str) -> None:
    page = procedure(built_site, lang, game)
    for paragraph in paragraphs_of(game):
        element = page.by_id(paragraph.id)
        assert element is not None, paragraph.id
        role = ROLE_LABELS.get((paragraph.role, paragraph.game))
        expected = {
            "anchors": [(f"#{paragraph.id}", gettext(lang, "Link to this paragraph"), "¶")],
            "roles": [gettext(lang, role)] if role else [],
            "badges": sorted((f"site-badge--{name}", gettext(lang, label))
                             for name, label in PROVENANCE_BADGES.items()
                             if name in element.classes),
        }
        assert _paragraph_ui(page, paragraph) == expected, paragraph.id


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", TRANSLATED)
def test_paragraphs_are_translated(built_site: Path, lang: str, game: str) -> None:
    english = procedure(built_site, DEFAULT_LANGUAGE, game)
    page = procedure(built_site, lang, game)
    # Whole paragraphs: a kept English game term inside a translated paragraph is fine.
    untranslated = [p.id for p in paragraphs_of(game)
                    if page.by_id(p.id) and english.by_id(p.id)
                    and normalize(page.by_id(p.id).text) == normalize(english.by_id(p.id).text)]
    assert untranslated == []


def _search_index(site: Path, lang: str) -> dict[str, Any]:
    return json.loads((site / prefix(lang).lstrip("/") / "search" / "search_index.json").read_text(encoding="utf-8"))


def test_site_labels_stay_out_of_the_search_index(built_site: Path) -> None:
    labels = [gettext(lang, message) for lang in LANGUAGES
              for message in (*PROVENANCE_BADGES.values(), *ROLE_LABELS.values())]
    # A label opens its paragraph: "<p>Annotation…" would be the label, not the text.
    found = sorted({(lang, doc["location"], label) for lang in LANGUAGES
                    for doc in _search_index(built_site, lang)["docs"] for label in labels
                    if f"<p>{label}" in doc["text"] or f"{label}</p>" in doc["text"]})
    assert found == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_language_searches_its_own_index_of_its_own_pages(built_site: Path, lang: str) -> None:
    # Material reads <base>/search/search_index.json: base must be the language's home.
    home = built_site / prefix(lang).lstrip("/")
    config = json.loads(re.search(r'<script id="__config" type="application/json">(.*?)</script>',
                                  (home / "mtg" / "end-of-match" / "index.html").read_text(encoding="utf-8"), re.S)[1])
    page_url = f"https://example.org/{prefix(lang)}mtg/end-of-match/"
    assert urljoin(page_url, config["base"]) == f"https://example.org/{prefix(lang)}"
    docs = _search_index(built_site, lang)["docs"]
    pages = {doc["location"].split("#")[0] for doc in docs}
    assert {"", "mtg/end-of-match/", "glossary/"} <= pages
    # Every result is a page of this language (a location resolved against its home).
    for page in pages:
        assert (home / page / "index.html").is_file(), page
        assert page.split("/")[0] not in {other for other in LANGUAGES if other != lang}, page
    html_lang = {re.search(r'<html lang="([a-z]+)"', (home / page / "index.html").read_text(encoding="utf-8"))[1]
                 for page in pages}
    assert html_lang == {lang}


# --- banner ------------------------------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_banner_states_source_and_translation(built_site: Path, lang: str, game: str) -> None:
    markdown = f"{PAGES[game]}.md"
    meta = front_matter(lang, markdown)
    source, kind = meta["source"], meta["translation"]
    page = read(html_file(built_site, lang, markdown))
    banner = next((e for e in page.site_ui if e.tag == "aside" and "site-banner" in e.classes), None)
    assert banner is not None
    assert f"site-banner--{kind}" in banner.classes
    # What the text is: edition, authorship, differences, in the page's language.
    assert normalize(meta["provenance"]) in banner.text
    # A translation by others is never presented as the document's own text (nor the reverse).
    # Disney Lorcana: Ravensburger publishes its rules in French too, and Takara Tomy its own in Japanese.
    assert (kind == "source") == ((game, lang) in {("grand-archive", "en"), ("yugioh", "en"),
                                                   ("lorcana", "en"), ("lorcana", "fr"), ("lorcana", "ja")})
    assert str(source["document"]) in banner.text
    links = [a.attrs.get("href", "") for a in page.anchors if a in page.site_ui]
    assert source["url"] in links, "the banner links the official document"
    source_name = site_catalog.language_name(source["language"], lang)
    if kind == "source" and newest(game).holds == "summary":
        # The current edition is this site's summary (rules_engine/editions.py): only the
        # earlier one is the document's own text, and the banner says which is which.
        status = gettext(lang, "The earlier edition on this page is published from the %(language)s text of this document.")
        assert normalize(status % {"language": source_name}) in banner.text
        assert gettext(lang, "This page is published from the %(language)s text of this document.") % {
            "language": source_name} not in banner.text
    elif kind == "source":
        status = gettext(lang, "This page is published from the %(language)s text of this document.")
        assert normalize(status % {"language": source_name}) in banner.text
    elif kind == "published-translation":
        # "An earlier edition" only where the page knows it: a translation of an edition no one
        # identified says so instead (source.edition: unidentified).
        earlier = gettext(lang, "This page publishes a %(language)s translation, made by others, of an earlier edition "
                                "of this document with the annotations of the Annotated MTR.")
        unknown = gettext(lang, "This page publishes a %(language)s translation, made by others, of this document "
                                "with the annotations of the Annotated MTR; which edition it translates is not known.")
        said, unsaid = (unknown, earlier) if source.get("edition") == "unidentified" else (earlier, unknown)
        assert normalize(said % {"language": source_name}) in banner.text
        assert normalize(unsaid % {"language": source_name}) not in banner.text
        assert (source.get("edition") == "unidentified") == ((game, lang) in {("mtg", "ja")})
    elif kind == "site":
        status = gettext(lang, "This page is this site's translation of the %(language)s text.")
        assert normalize(status % {"language": source_name}) in banner.text
        here = html_file(built_site, lang, markdown)
        original = html_file(built_site, source["language"], markdown)
        targets = [(here.parent / href / "index.html").resolve() for href in links
                   if not urlsplit(href).scheme]
        assert original.resolve() in targets, "the banner links the source-language page"
    else:
        assert kind == "site-rendering"
        status = gettext(lang, "This page is this site's own %(language)s wording of this document and of the "
                               "Annotated MTR's annotations, not their official wording, except for the sentences of the document "
                               "and the annotations it quotes in their own words.")
        assert normalize(status % {"language": site_catalog.language_name(lang, lang)}) in banner.text
    # Which text prevails, said once and as the About page says it: the official document,
    # never this site's page in another language; on a page that also gives a region's own rules, for
    # which events it does, and which text prevails for the region's (test_a_region_s_own_rules_…).
    prevails = normalize(gettext(lang, "The official %(document)s prevails.") % {"document": source["document"]})
    regional = normalize(meta.get("regional", ""))
    if source.get("events"):
        prevails = normalize(gettext(lang, "The official text, %(document)s, prevails for %(events)s.")
                             % {"document": source["document"], "events": source["events"]})
        assert banner.text.count(prevails) == 1 and regional in banner.text
    else:
        assert banner.text.count(prevails) == (0 if kind == "source" else 1)
    said = banner.text.count(prevails) + len(re.findall(PREVAILS[lang], regional, re.IGNORECASE))
    assert len(re.findall(PREVAILS[lang], banner.text, re.IGNORECASE)) == said


# The word each language says a summary with, and a translation (what a page gives of a region's own rules).
SUMMARY = {"en": "summary", "fr": "résumé", "pt": "resumo", "ja": "要約"}
TRANSLATION = {"en": "translation", "fr": "traduction", "pt": "tradução", "ja": "翻訳"}
REGION_WORDS = {"en": "Japan", "fr": "Japon", "pt": "Japão", "ja": "日本"}
# The pages whose document is a region's own rules (Takara Tomy's, published in Japanese): the other rules
# they give are the publisher's worldwide ones.
REGIONAL_DOCUMENT = {("lorcana", "ja"): "japan"}


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_region_s_own_rules_on_a_page_are_said_in_its_banner(built_site: Path, lang: str, game: str) -> None:
    """A page that gives a region's own rules beside its document's (Konami Japan's OCG rules beside the TCG
    Policy; Takara Tomy's beside Ravensburger's Tournament Rules, and the reverse on the Japanese page) never
    presents its document as the one that prevails everywhere: the banner says for which events it does, and
    names the other rules' events and what the page gives of them, this site's summary or its translation,
    as the registry holds them."""
    markdown = f"{PAGES[game]}.md"
    meta = front_matter(lang, markdown)
    page = read(html_file(built_site, lang, markdown))
    banner = next(e for e in page.site_ui if e.tag == "aside" and "site-banner" in e.classes)
    if not REGIONS[game]:
        assert "events" not in meta["source"] and "regional" not in meta
        return
    own = REGIONAL_DOCUMENT.get((game, lang))
    others = [newest(game, region) for region in (None, *REGIONS[game]) if region != own]
    assert meta["source"].get("events") and meta.get("regional"), f"docs/{lang}/{markdown}: source.events, regional"
    regional = normalize(meta["regional"])
    assert regional in banner.text
    for other in others:
        if other.region is not None:
            assert REGION_WORDS[lang] in regional
        word, not_word = (SUMMARY, TRANSLATION) if other.holds == "summary" else (TRANSLATION, SUMMARY)
        assert word[lang] in regional and not_word[lang] not in regional, (other.id, regional)


# --- alternates, sitemaps, 404 -----------------------------------------------------------

@pytest.mark.parametrize("markdown", nav_pages())
@pytest.mark.parametrize("lang", LANGUAGES)
def test_hreflang_alternates_are_absolute(built_site: Path, lang: str, markdown: str) -> None:
    page = read(html_file(built_site, lang, markdown))
    site_url = site_url_of(page, lang, markdown)
    alternates = {link["hreflang"]: link["href"] for link in page.links
                  if link.get("rel") == "alternate" and link.get("hreflang")}
    expected = {other: f"{site_url}{prefix(other)}{page_dir(markdown)}" for other in LANGUAGES}
    expected["x-default"] = expected[DEFAULT_LANGUAGE]
    assert alternates == expected
    assert all(urlsplit(href).scheme in ("http", "https") for href in alternates.values())


def _sitemap(path: Path) -> dict[str, set[str]]:
    """loc → the hreflang codes of its alternates."""
    ns = {"s": "http://www.sitemaps.org/schemas/sitemap/0.9", "x": "http://www.w3.org/1999/xhtml"}
    root = ET.parse(path).getroot()
    return {url.findtext("s:loc", namespaces=ns): {link.get("hreflang") for link in
                                                     url.findall("x:link", ns)}
            for url in root.findall("s:url", ns)}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_language_has_its_sitemap(built_site: Path, lang: str) -> None:
    home = read(html_file(built_site, lang, "index.md"))
    site_url = site_url_of(home, lang, "index.md")
    sitemap = _sitemap(built_site / prefix(lang) / "sitemap.xml")
    pages = {f"{site_url}{prefix(lang)}{page_dir(markdown)}" for markdown in nav_pages()}
    if lang == DEFAULT_LANGUAGE:
        # The root sitemap lists every language.
        pages |= {f"{site_url}{prefix(other)}{page_dir(markdown)}"
                  for other in LANGUAGES for markdown in nav_pages()}
    assert set(sitemap) == pages
    assert all(alternates == set(LANGUAGES) for alternates in sitemap.values())


def test_the_404_page_speaks_every_language(built_site: Path) -> None:
    page = read(built_site / "404.html")
    assert page.lang == DEFAULT_LANGUAGE
    for lang in LANGUAGES:
        assert normalize(gettext(lang, "Page not found")) in page.article_text, lang
    homes = {a.attrs.get("hreflang"): a.attrs["href"] for a in page.anchors
             if a.attrs.get("hreflang") and "md-select__link" not in a.classes}
    assert set(homes) == set(LANGUAGES)
    assert all(href.startswith("/") and href.endswith(f"/{prefix(lang)}")
               for lang, href in homes.items())


# --- nothing from another host; any base path --------------------------------------------

def _foreign(url: str) -> bool:
    parts = urlsplit(url)
    return url.startswith("//") or bool(parts.netloc) or parts.scheme not in ("", "data")


def test_nothing_loads_from_another_host(built_site: Path) -> None:
    foreign = [(str(path.relative_to(built_site)), where, url)
               for path in all_pages(built_site) for where, url in read(path).assets
               if _foreign(url)]
    foreign += [(str(path.relative_to(built_site)), "css", url)
                for path in built_site.rglob("*.css")
                for url in css_urls(path.read_text(encoding="utf-8")) if _foreign(url)]
    assert foreign == []


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args: Any) -> None:
        pass


@pytest.fixture(scope="module")
def sub_path_server() -> Iterator[str]:
    """A build for http://…/sub/path/, served under /sub/path/ by a threaded http.server."""
    root = temporary_dir("sub-path")
    build(root / "sub" / "path", site_url="http://127.0.0.1:8765/sub/path/")
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(_QuietHandler, directory=str(root)))
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/sub/path/"
    server.shutdown()
    server.server_close()


def _get(url: str) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, b""


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_build_under_a_sub_path_uses_relative_urls(sub_path_server: str, lang: str,
                                                     tmp_path: Path) -> None:
    for markdown in ("index.md", f"{PAGES['mtg']}.md"):
        url = f"{sub_path_server}{prefix(lang)}{page_dir(markdown)}"
        status, body = _get(url)
        assert status == 200, url
        saved = tmp_path / "index.html"
        saved.write_bytes(body)
        read.cache_clear()
        page = read(saved)
        absolute = [asset for _where, asset in page.assets
                    if asset.startswith("/") or urlsplit(asset).scheme]
        assert absolute == [], url
        switcher = [a.attrs["href"] for a in page.anchors if "md-select__link" in a.classes]
        assert len(switcher) == len(LANGUAGES)
        for target in [asset for _where, asset in page.assets] + switcher:
            assert _get(urljoin(url, target))[0] == 200, (url, target)
        config = json.loads(re.search(rb'<script id="__config" type="application/json">(.*?)'
                                      rb"</script>", body, re.S)[1])
        worker = urljoin(url, config["search"])
        assert _get(worker)[0] == 200
        assert _get(urljoin(worker, re.search(r"worker=([^&]+)", worker)[1]))[0] == 200
        assert _get(urljoin(urljoin(url, config["base"] + "/"), "search/search_index.json"))[0] == 200


def test_the_404_page_under_a_sub_path(sub_path_server: str, tmp_path: Path) -> None:
    status, body = _get(f"{sub_path_server}404.html")
    assert status == 200
    saved = tmp_path / "404.html"
    saved.write_bytes(body)
    page = read(saved)
    base_path = urlsplit(sub_path_server).path
    # Error pages are served at any depth: their URLs are absolute paths from SITE_URL.
    for _where, asset in page.assets:
        assert asset.startswith(base_path), asset
        assert _get(urljoin(sub_path_server, asset))[0] == 200, asset


# --- the site's own catalogs -------------------------------------------------------------

def _placeholders(message: str) -> set[str]:
    """%(name)s (gettext in templates and hooks) and {name} (str.format in the checker)."""
    return {named or braced for named, braced in re.findall(r"%\((\w+)\)s|\{(\w+)\}", message)}


def test_site_catalog_template_is_current() -> None:
    with (site_catalog.CATALOGS / "site.pot").open("rb") as handle:
        written = site_catalog.read_po(handle)
    assert [m.id for m in written if m.id] == [m.id for m in site_catalog.template() if m.id]


@pytest.mark.parametrize("lang", site_catalog.TRANSLATED)
def test_site_catalog_is_translated(lang: str) -> None:
    with (site_catalog.CATALOGS / "site.pot").open("rb") as handle:
        template = site_catalog.read_po(handle)
    with (site_catalog.CATALOGS / f"{lang}.po").open("rb") as handle:
        catalog = site_catalog.read_po(handle, locale=lang)
    problems = []
    for message in template:
        if not message.id:
            continue
        translated = catalog.get(message.id)
        if translated is None or not translated.string or translated.fuzzy:
            problems.append(("untranslated", message.id))
        elif _placeholders(translated.string) != _placeholders(message.id):
            problems.append(("placeholders", message.id))
    assert problems == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_glossary_shows_every_term_of_the_terminology_file(built_site: Path, lang: str) -> None:
    concepts = yaml.safe_load((ROOT / "translations" / "terminology.yaml").read_text(encoding="utf-8"))["concepts"]
    html = html_file(built_site, lang, "glossary.md").read_text(encoding="utf-8")
    table = html[html.index('id="terms"'):]
    assert "<table>" in table and "<!-- terminology -->" not in html
    for concept in concepts:
        for term in concept["terms"].values():
            assert str(term).replace("&", "&amp;") in table, (lang, term)


def test_no_page_writes_two_parentheses_side_by_side(built_site: Path) -> None:
    # pt-ja (reading 12): 「MTR（2025年11月10日版）（2025年11月10日施行）」, 「（オンライン版）（日付なし）」: one parenthesis
    # holds both, or the name loses its own.
    from tests.site.test_french_spacing import page_text

    found = [f"{page.relative_to(built_site)}: …{m.group(0)}…" for page in all_pages(built_site)
             for m in re.finditer(r".{20}(?:[)）]\s?[(（]).{20}", page_text(page.read_text(encoding="utf-8")))]
    assert found == []


@pytest.mark.parametrize("lang", ["fr", "ja"])
def test_the_footer_links_labels_use_the_languages_own_colon(built_site: Path, lang: str) -> None:
    # pt-ja (reading 24): the footer's 「前: 用語集」 (Material writes "direction: title").
    right = {"fr": "\u202f: ", "ja": "："}[lang]
    labels = [m[1] for page in (built_site / lang).rglob("index.html")
              for m in re.finditer(r'class="md-footer__link[^"]*" aria-label="([^"]*)"', page.read_text(encoding="utf-8"))]
    assert labels and [label for label in labels if right not in label] == []
