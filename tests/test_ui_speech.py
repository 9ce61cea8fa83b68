"""What a screen reader is told (ui/speech.py): the keyboard focus, the status line and panels in
words, sent to the app's sink (``app.speech.said``; in the browser the page's live region), and
the page's live region and the canvas's role and name (web/pasyans.tmpl). Gap G3 of the
comparison with the best apps (PySolFC speaks cards and piles)."""
import re
from pathlib import Path

import pygame
import pytest

from conftest import key, new_app, run_until
from games.i18n import set_language, tr
from ui import speech
from ui.table.devils_grip import DevilsGripTable
from ui.table.freecell import FreeCellTable
from ui.table.klondike import KlondikeTable
from ui.table.pyramid import PyramidTable
from ui.table.spider import SpiderTable
from ui.table.tripeaks import TriPeaksTable

ROOT = Path(__file__).resolve().parent.parent
TABLES = [KlondikeTable, FreeCellTable, SpiderTable, PyramidTable, TriPeaksTable, DevilsGripTable]
CARD = re.compile(r"\b(ace|two|three|four|five|six|seven|eight|nine|ten|jack|queen|king) of "
                  r"(clubs|diamonds|hearts|spades)\b", re.IGNORECASE)


def said(app) -> list[str]:
    return list(app.speech.said)


# -- the pure words --------------------------------------------------------------------------------
def test_cards_and_piles_in_english_words():
    h7 = 2 * 16 + 7
    col = [(1, False), (2, False), (3, True), (4, True), (5, True), (h7, True)]
    assert speech.card_words(h7) == "seven of hearts"
    assert speech.columns_focus_words(("col", 2), 5, col) == "Seven of hearts, column 3, 6 cards, 2 face down"
    assert speech.columns_focus_words(("col", 2), 3, col) == \
        "Four of clubs and 2 cards on it, column 3, 6 cards, 2 face down"
    assert speech.columns_focus_words(("col", 0), None, []) == "Column 1, empty"
    assert speech.columns_focus_words(("found", 2), None, [(2 * 16 + r, True) for r in range(1, 6)]) == \
        "Foundation, hearts, up to five"
    assert speech.columns_focus_words(("cell", 1), None, []) == "Free cell 2, empty"
    assert speech.columns_focus_words(("cell", 0), 0, [(13, True)]) == "Free cell 1, king of clubs"
    assert speech.columns_focus_words(("stock",), None, [(1, False)] * 12) == "Stock, 12 cards"
    assert speech.columns_focus_words(("stock",), None, [(1, False)], stock_deals=True) == "Stock, 1 deal left"
    assert speech.columns_focus_words(("waste",), 0, [(h7, True)]) == "Seven of hearts, waste, 1 card"
    assert speech.button_words("Hint") == "Button: Hint"


def test_russian_words_take_the_right_case():
    """A card: the rank in the nominative, the suit in the genitive plural («семёрка червей»); a
    foundation: its suit in the nominative plural, the rank it is built to in the genitive («до
    пятёрки»); counts in the three plural forms."""
    set_language("ru")
    assert speech.card_words(2 * 16 + 7) == "семёрка червей"
    assert speech.card_words(1 * 16 + 12) == "дама бубен"
    assert speech.card_words(0 * 16 + 1) == "туз треф"
    assert speech.card_words(3 * 16 + 13) == "король пик"
    assert speech.columns_focus_words(("found", 2), None, [(2 * 16 + r, True) for r in range(1, 6)]) == \
        "База, черви, до пятёрки"
    assert speech.columns_focus_words(("found", 3), None, [(3 * 16 + r, True) for r in range(1, 12)]) == \
        "База, пики, до валета"
    col = [(1, False), (2, False), (3, True), (4, True), (2 * 16 + 7, True)]
    assert speech.columns_focus_words(("col", 2), 4, col) == "Семёрка червей, столбец 3, 5 карт, 2 закрытые"
    assert speech.columns_focus_words(("cell", 1), None, []) == "Свободная ячейка 2, пусто"
    assert speech.count_words(1) == "1 карта" and speech.count_words(3) == "3 карты" \
        and speech.count_words(11) == "11 карт" and speech.count_words(21) == "21 карта"
    assert speech.columns_focus_words(("stock",), None, [(1, False)] * 4, stock_deals=True) == \
        "Колода, осталось 4 раздачи"


