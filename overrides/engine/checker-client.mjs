// The page side of the rules engine: window.rulesChecker (DESIGN §3.4). No rules here: the
// engine (rules_engine.judge_json under Pyodide) runs in worker.mjs; this file starts it,
// time-boxes it and turns its answers into Promises.
//
// Page markup (bundle.py's manifest gives the paths; every URL is relative to the page, so
// the site works at a host's root and under a sub-path):
//
//   <meta name="engine-zip" content="{{ base_url }}/assets/engine/engine-<hash>.zip">
//   <script type="module" src="{{ base_url }}/assets/engine/checker-client.mjs"></script>
//
// Instead of the meta, the zip URL may sit on the widget's element, as
// `data-engine-zip="…/assets/engine/engine-<hash>.zip"` (the first such element counts;
// the meta wins when both exist). Relative URLs resolve against the page (document.baseURI).
//
// The worker is assets/engine/worker.mjs, found next to this file (import.meta.url); it
// loads Pyodide from assets/pyodide/. When the page holds a `.rules-checker` or a
// `[data-engine-zip]` element, the engine starts by itself after `load`, at idle
// (requestIdleCallback, timeout 2000 ms); otherwise on the first judge() call or an
// explicit start(). A reader who asked to save data (navigator.connection.saveData) on a
// page the service worker does not control yet (the engine would come from the network)
// gets it on the first focus or touch inside such an element instead, or on judge().
//
// window.rulesChecker = {
//   judge(scenario, lang?) -> Promise<ruling>
//       scenario: an object (sent as JSON) or JSON text; lang: "en" | "fr" | "pt" | "ja"
//       (default: the page's <html lang>). Resolves with the ruling object; rejects with
//       the bare error object {code, field, message}: the engine's refusal (message in
//       `lang`), {code: "engine-unavailable", field: "", message, reason} when Pyodide or
//       the engine cannot load, makes no progress for 15 s while starting (no stage reached,
//       no byte received: a slow network that keeps bringing bytes is waited for; 60 s once
//       every byte has arrived, for a slow device's own work; reason
//       "network", "offline" or "engine"), or stops answering a call for 15 s, and
//       {code: "engine-error", field: "", message} when the call raised (an engine bug or
//       a language the engine does not know).
//   edition({game, event_date}, lang?) -> Promise<edition>  the edition in force that day
//   track(events, lang?, now?) -> Promise<state>   the turn tracker (rules_engine.trackers.turns)
//   question(request, lang?) -> Promise<question>  a training question (rules_engine.training.questions)
//   exam(code, lang?) -> Promise<exam>  the exam a code fixes (rules_engine.training.exam; = `exam show`)
//   examCode(settings, lang?) -> Promise<code>  a new exam's code ({games, levels, length, seed})
//   practice(request, lang?) -> Promise<exam>  a set aimed at the weakest paragraphs
//   ready: Promise<rulesChecker>   resolves once the engine is warm; rejects with the
//       engine-unavailable object (a new Promise after a restart).
//   state: "idle" | "loading" | "ready" | "unavailable"
//   stage: the worker's last loading stage ("runtime", "python", "engine", "warm-up")
//   download: {received, total} bytes of the engine's files (the wasm and the zip) as they
//       travel (encoded: travelled() below) while they arrive (decoded, and total 0, when the
//       page has no table), or null
//   start(options?) -> ready       starts (or, after a failure, restarts) the worker;
//       options: {zipURL, timeoutMs} override the meta tag and the 15 s without progress.
//   timings: {start, ready} (page performance.now(), ms since navigation), `early` (true
//       when the inline script at the top of <head> started the worker), `worker`
//       (the worker's own marks) and `boot` ({snapshot: "restored" | "failed" | "none",
//       fromCache: [files the worker took from the Cache API itself]}), once ready.
// }
// Every change of state or stage fires `rules-checker:state` on window, with
// event.detail = {state, stage, error}; the first one ("idle") as soon as rulesChecker exists.

const LANGUAGES = ["en", "fr", "pt", "ja"];
// 15 s without progress; a page (or a test) may set window.rulesEngineStartTimeoutMs first.
const START_TIMEOUT_MS = Number(globalThis.rulesEngineStartTimeoutMs) > 0 ? Number(globalThis.rulesEngineStartTimeoutMs) : 15000;
const CALL_TIMEOUT_MS = 15000;
const WORKER_URL = new URL("worker.mjs", import.meta.url);

