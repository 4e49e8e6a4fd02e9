"""The judges' tools on their pages: training questions and the end-of-round turn tracker.

A page marks a tool's place with ``<div class="rules-training"></div>`` or
``<div class="rules-tracker"></div>``. This hook replaces the marker, at build time and in
the page's language, with the tool: its controls (usable before the engine has loaded), its
strings and the engine's labels as JSON, and the scripts (the engine client, then the
tool's own module). Both tools ask the same engine as the checker (window.rulesChecker,
rules_engine under Pyodide): ``question()`` for training, ``track()`` for the tracker; no
rule lives in their JavaScript.

The engine zip is the one checker_widget built for the whole site (its bundle manifest):
this hook must run after it (mkdocs.yml lists it after checker_widget).
"""

from __future__ import annotations

import html
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page
from mkdocs.utils import get_relative_url

import checker_widget
import site_catalog
import site_editions
from checker_widget import _attr, _json_for_script
from rules_engine.training import exam as engine_exam
from rules_engine.trackers import lorcana as engine_lorcana_tracker, turns as engine_tracker
from rules_engine.training import questions as engine_training
from rules_engine.training.situation import earlier_editions_label, situation_fields
from rules_engine.contract.fields import form_fields
from rules_engine.contract.scenario import WINS_TO_TAKE_THE_MATCH
from rules_engine.editions import REGION_NAMES, edition as edition_of, editions_of, newest
from rules_engine.i18n import translate
from rules_engine.labels import labels
from rules_engine.rule_ids import GAMES, PAGES, PARAGRAPHS
from rules_engine.titles import titles

TRAINING_MARKER = '<div class="rules-training"></div>'
# Where a page shows an example exam code: made here from the current question generator, so
# that the code a page shows is always one the engine accepts.
EXAM_EXAMPLE_MARKER = '<code class="exam-example"></code>'
EXAM_EXAMPLE_SEED = 1234
TRACKER_MARKER = '<div class="rules-tracker"></div>'
TRACKED_GAMES = ("mtg", "grand-archive", "yugioh", "lorcana")
# The paragraphs that say how Grand Archive's overtime ends once its clock has run out: the
# tracker shows these steps of the engine's explanation when the clock reaches zero.
OVERTIME_RULES = ("ga-ending-overtime", "ga-finish-combat", "ga-resolve-effects")
assert set(OVERTIME_RULES) <= {p.id for p in PARAGRAPHS}
# A Yu-Gi-Oh! procedure kept on a device from before the tracker recorded an edition in its start
# was run by the three-rule procedure, the only one it ran then: it goes on under that edition.
UNNAMED_DUEL_EDITION = "2.3"
assert edition_of("yugioh", UNNAMED_DUEL_EDITION) is not None


def _engine_zip(config: MkDocsConfig) -> str:
    """The zip checker_widget's bundle built: read from the hook MkDocs loaded (its module
    object holds the manifest; a plain ``import checker_widget`` is a second, empty copy)."""
    for module in (config.hooks or {}).values():
        if getattr(module, "__file__", None) == checker_widget.__file__ and module._BUNDLE:
            return module._BUNDLE["manifest"]["zip"]
    raise RuntimeError("judge_tools needs the checker_widget hook before it in mkdocs.yml")


def _pages(lang: str, page_url: str) -> dict[str, str]:
    """Each game's procedure page in ``lang``, relative to the tool's page."""
    return {g: get_relative_url(f"{'' if lang == 'en' else lang + '/'}{PAGES[g]}/", page_url) for g in GAMES}


def _choice_labels(lang: str, path: str) -> dict[Any, str]:
    field = next(f for f in form_fields("mtg", lang) if f["path"] == path)
    return {c["value"]: c["label"] for c in field["choices"]}


def _field_label(lang: str, game: str, path: str) -> str:
    return next(f["label"] for f in form_fields(game, lang) if f["path"] == path)


def _pills(name: str, options: list[tuple[str, str]], checked: str | set[str] | None, legend: str | dict[str, str],
           extra: str = "", kind: str = "radio") -> str:
    """``legend``: its words, or each game's own words ({game: words}), shown with that game."""
    picked = checked if isinstance(checked, set) else {checked}
    inputs = "".join(
        f'<label class="checker-option"><input type="{kind}" name="{name}" value="{_attr(value)}"'
        f'{" checked" if value in picked else ""}><span>{html.escape(text)}</span></label>'
        for value, text in options)
    words = (html.escape(legend) if isinstance(legend, str) else
             "".join(f'<span data-game-only="{game}"{"" if i == 0 else " hidden"}>{html.escape(text)}</span>'
                     for i, (game, text) in enumerate(legend.items())))
    return (f'<fieldset class="checker-choice"{extra}><legend>{words}</legend>'
            f'<div class="checker-options">{inputs}</div></fieldset>')


