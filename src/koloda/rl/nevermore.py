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
from koloda.rl.codec import Codec, EncodingError, Obs, one_hot

SEATS = 6
MAX_PASS = 5
MAX_RAVENS = 12
STAGES = ("pass", "magic", "commit", "react", "attack", "peck")
WINDOWS = ("", "draft", "end", "gap0", "gap1", "gap2", "gap3", "pass1", "pass2", "skulk")
STEPS = ("attack", "healing", "radiance", "victory", "skulking")
TOKEN_SUITS = ("attack", "healing", "radiance", "victory")
SUIT_NAMES = tuple(s.value for s in SUITS)
MAIN = 5 * PER_SUIT  # main cards are 0..59, the suit is card // 12


class NevermoreCodec(Codec):
    game_name = "nevermore"

    def __init__(self, game: Game, players: int) -> None:
        super().__init__(game, players)
        ms = game.options.magic_set
        self.magic_set = ms
        self.kinds = ms.kinds
        self.M = len(ms.kinds)
        # passes: multisets of suits of size 0-5, by size then lexicographically
        self.passes: list[tuple[int, ...]] = [
            c for k in range(MAX_PASS + 1) for c in combinations_with_replacement(range(5), k)]
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
        self._layout(("seats", (SEATS, self._seat_width)),
                     ("me", (5 + self.M + 2 * 4 * 5 + 5,)),
                     ("public", (64 + SEATS,)))

    def design(self, card: int) -> int:
        return int(self.magic_set.kind_of[card])

    def tokens(self, view: dict[str, Any], seat: int, action: Action) -> tuple[int, ...]:
        if isinstance(action, Pass):
            if len(action.cards) > MAX_PASS or not all(is_main(c) for c in action.cards):
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
        n = view["players"]
        info = view["players_info"]
        max_health = view["max_health"] or 1
        seats, _ = self.pieces["seats"]
        tie = view["tie_order"]
        for who in range(n):
            b = seats + self.rel(seat, who) * self._seat_width
            p = info[who]
            out[b] = 1.0
            out[b + 1] = float(view["dealer"] == who)
            out[b + 2] = float(who in view["to_act"])
            out[b + 3] = float(who in view["decided"])
            out[b + 4] = p["health"] / max_health
            out[b + 5] = p["vp"] / 8
            out[b + 6] = float(p["form"] == "raven")
            out[b + 7] = p["shield"] / 3
            out[b + 8] = p["hand"] / 10
            out[b + 9] = p["light"] / 5
            out[b + 10] = p["shadow"] / 5
            down = 0
            for card in p["table"]:
                if card.get("face_down") or card.get("suit") not in SUIT_NAMES:
                    down += 1
                else:
                    out[b + 11 + SUIT_NAMES.index(card["suit"])] += 1.0 / 12
            out[b + 16] = down / 12
            out[b + 17] = p["count"] / 12
            if who in tie:
                one_hot(out, b + 18, min(tie.index(who), SEATS - 1))

        me, _ = self.pieces["me"]
        you = view.get("you") or {}

        def suit_counts(cards: Sequence[Any], at: int, top: float) -> None:
            step = 1.0 / top
            for c in cards:
                cid = c["id"] if isinstance(c, dict) else c
                if isinstance(cid, int) and 0 <= cid < MAIN:
                    out[at + cid // PER_SUIT] += step

        suit_counts(you.get("hand", []), me, 12)
        for m in you.get("magic", []):
            out[me + 5 + self.design(m["id"])] += 1.0 / 3
        base = me + 5 + self.M
        for k, cards in enumerate((you.get("passed") or [])[:4]):
            suit_counts(cards, base + 5 * k, MAX_PASS)
        for k, cards in enumerate((you.get("received") or [])[:4]):
            suit_counts(cards, base + 20 + 5 * k, MAX_PASS)
        suit_counts(you.get("final_hand") or [], base + 40, 12)

        pub, _ = self.pieces["public"]
        out[pub] = view["round"] / max(getattr(self.game.options, "max_rounds", 0), 60)
        out[pub + 1] = float(view["direction"] == "right")
        stage = view["stage"]
        one_hot(out, pub + 2, STAGES.index(stage) if stage in STAGES else len(STAGES))
        out[pub + 9] = view["pass_no"] / 3
        out[pub + 10] = view["pass_size"] / MAX_PASS
        window = view["window"]
        one_hot(out, pub + 11, WINDOWS.index(window) if window in WINDOWS else len(WINDOWS))
        for k, suit in enumerate(view["tokens"][:4]):
            if suit in TOKEN_SUITS:
                out[pub + 22 + 4 * k + TOKEN_SUITS.index(suit)] = 1.0
        step = view["step"]
        one_hot(out, pub + 38, STEPS.index(step) if step in STEPS else None)
        for suit in view["revealed"]:
            if suit in TOKEN_SUITS:
                out[pub + 43 + TOKEN_SUITS.index(suit)] = 1.0
        out[pub + 47] = view["attack_amount"] / 4
        out[pub + 48] = view["deck"] / 60
        suit_counts(view["discard"], pub + 49, 12)
        out[pub + 54] = max_health / 10
        out[pub + 55] = float(view.get("result") is not None)
        winner = view.get("winner")
        if isinstance(winner, int) and winner >= 0:
            out[pub + 64 + self.rel(seat, winner)] = 1.0
