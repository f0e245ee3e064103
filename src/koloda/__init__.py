"""Koloda («колода», a deck): an engine and play server for three card games.

The rules kernel lives in :mod:`koloda.engine`; the games in :mod:`koloda.games`.
"""

__version__ = "0.1.0"
