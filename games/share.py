"""Shared deals: which game a deal code names, and the ``?deal=CODE`` of a page address
(docs/rules.md, "Sharing a deal"; docs/progression.md)."""
from __future__ import annotations

import re
from urllib.parse import parse_qs, unquote_plus

from .codes import CodeError, code_parts, latin
from .quoting import quote
from .registry import GAMES, find_game


def game_of_code(code: str) -> str | None:
    """The registry name of the game whose codes begin as ``code`` does (its first part,
    :func:`games.codes.code_parts`; case-insensitive, look-alike letters read as Latin), or None."""
    prefix = code_parts(latin(str(code).strip()).upper())[0]
    return next((g for g in GAMES if find_game(g).code_prefix.upper() == prefix), None)


def find_code(code: str) -> tuple[str, int, dict]:
    """``(game, number, options)`` of any game's deal code (case-insensitive, blanks around it
    ignored). :raises CodeError: with one clear line when no game reads it."""
    t = str(code).strip()
    if not t:
        raise CodeError("no deal code given")
    game = game_of_code(t)
    if game is not None:
        number, opts = find_game(game).decode(t)   # its own message when the rest is wrong
        return game, number, opts
    raise CodeError(f"'{quote(t)}' is not a deal code (it begins with no game's letters: "
                    + ", ".join(find_game(g).code_prefix for g in GAMES) + ")")


def trimmed_code(text: str) -> str:
    """``text`` without what a chat app or a sentence puts around a shared code: blanks, invisible
    format characters (a zero-width space at a line break, the direction isolates around copied
    text, Unicode category Cf), punctuation other than dashes (a full stop, brackets, quotation
    marks, ``*bold*``) and the angle brackets and backticks of an e-mail's or Markdown's link and
    a code span, at its two ends; the middle is left as it is (other signs too: a ``+`` stays).

    >>> trimmed_code("\u2068(KL1-D3-AAAAGHE).\u200b"), trimmed_code("<`KL1-D3-AAAAGHE`>")
    ('KL1-D3-AAAAGHE', 'KL1-D3-AAAAGHE')
    """
    import unicodedata

    def loose(ch: str) -> bool:
        cat = unicodedata.category(ch)
        return ch.isspace() or cat == "Cf" or ch in "<>`" or (cat[0] == "P" and latin(ch) != "-")

    t = str(text)
    i, j = 0, len(t)
    while i < j and loose(t[i]):
        i += 1
    while j > i and loose(t[j - 1]):
        j -= 1
    return t[i:j]


def deal_in_address(search: str) -> str | None:
    """The ``deal`` parameter of a page address's query string (``?deal=TP1-E-AAAAAAB``), or
    None when there is none."""
    q = parse_qs(str(search or "").lstrip("?"), keep_blank_values=True)
    vals = q.get("deal")
    return vals[0] if vals else None


CODE_KEYS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-"
"""The keys of the code field's keypad: what a deal code or number is made of."""


def code_chars(typed: str, any_digits: bool = True) -> str | None:
    """The characters of ``typed`` (keys pressed, or text pasted) as the code field shows them:
    capitals, the digits, ``-`` and ``#``. A full-width form is its plain character (``ＦＣ１－``
    from an East Asian keyboard is ``FC1-``), a Cyrillic or
    Greek letter drawn like a Latin capital is that capital (a Russian keyboard's Т, Р, Е, А) and a
    dash drawn like ``-`` is ``-`` (:func:`games.codes.latin`), and another script's decimal digit
    is that digit (an Arabic keyboard's ٣ is 3); spaces and other signs are left out. ``None``
    when ``typed`` holds a letter or digit that can be no part of a code (``Д``, ``ß``, ``²``,
    ``①``): keeping the rest could turn a code into another deal's number. ``any_digits``
    False: another script's digit is such a character too (the command line's numbers are ASCII
    digits, docs/contract.md).

    >>> code_chars("тр1-е ١٢x!"), code_chars("ＦＣ１－Ｍ"), code_chars("КЛ1-Д1")
    ('TP1-E12X', 'FC1-M', None)
    """
    import unicodedata

    out = []
    wide = "".join(unicodedata.normalize("NFKC", ch) if "\uff01" <= ch <= "\uff5e" else ch for ch in typed)
    for ch in latin(wide):
        if ch.isascii():   # every ASCII letter and digit is a key once a capital
            ch = ch.upper()
            if ch in CODE_KEYS or ch == "#":
                out.append(ch)
            continue
        d = unicodedata.decimal(ch, None) if any_digits else None
        if d is not None:
            out.append(str(d))
        elif ch.isalnum() or unicodedata.category(ch) == "No":
            return None
    return "".join(out)


