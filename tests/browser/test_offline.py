"""Offline, in Chromium: the service worker (sw.js), its release caches, updates, manifests.

Every test has its own server (overrides/serve.py, the one `make serve` uses, precompressed
files included) and a fresh browser context (its own service worker and caches), because
the point is to STOP the server: a browser's offline switch does not cover a service
worker's own fetches, a server that is gone does.
"""

from __future__ import annotations

import json
import re
import shutil
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest

from rules_engine import judge
from rules_engine.rule_ids import PAGES
from tests.site.sitebuild import LANGUAGES, ROOT, prefix, serve_module

sys.path.insert(0, str(ROOT / "overrides" / "hooks"))
import site_catalog  # noqa: E402
import site_offline  # noqa: E402

pytestmark = [pytest.mark.browser, pytest.mark.service_worker]

OFFLINE_READY = "document.documentElement.dataset.offline === 'ready'"
CACHES = """async () => {
  const out = {};
  for (const name of await caches.keys()) out[name] = (await (await caches.open(name)).keys()).map((r) => r.url);
  return out;
}"""
SCENARIO = {"version": 1, "game": "yugioh", "edition": "2.3", "round": "single-elimination", "games_won": [1, 1],
            "time_called": "between-games", "side_deck_accessed": True}
GA_SCENARIO = {"version": 1, "game": "grand-archive", "round": "swiss", "games_won": [0, 0],
               "time_called": "during-game", "active_player": "A", "clock_expired_during_turn": 2,
               "current_game": {"winner": None}}


serve = serve_module()


@pytest.fixture()
def start_server() -> Iterator[Any]:
    """start_server(folder, prefix="/", handler=…) → a running serve.Server; all stopped at the end."""
    servers: list[Any] = []

    def start(folder: Path, prefix: str = "/", **options: Any) -> Any:
        server = serve.Server(folder, prefix=prefix, **options).start()
        servers.append(server)
        return server

    yield start
    for server in servers:
        try:
            server.stop()
        except OSError:
            pass


def gone(url: str) -> bool:
    try:
        urllib.request.urlopen(url, timeout=3)
    except (urllib.error.URLError, ConnectionError, TimeoutError):
        return True
    return False


def wait_until(page: Any, predicate: str, arg: Any = None, timeout_s: float = 60) -> Any:
    """Poll an async predicate (page.wait_for_function takes a Promise for a truthy value)."""
    deadline = time.monotonic() + timeout_s
    while True:
        try:
            value = page.evaluate(predicate, arg)
        except Exception as error:  # the page navigated meanwhile: ask again
            if "context was destroyed" not in str(error) and "navigat" not in str(error):
                raise
            value = None
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"still false after {timeout_s} s: {predicate}")
        time.sleep(0.2)


STATE = """async () => {
  const registration = await navigator.serviceWorker.getRegistration();
  const worker = (w) => w && w.state;
  return {engine: window.rulesChecker && window.rulesChecker.state, offline: document.documentElement.dataset.offline,
          controller: Boolean(navigator.serviceWorker.controller),
          registration: registration && {active: worker(registration.active), waiting: worker(registration.waiting),
                                         installing: worker(registration.installing)},
          caches: await caches.keys()};
}"""


def wait_offline_ready(page: Any) -> None:
    try:
        page.wait_for_function(OFFLINE_READY, timeout=180_000, polling=200)
    except Exception as error:
        raise AssertionError(f"not offline-ready: {page.evaluate(STATE)}") from error


def share_link(base: str, lang: str, game: str, scenario: dict[str, Any]) -> str:
    return f"{base}{prefix(lang)}{PAGES[game]}/#scenario={quote(json.dumps(scenario))}"


