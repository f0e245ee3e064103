"""Koloda's nevermore as a PettingZoo environment (``docs/rl.md``)."""

from __future__ import annotations

from typing import Any

from pettingzoo import AECEnv

from koloda.rl.pettingzoo.core import KolodaAEC, KolodaParallel, make_env


def env(**kwargs: Any) -> AECEnv[str, Any, Any]:
    """The AEC environment (wrapped); keywords: the game's options, ``players``,
    ``schedule``, ``illegal_action``, ``illegal_reward``, ``max_cycles``,
    ``render_mode``, ``fast``."""
    return make_env("nevermore", **kwargs)


def raw_env(**kwargs: Any) -> KolodaAEC:
    return KolodaAEC("nevermore", **kwargs)


def parallel_env(**kwargs: Any) -> KolodaParallel:
    return KolodaParallel("nevermore", **kwargs)
