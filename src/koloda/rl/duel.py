"""The duel's encoding (version 2): one flat id per Koloda action, and an 11-slot-wide tensor.

Ids (``docs/rl.md`` has the table): B = the duel's ``deck_size`` battle ranks, I = ``items``
item ranks; a seat's battle (item) cards are ranked by id among its own cards, so a rank says
nothing beyond the seat's own deck. ``HAND`` ranks every hand of 0-5 battle ranks by size,
then lexicographically; ``PLAY`` is (battle rank, shown item rank or none, kill); ``SWAP`` is
(position in the loser's chosen hand, position in one's own chosen hand), both visible to the
winner. The opponent's cards never enter an id.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from itertools import combinations
from typing import TYPE_CHECKING, Any

import numpy as np

from koloda.engine import Action, Game, GameState
from koloda.games.duel.actions import (
    AcceptEnd,
    ChooseHand,
    DeclineEnd,
    NoSwap,
    OfferEnd,
    Play,
    Swap,
)
from koloda.games.duel.cards import BATTLE_KEYS, ITEM_KEYS
from koloda.games.duel.events import (
    DuelCardCommitted,
    DuelEndDeclined,
    DuelEndOffered,
    DuelHandCommitted,
    DuelHandsTaken,
    DuelRoundRevealed,
)
from koloda.games.duel.legal import hand as _hand
from koloda.games.duel.model import Phase
from koloda.rl.codec import Choices, Codec, EncodingError, Obs

if TYPE_CHECKING:
    from koloda.games.duel.state import DuelState

DESIGNS: tuple[str, ...] = BATTLE_KEYS + ITEM_KEYS
DESIGN_INDEX = {k: i for i, k in enumerate(DESIGNS)}
MAX_HAND = 5
#: rounds kept in the tensor (a hand holds at most 5 cards)
ROUNDS = 9
PHASES = ("choose_hand", "rounds", "swap", "over")
ZONES = ("deck", "hand", "played", "shown", "discard")
PHASE_AT = {name: i for i, name in enumerate(PHASES)}
#: the public events whose order the information-state tensor keeps, per round: a seat
#: committing (its hand or its card), offering an end, declining one (at most 6 a round)
HISTORY_EVENTS = 6
HISTORY_KINDS = {DuelHandCommitted: 0, DuelCardCommitted: 0, DuelEndOffered: 1,
                 DuelEndDeclined: 2}


class DuelCodec(Codec):
    game_name = "duel"

    def __init__(self, game: Game, players: int, *, allow_offers: bool = True) -> None:
        super().__init__(game, players)
        self.allow_offers = allow_offers
        self.filters = not allow_offers
        opts = game.options
        self.B = int(opts.deck_size)
        self.I = int(opts.items)
        self.hands: list[tuple[int, ...]] = [
            c for k in range(MAX_HAND + 1) for c in combinations(range(self.B), k)]
        self.hand_id = {c: i for i, c in enumerate(self.hands)}
        # the ids of every hand of sizes lo..hi over the first b ranks, in canonical order
        self._families: dict[tuple[int, int, int], list[tuple[int, ...]]] = {}
        # the lazy choices of hand: by (the eligible cards' ranks, lo, hi), the ids ascending
        # and the positions each id stands for
        self._hand_families: dict[tuple[tuple[int, ...], int, int],
                                  tuple[list[int], dict[int, tuple[int, ...]]]] = {}
        self.PLAY = len(self.hands)
        self.OFFER = self.PLAY + self.B * (self.I + 1) * 2
        self.ACCEPT = self.OFFER + 1
        self.DECLINE = self.OFFER + 2
        self.SWAP = self.OFFER + 3
        self.NOSWAP = self.SWAP + MAX_HAND * MAX_HAND
        self.noop = self.NOSWAP + 1
        self.num_tokens = self.noop + 1
        d = len(DESIGNS)
        self.slots = self.B + self.I
        self._slot_width = 1 + d + len(ZONES) + 2
        self._round_width = 1 + 2 * (2 * d + 3)
        self._layout(("own", (self.slots, self._slot_width)),
                     ("rounds", (ROUNDS, self._round_width)),
                     ("loser_hand", (MAX_HAND, d + 1)),
                     ("scalars", (37,)))
        # the choice of hands, then each round: the order of commits, offers and declines
        self.history_shape = (ROUNDS + 1, HISTORY_EVENTS, 6)
        self.history_size = (ROUNDS + 1) * HISTORY_EVENTS * 6

    # --- ranks ---------------------------------------------------------------------------

    @staticmethod
    def own_cards(view: dict[str, Any]) -> list[str]:
        me = view["me"]
        ids = set()
        for zone in ("deck", "hand", "chosen", "played", "shown", "discard"):
            ids.update(me[zone])
        return sorted(ids)

    def ranks(self, view: dict[str, Any]) -> tuple[dict[str, int], dict[str, int]]:
        """The seat's battle and item ranks, by card id."""
        cards = view["cards"]
        battle: dict[str, int] = {}
        items: dict[str, int] = {}
        for cid in self.own_cards(view):
            if "item" in cards[cid]:
                items[cid] = len(items)
            else:
                battle[cid] = len(battle)
        return battle, items

    def allowed(self, action: Action) -> bool:
        return self.allow_offers or not isinstance(action, OfferEnd)

    def tokens_of(self, view: dict[str, Any], seat: int,
                  actions: Sequence[Action]) -> list[tuple[int, ...]]:
        ranks = self.ranks(view)
        if not actions or type(actions[0]) is not ChooseHand:
            return [self.tokens(view, seat, a, ranks) for a in actions]
        # the choice of hand lists up to thousands of hands, in Koloda's canonical order (by
        # size, then cards): when they are every hand the limits allow, their ids are known
        limits = view["me"].get("hand_limits")
        if limits and type(actions[-1]) is ChooseHand:
            key = (len(ranks[0]), int(limits[0]), int(limits[1]))
            family = self._families.get(key)
            if family is None:
                family = self._families[key] = [
                    (self.hand_id[h],) for k in range(key[1], min(key[2], MAX_HAND) + 1)
                    for h in combinations(range(min(key[0], self.B)), k)]
            if len(family) == len(actions) and all(
                    self.tokens(view, seat, actions[i], ranks) == family[i]
                    for i in (0, len(actions) // 2, -1)):
                return family
        return [self.tokens(view, seat, a, ranks) for a in actions]

    def tokens(self, view: dict[str, Any], seat: int, action: Action,
               ranks: tuple[dict[str, int], dict[str, int]] | None = None) -> tuple[int, ...]:
        if isinstance(action, OfferEnd):
            return (self.OFFER,)
        if isinstance(action, AcceptEnd):
            return (self.ACCEPT,)
        if isinstance(action, DeclineEnd):
            return (self.DECLINE,)
        if isinstance(action, NoSwap):
            return (self.NOSWAP,)
        if isinstance(action, Swap):
            loser = view["loser_hand"]["cards"]
            mine = view["me"]["chosen"]
            return (self.SWAP + MAX_HAND * loser.index(action.take) + mine.index(action.give),)
        battle, items = ranks or self.ranks(view)
        if isinstance(action, ChooseHand):
            key = tuple(sorted(battle[c] for c in action.cards))
            if key not in self.hand_id:
                raise EncodingError(f"the hand {action} is outside the encoding")
            return (self.hand_id[key],)
        if isinstance(action, Play):
            b = battle[action.card]
            s = 0 if action.show is None else items[action.show] + 1
            if b >= self.B or s > self.I:
                raise EncodingError(f"{action} is outside the encoding")
            return (self.PLAY + (b * (self.I + 1) + s) * 2 + int(action.kill),)
        raise EncodingError(f"not a duel action: {action!r}")

    def token_text(self, token: int) -> str:
        if 0 <= token < self.PLAY:
            return " ".join(["hand", *(f"b{r}" for r in self.hands[token])])
        if token < self.OFFER:
            k = token - self.PLAY
            kill, k = k % 2, k // 2
            b, s = divmod(k, self.I + 1)
            return f"play b{b}" + (f" show i{s - 1}" if s else "") + (" kill" if kill else "")
        fixed = {self.OFFER: "offer-end", self.ACCEPT: "accept-end",
                 self.DECLINE: "decline-end", self.NOSWAP: "no-swap", self.noop: "noop"}
        if token in fixed:
            return fixed[token]
        if self.SWAP <= token < self.NOSWAP:
            i, j = divmod(token - self.SWAP, MAX_HAND)
            return f"swap theirs#{i} mine#{j}"
        raise EncodingError(f"no duel token {token}")

    def encode_history(self, public: Sequence[Any], seat: int, out: Obs) -> None:
        row = 0
        k = 0
        for event in public:
            if type(event) is DuelRoundRevealed or type(event) is DuelHandsTaken:
                row += 1
                k = 0
                continue
            kind = HISTORY_KINDS.get(type(event))
            if kind is None:
                continue
            if row > ROUNDS or k >= HISTORY_EVENTS:
                raise EncodingError("more public events in a round than the duel's "
                                    "information-state tensor holds")
            who = 0 if event.seat == seat else 1
            out[(row * HISTORY_EVENTS + k) * 6 + who * 3 + kind] = 1.0
            k += 1

    # --- the tensor ----------------------------------------------------------------------

    def encode(self, view: dict[str, Any], seat: int, prefix: Sequence[int], out: Obs) -> None:
        v = out
        cards = view["cards"]
        me = view["me"]
        opp = 1 - seat
        d = len(DESIGNS)
        nz = len(ZONES)
        index = DESIGN_INDEX

        def design(cid: str | None) -> int | None:
            card = cards.get(cid) if cid is not None else None
            return None if card is None else index.get(card["key"])

        # own cards, by rank
        battle, items = self.ranks(view)
        zone_of: dict[str, int] = {}
        for z, name in enumerate(ZONES):
            for cid in me[name]:
                zone_of.setdefault(cid, z)
        chosen = me["chosen"]
        commit = me.get("commit")
        committed = set(commit.split()) if isinstance(commit, str) else set()
        width = self._slot_width
        slots = [(c, r) for c, r in battle.items() if r < self.B]
        slots += [(c, self.B + r) for c, r in items.items() if r < self.I]
        for cid, slot in slots:
            base = slot * width  # the piece "own" starts the tensor
            v[base] = 1.0
            i = design(cid)
            if i is not None:
                v[base + 1 + i] = 1.0
            zone = zone_of.get(cid)
            if zone is not None:
                v[base + 1 + d + zone] = 1.0
            if cid in committed:
                v[base + 1 + d + nz] = 1.0
            if cid in chosen:
                v[base + 2 + d + nz] = 1.0

        # finished rounds
        rounds = self.pieces["rounds"][0]
        rw = self._round_width
        for k, rnd in enumerate(view["rounds"][:ROUNDS]):
            base = rounds + k * rw
            v[base] = 1.0
            for side, who in enumerate((seat, opp)):
                b = base + 1 + side * (2 * d + 3)
                i = design(rnd["cards"][who])
                if i is None:
                    v[b] = 1.0  # no card
                else:
                    v[b + 1 + i] = 1.0
                i = design(rnd["shown"][who])
                if i is not None:
                    v[b + 1 + d + i] = 1.0
                v[b + 1 + 2 * d] = float(bool(rnd["kills"][who]))
                v[b + 2 + 2 * d] = float(rnd["winner"] == who)

        # the loser's hand, for the winner
        lh = self.pieces["loser_hand"][0]
        loser = view.get("loser_hand")
        if loser:
            for k, cid in enumerate(loser["cards"][:MAX_HAND]):
                v[lh + k * (d + 1)] = 1.0
                i = design(cid)
                if i is not None:
                    v[lh + k * (d + 1) + 1 + i] = 1.0

        # scalars
        sc = self.pieces["scalars"][0]
        phase = PHASE_AT.get(view["phase"])
        if phase is not None:
            v[sc + phase] = 1.0
        v[sc + 4 + seat] = 1.0
        v[sc + 6] = view["round"] / ROUNDS
        need = view["options"]["rounds_to_win"]
        offer = view.get("offer")
        limits = me.get("hand_limits") or (0, 0)
        attacker = view["options"].get("attacker")
        for side, who in enumerate((seat, opp)):
            b = sc + 7 + side * 11
            duellist = view["duellists"][who]
            v[b] = view["wins"][who] / need
            v[b + 1] = float(who in view["to_act"])
            v[b + 2] = float(who in view["committed"])
            v[b + 3] = float(offer is not None and offer.get("by") == who)
            v[b + 4] = float(bool(view["offers_made"][who]))
            v[b + 5] = float(bool(duellist["kill_declared"]))
            size = duellist["hand_size"]
            v[b + 6] = 1.0 if size is None else 0.0
            v[b + 7] = (size or 0) / MAX_HAND
            v[b + 8] = len(duellist["played"]) / MAX_HAND
            v[b + 9] = len(duellist["shown"]) / 3
            v[b + 10] = float(attacker == who)
        v[sc + 29] = limits[0] / MAX_HAND
        v[sc + 30] = limits[1] / MAX_HAND
        result = view.get("result")
        if result:
            v[sc + 31] = 1.0
            v[sc + 32] = float(result.get("winner") == seat)
            v[sc + 33] = float(result.get("winner") == opp)
            v[sc + 34] = float(result.get("killed") is not None)
            v[sc + 35] = float(bool(result.get("swapped")))
        v[sc + 36] = float("kill" in committed)  # my face-down play declares a kill

    # --- from the state: the same tensor and table, faster -------------------------------
    #
    # What follows reads the state's fields directly instead of building ``observe(seat)``
    # first, and only the fields that view holds: the seat's own zones (deck, discard, hand,
    # chosen, played, shown) and their keys; for both seats what the view's ``duellists``,
    # ``wins``, ``to_act``, ``committed``, ``offers_made`` and ``rounds`` show (hand sizes
    # outside the choice of hand, cards played and items shown, round records); the loser's
    # chosen hand only for the winner, from the swap on; the options the view shows. An
    # opponent's card id enters only through those zones, and its key only for cards the view
    # lists in ``cards`` (played, shown, the loser's hand for the winner). A test compares
    # both paths on many states of every option set (tests/rl/test_duel_fast.py), and the leak
    # tests run through this one.

    def state_ranks(self, state: DuelState, seat: int) -> tuple[dict[str, int], dict[str, int]]:
        """:meth:`ranks` from the state: the seat's own cards, battle and item ranks."""
        ids: set[str] = set()
        for zones in (state.decks, state.hands, state.chosen, state.played, state.shown,
                      state.discards):
            ids.update(zones[seat])
        keys, item_of = state.keys, state.cat.item_of
        battle: dict[str, int] = {}
        items: dict[str, int] = {}
        for cid in sorted(ids):
            if item_of[keys[cid]] is not None:
                items[cid] = len(items)
            else:
                battle[cid] = len(battle)
        return battle, items

    def write_state(self, state: GameState, seat: int, prefix: Sequence[int], out: Obs,
                    view: Callable[[int], dict[str, Any]]) -> None:
        duel: DuelState = state  # type: ignore[assignment]
        ones, at, values = self.encode_state(duel, seat)
        out[np.fromiter(ones, np.intp, len(ones))] = 1.0
        for i, x in zip(at, values, strict=True):
            out[i] = x

    def encode_state(self, state: DuelState, seat: int) -> tuple[list[int], list[int],
                                                                  list[float]]:
        """:meth:`write` of ``observe(seat)``, from the state's fields (see above): the
        positions of the ones, and the other non-zero features (positions, values in
        [0, 1])."""
        keys = state.keys
        index = DESIGN_INDEX
        d = len(DESIGNS)
        opp = 1 - seat
        phase = state.phase
        ones: list[int] = []
        one = ones.append
        at: list[int] = []
        values: list[float] = []

        # own cards, by rank
        battle, items = self.state_ranks(state, seat)
        zone_of: dict[str, int] = {}
        for z, cards in enumerate((state.decks[seat], state.hands[seat], state.played[seat],
                                   state.shown[seat], state.discards[seat])):
            for cid in cards:
                zone_of.setdefault(cid, z)
        chosen = state.chosen[seat]
        committed: set[str] = set()
        committed_seats: Collection[int] = ()
        if phase is Phase.CHOOSE_HAND:
            if seat in state.hand_commits:
                committed.update(state.hand_commits[seat])
            committed_seats = state.hand_commits.keys()
        elif phase is Phase.ROUNDS:
            play = state.commits.get(seat)
            if play is not None:
                committed.add(play.card)
                if play.show is not None:
                    committed.add(play.show)
            committed_seats = state.commits.keys()
        width = self._slot_width
        zone_at, committed_at, chosen_at = 1 + d, 1 + d + len(ZONES), 2 + d + len(ZONES)
        n_battle, n_items = self.B, self.I
        slots = [(cid, r) for cid, r in battle.items() if r < n_battle]
        slots += [(cid, n_battle + r) for cid, r in items.items() if r < n_items]
        for cid, slot in slots:
            base = slot * width
            one(base)
            i = index.get(keys[cid])
            if i is not None:
                one(base + 1 + i)
            zone = zone_of.get(cid)
            if zone is not None:
                one(base + zone_at + zone)
            if cid in committed:
                one(base + committed_at)
            if cid in chosen:
                one(base + chosen_at)

        # finished rounds
        base0 = self.pieces["rounds"][0]
        rw = self._round_width
        for k, rnd in enumerate(state.rounds[:ROUNDS]):
            base = base0 + k * rw
            one(base)
            for side, who in enumerate((seat, opp)):
                b = base + 1 + side * (2 * d + 3)
                card = rnd.cards[who]
                i = None if card is None else index.get(keys[card])
                one(b if i is None else b + 1 + i)  # (b: no card)
                item = rnd.shown[who]
                if item is not None:
                    i = index.get(keys[item])
                    if i is not None:
                        one(b + 1 + d + i)
                if rnd.kills[who]:
                    one(b + 1 + 2 * d)
                if rnd.winner == who:
                    one(b + 2 + 2 * d)

        # the loser's hand, for the winner
        over = phase is Phase.SWAP or phase is Phase.OVER
        if over and state.winner == seat:
            lh = self.pieces["loser_hand"][0]
            for k, cid in enumerate(state.chosen[opp][:MAX_HAND]):
                one(lh + k * (d + 1))
                i = index.get(keys[cid])
                if i is not None:
                    one(lh + k * (d + 1) + 1 + i)

        # scalars
        sc = self.pieces["scalars"][0]
        one(sc + PHASE_AT[phase.value])
        one(sc + 4 + seat)
        at.append(sc + 6)
        values.append(min(state.round_number / ROUNDS, 1.0))
        options = state.options
        need = options.rounds_to_win
        attacker = options.attacker
        to_act = state.to_act
        choosing = phase is Phase.CHOOSE_HAND
        for side, who in enumerate((seat, opp)):
            b = sc + 7 + side * 11
            at += (b, b + 8, b + 9)
            values += (min(state.wins[who] / need, 1.0),
                       min(len(state.played[who]) / MAX_HAND, 1.0),
                       min(len(state.shown[who]) / 3, 1.0))
            if who in to_act:
                one(b + 1)
            if who in committed_seats:
                one(b + 2)
            if state.offer_by == who:  # the offer to end waiting for an answer
                one(b + 3)
            if state.offered[who]:
                one(b + 4)
            if state.kills[who]:
                one(b + 5)
            if choosing:
                one(b + 6)
            else:
                at.append(b + 7)
                values.append(min(len(state.hands[who]) / MAX_HAND, 1.0))
            if attacker == who:
                one(b + 10)
        if choosing:
            lo, hi = state.hand_limits(seat)
            at += (sc + 29, sc + 30)
            values += (min(lo / MAX_HAND, 1.0), min(hi / MAX_HAND, 1.0))
        if over:
            winner = state.winner
            one(sc + 31)
            if winner == seat:
                one(sc + 32)
            if winner is not None and winner == opp:
                one(sc + 33)
            if winner is not None and state.kills[winner]:
                one(sc + 34)
            if phase is Phase.OVER and state.swapped is not None:
                one(sc + 35)
        if phase is Phase.ROUNDS:
            play = state.commits.get(seat)
            if play is not None and play.kill:
                one(sc + 36)
        return ones, at, values

    def choices_state(self, state: GameState, seat: int,
                      view: Callable[[int], dict[str, Any]]) -> Choices:
        duel: DuelState = state  # type: ignore[assignment]
        phase = duel.phase
        ranks = self.state_ranks(duel, seat)
        if phase is Phase.CHOOSE_HAND:
            lazy = self._hand_choices(duel, seat, ranks[0])
            if lazy is not None:
                return lazy
        legal = duel.legal_actions(seat)
        actions = [a for a in legal if self.allowed(a)] if self.filters else legal
        seqs = [self._state_tokens(duel, seat, a, ranks) for a in actions]
        return Choices(dict(zip(reversed(seqs), reversed(actions), strict=True)))

    def _state_tokens(self, state: DuelState, seat: int, action: Action,
                      ranks: tuple[dict[str, int], dict[str, int]]) -> tuple[int, ...]:
        """:meth:`tokens` from the state (the same ids)."""
        if type(action) is Play:
            battle, items = ranks
            b = battle[action.card]
            s = 0 if action.show is None else items[action.show] + 1
            if b >= self.B or s > self.I:
                raise EncodingError(f"{action} is outside the encoding")
            return (self.PLAY + (b * (self.I + 1) + s) * 2 + int(action.kill),)
        if type(action) is Swap:
            loser = state.chosen[1 - seat]
            mine = state.chosen[seat]
            return (self.SWAP + MAX_HAND * loser.index(action.take) + mine.index(action.give),)
        if type(action) is ChooseHand:
            battle = ranks[0]
            key = tuple(sorted(battle[c] for c in action.cards))
            if key not in self.hand_id:
                raise EncodingError(f"the hand {action} is outside the encoding")
            return (self.hand_id[key],)
        return self.tokens({}, seat, action, ranks)  # the fixed ids need no view

    def _hand_choices(self, state: DuelState, seat: int,
                      battle: dict[str, int]) -> Choices | None:
        """The choice of hand as a lazy table: the legal hands are every hand of ``lo`` to
        ``hi`` of the eligible cards (``legal_actions``' definition), so their ids follow from
        the eligible cards' ranks and the limits; the actions are made only when asked for."""
        cards = state.eligible(seat)
        lo, hi = state.limits_for(seat, len(cards))
        ranked = tuple(battle[c] for c in cards)
        if ranked and max(ranked) >= self.B:
            return None  # outside the encoding: the generic path raises it
        key = (ranked, lo, hi)
        family = self._hand_families.get(key)
        if family is None:
            if len(self._hand_families) >= 256:
                self._hand_families.clear()
            hand_id = self.hand_id
            positions = [c for k in range(lo, hi + 1) for c in combinations(range(len(cards)), k)]
            ids = [hand_id[tuple(sorted([ranked[i] for i in combo]))] for combo in positions]
            family = self._hand_families[key] = (sorted(ids), dict(zip(ids, positions,
                                                                        strict=True)))
        return _HandChoices(family[0], family[1], tuple(cards))


class _HandChoices(Choices):
    """The choice of hand, made lazily: the ids (ascending), and the hand an id stands for
    (positions among the eligible ``cards``) built only when asked for."""

    __slots__ = ("_cards", "_ids", "_positions")

    def __init__(self, ids: list[int], positions: dict[int, tuple[int, ...]],
                 cards: tuple[str, ...]) -> None:
        self._next = {}
        self._ids = ids
        self._positions = positions
        self._cards = cards

    def _action(self, token: int) -> ChooseHand:
        cards = self._cards
        return _hand(tuple([cards[i] for i in self._positions[token]]))

    @property
    def table(self) -> dict[tuple[int, ...], Action]:  # type: ignore[override]
        return {(t,): self._action(t) for t in self._ids}

    def __bool__(self) -> bool:
        return bool(self._ids)

    def next_tokens(self, prefix: tuple[int, ...]) -> list[int]:
        return list(self._ids) if not prefix else []

    def advance(self, prefix: tuple[int, ...]) -> tuple[int, ...]:
        if not prefix and len(self._ids) == 1:  # the only hand: forced
            return (self._ids[0],)
        return prefix

    def action(self, prefix: tuple[int, ...]) -> Action | None:
        if len(prefix) == 1 and prefix[0] in self._positions:
            return self._action(prefix[0])
        return None
