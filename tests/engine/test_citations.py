"""Every citation says what its step says.

rules_engine/citations.yaml pairs each sentence the engine can say (its msgid) with the
paragraph it cites and the words of that paragraph's English text that state it. The
engine never reads the table (it runs on the standard library alone); these tests hold the
two together:

- every quoted phrase is in its paragraph (docs/en/<game>/end-of-match.md, the paragraph
  that ends with ``{#id …}``), Markdown set aside;
- every (msgid, paragraph) pair the engine says is in the table: found in the source (each
  ``r.say("id", N_("…"))``), in the rulings of every YAML case and of generated scenarios;
- every row is a sentence of the engine's catalog (no row outlives its sentence).

A row marked ``pending: true`` is known to fail its quote check (listed for the page or the
sentence to be fixed); it still counts as a known pair.
"""

from __future__ import annotations

import ast
import copy
import functools
import re
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "overrides" / "hooks"))
import site_editions  # noqa: E402  (the build hook that writes the edition notes)
import yaml
from hypothesis import given

from rules_engine import ScenarioError, catalogs, rule_on
from rules_engine.contract.reading import read_scenario
from rules_engine.rule_ids import BY_ID, PAGES

from ..test_cases import load_cases
from .strategies import scenarios

ROOT = Path(__file__).resolve().parents[2]
TABLE = ROOT / "rules_engine" / "citations.yaml"
ENGINE = ROOT / "rules_engine"


