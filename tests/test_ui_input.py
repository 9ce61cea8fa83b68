"""How long a press was held, judged by when its events were read (ui/input.py): a quick tap stays
a tap whatever a frame took (a loaded phone, a save, a garbage collection; WebAssembly under load),
and a real hold still becomes a long press. The app runs on the fake clock (tests/conftest.py), so
"a frame taking 0.8 s" is the clock moved on by 0.8 s, never the machine's load."""
import pygame
import pytest

from conftest import new_app
from games.tripeaks import DRAW, TriPeaks
from ui.input import LONG_PRESS, STALL, Pointer
from ui.table import hit

DOWN = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(10, 10), button=1, touch=False)
UP = pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(10, 10), button=1, touch=False)
FRAME = 1 / 60


def _post(kind, **fields):
    pygame.event.post(pygame.event.Event(kind, **fields))


def _post_press(app, x: int, y: int, finger: bool, down: bool) -> None:
    """Queue the press (``down``) or the release of a finger or of the mouse's left button at
    ``(x, y)`` px on ``app``'s window (a finger's place is a fraction of the window, as SDL gives it)."""
    if finger:
        w, h = app.size
        _post(pygame.FINGERDOWN if down else pygame.FINGERUP, touch_id=1, finger_id=0, x=x / w, y=y / h,
              dx=0.0, dy=0.0, pressure=1.0)
    else:
        _post(pygame.MOUSEBUTTONDOWN if down else pygame.MOUSEBUTTONUP, pos=(x, y), button=1, touch=False)


def _tripeaks_with_a_playable_card():
    """A TriPeaks table (deal number, slot of a card that fits the waste)."""
    from ui.table.tripeaks import TriPeaksTable

    for n in range(1, 200):
        s = TriPeaks.deal(n, {"mode": "easy", "scoring": "streak"})
        slot = next((m for m in TriPeaks.legal_moves(s) if m != DRAW), None)
        if slot is not None:
            return TriPeaksTable(n), slot
    raise AssertionError("no deal with a playable card")


def _point(table, target):
    r = table.target_rect(target)
    for fy in (0.5, 0.25, 0.75):
        for fx in (0.5, 0.25, 0.75):
            p = (int(r.x + r.width * fx), int(r.y + r.height * fy))
            if table.hit_test(p) == target:
                return p
    raise AssertionError(f"{target} is hidden")


@pytest.fixture(autouse=True)
def _quit():
    yield
    pygame.display.quit()


@pytest.mark.parametrize("finger", [False, True])
def test_a_tap_whose_release_comes_after_a_slow_frame_moves_the_card(fake_clock, finger):
    """The press is read, that frame takes 0.8 s, the next frame finds no release yet (it is still
    on its way to the queue), the frame after reads it: a tap, and the card moves."""
    table, slot = _tripeaks_with_a_playable_card()
    app = new_app(table)
    t = app.scene
    card = t.state.tableau[slot]
    x, y = _point(t, hit.slot(slot))
    _post_press(app, x, y, finger, down=True)
    app.frame()
    fake_clock.advance(0.8)        # the frame that read the press took 0.8 s
    app.frame()                    # nothing in the queue yet
    _post_press(app, x, y, finger, down=False)
    app.frame()
    assert t.history.moves == 1 and t.state.waste[-1] == card


def test_press_and_release_read_together_after_a_slow_frame_are_a_tap(fake_clock):
    table, slot = _tripeaks_with_a_playable_card()
    app = new_app(table)
    t = app.scene
    p = _point(t, hit.slot(slot))
    fake_clock.advance(0.8)        # a slow frame, during which the player tapped
    _post(pygame.MOUSEBUTTONDOWN, pos=p, button=1, touch=False)
    _post(pygame.MOUSEBUTTONUP, pos=p, button=1, touch=False)
    app.frame()
    assert t.history.moves == 1


def test_a_hold_at_the_usual_frame_rate_is_a_long_press_after_the_hold():
    p = Pointer((100, 100))
    p.poll(now=0.0)
    p.feed(DOWN, now=0.0)
    t, fired = 0.0, None
    while t < 1.0 and fired is None:
        t += FRAME
        if [e.kind for e in p.poll(now=t)] == ["long"]:
            fired = t
    assert LONG_PRESS <= fired < LONG_PRESS + FRAME + 1e-9
    assert [e.kind for e in p.feed(UP, now=t + FRAME)] == ["up"]     # a long press is no tap


def test_a_hold_through_slow_frames_is_still_a_long_press():
    """Every frame takes 0.8 s: the read after the first slow frame waits, the next one fires."""
    p = Pointer((100, 100))
    p.poll(now=0.0)
    p.feed(DOWN, now=0.0)
    assert p.poll(now=0.0) == []
    assert p.poll(now=0.8) == []
    assert [e.kind for e in p.poll(now=1.6)] == ["long"]
    assert p.poll(now=2.4) == []                                  # once per press


def test_a_stall_counts_as_stall_seconds_of_the_hold():
    """A gap between two reads longer than STALL counts STALL towards the hold: a hold through
    a stall becomes a long press once LONG_PRESS - STALL more has been read at the usual rate."""
    p = Pointer((100, 100))
    p.feed(DOWN, now=0.0)
    p.poll(now=0.0)
    t = LONG_PRESS + STALL + 0.1
    assert p.poll(now=t) == []                                    # after a stall
    fired = None
    while fired is None and t < 3.0:
        t += FRAME
        if [e.kind for e in p.poll(now=t)] == ["long"]:
            fired = t
    assert LONG_PRESS - STALL <= fired - (LONG_PRESS + STALL + 0.1) < LONG_PRESS - STALL + FRAME + 1e-9
    # a new press starts afresh: at the usual rate it fires after LONG_PRESS
    p.feed(UP, now=4.0)
    p.feed(DOWN, now=4.0)
    kinds = [[e.kind for e in p.poll(now=4.0 + k / 60)] for k in range(61)]
    assert kinds.index(["long"]) == 30 and kinds.count(["long"]) == 1, kinds


