"""What a frame does, so that none of normal play takes over 16 ms in WebAssembly (docs/web.md,
"Frames over 16 ms"): the frame a move lands on shows the move and leaves the game's save to a
frame with time to spare; a column table whose cards change width redraws its picture on the
surface it has; the home screen's miniatures import no game's search. On the fake clock: what a
frame does is counted, not timed."""
from __future__ import annotations

import pygame
import pytest

from conftest import new_app, run_until, show_first_picture


def saves_counted(app) -> list:
    """Wrap ``app.progress.save``: the list it appends to at each game saved."""
    calls = []
    save = app.progress.save

    def counted(*a, **k):
        calls.append(1)
        return save(*a, **k)

    app.progress.save = counted
    return calls


def costly_drawing(sc, clock, seconds: float) -> None:
    """Every drawing of ``sc`` from now on takes ``seconds`` on the fake clock."""
    def draw(surface):
        type(sc).draw(sc, surface)
        clock.advance(seconds)
    sc.draw = draw


def saved_moves(app, game: str) -> int:
    """Moves of the saved game of ``game`` (its history's actions: an undo is one too)."""
    got = app.progress.load_game(game)
    return 0 if got is None else len(got[1].actions)


def saved_state(app, game: str):
    got = app.progress.load_game(game)
    return None if got is None else got[1].state


def test_a_move_is_saved_in_a_later_frame_with_time_to_spare(fake_clock):
    """A move (or an undo) is not saved by the frame it lands on but in the first later frame
    whose drawing leaves ``SAVE_ROOM`` of the frame's budget (a save in WebAssembly now and then
    takes 10-12 ms), within ``SAVE_WAIT`` seconds however busy the frames; leaving the table or
    the page going away writes it at once."""
    from ui.table import base
    from ui.table.tripeaks import TriPeaksTable

    sc = TriPeaksTable(1, {"mode": "easy"})
    app = new_app(sc)
    saves = saves_counted(app)

    def play_one():
        move = sc.rules.legal_moves(sc.state)[0]
        assert sc.play(move)

    play_one()
    assert saves == [] and saved_moves(app, "tripeaks") == 0, "the move's own frame writes no save"
    costly_drawing(sc, fake_clock, 0.006)
    sc.stale = True
    app.frame()                          # busy: 6 ms of drawing leave less than SAVE_ROOM
    assert saves == []
    del sc.draw
    app.frame()                          # an idle frame
    assert saves == [1] and saved_moves(app, "tripeaks") == 1
    app.frame()
    assert saves == [1], "written once"

    play_one()
    costly_drawing(sc, fake_clock, 0.006)
    frames = 0
    while not saves[1:]:
        sc.stale = True
        app.frame()
        fake_clock.advance(0.010)
        frames += 1
        assert frames < 200
    assert frames * 0.016 >= base.SAVE_WAIT * 0.9 and saved_moves(app, "tripeaks") == 2
    del sc.draw

    sc.undo()
    assert len(saves) == 2
    app.page_away = True                 # the page hidden: the pending save now
    app.frame()
    assert len(saves) == 3 and saved_state(app, "tripeaks") == sc.state
    app.page_away = False

    play_one()
    sc.leave()                           # leaving the table writes it at once
    assert len(saves) == 4 and saved_state(app, "tripeaks") == sc.state


@pytest.mark.parametrize("game, options, size, number", [("spider", {"suits": "2"}, (1280, 800), 9),
                                                          ("spider", {"suits": "4"}, (844, 390), 24)])
def test_a_new_card_width_is_drawn_on_the_same_surface(fake_clock, game, options, size, number):
    """A move that changes a column table's card width (Spider's columns growing past what their
    squeezed fans hold: 2 suits deal 9 on the desktop, 4 suits deal 24 on a phone on its side) draws the
    whole picture again, on the still picture's surface it has (a new full-screen surface cost 4 ms
    natively, 10 in WebAssembly, in that landing frame), the same pixels as a whole redraw."""
    import pygame

    from ui.table import table_class

    sc = table_class(game)(number, options)
    app = new_app(sc, size=size)
    base_surface, widths = sc.base, {sc.card_w}
    line = list(sc.rules.solve(sc.state, max_nodes=50_000).moves)[:40]
    for text in line:
        move = sc.rules.parse_move(sc.state, text)
        if sc.rules.why_not(sc.state, move) is not None:
            break
        w = sc.card_w
        sc.play_assist_move(move)
        app.frame()
        run_until(app, lambda: not sc.anim.busy() and not app.dirty, frames=400)
        assert sc.base is base_surface, f"a new surface for the still picture after {text}"
        if sc.card_w != w:
            widths.add(sc.card_w)
            shown = pygame.image.tobytes(sc.base, "RGB")
            sc._picture, sc.stale = None, True      # drawn whole again: the same picture
            sc.rebuild(size)
            again = pygame.image.tobytes(sc.base, "RGB")
            assert again == shown
    assert len(widths) >= 2, "the case: the line changes the card width"


