"""OpenSpiel's CFR on a small fixed-deck duel through ``python_koloda_duel`` (``docs/rl.md``).

One deal (``num_deals=1``: both decks fixed by the deal of seed ``seed_base``), three battle
cards each and no weapon items, one round to win, no ending by agreement: a game of about a
thousand information states that CFR solves in seconds. The script prints ``nash_conv`` of
the average policy (0 at a Nash equilibrium) as the iterations go: it falls towards 0.

    python examples/openspiel_cfr_duel.py --iterations 100
"""

from __future__ import annotations

import argparse
import time

import pyspiel
from open_spiel.python.algorithms import cfr, exploitability

import koloda.rl.openspiel  # noqa: F401  (registers the games)

PARAMS = {"deck_size": 3, "items": 0, "rounds_to_win": 1, "num_deals": 1,
          "allow_offers": False}


def solve(iterations: int = 100, report: tuple[int, ...] = (1, 3, 10, 30, 100),
          verbose: bool = True, **params: object) -> list[tuple[int, float]]:
    """Run CFR; returns ``(iteration, nash_conv)`` at the iterations in ``report``."""
    game = pyspiel.load_game("python_koloda_duel", {**PARAMS, **params})
    solver = cfr.CFRSolver(game)
    out = []
    start = time.perf_counter()
    for i in range(1, iterations + 1):
        solver.evaluate_and_update_policy()
        if i in report or i == iterations:
            conv = exploitability.nash_conv(game, solver.average_policy())
            out.append((i, conv))
            if verbose:
                print(f"iteration {i:4d}: nash_conv {conv:.4f} "
                      f"({time.perf_counter() - start:.1f} s)")
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=100)
    parser.add_argument("--rounds-to-win", type=int, default=1)
    parser.add_argument("--deck-size", type=int, default=3)
    args = parser.parse_args()
    solve(args.iterations, rounds_to_win=args.rounds_to_win, deck_size=args.deck_size)


if __name__ == "__main__":
    main()
