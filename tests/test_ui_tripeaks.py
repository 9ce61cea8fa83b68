"""The real app, headless (SDL_VIDEODRIVER=dummy): pointer events at card positions, frames run,
the table's state checked. Drives ui.app.App exactly as main.py does, one frame at a time."""
import os

os.environ["SDL_VIDEODRIVER"] = "dummy"  # before pygame.display is initialised
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import time

import pygame
import pytest

from games.core import LOST, WON
from games.tripeaks import DRAW, N_SLOTS, TriPeaks, exposed
from games.i18n import tr
from ui.table.base import END_PANEL_GUARD
from ui.table.tripeaks import TriPeaksTable
from ui.storage import Store
from ui.table import hit

from conftest import click, drag, tap, new_app as open_app

DEAL = 1


def make(size=(1280, 800), number=DEAL, anim="off", lang="en", state=None, **kw):
    return open_app(TriPeaksTable(number, state=state), size, Store(), language=lang, anim_speed=anim, **kw)


def visible_point(table, target):
    """A pixel where hit_test answers ``target`` (the card may be partly covered on screen)."""
    r = table.target_rect(target)
    for fy in (0.5, 0.25, 0.1, 0.75, 0.9):
        for fx in (0.5, 0.25, 0.1, 0.75, 0.9):
            p = (int(r.x + r.width * fx), int(r.y + r.height * fy))
            if table.hit_test(p) == target:
                return p
    raise AssertionError(f"{target} is hidden")


def button(app, name):
    return next(b for b in app.scene.buttons if b.name == name).rect.center


def legal_slot(state):
    return next((m for m in TriPeaks.legal_moves(state) if m != DRAW), None)


def refused_slot(state):
    """An exposed card that does not fit the waste."""
    return next(i for i in range(N_SLOTS) if exposed(state.tableau, i)
                and TriPeaks.why_not(state, i) is not None)


def find_deal(pred, start=1):
    for n in range(start, start + 500):
        if pred(TriPeaks.deal(n, {"mode": "easy", "scoring": "streak"})):
            return n
    raise AssertionError("no deal found")


@pytest.fixture(autouse=True)
def _quit():
    yield
    pygame.display.quit()


def test_click_a_fitting_card_moves_it_to_the_waste():
    n = find_deal(lambda s: legal_slot(s) is not None)
    app = make(number=n)
    t = app.scene
    s0 = t.state
    i = legal_slot(s0)
    card = s0.tableau[i]
    click(app, visible_point(t, hit.slot(i)))
    assert t.state.waste[-1] == card and t.state.tableau[i] is None
    assert t.state.score > s0.score and t.history.moves == 1


def test_refused_card_is_unchanged_and_the_status_line_says_why():
    app = make()
    t = app.scene
    s0 = t.state
    i = refused_slot(s0)
    click(app, visible_point(t, hit.slot(i)))
    assert t.state is s0 and t.history.moves == 0
    assert t.status_text == TriPeaks.why_not(s0, i).text()
    assert t.status_text == "The card must be one rank higher or lower"
    # a face-down (blocked) card in Russian
    app2 = make(lang="ru")
    t2 = app2.scene
    click(app2, visible_point(t2, hit.slot(0)))
    assert t2.status_text == "Эта карта заблокирована"


def test_shake_runs_and_ends_with_animation_on():
    app = make(anim="normal")
    t = app.scene
    i = refused_slot(t.state)
    click(app, visible_point(t, hit.slot(i)))
    assert t.anim.busy("shake")
    for _ in range(1000):                   # a frame cap, not a wall-clock deadline
        if not t.anim.busy():
            break
        app.frame()
        time.sleep(0.01)
    assert not t.anim.busy("shake")


def test_finger_tap_draws_and_synthesized_mouse_is_ignored():
    app = make(size=(390, 844))
    t = app.scene
    stock = visible_point(t, hit.STOCK)
    # a synthesized mouse click (touch=True) alone does nothing
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=stock, button=1, touch=True))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=stock, button=1, touch=True))
    app.frame()
    assert t.history.moves == 0
    s0 = t.state
    tap(app, stock)
    assert t.history.moves == 1
    assert len(t.state.stock) == len(s0.stock) - 1 and t.state.waste[-1] == s0.stock[0]
    # the finger and its synthesized mouse twin together count once
    w, h = app.size
    common = dict(touch_id=1, finger_id=0, dx=0.0, dy=0.0, pressure=1.0)
    pygame.event.post(pygame.event.Event(pygame.FINGERDOWN, x=stock[0] / w, y=stock[1] / h, **common))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=stock, button=1, touch=True))
    pygame.event.post(pygame.event.Event(pygame.FINGERUP, x=stock[0] / w, y=stock[1] / h, **common))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=stock, button=1, touch=True))
    app.frame()
    assert t.history.moves == 2