def test_a_panel_in_words():
    assert speech.panel_words("You won!", ["New deal", "Replay"], None) == "You won! Buttons: New deal, Replay"
    assert speech.panel_words("Paused", ["New deal", "Resume"], 1) == "Paused. Button: Resume"
    assert speech.panel_words("Help", ["Close"], None, ["Play by keys.", ""]) == \
        "Help. Play by keys. Buttons: Close"


# -- the app's sink, by keys -------------------------------------------------------------------------
@pytest.mark.parametrize("table", TABLES, ids=lambda c: c.__name__)
def test_the_focus_is_spoken_after_a_key_on_every_table(table):
    """Nothing about the focus before a key; Tab puts the focus on the first card or pile and
    its words are sent; Right sends the next one's; V says the last again; Q reads the table:
    the game's name, the top bar's figures and every pile or playable card."""
    app = new_app(scene=table(3))
    t = app.scene
    from ui.scenes.common import game_title

    assert said(app) and game_title(t.game) in said(app)[0]     # the table named as it opens
    n = len(said(app))
    key(app, pygame.K_TAB)
    assert t.focus is not None
    first = speech.focus_words(t)
    assert first and said(app)[n:] == [first]
    assert CARD.search(first) or re.search(r"\b(Stock|Column|Talon|Waste|Draw)\b", first), first
    key(app, pygame.K_RIGHT)
    second = speech.focus_words(t)
    assert said(app)[-1] == second and second != first
    n = len(said(app))
    key(app, pygame.K_v)
    assert said(app)[n:] == [second]
    key(app, pygame.K_q)
    summary = said(app)[-1]
    assert summary.startswith(game_title(t.game)) and "Time: " in summary
    assert len(CARD.findall(summary)) >= 3, summary
    assert t.panel is None          # V and Q open nothing and leave the focus where it was
    assert speech.focus_words(t) == second


def test_no_focus_words_before_the_keyboard_is_used():
    """A player who taps is told the status line, not where a focus that he never moved is."""
    app = new_app(scene=KlondikeTable(3))
    t = app.scene
    n = len(said(app))
    t.focus = t.focus_top(("col", 6))
    t.stale = True
    app.frame()
    assert said(app)[n:] == []
    t.say("Not there")
    app.frame()
    assert said(app)[n:] == ["Not there"]


def test_a_refused_move_by_keys_speaks_why():
    """Enter on a card that cannot move: the status line's reason is sent, once."""
    app = new_app(scene=FreeCellTable(3))
    t = app.scene
    key(app, pygame.K_TAB)
    for _ in range(20):        # find a refusal: Enter on each column's top until one is refused
        key(app, pygame.K_RETURN)
        if t.status_error:
            break
        key(app, pygame.K_RIGHT)
    if t.status_error:
        assert t.status_text in said(app)[-1]
        assert said(app).count(said(app)[-1]) >= 1


def test_a_move_by_keys_speaks_the_new_place():
    """Enter plays the focused card and the focus follows it: the words of where it now lies."""
    app = new_app(scene=KlondikeTable(3))
    t = app.scene
    key(app, pygame.K_TAB)
    before = len(t.history.states)
    for _ in range(14):
        key(app, pygame.K_RETURN)
        if len(t.history.states) > before:
            break
        key(app, pygame.K_RIGHT)
    assert len(t.history.states) > before, "no card of deal 3 could be played by keys"
    assert said(app)[-1] == speech.focus_words(t) or t.status_text in said(app)[-1]


