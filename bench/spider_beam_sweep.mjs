// The 4-suit Spider search of the page's JavaScript engine (games/solvers/spider_beam.js) in Node,
// for bench/spider_beam_sweep.py: every spec of a file (one JSON a line, spider_js.spec) searched
// under a node budget, one JSON line a position on standard output.
//
//   node bench/spider_beam_sweep.mjs ENGINE SPECS FIRST LAST MAX_NODES WARM
//
// FIRST and LAST number the spec lines from 1 (the position's number is its line's). Each line:
// {"pos", "status", "nodes", "cpu"} (cpu: the process's CPU seconds of that search). The engine
// searches WARM positions of the first spec first, untimed, so that V8 has compiled it.
import fs from "node:fs";

const [engine, specs, first, last, maxNodes, warm] = process.argv.slice(2);
(0, eval)(fs.readFileSync(engine, "utf8"));
const api = globalThis.pasyansSpider;
const lines = fs.readFileSync(specs, "utf8").trim().split("\n");

function search(i, cap) {
  const spec = JSON.parse(lines[i - 1]);
  spec.max_nodes = cap;
  const h = api.ask("make", JSON.stringify(spec));
  const t0 = process.cpuUsage();
  let r;
  do {
    const out = api.ask("step", `${h} 65536`);
    if (out.startsWith("!error")) throw new Error(out);
    r = JSON.parse(out);
  } while (r.status === null);
  const t = process.cpuUsage(t0);
  api.ask("drop", String(h));
  return { pos: i, status: r.status, nodes: r.nodes, cpu: (t.user + t.system) / 1e6 };
}

if (Number(warm) > 0) search(1, Number(warm));
for (let i = Number(first); i <= Number(last); i++) {
  process.stdout.write(JSON.stringify(search(i, Number(maxNodes))) + "\n");
}
