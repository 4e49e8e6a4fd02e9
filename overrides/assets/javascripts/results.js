// The results of a ruling as a judge reads them: the game in progress, the match, and the
// record to report, each result in words with how it was reached. The checker and the
// tracker show them alike (the rows of a <dl class="checker-facts">).
//
// resultRows({current_game, match}, strings, labels): strings holds game_in_progress, match,
// record and record_value (checker_widget.result_strings); labels, the engine's words for codes.
import { el, format } from "./dom.js";

export function resultRows(result, strings, labels) {
  const word = (group, code) => (code === null || code === undefined ? "" : labels[group][code] || code);
  // A game in progress with no result (not needed to decide the match…) says why, alone.
  const said = (part) => (part.result === null ? word("decided_by", part.decided_by)
    : `${word("result", part.result)} (${word("decided_by", part.decided_by)})`);
  const rows = [];
  if (result.current_game && (result.current_game.result !== null || result.current_game.decided_by !== "no-game")) {
    rows.push(el("dt", {}, strings.game_in_progress), el("dd", {}, said(result.current_game)));
  }
  rows.push(el("dt", {}, strings.match), el("dd", { class: "checker-match" }, said(result.match)));
  const [a, b, d] = result.match.record;
  rows.push(el("dt", {}, strings.record), el("dd", {}, format(strings.record_value, { a, b, d })));
  return rows;
}

// What the players do now and what happens next: the engine's own sentence (the ruling's
// `summary`), the first line of every ruling, above its results. null when there is none.
export function summaryLine(summary) {
  return summary ? el("p", { class: "ruling-summary" }, summary) : null;
}
