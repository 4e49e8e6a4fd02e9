"""One term per concept per language (translations/terminology.yaml), enforced.

Every page of docs/<lang>/ and every entry of the <lang>.po catalogs (form labels, engine
messages, the site's strings) is read for the variants the terminology file rejects. The
source's own paragraphs (rule text and annotations of seed origin) keep their words.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest
import yaml
from babel.messages.pofile import read_po
from hypothesis import example, given, settings
from hypothesis import strategies as st

from rules_engine import ScenarioError, judge
from rules_engine.i18n import LANGUAGES
from rules_engine.rule_ids import BY_ID
from rules_engine.titles import TITLES

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "overrides" / "hooks"))
import site_catalog  # noqa: E402  (the site's own strings, as the build reads them)

from tests.engine.strategies import scenarios  # noqa: E402

TERMINOLOGY = ROOT / "translations" / "terminology.yaml"
ATTRIBUTES = re.compile(r"^\{#([\w-]+)[^}]*\}\s*$")
GAMES = ("mtg", "grand-archive", "yugioh", "lorcana")
# A catalog entry's game, from the modules it comes from (rules_engine/games/mtg.py,
# games/grand_archive.py, games/yugioh/…, the Yu-Gi-Oh! tracker trackers/duels.py).
YUGIOH_TITLES = {title for rule, title in TITLES.items() if rule.startswith("ygo-")}
MODULES = {"mtg": re.compile(r"\bmtg\.py"), "grand-archive": re.compile(r"grand_archive"),
           "yugioh": re.compile(r"yugioh|duel"), "lorcana": re.compile(r"lorcana")}


@cache
def concepts() -> list[dict[str, Any]]:
    return yaml.load(TERMINOLOGY.read_text(encoding="utf-8"), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))["concepts"]


def violations(lang: str, text: str, game: str | None = None) -> list[str]:
    """The rejected variants ``text`` uses; ``game``: the page's or message's game, if any."""
    found = []
    for concept in concepts():
        found += concept_violations(concept, lang, text, "rejected_anywhere")
        if concept.get("only") and concept["only"] != game:
            continue
        found += concept_violations(concept, lang, text)
    return found


def concept_violations(concept: dict[str, Any], lang: str, text: str, key: str = "rejected") -> list[str]:
    return [f"{match.group(0)!r} (use {concept['terms'][lang]!r})"
            for pattern in concept.get(key, {}).get(lang, [])
            for match in re.finditer(pattern, text)]


# The pages whose rule text and annotations are a source's own words in that language (the
# Magic texts in all four; Grand Archive and Yu-Gi-Oh! in English; Disney Lorcana in English, French
# and Japanese). Elsewhere the paragraphs are this site's translation, and are checked like the rest
# of the site's text.
SOURCE_TEXTS = {("mtg", lang) for lang in LANGUAGES} | {("grand-archive", "en"), ("yugioh", "en"),
                                                       ("lorcana", "en"), ("lorcana", "fr"), ("lorcana", "ja")}
# Of those, a publisher's own text in a language other than English (Ravensburger's French rules,
# Takara Tomy's Japanese ones): its words are the document's, not a translation by others corrected
# in the open.
PUBLISHERS_OWN_TEXTS = {("lorcana", "fr"), ("lorcana", "ja")}


# Words quoted from the source inside this site's own sentence (a correction shows them).
QUOTED = re.compile(r"«[^»]*»|“[^”]*”|「[^」]*」|\"[^\"\n]*\"")


@cache
def correction_label(lang: str) -> str:
    """How a correction of the source opens in ``lang``: the badge of its paragraph."""
    return site_catalog.translations(lang).gettext("Editorial correction")


def correction_note(lang: str, line: str) -> str | None:
    """This site's note at the end of a corrected source paragraph: "(Editorial correction: …)"."""
    match = re.search(rf"[(（]{re.escape(correction_label(lang))}", line)
    return line[match.start():] if match else None


