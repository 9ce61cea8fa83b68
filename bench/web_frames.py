"""Frame costs of the web bundle in WebAssembly against the native app, in one run.

The page (headless Chromium, Pyodide 0.27.7 with the pygame-ce wheel pygbag serves: the test bed
of ``tests/test_web_page.py``, docs/web.md) and the native app (pygame-ce, SDL_VIDEODRIVER=dummy)
run the same script, ``tests/web/probe.py`` ``bench_run``: the home screen, the statistics screen,
then each of the six tables on a fixed deal — its full redraw (cached backgrounds thrown away),
its first hint (the frame its tap lands in, then the search's slices), a dozen moves of its
solver's line each tapped at the card's place (the frame the move lands on: the move, its save,
the flights' start and the redraw), the frames while cards fly, frames with nothing to do, and
the keyboard's focus moved by eight keys (the frame each lands in), and one hint (frames carrying a
solver slice, then the hint's frames, three more keys pressed while it shows). Plus Python start
(just before ``main.py`` runs) to the first home frame. Per table and kind: median and worst in ms, and the
wasm/native ratio of the medians.

``--start N`` measures only the start, N page loads against N fresh native interpreters (with the
byte-code of a previous run, and from a copy of the bundle's files with no byte-code, as the page
had before the bundle carried it), with its steps: imports, ``App()``, the first frame, the
seconds spent compiling source and the modules loaded by the first frame.

``--panels`` adds, after the rest of each table, the panels a player opens (the pause menu,
Restart deal's question, Options, the game's statistics) and the game played to its end and its
end panel (the kinds ``panel`` and ``ended``; docs/web.md, "Session 28").

``--hand-off`` runs only the page, each table twice on the same deal and moves: with a move's save
handed to the page in the frame the move lands on (``LocalStorage.hand_off``, docs/web.md "The
page") and without (the store's keeper withheld), which round first alternating from table to
table; per table the landing frames of both and the hand-off's own time per move.

``--blits N`` times, N times each, only the drawing steps a frame with a panel over a table may
take (``probe.blit_costs``: a full-window copy, three ways to lay the shade, the felt, the panel,
the flip, ``display.update`` of the panel's rect, the whole rebuild), in the page and natively.

``--panel-frames K`` times only the frames of the panels over each table (``probe.panel_frames``:
Options opened, its focus moved, closed; the pause menu, its focus moved, Restart deal's question
from it, closed; New deal's question, closed), K rounds, the least and median of each, in the page
and natively: on a loaded machine the least of a few rounds is the frame's own cost.

``--cpu MS`` runs the script natively only, each frame timed in its thread's CPU time, and lists the
frames over MS ms with what they did: on a loaded machine the page's wall-clock frames carry the
time other processes took, these do not.

Run: ``python3 bench/web_frames.py [--size 1280x800] [--moves 12] [--start N] [--cpu MS] [--out bench/results/NAME]``
(needs what the browser tests need: node, ``tests/web/node_modules``, chromium, ../shared/wasm).
Not a timed test: the goals (docs/web.md, "Speed") are read off its table.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "tests" / "web"))

TABLES = [
    {"game": "tripeaks", "number": 1, "options": {"mode": "easy", "scoring": "streak"}},
    {"game": "pyramid", "number": 1, "options": {"layout": "1", "passes": "unlimited"}, "win_number": 3},
    {"game": "devils-grip", "number": 1, "options": {}},
    {"game": "spider", "number": 1, "options": {"suits": "1"}},
    {"game": "klondike", "number": 1, "options": {"draw": "1"}},
    {"game": "freecell", "number": 1, "options": {}},
]
KINDS = ("full", "landing", "flight", "deal", "unchanged", "solver", "other", "ahead", "first hint", "focus", "hint shown",
         "panel", "ended")
"""Kinds of frame, one for every timed frame: ``ahead`` is a frame that draws nothing but makes
card images in its spare time (a table's first picture waiting for them, or faces made ahead of
need), opens a font or measures its glyphs (the home screen's, for the tables), prepares the
table's first picture off screen, opens the mixer or loads a sound file, imports a piece of the
game's search ahead of the first hint, or makes a garbage collection; ``unchanged`` a frame that
draws nothing and does none of that; ``first hint`` the frame the tap on Hint lands in, the
table's first hint (after ``--idle`` frames with nothing to do): with its search not imported yet,
it imports it; ``deal`` a drawn frame while the table's deal flies in (its first picture's
cards from the stock to their places, ``GameTable.start_deal``); ``focus`` the frame a key moving the keyboard's focus (Tab, an arrow) lands in, the
focus ring drawn at its new place (a hint's ring too when one shows); ``hint shown`` a drawn frame
while a hint shows (its ring round the hinted card), other than those. With ``--panels``:
``panel`` the frame a tap or key opening, changing or closing a panel (or the statistics screen)
lands in, and the frame a celebration's end opens the end panel in; ``ended`` a drawn frame of the
game ended (won, where the solver finds a win) before its panel (the last flights, the wait, the
celebration); the move that ends it is a ``landing``."""
SCREENS = ("home", "stats") + tuple(t["game"] for t in TABLES)


def bench_args(moves: int, redraws: int, idle: int, profile: int = 0, split: bool = False,
               games: list[str] | None = None, timeline: bool = False, sections: bool = False,
               pace: float = 1 / 60, spider_suits: str = "1", panels: bool = False,
               hand_off_ab: bool = False) -> dict:
    """The script's arguments (``tests/web/probe.py`` ``bench_run``); ``games``: only these tables
    (registry names, in the usual order), default all six; ``pace``: seconds from one frame with
    nothing to do to the next (0: one after the other); ``spider_suits``: Spider's suits (``"4"``:
    the table whose search the page's JavaScript engine runs, warmed as the table opens);
    ``panels``: each table's panels and its game played to its end after the rest (``_panels``,
    ``_ended``: Pyramid's deal 1 cannot be won, so its win is played on deal 3); ``hand_off_ab``:
    each table with the move's save handed to the page and without (``--hand-off``)."""
    tables = [dict(t, moves=moves, **({"options": {"suits": spider_suits}} if t["game"] == "spider" else {}))
              for t in TABLES if not games or t["game"] in games]
    return {"tables": tables, "redraws": redraws, "idle": idle, "max_nodes": 50_000, "profile": profile,
            "split": split, "timeline": timeline, "sections": sections, "pace": pace, "panels": panels,
            "hand_off_ab": hand_off_ab}


NATIVE_START = r"""
import json, runpy, sys
sys.path.insert(0, {web!r})
import probe
probe.install()
from ui.app import App
timed = App.frame
def once(self):
    timed(self)
    if self.draws:
        self.running = False
App.frame = once
runpy.run_path("main.py", run_name="__main__")
print(json.dumps(probe.python_start()))
"""


def native_starts(size: str, runs: int = 3, cold: bool = False) -> list[dict]:
    """:func:`probe.python_start` of ``runs`` fresh native interpreters (seconds from the probe's
    import, just before main.py, to the first home frame, and the steps). ``cold``: from a copy of
    the bundle's files (tools/build_web.py ``stage``) without byte-code and writing none, so every
    module of the app is compiled from source as in a page whose bundle has no ``__pycache__``;
    else in the checkout, after one run that leaves its byte-code (in a temporary
    ``PYTHONPYCACHEPREFIX``, whatever ``PYTHONDONTWRITEBYTECODE`` says)."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
               PASYANS_SIZE=size, PASYANS_DATA=tempfile.mkdtemp(prefix="pasyans-bench-"))
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env.pop("PYTHONPYCACHEPREFIX", None)
    cwd, flags = ROOT, []
    if not cold:
        env["PYTHONPYCACHEPREFIX"] = tempfile.mkdtemp(prefix="pasyans-pyc-")
    else:
        sys.path.insert(0, str(ROOT / "tools"))
        import build_web

        cwd = Path(tempfile.mkdtemp(prefix="pasyans-cold-")) / "pasyans"
        build_web.stage(cwd)
        flags = ["-B"]
    script = NATIVE_START.format(web=str(ROOT / "tests" / "web"))
    out = []
    for k in range(runs + (0 if cold else 1)):
        r = subprocess.run([sys.executable, *flags, "-c", script], cwd=cwd, env=env, capture_output=True, text=True,
                           timeout=120)
        if r.returncode != 0:
            raise SystemExit(f"native start failed: {r.stderr[-800:]}")
        if cold or k:
            out.append(json.loads(r.stdout.strip().splitlines()[-1]))
    return out


def native_start(size: str, runs: int = 3) -> list[float]:
    """Seconds from the probe's import (just before main.py) to the first home frame, natively,
    in fresh interpreters (with byte-code)."""
    return [s["first_draw"] for s in native_starts(size, runs)]


def web_starts(size: str, runs: int) -> list[dict]:
    """:func:`probe.python_start` of ``runs`` page loads (one browser, a fresh context each)."""
    os.environ.setdefault("PASYANS_WEB", "1")
    import webenv

    w, h = (int(x) for x in size.split("x"))
    pages = [{"name": f"start{k}", "width": w, "height": h, "touch": False, "scenarios": ["start"]}
             for k in range(runs)]
    import pytest

    try:
        out = webenv.run_page(pages, timeout=120 + 60 * runs)
    except (pytest.skip.Exception, pytest.fail.Exception) as e:
        raise SystemExit(f"the page cannot run here: {e}")
    res = []
    for p in pages:
        r = out["runs"][p["name"]]
        if r["errors"]:
            raise SystemExit(f"the page failed: {r['errors']}")
        res.append(dict(r["scenarios"]["start"], page_load_s=r["load"]["seconds"]))
    return res


def start_report(web: list[dict], warm: list[dict], cold: list[dict], size: str) -> tuple[str, dict]:
    """The start's table: per step the median (and best) of each set of runs, and the ratios."""
    med = statistics.median

    def steps(runs: list[dict]) -> dict:
        col = {"imports": [r["imported"] for r in runs], "App()": [r["app_made"] - r["imported"] for r in runs],
               "first frame": [r["first_draw"] - r["app_made"] for r in runs],
               "start (total)": [r["first_draw"] for r in runs],
               "compiling": [r["compile_seconds"] for r in runs]}
        return {k: (med(v), min(v)) for k, v in col.items()}

    cols = {"wasm": steps(web), "native": steps(warm), "native, no .pyc": steps(cold)}
    rows = [f"{'step (s)':16}" + "".join(f"{name:>24}" for name in cols)]
    for step in cols["wasm"]:
        rows.append(f"{step:16}" + "".join(f"{c[step][0]:.3f} (best {c[step][1]:.3f})".rjust(24)
                                             for c in cols.values()))
    total = {k: c["start (total)"][0] for k, c in cols.items()}
    rows.append("")
    ours = [p for p, _ in web[0]["compiled"] if "/assets/" in p]
    rows.append(f"runs: wasm {len(web)}, native {len(warm)}, native without .pyc {len(cold)}; modules compiled from"
                f" source in the page: {len(ours)} of the game's, {len(web[0]['compiled']) - len(ours)} others"
                f" (pygame's); the game's modules loaded by the first frame: {len(web[0]['modules'])}")
    rows.append(f"ratio wasm / native: {total['wasm'] / total['native']:.1f} (native without .pyc: "
                f"{total['wasm'] / total['native, no .pyc']:.1f}); page load to first frame, Pyodide's own start "
                f"included: {med(r['page_load_s'] for r in web):.1f} s")
    data = {"size": size, "median_s": total, "steps": cols, "wasm_runs": web, "native_runs": warm,
            "native_cold_runs": cold}
    return "\n".join(rows), data


def native_run(size: str, args: dict) -> dict:
    os.environ.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
                      PASYANS_DATA=tempfile.mkdtemp(prefix="pasyans-bench-"), PASYANS_SOLVER_WALL="0")
    import probe

    probe.install()
    from ui.app import App
    from ui.settings import Settings

    w, h = (int(x) for x in size.split("x"))
    App((w, h), settings=Settings(language="en"))
    r = probe.call("bench_run", args)
    if "error" in r:
        raise SystemExit(f"native bench failed: {r['error']}\n{r.get('trace', '')}")
    return r


