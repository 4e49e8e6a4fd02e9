"""One WebKit or Firefox for the whole smoke session (SMOKE_BROWSER=webkit|firefox), and the
built site served as `make serve` serves it (tests/site/sitebuild.py: one shared build)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.site.sitebuild import built_site_dir, serve_module
from tests.smoke import engines


def pytest_report_header(config: Any) -> str:
    return f"smoke browser engine: {os.environ.get('SMOKE_BROWSER', '(SMOKE_BROWSER unset)')}"


@pytest.fixture(scope="session")
def engine() -> Iterator[engines.Engine]:
    name = os.environ.get("SMOKE_BROWSER", "")
    why = engines.missing(name)
    if why:
        pytest.skip(f"{name or 'SMOKE_BROWSER'}: {why}")
    browser = engines.start(name)
    print(f"\n{browser.version}")
    yield browser
    browser.close()


@pytest.fixture(scope="session")
def built_site() -> Path:
    return built_site_dir()


@pytest.fixture(scope="session")
def site_server(built_site: Path) -> Iterator[str]:
    server = serve_module().Server(built_site).start()
    yield server.url
    server.stop()


@pytest.fixture()
def own_server(built_site: Path) -> Iterator[Any]:
    """A server of its own (a test may stop it), on a fresh origin (its own service worker)."""
    server = serve_module().Server(built_site).start()
    yield server
    try:
        server.stop()
    except OSError:
        pass


@pytest.fixture(autouse=True)
def no_console_errors(request: Any) -> Iterator[None]:
    """Firefox reports console errors (WebKit cannot): every smoke test must leave none."""
    if "engine" not in request.fixturenames:
        yield
        return
    browser = request.getfixturevalue("engine")
    browser.console_errors()  # what an earlier test left is that test's
    yield
    assert [e for e in browser.console_errors() if not abandoned_request(e)] == []


# Firefox logs this when a reload abandons a request the service worker was answering: the
# request has no URL left (‘’), so it cannot be a file the page still needed. A failed
# request with a URL is still an error.
ABANDONED = "Failed to load ‘’. A ServiceWorker intercepted the request and encountered an unexpected error."


def abandoned_request(message: str) -> bool:
    return message.strip() == ABANDONED