def field_code(text: str, any_digits: bool = True) -> str:
    """``text`` read as the app's code field reads a code typed or pasted into it: a message's one
    code or page address (:func:`unaddressed`), then :func:`code_chars` (capitals; full-width
    forms, look-alike letters and dashes, other scripts' digits as their plain characters; spaces
    and other signs anywhere left out). ``text`` without blanks around it when it holds a letter or
    digit no code has (the decoder then names what is wrong with it as given); ``any_digits`` as
    :func:`code_chars` takes it.

    >>> field_code(" (tp1 - e - aaaaaab). "), field_code("https://x.io/?deal=FC1%E2%80%94M-AAAAAAB#top")
    ('TP1-E-AAAAAAB', 'FC1-M-AAAAAAB')
    """
    t = unaddressed(text, any_digits)
    chars = code_chars(t, any_digits)
    return t if chars is None else chars


def unaddressed(text: str, any_digits: bool = True) -> str:
    """What of ``text`` is the deal to read: a message of several words gives its one deal code
    or page address's code (:func:`code_in_words`: ``Play my deal: KL1—D3—AAAAGHE``, ``Can you beat
    this? https://…/?deal=KL1-D3-AAAAGHE``, the same code twice) or its one ``#N`` (``FreeCell
    #617``); a page address (it holds ``deal=``) its query's ``deal`` (:func:`address_code`, ``""``
    when it has none); a word holding a code after a sign (``code:KL1-D3-AAAAGHE``,
    ``#deal=…``: :data:`WORD_SIGNS`) that code; anything else is ``text`` without blanks around it
    (a code written with blanks inside, ``TP1 - E - AAAAAAB``, stays whole)."""
    t = str(text).strip()
    found = code_in_words(t, any_digits)
    if found is not None and (len(t.split()) > 1 or not found.isdigit()):   # a lone "#617" stays as typed
        return found
    if "deal=" in t.lower():
        return address_code(t)
    return t


def address_code(address: str) -> str:
    """The ``deal`` of a page address's query read as the page reads its own (percent-decoded: an
    address bar copies a long dash as ``%E2%80%94``), up to the fragment; ``""`` when none."""
    return deal_in_address(str(address).split("?", 1)[-1].split("#", 1)[0]) or ""


WORD_SIGNS = ":=#?&,;/.()[]{}<>|\"'\u200b\u200c\u200d\u2060\ufeff"
"""The signs that part a message's words as blanks do (``code:KL1-D1-AAAAAAB``,
``#deal=KL1-D1-AAAAAAB``, a list ``KL1-D1-AAAAAAB,KL1-D1-AAAAAAC`` or ``…;…`` or ``…/…`` as chat apps
and spreadsheets copy one, brackets, quotes, a zero-width space): a code holds none of them."""


def address_deals(word: str) -> list[str]:
    """Every ``deal=`` value of a page address (or of a word holding one), in its query or its
    fragment, the key in any case (``?DEAL=…``, ``#deal=…``), percent-decoded as a page reads it;
    ``[]`` when there is none.

    >>> address_deals("https://x.io/?DEAL=FC1%E2%80%94M-AAAAAAB&deal=TP1-E-AAAAAAB#top")
    ['FC1—M-AAAAAAB', 'TP1-E-AAAAAAB']
    """
    return [unquote_plus(m.group(1)) for m in re.finditer(r"(?i)(?:^|[?&#;])deal=([^&#;]*)", str(word))]


def deals_in_words(text: str, any_digits: bool = True) -> list[str]:
    """The deal codes a message names, each once, in the order they first come: its words are
    parted at blanks and at :data:`WORD_SIGNS`; a word that reads, once trimmed
    (:func:`trimmed_code`) and read as the code field reads it (:func:`code_chars`), as a game's
    letters and two dashes or more is one, and so is each ``deal=`` of a page address
    (:func:`address_deals`).

    >>> deals_in_words("was KL1-D1-AAAAAAB, now https://x/?deal=KL1-D1-AAAAAAC (code:KL1-D1-AAAAAAB)")
    ['KL1-D1-AAAAAAB', 'KL1-D1-AAAAAAC']
    """
    found: list[str] = []
    for w in str(text).split():
        pieces = address_deals(w) if "deal=" in w.lower() else re.split(f"[{re.escape(WORD_SIGNS)}]", w)
        for p in pieces:
            for c in glued_codes(code_chars(trimmed_code(p), any_digits) or ""):
                if c.count("-") >= 2 and game_of_code(c) is not None and c not in found:
                    found.append(c)
    return found


