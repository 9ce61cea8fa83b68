"""Deal codes: a deal in one string a player can type or share (docs/rules.md, "Deal codes").

A code is ``PREFIX-RULES-NUMBER``: the game's prefix (``TP1``), its rule letters (``E``), and the
deal number in base 26 written with 7 letters, ``A`` = 0 (``AAAAAAB`` = 1). Codes are
case-insensitive, surrounding spaces are ignored, the dashes may be blanks or left out
(:func:`code_parts`), and Cyrillic or Greek letters that look like
Latin ones are read as those (:func:`latin`).

>>> encode("TP1", "E", 1)
'TP1-E-AAAAAAB'
>>> decode("tp1-c-aaaaabc", "TP1", "E", "the rule letter must be E or C")
('C', 28)
"""
from __future__ import annotations

from .deal import check_number
from .quoting import quote

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"

# Cyrillic and Greek letters drawn like Latin code letters, each read as that letter: a code
# holds only A-Z, digits and '-', so the reading is never ambiguous, and a player retyping a code
# on a Russian keyboard gets Т, Р, Е, А… that look exactly like T, P, E, A.
# Likewise the dashes drawn like '-' that word processors, web pages and chat apps put in its place
# (hyphen, non-breaking hyphen, figure dash, en and em dashes, horizontal bar, minus, small and
# fullwidth hyphen-minus).
_DASHES = "\u2010\u2011\u2012\u2013\u2014\u2015\u2212\ufe63\uff0d"
_LOOK_ALIKES = str.maketrans(
    "АВЕКМНОРСТХУавекмнорстху" "ΑΒΕΖΗΙΚΜΝΟΡΤΥΧ" + _DASHES,
    "ABEKMHOPCTXYABEKMHOPCTXY" "ABEZHIKMNOPTYX" + "-" * len(_DASHES))


def latin(text: str) -> str:
    """``text`` with the Cyrillic and Greek letters that look like Latin capitals (А, Т, Р, Ε…)
    written as those capitals, and the dashes that look like ``-`` (‐, ‑, –, −…) as ``-``;
    everything else as it was.

    >>> latin("ТР1-Е-АААААAB") == "TP1-E-AAAAAAB"
    True
    """
    return text.translate(_LOOK_ALIKES)


class CodeError(ValueError):
    """A deal code could not be read; the message quotes it. ``reason`` says which part is wrong,
    for a player's message in their language: :data:`NOT_A_CODE` (not three parts, or no
    game's prefix), :data:`OTHER_GAME` (another game's prefix), :data:`DEAL_PART` (the last part
    is not 7 letters), :data:`OUT_OF_RANGE` (no deal has that number), :data:`RULE_PART` (letters
    that name no rules of the game)."""

    def __init__(self, message: str, reason: str = "not a code"):
        super().__init__(message)
        self.reason = reason


NOT_A_CODE, OTHER_GAME, DEAL_PART, OUT_OF_RANGE, RULE_PART = (
    "not a code", "other game", "deal part", "out of range", "rule part")


def encode(prefix: str, rules: str, number: int) -> str:
    """The code for deal ``number`` of the game with ``prefix`` under rule letters ``rules``."""
    check_number(number)
    digits = []
    n = number
    for _ in range(7):
        n, d = divmod(n, 26)
        digits.append(LETTERS[d])
    return f"{prefix}-{rules}-{''.join(reversed(digits))}"


def code_parts(text: str) -> list[str]:
    """The parts of a deal code ``text`` (capitals, look-alikes already read as Latin): split at
    its dashes when they make three; else split at blanks and dashes alike (``TP1 E AAAAAAB``, what
    a link's ``+`` or a typed blank gives; a dash too many, ``KL1-D3-AAAAGHE-``); else, for a
    text run together (``TP1EAAAAAAB``, a code retyped without its dashes), cut by a code's fixed
    shape: two letters and a digit, the rule part, 7 letters. Any other text: its dash-split
    parts, which are then not three.

    >>> code_parts("TP1EAAAAAAB"), code_parts("KL1 D3 AAAAGHE"), code_parts("PY1-L07-P3-AAAAAAB")
    (['TP1', 'E', 'AAAAAAB'], ['KL1', 'D3', 'AAAAGHE'], ['PY1', 'L07P3', 'AAAAAAB'])
    """
    parts = [p.strip() for p in text.split("-")]
    if len(parts) == 3 and all(p and not any(ch.isspace() for ch in p) for p in parts):
        return parts
    words = [w for w in text.replace("-", " ").split() if w]
    if len(words) == 3:
        return words
    flat = "".join(words)
    if len(flat) > 10 and flat[:2].isalpha() and flat[:2].isascii() and flat[2].isdigit():
        return [flat[:3], flat[3:-7], flat[-7:]]
    return parts


def decode(code: str, prefix: str, example: str, rule_part: str) -> tuple[str, int]:
    """Split ``code`` into ``(rule letters, number)``, checking its prefix and number; the game
    checks the rule letters. A text that is not three parts is refused showing the game's own
    shape: ``example`` is rule letters of the game (``L01``) and ``rule_part`` the sentence its own
    refusal of bad letters uses ("the rule part must be …"), so both messages say the same.

    :raises CodeError: quoting the code, saying what is wrong with it.
    """
    text = latin(code.strip()).upper()
    parts = code_parts(text)
    if len(parts) != 3:
        raise CodeError(f"'{quote(code)}' is not a deal code (expected {prefix}-{example}-AAAAAAB; {rule_part})")
    head, rules, num = parts
    if head != prefix:
        raise CodeError(f"'{quote(code)}' is not a code of this game (its codes start with {prefix}-)", OTHER_GAME)
    if len(num) != 7 or any(ch not in LETTERS for ch in num):
        raise CodeError(f"'{quote(code)}': the deal part must be 7 letters A-Z", DEAL_PART)
    n = 0
    for ch in num:
        n = n * 26 + LETTERS.index(ch)
    try:
        check_number(n)
    except ValueError as e:
        raise CodeError(f"'{quote(code)}': {e}", OUT_OF_RANGE) from None
    return rules, n
