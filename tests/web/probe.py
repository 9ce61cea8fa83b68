"""What the test page may read of the running app (tests/web/harness.html, docs/web.md).

The browser tests act on the page only through real pointer events on the canvas (Playwright's
mouse and touch input). To know *where* to tap, and to check what happened, they call
``window.probe(name, args)``, which lands in :func:`call`: it reads the running :class:`ui.app.App`
(found by :func:`install`, which wraps ``App.__init__`` and ``App.frame`` before ``main.py`` runs)
and answers JSON. Nothing here plays a move, taps or changes the game, except :func:`set_setting`
(a test's precondition, like a player's earlier visit to Settings) and the benchmark's timing
calls, which redraw the current scene.

The same module runs natively (bench/web_frames.py imports it) so the page and the desktop app
are measured by one piece of code.
"""
from __future__ import annotations

import sys
import time
from itertools import islice

APP = {"app": None}
T_START = time.perf_counter()
FRAMES: list = []          # [(t, seconds, drew, tag)] of the frames since the last ``frames`` call
POINTER: list = []        # the last pointer events the app dispatched: [kind, [x, y], scene]
KEYS: list = []           # the last key presses the app dispatched: [key, mod]
LOG = {"first_draw": None, "shakes": 0, "draw_seconds": None, "tag": "", "ups": 0}
"""``ups``: the releases the app has read (pointer ``up`` events dispatched), so a test waits for
its gesture to have been read, whatever the page's frames or a pause of the machine took."""
MAX_FRAMES = 20000
START = {"imported": None, "app_made": None, "compile_seconds": 0.0, "compiled": [], "modules": []}
"""Python start, in seconds since this module's import (just before ``main.py`` runs): when
``ui.app`` had been imported, when ``App()`` returned; every module compiled from its source up
to the first drawn frame (``[path, seconds]``: none when the bundle's byte-code is used); the
app's modules (``games``, ``ui``) loaded by then."""


def _time_compiles() -> None:
    """Time every compilation of a module's source by the import system up to the first drawn
    frame (not the byte-code read from ``__pycache__``)."""
    from importlib.machinery import SourceFileLoader

    if getattr(SourceFileLoader, "_probe_timed", False):
        return
    compile_source = SourceFileLoader.source_to_code

    def source_to_code(self, data, path, *args, **kwargs):
        t = time.perf_counter()
        try:
            return compile_source(self, data, path, *args, **kwargs)
        finally:
            if LOG["first_draw"] is None:
                dt = time.perf_counter() - t
                START["compiled"].append([str(path), dt])
                START["compile_seconds"] += dt

    SourceFileLoader.source_to_code = source_to_code
    SourceFileLoader._probe_timed = True


_time_compiles()


def install() -> None:
    """Wrap ``App.__init__`` (remember the app) and ``App.frame`` (time every frame, note shakes)."""
    from pygame import KEYDOWN

    from ui.app import App

    if getattr(App, "_probe", False):
        return
    START["imported"] = time.perf_counter() - T_START
    init, frame = App.__init__, App.frame

    def __init__(self, *a, **kw):
        APP["app"] = self
        init(self, *a, **kw)
        if START["app_made"] is None:
            START["app_made"] = time.perf_counter() - T_START

    def timed_frame(self):
        draws = self.draws
        t = time.perf_counter()
        frame(self)
        dt = time.perf_counter() - t
        drew = self.draws != draws
        if drew and LOG["first_draw"] is None:
            LOG["first_draw"] = time.perf_counter() - T_START
            import sys

            START["modules"] = sorted(m for m in sys.modules if m.split(".")[0] in ("games", "ui"))
        if len(FRAMES) < MAX_FRAMES:
            FRAMES.append((t, dt, drew, LOG["tag"]))
        anim = getattr(self.scene, "anim", None)
        if anim is not None and anim.busy("shake"):
            if not LOG.get("shaking"):
                LOG["shakes"] += 1
            LOG["shaking"] = True
        else:
            LOG["shaking"] = False

    dispatch = App.dispatch

    def logged_dispatch(self, event):
        kind = getattr(event, "kind", None)
        if getattr(event, "type", None) == KEYDOWN:
            KEYS.append([event.key, event.mod])
            del KEYS[:-12]
        if kind is not None:
            POINTER.append([kind, list(event.pos), type(self.scene).__name__])
            del POINTER[:-12]
            if kind == "up":
                LOG["ups"] += 1
        dispatch(self, event)

    App.__init__ = __init__
    App.frame = timed_frame
    App.dispatch = logged_dispatch
    App._probe = True


def app():
    a = APP["app"]
    if a is None:
        raise RuntimeError("the app has not started")
    return a


# -- reading the screen ----------------------------------------------------------------------------
def _scene_name(scene) -> str:
    return type(scene).__name__ if scene is not None else ""


def state(_args=None) -> dict:
    """What a player could see: the scene, the table's counters, clock, status line, panel."""
    a = app()
    sc = a.scene
    out = {"scene": _scene_name(sc), "size": list(a.size), "language": a.settings.language,
           "notice": a.notice, "draws": a.draws, "frames": a.frames, "shakes": LOG["shakes"],
           "first_draw": LOG["first_draw"], "panel": None, "panel_buttons": [], "pointer": list(POINTER), "keys": list(KEYS),
           "ups": LOG["ups"],
           "previews_pending": bool(getattr(sc, "previews_later", False))}
    panel = getattr(sc, "panel", None)
    if panel is not None:
        out["panel"] = type(panel).__name__
        out["panel_title"] = getattr(panel, "title", "")
        out["panel_end"] = getattr(panel, "end", None)
        out["panel_age"] = a.now() - panel.opened if hasattr(panel, "opened") else None   # seconds open
        out["panel_buttons"] = [b.name for b in panel.buttons]
        if hasattr(panel, "value") and hasattr(panel, "error"):   # the deal-code field
            out["panel_value"], out["panel_error"] = panel.value, panel.error
    hist = getattr(sc, "history", None)
    if hist is not None:
        rules = sc.rules
        out.update(game=sc.game, number=sc.number, options=dict(sc.options), actions=list(hist.actions),
                   moves=hist.moves, depth=len(hist.states) - 1, score=sc.score(), clock=sc.clock, status=rules.status(sc.state),
                   position=rules.format_position(sc.state), status_text=sc.status_text,
                   busy=bool(sc.anim.busy()) or _pending(sc))
    return out


def _pending(sc) -> bool:
    """Whether ``sc`` has work due that will change the screen: an automatic move, the finish, a
    hint's search, the home screen's miniatures, or a table's first picture not drawn yet (the
    screen before it stays meanwhile: a screenshot then would show that screen)."""
    return any(getattr(sc, k, None) is not None for k in ("auto_due", "finish_due", "hint_search")) \
        or bool(getattr(sc, "previews_later", False)) or getattr(sc, "_shown", True) is False


def _visible(hit, rect, want):
    for fy in (0.5, 0.3, 0.15, 0.08, 0.7, 0.9):
        for fx in (0.5, 0.3, 0.7, 0.15, 0.85):
            p = (int(rect.x + rect.width * fx), int(rect.y + rect.height * fy))
            if hit(p) == want:
                return list(p)
    raise LookupError(f"{want} is not visible on screen")


def button(args) -> list:
    """The centre of the button ``name`` (a panel's first, then the scene's, then a table's pause
    button), in canvas px; ``{"row": "Home"}``: the panel's row whose label is that text translated."""
    from games.i18n import tr

    sc = app().scene
    panel = getattr(sc, "panel", None)
    if "row" in args:
        want = tr(args["row"])
        rows = getattr(panel, "rows", None) or []
        for b, row in zip(getattr(panel, "row_buttons", []) or [], rows):
            if row[0]() == want:
                return list(b.rect.center)
        raise LookupError(f"no row {want!r} on {type(panel).__name__ if panel else None}")
    name = args["name"]
    pools = []
    if panel is not None:
        pools.append(list(panel.buttons) + list(getattr(panel, "row_buttons", []) or []))
    pools.append([b[0] if isinstance(b, tuple) else b for b in getattr(sc, "buttons", [])])
    pools.append([getattr(sc, "pause_button", None)])
    for pool in pools:
        for b in pool:
            if getattr(b, "name", None) == name:
                return list(b.rect.center)
    raise LookupError(f"no button {name!r} on {_scene_name(sc)} (panel {type(panel).__name__ if panel else None})")


