"""Random and mutated scenarios through the engine: any exception but ScenarioError is a crash
(not a test: `make fuzz`, about 5 minutes for a million scenarios on one core).

    .venv/bin/python -m tests.benchmarks.fuzz_engine [--count N] [--seed S] [--jobs J] [--json out.json]

Each scenario starts from a YAML case of tests/cases or a random scenario, gets one to four
mutations (wrong types, huge numbers, lone surrogates, unknown keys, falsy values of keys that
do not apply, deep nesting, regions and editions of another region or game, lore where nothing
reads it, …), then goes through ``judge()`` (the parsed value, a random
language) and through the command line's own path (``rules_engine.__main__.answer``: the JSON
text as bytes, sometimes damaged or replaced by random bytes, then the output encoded as the
CLI writes it) and ``judge_json()`` (what the browser calls). Every ruling gets the property
tests' checks (tests/engine/ruling_checks.py: A and B exchanged, the record, the citations) and
every refusal its own (a known code, a JSON Pointer to the scenario or the contract, a message
with no placeholder left). The run is reproducible from its seed; it prints each distinct
exception or fault (what and where) with its first input, and exits 1 if there was any.
"""

from __future__ import annotations

import argparse
import copy
import json
import random
import re
import sys
import time
import traceback
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from rules_engine import LANGUAGES, ScenarioError, judge, judge_json
from rules_engine.__main__ import answer, encoded
from rules_engine.contract.codes import ERRORS
from rules_engine.contract.fields import fields_for
from rules_engine.editions import EDITIONS
from rules_engine.rule_ids import GAMES
from tests.benchmarks.engine_speed import random_scenario
from tests.engine.ruling_checks import check_citations, check_mirror, check_record, check_refusal_pointer
from tests.test_cases import load_cases

CHUNK = 5_000
# A placeholder left in a message ("must be between 0 and {maximum}") is a fault too.
PLACEHOLDER = re.compile(r"\{(field|other_field|minimum|maximum|key|wins|best_of)\}| and \.|between  and")
KEYS = sorted({spec.key for game in GAMES for spec in fields_for(game)})
FALSY = (0, 0.0, False, "", None)
SURROGATES = ["\ud800", "\udfff", "a\udc80b", "\ud83d"]
WORDS = ["mtg", "grand-archive", "yugioh", "lorcana", "swiss", "single-elimination", "during-game", "between-games",
         "A", "B", "draw", "C", "a", "", " A", "regular", "competitive", "professional", "null", "1", "japan"]
# What a reader might give as a region: the one held, its other spellings, places with no rules of their own.
REGION_VALUES = ["japan", "Japan", "JP", "ja", "usa", "worldwide", "europe", "", " japan", None, 1, True, ["japan"]]


def falsy(rng: random.Random) -> Any:
    """A falsy value, or a pair of zeros: a new list or dict each time (a shared one would end up inside itself)."""
    kind = rng.randrange(len(FALSY) + 3)
    return FALSY[kind] if kind < len(FALSY) else ([], {}, [0, 0])[kind - len(FALSY)]


def huge(rng: random.Random) -> int:
    digits = rng.choice([19, 31, 40, 310, 4301, 5000])
    return rng.choice([1, -1]) * 10 ** digits + rng.randrange(10)


def random_value(rng: random.Random, depth: int = 0) -> Any:
    kind = rng.randrange(16 if depth < 3 else 11)
    if kind == 0:
        return falsy(rng)
    if kind == 1:
        return rng.randrange(-5, 40)
    if kind == 2:
        return huge(rng)
    if kind == 3:
        return rng.choice([1e308, -1e308, 2.0, 0.5, -0.0, 1e-320, float("nan"), float("inf"), -float("inf"), 3.0])
    if kind == 4:
        return rng.choice(SURROGATES)
    if kind == 5:
        return rng.choice(WORDS)
    if kind == 6:
        return rng.choice([True, False])
    if kind == 7:
        return None
    if kind == 8:
        return "".join(chr(rng.randrange(0x20, 0x3000)) for _ in range(rng.randrange(0, 8)))
    if kind == 9:
        return [rng.randrange(-3, 30) for _ in range(rng.choice([0, 1, 2, 2, 3]))]
    if kind == 10:
        return rng.randrange(0, 100000)
    if kind in (11, 12):
        return [random_value(rng, depth + 1) for _ in range(rng.randrange(0, 4))]
    if kind == 13:
        return {rng.choice(KEYS + SURROGATES): random_value(rng, depth + 1) for _ in range(rng.randrange(0, 4))}
    if kind == 14:
        return {"player": rng.choice(["A", "B", "C", None, 1]), "after_turn": random_value(rng, depth + 1)}
    return nested(rng, random_value(rng, depth + 1))


