"""The home screen never offers to Continue a save that does not replay: it is kept aside when the
home screen reads it (the usual one-line notice names it) and Continue is not offered; a save that
does replay is still offered, and nothing of it is lost. A save whose first actions replay and a
later one does not is offered from its last action that replays, kept aside whole, and told."""
import json

import pytest

from ui.storage import MemoryStorage, Store


def klondike_save(actions):
    return {"game": "klondike", "number": 7, "options": {}, "actions": actions, "seconds": 12.0,
            "over": False}


@pytest.mark.parametrize("actions", [["zz"], ["u", "s"]])
def test_a_save_that_does_not_replay_is_kept_aside_by_the_home_screen(actions):
    from tests.conftest import new_app
    from ui.scenes.home import HomeScene

    st = Store(MemoryStorage())
    assert st.save("game.klondike", klondike_save(actions))
    text = st.backend.get("game.klondike")
    app = new_app(store=st)
    assert isinstance(app.scene, HomeScene)
    assert "klondike" not in app.scene.saves
    assert app.scene.saved_text("klondike") is None
    assert st.backend.get("game.klondike.corrupt") == text      # kept, restorable from Settings
    assert st.backend.get("game.klondike") is None
    assert "Could not read" in app.notice and "Klondike" in app.notice, app.notice


def test_a_save_that_replays_is_still_offered_and_kept():
    from tests.conftest import new_app

    st = Store(MemoryStorage())
    assert st.save("game.klondike", klondike_save(["s", "s", "u"]))
    text = st.backend.get("game.klondike")
    app = new_app(store=st)
    assert "klondike" in app.scene.saves
    assert app.scene.saved_text("klondike").startswith("Unfinished game: ")
    assert st.backend.get("game.klondike") == text
    assert not [k for k in st.backend.keys() if ".corrupt" in k]
    assert not app.notice
    # read again (the home screen refreshes): still offered, still as it was
    app.scene.refresh_saves(app)
    assert "klondike" in app.scene.saves and st.backend.get("game.klondike") == text


def test_the_sheet_says_the_unfinished_games_own_rules_when_the_rows_differ():
    """The game sheet's rows are the next deal's rules; when the unfinished game was dealt under
    others (a draw-1 game, Draw set to 3 since), its footer says the game's own value ("Draw: 1 card", as the row words it), so
    Continue is not read as continuing a draw-3 game; with the rows agreeing, nothing is added.
    Cycling the row changes the footer at once. Continue resumes the draw-1 game."""
    from tests.conftest import new_app

    st = Store(MemoryStorage())
    assert st.save("game.klondike", klondike_save(["s", "s"]) | {"options": {"draw": "1"}})
    app = new_app(store=st)
    app.settings.options_for("klondike")["draw"] = "3"
    app.scene.tap_game("klondike")
    sheet = app.scene.panel
    assert sheet.note.startswith("Unfinished game: 2 moves") and sheet.note.endswith("(Draw: 1 card)"), sheet.note
    sheet.rows[0][1]()                      # the Draw row: 3 → 1
    assert app.settings.options_for("klondike")["draw"] == "1"
    assert "(" not in sheet.note, sheet.note
    sheet.rows[0][1]()                      # back to 3
    assert sheet.note.endswith("(Draw: 1 card)")
    app.scene.start("klondike", True)
    app.frame()
    assert app.scene.rules.name == "klondike" and app.scene.options["draw"] == "1"


def test_a_save_that_replays_in_part_goes_on_from_its_last_good_action_and_is_kept_whole():
    from tests.conftest import new_app

    st = Store(MemoryStorage())
    assert st.save("game.klondike", klondike_save(["s", "s", "u", "zz", "s"]))
    text = st.backend.get("game.klondike")
    app = new_app(store=st)
    assert "klondike" in app.scene.saves                          # offered, not set aside
    assert st.backend.get("game.klondike.corrupt") == text        # the whole save, as it was
    kept = json.loads(st.backend.get("game.klondike"))["data"]
    assert kept["actions"] == ["s", "s", "u"] and kept["seconds"] == 12.0 and kept["groups"] == []
    assert "Part of the saved Klondike game could not be read" in app.notice, app.notice
    assert "Kept data" in app.notice
    # a second start finds the save as written: nothing more kept, nothing told
    after = dict(st.backend.data)
    app2 = new_app(store=Store(st.backend))
    assert "klondike" in app2.scene.saves and not app2.notice and st.backend.data == after
    app2.scene.start("klondike", True)
    app2.frame()
    assert app2.scene.history.actions == ["s", "s", "u"]
    assert app2.scene.history.can_undo()                        # the first draw is still undone by Undo


def test_a_save_cut_back_to_its_winning_move_is_not_offered_to_continue():
    """A bad action after the winning move: the save goes on from the win, which is over — no
    Continue (it opened a finished table that said the game goes on)."""
    from games.tripeaks import TriPeaks
    from ui.progress import Progress

    line = TriPeaks.solve(TriPeaks.deal(3, {"mode": "easy"}), timeout=20).moves
    st = Store(MemoryStorage())
    st.save("game.tripeaks", {"game": "tripeaks", "number": 3, "options": {"mode": "easy"},
                              "actions": list(line) + ["zz"], "seconds": 60.0, "over": False})
    assert Progress(st).unfinished() == []
    assert st.backend.get("game.tripeaks.corrupt") is not None
    assert Progress(Store(st.backend)).unfinished() == []


def test_a_partly_readable_save_on_a_full_storage_is_not_told_kept():
    """Storage full: nothing can be kept aside, so no notice says it was (only that the storage
    refuses); the save stays where it is, to be read again when there is room."""
    from ui.progress import Progress

    st = Store(MemoryStorage())
    st.save("game.klondike", klondike_save(["s", "s", "zz"]))
    text = st.backend.get("game.klondike")

    def refuse(key, value):
        raise OSError("full")
    st.backend.set = refuse
    assert Progress(st).unfinished() == []
    notices = " ".join(st.take_notices())
    assert "kept aside" not in notices and st.backend.get("game.klondike") == text


def test_an_export_with_a_save_that_replays_in_part_imports_and_goes_on():
    """Import takes a save whose first action replays (its first load goes on from its last good
    action, as in place); one whose first action does not is left out."""
    from ui.progress import Progress

    st = Store(MemoryStorage())
    good = json.dumps({"pasyans_export": 1, "schema": 1,
                       "records": {"game.klondike": klondike_save(["s", "s", "zz", "s"])}})
    assert st.import_text(good) == 1
    assert Progress(st).load_game("klondike")[0].actions == ["s", "s"]
    other = Store(MemoryStorage())
    bad = json.dumps({"pasyans_export": 1, "schema": 1, "records": {"game.klondike": klondike_save(["zz", "s"])}})
    with pytest.raises(ValueError):
        other.import_text(bad)
