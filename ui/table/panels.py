"""Modal panels over a table: a generic :class:`Panel` (title, content, buttons), the deal-code
entry with its on-screen keypad, and the options panel."""
from __future__ import annotations

import pygame

from games.i18n import tr
from games.share import CODE_KEYS as KEYS
from games.share import code_chars

from .. import text
from ..frame import INK, PANEL_FILL, TOUCH, WARN, Button, draw_panel_background, panel_filled


FOCUS_INK = (255, 214, 0)     # the keyboard focus ring, as on the table's cards

BUTTON_KEYS = {"undo": pygame.K_u, "rescue": pygame.K_r, "replay": pygame.K_a, "new": pygame.K_n,
               "home": pygame.K_h, "play": pygame.K_p, "any": pygame.K_n, "rules": pygame.K_r}
"""The letter of each panel button by its name (Esc is the cancel/close button, Enter the focused
one or else the first): U undo, R rescue (the help's Rules and tips, where there is no rescue), A
replay (again), N new deal, H home, P play the rescue's line. The code entry's buttons have none: its letters are typed into the code."""


class Panel:
    """A modal panel: ``title``, a ``content(surface, rect)`` drawer with its height, buttons.

    Keyboard: Tab / Shift+Tab and the arrows move a focus ring over the buttons, Enter or Space
    presses the focused one (with no focus, Enter presses the first), a button's letter
    (:data:`BUTTON_KEYS`) presses it, Esc the last when it cancels or closes.

    :param actions: ``[(name, label, icon, callback)]`` — one row of buttons at the bottom.
    """

    letters = True       # the buttons answer to their letters (not in a text entry)

    max_w, max_w_compact = 560, 560
    end: str | None = None    # the end panel: the game's status (won or lost)
    rescue = False            # the rescue's panel (the assist closes it when it cancels)
    MIN_BUTTON_W = 110   # px at scale 1: narrower than this, the buttons take a second row
    covers = False       # the table is hidden under the panel (the pause menu)
    over_top = False     # the panel reaches into the top bar, which is drawn bare (place)
    pause = False        # the pause menu
    confirm = False      # the question before a new deal abandons a game in progress

    def __init__(self, table, title: str, actions, content=None, content_h: int = 0, style_first="primary"):
        self.table, self.title, self.actions = table, title, actions
        self.content, self.content_h = content, content_h
        self.style_first = style_first
        self.buttons: list[Button] = []
        self.focus: int | None = None     # index into focusables(); None until Tab or an arrow
        self.rect = pygame.Rect(0, 0, 10, 10)
        self.opened = table.app.now()     # seconds on App.now: an end panel's taps wait a moment
        self.layout(*table.app.size)

    def closed(self) -> None:
        """The panel is being closed (a text entry stops text input)."""

    def layout(self, w: int, h: int, width: int | None = None) -> None:
        """Lay the panel out in a ``w``×``h`` window (px); ``width``: the panel's width in px
        (default: its usual width for the window, more when a button's label asks for it)."""
        self.title_rect = None        # the title's line (a short panel puts a button beside it)
        fr = self.table.frame
        s = fr.scale
        compact = h < 560
        self.pad = 10 if compact else 20
        x0, x1 = self.room_across(w)
        pw = width or min(x1 - x0 - 16, round((self.max_w_compact if compact else self.max_w) * s))
        self.bh = max(48, round((50 if compact else 60) * s))
        self.title_size = max(28, round((32 if compact else 42) * s))
        ch = self.content_h(pw) if callable(self.content_h) else self.content_h
        n = max(1, len(self.actions))
        gap = 10
        fixed = self.pad + self.title_size + 12 + ch + 10 + self.pad

        def rows_for(limit: int) -> int:
            """Buttons a row: as few rows as keep each at least MIN_BUTTON_W wide, balanced; more
            (narrower, still two touch widths) while the panel is taller than ``limit`` px."""
            per = max(1, min(n, (pw - 32 + gap) // (max(96, round(self.MIN_BUTTON_W * s)) + gap)))
            while per < n and fixed + self.bars_height(n, per, gap) > limit \
                    and (pw - 32 - gap * per) // (per + 1) >= TOUCH * 2:
                per += 1
            return per

        # the room under the top bar first; a panel too tall for it takes the window's height
        per = rows_for(self.room_below(h))
        if fixed + self.bars_height(n, per, gap) > self.room_below(h):
            per = rows_for(h - 8)
        nrows = -(-n // per)
        per = -(-n // nrows)
        bars = nrows * self.bh + (nrows - 1) * gap
        ph = min(h - 8, self.pad + self.title_size + 12 + ch + 10 + bars + self.pad)
        self.rect = pygame.Rect(0, 0, pw, ph)
        self.place(w, h)
        bw = min(round(170 * s), (pw - 32 - gap * (per - 1)) // per)
        # a label wider than its button at the buttons' text size widens the panel, as far as the
        # window allows, rather than shrink into small lines: the layout is made again that wide
        label_size = max(20, round(26 * s))
        need = min(round(170 * s), max((text.width(a[1], label_size) + 10 for a in self.actions if a[1]),
                                       default=0))
        if width is None and bw < need and pw < x1 - x0 - 16:
            self.layout(w, h, width=min(x1 - x0 - 16, pw + per * (need - bw)))
            return
        y = self.rect.bottom - self.pad - bars
        self.buttons = []
        for i, (name, label, ic, _) in enumerate(self.actions):
            row, col = divmod(i, per)
            k = min(per, n - row * per)          # buttons in this row
            x0 = self.rect.centerx - (k * bw + (k - 1) * gap) // 2
            style = self.style_first if i == 0 else "panel"
            self.buttons.append(Button(name, pygame.Rect(x0 + col * (bw + gap), y + row * (self.bh + gap), bw,
                                                         self.bh), label, ic, label_size, style))
        top = self.rect.y + self.pad + self.title_size + 12
        self.content_rect = pygame.Rect(self.rect.x + 16, top, pw - 32, y - top - 8)

    def room_across(self, w: int) -> tuple[int, int]:
        """``(left, right)``, px: the span of a window ``w`` px wide that a panel lies in, the
        window less the table's column of buttons down one side (:meth:`side_band`), which the
        panel leaves whole beside it; the whole window for a panel that :attr:`covers` the table
        (its buttons are not drawn under it)."""
        band = self.table.side_band()
        if band is None or self.covers:
            return 0, w
        return (band.right, w) if band.centerx < w // 2 else (0, band.left)

    def room_below(self, h: int) -> int:
        """The height in px a panel has under the table's top bar (:meth:`top_band`) in a window
        ``h`` px tall, 4 px clear of the bar and of the window's bottom edge."""
        band = self.table.top_band()
        return h - 8 - (0 if band is None else band.bottom)

    def place(self, w: int, h: int) -> None:
        """Put ``self.rect`` (its size already set) in the middle of the ``w``×``h`` window (across:
        of the span beside the side column of buttons, :meth:`room_across`), moved down just below
        the top bar where it would reach into it; a panel taller than the room under the bar stays
        in the middle and sets :attr:`over_top`: the scene then draws its top bar bare (no item cut
        in half by the panel's edge)."""
        band = self.table.top_band()
        x0, x1 = self.room_across(w)
        self.rect.center = ((x0 + x1) // 2, h // 2)
        self.over_top = False
        if band is not None and self.rect.top < band.bottom + 4:
            if self.rect.height <= self.room_below(h):
                self.rect.top = band.bottom + 4
            else:
                self.over_top = True

    def bars_height(self, n: int, per: int, gap: int) -> int:
        """Height in px of ``n`` buttons laid ``per`` to a row, ``gap`` px apart."""
        rows = -(-n // per)
        return rows * self.bh + (rows - 1) * gap

    def draw(self, surface: pygame.Surface) -> None:
        draw_panel_background(surface, self.rect)
        tr_ = getattr(self, "title_rect", None) or pygame.Rect(self.rect.x + 12, self.rect.y + self.pad,
                                                               self.rect.width - 24, self.title_size)
        ts = text.fit(self.title, self.title_size, tr_.width, 14)
        text.blit_center(surface, text.render(self.title, ts, INK), (tr_.centerx, tr_.y + ts // 2))
        if self.content:
            self.content(surface, self.content_rect)
        for b in self.buttons:
            b.draw(surface, self.under(b))
        self.draw_focus(surface)

    def under(self, b: Button):
        """The colour under button ``b`` drawn on the panel (``Button.draw``): the panel's own
        where its background leaves that colour under the whole button
        (:func:`ui.frame.panel_filled`), else ``None`` (not known)."""
        return PANEL_FILL if any(r.contains(b.rect) for r in panel_filled(self.rect)) else None

    def inside(self) -> pygame.Rect:
        """A rect where :meth:`draw` leaves opaque pixels of its own whatever lay under them, px:
        the larger of the two its background fills (:func:`ui.frame.panel_filled`)."""
        return max(panel_filled(self.rect), key=lambda r: r.width * r.height)

    def focusables(self) -> list[tuple[Button, object]]:
        """The buttons the keyboard focus visits, in order, each with its callback."""
        cbs = {name: cb for name, _, _, cb in self.actions}
        return [(b, cbs[b.name]) for b in self.buttons if b.enabled and b.name in cbs]

    def draw_focus(self, surface: pygame.Surface) -> None:
        """The keyboard focus: a bright ring around the focused button."""
        items = self.focusables()
        if self.focus is not None and self.focus < len(items):
            pygame.draw.rect(surface, FOCUS_INK, items[self.focus][0].rect.inflate(8, 8), 4, border_radius=12)

    def move_focus(self, event) -> bool:
        """Tab / Shift+Tab and the arrows move the focus; Enter / Space press the focused button.
        Returns True when the key was one of those and is used up."""
        k = event.key
        items = self.focusables()
        if not items:
            return False
        back = k in (pygame.K_LEFT, pygame.K_UP) or (k == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT)
        if k in (pygame.K_TAB, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN):
            if self.focus is None or self.focus >= len(items):
                self.focus = len(items) - 1 if back else 0
            else:
                self.focus = (self.focus + (-1 if back else 1)) % len(items)
            self.table.stale = True
            return True
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and self.focus is not None \
                and self.focus < len(items):
            items[self.focus][1]()
            self.table.stale = True
            return True
        return False

    def button_at(self, pos):
        return next((b for b in self.buttons if b.rect.collidepoint(pos)), None)

    def down(self, pos) -> None:
        for b in self.buttons:
            b.pressed = b.rect.collidepoint(pos)

    def release(self) -> None:
        for b in self.buttons:
            b.pressed = False

    def tap(self, pos, start) -> None:
        b = self.button_at(pos)
        if b is not None and b is self.button_at(start):
            for name, _, _, cb in self.actions:
                if name == b.name:
                    cb()
                    return

    def key(self, event) -> None:
        if event.type != pygame.KEYDOWN:
            return
        if self.move_focus(event):
            return
        if event.key == pygame.K_ESCAPE and self.actions and self.actions[-1][0] in ("cancel", "done"):
            self.actions[-1][3]()
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.actions:
            self.actions[0][3]()
        elif self.letters and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META | pygame.KMOD_ALT):
            for name, _, _, cb in self.actions:
                if BUTTON_KEYS.get(name) == event.key:
                    cb()
                    return


def clipboard_text() -> str:
    """The system clipboard's text (pygame-ce's SDL clipboard), ``""`` when there is none or it
    cannot be read (in the browser a paste arrives as typed text instead)."""
    try:
        return pygame.scrap.get_text() or ""
    except (pygame.error, AttributeError):
        return ""


class CodeEntry(Panel):
    """Type a deal code (or a deal number): physical keyboard or the on-screen keypad.

    ``submit(text)`` returns an error message (the panel stays, the game is untouched) or ``None``.
    """

    max_w_compact = 820
    letters = False      # letters are typed into the code
    opening_key: str | None = None
    """The text of the key press that opened the field (C on a table), whose own text input
    (SDL sends it after the press) is not typed: set by the table, spent by the next key."""

    def __init__(self, table, submit, example: str):
        self.value = ""
        self.error = ""
        self.example = example
        self.submit_cb = submit
        self.keys: list[Button] = []
        self.paste_asked = False     # the Paste button asked the page for the clipboard
        super().__init__(table, tr("Enter a deal code"),
                         [("ok", tr("Play"), None, self.submit), ("paste", tr("Paste"), None, self.paste_clipboard),
                          ("cancel", tr("Cancel"), None, table.close_panel)],
                         self.draw_body, self.body_h)
        try:
            pygame.key.start_text_input()
        except pygame.error:
            pass
        from .. import clipboard

        clipboard.listen_paste()   # the browser's paste events type into this field

    def body_h(self, pw: int) -> int:
        s = self.table.frame.scale
        compact = self.table.app.size[1] < 560
        self.kh = max(44, round((44 if compact else 48) * s))
        self.cols = max(7, min(13, (pw - 32) // max(44, round(50 * s))))
        rows = -(-(len(KEYS) + 1) // self.cols)
        self.field_h = max(44, round((44 if compact else 52) * s))
        return self.field_h + 6 + 22 + 6 + rows * (self.kh + 4)

    def layout(self, w, h):
        super().layout(w, h)
        r = self.content_rect
        need = self.pad + self.title_size + 12 + self.body_h(self.rect.width) + 10 + self.bh + self.pad
        self.side_buttons = need > self.room_below(h)
        y0 = r.y + self.field_h + 6 + 22 + 6
        self.field_w = r.width
        if self.side_buttons:
            # a short window: Play and Cancel beside the field, the hint beside the last keys
            self.rect.height = min(h - 8, need - self.bh - 10 - 28)
            self.place(w, h)
            top = self.rect.y + self.pad + self.title_size + 12
            r = self.content_rect = pygame.Rect(self.rect.x + 16, top, self.rect.width - 32,
                                                self.rect.bottom - self.pad - top)
            bw = max(96, min(150, r.width // 5))
            nb = len(self.buttons)
            for k, b in enumerate(self.buttons):
                b.rect = pygame.Rect(r.right - (nb - k) * (bw + 8) + 8, r.y, bw, self.field_h)
            self.field_w = r.width - nb * (bw + 8)
            y0 = r.y + self.field_h + 6
        self.place_keys(r, y0)
        self.hint_rect = pygame.Rect(r.x, r.y + self.field_h + 6, r.width, 22)
        if self.side_buttons:
            room = self.hint_room()
            if room.width < self.HINT_W:
                # the last row full to its end: one more key a row, where every key stays TOUCH px
                # wide across the panel and no row is added, leaves room beside the last keys
                cols, n = self.cols, len(KEYS) + 1
                if -(-n // (cols + 1)) == -(-n // cols) and \
                        (self.rect.width - 12 - 4 * cols) // (cols + 1) >= TOUCH:
                    self.cols = cols + 1
                    self.place_keys(r, y0)
                    room = self.hint_room()
            self.hint_rect = room
            if room.width < self.HINT_W:       # no room beside the keys: the title's line
                self.hint_rect = pygame.Rect(self.rect.x + 8, self.rect.y + self.pad, self.rect.width - 16,
                                             self.title_size)

    HINT_W = 120
    """The narrowest room (px) for the hint line beside the last row of keys."""

    def place_keys(self, r: pygame.Rect, y0: int) -> None:
        """The keypad's keys in rows of :attr:`cols` from ``y0`` down, across the content ``r``:
        keys at least TOUCH px wide (the gaps narrow, then the keypad takes the panel's margins)."""
        gap = 6 if (r.width - 6 * (self.cols - 1)) // self.cols >= TOUCH else 4
        kx, kwidth = r.x, r.width
        if (kwidth - gap * (self.cols - 1)) // self.cols < TOUCH:
            kx, kwidth = self.rect.x + 6, self.rect.width - 12
        self.keys_span = (kx, kx + kwidth)
        kw = (kwidth - gap * (self.cols - 1)) // self.cols
        self.keys = []
        labels = list(KEYS) + ["⌫"]
        for i, k in enumerate(labels):
            row, col = divmod(i, self.cols)
            rect = pygame.Rect(kx + col * (kw + gap), y0 + row * (self.kh + 4), kw, self.kh)
            self.keys.append(Button(k, rect, "" if k == "⌫" else k, "back" if k == "⌫" else None,
                                    max(20, round(self.kh * 0.58)), "key"))

    def hint_room(self) -> pygame.Rect:
        """The room (px) beside the last key, to the keypad's right end."""
        last = self.keys[-1].rect
        return pygame.Rect(last.right + 8, last.y, self.keys_span[1] - last.right - 8, last.height)

    def poll(self) -> bool:
        """Each frame: type the page's answer to a Ctrl+V when it has come (browser)."""
        from .. import clipboard

        got = clipboard.take_paste()
        if got is not None and self.paste_asked:
            self.paste_asked = False
            if not got.strip():
                self.nothing_pasted()
                return True
        self.paste(got)
        return bool(got)

    def paste_clipboard(self) -> None:
        """The Paste button: the clipboard's text typed as a paste is (:meth:`paste`). A phone has
        no Ctrl+V, and a page that is one canvas gets no Paste menu from a long press, so the
        button is how a code sent by chat gets in. The desktop reads the clipboard now; the page
        asks the browser (``navigator.clipboard.readText``: a permission prompt or a Paste chip,
        within the tap's user activation) and :meth:`poll` types the answer a frame later, or says
        that nothing came."""
        from .. import clipboard

        if clipboard.WEB:
            self.paste_asked = True
            clipboard.request_paste()
            return
        got = clipboard_text()
        if got.strip():
            self.paste(got)
        else:
            self.nothing_pasted()

    def nothing_pasted(self) -> None:
        """Say that the Paste button brought no text (an empty clipboard, or the browser refused)."""
        self.error = tr("Nothing to paste: the clipboard is empty, or the browser did not allow reading it")
        self.table.stale = True

    def draw_body(self, surface, r):
        field = pygame.Rect(r.x, r.y, self.field_w, self.field_h)
        pygame.draw.rect(surface, (250, 250, 245), field, border_radius=8)
        size = round(self.field_h * 0.75)
        if self.value:
            img = text.render(self.value + "|", text.fit(self.value + "|", size, field.width - 20, 12), (20, 20, 20))
        else:
            img = text.render(self.example, text.fit(self.example, size, field.width - 20, 12), (150, 150, 150))
        surface.blit(img, (field.x + 10, field.centery - img.get_height() // 2))
        msg, col = (self.error, WARN) if self.error else (tr("A code like {code}, or a deal number", code=self.example), INK)
        hr = self.hint_rect
        ms = text.fit(msg, 22, hr.width, text.MIN_SIZE)
        lines = [msg] if text.width(msg, ms) <= hr.width else text.wrap(msg, ms, hr.width)
        lh = text.font(ms).get_linesize()
        for k, line in enumerate(lines):
            text.blit_center(surface, text.render(line, ms, col),
                             (hr.centerx, hr.centery - lh * len(lines) / 2 + lh / 2 + k * lh))
        for k in self.keys:
            k.draw(surface)

    def down(self, pos):
        super().down(pos)
        for k in self.keys:
            k.pressed = k.rect.collidepoint(pos)

    def release(self):
        super().release()
        for k in self.keys:
            k.pressed = False

    def tap(self, pos, start):
        for k in self.keys:
            if k.rect.collidepoint(pos) and k.rect.collidepoint(start):
                self.type_key(k.name)
                return
        super().tap(pos, start)

    def type_key(self, k: str) -> None:
        self.error = ""
        if k == "⌫":
            self.value = self.value[:-1]
        elif len(self.value) < 24:
            self.value += k
        self.table.stale = True

    def key(self, event):
        opening, self.opening_key = self.opening_key, None
        if event.type == pygame.TEXTINPUT:
            if opening is not None and event.text.lower() == opening.lower():
                return      # the text of the key that opened the field
            self.type_text(event.text)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_BACKSPACE:
            self.type_key("⌫")
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_v and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
            from .. import clipboard

            # the desktop reads the clipboard now; the page answers a frame later (poll)
            self.paste((clipboard.request_paste() or "") if clipboard.WEB else clipboard_text())
        else:
            super().key(event)

    def paste(self, pasted: str | None) -> None:
        """Type pasted text: a code or number, alone or inside an address (``…?deal=CODE``);
        what is no part of a code is left out. Text naming two different deals (two codes, an
        address with two ``deal=``; :func:`games.share.deals_in_words`, the command line's
        rule for ``--code``) types nothing and says which two: the player chooses, not the order
        of the words."""
        if not pasted:
            return
        from games.share import two_deals, unaddressed

        named = two_deals(pasted)
        if named is not None:
            self.error = tr("The text names two deals, {a} and {b}: paste one", a=named[0], b=named[1])
            self.table.stale = True
            return
        self.type_text(unaddressed(pasted))

    def type_text(self, typed: str) -> None:
        """Type ``typed`` (a key's text, or text pasted) as :func:`code_chars` reads it; when it
        holds a letter or digit no code has, type none of it and say what a code is made of."""
        chars = code_chars(typed)
        if chars is None:
            self.error = tr("Codes use only the letters A-Z, the digits 0-9 and '-'")
            self.table.stale = True
            return
        for ch in chars:
            self.type_key(ch)

    def submit(self) -> None:
        err = self.submit_cb(self.value)
        if err:
            self.error = err
            self.table.stale = True

    def closed(self):
        try:
            pygame.key.stop_text_input()
        except pygame.error:
            pass


class OptionsPanel(Panel):
    """Rows of buttons that cycle a value on each tap: ``rows = [(label_fn, on_tap)]``, and a
    footer ``note`` under them. The rows always fit between the title and the footer: one or two
    columns, rows as tall as the room allows (44 px on a phone), and a
    label too long for one line is drawn on two.
    Rows stay at least :data:`ui.frame.TOUCH` px tall."""

    max_w_compact = 780
    NOTE_H = 28      # the footer's strip (px)
    ROW_GAP = 8
    MIN_ROW = TOUCH

    def __init__(self, table, rows, note: str = "", title: str | None = None, done: str | None = None):
        self.rows = rows
        self.note = note
        self.row_buttons: list[Button] = []
        self.note_rect = pygame.Rect(0, 0, 0, 0)
        super().__init__(table, tr("Options") if title is None else title,
                         [("done", tr("Done") if done is None else done, None, table.close_panel)], self.draw_body,
                         self.body_h)

    def body_h(self, pw):
        s = self.table.frame.scale
        self.rh = max(44, round(50 * s))
        self.ncol = 2 if pw >= 600 or (pw >= 520 and self.table.app.size[1] < 700) else 1
        self.ncol = max(1, min(self.ncol, len(self.rows)))   # never a column with no row
        nrows = -(-len(self.rows) // self.ncol)
        return nrows * (self.rh + self.ROW_GAP) + self.note_h(pw - 32)

    def note_layout(self, w: int) -> tuple[int, list[str]]:
        """``(size, lines)`` of the footer note in ``w`` px: one line at up to 21 px while it
        fits at a readable size (:data:`text.MIN_SIZE`), else two lines at the largest readable
        size they fit (a phone's narrow panel), else one line as small as 12 px."""
        size = text.fit(self.note, 21, w, 12)
        if size >= text.MIN_SIZE:
            return size, [self.note]
        for two in range(18, text.MIN_SIZE - 1, -1):
            lines = text.wrap(self.note, two, w)
            if len(lines) <= 2:
                return two, lines
        return size, [self.note]

    def note_h(self, w: int) -> int:
        """The footer's height (px) for a note laid out in ``w`` px (0 with no note)."""
        if not self.note:
            return 0
        size, lines = self.note_layout(w)
        return max(self.NOTE_H, len(lines) * text.font(size).get_linesize() + 6)

    def layout(self, w, h):
        super().layout(w, h)
        r = self.content_rect
        note_h = self.note_h(r.width)
        ncol, rh, gap = self.ncol, self.rh, self.ROW_GAP
        nrows = -(-len(self.rows) // ncol)
        room = r.height - note_h
        if nrows * (rh + gap) > room and len(self.buttons) == 1:
            # a short window: Done goes to the title's line, the rows take the button bar's room
            self.rect.height = min(h - 8, self.rect.height)
            b = self.buttons[0]
            b.rect = pygame.Rect(0, 0, max(96, b.rect.width * 2 // 3), max(TOUCH, self.title_size + 8))
            b.rect.topright = (self.rect.right - 10, self.rect.y + 6)
            self.title_rect = pygame.Rect(self.rect.x + 8, self.rect.y + self.pad, b.rect.x - self.rect.x - 16,
                                          self.title_size)
            top = max(self.rect.y + self.pad + self.title_size + 12, b.rect.bottom + 6)
            r = self.content_rect = pygame.Rect(r.x, top, r.width, self.rect.bottom - self.pad - top)
            room = r.height - note_h
        if nrows * (rh + gap) > room and ncol == 1 and r.width >= 440:
            ncol = 2                         # a wide panel: a second column before shrinking
            nrows = -(-len(self.rows) // ncol)
        if nrows * (rh + gap) > room and ncol == 2 and r.width >= 480:
            ncol = 3                         # a phone on its side: a third column
            nrows = -(-len(self.rows) // ncol)
        if nrows * (rh + gap) > room:        # narrower gaps, rows never under TOUCH px
            gap = 4
            rh = max(self.MIN_ROW, room // max(1, nrows) - gap)
        ncol = max(1, min(ncol, len(self.rows)))   # fewer rows than columns: the rows span the panel
        self.ncol, self.rh = ncol, rh
        cw = (r.width - 10 * (ncol - 1)) // ncol
        self.row_buttons = []
        for i in range(len(self.rows)):
            col, row = (i % ncol, i // ncol)
            rect = pygame.Rect(r.x + col * (cw + 10), r.y + row * (rh + gap), cw, rh)
            self.row_buttons.append(Button(f"row{i}", rect, "", None, max(16, min(round(rh * 0.5), 26)), "panel"))
        last = max((b.rect.bottom for b in self.row_buttons), default=r.y)
        self.note_rect = pygame.Rect(r.x, max(last + 2, r.bottom - note_h), r.width, note_h) if note_h else \
            pygame.Rect(r.x, r.bottom, r.width, 0)

    MAX_LINES = 2
    """The most lines a row's label is set on (a longer label shrinks the rows' size instead)."""

    def row_size(self, labels: list[str]) -> int:
        """The one font size (px) of every row's label: the largest, up to the rows' own
        ``label_size``, at which each label fits its row on at most :data:`MAX_LINES` lines
        (words kept whole), so no row is set smaller than its neighbours; never below 10."""
        if not self.row_buttons:
            return text.MIN_SIZE
        b0 = self.row_buttons[0]
        w, h = b0.rect.width - 14, b0.rect.height - 4
        key = (tuple(labels), w, h, b0.label_size)
        if getattr(self, "_row_size", (None, 0))[0] == key:
            return self._row_size[1]
        size = b0.label_size
        while size > 10:
            lines = min(self.MAX_LINES, max(1, h // text.font(size).get_linesize()))
            if all(max((text.width(word, size) for word in lab.split()), default=0) <= w
                   and len(text.wrap(lab, size, w)) <= lines for lab in labels):
                break
            size -= 1
        self._row_size = (key, size)
        return size

    def draw_body(self, surface, r):
        labels = [label() for label, _ in self.rows]
        size = self.row_size(labels)
        lh = text.font(size).get_linesize()
        for b, lab in zip(self.row_buttons, labels):
            b.label = ""
            b.draw(surface, self.under(b))
            b.label = lab
            lines = [lab] if text.width(lab, size) <= b.rect.width - 14 else text.wrap(lab, size, b.rect.width - 14)
            y0 = b.rect.centery - lh * (len(lines) - 1) / 2
            for k, line in enumerate(lines):
                text.blit_center(surface, text.render(line, size, INK), (b.rect.centerx, y0 + k * lh))
        if self.note:
            nr = self.note_rect
            ns, lines = self.note_layout(nr.width)
            nh = text.font(ns).get_linesize()
            for k, line in enumerate(lines):
                text.blit_center(surface, text.render(line, ns, (200, 220, 205)),
                                 (nr.centerx, nr.centery + (k - (len(lines) - 1) / 2) * nh))

    def down(self, pos):
        super().down(pos)
        for b in self.row_buttons:
            b.pressed = b.rect.collidepoint(pos)

    def release(self):
        super().release()
        for b in self.row_buttons:
            b.pressed = False

    def focusables(self):
        """The rows, then the Done (Resume) button."""
        return list(zip(self.row_buttons, (cb for _, cb in self.rows))) + super().focusables()

    def tap(self, pos, start):
        for b, (_, cb) in zip(self.row_buttons, self.rows):
            if b.rect.collidepoint(pos) and b.rect.collidepoint(start):
                cb()
                self.table.stale = True
                return
        super().tap(pos, start)


class PauseMenu(OptionsPanel):
    """The pause menu (the top-left button, or Esc): one entry a row — Resume, New deal, Sound,
    Rules and tips (the game's rules page), Statistics, Home, then any entries a table adds
    (:meth:`ui.table.base.GameTable.pause_entries`) — and Resume again at the bottom. It covers the
    table (``covers``): a paused game is not studied for free, and the clock stands still."""

    covers = True
    pause = True

    KEYS = (pygame.K_n, pygame.K_s, pygame.K_r, pygame.K_t, pygame.K_h)
    """The rows' keys, in the rows' order: N new deal, S sound, R rules, T statistics, H home."""

    def __init__(self, table, rows):
        super().__init__(table, rows, "", tr("Paused"), tr("Resume"))

    def body_h(self, pw):
        self.ncol = 1 if pw < 600 else 2
        s = self.table.frame.scale
        self.rh = max(44, round(50 * s))
        return -(-len(self.rows) // self.ncol) * (self.rh + self.ROW_GAP)

    def key(self, event) -> None:
        if event.type != pygame.KEYDOWN or self.move_focus(event):
            return
        if event.key in (pygame.K_ESCAPE, pygame.K_p, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.table.close_panel()
        elif event.key in self.KEYS[:len(self.rows)]:
            self.rows[self.KEYS.index(event.key)][1]()
            self.table.stale = True


class TextPanel(Panel):
    """A panel of wrapped paragraphs (a game's help: how to play in a line, and its keys), the
    ``actions`` given, then a Close button.

    :param paragraphs: lines of text; each is wrapped to the panel's width, an empty one is a gap.
    :param actions: buttons before Close, as :class:`Panel`'s (default none).
    """

    max_w, max_w_compact = 760, 820

    def __init__(self, table, title: str, paragraphs: list[str], actions=()):
        self.paragraphs = paragraphs
        super().__init__(table, title, [*actions, ("done", tr("Close"), None, table.close_panel)],
                         self.draw_body, self.body_h)

    def size_for(self, pw: int) -> int:
        return 20 if pw >= 520 else 16

    def lines(self, pw: int) -> list[str]:
        size = self.size_for(pw)
        out = []
        for p in self.paragraphs:
            out.extend(text.wrap(p, size, pw - 40) if p else [""])
        return out

    def body_h(self, pw: int) -> int:
        size = self.size_for(pw)
        return len(self.lines(pw)) * text.font(size).get_linesize()

    def draw_body(self, surface, r) -> None:
        size = self.size_for(self.rect.width)
        lh = text.font(size).get_linesize()
        lines = self.lines(self.rect.width)
        cols = [(r.x + 4, lines)]
        if len(lines) * lh > r.height:        # a short window: the text shrinks to the room,
            size = max(text.MIN_SIZE, int(size * r.height / (len(lines) * lh)))   # never under 12-px lines
            lh = text.font(size).get_linesize()
            if len(lines) * lh > r.height:    # still too long: two columns side by side
                half = (r.width - 24) // 2
                out = []
                for p in self.paragraphs:
                    out.extend(text.wrap(p, size, half) if p else [""])
                n = (len(out) + 1) // 2
                cols = [(r.x + 4, out[:n]), (r.x + 4 + half + 16, out[n:])]
        for x, col in cols:
            y = r.y
            for line in col:
                if line:
                    surface.blit(text.render(line, size, INK), (x, y))
                y += lh

    def key(self, event) -> None:
        """Esc closes, and Enter with no button focused; otherwise as :meth:`Panel.key` (the focus
        ring, a button's letter: R the rules page)."""
        if event.type == pygame.KEYDOWN and (event.key == pygame.K_ESCAPE or (
                event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.focus is None)):
            self.table.close_panel()
        else:
            super().key(event)
