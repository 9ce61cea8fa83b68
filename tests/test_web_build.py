"""The web build (docs/web.md): tools/build_web.py runs pygbag 0.9.3 offline and the bundle
holds what the game needs and nothing else, under budget; our page, manifest, service worker
and the self-hosting script are what the browser needs.

The bundle is built once per state of the sources and shared by every test process
(tests/webenv.py, ``cached_build``: a cache folder outside the checkout; ``info["seconds"]`` is
the time of the build that made it). Skipped, with the reason, only when pygbag cannot be
installed.
"""
from __future__ import annotations

import json
import re
import struct
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

import webenv

ROOT = webenv.ROOT
BUNDLE_BUDGET = 1_000_000  # bytes: the game bundle with its assets, 1 MB (DESIGN/issue 6; docs/web.md "Size")
FORBIDDEN_TOP = {"tests", "bench", "docs", "tools", "web", "static", "build", "node_modules", ".venv", ".git", ".ci"}

sys.path.insert(0, str(ROOT / "tools"))
import build_web  # noqa: E402
import host_runtime  # noqa: E402


@pytest.fixture(scope="module")
def bundle():
    return webenv.need_bundle()


def bundle_names(dest: Path) -> list[str]:
    import tarfile

    with tarfile.open(dest / "web" / "pasyans.tar.gz") as t:
        return [m.name for m in t.getmembers() if m.isfile()]


COMMAND_LINE = {"games/__main__.py", "games/winnability.py"}
"""``python -m games`` and its worker processes: not part of the game (tools/build_web.py)."""


def expected_files() -> set[str]:
    """What the game needs: main.py and every file of the packed folders, minus caches and the
    command line (:data:`COMMAND_LINE`)."""
    out = {"main.py"}
    for top in ("games", "ui", "assets", "layouts", "locales"):
        for p in (ROOT / top).rglob("*"):
            rel = p.relative_to(ROOT)
            if p.is_file() and "__pycache__" not in rel.parts and p.suffix != ".pyc" \
                    and not any(part.startswith(".") for part in rel.parts):
                out.add(rel.as_posix())
    return out - COMMAND_LINE


def expected_bytecode() -> set[str]:
    """The byte-code files the bundle carries: one per module of games/ and ui/ but the games'
    searches (games/solvers/ but its __init__ and search); not main.py."""
    return {f"{p.parent.as_posix()}/__pycache__/{p.stem}.cpython-312.pyc"
            for p in map(Path, expected_files()) if p.suffix == ".py" and p.parts[0] in ("games", "ui")
            and (p.parts[:2] != ("games", "solvers") or p.name in ("__init__.py", "search.py"))}


def test_bundle_holds_exactly_what_the_game_needs(bundle):
    dest, info = bundle
    names = bundle_names(dest)
    assert all(n.startswith("assets/") for n in names)
    packed = {n[len("assets/"):] for n in names}
    source = {n for n in packed if "__pycache__" not in n}
    assert source == expected_files()
    assert "main.py" in packed and "games/tripeaks.py" in packed and "ui/__init__.py" in packed
    assert not {n.split("/")[0] for n in packed} & FORBIDDEN_TOP
    assert not [n for n in source if n.endswith((".pyc", ".pyo", ".ini"))]
    assert packed - source == set(info["pyc"])


def test_bundle_carries_the_byte_code_of_every_module_for_cpython_312(bundle):
    """Every module of games/ and ui/ (the games' searches aside) has an unchecked-hash .pyc (PEP 552)
    that CPython 3.12 reads for the shipped source: its magic number, flags, source hash, and the
    source's code inside (the same functions and classes), without its docstrings."""
    import tarfile

    py312 = webenv.build_web.find_python312()
    if py312 is None:
        webenv.unavailable("no CPython 3.12 here (python3.12, $PASYANS_PYTHON312): the bundle has no byte-code")
    dest, info = bundle
    assert set(info["pyc"]) == expected_bytecode()
    with tarfile.open(dest / "web" / "pasyans.tar.gz") as t:
        pairs = {}
        for name in info["pyc"]:
            folder, _, pyc = name.partition("/__pycache__/")
            source = f"{folder}/{pyc.split('.')[0]}.py"
            pairs[source] = (t.extractfile("assets/" + name).read().hex(),
                             t.extractfile("assets/" + source).read().hex())
    check = r"""
import importlib.util, json, marshal, sys, types
pairs, bad = json.loads(sys.stdin.read()), []
for source, (pyc, shipped) in pairs.items():
    data, src = bytes.fromhex(pyc), bytes.fromhex(shipped)
    code = marshal.loads(data[16:])
    ok = (data[:4] == importlib.util.MAGIC_NUMBER and int.from_bytes(data[4:8], "little") == 1
          and data[8:16] == importlib.util.source_hash(src) and isinstance(code, types.CodeType))
    # the same code as the source's, but its docstrings: the names it defines, no docstring text
    names = [c for c in code.co_consts if isinstance(c, types.CodeType)]
    plain = compile(src, source, "exec", dont_inherit=True)
    ok = ok and [c.co_name for c in names] == [c.co_name for c in plain.co_consts if isinstance(c, types.CodeType)]
    ok = ok and "__doc__" not in code.co_names          # no module docstring
    if not ok:
        bad.append(source)
print(json.dumps(bad))
"""
    r = subprocess.run([str(py312), "-c", check], input=json.dumps(pairs), capture_output=True, text=True,
                       timeout=120)
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout) == []


