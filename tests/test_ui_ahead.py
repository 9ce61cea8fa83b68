"""Card images made ahead of need and frames kept within their budget (docs/web.md, "Speed in
WebAssembly"): a face drawn for the first time costs a few ms in WebAssembly, so no frame that
draws a table's picture should draw faces for the first time, and a hint's solver slice leaves
the frame's drawing its room. The app runs on the fake clock: what a frame does is counted, not
timed."""
from __future__ import annotations

import pytest

from conftest import new_app, run_frames, run_until
from ui import cards_art


def faces_made() -> int:
    """Card faces in the art cache (full, compact and squeezed compact)."""
    return sum(1 for k in cards_art._cache if k[0] in ("face", "cface", "sface"))


def frame_counting(app) -> tuple[int, bool]:
    """Run one frame: ``(faces its drawing made, whether it drew)``. The faces made ahead in the
    frame's spare time (``cards_art.warm``, before or after the drawing) are not counted; those
    made drawing the first half of a picture drawn in two frames (``GameTable._first_half``) are."""
    sc = app.scene
    made, halves = [], []

    def draw(surface):
        before = faces_made()
        type(sc).draw(sc, surface)
        made.append(faces_made() - before)

    def first_half():
        before = faces_made()
        try:
            return type(sc)._first_half(sc)
        finally:
            halves.append(faces_made() - before)

    sc.draw = draw
    if hasattr(sc, "_first_half"):
        sc._first_half = first_half
    try:
        app.frame()
    finally:
        del sc.draw
        sc.__dict__.pop("_first_half", None)
    return sum(made) + sum(halves), bool(made)


def idle_until_made(app, cap: int = 2000) -> int:
    """Frames until every queued card image is made (a player looking at the table)."""
    for k in range(cap):
        if not cards_art.pending(soon_only=False):
            return k
        app.frame()
    raise AssertionError("card images still queued after the frame cap")


@pytest.fixture(autouse=True)
def fresh_art():
    cards_art.clear()
    yield
    cards_art.clear()


@pytest.mark.parametrize("game,options", [("freecell", {}), ("tripeaks", {"mode": "easy"}),
                                          ("pyramid", {"layout": "1"}), ("devils-grip", {})])
def test_first_picture_draws_no_new_face(fake_clock, game, options):
    """A table's first picture (up to 52 faces) waits a few frames, each making a few faces
    within the frame's budget, and is drawn with every face already made; the screen before it
    stays meanwhile."""
    from ui.table import table_class

    app = new_app()
    run_frames(app, 10)
    home_draws = app.draws
    app.switch(table_class(game)(1, options))
    per_frame, waited = [faces_made()], 0
    while True:
        made, drew = frame_counting(app)
        if drew:
            break
        waited += 1
        per_frame.append(faces_made())
        assert waited < 60, "the first picture never came"
    assert made == 0, f"the frame drawing {game}'s first picture drew {made} faces for the first time"
    assert waited >= 1 and app.draws == home_draws + 1
    # the faces were made a few at a time over the frames before it
    steps = [b - a for a, b in zip(per_frame, per_frame[1:])]
    assert 0 < max(steps) < 20


@pytest.mark.parametrize("game,options", [("freecell", {}), ("klondike", {}), ("pyramid", {"layout": "1"})])
def test_first_picture_has_a_frame_of_its_own(fake_clock, game, options):
    """The frame that draws a table's first picture makes no card image before its drawing nor
    in it (the images come in the frames before it, the whole drawing alone in its frame; what
    is left of the frame after the drawing may make images for later)."""
    from ui.table import table_class

    app = new_app()
    run_frames(app, 10)
    app.switch(table_class(game)(1, options))
    sc = app.scene
    marks = {}

    def ready(deadline):
        marks["ready"] = len(cards_art._cache)
        return type(sc).ready(sc, deadline)

    def draw(surface):
        type(sc).draw(sc, surface)
        marks["drawn"] = len(cards_art._cache)

    sc.ready, sc.draw = ready, draw
    try:
        for _ in range(60):
            app.frame()
            if "drawn" in marks:
                break
    finally:
        del sc.ready, sc.draw
    assert "drawn" in marks, "the first picture never came"
    assert marks["drawn"] == marks["ready"], f"{game}: {marks['drawn'] - marks['ready']} images made in the first picture's frame"