def assert_ruling(page: Any, scenario: dict[str, Any], lang: str) -> None:
    page.wait_for_selector("[data-ruling][data-state=ready]", timeout=90_000)
    expected = judge(scenario, lang)
    ruling = page.locator("[data-ruling]")
    assert ruling.get_attribute("data-match-result") == expected["match"]["result"]
    assert json.loads(ruling.get_attribute("data-scenario")) == scenario
    text = ruling.inner_text()
    for step in expected["explanation"]:
        assert step["text"] in text


@pytest.mark.parametrize("sub_path", ["/", "/sub/path/"])
def test_after_one_visit_a_page_never_visited_rules_with_no_network(
        context: Any, built_site: Path, start_server: Any, sub_path: str) -> None:
    server = start_server(built_site, prefix=sub_path)
    base = server.url
    release = site_offline.read_release(built_site)
    first = context.new_page()
    first.goto(f"{base}fr/{PAGES['mtg']}/")
    wait_offline_ready(first)
    stored = first.evaluate(CACHES)
    assert sorted(stored[release["name"]]) == sorted(f"{base}{url}" if url != "./" else base
                                                     for url, _integrity, _size in release["files"])
    assert set(stored) <= {release["name"], "eom-snapshot"}
    # The registration's scope is the site root, whatever the sub-path: every language.
    assert first.evaluate("navigator.serviceWorker.controller.scriptURL") == f"{base}sw.js"

    server.stop()
    assert gone(base), "the server must really be gone"

    failed: list[str] = []
    # A request the page itself abandons (a search worker still loading when the test moves on to
    # the next address) is aborted, not refused for want of a network: only the latter count.
    context.on("requestfailed", lambda request: failed.append(request.url)
               if "ERR_ABORTED" not in (request.failure or "") else None)
    other = context.new_page()
    errors: list[str] = []
    other.on("pageerror", lambda error: errors.append(str(error)))
    other.goto(share_link(base, "ja", "yugioh", SCENARIO))
    assert_ruling(other, SCENARIO, "ja")
    assert other.locator("html").get_attribute("lang") == "ja"
    boot = other.evaluate("JSON.parse(JSON.stringify(window.rulesChecker.timings.boot))")
    # Chromium: a dedicated worker of a controlled page is controlled too; every file came
    # through the service worker, none from worker.mjs's own Cache API fallback.
    assert boot["fromCache"] == []
    # Search works offline too (index and Japanese segmenter from the release).
    other.goto(f"{base}ja/?q={quote('延長ターン')}")
    other.wait_for_selector(".md-search-result__item", timeout=30_000)
    # A page the release does not hold: the site's own "not found" page, the address's
    # language first, not the browser's error.
    missing = f"{base}pt/no-such-page/"
    response = other.goto(missing)
    assert response is not None and response.status == 404
    assert other.locator(".site-not-found").count() == 4
    if sub_path == "/":
        # 404.html links its assets by absolute path from site_url: this build's is the root
        # (a sub-path deployment builds with its own SITE_URL, tests/site checks it).
        other.wait_for_function("document.querySelector('.site-not-found')?.lang === 'pt'", timeout=10_000)
        assert other.locator(".site-not-found").first.locator("h1").count() == 1
        assert other.locator("h1").count() == 1
    assert errors == []
    # Only the update check of sw.js (offline.js asks, the server is gone) and the page that
    # is not held may fail.
    # (and, in a root build served under a sub-path, the 404 page's root-absolute assets).
    outside = [url for url in failed if not url.startswith(base)]
    assert outside == [] or sub_path != "/"
    assert [url for url in failed if not url.endswith("sw.js") and url != missing and url not in outside] == []


