"""Make a bank of verified deals for one game variant (see games/bank.py).

    python tools/make_bank.py tripeaks --option mode=easy --deals 1-2000 --timeout 5 [--jobs N]
    python tools/make_bank.py devils-grip --deals 1-9000 --from-winnability A.txt --from-winnability B.txt

Solves every deal of the range with the game's solver in parallel processes (each solution is
replayed by the rules before it counts) and writes games/banks/<variant>.txt. Deterministic:
the same command gives the same file, except that a deal near the time budget may fall either
side of it on a slower machine (it is then simply left out).
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from multiprocessing import get_context
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.bank import BANKS_DIR, bank_name, format_bank, variant_options  # noqa: E402
from games.registry import find_game  # noqa: E402
from games.winnability import solve_deal  # noqa: E402


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("game")
    p.add_argument("--option", action="append", default=[])
    p.add_argument("--deals", required=True)
    p.add_argument("--timeout", type=float, default=5.0)
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    p.add_argument("--from-winnability", metavar="FILE", action="append",
                   help="take the answers from the saved output of `python -m games winnability` "
                        "(same game, options, deals and timeout) instead of solving again; may be "
                        "given several times, for outputs that together cover --deals (each may have "
                        "its own timeout: the bank then names the files)")
    a = p.parse_args(argv)
    rules = find_game(a.game)
    opts = rules.check_options(dict(o.split("=", 1) for o in a.option))
    lo, _, hi = a.deals.partition("-")
    first, last = int(lo), int(hi or lo)
    tasks = [(rules.name, n, opts, a.timeout) for n in range(first, last + 1)]
    solvable = set()
    t0 = time.time()
    if a.from_winnability:
        answered = set()
        for path in a.from_winnability:
            for line in Path(path).read_text().splitlines():
                parts = line.split()
                if len(parts) >= 2 and parts[0].isdigit() and first <= int(parts[0]) <= last:
                    answered.add(int(parts[0]))
                    if parts[1] == "solved":
                        solvable.add(int(parts[0]))
        missing = last - first + 1 - len(answered)
        if missing:
            print(f"warning: {missing} deals of {a.deals} have no answer in the given outputs", file=sys.stderr)
    else:
        with get_context("spawn").Pool(a.jobs) as pool:
            for number, status, *_ in pool.imap_unordered(solve_deal, tasks, chunksize=4):
                if status == "solved":
                    solvable.add(number)
    made_by = f"python tools/make_bank.py {a.game} " + " ".join(f"--option {o}" for o in a.option) + \
        f" --deals {a.deals} --timeout {a.timeout:g}" + \
        (f" (answers from `python -m games winnability {a.game} " + "".join(f"--option {o} " for o in a.option)
         + f"--deals {a.deals} --timeout {a.timeout:g}`)"
         if a.from_winnability and len(a.from_winnability) == 1 else "")
    if a.from_winnability and len(a.from_winnability) > 1:
        made_by = f"python tools/make_bank.py {a.game} " + " ".join(f"--option {o}" for o in a.option) + \
            f" --deals {a.deals} " + " ".join(f"--from-winnability {Path(f).as_posix()}" for f in a.from_winnability) + \
            " (outputs of `python -m games winnability`, the range and timeout in each file's name)"
    BANKS_DIR.mkdir(exist_ok=True)
    out = BANKS_DIR / f"{bank_name(rules, opts)}.txt"
    out.write_text(format_bank(rules.name, variant_options(rules, opts), first, last, solvable, made_by.replace("  ", " ")))
    print(f"{out}: {len(solvable)} of {last - first + 1} winnable, {time.time() - t0:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
