"""The command line through a real subprocess: exit codes 0, 2 and 64 (DESIGN §3.3)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest


ROOT = Path(__file__).resolve().parents[2]
SCENARIO = {"game": "mtg", "round": "single-elimination", "games_won": [1, 1], "time_called": "during-game",
            "active_player": "A", "current_game": {"life": [7, 12]}}


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "rules_engine", *args], input=stdin, capture_output=True,
                          text=True, cwd=ROOT, timeout=60)


def test_judge_reads_standard_input_and_prints_the_ruling() -> None:
    done = run("judge", stdin=json.dumps(SCENARIO))
    assert done.returncode == 0, done.stderr
    ruling = json.loads(done.stdout)
    assert ruling["current_game"] == {"result": "B", "decided_by": "life"}
    assert ruling["match"]["result"] == "B"


def test_judge_reads_a_file_in_another_language_as_text(tmp_path: Path) -> None:
    path = tmp_path / "scenario.json"
    path.write_text(json.dumps(SCENARIO))
    done = run("judge", str(path), "--lang", "ja", "--format", "text")
    assert done.returncode == 0, done.stderr
    assert "#mtg-highest-life" in done.stdout
    assert "ライフ" in done.stdout


def test_a_refused_scenario_exits_2_with_the_error() -> None:
    done = run("judge", "--lang", "fr", stdin=json.dumps(SCENARIO | {"best_of": True}))
    assert done.returncode == 2
    error = json.loads(done.stdout)["error"]
    assert error["code"] == "wrong-type" and error["field"] == "/best_of"
    assert error["message"]


def test_unparsable_json_exits_2_with_invalid_json() -> None:
    done = run("judge", stdin="{not json")
    assert done.returncode == 2
    assert json.loads(done.stdout)["error"]["code"] == "invalid-json"


def test_wrong_usage_exits_64() -> None:
    assert run().returncode == 64
    assert run("rule").returncode == 64
    assert run("judge", "--lang", "de", stdin="{}").returncode == 64
    assert run("judge", "/no/such/file.json").returncode == 64


@pytest.mark.parametrize("stdin", ['{"\\ud800": 1}', '{"game": "mtg", "\\udfff": true}', "\ufeff{}", '{"a": 1' + "]" * 3])
def test_no_input_makes_the_cli_print_a_traceback(stdin: str) -> None:
    done = run("judge", "--lang", "ja", stdin=stdin)
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr
    assert "code" in json.loads(done.stdout)["error"]


def test_raw_bytes_never_crash_the_cli() -> None:
    for raw in (b"\xff\xfe{}", b'{"game": "\xed\xa0\x80"}', b"\x00", b'{"games_won": [' + b"1" * 5000 + b"]}"):
        done = subprocess.run([sys.executable, "-m", "rules_engine", "judge"], input=raw, capture_output=True,
                              timeout=60)
        assert done.returncode == 2 and b"Traceback" not in done.stderr, done.stderr
        assert json.loads(done.stdout)["error"]["code"]
