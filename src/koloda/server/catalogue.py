"""Printed card catalogues the pages use to draw cards the observation names only by id.

A catalogue is public, game-wide data (what is printed on each card: names, values, suits,
perks), never anything about a game in play; views still decide which card ids a seat sees.
The duel and Nevermore put card faces in their observations; Gwent names cards by id
(``nr_catapult#2``), so its page loads the catalogue once.
"""

from __future__ import annotations

from functools import cache
from typing import Any


@cache
def catalogue(game: str) -> dict[str, Any] | None:
    """``{card id: face}`` for ``game``, or None when its observation carries the faces."""
    if game == "gwent":
        try:
            from koloda.games.gwent import cards
        except ImportError:
            return None
        return {
            cid: {
                "id": cid,
                "name_en": c.name_en,
                "name_ru": c.name_ru,
                "faction": c.faction,
                "strength": c.strength,
                "value": c.value,
                "suits": [s.value for s in c.suits],
                "perks": sorted(p.value for p in c.perks),
                "trump": c.trump,
                "group": c.group,
            }
            for cid, c in cards.CATALOGUE.items()
        }
    return None
