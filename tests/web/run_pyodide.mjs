// Run a function of one of our Python files in Pyodide (CPython compiled to WebAssembly)
// under Node, with no network: the repository's games/, layouts/ and locales/ are copied
// into Pyodide's file system, the file is imported, the function called with JSON keyword
// arguments, and its JSON result printed as the last line of standard output.
//
//   node tests/web/run_pyodide.mjs REPO_ROOT FILE.py FUNCTION '{"kw": 1}'
//
// Used by bench/wasm_ratio.py and tests/test_wasm.py (docs/web.md).
import { loadPyodide } from "pyodide";
import fs from "node:fs";
import path from "node:path";

const [root, file, func, argsJson] = process.argv.slice(2);
if (!root || !file || !func) {
  console.error("usage: node run_pyodide.mjs REPO_ROOT FILE.py FUNCTION [JSON_KWARGS]");
  process.exit(2);
}

const HOME = "/home/pyodide";
const t0 = performance.now();
const py = await loadPyodide({ stdout: (s) => console.error(s), stderr: (s) => console.error(s) });
const loadSeconds = (performance.now() - t0) / 1000;

function copyTree(src, dest) {
  py.FS.mkdirTree(dest);
  for (const entry of fs.readdirSync(src, { withFileTypes: true })) {
    if (entry.name.startsWith(".") || entry.name === "__pycache__") continue;
    const s = path.join(src, entry.name);
    const d = dest + "/" + entry.name;
    if (entry.isDirectory()) copyTree(s, d);
    else if (!entry.name.endsWith(".pyc")) py.FS.writeFile(d, fs.readFileSync(s));
  }
}
for (const dir of ["games", "layouts", "locales"]) {
  const src = path.join(root, dir);
  if (fs.existsSync(src)) copyTree(src, `${HOME}/${dir}`);
}
py.FS.writeFile(`${HOME}/wasm_target.py`, fs.readFileSync(file));

py.globals.set("ARGS_JSON", argsJson || "{}");
py.globals.set("FUNC", func);
let out;
try {
  out = py.runPython(`
import json, os, sys
os.chdir("${HOME}")
sys.path.insert(0, "${HOME}")
import wasm_target
json.dumps(getattr(wasm_target, FUNC)(**json.loads(ARGS_JSON)))
`);
} catch (e) {  // a Python exception: its last line (type: message), exit 1
  const lines = String(e.message || e).trim().split("\n");
  console.error("error: " + lines[lines.length - 1]);
  process.exit(1);
}
const result = JSON.parse(out);
if (result && typeof result === "object" && !Array.isArray(result)) result.pyodide_load_seconds = loadSeconds;
console.log(JSON.stringify(result));
