"""Redo at the tables (docs/rules.md, "Redo"), driven headless through the real App with posted
keys, mouse clicks and finger taps: Klondike, Spider and Devil's Grip (whose armed swap an undo
drops), the Redo button's place and state at the three screen shapes, the pause menu's Redo
where the bar has no room for the button, and a redo that wins the game."""
import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from conftest import click, key, new_app, tap
from games.cards import parse_card
from games.core import WON
from games.klondike import KlondikeState
from games.i18n import tr
from ui.frame import TOUCH
from ui.table.devils_grip import DevilsGripTable
from ui.table.klondike import KlondikeTable
from ui.table.spider import SpiderTable
from ui.table.tripeaks import TriPeaksTable
from ui.table import hit

CTRL, SHIFT = pygame.KMOD_LCTRL, pygame.KMOD_LSHIFT


def bar_button(t, name):
    return next((b for b in t.buttons if b.name == name), None)


@pytest.mark.parametrize("table", [KlondikeTable, SpiderTable, DevilsGripTable], ids=lambda c: c.__name__)
def test_keys_clicks_and_taps_redo_what_undo_took_back(table):
    app = new_app(scene=table(1), size=(1280, 800))
    t = app.scene
    redo = bar_button(t, "redo")
    assert redo is not None and not redo.enabled
    s0 = t.state
    key(app, pygame.K_SPACE)                # the stock: a move each
    s1 = t.state
    key(app, pygame.K_SPACE)
    s2, n2 = t.state, t.history.moves
    assert s0 != s1 != s2 and not redo.enabled
    key(app, pygame.K_u)
    key(app, pygame.K_z, CTRL)
    assert t.state == s0 and redo.enabled
    click(app, redo.rect.center)            # the mouse
    assert t.state == s1 and redo.enabled
    tap(app, redo.rect.center)              # a finger
    assert t.state == s2 and not redo.enabled and t.history.moves == n2 + 2
    assert t.history.undo_used and t.history.actions[-2:] == t.history.line()[-2:]
    tap(app, redo.rect.center)              # nothing left: said, nothing changes
    assert t.state == s2 and t.status_text == tr("Nothing to redo")
    for mod, k in ((SHIFT, pygame.K_u), (CTRL, pygame.K_y), (CTRL | SHIFT, pygame.K_z),
                   (pygame.KMOD_LMETA | SHIFT, pygame.K_z)):
        key(app, pygame.K_u)
        assert t.state == s1
        key(app, k, mod)
        assert t.state == s2, (mod, k)
    # a new move after an undo: nothing to redo any more
    key(app, pygame.K_u)
    key(app, pygame.K_u)
    key(app, pygame.K_SPACE)
    assert t.state == s1 and not redo.enabled and not t.session.can_redo()
    key(app, pygame.K_y, CTRL)
    assert t.state == s1


def test_a_redo_drops_devils_grips_armed_swap():
    app = new_app(scene=DevilsGripTable(1), size=(1280, 800))
    t = app.scene
    key(app, pygame.K_SPACE)
    key(app, pygame.K_u)
    t.focus = hit.cell(0)
    key(app, pygame.K_s)                    # a swap armed on cell 0
    assert t.swap_from == 0
    key(app, pygame.K_u, SHIFT)
    assert t.swap_from is None and t.history.moves == 2 and not t.session.can_redo()


@pytest.mark.parametrize("size,room", [((1280, 800), True), ((1024, 768), True), ((390, 844), False),
                                       ((844, 390), False)], ids=lambda s: "%dx%d" % s if isinstance(s, tuple) else "")
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_redo_button_sits_beside_undo_where_the_bar_has_room(size, room, lang):
    """Seven buttons with readable labels, 44 px each way, fit a desktop's bar; a phone's bar
    keeps its six (seven would be 48 px wide with the labels under 16 px upright, 42 px tall on
    its side)."""
    app = new_app(scene=KlondikeTable(1), size=size, language=lang)
    t = app.scene
    names = [b.name for b in t.buttons]
    assert ("redo" in names) == room
    if room:
        assert names.index("redo") == names.index("undo") + 1
        assert bar_button(t, "redo").label == tr("Redo") == {"en": "Redo", "ru": "Вернуть"}[lang]
    for b in t.buttons:
        assert min(b.rect.size) >= TOUCH and t.target_at(b.rect.center) == hit.button(b.name)
        assert not b.icon_only


