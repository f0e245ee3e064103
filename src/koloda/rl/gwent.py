"""Gwent's encoding (version 1): each Koloda action is a short sequence of tokens, ended by
``STOP`` (so no sequence is a prefix of another).

Card tokens name card *instances* (``nr_catapult#2``) of a fixed universe: every design of the
deck lists with as many copies as the match can number. Stack tokens are public stack ids.

==========================  ======================================================
Koloda action               tokens
==========================  ======================================================
``deck N``                  ``DECK(N) STOP``
``pass`` / ``end``          ``PASS STOP`` / ``END STOP``
``name S s``                ``NAME SIDE(S) SUIT(s) STOP``
``play C[:s][+D]@new|@sK``  ``PLAY CARD(C) [SUIT(s)] [DECOY CARD(D)] NEW|STACK(K) STOP``
``medic C[+D] T1[:s],…``    ``MEDIC CARD(C) [DECOY CARD(D)] (CARD(T) [SUIT(s)])… STOP``
``spy C``                   ``SPY CARD(C) STOP``
``scorch C T``              ``SCORCH CARD(C) CARD(T) STOP``
``throw S C1[:s],…``        ``THROW SIDE(S) (CARD(C) [SUIT(s)])… STOP``
==========================  ======================================================
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from koloda.engine import Action, Game
from koloda.games.gwent.actions import (
    SUITS,
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
from koloda.rl.codec import Codec, EncodingError, Obs, one_hot

SEATS = 4
MAX_STACKS = 48
MAX_DECKS = 8
#: prefix positions encoded one-hot each; later positions share one multi-hot
PREFIX_POSITIONS = 6
FIXED = ("NOOP", "STOP", "PASS", "END", "PLAY", "MEDIC", "SPY", "SCORCH", "THROW", "NAME",
         "NEW", "DECOY", "SIDE att", "SIDE def", "SUIT close", "SUIT ranged", "SUIT siege")
(NOOP, STOP, PASS, END, PLAY, MEDIC, SPY, SCORCH, THROW, NAME, NEW, DECOY) = range(12)
SIDE = 12
SUIT = 14
PHASES = ("choose", "play", "over")
CARD_PLANES = ("hand", "my_neutrals", "pending", "my_throw", "my_throw_close",
               "my_throw_ranged", "my_throw_siege", *(
    f"{zone}{r}" for zone in ("open", "covered", "known", "discards", "spent")
    for r in range(SEATS)))
PLANE = {name: i for i, name in enumerate(CARD_PLANES)}


def universe(game: Game) -> list[str]:
    """Every card instance a match with these options can number, by design then copy."""
    opts = game.options
    lists = opts.deck_lists
    seat_list = tuple(opts.seat_list) if opts.seat_list else ()
    copies: Counter[str] = Counter()
    for name, cards in lists.decks.items():
        times = max(1, seat_list.count(name))
        for cid, k in Counter(cards).items():
            copies[cid] += k * times
    for cid, k in Counter(lists.neutral).items():
        copies[cid] += k
    return [f"{cid}#{i}" for cid in sorted(copies) for i in range(1, copies[cid] + 1)]


class GwentCodec(Codec):
    game_name = "gwent"

    def __init__(self, game: Game, players: int) -> None:
        super().__init__(game, players)
        self.deck_names = list(game.options.deck_lists.decks)
        if len(self.deck_names) > MAX_DECKS:
            raise EncodingError(f"at most {MAX_DECKS} deck lists fit the encoding")
        self.cards = universe(game)
        self.DECK = len(FIXED)
        self.STACK = self.DECK + MAX_DECKS
        self.CARD = self.STACK + MAX_STACKS
        self.card_token = {c: self.CARD + i for i, c in enumerate(self.cards)}
        self.num_tokens = self.CARD + len(self.cards)
        self.noop = NOOP
        self.max_tokens = 4 + 2 * 20
        U = len(self.cards)
        self._stack_width = 22
        self._layout(("cards", (len(CARD_PLANES), U)),
                     ("stacks", (MAX_STACKS, self._stack_width)),
                     ("public", (40 + SEATS * (9 + MAX_DECKS),)),
                     ("prefix", (PREFIX_POSITIONS + 1, self.num_tokens)),
                     ("round_damage", (4, SEATS)))

    def card(self, instance: str) -> int:
        try:
            return self.card_token[instance]
        except KeyError:
            raise EncodingError(f"the card {instance!r} is outside the encoding") from None

    def _suited(self, cards: tuple[str, ...], suits: tuple[tuple[str, str], ...]) -> list[int]:
        chosen = dict(suits)
        out: list[int] = []
        for c in cards:
            out.append(self.card(c))
            if c in chosen:
                out.append(SUIT + SUITS.index(chosen[c]))
        return out

    def tokens(self, view: dict[str, Any], seat: int, action: Action) -> tuple[int, ...]:
        if isinstance(action, Pass):
            return (PASS, STOP)
        if isinstance(action, EndAction):
            return (END, STOP)
        if isinstance(action, ChooseDeck):
            return (self.DECK + self.deck_names.index(action.deck), STOP)
        if isinstance(action, NameSuit):
            return (NAME, SIDE + action.side, SUIT + SUITS.index(action.suit), STOP)
        if isinstance(action, Play):
            seq = [PLAY, self.card(action.card)]
            if action.suit:
                seq.append(SUIT + SUITS.index(action.suit))
            if action.decoy:
                seq += [DECOY, self.card(action.decoy)]
            if action.target < 0:
                seq.append(NEW)
            elif action.target < MAX_STACKS:
                seq.append(self.STACK + action.target)
            else:
                raise EncodingError(f"{action}: stack ids end at {MAX_STACKS - 1}")
            return (*seq, STOP)
        if isinstance(action, Medic):
            seq = [MEDIC, self.card(action.card)]
            if action.decoy:
                seq += [DECOY, self.card(action.decoy)]
            return (*seq, *self._suited(action.targets, action.suits), STOP)
        if isinstance(action, Spy):
            return (SPY, self.card(action.card), STOP)
        if isinstance(action, Scorch):
            return (SCORCH, self.card(action.card), self.card(action.target), STOP)
        if isinstance(action, Throw):
            return (THROW, SIDE + action.side, *self._suited(action.cards, action.suits), STOP)
        raise EncodingError(f"not a Gwent action: {action!r}")

    def token_text(self, token: int) -> str:
        if 0 <= token < len(FIXED):
            return FIXED[token]
        if token < self.STACK:
            k = token - self.DECK
            return f"DECK {self.deck_names[k]}" if k < len(self.deck_names) else f"DECK #{k}"
        if token < self.CARD:
            return f"STACK {token - self.STACK}"
        if token < self.num_tokens:
            return f"CARD {self.cards[token - self.CARD]}"
        raise EncodingError(f"no Gwent token {token}")

    def encode(self, view: dict[str, Any], seat: int, prefix: Sequence[int], out: Obs) -> None:
        U = len(self.cards)
        cards, _ = self.pieces["cards"]
        index = self.card_token
        base = self.CARD

        ones: list[int] = []
        get = index.get

        def mark(plane: str, instances: Sequence[str] | None) -> None:
            if not instances:
                return
            at = cards + PLANE[plane] * U - base
            for c in instances:
                token = get(c)
                if token is None:
                    token = get(c.partition(":")[0])
                if token is not None:
                    ones.append(at + token)

        rel = self.rel
        mark("hand", view["hand"])
        mark("my_neutrals", view["my_neutrals"])
        for who in range(view["players"]):
            r = rel(seat, who)
            mark(f"known{r}", view["known_in_hand"][who])
            mark(f"discards{r}", view["discards"][who])
            mark(f"spent{r}", view["spent"][who])
        ex = view["exchange"]
        stacks, _ = self.pieces["stacks"]
        if ex is not None:
            mark("pending", ex["pending"])
            for st in ex["stacks"]:
                sid = st["id"]
                if not 0 <= sid < MAX_STACKS:
                    continue
                if st.get("open_card") and st["owner"] >= 0:
                    mark(f"open{rel(seat, st['owner'])}", [st["open_card"]])
                for layer in st["layers"]:
                    covered = [c for c in layer["cards"] if c != st.get("open_card")]
                    mark(f"covered{rel(seat, layer['seat'])}", covered)
                b = stacks + sid * self._stack_width
                out[b] = 1.0
                one_hot(out, b + 1, st["presses_on"])
                out[b + 3] = st["damage"] / 20
                out[b + 4] = st["value"] / 20
                out[b + 5] = st["printed"] / 15
                if st["suit"] in SUITS:
                    out[b + 6 + SUITS.index(st["suit"])] = 1.0
                out[b + 9] = float(bool(st["trump"]))
                out[b + 10] = float(bool(st["ultima"]))
                out[b + 11] = st["partial"] / 10
                if st["owner"] >= 0:
                    out[b + 12 + rel(seat, st["owner"])] = 1.0
                if st["thrower"] >= 0:
                    out[b + 16 + rel(seat, st["thrower"])] = 1.0
                else:
                    out[b + 20] = 1.0
                out[b + 21] = (len(st["layers"])) / 10
        throw = view["throw_in"]
        mine = throw.get("mine") if throw is not None else None
        if mine:
            # my hidden throw-in: the side, the cards, the suit each agile card is thrown as
            side, *thrown = mine
            mark("my_throw", thrown)
            for c in thrown:
                card, _, suit = c.partition(":")
                if suit in SUITS:
                    mark(f"my_throw_{suit}", [card])

        pub, _ = self.pieces["public"]
        one_hot(out, pub, PHASES.index(view["phase"]) if view["phase"] in PHASES else None)
        out[pub + 3] = view["round"] / 4
        one_hot(out, pub + 4, view["players"] - 2)
        one_hot(out, pub + 7, seat)
        out[pub + 11] = view["aside"] / 10
        out[pub + 12] = float(bool(view["by_die"]))
        if ex is not None:
            out[pub + 13] = 1.0
            out[pub + 14] = ex["number"] / 60
            ap = ex["ap"]
            out[pub + 15] = ap[0] / 3
            out[pub + 16] = ap[1] / 3
            out[pub + 17] = ex["turn"] / 1
            out[pub + 18] = float(bool(ex["opened"]))
            out[pub + 19] = float(bool(ex["acting"]))
            out[pub + 20] = ex["units"] / 10
            out[pub + 21] = ex["max_units"] / 10
            for side, named in enumerate(ex["named"][:2]):
                if named in SUITS:
                    out[pub + 22 + 3 * side + SUITS.index(named)] = 1.0
            out[pub + 28] = (len(ex["reversals"])) / 4
        if throw is not None:
            out[pub + 29] = 1.0
        if mine:
            out[pub + 34 + (1 if mine[0] == "1" else 0)] = 1.0
        per = pub + 40
        width = 9 + MAX_DECKS
        order = view["dice_order"]
        for who in range(view["players"]):
            b = per + rel(seat, who) * width
            out[b] = 1.0
            out[b + 1] = view["points"][who] / 4
            out[b + 2] = view["damage"][who] / 60
            out[b + 3] = view["hand_counts"][who] / 20
            out[b + 4] = view["deck_counts"][who] / 40
            out[b + 5] = float(who in view["to_act"])
            out[b + 6] = float(who in view["winners"])
            if ex is not None:
                out[b + 7] = float(ex["attacker"] == who) + 0.5 * float(ex["defender"] == who)
            if throw is not None:
                out[b + 8] = 0.5 * float(who in throw["seats"]) + 0.5 * float(
                    who in throw["decided"])
            name = view["decks"][who]
            if name in self.deck_names:
                out[b + 9 + self.deck_names.index(name)] = 1.0
        for k, who in enumerate(order[:SEATS]):
            out[pub + 30 + k] = (rel(seat, who) + 1) / SEATS
        out[ones] = 1.0
        rd = self.pieces["round_damage"][0]
        for k, damage in enumerate(view["round_damage"][:4]):
            for who, amount in enumerate(damage):
                out[rd + k * SEATS + rel(seat, who)] = amount / 60
        pre, _ = self.pieces["prefix"]
        n = self.num_tokens
        for k, token in enumerate(prefix):
            row = min(k, PREFIX_POSITIONS)
            out[pre + row * n + token] = 1.0