@pytest.mark.parametrize("game, options, size, number", [("freecell", {}, (1280, 800), 13),
                                                          ("spider", {"suits": "2"}, (1280, 800), 9),
                                                          ("spider", {"suits": "4"}, (844, 390), 24)])
def test_a_new_card_width_is_drawn_in_two_frames(fake_clock, game, options, size, number):
    """A move that changes a column table's card width moves every card, and nothing of the last
    picture is kept: the picture is drawn whole (FreeCell's took 14 ms of its 18-ms landing frame
    at 1280x800 in WebAssembly). It is drawn in two frames (``GameTable.rebuild_in_halves``): the
    frame the move lands on draws the left half below the top bar, off screen, and shows nothing
    new; the next draws the rest and shows it. Neither draws the picture whole, and the picture
    is the one drawn whole at once."""
    import pygame

    from ui.table import table_class

    sc = table_class(game)(number, options)
    app = new_app(sc, size=size)
    wholes = []
    draw_base = type(sc)._draw_base

    def counted(size, clips, part_rects):
        wholes.append(clips is None)
        return draw_base(sc, size, clips, part_rects)

    sc._draw_base = counted
    line = list(sc.rules.solve(sc.state, max_nodes=50_000).moves)[:60]
    changed = 0
    for text in line:
        move = sc.rules.parse_move(sc.state, text)
        if sc.rules.why_not(sc.state, move) is not None:
            break
        w, draws = sc.card_w, app.draws
        sc.play_assist_move(move)
        wholes.clear()
        app.frame()
        if sc.card_w != w:
            changed += 1
            assert app.draws == draws and wholes == [False], (text, app.draws - draws, wholes)
            wholes.clear()
            app.frame()
            assert app.draws == draws + 1 and wholes == [False], (text, wholes)
            shown = pygame.image.tobytes(sc.base, "RGB")
            del sc._draw_base
            sc._picture, sc.stale = None, True      # drawn whole at once: the same picture
            sc.rebuild(size)
            assert pygame.image.tobytes(sc.base, "RGB") == shown, text
            sc._draw_base = counted
        run_until(app, lambda: not sc.anim.busy() and not app.dirty, frames=400)
    assert changed, "the case: the line changes the card width"


def test_the_tables_import_no_search():
    """The home screen imports every table for its miniatures, a table a frame: no table imports
    its game's search (``games/solvers/``, but the shared ``search``) before a hint needs it. The
    page ships the searches as source, so importing one compiles it: Devil's Grip's took a 16-18 ms
    frame of the home screen."""
    import subprocess
    import sys

    from conftest import ROOT

    code = ("import sys, ui.table as t\n"
            "for g in t.TABLES: t.table_class(g)\n"
            "print(sorted(m for m in sys.modules if m.startswith('games.solvers.') and m != 'games.solvers.search'))")
    r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120,
                       env={**__import__("os").environ, "SDL_VIDEODRIVER": "dummy"})
    assert r.returncode == 0, r.stderr[-800:]
    assert r.stdout.strip().splitlines()[-1] == "[]"


def run_fresh(script: str, tmp_path) -> dict:
    """The JSON of ``script``'s last line, run headless in a fresh interpreter that reads and
    writes no byte-code (as the page, whose first import of a module compiles it)."""
    import json
    import subprocess
    import sys

    from conftest import ROOT

    env = {**__import__("os").environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "PYTHONDONTWRITEBYTECODE": "1", "PYTHONPYCACHEPREFIX": str(tmp_path)}
    r = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True,
                       timeout=300, env=env)
    assert r.returncode == 0, r.stderr[-1500:]
    return json.loads(r.stdout.strip().splitlines()[-1])


HOME_IMPORTS = r"""
import json, sys
sys.path.insert(0, "tests")
from conftest import FakeClock, new_app
from ui.app import App

clock = FakeClock()
App.now = staticmethod(clock)
app = new_app(size=(844, 390), frames=0)
app.frame()                     # the first frame: the tiles, the games' titles (their rules) imported
frames = []
for _ in range(600):
    before = set(sys.modules)
    app.frame()
    clock.advance(0.016)
    frames.append(sorted(m for m in sys.modules if m not in before))
    if not app.scene.previews_later and not app.dirty:
        break
from ui.table import TABLES
print(json.dumps({"frames": frames, "whole": not app.scene.previews_later,
                  "tables": [m.partition(":")[0] for m in TABLES.values() if m.partition(":")[0] in sys.modules]}))
"""


