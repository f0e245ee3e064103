"""Moved to :mod:`koloda.games.duel.solver_bot` (the duel's own bot); this re-export keeps the
old import path working for now and is to be removed."""

from koloda.games.duel.solver_bot import *  # noqa: F403
