"""The pygame-ce front end of Pasyans (the only package that imports pygame).

``ui.app.App`` owns the window and the frame loop; scenes (``ui.scenes``) and game tables
(``ui.table``) plug into it; ``cards_art``, ``anim``, ``input`` and ``widgets`` are shared by all
six games.
"""
