"""Render a TriPeaks position to PNG, headless (SDL_VIDEODRIVER=dummy), to look at the table.

Examples::

    python3 tools/render.py --number 1 --size 390x844 --out /tmp/deal1.png
    python3 tools/render.py --position pos.txt --size 1280x800 --out pos.png
    python3 tools/render.py --number 7 --moves "s s s" --panel code --lang ru --out code.png
    python3 tools/render.py --number 3 --moves solve --out won.png      # the solver's win, won panel
    python3 tools/render.py --number 1 --all-sizes --out /tmp/deal1.png  # -1280x800.png, -390x844.png …
    python3 tools/render.py --game spider --option suits=4 --moves "1-2 d" --out spider.png
    python3 tools/render.py --game pyramid --left-handed --size 844x390 --out lefty.png

``--moves`` plays moves in the game's notation (docs/contract.md) through the table, ``solve`` plays
the solver's solution, ``stock`` draws the whole stock; a won or lost game shows its end panel.
As on the command line, a move the rules refuse, an option that is not KEY=VALUE or a position
file that cannot be read is one line on stderr (``error: …``) and exit 2, and no PNG is written.
``--panel`` opens ``code`` (the deal-code entry) or ``options``; ``--assist hint`` or ``rescue``
asks for a hint or a rescue after the moves and shows its answer (the ring, the rescue's panel).

``--scene home|settings|stats`` renders one of the screens around the games instead (with
``--demo`` the statistics and an unfinished TriPeaks game come from a few scripted games); the
``--sheet GAME`` option opens a game's sheet on the home screen. Everything runs over an
in-memory store: nothing is read from or written to the player's saves.
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from games.__main__ import CommandError, load_position, parse_options  # noqa: E402
from games.codes import CodeError  # noqa: E402
from games.core import GameError, History, IllegalMove  # noqa: E402
from games.numbers import quote  # noqa: E402
from games.tripeaks import DRAW, TriPeaks  # noqa: E402
from ui.app import MIN_SIZE, App, parse_size  # noqa: E402
from ui.settings import Settings  # noqa: E402
from ui.storage import MemoryStorage, Store  # noqa: E402
from ui.table.tripeaks import TriPeaksTable  # noqa: E402
from ui.table import hit  # noqa: E402

SIZES = ["1280x800", "390x844", "844x390"]


def check_moves(rules, state, moves: list[str]) -> None:
    """Play ``moves`` (texts) by the rules from ``state`` before any drawing.

    :raises CommandError: ``move N 'TEXT' is illegal: why`` for the first move the rules refuse.
    """
    hist = History.start(rules, state)
    for i, tok in enumerate(moves, 1):
        try:
            hist.act(tok)
        except IllegalMove as e:
            raise CommandError(f"move {i} '{quote(tok)}' is illegal: {e}") from None


def drawn(app, cap: int = 200) -> None:
    """Run frames until the scene's picture is drawn: a table's first picture waits frames for its
    card images (``GameTable.ready``), and a PNG of the screen before it would be blank; the home
    screen shows at once and adds its miniatures a game a frame (``HomeScene.previews_later``).

    :raises SystemExit: (exit 1) if nothing is drawn within ``cap`` frames.
    """
    for _ in range(cap):
        app.frame()
        if not app.dirty and not getattr(app.scene, "previews_later", False):
            return    # (the home screen adds its miniatures a game a frame)
    sys.exit(f"error: the picture was not drawn within {cap} frames")


def render(size, args, out: Path) -> None:
    """Draw the table (or ``--scene``) at ``size`` and write ``out``.

    :raises CommandError, GameError: for a bad option, position file or move (nothing written).
    """
    opts = parse_options(args.option)
    state = None
    rules, table = TriPeaks, TriPeaksTable
    if args.game != "tripeaks":  # the other games: moves are played through the table
        from games.registry import find_game
        from ui.table import table_class

        rules, table = find_game(args.game), table_class(args.game)
    if args.position:
        state = load_position(rules, args.position, opts)
    if not args.scene and args.moves not in ("solve", "stock"):
        start = state if state is not None else rules.deal(args.number, rules.check_options(opts))
        check_moves(rules, start, args.moves.split())
    settings = Settings(language=args.lang, anim_speed="off", four_colour=args.four_colour,
                        card_back=args.back, left_handed=args.left_handed)
    settings.options_for(args.game).update(opts)
    if args.scene:
        return render_scene(size, args, settings, out)
    app = App(size, table(args.number if state is None else None, opts, state), settings,
              Store(MemoryStorage()))
    t = app.scene
    if args.game != "tripeaks":
        for m in (rules.solve(t.state, timeout=20).moves if args.moves == "solve" else args.moves.split()):
            if not t.play(rules.parse_move(t.state, m)):
                raise CommandError(f"the table refused move '{quote(m)}': {t.status_text}")
            t.anim.finish()
            t.toasts.clear()
        moves = []
    elif args.moves == "solve":
        moves = TriPeaks.solve(t.state, timeout=20).moves
    elif args.moves == "stock":
        moves = ["s"] * len(t.state.stock)
    else:
        moves = args.moves.split()
    for m in moves:
        mv = TriPeaks.parse_move(t.state, m)
        t.activate(hit.STOCK if mv == DRAW else hit.slot(mv))
        t.anim.finish()
        t.toasts.clear()
    t.anim.finish()
    if args.panel == "code":
        t.open_code_entry()
        if args.typed:
            t.panel.value = args.typed
            t.panel.submit()
    elif args.panel == "options":
        t.open_options()
    if args.assist:
        show_assist(app, args.assist)
    # drawn once, then settled: the automatic moves at the deal (an ace face up going home) wait a
    # timer on the app's clock, so the frames of the first picture may or may not have played them
    drawn(app)
    t.settle()
    t.anim.finish()
    t.toasts.clear()
    if args.status:
        t.say(args.status, error=True)
    app.dirty = True
    drawn(app)
    pygame.image.save(app.screen, str(out))
    print(out)
    app.close()


ASSIST_FRAMES = 3000
"""The most frames a hint's or a rescue's search is given to answer (``--assist``)."""


def show_assist(app, what: str) -> None:
    """Ask the table for a hint (``what`` ``"hint"``) or a rescue (``"rescue"``) and run frames
    until it answers: the hint's ring and line, the rescue's panel (a way out, or how far back the
    last winnable position is). The searches keep their node budgets only, not the wall clock
    (``App.solver_wall_clock``), so the answer is the same on every machine.

    :raises SystemExit: (exit 1) if no answer comes within :data:`ASSIST_FRAMES` frames.
    """
    t = app.scene
    app.solver_wall_clock = False
    if what == "hint":
        t.hint()
    else:
        t.rescue()
    for _ in range(ASSIST_FRAMES):
        if what == "hint" and t.hint_move is not None and t.hint_search is None:
            return
        if what == "rescue" and t.assist.rescue_phase in ("found", "back-done"):
            return
        app.frame()
    sys.exit(f"error: no {what} within {ASSIST_FRAMES} frames")


def demo_store(settings) -> Store:
    """A store with scripted results: TriPeaks easy 7 won of 11, classic 1 of 3, Klondike 2 of 5
    and an unfinished TriPeaks game of 12 moves."""
    from ui.progress import Progress, SavedGame

    store = Store(MemoryStorage())
    pr = Progress(store)
    rnd = __import__("random").Random(5)
    for game, opts, results in (("tripeaks", {"mode": "easy", "scoring": "streak"}, "wwlwwlwwlwl"),
                                ("tripeaks", {"mode": "classic", "scoring": "streak"}, "lwl"),
                                ("klondike", {"draw": "1"}, "lwlwl")):
        for r in results:
            sv = SavedGame(game, rnd.randint(1, 999), opts, seconds=rnd.randint(90, 400))
            if r == "w":
                rules = __import__("games.registry", fromlist=["x"]).find_game(game)
                h = sv.replay()
                h.moves = rnd.randint(40, 90)
                pr.won(sv, h, rnd.randint(300, 1400))
            else:
                pr._count(sv, False)
    sv = pr.begin("tripeaks", 7, {"mode": "easy", "scoring": "streak"})
    h = sv.replay()
    for _ in range(12):
        h.play("s")
    sv.seconds = 154
    pr.save(sv, h)
    return store


def render_scene(size, args, settings, out: Path) -> None:
    from ui.scenes.home import HomeScene
    from ui.scenes.settings import SettingsScene
    from ui.scenes.stats import StatsScene

    store = demo_store(settings) if args.demo else Store(MemoryStorage())
    scene = {"home": HomeScene, "settings": SettingsScene, "stats": StatsScene}[args.scene]()
    app = App(size, scene, settings, store)
    if args.sheet:
        scene.tap_game(args.sheet)
    if args.status:
        scene.message = args.status
    app.dirty = True
    drawn(app)
    pygame.image.save(app.screen, str(out))
    print(out)
    app.close()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="tripeaks", help="tripeaks (default), klondike, freecell, spider …")
    ap.add_argument("--number", type=int, default=1)
    ap.add_argument("--position", help="a position file (docs/contract.md format)")
    ap.add_argument("--option", action="append", default=[], help="KEY=VALUE (mode, scoring)")
    ap.add_argument("--size", default="1280x800",
                    help=f"WxH in px, at least {MIN_SIZE[0]} on the short side and {MIN_SIZE[1]} on the long side")
    ap.add_argument("--all-sizes", action="store_true", help="1280x800, 390x844 and 844x390")
    ap.add_argument("--moves", default="", help="moves to play first, 'solve' or 'stock'")
    ap.add_argument("--panel", choices=["code", "options"])
    ap.add_argument("--typed", default="", help="text typed into the code entry (then submitted)")
    ap.add_argument("--status", default="", help="a status-line message to show")
    ap.add_argument("--assist", choices=["hint", "rescue"],
                    help="ask for a hint or a rescue after the moves and show its answer")
    ap.add_argument("--lang", default="en", choices=["en", "ru"])
    ap.add_argument("--four-colour", action="store_true")
    ap.add_argument("--left-handed", action="store_true", help="the left-handed layout (Settings)")
    ap.add_argument("--back", default="blue")
    ap.add_argument("--out", default="table.png")
    ap.add_argument("--scene", choices=["home", "settings", "stats"], help="render a screen, not the table")
    ap.add_argument("--demo", action="store_true", help="scripted statistics and an unfinished game")
    ap.add_argument("--sheet", help="open this game's sheet on the home screen")
    args = ap.parse_args(argv)
    out = Path(args.out)
    try:
        if args.all_sizes:
            for s in SIZES:
                render(parse_size(s), args, out.with_name(f"{out.stem}-{s}{out.suffix}"))
        else:
            size = parse_size(args.size)
            if size is None:
                raise CommandError(f"--size '{quote(args.size)}' is not WxH with at least {MIN_SIZE[0]} px on the short side "
                         f"and {MIN_SIZE[1]} on the long side (e.g. {MIN_SIZE[0]}x{MIN_SIZE[1]}, "
                         f"{MIN_SIZE[1]}x{MIN_SIZE[0]}, 1280x800)")
            render(size, args, out)
    except (CommandError, GameError, CodeError, ValueError) as e:   # one line, exit 2 (docs/contract.md)
        print(f"error: {e}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
