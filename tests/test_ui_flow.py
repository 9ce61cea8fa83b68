"""The flow of a game played as a new player would (issue 18): the clock, the pause menu, the end
panels, new deal in a game in progress, the buttons. The real App, headless, with posted pointer,
key and window events."""
import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from ui.table.base import END_PANEL_GUARD

from games.core import PLAYING
from games.pyramid import Pyramid, free
from ui import table as ui_table
from ui.settings import Settings
from ui.storage import MemoryStorage, Store
from ui.table import hit
from ui.table.columns import PileFocus

from conftest import click, key, new_app, run_until

GAMES = list(ui_table.TABLES)


@pytest.fixture(autouse=True)
def _quit():
    yield
    pygame.display.quit()


def make(game, number=3, size=(1280, 800), anim="off", **kw):
    """The real App (conftest.new_app) on deal ``number`` of ``game``."""
    return new_app(ui_table.table_class(game)(number), size, anim_speed=anim, **kw)


@pytest.fixture(autouse=True)
def _clock(fake_clock):
    """The App's clock is a fake one (conftest.FakeClock): a frame's time does not depend on the
    machine's load."""
    return fake_clock


def frames(app, seconds):
    """Run frames 10 ms apart on the App's (fake) clock until ``seconds`` have passed, and at
    least 5."""
    end = app.now() + seconds
    k = 0
    while app.now() < end or k < 5:
        app.frame()
        app.now.advance(0.01)
        k += 1


def first_move(t):
    """Play one legal move for the player through the table's own move path."""
    moves = [m for m in t.rules.legal_moves(t.state)]
    assert moves
    assert t.play(moves[0])


def window(app, kind):
    pygame.event.post(pygame.event.Event(kind))
    app.frame()


# -- 1. the clock --------------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_clock_stops_while_a_panel_is_open(game):
    app = make(game)
    t = app.scene
    first_move(t)
    frames(app, 0.3)
    assert t.clock > 0, "the clock runs once the player has moved"
    t.open_options()
    app.frame()
    before = t.clock
    frames(app, 0.4)
    assert t.clock == before, (game, t.clock - before)
    t.close_panel()
    frames(app, 0.3)
    assert t.clock > before


@pytest.mark.parametrize("away, back", [(pygame.WINDOWFOCUSLOST, pygame.WINDOWFOCUSGAINED),
                                        (pygame.WINDOWMINIMIZED, pygame.WINDOWRESTORED),
                                        (pygame.WINDOWHIDDEN, pygame.WINDOWSHOWN)])
def test_clock_stops_while_the_window_is_away(away, back):
    app = make("tripeaks")
    t = app.scene
    first_move(t)
    frames(app, 0.2)
    window(app, away)
    before = t.clock
    frames(app, 0.4)
    assert t.clock == before
    window(app, back)
    frames(app, 0.3)
    assert t.clock > before


def test_clock_stops_while_the_page_is_hidden(monkeypatch):
    """In the browser the page's visibility is polled with its size (ui.app.page_hidden)."""
    import ui.app as app_mod

    app = make("pyramid")
    t = app.scene
    first_move(t)
    frames(app, 0.2)
    monkeypatch.setattr(app_mod, "WEB", True)
    monkeypatch.setattr(app_mod, "browser_size", lambda: None)
    hidden = [True]
    monkeypatch.setattr(app_mod, "page_hidden", lambda: hidden[0])
    app._next_page_poll = 0
    app.frame()
    before = t.clock
    frames(app, 0.4)
    assert t.clock == before
    hidden[0] = False
    app._next_page_poll = 0
    frames(app, 0.3)
    assert t.clock > before


def test_klondike_deal_aces_are_no_move_and_start_no_clock():
    """Klondike #11 sends two aces home at the deal: Moves 0 and the clock stopped until the
    player moves; the player's first move is Moves 1."""
    app = make("klondike", 11, anim="normal")
    t = app.scene
    frames(app, 1.0)
    t.settle()
    app.frame()
    assert t.history.moves == 2          # the aces went home (each a move of the history)
    assert dict(t.top_items())["Moves"] == "0"
    assert t.clock == 0.0
    t.draw_stock()
    frames(app, 0.3)
    assert dict(t.top_items())["Moves"] == "1"
    assert t.clock > 0


def test_restored_klondike_keeps_the_deal_moves_out_of_the_count():
    store = Store(MemoryStorage())
    s = Settings(language="en", anim_speed="off")
    from ui.table.klondike import KlondikeTable

    app = new_app(KlondikeTable(11), settings=s, store=store)
    for _ in range(2):
        app.frame()
    t = app.scene
    t.draw_stock()
    app.frame()
    assert dict(t.top_items())["Moves"] == "1"
    t.autosave()
    app.open_game("klondike", resume=True)
    app.frame()
    assert dict(app.scene.top_items())["Moves"] == "1"


def bar(app, name):
    return next(b for b in app.scene.buttons if b.name == name).rect.center


def panel_button(app, name):
    p = app.scene.panel
    assert p is not None
    return next(b for b in p.buttons if b.name == name).rect.center


def row(app, label):
    """The centre of the pause menu's row whose label is ``label``."""
    p = app.scene.panel
    for b, (lab, _) in zip(p.row_buttons, p.rows):
        if lab() == label:
            return b.rect.center
    raise AssertionError(f"no row {label!r} in {[lab() for lab, _ in p.rows]}")


# -- 2. the pause menu -----------------------------------------------------------------------------
@pytest.mark.parametrize("size", [(1280, 800), (390, 844), (844, 390)])
@pytest.mark.parametrize("game", GAMES)
def test_pause_menu_top_left_covers_the_table_and_stops_the_clock(game, size):
    app = make(game, size=size)
    t = app.scene
    first_move(t)
    pb = t.pause_button.rect
    assert pb.x < size[0] * 0.15 and pb.y < 60, pb          # the top left corner
    assert pb.width >= 44 and pb.height >= 44
    click(app, pb.center)
    p = t.panel
    assert p is not None and getattr(p, "pause", False)
    labels = [lab() for lab, _ in p.rows]
    assert labels[:5] == ["New deal", "Sound: on", "Rules and tips", "Statistics", "Home"]
    assert [lab for lab in labels if "Rules" in lab] == ["Rules and tips"]     # one entry for the rules
    assert [b.name for b in p.buttons] == ["done"] and p.buttons[0].label == "Resume"
    for b in p.row_buttons + p.buttons:
        assert b.rect.height >= 44 and p.rect.contains(b.rect), (b.name, b.rect)
    # covered: no card is drawn (the screen under the menu is felt, the same with another deal)
    app.dirty = True
    app.frame()
    below = pygame.Rect(0, t.frame.top.bottom, size[0], size[1] - t.frame.top.bottom)
    shot = pygame.image.tobytes(app.screen.subsurface(below), "RGB")
    t.history.states[-1] = t.rules.deal(99, t.options)     # other cards under the menu
    t.stale = True
    app.dirty = True
    app.frame()
    assert pygame.image.tobytes(app.screen.subsurface(below), "RGB") == shot
    before = t.clock
    frames(app, 0.3)
    assert t.clock == before
    click(app, panel_button(app, "done"))
    assert t.panel is None


def test_pause_menu_entries_work():
    app = make("tripeaks")
    t = app.scene
    first_move(t)
    key(app, pygame.K_ESCAPE)                      # Esc opens the pause menu, not home
    assert getattr(t.panel, "pause", False) and app.scene is t
    key(app, pygame.K_ESCAPE)                      # and closes it
    assert t.panel is None
    click(app, t.pause_button.rect.center)
    click(app, row(app, "Sound: on"))
    assert app.settings.sound is False and row(app, "Sound: off")
    click(app, row(app, "Rules and tips"))
    assert type(app.scene).__name__ == "RulesScene" and app.scene.game == "tripeaks"
    app.scene.back()                               # back to the same table
    assert app.scene is t
    key(app, pygame.K_F1)                          # the keys stay one key away
    assert t.panel is not None and any("H: hint" in line for line in t.panel.paragraphs)
    key(app, pygame.K_ESCAPE)
    assert t.panel is None
    click(app, t.pause_button.rect.center)
    click(app, row(app, "Statistics"))
    assert type(app.scene).__name__ == "StatsScene"
    moves, clock = t.player_moves(), t.clock
    key(app, pygame.K_ESCAPE)                      # closed: back to the same table, paused
    assert app.scene is t and getattr(t.panel, "pause", False)
    assert t.player_moves() == moves and t.clock == clock
    click(app, t.pause_button.rect.center)
    click(app, row(app, "Statistics"))
    click(app, next(b for b, _ in app.scene.buttons if b.name == "back").rect.center)  # the arrow too
    assert app.scene is t and getattr(t.panel, "pause", False)
    click(app, panel_button(app, "done"))
    click(app, t.pause_button.rect.center)
    click(app, row(app, "Home"))
    assert type(app.scene).__name__ == "HomeScene"