def tile(args) -> list:
    """The centre of the home screen's tile of ``game``."""
    sc = app().scene
    for t in sc.tiles:
        g, rect = t[0], t[1]
        if g == args["game"]:
            return list(rect.center)
    raise LookupError(f"no tile {args['game']!r}")


# -- a winning line, as pointer gestures ------------------------------------------------------------
LINE: dict = {"moves": []}


def solve(args) -> dict:
    """Solve the current table's position with its own solver (``max_nodes``); keep the line."""
    sc = app().scene
    res = sc.rules.solve(sc.state, max_nodes=int(args.get("max_nodes", 300_000)))
    LINE["moves"] = list(res.moves) if res.status == "solved" else []
    return {"status": res.status, "moves": LINE["moves"]}


def _tapped(a, sc, move, out) -> float | None:
    """Play ``move`` by the taps a player makes for it (:func:`_table_gesture`), each apart from
    the last, the table settled between them; the seconds of the last tap's frame, or None (and
    nothing played) when the move is no taps (a drag)."""
    try:
        g = _table_gesture(sc, move)
    except LookupError:
        return None
    if not (g and all("tap" in step for step in g)):
        return None
    for step in g[:-1]:
        _tap_apart(a, step["tap"])
        _settle(a, out)
    _tap_apart(a, g[-1]["tap"])
    return _timed_frame(a)[0]


def _table_gesture(sc, move) -> list:
    """The taps (or the drag) a player makes for ``move`` on the table ``sc`` now."""
    from games import freecell, pyramid, tripeaks  # noqa: F401
    from ui.table import hit as H

    hit = sc.hit_test
    game = sc.game
    if game == "tripeaks":
        target = H.STOCK if move == tripeaks.DRAW else H.slot(move)
        return [{"tap": _visible(hit, sc.target_rect(target), target)}]
    if game == "pyramid":
        if move == pyramid.DRAW:  # the draw tab beside the stock (a tap on the stock's card lifts it)
            target = H.DECK
            return [{"tap": _visible(hit, sc.target_rect(target), target)}]
        return [{"tap": _visible(hit, sc.target_rect(sc.src_target(x)), sc.src_target(x))} for x in move]
    if hasattr(sc, "route"):  # the column games
        s = sc.state
        src, n, dst = sc.route(s, move)
        if src == ("stock",) or dst == ("stock",):   # a draw, or a recycle of the waste: a tap on the stock
            src = ("stock",)
            return [{"tap": _visible(hit, sc.zone(src, None), H.pile(src))}]
        cards = sc.pile_cards(s, src)
        index = len(cards) - n
        want = H.card(src, index)
        p = _visible(hit, sc.zone(src, index), want)
        # a foundation's card comes back only by a drag (a tap there says so, docs/columns-ui.md)
        taps = sc.tap_list(s, src, index) if src[0] != "found" else []
        if taps and sc.route(s, taps[0])[2] == dst:
            return [{"tap": p}]
        z = sc.drop_zone(dst)
        rects = sc.pile_rects(s, src)
        r0 = rects[index]
        # grab the card where pressed and bring its centre onto the destination's top card
        gx, gy = p[0] - r0.x, p[1] - r0.y
        zr = sc.pile_rects(s, dst)
        aim = zr[-1].center if zr else z.center
        lift = 1.0
        try:
            from ui.table.columns import LIFT
            lift = LIFT
        except ImportError:
            pass
        w, h = r0.width * lift, r0.height * lift
        end = (round(aim[0] - w / 2 + gx * lift), round(aim[1] - h / 2 + gy * lift))
        return [{"drag": [p, list(end)]}]
    raise LookupError(f"no gesture for {game}")


def next_gesture(args) -> dict:
    """The gesture for move ``index`` of the kept line (``None`` when the line is played)."""
    sc = app().scene
    i = int(args["index"])
    if i >= len(LINE["moves"]):
        return {"done": True}
    text = LINE["moves"][i]
    move = sc.rules.parse_move(sc.state, text)
    return {"done": False, "move": text, "gesture": _table_gesture(sc, move)}


def first_move(_args=None) -> dict:
    """The gesture for the first move the rules list in the table's position now."""
    sc = app().scene
    moves = sc.rules.legal_moves(sc.state)
    if not moves:
        return {"done": True}
    return {"done": False, "move": sc.rules.format_move(sc.state, moves[0]), "gesture": _table_gesture(sc, moves[0])}


def stats(_args=None) -> dict:
    """The statistics the app holds: ``{bucket: {"played", "won"}}``."""
    return {k: {"played": v["played"], "won": v["won"]} for k, v in app().progress.stats.items()}


def refused_tap(_args=None) -> dict:
    """A point on a card the rules refuse to move now, with the rules' reason (translated)."""
    from games.i18n import tr

    sc = app().scene
    s = sc.state
    if sc.game == "tripeaks":
        from games.tripeaks import N_SLOTS, exposed
        from ui.table import hit as H

        for i in range(N_SLOTS):
            if s.tableau[i] is not None and exposed(s.tableau, i) and sc.rules.why_not(s, i) is not None:
                why = sc.rules.why_not(s, i)
                return {"tap": _visible(sc.hit_test, sc.target_rect(H.slot(i)), H.slot(i)),
                        "why": why.text() if hasattr(why, "text") else tr(why)}
    raise LookupError("no refused card here")


def deal(_args=None) -> dict:
    """The table's deal code and the address "Share this deal" copies."""
    sc = app().scene
    return {"code": sc.deal_code(), "address": sc.share_address()}


# -- settings a test sets up (a player's earlier visit to Settings) ------------------------------------
def set_setting(args) -> dict:
    a = app()
    setattr(a.settings, args["name"], args["value"])
    a.save_settings()
    return {"ok": True}


def hold_saves(args) -> dict:
    """``{"hold": true}``: no frame writes a table's pending save in its spare time (the frames
    of a hidden pygbag page, which run none); ``false`` puts the table's own times back. Leaving
    the table, a new deal, the page seen hidden by a frame still write it at once."""
    from ui.table import base

    if args.get("hold"):
        HELD.setdefault("times", (base.SAVE_ROOM, base.SAVE_WAIT))
        base.SAVE_ROOM = base.SAVE_WAIT = float("inf")
    elif "times" in HELD:
        base.SAVE_ROOM, base.SAVE_WAIT = HELD.pop("times")
    return {"ok": True, "due": getattr(app().scene, "_save_due", None) is not None}


HELD: dict = {}


# -- timing (bench/web_frames.py) ------------------------------------------------------------------
def tag(args) -> dict:
    """Label the frames from now on (``""``: none)."""
    LOG["tag"] = args.get("tag", "")
    return {"ok": True}


def frames(args=None) -> list:
    """The frames timed since the last call ``[[t, seconds, drew, tag]…]``; clears them."""
    out = [list(f) for f in FRAMES]
    FRAMES.clear()
    return out


def redraw(args) -> dict:
    """Time ``n`` full redraws of the current scene (everything drawn again, as after a move or a
    resize: a table's still picture rebuilt, a screen drawn whole) with the flip, seconds each."""
    a = app()
    sc = a.scene
    n = int(args.get("n", 10))
    import pygame

    out = []
    for _ in range(n):
        if hasattr(sc, "stale"):  # everything that does not move is drawn again, whole
            sc.stale = True
            sc._picture = None
        t = time.perf_counter()
        sc.draw(a.screen)
        pygame.display.flip()
        out.append(time.perf_counter() - t)
    return {"seconds": out}


