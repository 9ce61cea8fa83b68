"""The real web bundle in headless Chromium, played through the page (docs/web.md, "The page as a
test bed"; tests/web/harness.html, page_test.mjs, probe.py).

``build/web/pasyans.tar.gz`` (built once per session by webenv) runs unchanged: Pyodide 0.27.7
(CPython 3.12 in WebAssembly) with the pygame-ce wheel pygbag serves (``../shared/wasm/``, sha256
checked by the page), unpacked to ``/data/data/pasyans/assets`` and ``main.py`` run as
``__main__``. Each viewport is one page load running a list of scenarios; every action is a real
pointer event on the canvas (mouse at 1280×800, touch at 390×844 and 844×390). The page's probe
only says where cards and buttons are drawn and what the app holds.
"""
from __future__ import annotations

import json

import pytest

import webenv
from games.i18n import tr
from games.registry import find_game
from ui.progress import SavedGame
from ui.storage import MSG_KEPT

GAMES = ("tripeaks", "pyramid", "devils-grip", "spider", "klondike", "freecell")
TABLES = {"tripeaks": "TriPeaksTable", "pyramid": "PyramidTable", "devils-grip": "DevilsGripTable",
          "spider": "SpiderTable", "klondike": "KlondikeTable", "freecell": "FreeCellTable"}
# the code `python -m games deal klondike --number 4242 --option draw=3` prints (draw three: the
# link must carry the options too)
LINKED = find_game("klondike").code(4242, {"draw": "3"})
# what the paste scenario pastes into the deal-code field: a shared address, a code in lower case,
# a code that cannot be read
PASTED = {"paste_address": "https://example.org/pasyans/?deal=" + find_game("klondike").code(777, {"draw": "3"}),
          "paste_code": find_game("klondike").code(4242, {"draw": "1"}).lower(), "paste_bad": "KL1-D9-NOPE",
          "typed_code": find_game("klondike").code(5150, {"draw": "3"})}
# a Spider 4-suit deal the search solves in about 100 000 positions (98 260): the rescue's search
SPIDER_4 = find_game("spider").code(4, {"suits": "4"})
RUNS = [
    {"name": "desktop", "width": 1280, "height": 800, "touch": False, **PASTED,
     "scenarios": ["start", "open_all", "refused", "win_freecell", "paste_code", "share_copy", "keys", "speech", "screens_speech",
                   "hidden_save", "move_reload",
                   "before_reload", "reload",
                   "after_reload"]},
    {"name": "phone", "width": 390, "height": 844, "touch": True, "sw": True,
     "scenarios": ["sound", "open_all", "refused", "win_tripeaks", "export_import", "offline_reload"]},
    {"name": "landscape", "width": 844, "height": 390, "touch": True, "deal": LINKED, "bad_deal": "GARBAGE",
     "scenarios": ["open_all", "win_pyramid", "win_tripeaks", "deal_link", "bad_link"]},
]
SIZES = {r["name"]: [r["width"], r["height"]] for r in RUNS}
# one more page load, for one scenario (the runs above open every game: SIZES)
RUNS.append({"name": "phone-spider", "width": 390, "height": 844, "touch": True, "spider_deal": SPIDER_4,
             "scenarios": ["spider_js"]})


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    # the runs wait on frames and on searches in the frames' spare time: a loaded machine needs
    # more than run_page's default 8 minutes in all
    return webenv.run_page(RUNS, shots=tmp_path_factory.mktemp("web-shots"), parallel=2, timeout=900)


def scenario(page, run, name):
    r = page["runs"][run]
    assert "load" not in r["errors"], r["errors"]["load"]
    assert name not in r["errors"], r["errors"][name]
    return r["scenarios"][name]


@pytest.mark.parametrize("run", list(SIZES))
def test_the_bundle_starts_in_webassembly_with_the_checked_wheel(page, run):
    r = page["runs"][run]
    assert "load" not in r["errors"], r["errors"].get("load")
    h = r["load"]["harness"]
    assert h["error"] is None and h["phase"] == "started"
    assert h["wheel_sha256"] == webenv.WHEEL_SHA256
    # Pyodide runs without WebAssembly stack switching, as pygbag's CPython does (the harness
    # hides it: docs/web.md, "Stack switching")
    assert h["stack_switching"] is False
    s = r["load"]["state"]
    assert s["scene"] == "HomeScene" and s["size"] == SIZES[run] and s["draws"] >= 1
    assert r["console"] == [], r["console"]  # no Python traceback, no failed request


