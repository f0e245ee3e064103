"""Nevermore's encoding (version 1): flat ids, laid out for 6 seats so every player count shares
the spaces; actions that the rules make identical share an id.

Main cards of one suit are interchangeable (only the suit is ever read), and so are copies of
one magic design: a pass is the multiset of suits passed, a commit (ravens, the multiset of
suit-like designs added), a play (design, relative target). Decoding takes the first legal
action of the class in Koloda's canonical order.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations_with_replacement
from typing import Any

from koloda.engine import Action, Game
from koloda.games.nevermore.actions import Attack, Commit, Done, Pass, Peck, Play
from koloda.games.nevermore.cards import PER_SUIT, SUITS, is_main, suit_of
from koloda.rl.codec import Codec, EncodingError, Obs

SEATS = 6
MAX_PASS = 3
MAX_RAVENS = 12
STAGES = ("pass", "magic", "commit", "react", "attack", "peck")
WINDOWS = ("", "draft", "end", "gap0", "gap1", "gap2", "gap3", "pass1", "pass2", "skulk")
STEPS = ("attack", "healing", "radiance", "victory", "skulking")
TOKEN_SUITS = ("attack", "healing", "radiance", "victory")
SUIT_NAMES = tuple(s.value for s in SUITS)
SUIT_AT = {name: i for i, name in enumerate(SUIT_NAMES)}
STAGE_AT = {name: i for i, name in enumerate(STAGES)}
WINDOW_AT = {name: i for i, name in enumerate(WINDOWS)}
STEP_AT = {name: i for i, name in enumerate(STEPS)}
TOKEN_AT = {name: i for i, name in enumerate(TOKEN_SUITS)}
MAIN = 5 * PER_SUIT  # main cards are 0..59, the suit is card // 12


class NevermoreCodec(Codec):
    game_name = "nevermore"

    def __init__(self, game: Game, players: int) -> None:
        super().__init__(game, players)
        ms = game.options.magic_set
        self.magic_set = ms
        self.kinds = ms.kinds
        self.M = len(ms.kinds)
        # passes: multisets of suits of size 3, 2, 1 (the three passes), then lexicographically
        self.passes: list[tuple[int, ...]] = [
            c for k in range(MAX_PASS, 0, -1) for c in combinations_with_replacement(range(5), k)]
        self.pass_id = {c: i for i, c in enumerate(self.passes)}
        # commits: the suit-like designs of each suit, with a mixed radix over their copies
        self.suitlike: dict[str, list[int]] = {}
        for i, k in sorted(enumerate(ms.kinds), key=lambda ik: ik[1].key):
            if k.suit is not None:
                self.suitlike.setdefault(k.suit.value, []).append(i)
        self.stride: dict[int, int] = {}
        self.C = 1
        for designs in self.suitlike.values():
            radix = 1
            for i in designs:
                self.stride[i] = radix
                radix *= ms.kinds[i].copies + 1
            self.C = max(self.C, radix)
        self.COMMIT = len(self.passes)
        self.PLAY = self.COMMIT + (MAX_RAVENS + 1) * self.C
        self.ATTACK = self.PLAY + self.M * (SEATS + 1)
        self.DONE = self.ATTACK + SEATS + 1
        self.PECK = self.DONE + 1
        self.noop = self.PECK + 1
        self.num_tokens = self.noop + 1
        self._seat_width = 24
        self._round_scale = max(int(game.options.max_rounds), 60)
        self._layout(("seats", (SEATS, self._seat_width)),
                     ("me", (5 + self.M + 2 * 4 * 5 + 5,)),
                     ("public", (64 + SEATS,)),
                     ("choice", (self.num_tokens,)))

    def design(self, card: int) -> int:
        return int(self.magic_set.kind_of[card])

    def tokens(self, view: dict[str, Any], seat: int, action: Action) -> tuple[int, ...]:
        if isinstance(action, Pass):
            if not 1 <= len(action.cards) <= MAX_PASS or not all(is_main(c) for c in action.cards):
                raise EncodingError(f"the pass {action} is outside the encoding")
            key = tuple(sorted(SUITS.index(suit_of(c)) for c in action.cards))
            return (self.pass_id[key],)
        if isinstance(action, Commit):
            if not 0 <= action.ravens <= MAX_RAVENS:
                raise EncodingError(f"{action}: more ravens than the encoding holds")
            code = sum(self.stride[self.design(c)] for c in action.magic)
            return (self.COMMIT + action.ravens * self.C + code,)
        if isinstance(action, Play):
            t = 0 if action.target < 0 else 1 + self.rel(seat, action.target)
            return (self.PLAY + self.design(action.card) * (SEATS + 1) + t,)
        if isinstance(action, Attack):
            t = 0 if action.target < 0 else 1 + self.rel(seat, action.target)
            return (self.ATTACK + t,)
        if isinstance(action, Done):
            return (self.DONE,)
        if isinstance(action, Peck):
            return (self.PECK,)
        raise EncodingError(f"not a Nevermore action: {action!r}")

    def token_text(self, token: int) -> str:
        letters = "AHSVR"
        if 0 <= token < self.COMMIT:
            return "pass " + ("".join(letters[s] for s in self.passes[token]) or "-")
        if token < self.PLAY:
            r, code = divmod(token - self.COMMIT, self.C)
            return f"commit ravens={r} magic#{code}"
        if token < self.ATTACK:
            d, t = divmod(token - self.PLAY, SEATS + 1)
            return f"play {self.kinds[d].key}" + (f" seat+{t - 1}" if t else "")
        if token < self.DONE:
            t = token - self.ATTACK
            return "attack all" if t == 0 else f"attack seat+{t - 1}"
        fixed = {self.DONE: "done", self.PECK: "peck", self.noop: "noop"}
        if token in fixed:
            return fixed[token]
        raise EncodingError(f"no Nevermore token {token}")

    def encode(self, view: dict[str, Any], seat: int, prefix: Sequence[int], out: Obs) -> None:
        # written into a list first (cheaper per item than a numpy array), copied once
        v = [0.0] * self.obs_size
        n = view["players"]
        info = view["players_info"]
        max_health = view["max_health"] or 1
        dealer = view["dealer"]
        to_act = view["to_act"]
        decided = view["decided"]
        tie = view["tie_order"]
        width = self._seat_width
        for who in range(n):
            b = ((who - seat) % n) * width
            p = info[who]
            v[b] = 1.0
            v[b + 1] = float(dealer == who)
            v[b + 2] = float(who in to_act)
            v[b + 3] = float(who in decided)
            v[b + 4] = p["health"] / max_health
            v[b + 5] = p["vp"] / 8
            v[b + 6] = float(p["form"] == "raven")
            v[b + 7] = p["shield"] / 3
            v[b + 8] = p["hand"] / 10
            v[b + 9] = p["light"] / 5
            v[b + 10] = p["shadow"] / 5
            down = 0
            for card in p["table"]:
                i = SUIT_AT.get(card.get("suit"))
                if card.get("face_down") or i is None:
                    down += 1
                else:
                    v[b + 11 + i] += 1.0 / 12
            v[b + 16] = down / 12
            v[b + 17] = p["count"] / 12
            if who in tie:
                v[b + 18 + min(tie.index(who), SEATS - 1)] = 1.0

        me = self.pieces["me"][0]
        you = view.get("you") or {}

        def suit_counts(cards: Sequence[Any], at: int, top: float) -> None:
            step = 1.0 / top
            for c in cards:
                cid = c["id"] if type(c) is dict else c
                if type(cid) is int and 0 <= cid < MAIN:
                    v[at + cid // PER_SUIT] += step

        suit_counts(you.get("hand", ()), me, 12)
        kind_of = self.magic_set.kind_of
        for m in you.get("magic", ()):
            v[me + 5 + kind_of[m["id"]]] += 1.0 / 3
        base = me + 5 + self.M
        # (a magic card that passes whole hands makes an entry of up to 5 cards)
        for k, cards in enumerate((you.get("passed") or ())[:4]):
            suit_counts(cards, base + 5 * k, 5)
        for k, cards in enumerate((you.get("received") or ())[:4]):
            suit_counts(cards, base + 20 + 5 * k, 5)
        suit_counts(you.get("final_hand") or (), base + 40, 12)

        pub = self.pieces["public"][0]
        v[pub] = view["round"] / self._round_scale
        v[pub + 1] = float(view["direction"] == "right")
        v[pub + 2 + STAGE_AT.get(view["stage"], len(STAGES))] = 1.0
        v[pub + 9] = view["pass_no"] / 3
        v[pub + 10] = view["pass_size"] / 5
        v[pub + 11 + WINDOW_AT.get(view["window"], len(WINDOWS))] = 1.0
        for k, suit in enumerate(view["tokens"][:4]):
            i = TOKEN_AT.get(suit)
            if i is not None:
                v[pub + 22 + 4 * k + i] = 1.0
        i = STEP_AT.get(view["step"])
        if i is not None:
            v[pub + 38 + i] = 1.0
        for suit in view["revealed"]:
            i = TOKEN_AT.get(suit)
            if i is not None:
                v[pub + 43 + i] = 1.0
        v[pub + 47] = view["attack_amount"] / 4
        v[pub + 48] = view["deck"] / 60
        suit_counts(view["discard"], pub + 49, 12)
        v[pub + 54] = max_health / 10
        v[pub + 55] = float(view.get("result") is not None)
        winner = view.get("winner")
        if type(winner) is int and winner >= 0:
            v[pub + 64 + (winner - seat) % n] = 1.0
        # my own hidden choice in this step, as its id
        choice = you.get("choice")
        if choice:
            action = self.game.parse_action(choice)
            v[self.pieces["choice"][0] + self.tokens(view, seat, action)[0]] = 1.0
        out[:] = v