# -- 3. the end panels ---------------------------------------------------------------------------
def win_freecell(app):
    """Play FreeCell #3 to its end through the table (the solver's line; auto to foundation off)."""
    from games.freecell import FreeCell
    t = app.scene
    r = FreeCell.solver(t.state, max_nodes=2_000_000).run()
    for m in r.moves:
        assert t.player_move(t.rules.parse_move(t.state, m))
    for _ in range(5):
        app.frame()
    for _ in range(100):
        if t.panel is not None:
            break
        app.frame()
        app.now.advance(0.01)


def test_won_panel_offers_home_and_undo_and_esc_closes():
    from games.core import WON

    app = make("freecell", 3, auto_foundation=False)
    t = app.scene
    win_freecell(app)
    assert t.rules.status(t.state) == WON and t.panel is not None
    names = [b.name for b in t.panel.buttons]
    assert "home" in names and "undo" in names, names
    # New deal leads, lit for Enter: after a win the next step is a new deal (feel30 K2)
    assert names[:2] == ["new", "replay"] and t.panel.focus in (None, 0), (names, t.panel.focus)
    for b in t.panel.buttons:
        assert t.panel.rect.contains(b.rect) and b.rect.height >= 44
    from ui.progress import stats_key

    key_ = stats_key("freecell", t.saved.options)
    assert app.progress.stats[key_]["won"] == 1
    t.panel.opened -= END_PANEL_GUARD               # the player reads the panel first
    key(app, pygame.K_ESCAPE)                       # Esc closes the panel; the won table stays
    assert t.panel is None and app.scene is t
    click(app, bar(app, "undo"))                    # the last move comes back
    assert t.rules.status(t.state) == PLAYING
    t.settle()
    # played again, the win is not counted twice
    moves = t.rules.legal_moves(t.state)
    for m in moves:
        t.player_move(m)
        t.settle()
        if t.rules.status(t.state) == WON:
            break
    assert t.rules.status(t.state) == WON
    assert app.progress.stats[key_]["won"] == 1 and app.progress.stats[key_]["played"] == 1


def test_won_panel_home_button_goes_home():
    app = make("freecell", 3, auto_foundation=False)
    win_freecell(app)
    app.scene.panel.opened -= END_PANEL_GUARD      # the player reads the panel first
    click(app, panel_button(app, "home"))
    assert type(app.scene).__name__ == "HomeScene"


# -- 4. new deal with a game in progress ------------------------------------------------------------
@pytest.mark.parametrize("how", ["button", "key"])
def test_new_deal_in_a_game_in_progress_asks_first(how):
    app = make("klondike", 5)
    t = app.scene
    first_move(t)
    number, moves = t.number, t.history.moves
    if how == "button":
        click(app, bar(app, "new"))
    else:
        key(app, pygame.K_n)
    assert t.number == number and t.history.moves == moves, "one tap abandoned the game"
    assert t.panel is not None and getattr(t.panel, "confirm", False)
    click(app, panel_button(app, "cancel"))         # Keep playing: nothing changed
    assert t.panel is None and t.number == number and t.history.moves == moves
    click(app, bar(app, "new"))
    click(app, panel_button(app, "new"))
    assert t.number != number and t.player_moves() == 0


def test_new_deal_before_any_move_deals_at_once():
    app = make("klondike", 5)
    t = app.scene
    number = t.number
    click(app, bar(app, "new"))
    assert t.panel is None and t.number != number


# -- 5. a Rescue button on every table -------------------------------------------------------------
@pytest.mark.parametrize("size", [(1280, 800), (390, 844), (844, 390)])
@pytest.mark.parametrize("game", GAMES)
def test_rescue_button_on_every_table(game, size):
    app = make(game, size=size)
    t = app.scene
    b = next(b for b in t.buttons if b.name == "rescue")
    assert b.rect.width >= 44 and b.rect.height >= 44
    assert app.screen.get_rect().contains(b.rect)
    called = []
    t.assist.rescue = lambda: called.append(1)
    click(app, b.rect.center)
    assert called == [1]


# -- 7. FreeCell: the run too long, and "tap again" round every place -----------------------------
def fc_state(cols_text, cells=(None,) * 4, rest_to=(4, 5, 6, 7)):
    """A FreeCell state: the given columns (card texts bottom first) and every other card spread
    under the columns ``rest_to``, ranks falling from K (nothing else can move home)."""
    from games.cards import deck, parse_card
    from games.freecell import FreeCellState

    cols = [[parse_card(x) for x in c.split()] for c in cols_text]
    used = {c for col in cols for c in col} | {c for c in cells if c is not None}
    rest = sorted((c for c in deck() if c not in used), key=lambda c: -(c & 15))
    for k, c in enumerate(rest):
        cols[rest_to[k % len(rest_to)]].insert(0, c)
    return FreeCellState(tuple(tuple(c) for c in cols), tuple(cells), (0, 0, 0, 0))


def long_run_state():
    from games.cards import parse_card as C
    # a run of four onto a ten that takes its nine, with the cells full and no column empty
    return fc_state(["9S 8H 7C 6D", "TD", "KC", "KH", "", "", "", ""],
                    cells=(C("QS"), C("QD"), C("JS"), C("JD")))


def card_point(t, key, i):
    rects = t.pile_rects(t.state, key)
    r = rects[i]
    bottom = rects[i + 1].y if i + 1 < len(rects) else r.bottom
    return (r.centerx, (r.y + bottom) // 2)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_freecell_run_too_long_says_the_capacity_and_why(lang):
    from ui.table.freecell import FreeCellTable

    s0 = long_run_state()
    app = new_app(FreeCellTable(state=s0), language=lang, auto_foundation=False)
    t = app.scene
    n0 = len(s0.columns[0])
    # a tap on the run's head
    click(app, card_point(t, ("col", 0), n0 - 4))
    assert t.state == s0
    from games.i18n import tr

    # the formula as the player counts it: the empty column the run would go to is not counted
    # (else 0 free cells and one empty column read 2, not 1: QA)
    assert t.status_text == tr("These {run} cards fit a column, but only {n} can move at once now: "
                               "(free cells + 1) × 2^(empty columns, the one they go to not counted)",
                               run=4, n=1), t.status_text
    assert ("the one they go to not counted" if lang == "en" else "кроме того, куда переносят") in t.status_text
    # dragged onto the ten
    start = card_point(t, ("col", 0), n0 - 4)
    top = t.pile_rects(t.state, ("col", 1))[-1]
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1, touch=False))
    app.frame()
    for k in range(1, 7):
        p = (start[0] + (top.centerx - start[0]) * k // 6, start[1] + (top.bottom - start[1]) * k // 6)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(1, 1), buttons=(1, 0, 0), touch=False))
        app.frame()
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(top.centerx, top.bottom), button=1, touch=False))
    for _ in range(3):
        app.frame()
    assert t.state == s0
    assert t.status_text and "{" not in t.status_text and "1" in t.status_text, t.status_text


def card_where(t, card):
    """Where ``card`` lies on a FreeCell table ``t``: (pile key, index, the card under it, or
    "cell" in a free cell)."""
    s = t.state
    for i, col in enumerate(s.columns):
        if card in col:
            return ("col", i), col.index(card), (col[col.index(card) - 1] if col.index(card) else None)
    return ("cell", s.cells.index(card)), 0, "cell"


def test_freecell_617_tap_again_goes_round_every_place(fake_clock):
    """Q♥ at the bottom of FreeCell #617's last column: K♠, K♣, a free cell, and round again."""
    from games.cards import parse_card as C
    from ui.table.freecell import FreeCellTable

    app = new_app(FreeCellTable(617))
    t = app.scene
    qh, ks, kc = C("QH"), C("KS"), C("KC")

    def where():
        return card_where(t, qh)

    seen = []
    for _ in range(7):
        key_, i, under = where()
        click(app, card_point(t, key_, i))
        t.settle()
        app.frame()
        seen.append(where()[2])
        t.last_tap = None      # taps far enough apart to be no double tap
    assert seen == [ks, kc, "cell", ks, kc, "cell", ks], seen


def test_a_tap_on_the_moved_card_later_is_judged_afresh(fake_clock):
    """"Tap it again at once" (docs/columns-ui.md): Q♥ of FreeCell #617 tapped twice at once goes
    to K♠ then K♣; tapped again 3 s later it goes to the rules' best place from where it lies
    (the first of the tap list, K♠'s column), not on round the first tap's places (a free cell,
    which a tap minutes later still chose: QA)."""
    from games.cards import parse_card as C
    from ui.table.freecell import FreeCellTable

    app = new_app(FreeCellTable(617))
    t = app.scene
    qh, ks, kc = C("QH"), C("KS"), C("KC")

    def where():
        return card_where(t, qh)

    def tap():
        key_, i, _ = where()
        click(app, card_point(t, key_, i))
        t.settle()
        app.frame()
        t.last_tap = None      # taps far enough apart to be no double tap
        return where()[2]

    assert [tap(), tap()] == [ks, kc]
    fake_clock.advance(3.0)
    key_, i, _ = where()
    best = t.route(t.state, t.tap_list(t.state, key_, i)[0])[2]
    assert best != ("cell",) and t.state.columns[best[1]][-1] == ks, best
    assert tap() == ks
    # and at once again after it: on round from there
    assert tap() in (kc, "cell")


