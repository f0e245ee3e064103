"""Deck lists («колоды») as data: the default match set and deck lists given as JSON text.

What the printed decks held is not known, so the default match set (the package data file
``data/default-decks.json``, in the deck-list format below) is the base-game collection
of the four factions, one «Чучело» (decoy) in each faction deck («Чучело присутствует в каждой
колоде в количестве одной штуки»), and a neutral deck of twelve cards: the ten base-game neutral
units, a second «Виллентретенмерт» (so that the match holds exactly two «Ультима», both the same
dragon: «Их всегда только две на всю партию», «кроме такого же дракона») and the match's single
«Казнь» («Казнь - всего одна на всю партию»). Twelve cards deal evenly to 2, 3 or 4 players.
See ``docs/gwent-decks.md`` for the file format and the full lists.

>>> lists = default_deck_lists()
>>> sorted(lists.decks), len(lists.neutral)
(['monsters', 'nilfgaard', 'northern_realms', 'scoiatael'], 12)
>>> load_deck_lists('{"decks": {"a": {"nr_catapult": 2}, "b": {"ng_cynthia": 1}}}').decks["a"]
('nr_catapult', 'nr_catapult')
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from koloda.engine import InvalidData, Words, say
from koloda.games.gwent.cards import Perk, card

FACTIONS = ("northern_realms", "nilfgaard", "scoiatael", "monsters")


@dataclass(frozen=True)
class DeckLists:
    """The decks on the table: each faction deck by name (catalogue ids, one per copy) and the
    neutral deck dealt evenly among the players."""

    decks: dict[str, tuple[str, ...]]
    neutral: tuple[str, ...]

    def names(self) -> tuple[str, ...]:
        return tuple(self.decks)


@cache
def default_deck_lists() -> DeckLists:
    """The default match set, read from the package data file ``data/default-decks.json``
    (written in the deck-list format; see the module docstring)."""
    text = resources.files(__package__).joinpath("data/default-decks.json").read_text(
        encoding="utf-8")
    return load_deck_lists(text)


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def _bad(reason: Words) -> InvalidData:
    """Deck lists refused: «deck lists: » and the reason, in words any language can have."""
    return InvalidData(say("gwent.decks.refused", "deck lists: {reason}", reason=reason))


def load_deck_lists(text: str) -> DeckLists:
    """Deck lists from JSON text; raises InvalidData saying what is wrong.

    The format::

        {"decks": {"NAME": {"CARD_ID": COPIES, ...}, ...},
         "neutral": {"CARD_ID": COPIES, ...}}

    At least two decks; ``neutral`` may be left out (no neutral cards). Every card id must be
    in the catalogue; copies are whole numbers from 1 to 20.
    """
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as e:  # Python's words for where the text breaks off
        raise _bad(say("gwent.decks.json", "not valid JSON: {error}", error=str(e))) from None
    except RecursionError:
        raise _bad(say("gwent.decks.json_deep", "not valid JSON: nested too deeply")) from None
    except ValueError as e:  # NaN, Infinity
        raise _bad(say("gwent.decks.json", "not valid JSON: {error}", error=str(e))) from None
    if not isinstance(data, dict) or set(data) - {"decks", "neutral"}:
        raise _bad(say("gwent.decks.object", "expected an object with {decks} and optional "
                       "{neutral}", decks="'decks'", neutral="'neutral'"))
    decks_raw = data.get("decks")
    if not isinstance(decks_raw, dict) or len(decks_raw) < 2:
        raise _bad(say("gwent.decks.two", "{decks} must name at least two decks",
                       decks="'decks'"))
    decks = {}
    for name, cards in decks_raw.items():
        if not name or "," in name or " " in name:
            raise _bad(say("gwent.decks.bad_name", "bad deck name {name} (no spaces or commas)",
                           name=repr(name)))
        decks[name] = _cards(cards, say("gwent.decks.deck", "deck {name}", name=repr(name)))
        if not decks[name]:
            raise _bad(say("gwent.decks.empty", "deck {name} is empty", name=repr(name)))
    neutral = _cards(data.get("neutral", {}), say("gwent.decks.neutral", "the neutral deck"))
    return DeckLists(decks=decks, neutral=neutral)


def _cards(raw: Any, where: Words) -> tuple[str, ...]:
    if not isinstance(raw, dict):
        raise _bad(say("gwent.decks.not_map", "{where} must map card ids to copies",
                       where=where))
    out: list[str] = []
    for card_id, copies in raw.items():
        try:
            card(card_id)
        except InvalidData as e:
            error: Words | str = e.words if e.words is not None else str(e)
            raise _bad(say("gwent.decks.card", "{where}: {error}", where=where,
                           error=error)) from None
        if isinstance(copies, bool) or not isinstance(copies, int) or not 1 <= copies <= 20:
            raise _bad(say("gwent.decks.copies", "{where}: copies of {card} must be 1-20, "
                           "got {got}", where=where, card=repr(card_id), got=repr(copies)))
        out.extend([card_id] * copies)
    return tuple(out)


def deck_lists_json(lists: DeckLists) -> str:
    """The JSON text of ``lists`` (the inverse of :func:`load_deck_lists`)."""

    def counts(ids: tuple[str, ...]) -> dict[str, int]:
        out: dict[str, int] = {}
        for i in ids:
            out[i] = out.get(i, 0) + 1
        return out

    return json.dumps({"decks": {n: counts(d) for n, d in lists.decks.items()},
                       "neutral": counts(lists.neutral)}, ensure_ascii=False, indent=1)


def ultimas(ids: tuple[str, ...]) -> int:
    """How many «Ультима» cards are in ``ids``."""
    return sum(1 for i in ids if card(i).has(Perk.ULTIMA))
