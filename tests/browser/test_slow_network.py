"""A slow first visit never reads as "this device can't": the checker waits for an engine
that is still arriving, shows the bytes received, and when the download stops, says that
the network is at fault and offers to try again with the form kept.

The site is served by its own server through tests/throttle.py (a shared link of limited
bandwidth, a stall on demand): every request of the page and of the engine's worker goes
through it. The start-up's time box (15 s without progress on the site) is shortened to
3 s here through window.rulesEngineStartTimeoutMs, so that a download longer than the box
proves that only a stop, not slowness, ends the wait.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest

from rules_engine import judge
from rules_engine.editions import newest
from rules_engine.i18n import translate
from rules_engine.rule_ids import PAGES
from tests.throttle import RULING_WATCH, Link, OnTheFlyHandler, RawHostHandler, SlowHandler, Stall, serve

pytestmark = pytest.mark.browser

SCENARIO = {"version": 1, "game": "mtg", "round": "single-elimination", "games_won": [1, 1],
            "time_called": "during-game", "active_player": "B", "current_game": {"life": [7, 12]}}
TIME_BOX_MS = 3000
WATCH = f"window.rulesEngineStartTimeoutMs = {TIME_BOX_MS};\n{RULING_WATCH}"


@pytest.fixture()
def slow_server(built_site: Path) -> Iterator[Any]:
    server = serve.Server(built_site, handler=SlowHandler).start()
    yield server
    server.stop()


def share_link(base: str) -> str:
    return f"{base}{PAGES['mtg']}/#scenario={quote(json.dumps(SCENARIO))}"


def assert_ruled(page: Any) -> None:
    ruling = page.locator("[data-ruling]")
    assert ruling.get_attribute("data-match-result") == judge(SCENARIO)["match"]["result"]
    assert json.loads(ruling.get_attribute("data-scenario")) == SCENARIO


def test_a_download_longer_than_the_time_box_is_waited_for_and_shown(context: Any, slow_server: Any) -> None:
    # About 4.6 MB to bring (the wasm and the runtime precompressed, the zip): about 7 s at
    # 5.3 Mbit/s, more than twice the time box, with bytes arriving all along.
    slow_server.link = Link(5.3e6)
    context.add_init_script(WATCH)
    page = context.new_page()
    started = time.monotonic()
    page.goto(share_link(slow_server.url))
    page.wait_for_selector("[data-ruling][data-state=ready]", timeout=60_000)
    elapsed = time.monotonic() - started
    assert_ruled(page)
    seen = page.evaluate("window.__seen")
    assert elapsed > 2 * TIME_BOX_MS / 1000, f"the download was not slow enough to prove anything ({elapsed:.1f} s)"
    assert seen["alerts"] == [] and "error" not in seen["states"], seen
    assert len(seen["downloads"]) >= 3 and seen["downloads"][-1].startswith("Downloading the rules engine:"), seen


HOSTS = {"precompressed": SlowHandler, "raw": RawHostHandler, "on-the-fly": OnTheFlyHandler}


@pytest.mark.parametrize("host", list(HOSTS))
def test_the_download_line_counts_the_bytes_that_travel(context: Any, built_site: Path, host: str) -> None:
    """"x of y MB": y is what the wasm and the engine zip really take on the wire (their .br from
    a host serving the siblings, the files themselves from one that compresses nothing, the
    files gzipped with no length from one that compresses on the fly: the build's table), not
    their decoded size, and x climbs to y."""
    server = serve.Server(built_site, handler=HOSTS[host]).start()
    try:
        server.link = Link(24e6)
        server.bodies = {}
        context.add_init_script(WATCH)
        page = context.new_page()
        page.goto(share_link(server.url))
        page.wait_for_selector("[data-ruling][data-state=ready]", timeout=60_000)
        assert_ruled(page)
        seen = page.evaluate("window.__seen")
        engine = page.evaluate("document.querySelector('meta[name=engine-zip]').content").rsplit("/", 1)[1]
        travelled = sum(size for path, size in server.bodies.items()
                        if path.endswith(("/pyodide.asm.wasm", "/" + engine)))
    finally:
        server.stop()
    decoded = int(page.evaluate("document.querySelector('meta[name=engine-bytes]').content"))
    totals = {float(line.split(" of ")[1].split()[0]) for line in seen["downloads"] if " of " in line}
    assert totals, seen
    # engine-bytes: the two files' sizes. Compressed, far fewer bytes travel; raw, exactly those.
    assert travelled == decoded if host == "raw" else travelled < 0.5 * decoded, (travelled, decoded)
    for total in totals:  # one decimal: within 0.05 MB of the bytes that travelled
        assert abs(total - travelled / 1e6) <= 0.051, (total, travelled, seen["downloads"])
    last = seen["downloads"][-1]
    assert last.split(": ")[1].split(" of ")[0] == last.split(" of ")[1].split()[0], seen["downloads"]


def test_a_download_that_stops_says_so_and_a_retry_keeps_the_form(context: Any, slow_server: Any) -> None:
    slow_server.stall = Stall("pyodide.asm.wasm", after_bytes=400_000)
    context.add_init_script(WATCH)
    page = context.new_page()
    page.goto(share_link(slow_server.url))
    alert = page.locator("[data-ruling] [role=alert]")
    alert.wait_for(timeout=30_000)
    assert alert.get_attribute("data-reason") == "network"
    assert "too slow, or was cut" in alert.text_content() and "MB received" in alert.text_content()
    assert page.locator("[data-ruling]").get_attribute("data-state") == "error"
    # The form holds the link's scenario, untouched.
    form = page.locator("form.checker-form[data-game=mtg]")
    assert form.locator('input[name="chk-mtg-active-player"][value="B"]').is_checked()
    # The network is back: one tap, and the same scenario is ruled.
    slow_server.stall.resume()
    page.locator("[data-ruling] .engine-retry").click()
    page.wait_for_selector("[data-ruling][data-state=ready]", timeout=60_000)
    assert_ruled(page)
    assert form.locator('input[name="chk-mtg-active-player"][value="B"]').is_checked()


# The link's situation as the line names it: the game, the edition it is ruled under (none named:
# the rules in force today), the round, the score and whose turn it was.
SITUATION = (f"Shared situation: Magic: The Gathering, {translate('en', newest('mtg').short)}, single elimination, "
             "A 1 – B 1, B's turn")

# Everything the shared line at the top of the page said, as it said it, and where the reader was.
SHARED_WATCH = """
window.__line = {first: null, downloads: [], scrolls: []};
new MutationObserver(() => {
  const line = document.querySelector('.checker-shared');
  if (!line) return;
  const seen = window.__line;
  if (!seen.first) {
    seen.first = {text: line.querySelector('.checker-shared-situation').textContent, parsing: document.readyState,
                  checker: Boolean(document.querySelector('.checker')),
                  top: line.getBoundingClientRect().top, header: document.querySelector('.md-header').offsetHeight};
  }
  const download = line.querySelector('.checker-download');
  if (download && seen.downloads.at(-1) !== download.textContent) seen.downloads.push(download.textContent);
}).observe(document, {subtree: true, childList: true, characterData: true});
addEventListener('scroll', () => window.__line.scrolls.push(scrollY));
"""


# The paragraph in the middle of the screen: what the reader is reading.
READING_AT = """function readingAt() {
  const node = [...document.querySelectorAll('.md-content__inner p, .md-content__inner h2')]
    .find((n) => n.getBoundingClientRect().top > 200 && n.getBoundingClientRect().top < 600);
  return {node, top: node.getBoundingClientRect().top};
}"""


def test_a_share_link_names_its_situation_at_the_top_at_once_and_never_scrolls_the_reader(
        browser: Any, slow_server: Any) -> None:
    """On a slow first visit, the top of the page says at once what the link holds and how far the
    engine is; the ruling's first sentence comes there, with the way to the whole ruling; the page
    never moves by itself (the ruling is a screen or more below, past the procedure's text)."""
    slow_server.link = Link(12e6, latency_s=0.05)  # about 3 s of engine: long enough to read its progress
    context = browser.new_context(viewport={"width": 360, "height": 740}, has_touch=True, reduced_motion="reduce",
                                  service_workers="block")
    try:
        context.add_init_script(SHARED_WATCH)
        page = context.new_page()
        page.goto(share_link(slow_server.url), wait_until="commit")
        line = page.locator(".checker-shared")
        line.wait_for(timeout=10_000)
        # There while the page is still being parsed, before its checker (and its scripts): from the first paint,
        # in the page's flow under the header, in the first screen: nothing is covered, nothing to scroll to.
        # It names the situation at once (the link's facts, in the form's words, and the edition it is ruled
        # under): never an empty "Shared situation:" while the scripts arrive.
        first = page.evaluate("window.__line.first")
        assert first["parsing"] == "loading" and not first["checker"], first
        assert first["text"] == SITUATION, first
        assert first["header"] <= first["top"] < 740 / 2, first
        # The checker's scripts, once there, name it the same, while the engine is still on its way.
        situation = line.locator(".checker-shared-situation")
        page.wait_for_function("document.querySelector('.checker-shared .checker-download')", timeout=30_000)
        assert situation.inner_text() == SITUATION
        assert page.locator("[data-ruling]").get_attribute("data-state") == "loading"
        assert page.evaluate("getComputedStyle(document.querySelector('.checker-shared')).position") == "static"
        # The reader starts reading the procedure.
        page.mouse.wheel(0, 300)
        page.wait_for_function("scrollY >= 300")
        before = page.evaluate(f"(() => {{ {READING_AT}; window.__reading = readingAt(); return window.__reading.top; }})()")
        page.wait_for_selector("[data-ruling][data-state=ready]", timeout=60_000)
        assert_ruled(page)
        seen = page.evaluate("window.__line")
        assert seen["downloads"] and seen["downloads"][-1].startswith("Downloading the rules engine:"), seen
        # What the reader was reading is where it was: the line above it may have grown (the browser
        # keeps the text in place), the page never went to the ruling by itself.
        after = page.evaluate("window.__reading.node.getBoundingClientRect().top")
        assert abs(after - before) <= 1, (before, after)
        assert page.locator("[data-ruling]").bounding_box()["y"] > 740, "the page went to the ruling by itself"
        # The ruling's first sentence is in the line, and one tap leads to the whole ruling; the situation
        # is named as the ruling names its edition.
        assert line.get_attribute("data-state") == "ready"
        assert situation.inner_text() == SITUATION
        summary = judge(SCENARIO)["summary"]
        assert line.locator(".checker-shared-summary").inner_text() == summary
        line.locator(".checker-shared-go").click()
        box = page.locator("[data-ruling]").bounding_box()
        assert 0 <= box["y"] < 740 / 2, box
        assert page.evaluate("document.activeElement.matches('[data-ruling]')")
    finally:
        context.close()


@pytest.mark.parametrize(("lang", "received", "total"), [("fr", "1,7", "3,1"), ("pt", "1,7", "3,1"), ("en", "1.7", "3.1"),
                                                          ("ja", "1.7", "3.1")])
def test_the_download_line_writes_its_numbers_as_the_page_s_language_does(
        page: Any, site_server: str, lang: str, received: str, total: str) -> None:
    """"1,7 sur 3,1 Mo" in French and Portuguese (a decimal comma), "1.7 of 3.1 MB" in English and Japanese:
    the line the checker, the tracker and a share link's line show while the engine downloads."""
    page.goto(f"{site_server}{'' if lang == 'en' else lang + '/'}{PAGES['mtg']}/")
    strings = json.loads(page.locator(".checker-data").text_content())["strings"]
    shown = page.evaluate("""async ([strings, base]) => {
      const module = await import(new URL('assets/javascripts/engine-status.js', base).href);
      return [module.downloadText(strings, {received: 1.7e6, total: 3.1e6}), module.downloadText(strings, {received: 2.46e6})];
    }""", [strings, site_server])
    assert shown[0] == strings["engine_download"].replace("{received}", received).replace("{total}", total), shown
    assert shown[1] == strings["engine_download_open"].replace("{received}", "2" + received[1] + "5"), shown


TRACKER_WATCH = """
window.__tracker = [];
new MutationObserver(() => {
  const text = document.querySelector('.tracker-status .tracker-download')?.textContent;
  if (text && window.__tracker.at(-1) !== text) window.__tracker.push(text);
}).observe(document, {subtree: true, childList: true, characterData: true});
"""


def test_the_tracker_shows_the_engine_s_download_while_it_works_out_the_turn(context: Any, slow_server: Any) -> None:
    """A first visit on a slow network: after Time called, "Working out the turn…" shows the bytes received
    of the engine's download, as the checker's line does, until the turn is shown."""
    slow_server.link = Link(5.3e6)
    context.add_init_script(TRACKER_WATCH)
    page = context.new_page()
    page.goto(f"{slow_server.url}tracker/")
    setup = page.locator(".tracker-setup")
    for name, value in (("tracker-round", "swiss"), ("tracker-best-of", "3"), ("tracker-wins-A", "1"), ("tracker-wins-B", "0"),
                        ("tracker-active", "A")):
        setup.locator(f'label:has(> input[name="{name}"][value="{value}"])').click()
    setup.locator('[data-start="plain"]').click()
    page.wait_for_selector(".tracker-board[data-state=ready]", timeout=60_000)
    seen = page.evaluate("window.__tracker")
    assert len(seen) >= 2 and all(text.startswith("Downloading the rules engine:") for text in seen), seen
