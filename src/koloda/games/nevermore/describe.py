"""Nevermore's events in words (English and Russian), for logs a person reads.

Seats are named as players see them: seat 0 is "Player 1" («Игрок 1»). Main cards are named by
their suits with a symbol, counted («⚔ Атака ×2»: the cards of a suit are alike, the labels
``A1``..``R12`` of the action texts only tell copies apart); magic cards by their names in the
chosen language. A line says no more than its event's audience may know: the magic cards a
player drew are named only in that player's private event (:class:`~.events.NmMagicCards`);
the public one (:class:`~.events.NmMagicDrawn`) gives the count and the deck.

A draw names its cards by the names the event carries from the game's magic set (Koloda's own
or a custom one); an event without them (built by hand) is named from Koloda's own set, and an id
that set does not hold is shown as "magic card N".

>>> describe_event(E.NmWon(2, "the last player in human form"), "ru")
'Игрок 3 побеждает: последний игрок в обличии человека'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from koloda.engine.errors import Term, Words, say
from koloda.engine.events import Event
from koloda.engine.state import Action
from koloda.engine.words import ActionWords
from koloda.games.nevermore import events as E
from koloda.games.nevermore.cards import card_label, is_main, suit_name, suit_of
from koloda.games.nevermore.magic import SHADOW_BASE, koloda_set

_ICONS = {"attack": "⚔", "healing": "♥", "radiance": "✺", "victory": "♛", "raven": "✒"}


def _cards(cards: tuple[int, ...], lang: str = "en") -> str:
    """Main cards by suit, as a person counts them: «⚔ Атака ×2, ✒ Ворон» (the cards of a
    suit are alike; their labels only tell the copies apart)."""
    counts: dict[str, int] = {}
    for c in sorted(cards):
        if not is_main(c):
            counts[card_label(c)] = counts.get(card_label(c), 0) + 1
            continue
        suit = suit_of(c)
        key = f"{_ICONS.get(suit.value, '')} {suit_name(suit, lang)}".strip()
        counts[key] = counts.get(key, 0) + 1
    return ", ".join(k if n == 1 else f"{k} ×{n}" for k, n in counts.items()) or "-"


def _suit(suit: str, lang: str) -> str:
    if suit == "skulking":
        return "скрытые вороны" if lang == "ru" else "skulking ravens"
    return suit_name(suit, lang)


def _p(seat: int, lang: str = "en") -> str:
    """A seat as players count them: seat 0 is Player 1 («Игрок 1»)."""
    return f"Игрок {seat + 1}" if lang == "ru" else f"Player {seat + 1}"


def _to(seat: int) -> str:
    """«игроку N+1» (dative)."""
    return f"игроку {seat + 1}"


def _seats(seats: tuple[int, ...], lang: str) -> str:
    return ", ".join(_p(s, lang) for s in seats) or "-"


def _deck_word(card_or_deck: int | str, lang: str) -> str:
    shadow = (card_or_deck == "shadow" if isinstance(card_or_deck, str)
              else card_or_deck >= SHADOW_BASE)
    if lang == "ru":
        return "Магии Тени" if shadow else "Магии Света"
    return "Shadow" if shadow else "Light"


def _magic(card: int, lang: str) -> str:
    """A drawn magic card by its name in Koloda's set, or "magic card N"."""
    try:
        kind = koloda_set().card(card)
    except (KeyError, IndexError):
        return f"карта {_deck_word(card, lang)} {card}" if lang == "ru" else \
            f"{_deck_word(card, lang)} magic card {card}"
    return (kind.name_ru or kind.name_en) if lang == "ru" else kind.name_en


def _magics(cards: tuple[int, ...], lang: str) -> str:
    return ", ".join(_magic(c, lang) for c in cards) or "-"


def _drawn(e: Any, lang: str) -> str:
    """The cards of a draw by the names the event carries (the game's own set), else by
    Koloda's set."""
    names = e.names_ru if lang == "ru" else e.names_en
    if len(names) == len(e.cards) and names:
        return ", ".join(names)
    return _magics(e.cards, lang)


#: Why victory points were gained (the reason the rules give), in Russian.
_VP_RU = {
    "turned a player into a raven": "превратил игрока в ворона",
    "conspiracy": "стая воронов",
    "healing 3 or more": "лечение на 3 и больше",
    "healing at full health": "лечение при полном здоровье",
    "victory": "масть Победа",
    "five radiance": "пять карт Сияния",
    "attack on everyone": "удар по всем",
}

