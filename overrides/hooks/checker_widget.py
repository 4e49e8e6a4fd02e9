"""The scenario checker on a page: its form generated from the engine's field definitions.

A procedure page marks the checker's place with ``<div class="rules-checker"
data-game="mtg"></div>``; the checker page with ``data-game="any"``. This hook replaces the
marker, at build time and in the page's language, with:
- the form (``form.checker-form``): every field of ``rules_engine.contract.fields``, labels, help,
  bounds and choices from the engine's catalogs, ``data-when`` saying when it applies, so
  it works (native validation) before Pyodide has loaded;
- the ruling region (``[data-ruling]``, DESIGN §3.4), a live region;
- the widget's own strings and the engine's code labels as JSON, so the widget can say
  "loading" or "unavailable" even when Pyodide never loads;
- the scripts: checker.js (progressive enhancement), and in <head> the engine client
  with the zip's URL (engine_head, for every page with the engine).

Runs once per page and language (mkdocs-static-i18n builds each language in turn).
"""

from __future__ import annotations

import html
import json
import re
import sys
from pathlib import Path
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page
from mkdocs.utils import get_relative_url

import site_catalog
import site_editions

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
from rules_engine.contract.fields import form_fields  # noqa: E402
from rules_engine.contract.scenario import WINS_TO_TAKE_THE_MATCH  # noqa: E402
from rules_engine.editions import REGIONS, edition as edition_of, editions_of, newest  # noqa: E402
from rules_engine.games.yugioh import RESULT_WORDS  # noqa: E402
from rules_engine.i18n import translate  # noqa: E402
from rules_engine.labels import labels  # noqa: E402
from rules_engine.rule_ids import GAMES, PAGES  # noqa: E402
from rules_engine.titles import titles  # noqa: E402

CLIENT = "assets/engine/checker-client.mjs"
WORKER = "assets/engine/worker.mjs"
MARKER = re.compile(r'<div class="rules-checker" data-game="(?P<game>[a-z-]+)"></div>')


def engine_strings(lang: str) -> dict[str, str]:
    """What every tool that runs the engine (checker, training, exams, tracker) says while it
    downloads and when it cannot start (overrides/assets/javascripts/engine-status.js)."""
    _ = site_catalog.translations(lang).gettext
    return {
        "engine_download": _("Downloading the rules engine: {received} of {total} MB"),
        "engine_download_open": _("Downloading the rules engine: {received} MB"),
        "engine_slow_network": _("The network is too slow, or was cut, while the rules engine was downloading ({received} MB received). Everything else on this page works: try again when the network is better."),
        "engine_offline": _("This device is offline and the rules engine is not on it yet. Everything else on this page works: try again once online."),
        "engine_retry": _("Try again"),
    }


def punctuation_strings(lang: str) -> dict[str, str]:
    """How each language writes words around a value the scripts put together: Japanese with
    full-width brackets and no space. Every tool that joins such words has them."""
    _ = site_catalog.translations(lang).gettext
    return {
        # TRANSLATORS: a value with a word about it in brackets ("B wins (played out)"); Japanese 「{text}（{aside}）」.
        "aside": _("{text} ({aside})"),
        # TRANSLATORS: two things said one after the other (a screen reader's line); Japanese 「{text}。{more}」.
        "in_a_row": _("{text}. {more}"),
    }


def turn_plan_strings(lang: str) -> dict[str, str]:
    """What the turn plan under every ruling says (overrides/assets/javascripts/turn-plan.js):
    the checker, a training answer and the tracker draw it alike."""
    _ = site_catalog.translations(lang).gettext
    return {
        "turn": _("Turn {number}"),
        "player": _("Player {player}"),
        "team": _("Team {player}"),  # Two-Headed Giant
        "extra": _("extra turn"),
        "turns": _("Turns"),
        "plan_label": _("Turns in the plan: {count}"),
        "time_called_here": _("time called"),
        "game_ended_here": _("game ended"),
        # Yu-Gi-Oh! counts no turn 0: the turn in progress at the time call, then turn by turn.
        "turn_in_progress": _("Turn in progress"),
        "turn_by_turn": _("Turn by turn: {number}"),
        # A fixed count of additional turns after the turn in progress (Konami Japan's OCG rules: 1 to 3).
        "additional_turn": _("Additional turn {number}"),
        "duelist": _("Duelist {player}"),
        "duel_ended_here": _("Duel ended"),
    }


