"""Shared deals (games/share.py, ui/app.py open_link, the code field's paste): any game's code
opens its deal, a bad one opens home with a notice and changes nothing saved."""
import pygame
import pytest

from games import daily
from games.codes import CodeError
from games.share import deal_in_address, find_code
from ui import clipboard
from ui.scenes.home import HomeScene
from ui.storage import MemoryStorage, Store
from tests.test_app_screens import new_app


@pytest.fixture(autouse=True)
def _quit():
    yield
    pygame.display.quit()


def test_find_code_reads_every_game():
    from games.registry import GAMES, find_game
    for g in GAMES:
        rules = find_game(g)
        code = rules.code(617, rules.check_options({}))
        game, n, opts = find_code("  " + code.lower() + " ")
        assert (game, n) == (g, 617) and rules.check_options(opts) == rules.check_options({})


@pytest.mark.parametrize("dash", ["\u2010", "\u2011", "\u2013", "\u2014", "\u2212"])
def test_find_code_reads_the_dashes_chat_apps_put_for_a_hyphen(dash):
    """docs/contract.md, "Deal codes": ‐ ‑ – — − read as ``-``, the game's prefix included."""
    from games.registry import GAMES, find_game
    for g in GAMES:
        rules = find_game(g)
        code = rules.code(4242, rules.check_options({}))
        assert find_code(code.replace("-", dash))[:2] == (g, 4242)


@pytest.mark.parametrize("bad", ["", "XX1-A-AAAAAAB", "TP1-Q-AAAAAAB", "TP1-E-AAAA", "hello"])
def test_bad_codes_say_why(bad):
    with pytest.raises(CodeError) as e:
        find_code(bad)
    assert "\n" not in str(e.value) and str(e.value)


def test_deal_in_address():
    assert deal_in_address("?deal=FC1-M-AAAAAXT&lang=ru") == "FC1-M-AAAAAXT"
    assert deal_in_address("deal=tp1-e-aaaaall") == "tp1-e-aaaaall"
    assert deal_in_address("?x=1") is None and deal_in_address("") is None


def test_a_link_opens_its_deal(monkeypatch):
    monkeypatch.setenv("PASYANS_DEAL", "kl1-d3-aaaaaxt")
    app = new_app(Store(MemoryStorage()), size=(390, 844))
    t = app.scene
    assert t.game == "klondike" and t.number == 617 and t.options["draw"] == "3" and t.daily_date is None


def test_a_link_to_todays_daily_plays_it_as_the_daily(monkeypatch):
    today = daily.today()
    monkeypatch.setattr(daily, "today", lambda: today)     # one day, even across midnight
    d = daily.daily_deal(today, "spider")
    monkeypatch.setenv("PASYANS_DEAL", d.code)
    app = new_app(Store(MemoryStorage()))
    assert app.scene.game == "spider" and app.scene.number == d.number and app.scene.daily_date == d.date


@pytest.mark.parametrize("game", ["pyramid", "klondike"])
def test_a_deal_of_the_day_says_so_on_its_table_and_another_deal_does_not(monkeypatch, game):
    """Once the Daily screen is gone the table still says the deal is the deal of the day (its
    first status line); a random deal of the same game does not."""
    today = daily.today()
    monkeypatch.setattr(daily, "today", lambda: today)
    d = daily.daily_deal(today, game)
    monkeypatch.setenv("PASYANS_DEAL", d.code)
    t = new_app(Store(MemoryStorage()), size=(390, 844)).scene
    assert t.daily_date == d.date and t.status_text.startswith("Deal of the day: ")
    assert t.status_text == "Deal of the day: " + t.intro()
    t.start(None, t.options)
    assert t.daily_date is None and not t.status_text.startswith("Deal of the day")
    assert t.submit_code(d.code) is None          # typed into the table's own code field
    assert t.daily_date == d.date and t.status_text == "Deal of the day: " + t.intro()