def redraw_split(args) -> dict:
    """Time the parts of ``n`` full redraws of the current table (seconds summed per part): the
    felt, the top bar, the cards, the buttons, the status line, the live line, the blit of the
    still picture to the screen with what moves on top, and the flip. Proportions, for a machine
    whose load makes the totals noisy."""
    a = app()
    sc = a.scene
    n = int(args.get("n", 10))
    import pygame

    parts = {k: 0.0 for k in ("rebuild", "top_bar", "cards", "buttons", "status", "live", "draw", "flip")}

    def timed(name, f):
        def g(*x, **k):
            t = time.perf_counter()
            try:
                return f(*x, **k)
            finally:
                parts[name] += time.perf_counter() - t
        return g

    saved = {k: sc.__dict__.get(k) for k in ("draw_top_bar", "draw_cards", "draw_status", "rebuild")}
    sc.draw_top_bar = timed("top_bar", sc.draw_top_bar)
    sc.draw_cards = timed("cards", sc.draw_cards)
    sc.draw_status = timed("status", sc.draw_status)
    sc.rebuild = timed("rebuild", sc.rebuild)
    live = sc.assist.draw_static
    sc.assist.draw_static = timed("live", live)
    buttons = [(b, b.draw) for b in sc.buttons]
    for b, d in buttons:
        b.draw = timed("buttons", d)
    try:
        for _ in range(n):
            sc.stale = True
            sc._picture = None    # rebuilt whole
            t = time.perf_counter()
            sc.draw(a.screen)
            parts["draw"] += time.perf_counter() - t
            t = time.perf_counter()
            pygame.display.flip()
            parts["flip"] += time.perf_counter() - t
    finally:
        for k, v in saved.items():
            if v is None:
                sc.__dict__.pop(k, None)
            else:
                sc.__dict__[k] = v
        sc.assist.__dict__.pop("draw_static", None)
        for b, _ in buttons:
            b.__dict__.pop("draw", None)
    parts["felt_and_rest"] = parts["rebuild"] - sum(parts[k] for k in ("top_bar", "cards", "buttons", "status", "live"))
    parts["blit_and_moving"] = parts["draw"] - parts["rebuild"]
    return {k: v / n for k, v in parts.items()}


def blit_costs(args) -> dict:
    """Median and best seconds of ``args["n"]`` (default 15) runs of each drawing step a frame
    that opens, shows or closes a panel over a table may take, at the window's size, on the table
    ``args["tables"][0]`` (its still picture drawn, Options' panel laid out): a full-window copy of
    an opaque picture, the shade (black at per-pixel alpha 120, blended; ``ui.frame.lay_shade``:
    an opaque black surface at surface alpha 120; a fill with ``BLEND_MULT``), the felt, the
    panel's background (its rounded surface blended whole at its old alpha 252 and at 255;
    ``ui.frame.draw_panel_background``: the corners and edges blended, the inside filled), the
    panel's whole drawing (texts cached), the flip, ``display.update`` of the panel's rect only,
    and the table's whole rebuild with no panel. ``{step: [median, best]}``, one run of each,
    round after round, so that the machine's load falls on all alike; ``same``: whether the
    shade and the panel's background each gave the pixels of their blit blended whole."""
    import statistics

    import pygame
    from ui.cards_art import rounded
    from ui.frame import (PANEL_EDGE, PANEL_FILL, PANEL_RADIUS, _rounded_cache, draw_panel_background, felt,
                          lay_shade, opaque_surface, panel_surface, rounded_over)
    from ui.table import table_class

    a = app()
    spec = args["tables"][0]
    a.switch(table_class(spec["game"])(int(spec["number"]), dict(spec.get("options") or {})))
    sc = a.scene
    _settle(a, _cats())
    screen = a.screen
    size = screen.get_size()
    picture = opaque_surface(size)
    picture.blit(screen, (0, 0))
    panel = sc.options_panel()
    panel.draw(picture.copy())                  # its texts rendered once, as texts_ahead does
    rect = panel.rect
    dim = pygame.Surface(size, pygame.SRCALPHA)
    dim.fill((0, 0, 0, 120))
    old_bg = rounded(rect.width, rect.height, PANEL_RADIUS, (*PANEL_FILL, 252), PANEL_EDGE, 1.5)
    fl = felt(size)
    buttons = panel.row_buttons + panel.buttons

    def rebuild():
        sc.stale = True
        sc._picture = None
        sc.rebuild(size, screen)

    def pixels(draw) -> bytes:
        s = picture.copy()
        draw(s)
        return pygame.image.tobytes(s, "RGB")

    same = {"shade": pixels(lambda s: s.blit(dim, (0, 0))) == pixels(lay_shade),
            "panel background": pixels(lambda s: s.blit(panel_surface(rect.size), rect.topleft))
            == pixels(lambda s: draw_panel_background(s, rect))}
    steps = {
        "copy window": lambda: screen.blit(picture, (0, 0)),
        "shade: alpha 120 px": lambda: screen.blit(dim, (0, 0)),
        "shade: lay_shade": lambda: lay_shade(screen),
        "shade: BLEND_MULT": lambda: screen.fill((136, 136, 136), special_flags=pygame.BLEND_MULT),
        "felt": lambda: screen.blit(fl, (0, 0)),
        "panel bg: alpha 252": lambda: screen.blit(old_bg, rect.topleft),
        "panel bg: blit whole": lambda: screen.blit(panel_surface(rect.size), rect.topleft),
        "panel bg: around": lambda: draw_panel_background(screen, rect),
        "panel buttons blended": lambda: [screen.blit(_rounded_cache(b.rect.size, (255, 255, 255, 40)), b.rect)
                                          for b in buttons],
        "panel buttons copied": lambda: [screen.blit(rounded_over(b.rect.size, (255, 255, 255, 40), PANEL_FILL),
                                                     b.rect) for b in buttons],
        "panel drawn": lambda: panel.draw(screen),
        "copy panel rect": lambda: screen.blit(picture, rect.topleft, rect),
        "flip": pygame.display.flip,
        "update panel rect": lambda: pygame.display.update(rect),
        "rebuild whole": rebuild,
    }
    got = {k: [] for k in steps}
    for _ in range(int(args.get("n", 15))):
        for k, f in steps.items():
            t = time.perf_counter()
            f()
            got[k].append(time.perf_counter() - t)
    sc.stale = True
    out = {"size": list(size), "panel": list(rect), "same": same,
           **{k: [statistics.median(v), min(v)] for k, v in got.items()}}
    if args.get("profile"):      # where the panel's drawing goes
        import cProfile
        import io
        import pstats

        prof = cProfile.Profile()
        prof.runcall(lambda: [panel.draw(screen) for _ in range(int(args.get("n", 15)))])
        buf = io.StringIO()
        pstats.Stats(prof, stream=buf).sort_stats("tottime").print_stats(int(args["profile"]))
        out["profile"] = buf.getvalue()
    return out


def panel_frames(args) -> dict:
    """The frames of the panels over each table of ``args["tables"]``, ``args["rounds"]`` times
    (default 8), for the least and the median of each (the machine's load inflates some frames
    of a run, rarely all of them): a move played, the texts of the panels rendered ahead, then
    per round, each step acted and its frame timed (the wall clock), the table settled and left
    a few frames in between: Options opened (O), its focus moved (Tab), closed (Esc); the pause
    menu, its focus moved, Restart deal's question from it, closed (Keep playing); New deal's
    question, closed. ``{game: {step: [least, median]}}`` in seconds, with ``"size"``."""
    import statistics

    from ui.table import table_class

    a = app()
    res = {"size": list(a.screen.get_size())}
    rounds = int(args.get("rounds", 8))
    for spec in args["tables"]:
        a.switch(table_class(spec["game"])(int(spec["number"]), dict(spec.get("options") or {})))
        sc = a.scene
        cats = _cats(True)
        _settle(a, cats)
        sc.play(sc.rules.legal_moves(sc.state)[0])
        _settle(a, cats)
        _idle(a, cats, 200)       # the panels' texts rendered ahead, a text a frame
        steps = [("Options", lambda: _post_key("o")), ("Options: focus", lambda: _post_key("TAB")),
                 ("Options: close", lambda: _post_key("ESCAPE")), ("pause menu", sc.open_pause),
                 ("pause: focus", lambda: _post_key("TAB")), ("Restart question", sc.ask_restart),
                 ("question: close", sc.close_panel), ("New deal question", sc.ask_new_deal),
                 ("New deal: close", sc.close_panel)]
        got = {name: [] for name, _ in steps}
        for _ in range(rounds):
            for name, act in steps:
                act()
                a.dirty = True
                t = time.perf_counter()
                a.frame()
                got[name].append(time.perf_counter() - t)
                _settle(a, cats)
                _idle(a, cats, 3)
        if sc.panel is not None:
            sc.close_panel()
            _settle(a, cats)
        res[spec["game"]] = {k: [min(v), statistics.median(v)] for k, v in got.items()}
    return res


