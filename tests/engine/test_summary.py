"""Every ruling opens with what the players do now and what happens next (rules_engine/summary.py):
in four languages, every message translated, and in agreement with the ruling's own data:
the turns and their players, the additional turns, the record to enter, the double loss."""

from __future__ import annotations

import copy
import re
from typing import Any

import pytest
from hypothesis import given

from rules_engine import LANGUAGES, ScenarioError, judge
from rules_engine.__main__ import as_text
from rules_engine.contract.reading import read_scenario
from rules_engine.games import rule
from rules_engine.i18n import translate, translations
from rules_engine.ruling import Phrase, render_phrase
from rules_engine.trackers.turns import track
from tests.engine.strategies import scenarios
from tests.test_cases import load_cases

CASES = [case for case in load_cases() if "error" not in case]

# What the English summary states, read back.
PLAN = re.compile(r"(?:^|\. )([AB]) (?:finishes this turn|plays the next turn \(turn 0\))(?: \(turn 0\))?, then "
                  r"(?:up to )?(\d+) additional turns(?: or (\d+) minutes, whichever comes first)?: ([^.]+)\.")
TURN_IN_LIST = re.compile(r"^([AB])( \(extra turn\))?$")
RECORD = re.compile(r"record A (\d+) – B (\d+)(?: – draws (\d+))?\.")
IN_TURN = re.compile(r"\bin turn (\d+)")
NEW_DUEL_TURNS = re.compile(r"a new Duel of four turns decides the match: ([^.]+)\.")
TEAM_NAMED = {"en": re.compile(r"\b[Tt]eam [AB]\b"), "fr": re.compile(r"\b[ÉéEe]quipe [AB]\b"),
              "pt": re.compile(r"\b[Ee]quipe [AB]\b"), "ja": re.compile(r"チーム ?[AB]")}
PT_TO_ONE = re.compile(r"(?<![-\w])(?:[Rr]egistre|[Cc]hame|[Jj]ogue|[Tt]ermine|[Cc]omece|[Rr]esolva)(?![-\w])")
PT_TO_BOTH = re.compile(r"(?<![-\w])(?:[Rr]egistrem|[Cc]hamem|[Jj]oguem|[Tt]erminem|[Cc]ontinuem|[Cc]omparem|[Cc]omecem|[Rr]esolvam)(?![-\w])")
TURN_ZERO = {"en": "turn 0", "fr": "tour 0", "pt": "turno 0", "ja": "0ターン目"}


def phrases(value: Any) -> list[Phrase]:
    """Every message of a summary, the pieces inside a sentence included."""
    if isinstance(value, Phrase):
        return [value, *(p for _, v in value.params for p in phrases(v))]
    if isinstance(value, (list, tuple)):
        return [p for v in value for p in phrases(v)]
    return []


def check_summary(scenario: dict[str, Any]) -> None:
    """The checks of this module on one scenario (refused scenarios have no ruling)."""
    try:
        rulings = {lang: judge(copy.deepcopy(scenario), lang) for lang in LANGUAGES}
    except ScenarioError:
        return
    said = rule(read_scenario(copy.deepcopy(scenario))).summary
    assert said
    for lang in ("fr", "pt", "ja"):
        catalog = translations(lang)
        # A message with no words of its own ("{whole}.{fraction}") may read the same in a language.
        untranslated = [p.msgid for p in phrases(said) if catalog.gettext(p.msgid) == p.msgid
                        and re.search(r"[A-Za-z]", re.sub(r"\{\w+\}", "", p.msgid))]
        assert untranslated == [], (lang, untranslated)
    for lang, ruling in rulings.items():
        assert ruling["summary"].strip(), lang
        # Two-Headed Giant teams are A and B in the summary as in the steps and the results.
        assert not TEAM_NAMED[lang].search(ruling["summary"]), (lang, ruling["summary"])
        if ruling["game"] == "yugioh":
            assert TURN_ZERO[lang] not in ruling["summary"], (lang, ruling["summary"])
    # Portuguese speaks to the players at the table in the plural throughout (terminem … registrem).
    summary_pt = rulings["pt"]["summary"]
    assert not (PT_TO_ONE.search(summary_pt) and PT_TO_BOTH.search(summary_pt)), summary_pt
    check_english(rulings["en"])