def nested(rng: random.Random, value: Any) -> Any:
    for _ in range(rng.randrange(1, 13)):
        value = [value] if rng.random() < 0.5 else {rng.choice(KEYS): value}
    return value


def places(value: Any, found: list[tuple[Any, Any]] | None = None, depth: int = 0) -> list[tuple[Any, Any]]:
    """Every (container, key or index) of a JSON value, down to 10 levels."""
    found = [] if found is None else found
    if depth > 10:
        return found
    if isinstance(value, dict):
        for key in list(value):
            found.append((value, key))
            places(value[key], found, depth + 1)
    elif isinstance(value, list):
        for index in range(len(value)):
            found.append((value, index))
            places(value[index], found, depth + 1)
    return found


def containers(value: Any) -> list[dict[str, Any]]:
    out = [value] if isinstance(value, dict) else []
    for holder, key in places(value):
        if isinstance(holder[key], dict):
            out.append(holder[key])
    return out


def mutate(rng: random.Random, scenario: Any, plausible_only: bool = False) -> Any:
    """One mutation; ``plausible_only``: a value each key may take (what keeps most scenarios valid)."""
    spots = places(scenario)
    dicts = containers(scenario)
    op = rng.choice((7, 8, 8, 8, 12, 13)) if plausible_only else rng.randrange(15)
    if op <= 2 and spots:  # a value replaced: wrong type, huge number, surrogate, falsy, …
        holder, key = rng.choice(spots)
        holder[key] = random_value(rng)
    elif op == 3 and dicts:  # an unknown key, or a key of another game or situation
        rng.choice(dicts)[rng.choice(KEYS + SURROGATES + ["", "~1", "a/b", "hand_size"])] = random_value(rng)
    elif op == 4 and dicts:  # a falsy value of a key that may not apply
        rng.choice(dicts)[rng.choice(KEYS)] = falsy(rng)
    elif op == 5 and spots:
        holder, key = rng.choice(spots)
        del holder[key]
    elif op == 6 and spots:
        holder, key = rng.choice(spots)
        holder[key] = nested(rng, holder[key])
    elif op == 7 and isinstance(scenario, dict):  # the same facts for another game or situation
        key, values = rng.choice([("game", GAMES), ("round", ("swiss", "single-elimination")),
                                  ("time_called", ("during-game", "between-games")), ("best_of", (1, 2, 3, 5)),
                                  ("two_headed_giant", (True, False)), ("rel", ("regular", "competitive"))])
        scenario[key] = rng.choice(values)
    elif op == 8 and isinstance(scenario, dict):  # plausible values on every key of the game
        game = scenario.get("game") if scenario.get("game") in GAMES else rng.choice(GAMES)
        spec = rng.choice(fields_for(game))
        target: Any = scenario
        parts = spec.path.split("/")[1:]
        for part in parts[:-1]:
            if part == "-":
                target = rng.choice(target) if isinstance(target, list) and target else None
            elif isinstance(target, dict):
                target = target.setdefault(part, [] if spec.kind == "list" else {})
            if not isinstance(target, (dict, list)):
                return scenario
        if isinstance(target, dict):
            target[parts[-1]] = plausible(rng, spec)
    elif op == 9 and isinstance(scenario, dict):  # lists at and past their length
        key = rng.choice(["extra_turns", "slow_play_penalties"])
        item = {"player": rng.choice("AB"), "after_turn": rng.randrange(0, 12)} if key == "extra_turns" else {
            "player": rng.choice("AB"), "during_additional_turns": rng.random() < 0.5}
        scenario[key] = [dict(item) for _ in range(rng.choice([1, 2, 3, 10, 11, 21, 40]))]
    elif op == 10:
        return random_value(rng)
    elif op in (13, 14) and isinstance(scenario, dict):
        lorcana(rng, scenario)
    elif op == 12 and isinstance(scenario, dict):  # editions and event dates: real, impossible, another game's
        key = rng.choice(["edition", "event_date", "both"])
        if key in ("edition", "both"):
            scenario["edition"] = rng.choice(EDITION_IDS + ["2.4", "", "v2.5", 2.5, None, "2025-11-10 "])
        if key in ("event_date", "both"):
            scenario["event_date"] = rng.choice(EVENT_DATES)
    elif spots:  # a pair of one or three numbers
        holder, key = rng.choice(spots)
        holder[key] = [rng.randrange(-2, 99999) for _ in range(rng.choice([0, 1, 2, 3]))]
    return scenario


