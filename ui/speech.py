"""What a screen reader says: the keyboard focus, the status line and panels in words.

The table is pixels on a canvas, so a blind or low-vision player hears nothing unless the app
says it. This module words what the keyboard focus rests on in the player's language ("Seven of
hearts, column 3, 4 cards, 2 face down"; «Семёрка червей, столбец 3, 4 карты, 2 закрытые»), and
:class:`Speech` sends one text to a sink whenever something worth saying changed: the status line
(a move refused and why, a hint, a win) always, a panel that opens (its title and buttons) always,
the focus (on the table or in a panel) only once the player has used the keyboard. In the browser
the sink writes the text into the page's visually hidden ``aria-live="polite"`` element
(``#pasyans-live`` in ``web/pasyans.tmpl``), which screen readers read out; on the desktop it keeps
the last texts (:attr:`Speech.said`). V says the last text again, Q reads the whole table (as
PySolFC's Q reads its game's information).

The wording functions (:func:`card_words`, :func:`columns_focus_words`, :func:`tripeaks_focus_words`,
:func:`pyramid_focus_words`, :func:`devils_grip_focus_words`, :func:`panel_words`) are pure: they
read positions and labels and return text, never drawing or importing pygame. Ranks and suits are
catalogue words with a case for Russian: a card is its rank in the nominative and its suit in the
genitive («семёрка червей»), a foundation names its suit in the nominative plural and the rank it
is built up to in the genitive («база, черви, до пятёрки»).
"""
from __future__ import annotations

import re
import sys
from collections import deque

from games.i18n import N_, language, tr, tr_n

RANK_WORDS = (N_("ace"), N_("two"), N_("three"), N_("four"), N_("five"), N_("six"), N_("seven"),
              N_("eight"), N_("nine"), N_("ten"), N_("jack"), N_("queen"), N_("king"))
"""The ranks' names, ace (1) to king (13), in the nominative; the catalogue's context ``"up to"``
gives the form after "up to" (Russian: the genitive, «до пятёрки»)."""

SUIT_WORDS = (N_("clubs"), N_("diamonds"), N_("hearts"), N_("spades"))
"""The suits' names by suit number (clubs 0, diamonds 1, hearts 2, spades 3) in the nominative
plural; the context ``"of"`` gives the form that follows a rank (Russian: the genitive plural,
«червей», «бубен»)."""

LIVE_ID = "pasyans-live"
"""The id of the page's ``aria-live`` element (``web/pasyans.tmpl``)."""
CANVAS_ID = "canvas"
HELP_ID = "pasyans-help"
"""The id of the page's hidden help text the canvas's ``aria-describedby`` points to."""

SAID_KEPT = 50
"""How many of the latest texts :attr:`Speech.said` keeps."""


def sentence(text: str) -> str:
    """``text`` with its first letter in capitals (words join into a sentence in lower case)."""
    return text[:1].upper() + text[1:]


def rank_word(rank: int, form: str | None = None) -> str:
    """The name of ``rank`` (1..13) in the current language: the nominative, or ``form`` (the
    catalogue's context: ``"up to"``). :raises IndexError: for a rank outside 1..13."""
    if not 1 <= rank <= 13:
        raise IndexError(f"no rank {rank}")
    return tr(RANK_WORDS[rank - 1], context=form)


def suit_word(suit: int, form: str | None = None) -> str:
    """The name of ``suit`` (0..3, clubs, diamonds, hearts, spades): the nominative plural, or
    ``form`` ``"of"``, the form after a rank. :raises IndexError: for a suit outside 0..3."""
    if not 0 <= suit <= 3:
        raise IndexError(f"no suit {suit}")
    return tr(SUIT_WORDS[suit], context=form)


def card_words(card: int) -> str:
    """A card (``suit * 16 + rank``, :mod:`games.cards`) in words, lower case: "seven of hearts",
    «семёрка червей»."""
    return tr("{rank} of {suit}", rank=rank_word(card & 15), suit=suit_word(card >> 4, "of"))