def test_options_on_a_linked_deal_under_other_rules_say_the_deal_keeps_its_own(monkeypatch):
    """The rows show the settings' rules (for the next deal); on a deal a link opened under
    others (Klondike draw 3, the settings' draw 1) the panel's note says this deal's differ."""
    monkeypatch.setenv("PASYANS_DEAL", "KL1-D3-AAAAGHE")
    app = new_app(Store(MemoryStorage()), size=(390, 844))
    t = app.scene
    assert t.options["draw"] == "3" and app.settings.options_for("klondike").get("draw", "1") == "1"
    t.open_options()
    assert "KL1-D3-AAAAGHE" in t.panel.note and "other rules" in t.panel.note
    t.close_panel()
    t.start(None, {})                             # a deal under the settings' own rules
    t.open_options()
    assert t.panel.note == "Rule changes apply from the next deal"
    t.close_panel()
    t.settings.options_for("klondike")["draw"] = "3"    # the player's own change: the plain note
    t.open_options()
    assert t.panel.note == "Rule changes apply from the next deal"


@pytest.mark.parametrize("wrapped", ["KL1-D3-AAAAGHE.", "KL1-D3-AAAAGHE\u200b", "\u2066KL1-D3-AAAAGHE\u2069",
                                     "(KL1-D3-AAAAGHE)", "\u00abKL1-D3-AAAAGHE\u00bb", " KL1-D3-AAAAGHE ",
                                     "<KL1-D3-AAAAGHE>", "`KL1-D3-AAAAGHE`", "*KL1-D3-AAAAGHE*"])
def test_a_link_reads_a_code_with_what_chat_apps_put_around_it(wrapped):
    """A full stop, brackets, quotation marks, a zero-width space or direction isolates around the
    code (what a sentence or a chat app adds) are no part of it: the link opens, as the code
    field reads it."""
    app = new_app(Store(MemoryStorage()), size=(390, 844))
    from urllib.parse import quote as q
    assert app.open_link("deal=" + q(wrapped), where="address")
    assert (app.scene.game, app.scene.number, app.scene.options["draw"]) == ("klondike", 4242, "3")


def test_a_bad_link_opens_home_with_a_notice_and_changes_nothing(monkeypatch):
    store = Store(MemoryStorage())
    new_app(store)
    before = dict(store.backend.data)
    monkeypatch.setenv("PASYANS_DEAL", "KL1-Z9-AAAAAAB")
    app = new_app(store)
    assert isinstance(app.scene, HomeScene)
    assert "KL1-Z9-AAAAAAB" in app.notice and "\n" not in app.notice
    assert {k: v for k, v in store.backend.data.items() if k.startswith("game.")} == \
        {k: v for k, v in before.items() if k.startswith("game.")}


def code_entry(table, store=None):
    """The app on ``table`` saving to ``store`` (a fresh one in memory by default), with the code
    field open: ``(app, table)``."""
    app = new_app(store or Store(MemoryStorage()), table)
    app.scene.open_code_entry()
    return app, app.scene


@pytest.mark.parametrize("size", [(390, 844), (844, 390), (1280, 800)])
def test_the_code_field_has_a_paste_button(monkeypatch, size):
    """A phone has no Ctrl+V and a canvas page no Paste menu (fresh32 F6): the field's Paste
    button types the clipboard's code, and says so when nothing came. In the page the browser's
    answer comes a frame later (poll)."""
    from ui.table import panels
    from ui.table.klondike import KlondikeTable

    app = new_app(Store(MemoryStorage()), KlondikeTable(5), size=size)
    app.scene.open_code_entry()
    t = app.scene
    paste = next(b for b in t.panel.buttons if b.name == "paste")
    assert paste.label == "Paste" and app.screen.get_rect().contains(paste.rect)
    assert min(paste.rect.size) >= 44
    monkeypatch.setattr(panels, "clipboard_text", lambda: "Play my deal: KL1-D3-AAAAGHE!")
    click_at = paste.rect.center
    from conftest import tap
    tap(app, click_at)
    assert t.panel.value == "KL1-D3-AAAAGHE" and not t.panel.error
    t.panel.value = ""
    monkeypatch.setattr(panels, "clipboard_text", lambda: "")
    tap(app, click_at)
    assert t.panel.value == "" and t.panel.error.startswith("Nothing to paste")
    # the page: the button asks the browser, whose answer (text, or "" refused) a frame types
    asked = []
    monkeypatch.setattr(clipboard, "WEB", True)
    monkeypatch.setattr(clipboard, "request_paste", lambda: asked.append(1))
    answers = iter([None, "FC1-M-AAAAAXT"])
    monkeypatch.setattr(clipboard, "take_paste", lambda: next(answers, None))
    t.panel.error = ""
    tap(app, click_at, frames=3)
    assert asked and t.panel.value == "FC1-M-AAAAAXT"
    t.panel.value = ""
    answers = iter([""])
    tap(app, click_at, frames=2)
    assert t.panel.value == "" and t.panel.error.startswith("Nothing to paste")


