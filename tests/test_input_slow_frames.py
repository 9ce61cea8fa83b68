"""A quick tap stays a tap when a frame is slower than the long-press hold (WebAssembly on a slow
phone; seen in tests/test_web_page.py under load): the release waiting behind the slow frame is
read before the hold is judged."""
import pygame

from ui.input import LONG_PRESS, Pointer

DOWN = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(10, 10), button=1, touch=False)
UP = pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(10, 10), button=1, touch=False)


def test_a_tap_behind_a_slow_frame_is_a_tap():
    p = Pointer((100, 100))
    assert [e.kind for e in p.feed(DOWN, now=0.0)] == ["down"]
    assert p.poll(now=0.0) == []                       # the frame that read the press
    assert p.poll(now=LONG_PRESS + 0.2) == []          # the next frame began after a slow one
    assert [e.kind for e in p.feed(UP, now=LONG_PRESS + 0.2)] == ["up", "tap"]


def test_a_real_hold_after_a_slow_frame_is_still_a_long_press():
    p = Pointer((100, 100))
    p.feed(DOWN, now=0.0)
    p.poll(now=0.0)
    assert p.poll(now=LONG_PRESS + 0.2) == []
    assert [e.kind for e in p.poll(now=LONG_PRESS + 0.22)] == ["long"]
    assert [e.kind for e in p.feed(UP, now=1.0)] == ["up"]


def test_long_press_at_the_usual_frame_rate():
    p = Pointer((100, 100))
    p.feed(DOWN, now=0.0)
    t, kinds = 0.0, []
    while t < LONG_PRESS + 0.05:
        t += 0.016
        kinds += [e.kind for e in p.poll(now=t)]
    assert kinds == ["long"]
