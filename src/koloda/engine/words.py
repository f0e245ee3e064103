"""Actions and seats in words: the shape every game's ``describe_action`` returns.

The games' ``describe`` modules build these; :mod:`koloda.action_words` collects them for the
pages and the terminal.
"""

from __future__ import annotations

import re
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


def seat_after_noun(names: Sequence[str], seat: int, lang: str) -> str:
    """A seat after the noun «игрок» in a sentence («ударить игрока Аня»): its name, or just its
    number when the name is the lobby's default («ударить игрока 2», not «игрока Игрок 2»)."""
    name = seat_name(names, seat, lang)
    return str(seat + 1) if re.fullmatch(r"(?:Игрок|Player) \d{1,2}", name) else name