CARD_TOKEN = re.compile(r"(?<![\w-])(10|[A2-9TJQK])([CDHS\u2663\u2666\u2665\u2660])(?![\w-])")
"""A card as the status line and panels write it (``9S``, ``KH``, ``10♥``): the screen shows
it with a drawn suit, a screen reader would spell it out."""


def spoken(text: str) -> str:
    """``text`` with every card token (:data:`CARD_TOKEN`) in words: "9S goes only on 6S" →
    "nine of spades goes only on six of spades". Other text, deal codes included, stays as it is."""
    from games.cards import CardError, parse_card

    def word(m):
        try:
            return card_words(parse_card(m.group(0)))
        except CardError:
            return m.group(0)
    return CARD_TOKEN.sub(word, text)


def sentences(parts) -> str:
    """The non-empty ``parts`` one after another, each ended by a full stop where it has no
    stop of its own, so that a reader pauses between them: "No more moves available. No more
    moves. Score: 505…"."""
    out = [p.strip() for p in parts if p and p.strip()]
    last = len(out) - 1
    return " ".join(p if p[-1] in ".!?:;…" or k == last else p + "." for k, p in enumerate(out))


def join(parts) -> str:
    """The non-empty ``parts`` as one sentence: comma-separated, the first letter a capital."""
    return sentence(", ".join(p for p in parts if p))


def count_words(n: int) -> str:
    """"4 cards" / «4 карты» (counted by the catalogue's plural forms)."""
    return tr_n("{n} cards", n)


# -- the column games (Klondike, FreeCell, Spider) ---------------------------------------------------
def pile_name(key: tuple) -> str:
    """The name of a column game's pile ``key`` (``("col", 2)`` "column 3", ``("cell", 1)`` "free
    cell 2", ``("found", 2)`` "foundation, hearts", ``("stock",)``, ``("waste",)``, ``("done",)``
    Spider's completed runs), lower case. :raises KeyError: for a key of no known kind."""
    kind = key[0]
    if kind == "col":
        return tr("column {n}", n=key[1] + 1)
    if kind == "cell":
        return tr("free cell {n}", n=key[1] + 1)
    if kind == "found":
        return tr("foundation, {suit}", suit=suit_word(key[1])) if len(key) > 1 else tr("foundation")
    if kind == "stock":
        return tr("stock")
    if kind == "waste":
        return tr("waste")
    if kind == "done":
        return tr("completed runs")
    raise KeyError(f"no pile kind {kind!r}")


def columns_focus_words(key: tuple, index: int | None, cards: list[tuple[int, bool]],
                        stock_deals: bool = False) -> str:
    """The words for a column game's focus on card ``index`` (0: the bottom one; ``None``: the
    pile itself) of pile ``key`` holding ``cards`` (``[(card, face_up)…]``, bottom first, as
    ``ColumnsTable.pile_cards`` gives them). ``stock_deals``: the stock is counted in deals
    (Spider: one entry a deal of ten).

    A column: "Seven of hearts, column 3, 4 cards, 2 face down"; a card under the top one: "Seven
    of hearts and 2 cards on it, column 3, …"; an empty pile: "Column 3, empty"; a foundation:
    "Foundation, hearts, up to five"; a free cell: "Free cell 2, seven of hearts"; the stock:
    "Stock, 12 cards" (Spider: "Stock, 4 deals left"); the waste: "Waste, seven of hearts, 5 cards";
    Spider's completed runs: "Completed runs, 2".
    """
    kind = key[0]
    name = pile_name(key)
    n = len(cards)
    if kind == "stock":
        if not n:
            return join([name, tr("empty")])
        return join([name, tr_n("{n} deals left", n) if stock_deals else count_words(n)])
    if kind == "done":
        return join([name, str(n)])
    if not n:
        return join([name, tr("empty")])
    if kind == "found":
        top = cards[-1][0]
        return join([name, tr("up to {rank}", rank=rank_word(top & 15, "up to"))])
    i = n - 1 if index is None or not 0 <= index < n else index
    card, up = cards[i]
    what = card_words(card) if up else tr("a face-down card")
    above = n - 1 - i
    if above:
        what = tr_n("{card} and {n} cards on it", above, card=what)
    if kind == "cell":
        return join([name, what])
    down = sum(1 for _, u in cards if not u)
    return join([what, name, count_words(n), tr_n("{n} face down", down) if down else ""])


