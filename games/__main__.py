"""The command line of docs/contract.md: ``python -m games deal|moves|play|solve|winnability GAME …``
and ``python -m games daily [DATE]``.

Errors go to stderr as one clear line and exit 2 (docs/contract.md); nothing is changed by a failed
command. ``solve`` exits 0 solved, 1 unsolvable, 3 unknown.
"""
import _signal   # built in: the handlers below are installed before any module is read from disk
import os
import sys


def _stopped_early(signum, frame):
    """Ctrl+C, SIGTERM or SIGHUP before :func:`main` has set its own handling (while the command's
    modules are imported, 50-150 ms on a loaded machine): the same line and exit code as later,
    at once (nothing is started or written yet), instead of a traceback from inside an import."""
    said = {_signal.SIGINT: b"interrupted\n", _signal.SIGTERM: b"terminated\n"}.get(signum, b"hangup\n")
    try:
        os.write(2, said)
    except OSError:   # standard error closed
        pass
    os._exit(128 + signum)


if __name__ == "__main__":   # run as a command (python -m games), not imported by a test or a worker
    # through _signal, not signal: ``import signal`` imports enum, tens of ms without byte-code,
    # and no ``from __future__`` import before this (Python 3.11 reads the annotations as they are)
    for _name in ("SIGINT", "SIGTERM", "SIGHUP"):
        _sig = getattr(_signal, _name, None)
        if _sig is not None and _signal.getsignal(_sig) != _signal.SIG_IGN:   # nohup keeps its own
            _signal.signal(_sig, _stopped_early)

import signal  # noqa: E402
import argparse  # noqa: E402 (these imports after the early handling of Ctrl+C: argparse imports re, tens of ms)

from .codes import CodeError  # noqa: E402
from .core import GameError, History, IllegalMove  # noqa: E402
from .deal import MAX_NUMBER, read_number  # noqa: E402
from .numbers import MAX_DIGITS, is_digits, too_long, whole_number  # noqa: E402
from .position import check_game  # noqa: E402
from .quoting import escape, quote, quote_path  # noqa: E402
from .registry import available, find_game  # noqa: E402
from .share import field_code, two_deals  # noqa: E402


class CommandError(Exception):
    """A usage error: printed as one line, exit 2."""


class _Parser(argparse.ArgumentParser):
    def print_help(self, file=None):
        """The help on ``file`` (standard output). argparse's own swallows a failed write; here
        the error reaches :func:`main`, which says the output could not be written (exit 1)."""
        (file or sys.stdout).write(self.format_help())

    def error(self, message):  # one clear line, exit 2
        if message.startswith("the following arguments are required:") and "GAME" in message:
            message += f" (games: {' '.join(available())})"
        raise CommandError(message)

    def parse_args(self, args=None, namespace=None):
        """argparse's ``parse_args``, but words it does not know are named as every message names
        user text (:func:`games.quoting.quote`: cut, control characters escaped)."""
        ns, extra = self.parse_known_args(args, namespace)
        if extra:
            raise CommandError("unrecognized arguments: " + " ".join(f"'{quote(x)}'" for x in extra))
        return ns


class _Once(argparse.Action):
    """A flag that takes one value (``--number``, ``--code``, ``--position``, ``--moves``,
    ``--timeout``, ``--deals``, ``--jobs``): given twice with different values it is refused, as a
    repeated ``--option`` key is, rather than the last one taken silently; the same value twice
    is accepted, and so is the same number written twice differently (``--number 1 --number 01``:
    ``same`` maps a text to what is compared). ``convert`` (in place of argparse's ``type``) reads
    the text once the repeat is checked, so a message shows both values as they were typed.

    :raises CommandError: naming the flag and both values; or what ``convert`` refuses.
    """

    def __init__(self, option_strings, dest, convert=None, same=None, **kwargs):
        super().__init__(option_strings, dest, **kwargs)
        self.convert = convert
        self.same = same or (lambda text: text)

    def __call__(self, parser, namespace, values, option_string=None):
        given = namespace.__dict__.setdefault("_given", {})
        if self.dest in given and self.same(given[self.dest]) != self.same(values):
            raise CommandError(f"{self.option_strings[-1]} given twice ('{quote(given[self.dest])}' and "
                               f"'{quote(values)}')")
        given[self.dest] = values
        try:
            value = self.convert(values) if self.convert else values
        except argparse.ArgumentTypeError as e:
            raise CommandError(f"argument {self.option_strings[-1]}: {e}") from None
        setattr(namespace, self.dest, value)


