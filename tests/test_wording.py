"""Typographic slips a reader notices at once, caught in every text we publish.

- nested parentheses: a label that already holds parentheses put in parentheses again
  ("A の勝ち (ライフポイント (LP))");
- Japanese particles typed twice or a stray honorific ("のの", "をを", "ゲームのお結果");
- a word typed twice in English, French or Portuguese ("the the").

Read: every page in docs/, every entry of the .po catalogs, every label a ruling puts in
parentheses, and the CLI's text ruling of every YAML case in all four languages.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from rules_engine import ScenarioError, judge
from rules_engine.__main__ import as_text
from rules_engine.i18n import LANGUAGES
from rules_engine.labels import labels
from tests.test_cases import load_cases

ROOT = Path(__file__).resolve().parents[1]

NESTED = re.compile(r"[(（][^()（）\n]*[(（]")
# Particles that never come twice in a row in correct Japanese (と, で and も do: ことと, までで);
# お right after の before a kanji is a stray honorific (のお結果), except お互い.
PARTICLES = re.compile(r"(の|を|が|に)\1|のお(?!互)(?=[\u4e00-\u9fff])")
# Pronominal verbs repeat their pronoun in French ("vous vous assurez").
DOUBLED = re.compile(r"\b(?!vous\b|nous\b)(\w{2,}) \1\b", re.IGNORECASE)

MARKUP = [
    (re.compile(r"%\(\w+\)s"), "X"),         # a gettext placeholder stands for a word
    (re.compile(r"\]\([^)]*\)"), "]"),       # a Markdown link's target (placeholders gone first)
    (re.compile(r"\{[#.][^}]*\}"), ""),       # attribute lists: {#id .rule}
    (re.compile(r"`[^`]*`"), ""),             # code
    (re.compile(r"「[():]」"), "「」"),        # a mark quoted alone, by the note that corrects it
]


def plain(text: str) -> str:
    for pattern, replacement in MARKUP:
        text = pattern.sub(replacement, text)
    return text


def slips(text: str) -> list[str]:
    text = plain(text)
    found = []
    for kind, pattern in (("nested parentheses", NESTED), ("repeated particle", PARTICLES), ("doubled word", DOUBLED)):
        for match in pattern.finditer(text):
            found.append(f"{kind}: …{text[max(0, match.start() - 20):match.end() + 20]}…")
    return found


def texts() -> Iterator[tuple[str, str]]:
    for page in sorted((ROOT / "docs").rglob("*.md")):
        for number, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1):
            yield f"{page.relative_to(ROOT)}:{number}", line
    for catalog in sorted((ROOT / "translations").glob("*/*.po")):
        with catalog.open("rb") as handle:
            for message in read_po(handle):
                if message.id and message.string:
                    yield f"{catalog.relative_to(ROOT)}: {message.id!r}", str(message.string)


@pytest.mark.parametrize("example, expected", [
    ("A の勝ち (ライフポイント (LP))", "nested parentheses"),
    ("最後に終了したゲームのお結果をもって", "repeated particle"),
    ("ゲームのの結果", "repeated particle"),
    ("the the match", "doubled word"),
])
def test_the_check_catches_each_kind(example: str, expected: str) -> None:
    assert [s.split(":")[0] for s in slips(example)] == [expected]


@pytest.mark.parametrize("example", ["お互いのお互いの", "プレイヤーが行うことと", "5分までである", "vous vous assurez",
                                     "(voir [IPG 3.3](ipg.md#slow-play))", "le document (%(document)s)"])
def test_the_check_leaves_correct_text_alone(example: str) -> None:
    assert slips(example) == []


def test_no_page_or_catalog_entry_has_such_a_slip() -> None:
    found = [f"{where}: {slip}" for where, text in texts() for slip in slips(text)]
    assert found == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_labels_put_in_parentheses_hold_none_themselves(lang: str) -> None:
    # The checker and the CLI write "<result> (<decided_by>)".
    words = labels(lang)
    assert [w for w in words["decided_by"].values() if re.search(r"[()（）]", w)] == []


def labels_standing_alone(lang: str) -> dict[str, str]:
    """The labels a ruling shows as a row's whole value: results, what comes next, and the reasons
    a game in progress has no result ("Game in progress: Not needed to decide the match")."""
    words = labels(lang)
    alone = {f"decided_by {part['decided_by']}" for case in load_cases() for ruling in [safe_judge(case["scenario"])]
             if ruling for part in (ruling["current_game"], ruling["match"])
             if part["result"] is None and part["decided_by"] != "no-game"}  # no game: no row
    found = {f"result {code}": word for code, word in words["result"].items()}
    found |= {f"next {code}": word for code, word in words["next"].items()}
    decided = {**words["decided_by"], **words.get("decided_by_yugioh", {})}
    found |= {key: decided[key.split()[1]] for key in alone}
    return found


def safe_judge(scenario: dict) -> dict | None:
    try:
        return judge(scenario, "en")
    except ScenarioError:
        return None


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "ja"])
def test_a_label_standing_alone_starts_with_a_capital(lang: str) -> None:
    # pt printed "Jogo em andamento: desnecessário…" under "Partida: A vence…".
    alone = labels_standing_alone(lang)
    assert {"decided_by not-needed", "decided_by stopped"} <= set(alone)
    assert {key: word for key, word in alone.items() if not word[:1].isupper()} == {}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_ruling_of_the_cases_has_such_a_slip(lang: str) -> None:
    found = []
    for case in load_cases():
        try:
            ruling = judge(case["scenario"], lang)
        except ScenarioError:
            continue
        found += [f"{case['name']}: {slip}" for slip in slips(as_text(ruling, lang))]
    assert found == []


# --- Japanese: full-width punctuation and one register ---------------------------------
#
# The site's own Japanese text (pages less a source's own paragraphs, the catalogs) writes
# its punctuation full-width: 「：」「（）」 beside Japanese, never ":" "(" ")". An English gloss
# is written in full-width parentheses too, spaced or not: 「ゲームの敗北（Game Loss）で」, never
# "ゲームの敗北 (Game Loss) で" or "(turn player)」".
#
# One register, です・ます: a sentence of running text that ends in 。 ends in a polite form
# (です, ます, ました, でした, ません, ください, でしょう, ましょう) or in a noun ("…の誤字です。"
# or a list's "…としていたもの。"), never in a plain verb or adjective form (…する, …だ, …である,
# …ない, …た). Table cells are terse notes, not sentences, and are left alone.

JAPANESE = "[\u3040-\u30ff\u3400-\u9fff\u3000-\u303f\uff01-\uff60]"
# A gloss in half-width parentheses spaced from the Japanese ("ゲームの敗北 (Game Loss) で") is
# caught too: the site writes it （Game Loss）.
HALF_WIDTH = re.compile(rf"(?<={JAPANESE})[:()]|[:()](?={JAPANESE})|(?<={JAPANESE}) \(|\) (?={JAPANESE})")
POLITE = ("です", "ます", "ました", "でした", "ません", "ませんでした", "ください", "でしょう", "ましょう")
# Plain endings: the u-row of a verb (…る, …う, …く, …す…), the past (…た, …だ), …ない and
# adjectives in …い. Nouns that end alike: ほう ("…の多いほう"), a count ("整数2つ").
PLAIN = re.compile(r"(?:ない|[るうくすつぬぶむぐただい])$")
NOUN = re.compile(r"(?:ほう|[0-9０-９一二三四五六七八九十]つ)$")
TRAILING = re.compile(r"(?:\s*[（(][^（()）]*[）)]|\s*[）)」』】〕]|\*\*)+$")
# Pages another change is rewriting, left out of the register check until then (the test
# below fails once a page is in です・ます: then drop it from here).
REGISTER_PENDING: set[str] = set()


def plain_endings(text: str) -> list[str]:
    """The sentences of ``text`` that end in a plain form (their last words)."""
    found = []
    # A quotation keeps its source's register (Takara Tomy's and Konami Japan's rules are written である).
    text = re.sub(r"「[^「」]*」", "「」", text)
    for sentence in plain(text).split("。")[:-1]:
        # "…です（例：…）。": a parenthesis or a closing mark after the sentence's last word.
        words = TRAILING.sub("", sentence.rstrip())
        if words and not words.endswith(POLITE) and PLAIN.search(words) and not NOUN.search(words):
            found.append(words[-20:])
    return found


def japanese_texts() -> Iterator[tuple[str, str, bool]]:
    """(where, text, is running text) of the site's own Japanese words."""
    from tests.test_terminology import site_paragraphs  # the site's own lines of a page

    for page in sorted((ROOT / "docs" / "ja").rglob("*.md")):
        where = page.relative_to(ROOT).as_posix()
        for number, line in site_paragraphs(page):
            yield f"{where}:{number}", line, not line.lstrip().startswith("|")
    for catalog in sorted((ROOT / "translations").glob("*/ja.po")):
        with catalog.open("rb") as handle:
            for message in read_po(handle):
                if message.id and message.string:
                    yield f"{catalog.relative_to(ROOT)}: {message.id!r}", str(message.string), True