# -- 10. deal numbers players can read and share ---------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_the_deal_is_readable_at_390_wide(game):
    app = make(game, size=(390, 844))
    t = app.scene
    t.stale = True
    app.dirty = True
    app.frame()
    label, value, size = t.top_sizes[-1]
    assert label == "Deal" and size >= 14, (game, value, size)


@pytest.mark.parametrize("size", [(390, 844), (360, 640)], ids=lambda s: "%dx%d" % s)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_upright_top_bar_shows_its_items_at_full_size_and_the_deal_on_a_row_of_its_own(size, lang,
                                                                                            monkeypatch):
    """On a phone held upright every item of the top bar (score, clock, moves, the game's own
    count) is drawn at the bar's text size, at least 12 px from its neighbours, and the deal
    code has a row of its own under them, whole and at least 16 px: at 390x844 the code shared
    the row, squeezing the items together and some values into smaller text."""
    from games.i18n import tr
    from ui import text
    from ui.table.base import _scratch

    drawn = []
    real = text.blit_center

    def blit(surface, img, center):
        r = real(surface, img, center)
        if surface is not _scratch():     # not a panel's texts rendered ahead of its opening
            drawn.append(r)
        return r

    monkeypatch.setattr(text, "blit_center", blit)
    for game in GAMES:
        app = make(game, 5, size=size, language=lang)
        t = app.scene
        t.stale = app.dirty = True
        t._stamps.clear()             # the bar drawn anew, not copied from its last drawing
        drawn.clear()
        app.frame()
        row_bottom = t.frame.top.y + t.frame.p["top_bar"]
        columns = []                  # the row's texts merged where they share x (a label over its value)
        for r in sorted((r for r in drawn if t.frame.top.contains(r) and r.centery < row_bottom), key=lambda r: r.x):
            if columns and r.x < columns[-1].right:
                columns[-1] = columns[-1].union(r)
            else:
                columns.append(pygame.Rect(r))
        gaps = [b.x - a.right for a, b in zip(columns, columns[1:])]
        assert len(columns) >= 3 and min(gaps) >= 12, (game, gaps)
        *row, deal = t.top_sizes
        assert deal[0] == tr("Deal") and deal[1] == t.deal_label() and deal[2] >= 16, (game, deal)
        ts = t.frame.p["top_text"]
        assert len(row) >= 3 and all(s == ts for _, _, s in row), (game, ts, row)
        assert t.pause_button.rect.height >= 44 and t.pause_button.rect.bottom <= t.frame.top.bottom, game
        pygame.display.quit()


def test_freecell_shows_microsofts_number():
    app = make("freecell", 617, size=(390, 844))
    t = app.scene
    app.dirty = True
    t.stale = True
    app.frame()
    assert t.top_sizes[-1][1] == "#617"


def type_text(app, s):
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=s))
    app.frame()


@pytest.mark.parametrize("typed", ["11982", "#617"])
def test_code_field_takes_a_plain_number(typed):
    app = make("freecell", 5)
    t = app.scene
    click(app, bar(app, "code"))
    type_text(app, typed)
    key(app, pygame.K_RETURN)
    assert t.panel is None and t.number == int(typed.lstrip("#"))


def test_code_field_takes_paste(monkeypatch):
    app = make("klondike", 5)
    t = app.scene
    code = t.rules.code(4242, t.options)
    monkeypatch.setattr(pygame.scrap, "get_text", lambda: f"  https://example.org/?deal={code.lower()}\n")
    click(app, bar(app, "code"))
    key(app, pygame.K_v, pygame.KMOD_CTRL)
    assert t.panel.value == code
    key(app, pygame.K_RETURN)
    assert t.panel is None and t.number == 4242


# -- 6. help never dead-ends ---------------------------------------------------------------------
def test_tripeaks_hint_at_move_0_of_a_lost_deal_points_at_the_stock():
    """TP1-C-AAAAAAB: drawing is the only move and no line wins. The hint shows the stock and
    says the deal cannot be won; it never sends the player to an Undo that is greyed out."""
    from games.tripeaks import DRAW, TriPeaks
    from games.solvers.search import UNSOLVABLE
    from ui.table.tripeaks import TriPeaksTable

    n, opts = TriPeaks.decode("TP1-C-AAAAAAB")
    s0 = TriPeaks.deal(n, opts)
    assert TriPeaks.legal_moves(s0) == [DRAW]
    proof = TriPeaks.solve(s0, max_nodes=2_000_000)
    assert proof.status == UNSOLVABLE
    app = new_app(TriPeaksTable(n, options=opts))
    t = app.scene
    t.assist.learn(s0, proof)            # as a finished search would
    key(app, pygame.K_h)
    run_until(app, lambda: t.hint_search is None)
    assert t.panel is None, t.panel and t.panel.title
    assert t.hint_move == DRAW
    assert "cannot be won" in t.status_text and "undo" not in t.status_text.lower()


def test_rescue_at_move_0_of_a_proved_lost_deal_says_it_cannot_be_won(monkeypatch):
    """FreeCell #11982 cannot be won (the solver proves it in ~150 000 nodes): Rescue at move 0
    says so and offers a new deal, not an undo there is none of; solvable deals only never deals it."""
    from games import bank
    from games.freecell import FreeCell
    from ui.table.freecell import FreeCellTable

    assert 11982 not in bank.load(FreeCell, {}).solvable
    from ui.table import assist
    monkeypatch.setattr(assist, "PANEL_SLICE", 0.25)    # fewer, longer slices: the same search
    app = new_app(FreeCellTable(11982))
    t = app.scene
    key(app, pygame.K_r)
    run_until(app, lambda: t.assist.rescue_phase == "back-done", 200_000)
    assert t.panel.title == "This deal cannot be won"
    assert [b.name for b in t.panel.buttons] == ["new", "cancel"]
    assert "undo" not in " ".join(m for m, _ in t.assist.rescue_lines()).lower()
    number = t.number
    click(app, panel_button(app, "new"))
    assert t.number != number and t.panel is None


def test_hint_on_a_lost_game_says_so_and_offers_replay_and_new_deal():
    from games.core import LOST
    from games.tripeaks import DRAW, TriPeaks
    from ui.table.tripeaks import TriPeaksTable

    app = make("tripeaks", 4)
    t = app.scene
    for _ in range(200):              # draw whenever possible: the stock runs out, the game is lost
        if t.rules.status(t.state) != PLAYING:
            break
        moves = t.rules.legal_moves(t.state)
        t.play(DRAW if DRAW in moves else moves[0])
    assert t.rules.status(t.state) == LOST
    for _ in range(60):
        app.frame()
    t.close_panel()
    key(app, pygame.K_h)
    assert t.panel is not None and t.panel.end == LOST
    names = [b.name for b in t.panel.buttons]
    assert "replay" in names and "new" in names


# -- 13. the smaller things --------------------------------------------------------------------------
def test_small_texts():
    from games.i18n import tr
    from ui.scenes.options import value_label
    from ui.table.pyramid import layout_name

    assert value_label("pyramid", "layout", "1") == f"1 · {layout_name(1)}"   # not a bare "1"
    assert tr("Waste card", "ru") == "Карта сброса"


def test_stats_one_game_and_no_best_score_for_devils_grip():
    from ui.scenes.stats import StatsScene
    from ui.progress import stats_key

    app = make("devils-grip", 3)
    t = app.scene
    first_move(t)
    t.new_deal()                                   # the game left counts one loss
    key_ = stats_key("devils-grip", t.options)
    app.progress.stats[key_]["best_score"] = 96
    app.switch(StatsScene("devils-grip"))
    app.frame()
    st = app.scene
    st.variant = key_
    assert st.line_title() == "Last game: lost"
    assert "Best score" not in [label for label, _ in st.figures()]
    st.variant = stats_key("tripeaks", {})
    assert "Best score" in [label for label, _ in st.figures()]