def site_paragraphs(page: Path, published_translations: bool = False) -> Iterator[tuple[int, str]]:
    """The page's lines in this site's own words: less a source's own paragraphs (it keeps its
    words), but with the paragraphs this site translated for a source and the notes by which it
    corrects one (less the source's words they quote). ``published_translations``: with a
    published translation's paragraphs too, whose words other than this site's terms are
    corrected in the open (its register and punctuation stay its own)."""
    lang = page.relative_to(ROOT / "docs").parts[0]
    lines = page.read_text(encoding="utf-8").splitlines()
    if (page_game(page), lang) not in SOURCE_TEXTS:
        yield from enumerate(lines, 1)
        return
    paragraph: list[tuple[int, str]] = []
    for number, line in enumerate(lines + [""], 1):
        if line.strip():
            paragraph.append((number, line))
            continue
        last = ATTRIBUTES.match(paragraph[-1][1]) if paragraph else None
        classes = set(re.findall(r"\.([\w-]+)", last[0])) if last else set()
        quoted = (last is not None and last[1] in BY_ID and BY_ID[last[1]].source == "seed"
                  and "site-translation" not in classes)
        if not quoted:
            yield from paragraph
        elif published_translations and lang != "en" and (page_game(page), lang) not in PUBLISHERS_OWN_TEXTS:
            # A published translation's paragraph: its words other than this site's terms are corrected in
            # the open (translators' page), so it is checked too, less the source's words its note quotes.
            # Only the note's quotes are the source's words: a word the source itself puts in quotation
            # marks (「延長」) is checked like the rest.
            for number_, text in paragraph:
                note = correction_note(lang, text)
                yield number_, text if note is None else text[:-len(note)] + QUOTED.sub("", note)
        elif "editorial-correction" in classes:
            for number_, text in paragraph:
                note = correction_note(lang, text)
                if note is not None:
                    yield number_, QUOTED.sub("", note)
        paragraph = []


def page_game(page: Path) -> str | None:
    return next((game for game in GAMES if f"/{game}/" in page.as_posix()), None)


def test_every_concept_has_a_term_in_each_language_that_its_own_rules_accept() -> None:
    ids = [c["id"] for c in concepts()]
    assert len(ids) == len(set(ids))
    for concept in concepts():
        assert set(concept["terms"]) == set(LANGUAGES), concept["id"]
        assert all(str(term).strip() for term in concept["terms"].values()), concept["id"]
        assert set(concept.get("rejected", {})) | set(concept.get("rejected_anywhere", {})) <= set(LANGUAGES), concept["id"]
        assert concept.get("why"), f"{concept['id']}: say where the term comes from"
        for lang, term in concept["terms"].items():
            assert violations(lang, term, concept.get("only")) == [], (concept["id"], lang)


