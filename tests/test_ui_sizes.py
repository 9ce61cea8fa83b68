"""Every card readable and every target reachable at every size (the phone 390x844 and its
landscape 844x390, the desktop 1280x800): the tables driven headless through the real App."""
import itertools
import math
import os
import re

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from games.freecell import FreeCell
from games.spider import Spider
from ui import cards_art
from ui.settings import Settings
from ui.storage import MemoryStorage, Store
from ui.frame import TOUCH
from ui.table.freecell import FreeCellTable
from ui.table.klondike import KlondikeTable
from ui.table.spider import SpiderTable
from ui.table import hit

from conftest import click, key, new_app, show_first_picture

SIZES = [(1280, 800), (390, 844), (844, 390)]
#: the smallest window laid out, upright and on its side (docs/ui.md, "Sizes")
SMALLEST = [(360, 640), (640, 360)]


def make(cls, size, number=1, options=None, state=None, **kw):
    """The real App (conftest.new_app) at ``size`` on deal ``number`` (or ``state``) of ``cls``."""
    return new_app(cls(number if state is None else None, options or {}, state=state), size, **kw)


@pytest.fixture(autouse=True)
def _quit():
    yield
    pygame.display.quit()


def face_up_strips(t):
    """``(column, index, visible px, card width, inside a run)`` of every face-up card covered
    by another; ``inside a run``: a card the run's cards beside it show (``run_steps``)."""
    out = []
    for i in range(t.n_columns):
        key = ("col", i)
        cards = t.pile_cards(t.state, key)
        rects = t.pile_rects(t.state, key)
        inner = t.run_steps(cards)
        for j in range(len(cards) - 1):
            if cards[j][1]:
                out.append((i, j, rects[j + 1].y - rects[j].y, rects[j].width, inner[j]))
    return out


# the solver's wins with the longest columns (22 cards in Spider 4 suits deal 5 and 1 suit
# deal 7, 21 in 2 suits deal 1, 18 in FreeCell deal 144)
LONG_WINS = [(SpiderTable, Spider, 5, {"suits": "4"}), (SpiderTable, Spider, 7, {"suits": "1"}),
             (SpiderTable, Spider, 1, {"suits": "2"}), (FreeCellTable, FreeCell, 144, {})]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: "%dx%d" % s)
@pytest.mark.parametrize("cls,rules,number,options", LONG_WINS,
                         ids=lambda v: v.__name__ if isinstance(v, type) else str(v))
def test_long_columns_show_every_face_up_index(size, cls, rules, number, options):
    """Along the solver's win, after every move, each face-up card's visible strip holds the
    upper 70 % of its rank and suit (``ColumnsTable.READ``) — but a card inside a run, which the
    run's cards beside it show, may be squeezed to a sliver (``tight_strip``) before the cards
    shrink, as Microsoft Solitaire Collection squeezes runs — and every card stays on the table.
    The cards keep a width a thumb can pick and few sizes: Spider 4 suits deal 5 on a phone on
    its side keeps 50 px at the least and changes size twice (QA F2: 36 px and 16 changes when
    every index had to show whole and the cards grew back by a ladder's step; 21 px before)."""
    app = make(cls, size, number, options)
    t = app.scene
    moves = rules.solve(t.state, timeout=30).moves
    assert moves
    longest = 0
    narrowest = t.card_w
    changes = 0
    for m in moves:
        w = t.card_w
        assert t.play(rules.parse_move(t.state, m))
        t.settle()
        t.anim.finish()
        longest = max(longest, max(len(t.pile_cards(t.state, ("col", i))) for i in range(t.n_columns)))
        changes += t.card_w != w
        for i, j, strip, w, inner in face_up_strips(t):
            need = cards_art.compact_read_height(w, t.READ)
            if inner:
                need = math.floor(t.tight_strip(t.steps[3]))
            assert strip >= need, (m, i, j, strip, need, w, inner)
        narrowest = min(narrowest, t.card_w)
        for i in range(t.n_columns):
            rects = t.pile_rects(t.state, ("col", i))
            if rects:
                assert rects[-1].bottom <= t.frame.table.bottom, (m, i)
    assert longest >= 13
    if size == (844, 390):
        assert narrowest >= 46, narrowest
    if (size, number, options) == ((844, 390), 5, {"suits": "4"}):
        assert changes <= 4, changes


@pytest.mark.parametrize("size", SIZES, ids=lambda s: "%dx%d" % s)
@pytest.mark.parametrize("cls", [KlondikeTable, FreeCellTable, SpiderTable], ids=lambda c: c.__name__)
def test_a_tap_on_felt_below_a_column_does_nothing(size, cls):
    """Below each column's top card (past a touch target's slop) the felt answers nothing: no
    move, no message; on the card itself the tap still plays (Klondike deal 7 at 390x844 once
    moved the 3 of hearts for a tap 496 px below it)."""
    app = make(cls, size, 7)
    t = app.scene
    t.settle()     # an ace exposed at the deal goes home first
    moves = t.history.moves
    table = t.frame.table
    for i in range(t.n_columns):
        rects = t.pile_rects(t.state, ("col", i))
        r = rects[-1]
        y = r.bottom + max(TOUCH, r.height // 3)
        if y >= table.bottom:
            continue
        before = t.state
        assert t.hit_test((r.centerx, y)) is None, (i, y)
        click(app, (r.centerx, y))
        assert t.state == before and t.history.moves == moves
        assert not t.status_error
    # the cards themselves still answer
    for i in range(t.n_columns):
        r = t.pile_rects(t.state, ("col", i))[-1]
        assert t.hit_test(r.center) == hit.card(("col", i), len(t.pile_rects(t.state, ("col", i))) - 1)


FINISH_WINS = [(FreeCellTable, FreeCell, 10, {}), (FreeCellTable, FreeCell, 1, {}),
               (SpiderTable, Spider, 1, {"suits": "2"}), (KlondikeTable, None, 5, {})]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: "%dx%d" % s)
@pytest.mark.parametrize("cls,rules,number,options", FINISH_WINS,
                         ids=lambda v: v.__name__ if isinstance(v, type) else str(v))
def test_finish_covers_no_card_and_takes_no_card_tap(size, cls, rules, number, options):
    """Playing the solver's win (no automatic moves) until Finish is offered: the button
    overlaps no card and no pile, and every card's tap point still answers that card."""
    from games.klondike import Klondike
    rules = rules or Klondike
    app = make(cls, size, number, options, auto_foundation=False)
    t = app.scene
    moves = rules.solve(t.state, timeout=30).moves
    offered = 0
    for m in moves:
        assert t.play(rules.parse_move(t.state, m))
        t.settle()
        t.anim.finish()
        for _ in range(40):      # Spider's Finish comes from a search run in slices
            if t.finish_button is not None:
                break
            app.frame()
        if t.finish_button is None:
            continue
        offered += 1
        f = t.finish_rect
        assert t.frame.size[0] >= f.right and f.left >= 0 and t.frame.size[1] >= f.bottom
        for key in t.all_keys():
            rects = t.pile_rects(t.state, key) or [t.pile_rect[key]]
            for j, r in enumerate(rects):
                assert not f.colliderect(r), (m, key, j, f, r)
            cards = t.pile_cards(t.state, key)
            if cards and key[0] == "col":
                r = rects[-1]
                assert t.hit_test(r.center) == hit.card(key, len(cards) - 1), (m, key)
        if offered >= 3:
            break
    assert offered


