"""Banks of verified deals: "solvable deals only" without making the phone wait.

A bank is a text file ``games/banks/<game>[-<opt>=<value>…].txt`` made by ``tools/make_bank.py``
(reproducible: the command and the solver budget are written in its header). It names a range of
deal numbers that the solver examined and, to stay compact, lists only the minority outcome:

    # made by: python tools/make_bank.py tripeaks --option mode=easy --deals 1-2000 --timeout 5
    game: tripeaks
    options: mode=easy
    checked: 1-2000
    listed: unsolved
    numbers: 15 37 …

``listed: unsolved`` means every number of the range is verified winnable except those listed
(unsolvable or unknown); ``listed: solved`` means only the listed numbers are. A deal enters the
bank only when its solution was replayed to a win by the rules (every solver here checks that).
The variant of a bank is ``Rules.bank_options`` (the options that change who can win; e.g.
TriPeaks' scoring does not).
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .deal import splitmix64

BANKS_DIR = Path(__file__).resolve().parent / "banks"


def variant_options(rules, options: dict) -> dict:
    """The options of ``options`` that select a bank (``rules.bank_options``, default all)."""
    keys = rules.bank_options
    if keys is None:
        keys = tuple(rules.options)
    full = rules.check_options(options)
    return {k: full[k] for k in keys}


def bank_name(rules, options: dict) -> str:
    """The bank's file stem: ``tripeaks-mode=easy``."""
    opts = variant_options(rules, options)
    return "-".join([rules.name] + [f"{k}={v}" for k, v in sorted(opts.items())])


@dataclass(frozen=True)
class Bank:
    """A parsed bank: ``first..last`` checked, ``solvable`` the verified winnable numbers."""

    game: str
    options: dict
    first: int
    last: int
    solvable: tuple[int, ...]

    def pick(self, seed: int, exclude: set[int] = frozenset()) -> int | None:
        """A verified deal chosen from ``seed`` (any int), avoiding ``exclude``; None when empty."""
        pool = [n for n in self.solvable if n not in exclude] or list(self.solvable)
        if not pool:
            return None
        return pool[next(splitmix64(seed)) % len(pool)]

    def __contains__(self, number: int) -> bool:
        return number in set(self.solvable)


def parse(text: str) -> Bank:
    """Read a bank file. :raises ValueError: naming what is wrong."""
    fields = {}
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            k, sep, v = line.partition(":")
            if not sep:
                raise ValueError(f"bank line '{line}' is not 'key: value'")
            k = k.strip()
            # the numbers run over several lines
            fields[k] = (fields.get(k, "") + " " + v.strip()).strip() if k == "numbers" else v.strip()
    try:
        a, _, b = fields["checked"].partition("-")
        first, last = int(a), int(b or a)
        listed = fields["listed"]
        nums = [int(x) for x in fields.get("numbers", "").split()]
        opts = dict(kv.split("=", 1) for kv in fields.get("options", "").split()) if fields.get("options") else {}
        game = fields["game"]
    except (KeyError, ValueError) as e:
        raise ValueError(f"bad bank file: {e}") from None
    if listed == "solved":
        solvable = tuple(sorted(nums))
    elif listed == "unsolved":
        skip = set(nums)
        solvable = tuple(n for n in range(first, last + 1) if n not in skip)
    else:
        raise ValueError(f"bad bank file: listed '{listed}' is neither solved nor unsolved")
    return Bank(game, opts, first, last, solvable)


def format_bank(game: str, options: dict, first: int, last: int, solvable: set[int], made_by: str) -> str:
    """The text of a bank (the shorter listing of the two)."""
    solved = sorted(solvable)
    unsolved = [n for n in range(first, last + 1) if n not in solvable]
    listed, nums = ("solved", solved) if len(solved) <= len(unsolved) else ("unsolved", unsolved)
    lines = [f"# made by: {made_by}", f"# {len(solved)} of {last - first + 1} verified winnable",
             f"game: {game}", "options: " + " ".join(f"{k}={v}" for k, v in sorted(options.items())),
             f"checked: {first}-{last}", f"listed: {listed}"]
    for i in range(0, len(nums), 16):  # several "numbers:" lines are one list
        lines.append("numbers: " + " ".join(map(str, nums[i:i + 16])))
    if not nums:
        lines.append("numbers:")
    return "\n".join(lines) + "\n"


_cache: dict[str, Bank | None] = {}


def load(rules, options: dict) -> Bank | None:
    """The bank of this variant, or None when none is shipped (or it is unreadable)."""
    name = bank_name(rules, options)
    if name not in _cache:
        path = BANKS_DIR / f"{name}.txt"
        try:
            _cache[name] = parse(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            _cache[name] = None
    return _cache[name]