def sound(_args=None) -> dict:
    """The app's sounds: whether the mixer is open, the sound files loaded, the sounds asked for
    (last 20), whether the sound failed (and stays silent); whether the page has had a gesture."""
    import pygame

    from ui.app import page_activated

    s = app().sounds
    return {"mixer": bool(pygame.mixer.get_init()), "loaded": sorted(s.sounds), "played": list(s.played),
            "failed": s.failed, "enabled": s.enabled, "activated": page_activated()}


def python_start(_args=None) -> dict:
    """Seconds from this module's import (just before ``main.py`` runs) to the first drawn frame,
    and the steps on the way (:data:`START`)."""
    import sys

    return {"first_draw": LOG["first_draw"], **START, "cache_tag": sys.implementation.cache_tag}


# -- the frame benchmark (bench/web_frames.py): the same script in the page and natively -----------
def _post_tap(p) -> None:
    import pygame

    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=tuple(p), button=1, touch=False))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=tuple(p), button=1, touch=False))


def _tap_apart(a, p) -> None:
    """A tap at ``p`` (:func:`_post_tap`) as a player makes it: one at the spot of a tap that
    played a move comes after the double tap's window from that move (``ui.table.base.DOUBLE_TAP``
    s after the table's mark, within ``DOUBLE_TAP_PX``), which a table spends (what lies under the
    finger came with the move, unseen: Pyramid's stock, ``SPENDS_DOUBLE_TAP``). Tapping sooner,
    the bench's taps fell within it or not as fast as the frames between them went (Pyramid's
    last move did not land in one page run at 1280x800). The wait, on the app's clock, is not
    timed."""
    import math

    try:
        from ui.table.base import DOUBLE_TAP, DOUBLE_TAP_PX
    except ImportError:   # (older code: no double tap)
        DOUBLE_TAP, DOUBLE_TAP_PX = 0.0, 0
    mark = getattr(a.scene, "_tap_mark", None)    # (when, where, history length) of a tap that played
    if mark is not None and math.dist(p, mark[1]) < DOUBLE_TAP_PX:
        # the taps are the mouse's: its double click's window is the longer (ui.input.DOUBLE_CLICK)
        pointer = getattr(a, "pointer", None)
        window = pointer.double_time(DOUBLE_TAP) if hasattr(pointer, "double_time") else DOUBLE_TAP
        due = mark[0] + window + 0.01
        while a.now() < due:
            pass
    _post_tap(p)


def _post_key(name: str, shift: bool = False) -> None:
    """A key press (``pygame.K_<name>``, e.g. ``"TAB"``, ``"RIGHT"``), Shift held when ``shift``."""
    import pygame

    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=getattr(pygame, "K_" + name),
                                         mod=pygame.KMOD_SHIFT if shift else 0, unicode="", scancode=0))


