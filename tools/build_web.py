"""Build the web version with pygbag 0.9.3, offline: ``python tools/build_web.py``.

Writes ``build/web/`` (for any static host: upload the folder) and ``build/web.zip`` (for
itch.io). Steps (docs/web.md):

1. A build environment ``build/.web-venv`` with ``requirements-web.txt`` (pygbag 0.9.3 from
   PyPI, the one network use; skipped when it is there already). ``black`` must not be
   importable in it: pygbag's optimiser would reformat the packed source with it.
2. A staged copy ``build/stage/pasyans/`` holding only what the game needs (:data:`PACKED`,
   without caches); the folder's name makes the bundle ``pasyans.tar.gz``.
3. ``pygbag --build --archive --no_opt --template web/pasyans.tmpl --icon web/favicon.png``
   in the staged copy, with every proxy variable pointing at a closed port and a time limit:
   with our own template and icon pygbag has no reason to touch the network, and if it ever
   tried (it retries its CDN forever) the build fails instead of hanging.
4. Byte-code for the page's CPython 3.12: the modules of ``games/`` and ``ui/`` (the games'
   searches aside, :data:`UNCOMPILED`) compiled by a native CPython 3.12 (:func:`find_python312`)
   into ``__pycache__/NAME.cpython-312.pyc`` entries added to ``pasyans.tar.gz``. pygbag's runtime sets ``PYTHONDONTWRITEBYTECODE=1`` and
   pygbag packs no ``.pyc``, so without them the page compiles every module at every start (a
   third of the start in WebAssembly). They are *unchecked-hash* ``.pyc`` files (PEP 552): the
   import reads them without comparing the source's time stamp, which the tarball does not keep.
   They are compiled from the staged source, which leaves its docstrings out line for line
   (:func:`without_docstrings`; as ``python -OO`` would, keeping the ``assert`` statements):
   nothing in the game reads ``__doc__``. Without a CPython 3.12 the build says so and ships the
   source alone (the game works, it starts slower).
5. ``build/web`` = pygbag's output plus ``static/`` (manifest, service worker, icons), the
   service worker stamped with a hash of the bundle so a new build replaces the old cache;
   ``build/web.zip`` = the same files.

Exit status 0 on success, 1 with a one-line message on failure.
"""
from __future__ import annotations

import argparse
import glob
import hashlib
import io
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / "build"
VENV = BUILD / ".web-venv"
STAGE = BUILD / "stage" / "pasyans"
OUT = BUILD / "web"
ZIP = BUILD / "web.zip"
APP = "pasyans"
PYGBAG_VERSION = "0.9.3"
PACKED = ("main.py", "games", "ui", "assets", "layouts", "locales")
"""What the game needs at run time, relative to the repository root."""
SKIPPED_NAMES = {"__pycache__", ".pytest_cache", ".hypothesis", ".DS_Store"}
SKIPPED_SUFFIXES = {".pyc", ".pyo", ".orig", ".rej", ".swp"}
COMMAND_LINE_ONLY = {"games/__main__.py", "games/winnability.py"}
"""``python -m games`` and its worker processes: nothing in the page imports them (a test checks
it), and they are 18 kB of the bundle with their byte-code."""
ZIPPED = ("index.html", "favicon.png", f"{APP}.tar.gz", "sw.js", "manifest.webmanifest", "icon-192.png",
          "icon-512.png")
"""The files of ``build/web`` and ``build/web.zip``: everything the page and its service worker load.
pygbag also writes ``pasyans.apk`` (a zip of the same files), which nothing loads at play time: our
page's Python block fetches ``pasyans.tar.gz`` only, and pygbag 0.9.3 reads an apk only in its own
development server (a rebuild when the apk is requested) and when its REPL is given an apk's URL
(docs/web.md, "What the page loads"). It is left out."""
GOALS_ONLY = "games/banks/devils-grip-daily.txt"
"""Devil's Grip's deals of the day: the page reads each deal's goal only (``games.daily.grip_goal``);
the line that reaches it is the file's proof, replayed by the tests and ``python -m games``. The
bundle carries the file with the lines left out (:func:`goals_only`): 200 kB of text, 45 kB of
the compressed bundle, less."""
DEAD_PROXY = "http://127.0.0.1:9"
PYC_TAG = "cpython-312"
"""``sys.implementation.cache_tag`` of the page's CPython (pygbag 0.9.3 runs CPython 3.12): the
byte-code files are ``__pycache__/NAME.cpython-312.pyc``."""
COMPILED = ("games", "ui")
"""The packages whose modules ship with their byte-code (``main.py`` is run, not imported)..."""
UNCOMPILED = "games/solvers/"
"""... except the games' searches in this folder (hints, rescue, solvable deals: imported when a
table first needs one; their 130 kB of byte-code, gzipped, would take the bundle over its 1 MB
budget, docs/web.md "Size"); its :data:`SOLVERS_COMPILED` have byte-code."""
SOLVERS_COMPILED = ("games/solvers/__init__.py", "games/solvers/search.py")
"""The search machinery every table imports (``ui/table/base.py``)."""


