"""Saves in the browser (PYGBAG.md, "Saving"; docs/web.md): Python in WebAssembly (Pyodide's
CPython 3.12, in Chromium) makes the game's calls, ``window.localStorage.setItem/getItem``
with keys prefixed ``pasyans.`` and JSON values (tests/web/storage_probe.py); the values are
read back after a reload and after the browser restarts; a missing key reads as None; a full
quota raises an exception that ``except Exception`` catches, and the old save survives it.
pygbag's own bridge (``platform.window``) needs the real runtime: see docs/web.md.
"""
from __future__ import annotations

import json

import pytest

import webenv


@pytest.fixture(scope="module")
def result(tmp_path_factory):
    webenv.need_web_run()
    chromium = webenv.need_chromium()
    webenv.need_node_modules()
    profile = tmp_path_factory.mktemp("storage") / "profile"
    r = webenv.run_node("storage_test.mjs", chromium, str(profile), str(webenv.free_port()), timeout=240)
    assert r.returncode == 0, r.stderr[-2000:]
    out = json.loads(r.stdout.strip().splitlines()[-1])
    assert "error" not in out, out["error"]
    return out


def test_store_then_read_back_after_reload_and_restart(result):
    for phase in ("store", "reload", "restart"):
        p = result[phase]
        assert "error" not in p, p
        assert p["save"] == p["expected"]["save"], phase
        assert p["settings"] == p["expected"]["settings"], phase  # Russian text and suits survive
        assert p["keys"] == ["pasyans.v1.save.tripeaks", "pasyans.v1.settings"], phase


def test_missing_key_is_none(result):
    assert result["store"]["missing"] is None
    assert result["store"]["put"] == [None, None]


def test_full_quota_raises_and_keeps_the_old_save(result):
    store = result["store"]
    assert store["quota_error"] and "quota" in store["quota_error"].lower()
    assert 1 <= store["quota_chunks_stored"] < 64
    assert store["save_after_quota"] == store["expected"]["save"]