# -- 8. playable cards glow in the column games ------------------------------------------------------
@pytest.mark.parametrize("game", ["klondike", "freecell", "spider"])
def test_playable_cards_glow_in_the_column_games(game):
    from ui import cards_art

    app = make(game, 7, glow=True)
    t = app.scene
    drawn = []
    real, real_all = t.art.draw, t.art.draw_all
    t.art.draw = lambda surface, card, rect, up=True, shade=True, halo=None, rows=None: (
        drawn.append((card, halo)), real(surface, card, rect, up, shade, halo))
    t.art.draw_all = lambda surface, cards: (      # a column's cards, in one call
        drawn.extend((card, halo) for card, _, _, _, halo, _, _ in cards), real_all(surface, cards))
    t.stale, t._picture = True, None    # drawn whole: every card (a partial redraw skips the piles it misses)
    app.dirty = True
    app.frame()
    glowing = [(c, h) for c, h in drawn if h in (cards_art.GLOW, cards_art.GLOW_UNDER)]
    assert glowing, "no card glows"
    s = t.state
    # exactly the cards a tap would move by a glow move glow (every tap move but FreeCell's to a
    # free cell or an empty column: docs/columns-ui.md, "Glow")
    movable = {t.pile_cards(s, key)[i][0] for key in t.all_keys() if key[0] not in ("found", "stock")
               for i in range(len(t.pile_cards(s, key)))
               if t.pile_cards(s, key)[i][1] and t.liftable(s, key, i) and t.glow_moves(s, key, i)}
    if game != "freecell":
        assert all(t.glow_moves(s, key, i) == t.tap_list(s, key, i) for key in t.all_keys()
                   if key[0] not in ("found", "stock") for i in range(len(t.pile_cards(s, key))))
    assert {c for c, _ in glowing} == movable
    # the setting off: none
    app.settings.glow = False
    drawn.clear()
    t.stale = True
    app.dirty = True
    app.frame()
    assert not [c for c, h in drawn if h in (cards_art.GLOW, cards_art.GLOW_UNDER)]


# -- 12. keyboard play -----------------------------------------------------------------------------
def test_freecell_won_by_keys_only():
    """FreeCell #3 played to its win by keys alone: a digit or the arrows put the focus on the
    solver's card, Enter plays it to its best place and again to the next, until it lies where the
    line wants it."""
    from games.core import WON
    from games.freecell import FreeCell, FOUNDATION, N_COLUMNS

    app = make("freecell", 3, auto_foundation=False)
    t = app.scene
    line = FreeCell.solver(t.state, max_nodes=2_000_000).run().moves
    for text_ in line:
        s = t.state
        m = FreeCell.parse_move(s, text_)
        target = FreeCell.apply(s, m)
        src_key = t.key_of(m.src)
        if src_key[0] == "col":
            key(app, pygame.K_1 + src_key[1])
            n_col = len(s.columns[src_key[1]])
            for _ in range(m.n - 1):
                key(app, pygame.K_UP)                      # up the run to its head
            assert t.focus == PileFocus(src_key, n_col - m.n), (text_, t.focus)
        else:
            for _ in range(20):                             # Tab round to the cell
                if t.focus is not None and t.focus.key == src_key:
                    break
                key(app, pygame.K_TAB)
            assert t.focus.key == src_key
        for _ in range(8):                                  # Enter until the card lies where the line wants
            key(app, pygame.K_RETURN)
            t.settle()
            if t.state == target:
                break
        assert t.state == target, (text_, t.status_text)
    assert t.rules.status(t.state) == WON


def test_keys_are_listed_in_the_rules_panel():
    app = make("klondike", 3)
    t = app.scene
    key(app, pygame.K_F1)
    text_ = " ".join(t.panel.paragraphs)
    for k in ("Arrows", "Enter", "1-7", "U or Ctrl+Z", "H:", "R:", "N:", "C:", "O:", "Esc"):
        assert k in text_, k


def test_focus_is_drawn_and_moves_with_the_arrows():
    app = make("klondike", 3)
    t = app.scene
    key(app, pygame.K_3)
    assert t.focus.key == ("col", 2)
    key(app, pygame.K_RIGHT)
    assert t.focus.key == ("col", 3)
    before = pygame.image.tobytes(app.screen, "RGB")
    key(app, pygame.K_LEFT)
    app.dirty = True
    app.frame()
    assert pygame.image.tobytes(app.screen, "RGB") != before


# -- 9. a win is celebrated in every game ----------------------------------------------------------
def play_to_the_win(game, number):
    """``(app, table)``: deal ``number`` of a column game played to its win by the solver's line
    through the table, animation fast, auto to foundation off; the win's animations just begun."""
    app = make(game, number, anim="fast", auto_foundation=False)
    t = app.scene
    for m in t.rules.solver(t.state, max_nodes=2_000_000).run().moves:
        t.settle()
        assert t.player_move(t.rules.parse_move(t.state, m))
    t.settle()
    return app, t


def test_column_game_win_plays_a_card_cascade_then_the_panel():
    app, t = play_to_the_win("freecell", 3)
    run_until(app, lambda: t.anim.busy("celebrate"), 3000)
    tw = t.anim.of("celebrate")[0]
    assert len(tw.data["cards"]) == 52 and t.panel is None
    frames(app, 0.5)
    moving = t.cascade_rects(t.anim.of("celebrate")[0])
    assert len(moving) > 3
    floor = t.frame.table.bottom
    assert all(r.bottom <= floor + 1 for _, r in moving)
    # a tap ends it, and the end panel opens
    click(app, t.frame.table.center)
    run_until(app, lambda: t.panel is not None, 200)
    assert t.panel.end is not None


@pytest.mark.parametrize("k", ["K_u", "K_RETURN"])
def test_a_key_in_the_win_cascade_ends_it_as_a_tap_and_the_won_panel_opens(k):
    """U (or any key) while the win's cascade plays undid the winning move, and the won panel
    a finishing celebration opens came up anyway over a game in play, the lost panel's lines
    drawn in it. A key now ends the celebration as a tap does; the won panel opens on the won
    game and the key is spent; undo straight from the cascade takes the win back and leaves no
    panel."""
    app, t = play_to_the_win("freecell", 3)
    run_until(app, lambda: t.anim.busy("celebrate"), 3000)
    n = len(t.history.actions)
    key(app, getattr(pygame, k))
    assert t.panel is not None and t.panel.end is not None and t.panel.title == "You won!"
    assert t.rules.status(t.state) == "won" and len(t.history.actions) == n
    t.undo()                         # the panel's U, later: the win taken back, no panel
    assert t.panel is None and t.rules.status(t.state) == "playing"
    frames(app, 3.0)
    assert t.panel is None and not t.anim.busy("celebrate")


@pytest.mark.parametrize("how", ["key", "bar"])
def test_new_deal_right_after_the_winning_move_shows_the_won_panel_first(how):
    """Between the winning move and its celebration (the flight and the wait, about 0.4 s) N or
    the bar's New deal dealt anew at once: the win counted, its panel (points, places, badges)
    never shown. A tap or key then brings the won panel, and does nothing else."""
    app, t = play_to_the_win("klondike", 3)
    number = t.number
    assert t.rules.status(t.state) == "won" and t.panel is None and t.anim.busy("wait")
    if how == "key":
        key(app, pygame.K_n)
    else:
        click(app, bar(app, "new"))
    assert t.panel is not None and t.panel.end == "won" and t.panel.title == "You won!"
    assert app.scene is t and t.number == number and t.rules.status(t.state) == "won"


def test_undo_while_the_win_waits_for_its_cascade_opens_no_panel_over_the_game():
    app, t = play_to_the_win("klondike", 3)
    assert t.rules.status(t.state) == "won" and t.anim.busy("wait")
    t.undo()
    assert t.panel is None and t.rules.status(t.state) == "playing"
    frames(app, 3.0)
    assert t.panel is None and not t.anim.busy("celebrate")


# -- 11. drag in TriPeaks and Pyramid --------------------------------------------------------------
def drag_to(app, start, end, steps=6):
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1, touch=False))
    app.frame()
    for k in range(1, steps + 1):
        p = (start[0] + (end[0] - start[0]) * k // steps, start[1] + (end[1] - start[1]) * k // steps)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(1, 1), buttons=(1, 0, 0), touch=False))
        app.frame()
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1, touch=False))
    app.frame()


def test_tripeaks_drag_a_card_onto_the_waste():
    from games.tripeaks import DRAW, N_SLOTS, TriPeaks, exposed

    for n in range(1, 100):
        app = make("tripeaks", n)
        t = app.scene
        s0 = t.state
        i = next((m for m in TriPeaks.legal_moves(s0) if m != DRAW), None)
        if i is not None:
            break
        pygame.display.quit()
    start = t.slot_rects[i].center
    assert t.hit_test(start) == hit.slot(i)
    # dropped in the empty felt: nothing happens
    drag_to(app, start, (t.frame.table.right - 5, t.frame.table.bottom - 5))
    assert t.state == s0 and t.dragging is None
    drag_to(app, start, t.waste_rect.center)
    assert t.state == TriPeaks.apply(s0, i)
    # a card that does not fit the waste: refused with the reason, nothing changes
    s1 = t.state
    j = next((k for k in range(N_SLOTS) if exposed(s1.tableau, k) and TriPeaks.why_not(s1, k) is not None), None)
    if j is not None:
        drag_to(app, t.slot_rects[j].center, t.waste_rect.center)
        assert t.state == s1 and t.status_text


def pyramid_with_a_free_pair():
    """``(app, table, state, (a, b))``: the first Pyramid deal whose opening shows a pair to remove."""
    for n in range(1, 200):
        app = make("pyramid", n)
        t = app.scene
        s0 = t.state
        pair = next(((a, b) for a in range(len(s0.cards)) for b in range(len(s0.cards))
                     if a != b and s0.cards[a] is not None and s0.cards[b] is not None and free(s0, a)
                     and free(s0, b) and Pyramid.why_not(s0, (a, b)) is None), None)
        if pair is not None:
            return app, t, s0, pair
        pygame.display.quit()
    raise AssertionError("no Pyramid deal in 1..199 opens with a free pair")


