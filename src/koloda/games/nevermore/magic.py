"""Magic cards (карты Магии Света и Тени) as data over a closed set of effect verbs.

The publisher's Light and Shadow cards are not reproduced: Koloda ships its own original set
(``data/koloda_magic.json``, labelled "Koloda's set" wherever a player sees it), and players may
load their own set with :func:`load_magic_set` (the format is documented in
``docs/nevermore-magic.md``).

A card has a *timing* (когда разыгрывать):

- ``"anytime"``: «Разыграть в любое время», at every magic window (the windows between two
  draft passes included) and in reply to a blow that would turn its holder into a raven;
- ``"draft"``: during the draft (the window before the first pass);
- ``"before:STEP"`` / ``"after:STEP"``: around a step, STEP one of attack, healing, radiance,
  victory, skulking;
- ``"suit"``: a card that looks like a suit card; it is added at the commit of that suit's step.

and an *effect* (a list of verbs), an optional *raven effect* (текст с символом ворона) used
instead of the effect when its holder is in raven form, and a number of copies.

>>> s = load_magic_set('{"name": "mini", "cards": [{"key": "w", "deck": "light", "copies": 2,'
...     ' "name_en": "Ward", "name_ru": "Оберег", "timing": "anytime",'
...     ' "effect": [{"verb": "shield", "amount": 1}]},'
...     ' {"key": "h", "deck": "shadow", "copies": 1, "name_en": "Hex", "name_ru": "Порча",'
...     ' "timing": "anytime", "effect": [{"verb": "shield", "amount": 1}]}]}')
>>> s.light_ids, s.card(101).name_en, s.shadow_ids
((100, 101), 'Ward', (200,))
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from enum import StrEnum
from functools import cache, cached_property
from importlib import resources
from typing import Any

from koloda.engine.errors import InvalidData, Words, say, say_count
from koloda.games.nevermore.cards import Suit

STEPS = ("attack", "healing", "radiance", "victory", "skulking")
LIGHT_BASE = 100
SHADOW_BASE = 200
MAX_PER_DECK = 99


class Deck(StrEnum):
    LIGHT = "light"  # Магия Света
    SHADOW = "shadow"  # Магия Тени


class Target(StrEnum):
    """Whom a verb touches: a player chosen when the card is played, every other player,
    every player, or the card's holder."""

    CHOSEN = "chosen"
    OTHERS = "others"
    ALL = "all"
    SELF = "self"


# --- the verbs ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Damage:
    """Deal ``amount`` damage (повреждение) to ``target``; a knock-out gives its dealer 1 VP."""

    amount: int
    target: Target = Target.CHOSEN


@dataclass(frozen=True)
class Heal:
    """Heal the holder by ``amount``, up to the maximum health."""

    amount: int


@dataclass(frozen=True)
class GainVp:
    """The holder gains ``amount`` victory points (ПО)."""

    amount: int


@dataclass(frozen=True)
class Draw:
    """The holder draws ``count`` cards of ``deck``."""

    deck: Deck
    count: int


@dataclass(frozen=True)
class Shield:
    """The next ``amount`` damage the holder would take this round is prevented."""

    amount: int


@dataclass(frozen=True)
class DiscardSuit:
    """Every player discards the cards of ``suit`` (``"next"``: the step about to be resolved)
    still in hand; the step still counts as revealed."""

    suit: str


@dataclass(frozen=True)
class PassHands:
    """Every player passes all main cards still in hand to the left (налево)."""


@dataclass(frozen=True)
class AddSuit:
    """The card counts as one more card of ``suit`` in that suit's step."""

    suit: Suit


@dataclass(frozen=True)
class StealVp:
    """The chosen player loses up to ``amount`` VP and the holder gains as many."""

    amount: int


