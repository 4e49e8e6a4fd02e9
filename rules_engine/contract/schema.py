"""The scenario contract as JSON Schema (draft 2020-12), generated from the field definitions.

Tournament software can check a scenario before sending it. Everything here is read from
``fields.fields_for``: a field added there is in the schema with no change here. The schema
states what each field alone accepts (type, choices, bounds, list lengths, unknown keys, and
whether it applies to the scenario's game and situation); the cross-field checks that need
the procedure (``impossible-state``) and the facts a rule needs only in some situations are
the engine's alone. JSON Schema cannot tell ``1.0`` from ``1``: the engine refuses a number
with a fraction part, even ``.0``, where a whole number is expected.

    python -m rules_engine schema > scenario-v1.json
"""

from __future__ import annotations

import json
from typing import Any

from .fields import Field, fields_for
from ..rule_ids import GAMES, Game

DIALECT = "https://json-schema.org/draft/2020-12/schema"
# YYYY-MM-DD with each month's days; only 29 February of a year that is not a leap year is left
# to the engine.
DATE_PATTERN = (r"^(?!0000)[0-9]{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12][0-9]|3[01])"
                r"|(?:0[469]|11)-(?:0[1-9]|[12][0-9]|30)|02-(?:0[1-9]|1[0-9]|2[0-9]))$")
FILE_NAME = "scenario-v1.json"


def _value(spec: Field) -> dict[str, Any]:
    """What one field accepts, ignoring whether it applies."""
    bounds = {key: _number(bound) for key, bound in (("minimum", spec.minimum), ("maximum", spec.maximum))
              if bound is not None}
    if spec.kind in ("integer", "number"):
        out: dict[str, Any] = {"type": spec.kind, **bounds}
        if spec.choices:
            out["enum"] = list(spec.choices)
    elif spec.kind == "boolean":
        out = {"type": "boolean"}
    elif spec.kind == "choice":
        out = {"enum": list(spec.choices)}
    elif spec.kind == "pair":
        out = {"type": "array", "items": {"type": "integer", **bounds}, "minItems": 2, "maxItems": 2}
    elif spec.kind == "list":
        out = {"type": "array", "items": {"type": "object"}}
        if spec.max_items is not None:
            out["maxItems"] = spec.max_items
    elif spec.kind == "object":
        out = {"type": "object"}
    elif spec.kind == "date":  # a day that exists (not 2025-02-30) is beyond a pattern: the engine checks it
        out = {"type": "string", "pattern": DATE_PATTERN, "format": "date"}
    else:  # a new kind of field needs its JSON Schema here
        raise ValueError(f"{spec.path}: no JSON Schema for a field of kind {spec.kind!r}")
    if _nullable(spec):
        if "enum" in out and None not in out["enum"]:
            out["enum"].append(None)
        if "type" in out:
            out["type"] = [out["type"], "null"]
    return out


def _nullable(spec: Field) -> bool:
    """The engine reads null as "not given" where no default stands in and the field is not always required."""
    return spec.default is None and not (spec.required and not spec.when)


def _number(bound: float) -> int | float:
    return int(bound) if float(bound).is_integer() else bound


def _described(spec: Field) -> dict[str, Any]:
    out: dict[str, Any] = {"title": spec.label}
    if spec.help:
        out["description"] = spec.help
    if spec.default is not None:
        out["default"] = list(spec.default) if isinstance(spec.default, tuple) else spec.default
    return out | _value(spec)


def _at(path: str, schema: dict[str, Any]) -> dict[str, Any]:
    """``schema`` applied at ``path`` (a field path; ``-`` is every item of a list)."""
    for part in reversed(path.split("/")[1:]):
        schema = {"items": schema} if part == "-" else {"properties": {part: schema}}
    return schema


def _object_schemas(game: Game) -> dict[str, dict[str, Any]]:
    """Each object of the game's scenario ("" is the scenario itself, "/extra_turns/-" a list item),
    with its own fields, and the other games' keys accepted only as null (as the engine does)."""
    objects: dict[str, dict[str, Any]] = {"": {"type": "object", "properties": {}, "additionalProperties": False}}
    own = fields_for(game)
    for spec in own:
        if spec.kind in ("object", "list"):
            objects[spec.path if spec.kind == "object" else spec.path + "/-"] = {
                "type": "object", "properties": {}, "additionalProperties": False}
    for spec in own:
        holder = objects[spec.parent]
        holder["properties"][spec.key] = _described(spec)
        if spec.required and not spec.when:
            holder.setdefault("required", []).append(spec.key)
    own_paths = {spec.path for spec in own}
    for other in GAMES:
        for spec in fields_for(other):
            if spec.path not in own_paths and spec.parent in objects:
                objects[spec.parent]["properties"].setdefault(spec.key, {
                    "description": "Applies to another game: only null is accepted here.", "type": "null"})
    return objects


