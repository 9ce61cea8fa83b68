// Run a function of one of our Python files in Pyodide (CPython compiled to WebAssembly)
// under Node, with no network: the repository's games/, layouts/ and locales/ are copied
// into Pyodide's file system, the file is imported, the function called with JSON keyword
// arguments, and its JSON result printed as the last line of standard output.
//
//   node tests/web/run_pyodide.mjs REPO_ROOT FILE.py FUNCTION '{"kw": 1}'
//
// With PYGAME=1 in the environment it also loads the pygame-ce wheel that pygbag serves
// (../shared/wasm/, see docs/web.md; SDL's dummy video driver: no canvas) and copies ui/,
// assets/ and bench/ too, so the app itself runs headless (bench/hint_wait.py).
//
// Used by bench/wasm_ratio.py, bench/solvers.py, bench/hint_wait.py and tests/test_wasm.py (docs/web.md).
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
const PYGAME = process.env.PYGAME === "1";
if (PYGAME) {
  const wheelDir = path.join(root, "..", "shared", "wasm");
  const wheel = fs.existsSync(wheelDir) && fs.readdirSync(wheelDir).find((f) => f.startsWith("pygame_ce") && f.endsWith(".whl"));
  if (!wheel) {
    console.error(`error: no pygame-ce wheel in ${wheelDir}`);
    process.exit(1);
  }
  await py.loadPackage(path.join(wheelDir, wheel));
  // SDL's Emscripten video driver draws into a canvas and listens to the page: Node has neither,
  // so a canvas that keeps nothing and a page that never sends an event stand in for them
  const noop = () => {};
  const ctx2d = new Proxy({}, { get: (o, k) => (k in o ? o[k] : k === "createImageData" || k === "getImageData"
    ? (w, h) => ({ width: w, height: h, data: new Uint8ClampedArray(4 * w * h) }) : noop) });
  const canvas = { width: 1280, height: 800, style: {}, id: "canvas", clientWidth: 1280, clientHeight: 800,
    getContext: () => ctx2d, addEventListener: noop, removeEventListener: noop, setAttribute: noop,
    getBoundingClientRect: () => ({ left: 0, top: 0, width: canvas.width, height: canvas.height, right: canvas.width, bottom: canvas.height }) };
  const target = { addEventListener: noop, removeEventListener: noop };
  globalThis.screen = { width: 1280, height: 800 };
  const kept = new Map();   // localStorage, kept in memory for this run
  const localStorage = { getItem: (k) => (kept.has(k) ? kept.get(k) : null), setItem: (k, v) => kept.set(k, String(v)),
    removeItem: (k) => kept.delete(k), key: (i) => [...kept.keys()][i] ?? null, get length() { return kept.size; } };
  globalThis.window = globalThis.window || Object.assign(globalThis, target, { devicePixelRatio: 1, innerWidth: 1280,
    innerHeight: 800, localStorage });
  globalThis.document = { ...target, querySelector: (s) => (s === "#canvas" || s === "canvas" ? canvas : null),
    getElementById: (id) => (id === "canvas" ? canvas : null), body: target, documentElement: target,
    fullscreenElement: null, pointerLockElement: null, visibilityState: "visible", hidden: false };
  py.canvas.setCanvas2D(canvas);
}
for (const dir of PYGAME ? ["games", "layouts", "locales", "ui", "assets", "bench"] : ["games", "layouts", "locales"]) {
  const src = path.join(root, dir);
  if (fs.existsSync(src)) copyTree(src, `${HOME}/${dir}`);
}
py.FS.writeFile(`${HOME}/wasm_target.py`, fs.readFileSync(file));

// the CPU seconds of this process's main thread alone (Linux: the scheduler's run time of the
// thread, /proc/self/task/PID/schedstat, in ns), -1 where that is not readable: the thread a page's
// scripts run on, without V8's helper threads (concurrent GC, the optimizing compiler), which
// process.cpuUsage() counts too (bench/solvers.py's main-thread column)
globalThis.pasyansMainThreadCpu = () => {
  try {
    return Number(fs.readFileSync(`/proc/self/task/${process.pid}/schedstat`, "utf8").split(" ")[0]) / 1e9;
  } catch (e) {
    return -1;
  }
};
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
