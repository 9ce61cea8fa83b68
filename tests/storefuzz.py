"""Inputs and checks shared by the Store's property test (tests/test_store_fuzz.py, a bounded
number of examples) and its long run (bench/fuzz_store.py): arbitrary JSON, mutations of real
records of every kind (docs/storage.md), torn texts, import texts and store files.

Each ``check_*`` function takes one input, runs what the app runs on it, and asserts: no exception
escapes, every other record is intact, nothing is deleted without a copy.
"""
from __future__ import annotations

import copy
import json
import tempfile
from functools import lru_cache
from pathlib import Path

from hypothesis import strategies as st

from games.registry import GAMES, find_game
from ui.progress import Progress
from ui.settings import Settings
from ui.storage import KINDS, JsonFileStorage, MemoryStorage, Store, kind_of

GAME_OPTIONS = [("tripeaks", {"mode": "easy", "scoring": "streak"}), ("klondike", {"draw": "3"}),
                ("spider", {"suits": "2", "relaxed": "no"}), ("freecell", {}), ("pyramid", {"layout": "7"}),
                ("devils-grip", {})]


@lru_cache(maxsize=1)
def real_records() -> tuple[tuple[str, str], ...]:
    """Raw texts of real records of every kind, as the app writes them: settings, statistics with
    wins, losses and bests, and a game in progress (a few moves, one undo) of every game."""
    store = Store(MemoryStorage())
    Settings(language="ru", four_colour=True,
             game_options={g: dict(o) for g, o in GAME_OPTIONS if o}).save(store)
    p = Progress(store)
    for k, (game, opts) in enumerate(GAME_OPTIONS):
        rules = find_game(game)
        for n in (3 + k, 40 + k):
            saved = p.begin(game, n, opts)
            h = saved.replay()
            for i in range(6):
                moves = rules.legal_moves(h.state)
                if not moves:
                    break
                h.play(moves[i % len(moves)])
                if i == 3:
                    h.undo()
            saved.seconds = 30.0 + n
            p.save(saved, h)
        p.won(saved, saved.replay(), score=120 + k, result=k)
        earlier = saved
        saved = p.begin(game, 90 + k, opts)
        h = saved.replay()
        h.play(rules.legal_moves(h.state)[0])
        if k == 0:   # a save flagged with a win's unrecorded records, carrying an earlier one
            flag = {"date": "2026-12-04", "parts": ["progress.records", "stats"]}
            saved.unrecorded = dict(flag)
            saved.carried = [earlier.data() | {"unrecorded": flag}]
        p.save(saved, h)
    # the progression's records: daily results, record tables, badges
    from games.progression import GameResult
    from ui.progression import Progression

    pr = Progression(store)
    pr.record(GameResult("klondike", {"draw": "1"}, "KL1-D1-AAAAAGM", True, 300, 150, "2026-12-04",
                         daily="2026-12-04"))
    pr.record(GameResult("pyramid", {"layout": "7", "passes": "unlimited"}, "PY1-L07-AAAAAAB", True, 200, 60,
                         "2026-12-03"))
    pr.record(GameResult("tripeaks", {"mode": "easy"}, "TP1-E-AAAAALL", False, 90, 40, "2026-12-04",
                         daily="2026-12-04", longest_run=9))
    pr.record(GameResult("devils-grip", {}, "DG1-S-AAAAAXI", False, 400, 120, "2026-12-04", cards_left=7))
    return tuple(sorted(store.backend.data.items()))


def kinds_without_example() -> list[str]:
    """Registered record kinds with no real record in :func:`real_records` (add one there).
    Every module of ``KIND_MODULES`` is imported first, whatever this session imported."""
    kind_of("settings")
    names = [n for n, _ in real_records()]
    return [k.name for k in KINDS if not any(k.matches(n) for n in names)]


