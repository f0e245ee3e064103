"""Actions and seats in words: the shape every game's ``describe_action`` returns.

The games' ``describe`` modules build these; :mod:`koloda.action_words` collects them for the
pages and the terminal. A game's words in other languages come from the message catalogues,
which the kernel does not read: :func:`koloda.i18n` installs its lookup here when it is imported
(:func:`set_catalogue`), and a game asks through :func:`translated` — English until then.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any, TypedDict

#: the catalogue lookup ``(key, english, lang) -> text`` installed by :mod:`koloda.i18n`
_catalogue: Callable[[str, str, str], str] | None = None


def set_catalogue(lookup: Callable[[str, str, str], str]) -> None:
    """Install the message catalogues' lookup (:mod:`koloda.i18n` does, once)."""
    global _catalogue
    _catalogue = lookup


def translated(key: str, english: str, lang: str) -> str:
    """The message ``key`` (English ``english``) in ``lang`` from the catalogues, or the English
    when none is installed or it has no entry."""
    if _catalogue is None or lang == "en":
        return english
    return _catalogue(key, english, lang)


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