def _scripts(page_url: str, tool: str) -> str:
    # The engine client comes from <head> (checker_widget.engine_head) and the tool's import.
    script = get_relative_url(f"assets/{tool}/{tool}.js", page_url)
    style = get_relative_url(f"assets/{tool}/{tool}.css", page_url)
    return (f'<link rel="stylesheet" href="{_attr(style)}">'
            f'<script type="module" src="{_attr(script)}"></script>')


# --- training ------------------------------------------------------------------------------

def _training_strings(lang: str) -> dict[str, str]:
    _ = site_catalog.translations(lang).gettext
    return {
        **checker_widget.engine_strings(lang),
        **checker_widget.turn_plan_strings(lang),
        **checker_widget.punctuation_strings(lang),
        "loading": _("Loading the questions…"),
        "ready": _("Pick a level and, if you like, a game, then press “New question”."),
        "working": _("Drawing a question…"),
        "unavailable": _("The questions could not start on this device: they need the rules engine, which runs in this page. Reload the page to try again."),
        "invalid_link": _("This link does not hold a valid question."),
        "level": _("Level"),
        "game": _("Game"),
        "any_game": _("Any game"),
        "new_question": _("New question"),
        "set_of_ten": _("Set of ten"),
        "question_meta": _("Question {seed}"),
        "situation": _("The situation"),
        "right": _("Right."),
        "wrong": _("Not quite. The answer is: {answer}"),
        "misconception": _("A common mistake:"),
        "ruling": _("Why: each step and its paragraph"),
        "about": _("This question is about paragraph {rule}."),
        "next_question": _("Next question"),
        "see_summary": _("See the summary"),
        "score": _("Your score on this device"),
        "score_value": _("{right} right of {asked}"),
        "reset_score": _("Reset the score"),
        "reset_confirm": _("Reset the score kept on this device?"),
        "storage_failed": _("This device did not let the page save the score."),
        "set_progress": _("Question {index} of {total}"),
        "summary": _("Set of ten: summary"),
        "summary_score": _("Score: {right} of {total}"),
        "summary_time": _("Time: {time}"),
        "summary_missed": _("Paragraphs to read again"),
        "summary_none": _("No paragraph missed."),
        "another_set": _("Another set of ten"),
        "yes": _("Yes"),
        "no": _("No"),
        "share": _("Copy the link to this question"),
        "copied": _("Link copied."),
        "copy_failed": _("Copy this link:"),
        "share_sheet": _("Share…"),
    }


def _misconceptions(lang: str) -> dict[str, str]:
    """What each misconception the engine names gets wrong, in plain words."""
    _ = site_catalog.translations(lang).gettext
    explained = {
        "active-player-gets-three-turns": _("Turn 0 is the active player's own turn; the additional turns then alternate, starting with the other player, who usually takes three of the five."),
        "extra-turns-come-on-top-of-the-five": _("Extra turns are not added to the additional turns: they count among them, whatever their number."),
        "slow-play-during-additional-turns-adds-turns": _("A Slow Play penalty adds two turns only when it is given before the first additional turn; during the additional turns it adds none (the Warning is recorded)."),
        "two-headed-giant-plays-five-turns": _("Two-Headed Giant plays three additional turns, not five."),
        "procedure-starts-at-time-call": _("With a time extension, the procedure begins when the extension ends, not when the round's time is called."),
        "unfinished-yugioh-swiss-game-is-a-draw": _("Under Policy v2.3, in Swiss, an unfinished Duel is not simply a draw: play continues to the end of the current Phase, and Life Points decide it."),
        "life-decides-even-with-unequal-game-wins": _("Life totals decide only when game wins are equal; otherwise the unfinished game is a draw and the player with more game wins takes the match."),
        "earlier-result-under-policy-v2-5": _("That was Policy v2.3's rule. Under Policy v2.5, when time is called before a Duelist has won the match, both Duelists receive a loss: a Duelist ahead in Duels won does not win, and a match no longer ends in a draw."),
        "japan-plays-the-worldwide-five-turns": _("Takara Tomy's rules for Disney Lorcana events in Japan are their own, not a translation of Ravensburger's: one additional turn follows turn 0, not five."),
        "earlier-plan-under-policy-v2-5": _("That was Policy v2.3's procedure. Under Policy v2.5 the Duel stops when time is called: no Phase or turn is finished, no Life Points are compared, and both Duelists receive a loss."),
    }
    named = {m.__name__.replace("_", "-") for group in engine_training.MISCONCEPTIONS.values() for m in group}
    # A misconception the engine names must be explained here: fail the build, not the reader.
    if named != set(explained):
        raise RuntimeError(f"judge_tools: misconceptions to explain: {sorted(named ^ set(explained))}")
    return explained