class BuildError(Exception):
    """A build step failed; the message says which and why."""


def venv_python(venv: Path = VENV) -> Path:
    """The interpreter of ``venv``."""
    return venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def ensure_venv(venv: Path = VENV, timeout: float = 300) -> Path:
    """Create ``venv`` with ``requirements-web.txt`` unless it has pygbag already.

    :returns: its interpreter. :raises BuildError: when pip fails (no network to PyPI) or
        when ``black`` is importable there.
    """
    py = venv_python(venv)
    if not _has_pygbag(py):
        if not py.exists():
            _run([sys.executable, "-m", "venv", str(venv)], "creating the build venv", timeout=timeout)
        _run([str(py), "-m", "pip", "install", "-q", "--disable-pip-version-check", "-r",
              str(ROOT / "requirements-web.txt")], f"pip install pygbag=={PYGBAG_VERSION}", timeout=timeout)
        if not _has_pygbag(py):
            raise BuildError(f"pygbag {PYGBAG_VERSION} is not importable in {venv}")
    if subprocess.run([str(py), "-c", "import black"], capture_output=True).returncode == 0:
        raise BuildError(f"black is importable in {venv}: pygbag would reformat the source; uninstall it")
    return py


def _has_pygbag(py: Path) -> bool:
    if not py.exists():
        return False
    r = subprocess.run([str(py), "-c", "import pygbag, sys; sys.stdout.write(pygbag.VERSION)"],
                       capture_output=True, text=True)
    return r.returncode == 0 and r.stdout.strip() == PYGBAG_VERSION


def _run(cmd: list[str], what: str, timeout: float, cwd: Path | None = None, env=None) -> str:
    try:
        r = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        raise BuildError(f"{what}: still running after {timeout:.0f} s (waiting for the network?)") from None
    if r.returncode != 0:
        tail = (r.stderr or r.stdout).strip().splitlines()[-3:]
        raise BuildError(f"{what} failed (exit {r.returncode}): {' | '.join(tail)}")
    return r.stdout


def _skipped(path: Path) -> bool:
    return (path.name in SKIPPED_NAMES or path.name.startswith(".") or path.suffix in SKIPPED_SUFFIXES)


def stage(stage_dir: Path = STAGE) -> list[str]:
    """Copy :data:`PACKED`, ``pygbag.ini``, ``static/`` and our page into ``stage_dir``.

    :returns: the packed files, relative and sorted (what the bundle must hold).
    """
    if stage_dir.exists():
        shutil.rmtree(stage_dir)
    stage_dir.mkdir(parents=True)
    packed = []
    for name in PACKED:
        src = ROOT / name
        if not src.exists():
            continue
        if src.is_file():
            if name in STRIPPED:
                (stage_dir / name).write_bytes(without_docstrings(src.read_bytes()))
            else:
                shutil.copy2(src, stage_dir / name)
            packed.append(name)
            continue
        for path in sorted(src.rglob("*")):
            rel = path.relative_to(ROOT)
            if any(_skipped(Path(p)) for p in rel.parts) or not path.is_file() or rel.as_posix() in COMMAND_LINE_ONLY:
                continue
            (stage_dir / rel).parent.mkdir(parents=True, exist_ok=True)
            if rel.as_posix() == GOALS_ONLY:
                (stage_dir / rel).write_text(goals_only(path.read_text(encoding="utf-8")), encoding="utf-8")
            elif path.suffix == ".py" and rel.as_posix().startswith(STRIPPED):
                (stage_dir / rel).write_bytes(without_docstrings(path.read_bytes()))
            else:
                shutil.copy2(path, stage_dir / rel)
            packed.append(rel.as_posix())
    shutil.copy2(ROOT / "pygbag.ini", stage_dir / "pygbag.ini")
    shutil.copytree(ROOT / "static", stage_dir / "static")
    (stage_dir / "web").mkdir()
    for f in ("pasyans.tmpl", "favicon.png"):
        shutil.copy2(ROOT / "web" / f, stage_dir / "web" / f)
    return sorted(packed)