def test_the_page_imports_the_modules_from_the_bundles_byte_code(page):
    """The byte-code tools/build_web.py adds to the bundle is what the page's CPython 3.12 reads:
    no module of games/ or ui/ is compiled from source on the way to the first home frame."""
    if not webenv.need_bundle()[1]["pyc"]:
        webenv.unavailable("the bundle was built without a CPython 3.12 (python3.12, $PASYANS_PYTHON312): "
                           "it carries no byte-code to check")
    s = scenario(page, "desktop", "start")
    assert s["cache_tag"] == "cpython-312" and s["first_draw"] > 0
    assert "ui.app" in s["modules"] and "ui.scenes.home" in s["modules"]
    assert [p for p, _ in s["compiled"] if "/assets/" in p] == []


def test_the_mixer_opens_with_the_app_and_sound_plays_after_the_first_taps(page):
    """The phone page (touch): the page has had a gesture when ``main.py`` runs (in pygbag's page
    its "Tap to play"; here the test driver's), so the mixer is open before any tap on the game
    (the app's start opens it: its 45-60 ms are no frame's); after the first taps the page's
    AudioContext runs, the four sound files are loaded and the refused tap's sound was asked for;
    and the page asked the browser to keep its storage (docs/web.md, "Saves in the browser")."""
    out = scenario(page, "phone", "sound")
    assert out["before"]["activated"], "the page had no gesture when the app started: not the case measured"
    assert out["before"]["mixer"] and out["before"]["enabled"] and out["before"]["played"] == []
    assert out["after"]["mixer"] and not out["after"]["failed"]
    assert out["after"]["loaded"] == ["draw", "play", "refused", "win"]
    assert out["after"]["played"][-1] == "refused"
    assert out["context"] == "running"
    # and, at the first tap, asked the browser to keep its storage (navigator.storage.persist):
    # answered one way or the other, never left waiting for a gesture it had
    assert out["persist"] in ("granted", "refused"), out["persist"]


@pytest.mark.parametrize("run", list(SIZES))
def test_each_game_opens_from_the_home_screen(page, run):
    out = scenario(page, run, "open_all")
    for g in GAMES:
        assert out[g]["scene"] == TABLES[g] and out[g]["game"] == g, (run, g, out[g])
        assert out[g]["status"] == "playing" and out[g]["size"] == SIZES[run]


@pytest.mark.parametrize("run, game", [("desktop", "freecell"), ("phone", "tripeaks"), ("landscape", "pyramid"),
                                       ("landscape", "tripeaks")])
def test_a_solver_line_played_by_taps_wins(page, run, game):
    out = scenario(page, run, "win_" + game)
    assert out["status"] == "won" and out["panel_end"] == "won", out
    assert out["panel_title"] == tr("You won!", lang="en")
    assert out["taps"] + out["drags"] >= len(out["line"]) and out["taps"] > out["drags"]
    # the taps played exactly the solver's line, and natively it wins from the same deal
    assert out["actions"] == out["line"]
    rules = find_game(game)
    saved = SavedGame(game, out["number"], dict(out["options"]), list(out["actions"]))
    native = saved.replay()
    assert rules.status(native.state) == "won"


@pytest.mark.parametrize("run", ["desktop", "phone"])
def test_a_refused_tap_shakes_and_says_why(page, run):
    out = scenario(page, run, "refused")
    assert out["shakes"] == 1 and out["status_text"] == out["why"] != ""
    assert out["moves_after"] == out["moves_before"] == 0 and out["position_same"]