def _exam_strings(lang: str) -> dict[str, str]:
    _ = site_catalog.translations(lang).gettext
    return {
        "title": _("Practice exam"),
        "intro": _("A set of questions under exam conditions: no feedback until the end, then your score and every question explained. An exam code gives everyone the same questions, each in their own language."),
        "games": _("Games"),
        "levels": _("Levels"),
        "length": _("Number of questions"),
        "countdown": _("Countdown: 90 seconds a question (shown, never blocking)"),
        "start": _("Start the exam"),
        "code": _("Exam code"),
        "open_code": _("Open this code"),
        "code_hint": _("A mentor's code, for example {example}: everyone who opens it gets the same questions."),
        "pick_one": _("Pick at least one game and one level."),
        "loading": _("Preparing the exam…"),
        "unavailable": _("The exam could not start on this device: it needs the rules engine, which runs in this page. Reload the page to try again."),
        "invalid_link": _("This link does not hold a valid exam."),
        "progress": _("Question {index} of {total}"),
        "time_left": _("{time} left"),
        "time_up": _("Time is up: finish when you are ready."),
        "previous": _("Previous"),
        "next": _("Next"),
        "finish": _("Finish and see the score"),
        "unanswered": _("{count} questions without an answer: finish anyway?"),
        "code_line": _("Exam {code}"),
        "practice_line": _("Practice set: your weakest paragraphs"),
        "score": _("Score: {right} of {total}"),
        "time": _("Time: {time}"),
        "shared_result": _("A result shared by link: the answers it holds, marked against the exam's code. It is not added to your progress."),
        "missed": _("Paragraphs missed"),
        "missed_none": _("No paragraph missed."),
        "missed_count": _("Questions missed: {count}"),
        "review": _("Every question, with the explanation"),
        "your_answer": _("Your answer:"),
        "no_answer": _("No answer"),
        "right_answer": _("The answer:"),
        "right": _("Right"),
        "wrong": _("Wrong"),
        "share_result": _("Copy the link to this result"),
        "share_exam": _("Copy the link to this exam"),
        "print": _("Print the questions and the answer key"),
        "new_exam": _("Another exam"),
        "answer_key": _("Answer key"),
        "print_title": _("Exam {code}: questions"),
        "practise_weakest": _("Practise my weakest paragraphs"),
        "progress_title": _("Your progress on this device"),
        "history": _("Exams taken"),
        "history_none": _("No exam taken yet on this device."),
        "history_row": _("{date} · {code} · {right} of {total}"),
        "practice": _("practice set"),
        "paragraphs": _("Paragraphs, weakest first"),
        "paragraph_row": _("{right} right of {asked}"),
        "export": _("Export (JSON file)"),
        "import": _("Import a file"),
        "clear": _("Clear my progress"),
        "clear_confirm": _("Clear the exams and paragraph results kept on this device?"),
        "imported": _("Progress imported: it replaces what this device held."),
        "import_failed": _("This file does not hold progress exported from this site."),
        "stored_nothing": _("Nothing leaves this device: your progress is kept in this browser only, and exported only when you ask."),
        "storage_failed": _("This device did not let the page keep your progress (private browsing, or no space left). The exam still works; its result will not be kept."),
        "copied": _("Link copied."),
        "copy_failed": _("Copy this link:"),
        "share_sheet": _("Share…"),
    }