class _Causes:
    """What one frame did besides drawing, for the benchmark's list of the worst frames: the
    card art made (new entries of :mod:`ui.cards_art`'s cache by kind: ``face``, ``cface``, ``sface``,
    ``back``, ``shadow``, ``glow``, ``band``…), fonts opened (``font:N``, :mod:`ui.text`), a
    piece of the fonts made ahead (``font piece``: :func:`ui.text.open_wanted`), the table's
    still picture rebuilt whole or in ``n`` clipped rectangles, saves, moves played (a move and the
    automatic moves it set off), a solver slice, a piece of the game's search imported, modules
    imported (``imported N``: the home screen's miniature imports its game's table), the mixer
    opened and sound files loaded, the first drawn frame of a scene, a garbage collection begun
    (``gc gen0``, ``gen1``, ``gen2``). Read outside the timed part of the frame."""

    def __init__(self):
        self.rebuilds: list = []    # per rebuild: -1 whole, else the number of clipped rectangles
        self.saves = 0
        self.gc = [0, 0, 0]         # garbage collections begun, per generation
        self.warmed = 0             # faces made ahead (``cards_art.warm``)
        self.warm_made = 0          # images of any kind ``cards_art.warm`` made
        self.pieces = 0             # pieces of a game's search imported ahead (``ui.imports``)
        self.font_pieces = 0        # pieces of the fonts' work made ahead (``ui.text.open_wanted``)
        self.drawn_faces = 0        # faces the last frame made outside ``warm``
        self.warm_forgot = False    # warm forgot old widths' faces in this frame (faces not told apart)
        self.kinds: dict = {}
        self.wrapped = False

    def wrap(self) -> None:
        if self.wrapped:
            return
        self.wrapped = True
        from ui.progress import Progress
        from ui.table.base import GameTable

        draw_base, save = GameTable._draw_base, Progress.save

        def _draw_base(table, size, clips, part_rects):
            self.rebuilds.append(-1 if clips is None else len(clips))
            return draw_base(table, size, clips, part_rects)

        def counted_save(progress, *args, **kwargs):
            self.saves += 1
            return save(progress, *args, **kwargs)

        GameTable._draw_base = _draw_base
        Progress.save = counted_save
        from ui import cards_art

        warm = getattr(cards_art, "warm", None)
        if warm is not None:   # faces made ahead, in a frame's spare time, are not the drawing's
            def counted_warm(*args, **kwargs):
                # inside the timed frame: only the entries warm added are looked at (the newest of
                # the cache, a dict keeping its order of insertion), never the whole cache, whose
                # thousands of images took 0.1-0.3 ms in the page from every frame, made or not
                size = len(cards_art._cache)
                made = warm(*args, **kwargs)
                self.warm_made += made
                added = len(cards_art._cache) - size
                if made and added >= made:
                    self.warmed += sum(1 for k in islice(reversed(cards_art._cache), added)
                                       if k[0] in ("face", "cface", "sface"))
                elif made:   # old widths forgotten meanwhile: the frame's new faces are taken as warm's
                    self.warm_forgot = True
                return made
            cards_art.warm = counted_warm
        from ui import text

        open_wanted = getattr(text, "open_wanted", None)
        if open_wanted is not None:
            def counted_open_wanted():
                done = open_wanted()
                self.font_pieces += bool(done)
                return done
            text.open_wanted = counted_open_wanted
        try:
            from ui.imports import PieceImport
        except ImportError:    # (older code: no search imported ahead)
            PieceImport = None
        if PieceImport is not None:
            step = PieceImport.step

            def counted_step(imp):
                self.pieces += 1
                return step(imp)
            PieceImport.step = counted_step
        import gc

        def collected(phase, info):
            if phase == "start":
                self.gc[info["generation"]] += 1
        gc.callbacks.append(collected)

    @staticmethod
    def loaded(snd) -> tuple:
        """The mixer's state: whether it is open and how many sound files are loaded."""
        if snd is None:
            return (False, 0)
        return (bool(getattr(snd, "_mixer", False)), len(getattr(snd, "sounds", ())))

    @staticmethod
    def fonts() -> int:
        from ui import text

        return len(text._fonts)

    @staticmethod
    def texts() -> int:
        from ui import text

        return len(text._cache)

    @staticmethod
    def faces() -> int:
        from ui import cards_art

        return sum(1 for k in cards_art._cache if k[0] in ("face", "cface", "sface"))

    def art(self) -> dict:
        from ui import cards_art

        now: dict = {}
        for k in cards_art._cache:
            now[k[0]] = now.get(k[0], 0) + 1
        new = {k: v - self.kinds.get(k, 0) for k, v in now.items() if v > self.kinds.get(k, 0)}
        self.kinds = now
        return new

    def before(self, a) -> dict:
        self.wrap()
        self.art()
        self.rebuilds.clear()
        sc = a.scene
        hist = getattr(sc, "history", None)
        snd = getattr(a, "sounds", None)
        return {"saves": self.saves, "gc": list(self.gc), "faces": self.faces(), "warmed": self.warmed,
                "warm_made": self.warm_made, "listed": getattr(sc, "_collected", None),
                "sounds": self.loaded(snd), "fonts": self.fonts(), "font_pieces": self.font_pieces,
                "modules": len(sys.modules),
                "pieces": self.pieces, "moves": len(hist.actions) if hist is not None else None,
                "scene": sc, "scene_draws": getattr(sc, "_probe_draws", 0),
                "hint_texts": len(getattr(sc, "_hint_texts", None) or ()),
                "searching": getattr(sc, "hint_search", None) is not None,
                "rehearsed": set(getattr(sc, "_rehearsed", None) or ()), "halves": getattr(sc, "_halves", None),
                "texts": self.texts()}

    def after(self, a, b: dict, drew: bool) -> str:
        parts = []
        sc = a.scene
        if sc is not b["scene"]:
            parts.append(f"new scene {type(sc).__name__}")
        if drew:
            sc._probe_draws = getattr(sc, "_probe_draws", 0) + (0 if sc is not b["scene"] else 1)
            if sc is b["scene"] and b["scene_draws"] == 0:
                parts.append("first frame")
        art = self.art()
        self.drawn_faces = 0 if self.warm_forgot else max(0, self.faces() - b["faces"] - (self.warmed - b["warmed"]))
        self.warm_forgot = False
        fonts = self.fonts() - b["fonts"]
        if fonts > 0:
            art["font"] = fonts
        if art:
            parts.append("made " + " ".join(f"{k}:{v}" for k, v in sorted(art.items())))
        texts = self.texts() - b["texts"]
        if texts > 0:     # texts rendered (a panel's ahead of its opening, in a frame that draws nothing)
            parts.append(f"texts:{texts}")
        if self.warm_made != b["warm_made"] and not art:   # made, but held outside cards_art's cache
            parts.append(f"warm made {self.warm_made - b['warm_made']}")
        if sc is b["scene"] and b["listed"] is False and getattr(sc, "_collected", None):
            parts.append("listed images")      # the dry pass listing a table's first picture's images
        for r in self.rebuilds:
            parts.append("rebuild whole" if r < 0 else f"rebuild {r} rects")
        if sc is b["scene"]:      # a piece of a table's first picture drawn before it (``GameTable.rehearse``)
            parts += [f"rehearsal {p}" for p in sorted(set(getattr(sc, "_rehearsed", None) or ()) - b["rehearsed"])]
            halves = getattr(sc, "_halves", None)
            if isinstance(halves, tuple) and halves is not b["halves"]:
                parts.append("half picture")   # a new card width's first half, off screen (``GameTable._first_half``)
        if self.saves != b["saves"]:
            parts.append(f"saves:{self.saves - b['saves']}")
        hist = getattr(sc, "history", None)
        if hist is not None and b["moves"] is not None and sc is b["scene"] and len(hist.actions) != b["moves"]:
            parts.append(f"moves:{len(hist.actions) - b['moves']:+d}")
        if b["searching"]:
            parts.append("solver slice")
        if self.pieces != b["pieces"]:     # a table's search, or a table's module for the home screen's miniature
            parts.append("search piece" if hasattr(sc, "search_import") else "import piece")
        if self.font_pieces != b["font_pieces"]:
            parts.append("font piece")
        if sc is b["scene"] and len(getattr(sc, "_hint_texts", None) or ()) < b["hint_texts"]:
            parts.append("hint text")    # a hint's text rendered before the frame that shows it
        if len(sys.modules) > b["modules"]:
            parts.append(f"imported {len(sys.modules) - b['modules']}")
        mixer, n = self.loaded(getattr(a, "sounds", None))
        if mixer and not b["sounds"][0]:
            parts.append("mixer opened")
        if n != b["sounds"][1]:
            parts.append(f"sounds loaded:{n - b['sounds'][1]}")
        for g in (0, 1, 2):
            if self.gc[g] != b["gc"][g]:
                parts.append(f"gc gen{g}")
        return ", ".join(parts)


CAUSES = _Causes()
SECTIONS: dict = {}
"""Seconds spent in each timed section (:data:`SECTION_FUNCS`) during the frame being timed, when
the benchmark asks for them (``bench_run(sections=True)``): the frame's cause then lists them."""
SECTION_FUNCS = (
    ("ui.app", "App.dispatch", "input"), ("ui.table.base", "GameTable.autosave", "save"),
    ("ui.table.base", "GameTable.rebuild", "rebuild"), ("ui.table.base", "GameTable.draw", "draw"),
    ("ui.table.base", "GameTable.step_hint", "hint"), ("ui.table.base", "GameTable.want_ahead", "want"),
    ("ui.table.base", "GameTable.ready", "ready"), ("ui.cards_art", "warm", "warm"),
    ("ui.sound", "Sounds.step", "sound"), ("pygame.display", "flip", "flip"),
    ("ui.scenes.home", "HomeScene.update", "home update"), ("ui.scenes.home", "HomeScene.draw", "home draw"),
    ("ui.collect", "Collector.step", "collect"), ("ui.table.base", "GameTable.spare", "spare"),
    ("ui.app", "browser_size", "size poll"), ("ui.app", "page_hidden", "visibility poll"),
    ("ui.table.panels", "Panel.draw", "panel"), ("ui.table.base", "lay_shade", "shade"),
)
"""``(module, attribute, label)`` of the sections a frame's time is split into (inclusive: a
section called inside another counts in both)."""


def _time_sections() -> None:
    """Wrap :data:`SECTION_FUNCS` to add their seconds to :data:`SECTIONS` (once)."""
    import importlib

    if SECTIONS.get("_wrapped"):
        return
    SECTIONS["_wrapped"] = True
    for mod, attr, label in SECTION_FUNCS:
        owner = importlib.import_module(mod)
        *path, name = attr.split(".")
        for part in path:
            owner = getattr(owner, part)
        f = getattr(owner, name, None)
        if f is None:      # a revision without it (a run of an earlier one, for comparison)
            continue

        def timed(*a, _f=f, _label=label, **k):
            t = time.perf_counter()
            try:
                return _f(*a, **k)
            finally:
                SECTIONS[_label] = SECTIONS.get(_label, 0.0) + time.perf_counter() - t
        setattr(owner, name, timed)


AHEAD_WORK = ("made ", "search piece", "import piece", "font piece", "imported ", "rebuild whole", "mixer opened",
              "sounds loaded", "gc gen", "warm made", "listed images", "rehearsal ", "hint text", "texts:")
"""Causes that make a frame which draws nothing an ``ahead`` frame (work made before it is
needed: card art or fonts, a piece of a search or of a table's module (the home screen's
miniatures: ``import piece``), a piece of the fonts' work (a font opened or its glyphs measured),
modules imported (a game's table for its miniature), the table's picture
prepared before its first frame (whole, or a piece a frame: ``rehearsal``) or its images listed
for it, images ``cards_art.warm`` made that its cache does not hold (a table's felt bands, a
count's text), the mixer and its sound files, a garbage collection, a hint's status line or reason
rendered before the frame that shows it, texts of a panel rendered before it is opened
(``texts:N``)), not an ``unchanged`` one."""
LAST = {"made": False, "half": False}   # the last timed frame did work ahead (:data:`AHEAD_WORK`), drew half a picture
FACES = {"frames": 0, "faces": 0, "most": 0}
"""Drawn frames whose drawing made card faces (first sight of a face), the faces they made and
the most in one frame, since the last :func:`_worst`; faces made ahead are not counted."""
WORST: list = []   # (seconds, kind, cause) of the timed frames since the last table began