def numbers_in(text: str):
    """What a number flag's value is compared by when given twice: the numbers of ``text`` (one, or
    the two of a range ``A-B``) as integers when they are ASCII digits, so ``1`` and ``01`` are the
    same value; the text itself otherwise (refused later by the flag's own reading)."""
    parts = text.strip().split("-")
    return tuple(int(p) for p in parts) if all(is_digits(p.strip()) for p in parts) else text


def range_in(text: str):
    """``--deals``' value compared as a range: :func:`numbers_in`, a lone number ``N`` being the
    range ``N-N`` (``--deals 1 --deals 1-1`` is one value)."""
    t = numbers_in(text)
    return t * 2 if isinstance(t, tuple) and len(t) == 1 else t


def seconds_in(text: str):
    """``--timeout``'s value compared as a number (``1`` and ``1.0`` are the same), else as text."""
    try:
        t = float(text) if text.isascii() else text
    except ValueError:
        return text
    return t if t == t else text  # NaN equals nothing: compared as text


class Options(dict):
    """The ``--option`` pairs: key (lower case, as the rules read it) → value; :attr:`typed` keeps
    each key as the user typed it, so a message names the text typed (:meth:`name`)."""

    def __init__(self) -> None:
        super().__init__()
        self.typed: dict[str, str] = {}

    def name(self, key: str) -> str:
        """``key`` as typed (stripped), or ``key`` itself when it was not typed."""
        return self.typed.get(key, key)

    def as_typed(self) -> dict[str, str]:
        """The pairs with their keys as typed, for :meth:`games.core.Rules.check_options`, whose
        messages quote the key they are given."""
        return {self.name(k): v for k, v in self.items()}


def as_typed(options: dict[str, str]) -> dict[str, str]:
    """``options`` with keys as typed when it is an :class:`Options`, else as it is."""
    return options.as_typed() if isinstance(options, Options) else options


def typed_name(options: dict[str, str], key: str) -> str:
    """Option ``key`` as the user typed it when ``options`` is an :class:`Options`, else ``key``."""
    return options.name(key) if isinstance(options, Options) else key


def parse_options(pairs: list[str] | None, same=None) -> Options:
    """``["k=v", …]`` as :class:`Options`. ``same(key, value)`` maps a value to what a repeat is
    compared by, so that one value written two ways (Pyramid's ``layout=7`` and ``layout=07``) is
    taken once (:func:`option_sameness`); without it values are compared as text, in any case.

    :raises CommandError: for a pair without ``=``, or one key (in any case) given twice with
        different values.
    """
    same = same or (lambda key, value: value.lower())
    out = Options()
    for p in pairs or []:
        k, eq, v = p.partition("=")
        if not eq or not k.strip():
            raise CommandError(f"--option '{quote(p)}' is not KEY=VALUE")
        key, val = k.strip().lower(), v.strip()
        if key in out and same(key, out[key]) != same(key, val):
            raise CommandError(f"--option '{quote(k.strip())}' given twice ('{quote(out[key])}' and '{quote(val)}')")
        out[key] = val
        out.typed.setdefault(key, k.strip())
    return out


def timeout_arg(text: str) -> float:
    """A solver budget in seconds: a positive decimal number of ASCII digits with at most one
    point (``5``, ``0.5``, ``.5``, ``5.``); no sign, exponent,
    underscore or space, which Python's ``float`` would take (docs/contract.md: numbers are
    digits, as ``--number`` and ``--deals`` read them)."""
    body = text
    whole, point, frac = body.partition(".")
    if too_long(whole) or too_long(frac):
        raise argparse.ArgumentTypeError(f"'{quote(text)}' has more than {MAX_DIGITS} digits: not a number of "
                                         "seconds")
    if not (whole or frac) or (whole and not is_digits(whole)) or (frac and not is_digits(frac)):
        raise argparse.ArgumentTypeError(f"'{quote(text)}' is not a number of seconds (digits, e.g. 5 or 0.5)")
    t = float(body)
    if not (0 < t < 1e9):  # NaN fails too
        if t > 0:
            raise argparse.ArgumentTypeError(f"'{quote(text)}' seconds is too long: the limit is below "
                                             "1000000000 (about 31 years)")
        raise argparse.ArgumentTypeError(f"'{quote(text)}' is not a positive number of seconds")
    return t


