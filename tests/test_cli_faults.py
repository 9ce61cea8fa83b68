"""Command-line input faults (issue 17): every bad input exits 2 with one line naming the bad
text, never Python's own message (docs/contract.md: "Errors go to stderr, one clear line")."""
from collections import Counter

import pytest

from games.__main__ import main
from games.cards import parse_token
from games.spider import Spider

PYTHON_SAYS = ("invalid literal", "Exceeds the limit", "Traceback", "int()", "base 10")
HUGE = "1" + "0" * 5000


NO_DEV_FULL = ("no /dev/full here (not Linux): the device every write to fails with 'No space left on "
               "device' is how these tests fill the disk")


def run(capsys, tmp_path, *args, position=None):
    argv = list(args)
    if position is not None:
        p = tmp_path / "pos.txt"
        p.write_text(position, encoding="utf-8")
        argv += ["--position", str(p)]
    rc = main(argv)
    out, err = capsys.readouterr()
    return rc, out, err


def deal(capsys, tmp_path, game, *options):
    rc, out, err = run(capsys, tmp_path, "deal", game, "--number", "1", *options)
    assert rc == 0, err
    return out


def refused(rc, err, bad):
    """Exit 2, one line on stderr naming ``bad`` (its first 40 characters), no Python message."""
    lines = err.strip().splitlines()
    assert rc == 2 and len(lines) == 1, err[:300]
    assert bad[:40] in lines[0], lines[0][:300]
    assert not any(p in lines[0] for p in PYTHON_SAYS), lines[0][:300]
    assert len(lines[0]) < 400


def cards_of(text: str, keys) -> list:
    """The cards on the lines of ``text`` whose key is in ``keys`` (``''`` for column lines)."""
    out = []
    for line in text.splitlines():
        key, sep, val = line.partition(":")
        if sep and key.strip().lower() in keys:
            out += [parse_token(t)[0] for t in val.split() if parse_token(t)[0] is not None]
    return out


# -- Spider: Completed runs and the cards missing ---------------------------------------------------
def spider_without(capsys, tmp_path, n_missing, completed):
    """Deal 1 of 4-suit Spider with the first ``n_missing`` stock cards taken out."""
    lines = deal(capsys, tmp_path, "spider", "--option", "suits=4").splitlines()
    out = []
    for line in lines:
        if line.startswith("Stock:"):
            line = "Stock: " + " ".join(line.split()[1 + n_missing:])
        elif line.startswith("Completed:"):
            line = f"Completed: {completed}"
        out.append(line)
    return "\n".join(out) + "\n"


def test_spider_completed_runs_need_whole_suits_missing(capsys, tmp_path):
    pos = spider_without(capsys, tmp_path, 13, 1)   # 13 cards out, not a whole suit
    rc, out, err = run(capsys, tmp_path, "moves", "spider", position=pos)
    refused(rc, err, "Completed: 1")
    rc, out, err = run(capsys, tmp_path, "moves", "spider", position=spider_without(capsys, tmp_path, 13, 0))
    assert rc == 0, err                              # the same cards with no run completed: fine


def spider_position(cards, completed):
    """A 4-suit Spider position of ``cards`` dealt over the 10 columns (all face down but the top)
    and ``completed`` runs."""
    from games.cards import fmt

    cols = [cards[i::10] for i in range(10)]
    lines = ["Game: spider", "Suits: 4", f"Completed: {completed}", "Stock:"]
    lines += [": " + " ".join(fmt(c, j == len(col) - 1) for j, col_c in enumerate(col) for c in [col_c])
              for col in cols]
    return "\n".join(lines) + "\n"


def test_spider_completed_runs_take_the_suits_that_are_missing(capsys, tmp_path):
    # both copies of every spade, diamond and club on the table, one copy of each heart
    table = [16 * su + r for su in (0, 1, 3) for r in range(1, 14)] * 2 + [16 * 2 + r for r in range(1, 14)]
    s = Spider.parse_position(spider_position(table, 1), {})
    assert s.completed == (2,)                          # the run that went is hearts
    count = Counter(c for col in s.columns for c in col)
    for su in s.completed:
        count.update(16 * su + r for r in range(1, 14))
    assert max(count.values()) == 2 and sum(count.values()) == 104
    # both spade copies on the table, 14 hearts missing but no whole suit: no run can have gone
    short = [c for c in table if c >> 4 != 2] + [16 * 2 + r for r in range(1, 7)] * 2
    rc, out, err = run(capsys, tmp_path, "moves", "spider", position=spider_position(short, 1))
    refused(rc, err, "Completed: 1")


# -- Pyramid: an empty Discard with cards missing survives the round trip ----------------------------
def test_pyramid_empty_discard_with_cards_missing_keeps_52_cards_out(capsys, tmp_path):
    text = deal(capsys, tmp_path, "pyramid")
    lines = [l for l in text.splitlines() if not l.startswith("#")]
    lines = [("Stock: " + " ".join(l.split()[3:])) if l.startswith("Stock:") else l for l in lines]
    pos = "\n".join(lines) + "\nDiscard:\n"
    keys = ("cards", "stock", "waste", "discard")
    assert len(cards_of(pos, keys)) == 50
    rc, once, err = run(capsys, tmp_path, "play", "pyramid", "--moves", "s", position=pos)
    assert rc == 0, err
    assert len(cards_of(once, keys)) == 50
    rc, twice, err = run(capsys, tmp_path, "play", "pyramid", "--moves", "s", position=once)
    assert rc == 0, err
    assert len(cards_of(twice, keys)) == 50
    # a whole deal still prints no Discard line (docs/contract.md's deal output is unchanged)
    assert "Discard" not in text