def test_drag_is_not_a_tap_and_release_elsewhere_does_nothing():
    app = make()
    t = app.scene
    stock = visible_point(t, hit.STOCK)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=stock, button=1, touch=False))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(stock[0] + 40, stock[1]), rel=(40, 0),
                                         buttons=(1, 0, 0), touch=False))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(stock[0] + 40, stock[1]), button=1, touch=False))
    app.frame()
    assert t.history.moves == 0


def test_undo_restores_and_the_move_counter_stays():
    app = make()
    t = app.scene
    s0 = t.state
    click(app, visible_point(t, hit.STOCK))
    assert t.state != s0
    click(app, button(app, "undo"))
    assert t.state == s0 and t.history.moves == 1
    click(app, button(app, "undo"))  # nothing to undo
    assert t.status_text == "Nothing to undo"


def test_new_deal_and_replay():
    app = make()
    t = app.scene
    code = t.deal_code()
    click(app, visible_point(t, hit.STOCK))
    click(app, button(app, "new"))               # a game in progress: asked first
    assert t.deal_code() == code
    click(app, next(b for b in t.panel.buttons if b.name == "new").rect.center)
    assert t.history.moves == 0 and t.deal_code() != code
    code2 = t.deal_code()
    click(app, visible_point(t, hit.STOCK))
    t.replay()
    app.frame()
    assert t.deal_code() == code2 and t.history.moves == 0 and t.state == TriPeaks.deal(t.number, t.options)


def test_deal_code_entry_good_and_bad():
    app = make()
    t = app.scene
    click(app, visible_point(t, hit.STOCK))
    before = t.state
    click(app, button(app, "code"))
    assert t.panel is not None
    for ch in "XX1-E-AAAAAAB":
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    app.frame()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0))
    app.frame()
    assert t.panel is not None and "XX1-E-AAAAAAB" in t.panel.error
    assert t.state is before and t.history.moves == 1
    # clear it with the on-screen backspace, then type a good code on the keypad
    key = {k.name: k.rect.center for k in t.panel.keys}
    for _ in range(13):
        click(app, key["⌫"])
    assert t.panel.value == ""
    for ch in "TP1-C-AAAAABC":
        click(app, key[ch])
    ok = next(b for b in t.panel.buttons if b.name == "ok").rect.center
    click(app, ok)
    # a game is in progress (a card drawn): the table asks before the deal replaces it
    assert t.panel is not None and t.panel.confirm and "TP1-C-AAAAABC" in t.panel.title
    assert t.state is before and t.number != 28
    click(app, next(b for b in t.panel.buttons if b.name == "new").rect.center)
    assert t.panel is None
    assert t.number == 28 and t.options["mode"] == "classic"
    assert t.state == TriPeaks.deal(28, {"mode": "classic", "scoring": "streak"})


def test_hint_points_at_a_playable_card_or_the_stock():
    app = make()
    t = app.scene
    click(app, button(app, "hint"))
    for _ in range(20_000):                 # node budgets only (conftest): ends on its own
        if t.hint_search is None:
            break
        app.frame()
    assert t.hint_move in TriPeaks.legal_moves(t.state)


def test_streak_toast_and_win_panel():
    # play a solved deal through the table's own taps; the streak's total shows when it ends
    n = find_deal(lambda s: TriPeaks.solve(s, max_nodes=200_000).status == "solved")
    app = make(number=n)
    t = app.scene
    sol = TriPeaks.solve(t.state, max_nodes=200_000)
    for m in sol.moves:
        move = TriPeaks.parse_move(t.state, m)
        target = hit.STOCK if move == DRAW else hit.slot(move)
        before = t.state
        click(app, visible_point(t, target))
        if move == DRAW and before.streak >= 2:
            want = tr("{n} in a row +{points}", n=before.streak, points=__import__("games.tripeaks").tripeaks.streak_points(before.streak))
            assert any(x.text == want for x in t.toasts)
    assert TriPeaks.status(t.state) == WON
    app.frame()
    assert t.panel is not None and t.panel.end == WON


def draws_lose(s):
    while s.stock:
        s = TriPeaks.apply(s, DRAW)
    return TriPeaks.status(s) == LOST


def test_lost_panel_shows_what_was_needed():
    app = make(number=find_deal(draws_lose))
    t = app.scene
    while t.state.stock:
        click(app, visible_point(t, hit.STOCK))
    assert TriPeaks.status(t.state) == LOST
    app.frame()
    assert t.panel is not None and t.panel.end == LOST
    assert t.status_text == "No more moves available"
    names = {b.name for b in t.panel.buttons}
    assert names == {"rescue", "undo", "replay", "new", "home"}  # issue 7: Rescue on the lost panel
    t.panel.opened -= END_PANEL_GUARD      # the player reads the panel first
    click(app, next(b for b in t.panel.buttons if b.name == "undo").rect.center)
    assert t.panel is None and TriPeaks.status(t.state) != LOST