def test_reload_mid_game_continues_with_cards_score_clock_and_undo_history(page):
    before = scenario(page, "desktop", "before_reload")
    after = scenario(page, "desktop", "after_reload")
    b, a = before["game"], after["game"]
    assert b["actions"][3] == "u" and len(b["actions"]) == 6 and b["depth"] == 4
    for k in ("number", "options", "actions", "moves", "depth", "score", "position", "status"):
        assert a[k] == b[k], k
    saved = before["record"]["data"]["seconds"]
    # the saved clock holds at least the time the table was seen running (the scenario's own reading
    # once the page was shown again; the record keeps the clock cut to 0.1 s, ui/table/session.py
    # saved_clock), and the clock goes on from it after the reload
    assert saved + 0.1 >= before["hidden"]["clock_back"] > 2
    assert saved <= a["clock"] <= saved + 5
    # the whole undo history: undo back to the deal, each position as natively
    rules = find_game("tripeaks")
    native = SavedGame("tripeaks", b["number"], dict(b["options"]), list(b["actions"])).replay()
    want = []
    while native.can_undo():
        native.undo()
        want.append(rules.format_position(native.state))
    assert after["undo"] == want and len(want) == 4


def test_a_move_reloaded_at_once_is_kept(page):
    """A move, then the page reloaded as soon as the app has read its release: the save is handed
    to the page in the move's own frame (web/pasyans.tmpl "pasyans-keep"), which writes it as the
    page goes; before, about one move in two was lost at 1280×800."""
    tries = scenario(page, "desktop", "move_reload")["tries"]
    assert len(tries) == 2 and tries[0]["held"] and not tries[1]["held"]
    for t in tries:
        assert len(t["stored"]) > len(t["before"]) and t["stored"][:len(t["before"])] == t["before"], t


def test_a_page_hidden_with_a_save_pending_writes_it_without_a_frame(page):
    """The page hidden before any frame writes a move's save (a hidden pygbag page runs none):
    the page's own listener writes it, in the visibilitychange event itself; the game then goes
    on writing over it as its own save (no copy kept aside, no notice)."""
    out = scenario(page, "desktop", "hidden_save")
    assert out["due"] and out["stored_visible"] == out["before"] != out["played"]   # held: not written yet
    assert out["pending"] == ["pasyans.game.freecell"]
    assert out["stored_hidden"] == out["played"] and out["pending_hidden"] == []
    after = out["after"]
    assert after["stored"] == after["actions"] and len(after["actions"]) > len(out["played"])
    assert not after["notice"] and after["keys"] == []


def test_a_record_torn_from_javascript_is_kept_aside_with_a_notice(page):
    before = scenario(page, "desktop", "before_reload")
    after = scenario(page, "desktop", "after_reload")
    assert after["corrupt"] == before["garbage"]
    assert "pasyans.stats.corrupt" in after["keys"]
    assert after["notice"] == tr(MSG_KEPT, lang="ru", what=tr("statistics", lang="ru"))  # the player's language
    assert after["game"]["actions"] == before["game"]["actions"]        # the rest loads


def test_the_language_setting_survives_a_reload(page):
    before = scenario(page, "desktop", "before_reload")
    after = scenario(page, "desktop", "after_reload")
    assert before["game"]["language"] == "ru" and after["language"] == "ru"
    assert after["settings"]["data"]["language"] == "ru"


def test_a_hidden_page_stops_the_game_clock(page):
    h = scenario(page, "desktop", "before_reload")["hidden"]
    assert h["frames_hidden"] > 0                       # the app ran while hidden…
    assert h["clock_hidden_end"] - h["clock_hidden_start"] < 0.05   # …its clock stood still
    assert h["clock_back"] - h["clock_hidden_end"] > 0.5           # and goes on when shown


def test_offline_reload_through_the_service_worker_starts_the_game(page):
    out = scenario(page, "phone", "offline_reload")
    assert out["missing"] == [] and out["cached"] == out["wanted"] > 5
    assert out["scene"] == "HomeScene" and out["draws"] >= 1


def test_a_deal_link_opens_that_deal_in_the_page(page):
    assert LINKED == "KL1-D3-AAAAGHE"
    out = scenario(page, "landscape", "deal_link")
    # the page's own address carried it; once read it is dropped (a reload goes on with the game,
    # the other parameters kept)
    assert "deal=" not in out["search"] and "wheel=" in out["search"], out["search"]
    assert out["scene"] == "KlondikeTable" and out["game"] == "klondike" and out["status"] == "playing"
    assert out["number"] == 4242 and out["options"]["draw"] == "3"
    assert out["deal"]["code"] == LINKED
    # "Share this deal" gives back an address that opens the same deal
    assert out["deal"]["address"].endswith("/harness.html?deal=" + LINKED)