# -- FreeCell / Klondike: a foundation's suit is one letter ------------------------------------------
@pytest.mark.parametrize("game", ["freecell", "klondike"])
@pytest.mark.parametrize("bad", ["CDHS-0", "-0", "HS-0", "CD-A"])
def test_foundation_suits_are_one_letter(capsys, tmp_path, game, bad):
    text = deal(capsys, tmp_path, game)
    pos = "\n".join(f"Foundations: H-0 {bad} D-0" if l.startswith("Foundations:") else l
                    for l in text.splitlines()) + "\n"
    rc, out, err = run(capsys, tmp_path, "moves", game, position=pos)
    refused(rc, err, bad)


@pytest.mark.parametrize("game", ["freecell", "klondike"])
def test_foundation_heights_take_leading_zeros(capsys, tmp_path, game):
    """A foundation's height is a number read as every other (docs/contract.md: leading zeros
    accepted everywhere): ``H-010`` is ``H-T`` (it was refused, as a height of 2 digits at most),
    ``C-0000`` empty; a height over 13 is still refused, zeros or not."""
    text = deal(capsys, tmp_path, game)

    hearts = {f"{r}H" for r in "A23456789T"}

    def with_foundations(f):
        """The deal with hearts A to 10 taken out of its piles (a column's new top card turned
        face up) and the foundations ``f``."""
        lines = []
        for line in text.splitlines():
            if line.startswith("Foundations:"):
                line = f"Foundations: {f}"
            elif not line.startswith("#"):
                key, sep, rest = line.rpartition(":") if line.startswith(":") else line.partition(":")
                cards = [t for t in rest.split() if t.strip("()") not in hearts]
                if key == "" and cards:      # a column's top card lies face up
                    cards[-1] = cards[-1].strip("()")
                line = f"{key}{sep} {' '.join(cards)}"
            lines.append(line)
        return "\n".join(lines) + "\n"

    # the same position with the heights written both ways: the same answer
    rc, plain, err = run(capsys, tmp_path, "moves", game, position=with_foundations("H-T C-0 D-0 S-0"))
    assert rc == 0, err
    rc, zeros, err = run(capsys, tmp_path, "moves", game, position=with_foundations("H-010 C-0000 D-000 S-00"))
    assert rc == 0, err
    assert zeros == plain
    for bad in ("H-014", "H-0014"):
        rc, out, err = run(capsys, tmp_path, "moves", game, position=with_foundations(bad))
        refused(rc, err, bad)


# -- numbers: ASCII digits only, and never too long for int() ----------------------------------------
@pytest.mark.parametrize("args, bad", [
    (["deal", "pyramid", "--option", "layout=²"], "²"),
    (["deal", "pyramid", "--option", "layout=٣"], "٣"),
    (["deal", "pyramid", "--code", "PY1-L²-AAAAAAB"], "PY1-L²-AAAAAAB"),
    (["deal", "pyramid", "--code", "PY1-L٠٣-AAAAAAB"], "PY1-L٠٣-AAAAAAB"),
    (["deal", "tripeaks", "--number", HUGE], HUGE),
    (["deal", "tripeaks", "--number", "١٢"], "١٢"),
    (["deal", "pyramid", "--option", "layout=" + HUGE], HUGE),
    (["winnability", "tripeaks", "--deals", "1-" + HUGE], HUGE),
    (["winnability", "tripeaks", "--deals", "1-2", "--jobs", "²"], "²"),
    (["solve", "tripeaks", "--number", "1", "--timeout", "١"], "١"),
    (["deal", "tripeaks", "--number", "1_000"], "1_000"),
    (["deal", "freecell", "--number", "#617"], "#617"),
    (["deal", "klondike", "--number", " 7"], " 7"),
    (["winnability", "tripeaks", "--deals", "1_0-1_1"], "1_0"),
    (["solve", "spider", "--number", "1 0"], "1 0"),
])
def test_numbers_in_arguments_are_ascii_digits(capsys, tmp_path, args, bad):
    rc, out, err = run(capsys, tmp_path, *args)
    refused(rc, err, bad)


@pytest.mark.parametrize("game, moves, bad", [
    ("devils-grip", "1.1<>3².2", "3².2"),
    ("devils-grip", "1.1>٢.2", "٢.2"),
    ("devils-grip", f"1.1>{HUGE}.2", HUGE),
    ("spider", f"{HUGE}-2", HUGE),
    ("spider", "1-2/²", "1-2/²"),
    ("freecell", f"12/{HUGE}", f"12/{HUGE}"),
    ("freecell", "12/²", "12/²"),
])
def test_numbers_in_moves_are_ascii_digits(capsys, tmp_path, game, moves, bad):
    pos = deal(capsys, tmp_path, game)
    rc, out, err = run(capsys, tmp_path, "play", game, "--moves", moves, position=pos)
    refused(rc, err, bad)


