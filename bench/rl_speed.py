"""Steps per second of a masked random agent through Koloda's PettingZoo environments, against
PettingZoo's classic card environments and the same games driven directly through Koloda,
measured in the same run. Not a test (``docs/performance.md``, "Research interfaces").

    .venv/bin/python bench/rl_speed.py --seconds 3

The classic environments need ``rlcard`` (``pip install rlcard``; not a Koloda dependency):
without it their rows are skipped and the ratios against them are left out.
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


def aec_speed(make: Callable[[], Any], seconds: float) -> float:
    env = make()
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


def parallel_speed(make: Callable[[], Any], seconds: float) -> tuple[float, float]:
    """(joint steps per second, decisions per second: tokens chosen by deciding seats)."""
    env = make()
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

    joint = _timed(run, seconds)
    return joint, joint * decisions / max(1, round(joint * seconds))


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
    parser.add_argument("--seconds", type=float, default=3.0, help="per measurement")
    args = parser.parse_args()
    s = args.seconds
    print(f"Python {platform.python_version()}, {platform.machine()}, {s:g} s per figure\n")
    classic: dict[str, float] = {}
    for name in CLASSIC:
        try:
            module = importlib.import_module(name)
            classic[name.rsplit(".", 1)[1]] = aec_speed(module.env, s)
        except Exception as e:  # rlcard missing, or a classic env that does not load
            print(f"{name}: skipped ({type(e).__name__}: {e})")
    rows = []
    for game_name, module_name, options in GAMES:
        module = importlib.import_module(module_name)
        direct = koloda_speed(game_name, options, s)
        aec = aec_speed(lambda m=module, o=options: m.env(fast=True, **o), s)
        aec_checked = aec_speed(lambda m=module, o=options: m.env(**o), s)
        joint, decisions = parallel_speed(
            lambda m=module, o=options: m.parallel_env(fast=True, **o), s)
        rows.append((game_name, options, direct, aec, aec_checked, joint, decisions))
    print("| environment | steps/s |")
    print("|---|---:|")
    for name, speed in classic.items():
        print(f"| PettingZoo `{name}` (AEC) | {speed:,.0f} |")
    print()
    head = "| game | Koloda direct, actions/s | AEC fast, steps/s | AEC checked | Parallel, " \
           "joint steps/s | Parallel, decisions/s | AEC / Koloda |"
    extra = "".join(f" AEC / `{n}` |" for n in classic)
    print(head + extra)
    print("|---|" + "---:|" * (6 + len(classic)))
    for game_name, options, direct, aec, checked, joint, decisions in rows:
        label = game_name + "".join(f" {k}={v}" for k, v in options.items())
        ratios = "".join(f" {aec / c:.2f}× |" for c in classic.values())
        print(f"| {label} | {direct:,.0f} | {aec:,.0f} | {checked:,.0f} | {joint:,.0f} | "
              f"{decisions:,.0f} | {aec / direct:.2f} |{ratios}")


if __name__ == "__main__":
    main()