# -- TriPeaks, Pyramid, Devil's Grip --------------------------------------------------------------
def tripeaks_focus_words(target_kind: str, slot: int | None, tableau, stock, waste, with_waste: bool = True) -> str:
    """The words for TriPeaks' focus: ``target_kind`` ``"slot"`` (card ``slot`` of ``tableau``:
    its peak, 1..3, for the three rows of the peaks, and its row from the top, 1..4) or
    ``"stock"``, each followed (``with_waste``) by the waste's top card, the card a play goes
    onto: "Seven of hearts, peak 2, row 3; waste: eight of clubs", "Nine of spades, row 4;
    waste: …", "Stock, 12 cards; waste: …"."""
    from games.tripeaks import PEAK_OF, ROWS

    if target_kind == "slot":
        row = next(r for r, (a, b) in enumerate(ROWS, 1) if a <= slot < b)
        peak = tr("peak {n}", n=PEAK_OF[slot] + 1) if row < len(ROWS) else ""
        head = join([card_words(tableau[slot]), peak, tr("row {n}", n=row)])
    else:
        head = join([tr("stock"), count_words(len(stock)) if stock else tr("empty")])
    return head + ("; " + tr("waste: {card}", card=card_words(waste[-1])) if waste and with_waste else "")


def pyramid_focus_words(target_kind: str, slot: int | None, state, selected: bool = False) -> str:
    """The words for Pyramid's focus on ``target_kind`` ``"slot"`` (the pyramid's card ``slot``,
    its row from the top), ``"stock"`` (the stock's face-up top card), ``"waste"`` or ``"deck"``
    (the draw tab) of ``state`` (a :class:`games.pyramid.PyramidState`); ``selected``: the card is
    the one lifted for a pair. "Seven of hearts, row 3, selected", "Stock, seven of hearts, 12
    cards", "Waste, eight of clubs", "Draw, 11 cards left"."""
    from games.pyramid import geometry

    if target_kind == "slot":
        slots = geometry(state.layout).layout.slots
        rows = sorted({y for _, y in slots})
        return join([card_words(state.cards[slot]), tr("row {n}", n=rows.index(slots[slot][1]) + 1),
                     tr("selected") if selected else ""])
    if target_kind == "stock":
        return join([tr("stock"), card_words(state.stock[0]), count_words(len(state.stock)),
                     tr("selected") if selected else ""])
    if target_kind == "waste":
        return join([tr("waste"), card_words(state.waste[-1]) if state.waste else tr("empty"),
                     tr("selected") if selected else ""])
    left = max(0, len(state.stock) - 1)
    return join([tr("draw"), tr_n("{n} cards left", left) if left else
                 (tr("turn the waste over") if state.waste else tr("empty"))])


