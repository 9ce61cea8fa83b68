"""Every piece of user text an error names is quoted one way (docs/contract.md: errors are one clear
line): cut to its first 40 characters with ``…``, and its control characters shown escaped
(``games.quoting.quote``), whether it is a move, a card, a key or value of a position, a deal
code, a date, a game's or a command's name, a file's path or a word the command line does not know."""
import re

import pytest

from games.__main__ import COMMANDS, build_parser, main
from games.quoting import quote
from games.registry import GAMES

LONG = "Z" * 45 + "~" * 200 + "Z"         # a long bad text: only its first 40 characters are quoted
CUT = re.compile("Z{30,40}…", re.I)      # (a code's or a path's own first letters count in the 40)
NASTY = "\x1b[31mX\x07\x00\x7f"       # control characters (ESC, BEL, NUL, DEL) a terminal would act on
SHOWN = re.compile(re.escape(r"\x1b[31mX\x07\x00\x7f"), re.I)

RULE_KEYS = {"tripeaks": "Mode", "pyramid": "Layout", "spider": "Suits", "klondike": "Draw"}


def run(capsys, tmp_path, *args, position=None):
    argv = list(args)
    if position is not None:
        p = tmp_path / "pos.txt"
        p.write_text(position, encoding="utf-8")
        argv += ["--position", str(p)]
    rc = main(argv)
    out, err = capsys.readouterr()
    return rc, out, err


def quoted(rc, err, shown):
    """Exit 2 and one short line of printable text naming ``shown`` (a pattern), nothing past it."""
    assert rc == 2, err[:300]
    assert err.endswith("\n") and err.count("\n") == 1, repr(err[:300])
    line = err[:-1]
    assert line.isprintable(), repr(line[:300])
    assert shown.search(line), line[:300]
    assert "~" not in line and len(line) < 200, line[:300]


def dealt(capsys, tmp_path, game):
    rc, out, err = run(capsys, tmp_path, "deal", game, "--number", "1")
    assert rc == 0, err
    return out


def first_card_replaced(position, bad):
    """``position`` with its first card token (after the key of the first line that has cards) ``bad``."""
    lines = position.splitlines()
    for i, line in enumerate(lines):
        key, sep, val = line.partition(":")
        if sep and re.search(r"\b[2-9TJQKA][CDHS]\b", val):
            toks = val.split()
            lines[i] = f"{key}: {bad} " + " ".join(toks[1:])
            return "\n".join(lines) + "\n"
    raise AssertionError("no card in the position")


def variants(game, position, bad):
    """Position texts naming ``bad`` in each place a position's reader quotes."""
    out = {"card": first_card_replaced(position, bad),
           "unknown key": position + f"{bad}: 3\n",
           "not key value": position + f"{bad}\n"}
    if game != "freecell":   # the fc-solve board has no Game: line
        out["game line"] = re.sub(r"(?m)^Game: .*$", f"Game: {bad}", position)
    if game in RULE_KEYS:
        key = RULE_KEYS[game]
        out["rule value"] = re.sub(rf"(?m)^{key}: .*$", f"{key}: {bad}", position)
    return out


@pytest.mark.parametrize("game", list(GAMES))
@pytest.mark.parametrize("bad, shown", [(LONG, CUT), (NASTY, SHOWN)], ids=["long", "control"])
def test_a_position_names_its_bad_text_cut_and_escaped(capsys, tmp_path, game, bad, shown):
    position = dealt(capsys, tmp_path, game)
    for where, text in variants(game, position, bad).items():
        rc, out, err = run(capsys, tmp_path, "moves", game, position=text)
        try:
            quoted(rc, err, shown)
        except AssertionError as e:
            raise AssertionError(f"{game}, {where}: {e}") from None


@pytest.mark.parametrize("bad, shown", [(LONG, CUT), (NASTY, SHOWN)], ids=["long", "control"])
@pytest.mark.parametrize("args", [
    ["deal", "tripeaks", "--code", "TP1-{}"],
    ["deal", "klondike", "--code", "KL1-{}-AAAAAAB"],
    ["deal", "spider", "--code", "SP1-2-{}"],
    ["deal", "pyramid", "--code", "{}"],
    ["solve", "freecell", "--code", "FC1-{}-AAAAAAB"],
    ["deal", "devils-grip", "--code", "DG1-{}-AAAAAAB"],
    ["deal", "{}"],
    ["{}", "tripeaks"],
    ["daily", "2026-{}"],
    ["daily", "{}"],
    ["deal", "tripeaks", "--number", "{}"],
    ["deal", "tripeaks", "--option", "mode={}"],
    ["deal", "tripeaks", "--option", "{}=easy"],
    ["deal", "tripeaks", "extra", "{}"],
    ["winnability", "tripeaks", "--deals", "1-{}"],
    ["solve", "tripeaks", "--number", "1", "--timeout", "{}"],
], ids=lambda a: " ".join(a).replace("{}", "BAD"))
def test_the_command_line_names_its_bad_text_cut_and_escaped(capsys, tmp_path, args, bad, shown):
    rc, out, err = run(capsys, tmp_path, *[a.replace("{}", bad) for a in args])
    quoted(rc, err, shown)
    assert out == ""


@pytest.mark.parametrize("bad, shown", [("Z" * 245 + "/nope.txt", re.compile("'…Z{31}/nope.txt'")), (NASTY, SHOWN)],
                         ids=["long", "control"])
def test_a_path_is_named_by_its_end_cut_and_escaped(capsys, tmp_path, bad, shown):
    """A path keeps its end when cut: the file's name is the telling part."""
    rc, out, err = run(capsys, tmp_path, "moves", "tripeaks", "--position", "/nx/" + bad)
    quoted(rc, err, shown)
    assert out == ""


def test_a_line_break_in_a_name_keeps_the_error_on_one_line(capsys, tmp_path):
    rc, out, err = run(capsys, tmp_path, "deal", "tri\npeaks\r")
    quoted(rc, err, re.compile(re.escape(r"tri\npeaks\r")))


def test_quote_cuts_what_it_shows_never_inside_an_escape():
    assert quote("K" * 40) == "K" * 40
    assert quote("K" * 41) == "K" * 40 + "…"
    assert quote("K" * 38 + "\x1b") == "K" * 38 + "…"          # the 4-character escape does not fit
    assert quote("K" * 36 + "\x1b") == "K" * 36 + r"\x1b"
    assert quote("♥ é ß", 5) == "♥ é ß"                          # printable letters of any script stay


def test_the_commands_checked_before_argparse_are_the_parsers_commands():
    sub = next(a for a in build_parser()._actions if a.dest == "command")
    assert tuple(sub.choices) == COMMANDS