def test_a_panel_speaks_its_title_and_buttons_then_the_focused_one():
    app = new_app(scene=KlondikeTable(3))
    t = app.scene
    n = len(said(app))
    key(app, pygame.K_p)              # the pause menu
    assert t.panel is not None
    opened = said(app)[n:]
    assert len(opened) == 1 and opened[0].startswith(tr("Paused")) and tr("Resume") in opened[0]
    key(app, pygame.K_TAB)
    assert said(app)[-1].startswith("Button: ")
    key(app, pygame.K_TAB)
    assert said(app)[-1].startswith("Button: ") and said(app)[-1] != said(app)[-2]
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_F1)             # the help panel reads its keys, V and Q among them
    assert "V: say the last message again" in said(app)[-1]


def test_a_hint_is_spoken():
    """H: the hint's line on the status line is sent, and (asked by key) the focus on the hinted
    card with it."""
    app = new_app(scene=KlondikeTable(3))
    t = app.scene
    n = len(said(app))
    key(app, pygame.K_h)
    # the hint's own line, not "Thinking…" while it searches; then a frame for it to be said
    run_until(app, lambda: t.status_text and t.status_text != tr("Thinking…"))
    app.frame()
    assert t.status_text and any(t.status_text in s for s in said(app)[n:]), (t.status_text, said(app)[n:])


def test_russian_on_the_table():
    app = new_app(scene=KlondikeTable(3), language="ru")
    key(app, pygame.K_TAB)
    words = said(app)[-1]
    assert "столбец 1" in words or "Столбец 1" in words, words
    key(app, pygame.K_q)
    assert said(app)[-1].startswith("Косынка") or "Время" in said(app)[-1], said(app)[-1]


def test_the_code_entry_keeps_v_and_q_for_typing():
    """In the deal-code field V and Q are letters of the code, not speech keys."""
    app = new_app(scene=KlondikeTable(3))
    t = app.scene
    key(app, pygame.K_c)
    n = len(said(app))
    key(app, pygame.K_q)
    assert all(not s.startswith("Klondike") for s in said(app)[n:])


def test_words_are_made_only_when_something_changed(monkeypatch):
    """An idle frame builds no words: the focus's words are made only when the signature (focus,
    status line, panel, position, keys) changed."""
    app = new_app(scene=SpiderTable(3))
    key(app, pygame.K_TAB)
    calls = []
    real = speech.focus_words
    monkeypatch.setattr(speech, "focus_words", lambda *a: calls.append(1) or real(*a))
    for _ in range(30):
        app.frame()
    assert calls == []
    key(app, pygame.K_RIGHT)
    assert len(calls) == 1


def test_the_sink_never_raises_without_a_page():
    s = speech.Speech(web=True)        # no platform.window here: the element is missing
    s.send("Seven of hearts")
    s.label_page()
    assert s.last == "Seven of hearts"


# -- the page ---------------------------------------------------------------------------------------
def test_the_page_has_a_live_region_and_names_the_canvas():
    page = (ROOT / "web" / "pasyans.tmpl").read_text(encoding="utf-8")
    live = re.search(r'<div id="pasyans-live"[^>]*>', page)
    assert live and 'aria-live="polite"' in live.group(0) and 'class="sr-only"' in live.group(0)
    assert "hidden" not in live.group(0)        # never hidden: a hidden region is not read
    canvas = re.search(r"<canvas[^>]*>", page, re.S).group(0)
    assert 'role="application"' in canvas and 'aria-label="' in canvas
    assert 'aria-describedby="pasyans-help"' in canvas and 'id="pasyans-help"' in page
    assert f'id="{speech.LIVE_ID}"' in page and f'id="{speech.HELP_ID}"' in page
    # the live region lies outside the loading screen, which is hidden once the game starts
    transfer = page.index('<div id="transfer"')
    assert page.index('id="pasyans-live"') > page.index("</div>", page.index('id="tap"', transfer))