#: Why a player won, in Russian (``{n} VP in human form`` is matched separately).
_WON_RU = {
    "the last player in human form": "последний игрок в обличии человека",
    "a peck removed every remaining human": "клевок не оставил ни одного человека",
}
_VP_IN_HUMAN_FORM = re.compile(r"(\d+) VP in human form")


def _vp_reason(reason: str, lang: str) -> str:
    if reason.startswith("magic "):
        return "карта магии" if lang == "ru" else "a magic card"
    if lang == "ru":
        return _VP_RU.get(reason, "")
    return reason


def _won_reason(reason: str, lang: str) -> str:
    if lang != "ru":
        return reason
    m = _VP_IN_HUMAN_FORM.fullmatch(reason)
    if m:
        return f"{m.group(1)} ПО в обличии человека"
    return _WON_RU.get(reason, "")


def _magic_played(e: E.NmMagicPlayed, lang: str) -> str:
    if lang == "ru":
        name, title = e.name_ru or e.name_en or e.key, e.set_ru
        return (f"{_p(e.seat, lang)} разыгрывает «{name}»"
                + (f" [{title}]" if title else "")
                + (f" на игрока {e.target + 1}" if e.target >= 0 else "")
                + (" (текст ворона)" if e.raven_text else ""))
    return (f"{_p(e.seat)} plays {e.name_en or e.key}"
            + (f" [{e.set_en}]" if e.set_en else "")
            + (f" on Player {e.target + 1}" if e.target >= 0 else "")
            + (" (raven text)" if e.raven_text else ""))


def _damaged(e: E.NmDamaged, lang: str) -> str:
    if lang == "ru":
        return (f"{_p(e.seat, lang)} получает повреждений: {e.amount - e.prevented}"
                + (f" ({e.prevented} предотвращено)" if e.prevented else "")
                + f", здоровье {e.health}")
    return (f"{_p(e.seat)} takes {e.amount - e.prevented} damage"
            + (f" ({e.prevented} prevented)" if e.prevented else "")
            + f", health {e.health}")


def _vp(e: E.NmVictoryPoints, lang: str) -> str:
    why = _vp_reason(e.reason, lang)
    if lang == "ru":
        return (f"{_p(e.seat, lang)} получает {e.amount} ПО" + (f" ({why})" if why else "")
                + f", всего {e.total}")
    return f"{_p(e.seat)} gains {e.amount} VP" + (f" ({why})" if why else "") + \
        f", {e.total} VP"


def won_words(seat: int, reason: str) -> Words:
    """Who won and why, as words any language can have (``summary.nevermore.*``); the
    English reads as the log's line does.

    >>> str(won_words(2, "7 VP in human form"))
    'Player 3 wins: 7 VP in human form'
    """
    who = Term("seat", str(seat), _p(seat))
    m = _VP_IN_HUMAN_FORM.fullmatch(reason)
    why: Words | None = None
    if m:
        why = say("nevermore.won_vp", "{n} VP in human form", n=int(m.group(1)))
    elif reason == "the last player in human form":
        why = say("nevermore.won_last_human", "the last player in human form")
    elif reason == "a peck removed every remaining human":
        why = say("nevermore.won_peck", "a peck removed every remaining human")
    if why is None:
        if reason:  # a reason this module does not know: its English words
            return say("nevermore.won_because", "{seat} wins: {why}", seat=who, why=reason)
        return say("nevermore.won_plain", "{seat} wins", seat=who)
    return say("nevermore.won_because", "{seat} wins: {why}", seat=who, why=why)


def term_words(term: Term, lang: str) -> str | None:
    """The terms Nevermore's refusals name, in ``lang`` (see :mod:`koloda.action_words`): a
    main card by its suit («⚔ Атака»), a magic card by its name in the game's set; None: the
    term's English.

    >>> term_words(Term("card", "13", "13"), "ru")
    '«♥ Лечение»'
    """
    if lang == "en":
        return None
    if term.kind == "card" and term.id.isdigit() and is_main(int(term.id)):
        return f"«{main_card_words(int(term.id), lang)}»"
    if term.kind == "magic" and lang == "ru":
        name = term.id.partition("|")[2]
        return f"«{name}»" if name else None
    return None


