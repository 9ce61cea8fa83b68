"""``python -m games winnability`` over a huge range: the deals are made as they are solved (memory
stays flat whatever the range), and a reader that stops early (``| head``) ends the run quietly:
no traceback, no warning, the workers stopped."""
import subprocess
import sys
import tracemalloc

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
