// The results of a ruling as a judge reads them: the game in progress, the match, and the
// record to report, each result in words with how it was reached. The checker and the
// tracker show them alike (the rows of a <dl class="checker-facts">).
//
// resultRows({game, current_game, match, scenario}, strings, labels): strings holds game_in_progress,
// duel_in_progress, duel_time_called, match, record, record_if, record_so_far, duels_so_far, record_how, if_nobody_wins,
// record_value, record_double_loss and aside (checker_widget.result_strings); labels, the
// engine's words for codes.
//
// The record to report is shown only for a final result (match.final). A result that holds only
// if nobody wins in the turns still to play says so on every row; an undecided match shows the
// games won so far, never as a result to record; a match whose record the text does not give
// (match.next "record-with-head-judge": Disney Lorcana's match won on lore) says who to ask, under
// "How to record the result".
import { el, format } from "./dom.js";

// Yu-Gi-Oh!: once the ruling goes on to another Duel (Policy v2.3's new Duel, the OCG's extra Duel: the
// situation holds it, or the ruling sends the Duelists to it), the game row is the Duel in which time was
// called, over, and is labelled so (strings.duel_time_called), never "Duel in progress": in the checker
// as in the tracker.
const ANOTHER_DUEL = ["new-duel", "extra-duel"];

export function resultRows(result, strings, labels) {
  // Yu-Gi-Oh! has its own words for some codes (labels.decided_by_yugioh: Duel, not game).
  const word = (group, code) => (code === null || code === undefined ? ""
    : (labels[`${group}_${String(result.game).replace("-", "_")}`] || {})[code] || labels[group][code] || code);
  // A game in progress with no result (not needed to decide the match…) says why, alone.
  const said = (part) => (part.result === null ? word("decided_by", part.decided_by)
    : format(strings.aside, { text: word("result", part.result), aside: word("decided_by", part.decided_by) }));
  const match = result.match;
  // match.final is in every ruling; a state without it (an older page's tracker) is final when decided.
  const final = match.final !== undefined ? match.final
    : ["A", "B", "draw", "double-loss"].includes(match.result) && !match.next;
  // The engine says whether the results hold only if nobody wins in the turns still to play (a match
  // won on lore once the turns are over does not; a state without the key: not final and decided).
  const provisional = match.holds_if_nobody_wins !== undefined ? match.holds_if_nobody_wins
    : !final && match.result !== "undecided";
  // A row that holds only if nobody wins by then: the condition in words, on its own line under
  // the result, at any width.
  const held = (text) => (provisional
    ? [...scoresKept(text), el("br", {}), el("em", { class: "checker-condition" }, strings.if_nobody_wins)]
    : scoresKept(text));
  const rows = [];
  // Yu-Gi-Oh! says Duel where the other games say game.
  const calledIn = Boolean(result.scenario?.tiebreak_game) || ANOTHER_DUEL.includes(match.next);
  const inProgress = result.game !== "yugioh" ? strings.game_in_progress
    : calledIn ? strings.duel_time_called : strings.duel_in_progress;
  if (result.current_game && (result.current_game.result !== null || result.current_game.decided_by !== "no-game")) {
    rows.push(el("dt", {}, inProgress), el("dd", {}, ...held(said(result.current_game))));
  }
  // Disney Lorcana's two-game format with equal match points is not called a draw (labels.result["equal-points"]).
  const matchShown = match.decided_by === "match-points" && match.result === "draw" ? { ...match, result: "equal-points" } : match;
  rows.push(el("dt", {}, strings.match), el("dd", { class: "checker-match" }, ...held(said(matchShown))));
  const [a, b, d] = match.record;
  // A double loss reports a loss for each Duelist: the Duels won only as they stood, after it.
  const record = match.result === "double-loss" ? strings.record_double_loss : strings.record_value;
  // A match won on lore (Disney Lorcana) has a winner but no record the text gives: the row says how to
  // record it (who to ask), labelled as such, never as a result to record nor as the games won.
  const instructed = match.next === "record-with-head-judge";
  const label = instructed ? strings.record_how : final ? strings.record : provisional ? strings.record_if
    : result.game === "yugioh" ? strings.duels_so_far : strings.record_so_far;
  const value = instructed ? word("next", match.next) : format(record, { a, b, d });
  rows.push(el("dt", {}, label), el("dd", {}, ...scoresKept(value)));
  return rows;
}

// What the players do now and what happens next: the engine's own sentences (the ruling's
// `summary`), the first lines of every ruling, above its results. null when there is none.
export function summaryLine(summary) {
  return summary ? el("p", { class: "ruling-summary" }, ...summaryParts(summary)) : null;
}

// The summary's first sentence (what to do now) in bold, the rest (what the ruling assumes, what it
// leads to) in the text's own weight: a long summary reads on a phone without a wall of bold.
// A sentence ends at ".", "!" or "?" before a space (a closing bracket or quote may follow the
// stop), or at Japanese 「。」, which no space follows; a dot inside "v2.5" or "2.4" ends none.
const SENTENCE_END = /[.!?][)"'»”’]*(?=\s)|。[」』）)]*/u;

export function summaryParts(summary) {
  const end = SENTENCE_END.exec(summary);
  const cut = end ? end.index + end[0].length : summary.length;
  const rest = summary.slice(cut);
  return [el("strong", {}, ...scoresKept(summary.slice(0, cut))), ...(rest.trim() ? scoresKept(rest) : [])];
}

// A score or a record as the engine writes it ("A 1 – B 0", "A 3000 – B 4000", "A 1 – B 0 – draws 1",
// 「A 1 – B 0 – 引き分け 1」), with ordinary spaces (its text is the command line's too), is read in one
// piece: never "A" at a line's end and its number on the next. scoresKept(text): the text's parts, each
// score in a <span class="site-score"> that does not wrap (site.css); the text itself is unchanged.
// Every engine sentence a page shows goes through it: the summary, the results, the steps.
const SCORE = /\bA\s\d+(?:[.,]\d+)?\s–\sB\s\d+(?:[.,]\d+)?(?:\s–\s\p{L}+\s\d+)?/gu;

export function scoresKept(text) {
  const said = String(text ?? "");
  const parts = [];
  let at = 0;
  for (const found of said.matchAll(SCORE)) {
    parts.push(said.slice(at, found.index), el("span", { class: "site-score" }, found[0]));
    at = found.index + found[0].length;
  }
  parts.push(said.slice(at));
  return parts.filter((part) => part !== "");
}
