"""Steps per second of a masked random agent through Koloda's PettingZoo environments, against
PettingZoo's classic card environments and the same games driven directly through Koloda,
measured in the same run. Not a test (``docs/performance.md``, "Research interfaces").

    .venv/bin/python bench/rl_speed.py --rounds 10 --seconds 0.5

The classic environments need ``rlcard`` and ``pygame`` (``pip install rlcard pygame``; not
Koloda dependencies): without them their rows are skipped and the ratios against them left out.
Every figure is measured once in each of ``--rounds`` interleaved rounds; the tables give the
medians, and each ratio is taken within a round (the load of a shared machine changes fast).
"""

from __future__ import annotations

import argparse
import importlib
import platform
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from koloda.engine import Rng, load_game

GAMES: list[tuple[str, str, dict[str, Any]]] = [
    ("duel", "koloda.rl.pettingzoo.duel_v0", {}),
    ("nevermore", "koloda.rl.pettingzoo.nevermore_v0", {"players": 4}),
    ("gwent", "koloda.rl.pettingzoo.gwent_v0", {"players": 3}),
]
CLASSIC = ["pettingzoo.classic.texas_holdem_v4", "pettingzoo.classic.leduc_holdem_v4"]


def _timed(run: Callable[[float], int], seconds: float) -> float:
    """Steps per second of ``run`` (which steps until the deadline and returns its count)."""
    start = time.perf_counter()
    steps = run(start + seconds)
    return steps / (time.perf_counter() - start)


def aec_speed(make: Callable[[], Any] | Any, seconds: float) -> float:
    env = make() if callable(make) else make
    rng = np.random.default_rng(0)

    def run(deadline: float) -> int:
        steps = 0
        seed = 0
        while time.perf_counter() < deadline:
            env.reset(seed=seed)
            seed += 1
            for _agent in env.agent_iter():
                obs, _, term, trunc, _ = env.last()
                if term or trunc:
                    env.step(None)
                    continue
                mask = obs["action_mask"]
                env.step(int(rng.choice(np.flatnonzero(mask))))
                steps += 1
        return steps

    return _timed(run, seconds)


def parallel_speed(make: Callable[[], Any] | Any, seconds: float) -> tuple[float, float]:
    """(joint steps per second, decisions per second: tokens chosen by deciding seats)."""
    env = make() if callable(make) else make
    rng = np.random.default_rng(0)
    decisions = 0

    def run(deadline: float) -> int:
        nonlocal decisions
        steps = 0
        seed = 0
        noop = env.codec.noop
        while time.perf_counter() < deadline:
            obs, _ = env.reset(seed=seed)
            seed += 1
            while env.agents:
                actions = {}
                for a in env.agents:
                    legal = np.flatnonzero(obs[a]["action_mask"])
                    actions[a] = int(rng.choice(legal))
                    decisions += int(actions[a] != noop)
                obs, *_ = env.step(actions)
                steps += 1
        return steps

    start = time.perf_counter()
    steps = run(start + seconds)
    elapsed = time.perf_counter() - start
    return steps / elapsed, decisions / elapsed


def koloda_speed(game_name: str, options: dict[str, Any], seconds: float) -> float:
    """Koloda actions per second: the legal list, a uniform choice, the checked apply."""
    game = load_game(game_name, **options)
    rng = Rng.from_seed(0)

    def run(deadline: float) -> int:
        steps = 0
        seed = 0
        while time.perf_counter() < deadline:
            state = game.new(seed=seed)
            seed += 1
            while not state.is_terminal:
                seat = state.to_act[0]
                legal = state.legal_actions(seat)
                state.apply(seat, legal[rng.randbelow(len(legal))])
                steps += 1
        return steps

    return _timed(run, seconds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=0.5, help="per measurement")
    parser.add_argument("--rounds", type=int, default=10,
                        help="measure everything this many times, interleaved")
    parser.add_argument("--games", nargs="*", default=[g for g, _, _ in GAMES],
                        choices=[g for g, _, _ in GAMES], help="the games to measure (all)")
    args = parser.parse_args()
    s = args.seconds
    print(f"Python {platform.python_version()}, {platform.machine()}; {args.rounds} interleaved "
          f"rounds of {s:g} s per figure; medians over the rounds, ratios taken within each "
          "round\n")
    classic = []
    for name in CLASSIC:
        try:
            module = importlib.import_module(name)
            classic.append((name.rsplit(".", 1)[1], module.env()))
        except Exception as e:  # rlcard or pygame missing
            print(f"{name}: skipped ({type(e).__name__}: {e})")
    envs = []
    for game_name, module_name, options in GAMES:
        if game_name not in args.games:
            continue
        module = importlib.import_module(module_name)
        envs.append((game_name, options, module.env(fast=True, **options), module.env(**options),
                     module.parallel_env(fast=True, **options)))
    runs: dict[str, list[float]] = {}

    def keep(key: str, value: float) -> None:
        runs.setdefault(key, []).append(value)

    for _ in range(args.rounds):
        for short, env in classic:
            keep(short, aec_speed(env, s))
        for game_name, options, fast, checked, par in envs:
            keep(f"{game_name} direct", koloda_speed(game_name, options, s))
            aec = aec_speed(fast, s)
            keep(f"{game_name} aec", aec)
            keep(f"{game_name} checked", aec_speed(checked, s))
            joint, decisions = parallel_speed(par, s)
            keep(f"{game_name} joint", joint)
            keep(f"{game_name} decisions", decisions)
            keep(f"{game_name} aec/direct", aec / runs[f"{game_name} direct"][-1])
            for short, _ in classic:
                keep(f"{game_name} aec/{short}", aec / runs[short][-1])

    def med(key: str) -> float:
        return float(np.median(runs[key]))

    print("| environment | steps/s |")
    print("|---|---:|")
    for short, _ in classic:
        print(f"| PettingZoo `{short}` (AEC) | {med(short):,.0f} |")
    print()
    head = ("| game | Koloda direct, actions/s | AEC fast, steps/s | AEC checked | Parallel, "
            "joint steps/s | Parallel, decisions/s | AEC / Koloda |")
    print(head + "".join(f" AEC / `{short}` |" for short, _ in classic))
    print("|---|" + "---:|" * (6 + len(classic)))
    for game_name, options, *_ in envs:
        label = game_name + "".join(f" {k}={v}" for k, v in options.items())
        ratios = "".join(f" {med(f'{game_name} aec/{short}'):.2f}× |" for short, _ in classic)
        print(f"| {label} | {med(f'{game_name} direct'):,.0f} | {med(f'{game_name} aec'):,.0f} | "
              f"{med(f'{game_name} checked'):,.0f} | {med(f'{game_name} joint'):,.0f} | "
              f"{med(f'{game_name} decisions'):,.0f} | {med(f'{game_name} aec/direct'):.2f} |"
              f"{ratios}")


if __name__ == "__main__":
    main()