def check_english(ruling: dict[str, Any]) -> None:
    text, turns, match = ruling["summary"], ruling["turns"], ruling["match"]
    plans = PLAN.findall(text)
    assert len(plans) <= 1, text
    for first, count, clock, listed in plans:
        assert turns[0]["player"] == first, text
        assert int(count) == ruling["additional_turns"] == len(turns) - 1, text
        if clock:
            assert int(clock) == ruling["time_limit_minutes"], text
        stated = [TURN_IN_LIST.match(item) for item in listed.split(", ")]
        assert all(stated), text
        assert [(m[1], bool(m[2])) for m in stated] == [(t["player"], t["extra"]) for t in turns[1:]], text
    if "more turns" in text:
        assert plans, text
    for turn in IN_TURN.findall(text):
        # A game that ended in a turn, or a clock that ran out in it, ends the ruling's turns there;
        # a win after the turns the text is sure of is stated with the turn given.
        assert int(turn) == turns[-1]["number"] or ruling["match"]["next"] == "head-judge", text
    records = RECORD.findall(text)
    assert len(records) <= 1, text
    for a, b, d in records:
        assert [int(a), int(b), int(d or 0)] == match["record"], text
    # The record is stated with every result of the match, and only then; a Disney Lorcana match won on lore
    # names the two records the text leaves open (2-1-0 or 1-1-1) and whom to ask.
    on_lore = match["decided_by"] == "lore" and match["next"] == "record-with-head-judge"
    assert bool(records) == (match["result"] in ("A", "B", "draw") and not on_lore), text
    if on_lore:
        assert re.search(r"\(\d-\d-\d or \d-\d-\d\)", text), text
    assert ("record a loss for both" in text) == (match["result"] == "double-loss"), text
    if match["result"] == "double-loss":
        assert "Neither Duelist has won the match" in text
    # (Lorcana before 9 September 2025 and in Japan: the plan covers equal lore only, and unequal lore goes to the head judge.)
    asked = match["next"] in ("head-judge", "record-with-head-judge") or (
        match["next"] == "lore-lead" and "with unequal lore, this edition does not say who wins: call the head judge" in text)
    assert ("head judge" in text) == asked, text
    if match["result"] == "draw" and match["decided_by"] != "match-points":  # equal points: each player's, no "draw"
        assert "draw" in text, text
    if match["result"] in ("A", "B"):
        winner, loser = match["result"], "B" if match["result"] == "A" else "A"
        assert re.search(rf"\b{winner}(?:,| has| wins| won|'s champion| then)", text), text
        assert f"{loser} wins the match" not in text and f"{loser} won the new Duel" not in text, text
    listed = NEW_DUEL_TURNS.findall(text)
    if listed:
        assert listed[0].split(", ") == [t["player"] for t in ruling["tiebreak_turns"]], text


@pytest.mark.parametrize("case", CASES, ids=[case["name"] for case in CASES])
def test_every_case_opens_with_a_true_summary(case: dict[str, Any]) -> None:
    check_summary(case["scenario"])


@given(scenarios())
def test_every_generated_ruling_opens_with_a_true_summary(scenario: dict[str, Any]) -> None:
    check_summary(scenario)