def test_the_code_field_takes_paste(monkeypatch):
    from ui.table.klondike import KlondikeTable

    app, t = code_entry(KlondikeTable(5))
    from ui.table import panels
    monkeypatch.setattr(panels, "clipboard_text", lambda: "https://example.org/pasyans/?deal=fc1-m-aaaaaxt")
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_v, mod=pygame.KMOD_CTRL, unicode="", scancode=0))
    app.frame()
    assert t.panel.value == "FC1-M-AAAAAXT"
    t.panel.value = ""
    monkeypatch.setattr(panels, "clipboard_text", lambda: " 617 ")
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_v, mod=pygame.KMOD_CTRL, unicode="", scancode=0))
    app.frame()
    assert t.panel.value == "617"
    # an address with a fragment after its query (a link from a chat, a page anchor): the code
    # alone (it read "PY1-L13-AAAAACG#TOP" and was refused; fresh user)
    t.panel.value = ""
    monkeypatch.setattr(panels, "clipboard_text", lambda: "https://example.org/?x=1&deal=PY1-L13-AAAAACG#top")
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_v, mod=pygame.KMOD_CTRL, unicode="", scancode=0))
    app.frame()
    assert t.panel.value == "PY1-L13-AAAAACG"
    # an address bar's copy percent-encodes a long dash (and a hyphen, by some apps)
    for pasted in ("https://x.io/p/?deal=KL1%E2%80%94D3%E2%80%94AAAAGHE", "https://x.io/?deal=KL1%2DD3%2DAAAAGHE"):
        t.panel.value = ""
        t.panel.paste(pasted)
        assert t.panel.value == "KL1-D3-AAAAGHE", pasted
    # a whole chat message, or the code twice: the one code in it
    for pasted in ("Play my deal: KL1\u2014D3\u2014AAAAGHE!", "KL1-D3-AAAAGHE KL1-D3-AAAAGHE",
                   "Can you beat this? https://x.io/?deal=KL1-D3-AAAAGHE", "https://x.io/?deal=KL1-D3-AAAAGHE, thanks"):
        t.panel.value = ""
        t.panel.paste(pasted)
        assert t.panel.value == "KL1-D3-AAAAGHE", pasted
    t.panel.value = ""
    t.panel.paste("Try FreeCell #617!")          # how FreeCell deals are named: the number
    assert t.panel.value == "617"
    t.panel.submit()
    assert t.panel is None and t.number == 617


def test_freecell_shows_microsofts_number():
    from ui.table.freecell import FreeCellTable

    app = new_app(Store(MemoryStorage()), FreeCellTable(617))
    t = app.scene
    assert t.deal_label() == "#617" and t.deal_code() == "FC1-M-AAAAAXT"
    t.open_code_entry()
    t.panel.value = "11982"
    t.panel.submit()
    assert t.number == 11982 and "#11982" in t.status_text


def test_the_pause_menu_shares_the_deal_and_opens_the_rules_page():
    from ui.scenes.rules import RulesScene
    from ui.table.klondike import KlondikeTable

    app = new_app(Store(MemoryStorage()), KlondikeTable(617), size=(390, 844))
    t = app.scene
    t.open_pause()
    labels = [label() for label, _ in t.panel.rows]
    assert "Share this deal" in labels and "Rules and tips" in labels
    dict(zip(labels, (cb for _, cb in t.panel.rows)))["Share this deal"]()
    assert clipboard.LAST[0] == t.deal_code() and t.panel is None
    t.open_pause()
    dict(zip(labels, (cb for _, cb in t.panel.rows)))["Rules and tips"]()
    assert isinstance(app.scene, RulesScene) and app.scene.game == "klondike"
    app.scene.back()
    assert app.scene is t and t.number == 617


@pytest.mark.parametrize("query", ["deal=%00", "?deal=a%00b", "deal=KL1%0D%0A-A", "deal=%07%7F"])
def test_a_link_with_control_characters_opens_home_with_a_notice(query):
    """A NUL in the notice's text made pygame raise on the first frame (the app never started)."""
    app = new_app(Store(MemoryStorage()))
    assert app.open_link(query) is False
    app.frame()
    app.frame()
    assert isinstance(app.scene, HomeScene) and app.notice


