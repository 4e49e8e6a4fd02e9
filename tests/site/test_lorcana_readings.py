"""The Disney Lorcana page's readings say which editions leave a point unsettled, as the engine rules.

"This site's readings" (docs/<lang>/lorcana/end-of-match.md) lists what the text does not settle.
Where a point is unsettled only from some edition on (readings 5 and 7: a single-elimination game
won or drawn during the additional turns), the item names the first edition of each region that
leaves it to the head judge, and says what the earlier editions do. The engine decides the same
situation under every edition: the head judge from those dates on and under no earlier edition,
which instead rules by game wins (their text says no new game begins). Read from the Markdown
pages: no build needed.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from rules_engine import ScenarioError, judge
from rules_engine.editions import editions_of, long_date
from tests.site.sitebuild import LANGUAGES

ROOT = Path(__file__).resolve().parents[2]


def scenario(edition: str, games_won: list[int], winner: str) -> dict[str, Any]:
    """Single elimination: the game in progress ended in turn 1 (Japan's one additional turn)."""
    return {"version": 1, "game": "lorcana", "edition": edition, "round": "single-elimination",
            "games_won": games_won, "time_called": "during-game", "active_player": "A",
            "current_game": {"winner": winner, "during_turn": 1}}


# Reading → how the game in progress ended, and the game wins it may start from (the unsettled
# case, then where the earlier editions differ: a player ahead).
READINGS = {
    5: ("A", ([0, 0],)),  # 0-0, then 1-0: the earlier editions give the match to that game's winner
    7: ("draw", ([0, 0], [1, 0])),  # a drawn game: the earlier editions give the match to the player ahead
}


def reading(lang: str, number: int) -> str:
    text = (ROOT / "docs" / lang / "lorcana" / "end-of-match.md").read_text(encoding="utf-8")
    readings = text.split("{#lorcana-readings-note .note}", 1)[1]
    return next(line for line in readings.splitlines() if line.startswith(f"{number}. "))


def rulings(edition: str, winner: str, starts: tuple[list[int], ...]) -> list[dict[str, Any]]:
    """The match under ``edition`` from each start it admits (since 9 September 2025 a player ahead
    in single elimination wins at the time call: no game is played on, none is drawn)."""
    found = []
    for games_won in starts:
        try:
            found.append(judge(scenario(edition, games_won, winner))["match"])
        except ScenarioError:
            continue
    return found


@pytest.mark.parametrize("number", READINGS)
def test_a_reading_names_the_editions_that_leave_it_to_the_head_judge(number: int) -> None:
    winner, starts = READINGS[number]
    first = {}
    for region in (None, "japan"):
        editions = editions_of("lorcana", region)
        matches = [rulings(e.id, winner, starts) for e in editions]
        unsettled = [all(m["next"] == "head-judge" for m in found) for found in matches]
        # From one edition on, and in every edition after it.
        assert True in unsettled and unsettled == sorted(unsettled), (region, unsettled)
        since = unsettled.index(True)
        first[region] = editions[since].effective
        for e, found in zip(editions[:since], matches[:since]):
            decided = [(m["result"], m["decided_by"]) for m in found if m["next"] != "head-judge"]
            assert decided and set(decided) == {("A", "game-wins")}, (e.id, found)
    for lang in LANGUAGES:
        item = reading(lang, number)
        for region, day in first.items():
            assert long_date(lang, day) in item, f"{lang}, reading {number}: no date for {region or 'worldwide'}: {item}"
        assert re.search(r"earlier editions|éditions précédentes|edições anteriores|それより前の版", item), (lang, item)
