"""The column games' card width is the widest that fits (``ColumnsTable.ladder_fit``): at the
deal the widest at which every face-up card shows its whole index, and when a column grows past
the room the widest that fits a real step down from the width before, never the ladder's next
rung when a wider width fits (table34, task 4: Spider 4 suits at 844x390, deals 1 and 3 of
bench/columns_fit.py, went from 46 px to 33 px where 35 px fits; 36 px needed 258 and 260.5 px
of 257 px)."""
import pytest

from conftest import new_app
from ui.table import table_class

SIZES = [(390, 844), (844, 390), (1280, 800)]
GAMES = [("klondike", {"draw": "1"}), ("freecell", {}), ("spider", {"suits": "1"}), ("spider", {"suits": "2"}),
         ("spider", {"suits": "4"})]


def table(game, options, number, size, state=None):
    return new_app(table_class(game)(number, options, state=state), size=size).scene


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game,options", GAMES)
def test_a_deal_is_shown_at_the_widest_width_that_shows_every_index_whole(game, options, size):
    for number in (1, 2, 3, 5, 8):
        t = table(game, options, number, size)
        assert t.card_w == t.fit_width(t.state, whole=True), (number, t.card_w)


def longer_first_column(t, k: int):
    """The table's deal with ``k`` cards of its stock (Klondike, Spider) laid on its first column,
    face up in Spider, face down under its cards in Klondike (whose face-up cards make a run): a
    column as long as a game's longest."""
    rules = t.rules
    lines = rules.format_position(t.state).splitlines()
    stock_at = next(i for i, line in enumerate(lines) if line.startswith("Stock:"))
    stock = lines[stock_at].split()[1:]
    moved, rest = stock[:k], stock[k:]
    lines[stock_at] = " ".join(["Stock:"] + rest)
    first = next(i for i, line in enumerate(lines) if line.startswith(":"))
    if t.game == "spider":
        lines[first] += " " + " ".join(c.strip("()") for c in moved)
    else:
        lines[first] = ": " + " ".join(moved + lines[first].split()[1:])
    return rules.parse_position("\n".join(lines), t.options)


def step_top(t, now: int) -> int:
    """The widest width a shrink from ``now`` may take: the wider of ``now`` × STEP and the
    widest width of the STEP ladder under ``now``."""
    rung = float(t.base_w)
    while round(rung) >= now:
        rung *= t.STEP
    return min(now - 1, max(round(now * t.STEP), round(rung)))


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game,options", [g for g in GAMES if g[0] != "freecell"])
def test_a_column_past_the_room_shrinks_the_cards_to_the_widest_width_that_fits(game, options, size):
    """Cards laid on the first column one by one: each time the cards no longer fit at the width
    before, the new width fits, and no width between it and a step down from the width before
    does."""
    t = table(game, options, 1, size)
    now, shrunk = t.card_w, 0
    for k in range(1, 25):
        s = longer_first_column(t, k)
        need = t.column_needs(s)
        w = t.next_width(s, now)
        assert t.fits(need, w) or w == 20
        if w < now:
            shrunk += 1
            assert not any(t.fits(need, x) for x in range(w + 1, step_top(t, now) + 1)), (k, now, w)
        now = w
    if game == "spider" and size != (390, 844):
        assert shrunk >= 1


def test_spider_four_suits_on_a_phone_on_its_side_takes_35_px_where_36_does_not_fit():
    """The widths of the QA case: from 46 px, a column that needs more than 257 px at 36 px but
    fits at 35 px gives 35-px cards (the ladder's next rung, 33 px, before)."""
    t = table("spider", {"suits": "4"}, 1, (844, 390))
    found = []
    for k in range(1, 45):
        s = longer_first_column(t, k)
        need = t.column_needs(s)
        if not t.fits(need, 36) and t.fits(need, 35):
            found.append(t.next_width(s, 46))
    assert found and set(found) == {35}
