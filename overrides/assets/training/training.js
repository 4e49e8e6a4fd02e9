// Training: questions the rules engine draws from a seed (rules_engine.training.questions, through
// window.rulesChecker.question), answered with large buttons and explained by the engine's
// own ruling, each step linked to its paragraph. No rule lives here: the question, the right
// answer, the misconception a wrong answer stands for and the explanation all come from the
// engine; this file shows them, keeps a score on the device and times a set of ten.
//
// A question is reproducible from its link: #q=<seed>[&level=<level>][&game=<game>].
// Everything shown comes from the page's JSON strings or the engine, set with textContent:
// a link cannot inject markup.

// window.rulesChecker: imported, so it exists before this runs (the page also loads it
// `async`, to start the engine early for a link that asks for an answer).
import "../engine/checker-client.mjs";
import { clock, el, format, reducedMotion } from "../javascripts/dom.js";
import { downloadText, problem } from "../javascripts/engine-status.js";
import { situation } from "./situation.js";
import { scoresKept, summaryLine } from "../javascripts/results.js";
import { turnPlan } from "../javascripts/turn-plan.js";
import { copyLink, shareButton } from "../javascripts/share.js";
import "./exam.js";

const SCORE_KEY = "end-of-match:training:score:v1";
const SET_SIZE = 10;

for (const root of document.querySelectorAll(".training")) setUp(root);