def test_bundle_is_under_budget(bundle):
    dest, info = bundle
    size = (dest / "web" / "pasyans.tar.gz").stat().st_size
    assert size == info["tar_gz"] < BUNDLE_BUDGET, f"pasyans.tar.gz is {size} bytes (budget {BUNDLE_BUDGET})"
    assert info["zip"] < 2 * BUNDLE_BUDGET


def test_source_is_packed_unchanged(bundle):
    # no black, no optimiser: every packed file is byte-identical to the repository's, but
    # Devil's Grip's daily bank, which is packed with its goals and without their lines, and the
    # Python source of the game, packed without its docstrings (line for line)
    import tarfile

    from games.daily import parse_grip_goals

    dest, _ = bundle
    with tarfile.open(dest / "web" / "pasyans.tar.gz") as t:
        for m in t.getmembers():
            if m.isfile() and "/__pycache__/" not in m.name:
                packed, source = t.extractfile(m).read(), (ROOT / m.name[len("assets/"):]).read_bytes()
                if m.name == "assets/" + build_web.GOALS_ONLY:
                    full, short = parse_grip_goals(source.decode()), parse_grip_goals(packed.decode())
                    assert {n: g.goal for n, g in short.items()} == {n: g.goal for n, g in full.items()}
                    assert all(not g.moves for g in short.values()) and len(packed) < len(source) // 4
                elif m.name.endswith(".py"):
                    assert packed == build_web.without_docstrings(source), m.name
                else:
                    assert packed == source, m.name


def _instructions(code):
    """``code``'s instructions and their lines, recursively, NOPs and jump offsets aside (a bare
    string statement compiles to a NOP that keeps its line event), and the line of an implicit
    ``return None`` (the last statement's)."""
    import dis
    import types

    out = []
    for i in dis.get_instructions(code):
        if i.opname == "NOP":
            continue
        if isinstance(i.argval, types.CodeType):
            out.append((i.opname, _instructions(i.argval)))
        else:
            jump = "JUMP" in i.opname or i.opname in ("FOR_ITER", "SEND")
            out.append((i.opname, "" if jump else i.argrepr, i.positions.lineno))
    if [x[:2] for x in out[-2:]] == [("LOAD_CONST", "None"), ("RETURN_VALUE", "")]:
        out[-2:] = [x[:2] for x in out[-2:]]        # the implicit return takes the last line left
    return out


@pytest.mark.parametrize("top", ["main.py", "games", "ui"])
def test_source_without_docstrings_is_the_same_code_line_for_line(top):
    """Every module the page packs compiles, with its bare strings left out, to the same
    instructions on the same lines as the repository's module with its docstrings left out (what
    the byte-code holds), and has as many lines."""
    import ast

    def nodoc(source, name):
        tree = ast.parse(source, name)
        for node in ast.walk(tree):
            body = getattr(node, "body", None)
            if (isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and body
                    and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant)
                    and isinstance(body[0].value.value, str)):
                doc = body.pop(0)
                if not body:
                    body.append(ast.copy_location(ast.Pass(), doc))
        return compile(tree, name, "exec", dont_inherit=True)

    paths = [ROOT / top] if top.endswith(".py") else sorted((ROOT / top).rglob("*.py"))
    before = after = 0
    for path in paths:
        source = path.read_bytes()
        packed = build_web.without_docstrings(source)
        before, after = before + len(source), after + len(packed)
        assert packed.count(b"\n") == source.count(b"\n"), path
        old, new = _instructions(nodoc(source, str(path))), _instructions(nodoc(packed, str(path)))
        assert old == new, path
    assert after < 0.8 * before