def jobs_arg(text: str) -> int:
    """A number of worker processes: ASCII digits, 0 meaning one per core; no space around them
    (as ``--number`` and ``--deals``)."""
    try:
        if text != text.strip():
            raise ValueError(f"the value '{quote(text)}' is not a whole number")
        # argparse names the flag before the message; a sign is read, so -1 is out of range
        return whole_number(text, "the value", 0, 4096, signed=True)
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


MAX_POSITION_BYTES = 1 << 20
"""The largest position a command reads (bytes): a position with every move of a long game is a
few kilobytes, and a larger file (a wrong file, or a test's flood of blank lines) is refused in
one line before it is read whole, never read into memory line by line."""


def read_text(path: str) -> str:
    """The text of ``path``, or standard input for ``-``.

    :raises CommandError: the file or standard input cannot be read (closed, missing, a
        directory…), holds more than :data:`MAX_POSITION_BYTES`, or is not UTF-8 text."""
    name = "standard input" if path == "-" else f"position file '{quote_path(path)}'"
    try:
        if path == "-":
            if sys.stdin is None:   # started with standard input closed (``<&-``)
                raise CommandError("cannot read standard input: it is closed")
            data = sys.stdin.buffer.read(MAX_POSITION_BYTES + 1)
        else:
            with open(path, "rb") as fh:
                data = fh.read(MAX_POSITION_BYTES + 1)
    except OSError as e:
        raise CommandError(f"cannot read {name}: {e.strerror}") from None
    except ValueError:  # open() refuses a path holding NUL
        raise CommandError(f"cannot read position file '{quote_path(path)}': a path holds no NUL character") from None
    if len(data) > MAX_POSITION_BYTES:
        raise CommandError(f"{name} is larger than {MAX_POSITION_BYTES >> 20} MB: no position is so long")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise CommandError(f"{name} is not UTF-8 text") from None


def resolve_deal(rules, number: str | None, code: str | None, options: dict[str, str]):
    """``(number, options)`` from ``--number`` or ``--code`` plus ``--option``s."""
    if number is not None and code is not None:
        raise CommandError("give --number or --code, not both")
    typed = as_typed(options)
    if code is not None:
        named = two_deals(code, any_digits=False)
        if named is not None:   # the player's choice, not ours (the order of words must not choose)
            raise CommandError(f"--code '{quote(code.strip())}' holds two deal codes: "
                               f"'{quote(named[0])}' and '{quote(named[1])}'")
        try:
            n, from_code = rules.decode(field_code(code, any_digits=False))
        except CodeError:
            n, from_code = rules.decode(code)   # refused as given: the message names the text typed
        rules.check_options(typed)  # a bad key or value is named as typed
        for k, v in from_code.items():
            if k in options and _option_value(rules, k, options[k]) != _option_value(rules, k, v):
                raise CommandError(f"--option {quote(typed_name(options, k))}={quote(options[k])} conflicts with "
                                   f"the code {quote(code.strip())} ({k}={v})")
        typed = {**{k: v for k, v in typed.items() if k.lower() not in from_code}, **from_code}
    else:
        n = read_number(number) if number is not None else 1
    return n, rules.check_options(typed)


MOVES_LIMIT = 10 ** 9
"""The largest ``Moves:`` value: every command reads it, and ``play`` refuses a list of moves that
would count past it, so whatever ``play`` writes reads back (docs/contract.md, "The move counter")."""


def moves_so_far(text: str) -> int:
    """The ``Moves: N`` line of a position that ``play`` printed (0 when absent): the counter goes
    on from there, since it never goes down.

    :raises CommandError: naming the line, for a ``Moves:`` line with no value, or one that is not
        a whole number (ASCII digits) of 0..:data:`MOVES_LIMIT`.
    """
    from .position import position_lines

    for no, line in position_lines(text):
        key, sep, val = line.split("#", 1)[0].partition(":")
        if sep and " ".join(key.split()).lower() == "moves":
            if not val.strip():
                raise CommandError(f"line {no}: 'Moves:' has no value (a whole number; leave the line out to "
                                   "count from 0)")
            try:   # '-1' is told out of range, not "not a whole number"; '+1' stays refused
                return whole_number(val, "Moves", 0, MOVES_LIMIT, signed=val.strip()[:1] == "-")
            except ValueError as e:
                raise CommandError(f"line {no}: {e}") from None
    return 0