@pytest.mark.parametrize("game, key, value", [
    ("pyramid", "Layout", "²"),
    ("pyramid", "Layout", "٣"),
    ("pyramid", "Layout", HUGE),
    ("pyramid", "Pass", HUGE),
    ("pyramid", "Score", "١٠"),
    ("spider", "Completed", "²"),
    ("spider", "Completed", HUGE),
    ("klondike", "Recycles", HUGE),
    ("klondike", "Score", "٣"),
    ("tripeaks", "Moves", HUGE),
])
def test_numbers_in_positions_are_ascii_digits(capsys, tmp_path, game, key, value):
    opts = ["--option", "suits=4"] if game == "spider" else []
    text = deal(capsys, tmp_path, game, *opts)
    lines = [l for l in text.splitlines() if not l.startswith(f"{key}:")]
    pos = "\n".join(lines) + f"\n{key}: {value}\n"
    rc, out, err = run(capsys, tmp_path, "moves", game, *opts, position=pos)
    refused(rc, err, value)


LONG_MOVES = {
    # game: texts that are no move, each over 5000 characters
    "tripeaks": ["A" * 5000, "K" * 5000 + "C"],
    "pyramid": ["A" * 5000, "5H+" + "A" * 5000, "A" * 5000 + "+8C"],
    "devils-grip": ["A" * 5000, "1.3>" + "9" * 5000, "t>" + "A" * 5000],
    "spider": ["A" * 5000, "3-" + "7" * 5000],
    "klondike": ["A" * 5000, "w" * 5000],
    "freecell": ["A" * 5000, "3" * 5000],
}


@pytest.mark.parametrize("game", sorted(LONG_MOVES))
def test_a_long_bad_move_is_quoted_cut_the_same_way_in_every_game(capsys, tmp_path, game):
    """The reason names the bad move by its first 40 characters and ``…``, in every game, both in
    ``play``'s error line and in the refusal the rules give a table."""
    from games.core import IllegalMove
    from games.registry import find_game

    position = deal(capsys, tmp_path, game)
    rules = find_game(game)
    state = rules.parse_position(position, {})
    for bad in LONG_MOVES[game]:
        rc, out, err = run(capsys, tmp_path, "play", game, "--moves", bad, position=position)
        refused(rc, err, bad)
        assert len(err) < 300, (game, len(err), err[:300])
        with pytest.raises(IllegalMove) as e:
            rules.parse_move(state, bad)
        named = [t for t in (e.value.kw.get("text"), e.value.move) if t]
        assert named and all(len(t) <= 41 and t.endswith("…") for t in named), (game, named)
        assert len(e.value.text("en")) < 200 and len(e.value.text("ru")) < 250


EMPTY_POSITIONS = {
    # game: a position text holding no card at all, none in play and none removed
    "spider": "Game: spider\nSuits: 2\nCompleted: 0\nStock:\n" + ":\n" * 10,
    "tripeaks": ("Game: tripeaks\nMode: easy\nRow 1: " + "-- " * 3 + "\nRow 2: " + "-- " * 6
                 + "\nRow 3: " + "-- " * 9 + "\nRow 4: " + "-- " * 10 + "\nWaste:\nStock:\n"),
    "pyramid": "Game: pyramid\nLayout: 1\nCards: " + "-- " * 28 + "\nStock:\nWaste:\nDiscard:\n",
    # (without the Discard line the cards not shown count as removed, but the text holds no card)
    "pyramid-no-discard-line": "Game: pyramid\nLayout: 1\nCards: " + "-- " * 28 + "\nStock:\nWaste:\n",
    "devils-grip": "Game: devils-grip\n" + "".join(f"Row {r}: " + "-- " * 8 + "\n" for r in (1, 2, 3))
                   + "Stock:\nTalon:\n",
    "klondike": "Game: klondike\nDraw: 1\nFoundations: H-0 C-0 D-0 S-0\nStock:\nWaste:\n" + ":\n" * 7,
    "freecell": "Foundations: H-0 C-0 D-0 S-0\nFreecells: - - - -\n" + ":\n" * 8,
}


@pytest.mark.parametrize("game", sorted(EMPTY_POSITIONS))
@pytest.mark.parametrize("command", ["play", "moves", "solve"])
def test_a_position_with_no_card_is_refused_not_won(capsys, tmp_path, game, command):
    """No game reads a position with no card at all, none in play and none removed, as a game (it
    read as won in Spider with Completed: 0, in TriPeaks and in Pyramid with an empty Discard)."""
    extra = ["--moves", ""] if command == "play" else ["--timeout", "1"] if command == "solve" else []
    rc, out, err = run(capsys, tmp_path, command, game.split("-no-")[0], *extra, position=EMPTY_POSITIONS[game])
    assert rc == 2 and out == "" and len(err.strip().splitlines()) == 1, (rc, out, err)
    assert "no card" in err or "cards missing" in err, err