def test_pyramid_drag_a_card_onto_its_partner():
    app, t, s0, pair = pyramid_with_a_free_pair()
    a, b = pair
    ra, rb = t.geo.slots[a], t.geo.slots[b]
    assert t.hit_test(ra.center) == hit.slot(a) and t.hit_test(rb.center) == hit.slot(b)
    drag_to(app, ra.center, rb.center)
    assert t.state == Pyramid.apply(s0, (a, b))
    assert t.dragging is None


def test_klondike_stock_cards_turn_over_in_flight():
    app = make("klondike", 3, anim="normal")
    t = app.scene
    t.settle()
    t.stock_tap()
    flights = [tw for tw in t.anim.of("cfly") if tw.data["slot"][0] == ("waste",)]
    assert flights
    for tw in flights:
        assert tw.data["up0"] is False and tw.data["up1"] is True   # face down, then turned over


def test_pyramid_empty_stock_shows_a_circular_arrow(monkeypatch):
    import ui.table.pyramid as pyr
    from games.pyramid import DRAW

    app = make("pyramid", 3)
    t = app.scene
    while t.state.stock:
        assert t.play(DRAW)
    assert t.rules.why_not(t.state, DRAW) is None          # the waste can turn back
    names = []
    real = pyr.icon
    monkeypatch.setattr(pyr, "icon", lambda name, *a, **k: (names.append(name), real(name, *a, **k))[1])
    t.stale = True
    app.dirty = True
    app.frame()
    assert "redeal" in names and "new" not in names


def test_tripeaks_won_by_keys_only():
    """A TriPeaks deal played to its win by keys alone: Tab to the solver's card, Enter; D draws."""
    from games.core import WON
    from games.solvers.search import SOLVED
    from games.tripeaks import DRAW, TriPeaks

    opts = {"mode": "easy"}
    n, line = next((n, r.moves) for n in range(1, 60)
                   for r in [TriPeaks.solve(TriPeaks.deal(n, opts), max_nodes=200_000)] if r.status == SOLVED)
    from ui.table.tripeaks import TriPeaksTable

    app = new_app(TriPeaksTable(n, options=opts))
    t = app.scene
    for text_ in line:
        m = TriPeaks.parse_move(t.state, text_)
        if m == DRAW:
            key(app, pygame.K_d)
            continue
        for _ in range(40):
            if t.focus == hit.slot(m):
                break
            key(app, pygame.K_TAB)
        assert t.focus == hit.slot(m)
        before = t.state
        key(app, pygame.K_RETURN)
        assert t.state == TriPeaks.apply(before, m)
    assert t.rules.status(t.state) == WON


def test_pyramid_pair_by_keys():
    app, t, s0, pair = pyramid_with_a_free_pair()
    for target in pair:
        for _ in range(40):
            if t.focus == hit.slot(target):
                break
            key(app, pygame.K_TAB)
        assert t.focus == hit.slot(target)
        key(app, pygame.K_RETURN)
    assert t.state == Pyramid.apply(s0, pair)


def test_devils_grip_moves_by_keys():
    """Devil's Grip by keys: Tab to a stack that can move, Enter plays it as a tap; S then Enter
    on another stack swaps the two."""
    from games.devils_grip import DevilsGrip, SWAP

    app = make("devils-grip", 3)
    t = app.scene
    s0 = t.state
    targets = t.focus_targets()
    assert targets
    before = t.state
    for _ in range(len(targets) + 1):
        key(app, pygame.K_TAB)
        if t.focus.kind is hit.Kind.CELL:
            key(app, pygame.K_RETURN)
            if t.state != before:
                break
    assert t.state != before or t.status_text
    # a swap by keys
    s1 = t.state
    cells = [f for f in t.focus_targets() if f.kind is hit.Kind.CELL]
    t.focus = cells[0]
    key(app, pygame.K_s)
    assert t.swap_from == cells[0].index
    t.focus = cells[1]
    key(app, pygame.K_RETURN)
    assert t.swap_from is None
    from games.devils_grip import Move
    swap = Move(SWAP, cells[0].index, cells[1].index)
    if DevilsGrip.why_not(s1, swap) is None:
        assert t.state == DevilsGrip.apply(s1, swap)
    else:
        assert t.state == s1 and t.status_text


@pytest.mark.parametrize("game,options", [
    ("tripeaks", {}), ("pyramid", {}), ("devils-grip", {}), ("spider", {"suits": "1"}),
    ("klondike", {"draw": "1"}), ("freecell", {}),
])
def test_h_then_enter_plays_the_hint(game, options):
    """A hint asked by key puts the focus on the hinted card, and Enter there plays the hinted
    move itself (a tap on that card could go elsewhere); Enter after the focus moved away plays
    the focused card as before."""
    settings = Settings(language="en", anim_speed="off")
    settings.options_for(game).update(options)
    app = new_app(ui_table.table_class(game)(3, dict(options)), (1280, 800), Store(MemoryStorage()),
                  settings=settings)
    t = app.scene
    for _ in range(3):
        key(app, pygame.K_h)
        run_until(app, lambda: t.hint_move is not None)
        move, before, n = t.hint_move, t.state, len(t.history.actions)
        assert t.focus == t.hint_focus_of(move) and t.focus is not None
        key(app, pygame.K_RETURN)
        run_until(app, lambda: not t.anim.busy())
        # the hinted move itself (automatic moves to the foundations due may come around it)
        assert t.rules.format_move(before, move) in t.history.actions[n:], game
        assert t.hint_move is None
        if t.rules.status(t.state) != PLAYING:
            break


@pytest.mark.parametrize("game,options", [("freecell", {}), ("klondike", {"draw": "1"})])
@pytest.mark.parametrize("anim", ["off", "normal"])
def test_the_deals_own_moves_leave_the_opening_tip(game, options, anim):
    """Aces the table sends home at the deal are no move of the player's: the opening tip stays
    on the status line."""
    seen = 0
    for number in range(1, 9):
        settings = Settings(language="en", anim_speed=anim)
        settings.options_for(game).update(options)
        app = new_app(ui_table.table_class(game)(number, dict(options)), (1280, 800), Store(MemoryStorage()),
                      settings=settings)
        t = app.scene
        t.end_deal()            # the deal laid out (its flights are tests/test_ui_deal_flights.py's):
        for _ in range(240):    # the aces go home once the deal is dealt
            app.frame()
        seen += t.deal_moves > 0
        assert t.status_text == t.intro(), (game, number)
    assert seen >= 3


def test_a_hint_asked_by_the_button_after_an_unanswered_h_leaves_the_focus_alone():
    """H asks for a hint that never shows (a move played while it searches); the Hint button's
    hint later is the pointer's: the focus does not jump to it."""
    app = make("tripeaks", 3)
    t = app.scene
    t.hint_by_key = True                           # an H whose hint a move played meanwhile dropped
    click(app, next(b for b in t.buttons if b.name == "hint").rect.center)
    run_until(app, lambda: t.hint_move is not None)
    assert t.focus is None and t.hint_focus is None


def test_devils_grip_esc_drops_a_swap_armed_by_keys():
    """S arms a swap and says how to finish it by keys; Esc then drops it (no pause menu), so the
    next Enter plays the focused stack as a tap, not the swap the player cancelled."""
    app = make("devils-grip", 5)
    t = app.scene
    cells = [f for f in t.focus_targets() if f.kind is hit.Kind.CELL]
    t.focus = cells[2]
    key(app, pygame.K_s)
    assert t.swap_from == cells[2].index and "Enter" in t.status_text
    key(app, pygame.K_ESCAPE)
    assert t.swap_from is None and t.panel is None and t.status_text == ""
    key(app, pygame.K_ESCAPE)                      # nothing armed: the pause menu, as before
    assert t.panel is not None
    key(app, pygame.K_ESCAPE)
    assert t.panel is None
    t.focus = cells[3]
    key(app, pygame.K_RETURN)
    assert not any("<>" in a for a in t.history.actions)
    # U with nothing to undo drops an armed swap too (its prompt gives way to "Nothing to undo")
    fresh = make("devils-grip", 5).scene
    fresh.focus = [f for f in fresh.focus_targets() if f.kind is hit.Kind.CELL][0]
    key(fresh.app, pygame.K_s)
    key(fresh.app, pygame.K_u)
    assert fresh.swap_from is None and not fresh.history.can_undo()


# -- 12. keyboard play: every panel button by keys, with a focus ring --------------------------------
def focus_ring_drawn(app, rect):
    """The focus ring's yellow on the screen just outside ``rect``'s top edge."""
    app.dirty = True
    app.frame()
    r = rect.inflate(8, 8)
    return tuple(app.screen.get_at((r.centerx, r.top + 1)))[:3] == (255, 214, 0)