def test_a_new_release_waits_for_the_reader_then_replaces_the_old_one(
        context: Any, built_site: Path, start_server: Any, tmp_path: Path) -> None:
    one = Path(shutil.copytree(built_site, tmp_path / "one"))
    two = Path(shutil.copytree(built_site, tmp_path / "two"))
    changed = two / "fr" / PAGES["mtg"] / "index.html"
    changed.write_text(changed.read_text(encoding="utf-8").replace(
        "</body>", '<p id="release-two" hidden>two</p></body>'), encoding="utf-8")
    for sibling in (changed.with_name("index.html.br"), changed.with_name("index.html.gz")):
        sibling.unlink(missing_ok=True)
    (two / "assets" / "offline" / "release-two.txt").write_text("a file only release two has\n")
    first, second = site_offline.read_release(one), site_offline.write_release(two, list(LANGUAGES))
    assert first["name"] != second["name"]
    assert len(second["files"]) == len(first["files"]) + 1

    server = start_server(one)
    page = context.new_page()
    page.goto(f"{server.url}fr/{PAGES['mtg']}/")
    wait_offline_ready(page)
    assert page.locator(".site-update").count() == 0

    server.directory = two.resolve()  # the deploy
    page.reload()
    banner = page.locator(".site-update")
    banner.wait_for(state="visible", timeout=120_000)
    french = site_catalog.translations("fr").gettext
    assert french("An update of this site is ready.") in banner.inner_text()
    assert banner.get_attribute("role") == "status"
    # Nothing swapped under the reader: still release one's page, both releases stored.
    assert page.locator("#release-two").count() == 0
    assert {first["name"], second["name"]} <= set(page.evaluate(CACHES))

    button = banner.get_by_role("button", name=french("Reload"))
    with page.expect_navigation(timeout=60_000):
        button.click()
    page.wait_for_selector("#release-two", state="attached", timeout=60_000)
    wait_offline_ready(page)
    wait_until(page, """async (name) => {
        const names = (await caches.keys()).filter((n) => n !== "eom-snapshot");
        return names.length === 1 && names[0] === name;
    }""", second["name"])
    stored = page.evaluate(CACHES)[second["name"]]
    assert f"{server.url}assets/offline/release-two.txt" in stored
    assert len(stored) == len(second["files"])


class RefusingHandler(serve.Handler):
    """Drops the connection, as a dead network does, for the paths in server.refused."""

    def send_head(self) -> Any:
        if any(part in self.path for part in getattr(self.server, "refused", ())):
            self.close_connection = True
            return None
        return super().send_head()