@pytest.mark.parametrize("size", [(390, 844), (844, 390)], ids=lambda s: "%dx%d" % s)
def test_the_pause_menu_offers_redo_where_the_bar_has_no_button(size):
    app = new_app(scene=SpiderTable(1), size=size)
    t = app.scene
    assert bar_button(t, "redo") is None
    key(app, pygame.K_SPACE)
    s1 = t.state
    key(app, pygame.K_u)
    key(app, pygame.K_p)
    labels = [label() for label, _ in t.panel.rows]
    assert tr("Redo") in labels
    row = t.panel.row_buttons[labels.index(tr("Redo"))]
    assert min(row.rect.size) >= TOUCH
    tap(app, row.rect.center)               # a finger on the menu's row
    assert t.panel is None and t.state == s1
    key(app, pygame.K_p)
    assert tr("Redo") not in [label() for label, _ in t.panel.rows]


def test_a_redo_that_wins_ends_the_game(fake_clock):
    # every card face up on the tableau: Finish plays them all home, one undo group
    C = parse_card
    cols = [[C(r + s) for r in "KQJT98765432A"] for s in "HSDC"] + [[], [], []]
    st = KlondikeState(tuple(tuple(c) for c in cols), (0,) * 7, (), (), (0, 0, 0, 0), 1, 0, 0)
    app = new_app(scene=KlondikeTable(None, state=st), size=(1280, 800), auto_foundation=False)
    t = app.scene
    click(app, t.finish_rect.center)
    t.settle()
    assert t.rules.status(t.state) == WON and t.history.moves == 52
    key(app, pygame.K_ESCAPE)               # the end panel (if open) closes: the finished table
    t.undo()
    assert t.state == st and t.playing
    key(app, pygame.K_y, CTRL)
    assert t.rules.status(t.state) == WON and not t.playing and t.history.moves == 104
    for _ in range(600):                    # a frame cap: the wait, then the end panel
        if t.panel is not None:
            break
        fake_clock.advance(0.02)
        app.frame()
    assert t.panel is not None and t.panel.end == WON


@pytest.mark.parametrize("size", [(390, 844), (844, 390), (1280, 800)], ids=lambda s: "%dx%d" % s)
@pytest.mark.parametrize("table", [KlondikeTable, DevilsGripTable], ids=lambda c: c.__name__)
def test_restart_deal_takes_every_move_back_and_one_redo_plays_them_again(size, table, fake_clock):
    """The pause menu's Restart deal (Microsoft Solitaire Collection's Restart, PySolFC's and
    Aisleriot's Game › Restart) asks first; then the deal's start, the moves undone, a line that
    says Redo brings them back; one Redo does, the move counter grown by the moves redone. Not
    offered at the deal's start."""
    app = new_app(scene=table(3), size=size)
    t = app.scene
    start = t.state                         # after the deal's own moves (Klondike's aces)
    start_line = t.history.line()
    key(app, pygame.K_p)
    assert tr("Restart deal") not in [label() for label, _ in t.panel.rows]
    key(app, pygame.K_ESCAPE)
    for _ in range(4):
        t.play(t.rules.legal_moves(t.state)[0])
        t.settle()                          # the automatic moves it sets off, now
    played, moves = t.state, t.history.moves
    taken = len(t.history.line()) - len(start_line)     # the automatic moves they set off included
    key(app, pygame.K_p)
    labels = [label() for label, _ in t.panel.rows]
    row = t.panel.row_buttons[labels.index(tr("Restart deal"))]
    assert min(row.rect.size) >= TOUCH and app.screen.get_rect().contains(row.rect)
    tap(app, row.rect.center)
    assert t.panel.title == tr("Restart this deal?") and t.state == played   # it asks first
    keep = next(b for b in t.panel.buttons if b.name == "cancel")
    fake_clock.advance(0.5)
    tap(app, keep.rect.center)                          # Keep playing: nothing changes
    assert t.panel is None and t.state == played and not t.session.can_redo()
    key(app, pygame.K_p)
    tap(app, t.panel.row_buttons[labels.index(tr("Restart deal"))].rect.center)
    fake_clock.advance(0.5)
    tap(app, next(b for b in t.panel.buttons if b.name == "restart").rect.center)
    assert t.panel is None and t.state == start and t.session.restart_at() is None
    assert "Redo" in t.status_text and t.history.undo_used
    key(app, pygame.K_y, CTRL)
    t.settle()
    assert t.state == played and t.history.moves == moves + taken
    key(app, pygame.K_u)                    # the redone game is one action
    assert t.state == start


