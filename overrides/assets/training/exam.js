// Practice exams on the training page: a set of questions fixed by an exam code
// (rules_engine.training.exam, through window.rulesChecker.exam), answered with no feedback until the
// end, then scored and reviewed with the engine's own explanations, each step linked to its
// paragraph. No rule lives here: the questions, the right answers, the misconceptions and
// the choice of paragraphs for a practice set all come from the engine; this file shows
// them, keeps the exam in progress and the candidate's progress on the device, and prints.
//
// Links: #exam=<code> opens (or resumes) an exam; #exam=<code>&answers=<one character a
// question: 0-3, or - for none> shows a shared result; #exam=practice resumes the practice
// set in progress. Everything shown is set with textContent: a link cannot inject markup.

import "../engine/checker-client.mjs";
import { clock, el, format, reducedMotion } from "../javascripts/dom.js";
import { downloadText, problem } from "../javascripts/engine-status.js";
import { keepOnDevice } from "../javascripts/storage.js";
import { scoresKept } from "../javascripts/results.js";
import { situation } from "./situation.js";
import { copyLink, shareButton } from "../javascripts/share.js";

const RUN_KEY = "end-of-match:training:exam-run:v1"; // the exam in progress (or just finished)
const PROGRESS_KEY = "end-of-match:training:progress:v1"; // exams taken, results per paragraph
const SECONDS_PER_QUESTION = 90;
const HISTORY_LIMIT = 200;

for (const root of document.querySelectorAll(".training")) setUp(root);