Verb = Damage | Heal | GainVp | Draw | Shield | DiscardSuit | PassHands | AddSuit | StealVp
VERBS: dict[str, type[Any]] = {
    "damage": Damage, "heal": Heal, "gain_vp": GainVp, "draw": Draw, "shield": Shield,
    "discard_suit": DiscardSuit, "pass_hands": PassHands, "add_suit": AddSuit,
    "steal_vp": StealVp,
}
VERB_NAMES = {v: k for k, v in VERBS.items()}


def needs_target(effect: tuple[Verb, ...]) -> bool:
    """Whether playing ``effect`` needs a chosen player."""
    return any(isinstance(v, StealVp) or (isinstance(v, Damage) and v.target == Target.CHOSEN)
               for v in effect)


@dataclass(frozen=True)
class MagicCard:
    """One kind of magic card."""

    key: str
    deck: Deck
    name_en: str
    name_ru: str
    timing: str
    effect: tuple[Verb, ...]
    raven_effect: tuple[Verb, ...] | None = None
    copies: int = 1
    text_en: str = ""
    text_ru: str = ""

    @property
    def suit(self) -> Suit | None:
        """The suit of a suit-like card (timing ``suit``), else None."""
        if self.timing == "suit" and isinstance(self.effect[0], AddSuit):
            return self.effect[0].suit
        return None


@dataclass(frozen=True)
class TextFacts:
    """What the listing of plays needs of one text of a card (its effect or its raven effect),
    worked out once per set."""

    needs_target: bool  # a chosen player (:func:`needs_target`)
    humans_only: bool  # the chosen player takes damage, so only a human may be chosen
    not_between_passes: bool  # passes whole hands or discards a suit: not between draft passes

    @staticmethod
    def of(effect: tuple[Verb, ...]) -> TextFacts:
        return TextFacts(
            needs_target=needs_target(effect),
            humans_only=any(isinstance(v, Damage) and v.target == Target.CHOSEN for v in effect),
            not_between_passes=any(isinstance(v, PassHands | DiscardSuit) for v in effect))


@dataclass(frozen=True)
class CardFacts:
    """A magic card instance's facts for the listing of plays and commits (derived from its
    kind; the kind stays the source)."""

    timing: str
    suit: Suit | None  # a suit-like card's suit (:attr:`MagicCard.suit`)
    human: TextFacts  # its effect
    raven: TextFacts  # its raven effect, or its effect when it has none


@dataclass(frozen=True)
class MagicSet:
    """A set of magic cards; instance ids are ``100+i`` (Light) and ``200+i`` (Shadow)."""

    name: str
    title_en: str
    title_ru: str
    kinds: tuple[MagicCard, ...]
    light_ids: tuple[int, ...]
    shadow_ids: tuple[int, ...]
    kind_of: dict[int, int]

    def card(self, card_id: int) -> MagicCard:
        """The kind of a magic card instance; raises KeyError for an unknown id."""
        return self.kinds[self.kind_of[card_id]]

    @cached_property
    def facts(self) -> dict[int, CardFacts]:
        """Every card instance's :class:`CardFacts`, by id (the set is immutable)."""
        out: dict[int, CardFacts] = {}
        for cid, i in self.kind_of.items():
            k = self.kinds[i]
            human = TextFacts.of(k.effect)
            raven = human if k.raven_effect is None else TextFacts.of(k.raven_effect)
            out[cid] = CardFacts(k.timing, k.suit, human, raven)
        return out

    @cached_property
    def has_anytime(self) -> bool:
        """Whether the set has a Play Any Time card (public: the set is known to all)."""
        return any(k.timing == "anytime" for k in self.kinds)

    def ids(self, deck: Deck) -> tuple[int, ...]:
        return self.light_ids if deck == Deck.LIGHT else self.shadow_ids

    def by_key(self, key: str) -> MagicCard:
        for k in self.kinds:
            if k.key == key:
                return k
        raise KeyError(key)

    def describe(self) -> dict[str, Any]:
        """A JSON-ready summary of the set (for views and docs)."""
        return {"name": self.name, "title_en": self.title_en, "title_ru": self.title_ru,
                "light": len(self.light_ids), "shadow": len(self.shadow_ids)}