def test_an_empty_table_reached_by_play_still_reads_back_as_won(capsys, tmp_path):
    """The refusal is only of a position that never held a card: a won what-if that ``play``
    prints (Spider: runs completed; Pyramid: its Discard line) reads back won."""
    one_run = " ".join(r + "S" for r in "KQJT98765432A")
    spider = "Game: spider\nSuits: 1\nCompleted: 0\nStock:\n: " + one_run[:-3] + "\n: AS\n" + ":\n" * 8
    rc, out, err = run(capsys, tmp_path, "play", "spider", "--moves", "2-1", position=spider)
    assert rc == 0 and "Completed: 1" in out and "Status: won" in out, err
    rc, again, err = run(capsys, tmp_path, "play", "spider", "--moves", "", position=out)
    assert rc == 0 and "Status: won" in again, err
    pyramid = "Game: pyramid\nLayout: 1\nCards: " + "-- " * 27 + "KS\nStock:\nWaste:\n"
    rc, out, err = run(capsys, tmp_path, "play", "pyramid", "--moves", "KS", position=pyramid)
    assert rc == 0 and "Status: won" in out, (out, err)
    rc, again, err = run(capsys, tmp_path, "play", "pyramid", "--moves", "", position=out)
    assert rc == 0 and "Status: won" in again, err


@pytest.mark.parametrize("redirect", ["full", "closed"])
def test_an_answer_that_cannot_be_written_is_one_line_on_stderr(redirect):
    """Standard output on a full disk, or closed: one line on stderr and exit 2 (the contract's error
    code; exit 1 is ``solve``'s "unsolvable", which a full disk must not read as), no traceback."""
    import os
    import subprocess
    import sys

    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    cmd = [sys.executable, "-m", "games", "deal", "tripeaks", "--number", "1"]
    if redirect == "full":
        if not os.path.exists("/dev/full"):
            pytest.skip(NO_DEV_FULL)
        with open("/dev/full", "w") as full:
            p = subprocess.run(cmd, cwd=root, stdout=full, stderr=subprocess.PIPE, text=True, timeout=60)
        want = "error: cannot write the output: No space left on device\n"
    else:
        p = subprocess.run(cmd, cwd=root, stderr=subprocess.PIPE, text=True, timeout=60,
                           preexec_fn=lambda: os.close(1))
        want = "error: standard output is closed\n"
    assert p.returncode == 2 and p.stderr == want, p.stderr


def test_a_solved_answer_that_cannot_be_written_is_no_unsolvable():
    """``solve`` of a deal that is solved, into a full disk: exit 2, never 1 ("unsolvable")."""
    import os
    import subprocess
    import sys

    if not os.path.exists("/dev/full"):
        pytest.skip(NO_DEV_FULL)
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    cmd = [sys.executable, "-m", "games", "solve", "tripeaks", "--number", "1"]
    assert subprocess.run(cmd, cwd=root, capture_output=True, timeout=120).returncode == 0
    with open("/dev/full", "w") as full:
        p = subprocess.run(cmd, cwd=root, stdout=full, stderr=subprocess.PIPE, text=True, timeout=120)
    assert p.returncode == 2 and p.stderr == "error: cannot write the output: No space left on device\n"


def test_a_lone_carriage_return_inside_a_line_does_not_split_it():
    """Line numbers in messages are an editor's: a "\\r" inside a line (not before its "\\n") is
    white space of that line, not a line break; CRLF and CR-only files still read."""
    from games.position import PositionError, read_fields

    f = read_fields("Game: freecell\nA: 1\rB: 2\nC: 3\r\n")
    assert f.values["a"] == ("1\rB: 2", 2) and f.values["c"] == ("3", 3)
    assert read_fields("A: 1\rB: 2\r").values["b"] == ("2", 2)      # old Mac line ends
    with pytest.raises(PositionError, match="line 3: "):
        read_fields("A: 1\nB: 2\rx\nno colon here\n")


@pytest.mark.parametrize("game", ["devils-grip", "freecell"])
@pytest.mark.parametrize("value, bad", [("abc", "abc"), ("-3", "-3"), ("", "'Score:' has no value"),
                                        ("٣", "٣"), ("1" * 31, "1" * 31)])
def test_a_computed_score_line_must_still_be_a_number(capsys, tmp_path, game, value, bad):
    """Devil's Grip and FreeCell compute their score, but a malformed ``Score:`` is refused as in
    the other games (docs/contract.md, "Cards and positions")."""
    text = deal(capsys, tmp_path, game) + f"Score: {value}\n"
    rc, out, err = run(capsys, tmp_path, "moves", game, position=text)
    refused(rc, err, bad)
    assert out == ""


@pytest.mark.parametrize("game", ["devils-grip", "freecell"])
def test_a_computed_score_line_that_is_a_number_is_ignored(capsys, tmp_path, game):
    text = deal(capsys, tmp_path, game)
    rc, out, err = run(capsys, tmp_path, "moves", game, position=text + "Score: 0012\n")
    assert rc == 0, err
    assert out == run(capsys, tmp_path, "moves", game, position=text)[1]


@pytest.mark.parametrize("game, key", [("klondike", "Draw"), ("spider", "Suits"), ("spider", "Relaxed"),
                                       ("tripeaks", "Mode"), ("pyramid", "Passes"), ("pyramid", "Layout")])
@pytest.mark.parametrize("command", ["moves", "play"])
def test_an_empty_rule_line_is_refused(capsys, tmp_path, game, key, command):
    """``Draw:`` with no value is refused, as ``Moves:`` with none is, rather than read as the
    default or the ``--option`` (docs/contract.md, "Cards and positions")."""
    text = "".join(line + "\n" for line in deal(capsys, tmp_path, game).splitlines()
                   if not line.startswith(key + ":")) + f"{key}:   # no value\n"
    extra = ["--moves", "s" if game != "spider" else "d"] if command == "play" else []
    rc, out, err = run(capsys, tmp_path, command, game, *extra, position=text)
    refused(rc, err, f"'{key}:' has no value")
    assert out == ""


