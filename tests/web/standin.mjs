// Stand-in runtime files for the browser tests (docs/web.md, "What is proved here").
//
// pygbag's real runtime lives on its CDN, which tests cannot reach, so makeStandin(dir)
// writes files with the CDN's names and layout (cdn/0.9.3/pythons.js, cpython312/main.js,
// main.wasm, main.data, cpythonrc.py, empty.ogg, cdn/index-0.9.3-cp312.json and the
// pygame-ce wheel it names). They are ours, written for the tests, not pygbag's code. The
// stand-in loader fetches them the way pygbag 0.9.3's loader does (read from its pythons.js
// and our page's Python block): at the window's load event; the sound unlocker with
// mode no-cors; the interpreter as a script; the wasm by instantiateStreaming; the page's
// <archive>.tar.gz relative to the page; the package index and wheel from PKG_INDEX. Then
// it plays the part of the page's Python block (status calls, "tap to play", started) and
// of the game (a surface of the window's shape, re-chosen by polling every 300 ms), and
// fits the canvas to the window on resize as pythons.js does (window.window_resize).
import fs from "node:fs";
import path from "node:path";

// A real WebAssembly module exporting answer() -> 42.
const WASM = Uint8Array.from([
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,
  0x01, 0x05, 0x01, 0x60, 0x00, 0x01, 0x7f,
  0x03, 0x02, 0x01, 0x00,
  0x07, 0x0a, 0x01, 0x06, 0x61, 0x6e, 0x73, 0x77, 0x65, 0x72, 0x00, 0x00,
  0x0a, 0x06, 0x01, 0x04, 0x00, 0x41, 0x2a, 0x0b,
]);

const PYTHONS_JS = String.raw`// STAND-IN for pygbag 0.9.3's pythons.js (tests/web/standin.mjs)
"use strict";
const config = window.config;
const cdn = config.cdn;
const log = (window.__standin = { ok: false, error: null });
const site = [...document.scripts].find((s) => s.type === "module" && s.src.includes("pythons.js"));
const need = (r, what) => { if (!(r.ok || r.type === "opaque")) throw new Error(what + ": HTTP " + r.status); return r; };
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
async function until(f) { while (!f()) await sleep(20); }
function script(src) {
  return new Promise((res, rej) => {
    const s = document.createElement("script");
    s.src = src; s.onload = res; s.onerror = () => rej(new Error("script " + src));
    document.head.appendChild(s);
  });
}
function fit() {  // pythons.js window_canvas_adjust: letterbox at the surface's aspect
  const c = document.getElementById("canvas");
  const ar = c.width / c.height;
  let w = innerWidth, h = Math.trunc(w / ar);
  if (h > innerHeight) { h = innerHeight; w = Math.trunc(h * ar); }
  c.style.position = "absolute"; c.style.left = 0; c.style.top = 0; c.style.right = 0; c.style.bottom = 0;
  c.style.margin = "auto"; c.style.width = w + "px"; c.style.height = h + "px";
}
window.window_resize = () => setTimeout(fit, 100);
window.addEventListener("resize", window.window_resize);
window.MM = { UME: !config.ume_block };
window.addEventListener("click", () => { window.MM.UME = true; });
window.addEventListener("touchstart", () => { window.MM.UME = true; });

async function start() {
  try {
    if (window.custom_onload) window.custom_onload(true);
    // (the body is not read: like an <audio> element's, it leaves no Resource Timing entry)
    need(await fetch(cdn + "empty.ogg", { mode: "no-cors" }), "empty.ogg");
    await script(cdn + "cpython" + config.PYBUILD.replace(".", "") + "/main.js");
    log.wasm_answer = await window.__standin_python(cdn);  // reads main.data and cpythonrc.py
    // the page's Python block
    const m = /^PKG_INDEX = "(.*)"$/m.exec(site.text);
    const repo = (m && m[1]) || "https://pygame-web.github.io/cdn/";
    window.pasyans_status("unpacking");
    const tgz = need(await fetch(config.archive + ".tar.gz", { redirect: "follow", credentials: "omit" }), "bundle");
    const tar = new Uint8Array(await new Response(tgz.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer());
    const names = new TextDecoder("latin1").decode(tar);
    if (!names.includes("assets/main.py")) throw new Error("the bundle has no assets/main.py");
    log.bundle_bytes = tar.length;
    log.bundle_sha256 = [...new Uint8Array(await crypto.subtle.digest("SHA-256", tar))]
      .map((b) => b.toString(16).padStart(2, "0")).join("");
    const index = await need(await fetch(repo + "index-0.9.3-cp312.json", { credentials: "omit" }), "index").json();
    const wheel = index.pygame.replace(/<abi>/g, "cp312").replace("<api>", "wasm32_bi_emscripten");
    log.wheel_bytes = (await need(await fetch(repo + wheel, { credentials: "omit" }), "wheel").arrayBuffer()).byteLength;
    if (!window.MM.UME) {
      window.pasyans_status("tap");
      log.waiting_for_tap = true;
      await until(() => window.MM.UME);
    }
    await until(() => !window.__standin_hold);
    window.pasyans_status("starting");
    window.pasyans_started();
    // the game: choose the surface from the window, poll the window's shape
    const c = document.getElementById("canvas");
    const poll = () => {
      if (c.width !== innerWidth || c.height !== innerHeight) { c.width = innerWidth; c.height = innerHeight; }
      setTimeout(poll, 300);
    };
    poll();
    log.ok = true;
  } catch (e) {
    log.error = String((e && e.message) || e);
  }
}
window.addEventListener("load", start);
`;

const MAIN_JS = String.raw`// STAND-IN for CPython's main.js (tests/web/standin.mjs)
window.__standin_python = async function (cdn) {
  const dir = cdn + "cpython312/";
  const { instance } = await WebAssembly.instantiateStreaming(fetch(dir + "main.wasm", { credentials: "same-origin" }), {});
  const data = await fetch(dir + "main.data");
  if (!data.ok) throw new Error("main.data: HTTP " + data.status);
  await data.arrayBuffer();
  const rc = await fetch(cdn + "cpythonrc.py", {});
  if (!rc.ok) throw new Error("cpythonrc.py: HTTP " + rc.status);
  await rc.text();
  return instance.exports.answer();
};
`;

export const WHEEL = "cp312/pygame_ce-2.5.7.dev1-cp312-cp312-wasm32_bi_emscripten.whl";

export function makeStandin(dir) {
  const put = (rel, data) => {
    const file = path.join(dir, rel);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, data);
  };
  put("0.9.3/pythons.js", PYTHONS_JS);
  put("0.9.3/cpython312/main.js", MAIN_JS);
  put("0.9.3/cpython312/main.wasm", WASM);
  put("0.9.3/cpython312/main.data", Buffer.alloc(4096, 7));
  put("0.9.3/cpythonrc.py", "# stand-in cpythonrc.py\n");
  put("0.9.3/empty.ogg", Buffer.from("OggS stand-in"));
  put("index-0.9.3-cp312.json", JSON.stringify({
    "-CDN-": "https://pygame-web.github.io/cdn/",
    pygame: "cp312/pygame_ce-2.5.7.dev1-<abi>-<abi>-<api>.whl",
  }));
  put(WHEEL, Buffer.alloc(2048, 1));
  return ["0.9.3/pythons.js", "0.9.3/cpython312/main.js", "0.9.3/cpython312/main.wasm", "0.9.3/cpython312/main.data",
    "0.9.3/cpythonrc.py", "0.9.3/empty.ogg", "index-0.9.3-cp312.json", WHEEL];
}
