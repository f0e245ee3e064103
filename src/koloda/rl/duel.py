"""The duel's encoding (version 1): one flat id per Koloda action, and an 11-slot-wide tensor.

Ids (``docs/rl.md`` has the table): B = the duel's ``deck_size`` battle ranks, I = ``items``
item ranks; a seat's battle (item) cards are ranked by id among its own cards, so a rank says
nothing beyond the seat's own deck. ``HAND`` ranks every hand of 0-5 battle ranks by size,
then lexicographically; ``PLAY`` is (battle rank, shown item rank or none, kill); ``SWAP`` is
(position in the loser's chosen hand, position in one's own chosen hand), both visible to the
winner. The opponent's cards never enter an id.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Any

from koloda.engine import Action, Game
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
from koloda.rl.codec import Codec, EncodingError, Obs, one_hot

DESIGNS: tuple[str, ...] = BATTLE_KEYS + ITEM_KEYS
DESIGN_INDEX = {k: i for i, k in enumerate(DESIGNS)}
MAX_HAND = 5
#: rounds kept in the tensor (a hand holds at most 5 cards)
ROUNDS = 9
PHASES = ("choose_hand", "rounds", "swap", "over")
ZONES = ("deck", "hand", "played", "shown", "discard")


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
                     ("scalars", (36,)))

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

    # --- the tensor ----------------------------------------------------------------------

    def encode(self, view: dict[str, Any], seat: int, prefix: Sequence[int], out: Obs) -> None:
        cards = view["cards"]
        me = view["me"]
        opp = 1 - seat
        d = len(DESIGNS)

        def design(cid: str | None) -> int | None:
            if cid is None or cid not in cards:
                return None
            return DESIGN_INDEX.get(cards[cid]["key"])

        # own cards, by rank
        battle, items = self.ranks(view)
        own, _ = self.pieces["own"]
        zone_of: dict[str, int] = {}
        for z, name in enumerate(ZONES):
            for cid in me[name]:
                zone_of.setdefault(cid, z)
        chosen = set(me["chosen"])
        commit = me.get("commit")
        committed = set()
        if isinstance(commit, dict):
            committed = {v for v in commit.values() if isinstance(v, str)}
        elif isinstance(commit, str):
            committed = set(commit.split())
        for cid, slot in [*battle.items(), *((c, self.B + r) for c, r in items.items())]:
            if slot >= self.slots or (cid in battle and battle[cid] >= self.B) or (
                    cid in items and items[cid] >= self.I):
                continue
            base = own + slot * self._slot_width
            out[base] = 1.0
            one_hot(out, base + 1, design(cid))
            one_hot(out, base + 1 + d, zone_of.get(cid))
            out[base + 1 + d + len(ZONES)] = float(cid in committed)
            out[base + 2 + d + len(ZONES)] = float(cid in chosen)

        # finished rounds
        rounds, _ = self.pieces["rounds"]
        for i, rnd in enumerate(view["rounds"][:ROUNDS]):
            base = rounds + i * self._round_width
            out[base] = 1.0
            for side, who in enumerate((seat, opp)):
                b = base + 1 + side * (2 * d + 3)
                cid = rnd["cards"][who]
                if design(cid) is None:
                    out[b] = 1.0  # no card
                else:
                    one_hot(out, b + 1, design(cid))
                one_hot(out, b + 1 + d, design(rnd["shown"][who]))
                out[b + 1 + 2 * d] = float(bool(rnd["kills"][who]))
                out[b + 2 + 2 * d] = float(rnd["winner"] == who)

        # the loser's hand, for the winner
        lh, _ = self.pieces["loser_hand"]
        loser = view.get("loser_hand")
        if loser:
            for i, cid in enumerate(loser["cards"][:MAX_HAND]):
                out[lh + i * (d + 1)] = 1.0
                one_hot(out, lh + i * (d + 1) + 1, design(cid))

        # scalars
        sc, _ = self.pieces["scalars"]
        one_hot(out, sc, PHASES.index(view["phase"]) if view["phase"] in PHASES else None)
        out[sc + 4 + seat] = 1.0
        out[sc + 6] = view["round"] / ROUNDS
        need = view["options"]["rounds_to_win"]
        offer = view.get("offer")
        limits = me.get("hand_limits") or [0, 0]
        for side, who in enumerate((seat, opp)):
            b = sc + 7 + side * 11
            duellist = view["duellists"][who]
            out[b] = view["wins"][who] / need
            out[b + 1] = float(who in view["to_act"])
            out[b + 2] = float(who in view["committed"])
            out[b + 3] = float(offer == who)
            out[b + 4] = float(bool(view["offers_made"][who]))
            out[b + 5] = float(bool(duellist["kill_declared"]))
            size = duellist["hand_size"]
            out[b + 6] = 1.0 if size is None else 0.0
            out[b + 7] = (size or 0) / MAX_HAND
            out[b + 8] = (len(duellist["played"])) / MAX_HAND
            out[b + 9] = (len(duellist["shown"])) / 3
            out[b + 10] = float(view.get("options", {}).get("attacker") == who)
        out[sc + 29] = limits[0] / MAX_HAND
        out[sc + 30] = limits[1] / MAX_HAND
        result = view.get("result")
        if result:
            out[sc + 31] = 1.0
            out[sc + 32] = float(result.get("winner") == seat)
            out[sc + 33] = float(result.get("winner") == opp)
            out[sc + 34] = float(result.get("killed") is not None)
            out[sc + 35] = float(bool(result.get("swapped")))