# -- touch targets -------------------------------------------------------------------------------
def _button_rects(obj, where):
    """``(where, name, rect)`` of every button, row and key ``obj`` (a scene or panel) holds, and
    of its other tap targets (the Daily screen's dates and deals, the Records rows) as its
    ``tap_targets()`` gives them (a scrolled page: those wholly in view)."""
    out = []
    for attr in ("buttons", "row_buttons", "keys"):
        for b in getattr(obj, attr, None) or []:
            b = b[0] if isinstance(b, tuple) else b
            if hasattr(b, "rect"):
                out.append((where, getattr(b, "name", attr), pygame.Rect(b.rect)))
    hook = getattr(obj, "tap_targets", None)
    if hook is not None:
        out += [(where, name, pygame.Rect(r)) for name, r in hook()]
    else:     # a screen without the hook: its dates and rows as it keeps them
        for attr in ("cells", "rows"):
            for item in getattr(obj, attr, None) or []:
                if isinstance(item, tuple) and len(item) > 1 and isinstance(item[1], pygame.Rect):
                    out.append((where, f"{attr} {item[0]}", pygame.Rect(item[1])))
    return out


def _end_states():
    """``{game: (won state, lost state)}``: each game one move from its end played out, or
    locked, as the rules' own tests script them."""
    import dataclasses

    import test_devils_grip as dg
    import test_freecell as fc
    import test_klondike as kl
    import test_pyramid as py
    import test_spider as sp
    from games.core import LOST
    from games.tripeaks import TriPeaks

    s = TriPeaks.deal(3, TriPeaks.check_options({}))
    tw = dataclasses.replace(s, tableau=(None,) * len(s.tableau))
    tl = next(x for x in (dataclasses.replace(s, stock=(), waste=s.waste + tuple(c for c in s.stock if c != top)
                                              + (top,)) for top in s.stock) if TriPeaks.status(x) == LOST)
    suited = [" ".join(f"{r}{su}" for r in "JT98765432") for su in "SCDH"]
    return {
        "tripeaks": (tw, tl),
        "pyramid": (py.play(py.pos({27: "KC"}, stock=["5H", "2D"]), "KC"),
                    py.pos({27: "2C", 20: "QC"}, stock=["5H", "9D", "8C"])),
        "devils-grip": (dg.play(dg.won_script(), "t>3.1", "s", "t>3.1", "1.8<>3.1"),
                        dg.make({"1.1": "2S", "1.2": "5S"}, fill=False)),
        "spider": (sp.play(sp.pos("KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S", "AS", completed=7), "2-1"),
                   sp.pos("AS", "3S", "5S", "7S", "9S", "JS", "KS", "AH", "3H", "5H")),
        "klondike": (kl.play(kl.pos(["KC", "", "", "", "", "", ""], found="H-K C-Q D-K S-K"), "1h").state,
                     kl.locked(["6C", "7D", "TS", "JH", "QC", "KD"])),
        "freecell": (fc.play(fc.pos(["KC"] + [""] * 7, found="H-K C-Q D-K S-K"), "1h").state,
                     fc.pos(["AS QD", "AC QH", "AD QS", "AH QC"] + suited, cells="KC KS KD KH")),
    }


def _records_store():
    """The scripted results of the progression screens' tests, and twelve Pyramid wins: a full
    top-10 table."""
    from games.progression import GameResult
    from test_ui_progression_screens import TODAY, scripted
    from ui.progression import Progression

    store = scripted(Store(MemoryStorage()))
    p = Progression(store)
    for L in range(10, 22):
        p.record(GameResult("pyramid", {"layout": str(L), "passes": "unlimited"}, f"PY1-L{L:02d}-AAAAAAC", True,
                            200 + 7 * L, 60 + L, TODAY))
    return store


def _scrolled(app, where):
    """The targets of ``app``'s scene at the top of its page and, for a page that scrolls, at
    every screenful down to its end."""
    from ui.scenes.scroll import Scrolling

    sc = app.scene
    out = _button_rects(sc, where)
    if isinstance(sc, Scrolling):
        while sc.scroll < sc.max_scroll():
            sc.scroll_by(sc.area.height * 0.8)
            app.frame()
            out += _button_rects(sc, f"{where} scrolled {round(sc.scroll)}")
    return out


def _screen_targets(size):
    """Every button, row and key of every screen with targets: home and the games' sheets,
    settings (its Kept data panel and the import question too), statistics, the layout picker,
    the deal of the day (today's month and a month of six weeks, each of its tabs), records (a
    full table, scrolled to its end), badges, each game's rules page, and each table with its
    options, code, pause menu, rules panel and both end panels (won and lost)."""
    from ui.scenes.common import GAMES
    from ui.scenes.badges import BadgesScene
    from ui.scenes.daily import DailyScene
    from ui.scenes.home import HomeScene
    from ui.scenes.layout_picker import LayoutPickerScene
    from ui.scenes.records import RecordsScene
    from ui.scenes.rules import RulesScene
    from ui.scenes.settings import SettingsScene
    from ui.scenes.stats import StatsScene
    from ui.table import table_class

    def open_app(scene, store=None):
        return new_app(scene, size, store)

    out = []
    for name, scene_cls in (("home", HomeScene), ("settings", SettingsScene), ("stats", StatsScene),
                            ("layouts", LayoutPickerScene), ("badges", BadgesScene)):
        app = open_app(scene_cls(), _records_store())
        sc = app.scene
        out += _scrolled(app, name)
        if name == "home":
            for g in GAMES:
                sc.tap_game(g)
                app.frame()
                if sc.panel is not None:
                    out += _button_rects(sc.panel, f"home sheet {g}")
                sc.panel = None
        if name == "settings":
            sc.open_kept()
            app.frame()
            out += _button_rects(sc.panel, "settings kept data")
            sc.close_panel()
            sc.import_text(app.store.export_text())
            app.frame()
            assert sc.panel is not None, sc.message
            out += _button_rects(sc.panel, "settings import")
        pygame.display.quit()
    for g in GAMES:
        app = open_app(RulesScene(g))
        out += _scrolled(app, f"rules {g}")
        pygame.display.quit()
    for date in (None, "2026-03-16"):      # March 2026 spans six weeks
        app = open_app(DailyScene(date), _records_store())
        sc = app.scene
        for tab in getattr(sc, "tabs", None) or [None]:
            if tab is not None:
                sc.show_tab(tab)
                app.frame()
            out += _button_rects(sc, f"daily {date} {tab or ''}")
        pygame.display.quit()
    app = open_app(RecordsScene("pyramid passes=unlimited"), _records_store())
    assert len(app.scene.rows) == 10
    out += _scrolled(app, "records")
    pygame.display.quit()
    ends = _end_states()
    for g in GAMES:
        app = open_app(table_class(g)(3))
        t = app.scene
        out += _button_rects(t, g)
        for panel in ("open_options", "open_code_entry", "open_pause", "open_rules"):
            getattr(t, panel)()
            app.frame()
            out += _button_rects(t.panel, f"{g} {panel}")
            t.close_panel()
        pygame.display.quit()
        for end, state in zip(("won", "lost"), ends[g]):
            app = open_app(table_class(g)(None, {}, state=state))
            t = app.scene
            assert t.rules.status(t.state) == end
            t.open_end_panel()
            app.frame()
            assert t.panel is not None and t.panel.end == end
            out += _button_rects(t.panel, f"{g} {end} panel")
            pygame.display.quit()
    return out


@pytest.mark.parametrize("size", [(844, 390), (740, 360), (900, 400)], ids=lambda s: "%dx%d" % s)
@pytest.mark.parametrize("left_handed", [False, True])
def test_the_daily_screens_top_bar_holds_its_month_and_share_for_either_hand(size, left_handed):
    """On a phone on its side the Deal of the day puts the month ("<", its name, ">") and Share
    in the top bar beside the back button. Left-handed, the back button is on the right and the
    bar kept its right-handed left edge: "<" off the screen, the month's name drawn over the
    title, Share over the back button. Every button on the screen, none over another, the
    month's bar clear of the title."""
    from ui.scenes.daily import Arrangement, DailyScene

    app = new_app(DailyScene(None), size, _records_store(), left_handed=left_handed)
    sc = app.scene
    assert sc.arrangement is Arrangement.BAR
    screen = pygame.Rect(0, 0, *size)
    rects = [(b.name, b.rect) for b, _ in sc.buttons]
    assert all(screen.contains(r) for _, r in rects), rects
    assert not [(a, b) for (a, ra), (b, rb) in itertools.combinations(rects, 2) if ra.colliderect(rb)]
    assert sc.month_bar.width >= 3 * TOUCH and screen.contains(sc.month_bar)
    assert not sc.month_bar.colliderect(sc.top_title) and sc.top_title.width > 0
    pygame.display.quit()


