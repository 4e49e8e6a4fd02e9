"""A question's situation as the reader sees it: each fact named as the checker's form names it.

The training page and the exams draw a question's scenario as a list of facts
(overrides/assets/training/situation.js), from the fields given here: the form's own fields,
with the words a question needs where the form's would leave a fact unsaid or a choice
ambiguous:
- the edition, by its title and the dates it was in force, current or earlier;
- a game nobody won, said as such ("Nobody had won by the end of the additional turns"), never left
  out: what nobody had won in play, not the result the procedure then gives it (a question may ask that);
  in Grand Archive, of the moment the overtime's limit was reached, without saying what the limit is (the
  players may still have a combat to finish, which a question may ask; the limit is another's key);
- Grand Archive's clock that did not run out ("It did not run out");
- a Slow Play penalty not given during the additional turns: given before time was called (the
  case the IPG settles; one given during turn 0 is this site's reading, never asked);
- yes and no in the engine's own words.

``facts()`` renders a scenario as situation.js does, so that a test can rebuild the scenario
from what is shown alone and check that the ruling is the same (tests/engine/test_training.py).
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from ..contract.fields import choice_label, form_fields
from ..editions import EDITIONS, dates_where, editions_of, long_date
from ..i18n import LANGUAGES, N_, translate
from ..rule_ids import GAMES

YES, NO = N_("Yes"), N_("No")
NOBODY: dict[str, str] = {
    "/current_game/winner mtg": N_("Nobody had won by the end of the additional turns"),
    # Of the moment the overtime's limit was reached: when the clock ran out, the game may still be in a combat (a
    # question then asks what the players do now, which "by the end of the overtime" would have answered). What the
    # limit is (up to three turns, or five minutes) is a question's key: never said here.
    "/current_game/winner grand-archive": N_("Nobody had won when the overtime's limit was reached"),
    "/current_game/winner yugioh": N_("Nobody had won by the end of the current Phase"),
    "/tiebreak_game/winner yugioh": N_("Nobody had won it by the end of its four turns"),
    "/current_game/winner lorcana": N_("Nobody had won by the end of the additional turns"),
}
NONE: dict[str, str] = {
    "/clock_expired_during_turn": N_("It did not run out"),
}
BEFORE_TIME = N_("No: before time was called")
WON = N_("{player} won")


def edition_line(lang: str, game: str, edition_id: str) -> str:
    """An edition as a question names it: its title, whether it is current, and its dates."""
    e = next(e for e in editions_of(game) if e.id == edition_id)  # type: ignore[arg-type]
    title = translate(lang, e.title)
    if e.effective is None:
        return translate(lang, N_("{title}: the only edition this site holds"), title=title)
    if e.replaced is None:
        return translate(lang, N_("{title}: the current edition, {dates}"), title=title, dates=dates_where(lang, e, e.title))
    return translate(lang, N_("{title}: an earlier edition, {dates}"), title=title, dates=dates_where(lang, e, e.title))


def earlier_editions_label(lang: str) -> str:
    """The question set of the editions no longer in force, as a setting names it: those its questions
    are asked under (Magic's earlier editions read as the current one: no question is asked under them)."""
    from .questions import EDITION_OF
    asked = set(EDITION_OF.values())
    shown = [translate(lang, N_("{game} {edition}, until {end}"), game=choice_label(lang, "/game", e.game),
                       edition=translate(lang, e.short), end=long_date(lang, e.in_force_until))
             for e in EDITIONS if e.in_force_until is not None and e.id in asked]
    return translate(lang, N_("Earlier editions: {editions}"), editions=", ".join(shown))


@lru_cache(maxsize=None)
def _fields(game: str, lang: str) -> tuple[str, ...]:
    rows = []
    for f in form_fields(game, lang):  # type: ignore[arg-type]
        if f["path"] == "/version":
            continue
        row: dict[str, Any] = {"path": f["path"], "kind": f["kind"], "label": f["label"],
                               "choices": [[c["value"], c["label"]] for c in f["choices"]]}
        if f["path"] == "/edition":
            row["choices"] = [[c["value"], edition_line(lang, game, c["value"])] for c in f["choices"]]
        elif f["kind"] == "boolean":
            no = BEFORE_TIME if f["path"] == "/slow_play_penalties/-/during_additional_turns" else NO
            row.update(kind="choice", choices=[[True, translate(lang, YES)], [False, translate(lang, no)]])
        if f["path"].endswith("/winner"):  # a result, said as one: "A won", not a bare letter
            row["choices"] = [[value, translate(lang, WON, player=value) if value in ("A", "B") else label]
                              for value, label in row["choices"]]
        nobody = NOBODY.get(f"{f['path']} {game}")
        if nobody is not None:
            row["choices"] = [[value, translate(lang, nobody) if value is None else label] for value, label in row["choices"]]
        if f["path"] in NONE:
            row["none"] = translate(lang, NONE[f["path"]])
        rows.append(json.dumps(row, ensure_ascii=False))
    return tuple(rows)


def situation_fields(game: str, lang: str) -> list[dict[str, Any]]:
    """The fields situation.js names a question's facts with: ``{path, kind, label, choices: [[value, label]], none?}``."""
    if lang not in LANGUAGES or game not in GAMES:
        raise ValueError((game, lang))
    return [json.loads(row) for row in _fields(game, lang)]


# --- the facts, as situation.js shows them -------------------------------------------------------

def facts(game: str, scenario: dict[str, Any], lang: str = "en") -> list[dict[str, Any]]:
    """The situation's facts in the order shown: ``{"label", "text"}``, ``{"label", "facts": […]}`` (an
    object) or ``{"label", "items": [[…], …]}`` (a list); a key no field names, by its key and JSON."""
    return _fact_list(situation_fields(game, lang), "", scenario)


def _fact_list(fields: list[dict[str, Any]], parent: str, values: dict[str, Any]) -> list[dict[str, Any]]:
    shown: list[dict[str, Any]] = []
    left = [key for key in values if key != "version"]
    for field in fields:
        cut = field["path"].rfind("/")
        key = field["path"][cut + 1:]
        if field["path"][:cut] != parent or key not in left:
            continue
        left.remove(key)
        fact = _describe(fields, field, values[key])
        if fact is not None:
            shown.append({"label": field["label"], **fact})
    shown += [{"label": key, "text": json.dumps(values[key], separators=(",", ":"))} for key in left]
    return shown


def _text(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value).lower() if isinstance(value, bool) else str(value)


def _describe(fields: list[dict[str, Any]], field: dict[str, Any], value: Any) -> dict[str, Any] | None:
    if value is None and "none" in field:
        return {"text": field["none"]}
    if field["kind"] == "choice":
        found = next((label for v, label in field["choices"] if v is value or (v == value and type(v) is type(value))), None)
        return {"text": found if found is not None else _text(value)}
    if field["kind"] == "pair" and isinstance(value, list):
        return {"text": f"A {_text(value[0])} · B {_text(value[1])}"}
    if field["kind"] == "object":
        if isinstance(value, dict) and value:
            return {"facts": _fact_list(fields, field["path"], value)}
        return None
    if field["kind"] == "list":
        if not isinstance(value, list) or not value:
            return None
        return {"items": [_fact_list(fields, f"{field['path']}/-", item or {}) for item in value]}
    return {"text": json.dumps(value, separators=(",", ":")) if isinstance(value, (dict, list)) else _text(value)}


def lines(shown: list[dict[str, Any]]) -> list[str]:
    """The facts as the page's text reads, line by line: each label, then its value."""
    out: list[str] = []
    for fact in shown:
        out.append(fact["label"])
        if "text" in fact:
            out.append(fact["text"])
        elif "facts" in fact:
            out += lines(fact["facts"])
        else:
            for item in fact["items"]:
                out += lines(item)
    return out
