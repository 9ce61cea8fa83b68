"""Run in Pyodide by tests/test_solver_spider_js.py (through tests/web/run_pyodide.mjs): the 4-suit
Spider solver there takes Pyodide's bridge to JavaScript (games/solvers/spider_js.py) and answers
as the Python search does in the same interpreter."""
from __future__ import annotations

import sys


def compare(positions: list[str], max_nodes: int) -> dict:
    """Each position (Spider's position text) searched by ``Spider.solver`` (the JavaScript engine)
    and by the Python search, ``max_nodes`` each. :returns: ``{"platform", "engines": the solver's
    class names, "js": [[status, nodes, moves], …], "python": the same}``."""
    from games.solvers import spider_js
    from games.spider import Spider

    engines, js, py = [], [], []
    for text in positions:
        s = Spider.parse_position(text, {})
        search = Spider.solver(s, max_nodes=max_nodes)
        engines.append(type(search).__name__)
        r = search.run()
        js.append([r.status, r.nodes, r.moves])
        spider_js.ENABLED = False
        try:
            r = Spider.solver(s, max_nodes=max_nodes).run()
        finally:
            spider_js.ENABLED = True
        py.append([r.status, r.nodes, r.moves])
    return {"platform": sys.platform, "engines": engines, "js": js, "python": py}
