"""The End-of-Match rules engine: a scenario in, a ruling out, every step cited to its paragraph.

Standard library only: the same code runs in CPython, in the tests and in the browser (Pyodide).

    >>> from rules_engine import judge
    >>> judge({"game": "mtg", "round": "swiss", "games_won": [1, 0],
    ...        "time_called": "during-game", "active_player": "A"})["match"]["result"]
    'A'
"""

from __future__ import annotations

import json
import re
from typing import Any

from . import games
from .contract.errors import ScenarioError
from .contract.fields import choice_label, field_name, form_fields
from .editions import is_date, long_date
from .i18n import LANGUAGES, N_, translate
from .rule_ids import GAMES
from .ruling import Phrase, Ruling, render_phrase
from .ruling import edition_json as edition_json_of
from .contract.reading import parse_json, read_edition, read_scenario
from .contract.scenario import Scenario

__all__ = ["judge", "judge_json", "edition_json", "track_json", "question_json", "exam_json", "exam_code_json", "practice_json", "ScenarioError", "form_fields", "LANGUAGES"]

def _check_lang(lang: str) -> str:
    if lang not in LANGUAGES:
        raise ValueError(f"unsupported language: {lang!r} (one of {', '.join(LANGUAGES)})")
    return lang


def localized_error(error: ScenarioError, lang: str, scenario: Any = None) -> ScenarioError:
    """Write the message in ``lang``: a field is named by its form label, then its JSON Pointer
    (in parentheses, or after a comma where the message already puts the field in parentheses)."""
    game = scenario.get("game") if isinstance(scenario, dict) and isinstance(scenario.get("game"), str) else None
    template = translate(lang, error.msgid) if error.msgid else ""
    params = {key: field_name(lang, value, game, bracketed=_in_brackets(template, key),
                              said=_words_before(template, key))
              if key == "field" or key.endswith("_field")
              else long_date(lang, value) if key.endswith("_date") and isinstance(value, str) and is_date(value)
              else choice_label(lang, "/game", value) if key.endswith("_game") and value in GAMES
              else render_phrase(lang, value) if isinstance(value, Phrase)
              else value for key, value in error.params.items()}
    error.message = translate(lang, error.msgid, **params) if error.msgid else error.code
    return error


def _words_before(template: str, key: str) -> str:
    """The message's own words before ``{key}``, after the field it opens with ("{field}: …")."""
    before = template.split("{" + key + "}", 1)[0]
    return re.sub(r"^\{field\}\s*[:：]", "", before) if key != "field" else ""


def _in_brackets(template: str, key: str) -> bool:
    """Whether the message puts ``{key}`` inside parentheses of its own (half- or full-width)."""
    return re.search(r"[(（][^()（）]*\{" + key + r"\}", template) is not None


def rule_on(scenario: Scenario) -> Ruling:
    """The language-neutral ruling for a checked scenario."""
    return games.rule(scenario)


def judge(scenario: Any, lang: str = "en") -> dict[str, Any]:
    """Rule on a scenario (a parsed JSON value). Raises ScenarioError, its message in ``lang``."""
    _check_lang(lang)
    try:
        checked = read_scenario(scenario)
        return rule_on(checked).as_json(lang, checked.canonical) | {"scenario": checked.canonical}
    except ScenarioError as error:
        raise localized_error(error, lang, scenario) from None


def judge_json(text: str | bytes, lang: str = "en") -> str:
    """JSON text in, JSON text out: ``{"ruling": …}`` or ``{"error": {code, field, message}}``.

    The browser calls this one function, so nothing but a string crosses into JavaScript.
    """
    _check_lang(lang)
    scenario = None
    try:
        scenario = parse_json(text)
        ruling = judge(scenario, lang)
    except ScenarioError as error:
        return json.dumps({"error": localized_error(error, lang, scenario).as_dict()}, ensure_ascii=False)
    return json.dumps({"ruling": ruling}, ensure_ascii=False)


