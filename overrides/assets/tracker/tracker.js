// The end-of-round turn tracker (DESIGN §3.6): a judge's taps at the table, kept on this
// device, and the procedure's state as the rules engine derives it from them.
//
// Every tap is appended at once, with its time, to an event list in localStorage, BEFORE the
// engine is asked: the first taps never wait for Pyodide, and a reload, a locked screen or a
// cold engine loses nothing. The state shown (turn, whose turn, turns left, the Grand Archive
// clock, what happens when it runs out, the end) is always window.rulesChecker.track(events,
// lang, now) — rules_engine.tracker, the code that rules on scenarios — never worked out here.
//
// Time: Date.now(), or window.__trackerNow() when a test defines it (read only if present).
// Everything shown is set with textContent.

// window.rulesChecker: imported, so it exists before this runs (the page also loads it
// `async`, to start the engine early for a link that asks for an answer).
import "../engine/checker-client.mjs";
import { el, format } from "../javascripts/dom.js";
import { problemText } from "../javascripts/engine-status.js";
import { keepOnDevice } from "../javascripts/storage.js";

const EVENTS_KEY = "end-of-match:tracker:events:v1";
const MAX_EVENTS = 200; // rules_engine.tracker.MAX_EVENTS

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
  let memory = null; // the events, when this device refuses localStorage
  let ticker = 0;
  let awake = false;
  let wakeLock = null;
  let wakeRequest = null;

  // --- the event list, kept on the device -----------------------------------------------------
  function load() {
    if (memory) return memory.slice();
    try {
      const events = JSON.parse(localStorage.getItem(EVENTS_KEY) || "[]");
      return Array.isArray(events) ? events : [];
    } catch {
      return [];
    }
  }

  function store(events) {
    if (events.length) keepOnDevice();
    try {
      if (events.length) localStorage.setItem(EVENTS_KEY, JSON.stringify(events));
      else localStorage.removeItem(EVENTS_KEY);
      memory = null;
    } catch {
      memory = events.slice();
      storageAlert.hidden = false;
    }
  }

  function tap(event) {
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

  function applyGame() {
    const game = chosen("tracker-game");
    for (const part of setup.querySelectorAll("[data-game-only]")) part.hidden = part.dataset.gameOnly !== game;
    passingButton.textContent = game === "grand-archive" ? strings.time_called_ending : strings.time_called_passing;
  }

  function start(passing) {
    const game = chosen("tracker-game");
    const event = { type: "start", game, active_player: chosen("tracker-active"), round: chosen("tracker-round"),
      turn_pass_announced: passing };
    if (game === "mtg" && setup.querySelector('input[name="tracker-2hg"]').checked) event.two_headed_giant = true;
    tap(event);
    controls.next.focus();
  }

  setup.addEventListener("change", applyGame);
  setup.addEventListener("submit", (event) => {
    event.preventDefault();
    start(false);
  });
  passingButton.addEventListener("click", () => start(true));
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
  const nowBox = el("div", { class: "tracker-now" }, turnLine, playerLine, extraLine, leftLine, additionalLine);
  const clockTime = el("strong", { class: "tracker-clock-time", role: "timer" });
  const clockBox = el("div", { class: "tracker-clock", hidden: "" },
    el("span", { class: "tracker-clock-label" }, strings.clock), clockTime);
  const overtimeBox = el("div", { class: "tracker-overtime", hidden: "" });
  const warningList = el("ul", { class: "tracker-warnings", hidden: "" });
  const checkerLink = el("a", { class: "md-button md-button--primary tracker-big tracker-open-checker" }, strings.open_checker);
  const finishedBox = el("div", { class: "tracker-finished", hidden: "" },
    el("p", { class: "tracker-finished-title" }, strings.finished),
    el("p", {}, strings.finished_help), checkerLink);
  const board = el("section", { class: "tracker-board", "data-state": "pending", "aria-labelledby": "tracker-turn" },
    boardStatus, nowBox, clockBox, overtimeBox, warningList, finishedBox);
  turnLine.id = "tracker-turn";

  const button = (text, action, extra = "") =>
    el("button", { type: "button", class: `md-button ${extra}`.trim(), "data-action": action }, text);
  const controls = {
    next: button(strings.next_turn, "next-turn", "md-button--primary tracker-big tracker-next"),
    overtimeEnded: button(strings.overtime_ended, "overtime-ended", "md-button--primary tracker-big"),
    extra: button(strings.extra_turn, "extra-turn"),
    slowPlay: button(strings.slow_play, "slow-play"),
    undo: button(strings.undo, "undo"),
    fresh: button(strings.new_procedure, "new-procedure"),
  };
  controls.overtimeEnded.hidden = true;

  const extraPanel = panel("extra", strings.who, strings.add_extra, true);
  const slowPanel = panel("slow", strings.penalised, strings.record_penalty, false);
  const lastTap = el("p", { class: "tracker-last-tap", "aria-live": "off" });
  const wakeNote = el("p", { class: "tracker-wake", hidden: "" }, strings.wake_lock);
  const actions = el("div", { class: "tracker-actions" },
    controls.next, controls.overtimeEnded,
    el("div", { class: "tracker-row", "data-game-only": "mtg" }, controls.extra, controls.slowPlay),
    extraPanel.form, slowPanel.form,
    el("div", { class: "tracker-row" }, controls.undo, controls.fresh), lastTap);

  const planList = el("ol", {});
  const plan = el("div", { class: "checker-timeline tracker-plan", hidden: "" }, el("h2", {}, strings.plan), planList);
  const tapsSummary = el("summary", {});
  const tapList = el("ol", { class: "tracker-tap-list" });
  const taps = el("details", { class: "tracker-taps", open: "" }, tapsSummary, tapList);
  const whySteps = el("ol", { class: "checker-steps" });
  const why = el("details", { class: "tracker-why", hidden: "" }, el("summary", {}, strings.explanation), whySteps);
  live.replaceChildren(announcer, storageAlert, board, actions, wakeNote, plan, taps, why);

  function panel(name, legend, submit, withTurn) {
    const form = el("form", { class: "tracker-panel", "data-panel": name, hidden: "", autocomplete: "off" });
    const options = el("div", { class: "checker-options" });
    for (const player of ["A", "B"]) {
      options.append(el("label", { class: "checker-option" },
        el("input", { type: "radio", name: `tracker-${name}-player`, value: player, required: "" }),
        el("span", {}, player)));
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
    const close = () => {
      form.hidden = true;
      controls[name === "extra" ? "extra" : "slowPlay"].focus();
    };
    cancel.addEventListener("click", close);
    form.addEventListener("keydown", (event) => { if (event.key === "Escape") close(); });
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const player = form.querySelector("input:checked")?.value;
      if (!player || (turnInput && !turnInput.reportValidity())) return;
      form.hidden = true;
      if (name === "extra") tap({ type: "extra-turn", player, after_turn: Number(turnInput.value) });
      else tap({ type: "slow-play", player });
      controls.next.focus();
    });
    const open = (player, turn) => {
      for (const input of form.querySelectorAll("input[type=radio]")) input.checked = input.value === player;
      if (turnInput) turnInput.value = String(turn);
      form.hidden = false;
      form.querySelector("input:checked, input").focus();
    };
    return { form, open };
  }

  actions.addEventListener("click", (event) => {
    const action = event.target.closest("[data-action]")?.dataset.action;
    if (!action) return;
    const events = load();
    const first = events[0] || {};
    const turnNow = state && !state.finished && answered === JSON.stringify(events)
      ? state.turn : events.filter((e) => e.type === "next-turn").length;
    const playerNow = (state && state.player) || first.active_player || "A";
    if (action === "next-turn" || action === "overtime-ended") tap({ type: action });
    else if (action === "extra-turn") { slowPanel.form.hidden = true; extraPanel.open(playerNow, turnNow); }
    else if (action === "slow-play") { extraPanel.form.hidden = true; slowPanel.open(null, 0); }
    else if (action === "undo") {
      events.pop();
      store(events);
      refresh(events);
      (events.length ? controls.undo : setup.querySelector("input:checked")).focus();
    } else if (action === "new-procedure" && confirm(strings.confirm_new)) {
      store([]);
      refresh([]);
      setup.querySelector("input:checked").focus();
    }
  });

  // --- showing the taps at once, and the engine's state when it answers ----------------------
  function who(player, events) {
    const team = events[0] && events[0].two_headed_giant;
    return format(team ? strings.team : strings.player, { player: String(player) });
  }

  function describeTap(event, events) {
    if (event.type === "start") {
      let text = format(strings.tap_start, { game: data.games[event.game] || String(event.game),
        player: who(event.active_player, events) });
      if (event.turn_pass_announced) text += ` — ${event.game === "grand-archive" ? strings.tap_ending : strings.tap_passing}`;
      return text;
    }
    if (event.type === "next-turn") return strings.tap_next;
    if (event.type === "extra-turn") return format(strings.tap_extra, { player: who(event.player, events), turn: event.after_turn });
    if (event.type === "slow-play") return format(strings.tap_slow_play, { player: who(event.player, events) });
    if (event.type === "overtime-ended") return strings.tap_overtime_ended;
    return String(event.type);
  }

  function timeOf(at) {
    return new Date(at).toLocaleTimeString(lang, { hour: "2-digit", minute: "2-digit", second: "2-digit" });
  }

  function refresh(events = load()) {
    if (!events.length) {
      setup.hidden = false;
      live.hidden = true;
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
    tapsSummary.textContent = format(strings.taps, { count: events.length });
    tapList.replaceChildren(...events.map((event) =>
      el("li", {}, el("time", {}, timeOf(event.at)), " ", describeTap(event, events))));
    const last = events[events.length - 1];
    lastTap.textContent = format(strings.last_tap, { tap: `${describeTap(last, events)} (${timeOf(last.at)})` });
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
      state = answer;
      answered = key;
      show(answer);
    } catch (error) {
      if (token !== asking) return;
      showError(error);
    } finally {
      if (token === asking) pending = false;
    }
  }

  function showError(error) {
    board.dataset.state = "error";
    boardStatus.hidden = false;
    boardStatus.setAttribute("role", "alert");
    boardStatus.textContent = error && error.code === "engine-unavailable" ? problemText(strings, error, strings.unavailable)
      : !error || error.code === "engine-error" || !error.message ? strings.unavailable : error.message;
    stopTicker();
  }

  function show(s) {
    Object.assign(board.dataset, { state: "ready", turn: s.turn ?? "", player: s.player ?? "",
      turnsLeft: String(s.turns_left), finished: String(s.finished) });
    boardStatus.hidden = true;
    boardStatus.removeAttribute("role");
    const events = load();

    // The procedure has just ended: its box (and the link to the checker) may be above the screen.
    const finishing = s.finished && finishedBox.hidden;
    nowBox.hidden = s.finished;
    finishedBox.hidden = !s.finished;
    let spoken;
    if (s.finished) {
      checkerLink.href = `${data.pages[s.game] || ""}#scenario=${encodeURIComponent(JSON.stringify(s.scenario))}`;
      spoken = strings.finished;
    } else {
      turnLine.textContent = format(strings.turn, { number: s.turn });
      playerLine.textContent = who(s.player, events);
      playerLine.dataset.player = s.player;
      extraLine.hidden = !s.extra;
      leftLine.textContent = s.turns_left === 0 ? strings.last_turn
        : s.turns_left === 1 ? strings.left_one : format(strings.left_many, { count: s.turns_left });
      additionalLine.textContent = format(strings.additional_turns, { count: s.additional_turns });
      spoken = [turnLine.textContent, playerLine.textContent, s.extra ? strings.extra : "", leftLine.textContent]
        .filter(Boolean).join(". ");
    }

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
        steps.append(el("li", {}, `${step.text} `, cite(s.game, step.rule)));
      }
      // A new alert element: screen readers announce it, the judge's phone buzzes.
      overtimeBox.replaceChildren(el("div", { role: "alert" },
        el("p", { class: "tracker-overtime-title" }, strings.clock_expired),
        el("p", { class: "checker-next" }, labels.next[s.next] || s.next)), steps);
      if (navigator.vibrate) navigator.vibrate(400);
    }
    overtimeBox.hidden = !ending;

    warningList.replaceChildren(...(s.warnings || []).map((w) =>
      el("li", {}, format(strings.warning, { player: who(w.player, events), turn: w.turn }))));
    warningList.hidden = !(s.warnings || []).length;

    controls.next.hidden = s.finished || ending;
    controls.overtimeEnded.hidden = !ending;
    controls.extra.hidden = s.finished;
    controls.slowPlay.hidden = s.finished;
    if (s.finished) { extraPanel.form.hidden = true; slowPanel.form.hidden = true; }

    planList.replaceChildren(...s.plan.map((turn) => {
      const item = el("li", { class: `checker-turn player-${turn.player}${turn.extra ? " extra" : ""}` },
        el("span", { class: "checker-turn-number" }, format(strings.turn, { number: turn.number })),
        el("span", { class: "checker-turn-player" }, who(turn.player, events)));
      if (turn.extra) item.append(el("span", { class: "checker-turn-extra" }, strings.extra));
      if (!s.finished && turn.number === s.turn) {
        item.classList.add("current");
        item.setAttribute("aria-current", "step");
      } else if (s.finished || turn.number < s.turn) item.classList.add("done");
      return item;
    }));
    plan.hidden = false;
    whySteps.replaceChildren(...s.explanation.map((step) => el("li", {}, `${step.text} `, cite(s.game, step.rule))));
    why.hidden = false;

    if (announcer.textContent !== spoken) announcer.textContent = spoken;
    const running = s.clock && s.clock.started_at !== null && !s.clock.expired && !s.finished;
    if (running) startTicker();
    else stopTicker();
    keepAwake(!s.finished);
    if (finishing) finishedBox.scrollIntoView({ block: "nearest", behavior: reduceMotion() ? "auto" : "smooth" });
  }

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
  addEventListener("storage", (event) => { if (event.key === EVENTS_KEY || event.key === null) refresh(); });
  addEventListener("pageshow", (event) => { if (event.persisted) refresh(); });

  refresh();
}

function minutes(ms) {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}