EXAMPLES = [
    ({"game": "mtg", "round": "swiss", "games_won": [1, 0], "time_called": "during-game", "active_player": "A"},
     "A finishes this turn, then 5 additional turns: B, A, B, A, B. If nobody wins by then, the game is a draw and A "
     "wins the match; record A 1 – B 0 – draws 1."),
    ({"game": "mtg", "round": "swiss", "games_won": [1, 1], "time_called": "during-game", "active_player": "A",
      "current_game": {"winner": "B", "during_turn": 3}},
     "B won the game in turn 3. B wins the match; record A 1 – B 2."),
    ({"game": "grand-archive", "round": "swiss", "games_won": [0, 0], "time_called": "during-game",
      "active_player": "B"},
     "B finishes this turn (turn 0), then up to 3 additional turns or 5 minutes, whichever comes first: A, B, A. "
     "When the 5 minutes run out, a combat in progress is finished and the effects stack resolved: the game ends in "
     "a main phase with an empty stack. "
     "If nobody wins by then, the game is a draw and so is the match; record A 0 – B 0 – draws 1."),
    ({"game": "yugioh", "round": "swiss", "games_won": [1, 0], "time_called": "during-game"},
     "The Duel stops now. Neither Duelist has won the match: record a loss for both. "
     "This applies Konami's TCG Tournament Policy, as no region is given: OCG events in Japan follow Konami Japan's own "
     "rules. This rests on this site's "
     "summary of Policy v2.5 and takes the event to follow it: for an event that keeps the earlier procedure, "
     "choose the edition v2.3."),
    ({"game": "yugioh", "edition": "2.3", "round": "swiss", "games_won": [1, 0], "time_called": "during-game",
      "active_player": "A"},
     "Play on to the end of the current Phase, then compare Life Points: the Duelist with more Life Points wins the Duel; "
     "if they are equal, the Duel is a draw. If B wins the Duel, the Duelists have won the same number of Duels "
     "(A 1 – B 1): the match is a draw. If A wins the Duel or it is a draw, A has won more Duels and wins the match. "
     "This applies Konami's TCG Tournament Policy, as no region is given: OCG events in Japan follow Konami Japan's own rules."),
    # ygo-rule-2-swiss: a win for the Duelist behind levels the match, a draw.
    ({"game": "yugioh", "edition": "2.3", "round": "swiss", "games_won": [0, 1], "time_called": "during-game",
      "active_player": "A"},
     "Play on to the end of the current Phase, then compare Life Points: the Duelist with more Life Points wins the Duel; "
     "if they are equal, the Duel is a draw. If A wins the Duel, the Duelists have won the same number of Duels "
     "(A 1 – B 1): the match is a draw. If B wins the Duel or it is a draw, B has won more Duels and wins the match. "
     "This applies Konami's TCG Tournament Policy, as no region is given: OCG events in Japan follow Konami Japan's own rules."),
    # mtg-sudden-death: the life totals given are those at the end of the additional turns (the form asks them so):
    # said as then, not as now (en-fr: "B has the highest life total" read as B being ahead at the time call).
    ({"game": "mtg", "round": "single-elimination", "games_won": [1, 1], "time_called": "during-game",
      "active_player": "A", "current_game": {"life": [12, 12]}},
     "A finishes this turn, then 5 additional turns: B, A, B, A, B. If nobody wins by then and the life totals are then "
     "equal (12), the game goes on with an added state-based action, under which a player who does not have the highest life "
     "total loses the game, and the match."),
    # mtg-slow-play-note: the scenario does not say in which turn the Game Loss came; the summary does not either,
    # and a Game Loss that levels a single-elimination match leads to the sudden-death game (mtg-sudden-death).
    ({"game": "mtg", "round": "single-elimination", "games_won": [0, 1], "time_called": "during-game",
      "active_player": "A", "rel": "competitive", "slow_play_penalties": [{"player": "B"}, {"player": "B"}],
      "current_game": {"winner": "A"}},
     "The game ended with a Game Loss for B (a second Slow Play penalty): A wins it. Game wins are equal "
     "(A 1 – B 1): a new game decides the match, with an added state-based action, under which a player who does not have "
     "the highest life total loses the game. Each first Slow Play penalty is taken as a Warning: a player who "
     "already had a Slow Play Warning earlier that day gets a Game Loss instead, which changes this ruling."),
    # mtg-highest-life: at the time call, the life totals that decide the game do not exist yet: the plan.
    ({"game": "mtg", "round": "single-elimination", "games_won": [1, 1], "time_called": "during-game",
      "active_player": "A"},
     "A finishes this turn, then 5 additional turns: B, A, B, A, B. If nobody wins by then, the highest life total wins "
     "the game and the match; if life totals are equal, the game goes on with an added state-based action, under which a player "
     "who does not have the highest life total loses the game."),
    # ga-step-available-life: the same for Grand Archive's tiebreak steps, read when the overtime is over.
    ({"game": "grand-archive", "round": "single-elimination", "games_won": [0, 0], "time_called": "during-game",
      "active_player": "B"},
     "B finishes this turn (turn 0), then up to 3 additional turns or 5 minutes, whichever comes first: A, B, A. "
     "When the 5 minutes run out, a combat in progress is finished and the effects stack resolved: the game ends in "
     "a main phase with an empty stack. "
     "If nobody wins by then, the tiebreak steps decide the game and the match: the highest available life (life "
     "stat minus damage), then the highest influence, then the most cards in the main deck, then the player who "
     "took the final turn."),
    ({"game": "mtg", "round": "swiss", "two_headed_giant": True, "games_won": [0, 0], "time_called": "during-game",
      "active_player": "B", "turn_pass_announced": True},
     "A plays the next turn (turn 0), then 3 additional turns: B, A, B. If nobody wins by then, the game is a "
     "draw and so is the match; record A 0 – B 0 – draws 1."),
    # mtg-extra-turns-note: an extra turn pending when time was called and one created in turn 0 are counted as two; the
    # plan rests on it, so the summary says it (en-fr A2: only the fourth step did).
    ({"game": "mtg", "round": "swiss", "games_won": [0, 0], "time_called": "during-game", "active_player": "A",
      "next_turn_player": "A", "extra_turns": [{"player": "A", "after_turn": 0}, {"player": "B", "after_turn": 2}]},
     "A finishes this turn, then 5 additional turns: A (extra turn), A (extra turn), B (extra turn), B, A. If nobody "
     "wins by then, the game is a draw and so is the match; record A 0 – B 0 – draws 1. This counts two extra turns "
     "for A, one pending when time was called and one created during turn 0: if they are one and the same, enter it once."),
]