@pytest.mark.parametrize("finger", [False, True])
def test_a_tap_across_a_pause_of_the_machine_is_a_tap(fake_clock, finger):
    """The press is read, then the page (or the whole machine) stops for 90 s; after it the
    release reaches the queue only a few frames later (the hand that sent it was stopped too):
    a tap, not a long press, on Devil's Grip, where a long press means something (it rings the
    cell for a swap). The read after a stall deferred the long press by one frame only."""
    from ui.table.devils_grip import DevilsGripTable

    app = new_app(DevilsGripTable(1), (1280, 800))
    t = app.scene
    i = next(i for i in range(24) if t.targets_for(i))       # a stack with a move
    x, y = t.stack_rect(i).center
    _post_press(app, x, y, finger, down=True)
    app.frame()
    fake_clock.advance(90.0)       # everything stops for a minute and a half
    for _ in range(4):             # the page runs again; the release is on its way
        app.frame()
        fake_clock.advance(FRAME)
    _post_press(app, x, y, finger, down=False)
    app.frame()
    assert t.swap_from is None and t.history.moves == 1, (t.swap_from, t.history.moves)


def test_a_drag_is_never_a_long_press():
    p = Pointer((100, 100))
    p.feed(DOWN, now=0.0)
    p.poll(now=0.0)
    p.feed(pygame.event.Event(pygame.MOUSEMOTION, pos=(40, 10), rel=(30, 0), buttons=(1, 0, 0), touch=False), now=0.1)
    assert p.poll(now=0.1 + FRAME) == [] and p.poll(now=1.0) == [] and p.poll(now=1.0 + FRAME) == []


@pytest.mark.parametrize("hold", [0.6, 2.5])
def test_a_slow_tap_on_a_card_plays_it_where_a_long_press_means_nothing(fake_clock, hold):
    """A press held past LONG_PRESS at the usual frame rate, then released, on a card TriPeaks
    can play: the table has no use for a long press, so the release is a tap and the card moves."""
    table, slot = _tripeaks_with_a_playable_card()
    app = new_app(table)
    t = app.scene
    card = t.state.tableau[slot]
    p = _point(t, hit.slot(slot))
    _post(pygame.MOUSEBUTTONDOWN, pos=p, button=1, touch=False)
    app.frame()
    for _ in range(int(hold / FRAME)):
        fake_clock.advance(FRAME)
        app.frame()
    assert app.pointer.pressed and t.history.moves == 0
    _post(pygame.MOUSEBUTTONUP, pos=p, button=1, touch=False)
    app.frame()
    assert t.history.moves == 1 and t.state.waste[-1] == card


def test_a_motion_with_the_button_up_while_pressed_is_a_cancel_not_a_release():
    """The release was missed (the window lost its focus): the next motion reports the left
    button up. The press ends as ``cancel`` (no ``up``, no ``tap``); a finger's motion has no
    buttons and is unchanged; a motion with the button held drags as before."""
    from ui.input import Pointer

    p = Pointer((400, 400))
    p.feed(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(10, 10), button=1, touch=False), 0.0)
    kinds = [e.kind for e in p.feed(pygame.event.Event(pygame.MOUSEMOTION, pos=(40, 40), rel=(1, 1),
                                                       buttons=(1, 0, 0), touch=False), 0.1)]
    assert kinds == ["drag"]
    out = p.feed(pygame.event.Event(pygame.MOUSEMOTION, pos=(60, 60), rel=(1, 1), buttons=(0, 0, 0), touch=False), 0.2)
    assert [(e.kind, e.pos) for e in out] == [("cancel", (60, 60))] and not p.pressed
    assert p.feed(pygame.event.Event(pygame.MOUSEMOTION, pos=(70, 70), rel=(1, 1), buttons=(0, 0, 0), touch=False), 0.3) == []
    assert p.feed(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(70, 70), button=1, touch=False), 0.4) == []


def test_a_drag_held_while_the_screen_turns_goes_back_and_drops_nothing():
    """A phone turned mid-drag (fresh32 F5): the card held goes back to its pile in the new
    layout at once, and the release, over what is now another pile, moves nothing (before, the
    drag went on with the card drawn far from the finger, and the release was a drop)."""
    from ui.table.klondike import KlondikeTable

    app = new_app(KlondikeTable(10), size=(390, 844), anim_speed="off")
    t = app.scene
    t.end_deal()
    s0, moves0 = t.state, t.history.moves
    r = t.pile_rects(t.state, ("col", 5))[-1]
    x, y = r.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1, touch=False))
    for k in range(1, 6):
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x - 12 * k, y + 8 * k), rel=(-12, 8),
                                             buttons=(1, 0, 0), touch=False))
        app.frame()
    assert t.drag is not None
    app.resize(844, 390)
    assert t.drag is None and not app.pointer.pressed
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(400, 200), button=1, touch=False))
    app.frame()
    assert t.state == s0 and t.history.moves == moves0
