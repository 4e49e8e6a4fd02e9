// Build-time helper of overrides/engine/bundle.py (never shipped to the browser: bundle.py
// copies only worker.mjs and checker-client.mjs into the site).
//
//   node overrides/engine/build-node.mjs JOB.json
//
// Boots the npm package's Pyodide under Node with JOB.stdlibZip as the standard-library zip
// (a zip that also holds rules_engine/, exactly as in the browser), then:
//   - calls rules_engine.judge_json(text, lang) for every JOB.calls entry through the same
//     PyProxy path as worker.mjs (pyimport + call), plus one call that raises (a language
//     the engine refuses) so the error-conversion path is loaded too; then imports
//     JOB.imports (every module named by an import statement of the engine modules the
//     browser loads, even inside a function);
//   - runs JOB.deferredUse (Python that uses what the first zip defers, bundle.py STAND_INS)
//     and awaits a coroutine on Pyodide's event loop;
//   - writes JOB.out: {"results": [...judge_json texts...], "raised": "...",
//     "boot_modules": [...], "judged": [...], "imported": [...], "modules": [...],
//     "unimportable": [...], "deferred": its value, "slept": the coroutine's,
//     "from_snapshot": in verify mode, the first call's answer from a second Pyodide restored
//     from a memory snapshot the first made after its warm-up call, as worker.mjs does}: the
//     zip entries (".py" / ".pyc" names) of every module in sys.modules right after
//     loadPyodide, after the judge_json calls, after the imports and at the end, and the
//     JOB.imports that failed;
//   - mode "collect" also compiles every recorded module plus JOB.compile (more zip entry
//     names of .py sources) inside this Pyodide into unchecked hash-based .pyc (the
//     interpreter's own magic number) and writes them as a plain zip to JOB.pycZip
//     (bundle.py repacks it deterministically).
// Mode "verify" boots the final first zip and loads the other parts (JOB.parts: {"more": path, "deferred": path,
// "fr": path, …}) as worker.mjs does: a language's catalog before its first call (the English
// calls run first, with the first zip alone: "needed_more" lists what they missed), "more"
// before the imports, "deferred" before JOB.deferredUse. bundle.py compares its answers with
// CPython's.
// The .pyc are compiled with optimize=2 (as `python -OO`): no docstrings, no asserts (the
// engine's asserts only restate what its validation already ensured; the answers are
// compared with CPython's, which runs them); their location tables keep line numbers only
// (the engine's) or nothing (the standard library's).
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import path from "node:path";

const job = JSON.parse(readFileSync(process.argv[2], "utf8"));
const { loadPyodide } = await import(pathToFileURL(path.join(job.pyodideDir, "pyodide.mjs")).href);

const ZIP = "/lib/python314.zip/";
const MODULE_FILES = `
import sys
def _module_files():
    out = set()
    for module in list(sys.modules.values()):
        name = getattr(module, "__file__", None)
        if isinstance(name, str) and name.startswith(${JSON.stringify(ZIP)}):
            out.add(name[${ZIP.length}:])
    return sorted(out)
_module_files()
`;

const bootOptions = {
  indexURL: job.pyodideDir + path.sep,
  stdLibURL: job.stdlibZip,
  lockFileContents: job.lockFileContents,
  stdout: (line) => process.stderr.write(`[py] ${line}\n`),
  stderr: (line) => process.stderr.write(`[py] ${line}\n`),
};
// Verify boots as the worker's first visit does: ready to make a memory snapshot.
const pyodide = await loadPyodide(job.mode === "verify" ? { ...bootOptions, _makeSnapshot: true } : bootOptions);
const zipName = pyodide.runPython("import sys; [p for p in sys.path if p.endswith('.zip')][0]");
if (zipName + "/" !== ZIP) throw new Error(`unexpected stdlib zip path ${zipName}`);
const bootModules = pyodide.runPython(MODULE_FILES).toJs();

// worker.mjs's loading of a part, the same call: the zip is written to the file system and
// unpacked by the first zip's _engine_parts (overrides/engine/startup/_engine_parts.py).
const loadedParts = new Set();
function loadPart(part) {
  if (job.mode !== "verify" || loadedParts.has(part)) return;
  loadedParts.add(part);
  pyodide.FS.writeFile("/tmp/engine-part.zip", new Uint8Array(readFileSync(job.parts[part])));
  pyodide.runPython('import _engine_parts; _engine_parts.load_engine_part("/tmp/engine-part.zip")');
}
const MISSING = /^(ModuleNotFoundError|ImportError|FileNotFoundError)/;
const neededMore = [];

function lastLine(error) {
  return String(error.message).split("\n").filter(Boolean).pop();
}