def result_strings(lang: str) -> dict[str, str]:
    """The words of a ruling's results (overrides/assets/javascripts/results.js): the checker and
    the tracker show them alike."""
    _ = site_catalog.translations(lang).gettext
    return {
        "game_in_progress": _("Game in progress"),
        "match": _("Match"),
        "record": _("Result to record"),
        # Before the match is decided, never "Result to record" (results.js): the record it will be
        # if nobody wins in the turns still to play, or the games won so far.
        "record_if": _("Result to record if nobody wins by then"),
        "record_so_far": _("Game wins so far"),
        # Yu-Gi-Oh!, while the new Duel is played (the tracker): the Duel in progress at the time call, over.
        "duel_time_called": _("Duel in which time was called"),
        "duels_so_far": _("Duels won so far"),
        # A record the text does not give (Disney Lorcana's match won on lore): the row says who to ask.
        "record_how": _("How to record the result"),
        # Under a result that holds only if nobody wins in the turns (or the combat) still to play.
        "if_nobody_wins": _("if nobody wins by then"),
        "record_value": _("A {a} – B {b} – draws {d}"),
        # Yu-Gi-Oh!'s words, from the engine's catalogs (Duel, not game; the double loss's record).
        **{key: translate(lang, msgid) for key, msgid in RESULT_WORDS.items()},
    }


def _strings(lang: str) -> dict[str, str]:
    _ = site_catalog.translations(lang).gettext
    return {
        **engine_strings(lang),
        **turn_plan_strings(lang),
        **result_strings(lang),
        **punctuation_strings(lang),
        "loading": _("Loading the checker…"),
        "ready": _("Fill in the scenario and press “Rule”."),
        "working": _("Ruling…"),
        "unavailable": _("The checker could not start on this device. The procedure above still applies: read it, or ask a judge."),
        "invalid_link": _("This share link does not hold a valid scenario."),
        # The engine's refusal follows, in its own words (“Unknown key "colour".”).
        "invalid_link_reason": _("The checker could not read this link, so it did not rule on it. What the engine found:"),
        "other_game": _("This share link holds a scenario for another game. Open it in that game’s checker:"),
        # A link from before the form asked for the edition, with facts the rules in force today do not use.
        "set_aside": _("This link names no edition of the rules, so the rules in force today apply; they do not use these facts the link gives, which were set aside: {fields}."),
        "fix_fields": _("Check the highlighted field."),
        "go_to_field": _("Go to the field"),
        "rule": _("Rule"),
        "reset": _("Reset"),
        "form_cleared": _("The form was cleared."),
        "undo_reset": _("Undo"),
        "share": _("Copy the share link"),
        "copied": _("Link copied."),
        "copy_failed": _("Copy this link:"),
        "share_sheet": _("Share…"),
        "add": _("Add"),
        "remove": _("Remove"),
        "no_turns": _("No turn is played."),
        "new_duel_turns": _("The new Duel"),
        "next": _("What happens next:"),
        "explanation": _("Why: each step and its paragraph"),
        "side_deck_yes": _("Side Deck: both Duelists may use it."),
        "side_deck_no": _("Side Deck: neither Duelist may use it."),
        "time_limit": _("Overtime clock: {minutes} minutes from the end of turn 0."),
        "paragraph": _("Paragraph"),
        "game": _("Game"),
        "more": _("More facts (optional)"),
        "default_choice": _("As usual"),
        # A share link's line at the top of the page: the situation it holds, then its ruling.
        "shared": _("Shared situation:"),
        # The same line for a situation the turn tracker handed on ("Open in the checker"): nothing was shared.
        "shared_tracker": _("Situation from the turn tracker:"),
        # TRANSLATORS: whose turn it was when time was called, in the shared situation's line ("B's turn").
        "shared_turn": _("{player}'s turn"),
        # TRANSLATORS: who takes the turn after the one in progress (Magic: the active player themself, with
        # an extra turn pending), in the shared situation's line; the form's "Who takes the next turn".
        "shared_next_turn": _("{player} takes the next turn"),
        # TRANSLATORS: Grand Archive, in the shared situation's line; the form's "The 5-minute clock ran out during turn".
        "shared_clock": _("the 5-minute clock ran out during turn {turn}"),
        # TRANSLATORS: the games each side had won, in the shared situation's line.
        "shared_score": _("A {a} – B {b}"),
        # TRANSLATORS: between the facts of the shared situation's line ("Magic, Swiss, A 1 – B 0"); Japanese 「、」.
        "shared_separator": _(", "),
        "shared_full": _("Read the whole ruling ↓"),
        # In the header bar, once a link's ruling has arrived while the reader was away from its line.
        "shared_ready": _("The ruling is ready ↓"),
        "shared_details": _("See why ↓"),
        "shared_form": _("Go to the form ↓"),
        "shared_problem": _("The checker did not rule on this link."),
        # "Rule" pressed with a fact the ruling rests on not given: beside the field, then the list of them.
        "to_fill_form": _("To fill in."),
        "fill_in_form": _("To fill in first: {fields}; then press “Rule”."),
        "to_fill": _("To fill in: the share link does not give it."),
        "fill_in": _("Not in the share link, to fill in: {fields}; then press “Rule”."),
        # A fact the share link gives outside what the form allows (not one of its choices, out of its bounds).
        "to_fix": _("To fill in again: the share link gives a value this field does not allow."),
        "fix_in": _("Not possible as the share link gives them, to fill in again: {fields}; then press “Rule”."),
        "fill_in_and_fix": _("Not in the share link, to fill in: {fields}. Not possible as it gives them, to fill in again: {invalid}. Then press “Rule”."),
    }


