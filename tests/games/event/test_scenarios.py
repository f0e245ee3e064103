"""The event's rules and decisions as scenario files (``tests/scenarios/event/*.json``), run
through the kernel's scenario runner — the same files ``koloda replay`` runs."""

from __future__ import annotations

from pathlib import Path

import pytest

from koloda.engine import replay
from koloda.engine.scenario import load_scenario, run_scenario
from koloda.games.event import EventState
from koloda.games.event.events import describe

FOLDER = Path(__file__).resolve().parents[2] / "scenarios" / "event"
FILES = sorted(FOLDER.glob("*.json"))


def test_there_are_scenarios() -> None:
    assert len(FILES) >= 60


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_scenario(path: Path) -> None:
    data = load_scenario(path)
    assert data["game"] == "event" and data.get("rule")
    outcome = run_scenario(data)
    assert outcome.checked
    assert isinstance(outcome.state, EventState) and outcome.state.invariants() == []
    # the scenario's record replays to the same state
    assert replay(outcome.record).to_json() == outcome.state.to_json()
    # every event reads in words, in both languages
    for event in outcome.state.events:
        for lang in ("ru", "en"):
            assert not describe(event, lang).startswith(event.kind_name()), event
