"""Gwent's legal actions in words (see :mod:`koloda.action_words`).

Cards are named from the printed catalogue (a card a custom deck adds keeps its id), in quotes
after a noun so the name stays in the nominative («сыграть карту «Весемир»»); suits by the
words the table uses («мечи», «луки», «осада»).

>>> from koloda.games.gwent.actions import parse_action
>>> describe_action(parse_action("throw def nr_catapult#1,nr_catapult#2"), "ru", {}, [])["label"]
'Подбросить на сторону защитника: «Катапульта», «Катапульта»'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from koloda.engine import Action, Term, Words, say_count
from koloda.engine.words import ActionWords, translated
from koloda.games.gwent.actions import (
    ChooseDeck,
    EndAction,
    Medic,
    NameSuit,
    Pass,
    Play,
    Scorch,
    Spy,
    Throw,
)

SUIT_WORDS = {
    "close": ("close combat", "мечи"),
    "ranged": ("ranged", "луки"),
    "siege": ("siege", "осада"),
}
FACTION_WORDS = {
    "northern_realms": ("Northern Realms", "Королевства Севера"),
    "nilfgaard": ("Nilfgaard", "Нильфгаард"),
    "scoiatael": ("Scoia'tael", "Скоя'таэли"),
    "monsters": ("Monsters", "Чудовища"),
}

#: The English words of the actions; other languages from the catalogues (``msgctxt
#: "gwent.action.<key>"``, Russian in ``locale/ru/LC_MESSAGES/gwent.po``).
_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "deck": "Choose the deck: {deck}",
        "play_new": "Play «{card}» as a new attack",
        "play_cover": "Play «{card}» on stack {stack}",
        "as_suit": " as {suit}",
        "decoy": " with «{decoy}» (counts twice)",
        "end": "End the action",
        "pass": "Pass",
        "name": "Name the suit of the {side}: {suit}",
        "att": "attacker's open cards",
        "def": "defender's open cards",
        "medic": "«{card}» revives {targets}",
        "spy": "Play the spy «{card}»",
        "scorch": "«{card}» executes «{target}»",
        "throw": "Throw in on the {side}: {cards}",
        "side_att": "attacker's side",
        "side_def": "defender's side",
    },
}


class _Words:
    """The action words of one language, by key (``w["end"]``)."""

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def __getitem__(self, key: str) -> str:
        return translated(f"gwent.action.{key}", _WORDS["en"][key], self.lang)


def card_name(instance: str, lang: str) -> str:
    """A card in play by its printed name (its id when the catalogue does not hold it)."""
    from koloda.games.gwent.cards import info

    try:
        return info(instance).name(lang)
    except Exception:  # a card of a custom deck: its id is all there is
        return instance


def suit_word(suit: str, lang: str) -> str:
    en, ru = SUIT_WORDS.get(suit, (suit, suit))
    return ru if lang == "ru" else en


def _listed(cards: Sequence[str], suits: Mapping[str, str], lang: str) -> str:
    w = _Words(lang)
    out = []
    for c in cards:
        text = f"«{card_name(c, lang)}»"
        if c in suits:
            text += w["as_suit"].format(suit=suit_word(suits[c], lang))
        out.append(text)
    return ", ".join(out)


def describe_action(action: Action, lang: str, observation: Mapping[str, Any],
                    names: Sequence[str] = ()) -> ActionWords:
    """``action`` in words, with its fields (see :mod:`koloda.action_words`)."""
    w = _Words(lang)
    text = str(action)
    ru = lang == "ru"
    if isinstance(action, ChooseDeck):
        en_name, ru_name = FACTION_WORDS.get(action.deck, (action.deck, action.deck))
        return {"text": text, "kind": "deck", "label": w["deck"].format(
            deck=ru_name if ru else en_name), "fields": {"deck": action.deck}}
    if isinstance(action, Play):
        key = "play_new" if action.target < 0 else "play_cover"
        label = w[key].format(card=card_name(action.card, lang), stack=action.target)
        if action.suit:
            label += w["as_suit"].format(suit=suit_word(action.suit, lang))
        if action.decoy:
            label += w["decoy"].format(decoy=card_name(action.decoy, lang))
        return {"text": text, "kind": "play", "label": label, "fields": {
            "card": action.card, "stack": None if action.target < 0 else action.target,
            "suit": action.suit or None, "decoy": action.decoy or None}}
    if isinstance(action, EndAction):
        return {"text": text, "kind": "end", "label": w["end"], "fields": {}}
    if isinstance(action, Pass):
        return {"text": text, "kind": "pass", "label": w["pass"], "fields": {}}
    if isinstance(action, NameSuit):
        side = "att" if action.side == 0 else "def"
        return {"text": text, "kind": "name", "label": w["name"].format(
            side=w[side], suit=suit_word(action.suit, lang)),
            "fields": {"side": side, "suit": action.suit}}
    if isinstance(action, Medic):
        card = f"«{card_name(action.card, lang)}»"
        if action.decoy:
            card += w["decoy"].format(decoy=card_name(action.decoy, lang))
        return {"text": text, "kind": "medic", "label": w["medic"].format(
            card=card, targets=_listed(action.targets, dict(action.suits), lang)),
            "fields": {"card": action.card, "targets": list(action.targets),
                       "decoy": action.decoy or None, "suits": dict(action.suits)}}
    if isinstance(action, Spy):
        return {"text": text, "kind": "spy", "label": w["spy"].format(
            card=card_name(action.card, lang)), "fields": {"card": action.card}}
    if isinstance(action, Scorch):
        return {"text": text, "kind": "scorch", "label": w["scorch"].format(
            card=card_name(action.card, lang), target=card_name(action.target, lang)),
            "fields": {"card": action.card, "target": action.target}}
    if isinstance(action, Throw):
        side = "att" if action.side == 0 else "def"
        return {"text": text, "kind": "throw", "label": w["throw"].format(
            side=w[f"side_{side}"], cards=_listed(action.cards, dict(action.suits), lang)),
            "fields": {"side": side, "cards": list(action.cards), "suits": dict(action.suits)}}
    return {"text": text, "label": text, "kind": text.split(" ")[0], "fields": {}}


#: A side of the exchange after «сторона» (the genitive: «на стороне атакующего»).
SIDE_GENITIVE = {"att": "атакующего", "def": "защитника"}


def term_words(term: Term, lang: str) -> str | Words | None:
    """A :class:`~koloda.engine.Term` of Gwent's refusals and results in ``lang`` (None: its
    English words): a card by its printed name in quotes, a deck by its faction's title, a suit
    by the table's word, a side of the exchange in the genitive, a count with its noun in the
    right plural form.

    >>> term_words(Term("card", "nr_ves#1", "nr_ves#1"), "ru")
    '«Бьянка»'
    >>> from koloda.action_words import refusal_text
    >>> from koloda.engine import say
    >>> refusal_text("gwent", say("x", "{t}", t=Term("first_units", "4", "4")), "ru")
    'первые 4 подходящие карты (или группы)'
    """
    if lang == "en":
        return None
    from koloda.games.gwent.titles import deck_title
    ru = lang == "ru"
    if term.kind == "card":
        return f"«{card_name(term.id, lang)}»"
    if term.kind == "deck":
        return deck_title(term.id, lang)
    if term.kind == "suit":
        return suit_word(term.id, lang) if term.id in SUIT_WORDS else None
    if term.kind == "side":
        return SIDE_GENITIVE.get(term.id) if ru else None
    if term.kind == "first_units" and term.id.isdigit():
        return say_count("gwent.first_units_n", "the first {n} matching card (or group)",
                         "the first {n} matching cards (or groups)", int(term.id))
    return None


def preview_action(state: Any, seat: int, text: str) -> dict[str, Any] | None:
    """The damage a play leaves on its stack: ``{"damage": 3.0, "against": "you" | "them"}``,
    worked out on a copy of the state (the play's own effect on cards already on the table;
    nothing of what the play would make happen next — a throw-in, the next exchange, a deal —
    is looked at). None for other actions, or when the play closes the exchange."""
    from koloda.games.gwent.actions import Medic, NameSuit, Play, Scorch, Spy, Throw, parse_action

    action = parse_action(text)
    if isinstance(action, Medic | NameSuit | Scorch | Spy | Throw):
        return _sides_preview(state, seat, action)
    if not isinstance(action, Play):
        return None
    seen = _exchange_after(state, seat, action)
    if seen is None:
        return None
    after = seen[1]
    mine = 0 if after.get("attacker") == seat else 1
    for stack in after.get("stacks", []):
        if any(action.card in layer["cards"] for layer in stack["layers"]):
            return {"damage": float(stack["damage"]),
                    "against": "you" if stack["presses_on"] == mine else "them"}
    return None


def _exchange_after(state: Any, seat: int, action: Action
                    ) -> tuple[Mapping[str, Any], Mapping[str, Any]] | None:
    """The exchange as ``seat`` sees it before and after its ``action``, carried out on a copy
    of the state; None when the engine refuses it or it closes the exchange."""
    before = state.observe(seat).get("exchange") or {}
    copy = state.clone()
    try:
        copy.apply(seat, action)
    except Exception:  # the engine refuses it: no preview
        return None
    after = copy.observe(seat).get("exchange") or {}
    if not after or after.get("number") != before.get("number"):
        return None
    return before, after


def _sides_preview(state: Any, seat: int, action: Action) -> dict[str, Any] | None:
    """What a choice other than a play (a revival, a trump named, an execution, a spy, a
    throw-in) does to the damage pressing on each side of the exchange:
    ``{"was": [on the attacker, on the defender], "now": […], "mine": 0 | 1 | None}`` (the
    side ``seat`` is, None when it is neither), from the stacks ``seat`` sees before and after
    on a copy; None when nothing changes or the choice closes the exchange."""
    seen = _exchange_after(state, seat, action)
    if seen is None or not seen[0]:
        return None
    before, after = seen

    def sides(exchange: Mapping[str, Any]) -> list[float]:
        out = [0.0, 0.0]
        for stack in exchange.get("stacks", []):
            if stack["presses_on"] in (0, 1):
                out[stack["presses_on"]] += float(stack["damage"])
        return out

    was, now = sides(before), sides(after)
    if was == now:
        return None
    mine = 0 if after.get("attacker") == seat else 1 if after.get("defender") == seat else None
    return {"was": was, "now": now, "mine": mine}