STRIPPED = ("main.py", "games/", "ui/")
"""The Python source packed without its docstrings (:func:`without_docstrings`)."""


def without_docstrings(source: bytes) -> bytes:
    """``source`` (a Python module, UTF-8) with every statement that is a bare string left out:
    docstrings, and the strings under a constant that document it. Each such statement becomes
    blank lines, or ``pass`` where the block would be left empty or where it shares its line with
    other code, so every other line keeps its number (a traceback in the page points at the
    repository's line) and the module compiles to the same code: CPython drops a bare constant
    statement anyway. Nothing in the game reads ``__doc__``; they are a third of the packed
    source (about 150 kB of the compressed bundle).

    :raises SyntaxError: when ``source`` does not parse.
    """
    import ast

    tree = ast.parse(source)
    lines = source.splitlines(keepends=True)
    spans = []                        # (first line, first column, last line, end column, needs pass), 1-based lines
    for node in ast.walk(tree):
        for field in ("body", "orelse", "finalbody"):
            block = getattr(node, field, None)
            if not isinstance(block, list) or not block or not isinstance(block[0], ast.stmt):
                continue
            bare = [isinstance(st, ast.Expr) and isinstance(st.value, ast.Constant) and isinstance(st.value.value, str)
                    for st in block]
            for i, st in enumerate(block):
                if bare[i]:
                    empty = all(bare) and i == 0 and not isinstance(node, ast.Module)
                    spans.append((st.lineno, st.col_offset, st.end_lineno, st.end_col_offset, empty))
    for a, col, b, end, empty in sorted(spans, reverse=True):
        head, tail = lines[a - 1][:col], lines[b - 1][end:]
        shared = head.strip() != b"" or tail.strip() not in (b"", b";") and not tail.lstrip().startswith(b"#")
        keep = empty or shared
        newline = b"\n" if tail.endswith(b"\n") else b""
        lines[a - 1:b] = [head + b"pass" + b"\n" * (b - a) + tail if keep else b"\n" * (b - a) + newline]
    return b"".join(lines)


def goals_only(text: str) -> str:
    """The text of Devil's Grip's daily bank (``DEAL GOAL MOVE…`` lines, comments and ``key:
    value`` lines) with each deal's moves left out: ``DEAL GOAL``; every other line as it is."""
    out = []
    for line in text.splitlines():
        parts = line.split()
        if len(parts) >= 2 and not line.lstrip().startswith("#") and ":" not in parts[0]:
            line = f"{parts[0]} {parts[1]}"
        out.append(line)
    return "\n".join(out) + "\n"


def build_stamp(stage_dir: Path, packed: list[str]) -> str:
    """A short hash of the packed files, the page and ``static/``: the service worker's BUILD."""
    h = hashlib.sha256()
    extra = [p.relative_to(stage_dir).as_posix() for p in sorted((stage_dir / "static").rglob("*")) if p.is_file()]
    for rel in packed + extra + ["web/pasyans.tmpl"]:
        h.update(rel.encode() + b"\0" + (stage_dir / rel).read_bytes() + b"\0")
    return h.hexdigest()[:12]


def run_pygbag(py: Path, stage_dir: Path = STAGE, cdn: str | None = None, timeout: float = 300) -> None:
    """Run pygbag on ``stage_dir`` with no network. :raises BuildError: on failure or timeout."""
    env = dict(os.environ)
    for var in ("http_proxy", "https_proxy", "HTTP_PROXY", "HTTPS_PROXY", "all_proxy", "ALL_PROXY"):
        env[var] = DEAD_PROXY
    env.pop("no_proxy", None)
    env.pop("NO_PROXY", None)
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    cmd = [str(py), "-m", "pygbag", "--build", "--archive", "--no_opt",
           "--template", "web/pasyans.tmpl", "--icon", "web/favicon.png", "--title", "Pasyans"]
    if cdn:
        cmd += ["--cdn", cdn]
    cmd.append(".")
    _run(cmd, "pygbag", timeout=timeout, cwd=stage_dir, env=env)