@pytest.mark.parametrize("game,options", [("tripeaks", {"mode": "easy"}), ("klondike", {})])
def test_a_tap_right_after_the_first_picture_draws_no_face(fake_clock, game, options):
    """Every legal move tapped right after the first picture (no frame between): the frame it
    lands on draws no face for the first time (the stock's top card turned, a card uncovered):
    the first picture waited for the faces of the deck."""
    from ui.table import table_class

    n, k, seen = 1, 0, []
    while k < n:
        cards_art.clear()
        sc = table_class(game)(1, options)
        app = new_app(sc, frames=0)
        run_until(app, lambda: app.draws > 0)
        legal = sc.rules.legal_moves(sc.state)
        n, move = len(legal), legal[k]
        sc.play_assist_move(move)
        made, drew = frame_counting(app)
        assert drew and made == 0, f"{game}: the first move {move} drew {made} faces for the first time"
        seen.append(move)
        k += 1
    assert seen


def _line(sc, n):
    r = sc.rules.solve(sc.state, max_nodes=50_000)
    return list(r.moves)[:n]


@pytest.mark.parametrize("game,options,size,number", [("spider", {"suits": "2"}, (1280, 800), 9),
                                                      ("freecell", {}, (1280, 800), 13),
                                                      ("spider", {"suits": "4"}, (844, 390), 24)])
def test_landing_frame_draws_no_new_face(fake_clock, game, options, size, number):
    """Moves of the solver's line, each played after the table had time to make its images
    ahead: the frame each lands on draws no face for the first time, although the columns
    growing and shrinking change the card width (every face again at the new width) and
    face-down cards turn up. (The columns squeeze before the cards shrink: FreeCell deal 13 and
    Spider 4 suits deal 24 on a phone on its side change the width within 30 moves.)"""
    from ui.table import table_class

    sc = table_class(game)(number, options)
    app = new_app(sc, size=size, frames=0)
    run_until(app, lambda: app.draws > 0)
    widths = {sc.card_w}
    for text in _line(sc, 30):
        idle_until_made(app)
        move = sc.rules.parse_move(sc.state, text)
        if sc.rules.why_not(sc.state, move) is not None:
            break
        before, w = len(sc.history.actions), sc.card_w
        sc.play_assist_move(move)
        made, drew = frame_counting(app)
        assert len(sc.history.actions) > before
        if not drew:    # a new card width, drawn in two frames (``GameTable.rebuild_in_halves``)
            assert sc.card_w != w and isinstance(sc._halves, tuple)
            more, drew = frame_counting(app)
            made += more
        assert drew
        assert made == 0, f"{game}: the frames landing {text} drew {made} faces for the first time"
        widths.add(sc.card_w)
    assert len(widths) >= 2, "the line should change the card width (the case made ahead)"


@pytest.mark.parametrize("game,options,size,number", [("freecell", {}, (1280, 800), 13),
                                                      ("spider", {"suits": "2"}, (1280, 800), 9)])
def test_the_frames_drawing_a_new_card_width_make_no_image(monkeypatch, fake_clock, game, options, size, number):
    """The card widths the next move may bring get their faces made ahead, and with them all
    else the table draws at that width: the back, shadow, outline and halo, and the empty
    foundations' faint suit marks (FreeCell's frame landing a move that shrank the cards made
    its four at 1280x800). The two frames that draw a new width (``GameTable.rebuild_in_halves``)
    make no image, the frames' spare-time making (``cards_art.warm``) held off."""
    from ui.table import columns, table_class

    sc = table_class(game)(number, options)
    app = new_app(sc, size=size, frames=0)
    run_until(app, lambda: app.draws > 0)
    warm = cards_art.warm

    def images() -> set:
        return set(cards_art._cache) | {("faint",) + k for k in columns._faint}

    changed = 0
    for text in _line(sc, 30):
        idle_until_made(app)
        move = sc.rules.parse_move(sc.state, text)
        if sc.rules.why_not(sc.state, move) is not None:
            break
        w, made = sc.card_w, images()
        monkeypatch.setattr(cards_art, "warm", lambda *a, **k: 0)
        sc.play_assist_move(move)
        app.frame()
        app.frame()
        monkeypatch.setattr(cards_art, "warm", warm)
        if sc.card_w != w:
            changed += 1
            assert images() <= made, (text, w, sc.card_w, sorted(images() - made, key=str))
    assert changed, "the case: the line changes the card width"