def _timed_frame(a) -> tuple[float, bool]:
    b = CAUSES.before(a)
    draws = a.draws
    timing = SECTIONS.get("_wrapped")
    if timing:
        SECTIONS.clear()
        SECTIONS["_wrapped"] = True
    t = time.perf_counter()
    a.frame()
    dt = time.perf_counter() - t
    LAST["start"] = t
    drew = a.draws != draws
    cause = CAUSES.after(a, b, drew)
    if timing:
        split = " ".join(f"{k} {v * 1000:.1f}" for k, v in SECTIONS.items() if k != "_wrapped" and v >= 0.0001)
        cause = f"{cause} | {split}" if split else cause
    WORST.append([dt, "", cause or ("drawn" if drew else "")])
    LAST["made"] = any(w in cause for w in AHEAD_WORK)
    LAST["half"] = "half picture" in cause
    if drew and CAUSES.drawn_faces:
        FACES["frames"] += 1
        FACES["faces"] += CAUSES.drawn_faces
        FACES["most"] = max(FACES["most"], CAUSES.drawn_faces)
    return dt, drew


def _kind(kind: str) -> None:
    """Name the kind (``landing``, ``flight``…) of the frame :func:`_timed_frame` timed last."""
    if WORST:
        WORST[-1][1] = kind


def _worst(n: int = 5, timeline: dict | None = None) -> list:
    """The ``n`` slowest frames timed since the last call, ``[ms, kind, cause]``, slowest first;
    every one of them in order in ``timeline["frames"]`` when given."""
    got = sorted(WORST, key=lambda w: -w[0])[:n]
    if timeline is not None:
        timeline["frames"] = [[round(dt * 1000, 2), kind, cause] for dt, kind, cause in WORST]
    WORST.clear()
    FACES.update(frames=0, faces=0, most=0)
    return [[round(dt * 1000, 2), kind, cause] for dt, kind, cause in got]


def _settle(a, out: dict, cap: int = 4000) -> None:
    """Frames until the scene is at rest: drawn frames during a flight go to ``flight``, other drawn
    frames to ``other``, frames with a solver slice (a hint search) to ``solver``; a frame in which
    a panel opened, went or was replaced (the end panel a celebration's end opens) to ``panel``,
    the drawn frames of an ended game before its panel (the last flights, the wait, the
    celebration) to ``ended``."""
    sc = a.scene
    for _ in range(cap):
        anim = getattr(sc, "anim", None)
        flying = anim is not None and (anim.busy("fly") or anim.busy("cfly"))
        dealing = flying and getattr(sc, "dealing", None) is not None and sc.dealing()
        searching = getattr(sc, "hint_search", None) is not None
        panel = getattr(sc, "panel", None)
        ended = getattr(sc, "playing", True) is False and panel is None
        dt, drew = _timed_frame(a)
        if getattr(sc, "panel", None) is not panel and "panel" in out:
            out["panel"].append(dt)
            _kind("panel")
        elif searching:
            out["solver"].append(dt)
            _kind("solver")
        elif (drew or LAST["half"]) and ended and "ended" in out:
            out["ended"].append(dt)
            _kind("ended")
        elif (drew or LAST["half"]) and dealing and "deal" in out:    # the deal's cards flying in
            out["deal"].append(dt)
            _kind("deal")
        elif (drew or LAST["half"]) and flying:     # half a picture drawn off screen counts as drawn
            out["flight"].append(dt)
            _kind("flight")
        elif drew and getattr(sc, "hint_move", None) is not None:
            out["hint shown"].append(dt)
            _kind("hint shown")
        elif drew or LAST["half"]:
            out["other"].append(dt)
            _kind("other")
        elif LAST["made"]:
            out["ahead"].append(dt)
            _kind("ahead")
        else:
            out["unchanged"].append(dt)
            _kind("unchanged")
        if not (flying or searching or (anim is not None and anim.busy()) or _pending(sc) or a.dirty):
            break
        if a.scene is not sc:
            break


PACE = {"seconds": 0.0}
"""Seconds from one frame's start to the next one's in :func:`_idle` (``bench_run``'s ``pace``):
frames with nothing to do come at the page's pace, 60 a second, so that what the app does every
half second (the page's size and visibility read) falls among them as it does in play; 0: one
after the other (40 such frames took a millisecond or two, and met no poll)."""


def _idle(a, out: dict, n: int) -> None:
    """``n`` frames, each timed and classed ``unchanged``, ``ahead`` or ``other`` (drawn), at
    :data:`PACE` (a wait on the clock between them, not timed)."""
    for _ in range(n):
        if PACE["seconds"] > 0:
            due = LAST.get("start", 0.0) + PACE["seconds"]
            while time.perf_counter() < due:
                pass
        dt, drew = _timed_frame(a)
        kind = "other" if drew else "ahead" if LAST["made"] else "unchanged"
        out[kind].append(dt)
        _kind(kind)


def _cats(panels: bool = False) -> dict:
    """An empty list per kind of frame; ``panels``: the kinds of :func:`_panels` and :func:`_ended`
    too (``panel``, ``ended``)."""
    kinds = ("full", "landing", "flight", "deal", "unchanged", "solver", "other", "ahead", "first hint", "focus",
             "hint shown") + (("panel", "ended") if panels else ())
    return {k: [] for k in kinds}


FOCUS_KEYS = (("TAB", False), ("TAB", False), ("RIGHT", False), ("RIGHT", False), ("DOWN", False), ("UP", False),
              ("LEFT", False), ("TAB", True))
"""The keys :func:`_focus` presses: the keyboard's focus put on the table, then moved over its cards
and piles (Tab, the arrows, Shift+Tab)."""


def _focus(a, out: dict, keys=FOCUS_KEYS) -> None:
    """Each of ``keys`` pressed (:func:`_post_key`) and the frame it lands in timed (``focus``: the
    focus ring drawn at its new place), then the frames until the table is at rest; a key pressed
    at the page's pace (:data:`PACE`) after the last timed frame."""
    for name, shift in keys:
        if PACE["seconds"] > 0:
            due = LAST.get("start", 0.0) + PACE["seconds"]
            while time.perf_counter() < due:
                pass
        _post_key(name, shift)
        dt, _ = _timed_frame(a)
        _kind("focus")
        out["focus"].append(dt)
        _settle(a, out)


def _solver_slices(a, out: dict) -> None:
    """The frames of the table's hint search, timed as ``solver``, until it has answered (4000
    frames at most)."""
    for _ in range(4000):
        if getattr(a.scene, "hint_search", None) is None:
            break
        dt, _ = _timed_frame(a)
        out["solver"].append(dt)
        _kind("solver")


def _hint_with_focus(a, out: dict) -> None:
    """A hint asked for with the keyboard's focus on the table: the search's slices (``solver``),
    the frames until the hint is drawn (its texts rendered a frame each before, ``ahead``; its
    first frame, ``hint shown``), then, while it shows (its ring round the hinted card), the focus
    moved by three keys (``focus``) and the other drawn frames of the hint (``hint shown``) until
    the table is at rest."""
    sc = a.scene
    sc.hint()
    _solver_slices(a, out)
    if getattr(sc, "hint_move", None) is not None:
        for _ in range(10):    # the frames until the hint is drawn (its texts rendered before)
            dt, drew = _timed_frame(a)
            kind = "hint shown" if drew else "ahead" if LAST["made"] else "unchanged"
            out[kind].append(dt)
            _kind(kind)
            if drew:
                break
        for name, shift in FOCUS_KEYS[2:5]:
            _post_key(name, shift)
            dt, _ = _timed_frame(a)
            _kind("focus")
            out["focus"].append(dt)
            for _ in range(3):
                dt, drew = _timed_frame(a)
                kind = "hint shown" if drew and sc.hint_move is not None else "other" if drew else \
                    "ahead" if LAST["made"] else "unchanged"
                out[kind].append(dt)
                _kind(kind)
    _settle(a, out)


