"""Messages in four languages, read from compiled gettext catalogs inside the package.

The catalogs are read through the package's own loader (``get_data``, what
``pkgutil.get_data`` does), not from a directory path, so they load the same from a source
checkout, an installed package and a zip in Pyodide; importlib.resources would do the same
and bring zipfile, shutil and tempfile into the browser's first download.
"""

from __future__ import annotations

import gettext
import io
import os
import re
from functools import lru_cache
from typing import Any

LANGUAGES: tuple[str, ...] = ("en", "fr", "pt", "ja")
DOMAIN = "rules_engine"


def N_(message: str) -> str:
    """Marks a message for extraction; it is translated when the ruling is written."""
    return message


@lru_cache(maxsize=None)
def translations(lang: str) -> gettext.NullTranslations:
    if lang == "en":
        return gettext.NullTranslations()
    name = f"locale/{lang}/LC_MESSAGES/{DOMAIN}.mo"
    try:
        data = _package_data(name)
    except OSError:  # FileNotFoundError from a folder, OSError from zipimport
        data = _catalog_beside(name)
    return gettext.GNUTranslations(io.BytesIO(data))


def _package_data(name: str) -> bytes:
    """A file inside the package, read by the loader that imported it."""
    import rules_engine

    spec = rules_engine.__spec__
    if spec is None or spec.origin is None or not hasattr(spec.loader, "get_data"):
        raise FileNotFoundError(name)
    return spec.loader.get_data(os.path.join(os.path.dirname(spec.origin), *name.split("/")))


def _catalog_beside(name: str) -> bytes:
    """A catalog in another folder of the package's path: in the browser, each language's
    catalog arrives when that language is first asked for, unpacked into a folder added to
    ``rules_engine.__path__`` (overrides/engine/worker.mjs)."""
    import rules_engine

    for folder in rules_engine.__path__[1:]:
        path = os.path.join(folder, name)
        if os.path.isfile(path):
            with open(path, "rb") as catalog:
                return catalog.read()
    raise FileNotFoundError(f"no catalog {name} in {list(rules_engine.__path__)}")


# Japanese: a value put in beside a space (" {player} ") that itself begins or ends in Japanese
# ("チームB", "B（追加のターン）") leaves a space between two Japanese characters or full-width
# punctuation, never right in Japanese.
JAPANESE = "\u3000-\u30ff\u3400-\u9fff\uff00-\uffef"
JAPANESE_GAP = re.compile(f"(?<=[{JAPANESE}]) (?=[{JAPANESE}])")


def translate(lang: str, msgid: str, **params: Any) -> str:
    text = translations(lang).gettext(msgid)
    if not params:
        return text
    text = text.format(**params)
    return JAPANESE_GAP.sub("", text) if lang == "ja" else text