def test_card_tokens_are_spoken_as_words():
    """The status line writes cards as tokens drawn with suit shapes ("9S goes only on 6S"); a
    screen reader is given words. Deal codes stay as they are."""
    assert speech.spoken("9S goes only on 6S") == "nine of spades goes only on six of spades"
    assert speech.spoken("10♥ lifted") == "ten of hearts lifted"
    assert speech.spoken("Deal KL1-D1-AAAAAFR, J=11") == "Deal KL1-D1-AAAAAFR, J=11"
    set_language("ru")
    assert speech.spoken("9C поднята") == "девятка треф поднята"


class FakeElement:
    def __init__(self):
        self.textContent = ""
        self.attrs = {}

    def setAttribute(self, name, value):
        self.attrs[name] = value


class FakeDocument:
    def __init__(self, ids):
        self.elements = {i: FakeElement() for i in ids}
        self.documentElement = FakeElement()

    def getElementById(self, i):
        return self.elements.get(i)


def fake_page(monkeypatch, ids):
    import platform
    import sys
    import types

    doc = FakeDocument(ids)
    monkeypatch.setattr(sys, "platform", "emscripten")
    monkeypatch.setattr(platform, "window", types.SimpleNamespace(document=doc), raising=False)
    return doc


def test_the_browser_sink_writes_the_live_region_and_names_the_page(monkeypatch):
    """In the browser each text goes into the live region; the same text said twice differs by a
    trailing no-break space, so the screen reader reads it again; the canvas's name, its help and
    the page's language follow the game's language."""
    doc = fake_page(monkeypatch, [speech.LIVE_ID, speech.CANVAS_ID, speech.HELP_ID])
    s = speech.Speech()
    s.send("Stock, 12 cards")
    first = doc.elements[speech.LIVE_ID].textContent
    s.send("Stock, 12 cards")
    second = doc.elements[speech.LIVE_ID].textContent
    assert first.strip() == second.strip() == "Stock, 12 cards" and first != second
    set_language("ru")
    s.label_page()
    assert doc.documentElement.attrs["lang"] == "ru"
    assert doc.elements[speech.CANVAS_ID].attrs["aria-label"] == "Пасьянс: игра с клавиатуры"
    assert "V повторяет" in doc.elements[speech.HELP_ID].textContent


def test_the_browser_sink_never_raises_without_its_elements(monkeypatch):
    fake_page(monkeypatch, [])
    s = speech.Speech()
    s.send("Seven of hearts")
    s.label_page()
    assert s.last == "Seven of hearts"


def test_a_draw_speaks_the_card_turned_up_wherever_the_focus_is():
    """D with the focus on a column: the waste's new top card is told (a blind player cannot see
    what the stock gave)."""
    app = new_app(scene=KlondikeTable(3))
    key(app, pygame.K_TAB)
    key(app, pygame.K_d)
    assert said(app)[-1].endswith("waste, 1 card") and CARD.search(said(app)[-1]), said(app)[-1]


def test_the_same_refusal_twice_is_spoken_twice():
    app = new_app(scene=KlondikeTable(3))
    t = app.scene
    key(app, pygame.K_TAB)
    key(app, pygame.K_RIGHT)          # deal 3's column 2: the two of spades, nowhere to go
    key(app, pygame.K_RETURN)
    assert t.status_error
    n = len(said(app))
    key(app, pygame.K_RETURN)
    assert said(app)[n:] == [t.status_text]


def test_frames_with_nothing_new_say_nothing():
    """A game under way, its clock running, a hint's mark fading: nothing is said again."""
    app = new_app(scene=KlondikeTable(3))
    key(app, pygame.K_TAB)
    key(app, pygame.K_d)
    key(app, pygame.K_h)
    for _ in range(300):
        app.frame()
    n = len(said(app))
    for _ in range(300):
        app.frame()
    assert len(said(app)) == n, said(app)[n:]


def test_closing_a_panel_says_where_the_focus_is():
    app = new_app(scene=SpiderTable(3))
    t = app.scene
    key(app, pygame.K_TAB)
    where = speech.focus_words(t)
    key(app, pygame.K_ESCAPE)
    assert t.panel is not None
    key(app, pygame.K_ESCAPE)
    assert t.panel is None and said(app)[-1] == where