# --- the form ----------------------------------------------------------------------------

def _attr(value: Any) -> str:
    return html.escape(value if isinstance(value, str) else json.dumps(value, ensure_ascii=False), quote=True)


def _dom_id(game: str, path: str) -> str:
    return "chk-" + game + "-" + re.sub(r"[^a-z0-9]+", "-", path.lower()).strip("-")


def _value_type(value: Any) -> str:
    return "null" if value is None else "int" if isinstance(value, int) else "string"


def _help(field: dict[str, Any], dom_id: str) -> str:
    error = f'<p class="checker-error" id="{dom_id}-error" role="alert" hidden></p>'
    if not field["help"]:
        return error
    return f'<p class="checker-help" id="{dom_id}-help">{html.escape(field["help"])}</p>{error}'


def _describedby(field: dict[str, Any], dom_id: str) -> str:
    return f"{dom_id}-help {dom_id}-error" if field["help"] else f"{dom_id}-error"


# The facts a ruling rests on that only the judge can say: never chosen for them (a form ruled on with
# one tap would rule on a score, a round or a turn nobody entered). A share link fills them.
ASKED = frozenset({"/round", "/games_won", "/active_player"})


def _initial(field: dict[str, Any]) -> Any:
    if field["path"] in ASKED:
        return field["default"]
    return field["suggested"] if field["suggested"] is not None else field["default"]


# A choice of more options than this is a drop-down list (one tap opens it, one picks): Magic's
# editions, one per Magic Tournament Rules since 2021, would be a wall of buttons.
MOST_BUTTONS = 5


def _select(field: dict[str, Any], dom_id: str, choices: list[dict[str, Any]], initial: Any) -> str:
    options = "".join(
        f'<option value="{_attr("" if c["value"] is None else str(c["value"]))}" data-type="{_value_type(c["value"])}"'
        f'{" selected" if c["value"] == initial and type(c["value"]) is type(initial) else ""}>'
        f'{html.escape(c["label"])}</option>' for c in choices)
    return (f'<label class="checker-select" for="{dom_id}"><span>{html.escape(field["label"])}</span>'
            f'<select id="{dom_id}" name="{dom_id}" aria-describedby="{_describedby(field, dom_id)}"'
            f'{" required" if field["required"] else ""}>{options}</select></label>{_help(field, dom_id)}')


def _choice(field: dict[str, Any], dom_id: str, name: str, strings: dict[str, str], game: str = "", lang: str = "en") -> str:
    initial = _initial(field)
    options = []
    choices = field["choices"]
    if field["path"] == "/edition":
        choices = choices[::-1]  # the edition in force today first, then back in time
        if REGIONS.get(game):  # a game whose regions have rules of their own: region by region, as the page lists them
            order = site_editions.regions_in_order(game, lang)
            choices = sorted(choices, key=lambda c: order.index(edition_of(game, c["value"]).region))  # type: ignore[arg-type, union-attr]
    if not field["required"] and field["default"] is None and all(c["value"] is not None for c in choices):
        # An optional choice needs a way back to "not given" (the engine's default).
        choices = [{"value": None, "label": field.get("unset_label") or strings["default_choice"]}, *choices]
    if field["path"] == "/region":
        # The region the page's language starts on (site_editions.starting_region, as the tracker's):
        # offered first, chosen (Japanese Disney Lorcana: Japan). The choice is in the scenario and its
        # share link, so the link rules the same in every language; a link that names no region is read as none.
        initial = site_editions.starting_region(game, lang)
        choices = sorted(choices, key=lambda c: c["value"] != initial)
    if len(choices) > MOST_BUTTONS:
        return _select(field, dom_id, choices, initial)
    for i, choice in enumerate(choices):
        checked = " checked" if choice["value"] == initial and type(choice["value"]) is type(initial) else ""
        value = "" if choice["value"] is None else str(choice["value"])
        options.append(
            f'<label class="checker-option"><input type="radio" name="{name}" id="{dom_id}-{i}"'
            f' value="{_attr(value)}" data-type="{_value_type(choice["value"])}"{checked}'
            f'{" required" if field["required"] else ""}>'
            f'<span>{html.escape(choice["label"])}</span></label>')
    return (f'<fieldset class="checker-choice" aria-describedby="{_describedby(field, dom_id)}">'
            f'<legend>{html.escape(field["label"])}</legend>'
            f'<div class="checker-options">{"".join(options)}</div></fieldset>{_help(field, dom_id)}')


