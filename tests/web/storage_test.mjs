// The game's saves in the browser (docs/web.md): CPython in WebAssembly runs the game's own
// ui/storage.py and ui/progress.py over window.localStorage (storage_game.py); plain JS then
// writes garbage under pasyans.stats, the page is reloaded, the browser restarted, and each time
// the records are read back through the game's code.
//   node storage_test.mjs CHROMIUM PROFILE_DIR PORT     → one JSON object on stdout
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { serve } from "./serve.mjs";

const [exe, profile, port] = process.argv.slice(2);
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "..", "..");
const ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
  "--disable-sync", "--disable-dev-shm-usage"];
const GARBAGE = "{\"schema\": 1, \"data\": {\"tripeaks\": ♠ torn";

// [URL path from the repository root, path in Pyodide's file system]
const files = [];
function walk(rel) {
  for (const entry of fs.readdirSync(path.join(root, rel), { withFileTypes: true })) {
    if (entry.name.startsWith(".") || entry.name === "__pycache__" || entry.name.endsWith(".pyc")) continue;
    const r = rel + "/" + entry.name;
    if (entry.isDirectory()) walk(r);
    else files.push([r, r]);
  }
}
walk("games");
walk("locales");
walk("layouts");
for (const f of ["ui/__init__.py", "ui/storage.py", "ui/progress.py", "ui/settings.py"]) files.push([f, f]);
files.push(["tests/web/storage_game.py", "storage_game.py"]);

const server = await serve(root, { port: Number(port) });
const out = { files: files.map(([, d]) => d) };
const launch = async () => {
  const ctx = await chromium.launchPersistentContext(profile, { executablePath: exe, headless: true, args: ARGS });
  await ctx.addInitScript((list) => { window.__FILES = list; }, files.map(([u, d]) => ["/" + u, d]));
  return [ctx, ctx.pages()[0] || await ctx.newPage()];
};
const probe = async (page, phase) => {
  const t0 = Date.now();
  if (phase === "reload") {  // the same document reloaded: its address now names the next phase
    await page.evaluate(() => history.replaceState(null, "", "?phase=reload"));
    await page.reload();
  } else {
    await page.goto(server.url + "tests/web/storage.html?phase=" + phase);
  }
  await page.waitForFunction(() => window.__probe, null, { timeout: 60000 });
  const r = await page.evaluate(() => window.__probe);
  r.seconds = (Date.now() - t0) / 1000;
  return r;
};
try {
  let [ctx, page] = await launch();
  out.store = await probe(page, "store");
  // Another hand tears the stats record: plain JS, outside the game's code.
  await page.evaluate((g) => localStorage.setItem("pasyans.stats", g), GARBAGE);
  out.garbage = GARBAGE;
  out.reload = await probe(page, "reload");
  await ctx.close();  // the browser quits; its profile keeps the origin's storage
  [ctx, page] = await launch();
  out.restart = await probe(page, "restart");
  await ctx.close();
} catch (e) {
  out.error = String((e && e.stack) || e);
}
await server.close();
console.log(JSON.stringify(out));
process.exit(0);