def lorcana(rng: random.Random, scenario: dict[str, Any]) -> None:
    """Disney Lorcana's own refusals: a region unknown or of another game, an edition of another
    region than the one given, lore below 0 or where nothing reads it, its keys in another game and
    theirs in it, a best of two under an edition with no two-game format."""
    op = rng.randrange(8)
    if op == 0:  # a region: the one held, unknown, or given to a game with none
        scenario["region"] = rng.choice(REGION_VALUES)
    elif op == 1:  # an edition of the other region than the one given (or of another game)
        region = rng.choice(["japan", None])
        if region is None:
            scenario.pop("region", None)
        else:
            scenario["region"] = region
        scenario["edition"] = rng.choice(LORCANA_EDITIONS + EDITION_IDS)
    elif op == 2:  # lore: below 0, past its bound, not a pair, or where nothing reads it
        current = scenario.get("current_game")
        target = current if isinstance(current, dict) else scenario.setdefault("current_game", {})
        if isinstance(target, dict):
            target["lore"] = rng.choice([[-1, 5], [5, -1], [0, 0], [20, 19], [1000, 3], [7], 7, [7, "7"], [None, 2],
                                         [rng.randrange(0, 30), rng.randrange(0, 30)]])
            if rng.random() < 0.3:
                target["winner"] = rng.choice(["A", "B", "draw"])
        if rng.random() < 0.5:
            scenario["round"] = rng.choice(["swiss", "single-elimination"])
        if rng.random() < 0.3:
            scenario["time_called"] = "between-games"
    elif op == 3:  # Lorcana's own keys in another game
        scenario["game"] = rng.choice([g for g in GAMES if g != "lorcana"])
        key = rng.choice(["region", "lore", "slow_play_penalties", "turn_pass_announced"])
        if key == "lore":
            scenario.setdefault("current_game", {})
            if isinstance(scenario["current_game"], dict):
                scenario["current_game"]["lore"] = [rng.randrange(0, 25), rng.randrange(0, 25)]
        elif key == "region":
            scenario["region"] = rng.choice(REGION_VALUES)
        else:
            scenario[key] = falsy(rng) if rng.random() < 0.5 else [{"player": "A"}] if key == "slow_play_penalties" else True
    elif op == 4:  # the other games' keys in a Lorcana scenario
        scenario["game"] = "lorcana"
        key = rng.choice(["rel", "extra_turns", "next_turn_player", "two_headed_giant", "clock_expired_during_turn",
                          "side_deck_accessed", "tiebreak_game", "life", "champion_life", "influence"])
        if key in ("life", "champion_life", "influence"):
            scenario.setdefault("current_game", {})
            if isinstance(scenario["current_game"], dict):
                scenario["current_game"][key] = [rng.randrange(0, 25), rng.randrange(0, 25)]
        else:
            scenario[key] = rng.choice([falsy(rng), "competitive", "A", True, 2, {"winner": "A"},
                                        [{"player": "A", "after_turn": 1}]])
    elif op == 5:  # a best of two: under an edition with a two-game format or one without
        scenario["game"] = "lorcana"
        scenario["best_of"] = 2
        if rng.random() < 0.7:
            scenario["edition"] = rng.choice(LORCANA_EDITIONS)
            if scenario["edition"].startswith("japan") and rng.random() < 0.5:
                scenario["region"] = "japan"
        scenario["games_won"] = rng.choice([[0, 0], [1, 0], [0, 1], [1, 1], [2, 0]])
    elif op == 6:  # the dates where Lorcana's editions change, with and without the region
        scenario["event_date"] = rng.choice(LORCANA_DATES)
        if rng.random() < 0.5:
            scenario["region"] = "japan"
        elif rng.random() < 0.5:
            scenario.pop("region", None)
    else:  # Slow Play penalties of Lorcana: one, after the time call, two, to a side that is not a player
        scenario["slow_play_penalties"] = rng.choice([
            [{"player": "A"}], [{"player": "B", "during_additional_turns": True}], [{"player": "A"}, {"player": "A"}],
            [{"player": "A"}, {"player": "B"}], [{"player": "C"}], [{}], [{"player": "A", "during_additional_turns": 1}]])