def web_run(size: str, args: dict) -> dict:
    os.environ.setdefault("PASYANS_WEB", "1")  # running this script is the request to open the browser
    import webenv

    w, h = (int(x) for x in size.split("x"))
    runs = [{"name": "bench", "width": w, "height": h, "touch": False, "scenarios": ["bench"]}]
    import pytest

    try:
        # cross-origin isolated: the page's clock steps by 5 µs, not 100 µs (frames of 0.05 ms)
        out = webenv.run_page(runs, timeout=900, extra={"bench": args, "isolate": True})
    except (pytest.skip.Exception, pytest.fail.Exception) as e:
        raise SystemExit(f"the page cannot run here: {e}")
    r = out["runs"]["bench"]
    if r["errors"]:
        raise SystemExit(f"the page failed: {r['errors']}")
    res = r["scenarios"]["bench"]
    res["load_seconds"] = r["load"]["seconds"]
    res["load_first_draw"] = r["load"]["state"]["first_draw"]
    return res


def cpu_report(size: str, args: dict, over_ms: float) -> tuple[str, dict]:
    """The script run natively only, every frame timed in the CPU time of its thread
    (``time.thread_time`` for the probe's clock): what other processes take of the machine does
    not show, so a frame dear by its own work stands out on a loaded machine, where the page's
    wall-clock frames do not. Per screen, the frames over ``over_ms`` (kind ``full`` left out),
    dearest first, with what they did."""
    import types

    import probe

    probe.time = types.SimpleNamespace(perf_counter=time.thread_time, sleep=time.sleep)
    r = native_run(size, dict(args, timeline=True, profile=0))
    rows = [f"native, CPU time of the thread (ms), frames over {over_ms:g} ms (full redraws left out)"]
    data = {}
    for s in SCREENS:
        tl = (r.get(s) or {}).get("timeline") or []
        data[s] = tl
        big = sorted((f for f in tl if f[0] > over_ms and f[1] != "full"), key=lambda f: -f[0])
        rows.append(f"{s:12} {len(tl):5} frames, {len(big)} over")
        rows += [f"  {ms:7.2f} {kind:10} {cause}" for ms, kind, cause in big[:12]]
    return "\n".join(rows), {"size": size, "over_ms": over_ms, "timeline": data}