@pytest.mark.parametrize("table", [KlondikeTable, DevilsGripTable], ids=lambda c: c.__name__)
def test_a_double_tap_on_a_panels_button_spends_its_second_tap(table, fake_clock):
    """The second tap of a double tap on a panel's button (here the New deal question's "Play
    this deal") lands on the table the panel uncovered: it is spent, not a tap on a new card;
    a tap there after the double-tap time acts."""
    app = new_app(scene=table(3), size=(390, 844))
    t = app.scene
    t.play(t.rules.legal_moves(t.state)[0])
    t.settle()
    t.ask_new_deal()
    b = t.panel.buttons[0]
    taps = []
    real = t.activate_target
    t.activate_target = lambda target: (taps.append(target), real(target))
    tap(app, b.rect.center)
    assert t.panel is None and t.session.player_moves() == 0
    fake_clock.advance(0.08)
    tap(app, b.rect.center)                 # the double's second tap, 80 ms later
    assert taps == [] and t.session.player_moves() == 0
    fake_clock.advance(0.5)
    tap(app, b.rect.center)
    assert len(taps) == 1 or t.target_at(b.rect.center) is None


def test_a_won_game_restarted_continued_and_won_again_gives_the_progression_one_win(fake_clock):
    """A win taken back (Restart deal), the game continued after a reload and won again: the
    statistics and the progression both keep the first win only."""
    from games.tripeaks import TriPeaks
    from ui.settings import Settings
    from ui.storage import MemoryStorage, Store

    line = TriPeaks.solver(TriPeaks.deal(7, {"mode": "easy", "scoring": "streak"})).run().moves
    store = Store(MemoryStorage())
    app = new_app(scene=TriPeaksTable(7), store=store)
    t = app.scene
    for m in line:
        t.play(t.rules.parse_move(t.state, m))
    assert app.progression.data.wins == {"tripeaks": 1}
    t.close_panel()
    t.restart()
    t.autosave()
    again = new_app(store=store, settings=Settings(language="en", anim_speed="off"))
    again.open_game("tripeaks", resume=True)
    t2 = again.scene
    for m in line:
        t2.play(t2.rules.parse_move(t2.state, m))
    assert t2.rules.status(t2.state) == WON and t2.session.won_again
    assert again.progression.data.wins == {"tripeaks": 1}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_restart_question_says_when_redo_ends_whole_on_a_phone(lang):
    """The Restart question tells both ends of Redo (the next move, the game closed: a phone's
    browser reloads a put-away tab) in the two lines its body draws at 390 px, uncut."""
    from ui import text

    app = new_app(KlondikeTable(5), size=(390, 844), language=lang)
    t = app.scene
    t.ask_restart()
    widths = []
    real = t.panel.content
    t.panel.content = lambda surface, rect: (widths.append(rect.width), real(surface, rect))
    t.stale = app.dirty = True
    app.frame()
    msg = t.panel.message
    assert ("closed" in msg) if lang == "en" else ("закрытия" in msg), msg
    assert widths and len(text.wrap(msg, 20, widths[-1])) <= 2
