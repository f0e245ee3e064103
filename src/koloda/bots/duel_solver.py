"""Moved to :mod:`koloda.games.duel.solver` (the duel's own solver); this re-export keeps the
old import path working for now and is to be removed."""

from koloda.games.duel.solver import *  # noqa: F403
