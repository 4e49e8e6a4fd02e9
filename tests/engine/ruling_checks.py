"""What every ruling and every refusal must satisfy, as plain checks (AssertionError when not):
the property tests run them over generated scenarios, and `make fuzz` over a million mutated ones.

- exchanging A and B mirrors the ruling;
- the record adds up;
- every citation is a paragraph of the game's page in all four languages;
- every refusal points at a key of the scenario or a field of the contract."""

from __future__ import annotations

import copy
import functools
import re
from pathlib import Path
from typing import Any

from rules_engine import LANGUAGES, ScenarioError, judge
from rules_engine.contract.errors import printable
from rules_engine.contract.fields import fields_for
from rules_engine.rule_ids import GAMES, PAGES

ROOT = Path(__file__).resolve().parents[2]
OTHER = {"A": "B", "B": "A"}
FIELDS = [spec for game in GAMES for spec in fields_for(game)]  # type: ignore[arg-type]
# Keys whose value is [A's, B's], and keys whose value names a player (and a ruling's results).
PAIRS = frozenset(spec.key for spec in FIELDS if spec.kind == "pair")
PLAYER_KEYS = frozenset(spec.key for spec in FIELDS if {"A", "B"} <= set(spec.choices)) | {"result"}


def mirrored(value: Any, key: str = "") -> Any:
    """A scenario or ruling with A and B exchanged: their values, and the sides of every pair."""
    if isinstance(value, dict):
        return {k: mirrored(v, k) for k, v in value.items()}
    if isinstance(value, list):
        items = [mirrored(v) for v in value]
        if key in PAIRS and len(items) == 2:
            return items[::-1]
        if key == "record" and len(items) == 3:
            return [items[1], items[0], items[2]]
        return items
    if key in PLAYER_KEYS and value in OTHER:
        return OTHER[value]
    return value


# A and B as words of a sentence in any of the four languages (Japanese has no spaces).
PLAYER = re.compile(r"(?<![A-Za-z])([AB])(?![A-Za-z])")
NUMBER = re.compile(r"(?<!\d)-?\d+")  # -763 is a number, 1-2 two
OWNED = re.compile(r"(?<![A-Za-z])([AB]) (-?\d+)(?!\d)")
SENTENCE_START = re.compile(r"(?:^|[.:;!?] )$")


def says_the_mirror(text: str, mirror: str) -> bool:
    """Whether ``mirror`` says what ``text`` says with A and B exchanged: the same sentence, the same
    numbers, and every mention of a player turned into the other one (a sentence may list A first
    either way: "A takes 2 and B takes 1" mirrors to "A takes 1 and B takes 2"). A capital A that
    starts a sentence may be an article (English "A game…", Portuguese "A partida…"): kept as A
    in both, it is not read as a player."""
    def skeleton(words: str) -> str:
        return NUMBER.sub("#", PLAYER.sub("P", words))

    if skeleton(text) != skeleton(mirror) or sorted(NUMBER.findall(text)) != sorted(NUMBER.findall(mirror)):
        return False
    # A number written after its owner ("A 1 – B 2") goes with the owner.
    owned = {(OTHER[player], number) for player, number in OWNED.findall(text)}
    if owned != set(OWNED.findall(mirror)):
        return False
    here, there = PLAYER.findall(text), PLAYER.findall(mirror)
    # Each A of the text is a B of the mirror and each B an A, but for the articles: a sentence's
    # first word A that stays A in the mirror.
    articles = sum(1 for found, other in zip(PLAYER.finditer(text), there)
                   if found.group(1) == other == "A" and SENTENCE_START.search(text[:found.start()]))
    kept = there.count("A") - here.count("B")  # (the skeletons hold as many player words)
    return 0 <= kept <= articles


def mirrored_pointer(pointer: str) -> str:
    """``/games_won/0`` ↔ ``/games_won/1``: the other side of a pair."""
    parts = pointer.split("/")
    if len(parts) >= 2 and parts[-2] in PAIRS and parts[-1] in ("0", "1"):
        parts[-1] = "1" if parts[-1] == "0" else "0"
    return "/".join(parts)


def ruling_or_error(scenario: Any, lang: str = "en") -> dict[str, Any] | ScenarioError:
    try:
        return judge(copy.deepcopy(scenario), lang)
    except ScenarioError as error:
        return error


def check_mirror(scenario: Any, lang: str = "en") -> None:
    """Exchanging A and B in the scenario exchanges them in the ruling, or in the refusal."""
    ruling, mirror = ruling_or_error(scenario, lang), ruling_or_error(mirrored(scenario), lang)
    if isinstance(ruling, ScenarioError):
        assert isinstance(mirror, ScenarioError), mirror
        # The other side of a pair, or the same side when both are at fault (the first is named).
        assert mirror.code == ruling.code
        assert mirror.field in (mirrored_pointer(ruling.field), ruling.field), (ruling.field, mirror.field)
        return
    assert isinstance(mirror, dict), mirror.as_dict()
    words = ("explanation", "scenario", "summary")
    assert {k: v for k, v in mirror.items() if k not in words} == {
        k: mirrored(v, k) for k, v in ruling.items() if k not in words}
    assert says_the_mirror(ruling["summary"], mirror["summary"]), (ruling["summary"], mirror["summary"])
    assert mirror["scenario"] == mirrored(ruling["scenario"])
    assert [step["rule"] for step in mirror["explanation"]] == [step["rule"] for step in ruling["explanation"]]
    for step, other in zip(ruling["explanation"], mirror["explanation"]):
        assert says_the_mirror(step["text"], other["text"]), (step["text"], other["text"])