def render_exam(lang: str, groups: dict[str, str], levels: dict[str, str]) -> str:
    strings = _exam_strings(lang)
    example = engine_exam.new_code(seed=EXAM_EXAMPLE_SEED)
    length = [(str(n), str(n)) for n in engine_exam.LENGTHS]
    return (
        f'<section class="training-exam" data-exam data-state="settings" aria-labelledby="exam-title" tabindex="-1">'
        f'<h2 id="exam-title">{html.escape(strings["title"])}</h2>'
        f'<p>{html.escape(strings["intro"])}</p>'
        f'<form class="exam-settings" autocomplete="off" novalidate data-search-exclude>'
        # The games under their current editions, checked; the earlier editions when a mentor asks for them.
        + _pills("exam-game", list(groups.items()), set(GAMES), strings["games"], ' data-setting="games"',
                 "checkbox")
        + _pills("exam-level", list(levels.items()), set(levels), strings["levels"], ' data-setting="levels"', "checkbox")
        + _pills("exam-length", length, "20", strings["length"], ' data-setting="length"')
        + f'<label class="exam-countdown"><input type="checkbox" name="exam-countdown"> '
          f'<span>{html.escape(strings["countdown"])}</span></label>'
          f'<p class="exam-settings-alert" role="alert" hidden>{html.escape(strings["pick_one"])}</p>'
          f'<div class="training-start"><button type="submit" class="md-button md-button--primary">'
          f'{html.escape(strings["start"])}</button>'
          f'<button type="button" class="md-button" data-action="practise">{html.escape(strings["practise_weakest"])}'
          f'</button></div></form>'
          f'<form class="exam-open" autocomplete="off" novalidate data-search-exclude>'
          f'<label for="exam-code">{html.escape(strings["code"])}</label>'
          f'<div class="exam-open-line"><input id="exam-code" name="code" type="text" inputmode="text" '
          f'autocapitalize="characters" spellcheck="false" maxlength="40" aria-describedby="exam-code-hint">'
          f'<button type="submit" class="md-button">{html.escape(strings["open_code"])}</button></div>'
          f'<p id="exam-code-hint" class="exam-hint">{html.escape(strings["code_hint"].format(example=example))}</p>'
          f'</form>'
          f'<div class="exam-stage" aria-live="polite"></div>'
          f'<div class="exam-print" aria-hidden="true"></div>'
          f'</section>'
          f'<section class="training-progress" aria-labelledby="progress-title">'
          f'<h2 id="progress-title">{html.escape(strings["progress_title"])}</h2>'
          f'<p class="exam-hint">{html.escape(strings["stored_nothing"])}</p>'
          f'<p class="exam-storage-alert" role="alert" hidden data-search-exclude>{html.escape(strings["storage_failed"])}</p>'
          f'<h3>{html.escape(strings["history"])}</h3><ol class="exam-history"></ol>'
          f'<h3>{html.escape(strings["paragraphs"])}</h3><ul class="exam-paragraphs"></ul>'
          f'<div class="training-start exam-progress-actions" data-search-exclude>'
          f'<button type="button" class="md-button" data-action="export">{html.escape(strings["export"])}</button>'
          f'<label class="md-button exam-import">{html.escape(strings["import"])}'
          f'<input type="file" accept="application/json,.json" data-action="import"></label>'
          f'<button type="button" class="md-button" data-action="clear">{html.escape(strings["clear"])}</button>'
          f'</div><p class="exam-import-status" role="status"></p></section>')


def render_training(lang: str, page_url: str, engine_zip: str) -> str:
    _ = site_catalog.translations(lang).gettext
    strings = _training_strings(lang)
    games = _choice_labels(lang, "/game")
    levels = {
        "turns": _("The turn plan"),
        "result": _("The game and match result"),
        "tiebreak": _("The single-elimination tiebreaks"),
    }
    assert tuple(levels) == engine_training.LEVELS
    # Which question sets each level asks about (Yu-Gi-Oh!'s procedures have no turn plan to ask about):
    # the games under their current editions, and the earlier editions, asked only when chosen.
    available = engine_training.available()
    groups = {**games, engine_training.EARLIER: earlier_editions_label(lang)}
    # A question's facts, named as the checker's form names them (with its edition and dates,
    # "Nobody had won by the end of …"): rules_engine.training.situation.
    fields = {g: situation_fields(g, lang) for g in GAMES}
    data = {"lang": lang, "strings": strings, "levels": levels, "games": games, "groups": groups,
            "available": available,
            "fields": fields, "pages": _pages(lang, page_url), "misconceptions": _misconceptions(lang),
            "titles": titles(lang), "exam": _exam_strings(lang),
            "exam_levels": {level: [g for g in groups if engine_exam.eligible((g,), (level,))] for level in levels}}
    # data-search-exclude: the tools' controls stay out of the search index (see checker_widget.render_form).
    setup = (
        f'<form class="training-setup" autocomplete="off" novalidate data-search-exclude>'
        + _pills("training-level", list(levels.items()), "turns", strings["level"], ' data-setting="level"')
        + _pills("training-game", [("", strings["any_game"]), *groups.items()], "",
                 strings["game"], ' data-setting="game"')
        + f'<div class="training-start"><button type="submit" class="md-button md-button--primary">'
          f'{html.escape(strings["new_question"])}</button>'
          f'<button type="button" class="md-button" data-action="set">{html.escape(strings["set_of_ten"])}</button>'
          f'</div></form>')
    return (
        f'<div class="training" data-engine-zip="{_attr(get_relative_url(engine_zip, page_url))}">'
        f'<script type="application/json" class="training-data">{_json_for_script(data)}</script>'
        f'{setup}'
        f'<section class="training-question" data-question data-state="loading" aria-live="polite" tabindex="-1"'
        f' data-search-exclude>'
        f'<p class="training-status">{html.escape(strings["loading"])}</p></section>'
        f'<section class="training-summary" data-summary hidden tabindex="-1"></section>'
        f'<section class="training-score" aria-labelledby="training-score-title">'
        f'<h2 id="training-score-title">{html.escape(strings["score"])}</h2>'
        f'<dl class="training-scores"></dl>'
        f'<button type="button" class="md-button" data-action="reset-score" data-search-exclude>{html.escape(strings["reset_score"])}'
        f'</button></section>'
        f'{render_exam(lang, groups, levels)}'
        f'{_scripts(page_url, "training")}</div>')


