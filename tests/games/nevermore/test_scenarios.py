"""The worked examples of seed 002 as scenario files (``tests/scenarios/nevermore/*.json``), run
through the kernel's scenario runner."""

from __future__ import annotations

from pathlib import Path

import pytest

from koloda.engine import replay
from koloda.engine.scenario import load_scenario, run_scenario

FOLDER = Path(__file__).resolve().parents[2] / "scenarios" / "nevermore"
FILES = sorted(FOLDER.glob("*.json"))


def test_there_are_scenarios() -> None:
    assert len(FILES) >= 10


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_scenario(path: Path) -> None:
    data = load_scenario(path)
    assert data["game"] == "nevermore" and data.get("rule")
    outcome = run_scenario(data)
    assert outcome.checked
    assert replay(outcome.record).to_json() == outcome.state.to_json()
