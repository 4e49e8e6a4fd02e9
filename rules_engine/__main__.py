"""Command line: python -m rules_engine judge [FILE|-] [--lang en|fr|pt|ja] [--format json|text]

Exit 0 with a ruling; 2 with {"error": …} for a refused scenario; 64 for wrong usage.
``python -m rules_engine schema [--id URL]`` prints the scenario's JSON Schema.
``python -m rules_engine editions [--game G] [--lang L]`` prints the editions of each procedure as JSON.
``python -m rules_engine exam new [--game G ...] [--length 10|20|40] [--levels L ...] [--seed N]`` prints
an exam code; ``python -m rules_engine exam show CODE [--lang en|fr|pt|ja]`` prints that exam as JSON
(exit 2 with {"error": …} for a code that cannot be used).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, NoReturn

from . import judge, localized_error
from .contract.errors import ScenarioError
from .training.exam import GAME_LETTERS, LENGTHS, MAX_SEED, SET_LETTERS, exam, new_code
from .editions import editions_json
from .i18n import LANGUAGES, N_, translate
from .rule_ids import GAMES
from .labels import labels
from .ruling import score
from .contract.reading import parse_json
from .contract.schema import schema_json
from .training.questions import LEVELS

EX_USAGE = 64


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        print(f"{self.prog}: error: {message}", file=sys.stderr)
        sys.exit(EX_USAGE)


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m rules_engine", description="Rule on an End-of-Match scenario.")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    judge_cmd = commands.add_parser("judge", help="read one scenario (JSON) and print the ruling")
    judge_cmd.add_argument("file", nargs="?", default="-", help="a scenario JSON file, or - for standard input")
    judge_cmd.add_argument("--lang", choices=LANGUAGES, default="en")
    judge_cmd.add_argument("--format", choices=("json", "text"), default="json")
    schema_cmd = commands.add_parser("schema", help="print the scenario's JSON Schema (draft 2020-12)")
    schema_cmd.add_argument("--id", default=None, help="the schema's absolute address ($id)")
    editions_cmd = commands.add_parser("editions", help="print the editions of each procedure this site holds, as JSON")
    editions_cmd.add_argument("--game", choices=GAMES, default=None, help="one game (default: all four)")
    editions_cmd.add_argument("--lang", choices=LANGUAGES, default="en")
    exam_cmd = commands.add_parser("exam", help="practice exams: make a code, or print the exam a code fixes")
    exam_commands = exam_cmd.add_subparsers(dest="exam_command", required=True, parser_class=_Parser)
    new_cmd = exam_commands.add_parser("new", help="print the code of a new exam")
    new_cmd.add_argument("--game", nargs="+", choices=tuple(SET_LETTERS), default=list(GAME_LETTERS),
                         help="the games asked about, each under its current edition (default: all four); "
                              "earlier-editions: the earlier editions this site holds (Yu-Gi-Oh! Policy v2.3)")
    new_cmd.add_argument("--length", type=int, choices=LENGTHS, default=20, help="the number of questions")
    new_cmd.add_argument("--levels", nargs="+", choices=LEVELS, default=list(LEVELS),
                         help="the levels asked about (default: all three)")
    new_cmd.add_argument("--seed", type=int, default=None, help=f"0 to {MAX_SEED} (default: a random one)")
    show_cmd = exam_commands.add_parser("show", help="print the exam a code fixes, as JSON")
    show_cmd.add_argument("code")
    show_cmd.add_argument("--lang", choices=LANGUAGES, default="en")
    return parser


def as_text(ruling: dict[str, Any], lang: str) -> str:
    """The ruling as a judge reads it: what to do now, the turns, the results, then each step with
    its paragraph."""
    lines = [ruling["rules_version"], "", ruling["summary"], ""]
    if ruling["turns"]:
        lines.append(_line(translate(lang, N_("Turns:")), turns_text(ruling, lang)))
    if ruling.get("tiebreak_turns"):
        lines.append(_line(translate(lang, N_("New Duel:")), _numbered(ruling["tiebreak_turns"])))
    words = labels(lang)
    if ruling["game"] == "yugioh":  # Duel where the other games say game
        words["decided_by"] = {**words["decided_by"], **words["decided_by_yugioh"]}
    game, match = ruling["current_game"], ruling["match"]
    # Yu-Gi-Oh! says Duel where the other games say game.
    # Once the ruling goes on to another Duel (v2.3's new Duel, the OCG's extra Duel), the row is the Duel in
    # which time was called, as the site labels it (results.js).
    another_duel = ruling["game"] == "yugioh" and (
        "tiebreak_game" in ruling["scenario"] or match["next"] in ("new-duel", "extra-duel"))
    in_progress = translate(lang, N_("Duel in which time was called:") if another_duel else
                            N_("Duel in progress:") if ruling["game"] == "yugioh" else N_("Game in progress:"))
    # A result that holds only if nobody wins in the turns (or the combat) still to play says so on its row.
    provisional = match.get("holds_if_nobody_wins", not match["final"] and match["result"] != "undecided")

    def held(text: str) -> str:
        return translate(lang, N_("{text}, if nobody wins by then"), text=text) if provisional else text
    if game["result"] is not None:
        lines.append(_line(in_progress, held(_why(lang, words['result'][game['result']], words['decided_by'][game['decided_by']]))))
    elif game["decided_by"] != "no-game":  # a game in progress with no result: why (not needed…)
        lines.append(_line(in_progress, held(words['decided_by'][game['decided_by']])))
    shown = "equal-points" if match["decided_by"] == "match-points" and match["result"] == "draw" else match["result"]
    lines.append(_line(translate(lang, N_("Match:")), held(_why(lang, words['result'][shown],
                                                                words['decided_by'][match['decided_by']]))))
    wins_a, wins_b, drawn = match["record"]
    # The record only for a final result; before it, the record it will be if nobody wins by then,
    # or the games won so far (match.final: README, "The record to report").
    if match["result"] == "double-loss":  # the result to record is the loss of each; the games only as they stood
        lines.append(translate(lang, N_("Record: a loss for each Duelist (Duels won when time was called: {score} – draws {drawn})"),
                               score=score(wins_a, wins_b), drawn=drawn))
    elif match["next"] == "record-with-head-judge":  # a Lorcana match won on lore: the text gives no record
        lines.append(_line(translate(lang, N_("How to record the result:")), words["next"][match["next"]]))
    elif match["final"]:  # the draws in the summary's words (A 1 – B 0 – draws 1)
        lines.append(translate(lang, N_("Record: {score} – draws {drawn}"), score=score(wins_a, wins_b), drawn=drawn))
    elif provisional:
        lines.append(translate(lang, N_("Record if nobody wins by then: {score} – draws {drawn}"), score=score(wins_a, wins_b), drawn=drawn))
    else:
        lines.append(translate(lang, N_("Duels won so far: {score} – draws {drawn}") if ruling["game"] == "yugioh"
                               else N_("Game wins so far: {score} – draws {drawn}"), score=score(wins_a, wins_b), drawn=drawn))
    # What comes next is the summary's to say, from the facts (who goes first, whether a game is in
    # progress); the fixed words for match.next would contradict it.
    lines.append("")
    # The paragraph's id is its address on the page (#id), the same in every language.
    lines += [f"- {step['text']} § {step['title']} #{step['rule']}" for step in ruling["explanation"]]
    return "\n".join(lines)


def _line(label: str, value: str) -> str:
    """A label and its value: a space after a colon, none after a full-width one (Japanese)."""
    return f"{label}{value}" if label.endswith("：") else f"{label} {value}"


def _why(lang: str, result: str, decided_by: str) -> str:
    # TRANSLATORS: a result and how it was reached ("B wins (life)"); Japanese uses full-width brackets.
    return translate(lang, N_("{result} ({decided_by})"), result=result, decided_by=decided_by)


def turns_text(ruling: dict[str, Any], lang: str) -> str:
    """The turns as numbered turns (2*: an extra turn). Yu-Gi-Oh! counts no turn 0: its turn is
    the one in progress, played to the end of the current Phase, or to its end and on turn by turn."""
    if ruling["game"] != "yugioh" or ruling.get("additional_turns"):  # the OCG's turn 0 and three extra turns
        return _numbered(ruling["turns"])
    player = ruling["turns"][0]["player"]
    if ruling["match"]["next"] == "finish-phase" or ruling["current_game"]["decided_by"] == "life-points":
        return translate(lang, N_("{player}'s turn in progress, to the end of the current Phase"), player=player)
    if ruling["match"]["next"] == "finish-turn" or ruling["current_game"]["decided_by"] == "turn-by-turn":
        return translate(lang, N_("{player}'s turn in progress, to its end, then turn by turn"), player=player)
    return translate(lang, N_("{player}'s turn in progress"), player=player)


def _numbered(turns: list[dict[str, Any]]) -> str:
    return ", ".join(f"{t['number']}{'*' if t['extra'] else ''}:{t['player']}" for t in turns)


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.command == "schema":
        _write(schema_json(args.id).rstrip("\n"))
        return 0
    if args.command == "editions":
        _write(json.dumps(editions_json(args.game, args.lang), ensure_ascii=False, indent=2))
        return 0
    if args.command == "exam":
        status, text = exam_answer(args)
        _write(text)
        return status
    try:
        if args.file == "-":
            raw = sys.stdin.buffer.read()
        else:
            with open(args.file, "rb") as handle:
                raw = handle.read()
    except OSError as error:
        print(f"python -m rules_engine: cannot read {args.file}: {error.strerror}", file=sys.stderr)
        return EX_USAGE
    status, text = answer(raw, args.lang, args.format)
    _write(text)
    return status


def answer(raw: bytes, lang: str = "en", output: str = "json") -> tuple[int, str]:
    """What ``judge`` prints for the bytes it read, and its exit status (0 or 2)."""
    scenario = None
    try:
        scenario = parse_json(raw)
        ruling = judge(scenario, lang)
    except ScenarioError as error:
        localized_error(error, lang, scenario)
        return 2, json.dumps({"error": error.as_dict()}, ensure_ascii=False, indent=2)
    if output == "text":
        return 0, as_text(ruling, lang)
    return 0, json.dumps(ruling, ensure_ascii=False, indent=2)


def exam_answer(args: argparse.Namespace) -> tuple[int, str]:
    """What ``exam new`` or ``exam show`` prints, and its exit status (0, or 2 with {"error": …})."""
    lang = getattr(args, "lang", "en")
    try:
        if args.exam_command == "new":
            return 0, new_code(args.game, args.levels, args.length, args.seed)
        return 0, json.dumps(exam(args.code, lang), ensure_ascii=False, indent=2)
    except ScenarioError as error:
        localized_error(error, lang)
        return 2, json.dumps({"error": error.as_dict()}, ensure_ascii=False, indent=2)


def encoded(text: str) -> bytes:
    """UTF-8 whatever the terminal's locale; a lone surrogate (JSON allows one) cannot crash the output."""
    return text.encode("utf-8", "backslashreplace") + b"\n"


def _write(text: str) -> None:
    out = getattr(sys.stdout, "buffer", None)
    if out is None:
        print(encoded(text).decode("utf-8"), end="")
        return
    sys.stdout.flush()
    out.write(encoded(text))
    out.flush()


if __name__ == "__main__":
    sys.exit(main())