let worker = null;
let startTimer = 0;
let settleReady = null;
let failure = null;
let nextId = 1;
const pending = new Map();

// reason: "network" (the engine's files stopped arriving), "offline" (no network, and the
// engine is not on this device yet) or "engine" (it arrived but could not start).
function unavailable(message, reason = "engine") {
  return { code: "engine-unavailable", field: "", message: String(message), reason };
}

// The decoded size of what the worker downloads (bundle.py's manifest, written into <head>).
function downloadTotal() {
  const total = Number(document.querySelector('meta[name="engine-bytes"]')?.content);
  return Number.isSafeInteger(total) && total > 0 ? total : 0;
}

// The build's table of what each file costs on the wire (bundle.py "transfer", written into
// <head>): {<file name>: {size, decoded, br, gz, fly}}: the file's size; what its .br/.gz
// siblings decode to (an engine zip's stored twin); their sizes; the file gzipped on the fly.
function transferTable() {
  try {
    const table = JSON.parse(document.querySelector('meta[name="engine-transfer"]')?.content || "null");
    return table && typeof table === "object" ? table : null;
  } catch {
    return null;
  }
}

// {received, total} in bytes that TRAVEL, from the worker's per-file report: the encoded
// response's Content-Length when the host sends one, else the table's size for the encoding;
// the part received is the part decoded. Without the table (a page built by `mkdocs serve`),
// the decoded bytes and the decoded total.
function travelled(data) {
  const table = transferTable();
  if (!table || !Array.isArray(data.files)) return { received: Number(data.received) || 0, total: downloadTotal() };
  let received = 0;
  let total = 0;
  const seen = new Set();
  for (const file of data.files) {
    const row = table[file.name] || {};
    seen.add(file.name);
    const size = row.size || file.length || file.decoded;
    const encoded = file.encoding && file.encoding !== "identity";
    const sibling = file.encoding === "br" ? row.br : file.encoding === "gzip" ? row.gz : 0;
    // The host sent the precompressed sibling (its exact length), or compressed the file itself.
    const precompressed = encoded && Boolean(sibling) && file.length === sibling;
    const decodedTotal = (precompressed ? row.decoded : size) || size;
    const wire = file.length || (!encoded ? size : precompressed ? sibling : row.fly || size);
    total += wire;
    received += file.done ? wire : Math.min(wire, Math.round(wire * (file.decoded / decodedTotal)));
  }
  // A file whose answer has not come yet: its likeliest cost (the brotli sibling, or gzip).
  for (const [name, row] of Object.entries(table)) if (!seen.has(name)) total += row.br || row.gz || row.fly || row.size || 0;
  return { received, total };
}

// Once every byte is here, what is left is the device's own work (compiling the runtime,
// starting Python, importing the engine): a slow phone is waited for longer than a silent
// network, since no byte can show its progress.
const DEVICE_TIMEOUT_MS = 60000;

// The start-up is time-boxed on progress, not on the clock: a slow network that keeps
// bringing bytes is waited for; 15 s with no stage reached and no byte received ends it
// (60 s once the download is complete).
function armTimer(timeoutMs) {
  clearTimeout(startTimer);
  const arrived = checker.download && checker.download.total
    && checker.download.received >= checker.download.total;
  const waitMs = arrived ? Math.max(timeoutMs, DEVICE_TIMEOUT_MS) : timeoutMs;
  startTimer = setTimeout(() => {
    const got = checker.download;
    const downloading = got && !(got.total && got.received >= got.total) && !["engine", "warm-up"].includes(checker.stage);
    if (navigator.onLine === false && checker.stage !== "engine" && checker.stage !== "warm-up") {
      fail(`no network, and the engine is not on this device yet (no progress for ${timeoutMs / 1000} s)`, "offline");
    } else if (downloading) {
      const mb = (n) => (n / 1e6).toFixed(1);
      fail(`the engine's download made no progress for ${timeoutMs / 1000} s (${mb(got.received)}`
        + `${got.total ? ` of ${mb(got.total)}` : ""} MB received)`, "network");
    } else {
      fail(`the engine did not start: no progress for ${waitMs / 1000} s`);
    }
  }, waitMs);
  armTimer.timeoutMs = timeoutMs;
}