@pytest.mark.parametrize("code", ["KL1\r\n-A", "\x07\x7f", "\x1b[2J"])
def test_a_desktop_deal_with_control_characters_opens_home_with_a_notice(monkeypatch, code):
    monkeypatch.setenv("PASYANS_DEAL", code)
    app = new_app(Store(MemoryStorage()))
    app.frame()
    app.frame()
    assert isinstance(app.scene, HomeScene) and app.notice.startswith("PASYANS_DEAL names no deal")


@pytest.mark.parametrize("code, shown", [("garbage", "garbage"), ("617", "617"),
                                         ("KL1-D1-AAAAAGM+X", "KL1-D1-AAAAAGM+X"),
                                         ("KL1-D1-%41AAAAGM", "KL1-D1-%41AAAAGM")])
def test_a_bad_desktop_deal_is_named_as_the_variable_read_as_typed(monkeypatch, code, shown):
    """On the desktop the deal comes from ``PASYANS_DEAL``, not from an address: the notice names the
    variable, and its text is taken as it is (no address decoding: ``+`` is no blank, ``%41`` is no
    ``A``; ``&`` parts words there as in any message, docs/contract.md)."""
    monkeypatch.setenv("PASYANS_DEAL", code)
    app = new_app(Store(MemoryStorage()))
    assert isinstance(app.scene, HomeScene)
    assert app.notice.startswith(f"PASYANS_DEAL names no deal that can be read: '{shown}'")


@pytest.mark.parametrize("code, why", [
    ("KL1-D9-AAAAAGM", "'KL1-D9-AAAAAGM': the middle part must be D1 (draw one) or D3 (draw three)"),
    ("PY1-L56-AAAAAAB", "'PY1-L56-AAAAAAB': the middle part must be L01 to L55 (the layout), with P3 after it for 3 passes"),
    ("DG1-S-AAAAAAA", "'DG1-S-AAAAAAA': no deal has that number"),
    ("TP1-E-AAAA", "'TP1-E-AAAA': the last part must be 7 letters A-Z"),
    ("12345", "'12345' is not a deal code. Codes look like TP1-E-AAAAAAB")])
def test_a_bad_deal_link_says_what_is_wrong_with_its_code(monkeypatch, code, why):
    """A deal link whose code cannot be read says which part is wrong, as the deal-code field does
    (docs/rules.md, "Sharing a deal": a bad code gets a clear message); the home screen stays."""
    monkeypatch.setenv("PASYANS_DEAL", code)
    app = new_app(Store(MemoryStorage()))
    assert isinstance(app.scene, HomeScene)
    assert app.notice == f"PASYANS_DEAL names no deal that can be read: {why}"


def test_a_whole_shared_address_in_the_desktop_variable_opens_its_deal(monkeypatch):
    """``PASYANS_DEAL`` takes a shared address whole, as the deal-code field takes one pasted."""
    monkeypatch.setenv("PASYANS_DEAL", "https://example.org/pasyans/?lang=ru&deal=FC1-M-AAAAAAB#top")
    app = new_app(Store(MemoryStorage()))
    assert app.scene.game == "freecell" and app.scene.number == 1 and not app.notice


@pytest.mark.parametrize("size", [(360, 640), (390, 844)])
@pytest.mark.parametrize("link", ["TP1-E-" + "Q" * 300, "Q" * 500, "word " * 200])
def test_a_long_bad_links_notice_fits_the_narrowest_window(monkeypatch, size, link):
    """The notice names the link by its first 40 characters with ``…``, and every line of it fits
    the window with a margin: no ink on the notice band's outer columns."""
    import pygame

    from tests.conftest import new_app as real_app

    monkeypatch.setenv("PASYANS_DEAL", link)
    app = real_app(size=size, store=Store(MemoryStorage()))
    assert isinstance(app.scene, HomeScene) and app.notice
    assert "…" in app.notice and link.strip()[:40] in app.notice and link[:60] not in app.notice
    surf = pygame.Surface(size)
    surf.fill((0, 0, 0))
    app.draw_notice(surf)
    band = app.notice_rect
    ink = [(x, y) for x in (*range(band.left, band.left + 6), *range(band.right - 6, band.right))
           for y in range(band.top, band.bottom)
           if surf.get_at((x, y))[:3] != (255, 213, 79)]
    assert not ink, ink[:5]
    assert band.height < size[1] // 3