@pytest.mark.parametrize("example", ["マジック:ザ・ギャザリング", "マジック・イベント規定(MTR)2.4",
                                     "ゲームの敗北(Game Loss)に", "「ターンプレイヤー (turn player)」",
                                     "ゲームの敗北 (Game Loss) で", "ルール適用度 (REL)", "### 延長ターン (additional turns) {#x}"])
def test_half_width_punctuation_beside_japanese_is_caught(example: str) -> None:
    assert HALF_WIDTH.search(plain(example))


@pytest.mark.parametrize("example", ["マジック：ザ・ギャザリング", "ゲームの敗北（Game Loss）で", "ターン： 0:A",
                                     "[用語集](glossary.md#draw)）", "`python -m rules_engine`：", "%(document)sの"])
def test_full_width_punctuation_and_spaced_glosses_pass(example: str) -> None:
    assert not HALF_WIDTH.search(plain(example))


@pytest.mark.parametrize("example", ["手順は次の3つのルールに従う。", "責任である。", "引き分けだ。", "認められない。",
                                     "延長ターンを行った。", "使う（例：ダイス）。"])
def test_a_plain_sentence_ending_is_caught(example: str) -> None:
    assert plain_endings(example)


@pytest.mark.parametrize("example", ["引き分けです。", "行います（例：ダイス）。", "読んでください。", "含まれません。",
                                     "誤字（「お結果」）です。", "としていたもの（[用語集](glossary.md)）。",
                                     "3ターンか5分の早いほう。", "整数2つ。", "**ステップ1.** 勝利します。"])
def test_a_polite_or_noun_ending_passes(example: str) -> None:
    assert plain_endings(example) == []


def test_japanese_punctuation_is_full_width() -> None:
    found = [f"{where}: …{match.string[max(0, match.start() - 12):match.end() + 12]}…"
             for where, text, _ in japanese_texts() for match in HALF_WIDTH.finditer(plain(text))]
    assert found == []


# Japanese writes a document's section as the Japanese Magic source does (IPG3.3, MTR2.1, 総合ルール500.7), a number
# against its counter (4言語), and a bold label with no full stop of its own (**ステップ1**).
NOTATION = re.compile(r"(?:IPG|MTR|総合ルール) (?=[0-9])|[0-9] (?=言語|ターン|つ)|^\*\*(?![0-9.]+\*\*)[^*\n]*[。.]\*\*",
                      re.MULTILINE)  # a list's own numbers (**2.1.**) keep their points


