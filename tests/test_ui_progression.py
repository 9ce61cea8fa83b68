"""The tables give every ended game to the progression (ui/table/session.py Session.record_end):
points, records, the daily result, badges with a toast; driven through the real app headless."""
import pytest

from games import daily
from games.tripeaks import DRAW, TriPeaks
from ui.storage import MemoryStorage, Store
from ui.table.tripeaks import TriPeaksTable
from tests.test_app_saves import new_app
from ui.table import hit
from conftest import save_screen


def solve(n, opts):
    r = TriPeaks.solve(TriPeaks.deal(n, opts), max_nodes=300_000)
    assert r.status == "solved"
    return r.moves


def play_through(t, moves):
    for m in moves:
        mv = TriPeaks.parse_move(t.state, m)
        t.activate(hit.STOCK if mv == DRAW else hit.slot(mv))


def test_a_daily_win_enters_records_daily_and_badges():
    d = daily.daily_deal("2026-12-04", "tripeaks")   # a fixed date: the same deal every day the tests run
    app = new_app(Store(MemoryStorage()), TriPeaksTable(d.number))
    t = app.scene
    t.start(d.number, d.options, daily=d.date)
    assert app.progression.daily_entry(d.date, "tripeaks") is None     # no move yet: not played
    sol = solve(d.number, d.options)
    t.clock = 95
    play_through(t, sol)
    assert TriPeaks.status(t.state) == "won"
    prog = app.progression.data
    entry = prog.daily[d.date]["tripeaks"]
    assert entry.won and entry.moves == len(sol) and entry.code == d.code
    assert t.outcome.points == entry.points > 0
    assert t.outcome.places == {"tripeaks mode=easy": 1, "daily tripeaks": 1}
    assert "first-win" in t.outcome.new_badges and "first-win" in prog.badges
    assert any(x.text.startswith("Badge earned: First win") for x in t.toasts)
    # undo and win again: one win, no second row
    t.undo()
    play_through(t, sol[-1:])
    assert app.progression.data.wins == {"tripeaks": 1}
    assert len(app.progression.data.records["tripeaks mode=easy"]) == 1
    # a replay stays that date's daily; a new deal is not one
    t.replay()
    assert t.daily_date == d.date
    t.new_deal()
    assert t.daily_date is None


def test_a_loss_is_a_played_daily_and_no_record():
    n = 3          # drawing the whole stock and playing nothing loses this deal
    opts = {"mode": "classic", "scoring": "streak"}
    app = new_app(Store(MemoryStorage()), TriPeaksTable(n))
    t = app.scene
    t.start(n, opts)
    while TriPeaks.status(t.state) == "playing":    # draw the whole stock, play nothing
        if not t.state.stock:
            break
        t.activate(hit.STOCK)
    assert TriPeaks.status(t.state) == "lost"
    assert t.outcome is not None and t.outcome.points == 0 and t.outcome.places == {}
    assert app.progression.data.records == {} and app.progression.data.wins == {}
    assert app.progression.data.bests["tripeaks_run"] == 0


def test_a_streak_counts_when_made_even_in_a_game_left_unfinished(monkeypatch):
    """A TriPeaks streak is the best streak once made, saved with the game's next save, and a
    streak of 20 earns its badge there and then (a toast), though the game is left unfinished."""
    from dataclasses import replace

    from ui.progression import Progression

    store = Store(MemoryStorage())
    app = new_app(store, TriPeaksTable(3))
    t = app.scene
    made = 0
    for _ in range(40):
        moves = TriPeaks.legal_moves(t.state)
        card = next((m for m in moves if m != DRAW), None)
        if card is None and made >= 2:
            break
        t.activate(hit.slot(card) if card is not None else hit.STOCK)
        made = max(made, t.state.streak)
    assert made >= 2 and TriPeaks.status(t.state) == "playing"
    t.autosave()                       # the save a later frame's spare time writes
    assert Progression(store).data.bests["tripeaks_run"] == made
    # one card short of twenty, then a card that fits: the badge now, mid-game
    card = next((m for m in TriPeaks.legal_moves(t.state) if m != DRAW), None)
    while card is None:
        t.activate(hit.STOCK)
        card = next((m for m in TriPeaks.legal_moves(t.state) if m != DRAW), None)
    t.history.states[-1] = replace(t.state, streak=19)
    t.activate(hit.slot(card))
    assert t.state.streak == 20 and TriPeaks.status(t.state) == "playing"
    assert "twenty-in-a-row" in app.progression.data.badges
    assert any(x.text == "Badge earned: Twenty in a row" for x in t.toasts)
    t.autosave()
    assert "twenty-in-a-row" in Progression(store).data.badges