def summary(samples: list[float]) -> dict | None:
    if not samples:
        return None
    return {"n": len(samples), "median_ms": statistics.median(samples) * 1000, "worst_ms": max(samples) * 1000}


def report(native: dict, web: dict, n_start: list[float], size: str) -> tuple[str, dict]:
    rows, data = [], {}
    head = (f"{'screen':12} {'kind':10} {'wasm med':>9} {'wasm max':>9} {'nat med':>8} {'nat max':>8} {'ratio':>6}"
            f" {'n wasm/nat':>11}")
    rows.append(head)
    screens = [s for s in SCREENS if s in web["tables"]]
    for screen in screens:
        for kind in KINDS:
            w = summary(web["tables"][screen].get(kind))    # the home and statistics screens have no panel kinds
            n = summary(native[screen].get(kind))
            if not w and not n:
                continue
            data.setdefault(screen, {})[kind] = {"wasm": w, "native": n}
            ratio = (w["median_ms"] / n["median_ms"]) if w and n and n["median_ms"] > 0 else None
            f = lambda s, k: f"{s[k]:.2f}" if s else "-"  # noqa: E731
            rows.append(f"{screen:12} {kind:10} {f(w, 'median_ms'):>9} {f(w, 'worst_ms'):>9} {f(n, 'median_ms'):>8}"
                        f" {f(n, 'worst_ms'):>8} {(f'{ratio:.1f}' if ratio else '-'):>6}"
                        f" {(w or {}).get('n', 0):>5}/{(n or {}).get('n', 0):<5}")
    ws = web.get("load_first_draw")
    step = web["tables"].get("clock_step")
    rows.append("")
    if step is not None:
        rows.append(f"the page's clock steps by {step * 1e6:.0f} µs (the page cross-origin isolated; Chromium's "
                    f"is 100 µs otherwise)")
        data["clock_step_s"] = step
    rows.append(f"Python start (main.py) to the first home frame: wasm {ws:.3f} s, native "
                f"{statistics.median(n_start):.3f} s (median of {len(n_start)}); page load to first frame "
                f"{web.get('load_seconds', 0):.1f} s (Pyodide itself included)")
    data["start"] = {"wasm_s": ws, "native_s": n_start, "page_load_s": web.get("load_seconds")}
    data["size"] = size
    played = {s: {"native": native[s].get("played"), "wasm": web["tables"][s].get("played")}
              for s in screens if s not in ("home", "stats")}
    same = all(v["native"] == v["wasm"] for v in played.values())
    rows.append(f"the same moves played in both: {'yes' if same else 'NO'}")
    data["played"] = played
    ended = {s: {"native": native[s].get("end_panel"), "wasm": web["tables"][s].get("end_panel")}
             for s in screens if "end_panel" in web["tables"].get(s, {}) or "end_panel" in native.get(s, {})}
    if ended:
        rows.append("played to the end panel (wasm; native):")
        rows += [f"  {s:12} {v['wasm']}; {v['native']}" for s, v in ended.items()]
        data["end_panel"] = ended
    skipped = {s: {"native": native[s].get("panels_skipped"), "wasm": web["tables"][s].get("panels_skipped")}
               for s in screens if "panels_skipped" in web["tables"].get(s, {}) or "panels_skipped" in native.get(s, {})}
    if skipped:
        rows.append("panels not timed (wasm; native): "
                    + ", ".join(f"{s} {v['wasm']}; {v['native']}" for s, v in skipped.items()))
        data["panels_skipped"] = skipped
    rows.append("")
    rows.append(worst_report(web))
    data["worst"] = {s: {"wasm": web["tables"][s].get("worst"), "native": native[s].get("worst")} for s in screens}
    data["faces_drawn"] = {s: {"wasm": web["tables"][s].get("faces_drawn"), "native": native[s].get("faces_drawn")}
                           for s in screens}
    return "\n".join(rows), data


