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

import time

APP = {"app": None}
T_START = time.perf_counter()
FRAMES: list = []          # [(t, seconds, drew, tag)] of the frames since the last ``frames`` call
LOG = {"first_draw": None, "shakes": 0, "draw_seconds": None, "tag": ""}
MAX_FRAMES = 20000


def install() -> None:
    """Wrap ``App.__init__`` (remember the app) and ``App.frame`` (time every frame, note shakes)."""
    from ui.app import App

    if getattr(App, "_probe", False):
        return
    init, frame = App.__init__, App.frame

    def __init__(self, *a, **kw):
        APP["app"] = self
        init(self, *a, **kw)

    def timed_frame(self):
        draws = self.draws
        t = time.perf_counter()
        frame(self)
        dt = time.perf_counter() - t
        drew = self.draws != draws
        if drew and LOG["first_draw"] is None:
            LOG["first_draw"] = time.perf_counter() - T_START
        if len(FRAMES) < MAX_FRAMES:
            FRAMES.append((t, dt, drew, LOG["tag"]))
        anim = getattr(self.scene, "anim", None)
        if anim is not None and anim.busy("shake"):
            if not LOG.get("shaking"):
                LOG["shakes"] += 1
            LOG["shaking"] = True
        else:
            LOG["shaking"] = False

    App.__init__ = __init__
    App.frame = timed_frame
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
           "first_draw": LOG["first_draw"], "panel": None, "panel_buttons": []}
    panel = getattr(sc, "panel", None)
    if panel is not None:
        out["panel"] = type(panel).__name__
        out["panel_title"] = getattr(panel, "title", "")
        out["panel_end"] = getattr(panel, "end", None)
        out["panel_buttons"] = [b.name for b in panel.buttons]
    hist = getattr(sc, "history", None)
    if hist is not None:
        rules = sc.rules
        out.update(game=sc.game, number=sc.number, options=dict(sc.options), actions=list(hist.actions),
                   moves=hist.moves, depth=len(hist.states) - 1, score=sc.score(), clock=sc.clock, status=rules.status(sc.state),
                   position=rules.format_position(sc.state), status_text=sc.status_text,
                   busy=bool(sc.anim.busy()) or _pending(sc))
    return out


def _pending(sc) -> bool:
    return any(getattr(sc, k, None) is not None for k in ("auto_due", "finish_due", "hint_search"))


def _visible(hit, rect, want):
    for fy in (0.5, 0.3, 0.15, 0.08, 0.7, 0.9):
        for fx in (0.5, 0.3, 0.7, 0.15, 0.85):
            p = (int(rect.x + rect.width * fx), int(rect.y + rect.height * fy))
            if hit(p) == want:
                return list(p)
    raise LookupError(f"{want} is not visible on screen")


def button(args) -> list:
    """The centre of the button ``name`` (a panel's first, then the scene's), in canvas px."""
    sc = app().scene
    name = args["name"]
    panel = getattr(sc, "panel", None)
    pools = []
    if panel is not None:
        pools.append(list(panel.buttons) + list(getattr(panel, "row_buttons", []) or []))
    pools.append([b[0] if isinstance(b, tuple) else b for b in getattr(sc, "buttons", [])])
    for pool in pools:
        for b in pool:
            if getattr(b, "name", None) == name:
                return list(b.rect.center)
    raise LookupError(f"no button {name!r} on {_scene_name(sc)} (panel {type(panel).__name__ if panel else None})")


def tile(args) -> list:
    """The centre of the home screen's tile of ``game``."""
    sc = app().scene
    for g, rect, _ in sc.tiles:
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


def _table_gesture(sc, move) -> list:
    """The taps (or the drag) a player makes for ``move`` on the table ``sc`` now."""
    from games import freecell, pyramid, tripeaks  # noqa: F401

    hit = sc.hit_test
    game = sc.game
    if game == "tripeaks":
        target = ("stock",) if move == tripeaks.DRAW else ("slot", move)
        return [{"tap": _visible(hit, sc.target_rect(target), target)}]
    if game == "pyramid":
        if move == pyramid.DRAW:  # the draw tab beside the stock (a tap on the stock's card lifts it)
            target = ("deck",)
            return [{"tap": _visible(hit, sc.target_rect(target), target)}]
        return [{"tap": _visible(hit, sc.target_rect(sc.src_target(x)), sc.src_target(x))} for x in move]
    if hasattr(sc, "route"):  # the column games
        s = sc.state
        src, n, dst = sc.route(s, move)
        if src == ("stock",):
            return [{"tap": _visible(hit, sc.zone(src, None), ("pile", src))}]
        cards = sc.pile_cards(s, src)
        index = len(cards) - n
        want = ("card", src, index)
        p = _visible(hit, sc.zone(src, index), want)
        taps = sc.tap_list(s, src, index)
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


def refused_tap(_args=None) -> dict:
    """A point on a card the rules refuse to move now, with the rules' reason (translated)."""
    from games.i18n import tr

    sc = app().scene
    s = sc.state
    if sc.game == "tripeaks":
        from games.tripeaks import N_SLOTS, exposed

        for i in range(N_SLOTS):
            if s.tableau[i] is not None and exposed(s.tableau, i) and sc.rules.why_not(s, i) is not None:
                return {"tap": _visible(sc.hit_test, sc.target_rect(("slot", i)), ("slot", i)),
                        "why": tr(sc.rules.why_not(s, i))}
    raise LookupError("no refused card here")


# -- settings a test sets up (a player's earlier visit to Settings) ------------------------------------
def set_setting(args) -> dict:
    a = app()
    setattr(a.settings, args["name"], args["value"])
    a.save_settings()
    return {"ok": True}


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
    """Time ``n`` full redraws of the current scene (cached base thrown away each time when the
    scene keeps one), seconds each."""
    a = app()
    sc = a.scene
    n = int(args.get("n", 10))
    import pygame

    out = []
    for _ in range(n):
        if hasattr(sc, "base"):
            sc.base = None
        if hasattr(sc, "stale"):
            sc.stale = True
        t = time.perf_counter()
        sc.draw(a.screen)
        pygame.display.flip()
        out.append(time.perf_counter() - t)
    return {"seconds": out}


def python_start(_args=None) -> dict:
    """Seconds from this module's import (just before ``main.py`` runs) to the first drawn frame."""
    return {"first_draw": LOG["first_draw"]}


CALLS = {f.__name__: f for f in (state, button, tile, solve, next_gesture, refused_tap, set_setting, tag,
                                 frames, redraw, python_start)}


def call(name: str, args: dict):
    """Run probe ``name`` with ``args``; errors come back as ``{"error": message}``."""
    try:
        return CALLS[name](args)
    except Exception as e:  # the page shows the message to the test
        import traceback

        return {"error": f"{type(e).__name__}: {e}", "trace": traceback.format_exc()[-1500:]}


__all__ = ["install", "call", "CALLS"]
