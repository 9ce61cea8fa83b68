"""The column games' tables (Klondike, FreeCell, Spider) driven headless through the real App:
posted mouse events at card positions, frames run, the rules' states checked."""
import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


import pygame
import pytest

from games.cards import deck, parse_card
from games.core import WON
from games.freecell import CELL, FOUNDATION, FreeCell, FreeCellState, Move as FMove
from games.klondike import Klondike, KlondikeState
from games.spider import DEAL, Spider, SpiderState
from ui.table import columns as columns_mod
from ui.table.columns import fan_offsets
from ui.table.freecell import FreeCellTable
from ui.table.klondike import KlondikeTable
from ui.table.spider import SpiderTable
from ui.table import hit
from conftest import click, drag, new_app as open_app, tap

SIZES = [(1280, 800), (390, 844), (844, 390)]
C = parse_card


def make(cls, size=(1280, 800), number=1, state=None, anim="off", **kw):
    return open_app(cls(number if state is None else None, state=state), size, anim_speed=anim, **kw)


@pytest.fixture(autouse=True)
def _quit(fake_clock):
    """The App reads a fake clock (conftest.FakeClock), so the flights, automatic moves and hint
    slices of a test do not depend on the machine's load."""
    yield
    pygame.display.quit()


def point(t, key, i):
    """A pixel where the table's hit test answers card ``i`` of pile ``key``."""
    rects = t.pile_rects(t.state, key)
    r = rects[i]
    bottom = rects[i + 1].y if i + 1 < len(rects) and rects[i + 1].y > r.y else r.bottom
    p = (r.centerx, (r.y + bottom) // 2)
    assert t.hit_test(p) == hit.card(key, i), (key, i, t.hit_test(p))
    return p


def post(kind, pos):
    pygame.event.post(pygame.event.Event(kind, pos=pos, button=1, touch=False, rel=(0, 0), buttons=(1, 0, 0)))


def run_frames(app, frames=2000):
    """Frames (5 ms apart on the App's fake clock) until the flights, automatic moves and finish
    are over, within a frame cap."""
    t = app.scene
    for _ in range(frames):
        app.frame()
        if not t.anim.busy("cfly") and t.auto_due is None and t.finish_due is None:
            break
        app.now.advance(0.005)


def fc_state(cols_text, cells=(None,) * 4, found=(0, 0, 0, 0), rest_to=(4, 5, 6, 7)):
    """A FreeCell state: the given columns (card texts bottom first) and every other card
    spread under the columns ``rest_to`` (below their given cards)."""
    cols = [[C(x) for x in c.split()] for c in cols_text]
    used = {c for col in cols for c in col} | {c for c in cells if c is not None}
    used |= {s * 16 + r for s in range(4) for r in range(1, found[s] + 1)}
    rest = [c for c in deck() if c not in used]
    # put the rest in ranks falling from K so nothing but what a test sets up can move home
    rest.sort(key=lambda c: -(c & 15))
    for k, c in enumerate(rest):
        cols[rest_to[k % len(rest_to)]].insert(0, c)
    return FreeCellState(tuple(tuple(c) for c in cols), tuple(cells), tuple(found))


# -- tap: best place, then the next --------------------------------------------------------------
def test_tap_sends_to_the_best_place_and_a_second_tap_to_the_next():
    s0 = fc_state(["9S", "TD", "TH", "KC", "", "", "", ""], rest_to=(4, 5, 6, 7))
    app = make(FreeCellTable, state=s0, auto_foundation=False)
    t = app.scene
    moves = FreeCell.tap_moves(s0, 0)
    assert len(moves) >= 3 and moves[0].dst in (1, 2)
    click(app, point(t, ("col", 0), 0))
    s1 = FreeCell.apply(s0, moves[0])
    assert t.state == s1 and t.history.moves == 1
    # the same card again, where it now lies: the next place it has not been
    d1 = moves[0].dst
    click(app, point(t, ("col", d1), len(s1.columns[d1]) - 1))
    nxt = [m for m in FreeCell.tap_moves(s1, d1) if m.dst not in (0, d1)][0]
    assert t.state == FreeCell.apply(s1, nxt)
    assert nxt.dst == ({1, 2} - {d1}).pop()   # the other red ten before a free cell


def test_refused_tap_shakes_and_says_why():
    s0 = fc_state(["9S 8S", "TD", "", "", "", "", "", ""], cells=(C("2C"), C("3C"), C("4C"), C("5C")))
    app = make(FreeCellTable, state=s0, anim="normal", auto_foundation=False)
    t = app.scene
    click(app, point(t, ("col", 0), 0))    # 9S under 8S: not a run
    assert t.state == s0 and t.history.moves == 0
    assert t.status_text == "Those cards are not in order and cannot move together"
    assert t.anim.busy("shake")


# -- drag ----------------------------------------------------------------------------------------
def run_state():
    return fc_state(["9S 8H 7C", "TD", "5S", "", "", "", "", ""], rest_to=(3, 4, 5, 6, 7))


def test_drag_a_run_onto_a_legal_column_snaps():
    s0 = run_state()
    app = make(FreeCellTable, state=s0, auto_foundation=False)
    t = app.scene
    n0 = len(s0.columns[0])
    start = point(t, ("col", 0), n0 - 3)
    top = t.pile_rects(t.state, ("col", 1))[-1]
    # dropped a little off the target: still snaps
    end = (start[0] + (top.centerx - start[0]) + t.card_w // 3, start[1] + (top.bottom - start[1]) + 6)
    drag(app, start, end)
    assert t.state == FreeCell.apply(s0, FMove(0, 1, 3))
    assert t.state.columns[1][-3:] == (C("9S"), C("8H"), C("7C"))
    assert t.drag is None


def test_drag_onto_an_illegal_spot_glides_back_and_changes_nothing():
    s0 = run_state()
    app = make(FreeCellTable, state=s0, anim="normal", auto_foundation=False)
    t = app.scene
    n0 = len(s0.columns[0])
    start = point(t, ("col", 0), n0 - 3)
    # onto column 3 (5S: refused), then onto the empty felt far from everything
    z = t.pile_rects(t.state, ("col", 2))[-1]
    drag(app, start, (z.centerx, z.centery))
    assert t.state is s0 and t.history.moves == 0
    assert t.anim.busy("cfly")              # gliding back
    assert t.status_text                    # says why
    run_frames(app)
    assert not t.anim.busy("cfly") and t.state is s0
    T = t.frame.table
    drag(app, point(t, ("col", 0), n0 - 1), (T.right - 4, T.bottom - 4))
    run_frames(app)
    assert t.state is s0 and t.history.moves == 0


def test_drag_onto_any_free_cell():
    s0 = run_state()
    app = make(FreeCellTable, state=s0, auto_foundation=False)
    t = app.scene
    n0 = len(s0.columns[0])
    cell = t.pile_rect[("cell", 2)]
    drag(app, point(t, ("col", 0), n0 - 1), cell.center)
    assert t.state.cells[2] == C("7C")


# -- double tap, auto to foundation, undo --------------------------------------------------------
def test_double_tap_sends_home(monkeypatch):
    # a busy machine may take long between the two clicks' frames: the double tap's window is
    # widened (what is tested is where the card goes, not the 0.35 s)
    monkeypatch.setattr(columns_mod, "DOUBLE_TAP", 30.0)
    # 3H goes home (hearts at 2) but is not safe (black foundations empty): a tap puts it on 4S
    s0 = fc_state(["3H", "4S", "", "", "", "", "", ""], found=(0, 0, 2, 0), rest_to=(2, 3, 4, 5, 6, 7))
    moves = FreeCell.tap_moves(s0, 0)
    assert moves[0] == FMove(0, 1, 1)
    app = make(FreeCellTable, state=s0, auto_foundation=False)
    t = app.scene
    p = point(t, ("col", 0), len(s0.columns[0]) - 1)
    click(app, p)
    assert t.state.columns[1][-1] == C("3H")
    click(app, p)                           # at once, same spot: a double tap
    assert t.state.foundations[2] == 3
    # one move home, as a double click is elsewhere: one on the counter, one Undo back to the deal
    assert t.history.actions == ["1h"] and t.history.moves == 1 and t.state.columns[1] == s0.columns[1]
    t.undo()
    assert t.state == s0


def test_a_mouse_double_click_at_a_desktops_speed_sends_home_a_finger_tap_that_late_does_not(fake_clock):
    """A double-click 0.45 s apart (within Windows' 0.5 s) is a double click for the mouse: 3H
    goes home in one move, not onto 4S with the 9D it uncovered then sent to a free cell (feel30
    K14); two finger taps that far apart are two taps, as a phone's double tap is 0.35 s."""
    s0 = fc_state(["9D 3H", "4S", "", "", "", "", "", ""], found=(0, 0, 2, 0), rest_to=(2, 3, 4, 5, 6, 7))
    app = make(FreeCellTable, state=s0, auto_foundation=False)
    t = app.scene
    p = point(t, ("col", 0), len(s0.columns[0]) - 1)
    click(app, p)
    assert t.state.columns[1][-1] == C("3H")
    fake_clock.advance(0.45)
    click(app, p)
    assert t.state.foundations[2] == 3 and t.history.actions == ["1h"]
    assert t.state.columns[0][-1] == C("9D")
    pygame.display.quit()
    app = make(FreeCellTable, state=s0, auto_foundation=False)
    t = app.scene
    p = point(t, ("col", 0), len(s0.columns[0]) - 1)
    tap(app, p)
    fake_clock.advance(0.45)
    tap(app, p)
    assert len(t.history.actions) == 2 and t.history.actions[0] == "12"


def test_a_tap_again_takes_home_first_once_the_automatic_moves_opened_it(fake_clock):
    """FreeCell, every suit home to 6, column 1 ends 7H 8H, column 2 holds 9S: a tap sends 8H onto
    9S and the 7H it uncovered goes home by itself. A tap on 8H again a second later (the tap
    cycle, not a double tap) sends it home, as a fresh tap would: home was not among the first
    tap's places, and it went to a free cell (fresh31 F10)."""
    s0 = fc_state(["7H 8H", "9S", "", "", "", "", "", ""], found=(6, 6, 6, 6), rest_to=(2, 3, 4, 5, 6, 7))
    app = make(FreeCellTable, state=s0)
    t = app.scene
    click(app, point(t, ("col", 0), len(s0.columns[0]) - 1))
    run_frames(app)
    assert t.state.columns[1][-1] == C("8H") and t.state.foundations[2] == 7
    fake_clock.advance(1.0)
    click(app, point(t, ("col", 1), len(t.state.columns[1]) - 1))
    assert t.state.foundations[2] == 8 and all(c is None for c in t.state.cells)


def test_double_tap_on_a_phone_sends_home_when_the_second_tap_lands_on_felt():
    """On a portrait phone a column's step is short: once the tapped card leaves, the column's new
    top card ends above the finger, which rests on bare felt. The second tap is still the double
    tap's (the card goes home), not a tap on nothing."""
    s0 = fc_state(["KC 3H", "4S", "", "", "", "", "", ""], found=(0, 0, 2, 0), rest_to=(2, 3, 4, 5, 6, 7))
    app = make(FreeCellTable, size=(390, 844), state=s0, auto_foundation=False)
    t = app.scene
    r = t.pile_rects(s0, ("col", 0))[-1]
    p = (r.centerx, r.bottom - 4)               # the lower part of 3H, the finger's usual place
    tap(app, p)
    assert t.state.columns[1][-1] == C("3H") and t.hit_test(p) is None   # felt under the finger now
    tap(app, p)
    assert t.state.foundations[2] == 3 and t.history.actions == ["1h"]


def test_double_tap_on_a_card_that_cannot_go_home_moves_no_second_card(monkeypatch):
    """docs/columns-ui.md: a double tap is about the card the first tap moved. When that card
    cannot go home, the second tap moved the card the first one uncovered (here 5C to a free
    cell, before the player saw it); now it moves nothing and the moved card shakes."""
    monkeypatch.setattr(columns_mod, "DOUBLE_TAP", 30.0)
    s0 = fc_state(["5C 9D", "TS", "", "", "", "", "", ""], rest_to=(2, 3, 4, 5, 6, 7))
    assert FreeCell.tap_moves(s0, 0)[0] == FMove(0, 1, 1)
    app = make(FreeCellTable, state=s0, auto_foundation=False)
    t = app.scene
    p = point(t, ("col", 0), len(s0.columns[0]) - 1)
    click(app, p)
    s1 = t.state
    assert s1.columns[1][-1] == C("9D") and FreeCell.tap_moves(s1, 0)
    assert t.hit_test(p) == hit.card(("col", 0), len(s1.columns[0]) - 1)   # 5C lies under the finger now
    click(app, p)                           # at once, same spot: a double tap, 9D cannot go home
    assert t.state == s1 and len(t.history.states) == 2
    click(app, p)                           # a third tap is a tap of its own: 5C moves
    assert t.state != s1


def test_a_tap_on_a_foundation_card_takes_nothing_back_a_drag_does(monkeypatch):
    """A foundation is where a thumb rests or slips: a tap on its card takes nothing back (it
    would cost points: Klondike −15, FreeCell −10) and the status line says how — by a drag, as
    Microsoft Solitaire Collection and Aisleriot take one back (feel30 K7). A double tap there
    takes nothing back either. Dragged onto 3S, 2H comes back; the keyboard's Enter still takes
    a foundation's card back (:meth:`ColumnsTable.activate`)."""
    from games.i18n import tr
    from ui.table.columns import MSG_DRAG_BACK

    monkeypatch.setattr(columns_mod, "DOUBLE_TAP", 30.0)
    s0 = fc_state(["3S", "", "", "", "", "", "", ""], found=(0, 0, 2, 0), rest_to=(2, 3, 4, 5, 6, 7))
    app = make(FreeCellTable, state=s0, auto_foundation=False)
    t = app.scene
    p = point(t, ("found", 2), 1)
    click(app, p)
    assert t.state == s0 and len(t.history.states) == 1 and t.status_text == tr(MSG_DRAG_BACK)
    click(app, p)                           # at once, same spot: a double tap takes nothing either
    assert t.state == s0 and len(t.history.states) == 1
    drag(app, p, point(t, ("col", 0), 0))
    run_frames(app)
    assert t.state.foundations[2] == 1 and t.state.columns[0][-1] == C("2H")


def test_the_page_probe_drags_a_card_back_from_its_foundation():
    """The web test bed (tests/web/probe.py) plays a solver's line as a player would: a card comes
    back from its foundation by a drag, since a tap there takes nothing back (fresh31 F1: it tapped,
    and the line went on out of step)."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent / "web"))
    import probe

    s0 = fc_state(["3S", "", "", "", "", "", "", ""], found=(0, 0, 2, 0), rest_to=(2, 3, 4, 5, 6, 7))
    app = make(FreeCellTable, state=s0, auto_foundation=False)
    t = app.scene
    g = probe._table_gesture(t, t.rules.parse_move(t.state, "hH1"))
    assert len(g) == 1 and list(g[0]) == ["drag"]
    drag(app, *g[0]["drag"])
    run_frames(app)
    assert t.state.foundations[2] == 1 and t.state.columns[0][-1] == C("2H")


def test_a_card_tapped_home_and_tapped_again_at_once_goes_on_round_its_places(monkeypatch):
    """The tap cycle goes on through a foundation: 2H tapped home from column 1, tapped again
    at once where it now lies (the foundation), goes to its next place (onto 3S)."""
    s0 = fc_state(["3S", "2H", "", "", "", "", "", ""], found=(0, 0, 1, 0), rest_to=(2, 3, 4, 5, 6, 7))
    app = make(FreeCellTable, state=s0, auto_foundation=False)
    t = app.scene
    click(app, point(t, ("col", 1), 0))
    run_frames(app)
    assert t.state.foundations[2] == 2
    click(app, point(t, ("found", 2), 1))
    run_frames(app)
    assert t.state.foundations[2] == 1 and C("2H") in t.state.columns[0] + t.state.columns[1]


def test_after_a_card_sent_home_a_double_tap_sends_only_home(monkeypatch):
    """The first tap sent AH home; the second, on the card it uncovered (9D, which goes on TS but
    not home), moved 9D to TS: a clearing of a column home tap by tap sends cards home only, so
    the tap is spent. A card that can go home does (2H after AH)."""
    monkeypatch.setattr(columns_mod, "DOUBLE_TAP", 30.0)
    s0 = fc_state(["9D AH", "TS", "", "", "", "", "", ""], rest_to=(2, 3, 4, 5, 6, 7))
    app = make(FreeCellTable, state=s0, auto_foundation=False)
    t = app.scene
    p = point(t, ("col", 0), 1)
    click(app, p)
    s1 = t.state
    assert s1.foundations[2] == 1 and s1.columns[0][-1] == C("9D")
    assert t.hit_test(p) == hit.card(("col", 0), len(s1.columns[0]) - 1)
    click(app, p)
    assert t.state == s1
    s0 = fc_state(["9D 2H AH", "TS", "", "", "", "", "", ""], rest_to=(2, 3, 4, 5, 6, 7))
    app = make(FreeCellTable, state=s0, auto_foundation=False)
    t = app.scene
    p = point(t, ("col", 0), 2)
    click(app, p)
    click(app, p)
    assert t.state.foundations[2] == 2


def test_auto_to_foundation_moves_only_safe_cards_and_undo_takes_them_back_together():
    # AC and 2C go home by themselves; 3H (black foundations low) stays
    s0 = fc_state(["2C AC", "3H", "KD", "", "", "", "", ""], found=(0, 2, 2, 0), rest_to=(2, 3, 4, 5, 6, 7))
    app = make(FreeCellTable, state=s0, anim="normal")
    t = app.scene
    # the player's move: KD to a free cell
    click(app, point(t, ("col", 2), len(s0.columns[2]) - 1))
    assert t.state.cells[0] == C("KD")
    run_frames(app)
    s = t.state
    assert s.foundations[0] == 2          # AC then 2C, each its own move
    assert C("3H") in s.columns[1]
    assert len(t.history.states) == 4     # deal, the player's move, two automatic moves
    for c, m in FreeCell.safe_to_foundation(s):
        raise AssertionError(f"{c} should have gone home")
    t.undo()
    assert t.state == s0                   # one undo: the player's move and its auto moves


def test_auto_never_returns_a_card_taken_back():
    s0 = fc_state(["5S", "KD", "", "", "", "", "", ""], found=(0, 0, 1, 0), rest_to=(2, 3, 4, 5, 6, 7))
    app = make(FreeCellTable, state=s0)
    t = app.scene
    t.activate(hit.card(("found", 2), 0))   # AH back from its foundation (Enter on it; a drag)
    run_frames(app)
    assert t.state.foundations[2] == 0
    click(app, point(t, ("col", 1), len(s0.columns[1]) - 1))   # another move: AH still stays out
    run_frames(app)
    assert t.state.foundations[2] == 0


def test_an_undo_reads_foundation_cards_only_where_the_foundations_changed(monkeypatch):
    """An undo finds the cards taken back from a foundation along the history; moves that leave
    the foundations as they were are not read card by card (an undo in a long game stays within a
    frame)."""
    app = make(KlondikeTable, number=5)
    t = app.scene
    for _ in range(60):
        t.play(t.rules._draw_move(t.state))
    run_frames(app)
    read = []
    real = KlondikeTable.pile_cards
    monkeypatch.setattr(KlondikeTable, "pile_cards",
                        lambda self, s, key: read.append(key) or real(self, s, key))
    t.undo()
    assert t.history.actions[-1] == "u"
    assert not [k for k in read if k[0] == "found"]


# -- finish --------------------------------------------------------------------------------------
def test_finish_plays_the_rest_animated():
    cols = [" ".join(f"{r}{s}" for r in "KQJT98765432A") for s in "HSDC"]
    st = FreeCellState(tuple(tuple(C(x) for x in c.split()) for c in cols) + ((),) * 4)
    assert FreeCell.can_finish(st)
    app = make(FreeCellTable, state=st, anim="normal", auto_foundation=False)
    t = app.scene
    assert t.finish_button is not None
    click(app, t.finish_rect.center)
    assert t.rules.status(t.state) != WON   # played one move after another …
    for _ in range(5000):                   # a frame cap, not a deadline
        if t.rules.status(t.state) == WON:
            break
        app.frame()
        app.now.advance(0.002)
    assert t.rules.status(t.state) == WON and sum(t.state.foundations) == 52
    assert t.history.moves == 52


def test_klondike_finish_and_tap_draw():
    d = Klondike.deal(5, {"draw": "1"})
    app = make(KlondikeTable, number=5, auto_foundation=False)
    t = app.scene
    click(app, t.pile_rect[("stock",)].center)
    assert t.state.waste == d.stock[:1] and t.history.moves == 1
    # all face up, stock and waste empty: Finish is offered and plays everything home
    cols = [[], [], [], [], [], [], []]
    for k, s in enumerate("HSDC"):
        for r in "KQJT98765432A":
            cols[k].append(C(r + s))
    st = KlondikeState(tuple(tuple(c) for c in cols), (0,) * 7, (), (), (0, 0, 0, 0), 1, 0, 0)
    app2 = make(KlondikeTable, state=st, auto_foundation=False)
    t2 = app2.scene
    assert t2.finish_button is not None
    click(app2, t2.finish_rect.center)
    assert t2.rules.status(t2.state) == WON


# -- Spider --------------------------------------------------------------------------------------
def spider_state():
    run = tuple(C(r + "S") for r in "KQJT98765432")
    cols = [run, (C("5H"), C("AS"))] + [(C(r + "H"),) for r in "23456789"]
    return SpiderState(tuple(cols), (0,) * 10, tuple(C("9H") for _ in range(10)), (), 2, False, 500)


def test_spider_run_removal_flies_to_the_completed_pile():
    s0 = spider_state()
    app = make(SpiderTable, state=s0, anim="normal")
    t = app.scene
    click(app, point(t, ("col", 1), 1))    # AS onto the K…2 run
    s = t.state
    assert s.completed == (3,) and s.columns[0] == () and s.score == 500 - 1 + 100
    flights = t.anim.of("cfly")
    assert len(flights) >= 13
    done = t.pile_rect[("done",)]
    assert sum(1 for f in flights if f.data["slot"] == (("done",), 0)) == 13
    assert all(abs(f.data["dst"][0] - done.x) <= t.card_w for f in flights if f.data["slot"] == (("done",), 0))
    run_frames(app)
    assert not t.anim.busy("cfly")
    t.undo()
    assert t.state == s0


def test_spider_a_double_tap_on_the_stock_deals_one_row(fake_clock):
    """Two taps on the stock in a double tap's time (a bounced thumb, a slow frame) dealt two rows,
    the second over the first unseen (fresh user, F10): the second is spent; a tap after the
    double tap's time deals again."""
    s0 = spider_state()
    s0 = SpiderState(s0.columns, s0.down, tuple(C("9H") for _ in range(20)), (), 2, False, 500)
    app = make(SpiderTable, state=s0)
    t = app.scene
    at = t.pile_rects(t.state, ("stock",))[-1].center
    click(app, at)
    click(app, at)
    click(app, at)                         # a third as quick (second fresh look, G7)
    assert t.history.actions == ["d"]
    fake_clock.advance(1.0)                # past the double tap's time
    click(app, t.pile_rects(t.state, ("stock",))[-1].center)
    assert t.history.actions == ["d", "d"]


def test_spider_stock_tap_deals_ten():
    s0 = spider_state()
    app = make(SpiderTable, state=s0)
    t = app.scene
    click(app, t.pile_rects(t.state, ("stock",))[-1].center)
    assert t.state == Spider.apply(s0, DEAL)
    assert all(len(c) == len(b) + 1 for c, b in zip(t.state.columns, s0.columns))


def test_spider_drag_and_refusal():
    s0 = spider_state()
    app = make(SpiderTable, state=s0)
    t = app.scene
    # 5H (under AS) cannot be lifted; tapping it says why
    click(app, point(t, ("col", 1), 0))
    assert t.state is s0 and t.status_text == "Several cards move together only as a descending run of one suit"
    # 2H onto 3H by drag
    r = t.pile_rects(t.state, ("col", 3))[-1]
    drag(app, point(t, ("col", 2), 0), r.center)
    assert t.state.columns[3][-1] == C("2H") and not t.state.columns[2]


def finger_drag(app, start, end, steps=6):
    """A finger drag from ``start`` to ``end`` (px) in ``steps`` moves, a frame after each."""
    w, h = app.size
    common = dict(touch_id=1, finger_id=0, dx=0.0, dy=0.0, pressure=1.0)
    pygame.event.post(pygame.event.Event(pygame.FINGERDOWN, x=start[0] / w, y=start[1] / h, **common))
    app.frame()
    for k in range(1, steps + 1):
        p = (start[0] + (end[0] - start[0]) * k // steps, start[1] + (end[1] - start[1]) * k // steps)
        pygame.event.post(pygame.event.Event(pygame.FINGERMOTION, x=p[0] / w, y=p[1] / h, **common))
        app.frame()
    pygame.event.post(pygame.event.Event(pygame.FINGERUP, x=end[0] / w, y=end[1] / h, **common))
    app.frame()


@pytest.mark.parametrize("how", ["mouse", "finger"])
@pytest.mark.parametrize("case", ["freecell", "spider", "klondike"])
def test_a_drag_on_a_card_that_cannot_be_lifted_shakes_and_says_why(case, how):
    """fresh34 F3: a press-and-drag on a buried card whose cards above are not a run answers as
    a tap on it does: it shakes, nothing changes, the status line says why."""
    size = (1280, 800) if how == "mouse" else (390, 844)
    if case == "freecell":
        s0 = fc_state(["9S 8S", "TD", "", "", "", "", "", ""], cells=(C("2C"), C("3C"), C("4C"), C("5C")))
        app = make(FreeCellTable, size=size, state=s0, anim="normal", auto_foundation=False)
        key, index = ("col", 0), 0
    elif case == "spider":
        s0 = spider_state()
        app = make(SpiderTable, size=size, state=s0, anim="normal")
        key, index = ("col", 1), 0
    else:
        s0 = Klondike.deal(1, {"draw": "1"})
        app = make(KlondikeTable, size=size, state=s0, anim="normal", auto_foundation=False)
        key, index = ("col", 6), 0                  # face down under six cards
    t = app.scene
    t.say("an earlier, unrelated line")
    start = point(t, key, index)
    end = (start[0] + 60, start[1] + 120)
    (drag if how == "mouse" else finger_drag)(app, start, end)
    assert t.state is s0 and t.history.moves == 0
    assert t.anim.busy("shake")
    assert t.status_text == t.refusal(s0, key, index) != "an earlier, unrelated line"


# -- layout --------------------------------------------------------------------------------------
def long_states():
    """States with long columns (they must squeeze, not run off the screen)."""
    k = Klondike.deal(2, {"draw": "3"})
    col = tuple(C(x) for x in "KS QH JC TD 9S 8H 7C 6D 5S 4H 3C 2D AS".split())
    used = set(col)
    rest = [c for c in deck() if c not in used]
    cols = [tuple(rest[:6]) + col] + [tuple(rest[6 + i * 3: 9 + i * 3]) for i in range(6)]
    ks = KlondikeState(tuple(cols), (6, 2, 2, 2, 2, 2, 2), tuple(rest[24:34]), tuple(rest[34:]), (0, 0, 0, 0), 3)
    fs = fc_state(["KS QH JC TD 9S 8H 7C 6D 5S 4H 3C 2D", "", "", "", "", "", "", ""],
                  cells=(C("AS"), None, C("AH"), None), rest_to=(0, 1, 2, 3, 4, 5, 6, 7))
    sp = Spider.deal(3, {"suits": "4"})
    c0 = sp.columns[0] + tuple(sp.stock[:24])
    ss = SpiderState((c0,) + sp.columns[1:], sp.down, sp.stock[24:], (3, 2), 4, False, 700)
    return [(KlondikeTable, ks), (FreeCellTable, fs), (SpiderTable, ss)]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_card_on_screen_and_targets_big_enough(size):
    phone = min(size) < 500
    for cls, st in long_states() + [(KlondikeTable, None), (FreeCellTable, None), (SpiderTable, None)]:
        app = make(cls, size=size, state=st, number=7)
        t = app.scene
        screen = pygame.Rect(0, 0, *size)
        table = t.frame.table
        for r in t.card_rects():
            assert table.inflate(4, 4).contains(r), (cls.__name__, size, r, table)
        s = t.state
        for key in t.all_keys():
            cards = t.pile_cards(s, key)
            if key[0] == "done":
                continue
            if cards:
                i = len(cards) - 1
                z = t.zone(key, i)
                p = point(t, key, i) if key[0] != "stock" else t.pile_rects(s, key)[-1].center
                assert screen.collidepoint(p)
            else:
                z = t.zone(key, None)
            if phone:
                # a phone's targets: 44 px, or the whole column pitch where 10 columns share 390 px
                assert z.height >= 44, (cls.__name__, size, key, z)
                assert z.width >= min(44, size[0] // t.n_columns - 2), (cls.__name__, size, key, z)
        for b in t.buttons:
            assert screen.contains(b.rect)
        app.frame()
        pygame.display.quit()


def test_fan_squeezes_to_fit():
    offs = fan_offsets(30, 6, 70, 500, 7, 25, 3, 10)
    assert offs[-1] + 70 <= 500 and offs == sorted(offs)
    assert fan_offsets(5, 2, 70, 1000, 7, 25, 3, 10) == [0, 7, 14, 39, 64]


def test_a_deal_shows_at_its_own_width_however_it_was_reached():
    """A new deal, Replay and Restart lay the deal's cards out at the width a fresh table gives
    it, whatever width the game before had shrunk them to (QA G11: FreeCell deal 1 at 1280x800,
    105 px at the deal, kept the 96 px of 40 random moves after Restart; here a position whose
    9-card column shrinks them to 96 px, then deal 2, dealt at 105, kept 96)."""
    import random
    fresh = {n: make(FreeCellTable, number=n).scene.card_w for n in (1, 2)}
    long = fc_state(["KC QC JC TC 9C 8C 7C 6C 5C"] + [""] * 7, rest_to=(1, 2, 3, 4, 5, 6, 7))
    t = make(FreeCellTable, state=long).scene
    assert t.card_w < fresh[2]            # the case: that position shrinks the cards
    t.start(2)
    t.settle()
    assert t.card_w == fresh[2]
    t.start(None, state=long)
    t.start(1)
    rnd = random.Random(1)
    for _ in range(20):
        assert t.play(rnd.choice(t.rules.legal_moves(t.state)))
    t.settle()
    t.restart()
    assert t.card_w == fresh[1]


def random_freecell_moves(each=lambda t: None):
    """FreeCell deal 1 at 1280x800 through 40 random legal moves (seed 3), ``each(table)`` after
    each one once it has settled: the app."""
    import random
    app = make(FreeCellTable, number=1)
    t = app.scene
    rnd = random.Random(3)
    for _ in range(40):
        assert t.play(rnd.choice(t.rules.legal_moves(t.state)))
        t.settle()
        each(t)
    return app


def test_a_window_resized_and_back_gives_the_game_its_width_back():
    """A change of the window's size mid-game (a phone's address bar showing, a turn and back)
    lays the game out from its moves again: back at the first size, the width it had (fresh32b
    G5: Spider 4 suits at 844x390 50 -> 36 px for good after 844x370 and back)."""
    app = random_freecell_moves()
    w = app.scene.card_w
    app.resize(1280, 700)
    app.resize(1280, 800)
    assert app.scene.card_w == w


def test_a_continued_game_comes_back_at_the_width_it_was_left_with():
    """A table opened on a game in progress lays it out at the width play had walked to, not the
    narrower one at which every index shows whole (fresh32b G2: FreeCell deal 1 at 1280x800 left
    at 105 px came back at 96 after 6 moves; Spider 4 suits at 844x390 46 -> 33)."""
    def same(t):
        assert t.fresh_width() == t.card_w
    random_freecell_moves(same)


@pytest.mark.parametrize("cls", [KlondikeTable, FreeCellTable, SpiderTable], ids=lambda c: c.__name__)
def test_random_taps_and_drags_never_raise_and_undo_restores(cls):
    import random
    rnd = random.Random(5)
    app = make(cls, size=rnd.choice(SIZES), number=11, anim="fast")
    t = app.scene
    T = t.frame.table
    # the deal as dealt: the cards safe at the deal may have gone home already in the first frame
    # (or not yet: that depends on which images were made before), as undoable history moves
    s0 = t.history.states[0]
    assert s0 == t.rules.deal(11, t.options)
    for k in range(120):
        p = (rnd.randint(T.left, T.right - 1), rnd.randint(T.top, T.bottom - 1))
        if k % 3 == 0:
            q = (rnd.randint(T.left, T.right - 1), rnd.randint(T.top, T.bottom - 1))
            drag(app, p, q, steps=2)
        else:
            click(app, p)
        if t.panel is not None:
            t.close_panel()
        for st in t.history.states[1:]:
            assert t.rules.status(st) in ("playing", "won", "lost")
    t.settle()
    while t.session.can_undo():
        t.undo()
    # back to the deal as it was shown: only the cards that went home by themselves at the deal
    # are left on the line (Undo never takes them back)
    line = t.history.line()
    assert len(line) == t.session.deal_moves
    s = s0
    for m in line:
        s = t.rules.apply(s, t.rules.parse_move(s, m))
    assert t.state == s


@pytest.mark.parametrize("cls, rules", [(FreeCellTable, FreeCell), (KlondikeTable, Klondike)])
@pytest.mark.parametrize("anim", ["off", "normal"])
def test_cards_safe_at_the_deal_go_home_at_once_as_history_moves(cls, rules, anim):
    n = next(n for n in range(1, 200) if rules.safe_to_foundation(rules.deal(n, {})))
    dealt = rules.deal(n, {})
    app = make(cls, number=n, anim=anim)
    t = app.scene
    run_frames(app)
    s = t.state
    assert sum(s.foundations) >= 1 and not rules.safe_to_foundation(s)
    assert t.history.states[0] == dealt and t.history.moves == len(t.history.states) - 1 >= 1
    if anim == "normal":
        assert app.draws > 3                  # flown, not jumped
    t.undo()                                  # Undo leaves the deal's own moves alone
    assert t.state == s and not t.history.undo_used
    # the setting off: the deal stays as dealt
    off = make(cls, number=n, anim=anim, auto_foundation=False)
    run_frames(off)
    assert off.scene.state == dealt and off.scene.history.moves == 0


def test_spider_cards_take_the_height_when_columns_are_short():
    # the card width comes from the height a typical column needs (not a small cap): at
    # 1280x800 the ten columns nearly fill the width; a long column squeezes instead
    app = make(SpiderTable, size=(1280, 800), number=5)
    t = app.scene
    T = t.frame.table
    assert t.card_w >= 105
    span = t.pile_rects(t.state, ("col", 9))[-1].right - t.pile_rects(t.state, ("col", 0))[0].left
    assert span >= T.width * 0.9
    # a phone upright: the width is the limit, the fans use the height (longer face-up strips)
    app = make(SpiderTable, size=(390, 844), number=5)
    t = app.scene
    assert t.geo["up_step"] >= 0.45


def test_a_hint_asked_while_the_opening_cards_fly_home_is_given_where_they_land():
    # QA 4: Klondike #3 plays AH and 2H home by itself at the start; a hint asked at once was
    # cancelled by those automatic moves and never shown
    app = make(KlondikeTable, number=3, anim="normal")
    t = app.scene
    assert t.auto_due is not None and t.state.foundations == (0, 0, 0, 0)  # AH, 2H still to go
    t.hint()                                                   # as the H key does, at once
    run_frames(app)
    for _ in range(3000):
        if t.hint_search is None:
            break
        app.frame()
    assert t.state.foundations[2] >= 2                         # AH and 2H went home
    assert t.hint_move is not None and t.status_text.startswith("Hint")


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)])
@pytest.mark.parametrize("cls, options", [(KlondikeTable, {"draw": "1"}), (FreeCellTable, {}),
                                          (SpiderTable, {"suits": "1"})])
def test_a_card_let_go_over_its_own_column_goes_back_even_beside_a_legal_column(cls, options, size):
    """A column's top card lifted a little straight up and let go over its own column: it glides
    back and nothing is played, also when the column beside it would take it (QA: FreeCell deal 7
    played 4♦ onto the next column's 5♠; players who lift a card and put it back changed their
    mind, as in Microsoft Solitaire Collection, PySolFC and Aisleriot)."""
    rules = cls.rules
    for number in range(1, 200):
        s = rules.deal(number, options)
        found = [m for m in rules.legal_moves(s)
                 if getattr(m, "n", 1) == 1 and isinstance(m.src, int) and isinstance(m.dst, int)
                 and 0 <= m.src < len(s.columns) and 0 <= m.dst < len(s.columns) and abs(m.src - m.dst) == 1]
        if found:
            break
    app = open_app(cls(number, options=options), size, anim_speed="off", auto_foundation=False)
    t = app.scene
    s0 = t.state
    src = ("col", found[0].src)
    assert t.route(s0, found[0])[0] == src
    said = t.status_text
    for lift in (0.3, 0.5):
        start = point(t, src, len(s0.columns[found[0].src]) - 1)
        drag(app, start, (start[0], start[1] - round(lift * t.card_h)))
        run_frames(app)
        assert t.state is s0 and t.history.moves == 0, (number, rules.format_move(s0, found[0]), lift)
        assert t.drag is None and t.status_text == said      # no refusal said


def _nearest_free_scanned(area, size, home, busy, step=6):
    """The Finish button's spot as the whole grid scanned row by row finds it (the reference)."""
    r = pygame.Rect((0, 0), size)
    best = None
    for y in range(area.top, area.bottom - r.height + 1, step):
        for x in range(area.left, area.right - r.width + 1, step):
            r.topleft = (x, y)
            if r.collidelist(busy) < 0:
                d = (r.centerx - home[0]) ** 2 + (r.centery - home[1]) ** 2
                if best is None or d < best[0]:
                    best = (d, r.topleft)
    return None if best is None else best[1]


def test_the_finish_buttons_spot_is_the_nearest_free_one_of_the_grid():
    """The rings round the Finish button's home find the spot the whole grid's scan finds (the
    nearest free one, ties to the first row and column), or none, whatever the busy rectangles,
    the area and where home lies (inside, outside, on a tie)."""
    import random

    rng = random.Random(28)
    for case in range(60):
        area = pygame.Rect(rng.randrange(0, 40), rng.randrange(0, 60), rng.randrange(150, 420), rng.randrange(120, 360))
        size = (rng.randrange(40, 130), rng.randrange(30, 70))
        home = (rng.randrange(-60, area.right + 60), rng.randrange(-60, area.bottom + 60))
        busy = [pygame.Rect(rng.randrange(0, area.right), rng.randrange(0, area.bottom), rng.randrange(10, 160),
                            rng.randrange(10, 160)) for _ in range(rng.randrange(0, 14 if case % 7 else 40))]
        assert columns_mod.nearest_free(area, size, home, busy) == _nearest_free_scanned(area, size, home, busy), \
            (case, area, size, home)


def test_placing_the_finish_button_tries_few_spots(monkeypatch):
    """While Finish is offered, every move's frame places its button again: the whole table
    scanned on a 6-px grid tested 16 020 spots here at 1280x800 (3.7 ms of CPU natively, several
    times that in WebAssembly); rings round its home stop at the first that cannot hold a nearer
    free spot. Counted: the spots tested against the cards."""
    import types

    import test_freecell as fc

    class Counting(pygame.Rect):
        tests = 0

        def collidelist(self, rects):
            Counting.tests += 1
            return super().collidelist(rects)

    app = open_app(FreeCellTable(None, {}, state=fc.pos(["KC QD", "KD QC"] + [""] * 6, found="H-K C-J D-J S-K")),
                   (1280, 800))
    t = app.scene
    t.update_finish()
    assert t.finish_button is not None
    placed = pygame.Rect(t.finish_rect)
    proxy = types.SimpleNamespace(**{k: getattr(pygame, k) for k in dir(pygame) if not k.startswith("__")})
    proxy.Rect = Counting
    monkeypatch.setattr(columns_mod, "pygame", proxy)
    t.place_finish()
    monkeypatch.undo()
    assert t.finish_rect == placed
    assert 0 < Counting.tests < 3000, Counting.tests     # 1 351 (the whole grid: 16 020)


def test_a_quick_tap_on_a_foundation_after_a_move_elsewhere_takes_nothing_back(fake_clock):
    """Within the double tap's time after a tap that moved a card somewhere else, a tap on a
    foundation's card is no double tap (it is not on the same spot): it takes nothing back
    (fresh30b G1: it did, −10 in FreeCell)."""
    from ui.table.columns import MSG_DRAG_BACK
    from games.i18n import tr

    s0 = fc_state(["3S", "9D", "", "", "", "", "", ""], found=(0, 0, 2, 0), rest_to=(2, 3, 4, 5, 6, 7))
    app = make(FreeCellTable, state=s0, auto_foundation=False)
    t = app.scene
    click(app, point(t, ("col", 1), len(s0.columns[1]) - 1))     # 9D goes somewhere
    moved = t.state
    assert moved != s0
    fake_clock.advance(0.1)
    click(app, point(t, ("found", 2), 1))                         # at once, on the hearts' 2H
    assert t.state == moved and t.state.foundations[2] == 2 and t.status_text == tr(MSG_DRAG_BACK)


@pytest.mark.parametrize("size", [(390, 844), (844, 390)])
def test_a_card_let_go_below_a_columns_last_card_goes_to_that_column(size):
    """Klondike #5 (draw one: 8♠ on the waste, red nines on columns 3 and 4): the 8♠ let go with
    the finger half a card, and a card and a half, below column 3's 9♦ lands on column 3 — the
    column the card is over — not on column 4's 9♥ (which also takes it and reaches lower on a
    phone held upright), and does not fly back (QA: the drop went to the nearest card area, not
    the pile under the card)."""
    app = make(KlondikeTable, size=size, number=5, auto_foundation=False)
    t = app.scene
    click(app, t.pile_rect[("stock",)].center)
    s1 = t.state
    assert s1.waste[-1] == C("8S") and s1.columns[2][-1] == C("9D") and s1.columns[3][-1] == C("9H")
    for below in (0.5, 1.5):
        last = t.pile_rects(s1, ("col", 2))[-1]
        end = (last.centerx, last.bottom + round(below * t.card_h))
        assert end[1] + t.card_h // 2 < t.frame.table.bottom
        drag(app, t.pile_rects(s1, ("waste",))[-1].center, end)
        run_frames(app)
        assert t.state.columns[2][-1] == C("8S") and t.state.columns[3][-1] == C("9H"), (below, t.status_text)
        t.undo()
        run_frames(app)
        assert t.state == s1


# -- the lost panel ------------------------------------------------------------------------------
def klondike_lost(draw):
    """Klondike lost: seven red tops that take nothing from each other, twelve black 8-K in the
    stock that fit none of them, the aces buried."""
    tops = [C(x) for x in "2H 2D 3H 3D 4H 4D 5H".split()]
    stock = [C(x) for x in "KS KC QS QC JS JC TS TC 9S 9C 8S 8C".split()]
    rest = [c for c in deck() if c not in tops and c not in stock]
    cols = [tuple(rest[k::7]) + (t,) for k, t in enumerate(tops)]
    return KlondikeState(tuple(cols), tuple(len(c) - 1 for c in cols), tuple(stock), (), (0, 0, 0, 0), draw)


def freecell_lost():
    """FreeCell lost: the kings fill the free cells, eight red tops, the aces buried."""
    cells = tuple(C(x) for x in "KC KD KH KS".split())
    tops = [C(x) for x in "QH QD JH JD TH TD 9H 9D".split()]
    rest = sorted((c for c in deck() if c not in tops and c not in cells), key=lambda c: c & 15)
    return FreeCellState(tuple(tuple(rest[k::8]) + (t,) for k, t in enumerate(tops)), cells, (0, 0, 0, 0))


KL3_RU = ("При сдаче по три наверх отбоя попадают лишь 4 из 12 карт колоды и отбоя: ни одна не подходит, "
          "и ни одну карту в столбцах нельзя переложить")


@pytest.mark.parametrize("cls, state, lang, said, size", [
    (KlondikeTable, klondike_lost(1), "en", "None of the 12 stock cards fits, and no column card can move", (390, 844)),
    (KlondikeTable, klondike_lost(3), "en",
     "Drawn three at a time, only 4 of the 12 stock and waste cards ever reach the waste's top: none of them fits, "
     "and no column card can move", (390, 844)),
    (KlondikeTable, klondike_lost(3), "ru", KL3_RU, (390, 844)),
    # the smallest phone: the Russian sentence takes a fourth line rather than losing its verb
    # (fresh31b G8)
    (KlondikeTable, klondike_lost(3), "ru", KL3_RU, (360, 640)),
    (FreeCellTable, freecell_lost(), "en", "The free cells are full and no card fits a column or a foundation", (390, 844)),
    (SpiderTable, SpiderState(tuple((C(k),) for k in ["KS", "KH"] * 5), (0,) * 10, (), (), 2), "en",
     "The stock is empty and no card fits on another column", (390, 844)),
])
def test_the_lost_panel_says_what_was_needed(monkeypatch, cls, state, lang, said, size):
    """docs/rules.md ("Shared by every game"): the lost panel shows what was needed — for the
    column games one sentence over the panel's last line, wrapped inside the panel on a phone held
    upright (QA: Klondike's panel said only "No more moves" with 12 cards in the stock). These
    positions are lost as they open, with nothing to undo: that line says the deal cannot be won
    rather than "Undo may help"."""
    from ui import text

    assert cls.rules.status(state) == "lost"
    app = make(cls, size=size, state=state, language=lang)
    t = app.scene
    t.open_end_panel()
    drawn = []
    render = text.render

    def rec(msg, size, color=(255, 255, 255)):
        img = render(msg, size, color)
        drawn.append((msg, img.get_width()))
        return img
    monkeypatch.setattr(text, "render", rec)
    t.stale = app.dirty = True
    app.frame()
    msgs = [m for m, _ in drawn]
    undo = msgs.index("This deal cannot be won" if lang == "en" else "Эту раздачу не выиграть")
    assert "Undo may help" not in msgs and "Может помочь отмена хода" not in msgs
    start = next(k for k, m in enumerate(msgs) if said.startswith(m))
    assert " ".join(msgs[start:undo]) == said and undo - start <= 4
    assert all(w <= t.panel.rect.width - 32 for _, w in drawn[start:undo])
    assert pygame.Rect((0, 0), size).contains(t.panel.rect)


def test_freecell_glows_only_for_moves_onto_a_card_or_home():
    """FreeCell's glow (setting on) lights a card that goes onto another column's card (9♠ onto
    10♦) or home (A♥), not one whose only places are a free cell or an empty column (5♠): with
    a cell free every top card could go there, and the glow lit every column in 77 of deal 5's
    120 positions (QA K8; bench/results/freecell-glow-s31.txt)."""
    s0 = fc_state(["9S", "TD", "5S", "AH", "", "", "", ""], rest_to=(4, 5, 6, 7))
    app = make(FreeCellTable, state=s0, auto_foundation=False)
    t = app.scene
    tops = {i: len(c) - 1 for i, c in enumerate(s0.columns)}
    assert FreeCell.tap_moves(s0, 2)            # 5S can go somewhere: a cell, the empty column
    glow = t.glowing()
    assert (("col", 0), 0) in glow and (("col", 3), tops[3]) in glow
    assert (("col", 2), tops[2]) not in glow and (("col", 1), tops[1]) not in glow


def test_a_tap_on_a_run_head_that_cannot_move_moves_the_part_of_the_run_that_fits():
    """FreeCell, a 12-card run KS…2H squeezed on column 1 and 7C on column 2, the cells free: a tap
    on KS (no move of its own) sends 6H…2H, the longest part of the run that goes onto a card,
    onto 7C — the cards inside the run are thin strips on a phone on its side (QA G3: 8 px at
    844×390), so the run's head is the place a thumb can tap."""
    s0 = fc_state(["5D 9C 3C JD 2D KS QH JS TH 9S 8H 7S 6H 5S 4H 3S 2H", "7C", "", "", "", "", "", ""],
                  rest_to=(2, 3, 4, 5, 6, 7))
    app = make(FreeCellTable, size=(844, 390), state=s0, auto_foundation=False)
    t = app.scene
    assert not FreeCell.tap_moves(s0, 0, 5)
    tap(app, point(t, ("col", 0), 5))
    assert t.state == FreeCell.apply(s0, FMove(0, 1, 5))
    # a mouse clicks the card it means: the head that cannot move shakes, nothing else moves
    # (fresh32 F3: on the desktop a click on K♠ sent the run's 10♦ onto a J♠)
    app = make(FreeCellTable, size=(1280, 800), state=s0, auto_foundation=False)
    t = app.scene
    click(app, point(t, ("col", 0), 5))
    assert t.state == s0 and t.status_text
    # a key names its card as exactly (fresh32b G6: Enter on the head sent the tail, no click before)
    from ui.table.columns import PileFocus
    app = make(FreeCellTable, size=(844, 390), state=s0, auto_foundation=False)
    t = app.scene
    t.focus = PileFocus(("col", 0), 5)
    t.play_focus()
    assert t.state == s0 and t.status_text
    # a card not heading a run in order is still refused, saying why
    s1 = fc_state(["9S 8S", "TD", "", "", "", "", "", ""], cells=(C("2C"), C("3C"), C("4C"), C("5C")),
                  rest_to=(2, 3, 4, 5, 6, 7))
    app = make(FreeCellTable, state=s1, auto_foundation=False)
    t = app.scene
    click(app, point(t, ("col", 0), len(s1.columns[0]) - 2))
    assert t.state == s1 and t.status_text == "Those cards are not in order and cannot move together"


@pytest.mark.parametrize("size", [(1280, 800), (844, 390)])
def test_a_card_inside_an_alternate_colour_run_keeps_its_suit_in_view(size):
    """FreeCell's runs alternate colours: a card inside one squeezes no further than the READ
    share of its index, as the other face-up cards (fresh32b G4: 8D between 9C and 7S was an 8-px
    sliver at 1280x800, 8D or 8H?); Spider's one-suit runs may go to a sliver."""
    from ui import cards_art

    s0 = fc_state(["5D 9C 3C JD 2D KS QH JS TH 9S 8H 7S 6H 5S 4H 3S 2H", "7C", "", "", "", "", "", ""],
                  rest_to=(2, 3, 4, 5, 6, 7))
    t = make(FreeCellTable, size=size, state=s0, auto_foundation=False).scene
    rects = t.pile_rects(t.state, ("col", 0))
    steps = [b.y - a.y for a, b in zip(rects, rects[1:])]
    least = FreeCellTable.READ * cards_art.compact_index_height(t.card_w)
    assert min(steps) >= least - 1, (t.card_w, steps)
    assert not FreeCellTable.RUNS_ONE_SUIT and SpiderTable.RUNS_ONE_SUIT


def test_a_glowing_cards_halo_leaves_the_strip_above_it_alone():
    """"Playable cards glow": the halo of a card lying under the strip of the card above it in the
    fan is not drawn over that strip (fresh32c H1: 8D's strip lost 8 of its 28 px, the 8 cut at
    its waist); its sides and bottom still show."""
    s0 = fc_state(["5D 9S 8H", "9C", "", "", "", "", "", ""], rest_to=(2, 3, 4, 5, 6, 7))
    shots = {}
    for glow in (False, True):
        app = make(FreeCellTable, size=(1280, 800), state=s0, auto_foundation=False)
        t = app.scene
        app.settings.glow = glow
        t.stale = app.dirty = True
        app.frame()
        shots[glow] = app.screen.copy()
    assert (("col", 0), 2) in t.glowing()
    r = t.pile_rects(t.state, ("col", 0))[2]
    strip = [(x, y) for x in range(r.x, r.right, 2) for y in range(r.y - 6, r.y)]
    assert all(shots[False].get_at(p) == shots[True].get_at(p) for p in strip)
    assert any(shots[False].get_at((r.x - 2, y)) != shots[True].get_at((r.x - 2, y)) for y in range(r.y, r.bottom))


def test_a_tap_on_a_run_head_never_sends_another_card_home():
    """Klondike, column 1 ends in the run 9S 8H 7C, nothing takes the 9S or the 8H, and clubs are
    home to the 6: a tap on the 9S is refused (it shakes), rather than sending the 7C home — the
    run's head stands for a part of the run that goes onto a card, never for a card sent home."""
    run = [C(x) for x in "9S 8H 7C".split()]
    home = [C(r + "C") for r in "A23456"]
    tops = [C(x) for x in "2H 2D 3H 3D 4H 4D".split()]
    rest = [c for c in deck() if c not in run + home + tops]
    cols = [tuple(rest[0:4]) + tuple(run)] + [tuple(rest[4 + 6 * k:10 + 6 * k]) + (tops[k],) for k in range(6)]
    stock = tuple(rest[40:])
    s0 = KlondikeState(tuple(cols), (4,) + (6,) * 6, stock, (), (6, 0, 0, 0), 1)
    assert sum(len(c) for c in cols) + len(stock) + 6 == 52
    app = make(KlondikeTable, size=(844, 390), state=s0, auto_foundation=False)
    t = app.scene
    tap(app, point(t, ("col", 0), 4))
    assert t.state == s0


@pytest.mark.parametrize("size", [(390, 844), (360, 640), (844, 390), (1280, 800)])
def test_klondike_draw_three_waste_shows_each_cards_whole_index(size):
    """fresh31 F7: the waste's two cards under its top showed their rank only, the suit cut off
    (compact faces, whose suit sits at the top right, fanned sideways by 0.42 w upright, 0.3 w on
    the desktop), or half their index fanned down by 0.22 h on a phone on its side. Each shows its
    whole corner index now, rank and suit, as its look draws it."""
    from ui import cards_art

    app = open_app(KlondikeTable(4242, options={"draw": "3"}), size, anim_speed="off")
    t = app.scene
    assert t.play(Klondike.parse_move(t.state, "s"))
    key = ("waste",)
    rects = t.pile_rects(t.state, key)
    assert len(rects) == 3
    art = t.pile_art(key) if hasattr(t, "pile_art") else t.art
    w = rects[0].width
    idx = cards_art.index_rect(w, compact=art.compact, narrow=art.narrow)
    for a, b in zip(rects, rects[1:]):
        dx, dy = abs(b.x - a.x), b.y - a.y
        assert (dx and dx >= idx.right) or (dy and dy >= idx.bottom), (size, dx, dy, idx)


def test_klondikes_waste_card_keeps_its_look_when_dragged():
    """The sideways waste draws full faces (its index a column, fresh31 F7): its card lifted and
    dragged keeps that face, not the columns' compact one, whose suit sits at the top right (the
    face changed under the pointer). The ink in the top right quarter of the card's index band is
    compared, lying in the waste and dragged (drawn a little larger)."""
    from ui import cards_art

    def ink(r):
        band = pygame.Rect(r.x + round(0.62 * r.width), r.y + round(0.05 * r.width), round(0.3 * r.width),
                           round(0.3 * r.width))
        px = [app.screen.get_at((x, y))[:3] for x in range(band.left, band.right) for y in range(band.top, band.bottom)]
        return sum(1 for c in px if sum(abs(a - b) for a, b in zip(c, cards_art.FACE[:3])) > 120) / len(px)

    app = open_app(KlondikeTable(4242, options={"draw": "3"}), (1280, 800), anim_speed="off")
    t = app.scene
    assert t.play(Klondike.parse_move(t.state, "s"))
    app.frame()
    r0 = t.pile_rects(t.state, ("waste",))[-1]
    lying = ink(r0)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=r0.center, button=1, touch=False))
    app.frame()
    for k in (1, 2, 3):
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(r0.centerx, r0.centery + 100 * k),
                                             rel=(0, 1), buttons=(1, 0, 0), touch=False))
        app.frame()
    assert t.drag is not None
    assert abs(ink(t.drag_rects()[0]) - lying) < 0.05, (lying, ink(t.drag_rects()[0]))


def test_a_drag_on_a_lost_klondike_table_reopens_its_end_panel():
    """A lost Klondike table, its end panel closed to look: a column's top card dragged onto
    another column answers as a tap does, with the end panel, and plays nothing."""
    s0 = klondike_lost(1)
    app = make(KlondikeTable, state=s0)
    t = app.scene
    t.open_end_panel()
    t.close_panel()
    app.frame()
    n0 = len(s0.columns[0])
    top = t.pile_rects(t.state, ("col", 1))[-1]
    drag(app, point(t, ("col", 0), n0 - 1), (top.centerx, top.bottom + 6))
    app.frame()
    assert t.panel is not None and t.panel.end == "lost"
    assert t.state == s0 and t.history.moves == 0
