"""The settings screen: language, sound, animation speed, error
explanations, glow, four colours, left-handed layout, card back, solvable deals only; and the
export and import of every save and statistic as one text.

Every change is kept in the Store at once (``App.save_settings``). Import reads and checks the
whole file first, then a panel says what it will replace, add and leave out and asks; it writes
all or nothing, and "Undo import" puts the replaced records back (docs/storage.md). "Kept data"
lists the records kept aside as unreadable: it tries to restore them or exports them as a file.
Export / import:

* desktop: ``~/pasyans-export.json`` (``PASYANS_EXPORT`` overrides the path), the path shown to
  the player; import reads the same file, or a file dropped on the window;
* browser: export downloads ``pasyans-export.json`` (a JS Blob and an anchor through pygbag's
  ``platform.window``); import opens the browser's file chooser and the chosen file's text is
  read on a later frame (see :func:`browser_pick_file`).
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

import pygame

from games.i18n import os_reason, tr, tr_n

from .. import cards_art, text
from ..frame import DIM, INK, TOUCH, Button
from ..table.panels import Panel
from .common import Focusable, ScreenScene, say_label

WEB = sys.platform == "emscripten"


def export_path() -> Path:
    """Where the desktop writes and reads the export."""
    return Path(os.environ.get("PASYANS_EXPORT") or Path.home() / "pasyans-export.json")


def browser_download(name: str, content: str) -> bool:
    """Offer ``content`` as a file download in the browser. False when the bridge fails."""
    try:
        from platform import window  # pygbag's bridge to the page

        window.__pasyans_export = content
        window.eval(
            "(function(){var b=new Blob([window.__pasyans_export],{type:'application/json'});"
            "var a=document.createElement('a');a.href=URL.createObjectURL(b);"
            f"a.download='{name}';document.body.appendChild(a);a.click();"
            "setTimeout(function(){URL.revokeObjectURL(a.href);a.remove();},1000);})()")
        return True
    except Exception:
        return False


def browser_pick_file() -> bool:
    """Open the browser's file chooser; the chosen file's text lands in
    ``window.__pasyans_import`` (read by :func:`browser_take_import`)."""
    try:
        from platform import window

        window.__pasyans_import = None
        window.eval(
            "(function(){var i=document.createElement('input');i.type='file';"
            "i.accept='.json,application/json,text/plain';i.onchange=function(){var f=i.files[0];"
            "if(!f)return;var r=new FileReader();r.onload=function(){window.__pasyans_import=String(r.result);};"
            "r.readAsText(f);};i.click();})()")
        return True
    except Exception:
        return False


def browser_take_import() -> str | None:
    try:
        from platform import window

        t = window.__pasyans_import
        if t is None:
            return None
        window.__pasyans_import = None
        return str(t)
    except Exception:
        return None


class SettingsScene(ScreenScene):
    """Rows that cycle a value on each tap, then Export and Import. ``rows`` are ``(name,
    label_fn, on_tap)``; :meth:`tap_row` taps one by name (tests use it)."""

    def __init__(self):
        super().__init__()
        self.waiting_import = False

    def title(self) -> str:
        return tr("Settings")

    def row_specs(self):
        s = self.settings
        onoff = lambda v: tr("on") if v else tr("off")
        speed = {"off": tr("off"), "fast": tr("fast"), "normal": tr("normal")}
        lang = {"en": "English", "ru": "Русский"}
        backs = list(cards_art.BACK_NAMES)

        def cycle(attr, values):
            def f():
                cur = getattr(s, attr)
                setattr(s, attr, values[(values.index(cur) + 1) % len(values)] if cur in values else values[0])
                self.changed(attr)
            return f

        return [
            ("language", lambda: say_label(tr("Language"), lang.get(s.language, s.language)),
             cycle("language", ["en", "ru"])),
            ("sound", lambda: say_label(tr("Sound"), onoff(s.sound)), cycle("sound", [True, False])),
            ("anim_speed", lambda: tr("Animation: {v}", v=speed[s.anim_speed]),
             cycle("anim_speed", ["normal", "fast", "off"])),
            ("explain_errors", lambda: tr("Explain refused moves: {v}", v=onoff(s.explain_errors)),
             cycle("explain_errors", [True, False])),
            ("glow", lambda: tr("Playable cards glow: {v}", v=onoff(s.glow)), cycle("glow", [True, False])),
            ("four_colour", lambda: tr("Four-colour suits: {v}", v=onoff(s.four_colour)),
             cycle("four_colour", [False, True])),
            ("left_handed", lambda: say_label(tr("Left-handed layout"), onoff(s.left_handed)),
             cycle("left_handed", [False, True])),
            ("show_clock", lambda: say_label(tr("Time and score"), onoff(s.show_clock)),
             cycle("show_clock", [True, False])),
            ("card_back", lambda: tr("Card back: {v}", v=backs.index(s.card_back) + 1 if s.card_back in backs else 1),
             cycle("card_back", backs)),
            ("solvable_only", lambda: say_label(tr("Solvable deals only"), onoff(s.solvable_only)),
             cycle("solvable_only", [True, False])),
            ("auto_foundation", lambda: tr("Auto to foundation: {v}", v=onoff(s.auto_foundation)),
             cycle("auto_foundation", [True, False])),
            ("live_winnable", lambda: say_label(tr("Still-winnable line"), onoff(s.live_winnable)),
             cycle("live_winnable", [False, True])),
        ]

    def changed(self, attr: str) -> None:
        if attr == "language":
            self.app.set_language(self.settings.language)
        self.app.save_settings()
        if attr == "sound" and self.settings.sound:
            self.app.play_sound("play")
        if attr in ("left_handed", "language"):
            self.resize(*self.app.size)
        self.stale = True

    def tap_row(self, name: str) -> None:
        next(cb for n, _, cb in self.rows if n == name)()
        self.stale = True

    def focusables(self) -> list[Focusable]:
        """The rows, then Export, Import, Undo import and Kept data, in reading order; a row is
        said as "Setting: Left-handed layout, off" (:func:`ui.speech.setting_words`), its words
        following its value after Enter changes it."""
        from ..speech import setting_words

        labels = {name: label for name, label, _ in self.rows}
        out = []
        for it in super().focusables():
            name = it.key.partition(":")[2]
            if name in labels:
                it = it._replace(words=lambda f=labels[name]: setting_words(f()))
            out.append(it)
        return out

    def extra_buttons(self) -> list[tuple[str, str, object]]:
        """The row under Export / Import: Undo import (after an import) and Kept data (when
        records were kept aside), ``[(name, label, callback)]``."""
        store = self.app.store
        out = []
        if store.can_undo_import():
            out.append(("undo_import", tr("Undo import"), self.undo_import))
        kept = store.kept()
        if kept or store.kept_file():
            out.append(("kept", tr("Kept data ({n})", n=len(kept) + (1 if store.kept_file() else 0)),
                        self.open_kept))
        return out

    def layout(self, w, h) -> None:
        self.rows = self.row_specs()
        extra = self.extra_buttons()
        m = 10 if self.phone else round(24 * self.s)
        gap0 = 8 if self.phone else round(12 * self.s)
        # the rows (at least TOUCH px tall) fit between the top bar and the footer note: more
        # columns on a wide window, then narrower gaps, then the note gives up its room
        for note, gap in ((40, gap0), (40, 4), (0, 4)):
            area = pygame.Rect(m, self.top.bottom + m, w - 2 * m, h - self.top.bottom - 2 * m - note)
            ncol = 2 if (area.width >= 640 or (h < 560 and area.width >= 560)) else 1
            n = len(self.rows) + 1 + (1 if extra else 0)   # the export/import row, then undo / kept
            if h < 560 and area.width >= 600 and -(-n // ncol) * (TOUCH + gap) - gap > area.height:
                ncol = 3
            nrow = -(-n // ncol)
            if extra and nrow * (TOUCH + gap) - gap > area.height:
                n -= 1    # no room for another row: undo / kept share the export/import row
                nrow = -(-n // ncol)
            if nrow * (TOUCH + gap) - gap <= area.height:
                break
        if nrow * (TOUCH + gap) - gap > area.height and ncol == 1:
            # a small phone held upright: two columns, a long label on two lines
            ncol = 2
            nrow = -(-n // ncol)
        self.show_note = note > 0
        shared = extra and n == len(self.rows) + 1
        rh = max(TOUCH, min(round(64 * self.s), (area.height - gap * (nrow - 1)) // nrow))
        cw = (area.width - gap * (ncol - 1)) // ncol
        cw = min(cw, round(520 * self.s))
        x0 = area.centerx - (ncol * cw + (ncol - 1) * gap) // 2
        ls = max(17, round(rh * 0.4))
        self.row_rects = {}

        def cell(i):
            col, row = (i % ncol, i // ncol)
            return pygame.Rect(x0 + col * (cw + gap), area.y + row * (rh + gap), cw, rh)

        def split(r, specs):
            bw = (r.width - gap * (len(specs) - 1)) // len(specs)
            for k, (name, label, cb) in enumerate(specs):
                self.buttons.append((Button(name, pygame.Rect(r.x + k * (bw + gap), r.y, bw, rh), label, None, ls,
                                            "panel"), cb))

        for i, (name, label, cb) in enumerate(self.rows):
            r = cell(i)
            self.row_rects[name] = r
            self.buttons.append((Button(name, r, label(), None, ls, "panel"), cb))
        io = [("export", tr("Export saves"), self.export), ("import", tr("Import saves"), self.import_)]
        if shared:   # four buttons in one cell: the short labels
            io = [("export", tr("Export"), self.export), ("import", tr("Import"), self.import_)]
            split(cell(len(self.rows)), io + extra)
        else:
            split(cell(len(self.rows)), io)
            if extra:
                split(cell(len(self.rows) + 1), extra)

    def update(self, dt: float) -> bool:
        if self.waiting_import:
            t = browser_take_import()
            if t is not None:
                self.waiting_import = False
                self.import_text(t)
        return self.stale

    def draw_body(self, surface) -> None:
        for b, _ in self.buttons:   # labels follow the values
            for name, label, _ in self.rows:
                if b.name == name:
                    b.label = label()
        r = self.row_rects.get("card_back")
        b = next((b for b, _ in self.buttons if b.name == "card_back"), None)
        bw = max(14, round(r.height * 0.5)) if r is not None else 0
        if r is not None and b is not None and \
                text.width(b.label, text.fit(b.label, b.label_size, r.width - 10, text.MIN_SIZE)) + 2 * (bw + 12) <= r.width:
            # the chosen back, small, at the row's right end (where the label leaves it room)
            img = cards_art.back(bw, self.settings.card_back)
            surface.blit(img, (r.right - bw - 10, r.centery - img.get_height() // 2))
        if not self.message and self.show_note:
            note = tr("Export keeps every save and statistic in one file; import it here or on another device.")
            size = 17 if self.phone else max(17, round(20 * self.s))
            lines = text.wrap(note, size, self.w - 24)[:2]
            lh = text.font(size).get_linesize()
            for k, line in enumerate(lines):
                text.blit_center(surface, text.render(line, size, DIM),
                                 (self.w // 2, self.h - 8 - lh * (len(lines) - k) + lh // 2))

    # -- export / import -------------------------------------------------------------------------
    def export(self) -> None:
        content = self.app.store.export_text()
        if WEB:
            ok = browser_download("pasyans-export.json", content)
            self.message = tr("Saves exported: pasyans-export.json") if ok else tr("Could not export the saves")
        else:
            path = export_path()
            try:
                path.write_text(content, encoding="utf-8")
                self.message = tr("Saves exported to {path}", path=str(path))
            except OSError as e:
                self.message = tr("Could not write {path}: {why}", path=str(path), why=os_reason(e))
        self.stale = True

    def import_(self) -> None:
        if WEB:
            self.waiting_import = browser_pick_file()
            self.message = tr("Choose the exported file") if self.waiting_import else tr("Could not open a file")
            self.stale = True
            return
        self.import_file(export_path())

    def dropped(self, path: str) -> None:
        self.import_file(Path(path))

    def import_file(self, path: Path) -> None:
        try:
            content = path.read_bytes()
        except OSError as e:
            self.message = tr("Could not read {path}: {why}", path=str(path), why=os_reason(e))
            self.stale = True
            return
        self.import_text(content)

    def import_text(self, content: str | bytes) -> None:
        """Read and check an export, then ask with a panel saying what it will replace; a bad
        text changes nothing and says why."""
        try:
            plan = self.app.store.read_import(content)
        except ValueError as e:
            self.message = str(e)
            self.stale = True
            return
        self.message = ""
        self.panel = LinesPanel(self, tr("Import saves?"), plan.lines(),
                                [("confirm", tr("Import"), None, lambda: self.confirm_import(plan)),
                                 ("cancel", tr("Cancel"), None, self.close_panel)])
        self.stale = True

    def confirm_import(self, plan) -> None:
        """Write the checked export (all or nothing) and take its settings at once."""
        self.panel = None
        try:
            n = self.app.store.apply_import(plan)
        except ValueError as e:
            self.message = str(e)
            self.stale = True
            return
        self.reload_from_store()
        self.message = tr_n("Imported {n} records", n)
        self.resize(*self.app.size)

    def undo_import(self) -> None:
        """Put back what the last import replaced."""
        try:
            n = self.app.store.undo_import()
        except ValueError as e:
            self.message = str(e)
            self.stale = True
            return
        self.reload_from_store()
        self.message = tr_n("Import undone: {n} records as before", n)
        self.resize(*self.app.size)

    def reload_from_store(self) -> None:
        """Statistics, saves, the progression (daily results, records, badges) and settings as the
        store now holds them (after an import, its undo, a restore)."""
        from ..progress import Progress
        from ..progression import Progression
        from ..settings import Settings

        app = self.app
        app.progress = Progress(app.store)
        app.progression = Progression(app.store)
        new = Settings.load(app.store)
        for f in vars(new):
            setattr(app.settings, f, getattr(new, f))
        app.set_language(app.settings.language)
        app.sounds.enabled = app.settings.sound

    # -- kept-aside records ------------------------------------------------------------------------
    def kept_lines(self) -> list[str]:
        store = self.app.store
        lines = [tr("Kept aside: {what}", what=store.kept_words(key)) for key, _, _ in store.kept()]
        if store.kept_file():
            lines.append(tr("The unreadable saves file was kept as {path}", path=store.kept_file()))
        return lines or [tr("Nothing is kept aside.")]

    def open_kept(self) -> None:
        """The Kept data panel: what was kept aside; try to restore it, or export it."""
        self.panel = LinesPanel(self, tr("Kept data"), self.kept_lines(),
                                [("restore", tr("Try to restore"), None, self.restore_kept),
                                 ("export_kept", tr("Export"), None, self.export_kept),
                                 ("done", tr("Close"), None, self.close_panel)])
        self.stale = True

    def restore_kept(self) -> None:
        """Put back every kept copy that now reads (the records they replace are kept in turn)."""
        store = self.app.store
        ok = [label for key, _, label in store.kept() if store.restore_kept(key)]
        self.panel = None
        if ok:
            self.reload_from_store()
            self.message = tr("Restored: {what}", what=", ".join(dict.fromkeys(ok)))
        else:
            self.message = tr("The kept data still cannot be read by this version; export it to keep a copy.")
        self.resize(*self.app.size)

    def export_kept(self) -> None:
        """Save the kept copies as a file (desktop: next to the export; browser: a download)."""
        self.panel = None
        content = self.app.store.export_kept_text()
        if WEB:
            ok = browser_download("pasyans-kept.json", content)
            self.message = tr("Kept data exported: pasyans-kept.json") if ok else tr("Could not export the saves")
        else:
            path = export_path().with_name("pasyans-kept.json")
            try:
                path.write_text(content, encoding="utf-8")
                self.message = tr("Kept data exported to {path}", path=str(path))
            except OSError as e:
                self.message = tr("Could not write {path}: {why}", path=str(path), why=os_reason(e))
        self.stale = True


class LinesPanel(Panel):
    """A panel of a few lines of text (wrapped) over its buttons."""

    def __init__(self, scene, title: str, lines: list[str], actions):
        self.lines = lines
        self.scene = scene
        super().__init__(scene, title, actions, self.draw_lines, self.lines_h)

    def text_size(self) -> int:
        return max(17, round(22 * self.scene.frame.scale))

    def wrapped(self, width: int) -> list[str]:
        out = []
        for line in self.lines:
            out += text.wrap(line, self.text_size(), width)
        return out

    def lines_h(self, pw: int) -> int:
        n = len(self.wrapped(pw - 32))
        return n * text.font(self.text_size()).get_linesize() + 8

    def draw_lines(self, surface, r) -> None:
        size = self.text_size()
        lh = text.font(size).get_linesize()
        for k, line in enumerate(self.wrapped(r.width)):
            if r.y + (k + 1) * lh > r.bottom + 4:
                break
            surface.blit(text.render(line, size, INK), (r.x, r.y + k * lh))