def deck_of(card_id: int) -> Deck:
    return Deck.LIGHT if card_id < SHADOW_BASE else Deck.SHADOW


EMPTY_SET = MagicSet(name="none", title_en="No magic", title_ru="Без магии", kinds=(),
                     light_ids=(), shadow_ids=(), kind_of={})

# --- loading ------------------------------------------------------------------------------------

_CARD_KEYS = {"key", "deck", "name_en", "name_ru", "timing", "effect", "raven_effect", "copies",
              "text_en", "text_ru"}
_VERB_FIELDS: dict[str, dict[str, str]] = {
    "damage": {"amount": "int", "target": "target"},
    "heal": {"amount": "int"},
    "gain_vp": {"amount": "int"},
    "draw": {"deck": "deck", "count": "int"},
    "shield": {"amount": "int"},
    "discard_suit": {"suit": "suit_or_next"},
    "pass_hands": {},
    "add_suit": {"suit": "suit"},
    "steal_vp": {"amount": "int"},
}


def _bad(reason: Words) -> InvalidData:
    """A magic set refused: «magic set: » and the reason (``where`` in the file, then what is
    wrong), in words any language can have."""
    return InvalidData(say("nevermore.magic.refused", "magic set: {reason}", reason=reason))


def _verb(data: Any, where: str) -> Verb:
    if not isinstance(data, dict) or not isinstance(data.get("verb"), str):
        raise _bad(say("nevermore.magic.verb_object", "{where}: a verb is an object with a "
                       "{verb} name", where=where, verb="'verb'"))
    name = data["verb"]
    if name not in _VERB_FIELDS:
        raise _bad(say("nevermore.magic.verb_unknown", "{where}: unknown verb {name}; known: "
                       "{known}", where=where, name=repr(name), known=", ".join(VERBS)))
    fields = _VERB_FIELDS[name]
    extra = set(data) - set(fields) - {"verb"}
    if extra and fields:
        raise _bad(say("nevermore.magic.verb_extra", "{where}: verb {name} takes no {extra}; "
                       "it takes {takes}", where=where, name=repr(name),
                       extra=str(sorted(extra)), takes=str(sorted(fields))))
    if extra:
        raise _bad(say("nevermore.magic.verb_extra_none", "{where}: verb {name} takes no "
                       "{extra}; it takes nothing", where=where, name=repr(name),
                       extra=str(sorted(extra))))
    kwargs: dict[str, Any] = {}
    for f, kind in fields.items():
        if f not in data:
            if name == "damage" and f == "target":
                continue
            raise _bad(say("nevermore.magic.verb_needs", "{where}: verb {name} needs {field}",
                           where=where, name=repr(name), field=repr(f)))
        v = data[f]
        at = f"{where}.{f}"
        if kind == "int":
            if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= 9:
                raise _bad(say("nevermore.magic.whole_number", "{where}: expected a whole "
                               "number 1..9, got {got}", where=at, got=repr(v)))
        elif kind == "target":
            if v not in {t.value for t in Target}:
                raise _bad(say("nevermore.magic.target", "{where}: expected one of {allowed}",
                               where=at, allowed="chosen, others, all, self"))
            v = Target(v)
        elif kind == "deck":
            if v not in ("light", "shadow"):
                raise _bad(say("nevermore.magic.light_or_shadow", "{where}: expected {light} "
                               "or {shadow}, got {got}", where=at, light="light",
                               shadow="shadow", got=repr(v)))
            v = Deck(v)
        elif kind in ("suit", "suit_or_next"):
            allowed = ["attack", "healing", "radiance", "victory"]
            if kind == "suit_or_next":
                allowed.append("next")
            if v not in allowed:
                raise _bad(say("nevermore.magic.one_of", "{where}: expected one of {allowed}, "
                               "got {got}", where=at, allowed=", ".join(allowed), got=repr(v)))
            if kind == "suit":
                v = Suit(v)
        kwargs[f] = v
    verb: Verb = VERBS[name](**kwargs)
    return verb