@pytest.mark.parametrize("size", [(1280, 800), (390, 844), (844, 390), (1920, 1080), (1024, 700)])
def test_every_card_and_button_is_on_screen(size):
    app = make(size=size)
    t = app.scene
    screen = pygame.Rect(0, 0, *size)
    for r in t.card_rects() + [b.rect for b in t.buttons]:
        assert screen.contains(r), (r, size)
    for b in t.buttons:  # buttons never overlap the cards
        assert not any(b.rect.colliderect(r) for r in t.card_rects())
    if size[0] < 900 or size[1] < 500:  # a phone: every target at least 44 px
        for b in t.buttons:
            assert b.rect.width >= 44 and b.rect.height >= 44
        assert t.card_w >= 44
        for i in range(18, 28):  # the open row shows at least 44 x 44 px of each card
            r = t.slot_rects[i]
            x, _ = visible_point(t, hit.slot(i))
            ys = [y for y in range(r.top, r.bottom) if t.hit_test((x, y)) == hit.slot(i)]
            assert len(ys) >= 44
            y = ys[len(ys) // 2]
            assert sum(t.hit_test((xx, y)) == hit.slot(i) for xx in range(r.left, r.right)) >= 44


def test_resize_relays_out():
    app = make()
    t = app.scene
    w0 = t.card_w
    app.resize(390, 844)
    app.frame()
    assert t.frame.shape == "portrait" and app.screen.get_size() == (390, 844) and t.card_w != w0
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=844, h=390, size=(844, 390)))
    app.frame()
    assert t.frame.shape == "landscape"


def test_idle_frames_do_not_redraw():
    app = make()
    app.frame()
    d = app.draws
    for _ in range(20):
        app.frame()
    assert app.draws == d


def test_flight_and_celebration_with_animation_on():
    n = find_deal(lambda s: legal_slot(s) is not None)
    app = make(number=n, anim="normal")
    t = app.scene
    i = legal_slot(t.state)
    card = t.state.tableau[i]
    click(app, visible_point(t, hit.slot(i)))
    assert t.state.waste[-1] == card and card in t.hidden and t.anim.busy("fly")
    t.celebrate("5 in a row!", 300)
    d = app.draws
    for _ in range(2000):                   # a frame cap, not a wall-clock deadline
        if not t.anim.busy():
            break
        app.frame()
        time.sleep(0.005)
    assert not t.anim.busy() and card not in t.hidden and app.draws > d + 2


@pytest.mark.parametrize("how", ["tap", "drag"])
def test_a_tap_or_drag_during_a_streaks_confetti_plays_its_card(how):
    """The confetti of "5 in a row!" (1.1 s) ate the next tap, which only ended it, and a drag
    onto the waste: a quick player's card did not go. During play a celebration lets taps and
    drags play; only the win's ends at a tap (its panel follows)."""
    n = find_deal(lambda s: legal_slot(s) is not None)
    app = make(number=n, anim="normal")
    t = app.scene
    t.celebrate("5 in a row!", 1100)
    app.frame()
    i = legal_slot(t.state)
    card = t.state.tableau[i]
    if how == "tap":
        click(app, visible_point(t, hit.slot(i)))
    else:
        drag(app, visible_point(t, hit.slot(i)), t.waste_rect.center)
    assert t.state.waste[-1] == card


def test_long_press_is_not_a_tap():
    from ui.input import LONG_PRESS, Pointer

    p = Pointer((100, 100))
    down = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(10, 10), button=1, touch=False)
    up = pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(10, 10), button=1, touch=False)
    assert [e.kind for e in p.feed(down, now=0.0)] == ["down"]
    assert [e.kind for e in p.poll(now=LONG_PRESS + 0.01)] == ["long"]
    assert [e.kind for e in p.feed(up, now=1.0)] == ["up"]
    p.feed(down, now=2.0)
    assert p.poll(now=2.1) == []
    assert [e.kind for e in p.feed(up, now=2.2)] == ["up", "tap"]


def test_options_panel_sets_mode_for_the_next_deal_and_language_now():
    app = make()
    t = app.scene
    click(app, button(app, "options"))
    rows = t.panel.row_buttons
    click(app, rows[0].rect.center)  # Mode: easy -> classic
    assert t.settings.options_for("tripeaks")["mode"] == "classic"
    assert t.options["mode"] == "easy"  # the game in progress keeps its rules
    click(app, rows[2].rect.center)  # Language: English -> Русский
    assert t.settings.language == "ru" and t.panel.title == "Опции"
    done = next(b for b in t.panel.buttons if b.name == "done").rect.center
    click(app, done)
    assert t.panel is None
    click(app, button(app, "new"))
    assert t.options["mode"] == "classic" and t.deal_code().startswith("TP1-C-")
    assert next(b for b in t.buttons if b.name == "undo").label == "Назад"   # Cancel is «Отмена»