@pytest.mark.parametrize("size", SIZES + SMALLEST, ids=lambda s: "%dx%d" % s)
def test_every_button_row_and_key_is_a_44_px_target(size):
    """Every button, row and key of every screen (:func:`_screen_targets`) at least
    :data:`ui.frame.TOUCH` (44 px) each way and inside the window, at the three sizes and the
    smallest (Options rows were 38 px tall at 844x390, code keys 43 px wide at 390x844, the
    Daily screen's month arrows and Share 34 px tall on a phone, its dates 34 px tall at
    844x390, the Records arrows 40 px)."""
    screen = pygame.Rect(0, 0, *size)
    bad = [(w, n, r) for w, n, r in _screen_targets(size)
           if r.width < TOUCH or r.height < TOUCH or not screen.contains(r)]
    assert not bad, bad


#: every phone size a table is laid out for: upright and on its side, the smallest first
PHONES = [(360, 640), (375, 667), (390, 844), (412, 915), (640, 360), (667, 375), (844, 390), (915, 412)]


def _table_targets(t):
    """``(target, region, (least width, least height))`` of every tap target a table's cards
    offer: Pyramid's and TriPeaks' focus targets (free cards, the stock and its draw tab, the
    waste), Devil's Grip's cells, stock and talon, a column game's piles (each column's top
    card or the empty column, the stock, waste, free cells, foundations). ``region``: the
    rectangle (px) to look for the target's press area in. The least size is 44 px each way,
    but along a line of cards the table sets closer than that because the window cannot hold
    them 44 px apart, a pitch of that line (each case checks that it cannot)."""
    from ui.table.devils_grip import DevilsGripTable
    from ui.table.tripeaks import TriPeaksTable

    T = t.frame.table
    out = []
    if isinstance(t, DevilsGripTable):
        places = {hit.STOCK: t.stock_hit, hit.TALON: t.talon_area}
        for target in t.focus_targets():
            out.append((target, places.get(target) or t.hit_rects[target.index], (TOUCH, TOUCH)))
        return out
    if hasattr(t, "focus_targets"):
        need = (TOUCH, TOUCH)
        if isinstance(t, TriPeaksTable) and t.frame.shape == "portrait":
            # on its side the bottom row's ten cards run down the table, each on the one above
            step = min(abs(b.y - a.y) for a, b in zip(t.slot_rects[18:], t.slot_rects[19:]))
            if step < TOUCH:
                assert 9 * TOUCH + t.card_h > T.height, (step, T)
                need = (TOUCH, step)
        return [(x, t.target_rect(x), need) for x in t.focus_targets()]
    xs, _ = t._grid_extent()
    across = max(xs) - min(xs) + 1           # pitches the grid spans across the table
    need_w = TOUCH
    if t.pitch < TOUCH:
        assert across * TOUCH > T.width, (t.pitch, across, T)
        need_w = int(t.pitch)
    for key in t.all_keys():
        if key[0] == "done":                 # Spider's completed runs take no tap
            continue
        cards = t.pile_cards(t.state, key)
        top = len(cards) - 1 if cards and key != ("stock",) else None
        target = hit.card(key, top) if top is not None else hit.pile(key)
        z = t.zone(key, top)
        card = (t.pile_rects(t.state, key) or [t.pile_rect[key]])[-1]
        out.append((target, z.clip(card.inflate(2 * TOUCH, 2 * TOUCH)), (need_w, TOUCH)))
    return out


def _press_area_holds(t, target, region, need, screen) -> bool:
    """Whether some ``need`` (w, h) px block of pixels inside ``region`` (grown by 4 px, on the
    screen) all answer ``target`` when pressed (:meth:`hit_test`, pixel by pixel)."""
    reg = region.inflate(8, 8).clip(screen)
    W, H = reg.width, reg.height
    nw, nh = need
    if W < nw or H < nh:
        return False
    # a block in the middle of the region first: where it answers whole, the area holds (the
    # region's every pixel is only searched when it does not)
    x0, y0 = reg.centerx - nw // 2, reg.centery - nh // 2
    if all(t.hit_test((x, y)) == target for y in range(y0, y0 + nh) for x in range(x0, x0 + nw)):
        return True
    S = [[0] * (W + 1) for _ in range(H + 1)]       # summed area of the pixels answering target
    for i in range(H):
        row, above, y = S[i + 1], S[i], reg.y + i
        run = 0
        for j in range(W):
            run += t.hit_test((reg.x + j, y)) == target
            row[j + 1] = above[j + 1] + run
    return any(S[i + nh][j + nw] - S[i][j + nw] - S[i + nh][j] + S[i][j] == nw * nh
               for i in range(H - nh + 1) for j in range(W - nw + 1))


@pytest.mark.parametrize("size", PHONES, ids=lambda s: "%dx%d" % s)
def test_every_table_target_is_a_44_px_target_at_every_phone_size(size):
    """Every card, pile and tab a table answers a tap on holds a press area of 44 px each way
    at every phone size, upright and on its side, the smallest too (Pyramid's draw tab was
    27 px wide at 375x667 and everywhere on a phone: the buttons' test above never looked at
    the tables' cards, and Pyramid's own layout test asked the tab for 0.3 of a card, at
    390x844 and 844x390 only). Where a table sets a line of cards closer than 44 px because
    the window cannot hold them farther apart (Spider's ten columns upright, FreeCell's eight
    at 360 px, TriPeaks' bottom row on its side at 640 and 667 px tall), a pitch of that line
    (:func:`_table_targets`)."""
    from ui.scenes.common import GAMES
    from ui.table import table_class

    screen = pygame.Rect(0, 0, *size)
    bad = []
    for g in GAMES:
        app = new_app(table_class(g)(3), size)
        t = app.scene
        _keep_zones(t)
        for target, region, need in _table_targets(t):
            if not _press_area_holds(t, target, region, need, screen):
                bad.append((g, str(target), region, need))
        pygame.display.quit()
    assert not bad, bad


def _keep_zones(t) -> None:
    """A column table's :meth:`zone` answers, kept per pile and card for the position it shows
    (the table is only asked, never played, while its pixels are searched): the hit test works
    out every column's zones again for each pixel it is asked about, two thirds of its time."""
    if not hasattr(t, "zone"):
        return
    zone, kept = t.zone, {}

    def kept_zone(key, index, s=None):
        if s is not None:
            return zone(key, index, s)
        z = kept.get((key, index))
        if z is None:
            z = kept[(key, index)] = zone(key, index)
        return z.copy()

    t.zone = kept_zone


@pytest.mark.parametrize("size", [(844, 390), (640, 360)], ids=lambda s: "%dx%d" % s)
def test_a_full_records_table_scrolls_to_its_last_row(size):
    """Ten rows of 44 px do not fit a phone on its side: the rows scroll under the column
    headings down to the tenth, which a tap then plays; a row scrolled under the headings
    answers no tap there."""
    from ui.scenes.records import RecordsScene

    app = new_app(RecordsScene("pyramid passes=unlimited"), size, _records_store())
    sc = app.scene
    assert len(sc.rows) == 10 and sc.max_scroll() > 0
    assert not sc.area.contains(sc.rows[-1][1])
    key(app, pygame.K_END)
    assert sc.area.contains(sc.rows[-1][1]) and sc.rows[-1][1].bottom <= size[1]
    under = (sc.head.centerx, sc.head.centery)             # the headings, over a row scrolled under them
    assert any(r.collidepoint(under) for _, r in sc.rows)
    click(app, under)
    assert app.scene is sc
    e, r = sc.rows[-1]
    click(app, r.center)
    assert app.scene is not sc and app.scene.deal_code() == e.code