def devils_grip_focus_words(target_kind: str, cell: int | None, state, marked: bool = False) -> str:
    """The words for Devil's Grip's focus on ``target_kind`` ``"cell"`` (grid cell ``cell``, 0..23
    row by row: its top card, row and column, the stack's size), ``"stock"`` or ``"talon"`` of
    ``state`` (a :class:`games.devils_grip.DevilsGripState`); ``marked``: the stack is marked for
    a swap (S). "Seven of hearts, row 1, column 3, 2 cards", "Talon, eight of clubs, 3 cards"."""
    from games.devils_grip import COLS

    if target_kind == "cell":
        stack = state.grid[cell]
        return join([card_words(stack[-1]) if stack else tr("empty"), tr("row {n}", n=cell // COLS + 1),
                     tr("column {n}", n=cell % COLS + 1), count_words(len(stack)) if len(stack) > 1 else "",
                     tr("marked for a swap") if marked else ""])
    if target_kind == "stock":
        return join([tr("stock"), count_words(len(state.stock)) if state.stock else tr("empty")])
    return join([tr("talon"), card_words(state.talon[-1]) if state.talon else tr("empty"),
                 count_words(len(state.talon)) if state.talon else ""])


# -- panels ------------------------------------------------------------------------------------------
def button_words(label: str) -> str:
    """A button in words: "Button: Hint"."""
    return tr("Button: {label}", label=label)


def panel_words(title: str, labels: list[str], focus: int | None, paragraphs=()) -> str:
    """A panel as it opens: its ``title``, its ``paragraphs`` (a help's text), then the focused
    button (``focus``: an index into ``labels``) or, with none focused, the buttons in order, the
    first of which Enter presses: "You won! Buttons: New deal, Replay, Undo, Home"."""
    t = sentence(title.strip())
    head = [t if t[-1:] in (".", "!", "?", ":") else t + "."] if t else []
    body = [p.strip() for p in paragraphs if p and p.strip()]
    if focus is not None and 0 <= focus < len(labels):
        tail = button_words(labels[focus])
    elif labels:
        tail = tr("Buttons: {labels}", labels=", ".join(labels))
    else:
        tail = ""
    return " ".join(head + body + ([tail] if tail else []))


# -- the screens around the tables (settings, statistics, calendar, records, badges, help) -----------
def setting_words(row: str) -> str:
    """A settings row as its button shows it ("Left-handed layout: off") in words: "Setting:
    Left-handed layout, off" (the row's last ": " read as a pause)."""
    label, sep, value = row.rpartition(": ")
    return tr("Setting: {label}", label=f"{label}, {value}" if sep else row)


def stats_words(name: str, figures: list[tuple[str, str]], last: str = "") -> str:
    """The statistics of one game's variant ``name`` ("Klondike · draw 1") from its ``figures``
    (``[(label, value)]`` as shown) and ``last`` (the line over the last results): "Statistics,
    Klondike, draw 1: played 12, won 5, win % 42, …. Last 12 games: 5 won, 7 lost"."""
    figs = ", ".join(f"{label[:1].lower()}{label[1:]} {value}" for label, value in figures)
    head = tr("Statistics, {name}: {figures}", name=name.replace(" · ", ", "), figures=figs)
    return sentences([head, last])


def chart_words(game: str, won: int, lost: int, selected: bool) -> str:
    """A game's bars on the statistics' chart: "Klondike: won 5, lost 7, selected"."""
    return join([tr("{game}: won {won}, lost {lost}", game=game, won=won, lost=lost),
                 tr("selected") if selected else ""])


def date_words(year: int, month: int, day: int, won: int = 0, played: int = 0, today: bool = False,
               future: bool = False, selected: bool = False) -> str:
    """A date on the calendar: "December 7, 1 daily won, today, selected"; ``won``: dailies won
    that day, ``played``: played and not won; ``future``: its deals are not open yet. Russian
    puts the day first and the month in the genitive («7 декабря»)."""
    from .scenes.daily import MONTHS

    what = []
    if future:
        what.append(tr("not open yet"))
    else:
        if won:
            what.append(tr_n("{n} dailies won", won))
        if played:
            what.append(tr_n("{n} played, not won", played))
        if not won and not played:
            what.append(tr("no daily played"))
    return join([tr("{month} {day}", month=tr(MONTHS[month - 1], context="date"), day=day)] + what
                + [tr("today") if today else "", tr("selected") if selected else ""])


def badge_words(name: str, earned: str | None, status: str, ask: str) -> str:
    """A badge: "Badge: First win, earned 2026-12-07. Win any game." / "Badge: Architect, not
    yet: 12 of 55 layouts. Play every Pyramid layout." (``earned``: the date, ``None`` while not
    earned; ``status``: the way towards it as shown; ``ask``: what it asks)."""
    if earned:
        head = tr("Badge: {name}, earned {date}", name=name, date=earned)
    elif status and status != tr("Not yet"):
        head = tr("Badge: {name}, not yet: {status}", name=name, status=status)
    else:
        head = tr("Badge: {name}, not yet", name=name)
    return sentences([head, ask])


def record_words(place: int, points: str, time: str, moves: int, date: str, deal: str = "") -> str:
    """A row of a record table: "Place 1: 1,250 points, time 3:02, 85 moves, 2026-12-01, deal #617"."""
    return join([tr("Place {n}: {points} points, time {time}, {moves} moves, {date}", n=place, points=points,
                    time=time, moves=moves, date=date), tr("deal {code}", code=deal) if deal else ""])


def screen_summary(scene) -> str:
    """A screen around the tables read whole (Q): its title, then every focusable thing's words
    in Tab's order."""
    return " ".join(p for p in [sentence(scene_title(scene).rstrip(".")) + "."]
                    + [it.words().rstrip(".") + "." for it in scene.focusables()] if p.strip(". "))


# -- the sink ----------------------------------------------------------------------------------------
def page_element(element_id: str):
    """The page's element ``element_id`` through pygbag's ``platform.window`` (``None`` off the
    browser, when the page has none, or when the bridge fails)."""
    if sys.platform != "emscripten":
        return None
    try:
        from platform import window  # pygbag's bridge to the page

        return window.document.getElementById(element_id)
    except Exception:   # no bridge, no document: the page says nothing, the game goes on
        return None


class Speech:
    """Sends what a screen reader should say to a sink, once per change.

    :attr:`said` keeps the latest texts (desktop and tests read it); in the browser each text is
    also written into the page's live region (:data:`LIVE_ID`). :meth:`observe` is called once a
    frame with the current scene and says what changed since the last call; it builds words only
    when the scene's cheap signature (focus, status line, panel, position, keys pressed) changed.
    """

    def __init__(self, web: bool | None = None):
        self.web = sys.platform == "emscripten" if web is None else web
        self.said: deque[str] = deque(maxlen=SAID_KEPT)
        """The texts sent, oldest first."""
        self.last = ""
        """The last text sent (V says it again)."""
        self.keyboard = False
        """Whether the player has pressed a key: only then is the focus worded."""
        self.keys = 0          # keys pressed so far: a key may change words without moving the focus
        self._sig = None
        self._scene = None
        self._status = ""
        self._panel = None
        self._panel_words = ""
        self._focus_words = ""
        self._panel_error = ""
        self._panel_value = None
        self._says = 0
        self._state = None
        self._news = ""
        self._deal = None
        self._flip = False     # alternates a trailing no-break space, so the same text is read again

    # -- the sink --
    def send(self, text: str) -> None:
        """Say ``text`` (its card tokens in words, :func:`spoken`): kept in :attr:`said`, and
        written into the page's live region in the browser (nothing happens there when the page
        has no such element)."""
        text = " ".join(spoken(text).split())
        if not text:
            return
        self.last = text
        self.said.append(text)
        if self.web:
            el = page_element(LIVE_ID)
            if el is not None:
                self._flip = not self._flip
                try:
                    el.textContent = text + ("\u00a0" if self._flip else "")
                except Exception:    # a bridge that fails to write: nothing is said, play goes on
                    pass

    def label_page(self) -> None:
        """Name the canvas for screen readers in the current language (its ``aria-label`` and the
        hidden help text it points to) and give the page that language (``<html lang>``, the
        voice a screen reader reads in); nothing off the browser or without the elements."""
        if not self.web:
            return
        canvas, helptext = page_element(CANVAS_ID), page_element(HELP_ID)
        try:
            from platform import window  # pygbag's bridge to the page

            # the page's language is the game's: a screen reader reads Russian with a Russian voice
            window.document.documentElement.setAttribute("lang", language())
        except Exception:    # no bridge, no document: the template's language stays
            pass
        try:
            if canvas is not None:
                canvas.setAttribute("aria-label", tr("Pasyans solitaire: play with the keyboard"))
            if helptext is not None:
                helptext.textContent = page_help()
        except Exception:    # a bridge that fails to write: the template's own words stay
            pass

    # -- keys --
    def key(self, event, scene) -> bool:
        """A key pressed on ``scene`` (a pygame ``KEYDOWN``): V says the last text again, Q reads
        the whole table (on a table, not while a code is typed; under the pause menu, which hides
        the table so that a paused game is not studied, the menu); ``True`` when the key was used.
        Any other key counts as keyboard use (the focus is worded from then on)."""
        import pygame

        from .table.base import MODIFIER_KEYS
        from .table.panels import CodeEntry

        if event.key in MODIFIER_KEYS:
            return False
        self.keyboard = True
        self.keys += 1
        if event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META | pygame.KMOD_ALT):
            return False
        panel = getattr(scene, "panel", None)
        if event.key in (pygame.K_v, pygame.K_q) and hasattr(scene, "focusables") \
                and not hasattr(scene, "status_text"):
            # a screen around the tables: V as on a table, Q reads the screen (or its panel)
            if event.key == pygame.K_v:
                self.send(self.last or screen_summary(scene))
            else:
                self.send(panel_text(panel) if panel is not None else screen_summary(scene))
            return True
        if event.key not in (pygame.K_v, pygame.K_q) or not hasattr(scene, "status_text") \
                or isinstance(panel, CodeEntry):
            return False
        if event.key == pygame.K_v:
            self.send(self.last or table_summary(scene))
        elif panel is not None and getattr(panel, "covers", False):
            self.send(panel_text(panel))    # the pause menu hides the table: it is not read out either
        else:
            self.send(table_summary(scene))
        return True

    # -- changes --
    _notice = ""
    _message = ""

    def observe(self, scene, notice: str = "") -> None:
        """Say what changed on ``scene`` since the last call: a new screen's title, the status
        line (a screen's own message line), a panel opened (title and buttons), the focus (after
        keyboard use); and the app's ``notice`` band when a new one shows (a save the storage
        refused, a record kept aside, a link that names no deal)."""
        if scene is None:
            return
        panel = getattr(scene, "panel", None)
        status = getattr(scene, "status_text", "")
        message = getattr(scene, "message", "") if not hasattr(scene, "status_text") else ""
        says = getattr(scene, "says", 0)
        state = getattr(scene, "state", None)
        sig = (id(scene), getattr(scene, "focus", None), status, says, id(panel),
               getattr(panel, "focus", None), getattr(panel, "error", None), getattr(panel, "value", None),
               id(state), self.keys, notice, message)
        if sig == self._sig:
            return
        self._sig = sig
        parts = []
        if notice != self._notice:
            self._notice = notice
            if notice:
                parts.append(notice)
        if message != self._message:
            self._message = message
            if message and isinstance(message, str):
                parts.append(message)
        if scene is not self._scene:
            self._scene, self._status, self._says, self._panel = scene, "", says, None
            self._focus_words = self._panel_words = ""
            self._state, self._news, self._deal = state, news_words(scene), deal_of(scene)
            parts.append(scene_title(scene))
        if status != self._status or says != self._says:
            self._status, self._says = status, says
            if status:
                parts.append(status)       # said again when said again (the same refusal twice)
        if panel is not None:
            value = getattr(panel, "value", None)     # the code field's text
            if panel is not self._panel:
                self._panel = panel
                self._panel_words = panel_focus(panel)
                parts.append(panel_text(panel))
            else:
                if isinstance(value, str) and value != self._panel_value:
                    parts.append(value or tr("empty"))     # what was typed, as a text field echoes it
                err = getattr(panel, "error", "")
                if err and err != self._panel_error:
                    parts.append(err)
                if self.keyboard:
                    words = panel_focus(panel)
                    if words and words != self._panel_words:
                        parts.append(words)
                    self._panel_words = words
            self._panel_error = getattr(panel, "error", "")
            self._panel_value = value
        else:
            if self._panel is not None:
                self._focus_words = ""     # back from a panel: where the focus is, said again
            self._panel = None
            if self.keyboard and hasattr(scene, "focus"):
                # a screen around the tables words its own focus; a table's is worded by its game
                words = scene.focus_text() if hasattr(scene, "focus_text") else focus_words(scene)
                if words and words != self._focus_words:
                    parts.append(words)
                self._focus_words = words
        if state is not self._state:
            self._state = state
            deal = deal_of(scene)
            if deal != self._deal:         # a new deal on the same table (New deal, Replay, a code)
                self._deal = deal
                parts.insert(0, scene_title(scene))
            news = news_words(scene)
            if self.keyboard and news and news != self._news and not any(news in p for p in parts):
                parts.append(news)         # the card a draw turned up, though the focus is elsewhere
            self._news = news
        if parts:
            self.send(sentences(parts))


