"""Titles in words of Gwent's decks (factions, «фракции») and suits («масти»), English and
Russian, for the log and the views. A deck named in a player's own deck lists keeps its name
in both languages (it has no other).

>>> deck_title("northern_realms", "ru"), deck_title("scoiatael", "en"), deck_title("mine", "ru")
('Королевства Севера', "Scoia'tael", 'mine')
>>> suit_title("siege", "ru")
'Осада'
"""

from __future__ import annotations

from collections.abc import Sequence

from koloda.engine import Term, Words, say

#: Each faction deck of the default match set: (English, Russian).
DECK_TITLES: dict[str, tuple[str, str]] = {
    "northern_realms": ("Northern Realms", "Королевства Севера"),
    "nilfgaard": ("Nilfgaard", "Нильфгаард"),
    "scoiatael": ("Scoia'tael", "Скоя'таэли"),
    "monsters": ("Monsters", "Чудовища"),
}

#: The three suits: swords («мечи»), bows («луки»), siege («осадные»).
SUIT_TITLES: dict[str, tuple[str, str]] = {
    "close": ("Close", "Мечи"),
    "ranged": ("Ranged", "Луки"),
    "siege": ("Siege", "Осада"),
}


def _title(table: dict[str, tuple[str, str]], key: str, lang: str) -> str:
    pair = table.get(key)
    if pair is None:
        return key
    return pair[1] if lang == "ru" else pair[0]


def deck_title(deck: str, lang: str = "en") -> str:
    """A deck's title; a deck the default set does not hold keeps its own name."""
    return _title(DECK_TITLES, deck, lang)


def suit_title(suit: str, lang: str = "en") -> str:
    """A suit's title; an unknown suit keeps its id."""
    return _title(SUIT_TITLES, suit, lang)


def listed(values: Sequence[Term | Words | str]) -> Words:
    """Several values in words, joined by commas (in any language: the template holds only the
    separators, so no catalogue entry is needed; each value is named in its language).

    >>> str(listed([Term("card", "a#1", "a#1"), "b"]))
    'a#1, b'
    """
    names = {f"v{i}": v for i, v in enumerate(values)}
    return say("gwent.list", ", ".join("{" + k + "}" for k in names), **names)


def either(values: Sequence[Term | Words | str]) -> Term | Words | str:
    """Values joined by «or» («мечи или луки»): the first, or either of the rest."""
    if len(values) == 1:
        return values[0]
    return say("gwent.either", "{first} or {rest}", first=values[0], rest=either(values[1:]))
