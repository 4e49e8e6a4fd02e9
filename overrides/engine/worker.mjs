// The rules engine in a MODULE Web Worker (Pyodide 314 needs a module worker).
//
// Started by checker-client.mjs as `new Worker(new URL("worker.mjs", …), {type: "module"})`
// from the site's assets/engine/ folder; Pyodide is imported from the site's own copy,
// assets/pyodide/ (`new URL("../pyodide/", import.meta.url)`), never from a CDN.
// bundle.py writes both folders.
//
// Messages in (from the page):
//   {type: "init", zipURL, lang}   once, first: the engine zip (absolute URL), the page's
//                                  language (the warm-up call loads its catalog)
//   {id, type: "judge", scenario: <scenario JSON text>, lang}
//   {id, type: "call", fn, args}    another JSON-text function of the engine (CALLABLE below):
//                                  rules_engine.track_json (the turn tracker), question_json
//                                  (training); answered like judge, with its text
// Messages out:
//   {type: "progress", stage}      "runtime" (importing pyodide.mjs), "python" (loadPyodide:
//                                  wasm + interpreter + the zip), "engine" (import
//                                  rules_engine), "warm-up" (one judge call)
//   {type: "ready", timings}       warm; timings: worker performance.now() marks in ms
//   {type: "failed", message}      Pyodide or the engine could not start
//   {id, result: <judge_json text>}  `{"ruling": …}` or `{"error": {code, field, message}}`
//   {id, failure: message}         the call raised (a bug, or a language the engine refuses)
//
// No rules here: every answer is rules_engine.judge_json's text, passed through untouched.

// The lock file is replaced by its platform info (bundle.py checks it against the
// installed package's pyodide-lock.json): no package is ever loaded, so nothing is fetched.
const LOCKFILE = {
  info: { abi_version: "2026_0", arch: "wasm32", platform: "emscripten_5_0_3", python: "3.14.2" },
  packages: {},
};
const WARM_UP = JSON.stringify({
  game: "mtg", round: "swiss", games_won: [1, 0], time_called: "during-game", active_player: "A",
});

const timings = { start: performance.now() };
let judge = null;
let engine = null;
// The engine's JSON-text functions a page may call besides judge_json (strings in, a string out).
const CALLABLE = new Set(["judge_json", "track_json", "question_json"]);
let started = null;
let failure = "the engine was not started";

function progress(stage) {
  timings[stage] = performance.now();
  postMessage({ type: "progress", stage });
}

async function boot({ zipURL, lang }) {
  const indexURL = new URL("../pyodide/", import.meta.url).href;
  progress("runtime");
  const { loadPyodide } = await import(new URL("pyodide.mjs", indexURL).href);
  progress("python");
  const pyodide = await loadPyodide({ indexURL, stdLibURL: zipURL, lockFileContents: LOCKFILE });
  progress("engine");
  engine = pyodide.pyimport("rules_engine");
  const judgeJson = engine.judge_json;
  progress("warm-up");
  judgeJson(WARM_UP, ["en", "fr", "pt", "ja"].includes(lang) ? lang : "en");
  judge = judgeJson;
  timings.ready = performance.now();
  postMessage({ type: "ready", timings });
}

function lastLine(error) {
  const text = String((error && error.message) || error);
  // A Python exception's message is its traceback: its last line names the error.
  return text.trim().split("\n").pop();
}

self.addEventListener("message", async ({ data }) => {
  if (data && data.type === "init") {
    if (!started) {
      started = boot(data).catch((error) => {
        failure = lastLine(error);
        postMessage({ type: "failed", message: failure });
      });
    }
    return;
  }
  if (!data || (data.type !== "judge" && data.type !== "call")) return;
  try {
    await started;
    if (!judge) throw new Error(failure);
    if (data.type === "call") {
      if (!CALLABLE.has(data.fn)) throw new Error(`not an engine function: ${data.fn}`);
      postMessage({ id: data.id, result: engine[data.fn](...(data.args || []).map(String)) });
      return;
    }
    postMessage({ id: data.id, result: judge(String(data.scenario), data.lang) });
  } catch (error) {
    postMessage({ id: data.id, failure: lastLine(error) });
  }
});