def test_another_games_code_in_the_code_field_opens_that_game_on_its_deal():
    """A FreeCell code typed at the Klondike table plays that FreeCell deal (the Klondike game is
    saved on leaving, as Home does), instead of being refused as no code of this game."""
    from ui.table.klondike import KlondikeTable

    store = Store(MemoryStorage())
    app, t = code_entry(KlondikeTable(5), store)
    t.panel.value = "fc1-m-aaaaaxt"
    t.panel.submit()
    assert app.scene is not t and app.scene.game == "freecell" and app.scene.number == 617
    assert "game.klondike" in store.backend.data


@pytest.mark.parametrize("typed, message", [
    ("hello", "'hello' is not a deal code. Codes look like KL1-D1-AAAAAAB"),
    ("XX1-A-AAAAAAB", "'XX1-A-AAAAAAB' is not a deal code. Codes look like KL1-D1-AAAAAAB"),
    ("KL1-D9-AAAAAAB", "'KL1-D9-AAAAAAB': the middle part must be D1 (draw one) or D3 (draw three)"),
    ("FC1-Q-AAAAAAB", "'FC1-Q-AAAAAAB': the middle letter must be M"),
    ("tp1-x-AAAAAAB", "'tp1-x-AAAAAAB': the middle letter must be E (Easy) or C (Classic)"),
    ("PY1-L99-AAAAAAB", "'PY1-L99-AAAAAAB': the middle part must be L01 to L55 (the layout), with P3 after it for 3 passes"),
    ("DG1-Q-AAAAAAB", "'DG1-Q-AAAAAAB': the middle letter must be S"),
    ("SP1-3-AAAAAAB", "'SP1-3-AAAAAAB': the middle part must be 1, 2 or 4 (suits), with R after it to deal with an empty column"),
    ("KL1-D1-AAAA", "'KL1-D1-AAAA': the last part must be 7 letters A-Z"),
    ("KL1-D1-AAAAAAA", "'KL1-D1-AAAAAAA': no deal has that number"),
    ("#0", "Deal numbers go from 1 to 8,031,810,175"),
    ("١٢٣", "Type deal numbers with the digits 0 to 9"),       # Arabic-Indic digits
    ("#१२", "Type deal numbers with the digits 0 to 9"),        # Devanagari digits
    ("12²", "Type deal numbers with the digits 0 to 9"),
    ("KL1-D1-AAAAA٣B", "Type codes with the digits 0 to 9"),    # another script's digit in a code
])
def test_a_code_that_cannot_be_read_says_which_part_is_wrong_and_changes_nothing(typed, message):
    from ui.table.klondike import KlondikeTable

    store = Store(MemoryStorage())
    app, t = code_entry(KlondikeTable(5, {"draw": "1"}), store)
    t.panel.value = typed
    t.panel.submit()
    assert app.scene is t and t.panel is not None and t.panel.error == message
    assert t.number == 5 and t.options["draw"] == "1"


def test_a_bad_rule_part_is_explained_in_the_players_language():
    """The code field says what the middle part of that code's game may be, as the command line
    does, in Russian too."""
    from games import i18n
    from ui.table.klondike import KlondikeTable

    store = Store(MemoryStorage())
    app, t = code_entry(KlondikeTable(5, {"draw": "1"}), store)
    i18n.set_language("ru")
    try:
        t.panel.value = "KL1-D2-AAAAAAB"
        t.panel.submit()
        assert t.panel.error == "«KL1-D2-AAAAAAB»: средняя часть должна быть D1 (сдача по 1 карте) или D3 (по 3 карты)"
    finally:
        i18n.set_language("en")
    assert app.scene is t and t.number == 5


@pytest.mark.parametrize("query", ["?deal=", "?deal=%20&lang=ru", "deal="])
def test_an_address_with_an_empty_deal_says_so_and_changes_nothing(query):
    store = Store(MemoryStorage())
    app = new_app(store)
    before = dict(store.backend.data)
    assert app.open_link(query) is False
    assert isinstance(app.scene, HomeScene)
    assert app.notice == "The address's deal= names no code"
    assert dict(store.backend.data) == before