def _effect(data: Any, where: str) -> tuple[Verb, ...]:
    if not isinstance(data, list) or not data:
        raise _bad(say("nevermore.magic.effect", "{where}: an effect is a non-empty list of "
                       "verbs", where=where))
    return tuple(_verb(v, f"{where}[{i}]") for i, v in enumerate(data))


def _timing(v: Any, where: str) -> str:
    if v in ("anytime", "draft", "suit"):
        return str(v)
    if isinstance(v, str):
        when, _, step = v.partition(":")
        if when in ("before", "after") and step in STEPS:
            return v
    raise _bad(say("nevermore.magic.timing", "{where}: timing must be {choices} or {last} "
                   "({step}: {steps}), got {got}", where=where,
                   choices="anytime, draft, suit, before:STEP", last="after:STEP", step="STEP",
                   steps=", ".join(STEPS), got=repr(v)))


def _card(data: Any, where: str) -> MagicCard:
    if not isinstance(data, dict):
        raise _bad(say("nevermore.magic.card_object", "{where}: a card is an object",
                       where=where))
    extra = set(data) - _CARD_KEYS
    if extra:
        raise _bad(say("nevermore.magic.card_fields", "{where}: unknown field(s) {extra}",
                       where=where, extra=str(sorted(extra))))
    for f in ("key", "name_en", "name_ru"):
        if not isinstance(data.get(f), str) or not data[f].strip():
            raise _bad(say("nevermore.magic.card_required", "{where}: {field} (a non-empty "
                           "string) is required", where=where, field=repr(f)))
    for f in ("text_en", "text_ru"):
        if not isinstance(data.get(f, ""), str):
            raise _bad(say("nevermore.magic.string", "{where}: expected a string",
                           where=f"{where}.{f}"))
    where = f"{where} ({data['key']})"
    if data.get("deck") not in ("light", "shadow"):
        raise _bad(say("nevermore.magic.card_deck", "{where}: {field} must be {light} or "
                       "{shadow}", where=where, field="'deck'", light="light",
                       shadow="shadow"))
    copies = data.get("copies", 1)
    if isinstance(copies, bool) or not isinstance(copies, int) or not 1 <= copies <= MAX_PER_DECK:
        raise _bad(say("nevermore.magic.copies", "{where}: {field} must be a whole number "
                       "1..{most}", where=where, field="'copies'", most=str(MAX_PER_DECK)))
    timing = _timing(data.get("timing"), f"{where}.timing")
    effect = _effect(data.get("effect"), f"{where}.effect")
    raven = data.get("raven_effect")
    raven_effect = None if raven is None else _effect(raven, f"{where}.raven_effect")
    has_add = any(isinstance(v, AddSuit) for v in effect)
    if (timing == "suit") != has_add or (has_add and len(effect) != 1):
        raise _bad(say("nevermore.magic.suit_like", "{where}: a suit-like card has timing "
                       "{suit} and exactly one {add_suit} verb, and only such a card has them",
                       where=where, suit="'suit'", add_suit="add_suit"))
    if raven_effect is not None and any(isinstance(v, AddSuit) for v in raven_effect):
        raise _bad(say("nevermore.magic.raven_add_suit", "{where}: {add_suit} cannot be a "
                       "raven effect", where=where, add_suit="add_suit"))
    return MagicCard(key=data["key"], deck=Deck(data["deck"]), name_en=data["name_en"],
                     name_ru=data["name_ru"], timing=timing, effect=effect,
                     raven_effect=raven_effect, copies=copies,
                     text_en=data.get("text_en", ""), text_ru=data.get("text_ru", ""))


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def load_magic_set(text: str) -> MagicSet:
    """Parse a magic set from JSON text; raises InvalidData saying what is wrong and where."""
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as e:  # Python's words for where the text breaks off
        raise _bad(say("nevermore.magic.json", "not valid JSON: {error}", error=str(e))) \
            from None
    except RecursionError:
        raise _bad(say("nevermore.magic.json_deep", "not valid JSON: nested too deeply")) \
            from None
    except ValueError as e:  # NaN, Infinity
        raise _bad(say("nevermore.magic.json", "not valid JSON: {error}", error=str(e))) \
            from None
    if not isinstance(data, dict):
        raise _bad(say("nevermore.magic.one_object", "the file holds one JSON object"))
    extra = set(data) - {"name", "title_en", "title_ru", "cards", "notes"}
    if extra:
        raise _bad(say("nevermore.magic.set_fields", "unknown field(s) {extra}",
                       extra=str(sorted(extra))))
    name = data.get("name")
    if not isinstance(name, str) or not name.strip():
        raise _bad(say("nevermore.magic.set_required", "{field} (a non-empty string) is "
                       "required", field="'name'"))
    cards = data.get("cards")
    if not isinstance(cards, list) or not cards:
        raise _bad(say("nevermore.magic.cards_list", "{field} must be a non-empty list",
                       field="'cards'"))
    kinds = tuple(_card(c, f"cards[{i}]") for i, c in enumerate(cards))
    keys = [k.key for k in kinds]
    dup = sorted({k for k in keys if keys.count(k) > 1})
    if dup:
        raise _bad(say("nevermore.magic.duplicates", "duplicate card key(s) {keys}",
                       keys=str(dup)))
    light: list[int] = []
    shadow: list[int] = []
    kind_of: dict[int, int] = {}
    for i, k in enumerate(kinds):
        ids = light if k.deck == Deck.LIGHT else shadow
        base = LIGHT_BASE if k.deck == Deck.LIGHT else SHADOW_BASE
        for _ in range(k.copies):
            cid = base + len(ids)
            ids.append(cid)
            kind_of[cid] = i
    for deck, ids in ((say("nevermore.magic.light", "Light"), light),
                      (say("nevermore.magic.shadow", "Shadow"), shadow)):
        if len(ids) > MAX_PER_DECK:
            raise _bad(say_count("nevermore.magic.deck_size", "the {deck} deck has {n} card, "
                                 "at most {most}", "the {deck} deck has {n} cards, at most "
                                 "{most}", len(ids), deck=deck, most=str(MAX_PER_DECK)))
    if not shadow:
        raise _bad(say("nevermore.magic.no_shadow", "the Shadow deck is empty (each player "
                       "starts with one)"))
    title_en = data.get("title_en", name)
    title_ru = data.get("title_ru", name)
    if not isinstance(title_en, str) or not isinstance(title_ru, str):
        raise _bad(say("nevermore.magic.titles", "titles must be strings"))
    return MagicSet(name=name, title_en=title_en, title_ru=title_ru, kinds=kinds,
                    light_ids=tuple(light), shadow_ids=tuple(shadow), kind_of=kind_of)


@cache
def koloda_set() -> MagicSet:
    """Koloda's own set of 25 Light and 25 Shadow cards (not the publisher's cards)."""
    text = resources.files("koloda.games.nevermore").joinpath("data/koloda_magic.json")
    return load_magic_set(text.read_text(encoding="utf-8"))


def magic_set_for(magic: str, custom_json: str) -> MagicSet:
    """The set a game's options name: ``koloda``, ``none`` or ``custom`` (from JSON text).

    A custom set is parsed anew each time (the options value keeps its own, freed with it):
    a cache of every custom set ever seen would grow with every table a server creates."""
    if magic == "none":
        return EMPTY_SET
    if magic == "custom":
        return load_magic_set(custom_json)
    return koloda_set()