# -- texts ---------------------------------------------------------------------------------------
def _catalogue_messages(lang):
    """Every message of the catalogues in ``lang``, placeholders filled with wide values."""
    import string

    from games import i18n

    class Wide(dict):
        def __missing__(self, key):
            return "88:88" if key in ("t", "time") else "8888"

    out = []
    for msgid in sorted(i18n.catalogue("ru")):
        msg = msgid.split("\x04")[-1] if lang == "en" else i18n.catalogue("ru")[msgid]
        try:
            out.append(string.Formatter().vformat(msg, (), Wide()))
        except (ValueError, IndexError, KeyError):
            out.append(msg)
    return out


@pytest.mark.parametrize("size", SIZES, ids=lambda s: "%dx%d" % s)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_status_line_shows_every_catalogue_message_whole(size, lang, monkeypatch):
    """Every message of the catalogues, in both languages, drawn on the status line: every word
    drawn, every line inside the status strip, no text under 12 px (Spider's commonest refusal
    in Russian lost its last word at 390x844)."""
    from games import i18n
    from ui import text
    from ui.table.tripeaks import TriPeaksTable

    i18n.set_language(lang)
    try:
        app = new_app(TriPeaksTable(1), size, language=lang)
        t = app.scene
        r = t.frame.status
        drawn = []
        real_render, real_blit = text.render, text.blit_center

        def render(msg, sz, color=(255, 255, 255)):
            img = real_render(msg, sz, color)
            drawn.append([msg, sz, img, None])
            return img

        def blit(surface, img, center):
            rect = real_blit(surface, img, center)
            for d in drawn:
                if d[2] is img and d[3] is None:
                    d[3] = rect
            return rect

        monkeypatch.setattr(text, "render", render)
        monkeypatch.setattr(text, "blit_center", blit)
        surf = pygame.Surface(size)
        bad = []
        for msg in _catalogue_messages(lang):
            drawn.clear()
            t.status_text = msg
            t.draw_status(surf)
            words = " ".join(d[0] for d in drawn).split()
            if words != msg.split():
                bad.append(("cut", msg, [d[0] for d in drawn]))
                continue
            for m, sz, img, rect in drawn:
                if img.get_height() < 12 or rect is None or not r.inflate(0, 4).contains(rect):
                    bad.append(("outside or small", msg, sz, rect, r))
        assert not bad, bad[:5]
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("size", SIZES, ids=lambda s: "%dx%d" % s)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_storage_notice_is_whole_readable_and_names_no_storage_key(size, lang, monkeypatch):
    """Corrupt saved records: the notice band over the screen names them as a player would
    (never "game.tripeaks" or "stats"), shows every word, at 12 px or more, inside the screen
    (it was ~11 px at 390 wide, cut at both ends)."""
    from games import i18n
    from ui import text
    from ui.scenes.home import HomeScene

    mem = MemoryStorage()
    mem.data["game.tripeaks"] = "{not json"
    mem.data["stats"] = "{not json"
    try:
        app = new_app(HomeScene(), size, Store(mem), frames=0, language=lang)
        i18n.set_language(lang)
        app.frame()
        assert app.notice
        for key in ("game.", "tripeaks", "stats", "corrupt"):
            assert key not in app.notice, app.notice
        drawn = []
        real = text.render

        def render(msg, sz, color=(255, 255, 255)):
            img = real(msg, sz, color)
            drawn.append((msg, sz, img.get_width()))
            return img

        monkeypatch.setattr(text, "render", render)
        app.draw_notice(pygame.Surface(size))
        assert " ".join(m for m, _, _ in drawn).split() == app.notice.split()
        assert all(sz >= text.MIN_SIZE and wd <= size[0] for _, sz, wd in drawn), drawn
    finally:
        i18n.set_language("en")


def _record_small_texts(monkeypatch, small):
    """Patch :func:`ui.text.render` to note every non-blank text whose line is under 12 px."""
    from ui import text

    real = text.render

    def render(msg, sz, color=(255, 255, 255)):
        img = real(msg, sz, color)
        if msg.strip() and img.get_height() < 12:
            small.append((msg, sz, img.get_height()))
        return img

    monkeypatch.setattr(text, "render", render)


@pytest.mark.parametrize("size", SIZES[1:], ids=lambda s: "%dx%d" % s)
def test_no_text_under_12_px_on_a_phone(size, monkeypatch):
    """Every text a table, its options and code panels draw on a phone (top bar, status,
    chain labels, badges, buttons) has lines at least 12 px tall (the deal code in the top bar
    was ~10 px, Devil's Grip's chain labels ~8 px)."""
    from ui import text
    from ui.scenes.common import GAMES
    from ui.table import table_class

    small = []
    _record_small_texts(monkeypatch, small)
    for g in GAMES:
        app = new_app(table_class(g)(3), size, frames=0, language="ru")
        t = app.scene
        for panel in (None, t.open_options, t.open_code_entry):
            if panel is not None:
                t.close_panel()
                panel()
            text.clear()
            t.stale = True
            app.dirty = True
            app.frame()
        assert not small, (g, small)
        pygame.display.quit()


# -- the smallest window -------------------------------------------------------------------------


def _screens(size):
    """``(name, app)`` for every screen at ``size``: home, settings, statistics, the layout
    picker, each table, each table with its options and its code panel open."""
    from ui.scenes.common import GAMES
    from ui.scenes.badges import BadgesScene
    from ui.scenes.daily import DailyScene
    from ui.scenes.home import HomeScene
    from ui.scenes.layout_picker import LayoutPickerScene
    from ui.scenes.records import RecordsScene
    from ui.scenes.rules import RulesScene
    from ui.scenes.settings import SettingsScene
    from ui.scenes.stats import StatsScene
    from ui.table import table_class

    screens = [("home", HomeScene), ("settings", SettingsScene), ("stats", StatsScene),
               ("layouts", LayoutPickerScene), ("daily", DailyScene), ("records", RecordsScene),
               ("badges", BadgesScene)]
    screens += [(f"rules {g}", lambda g=g: RulesScene(g)) for g in GAMES]
    for name, cls in screens:
        app = new_app(cls(), size, frames=0, language="ru")
        yield name, app
        pygame.display.quit()
    for g in GAMES:
        for panel in (None, "open_options", "open_code_entry"):
            app = new_app(table_class(g)(3), size, frames=0, language="ru")
            if panel:
                getattr(app.scene, panel)()
            yield f"{g} {panel or ''}", app
            pygame.display.quit()


