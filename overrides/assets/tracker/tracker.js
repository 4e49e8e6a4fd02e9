// The end-of-round turn tracker (DESIGN §3.6): a judge's taps at the table, kept on this
// device, and the procedure's state as the rules engine derives it from them.
//
// Every tap is appended at once, with its time, to an event list in localStorage, BEFORE the
// engine is asked: the first taps never wait for Pyodide, and a reload, a locked screen or a
// cold engine loses nothing. The state shown (turn, whose turn, turns left, the Grand Archive
// clock, what happens when it runs out, the end) is always window.rulesChecker.track(events,
// lang, now) — rules_engine.trackers.turns, the code that rules on scenarios — never worked out here.
//
// Time: Date.now(), or window.__trackerNow() when a test defines it (read only if present).
// Everything shown is set with textContent.

// window.rulesChecker: imported, so it exists before this runs (the page also loads it
// `async`, to start the engine early for a link that asks for an answer).
import "../engine/checker-client.mjs";
import { el, format } from "../javascripts/dom.js";
import { downloadBar, downloadText, problemText } from "../javascripts/engine-status.js";
import { keepOnDevice } from "../javascripts/storage.js";
import { resultRows, scoresKept, summaryLine } from "../javascripts/results.js";
import { turnLabel, turnPlan } from "../javascripts/turn-plan.js";

const EVENTS_KEY = "end-of-match:tracker:events:v1";
const TABLES_KEY = "end-of-match:tracker:tables:v1";
const ACTIVE_KEY = "end-of-match:tracker:active:v1";
const MAX_EVENTS = 200; // rules_engine.trackers.turns.MAX_EVENTS
const MAX_TABLES = 8;
// A tap that ends a turn (or a Phase) leaves its button unable to take another for this long:
// the second tap of an accidental double tap is not a second turn.
const DOUBLE_TAP_MS = 600;
// The first table keeps the key a single procedure always had.
const eventsKey = (id) => (id === "1" ? EVENTS_KEY : `${EVENTS_KEY}:${id}`);

for (const root of document.querySelectorAll(".tracker")) setUp(root);

function now() {
  return typeof window.__trackerNow === "function" ? Number(window.__trackerNow()) : Date.now();
}