def test_end_panel_buttons_by_keys_and_a_focus_ring():
    app = make("freecell", 3, auto_foundation=False)
    t = app.scene
    win_freecell(app)
    p = t.panel
    assert p is not None and p.end is not None
    p.opened -= END_PANEL_GUARD                         # the player reads the panel first
    names = [b.name for b in p.buttons]
    assert not focus_ring_drawn(app, p.buttons[0].rect)
    key(app, pygame.K_TAB)                              # the focus comes onto the first button
    assert p.focus == 0 and focus_ring_drawn(app, p.buttons[0].rect)
    key(app, pygame.K_RIGHT)
    assert p.focus == 1 and focus_ring_drawn(app, p.buttons[1].rect)
    key(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    key(app, pygame.K_LEFT)                             # round to the last: Home
    assert p.buttons[p.focus].name == names[-1] == "home"
    key(app, pygame.K_RETURN)
    assert type(app.scene).__name__ == "HomeScene"


@pytest.mark.parametrize("letter, check", [
    (pygame.K_a, lambda t: t.panel is None and t.player_moves() == 0 and t.rules.status(t.state) == PLAYING),
    (pygame.K_n, lambda t: t.panel is None and t.player_moves() == 0 and t.number != 3),
    (pygame.K_h, lambda t: type(t.app.scene).__name__ == "HomeScene"),
])
def test_end_panel_buttons_have_letters(letter, check):
    app = make("freecell", 3, auto_foundation=False)
    t = app.scene
    win_freecell(app)
    assert t.panel is not None and t.panel.end is not None
    t.panel.opened -= END_PANEL_GUARD                   # the player reads the panel first
    key(app, letter)
    assert check(t)


def test_new_deal_question_and_pause_menu_by_keys():
    app = make("tripeaks")
    t = app.scene
    first_move(t)
    key(app, pygame.K_n)
    assert t.panel is not None and t.panel.confirm
    key(app, pygame.K_TAB)
    key(app, pygame.K_TAB)                              # onto Keep playing
    assert t.panel.buttons[t.panel.focus].name == "cancel"
    key(app, pygame.K_SPACE)
    assert t.panel is None and t.player_moves() == 1
    key(app, pygame.K_n)
    key(app, pygame.K_n)                                # N answers the question: a new deal
    assert t.panel is None and t.player_moves() == 0
    key(app, pygame.K_p)                                # the pause menu: rows and Resume by focus
    p = t.panel
    key(app, pygame.K_DOWN)
    key(app, pygame.K_DOWN)
    assert p.focus == 1 and focus_ring_drawn(app, p.row_buttons[1].rect)
    key(app, pygame.K_RETURN)                           # the Sound row
    assert app.settings.sound is False and t.panel is p


def test_rescue_panel_buttons_by_keys():
    app = make("tripeaks")
    t = app.scene
    calls = []
    t.assist.open_panel("Way out", [("play", "Play 3 moves", lambda: calls.append("play")),
                                    ("cancel", "Close", t.close_panel)])
    app.frame()
    key(app, pygame.K_p)
    assert calls == ["play"]
    key(app, pygame.K_TAB)
    key(app, pygame.K_TAB)
    key(app, pygame.K_RETURN)
    assert t.panel is None


@pytest.mark.parametrize("how", ["click", "R"])
def test_f1s_help_leads_to_the_rules_page_and_says_what_it_is(how):
    """fresh31 F6: F1 opened a line of how to play and the keys, titled with the game's name and
    listing itself as "F1 or ?: these rules"; the game's rules page was not reachable from it. Its
    title says help now, and its Rules and tips button (R) opens the rules page, whose back
    returns to the table."""
    app = make("freecell", 3)
    t = app.scene
    key(app, pygame.K_F1)
    assert t.panel.title == "FreeCell: help"
    assert not any("these rules" in p for p in t.panel.paragraphs)
    if how == "click":
        click(app, next(b for b in t.panel.buttons if b.name == "rules").rect.center)
    else:
        key(app, pygame.K_r)
    assert type(app.scene).__name__ == "RulesScene" and app.scene.game == "freecell"
    assert t.panel is None
    app.scene.back()
    assert app.scene is t


def test_panel_keys_are_listed_in_the_rules_panel():
    app = make("klondike", 3)
    t = app.scene
    key(app, pygame.K_F1)
    text_ = " ".join(t.panel.paragraphs)
    for k in ("Tab or the arrows move the focus ring over the buttons", "A replay", "N new deal", "U undo",
              "R rescue", "H home", "P play the rescue"):
        assert k in text_, k


def foundation_back_state(game):
    """3♠ alone in the first column, A♥ 2♥ home, every other card elsewhere (FreeCell: under
    columns 5-8; Klondike: in the stock)."""
    from games.cards import deck, parse_card as C

    gone = (C("AH"), C("2H"), C("3S"))
    rest = sorted((c for c in deck() if c not in gone), key=lambda c: -(c & 15))
    if game == "freecell":
        from games.freecell import FreeCellState
        cols = [[C("3S")], [], [], [], [], [], [], []]
        for k, c in enumerate(rest):
            cols[4 + k % 4].insert(0, c)
        return FreeCellState(tuple(tuple(c) for c in cols), (None,) * 4, (0, 0, 2, 0))
    from games.klondike import KlondikeState
    return KlondikeState(((C("3S"),),) + ((),) * 6, (0,) * 7, tuple(rest), (), (0, 0, 2, 0))


@pytest.mark.parametrize("game", ["freecell", "klondike"])
def test_focus_reaches_a_foundation_card_and_enter_plays_it_back(game):
    from games.cards import parse_card as C

    cls = ui_table.table_class(game)
    app = new_app(cls(state=foundation_back_state(game)), auto_foundation=False)
    t = app.scene
    home = next(k for k in t.all_keys() if k[0] == "found" and t.pile_cards(t.state, k))
    for _ in range(30):
        if t.focus is not None and t.focus.key == home:
            break
        key(app, pygame.K_TAB)
    assert t.focus == PileFocus(home, 1)
    key(app, pygame.K_RETURN)
    t.settle()
    assert t.state.foundations[2] == 1 and t.state.columns[0] == (C("3S"), C("2H"))


@pytest.mark.parametrize("game", ["tripeaks", "pyramid", "devils-grip", "klondike", "freecell", "spider"])
def test_nothing_of_the_table_is_drawn_over_an_open_panel(game):
    """A hint shown, then Options (or New deal's question, the code field): the hint's rings were
    drawn over the panel at full strength, across its buttons and keys. With a panel open the
    screen is the same whether a hint is shown or not."""
    app = make(game, 5, size=(390, 844))
    t = app.scene
    move = t.rules.legal_moves(t.state)[0]
    t.open_options()
    app.dirty = True
    app.frame()
    without = app.screen.copy()
    t.hint_move = move
    t.stale = app.dirty = True
    app.frame()
    assert pygame.image.tobytes(app.screen, "RGB") == pygame.image.tobytes(without, "RGB")


# the first deal (from 1, at 390x844) with such a point: the search starts there (each deal
# looked at makes an app; Pyramid's 24 before it took 4 s)
DOUBLED_TAP_FIRST = {"tripeaks": 8, "pyramid": 25}


def _doubled_tap_case(game, clock, sizes=((390, 844), (1280, 800))):
    """A table and a point where a tap plays a move (no draw) and something under the same point
    afterwards plays too, a moment later: deals searched from the first one known to hold such a
    point (:data:`DOUBLED_TAP_FIRST`), then the others from 1."""
    first = DOUBLED_TAP_FIRST.get(game, 1)
    for size in sizes:
        for number in [first] + [n for n in range(1, 80) if n != first]:
            app = make(game, number, size=size)
            t = app.scene
            points = [(r.x + r.width * fx // 4, r.y + r.height * fy // 4) for r in t.card_rects()
                      for fx in (1, 2, 3) for fy in (1, 2, 3)]
            for p in points:
                target = t.target_at(p)
                if target is None or target.kind.name not in ("SLOT", "STOCK", "WASTE"):
                    continue
                before, n = t.state, len(t.history.states)
                click(app, p)
                if len(t.history.states) == n + 1 and t.history.actions[-1] not in t.STOCK_TEXTS:
                    after = t.state
                    clock.advance(1.0)
                    click(app, p)              # a tap of its own, later: does it play?
                    played = len(t.history.states) == n + 2
                    while len(t.history.states) > n:
                        t.undo()
                    assert t.state == before
                    clock.advance(1.0)
                    if played:
                        return app, p, after
    raise AssertionError(f"no {game} deal where a tap uncovers a card that plays under the finger")


@pytest.mark.parametrize("game", ["tripeaks", "pyramid"])
def test_a_double_tap_plays_one_card_not_the_one_it_uncovered(game, fake_clock):
    """The second tap of a double tap (within 0.35 s, same spot) played what the first tap's move
    put under the finger, unseen: TriPeaks a card just turned face up, Pyramid the stock's next
    card (or the draw tab: a pass spent). It is spent now; a tap after that window plays."""
    app, p, after = _doubled_tap_case(game, fake_clock)
    t = app.scene
    n = len(t.history.states)
    click(app, p)
    assert len(t.history.states) == n + 1 and t.state == after
    click(app, p)                      # at once: the second tap of a double tap
    assert len(t.history.states) == n + 1 and t.state == after
    fake_clock.advance(1.0)
    click(app, p)                      # later: a tap of its own
    assert len(t.history.states) == n + 2


def test_a_hints_reason_follows_a_change_of_language():
    """The reason bubble beside a hinted move kept the language it was first said in: the
    reason was cached translated (and a Hint asked again in the position showed it again)."""
    from games import hints
    from games.i18n import tr

    app = make("pyramid", 5, language="ru")
    t = app.scene
    move = t.rules.legal_moves(t.state)[0]
    msgid = hints.reason(t.rules, t.state, move, on_line=False)
    try:
        said = t.assist.reason_for(move)
        assert said == tr(msgid, "ru") != msgid
        app.set_language("en")
        assert t.assist.reason_for(move) == msgid
    finally:
        app.set_language("en")


@pytest.mark.parametrize("game", ["klondike", "freecell", "spider"])
def test_a_card_held_while_a_key_undoes_its_move_is_let_go_not_dragged(game):
    """A mouse button held on a card while U takes back the move that brought it there: the
    next motion started a drag of the card as it was pressed, and the column tables raised
    IndexError out of the frame (the card was gone from its pile). The press is let go instead:
    nothing is dragged, the release plays nothing, the undone position stays."""
    app = make(game, 5)
    t = app.scene
    t.app.settings.auto_foundation = False
    sizes = {k: len(t.pile_cards(t.state, k)) for k in t.all_keys()}
    move = next(m for m in t.rules.legal_moves(t.state)
                if not t.rules.format_move(t.state, m).startswith(("s", "d")))
    t.play(move)
    run_until(app, lambda: not t.anim.busy())
    after = t.rules.format_position(t.state)
    # the pile the move made longer: its top card is pressed
    key_ = next(k for k in t.all_keys() if k[0] != "done" and len(t.pile_cards(t.state, k)) > sizes[k])
    p = t.zone(key_, len(t.pile_cards(t.state, key_)) - 1).center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=p, button=1, touch=False))
    app.frame()
    key(app, pygame.K_u)
    undone, actions = t.rules.format_position(t.state), list(t.history.actions)
    assert actions[-1] == "u" and undone != after
    for k in range(1, 8):
        q = (p[0] + 12 * k, p[1] + 15 * k)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=q, rel=(1, 1), buttons=(1, 0, 0), touch=False))
        app.frame()
    assert getattr(t, "drag", None) is None
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=q, button=1, touch=False))
    app.frame()
    run_until(app, lambda: not t.anim.busy())
    assert t.rules.format_position(t.state) == undone and t.history.actions == actions