@pytest.fixture
def clipboard_takes(monkeypatch):
    """A clipboard that takes what is copied (the dummy display has none): ``clipboard.LAST``
    still records it."""
    from ui import clipboard

    def copy(text, on_refused=None):
        clipboard.LAST[0] = text
        return True
    monkeypatch.setattr(clipboard, "copy", copy)


def test_the_end_panel_shows_points_places_badges_and_shares(clipboard_takes):
    import os
    import pygame
    from ui import clipboard

    d = daily.daily_deal("2026-12-04", "tripeaks")   # a fixed date: the same deal every day the tests run
    for size in ((1280, 800), (390, 844), (844, 390)):
        clipboard.LAST[0] = "the player's own text"
        app = new_app(Store(MemoryStorage()), TriPeaksTable(d.number), size=size)
        t = app.scene
        t.start(d.number, d.options, daily=d.date)
        play_through(t, solve(d.number, d.options))
        t.open_end_panel()
        lines = t.progression_lines()
        assert lines[0].startswith(f"Win points: {t.outcome.points:,}") and "record #1" in lines[0] \
            and "daily record #1" in lines[0]
        assert lines[1] == f"Deal of the day {d.date}: Share result copies your line"
        assert lines[2] == "Badge earned: First win"
        assert clipboard.LAST[0] == "the player's own text"     # the win copied nothing by itself
        app.frame()
        save_screen(app.screen, f"end-panel-daily-{size[0]}x{size[1]}.png")
        assert t.panel.content_rect.height >= t.end_height_with_progression(t.panel.rect.width) - 40
        # Share result: the result line and, under it, what opens the deal (the desktop: its code);
        # the panel stays, saying so
        share = next(b for b in t.panel.buttons if b.name == "share")
        assert share.label == "Share result"
        t.panel.tap(share.rect.center, share.rect.center)
        first, second = clipboard.LAST[0].split("\n")
        assert first.startswith(f"Pasyans {d.date} · TriPeaks \u2713 ") and second == d.code
        assert t.panel is not None and t.panel.end is not None
        assert t.progression_lines()[1] == f"Deal of the day {d.date}: result copied to share"
        pygame.display.quit()


def test_pyramid_panel_names_the_layout_and_the_players_record():
    import os
    import pygame
    from games import bank
    from games.pyramid import Pyramid
    from ui.table.pyramid import PyramidTable

    opts = {"layout": "7", "passes": "unlimited"}
    n = bank.load(Pyramid, opts).solvable[0]
    sol = Pyramid.solve(Pyramid.deal(n, Pyramid.check_options(opts)), timeout=30)
    assert sol.status == "solved"
    for size in ((1280, 800), (390, 844), (844, 390)):
        app = new_app(Store(MemoryStorage()), PyramidTable(n, opts), size=size)
        t = app.scene
        for m in sol.moves:
            assert t.play(m)
        assert Pyramid.status(t.state) == "won"
        t.open_end_panel()
        app.frame()
        lines = t.progression_lines()
        assert lines[0].startswith("Layout 7: ") and lines[1] == "Won 1 · lost 0 · 100% · streak 1"
        assert lines[2].startswith("Win points: ")
        save_screen(app.screen, f"end-panel-pyramid-{size[0]}x{size[1]}.png")
        pygame.display.quit()