def _nest(objects: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """The objects put together: each object's schema where its field is."""
    for path in sorted((p for p in objects if p), key=lambda p: -p.count("/")):
        parent, key = path.removesuffix("/-").rsplit("/", 1)
        holder = objects[parent]["properties"][key]
        target = holder["items"] if path.endswith("/-") else holder
        body = objects[path]
        target.update({k: v for k, v in body.items() if k != "type"})
    return objects[""]


def _condition(when: dict[str, tuple[Any, ...]]) -> dict[str, Any]:
    return {"properties": {key: {"enum": list(values)} for key, values in when.items()}, "required": sorted(when)}


def _may_apply(when: dict[str, tuple[Any, ...]]) -> dict[str, Any]:
    """Where a field may apply. A field of some editions only may also apply when the edition is
    left to the event date or the region: which edition they pick is beyond JSON Schema (the engine
    decides)."""
    if "edition" not in when:
        return _condition(when)
    rest = {key: values for key, values in when.items() if key != "edition"}
    by_date = _condition(rest)
    by_date["properties"] |= {"edition": {"type": "null"}, "event_date": {"type": "string"}}
    by_date["required"] = sorted({*by_date["required"], "event_date"})
    # Or left to the region: its own newest edition (Konami Japan's OCG rules for Yu-Gi-Oh!).
    by_region = _condition(rest)
    by_region["properties"] |= {"edition": {"type": "null"}, "region": {"type": "string"}}
    by_region["required"] = sorted({*by_region["required"], "region"})
    return {"anyOf": [_condition(when), by_date, by_region]}


def _applicability(game: Game) -> list[dict[str, Any]]:
    """A field that applies only in some situations: required there (if it is required), and
    elsewhere absent (or null, where null means "not given")."""
    rules = []
    for spec in fields_for(game):
        if not spec.when:
            continue
        absent: dict[str, Any] | bool = {"type": "null"} if _nullable(spec) else False
        rules.append({"if": _may_apply(spec.when), "else": _at(spec.path, absent)})  # type: ignore[arg-type]
        if spec.required:  # and not null: null is "not given"
            given = {"required": [spec.key], "properties": {spec.key: {"not": {"type": "null"}}}}
            rules.append({"if": _condition(spec.when), "then": _at(spec.parent, given)})
    return rules


def game_schema(game: Game) -> dict[str, Any]:
    """The scenario of one game."""
    schema = _nest(_object_schemas(game))
    rules = _applicability(game)
    if rules:
        schema["allOf"] = rules
    return schema


def scenario_schema(schema_id: str | None = None) -> dict[str, Any]:
    """The whole scenario contract (every game), as a JSON-ready dict."""
    schema: dict[str, Any] = {"$schema": DIALECT}
    if schema_id:
        schema["$id"] = schema_id
    schema |= {
        "title": "End-of-Match scenario, version 1",
        "description": ("The input of the End-of-Match rules engine (python -m rules_engine judge, and the "
                        "site's checker): what happened when time was called. Generated from the engine's field "
                        "definitions. The engine refuses more than this schema can say: values that cannot all "
                        "be true at once (impossible-state; among them an edition chosen for an event_date before it "
                        "took effect; one chosen for a date after it was replaced is ruled under, and the ruling says "
                        "so), facts a rule needs in some situations "
                        "(missing-field), a number with a fraction part, even .0, where a whole number is "
                        "expected, 29 February of a year that is not a leap year, an event_date before the oldest edition "
                        "this site holds (Grand Archive's undated edition: before 2023, the year the game was "
                        "released), keys of an edition other than the "
                        "one an event_date picks, and a scenario over 16 KB or nested deeper than 8 levels. "
                        "Editions: python -m rules_engine editions."),
        "type": "object",
        "required": ["game"],
        "properties": {"game": {"enum": list(GAMES)}},
        "allOf": [{"if": {"properties": {"game": {"const": game}}}, "then": {"$ref": f"#/$defs/{game}"}}
                  for game in GAMES],
        "$defs": {game: game_schema(game) for game in GAMES},
    }
    return schema


def schema_json(schema_id: str | None = None) -> str:
    """The schema as the site publishes it (stable bytes: keys in a fixed order, UTF-8)."""
    return json.dumps(scenario_schema(schema_id), ensure_ascii=False, indent=1) + "\n"
