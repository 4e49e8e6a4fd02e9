"""Every translated string of a gettext catalog, with where it comes from (for the wording checks)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from babel.messages.pofile import read_po


def translated(path: Path, where: str) -> Iterator[tuple[str, str]]:
    """(``where`` and the msgid, translation) for each non-empty translation in ``path``."""
    with path.open("rb") as handle:
        catalog = read_po(handle)
    for message in catalog:
        strings = message.string if isinstance(message.string, (list, tuple)) else [message.string]
        for string in strings:
            if message.id and string:
                key = message.id if isinstance(message.id, str) else message.id[0]
                yield f"{where} {key!r}", string
