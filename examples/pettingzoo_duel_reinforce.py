"""A masked learning agent on Koloda's duel through PettingZoo (``docs/rl.md``).

``player_0`` learns a linear softmax policy over the masked action ids with REINFORCE (a
running-mean baseline); ``player_1`` plays uniformly among its legal ids. The duel is a small
one (5 battle cards each, no weapon items, no ending by agreement), so that a laptop sees the
learning in seconds; every 500 episodes the script prints the learner's mean reward (+1 a won
duel, -1 a lost one) over the last 500, which climbs from about 0 (random against random).

    python examples/pettingzoo_duel_reinforce.py --episodes 3000
"""

from __future__ import annotations

import argparse
from typing import Any

import numpy as np

from koloda.rl.pettingzoo import duel_v0

SMALL_DUEL: dict[str, Any] = {"deck_size": 5, "items": 0, "allow_offers": False}


def train(episodes: int = 3000, lr: float = 0.1, seed: int = 0, block: int = 500,
          verbose: bool = True, **options: Any) -> list[float]:
    """Train; returns the learner's mean reward per block of episodes. ``options``: the
    environment's keywords (default: the small duel)."""
    env = duel_v0.env(fast=True, **(options or SMALL_DUEL))
    env.reset(seed=seed)
    n_obs = env.observation_space("player_0")["observation"].shape[0]
    n_act = env.action_space("player_0").n
    rng = np.random.default_rng(seed)
    weights = np.zeros((n_obs, n_act))
    baseline = 0.0
    means: list[float] = []
    rewards: list[float] = []
    for episode in range(episodes):
        env.reset(seed=seed + episode)
        trajectory: list[tuple[np.ndarray, np.ndarray, int]] = []
        final = 0.0
        for agent in env.agent_iter():
            obs, reward, term, trunc, _ = env.last()
            if term or trunc:
                if agent == "player_0":
                    final = float(reward)
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            if agent == "player_1":
                env.step(int(rng.choice(legal)))
                continue
            x = obs["observation"].astype(np.float64)
            logits = x @ weights[:, legal]
            p = np.exp(logits - logits.max())
            p /= p.sum()
            k = int(rng.choice(len(legal), p=p))
            trajectory.append((x, legal, k))
            env.step(int(legal[k]))
        advantage = final - baseline
        baseline += 0.01 * (final - baseline)
        for x, legal, k in trajectory:
            logits = x @ weights[:, legal]
            p = np.exp(logits - logits.max())
            p /= p.sum()
            grad = -p
            grad[k] += 1.0
            weights[:, legal] += lr * advantage * np.outer(x, grad)
        rewards.append(final)
        if (episode + 1) % block == 0:
            means.append(float(np.mean(rewards[-block:])))
            if verbose:
                print(f"episodes {episode + 1 - block}-{episode + 1}: "
                      f"mean reward {means[-1]:+.3f}")
    return means


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--episodes", type=int, default=3000)
    parser.add_argument("--lr", type=float, default=0.1)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    print("random against random, the same deals:")
    train(min(args.episodes, 1000), 0.0, args.seed)
    print("learning:")
    train(args.episodes, args.lr, args.seed)


if __name__ == "__main__":
    main()
