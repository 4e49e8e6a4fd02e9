"""Build tool (needs Babel, never imported by the engine): extract, update and compile catalogs.

    python -m rules_engine.catalogs extract   # rules_engine/*.py → translations/rules_engine/*.pot, .po updated
    python -m rules_engine.catalogs compile   # translations/rules_engine/<lang>.po → rules_engine/locale/…/*.mo
"""

from __future__ import annotations

import io
import re
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "rules_engine"
CATALOGS = ROOT / "translations" / "rules_engine"
LOCALE = SOURCE / "locale"
DOMAIN = "rules_engine"
TRANSLATED = ("fr", "pt", "ja")

# French typography: a narrow no-break space before « : ; ? ! » and after «, so that a phone
# never breaks a line between a word and its punctuation. Applied to every French entry when
# the catalogs are updated (the site's pages get it at build time: site_typography.py).
NARROW_NBSP = "\u202f"
_LOOSE_BEFORE = re.compile(r"[ \u00a0](?=[:;?!»])")
_LOOSE_AFTER = re.compile(r"(?<=«)[ \u00a0]")


def french_spaces(text: str) -> str:
    """``text`` with the spaces around French high punctuation made narrow and unbreakable."""
    return _LOOSE_AFTER.sub(NARROW_NBSP, _LOOSE_BEFORE.sub(NARROW_NBSP, text))


def _typeset(catalog: Catalog, lang: str) -> None:
    if lang != "fr":
        return
    for message in catalog:
        if message.id and message.string:
            message.string = (tuple(french_spaces(s) for s in message.string)
                              if isinstance(message.string, tuple) else french_spaces(message.string))


def template() -> Catalog:
    catalog = Catalog(project="end-of-match", domain=DOMAIN, charset="utf-8")
    for filename, lineno, message, comments, context in extract_from_dir(
            str(SOURCE), method_map=[("**.py", "python")], keywords={"N_": None},
            comment_tags=("TRANSLATORS:",)):
        catalog.add(message, locations=[(f"rules_engine/{filename}", lineno)],
                    auto_comments=comments, context=context)
    return catalog


def _write_po(path: Path, catalog: Catalog) -> None:
    """Write a catalog, unless only its creation date would change (so extract is idempotent)."""
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=100, omit_header=False, sort_output=False, include_lineno=False)
    new = buffer.getvalue()
    if path.exists() and _undated(path.read_bytes()) == _undated(new):
        return
    path.write_bytes(new)


def _undated(po: bytes) -> bytes:
    return b"\n".join(line for line in po.split(b"\n") if not line.startswith(b'"POT-Creation-Date:'))


def update_catalogs(pot: Catalog, directory: Path, domain: str, languages: tuple[str, ...]) -> None:
    """Write ``<domain>.pot`` and bring every ``<lang>.po`` up to it: new msgids empty, unused ones gone.

    Shared by the engine's catalogs and the site's (overrides/hooks/site_catalog.py).
    """
    directory.mkdir(parents=True, exist_ok=True)
    _write_po(directory / f"{domain}.pot", pot)
    for lang in languages:
        path = directory / f"{lang}.po"
        if path.exists():
            with path.open("rb") as handle:
                catalog = read_po(handle, locale=lang)
            catalog.update(pot, no_fuzzy_matching=True)
            catalog.obsolete.clear()
        else:
            catalog = Catalog(locale=lang, domain=domain, project="end-of-match", charset="utf-8")
            catalog.update(pot)
        _typeset(catalog, lang)
        _write_po(path, catalog)


def extract() -> None:
    update_catalogs(template(), CATALOGS, DOMAIN, TRANSLATED)


def compiled(lang: str) -> bytes:
    """The .mo bytes for one language's .po (deterministic: the same .po gives the same bytes)."""
    with (CATALOGS / f"{lang}.po").open("rb") as handle:
        catalog = read_po(handle, locale=lang)
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    return buffer.getvalue()


def mo_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"


def compile_all() -> None:
    for lang in TRANSLATED:
        path = mo_path(lang)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(compiled(lang))


if __name__ == "__main__":
    command = sys.argv[1] if len(sys.argv) > 1 else ""
    if command == "extract":
        extract()
    elif command == "compile":
        compile_all()
    else:
        print(__doc__, file=sys.stderr)
        sys.exit(64)