class FakeSearch:
    """A hint's search whose nodes cost ``node_cost`` seconds each on the fake clock (it never
    answers): how long a slice runs depends on the table's slicing alone."""

    def __init__(self, clock, node_cost: float):
        self.clock, self.node_cost, self.steps = clock, node_cost, []

    def step(self, n: int):
        self.steps.append(n)
        self.clock.advance(n * self.node_cost)
        return None

    def best_moves(self):
        return None

    def progress_line(self):
        return None


@pytest.mark.parametrize("draw_ms,node_us", [(0.0, 20), (1.0, 150), (6.0, 20), (6.0, 150), (14.0, 20)])
def test_hint_frame_ends_within_its_budget(fake_clock, draw_ms, node_us):
    """A frame carrying a hint's solver slice draws first and gives the search what is left of
    ``App.FRAME_BUDGET`` (at least ``HINT_MIN_SLICE``), in steps that never run past it: the
    frame's work ends by the budget whatever its drawing costs this time (a partial rebuild after
    cheap frames: the old slice, sized before the drawing by the recent drawing cost, left it no
    room) and however slow the search's nodes (100 of them can take 20 ms in WebAssembly)."""
    from ui.app import App
    from ui.table import base
    from ui.table.freecell import FreeCellTable

    sc = FreeCellTable(1, {})
    app = new_app(sc, frames=0)
    run_until(app, lambda: app.draws > 0)
    idle_until_made(app)
    sc.hint()
    search = sc.hint_search = FakeSearch(fake_clock, node_us / 1e6)
    app.frame()     # the first slice also works out the rule-of-thumb hint
    cheap = 0.0005

    def draw(surface):
        type(sc).draw(sc, surface)
        fake_clock.advance(cost[0])

    sc.draw = draw
    try:
        for k in range(6):
            cost = [draw_ms / 1000 if k in (3, 5) else cheap]   # a costly drawing after cheap ones
            sc.stale = True
            search.steps.clear()
            t0 = fake_clock.t
            app.frame()
            spent = fake_clock.t - t0
            limit = max(App.FRAME_BUDGET, cost[0] + base.HINT_MIN_SLICE) + 4 * fake_clock.tick
            assert spent <= limit, (k, cost[0], spent, search.steps)
            assert sum(search.steps) >= 1, "every frame gives the search some nodes"
            assert max(search.steps) <= base.HINT_STEP
            fake_clock.advance(0.004)
    finally:
        del sc.draw


def test_hint_frame_ends_near_its_budget_when_the_nodes_grow_dearer(fake_clock):
    """A search's nodes do not all cost alike: a beam's next layer, a deeper search, cost more a
    node than the ones before (Devil's Grip's hint slice ran 4 ms past its 12 ms in the page, 17.1
    ms in all). A step is sized for half the time left at the recent cost, so nodes that turn
    twice as dear within a slice end it by the budget, not one whole slice's worth late."""
    from ui.app import App
    from ui.table.freecell import FreeCellTable

    sc = FreeCellTable(1, {})
    app = new_app(sc, frames=0)
    run_until(app, lambda: app.draws > 0)
    idle_until_made(app)
    sc.hint()
    search = sc.hint_search = FakeSearch(fake_clock, 60e-6)   # a node in WebAssembly, about
    app.frame()     # the first slice also works out the rule-of-thumb hint
    for k in range(8):
        if k == 4:
            search.node_cost *= 2     # the nodes turn dearer between two slices
        t0 = fake_clock.t
        app.frame()
        spent = fake_clock.t - t0
        assert spent <= App.FRAME_BUDGET + 0.001, (k, spent, search.steps[-8:])
        fake_clock.advance(0.004)


