"""The hint as the player waits for it: the real app (headless pygame, the real table and its
Assist) asked for a hint on mid-game positions of every variant, frames paced at 60 Hz
(issue 20, item 2).

    python bench/hint_wait.py [--games klondike,spider-4] [--count 20] [--held-out 40] [--size 1280x800]
                              [--wasm] [--no-native] [--no-js] [--slow F] [--look S]

The positions are those of ``bench/solvers.py`` (deal N, then its fixed policy). For each, the
table of the variant starts on the position (what the app knows from earlier hints is forgotten),
the player presses H (a key event through ``App.frame``), and frames run until the table answers:
a move on a winning line, the best move left on a position the solver proved lost,
Devil's Grip's best line found, the first move of the search's progress
line (no win found within the table's limits, :data:`ui.table.base.HINT_NODES` nodes or
:data:`ui.table.base.HINT_WALL` seconds, but a line to a position with more cards face up or home:
Klondike, Spider), the rule-of-thumb move (no line at all), or the rescue (the position is lost). The wait is the
time from the key press to the end of the frame that shows the answer.

**The clock.** The table slices its search by the wall clock (:data:`ui.table.base.HINT_SLICE` s a
frame) and gives up at a wall-clock deadline. Here that wall clock is a frame clock: each frame
starts 1/60 s after the one before (or later, when the frame's own work took longer), and within a
frame it advances by the process's CPU seconds. So the figures are what a player sees at 60 Hz on
an otherwise idle machine, whatever the load of this one. In Pyodide (``--wasm``, under Node with
the pygame-ce wheel of ../shared/wasm) the CPU seconds are the Node process's.

Output: per variant the answers' counts (``line``, ``lost``, ``best``, ``progress``, ``guess``, ``rescue``),
the median and worst wait, the positions that fell back to the rule of thumb or a progress line,
for Devil's Grip the cards its best lines shown leave (summed, read from the status line: a search
the deadline cuts short shows a worse line),
and whether the status line said so (the table's texts for them,
:data:`ui.table.assist.MSG_HINT_GUESS` and :data:`ui.table.assist.MSG_HINT_PROGRESS`).

**A slow device** (``--slow F``): the frame clock counts each CPU second F times, as on a device
F times slower than this one (a phone's Pyodide; the page under load), and **the player looking**
(``--look S``): after the hint shows, frames go on for S seconds (or until the table's follow-up
of the hint is over, ``GameTable.hint_after``), and the hint shown then is recorded too. For each
fallback (a rule-of-thumb or progress move first shown) the report says whether the move first
shown and the move shown after the look lose a position that can be won: the position and the
one after each move are solved natively, 200 000 nodes each (``loses``: the position solved,
the one after the move proved unsolvable; games whose hint runs a check, not Spider).
"""
from __future__ import annotations

