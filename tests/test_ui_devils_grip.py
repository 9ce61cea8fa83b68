"""The Devil's Grip table, driven headless through the real App (SDL_VIDEODRIVER=dummy) with
posted mouse and finger events: taps, the second tap that re-aims, drags that merge, swap or
glide back, the long-press swap, the talon, the stock and its refusal, refills, hint, end panel,
and the layout at the three screen shapes."""
import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import time

import pygame
import pytest

from ui.input import DOUBLE_CLICK

from games.cards import parse_card
from games.core import LOST
from games.devils_grip import (
    MERGE, MSG_BRILLIANT, MSG_FILL_FIRST, N_CELLS, SWAP, TALON, TURN, DevilsGrip, DevilsGripState, Move, rating,
)
from games.i18n import tr
from ui.table.devils_grip import DevilsGripTable
from ui.table import hit
from conftest import click, tap, drag, new_app as open_app, run_until, save_screen
from ui.table.assist import Live

FILLERS = [f"{r}{s}" for r in "JQK" for s in "CDHS"] * 2   # nothing fits on them, they fit on nothing here
SIZES = [(1280, 800), (390, 844), (844, 390)]


def C(t):
    return parse_card(t)


def position(cells: dict, stock=("4C", "3D", "9H"), talon=()):
    """A scripted state: ``cells`` {index: "2S,5S" or ""}; every other cell a lone J/Q/K."""
    fill = iter(FILLERS)
    grid = []
    for i in range(N_CELLS):
        if i in cells:
            grid.append(tuple(C(x) for x in cells[i].split(",") if x))
        else:
            grid.append((C(next(fill)),))
    return DevilsGripState(tuple(grid), tuple(map(C, stock)), tuple(map(C, talon)))


def make(size=(1280, 800), number=1, anim="off", lang="en", state=None):
    return open_app(DevilsGripTable(None if state is not None else number, state=state), size, language=lang,
                    anim_speed=anim)