function setUp(root) {
  const data = JSON.parse(root.querySelector(".training-data").textContent);
  const { strings, lang } = data;
  const setup = root.querySelector(".training-setup");
  const box = root.querySelector("[data-question]");
  const summaryBox = root.querySelector("[data-summary]");
  const scoreList = root.querySelector(".training-scores");
  const levelInputs = [...setup.querySelectorAll('[data-setting="level"] input')];
  const gameInputs = [...setup.querySelectorAll('[data-setting="game"] input')];

  let current = null; // {request, question, answered}
  let asking = 0;
  let set = null; // {level, game, results: [{seed, rule, game, right}], startedAt, endedAt, timer}

  const status = (text, alert = false) => {
    box.hidden = false;
    box.replaceChildren(el("p", { class: "training-status", ...(alert ? { role: "alert" } : {}) }, text));
  };

  // --- the level and game -----------------------------------------------------------------
  function selection() {
    const level = levelInputs.find((i) => i.checked)?.value || null;
    const game = gameInputs.find((i) => i.checked)?.value || null;
    return { level, game };
  }

  // Yu-Gi-Oh!'s procedures have no turn plan to ask about: a game a level cannot ask is disabled.
  // The choices are the games under their current editions, and the earlier editions.
  function applyLevel() {
    const { level } = selection();
    const games = level ? data.available[level] : Object.keys(data.groups);
    for (const input of gameInputs) {
      input.disabled = input.value !== "" && !games.includes(input.value);
      if (input.disabled && input.checked) gameInputs[0].checked = true;
    }
  }

  function select(level, game) {
    for (const input of levelInputs) input.checked = input.value === level;
    applyLevel();
    for (const input of gameInputs) input.checked = input.value === (game || "");
  }

  setup.addEventListener("change", applyLevel);
  setup.addEventListener("submit", (event) => {
    event.preventDefault();
    endSet();
    ask(newRequest(selection()));
  });
  setup.querySelector("[data-action=set]").addEventListener("click", () => startSet());
  applyLevel();

  function newRequest({ level, game }) {
    const seed = crypto.getRandomValues(new Uint32Array(1))[0];
    const request = { seed };
    if (level) request.level = level;
    if (game) request.game = game;
    return request;
  }

  // --- links ----------------------------------------------------------------------------------
  function fromHash() {
    if (!/^#q=/.test(location.hash)) return null;
    const params = new URLSearchParams(location.hash.slice(1));
    const seed = params.get("q");
    const level = params.get("level");
    const game = params.get("game");
    const known = [...params.keys()].every((key) => ["q", "level", "game"].includes(key));
    if (!known || !/^\d{1,15}$/.test(seed || "") || (level !== null && !Object.hasOwn(data.levels, level))
        || (game !== null && !Object.hasOwn(data.groups, game))) {
      return { invalid: true };
    }
    const request = { seed: Number(seed) };
    if (level) request.level = level;
    if (game) request.game = game;
    return { request };
  }

  function linkOf(request) {
    const params = new URLSearchParams({ q: String(request.seed) });
    if (request.level) params.set("level", request.level);
    if (request.game) params.set("game", request.game);
    return `#${params.toString()}`;
  }

  function followLink() {
    const found = fromHash();
    if (!found) return false;
    if (found.invalid) {
      status(strings.invalid_link, true);
      box.dataset.state = "error";
      return true;
    }
    if (current && linkOf(current.request) === linkOf(found.request)) return true;
    endSet();
    select(found.request.level || null, found.request.game || null);
    ask(found.request);
    return true;
  }

  // --- asking ---------------------------------------------------------------------------------
  async function ask(request) {
    const token = ++asking;
    summaryBox.hidden = true;
    history.replaceState(history.state, "", `${location.pathname}${location.search}${linkOf(request)}`);
    box.setAttribute("aria-busy", "true");
    box.dataset.state = "loading";
    status(window.rulesChecker.state === "ready" ? strings.working : strings.loading);
    // An engine that failed to start is retried with each new question.
    if (window.rulesChecker.state === "unavailable") window.rulesChecker.start();
    try {
      const question = await window.rulesChecker.question(request, lang);
      if (token !== asking) return;
      current = { request, question, answered: false };
      show(question);
    } catch (error) {
      if (token !== asking) return;
      current = null;
      if (error && error.code === "engine-unavailable") cannotStart(error, () => ask(request));
      else status(error && error.code !== "engine-error" && error.message ? error.message : strings.unavailable, true);
      box.dataset.state = "error";
    } finally {
      if (token === asking) box.removeAttribute("aria-busy");
    }
  }

  function show(q) {
    box.hidden = false;
    Object.assign(box.dataset, { state: "asked", seed: String(q.seed), rule: q.rule, game: q.game, level: q.level });
    delete box.dataset.result;
    const meta = el("p", { class: "training-meta" });
    if (set) {
      meta.append(el("strong", {}, format(strings.set_progress, { index: set.results.length + 1, total: SET_SIZE })),
        " · ", el("span", { class: "training-timer", role: "timer" }, clock(Date.now() - set.startedAt)), " · ");
    }
    meta.append(el("span", { class: "training-seed" }, format(strings.question_meta, { seed: q.seed })),
      " · ", `${data.levels[q.level]} · ${data.games[q.game]}`);
    const choices = el("div", { class: "training-choices", role: "group", "aria-labelledby": "training-prompt" });
    q.choices.forEach((choice, index) => {
      const button = el("button", { type: "button", class: "training-choice", "data-id": choice.id },
        el("span", { class: "training-key", "aria-hidden": "true" }, String(index + 1)),
        el("span", { class: "training-text" }, choice.text));  // the engine's words: "Player A", "Team A"
      button.addEventListener("click", () => choose(choice.id));
      choices.append(button);
    });
    const share = el("button", { type: "button", class: "md-button training-share" }, strings.share);
    const shareStatus = el("span", { class: "training-share-status", role: "status" });
    share.addEventListener("click", () => copyLink(strings, location.href, shareStatus));
    const sheet = shareButton(strings, () => location.href, shareStatus);
    box.replaceChildren(
      meta,
      el("h2", {}, strings.situation),
      facts(q.game, q.scenario),
      el("p", { class: "training-prompt", id: "training-prompt" }, q.prompt),
      choices,
      el("div", { class: "training-feedback", tabindex: "-1", hidden: "" }),
      el("p", { class: "training-share-line" }, ...(sheet ? [sheet] : []), share, shareStatus));
    box.scrollIntoView({ block: "start", behavior: reducedMotion() ? "auto" : "smooth" });
    choices.querySelector("button").focus({ preventScroll: true });
  }

  // --- the situation, named as the checker's form names it -----------------------------------
  function facts(game, scenario) {
    return situation(data.fields[game], scenario, strings);
  }

  // --- answering ------------------------------------------------------------------------------
  function choose(id) {
    if (!current || current.answered) return;
    current.answered = true;
    const q = current.question;
    const right = id === q.answer;
    const picked = q.choices.find((c) => c.id === id);
    const correct = q.choices.find((c) => c.id === q.answer);
    for (const button of box.querySelectorAll(".training-choice")) {
      button.disabled = true;
      button.setAttribute("aria-pressed", String(button.dataset.id === id));
      if (button.dataset.id === id) button.dataset.picked = "";
      if (button.dataset.id === q.answer) button.dataset.correct = "";
    }
    box.dataset.state = "answered";
    box.dataset.result = right ? "right" : "wrong";

    const feedback = box.querySelector(".training-feedback");
    const parts = [el("p", { class: "training-verdict" },
      right ? strings.right : format(strings.wrong, { answer: correct.text }))];
    // Then the ruling's first line: what the players do now and what happens next.
    const now = summaryLine(q.ruling.summary);
    if (now) parts.push(now);
    if (!right && picked.misconception && data.misconceptions[picked.misconception]) {
      parts.push(el("p", { class: "training-misconception", "data-misconception": picked.misconception },
        el("strong", {}, strings.misconception), " ", data.misconceptions[picked.misconception]));
    }
    const [before, after = ""] = strings.about.split("{rule}");
    parts.push(el("p", { class: "training-about" }, before, cite(q.game, q.rule), after));
    // The turn plan, drawn as under every ruling (a game that ended in a given turn marked).
    if (q.ruling.turns.length) {
      const game = q.scenario.current_game;
      const ended = game && game.winner && Number.isInteger(game.during_turn) ? game.during_turn : null;
      parts.push(turnPlan(q.ruling.turns, { strings, heading: { tag: "h2", title: strings.turns }, ended,
        duel: q.game !== "yugioh" ? null : q.ruling.additional_turns > 0 ? "additional" : "current" }));
    }
    const steps = el("ol", { class: "checker-steps" });
    for (const step of q.ruling.explanation) {
      steps.append(el("li", step.rule === q.rule ? { class: "training-target" } : {}, ...scoresKept(`${step.text} `), cite(q.game, step.rule)));
    }
    parts.push(el("h2", {}, strings.ruling), steps, el("p", { class: "checker-version" }, q.ruling.rules_version));
    const last = set && set.results.length + 1 >= SET_SIZE;
    const next = el("button", { type: "button", class: "md-button md-button--primary training-next" },
      last ? strings.see_summary : strings.next_question);
    next.addEventListener("click", () => (last ? showSummary() : nextQuestion()));
    parts.push(el("p", { class: "training-next-line" }, next));
    feedback.replaceChildren(...parts);
    feedback.hidden = false;

    record(q.game, right);
    if (set) {
      set.results.push({ seed: q.seed, rule: q.rule, game: q.game, right });
      if (set.results.length >= SET_SIZE) {
        set.endedAt = Date.now();
        clearInterval(set.timer);
        tick();
      }
    }
    feedback.focus({ preventScroll: true });
    feedback.scrollIntoView({ block: "start", behavior: reducedMotion() ? "auto" : "smooth" });
  }

  function cite(game, rule) {
    return el("a", { href: `${data.pages[game] || ""}#${rule}`, class: "checker-cite", "data-rule": rule },
      `§ ${data.titles[rule] || rule}`);
  }

  function nextQuestion() {
    ask(newRequest(set ? set : selection()));
  }

  // Keys 1–4 answer, as the buttons' badges say.
  document.addEventListener("keydown", (event) => {
    if (!current || current.answered || event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.target.closest && event.target.closest("input, textarea, select, [contenteditable]")) return;
    const index = "1234".indexOf(event.key);
    if (index < 0 || index >= current.question.choices.length) return;
    event.preventDefault();
    choose(current.question.choices[index].id);
  });

  // --- the set of ten -------------------------------------------------------------------------
  function startSet() {
    endSet();
    set = { ...selection(), results: [], startedAt: Date.now(), endedAt: null, timer: 0 };
    set.timer = setInterval(tick, 1000);
    nextQuestion();
  }

  function endSet() {
    if (set) clearInterval(set.timer);
    set = null;
  }

  function tick() {
    const timer = box.querySelector(".training-timer");
    if (set && timer) timer.textContent = clock((set.endedAt || Date.now()) - set.startedAt);
  }

  function showSummary() {
    if (!set) return;
    const done = set;
    endSet();
    current = null;
    const right = done.results.filter((r) => r.right).length;
    const missed = [];
    for (const result of done.results) {
      if (!result.right && !missed.some((m) => m.rule === result.rule)) missed.push(result);
    }
    const list = missed.length ? el("ul", { class: "training-missed" }) : el("p", {}, strings.summary_none);
    // "{text} ({aside})" as each language writes it (Japanese: full-width brackets, no space).
    const [, asideAfter = ""] = strings.aside.split("{text}");
    for (const miss of missed) list.append(el("li", {}, cite(miss.game, miss.rule), format(asideAfter, { aside: data.games[miss.game] })));
    const again = el("button", { type: "button", class: "md-button md-button--primary" }, strings.another_set);
    again.addEventListener("click", () => {
      select(done.level, done.game);
      startSet();
    });
    Object.assign(summaryBox.dataset, { right: String(right), total: String(done.results.length) });
    summaryBox.replaceChildren(
      el("h2", {}, strings.summary),
      el("p", { class: "training-summary-score" }, format(strings.summary_score, { right, total: done.results.length })),
      el("p", { class: "training-summary-time" }, format(strings.summary_time, { time: clock(done.endedAt - done.startedAt) })),
      el("h3", {}, strings.summary_missed), list,
      el("p", {}, again));
    box.hidden = true;
    summaryBox.hidden = false;
    summaryBox.focus({ preventScroll: true });
    summaryBox.scrollIntoView({ block: "start", behavior: reducedMotion() ? "auto" : "smooth" });
  }

  // --- the score, kept on this device ---------------------------------------------------------
  function loadScores() {
    try {
      const scores = JSON.parse(localStorage.getItem(SCORE_KEY) || "{}");
      return scores && typeof scores === "object" && !Array.isArray(scores) ? scores : {};
    } catch {
      return {};
    }
  }

  function count(value) {
    return Number.isSafeInteger(value) && value >= 0 ? value : 0;
  }

  function record(game, right) {
    const scores = loadScores();
    const was = scores[game] || {};
    scores[game] = { asked: count(was.asked) + 1, right: count(was.right) + (right ? 1 : 0) };
    saveScores(scores);
  }

  function saveScores(scores) {
    try {
      localStorage.setItem(SCORE_KEY, JSON.stringify(scores));
    } catch {
      scoreList.after(el("p", { class: "training-status", role: "alert" }, strings.storage_failed));
    }
    showScores(scores);
  }

  function showScores(scores = loadScores()) {
    const rows = [];
    for (const [game, name] of Object.entries(data.games)) {
      const score = scores[game] || {};
      rows.push(el("dt", {}, name),
        el("dd", { "data-game": game }, format(strings.score_value, { right: count(score.right), asked: count(score.asked) })));
    }
    scoreList.replaceChildren(...rows);
  }

  root.querySelector("[data-action=reset-score]").addEventListener("click", () => {
    if (confirm(strings.reset_confirm)) saveScores({});
  });
  addEventListener("storage", (event) => { if (event.key === SCORE_KEY) showScores(); });
  showScores();

  // --- start ----------------------------------------------------------------------------------
  addEventListener("hashchange", followLink);
  if (!followLink()) {
    window.rulesChecker.ready.then(() => {
      root.dataset.engine = "ready";
      if (!current && !asking && box.dataset.state === "loading") {
        status(strings.ready);
        box.dataset.state = "idle";
      }
    }, (error) => {
      if (!current && !asking && box.dataset.state === "loading") {
        cannotStart(error, () => { status(strings.ready); box.dataset.state = "idle"; });
        box.dataset.state = "error";
      }
    });
  }

  // The engine could not start: whose fault it is, and a retry that asks again.
  function cannotStart(error, again) {
    box.hidden = false;
    box.replaceChildren(...problem(strings, error, strings.unavailable, (failed) => {
      if (failed) {
        cannotStart(failed, again);
        box.dataset.state = "error";
      } else {
        again();
      }
    }));
  }

  // While the engine downloads, the bytes received (a slow network is seen to be working).
  addEventListener("rules-checker:state", ({ detail }) => {
    const text = detail.state === "loading" && box.dataset.state === "loading" ? downloadText(strings, detail.download) : null;
    if (text) status(`${strings.loading} ${text}`);
  });
}
