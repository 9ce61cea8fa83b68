// Saves in the browser (docs/web.md): Python in WebAssembly stores through
// window.localStorage, the page is reloaded, the browser restarted, and the values read back.
//   node storage_test.mjs CHROMIUM PROFILE_DIR PORT     → one JSON object on stdout
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { serve } from "./serve.mjs";

const [exe, profile, port] = process.argv.slice(2);
const here = path.dirname(fileURLToPath(import.meta.url));
const ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
  "--disable-sync", "--disable-dev-shm-usage"];
const server = await serve(here, { port: Number(port) });
const out = {};
const probe = async (page, phase) => {
  await page.goto(server.url + "storage.html?phase=" + phase);
  await page.waitForFunction(() => window.__probe, null, { timeout: 60000 });
  return page.evaluate(() => window.__probe);
};
try {
  let ctx = await chromium.launchPersistentContext(profile, { executablePath: exe, headless: true, args: ARGS });
  let page = ctx.pages()[0] || await ctx.newPage();
  out.store = await probe(page, "store");
  await page.reload();
  out.reload = await probe(page, "read");
  await ctx.close();  // the browser quits; its profile keeps the origin's storage
  ctx = await chromium.launchPersistentContext(profile, { executablePath: exe, headless: true, args: ARGS });
  page = ctx.pages()[0] || await ctx.newPage();
  out.restart = await probe(page, "read");
  await ctx.close();
} catch (e) {
  out.error = String((e && e.stack) || e);
}
await server.close();
console.log(JSON.stringify(out));
process.exit(0);
