// The rules engine in a MODULE Web Worker (Pyodide 314 needs a module worker).
//
// Started by checker-client.mjs (or, for a share link, the inline script in <head>) as
// `new Worker(new URL("worker.mjs", …), {type: "module", name})` from the site's
// assets/engine/ folder; Pyodide is imported from the site's own copy, assets/pyodide/
// (`new URL("../pyodide/", import.meta.url)`), never from a CDN.
// bundle.py writes both folders.
//
// Boot data: the worker's NAME, `rules-engine {"zipURL": …, "lang": …}` (new Worker(url,
// {type: "module", name})): the engine zip (absolute URL) and the page's language (the
// warm-up call loads its catalog). It boots as soon as it runs: a message posted before a
// worker ran is handed over by the page's main thread, busy while the page loads (0.05-0.2 s
// later; more on a slow phone).
// Messages in (from the page):
//   {id, type: "judge", scenario: <scenario JSON text>, lang}
//   {id, type: "call", fn, args}    another JSON-text function of the engine (CALLABLE below):
//                                  rules_engine.track_json (the turn tracker), question_json
//                                  (training), exam_json, exam_code_json and practice_json (exams); answered
//                                  like judge, with its text
// Messages out:
//   {type: "progress", stage}      "runtime" (importing pyodide.mjs), "python" (loadPyodide:
//                                  wasm + interpreter + the zip), "engine" (import
//                                  rules_engine), "warm-up" (one judge call)
//   {type: "download", received, files}  bytes of the wasm and the engine zip received so far
//                                  (decoded), at most every 250 ms while they arrive, and when
//                                  each is complete; files: [{name, decoded, encoding, length,
//                                  done}] per file, with its response's Content-Encoding and
//                                  Content-Length (the bytes that travel; checker-client.mjs
//                                  turns them into the line's "x of y MB")
//   {type: "ready", timings, boot} warm; timings: worker performance.now() marks in ms;
//                                  boot: {snapshot: "restored" | "failed" | "none",
//                                  fromCache: [file names taken from the Cache API]}
//   {type: "failed", message}      Pyodide or the engine could not start
//   {id, result: <judge_json text>}  `{"ruling": …}` or `{"error": {code, field, message}}`
//   {id, failure: message}         the call raised (a bug, or a language the engine refuses)
//
// No rules here: every answer is rules_engine.judge_json's text, passed through untouched.
//
// The engine comes in parts (bundle.py): the zip named in the boot data holds what Pyodide's
// start-up and every judge_json call import, with no catalog; `<zip>-fr.zip`, `-pt.zip` and
// `-ja.zip` each hold one language's catalog, and `<zip>-more.zip` the rest of the engine
// (tracker, training, exams) and the standard-library modules only they import;
// `<zip>-deferred.zip` what Pyodide's start-up stand-ins defer (asyncio, the package
// installer: no engine call uses them). The page's
// own catalog is requested with the wasm and loaded before the warm-up; another language's
// when a call first asks for it; "more" before the first call of another function than
// judge_json and edition_json. A call that still misses a module or a catalog loads every
// part and is made again once. Each part is written to the file system and unpacked by the
// first zip's `_engine_parts` (overrides/engine/startup/_engine_parts.py; build-node.mjs
// loads parts the same way at build time). No JavaScript object is left in Python, so a
// memory snapshot can still be made.
//
// Offline (overrides/offline/sw.js): the site's service worker keeps every file below in its
// release cache ("eom-<hash>") and answers this worker's requests from it when it controls
// the worker (Chromium: a dedicated worker of a controlled page is controlled too), so
// Pyodide still streams and compiles its wasm itself (WebAssembly.instantiateStreaming, the
// only path whose compiled code the browser caches). Where a worker's requests bypass the
// service worker and the network is gone, a request that FAILS is answered from the Cache
// API instead, from the release cache that holds this page's engine zip (so the runtime and
// the zip are of one release): pyodide.mjs and pyodide.asm.mjs through a blob: import, the
// wasm and the zip through `fetch` (boot.fromCache lists the files it took that way).
//
// Memory snapshot (PYODIDE-PERF.md step 5): the first boot on a device is made with
// `_makeSnapshot`; once the engine has been idle for SNAPSHOT_DELAY_MS after its warm-up,
// `makeMemorySnapshot()` (interpreter, stdlib modules and rules_engine imported and warm) is
// stored in the Cache API ("eom-snapshot", keyed on the engine zip's URL, which holds its
// content hash; the Pyodide version that made it is in a header). Later boots restore it
// with `_loadSnapshot` (boot.snapshot = "restored"); an error, or a restore that never
// finished, deletes it and boots normally (making a new one). It never leaves the device.