def test_a_deal_link_that_cannot_be_read_opens_home_with_a_notice_and_changes_nothing(page):
    out = scenario(page, "landscape", "bad_link")
    assert out["scene"] == "HomeScene" and out["game"] is None
    why = tr("'{code}' is not a deal code. Codes look like {example}", lang=out["language"], code="GARBAGE",
             example="TP1-E-AAAAAAB")
    assert out["notice"] == tr("The address names no deal that can be read: {why}", lang=out["language"], why=why)
    assert out["before"] and "pasyans.game.klondike" in out["before"]   # the linked deal was kept
    assert out["after"] == out["before"]


def test_a_code_pasted_into_the_code_field_opens_its_deal(page):
    """A paste event in the page (its text in clipboardData) types into the deal-code field once:
    an address gives its code, a lower-case code is read, Play opens the deal."""
    out = scenario(page, "desktop", "paste_code")
    assert out["address"]["value"] == "KL1-D3-AAAABDX"
    assert out["address"]["number"] == 777 and out["address"]["options"]["draw"] == "3"
    assert out["address"]["code"] == "KL1-D3-AAAABDX"
    assert out["code"]["value"] == PASTED["paste_code"].upper() == "KL1-D1-AAAAGHE"
    assert out["code"]["number"] == 4242 and out["code"]["options"]["draw"] == "1"
    assert out["stale"] == ""       # a paste while no field was open is not typed later


def test_a_pasted_code_that_cannot_be_read_gives_its_message_and_changes_nothing(page):
    out = scenario(page, "desktop", "paste_code")["bad"]
    assert out["value"] == "KL1-D9-NOPE"
    assert out["error"] == tr("'{code}': the last part must be 7 letters A-Z", lang=out["language"], code="KL1-D9-NOPE")
    assert out["same"] and out["stored_same"]


def test_share_this_deal_says_copied_only_when_the_browser_took_it(page):
    """The page's clipboard answers a copy later (a promise): "Copied" stands when it took the
    address (the clipboard holds it), and is taken back when it refused."""
    out = scenario(page, "desktop", "share_copy")
    address = out["deal"]["address"]
    assert address.endswith("?deal=" + out["deal"]["code"]) and out["clipboard"] == address, out
    assert out["taken"] == "Copied: " + address, out
    assert out["refused"] == "Not copied, the browser refused: " + address, out


def test_keys_play_in_the_page(page):
    """The keyboard in the real page (docs/ui.md "Keys"; the harness gives the wheel's SDL the
    key-place function Pyodide lacks, as pygbag's runtime has it): U and Ctrl+Z undo, Esc opens
    and closes the pause menu, C opens the code field without typing its own C, a typed code
    and Enter (twice: a game in progress asks first) deal it."""
    out = scenario(page, "desktop", "keys")
    assert out["u"] == {"undone": True, "back": True} and out["ctrl_z"] == {"undone": True, "back": True}, out
    assert out["help"] == "Klondike: help", out      # "?" (Shift+Slash) reaches the app (fresh32 F13)
    assert (out["esc"], out["esc_again"], out["c"]) == ("PauseMenu", None, "CodeEntry"), out
    code = PASTED["typed_code"]
    assert out["typed"] == code, out
    assert out["asked"]["buttons"] == ["new", "cancel"] and code in out["asked"]["panel"], out
    assert out["entered"] == {"panel": None, "number": 5150, "options": {"draw": "3"}, "code": code}, out