def page_help() -> str:
    """The page's hidden help text for screen readers: how the table is played by keys, and the
    other screens used."""
    return " ".join([tr("Arrows and Tab move the focus over the cards and piles; Enter plays the focused card."),
                     tr("V says the last message again; Q reads the whole table."),
                     tr("F1 lists every key of the game."),
                     tr("On the other screens Tab and the arrows move the focus, Enter chooses, Esc goes back.")])


# -- a scene in words (these read the app's objects; the words themselves come from the pure
#    functions above) -----------------------------------------------------------------------------
def deal_of(scene) -> tuple | None:
    """What names a table's deal (its game, number and options), ``None`` for another screen."""
    if not hasattr(scene, "status_text"):
        return None
    return (getattr(scene, "game", None), getattr(scene, "number", None), repr(getattr(scene, "options", None)))


def scene_title(scene) -> str:
    """A screen's name as it opens: a table's game and deal ("Klondike, deal K1-…"), another
    screen's title."""
    game = getattr(scene, "game", None)
    if game is not None and hasattr(scene, "status_text"):
        from .scenes.common import game_title

        deal = scene.deal_label() if getattr(scene, "number", None) is not None else ""
        return join([game_title(game), tr("deal {code}", code=deal) if deal else ""]) + "."
    title = getattr(scene, "title", None)
    try:
        text = title() if callable(title) else ""
    except Exception:    # a screen whose title needs what is not laid out yet: no title said
        text = ""
    from .scenes.home import HomeScene

    if isinstance(scene, HomeScene):    # the home screen: its keys name the games
        from .scenes.common import GAMES, game_title

        text = join([text.rstrip(".") + ". " + tr("Keys 1 to 6 open a game: {games}", games=", ".join(
            f"{k} {game_title(g)}" for k, g in enumerate(GAMES, 1)))])
    return text


