"""The duel's legal actions in words (see :mod:`koloda.action_words`).

Cards are named as the seat's view names them (its ``cards``), in quotes after a noun, so the
name stays in the nominative whatever the sentence needs («сыграть карту «Контратака»»).

>>> from koloda.engine import load_game
>>> g = load_game("duel")
>>> s = g.new(seed=1)
>>> obs = s.observe(0)
>>> card = obs["me"]["deck"][0]
>>> describe_action(g.parse_action(f"hand {card}"), "ru", obs, [])["label"] == (
...     f"Взять в руку: «{obs['cards'][card]['name_ru']}»")
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from koloda.engine import Action
from koloda.engine.words import ActionWords
from koloda.games.duel.actions import (
    AcceptEnd,
    ChooseHand,
    DeclineEnd,
    NoSwap,
    OfferEnd,
    Play,
    Swap,
)
from koloda.games.duel.words import term_words as term_words  # the refusals' cards, weapons

_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "hand": "Take into the hand: {cards}",
        "hand_none": "Take no cards into the hand",
        "play": "Play «{card}»",
        "show": ", showing «{item}»",
        "kill": ", declaring a kill ☠",
        "offer-end": "Offer to end the duel in a draw",
        "accept-end": "Accept the draw",
        "decline-end": "Decline the draw and go on",
        "swap": "Take «{take}», give «{give}»",
        "no-swap": "Keep my cards (no swap)",
    },
    "ru": {
        "hand": "Взять в руку: {cards}",
        "hand_none": "Не брать в руку ни одной карты",
        "play": "Сыграть карту «{card}»",
        "show": ", показав предмет «{item}»",
        "kill": ", заявив убийство ☠",
        "offer-end": "Предложить закончить дуэль вничью",
        "accept-end": "Согласиться на ничью",
        "decline-end": "Отказаться от ничьей и продолжить",
        "swap": "Забрать «{take}», отдать «{give}»",
        "no-swap": "Оставить свои карты (без обмена)",
    },
}


def card_name(card: str, lang: str, observation: Mapping[str, Any]) -> str:
    """A card by its name in the seat's view (its id only if the view does not hold it)."""
    info = (observation.get("cards") or {}).get(card)
    if not info:
        return card
    return str(info["name_ru"] if lang == "ru" else info["name_en"])


def describe_action(action: Action, lang: str, observation: Mapping[str, Any],
                    names: Sequence[str] = ()) -> ActionWords:
    """``action`` in words, with its fields (see :mod:`koloda.action_words`)."""
    w = _WORDS["ru" if lang == "ru" else "en"]
    text = str(action)

    def name(c: str) -> str:
        return card_name(c, lang, observation)

    if isinstance(action, ChooseHand):
        label = (w["hand"].format(cards=", ".join(f"«{name(c)}»" for c in action.cards))
                 if action.cards else w["hand_none"])
        return {"text": text, "label": label, "kind": "hand",
                "fields": {"cards": list(action.cards)}}
    if isinstance(action, Play):
        label = w["play"].format(card=name(action.card))
        if action.show is not None:
            label += w["show"].format(item=name(action.show))
        if action.kill:
            label += w["kill"]
        return {"text": text, "label": label, "kind": "play",
                "fields": {"card": action.card, "show": action.show, "kill": action.kill}}
    if isinstance(action, Swap):
        return {"text": text, "kind": "swap",
                "label": w["swap"].format(take=name(action.take), give=name(action.give)),
                "fields": {"take": action.take, "give": action.give}}
    for cls in (OfferEnd, AcceptEnd, DeclineEnd, NoSwap):
        if isinstance(action, cls):
            return {"text": text, "label": w[text], "kind": text, "fields": {}}
    return {"text": text, "label": text, "kind": text.split(" ")[0], "fields": {}}


def choice_text(observation: Mapping[str, Any]) -> str | None:
    """The seat's own choice, face down, in this step (a hand or a round's play)."""
    me = observation.get("me") or {}
    commit = me.get("commit")
    return str(commit) if commit else None