def test_new_deal_after_an_undone_win_asks_nothing_and_counts_no_loss():
    """A won deal, its win undone from the panel: the statistics keep one win and count no loss
    whatever follows (``Progress._count``: once per game), so New deal does not ask "it will
    count as a loss" — it deals — also after the game is continued from its save."""
    d = daily.daily_deal("2026-12-04", "tripeaks")
    store = Store(MemoryStorage())
    app = new_app(store, TriPeaksTable(d.number))
    t = app.scene
    t.start(d.number, d.options)
    play_through(t, solve(d.number, d.options))
    assert TriPeaks.status(t.state) == "won"
    t.undo()
    assert TriPeaks.status(t.state) == "playing" and t.player_moves() > 0
    t.autosave()
    t.ask_new_deal()
    assert t.panel is None and t.number != d.number
    from ui.progress import stats_key

    st = app.progress.stats[stats_key("tripeaks", t.options)]
    assert (st["played"], st["won"]) == (1, 1)
    # the same after a reload: the undone win continued from its save
    t.start(d.number, d.options)
    play_through(t, solve(d.number, d.options))
    t.undo()
    t.autosave()
    app2 = new_app(store, TriPeaksTable(resume=app.progress.load_game("tripeaks")))
    t2 = app2.scene
    assert t2.number == d.number and t2.player_moves() > 0
    t2.ask_new_deal()
    assert t2.panel is None and t2.number != d.number


@pytest.mark.parametrize("size", [(390, 844), (844, 390)])
def test_a_double_tap_on_the_winning_card_leaves_the_end_panel_to_the_player(size):
    """Animation off: the won panel opens in the frame of the winning tap, and the second tap of
    a double tap (or a nervous extra one) was taken by the panel's button under the finger
    (Pyramid's Undo took the win back, TriPeaks' Home skipped the panel) or, beside it, closed
    it. An end panel now ignores taps for ``END_PANEL_GUARD`` seconds after it opens."""
    from conftest import click
    from ui.table import base as base_mod

    d = daily.daily_deal("2026-12-04", "tripeaks")
    app = new_app(Store(MemoryStorage()), TriPeaksTable(d.number), size=size)
    t = app.scene
    t.start(d.number, d.options)
    line = solve(d.number, d.options)
    play_through(t, line[:-1])
    mv = TriPeaks.parse_move(t.state, line[-1])
    p = (hit.STOCK if mv == DRAW else hit.slot(mv))
    pos = t.target_rect(p).center
    moves = len(t.history.actions)
    click(app, pos)
    assert TriPeaks.status(t.state) == "won" and t.panel is not None and t.panel.end is not None
    click(app, pos)                            # at once: the second tap of a double tap
    assert app.scene is t and t.panel is not None and t.panel.end is not None
    assert TriPeaks.status(t.state) == "won" and len(t.history.actions) == moves + 1
    t.panel.opened -= base_mod.END_PANEL_GUARD    # later, the panel answers
    panel = t.panel
    click(app, panel.buttons[0].rect.center)
    assert app.scene is not t or t.panel is not panel


def test_a_win_undone_and_won_again_shows_the_recorded_win_only():
    """Win, Undo on the won panel, win again: the panel repeated the first win's "Badge earned"
    (earned then, not now) beside "A win with undo does not enter the records", and a daily's
    "result copied" though nothing was copied. The win counted is the first: its points and
    places show, nothing else."""
    d = daily.daily_deal("2026-12-04", "tripeaks")
    app = new_app(Store(MemoryStorage()), TriPeaksTable(d.number))
    t = app.scene
    t.start(d.number, d.options, daily=d.date)
    sol = solve(d.number, d.options)
    play_through(t, sol)
    first = t.progression_lines()
    assert any(x.startswith("Badge earned") for x in first) and not any("undo" in x for x in first)
    t.undo()
    play_through(t, sol[-1:])
    again = t.progression_lines()
    assert again == first[:1] and again[0].startswith("Win points: ")


def test_a_daily_won_first_keeps_its_result_copied_line_under_a_badge_and_the_undo_line(clipboard_takes):
    """The daily's "result copied to share" (after Share result) is the only word that the
    clipboard was written (badges have their toast): a Pyramid daily's panel (two lines after the
    layout's) and a TriPeaks daily won with undo (points, undo and badge lines) kept it out."""
    import pygame
    from games.pyramid import Pyramid
    from ui.table.pyramid import PyramidTable

    d = daily.daily_deal("2026-12-04", "pyramid")
    sol = Pyramid.solve(Pyramid.deal(d.number, Pyramid.check_options(d.options)), timeout=30)
    assert sol.status == "solved"
    app = new_app(Store(MemoryStorage()), PyramidTable(d.number, d.options))
    t = app.scene
    t.start(d.number, d.options, daily=d.date)
    for m in sol.moves:
        assert t.play(m)
    assert Pyramid.status(t.state) == "won" and t.outcome.new_badges
    t.share_result()
    lines = t.progression_lines()
    assert lines[2].startswith("Win points: ") and lines[3] == f"Deal of the day {d.date}: result copied to share"
    pygame.display.quit()

    d = daily.daily_deal("2026-12-04", "tripeaks")
    app = new_app(Store(MemoryStorage()), TriPeaksTable(d.number))
    t = app.scene
    t.start(d.number, d.options, daily=d.date)
    sol = solve(d.number, d.options)
    play_through(t, sol[:1])
    t.undo()
    play_through(t, sol)
    assert TriPeaks.status(t.state) == "won" and t.history.undo_used and t.outcome.new_badges
    t.share_result()
    assert t.progression_lines()[1:] == [f"Deal of the day {d.date}: result copied to share",
                                         "A win with undo does not enter the records"]
    pygame.display.quit()