@pytest.mark.parametrize("example", ["IPG 3.3", "総合ルール 500.7", "4 言語", "**ステップ1.** 勝利", "**このサイトの読み方。**"])
def test_a_japanese_notation_slip_is_caught(example: str) -> None:
    assert NOTATION.search(example)


def test_japanese_notation_is_one() -> None:
    found = [f"{where}: …{match.string[max(0, match.start() - 12):match.end() + 12]}…"
             for where, text, _ in japanese_texts() for match in NOTATION.finditer(text)]
    assert found == []


def test_the_site_writes_japanese_in_one_register() -> None:
    found = [f"{where}: …{ending}。" for where, text, running in japanese_texts()
             if running and not any(where.startswith(f"{page}:") for page in REGISTER_PENDING)
             for ending in plain_endings(text)]
    assert found == []


def test_a_page_left_out_of_the_register_check_still_needs_it() -> None:
    still = {where.split(":")[0] for where, text, running in japanese_texts()
             if running and plain_endings(text)}
    assert REGISTER_PENDING <= still, "in です・ます now: drop it from REGISTER_PENDING"


# --- Slow Play: the conditions the rules set ----------------------------------------------
#
# Slow Play adds turns only at Competitive and Professional REL (the IPG does not apply at
# Regular REL): wherever the glossary, the comparison or the tracker page says that it adds
# turns, the same paragraph (or table row) names the REL. A second Slow Play penalty is a
# Game Loss (IPG 3); that it adds no turns is this site's reading, not the IPG's words:
# wherever this site's text speaks of that Game Loss, the paragraph says so.

SLOW_PLAY = {"en": "Slow Play", "fr": "Slow Play", "pt": "Jogo Lento", "ja": "〔遅いプレイ〕"}
ADDS_TURNS = {"en": r"\+2|two (?:more )?turns|adds? turns", "fr": r"\+2|deux tours|ajoute\w* (?:des )?tours",
              "pt": r"\+2|dois turnos|acrescent\w* (?:dois )?turnos", "ja": r"\+2|2ターン|ターンを加え|ターンが加わ"}
GAME_LOSS = {"en": "Game Loss", "fr": "perte de partie", "pt": "Perda de Jogo", "ja": "ゲームの敗北"}
SITE_READING = {"en": "this site's reading", "fr": "lecture de ce site", "pt": "leitura deste site", "ja": "このサイトの読み方"}
CONDITION_PAGES = ("glossary.md", "compare.md", "tracker.md")


def units(lines: list[tuple[int, str]]) -> Iterator[tuple[int, str]]:
    """Paragraphs (consecutive lines) and table rows (each on its own) of a page's lines."""
    block: list[tuple[int, str]] = []
    for number, line in lines + [(0, "")]:
        if line.lstrip().startswith("|"):
            yield number, line
        elif line.strip() and (not block or block[-1][0] == number - 1):
            block.append((number, line))
            continue
        if block:
            yield block[0][0], " ".join(text for _, text in block)
        block = [(number, line)] if line.strip() and not line.lstrip().startswith("|") else []


# Disney Lorcana's Slow Play (Play Correction Guidelines 3.2) has no REL and its Game Loss is the
# Guidelines' own words (a second Warning): a paragraph of Lorcana alone is held to its own page's words.
LORCANA = re.compile(r"Lorcana|ロルカナ")


def slow_play_faults(lang: str, text: str, page: str) -> list[str]:
    faults = []
    if SLOW_PLAY[lang] not in text or page.startswith("lorcana/") or (LORCANA.search(text) and "Magic" not in text
                                                                       and "マジック" not in text):
        return faults
    if page in CONDITION_PAGES and re.search(ADDS_TURNS[lang], text) and "REL" not in text:
        faults.append("adds turns, but no REL named")
    if GAME_LOSS[lang].lower() in text.lower() and SITE_READING[lang].lower() not in text.lower():
        faults.append("a Game Loss, not marked as this site's reading")
    return faults


@pytest.mark.parametrize("lang, text, page", [
    ("en", "Slow Play (IPG 3.3): its additional remedy adds two turns to the additional turns.", "glossary.md"),
    ("fr", "| Tours additionnels | [+2 en réparation d’un Slow Play] |", "compare.md"),
    ("en", "A second Slow Play penalty to the same player is a Game Loss, not two more turns.", "mtg/end-of-match.md"),
    ("ja", "同じプレイヤーへの2回目の〔遅いプレイ〕の懲罰はゲームの敗北であり、", "tracker.md"),
])
def test_a_slow_play_statement_without_its_condition_is_caught(lang: str, text: str, page: str) -> None:
    assert slow_play_faults(lang, text, page)


def test_a_lorcana_slow_play_statement_needs_no_rel() -> None:
    assert slow_play_faults("en", "In Disney Lorcana, a Slow Play penalty adds two turns.", "tracker.md") == []
    assert slow_play_faults("en", "Magic and Disney Lorcana: Slow Play adds two turns.", "compare.md")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_slow_play_statements_carry_their_conditions(lang: str) -> None:
    from tests.test_terminology import site_paragraphs  # the site's own lines of a page

    found = []
    for path in sorted((ROOT / "docs" / lang).rglob("*.md")):
        page = path.relative_to(ROOT / "docs" / lang).as_posix()
        for number, text in units(list(site_paragraphs(path))):
            found += [f"{path.relative_to(ROOT)}:{number}: {fault}" for fault in slow_play_faults(lang, text, page)]
    assert found == []