// The lock file is replaced by its platform info (bundle.py checks it against the
// installed package's pyodide-lock.json): no package is ever loaded, so nothing is fetched.
const LOCKFILE = {
  info: { abi_version: "2026_0", arch: "wasm32", platform: "emscripten_5_0_3", python: "3.14.2" },
  packages: {},
};
const WARM_UP = JSON.stringify({
  game: "mtg", round: "swiss", games_won: [1, 0], time_called: "during-game", active_player: "A",
});

const LANGS = ["en", "fr", "pt", "ja"];
const FIRST_ZIP_CALLS = new Set(["judge_json", "edition_json"]);
const MISSING = /^(ModuleNotFoundError|ImportError|FileNotFoundError)\b/;

const PREFIX = "eom-"; // the service worker's caches (overrides/offline/sw.js)
const SNAPSHOTS = "eom-snapshot";
const SNAPSHOT_DELAY_MS = 500;
const DOWNLOAD_REPORT_MS = 250;

const timings = { start: performance.now() };
const bootInfo = { snapshot: "none", fromCache: [] };
let judge = null;
let engine = null;
let pyodide = null;
let zipURL = "";
const parts = new Map(); // part ("more", "fr", …) → Promise of its loading
// The engine's JSON-text functions a page may call besides judge_json (strings in, a string out).
const CALLABLE = new Set(["judge_json", "edition_json", "track_json", "question_json", "exam_json", "exam_code_json", "practice_json"]);
let started = null; // the boot, begun as soon as this module runs (bottom of the file)
let failure = "the engine was not started";

function progress(stage) {
  timings[stage] = performance.now();
  postMessage({ type: "progress", stage });
}

// --- the Cache API, when the network fails ----------------------------------------------

let release = null;

// The release cache holding this page's engine zip (its Pyodide files belong with it).
function releaseCache(zipURL) {
  release ??= (async () => {
    if (!self.caches) return null;
    const names = (await caches.keys()).filter((name) => name.startsWith(PREFIX) && name !== SNAPSHOTS);
    for (const name of names.reverse()) {
      const cache = await caches.open(name);
      if (await cache.match(zipURL)) return cache;
    }
    return null;
  })().catch(() => null);
  return release;
}

async function cached(url, zipURL) {
  const cache = await releaseCache(zipURL);
  const hit = cache && (await cache.match(url));
  if (hit) bootInfo.fromCache.push(new URL(url).pathname.split("/").pop());
  return hit || null;
}

async function importModule(url, zipURL) {
  try {
    return await import(url);
  } catch (error) {
    const hit = await cached(url, zipURL);
    if (!hit) throw error;
    const blob = URL.createObjectURL(new Blob([await hit.arrayBuffer()], { type: "text/javascript" }));
    try {
      return await import(blob);
    } finally {
      URL.revokeObjectURL(blob);
    }
  }
}

// Pyodide fetches the wasm and the zip with the global fetch: fall back for those two.
// It asks for them only once its two modules are imported; they are requested with the
// modules instead (requestEarly), and handed over when it asks (once each).
const networkFetch = self.fetch.bind(self);
const requested = new Map();

function requestEarly(url, count = true) {
  const response = networkFetch(url, { credentials: "same-origin" });
  if (count) response.then((arrived) => countBytes(url, arrived), () => {}); // Pyodide's own request reports a failure
  else response.catch(() => {}); // loadPart's own request reports a failure
  requested.set(url, response);
}

// Download progress: the bytes of the wasm and the zip received so far (decoded), read from a
// copy of each response; the original goes to Pyodide untouched, with its URL (the browser
// keeps the wasm's compiled code by it). On a slow network these messages are what tells the
// page that the engine is still coming (checker-client.mjs times out only when they stop).
const received = new Map(); // url → {name, decoded, encoding, length, done}
let reportedAt = 0;

function countBytes(url, response) {
  if (!response.ok || !response.body) return;
  const file = {
    name: new URL(url).pathname.split("/").pop(),
    decoded: 0,
    encoding: (response.headers.get("content-encoding") || "").trim().toLowerCase(),
    length: Number(response.headers.get("content-length")) || 0,
    done: false,
  };
  received.set(url, file);
  const reader = response.clone().body.getReader();
  (async () => {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      file.decoded += value.byteLength;
      reportBytes(false);
    }
    file.done = true;
    reportBytes(true);
  })().catch(() => {});
}