@pytest.mark.parametrize("k", ["K_RETURN", "K_SPACE", "K_u"])
def test_a_doubled_key_on_the_winning_card_leaves_the_end_panel_to_the_player(k):
    """Enter on the keyboard focus plays the winning card and the won panel opens in that frame;
    Enter again at once pressed the panel's first button (Replay: the panel and its points never
    seen). An end panel ignores keys for ``END_PANEL_GUARD`` seconds after it opens, as taps."""
    import pygame
    from conftest import key
    from ui.table import base as base_mod

    d = daily.daily_deal("2026-12-04", "tripeaks")
    app = new_app(Store(MemoryStorage()), TriPeaksTable(d.number))
    t = app.scene
    t.start(d.number, d.options)
    line = solve(d.number, d.options)
    play_through(t, line[:-1])
    mv = TriPeaks.parse_move(t.state, line[-1])
    t.focus = hit.STOCK if mv == DRAW else hit.slot(mv)
    moves = len(t.history.actions)
    key(app, pygame.K_RETURN)
    assert TriPeaks.status(t.state) == "won" and t.panel is not None and t.panel.end is not None
    panel = t.panel
    key(app, getattr(pygame, k))               # at once: the key pressed twice
    assert app.scene is t and t.panel is panel
    assert TriPeaks.status(t.state) == "won" and len(t.history.actions) == moves + 1
    t.panel.opened -= base_mod.END_PANEL_GUARD    # later, the panel answers
    key(app, pygame.K_RETURN)
    assert t.panel is not panel
    pygame.display.quit()


def test_with_no_clipboard_a_won_daily_says_where_to_share_and_nothing_says_copied():
    """On a desktop without a clipboard (here the dummy display) the copy fails: the end panel
    said "result copied" all the same, and the Daily screen's Share and Share this deal said
    "Copied". The panel points to the Daily screen's Share; the two show what to share by hand."""
    from ui import clipboard
    from ui.scenes.daily import DailyScene

    d = daily.daily_deal("2026-12-04", "tripeaks")
    app = new_app(Store(MemoryStorage()), TriPeaksTable(d.number))
    t = app.scene
    t.start(d.number, d.options, daily=d.date)
    play_through(t, solve(d.number, d.options))
    assert clipboard.copy("probe") is False
    t.share_result()
    assert f"Deal of the day {d.date}: Share results on its screen" in t.progression_lines()
    assert not any("copied" in x for x in t.progression_lines())
    t.share_deal()
    assert t.status_text == f"Not copied, this device has no clipboard: {d.code}"
    app.switch(DailyScene(d.date))
    app.scene.share()
    assert app.scene.message.startswith("Not copied, this device has no clipboard: Pasyans ")


class BrowserPage:
    """``platform.window`` of a page whose clipboard answers later: ``eval`` (the copy's script)
    leaves the copy pending; a test then sets ``pasyans_copied`` to the browser's answer."""

    def __init__(self):
        self.scripts = []
        self.pasyans_copied = None

    def eval(self, js):
        self.scripts.append(js)
        self.pasyans_copied = "pending"