def _panel_step(a, out: dict, act, n_idle: int = 0) -> None:
    """``act()`` (a tap or key posted) and the frame it lands in timed as ``panel`` (a panel or
    screen opened, changed or closed), then the frames until the scene is at rest and ``n_idle``
    frames with nothing to do (:func:`_idle`), a player reading it."""
    if PACE["seconds"] > 0:
        due = LAST.get("start", 0.0) + PACE["seconds"]
        while time.perf_counter() < due:
            pass
    act()
    dt, _ = _timed_frame(a)
    _kind("panel")
    out["panel"].append(dt)
    _settle(a, out)
    _idle(a, out, n_idle)


def _panels(a, out: dict, n_idle: int) -> None:
    """The panels a player opens over a game in progress, each by the tap or key a player uses,
    the frame it lands in timed as ``panel`` (:func:`_panel_step`): the pause menu (its button),
    three keys moving its focus (``focus``), Restart deal's question (its row) and Keep playing;
    Options (O) and Esc; the pause menu again, its Statistics row (the game's statistics screen),
    Esc back to the table (paused again) and Esc to resume."""
    sc = a.scene
    _panel_step(a, out, lambda: _post_tap(button({"name": "pause"})), n_idle)
    if not getattr(sc.panel, "pause", False):     # the tap opened something else: said, not timed on
        out["panels_skipped"] = f"the pause button's tap opened {type(sc.panel).__name__}"
        sc.close_panel()
        _settle(a, out)
        return
    for name, shift in FOCUS_KEYS[2:5]:
        _post_key(name, shift)
        dt, _ = _timed_frame(a)
        _kind("focus")
        out["focus"].append(dt)
        _settle(a, out)
    if not getattr(sc.panel, "pause", False):
        out["panels_skipped"] = f"the pause menu's keys left {type(sc.panel).__name__} open"
        sc.close_panel()
        _settle(a, out)
        return
    if sc.session.restart_at() is not None:
        _panel_step(a, out, lambda: _post_tap(button({"row": "Restart deal"})), n_idle)
        _panel_step(a, out, lambda: _post_tap(button({"name": "cancel"})))
    else:
        _panel_step(a, out, lambda: _post_key("ESCAPE"))
    _panel_step(a, out, lambda: _post_key("o"), n_idle)
    _panel_step(a, out, lambda: _post_key("ESCAPE"))
    _panel_step(a, out, lambda: _post_tap(button({"name": "pause"})))
    _panel_step(a, out, lambda: _post_tap(button({"row": "Statistics"})), n_idle)
    _panel_step(a, out, lambda: _post_key("ESCAPE"))
    if a.scene is sc and sc.panel is not None:
        _panel_step(a, out, lambda: _post_key("ESCAPE"))


def _end_line(a, spec: dict, max_nodes: int) -> list[str]:
    """The moves that end the game on the table now (the table replaced by another deal when
    ``spec`` says so), a win where one is found: the solver's line from the position now
    (``max_nodes`` nodes); else from the deal's start (Restart deal: the moves so far have lost
    it); else on deal ``spec["win_number"]`` (a deal of the game the solver wins, where the
    bench's deal cannot be won); else the rules' first legal move, move after move, to the end
    (a loss: the end panel of a game that won nothing, Devil's Grip's deal 1). ``[]`` when none
    of these ends the game."""
    from ui.table import table_class

    sc = a.scene
    r = sc.rules.solve(sc.state, max_nodes=max_nodes)
    if r.status != "solved" and sc.session.restart_at() is not None:
        sc.restart()
        r = sc.rules.solve(sc.state, max_nodes=max_nodes)
    if r.status != "solved" and spec.get("win_number"):
        a.switch(table_class(sc.game)(int(spec["win_number"]), dict(spec.get("options") or {})))
        sc = a.scene
        r = sc.rules.solve(sc.state, max_nodes=max_nodes)
    if r.status == "solved" and r.moves:
        return list(r.moves)
    rules, s, line = sc.rules, sc.state, []
    while rules.status(s) == "playing" and len(line) < 2000:
        moves = rules.legal_moves(s)
        if not moves:
            break
        line.append(rules.format_move(s, moves[0]))
        s = rules.apply(s, moves[0])
    return line if rules.status(s) != "playing" else []


def _ended(a, out: dict, spec: dict, n_idle: int, max_nodes: int) -> str:
    """The game played to its end and its end panel (:func:`_end_line`: won where a win is found),
    auto to foundation turned off so that the line's last move is the one that ends it: all its
    moves but the last played at once, untimed, and the frames until the table is at rest
    discarded; then the last tapped at the card's place (played as the rescue plays it where it
    is a drag, and timed with its frame) (its frame a ``landing``: the end
    recorded and saved, the statistics, records and badges), the drawn frames of the ended game
    until its panel (``ended``: the last flight, the wait, the celebration), the frame that opens
    the panel (``panel``) and ``n_idle`` frames with it open. Returns how the game ended (``won``,
    ``lost``) and on which deal, or why it was not played to its end."""
    settings = a.settings
    auto = getattr(settings, "auto_foundation", None)
    if auto is not None:
        settings.auto_foundation = False
    try:
        line = _end_line(a, spec, max_nodes)
        sc = a.scene
        if not line:
            return "no line to the end"
        for text in line[:-1]:
            sc.play_assist_move(sc.rules.parse_move(sc.state, text))
            sc.settle()
            sc.anim.finish()
        timed = len(WORST)
        _settle(a, _cats(True))
        del WORST[timed:]         # the frames after the line played at once are not the player's
        move = sc.rules.parse_move(sc.state, line[-1])
        dt = _tapped(a, sc, move, out)
        if dt is None:           # a drag (Devil's Grip): played as the bench plays such moves
            t = time.perf_counter()
            sc.play_assist_move(move)
            _timed_frame(a)
            dt = time.perf_counter() - t
            WORST[-1][0] = dt
        _kind("landing")
        out["landing"].append(dt)
        _settle(a, out)
        _idle(a, out, n_idle)
        return f"{sc.rules.status(sc.state)} (deal {sc.number}), panel " \
               f"{'open' if sc.panel is not None and sc.panel.end is not None else 'NOT open'}"
    finally:
        if auto is not None:
            settings.auto_foundation = auto


def _first_hint(a, out: dict, n_idle: int) -> None:
    """The table's first hint, after ``n_idle`` frames with nothing to do (a player looking at
    the new table; the spare time imports the game's search ahead): its button tapped, the frame
    the tap lands in (``first hint``: it asks for the hint and, with no search imported, imports
    it), the search's slices (``solver``) until the hint shows. Then what the search taught the
    table is forgotten, so that the hint after the moves searches as before."""
    sc = a.scene
    _idle(a, out, n_idle)
    if not sc.rules.has_solver() or sc.rules.status(sc.state) != "playing":
        return
    _post_tap(button({"name": "hint"}))
    dt, _ = _timed_frame(a)
    _kind("first hint")
    out["first hint"].append(dt)
    _solver_slices(a, out)
    sc.anim.cancel("hint")
    sc.hint_move = None
    sc.assist.lines.clear()
    sc.assist.unsettled.clear()
    sc.assist.dead.clear()
    sc.stale = True
    _settle(a, out)


def clock_step(reads: int = 20000) -> float:
    """The smallest step, in seconds, of ``time.perf_counter`` between two of ``reads`` reads in
    a row (in the page ``performance.now()``: 100 µs in Chromium, 5 µs when the page is
    cross-origin isolated); 0.0 when it never moved."""
    steps = []
    t0 = time.perf_counter()
    for _ in range(reads):
        t1 = time.perf_counter()
        if t1 != t0:
            steps.append(t1 - t0)
        t0 = t1
    return min(steps, default=0.0)


