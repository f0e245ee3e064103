"""The main deck (Основная колода): 60 cards, 12 of each of five suits (масти).

Cards are plain integers. Main cards are ``0..59``: the suit is ``card // 12`` in the order
attack, healing, radiance, victory, raven. Magic cards (карты Магии) are ``100..199`` (Light,
Магия Света) and ``200..299`` (Shadow, Магия Тени); see :mod:`.magic`.

>>> suit_of(0), suit_of(59)
(<Suit.ATTACK: 'attack'>, <Suit.RAVEN: 'raven'>)
>>> card_label(13)
'H2'
"""

from __future__ import annotations

from enum import StrEnum


class Suit(StrEnum):
    """The five suits: Атака (меч), Лечение (сердце), Сияние (белый водоворот), Победа (чаша),
    Ворон (ворон)."""

    ATTACK = "attack"  # Атака
    HEALING = "healing"  # Лечение
    RADIANCE = "radiance"  # Сияние
    VICTORY = "victory"  # Победа
    RAVEN = "raven"  # Ворон


SUITS: tuple[Suit, ...] = tuple(Suit)
#: The four suits with a resolution token (жетон раскрытия), in the first round's order.
TOKEN_SUITS: tuple[Suit, ...] = (Suit.ATTACK, Suit.HEALING, Suit.RADIANCE, Suit.VICTORY)
PER_SUIT = 12
MAIN_DECK: tuple[int, ...] = tuple(range(5 * PER_SUIT))
SUIT_INDEX = {s: i for i, s in enumerate(SUITS)}
#: One letter per suit, used in scenario setups and labels: A, H, S (Сияние), V, R.
LETTERS = {Suit.ATTACK: "A", Suit.HEALING: "H", Suit.RADIANCE: "S", Suit.VICTORY: "V",
           Suit.RAVEN: "R"}
BY_LETTER = {v: k for k, v in LETTERS.items()}

SUIT_NAMES = {
    Suit.ATTACK: ("Attack", "Атака"),
    Suit.HEALING: ("Healing", "Лечение"),
    Suit.RADIANCE: ("Radiance", "Сияние"),
    Suit.VICTORY: ("Victory", "Победа"),
    Suit.RAVEN: ("Raven", "Ворон"),
}

_SUIT_OF: tuple[Suit, ...] = tuple(SUITS[c // PER_SUIT] for c in MAIN_DECK)


def is_main(card: int) -> bool:
    return 0 <= card < 5 * PER_SUIT


def suit_of(card: int) -> Suit:
    """The suit of a main card."""
    return _SUIT_OF[card]


def card_label(card: int) -> str:
    """``A1``..``R12`` for main cards, the number for magic cards."""
    if is_main(card):
        s = _SUIT_OF[card]
        return f"{LETTERS[s]}{card % PER_SUIT + 1}"
    return str(card)


def suit_name(suit: Suit | str, lang: str = "en") -> str:
    en, ru = SUIT_NAMES[Suit(suit)]
    return ru if lang == "ru" else en


def count_suit(cards: list[int] | tuple[int, ...], suit: Suit) -> int:
    lo = SUIT_INDEX[suit] * PER_SUIT
    return sum(1 for c in cards if lo <= c < lo + PER_SUIT)