def test_hint_search_goes_on_after_a_step_slowed_by_the_machine(fake_clock):
    """A step of the hint's search that took very long (the process paused by the machine, a
    burst of load) makes the cost of a node look huge: the next slices still step (a node at
    least each), the estimate comes down, and the slices are full again soon."""
    from ui.table.freecell import FreeCellTable

    sc = FreeCellTable(1, {})
    app = new_app(sc, frames=0)
    run_until(app, lambda: app.draws > 0)
    idle_until_made(app)
    sc.hint()
    search = sc.hint_search = FakeSearch(fake_clock, 20e-6)
    app.frame()
    step = search.step

    def paused(n):
        fake_clock.advance(80.0)          # 80 s stopped within one step
        search.step = step
        return step(n)

    search.step = paused
    app.frame()
    per_frame = []
    for _ in range(300):
        search.steps.clear()
        app.frame()
        fake_clock.advance(0.004)
        per_frame.append(sum(search.steps))
    assert min(per_frame) >= 1, "a slice without a single node"
    assert per_frame[-1] >= 50, per_frame[-10:]


def test_faces_made_ahead_keep_few_widths():
    """Faces made ahead at more widths than :data:`ui.cards_art.MAX_FACE_WIDTHS` (a column table
    whose cards change width often): those of the widths asked for longest ago are forgotten."""
    import itertools

    import pygame

    pygame.display.init()
    art = cards_art.CardArt(compact=True)
    n = cards_art.MAX_FACE_WIDTHS + 3
    widths = list(range(40, 40 + n))
    for w in widths:
        assert cards_art.want_faces((1, 2), w, art) == 2
        cards_art.warm(float("inf"), itertools.count().__next__)
    kept = sorted({k[2] for k in cards_art._cache if k[0] == "cface"})
    assert kept == widths[-cards_art.MAX_FACE_WIDTHS:]
    assert not [v for k, v in cards_art._cache.items() if k[0] == "band" and v[0].get_width() < kept[0]]


def test_warm_keeps_to_its_deadline():
    """``warm`` makes nothing once the frame is past its deadline (a kind of image never made
    yet included), but ``at_least`` images all the same; what it makes is what ``face`` draws."""
    import pygame

    pygame.display.init()
    art = cards_art.CardArt()
    assert cards_art.want_faces((1, 2, 3), 50, art) == 3
    assert cards_art.warm(0.0, lambda: 1.0) == 0
    assert cards_art.pending(soon_only=False) == 3
    assert cards_art.warm(0.0, lambda: 1.0, at_least=1) == 1
    made = cards_art._cache[cards_art.face_key(1, 50)]
    cards_art.clear()
    again = cards_art.face(1, 50)
    assert made is not again and pygame.image.tobytes(made, "RGBA") == pygame.image.tobytes(again, "RGBA")


def test_warm_guesses_a_new_kind_of_image_as_slow_as_the_slowest(monkeypatch):
    """An image of a kind never made yet (a halo, blurred: several faces' time) is taken to cost
    as much as the slowest kind made lately, not nothing: ``warm`` leaves it for a later frame
    rather than run past its deadline (17 ms frames in WebAssembly made a halo last)."""
    costs = {"face": 0.001, "shadow": 0.004, "glow": 0.005}
    clock = [0.0]
    made = []
    monkeypatch.setattr(cards_art, "_slowest", {})
    monkeypatch.setattr(cards_art, "_dearest", {})

    def maker(kind, k):
        def make():
            clock[0] += costs[kind]
            made.append(kind)
        return make

    now = lambda: clock[0]   # noqa: E731
    cards_art.want(("shadow", 1), maker("shadow", 1))
    cards_art.warm(1.0, now)                      # a shadow made earlier: 4 ms
    for k in range(2):
        cards_art.want(("face", k), maker("face", k))
    cards_art.want(("glow", 1), maker("glow", 1))
    start = clock[0]
    cards_art.warm(start + 0.0045, now)
    assert made == ["shadow", "face", "face"] and clock[0] <= start + 0.0045
    for _ in range(20):                           # it is made in a later frame all the same
        if not cards_art.pending(soon_only=False):
            break
        cards_art.warm(clock[0] + 0.0045, now)
    assert made[-1] == "glow"


