"""Our page offline and on a phone, in headless Chromium (docs/web.md, "What is proved here").

The real runtime lives on pygbag's CDN, out of reach here, so the built page is pointed (by
tools/host_runtime.py's point_page_at) at stand-in runtime files with the CDN's names and
layout on a second local server (tests/web/standin.mjs). tests/web/offline_test.mjs then
drives Debian's chromium with playwright-core: first visit online, both servers stopped,
reload (everything from the service worker's caches), a new version replacing the old cache,
offline again; and a phone in both orientations. Needs node and chromium (installed by the
test under CI: npm ci, apt-get install chromium).
"""
from __future__ import annotations

import io
import json
import shutil
import sys
import tarfile

import pytest

import webenv

sys.path.insert(0, str(webenv.ROOT / "tools"))
import host_runtime  # noqa: E402

SITE_FILES = ("", "index.html", "favicon.png", "pasyans.tar.gz", "manifest.webmanifest", "icon-192.png",
              "icon-512.png")


def make_site(src, dest, cdn_port: int, v2: bool = False):
    shutil.copytree(src, dest)
    base = f"http://127.0.0.1:{cdn_port}/cdn/"
    page = dest / "index.html"
    html = host_runtime.point_page_at(page.read_text(encoding="utf-8"), base + "0.9.3/", base)
    if v2:
        html = html.replace("</html>", "<!-- v2 -->\n</html>")
        sw = dest / "sw.js"
        text = sw.read_text(encoding="utf-8")
        old = text.split('const BUILD = "', 1)[1].split('"', 1)[0]
        sw.write_text(text.replace(f'const BUILD = "{old}"', 'const BUILD = "v2v2v2v2v2v2"'), encoding="utf-8")
        extra = dest.parent / "v2.txt"
        extra.write_text("the second version\n")
        with tarfile.open(dest / "pasyans.tar.gz", "r:gz") as t:
            members = [(m, t.extractfile(m).read() if m.isfile() else None) for m in t.getmembers()]
        with tarfile.open(dest / "pasyans.tar.gz", "w:gz") as t:
            for m, data in members:
                t.addfile(m, io.BytesIO(data) if data is not None else None)
            t.add(extra, "assets/v2.txt")
    page.write_text(html, encoding="utf-8")
    return dest


@pytest.fixture(scope="module")
def result(tmp_path_factory):
    webenv.need_web_run()
    chromium = webenv.need_chromium()
    webenv.need_node_modules()
    dest, info = webenv.need_bundle()
    work = tmp_path_factory.mktemp("offline")
    cdn_port, site_port = webenv.free_port(), webenv.free_port()
    while site_port == cdn_port:
        site_port = webenv.free_port()
    cfg = {
        "site1": str(make_site(dest / "web", work / "site1", cdn_port)),
        "site2": str(make_site(dest / "web", work / "site2", cdn_port, v2=True)),
        "work": str(work), "cdn_port": cdn_port, "site_port": site_port, "chromium": chromium,
    }
    (work / "config.json").write_text(json.dumps(cfg))
    r = webenv.run_node("offline_test.mjs", str(work / "config.json"), timeout=240)
    assert r.returncode == 0, r.stderr[-2000:]
    return json.loads(r.stdout.strip().splitlines()[-1])


def test_first_visit_online_caches_page_bundle_and_runtime(result):
    assert "error" not in result, result.get("error")
    first = result["first"]
    assert first["standin"]["ok"], first["standin"]
    assert first["standin"]["title"] == "Pasyans"
    assert first["standin"]["wasm_answer"] == 42
    cached = set().union(*first["caches"].values())
    assert set(first["expected"]) <= cached
    names = set(first["caches"])
    assert any(k.startswith("pasyans-app-") for k in names) and "pasyans-runtime-0.9.3" in names
    # the runtime went to the runtime cache, our files to the app cache
    app = next(v for k, v in first["caches"].items() if k.startswith("pasyans-app-"))
    assert all("/cdn/" not in u for u in app)
    assert all("/cdn/" in u for u in first["caches"]["pasyans-runtime-0.9.3"])