def panel_labels(panel) -> list[str]:
    """The labels of the things the panel's focus visits, in order (an options row's label is
    its current text)."""
    rows = getattr(panel, "rows", None) or []
    out = []
    for k, (b, _) in enumerate(panel.focusables()):
        if k < len(rows) and getattr(panel, "row_buttons", None):
            out.append(rows[k][0]())
        else:
            out.append(b.label or b.name)
    return out


def panel_text(panel) -> str:
    """What an opening panel says (:func:`panel_words`): its title, a help panel's paragraphs
    (an end panel: the top bar's figures and the progression's lines, what it shows drawn), its
    buttons."""
    # a help panel's paragraphs, or a question's lines (Reset statistics?, Import saves?, Kept data)
    paragraphs = list(getattr(panel, "paragraphs", ()) or getattr(panel, "lines", ()))
    table = getattr(panel, "table", None)
    if getattr(panel, "end", None) is not None and hasattr(table, "top_items"):
        items = ", ".join(f"{label}: {value}" for label, value in shown_items(table))
        paragraphs = [sentence(items) + "." if items else ""]
        try:
            paragraphs += [line.rstrip(".") + "." for line in table.progression_lines() if line]
        except Exception:    # the lines need what a stand-in table lacks: the figures are said
            pass
    return panel_words(panel.title, panel_labels(panel), panel.focus, paragraphs)