@pytest.mark.parametrize("lang, text, game", [
    ("ja", "遅いプレイの罰則", None), ("ja", "ペナルティ", None), ("ja", "ターン0の終了", None),
    ("ja", "スイスのラウンド", None), ("ja", "メインフェイズ", None), ("ja", "メインフェーズ", None),
    ("ja", "優先権を受け取る", "grand-archive"), ("pt", "ação baseada em estado", None),
    ("pt", "procedimento de final de partida", None), ("fr", "l’arbitre en chef", None),
    ("fr", "Le temps de la ronde est écoulé", None),
    ("fr", "quand le temps d’une ronde s’achève", None), ("fr", "Temps écoulé", None),
    ("fr", "autant de victoires en parties", None), ("fr", "touchez quand elle se termine", None),
    ("fr", "les trials de la dernière chance", None), ("fr", "Une partie d’un tour", None),
    ("fr", "un évènement", None), ("fr", "Règles de tournoi de Magic: The Gathering", None),
    ("pt", "o maior total de pontos de vida", None), ("pt", "é punido com perda da partida (Match Loss)", None), ("pt", "resulta em desqualificação", None), ("pt", "Este procedimento de “tempo extra”", None), ("pt", "para jogar seu jogo de Magic", None), ("pt", "que todos os jogos tenham uma chance", None), ("pt", "o resultado ser anotado", None),
    ("pt", "Resultado informado na mesa", None), ("pt", "sem ter reportado o resultado", None),
    ("pt", "deve ser relatado", None), ("pt", "Regras de Torneio de Magic: The Gathering", None),
    ("pt", "edição on-line", None), ("pt", "encaminha os jogadores", "yugioh"),
    ("ja", "未終了のゲーム", None), ("ja", "終わらなかったゲーム", None), ("ja", "卓につくジャッジ", None),
    ("ja", "勝利数が同じなら", None), ("ja", "大会上の誤り", None), ("ja", "プレイヤーをヘッドジャッジ", "yugioh"),
    ("en", "sends the players to the head judge", "yugioh"),
    ("en", "no Side Deck, a random method picks who goes first", None), ("en", "random first Duelist", None),
    ("fr", "une méthode aléatoire désigne qui commence", None), ("pt", "quem começa é sorteado", None),
    ("ja", "先攻はランダムな方法で", None), ("fr", "avait déjà indiqué qu’il passait son tour", None),
    ("fr", "qu’il passait le tour", None), ("fr", "a indiqué passer son tour", None),
    ("fr", "la mesure corrective ajoute deux tours", None), ("fr", "Le joueur du tour termine le tour", None),
    ("fr", "Chacune des étapes d’un tour de Yu-Gi-Oh!", None), ("pt", "a medida adicional", None),
    ("pt", "Um jogo incompleto é um empate", None), ("pt", "Regra 1 no suíço", None),
    ("pt", "o maior número de pontos de vida", None), ("ja", "ターンを渡すときの時間切れ", None),
    ("ja", "この追加の処置は", None), ("ja", "ターンが累積するかどうか", None), ("ja", "このサイトが言い直して", None),
    ("ja", "遅延行為（Slow Play）への懲罰も適用されます", "yugioh"), ("ja", "公式のMagic: The Gathering Tournament Rulesが優先されます", None),
    ("ja", "アクティブプレイヤー", None), ("ja", "追加ターンの詳細", None), ("ja", "ライブラリのカード", None),
    ("en", "Games won before this game", "yugioh"), ("en", "A has the most game wins (A 1 – B 0)", "yugioh"),
    ("en", "If nobody wins the new Duel by then, more Life Points wins the match", "yugioh"),
    ("en", "a loss for each Duelist (the Duels when time was called: A 1 – B 0)", "yugioh"),
    ("fr", "Duel en cours : A gagne (jouée jusqu’au bout)", "yugioh"), ("fr", "Parties gagnées avant cette partie", "yugioh"),
    ("fr", "les Duellistes ont gagné autant de parties", "yugioh"), ("fr", "v2.3 : une édition antérieure", None),
    ("pt", "Jogos vencidos antes deste jogo", "yugioh"), ("pt", "o jogo continua turno a turno", "yugioh"),
    ("pt", "O jogo continua somente até o fim da Fase atual", "yugioh"), ("pt", "B tem mais vitórias em jogos", None),
    ("pt", "só um jogo ainda incompleto é um empate", None),
    ("pt", "o jogador que não tiver o maior total de vida perde o jogo, e a partida.", None),
    ("pt", "Um método aleatório (rolagem de dado, cara ou coroa) determina quem começa.", None),
    ("ja", "ランダムな方法（ダイスを振る、コイントスなど）で先攻を決めます", None),
    ("ja", "このゲームより前の勝利ゲーム数", "yugioh"), ("ja", "デュエルはその時点で終了します", "yugioh"),
    ("ja", "ターン・プレイヤーがそのターンを終え", None), ("ja", "ターンを行っているプレイヤー", None),
    ("ja", "この「延長」に関する手順は", "mtg"), ("ja", "試合時間終了が告げられた時に", "mtg"),
    ("pt", "abra o verificador e registre o resultado do jogo", None),
    # One term for the time call in a ruling, and for the record's label (en-fr reading of 28 Nov 2026, C1–C3).
    ("en", "Duel in progress: stops when time ends, with no result", "yugioh"),
    ("en", "time ended before a Duelist won the match", "yugioh"), ("en", "v2.5: time ends, both Duelists lose", "yugioh"),
    ("fr", "Duel en cours : s’arrête à la fin de la ronde, sans résultat", "yugioh"),
    ("fr", "fin de la ronde avant qu’un Duelliste ait gagné le match", "yugioh"),
    ("fr", "Bilan : A 1 – B 0 – égalités 1", None), ("pt", "Placar: A 1 – B 0 – empates 1", None),
    ("ja", "戦績：A 1 – B 0 – 引き分け 1", None),
    ("fr", "la partie continue avec une action basée sur un état supplémentaire", "mtg"),
    # One moment, one phrase in a ruling's summary and its step; the source's "overtime"; the certain turns.
    ("en", "two extra turns for A, one pending at the time call", "mtg"),
    ("fr", "celui qui était en attente quand le temps imparti a été atteint", "mtg"),
    ("fr", "Cette procédure de « dépassement du temps imparti » sert", "mtg"),
    ("fr", "après les 5 tours additionnels acquis", "mtg"),
    # One ruling, one name for the time call: not the rule's "match time limit" in a step (pt-ja 28 Nov 2026, C1, C2).
    ("pt", "considera-se que o tempo limite da partida foi atingido no turno seguinte", "mtg"),
    ("pt", "O turno 0 é o turno em andamento quando o tempo limite da partida é atingido", "mtg"),
    ("ja", "マッチの終了時刻の時点で控えていたもの", "mtg"), ("ja", "マッチの終了時刻は次のターンに入ってから来たものとみなす", "mtg"),
])
def test_each_variant_found_in_review_is_caught(lang: str, text: str, game: str | None) -> None:
    assert violations(lang, text, game)


