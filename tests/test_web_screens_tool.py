"""tools/web_screens.py's folder: a relative ``--out`` is the caller's working directory, not the
folder the page script runs in (fresh32 F1: the shots went to tests/web/DIR and nothing was
printed). The page itself is replaced by a stand-in that writes one picture where it is told."""
import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_a_relative_out_folder_is_the_callers(tmp_path, monkeypatch, capsys):
    spec = importlib.util.spec_from_file_location("web_screens_tool", ROOT / "tools" / "web_screens.py")
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    sys.path.insert(0, str(ROOT / "tests"))
    import webenv

    told = []

    def page(runs, shots=None, **kw):
        told.append(shots)
        (Path(shots) / "home-phone.png").write_bytes(b"png")   # as page_test.mjs writes, by the path given
        return {"runs": {r["name"]: {"errors": []} for r in runs}}

    monkeypatch.setattr(webenv, "run_page", page)
    monkeypatch.chdir(tmp_path)
    assert tool.main(["--out", "shots/screens"]) == 0
    assert told and Path(told[0]).is_absolute() and Path(told[0]) == tmp_path / "shots" / "screens"
    assert (tmp_path / "shots" / "screens" / "home-phone.png").exists()
    assert "home-phone.png" in capsys.readouterr().out


def test_a_missing_wheel_says_where_it_comes_from(tmp_path):
    """The browser tests' skip names the wheel's address, which README gives too (fresh32 F9: it
    pointed to a README outside the repository)."""
    sys.path.insert(0, str(ROOT / "tests"))
    import webenv

    why = webenv.wheel_problem(tmp_path)
    assert webenv.WHEEL_URL in why and webenv.WHEEL_URL.startswith("https://")
    assert webenv.WHEEL_URL in (ROOT / "README.md").read_text(encoding="utf-8") and webenv.WHEEL_SHA256 in \
        (ROOT / "README.md").read_text(encoding="utf-8")


def test_the_wheels_folder_can_be_named_by_the_environment(tmp_path):
    """A checkout that is not beside ``shared/`` names the wheel's folder with PASYANS_WASM_DIR
    (fresh34 F2: only ``../shared/wasm/`` was looked in), and the skip message says so."""
    import subprocess

    code = ("import sys; sys.path.insert(0, 'tests'); import webenv; "
            "print(webenv.WASM_DIR); print(webenv.wheel_problem())")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60,
                         env={**__import__("os").environ, "PASYANS_WASM_DIR": str(tmp_path)})
    assert out.returncode == 0, out.stderr
    folder, why = out.stdout.splitlines()[:2]
    assert Path(folder) == tmp_path and str(tmp_path) in why and "PASYANS_WASM_DIR" in why
    assert "PASYANS_WASM_DIR" in (ROOT / "README.md").read_text(encoding="utf-8")
