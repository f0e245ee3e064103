"""Research interfaces: the games as PettingZoo environments and OpenSpiel games.

Needs the ``rl`` extra (numpy, gymnasium, pettingzoo, open_spiel); the rest of Koloda never
imports this package. ``koloda.rl.codec`` holds the action ids and observation tensors,
``koloda.rl.pettingzoo`` the environments (``duel_v0``, ``nevermore_v0``, ``gwent_v0``) and
``koloda.rl.openspiel`` the OpenSpiel registrations. See ``docs/rl.md``.
"""

from koloda.extras import require

# every part of the research interfaces computes with NumPy: without the extra, a clear error
require("numpy", extra="rl", what="the research interfaces (koloda.rl)")
