"""Every worked example of the seed, as a scenario file run through the kernel's runner."""

from __future__ import annotations

from pathlib import Path

import pytest

from koloda.engine.scenario import load_scenario, run_scenario

FILES = sorted((Path(__file__).parents[2] / "scenarios" / "gwent").glob("*.json"))


def test_there_are_scenarios() -> None:
    assert len(FILES) >= 9


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario(path: Path) -> None:
    outcome = run_scenario(load_scenario(path))
    assert outcome.checked