@pytest.mark.parametrize("size", SMALLEST + SIZES, ids=lambda s: "%dx%d" % s)
def test_every_screen_lays_out_inside_the_window_without_overlaps(size, monkeypatch):
    """Down to the smallest supported window (360x640 and 640x360), on every screen: every
    button, row and key and every card inside the window; no two targets overlap; no text
    runs over a target it does not belong to (Settings' footer ran over its last row at
    640x360; FreeCell put two free cells at x = -22 in the 320x300 window once accepted)."""
    from ui import text

    screen = pygame.Rect(0, 0, *size)
    blits = []
    real_blit = text.blit_center

    def blit(surface, img, center):
        rect = real_blit(surface, img, center)
        if surface.get_size() == size:
            blits.append(rect)
        return rect

    monkeypatch.setattr(text, "blit_center", blit)
    bad = []
    for name, app in _screens(size):
        blits.clear()
        text.clear()
        app.dirty = True
        if hasattr(app.scene, "stale"):
            app.scene.stale = True
        show_first_picture(app)     # a table's first picture may wait frames for its card images
        sc = app.scene
        panel = getattr(sc, "panel", None)
        if panel is not None:      # only the panel's own texts: the rest lies dimmed under it
            real_draw = panel.draw

            def draw(surface, real_draw=real_draw):
                blits.clear()
                real_draw(surface)
                blits.append(None)
            panel.draw = draw
            app.dirty = sc.stale = True
            app.frame()
            blits[:] = blits[:blits.index(None)] if None in blits else blits
        holder = panel if panel is not None else sc
        targets = [r for _, _, r in _button_rects(holder, name)]
        for r in targets:
            if not screen.contains(r):
                bad.append((name, "off screen", r))
        for i, a in enumerate(targets):
            for b in targets[i + 1:]:
                if a.colliderect(b):
                    bad.append((name, "overlap", a, b))
        if panel is None:
            for r in getattr(sc, "card_rects", lambda: [])():
                if not screen.contains(r):
                    bad.append((name, "card off screen", r))
        for t in blits if name != "layouts" else []:   # the picker's tiles scroll under its bar
            if not screen.contains(t):
                bad.append((name, "text off screen", t))
            for r in targets:
                if t.colliderect(r) and not r.contains(t):
                    bad.append((name, "text over a target", t, r))
    assert not bad, bad[:6]


def test_the_smallest_window_is_360_by_640_either_way():
    """A window under 360 px on its short side or 640 on its long side is laid out at that size
    (the app accepted 320x300, where FreeCell put two free cells at x = -22)."""
    from ui.app import MIN_SIZE, clamp_size, parse_size

    assert MIN_SIZE == (360, 640)
    assert clamp_size(320, 300) == (640, 360) and clamp_size(300, 500) == (360, 640)
    assert clamp_size(390, 844) == (390, 844) and clamp_size(844, 390) == (844, 390)
    assert parse_size("320x300") is None and parse_size("360x640") == (360, 640)
    app = make(FreeCellTable, (320, 300))
    assert app.size == (640, 360)
    app.resize(300, 500)
    assert app.size == (360, 640)
    screen = pygame.Rect(0, 0, *app.size)
    assert all(screen.contains(r) for r in app.scene.card_rects())


# -- things in their place -----------------------------------------------------------------------
@pytest.mark.parametrize("size", SIZES, ids=lambda s: "%dx%d" % s)
@pytest.mark.parametrize("game", ["freecell", "klondike", "spider", "tripeaks"])
def test_the_hint_bubble_sits_by_the_hinted_card(size, game):
    """The hint's reason is drawn next to the hinted cards, not far off on the felt (FreeCell at
    390x844 put it 400 px below the card)."""
    from ui.table import table_class

    app = new_app(table_class(game)(3), size)
    t = app.scene
    if hasattr(t, "settle"):
        t.settle()
    t.hint()
    for _ in range(20_000):
        if t.hint_move is not None:
            break
        app.frame()
    assert t.hint_move is not None
    draws = app.draws
    for _ in range(5):      # the frame that draws the hint (its texts rendered in the frames before)
        app.frame()
        if app.draws > draws:
            break
    b = t.assist._bubble
    assert b is not None, "no reason shown"
    box = b[1]
    anchor = t.hint_anchor()
    gap = max(0, anchor.left - box.right, box.left - anchor.right) + \
        max(0, anchor.top - box.bottom, box.top - anchor.bottom)
    assert gap <= 1.5 * t.card_h, (gap, box, anchor)


@pytest.mark.parametrize("cls", [FreeCellTable, SpiderTable, KlondikeTable], ids=lambda c: c.__name__)
def test_a_turn_of_the_phone_during_a_flight_shows_the_cards_in_the_new_layout(cls):
    """A resize while cards fly ends the flights (their end points belong to the old layout)
    and drops the toasts placed in old px: the cards show at their places in the new layout."""
    app = new_app(cls(7), (390, 844), anim_speed="normal")
    t = app.scene
    t.settle()
    t.anim.finish()
    rules = t.rules
    move = rules.solve(t.state, timeout=30).moves[0]
    t.play(rules.parse_move(t.state, move))
    t.toast("+5", (200, 400), 20)
    assert t.anim.of("cfly")
    app.resize(844, 390)
    assert not t.anim.of("cfly") and not t.toasts
    app.frame()


def test_no_toast_over_a_panel(monkeypatch):
    """A toast («4 in a row +70», "+10") is not drawn over a panel."""
    from ui import text

    app = make(SpiderTable, (390, 844), 3)
    t = app.scene
    t.toast("+100 toast", (200, 400), 20, 30)
    seen = []
    real = text.render
    monkeypatch.setattr(text, "render", lambda m, s, c=(255, 255, 255): (seen.append(m), real(m, s, c))[1])
    t.open_options()
    t.draw(pygame.display.get_surface())
    assert "+100 toast" not in seen
    t.close_panel()
    t.draw(pygame.display.get_surface())
    assert "+100 toast" in seen


def test_the_chosen_layout_tile_stays_in_view_when_the_phone_turns():
    from ui.scenes.layout_picker import LayoutPickerScene

    app = new_app(LayoutPickerScene(current=52), (390, 844))
    sc = app.scene
    assert sc.area.contains(sc.tile_rect(52))
    app.resize(844, 390)
    app.frame()
    assert sc.area.contains(sc.tile_rect(52)), (sc.tile_rect(52), sc.area)
    app.resize(390, 844)
    app.frame()
    assert sc.area.contains(sc.tile_rect(52))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: "%dx%d" % s)
def test_spiders_stock_never_covers_the_completed_runs(size):
    """All eight completed runs' places and all five deals' backs of the stock lie apart (on a
    phone on its side the stock covered a third of the completed runs)."""
    t = make(SpiderTable, size, 3).scene
    dx, dy = t.fan_for(("done",))
    sx, sy = t.fan_for(("stock",))
    done = t.pile_rect[("done",)]
    stock = t.pile_rect[("stock",)]
    runs = done.move(round(7 * dx), round(7 * dy)).union(done)
    deals = stock.move(round(4 * sx), round(4 * sy)).union(stock)
    assert not runs.colliderect(deals), (runs, deals)
    assert t.frame.table.inflate(4, 4).contains(runs) and t.frame.table.inflate(4, 4).contains(deals)


