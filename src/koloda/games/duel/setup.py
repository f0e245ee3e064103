"""Starting a duel: a random deal from the sample set, or explicit decks and discards.

Card ids: seat 0's cards are ``a01``, ``a02``, …, seat 1's ``b01``, ``b02``, …, numbered in the
order of the deal (random) or of the setup (deck first, then discard). An id names one physical
copy; ``state.keys`` gives its catalogue key.

The setup format (``game.from_setup(setup)``, scenario files, and how the event layer starts a
duel between two participants)::

    {"decks": [["punch", "block", "rapier_thrust", "rapier"], ["trip", "dodge", "pistol"]],
     "discards": [["kick"], []]}

``decks`` is required (one list of catalogue keys per seat, weapon items included); ``discards``
is optional; ``catalogue`` (optional) is the card set in the ``data/cards.json`` format, for an
event that brings its own cards (the keys are then that set's). In attack mode the attacker
(seat 0) must be able to take 5 cards.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from koloda.engine import Audience, Event, InvalidData, InvalidOption, Rng, say, say_count
from koloda.games.duel.cards import (
    BATTLE_KEYS,
    CATALOGUE,
    ITEM_KEYS,
    SAMPLE,
    CardInfo,
    Catalogue,
    Weapon,
    pool,
)
from koloda.games.duel.events import DuelDeckDealt, DuelStarted
from koloda.games.duel.model import Phase
from koloda.games.duel.options import DuelOptions

if TYPE_CHECKING:
    from koloda.games.duel.state import DuelState

S = TypeVar("S", bound="DuelState")

PREFIXES = ("a", "b")
#: The most cards one duellist may bring (ids have two digits).
MAX_CARDS = 99
#: Random deals tried before giving up on an attacker who cannot take 5 cards.
_DEAL_TRIES = 200


def card_id(seat: int, n: int) -> str:
    """The id of seat's ``n``-th card, from 1: ``card_id(1, 7) == "b07"``."""
    return f"{PREFIXES[seat]}{n:02d}"


#: Every card id, by seat and number (``_IDS[1][7] == "b07"``), made once.
_IDS = tuple(tuple(card_id(s, n) for n in range(MAX_CARDS + 1)) for s in (0, 1))


def origin(card: str) -> int:
    """The seat that brought card id ``card`` to the duel."""
    return PREFIXES.index(card[0])


def eligible_count(keys: Sequence[str],
                   catalogue: Catalogue | Mapping[str, CardInfo] = SAMPLE) -> int:
    """How many of ``keys`` could be taken into a hand (battle cards whose weapon is there)."""
    cat = catalogue
    kinds = {cat[k].item for k in keys if cat[k].item is not None}
    return sum(1 for k in keys
               if cat[k].item is None and (cat[k].requires is None or cat[k].requires in kinds))


def can_attack(keys: Sequence[str],
               catalogue: Catalogue | Mapping[str, CardInfo] = SAMPLE) -> bool:
    """Whether a deck of catalogue ``keys`` lets its owner attack: the attacker must take
    exactly 5 cards («у вас должно быть ровно 5 карт на руке»), so the deck must hold 5 battle
    cards that could be taken into a hand (their weapon item is in the deck too). ``catalogue``:
    the card set the keys are of (the sample set by default).

    >>> can_attack(["punch", "kick", "block", "trip", "dodge"])
    True
    >>> can_attack(["punch", "kick", "block", "trip", "rapier_thrust"])
    False
    """
    return eligible_count(keys, catalogue) >= 5


_ONLY = (Audience.only(0), Audience.only(1))
_BATTLE_POOL = tuple(pool(BATTLE_KEYS))
#: The weapon kind each catalogue key needs, and the kind each item provides (None: none).
_NEEDS: dict[str, Weapon | None] = {k: c.requires for k, c in CATALOGUE.items()}
_KINDS: dict[str, Weapon | None] = {k: c.item for k, c in CATALOGUE.items()}
_ITEM_POOL = tuple(pool(ITEM_KEYS))
_CHOOSE_HAND = Phase.CHOOSE_HAND
_new = object.__new__


def _check_players(players: int) -> None:
    if players != 2:
        raise InvalidOption(say("duel.two_duellists",
                                "a duel has exactly 2 duellists, not {players}", players=players))


def deal(cls: type[S], options: DuelOptions, *, players: int, seed: int) -> S:
    """A duel between two random decks from the sample set, dealt with the state's generator:
    ``deck_size`` battle cards and ``items`` weapon items each (first an item of each weapon
    kind the cards need), no copy given twice."""
    _check_players(players)
    if options.attacker is not None and options.deck_size < 5:
        raise InvalidOption(say("duel.attack_deck", "in attack mode the attacker needs "
                                "a deck of at least 5 cards ({name} is {size})",
                                name="deck_size", size=options.deck_size))
    rng = Rng.from_seed(seed)
    n, k = options.deck_size, options.items
    decks: list[list[str]] = []
    for _ in range(_DEAL_TRIES):
        battle = rng.shuffled(_BATTLE_POOL)
        items = rng.shuffled(_ITEM_POOL)
        decks = []
        for seat in (0, 1):
            cards = battle[seat * n:(seat + 1) * n]
            decks.append(cards + _items_for(cards, items, k))
        if options.attacker is None or eligible_count(decks[options.attacker]) >= 5:
            break
    else:  # pragma: no cover - the sample set makes this practically impossible
        raise InvalidOption(say("duel.attack_deal",
                                "could not deal an attacker a deck it can attack with"))
    for d in decks:
        rng.shuffle(d)
    return _build(cls, options, seed=seed, rng=rng, decks=decks, discards=[[], []])