@pytest.mark.parametrize("pass_no, ok", [("4", False), ("0", False), ("3", True), ("1", True)])
def test_pyramid_pass_is_within_its_passes(capsys, tmp_path, pass_no, ok):
    """``Passes: 3`` with ``Pass: 4`` is a position no game reaches: refused, not printed."""
    text = deal(capsys, tmp_path, "pyramid", "--option", "passes=3") + f"Pass: {pass_no}\n"
    assert "Passes: 3" in text
    rc, out, err = run(capsys, tmp_path, "play", "pyramid", "--moves", "s", position=text)
    if ok:
        assert rc == 0, err
        assert (f"Pass: {pass_no}" in out) == (pass_no != "1")  # pass 1 is the default, not written
    else:
        refused(rc, err, f"pass {pass_no} is out of range (1..3)")
        assert out == ""


GAMES = ["tripeaks", "pyramid", "devils-grip", "spider", "klondike", "freecell"]


# every pair of games; FreeCell's positions have no Game: line (fc-solve's format), so none is from it
@pytest.mark.parametrize("src, dst", [(a, b) for a in GAMES if a != "freecell" for b in GAMES if a != b])
def test_another_games_position_is_named_as_such(capsys, tmp_path, src, dst):
    """``deal klondike`` given to ``moves tripeaks`` says whose position it is, not that a key of
    it is unknown: the ``Game:`` line is checked first."""
    text = deal(capsys, tmp_path, src)
    rc, out, err = run(capsys, tmp_path, "moves", dst, position=text)
    refused(rc, err, f"this is a position of '{src}', not {dst}")
    assert out == ""


@pytest.mark.parametrize("command", [["moves"], ["play", "--moves", "s"], ["solve"]])
@pytest.mark.parametrize("extra", ["Moves: x\n", "Moves:\n", "Moves: 99999999999\n"])
def test_another_games_position_is_named_before_its_moves_line_is_judged(capsys, tmp_path, command, extra):
    """A Klondike position with a bad ``Moves:`` line given to a Spider command is named as
    Klondike's (the move counter was judged first: "Moves 'x' is not a whole number"), as every
    other line of another game's position is; given to Klondike, the bad line is refused."""
    text = deal(capsys, tmp_path, "klondike") + extra
    rc, out, err = run(capsys, tmp_path, command[0], "spider", *command[1:], position=text)
    refused(rc, err, "this is a position of 'klondike', not spider")
    assert out == ""
    rc, out, err = run(capsys, tmp_path, command[0], "klondike", *command[1:], position=text)
    assert rc == 2 and "Moves" in err and "position of" not in err, err


def test_another_games_position_is_named_before_a_conflicting_option(capsys, tmp_path):
    """``--option suits=4`` beside a position whose ``Suits:`` line says 2 but whose ``Game:``
    line names Klondike: the game is named first, not the option's conflict."""
    text = deal(capsys, tmp_path, "klondike").replace("Draw: 1", "Suits: 2")
    rc, out, err = run(capsys, tmp_path, "moves", "spider", "--option", "suits=4", position=text)
    refused(rc, err, "this is a position of 'klondike', not spider")



@pytest.mark.parametrize("down", [(True, True), (False, True)])
def test_devils_grip_talon_cards_are_face_up(capsys, tmp_path, down):
    """Face-down notation on Devil's Grip's face-up talon is refused, as ``(TC)`` in Klondike's
    waste is; the same two cards written face up are taken."""
    text = deal(capsys, tmp_path, "devils-grip")
    stock_line = next(line for line in text.splitlines() if line.startswith("Stock:"))
    stock = [tok.strip("()") for tok in stock_line.split()[1:]]
    talon = [f"({c})" if d else c for c, d in zip(stock[:2], down)]
    rest = "Stock: " + " ".join(f"({c})" for c in stock[2:])
    bad = text.replace(stock_line, rest).replace("Talon:", "Talon: " + " ".join(talon))
    rc, out, err = run(capsys, tmp_path, "moves", "devils-grip", position=bad)
    refused(rc, err, f"the talon's cards are face up: {talon[0] if down[0] else talon[1]}")
    good = text.replace(stock_line, rest).replace("Talon:", "Talon: " + " ".join(stock[:2]))
    assert run(capsys, tmp_path, "moves", "devils-grip", position=good)[0] == 0


@pytest.mark.parametrize("move", ["th+03c", "03c+TH", "zz", "KS+X"])
def test_pyramid_names_the_whole_move_that_is_no_move(capsys, tmp_path, move):
    """A Pyramid pair with a piece that is no card is refused naming the whole text typed, as
    every game names a text that is no move."""
    text = deal(capsys, tmp_path, "pyramid")
    rc, out, err = run(capsys, tmp_path, "play", "pyramid", "--moves", move, position=text)
    refused(rc, err, f"illegal: '{move}' is not a move")
    assert out == ""


