"""Reading a scenario: from JSON text or a parsed value to a checked, typed Scenario.

Every refusal is a ScenarioError naming the field; nothing is defaulted silently and no
other exception escapes, whatever JSON value comes in. Each field alone is checked here;
the checks across fields follow (validation.py).
"""

from __future__ import annotations

import json
import math
from functools import lru_cache
from typing import Any

from ..editions import Edition, earliest_date, edition, editions_of, in_force_on, is_date, newest
from ..i18n import N_
from ..rule_ids import GAMES, Game
from .errors import ScenarioError, pointer
from .game_words import in_words_of
from .fields import Field, fields_for
from .scenario import ExtraTurn, GameFacts, Scenario, SlowPlayPenalty
from .validation import validate

MAX_BYTES = 16 * 1024
MAX_DEPTH = 8


# --- JSON text -------------------------------------------------------------------------

def _reject_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    seen: dict[str, Any] = {}
    for key, value in pairs:
        if key in seen:
            raise ScenarioError("invalid-json", "", N_("The scenario names the key \"{key}\" twice."), key=key)
        seen[key] = value
    return seen


def _text_depth(text: str) -> int:
    """Nesting depth of JSON text, counted before parsing (so a deep input costs nothing)."""
    depth = deepest = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
    return deepest


# Every bound of the contract has fewer digits than this. A longer integer is read as one just
# past it (so it is refused as out-of-range on its own field): CPython refuses to convert
# strings of over 4,300 digits, and a long one costs quadratic time.
MAX_INTEGER_DIGITS = 30
_TOO_LONG = 10 ** MAX_INTEGER_DIGITS


