"""Every message exists in every language, filled in, with the same placeholders; .mo files are current."""

from __future__ import annotations

import re

import pytest
from babel.messages.pofile import read_po

from rules_engine import catalogs
from rules_engine.i18n import LANGUAGES

PLACEHOLDER = re.compile(r"\{[a-z_]+\}")


def load(lang: str):  # type: ignore[no-untyped-def]
    with (catalogs.CATALOGS / f"{lang}.po").open("rb") as handle:
        return read_po(handle, locale=lang)


def test_the_template_holds_every_message_the_code_marks() -> None:
    with (catalogs.CATALOGS / "rules_engine.pot").open("rb") as handle:
        committed = {m.id for m in read_po(handle) if m.id}
    assert committed == {m.id for m in catalogs.template() if m.id}, "run: python -m rules_engine.catalogs extract"


@pytest.mark.parametrize("lang", catalogs.TRANSLATED)
def test_every_message_is_translated_with_the_same_placeholders(lang: str) -> None:
    template = {m.id for m in catalogs.template() if m.id}
    catalog = load(lang)
    translated = {m.id: m for m in catalog if m.id}
    assert set(translated) == template
    for msgid, message in translated.items():
        assert message.string.strip(), f"{lang}: empty translation of {msgid!r}"
        assert not message.fuzzy, f"{lang}: fuzzy translation of {msgid!r}"
        assert sorted(PLACEHOLDER.findall(message.string)) == sorted(PLACEHOLDER.findall(msgid)), (lang, msgid)


@pytest.mark.parametrize("lang", catalogs.TRANSLATED)
def test_sentences_are_not_left_in_english(lang: str) -> None:
    catalog = load(lang)
    # A whole sentence left as its English msgid is untranslated; short codes and names may stay.
    untranslated = [m.id for m in catalog if m.id and len(m.id.split()) > 3 and m.string == m.id]
    assert untranslated == []


@pytest.mark.parametrize("lang", catalogs.TRANSLATED)
def test_the_compiled_catalog_is_not_older_than_its_po(lang: str) -> None:
    assert catalogs.mo_path(lang).read_bytes() == catalogs.compiled(lang), \
        f"{catalogs.mo_path(lang)} is stale: run python -m rules_engine.catalogs compile"


def test_japanese_messages_are_japanese() -> None:
    assert all(re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", m.string) for m in load("ja")
               if m.id and len(m.id.split()) > 3)


def test_languages() -> None:
    assert LANGUAGES == ("en", "fr", "pt", "ja")
