"""Host pygbag's runtime with the game: ``python tools/host_runtime.py [--web build/web]``.

For hosts whose players must never touch pygbag's CDN. Run it after ``tools/build_web.py``
on a machine with internet. It copies the runtime files our page loads (docs/web.md,
"Self-hosted runtime") into ``<web>/runtime/``, keeping the CDN's layout::

    runtime/0.9.3/pythons.js            the loader (pygbag 0.9.3)
    runtime/0.9.3/cpythonrc.py          the runtime's Python start-up
    runtime/0.9.3/cpython312/main.js    CPython 3.12 for WebAssembly: glue,
    runtime/0.9.3/cpython312/main.wasm  interpreter,
    runtime/0.9.3/cpython312/main.data  standard library
    runtime/0.9.3/empty.ogg             the sound unlocker
    runtime/index-0.9.3-cp312.json      the package index, and from it
    runtime/cp312/pygame_ce-….whl       the pygame-ce wheel

then points ``<web>/index.html`` at them (``config.cdn`` and the ``pythons.js`` address become
``runtime/0.9.3/``, ``PKG_INDEX`` becomes ``runtime/``: relative, so the folder can be
hosted anywhere). Upload the whole folder; ``build/web.zip`` is rewritten to match.

``--list`` prints the URLs without downloading. Exit 0 on success, 1 with one line on error.
"""
from __future__ import annotations

import argparse
import json
import re
import sys
import urllib.request
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CDN_BASE = "https://pygame-web.github.io/cdn/"
VERSION = "0.9.3"
PYBUILD = "3.12"
PACKAGES = ("pygame",)
"""Modules of the package index the game imports (main.py: pygame)."""
ABI_TAG = "cp312"
API_TAG = "wasm32_bi_emscripten"
LOCAL = "runtime/"


class RuntimeError_(Exception):
    """A download or rewrite failed; the message says which."""


def runtime_files(version: str = VERSION, pybuild: str = PYBUILD) -> list[str]:
    """Paths under the CDN base that the page loads before the package index."""
    digits = pybuild.replace(".", "")
    return [f"{version}/pythons.js", f"{version}/cpythonrc.py", f"{version}/cpython{digits}/main.js",
            f"{version}/cpython{digits}/main.wasm", f"{version}/cpython{digits}/main.data",
            f"{version}/empty.ogg"]


def index_name(version: str = VERSION, abi: str = ABI_TAG) -> str:
    """The package index's path under the CDN base."""
    return f"index-{version}-{abi}.json"


def wheels(index: dict, packages=PACKAGES, abi: str = ABI_TAG, api: str = API_TAG) -> list[str]:
    """Paths (under the CDN base) of the wheels providing ``packages``.

    :raises RuntimeError_: for a package the index lacks.
    """
    out = []
    for pkg in packages:
        if pkg not in index:
            raise RuntimeError_(f"the package index has no '{pkg}'")
        path = index[pkg].replace("<abi>", abi).replace("<api>", api)
        if path not in out:
            out.append(path)
    return out


def point_page_at(html: str, cdn: str, pkg_index: str) -> str:
    """``html`` (our built index.html) with the runtime at ``cdn`` and the package index at
    ``pkg_index`` ("" for pygbag's CDN). :raises RuntimeError_: if the page is not ours."""
    m = re.search(r'^\s*cdn\s*:\s*"([^"]*)"', html, re.M)
    if not m or "PKG_INDEX = " not in html:
        raise RuntimeError_("index.html is not built from web/pasyans.tmpl (no config.cdn or PKG_INDEX)")
    old = m.group(1)
    html = html.replace(f'"{old}"', f'"{cdn}"').replace(f'src="{old}pythons.js"', f'src="{cdn}pythons.js"')
    return re.sub(r'^PKG_INDEX = "[^"]*"$', f'PKG_INDEX = "{pkg_index}"', html, count=1, flags=re.M)


def _get(url: str, timeout: float) -> bytes:
    try:
        with urllib.request.urlopen(url, timeout=timeout) as r:
            return r.read()
    except OSError as e:
        raise RuntimeError_(f"cannot download '{url}': {e}") from None


def host(web: Path, cdn_base: str = CDN_BASE, timeout: float = 60, log=print) -> list[Path]:
    """Download the runtime into ``web/runtime`` and point ``web/index.html`` at it.

    :returns: the files written. :raises RuntimeError_: on a failed download or a foreign page.
    """
    page = web / "index.html"
    if not page.is_file():
        raise RuntimeError_(f"no '{page}': run tools/build_web.py first")
    html = page.read_text(encoding="utf-8")
    new_html = point_page_at(html, f"{LOCAL}{VERSION}/", LOCAL)
    dest = web / LOCAL
    written = []

    def save(rel: str, data: bytes) -> None:
        path = dest / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        written.append(path)
        log(f"{LOCAL}{rel}: {len(data)} bytes")

    for rel in runtime_files():
        save(rel, _get(cdn_base + rel, timeout))
    raw = _get(cdn_base + index_name(), timeout)
    try:
        index = json.loads(raw)
    except ValueError:
        raise RuntimeError_(f"'{cdn_base + index_name()}' is not JSON") from None
    save(index_name(), raw)
    for rel in wheels(index):
        save(rel, _get(cdn_base + rel, timeout))
    page.write_text(new_html, encoding="utf-8")
    zpath = web.parent / "web.zip"
    if zpath.is_file():  # the itch.io archive gets the runtime too
        with zipfile.ZipFile(zpath) as old:
            names = [n for n in old.namelist() if n != "index.html" and not n.startswith(LOCAL)]
            blobs = {n: old.read(n) for n in names}
        with zipfile.ZipFile(zpath, "w", compression=zipfile.ZIP_DEFLATED) as zf:
            zf.writestr("index.html", new_html)
            for n in names:
                zf.writestr(n, blobs[n])
            for path in written:
                zf.write(path, path.relative_to(web).as_posix())
    return written


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python tools/host_runtime.py", description=__doc__.split("\n")[0])
    p.add_argument("--web", default=str(ROOT / "build" / "web"), help="the built folder (default build/web)")
    p.add_argument("--cdn-base", default=CDN_BASE, help=f"where to download from (default {CDN_BASE})")
    p.add_argument("--list", action="store_true", help="print the URLs and stop")
    a = p.parse_args(argv)
    base = a.cdn_base if a.cdn_base.endswith("/") else a.cdn_base + "/"
    if a.list:
        for rel in runtime_files() + [index_name()]:
            print(base + rel)
        print(f"{base}<the wheels the index names for: {' '.join(PACKAGES)}>")
        return 0
    try:
        host(Path(a.web), base)
    except RuntimeError_ as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