def continued(store, game, anim="normal"):
    """A new App on ``store`` (a window or page opened again) with ``game`` continued."""
    app = new_app(None, store=store, settings=Settings(language="en", anim_speed=anim))
    app.open_game(game, resume=True)
    app.frame()
    return app, app.scene


def test_a_continued_game_plays_the_automatic_moves_its_last_move_left_due():
    """Klondike deal 18: ``64`` turns A♠ face up and auto to foundation sends it home ~0.3 s
    after the card lands. A window closed before that (a page's tab closed: no last frame)
    came back with A♠ left on its column, and it stayed until the player's next move (QA)."""
    from ui.table.klondike import KlondikeTable

    store = Store(MemoryStorage())
    app = new_app(KlondikeTable(18), store=store, settings=Settings(language="en", anim_speed="normal"))
    t = app.scene
    frames(app, 1.0)                                # the deal's own automatic moves, if any
    n = len(t.history.actions)
    assert t.player_move(t.rules.parse_move(t.state, "64"))
    app.frame()
    assert t.auto_due is not None and t.safe_moves(t.state, t.kept_back)
    t.autosave()                                    # saved with the move, before the card went home
    app, t = continued(store, "klondike")
    assert t.history.actions[n:] == ["64"]
    frames(app, 2.0)
    assert len(t.history.actions) > n + 1 and not t.safe_moves(t.state, t.kept_back)


def test_a_card_taken_back_from_its_foundation_stays_back_in_a_continued_game():
    """Klondike deal 9: the deal sends two cards home; the player takes the spade foundation's
    top back onto column 5, and auto to foundation leaves it there. After Continue the first draw
    sent it home again by itself: the card taken back was not remembered (QA). It is rebuilt
    from the undo history."""
    from ui.table.klondike import KlondikeTable

    store = Store(MemoryStorage())
    app = new_app(KlondikeTable(9), store=store, settings=Settings(language="en", anim_speed="off"))
    t = app.scene
    frames(app, 1.0)
    assert t.history.actions == ["6h", "7h"]
    assert t.player_move(t.rules.parse_move(t.state, "hS5"))
    kept = set(t.kept_back)
    assert len(kept) == 1
    t.draw_stock()
    back = t.rules.format_position(t.state)
    t.autosave()
    app, t = continued(store, "klondike", anim="off")
    assert t.kept_back == kept
    t.draw_stock()
    frames(app, 1.0)
    assert t.history.actions == ["6h", "7h", "hS5", "s", "s"], t.history.actions
    assert t.rules.format_position(t.state) != back


def test_a_continued_game_undoes_a_move_with_the_automatic_moves_it_set_off():
    """One undo takes back a move and the cards auto to foundation sent home after it. After
    Continue the undo groups were gone: the same undo took back the automatic move alone, and
    the card flew home again at once. The groups are saved with the game."""
    from ui.progress import SavedGame
    from ui.table.klondike import KlondikeTable

    store = Store(MemoryStorage())
    app = new_app(KlondikeTable(18), store=store, settings=Settings(language="en", anim_speed="off"))
    t = app.scene
    frames(app, 0.5)
    pre = t.rules.format_position(t.state)
    assert t.player_move(t.rules.parse_move(t.state, "64"))
    frames(app, 0.5)
    assert len(t.history.actions) >= 2 and t.session.groups[-1] >= 2     # 64 and A♠ home
    t.autosave()
    app, t = continued(store, "klondike", anim="off")
    t.undo()
    frames(app, 0.5)
    assert t.rules.format_position(t.state) == pre
    # a save whose groups hold more moves than it has, or are no counts: the game is read
    # whole, without them (its moves are what matters)
    good = SavedGame("klondike", 18, {"draw": "1"}, ["64", "5h"], groups=[2])
    data = {**good.__dict__}
    assert SavedGame.from_data(data).groups == [2]
    for bad in ([3], [-1], ["2"], [True], 2, [1.0], None):
        back = SavedGame.from_data({**data, "groups": bad})
        assert back.groups == [] and back.actions == ["64", "5h"]
    assert SavedGame.from_data({k: v for k, v in data.items() if k != "groups"}).groups == []


def test_the_key_that_opens_the_code_field_is_not_typed_into_it():
    """C opens the deal-code field. SDL sends a key's press (KEYDOWN) and then its text
    (TEXTINPUT): the text of the C that opened the field was typed into it, so a code typed
    next read "CKL1-…" and could not be read (seen in the page). The opening key's text is left
    out; a C typed afterwards is typed."""
    app = make("klondike", 3)
    t = app.scene
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_c, mod=0, unicode="c", scancode=6))
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="c"))
    app.frame()
    assert type(t.panel).__name__ == "CodeEntry" and t.panel.value == ""
    for ch in "kl1-d3-":
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=ord(ch), mod=0, unicode=ch, scancode=0))
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    app.frame()
    assert t.panel.value == "KL1-D3-"
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_c, mod=0, unicode="c", scancode=6))
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="c"))
    app.frame()
    assert t.panel.value == "KL1-D3-C"


def test_a_drag_whose_cards_a_key_moves_away_is_let_go_and_plays_nothing():
    """Klondike deal 6: 2♣ dragged from the waste, Space draws Q♥ onto it, the drop on K♠'s
    column played Q♥ there, a card the player never held (fresh user). The held card is let go
    when a key's move takes it from its pile (here any key lets go first: ``let_go``), and by a
    move made otherwise (``after_move``)."""
    app = make("klondike", 6, auto_foundation=False)
    t = app.scene
    t.draw_stock()
    app.frame()
    waste = ("waste",)
    p = t.zone(waste, len(t.pile_cards(t.state, waste)) - 1).center
    target = t.pile_rects(t.state, ("col", 3))[-1].center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=p, button=1, touch=False))
    app.frame()
    for k in range(1, 4):
        q = (p[0] + (target[0] - p[0]) * k // 6, p[1] + (target[1] - p[1]) * k // 6)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=q, rel=(1, 1), buttons=(1, 0, 0), touch=False))
        app.frame()
    assert t.drag is not None
    key(app, pygame.K_SPACE)
    assert t.history.actions == ["s", "s"] and t.drag is None
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=target, rel=(1, 1), buttons=(1, 0, 0), touch=False))
    app.frame()
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=target, button=1, touch=False))
    app.frame()
    assert t.history.actions == ["s", "s"]
    # the waste's card held while a move not made by a key draws (the rescue's, a hint's line):
    # let go as well
    p = t.zone(waste, len(t.pile_cards(t.state, waste)) - 1).center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=p, button=1, touch=False))
    app.frame()
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(p[0] + 30, p[1] + 40), rel=(1, 1), buttons=(1, 0, 0), touch=False))
    app.frame()
    assert t.drag is not None
    t.draw_stock()
    assert t.drag is None and t.history.actions == ["s", "s", "s"]
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=target, button=1, touch=False))
    app.frame()
    assert t.history.actions == ["s", "s", "s"]