def test_the_home_screen_imports_a_module_a_frame(tmp_path):
    """The home screen imports every table for its miniatures, a module a frame (a module with no
    byte-code a piece a frame, as a table's search): in the page the frame that imported Spider's
    table and the column tables' base took 11-14 ms at its least, 21-36 ms on a loaded machine,
    and the first table's brought eleven modules. Run in an interpreter with no byte-code to read
    and nothing of the tables imported."""
    out = run_fresh(HOME_IMPORTS, tmp_path)
    assert out["whole"] and len(out["tables"]) == 6, out
    most = max(out["frames"], key=len)
    assert len(most) <= 1, f"a frame imported {most}"


def test_each_of_a_tables_modules_brings_only_itself():
    """:func:`ui.table.table_modules` lists what each table's import brings, each module after
    those it imports: from the home screen's start, importing them in turn brings one module
    each, so that a change to a table's imports that the list misses fails here, not in a frame
    of the page."""
    import json
    import subprocess
    import sys

    from conftest import ROOT

    code = ("import importlib, json, sys\n"
            "sys.path.insert(0, 'tests')\n"
            "from conftest import new_app\n"
            "new_app(size=(844, 390), frames=0).frame()\n"     # the home screen's first frame
            "from ui.table import TABLES, table_modules\n"
            "out = []\n"
            "for g in TABLES:\n"
            "    for m in table_modules(g) + [TABLES[g].partition(':')[0]]:\n"
            "        before = set(sys.modules)\n"
            "        importlib.import_module(m)\n"
            "        out.append([m, sorted(set(sys.modules) - before)])\n"
            "print(json.dumps(out))")
    r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120,
                       env={**__import__("os").environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"})
    assert r.returncode == 0, r.stderr[-800:]
    out = json.loads(r.stdout.strip().splitlines()[-1])
    brought = [(m, new) for m, new in out if new not in ([], [m])]
    assert not brought, f"imported with another: {brought}"


@pytest.mark.parametrize("size", [(390, 844), (844, 390), (1280, 800)])
def test_pyramid_flights_draw_no_new_face_right_after_the_first_picture(fake_clock, size):
    """Pyramid's moves played one after the other from the first picture on, a flight each (the
    frames' spare time still making the deck's faces at the widths ahead): no frame of a flight
    draws a face for the first time. A flying card grows between places of different widths (a
    phone) in a few steps (``FLIGHT_STEPS``), each among the widths made ahead, and its own faces
    at them come first; every even width between was shown, and at 390×844 flight frames drew
    faces the spare time had not made yet."""
    from test_ui_ahead import frame_counting

    from ui import cards_art
    from ui.table.pyramid import PyramidTable

    cards_art.clear()
    sc = PyramidTable(1, {"layout": "1"})
    app = new_app(sc, size=size, anim_speed="normal")
    assert set(sc.ahead_widths()) | {sc.card_w} >= {sc.geo.discard.width, sc.geo.waste.width}
    drawn, flights = [], 0
    for _ in range(12):
        legal = sc.rules.legal_moves(sc.state)
        if not legal:
            break
        move = next((m for m in legal if m != ()), legal[0])   # pairs to the discard pile first
        sc.play_assist_move(move)
        for _ in range(100):
            made, drew = frame_counting(app)
            if drew:
                drawn.append(made)
            fake_clock.advance(0.016)
            if not sc.anim.busy("fly"):
                break
        flights += 1
    assert flights >= 8 and len(drawn) > 3 * flights
    assert sum(drawn) == 0, drawn


@pytest.mark.parametrize("game,options", [("freecell", {}), ("spider", {"suits": "1"}), ("klondike", {})])
def test_a_clipped_redraw_goes_only_through_the_piles_it_meets(game, options):
    """A partial rebuild draws the cards once per clipped rectangle: a column table then goes
    only through the piles whose part of the still picture meets the clip (the others draw
    nothing there), not every card of the table each time; the picture is the same."""
    import pygame

    from ui.frame import felt
    from ui.table import table_class

    sc = table_class(game)(1, options)
    app = new_app(sc)
    sc.rebuild(app.size)
    parts = sc._picture[1]
    key = ("col", 3)
    clip = pygame.Rect(parts[key][0])
    meeting = [k for k, (box, _) in parts.items() if clip.colliderect(box) and k != "finish"]
    expected = sum(max(1, len(sc.pile_cards(sc.state, k))) for k in meeting)
    drawn = []
    draw, draw_all = sc.art.draw, sc.art.draw_all
    sc.art.draw = lambda surface, card, r, *a, **k: (drawn.append(card), draw(surface, card, r, *a, **k))
    sc.art.draw_all = lambda surface, cards: (drawn.extend(c[0] for c in cards), draw_all(surface, cards))
    before = pygame.image.tobytes(sc.base, "RGB")
    sc.base.set_clip(clip)
    sc.base.blit(felt(app.size), clip.topleft, clip)
    sc.draw_cards(sc.base)
    sc.base.set_clip(None)
    del sc.art.draw, sc.art.draw_all
    assert 0 < len(drawn) <= expected < sum(len(sc.pile_cards(sc.state, k)) for k in parts if k != "finish")
    assert pygame.image.tobytes(sc.base, "RGB") == before


def test_the_hint_slice_that_finds_a_klondike_line_makes_no_more_of_it_than_its_step(monkeypatch, fake_clock):
    """A hint's search goes in steps of as many nodes as the slice's time left holds: the step that
    finds a win made the whole winning line through the rules on top of them (198 moves on deal 1,
    2-3 ms natively, 6-8 in the page: the answering slice at 13-16 ms). Now no step of the hint's
    search makes more of the line than the nodes it was given (and one talon card's draws), the
    rest comes in the next steps, and the hint is the line's first move."""
    from games.klondike import Klondike
    from ui.table.klondike import KlondikeTable

    t = KlondikeTable(1, {"draw": "1"})
    app = new_app(scene=t)
    counted = []
    apply = Klondike.apply.__func__

    def counting(cls, s, m):
        counted.append(1)
        return apply(cls, s, m)

    monkeypatch.setattr(Klondike, "apply", classmethod(counting))
    t.hint()
    search = t.hint_search
    steps = []
    step = search.step

    def counted_step(n):
        counted.clear()
        r = step(n)
        steps.append((n, len(counted)))
        return r

    search.step = counted_step
    run_until(app, lambda: t.hint_search is None and t.hint_move is not None, frames=2000)
    assert search.result.status == "solved" and len(search.result.moves) > 150
    assert all(made <= n + 51 for n, made in steps), [s for s in steps if s[1] > s[0] + 51]
    assert t.hint_move == t.rules.parse_move(app.scene.history.states[0], search.result.moves[0])


SEARCH_AHEAD = r"""
import builtins, json, os, sys
sys.path.insert(0, "tests")
from conftest import FakeClock, new_app
from ui.app import App
from ui.table import hit

clock = FakeClock()
App.now = staticmethod(clock)
compiled = []
plain = builtins.compile

def counted(source, *a, **k):
    compiled.append(len(source))
    return plain(source, *a, **k)

builtins.compile = counted
from ui.table.klondike import KlondikeTable

t = KlondikeTable(1, {"draw": "1"})
app = new_app(scene=t)
frames = []
for _ in range(120):
    compiled.clear()
    app.frame()
    clock.advance(0.016)
    frames.append(sum(compiled))
compiled.clear()
t.hint()   # the first hint, as its button does
tap = sum(compiled)
print(json.dumps({"frames": frames, "tap": tap,
                  "loaded": [m for m in t.rules.search_modules if m in sys.modules]}))
"""


def test_a_table_imports_its_search_ahead_a_piece_a_frame(tmp_path):
    """The page has the games' searches as source only, so their first import compiles them:
    Klondike's two modules (100 kB) took 25-35 ms in WebAssembly in the frame whose tap asked
    for the first hint. In an interpreter with no byte-code to read (as the page), a Klondike
    table compiles them after its first picture, in its frames' spare time, a piece a frame
    (no frame compiles more than its largest class), and the first hint compiles nothing."""
    out = run_fresh(SEARCH_AHEAD, tmp_path)
    assert out["loaded"] == ["games.solvers.klondike_proof", "games.solvers.klondike"]
    assert out["tap"] == 0, "the first hint compiled its search in its tap's frame"
    pieces = [n for n in out["frames"] if n]
    # the largest is KlondikeSolver's piece, its 1 115 lines before it counted (24 911 before
    # session 20's EARLY3 window, 25 150 with it; the window's work is a module function)
    assert len(pieces) >= 8 and max(pieces) <= 25_500, pieces


def test_a_hint_search_collects_its_garbage_between_its_steps_not_in_them(fake_clock):
    """A garbage collection that begins inside a hint's search step adds its cost to a slice
    already sized to the frame's budget (a middle and a full one: 3-5 ms in WebAssembly, Spider's
    slice at 17 ms). Over many slices of Spider hints, every collection begins between two steps
    or outside the search (the frame's own points, ``ui/collect.py``), young and middle
    collections are made, no full one while a search runs, and the garbage never piles up: at every frame's end the young count is
    within what one slice's last steps made (the next frame collects it), and the objects tracked after the last hints are about as
    many as after the first ones."""
    import gc

    from ui.table.spider import SpiderTable

    old_threshold = gc.get_threshold()
    gc.set_threshold(200, 5, 5)   # collections often, so that many begin during the run
    inside = [False]
    begun = []     # (generation, inside a search step)
    searching = []   # generations begun while a hint's search was running
    t = None

    def seen(phase, info):
        if phase == "start":
            begun.append((info["generation"], inside[0]))
            if t is not None and t.hint_search is not None:
                searching.append(info["generation"])

    gc.callbacks.append(seen)
    try:
        t = SpiderTable(1, {"suits": "1"})
        app = new_app(scene=t)
        tracked = []
        young = []
        for k in range(6):
            t.hint()
            search = t.hint_search
            if search is None:
                continue
            step = search.step

            def stepping(n, step=step):
                inside[0] = True
                try:
                    return step(n)
                finally:
                    inside[0] = False

            search.step = stepping
            for _ in range(2000):
                if t.hint_search is None:
                    break
                app.frame()
                young.append(gc.get_count()[0])
            assert t.hint_search is None
            # the test's own wrapper made a cycle (search -> stepping -> search) that kept each
            # finished search alive until a full collection: broken, as the app holds none
            del search.step
            t.anim.cancel("hint")      # what the search taught is forgotten: the next hint searches again
            t.hint_move = None
            t.assist.lines.clear()
            t.assist.unsettled.clear()
            t.assist.dead.clear()
            for _ in range(30):     # the player reads the hint: frames with room to spare
                app.frame()
            tracked.append(len(gc.get_objects()))
            print("HINT", k, tracked[-1], app.collector.made, gc.get_count(), app.now(), app.collector._due_since, gc.isenabled())
    finally:
        gc.callbacks.remove(seen)
        gc.set_threshold(*old_threshold)
        gc.enable()
    assert len(tracked) >= 4 and len(young) >= 20
    in_steps = [g for g, inner in begun if inner]
    assert not in_steps, f"{len(in_steps)} collections began in a search step: generations {sorted(set(in_steps))}"
    assert {g for g, _ in begun} >= {0, 1}
    assert 2 not in searching, "a full collection began while a hint's search was running"
    assert searching, "young collections are made during the search"
    assert max(young) <= 10 * 200, max(young)   # at most a slice's tail waits for the next frame
    # after the first hints' one-time growth (the caches they fill), no growth from hint to hint
    assert tracked[-1] <= tracked[2] * 1.05 + 2000, tracked


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("size", [(390, 844), (844, 390), (1280, 800)])
def test_the_home_screen_opens_the_tables_fonts_ahead_one_a_frame(monkeypatch, fake_clock, size, lang):
    """Opening a font at a new size costs about a millisecond in WebAssembly, and a table's status
    line fits its text from its largest size down: the first table's frame that opened the bars'
    fonts opened a dozen (TriPeaks 19 ms at 390x844), and Devil's Grip's frame before its first
    picture opened five in Russian, the fonts at the text's own size that give a card's suit shape
    its side (25-34 ms at 390x844). The home screen opens them all ahead in its spare time, at
    most one a frame; then no frame of any table opens more than one."""
    from ui import cards_art, text
    from ui.table import table_class

    monkeypatch.setattr(text, "_fonts", {})
    monkeypatch.setattr(text, "_fits", {})
    monkeypatch.setattr(text, "_cache", {})
    if hasattr(text, "_fonts_wanted"):
        monkeypatch.setattr(text, "_fonts_wanted", {})
    if hasattr(text, "_glyphs_wanted"):
        monkeypatch.setattr(text, "_glyphs_wanted", [])
    app = new_app(size=size, frames=0, language=lang)
    opened = []
    in_warm = [0]     # fonts opened making card images (their index), costed by ``cards_art.warm``
    warm = cards_art.warm

    def counted_warm(*a, **k):
        n = len(text._fonts)
        try:
            return warm(*a, **k)
        finally:
            in_warm[0] += len(text._fonts) - n

    monkeypatch.setattr(cards_art, "warm", counted_warm)

    def frame():
        n, w = len(text._fonts), in_warm[0]
        fake_clock.advance(1 / 60)
        app.frame()
        opened.append(len(text._fonts) - n - (in_warm[0] - w))

    for _ in range(200):
        frame()
    at_home = list(opened)
    assert max(at_home[20:]) <= 1, at_home    # the first frames draw the home screen itself
    assert not text.fonts_wanted()
    home = app.scene
    for game in ("tripeaks", "pyramid", "devils-grip", "spider", "klondike", "freecell"):
        table = table_class(game)(1, {})
        app.switch(table)
        opened.clear()
        for _ in range(60):
            frame()
        assert table._shown
        assert max(opened) <= 1, (type(table).__name__, opened)
        app.switch(home)


def test_devils_grip_makes_its_row_bands_ahead_not_in_the_frame_that_lists_its_images(fake_clock):
    """Devil's Grip's three row bands are pictures blended over the felt (several ms each in
    WebAssembly). The first frame of a table lists the card images its picture needs (a dry
    pass, ``GameTable.ready``); it made the bands too, whatever the time left (17 ms at 844x390
    in the page). Now they are queued and made in the frames' spare time as card images are,
    each when its cost fits (``cards_art.warm``), and the first picture shows them."""
    from ui import cards_art
    from ui.table.devils_grip import DevilsGripTable

    made = []     # (frame, inside cards_art.warm)
    in_warm = [False]
    frame_no = [0]
    band_on_felt = DevilsGripTable._band_on_felt

    def counted(table, size, rect, radius):
        key = ("felt", tuple(size), tuple(rect), radius)
        if key not in table.__dict__.get("_bands", {}):
            made.append((frame_no[0], in_warm[0]))
        return band_on_felt(table, size, rect, radius)

    warm = cards_art.warm

    def counted_warm(*a, **k):
        in_warm[0] = True
        try:
            return warm(*a, **k)
        finally:
            in_warm[0] = False

    app = new_app(size=(844, 390))
    t = DevilsGripTable(1, {})
    DevilsGripTable._band_on_felt = counted
    cards_art.warm = counted_warm
    try:
        app.switch(t)
        for k in range(80):
            frame_no[0] = k
            fake_clock.advance(1 / 60)
            app.frame()
            if t._shown:
                break
    finally:
        DevilsGripTable._band_on_felt = band_on_felt
        cards_art.warm = warm
    assert t._shown
    assert len(made) == 3, made
    assert all(inside for _, inside in made), made


class CountingPage:
    """A stand-in for pygbag's ``platform.window`` that counts its reads through the bridge:
    ``reads`` lists ``(frame, name)`` for each attribute read of the window or its document."""

    def __init__(self, size):
        self.size, self.hidden, self.frame, self.reads = size, False, 0, []
        page = self

        class Document:
            def __getattr__(self, name):
                page.reads.append((page.frame, "document." + name))
                if name == "visibilityState":
                    return "hidden" if page.hidden else "visible"
                raise AttributeError(name)

        self._document = Document()

    def __getattr__(self, name):
        self.reads.append((self.frame, name))
        if name == "innerWidth":
            return self.size[0]
        if name == "innerHeight":
            return self.size[1]
        if name == "document":
            return self._document
        raise AttributeError(name)


def test_the_page_size_and_visibility_are_read_in_different_frames(monkeypatch, fake_clock):
    """In the browser the app polls the window's size and the page's visibility through pygbag's
    bridge (no resize event reaches Python). Each read there costs 40-60 µs of a frame, the
    first of a frame the most: the poll read the size, then fetched ``window.document`` and its
    visibility, every 0.5 s in one frame with nothing else to do (0.2 ms of it in the page).
    Now the document is fetched once, the two are read a quarter of a second apart, never in one
    frame, each still every 0.5 s: a new size or a hidden page is seen within 0.5 s."""
    import platform

    import ui.app as app_mod
    from ui.table.spider import SpiderTable

    app = new_app(SpiderTable(1, {"suits": "1"}), size=(390, 844))
    page = CountingPage((390, 844))
    monkeypatch.setattr(platform, "window", page, raising=False)
    monkeypatch.setattr(app_mod, "WEB", True)
    monkeypatch.setattr(app_mod, "_document", None, raising=False)
    seen = {}

    def run(seconds):
        end = fake_clock.t + seconds
        while fake_clock.t < end:
            page.frame += 1
            fake_clock.advance(1 / 60)
            app.frame()
            if app.size == (844, 390) and "size" not in seen:
                seen["size"] = fake_clock.t
            if app.page_away and "hidden" not in seen:
                seen["hidden"] = fake_clock.t

    run(3.0)
    per_frame = {}
    for frame, name in page.reads:
        per_frame.setdefault(frame, set()).add("size" if name.startswith("inner") else "visibility")
    assert all(len(kinds) == 1 for kinds in per_frame.values()), per_frame
    assert len(per_frame) >= 10, per_frame     # both read all along: about 6 of each in 3 s
    assert sum(name == "document" for _, name in page.reads) == 1
    sizes = sorted(f for f, kinds in per_frame.items() if kinds == {"size"})
    pages = sorted(f for f, kinds in per_frame.items() if kinds == {"visibility"})
    assert len(sizes) >= 5 and len(pages) >= 5
    assert max(b - a for a, b in zip(sizes, sizes[1:])) <= 32      # each still every 0.5 s
    assert max(b - a for a, b in zip(pages, pages[1:])) <= 32      # (30 frames)
    page.size, page.hidden, t0 = (844, 390), True, fake_clock.t
    run(1.0)
    assert seen["size"] - t0 <= 0.5 + 2 / 60 and seen["hidden"] - t0 <= 0.5 + 2 / 60, seen


@pytest.mark.parametrize("size", [(390, 844), (844, 390), (1280, 800)])
def test_the_frame_that_lists_a_tables_images_makes_none_and_opens_no_font(monkeypatch, size):
    """A table's first frame lists the images its first picture needs (a dry pass,
    ``GameTable.ready``) and leaves their making to the frames' spare time (``cards_art.warm``,
    each when its cost fits). The dry pass made some itself: the empty piles' outline, the
    foundations' faint suit marks, and the stock's count, whose first size opens a font
    (Klondike's listing frame took 16.3 ms at 1280x800 in the page). Now it makes none of them,
    and the first picture shows them all the same."""
    from ui import cards_art, text
    from ui.table import columns, table_class

    for game in ("tripeaks", "pyramid", "devils-grip", "spider", "klondike", "freecell"):
        cards_art.clear()
        monkeypatch.setattr(text, "_fonts", {})
        monkeypatch.setattr(text, "_cache", {})
        monkeypatch.setattr(columns, "_faint", {})
        app = new_app(size=size)
        table = table_class(game)(1, {})
        app.switch(table)
        images, fonts = set(cards_art._cache), set(text._fonts)
        assert table.ready(app.now() + 1.0) is False          # the listing frame
        assert set(cards_art._cache) == images, (game, set(cards_art._cache) - images)
        assert set(text._fonts) == fonts, (game, set(text._fonts) - fonts)
        assert not columns._faint, game
        assert cards_art.pending() > 0, game
        show_first_picture(app)
        assert table._shown, game
        assert set(cards_art._cache) != images, game          # made in the frames after it


@pytest.mark.parametrize("game, options", [("spider", {"suits": "1"}), ("klondike", {}), ("freecell", {}),
                                           ("pyramid", {}), ("tripeaks", {})])
def test_a_redraw_of_the_kept_picture_makes_no_shadow_of_a_piles_width(game, options):
    """Where a part of the still picture draws (its ink, ``GameTable.card_ink``) is its rect grown
    by a card's shadow's reach. It took the reach from a shadow made at the rect's own width, so a
    pile's union (Spider's stock, 207 px at 1280x800) made a new blurred shadow image in the
    redraw that kept it: 25-40 ms natively. Now the reach is the table's card's, and redraws
    make no image."""
    from ui import cards_art
    from ui.table import table_class

    app = new_app(size=(1280, 800))
    table = table_class(game)(1, options)
    app.switch(table)
    show_first_picture(app)
    for _ in range(30):
        app.frame()
    images = set(cards_art._cache)
    for _ in range(3):
        table.stale = True
        table._picture = None
        table.draw(app.screen)
    assert set(cards_art._cache) == images, set(cards_art._cache) - images
    ink = table.card_ink(pygame.Rect(100, 100, 3 * table.card_w, 2 * table.card_h))
    one = table.card_ink(pygame.Rect(100, 100, table.card_w, table.card_h))
    assert (ink.x, ink.y) == (one.x, one.y) and ink.width - one.width == 2 * table.card_w


@pytest.mark.parametrize("size", [(390, 844), (844, 390), (1280, 800)])
def test_a_tables_first_picture_is_rehearsed_a_piece_a_frame(monkeypatch, fake_clock, size):
    """Before a table's first picture, its top bar, buttons and status line are drawn once without
    the cards so that the picture's frame copies them (``GameTable.rehearse``): text rendered the
    first time costs in WebAssembly, and the three drawn in one frame took TriPeaks 18-26 ms at
    844x390 in the page. Now each renders its text in a frame of its own, and the picture's frame
    renders none. The picture itself, nothing of it kept yet, is drawn in two frames (its left
    half off screen first: ``GameTable._first_half``), never whole in one."""
    from ui import text
    from ui.table import base, table_class

    drawn: list[str] = []      # the pieces drawn in a frame
    rendered: list[str] = []   # those that rendered text
    for name, kind in (("draw_top_bar", "top"), ("_draw_button", "buttons"), ("_draw_status_on", "status")):
        f = getattr(base.GameTable, name)

        def counted(self, *a, _f=f, _kind=kind, **k):
            n = len(text._cache)
            drawn.append(_kind)
            try:
                return _f(self, *a, **k)
            finally:
                if len(text._cache) > n:
                    rendered.append(_kind)
        monkeypatch.setattr(base.GameTable, name, counted)
    wholes = []
    draw_base = base.GameTable._draw_base

    def counted_base(self, size, clips, part_rects):
        wholes.append(clips is None)
        return draw_base(self, size, clips, part_rects)
    monkeypatch.setattr(base.GameTable, "_draw_base", counted_base)
    for game in ("tripeaks", "pyramid", "devils-grip", "spider", "klondike", "freecell"):
        monkeypatch.setattr(text, "_cache", {})
        app = new_app(size=size)
        table = table_class(game)(1, {})
        app.switch(table)
        frames = []
        draws = app.draws
        wholes.clear()
        for _ in range(200):
            drawn.clear()
            rendered.clear()
            n = len(text._cache)
            fake_clock.advance(1 / 60)
            app.frame()
            frames.append((set(drawn), set(rendered), len(text._cache) - n))
            if app.draws > draws:
                break
        assert table._shown, game
        *before, (_, _, new_text) = frames
        assert all(len(kinds) <= 1 for _, kinds, _ in before), (game, [k for _, k, _ in before if k])
        assert {"top", "buttons", "status"} <= set().union(*(k for k, _, _ in before)), game
        assert new_text == 0, (game, "the picture's frame rendered text")
        assert wholes.count(False) == 2 and not any(wholes), (game, wholes)


@pytest.mark.parametrize("game,options", [("pyramid", {"layout": "1"}), ("tripeaks", {"mode": "easy"}),
                                          ("klondike", {"draw": "1"})])
def test_a_hints_texts_are_rendered_a_frame_each_before_the_frame_that_shows_it(fake_clock, game, options):
    """The hint's status line and its reason beside the hinted card, new texts each, are rendered
    one a frame in frames that draw nothing, before the frame that shows the hint: that frame
    renders no text. In WebAssembly the frame that showed a hint rendered both (a status line
    under 40 px is rendered three times larger and scaled down) and took 10-22 ms."""
    from ui import text
    from ui.table import table_class

    sc = table_class(game)(1, options)
    app = new_app(sc)
    run_until(app, lambda: not app.dirty and (sc.search_import is None or sc.search_import.done), frames=2000)
    sc.hint()
    run_until(app, lambda: sc.hint_search is None, frames=4000)
    assert sc.hint_move is not None
    renders = []
    render = text._plain

    def counted(*a, **k):
        renders.append(a[0])
        return render(*a, **k)

    own = {sc.status_text, sc.assist.reason_for(sc.hint_move)}   # the hint's texts, as new ones
    for k in [k for k in text._cache if k[0] in own]:
        del text._cache[k]
    text._plain = counted
    try:
        per_frame = []
        for _ in range(10):
            renders.clear()
            draws = app.draws
            app.frame()
            per_frame.append((app.draws != draws, list(renders)))
            if app.draws != draws:
                break
    finally:
        text._plain = render
    drew, shown_with = per_frame[-1]
    assert drew and sc.hint_move is not None
    assert shown_with == [], f"the frame showing the hint rendered {shown_with}"
    assert all(len(r) <= 1 for _, r in per_frame), per_frame


def test_a_move_right_after_a_hint_is_decided_is_drawn_without_waiting_for_its_texts(fake_clock):
    """A move played in the frames where a hint's texts are still to render (the hint gone with
    the move) is drawn in the frame it lands in: nothing of the hint is left to render."""
    from ui.table import table_class

    sc = table_class("pyramid")(1, {"layout": "1"})
    app = new_app(sc)
    sc.hint()
    run_until(app, lambda: sc.hint_search is None, frames=4000)
    assert sc.hint_move is not None and sc._hint_texts
    sc.play(sc.hint_move)
    draws = app.draws
    app.frame()
    assert app.draws == draws + 1 and not sc._hint_texts


def test_an_ended_searchs_tables_are_freed_in_the_frames_spare_time(fake_clock):
    """The tables a search left (``games.solvers.search.LITTER``: freed whole, a search's tables
    took one frame 5-10 ms) are freed in pieces in the frames where no hint searches, 2 ms of
    each frame's spare time at most; a frame that carries a hint's search leaves them to its steps."""
    from games.solvers import search
    from ui.table import table_class
    from ui.table.base import LITTER_STEP

    app = new_app(table_class("klondike")(3), (1280, 800))
    t = app.scene
    search.sweep()
    left = dict.fromkeys(range(60 * LITTER_STEP))
    search.discard(left)
    app.frame()
    # pieces of LITTER_STEP entries for 2 ms of the frame's spare time (clock reads of 0.5 ms here)
    assert 0 < 60 * LITTER_STEP - len(left) <= 5 * LITTER_STEP and len(left) % LITTER_STEP == 0
    run_until(app, lambda: not search.LITTER, frames=200)
    assert left == {} and t.hint_search is None