def _won(e: E.NmWon, lang: str) -> str:
    why = _won_reason(e.reason, lang)
    if lang == "ru":
        return f"{_p(e.seat, lang)} побеждает" + (f": {why}" if why else "")
    return f"{_p(e.seat)} wins" + (f": {why}" if why else "")


_EN: dict[type[Event], Callable[[Any], str]] = {
    E.NmDealerChosen: lambda e: f"cards turned until a raven: {_p(e.dealer)} deals first",
    E.NmRoundStarted: lambda e: (f"round {e.round}: {_p(e.dealer)} deals, "
                                 f"passing {e.direction}"),
    E.NmDealt: lambda e: f"{_p(e.seat)} is dealt {_cards(e.cards)}",
    E.NmPassed: lambda e: f"{_p(e.seat)} passes {_cards(e.cards)} to {_p(e.receiver)}",
    E.NmPassDone: lambda e: f"pass {e.pass_no}: everyone passed {e.count} card(s)",
    E.NmFinalHands: lambda e: "the draft is over: final drafted hands",
    E.NmTokenFlipped: lambda e: f"token {e.index + 1} is {suit_name(e.suit)}",
    E.NmConspiracy: lambda e: f"{_p(e.seat)} reveals a Conspiracy of ravens",
    E.NmDamaged: lambda e: _damaged(e, "en"),
    E.NmHealed: lambda e: f"{_p(e.seat)} heals {e.amount}, health {e.health}",
    E.NmVictoryPoints: lambda e: _vp(e, "en"),
    E.NmBecameRaven: lambda e: f"{_p(e.seat)} turns into a raven",
    E.NmReturnedHuman: lambda e: f"{_p(e.seat)} returns to human form with {e.health} health",
    E.NmAttackAll: lambda e: f"{_p(e.seat)} strikes everyone",
    E.NmPecked: lambda e: f"{_p(e.seat)} pecks {_seats(e.targets, 'en')}",
    E.NmMagicDrawn: lambda e: (f"{_p(e.seat)} draws {e.count} "
                               f"{_deck_word(e.deck, 'en')} magic card(s)"),
    E.NmMagicCards: lambda e: f"{_p(e.seat)} draws {_drawn(e, 'en')}",
    E.NmMagicReshuffled: lambda e: f"the {_deck_word(e.deck, 'en')} magic discards are reshuffled",
    E.NmMagicPlayed: lambda e: _magic_played(e, "en"),
    E.NmShielded: lambda e: f"{_p(e.seat)} is shielded from {e.amount} damage",
    E.NmSuitDiscarded: lambda e: f"every {suit_name(e.suit)} card in hand is discarded",
    E.NmHandsPassed: lambda e: f"{_p(e.seat)} passes their hand to {_p(e.receiver)}",
    E.NmVpStolen: lambda e: f"{_p(e.seat)} takes {e.amount} VP from {_p(e.victim)}",
    E.NmRoundEnded: lambda e: f"round {e.round} ends",
    E.NmMainReshuffled: lambda e: f"the {e.count} discarded cards are shuffled into the deck",
    E.NmWon: lambda e: _won(e, "en"),
    E.NmStopped: lambda e: f"the game stops after round {e.round} without a winner",
}