def test_a_code_typed_with_cyrillic_look_alikes_reads_as_the_latin_code():
    """On a Russian keyboard a code retyped from a screenshot comes out as ``ТР1-Е-АААААAB``
    (Т, Р, Е, А Cyrillic): it was refused with a message showing the same-looking text as the
    example. Letters drawn like Latin capitals are read as those (docs/rules.md, "Deal codes"),
    on the command line's reading, in any game's code and in the code field."""
    from games.registry import find_game
    from ui.table.klondike import KlondikeTable

    assert find_code("ТР1-Е-АААААAB") == find_code("TP1-E-AAAAAAB") == ("tripeaks", 1, find_code("TP1-E-AAAAAAB")[2])
    assert find_code("кl1-d3-аааааgм") == find_code("KL1-D3-AAAAAGM")       # lower case, mixed
    assert find_game("pyramid").decode("РY1-L01Р3-АААААAB") == find_game("pyramid").decode("PY1-L01P3-AAAAAAB")
    with pytest.raises(CodeError, match="is not a deal code"):
        find_code("ЖЖ1-Е-АААААAB")                      # a Cyrillic letter with no Latin twin
    store = Store(MemoryStorage())
    app, t = code_entry(KlondikeTable(5), store)
    t.panel.value = "ТР1-Е-АААААAB"
    t.panel.submit()
    assert app.scene is not t and app.scene.game == "tripeaks" and app.scene.number == 1