@pytest.mark.parametrize("lang, text, game", [
    ("ja", "〔遅いプレイ〕の懲罰", None), ("ja", "0ターン目の終了", None), ("ja", "ターン10", None),
    ("ja", "スイスドローのラウンド", None), ("ja", "プレイヤーが優先権を得るたびに", "mtg"),
    ("pt", "procedimento de fim de partida", None), ("pt", "ação baseada no estado", None),
    ("fr", "quand la fin de la ronde est annoncée", None), ("fr", "autant de parties gagnées", None),
    ("fr", "appuyez sur Tour suivant", None), ("fr", "en partie", None),
    ("pt", "registrar o resultado", None), ("pt", "informe os Pontos de Vida", None),
    ("pt", "os jogadores", "mtg"), ("ja", "勝利ゲーム数", None), ("ja", "〔イベント上の誤り〕", None),
    ("ja", "プレイヤー", "grand-archive"), ("en", "the players", "mtg"),
    ("fr", "le joueur dont c’est le tour", None), ("fr", "indiqué passer le tour", None),
    ("ja", "マジック・イベント規定（Magic: The Gathering Tournament Rules, MTR）", None), ("ja", "〔遅いプレイ〕", "mtg"), ("ja", "〔遅いプレイ〕（Slow Play）の懲罰も適用されます", "yugioh"),
    ("ja", "ライブラリーアウト", None), ("ja", "追加のターン", None), ("pt", "Regra 1 nas rodadas suíças", None),
    ("ja", "延長ターン", None), ("ja", "延長時間", None), ("ja", "その延長分が終わるまで", "mtg"),
    ("ja", "このオーバータイムの手順は", "mtg"), ("ja", "時間切れのアナウンスがあった時に", "mtg"),
    ("pt", "abra o verificador e indique nele quem venceu o jogo", None), ("pt", "registrem o resultado da partida", None),
    ("en", "two extra turns for A, one pending when time was called", "mtg"),
    ("fr", "celui qui était en attente à l’annonce de la fin de la ronde", "mtg"),
    ("fr", "Cette procédure de prolongation sert", "mtg"), ("fr", "après les 5 tours additionnels assurés", "mtg"),
    ("pt", "Se o tempo limite da partida for atingido antes de um vencedor", "mtg"),
    ("ja", "マッチの終了時刻が来た時点で", "mtg"),
])
def test_the_terms_themselves_pass(lang: str, text: str, game: str | None) -> None:
    assert violations(lang, text, game) == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_page_uses_a_rejected_variant(lang: str) -> None:
    found = []
    for page in sorted((ROOT / "docs" / lang).rglob("*.md")):
        where = page.relative_to(ROOT).as_posix()
        for number, line in site_paragraphs(page, published_translations=True):
            if ATTRIBUTES.match(line):  # a paragraph's id and classes are markup, not words
                continue
            for text, game in parts_by_game(line, page_game(page)):
                found += [f"{where}:{number}: {v}" for v in violations(lang, text, game)]
    assert found == []


LINK_TARGET = re.compile(r"\]\(([^)\s]+)")