function reportBytes(now) {
  const at = performance.now();
  if (!now && at - reportedAt < DOWNLOAD_REPORT_MS) return;
  reportedAt = at;
  let bytes = 0;
  for (const file of received.values()) bytes += file.decoded;
  postMessage({ type: "download", received: bytes, files: [...received.values()].map((file) => ({ ...file })) });
}

function fetchOrCache(zipURL, indexURL) {
  return async (resource, options) => {
    const url = new URL(resource instanceof Request ? resource.url : String(resource), self.location.href).href;
    const early = requested.get(url);
    requested.delete(url);
    try {
      return await (early ?? networkFetch(resource, options));
    } catch (error) {
      const hit = (url === zipURL || url.startsWith(partURL(zipURL, "")) || url.startsWith(indexURL))
        && (await cached(url, zipURL));
      if (!hit) throw error;
      return hit;
    }
  };
}

// --- the engine's other parts ---------------------------------------------------------

function partURL(url, part) {
  return url.replace(/\.zip$/, `-${part}`) + (part ? ".zip" : "");
}

// Fetched through fetchOrCache (an early request, the network, or the release cache offline).
function loadPart(part) {
  if (part === "en") return Promise.resolve();
  let loading = parts.get(part);
  if (!loading) {
    loading = (async () => {
      const url = partURL(zipURL, part);
      const response = await self.fetch(url, { credentials: "same-origin" });
      if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
      pyodide.FS.writeFile("/tmp/engine-part.zip", new Uint8Array(await response.arrayBuffer()));
      pyodide.runPython('import _engine_parts; _engine_parts.load_engine_part("/tmp/engine-part.zip")');
    })();
    loading.catch(() => parts.delete(part)); // tried again on the next call
    parts.set(part, loading);
  }
  return loading;
}

// The parts a message needs before it runs.
function partsFor(data) {
  const langs = data.type === "judge" ? [data.lang] : (data.args || []).map(String);
  const wanted = langs.filter((lang) => LANGS.includes(lang) && lang !== "en");
  if (data.type === "call" && !FIRST_ZIP_CALLS.has(data.fn)) wanted.push("more");
  return Promise.all(wanted.map(loadPart));
}

// A call that misses a module or a catalog: every part, then the call once more.
async function withParts(call) {
  try {
    return call();
  } catch (error) {
    if (!MISSING.test(lastLine(error))) throw error;
    await Promise.all(["more", "deferred", ...LANGS].map(loadPart));
    return call();
  }
}

// --- the memory snapshot ----------------------------------------------------------------

let snapshotKey = null;
let snapshotTimer = 0;
let pyodideVersion = "";
const VERSION_HEADER = "x-pyodide-version";

// {bytes: Promise<ArrayBuffer>, version}: the snapshot this device made for this engine zip,
// still being read (31 MB, 0.1-0.2 s: loadPyodide takes the Promise and does its own set-up
// meanwhile), and the Pyodide version that made it (looked up before Pyodide is imported,
// so the key cannot hold it).
async function findSnapshot(key) {
  try {
    const hit = await (await caches.open(SNAPSHOTS)).match(key);
    if (!hit) return null;
    const bytes = hit.arrayBuffer();
    bytes.catch(() => {}); // unused when the version differs; a failed read fails the restore
    return { bytes, version: hit.headers.get(VERSION_HEADER) };
  } catch {
    return null;
  }
}

async function dropSnapshots(keep) {
  try {
    const cache = await caches.open(SNAPSHOTS);
    for (const request of await cache.keys()) if (request.url !== keep) await cache.delete(request);
  } catch { /* no Cache API: nothing stored */ }
}

async function marked(key) {
  try {
    return Boolean(await (await caches.open(SNAPSHOTS)).match(key));
  } catch {
    return false;
  }
}

async function mark(key, on) {
  try {
    const cache = await caches.open(SNAPSHOTS);
    await (on ? cache.put(key, new Response("")) : cache.delete(key));
  } catch { /* no Cache API */ }
}

// Made once the engine has been left alone for a moment (it blocks this worker ~0.1-0.5 s).
function scheduleSnapshot() {
  if (!snapshotKey) return;
  clearTimeout(snapshotTimer);
  snapshotTimer = setTimeout(async () => {
    const key = snapshotKey;
    snapshotKey = null;
    try {
      const bytes = pyodide.makeMemorySnapshot();
      await dropSnapshots(key);
      await (await caches.open(SNAPSHOTS)).put(key, new Response(bytes, {
        headers: { "content-type": "application/octet-stream", [VERSION_HEADER]: pyodideVersion } }));
    } catch { /* no room, or no Cache API: boot normally next time */ }
  }, SNAPSHOT_DELAY_MS);
}