def _option_value(rules, key: str, value: str) -> str:
    """``value`` of option ``key`` as the rules read it (``07`` and ``7`` are one layout); the
    text itself, lower-cased, when the rules do not take it."""
    try:
        return str(rules.check_options({key: value})[key]).lower()
    except (GameError, KeyError, ValueError):
        return value.lower()


def option_sameness(games):
    """``same(key, value)`` for :func:`parse_options`: the value as each of ``games`` (rules
    classes) that has the option reads it (:func:`_option_value`), so ``layout=07`` is the same
    value as ``layout=7``; a key none of them has is compared as text (refused later, by name)."""
    def same(key: str, value: str):
        read = tuple(_option_value(g, key, value) for g in games if key in g.options)
        return read or value.lower()
    return same


def check_carried_options(rules, text: str, options: dict[str, str]) -> None:
    """Refuse an ``--option`` that contradicts what the position itself says.

    docs/contract.md: ``--option`` is for rules a position does not carry; a position that carries one
    (``Draw: 1``, ``Suits: 4``, ``Mode: easy``, ``Layout: 7``, ``Passes: 3``…) decides it. An
    option that agrees with the position is accepted; one that differs is an error rather than
    silently ignored, as a ``--code`` that contradicts an ``--option`` is.

    :raises CommandError: naming the option and the position's line.
    """
    for line in text.splitlines():
        body = line.split("#", 1)[0]
        key, sep, val = body.partition(":")
        k, v = key.strip().lower(), val.strip()
        if sep and k in options and v and _option_value(rules, k, options[k]) != _option_value(rules, k, v):
            raise CommandError(f"--option {quote(typed_name(options, k))}={quote(options[k])} conflicts with the "
                               f"position's '{quote(key.strip())}: {quote(v)}'")


def load_position(rules, path: str, options: dict[str, str], text: str | None = None):
    """The position in ``path`` (or ``text`` when already read), parsed with ``options``.

    :raises CommandError: for an unreadable file or an option the position contradicts.
    :raises GameError: for another game's position (:func:`games.position.check_game`, said
        first) or a malformed one (the rules' own message).
    """
    opts = rules.check_options(as_typed(options))
    text = read_text(path) if text is None else text
    check_game(text, rules.name)   # another game's position is named as such before its lines are judged
    check_carried_options(rules, text, options)
    moves_so_far(text)  # a bad Moves: line is refused by every command, not only play
    return rules.parse_position(text, opts)


def cmd_deal(a) -> int:
    rules = find_game(a.game)
    n, opts = resolve_deal(rules, a.number, a.code, parse_options(a.option, option_sameness([rules])))
    state = rules.deal(n, opts)
    sys.stdout.write(f"# code: {rules.code(n, opts)}\n" + rules.format_position(state))
    return 0


def cmd_moves(a) -> int:
    rules = find_game(a.game)
    state = load_position(rules, a.position, parse_options(a.option, option_sameness([rules])))
    out = [rules.format_move(state, m) for m in rules.every_move(state)]
    sys.stdout.write("".join(m + "\n" for m in out))
    return 0


def cmd_play(a) -> int:
    rules = find_game(a.game)
    text = read_text(a.position)
    options = parse_options(a.option, option_sameness([rules]))
    state = load_position(rules, a.position, options, text)
    hist = History.start(rules, state, moves_so_far(text))
    for i, tok in enumerate(a.moves.split(), 1):
        try:
            hist.act(tok)
        except IllegalMove as e:
            raise CommandError(f"move {i} '{quote(tok)}' is illegal: {e}") from None
    if hist.moves > MOVES_LIMIT:  # refused rather than written as a Moves: line no command reads
        raise CommandError(f"the move counter would pass its limit, {MOVES_LIMIT}: the position says "
                           f"'Moves: {moves_so_far(text)}' (leave that line out to count from 0)")
    s = hist.state
    # a game's own extra lines (TriPeaks' running streak) go with the position, so that
    # ``Status:`` stays the last line, as the contract promises (docs/contract.md, play)
    out = (rules.format_position(s) + "".join(line + "\n" for line in rules.trailer(s))
           + f"Score: {rules.score(s)}\nMoves: {hist.moves}\nStatus: {rules.status(s)}\n")
    # what play writes, every command reads back (docs/contract.md, "The move counter"): a count
    # carried past the range a position's line takes (a score over 10^9, Klondike's recycles,
    # a TriPeaks streak over 52) is refused here, nothing written, rather than written unreadable
    try:
        rules.parse_position(out, rules.check_options(as_typed(options)))
    except GameError as e:
        raise CommandError(f"the position after these moves could not be read back, so it is not written: {e}") from None
    sys.stdout.write(out)
    return 0