@functools.cache
def table() -> list[dict[str, Any]]:
    rows = yaml.load(TABLE.read_text(encoding="utf-8"), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    assert isinstance(rows, list)
    return rows


@functools.cache
def known_pairs() -> frozenset[tuple[str, str]]:
    return frozenset((row["msgid"], row["rule"]) for row in table())


def plain(text: str) -> str:
    """A paragraph's words as a reader sees them: no Markdown emphasis or link targets, one
    kind of apostrophe, single spaces."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    text = text.replace("**", "").replace("’", "'").replace("“", '"').replace("”", '"')
    return re.sub(r"\s+", " ", text).strip()


@functools.cache
def english_paragraphs(game: str) -> dict[str, str]:
    """Each registered paragraph of the game's English page: id → its words."""
    source = (ROOT / "docs" / "en" / f"{PAGES[game]}.md").read_text(encoding="utf-8")  # type: ignore[index]
    # The edition note is written at build time from the registry: its words as the site shows them.
    source = source.replace(site_editions.EDITION_MARKER,
                            site_editions.edition_note(game, "en", f"{PAGES[game]}.md"))  # type: ignore[index]
    found: dict[str, str] = {}
    for block in re.split(r"\n\s*\n", source):
        lines = block.strip().splitlines()
        if not lines:
            continue
        match = re.match(r"\{#([a-z0-9-]+)[ }]", lines[-1].strip())
        if match and len(lines) > 1:
            found[match.group(1)] = plain(" ".join(lines[:-1]))
    return found


def quotes(row: dict[str, Any]) -> list[str]:
    quote = row["quote"]
    return [quote] if isinstance(quote, str) else list(quote)


def test_the_table_is_well_formed() -> None:
    seen: set[tuple[str, str]] = set()
    for row in table():
        assert set(row) <= {"msgid", "rule", "quote", "pending", "why"}, row
        assert isinstance(row["msgid"], str) and row["rule"] in BY_ID, row
        assert quotes(row) and all(isinstance(q, str) and q.strip() for q in quotes(row)), row
        assert (row["msgid"], row["rule"]) not in seen, f"listed twice: {row}"
        seen.add((row["msgid"], row["rule"]))


@pytest.mark.parametrize("row", [pytest.param(row, id=f"{row['rule']}: {row['msgid'][:50]}") for row in table()])
def test_the_quoted_words_are_in_the_cited_paragraph(row: dict[str, Any]) -> None:
    if row.get("pending"):
        pytest.skip("pending: " + row.get("why", "its quote is known to fail"))
    paragraph = english_paragraphs(BY_ID[row["rule"]].game).get(row["rule"])
    assert paragraph is not None, f"{row['rule']} is not a paragraph of the English page"
    for quote in quotes(row):
        assert plain(quote) in paragraph, (row["msgid"], row["rule"], quote, paragraph)


# A step that states how a game ended in play (a win, a draw) cites the paragraph that says what that result makes of
# the game, in words that speak of a winner or a draw: never one that only sets the overtime's length ("B won the game
# in turn 3." cited to ga-overtime, which says nothing of a win). A gap's own sentence cites the gap.
RESULT_IN_PLAY = re.compile(r"^(?:\{player\} won the (?:game|Duel)|The (?:game|Duel|new Duel) ended in a draw)\b")
# ("If the game ends during these turns": a game that ends has a result, a win or a draw.)
SPEAKS_OF_A_RESULT = re.compile(r"\b(?:wins?|won|winner|draw|loses?|lost|complete|incomplete|ends)\b", re.IGNORECASE)


def test_a_step_stating_a_result_in_play_cites_words_that_speak_of_it() -> None:
    wrong = [f"{row['rule']}: {row['msgid']} ({quotes(row)})" for row in table()
             if RESULT_IN_PLAY.match(row["msgid"]) and not row["rule"].endswith("-not-covered")
             and not any(SPEAKS_OF_A_RESULT.search(quote) for quote in quotes(row))]
    assert not wrong, "a result in play cited to words that do not state it:\n" + "\n".join(wrong)


def test_every_row_is_a_sentence_of_the_engine() -> None:
    template = {m.id for m in catalogs.template() if m.id}
    stale = [row["msgid"] for row in table() if row["msgid"] not in template]
    assert not stale, f"sentences the engine no longer says: {stale}"


def said_in_the_source() -> set[tuple[str, str, str]]:
    """(msgid, rule, file) of every ``r.say("id", N_("…"))`` (or a module-level N_ constant)."""
    pairs: set[tuple[str, str, str]] = set()
    for path in sorted(ENGINE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        constants = {target.id: node.value.args[0].value
                     for node in tree.body if isinstance(node, ast.Assign) and _is_n(node.value)
                     for target in node.targets if isinstance(target, ast.Name)}
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and node.func.attr == "say" and len(node.args) >= 2):
                continue
            rule, text = node.args[0], node.args[1]
            if not (isinstance(rule, ast.Constant) and isinstance(rule.value, str)):
                continue  # a rule chosen at run time: the rulings below find it
            msgid = text.args[0].value if _is_n(text) else constants.get(getattr(text, "id", ""))
            if msgid is not None:
                pairs.add((msgid, rule.value, str(path.relative_to(ROOT))))
    return pairs


def _is_n(node: ast.AST) -> bool:
    return (isinstance(node, ast.Call) and getattr(node.func, "id", None) == "N_"
            and bool(node.args) and isinstance(node.args[0], ast.Constant))


def said_in_a_ruling(scenario: Any) -> set[tuple[str, str]]:
    try:
        ruling = rule_on(read_scenario(copy.deepcopy(scenario)))
    except ScenarioError:
        return set()
    return {(step.msgid, step.rule) for step in ruling.steps}


def test_every_sentence_in_the_source_is_in_the_table() -> None:
    missing = sorted(f"{where}: {rule}: {msgid}" for msgid, rule, where in said_in_the_source()
                     if (msgid, rule) not in known_pairs())
    assert not missing, "cited sentences missing from rules_engine/citations.yaml:\n" + "\n".join(missing)


def test_every_sentence_of_the_cases_is_in_the_table() -> None:
    said = set().union(*(said_in_a_ruling(case["scenario"]) for case in load_cases() if "scenario" in case))
    missing = sorted(f"{rule}: {msgid}" for msgid, rule in said - known_pairs())
    assert not missing, "cited sentences missing from rules_engine/citations.yaml:\n" + "\n".join(missing)


@given(scenarios())
def test_every_sentence_of_a_generated_ruling_is_in_the_table(scenario: dict[str, Any]) -> None:
    missing = said_in_a_ruling(scenario) - known_pairs()
    assert not missing, missing


# --- A ruling never says one thing and its opposite ------------------------------------------

# The judges' scenarios: a Game Loss that levels a single-elimination match; two players' Slow
# Play penalties; Grand Archive single elimination between games at 1-1; Yu-Gi-Oh! v2.3 at the
# time call, Swiss 0-1.
LEVELLED_BY_A_GAME_LOSS = {"game": "mtg", "round": "single-elimination", "games_won": [0, 1], "time_called": "during-game",
                           "active_player": "A", "rel": "competitive",
                           "slow_play_penalties": [{"player": "B"}, {"player": "B"}], "current_game": {"winner": "A"}}
BOTH_PENALISED = {"game": "mtg", "round": "swiss", "rel": "competitive", "games_won": [0, 0], "time_called": "during-game",
                  "active_player": "A", "slow_play_penalties": [{"player": "A"}, {"player": "B"}]}
GA_LEVEL_BETWEEN_GAMES = {"game": "grand-archive", "round": "single-elimination", "games_won": [1, 1],
                          "time_called": "between-games"}
YGO_BEHIND_AT_THE_CALL = {"game": "yugioh", "edition": "2.3", "round": "swiss", "games_won": [0, 1],
                          "time_called": "during-game", "active_player": "A"}


def check_consistent(scenario: Any) -> None:
    try:
        ruling = rule_on(read_scenario(copy.deepcopy(scenario)))
    except ScenarioError:
        return
    said = [(step.rule, step.msgid) for step in ruling.steps]
    rules = {rule for rule, _ in said}
    # mtg-sudden-death: a new game is played when game wins are equal between games in single
    # elimination; no step may then say that no new game begins.
    if any("a new game is played" in msgid for rule, msgid in said if rule == "mtg-sudden-death"):
        assert not [m for _, m in said if "no new game begins" in m], said
    # ga-no-new-game is a paragraph of the non-single-elimination procedure: where the text is
    # silent (single elimination between games at equal wins), it is not cited.
    if "ga-not-covered" in rules and scenario.get("time_called") == "between-games":
        assert "ga-no-new-game" not in rules, said
    # IPG 3.3 does not say whether two penalties' turns stack: no step says that each adds two.
    assert not [m for _, m in said if "each adds two" in m], said
    # mtg-slow-play-reading: a reading about a penalty in turn 0 is said as a condition, since no
    # scenario says in which turn a penalty came.
    for rule, msgid in said:
        if rule == "mtg-slow-play-reading":
            assert msgid.startswith("If "), msgid
    # Yu-Gi-Oh! v2.3 at the time call: what each result of the Duel makes of the match, including
    # the draw a levelling win brings in Swiss (ygo-rule-2-swiss).
    if ruling.next == "finish-phase" and scenario.get("round") == "swiss" and len(set(scenario["games_won"])) == 2:
        assert "ygo-rule-2-swiss" in rules, said


@pytest.mark.parametrize("scenario", [LEVELLED_BY_A_GAME_LOSS, BOTH_PENALISED, GA_LEVEL_BETWEEN_GAMES, YGO_BEHIND_AT_THE_CALL])
def test_the_judges_scenarios_are_ruled_without_contradiction(scenario: dict[str, Any]) -> None:
    check_consistent(scenario)


def test_every_case_is_ruled_without_contradiction() -> None:
    for case in load_cases():
        if "scenario" in case:
            check_consistent(case["scenario"])


@given(scenarios())
def test_every_generated_ruling_is_without_contradiction(scenario: dict[str, Any]) -> None:
    check_consistent(scenario)