def _number_input(field: dict[str, Any], dom_id: str, label: str, value: Any, described: str) -> str:
    bounds = "".join(f' {k}="{_attr(field[key])}"' for k, key in (("min", "minimum"), ("max", "maximum"))
                     if field[key] is not None)
    step = "any" if field["kind"] == "number" else "1"
    mode = "decimal" if field["kind"] == "number" else "numeric"
    shown = "" if value is None else f' value="{_attr(value)}"'
    required = " required" if field["required"] else ""
    return (f'<label class="checker-number" for="{dom_id}"><span>{html.escape(label)}</span>'
            f'<input type="number" id="{dom_id}" inputmode="{mode}" step="{step}"{bounds}{shown}{required}'
            f' aria-describedby="{described}"></label>')


def _wins(field: dict[str, Any], dom_id: str) -> str:
    """The games each side had won: one tap per side, from 0 to one game short of the wins that
    take the match (the engine's WINS_TO_TAKE_THE_MATCH, per best of: 0 in a best of 1, 0-1 in a
    best of 3, 0-2 in a best of 5; checker.js shows those of the best of chosen)."""
    most = {str(best_of): wins - 1 for best_of, wins in WINS_TO_TAKE_THE_MATCH.items()}
    initial = _initial(field) or [None, None]
    described = _describedby(field, dom_id)
    sides = []
    for i, player in enumerate(("A", "B")):
        options = "".join(
            f'<label class="checker-option"><input type="radio" name="{dom_id}-{i}" id="{dom_id}-{i}-{wins}"'
            f' value="{wins}" data-type="int"{" checked" if initial[i] == wins else ""}'
            f'{" required" if field["required"] else ""}><span>{wins}</span></label>'
            for wins in range(int(field["minimum"] or 0), max(most.values()) + 1))
        sides.append(f'<div class="checker-pair-side" role="radiogroup" aria-label="{player}">'
                     f'<span class="checker-pair-player" aria-hidden="true">{player}</span>'
                     f'<div class="checker-options">{options}</div></div>')
    return (f'<fieldset class="checker-pair checker-wins" aria-describedby="{described}" data-most-by="/best_of"'
            f' data-most="{_attr(most)}"><legend>{html.escape(field["label"])}</legend>'
            f'<div class="checker-pair-sides">{"".join(sides)}</div></fieldset>')


def _field(game: str, field: dict[str, Any], inner: str, strings: dict[str, str], lang: str = "en") -> str:
    dom_id = _dom_id(game, field["path"])
    kind = field["kind"]
    head = (f'<div class="checker-field" data-path="{_attr(field["path"])}" data-kind="{kind}"'
            f' data-when="{_attr(field["when"])}"')
    if kind == "choice":
        return f'{head}>{_choice(field, dom_id, dom_id, strings, game, lang)}</div>'
    if kind == "boolean":
        checked = " checked" if field["default"] is True else ""
        return (f'{head}><label class="checker-check" for="{dom_id}"><input type="checkbox" id="{dom_id}"{checked}'
                f' aria-describedby="{_describedby(field, dom_id)}"><span>{html.escape(field["label"])}</span></label>'
                f'{_help(field, dom_id)}</div>')
    if kind in ("integer", "number"):
        described = _describedby(field, dom_id)
        return f'{head}>{_number_input(field, dom_id, field["label"], _initial(field), described)}{_help(field, dom_id)}</div>'
    if kind == "date":  # the edition in force that day: the engine says which (checker.js)
        described = _describedby(field, dom_id)
        return (f'{head}><label class="checker-number checker-date" for="{dom_id}"><span>{html.escape(field["label"])}</span>'
                f'<input type="date" id="{dom_id}" aria-describedby="{described}"></label>{_help(field, dom_id)}</div>')
    if kind == "pair" and field["path"] == "/games_won":
        return f'{head}>{_wins(field, dom_id)}{_help(field, dom_id)}</div>'
    if kind == "pair":
        initial = _initial(field) or [None, None]
        described = _describedby(field, dom_id)
        inputs = "".join(_number_input(field, f"{dom_id}-{i}", player, initial[i], described)
                         for i, player in enumerate(("A", "B")))
        return (f'{head}><fieldset class="checker-pair" aria-describedby="{described}">'
                f'<legend>{html.escape(field["label"])}</legend><div class="checker-pair-inputs">{inputs}</div>'
                f'</fieldset>{_help(field, dom_id)}</div>')
    if kind == "object":
        return (f'{head}><fieldset class="checker-group"><legend>{html.escape(field["label"])}</legend>'
                f'{_help(field, dom_id)}<div class="checker-fields">{inner}</div></fieldset></div>')
    # kind == "list": a row template the widget clones; without JavaScript the list stays empty.
    return (f'{head} data-max-items="{field["max_items"]}"><fieldset class="checker-group checker-list">'
            f'<legend>{html.escape(field["label"])}</legend>{_help(field, dom_id)}'
            f'<div class="checker-rows"></div><template><div class="checker-row"><div class="checker-fields">{inner}</div>'
            f'<button type="button" class="md-button checker-remove" data-action="remove">{html.escape(strings["remove"])}'
            f'</button></div></template>'
            f'<button type="button" class="md-button checker-add" data-action="add">{html.escape(strings["add"])}</button>'
            f'</fieldset></div>')


