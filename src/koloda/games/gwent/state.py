"""The state of a Gwent match and the state protocol (who acts, legal actions, applying them).

Phases: ``choose`` (decks chosen in dice order, only with ``deck_choice="choose"``), ``play``
(rounds of exchanges, with throw-in windows), ``over``.

Hand-made positions (:meth:`GwentState.from_setup`, scenario files) take::

    {"hands": [["nr_keira_metz", ...], ...],        # one list per seat (required)
     "decks": [[...], ...],                         # cards left in each deck (default none)
     "discards": [[...], ...],                      # this round's discards (default none)
     "deck_names": ["northern_realms", ...],        # labels (default "custom")
     "round": 1, "points": [0, 0], "damage": [0, 0],
     "exchange": {"attacker": 0, "defender": 1}}    # start this exchange (default: dice)

A card is a catalogue id; its copies are numbered over the whole setup in order of appearance
(hands seat by seat, then decks, then discards): the first ``nr_catapult`` is ``nr_catapult#1``.
An id already written with ``#N`` is kept as it is.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Self

from koloda.engine import (
    Action,
    GameState,
    InvalidData,
    InvalidOption,
    Result,
    Rng,
    Words,
)
from koloda.games.gwent import dispatch, listing, match, refusals, throwins
from koloda.games.gwent.actions import (
    ChooseDeck,
    Pass,
    parse_action,
)
from koloda.games.gwent.cards import card
from koloda.games.gwent.hands import HandSummary
from koloda.games.gwent.model import Exchange
from koloda.games.gwent.options import CHOOSE, GwentOptions
from koloda.games.gwent.turns import begin_exchange


@dataclass(kw_only=True)
class GwentState(GameState):
    """A match in progress (plain data; see :mod:`koloda.games.gwent.observe` for the view)."""

    options: GwentOptions
    phase: str = match.PLAY
    order: list[int] = field(default_factory=list)
    deck_names: list[str] = field(default_factory=list)
    own: list[list[str]] = field(default_factory=list)
    neutrals: list[list[str]] = field(default_factory=list)
    decks: list[list[str]] = field(default_factory=list)
    hands: list[list[str]] = field(default_factory=list)
    discards: list[list[str]] = field(default_factory=list)
    spent: list[list[str]] = field(default_factory=list)
    aside: list[str] = field(default_factory=list)
    known: list[list[str]] = field(default_factory=list)
    revived: list[str] = field(default_factory=list)
    round: int = 0
    points: list[int] = field(default_factory=list)
    damage: list[float] = field(default_factory=list)
    round_damage: list[list[float]] = field(default_factory=list)
    exchange: Exchange | None = None
    exchanges: int = 0
    next_attacker: int = -1
    pair: list[int] = field(default_factory=list)
    streak: int = 0
    window: list[int] = field(default_factory=list)
    decided: list[int] = field(default_factory=list)
    throws: dict[int, list[str]] = field(default_factory=dict)
    window_values: list[list[int]] = field(default_factory=lambda: [[], []])
    winners: list[int] = field(default_factory=list)
    by_die: bool = False
    #: the summary of each seat's hand for the listing (hands.hand_summary), not part of the
    #: state's data: a summary is a value used only while the hand is equal to its copy
    summaries: list[HandSummary | None] = field(default_factory=list, init=False, repr=False,
                                                compare=False)

    # --- construction -----------------------------------------------------------------------

    @classmethod
    def _empty(cls, options: GwentOptions, players: int, seed: int) -> Self:
        n = players
        return cls(options=options, players=n, seed=seed, rng=Rng.from_seed(seed),
                   deck_names=[""] * n, own=[[] for _ in range(n)],
                   neutrals=[[] for _ in range(n)], decks=[[] for _ in range(n)],
                   hands=[[] for _ in range(n)], discards=[[] for _ in range(n)],
                   spent=[[] for _ in range(n)], known=[[] for _ in range(n)],
                   points=[0] * n, damage=[0.0] * n)

    @classmethod
    def initial(cls, options: Any, *, players: int, seed: int) -> Self:
        assert isinstance(options, GwentOptions)
        names = list(options.deck_lists.names())
        refused = options.players_refused(players)  # enough decks, seat_decks for as many
        if refused is not None:
            raise InvalidOption(refused)
        st = cls._empty(options, players, seed)
        st.order = st.rng.shuffled(list(range(players)))
        if options.seat_list:
            st.deck_names = list(options.seat_list)
        elif options.deck_choice == CHOOSE:
            st.phase = match.CHOOSE
            return st
        else:
            pool = st.rng.shuffled(names)
            for i, seat in enumerate(st.order):
                st.deck_names[seat] = pool[i]
        match.assign_decks(st)
        return st

    @classmethod
    def from_setup(cls, options: Any, *, players: int, seed: int,
                   setup: Mapping[str, Any]) -> Self:
        assert isinstance(options, GwentOptions)
        if not isinstance(setup, Mapping):
            raise InvalidData("setup: expected an object")
        known_keys = {"hands", "decks", "discards", "deck_names", "round", "points", "damage",
                      "exchange"}
        extra = set(setup) - known_keys
        if extra:
            raise InvalidData(f"setup: unknown key(s) {sorted(extra)}")
        st = cls._empty(options, players, seed)
        counts: dict[str, int] = {}
        seen: set[str] = set()

        def zone(key: str, required: bool) -> list[list[str]]:
            raw = setup.get(key)
            if raw is None:
                if required:
                    raise InvalidData(f"setup: '{key}' (one list of cards per seat) is needed")
                return [[] for _ in range(players)]
            if not isinstance(raw, list) or len(raw) != players or not all(
                    isinstance(h, list) for h in raw):
                raise InvalidData(f"setup: '{key}' must hold one list per seat ({players})")
            out = []
            for cards in raw:
                row = []
                for cid in cards:
                    if not isinstance(cid, str):
                        raise InvalidData(f"setup: {key}: {cid!r} is not a card id")
                    base, hash_, _ = cid.partition("#")
                    card(base)
                    if not hash_:
                        counts[base] = counts.get(base, 0) + 1
                        cid = f"{base}#{counts[base]}"
                        while cid in seen:
                            counts[base] += 1
                            cid = f"{base}#{counts[base]}"
                    if cid in seen:
                        raise InvalidData(f"setup: the card {cid} appears twice")
                    seen.add(cid)
                    row.append(cid)
                out.append(row)
            return out

        st.hands = zone("hands", True)
        st.decks = zone("decks", False)
        st.discards = zone("discards", False)
        st.own = [st.hands[p] + st.decks[p] + st.discards[p] for p in range(players)]
        names = setup.get("deck_names", ["custom"] * players)
        if not isinstance(names, list) or len(names) != players:
            raise InvalidData("setup: 'deck_names' must hold one name per seat")
        st.deck_names = [str(n) for n in names]
        st.order = list(range(players))
        st.round = _int(setup.get("round", 1), "round", 1, 5)
        st.points = _ints(setup.get("points", [0] * players), "points", players)
        st.damage = [float(x) for x in _ints(setup.get("damage", [0] * players), "damage",
                                             players, number=True)]
        ex = setup.get("exchange")
        if ex is None:
            begin_exchange(st)
        else:
            if not isinstance(ex, Mapping) or set(ex) != {"attacker", "defender"}:
                raise InvalidData("setup: 'exchange' needs 'attacker' and 'defender'")
            a, d = ex["attacker"], ex["defender"]
            if a not in range(players) or d not in range(players) or a == d:
                raise InvalidData("setup: the exchange needs two different seats")
            st.exchanges = 1
            st.exchange = Exchange(a, d, 1)
        return st

    @classmethod
    def parse_action(cls, text: str) -> Action:
        return parse_action(text)

    # --- who acts and what is legal -----------------------------------------------------------

    @property
    def to_act(self) -> tuple[int, ...]:
        return dispatch.to_act(self)

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.to_act:
            return []
        if self.phase == match.CHOOSE:
            taken = set(self.deck_names)
            return [ChooseDeck(n) for n in self.options.deck_lists.names() if n not in taken]
        if self.window:
            return throwins.legal(self, seat)
        return listing.legal(self, seat)

    def random_action(self, seat: int, rng: Rng) -> Action:
        # the same draw as the default, without building every action of the listing
        drawn = dispatch.random_action(self, seat, rng)
        return super().random_action(seat, rng) if drawn is None else drawn

    def check(self, seat: int, action: Action) -> str | Words | None:
        if self.phase == match.PLAY and seat in self.to_act:
            if self.window:
                # «pass» is always among a watcher's choices
                legal = type(action) is Pass or action in throwins.legal(self, seat)
            else:
                legal = listing.is_legal(self, seat, action)
        else:
            legal = action in self.legal_actions(seat)
        if legal:
            return None
        return refusals.reason(self, seat, action)

    def _apply(self, seat: int, action: Action) -> None:
        dispatch.apply(self, seat, action)

    def take_from_hand(self, seat: int, cid: str) -> None:
        hand = self.hands[seat]
        summaries = self.summaries
        summary = summaries[seat] if summaries else None
        if summary is not None and summary.cards == hand:  # (kept up to date)
            hand.remove(cid)
            summaries[seat] = summary.without(cid, hand)
        else:
            hand.remove(cid)
        if cid in self.known[seat]:
            self.known[seat].remove(cid)

    # --- the end ------------------------------------------------------------------------------

    @property
    def is_terminal(self) -> bool:
        return self.phase == match.OVER

    def result(self) -> Result | None:
        if not self.is_terminal:
            return None
        from koloda.games.gwent.events import GwentMatchEnded, describe, result_words

        scores = tuple(1.0 if p in self.winners else 0.0 for p in range(self.players))
        # the outcome in the words of the log's last line, in both languages
        ended = GwentMatchEnded(tuple(self.winners), tuple(self.points), self.by_die)
        return Result(scores=scores, summary=describe(ended, "en"),
                      summary_ru=describe(ended, "ru"), words=result_words(ended))

    # --- views, samples, copies ---------------------------------------------------------------

    def observe(self, seat: int | None) -> dict[str, Any]:
        from koloda.games.gwent.observe import observe

        return observe(self, seat)

    def resample(self, seat: int, rng: Rng) -> Self:
        from koloda.games.gwent.observe import resample

        sample = resample(self, seat, rng)
        assert isinstance(sample, type(self))
        return sample

    def all_cards(self) -> list[str] | None:
        # While decks are being chosen no card is in the match yet (instances are numbered
        # when every seat has its deck).
        if self.phase == match.CHOOSE:
            return None
        out = [c for zone in (self.decks, self.hands, self.discards, self.spent)
               for cards in zone for c in cards]
        out.extend(self.aside)
        if self.exchange is not None:
            for s in self.exchange.stacks:
                out.extend(s.cards())
        return out

    def clone(self) -> Self:
        cls = type(self)
        c = cls.__new__(cls)
        d = c.__dict__
        d.update(self.__dict__)  # (copy.copy), then a copy of every mutable part
        d["rng"] = self.rng.copy()
        for name in ("events", "history", "order", "deck_names", "aside", "revived", "points",
                     "damage", "pair", "window", "decided", "winners", "summaries"):
            d[name] = d[name][:]
        copy_list = list.copy
        for name in ("own", "neutrals", "decks", "hands", "discards", "spent", "known",
                     "round_damage", "window_values"):
            d[name] = list(map(copy_list, d[name]))
        c.throws = {k: v[:] for k, v in self.throws.items()}
        c.exchange = self.exchange.copy() if self.exchange is not None else None
        return c


def _int(value: Any, name: str, lo: int, hi: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise InvalidData(f"setup: '{name}' must be a whole number {lo}-{hi}")
    return int(value)


def _ints(value: Any, name: str, n: int, *, number: bool = False) -> list[Any]:
    kinds = (int, float) if number else (int,)
    if not isinstance(value, list) or len(value) != n or not all(
            isinstance(x, kinds) and not isinstance(x, bool) for x in value):
        raise InvalidData(f"setup: '{name}' must hold one number per seat")
    return list(value)
