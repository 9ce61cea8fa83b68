"""Game tables: :class:`ui.table.base.GameTable` is the frame every game shares (bars, buttons,
status line, panels, undo, hint, deal codes, animation); one subclass per game adds its geometry,
drawing and taps (``tripeaks.py``; Pyramid, Devil's Grip, Spider, Klondike, FreeCell later)."""