EDITION_IDS = sorted({e.id for e in EDITIONS})
LORCANA_EDITIONS = sorted(e.id for e in EDITIONS if e.game == "lorcana")
# Both sides of each of Lorcana's first days (worldwide and in Japan), and before both.
LORCANA_DATES = ["2023-10-02", "2023-10-03", "2024-05-21", "2024-05-22", "2025-01-24", "2025-01-25", "2025-02-13",
                 "2025-02-14", "2025-09-08", "2025-09-09", "2026-02-11", "2026-02-12", "2026-06-10", "2026-06-11",
                 "2026-07-13", "2026-07-14"]
# Both sides of each edition's first day, before every edition, past the registry's check, days that
# do not exist, and what a form or a person might type instead of a date.
EVENT_DATES = ["2021-07-22", "2021-07-23", "2022-12-31", "2023-01-01", "2023-11-12",
               "2024-09-19", "2024-09-20", "2025-09-04", "2025-09-05", "2025-11-09", "2025-11-10", "2027-01-01",
               "2025-02-30", "2024-02-29", "2025-02-29", "0000-01-01", "9999-12-31", "2025-9-5", "yesterday",
               "", 20250905, None, True, "2025-09-05T00:00", "\ud800"]


def plausible(rng: random.Random, spec: Any) -> Any:
    if spec.choices:
        return rng.choice(spec.choices)
    low = int(spec.minimum) if spec.minimum is not None else -3
    high = int(spec.maximum) if spec.maximum is not None else 40
    number = lambda: rng.randrange(low - 1, high + 2)  # noqa: E731  (bounds and one past)
    return {"integer": number, "number": lambda: rng.choice([number(), number() + 0.5]),
            "boolean": lambda: rng.random() < 0.5, "pair": lambda: [number(), number()],
            "list": lambda: [], "object": lambda: {}, "date": lambda: rng.choice(EVENT_DATES)}.get(spec.kind, number)()


def damaged_text(rng: random.Random, text: bytes) -> bytes:
    op = rng.randrange(10)
    if op == 0:
        return rng.randbytes(rng.randrange(0, 64))
    if op == 1 and text:
        at = rng.randrange(len(text))
        return text[:at] + rng.randbytes(rng.randrange(1, 4)) + text[at + 1:]
    if op == 2:
        return text[: rng.randrange(len(text) + 1)]
    if op == 3:  # a long integer written out
        return text.replace(b"0", b"9" * rng.choice([30, 400, 4400, 20000]), 1)
    if op == 4 and text.startswith(b"{"):  # a key named twice
        return b'{"game": "mtg", ' + text[1:]
    if op == 5:
        return b"\xef\xbb\xbf" + text
    if op == 6 and text.startswith(b"{"):
        return b'{"\\ud800": 1, "x\\udfff": "\\udc00", ' + text[1:]
    if op == 7:
        return text.replace(b"0", rng.choice([b"NaN", b"Infinity", b"-Infinity", b"1e999", b"-0", b"1E400"]), 1)
    if op == 8:
        return text + b" " * rng.choice([1, 17_000])
    return b"[" * rng.choice([9, 100, 10_000]) + text + b"]" * rng.choice([0, 9])


def shown(value: Any) -> str:
    try:
        return repr(value)[:600]
    except ValueError:  # an integer of over 4,300 digits
        return "<too long to show>"


def refusal_fault(error: dict[str, str]) -> str | None:
    """What is wrong with a refusal: an unknown code, a field that is not a JSON Pointer, a message
    empty or with a placeholder left in it."""
    if error["code"] not in ERRORS:
        return f"unknown code {error['code']!r}"
    if error["field"] and not error["field"].startswith("/"):
        return f"field {error['field']!r} is not a JSON Pointer"
    if not error["message"] or PLACEHOLDER.search(error["message"]):
        return f"message {error['message']!r}"
    return None