def worst_report(web: dict) -> str:
    """The slowest frames of each screen in WebAssembly (ms, kind) and what each did: the card
    art it made (``face``/``cface``/``sface``: a card face drawn for the first time; ``back``, ``shadow``,
    ``glow``, ``band``: the opaque copy of a card's body), the still picture rebuilt whole or in
    clipped rectangles, saves, moves (with the automatic ones), a solver slice, a first frame, a
    garbage collection begun and its generation (``gc gen0``, ``gc gen2``)."""
    rows = ["drawn frames whose drawing made card faces (first sight; faces made ahead in a frame's spare time "
            "not counted), in WebAssembly: frames, faces, most in one frame"]
    screens = [s for s in SCREENS if s in web["tables"]]
    for s in screens:
        f = web["tables"][s].get("faces_drawn")
        if f is not None:
            rows.append(f"{s:12} {f['frames']:4} {f['faces']:5} {f['most']:5}")
    rows += ["", "slowest frames in WebAssembly (ms, kind: what the frame did)"]
    for s in screens:
        for ms, kind, cause in web["tables"][s].get("worst") or []:
            rows.append(f"{s:12} {ms:7.2f} {kind:10} {cause}")
    return "\n".join(rows)


def hand_off_report(web: dict) -> tuple[str, dict]:
    """``--hand-off``: per table, the landing frames with the save handed to the page and without
    (median, worst, ms; which round came first) and the hand-off's own time per call."""
    rows = [f"{'table':12} {'landing with hand-off':>26} {'landing without':>22} {'hand-off call':>22}",
            f"{'':12} {'med / max ms (round)':>26} {'med / max ms (round)':>22} {'med / max ms (n)':>22}"]
    data = {}
    for t in TABLES:
        on, off = web["tables"].get(t["game"]), web["tables"].get(t["game"] + "/off")
        if not on or not off:
            continue
        w, n, h = summary(on["landing"]), summary(off["landing"]), summary(on["hand_off"])
        same = on["played"] == off["played"]
        data[t["game"]] = {"with": w, "without": n, "hand_off": h, "same_moves": same,
                           "with_round": on["hand_off_order"], "without_round": off["hand_off_order"]}
        f = lambda s: f"{s['median_ms']:.2f} / {s['worst_ms']:.2f}" if s else "-"  # noqa: E731
        calls = h["n"] if h else 0
        rows.append(f"{t['game']:12} {f(w) + ' (' + on['hand_off_order'] + ')':>26}"
                    f" {f(n) + ' (' + off['hand_off_order'] + ')':>22} {f(h) + f' ({calls})':>22}"
                    + ("" if same else "  (NOT the same moves)"))
    return "\n".join(rows), data