def cell(t, i):
    """A point on cell ``i``'s bottom card (away from the swap handle)."""
    r = t.card_rect(i, 0)
    return (r.x + r.width // 3, r.y + r.height // 3)


def hold(app, clock, seconds):
    """Keep the pointer pressed for ``seconds``: frames 1/60 s apart on the app's fake clock."""
    for _ in range(round(seconds * 60)):
        clock.advance(1 / 60)
        app.frame()


def run_until_idle(app, frames=1000):
    """Frames (10 ms apart) until no animation runs: a frame cap, not a wall-clock deadline."""
    for _ in range(frames):
        if not app.scene.anim.busy():
            break
        app.frame()
        time.sleep(0.01)


def index_width(w, narrow=False):
    """Where the ink of the widest corner index ("10") ends on a face ``w`` px wide (with the
    narrow index the grid uses in a tight fan), px."""
    from ui import cards_art
    img = cards_art.face(C("TH"), w, narrow=narrow)
    return max((x + 1 for y in range(round(0.05 * w), round(0.62 * w)) for x in range(2, w - 2)
                if sum(img.get_at((x, y))[:3]) < 600 and img.get_at((x, y))[3] > 200), default=w)


@pytest.fixture(autouse=True)
def _quit():
    yield
    pygame.display.quit()


def test_tap_merges_onto_the_fitting_stack_and_a_second_tap_moves_it_to_the_next():
    s0 = position({0: "2S", 1: "2S", 2: "5S"}, stock=("4C", "3D", "9H", "8S"))   # 8S: 5S still wanted
    app = make(state=s0)
    t = app.scene
    click(app, cell(t, 2))
    g = t.state.grid
    assert g[0] == (C("2S"), C("5S")) and g[1] == (C("2S"),)
    assert g[2] == (C("4C"),)                      # refilled from the stock at once
    assert t.history.actions == ["1.3>1.1"] and t.history.moves == 1
    # tap it again where it landed: the same move aimed at the next stack
    click(app, cell(t, 0))
    g = t.state.grid
    assert g[0] == (C("2S"),) and g[1] == (C("2S"), C("5S")) and g[2] == (C("4C"),)
    assert t.history.actions == ["1.3>1.2"] and t.history.moves == 1 and not t.history.undo_used
    assert len(t.history.states) == 2
    click(app, cell(t, 1))                         # and back to the first
    assert t.history.actions == ["1.3>1.1"] and t.state.grid[0] == (C("2S"), C("5S"))
    # the undo button takes the move back
    click(app, next(b for b in t.buttons if b.name == "undo").rect.center)
    assert t.state == s0


def test_a_tap_where_the_stack_landed_later_is_a_fresh_tap_not_a_re_aim(fake_clock):
    """The re-aim is for a tap again at once (docs/devils-grip.md): 3 s later a tap on the stack
    where it landed is a tap on that stack, judged afresh — here it fits nowhere and shakes — and
    the move made 3 s before stays as it was."""
    s0 = position({0: "2S", 1: "2S", 2: "5S"}, stock=("4C", "3D", "9H", "8S"))   # 8S: 5S still wanted
    app = make(state=s0)
    t = app.scene
    click(app, cell(t, 2))
    assert t.history.actions == ["1.3>1.1"]
    fake_clock.advance(3.0)
    click(app, cell(t, 0))
    assert t.history.actions == ["1.3>1.1"] and t.state.grid[0] == (C("2S"), C("5S"))
    assert t.state.grid[1] == (C("2S"),) and t.status_error


def test_a_stack_in_its_chains_row_is_preferred_and_a_stack_that_fits_nowhere_shakes():
    s0 = position({9: "2S", 1: "2S,5S", 3: "8S"})   # 2S at 2.2 (wrong row) and 2S,5S at 1.2 (right row)
    app = make(state=s0, anim="normal")
    t = app.scene
    tap(app, cell(t, 3))
    assert t.state.grid[1] == (C("2S"), C("5S"), C("8S"))
    # a stack that fits nowhere: refused, shaken, and the rules' reason on the status line
    s1 = t.state
    i = next(i for i in range(N_CELLS) if all(m.src != i for m in DevilsGrip.legal_moves(s1) if m.kind == MERGE))
    tap(app, cell(t, i))                           # a stack that fits no other
    assert t.state is s1 and t.anim.busy("shake")
    reasons = {tr(w[0], **w[1]) for j in range(N_CELLS) if j != i and s1.grid[j]
               for w in [DevilsGrip.why_not(s1, Move(MERGE, i, j))]}
    assert t.status_text in reasons and t.status_error


def test_drag_onto_a_fitting_cell_merges():
    s0 = position({0: "2S", 1: "2S", 2: "5S"})
    app = make(state=s0)
    t = app.scene
    drag(app, cell(t, 2), cell(t, 1))
    assert t.state.grid[1] == (C("2S"), C("5S")) and t.history.actions == ["1.3>1.2"]
    assert t.drag is None


def test_drag_onto_a_cell_it_does_not_fit_glides_back_with_the_reason():
    s0 = position({0: "2S", 1: "2S", 2: "5S"})
    app = make(state=s0, anim="normal")
    t = app.scene
    drag(app, cell(t, 2), cell(t, 12))             # onto a lone filler
    assert t.state is s0 and t.history.moves == 0
    assert t.status_text == "5S goes only on 2S" and t.status_error
    flights = t.anim.of("fly")
    assert flights and flights[0].data["hide"] == [("cell", 2, 0)]   # gliding home
    run_until_idle(app)
    assert not t.anim.busy("fly") and t.hidden() == ({}, None)
    # in Russian too
    app2 = make(state=s0, lang="ru")
    t2 = app2.scene
    drag(app2, cell(t2, 2), cell(t2, 12))
    assert t2.state is s0 and t2.status_text == tr("{card} goes only on {need}", "ru", card="5S", need="2S")


def test_swap_by_the_handle_and_by_long_press_then_tap(fake_clock):
    s0 = position({0: "2S", 1: "2S", 2: "5S"})
    app = make(state=s0)
    t = app.scene
    drag(app, cell(t, 2), t.handle_rects[20].center)
    assert t.history.actions == ["1.3<>3.5"]
    assert t.state.grid[20] == (C("5S"),) and t.state.grid[2] == s0.grid[20]
    # long press on 1.1 then a tap on 3.8
    p = cell(t, 0)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=p, button=1, touch=False))
    app.frame()
    hold(app, fake_clock, 0.3)
    assert t.swap_from is None                     # not yet a long press
    hold(app, fake_clock, 0.3)                     # held 0.6 s
    assert t.swap_from == 0
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=p, button=1, touch=False))
    app.frame()
    assert t.swap_from == 0 and t.history.moves == 1   # releasing a long press is no tap
    click(app, cell(t, 23))
    assert t.history.actions[-1] == "1.1<>3.8" and t.state.grid[23] == (C("2S"),)
    assert t.swap_from is None
    # a drop on an empty cell is a swap too (no merge goes into an empty cell)
    s1 = position({0: "2S", 1: "", 2: "5S", 3: "2H"}, stock=(), talon=("5H",))
    app2 = make(state=s1)
    t2 = app2.scene
    drag(app2, cell(t2, 2), cell(t2, 1))
    assert t2.history.actions == ["1.3<>1.2"] and t2.state.grid[1] == (C("5S"),)


