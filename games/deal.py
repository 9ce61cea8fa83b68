"""Deal generators: our own documented shuffle, identical on every machine and in the browser.

**Pasyans shuffle, version 1** (used by every game except FreeCell):

1. ``seed = fnv1a64(game_name) XOR number`` where ``fnv1a64`` is the 64-bit FNV-1a hash of the
   game's registry name in UTF-8 (offset basis 0xcbf29ce484222325, prime 0x100000001b3).
2. The stream is SplitMix64 (Steele, Lea, Flood, "Fast splittable pseudorandom number
   generators", OOPSLA 2014): ``state += 0x9E3779B97F4A7C15``; ``z = state``;
   ``z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9``; ``z = (z ^ (z >> 27)) * 0x94D049BB133111EB``;
   output ``z ^ (z >> 31)``, all modulo 2**64.
3. Fisher–Yates from the top: for ``i`` from ``n - 1`` down to 1, draw ``x`` from the stream,
   rejecting ``x >= 2**64 - (2**64 % (i + 1))`` (no modulo bias), and swap items ``i`` and
   ``x % (i + 1)``.

The unshuffled deck is :func:`games.cards.deck` (suit then rank order); each game documents how
it lays the shuffled list out. Python's ``random`` module is never used: its internals are not a
contract. Golden tests (``tests/test_deal.py``) pin the output.

FreeCell uses Microsoft's generator instead (:func:`microsoft_rand`).
"""
from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TypeVar

from .quoting import quote

T = TypeVar("T")
MASK64 = (1 << 64) - 1
MAX_NUMBER = 26 ** 7 - 1
"""The largest deal number a 7-letter deal code can carry (8 031 810 175)."""


def fnv1a64(text: str) -> int:
    """64-bit FNV-1a hash of ``text`` encoded as UTF-8."""
    h = 0xCBF29CE484222325
    for b in text.encode("utf-8"):
        h = ((h ^ b) * 0x100000001B3) & MASK64
    return h


def splitmix64(seed: int) -> Iterator[int]:
    """The SplitMix64 stream from ``seed`` (any int, taken modulo 2**64): 64-bit ints forever."""
    state = seed & MASK64
    while True:
        state = (state + 0x9E3779B97F4A7C15) & MASK64
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        yield z ^ (z >> 31)


def shuffle(items: Sequence[T], game: str, number: int) -> list[T]:
    """A new list: ``items`` shuffled by the Pasyans shuffle v1 for ``game`` and deal ``number``.

    :raises ValueError: when ``number`` is outside 1..MAX_NUMBER.
    """
    check_number(number)
    out = list(items)
    rng = splitmix64(fnv1a64(game) ^ number)
    for i in range(len(out) - 1, 0, -1):
        n = i + 1
        limit = (1 << 64) - ((1 << 64) % n)
        x = next(rng)
        while x >= limit:
            x = next(rng)
        j = x % n
        out[i], out[j] = out[j], out[i]
    return out


def check_number(number: int) -> int:
    """``number`` if it is a valid deal number (1..MAX_NUMBER), else :class:`ValueError`."""
    if isinstance(number, bool) or not isinstance(number, int):
        raise ValueError(f"deal number '{quote(number)}' is not a whole number")
    if not 1 <= number <= MAX_NUMBER:
        raise ValueError(f"deal number {number} is out of range (1..{MAX_NUMBER})")
    return number


def parse_number(text: str) -> int:
    """Read a deal number typed by a player or given on the command line (``#`` allowed first).

    :raises ValueError: quoting ``text``.
    """
    from .numbers import is_digits

    t = text.strip().lstrip("#").replace("_", "").replace(" ", "")
    if not is_digits(t):
        raise ValueError(f"'{quote(text)}' is not a deal number (a whole number 1..{MAX_NUMBER})")
    return check_number(int(t))


def read_number(text: str) -> int:
    """A deal number as the command line takes it (docs/contract.md): ASCII digits and nothing else,
    1..MAX_NUMBER. The code field's friendlier reading (``#617``, ``1 000``) is :func:`parse_number`.

    :raises ValueError: quoting ``text``.
    """
    from .numbers import MAX_DIGITS, is_digits, too_long

    if too_long(text):
        raise ValueError(f"'{quote(text)}' has more than {MAX_DIGITS} digits: not a deal number "
                         f"(a whole number 1..{MAX_NUMBER})")
    if not is_digits(text):
        raise ValueError(f"'{quote(text)}' is not a deal number (a whole number 1..{MAX_NUMBER})")
    return check_number(int(text))


def microsoft_rand(seed: int) -> Iterator[int]:
    """Microsoft C runtime ``rand()`` as FreeCell uses it: ``seed = (seed * 214013 + 2531011)
    mod 2**31``, output ``seed >> 16`` (0..32767)."""
    state = seed & 0x7FFFFFFF
    while True:
        state = (state * 214013 + 2531011) & 0x7FFFFFFF
        yield state >> 16