def parts_by_game(line: str, game: str | None) -> list[tuple[str, str | None]]:
    """A line of a page about several games (glossary, comparison), cut where it speaks of one: each
    table cell or paragraph whose links all lead to one game's page is that game's words."""
    if game is not None:
        return [(line, game)]
    parts = line.strip().strip("|").split(" | ") if line.lstrip().startswith("|") else [line]
    found = []
    for part in parts:
        games = {g for target in LINK_TARGET.findall(part) for g in GAMES if f"{g}/" in target}
        # The words are checked, not the addresses their links lead to (#ygo-new-duel-first-player).
        found.append((LINK_TARGET.sub("](", part), games.pop() if len(games) == 1 else None))
    return found


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_catalog_entry_uses_a_rejected_variant(lang: str) -> None:
    found = []
    # English is the messages' own words: the templates' msgids.
    for catalog in sorted((ROOT / "translations").glob("*/*.pot" if lang == "en" else f"*/{lang}.po")):
        with catalog.open("rb") as handle:
            for message in read_po(handle):
                if lang == "en" and message.id:  # its placeholders are not words ({player} is a letter)
                    message.string = re.sub(r"\{\w+\}", "{}", str(message.id))
                if not (message.id and message.string):
                    continue
                places = " ".join(path for path, _ in message.locations)
                game = next((g for g, module in MODULES.items() if module.search(places)), None)
                if game is None and (message.id in YUGIOH_TITLES or "Duel" in str(message.id)):
                    game = "yugioh"  # a shared module's words for Yu-Gi-Oh!: a rule's title, a message of Duels
                found += [f"{catalog.name}: {message.id!r}: {v}" for v in violations(lang, str(message.string), game)]
    assert found == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_glossary_table_names_each_row_once(lang: str) -> None:
    """Two games' words that are spelt alike (Slow Play) are told apart by the game they belong to."""
    import site_terms  # the glossary's table, as the build writes it

    first_cells = [row.split(" | ")[0] for row in site_terms.table(lang).splitlines()[2:]]
    assert len(first_cells) == len(set(first_cells)), sorted(c for c in first_cells if first_cells.count(c) > 1)
    # A game's name is said once in a cell (en-fr, reading 11: "opportunity (Grand Archive) (Grand Archive)").
    repeated = [cell for row in site_terms.table(lang).splitlines()[2:] for cell in row.split(" | ")
                if len(re.findall(r"[(（](Magic|Grand Archive|Yu-Gi-Oh!|マジック)[)）]", cell)) > 1]
    assert repeated == []
    # Nor two parentheses side by side (pt-ja, reading 12: 「オポチュニティ（opportunity）（Grand Archive TCG）」).
    assert not re.search(r"[)）]\s?[(（]", site_terms.table(lang))


def _words(value: Any) -> Iterator[str]:
    """Every sentence of a ruling or a refusal, without its codes and rule ids."""
    if isinstance(value, dict):
        for key, item in value.items():
            if key not in {"rule", "code", "field", "decided_by", "result", "game", "edition", "href", "path"}:
                yield from _words(item)
    elif isinstance(value, list):
        for item in value:
            yield from _words(item)
    elif isinstance(value, str):
        yield value


# A shared module speaks of Yu-Gi-Oh! too (a refusal, a summary): what it says in a Duel is read
# as a Yu-Gi-Oh! message, whatever module wrote it.
@settings(max_examples=150)
@given(scenarios(game="yugioh"), st.sampled_from(LANGUAGES))
@example({"game": "yugioh", "edition": "2.3", "round": "swiss", "games_won": [2, 0], "time_called": "between-games"}, "en")
@example({"game": "yugioh", "edition": "2.3", "round": "swiss", "games_won": [0, 2], "time_called": "between-games"}, "fr")
@example({"game": "yugioh", "round": "swiss", "best_of": 1, "games_won": [0, 0], "time_called": "during-game"}, "fr")
@example({"game": "yugioh", "round": "swiss", "best_of": 1, "games_won": [0, 0], "time_called": "during-game"}, "pt")
def test_a_yugioh_ruling_or_refusal_speaks_of_duels(scenario: dict[str, Any], lang: str) -> None:
    try:
        said = judge(scenario, lang)
    except ScenarioError as error:
        said = error.as_dict()
    found = [v for text in _words(said) for v in violations(lang, text, "yugioh")]
    assert found == [], (scenario, found)