def test_a_screen_reader_hears_the_table_in_the_page(page):
    """The page's live region (web/pasyans.tmpl ``pasyans-live``, ``aria-live="polite"``) holds
    what the app says (ui/speech.py, docs/ui.md "Screen readers"): something as the table opens,
    the focused card and its column after the arrows, the same again after V, the whole table
    after Q, the pause menu's title after Esc."""
    out = scenario(page, "desktop", "speech")
    assert out["opened"]["polite"] == "polite" and out["opened"]["text"], out
    # a column's card ("Jack of clubs, column 3, 1 card") or the column itself when the deal's
    # automatic moves emptied it ("Column 1, empty"): the deal is whichever the page deals next
    def names(said, column):
        return f", column {column}," in said or said.startswith(f"Column {column}, ")

    assert names(out["right"]["text"], 1) and names(out["right2"]["text"], 2), out
    # Tab moves the game's focus, not the page's: the canvas keeps the keys
    assert names(out["tab"]["text"], 3) and out["tab_focus"] == "canvas", out
    assert out["v"]["text"] == out["tab"]["text"], out
    assert out["q"]["text"].startswith("Klondike") and "Foundation, hearts" in out["q"]["text"], out
    assert out["pause"]["text"].startswith("Paused"), out


def test_a_screen_reader_hears_the_screens_around_the_tables_in_the_page(page):
    """The screens around the tables by keys in the page (ui/scenes/common.py, docs/ui.md "Screen
    readers"): Tab on home says the first game, Shift+Tab goes round to Settings, Enter opens it,
    Tab says its first row as a setting, Right the next, Enter changes it and says the new value,
    Space puts it back, Esc goes home."""
    out = scenario(page, "desktop", "screens_speech")
    assert out["home"].startswith("TriPeaks"), out
    assert out["back"] == "Button: Settings", out
    assert out["settings"].startswith("Settings"), out
    assert out["row"] == "Setting: Language, English", out
    assert out["right"] in ("Setting: Sound, on", "Setting: Sound, off"), out
    assert out["toggled"].startswith("Setting: Sound, ") and out["toggled"] != out["right"], out
    assert out["state"] == "SettingsScene" and out["toggled_back"] == out["right"], out
    assert out["back_home"].startswith("Pasyans."), out


def test_export_downloads_the_saves_and_import_reads_a_chosen_file(page):
    """The browser half of Settings' Export and Import (docs/ui.md, "Export / import"): Export
    downloads ``pasyans-export.json`` holding the saved game, Import opens the file chooser, and
    the chosen file brings up the question naming what it replaces."""
    out = scenario(page, "phone", "export_import")
    assert out["name"] == "pasyans-export.json"
    assert "game.tripeaks" in json.dumps(out["saved"]), out["saved"]
    assert out["chooser"] is True
    assert out["panel_title"] == "Import saves?" and out["panel_buttons"] == ["confirm", "cancel"], out


def test_spider_4_suits_searches_in_the_pages_javascript(page):
    """Spider 4 suits at 390×844: the table warms the page's JavaScript engine as it opens (a
    throw-away search, counted apart), the rescue from a linked deal finds a way out and plays its
    first moves (the deal's winning line, searched at the deal: it is in its bank of verified
    deals), a hint on a new deal answers; the searches ran in the page's JavaScript engine
    (games/solvers/spider_js.py), which the page loaded and which keeps no finished search."""
    out = scenario(page, "phone-spider", "spider_js")
    assert page["runs"]["phone-spider"]["console"] == []  # no Python traceback, no failed request
    rescue, hint = out["rescue"], out["hint"]
    assert (rescue["number"], rescue["options"]["suits"]) == (4, "4") and rescue["panel"]
    assert rescue["buttons"] == ["play", "cancel"] and rescue["engine"]["made"] == 1
    assert len(rescue["played"]) == 5 and rescue["status"] == "playing"
    assert hint["options"]["suits"] == "4" and hint["status_text"].startswith("Hint")
    # the engine loaded and warmed as the table opened (ui/table/spider.py); the one search made
    # is the deal's winning line, searched at the deal since the deal is in its bank of verified
    # deals (ui/table/assist.py, start_win), finished: the rescue's way out is that line (made 1).
    # When that search began before the warm-up had searched, it compiled the engine itself and
    # ended the warm-up (done, nothing searched): either way the engine was warm before the rescue
    b = out["before"]
    assert b["made"] == 1 and b["live"] == 0, b
    assert b["warmed"] > 0 or (b["warm"]["warmup"]["done"] and b["warm"]["warmup"]["has_bridge"]), b
    print("the warm-up's frames:", {k: out["before"][k] for k in ("frames", "worst_ms", "over_16ms")})
    assert out["after"]["made"] >= 2 and out["after"]["live"] <= 1