def _items_for(cards: list[str], items: list[str], k: int) -> list[str]:
    """``k`` items taken from the shuffled ``items`` (which loses them): first one of each
    weapon kind the cards need, in the order the cards need them («приготовьте и карты
    соответствующих предметов»), then the next ones."""
    out: list[str] = []
    have: set[Weapon] = set()  # the kinds of the items in ``out``
    if k > 0:
        needs, kinds = _NEEDS, _KINDS
        for key in cards:
            need = needs[key]
            if need is None or need in have:
                continue
            for i, item in enumerate(items):
                if kinds[item] == need:
                    out.append(items.pop(i))
                    have.add(need)
                    break
            if len(out) >= k:  # nothing more is taken for the cards' needs
                break
    if len(out) < k and items:
        take = min(k - len(out), len(items))
        out += items[:take]
        del items[:take]
    return out


def build_from_setup(cls: type[S], options: DuelOptions, *, players: int, seed: int,
                     setup: Mapping[str, Any]) -> S:
    """A duel from explicit decks and discards (see the module docstring)."""
    _check_players(players)
    if not isinstance(setup, Mapping):
        raise InvalidData(say("duel.setup_object", "a duel setup is an object with {decks} "
                              "(and optional {discards})", decks="'decks'",
                              discards="'discards'"))
    extra = set(setup) - {"decks", "discards", "catalogue"}
    if extra:
        raise InvalidData(say("duel.setup_keys", "unknown setup key(s) {extra}; known: {known}",
                              extra=str(sorted(extra)), known="decks, discards, catalogue"))
    catalogue = Catalogue.from_json(setup["catalogue"]) if "catalogue" in setup else None
    cat = SAMPLE if catalogue is None else catalogue
    decks = _key_lists(setup.get("decks"), "decks", cat)
    discards = _key_lists(setup.get("discards", [[], []]), "discards", cat)
    for s in (0, 1):
        if len(decks[s]) + len(discards[s]) > MAX_CARDS:
            raise InvalidData(say_count("duel.setup_too_many", "seat {seat} brings more than "
                                        "{n} card", "seat {seat} brings more than {n} cards",
                                        MAX_CARDS, seat=str(s)))
    attacker = options.attacker
    if attacker is not None and eligible_count(decks[attacker], cat) < 5:
        raise InvalidData(say("duel.setup_attack_deck", "in attack mode the attacker (seat "
                              "{seat}) must take exactly 5 cards, and its deck does not hold 5 "
                              "battle cards it could play", seat=str(attacker)))
    return _build(cls, options, seed=seed, rng=Rng.from_seed(seed), decks=decks,
                  discards=discards, catalogue=catalogue)


def _key_lists(value: Any, name: str, cat: Catalogue) -> list[list[str]]:
    if not isinstance(value, list) or len(value) != 2:
        raise InvalidData(say("duel.setup_two_lists", "setup {name} must be two lists of card "
                              "keys, one per seat", name=repr(name)))
    out = []
    for s, keys in enumerate(value):
        if not isinstance(keys, list):
            raise InvalidData(say("duel.setup_list", "setup {where} must be a list of card keys",
                                  where=f"{name}[{s}]"))
        for k in keys:
            if not isinstance(k, str) or k not in cat:
                known = ", ".join(cat)
                raise InvalidData(say("duel.setup_unknown_card", "setup {where}: unknown card "
                                      "{card}; known: {known}", where=f"{name}[{s}]",
                                      card=repr(k), known=known))
        out.append(list(keys))
    return out


def _build(cls: type[S], options: DuelOptions, *, seed: int, rng: Rng,
           decks: list[list[str]], discards: list[list[str]],
           catalogue: Catalogue | None = None) -> S:
    keys: dict[str, str] = {}
    deck_ids: list[list[str]] = []
    discard_ids: list[list[str]] = []
    events: list[Event] = [DuelStarted(options.mode, options.rounds_to_win, options.attacker)]
    for s in (0, 1):
        deck, discard = decks[s], discards[s]
        seat_ids = _IDS[s]
        n = len(deck)
        ids = seat_ids[1:n + 1]
        keys.update(zip(ids, deck, strict=True))
        deck_ids.append(list(ids))
        if discard:
            more = seat_ids[n + 1:n + len(discard) + 1]
            keys.update(zip(more, discard, strict=True))
            discard_ids.append(list(more))
        else:
            more = ()
            discard_ids.append([])
        events.append(DuelDeckDealt(s, ids, tuple(deck), more, tuple(discard), to=_ONLY[s]))
    return _new_state(cls, options, seed=seed, rng=rng, keys=keys, decks=deck_ids,
                      discards=discard_ids, events=events, catalogue=catalogue)


def _new_state(cls: type[S], options: DuelOptions, *, seed: int, rng: Rng, keys: dict[str, str],
               decks: list[list[str]], discards: list[list[str]], events: list[Event],
               catalogue: Catalogue | None = None) -> S:
    """``cls(players=2, seed=seed, rng=rng, options=options, keys=keys, decks=decks,
    discards=discards, events=events)``, every other field at its default, written into the
    new state's ``__dict__`` directly (the dataclass's ``__init__`` calls a factory per field;
    a test checks that both give the same state, field for field)."""
    state = _new(cls)
    state.__dict__.update(
        players=2, seed=seed, rng=rng, events=events, history=[], options=options, keys=keys,
        decks=decks, discards=discards, hands=[[], []], chosen=[[], []], played=[[], []],
        shown=[[], []], phase=_CHOOSE_HAND, hand_commits={}, commits={}, rounds=[],
        wins=[0, 0], offered=[False, False], offer_by=None, kills=[False, False], winner=None,
        end_reason=None, swapped=None, catalogue=catalogue)
    return state