@pytest.mark.parametrize(("scenario", "summary"), EXAMPLES)
def test_the_summary_says_what_to_do_now(scenario: dict[str, Any], summary: str) -> None:
    assert judge(scenario)["summary"] == summary


def test_the_text_output_prints_the_summary_first() -> None:
    scenario, summary = EXAMPLES[0]
    for lang in LANGUAGES:
        ruling = judge(scenario, lang)
        lines = as_text(ruling, lang).split("\n")
        assert lines[:3] == [ruling["rules_version"], "", ruling["summary"]]


def test_yugioh_text_output_counts_no_turn_zero() -> None:
    for lang in LANGUAGES:
        ruling = judge(EXAMPLES[4][0], lang)
        turns_line = as_text(ruling, lang).split("\n")[4]
        assert ":A" not in turns_line and TURN_ZERO[lang] not in turns_line and "A" in turns_line


def test_the_duel_tracker_shows_the_summary_of_its_ruling() -> None:
    """The Yu-Gi-Oh! tracker's state carries the summary of the ruling on its taps so far (none
    before there is a ruling: its instruction says what to do)."""
    start = {"type": "start", "game": "yugioh", "edition": "2.3", "round": "single-elimination",
             "time_called": "during-game", "active_player": "A", "games_won": [1, 0], "at": 0}
    assert track([start])["summary"] is None
    levelled = [start, {"type": "phase-ended", "at": 1}, {"type": "life-points", "life": [100, 900], "at": 2},
                {"type": "new-duel", "first_player": "B", "at": 3}]
    for lang in LANGUAGES:
        state = track(levelled, lang)
        scenario = {**state["scenario"], "tiebreak_game": {"first_player": "B"}}
        assert state["summary"] == judge(scenario, lang)["summary"]
    assert "a new Duel of four turns decides the match: B, A, B, A." in track(levelled)["summary"]
    stopped = track([{**start, "edition": "2.5", "round": "swiss"}])
    assert stopped["summary"].startswith("The Duel stops now. Neither Duelist has won the match: record a loss for both. ")


# --- the summary carries every assumption and condition the ruling rests on -----------------------

# What each language says a condition with.
CONDITION = {"en": re.compile(r"\b[Ii]f\b"), "fr": re.compile(r"\b[Ss]i\b|\bs’(?:il|ils)\b"),
             "pt": re.compile(r"\b[Ss]e\b"), "ja": re.compile(r"場合|なければ|なら|れば")}