# --- Japanese: a player's letter stands apart ----------------------------------------------
# The rulings write a player's letter with a space before its particle ("A の勝ち", "B への"),
# as everywhere on the site; "{player}への" would print "Aへの" beside "A の".

PLAYER_BEFORE_PARTICLE = re.compile(r"\{(?:player|winner|loser|active|other|first|opponent)\}(?=[\u3040-\u309f])")


SCORE_TOUCHING_JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]\{(?:score|turns)\}|\{(?:score|turns)\}[\u3040-\u30ff\u4e00-\u9fff]")


def test_a_score_is_spaced_from_the_japanese_around_it() -> None:
    # pt-ja (readings 12, 13): 「ライフ総量がA 10 – B 7なら」, 「順番はA、B、Aです」: a score or a list of turns starts
    # and ends with Latin letters and digits.
    found = [f"{where}: {text}" for where, text, _ in japanese_texts() if SCORE_TOUCHING_JAPANESE.search(text)]
    assert found == []


def test_a_players_letter_is_spaced_from_its_japanese_particle() -> None:
    assert PLAYER_BEFORE_PARTICLE.search("{player}への2回目の懲罰") and not PLAYER_BEFORE_PARTICLE.search("{player} への")
    found = [f"{where}: {text}" for where, text, _ in japanese_texts() if PLAYER_BEFORE_PARTICLE.search(text)]
    assert found == []


# --- Yu-Gi-Oh! Policy v2.3: when it ended --------------------------------------------------
# v2.3 ended the day before v2.5 took effect, and that day is known only for North America and
# Europe: wherever the site's text gives v2.3's end date, the same line names those regions.

V2_3_END = {"en": "4 September 2025", "fr": "4 septembre 2025", "pt": "4 de setembro de 2025", "ja": "2025年9月4日"}
REGION = {"en": "North America", "fr": "Amérique du Nord", "pt": "América do Norte", "ja": "北米"}


def v2_3_end_without_region(lang: str, text: str) -> bool:
    return V2_3_END[lang] in text and REGION[lang] not in text


def test_a_v2_3_end_date_without_its_region_is_caught() -> None:
    assert v2_3_end_without_region("en", "v2.3, in force until 4 September 2025")
    assert not v2_3_end_without_region("en", "v2.3, in force until 4 September 2025 in North America, Latin America and Europe")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_v2_3_end_date_names_its_region(lang: str) -> None:
    found = [f"{page.relative_to(ROOT)}:{number}" for page in sorted((ROOT / "docs" / lang).rglob("*.md"))
             for number, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1)
             if v2_3_end_without_region(lang, line)]
    assert found == []


def test_a_message_names_the_region_once() -> None:
    # pt-ja (reading 14): 「北米・ラテンアメリカ・ヨーロッパで現在施行中の…（北米・ラテンアメリカ・ヨーロッパで…施行）」: the second time is "there".
    found = [f"{where}" for where, text in texts() if where.startswith("translations")
             for lang, region in REGION.items() if f"/{lang}.po" in where and text.count(region) > 1]
    assert found == []


# French quotes with « », Portuguese with “ ”: a straight pair in running text is a slip (pt-ja D4, glossary:26).
STRAIGHT_QUOTES = re.compile(r'(?<![=\w])"[^"<>=\n]{2,}"')


@pytest.mark.parametrize("lang", ["fr", "pt"])
def test_quotes_are_the_languages_own(lang: str) -> None:
    from tests.test_terminology import site_paragraphs

    found = [f"{page.relative_to(ROOT)}:{number}: {match.group(0)}"
             for page in sorted((ROOT / "docs" / lang).rglob("*.md"))
             for number, line in site_paragraphs(page)
             if not line.lstrip().startswith(("!!!", "???", "{", "<")) and "`" not in line
             and not re.match(r"\s*[\w-]+:\s", line)  # the front matter's YAML
             for match in STRAIGHT_QUOTES.finditer(line)]
    assert found == []


def test_no_plural_in_parentheses() -> None:
    # en-fr (reading 15): « 1 manquée(s) ». A count is said so that its noun needs no plural mark: "Questions missed: 1".
    found = [where for where, text in texts() if re.search(r"\w\((?:s|es|a|as)\)", text)]
    assert found == []


# Punctuation a script writes around a value: "(…)" and ": " are written differently in French
# (a narrow space before the colon) and Japanese (full-width, no space), so they come from the
# catalogs ("{text} ({aside})", "What happens next:"), never from a template literal.
SCRIPT_PUNCTUATION = re.compile(r"`[^`\n]*(?: \(\$\{|\$\{[^{}]*\}\)|\$\{[^{}]*\}: |: \$\{)[^`\n]*`"
                                r"|\.join\(\s*[\"'`][.:;] [\"'`]\s*\)")
# The checker reads the engine's own "label (/pointer)" back out of a message: not text it writes.
READS_THE_ENGINES_WORDS = "error.field"


def test_no_script_writes_punctuation_a_language_writes_its_own_way() -> None:
    # pt-ja (reading 22): 「A の勝ち (デュエルのプレイで決着)」 from results.js; en-fr (reading 21): « La suite: ».
    assets = Path(__file__).resolve().parents[1] / "overrides" / "assets"
    found = [f"{path.relative_to(assets)}:{n}: {line.strip()}"
             for path in sorted(assets.rglob("*.js")) if "vendor" not in path.parts
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if SCRIPT_PUNCTUATION.search(line) and READS_THE_ENGINES_WORDS not in line]
    assert found == []


@pytest.mark.parametrize("line", ["el('p', {}, `${strings.next}: `)", "`${result} (${reason})`", "`: ${value}`",
                                  "parts.filter(Boolean).join(\". \")"])