def test_an_undone_take_back_from_a_foundation_keeps_nothing_back():
    """Klondike deal 18: ``64`` (A♠ turned up and sent home by itself), A♠ taken back onto
    column 1, U (A♠ home again), U (``64`` taken back), ``64`` again: A♠ stayed on column 6,
    still kept out of the automatic moves by the undone take-back, while the same steps with the
    game continued in between sent it home (QA). An undo forgets what it takes back."""
    from ui.table.klondike import KlondikeTable

    app = new_app(KlondikeTable(18), settings=Settings(language="en", anim_speed="off", auto_foundation=True))
    t = app.scene
    frames(app, 0.5)
    assert t.player_move(t.rules.parse_move(t.state, "64"))
    frames(app, 0.5)
    assert t.history.actions == ["64", "6h"]
    assert t.player_move(t.rules.parse_move(t.state, "hS1"))
    frames(app, 0.5)
    assert t.kept_back
    t.undo()
    t.undo()
    frames(app, 0.5)
    assert t.history.actions[-2:] == ["u", "u"] and not t.kept_back
    assert t.player_move(t.rules.parse_move(t.state, "64"))
    frames(app, 0.5)
    assert t.history.actions[-2:] == ["64", "6h"]


def test_a_game_continued_after_an_undo_plays_no_automatic_move():
    """Auto to foundation does not play after an undo (what the player took back stays back);
    a game left right after an undo and continued did (fresh user). Here auto to foundation was
    off while the player played ``64`` (A♠ left face up on its column), drew, and undid the draw;
    it is on when the game is continued."""
    from ui.table.klondike import KlondikeTable

    store = Store(MemoryStorage())
    app = new_app(KlondikeTable(18), store=store,
                  settings=Settings(language="en", anim_speed="off", auto_foundation=False))
    t = app.scene
    frames(app, 0.5)
    assert t.player_move(t.rules.parse_move(t.state, "64"))
    t.draw_stock()
    t.undo()
    frames(app, 0.5)
    assert t.history.actions == ["64", "s", "u"] and t.safe_moves(t.state, t.kept_back)
    t.autosave()
    app, t = continued(store, "klondike", anim="off")
    frames(app, 1.0)
    assert t.history.actions == ["64", "s", "u"]
    t.draw_stock()                   # the player's next move: then the card goes home by itself
    frames(app, 1.0)
    assert t.history.actions[:4] == ["64", "s", "u", "s"] and len(t.history.actions) == 5


def lifted(game):
    """The App on deal 5 of ``game`` (auto to foundation off) with a card lifted by a mouse drag:
    a column's top card, Devil's Grip's first stack, or the first card TriPeaks or Pyramid lets
    drag. Returns ``(app, table, where the press began)``."""
    app = make(game, 5, auto_foundation=False)
    t = app.scene
    if hasattr(t, "all_keys"):
        key_ = next(k for k in t.all_keys() if k[0] == "col" and t.pile_cards(t.state, k)
                    and t.liftable(t.state, k, len(t.pile_cards(t.state, k)) - 1))
        p = t.zone(key_, len(t.pile_cards(t.state, key_)) - 1).center
    elif game == "devils-grip":
        p = t.card_rect(0, 0).center
    else:
        p = t.target_rect(next(x for x in t.focus_targets() if t.drag_card(x) is not None)).center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=p, button=1, touch=False))
    app.frame()
    for k in range(1, 4):
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(p[0] + 15 * k, p[1] + 20 * k), rel=(1, 1),
                                             buttons=(1, 0, 0), touch=False))
        app.frame()
    return app, t, p


@pytest.mark.parametrize("game", GAMES)
def test_a_key_during_a_drag_puts_the_held_card_back(game):
    """Esc (or any key that opens a panel) during a mouse drag: the release went to the pause
    menu, the card stayed drawn lifted after Resume, and the next click anywhere dropped it there
    (Klondike: a click on column 6's 7♣ played 6♦ onto it; fresh user). A key now puts what the
    pointer holds back first; the release and later clicks play nothing of it."""
    app, t, p = lifted(game)
    before = list(t.history.actions)
    held = lambda: getattr(t, "drag", None) or getattr(t, "dragging", None)   # noqa: E731
    assert held() is not None
    key(app, pygame.K_LCTRL)          # a modifier alone acts on nothing: the drag goes on
    assert held() is not None
    key(app, pygame.K_ESCAPE)
    assert type(t.panel).__name__ == "PauseMenu" and held() is None
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(p[0] + 45, p[1] + 60), button=1, touch=False))
    app.frame()
    key(app, pygame.K_ESCAPE)
    assert t.panel is None and held() is None
    far = (app.size[0] - 5, app.size[1] // 2)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=far, button=1, touch=False))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=far, button=1, touch=False))
    app.frame()
    assert t.history.actions == before and held() is None


@pytest.mark.parametrize("game,number", [("pyramid", 23), ("devils-grip", 6)])
def test_space_during_a_stock_or_talon_drag_plays_no_card_the_player_did_not_hold(game, number):
    """Pyramid deal 23: the stock's 5♣ dragged, Space draws it to the waste, the drop on the
    discard pile discarded K♥, the new stock top; Devil's Grip likewise played the talon's new
    top (fresh user). The key puts the held card back first: the drop plays nothing."""
    app = make(game, number, auto_foundation=False)
    t = app.scene
    if game == "devils-grip":
        t.tap_stock()
        app.frame()
        p = t.target_rect(hit.TALON).center
    else:
        p = t.target_rect(hit.STOCK).center
    before = list(t.history.actions)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=p, button=1, touch=False))
    app.frame()
    for k in range(1, 4):
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(p[0] + 20 * k, p[1] - 25 * k), rel=(1, 1),
                                             buttons=(1, 0, 0), touch=False))
        app.frame()
    assert (getattr(t, "drag", None) or getattr(t, "dragging", None)) is not None
    key(app, pygame.K_SPACE)
    drew = list(t.history.actions)
    assert len(drew) == len(before) + 1
    drop = t.target_rect(hit.DISCARD).center if game == "pyramid" else t.card_rect(8, 0).center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=drop, rel=(1, 1), buttons=(1, 0, 0), touch=False))
    app.frame()
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=drop, button=1, touch=False))
    app.frame()
    assert t.history.actions == drew


@pytest.mark.parametrize("game", GAMES)
def test_a_drag_whose_release_never_came_is_put_back_at_the_next_buttonless_motion(game):
    """A mouse release the app never gets (the window losing its focus mid-drag) left the card
    lifted: motions holding no button went on dragging it, and the next click dropped it (fresh
    user). A motion that says the left button is up ends the press as a cancel: the held card
    goes back, nothing is dropped or tapped."""
    app, t, p = lifted(game)
    before = list(t.history.actions)
    held = lambda: getattr(t, "drag", None) or getattr(t, "dragging", None)   # noqa: E731
    assert held() is not None
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(p[0] + 80, p[1] + 90), rel=(1, 1),
                                         buttons=(0, 0, 0), touch=False))
    app.frame()
    assert held() is None and not app.pointer.pressed
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(p[0] + 90, p[1] + 99), rel=(1, 1),
                                         buttons=(0, 0, 0), touch=False))
    app.frame()
    assert held() is None and t.history.actions == before


@pytest.mark.parametrize("size", [(390, 844), (844, 390)])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_status_line_draws_only_inside_its_rect(size, lang):
    """Every game's opening words (the longest status texts, two or three lines in Russian at a
    phone's width) drawn by ``draw_status`` leave every pixel outside ``frame.status`` as it was:
    a partial redraw clips to that rect, so a pixel drawn beside it would stay on the felt."""
    for game in ("tripeaks", "pyramid", "devils-grip", "spider", "klondike", "freecell"):
        app = make(game, 3, size=size, language=lang)
        t = app.scene
        for message in (t.intro(), t.lost_text()):
            t.say(message)
            surface = pygame.Surface(size)
            surface.fill((255, 0, 255))
            t.draw_status(surface)
            r = t.frame.status
            inside = surface.subsurface(r).copy()
            surface.fill((255, 0, 255), r)
            assert pygame.mask.from_threshold(surface, (255, 0, 255), (1, 1, 1)).count() == size[0] * size[1], \
                (game, message)
            assert pygame.mask.from_threshold(inside, (255, 0, 255), (1, 1, 1)).count() < r.width * r.height
