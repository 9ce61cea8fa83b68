"""How the column tables' card width changes over a game (docs/columns-ui.md, "Layout"): for each
game, deal and size, the solver's winning line is played through the real App (headless, no
animation) and the card width read after every move (the automatic moves it sets off included).
Prints, per game: the width at the deal, the smallest, how many times the width changed, how
many moves were played under 44 px (docs/ui.md's target), and the widths in order (each with
the move number it began at). Figures, not verdicts.

    python bench/columns_fit.py                   # the default set
    python bench/columns_fit.py --cases spider4:5 --sizes 844x390 --trace
    python bench/columns_fit.py --cost     # and the time of the width work ahead of each move
    python bench/columns_fit.py --cases spider4:1 --sizes 844x390 --needs 84,85

``--needs M,N…``: after each of those moves, the longest column's steps (face down, face up at
the READ strip, inside a run) and, for each width of the ladder from the width before the move
down to the width after it, the px that column needs under its top card against the room there (``fits``).

``--cost``: after each move, every job of ``ahead_width_jobs`` (the widths each legal move, and
the automatic moves after it, would bring; run in the frames' spare time) is run and timed in
this process's CPU time (less sensitive to a loaded machine than the wall clock): the mean per
job and the whole set's largest, ms natively.
"""
import argparse
import os
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from conftest import new_app  # noqa: E402
from ui.table import table_class  # noqa: E402

GAMES = {"spider4": ("spider", {"suits": "4"}), "spider2": ("spider", {"suits": "2"}),
         "spider1": ("spider", {"suits": "1"}), "freecell": ("freecell", {}),
         "klondike": ("klondike", {"draw": "1"})}
CASES = "spider4:5 spider4:1 spider4:2 spider4:3 spider2:1 spider1:7 freecell:1 freecell:144 freecell:617 klondike:1 klondike:3"
SIZES = "844x390 390x844 1280x800"


def needs_at(t, k: int, before: int) -> None:
    """Print, after move ``k``, the longest column's steps and what it needs at each width of the
    ladder from ``before`` px down to the width now against the room there (the arithmetic of
    ``fits``)."""
    from ui import cards_art

    need = t.column_needs(t.state)
    nd, nl, nt = max(need, key=lambda v: v[0] * 0.05 + v[1] + v[2] * 0.3)
    print(f"    move {k}: width {before} -> {t.card_w}; longest column {nd + nl + nt + 1} cards: "
          f"{nd} face down, {nl} at the READ strip, {nt} inside runs")
    p, T = t.geo, t.frame_now.table
    w = float(t.base_w)
    while round(w) >= min(20, t.card_w):
        x = round(w)
        if t.card_w <= x <= before:
            h = cards_art.card_height(x)
            top = round(p["columns"][1] * h * (1 + p["row_gap"]))
            strip = max(cards_art.compact_read_height(x, t.READ), p["min_up"] * h)
            index = max(cards_art.compact_index_height(x), p["min_up"] * h)
            room = T.height - 1 - top - h
            print(f"      {x:3} px: needs {nd * p['min_down'] * h + nl * strip + nt * t.tight_strip(index):6.1f}"
                  f" of {room} (READ strip {strip}, run step {t.tight_strip(index):.1f})")
        w *= t.STEP


def widths_along(name: str, number: int, size, cost: list | None = None,
                 needs: tuple = ()) -> tuple[list[int], int]:
    """The card widths (px) at the deal and after each move of the solver's line, and the line's
    length (0: no line found). ``cost``: a list that gets, after each move, the seconds of each
    job of ``ahead_width_jobs`` as a list; ``needs``: move numbers to print :func:`needs_at` after."""
    game, options = GAMES[name]
    t = new_app(table_class(game)(number, options), size).scene
    t.settle()
    t.anim.finish()
    line = t.rules.solve(t.state, timeout=30).moves or []
    out = [t.card_w]
    for k, m in enumerate(line, 1):
        if not t.play(t.rules.parse_move(t.state, m)):
            break
        t.settle()
        t.anim.finish()
        out.append(t.card_w)
        if k in needs:
            needs_at(t, k, out[-2])
        if cost is not None:
            times = []
            for job in t.ahead_width_jobs():
                t0 = time.process_time()
                job()
                times.append(time.process_time() - t0)
            cost.append(times)
    return out, len(line)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cases", default=CASES, help="game:deal ... (games: %s)" % ", ".join(GAMES))
    ap.add_argument("--sizes", default=SIZES)
    ap.add_argument("--trace", action="store_true", help="every move's width")
    ap.add_argument("--cost", action="store_true", help="time the width work ahead of each move")
    ap.add_argument("--needs", default="", help="move numbers: the longest column's needs after them")
    a = ap.parse_args()
    print(f"{'case':14} {'size':9} {'moves':>5} {'deal':>4} {'min':>4} {'changes':>7} {'<44':>4}  widths (from move)")
    total = 0
    for size_text in a.sizes.split():
        size = tuple(int(v) for v in size_text.split("x"))
        for case in a.cases.split():
            name, number = case.split(":")
            t0 = time.perf_counter()
            cost = [] if a.cost else None
            needs = tuple(int(v) for v in a.needs.split(",") if v)
            ws, n = widths_along(name, int(number), size, cost, needs)
            changes = sum(1 for x, y in zip(ws, ws[1:]) if x != y)
            total += changes
            runs = [f"{ws[0]}@0"] + [f"{y}@{k + 1}" for k, (x, y) in enumerate(zip(ws, ws[1:])) if x != y]
            print(f"{case:14} {size_text:9} {n:5} {ws[0]:4} {min(ws):4} {changes:7} {sum(w < 44 for w in ws[1:]):4}  "
                  f"{' '.join(runs)}  ({time.perf_counter() - t0:.1f} s)", flush=True)
            if cost:
                jobs = [x for times in cost for x in times]
                print(f"    ahead jobs: {len(jobs)}, mean {1000 * sum(jobs) / len(jobs):.3f} ms, "
                      f"largest set {1000 * max(sum(times) for times in cost):.1f} ms")
            if a.trace:
                print("   ", " ".join(map(str, ws)))
    print(f"total changes: {total}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