import argparse
import json
import os
import re
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
os.environ.setdefault("SDL_VIDEODRIVER", "emscripten" if sys.platform == "emscripten" else "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("PASYANS_DATA", tempfile.mkdtemp(prefix="pasyans-hint-wait-"))
os.environ.setdefault("PASYANS_EXPORT", os.path.join(os.environ["PASYANS_DATA"], "export.json"))

FRAME = 1 / 60
MAX_FRAMES = 600   # 10 s of frames: far beyond the table's 1 s limit


class FrameClock:
    """The wall clock the app reads (``perf_counter``): frame starts 1/60 s apart (or the frame's
    own work later), CPU seconds within a frame (``cpu``: a clock of the process's CPU seconds)."""

    def __init__(self, cpu, slow: float = 1.0):
        self.cpu = cpu
        self.slow = slow      # seconds of the clock per CPU second: a device this many times slower
        self.base = 1000.0
        self.cpu0 = cpu()

    def perf_counter(self) -> float:
        return self.base + (self.cpu() - self.cpu0) * self.slow

    def next_frame(self) -> None:
        used = (self.cpu() - self.cpu0) * self.slow
        self.base += max(FRAME, used)
        self.cpu0 = self.cpu()


class _TimeShim:
    """The ``time`` module as the app's modules see it: ``perf_counter`` from a :class:`FrameClock`."""

    def __init__(self, clock: FrameClock):
        self._clock = clock

    def perf_counter(self) -> float:
        return self._clock.perf_counter()

    def __getattr__(self, name):
        return getattr(time, name)


def _cpu_clock():
    if sys.platform == "emscripten":
        from js import process  # the Node process running Pyodide

        def clock():
            u = process.cpuUsage()
            return (u.user + u.system) / 1e6
        return clock
    return time.process_time


def measure(games: list[str] | None = None, count: int = 20, held_out: int = 40,
            size: tuple[int, int] = (1280, 800), numbers: list[int] | None = None, js: bool = True,
            slow: float = 1.0, look: float = 0.0) -> dict:
    """Ask the app for a hint on each position (``numbers``: only these positions, 1-based; ``js``
    false: Spider 4 suits with the Python search in the browser too, not the page's JavaScript
    engine, :mod:`games.solvers.spider_js`; ``slow``: the device that many times slower; ``look``:
    seconds of frames after the answer, see the module docstring).
    :returns: ``{name: {"waits": [(seconds, kind, told, status line), …] by position}}`` (with
    ``look``, ``"looked"`` too: ``[(first move, kind after the look, move after the look,
    seconds of frames looked, the longest frame's work meanwhile in seconds), …]``, moves as texts, ``None`` for none) plus
    ``python``; ``kind`` is ``line``, ``lost``, ``best``, ``progress``, ``guess``, ``rescue`` or ``none`` (no answer
    within :data:`MAX_FRAMES` frames); ``told`` whether the status line said what the hint is.
    The app's modules read the frame clock while it runs, their own ``time`` again after."""
    if sys.platform == "emscripten":   # run_pyodide.mjs copies bench/ beside games/ and ui/
        sys.path.insert(0, os.path.join(os.getcwd(), "bench"))
        import platform

        import js
        platform.window = js.window   # what pygbag's runtime gives the app
    from games.solvers import spider_js

    spider_js.ENABLED = js
    import ui.app
    import ui.table.assist
    import ui.table.base
    import ui.table.columns
    import ui.table.devils_grip

    clock = FrameClock(_cpu_clock(), slow)
    shim = _TimeShim(clock)
    mods = (ui.table.assist,)
    for mod in mods:
        mod.time = shim
    ui.app.App.now = staticmethod(clock.perf_counter)
    try:
        return _measure(games, count, held_out, size, numbers, clock, look)
    finally:
        ui.app.App.now = staticmethod(time.perf_counter)
        for mod in mods:
            mod.time = time


def _measure(games, count, held_out, size, numbers, clock, look=0.0) -> dict:
    import pygame

    from games.i18n import tr
    from solvers import VARIANTS, positions
    from ui.app import App
    from ui.settings import Settings
    from ui.table import table_class
    from ui.table.assist import MSG_HINT_GUESS, MSG_HINT_PROGRESS
    from ui.table.base import MSG_HINT_DEAL_LOST, MSG_HINT_LOST

    guess_text, progress_text = tr(MSG_HINT_GUESS), tr(MSG_HINT_PROGRESS)
    lost_texts = {tr(MSG_HINT_LOST), tr(MSG_HINT_DEAL_LOST)}

    def kind_of(said):
        if said == guess_text:
            return "guess"
        if said == progress_text:
            return "progress"
        if "best line found" in said:
            return "best"
        if said in lost_texts:
            return "lost"
        return "line"
    res: dict = {}
    app = None
    for name, game, options, depth, _wait, _goal in VARIANTS:
        if games and game not in games and name not in games:
            continue
        table = table_class(game)()
        if app is None:
            app = App(size, table, Settings(language="en", anim_speed="off", live_winnable=False))
            app.solver_wall_clock = True    # the app's own limits, its wall-clock deadline included
        else:
            app.switch(table)
        app.frame()
        waits, looked = [], []
        for k, s in enumerate(positions(game, options, depth, count + held_out), 1):
            if numbers and k not in numbers:
                continue
            t = app.scene
            t.start(options=options, state=s, announce=False)
            t.assist.lines.clear()
            t.assist.dead.clear()
            for _ in range(3):
                clock.next_frame()
                app.frame()
            t.say("")
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h",
                                                 scancode=0))
            clock.next_frame()
            t0 = clock.perf_counter()
            kind = "none"
            for _ in range(MAX_FRAMES):
                app.frame()
                if t.hint_search is None and (t.hint_move is not None or t.panel is not None
                                              or t.assist.rescue_phase is not None):
                    break
                clock.next_frame()
            wait = clock.perf_counter() - t0
            said = t.status_text or ""
            if t.hint_move is not None:
                kind = kind_of(said)
            elif t.panel is not None or t.assist.rescue_phase is not None:
                kind = "rescue"
            told = bool(said) if kind != "rescue" else True
            waits.append((wait, kind, told, said))
            if look:
                rules = t.rules
                first = None if t.hint_move is None else rules.format_move(s, t.hint_move)
                t_look = clock.perf_counter()
                longest = 0.0       # the longest frame's work meanwhile, seconds of the frame clock
                while getattr(t, "hint_after", None) is not None and clock.perf_counter() - t_look < look:
                    clock.next_frame()
                    f0 = clock.perf_counter()
                    app.frame()
                    longest = max(longest, clock.perf_counter() - f0)
                after = None if t.hint_move is None else rules.format_move(s, t.hint_move)
                looked.append((first, kind_of(t.status_text or "") if after else kind, after,
                               clock.perf_counter() - t_look, longest))
            t.assist.reset()
            t.panel = None
            t.hint_move = t.hint_search = None
        res[name] = {"waits": waits}
        if look:
            res[name]["looked"] = looked
    if app is not None:
        app.close()
    res["python"] = sys.version.split()[0]
    return res