def test_the_worker_falls_back_to_the_cache_api_when_its_requests_fail(
        browser: Any, built_site: Path, start_server: Any) -> None:
    """Where a dedicated worker's requests bypass the service worker (not Chromium's case),
    worker.mjs answers from the release cache itself. No service worker here at all."""
    server = start_server(built_site, handler=RefusingHandler)
    release = site_offline.read_release(built_site)
    runtime = [f"{server.url}assets/pyodide/{name}" for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")]
    # The first zip and the page's catalog (a part of the engine, engine-<hash>-pt.zip).
    urls = runtime + [f"{server.url}{release['engine']}", f"{server.url}{release['engine'].replace('.zip', '-pt.zip')}"]
    context = browser.new_context(service_workers="block")
    try:
        page = context.new_page()
        page.goto(f"{server.url}pt/")
        page.evaluate("""async (urls) => {
            const cache = await caches.open("eom-0000000000000000");
            for (const url of urls) await cache.put(url, await fetch(url, { cache: "no-store" }));
        }""", urls)
        server.refused = ("/assets/pyodide/", "/assets/engine/engine-")
        page.goto(share_link(server.url, "pt", "grand-archive", GA_SCENARIO))
        assert_ruling(page, GA_SCENARIO, "pt")
        boot = page.evaluate("JSON.parse(JSON.stringify(window.rulesChecker.timings.boot))")
        assert sorted(boot["fromCache"]) == sorted(url.rsplit("/", 1)[1] for url in urls)
    finally:
        context.close()


def test_the_engine_boots_from_its_memory_snapshot_on_the_next_page(
        context: Any, built_site: Path, start_server: Any) -> None:
    server = start_server(built_site)
    page = context.new_page()
    page.goto(f"{server.url}{PAGES['mtg']}/")
    page.wait_for_function("window.rulesChecker && window.rulesChecker.state === 'ready'", timeout=90_000)
    engine = site_offline.read_release(built_site)["engine"]
    wait_until(page, """async (engine) => (await (await caches.open("eom-snapshot")).keys())
        .some((r) => r.url.startsWith(engine))""", server.url + engine)
    page.goto(share_link(server.url, "fr", "grand-archive", GA_SCENARIO))
    assert_ruling(page, GA_SCENARIO, "fr")
    boot = page.evaluate("JSON.parse(JSON.stringify(window.rulesChecker.timings.boot))")
    assert boot["snapshot"] == "restored"
    worker = page.evaluate("JSON.parse(JSON.stringify(window.rulesChecker.timings.worker))")
    assert all(isinstance(mark, (int, float)) for mark in worker.values())


@pytest.mark.parametrize("lang", LANGUAGES)
def test_chromium_reads_each_languages_manifest(context: Any, built_site: Path, start_server: Any,
                                                lang: str) -> None:
    server = start_server(built_site, prefix="/sub/path/")
    page = context.new_page()
    page.goto(f"{server.url}{prefix(lang)}")
    cdp = context.new_cdp_session(page)
    manifest = cdp.send("Page.getAppManifest")
    assert manifest["url"] == f"{server.url}{prefix(lang)}manifest.webmanifest"
    assert manifest["errors"] == []
    data = json.loads(manifest["data"])
    assert data["lang"] == lang
    parsed = cdp.send("Page.getAppId")
    assert parsed.get("appId") == f"{server.url}{prefix(lang)}"


def test_the_development_servers_worker_retires_a_release(context: Any, built_site: Path, start_server: Any,
                                                          tmp_path: Path) -> None:
    """`mkdocs serve` publishes sw.js with no release: it must undo what `make serve` left
    on the same address, or the development server's edits would never show."""
    dev = Path(shutil.copytree(built_site, tmp_path / "dev"))
    for name in ("sw.js", "sw.js.br", "sw.js.gz"):
        (dev / name).unlink(missing_ok=True)
    shutil.copy(site_offline.SW_SOURCE, dev / "sw.js")
    server = start_server(built_site)
    page = context.new_page()
    page.goto(f"{server.url}ja/")
    wait_offline_ready(page)
    server.directory = dev.resolve()
    page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")
    wait_until(page, """async () => !(await navigator.serviceWorker.getRegistration())
        && (await caches.keys()).every((name) => !name.startsWith("eom-"))""")
    # The page it was showing was loaded again, from the server.
    page.wait_for_load_state()
    assert page.evaluate("navigator.serviceWorker.controller") is None


def test_a_reader_saving_data_gets_the_engine_when_reaching_for_the_form(
        context: Any, built_site: Path, start_server: Any) -> None:
    server = start_server(built_site)
    context.add_init_script("Object.defineProperty(navigator, 'connection', {value: {saveData: true}})")
    page = context.new_page()
    page.goto(f"{server.url}pt/{PAGES['mtg']}/", wait_until="load")
    page.wait_for_timeout(3000)  # past the idle start of a reader who does not save data
    assert page.evaluate("window.rulesChecker.state") == "idle"
    assert page.evaluate("navigator.serviceWorker.getRegistration().then((r) => !r)"), "nothing downloaded yet"
    page.locator(".checker-form[data-game=mtg] input[name$=games-won-0]").first.focus()  # a side's games won
    page.wait_for_function("window.rulesChecker.state === 'ready'", timeout=90_000)
    # Once the engine is there (its bytes in the HTTP cache), the site is kept for offline use.
    wait_offline_ready(page)


def test_an_exam_opens_from_its_code_with_no_network(context: Any, built_site: Path, start_server: Any) -> None:
    from rules_engine.training.exam import exam, new_code

    server = start_server(built_site)
    base = server.url
    first = context.new_page()
    first.goto(f"{base}pt/training/")
    wait_offline_ready(first)
    server.stop()
    assert gone(base), "the server must really be gone"
    code = new_code(["grand-archive"], ["turns", "result"], 20, 99)
    other = context.new_page()
    other.goto(f"{base}ja/training/#exam={code}")
    other.wait_for_selector("[data-exam][data-state=question]", timeout=90_000)
    assert other.locator(".exam-stage .training-prompt").text_content() == exam(code, "ja")["questions"][0]["prompt"]


# What the header said about the first install, as it said it; whether Material's toast ever showed.
SAVING_WATCH = """
window.__saving = {said: [], inHeader: true, toast: false};
new MutationObserver(() => {
  const seen = window.__saving;
  const status = document.querySelector('.site-offline-status');
  if (status && seen.said.at(-1) !== status.textContent) {
    seen.said.push(status.textContent);
    const header = document.querySelector('.md-header').getBoundingClientRect();
    const r = status.getBoundingClientRect();
    seen.inHeader = seen.inHeader && r.top >= header.top && r.bottom <= header.bottom;
  }
  if (document.querySelector('.md-dialog--active')) seen.toast = true;
}).observe(document, {subtree: true, childList: true, characterData: true, attributes: true});
"""


def test_the_first_install_shows_its_progress_in_the_header_then_that_the_site_works_offline(
        browser: Any, built_site: Path, start_server: Any) -> None:
    """A slow first visit says how far the offline save is, and "works offline" only once it is true;
    in the header bar, where it covers nothing of the page (no toast over the menus or the tools)."""
    server = start_server(built_site)
    context = browser.new_context(viewport={"width": 360, "height": 740}, has_touch=True, reduced_motion="reduce",
                                  service_workers="allow")
    try:
        context.add_init_script(SAVING_WATCH)
        page = context.new_page()
        page.goto(f"{server.url}fr/tracker/")
        wait_offline_ready(page)
        page.wait_for_function("window.__saving.said.length >= 2")
        seen = page.evaluate("window.__saving")
        saving = site_catalog.translations("fr").gettext("Saving for offline use: {percent}")
        saved = site_catalog.translations("fr").gettext("Saved: works offline")
        progress = [text for text in seen["said"] if text.startswith(saving.split("{")[0])]
        # The share saved, as the page's language writes a percentage (French: a space before %).
        assert len(progress) >= 2 and re.search(r"\b100[\u00a0\u202f]%$", progress[-1]), seen
        assert seen["said"][-1] == saved, seen
        assert seen["inHeader"] and not seen["toast"], seen
        # The page itself is untouched: the tracker's first controls are where they were.
        assert page.locator(".site-offline-status").evaluate("(e) => e.closest('.md-header') !== null")
    finally:
        context.close()


@pytest.mark.parametrize("lang", ["fr", "pt", "ja"])
def test_the_offline_save_s_percentage_shows_whole_in_the_header_at_360_px(phone: Any, site_server: str, lang: str) -> None:
    """The first install's progress, in the header bar in the place of the site's name: at 360 px the
    percentage is never cut off, in the longest language too."""
    import sys
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "overrides" / "hooks"))
    import site_catalog
    saving = site_catalog.translations(lang).gettext("Saving for offline use: {percent}")
    phone.goto(f"{site_server}{lang}/{PAGES['mtg']}/")
    cut = phone.evaluate("""([saving, lang]) => {
      const status = document.createElement('div');
      status.className = 'site-offline-status';
      status.textContent = saving.replace('{percent}', new Intl.NumberFormat(lang, {style: 'percent'}).format(0.99));
      document.querySelector('.md-header__title').append(status);
      const box = status.getBoundingClientRect();
      return {text: status.textContent, clipped: status.scrollHeight > status.clientHeight + 1 || status.scrollWidth > status.clientWidth + 1,
              right: box.right, width: innerWidth};
    }""", [saving, lang])
    assert not cut["clipped"] and cut["right"] <= cut["width"], cut