@pytest.mark.parametrize("answer", ["done", "refused"])
def test_a_copy_the_browser_refuses_a_moment_later_is_said_not_copied(monkeypatch, answer):
    """In the browser writeText answers a few frames after the copy (a promise): a refusal (no
    focus, no permission) came after "Copied" and "result copied to share" were said, and they
    stayed. Each of the three copies now takes its word back on the frame the refusal arrives."""
    import platform

    from ui import clipboard
    from ui.scenes.daily import DailyScene

    page = BrowserPage()
    monkeypatch.setattr(platform, "window", page, raising=False)
    monkeypatch.setattr(clipboard, "WEB", True)
    monkeypatch.setattr(clipboard, "REFUSED", [])
    d = daily.daily_deal("2026-12-04", "tripeaks")
    app = new_app(Store(MemoryStorage()), TriPeaksTable(d.number))
    t = app.scene
    t.start(d.number, d.options, daily=d.date)
    play_through(t, solve(d.number, d.options))
    assert not page.scripts                           # the win copies nothing by itself
    t.share_result()                                  # the end panel's Share result
    assert '"Pasyans 2026-12-04' in page.scripts[-1] and clipboard.REFUSED
    copied = f"Deal of the day {d.date}: result copied to share"
    assert copied in t.progression_lines()
    app.frame()                                       # still pending: nothing taken back
    assert copied in t.progression_lines()
    page.pasyans_copied = answer
    app.frame()
    assert not clipboard.REFUSED
    assert (copied in t.progression_lines()) == (answer == "done")
    t.share_deal()
    assert t.status_text == f"Deal code {d.code}: copied, share it"
    page.pasyans_copied = answer
    app.frame()
    assert t.status_text == (f"Deal code {d.code}: copied, share it" if answer == "done" else
                             f"Not copied, the browser refused: {d.code}")
    app.switch(DailyScene(d.date))
    app.scene.share()
    assert app.scene.message.startswith("Copied: Pasyans ")
    page.pasyans_copied = answer
    app.frame()
    assert app.scene.message.startswith("Copied: Pasyans " if answer == "done" else
                                        "Not copied, the browser refused: Pasyans ")


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_won_dailys_panel_lines_read_at_16_px_on_a_phone(lang):
    """The won daily's panel lines (points and places, the Share result line, the badge) are drawn
    at ``text.MIN_SIZE`` or more at 390 px, in both languages (the Russian share line shrank to 15)."""
    import pygame
    from ui import text

    d = daily.daily_deal("2026-12-04", "tripeaks")
    app = new_app(Store(MemoryStorage()), TriPeaksTable(d.number), size=(390, 844), language=lang)
    t = app.scene
    t.start(d.number, d.options, daily=d.date)
    play_through(t, solve(d.number, d.options))
    t.open_end_panel()
    app.frame()
    size, _ = t._progression_size()
    lines = t.progression_lines()
    assert any(d.date in line for line in lines)
    for line in lines:
        assert text.fit(line, size, t.panel.content_rect.width, 12) >= text.MIN_SIZE, line
    pygame.display.quit()


def test_the_daily_screens_share_is_off_for_a_daily_only_begun():
    """A daily begun (no move, not won) marks its date played but has no line to share: Share
    results was lit and said "No result on this date yet" (fresh user, F12). It is off."""
    from ui.scenes.daily import DailyScene

    d = daily.daily_deal("2026-12-04", "tripeaks")
    app = new_app(Store(MemoryStorage()), TriPeaksTable(d.number))
    t = app.scene
    t.start(d.number, d.options, daily=d.date)
    app.progression.mark_played(d.date, "tripeaks", d.code)      # what opening it from the screen does
    app.switch(DailyScene(d.date))
    app.frame()
    share = next(b for b, _ in app.scene.buttons if b.name == "share")
    assert app.scene.entry(d.date, "tripeaks") is not None and not share.enabled


def test_pyramids_lost_panel_counts_the_loss_it_announces():
    """The loss counts in the statistics once the next deal starts (Rescue may take it back),
    but the lost panel's record line shows the figures with it: "lost 1", not "lost 0" (fresh30
    F4)."""
    from games.pyramid import DRAW, Pyramid
    from ui.table.pyramid import PyramidTable

    opts = {"layout": "1", "passes": "3"}
    app = new_app(Store(MemoryStorage()), PyramidTable(1, opts), size=(1280, 800))
    t = app.scene
    while Pyramid.status(t.state) == "playing":    # draws first, else the first move: lost at 76
        legal = Pyramid.legal_moves(t.state)
        assert t.play(DRAW if DRAW in legal else legal[0])
    assert Pyramid.status(t.state) == "lost"
    lines = t.progression_lines()
    assert lines[1] == "Won 0 · lost 1 · 0% · streak 0", lines