def find_python312(explicit: str | None = None) -> Path | None:
    """A native CPython 3.12 to compile the page's byte-code with: ``explicit``, else
    ``$PASYANS_PYTHON312``, ``python3.12`` on the PATH, pyenv's 3.12 versions; ``None`` when
    none of them is a CPython 3.12 (its ``cache_tag`` must be :data:`PYC_TAG`)."""
    candidates = [explicit, os.environ.get("PASYANS_PYTHON312"), shutil.which("python3.12")]
    candidates += sorted(glob.glob(os.path.expanduser("~/.pyenv/versions/3.12*/bin/python3.12")), reverse=True)
    for c in candidates:
        if not c:
            continue
        try:
            r = subprocess.run([c, "-c", "import sys; print(sys.implementation.cache_tag)"], capture_output=True,
                               text=True, timeout=30)
        except (OSError, subprocess.TimeoutExpired):
            continue
        if r.returncode == 0 and r.stdout.strip() == PYC_TAG:
            return Path(c)
    return None


_COMPILE = r"""
import importlib.util, marshal, os, sys
src_root, out_root = sys.argv[1], sys.argv[2]
for rel in sys.stdin.read().split():
    source = open(f"{src_root}/{rel}", "rb").read()   # staged without its docstrings
    code = compile(source, rel, "exec", dont_inherit=True)
    # an unchecked-hash .pyc (PEP 552): magic number, flags 0b01, the source's hash, the code
    data = (importlib.util.MAGIC_NUMBER + (1).to_bytes(4, "little") + importlib.util.source_hash(source)
            + marshal.dumps(code))
    os.makedirs(os.path.dirname(f"{out_root}/{rel}"), exist_ok=True)
    open(f"{out_root}/{rel}c", "wb").write(data)
"""


def bytecode(py312: Path, stage_dir: Path, packed: list[str]) -> dict[str, bytes]:
    """The byte-code of every module of :data:`COMPILED` among ``packed``, compiled by ``py312``:
    ``{"games/__pycache__/core.cpython-312.pyc": bytes, ...}``. :raises BuildError: when it fails."""
    mods = [rel for rel in packed if rel.endswith(".py") and rel.split("/")[0] in COMPILED
            and (not rel.startswith(UNCOMPILED) or rel in SOLVERS_COMPILED)]
    with tempfile.TemporaryDirectory(prefix="pasyans-pyc-") as tmp:
        try:
            # -X no_debug_ranges: no column ranges in the code objects (they only place a
            # traceback's carets): a quarter less byte-code, the same instructions and lines
            r = subprocess.run([str(py312), "-X", "no_debug_ranges", "-c", _COMPILE, str(stage_dir), tmp],
                               input="\n".join(mods),
                               capture_output=True, text=True, timeout=300)
        except subprocess.TimeoutExpired:
            raise BuildError("compiling the byte-code: still running after 300 s") from None
        if r.returncode != 0:
            raise BuildError(f"compiling the byte-code failed: {(r.stderr or r.stdout).strip().splitlines()[-1:]}")
        out = {}
        for rel in mods:
            folder, _, name = rel.rpartition("/")
            out[f"{folder}/__pycache__/{name[:-3]}.{PYC_TAG}.pyc"] = Path(tmp, rel + "c").read_bytes()
    return out


def add_to_bundle(tar_gz: Path, files: dict[str, bytes]) -> None:
    """Rewrite ``tar_gz`` (pygbag's bundle, every entry under ``assets/``) with ``files``
    (relative to the game's folder) added under ``assets/``, dated 0 like pygbag's entries."""
    with tarfile.open(tar_gz, "r:gz") as t:
        members = [(m, t.extractfile(m).read() if m.isfile() else None) for m in t.getmembers()]
    with tarfile.open(tar_gz, "w:gz") as t:
        for m, data in members:
            t.addfile(m, io.BytesIO(data) if data is not None else None)
        for rel, data in sorted(files.items()):
            info = tarfile.TarInfo(f"assets/{rel}")
            info.size = len(data)
            t.addfile(info, io.BytesIO(data))


