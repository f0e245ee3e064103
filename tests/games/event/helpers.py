"""A small event for the rules tests, and helpers that act as the server does (due timers
fire, stamped with their deadlines, before an operation stamped later)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from koloda.engine import load_game
from koloda.games.event import EventRefusal, EventState

MIN = 60_000

MASTER, DOCTOR, NPC, ANNA, BORIS, VERA, GHOST = range(7)

#: Анна can attack (5 playable cards, a deadly dagger stab with its dagger); Борис has a
#: deadly slash with a rapier; Вера has 3 cards; Призрак is an NPC with its own rules.
DECKS: dict[str, dict[str, str]] = {
    str(DOCTOR): {"Д-0001": "punch", "Д-0002": "block", "Д-0003": "trip"},
    str(NPC): {"Н-0001": "kick", "Н-0002": "dodge", "Н-0003": "feint", "Н-0004": "rapier"},
    str(ANNA): {"А-0001": "punch", "А-0002": "kick", "А-0003": "spinning_strike",
                "А-0004": "block", "А-0005": "dodge", "А-0006": "dagger_stab",
                "А-0007": "dagger"},
    str(BORIS): {"Б-0001": "trip", "Б-0002": "sand_in_eyes", "Б-0003": "full_guard",
                 "Б-0004": "slash", "Б-0005": "rapier"},
    str(VERA): {"В-0001": "punch", "В-0002": "trip", "В-0003": "block"},
    str(GHOST): {"П-0001": "punch", "П-0002": "block", "П-0003": "trip"},
}

ROSTER: list[dict[str, Any]] = [
    {"name": "Мастер", "role": "master"},
    {"name": "Доктор Ватсон", "role": "doctor"},
    {"name": "Трактирщик", "role": "npc"},
    {"name": "Анна", "team": "Гвардия"},
    {"name": "Борис", "team": "Гвардия"},
    {"name": "Вера"},
    {"name": "Призрак", "role": "npc", "own_rules": True},
]


def event(players: int = 8, *, decks: dict[str, Any] | None = None, **options: Any) -> EventState:
    game = load_game("event", players=players, **options)
    st = game.from_setup({"participants": ROSTER, "decks": DECKS if decks is None else decks})
    assert isinstance(st, EventState)
    assert st.invariants() == []
    return st


def fire_due(st: EventState, until: int) -> None:
    """Apply every timer due at or before ``until`` (the server's scheduler)."""
    while (due := st.next_due(until)) is not None:
        st.apply(*due)
        assert st.invariants() == []


def do(st: EventState, seat: int, text: str) -> None:
    """Apply ``text`` (which ends with @T) as the server would: due timers first."""
    at = int(text.rsplit("@", 1)[1])
    fire_due(st, at)
    st.apply_text(seat, text)
    assert st.invariants() == [], st.invariants()


def refused(st: EventState, seat: int, text: str, rule: str, *,
            fire: bool = True) -> EventRefusal:
    """``text`` is refused naming ``rule``, and nothing changes (due timers fire first, as
    the server does, unless ``fire`` is False)."""
    if fire:
        fire_due(st, int(text.rsplit("@", 1)[1]))
    before = json.dumps(st.to_json(), sort_keys=True)
    with pytest.raises(EventRefusal) as info:
        st.apply_text(seat, text)
    assert info.value.rule == rule, info.value
    assert info.value.reason_ru and info.value.reason
    assert json.dumps(st.to_json(), sort_keys=True) == before
    return info.value


def piles(st: EventState, seat: int) -> tuple[list[str], list[str]]:
    me = st.observe(seat)["me"]
    return me["deck"], me["discard"]
