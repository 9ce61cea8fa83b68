// The page's JavaScript for the Python tests, in Node: a bridge that evaluates sources and calls
// pasyansSpider.ask(name, arg), one JSON request a line on standard input, one JSON answer a line on
// standard output (tests/test_solver_spider_js.py: games.solvers.spider_js.use_bridge).
//
//   request:  ["load", SOURCE]  or  ["ask", NAME, ARG]
//   answer:   {"ok": STRING}    or  {"error": MESSAGE}
import readline from "node:readline";

const rl = readline.createInterface({ input: process.stdin, terminal: false });
rl.on("line", (line) => {
  let out;
  try {
    const [what, a, b] = JSON.parse(line);
    if (what === "load") {
      (0, eval)(a);
      out = { ok: "" };
    } else {
      out = { ok: String(globalThis.pasyansSpider.ask(a, b)) };
    }
  } catch (e) {
    out = { error: String(e && e.stack ? e.stack : e) };
  }
  process.stdout.write(JSON.stringify(out) + "\n");
});