def panel_focus(panel) -> str:
    """The panel's focused button in words, ``""`` with none focused."""
    labels = panel_labels(panel)
    f = panel.focus
    return button_words(labels[f]) if f is not None and 0 <= f < len(labels) else ""


def focus_words(table, f=None, summary: bool = False) -> str:
    """The words for a table's keyboard focus, or for focus ``f`` when given (``""`` with no
    focus), by its game; ``summary``: as a line of the whole table's reading (TriPeaks' waste,
    said once there, is left out)."""
    f = table.focus if f is None else f
    if f is None:
        return ""
    s = table.state
    if hasattr(f, "key") and hasattr(table, "pile_cards"):
        if f.key not in getattr(table, "pile_rect", {f.key: None}):
            return ""
        return columns_focus_words(f.key, f.index, table.pile_cards(s, f.key),
                                   stock_deals=table.game == "spider")
    kind = f.kind.value
    if table.game == "tripeaks":
        return tripeaks_focus_words(kind, f.index, s.tableau, s.stock, s.waste, with_waste=not summary)
    if table.game == "pyramid":
        return pyramid_focus_words(kind, f.index, s, getattr(table, "selected", None) == f)
    if table.game == "devils-grip":
        marked = kind == "cell" and getattr(table, "swap_from", None) == f.index
        return devils_grip_focus_words(kind, f.index, s, marked)
    return ""


