"""Citations in the reader's language: each paragraph's short title (rules_engine.titles)."""

from __future__ import annotations

import pytest

from rules_engine import judge
from rules_engine.i18n import LANGUAGES
from rules_engine.rule_ids import BY_ID, GAMES, paragraphs_of
from rules_engine.titles import title, titles


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_paragraph_has_a_title_of_its_own_within_its_game(lang: str) -> None:
    shown = titles(lang)
    assert set(shown) == set(BY_ID)
    for game in GAMES:
        names = [shown[p.id] for p in paragraphs_of(game)]
        assert len(names) == len(set(names)), game
        assert all(name.strip() and name != p.id for name, p in zip(names, paragraphs_of(game)))


@pytest.mark.parametrize("lang", ["fr", "pt", "ja"])
def test_titles_are_translated(lang: str) -> None:
    english = titles("en")
    assert [rule for rule, name in titles(lang).items() if name == english[rule]] == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_step_of_a_ruling_carries_its_title(lang: str) -> None:
    ruling = judge({"game": "yugioh", "edition": "2.3", "round": "single-elimination", "games_won": [1, 1],
                    "time_called": "between-games"}, lang)
    assert ruling["explanation"]
    for step in ruling["explanation"]:
        assert step["title"] == title(step["rule"], lang)