def run_wasm(games, count, held_out, size, timeout=3600, js=True, slow=1.0, look=0.0) -> dict:
    """:func:`measure` in Pyodide under Node with pygame-ce. :raises RuntimeError: naming what failed."""
    import shutil
    import subprocess
    node = shutil.which("node")
    script = ROOT / "tests" / "web" / "run_pyodide.mjs"
    if not node or not (ROOT / "tests" / "web" / "node_modules" / "pyodide").exists():
        raise RuntimeError("node and tests/web/node_modules/pyodide are needed (cd tests/web && npm ci)")
    args = json.dumps({"games": games, "count": count, "held_out": held_out, "size": list(size), "js": js,
                       "slow": slow, "look": look})
    r = subprocess.run([node, str(script), str(ROOT), str(Path(__file__).resolve()), "measure", args],
                       capture_output=True, text=True, timeout=timeout, env={**os.environ, "PYGAME": "1"})
    if r.returncode != 0:
        raise RuntimeError(f"Pyodide run failed: {r.stderr.strip()[-600:]}")
    return json.loads(r.stdout.strip().splitlines()[-1])


def report(res: dict, count: int, label: str) -> None:
    print(f"{label} (Python {res['python']}):")
    print(f"{'variant':17} {'positions':>9} {'median':>7} {'worst':>6}  {'line':>4} {'lost':>4} {'best':>4} {'prog':>4} "
          f"{'guess':>5} {'rescue':>6} {'none':>4}  fallback  told  worst held-out")
    for name, v in res.items():
        if name == "python" or name.startswith("pyodide"):
            continue
        w = v["waits"]
        times = sorted(x[0] for x in w)
        kinds = {k: sum(1 for x in w if x[1] == k) for k in ("line", "lost", "best", "progress", "guess", "rescue", "none")}
        told = all(x[2] for x in w)
        held = max((x[0] for x in w[count:]), default=0.0)
        print(f"{name:17} {len(w):9} {times[len(times) // 2]:7.3f} {times[-1]:6.3f}  {kinds['line']:4} "
              f"{kinds['lost']:4} {kinds['best']:4} {kinds['progress']:4} {kinds['guess']:5} {kinds['rescue']:6} {kinds['none']:4}  "
              f"{100 * kinds['guess'] / len(w):7.1f}%  {'yes' if told else 'NO':>4}  {held:6.3f}")
        slow = [f"{i + 1} ({x[0]:.2f} s, {x[1]})" for i, x in enumerate(w) if x[0] > 0.5 or x[1] in ("guess", "none")]
        if slow:
            print(f"  over 0.5 s or fallen back: {', '.join(slow)}")
        prog = [str(i + 1) for i, x in enumerate(w) if x[1] == "progress"]
        if prog:
            print(f"  a progress line's move: {', '.join(prog)}")
        left = [re.search(r"leaves (\d+) cards", x[3]) for x in w if x[1] == "best"]
        if left and all(left):   # Devil's Grip: what the best line shown leaves (the status line)
            print(f"  cards left by the best lines shown, summed: {sum(int(m.group(1)) for m in left)}"
                  f" (positions 1-{count}: {sum(int(m.group(1)) for m in left[:count])})")
    looks(res)
    for kind, what in (("guess", "a fallback"), ("progress", "a progress line's move")):
        said = [x[3] for v in res.values() if isinstance(v, dict) and "waits" in v for x in v["waits"] if x[1] == kind]
        if said:
            print(f"  the status line on {what}: '{said[0]}'")


LOOK_NODES = 200_000
"""Nodes of the native solve that says whether a hinted move loses (``looks``)."""


