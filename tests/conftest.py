import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from hypothesis import HealthCheck, settings

# CI: no deadline (a 2-core machine under load), derandomized (a red run is reproducible).
settings.register_profile(
    "ci", deadline=None, derandomize=True, max_examples=200,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("dev", deadline=None, max_examples=100)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))


# One Chromium for the whole test session (Debian's: Playwright cannot download its own here).
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]


FUNCTION_TEXT = re.compile(r"^(async\s+)?(\(|[A-Za-z_$][\w$]*\s*=>|function\b)")


def _csp_safe_waits() -> None:
    """The site's pages forbid eval (their Content-Security-Policy has no 'unsafe-eval').
    Playwright polls a wait_for_function EXPRESSION with eval, which the page then refuses;
    a FUNCTION is called without it. So every expression is sent as `() => (expression)`."""
    from playwright.sync_api import Frame, Page

    for cls in (Page, Frame):
        original = cls.wait_for_function
        if getattr(original, "csp_safe", False):
            continue

        def wait_for_function(self: Any, expression: str, *args: Any, _original: Any = original, **kwargs: Any) -> Any:
            text = expression.strip()
            if not FUNCTION_TEXT.match(text):
                expression = f"() => ({text})"
            return _original(self, expression, *args, **kwargs)

        wait_for_function.csp_safe = True  # type: ignore[attr-defined]
        cls.wait_for_function = wait_for_function  # type: ignore[method-assign]


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    _csp_safe_waits()
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: `make chromium` installs it")
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()