def finish(stage_dir: Path, stamp: str, out: Path = OUT, zip_path: Path = ZIP) -> None:
    """Move pygbag's output to ``out``, stamp ``sw.js``, write ``zip_path``."""
    built = stage_dir / "build" / "web"
    for f in (f"{APP}.tar.gz", "index.html", "favicon.png", "sw.js"):
        if not (built / f).is_file():
            raise BuildError(f"pygbag wrote no {f} in {built}")
    if out.exists():
        shutil.rmtree(out)
    shutil.copytree(built, out, ignore=shutil.ignore_patterns(f"{APP}.apk"))
    missing = sorted(set(ZIPPED) - {p.name for p in out.iterdir()})
    extra = sorted({p.name for p in out.iterdir()} - set(ZIPPED))
    if missing or extra:
        raise BuildError(f"{out} should hold exactly {', '.join(ZIPPED)}: missing {missing}, unexpected {extra}")
    sw = out / "sw.js"
    text = sw.read_text(encoding="utf-8")
    text = text.replace("__PASYANS_BUILD__", stamp).replace("__PASYANS_RUNTIME__", PYGBAG_VERSION)
    sw.write_text(text, encoding="utf-8")
    if zip_path.exists():
        zip_path.unlink()
    with zipfile.ZipFile(zip_path, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        for f in ZIPPED:
            zf.write(out / f, f)


def build(cdn: str | None = None, py: Path | None = None, dest: Path = BUILD, log=print,
          py312: Path | None = None) -> dict:
    """The whole build into ``dest`` (``dest/web``, ``dest/web.zip``; staged in ``dest/stage``).
    ``py312``: the CPython 3.12 that compiles the byte-code (default :func:`find_python312`).

    :returns: ``{"tar_gz": bytes, "web": bytes (the folder), "zip": bytes, "stamp": str,
        "packed": [...], "pyc": [...] (the byte-code files added), "seconds": s}``.
        :raises BuildError: naming the failed step.
    """
    t0 = time.monotonic()
    py = py or ensure_venv()
    stage_dir, out, zip_path = dest / "stage" / APP, dest / "web", dest / "web.zip"
    packed = stage(stage_dir)
    stamp = build_stamp(stage_dir, packed)
    log(f"staged {len(packed)} files in {stage_dir}; running pygbag {PYGBAG_VERSION} offline…")
    run_pygbag(py, stage_dir, cdn=cdn)
    py312 = py312 or find_python312()
    pyc: dict[str, bytes] = {}
    if py312 is None:
        log("no CPython 3.12 found (python3.12, $PASYANS_PYTHON312): the bundle carries no byte-code; "
            "the page will compile every module at each start")
    else:
        pyc = bytecode(py312, stage_dir, packed)
        add_to_bundle(stage_dir / "build" / "web" / f"{APP}.tar.gz", pyc)
    finish(stage_dir, stamp, out, zip_path)
    info = {
        "tar_gz": (out / f"{APP}.tar.gz").stat().st_size,
        "web": sum(p.stat().st_size for p in out.iterdir()),
        "zip": zip_path.stat().st_size,
        "stamp": stamp,
        "packed": packed,
        "pyc": sorted(pyc),
        "seconds": round(time.monotonic() - t0, 1),
    }
    log(f"{out}: {info['web']} bytes, {APP}.tar.gz {info['tar_gz']} bytes ({len(pyc)} byte-code files); "
        f"{zip_path.name} {info['zip']} bytes; build {stamp}; {info['seconds']} s")
    return info


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python tools/build_web.py", description=__doc__.split("\n")[0])
    p.add_argument("--cdn", help="runtime address baked into the page (default: pygbag's CDN)")
    p.add_argument("--python", help="an interpreter with pygbag 0.9.3 and without black (default: build/.web-venv)")
    p.add_argument("--python312", help="the CPython 3.12 that compiles the page's byte-code "
                                       "(default: $PASYANS_PYTHON312, python3.12, pyenv's 3.12)")
    a = p.parse_args(argv)
    try:
        py = Path(a.python) if a.python else None
        if py and subprocess.run([str(py), "-c", "import black"], capture_output=True).returncode == 0:
            raise BuildError(f"black is importable by {py}: pygbag would reformat the source")
        py312 = None
        if a.python312:
            py312 = find_python312(a.python312)
            if py312 is None:
                raise BuildError(f"{a.python312} is not a CPython 3.12 (its cache tag is not {PYC_TAG})")
        build(cdn=a.cdn, py=py, py312=py312)
    except BuildError as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