def looks(res: dict) -> None:
    """For the positions whose first hint was a fallback (rule of thumb or progress move), what
    the player looking (``--look``) saw: how many hints changed, and how many of the moves first
    shown and shown after the look lose a position that can be won (solved natively,
    :data:`LOOK_NODES` nodes each: the position solved, the one after the move unsolvable)."""
    from games.solvers.search import SOLVED, UNSOLVABLE
    from solvers import VARIANTS, positions

    from games.registry import find_game

    for name, game, options, depth, _wait, _goal in VARIANTS:
        v = res.get(name)
        if not isinstance(v, dict) or "looked" not in v:
            continue
        rules = find_game(game)
        # the moves solved only where the hint runs a check (not Spider, nor Devil's Grip)
        solving = rules.has_solver() and rules.hint_check_share
        states = positions(game, options, depth, len(v["waits"]))
        fell = changed = 0
        lose_first = lose_after = 0
        kinds_after: dict = {}
        longest = frame_max = 0.0
        notes = []
        for k, (w, lk) in enumerate(zip(v["waits"], v["looked"]), 1):
            if w[1] not in ("guess", "progress"):
                continue
            fell += 1
            first, kind_after, after, seconds = lk[:4]
            longest = max(longest, seconds)
            frame_max = max(frame_max, lk[4] if len(lk) > 4 else 0.0)
            kinds_after[kind_after] = kinds_after.get(kind_after, 0) + 1
            changed += first != after
            s = states[k - 1]
            if first is None or not solving:
                continue
            if rules.solver(s, max_nodes=LOOK_NODES).run().status != SOLVED:
                continue

            def loses(text):
                if text is None:
                    return False
                nxt = rules.apply(s, rules.parse_move(s, text))
                return rules.status(nxt) != "won" and \
                    rules.solver(nxt, max_nodes=LOOK_NODES).run().status == UNSOLVABLE
            a, b = loses(first), loses(after)
            lose_first += a
            lose_after += b
            if a or b or first != after:
                notes.append(f"{k}: {first}{' (loses)' if a else ''} -> {after}{' (loses)' if b else ''}"
                             f" [{kind_after}, {seconds:.2f} s]")
        if fell:
            print(f"  {name}: {fell} fallbacks; after the look {changed} changed, kinds "
                  f"{dict(sorted(kinds_after.items()))}; moves that lose a winnable position: "
                  f"first shown {lose_first}, after the look {lose_after}; longest look {longest:.2f} s, "
                  f"longest frame meanwhile {1000 * frame_max:.1f} ms")
            for n in notes:
                print(f"    {n}")


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python bench/hint_wait.py", description=__doc__.split("\n")[0])
    p.add_argument("--games", default="", help="variants or games, comma-separated (default: all)")
    p.add_argument("--count", type=int, default=20)
    p.add_argument("--held-out", type=int, default=40)
    p.add_argument("--size", default="1280x800")
    p.add_argument("--wasm", action="store_true", help="also in Pyodide under Node")
    p.add_argument("--no-native", action="store_true")
    p.add_argument("--no-js", action="store_true",
                   help="in Pyodide, Spider 4 suits with the Python search (default: the page's JavaScript engine)")
    p.add_argument("--slow", type=float, default=1.0,
                   help="the device this many times slower: each CPU second counts this many on the frame clock")
    p.add_argument("--look", type=float, default=0.0,
                   help="seconds of frames after the hint shows (the player looking); the hint then recorded")
    a = p.parse_args(argv)
    games = [g for g in a.games.split(",") if g] or None
    size = tuple(int(x) for x in a.size.split("x"))
    if not a.no_native:
        report(measure(games, a.count, a.held_out, size, slow=a.slow, look=a.look), a.count,
               "native, seconds of a 60 Hz frame clock (CPU within frames"
               + (f", ×{a.slow:g}: a device that much slower" if a.slow != 1 else "") + ")"
               + (f"; the player looks {a.look:g} s after the hint" if a.look else ""))
    if a.wasm:
        try:
            report(run_wasm(games, a.count, a.held_out, size, js=not a.no_js, slow=a.slow, look=a.look), a.count,
                   "WebAssembly (Pyodide under Node), the same frame clock on Node's CPU"
                   + ("; Spider 4 suits: the Python search" if a.no_js else ""))
        except Exception as e:  # noqa: BLE001  (said, not raised: the native figures stand)
            print(f"(WebAssembly skipped: {e})")
    print(f"waits from the key press to the frame showing the answer; positions 1-{a.count} and "
          f"{a.held_out} held out; 'fallback': the rule-of-thumb move; 'told': the status line said what "
          f"the hint is")
    return 0


if __name__ == "__main__":
    sys.exit(main())