@pytest.mark.parametrize("source, packed", [
    (b'def f(): "doc"\n', b"def f(): pass\n"),
    (b'class A:\n    """only\n    doc"""\n\nx = 1\n', b"class A:\n    pass\n\n\nx = 1\n"),
    (b'if x:\n    "s"\nelse:\n    "t"\n    y = 2\n', b"if x:\n    pass\nelse:\n\n    y = 2\n"),
    (b'def g():\n    """d""" ; return 3\n', b"def g():\n    pass ; return 3\n"),
    (b'X = 1\n"""about X"""  # note\ndef h():\n    "\xc3\xa9"\n    return "kept"\n',
     b'X = 1\n\ndef h():\n\n    return "kept"\n'),
    (b'"""mod"""\nfrom __future__ import annotations\n', b"\nfrom __future__ import annotations\n"),
    (b'try:\n    pass\nexcept E:\n    "why"\nfinally:\n    "f"\n',
     b"try:\n    pass\nexcept E:\n    pass\nfinally:\n    pass\n"),
])
def test_without_docstrings_keeps_blocks_and_lines(source, packed):
    assert build_web.without_docstrings(source) == packed
    compile(packed, "x", "exec")


def test_without_docstrings_refuses_bad_source():
    with pytest.raises(SyntaxError):
        build_web.without_docstrings(b"def f(:\n")


def test_build_venv_has_pygbag_and_no_black():
    py = webenv.need_pygbag()
    assert subprocess.run([str(py), "-c", "import black"], capture_output=True).returncode != 0
    r = subprocess.run([str(py), "-c", "import pygbag; print(pygbag.VERSION)"], capture_output=True, text=True)
    assert r.stdout.strip() == "0.9.3"


def test_folder_and_zip_for_static_hosts_and_itch(bundle):
    dest, info = bundle
    web = dest / "web"
    # only what the page and its service worker load: no pasyans.apk (docs/web.md, "What the page loads")
    want = {"index.html", "favicon.png", "pasyans.tar.gz", "sw.js", "manifest.webmanifest", "icon-192.png",
            "icon-512.png"}
    assert {p.name for p in web.iterdir()} == want
    with zipfile.ZipFile(dest / "web.zip") as z:
        names = set(z.namelist())
        assert names == want
        for n in names:
            assert z.read(n) == (web / n).read_bytes(), n


def test_page_is_ours(bundle):
    dest, _ = bundle
    html = (dest / "web" / "index.html").read_text(encoding="utf-8")
    assert "{{cookiecutter" not in html
    assert "<title>Pasyans</title>" in html
    assert re.search(r'<meta name="viewport" content="[^"]*width=device-width[^"]*user-scalable=no', html)
    assert '<link rel="manifest" href="manifest.webmanifest">' in html
    assert 'cdn : "https://pygame-web.github.io/cdn/0.9.3/"' in html
    assert 'src="https://pygame-web.github.io/cdn/0.9.3/pythons.js"' in html
    assert 'archive : "pasyans"' in html and 'bundle = "pasyans"' in html
    assert "gui_divider : 1" in html and 'navigator.serviceWorker.register("sw.js")' in html
    assert 'PKG_INDEX = ""' in html


def test_service_worker_is_stamped(bundle):
    dest, info = bundle
    sw = (dest / "web" / "sw.js").read_text(encoding="utf-8")
    assert f'const BUILD = "{info["stamp"]}";' in sw
    assert 'const RUNTIME = "0.9.3";' in sw
    assert "__PASYANS_" not in sw
    assert re.fullmatch(r"[0-9a-f]{12}", info["stamp"])


