"""Undo and Redo fly the cards (docs/design.md, "Look and feel"): in every game, driven headless
through the real App with a finger tap on Undo, the Redo key and a fake clock, a card is seen
between its two places a few frames after the tap; a group of moves flies back in reverse, each
move's cards after the one undone before it."""
import pygame
import pytest

from conftest import key, new_app, tap
from ui.anim import ease_out, lerp
from ui.table import table_class
from ui.table.base import path_flights

GAMES = ["tripeaks", "pyramid", "devils-grip", "spider", "klondike", "freecell"]


def flights(t):
    """``(src, dst, where now)`` of each card in flight (top-left px)."""
    out = []
    for tw in t.anim.tweens:
        if tw.kind not in ("fly", "cfly"):
            continue
        items = tw.data.get("items") or [(tw.data["card"], tw.data["src"], tw.data["dst"], None)]
        e = ease_out(tw.t)
        for _, (x0, y0), (x1, y1), _ in items:
            out.append(((x0, y0), (x1, y1), (lerp(x0, x1, e), lerp(y0, y1, e))))
    return out


def between(f) -> bool:
    (x0, y0), (x1, y1), (x, y) = f
    return (x, y) != (x0, y0) and (x, y) != (x1, y1) and min(x0, x1) <= x <= max(x0, x1) \
        and min(y0, y1) <= y <= max(y0, y1)


def frames(app, clock, n):
    for _ in range(n):
        clock.advance(0.016)
        app.frame()


@pytest.mark.parametrize("game", GAMES)
def test_undo_and_redo_fly_the_cards_back_and_forth(game, fake_clock):
    app = new_app(table_class(game)(5), size=(844, 390), anim_speed="normal")
    t = app.scene
    frames(app, fake_clock, 80)         # the deal flies in
    before = t.state
    move = next(m for m in t.rules.legal_moves(before) if m != -1)   # TriPeaks: not the draw
    assert t.play(move)
    frames(app, fake_clock, 40)          # the move's flight lands
    after = t.state
    assert not flights(t)
    undo = next(b for b in t.buttons if b.name == "undo")
    tap(app, undo.rect.center)
    assert t.state == before
    frames(app, fake_clock, 3)
    now = flights(t)
    assert now and any(between(f) for f in now), now
    frames(app, fake_clock, 40)
    assert not flights(t)
    key(app, pygame.K_y, pygame.KMOD_LCTRL)      # Redo (a phone on its side has no Redo button)
    assert t.state == after
    frames(app, fake_clock, 3)
    assert any(between(f) for f in flights(t))


def test_an_undo_group_flies_back_in_reverse(fake_clock):
    """FreeCell #5's line to a group of three (the player's move and two automatic ones home):
    Undo flies the card of the group's last move first."""
    from ui.table.freecell import FreeCellTable

    app = new_app(FreeCellTable(5), size=(844, 390), anim_speed="normal")
    t = app.scene
    frames(app, fake_clock, 80)         # the deal flies in
    for text in "2h 1a 1b 15 18 1c 1d".split():
        t.player_move(t.rules.parse_move(t.state, text))
        frames(app, fake_clock, 40)
    n = t.session.groups[-1]
    assert n >= 2
    line = t.history.line()
    last = t.rules.parse_move(t.history.states[-2], line[-1])
    card = t.pile_cards(t.history.states[-2], t.route(t.history.states[-2], last)[0])[-1][0]
    tap(app, next(b for b in t.buttons if b.name == "undo").rect.center)
    tws = [tw for tw in t.anim.tweens if tw.kind == "cfly"]
    assert len(tws) == n
    first = min(tws, key=lambda tw: tw.delay)
    assert first.data["card"] == card and len({tw.delay for tw in tws}) == n


def test_path_flights_match_cards_and_skip_hidden_ones():
    r = [pygame.Rect(10 * k, 0, 5, 5) for k in range(4)]
    first = {"a": [(1, True, r[0]), (2, True, r[1])], "b": [(7, False, r[2]), (8, False, r[2])]}
    last = {"a": [(1, True, r[0])], "b": [(7, False, r[2]), (8, False, r[2]), (2, False, r[2])]}
    # card 2 leaves a's top for b's (face down); 7 and 8 stay; nothing for a lower stacked card
    assert path_flights(first, last) == [(2, r[1], r[2], True, False, ("b", 2), ("a", 1))]
    # a card that only turns over stays out
    assert path_flights({"a": [(1, False, r[0])]}, {"a": [(1, True, r[0])]}) == []