@pytest.mark.parametrize("layout", ["L7", "L07", "L007", "L0000000007"])
def test_a_codes_layout_takes_any_leading_zeros(capsys, tmp_path, layout):
    """``PY1-L007-AAAAAAB`` is layout 7 as ``L07`` is (docs/contract.md: leading zeros are accepted
    in a code's layout)."""
    rc, out, err = run(capsys, tmp_path, "deal", "pyramid", "--code", f"PY1-{layout}-AAAAAAB")
    assert rc == 0, err
    assert out.startswith("# code: PY1-L07-AAAAAAB\n") and "Layout: 7\n" in out


def test_no_command_names_the_commands_and_games(capsys):
    """``python -m games`` alone: exit 2, one line naming every command and every game."""
    from games.__main__ import COMMANDS
    from games.registry import available

    assert main([]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
    for word in (*COMMANDS, *available(), "--help"):
        assert word in err


def test_help_lists_every_game_with_its_options_and_defaults(capsys):
    """``--help`` ends with a line a game: its name and each option's values, the default first."""
    from games.registry import available, find_game

    with pytest.raises(SystemExit) as done:
        main(["--help"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    lines = {ln.split()[0]: ln for ln in out.splitlines() if ln.startswith("  ") and ln.split()[0] in available()}
    assert list(lines) == available()
    for name in available():
        for key, values in find_game(name).options.items():
            shown = f"{key}={values[0]}" + (f"..{values[-1]}" if len(values) > 6 else "|")
            assert shown in lines[name], (name, key)


@pytest.mark.parametrize("command", ["deal", "moves", "play", "solve", "winnability"])
def test_a_command_without_a_game_names_the_games(capsys, command):
    from games.registry import available

    assert main([command]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and all(g in err for g in available()), err


@pytest.mark.parametrize("command", ["deal", "moves", "play", "solve", "winnability"])
def test_each_commands_help_says_what_its_arguments_take(capsys, command):
    """A command's ``--help`` names the games and gives every flag a line of its own: the
    position file's ``-`` for standard input, the code's shape, the timeout's clock."""
    from games.registry import available

    with pytest.raises(SystemExit):
        main([command, "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert all(g in out for g in available())
    wants = {"deal": ["TP1-E-AAAAAAB", "default 1"], "moves": ["- for standard input"],
             "play": ["- for standard input", "Move notation"],
             "solve": ["TP1-E-AAAAAAB", "- for standard input", "seconds of the clock"],
             "winnability": ["CPU seconds", "A-B"]}[command]
    for w in wants:
        assert w in out, (command, w)


@pytest.mark.parametrize("jobs, said", [("-1", "argument --jobs: the value -1 is out of range (0..4096)"),
                                        ("x", "argument --jobs: the value 'x' is not a whole number")])
def test_a_bad_jobs_value_names_the_flag_once_and_says_what_is_wrong(capsys, jobs, said):
    assert main(["winnability", "tripeaks", "--deals", "1", "--jobs", jobs]) == 2
    assert capsys.readouterr().err == f"error: {said}\n"


def _command(args, **kw):
    """``python -m games ARGS`` in a process of its own (``subprocess.run``'s keywords)."""
    import os
    import subprocess
    import sys

    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    return subprocess.run([sys.executable, "-m", "games", *args], cwd=root, timeout=120, **kw)


@pytest.mark.parametrize("command", ["moves", "play", "solve"])
def test_a_position_from_closed_standard_input_is_one_line(command):
    """``--position -`` with standard input closed (``<&-``) ended in a traceback (``sys.stdin``
    is None), exit 1: one line and exit 2, as any unreadable position."""
    import os

    extra = ["--moves", ""] if command == "play" else []
    p = _command([command, "tripeaks", "--position", "-", *extra], capture_output=True, text=True,
                 preexec_fn=lambda: os.close(0))
    assert (p.returncode, p.stdout, p.stderr) == (2, "", "error: cannot read standard input: it is closed\n")


def test_with_standard_error_closed_an_error_never_lands_in_the_answer():
    """With standard error closed (``2>&-``), ``print(file=sys.stderr)`` wrote the error line to
    standard output, where a script reads a position: the line is lost, the exit code says it."""
    import os
    import subprocess

    for args in (["deal", "tripeaks", "--number", "0"], ["deal", "tripeaks", "--bogus"], ["deal"]):
        p = _command(args, stdout=subprocess.PIPE, text=True, preexec_fn=lambda: os.close(2))
        assert (p.returncode, p.stdout) == (2, ""), args


@pytest.mark.parametrize("args", [["--help"], ["deal", "--help"], ["solve", "-h"]])
def test_help_into_a_full_disk_says_so(args):
    """argparse's help swallowed a failed write: ``--help > /dev/full`` exited 0 saying nothing,
    where every other answer says it could not be written and exits 2."""
    import os
    import subprocess

    if not os.path.exists("/dev/full"):
        pytest.skip(NO_DEV_FULL)
    with open("/dev/full", "w") as full:
        p = _command(args, stdout=full, stderr=subprocess.PIPE, text=True)
    assert (p.returncode, p.stderr) == (2, "error: cannot write the output: No space left on device\n")


@pytest.mark.parametrize("source", ["file", "stdin"])
def test_a_position_larger_than_a_megabyte_is_refused_unread(tmp_path, source):
    """A 12 MB file of blank lines after a good position took 2.6 GB of memory (a list entry a
    line) and 45 s, and a MemoryError traceback under a memory limit: a position over 1 MB is
    refused in one line, exit 2, before it is read whole."""
    import subprocess

    from games.quoting import quote_path

    good = _command(["deal", "tripeaks"], capture_output=True, text=True).stdout
    huge = tmp_path / "huge.txt"
    huge.write_text(good + "\n" * (3 << 20))
    if source == "file":
        p = _command(["moves", "tripeaks", "--position", str(huge)], capture_output=True, text=True)
        name = f"position file '{quote_path(str(huge))}'"
    else:
        with open(huge) as fh:
            p = _command(["moves", "tripeaks", "--position", "-"], stdin=fh, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True)
        name = "standard input"
    assert (p.returncode, p.stdout) == (2, "") and p.stderr == f"error: {name} is larger than 1 MB: no position is so long\n"
    big = tmp_path / "big.txt"                     # a long game's position, under the limit, is read
    big.write_text(good + "# a note\n" * 50_000)
    assert _command(["moves", "tripeaks", "--position", str(big)], capture_output=True).returncode == 0


@pytest.mark.parametrize("dash", ["\u2010", "\u2011", "\u2013", "\u2014", "\u2212", "\uff0d"])
def test_a_code_written_with_a_unicode_dash_reads_as_the_code(capsys, tmp_path, dash):
    """Word processors and chat apps set a hyphen, a non-breaking hyphen or an en dash in place of
    '-': the code was refused with a message showing the same-looking text as the expected one."""
    rc, out, err = run(capsys, tmp_path, "deal", "tripeaks", "--code", f"TP1{dash}E{dash}AAAAAAB")
    assert rc == 0 and "# code: TP1-E-AAAAAAB" in out, err


@pytest.mark.parametrize("game, line", [("tripeaks", "Score: +5"), ("tripeaks", "Streak: +3"),
                                        ("spider", "Completed: +1"), ("klondike", "Recycles: +2")])
def test_a_plus_sign_is_no_digit_in_a_position(capsys, tmp_path, game, line):
    """Numbers are ASCII digits only (docs/contract.md): ``Moves: +3`` was refused but ``Score: +5``,
    ``Streak: +3``, ``Completed: +1`` and ``Recycles: +2`` were read; each is refused naming it."""
    import re

    key, value = line.split(": ")
    text = deal(capsys, tmp_path, game)
    text = re.sub(rf"(?m)^{key}:.*$", line, text) if f"\n{key}:" in text else text + line + "\n"
    rc, out, err = run(capsys, tmp_path, "moves", game, position=text)
    assert rc == 2 and out == "" and f"'{value}' is not a whole number" in err and key.lower() in err.lower(), err


def test_a_plus_sign_is_no_digit_in_jobs(capsys):
    rc = main(["winnability", "tripeaks", "--deals", "1-2", "--jobs", "+1"])
    out, err = capsys.readouterr()
    assert rc == 2 and out == "" and "'+1'" in err, err


@pytest.mark.parametrize("selector", ["\ufe0f", "\ufe0e"])
def test_a_suit_symbol_in_its_emoji_or_text_form_reads_as_the_suit(capsys, tmp_path, selector):
    """``♥️`` (U+2665 U+FE0F) is how phone keyboards and many web pages write a suit symbol: a move
    ``7♥️`` was "not a move" and a position's ``8♥️`` had "unknown suit ''" (the selector, which
    shows as nothing). Both read as the suit; a selector after anything else is quoted as its escape."""
    rc, start, err = run(capsys, tmp_path, "deal", "tripeaks", "--number", "7")
    rc, want, err = run(capsys, tmp_path, "play", "tripeaks", "--moves", "7H", position=start)
    assert rc == 0, err
    rc, out, err = run(capsys, tmp_path, "play", "tripeaks", "--moves", f"7♥{selector}", position=start)
    assert rc == 0 and out == want, err
    waste = next(line for line in start.splitlines() if line.startswith("Waste:"))
    card = waste.split()[-1]
    symbol = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}[card[-1]]
    rc, again, err = run(capsys, tmp_path, "moves", "tripeaks",
                         position=start.replace(waste, f"Waste: {card[:-1]}{symbol}{selector}"))
    assert rc == 0, err
    rc, out, err = run(capsys, tmp_path, "moves", "tripeaks",
                       position=start.replace(waste, f"Waste: {card[:-1]}X{selector}"))
    assert rc == 2 and f"unknown suit '\\u{ord(selector):04x}'" in err, err


@pytest.mark.parametrize("game, number, old, new, said", [
    ("tripeaks", "7", "Waste: 8H", "Waste: (8H)", "line 8: the waste's cards are face up: (8H)"),
    ("pyramid", "3", "Cards: 6H", "Cards: (6H)", "line 4: the pyramid's cards are face up: (6H)"),
    ("pyramid", "3", "Stock: 9C", "Stock: (9C)", "line 5: the stock's cards are face up: (9C)"),
    ("devils-grip", "2", "Row 1: JC", "Row 1: (JC)", "line 3 (Row 1, cell 1.1): the grid's cards are face up: '(JC)'"),
])
def test_a_face_down_mark_where_every_card_lies_face_up_is_refused(capsys, tmp_path, game, number, old, new, said):
    """Klondike's waste and Devil's Grip's talon refuse a card written face down; TriPeaks' waste
    and Pyramid's cards took one silently, and Devil's Grip's grid said "unknown suit ')'"."""
    rc, text, err = run(capsys, tmp_path, "deal", game, "--number", number)
    assert rc == 0 and old in text, err
    rc, out, err = run(capsys, tmp_path, "moves", game, position=text.replace(old, new, 1))
    assert (rc, out, err) == (2, "", f"error: {said}\n")


def test_winnabilitys_best_results_line_comes_after_the_tally_with_the_true_median(capsys):
    """Devil's Grip's ``best results:`` summary on stderr: the median of two bests 26 and 22 was
    printed 26 (the upper middle one); it is 24, and the line comes after the tally."""
    import io

    from games import winnability
    from games.registry import find_game

    bests = {1: 26, 2: 22, 3: 9}

    def solve(task):
        number = task[1]
        return number, "unknown", 0.5, 0, bests[number]

    out = io.StringIO()
    assert winnability.run(find_game("devils-grip"), 1, 2, {}, 1.0, 1, out, solve=solve) == 0
    assert out.getvalue().splitlines()[-1].startswith("solved 0, unsolvable 0, unknown 2, seconds ")
    assert capsys.readouterr().err == "best results: <=0 0, <=2 0, <=5 0, <=10 0, median 24, of 2\n"
    winnability.run(find_game("devils-grip"), 1, 3, {}, 1.0, 1, io.StringIO(), solve=solve)
    assert capsys.readouterr().err.endswith(", <=10 1, median 22, of 3\n")


@pytest.mark.parametrize("stderr", ["closed", "full"])
def test_winnabilitys_tally_and_exit_code_survive_a_standard_error_that_cannot_be_written(stderr):
    """With standard error closed or on a full disk, writing the ``best results:`` line failed and
    cost the closing tally (never written) and the exit code (1)."""
    import os
    import subprocess

    args = ["winnability", "devils-grip", "--deals", "1-2", "--timeout", "0.05", "--jobs", "1"]
    if stderr == "closed":
        p = _command(args, stdout=subprocess.PIPE, text=True, preexec_fn=lambda: os.close(2))
    else:
        if not os.path.exists("/dev/full"):
            pytest.skip(NO_DEV_FULL)
        with open("/dev/full", "w") as full:
            p = _command(args, stdout=subprocess.PIPE, stderr=full, text=True)
    lines = p.stdout.splitlines()
    assert p.returncode == 0 and len(lines) == 3 and lines[-1].startswith("solved 0, unsolvable "), p.stdout


@pytest.mark.parametrize("game", ["tripeaks", "pyramid", "klondike", "freecell"])
def test_a_card_twice_names_the_line_of_each_copy(game, tmp_path):
    """A card written twice is refused naming the line of the second copy and of the first, as
    Devil's Grip and every other fault of a position name their line (rival32 R16: "KS appears
    twice" said neither)."""
    import re

    from games.core import PositionError
    from games.registry import find_game

    rules = find_game(game)
    text = rules.format_position(rules.deal(1, {}))
    lines = text.splitlines()
    carded = [i for i, line in enumerate(lines) if not line.startswith("#") and re.search(r"\b[2-9TJQKA][CDHS]\b", line)]
    first = re.search(r"\b([2-9TJQKA][CDHS])\b", lines[carded[0]]).group(1)
    lines[carded[-1]] = re.sub(r"[2-9TJQKA][CDHS](\)?)\s*$", first + r"\1", lines[carded[-1]])
    with pytest.raises(PositionError) as e:
        rules.parse_position("\n".join(lines) + "\n", {})
    assert str(e.value) == f"line {carded[-1] + 1}: {first} appears twice (also on line {carded[0] + 1})"


def test_spider_a_card_past_its_copies_names_its_lines():
    """Spider's deck has two copies of each card with 4 suits: a third copy is refused naming the
    line of the third and the lines of the two before it; a card of a suit the variant does not
    deal names its line."""
    from games.core import PositionError
    from games.registry import find_game

    rules = find_game("spider")
    lines = rules.format_position(rules.deal(1, {"suits": "4"})).splitlines()
    cols = [i for i, line in enumerate(lines) if line.startswith(":")]
    tops = {i: lines[i].split()[-1] for i in cols}
    card = tops[cols[0]].strip("()")
    # the card's two copies, wherever they lie, and a third written as the last column's top
    where = sorted(i + 1 for i, line in enumerate(lines)
                   if not line.startswith("#") and card in line.replace("(", " ").replace(")", " ").split())
    assert len(where) <= 2
    last = cols[-1]
    lines[last] = " ".join(lines[last].split()[:-1] + [card])
    with pytest.raises(PositionError) as e:
        rules.parse_position("\n".join(lines) + "\n", {})
    copies = sorted(where + [last + 1])
    also = ", ".join(str(n) for n in copies if n != copies[2])
    assert str(e.value) == (f"line {copies[2]}: {card} appears 3 times; the 4-suit deck has 2 "
                            f"(also on line{'s' if ',' in also else ''} {also})")

    one = rules.format_position(rules.deal(1, {"suits": "1"})).splitlines()
    c1 = [i for i, line in enumerate(one) if line.startswith(":")][3]
    one[c1] = " ".join(one[c1].split()[:-1] + ["KH"])
    with pytest.raises(PositionError, match=rf"^line {c1 + 1}: KH is not in the 1-suit deck"):
        rules.parse_position("\n".join(one) + "\n", {})