def bench_run(args) -> dict:
    """Time frames of one scripted run: the home screen (its miniatures' pictures forgotten, so
    that its timed frames put them together and draw them whatever the page did before the
    script; the tables' modules stay imported), the statistics screen, then each table of
    ``args["tables"]`` (``[{"game", "number", "options", "moves"}]``): its full redraw
    (``args["redraws"]`` times), its first hint (:func:`_first_hint`), ``moves`` moves of its solver's line (``max_nodes`` nodes; the
    first legal move when it finds none) each tapped at the card's place and the frame it lands on
    timed, the frames until the table is at rest, ``args["idle"]`` frames with nothing to do (one
    every ``args["pace"]`` seconds, :data:`PACE`), the keyboard's focus moved by eight keys
    (:func:`_focus`), and one hint with the focus moved while it shows (:func:`_hint_with_focus`: its
    solver slices, the hint's frames); with ``args["panels"]``, then the panels a player opens
    (:func:`_panels`) and the game played to its end, a win where one is found, and its panel
    (:func:`_ended`, its outcome in ``end_panel``). Seconds per frame, by category. ``args["profile"]``: the run
    under :mod:`cProfile` too, its top functions by own time and the callers of the blits in
    ``res["profile"]`` (text)."""
    if args.get("blits"):
        return {"blits": blit_costs(args)}
    if args.get("panel_rounds"):
        return {"panel_frames": panel_frames(dict(args, rounds=args["panel_rounds"]))}
    if args.get("profile"):
        import cProfile
        import io
        import pstats

        prof = cProfile.Profile()
        res = prof.runcall(bench_run, dict(args, profile=False))
        buf = io.StringIO()
        st = pstats.Stats(prof, stream=buf).sort_stats("tottime")
        st.print_stats(int(args["profile"]))
        st.print_callers("blit|flip")   # which drawing code the blits' time belongs to
        res["profile"] = buf.getvalue()
        return res
    from ui.table import table_class

    a = app()
    if args.get("sections"):
        _time_sections()
    keep = {} if args.get("timeline") else None
    n_redraw, n_idle = int(args.get("redraws", 10)), int(args.get("idle", 40))
    PACE["seconds"] = float(args.get("pace", 0.0))
    res = {"clock_step": clock_step()}
    _worst()
    from ui.scenes import home as home_module, previews

    previews._cache.clear()    # the miniatures put together and drawn in the home screen's timed frames
    home_module._tiles.clear()
    a.home()
    out = _cats()
    _settle(a, out)
    out["full"] = redraw({"n": n_redraw})["seconds"]
    _idle(a, out, n_idle)
    out["faces_drawn"] = dict(FACES)
    out["worst"] = _worst(timeline=keep)
    if keep is not None:
        out["timeline"] = keep.pop("frames")
    res["home"] = out
    a.open_stats()
    out = _cats()
    _settle(a, out)
    out["full"] = redraw({"n": n_redraw})["seconds"]
    _idle(a, out, n_idle)
    out["faces_drawn"] = dict(FACES)
    out["worst"] = _worst(timeline=keep)
    if keep is not None:
        out["timeline"] = keep.pop("frames")
    res["stats"] = out
    rounds = [(spec, None) for spec in args["tables"]]
    if args.get("hand_off_ab"):
        # each table twice, with the save handed to the page in the move's frame and without
        # (the store's keeper withheld), the round first in turn alternating from table to table
        _time_hand_off()
        rounds = [(spec, on) for k, spec in enumerate(args["tables"])
                  for on in ((True, False) if k % 2 == 0 else (False, True))]
    backend = a.progress.store.backend
    keeper = getattr(backend, "_keeper", None)
    for spec, hand_off in rounds:
        game = spec["game"]
        if hand_off is not None:
            backend._keeper = keeper if hand_off else None
            HAND_OFF.clear()
        a.switch(table_class(game)(int(spec["number"]), dict(spec.get("options") or {})))
        sc = a.scene
        out = _cats(bool(args.get("panels")))
        _settle(a, out)
        out["full"] = redraw({"n": n_redraw})["seconds"]
        if args.get("split"):
            out["split"] = redraw_split({"n": n_redraw})
        _first_hint(a, out, n_idle)
        r = sc.rules.solve(sc.state, max_nodes=int(args.get("max_nodes", 50_000)))
        line = list(r.moves)
        played, tapped = [], 0
        for i in range(int(spec.get("moves", 12))):
            if sc.rules.status(sc.state) != "playing":
                break
            move = None
            if i < len(line):  # the line, while automatic moves have not made it stale
                try:
                    move = sc.rules.parse_move(sc.state, line[i])
                    if sc.rules.why_not(sc.state, move) is not None:
                        move = None
                except Exception:
                    move = None
            if move is None:
                legal = sc.rules.legal_moves(sc.state)
                if not legal:
                    break
                move = legal[0]
            before = len(sc.history.actions)
            dt = _tapped(a, sc, move, out)
            if dt is not None:
                _kind("landing")
                tapped += 1
            else:
                t = time.perf_counter()
                sc.play_assist_move(move)
                a.frame()
                dt = time.perf_counter() - t
            if len(sc.history.actions) > before:
                out["landing"].append(dt)
                played.append(str(sc.history.actions[-1]))
            _settle(a, out)
        _idle(a, out, n_idle)
        if sc.rules.status(sc.state) == "playing":
            _focus(a, out)
            _hint_with_focus(a, out)
        if args.get("panels") and sc.rules.status(sc.state) == "playing":
            _panels(a, out, n_idle)
            out["end_panel"] = _ended(a, out, spec, n_idle, int(args.get("win_nodes", 200_000)))
        out["played"] = played
        out["tapped"] = tapped
        out["faces_drawn"] = dict(FACES)
        out["worst"] = _worst(timeline=keep)
        if keep is not None:
            out["timeline"] = keep.pop("frames")
        if hand_off is not None:
            out["hand_off"] = list(HAND_OFF)
            out["hand_off_order"] = "first" if rounds.index((spec, hand_off)) % 2 == 0 else "second"
        res[game if hand_off in (None, True) else game + "/off"] = out
    if args.get("hand_off_ab"):
        backend._keeper = keeper
    return res


HAND_OFF: list = []
"""Seconds of each ``Session.hand_off`` call (the save handed to the page), when timed."""


def _time_hand_off() -> None:
    """Time every ``Session.hand_off`` call into :data:`HAND_OFF` (once)."""
    from ui.table.session import Session

    if getattr(Session.hand_off, "_timed", False):
        return
    inner = Session.hand_off

    def hand_off(self, progress):
        t = time.perf_counter()
        inner(self, progress)
        HAND_OFF.append(time.perf_counter() - t)

    hand_off._timed = True
    Session.hand_off = hand_off


def spider_warm(_args=None) -> dict:
    """What a Spider table's engine warm-up waits on (ui/table/spider.py ``SpiderTable.warm``): its
    state and each condition that holds it back, for a page test's failure message."""
    sc = app().scene
    w = getattr(sc, "warmup", None)
    imp = getattr(sc, "search_import", None)
    return {"warmup": None if w is None else {"done": w.done, "searched": w.searched, "calls": w.calls,
                                              "has_bridge": w.bridge is not None},
            "suits": getattr(getattr(sc, "state", None), "suits", None), "shown": getattr(sc, "_shown", None),
            "hint_search": getattr(sc, "hint_search", None) is not None,
            "jobs": [type(j).__name__ for j in getattr(getattr(sc, "assist", None), "jobs", [])],
            "import_done": None if imp is None else imp.done, "frames": app().frames}


CALLS = {f.__name__: f for f in (state, button, tile, solve, next_gesture, first_move, stats, refused_tap, deal,
                                 set_setting, hold_saves, tag, frames, redraw, redraw_split, blit_costs,
                                 panel_frames, sound, python_start, bench_run, spider_warm)}


def call(name: str, args: dict):
    """Run probe ``name`` with ``args``; errors come back as ``{"error": message}``."""
    try:
        return CALLS[name](args)
    except Exception as e:  # the page shows the message to the test
        import traceback

        return {"error": f"{type(e).__name__}: {e}", "trace": traceback.format_exc()[-1500:]}


__all__ = ["install", "call", "CALLS"]