def _solver(rules):
    if not rules.has_solver():
        raise CommandError(f"{rules.name} has no solver yet")
    return rules.solve


def deal_or_position(rules, a):
    """The state ``solve`` and ``hint`` start from: the deal ``--number`` or ``--code`` names
    (with ``--option``s), or the position ``--position`` holds — exactly one of the three.

    :raises CommandError: when not exactly one is given, or it does not read."""
    opts = parse_options(a.option, option_sameness([rules]))
    if sum(x is not None for x in (a.number, a.code, a.position)) != 1:
        raise CommandError("give one of --number N, --code CODE or --position FILE")
    if a.position is None:
        n, opts = resolve_deal(rules, a.number, a.code, opts)
        return rules.deal(n, opts)
    return load_position(rules, a.position, opts)


def cmd_solve(a) -> int:
    rules = find_game(a.game)
    solve = _solver(rules)
    state = deal_or_position(rules, a)
    result = solve(state, timeout=a.timeout)
    if result.status == "solved":   # the line without rounds back to where it was (Rules.without_loops)
        sys.stdout.write("solved\n" + " ".join(rules.without_loops(state, list(result.moves))) + "\n")
        return 0
    sys.stdout.write(result.status + "\n")
    return 1 if result.status == "unsolvable" else 3


def cmd_hint(a) -> int:
    from .hints import hint

    rules = find_game(a.game)
    state = deal_or_position(rules, a)
    # --moves played first, as play plays them: the lost hint never goes back to a position
    # they went through
    hist = History.start(rules, state)
    for i, tok in enumerate((a.moves or "").split(), 1):
        try:
            hist.act(tok)
        except IllegalMove as e:
            raise CommandError(f"move {i} '{quote(tok)}' is illegal: {e}") from None
    state = hist.state
    move, kind = hint(rules, state, timeout=a.timeout, past=hist.states[:-1])
    sys.stdout.write(("none" if move is None else rules.format_move(state, move)) + "\n" + kind + "\n")
    return 0


def cmd_winnability(a) -> int:
    from .winnability import run

    rules = find_game(a.game)
    _solver(rules)
    lo, sep, hi = a.deals.partition("-")
    whole = f"(a whole number 1..{MAX_NUMBER})"
    if not sep and not is_digits(lo) and not too_long(lo):
        raise CommandError(f"--deals '{quote(a.deals)}' is not a deal number or a range A-B {whole}")
    for piece, side in ((lo, "before"), (hi, "after")):  # each text named once: the piece at fault
        if sep and not piece.strip():
            raise CommandError(f"--deals '{quote(a.deals)}' has no number {side} the dash")
        if sep and too_long(piece):
            raise CommandError(f"--deals: '{quote(piece)}' {side} the dash has more than {MAX_DIGITS} digits: "
                               f"not a deal number {whole}")
        if sep and not is_digits(piece):
            raise CommandError(f"--deals: '{quote(piece)}' {side} the dash is not a deal number {whole}")
    try:
        first, last = read_number(lo), read_number(hi if sep else lo)
    except ValueError as e:  # a number out of range: the message names it, not the text again
        raise CommandError(f"--deals '{quote(a.deals)}': {e}") from None
    if last < first:
        raise CommandError(f"--deals '{quote(a.deals)}': the range is empty")
    if a.jobs < 0:
        raise CommandError(f"--jobs {a.jobs} is negative")
    opts = rules.check_options(as_typed(parse_options(a.option, option_sameness([rules]))))
    return run(rules, first, last, opts, a.timeout, a.jobs, sys.stdout)