# Steps whose "if" is a condition the summary states in its own words (the plan's "if nobody wins by then",
# the outcomes of the Duel in progress) or that concerns no decision still to come.
CONDITIONAL_STEPS_SAID_OTHERWISE = {
    "ga-ending-overtime", "ga-step-available-life", "ga-step-influence", "ga-step-main-deck", "ga-overtime",
    "mtg-sudden-death", "mtg-highest-life", "mtg-extra-turns-note", "ygo-rule-1-single-elimination", "ygo-rule-1-swiss",
    "ygo-rule-2", "ygo-rule-2-swiss", "ygo-rule-2-single-elimination", "mtg-unfinished-game-draw",
    # Konami Japan's OCG rules: the plan's own conditions (the additional turns, Life Points after them, the extra Duel)
    "ygo-ocg-extra-turns", "ygo-ocg-life-points", "ygo-ocg-equal-swiss", "ygo-ocg-sudden-death", "ygo-ocg-extra-duel",
}


def _engine_messages() -> set[str]:
    """Every message the games' procedures and the edition note can say as a step."""
    from pathlib import Path
    import ast
    root = Path(__file__).resolve().parents[2] / "rules_engine"
    found: set[str] = set()
    for path in [*(root / "games").rglob("*.py")]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "N_" and node.args \
                    and isinstance(node.args[0], ast.Constant):
                found.add(node.args[0].value)
    return found


def test_every_assumption_step_has_its_clause_in_the_summary_or_a_reason() -> None:
    """A new step that assumes or reads must be given a summary clause (summary.ASSUMPTIONS) or a
    reason the summary needs none (summary.STATED_ELSEWHERE); a key that no step says any more is stale."""
    from rules_engine import summary
    said = _engine_messages()
    assuming = {m for m in said if re.search(r"\bassum|this site's reading|This site's reading|this site reads"
                                             r"|\bis taken to be\b|\btakes (?:it|the event)\b|\bnot given\b(?! during)"
                                             r"|not known to this site|cannot tell|may change this ruling", m)}
    # Refusals (a field named) are not steps of a ruling.
    assuming = {m for m in assuming if not m.startswith("{field}")}
    unaccounted = {m for m in assuming if summary.assumption_key(m) is None and not summary.stated_elsewhere(m)}
    assert not unaccounted, sorted(unaccounted)
    # Words that no step says any more (a message reworded) would leave its step unaccounted for.
    stale = {words for words in (*summary.ASSUMPTIONS, *summary.STATED_ELSEWHERE) if not any(words in m for m in said)}
    assert not stale, sorted(stale)
    both = {m for m in assuming if summary.assumption_key(m) is not None and summary.stated_elsewhere(m)}
    assert not both, sorted(both)


def check_assumptions(scenario: dict[str, Any]) -> None:
    """In four languages: every assumption step has its clause in the summary, and a ruling with a
    conditional step has a summary that states a condition."""
    from rules_engine import summary
    try:
        ruling = rule(read_scenario(copy.deepcopy(scenario)))
    except ScenarioError:
        return
    s = read_scenario(copy.deepcopy(scenario))
    clauses = summary.assumptions(s, ruling)
    assert [p for p in clauses if p not in ruling.summary] == []
    conditional = [step for step in ruling.steps if re.search(r"\bIf\b|, if\b", step.msgid)
                   and step.rule not in CONDITIONAL_STEPS_SAID_OTHERWISE and not summary.stated_elsewhere(step.msgid)
                   and not summary.moot(summary.assumption_key(step.msgid) or "", s, ruling)]
    for lang in LANGUAGES:
        text = judge(copy.deepcopy(scenario), lang)["summary"]
        for clause in clauses:
            assert render_phrase(lang, clause) in text, (lang, text)
        for step in ruling.steps:
            key = summary.assumption_key(step.msgid)
            assert key is None or summary.moot(key, s, ruling) or any(render_phrase(lang, c) in text for c in clauses), \
                (lang, step.msgid, text)
        if conditional:
            assert CONDITION[lang].search(text), (lang, [s.msgid for s in conditional], text)
    # A result that holds only if nobody wins in the turns still to play is never final.
    english = judge(copy.deepcopy(scenario))
    if "If nobody wins by then" in english["summary"] or "if nobody wins by then" in english["summary"]:
        assert not english["match"]["final"], english["summary"]


@given(scenarios())
def test_every_generated_summary_says_what_the_ruling_assumes(scenario: dict[str, Any]) -> None:
    check_assumptions(scenario)


@pytest.mark.parametrize("case", CASES, ids=[case["name"] for case in CASES])
def test_every_case_summary_says_what_the_ruling_assumes(case: dict[str, Any]) -> None:
    check_assumptions(case["scenario"])


