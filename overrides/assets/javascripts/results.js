// The results of a ruling as a judge reads them: the game in progress, the match, and the
// record to report, each result in words with how it was reached. The checker and the
// tracker show them alike (the rows of a <dl class="checker-facts">).
//
// resultRows({game, current_game, match}, strings, labels): strings holds game_in_progress,
// duel_in_progress, match, record, record_value, record_double_loss and aside
// (checker_widget.result_strings); labels, the engine's words for codes.
import { el, format } from "./dom.js";

export function resultRows(result, strings, labels) {
  // Yu-Gi-Oh! has its own words for some codes (labels.decided_by_yugioh: Duel, not game).
  const word = (group, code) => (code === null || code === undefined ? ""
    : (labels[`${group}_${String(result.game).replace("-", "_")}`] || {})[code] || labels[group][code] || code);
  // A game in progress with no result (not needed to decide the match…) says why, alone.
  const said = (part) => (part.result === null ? word("decided_by", part.decided_by)
    : format(strings.aside, { text: word("result", part.result), aside: word("decided_by", part.decided_by) }));
  const rows = [];
  // Yu-Gi-Oh! says Duel where the other games say game.
  const inProgress = result.game === "yugioh" ? strings.duel_in_progress : strings.game_in_progress;
  if (result.current_game && (result.current_game.result !== null || result.current_game.decided_by !== "no-game")) {
    rows.push(el("dt", {}, inProgress), el("dd", {}, said(result.current_game)));
  }
  rows.push(el("dt", {}, strings.match), el("dd", { class: "checker-match" }, said(result.match)));
  const [a, b, d] = result.match.record;
  // A double loss reports a loss for each Duelist: the Duels won only as they stood, after it.
  const record = result.match.result === "double-loss" ? strings.record_double_loss : strings.record_value;
  rows.push(el("dt", {}, strings.record), el("dd", {}, format(record, { a, b, d })));
  return rows;
}

// What the players do now and what happens next: the engine's own sentence (the ruling's
// `summary`), the first line of every ruling, above its results. null when there is none.
export function summaryLine(summary) {
  return summary ? el("p", { class: "ruling-summary" }, summary) : null;
}
