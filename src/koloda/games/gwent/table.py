"""The table of an exchange: stacks of cards and the damage arithmetic («урон»).

A *stack* starts with a card laid in attack (a lead) and grows as the side it presses against
covers it. Each placement pushes a :class:`Layer`: the stack's standing after it. The standing
says which *side* presses (0: the exchange's attacker, 1: the defender), the value of the open
card to beat, its suit, whether it is a trump or an ultima, the damage it carries, and the sum of
cards the pressed side has laid on it without beating it yet (``partial``).

Damage is the difference between a card and the card that covers it, against the side whose
card is lower: «Урон - это числовая разница между значениями карт». A covering card of another
suit counts for ``cross`` of its value (0.5: «коэффициентом 1 к 0.5 в пользу атакующего»).
Several cards may be laid on the same open card; their values add up. A card is open while it
carries damage («открытой карта считается, если на ней еще есть очки урона»).

>>> s = Stack(1, [lead_layer(("a#1",), seat=0, side=0, value=3, printed=3, suit=Suit.CLOSE)])
>>> s.layers.append(cover_layer(s.top, ("b#1",), seat=1, side=1, value=5, printed=5,
...                             suit=Suit.CLOSE, cross=0.5, named=None))
>>> s.top.side, s.top.damage
(1, 2.0)
"""

from __future__ import annotations

from dataclasses import dataclass, field

from koloda.games.gwent.cards import Suit

EPS = 1e-9


def _r(x: float) -> float:
    return round(x, 6)


@dataclass(slots=True)
class Layer:
    """One placement on a stack and the standing after it.

    A layer is a value: copies of a stack share their layers, so a layer is never changed
    in place (a new one replaces it, see :func:`closed`, :func:`reversed_layer`). It is not a
    frozen dataclass only because building those is several times slower.
    """

    cards: tuple[str, ...]
    seat: int
    placer: int
    side: int
    value: float
    printed: int
    suit: Suit
    open_card: str
    owner: int
    trump: bool = False
    ultima: bool = False
    damage: float = 0.0
    partial: float = 0.0
    partial_raw: float = 0.0


@dataclass(slots=True)
class Stack:
    """A pile on the table, its layers bottom first; ``thrower`` is the watching player whose
    thrown-in card started it (-1: none)."""

    id: int
    layers: list[Layer] = field(default_factory=list)
    thrower: int = -1

    @property
    def top(self) -> Layer:
        return self.layers[-1]

    @property
    def open(self) -> bool:
        return self.layers[-1].damage > EPS

    def presses_on(self, side: int) -> bool:
        """Whether this stack carries damage against ``side``."""
        top = self.layers[-1]
        return top.damage > EPS and top.side != side

    def cards(self) -> list[str]:
        return [c for layer in self.layers for c in layer.cards]

    def copy(self) -> Stack:
        return Stack(self.id, list(self.layers), self.thrower)


def lead_layer(cards: tuple[str, ...], *, seat: int, side: int, value: float, printed: int,
               suit: Suit, trump: bool = False, ultima: bool = False) -> Layer:
    """A card laid in attack: it presses with its whole value."""
    return Layer(cards, seat, side, side, value, printed, suit, cards[0], seat, trump, ultima,
                 round(value, 6))


def effective(value: float, suit: Suit, against: Suit, cross: float) -> float:
    """What a covering card counts against an open card of suit ``against``.

    >>> effective(5, Suit.RANGED, Suit.CLOSE, 0.5)
    2.5
    """
    return value if suit == against else _r(value * cross)


def cover_layer(top: Layer, cards: tuple[str, ...], *, seat: int, side: int, value: float,
                printed: int, suit: Suit, cross: float, named: Suit | None,
                trump: bool = False) -> Layer:
    """The standing after ``side`` covers the open card ``top`` with a card of ``value``.

    An ordinary cover adds to what the side has already laid on this card; a trump laid on an
    ordinary card beats it alone («козырь ... уводит ... некозырный урон в ноль»): it presses
    with what it exceeds the covered card by, or closes the stack.
    """
    return cover(top, cards, seat, side, value, printed, suit, cross, named or top.suit, trump)


def cover(top: Layer, cards: tuple[str, ...], seat: int, side: int, value: float,
          printed: int, suit: Suit, cross: float, against: Suit, trump: bool) -> Layer:
    """:func:`cover_layer` against the suit ``against`` (the named suit or the open card's),
    its arguments by position (the hot path of laying a card)."""
    eff = value if suit == against else round(value * cross, 6)  # (effective)
    if trump and not top.trump:
        dmg = round(eff - top.value, 6)
        if dmg > EPS:
            return Layer(cards, seat, side, side, value, printed, suit, cards[0], seat,
                         True, False, dmg)
        return Layer(cards, seat, side, top.side, top.value, top.printed, top.suit,
                     top.open_card, top.owner, top.trump, False, 0.0, eff, value)
    total = round(top.partial + eff, 6)
    if total > top.value + EPS:
        raw = round(top.partial_raw + value, 6)
        return Layer(cards, seat, side, side, raw, printed, suit, cards[0], seat,
                     trump or top.trump, False, round(total - top.value, 6))
    return Layer(cards, seat, side, top.side, top.value, top.printed, top.suit, top.open_card,
                 top.owner, top.trump, top.ultima, round(top.value - total, 6), total,
                 round(top.partial_raw + value, 6))


def closed(top: Layer) -> Layer:
    """The standing with the damage cancelled (a trump in defence)."""
    return Layer(top.cards, top.seat, top.placer, top.side, top.value, top.printed, top.suit,
                 top.open_card, top.owner, top.trump, top.ultima, 0.0, top.partial,
                 top.partial_raw)


def reversed_layer(top: Layer) -> Layer:
    """The standing turned back on its owner («разворачивает ... обратно в его сторону»)."""
    return Layer(top.cards, top.seat, top.placer, 1 - top.side, top.value, top.printed,
                 top.suit, top.open_card, top.owner, top.trump, top.ultima, top.damage,
                 top.partial, top.partial_raw)
