"""French typography: a narrow no-break space before « : ; ? ! » and after «, so that a line
never breaks between a word and its punctuation (on a phone, a colon alone at the start of
a line).

Not a hook itself: site_i18n.py applies it to every page built in French (its text, not
its tags, scripts, styles or code); tests/site/test_french_spacing.py holds the built pages and the
French catalogs to it.
"""

from __future__ import annotations

import re

# The rule itself lives with the catalogs, which apply it to every French entry.
from rules_engine.catalogs import NARROW_NBSP, french_spaces  # noqa: F401
TAG = re.compile(r"(<[^>]*>)")
# Elements whose text is not prose: left as written.
RAW = re.compile(r"<(/?)(script|style|pre|code|textarea)\b", re.IGNORECASE)


def french_html(html: str) -> str:
    """An HTML page: french_spaces() over its text outside script, style, pre, code and textarea."""
    parts = TAG.split(html)
    depth = 0
    for index, part in enumerate(parts):
        if index % 2:  # a tag
            raw = RAW.match(part)
            if raw:
                depth = max(0, depth + (-1 if raw[1] else 1))
        elif depth == 0 and part:
            parts[index] = french_spaces(part)
    return "".join(parts)


def loose_spaces(text: str) -> list[str]:
    """Where ``text`` has a breakable space at French high punctuation (for the tests)."""
    return [text[max(0, m.start() - 20):m.end() + 2] for m in re.finditer(r" (?=[:;?!»])|(?<=«) ", text)]