ASSUMED = [
    # The REL not given: the turns Slow Play adds are said with the assumption, and what Regular REL gives.
    ({"game": "mtg", "round": "swiss", "games_won": [0, 0], "time_called": "during-game", "active_player": "A",
      "slow_play_penalties": [{"player": "B"}]},
     {"en": "at Regular REL there is no Slow Play penalty, so 5 additional turns, not 7.",
      "fr": "au REL Régulier, il n’y a pas de pénalité pour Slow Play, donc 5 tours additionnels, et non 7.",
      "pt": "no REL Regular não há penalidade por Jogo Lento, então são 5 turnos adicionais, e não 7.",
      "ja": "延長ターンは7ターンではなく5ターンです。"}),
    # Grand Archive: the clock's end finishes the combat and resolves the stack (Ending Overtime).
    ({"game": "grand-archive", "round": "swiss", "games_won": [1, 0], "time_called": "during-game", "active_player": "A"},
     {"en": "When the 5 minutes run out, a combat in progress is finished and the effects stack resolved",
      "fr": "Quand les 5 minutes sont écoulées, un combat en cours est terminé",
      "pt": "Quando os 5 minutos acabarem, um combate em andamento é terminado",
      "ja": "5分が尽きたときは、進行中の戦闘を終え"}),
    # Yu-Gi-Oh! v2.3, single elimination, equal Life Points: turn by turn only if they are still equal.
    ({"game": "yugioh", "edition": "2.3", "round": "single-elimination", "games_won": [1, 1], "time_called": "during-game",
      "active_player": "A", "current_game": {"winner": None, "life": [3000, 3000]}},
     {"en": "finish the current turn; if Life Points are still equal, play on turn by turn",
      "fr": "terminez le tour en cours ; si les Life Points sont encore égaux, continuez tour par tour",
      "pt": "terminem o turno atual; se os Pontos de Vida ainda forem iguais, continuem turno a turno",
      "ja": "現在のターンを最後まで行い、それでもライフポイントが同じ場合は"}),
    ({"game": "yugioh", "edition": "2.3", "round": "single-elimination", "games_won": [1, 1], "time_called": "during-game",
      "active_player": "A"},
     {"en": "if they are equal, finish the turn; if Life Points are still equal, play on turn by turn",
      "fr": "s’ils sont égaux, terminez le tour ; si les Life Points sont encore égaux",
      "pt": "se forem iguais, terminem o turno; se os Pontos de Vida ainda forem iguais",
      "ja": "それでもライフポイントが同じ場合は"}),
    # A time extension: the ruling is for the moment it ends.
    ({"game": "mtg", "round": "swiss", "games_won": [0, 0], "time_called": "during-game", "active_player": "A",
      "time_extension_minutes": 8},
     {"en": "This ruling is for the moment the 8-minute time extension ends, with the facts of that moment.",
      "fr": "Cette décision vaut pour le moment où l’extension de temps de 8 min prend fin",
      "pt": "Esta decisão vale para o momento em que termina a extensão de tempo de 8 min",
      "ja": "この裁定は、8分の延長時間が終わった時点についてのもので"}),
    # An event after the registry was last checked.
    ({"game": "mtg", "event_date": "2099-01-01", "round": "swiss", "games_won": [1, 0], "time_called": "between-games"},
     {"en": "a later edition may change this ruling.", "fr": "une édition ultérieure peut la changer.",
      "pt": "uma edição posterior pode mudar esta decisão.", "ja": "その後の版によってこの裁定が変わる可能性があります。"}),
    # An event date under Grand Archive's undated rules.
    ({"game": "grand-archive", "event_date": "2025-06-01", "round": "swiss", "games_won": [1, 0],
      "time_called": "between-games"},
     {"en": "This assumes that the rules this site holds, which are undated, were in force on the event's date.",
      "fr": "qui ne sont pas datées, étaient en vigueur à la date de l’événement.",
      "pt": "que não têm data, estavam em vigor na data do evento.",
      "ja": "日付のないルールが、イベントの日に施行されていたものとしています。"}),
    # Grand Archive after an end-of-turn call: which turn is turn 0 is this site's reading.
    ({"game": "grand-archive", "round": "swiss", "games_won": [0, 0], "time_called": "during-game",
      "active_player": "A", "turn_pass_announced": True},
     {"en": "That B's turn is turn 0 is this site's reading", "fr": "Que le tour de B soit le tour 0 est une lecture de ce site",
      "pt": "Que o turno de B seja o turno 0 é uma leitura deste site", "ja": "B のターンが0ターン目だというのは、このサイトの読み方です。"}),
    # Yu-Gi-Oh! v2.3: a won new Duel counted as a Duel won in the record is this site's reading.
    ({"game": "yugioh", "edition": "2.3", "round": "single-elimination", "games_won": [1, 0], "time_called": "during-game",
      "active_player": "B", "current_game": {"winner": None, "life": [2000, 4000]},
      "tiebreak_game": {"winner": "A", "life": [100, 0], "first_player": "B"}},
     {"en": "The record counts the new Duel as a Duel won (this site's reading)",
      "fr": "Le résultat compte le nouveau Duel comme un Duel gagné (lecture de ce site)",
      "pt": "O resultado a registrar conta o novo Duelo como um Duelo vencido (leitura deste site)",
      "ja": "結果を記録するときは、新しいデュエルを勝利したデュエルとして数えています（このサイトの読み方）。"}),
    # Magic: two extra turns for one player, the moment named as the step names it; French « Cette décision ».
    ({"game": "mtg", "round": "swiss", "games_won": [0, 0], "time_called": "during-game", "active_player": "A",
      "next_turn_player": "A", "extra_turns": [{"player": "A", "after_turn": 0}, {"player": "B", "after_turn": 2}]},
     {"en": "This counts two extra turns for A, one pending when time was called",
      "fr": "Cette décision compte deux tours supplémentaires pour A, l’un en attente à l’annonce de la fin de la ronde",
      "pt": "um pendente quando o tempo acabou", "ja": "1つは時間切れの時点で控えていたもの"}),
    # Policy v2.5: this site's summary, and the event taken to follow it.
    ({"game": "yugioh", "round": "swiss", "games_won": [0, 0], "time_called": "during-game"},
     {"en": "This rests on this site's summary of Policy v2.5", "fr": "repose sur le résumé de la Policy v2.5",
      "pt": "se baseia no resumo da Policy v2.5", "ja": "Policy v2.5 の要約に基づき"}),
]