def test_warm_costs_a_back_or_shadow_by_its_width(monkeypatch):
    """A card back made for a home-screen miniature (20 px) costs a fraction of a table's (100 px),
    and a shadow never made yet costs several faces (a gaussian blur whose radius grows with the
    card): ``warm`` scales a kind's recent cost by the image's size and guesses a kind never made
    from its prior in faces, so a table's first back and shadow are left for a frame with room
    rather than run past the deadline (a TriPeaks listing frame at 1280x800 took 20.4 ms in
    WebAssembly so: docs/web.md)."""
    clock = [0.0]
    made = []
    for name in ("_slowest", "_first_slowest", "_dearest"):
        monkeypatch.setattr(cards_art, name, {})
    monkeypatch.setattr(cards_art, "_made_widths", {("face", 100)})

    def cost(key):     # seconds, shaped as measured (docs: KIND_PRIOR), a slow machine's
        w = key[2] if key[0] == "face" else key[1]
        return {"face": 0.001, "back": max(0.0008, 0.005 * (w / 100) ** 2),
                "shadow": max(0.0004, 0.007 * (w / 100) ** 3)}[key[0]]

    def maker(key):
        def make():
            clock[0] += cost(key)
            made.append(key)
        return make

    def want(key):
        cards_art.want(key, maker(key))

    now = lambda: clock[0]   # noqa: E731
    want(("back", 20, "blue"))                    # a miniature's back
    for c in range(10):
        want(("face", c, 100, False, False))
    cards_art.warm(1.0, now)
    assert len(made) == 11
    want(("back", 100, "blue"))
    want(("shadow", 100))
    for _ in range(3):                            # frames with room for three faces
        start = clock[0]
        cards_art.warm(start + 0.003, now)
        assert clock[0] <= start + 0.003, (made[11:], clock[0] - start)
    for _ in range(40):                           # made in frames with room all the same
        if not cards_art.pending(soon_only=False):
            break
        cards_art.warm(clock[0] + 0.008, now)
    assert set(made[11:]) == {("back", 100, "blue"), ("shadow", 100)}


def test_warm_makes_a_back_shadow_or_halo_never_made_first_in_a_frame(monkeypatch):
    """A shadow or halo never made yet is costed by its prior in faces, measured natively; in the
    page a gaussian blur costs more faces than that (TriPeaks' first frames at 1280x800 made its
    back and then its first shadow in one frame: 17.6 ms in WebAssembly, docs/web.md). ``warm``
    makes such an image only as the first of a call: a low guess then runs over by the least,
    never on top of other images. Here a back costs four faces against a prior of 3.5, a shadow
    ten against six, a halo eleven against ten; every frame has 12 ms."""
    clock = [0.0]
    made = []
    for name in ("_slowest", "_first_slowest", "_dearest"):
        monkeypatch.setattr(cards_art, name, {})
    monkeypatch.setattr(cards_art, "_made_widths", {("face", 100)})

    def cost(key):
        return {"face": 0.001, "back": 0.004, "shadow": 0.010, "glow": 0.011}[key[0]]

    def maker(key):
        def make():
            clock[0] += cost(key)
            made.append(key)
        return make

    def want(key):
        cards_art.want(key, maker(key))

    now = lambda: clock[0]   # noqa: E731
    for c in range(4):
        want(("face", c, 100, False, False))
    cards_art.warm(1.0, now)                      # the faces' cost known
    want(("back", 100, "blue"))
    want(("shadow", 100))
    want(("glow", 100))
    for c in range(4, 12):
        want(("face", c, 100, False, False))
    frames = []
    for _ in range(20):
        if not cards_art.pending(soon_only=False):
            break
        start, n = clock[0], len(made)
        cards_art.warm(start + 0.012, now)
        frames.append(made[n:])
        assert clock[0] - start <= 0.012, (made[n:], clock[0] - start)
    assert not cards_art.pending(soon_only=False)
    for kind in ("back", "shadow", "glow"):      # each never made: the first image of its frame
        assert [f[0][0] for f in frames if any(k[0] == kind for k in f)] == [kind], frames


