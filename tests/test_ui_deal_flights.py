"""The deal is dealt (docs/design.md, "Look and feel"): in every game the first picture's cards fly
from the stock into their places; a press ends the deal at once and then acts on the table dealt;
a game continued from its save is laid out at once. Driven headless through the real App with a
fake clock and finger taps."""
import pytest

from conftest import new_app, show_first_picture, tap
from test_ui_undo_flights import between, flights, frames
from ui.table import table_class
from ui.table.base import DEAL_MS

GAMES = ["tripeaks", "pyramid", "devils-grip", "spider", "klondike", "freecell"]


@pytest.mark.parametrize("game", GAMES)
def test_a_new_deal_flies_in_within_a_second(game, fake_clock):
    app = new_app(table_class(game)(5), size=(844, 390), anim_speed="normal", frames=0)
    t = app.scene
    show_first_picture(app)
    n = len(t.anim.tweens)
    assert t.dealing() and n >= 24
    frames(app, fake_clock, 3)
    assert any(between(f) for f in flights(t))
    frames(app, fake_clock, round(DEAL_MS / 16) + 2)
    assert not t.dealing()


def test_a_tap_during_the_deal_lays_it_out_and_plays(fake_clock):
    """Klondike: a tap on the stock while the cards fly lands them all and draws a card."""
    from ui.table.klondike import KlondikeTable

    app = new_app(KlondikeTable(5), size=(844, 390), anim_speed="normal", frames=0)
    t = app.scene
    show_first_picture(app)
    frames(app, fake_clock, 3)
    assert t.dealing()
    tap(app, t.pile_rect[("stock",)].center)
    assert not t.dealing() and t.history.line() == ["s"]


@pytest.mark.parametrize("game", ["devils-grip", "klondike"])
def test_a_move_played_by_code_during_the_deal_lands_on_the_cards_dealt(game, fake_clock):
    """A rescue's line or a test plays a move with no press first: the deal is laid out before
    it, as a press lays it out, and no dealt card is left drawn over the picture (the pictures of
    tests/test_ui_partial_redraw.py differed while Devil's Grip's first move met the deal)."""
    app = new_app(table_class(game)(8), size=(1280, 800), anim_speed="normal", frames=0)
    t = app.scene
    show_first_picture(app)
    frames(app, fake_clock, 3)
    assert t.dealing()
    assert t.play(t.rules.legal_moves(t.state)[0])
    assert not t.dealing() and t.dealt == []


@pytest.mark.parametrize("game, number", [("freecell", 2), ("klondike", 3)])
def test_a_tap_on_an_ace_while_the_deal_flies_sends_only_that_ace_home(game, number, fake_clock):
    """The deal's ace on top of a column goes home by itself once the deal lands; a tap on it
    while the deal flies lays the deal out, and that ace going home is all that happens: the tap
    is not spent on the card the ace uncovers (fresh31b G3: FreeCell sent it to a free cell,
    Klondike said it had nowhere to go)."""
    app = new_app(table_class(game)(number), size=(1280, 800), anim_speed="normal", frames=0)
    t = app.scene
    show_first_picture(app)
    frames(app, fake_clock, 5)
    assert t.dealing()
    aces = [(key, len(pile) - 1) for key, pile in t.pile_places(t.state).items()
            if key[0] == "col" and pile and pile[-1][0] & 15 == 1]
    assert aces, "a deal with an ace on top of a column"
    key, i = aces[0]
    ace = t.pile_places(t.state)[key][i]
    tap(app, ace[2].center)
    frames(app, fake_clock, 120)
    line = t.history.line()
    assert line and all(m.endswith("h") for m in line), line
    assert not t.anim.busy("shake") and "nowhere" not in t.status_text, t.status_text


def test_replay_deals_again_and_a_continued_game_is_laid_out_at_once(fake_clock):
    from ui.table.tripeaks import TriPeaksTable

    app = new_app(TriPeaksTable(5), size=(844, 390), anim_speed="normal")
    t = app.scene
    frames(app, fake_clock, 80)
    assert not t.dealing()
    t.draw_stock()
    t.replay()
    frames(app, fake_clock, 1)
    assert t.dealing()
    frames(app, fake_clock, 80)
    t.draw_stock()
    t.autosave()
    app.open_game("tripeaks", resume=True)
    show_first_picture(app)
    assert app.scene is not t and app.scene.history.line() == ["s"]
    assert not app.scene.anim.tweens


@pytest.mark.parametrize("game", ["klondike", "tripeaks"])
def test_a_card_a_move_uncovers_turns_over(game, fake_clock):
    """Klondike #5's 6♦ onto the 7♣ uncovers a face-down card; TriPeaks #5's line frees one: it
    turns (hidden from the still picture, drawn narrowed over it) and is face up after."""
    app = new_app(table_class(game)(5), size=(844, 390), anim_speed="normal")
    t = app.scene
    frames(app, fake_clock, 80)
    for _ in range(30):
        legal = t.rules.legal_moves(t.state)
        t.play(next((m for m in legal if m != -1), legal[0]))
        if t.anim.of("turn"):
            break
        frames(app, fake_clock, 40)
    (tw,) = t.anim.of("turn")
    key, i = tw.data["slot"]
    assert t.pile_places(t.state, rects=False)[key][i][:2] == (tw.data["card"], True)
    if game == "klondike":
        assert (key, i) in t.hidden_slots()
    else:
        assert tw.data["card"] in t.hidden
    frames(app, fake_clock, 2)
    assert tw.data[False] is not None and True not in tw.data    # the back, narrowing
    frames(app, fake_clock, 8)
    assert not t.anim.of("turn") and True in tw.data
