"""The games, player counts and option variants the research-interface tests run on."""

from __future__ import annotations

from typing import Any

#: (game, players, options) — every game, several player counts, a few variants
CASES: list[tuple[str, int, dict[str, Any]]] = [
    ("duel", 2, {}),
    ("duel", 2, {"mode": "attack", "rounds_to_win": 3, "deck_size": 15, "items": 3}),
    ("nevermore", 3, {}),
    ("nevermore", 6, {}),
    ("nevermore", 4, {"magic": "none"}),
    ("gwent", 2, {}),
    ("gwent", 3, {}),
    ("gwent", 4, {"medic_revives_to": "play", "rounds": 2}),
]


def case_id(case: tuple[str, int, dict[str, Any]]) -> str:
    game, players, options = case
    return f"{game}-{players}" + "".join(f"-{k}={v}" for k, v in options.items())