def test_the_home_screen_names_its_keys():
    app = new_app()
    assert said(app)[0].startswith("Pasyans. Keys 1 to 6 open a game: 1 TriPeaks, 2 Pyramid")
    key(app, pygame.K_5)
    assert said(app)[-1].startswith("Klondike. Buttons: ")


def test_the_end_panel_says_the_result_and_its_buttons():
    """A TriPeaks deal played by keys to its end (each card a tap would play, else a draw): the
    end panel is told with the figures it shows (score, time, moves) and its buttons."""
    from games.tripeaks import DRAW, TriPeaks
    from ui.table import hit

    app = new_app(scene=TriPeaksTable(5))
    t = app.scene
    for _ in range(200):
        if not t.playing:
            break
        moves = [m for m in TriPeaks.legal_moves(t.state) if m != DRAW]
        if moves:
            t.focus = hit.slot(moves[0])
            key(app, pygame.K_RETURN)
        else:
            key(app, pygame.K_d)
    run_until(app, lambda: t.panel is not None, pause=0.002)
    assert t.panel.end is not None
    told = [s for s in said(app) if s.startswith(t.panel.title)]
    assert told and "Score: " in told[-1] and "Moves: " in told[-1] and "Buttons: " in told[-1], said(app)[-3:]


def test_a_new_deal_on_the_same_table_is_named():
    app = new_app(scene=KlondikeTable(3))
    t = app.scene
    key(app, pygame.K_n)               # no move yet: a new deal at once
    assert t.number != 3
    assert any(s.startswith(f"Klondike, deal {t.deal_label()}") for s in said(app)[-2:]), said(app)[-2:]


def test_q_under_the_pause_menu_reads_the_menu_not_the_hidden_table():
    """The pause menu covers the table (a paused game is not studied): Q reads the menu."""
    app = new_app(scene=KlondikeTable(3))
    key(app, pygame.K_p)
    key(app, pygame.K_q)
    assert said(app)[-1].startswith("Paused") and not CARD.search(said(app)[-1])


def test_tripeaks_words_name_the_peak_and_the_waste():
    from games.tripeaks import TriPeaks

    s = TriPeaks.deal(1, {})
    t = [None] * 28
    t[0], t[5], t[20] = 2 * 16 + 7, 13, 3 * 16 + 1
    assert speech.tripeaks_focus_words("slot", 0, t, s.stock, (8,)) == "Seven of hearts, peak 1, row 1; waste: eight of clubs"
    assert speech.tripeaks_focus_words("slot", 5, t, s.stock, (8,)) == "King of clubs, peak 2, row 2; waste: eight of clubs"
    assert speech.tripeaks_focus_words("slot", 20, t, (), (8,), with_waste=False) == "Ace of spades, row 4"
    assert speech.tripeaks_focus_words("stock", None, t, (), ()) == "Stock, empty"
    set_language("ru")
    assert speech.tripeaks_focus_words("slot", 0, t, s.stock, (8,)) == "Семёрка червей, вершина 1, ряд 1; сброс: восьмёрка треф"


def test_tripeaks_q_says_the_waste_once():
    app = new_app(scene=TriPeaksTable(3))
    key(app, pygame.K_q)
    assert said(app)[-1].lower().count("waste: ") == 1, said(app)[-1]