def hand_off_frames(web: dict) -> dict:
    """``--hand-off``'s raw figures per table and round (``GAME``, ``GAME/off``): the landing
    frames and the hand-off calls (seconds), the moves played, the slowest frames."""
    return {k: {f: v.get(f) for f in ("landing", "hand_off", "hand_off_order", "played", "worst")}
            for k, v in web["tables"].items() if isinstance(v, dict) and "hand_off" in v}


def split_report(native: dict, web: dict) -> str:
    """The parts of a table's full redraw, ms per redraw, wasm and native."""
    parts = ("felt_and_rest", "top_bar", "cards", "buttons", "status", "live", "blit_and_moving", "flip")
    rows = ["full redraw by part, ms (wasm / native): " + ", ".join(parts)]
    for s in SCREENS:
        if s in ("home", "stats") or s not in web["tables"]:
            continue
        w, n = web["tables"][s].get("split") or {}, native[s].get("split") or {}
        rows.append(f"{s:12} " + "  ".join(f"{w.get(p, 0) * 1000:5.2f}/{n.get(p, 0) * 1000:4.2f}" for p in parts))
    return "\n".join(rows)


def blits_report(native: dict, web: dict) -> str:
    """:func:`probe.blit_costs` of both runs: per step the median and best ms, and the ratio of the
    medians."""
    rows = [f"drawing steps at {web['size'][0]}x{web['size'][1]} (Options' panel {web['panel'][2]}x{web['panel'][3]} px),"
            " ms: median (best)",
            f"{'step':22} {'wasm':>16} {'native':>16} {'ratio':>6}"]
    for k, v in web.items():
        if k in ("size", "panel", "same", "profile"):
            continue
        (med, best), (nm, nb) = v, native[k]
        rows.append(f"{k:22} {med * 1000:7.2f} ({best * 1000:5.2f}) {nm * 1000:7.2f} ({nb * 1000:5.2f})"
                    f" {med / nm if nm else 0:6.1f}")
    rows.append("pixels as blended whole (wasm; native): " + ", ".join(
        f"{k} {'yes' if v else 'NO'}; {'yes' if native['same'][k] else 'NO'}" for k, v in web["same"].items()))
    return "\n".join(rows)