def edition_json(request: str, lang: str = "en") -> str:
    """The edition a scenario's ``game``, ``region`` and ``event_date`` (or ``edition``) rule under, for the form:
    ``{"edition": {id, title, effective, replaced, holds}}`` or ``{"error": …}`` naming the field.

    The form asks this when its event date changes, so that it shows the facts that edition asks for."""
    _check_lang(lang)
    asked = None
    try:
        asked = parse_json(request)
        if not isinstance(asked, dict) or set(asked) - {"game", "edition", "event_date", "region"}:
            raise ScenarioError("invalid-value", "", N_("An edition is asked for with a game, and an event date or an edition id (and the region, where the game has regional rules)."))
        rules = read_edition(asked)
    except ScenarioError as error:
        return json.dumps({"error": localized_error(error, lang, asked).as_dict()}, ensure_ascii=False)
    return json.dumps({"edition": edition_json_of(lang, rules)}, ensure_ascii=False)


def track_json(events: str, lang: str = "en", now: str | float | None = None) -> str:
    """The turn tracker for the browser: events as JSON text in, ``{"state": …}`` or ``{"error": …}`` out."""
    from .trackers.turns import track

    _check_lang(lang)
    try:
        moment = None if now in (None, "", "null") else float(now)
        state = track(parse_json(events), lang, moment)
    except ScenarioError as error:
        return json.dumps({"error": localized_error(error, lang).as_dict()}, ensure_ascii=False)
    except ValueError:
        return json.dumps({"error": {"code": "invalid-value", "field": "", "message": str(now)}})
    return json.dumps({"state": state}, ensure_ascii=False)


def question_json(request: str, lang: str = "en") -> str:
    """A training question for the browser: ``{"seed", "level"?, "game"?, "rule"?}`` as JSON text in,
    ``{"question": …}`` or ``{"error": …}`` out."""
    from .training.questions import question

    _check_lang(lang)
    try:
        asked = parse_json(request)
        if not isinstance(asked, dict) or set(asked) - {"seed", "level", "game", "rule"}:
            raise ScenarioError("invalid-value", "", N_("A question is asked by its seed, and optionally a level and a game."))
        return json.dumps({"question": question(asked.get("seed"), lang, asked.get("level"), asked.get("game"),
                                                asked.get("rule"))}, ensure_ascii=False)
    except ScenarioError as error:
        return json.dumps({"error": localized_error(error, lang).as_dict()}, ensure_ascii=False)


def exam_json(code: str, lang: str = "en") -> str:
    """The exam an exam code fixes, for the browser: ``{"exam": …}`` (what ``exam show`` prints) or ``{"error": …}``."""
    from .training.exam import exam

    _check_lang(lang)
    try:
        return json.dumps({"exam": exam(code, lang)}, ensure_ascii=False)
    except ScenarioError as error:
        return json.dumps({"error": localized_error(error, lang).as_dict()}, ensure_ascii=False)


def exam_code_json(request: str, lang: str = "en") -> str:
    """A new exam's code for the browser: ``{"games", "levels", "length", "seed"}`` as JSON text in,
    ``{"code": …}`` or ``{"error": …}`` out."""
    from .training.exam import new_code

    _check_lang(lang)
    try:
        asked = parse_json(request)
        if not isinstance(asked, dict) or set(asked) - {"games", "levels", "length", "seed"}:
            raise ScenarioError("invalid-value", "", N_("An exam is asked by its games, levels, length and seed."))
        return json.dumps({"code": new_code(asked.get("games"), asked.get("levels"), asked.get("length"),
                                            asked.get("seed"))}, ensure_ascii=False)
    except ScenarioError as error:
        return json.dumps({"error": localized_error(error, lang).as_dict()}, ensure_ascii=False)


def practice_json(request: str, lang: str = "en") -> str:
    """A practice set aimed at the weakest paragraphs: ``{"stats", "seed", "games", "levels", "length"}`` as JSON
    text in, ``{"exam": …}`` (with no code) or ``{"error": …}`` out."""
    from .training.exam import practice

    _check_lang(lang)
    try:
        asked = parse_json(request)
        if not isinstance(asked, dict) or set(asked) - {"stats", "seed", "games", "levels", "length"}:
            raise ScenarioError("invalid-value", "", N_("A practice set is asked by its seed, games, levels, length and the results so far."))
        return json.dumps({"exam": practice(asked.get("stats", {}), asked.get("seed"), asked.get("games"),
                                            asked.get("levels"), asked.get("length"), lang)}, ensure_ascii=False)
    except ScenarioError as error:
        return json.dumps({"error": localized_error(error, lang).as_dict()}, ensure_ascii=False)
