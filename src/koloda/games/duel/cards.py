"""Cards of the duel: battle cards («боевые карты») and weapon items («предметы»), as data.

A battle card has a type (:class:`CardType`: attack, trick, defence — «атака, уловка, защита»),
a strength («сила», «уровень»), optionally a weapon it requires (:class:`Weapon`: cold or firearm —
«холодное» / «огнестрельное оружие») and possibly the property «наносит тяжелые раны» (``deadly``).
A weapon item is a card of the deck too; it is never taken into the hand but shown from the deck
to play a card that requires its kind.

The sample set is ``data/cards.json``, read once at import time and checked (a malformed file
raises :class:`InvalidData` naming the entry). Every design has a catalogue *key*
(``"rapier_thrust"``); physical copies in a game get their own ids (``"a07"``).

>>> CATALOGUE["rapier_thrust"].requires
<Weapon.COLD: 'cold'>
>>> beats(CATALOGUE["punch"], CATALOGUE["trip"]), beats(CATALOGUE["block"], CATALOGUE["punch"])
(True, True)
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from enum import StrEnum
from importlib import resources
from typing import Any

from koloda.engine import InvalidData


class CardType(StrEnum):
    """The type of a battle card."""

    ATTACK = "attack"  # атака
    TRICK = "trick"  # уловка
    DEFENCE = "defence"  # защита


class Weapon(StrEnum):
    """The kind of weapon a card requires or an item provides."""

    COLD = "cold"  # холодное оружие
    FIREARM = "firearm"  # огнестрельное оружие


#: Which type each type beats: «Атака побеждает уловку, уловка побеждает защиту, защита
#: побеждает атаку».
BEATS: dict[CardType, CardType] = {
    CardType.ATTACK: CardType.TRICK,
    CardType.TRICK: CardType.DEFENCE,
    CardType.DEFENCE: CardType.ATTACK,
}

TYPE_NAMES = {
    CardType.ATTACK: ("атака", "attack"),
    CardType.TRICK: ("уловка", "trick"),
    CardType.DEFENCE: ("защита", "defence"),
}
WEAPON_NAMES = {
    Weapon.COLD: ("холодное оружие", "cold weapon"),
    Weapon.FIREARM: ("огнестрельное оружие", "firearm"),
}


@dataclass(frozen=True)
class CardInfo:
    """One design of the catalogue: a battle card (``item is None``) or a weapon item."""

    key: str
    name_ru: str
    name_en: str
    copies: int
    type: CardType | None = None
    strength: int = 0
    requires: Weapon | None = None
    deadly: bool = False
    item: Weapon | None = None

    @property
    def is_item(self) -> bool:
        return self.item is not None

    def name(self, lang: str = "en") -> str:
        return self.name_ru if lang == "ru" else self.name_en

    def to_json(self) -> dict[str, Any]:
        """What a renderer needs to draw the card."""
        if self.item is not None:
            return {"key": self.key, "item": self.item.value,
                    "name_ru": self.name_ru, "name_en": self.name_en}
        assert self.type is not None
        return {"key": self.key, "type": self.type.value, "strength": self.strength,
                "requires": self.requires.value if self.requires else None,
                "deadly": self.deadly, "name_ru": self.name_ru, "name_en": self.name_en}


def beats(a: CardInfo, b: CardInfo) -> bool:
    """Whether battle card ``a`` wins against ``b``: by type whatever the strength, else by the
    higher strength within a type («Для карт одинакового типа, побеждает та что с более высокой
    силой»)."""
    if a.type == b.type:
        return a.strength > b.strength
    return a.type is not None and BEATS[a.type] == b.type


def round_winner(a: CardInfo | None, b: CardInfo | None) -> int | None:
    """The seat (0 or 1) that wins a round where seat 0 played ``a`` and seat 1 played ``b``
    (None: no card), or None when nobody wins.

    >>> round_winner(CATALOGUE["punch"], None), round_winner(None, None)
    (0, None)
    >>> round_winner(CATALOGUE["punch"], CATALOGUE["punch"]) is None
    True
    """
    if a is None:
        return None if b is None else 1
    if b is None:
        return 0
    if beats(a, b):
        return 0
    if beats(b, a):
        return 1
    return None


def _text(entry: dict[str, Any], name: str, where: str) -> str:
    value = entry.get(name)
    if not isinstance(value, str) or not value:
        raise InvalidData(f"{where}: {name!r} must be a non-empty string")
    return value


def _copies(entry: dict[str, Any], where: str) -> int:
    copies = entry.get("copies", 1)
    if isinstance(copies, bool) or not isinstance(copies, int) or copies < 1:
        raise InvalidData(f"{where}: 'copies' must be a positive integer")
    return int(copies)


def parse_catalogue(data: Any) -> dict[str, CardInfo]:
    """Check and build a catalogue from its JSON form (see ``data/cards.json``)."""
    if not isinstance(data, dict):
        raise InvalidData("a card catalogue is a JSON object")
    out: dict[str, CardInfo] = {}
    battle, items = data.get("battle"), data.get("items")
    if not isinstance(battle, list) or not isinstance(items, list):
        raise InvalidData("a card catalogue needs 'battle' and 'items' lists")
    for i, entry in enumerate(battle):
        where = f"battle[{i}]"
        if not isinstance(entry, dict):
            raise InvalidData(f"{where}: expected an object")
        extra = set(entry) - {"key", "type", "strength", "requires", "deadly", "copies",
                              "name_ru", "name_en"}
        if extra:
            raise InvalidData(f"{where}: unknown field(s) {sorted(extra)}")
        key = _text(entry, "key", where)
        try:
            ctype = CardType(str(entry.get("type")))
            requires = None if entry.get("requires") is None else Weapon(entry["requires"])
        except ValueError as e:
            raise InvalidData(f"{where} ({key}): {e}") from None
        strength = entry.get("strength")
        if isinstance(strength, bool) or not isinstance(strength, int) or strength < 0:
            raise InvalidData(f"{where} ({key}): 'strength' must be a whole number ≥ 0")
        deadly = entry.get("deadly", False)
        if not isinstance(deadly, bool):
            raise InvalidData(f"{where} ({key}): 'deadly' must be true or false")
        if key in out:
            raise InvalidData(f"{where}: the key {key!r} is used twice")
        out[key] = CardInfo(key=key, name_ru=_text(entry, "name_ru", where),
                            name_en=_text(entry, "name_en", where), copies=_copies(entry, where),
                            type=ctype, strength=strength, requires=requires, deadly=deadly)
    for i, entry in enumerate(items):
        where = f"items[{i}]"
        if not isinstance(entry, dict):
            raise InvalidData(f"{where}: expected an object")
        extra = set(entry) - {"key", "weapon", "copies", "name_ru", "name_en"}
        if extra:
            raise InvalidData(f"{where}: unknown field(s) {sorted(extra)}")
        key = _text(entry, "key", where)
        try:
            weapon = Weapon(str(entry.get("weapon")))
        except ValueError as e:
            raise InvalidData(f"{where} ({key}): {e}") from None
        if key in out:
            raise InvalidData(f"{where}: the key {key!r} is used twice")
        out[key] = CardInfo(key=key, name_ru=_text(entry, "name_ru", where),
                            name_en=_text(entry, "name_en", where), copies=_copies(entry, where),
                            item=weapon)
    return out


def _load() -> dict[str, CardInfo]:
    text = resources.files("koloda.games.duel").joinpath("data/cards.json").read_text("utf-8")
    return parse_catalogue(json.loads(text))


#: The sample card set, by catalogue key.
CATALOGUE: dict[str, CardInfo] = _load()
#: Keys of battle cards and of weapon items, in catalogue order.
BATTLE_KEYS: tuple[str, ...] = tuple(k for k, c in CATALOGUE.items() if not c.is_item)
ITEM_KEYS: tuple[str, ...] = tuple(k for k, c in CATALOGUE.items() if c.is_item)


def pool(keys: tuple[str, ...]) -> list[str]:
    """Every physical copy of the designs ``keys``, as catalogue keys (with repetitions)."""
    return [k for k in keys for _ in range(CATALOGUE[k].copies)]


#: What an item needs to be taken into a hand: never (no weapon kind equals it).
NEVER = object()


@dataclass(frozen=True)
class Catalogue:
    """A duel's card set, by key: the sample set (:data:`SAMPLE`), or one an event brings
    (``from_setup({"catalogue": …})``), with the lookups the rules make on every move.

    >>> SAMPLE["punch"].name_ru, "rapier" in SAMPLE, len(SAMPLE) == len(CATALOGUE)
    ('Удар кулаком', True, True)
    """

    cards: dict[str, CardInfo]
    #: by key: the weapon kind of an item (None: a battle card)
    item_of: dict[str, Weapon | None] = field(init=False, compare=False, repr=False)
    #: by key: what a card needs among the deck's and shown items' kinds to be taken into a
    #: hand (the weapon it requires, None when none, :data:`NEVER` for an item)
    take_needs: dict[str, object] = field(init=False, compare=False, repr=False)
    #: by key: the weapon a card requires and its plays per way of showing it (2 if deadly)
    plays_of: dict[str, tuple[Weapon | None, int]] = field(init=False, compare=False,
                                                           repr=False)
    battle_keys: tuple[str, ...] = field(init=False, compare=False, repr=False)
    item_keys: tuple[str, ...] = field(init=False, compare=False, repr=False)
    #: by key: :meth:`CardInfo.to_json`, made once (a view copies it for each card it shows)
    faces: dict[str, dict[str, Any]] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        cards = self.cards
        put = object.__setattr__
        put(self, "item_of", {k: c.item for k, c in cards.items()})
        put(self, "take_needs", {k: NEVER if c.item is not None else c.requires
                                 for k, c in cards.items()})
        put(self, "plays_of", {k: (c.requires, 2 if c.deadly else 1) for k, c in cards.items()})
        put(self, "battle_keys", tuple(k for k, c in cards.items() if not c.is_item))
        put(self, "item_keys", tuple(k for k, c in cards.items() if c.is_item))
        put(self, "faces", {k: c.to_json() for k, c in cards.items()})

    def __getitem__(self, key: str) -> CardInfo:
        return self.cards[key]

    def __contains__(self, key: object) -> bool:
        return key in self.cards

    def __iter__(self) -> Iterator[str]:
        return iter(self.cards)

    def __len__(self) -> int:
        return len(self.cards)

    def get(self, key: str) -> CardInfo | None:
        return self.cards.get(key)

    def pool(self, keys: tuple[str, ...]) -> list[str]:
        """Every physical copy of the designs ``keys`` (with repetitions)."""
        return [k for k in keys for _ in range(self.cards[k].copies)]

    def to_json(self) -> dict[str, Any]:
        """The ``cards.json`` form (what :meth:`from_json` reads)."""
        battle, items = [], []
        for c in self.cards.values():
            if c.item is not None:
                items.append({"key": c.key, "weapon": c.item.value, "copies": c.copies,
                              "name_ru": c.name_ru, "name_en": c.name_en})
            else:
                assert c.type is not None
                battle.append({"key": c.key, "type": c.type.value, "strength": c.strength,
                               "requires": None if c.requires is None else c.requires.value,
                               "deadly": c.deadly, "copies": c.copies, "name_ru": c.name_ru,
                               "name_en": c.name_en})
        return {"battle": battle, "items": items}

    @staticmethod
    def from_json(data: object) -> Catalogue:
        """A catalogue from the ``cards.json`` format; raises InvalidData naming the entry."""
        return Catalogue(parse_catalogue(data))


#: The sample set as a :class:`Catalogue`.
SAMPLE = Catalogue(CATALOGUE)
