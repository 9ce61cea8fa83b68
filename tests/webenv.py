"""What the web tests need, installed on demand (docs/web.md, "Tests").

- pygbag 0.9.3 in ``build/.web-venv`` (tools/build_web.py installs it from PyPI);
- Node's packages of ``tests/web/package.json`` (playwright-core, pyodide) in
  ``tests/web/node_modules`` (``npm ci``, from the npm registry);
- Debian's ``chromium`` (``apt-get install chromium``, as root).

The Node and Chromium checks run under CI or with ``PASYANS_WEB=1`` (they take tens of
seconds); the build checks always run. Each ``need_*`` function returns what it found or installed, or skips the calling test with
the reason; under CI (the ``CI`` environment variable set) a failed install fails the test
instead, so CI cannot pass by skipping. The bundle is built once per state of its sources
and shared by every test process (:func:`need_bundle`: pytest-xdist's workers, later runs,
two checkouts at the same commit) from a cache folder outside the checkout. Each install runs
under a file lock (:func:`install_lock`): two test processes at once (pytest-xdist's workers,
two checkouts) install one after the other, and the second finds the first's install done.
"""
from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import tempfile
from functools import lru_cache
from pathlib import Path

import pytest
from filelock import FileLock

ROOT = Path(__file__).resolve().parent.parent
WEB_TESTS = ROOT / "tests" / "web"
NODE_MODULES = WEB_TESTS / "node_modules"
IN_CI = os.environ.get("CI", "").lower() not in ("", "0", "false", "no")

sys.path.insert(0, str(ROOT / "tools"))
import build_web  # noqa: E402


LOCKS = Path(tempfile.gettempdir())
"""Where the install locks lie: the system's temporary folder, so they are the machine's (checkouts
may share their node_modules or build venv through links)."""


def install_lock(name: str) -> FileLock:
    """The lock held while one process installs ``name``: the file ``LOCKS/pasyans-NAME.lock``.
    Waits up to 15 minutes for another process's install (pip, npm ci and apt-get each have their
    own time limit below that)."""
    return FileLock(str(LOCKS / f"pasyans-{name}.lock"), timeout=900)


def unavailable(reason: str):
    """Skip (or, under CI, fail) the calling test with ``reason``."""
    if IN_CI:
        pytest.fail(f"CI cannot run this test: {reason}")
    pytest.skip(reason)


@lru_cache(maxsize=None)
def _pygbag_python() -> tuple[str, str]:
    try:
        with install_lock("web-venv"):
            return str(build_web.ensure_venv(timeout=240)), ""
    except build_web.BuildError as e:
        return "", str(e)


def need_web_run() -> None:
    """The Node and browser checks take tens of seconds: they run under CI, or locally with
    ``PASYANS_WEB=1``; otherwise the calling test is skipped saying so."""
    if not (IN_CI or os.environ.get("PASYANS_WEB", "") not in ("", "0")):
        pytest.skip("browser/WebAssembly check: runs under CI or with PASYANS_WEB=1 (docs/web.md)")


def need_pygbag() -> Path:
    """The build venv's interpreter (pygbag 0.9.3, no black). Skips when pip cannot install it
    (fails under CI, like every other missing tool here: CI cannot pass by skipping)."""
    py, why = _pygbag_python()
    if not py:
        unavailable(f"pygbag 0.9.3 cannot be installed here: {why}")
    return Path(py)


BUNDLE_CACHE = Path(os.environ.get("PASYANS_WEB_CACHE") or Path(tempfile.gettempdir()) / "pasyans-web-bundles")
"""Where built bundles are kept (``$PASYANS_WEB_CACHE``, else the system's temporary folder): one
folder per :func:`bundle_key`, outside the checkout so that git never sees it."""
BUNDLE_KEEP_DAYS = 3
"""A cached bundle not used for this many days is deleted when another is built."""


