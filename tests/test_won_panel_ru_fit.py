"""The Pyramid won panel's buttons in Russian fit their labels at the panel's normal button text
size on a phone, upright and on its side: "Share this deal" is not squeezed into small two-line
text."""
import pytest

from games.pyramid import Pyramid
from ui import text


@pytest.fixture(scope="module")
def won_deal():
    return next(n for n in range(1, 100)
                if Pyramid.solve(Pyramid.deal(n, {"layout": "1"}), timeout=5).status == "solved")


@pytest.mark.parametrize("size", [(390, 844), (844, 390)])
def test_the_won_panels_buttons_fit_at_their_normal_size_in_russian(size, won_deal):
    from tests.conftest import new_app
    from ui.table.pyramid import PyramidTable

    app = new_app(PyramidTable(won_deal, {"layout": "1"}), size=size, language="ru")
    t = app.scene
    for m in Pyramid.solve(t.state, timeout=20).moves:
        t.do_move(Pyramid.parse_move(t.state, m))
        t.anim.finish()
    t.anim.finish()
    app.frame()
    assert t.panel is not None and t.panel.end == "won"
    names = [b.name for b in t.panel.buttons]
    assert "share" in names, names
    for b in t.panel.buttons:
        room = b.rect.width - 10
        assert text.fit(b.label, b.label_size, room, text.MIN_SIZE) == b.label_size, (b.label, b.label_size, b.rect)
        assert text.width(b.label, b.label_size) <= room, b.label