def paragraphs_by_id(page: Path) -> dict[str, tuple[str, str]]:
    """{id: (classes, text)} of a page's paragraphs that carry an id (the line above their attributes)."""
    lines = page.read_text(encoding="utf-8").splitlines()
    found = {}
    for number, line in enumerate(lines):
        match = re.match(r"^\{#([\w-]+)([^}]*)\}\s*$", line)
        if match and number:
            found[match.group(1)] = (match.group(2), lines[number - 1])
    return found


def test_this_sites_translation_keeps_the_match_time_limit_apart_from_the_time_call() -> None:
    # en-fr (reading 15): « Si la fin de la ronde est annoncée après que le joueur actif a indiqué passer le
    # tour » put the time call where MTR 2.4 says "the match time limit": with a time extension, not the same moment.
    term = next(c for c in concepts() if c["id"] == "match-time-limit")["terms"]
    english = paragraphs_by_id(ROOT / "docs" / "en" / "mtg" / "end-of-match.md")
    found = []
    for lang in LANGUAGES[1:]:
        for rule, (classes, text) in paragraphs_by_id(ROOT / "docs" / lang / "mtg" / "end-of-match.md").items():
            if "site-translation" in classes and term["en"] in english.get(rule, ("", ""))[1] and term[lang] not in text:
                found.append(f"{lang} {rule}: {text[:80]}")
    assert found == []
    assert paragraphs_by_id(ROOT / "docs" / "fr" / "mtg" / "end-of-match.md")["mtg-pass-the-turn"]  # the check reads it


# One concept, one word: the turns a ruling adds (its first sentence said "more turns" above steps
# saying "additional turns"), the games each side has won (a form label said "Games won"), and in
# French a draw against a tie (« égalité » named both: « Parties à égalité » read as tied games).
@pytest.mark.parametrize("lang, text, game, caught", [
    ("en", "A finishes this turn, then 5 more turns: B, A, B, A, B.", None, True),
    ("en", "A finishes this turn, then 5 additional turns: B, A, B, A, B.", None, False),
    ("en", "{count} more turns after this one", None, False),
    ("fr", "A termine ce tour, puis 5 tours de plus sont joués : B, A, B, A, B.", None, True),
    ("fr", "5 minutes de jeu, puis 3 tours de plus", None, True),
    ("fr", "5 minutes de jeu, puis 3 tours additionnels", None, False),
    ("en", "Games won before time was called", None, True),
    ("en", "Game wins before time was called", None, False),
    ("fr", "Parties à égalité", None, True),
    ("fr", "Parties terminées sur une égalité", None, False),
    ("fr", "Parties gagnées à égalité : le plus haut total de points de vie gagne la partie", None, True),
    ("fr", "Une victoire qui remet le match à égalité", None, True),
    ("fr", "À égalité : finir le tour", "yugioh", True),
    ("fr", "Si le Duel est considéré comme une égalité, les Duellistes ont toujours gagné le même nombre de Duels", "yugioh", True),
    ("fr", "Si A gagne le Duel ou s’il est considéré comme une égalité", "yugioh", True),
    ("fr", "Si le Duel se termine sur une égalité", "yugioh", False),
    ("fr", "la partie est considérée comme une égalité", "mtg", False),
])
def test_one_word_for_the_added_turns_the_game_wins_and_the_draw(lang: str, text: str, game: str | None, caught: bool) -> None:
    assert bool(violations(lang, text, game)) == caught


@pytest.mark.parametrize("lang", ["fr", "pt", "ja"])
def test_a_row_label_reads_the_same_in_the_command_line_and_on_the_site(lang: str) -> None:
    """The command line's "How to record the result:" and the site's "How to record the result" label one row:
    one translation, the colon aside (ja C4: 「結果の記録方法：」 against 「結果を記録する方法」)."""
    def catalog(domain: str) -> dict[str, str]:
        with (ROOT / "translations" / domain / f"{lang}.po").open("rb") as handle:
            return {m.id: str(m.string) for m in read_po(handle) if m.id and isinstance(m.id, str)}
    engine, site = catalog("rules_engine"), catalog("site")
    pairs = [(msgid, site[msgid[:-1]]) for msgid in engine if msgid.endswith(":") and msgid[:-1] in site]
    assert pairs, "no row label shared by the command line and the site"
    differ = [(msgid, engine[msgid], words) for msgid, words in pairs
              if engine[msgid].rstrip().rstrip(":：").rstrip("\u202f ") != words]
    assert differ == []