const engine = pyodide.pyimport("rules_engine");
// The worker's memory snapshot, made after its warm-up call (worker.mjs): restored at the end.
let snapshot = null;
if (job.mode === "verify") {
  engine.judge_json(job.calls[0].text, "en");
  snapshot = pyodide.makeMemorySnapshot();
}
const judge = engine.judge_json;
// A call that raises is recorded as {"raised": exception type} (bundle.py does the same in CPython).
const results = job.calls.map(({ text, lang }) => {
  if (lang !== "en") loadPart(lang);
  try {
    return judge(text, lang);
  } catch (error) {
    if (MISSING.test(lastLine(error))) neededMore.push(`${lang}: ${lastLine(error)}`);
    return JSON.stringify({ raised: lastLine(error).split(":")[0] });
  }
});
const judged = pyodide.runPython(MODULE_FILES).toJs();
let raised = null;
try {
  judge("{}", "xx");
} catch (error) {
  raised = lastLine(error);
}
// Every module the engine's code names in an import statement, even inside a function.
loadPart("more");
pyodide.globals.set("_imports", pyodide.toPy(job.imports || []));
const unimportable = pyodide.runPython(`
import importlib
_failed = []
for _name in _imports:
    try:
        importlib.import_module(_name)
    except ImportError:
        _failed.append(_name)
_failed
`).toJs();
const imported = pyodide.runPython(MODULE_FILES).toJs();
// Pyodide's start-up modules the first zip holds as stand-ins (bundle.py, STAND_INS): their
// first use loads them from the "deferred" part (recorded here, so that what they import goes
// there too), and Pyodide's event loop then runs a coroutine.
if (job.deferredUse) loadPart("deferred");
const deferred = job.deferredUse ? pyodide.runPython(job.deferredUse).toJs() : null;
const slept = job.deferredUse ? await pyodide.runPythonAsync("import asyncio\nawait asyncio.sleep(0)\n'slept'") : null;
const modules = pyodide.runPython(MODULE_FILES).toJs();
// A later visit restores the snapshot and rules at once.
const fromSnapshot = snapshot
  ? (await loadPyodide({ ...bootOptions, _loadSnapshot: snapshot })).pyimport("rules_engine").judge_json(job.calls[0].text, "en")
  : null;

if (job.mode === "collect") {
  const names = [...new Set([...bootModules, ...modules, ...job.compile])].filter((n) => n.endsWith(".py")).sort();
  pyodide.globals.set("_compile_names", pyodide.toPy(names));
  pyodide.runPython(`
import importlib._bootstrap_external as _be
import importlib.util
import zipfile

# Location tables, a fifth of a .pyc's bytes. The engine's keep line numbers and drop column
# positions (what python -X no_debug_ranges writes: entries of code 13, "no column info", in
# Objects/locations.md), so that a traceback of the engine still names each line. The
# standard library's and Pyodide's say "no location" (code 15) for every instruction: a
# frame's f_lineno is then None, which traceback and warnings handle (an EMPTY table would
# make traceback.format_exception fail). Together a third smaller once brotli'd.
def _no_lines(code):
    units = len(code.co_code) // 2
    table = bytes(0x80 | (15 << 3) | (min(8, units - at) - 1) for at in range(0, units, 8))
    consts = tuple(_no_lines(c) if isinstance(c, type(code)) else c for c in code.co_consts)
    return code.replace(co_linetable=table, co_consts=consts)

def _varint(value):
    out = bytearray()
    while value >= 64:
        out.append(64 | (value & 63))
        value >>= 6
    out.append(value)
    return out

def _lines_only(code):
    table, previous = bytearray(), code.co_firstlineno
    for start, end, line in code.co_lines():
        units = (end - start) // 2
        while units > 0:
            length = min(units, 8)
            units -= length
            if line is None:
                table.append(0x80 | (15 << 3) | (length - 1))
            else:
                delta, previous = line - previous, line
                table.append(0x80 | (13 << 3) | (length - 1))
                table += _varint(delta << 1 if delta >= 0 else (-delta << 1) | 1)
    consts = tuple(_lines_only(c) if isinstance(c, type(code)) else c for c in code.co_consts)
    stripped = code.replace(co_linetable=bytes(table), co_consts=consts)
    if list(stripped.co_lines()) != list(code.co_lines()):
        raise AssertionError(f"line table of {code.co_qualname} in {code.co_filename} changed")
    return stripped
with zipfile.ZipFile(${JSON.stringify(zipName)}) as source, \\
        zipfile.ZipFile("/tmp/pyc.zip", "w", zipfile.ZIP_STORED) as target:
    for name in _compile_names:
        src = source.read(name)
        code = compile(src, ${JSON.stringify(ZIP)} + name, "exec", dont_inherit=True, optimize=2)
        code = _lines_only(code) if name.startswith("rules_engine/") else _no_lines(code)
        data = _be._code_to_hash_pyc(code, importlib.util.source_hash(src), checked=False)
        target.writestr(name[:-3] + ".pyc", bytes(data))
`);
  writeFileSync(job.pycZip, pyodide.FS.readFile("/tmp/pyc.zip"));
}

writeFileSync(job.out, JSON.stringify({
  version: pyodide.version,
  python: pyodide.runPython("import sys; sys.version.split()[0]"),
  magic: pyodide.runPython("import importlib.util; importlib.util.MAGIC_NUMBER.hex()"),
  results,
  raised,
  boot_modules: bootModules,
  judged,
  imported,
  modules,
  unimportable,
  needed_more: neededMore,
  deferred,
  slept,
  from_snapshot: fromSnapshot,
}));
