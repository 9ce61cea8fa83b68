// The page's JavaScript for the Python tests, in Node: a bridge that evaluates sources and calls
// TARGET.ask(name, arg) (TARGET a global object: pasyansSpider unless named), one JSON request a
// line on standard input, one JSON answer a line on standard output (tests/test_solver_spider_js.py:
// games.solvers.spider_js.use_bridge; tests/test_solver_klondike_js.py: pasyansKlondike).
//
//   request:  ["load", SOURCE, TARGET?]  or  ["ask", NAME, ARG, TARGET?]
//   answer:   {"ok": STRING}    or  {"error": MESSAGE}
//
// A load whose source leaves no TARGET.ask function answers an error.
import readline from "node:readline";

const rl = readline.createInterface({ input: process.stdin, terminal: false });
rl.on("line", (line) => {
  let out;
  try {
    const [what, a, b, c] = JSON.parse(line);
    if (what === "load") {
      (0, eval)(a);
      const target = globalThis[b || "pasyansSpider"];
      if (!target || typeof target.ask !== "function") throw new Error(`the source defines no ${b || "pasyansSpider"}.ask`);
      out = { ok: "" };
    } else {
      out = { ok: String(globalThis[c || "pasyansSpider"].ask(a, b)) };
    }
  } catch (e) {
    out = { error: String(e && e.stack ? e.stack : e) };
  }
  process.stdout.write(JSON.stringify(out) + "\n");
});
