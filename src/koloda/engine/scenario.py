"""Scenario files: a game, options, a position, actions in text form, and the expected outcome.

The format (JSON)::

    {
      "title": "what this scenario shows",
      "rule": "the seed's sentence it checks (optional)",
      "game": "duel", "players": 2, "seed": 1,
      "options": {"rounds_to_win": 2},
      "setup": { ...the game's hand-made position, optional... },
      "force": [3, [1, 0, 2]],
      "actions": ["0: play atk3", "1: play def2", {"act": "0: play x", "error": "not in hand"}],
      "expect": {"terminal": true, "scores": [1, -1], "to_act": [], "state": {...},
                 "observe": {"0": {...}}, "events": ["DuelWon"]}
    }

``force`` queues chance outcomes (see :meth:`Rng.force`) before the first action. An action given
as an object must be refused with an error containing ``error`` (and the state must not change).
``state`` and ``observe`` are matched as subsets: every key given must be present and equal.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from koloda.engine.errors import InvalidData, KolodaError
from koloda.engine.game import load_game
from koloda.engine.record import GameRecord
from koloda.engine.state import GameState

_TOP_KEYS = {"title", "rule", "game", "players", "seed", "options", "setup", "force", "actions",
             "expect", "notes"}
_EXPECT_KEYS = {"terminal", "scores", "to_act", "state", "observe", "events", "winners"}


class ScenarioFailed(KolodaError):
    """An expectation of a scenario was not met."""


@dataclass
class ScenarioOutcome:
    """What running a scenario produced."""

    title: str
    state: GameState
    record: GameRecord
    checked: list[str] = field(default_factory=list)

    def summary(self) -> dict[str, Any]:
        res = self.state.result()
        return {
            "title": self.title,
            "game": self.record.game,
            "actions": len(self.record.actions),
            "terminal": self.state.is_terminal,
            "to_act": list(self.state.to_act),
            "scores": list(res.scores) if res else None,
            "result": res.summary if res else None,
            "checked": self.checked,
        }


def load_scenario(path: str | Path) -> dict[str, Any]:
    """Read and check the shape of a scenario file; raises InvalidData with the reason."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as e:
        raise InvalidData(f"cannot read {path}: {e.strerror}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise InvalidData(f"{path}: not valid JSON: {e}") from None
    return check_scenario(data, str(path))


def check_scenario(data: Any, where: str = "scenario") -> dict[str, Any]:
    if not isinstance(data, dict):
        raise InvalidData(f"{where}: a scenario is a JSON object")
    unknown = set(data) - _TOP_KEYS
    if unknown:
        raise InvalidData(f"{where}: unknown key(s) {sorted(unknown)}")
    if not isinstance(data.get("game"), str):
        raise InvalidData(f"{where}: 'game' (a game name) is required")
    if not isinstance(data.get("actions", []), list):
        raise InvalidData(f"{where}: 'actions' must be a list")
    expect = data.get("expect", {})
    if not isinstance(expect, dict) or set(expect) - _EXPECT_KEYS:
        raise InvalidData(f"{where}: 'expect' may hold only {sorted(_EXPECT_KEYS)}")
    return data


def _parse_step(step: Any, i: int) -> tuple[int, str, str | None]:
    if isinstance(step, dict):
        text, error = step.get("act"), step.get("error")
        if not isinstance(text, str) or not isinstance(error, str):
            raise InvalidData(f"action #{i + 1}: an object needs 'act' and 'error' strings")
    elif isinstance(step, str):
        text, error = step, None
    else:
        raise InvalidData(f"action #{i + 1}: expected 'SEAT: ACTION', got {step!r}")
    seat_text, sep, action = text.partition(":")
    if not sep or not seat_text.strip().isdigit():
        raise InvalidData(f"action #{i + 1}: expected 'SEAT: ACTION', got {text!r}")
    return int(seat_text), action.strip(), error


def run_scenario(data: Mapping[str, Any]) -> ScenarioOutcome:
    """Run a scenario; raises IllegalAction on a refused action, ScenarioFailed on a failed
    expectation, InvalidData on a malformed file."""
    data = check_scenario(dict(data))
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise InvalidData("'options' must be an object")
    game = load_game(data["game"], players=data.get("players"), **options)
    seed = data.get("seed", 0)
    if not isinstance(seed, int):
        raise InvalidData("'seed' must be an integer")
    setup = data.get("setup")
    state = game.from_setup(setup, seed=seed) if setup is not None else game.new(seed=seed)
    force = data.get("force", [])
    if not isinstance(force, list):
        raise InvalidData("'force' must be a list")
    state.rng.force(*force)
    title = str(data.get("title", ""))
    checked: list[str] = []
    for i, step in enumerate(data.get("actions", [])):
        seat, text, error = _parse_step(step, i)
        if error is None:
            state.apply_text(seat, text)
            continue
        before = json.dumps(state.to_json(), sort_keys=True)
        try:
            state.apply_text(seat, text)
        except KolodaError as e:
            if error.lower() not in str(e).lower():
                raise ScenarioFailed(
                    f"action #{i + 1} ({seat}: {text}) was refused with {str(e)!r}, "
                    f"expected an error containing {error!r}"
                ) from None
            if json.dumps(state.to_json(), sort_keys=True) != before:
                raise ScenarioFailed(
                    f"action #{i + 1} was refused but changed the state"
                ) from None
            checked.append(f"#{i + 1} refused: {error}")
        else:
            raise ScenarioFailed(f"action #{i + 1} ({seat}: {text}) was accepted; "
                                 f"expected an error containing {error!r}")
    _check_expectations(state, data.get("expect", {}), checked)
    record = GameRecord(
        game=game.name,
        options=game.options_json(),
        players=state.players,
        seed=seed,
        setup=setup,
        actions=tuple(state.history),
    )
    return ScenarioOutcome(title=title, state=state, record=record, checked=checked)


def _check_expectations(state: GameState, expect: Mapping[str, Any], checked: list[str]) -> None:
    def fail(what: str, want: Any, got: Any) -> None:
        raise ScenarioFailed(f"expected {what} {json.dumps(want, ensure_ascii=False)}, "
                             f"got {json.dumps(got, ensure_ascii=False)}")

    if "terminal" in expect:
        if state.is_terminal != expect["terminal"]:
            fail("terminal", expect["terminal"], state.is_terminal)
        checked.append("terminal")
    if "to_act" in expect:
        if list(state.to_act) != expect["to_act"]:
            fail("to_act", expect["to_act"], list(state.to_act))
        checked.append("to_act")
    res = state.result()
    if "scores" in expect:
        got = list(res.scores) if res else None
        if got != expect["scores"]:
            fail("scores", expect["scores"], got)
        checked.append("scores")
    if "winners" in expect:
        got_w = list(res.winners) if res else None
        if got_w != expect["winners"]:
            fail("winners", expect["winners"], got_w)
        checked.append("winners")
    if "state" in expect:
        _match(state.to_json()["state"], expect["state"], "state", fail)
        checked.append("state")
    if "observe" in expect:
        for seat_key, want in expect["observe"].items():
            seat = None if seat_key in ("spectator", "null") else int(seat_key)
            _match(state.observe(seat), want, f"observe[{seat_key}]", fail)
        checked.append("observe")
    if "events" in expect:
        kinds = [e.kind_name() for e in state.events]
        it = iter(kinds)
        missing = [k for k in expect["events"] if k not in it]
        if missing:
            fail("events in order", expect["events"], kinds)
        checked.append("events")


def _match(got: Any, want: Any, where: str, fail: Any) -> None:
    if isinstance(want, dict):
        if not isinstance(got, dict):
            fail(where, want, got)
        for k, v in want.items():
            if k not in got:
                fail(f"{where}.{k}", v, None)
            _match(got[k], v, f"{where}.{k}", fail)
    elif got != want:
        fail(where, want, got)
