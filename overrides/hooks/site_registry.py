"""The engine's paragraph registry, for the site's hooks.

MkDocs loads hooks by file path, outside any package: put the repository root on sys.path
so that the hooks read the one registry (rules_engine/rule_ids.py) instead of a copy.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from rules_engine.rule_ids import BY_ID, PAGES  # noqa: E402

# Procedure pages by their path inside a language folder ("mtg/end-of-match.md").
PROCEDURE_PAGES: frozenset[str] = frozenset(f"{page}.md" for page in PAGES.values())

__all__ = ["BY_ID", "PAGES", "PROCEDURE_PAGES"]