def test_the_talon_top_plays_by_tap_and_by_drag():
    s0 = position({0: "2S", 5: "2H"}, stock=("4C", "3D", "9H"), talon=("5H", "5S"))
    app = make(state=s0)
    t = app.scene
    click(app, t.target_rect(hit.TALON).center)
    assert t.history.actions == ["t>1.1"] and t.state.grid[0] == (C("2S"), C("5S"))
    assert t.state.talon == (C("5H"),)
    a = t.target_rect(hit.TALON).center
    drag(app, (a[0], a[1]), cell(t, 5))
    assert t.history.actions[-1] == "t>1.6" and t.state.talon == ()


def test_the_stock_turns_three_and_is_refused_while_a_cell_is_empty():
    app = make()
    t = app.scene
    s0 = t.state
    tap(app, t.stock_rect.center)
    assert t.state.talon == s0.stock[:3] and len(t.state.stock) == 69
    assert t.history.actions == ["s"]
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=44))
    app.frame()
    assert len(t.state.talon) == 6 and t.history.actions == ["s", "s"]
    # a what-if position with a hole: the turn is refused until a move lets the refill happen
    s1 = position({0: "2S", 1: "", 2: "5S"}, stock=("4C", "3D", "9H", "8S"))
    app2 = make(state=s1, anim="normal")
    t2 = app2.scene
    tap(app2, t2.stock_rect.center)
    assert t2.state is s1 and t2.status_text == tr(MSG_FILL_FIRST) and t2.anim.busy("shake")
    tap(app2, cell(t2, 2))                         # 5S onto 2S: 1.2 and 1.3 refill from the stock
    g = t2.state.grid
    assert g[1] == (C("4C"),) and g[2] == (C("3D"),) and t2.state.stock == (C("9H"), C("8S"))
    # the refill is drawn at once, while the merged card is still flying: in the still picture
    # (on the screen the flying card lies over it, by how far it flew in the frame's real time)
    assert t2.anim.busy("fly")
    hidden_cells, _ = t2.hidden()
    assert 1 not in hidden_cells and 2 not in hidden_cells and hidden_cells == {0: 1}
    r = t2.card_rect(2, 0)
    assert t2.base.get_at((r.right - 4, r.y + r.height // 12))[:3] == (253, 253, 250)
    tap(app2, t2.stock_rect.center)
    assert t2.state.talon == (C("9H"), C("8S")) and t2.state.stock == ()


def ask_hint(app):
    """Tap Hint and run frames until the hint is shown (node budgets only, conftest: the search
    ends on its own)."""
    t = app.scene
    click(app, next(b for b in t.buttons if b.name == "hint").rect.center)
    for _ in range(20_000):
        if t.hint_move is not None:
            break
        app.frame()


def test_hint_shows_a_legal_move_of_the_best_line():
    app = make(number=3)
    t = app.scene
    ask_hint(app)
    m = t.hint_move
    assert m is not None and DevilsGrip.why_not(t.state, m) is None
    assert m.kind in (MERGE, TALON, "s")
    assert t.status_text.startswith("Hint")


def test_the_hint_runs_the_hint_search():
    """The table's hint is the hint search's (:func:`games.solvers.devils_grip.hint_search`, a beam
    planned for the whole budget), not the live line's search: on the bench's position 20 its line
    leaves 10 cards, the other's 11 (tests/test_solver_devils_grip.py)."""
    from test_solver_devils_grip import bench_position
    app = make(state=bench_position(20))
    t = app.scene
    ask_hint(app)
    assert t.hint_move is not None and DevilsGrip.why_not(t.state, t.hint_move) is None
    assert t.status_text == tr("Hint: the best line found leaves {n} cards (the solver sees the stock)", n=10)


def test_result_live_and_the_end_panel_rates_it():
    s0 = position({0: "2S"}, stock=(), talon=("KH", "5S"))
    app = make(state=s0)
    t = app.scene
    assert dict(t.top_items())["Left"] == "2"
    click(app, t.target_rect(hit.TALON).center)
    assert DevilsGrip.status(t.state) == LOST and dict(t.top_items())["Left"] == "1"
    app.frame()
    assert t.panel is not None and t.panel.end == LOST
    assert rating(1) == MSG_BRILLIANT
    assert t.status_text == tr("The talon's top card fits no stack any more")


def test_lost_with_cards_in_the_stock_says_why():
    """The merge leaves no top that any card still to come could go on (5S wants 8S, 4C wants 7C,
    none left): lost at once with two cards in the stock, and the end says why."""
    s0 = position({0: "2S", 1: "5S"})
    app = make(state=s0)
    t = app.scene
    click(app, cell(t, 1))
    assert t.history.actions == ["1.2>1.1"] and DevilsGrip.status(t.state) == LOST
    assert t.state.stock == (C("3D"), C("9H"))
    app.frame()
    assert t.panel is not None and t.panel.end == LOST
    assert t.status_text == tr("No stack can take another card: turning the stock changes nothing")
    assert tr("No stack can take another card: turning the stock changes nothing", "ru") != t.status_text


def test_a_lost_game_refuses_the_moves_the_rules_still_allow():
    """The rules leave a lost game its swaps and turns (docs/rules.md: swaps "at any time"); the
    table, having said the game is over, refuses them with what was needed and changes nothing,
    whether the panel is open or closed."""
    app = make(state=position({0: "2S", 1: "5S"}))
    t = app.scene
    click(app, cell(t, 1))
    app.frame()
    lost = t.state
    assert DevilsGrip.status(lost) == LOST
    for text in ("1.1<>1.3", "s"):
        move = DevilsGrip.parse_move(lost, text)
        assert DevilsGrip.why_not(lost, move) is None
        t.panel = None
        assert t.play(move) is False
        assert t.state == lost and t.history.actions == ["1.2>1.1"]
        assert t.status_text == tr("No stack can take another card: turning the stock changes nothing")


def test_a_complete_stack_in_its_row_is_marked():
    s0 = position({0: "2S,5S,8S,JS", 8: "2H,5H,8H,JH"})
    app = make(state=s0)
    t = app.scene
    gold = (255, 204, 77)
    box = t.stack_rect(0).inflate(6, 6)
    assert app.screen.get_at((box.centerx, box.y + 1))[:3] == gold
    box = t.stack_rect(8).inflate(6, 6)          # complete, but not in its chain's row
    assert app.screen.get_at((box.centerx, box.y + 1))[:3] != gold


@pytest.mark.parametrize("size", SIZES)
def test_layout_all_cells_on_screen_fans_readable_targets_big(size):
    app = make(size=size)
    t = app.scene
    w, h = size
    screen = pygame.Rect(0, 0, w, h)
    table = t.frame.table
    for r in t.card_places():
        assert table.contains(r), (size, r)
    for i in range(N_CELLS):
        fan = [t.card_rect(i, k) for k in range(4)]
        assert t.cell_rects[i].contains(fan[0].union(fan[3]))
        step = max(fan[1].x - fan[0].x, fan[1].y - fan[0].y)
        # the corner index shows on every covered card
        assert step >= index_width(t.card_w, t._grid_art().narrow) + 1
        for j in range(i):
            assert not t.cell_rects[i].colliderect(t.cell_rects[j])
    assert not t.stock_rect.colliderect(t.talon_area)
    for r in t.cell_rects:
        assert not r.colliderect(t.stock_rect) and not r.colliderect(t.talon_area)
    assert screen.contains(t.talon_area)
    if size != (1280, 800):   # a phone: every target at least 44 px both ways
        for r in t.hit_rects + [t.stock_hit, t.talon_area]:
            assert min(r.size) >= 44, (size, r)
        assert t.card_w >= 34
    if size == (390, 844):    # the grid turned: 8 rows x 3 columns
        xs = {r.x for r in t.cell_rects}
        ys = {r.y for r in t.cell_rects}
        assert len(xs) == 3 and len(ys) == 8
        assert t.cell_rects[1].y > t.cell_rects[0].y and t.cell_rects[8].x > t.cell_rects[0].x
    else:
        assert len({r.x for r in t.cell_rects}) == 8 and len({r.y for r in t.cell_rects}) == 3


def test_talon_card_re_aimed_by_a_second_tap_and_long_press_then_drag_swaps(fake_clock):
    s0 = position({0: "2S", 1: "2S"}, stock=("4C", "3D", "9H", "8S"), talon=("5S",))   # 8S: 5S still wanted
    app = make(state=s0)
    t = app.scene
    click(app, t.target_rect(hit.TALON).center)
    assert t.history.actions == ["t>1.1"]
    click(app, cell(t, 0))
    assert t.history.actions == ["t>1.2"] and t.state.grid[1] == (C("2S"), C("5S")) and t.history.moves == 1
    # hold a lone filler, then drag it onto another filler: a swap (no merge would be legal)
    p, q = cell(t, 5), cell(t, 7)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=p, button=1, touch=False))
    app.frame()
    hold(app, fake_clock, 0.6)
    assert t.swap_from == 5
    for k in range(1, 5):
        pp = (p[0] + (q[0] - p[0]) * k // 4, p[1] + (q[1] - p[1]) * k // 4)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pp, rel=(0, 0), buttons=(1, 0, 0), touch=False))
        app.frame()
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=q, button=1, touch=False))
    app.frame()
    assert t.history.actions[-1] == "1.6<>1.8" and t.state.grid[7] == s0.grid[5]