# --- the turn tracker ------------------------------------------------------------------------

def _tracker_strings(lang: str) -> dict[str, str]:
    _ = site_catalog.translations(lang).gettext
    return {
        **checker_widget.engine_strings(lang),
        **checker_widget.turn_plan_strings(lang),
        **checker_widget.punctuation_strings(lang),
        **checker_widget.result_strings(lang),
        "loading": _("Working out the turn…"),
        "unavailable": _("The rules engine could not start on this device. Your taps are saved: reload the page to try again, and count the turns by hand meanwhile."),
        "storage_failed": _("This device did not let the page save the taps: keep this page open."),
        "game": _("Game"),
        "active_player": _("Active player (whose turn it is)"),
        "turn_player": _("Turn player (whose turn it is)"),
        "duelist_turn": _("Duelist whose turn it is"),
        "time_called": _("Time called"),
        "time_called_passing": _("Time called — passing the turn already indicated"),
        # Disney Lorcana's button: its checker form's words for the same moment (the engine's field label).
        "time_called_ending_lorcana": _field_label(lang, "lorcana", "/turn_pass_announced"),
        "time_called_ending": _("Time called — end of turn being announced"),
        "next_turn": _("Next turn"),
        "extra_turn": _("Extra turn"),
        "slow_play": _("Slow Play penalty"),
        "overtime_ended": _("Main phase, stack empty"),
        "undo": _("Undo last tap"),
        "new_procedure": _("New procedure"),
        "confirm_new": _("Clear every tap of this procedure and start again?"),
        "last_turn": _("Last turn"),
        "left_one": _("1 more turn after this one"),
        "left_many": _("{count} more turns after this one"),
        "additional_turns": _("Additional turns after turn 0: {count}"),
        "clock": _("Overtime clock"),
        "clock_waiting": _("{time} — starts when turn 0 ends"),
        "clock_left": _("{time} left"),
        "clock_expired": _("The five minutes are up: the overtime is ending."),
        # TRANSLATORS: the pinned line's clock once Grand Archive's five minutes have run out.
        "time_up": _("Time!"),
        # {who}: the side as the tracker names it ("Player B", "Team B"), not a bare letter.
        "warning": _("Slow Play penalty to {who} during turn {turn}: record the Warning; no turn is added."),
        "game_loss": _("Second Slow Play penalty to {who} during turn {turn}: a Game Loss; the opponent wins the game."),
        # The end's heading, as the ruling of the situation handed on says (match.final, match.next): over only
        # where nothing is left to play or decide; else what is over, the outcome under it saying what happens now.
        "finished": _("The procedure is over."),
        "finished_turns": _("The end-of-match turns are over. What happens now:"),
        "finished_head_judge": _("The head judge decides what follows."),
        "finished_help": _("Open the checker to enter the result of the game and get the match result."),
        "open_checker": _("Open in the checker"),
        # The checker opened on the situation without "the turns are over, and nobody won", asking the game's result.
        "won_checker": _("A player won during these turns: enter it in the checker"),
        # The same in Two-Headed Giant, where a team wins the game.
        "won_checker_team": _("A team won during these turns: enter it in the checker"),
        "who": _("Who takes it?"),
        "after_turn": _("Created in turn"),
        "add_extra": _("Add the extra turn"),
        "penalised": _("Penalized player"),
        "record_penalty": _("Record the penalty"),
        "cancel": _("Cancel"),
        "fewer": _("One fewer"),
        "more": _("One more"),
        "taps": _("Taps ({count})"),
        "last_tap": _("Last tap: {tap}"),
        "tap_start": _("Time called: {game}, {player}'s turn"),
        "tap_passing": _("passing the turn already indicated"),
        "tap_ending": _("end of turn being announced"),
        # Disney Lorcana's words for its end-of-turn call, as its checker form says it (fields.py).
        "tap_ending_lorcana": _("the active player declared the end of their turn"),
        "tap_next": _("Next turn"),
        "tap_extra": _("Extra turn for {player}, created in turn {turn}"),
        "tap_slow_play": _("Slow Play penalty: {player}"),
        "tap_overtime_ended": _("Main phase, stack empty"),
        "explanation": _("Why: each step and its paragraph"),
        "wake_lock": _("The screen stays on while the procedure runs."),
        # Yu-Gi-Oh!: the Life Points at each comparison decide what comes next.
        "phase_ended": _("The Phase has ended"),
        "turn_ended": _("The turn has ended"),
        "duel_won": _("The Duel ended (win condition)"),
        "duel_won_legend": _("Who won the Duel?"),
        "record_result": _("Record the result"),
        "life_points": _("Life Points"),
        "compare": _("Compare the Life Points"),
        "first_player": _("Who goes first in the new Duel (chosen by the Duelist a random method picks)?"),
        "begin_new_duel": _("Begin the new Duel"),
        "new_duel": _("New Duel"),
        "games_won_before": _("Duels won before this Duel"),
        "tap_phase_ended": _("The Phase has ended"),
        "tap_turn_ended": _("The turn has ended"),
        "tap_life_points": _("Life Points: {score}"),
        "tap_duel_won": _("The Duel ended: {result}"),
        "tap_new_duel": _("New Duel: {player} goes first"),
        # Yu-Gi-Oh!'s end, and an end with nothing for the judge to enter (no turn played, or a Game Loss).
        "finished_help_ruling": _("Open the checker to see the whole ruling, with every step and its paragraph."),
        # Several tables on one device.
        "tables": _("Tables"),
        "table": _("Table {name}"),
        "table_name": _("Table (name or number)"),
        "add_table": _("Add a table"),
        "remove_table": _("Remove this table"),
        "table_waiting": _("not started"),
        "table_done": _("over"),
        "life_missing": _("Enter the Life Points of {player}."),
        "tap_start_between": _("Time called between Duels: {game}"),
        "tap_start_during": _("Time called during a Duel: {game}"),
        # Disney Lorcana: the region's rules, a Slow Play penalty before the time call, the lore at the end.
        "slow_play_before": _("Slow Play penalty given before time was called"),
        "wins_missing": _("Enter the games each player had won before this game (0 if none)."),
        # Time called with a fact the procedure rests on not given: beside the field, then the list of them.
        "to_fill": _("To fill in."),
        "fill_in_first": _("To fill in first: {fields}."),
        "lorcana_warning": _("Slow Play penalty to {who} during turn {turn}: the penalty stands; no turn is added."),
        "lorcana_second_warning": _("Second Slow Play penalty to {who} during turn {turn}: a second Warning in the same category is upgraded to a Game Loss; the head judge decides what follows."),
        "lore": _("Lore"),
        "compare_lore": _("Compare the lore"),
        "lore_missing": _("Enter the lore of {player}."),
        "tap_lore": _("Lore: {score}"),
    }