def render_form(game: str, lang: str) -> str:
    """The form of one game: its fields nested as the scenario nests them."""
    fields = form_fields(game, lang)

    strings = _strings(lang)

    def children(parent: str) -> str:
        common, advanced, groups = [], [], []
        for field in fields:
            if field["path"].rsplit("/", 1)[0] != parent or field["path"] in ("/version", "/game"):
                continue
            inner = children(field["path"] + ("/-" if field["kind"] == "list" else ""))
            rendered = _field(game, field, inner, strings, lang)
            (advanced if field["advanced"] else groups if field["kind"] == "object" else common).append(rendered)
        more = (f'<details class="checker-more"><summary>{html.escape(strings["more"])}</summary>'
                f'<div class="checker-fields">{"".join(advanced)}</div></details>') if advanced else ""
        return "".join(common) + more + "".join(groups)

    # data-search-exclude (here, on the game switcher and on the ruling): a form's labels are not
    # what the page says, so search skips them. Material's search matches the element by its
    # tag: an excluded element must hold none of its own tag (a form, a fieldset, a section).
    # data-edition: the edition the form's facts follow while no edition is chosen (the newest, or
    # the one in force on the event date once the engine has said which).
    # data-regions: a region's own edition in force today, for the form's facts once that region is chosen.
    regions = {region: newest(game, region).id for region in REGIONS.get(game, ())}  # type: ignore[arg-type]
    return (f'<form class="checker-form" data-game="{game}" data-edition="{newest(game).id}" autocomplete="off"'
            + (f' data-regions="{_attr(regions)}"' if regions else "")
            + f' novalidate data-search-exclude>'
            f'<input type="hidden" data-path="/game" value="{game}">'
            f'<div class="checker-fields">{children("")}</div>'
            f'<div class="checker-actions"><button type="submit" class="md-button md-button--primary checker-submit">'
            f'{html.escape(strings["rule"])}</button>'
            f'<button type="reset" class="md-button checker-reset">{html.escape(strings["reset"])}</button></div>'
            f'</form>')


def render_checker(game: str, lang: str, page_url: str, engine_zip: str) -> str:
    """The whole widget for ``game`` ("any": a game switcher over all three forms)."""
    games = GAMES if game == "any" else (game,)
    _ = site_catalog.translations(lang).gettext
    strings = _strings(lang)
    pages = {g: get_relative_url(f"{'' if lang == 'en' else lang + '/'}{PAGES[g]}/", page_url) for g in GAMES}
    names = {c["value"]: c["label"] for c in form_fields("mtg", lang)[1]["choices"]}
    data = {"lang": lang, "strings": strings, "labels": labels(lang), "games": names,
            "pages": {g: ("" if g == game else pages[g]) for g in GAMES}, "titles": titles(lang)}
    switcher = ""
    if game == "any":
        options = "".join(
            f'<label class="checker-option"><input type="radio" name="checker-game" value="{g}"'
            f'{" checked" if g == "mtg" else ""}><span>{html.escape(names[g])}</span></label>' for g in GAMES)
        switcher = (f'<fieldset class="checker-choice checker-game" data-search-exclude><legend>{html.escape(strings["game"])}</legend>'
                    f'<div class="checker-options">{options}</div></fieldset>')
    forms = "".join(render_form(g, lang) for g in games)
    script = get_relative_url("assets/checker/checker.js", page_url)
    return (f'<div class="checker" data-checker="{game}" data-engine-zip="{_attr(get_relative_url(engine_zip, page_url))}">'
            f'<script type="application/json" class="checker-data">{_json_for_script(data)}</script>'
            f'{switcher}{forms}'
            f'<section class="checker-ruling" data-ruling data-state="loading" aria-live="polite" tabindex="-1"'
            f' data-search-exclude>'
            f'<p class="checker-status">{html.escape(strings["loading"])}</p></section>'
            f'<script type="module" src="{script}"></script>'
            f'</div>')


