"""Command-line cases where docs/contract.md was silent or the code did other than it says (a
rival's conformance pass): a message naming two deals, a code glued to a word by a sign, a range
given twice, face-down cards and ``--`` where no place is."""
import pytest

from conftest import run_cli


run = run_cli


@pytest.mark.parametrize("text, first, second", [
    ("KL1-D1-AAAAAAB https://x/?deal=KL1-D1-AAAAAAC", "KL1-D1-AAAAAAB", "KL1-D1-AAAAAAC"),
    ("https://x/?deal=KL1-D1-AAAAAAC KL1-D1-AAAAAAB", "KL1-D1-AAAAAAC", "KL1-D1-AAAAAAB"),
    ("was KL1-D1-AAAAAAB, now KL1-D1-AAAAAAC", "KL1-D1-AAAAAAB", "KL1-D1-AAAAAAC"),
    ("https://x/?deal=KL1-D1-AAAAAAB&deal=KL1-D1-AAAAAAC", "KL1-D1-AAAAAAB", "KL1-D1-AAAAAAC"),
    # a list as chat apps and spreadsheets copy one, brackets, a zero-width space (fresh31b G1:
    # the two were glued into one code and refused for its rule part)
    ("KL1-D1-AAAAAAB,KL1-D1-AAAAAAC", "KL1-D1-AAAAAAB", "KL1-D1-AAAAAAC"),
    ("KL1-D1-AAAAAAB;TP1-E-AAAAAAC", "KL1-D1-AAAAAAB", "TP1-E-AAAAAAC"),
    ("KL1-D1-AAAAAAB/KL1-D1-AAAAAAC", "KL1-D1-AAAAAAB", "KL1-D1-AAAAAAC"),
    ("(KL1-D1-AAAAAAB)(KL1-D1-AAAAAAC)", "KL1-D1-AAAAAAB", "KL1-D1-AAAAAAC"),
    ("KL1-D1-AAAAAAB\u200bKL1-D1-AAAAAAC", "KL1-D1-AAAAAAB", "KL1-D1-AAAAAAC"),
    # a code and a plain number, two numbers (fresh31b G7: the number was dropped, or the two
    # numbers' digits run together into a third deal)
    ("KL1-D1-AAAAAAB #618", "KL1-D1-AAAAAAB", "618"),
    ("617, 618", "617", "618"),
])
def test_a_message_naming_two_deals_is_refused_naming_both(capsys, text, first, second):
    rc, out, err = run(capsys, "deal", "klondike", "--code", text)
    assert rc == 2 and out == ""
    assert f"holds two deal codes: '{first}' and '{second}'" in err, err


def test_the_same_deal_twice_in_a_message_is_taken_once(capsys):
    rc, out, err = run(capsys, "deal", "klondike", "--code", "KL1-D1-AAAAAAC or kl1-d1-aaaaaac?")
    assert rc == 0 and out.startswith("# code: KL1-D1-AAAAAAC\n"), err


@pytest.mark.parametrize("text", ["code:KL1-D1-AAAAAAC", "(deal:KL1-D1-AAAAAAC)", "https://x/?DEAL=KL1-D1-AAAAAAC",
                                  "https://x/#deal=KL1-D1-AAAAAAC", "see https://x/?lang=ru&Deal=KL1-D1-AAAAAAC"])
def test_a_code_after_a_sign_opens_its_deal(capsys, text):
    rc, out, err = run(capsys, "deal", "klondike", "--code", text)
    assert rc == 0 and out.startswith("# code: KL1-D1-AAAAAAC\n"), err


@pytest.mark.parametrize("a, b", [("1", "1-1"), ("5-5", "05")])
def test_deals_n_and_the_range_n_n_are_one_value(capsys, a, b):
    rc, out, err = run(capsys, "winnability", "tripeaks", "--jobs", "1", "--timeout", "0.5", "--deals", a, "--deals", b)
    assert rc == 0 and "given twice" not in err, err