def panel_frames_report(native: dict, web: dict) -> str:
    """:func:`probe.panel_frames` of both runs: per table and step the least and median ms."""
    rows = [f"panel frames at {web['size'][0]}x{web['size'][1]}, ms: least / median of the rounds",
            f"{'table':12} {'step':20} {'wasm':>15} {'native':>15}"]
    for game, steps in web.items():
        if game == "size":
            continue
        for step, (least, med) in steps.items():
            nl, nm = native[game][step]
            rows.append(f"{game:12} {step:20} {least * 1000:6.2f} / {med * 1000:6.2f} {nl * 1000:6.2f} / {nm * 1000:6.2f}")
    return "\n".join(rows)


def write_out(out: str | None, argv, text: str, data) -> None:
    """The report ``text`` to ``out.txt`` under the command that made it, and ``data`` to
    ``out.json``; nothing when ``out`` is None."""
    if not out:
        return
    cmd = "python3 bench/web_frames.py " + " ".join(argv or sys.argv[1:])
    Path(out + ".txt").write_text(f"{cmd}\n\n{text}\n", encoding="utf-8")
    Path(out + ".json").write_text(json.dumps(data, indent=1), encoding="utf-8")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--size", default="1280x800")
    ap.add_argument("--moves", type=int, default=12)
    ap.add_argument("--redraws", type=int, default=10)
    ap.add_argument("--idle", type=int, default=40)
    ap.add_argument("--pace", type=float, default=1 / 60, metavar="SECONDS",
                    help="seconds from one frame with nothing to do to the next (default 1/60: the page's pace, so "
                         "that the half-second polls of the page fall among them; 0: one after the other)")
    ap.add_argument("--start", type=int, metavar="N", help="measure only the start: N page loads, N native runs")
    ap.add_argument("--out", help="write NAME.txt and NAME.json (e.g. bench/results/web-frames-1280x800)")
    ap.add_argument("--profile", type=int, default=0, metavar="N",
                    help="also run the page's script under cProfile and print its N top functions by own time "
                         "(the profiler slows every frame: the timings of such a run are not comparable)")
    ap.add_argument("--games", help="only these tables, comma-separated (e.g. spider,freecell); default all six")
    ap.add_argument("--spider-suits", choices=("1", "2", "4"), default="1",
                    help="Spider's suits (default 1; 4: the page's JavaScript engine searches, warmed as the table opens)")
    ap.add_argument("--timeline", action="store_true",
                    help="also keep every timed frame of each screen in order, [ms, kind, what it did], in the "
                         "JSON (\"timeline\")")
    ap.add_argument("--sections", action="store_true",
                    help="also split each frame's time into sections (input, save, rebuild, draw, hint, warm, "
                         "flip…, ms; inclusive) in what it did: the worst frames and the timeline show them")
    ap.add_argument("--split", action="store_true",
                    help="also time the parts of each table's full redraw (felt, top bar, cards, buttons, status, "
                         "blit, flip) in both runs, ms per redraw")
    ap.add_argument("--panels", action="store_true",
                    help="also time each table's panels (the pause menu, Restart deal's question, Options, the "
                         "game's statistics) and its game played to its end, a win where one is found, and its end "
                         "panel (kinds panel, ended)")
    ap.add_argument("--hand-off", action="store_true",
                    help="only the page: each table with a move's save handed to the page and without, the "
                         "landing frames of both and the hand-off's own time")
    ap.add_argument("--cpu", type=float, metavar="MS",
                    help="run only natively, each frame timed in its thread's CPU time, and list the frames over MS "
                         "ms with what they did (a frame dear by its own work, whatever the machine's load)")
    ap.add_argument("--blits", type=int, metavar="N",
                    help="time only the drawing steps of a frame with a panel over the first table of --games "
                         "(copy, shade, felt, panel, flip, update of the panel's rect, whole rebuild), N times each, "
                         "in the page and natively")
    ap.add_argument("--panel-frames", type=int, metavar="K",
                    help="time only the frames of the panels over each table (--games), K rounds each, the least "
                         "and median of each step, in the page and natively")
    a = ap.parse_args(argv)
    if a.start:
        web = web_starts(a.size, a.start)
        warm = native_starts(a.size, a.start)
        cold = native_starts(a.size, a.start, cold=True)
        text, data = start_report(web, warm, cold, a.size)
        print(text)
        if a.out:
            head = f"python3 bench/web_frames.py --size {a.size} --start {a.start}"
            Path(a.out + ".txt").write_text(f"{head}\n\n{text}\n", encoding="utf-8")
            Path(a.out + ".json").write_text(json.dumps(data, indent=1), encoding="utf-8")
        return 0
    games = [g.strip() for g in a.games.split(",")] if a.games else None
    unknown = sorted(set(games or ()) - {t["game"] for t in TABLES})
    if unknown:
        ap.error(f"--games: no such table: {', '.join(unknown)} (one of {', '.join(t['game'] for t in TABLES)})")
    if a.pace < 0:
        ap.error(f"--pace: {a.pace} is not a number of seconds ≥ 0")
    args = bench_args(a.moves, a.redraws, a.idle, a.profile, a.split, games, a.timeline, a.sections, a.pace,
                      a.spider_suits, a.panels)
    if a.hand_off:
        web = web_run(a.size, dict(args, hand_off_ab=True))
        text, data = hand_off_report(web)
        print(text)
        write_out(a.out, argv, text, {"summary": data, "tables": hand_off_frames(web)})
        return 0
    if a.blits:
        args = dict(args, blits=a.blits, n=a.blits)
        web = web_run(a.size, args)["tables"]["blits"]
        native = native_run(a.size, dict(args, profile=0))["blits"]
        text = blits_report(native, web)
        if a.profile:
            text += "\n\nthe panel's drawing in the page under cProfile:\n" + web.get("profile", "")
        print(text)
        write_out(a.out, argv, text, {"wasm": web, "native": native})
        return 0
    if a.panel_frames:
        args = dict(args, panel_rounds=a.panel_frames)
        web = web_run(a.size, args)["tables"]["panel_frames"]
        native = native_run(a.size, args)["panel_frames"]
        text = panel_frames_report(native, web)
        print(text)
        write_out(a.out, argv, text, {"wasm": web, "native": native})
        return 0
    if a.cpu is not None:
        text, data = cpu_report(a.size, args, a.cpu)
        print(text)
        write_out(a.out, argv, text, data)
        return 0
    web = web_run(a.size, args)
    if a.profile:
        print(web["tables"].pop("profile", ""))
    start = native_start(a.size)
    native = native_run(a.size, dict(args, profile=0))
    text, data = report(native, web, start, a.size)
    if a.split:
        text += "\n\n" + split_report(native, web)
        data["split"] = {s: {"wasm": web["tables"][s].get("split"), "native": native[s].get("split")}
                         for s in SCREENS if s not in ("home", "stats") and s in web["tables"]}
    if a.timeline:
        data["timeline"] = {s: {"wasm": web["tables"][s].get("timeline"), "native": native[s].get("timeline")}
                            for s in SCREENS if s in web["tables"]}
    print(text)
    write_out(a.out, argv, text, {"summary": data})
    return 0


if __name__ == "__main__":
    sys.exit(main())
