"""The Store's property checks (tests/storefuzz.py) run for longer than CI does: stored texts
where a record lives, import texts and desktop store files, each for a number of examples, then
one line per check with how many inputs it tried and how many failed, and a total.

    python bench/fuzz_store.py [EXAMPLES_PER_CHECK]     (default 3000)

Exit 0 when every input passed, 1 otherwise (the first failure of each check is printed, with
hypothesis's shrunk example). Results: bench/results/fuzz_store.txt.
"""
from __future__ import annotations

import os
import sys
import time
from collections import Counter

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.join(ROOT, "tests"))

from hypothesis import HealthCheck, given, settings  # noqa: E402

import storefuzz as sf  # noqa: E402


def run(name: str, check, strategy, examples: int) -> tuple[int, bool]:
    """Run ``check`` on ``examples`` inputs drawn from ``strategy``; returns (tried, passed)."""
    tried = Counter()

    @settings(max_examples=examples, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    @given(strategy)
    def prop(x):
        tried["n"] += 1
        out = check(*x) if isinstance(x, tuple) else check(x)
        if out:
            tried[out] += 1

    t0 = time.process_time()
    ok = True
    try:
        prop()
    except Exception as e:  # a property failed: say which input, then go on with the others
        ok = False
        print(f"{name}: FAILED: {type(e).__name__}: {e}")
    extra = ", ".join(f"{k} {v}" for k, v in sorted(tried.items()) if k != "n")
    print(f"{name}: {tried['n']} inputs tried{' (' + extra + ')' if extra else ''}, "
          f"{'all passed' if ok else 'a failure'}; CPU {time.process_time() - t0:.1f} s", flush=True)
    return tried["n"], ok


def main(argv: list[str]) -> int:
    examples = int(argv[1]) if len(argv) > 1 else 3000
    missing = sf.kinds_without_example()
    if missing:
        print(f"record kinds without a real example (tests/storefuzz.py): {', '.join(missing)}")
    total, good = 0, True
    for name, check, strat, n in [("stored record", sf.check_load, sf.load_case(), examples),
                                  ("import text", sf.check_import, sf.import_text(), examples),
                                  ("store file", sf.check_store_file, sf.store_file(), max(1, examples // 3))]:
        k, ok = run(name, check, strat, n)
        total += k
        good = good and ok
    print(f"all: {total} inputs tried, {'no failure' if good else 'FAILURES above'}")
    return 0 if good and not missing else 1


if __name__ == "__main__":
    import argparse

    ap = argparse.ArgumentParser(description="Fuzz the store's readers with hypothesis (stored records, imports, store files).")
    ap.add_argument("examples", nargs="?", type=int, default=3000, help="inputs per reader (default %(default)s)")
    sys.exit(main([sys.argv[0], str(ap.parse_args().examples)]))