@pytest.mark.parametrize("w", [36, 44, 60, 110])
def test_court_cards_show_a_drawn_figure(w):
    """J, Q and K carry a drawn bust (a face of skin colour, the king's and queen's gold crown),
    not a boxed suit, on both the full and the compact face, down to phone sizes."""
    pygame.display.set_mode((10, 10))
    for compact in (False, True):
        for rank in (11, 12, 13):
            img = cards_art.face(3 * 16 + rank, w, False, compact)
            px = [img.get_at((x, y)) for x in range(img.get_width()) for y in range(img.get_height())]
            skin = sum(1 for c in px if abs(c.r - 243) + abs(c.g - 205) + abs(c.b - 170) < 40)
            gold = sum(1 for c in px if abs(c.r - 228) + abs(c.g - 178) + abs(c.b - 44) < 50)
            assert skin >= max(4, w * w // 200), (rank, compact, skin)
            assert (gold >= max(2, w * w // 400)) == (rank in (12, 13)) or rank == 11, (rank, gold)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: "%dx%d" % s)
def test_statistics_trend_starts_at_the_first_game_and_stays_off_the_edges(size, monkeypatch):
    """The last games' line joins the games' dots only (it started at the frame's corner) and the
    page keeps a margin at the bottom (at 844x390 it ran into the window's edge)."""
    import importlib.util
    from pathlib import Path

    from ui import text
    from ui.scenes.stats import StatsScene

    spec = importlib.util.spec_from_file_location("render_tool", Path(__file__).parent.parent / "tools" / "render.py")
    render_tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(render_tool)
    settings = Settings(language="en", anim_speed="off")
    lines, rects, blits = [], [], []
    real_lines, real_rect, real_blit = pygame.draw.lines, pygame.draw.rect, text.blit_center
    monkeypatch.setattr(pygame.draw, "lines", lambda s, c, closed, pts, w=1: (lines.append(list(pts)),
                                                                              real_lines(s, c, closed, pts, w))[1])
    monkeypatch.setattr(text, "blit_center", lambda s, img, c: (blits.append(real_blit(s, img, c)), blits[-1])[1])
    app = new_app(StatsScene(), size, render_tool.demo_store(settings), settings, frames=0)
    app.dirty = True
    app.frame()
    assert lines, "no trend line drawn"
    pts = lines[-1]
    sc = app.scene
    # one point a game: no extra start point at the frame's corner
    assert len(pts) == len(app.progress.summary(sc.variant)["last"]), (len(pts),)
    for r in blits:
        assert r.bottom <= size[1] - 8, r


def test_tripeaks_upright_glow_marks_only_the_playable_cards():
    """On a phone held upright the peaks lie on their side and a column's cards overlap: the
    playable cards' mark stays on their own visible part and never on a card that is not
    playable (the halo's ring wrapped the card lying next to it)."""
    from games.tripeaks import TriPeaks
    from ui.table.tripeaks import TriPeaksTable

    app = new_app(TriPeaksTable(1), (390, 844))
    t = app.scene
    for _ in range(2):
        t.activate(hit.STOCK)
        t.anim.finish()
    app.dirty = t.stale = True
    app.frame()
    surf = pygame.display.get_surface()
    legal = set(TriPeaks.legal_moves(t.state))
    assert legal
    tab = t.state.tableau
    rects = {i: r for i, r in enumerate(t.slot_rects) if tab[i] is not None}
    glow = cards_art.GLOW
    marked = 0
    for i, r in rects.items():
        over = [o for j, o in rects.items() if t.stack.index(j) > t.stack.index(i) and o.colliderect(r)]
        inner = r.inflate(-6, -6)
        n = sum(1 for x in range(inner.left, inner.right) for y in range(inner.top, inner.bottom)
                if not any(o.collidepoint(x, y) for o in over)
                and sum(abs(a - b) for a, b in zip(surf.get_at((x, y))[:3], glow)) < 60)
        if i not in legal:
            assert n == 0, (i, n)
        marked += i in legal
    assert marked


@pytest.mark.parametrize("size", SIZES, ids=lambda s: "%dx%d" % s)
def test_freecell_cells_and_foundations_stand_apart(size):
    """FreeCell's free cells and foundations are two groups (the peers leave a gap between
    them): the space between the last cell and the first foundation is wider than the space
    between two cells; each empty foundation is marked with its suit (draw_pile_base)."""
    t = make(FreeCellTable, size, 3).scene
    cells = sorted((t.pile_rect[("cell", k)] for k in range(4)), key=lambda r: (r.y, r.x))
    found = sorted((t.pile_rect[("found", k)] for k in range(4)), key=lambda r: (r.y, r.x))
    if cells[0].y == cells[-1].y and found[0].y == cells[0].y:   # one row across
        inner = cells[1].x - cells[0].right
        between = min(abs(found[0].x - cells[-1].right), abs(cells[0].x - found[-1].right))
        assert between >= inner + 0.15 * t.card_w, (inner, between)
    else:                                                          # groups on either side
        assert all(not c.colliderect(f.inflate(t.card_w // 2, 0)) for c in cells for f in found)


@pytest.mark.parametrize("cls", [FreeCellTable, SpiderTable], ids=["freecell", "spider"])
def test_upright_phone_columns_fan_deep_enough_to_use_the_height(cls):
    """At 390x844 the eight or ten columns bind the card's width, so the columns take the
    height instead: at the deal every face-up card under another shows at least 0.65 of its
    height and every face-down one 0.28 (0.5 and 0.16: FreeCell's deal filled less than half of
    the table, Spider's a fifth), and FreeCell's deal reaches past the table's middle."""
    t = make(cls, (390, 844), 1).scene
    T = t.frame.table
    for i in range(t.n_columns):
        cards = t.pile_cards(t.state, ("col", i))
        rects = t.pile_rects(t.state, ("col", i))
        for j in range(len(cards) - 1):
            shown = rects[j + 1].y - rects[j].y
            assert shown >= (0.65 if cards[j][1] else 0.28) * t.card_h - 1, (i, j, shown, t.card_h)
    if cls is FreeCellTable:
        bottom = max(r.bottom for i in range(t.n_columns) for r in t.pile_rects(t.state, ("col", i)))
        assert bottom >= T.y + 0.5 * T.height, (bottom, T)


@pytest.mark.parametrize("size", [(390, 844), (360, 640), (375, 667), (412, 915)], ids=lambda s: "%dx%d" % s)
def test_klondike_upright_fans_deep_enough_to_use_the_height(size):
    """Upright the seven columns bind the card's width, so Klondike's columns take the height as
    FreeCell's and Spider's do: at the deal every face-down card under another shows at least
    0.28 of its height, and the longest column reaches below 40% of the table (it stopped at 29%
    at 390x844, the lower half of the screen empty); along a game every face-up card under
    another shows at least 0.65 of its height until a column must squeeze to fit."""
    from games.klondike import Klondike

    t = make(KlondikeTable, size, 5).scene
    T = t.frame.table
    for i in range(t.n_columns):
        cards = t.pile_cards(t.state, ("col", i))
        rects = t.pile_rects(t.state, ("col", i))
        for j in range(len(cards) - 1):
            assert not cards[j][1]
            assert rects[j + 1].y - rects[j].y >= 0.28 * t.card_h - 1, (i, j, t.card_h)
    bottom = max(r.bottom for i in range(t.n_columns) for r in t.pile_rects(t.state, ("col", i)))
    assert bottom >= T.y + 0.4 * T.height, (bottom, T)
    ups = 0
    for m in Klondike.solve(t.state, timeout=30).moves[:150]:
        assert t.play(Klondike.parse_move(t.state, m))
        t.settle()
        t.anim.finish()
        for i in range(t.n_columns):
            cards = t.pile_cards(t.state, ("col", i))
            rects = t.pile_rects(t.state, ("col", i))
            if rects and rects[-1].bottom < T.bottom - t.card_h // 4:      # not squeezed
                for j in range(len(cards) - 1):
                    if cards[j][1]:
                        ups += 1
                        assert rects[j + 1].y - rects[j].y >= 0.65 * t.card_h - 1, (m, i, j)
    assert ups


def test_klondike_uses_the_lower_half_of_the_desktop_table():
    """At 1280x800 the deal's cards are as large as the longest column allows: the seventh
    column reaches into the lowest quarter of the table (it ended near the middle)."""
    t = make(KlondikeTable, (1280, 800), 3).scene
    T = t.frame.table
    bottom = max(r.bottom for i in range(7) for r in t.pile_rects(t.state, ("col", i)))
    assert bottom >= T.y + 0.75 * T.height, (bottom, T)
    assert t.card_w >= 120


@pytest.mark.parametrize("size", SIZES + SMALLEST, ids=lambda s: "%dx%d" % s)
def test_devils_grip_cards_are_44_px_and_every_stacked_index_shows(size):
    """Devil's Grip's cards are at least 44 px wide at the three sizes (36 px at 844x390 when the
    stacks fanned at a whole wide index); at every size, the smallest included, each step of a
    stack's fan (and of the talon's) uncovers the whole corner index of the card beneath."""
    from ui.table.devils_grip import DevilsGripTable

    t = make(DevilsGripTable, size, 1).scene
    if size in SIZES:
        assert t.card_w >= TOUCH, t.card_w
    art = t._grid_art()
    idx = cards_art.index_rect(t.card_w, art.compact, art.narrow)
    for i in range(24):
        for k in range(3):
            a, b = t.card_rect(i, k), t.card_rect(i, k + 1)
            shown = (b.y - a.y) if t.geo["fan"] == "down" else (b.x - a.x)
            assert shown >= (idx.bottom if t.geo["fan"] == "down" else idx.right), (i, k, shown, idx)
    step = t.talon_card_rect(3, 1).x - t.talon_card_rect(3, 0).x
    talon = t.talon_art()
    assert step >= cards_art.index_rect(t.card_w, talon.compact, talon.narrow).right, step
    W, H = size
    assert all(pygame.Rect(0, 0, W, H).contains(r) for r in t.card_places())


@pytest.mark.parametrize("size", SIZES + SMALLEST + [(375, 667), (390, 680)], ids=lambda s: "%dx%d" % s)
def test_devils_grip_cells_are_44_px_targets(size):
    """Every cell of Devil's Grip answers a press over at least 44 px each way (the cell and the
    gaps around it, docs/devils-grip.md), no two cells' targets overlap, and the stock and the
    talon are 44-px targets too: at 375x667 and 360x640 the grid as dealt made the columns 42
    and 41 px wide."""
    from ui.table.devils_grip import DevilsGripTable

    t = make(DevilsGripTable, size, 1).scene
    cells = t.hit_rects
    assert all(r.width >= TOUCH and r.height >= TOUCH for r in cells), (t.card_w, min(r.size for r in cells))
    assert not any(a.colliderect(b) for i, a in enumerate(cells) for b in cells[i + 1:])
    for r in (t.stock_hit, t.talon_area):
        assert r.width >= TOUCH and r.height >= TOUCH, r


@pytest.mark.parametrize("size", [(360, 640), (375, 667), (390, 844), (390, 680)], ids=lambda s: "%dx%d" % s)
def test_devils_grip_upright_takes_the_arrangement_with_the_widest_cards(size):
    """Upright, Devil's Grip lays its 24 stacks out as 8 rows of 3 fanned right, or as dealt (3
    rows of 8) fanned down with compact faces: the one with the wider card of those whose
    cells are 44-px targets. On a phone 360 or 375 px wide the grid as dealt would give wider
    cards (39 and 40 px, against 32 and 34) in columns 41 and 42 px wide (44 would need 8
    columns of 44 px, 352 px, and the chains' labels in a table 344 px wide): the 8 rows stay;
    at 390x680 the grid as dealt gives 44-px columns and the wider cards."""
    from ui.frame import load_toml
    from ui.table.devils_grip import DevilsGripTable

    t = make(DevilsGripTable, size, 1).scene
    sections = load_toml("devils-grip/screen.toml")
    sized = {name: t.arrangement(sections[name], t.frame) for name in ("portrait", "portrait-dealt")}
    roomy = {name: w for name, (w, a) in sized.items() if min(t.cell_target(w, a)) >= TOUCH}
    assert t.card_w == max(roomy.values()), sized
    if size == (390, 680):
        assert t.geo["fan"] == "down" and not t.transposed and t.card_w > sized["portrait"][0]
    else:
        assert t.transposed and t.card_w >= {360: 32, 375: 34, 390: 47}[size[0]], t.card_w


def _fill_a_foundation(t):
    """Play legal moves (a foundation's first, else the stock's) until a foundation holds a card."""
    for _ in range(200):
        s = t.state
        full = [k for k in t.all_keys() if k[0] == "found" and t.pile_cards(s, k)]
        if full:
            return full[0]
        moves = t.rules.legal_moves(s)
        home = [m for m in moves if t.route(s, m)[2][0] == "found"]
        stock = [m for m in moves if t.route(s, m)[0][0] == "stock"]
        t.play((home or stock or moves)[0])
    raise AssertionError("no foundation filled")


@pytest.mark.parametrize("size", SIZES + SMALLEST, ids=lambda s: "%dx%d" % s)
@pytest.mark.parametrize("cls", [FreeCellTable, KlondikeTable], ids=["freecell", "klondike"])
def test_a_filled_foundation_wears_its_suit_badge(size, cls):
    """A foundation holding cards is marked as its suit's pile beyond its top card (a card in a
    free cell looked the same): its badge shows on the screen, a free cell's or column's top
    card has none."""
    from ui.table.columns import FOUNDATION_BADGE

    app = make(cls, size, 3)
    t = app.scene
    key = _fill_a_foundation(t)
    app.frame()
    b = t.foundation_badge_rect(key)
    assert t.pile_rect[key].contains(b) and b.width >= 14

    def dark(rect):
        px = [app.screen.get_at((x, y))[:3] for x in range(rect.x, rect.right) for y in range(rect.y, rect.bottom)]
        return sum(all(abs(a - c) <= 6 for a, c in zip(p, FOUNDATION_BADGE)) for p in px) / len(px)

    assert dark(b) >= 0.25, dark(b)
    col = t.pile_rects(t.state, ("col", 0))[-1]
    assert dark(b.move(col.right - t.pile_rect[key].right, col.bottom - t.pile_rect[key].bottom)) < 0.05


def _every_screen(size, lang):
    """``(name, app)`` for every screen a player can reach at ``size`` in ``lang``: home and
    each game's sheet, settings, statistics (with scripted results), the layout picker, the deal
    of the day, records, badges, each game's rules page, and each table bare and with each of its panels (pause menu, rules, statistics, options, code)."""
    import importlib.util
    from pathlib import Path

    from ui.scenes.common import GAMES
    from ui.scenes.badges import BadgesScene
    from ui.scenes.daily import DailyScene
    from ui.scenes.home import HomeScene
    from ui.scenes.layout_picker import LayoutPickerScene
    from ui.scenes.records import RecordsScene
    from ui.scenes.rules import RulesScene
    from ui.scenes.settings import SettingsScene
    from ui.scenes.stats import StatsScene
    from ui.table import table_class

    spec = importlib.util.spec_from_file_location(
        "render_tool", Path(__file__).resolve().parent.parent / "tools" / "render.py")
    render_tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(render_tool)

    def settings():
        return Settings(language=lang, anim_speed="off")

    screens = [("home", HomeScene), ("settings", SettingsScene), ("stats", StatsScene),
               ("layouts", LayoutPickerScene), ("daily", DailyScene), ("records", RecordsScene),
               ("badges", BadgesScene)]
    screens += [(f"rules {g}", lambda g=g: RulesScene(g)) for g in GAMES]
    for name, cls in screens:
        app = new_app(cls(), size, render_tool.demo_store(settings()), settings(), frames=0)
        yield name, app
        if cls is HomeScene:
            for g in GAMES:
                app.scene.tap_game(g)
                yield f"home sheet {g}", app
        pygame.display.quit()
    for g in GAMES:
        app = new_app(table_class(g)(3), size, settings=settings(), frames=0)
        t = app.scene
        yield g, app
        for panel in ("open_pause", "open_rules", "open_stats", "open_options", "open_code_entry"):
            if t.panel is not None:
                t.close_panel()
            getattr(t, panel)()
            yield f"{g} {panel}", app
        pygame.display.quit()


PHONES = SIZES[1:] + SMALLEST


def _pages(app):
    """Draw ``app``'s screen afresh (every text rendered again) once per screenful of its page,
    from the top down to its end: once for a screen that does not scroll, every 80% of the
    visible area for one that does (rules pages, badges, records, the layout picker). Yields
    after each frame."""
    from ui import text

    sc = app.scene
    pages = hasattr(sc, "max_scroll") and getattr(sc, "panel", None) is None
    if pages:
        sc.scroll = 0.0
    while True:
        text.clear()
        app.dirty = True
        if hasattr(sc, "stale"):
            sc.stale = True
        app.frame()
        yield
        if not pages or sc.scroll >= sc.max_scroll():
            return
        sc.scroll = min(sc.max_scroll(), sc.scroll + sc.area.height * 0.8)


class _SpySurface(pygame.Surface):
    """A screen that notes where each image lands, unclipped, with the clip it was drawn under."""

    def __init__(self, size):
        super().__init__(size)
        self.placed = []

    def blit(self, source, dest, *args, **kw):
        at = dest.topleft if isinstance(dest, pygame.Rect) else (round(dest[0]), round(dest[1]))
        self.placed.append((source, pygame.Rect(at, source.get_size()), self.get_clip()))
        return super().blit(source, dest, *args, **kw)


def _texts_outside(app, size, rendered) -> list:
    """Draw ``app``'s scene on a :class:`_SpySurface`: ``(text, rect, clip)`` of every text image
    (one of ``rendered``: ``{id(image): text}``) that runs past the side of the part of the screen
    it was drawn in (a page's visible area, else the window), or off the top or bottom of an
    unclipped screen."""
    spy = _SpySurface(size)
    app.scene.draw(spy)
    screen = pygame.Rect(0, 0, *size)
    out = []
    for img, r, clip in spy.placed:
        msg = rendered.get(id(img))
        if msg is None or not msg.strip():
            continue
        if r.left < clip.left or r.right > clip.right or (clip == screen and not screen.contains(r)):
            out.append((msg, r, clip))
    return out


@pytest.mark.parametrize("size", PHONES, ids=lambda s: "%dx%d" % s)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_text_on_a_phone_screen_fits_and_is_at_least_12_px(size, lang, monkeypatch):
    """Every text of every screen a player reaches on a phone (home and its sheets, settings,
    statistics, the layout picker, the deal of the day, records, badges, each game's rules page,
    each table with its pause menu, rules, statistics, options and code panels), in English and
    Russian, at 390x844, 844x390 and the smallest 360x640 and 640x360, a scrolled page at every
    screenful down to its end: drawn in lines at least 12 px tall, none running past the side of
    the window or of the page's visible area (the checks once saw only a page's first screen)."""
    from ui import text

    small, rendered = [], {}
    real = text.render

    def render(msg, sz, color=(255, 255, 255)):
        img = real(msg, sz, color)
        rendered[id(img)] = msg
        if msg.strip() and img.get_height() < 12:
            small.append((msg, sz, img.get_height()))
        return img

    monkeypatch.setattr(text, "render", render)
    bad = []
    for name, app in _every_screen(size, lang):
        pages = _pages(app)
        while True:
            small.clear()
            rendered.clear()
            if next(pages, "end") == "end":
                break
            outside = _texts_outside(app, size, rendered)
            if small or outside:
                bad.append((name, getattr(app.scene, "scroll", 0), sorted(set(small))[:4], outside[:3]))
    assert not bad, bad


def _screens_after_corrupt_records(size, lang):
    """``(name, app)`` for the screens a player sees after unreadable records were kept aside: a
    saved game with a bad number, statistics of a newer version, settings the rules refuse
    (tests/test_saves_faults.py corrupts them the same way): home with its storage notice,
    settings with its notice and the Kept data panel."""
    import json

    from ui.progress import Progress
    from ui.scenes.home import HomeScene
    from ui.scenes.settings import SettingsScene

    st = Store(MemoryStorage())
    Settings(language=lang, anim_speed="off").save(st)
    p = Progress(st)
    saved = p.begin("tripeaks", 5, {"mode": "easy", "scoring": "streak"})
    h = saved.replay()
    h.act("s")
    p.save(saved, h)
    st.take_notices()
    data = st.load("game.tripeaks")
    data["number"] = "abc"
    st.backend.set("game.tripeaks", json.dumps({"schema": 1, "data": data}))
    st.backend.set("stats", json.dumps({"schema": 99, "data": {}}))
    for scene in (HomeScene(), SettingsScene()):
        mem = MemoryStorage()
        for k in st.backend.keys():
            mem.set(k, st.backend.get(k))
        app = new_app(scene, size, Store(mem), language=lang)
        assert app.notice, "no storage notice shown"
        yield f"{type(scene).__name__} with notice", app
        if isinstance(scene, SettingsScene):
            scene.open_kept()
            yield "settings kept data", app
        pygame.display.quit()


#: what the code calls its records, options and games, never meant for a player's eyes
INTERNAL_NAME = re.compile(
    r"\b(game|progress|settings|stats|daily|records|badges|store)\.\w|\.corrupt\b|[{}]|\b_\w|\w_\w"
    r"|(?<![\w-])(stats|settings|msgid)(?![\w-])"
    r"|^(tripeaks|pyramid|devils-grip|spider|klondike|freecell)$")
#: Latin words; those of two letters or more with a small one are English (deal codes and key
#: caps such as "TP1-E-AAAAAAD", "P" are capitals, "n" is a formula's variable)
LATIN_WORD = re.compile(r"[A-Za-z]+(?:['’][A-Za-z]+)?")
#: the names of keys and of the system a Russian screen writes as they are printed
KEY_NAMES = {"Enter", "Esc", "Tab", "Space", "Shift", "Ctrl", "Backspace", "Home", "End", "Windows",
             "Microsoft"}


def _english_words(msg: str) -> list[str]:
    return [w for w in LATIN_WORD.findall(msg)
            if len(w) > 1 and w != w.upper() and w not in KEY_NAMES]


@pytest.mark.parametrize("size", [(390, 844), (844, 390)], ids=lambda s: "%dx%d" % s)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_no_internal_name_is_ever_shown_to_a_player(size, lang, monkeypatch):
    """Every text drawn on every screen (those of the phone-size test, plus the storage notices
    and Kept data after corrupted records; a scrolled page at every screenful) names no internal key or record (``game.tripeaks``,
    ``stats``, ``.corrupt``), leaves no ``{placeholder}`` unfilled and, in Russian, shows no
    English words (an untranslated message or game title)."""
    from ui import text

    shown = []
    real = text.render

    def spy(msg, sz, color=(255, 255, 255)):
        shown.append(msg)
        return real(msg, sz, color)

    monkeypatch.setattr(text, "render", spy)
    bad = {}
    screens = itertools.chain(_every_screen(size, lang), _screens_after_corrupt_records(size, lang))
    for name, app in screens:
        shown.clear()
        for _ in _pages(app):      # a scrolled page: every screenful down to its end
            pass
        for msg in shown:
            if INTERNAL_NAME.search(msg):
                bad.setdefault(msg, name)
            elif lang == "ru" and _english_words(msg):
                bad.setdefault(msg, name)
    assert not bad, sorted(bad.items())


@pytest.mark.parametrize("size, split", [((375, 667), True), ((390, 844), True), ((360, 640), False),
                                         ((1280, 800), True), ((800, 600), True)],
                         ids=lambda v: "%dx%d" % v if isinstance(v, tuple) else str(v))
def test_freecells_split_gives_way_to_44_px_columns(size, split):
    """FreeCell keeps its free cells and foundations apart by a gap (as PySolFC and Aisleriot
    do) only as far as the eight columns stay 44 px apart: at 375x667 the full gap left them
    43 px apart, at 44 px without it. Where even no gap cannot give 44 px (360 px wide), there is
    none, and the cards are as wide as the width allows."""
    app = new_app(FreeCellTable(3), size)
    t = app.scene
    cells = [t.pile_rect[("cell", i)] for i in range(4)]
    found = [t.pile_rect[("found", i)] for i in range(4)]
    gap = found[0].x - cells[3].right
    step = cells[1].x - cells[0].right                   # the gap between two cells, as in the columns
    if split:
        assert t.pitch >= TOUCH, (t.pitch, t.card_w)
        assert gap > step + 2, (gap, step)
    else:
        assert t.pitch < TOUCH and 8 * TOUCH > t.frame.table.width
        assert t.card_w == t.grid_width(t.frame, 0.0), (t.card_w, t.split)   # as wide as with no gap at all
        assert gap <= step + 1, (gap, step)
    pygame.display.quit()
