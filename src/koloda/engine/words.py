"""Actions and seats in words: the shape every game's ``describe_action`` returns.

The games' ``describe`` modules build these; :mod:`koloda.action_words` collects them for the
pages and the terminal.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypedDict


class ActionWords(TypedDict):
    """One legal action as a page shows it."""

    text: str
    label: str
    kind: str
    fields: dict[str, Any]


def seat_name(names: Sequence[str], seat: int, lang: str) -> str:
    """A seat by the name the table shows, else as players count them («Игрок 2»)."""
    if 0 <= seat < len(names) and names[seat]:
        return names[seat]
    return f"Игрок {seat + 1}" if lang == "ru" else f"Player {seat + 1}"
