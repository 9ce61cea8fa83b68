"""Run again, with a larger budget, the deals a winnability run left unknown:

    python bench/retry_unknown.py GAME RESULTS.txt --timeout 30 [--option KEY=VALUE …] [--every K] [--skip DONE.txt …]
                                  [--skip-settled RUN.txt …]

``RESULTS.txt`` is the output of ``python -m games winnability`` (a line a deal, ``N status
seconds …``); every deal it calls ``unknown`` (every ``K``-th of them with ``--every K``, to keep
to a CPU budget; less the deals listed in any ``--skip`` file, e.g. an earlier retry's output) is solved again with ``--timeout`` CPU seconds by the very function the
winnability command uses (:func:`games.winnability.solve_deal`), one process. Output: the same
format (``--skip-settled``: less only the deals that file settled, solved or unsolvable, so a
deal an earlier run also left unknown is tried again), a line a deal then ``solved N, unsolvable N, unknown N, seconds S`` (S: CPU seconds in
all), so the file reads like any winnability output. It tells how much of a gap is budget.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.winnability import solve_deal  # noqa: E402


def unknown_deals(text: str) -> list[int]:
    """The deal numbers a winnability output calls ``unknown``, in its order."""
    out = []
    for line in text.splitlines():
        parts = line.split()
        if len(parts) >= 2 and parts[0].isdigit() and parts[1] == "unknown":
            out.append(int(parts[0]))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("game")
    ap.add_argument("results")
    ap.add_argument("--timeout", type=float, required=True)
    ap.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    ap.add_argument("--every", type=int, default=1, help="only every K-th unknown deal")
    ap.add_argument("--skip", action="append", default=[], metavar="FILE",
                    help="leave out the deals listed in this winnability-format file (repeatable)")
    ap.add_argument("--skip-settled", action="append", default=[], metavar="FILE",
                    help="leave out the deals this winnability-format file calls solved or unsolvable (repeatable)")
    a = ap.parse_args(argv)
    options = dict(o.split("=", 1) for o in a.option)
    done = {int(line.split()[0]) for f in a.skip for line in Path(f).read_text().splitlines()
            if line.split() and line.split()[0].isdigit()}
    done |= {int(line.split()[0]) for f in a.skip_settled for line in Path(f).read_text().splitlines()
             if len(line.split()) >= 2 and line.split()[0].isdigit() and line.split()[1] != "unknown"}
    deals = [n for n in unknown_deals(Path(a.results).read_text())[::max(1, a.every)] if n not in done]
    counts = {"solved": 0, "unsolvable": 0, "unknown": 0}
    total = 0.0
    for n in deals:
        number, status, secs, nmoves, _ = solve_deal((a.game, n, options, a.timeout))
        counts[status] += 1
        total += secs
        print(f"{number} {status} {secs:.3f}" + (f" {nmoves} moves" if status == "solved" else ""), flush=True)
    print(f"solved {counts['solved']}, unsolvable {counts['unsolvable']}, unknown {counts['unknown']}, "
          f"seconds {total:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