def glued_codes(chars: str) -> list[str]:
    """``chars`` (as :func:`code_chars` reads a word) cut where another code's game part begins
    (``KL1-``, ``FC1-``, … after the start): two codes joined by a sign the field leaves out
    (``+``, ``·``, ``&``) or by a long dash it reads as ``-`` are two words, not one mangled code.
    A code's own parts cannot hold a game part: its rule part has no ``1-`` after two letters and
    its deal part is letters alone. The dashes at a piece's two ends (the joining dash) go.

    >>> glued_codes("KL1-D1-AAAAAABKL1-D1-AAAAAAC"), glued_codes("KL1-D1-AAAAAAB-FC1-M-AAAAAAC")
    (['KL1-D1-AAAAAAB', 'KL1-D1-AAAAAAC'], ['KL1-D1-AAAAAAB', 'FC1-M-AAAAAAC'])
    >>> glued_codes("PY1-L11-AAAAAAB"), glued_codes("")
    (['PY1-L11-AAAAAAB'], [])
    """
    game = "|".join(re.escape(find_game(g).code_prefix.upper()) for g in GAMES)
    cuts = [0] + [m.start() for m in re.finditer(f"(?:{game})-", chars) if m.start() > 0] + [len(chars)]
    return [p for p in (chars[a:b].strip("-") for a, b in zip(cuts, cuts[1:])) if p]


def numbers_in_words(text: str, any_digits: bool = True) -> list[str]:
    """The plain deal numbers a message names, each once, in order: its ``#N`` words (how FreeCell
    deals are named: ``FreeCell #617``), and its bare numbers only when the message holds nothing
    else (``617, 618``): a number in a sentence is a time or a score (``won KL1-D3-AAAAGHE in 2
    minutes``), not a deal. The words of a page address (``://`` or ``deal=``) are left out.

    >>> numbers_in_words("617, 618"), numbers_in_words("FreeCell #617 or #0617"), numbers_in_words("https://x:8080/")
    (['617', '618'], ['617'], [])
    >>> numbers_in_words("I won KL1-D3-AAAAGHE in 2 minutes!"), numbers_in_words("Beat my 1096 points")
    ([], [])
    """
    hashed: list[str] = []
    bare: list[str] = []
    only_numbers = True
    for w in str(text).split():
        if "://" in w or "deal=" in w.lower():
            only_numbers = False
            continue
        for p in re.split(f"[{re.escape(WORD_SIGNS.replace('#', ''))}]", w):
            if not p:
                continue
            c = code_chars(trimmed_code(p), any_digits)
            n = c.lstrip("#") if c else ""
            if n.isdigit():
                n = n.lstrip("0") or "0"
                (hashed if re.match(r"^\W*#", p) else bare).append(n)
            elif trimmed_code(p):
                only_numbers = False
    out: list[str] = []
    for n in hashed + (bare if only_numbers else []):
        if n not in out:
            out.append(n)
    return out


def two_deals(text: str, any_digits: bool = True) -> tuple[str, str] | None:
    """The first two different deals a message names, codes (:func:`deals_in_words`) before plain
    numbers (:func:`numbers_in_words`), or ``None`` when it names one or none: such a message is
    refused naming both, by the code field and ``--code`` (the player chooses, not the order of
    the words; two numbers pasted as ``617, 618`` were typed as the one deal 617618).

    >>> two_deals("617, 618"), two_deals("FC1-M-AAAAAAB #618"), two_deals("FreeCell #617")
    (('617', '618'), ('FC1-M-AAAAAAB', '618'), None)
    """
    named = deals_in_words(text, any_digits) + numbers_in_words(text, any_digits)
    return (named[0], named[1]) if len(named) > 1 else None


def code_in_words(text: str, any_digits: bool = True) -> str | None:
    """The one deal a message names (:func:`deals_in_words`), when it names one (or the same one
    several times); else, when it names none, a lone ``#N`` word's number (how FreeCell deals are
    named); else None (two different deals: the caller cannot choose for the player).

    >>> code_in_words("Play my deal: KL1—D3—AAAAGHE!"), code_in_words("TP1 - E - AAAAAAB")
    ('KL1-D3-AAAAGHE', None)
    >>> code_in_words("Can you beat this? https://x.io/?deal=KL1-D3-AAAAGHE"), code_in_words("FreeCell #617")
    ('KL1-D3-AAAAGHE', '617')
    >>> code_in_words("code:KL1-D3-AAAAGHE"), code_in_words("KL1-D1-AAAAAAB KL1-D1-AAAAAAC")
    ('KL1-D3-AAAAGHE', None)
    """
    found = deals_in_words(text, any_digits)
    if len(found) == 1:
        return found[0]
    numbers = set()
    for w in str(text).split():
        c = code_chars(trimmed_code(w), any_digits)
        if w.startswith("#") and c and c.strip("#").isdigit():
            numbers.add(c.strip("#"))
    if not found and len(numbers) == 1:
        return numbers.pop()
    return None