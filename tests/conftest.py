import os
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


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: `make chromium` installs it")
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()
