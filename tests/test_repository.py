"""The repository holds the product's sources only: a fresh checkout must build itself."""
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# Made by `make install` / `make site`; a tracked copy (even a symlink) breaks a fresh checkout.
LOCAL_ONLY = (".venv", "node_modules", "site", ".cache")


def tracked() -> list[tuple[str, str]]:
    run = subprocess.run(["git", "ls-files", "-s"], cwd=ROOT, capture_output=True, text=True)
    if run.returncode != 0:
        pytest.skip("not a git checkout")
    out = run.stdout
    return [(line.split()[0], line.split("\t", 1)[1]) for line in out.splitlines()]


def test_no_symlink_is_tracked() -> None:
    assert [path for mode, path in tracked() if mode == "120000"] == []


def test_no_local_environment_or_build_output_is_tracked() -> None:
    assert [path for _, path in tracked() if path.split("/")[0] in LOCAL_ONLY] == []
