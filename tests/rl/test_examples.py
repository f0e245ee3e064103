"""The worked examples of docs/rl.md, reduced: they run and show what they claim."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def _load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, EXAMPLES / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def test_cfr_on_a_small_duel_brings_nash_conv_down() -> None:
    pytest.importorskip("pyspiel")
    example = _load("openspiel_cfr_duel")
    trace = example.solve(10, report=(1, 10), verbose=False)
    (_, first), (_, last) = trace
    assert first > 0.3 and last < first / 4


def test_reinforce_on_a_small_duel_beats_random() -> None:
    pytest.importorskip("pettingzoo")
    example = _load("pettingzoo_duel_reinforce")
    baseline = example.train(500, lr=0.0, block=500, verbose=False)
    learned = example.train(1000, block=250, verbose=False)
    assert abs(baseline[0]) < 0.1
    assert max(learned[1:]) > baseline[0] + 0.15
