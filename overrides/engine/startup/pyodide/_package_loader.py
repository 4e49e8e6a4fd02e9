"""pyodide._package_loader as the engine's first zip starts it: a stand-in until its first use.

At start-up Pyodide reads SITE_PACKAGES and DSO_DIR (their str()) and calls
init_loaded_packages; the rest installs packages, which the rules engine never does, and
imports zipfile, shutil, tempfile and pathlib. The module itself ships in the engine's "deferred"
part as ``_pyodide_deferred.pyodide_package_loader``; the first use of any other name runs it
here, in this module (overrides/engine/bundle.py, STAND_INS).
"""

import os
import sys
from site import getsitepackages

# Taken from JavaScript at start-up, as the module itself does: a memory snapshot expects it.
try:
    from pyodide_js import loadedPackages
except ImportError:
    loadedPackages = None

class _Folder:
    """A folder's path, as the module's own pathlib.Path would give it to str()."""

    def __init__(self, path: str) -> None:
        self.path = path

    def __str__(self) -> str:
        return self.path

    def __fspath__(self) -> str:
        return self.path


SITE_PACKAGES = _Folder(getsitepackages()[0])
# As the module says: /usr/lib, or two folders up from site-packages in a virtual environment.
DSO_DIR = _Folder("/usr/lib" if sys.base_prefix == sys.prefix else os.path.dirname(os.path.dirname(SITE_PACKAGES.path)))

_stand_in = {"loaded": False, "loading": False}


def _load_package_loader() -> None:
    import _engine_parts

    _engine_parts.run_deferred("pyodide_package_loader", globals())


def init_loaded_packages() -> None:
    """Pyodide's: record the packages already installed; with none (always, here), nothing to do."""
    folder = SITE_PACKAGES.path if isinstance(SITE_PACKAGES, _Folder) else str(SITE_PACKAGES)
    if os.path.isdir(folder) and any(name.endswith(".dist-info") for name in os.listdir(folder)):
        _load_package_loader()
        globals()["init_loaded_packages"]()


def __getattr__(name: str):  # type: ignore[no-untyped-def]
    if _stand_in["loading"] or _stand_in["loaded"] or name.startswith("__"):
        raise AttributeError(f"module 'pyodide._package_loader' has no attribute {name!r}")
    _load_package_loader()
    try:
        return globals()[name]
    except KeyError:
        raise AttributeError(f"module 'pyodide._package_loader' has no attribute {name!r}") from None