# -- inputs --------------------------------------------------------------------------------------
ODD = st.sampled_from(["3", "abc", "", "²", "٣", -1, 0, 1, 10 ** 30, -(10 ** 30), 1.5, 1e300, True, False, None,
                       [], {}, "w", "l", "x" * 300, "tripeaks", "bogus", "game.tripeaks", "stats.corrupt"])
SCALARS = (st.none() | st.booleans() | st.integers(min_value=-(10 ** 40), max_value=10 ** 40)
           | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=12) | ODD)
JSON = st.recursive(SCALARS, lambda c: st.lists(c, max_size=4) | st.dictionaries(st.text(max_size=10) | ODD.filter(
    lambda v: isinstance(v, str)), c, max_size=4), max_leaves=12)


@st.composite
def mutation(draw, value):
    """``value`` (a JSON value) with one change somewhere inside: a value replaced (by arbitrary
    JSON or a near miss such as ``"3"`` for 3), a key or item removed, a key added."""
    v = copy.deepcopy(value)
    if not isinstance(v, (dict, list)) or not v or draw(st.integers(0, 5)) == 0:
        return draw(JSON | ODD)
    holder, key = v, None
    while True:  # walk down to a random place
        keys = sorted(holder, key=str) if isinstance(holder, dict) else list(range(len(holder)))
        if not keys:
            break
        key = draw(st.sampled_from(keys))
        child = holder[key]
        if isinstance(child, (dict, list)) and child and draw(st.booleans()):
            holder = child
            continue
        break
    op = draw(st.sampled_from(["replace", "replace", "odd", "delete", "add"]))
    if key is None or op == "add":
        if isinstance(holder, dict):
            holder[draw(st.text(max_size=8) | st.sampled_from(["played", "won", "number", "draw", "colour"]))] = \
                draw(JSON | ODD)
        else:
            holder.append(draw(JSON | ODD))
    elif op == "delete":
        del holder[key]
    else:
        holder[key] = draw(ODD if op == "odd" else JSON)
    return v


@st.composite
def record_text(draw, raw: str):
    """A stored text where a record ``raw`` was: a mutation of its data, its text torn, or junk."""
    how = draw(st.sampled_from(["mutate", "mutate", "mutate", "tear", "json", "text", "wrapper"]))
    if how == "mutate":
        return json.dumps({"schema": 1, "data": draw(mutation(json.loads(raw)["data"]))})
    if how == "tear":
        return raw[:draw(st.integers(0, max(0, len(raw) - 1)))]
    if how == "json":
        return json.dumps(draw(JSON))
    if how == "wrapper":
        return json.dumps(draw(mutation(json.loads(raw))))
    return draw(st.text(max_size=60))


@st.composite
def load_case(draw):
    """``(name, text)``: a record's place and what is found there."""
    records = dict(real_records())
    name = draw(st.sampled_from(sorted(records) + ["game.bogus", "stats.corrupt", "settings.new", "zzz"]))
    base = records.get(name) or records["stats"]
    return name, draw(record_text(base))


@st.composite
def import_text(draw):
    """An import: a real export with some records mutated, renamed or added; or arbitrary JSON
    or text."""
    how = draw(st.sampled_from(["export", "export", "export", "json", "text", "shape"]))
    if how == "json":
        return json.dumps(draw(JSON))
    if how == "text":
        return draw(st.text(max_size=80))
    records = {n: json.loads(t)["data"] for n, t in real_records()}
    doc = {"pasyans_export": 1, "schema": 1, "records": records}
    if how == "shape":
        return json.dumps(draw(mutation(doc)))
    for _ in range(draw(st.integers(0, 3))):
        name = draw(st.sampled_from(sorted(records)))
        kind = draw(st.sampled_from(["mutate", "drop", "rename"]))
        if kind == "mutate":
            records[name] = draw(mutation(records[name]))
        elif kind == "drop":
            records.pop(name, None)
            if not records:
                records["settings"] = {}
        else:
            new = draw(st.sampled_from(["stats.corrupt", "game.bogus", "_undo.import", "settings.new",
                                        "game.klondike", "game.spider", "stats", "settings"]))
            records[new] = records.pop(name)
    return json.dumps(doc)