_RU: dict[type[Event], Callable[[Any], str]] = {
    E.NmDealerChosen: lambda e: f"карты открыты до ворона: первым раздаёт {_p(e.dealer, 'ru')}",
    E.NmRoundStarted: lambda e: (f"раунд {e.round}: раздаёт {_p(e.dealer, 'ru')}, передача "
                                 + ("налево" if e.direction == "left" else "направо")),
    E.NmDealt: lambda e: f"{_to(e.seat).capitalize()} розданы {_cards(e.cards, 'ru')}",
    E.NmPassed: lambda e: (f"{_p(e.seat, 'ru')} передаёт {_cards(e.cards, 'ru')} "
                           f"{_to(e.receiver)}"),
    E.NmPassDone: lambda e: f"передача {e.pass_no}: каждый передал карт: {e.count}",
    E.NmFinalHands: lambda e: "драфт окончен: на руках последний драфт",
    E.NmTokenFlipped: lambda e: f"жетон {e.index + 1}: {suit_name(e.suit, 'ru')}",
    E.NmConspiracy: lambda e: f"{_p(e.seat, 'ru')} раскрывает стаю воронов",
    E.NmDamaged: lambda e: _damaged(e, "ru"),
    E.NmHealed: lambda e: f"{_p(e.seat, 'ru')} лечится на {e.amount}, здоровье {e.health}",
    E.NmVictoryPoints: lambda e: _vp(e, "ru"),
    E.NmBecameRaven: lambda e: f"{_p(e.seat, 'ru')} превращается в ворона",
    E.NmReturnedHuman: lambda e: (f"{_p(e.seat, 'ru')} возвращается в обличие человека, "
                                  f"здоровье {e.health}"),
    E.NmAttackAll: lambda e: f"{_p(e.seat, 'ru')} наносит повреждение всем",
    E.NmPecked: lambda e: f"{_p(e.seat, 'ru')} клюёт: {_seats(e.targets, 'ru')}",
    E.NmMagicDrawn: lambda e: (f"{_p(e.seat, 'ru')} берёт карты {_deck_word(e.deck, 'ru')}: "
                               f"{e.count}"),
    E.NmMagicCards: lambda e: f"{_p(e.seat, 'ru')} берёт магию: {_drawn(e, 'ru')}",
    E.NmMagicReshuffled: lambda e: (f"сброс {_deck_word(e.deck, 'ru')} перемешан "
                                    "в новую колоду"),
    E.NmMagicPlayed: lambda e: _magic_played(e, "ru"),
    E.NmShielded: lambda e: f"{_p(e.seat, 'ru')} защищён от {e.amount} повреждений",
    E.NmSuitDiscarded: lambda e: f"все карты масти {suit_name(e.suit, 'ru')} на руках сброшены",
    E.NmHandsPassed: lambda e: f"{_p(e.seat, 'ru')} передаёт руку {_to(e.receiver)}",
    E.NmVpStolen: lambda e: (f"{_p(e.seat, 'ru')} забирает {e.amount} ПО у игрока "
                             f"{e.victim + 1}"),
    E.NmRoundEnded: lambda e: f"раунд {e.round} окончен",
    E.NmMainReshuffled: lambda e: f"сброс ({e.count} карт) замешан в основную колоду",
    E.NmWon: lambda e: _won(e, "ru"),
    E.NmStopped: lambda e: f"игра остановлена после раунда {e.round} без победителя",
}


def _counts(counts: tuple[int, ...], lang: str) -> str:
    return ", ".join(f"{_p(p, lang)} — {c}" for p, c in enumerate(counts))


def _revealed(e: E.NmRevealed, lang: str) -> str:
    if lang == "ru":
        return (f"раскрытие «{_suit(e.suit, lang)}»: " + _counts(e.counts, lang)
                + (f"; лидеры: {_seats(e.leaders, lang)} (+{e.amount})" if e.leaders else ""))
    return (f"{_suit(e.suit, lang)} revealed: " + _counts(e.counts, lang)
            + (f"; leaders: {_seats(e.leaders, lang)} (+{e.amount})" if e.leaders else ""))


def _skulking(e: E.NmSkulking, lang: str) -> str:
    word = "скрытые вороны" if lang == "ru" else "skulking ravens"
    return (f"{word}: {_counts(e.counts, lang)}"
            + (f" → {_seats(e.leaders, lang)} (+{e.amount})" if e.leaders else ""))


def describe_event(event: Event, lang: str = "en") -> str:
    """One line of the log in words (``lang="ru"`` or English)."""
    if isinstance(event, E.NmRevealed):
        return _revealed(event, lang)
    if isinstance(event, E.NmSkulking):
        return _skulking(event, lang)
    table = _RU if lang == "ru" else _EN
    fn = table.get(type(event))
    if fn is None:
        return event.kind_name()
    return fn(event)


# --- legal actions in words (see koloda.action_words) -------------------------------------------

_ACT_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "pass": "Pass {cards} on",
        "commit": "Lay out your {suit} cards",
        "commit_none": "Lay out your {suit} cards (you have none)",
        "ravens": ", {n} raven(s) cancelling as many",
        "with_magic": ", adding {magic}",
        "play": "Play «{card}»",
        "on": " on player {seat}",
        "attack": "Strike player {seat}",
        "attack_all": "Strike everyone (1 damage each, 2 VP)",
        "peck": "Peck",
        "done": "Nothing to play: go on",
    },
    "ru": {
        "pass": "Передать {cards}",
        "commit": "Выложить карты масти «{suit}»",
        "commit_none": "Выложить карты масти «{suit}» (у вас их нет)",
        "ravens": ", воронов: {n} — столько же карт отменено",
        "with_magic": ", добавив {magic}",
        "play": "Сыграть «{card}»",
        "on": " на игрока {seat}",
        "attack": "Ударить игрока {seat}",
        "attack_all": "Ударить всех (по 1 повреждению, 2 ПО)",
        "peck": "Клюнуть",
        "done": "Ничего не играть: дальше",
    },
}


