"""`make test`, phase by phase, with a timing summary at the end (standard library only: it
runs before the virtual environment exists).

    python3 tests/phases.py NAME=COMMAND ...

Runs each COMMAND in order through the shell, stops at the first that fails, and prints how
long each took (wall clock and CPU time of its processes), and the machine's load.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time


def run(phases: list[tuple[str, str]]) -> int:
    done: list[tuple[str, float, float, int]] = []
    status = 0
    for name, command in phases:
        print(f"\n=== {name}: {command}", flush=True)
        before = os.times()
        started = time.monotonic()
        status = subprocess.call(command, shell=True)
        after = os.times()
        cpu = (after.children_user - before.children_user) + (after.children_system - before.children_system)
        done.append((name, time.monotonic() - started, cpu, status))
        if status:
            break
    width = max(len(name) for name, _ in phases)
    print("\n=== make test: time per phase (wall clock, CPU time of its processes)")
    for name, wall, cpu, code in done:
        mark = "" if code == 0 else f"  FAILED (exit {code})"
        print(f"  {name:<{width}}  {wall:7.1f} s  {cpu:7.1f} s CPU{mark}")
    for name, _ in phases[len(done):]:
        print(f"  {name:<{width}}        —  not run")
    total = sum(wall for _, wall, _, _ in done)
    load = ", ".join(f"{value:.2f}" for value in os.getloadavg())
    print(f"  {'total':<{width}}  {total:7.1f} s  ({total / 60:.1f} min; {os.cpu_count()} cores, load {load})")
    return status


def main(argv: list[str]) -> int:
    phases = []
    for arg in argv:
        name, _, command = arg.partition("=")
        if not command:
            print(f"usage: {sys.argv[0]} NAME=COMMAND ...", file=sys.stderr)
            return 64
        phases.append((name, command))
    return run(phases)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
