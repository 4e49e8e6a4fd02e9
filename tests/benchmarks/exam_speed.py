"""How long a practice exam takes to generate, in CPython and in the browser's Pyodide (not a
test: run it by hand).

    .venv/bin/python -m tests.benchmarks.exam_speed [--runs 20] [--site site/] [--json out.json]

For each length (10, 20, 40 questions, all games and levels) and a few languages it times
``rules_engine.training.exam.exam(code, lang)`` under CPython, then serves the built site
(overrides/serve.py), opens the training page in Debian's Chromium, waits for the engine to
be ready and times ``window.rulesChecker.exam(code, lang)`` from the page (the worker round
trip and the JSON included). It prints the median and the slowest run of each as a Markdown
table. The budget: a 40-question exam in under 1 s once the engine is up.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path
from typing import Any

from rules_engine.training.exam import LENGTHS, exam, new_code
from tests.site.sitebuild import serve_module

LANGS = ("en", "ja")


def cpython(runs: int) -> dict[str, list[float]]:
    figures: dict[str, list[float]] = {}
    for length in LENGTHS:
        for lang in LANGS:
            times = []
            for seed in range(runs):
                started = time.perf_counter()
                exam(new_code(length=length, seed=seed), lang)
                times.append((time.perf_counter() - started) * 1000)
            figures[f"{length}/{lang}"] = times
    return figures


def browser(site: Path, runs: int) -> dict[str, list[float]]:
    from playwright.sync_api import sync_playwright

    server = serve_module().Server(site).start()
    figures: dict[str, list[float]] = {}
    try:
        with sync_playwright() as playwright:
            chromium = playwright.chromium.launch(executable_path="/usr/bin/chromium")
            page = chromium.new_page()
            page.goto(f"{server.url}training/")
            page.wait_for_function("() => window.rulesChecker && window.rulesChecker.state === 'ready'", timeout=120_000)
            for length in LENGTHS:
                for lang in LANGS:
                    codes = [new_code(length=length, seed=seed) for seed in range(runs)]
                    figures[f"{length}/{lang}"] = page.evaluate("""async ([codes, lang]) => {
                      const times = [];
                      for (const code of codes) {
                        const started = performance.now();
                        await window.rulesChecker.exam(code, lang);
                        times.push(performance.now() - started);
                      }
                      return times;
                    }""", [codes, lang])
            chromium.close()
    finally:
        server.stop()
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--site", type=Path, default=Path("site"))
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args()
    results: dict[str, Any] = {"cpython": cpython(args.runs), "pyodide": browser(args.site, args.runs)}
    print("| exam (all games and levels) | CPython median (slowest) | Chromium + Pyodide median (slowest) |")
    print("|---|---|---|")
    for key in results["cpython"]:
        length, lang = key.split("/")
        row = [f"{statistics.median(results[where][key]):.0f} ms ({max(results[where][key]):.0f} ms)"
               for where in ("cpython", "pyodide")]
        print(f"| {length} questions, {lang} | {row[0]} | {row[1]} |")
    if args.json:
        args.json.write_text(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