def test_the_code_field_echoes_what_is_typed():
    """The deal-code field is drawn text: what is typed is told (as a text field echoes it), and
    a code that cannot be read is told why."""
    app = new_app(scene=KlondikeTable(3))
    t = app.scene
    key(app, pygame.K_c)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="KL1"))
    app.frame()
    assert said(app)[-1] == "KL1"
    key(app, pygame.K_RETURN)
    assert t.panel is not None and t.panel.error and said(app)[-1] == t.panel.error


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_pages_own_words_are_the_games(lang):
    """Until the game names the canvas, the page does (by navigator.language): in the same words
    as the catalogue's, in both languages."""
    page = (ROOT / "web" / "pasyans.tmpl").read_text(encoding="utf-8")
    set_language(lang)
    label, helptext = tr("Pasyans solitaire: play with the keyboard"), speech.page_help()
    if lang == "en":
        assert f'aria-label="{label}"' in page
        assert f'<div id="pasyans-help" class="sr-only">{helptext}</div>' in page
    else:
        assert f'setAttribute("aria-label", "{label}")' in page
        assert f'getElementById("pasyans-help").textContent = "{helptext}"' in page


def test_pyramid_and_devils_grip_words():
    from games.devils_grip import DevilsGrip
    from games.pyramid import Pyramid

    p = Pyramid.deal(1, {})
    assert speech.pyramid_focus_words("slot", 0, p) == f"{speech.sentence(speech.card_words(p.cards[0]))}, row 1"
    last = len(p.cards) - 1
    assert speech.pyramid_focus_words("slot", last, p, selected=True).endswith(", row 7, selected")
    assert speech.pyramid_focus_words("stock", None, p).startswith("Stock, " + speech.card_words(p.stock[0]))
    assert speech.pyramid_focus_words("deck", None, p) == f"Draw, {len(p.stock) - 1} cards left"
    g = DevilsGrip.deal(1, {})
    assert speech.devils_grip_focus_words("cell", 10, g, marked=True) == \
        f"{speech.sentence(speech.card_words(g.grid[10][-1]))}, row 2, column 3, marked for a swap"
    assert speech.devils_grip_focus_words("talon", None, g) == "Talon, empty"
    set_language("ru")
    assert len(g.stock) == 72 and speech.devils_grip_focus_words("stock", None, g) == "Колода, 72 карты"


def test_notices_screen_messages_and_a_refused_save_are_said():
    """The notice band ("Could not save: …"), a screen's message line (Statistics' reset) and the
    top bar's "Not saved" reached no screen reader (fresh34b H1): the notice and the message are
    said as they show, and Q's reading of the table says "Not saved" while saves are refused."""
    from ui.scenes.stats import StatsScene
    from ui.storage import MemoryStorage, StorageError, Store

    class Full(MemoryStorage):
        full = False

        def set(self, k, text):
            if self.full:
                raise StorageError("QuotaExceededError")
            super().set(k, text)

    backend = Full()
    app = new_app(FreeCellTable(5), (1280, 800), store=Store(backend))
    t = app.scene
    for _ in range(3):
        app.frame()
    backend.full = True
    from games.freecell import FreeCell

    t.play(next(m for m in FreeCell.legal_moves(t.state) if FreeCell.format_move(t.state, m)[-1] in "abcd"))
    run_until(app, lambda: app.notice != "", frames=50)
    app.frame()
    assert any("Could not save" in s for s in said(app)), said(app)
    key(app, pygame.K_q)
    assert "Not saved." in said(app)[-1], said(app)[-1]
    backend.full = False
    app.switch(StatsScene("freecell"))
    app.frame()
    app.scene.message = "Statistics reset."
    app.frame()
    assert said(app)[-1].startswith("Statistics reset"), said(app)


def test_a_questions_lines_are_said_with_its_title():
    """Reset statistics?, Import saves? and Kept data keep their text in ``lines``: a screen reader
    heard the title and the buttons, not what would be reset (fresh34b H2)."""
    from ui.scenes.stats import StatsScene

    app = new_app(StatsScene("freecell"), (1280, 800))
    app.frame()
    sc = app.scene
    sc.panel = None
    from ui.scenes.settings import LinesPanel

    sc.panel = LinesPanel(sc, "Reset statistics?", ["Records and badges stay."], [("cancel", "Cancel", None, lambda: None)])
    app.frame()
    assert "Records and badges stay" in said(app)[-1] and said(app)[-1].startswith("Reset statistics?"), said(app)
