"""How long the engine takes to rule on 10,000 random scenarios (not a test: run it by hand).

    .venv/bin/python -m tests.benchmarks.engine_speed [COUNT]
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import time
from typing import Any

from rules_engine import ScenarioError, judge, judge_json


def random_scenario(rng: random.Random) -> dict[str, Any]:
    game = rng.choice(["mtg", "grand-archive", "yugioh"])
    single = rng.random() < 0.5
    best_of = rng.choice([1, 3, 5])
    needed = best_of // 2 + 1
    s: dict[str, Any] = {"game": game, "round": "single-elimination" if single else "swiss", "best_of": best_of,
                         "games_won": [rng.randrange(needed), rng.randrange(needed)]}
    if rng.random() < 0.8:
        s["time_called"], s["active_player"] = "during-game", rng.choice("AB")
        current: dict[str, Any] = {}
        if rng.random() < 0.3:
            current["winner"], current["during_turn"] = rng.choice("AB"), 0 if game == "yugioh" else rng.randrange(4)
        if game == "mtg" and single or game == "yugioh":
            current["life"] = [rng.randrange(1, 21), rng.randrange(1, 21)]
        if game == "grand-archive" and single:
            for key in ("champion_life", "damage", "influence", "main_deck"):
                current[key] = [rng.randrange(1, 10), rng.randrange(0, 10)]
        s["current_game"] = current
        if game == "mtg" and rng.random() < 0.3:
            s["extra_turns"] = [{"player": rng.choice("AB"), "after_turn": rng.randrange(3)}]
    else:
        s["time_called"] = "between-games"
    return s


def main(count: int = 10_000) -> None:
    rng = random.Random(20261122)
    scenarios = [random_scenario(rng) for _ in range(count)]
    texts = [json.dumps(s) for s in scenarios]
    refused = 0
    start = time.perf_counter()
    for scenario in scenarios:
        try:
            judge(scenario, "en")
        except ScenarioError:
            refused += 1
    in_process = time.perf_counter() - start
    per_call = []
    for text in texts[:2000]:
        t0 = time.perf_counter()
        judge_json(text, "ja")
        per_call.append(time.perf_counter() - t0)
    print(f"{count} scenarios ruled in {in_process:.2f} s ({in_process / count * 1e6:.0f} µs each; {refused} refused)")
    print(f"judge_json (JSON text in and out, Japanese): median {statistics.median(per_call) * 1e6:.0f} µs,"
          f" p99 {sorted(per_call)[int(len(per_call) * 0.99)] * 1e6:.0f} µs")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 10_000)