def test_stamp_follows_the_content(tmp_path):
    sys.path.insert(0, str(ROOT / "tools"))
    import build_web

    stage = tmp_path / "pasyans"
    packed = build_web.stage(stage)
    a = build_web.build_stamp(stage, packed)
    assert build_web.build_stamp(stage, packed) == a
    (stage / "main.py").write_text((stage / "main.py").read_text() + "\n# changed\n")
    assert build_web.build_stamp(stage, packed) != a


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def test_manifest_and_icons():
    m = json.loads((ROOT / "static" / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert m["name"] == "Pasyans" and m["display"] == "standalone"
    assert re.fullmatch(r"#[0-9a-fA-F]{6}", m["theme_color"])
    sizes = {}
    for icon in m["icons"]:
        w, h = png_size(ROOT / "static" / icon["src"])
        assert icon["sizes"] == f"{w}x{h}"
        sizes[w] = icon["src"]
    assert {192, 512} <= set(sizes)
    assert png_size(ROOT / "web" / "favicon.png") == (64, 64)


def test_pygbag_ini_is_read_as_lists():
    # pygbag reads the values with ast.literal_eval: a plain string would be split into letters
    import ast
    import configparser

    cp = configparser.ConfigParser()
    cp.read(ROOT / "pygbag.ini")
    dirs = ast.literal_eval(cp["DEPENDENCIES"]["ignoreDirs"])
    files = ast.literal_eval(cp["DEPENDENCIES"]["ignoreFiles"])
    assert isinstance(dirs, list) and isinstance(files, list)
    assert {"/tests", "/bench", "/docs", "/tools", "/web"} <= set(dirs)


def test_host_runtime_rewrites_the_page(bundle):
    dest, _ = bundle
    html = (dest / "web" / "index.html").read_text(encoding="utf-8")
    new = host_runtime.point_page_at(html, "runtime/0.9.3/", "runtime/")
    assert "pygame-web.github.io" not in new
    assert 'cdn : "runtime/0.9.3/"' in new and 'src="runtime/0.9.3/pythons.js"' in new
    assert 'PKG_INDEX = "runtime/"' in new
    assert host_runtime.point_page_at(new, "https://pygame-web.github.io/cdn/0.9.3/", "") == html
    with pytest.raises(host_runtime.RuntimeError_):
        host_runtime.point_page_at("<html></html>", "x/", "")


def test_host_runtime_file_list():
    files = host_runtime.runtime_files()
    assert "0.9.3/pythons.js" in files and "0.9.3/cpython312/main.wasm" in files
    index = {"-CDN-": "x", "pygame": "cp312/pygame_ce-2.5.7.dev1-<abi>-<abi>-<api>.whl"}
    assert host_runtime.wheels(index) == ["cp312/pygame_ce-2.5.7.dev1-cp312-cp312-wasm32_bi_emscripten.whl"]
    with pytest.raises(host_runtime.RuntimeError_, match="'pygame'"):
        host_runtime.wheels({})


def test_build_needs_no_network(bundle):
    # tools/build_web.py runs pygbag with every proxy variable on a closed port and a time
    # limit: pygbag retries its CDN forever, so any download attempt would have failed the
    # build by time-out (checked by hand: without --template it hangs here).
    _, info = bundle
    assert info["seconds"] < 60
    assert webenv.build_web.DEAD_PROXY.startswith("http://127.0.0.1:")


def test_host_runtime_copies_the_runtime_and_points_the_page_at_it(bundle, tmp_path):
    # a local server with the CDN's layout stands in for pygbag's CDN
    import functools
    import http.server
    import shutil
    import threading

    cdn = tmp_path / "cdn"
    wheel = "cp312/pygame_ce-2.5.7.dev1-cp312-cp312-wasm32_bi_emscripten.whl"
    for rel in host_runtime.runtime_files() + [wheel]:
        (cdn / rel).parent.mkdir(parents=True, exist_ok=True)
        (cdn / rel).write_bytes(rel.encode() * 3)
    (cdn / host_runtime.index_name()).write_text(json.dumps(
        {"-CDN-": "https://pygame-web.github.io/cdn/", "pygame": "cp312/pygame_ce-2.5.7.dev1-<abi>-<abi>-<api>.whl"}))
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(cdn))
    handler.log_message = lambda *a: None
    server = http.server.ThreadingHTTPServer(("127.0.0.1", webenv.free_port()), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    dest = tmp_path / "out"
    shutil.copytree(bundle[0] / "web", dest / "web")
    shutil.copy2(bundle[0] / "web.zip", dest / "web.zip")
    try:
        written = host_runtime.host(dest / "web", f"http://127.0.0.1:{server.server_port}/", log=lambda *a: None)
    finally:
        server.shutdown()
        server.server_close()
    rels = sorted(p.relative_to(dest / "web" / "runtime").as_posix() for p in written)
    assert rels == sorted(host_runtime.runtime_files() + [host_runtime.index_name(), wheel])
    for rel in rels:
        assert (dest / "web" / "runtime" / rel).read_bytes() == (cdn / rel).read_bytes()
    html = (dest / "web" / "index.html").read_text(encoding="utf-8")
    assert "pygame-web.github.io" not in html and 'PKG_INDEX = "runtime/"' in html
    with zipfile.ZipFile(dest / "web.zip") as z:
        names = set(z.namelist())
        assert {"runtime/" + r for r in rels} | {"index.html", "pasyans.tar.gz", "sw.js"} <= names
        assert z.read("index.html").decode() == html


def test_the_command_line_is_left_out_and_nothing_packed_imports_it(bundle):
    """``python -m games`` and its workers stay out of the bundle, and no packed module imports
    them (the page would fail on that import)."""
    import ast
    import tarfile

    sys.path.insert(0, str(ROOT / "tools"))
    import build_web

    dest, _ = bundle
    with tarfile.open(dest / "web" / "pasyans.tar.gz") as t:
        names = {m.name[len("assets/"):] for m in t.getmembers() if m.isfile()}
    assert build_web.COMMAND_LINE_ONLY == COMMAND_LINE
    left_out = {Path(n).stem for n in COMMAND_LINE}
    assert not names & COMMAND_LINE
    for name in sorted(n for n in names if n.endswith(".py")):
        tree = ast.parse((ROOT / name).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                mods = [node.module or ""] + [a.name for a in node.names]
            elif isinstance(node, ast.Import):
                mods = [a.name for a in node.names]
            else:
                continue
            for mod in mods:
                assert mod.split(".")[-1] not in left_out, f"{name} imports {mod}"
