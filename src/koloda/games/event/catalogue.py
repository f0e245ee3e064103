"""The event's card catalogue: the duel's ``cards.json`` format (battle cards and weapon items
with Russian and English names); Koloda ships a default set as ``data/cards.json``.

>>> DEFAULT_CATALOGUE["rapier"].is_item, DEFAULT_CATALOGUE["punch"].name_ru
(True, 'Удар кулаком')
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

from koloda.games.duel.cards import CardInfo, parse_catalogue


def load_catalogue(data: Any) -> dict[str, CardInfo]:
    """Check and build a catalogue from its JSON form; raises InvalidData naming the entry."""
    return parse_catalogue(data)


def default_catalogue_json() -> dict[str, Any]:
    """The default set, as JSON."""
    text = resources.files("koloda.games.event").joinpath("data/cards.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


#: The default set, by key.
DEFAULT_CATALOGUE: dict[str, CardInfo] = load_catalogue(default_catalogue_json())


def card_json(info: CardInfo) -> dict[str, Any]:
    """What a page needs to draw a card (type, strength, requirement, names)."""
    return info.to_json()