def news_words(table) -> str:
    """The card a draw turns up, in words, wherever the focus is: a column game's waste
    ("Seven of hearts, waste, 5 cards"), Pyramid's stock top, Devil's Grip's talon; ``""`` for a
    table with none (TriPeaks says its waste with every card, Spider has no waste)."""
    if getattr(table, "state", None) is None:
        return ""
    from .table import hit

    if hasattr(table, "pile_cards"):
        from .table.columns import PileFocus

        if ("waste",) not in getattr(table, "pile_rect", {}):
            return ""
        return focus_words(table, PileFocus(("waste",), None))
    if getattr(table, "game", None) == "pyramid":
        return focus_words(table, hit.STOCK) if table.state.stock else ""
    if getattr(table, "game", None) == "devils-grip":
        return focus_words(table, hit.TALON)
    return ""


def shown_items(table) -> list[tuple[str, str]]:
    """The top bar's figures as the table shows them now (Settings' Time and score off leaves the
    time and score out during play: ``shown_top_items``)."""
    shown = getattr(table, "shown_top_items", None)
    return shown() if shown is not None else table.top_items()


def table_summary(table) -> str:
    """The whole table in words (Q): the game, the top bar's figures as shown, the status line,
    then every pile or every card a tap would play, in the screen's reading order."""
    items = ", ".join(f"{label}: {value}" for label, value in shown_items(table))
    parts = [scene_title(table), sentence(items) + "." if items else "",
             table.status_text.rstrip(".") + "." if table.status_text else ""]
    if getattr(table, "saves_refused", lambda: False)():
        from .table.base import MSG_NOT_SAVED

        parts.insert(2, tr(MSG_NOT_SAVED) + ".")     # the top bar's warning, where the deal's label was
    if hasattr(table, "pile_cards") and hasattr(table, "all_keys"):
        from .table.columns import PileFocus
        from .table.drag import reading_order

        for key in reading_order(table.all_keys(), table.pile_rect.__getitem__):
            parts.append(focus_words(table, PileFocus(key, None)) + ".")
    elif hasattr(table, "focus_targets"):
        from .table.drag import reading_order

        for t in reading_order(table.focus_targets(), table.target_rect):
            parts.append(focus_words(table, t, summary=True) + ".")
        waste = getattr(table.state, "waste", None)
        if table.game == "tripeaks" and waste:
            parts.append(sentence(tr("waste: {card}", card=card_words(waste[-1]))) + ".")
    return " ".join(p for p in parts if p)
