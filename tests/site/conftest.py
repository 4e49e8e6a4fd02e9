"""The built site, once per test session (see sitebuild.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.site.sitebuild import built_site_dir


@pytest.fixture(scope="session")
def built_site() -> Path:
    """site/ when it is newer than every source of the build, else a fresh strict build."""
    return built_site_dir()
