"""The table's panels and bar on every table at the three screen shapes, in both languages: the
options panel's rows never overlap each other, the footer note or the Done button, and stay
inside the panel; the bottom bar's labels share one size."""
import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from ui import table as ui_table
from ui import text
from ui.frame import TOUCH

from conftest import new_app as open_app, run_frames

SIZES = [(390, 844), (844, 390), (1280, 800)]
GAMES = list(ui_table.TABLES)


@pytest.fixture(autouse=True)
def _quit():
    yield
    pygame.display.quit()


def make(game, size, lang, **kw):
    return open_app(ui_table.table_class(game)(3), size, language=lang, **kw)


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("game", GAMES)
def test_options_rows_and_footer_never_overlap(game, lang):
    for size in SIZES:
        app = make(game, size, lang)
        t = app.scene
        t.open_options()
        app.frame()
        p = t.panel
        rows = [b.rect for b in p.row_buttons]
        assert len(rows) == len(p.rows) >= 7, (game, size)
        note = p.note_rect
        # the footer says rule changes wait for the next deal only where there are rule options
        assert (note.height > 0) == bool(t.rules.options) == (p.note != ""), (game, p.note)
        done = p.buttons[0].rect
        for i, r in enumerate(rows):
            assert p.rect.contains(r), (game, size, lang, i, r, p.rect)
            assert r.height >= 30
            assert not r.colliderect(note), (game, size, lang, i, r, note)
            assert not r.colliderect(done), (game, size, lang, i, r, done)
            for r2 in rows[i + 1:]:
                assert not r.colliderect(r2), (game, size, lang, r, r2)
        if p.note:
            assert p.rect.contains(note) and not note.colliderect(done)
            # the footer's text is drawn inside its strip, readable
            assert text.fit(p.note, 21, note.width, 12) >= 12


@pytest.mark.parametrize("game", GAMES)
def test_the_next_deal_note_shows_only_where_there_are_rule_options(game):
    """Devil's Grip and FreeCell have no rule options: their options panel does not say "Rule
    changes apply from the next deal" (Devil's Grip's did); the other four games' panels do."""
    app = make(game, (1280, 800), "en")
    app.scene.open_options()
    app.frame()
    has_rules = game not in ("devils-grip", "freecell")
    assert (app.scene.panel.note == "Rule changes apply from the next deal") == has_rules, game
    assert (app.scene.panel.note == "") == (not has_rules), game


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_bar_labels_share_one_size_that_fits(lang):
    for size in SIZES:
        app = make("klondike", size, lang)
        t = app.scene
        sizes = {b.label_size for b in t.buttons}
        assert len(sizes) == 1, (size, [(b.label, b.label_size) for b in t.buttons])
        ls = sizes.pop()
        # nothing shrunk far below the bar's size (2 px: a label is as wide as the font's design
        # says, which may be a pixel wider than the hinted glyphs were: "New deal" at 17 px)
        assert ls >= t.frame.p["label"] - 2, (size, lang, ls)
        for b in t.buttons:
            assert text.fit(b.label, ls, b.rect.width - 6, 9) == ls, (b.label, size)


def _lost(game, number, size, lang, pick):
    """The table of ``game`` deal ``number`` at ``size`` played by ``pick(moves, texts)`` until its
    end panel opens."""
    app = open_app(ui_table.table_class(game)(number), size=size, language=lang)
    t = app.scene
    for _ in range(3000):
        if t.panel is not None:
            break
        ms = list(t.rules.legal_moves(t.state))
        if not ms:
            break
        t.play(pick(ms, [t.rules.format_move(t.state, m) for m in ms]))
        run_frames(app, 1)
    run_frames(app, 5)
    return t


@pytest.mark.parametrize("size", [(844, 390), (640, 360), (390, 844), (1280, 800)])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_lost_panel_gives_its_body_all_the_height_it_asks_for(size, lang):
    """TriPeaks' open cards and Pyramid's layout and record lines were drawn over the buttons (or
    over each other) on a landscape phone: the buttons take one row before the body is cut."""
    import random
    rnd = random.Random(1)

    def pyramid(ms, texts):
        non = [m for m, s in zip(ms, texts) if s not in ("s", "d")]
        return rnd.choice(non) if non and rnd.random() < .7 else ms[-1]

    for t in (_lost("tripeaks", 11, size, lang, lambda ms, texts: ms[-1]), _lost("pyramid", 1, size, lang, pyramid)):
        p = t.panel
        assert p is not None and p.end
        assert p.content_rect.height >= p.content_h(p.rect.width), (t.game, p.content_rect, p.content_h(p.rect.width))
        assert all(b.rect.width >= 88 and b.rect.height >= 44 for b in p.buttons)
        pygame.display.quit()


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("game", GAMES)
def test_options_rows_share_one_readable_size(game, lang, monkeypatch):
    """Every row's label is drawn at one size (a long label goes on two lines rather than shrink
    below its neighbours: at 844x390 a long one-line label would be set at 13 px among 25 px
    rows), never below text.MIN_SIZE, and inside its row."""
    for size in SIZES:
        app = make(game, size, lang)
        t = app.scene
        t.open_options()
        app.frame()
        p = t.panel
        drawn = []
        real = text.render

        def render(line, sz, *a, **k):
            drawn.append((line, int(sz)))
            return real(line, sz, *a, **k)

        monkeypatch.setattr(text, "render", render)
        p.draw_body(pygame.Surface(app.size, pygame.SRCALPHA), p.content_rect)
        monkeypatch.setattr(text, "render", real)
        labels = [label() for label, _ in p.rows]
        sizes = {sz for line, sz in drawn if line and any(line in lab for lab in labels)}
        assert len(sizes) == 1 and min(sizes) >= text.MIN_SIZE, (game, size, lang, sorted(drawn, key=lambda d: d[1])[:3])
        sz = sizes.pop()
        for b, lab in zip(p.row_buttons, labels):
            lines = text.wrap(lab, sz, b.rect.width - 14)
            assert len(lines) <= 2 and all(text.width(x, sz) <= b.rect.width - 10 for x in lines), (game, size, lab)
            assert len(lines) * text.font(sz).get_linesize() <= b.rect.height, (game, size, lab)