function setUp(root) {
  const data = JSON.parse(root.querySelector(".tracker-data").textContent);
  const { strings, labels, lang } = data;
  const setup = root.querySelector(".tracker-setup");
  const live = root.querySelector(".tracker-live");

  let state = null; // the engine's answer for `answered` (the events' JSON)
  let answered = "";
  let asking = 0;
  let pending = false;
  const memory = new Map(); // table id → its events, when this device refuses localStorage
  let ticker = 0;
  let awake = false;
  let wakeLock = null;
  let wakeRequest = null;

  // --- the tables, each with its event list, kept on the device ------------------------------
  let tables = readTables();
  let activeId = readActive();

  function readTables() {
    try {
      const list = JSON.parse(localStorage.getItem(TABLES_KEY) || "null");
      if (Array.isArray(list) && list.length && list.every((t) => t && typeof t.id === "string")) {
        return list.slice(0, MAX_TABLES).map((t) => ({ id: t.id, name: typeof t.name === "string" ? t.name : "" }));
      }
    } catch { /* unreadable: start with one table */ }
    return [{ id: "1", name: "" }];
  }

  function readActive() {
    let id = null;
    try { id = localStorage.getItem(ACTIVE_KEY); } catch { /* no storage */ }
    return tables.some((t) => t.id === id) ? id : tables[0].id;
  }

  function saveTables() {
    try {
      localStorage.setItem(TABLES_KEY, JSON.stringify(tables));
      localStorage.setItem(ACTIVE_KEY, activeId);
    } catch { /* the taps themselves say when storage fails */ }
  }

  function load(id = activeId) {
    if (memory.has(id)) return memory.get(id).slice();
    try {
      const events = JSON.parse(localStorage.getItem(eventsKey(id)) || "[]");
      return Array.isArray(events) ? named(events) : [];
    } catch {
      return [];
    }
  }

  // A Yu-Gi-Oh! procedure kept from before the start named its edition was run by the three-rule
  // procedure (the only one the tracker ran then): it goes on under it (judge_tools.UNNAMED_DUEL_EDITION).
  function named(events) {
    const first = events[0];
    if (first && first.type === "start" && first.game === "yugioh" && !("edition" in first) && !("event_date" in first)) {
      events[0] = { ...first, edition: data.unnamed_duel_edition };
    }
    return events;
  }

  function store(events) {
    if (events.length) keepOnDevice();
    try {
      if (events.length) localStorage.setItem(eventsKey(activeId), JSON.stringify(events));
      else localStorage.removeItem(eventsKey(activeId));
      memory.delete(activeId);
    } catch {
      memory.set(activeId, events.slice());
      storageAlert.hidden = false;
    }
  }

  function tap(event) {
    tapRefused.hidden = true;
    const events = load();
    if ((event.type === "start") !== (events.length === 0) || events.length >= MAX_EVENTS) return;
    const last = events[events.length - 1];
    // Never earlier than the tap before (a device clock set back must not reorder them).
    const at = Math.max(now(), last && Number.isFinite(last.at) ? last.at : -Infinity);
    events.push({ ...event, at });
    store(events);
    refresh(events);
  }

  // --- the setup: game, format, active player, time called -----------------------------------
  const gameInputs = [...setup.querySelectorAll('input[name="tracker-game"]')];
  const passingButton = setup.querySelector('[data-start="passing"]');
  const chosen = (name) => setup.querySelector(`input[name="${name}"]:checked`)?.value;

  const setupError = setup.querySelector(".tracker-setup-error");
  const tableName = setup.querySelector('input[name="tracker-table"]');

  function applyGame() {
    const game = chosen("tracker-game");
    const when = game === "yugioh" ? chosen("tracker-when") : "during-game";
    for (const part of setup.querySelectorAll("[data-game-only]")) part.hidden = part.dataset.gameOnly !== game;
    for (const part of setup.querySelectorAll("[data-game-not]")) part.hidden = part.dataset.gameNot === game;
    for (const part of setup.querySelectorAll("[data-when-only]")) {
      part.hidden = part.dataset.whenOnly !== when || (part.dataset.gameOnly && part.dataset.gameOnly !== game);
    }
    // Yu-Gi-Oh!: what an edition does not ask for is not asked (v2.5 stops the Duel at the time call).
    for (const part of setup.querySelectorAll("[data-yugioh-editions]")) {
      if (game === "yugioh" && !part.dataset.yugiohEditions.split(" ").includes(chosen("tracker-edition"))) part.hidden = true;
    }
    // Grand Archive's end-of-turn call, and Lorcana's (the active player declaring the end of their turn).
    passingButton.textContent = game === "lorcana" ? strings.time_called_ending_lorcana
      : game === "grand-archive" ? strings.time_called_ending : strings.time_called_passing;
    // The score is asked in every game; a Two-Headed Giant match is one game, with none before it.
    for (const part of setup.querySelectorAll("[data-score]")) part.hidden = teams();
    // The games won: one tap per side, none chosen (DESIGN §3.6: asked, never filled in), those the
    // best of allows (one game short of the wins that take the match); a choice made beyond them stays
    // in sight, for the engine to say why it cannot be.
    for (const side of setup.querySelectorAll(".tracker-wins-choice")) {
      side.setAttribute("aria-label", `${data.field_labels[game].games_won} ${side.dataset.player}`);
    }
    // Games in the match: the game's own choices; one it does not have is no longer chosen (asked again).
    for (const input of setup.querySelectorAll('input[name="tracker-best-of"]')) {
      const own = data.best_of[game].includes(Number(input.value));
      input.closest("label").hidden = !own;
      if (!own && input.checked) input.checked = false;
    }
    lastWins();
    lorcanaEditions();
  }

  // Disney Lorcana: the region's editions, the current one first (chosen unless the judge chose another of them).
  const editionSelect = setup.querySelector('select[name="tracker-lorcana-edition"]');
  let editionsOf = null;
  function lorcanaEditions() {
    const region = chosen("tracker-region") || "";
    if (!editionSelect || editionsOf === region) return;
    editionsOf = region;
    const kept = editionSelect.value;
    editionSelect.replaceChildren(...data.lorcana_editions[region].map(([value, text]) => el("option", { value }, text)));
    if (data.lorcana_editions[region].some(([value]) => value === kept)) editionSelect.value = kept;
  }

  function lastWins() {
    const wins = setup.querySelector("fieldset.tracker-wins");
    const most = JSON.parse(wins.dataset.most)[chosen("tracker-best-of")];
    for (const input of wins.querySelectorAll('input[type="radio"]')) {
      input.closest("label").hidden = most !== undefined && Number(input.value) > most && !input.checked;
    }
  }

  const teams = () => chosen("tracker-game") === "mtg" && setup.querySelector('input[name="tracker-2hg"]').checked;
  // A setup field the judge is asked now (applyGame hides those the game, edition or moment does not ask).
  const shown = (name) => !setup.querySelector(`input[name="${name}"]`).closest("[hidden]");

  // The score the judge entered (DESIGN §3.6): handed on as entered; the engine checks it.
  function score() {
    if (teams()) return { games_won: [0, 0] };
    const number = (name) => {
      const value = setup.querySelector(`input[name="${name}"]`).value.trim();
      return value === "" ? Number.NaN : Number(value);
    };
    const wins = (player) => {
      const value = chosen(`tracker-wins-${player}`);
      return value === undefined ? Number.NaN : Number(value);
    };
    return { best_of: Number(chosen("tracker-best-of")), games_won: ["A", "B"].map(wins),
      games_drawn: number("tracker-drawn") };
  }

  function start(passing) {
    const game = chosen("tracker-game");
    const event = { type: "start", game, round: chosen("tracker-round"), ...score() };
    // Never a fact the judge did not enter (the round, when time was called, the games in the match, the
    // score, whose turn): each one not given is asked beside its field, and all of them above the buttons,
    // before any tap; what was entered stays.
    const empty = ["A", "B"].find((p, i) => Number.isNaN(event.games_won[i]));
    const unchosen = (name) => shown(name) && !chosen(name)
      && { input: setup.querySelector(`input[name="${name}"]`), text: strings.to_fill };
    const missing = [
      !event.round && { input: setup.querySelector('input[name="tracker-round"]'), text: strings.to_fill },
      unchosen("tracker-when"),
      unchosen("tracker-best-of"),
      empty && { input: setup.querySelector(`input[name="tracker-wins-${empty}"]`), text: strings.wins_missing },
      shown("tracker-active") && !chosen("tracker-active")
        && { input: setup.querySelector('input[name="tracker-active"]'), text: strings.to_fill },
    ].filter(Boolean);
    for (const old of setup.querySelectorAll(".tracker-field-error")) old.remove();
    if (missing.length) {
      const names = missing.map(({ input, text }) => {
        const fieldset = input.closest("fieldset");
        fieldset.after(el("p", { class: "tracker-field-error" }, text));
        return fieldset.querySelector("legend").innerText.trim();
      });
      setupError.textContent = missing.length === 1 && empty ? strings.wins_missing
        : format(strings.fill_in_first, { fields: new Intl.ListFormat(data.lang, { type: "conjunction" }).format(names) });
      setupError.hidden = false;
      missing[0].input.focus();
      return;
    }
    if (game === "yugioh") {
      // Yu-Gi-Oh!: the game wins decide whether a new Duel follows.
      event.edition = chosen("tracker-edition");
      event.time_called = chosen("tracker-when");
      // Only the facts the setup asks for under this edition and moment (applyGame).
      if (shown("tracker-active")) event.active_player = chosen("tracker-active");
      if (shown("tracker-side-deck") && setup.querySelector('input[name="tracker-side-deck"]').checked) {
        event.side_deck_accessed = true;
      }
    } else {
      Object.assign(event, { active_player: chosen("tracker-active"), turn_pass_announced: passing });
      if (game === "mtg" && setup.querySelector('input[name="tracker-2hg"]').checked) event.two_headed_giant = true;
      if (game === "mtg" && chosen("tracker-rel")) event.rel = chosen("tracker-rel");
    }
    if (game === "lorcana") {
      if (chosen("tracker-region")) event.region = chosen("tracker-region");
      event.edition = editionSelect.value;
      const before = [...setup.querySelectorAll('input[name="tracker-slow-before"]:checked')].map((input) => input.value);
      if (before.length) event.slow_play_penalties = before.map((player) => ({ player, during_additional_turns: false }));
    }
    const table = tables.find((t) => t.id === activeId);
    table.name = tableName.value.trim().slice(0, 12);
    saveTables();
    renderTables();
    setupError.hidden = true;
    tap(event);
    fromTheTop(game === "yugioh" ? live.querySelector(".tracker-actions button:not([hidden])") : controls.next);
  }

  setup.addEventListener("change", applyGame);
  setup.addEventListener("submit", (event) => {
    event.preventDefault();
    start(false);
  });
  passingButton.addEventListener("click", () => start(true));
  setup.addEventListener("click", (event) => {
    if (event.target.closest("[data-action=remove-table]")) removeTable();
  });
  applyGame();

  // --- the live view ------------------------------------------------------------------------
  const announcer = el("p", { class: "tracker-announce", role: "status" });
  const storageAlert = el("p", { class: "tracker-alert", role: "alert", hidden: "" }, strings.storage_failed);
  const boardStatus = el("p", { class: "tracker-status" });
  const turnLine = el("p", { class: "tracker-turn" });
  const playerLine = el("p", { class: "tracker-player" });
  const extraLine = el("p", { class: "tracker-extra", hidden: "" }, strings.extra);
  const leftLine = el("p", { class: "tracker-left" });
  const additionalLine = el("p", { class: "tracker-additional" });
  const stageLine = el("p", { class: "tracker-stage", hidden: "" }, strings.new_duel);
  const nowBox = el("div", { class: "tracker-now" }, stageLine, turnLine, playerLine, extraLine, leftLine, additionalLine);
  // Yu-Gi-Oh!: what the procedure asks for now, and the results as they become known.
  const instructionLine = el("p", { class: "tracker-instruction", hidden: "" });
  const results = el("dl", { class: "checker-facts tracker-results", hidden: "" });
  // The ruling's first line (Yu-Gi-Oh!: what the Duelists do now and what happens next).
  const summary = el("div", { class: "tracker-summary", hidden: "" });
  const clockTime = el("strong", { class: "tracker-clock-time", role: "timer" });
  const clockBox = el("div", { class: "tracker-clock", hidden: "" },
    el("span", { class: "tracker-clock-label" }, strings.clock), clockTime);
  const overtimeBox = el("div", { class: "tracker-overtime", hidden: "" });
  const warningList = el("ul", { class: "tracker-warnings", hidden: "" });
  const checkerLink = el("a", { class: "md-button md-button--primary tracker-big tracker-open-checker" }, strings.open_checker);
  // A player won during the turns: the checker opens on the situation without "the turns are over, and
  // nobody won", asking the game's result (who won, in which turn) before it rules.
  const wonLink = el("a", { class: "md-button tracker-big tracker-open-checker-won", hidden: "" }, strings.won_checker);
  const finishedHelp = el("p", {}, strings.finished_help);
  // What the procedure gives now that its turns are played, if nobody won: the engine's words.
  const outcomeLine = el("p", { class: "tracker-outcome", hidden: "" });
  // "The procedure is over" only where the ruling is final; else what is over and what now decides.
  const finishedTitle = el("p", { class: "tracker-finished-title" }, strings.finished);
  const finishedBox = el("div", { class: "tracker-finished", hidden: "" },
    finishedTitle, outcomeLine, finishedHelp, checkerLink, wonLink);
  // The turn and whose it is, kept in sight under the header once the board's own lines have
  // scrolled away, down to the end of the page's text (so it stands before the tracker, in the
  // page: a sticky line stays within its parent). The board says it to screen readers: this
  // copy is for the eye only. With them, Grand Archive's clock (or "Time!") and, once the tap bar
  // has gone up under the header too, the tap of the moment: a thumb scrolled down to the plan or the
  // taps keeps the clock in sight and the next tap in reach (the bar's own button is the keyboard's).
  const pinTurn = el("span", { class: "tracker-pin-turn" });
  const pinPlayer = el("span", { class: "tracker-pin-player" });
  const pinClock = el("span", { class: "tracker-pin-clock", hidden: "" });
  const pinAction = el("button", { type: "button", class: "md-button md-button--primary tracker-pin-action",
    tabindex: "-1", hidden: "" });
  const pinLine = el("p", { hidden: "" }, pinTurn, pinPlayer, pinClock, pinAction);
  const pin = el("div", { class: "tracker-pin", "aria-hidden": "true" }, pinLine);
  const headerHeight = document.querySelector(".md-header")?.offsetHeight || 0;
  const PIN_HEIGHT = 96; // the pinned line's height with its button on a row of its own (tracker.css)
  let pinned = null; // the tap bar's button the pinned one stands for
  const updatePin = () => {
    const line = playerLine.getBoundingClientRect();
    const away = line.height > 0 && line.bottom <= headerHeight + 1;
    const bar = primary.getBoundingClientRect();
    const barAway = bar.height > 0 && bar.top < headerHeight + PIN_HEIGHT;
    pinAction.hidden = !(barAway && pinned);
    pinLine.hidden = !(away && pinTurn.textContent);
  };
  pinAction.addEventListener("click", () => pinned?.click());
  const board = el("section", { class: "tracker-board", "data-state": "pending", "aria-labelledby": "tracker-turn" },
    boardStatus, nowBox, instructionLine, clockBox, overtimeBox, warningList, summary, results, finishedBox);
  turnLine.id = "tracker-turn";

  const button = (text, action, extra = "") =>
    el("button", { type: "button", class: `md-button ${extra}`.trim(), "data-action": action }, text);
  const controls = {
    next: button(strings.next_turn, "next-turn", "md-button--primary tracker-big tracker-next"),
    phaseEnded: button(strings.phase_ended, "phase-ended", "md-button--primary tracker-big tracker-next"),
    turnEnded: button(strings.turn_ended, "turn-ended", "md-button--primary tracker-big tracker-next"),
    duelWon: button(strings.duel_won, "duel-won"),
    overtimeEnded: button(strings.overtime_ended, "overtime-ended", "md-button--primary tracker-big"),
    extra: button(strings.extra_turn, "extra-turn"),
    slowPlay: button(strings.slow_play, "slow-play"),
    undo: button(strings.undo, "undo"),
    fresh: button(strings.new_procedure, "new-procedure"),
  };
  controls.overtimeEnded.hidden = true;
  for (const name of ["phaseEnded", "turnEnded", "duelWon"]) controls[name].hidden = true;

  const extraPanel = panel("extra", strings.who, strings.add_extra, true);
  const slowPanel = panel("slow", strings.penalised, strings.record_penalty, false);
  const wonPanel = panel("won", strings.duel_won_legend, strings.record_result, false, ["A", "B", "draw"]);
  const firstPanel = panel("first", strings.first_player, strings.begin_new_duel, false);
  const lifeForm = pairForm("life", strings.life_points, strings.compare, 99999, strings.life_missing);
  // Disney Lorcana, single elimination with equal game wins: the lore totals when the turns are over.
  const loreForm = pairForm("lore", strings.lore, strings.compare_lore, data.lore_max, strings.lore_missing);
  const lastTap = el("p", { class: "tracker-last-tap", "aria-live": "off" });
  const tapRefused = el("p", { class: "tracker-alert", role: "alert", hidden: "" });
  const wakeNote = el("p", { class: "tracker-wake", hidden: "" }, strings.wake_lock);
  // Only the tap of the moment stays under the thumb while the page scrolls (a small sticky
  // bar); the rarer controls follow in the page.
  const primary = el("div", { class: "tracker-actions tracker-primary" },
    controls.next, controls.overtimeEnded, controls.phaseEnded, controls.turnEnded);
  for (const [target, margin] of [[playerLine, headerHeight], [primary, headerHeight + PIN_HEIGHT]]) {
    new IntersectionObserver(updatePin, { rootMargin: `-${margin}px 0px 0px 0px` }).observe(target);
  }
  const actions = el("div", { class: "tracker-actions tracker-more" },
    lifeForm, loreForm, firstPanel.form,
    el("div", { class: "tracker-row", "data-games": "mtg lorcana" }, controls.extra, controls.slowPlay),
    el("div", { class: "tracker-row", "data-game-only": "yugioh" }, controls.duelWon),
    extraPanel.form, slowPanel.form, wonPanel.form,
    el("div", { class: "tracker-row" }, controls.undo, controls.fresh), tapRefused, lastTap);

  const plan = el("div", { class: "tracker-plan", hidden: "" });
  const tapsSummary = el("summary", {});
  const tapList = el("ol", { class: "tracker-tap-list" });
  const taps = el("details", { class: "tracker-taps", open: "" }, tapsSummary, tapList);
  const whySteps = el("ol", { class: "checker-steps" });
  const why = el("details", { class: "tracker-why", hidden: "" }, el("summary", {}, strings.explanation), whySteps);
  root.before(pin);
  live.replaceChildren(announcer, storageAlert, board, primary, actions, wakeNote, plan, taps, why);

  function panel(name, legend, submit, withTurn, choices = ["A", "B"]) {
    const form = el("form", { class: "tracker-panel", "data-panel": name, hidden: "", autocomplete: "off" });
    const options = el("div", { class: "checker-options" });
    for (const player of choices) {
      options.append(el("label", { class: "checker-option" },
        el("input", { type: "radio", name: `tracker-${name}-player`, value: player, required: "" }),
        el("span", {}, player === "draw" ? labels.result.draw || player : player)));
    }
    form.append(el("fieldset", { class: "checker-choice" }, el("legend", {}, legend), options));
    let turnInput = null;
    if (withTurn) {
      turnInput = el("input", { type: "number", min: "0", max: "30", step: "1", inputmode: "numeric", required: "",
        id: `tracker-${name}-after`, class: "tracker-stepper-value" });
      const less = el("button", { type: "button", class: "md-button tracker-step", "aria-label": strings.fewer }, "−");
      const more = el("button", { type: "button", class: "md-button tracker-step", "aria-label": strings.more }, "+");
      const step = (by) => {
        const value = Math.min(30, Math.max(0, (Number.parseInt(turnInput.value, 10) || 0) + by));
        turnInput.value = String(value);
      };
      less.addEventListener("click", () => step(-1));
      more.addEventListener("click", () => step(1));
      form.append(el("div", { class: "tracker-stepper" },
        el("label", { for: turnInput.id }, strings.after_turn), el("div", {}, less, turnInput, more)));
    }
    const cancel = el("button", { type: "button", class: "md-button" }, strings.cancel);
    form.append(el("div", { class: "tracker-row" },
      el("button", { type: "submit", class: "md-button md-button--primary" }, submit), cancel));
    const opener = { extra: "extra", slow: "slowPlay", won: "duelWon" }[name];
    const close = () => {
      form.hidden = true;
      if (opener) controls[opener].focus();
    };
    if (name === "first") cancel.hidden = true; // nothing else can happen before the new Duel begins
    cancel.addEventListener("click", close);
    form.addEventListener("keydown", (event) => { if (event.key === "Escape") close(); });
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const player = form.querySelector("input:checked")?.value;
      if (!player || (turnInput && !turnInput.reportValidity())) return;
      form.hidden = true;
      if (name === "extra") tap({ type: "extra-turn", player, after_turn: Number(turnInput.value) });
      else if (name === "slow") tap({ type: "slow-play", player });
      else if (name === "won") tap({ type: "duel-won", player });
      else tap({ type: "new-duel", first_player: player });
      focusWanted = true;
    });
    const open = (player, turn) => {
      for (const input of form.querySelectorAll("input[type=radio]")) input.checked = input.value === player;
      if (turnInput) turnInput.value = String(turn);
      form.hidden = false;
      form.querySelector("input:checked, input").focus();
    };
    return { form, open };
  }

  // Two numbers the procedure compares, one a side: Yu-Gi-Oh!'s Life Points at each comparison, Disney
  // Lorcana's lore totals at the end of the turns. Tapped as ``{type: name, [name]: [a, b]}``.
  function pairForm(name, label, submit, max, missing) {
    const form = el("form", { class: `tracker-panel tracker-${name}`, "data-panel": name, hidden: "", autocomplete: "off",
      novalidate: "" });
    const pair = el("div", { class: "tracker-wins-pair" });
    for (const player of ["A", "B"]) {
      pair.append(el("label", { class: "tracker-wins-side" }, el("span", {}, player),
        el("input", { type: "number", name: `tracker-${name}-${player}`, min: "0", max: String(max), step: "1",
          inputmode: "numeric", required: "", "aria-label": `${label} ${player}` })));
    }
    const problem = el("p", { class: "tracker-alert", role: "alert", hidden: "" });
    form.append(el("fieldset", { class: "checker-choice" }, el("legend", {}, label), pair), problem,
      el("button", { type: "submit", class: "md-button md-button--primary tracker-big" }, submit));
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const inputs = [...form.querySelectorAll("input")];
      const values = inputs.map((input) => (input.value.trim() === "" ? Number.NaN : Number(input.value)));
      // The engine says what is wrong with a value; an empty box is asked for here.
      const empty = inputs.find((input, i) => Number.isNaN(values[i]));
      if (empty) {
        problem.textContent = format(missing, { player: empty.name.slice(-1) });
        problem.hidden = false;
        empty.setAttribute("aria-invalid", "true");
        empty.focus();
        return;
      }
      problem.hidden = true;
      for (const input of inputs) input.removeAttribute("aria-invalid");
      tap({ type: name === "life" ? "life-points" : name, [name]: values });
    });
    return form;
  }

  // After a tap, the thumb goes to what the procedure asks for next (once the engine says).
  let focusWanted = false;

  function holdAfterTap(buttonPressed) {
    buttonPressed.disabled = true;
    setTimeout(() => {
      buttonPressed.disabled = false;
      // The focus comes back to it, never the page to it (the thumb may be down at the pinned line's copy).
      if (document.activeElement === document.body && !buttonPressed.hidden) buttonPressed.focus({ preventScroll: true });
    }, DOUBLE_TAP_MS);
  }

  live.addEventListener("click", (event) => {
    const pressed = event.target.closest(".tracker-actions [data-action]");
    const action = pressed?.dataset.action;
    if (!action) return;
    const events = load();
    const first = events[0] || {};
    const turnNow = state && !state.finished && answered === JSON.stringify(events)
      ? state.turn : events.filter((e) => e.type === "next-turn").length;
    const playerNow = (state && state.player) || first.active_player || "A";
    if (["next-turn", "phase-ended", "turn-ended"].includes(action)) {
      holdAfterTap(pressed);
      tap({ type: action === "turn-ended" ? "next-turn" : action });
      if (action !== "next-turn") focusWanted = true;
    } else if (action === "overtime-ended") tap({ type: action });
    else if (action === "duel-won") wonPanel.open(null, 0);
    else if (action === "extra-turn") { slowPanel.form.hidden = true; extraPanel.open(playerNow, turnNow); }
    else if (action === "slow-play") { extraPanel.form.hidden = true; slowPanel.open(null, 0); }
    else if (action === "undo") {
      events.pop();
      store(events);
      refresh(events);
      if (events.length) controls.undo.focus();
      else fromTheTop(setup.querySelector("input:checked"));
    } else if (action === "new-procedure" && confirm(strings.confirm_new)) {
      store([]);
      refresh([]);
      fromTheTop(setup.querySelector("input:checked"));
    }
  });

  // --- showing the taps at once, and the engine's state when it answers ----------------------
  function who(player, events) {
    // A Two-Headed Giant team, a Yu-Gi-Oh! Duelist, a player: each game's own word.
    const first = events[0] || {};
    const word = first.two_headed_giant ? strings.team : first.game === "yugioh" ? strings.duelist : strings.player;
    return format(word, { player: String(player) });
  }

  function describeTap(event, events) {
    if (event.type === "start") {
      if (event.game === "yugioh") {
        const game = data.games.yugioh;
        const text = format(event.time_called === "between-games" ? strings.tap_start_between
          : event.active_player ? strings.tap_start : strings.tap_start_during, { game, player: who(event.active_player, events) });
        return data.editions[event.edition] ? `${text} — ${data.editions[event.edition]}` : text;
      }
      let text = format(strings.tap_start, { game: data.games[event.game] || String(event.game),
        player: who(event.active_player, events) });
      if (event.game === "lorcana" && data.editions[event.edition]) text += ` — ${data.editions[event.edition]}`;
      if (event.turn_pass_announced) {
        text += ` — ${event.game === "lorcana" ? strings.tap_ending_lorcana
          : event.game === "grand-archive" ? strings.tap_ending : strings.tap_passing}`;
      }
      return text;
    }
    if (event.type === "next-turn") return events[0] && events[0].game === "yugioh" ? strings.tap_turn_ended : strings.tap_next;
    if (event.type === "extra-turn") return format(strings.tap_extra, { player: who(event.player, events), turn: event.after_turn });
    if (event.type === "slow-play") return format(strings.tap_slow_play, { player: who(event.player, events) });
    if (event.type === "overtime-ended") return strings.tap_overtime_ended;
    if (event.type === "phase-ended") return strings.tap_phase_ended;
    if (event.type === "life-points" && Array.isArray(event.life)) {
      return format(strings.tap_life_points, { score: `A ${event.life[0]} – B ${event.life[1]}` });
    }
    if (event.type === "lore" && Array.isArray(event.lore)) {
      return format(strings.tap_lore, { score: `A ${event.lore[0]} – B ${event.lore[1]}` });
    }
    if (event.type === "duel-won") {
      return format(strings.tap_duel_won, { result: event.player === "draw" ? labels.result.draw : who(event.player, events) });
    }
    if (event.type === "new-duel") return format(strings.tap_new_duel, { player: who(event.first_player, events) });
    return String(event.type);
  }

  function timeOf(at) {
    return new Date(at).toLocaleTimeString(lang, { hour: "2-digit", minute: "2-digit", second: "2-digit" });
  }

  function refresh(events = load()) {
    if (!events.length) {
      pinTurn.textContent = "";
      updatePin();
      setup.hidden = false;
      live.hidden = true;
      removeButton.hidden = tables.length < 2;
      state = null;
      answered = "";
      asking += 1;
      pending = false;
      stopTicker();
      keepAwake(false);
      return;
    }
    setup.hidden = true;
    live.hidden = false;
    const game = events[0].game;
    for (const part of live.querySelectorAll("[data-game-only]")) part.hidden = part.dataset.gameOnly !== game;
    for (const part of live.querySelectorAll("[data-games]")) part.hidden = !part.dataset.games.split(" ").includes(game);
    tapsSummary.textContent = format(strings.taps, { count: events.length });
    tapList.replaceChildren(...events.map((event) =>
      el("li", {}, el("time", {}, timeOf(event.at)), " ", describeTap(event, events))));
    const last = events[events.length - 1];
    lastTap.textContent = format(strings.last_tap, { tap: format(strings.aside, { text: describeTap(last, events), aside: timeOf(last.at) }) });
    controls.undo.disabled = false;
    if (JSON.stringify(events) !== answered) {
      board.dataset.state = "pending";
      boardStatus.removeAttribute("role");
      boardStatus.textContent = strings.loading;
      boardStatus.hidden = false;
    }
    if (!state || !state.finished) keepAwake(true);
    derive(events);
  }

  // While the engine downloads (a first visit on a slow network), "Working out the turn…" shows its
  // progress, as the checker's line does: the bytes received of the total, and a bar.
  window.addEventListener("rules-checker:state", ({ detail }) => {
    if (detail.state !== "loading" || board.dataset.state !== "pending" || boardStatus.hasAttribute("role")) return;
    const got = detail.download;
    const text = downloadText(strings, got);
    if (!text) return;
    const bar = downloadBar(got, strings.loading);
    boardStatus.replaceChildren(strings.loading, el("br", {}), bar, el("br", {}), el("span", { class: "tracker-download" }, text));
  });

  async function derive(events = load()) {
    if (!events.length) return;
    const token = ++asking;
    const key = JSON.stringify(events);
    pending = true;
    // An engine that failed to start (a slow phone, a lost connection) is retried at each tap.
    if (window.rulesChecker.state === "unavailable") window.rulesChecker.start();
    try {
      const answer = await window.rulesChecker.track(events, lang, now());
      if (token !== asking) return;
      // At the end, the match as the engine rules the situation handed on (Yu-Gi-Oh!'s state holds it):
      // whether the procedure is over (match.final) or what comes next (match.next) is the ruling's to say.
      if (answer.finished && !answer.match) {
        answer.ruled = await window.rulesChecker.judge(answer.scenario, lang).then((r) => r.match, () => null);
        if (token !== asking) return;
      }
      state = answer;
      answered = key;
      show(answer);
    } catch (error) {
      if (token !== asking) return;
      const last = `/${events.length - 1}`;
      if (error && error.message && !error.code?.startsWith("engine-")
          && (error.field === last || String(error.field).startsWith(`${last}/`))) {
        // The engine refused the last tap itself (the start's game wins of a match already over,
        // Life Points out of range…): it is taken back, and the engine's words go beside the
        // control that made it (the setup keeps its choices), the tap's pointer named by its label.
        const refused = events.pop();
        store(events);
        refresh(events);
        const pairs = { "life-points": [lifeForm, strings.life_points], lore: [loreForm, strings.lore] };
        const where = refused.type === "start" ? setupError
          : pairs[refused.type] ? pairs[refused.type][0].querySelector(".tracker-alert") : tapRefused;
        where.textContent = refused.type === "start" ? labelled(error.message, refused.game)
          : error.message.split(error.field).join(pairs[refused.type] ? pairs[refused.type][1] : "");
        where.hidden = false;
        where.scrollIntoView({ block: "nearest" });
        return;
      }
      showError(error);
    } finally {
      if (token === asking) pending = false;
    }
  }

  // The start's fields are named as the setup names them, never by their pointer (/0/games_won/1).
  function labelled(message, game) {
    const words = data.field_labels[game] || {};
    return message.replace(/\/0\/([a-z_]+)(?:\/(\d))?/g, (pointer, key, side) =>
      (words[key] ? `${words[key]}${side === undefined ? "" : ` ${"AB"[Number(side)] || side}`}` : pointer));
  }

  function showError(error) {
    board.dataset.state = "error";
    boardStatus.hidden = false;
    boardStatus.setAttribute("role", "alert");
    boardStatus.textContent = error && error.code === "engine-unavailable" ? problemText(strings, error, strings.unavailable)
      : !error || error.code === "engine-error" || !error.message ? strings.unavailable : error.message;
    stopTicker();
    // Where the eye is: the board may be above the screen while the thumb is on the taps.
    board.scrollIntoView({ block: "nearest" });
  }

  function show(s) {
    Object.assign(board.dataset, { state: "ready", turn: s.turn ?? "", player: s.player ?? "",
      turnsLeft: String(s.turns_left), finished: String(s.finished) });
    boardStatus.hidden = true;
    boardStatus.removeAttribute("role");
    const events = load();

    // The procedure has just ended: its box (and the link to the checker) may be above the screen.
    const finishing = s.finished && finishedBox.hidden;
    const duel = s.game === "yugioh";
    // Disney Lorcana, the turns over and the lore asked: no turn is being played.
    const askingLore = s.awaiting === "lore" && !s.finished;
    nowBox.hidden = s.finished || askingLore;
    finishedBox.hidden = !s.finished;
    // Whether a player won during the end-of-match turns is asked only where turns were played (the
    // engine's plan: none where the match is decided at the time call) and no Game Loss had already
    // decided the game (the engine's warnings): else the checker has the whole ruling, nothing to add.
    const decided = (s.warnings || []).some((w) => w.game_loss || w.second) || Boolean(s.scenario?.current_game?.winner);
    const asked = !duel && s.plan.length > 0 && !decided;
    finishedHelp.textContent = asked && !s.outcome ? strings.finished_help : strings.finished_help_ruling;
    // The ruling's match: final, the procedure is over; the head judge's to decide; else the end-of-match
    // turns are over and the outcome says what happens now (sudden death, the lore, the tiebreak steps…).
    const match = s.match || s.ruled;
    const title = match && match.final ? strings.finished
      : match && match.next === "head-judge" ? strings.finished_head_judge : strings.finished_turns;
    finishedTitle.textContent = title;
    outcomeLine.hidden = duel || !s.outcome;
    outcomeLine.replaceChildren(...(s.outcome && !duel ? [el("strong", {}, s.outcome)] : []));
    wonLink.hidden = !s.finished || !asked;
    // Two-Headed Giant: a team wins the game, as its ruling says (the engine's words: "The team with …").
    wonLink.textContent = s.scenario?.two_headed_giant ? strings.won_checker_team : strings.won_checker;
    let spoken;
    if (s.finished) {
      // "&from=tracker": the checker names the situation as the tracker's, not as a shared one.
      checkerLink.href = `${data.pages[s.game] || ""}#scenario=${encodeURIComponent(JSON.stringify(s.scenario))}&from=tracker`;
      // The same situation, the turns not said to be over and no game's result: the judge enters who won.
      const won = { ...s.scenario };
      delete won.additional_turns_played;
      delete won.current_game;
      wonLink.href = `${data.pages[s.game] || ""}#scenario=${encodeURIComponent(JSON.stringify(won))}&from=tracker&enter=result`;
      spoken = duel || !s.outcome ? title : inARow([title, s.outcome]);
    } else if (duel) {
      spoken = showDuel(s, events);
    } else if (askingLore) {
      spoken = s.instruction ? s.instruction.text : strings.lore;
    } else {
      turnLine.textContent = format(strings.turn, { number: s.turn });
      playerLine.textContent = who(s.player, events);
      playerLine.dataset.player = s.player;
      extraLine.hidden = !s.extra;
      leftLine.textContent = s.turns_left === 0 ? strings.last_turn
        : s.turns_left === 1 ? strings.left_one : format(strings.left_many, { count: s.turns_left });
      additionalLine.textContent = format(strings.additional_turns, { count: s.additional_turns });
      for (const line of [turnLine, playerLine, additionalLine]) line.hidden = false;
      leftLine.hidden = false;
      stageLine.hidden = true;
      spoken = inARow([turnLine.textContent, playerLine.textContent, s.extra ? strings.extra : "", leftLine.textContent]);
    }

    const playing = !s.finished && s.turn !== null && s.turn !== undefined;
    pinTurn.textContent = playing ? turnLine.textContent : "";
    pinPlayer.textContent = playing ? playerLine.textContent : "";
    pinPlayer.dataset.player = playing ? s.player : "";

    // Grand Archive's clock, from the engine's timestamps.
    clockBox.hidden = !s.clock || s.finished;
    if (s.clock) {
      clockBox.dataset.expired = String(s.clock.expired);
      clockTime.textContent = s.clock.started_at === null
        ? format(strings.clock_waiting, { time: minutes(data.clock_ms) })
        : s.clock.expired ? minutes(0) : format(strings.clock_left, { time: minutes(s.clock.remaining_ms) });
    }
    const ending = Boolean(s.next) && !s.finished;
    if (ending && overtimeBox.hidden) {
      const steps = el("ol", { class: "checker-steps" });
      for (const step of s.explanation.filter((x) => data.overtime_rules.includes(x.rule))) {
        steps.append(el("li", {}, ...scoresKept(`${step.text} `), cite(s.game, step.rule)));
      }
      // A new alert element: screen readers announce it, the judge's phone buzzes.
      overtimeBox.replaceChildren(el("div", { role: "alert" },
        el("p", { class: "tracker-overtime-title" }, strings.clock_expired),
        el("p", { class: "checker-next" }, labels.next[s.next] || s.next)), steps);
      if (navigator.vibrate) navigator.vibrate(400);
    }
    overtimeBox.hidden = !ending;

    const warned = (w) => (s.game === "lorcana" ? (w.second ? strings.lorcana_second_warning : strings.lorcana_warning)
      : w.game_loss ? strings.game_loss : strings.warning);
    warningList.replaceChildren(...(s.warnings || []).map((w) =>
      el("li", {}, format(warned(w), { who: who(w.player, events), turn: w.turn }))));
    warningList.hidden = !(s.warnings || []).length;

    instructionLine.hidden = s.finished && !duel || !s.instruction;
    if (s.instruction) instructionLine.replaceChildren(...scoresKept(`${s.instruction.text} `), cite(s.game, s.instruction.rule));
    summary.hidden = !s.summary;
    summary.replaceChildren(...[summaryLine(s.summary)].filter(Boolean));
    results.hidden = !s.match;
    if (s.match) results.replaceChildren(...resultRows(s, strings, labels));
    const awaiting = duel && !s.finished ? s.awaiting : null;
    controls.phaseEnded.hidden = awaiting !== "phase-end";
    controls.turnEnded.hidden = awaiting !== "turn-end";
    controls.duelWon.hidden = !["phase-end", "turn-end"].includes(awaiting);
    if (controls.duelWon.hidden) wonPanel.form.hidden = true;
    lifeForm.hidden = awaiting !== "life-points";
    if (lifeForm.hidden) for (const input of lifeForm.querySelectorAll("input")) input.value = "";
    loreForm.hidden = !askingLore;
    if (loreForm.hidden) for (const input of loreForm.querySelectorAll("input")) input.value = "";
    firstPanel.form.hidden = awaiting !== "first-player";
    controls.next.hidden = duel || s.finished || ending || askingLore;
    controls.overtimeEnded.hidden = !ending;
    // Disney Lorcana: no rule defines an extra turn; a Slow Play penalty is tapped while turns are played.
    controls.extra.hidden = s.finished || s.game === "lorcana";
    controls.slowPlay.hidden = s.finished || askingLore;
    // The pinned line: the clock as the board says it (or "Time!"), and the tap bar's button.
    const clockShown = playing && s.clock && s.clock.started_at !== null;
    pinClock.hidden = !clockShown;
    pinClock.textContent = !clockShown ? "" : s.clock.expired ? strings.time_up : minutes(s.clock.remaining_ms);
    pinClock.dataset.expired = String(Boolean(clockShown && s.clock.expired));
    pinned = [...primary.querySelectorAll("button")].find((b) => !b.hidden) || null;
    pinAction.textContent = pinned ? pinned.textContent : "";
    updatePin();
    if (s.finished) { extraPanel.form.hidden = true; slowPanel.form.hidden = true; }

    plan.replaceChildren(turnPlan(s.plan, { strings, heading: { tag: "h2", title: strings.turns }, duel: duelOf(s),
      who: (player) => who(player, events), current: s.finished ? null : s.turn,
      // Yu-Gi-Oh!'s plan holds only the Duel being played: its turns so far.
      done: (turn) => s.finished || askingLore || turn.number < s.turn }));
    plan.hidden = !s.plan.length;
    whySteps.replaceChildren(...s.explanation.map((step) => el("li", {}, ...scoresKept(`${step.text} `), cite(s.game, step.rule))));
    why.hidden = false;

    if (announcer.textContent !== spoken) announcer.textContent = spoken;
    const running = s.clock && s.clock.started_at !== null && !s.clock.expired && !s.finished;
    if (running) startTicker();
    else stopTicker();
    keepAwake(!s.finished);
    // Yu-Gi-Oh! v2.5 ends at the time call: the ruling's steps are the whole procedure, shown at once.
    if (finishing && duel && events.length === 1) why.open = true;
    if (finishing) finishedBox.scrollIntoView({ block: "nearest", behavior: reduceMotion() ? "auto" : "smooth" });
    if (focusWanted) {
      focusWanted = false;
      const asking = [lifeForm, loreForm].find((form) => !form.hidden);
      const target = !asking ? live.querySelector(".tracker-primary .tracker-big:not([hidden]), .tracker-panel:not([hidden]) input")
        : asking.querySelector("input");
      if (target && !finishing) target.focus({ preventScroll: false });
    }
  }

  // Yu-Gi-Oh! counts no turn 0: which Duel a state's turns are in (turn-plan.js), else null.
  function duelOf(s) {
    return s.game !== "yugioh" ? null : s.stage === "new-duel" ? "new" : "current";
  }

  // Yu-Gi-Oh!'s board: the Duel being played, its turn and whose it is, what to do now.
  function showDuel(s, events) {
    const playing = s.turn !== null;
    stageLine.hidden = s.stage !== "new-duel";
    turnLine.hidden = !playing;
    playerLine.hidden = !playing;
    extraLine.hidden = true;
    additionalLine.hidden = true;
    // The new Duel's four turns count down; once they are over (the Life Points asked) or in the
    // turn-by-turn play after them, there is nothing left to count.
    leftLine.hidden = !(s.stage === "new-duel" && playing && s.turn <= s.additional_turns && s.awaiting !== "life-points");
    if (playing) {
      turnLine.textContent = turnLabel({ number: s.turn }, strings, duelOf(s));
      playerLine.textContent = who(s.player, events);
      playerLine.dataset.player = s.player;
      leftLine.textContent = s.turns_left === 0 ? strings.last_turn
        : s.turns_left === 1 ? strings.left_one : format(strings.left_many, { count: s.turns_left });
    }
    return inARow([stageLine.hidden ? "" : stageLine.textContent, playing ? turnLine.textContent : "",
      playing ? playerLine.textContent : "", s.instruction ? s.instruction.text : ""]);
  }

  // Things said one after the other, each language's way ("A. B", Japanese 「A。B」): a part that
  // already ends a sentence is not ended twice, and one that introduces the next ("What happens now:")
  // runs on into it.
  function inARow(parts) {
    return parts.filter(Boolean).reduce((said, part) => (/[:：]$/.test(said)
      ? `${said}${said.endsWith("：") ? "" : " "}${part}`
      : format(strings.in_a_row, { text: said.replace(/[.。]$/, ""), more: part })));
  }

  // --- several tables on one device ----------------------------------------------------------
  const tablesBar = root.querySelector(".tracker-tables");
  const removeButton = el("button", { type: "button", class: "md-button", "data-action": "remove-table", hidden: "" },
    strings.remove_table);
  setup.append(removeButton);
  const summaries = new Map(); // table id → a short state, for its button

  function tableLabel(table, index) {
    return format(strings.table, { name: table.name || String(index + 1) });
  }

  function renderTables() {
    const buttons = tables.map((table, index) => {
      const summary = summaries.get(table.id);
      const chosenNow = table.id === activeId;
      return el("button", { type: "button", class: `md-button tracker-table${chosenNow ? " md-button--primary" : ""}`,
        "aria-pressed": String(chosenNow), "data-table": table.id },
      el("span", { class: "tracker-table-name-text" }, tableLabel(table, index)),
      el("span", { class: "tracker-table-summary" }, chosenNow ? "" : summary || ""));
    });
    const add = el("button", { type: "button", class: "md-button tracker-table-add", "data-action": "add-table" }, `+ ${strings.add_table}`);
    add.disabled = tables.length >= MAX_TABLES;
    tablesBar.replaceChildren(el("span", { class: "tracker-tables-title" }, strings.tables), ...buttons, add);
    tablesBar.hidden = false;
    summarise();
  }

  // The other tables' states, from their own taps (the engine derives them as for this one).
  let summarising = 0;
  async function summarise() {
    const token = ++summarising;
    for (const table of tables) {
      if (table.id === activeId) continue;
      const events = load(table.id);
      let text = strings.table_waiting;
      if (events.length) {
        try {
          const other = await window.rulesChecker.track(events, lang, now());
          text = other.finished ? strings.table_done
            : other.turn === null ? "…" : `${turnLabel({ number: other.turn }, strings, duelOf(other))} · ${other.player}`;
        } catch {
          text = "";
        }
      }
      if (token !== summarising) return;
      summaries.set(table.id, text);
      const node = tablesBar.querySelector(`[data-table="${CSS.escape(table.id)}"] .tracker-table-summary`);
      if (node) node.textContent = text;
    }
  }

  function switchTo(id) {
    activeId = id;
    saveTables();
    // The board is drawn anew for the other table: nothing of this one's state is kept.
    state = null;
    answered = "";
    asking += 1;
    overtimeBox.hidden = true;
    finishedBox.hidden = true;
    for (const form of actions.querySelectorAll(".tracker-panel")) form.hidden = true;
    setupError.hidden = true;
    const table = tables.find((t) => t.id === id);
    tableName.value = table ? table.name : "";
    renderTables();
    refresh();
  }

  function removeTable() {
    if (tables.length < 2 || load().length) return;
    const index = tables.findIndex((t) => t.id === activeId);
    try { localStorage.removeItem(eventsKey(activeId)); } catch { /* nothing stored */ }
    memory.delete(activeId);
    tables.splice(index, 1);
    switchTo(tables[Math.max(0, index - 1)].id);
    tablesBar.querySelector('[aria-pressed="true"]')?.focus();
  }

  // A new procedure or another table starts from the top of the tracker: the tables' row whole
  // under the header (never half under it), then the setup or the board, the tap of the moment
  // below them (its bar is sticky: in reach wherever the page stands).
  function fromTheTop(target) {
    tablesBar.scrollIntoView({ block: "start", behavior: "auto" });
    target?.focus({ preventScroll: true });
  }

  tablesBar.addEventListener("click", (event) => {
    const pick = event.target.closest("[data-table]");
    if (pick && pick.dataset.table !== activeId) {
      switchTo(pick.dataset.table);
      fromTheTop(null);
      return;
    }
    if (!event.target.closest("[data-action=add-table]") || tables.length >= MAX_TABLES) return;
    let next = 1;
    while (tables.some((t) => t.id === String(next))) next += 1;
    tables.push({ id: String(next), name: "" });
    switchTo(String(next));
    fromTheTop(tableName);
  });

  function reduceMotion() {
    return matchMedia("(prefers-reduced-motion: reduce)").matches;
  }

  function cite(game, rule) {
    return el("a", { href: `${data.pages[game] || ""}#${rule}`, class: "checker-cite", "data-rule": rule },
      `§ ${data.titles[rule] || rule}`);
  }

  // The clock: the engine recomputes it from the timestamps every second.
  function startTicker() {
    if (!ticker) ticker = setInterval(() => { if (!pending && !live.hidden) derive(); }, 1000);
  }

  function stopTicker() {
    clearInterval(ticker);
    ticker = 0;
  }

  // --- the screen stays on while a procedure runs --------------------------------------------
  function keepAwake(on) {
    awake = on;
    if (!("wakeLock" in navigator)) return;
    if (!on) {
      const lock = wakeLock;
      wakeLock = null;
      wakeNote.hidden = true;
      if (lock) lock.release().catch(() => {});
      return;
    }
    if (wakeLock || wakeRequest || document.visibilityState !== "visible") return;
    wakeRequest = navigator.wakeLock.request("screen").then((lock) => {
      wakeRequest = null;
      if (!awake) { lock.release().catch(() => {}); return; }
      wakeLock = lock;
      wakeNote.hidden = false;
      lock.addEventListener("release", () => {
        if (wakeLock === lock) { wakeLock = null; wakeNote.hidden = true; }
      });
    }, () => { wakeRequest = null; });
  }

  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState !== "visible") return;
    keepAwake(awake);
    if (!live.hidden) derive();
  });
  // Another tab of this site changed the procedure; or the page came back from the cache.
  addEventListener("storage", (event) => {
    if (event.key !== null && !event.key.startsWith(EVENTS_KEY) && event.key !== TABLES_KEY) return;
    tables = readTables();
    if (!tables.some((t) => t.id === activeId)) activeId = tables[0].id;
    renderTables();
    refresh();
  });
  addEventListener("pageshow", (event) => { if (event.persisted) refresh(); });

  tableName.value = tables.find((t) => t.id === activeId)?.name || "";
  renderTables();
  refresh();
}

function minutes(ms) {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}
