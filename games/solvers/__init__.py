"""Solvers: one search core (:mod:`games.solvers.search`) and a successor function per game."""