@pytest.mark.parametrize(("scenario", "words"), ASSUMED)
def test_the_summary_says_what_the_ruling_assumes(scenario: dict[str, Any], words: dict[str, str]) -> None:
    for lang in LANGUAGES:
        summary = judge(copy.deepcopy(scenario), lang)["summary"]
        assert words[lang].replace(" :", "\u202f:").replace(" ;", "\u202f;") in summary, (lang, summary)


def test_a_ruling_names_the_moment_time_is_called_one_way_in_its_summary_and_its_step() -> None:
    """Two extra turns for one player: the summary's clause and the step name the moment the extra
    turn was pending with the same words, in every language."""
    scenario = {"game": "mtg", "round": "swiss", "games_won": [0, 0], "time_called": "during-game", "active_player": "A",
                "next_turn_player": "A", "extra_turns": [{"player": "A", "after_turn": 0}, {"player": "B", "after_turn": 2}]}
    moment = {"en": "pending when time was called", "fr": "en attente à l’annonce de la fin de la ronde",
              "pt": "pendente quando o tempo acabou", "ja": "時間切れの時点で控えていた"}
    for lang in LANGUAGES:
        ruling = judge(copy.deepcopy(scenario), lang)
        steps = [s["text"] for s in ruling["explanation"] if s["rule"] == "mtg-extra-turns-note"]
        assert moment[lang] in ruling["summary"] and any(moment[lang] in step for step in steps), (lang, ruling["summary"], steps)