def bundle_key(py312: Path | None) -> str:
    """A hash (24 hex digits) of everything the web build reads: the packed files
    (``build_web.PACKED``), ``pygbag.ini``, ``static/``, ``web/`` and ``tools/build_web.py`` (each
    file's path and bytes, caches and dot-files left out as the build leaves them out), the pygbag
    version, and which CPython 3.12 compiles the byte-code (``py312``, ``None``: none). Two
    checkouts or two runs with the same key build the same bundle."""
    import hashlib

    h = hashlib.sha256(f"pygbag {build_web.PYGBAG_VERSION}\0py312 {py312}\0".encode())
    tops = list(build_web.PACKED) + ["pygbag.ini", "static", "web", "tools/build_web.py"]
    for top in tops:
        src = ROOT / top
        files = [src] if src.is_file() else sorted(p for p in src.rglob("*") if p.is_file()) if src.is_dir() else []
        for path in files:
            rel = path.relative_to(ROOT)
            if any(build_web._skipped(Path(part)) for part in rel.parts):
                continue
            h.update(rel.as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest()[:24]


def _prune(cache: Path, keep: str) -> None:
    """Delete the cached bundles other than ``keep`` not used for :data:`BUNDLE_KEEP_DAYS` days."""
    import time

    for d in cache.iterdir():
        info = d / "info.json"
        if d.is_dir() and d.name != keep and not d.name.startswith(".") and \
                (not info.is_file() or time.time() - info.stat().st_mtime > BUNDLE_KEEP_DAYS * 86400):
            shutil.rmtree(d, ignore_errors=True)


def cached_build(py: Path, cache: Path = BUNDLE_CACHE, build=None) -> tuple[Path, dict]:
    """``(dest, info)`` of the bundle of the sources as they are now (``dest/web``,
    ``dest/web.zip``; ``info``: :func:`build_web.build`'s, as JSON gives it back), built by ``py``
    (pygbag's interpreter) into ``cache/KEY`` (:func:`bundle_key`) unless a process built it
    there already. The build runs under the key's file lock, into a folder of its own renamed to
    ``cache/KEY`` once complete, so a process waiting on the lock, or finding the folder, reads a
    whole bundle. ``build``: the build function (default :func:`build_web.build`).
    :raises build_web.BuildError: when the build fails (nothing is kept)."""
    import json

    build = build or build_web.build
    py312 = build_web.find_python312()
    key = bundle_key(py312)
    cache.mkdir(parents=True, exist_ok=True)
    dest, info_file = cache / key, cache / key / "info.json"
    with FileLock(str(cache / f".{key}.lock"), timeout=900):
        if not info_file.is_file():
            work = Path(tempfile.mkdtemp(prefix=".building-", dir=cache))
            work.chmod(0o755)       # (mkdtemp's folder is its owner's only) readable as a build folder is
            try:
                info = build(py=py, dest=work, log=lambda *a: None, py312=py312)
                shutil.rmtree(work / "stage", ignore_errors=True)     # pygbag's work, not the bundle
                (work / "info.json").write_text(json.dumps(info), encoding="utf-8")
                if dest.exists():
                    shutil.rmtree(dest)
                work.rename(dest)
            finally:
                shutil.rmtree(work, ignore_errors=True)
            _prune(cache, key)
        os.utime(info_file)        # used now: kept from pruning
        return dest, json.loads(info_file.read_text(encoding="utf-8"))


@lru_cache(maxsize=None)
def _bundle() -> tuple[str, dict | None, str]:
    py, why = _pygbag_python()
    if not py:
        return "", None, why
    try:
        dest, info = cached_build(Path(py))
    except build_web.BuildError as e:
        return "", None, str(e)
    return str(dest), info, ""


def need_bundle() -> tuple[Path, dict]:
    """``(dest, info)`` of the offline build of the sources as they are (``dest/web``,
    ``dest/web.zip``), built once for every test process (:func:`cached_build`). Tests read it and
    never write into it (a test that changes a bundle copies it first)."""
    need_pygbag()
    dest, info, why = _bundle()
    if info is None:
        pytest.fail(f"the web build failed: {why}")
    return Path(dest), info


def need_node() -> str:
    """The ``node`` executable, or skip: the WebAssembly and browser checks need Node."""
    node = shutil.which("node")
    if not node:
        unavailable("node is not installed (apt-get install nodejs npm)")
    return node


@lru_cache(maxsize=None)
def _npm_install() -> str:
    with install_lock("npm-ci"):
        return _npm_install_now()


def _npm_install_now() -> str:
    wanted = ("playwright-core", "pyodide")
    if all((NODE_MODULES / w / "package.json").is_file() for w in wanted):
        return ""
    npm = shutil.which("npm")
    if not npm:
        return "npm is not installed"
    cmd = [npm, "ci" if (WEB_TESTS / "package-lock.json").is_file() else "install", "--no-audit", "--no-fund",
           "--loglevel=error"]
    try:
        r = subprocess.run(cmd, cwd=WEB_TESTS, capture_output=True, text=True, timeout=300)
    except subprocess.TimeoutExpired:
        return "npm ci in tests/web took over 300 s"
    if r.returncode != 0:
        return f"npm ci in tests/web failed: {(r.stderr or r.stdout).strip()[-300:]}"
    return ""


def need_node_modules() -> str:
    """Node plus tests/web/node_modules (installed with npm ci when missing)."""
    node = need_node()
    why = _npm_install()
    if why:
        unavailable(why)
    return node


@lru_cache(maxsize=None)
def _chromium() -> tuple[str, str]:
    with install_lock("chromium"):
        return _chromium_now()


def _chromium_now() -> tuple[str, str]:
    for name in ("chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found, ""
    if not (IN_CI or os.environ.get("PASYANS_INSTALL_CHROMIUM")):
        return "", "chromium is not installed (apt-get install chromium, or set PASYANS_INSTALL_CHROMIUM=1)"
    if os.geteuid() != 0 or not shutil.which("apt-get"):
        return "", "chromium is not installed and apt-get is not usable here (needs root)"
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    try:
        subprocess.run(["apt-get", "update", "-q"], env=env, capture_output=True, timeout=240)
        r = subprocess.run(["apt-get", "install", "-y", "-q", "chromium"], env=env,
                           capture_output=True, text=True, timeout=480)
    except subprocess.TimeoutExpired:
        return "", "apt-get install chromium timed out"
    found = shutil.which("chromium")
    if not found:
        return "", f"apt-get install chromium failed: {(r.stderr or r.stdout).strip()[-300:]}"
    return found, ""


def need_chromium() -> str:
    """Debian's chromium (installed with apt-get under CI or PASYANS_INSTALL_CHROMIUM=1)."""
    path, why = _chromium()
    if not path:
        unavailable(why)
    return path


def free_port() -> int:
    """A free TCP port on 127.0.0.1, never 8000–8099 (pygbag's runtime rewrites URLs there)."""
    while True:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        if not 8000 <= port <= 8099:
            return port


def run_node(script: str, *args: str, timeout: float = 180) -> subprocess.CompletedProcess:
    """Run ``tests/web/<script>`` with Node; its last stdout line is JSON by convention."""
    node = need_node_modules()
    return subprocess.run([node, str(WEB_TESTS / script), *args], cwd=WEB_TESTS, capture_output=True, text=True,
                          timeout=timeout)


# -- the real bundle in the browser (tests/test_web_page.py, bench/web_frames.py) -------------------
WASM_DIR = Path(os.environ.get("PASYANS_WASM_DIR") or ROOT.parent / "shared" / "wasm")
"""Where the pygame-ce wheel for WebAssembly lies: the folder ``PASYANS_WASM_DIR`` names, else
``../shared/wasm/`` next to the checkout (its README gives the provenance, the licence and the
sha256)."""
WHEEL_NAME = "pygame_ce-2.5.7.dev1-cp312-cp312-wasm32_bi_emscripten.whl"
WHEEL_SHA256 = "9c6aa80480c7f199dd024639fc1e1f6b4a5c5c6a7a888b11110ad17b35abdd27"
WHEEL_URL = "https://pygame-web.github.io/cdn/cp312/" + WHEEL_NAME
"""Where the wheel comes from: pygame-web's CDN (repository pygame-web/cdn, commit
5f40e4536ee47c755b5174847103b75b700ff5b0), the file pygbag 0.9.3 serves for CPython 3.12."""


def wheel_problem(wasm_dir: Path = WASM_DIR) -> str:
    """Why the wheel cannot be used (absent, or another sha256), or ``""``."""
    import hashlib

    wheel = wasm_dir / WHEEL_NAME
    if not wheel.is_file():
        return (f"the pygame-ce wasm wheel {WHEEL_NAME} is not in {wasm_dir}: download it from {WHEEL_URL} "
                "(README.md, the built page), or set PASYANS_WASM_DIR to the folder that holds it")
    digest = hashlib.sha256(wheel.read_bytes()).hexdigest()
    if digest != WHEEL_SHA256:
        return (f"{wheel} has sha256 {digest}, not {WHEEL_SHA256}: a different file "
                f"(the one needed is {WHEEL_URL})")
    return ""


def need_wheel() -> Path:
    """The checked pygame-ce wheel, or skip (fail under CI) saying where it comes from (:data:`WHEEL_URL`)."""
    why = wheel_problem()
    if why:
        unavailable(why)
    return WASM_DIR / WHEEL_NAME


def run_page(runs: list[dict], shots: Path | None = None, timeout: float = 480, extra: dict | None = None,
             parallel: int = 1) -> dict:
    """Run ``tests/web/page_test.mjs`` over the session's bundle: one browser, one page load of
    the harness per entry of ``runs`` (``{name, width, height, touch, sw, scenarios}``), the
    scenarios' JSON results (``{"runs": {name: {"load", "scenarios", "errors", "console"}}}``).
    ``extra`` joins the script's configuration (``bench``: bench/web_frames.py's arguments).
    ``parallel``: how many runs go at once (each its own browser context and server; a benchmark
    keeps 1, so that no run times its frames beside another). ``shots``, relative to the caller's
    working directory, is made absolute: the page script runs in tests/web.
    Skips (fails under CI) when Node, its packages, Chromium or the wheel are missing."""
    need_web_run()
    chromium = need_chromium()
    need_node_modules()
    wheel = need_wheel()
    dest, _info = need_bundle()
    cfg = {"chromium": chromium, "bundle": str(dest / "web"), "wheel": str(wheel), "sha256": WHEEL_SHA256,
           "port": free_port(), "shots": str(Path(shots).resolve()) if shots else None, "runs": runs, "parallel": parallel,
           **(extra or {})}
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        import json

        json.dump(cfg, f)
    try:
        r = run_node("page_test.mjs", f.name, timeout=timeout)
    finally:
        os.unlink(f.name)
    if r.returncode != 0:
        pytest.fail(f"page_test.mjs exited {r.returncode}: {r.stderr[-2000:]}")
    import json

    out = json.loads(r.stdout.strip().splitlines()[-1])
    if out.get("error"):
        pytest.fail(f"page_test.mjs: {out['error']}")
    return out


# -- the page's JavaScript on the desktop (tests/test_solver_spider_js.py) --------------------------
class NodeBridge:
    """The page's JavaScript for the desktop's tests: ``tests/web/js_bridge.mjs`` in one Node
    process, with the methods of :class:`games.solvers.spider_js.WindowBridge` (``load(source)``,
    ``ask(name, arg) -> str``, raising its ``JSError``), so the Python side of the JavaScript
    search runs unchanged (``spider_js.use_bridge``). ``target``: the global object whose ``ask``
    is called (``pasyansSpider``; ``pasyansKlondike`` for games/solvers/klondike_search.js); a
    source that does not define it fails to load."""

    def __init__(self, node: str, target: str = "pasyansSpider"):
        self.target = target
        self.proc = subprocess.Popen([node, str(WEB_TESTS / "js_bridge.mjs")], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, bufsize=1)
        self.asked = 0  # calls of ask so far

    def _request(self, request: list) -> str:
        import json

        from games.solvers.spider_js import JSError

        self.proc.stdin.write(json.dumps(request) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise JSError("the Node process ended")
        answer = json.loads(line)
        if "error" in answer:
            raise JSError(answer["error"])
        return answer["ok"]

    def load(self, source: str) -> None:
        self._request(["load", source, self.target])

    def ask(self, name: str, arg: str) -> str:
        from games.solvers.spider_js import JSError

        self.asked += 1
        out = self._request(["ask", name, arg, self.target])
        if out.startswith("!error"):
            raise JSError(f"{name}: {out[7:]}")
        return out

    def close(self) -> None:
        self.proc.stdin.close()
        self.proc.wait(timeout=30)