def dealt(capsys, game, number="1"):
    rc, out, err = run(capsys, "deal", game, "--number", number)
    assert rc == 0, err
    return out


def edited(text, old, new):
    assert old in text
    return text.replace(old, new, 1)


@pytest.mark.parametrize("game, old, new, line", [
    ("klondike", "\n: (4S) 7D\n", "\n: (4S) -- 7D\n", 8),
    ("klondike", "Stock: (KS) (KH)", "Stock: (KS) -- (KH)", 5),
    ("spider", "Stock: ", "Stock: -- ", 5),
    ("tripeaks", "Waste: ", "Waste: -- ", 8),
    ("freecell", "Freecells: - - - -\n: ", "Freecells: - - - -\n: -- ", 4),
    ("freecell", "\n: ", "\n: -- -- ", 4),
])
def test_an_empty_place_between_the_cards_of_a_pile_is_refused(capsys, monkeypatch, game, old, new, line):
    text = edited(dealt(capsys, game), old, new)
    rc, out, err = run(capsys, "moves", game, "--position", "-", stdin=text, monkeypatch=monkeypatch)
    assert rc == 2 and out == "" and "'--' stands for an empty place" in err, err
    assert err.startswith(f"error: line {line}: "), err


def test_an_empty_place_alone_is_an_empty_pile(capsys, monkeypatch):
    text = edited(dealt(capsys, "klondike"), "\nWaste:\n", "\nWaste: --\n")
    rc, out, err = run(capsys, "moves", "klondike", "--position", "-", stdin=text, monkeypatch=monkeypatch)
    assert rc == 0 and out, err


def test_a_freecell_column_written_empty_place_alone_is_an_empty_column(capsys, monkeypatch):
    """FreeCell reads `: --` as the empty column, as Klondike and Spider read theirs; `--` between
    cards is refused as an empty place, not as a face-down card (QA fresh30b G4: "column 1 may hold
    only face-up cards")."""
    lines = dealt(capsys, "freecell").splitlines()
    lines[-2] += " " + lines[-1][2:]     # the last column's cards onto the one before
    lines[-1] = ": --"
    rc, out, err = run(capsys, "moves", "freecell", "--position", "-", stdin="\n".join(lines) + "\n",
                       monkeypatch=monkeypatch)
    assert rc == 0 and "18/1" in out.split() and "8a" not in out.split(), err     # column 8 empty


def test_a_face_down_card_in_a_free_cell_is_refused_as_in_a_column(capsys, monkeypatch):
    text = edited(edited(dealt(capsys, "freecell"), "\n: JD KD", "\n: KD"), "Freecells: - - - -", "Freecells: (JD) - - -")
    rc, out, err = run(capsys, "play", "freecell", "--position", "-", "--moves", "", stdin=text, monkeypatch=monkeypatch)
    assert rc == 2 and out == "" and "face up: (JD)" in err, err




@pytest.mark.parametrize("args, text", [
    (("solve", "tripeaks", "--number", "1", "--timeout", "9" * 31), "9" * 31),
    (("deal", "klondike", "--number", "0" * 34 + "1"), "0" * 34 + "1"),
    (("winnability", "tripeaks", "--deals", "1-" + "0" * 33 + "2"), "0" * 33 + "2"),
    (("winnability", "tripeaks", "--deals", "0" * 33 + "2"), "0" * 33 + "2"),
    (("winnability", "tripeaks", "--deals", "1-2", "--jobs", "0" * 33 + "1"), "0" * 33 + "1"),
])
def test_a_number_of_more_than_30_digits_is_refused_as_too_long(capsys, args, text):
    """docs/contract.md takes at most 30 digits in a number; more were refused as "not a number of
    seconds (digits, …)" or "not a deal number", untrue of a text all digits (rival34 R5)."""
    rc, out, err = run(capsys, *args)
    assert rc == 2 and out == "" and err.count("\n") == 1, err
    assert "has more than 30 digits" in err and text in err, err
