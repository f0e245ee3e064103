"""Nevermore's events in words (English and Russian), for logs a person reads."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from koloda.engine.events import Event
from koloda.games.nevermore import events as E
from koloda.games.nevermore.cards import card_label, suit_name


def _cards(cards: tuple[int, ...]) -> str:
    return " ".join(card_label(c) for c in cards) or "-"


def _suit(suit: str, lang: str) -> str:
    if suit == "skulking":
        return "скрытые вороны" if lang == "ru" else "skulking ravens"
    return suit_name(suit, lang)


def _seats(seats: tuple[int, ...]) -> str:
    return ", ".join(str(s) for s in seats) or "-"


_EN: dict[type[Event], Callable[[Any], str]] = {
    E.NmDealerChosen: lambda e: f"cards turned until a raven: seat {e.dealer} deals first",
    E.NmRoundStarted: lambda e: f"round {e.round}: seat {e.dealer} deals, passing {e.direction}",
    E.NmDealt: lambda e: f"seat {e.seat} is dealt {_cards(e.cards)}",
    E.NmPassed: lambda e: f"seat {e.seat} passes {_cards(e.cards)} to seat {e.receiver}",
    E.NmPassDone: lambda e: f"pass {e.pass_no}: everyone passed {e.count} card(s)",
    E.NmFinalHands: lambda e: "the draft is over: final drafted hands",
    E.NmTokenFlipped: lambda e: f"token {e.index + 1} is {suit_name(e.suit)}",
    E.NmConspiracy: lambda e: f"seat {e.seat} reveals a Conspiracy of ravens",
    E.NmDamaged: lambda e: (f"seat {e.seat} takes {e.amount - e.prevented} damage"
                            + (f" ({e.prevented} prevented)" if e.prevented else "")
                            + f", health {e.health}"),
    E.NmHealed: lambda e: f"seat {e.seat} heals {e.amount}, health {e.health}",
    E.NmVictoryPoints: lambda e: f"seat {e.seat} gains {e.amount} VP ({e.reason}), {e.total} VP",
    E.NmBecameRaven: lambda e: f"seat {e.seat} turns into a raven",
    E.NmReturnedHuman: lambda e: f"seat {e.seat} returns to human form with {e.health} health",
    E.NmAttackAll: lambda e: f"seat {e.seat} strikes everyone",
    E.NmPecked: lambda e: f"seat {e.seat} pecks {_seats(e.targets)}",
    E.NmMagicDrawn: lambda e: f"seat {e.seat} draws {e.count} {e.deck} magic card(s)",
    E.NmMagicCards: lambda e: f"seat {e.seat} draws magic {_cards(e.cards)}",
    E.NmMagicReshuffled: lambda e: f"the {e.deck} magic discards are reshuffled",
    E.NmMagicPlayed: lambda e: (f"seat {e.seat} plays {e.name_en or e.key}"
                                + (f" [{e.set_en}]" if e.set_en else "")
                                + (f" on seat {e.target}" if e.target >= 0 else "")
                                + (" (raven text)" if e.raven_text else "")),
    E.NmShielded: lambda e: f"seat {e.seat} is shielded from {e.amount} damage",
    E.NmSuitDiscarded: lambda e: f"every {suit_name(e.suit)} card in hand is discarded",
    E.NmHandsPassed: lambda e: f"seat {e.seat} passes its hand to seat {e.receiver}",
    E.NmVpStolen: lambda e: f"seat {e.seat} takes {e.amount} VP from seat {e.victim}",
    E.NmRoundEnded: lambda e: f"round {e.round} ends",
    E.NmMainReshuffled: lambda e: f"the {e.count} discarded cards are shuffled into the deck",
    E.NmWon: lambda e: f"seat {e.seat} wins: {e.reason}",
    E.NmStopped: lambda e: f"the game stops after round {e.round} without a winner",
}

_RU: dict[type[Event], Callable[[Any], str]] = {
    E.NmDealerChosen: lambda e: f"карты открыты до ворона: первым раздаёт игрок {e.dealer}",
    E.NmRoundStarted: lambda e: (f"раунд {e.round}: раздаёт игрок {e.dealer}, передача "
                                 + ("налево" if e.direction == "left" else "направо")),
    E.NmDealt: lambda e: f"игроку {e.seat} розданы {_cards(e.cards)}",
    E.NmPassed: lambda e: f"игрок {e.seat} передаёт {_cards(e.cards)} игроку {e.receiver}",
    E.NmPassDone: lambda e: f"передача {e.pass_no}: все передали по {e.count}",
    E.NmFinalHands: lambda e: "драфт окончен: последний драфт на руках",
    E.NmTokenFlipped: lambda e: f"жетон {e.index + 1}: {suit_name(e.suit, 'ru')}",
    E.NmConspiracy: lambda e: f"у игрока {e.seat} стая воронов",
    E.NmDamaged: lambda e: (f"игрок {e.seat} получает {e.amount - e.prevented} повреждений"
                            + (f" ({e.prevented} предотвращено)" if e.prevented else "")
                            + f", здоровье {e.health}"),
    E.NmHealed: lambda e: f"игрок {e.seat} лечится на {e.amount}, здоровье {e.health}",
    E.NmVictoryPoints: lambda e: f"игрок {e.seat} получает {e.amount} ПО, всего {e.total}",
    E.NmBecameRaven: lambda e: f"игрок {e.seat} превращается в ворона",
    E.NmReturnedHuman: lambda e: f"игрок {e.seat} возвращается в обличие человека ({e.health})",
    E.NmAttackAll: lambda e: f"игрок {e.seat} наносит повреждение всем",
    E.NmPecked: lambda e: f"игрок {e.seat} клюёт: {_seats(e.targets)}",
    E.NmMagicDrawn: lambda e: (f"игрок {e.seat} берёт карт магии "
                               + ("Света" if e.deck == "light" else "Тени") + f": {e.count}"),
    E.NmMagicCards: lambda e: f"игрок {e.seat} берёт магию {_cards(e.cards)}",
    E.NmMagicReshuffled: lambda e: "сброс магии перемешан в новую колоду",
    E.NmMagicPlayed: lambda e: (f"игрок {e.seat} разыгрывает {e.name_ru or e.key}"
                                + (f" [{e.set_ru}]" if e.set_ru else "")
                                + (f" на игрока {e.target}" if e.target >= 0 else "")
                                + (" (текст ворона)" if e.raven_text else "")),
    E.NmShielded: lambda e: f"игрок {e.seat} защищён от {e.amount} повреждений",
    E.NmSuitDiscarded: lambda e: f"все карты масти {suit_name(e.suit, 'ru')} на руках сброшены",
    E.NmHandsPassed: lambda e: f"игрок {e.seat} передаёт руку игроку {e.receiver}",
    E.NmVpStolen: lambda e: f"игрок {e.seat} забирает {e.amount} ПО у игрока {e.victim}",
    E.NmRoundEnded: lambda e: f"раунд {e.round} окончен",
    E.NmMainReshuffled: lambda e: f"сброс ({e.count} карт) замешан в основную колоду",
    E.NmWon: lambda e: f"игрок {e.seat} побеждает",
    E.NmStopped: lambda e: f"игра остановлена после раунда {e.round} без победителя",
}


def _revealed(e: E.NmRevealed, lang: str) -> str:
    parts = [f"{p}:{c}" for p, c in enumerate(e.counts)]
    if lang == "ru":
        return (f"раскрытие «{_suit(e.suit, lang)}»: " + " ".join(parts)
                + (f"; лидеры {_seats(e.leaders)} (+{e.amount})" if e.leaders else ""))
    return (f"{_suit(e.suit, lang)} revealed: " + " ".join(parts)
            + (f"; leaders {_seats(e.leaders)} (+{e.amount})" if e.leaders else ""))


def _skulking(e: E.NmSkulking, lang: str) -> str:
    parts = " ".join(f"{p}:{c}" for p, c in enumerate(e.counts))
    word = "скрытые вороны" if lang == "ru" else "skulking ravens"
    return f"{word}: {parts}" + (f" → {_seats(e.leaders)} (+{e.amount})" if e.leaders else "")


def describe_event(event: Event, lang: str = "en") -> str:
    """One line of the log in words."""
    if isinstance(event, E.NmRevealed):
        return _revealed(event, lang)
    if isinstance(event, E.NmSkulking):
        return _skulking(event, lang)
    table = _RU if lang == "ru" else _EN
    fn = table.get(type(event))
    if fn is None:
        return event.kind_name()
    return fn(event)
