"""Reference speeds, run inside bench/.venv-ref (OpenSpiel and RLCard are not Koloda
dependencies). Prints one JSON object: per reference game, random playouts per second (games/s,
actions/s and decisions/s) and OpenSpiel's Python MCTS iterations per second on a Python game.

OpenSpiel counts every outcome of chance (each dealt card, each die) as an action of the chance
player; ``decisions_per_s`` counts only the players' own actions, the figure comparable with
Koloda's actions, whose games deal inside ``new`` and ``apply``. RLCard deals inside ``step``:
all its actions are decisions.

    bench/.venv-ref/bin/python bench/reference.py --seconds 3 [--repeat 2]
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Callable

OPENSPIEL_GAMES = [
    ("python_liars_poker", {"players": 2}),
    ("python_kuhn_poker", {}),
    ("python_block_dominoes", {}),
    ("python_tic_tac_toe", {}),
]
RLCARD_GAMES = ["leduc-holdem", "limit-holdem", "uno", "doudizhu"]


def openspiel_playouts(name: str, params: dict[str, int], seconds: float,
                       clock: Callable[[], float] = time.perf_counter) -> dict[str, float]:
    import open_spiel.python.games  # noqa: F401  (registers the Python games)
    import pyspiel

    game = pyspiel.load_game(name, params) if params else pyspiel.load_game(name)
    rng = random.Random(1)
    games = actions = chance = 0
    start = clock()
    while clock() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, probs)[0])
                chance += 1
            elif state.is_simultaneous_node():
                state.apply_actions([rng.choice(state.legal_actions(p))
                                     for p in range(game.num_players())])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            actions += 1
        games += 1
    elapsed = clock() - start
    return {"games_per_s": games / elapsed, "actions_per_s": actions / elapsed,
            "decisions_per_s": (actions - chance) / elapsed,
            "actions_per_game": actions / max(games, 1),
            "decisions_per_game": (actions - chance) / max(games, 1)}


def openspiel_mcts(name: str, seconds: float) -> dict[str, float]:
    """OpenSpiel's Python MCTS (random rollouts) on a Python game: the reference for search
    iterations per second. (OpenSpiel's C++ ISMCTS bot crashes on Python-implemented games,
    which cannot resample an information state; its Python MCTS needs perfect information.)"""
    import numpy as np
    import open_spiel.python.games  # noqa: F401
    import pyspiel
    from open_spiel.python.algorithms import mcts

    game = pyspiel.load_game(name)
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(1))
    budget = 200
    iterations = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        bot = mcts.MCTSBot(game, 2.0, budget, evaluator, random_state=np.random.RandomState(2))
        bot.step(game.new_initial_state())
        iterations += budget
    elapsed = time.perf_counter() - start
    return {"iterations_per_s": iterations / elapsed}


def rlcard_playouts(name: str, seconds: float) -> dict[str, float]:
    import rlcard

    env = rlcard.make(name, config={"seed": 1})
    rng = random.Random(1)
    games = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state, _player = env.reset()
        while not env.is_over():
            legal = list(state["legal_actions"].keys())
            state, _player = env.step(rng.choice(legal))
            actions += 1
        games += 1
    elapsed = time.perf_counter() - start
    return {"games_per_s": games / elapsed, "actions_per_s": actions / elapsed,
            "decisions_per_s": actions / elapsed, "actions_per_game": actions / max(games, 1)}


def best(runs: list[dict[str, float]], key: str) -> dict[str, float]:
    return max(runs, key=lambda r: r[key])


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--repeat", type=int, default=1,
                        help="measure each figure this many times and keep the best")
    args = parser.parse_args()
    n = max(1, args.repeat)
    out: dict[str, dict[str, dict[str, float]]] = {"openspiel": {}, "openspiel_mcts": {},
                                                    "rlcard": {}}
    for name, params in OPENSPIEL_GAMES:
        out["openspiel"][name] = best(
            [openspiel_playouts(name, params, args.seconds) for _ in range(n)], "actions_per_s")
    out["openspiel_mcts"]["python_tic_tac_toe"] = best(
        [openspiel_mcts("python_tic_tac_toe", args.seconds) for _ in range(n)],
        "iterations_per_s")
    for name in RLCARD_GAMES:
        out["rlcard"][name] = best([rlcard_playouts(name, args.seconds) for _ in range(n)],
                                   "actions_per_s")
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
