"""A ruling's parts agree with each other: the summary with the steps, the heading with the
edition named in the first step, the text format with the summary, Two-Headed Giant's words
with its teams. Properties over generated scenarios, in every language."""

from __future__ import annotations

import re
from typing import Any

import pytest
from hypothesis import example, given, settings

from rules_engine import LANGUAGES, ScenarioError, judge
from rules_engine.__main__ import as_text
from rules_engine.editions import long_date
from rules_engine.i18n import translate
from tests.engine.strategies import scenarios

ISO_DATE = re.compile(r"\b\d{4}-\d{2}-\d{2}\b")
MTG_EXTENSION = {"game": "mtg", "round": "swiss", "games_won": [0, 0], "time_called": "during-game",
                 "active_player": "A", "turn_pass_announced": True, "time_extension_minutes": 6}
GA_EXTENSION = {"game": "grand-archive", "round": "swiss", "games_won": [1, 0], "time_called": "between-games",
                "time_extension_minutes": 5}
TWO_HEADED_GIANT_EQUAL_LIFE = {"game": "mtg", "round": "single-elimination", "two_headed_giant": True,
                               "games_won": [0, 0], "time_called": "during-game", "active_player": "B",
                               "current_game": {"life": [10, 10]}}
# The words a Two-Headed Giant ruling must not use for the side that loses or wins on life.
PLAYER_ON_LIFE = {"en": "player who does not have the highest life total", "fr": "un joueur qui n’a pas le plus haut",
                  "pt": "o jogador que não tiver o maior total de vida", "ja": "持っていないプレイヤー"}


def ruled(scenario: dict[str, Any], lang: str) -> dict[str, Any] | None:
    try:
        return judge(scenario, lang)
    except ScenarioError:
        return None


@pytest.mark.parametrize("lang", LANGUAGES)
@given(scenario=scenarios())
@example(scenario=MTG_EXTENSION)
@example(scenario=GA_EXTENSION)
@example(scenario=TWO_HEADED_GIANT_EQUAL_LIFE)
@example(scenario=TWO_HEADED_GIANT_EQUAL_LIFE | {"current_game": {}})
@settings(max_examples=60)
def test_the_parts_of_a_ruling_agree(lang: str, scenario: dict[str, Any]) -> None:
    ruling = ruled(scenario, lang)
    if ruling is None:
        return
    steps = " ".join(step["text"] for step in ruling["explanation"])
    # A time extension: the summary starts where the steps say the ruling stands, at its end;
    # it never schedules the extension the ruling's facts come after.
    if scenario.get("time_extension_minutes") and not (scenario["game"] == "yugioh" and ruling["edition"]["id"] == "2.5"):
        from rules_engine.summary import EXTENSION
        extension = translate(lang, EXTENSION, minutes="MINUTES").split("MINUTES")[0]
        assert extension in ruling["summary"], ruling["summary"]
    # The heading names the edition as the steps do: no ISO date where the steps write dates out.
    if scenario["game"] == "mtg":
        assert not ISO_DATE.search(ruling["rules_version"]), ruling["rules_version"]
        name = "マジック・イベント規定" if lang == "ja" else "Magic Tournament Rules"
        assert ruling["rules_version"].startswith(name) and name in steps
        assert not ISO_DATE.search(steps), steps
        # the edition ruled under, by its date written out (the newest, or an earlier one from 23 July 2021)
        assert long_date(lang, ruling["edition"]["effective"]) in steps
    # Two-Headed Giant: the teams win and lose on life, not a player.
    if scenario.get("two_headed_giant"):
        assert PLAYER_ON_LIFE[lang] not in ruling["summary"] + steps, ruling["summary"]
    # The text format adds nothing of its own about what comes next: the summary says it.
    text = as_text(ruling, lang)
    assert translate(lang, "Match:") in text
    assert ruling["summary"] in text
    for words in ("Next:", "Ensuite", "Próximo", "次："):
        assert not any(line.startswith(words) for line in text.splitlines()), text
    # No step says a ruling "applies meanwhile": each says what it means.
    assert "meanwhile" not in steps


def test_a_chosen_first_player_is_not_contradicted_by_the_text_format() -> None:
    ruling = judge({"game": "yugioh", "edition": "2.3", "round": "single-elimination", "games_won": [1, 1],
                    "time_called": "between-games", "tiebreak_game": {"first_player": "B"}}, "en")
    said = [line for line in as_text(ruling, "en").splitlines() if not line.startswith("- ")]  # steps cite the rule
    assert not any("random method" in line for line in said), said