function setUp(root) {
  const data = JSON.parse(root.querySelector(".training-data").textContent);
  const { lang } = data;
  const strings = { ...data.strings, ...data.exam };
  const box = root.querySelector("[data-exam]");
  const settings = box.querySelector(".exam-settings");
  const opener = box.querySelector(".exam-open");
  const stage = box.querySelector(".exam-stage");
  const printArea = box.querySelector(".exam-print");
  const progressBox = root.querySelector(".training-progress");
  const storageAlert = progressBox.querySelector(".exam-storage-alert");
  const importStatus = progressBox.querySelector(".exam-import-status");

  let run = null; // {code, practice, exam, answers, index, startedAt, endedAt, countdown, shared}
  let timer = 0;
  let opening = 0;

  // --- the device's storage: a failure is said once, and the exam goes on ------------------
  function load(key, fallback) {
    try {
      const value = JSON.parse(localStorage.getItem(key) || "null");
      return value && typeof value === "object" && !Array.isArray(value) ? value : fallback;
    } catch {
      return fallback;
    }
  }

  function save(key, value) {
    try {
      if (value === null) localStorage.removeItem(key);
      else localStorage.setItem(key, JSON.stringify(value));
      return true;
    } catch {
      storageAlert.hidden = false;
      return false;
    }
  }

  function saveRun() {
    if (!run || run.shared) return;
    save(RUN_KEY, {
      code: run.code, practice: run.practice, answers: run.answers, index: run.index,
      startedAt: run.startedAt, endedAt: run.endedAt, countdown: run.countdown,
    });
  }

  // --- states ------------------------------------------------------------------------------
  function setState(state) {
    box.dataset.state = state;
    settings.hidden = opener.hidden = state !== "settings";
    if (state !== "review") {
      delete box.dataset.score;
      delete box.dataset.total;
    }
  }

  function say(text, alert = false) {
    stage.replaceChildren(el("p", { class: "training-status", ...(alert ? { role: "alert" } : {}) }, text));
  }

  function toSettings() {
    clearInterval(timer);
    run = null;
    setState("settings");
    stage.replaceChildren();
    printArea.replaceChildren();
    history.replaceState(history.state, "", `${location.pathname}${location.search}`);
  }

  function checked(name) {
    return [...settings.querySelectorAll(`[data-setting="${name}"] input:checked`)].map((input) => input.value);
  }

  function chosenSettings() {
    const games = checked("games");
    const levels = checked("levels");
    const alert = settings.querySelector(".exam-settings-alert");
    alert.hidden = games.length > 0 && levels.length > 0;
    if (!alert.hidden) return null;
    return { games, levels, length: Number(checked("length")[0] || 20) };
  }

  function seed() {
    return crypto.getRandomValues(new Uint32Array(1))[0];
  }

  settings.addEventListener("submit", async (event) => {
    event.preventDefault();
    const chosen = chosenSettings();
    if (!chosen) return;
    const token = ++opening;
    say(strings.loading);
    try {
      const code = await window.rulesChecker.examCode({ ...chosen, seed: seed() }, lang);
      if (token !== opening) return;
      setHash(code);
      await open({ code }, { fresh: true });
    } catch (error) {
      if (token === opening) failed(error, () => settings.requestSubmit());
    }
  });

  settings.querySelector("[data-action=practise]").addEventListener("click", async () => {
    const chosen = chosenSettings();
    if (!chosen) return;
    const practice = { stats: progress().paragraphs, seed: seed(), ...chosen };
    setHash("practice");
    await open({ practice }, { fresh: true });
  });

  opener.addEventListener("submit", async (event) => {
    event.preventDefault();
    const code = opener.elements.code.value.trim();
    if (!code) return;
    setHash(code);
    await open({ code }, { fresh: false });
  });

  function setHash(code, answers) {
    const params = new URLSearchParams({ exam: code });
    if (answers) params.set("answers", answers);
    history.replaceState(history.state, "", `${location.pathname}${location.search}#${params.toString()}`);
  }

  function failed(error, again) {
    setState("settings");
    const known = error && error.code && error.code !== "engine-unavailable" && error.code !== "engine-error";
    box.dataset.error = known ? error.code : "engine-unavailable";
    if (known || !again) say(known ? error.message : strings.unavailable, true);
    else stage.replaceChildren(...problem(strings, error, strings.unavailable, (failedAgain) => (failedAgain ? failed(failedAgain, again) : again())));
  }

  // While the engine downloads, the bytes received (a slow network is seen to be working).
  addEventListener("rules-checker:state", ({ detail }) => {
    const text = detail.state === "loading" && box.hasAttribute("aria-busy") ? downloadText(strings, detail.download) : null;
    if (text) say(`${strings.loading} ${text}`);
  });

  // Open an exam: its questions come from the engine (the same code, the same questions).
  async function open(source, { fresh, answers = null }) {
    const token = ++opening;
    clearInterval(timer);
    delete box.dataset.error;
    setState("settings");
    box.setAttribute("aria-busy", "true");
    say(strings.loading);
    try {
      const exam = source.practice
        ? await window.rulesChecker.practice(source.practice, lang)
        : await window.rulesChecker.exam(source.code, lang);
      if (token !== opening) return;
      const total = exam.questions.length;
      if (answers !== null && answers.length !== total) {
        failed({ code: "invalid-link", message: strings.invalid_link });
        return;
      }
      const kept = load(RUN_KEY, null);
      const same = kept && (source.practice ? kept.practice && JSON.stringify(kept.practice) === JSON.stringify(source.practice)
        : kept.code === exam.code);
      if (answers !== null) {
        run = newRun(exam, source, false);
        run.answers = answers;
        run.shared = true;
        run.endedAt = run.startedAt;
      } else if (!fresh && same && Array.isArray(kept.answers) && kept.answers.length === total) {
        run = { ...newRun(exam, source, Boolean(kept.countdown)), answers: kept.answers.map((a) => validAnswer(a, exam)),
          index: Math.min(Math.max(0, Number(kept.index) || 0), total - 1),
          startedAt: Number(kept.startedAt) || Date.now(), endedAt: Number(kept.endedAt) || null };
      } else {
        run = newRun(exam, source, settings.elements["exam-countdown"].checked);
        saveRun();
        keepOnDevice();
      }
      fillPrint(exam);
      if (run.endedAt) review();
      else showQuestion();
    } catch (error) {
      if (token === opening) failed(error, () => open(source, { fresh, answers }));
    } finally {
      if (token === opening) box.removeAttribute("aria-busy");
    }
  }

  function newRun(exam, source, countdown) {
    return { code: exam.code, practice: source.practice || null, exam, answers: exam.questions.map(() => null),
      index: 0, startedAt: Date.now(), endedAt: null, countdown, shared: false };
  }

  function validAnswer(answer, exam) {
    return Number.isInteger(answer) && answer >= 0 && answer < 4 ? answer : null;
  }

  // --- a question -----------------------------------------------------------------------------
  function showQuestion() {
    setState("question");
    const { exam, index } = run;
    const q = exam.questions[index];
    box.dataset.index = String(index + 1);
    const meta = el("p", { class: "training-meta" },
      el("strong", {}, format(strings.progress, { index: index + 1, total: exam.questions.length })), " · ",
      run.code ? format(strings.code_line, { code: run.code }) : strings.practice_line, " · ",
      el("span", { class: "exam-timer", role: "timer" }, ""));
    const options = el("div", { class: "training-choices", role: "group", "aria-labelledby": "exam-prompt" });
    q.options.forEach((text, i) => {
      const button = el("button", { type: "button", class: "training-choice", "data-index": String(i),
        "aria-pressed": String(run.answers[index] === i) },
      el("span", { class: "training-key", "aria-hidden": "true" }, String(i + 1)), el("span", { class: "training-text" }, text));
      button.addEventListener("click", () => pick(i));
      options.append(button);
    });
    const last = index === exam.questions.length - 1;
    const previous = el("button", { type: "button", class: "md-button", "data-action": "previous" }, strings.previous);
    previous.disabled = index === 0;
    previous.addEventListener("click", () => go(index - 1));
    const next = el("button", { type: "button", class: "md-button md-button--primary", "data-action": last ? "finish" : "next" },
      last ? strings.finish : strings.next);
    next.addEventListener("click", () => (last ? finish() : go(index + 1)));
    const nav = el("p", { class: "training-start exam-nav" }, previous, next);
    stage.replaceChildren(meta,
      el("h3", {}, strings.situation), situation(data.fields[q.game], q.scenario, strings),
      el("p", { class: "training-prompt", id: "exam-prompt" }, q.prompt),
      options,
      nav,
      // A mentor prints an exam from its code: the questions, then the answer key.
      el("p", { class: "training-start exam-actions" }, button(strings.print, () => print(), "print")));
    tick();
    clearInterval(timer);
    timer = setInterval(tick, 1000);
    // The bar's height, for the space kept above it (training.css): a choice never scrolls in under it.
    document.documentElement.style.setProperty("--exam-nav-height", `${nav.offsetHeight}px`);
    showOnScreen(stage, nav);
    (options.querySelector('[aria-pressed="true"]') || options.querySelector("button")).focus({ preventScroll: true });
  }

  // A new question starts where the reader looks, at once (no glide between pages of an exam,
  // which would also move the answers under a thumb): at its top, "Question N of 10" and the
  // situation's first facts (the game, the round) just under the header. Previous/Next stay
  // pinned at the bottom of the screen while the question is read (training.css), so the
  // thumb never scrolls up and back down. Nothing moves when all of it is in sight already.
  function showOnScreen(first, last) {
    const header = document.querySelector(".md-header")?.getBoundingClientRect().bottom || 0;
    const gap = 8;
    const top = first.getBoundingClientRect().top - header - gap; // < 0: its first line is above the screen
    const bottom = last.getBoundingClientRect().bottom - innerHeight + gap; // > 0: its last line is below
    if (top >= 0 && bottom <= 0) return;
    scrollBy({ top, behavior: "auto" });
  }

  function pick(i) {
    run.answers[run.index] = i;
    saveRun();
    for (const button of stage.querySelectorAll(".training-choice")) {
      button.setAttribute("aria-pressed", String(Number(button.dataset.index) === i));
    }
  }

  function go(index) {
    run.index = index;
    saveRun();
    showQuestion();
  }

  function tick() {
    const shown = stage.querySelector(".exam-timer");
    if (!run || !shown) return;
    const elapsed = Date.now() - run.startedAt;
    if (!run.countdown) {
      shown.textContent = clock(elapsed);
      return;
    }
    const left = run.exam.questions.length * SECONDS_PER_QUESTION * 1000 - elapsed;
    shown.textContent = left > 0 ? format(strings.time_left, { time: clock(left) }) : strings.time_up;
    shown.dataset.over = String(left <= 0);
  }

  // Keys 1–4 pick an answer, as the buttons' badges say.
  document.addEventListener("keydown", (event) => {
    if (box.dataset.state !== "question" || event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.target.closest && event.target.closest("input, textarea, select, [contenteditable]")) return;
    const i = "1234".indexOf(event.key);
    if (i < 0 || i >= run.exam.questions[run.index].options.length) return;
    event.preventDefault();
    pick(i);
  });

  function finish() {
    const missing = run.answers.filter((a) => a === null).length;
    if (missing && !confirm(format(strings.unanswered, { count: missing }))) return;
    run.endedAt = Date.now();
    saveRun();
    record(run);
    if (run.code) setHash(run.code, answerString(run.answers));
    review();
  }

  function answerString(answers) {
    return answers.map((a) => (a === null ? "-" : String(a))).join("");
  }

  // --- the review -------------------------------------------------------------------------------
  function review() {
    clearInterval(timer);
    setState("review");
    delete box.dataset.index;
    const { exam, answers } = run;
    const right = exam.questions.filter((q, i) => answers[i] === q.answer).length;
    Object.assign(box.dataset, { score: String(right), total: String(exam.questions.length) });

    const missed = new Map();
    exam.questions.forEach((q, i) => {
      if (answers[i] !== q.answer) missed.set(q.rule, { q, count: (missed.get(q.rule)?.count || 0) + 1 });
    });
    const missedList = missed.size ? el("ul", { class: "training-missed exam-missed" }) : el("p", {}, strings.missed_none);
    const [, asideAfter = ""] = strings.aside.split("{text}"); // "{text} ({aside})", each language's way
    for (const [rule, { q, count }] of missed) {
      missedList.append(el("li", { "data-rule": rule }, cite(q.game, rule), `${format(asideAfter, { aside: data.games[q.game] })} · `,
        format(strings.missed_count, { count })));
    }

    const questions = el("ol", { class: "exam-review" });
    exam.questions.forEach((q, i) => questions.append(reviewItem(q, answers[i])));

    const actions = el("p", { class: "training-start exam-actions" });
    const shareStatus = el("span", { class: "training-share-status", role: "status" });
    if (run.code) {
      const sheet = shareButton(strings, resultLink, shareStatus, { "data-action": "share-sheet" });
      if (sheet) actions.append(sheet);
      actions.append(button(strings.share_result, () => copyLink(strings, resultLink(), shareStatus), "share-result"),
        button(strings.share_exam, () => copyLink(strings, examLink(), shareStatus), "share-exam"));
    }
    actions.append(button(strings.print, () => print(), "print"),
      button(strings.new_exam, () => toSettings(), "new-exam"));

    stage.replaceChildren(
      el("p", { class: "training-meta" }, run.code ? format(strings.code_line, { code: run.code }) : strings.practice_line),
      ...(run.shared ? [el("p", { class: "exam-shared" }, strings.shared_result)] : []),
      el("p", { class: "training-summary-score exam-score" }, format(strings.score, { right, total: exam.questions.length })),
      ...(run.shared ? [] : [el("p", { class: "training-summary-time" },
        format(strings.time, { time: clock(run.endedAt - run.startedAt) }))]),
      actions, shareStatus,
      el("h3", {}, strings.missed), missedList,
      el("h3", {}, strings.review), questions);
    box.focus({ preventScroll: true });
    box.scrollIntoView({ block: "start", behavior: reducedMotion() ? "auto" : "smooth" });
  }

  function reviewItem(q, answer) {
    const right = answer === q.answer;
    const item = el("li", { class: "exam-item", "data-result": right ? "right" : "wrong", "data-rule": q.rule });
    const mine = answer === null ? strings.no_answer : q.options[answer];
    item.append(
      el("p", { class: "training-prompt" }, q.prompt),
      el("details", {}, el("summary", {}, strings.situation), situation(data.fields[q.game], q.scenario, strings)),
      el("p", { class: "exam-answer" }, el("strong", {}, `${right ? strings.right : strings.wrong}. `),
        `${strings.your_answer} ${mine}`));
    if (!right) {
      item.append(el("p", { class: "exam-answer" }, `${strings.right_answer} ${q.options[q.answer]}`));
      const misconception = answer !== null ? q.misconceptions[answer] : null;
      if (misconception && data.misconceptions[misconception]) {
        item.append(el("p", { class: "training-misconception", "data-misconception": misconception },
          el("strong", {}, strings.misconception), " ", data.misconceptions[misconception]));
      }
    }
    item.append(steps(q));
    return item;
  }

  function steps(q) {
    const list = el("ol", { class: "checker-steps" });
    for (const step of q.explanation) {
      list.append(el("li", step.rule === q.rule ? { class: "training-target" } : {}, ...scoresKept(`${step.text} `), cite(q.game, step.rule)));
    }
    return list;
  }

  function cite(game, rule) {
    return el("a", { href: `${data.pages[game] || ""}#${rule}`, class: "checker-cite", "data-rule": rule },
      `§ ${data.titles[rule] || rule}`);
  }

  function button(text, action, name) {
    const node = el("button", { type: "button", class: "md-button", "data-action": name }, text);
    node.addEventListener("click", action);
    return node;
  }

  function resultLink() {
    const params = new URLSearchParams({ exam: run.code, answers: answerString(run.answers) });
    return `${location.origin}${location.pathname}#${params.toString()}`;
  }

  function examLink() {
    return `${location.origin}${location.pathname}#${new URLSearchParams({ exam: run.code }).toString()}`;
  }

  // --- print: the questions, then the answer key on the next pages -------------------------------
  function fillPrint(exam) {
    const title = exam.code ? format(strings.print_title, { code: exam.code }) : strings.practice_line;
    const questions = el("ol", { class: "exam-print-questions" });
    const key = el("ol", { class: "exam-print-key" });
    for (const q of exam.questions) {
      const options = el("ol", { class: "exam-print-options", type: "A" });
      for (const text of q.options) options.append(el("li", {}, text));
      questions.append(el("li", {}, situation(data.fields[q.game], q.scenario, strings), el("p", {}, q.prompt), options));
      key.append(el("li", {}, el("p", {}, el("strong", {}, `${"ABCD"[q.answer]}. `), q.options[q.answer]), steps(q)));
    }
    printArea.replaceChildren(el("h2", {}, title), questions,
      el("h2", { class: "exam-print-break" }, `${strings.answer_key} · ${title}`), key);
  }

  // --- progress on this device ------------------------------------------------------------------
  function progress() {
    const kept = load(PROGRESS_KEY, {});
    return checkedProgress(kept) || { version: 1, exams: [], paragraphs: {} };
  }

  // A progress object as this page writes it, or null (an imported file is read the same way).
  function checkedProgress(value) {
    if (!value || typeof value !== "object" || value.version !== 1 || !Array.isArray(value.exams)
        || !value.paragraphs || typeof value.paragraphs !== "object" || Array.isArray(value.paragraphs)) return null;
    const count = (n) => Number.isSafeInteger(n) && n >= 0;
    const exams = value.exams.filter((e) => e && typeof e === "object" && count(e.right) && count(e.total)
      && e.right <= e.total && typeof e.date === "string" && (e.code === null || typeof e.code === "string"));
    if (exams.length !== value.exams.length) return null;
    const paragraphs = {};
    for (const [rule, counts] of Object.entries(value.paragraphs)) {
      if (!Object.hasOwn(data.titles, rule) || !counts || !count(counts.asked) || !count(counts.right)
          || counts.right > counts.asked) return null;
      paragraphs[rule] = { asked: counts.asked, right: counts.right };
    }
    return { version: 1, exams: exams.map((e) => ({ code: e.code, date: e.date, right: e.right, total: e.total,
      seconds: count(e.seconds) ? e.seconds : 0 })), paragraphs };
  }

  function record(done) {
    if (done.shared) return;
    const kept = progress();
    const right = done.exam.questions.filter((q, i) => done.answers[i] === q.answer).length;
    kept.exams.push({ code: done.code, date: new Date(done.endedAt).toISOString(), right,
      total: done.exam.questions.length, seconds: Math.round((done.endedAt - done.startedAt) / 1000) });
    kept.exams = kept.exams.slice(-HISTORY_LIMIT);
    done.exam.questions.forEach((q, i) => {
      const was = kept.paragraphs[q.rule] || { asked: 0, right: 0 };
      kept.paragraphs[q.rule] = { asked: was.asked + 1, right: was.right + (done.answers[i] === q.answer ? 1 : 0) };
    });
    save(PROGRESS_KEY, kept);
    showProgress();
  }

  function showProgress() {
    const kept = progress();
    const historyList = progressBox.querySelector(".exam-history");
    const rows = kept.exams.slice().reverse().slice(0, 20).map((e) => el("li", { "data-code": e.code || "" },
      format(strings.history_row, { date: new Date(e.date).toLocaleDateString(lang), code: e.code || strings.practice,
        right: e.right, total: e.total })));
    historyList.replaceChildren(...(rows.length ? rows : [el("li", { class: "exam-empty" }, strings.history_none)]));
    // Weakest first: the most misses, then the fewest right answers.
    const paragraphs = Object.entries(kept.paragraphs)
      .sort(([, a], [, b]) => (b.asked - b.right) - (a.asked - a.right) || a.right - b.right);
    progressBox.querySelector(".exam-paragraphs").replaceChildren(...paragraphs.map(([rule, c]) =>
      el("li", { "data-rule": rule }, cite(gameOf(rule), rule), " · ", format(strings.paragraph_row, c))));
  }

  function gameOf(rule) {
    return rule.startsWith("mtg-") ? "mtg" : rule.startsWith("ga-") ? "grand-archive"
      : rule.startsWith("lorcana-") ? "lorcana" : "yugioh";
  }

  progressBox.querySelector("[data-action=export]").addEventListener("click", () => {
    const blob = new Blob([`${JSON.stringify(progress(), null, 2)}\n`], { type: "application/json" });
    const link = el("a", { href: URL.createObjectURL(blob), download: "end-of-match-progress.json" });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 10000);
  });

  progressBox.querySelector("[data-action=import]").addEventListener("change", async (event) => {
    const [file] = event.target.files;
    event.target.value = "";
    if (!file) return;
    let imported = null;
    try {
      imported = checkedProgress(JSON.parse(await file.text()));
    } catch {
      imported = null;
    }
    if (!imported) {
      importStatus.textContent = strings.import_failed;
      return;
    }
    if (save(PROGRESS_KEY, imported)) importStatus.textContent = strings.imported;
    showProgress();
  });

  progressBox.querySelector("[data-action=clear]").addEventListener("click", () => {
    if (!confirm(strings.clear_confirm)) return;
    save(PROGRESS_KEY, null);
    importStatus.textContent = "";
    showProgress();
  });

  addEventListener("storage", (event) => { if (event.key === PROGRESS_KEY || event.key === null) showProgress(); });

  // --- links --------------------------------------------------------------------------------------
  function followLink() {
    if (!/^#exam=/.test(location.hash)) return false;
    const params = new URLSearchParams(location.hash.slice(1));
    const code = params.get("exam") || "";
    const answers = params.get("answers");
    const known = [...params.keys()].every((key) => key === "exam" || key === "answers");
    if (!known || code.length > 40 || (answers !== null && !/^[0-3-]{1,40}$/.test(answers))) {
      setState("settings");
      say(strings.invalid_link, true);
      box.dataset.error = "invalid-link";
      return true;
    }
    if (code === "practice") {
      const kept = load(RUN_KEY, null);
      if (!kept || !kept.practice) {
        setState("settings");
        say(strings.invalid_link, true);
        box.dataset.error = "invalid-link";
        return true;
      }
      open({ practice: kept.practice }, { fresh: false });
      return true;
    }
    if (run && run.code === code.toUpperCase() && answers === null && !run.shared) return true;
    const shared = answers === null ? null : [...answers].map((c) => (c === "-" ? null : Number(c)));
    // One's own finished exam's result link shows one's own review (it is not "shared").
    const kept = load(RUN_KEY, null);
    const own = shared && kept && kept.code === code.toUpperCase() && kept.endedAt && answerString(kept.answers || []) === answers;
    open({ code }, { fresh: false, answers: own ? null : shared });
    return true;
  }

  addEventListener("hashchange", followLink);
  showProgress();
  followLink();
}
