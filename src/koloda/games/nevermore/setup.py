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

from koloda.engine.errors import InvalidData, say
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
        kind_words = (say("nevermore.setup.int", "int") if kind is int
                      else say("nevermore.setup.str", "str"))
        raise InvalidData(say("nevermore.setup.per_seat", "{where}: expected one {kind} per "
                              "seat ({seats})", where=f"setup.{key}", kind=kind_words, seats=n))
    return v


def from_setup(cls: type[S], options: Any, *, players: int, seed: int,
               setup: Mapping[str, Any]) -> S:
    if not isinstance(setup, Mapping):
        raise InvalidData(say("nevermore.setup.object", "{where}: expected an object",
                              where="setup"))
    extra = set(setup) - _KEYS
    if extra:
        raise InvalidData(say("nevermore.setup.keys", "{where}: unknown key(s) {extra}; known: "
                              "{known}", where="setup", extra=str(sorted(extra)),
                              known=str(sorted(_KEYS))))
    n = players
    s = cls(options=options, players=n, seed=seed, rng=Rng.from_seed(seed))
    init_tables(s)
    start = setup.get("start", "reveal")
    if start not in ("draft", "reveal"):
        raise InvalidData(say("nevermore.setup.start", "{where}: expected {draft} or {reveal}",
                              where="setup.start", draft="'draft'", reveal="'reveal'"))
    hands = setup.get("hands")
    if not isinstance(hands, list) or len(hands) != n:
        raise InvalidData(say("nevermore.setup.hands", "{where}: one hand per seat ({seats}) is "
                              "required", where="setup.hands", seats=n))
    free = list(MAIN_DECK)
    for p, h in enumerate(hands):
        cards: list[int] = []
        items: list[Any] = list(h) if isinstance(h, str | list) else []
        if not isinstance(h, str | list) or len(items) != 5:
            raise InvalidData(say("nevermore.setup.five", "{where}: five cards (letters or ids) "
                                  "are required", where=f"setup.hands[{p}]"))
        for x in items:
            if isinstance(x, str):
                if x not in BY_LETTER:
                    raise InvalidData(say("nevermore.setup.letter", "{where}: {got} is not one "
                                          "of {letters}", where=f"setup.hands[{p}]",
                                          got=repr(x), letters="A H S V R"))
                lo = SUIT_INDEX[BY_LETTER[x]] * 12
                c = next((c for c in free if lo <= c < lo + 12), None)
                if c is None:
                    raise InvalidData(say("nevermore.setup.letter_left", "{where}: no {letter} "
                                          "card left (12 per suit)", where=f"setup.hands[{p}]",
                                          letter=x))
            elif isinstance(x, int) and not isinstance(x, bool) and x in free:
                c = x
            else:
                raise InvalidData(say("nevermore.setup.card", "{where}: card {card} is unknown or "
                                      "used twice", where=f"setup.hands[{p}]", card=repr(x)))
            free.remove(c)
            cards.append(c)
        s.hands[p] = sorted(cards)
    s.deck = free
    s.rng.shuffle(s.deck)
    rnd = setup.get("round", 1)
    if not isinstance(rnd, int) or isinstance(rnd, bool) or rnd < 1:
        raise InvalidData(say("nevermore.setup.round", "{where}: a whole number from 1",
                              where="setup.round"))
    s.round = rnd
    tokens = setup.get("tokens", [t.value for t in TOKEN_SUITS])
    if not isinstance(tokens, list) or sorted(tokens) != sorted(t.value for t in TOKEN_SUITS):
        raise InvalidData(say("nevermore.setup.tokens", "{where}: the four suits {suits}",
                              where="setup.tokens", suits="attack, healing, radiance, victory"))
    s.tokens = list(tokens)
    dealer = setup.get("dealer", 0)
    if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < n:
        raise InvalidData(say("nevermore.setup.dealer", "{where}: a seat 0..{last}",
                              where="setup.dealer", last=str(n - 1)))
    s.dealer = dealer
    direction = setup.get("direction", "left")
    if direction not in ("left", "right"):
        raise InvalidData(say("nevermore.setup.direction", "{where}: {left} or {right}",
                              where="setup.direction", left="'left'", right="'right'"))
    s.direction = 1 if direction == "left" else -1
    for key in ("health", "vp"):
        v = _per_seat(setup, key, n, int)
        if v is not None:
            if any(x < 0 for x in v) or (key == "health" and any(x > s.max_health for x in v)):
                raise InvalidData(say("nevermore.setup.range", "{where}: values out of range",
                                      where=f"setup.{key}"))
            setattr(s, key, list(v))
    form = _per_seat(setup, "form", n, str)
    if form is not None:
        if any(f not in ("human", "raven") for f in form):
            raise InvalidData(say("nevermore.setup.form", "{where}: {human} or {raven} per seat",
                                  where="setup.form", human="'human'", raven="'raven'"))
        s.raven = [f == "raven" for f in form]
        for p in range(n):
            if s.raven[p]:
                s.health[p] = 0
            elif s.health[p] == 0:
                raise InvalidData(say("nevermore.setup.no_health", "{where}: seat {seat} is human "
                                      "with 0 health", where="setup", seat=str(p)))
    ms = s.magic_set
    free_magic = {Deck.LIGHT: list(ms.light_ids), Deck.SHADOW: list(ms.shadow_ids)}
    magic = setup.get("magic")
    if magic is not None:
        if not isinstance(magic, list) or len(magic) != n:
            raise InvalidData(say("nevermore.setup.magic", "{where}: one list of card keys per "
                                  "seat ({seats})", where="setup.magic", seats=n))
        for p, keys in enumerate(magic):
            if not isinstance(keys, list):
                raise InvalidData(say("nevermore.setup.magic_list", "{where}: a list of card "
                                      "keys", where=f"setup.magic[{p}]"))
            for key in keys:
                try:
                    kind = ms.by_key(key)
                except KeyError:
                    raise InvalidData(say("nevermore.setup.magic_unknown", "{where}: no magic "
                                          "card {card} in the {set} set",
                                          where=f"setup.magic[{p}]", card=repr(key),
                                          set=ms.name)) from None
                pool = free_magic[kind.deck]
                c = next((c for c in pool if ms.card(c).key == key), None)
                if c is None:
                    raise InvalidData(say("nevermore.setup.magic_left", "{where}: no copy of "
                                          "{card} left", where=f"setup.magic[{p}]",
                                          card=repr(key)))
                pool.remove(c)
                s.magic[p].append(c)
            s.magic[p].sort()
    s.light_deck = s.rng.shuffled(free_magic[Deck.LIGHT])
    s.shadow_deck = s.rng.shuffled(free_magic[Deck.SHADOW])
    assert all(suit_of(c) for h in s.hands for c in h)
    s.tasks = round_tasks(start)
    run(s)
    return s
