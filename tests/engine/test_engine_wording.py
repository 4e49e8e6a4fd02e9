"""The engine's English words, as the pages write them.

- One spelling: -ize, as the English pages write "penalized" and "penalizing" (never "penalised").
- The label of `next: sudden-death` is shown both during a game (the game goes on) and between
  games (a new game is played): it must say both, never only that the game continues.
"""

from __future__ import annotations

import re

from rules_engine import catalogs
from rules_engine.i18n import LANGUAGES, translate
from rules_engine.labels import NEXT_LABELS

BRITISH = re.compile(r"\b\w*(?:penalis|organis|recognis|finalis)\w*\b", re.I)


def test_engine_messages_spell_as_the_pages_do() -> None:
    found = [m.id for m in catalogs.template() if m.id and BRITISH.search(str(m.id))]
    assert not found, found


def test_the_sudden_death_label_speaks_of_the_game_in_progress_and_of_a_new_game() -> None:
    label = NEXT_LABELS["sudden-death"]
    assert "game in progress" in label and "new game" in label, label
    for lang in LANGUAGES:
        assert translate(lang, label) != label or lang == "en", lang