def test_hint_at_the_start_of_the_banked_deal_knows_the_win():
    # #506 is the bank's won deal (docs/solvers.md): a player dealt it under "solvable deals
    # only" who asks for a hint at once is shown a move of a winning line, not a best result
    app = make(number=506)
    t = app.scene
    ask_hint(app)
    assert t.hint_move is not None and DevilsGrip.why_not(t.state, t.hint_move) is None
    assert t.status_text == tr("Hint: a move on a winning line (the solver sees face-down cards)")


def test_hint_reason_covers_no_chain_label_on_a_phone():
    # the reason's bubble is placed where it covers the least of the cards and of the chain
    # labels: on a phone held upright, above the first row's card it covered "2 5 8 J"
    app = make(size=(390, 844), number=506)
    t = app.scene
    ask_hint(app)
    draws = app.draws
    for _ in range(5):      # the frame that draws the hint (its texts rendered in the frames before)
        app.frame()
        if app.draws > draws:
            break
    box = t.assist._bubble[1]
    assert not any(box.colliderect(r) for r in t.label_rects)
    assert not box.colliderect(t.hint_anchor())


# -- the deal of the day and its goal ----------------------------------------------------------------
def play_to_the_end(t, moves, merges=True):
    """Plays ``moves`` (texts) through the table, then on to the end of the game: a talon play,
    else the turn, else (when ``merges``) the first merge; cards left never grow, so a line that
    reached its goal ends at it or under it."""
    for m in moves:
        assert t.play(DevilsGrip.parse_move(t.state, m)), m
    while DevilsGrip.status(t.state) == "playing":
        legal = [m for m in DevilsGrip.legal_moves(t.state) if m.kind != SWAP]
        pick = next((m for m in legal if m.kind == TALON), None) or \
            next((m for m in legal if m.kind == TURN), None) or \
            (next((m for m in legal if m.kind == MERGE), None) if merges else None)
        assert pick is not None, DevilsGrip.format_position(t.state)
        assert t.play(pick)
    run_until_idle(t.app)


