"""The share link's line (assets/checker/shared-line.js) writes an edition's name as a line's middle is
written: a name that only describes an edition is not capitalised there ("Grand Archive TCG, online edition,
single elimination"; Portuguese "edição online", "regras de OCG para o Japão"), as the round and the time call
are not; a title, a place's name and an acronym keep their capitals ("Policy v2.5", "Tournament Rules of 14 July
2026", « Règles de tournois du … », "Japan: rules of …", "MTR of …", "OCG rules for Japan").

Read from the words the build writes into every checker page (checker_widget.shared_words): no build needed.
"""

from __future__ import annotations

import sys

import pytest

from rules_engine.editions import EDITIONS
from rules_engine.i18n import translate
from rules_engine.rule_ids import GAMES
from tests.site.sitebuild import LANGUAGES, ROOT

sys.path.insert(0, str(ROOT / "overrides" / "hooks"))
import checker_widget  # noqa: E402

# The editions whose short name describes the edition rather than names a document or a place.
DESCRIBED = {"online", "ocg-2020-04-01"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_an_edition_s_name_mid_line_is_capitalised_only_as_a_title_or_a_name(lang: str) -> None:
    forms = checker_widget.shared_words(tuple(GAMES), lang)["forms"]
    wrong = []
    for edition in EDITIONS:
        name = translate(lang, edition.short)
        shown = forms[edition.game]["editions"][edition.id]
        acronym = name.split(" ")[0].isupper()
        expected = name[0].lower() + name[1:] if edition.id in DESCRIBED and not acronym else name
        if shown != expected:
            wrong.append((edition.id, shown, expected))
    assert wrong == []


def test_the_names_the_review_read_capitalised_are_written_in_lower_case() -> None:
    pt = checker_widget.shared_words(tuple(GAMES), "pt")["forms"]
    assert pt["grand-archive"]["editions"]["online"] == "edição online"
    assert pt["yugioh"]["editions"]["ocg-2020-04-01"] == "regras de OCG para o Japão"
    assert checker_widget.shared_words(tuple(GAMES), "en")["forms"]["yugioh"]["editions"]["ocg-2020-04-01"] == \
        "OCG rules for Japan"