def check_daily_options(deals, options: dict[str, str]) -> None:
    """Refuse an ``--option`` that the deals of the day ``deals`` cannot be played with.

    Each game's deal of the day has fixed rules, the ones its bank of verified deals was made for
    (:data:`games.daily.VARIANTS`, and Pyramid's layout of the day; docs/rules.md, "Progression"),
    so ``daily`` takes ``--option`` as every command does but only to agree with them: a value
    the game does not take, or one that differs from the daily's, is an error; an option that
    does not choose the deal (TriPeaks' ``scoring``) changes nothing.

    :raises CommandError: for an option no game has, or one a daily's fixed rules contradict.
    :raises GameError: for a value the game does not take (the rules' own message).
    """
    from .daily import VARIANTS

    for key, value in options.items():
        name = typed_name(options, key)
        takers = [d for d in deals if key in find_game(d.game).options]
        if not takers:
            raise CommandError(f"--option '{quote(name)}': no game has this option")
        for d in takers:
            rules = find_game(d.game)
            got = str(rules.check_options({name: value})[key]).lower()
            fixed = set(VARIANTS[d.game]) | ({"layout"} if d.game == "pyramid" else set())
            if key in fixed and got != str(d.options[key]).lower():
                raise CommandError(f"--option {quote(name)}={quote(value)}: the {d.game} deal of the day on {d.date} is played "
                                   f"with {key}={d.options[key]} (a daily's rules are fixed; docs/rules.md, "
                                   f"\"Progression\")")


def cmd_daily(a) -> int:
    from .daily import daily_deals, today

    deals = daily_deals(today() if a.date is None else a.date)
    check_daily_options(deals, parse_options(a.option, option_sameness([find_game(d.game) for d in deals])))
    out = []
    for d in deals:
        line = f"{d.game} {d.code}"
        if a.goals and d.goal is not None:
            # the goal, and the banked line that reaches it, so that the claim can be replayed
            from .daily import grip_goals
            line += f" goal={d.goal} " + " ".join(grip_goals()[d.number].moves)
        out.append(line + "\n")
    sys.stdout.write("".join(out))
    return 0


def games_and_options() -> str:
    """The games and their options, as ``--help`` ends: one line a game, ``GAME  KEY=A|B …``,
    the default value first; a long list of values (Pyramid's 55 layouts) as ``1..55``."""
    lines = ["games and their --option KEY=VALUE (the first value is the default):"]
    for name in available():
        opts = []
        for key, values in find_game(name).options.items():
            shown = f"{values[0]}..{values[-1]}" if len(values) > 6 else "|".join(values)
            opts.append(f"{key}={shown}")
        lines.append(f"  {name:<12} {' '.join(opts) or '(no options)'}")
    return "\n".join(lines)


class _TopParser(_Parser):
    """The parser of ``python -m games``: its help ends with :func:`games_and_options`, built only
    when the help is shown (it imports every game's rules, which a command does not need)."""

    def format_help(self):
        self.epilog = games_and_options()
        return super().format_help()