def test_the_script_punctuation_check_catches_each_form(line: str) -> None:
    assert SCRIPT_PUNCTUATION.search(line)


def test_japanese_ranges_use_one_wave_dash() -> None:
    # pt-ja (reading 24): 「ステップ1〜4」 and 「ステップ2～4」 on one site. The wave dash 〜 (U+301C), never
    # the full-width tilde ～ (U+FF5E).
    root = Path(__file__).resolve().parents[1]
    files = [*sorted((root / "docs" / "ja").rglob("*.md")), *sorted((root / "translations").glob("*/ja.po"))]
    assert [str(f.relative_to(root)) for f in files if "～" in f.read_text(encoding="utf-8")] == []


# --- Whose words, and how strongly they bind --------------------------------------------------
# The Annotated MTR's English text is public: the English Magic page quotes it where this site
# has verified its words, linked, and says which annotations are its own rendering instead.

ANNOTATED_MTR = "https://blogs.magicjudges.org/rules/mtr2-4/"
ATTRIBUTE_LINE = re.compile(r"^\{#([\w-]+)([^}]*)\}\s*$")


def paragraphs(path: Path) -> dict[str, tuple[set[str], str]]:
    """{id: (classes, text)} of a page's paragraphs that carry an id, in page order."""
    lines = path.read_text(encoding="utf-8").splitlines()
    found: dict[str, tuple[set[str], str]] = {}
    for number, line in enumerate(lines):
        match = ATTRIBUTE_LINE.match(line)
        if match and number:
            found[match[1]] = (set(re.findall(r"\.([\w-]+)", match[2])), lines[number - 1])
    return found


def page_meta(path: Path) -> str:
    return path.read_text(encoding="utf-8").split("\n---", 1)[0]


def test_the_english_magic_page_quotes_the_annotated_mtr_or_says_it_renders_it() -> None:
    page = ROOT / "docs" / "en" / "mtg" / "end-of-match.md"
    found = paragraphs(page)
    annotations = {pid: value for pid, value in found.items() if "annotation" in value[0]}
    quoted = {pid for pid, (classes, text) in annotations.items() if "site-translation" not in classes}
    rendered = set(annotations) - quoted
    for pid in quoted:  # the Annotated MTR's own words: a quotation, linked to its page
        assert re.fullmatch(rf"“[^“”]+” \(\[Annotated MTR 2\.4\]\({re.escape(ANNOTATED_MTR)}\)\)", annotations[pid][1]), pid
    # Words the English original has and a translation back from French would not.
    words = " ".join(annotations[pid][1] for pid in quoted)
    for phrase in ("‘step 1’", "as many as 60 matches", "‘milking the clock’", "There will only be five turns"):
        assert phrase in words
    provenance = re.search(r'^provenance: "(.*)"$', page_meta(page), re.M)[1]
    assert ("quoted in its own English words" in provenance) == bool(quoted)
    assert ("rendering of the French, Portuguese and Japanese translations" in provenance) == bool(rendered)
    assert "blogs.magicjudges.org/rules/mtr2-4" in provenance


@pytest.mark.parametrize("lang, article", [("en", r"\bOnce the game is complete\b"), ("fr", r"^Une fois la partie terminée")])
def test_players_stay_once_the_game_is_complete(lang: str, article: str) -> None:
    # MTR 2.4: "Once the game is complete": the game that ends the match, not any game of it.
    text = paragraphs(ROOT / "docs" / lang / "mtg" / "end-of-match.md")["mtg-stay-at-table"][1]
    assert re.search(article, text)
    assert not re.search(r"\b(?:a game|une partie) (?:has ended|terminée)", text)


# A French translation of a publisher's English says what it says: "should" is not « doit ».
# "Should" is kept by a conditional (« devrait », or « serait octroyée » for "should be given").
SHOULD = {"en": r"\bshould\b", "fr": r"\b\w+(?:rais|rait|raient|rions|riez)\b"}
MUST = {"en": r"\b(?:must|has to|have to|is required|are required)\b",
        "fr": r"\b(?:doi[st]|doivent|devez|devons|il faut|Il faut|est tenu|sont tenus)\b"}


def obligation_faults(english: str, french: str) -> list[str]:
    faults = []
    if len(re.findall(MUST["fr"], french)) > len(re.findall(MUST["en"], english)):
        faults.append("an obligation the English does not state")
    if len(re.findall(SHOULD["fr"], french)) < len(re.findall(SHOULD["en"], english)):
        faults.append("a 'should' not kept")
    return faults


def test_a_should_turned_into_must_is_caught() -> None:
    assert obligation_faults("Match results should be reported.", "les résultats des matchs doivent être communiqués.")
    assert obligation_faults("The judge should ensure it.", "il faut que l’arbitre s’en assure.")
    assert not obligation_faults("Match results should be reported.", "les résultats des matchs devraient être communiqués.")


# This site's note on a corrected paragraph quotes the source's words: they are not the text.
CORRECTION_NOTE = re.compile(r"\s*\(Correction éditoriale\b.*$")


# Magic: the published French translation, whose « doit » for "should" is corrected in the open.
@pytest.mark.parametrize("game", ["mtg", "grand-archive", "yugioh"])
def test_the_french_translation_keeps_the_sources_should(game: str) -> None:
    english = paragraphs(ROOT / "docs" / "en" / game / "end-of-match.md")
    french = paragraphs(ROOT / "docs" / "fr" / game / "end-of-match.md")
    found = [f"{pid}: {fault}" for pid, (classes, text) in english.items()
             if classes & {"rule", "annotation"} and not classes & {"restated", "summary"} and pid in french
             for fault in obligation_faults(text, CORRECTION_NOTE.sub("", french[pid][1]))]
    assert found == []