def test_warm_costs_the_first_face_of_a_width_apart(monkeypatch):
    """The first face of a card width also makes that size's suit shapes and opens its index
    font (several faces' time): after many cheap faces of one width, the first face of a new
    width is guessed as dear as the last first face was, not as the recent faces, so ``warm``
    leaves it for a frame with room rather than run past its deadline (a Spider landing at
    844x390 went 5 ms past its frame's budget so)."""
    clock = [0.0]
    made = []
    monkeypatch.setattr(cards_art, "_slowest", {})
    monkeypatch.setattr(cards_art, "_first_slowest", {}, raising=False)
    monkeypatch.setattr(cards_art, "_dearest", {})
    monkeypatch.setattr(cards_art, "_made_widths", set(), raising=False)
    seen = set()

    def maker(card, w):
        def make():
            clock[0] += 0.001 if w in seen else 0.006
            seen.add(w)
            made.append((card, w))
        return make

    now = lambda: clock[0]   # noqa: E731
    for c in range(40):
        cards_art.want(("face", c, 50, False, False), maker(c, 50))
    cards_art.warm(1.0, now)                      # width 50: the first 6 ms, then 1 ms each
    assert len(made) == 40
    for c in range(3):
        cards_art.want(("face", c, 60, False, False), maker(c, 60))
    start = clock[0]
    cards_art.warm(start + 0.004, now)            # 4 ms left: the new width's first face does not fit
    assert len(made) == 40 and clock[0] == start
    cards_art.warm(clock[0] + 0.010, now)         # a frame with room makes it and the rest
    assert made[40:] == [(0, 60), (1, 60), (2, 60)]


def test_pyramid_flight_draws_no_new_face(fake_clock):
    """On a phone Pyramid's discard pile is smaller than the pyramid's places, so a card flying
    there shrinks on its way (a new width each frame): its faces at the widths between are made
    ahead when it takes off, and no frame of the flight draws a face for the first time."""
    from ui.table.pyramid import PyramidTable

    sc = PyramidTable(1, {"layout": "1"})
    app = new_app(sc, size=(390, 844), frames=0, anim_speed="normal")
    run_until(app, lambda: app.draws > 0)
    flights, drawn = 0, []
    for _ in range(12):
        legal = sc.rules.legal_moves(sc.state)
        if not legal:
            break
        idle_until_made(app)
        move = next((m for m in legal if m != ()), legal[0])   # pairs to the discard pile first
        sc.play_assist_move(move)
        for _ in range(200):
            made, drew = frame_counting(app)
            if drew:
                drawn.append(made)
            if not sc.anim.busy("fly"):
                break
            fake_clock.advance(0.016)
        flights += 1
    assert sc.geo.discard.width != sc.geo.w, "the case: a flight that changes the card's width"
    assert flights >= 6 and len(drawn) > 3 * flights
    assert sum(drawn) == 0, drawn


def test_the_start_freezes_its_objects_once(monkeypatch):
    """Once the first screen is whole (the home screen's miniatures drawn: every table's module
    imported), the objects of the start leave the garbage collector's walks (``gc.freeze``), so
    that a full collection in a solver's slice walks only what was made since; once per
    process, never again (objects frozen later would never be collected as cycles)."""
    import gc

    from ui import app as app_module
    from ui.scenes import home, previews

    previews._cache.clear()
    home._tiles.clear()
    monkeypatch.setattr(app_module, "_frozen", False, raising=False)
    gc.unfreeze()
    try:
        app = new_app(frames=0)
        app.frame()
        assert app.draws == 1 and app.scene.previews_later and gc.get_freeze_count() == 0
        run_until(app, lambda: not app.scene.previews_later and not app.dirty)
        app.frame()
        frozen = gc.get_freeze_count()
        assert frozen > 1000
        again = new_app()
        run_frames(again, 5)
        # no second freeze: the count may only fall (a frozen object freed, e.g. a text i18n.tr
        # remembered); a second freeze would add the ten thousands made since
        assert gc.get_freeze_count() <= frozen
    finally:
        gc.unfreeze()