@pytest.mark.parametrize("size", [(1280, 800), (390, 844), (844, 390), (360, 640), (375, 667), (412, 915),
                                  (640, 360), (667, 375), (915, 412)])
@pytest.mark.parametrize("left_handed", [False, True])
def test_every_card_lies_in_the_table(size, left_handed):
    """At 390x844 the rows, stepped by the card's height in whole px (119 for an 84-px card, not
    118.9), put the last slot 1 px past the table's bottom (table34, task 5): the cards are laid
    at the widest width at which every card lies in the table."""
    from conftest import new_app

    t = new_app(TriPeaksTable(1, {}), size=size, left_handed=left_handed).scene
    T = t.frame.table
    assert all(T.contains(r) for r in t.card_rects()), [r for r in t.card_rects() if not T.contains(r)]


@pytest.mark.parametrize("size", [(390, 844), (844, 390), (1280, 800)])
def test_left_handed_moves_the_stock_and_waste_and_keeps_the_peaks_as_dealt(size):
    """Left-handed TriPeaks mirrored the whole table: each card of the peaks lay where its mirror
    image would, so a shared deal looked different to a left-handed player. Now the stock and
    waste are mirrored across the table (they change sides, as the buttons do) and the peaks are
    moved across whole: every card keeps its place within the peaks, as in the right hand."""
    from conftest import new_app

    right = new_app(TriPeaksTable(1, {}), size=size).scene
    slots0, stock0, waste0, T0 = list(right.slot_rects), right.stock_rect, right.waste_rect, right.frame.table.copy()
    points0 = {i: visible_point(right, hit.slot(i)) for i in range(N_SLOTS) if exposed(right.state.tableau, i)}
    assert points0
    pygame.display.quit()
    left = new_app(TriPeaksTable(1, {}), size=size, left_handed=True).scene
    T = left.frame.table
    assert T.size == T0.size and left.card_w == right.card_w
    dx = left.slot_rects[0].x - slots0[0].x
    assert [r.move(dx, 0) for r in slots0] == left.slot_rects        # the peaks as dealt
    box0, box1 = slots0[0].unionall(slots0), left.slot_rects[0].unionall(left.slot_rects)
    assert box1.x - T.x == T0.right - box0.right                     # where the mirror image would lie
    for a, b in ((stock0, left.stock_rect), (waste0, left.waste_rect)):
        assert (b.x - T.x, b.y, b.size) == (T0.right - a.right, a.y, a.size)
    piles = [left.stock_rect, left.waste_rect]
    assert T.contains(box1) and not any(box1.colliderect(p) for p in piles)
    # the hit test answers each card where it lies: a point of a free card, moved across with
    # the peaks, is that card's; the stock is where it moved
    for i, p in points0.items():
        assert left.hit_test((p[0] + dx, p[1])) == hit.slot(i), i
    assert left.hit_test(left.stock_rect.center) == hit.STOCK


@pytest.mark.parametrize("left_handed", [False, True])
def test_the_peaks_on_their_side_are_their_picture_turned_not_mirrored(left_handed):
    """On an upright phone the peaks lie on their side. Rows and columns were swapped: the
    peaks mirrored across their diagonal, so each card lay where no turn of the head puts it
    (a shared deal looked different from the table across). Now the peaks are turned a quarter
    left: tops at the left, their left end at the bottom (a card to the right in the grid lies
    above it; a lower row lies to the right), a row's cards each drawn over the one above it;
    every free card answers the hit test at its top left corner (its index shows)."""
    from conftest import new_app
    from games.tripeaks import LAYOUT

    t = new_app(TriPeaksTable(1, {}), size=(390, 844), left_handed=left_handed).scene
    assert t.geo["orientation"] == "side"
    for a, (xa, ya) in enumerate(LAYOUT.slots):
        for b, (xb, yb) in enumerate(LAYOUT.slots):
            ra, rb = t.slot_rects[a], t.slot_rects[b]
            if ya < yb:
                assert ra.x < rb.x, (a, b)
            if ya == yb and xa < xb:
                assert ra.y > rb.y and ra.x == rb.x, (a, b)
    tab = t.state.tableau
    for i in range(N_SLOTS):
        if exposed(tab, i):
            r = t.slot_rects[i]
            assert t.hit_test((r.x + 3, r.y + 3)) == hit.slot(i), i