@pytest.mark.parametrize("size", SIZES)
def test_a_daily_finished_at_its_goal_marks_the_date_won(size):
    from games import daily
    from ui.scenes.daily import DailyScene

    d = daily.daily_deal("2026-12-04", "devils-grip")   # a fixed date: the same deal every day the tests run
    line = daily.grip_goals()[d.number].moves
    app = make(size, number=d.number)
    t = app.scene
    t.start(d.number, {}, daily=d.date)
    assert t.daily_goal == d.goal
    assert t.status_text == f"Deal of the day: leave at most {d.goal} cards in stock and talon"
    assert (tr("Goal"), f"≤ {d.goal}") in t.top_items()
    play_to_the_end(t, line)
    left = DevilsGrip.result(t.state)
    assert left <= d.goal and DevilsGrip.status(t.state) == LOST
    entry = app.progression.daily_entry(d.date, "devils-grip")
    assert entry.won and entry.left == left
    assert "daily devils-grip" in t.outcome.places and t.outcome.points > 0
    assert t.panel is not None and t.panel_title() == "Goal reached!"
    # a daily won: the panel a win has (New deal first, Share this deal), not Rescue first
    assert [a[0] for a in t.panel.actions] == ["new", "replay", "undo", "share", "home"]
    assert t.goal_text() == f"Goal reached: {left} cards left, goal ≤ {d.goal}"
    app.frame()
    if size == (390, 844):
        save_screen(app.screen, "end-panel-devils-grip-daily-390x844.png")
    # the Daily screen shows the date won, and the row its goal
    app.open_daily(d.date)
    app.frame()
    assert isinstance(app.scene, DailyScene) and app.scene.marks(d.date) == (1, 0)
    assert app.scene.goal(d.date) == d.goal
    if size == (390, 844):
        save_screen(app.screen, "daily-devils-grip-goal-390x844.png")