def offline_ok(phase):
    assert phase["standin"]["ok"], phase["standin"]
    responses = phase["responses"]
    # a request whose body the page had not finished reading when it reloaded is reported as
    # aborted (the stand-in never reads the sound unlocker's body); every other failure counts
    answered = {r["url"] for r in responses if r["sw"] and r["status"] == 200}
    real_failures = [f for f in phase["failed"] if not (f["error"] == "net::ERR_ABORTED" and f["url"] in answered)]
    assert real_failures == [], real_failures
    assert responses, "the page loaded nothing"
    not_from_worker = [r["url"] for r in responses if not r["sw"]]
    assert not_from_worker == [], not_from_worker
    assert all(r["status"] == 200 for r in responses)
    urls = {r["url"].split("/")[-1] for r in responses}
    assert {"index.html", "pythons.js", "main.js", "main.wasm", "main.data", "cpythonrc.py", "empty.ogg",
            "pasyans.tar.gz", "index-0.9.3-cp312.json", "pygame_ce-2.5.7.dev1-cp312-cp312-wasm32_bi_emscripten.whl"
            } <= urls, urls


def test_second_visit_offline_starts_from_the_cache(result):
    assert "error" not in result, result.get("error")
    assert result["servers_down"] is True
    offline_ok(result["offline"])
    assert result["offline"]["standin"]["wasm_answer"] == 42
    assert result["offline"]["standin"]["bundle_sha256"] == result["first"]["standin"]["bundle_sha256"]


def test_new_version_replaces_the_old_cache(result):
    assert "error" not in result, result.get("error")
    up = result["updated"]
    assert up["standin"]["ok"] and up["standin"]["v2"], up["standin"]
    assert up["old_app_cache"] not in up["caches"]
    assert "pasyans-app-v2v2v2v2v2v2" in up["caches"]
    assert set(up["caches"]) == {"pasyans-app-v2v2v2v2v2v2", "pasyans-runtime-0.9.3"}
    assert up["standin"]["bundle_sha256"] != result["first"]["standin"]["bundle_sha256"]
    assert result["servers_down_again"] is True
    offline_ok(result["offline2"])
    assert result["offline2"]["standin"]["v2"]
    assert result["offline2"]["standin"]["bundle_sha256"] == up["standin"]["bundle_sha256"]


def test_phone_loading_screen_and_full_screen_canvas(result):
    assert "phone_error" not in result, result.get("phone_error")
    phone = result["phone"]
    loading = phone["loading"]
    assert loading["title"] == "Pasyans" and loading["name"] == "Pasyans"
    assert loading["shown"] and loading["rect"] == [0, 0, 390, 844]
    assert loading["tap"] == "Tap to play"
    for shape, (w, h) in (("portrait", (390, 844)), ("landscape", (844, 390))):
        m = phone[shape]
        assert m["window"] == [w, h], m
        assert m["surface"] == [w, h], m  # the game's surface follows the window's shape
        assert m["rect"] == [0, 0, w, h], m  # and the canvas fills the screen
        assert m["scroll"] == [0, 0, 0] and m["scroll_size"] == [w, h], m  # nothing scrolls
        assert m["touch_action"] == ["none", "none"] and m["overflow"] == "hidden"
        assert m["loading_hidden"] and m["canvas_visible"] == "visible"
        assert "user-scalable=no" in m["viewport"] and m["scale"] == 1


def test_an_unreachable_runtime_server_is_said_not_loading_for_ever(result):
    """The page online, pygbag's runtime server not answering: the loading screen said
    "Loading…" for ever (fresh34 F2); it now says the runtime could not be loaded and what to do."""
    assert "no_cdn_error" not in result, result.get("no_cdn_error")
    s = result["no_cdn"]
    assert s["online"] and "could not be loaded" in s["text"] and "reload" in s["text"], s
