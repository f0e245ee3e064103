"""Hand-made positions for scenario files (``from_setup``).

The setup object (every key optional unless said)::

    {
      "start": "draft" | "reveal",   # deal given as the dealt hands, or as final drafted hands
      "hands": ["AAAHV", "RRHHS", ...] or [[0, 1, 2, 12, 36], ...],   # required, one per seat;
                                     # letters: A attack, H healing, S radiance, V victory, R raven
      "round": 1,                    # round 1: tokens face up; later rounds: face down
      "tokens": ["attack", "healing", "radiance", "victory"],   # this round's order
      "dealer": 0, "direction": "left" | "right",
      "health": [5, 5, 5], "vp": [0, 0, 0], "form": ["human", "raven", "human"],
      "magic": [["ward"], [], ["black_feather", "night_blade"]]  # magic card keys per seat
    }

Letters take the lowest free card of their suit; the cards not placed form the deck, shuffled
with the scenario's seed. Magic keys take the first free copy; the rest form the decks.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from koloda.engine.errors import InvalidData
from koloda.engine.rng import Rng
from koloda.games.nevermore.cards import BY_LETTER, MAIN_DECK, SUIT_INDEX, TOKEN_SUITS, suit_of
from koloda.games.nevermore.flow import init_tables, round_tasks, run
from koloda.games.nevermore.magic import Deck

if TYPE_CHECKING:
    from koloda.games.nevermore.state import NevermoreState

S = TypeVar("S", bound="NevermoreState")
_KEYS = {"start", "hands", "round", "tokens", "dealer", "direction", "health", "vp", "form",
         "magic"}


def _per_seat(setup: Mapping[str, Any], key: str, n: int, kind: type) -> list[Any] | None:
    v = setup.get(key)
    if v is None:
        return None
    if not isinstance(v, list) or len(v) != n or not all(isinstance(x, kind) and not
                                                         isinstance(x, bool) for x in v):
        raise InvalidData(f"setup.{key}: expected one {kind.__name__} per seat ({n})")
    return v


def from_setup(cls: type[S], options: Any, *, players: int, seed: int,
               setup: Mapping[str, Any]) -> S:
    if not isinstance(setup, Mapping):
        raise InvalidData("setup: expected an object")
    extra = set(setup) - _KEYS
    if extra:
        raise InvalidData(f"setup: unknown key(s) {sorted(extra)}; known: {sorted(_KEYS)}")
    n = players
    s = cls(options=options, players=n, seed=seed, rng=Rng.from_seed(seed))
    init_tables(s)
    start = setup.get("start", "reveal")
    if start not in ("draft", "reveal"):
        raise InvalidData("setup.start: expected 'draft' or 'reveal'")
    hands = setup.get("hands")
    if not isinstance(hands, list) or len(hands) != n:
        raise InvalidData(f"setup.hands: one hand per seat ({n}) is required")
    free = list(MAIN_DECK)
    for p, h in enumerate(hands):
        cards: list[int] = []
        items: list[Any] = list(h) if isinstance(h, str | list) else []
        if not isinstance(h, str | list) or len(items) != 5:
            raise InvalidData(f"setup.hands[{p}]: five cards (letters or ids) are required")
        for x in items:
            if isinstance(x, str):
                if x not in BY_LETTER:
                    raise InvalidData(f"setup.hands[{p}]: {x!r} is not one of A H S V R")
                lo = SUIT_INDEX[BY_LETTER[x]] * 12
                c = next((c for c in free if lo <= c < lo + 12), None)
                if c is None:
                    raise InvalidData(f"setup.hands[{p}]: no {x} card left (12 per suit)")
            elif isinstance(x, int) and not isinstance(x, bool) and x in free:
                c = x
            else:
                raise InvalidData(f"setup.hands[{p}]: card {x!r} is unknown or used twice")
            free.remove(c)
            cards.append(c)
        s.hands[p] = sorted(cards)
    s.deck = free
    s.rng.shuffle(s.deck)
    rnd = setup.get("round", 1)
    if not isinstance(rnd, int) or isinstance(rnd, bool) or rnd < 1:
        raise InvalidData("setup.round: a whole number from 1")
    s.round = rnd
    tokens = setup.get("tokens", [t.value for t in TOKEN_SUITS])
    if not isinstance(tokens, list) or sorted(tokens) != sorted(t.value for t in TOKEN_SUITS):
        raise InvalidData("setup.tokens: the four suits attack, healing, radiance, victory")
    s.tokens = list(tokens)
    dealer = setup.get("dealer", 0)
    if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < n:
        raise InvalidData(f"setup.dealer: a seat 0..{n - 1}")
    s.dealer = dealer
    direction = setup.get("direction", "left")
    if direction not in ("left", "right"):
        raise InvalidData("setup.direction: 'left' or 'right'")
    s.direction = 1 if direction == "left" else -1
    for key in ("health", "vp"):
        v = _per_seat(setup, key, n, int)
        if v is not None:
            if any(x < 0 for x in v) or (key == "health" and any(x > s.max_health for x in v)):
                raise InvalidData(f"setup.{key}: values out of range")
            setattr(s, key, list(v))
    form = _per_seat(setup, "form", n, str)
    if form is not None:
        if any(f not in ("human", "raven") for f in form):
            raise InvalidData("setup.form: 'human' or 'raven' per seat")
        s.raven = [f == "raven" for f in form]
        for p in range(n):
            if s.raven[p]:
                s.health[p] = 0
            elif s.health[p] == 0:
                raise InvalidData(f"setup: seat {p} is human with 0 health")
    ms = s.magic_set
    free_magic = {Deck.LIGHT: list(ms.light_ids), Deck.SHADOW: list(ms.shadow_ids)}
    magic = setup.get("magic")
    if magic is not None:
        if not isinstance(magic, list) or len(magic) != n:
            raise InvalidData(f"setup.magic: one list of card keys per seat ({n})")
        for p, keys in enumerate(magic):
            if not isinstance(keys, list):
                raise InvalidData(f"setup.magic[{p}]: a list of card keys")
            for key in keys:
                try:
                    kind = ms.by_key(key)
                except KeyError:
                    raise InvalidData(f"setup.magic[{p}]: no magic card {key!r} in the "
                                      f"{ms.name} set") from None
                pool = free_magic[kind.deck]
                c = next((c for c in pool if ms.card(c).key == key), None)
                if c is None:
                    raise InvalidData(f"setup.magic[{p}]: no copy of {key!r} left")
                pool.remove(c)
                s.magic[p].append(c)
            s.magic[p].sort()
    s.light_deck = s.rng.shuffled(free_magic[Deck.LIGHT])
    s.shadow_deck = s.rng.shuffled(free_magic[Deck.SHADOW])
    assert all(suit_of(c) for h in s.hands for c in h)
    s.tasks = round_tasks(start)
    run(s)
    return s