// --- boot -------------------------------------------------------------------------------

async function boot(data) {
  zipURL = data.zipURL;
  const lang = LANGS.includes(data.lang) ? data.lang : "en";
  const indexURL = new URL("../pyodide/", import.meta.url).href;
  self.fetch = fetchOrCache(zipURL, indexURL);
  progress("runtime");
  // The snapshot and its attempt mark are read while Pyodide's modules load. The key holds
  // the zip's content hash; the Pyodide version is checked below.
  const key = self.caches ? `${zipURL}?snapshot` : null;
  const attempt = key && `${key}&attempt`;
  const stored = key ? findSnapshot(key) : Promise.resolve(null);
  const tried = key ? marked(attempt) : Promise.resolve(false);
  // Both modules at once (Pyodide would import pyodide.asm.mjs only after pyodide.mjs), and
  // the wasm and the zip alongside (Pyodide streams and compiles the wasm itself).
  requestEarly(new URL("pyodide.asm.wasm", indexURL).href);
  requestEarly(zipURL);
  if (lang !== "en") requestEarly(partURL(zipURL, lang), false); // the page's catalog
  const runtime = importModule(new URL("pyodide.asm.mjs", indexURL).href, zipURL);
  runtime.catch(() => {});
  const { loadPyodide, version } = await importModule(new URL("pyodide.mjs", indexURL).href, zipURL);
  const options = { indexURL, stdLibURL: zipURL, lockFileContents: LOCKFILE,
    createPyodideModule: (await runtime).default };
  progress("python");
  pyodideVersion = typeof version === "string" ? version : "";
  snapshotKey = pyodideVersion ? key : null;
  const found = snapshotKey ? await stored : null;
  const snapshot = found && found.version === pyodideVersion ? found.bytes : null;
  // A restore that never finished (it hung, or the page was left mid-boot) is not tried
  // twice: a snapshot that hangs would otherwise time out every page after it.
  if (snapshot && (await tried)) {
    await dropSnapshots(null);
    bootInfo.snapshot = "failed";
  } else if (snapshot) {
    try {
      await mark(attempt, true);
      pyodide = await loadPyodide({ ...options, _loadSnapshot: snapshot });
      bootInfo.snapshot = "restored";
      snapshotKey = null;
      mark(attempt, false); // not awaited: the engine is what the reader waits for
    } catch {
      await dropSnapshots(null);
      bootInfo.snapshot = "failed";
    }
  }
  pyodide ??= await loadPyodide(snapshotKey ? { ...options, _makeSnapshot: true } : options);
  progress("engine");
  engine = pyodide.pyimport("rules_engine");
  const judgeJson = engine.judge_json;
  await loadPart(lang);
  progress("warm-up");
  judgeJson(WARM_UP, lang);
  judge = judgeJson;
  timings.ready = performance.now();
  postMessage({ type: "ready", timings, boot: bootInfo });
  scheduleSnapshot();
}

function lastLine(error) {
  const text = String((error && error.message) || error);
  // A Python exception's message is its traceback: its last line names the error.
  return text.trim().split("\n").pop();
}

self.addEventListener("message", async ({ data }) => {
  if (!data || (data.type !== "judge" && data.type !== "call")) return;
  try {
    await started;
    scheduleSnapshot(); // not while the page is asking
    if (!judge) throw new Error(failure);
    if (data.type === "call") {
      if (!CALLABLE.has(data.fn)) throw new Error(`not an engine function: ${data.fn}`);
      await partsFor(data);
      postMessage({ id: data.id, result: await withParts(() => engine[data.fn](...(data.args || []).map(String))) });
      return;
    }
    await partsFor(data);
    postMessage({ id: data.id, result: await withParts(() => judge(String(data.scenario), data.lang)) });
  } catch (error) {
    postMessage({ id: data.id, failure: lastLine(error) });
  }
});

const NAMED = "rules-engine ";

function bootData() {
  const data = self.name.startsWith(NAMED) ? JSON.parse(self.name.slice(NAMED.length)) : null;
  if (!data || typeof data.zipURL !== "string") throw new Error(`the worker was not named "${NAMED}{zipURL, lang}"`);
  return data;
}

started = (async () => boot(bootData()))().catch((error) => {
  failure = lastLine(error);
  postMessage({ type: "failed", message: failure });
});