# the tallest end of a won game: three lines of points, records and badges under the body
THREE_LINES = ["Win points: 1 900 · record #1 · daily record #1", "A win with undo does not enter the records",
               "Badge earned: First win, Quick hands, Clean sweep"]


def _panels(game, size, lang):
    """``(name, app)`` for every panel a table of ``game`` opens at ``size``: options, deal code,
    pause menu, rules, the new-deal question, and both end panels (the won one with its Share
    button and three lines of points and badges, its tallest)."""
    import test_ui_sizes

    for name in ("open_options", "open_code_entry", "open_pause", "open_rules", "ask_new_deal"):
        app = make(game, size, lang)
        t = app.scene
        if name == "ask_new_deal":
            t.play(t.rules.legal_moves(t.state)[0])    # a game in progress: the question is asked
            run_frames(app, 5)
        getattr(t, name)()
        app.frame()
        assert t.panel is not None, (game, name)
        yield name, app
        pygame.display.quit()
    for end, state in zip(("won", "lost"), test_ui_sizes._end_states()[game]):
        app = open_app(ui_table.table_class(game)(None, {}, state=state), size, language=lang)
        t = app.scene
        t.session.number = 3           # a numbered deal: the won panel offers Share
        t.progression_lines = lambda: THREE_LINES
        t.open_end_panel()
        app.frame()
        assert t.panel is not None and t.panel.end == end, (game, end)
        yield end, app
        pygame.display.quit()


def _screen_panels(size, lang):
    """``(name, app)`` for every panel a screen opens at ``size``: each game's sheet on the home
    screen, the settings' Kept data panel and its import question."""
    from test_ui_sizes import _records_store
    from ui.scenes.common import GAMES as SHEETS
    from ui.scenes.home import HomeScene
    from ui.scenes.settings import SettingsScene

    for g in SHEETS:
        app = open_app(HomeScene(), size, _records_store(), language=lang)
        app.scene.tap_game(g)
        app.frame()
        assert app.scene.panel is not None, g
        yield f"home sheet {g}", app
        pygame.display.quit()
    app = open_app(SettingsScene(), size, _records_store(), language=lang)
    sc = app.scene
    sc.open_kept()
    app.frame()
    yield "kept data", app
    sc.close_panel()
    sc.import_text(app.store.export_text())
    app.frame()
    assert sc.panel is not None, sc.message
    yield "import", app
    pygame.display.quit()


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("size", [(844, 390), (640, 360), (667, 375), (390, 844), (360, 640), (1280, 800)],
                         ids=lambda s: "%dx%d" % s)
def test_a_screens_panel_clears_the_top_bar_or_hides_it_whole(size, lang):
    """The home screen's and the settings' panels follow the tables' rule: below the top bar
    where they fit there, else the bar is bare beside and above them, no title or button cut in
    half by the panel's edge (a game's sheet at 640x360 lay centred in the window, over half of
    the Statistics and Settings buttons)."""
    bad = []
    for name, app in _screen_panels(size, lang):
        sc = app.scene
        p = sc.panel
        top = sc.top
        if p.rect.top >= top.bottom:
            continue
        sc.stale = app.dirty = True
        app.frame()
        screen = pygame.display.get_surface()
        colours = {tuple(screen.get_at((x, y))) for y in range(0, top.bottom - 1)
                   for x in range(0, size[0], 2) if not p.rect.collidepoint(x, y)}
        if len(colours) > 1:
            bad.append((name, p.rect, top, len(colours)))
    assert not bad, bad


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("size", [(844, 390), (640, 360), (915, 412)], ids=lambda s: "%dx%d" % s)
def test_a_panel_leaves_the_side_buttons_whole(size, lang):
    """On a phone on its side the buttons are a column down the right (left-handed: the left):
    every panel that leaves the table on view lies beside that column, none of its buttons cut by
    the panel's edge (the English won panel with Share and three lines of points was 790 px wide
    at 844x390, over half the column; at 640x360 every won panel was); its buttons stay whole
    touch targets. The pause menu hides the table and its buttons whole."""
    bad = []
    for game in GAMES:
        for name, app in _panels(game, size, lang):
            t = app.scene
            p = t.panel
            assert t.frame.p["buttons"] == "right"
            if p.covers:
                continue
            if p.rect.colliderect(t.frame.bar):
                bad.append((game, name, p.rect, t.frame.bar))
            for b in p.buttons:
                assert p.rect.contains(b.rect) and min(b.rect.size) >= TOUCH, (game, name, b.name, b.rect)
    assert not bad, bad


