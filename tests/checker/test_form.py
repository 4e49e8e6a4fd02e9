"""The checker's form, generated at build time from the engine's field definitions."""

from __future__ import annotations

import json
import re
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "overrides" / "hooks"))
import checker_widget  # noqa: E402

from rules_engine.contract.fields import fields_for  # noqa: E402
from rules_engine.rule_ids import GAMES  # noqa: E402


class Collect(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.elements: list[tuple[str, dict[str, str | None]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.elements.append((tag, dict(attrs)))


def parse(html: str) -> list[tuple[str, dict[str, str | None]]]:
    parser = Collect()
    parser.feed(html)
    return parser.elements


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", ["en", "fr", "pt", "ja"])
def test_every_field_of_the_engine_is_in_the_form(game: str, lang: str) -> None:
    elements = parse(checker_widget.render_form(game, lang))
    paths = {a["data-path"] for _, a in elements if a.get("data-path")}
    assert paths == {f.path for f in fields_for(game)} - {"/version"}


def test_conditions_and_bounds_come_from_the_engine() -> None:
    elements = parse(checker_widget.render_form("mtg", "en"))
    by_path = {a["data-path"]: a for _, a in elements if a.get("data-path")}
    assert json.loads(by_path["/current_game/life"]["data-when"]) == {"round": ["single-elimination"]}
    assert json.loads(by_path["/active_player"]["data-when"]) == {"time_called": ["during-game"]}
    numbers = [a for t, a in elements if t == "input" and a.get("type") == "number"]
    extension = next(a for a in numbers if a["id"] == "chk-mtg-time-extension-minutes")
    assert extension["min"] == "0" and extension["max"] == "180" and extension["step"] == "any"


def test_every_input_has_a_label_and_an_error_slot() -> None:
    html = checker_widget.render_form("yugioh", "ja")
    elements = parse(html)
    ids = {a.get("id") for _, a in elements}
    for tag, attrs in elements:
        if tag == "input" and attrs.get("type") != "hidden":
            for described in (attrs.get("aria-describedby") or "").split():
                assert described in ids or "-error" in described
    assert html.count('role="alert"') >= 5
    assert "ライフポイント" in html


def test_markup_in_labels_is_escaped() -> None:
    assert checker_widget._json_for_script({"x": "</script><b>"}) == '{"x": "\\u003c/script\\u003e\\u003cb\\u003e"}'


def test_the_widget_carries_its_strings_in_the_page_language() -> None:
    html = checker_widget.render_checker("mtg", "fr", "fr/mtg/end-of-match/", "assets/engine/engine-x.zip")
    data = json.loads(re.search(r'<script type="application/json" class="checker-data">(.*?)</script>', html).group(1))
    assert data["lang"] == "fr"
    assert set(data["labels"]) == {"result", "decided_by", "decided_by_yugioh", "next"}
    # Yu-Gi-Oh!'s own words for how a result was decided (a Duel, not a game), in the page's language.
    assert data["labels"]["decided_by_yugioh"] and all(
        "partie" not in words for words in data["labels"]["decided_by_yugioh"].values())
    assert 'data-engine-zip="../../../assets/engine/engine-x.zip"' in html
    # The client and the zip's URL go in <head>, so that the engine can start before the body is parsed.
    page = checker_widget.engine_head(f"<html><head></head><body>{html}</body></html>", "fr/mtg/end-of-match/")
    head = page.split("</head>")[0]
    assert '<meta name="engine-zip" content="../../../assets/engine/engine-x.zip">' in head
    assert '<script type="module" async src="../../../assets/engine/checker-client.mjs"></script>' in head
    # A share link starts the worker from an inline script at the top of <head>, before any stylesheet.
    page = checker_widget.engine_head(
        '<html><head><meta name="viewport" content="width=device-width"><link rel="stylesheet" href="a.css">'
        f"</head><body>{html}</body></html>", "fr/mtg/end-of-match/")
    early = page.index("window.__rulesEngineEarly")
    assert page.index('<meta name="viewport"') < early < page.index('<link rel="stylesheet"')
    assert 'new URL("../../../assets/engine/worker.mjs",location.href)' in page
    assert 'new URL("../../../assets/engine/engine-x.zip",location.href)' in page
    assert checker_widget.engine_head("<html><head></head><body>no engine</body></html>", "x/") == \
        "<html><head></head><body>no engine</body></html>"