@pytest.mark.parametrize("keys, shown", [
    ("ТР1-Е-АААААAB", "TP1-E-AAAAAAB"),       # typed on a Russian keyboard (Т, Р, Е, А Cyrillic)
    ("тр1-е-аааааab", "TP1-E-AAAAAAB"),
    ("ТР١-Е-АААААAB", "TP1-E-AAAAAAB"),       # an Arabic-Indic one
    ("TP1\u2011E\u2013AAAAAAB", "TP1-E-AAAAAAB"),  # a non-breaking hyphen, an en dash
    ("ＴＰ１－Ｅ－ＡＡＡＡＡＡＢ", "TP1-E-AAAAAAB"),   # full-width, from an East Asian keyboard
])
def test_the_code_field_takes_look_alike_letters_and_other_scripts_digits_as_typed(keys, shown):
    """The code field's keys (a physical or phone keyboard's text) left out every character not
    among its own keys, so a code typed on a Russian keyboard lost its Т, Р, Е and А and a number
    typed with Arabic-Indic digits lost them all, though the code's reading takes them. The field
    shows them as the Latin capitals and digits they are, and the code opens its deal."""
    import pygame

    from ui.table.klondike import KlondikeTable

    app, t = code_entry(KlondikeTable(5))
    t.panel.value = ""
    for ch in keys:
        t.panel.key(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    assert t.panel.value == shown
    t.panel.submit()
    assert app.scene is not t and app.scene.game == "tripeaks" and app.scene.number == 1


@pytest.mark.parametrize("how", ["typed", "pasted"])
@pytest.mark.parametrize("text", ["КЛ1-Д1-АААААGM", "12²", "①②", "Straße"])
def test_the_code_field_types_nothing_of_a_text_with_a_letter_no_code_has(how, text):
    """Keeping only what the field can read turned a code it could not into a plain number (a
    full-width FreeCell code typed became deal 1, with no word): a text with a letter or digit no
    code has (Д, ², ①, ß) is not typed at all, and the field says what a code is made of."""
    import pygame

    from ui.table.klondike import KlondikeTable

    app, t = code_entry(KlondikeTable(5))
    t.panel.value = "KL"
    if how == "typed":
        t.panel.key(pygame.event.Event(pygame.TEXTINPUT, text=text))
    else:
        t.panel.paste(text)
    assert t.panel.value == "KL" and t.panel.error == "Codes use only the letters A-Z, the digits 0-9 and '-'"


@pytest.mark.parametrize("blank", [" ", "   ", "\t"])
def test_a_blank_desktop_deal_is_as_unset(monkeypatch, blank):
    """``PASYANS_DEAL`` holding only blanks opened the home screen saying "The address's deal=
    names no code" (the desktop has no address): a blank variable is taken as an unset one."""
    monkeypatch.setenv("PASYANS_DEAL", blank)
    app = new_app(Store(MemoryStorage()))
    assert isinstance(app.scene, HomeScene) and not app.notice


def test_the_page_drops_deal_from_its_address_once_read(monkeypatch):
    """A reload after a link goes on with the player's game: the page's address loses its
    ``deal=`` (the other parameters and the fragment kept byte for byte) once the link is read —
    a bad one told, a good one opened, or over a game in progress once the player answered the
    question; the desktop's PASYANS_DEAL is left alone."""
    import sys
    import types

    import ui.app as ui_app

    calls = []
    loc = types.SimpleNamespace(search="?lang=ru&deal=KL1-D3-AAAAGHE&sw=0", pathname="/p/index.html",
                                hash="#x")
    window = types.SimpleNamespace(location=loc, history=types.SimpleNamespace(
        replaceState=lambda state, title, url: calls.append(url)))
    with monkeypatch.context() as m:
        m.setitem(sys.modules, "platform", types.SimpleNamespace(window=window))
        m.setattr(ui_app, "WEB", True)
        assert ui_app.forget_page_deal() and calls == ["/p/index.html?lang=ru&sw=0#x"]
        loc.search = "?deal=x"
        assert ui_app.forget_page_deal() and calls[-1] == "/p/index.html#x"
        loc.search = "?x=a%20b&flag&deal=KL1%E2%80%94D3&utm=%E2%9C%93"    # the rest byte for byte
        assert ui_app.forget_page_deal() and calls[-1] == "/p/index.html?x=a%20b&flag&utm=%E2%9C%93#x"
    assert not ui_app.forget_page_deal() and len(calls) == 3       # outside the page
    # open_link forgets the page's link whether it opens or not, never the desktop variable
    forgot = []
    monkeypatch.setattr(ui_app, "forget_page_deal", lambda: forgot.append(1))
    app = new_app(Store(MemoryStorage()), size=(390, 844))
    app.open_link("deal=garbage", where="address")
    assert forgot == [1]
    app.open_link("deal=kl1-d3-aaaaaxt", where="PASYANS_DEAL")
    assert forgot == [1] and app.scene.game == "klondike"
    app.open_link("deal=kl1-d3-aaaaaxt", where="address")
    assert forgot == [1, 1]
    # over a game in progress the table asks first: the address keeps the link until the player
    # answers (a reload before then asks again), either way
    for answer in ("new", "cancel"):
        app = new_app(Store(MemoryStorage()), size=(390, 844))
        app.open_link("deal=kl1-d3-aaaaaxt", where="PASYANS_DEAL")
        t = app.scene
        t.play(t.rules.legal_moves(t.state)[0])
        t.autosave()
        app.home()
        n = len(forgot)
        app.open_link("deal=kl1-d3-aaaaaxu", where="address")
        t = app.scene
        assert getattr(t.panel, "confirm", False) and len(forgot) == n
        next(cb for name, _, _, cb in t.panel.actions if name == answer)()
        assert len(forgot) == n + 1 and t.number == (618 if answer == "new" else 617)


def test_a_code_retyped_without_its_dashes_or_with_blanks_opens_its_deal(monkeypatch):
    """docs/contract.md, "Deal codes": a code's shape (the game's letters, its rule part, 7
    letters) splits a code whose dashes were left out (``TP1EAAAAAAB``), written as blanks (a link's
    ``+``: ``KL1 D3 AAAAGHE``) or doubled at its end (``KL1-D3-AAAAGHE-``); each was refused, and
    the refusal blamed the part that was right (the rule part, or "no game's letters")."""
    from games.registry import GAMES, find_game
    from ui.table.klondike import KlondikeTable

    for g in GAMES:
        rules = find_game(g)
        for opts in ({}, {"draw": "3"} if g == "klondike" else {"layout": "29", "passes": "3"} if g == "pyramid" else {}):
            code = rules.code(617, rules.check_options(opts))
            for typed in (code.replace("-", ""), code.replace("-", " "), code + "-", code.lower().replace("-", "")):
                assert find_code(typed)[:2] == (g, 617), typed
                assert rules.decode(typed) == rules.decode(code), typed
    app, t = code_entry(KlondikeTable(5))
    assert t.submit_code("TP1EAAAAAAB") is None
    assert (app.scene.game, app.scene.number) == ("tripeaks", 1)
    monkeypatch.setenv("PASYANS_DEAL", "KL1 D3 AAAAGHE")      # ?deal=KL1+D3+AAAAGHE
    app = new_app(Store(MemoryStorage()), size=(390, 844))
    assert (app.scene.game, app.scene.number, app.scene.options["draw"]) == ("klondike", 4242, "3")


@pytest.mark.parametrize("typed", ["TP1 - E - AAAAAAB", "TP1 -E- AAAAAAB", "TP1.E.AAAAAAB", "TP1_E_AAAAAAB",
                                   "TP1/E/AAAAAAB"])
def test_a_link_reads_a_code_as_the_code_field_does(monkeypatch, typed):
    """``?deal=TP1+-+E+-+AAAAAAB`` (a link's ``+`` is a blank) and codes with other signs for dashes
    open their deal from a link as from the code field and ``--code`` (a link refused them, blaming
    the game's letters or the rule letter: second fresh look, G1)."""
    monkeypatch.setenv("PASYANS_DEAL", typed)
    app = new_app(Store(MemoryStorage()), size=(390, 844))
    assert (app.scene.game, app.scene.number) == ("tripeaks", 1)


def test_the_code_field_refuses_a_paste_naming_two_deals():
    """A paste naming two different deals (two codes, an address with two ``deal=``, a code and an
    address) types nothing and says which two, as the command line refuses such a ``--code``
    (docs/contract.md): the order of the words must not choose for the player (QA: it typed the
    two codes run together, or the address's first deal)."""
    from ui.table.klondike import KlondikeTable

    app, t = code_entry(KlondikeTable(5))
    t.panel.value = "KL1"
    for pasted in ("KL1-D1-AAAAAAB KL1-D1-AAAAAAC", "https://x.io/?deal=KL1-D1-AAAAAAB&deal=FC1-M-AAAAAXT",
                   "KL1-D1-AAAAAAB,KL1-D1-AAAAAAC",
                   # joined by signs the field leaves out or by a long dash it reads as "-" (fresh31b G1)
                   "KL1-D1-AAAAAAB+KL1-D1-AAAAAAC", "KL1-D1-AAAAAAB\u00b7KL1-D1-AAAAAAC",
                   "KL1-D1-AAAAAAB\u2014KL1-D1-AAAAAAC", "KL1-D1-AAAAAAB&FC1-M-AAAAAXT",
                   "was code:KL1-D1-AAAAAAB, now https://x.io/?deal=KL1-D1-AAAAAAC"):
        t.panel.error = ""
        t.panel.paste(pasted)
        assert t.panel.value == "KL1", pasted
        assert t.panel.error.startswith("The text names two deals, KL1-D1-AAAAAAB and "), t.panel.error
    assert t.number == 5


def test_the_code_field_refuses_two_deal_numbers_pasted():
    """FreeCell deals go by number: ``617, 618`` pasted names two deals, refused naming both,
    where its digits ran together into deal 617618 (fresh31b G7); a code and a ``#N`` too."""
    from ui.table.freecell import FreeCellTable

    app, t = code_entry(FreeCellTable(5))
    for pasted, a, b in (("617, 618", "617", "618"), ("#617 #618", "617", "618"),
                         ("FC1-M-AAAAAAB #618", "FC1-M-AAAAAAB", "618")):
        t.panel.value, t.panel.error = "", ""
        t.panel.paste(pasted)
        assert t.panel.value == "" and t.panel.error == f"The text names two deals, {a} and {b}: paste one", pasted
    t.panel.paste("FreeCell #617")
    assert t.panel.value.lstrip("#") == "617" and t.panel.error == ""
    assert t.number == 5


@pytest.mark.parametrize("message", ["I won KL1-D3-AAAAGHE in 2 minutes!",
                                     "Beat my 1096 points: https://x.io/?deal=KL1-D3-AAAAGHE"])
def test_a_number_in_a_sentence_is_no_second_deal(message):
    """A time or a score beside a code is not a deal (fresh31b G10: such messages were refused as
    naming two deals once bare numbers counted); only ``#N`` or a message of numbers alone names
    deals by number."""
    from games.share import code_in_words, two_deals

    assert two_deals(message) is None and code_in_words(message) == "KL1-D3-AAAAGHE"


def test_a_link_naming_two_deals_opens_neither_and_names_both():
    """``?deal=A&deal=B`` (two different deals) leaves the home screen with a notice naming both, as
    the code field and the command line's ``--code`` refuse them; the same deal twice opens."""
    app = new_app(Store(MemoryStorage()), size=(390, 844))
    assert not app.open_link("?deal=KL1-D1-AAAAAAB&deal=FC1-M-AAAAAXT", where="address")
    assert isinstance(app.scene, HomeScene)
    assert app.notice == "The address names two deals, KL1-D1-AAAAAAB and FC1-M-AAAAAXT: open one"
    assert app.open_link("?deal=KL1-D3-AAAAGHE&deal=kl1-d3-aaaaghe", where="address")
    assert (app.scene.game, app.scene.number) == ("klondike", 4242)
