"""The built site served locally, and one Chromium for the whole session.

- ``site_server``: the built site (tests/site/sitebuild.py) behind overrides/serve.py on a
  free port, at the server's root;
- ``browser`` (tests/conftest.py): the session's one Chromium;
- ``page``: a fresh context per test (empty cache, no cookies, no storage), whose console
  errors, failed requests, HTTP errors and every requested URL are recorded on it.
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


@pytest.fixture()
def page(context: Any) -> Any:
    page = context.new_page()
    traffic = Traffic()
    page.traffic = traffic
    # Workers' requests (search index, lunr) go through the context, not only the page.
    context.on("request", lambda request: traffic.requests.append(request.url))
    context.on("requestfailed",
               lambda request: traffic.failed.append((request.url, request.failure or "")))
    context.on("response", lambda response: response.status >= 400
               and traffic.http_errors.append((response.status, response.url)))
    page.on("console", lambda message: message.type == "error"
            and traffic.console_errors.append(message.text))
    page.on("pageerror", lambda error: traffic.console_errors.append(str(error)))
    return page
