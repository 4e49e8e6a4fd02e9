// The turn plan as a picture: one block per turn, in order, the same under every ruling (the
// checker, a training answer, the tracker). Player A's turns are filled, B's outlined with a
// dashed edge (told apart without colour), an extra turn has a thick accent edge and a badge,
// turn 0 says that time was called in it, and the turn in which the game ended says so.
//
// It is an ordered list of text, so a screen reader reads it as it is, with the list's label
// ("Turns: 6") and each block's words; nothing is only drawn.
//
// turnPlan(turns, {strings, heading, who, current, ended, done}):
//   turns    [{number, player, extra}] as the engine gives them;
//   strings  the tool's strings: turn, player, extra, plan_label, time_called_here, game_ended_here,
//            and for Yu-Gi-Oh! turn_in_progress, turn_by_turn, duelist, duel_ended_here;
//   heading  the heading element's tag ("h2"…) and title, or null;
//   who      (player) → its name ("Player A", "Team A"), default strings.player;
//   current  the number of the turn being played (the tracker), or null;
//   ended    the number of the turn in which the game ended, or null;
//   done     (turn) → true for a turn already played (the tracker);
//   duel     Yu-Gi-Oh!: "current" for the Duel in which time was called (its turn 0 is the turn
//            in progress, the turns after it the turn-by-turn play: Yu-Gi-Oh! counts no turn 0),
//            "new" for the new Duel (its own turns 1 to 4, then on); "additional" for a Duel in which
//            the ruling plays a fixed count of additional turns after the turn in progress (its
//            additional_turns: Konami Japan's OCG rules), numbered 1, 2, 3; null for the other games.
import { el, format } from "./dom.js";

// A turn's name: its number, or in Yu-Gi-Oh!'s Duel in progress what the procedure does in it.
export function turnLabel(turn, strings, duel = null) {
  if (duel === "current" || duel === "additional") {
    return turn.number === 0 ? strings.turn_in_progress
      : format(duel === "additional" ? strings.additional_turn : strings.turn_by_turn, { number: turn.number });
  }
  return format(strings.turn, { number: turn.number });
}

export function turnPlan(turns, options) {
  const { strings, heading = null, current = null, ended = null, done = () => false, duel = null } = options;
  const who = options.who || ((player) => format(duel ? strings.duelist : strings.player, { player }));
  const box = el("div", { class: "checker-timeline turn-plan" });
  if (heading) box.append(el(heading.tag, {}, heading.title));
  if (!turns.length) {
    box.append(el("p", {}, strings.no_turns || ""));
    return box;
  }
  const list = el("ol", { "aria-label": format(strings.plan_label, { count: turns.length }) });
  for (const turn of turns) {
    const item = el("li", { class: `checker-turn player-${turn.player}${turn.extra ? " extra" : ""}` },
      el("span", { class: "checker-turn-number" }, turnLabel(turn, strings, duel)),
      el("span", { class: "checker-turn-player" }, who(turn.player)));
    if (turn.extra) item.append(el("span", { class: "checker-turn-extra" }, strings.extra));
    if (turn.number === 0 && strings.time_called_here && duel !== "new") {
      item.append(el("span", { class: "checker-turn-mark" }, strings.time_called_here));
    }
    if (ended !== null && turn.number === ended) {
      item.classList.add("ended");
      item.append(el("span", { class: "checker-turn-mark checker-turn-ended" }, duel ? strings.duel_ended_here : strings.game_ended_here));
    }
    if (current !== null && turn.number === current) {
      item.classList.add("current");
      item.setAttribute("aria-current", "step");
    } else if (done(turn)) item.classList.add("done");
    list.append(item);
  }
  box.append(list);
  return box;
}