def build_parser() -> argparse.ArgumentParser:
    p = _TopParser(prog="python -m games", description="Pasyans rules on the command line (docs/contract.md)",
                   formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="command", required=True, parser_class=_Parser)

    def common(sp):
        sp.add_argument("game", metavar="GAME", help=f"the game: {', '.join(available())} (any case)")
        sp.add_argument("--option", action="append", metavar="KEY=VALUE",
                        help="a rule of the game, repeatable; 'python -m games --help' lists each game's options")

    number_help = f"the deal number, 1..{MAX_NUMBER} (FreeCell: Microsoft's deal of that number)"
    code_help = "a deal code, e.g. TP1-E-AAAAAAB (docs/contract.md, 'Deal codes'; any case)"
    position_help = "a file holding a position as 'deal' and 'play' print it, or - for standard input"

    d = sub.add_parser("deal", help="print a deal's starting position")
    common(d)
    d.add_argument("--number", action=_Once, same=numbers_in, help=number_help + "; default 1")
    d.add_argument("--code", action=_Once, same=lambda t: field_code(t, any_digits=False), help=code_help)
    d.set_defaults(func=cmd_deal)
    m = sub.add_parser("moves", help="list the legal moves of a position")
    common(m)
    m.add_argument("--position", required=True, action=_Once, metavar="FILE", help=position_help)
    m.set_defaults(func=cmd_moves)
    pl = sub.add_parser("play", help="play moves on a position")
    common(pl)
    pl.add_argument("--position", required=True, action=_Once, metavar="FILE", help=position_help)
    pl.add_argument("--moves", required=True, action=_Once, metavar='"M1 M2 ..."',
                    help="moves in the game's notation, as 'moves' lists them, separated by spaces; "
                         "u undoes the move before (docs/contract.md, 'Move notation')")
    pl.set_defaults(func=cmd_play)
    s = sub.add_parser("solve", help="solve a deal or a position")
    common(s)
    s.add_argument("--number", action=_Once, same=numbers_in, help=number_help)
    s.add_argument("--code", action=_Once, same=lambda t: field_code(t, any_digits=False), help=code_help)
    s.add_argument("--position", action=_Once, metavar="FILE", help=position_help)
    s.add_argument("--timeout", default=10.0, action=_Once, convert=timeout_arg, same=seconds_in,
                   metavar="S", help="the search's budget in seconds of the clock (default 10)")
    s.set_defaults(func=cmd_solve)
    hn = sub.add_parser("hint", help="the app's hint for a deal or a position")
    common(hn)
    hn.add_argument("--number", action=_Once, same=numbers_in, help=number_help)
    hn.add_argument("--code", action=_Once, same=lambda t: field_code(t, any_digits=False), help=code_help)
    hn.add_argument("--position", action=_Once, metavar="FILE", help=position_help)
    hn.add_argument("--timeout", default=None, action=_Once, convert=timeout_arg, same=seconds_in,
                    metavar="S", help="stop the search after S seconds of the clock (default: the app's "
                                      "node budget alone, the same answer on every machine)")
    hn.add_argument("--moves", default=None, action=_Once, metavar='"M1 M2 ..."',
                    help="moves played first, as 'play' plays them; the hint is then given after "
                         "them, knowing the positions they went through (the lost hint never goes back to one)")
    hn.set_defaults(func=cmd_hint)
    w = sub.add_parser("winnability", help="solve a range of deals")
    common(w)
    w.add_argument("--deals", required=True, action=_Once, same=range_in, metavar="A-B",
                   help="the deal numbers, a range A-B (or one number)")
    w.add_argument("--timeout", default=10.0, action=_Once, convert=timeout_arg, same=seconds_in,
                   metavar="S", help="each deal's budget in CPU seconds (default 10)")
    w.add_argument("--jobs", default=0, action=_Once, convert=jobs_arg, same=numbers_in,
                   help="worker processes; 0 (the default) means one per core")
    w.set_defaults(func=cmd_winnability)
    dy = sub.add_parser("daily", help="print the deal of the day of each game (docs/progression.md)")
    dy.add_argument("date", nargs="?", metavar="DATE", help="YYYY-MM-DD, default today (local date)")
    dy.add_argument("--option", action="append", metavar="KEY=VALUE",
                    help="accepted when it agrees with the day's deals (a daily's rules are fixed)")
    dy.add_argument("--goals", action="store_true",
                    help="Devil's Grip's line also gives its goal, goal=N (the most cards left in stock and "
                         "talon that wins the daily), then the moves that reach it")
    dy.set_defaults(func=cmd_daily)
    return p


COMMANDS = ("deal", "moves", "play", "solve", "hint", "winnability", "daily")
"""The commands of docs/contract.md, in the order ``--help`` lists them."""


def one_line(message: str) -> str:
    """``message`` with any unprintable character (a newline, an escape sequence) shown as its
    escape, so an error is always one line on a terminal. The pieces of user text in a message are
    already quoted by :func:`games.quoting.quote`; this keeps the line whole should a message
    from elsewhere (argparse, the operating system) carry one."""
    return "".join(escape(ch) for ch in message)


class Terminated(BaseException):
    """SIGTERM (``kill PID``) or SIGHUP (the terminal closed) arrived: raised in the main thread by
    :func:`_on_stop_signal`, so it unwinds as Ctrl+C's ``KeyboardInterrupt`` does
    (``winnability``'s workers are stopped at once on the way out) and is not caught by handlers
    of ``Exception``. :attr:`signum` is the signal's number."""

    def __init__(self, signum: int):
        super().__init__(signum)
        self.signum = signum