function pageLang() {
  const lang = (document.documentElement.lang || "").toLowerCase().split("-")[0];
  return LANGUAGES.includes(lang) ? lang : "en";
}

function zipURL(options) {
  const given = options.zipURL ?? document.querySelector('meta[name="engine-zip"]')?.content
    ?? document.querySelector("[data-engine-zip]")?.dataset.engineZip;
  if (!given) throw new Error('no engine zip: the page has no <meta name="engine-zip"> or [data-engine-zip]');
  return new URL(given, document.baseURI).href;
}

function newReady() {
  const ready = new Promise((resolve, reject) => { settleReady = { resolve, reject }; });
  ready.catch(() => {}); // a page that never awaits it must not log an unhandled rejection
  checker.ready = ready;
  return ready;
}

function announce() {
  dispatchEvent(new CustomEvent("rules-checker:state",
    { detail: { state: checker.state, stage: checker.stage, download: checker.download, error: failure } }));
}

function fail(message, reason) {
  if (checker.state === "unavailable") return;
  clearTimeout(startTimer);
  worker?.terminate();
  worker = null;
  failure = unavailable(message, reason || (navigator.onLine === false ? "offline" : "engine"));
  checker.state = "unavailable";
  settleReady.reject(failure);
  for (const call of pending.values()) {
    clearTimeout(call.timer);
    call.reject(failure);
  }
  pending.clear();
  announce();
}

function answer({ data }) {
  if (data.type === "progress" || data.type === "download") {
    if (checker.state !== "loading") return;
    if (data.type === "progress") checker.stage = data.stage;
    else checker.download = travelled(data);
    armTimer(armTimer.timeoutMs);
    announce();
  } else if (data.type === "ready") {
    clearTimeout(startTimer);
    checker.state = "ready";
    checker.timings = { ...checker.timings, ready: performance.now(), worker: data.timings, boot: data.boot };
    settleReady.resolve(checker);
    announce();
  } else if (data.type === "failed") {
    fail(data.message);
  } else if (pending.has(data.id)) {
    const call = pending.get(data.id);
    pending.delete(data.id);
    clearTimeout(call.timer);
    if ("failure" in data) {
      call.reject({ code: "engine-error", field: "", message: String(data.failure) });
      return;
    }
    const answered = JSON.parse(data.result);
    if (answered.error) call.reject(answered.error);
    else call.resolve(answered[call.key]);
  }
}

function workerError(event) {
  event.preventDefault?.();
  fail(event.message || `the engine worker could not be loaded (${WORKER_URL.pathname})`);
}

// The worker a share or question link started from the top of <head> before this module
// arrived (overrides/hooks/checker_widget.py, EARLY_START), if it runs the same zip: its
// messages so far were kept, to be handled now, in order.
function adoptEarly(zip) {
  const early = window.__rulesEngineEarly;
  window.__rulesEngineEarly = undefined;
  if (!early) return null;
  early.worker.onmessage = early.worker.onerror = early.worker.onmessageerror = null;
  if (early.zipURL === zip) return early;
  early.worker.terminate();
  return null;
}

function start(options = {}) {
  if (checker.state === "loading" || checker.state === "ready") return checker.ready;
  const ready = checker.state === "idle" ? checker.ready : newReady();
  failure = null;
  checker.state = "loading";
  checker.stage = null;
  checker.download = null;
  checker.timings = { start: performance.now() };
  announce();
  armTimer(options.timeoutMs ?? START_TIMEOUT_MS);
  try {
    const zip = zipURL(options);
    const early = adoptEarly(zip);
    // The worker's name carries its boot data: it starts as soon as it runs (worker.mjs).
    worker = early ? early.worker : new Worker(WORKER_URL,
      { type: "module", name: `rules-engine ${JSON.stringify({ zipURL: zip, lang: pageLang() })}` });
    worker.addEventListener("message", answer);
    worker.addEventListener("error", workerError);
    worker.addEventListener("messageerror", () => fail("the engine worker sent an unreadable message"));
    if (early) {
      checker.timings.start = early.start;
      checker.timings.early = true;
      for (const event of early.events) {
        if (checker.state === "unavailable") break;
        if (event.type === "message") answer(event);
        else if (event.type === "error") workerError(event);
        else fail("the engine worker sent an unreadable message");
      }
    }
  } catch (error) {
    fail(error.message);
  }
  return ready;
}

