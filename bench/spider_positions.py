"""Spider's mid-game positions of ``bench/solvers.py`` searched with a long budget, to tell the
wins a short search misses from the positions it cannot settle:

    python bench/spider_positions.py --suits 4 --positions 1,7,9 --timeout 60 [--nodes N]

Each position (deal ``N`` of the variant, then the bench's fixed policy moves: the very states
``bench/solvers.py`` times) is given to :meth:`games.spider.Spider.solver` with ``--timeout`` CPU
seconds (``time.process_time``) and, if given, ``--nodes`` positions. One line a position:
``N status CPU-seconds positions attempt moves peak-MB``; a ``solved`` answer has been replayed
to a win by the rules inside the solver. The peak memory is the process's (it only grows), so
run the long ones one to a process if memory matters. Searching in one run, not in slices: the
same answer (tested), and a long search loses no time to the slices' bookkeeping.
"""
from __future__ import annotations

import argparse
import resource
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from solvers import VARIANTS, positions  # noqa: E402


def chosen_states(ap: argparse.ArgumentParser, positions_arg: str, suits: str) -> tuple[list[int], list]:
    """``(numbers, states)``: the position numbers of ``--positions`` (comma-separated, from 1)
    and the bench's positions 1..max of Spider with ``suits`` suits (``states[n - 1]`` is
    position ``n``). A bad list ends the script through ``ap.error``."""
    try:
        which = [int(x) for x in positions_arg.split(",") if x]
    except ValueError:
        ap.error(f"--positions takes numbers separated by commas, not {positions_arg!r}")
    if not which or min(which) < 1:
        ap.error("--positions: numbers from 1 up")
    depth = next(v[3] for v in VARIANTS if v[1] == "spider" and v[2] == {"suits": suits})
    return which, positions("spider", {"suits": suits}, depth, max(which))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--suits", choices=("1", "2", "4"), default="4")
    ap.add_argument("--positions", required=True, help="position numbers, comma-separated (1-60: bench and held out)")
    ap.add_argument("--timeout", type=float, required=True, help="CPU seconds a position")
    ap.add_argument("--nodes", type=int, default=None, help="positions generated, at most")
    a = ap.parse_args(argv)
    from games.spider import Spider
    which, states = chosen_states(ap, a.positions, a.suits)
    for n in which:
        t0 = time.process_time()
        search = Spider.solver(states[n - 1], max_nodes=a.nodes, timeout=a.timeout, clock=time.process_time)
        r = search.run()
        mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024
        print(f"{n} {r.status} {time.process_time() - t0:.2f} {search.nodes} {search.attempt} "
              f"{len(r.moves)} {mb}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