def _json_for_script(data: Any) -> str:
    # Inside <script>, "</" could close the element: escape it (and friends) as JSON allows.
    return json.dumps(data, ensure_ascii=False).replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


# --- the engine bundle: built once for the whole site -------------------------------------
# mkdocs-static-i18n runs every hook once per language: the bundle is built on the first
# on_config into a staging folder (the site folder is cleaned after on_config), its manifest
# names the zip every page links, and the files are copied once into the root site folder.
_BUNDLE: dict[str, Any] = {}


def _bundle_module() -> Any:
    import importlib.util
    spec = importlib.util.spec_from_file_location("engine_bundle", ROOT / "overrides" / "engine" / "bundle.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    if not _BUNDLE:
        import tempfile
        staging = Path(tempfile.mkdtemp(prefix="engine-bundle-"))
        _BUNDLE.update(manifest=_bundle_module().build_bundle(staging), staging=staging,
                       site_dir=Path(config.site_dir))
    return config


def on_files(files: Files, config: MkDocsConfig) -> Files:
    # The browser side is copied by build_bundle into assets/engine/; the theme folder's own
    # copies (and the build script) must not be published a second time. The shared line's script
    # is written into the pages themselves (shared_line_early).
    for file in [f for f in files if f.src_uri.startswith("engine/") or f.src_uri == "assets/checker/shared-line.js"]:
        files.remove(file)
    return files


def on_page_content(content: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    if "rules-checker" not in content:
        return content
    lang = config.theme["language"]
    engine_zip = _BUNDLE["manifest"]["zip"]
    return MARKER.sub(lambda m: render_checker(m["game"], lang, page.url, engine_zip), content)


ENGINE_ZIP = re.compile(r'<div class="[a-z]+" (?:data-checker="[a-z-]+" )?data-engine-zip="(?P<zip>[^"]+)"')


# A link that asks for an answer (a share link #scenario=…, a training question #q=…) starts
# the engine's worker from the top of <head>: an inline script runs before the stylesheets
# and the client module have arrived (0.1-0.3 s sooner, more on a slow phone). It keeps the
# worker's messages until checker-client.mjs adopts the worker (its start()); it names the
# worker after its boot data as the client would (worker.mjs's protocol).
EARLY_START = (
    "<script>/* a share or question link: the engine starts now (checker-client.mjs adopts it) */"
    'if(/^#(scenario|q|exam)=/.test(location.hash)&&window.Worker)try{{'
    "var z=new URL({zip},location.href).href,q=[],"
    'b={{zipURL:z,lang:(document.documentElement.lang||"").toLowerCase().split("-")[0]}},'
    'w=new Worker(new URL({worker},location.href),{{type:"module",name:"rules-engine "+JSON.stringify(b)}});'
    "w.onmessage=w.onerror=w.onmessageerror=function(e){{q.push(e)}};"
    "window.__rulesEngineEarly={{worker:w,zipURL:z,events:q,start:performance.now()}}"
    "}}catch(e){{}}</script>"
)
VIEWPORT = re.compile(r'<meta name="viewport"[^>]*>')


def engine_head(output: str, page_url: str) -> str:
    """A page with the engine (checker, training, tracker: an element with data-engine-zip)
    names its zip and loads the engine client in <head>, `async`: the client then runs while
    the rest of the page is parsed, and a link that asks for an answer starts the engine at
    once (EARLY_START, adopted by checker-client.mjs). Its widgets' scripts import the
    client too."""
    found = ENGINE_ZIP.search(output)
    if not found:
        return output
    # The zip was written relative to the page, as the head's URLs are.
    client = get_relative_url(CLIENT, page_url)
    zip_url = html.unescape(found["zip"])
    early = EARLY_START.format(worker=_json_for_script(get_relative_url(WORKER, page_url)),
                              zip=_json_for_script(zip_url))
    size = _BUNDLE["manifest"]["download_bytes"] if _BUNDLE else 0
    # What the files cost on the wire, per host kind (bundle.py transfer_row): the download
    # line counts the bytes that travel (checker-client.mjs travelled()).
    transfer = _BUNDLE["manifest"].get("transfer") if _BUNDLE else None
    tags = (f'<meta name="engine-zip" content="{found["zip"]}"><meta name="engine-bytes" content="{size}">'
            + (f'<meta name="engine-transfer" content="{_attr(json.dumps(transfer, sort_keys=True, separators=(",", ":")))}">'
               if transfer else "")
            + f'<script type="module" async src="{_attr(client)}"></script>')
    output = output.replace("</head>", tags + "</head>", 1)
    viewport = VIEWPORT.search(output)
    at = viewport.end() if viewport else output.index("<head>") + len("<head>")
    return output[:at] + early + output[at:]


# A share link's line under the page's title, there from the first paint and already naming the
# link's situation: the page's scripts arrive seconds later on a slow network, its text at once.
# A classic script right after the title (assets/checker/shared-line.js, written into the page)
# reads the link and puts the line in place while the page is parsed, from the words just before
# it (a JSON block: the form's field definitions and labels, the game and edition names, in the
# page's language); checker.js then fills in the engine's progress and the ruling. The policy
# vouches for the script by its hash (site_security.py): the same script on every page.
CHECKER_PAGE = re.compile(r'<div class="checker" data-checker="(?P<game>[a-z-]+)"')
FIRST_TITLE = re.compile(r'(<article class="md-content__inner[^>]*>.*?</h1>)', re.S)
SHARED_SCRIPT = ROOT / "overrides" / "assets" / "checker" / "shared-line.js"
# The facts of the situation's line, named by their choices' labels.
LABELLED = ("/region", "/round", "/time_called")
# The facts the plan rests on that the line names by the form's label when the link says they hold (three turns
# in Two-Headed Giant, the Side Deck in the new Duel, an outcome rather than a plan), in the line's order.
SAID_WHEN_TRUE = ("/two_headed_giant", "/side_deck_accessed", "/additional_turns_played")
# A format's name keeps its capitals mid-line ("Two-Headed Giant", « Troll à deux têtes »).
NAMED = ("/region", "/two_headed_giant")


def _passing(game: str, lang: str) -> str | None:
    """The line's words for a time call with the turn already being passed, naming the player whose turn
    it was (turn 0 is then the next one): the form's label for the game, the player named in it."""
    _ = site_catalog.translations(lang).gettext
    return {
        # TRANSLATORS: the form's "Passing the turn already indicated", in the shared situation's line,
        # naming the active player; it replaces "A's turn" (turn 0 is then the next turn).
        "mtg": _("{player} had already indicated passing the turn"),
        # TRANSLATORS: the form's "Time called as the turn player announced the end of their turn", in the
        # shared situation's line, naming the turn player.
        "grand-archive": _("time called as {player} announced the end of their turn"),
        # TRANSLATORS: the form's "Time called as the active player declared the end of their turn", in the
        # shared situation's line, naming the active player.
        "lorcana": _("time called as {player} declared the end of their turn"),
    }.get(game)


# The words a language capitalises wherever they stand ("Swiss", a proper adjective in English).
CAPITALISED = {"en": ("Swiss",)}


def _mid_line(label: str, path: str, lang: str) -> str:
    """A choice's label in the middle of the shared line ("Magic, Swiss, A 1 – B 0, during a Duel"; French
    « ronde suisse », « pendant un Duel »): a form's button starts with a capital, a line's middle does not,
    but for a word the language always capitalises. The region (a place's name) and a format's name keep their own."""
    if path in NAMED or not label or label.split(" ")[0] in CAPITALISED.get(lang, ()):
        return label
    return label[0].lower() + label[1:]


# The edition names that are a document's title or start with a place's name, as the language writes them: they
# keep their capitals mid-line ("Policy v2.5", "Tournament Rules of 14 July 2026", « Règles de tournois du … »,
# "Japan: rules of …"); so does a name that starts with an acronym ("MTR of …", "OCG rules for Japan").
EDITION_TITLES = {
    "en": ("Policy ", "Tournament Rules ", "Japan"),
    "fr": ("Policy ", "Règles de tournois ", "Japon"),
    "pt": ("Policy ", "Tournament Rules ", "Japão"),
}


def _edition_mid_line(name: str, lang: str) -> str:
    """An edition's name in the middle of the shared line: one that only describes the edition ("Online
    edition", « Règles OCG pour le Japon », "Edição online", "Regras de OCG para o Japão") is not
    capitalised there, as the form's choice is; a title, a place's name or an acronym keeps its capitals."""
    titles = EDITION_TITLES.get(lang)  # none: a language without capitals (Japanese: 「Policy v2.5 版」 as it is)
    if not name or titles is None or name.split(" ")[0].isupper() or name.startswith(titles):
        return name
    return name[0].lower() + name[1:]


def shared_words(games: tuple[str, ...], lang: str) -> dict[str, Any]:
    """What shared-line.js needs to name a link's situation and to tell the facts the form cannot
    hold (its choices and bounds: a one-tap game wins field offers those of the longest match)."""
    strings = _strings(lang)
    names = {c["value"]: c["label"] for c in form_fields("mtg", lang)[1]["choices"]}
    most_wins = max(WINS_TO_TAKE_THE_MATCH.values()) - 1
    forms: dict[str, Any] = {}
    for game in games:
        fields: dict[str, Any] = {}
        for field in form_fields(game, lang):
            path = field["path"]
            if path.count("/") != 1 or path in ("/version", "/game") or field["kind"] in ("object", "list"):
                continue
            entry: dict[str, Any] = {"kind": field["kind"], "required": field["required"]}
            if field["choices"]:
                entry["choices"] = [c["value"] for c in field["choices"]]
            if path in LABELLED:
                entry["labels"] = {str(c["value"]): _mid_line(c["label"], path, lang) for c in field["choices"]}
            if path in SAID_WHEN_TRUE:
                entry["said"] = _mid_line(field["label"], path, lang)
            for bound, key in (("min", "minimum"), ("max", "maximum")):
                if field[key] is not None:
                    entry[bound] = field[key]
            if path == "/games_won":
                entry["max"] = most_wins
            fields[path[1:]] = entry
        form: dict[str, Any] = {"fields": fields}
        if "turn_pass_announced" in fields:
            form["passing"] = _passing(game, lang)
        # Every game's edition is named, a game with a single edition too (Grand Archive's online edition).
        form["editions"] = {e.id: _edition_mid_line(translate(lang, e.short), lang)
                            for e in editions_of(game)}  # type: ignore[arg-type]
        form["newest"] = {"": newest(game).id,  # type: ignore[arg-type]
                          **{region: newest(game, region).id for region in REGIONS.get(game, ())}}  # type: ignore[arg-type]
        # A region's own edition names its region; a region whose rules are another game's (the Yu-Gi-Oh!
        # OCG in Japan) names that game, not the one the forms name.
        form["edition_regions"] = {e.id: e.region for e in editions_of(game) if e.region}  # type: ignore[arg-type]
        form["names"] = {region: site_editions.game_name(game, region, lang) for region in REGIONS.get(game, ())
                         if (game, region) in site_editions.REGION_GAMES}
        forms[game] = form
    keys = ("shared", "shared_tracker", "shared_turn", "shared_next_turn", "shared_clock", "shared_score", "record_value",
            "shared_separator", "working", "loading")
    return {"strings": {key: strings[key] for key in keys}, "games": names, "forms": forms}


def _shared_script() -> str:
    """shared-line.js as written into the pages: its comment lines and indentation left out."""
    lines = (line.strip() for line in SHARED_SCRIPT.read_text(encoding="utf-8").splitlines())
    return "\n".join(line for line in lines if line and not line.startswith("//"))


def shared_line_early(output: str, lang: str) -> str:
    """The words and the script of a share link's line, right after the title of a page with a checker."""
    found = CHECKER_PAGE.search(output)
    if not found:
        return output
    games = GAMES if found["game"] == "any" else (found["game"],)
    blocks = (f'<script type="application/json" id="checker-shared-words">{_json_for_script(shared_words(games, lang))}</script>'
              f'<script>{_shared_script()}</script>')
    if FIRST_TITLE.search(output):
        return FIRST_TITLE.sub(lambda m: m.group(1) + blocks, output, count=1)
    return output[:found.start()] + blocks + output[found.start():]


def on_post_page(output: str, page: Page, config: MkDocsConfig) -> str:
    return engine_head(shared_line_early(output, config.theme["language"]), page.url)


def on_post_build(config: MkDocsConfig) -> None:
    import shutil
    if Path(config.site_dir) != _BUNDLE["site_dir"] or _BUNDLE.get("copied") == config.site_dir:
        return
    shutil.copytree(_BUNDLE["staging"], _BUNDLE["site_dir"], dirs_exist_ok=True)
    _BUNDLE["copied"] = config.site_dir