def main_card_words(card: int, lang: str) -> str:
    """A main card by its suit with its symbol (the number only tells the copies apart)."""
    from koloda.games.nevermore.cards import suit_of

    icons = {"attack": "⚔", "healing": "♥", "radiance": "✺", "victory": "♛", "raven": "✒"}
    suit = suit_of(card)
    return f"{icons.get(str(suit.value), '')} {suit_name(suit, lang)}".strip()


def _magic_name(card: int, lang: str, observation: Mapping[str, Any]) -> str:
    you = observation.get("you") or {}
    for m in you.get("magic", []):
        if int(m.get("id", -1)) == card:
            return str((m.get("name_ru") or m.get("name_en")) if lang == "ru" else m.get("name_en"))
    return _magic(card, lang)


def describe_action(action: Action, lang: str, observation: Mapping[str, Any],
                    names: Sequence[str] = ()) -> ActionWords:
    """A legal action in words, with its fields (see :mod:`koloda.action_words`)."""
    from koloda.engine.words import seat_after_noun
    from koloda.games.nevermore import actions as A

    w = _ACT_WORDS["ru" if lang == "ru" else "en"]
    text = str(action)
    obs = observation
    if isinstance(action, A.Pass):
        listed = ", ".join(main_card_words(c, lang) for c in action.cards)
        return {"text": text, "kind": "pass", "label": w["pass"].format(cards=listed),
                "fields": {"cards": list(action.cards)}}
    if isinstance(action, A.Commit):
        step = str(obs.get("step") or "")
        suit = _suit(step, lang) if step else "?"
        hand = [c for c in ((obs.get("you") or {}).get("hand") or [])
                if c.get("suit") == step]
        label = w["commit" if hand or not step else "commit_none"].format(suit=suit)
        if action.ravens:
            label += w["ravens"].format(n=action.ravens)
        if action.magic:
            label += w["with_magic"].format(magic=", ".join(
                f"«{_magic_name(c, lang, obs)}»" for c in action.magic))
        return {"text": text, "kind": "commit", "label": label,
                "fields": {"suit": step or None, "ravens": action.ravens,
                           "magic": list(action.magic)}}
    if isinstance(action, A.Play):
        label = w["play"].format(card=_magic_name(action.card, lang, obs))
        if action.target >= 0:
            label += w["on"].format(seat=seat_after_noun(names, action.target, lang))
        return {"text": text, "kind": "play", "label": label,
                "fields": {"card": action.card,
                           "target": action.target if action.target >= 0 else None}}
    if isinstance(action, A.Attack):
        label = (w["attack_all"] if action.target < 0
                 else w["attack"].format(seat=seat_after_noun(names, action.target, lang)))
        return {"text": text, "kind": "attack", "label": label,
                "fields": {"target": action.target if action.target >= 0 else None}}
    if isinstance(action, A.Peck):
        return {"text": text, "kind": "peck", "label": w["peck"], "fields": {}}
    if isinstance(action, A.Done):
        return {"text": text, "kind": "done", "label": w["done"], "fields": {}}
    return {"text": text, "label": text, "kind": text.split(" ")[0], "fields": {}}


def auto_action(actions: Sequence[Action], observation: Mapping[str, Any]) -> Action | None:
    """A seat's automatic pass: «done» in a magic window (every player holding magic is asked
    in every window, so passing each one unasked follows from the setting alone, never from
    the cards held). Replies to a blow («react») are always the player's own choice."""
    from koloda.games.nevermore.actions import Done

    if observation.get("stage") != "magic":
        return None
    return next((a for a in actions if isinstance(a, Done)), None)


def choice_text(observation: Mapping[str, Any]) -> str | None:
    """The seat's own hidden decision in this step."""
    you = observation.get("you") or {}
    choice = you.get("choice")
    return str(choice) if choice else None