@pytest.mark.parametrize("in_turn_7", [False, True])
@pytest.mark.parametrize("lang", ["en", "fr", "pt", "ja"])
def test_a_game_loss_ruled_with_no_rel_says_regular_rel_gives_none(lang: str, in_turn_7: bool) -> None:
    """IPG 3 (mtg-slow-play-note): a second Slow Play penalty's Game Loss exists only where the IPG
    applies. With the REL not given, the first sentence says that at Regular REL there is no Game Loss
    and the procedure has the additional turns of a match with no penalty, not only that no turns are
    added."""
    from rules_engine import judge
    from rules_engine.i18n import translate
    scenario = {"game": "mtg", "round": "swiss", "games_won": [0, 0], "time_called": "during-game",
                "active_player": "B", "slow_play_penalties": [{"player": "B"}, {"player": "B"}],
                "current_game": {"winner": "A"}}
    if in_turn_7:  # the last of the seven turns, which exists only with the two added turns
        scenario["slow_play_penalties"][1]["during_additional_turns"] = True
        scenario["current_game"]["during_turn"] = 7
    summary = judge(scenario, lang)["summary"]
    # Whatever turn the Game Loss fell in (turn 7 exists only with the two added turns): at Regular REL
    # there is none, and the additional turns are the five of a match with no penalty.
    said = translate(lang, "This assumes Competitive or Professional REL, as the REL is not given: at Regular REL there is no Slow Play penalty, so no Game Loss, and the procedure has {count} additional turns, as with no penalty.", count=5)
    assert said in summary
    assert translate(lang, "This assumes Competitive or Professional REL, as the REL is not given: at Regular REL there is no Slow Play penalty and no turns are added.") not in summary
    assert "goes on" not in judge(scenario, "en")["summary"] and "a draw" not in judge(scenario, "en")["summary"]


@pytest.mark.parametrize("scenario", [
    # A second penalty to one player: a Game Loss ends the game, whatever the turn 0 penalty did.
    {"game": "mtg", "round": "swiss", "games_won": [1, 0], "time_called": "during-game", "active_player": "B",
     "rel": "professional", "slow_play_penalties": [{"player": "A"}, {"player": "A", "during_additional_turns": True}],
     "current_game": {"winner": "B"}},
    # Every end-of-match turn played: no turn is left for a penalty to add.
    {"game": "mtg", "round": "single-elimination", "games_won": [0, 0], "time_called": "during-game",
     "active_player": "A", "rel": "professional", "slow_play_penalties": [{"player": "A"}],
     "additional_turns_played": True, "current_game": {"life": [3, 3]}},
])
def test_the_turn_zero_penalty_reading_is_not_said_once_no_turn_is_left_to_plan(scenario: dict) -> None:
    """mtg-slow-play-reading: "If a Slow Play penalty was given during turn 0, it still adds turns" belongs to a
    plan; after a Game Loss or with every turn played it closes a first sentence it has no bearing on (en-fr A5)."""
    for lang in LANGUAGES:
        clause = translate(lang, "If a Slow Play penalty was given during turn 0, it still adds turns (this site's reading).")
        assert clause not in judge(scenario, lang)["summary"], lang
    planned = {**scenario, "current_game": {}, "additional_turns_played": False}
    planned.pop("additional_turns_played")
    planned["slow_play_penalties"] = [{"player": "A"}]
    assert "If a Slow Play penalty was given during turn 0" in judge(planned, "en")["summary"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_first_sentence_says_what_follows_a_win_or_an_equal_score_that_decides_only_for_one_player(lang: str) -> None:
    """lorcana-se-lore-lead: a win entered with equal lore is said as won in the play after the turns, in the
    first sentence (pt-ja 32c A1); ygo-ocg-extra-duel: equal Life Points at 1-0 in single elimination say that a
    win by the trailing Duelist leads to the extra Duel (pt-ja 32c A2)."""
    lore = judge({"game": "lorcana", "round": "single-elimination", "games_won": [0, 0], "time_called": "during-game",
                  "active_player": "B", "current_game": {"winner": "A", "lore": [9, 9]}}, lang)
    assert translate(lang, "Lore was equal ({lore}) at the end of the turns; {player} then won the game in the play "
                           "that followed.", lore=9, player="A") in lore["summary"]
    ocg = judge({"game": "yugioh", "region": "japan", "round": "single-elimination", "games_won": [1, 0],
                 "time_called": "during-game", "active_player": "A", "additional_turns_played": True,
                 "current_game": {"life": [4000, 4000]}}, lang)
    assert translate(lang, "If {leader} wins it, {leader} wins the match; if {player} wins it, an extra Duel decides "
                           "the match.", leader="A", player="B") in ocg["summary"]
