"""The built-in games' own facts for simulation summaries (see :mod:`koloda.sim.features`)."""

from __future__ import annotations