STOP_SIGNALS = {"SIGTERM": "terminated", "SIGHUP": "hangup"}
"""The signals that stop a command as Ctrl+C does, by name, with the line it prints for each; the
exit code is 128 + the signal's number (143, 129), as a shell gives it. SIGHUP does not exist on
Windows (left out there)."""


def _on_stop_signal(signum, frame):
    for name in STOP_SIGNALS:  # a second one must not cut the stopping short
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), signal.SIG_IGN)
    raise Terminated(signum)


def _catch_stop_signals() -> dict:
    """Have each of :data:`STOP_SIGNALS` raise :class:`Terminated` in this process; returns
    ``{signal: the handler it replaced}``, empty when none could be set (only the main thread may
    set one: a caller elsewhere keeps its own). A SIGHUP already ignored (``nohup``) stays ignored:
    the command was started to outlive its terminal."""
    before = {}
    for name in STOP_SIGNALS:
        sig = getattr(signal, name, None)
        if sig is None:
            continue
        try:
            if name == "SIGHUP" and signal.getsignal(sig) == signal.SIG_IGN:
                continue
            before[sig] = signal.signal(sig, _on_stop_signal)
        except (ValueError, OSError):
            break
    return before


def _say(line: str) -> None:
    """``line`` on stderr, or nothing when it cannot be written (a terminal that hung up)."""
    try:
        print(line, file=sys.stderr)
    except (OSError, ValueError):
        pass


def main(argv: list[str] | None = None) -> int:
    """Run one command; returns the exit code."""
    if signal.getsignal(signal.SIGINT) is _stopped_early:   # Ctrl+C is KeyboardInterrupt from here on
        signal.signal(signal.SIGINT, signal.default_int_handler)
    if sys.stderr is None:
        # started with standard error closed (``2>&-``): its lines are lost, the exit code still
        # says what happened (``print(file=None)`` would write them to standard output, into an answer)
        sys.stderr = open(os.devnull, "w", encoding="utf-8")
    if sys.stdout is None:  # started with standard output closed (``>&-``): nowhere to answer
        print("error: standard output is closed", file=sys.stderr)
        return 2
    try:
        args = sys.argv[1:] if argv is None else list(argv)
        if not args:
            raise CommandError(f"no command given (commands: {' '.join(COMMANDS)}; games: "
                               f"{' '.join(available())}; 'python -m games --help' lists their options)")
        if args and not args[0].startswith("-") and args[0] not in COMMANDS:
            raise CommandError(f"unknown command '{quote(args[0])}' (commands: {' '.join(COMMANDS)})")
        try:
            a = build_parser().parse_args(args)
        except SystemExit:   # --help printed: its write may fail when flushed, too
            sys.stdout.flush()
            raise
        before = _catch_stop_signals()
        try:
            code = a.func(a)
        finally:  # a caller running main() in its own process (tests) gets its handlers back
            for sig, handler in before.items():
                signal.signal(sig, handler)
        sys.stdout.flush()  # a write that fails (a full disk) fails here, inside the handlers
        return code
    except (CommandError, GameError, CodeError, ValueError) as e:  # ValueError: deal numbers and other values
        print(f"error: {one_line(str(e))}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        # Ctrl+C: one line and the shell's code for SIGINT (128 + 2); winnability's workers are
        # already stopped (games/winnability.py), so nothing is left running
        print("interrupted", file=sys.stderr)
        return 130
    except Terminated as e:
        # SIGTERM, SIGHUP: the same, with the shell's code for it (128 + 15, 128 + 1)
        _say(STOP_SIGNALS.get(signal.Signals(e.signum).name, "terminated"))
        return 128 + e.signum
    except MemoryError:
        print("error: out of memory", file=sys.stderr)
        return 2
    except BrokenPipeError:
        # the reader went away (``| head``): quietly
        _drop_stdout()
        return 0
    except OSError as e:
        # the answer could not be written (``> /dev/full``): one line
        print(f"error: cannot write the output: {e.strerror or e}", file=sys.stderr)
        _drop_stdout()
        return 2


def _drop_stdout() -> None:
    """Point standard output at the null device, so that nothing is left to flush at exit (where
    a failed write would end in a traceback after the command's own answer)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


if __name__ == "__main__":
    sys.exit(main())
