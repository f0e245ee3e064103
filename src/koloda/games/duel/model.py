"""Plain data of a duel: its phases, how it ended, a revealed round, and the sizes the rules
fix. Nothing here knows the state class, so every rules module can import it."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

#: The largest hand («от 0 до 5 боевых карт»), and the attacker's exact hand size.
MAX_HAND = 5
#: The two duellists' seats.
SEATS = (0, 1)
_FIRST, _SECOND, _NOBODY = (0,), (1,), ()


def round_seats(hands: list[list[str]]) -> tuple[int, ...]:
    """The seats of a round's simultaneous step: the duellists with cards in hand («Если у
    игрока есть карта на руке - он обязан ее сыграть»; one with none plays no card)."""
    if hands[0]:
        return SEATS if hands[1] else _FIRST
    return _SECOND if hands[1] else _NOBODY


class Phase(StrEnum):
    CHOOSE_HAND = "choose_hand"  # выбор руки
    ROUNDS = "rounds"  # раунды
    SWAP = "swap"  # обмен картой победителем
    OVER = "over"


class EndReason(StrEnum):
    WON = "won"
    OUT_OF_CARDS = "out_of_cards"  # у обоих закончились карты
    AGREEMENT = "agreement"  # по обоюдному соглашению сторон


@dataclass(frozen=True)
class RoundRecord:
    """One revealed round: each seat's card (None: no card), the item it showed, whether it
    declared a kill, and the round's winner (None: nobody)."""

    cards: tuple[str | None, str | None]
    shown: tuple[str | None, str | None]
    kills: tuple[bool, bool]
    winner: int | None


def two_lists() -> list[list[str]]:
    """A fresh pair of empty zones, one per seat."""
    return [[], []]