@pytest.mark.parametrize("size", [(844, 390), (640, 360), (667, 375), (915, 412), (390, 844), (360, 640),
                                  (1280, 800)], ids=lambda s: "%dx%d" % s)
def test_the_code_entrys_hint_never_lies_on_its_title(size):
    """The code entry's hint ("A code like SP1-2-AAAAAAD, or a deal number") has a place of its
    own, under the field or beside the last keys, never the title's line (at 844x390 the last
    row of keys ran to the keypad's end and the hint was drawn over "Enter a deal code")."""
    for lang in ("en", "ru"):
        app = make("spider", size, lang)
        t = app.scene
        t.open_code_entry()
        app.frame()
        p = t.panel
        title = pygame.Rect(p.rect.x, p.rect.y + p.pad, p.rect.width, p.title_size)
        assert not p.hint_rect.colliderect(title), (lang, p.hint_rect, title)
        assert p.hint_rect.width >= p.HINT_W and p.rect.contains(p.hint_rect), (lang, p.hint_rect)
        assert all(min(k.rect.size) >= TOUCH and p.rect.contains(k.rect) for k in p.keys)
        assert not any(k.rect.colliderect(p.hint_rect) for k in p.keys)
        pygame.display.quit()


def test_a_panel_leaves_the_side_buttons_whole_left_handed():
    """The same with the column down the left: the won panel lies to its right."""
    app = open_app(ui_table.table_class("pyramid")(None, {}, state=__import__("test_ui_sizes")._end_states()
                                                    ["pyramid"][0]), (844, 390), left_handed=True)
    t = app.scene
    t.session.number = 3
    t.progression_lines = lambda: THREE_LINES
    t.open_end_panel()
    app.frame()
    assert t.frame.bar.x == 0
    assert not t.panel.rect.colliderect(t.frame.bar) and t.panel.rect.right <= 844, (t.panel.rect, t.frame.bar)


@pytest.mark.parametrize("size", [(844, 390), (640, 360), (390, 844), (360, 640), (1280, 800)],
                         ids=lambda s: "%dx%d" % s)
def test_a_panel_clears_the_top_bar_or_hides_it_whole(size):
    """A table's panel either lies below the top bar (and the pause button, which may reach a
    little below it) or hides the bar's items whole: where it reaches into the bar, the bar's
    rows beside and above the panel show its plain background, no text or button cut in half
    (the won panel at 844x390 cut the score, clock and deal code through the middle). At
    844x390 every won panel fits below the bar (its buttons in one row)."""
    bad = []
    for game in GAMES:
        for name, app in _panels(game, size, "ru" if game in ("klondike", "spider") else "en"):
            t = app.scene
            p = t.panel
            band = t.frame.top.union(t.pause_button.rect)
            if size == (844, 390) and name == "won":
                assert p.rect.top >= band.bottom, (game, p.rect, band)
            if p.rect.top >= band.bottom:
                continue
            t.stale = app.dirty = True
            app.frame()
            screen = pygame.display.get_surface()
            colours = {tuple(screen.get_at((x, y))) for y in range(0, t.frame.top.bottom - 1)
                       for x in range(0, size[0], 2) if not p.rect.collidepoint(x, y)}
            if len(colours) > 1:
                bad.append((game, name, p.rect, len(colours)))
    assert not bad, bad


@pytest.mark.parametrize("game,key", [("spider", "suits"), ("klondike", "draw")])
def test_the_home_sheet_and_the_table_step_an_option_in_the_same_order(game, key):
    """A rule option's row steps through its values in one order on the home sheet and at the
    table: Spider's suits went 2 → 1 → 4 on the sheet and 2 → 4 → 1 at the table (fresh34 F5);
    now 1 → 2 → 4 → 1 in both."""
    from ui.scenes.home import GameSheet

    app = make(game, (1280, 800), "en")
    t = app.scene
    opts = t.settings.options_for(game)
    start = t.rules.options[key][0]

    def steps(tap):
        opts[key] = start
        seen = []
        for _ in range(len(t.rules.options[key])):
            tap()
            seen.append(opts[key])
        return seen

    keys = list(t.rules.options)
    sheet_tap = GameSheet.make_rows(t, game)[keys.index(key)][1]
    table_tap = t.options_rows()[keys.index(key)][1]
    on_sheet, at_table = steps(sheet_tap), steps(table_tap)
    assert on_sheet == at_table, (on_sheet, at_table)
    assert sorted(on_sheet) == sorted(t.rules.options[key]) and on_sheet[-1] == start
    if game == "spider":
        assert on_sheet == ["4", "1", "2"]     # from 2 suits: 4, then 1, then 2 again
