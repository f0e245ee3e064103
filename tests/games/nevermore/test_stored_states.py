"""Tasks are typed records with named fields; states stored before that (the tasks' old form,
``amount`` holding a card, a step or a window's seats and ``tag`` the rest) still load and play
on exactly as the code that stored them did.

``data/states_from_main.json`` was written by the code before the change (main at 96f69d7):
states in the middle of seeded games (a draft with the whole round's flow queued; magic plays,
a blow whose target was asked to reply and a window open only to some seats pending), the rest
of each game's actions, and the digest of the final state that code reached."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from koloda.engine import load_game
from koloda.engine.codec import encode
from koloda.games.nevermore.model import Task, upgrade_state_json, upgrade_task

DATA = json.loads((Path(__file__).parent / "data" / "states_from_main.json")
                  .read_text(encoding="utf-8"))


def _digest(data: Any) -> str:
    return hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()


@pytest.mark.parametrize("case", DATA["games"], ids=lambda c: f"{c['players']}p-seed{c['seed']}")
def test_a_state_stored_by_the_old_code_plays_on_identically(case: dict[str, Any]) -> None:
    assert any("tag" in t for t in case["state"]["state"]["tasks"])  # the old form
    game = load_game("nevermore", players=case["players"], **case["options"])
    state = game.state_from_json(case["state"])
    assert all(isinstance(t, Task) for t in state.tasks)
    for seat, text in case["rest"]:
        state.apply(seat, game.parse_action(text))
    assert state.is_terminal
    assert _digest(state.to_json()) == case["final"]


def test_every_old_task_kind_reads_into_its_named_fields() -> None:
    old = [
        ({"kind": "round", "seat": -1, "target": -1, "amount": 0, "tag": ""}, Task("round")),
        ({"kind": "window", "seat": -1, "target": -1, "amount": 5, "tag": "gap2"},
         Task("window", window="gap2", only=5)),
        ({"kind": "pass", "seat": -1, "target": -1, "amount": 2, "tag": ""},
         Task("pass", pass_no=2)),
        ({"kind": "flip", "seat": -1, "target": -1, "amount": 3, "tag": ""}, Task("flip", step=3)),
        ({"kind": "commit", "seat": -1, "target": -1, "amount": 1, "tag": ""},
         Task("commit", step=1)),
        ({"kind": "lead", "seat": 2, "target": -1, "amount": 3, "tag": "attack"},
         Task("lead", 2, amount=3, suit="attack")),
        ({"kind": "damage", "seat": 1, "target": 0, "amount": 2, "tag": "magic,asked"},
         Task("damage", 1, 0, 2, cause="magic", asked=True)),
        ({"kind": "damage", "seat": 1, "target": 0, "amount": 1, "tag": "ko"},
         Task("damage", 1, 0, 1, cause="ko")),
        ({"kind": "vp", "seat": 0, "target": -1, "amount": 1, "tag": "victory"},
         Task("vp", 0, amount=1, reason="victory")),
        ({"kind": "draw", "seat": 0, "target": -1, "amount": 2, "tag": "light"},
         Task("draw", 0, amount=2, deck="light")),
        ({"kind": "play", "seat": 3, "target": 1, "amount": 205, "tag": ""},
         Task("play", 3, 1, card=205)),
        ({"kind": "steal", "seat": 3, "target": 1, "amount": 2, "tag": ""},
         Task("steal", 3, 1, 2)),
        ({"kind": "discard_suit", "seat": 3, "target": -1, "amount": 0, "tag": "next"},
         Task("discard_suit", 3, suit="next")),
        ({"kind": "check", "seat": 3, "target": -1, "amount": 0, "tag": "peck"},
         Task("check", 3, cause="peck")),
        ({"kind": "heal", "seat": 0, "target": -1, "amount": 3, "tag": ""},
         Task("heal", 0, amount=3)),
    ]
    from koloda.engine.codec import decode

    for data, task in old:
        assert decode(Task, upgrade_task(data)) == task, data
        # a task in the new form is left as it is
        assert upgrade_task(encode(task)) == encode(task)


def test_a_state_in_the_new_form_is_left_as_it_is() -> None:
    state = load_game("nevermore", players=3).new(seed=1)
    data = state.to_json()
    assert upgrade_state_json(data) is data
    assert "tag" not in data["state"]["tasks"][0] and "pass_no" in data["state"]["tasks"][1]
