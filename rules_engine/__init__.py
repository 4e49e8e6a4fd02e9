"""The End-of-Match rules engine: a scenario in, a ruling out, every step cited to its paragraph.

Standard library only: the same code runs in CPython, in the tests and in the browser (Pyodide).

    >>> from rules_engine import judge
    >>> judge({"game": "mtg", "round": "swiss", "games_won": [1, 0],
    ...        "time_called": "during-game", "active_player": "A"})["match"]["result"]
    'A'
"""

from __future__ import annotations

import json
from typing import Any

from . import grand_archive, mtg, yugioh
from .errors import ScenarioError
from .fields import form_fields
from .i18n import LANGUAGES, translate
from .ruling import Ruling
from .scenario import Scenario, parse_json, read_scenario

__all__ = ["judge", "judge_json", "ScenarioError", "form_fields", "LANGUAGES"]

PROCEDURES = {"mtg": mtg.rule, "grand-archive": grand_archive.rule, "yugioh": yugioh.rule}


def _check_lang(lang: str) -> str:
    if lang not in LANGUAGES:
        raise ValueError(f"unsupported language: {lang!r} (one of {', '.join(LANGUAGES)})")
    return lang


def _localized(error: ScenarioError, lang: str) -> ScenarioError:
    error.message = translate(lang, error.msgid, **error.params) if error.msgid else error.code
    return error


def rule_on(scenario: Scenario) -> Ruling:
    """The language-neutral ruling for a checked scenario."""
    return PROCEDURES[scenario.game](scenario)


def judge(scenario: Any, lang: str = "en") -> dict[str, Any]:
    """Rule on a scenario (a parsed JSON value). Raises ScenarioError, its message in ``lang``."""
    _check_lang(lang)
    try:
        checked = read_scenario(scenario)
        return rule_on(checked).as_json(lang, checked.canonical) | {"scenario": checked.canonical}
    except ScenarioError as error:
        raise _localized(error, lang) from None


def judge_json(text: str | bytes, lang: str = "en") -> str:
    """JSON text in, JSON text out: ``{"ruling": …}`` or ``{"error": {code, field, message}}``.

    The browser calls this one function, so nothing but a string crosses into JavaScript.
    """
    _check_lang(lang)
    try:
        ruling = judge(parse_json(text), lang)
    except ScenarioError as error:
        return json.dumps({"error": _localized(error, lang).as_dict()}, ensure_ascii=False)
    return json.dumps({"ruling": ruling}, ensure_ascii=False)
