"""``python -m games winnability`` over a huge range: the deals are made as they are solved (memory
stays flat whatever the range), and a reader that stops early (``| head``) ends the run quietly:
no traceback, no warning, the workers stopped."""
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path

import pytest

from games.registry import find_game
from games.winnability import run


class Closes:
    """Standard output whose reader goes away after ``n`` lines."""

    def __init__(self, n):
        self.n, self.lines = n, []

    def write(self, text):
        if len(self.lines) >= self.n:
            raise BrokenPipeError(32, "Broken pipe")
        self.lines.append(text)

    def flush(self):
        pass


def test_a_huge_range_is_made_as_it_is_solved():
    out = Closes(3)
    tracemalloc.start()
    try:
        with pytest.raises(BrokenPipeError):
            run(find_game("tripeaks"), 1, 2_000_000, {"mode": "easy", "scoring": "streak"}, 0.01, 1, out)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert len(out.lines) == 3 and out.lines[0].startswith("1 ")
    assert peak < 20_000_000, peak        # a list of the 2 000 000 deals alone would take ~250 MB


def test_a_closed_pipe_ends_the_run_quietly():
    """The reader reads two lines and closes the pipe: the command ends soon after (not once the
    whole range is solved), exit 0, nothing on standard error."""
    p = subprocess.Popen([sys.executable, "-m", "games", "winnability", "tripeaks", "--deals", "1-20000000",
                          "--timeout", "0.01", "--jobs", "2"], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    first = [p.stdout.readline() for _ in range(2)]
    p.stdout.close()
    try:
        # a guard against a run that goes on over the whole range, not a measurement
        rc = p.wait(timeout=120)
    finally:
        if p.poll() is None:
            p.kill()
            p.wait()
    err = p.stderr.read().decode()
    assert [ln.split()[0] for ln in first] == [b"1", b"2"]
    assert rc == 0 and err == "", err


SETTLED = "PASYANS_TEST_SETTLED"
"""The file where :func:`slow_deal` notes each deal it settles (set in the workers' environment)."""
GATE_OPEN = 3
"""Deals :func:`slow_deal` settles at once; each later one waits until the reader has read this
many lines (:class:`Reads` makes the file ``$PASYANS_TEST_SETTLED.read``), or :data:`GATE_WAIT`."""
GATE_WAIT = 30.0
"""Seconds after the run's start until which a gated deal waits at most (``$PASYANS_TEST_GATE``,
a ``time.time()``): only a run that holds the first lines back behind later deals (the whole
chunk's) waits that long, and then its first line comes with many deals settled."""
GATE = "PASYANS_TEST_GATE"


def slow_deal(args):
    """A stand-in for :func:`games.winnability.solve_deal`, run in the workers: a twentieth of a
    second a deal, each deal noted in the file ``$PASYANS_TEST_SETTLED`` as it is settled; a deal
    after the first :data:`GATE_OPEN` is settled only once the reader has read that many lines
    (or :data:`GATE_WAIT` s after the run's start), so that what the reader sees counts events, not the time the
    machine's load gives each process."""
    import os
    import time

    time.sleep(0.05)
    if args[1] > GATE_OPEN:
        until = float(os.environ[GATE])
        while not os.path.exists(os.environ[SETTLED] + ".read") and time.time() < until:
            time.sleep(0.01)
    with open(os.environ[SETTLED], "a") as fh:
        fh.write(f"{args[1]}\n")
    return args[1], "unknown", 0.05, 0, None


class Reads:
    """Standard output read by a test: notes how many deals were settled when each line came, and
    once ``n`` lines are read opens :func:`slow_deal`'s gate."""

    def __init__(self, settled, n):
        self.settled, self.n, self.lines, self.seen = settled, n, [], []

    def write(self, text):
        if len(self.lines) >= self.n:
            raise BrokenPipeError(32, "Broken pipe")
        self.lines.append(text)
        self.seen.append(len(self.settled.read_text().split()))
        if len(self.lines) == self.n:
            Path(str(self.settled) + ".read").write_text("")

    def flush(self):
        pass


def test_each_line_comes_as_soon_as_its_deal_is_settled(tmp_path, monkeypatch):
    """Over a long range with two workers, the first lines are written while only the deals before
    them are settled (deals after the third wait for the reader), not once a whole chunk of deals
    is, in the deals' order; the closed pipe then stops the workers, none left running."""
    import multiprocessing

    settled = tmp_path / "settled"
    settled.write_text("")
    monkeypatch.setenv(SETTLED, str(settled))
    monkeypatch.setenv(GATE, str(time.time() + GATE_WAIT))
    out = Reads(settled, GATE_OPEN)
    with pytest.raises(BrokenPipeError):
        run(find_game("klondike"), 1, 100_000, {"draw": "1"}, 10.0, 2, out, solve=slow_deal)
    assert [ln.split()[0] for ln in out.lines] == ["1", "2", "3"]
    # no deal after the third is settled before the reader has the three lines
    assert out.seen[-1] <= GATE_OPEN, out.seen
    assert multiprocessing.active_children() == []


def quick_deal(args):
    """A stand-in for :func:`games.winnability.solve_deal`: a deal solved in a millisecond of CPU
    (as it says), so the workers are soon handed chunks of many deals."""
    return args[1], "solved", 0.001, 7, None


def failing_deal(args):
    """A stand-in whose search raises on deal 5."""
    if args[1] == 5:
        raise ValueError("the search broke on purpose")
    return quick_deal(args)


def test_chunks_of_fast_deals_come_back_whole_and_in_order():
    out = Closes(10_000)
    assert run(find_game("pyramid"), 3, 2002, {}, 1.0, 2, out, solve=quick_deal) == 0
    assert [ln.split()[0] for ln in out.lines[:-1]] == [str(n) for n in range(3, 2003)]
    assert out.lines[-1].startswith("solved 2000, unsolvable 0, unknown 0, seconds ")


def test_a_search_that_raises_stops_the_run_and_its_workers():
    import multiprocessing

    out = Closes(10_000)
    with pytest.raises(RuntimeError, match="(?s)deal 5: the search raised.*on purpose"):
        run(find_game("pyramid"), 1, 5000, {}, 1.0, 2, out, solve=failing_deal)
    printed = [ln.split()[0] for ln in out.lines]
    assert printed == ["1", "2", "3", "4"][:len(printed)]    # the lines before it, in order, if any
    assert multiprocessing.active_children() == []


def stalling_deal(args):
    """A stand-in for :func:`games.winnability.solve_deal`: deals 1 and 2 at once, every later
    deal a two-minute search."""
    import time

    if args[1] > 2:
        time.sleep(120)
    return args[1], "unknown", 0.0, 0, None


def test_a_closed_pipe_is_noticed_during_a_long_search():
    """The reader takes two lines and closes the pipe while the workers are deep in a long search:
    the run ends at once (it ended only when the next line was written, a whole search later),
    exit 0, nothing on standard error."""
    script = (
        "import os, sys\n"
        f"sys.path.insert(0, {str(Path(__file__).parent)!r})\n"
        "from test_winnability_stream import stalling_deal\n"
        "from games.registry import find_game\n"
        "from games.winnability import run\n"
        "try:\n"
        "    run(find_game('pyramid'), 1, 1000, {}, 1.0, 2, sys.stdout, solve=stalling_deal)\n"
        "except BrokenPipeError:\n"
        "    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())\n"
    )
    p = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         cwd=Path(__file__).parent.parent)
    first = [p.stdout.readline() for _ in range(2)]
    p.stdout.close()
    try:
        # a guard far under the two minutes the next line would take, not a measurement
        rc = p.wait(timeout=60)
    finally:
        if p.poll() is None:
            p.kill()
            p.wait()
    err = p.stderr.read().decode()
    p.stderr.close()
    assert [ln.split()[0] for ln in first] == [b"1", b"2"]
    assert rc == 0 and err == "", err