def _parse_int(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_INTEGER_DIGITS:
        return -_TOO_LONG if digits.startswith("-") else _TOO_LONG
    return int(digits)


def parse_json(text: str | bytes) -> Any:
    if isinstance(text, bytes):
        if len(text) > MAX_BYTES:
            raise ScenarioError("too-large", "", N_("The scenario is larger than 16 KB."))
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise ScenarioError("invalid-json", "", N_("The scenario is not valid JSON.")) from None
    if len(text.encode("utf-8", "surrogatepass")) > MAX_BYTES:
        raise ScenarioError("too-large", "", N_("The scenario is larger than 16 KB."))
    if _text_depth(text) > MAX_DEPTH:
        raise ScenarioError("too-deep", "", N_("The scenario is nested deeper than 8 levels."))
    try:
        return json.loads(text, object_pairs_hook=_reject_duplicates, parse_int=_parse_int)
    except ScenarioError:
        raise
    except (ValueError, RecursionError):
        raise ScenarioError("invalid-json", "", N_("The scenario is not valid JSON.")) from None


def _value_depth(value: Any, limit: int) -> int:
    if limit < 0:
        return 1
    if isinstance(value, dict):
        return 1 + max((_value_depth(v, limit - 1) for v in value.values()), default=0)
    if isinstance(value, list):
        return 1 + max((_value_depth(v, limit - 1) for v in value), default=0)
    return 0


# --- values ----------------------------------------------------------------------------

def _is_int(value: Any) -> bool:
    return type(value) is int  # a boolean is not a number


def _number(value: Any, where: str) -> float:
    if isinstance(value, float) and not math.isfinite(value):
        raise ScenarioError("not-finite", where, N_("{field}: NaN and infinities are not numbers."), field=where)
    if not (_is_int(value) or type(value) is float):
        raise ScenarioError("wrong-type", where, N_("{field}: a number is expected."), field=where)
    return value


def _integer(value: Any, where: str) -> int:
    _number(value, where)
    if not _is_int(value):
        raise ScenarioError("wrong-type", where, N_("{field}: a whole number is expected."), field=where)
    return value


def _bounded(value: float, spec: Field, where: str) -> None:
    low, high = spec.minimum, spec.maximum
    if (low is not None and value < low) or (high is not None and value > high):
        if spec.refusal:
            raise ScenarioError("out-of-range", where, spec.refusal, field=where)
        raise ScenarioError("out-of-range", where, N_("{field}: must be between {minimum} and {maximum}."),
                            field=where, minimum=_show(low), maximum=_show(high))


def _show(bound: float | None) -> str:
    return "" if bound is None else str(int(bound)) if float(bound).is_integer() else str(bound)


def _checked(spec: Field, value: Any, where: str, children: dict[str, list[Field]],
             context: dict[str, Any] | None) -> Any:
    kind = spec.kind
    if spec.path == "/edition" and not (type(value) is str and value in spec.choices):
        raise ScenarioError("invalid-value" if isinstance(value, str) else "wrong-type", where,
                            N_("{field}: not an edition this site holds for this game; its editions are {editions}."),
                            field=where, editions=", ".join(f'"{c}"' for c in spec.choices))
    if spec.path == "/region" and not (type(value) is str and value in spec.choices):
        raise ScenarioError("invalid-value" if isinstance(value, str) else "wrong-type", where, spec.refusal,
                            field=where, regions=", ".join(f'"{c}"' for c in spec.choices))
    if kind == "date":
        if type(value) is not str:
            raise ScenarioError("wrong-type", where, N_("{field}: a date is expected, written YYYY-MM-DD (2025-09-05)."),
                                field=where)
        if not is_date(value):
            raise ScenarioError("invalid-value", where, N_("{field}: not a date: write it YYYY-MM-DD, a day that exists (2025-09-05)."),
                                field=where)
        return value
    if kind == "integer":
        number = _integer(value, where)
        if spec.choices and number not in spec.choices:
            raise ScenarioError("invalid-value", where, N_("{field}: not one of the choices."), field=where)
        _bounded(number, spec, where)
        return number
    if kind == "number":
        number = _number(value, where)
        _bounded(number, spec, where)
        return number
    if kind == "boolean":
        if type(value) is not bool:
            raise ScenarioError("wrong-type", where, N_("{field}: true or false is expected."), field=where)
        return value
    if kind == "choice":
        if any(type(value) is type(c) and value == c for c in spec.choices):
            return value
        if isinstance(value, float) and not math.isfinite(value):
            raise ScenarioError("not-finite", where, N_("{field}: NaN and infinities are not numbers."), field=where)
        if not any(type(value) is type(c) for c in spec.choices):
            raise ScenarioError("wrong-type", where, N_("{field}: not one of the choices."), field=where)
        raise ScenarioError("invalid-value", where, spec.refusal or N_("{field}: not one of the choices."), field=where)
    if kind == "pair":
        if not isinstance(value, list) or len(value) != 2:
            raise ScenarioError("wrong-type", where, N_("{field}: two numbers are expected, for A and for B."),
                                field=where)
        pair = tuple(_integer(v, f"{where}/{i}") for i, v in enumerate(value))
        for i, number in enumerate(pair):
            _bounded(number, spec, f"{where}/{i}")
        return pair
    if kind == "list":
        if not isinstance(value, list):
            raise ScenarioError("wrong-type", where, N_("{field}: a list is expected."), field=where)
        if spec.max_items is not None and len(value) > spec.max_items:
            raise ScenarioError("out-of-range", where, N_("{field}: at most {maximum} entries."),
                                field=where, maximum=spec.max_items)
        item_fields = children.get(spec.path + "/-", [])
        return tuple(_object(item, f"{where}/{i}", spec.path + "/-", item_fields, children, context)
                     for i, item in enumerate(value))
    # kind == "object"
    return _object(value, where, spec.path, children.get(spec.path, []), children, context)


def _object(value: Any, where: str, path: str, specs: list[Field],
            children: dict[str, list[Field]], context: dict[str, Any] | None = None) -> dict[str, Any]:
    """The checked values of one object. With ``context`` (the scenario's top-level facts and its
    edition), a field the scenario leaves out is refused as such before its value is read: a
    fact that is not asked is not "out of range" under rules that do not ask it."""
    if not isinstance(value, dict):
        raise ScenarioError("not-an-object", where, N_("{field}: an object is expected."), field=where or "/")
    known = {s.key for s in specs}
    for key in value:
        if key in known:
            continue
        here = f"{where}{pointer(key)}"
        if f"{path}/{key}" not in _ASKED_BY:
            raise ScenarioError("unknown-key", here, N_("Unknown key \"{key}\"."), key=key)
        if value[key] is not None:  # even false, 0 or []: a value given is a value that would be ignored
            raise _another_games_fact(f"{path}/{key}", here, (context or {}).get("game"))
    out: dict[str, Any] = {}
    for spec in specs:
        raw = value.get(spec.key)
        here = f"{where}/{spec.key}"  # field keys need no JSON Pointer escaping
        if raw is None:
            if spec.required and not spec.when:  # conditionally required: see _check_applicability
                raise ScenarioError("missing-field", here, N_("{field}: a value is required."), field=here)
            if spec.key in value and spec.default is not None:
                raise ScenarioError("wrong-type", here, N_("{field}: a value is required."), field=here)
            continue
        if context is not None and all(k in context for k in spec.when) and not _applies(spec, context):
            raise _not_applicable(spec, here, context)
        out[spec.key] = _checked(spec, raw, here, children, context)
    return out


# --- the scenario ----------------------------------------------------------------------

@lru_cache(maxsize=None)
def _children(game: Game) -> dict[str, list[Field]]:
    """The fields of one game grouped by the object they belong to ("" is the scenario itself)."""
    tree: dict[str, list[Field]] = {}
    for spec in fields_for(game):
        tree.setdefault(spec.parent, []).append(spec)
    return tree


# Every game's fields, by path, with the games that ask them: a key of another game is
# `not-applicable` (naming those games), not `unknown-key`.
_ASKED_BY: dict[str, list[str]] = {
    path: [game for game in GAMES if any(spec.path == path for spec in fields_for(game))]
    for path in {spec.path for game in GAMES for spec in fields_for(game)}
}


def _another_games_fact(path: str, here: str, game: str | None) -> ScenarioError:
    """The refusal of a fact only other games have, naming the games that ask it."""
    games = [g for g in _ASKED_BY[path] if g != game]
    if game is None or not games:
        return ScenarioError("not-applicable", here, N_("{field}: not part of this scenario."), field=here)
    params = {"field": here, "this_game": game, "other_game": games[0]}
    if len(games) == 1:
        return ScenarioError("not-applicable", here, N_("{field}: not part of a {this_game} scenario: only {other_game} asks it."), **params)
    if len(games) == 2:
        return ScenarioError("not-applicable", here, N_("{field}: not part of a {this_game} scenario: only {other_game} and {another_game} ask it."),
                             another_game=games[1], **params)
    return ScenarioError("not-applicable", here, N_("{field}: not part of a {this_game} scenario: only {other_game}, {another_game} and {third_game} ask it."),
                         another_game=games[1], third_game=games[2], **params)


@lru_cache(maxsize=None)
def _deciding(game: Game) -> frozenset[str]:
    """The top-level keys that say which other facts apply (fields.py `when`), and the edition's."""
    return frozenset({key for spec in fields_for(game) for key in spec.when} | {"game", "edition", "event_date", "region"})


def _applies(spec: Field, top: dict[str, Any]) -> bool:
    return all(top.get(key) in allowed for key, allowed in spec.when.items())


# Why a field is not asked, by the scenario key that leaves it out (fields.py `when`).
_ONLY_WHEN = {
    "time_called": N_("{field}: not part of this scenario: only when time is called during a game ({other_field})."),
    "round": N_("{field}: not part of this scenario: only in single elimination ({other_field})."),
    "edition": N_("{field}: not part of this scenario: it is asked only under the earlier edition, v2.3 ({other_field}); under Policy v2.5, the Duel stops when time is called."),
}


_ONLY_UNDER = {
    ("2.3",): _ONLY_WHEN["edition"],
    ("2.3", "ocg-2020-04-01"): N_("{field}: not part of this scenario: it is asked only under Policy v2.3 and under Konami Japan's OCG rules for events in Japan ({other_field}); under Policy v2.5, the Duel stops when time is called."),
    ("ocg-2020-04-01",): N_("{field}: not part of this scenario: it is asked only under Konami Japan's OCG rules for events in Japan ({other_field}), which play turns after the turn in progress."),
}


def _not_applicable(spec: Field, here: str, top: dict[str, Any]) -> ScenarioError:
    """The refusal of a field the scenario leaves out, saying which of its answers does."""
    # The edition first: a fact the rules in force never ask is refused for that reason, not for a
    # round or a time call under which an earlier edition would have asked it.
    failing = [k for k, allowed in spec.when.items() if top.get(k) not in allowed]
    key = "edition" if "edition" in failing else failing[0]
    message = in_words_of(top.get("game"), _ONLY_WHEN[key])
    if key == "edition":  # which editions ask it: Policy v2.3, Konami Japan's OCG rules, or both
        message = _ONLY_UNDER[tuple(spec.when["edition"])]
    return ScenarioError("not-applicable", here, message, field=here, other_field=f"/{key}")


def _check_applicability(values: dict[str, Any], specs: list[Field], where: str, top: dict[str, Any],
                         children: dict[str, list[Field]]) -> None:
    for spec in specs:
        here = f"{where}/{spec.key}"
        if spec.key not in values:
            if spec.required and spec.when and _applies(spec, top):
                raise ScenarioError("missing-field", here, N_("{field}: a value is required."), field=here)
            continue
        value = values[spec.key]
        if not _applies(spec, top):  # even a default value: nothing given is silently ignored
            raise _not_applicable(spec, here, top)
        if spec.kind == "object":
            _check_applicability(value, children.get(spec.path, []), here, top, children)


def read_scenario(raw: Any) -> Scenario:
    """Check a parsed JSON value and return the Scenario, or raise ScenarioError."""
    if _value_depth(raw, MAX_DEPTH + 1) > MAX_DEPTH:
        raise ScenarioError("too-deep", "", N_("The scenario is nested deeper than 8 levels."))
    if not isinstance(raw, dict):
        raise ScenarioError("not-an-object", "", N_("A scenario is a JSON object."))
    version = raw.get("version", 1)
    if not _is_int(version):
        raise ScenarioError("wrong-type", "/version", N_("{field}: a whole number is expected."), field="/version")
    if version != 1:
        raise ScenarioError("unsupported-version", "/version", N_("Only version 1 of the scenario is supported."))
    game = raw.get("game")
    if game is None:
        raise ScenarioError("missing-field", "/game", N_("{field}: a value is required."), field="/game")
    if game not in GAMES:
        code = "invalid-value" if isinstance(game, str) else "wrong-type"
        raise ScenarioError(code, "/game", N_("{field}: not one of the choices."), field="/game")
    children = _children(game)
    # First the top level's own facts (the round, the time call, the edition…), which say what
    # else applies; then every value, each refused as not applicable before it is read.
    deciding, known = _deciding(game), {spec.key for spec in children[""]}
    flat = _object({k: v for k, v in raw.items() if k in deciding or k not in known}, "", "",
                   [s for s in children[""] if s.key in deciding and raw.get(s.key) is not None], children,
                   {"game": game})
    rules, basis = _edition(game, flat)
    _event_date_within_the_editions_held(game, flat.get("event_date"), _region(flat, rules))
    # Which keys apply can depend on the edition, even when the scenario left it to the date.
    values = _object(raw, "", "", children[""], children, flat | {"edition": rules.id})
    _check_applicability(values, children[""], "", values | {"edition": rules.id}, children)
    return validate(_build(game, values, rules, basis))


def read_edition(raw: dict[str, Any]) -> Edition:
    """The edition of a partial scenario (``game`` and ``edition`` or ``event_date``), checked as a
    whole scenario's would be."""
    game = raw.get("game")
    if game not in GAMES:
        raise ScenarioError("invalid-value" if isinstance(game, str) else "wrong-type", "/game",
                            N_("{field}: not one of the choices."), field="/game")
    specs = [f for f in _children(game)[""] if f.key in ("edition", "event_date", "region")]
    if "region" in raw and not any(f.key == "region" for f in specs):
        raise _another_games_fact("/region", "/region", game)
    values = _object({k: v for k, v in raw.items() if k != "game"}, "", "", specs, _children(game))
    rules, basis = _edition(game, values)
    if "region" in values and basis == "chosen" and rules.region != values["region"]:
        from .validation import edition_of_the_region_given
        edition_of_the_region_given(_probe(game, rules, basis, values.get("event_date"), values))
    day = values.get("event_date")
    if day is not None:
        found = in_force_on(game, day, rules.region)
        if found is None or (basis == "chosen" and rules.effective is not None and day < rules.effective):
            # the whole scenario's checks say why, naming the fields
            from .validation import edition_in_force_on_the_event_date
            _event_date_within_the_editions_held(game, day, rules.region)
            edition_in_force_on_the_event_date(_probe(game, rules, basis, day))
    return rules


def _probe(game: Game, rules: Edition, basis: str, day: str | None, values: dict[str, Any] | None = None) -> Scenario:
    given = values or {}
    return Scenario(game=game, round="swiss", best_of=3, games_won=(0, 0), games_drawn=0, time_called="between-games",
                    active_player=None, turn_pass_announced=False, next_turn_player=None, two_headed_giant=False,
                    time_extension_minutes=0, slow_play_penalties=(), rel=None, extra_turns=(),
                    clock_expired_during_turn=None, side_deck_accessed=False, current_game=None, tiebreak_game=None,
                    edition=rules, edition_basis=basis, event_date=day, canonical=dict(given),
                    region=given.get("region", rules.region))


def _region(values: dict[str, Any], rules: Edition) -> str | None:
    """The region ruled for: the one given, else that of the edition chosen (None: worldwide)."""
    return values.get("region", rules.region)


def _event_date_within_the_editions_held(game: Game, day: str | None, region: str | None = None) -> None:
    """A date before every edition held is refused before anything else: no edition's facts apply to it."""
    if day is not None and in_force_on(game, day, region) is None:
        # Why, where the game says more than the date (Magic: the procedure read otherwise before;
        # Grand Archive: the game did not exist yet).
        why = editions_of(game, region)[0].before_refusal or N_("{field}: this site holds these rules from {earliest_date} on, not for an event on {event_date}: check the edition that was in force then.")
        raise ScenarioError("out-of-range", "/event_date", why,
                            field="/event_date", earliest_date=earliest_date(game, region), event_date=day)


def _edition(game: Game, values: dict[str, Any]) -> tuple[Edition, str]:
    """The edition to rule under, and why: ``chosen``, ``date`` (in force on the event date) or ``newest``.

    A date before every edition held, or before the edition chosen took effect, is refused by the
    cross-field checks (validation.py); until then the edition chosen, or the oldest, stands. An
    edition chosen for a date after it was replaced is ruled under, and the ruling says so."""
    chosen, day, region = values.get("edition"), values.get("event_date"), values.get("region")
    if chosen is not None:
        found = edition(game, chosen)
        assert found is not None
        return found, "chosen"
    if day is not None:
        return in_force_on(game, day, region) or editions_of(game, region)[0], "date"
    return newest(game, region), "newest"


def _facts(values: dict[str, Any] | None) -> GameFacts | None:
    if values is None:
        return None
    return GameFacts(**values)


def _build(game: Game, v: dict[str, Any], rules: Edition, basis: str) -> Scenario:
    two_hg = v.get("two_headed_giant", False)
    # Disney Lorcana's Swiss rounds of 22 May 2024 are two-game matches: that edition's own structure (said in the ruling).
    swiss_two_games = game == "lorcana" and rules.id == "2024-05-22" and v["round"] == "swiss"
    best_of = v.get("best_of", 1 if two_hg else 2 if swiss_two_games else 3)
    games_won: tuple[int, int] = v["games_won"]
    during = v["time_called"] == "during-game"
    current = _facts(v.get("current_game", {})) if during else None
    tiebreak = v.get("tiebreak_game")
    canonical = json.loads(json.dumps(v, sort_keys=True))
    return Scenario(
        game=game, round=v["round"], best_of=best_of, games_won=games_won,
        games_drawn=v.get("games_drawn", 0), time_called=v["time_called"],
        active_player=v.get("active_player"), turn_pass_announced=v.get("turn_pass_announced", False),
        next_turn_player=v.get("next_turn_player"), two_headed_giant=two_hg,
        time_extension_minutes=v.get("time_extension_minutes", 0),
        slow_play_penalties=tuple(SlowPlayPenalty(p["player"], p.get("during_additional_turns", False))
                                  for p in v.get("slow_play_penalties", ())),
        rel=v.get("rel"),
        extra_turns=tuple(ExtraTurn(e["player"], e["after_turn"]) for e in v.get("extra_turns", ())),
        clock_expired_during_turn=v.get("clock_expired_during_turn"),
        side_deck_accessed=v.get("side_deck_accessed", False),
        current_game=current,
        tiebreak_game=_facts(tiebreak),
        edition=rules, edition_basis=basis, event_date=v.get("event_date"),
        canonical={"version": 1, **canonical}, region=_region(v, rules),
        turns_over=v.get("additional_turns_played", False),
    )