def test_a_daily_above_its_goal_is_played_not_won():
    from games import daily

    d = daily.daily_deal("2026-12-04", "devils-grip")
    app = make(number=d.number)
    t = app.scene
    t.start(d.number, {}, daily=d.date)
    play_to_the_end(t, [], merges=False)       # turns and talon plays only: far above any goal
    left = DevilsGrip.result(t.state)
    assert left > d.goal
    entry = app.progression.daily_entry(d.date, "devils-grip")
    assert entry is not None and not entry.won
    assert t.panel_title() == "No more moves"
    assert t.goal_text() == f"Goal not reached: {left} cards left, goal ≤ {d.goal}"


def test_a_plain_game_has_no_goal():
    app = make(number=7)
    t = app.scene
    assert t.daily_goal is None and all(label != tr("Goal") for label, _ in t.top_items())


@pytest.mark.parametrize("size", [(390, 844), (412, 915)], ids=lambda s: "%dx%d" % s)
def test_the_row_chains_read_on_a_phone(size, monkeypatch):
    """Upright, each screen column is headed by its row's chain (2 5 8 J …); its ranks are drawn
    at least 12 px tall (they were 8 px, at the least readable size, 16) and inside their band,
    clear of the cards."""
    from ui import text

    app = open_app(DevilsGripTable(1), size)
    t = app.scene
    assert t.transposed
    drawn = []
    real = text.render

    def render(line, sz, *a, **k):
        img = real(line, sz, *a, **k)
        drawn.append((line, img))
        return img

    monkeypatch.setattr(text, "render", render)
    surf = pygame.Surface(size, pygame.SRCALPHA)
    for r in range(3):
        t.draw_chain_label(surf, r)
    monkeypatch.setattr(text, "render", real)
    assert len(drawn) == 3
    for r, (line, img) in enumerate(drawn):
        rows = [y for y in range(img.get_height()) if any(img.get_at((x, y)).a > 128 for x in range(img.get_width()))]
        assert rows[-1] - rows[0] + 1 >= 12, (line, rows[-1] - rows[0] + 1)
        lr = t.label_rects[r]
        assert img.get_width() <= lr.width and not any(lr.colliderect(c) for c in t.cell_rects), (lr, line)