# TERMS: a word's English gloss is given in parentheses the first time it appears on a page only.
GLOSS = re.compile(r"[(（]([A-Za-z][a-z]+(?: [A-Za-z][a-z]+)*)[)）]")


def repeated_glosses(text: str) -> list[str]:
    glosses = GLOSS.findall(text)
    return sorted({gloss for gloss in glosses if glosses.count(gloss) > 1})


def test_a_repeated_gloss_is_caught() -> None:
    assert repeated_glosses("la prolongation (overtime) … la prolongation (overtime) de ce match") == ["overtime"]
    assert repeated_glosses("le Slow Play (jeu lent) … une pénalité pour Slow Play (jeu lent)") == ["jeu lent"]


def test_a_gloss_is_given_once_per_page() -> None:
    found = []
    for page in sorted((ROOT / "docs" / "fr").rglob("*.md")):
        text = "\n".join(line for line in page.read_text(encoding="utf-8").splitlines()
                         if not line.startswith("provenance:"))
        found += [f"{page.relative_to(ROOT)}: ({gloss})" for gloss in repeated_glosses(text)]
    assert found == []


# Konami's text says "Game" where this site says Duel: the Yu-Gi-Oh! page says so before the
# first paragraph of that text, in every language.
GAME_IS_DUEL = {"en": "Konami's text calls a Duel a “Game”", "fr": "Le texte anglais de Konami appelle un Duel « Game »",
                "pt": "O texto em inglês da Konami chama um Duelo de “Game”", "ja": "Konami の英語の本文はデュエルを「Game」と呼んでいます"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_yugioh_page_says_konamis_game_is_a_duel(lang: str) -> None:
    found = list(paragraphs(ROOT / "docs" / lang / "yugioh" / "end-of-match.md").items())
    said = [k for k, (_, (_, text)) in enumerate(found) if GAME_IS_DUEL[lang] in text]
    assert len(said) == 1
    english = paragraphs(ROOT / "docs" / "en" / "yugioh" / "end-of-match.md")
    konami = [k for k, (pid, _) in enumerate(found)
              if pid in english and re.search(r"\bGames?\b", english[pid][1]) and "rule" in english[pid][0]]
    assert konami and said[0] < min(konami)


def test_a_site_reading_follows_the_rule_it_reads() -> None:
    # Grand Archive: the note on a time call as the turn player ends their turn reads that rule.
    for lang in LANGUAGES:
        ids = list(paragraphs(ROOT / "docs" / lang / "grand-archive" / "end-of-match.md"))
        assert ids.index("ga-turn-zero-reading") == ids.index("ga-end-of-turn-call") + 1, lang


# --- Yu-Gi-Oh! v2.5: where it is in force ---------------------------------------------------
# Konami KDE-US's Policy covers North America and Latin America & the Caribbean, so v2.5 took effect there
# on the same day as in North America; Europe follows KDE-E's edition. A line that names North America for
# an edition's dates names Latin America too: a Latin American judge is never told the site does not know.
LATIN = {"en": "Latin America", "fr": "Amérique latine", "pt": "América Latina", "ja": "ラテンアメリカ"}


def lang_of(where: str) -> str | None:
    match = re.match(r"docs/(\w\w)/|translations/\w+/(\w\w)\.po", where)
    return (match[1] or match[2]) if match else None


def region_texts() -> Iterator[tuple[str, str, str]]:
    """(where, language, text) of every page line, catalog entry and English message."""
    for where, text in texts():
        if (lang := lang_of(where)) is not None:
            yield where, lang, text
    for template in sorted((ROOT / "translations").glob("*/*.pot")):
        with template.open("rb") as handle:
            for message in read_po(handle):
                if message.id:
                    yield f"{template.relative_to(ROOT)}: {message.id!r}", "en", str(message.id)


def north_without_latin(lang: str, text: str) -> bool:
    return REGION[lang] in text and LATIN[lang] not in text


def test_north_america_without_latin_america_is_caught() -> None:
    assert north_without_latin("en", "in force since 5 September 2025 in North America and Europe")
    assert north_without_latin("fr", "hors d’Amérique du Nord et d’Europe")
    assert not north_without_latin("ja", "北米・ラテンアメリカ・ヨーロッパで2025年9月5日施行")


def test_every_text_that_names_north_america_names_latin_america() -> None:
    found = [where for where, lang, text in region_texts() if north_without_latin(lang, text)]
    assert found == []


def test_a_v2_5_ruling_names_latin_america_in_every_language() -> None:
    for lang in LANGUAGES:
        said = as_text(judge({"game": "yugioh", "round": "swiss", "games_won": [1, 0], "time_called": "during-game"}, lang), lang)
        assert LATIN[lang] in said, (lang, said)


# --- The English page's quotations: a slip of the quoted text is marked [sic] -----------------------------
# The Annotated MTR's own typos are quoted as written (the quotation is verbatim), each followed by [sic].
QUOTED_SLIPS = {"docs/en/mtg/end-of-match.md": ("report there", "A some events")}
SIC_AFTER = {"report there": "report there [sic]", "A some events": "A [sic] some events"}


@pytest.mark.parametrize("page, slips_quoted", sorted(QUOTED_SLIPS.items()))
def test_a_quoted_slip_is_marked_sic(page: str, slips_quoted: tuple[str, ...]) -> None:
    text = (ROOT / page).read_text(encoding="utf-8")
    for slip in slips_quoted:
        bare = text.replace(SIC_AFTER[slip], "")
        assert slip not in bare, (page, slip)
        assert SIC_AFTER[slip] in text, (page, slip)


# --- What a translated page says of Konami's word "Game" --------------------------------------------------
# Only the English page shows Konami's text, which says Game: a translated page says Duel throughout, so it
# never tells its reader to read Game as Duel (en-fr D5).
READ_GAME_AS_DUEL = {"en": "where it says Game, read Duel", "fr": "lisez Duel", "pt": "leia Duelo", "ja": "本文の Game は"}
THIS_TRANSLATION = {"fr": "cette traduction dit Duel", "pt": "esta tradução diz Duelo", "ja": "この翻訳では"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_game_duel_note_is_true_on_each_page(lang: str) -> None:
    text = (ROOT / "docs" / lang / "yugioh" / "end-of-match.md").read_text(encoding="utf-8")
    if lang == "en":
        assert READ_GAME_AS_DUEL["en"] in text
    else:
        assert READ_GAME_AS_DUEL[lang] not in text and THIS_TRANSLATION[lang] in text, lang


# --- The home page's card: Grand Archive's overtime is a limit, worded as the comparison page words it ------
WHICHEVER_FIRST = {"en": "3 turns or 5 minutes, whichever comes first", "fr": "3 tours ou 5 minutes, selon ce qui arrive en premier",
                   "pt": "3 turnos ou 5 minutos, o que ocorrer primeiro", "ja": "3ターンか5分の早いほう"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_home_card_gives_grand_archives_overtime_as_a_limit(lang: str) -> None:
    home = (ROOT / "docs" / lang / "index.md").read_text(encoding="utf-8")
    card = next(line for line in home.splitlines() if "](grand-archive/end-of-match.md)" in line)
    assert WHICHEVER_FIRST[lang] in card, (lang, card)


# --- Yu-Gi-Oh! v2.3, single elimination: after the turn is finished, turn by turn only while Life
# Points stay equal. A sentence that names both steps names that condition too.
TURN_BY_TURN_CONDITION = {
    "en": (r"turn by turn", r"finish\w* the (?:current )?turn|end of the turn|the turn ends", r"still equal|stay equal"),
    "fr": (r"tour par tour", r"fin du tour|termin\w* (?:le|ce) tour", r"toujours égaux|encore égaux|restent égaux"),
    "pt": (r"turno a turno", r"termin\w* (?:o|esse|este) turno|fim do turno",
           r"ainda forem iguais|ainda estiverem iguais|continuarem iguais"),
    "ja": (r"1ターンずつ", r"ターンを最後まで|ターンを終え|ターンの終了", r"それでも|同じ(?:場合|なら)"),
}


def turn_by_turn_without_condition(lang: str, text: str) -> list[str]:
    """Sentences that finish the turn, then go on turn by turn, with no "still equal" after the finish."""
    by_turn, finish, still_equal = TURN_BY_TURN_CONDITION[lang]
    found = []
    for sentence in re.split(r"(?<=[.。])\s*", text):
        going_on = re.search(by_turn, sentence)
        finished = re.search(finish, sentence)
        if going_on and finished and finished.start() < going_on.start() \
                and not re.search(still_equal, sentence[finished.end():]):
            found.append(sentence)
    return found


@pytest.mark.parametrize("lang, text", [
    ("pt", "o resultado do Duelo ou, na eliminatória simples com Pontos de Vida iguais, terminar o turno e seguir turno a turno."),
    ("ja", "シングルエリミネーションでライフポイントが同じ場合は、そのターンを最後まで行ってから1ターンずつ続けることです。"),
    ("en", "(single elimination, equal Life Points) finishing the turn and going on turn by turn."),
    ("fr", "en élimination directe avec des Life Points égaux, la fin du tour puis le jeu tour par tour."),
])
def test_turn_by_turn_without_its_condition_is_caught(lang: str, text: str) -> None:
    assert turn_by_turn_without_condition(lang, text)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_turn_by_turn_is_said_with_its_condition(lang: str) -> None:
    found = [f"{page.relative_to(ROOT)}:{number}: {sentence[:120]}"
             for page in sorted((ROOT / "docs" / lang).rglob("*.md"))
             for number, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1)
             for sentence in turn_by_turn_without_condition(lang, line)]
    assert found == []


# --- A sentence says what its last verb is about ---------------------------------------------
# Portuguese: a passive cut short ("…e a pilha de efeitos resolvida antes.") leaves "antes" with
# nothing to be before. Japanese: after a condition (…たら、), 「…してから終了します。」 does not say
# what ends; the last clause names it (「ゲームは終了します」).
DANGLING_ANTES = re.compile(r"\b\w+(?:ad|id)[ao]s? antes\.")
CONDITION_JA = re.compile(r"(?:たら|なら|れば|ると|ても)、")
ENDS_JA = re.compile(r"[^。]*(?:終了し|終わり)ます。")


def ending_without_its_subject(lang: str, text: str) -> list[str]:
    if lang == "pt":
        return DANGLING_ANTES.findall(text)
    if lang == "ja":
        return [s for s in ENDS_JA.findall(text) if not re.search(r"[はが]", CONDITION_JA.split(s)[-1])]
    return []


@pytest.mark.parametrize("lang, text, caught", [
    ("pt", "Quando os 5 minutos acabarem, o combate em andamento é terminado e a pilha de efeitos resolvida antes.", True),
    ("pt", "Quando os 5 minutos acabarem, primeiro termina-se o combate em andamento e resolve-se a pilha de efeitos.", False),
    ("pt", "a menos que o jogo termine antes.", False),
    ("ja", "5分間が尽きたら、進行中の戦闘を終え、効果スタックを解決してから終了します。", True),
    ("ja", "5分間が尽きたら、進行中の戦闘を終え、効果スタックを解決してから、ゲームは終了します。", False),
])
def test_an_ending_without_its_subject_is_caught(lang: str, text: str, caught: bool) -> None:
    assert bool(ending_without_its_subject(lang, text)) is caught


def test_no_page_or_catalog_entry_ends_without_its_subject() -> None:
    found = []
    for where, text in texts():
        lang = next((lang for lang in ("pt", "ja") if f"/{lang}/" in where or f"{lang}.po" in where), None)
        found += [f"{where}: {s}" for s in ending_without_its_subject(lang, text)] if lang else []
    assert found == []


# The end-of-match procedure named after the match it already belongs to: 「そのマッチのマッチ終了時の手順」
# (ja-pt, reading 32, D5), "la procédure de fin de match de ce match", "that match's end-of-match procedure".
MATCH_OF_THE_MATCH = re.compile(
    r"(マッチ|ゲーム|デュエル)の\1終了"
    r"|\b(match|game)'s end-of-\2\b|\bend-of-(match|game) procedure of (?:the|that|this) \3\b"
    r"|\bfin de (match|partie) (?:de ce|de cette|du|de la) \4\b"
    r"|\bfim de (partida|jogo) (?:d[ao]|dess[ae]|dest[ae]) \5\b")


@pytest.mark.parametrize("example, caught", [
    ("そのマッチのマッチ終了時の手順には", True),
    ("そのマッチには、マッチ終了時の手順で", False),
    ("3本勝負のマッチのマッチポイント", False),
    ("the additional turns of that match's end-of-match procedure", True),
    ("that match's additional turns in the end-of-match procedure", False),
    ("aux tours additionnels de la procédure de fin de match de ce match", True),
    ("aux tours additionnels de ce match dans la procédure de fin de match", False),
    ("no procedimento de fim de partida dessa partida", True),
    ("os turnos adicionais do procedimento de fim de partida", False),
])
def test_a_procedure_named_after_its_own_match_is_caught(example: str, caught: bool) -> None:
    assert bool(MATCH_OF_THE_MATCH.search(example)) is caught


def test_no_page_or_catalog_entry_names_the_match_twice() -> None:
    found = [f"{where}: {match[0]}" for where, text in texts() for match in MATCH_OF_THE_MATCH.finditer(plain(text))]
    assert found == []


# Magic's shorthand for the active and non-active player, which no page introduces (ja-pt, reading 32, C3:
# 「NAPがAPのターン終了時に」 in the published Japanese annotation): the words in full, as everywhere else.
# Only a correction note may quote the source's shorthand.
PLAYER_SHORTHAND = re.compile(r"(?<![A-Za-z0-9])N?AP(?![A-Za-z0-9])")
CORRECTION_NOTE = re.compile(r"[(（](?:Editorial correction|Correction éditoriale|Correção editorial|編集上の訂正)\s?[:：].*$")
QUOTED_WORDS = re.compile(r"「[^」]*」|“[^”]*”|«[^»]*»|\"[^\"\n]*\"")


def player_shorthand(line: str) -> list[str]:
    note = CORRECTION_NOTE.search(line)
    text = line if note is None else line[:note.start()] + QUOTED_WORDS.sub("", note[0])
    return [match[0] for match in PLAYER_SHORTHAND.finditer(plain(text))]


@pytest.mark.parametrize("line, found", [
    ("NAPがAPのターン終了時に考え込んでいるとき", ["NAP", "AP"]),
    ("非アクティブ・プレイヤーが考え込んでいるとき。（編集上の訂正：原文は「NAPがAPのターン終了時に」です。）", []),
    ("the non-active player (NAP) thinks", ["NAP"]),
    ("IPG 3.3, CR 500.7, MAPLE, CAPS", []),
])
def test_the_player_shorthand_check_catches_it_outside_a_correction_note(line: str, found: list[str]) -> None:
    assert player_shorthand(line) == found


def test_no_page_shortens_the_active_or_non_active_player() -> None:
    found = [f"{page.relative_to(ROOT)}:{number}: {word}" for page in sorted((ROOT / "docs").rglob("*.md"))
             for number, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1)
             for word in player_shorthand(line)]
    assert found == []


# --- Portuguese: a fronted "Que …" clause takes the subjunctive ----------------------------
# "Que o turno de B seja o turno 0 é uma leitura deste site", never "Que o turno de B é o turno 0 é …"
# (pt-ja D3): the clause's own verb in the indicative, before the "é … leitura" it is the subject of.
INDICATIVE_THAT = re.compile(r"\bQue (?:(?:(?!\b(?:quando|se|onde|que)\b)[^:.;])*? )?(é|são|começa|acaba|continua|vence|conta|dá|termina|ganha|"
                             r"tem|têm|joga|fica|somam|são somados|deve|pode)\b [^:.;]*?\bé (?:uma |a )?leitura")


@pytest.mark.parametrize("example, caught", [
    ("Que o turno de B é o turno 0 é uma leitura deste site", True),
    ("Que nenhum jogo novo começa é uma leitura deste site", True),
    ("Que o turno de B seja o turno 0 é uma leitura deste site", False),
    ("Que uma penalidade transformada em Perda de Jogo não acrescente turnos é a leitura deste site", False),
    ("Que o jogo não terminado não conte quando o número de jogos vencidos é igual é uma leitura deste site", False),
])
def test_the_portuguese_mood_check_catches_the_indicative(example: str, caught: bool) -> None:
    assert bool(INDICATIVE_THAT.search(example)) is caught


def test_no_portuguese_that_clause_is_in_the_indicative() -> None:
    found = [f"{where}: {text}" for where, text in texts()
             if ("/pt/" in where or "pt.po" in where) and INDICATIVE_THAT.search(plain(text))]
    assert found == []