def fuzz_chunk(seed: int, index: int, count: int, cases: list[dict[str, Any]]) -> dict[str, Any]:
    """``count`` scenarios from the generator seeded by (seed, index): crashes by signature."""
    rng = random.Random(f"{seed}:{index}")
    crashes: dict[str, dict[str, Any]] = {}
    refused = ruled = 0

    def crash(where: str, error: BaseException, given: Any, kind: str = "exception") -> None:
        """kind: "exception" (anything but ScenarioError escaped) or "fault" (a wrong ruling or refusal)."""
        frames = traceback.extract_tb(error.__traceback__)
        place = f" at {Path(frames[-1].filename).name}:{frames[-1].lineno} ({frames[-1].name})" if frames else ""
        signature = f"{where}: {type(error).__name__}{place}"
        entry = crashes.setdefault(signature, {"kind": kind, "count": 0, "first": shown(given),
                                               "message": str(error)[:300]})
        entry["count"] += 1

    for _ in range(count):
        if rng.random() < 0.7 and cases:
            scenario = copy.deepcopy(rng.choice(cases))
        else:
            scenario = random_scenario(rng)
        plausible_only = rng.random() < 0.4
        for _ in range(rng.choice([1, 1, 2, 3, 4])):
            scenario = mutate(rng, scenario, plausible_only)
        lang = rng.choice(LANGUAGES)
        try:
            ruling = judge(copy.deepcopy(scenario), lang)
            ruled += 1
        except ScenarioError as error:
            refused += 1
            fault = refusal_fault(error.as_dict())
            if fault:
                crash("judge()", AssertionError(fault), scenario, "fault")
            try:
                check_refusal_pointer(scenario, error)
            except AssertionError as wrong:
                crash("refusal", wrong, scenario, "fault")
        except Exception as error:  # noqa: BLE001  (what the run counts)
            crash("judge()", error, scenario)
        else:
            try:  # the property tests' checks, on every scenario ruled
                check_record(ruling)
                check_citations(ruling)
                check_mirror(scenario, lang)
            except AssertionError as wrong:
                crash("ruling", wrong, scenario, "fault")
            except Exception as error:  # noqa: BLE001  (the mirrored scenario)
                crash("judge()", error, scenario)
        try:
            text = json.dumps(scenario, ensure_ascii=rng.random() < 0.5).encode("utf-8", "surrogatepass")
        except (ValueError, RecursionError):  # not JSON (a NaN is: Python writes it)
            text = rng.randbytes(16)
        if rng.random() < 0.3:
            text = damaged_text(rng, text)
        try:
            output = rng.choice(("json", "text"))
            status, out = answer(text, lang, output)
            encoded(out)
            fault = refusal_fault(json.loads(out)["error"]) if status == 2 else None
            if fault:
                crash("CLI", AssertionError(fault), text, "fault")
        except Exception as error:  # noqa: BLE001
            crash("CLI", error, text)
        try:  # what the browser's worker calls
            reply = json.loads(judge_json(text, lang))
            fault = refusal_fault(reply["error"]) if "error" in reply else None
            if fault:
                crash("judge_json()", AssertionError(fault), text, "fault")
        except Exception as error:  # noqa: BLE001
            crash("judge_json()", error, text)
    return {"crashes": crashes, "refused": refused, "ruled": ruled}


def run(count: int, seed: int, jobs: int) -> dict[str, Any]:
    cases = [case["scenario"] for case in load_cases()]
    chunks = [(seed, i, min(CHUNK, count - i * CHUNK), cases) for i in range((count + CHUNK - 1) // CHUNK)]
    started = time.perf_counter()
    total: dict[str, Any] = {"count": count, "seed": seed, "jobs": jobs, "crashes": {}, "refused": 0, "ruled": 0}
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for done in pool.map(fuzz_chunk, *zip(*chunks)):
            total["refused"] += done["refused"]
            total["ruled"] += done["ruled"]
            for signature, entry in done["crashes"].items():
                mine = total["crashes"].setdefault(signature, {**entry, "count": 0})
                mine["count"] += entry["count"]
    total["seconds"] = round(time.perf_counter() - started, 1)
    for kind in ("exception", "fault"):
        total[kind + "s"] = sum(entry["count"] for entry in total["crashes"].values() if entry["kind"] == kind)
    return total


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.benchmarks.fuzz_engine", description=__doc__.split("\n")[0])
    parser.add_argument("--count", type=int, default=1_000_000, help="scenarios (each through judge() and the CLI)")
    parser.add_argument("--seed", type=int, default=20261124)
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--json", type=Path, help="write the figures and crashes to this file")
    args = parser.parse_args(argv)
    total = run(args.count, args.seed, args.jobs)
    for signature, entry in sorted(total["crashes"].items(), key=lambda item: -item[1]["count"]):
        print(f"{entry['count']:>8}  {entry['kind']}  {signature}: {entry['message']}\n"
              f"          first input: {entry['first']}")
    print(f"{total['count']:,} scenarios (seed {total['seed']}, {total['jobs']} process(es)) in {total['seconds']} s: "
          f"{total['ruled']:,} ruled, {total['refused']:,} refused by judge(); "
          f"{total['exceptions']} exceptions other than ScenarioError, {total['faults']} faults "
          f"({len(total['crashes'])} distinct)")
    if args.json:
        args.json.write_text(json.dumps(total, ensure_ascii=False, indent=1), encoding="utf-8")
    return 1 if total["exceptions"] or total["faults"] else 0


if __name__ == "__main__":
    sys.exit(main())