def render_tracker(lang: str, page_url: str, engine_zip: str) -> str:
    strings = _tracker_strings(lang)
    games = _choice_labels(lang, "/game")
    rounds = _choice_labels(lang, "/round")
    data = {"lang": lang, "strings": strings, "labels": labels(lang), "pages": _pages(lang, page_url),
            "titles": titles(lang), "games": {g: games[g] for g in TRACKED_GAMES}, "overtime_rules": list(OVERTIME_RULES),
            "clock_ms": engine_tracker.CLOCK_MS, "unnamed_duel_edition": UNNAMED_DUEL_EDITION,
            "lore_max": engine_lorcana_tracker.MAX_LORE}
    two_headed_giant = _field_label(lang, "mtg", "/two_headed_giant")
    time_called = {c["value"]: c["label"] for c in next(
        f for f in form_fields("yugioh", lang) if f["path"] == "/time_called")["choices"]}
    side_deck = _field_label(lang, "yugioh", "/side_deck_accessed")
    # Yu-Gi-Oh!'s editions, the current one first, each on one line (the registry's short name and
    # "current" or its last day, as the checker shows them); the facts an edition does not ask for
    # (v2.5: whose turn it was, the Side Deck) are hidden under it.
    duel_fields = {f["path"]: f for f in form_fields("yugioh", lang)}
    # Konami Japan's OCG rules (a region's own edition) are not followed by the tracker: the checker rules on them.
    editions = [(c["value"], c["label"]) for c in reversed(duel_fields["/edition"]["choices"])
                if edition_of("yugioh", c["value"]).region is None]
    data["editions"] = {e: translate(lang, edition_of("yugioh", e).short) for e, _label in editions}
    # Disney Lorcana: the region is asked, then the edition among that region's, the current one first.
    lorcana_fields = {f["path"]: f for f in form_fields("lorcana", lang)}
    lorcana_labels = {c["value"]: c["label"] for c in lorcana_fields["/edition"]["choices"]}
    data["lorcana_editions"] = {region or "": [[e.id, lorcana_labels[e.id]] for e in reversed(editions_of("lorcana", region))]
                                for region in (None, *sorted(REGION_NAMES))}
    data["editions"] |= {e.id: translate(lang, e.short) for e in editions_of("lorcana")}
    # The region the setup starts on: the checker's form's (site_editions.starting_region), offered first.
    starting = site_editions.starting_region("lorcana", lang) or ""
    regions = [("", lorcana_fields["/region"]["unset_label"]),
               *((c["value"], c["label"]) for c in lorcana_fields["/region"]["choices"])]
    # Games in the match: each game's own choices (Lorcana's two-game format), shown as the game is chosen.
    data["best_of"] = {g: [c["value"] for c in next(f for f in form_fields(g, lang) if f["path"] == "/best_of")["choices"]]
                       for g in TRACKED_GAMES}
    best_of = sorted({value for values in data["best_of"].values() for value in values})

    def under(path: str) -> str:
        return " ".join(duel_fields[path]["when"].get("edition", [e for e, _label in editions]))
    # The score, asked at the time call in every game (DESIGN §3.6: what the tracker hands the checker is
    # what the judge entered): the engine's own labels for each game, the games won side by side.
    score_labels = {path: {g: _field_label(lang, g, path) for g in TRACKED_GAMES}
                    for path in ("/best_of", "/games_won", "/games_drawn")}
    score_labels["/games_won"]["yugioh"] = strings["games_won_before"]
    data["field_labels"] = {g: {f["path"][1:]: f["label"] for f in form_fields(g, lang) if f["path"].count("/") == 1}
                            for g in TRACKED_GAMES}
    for key in ("games_won", "games_drawn", "best_of"):
        for g in TRACKED_GAMES:
            data["field_labels"][g][key] = score_labels[f"/{key}"][g]

    def legend(words: dict[str, str]) -> str:
        return "".join(f'<span data-game-only="{g}"{"" if i == 0 else " hidden"}>{html.escape(text)}</span>'
                       for i, (g, text) in enumerate(words.items()))
    # The games won: one tap per side, as in the checker ("A 0 1 2", "B 0 1 2"), none chosen (DESIGN §3.6:
    # the tracker asks every fact it hands on); tracker.js shows those the best of allows (data-most).
    most = {str(best_of): wins - 1 for best_of, wins in WINS_TO_TAKE_THE_MATCH.items()}
    wins = "".join(
        f'<div class="checker-pair-side tracker-wins-choice" role="radiogroup" data-player="{player}"'
        f' aria-label="{_attr(strings["games_won_before"])} {player}">'
        f'<span class="checker-pair-player" aria-hidden="true">{player}</span><div class="checker-options">'
        + "".join(f'<label class="checker-option"><input type="radio" name="tracker-wins-{player}" value="{count}">'
                  f'<span>{count}</span></label>' for count in range(max(most.values()) + 1))
        + '</div></div>'
        for player in ("A", "B"))
    drawn = (f'<label class="tracker-wins-side tracker-drawn"><span>{legend(score_labels["/games_drawn"])}</span>'
             f'<input type="number" name="tracker-drawn" value="0" min="0" max="10" step="1" inputmode="numeric"></label>')
    setup = (
        f'<form class="tracker-setup" autocomplete="off" novalidate data-search-exclude>'
        f'<label class="tracker-table-name"><span>{html.escape(strings["table_name"])}</span>'
        f'<input type="text" name="tracker-table" maxlength="12" autocomplete="off"></label>'
        + _pills("tracker-game", [(g, games[g]) for g in TRACKED_GAMES], "mtg", strings["game"])
        + f'<div class="tracker-format" data-game-only="mtg"><label class="checker-check">'
          f'<input type="checkbox" name="tracker-2hg"><span>{html.escape(two_headed_giant)}</span></label></div>'
        + _pills("tracker-edition", editions, newest("yugioh").id, duel_fields["/edition"]["label"],
                 ' data-game-only="yugioh"')
        # The round and whose turn, like the games won: asked, never chosen for the judge (DESIGN §3.6).
        + _pills("tracker-round", list(rounds.items()), None, _field_label(lang, "mtg", "/round"))
        # Magic: whether Slow Play can add turns depends on the REL; left unchosen, the engine says what it assumes.
        + _pills("tracker-rel", [(v, t) for v, t in _choice_labels(lang, "/rel").items() if v], None,
                 _field_label(lang, "mtg", "/rel"), ' data-game-only="mtg"')
        # Yu-Gi-Oh!: when time was called, asked as the round is (the other games' trackers start during a game).
        + _pills("tracker-when", list(time_called.items()), None, _field_label(lang, "yugioh", "/time_called"),
                 ' data-game-only="yugioh"')
        + _pills("tracker-region", sorted(regions, key=lambda r: r[0] != starting), starting,
                 lorcana_fields["/region"]["label"], ' data-game-only="lorcana"')
        + f'<label class="tracker-format tracker-edition-choice" data-game-only="lorcana">'
          f'<span>{html.escape(lorcana_fields["/edition"]["label"])}</span><select name="tracker-lorcana-edition">'
        + "".join(f'<option value="{_attr(value)}">{html.escape(text)}</option>' for value, text in data["lorcana_editions"][starting])
        + '</select></label>'
        # The games in the match, asked as the score is: the ruling rests on them (a Swiss match in Japan is
        # ruled by game wins only as a best of three), never a best of the judge did not choose.
        + _pills("tracker-best-of", [(str(value), str(value)) for value in best_of], None, score_labels["/best_of"], ' data-score')
        + f'<fieldset class="tracker-wins" data-score data-most="{_attr(_json_for_script(most))}">'
          f'<legend>{legend(score_labels["/games_won"])}</legend>'
          f'<div class="checker-pair-sides">{wins}</div><div class="tracker-wins-pair">{drawn}</div></fieldset>'
        + f'<div class="tracker-format" data-game-only="yugioh" data-when-only="between-games"'
          f' data-yugioh-editions="{under("/side_deck_accessed")}"><label class="checker-check">'
          f'<input type="checkbox" name="tracker-side-deck"><span>{html.escape(side_deck)}</span></label></div>'
        + _pills("tracker-active", [("A", "A"), ("B", "B")], None, {"mtg": strings["active_player"], "grand-archive": strings["turn_player"],
                                                                      "yugioh": strings["duelist_turn"], "lorcana": strings["active_player"]},
                 f' data-when-only="during-game" data-yugioh-editions="{under("/active_player")}"')
        # Disney Lorcana: a penalty given before time was called adds two turns (one given after adds none: tapped then).
        + _pills("tracker-slow-before", [("A", "A"), ("B", "B")], set(), strings["slow_play_before"],
                 ' data-game-only="lorcana"', "checkbox")
        + f'<p class="tracker-setup-error tracker-alert" role="alert" hidden></p>'
        + f'<div class="tracker-start">'
          f'<button type="submit" class="md-button md-button--primary tracker-big" data-start="plain">'
          f'{html.escape(strings["time_called"])}</button>'
          f'<button type="button" class="md-button tracker-big" data-start="passing" data-game-not="yugioh">'
          f'{html.escape(strings["time_called_passing"])}</button></div></form>')
    return (
        f'<div class="tracker" data-engine-zip="{_attr(get_relative_url(engine_zip, page_url))}">'
        f'<script type="application/json" class="tracker-data">{_json_for_script(data)}</script>'
        f'<nav class="tracker-tables" aria-label="{_attr(strings["tables"])}" hidden></nav>'
        f'{setup}<section class="tracker-live" hidden></section>'
        f'{_scripts(page_url, "tracker")}</div>')


# --- the hook ------------------------------------------------------------------------------

def on_page_content(content: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    content = content.replace(EXAM_EXAMPLE_MARKER, f'<code class="exam-example">{engine_exam.new_code(seed=EXAM_EXAMPLE_SEED)}</code>')
    if TRAINING_MARKER not in content and TRACKER_MARKER not in content:
        return content
    lang = config.theme["language"]
    engine_zip = _engine_zip(config)
    content = content.replace(TRAINING_MARKER, render_training(lang, page.url, engine_zip))
    return content.replace(TRACKER_MARKER, render_tracker(lang, page.url, engine_zip))
