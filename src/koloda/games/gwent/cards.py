"""The card catalogue («карты»), built at import from the reference CSV shipped as package data
(``data/witcher3-gwent-cards.csv``).

Each Witcher 3 ability used by the house rules becomes a :class:`Perk`, a closed set of typed
verbs carried out by :mod:`koloda.games.gwent.perks`:

========================  =====================================  ===========================
perk                      seed's nickname                        Witcher 3 ability (CSV tag)
========================  =====================================  ===========================
``Perk.BOND``             «Братишки» (рукопожатие)               tight_bond
``Perk.MUSTER``           «Тупые Братишки» (шлемы)               muster
``Perk.MEDIC``            «Медик» (крест в сердце)               medic
``Perk.SPY``              «Шпион» / «Дипломат» (глаз)            spy
``Perk.SPECIALIST``       «Специалист» (большой крест)           morale_boost
``Perk.BARD``             «Бард» / «Лютик» (труба)               commanders_horn on a unit
``Perk.ULTIMA``           «Ультима» (череп, «дракон»)            scorch_close/ranged/siege
``Perk.DECOY``            «Чучело»                               decoy (special card)
``Perk.SCORCH``           «Казнь»                                scorch (special card)
========================  =====================================  ===========================

«Проныра» (agile) is a card with two suits; «козырь» (trump) is a hero. Weather, the special
Commander's Horn, leaders, Mardroeme and the Hearts of Stone cow are not part of this game
(the seed never mentions them); they are not in the catalogue and a deck list naming them is
refused.

>>> card("nr_catapult").perks == frozenset({Perk.BOND}), card("nr_catapult").strength
(True, 8)
>>> card("st_barclay_els").suits
(<Suit.CLOSE: 'close'>, <Suit.RANGED: 'ranged'>)
>>> info("nr_catapult#2").name_ru
'Катапульта'
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from enum import StrEnum
from importlib import resources

from koloda.engine import InvalidData


class Suit(StrEnum):
    """The three suits («масти»): swords («мечи»), bows («луки») and siege («осадные»)."""

    CLOSE = "close"
    RANGED = "ranged"
    SIEGE = "siege"


class Perk(StrEnum):
    """The perks («перки») of the house rules (see the module docstring)."""

    BOND = "bond"
    MUSTER = "muster"
    MEDIC = "medic"
    SPY = "spy"
    SPECIALIST = "specialist"
    BARD = "bard"
    ULTIMA = "ultima"
    DECOY = "decoy"
    SCORCH = "scorch"


NEUTRAL = "neutral"
SPECIAL = "special"

_ABILITY_PERKS = {
    "tight_bond": Perk.BOND,
    "muster": Perk.MUSTER,
    "medic": Perk.MEDIC,
    "spy": Perk.SPY,
    "morale_boost": Perk.SPECIALIST,
    "scorch_close": Perk.ULTIMA,
    "scorch_ranged": Perk.ULTIMA,
    "scorch_siege": Perk.ULTIMA,
    "decoy": Perk.DECOY,
    "scorch": Perk.SCORCH,
    "commanders_horn": Perk.BARD,
}
_ROWS = {
    "close": (Suit.CLOSE,),
    "ranged": (Suit.RANGED,),
    "siege": (Suit.SIEGE,),
    "agile": (Suit.CLOSE, Suit.RANGED),
}
#: Muster groups by the name on the card («смотрим на надпись в названии карты»).
_MUSTER_PREFIXES = (
    ("mo_vampire_", "vampires"),
    ("mo_crone_", "crones"),
    ("mo_arachas", "arachas"),
    ("ne_gaunter_odimm", "gaunter_odimm"),
)


@dataclass(frozen=True)
class CardInfo:
    """One card of the catalogue.

    ``strength`` is the printed number; ``value`` is what it counts on the table before any
    multiplier (a medic and a spy always count 0: «значение всегда составляет НОЛЬ»).
    ``group`` names the cards that must be played together (bond: the same card; muster: the
    same name or category); it is the card's own id for every other card.
    """

    id: str
    name_en: str
    name_ru: str
    faction: str
    strength: int
    suits: tuple[Suit, ...]
    perks: frozenset[Perk]
    trump: bool
    group: str
    expansion: str

    @property
    def unit(self) -> bool:
        """A card with a suit (not «Чучело» or «Казнь»)."""
        return bool(self.suits)

    @property
    def agile(self) -> bool:
        """«Проныра»: either of two suits."""
        return len(self.suits) > 1

    @property
    def value(self) -> int:
        if Perk.MEDIC in self.perks or Perk.SPY in self.perks:
            return 0
        return self.strength

    @property
    def grouped(self) -> bool:
        return Perk.BOND in self.perks or Perk.MUSTER in self.perks

    def has(self, perk: Perk) -> bool:
        return perk in self.perks

    def name(self, lang: str = "en") -> str:
        return (self.name_ru or self.name_en) if lang == "ru" else self.name_en


def _muster_group(card_id: str) -> str:
    for prefix, group in _MUSTER_PREFIXES:
        if card_id.startswith(prefix):
            return group
    return card_id


def _load() -> tuple[dict[str, CardInfo], dict[str, str]]:
    text = resources.files(__package__).joinpath("data/witcher3-gwent-cards.csv").read_text(
        encoding="utf-8")
    cards: dict[str, CardInfo] = {}
    refused: dict[str, str] = {}
    for row in csv.DictReader(io.StringIO(text)):
        tags = [t for t in row["abilities"].split(";") if t]
        unknown = [t for t in tags if t not in _ABILITY_PERKS]
        usable_row = row["row"] in _ROWS or (row["row"] == "special" and tags in (["decoy"],
                                                                                  ["scorch"]))
        if unknown or not usable_row:
            refused[row["id"]] = ", ".join(unknown) or row["row"]
            continue
        perks = frozenset(_ABILITY_PERKS[t] for t in tags)
        group = _muster_group(row["id"]) if Perk.MUSTER in perks else row["id"]
        cards[row["id"]] = CardInfo(
            id=row["id"], name_en=row["name_en"], name_ru=row["name_ru"],
            faction=row["faction"], strength=int(row["strength"] or 0),
            suits=_ROWS.get(row["row"], ()), perks=perks, trump=row["hero"] == "1",
            group=group, expansion=row["expansion"],
        )
    return cards, refused


#: Every card usable in this game, by catalogue id.
CATALOGUE, REFUSED = _load()

_BY_INSTANCE: dict[str, CardInfo] = {}


def card(card_id: str) -> CardInfo:
    """The catalogue entry ``card_id``; raises InvalidData for an unknown or unusable card."""
    found = CATALOGUE.get(card_id)
    if found is None:
        if card_id in REFUSED:
            raise InvalidData(f"card {card_id!r} is not used in this game ({REFUSED[card_id]})")
        raise InvalidData(f"unknown card {card_id!r}")
    return found


def info(instance: str) -> CardInfo:
    """The catalogue entry of a card in play (``"nr_catapult#2"`` is the second catapult)."""
    found = _BY_INSTANCE.get(instance)
    if found is None:
        found = card(instance.partition("#")[0])
        _BY_INSTANCE[instance] = found
    return found


class Facts:
    """What the rules ask of a card in play, read once per card instance (the hot paths of the
    listing of plays, of laying cards and of throw-ins read these attributes instead of
    calling :func:`info` and :meth:`CardInfo.has`)."""

    __slots__ = ("agile", "alone", "bard", "bond", "cover_class", "decoy_weight", "decoyable",
                 "group", "grouped", "info", "is_decoy", "layable", "listed", "medic", "n_suits",
                 "play_suits", "scorch", "specialist", "spy", "strength", "suit_names", "suits",
                 "throw_value", "trump", "ultima", "unit", "value")

    def __init__(self, c: CardInfo, instance: str = "") -> None:
        self.info = c
        self.unit = c.unit
        self.medic = c.has(Perk.MEDIC)
        self.spy = c.has(Perk.SPY)
        #: a card with a value to lay: not a medic or a spy, not «Чучело» or «Казнь»
        self.layable = c.unit and not self.medic and not self.spy
        self.grouped = c.grouped
        self.group = c.group
        self.bond = c.has(Perk.BOND)
        self.agile = c.agile
        self.suits = c.suits
        self.suit_names = tuple(s.value for s in c.suits)
        #: the suits to lay it as: an agile card either of its two, else "" (its own)
        self.play_suits = self.suit_names if c.agile else ("",)
        self.n_suits = len(self.play_suits)
        self.trump = c.trump
        self.ultima = c.has(Perk.ULTIMA)
        #: «Чучело» may go with it (not a spy, an ultima or a trump)
        self.decoyable = not (self.spy or self.ultima or c.trump)
        self.is_decoy = c.has(Perk.DECOY)
        self.scorch = c.has(Perk.SCORCH)
        #: played on its own, as an action of its own (a medic, a spy, «Казнь»)
        self.alone = self.medic or self.spy or self.scorch
        self.specialist = c.has(Perk.SPECIALIST)
        self.bard = c.has(Perk.BARD)
        self.strength = c.strength
        self.value = c.value
        #: the value a throw-in matches with: the printed one of a unit with a value, else 0
        #: (never among the values open on the table, all above 0)
        self.throw_value = c.strength if c.unit and c.value > 0 else 0
        #: which open cards it may cover: 0 ordinary ones, 1 also trumps, 2 every one (ultima)
        self.cover_class = 2 if self.ultima else 1 if c.trump else 0
        #: its entry in a hand's summary of the cards that can be laid (hands.Unit), and its
        #: plays per target with «Чучело» in the hand
        self.listed = (instance or c.id, self.cover_class, self.play_suits, self.n_suits,
                       self.decoyable)
        self.decoy_weight = 2 * self.n_suits if self.decoyable else self.n_suits


class _FactsTable(dict[str, Facts]):
    """Facts by card instance, filled on first use: ``FACTS[cid]`` is :func:`facts`."""

    def __missing__(self, instance: str) -> Facts:
        found = self[instance] = Facts(info(instance), instance)
        return found


#: Facts by card instance, filled on first use (``FACTS[cid]`` is ``facts(cid)``; an unknown
#: card raises InvalidData as :func:`card` does).
FACTS: dict[str, Facts] = _FactsTable()


def facts(instance: str) -> Facts:
    """The :class:`Facts` of a card in play."""
    return FACTS[instance]
