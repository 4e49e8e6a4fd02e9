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
//   - writes JOB.out: {"results": [...judge_json texts...], "raised": "...",
//     "boot_modules": [...], "modules": [...]}: the zip entries (".py" / ".pyc" names) of
//     every module in sys.modules, right after loadPyodide and at the end;
//   - mode "collect" also compiles every recorded module plus JOB.compile (more zip entry
//     names of .py sources) inside this Pyodide into unchecked hash-based .pyc (the
//     interpreter's own magic number) and writes them as a plain zip to JOB.pycZip
//     (bundle.py repacks it deterministically).
// Mode "verify" does only the calls: bundle.py runs it on the final zip and compares.
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

const pyodide = await loadPyodide({
  indexURL: job.pyodideDir + path.sep,
  stdLibURL: job.stdlibZip,
  lockFileContents: job.lockFileContents,
  stdout: (line) => process.stderr.write(`[py] ${line}\n`),
  stderr: (line) => process.stderr.write(`[py] ${line}\n`),
});
const zipName = pyodide.runPython("import sys; [p for p in sys.path if p.endswith('.zip')][0]");
if (zipName + "/" !== ZIP) throw new Error(`unexpected stdlib zip path ${zipName}`);
const bootModules = pyodide.runPython(MODULE_FILES).toJs();

function lastLine(error) {
  return String(error.message).split("\n").filter(Boolean).pop();
}

const engine = pyodide.pyimport("rules_engine");
const judge = engine.judge_json;
// A call that raises is recorded as {"raised": exception type} (bundle.py does the same in CPython).
const results = job.calls.map(({ text, lang }) => {
  try {
    return judge(text, lang);
  } catch (error) {
    return JSON.stringify({ raised: lastLine(error).split(":")[0] });
  }
});
let raised = null;
try {
  judge("{}", "xx");
} catch (error) {
  raised = lastLine(error);
}
// Every module the engine's code names in an import statement, even inside a function.
pyodide.globals.set("_imports", pyodide.toPy(job.imports || []));
pyodide.runPython(`
import importlib
for _name in _imports:
    try:
        importlib.import_module(_name)
    except ImportError:
        pass
`);
const modules = pyodide.runPython(MODULE_FILES).toJs();

if (job.mode === "collect") {
  const names = [...new Set([...bootModules, ...modules, ...job.compile])].filter((n) => n.endsWith(".py")).sort();
  pyodide.globals.set("_compile_names", pyodide.toPy(names));
  pyodide.runPython(`
import importlib._bootstrap_external as _be
import importlib.util
import zipfile
with zipfile.ZipFile(${JSON.stringify(zipName)}) as source, \\
        zipfile.ZipFile("/tmp/pyc.zip", "w", zipfile.ZIP_STORED) as target:
    for name in _compile_names:
        src = source.read(name)
        code = compile(src, ${JSON.stringify(ZIP)} + name, "exec", dont_inherit=True, optimize=0)
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
  modules,
}));