@st.composite
def store_file(draw):
    """The bytes of a desktop ``store.json``: the real one torn or mutated, or junk."""
    whole = json.dumps(dict(real_records()), ensure_ascii=False)
    how = draw(st.sampled_from(["tear", "tear", "junk", "json", "nest", "bytes"]))
    if how == "tear":
        return whole[:draw(st.integers(0, len(whole)))].encode("utf-8")
    if how == "json":
        return json.dumps(draw(JSON)).encode("utf-8")
    if how == "nest":
        return ("[" * draw(st.integers(1, 200_000))).encode()
    if how == "bytes":
        return draw(st.binary(max_size=80))
    return draw(st.text(max_size=80)).encode("utf-8")


# -- checks --------------------------------------------------------------------------------------
def run_the_app_on(store: Store) -> None:
    """What the app does with a store at a start and on its screens, without pygame: settings,
    statistics, Continue, every save restored, an export, and new deals under the settings."""
    settings = Settings.load(store)
    p = Progress(store)
    p.unfinished()
    for g in GAMES:
        p.load_game(g)
        find_game(g).check_options(settings.options_for(g))   # a new deal would deal
    for key in list(p.stats):
        s = p.summary(key)
        s["won"] + s["played"] + len(s["last"]) + s["win_pct"]  # the statistics screen's arithmetic
    store.export_text()
    store.take_notices()


def copies_of(data: dict, name: str) -> list[str]:
    return [v for k, v in data.items() if k == name + ".corrupt" or k.startswith(name + ".corrupt.")]


def check_load(name: str, text: str) -> None:
    """``text`` found where record ``name`` lives, beside the real records: the app runs, every
    other record is intact, and ``text`` is either still there or kept in a copy."""
    records = dict(real_records())
    mem = MemoryStorage()
    mem.data = dict(records)
    mem.data[name] = text
    store = Store(mem)
    run_the_app_on(store)
    for n, t in records.items():
        if n != name:
            assert mem.data.get(n) == t, f"{n} changed"
    if mem.data.get(name) != text:
        assert text in copies_of(mem.data, name), f"{name} deleted without a copy"
    after = dict(mem.data)
    run_the_app_on(Store(mem))          # a second start changes nothing more
    assert mem.data == after
    p = Progress(Store(mem))            # and play goes on: a new deal, counted later
    p.begin("tripeaks", 7, {"mode": "easy", "scoring": "streak"})


def check_import(text: str) -> str:
    """An import over the real records: refused and nothing changed, or written whole (each
    record readable, the others intact) and undone exactly. Returns ``refused`` or ``imported``."""
    records = dict(real_records())
    mem = MemoryStorage()
    mem.data = dict(records)
    store = Store(mem)
    try:
        plan = store.read_import(text)
    except ValueError:
        assert mem.data == records
        return "refused"
    assert mem.data == records, "reading an import wrote something"
    for name in plan.records:
        assert kind_of(name) is not None
    store.apply_import(plan)
    for n, t in records.items():
        if n not in plan.records:
            assert mem.data[n] == t, f"{n} changed"
    fresh = Store(mem)
    for name in plan.records:
        assert fresh.load(name) is not None, f"{name} imported but unreadable"
    assert not fresh.kept()
    run_the_app_on(fresh)
    assert store.undo_import() == len(plan.records)
    assert mem.data == records, "undo import did not restore everything"
    return "imported"


def check_store_file(content: bytes) -> None:
    """A desktop ``store.json`` holding ``content``: the app runs, and the bytes are either the
    file read as it is or kept as ``store.corrupt``."""
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "store.json"
        path.write_bytes(content)
        store = Store(JsonFileStorage(path))
        run_the_app_on(store)
        kept = [p.read_bytes() for p in Path(d).glob("store.corrupt*")]
        if kept:
            assert kept == [content]
            assert store.kept_file() is not None
        else:
            assert json.loads(content.decode("utf-8")) is not None  # it read