def test_a_double_tap_on_a_cell_moves_no_second_stack():
    """A tap moves the cell's stack and the stock refills the cell at once: the second tap of a
    double tap (within ``DOUBLE_TAP`` s) played the card the stock had just put there. It is
    spent now; a tap after that window plays the new card as any tap does."""
    from ui.table import base as base_mod

    for number in range(1, 60):
        app = make(number=number)
        t = app.scene
        i = next((i for i in range(24) if t.targets_for(i)), None)
        if i is None:
            continue
        p = cell(t, i)
        click(app, p)
        moved = t.state
        if t.targets_for(i):           # the card refilled into cell i has a move of its own
            break
    else:
        raise AssertionError("no deal with a refilled card that has a move")
    click(app, p)                      # at once, same cell: the second tap of a double tap
    assert t.state is moved
    t.cycle.at -= DOUBLE_CLICK          # past the double tap's time (a mouse's double click)
    click(app, p)                      # later: a tap of its own
    assert t.state is not moved


@pytest.mark.parametrize("how", [click, tap])
def test_a_tap_on_a_covered_talon_card_is_refused_not_the_top_card_played(how):
    """The talon fans three cards and only its top one plays (docs/devils-grip.md): a tap on the
    visible strip of a covered one played the top card, a card the player did not touch, where
    Klondike's waste refuses such a tap (QA). Refused with a reason now; a drag from it lifts
    nothing. On a table whose cards are narrower than a finger (360x640), the whole fan stays the
    top card's target."""
    s = position({0: "2S"}, stock=("4C", "3D", "9H"), talon=("QD", "KS", "5S"))
    app = make(state=s, anim="normal")
    t = app.scene
    bottom = t.talon_card_rect(3, 0)
    strip = (bottom.x + 4, bottom.centery)
    assert not t.talon_card_rect(3, 2).collidepoint(strip)
    how(app, strip)
    assert t.state is s and t.history.actions == []
    assert t.status_text == "Only the talon's top card can be played" and t.anim.busy("shake")
    drag(app, strip, cell(t, 0))
    assert t.state is s and t.history.actions == []
    how(app, t.target_rect(hit.TALON).center)      # the top card itself: 5♠ onto 2♠
    assert t.history.actions == ["t>1.1"]
    small = make((360, 640), state=s)
    ts = small.scene
    assert ts.card_w < 44
    how(small, (ts.talon_card_rect(3, 0).x + 4, ts.talon_card_rect(3, 0).centery))
    assert ts.history.actions == ["t>1.1"]


@pytest.mark.parametrize("left_handed", [False, True])
def test_the_felt_beside_a_short_talon_fan_is_no_target(left_handed):
    """The talon's place is three cards wide; with one or two cards on it, a tap on the felt
    where a third would lie said "Only the talon's top card can be played" (two cards) or
    played the top card (one) (fresh user). It is felt now (a tap there gives the help line, as
    elsewhere on the table); the cards shown answer."""
    for talon in (("KS", "5S"), ("5S",)):
        s = position({0: "2S"}, stock=("4C", "3D", "9H"), talon=talon)
        app = open_app(DevilsGripTable(None, state=s), (1280, 800), language="en", anim_speed="off",
                       left_handed=left_handed)
        t = app.scene
        fan = t.talon_card_rect(len(talon), len(talon) - 1).unionall(
            [t.talon_card_rect(len(talon), i) for i in range(len(talon))])
        beside = t.talon_area.clip(t.talon_area.move(fan.width if not left_handed else -fan.width, 0))
        assert beside.width > 10 and not beside.colliderect(fan)
        assert t.hit_test(beside.center) is None
        click(app, beside.center)
        assert t.state is s and "talon" not in t.status_text     # a tap on the felt: the help line
        click(app, t.target_rect(hit.TALON).center)
        assert t.history.actions == ["t>1.1"]


