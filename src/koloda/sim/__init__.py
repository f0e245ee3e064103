"""Batch simulation: many games between bots, on local processes or a Ray cluster, with
statistics (win rates with Wilson intervals, seat advantage, game length, per-game facts),
variants compared side by side, and self-contained HTML reports.

>>> from koloda.sim import SimSpec, run, summarize  # doctest: +SKIP
>>> spec = SimSpec(game="duel", players=2, bots=("bot:random",) * 2, games=100, seed=1)
>>> summarize(spec, run(spec, jobs=2))["seats"][0]["rate"]  # doctest: +SKIP
"""

from koloda.sim.runner import GameOutcome, SimSpec, derive_seed, play_game, read_results, run
from koloda.sim.stats import compare, summarize, wilson

__all__ = [
    "GameOutcome",
    "SimSpec",
    "compare",
    "derive_seed",
    "play_game",
    "read_results",
    "run",
    "summarize",
    "wilson",
]