// One request to the worker; `key` names the answer's member that resolves the Promise
// ({"ruling": …}, {"state": …}, {"question": …}); {"error": …} rejects it.
async function ask(message, key) {
  if (checker.state === "idle") start();
  if (checker.state === "unavailable") throw failure;
  await checker.ready;
  return new Promise((resolve, reject) => {
    const id = nextId++;
    const timer = setTimeout(() => fail(`the engine did not answer within ${CALL_TIMEOUT_MS / 1000} s`),
      CALL_TIMEOUT_MS);
    pending.set(id, { resolve, reject, timer, key });
    worker.postMessage({ id, ...message });
  });
}

function judge(scenario, lang) {
  const text = typeof scenario === "string" ? scenario : JSON.stringify(scenario);
  return ask({ type: "judge", scenario: String(text), lang: lang || pageLang() }, "ruling");
}

// The edition a game's rules are ruled under on an event date ({game, event_date} or {game, edition}):
// the form asks it to show the facts that edition asks for.
function edition(request, lang) {
  const text = typeof request === "string" ? request : JSON.stringify(request);
  return ask({ type: "call", fn: "edition_json", args: [text, lang || pageLang()] }, "edition");
}

// The turn tracker's state from its event list (DESIGN §3.6); `now` (ms since the epoch)
// runs the Grand Archive clock.
function track(events, lang, now = Date.now()) {
  const text = typeof events === "string" ? events : JSON.stringify(events);
  return ask({ type: "call", fn: "track_json", args: [text, lang || pageLang(), String(now)] }, "state");
}

// A training question, reproducible from its seed (rules_engine.training.questions).
function question(request, lang) {
  const text = typeof request === "string" ? request : JSON.stringify(request);
  return ask({ type: "call", fn: "question_json", args: [text, lang || pageLang()] }, "question");
}

// The exam an exam code fixes (rules_engine.training.exam): the same JSON as `python -m rules_engine exam show`.
function exam(code, lang) {
  return ask({ type: "call", fn: "exam_json", args: [String(code), lang || pageLang()] }, "exam");
}

// A new exam's code from its settings {games, levels, length, seed}.
function examCode(settings, lang) {
  return ask({ type: "call", fn: "exam_code_json", args: [JSON.stringify(settings), lang || pageLang()] }, "code");
}

// A practice set aimed at the weakest paragraphs: {stats, seed, games, levels, length}.
function practice(request, lang) {
  const text = typeof request === "string" ? request : JSON.stringify(request);
  return ask({ type: "call", fn: "practice_json", args: [text, lang || pageLang()] }, "exam");
}

const checker = { judge, edition, track, question, exam, examCode, practice, start, ready: null, state: "idle", stage: null,
  download: null, timings: null };
newReady();
window.rulesChecker = checker;
announce(); // state "idle": a widget script that ran first learns that rulesChecker exists

const CHECKER = ".rules-checker, [data-engine-zip]";

function startAtIdle() {
  if (!document.querySelector(CHECKER) || checker.state !== "idle") return;
  if (navigator.connection?.saveData && !navigator.serviceWorker?.controller) {
    // Several MB the reader may never need: wait until they reach for the form.
    const onFirstUse = (event) => {
      if (!(event.target instanceof Element) || !event.target.closest(CHECKER)) return;
      removeEventListener("focusin", onFirstUse, true);
      removeEventListener("pointerdown", onFirstUse, true);
      if (checker.state === "idle") start();
    };
    addEventListener("focusin", onFirstUse, true);
    addEventListener("pointerdown", onFirstUse, true);
    return;
  }
  if ("requestIdleCallback" in window) requestIdleCallback(() => start(), { timeout: 2000 });
  else setTimeout(() => start(), 200);
}

// Pages load this module from <head>, `async` (overrides/hooks/checker_widget.py): it runs as
// soon as it arrives, while the page is still being parsed. A link that asks for an answer (a
// share link #scenario=…, a training question #q=…) on a page with the engine (its meta is
// already there) starts it right then, not after the page and the theme's script (a second
// or more on a phone); anything else waits for `load`, as above. On the site's pages such a
// link has already started the worker from the top of <head> (adoptEarly): start() takes it.
if (/^#(scenario|q|exam)=/.test(location.hash) && document.querySelector(`meta[name="engine-zip"], ${CHECKER}`)) start();
else if (document.readyState === "complete") startAtIdle();
else addEventListener("load", startAtIdle, { once: true });
