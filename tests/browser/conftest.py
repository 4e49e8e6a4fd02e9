"""The built site served locally, and one Chromium for the whole session.

- ``site_server``: the built site (tests/site/sitebuild.py) behind overrides/serve.py on a
  free port, at the server's root;
- ``browser`` (tests/conftest.py): the session's one Chromium;
- ``context``: a fresh context (empty cache, no cookies, no storage), for the tests about a
  first visit, the network or what a context starts with;
- ``page``: a new tab whose console errors, failed requests, HTTP errors and every requested
  URL are recorded on it. In the fresh ``context`` when the test asks for it too (or is marked
  ``fresh``); otherwise in this test process's one warm context, as a returning reader's
  browser is: the site's files and the engine's memory snapshot are already cached, so the
  engine starts in about a second instead of a full first boot. Its storage (localStorage,
  IndexedDB, cookies) is emptied before each test: no test sees another's tables or scores.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from tests.site.sitebuild import built_site_dir, serve_module


@pytest.fixture(scope="session")
def built_site() -> Path:
    return built_site_dir()


@pytest.fixture(scope="session")
def site_server(built_site: Path) -> Iterator[str]:
    """The base URL ("http://127.0.0.1:<port>/") of the built site, served as `make serve`
    serves it (overrides/serve.py: precompressed files, the wasm and module types)."""
    server = serve_module().Server(built_site).start()
    yield server.url
    server.stop()


@dataclass
class Traffic:
    """What one page did on the network and in its console."""
    requests: list[str] = field(default_factory=list)
    http_errors: list[tuple[int, str]] = field(default_factory=list)
    failed: list[tuple[str, str]] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)


@pytest.fixture()
def context(browser: Any, request: Any) -> Iterator[Any]:
    # Reduced motion: no smooth scrolling, which a click would otherwise wait out (about 1 s each).
    # The service worker only where a test is about it (@pytest.mark.service_worker): elsewhere
    # each fresh context would install the whole release (15 MB, hashed) while the test runs.
    workers = "allow" if request.node.get_closest_marker("service_worker") else "block"
    ctx = browser.new_context(reduced_motion="reduce", service_workers=workers)
    yield ctx
    ctx.close()


@pytest.fixture(scope="session")
def warm_context(browser: Any) -> Iterator[Any]:
    ctx = browser.new_context(reduced_motion="reduce", service_workers="block")
    yield ctx
    ctx.close()


PHONE = {"width": 360, "height": 740}


@pytest.fixture(scope="session")
def warm_phone_context(browser: Any) -> Iterator[Any]:
    """A touch phone, 360 × 740, kept warm for the whole test process as ``warm_context`` is."""
    ctx = browser.new_context(viewport=PHONE, has_touch=True, reduced_motion="reduce", service_workers="block")
    yield ctx
    ctx.close()


@pytest.fixture()
def phone(warm_phone_context: Any, site_server: str) -> Iterator[Any]:
    """A new tab on the warm phone, its storage emptied; its page errors in ``page.errors``."""
    page = warm_phone_context.new_page()
    empty_storage(page, site_server.rstrip("/"))
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors
    yield page
    if not page.is_closed():
        page.close()


def empty_storage(page: Any, origin: str) -> None:
    """Everything a page of the site may have kept on the device, but its cached files: cleared
    through the new tab itself, before it opens anything."""
    session = page.context.new_cdp_session(page)
    session.send("Storage.clearDataForOrigin",
                 {"origin": origin, "storageTypes": "cookies,local_storage,indexeddb,websql"})
    session.detach()


@pytest.fixture()
def page(request: Any, site_server: str) -> Iterator[Any]:
    marked = request.node.get_closest_marker
    warm = not ("context" in request.fixturenames or marked("fresh") or marked("service_worker"))
    ctx = request.getfixturevalue("warm_context" if warm else "context")
    page = ctx.new_page()
    if warm:
        empty_storage(page, site_server.rstrip("/"))
    traffic = Traffic()
    page.traffic = traffic
    # Workers' requests (search index, lunr) go through the context, not only the page: only
    # this page's own and its workers' are counted (another tab of the warm context is closed).
    listeners = {
        "request": lambda request: traffic.requests.append(request.url),
        "requestfailed": lambda request: traffic.failed.append((request.url, request.failure or "")),
        "response": lambda response: response.status >= 400
        and traffic.http_errors.append((response.status, response.url)),
    }
    for event, listener in listeners.items():
        ctx.on(event, listener)
    page.on("console", lambda message: message.type == "error"
            and traffic.console_errors.append(message.text))
    page.on("pageerror", lambda error: traffic.console_errors.append(str(error)))
    yield page
    for event, listener in listeners.items():
        ctx.remove_listener(event, listener)
    if not page.is_closed():
        page.close()