def test_a_hint_keeps_the_line_it_announced_when_the_player_follows_it():
    """Hint: "the best line found leaves N cards", its first move played; the next hint's own
    search (here a small budget) finds only a worse line from there: the hint goes on along the
    line announced, with the same N, not the worse one, so following every hint never ends with more
    cards left than a hint had promised."""
    from games.solvers.devils_grip import hint_search

    for n in range(1, 30):
        s0 = DevilsGrip.deal(n)
        big = hint_search(s0, 28_000)
        big.run()
        line = big.best_moves()
        if len(line) < 3:
            continue
        s1 = DevilsGrip.apply(s0, DevilsGrip.parse_move(s0, line[0]))
        small = hint_search(s1, 300)
        small.run()
        if small.best > big.best:
            break
    else:
        raise AssertionError("no deal whose small search from the second position does worse")
    app = open_app(DevilsGripTable(n), (1280, 800), language="en", anim_speed="off", live_winnable=True)
    t = app.scene
    ask_hint(app)
    assert DevilsGrip.format_move(t.state, t.hint_move) == line[0]
    assert t.status_text == f"Hint: the best line found leaves {big.best} cards (the solver sees the stock)"
    t.hint_nodes = 300                    # the live line's search and the next hint's: small
    assert t.play(t.hint_move)
    run_until(app, lambda: t.assist.live is not Live.THINKING)
    assert t.assist.live is Live.BEST and t.assist.live_left == big.best   # not the small search's worse
    ask_hint(app)
    assert DevilsGrip.format_move(t.state, t.hint_move) == line[1]
    assert t.status_text == f"Hint: the best line found leaves {big.best} cards (the solver sees the stock)"
    # off the line (undo to the deal, another move): the new search's own line
    t.undo()
    other = next(m for m in DevilsGrip.legal_moves(t.state) if DevilsGrip.format_move(t.state, m) != line[0])
    assert t.play(other)
    t.hint_move = None
    ask_hint(app)
    fresh = hint_search(t.state, 300)
    fresh.run()
    assert t.status_text == f"Hint: the best line found leaves {fresh.best} cards (the solver sees the stock)"


def test_a_kept_line_that_leaves_no_card_is_hinted_as_a_winning_line():
    """A hint that follows a kept line leaving 0 cards says "a move on a winning line", as the
    other hints of that game do, not "the best line found leaves 0 cards" (fresh32 F4: the two
    alternated along deal 506's win)."""
    app = make()
    t = app.scene
    first = DevilsGrip.format_move(t.state, DevilsGrip.legal_moves(t.state)[0])
    for left, said in ((0, "Hint: a move on a winning line (the solver sees face-down cards)"),
                       (3, "Hint: the best line found leaves 3 cards (the solver sees the stock)")):
        t.kept_line = (t.state, (first,), left)
        t.finish_hint(None, None)
        assert t.status_text == said and DevilsGrip.format_move(t.state, t.hint_move) == first


def test_a_banked_winnable_deal_gets_a_winning_hint(monkeypatch, deal_lines):
    """"Solvable deals only" deals #420 from the bank: its win needs about 55 000 nodes, more
    than a hint searches (28 000), so the table searches the win in the frames' spare time and
    the hint then gives a move on the winning line, not a best line leaving cards."""
    import games.bank
    from games.solvers.devils_grip import hint_search
    from ui.settings import Settings

    monkeypatch.setattr(games.bank.Bank, "pick", lambda self, r, avoid=(): 420)
    short = hint_search(DevilsGrip.deal(420))
    short.run()
    assert short.best > 0                        # the hint's own search does not reach the win
    app = open_app(DevilsGripTable(None), (1280, 800), settings=Settings(language="en", anim_speed="off"))
    t = app.scene
    assert t.number == 420 and t.verified
    run_until(app, lambda: t.assist.line_from(t.state) is not None, 20_000)
    ask_hint(app)
    assert t.status_text == "Hint: a move on a winning line (the solver sees face-down cards)"
    line = t.assist.line_from(t.state)
    assert DevilsGrip.format_move(t.state, t.hint_move) == line[0]


def test_a_drag_on_a_lost_table_reopens_its_end_panel():
    """After a loss, with the end panel closed to look at the grid, a stack dragged to another
    cell (a swap's or a merge's gesture) answers as a tap on it does: the end panel comes back,
    nothing is played (QA: the drag did nothing and said nothing)."""
    app = make(state=position({0: "2S", 1: "5S"}))
    t = app.scene
    click(app, cell(t, 1))
    app.frame()
    lost = t.state
    assert DevilsGrip.status(lost) == LOST and t.panel is not None
    t.close_panel()
    app.frame()
    drag(app, cell(t, 0), t.stack_rect(2).center)
    app.frame()
    assert t.panel is not None and t.panel.end == LOST
    assert t.state == lost and t.history.actions == ["1.2>1.1"]