def check_final(ruling: dict[str, Any]) -> None:
    """match.final: the record to report is shown only for a decided match with nothing still to
    play or ask. A decided result that is not final is one that holds if nobody wins in the turns
    still to play (Magic, Grand Archive: no result given for the game in progress)."""
    scenario, match = ruling["scenario"], ruling["match"]
    decided = match["result"] in ("A", "B", "draw", "double-loss")
    if match["final"]:
        assert decided and match["next"] is None, match
        return
    if not decided or match["next"] is not None:
        return
    game = scenario.get("current_game") or {}
    assert scenario["time_called"] == "during-game" and game.get("winner") is None, (scenario, match)
    assert scenario["game"] != "yugioh" and ruling["turns"], (scenario, match)


def check_record(ruling: dict[str, Any]) -> None:
    """record = the games before + the current game's result + the tiebreak game, when it decided the match."""
    scenario = ruling["scenario"]  # as the engine read it
    record, match = ruling["match"]["record"], ruling["match"]
    check_final(ruling)
    before = [*scenario["games_won"], scenario.get("games_drawn", 0)]
    current = {"A": [1, 0, 0], "B": [0, 1, 0], "draw": [0, 0, 1]}.get(ruling["current_game"]["result"], [0, 0, 0])
    tiebreak = [r - b - c for r, b, c in zip(record, before, current)]
    if tiebreak == [0, 0, 1] and scenario["game"] == "lorcana":
        # Disney Lorcana, Swiss, 1-0 between games: 3.3's 1-0-1 records the game time left unplayed as a draw.
        assert scenario["time_called"] == "between-games" and scenario["round"] == "swiss"
        assert sorted(scenario["games_won"]) == [0, 1] and record[2] == 1
        tiebreak = [0, 0, 0]
    elif tiebreak == [0, 0, 1]:
        # A drawn new Duel (Yu-Gi-Oh!) is a drawn game of the match, and the text is silent on
        # what follows: the head judge decides.
        assert scenario["game"] == "yugioh" and scenario["tiebreak_game"]["winner"] == "draw"
        assert (match["result"], match["decided_by"], match["next"]) == ("undecided", "not-covered", "head-judge")
        return
    assert tiebreak in ([0, 0, 0], [1, 0, 0], [0, 1, 0]), (record, before, current)
    if tiebreak != [0, 0, 0]:
        assert scenario["round"] == "single-elimination" and "tiebreak_game" in scenario
        assert match["result"] == ("A" if tiebreak[0] else "B")
        assert match["decided_by"] in ("sudden-death", "new-duel", "extra-duel", "life-points", "turn-by-turn")
    a, b, _draws = record
    # Konami Japan's OCG rules: the extra Duel decides the match but is not a Duel won (the record stays level).
    level_record = ruling["edition"]["id"] == "ocg-2020-04-01" and match["decided_by"] in ("extra-duel", "life-points")
    # Disney Lorcana: a match won on lore keeps the game wins level; how to record it is not settled (the ruling says so).
    level_record = level_record or (match["decided_by"] == "lore" and match["next"] == "record-with-head-judge")
    if match["result"] == "A":
        assert a > b or (level_record and a == b)
    elif match["result"] == "B":
        assert b > a or (level_record and a == b)
    elif match["result"] == "draw":
        assert a == b and scenario["round"] == "swiss"
    elif match["result"] == "double-loss":
        # Yu-Gi-Oh! v2.5: nobody had won the match when time ended; the Duel in progress has no result.
        assert ruling["edition"]["id"] == "2.5" and match["decided_by"] == "time-ended" and match["next"] is None
        assert ruling["current_game"]["result"] is None and record == before
    else:
        assert match["result"] == "undecided" and match["next"] and tiebreak == [0, 0, 0]


@functools.cache
def paragraph_ids(lang: str, game: str) -> frozenset[str]:
    """The paragraph ids the procedure page's source holds in one language (what the site renders)."""
    text = (ROOT / "docs" / lang / f"{PAGES[game]}.md").read_text(encoding="utf-8")  # type: ignore[index]
    return frozenset(re.findall(r"\{#([a-z0-9-]+)[ }]", text))


def check_citations(ruling: dict[str, Any]) -> None:
    assert ruling["explanation"]
    for step in ruling["explanation"]:
        for lang in LANGUAGES:
            assert step["rule"] in paragraph_ids(lang, ruling["game"]), (lang, step["rule"])


CONTRACT = frozenset(spec.path for spec in FIELDS)


def points_into(pointer: str, scenario: Any) -> bool:
    """Whether a JSON Pointer names a value of the scenario (keys as the error writes them)."""
    value = scenario
    for token in pointer.split("/")[1:]:
        token = token.replace("~1", "/").replace("~0", "~")
        if isinstance(value, dict):
            keys = {printable(key): key for key in value}
            if token not in keys:
                return False
            value = value[keys[token]]
        elif isinstance(value, list) and token.isdigit() and int(token) < len(value):
            value = value[int(token)]
        else:
            return False
    return True


def in_the_contract(pointer: str) -> bool:
    """Whether a JSON Pointer names a field of the contract (a list index read as ``-``)."""
    parts = pointer.split("/")[1:]
    path = "/" + "/".join("-" if part.isdigit() else part for part in parts)
    if path in CONTRACT:
        return True
    return "/".join(path.split("/")[:-1]) in CONTRACT and parts[-1] in ("0", "1")  # one side of a pair


def check_refusal_pointer(scenario: Any, error: ScenarioError) -> None:
    assert error.field == "" or points_into(error.field, scenario) or in_the_contract(error.field), (
        error.as_dict(), scenario)
