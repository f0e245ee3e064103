"""The Nevermore state: plain data, the checked protocol, and the stage each decision belongs to.

The flow of a round is declared as a queue of :class:`Task` values (see :mod:`.flow`): deal,
magic window, three passes, the Conspiracy check, four suit steps (flip, window, commit,
resolve), the skulking ravens, the end phase. Tasks run until one needs decisions; the seats
that must decide are ``waiting`` and the :class:`Stage` says what kind of decision it is.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from itertools import combinations
from typing import Any, Self

from koloda.engine.rng import Rng
from koloda.engine.state import Action, GameState, Result
from koloda.games.nevermore import actions as A
from koloda.games.nevermore.cards import SUITS, TOKEN_SUITS, Suit, count_suit, suit_of
from koloda.games.nevermore.magic import (
    Damage,
    DiscardSuit,
    MagicSet,
    PassHands,
    Target,
    needs_target,
)
from koloda.games.nevermore.options import NevermoreOptions

#: A resolution token's text → its suit (faster than calling the enum).
_SUIT_OF_TOKEN: dict[str, Suit] = {s.value: s for s in Suit}

PASS_SIZES = (3, 2, 1)


class Stage(StrEnum):
    """What the seats in ``to_act`` decide."""

    RUNNING = "running"  # no decision pending (only between tasks)
    PASS = "pass"  # a draft pass, simultaneous
    COMMIT = "commit"  # a suit step's commit, simultaneous
    MAGIC = "magic"  # a magic window, simultaneous
    ATTACK = "attack"  # an Attack leader chooses the blow
    PECK = "peck"  # a raven leader chooses to peck or not
    REACT = "react"  # a Play Any Time reply to a blow that would turn its holder into a raven
    OVER = "over"


@dataclass
class Task:
    """One item of the round's declared flow (see :mod:`.flow` for the kinds)."""

    kind: str
    seat: int = -1
    target: int = -1
    amount: int = 0
    tag: str = ""


@dataclass(kw_only=True)
class NevermoreState(GameState):
    """The whole state of a game of Nevermore (hidden parts included)."""

    options: NevermoreOptions = field(default_factory=NevermoreOptions)
    round: int = 1
    dealer: int = 0
    direction: int = 1  # +1: left (налево, seat+1); -1: right
    health: list[int] = field(default_factory=list)
    vp: list[int] = field(default_factory=list)
    raven: list[bool] = field(default_factory=list)  # raven form (обличие ворона)
    shield: list[int] = field(default_factory=list)
    deck: list[int] = field(default_factory=list)  # main deck, top at the end
    discard: list[int] = field(default_factory=list)
    hands: list[list[int]] = field(default_factory=list)
    final_hands: list[list[int]] = field(default_factory=list)
    table: list[list[int]] = field(default_factory=list)  # main cards played this round
    face_down: list[list[int]] = field(default_factory=list)  # cancelled cards and their ravens
    passed: list[list[list[int]]] = field(default_factory=list)
    received: list[list[list[int]]] = field(default_factory=list)
    magic: list[list[int]] = field(default_factory=list)
    light_deck: list[int] = field(default_factory=list)
    shadow_deck: list[int] = field(default_factory=list)
    light_discard: list[int] = field(default_factory=list)
    shadow_discard: list[int] = field(default_factory=list)
    tokens: list[str] = field(default_factory=list)
    flipped: int = 0
    revealed: list[str] = field(default_factory=list)
    step: int = -1
    pass_no: int = 0
    window: str = ""
    stage: Stage = Stage.RUNNING
    waiting: list[int] = field(default_factory=list)
    choices: dict[int, str] = field(default_factory=dict)
    amount: int = 0  # the Attack leader's damage, for ATTACK decisions
    counts: list[int] = field(default_factory=list)  # the last step's counts
    tasks: list[Task] = field(default_factory=list)
    winner: int = -1
    win_reason: str = ""
    stopped: bool = False

    # --- facts ------------------------------------------------------------------------------

    @property
    def magic_set(self) -> MagicSet:
        return self.options.magic_set

    @property
    def max_health(self) -> int:
        """5 with 3-4 players, 4 with 5-6 (also the starting health)."""
        return 5 if self.players <= 4 else 4

    @property
    def return_health(self) -> int:
        """Health on returning to human form: 4 (3-4 players) or 3 (5-6)."""
        return self.max_health - 1

    def tie_order(self) -> list[int]:
        """Seats from the dealer's neighbour in this round's passing direction, dealer last."""
        n = self.players
        return [(self.dealer + self.direction * k) % n for k in range(1, n + 1)]

    def humans(self) -> list[int]:
        return [s for s in range(self.players) if not self.raven[s]]

    def current_suit(self) -> Suit | None:
        if 0 <= self.step < len(self.tokens):
            return _SUIT_OF_TOKEN[self.tokens[self.step]]
        return None

    # --- the protocol -----------------------------------------------------------------------

    @classmethod
    def initial(cls, options: Any, *, players: int, seed: int) -> Self:
        from koloda.games.nevermore.flow import new_game

        return new_game(cls, options, players=players, seed=seed)

    @classmethod
    def from_setup(cls, options: Any, *, players: int, seed: int, setup: Mapping[str, Any]) -> Self:
        from koloda.games.nevermore.setup import from_setup

        return from_setup(cls, options, players=players, seed=seed, setup=setup)

    @classmethod
    def parse_action(cls, text: str) -> Action:
        return A.parse_action(text)

    @property
    def to_act(self) -> tuple[int, ...]:
        if self.winner >= 0 or self.stopped:
            return ()
        return tuple(sorted(s for s in self.waiting if s not in self.choices))

    @property
    def is_terminal(self) -> bool:
        return self.winner >= 0 or self.stopped

    def result(self) -> Result | None:
        if self.winner >= 0:
            scores = tuple(1.0 if s == self.winner else 0.0 for s in range(self.players))
            return Result(scores=scores, summary=f"seat {self.winner} wins ({self.win_reason})")
        if self.stopped:
            return Result(scores=(0.0,) * self.players,
                          summary=f"stopped after {self.round} rounds without a winner")
        return None

    # --- legal actions ----------------------------------------------------------------------

    def commit_range(self, seat: int) -> tuple[int, int]:
        """How many ravens may cancel cards of the current suit: at least enough that the
        ravens left do not outnumber the other cards still to be revealed, at most one per card
        of the suit (and no more ravens than held)."""
        suit = self.current_suit()
        assert suit is not None
        hand = self.hands[seat]
        k = count_suit(hand, suit)
        r = count_suit(hand, Suit.RAVEN)
        others = sum(count_suit(hand, _SUIT_OF_TOKEN[t]) for t in self.tokens[self.step + 1:])
        hi = min(k, r)
        lo = min(hi, max(0, r - others))
        return lo, hi

    def suit_magic(self, seat: int) -> list[int]:
        """The suit-like magic cards of ``seat`` for the current step."""
        suit = self.current_suit()
        ms = self.magic_set
        return [m for m in self.magic[seat] if ms.card(m).suit == suit]

    def playable(self, seat: int, *, react: bool = False) -> list[int]:
        """Magic cards ``seat`` may play in the open window (or as a reply: anytime only)."""
        if react:
            allowed: frozenset[str] = frozenset()
        else:
            from koloda.games.nevermore.flow import window_timings

            allowed = window_timings(self, self.window)
        ms = self.magic_set
        out = [m for m in sorted(self.magic[seat])
               if ms.card(m).timing != "suit" and ms.card(m).playable_in(allowed)]
        if self.pass_no > 0:
            # between two draft passes the hands must stay five cards each and every card one
            # pass along: no forced pass of whole hands, no discarding a suit
            out = [m for m in out if not any(isinstance(v, PassHands | DiscardSuit)
                                             for v in self.effect_for(seat, m))]
        return out

    def effect_for(self, seat: int, card: int) -> tuple[Any, ...]:
        kind = self.magic_set.card(card)
        if self.raven[seat] and kind.raven_effect is not None:
            return kind.raven_effect
        return kind.effect

    def targets_for(self, seat: int, card: int) -> list[int]:
        """The players ``card`` may be played on (empty list: it needs no target)."""
        effect = self.effect_for(seat, card)
        if not needs_target(effect):
            return []
        if any(isinstance(v, Damage) and v.target == Target.CHOSEN for v in effect):
            return [s for s in range(self.players) if s != seat and not self.raven[s]]
        return [s for s in range(self.players) if s != seat]

    def _plays(self, seat: int, cards: list[int]) -> list[Action]:
        out: list[Action] = []
        for m in cards:
            targets = self.targets_for(seat, m)
            if needs_target(self.effect_for(seat, m)):
                out.extend(A.Play(m, t) for t in targets)
            else:
                out.append(A.Play(m))
        return out

    def attack_targets(self, seat: int) -> list[int]:
        return [s for s in range(self.players) if s != seat and not self.raven[s]]

    def random_action(self, seat: int, rng: Rng) -> Action:
        """A draft pass or a commit drawn uniformly from the legal ones without listing them
        (a pass: ``size`` hand cards at random; a commit: a number of ravens in its range, then
        each suit-like magic card in or out with even odds — every pair equally likely);
        elsewhere the kernel's draw from the list."""
        if seat in self.waiting and seat not in self.choices and not self.is_terminal:
            st = self.stage
            if st == Stage.PASS:
                size = PASS_SIZES[self.pass_no - 1]
                hand = sorted(self.hands[seat])
                n = len(hand)
                if 0 <= size <= n:
                    pool = list(range(n))
                    for i in range(size):
                        j = i + rng.randbelow(n - i)
                        pool[i], pool[j] = pool[j], pool[i]
                    return A.Pass(tuple(hand[i] for i in sorted(pool[:size])))
            elif st == Stage.COMMIT:
                lo, hi = self.commit_range(seat)
                extra = sorted(self.suit_magic(seat))
                r = lo + rng.randbelow(hi - lo + 1)
                mask = rng.randbelow(1 << len(extra))
                return A.Commit(r, tuple(m for i, m in enumerate(extra) if mask >> i & 1))
        return super().random_action(seat, rng)

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.waiting or self.is_terminal or seat in self.choices:
            return []
        st = self.stage
        if st == Stage.PASS:
            size = PASS_SIZES[self.pass_no - 1]
            return [A.Pass(c) for c in combinations(sorted(self.hands[seat]), size)]
        if st == Stage.COMMIT:
            lo, hi = self.commit_range(seat)
            extra = sorted(self.suit_magic(seat))
            subsets = [c for k in range(len(extra) + 1) for c in combinations(extra, k)]
            return [A.Commit(r, m) for r in range(lo, hi + 1) for m in subsets]
        if st == Stage.MAGIC:
            return [A.Done(), *self._plays(seat, self.playable(seat))]
        if st == Stage.REACT:
            return [A.Done(), *self._plays(seat, self.playable(seat, react=True))]
        if st == Stage.ATTACK:
            out: list[Action] = [A.Attack(t) for t in self.attack_targets(seat)]
            if self.amount >= 4:
                out.append(A.Attack(-1))
            return out
        if st == Stage.PECK:
            return [A.Peck(), A.Done()]
        return []

    def check(self, seat: int, action: Action) -> str | None:
        if seat in self.choices:
            return "this seat has already decided in this step"
        st = self.stage
        if st == Stage.PASS:
            if not isinstance(action, A.Pass):
                return f"now is a draft pass: pass {PASS_SIZES[self.pass_no - 1]} card(s)"
            size = PASS_SIZES[self.pass_no - 1]
            if len(action.cards) != size:
                return f"pass {self.pass_no} passes exactly {size} card(s), not {len(action.cards)}"
            if len(set(action.cards)) != size:
                return "a card is named twice"
            missing = [c for c in action.cards if c not in self.hands[seat]]
            if missing:
                return f"card {missing[0]} is not in your hand"
            return None
        if st == Stage.COMMIT:
            if not isinstance(action, A.Commit):
                return "now every player commits the cards of the named suit ('commit N')"
            lo, hi = self.commit_range(seat)
            if not lo <= action.ravens <= hi:
                return (f"the number of cancelling ravens must be {lo}" if lo == hi else
                        f"the number of cancelling ravens must be between {lo} and {hi}")
            own = self.suit_magic(seat)
            if len(set(action.magic)) != len(action.magic) or any(m not in own
                                                                   for m in action.magic):
                return "only your own suit-like magic cards of this suit can be added"
            return None
        if st in (Stage.MAGIC, Stage.REACT):
            if isinstance(action, A.Done):
                return None
            if not isinstance(action, A.Play):
                return "now is a magic window: 'play CARD [SEAT]' or 'done'"
            if action.card not in self.magic[seat]:
                return f"magic card {action.card} is not in your hand"
            if action.card not in self.playable(seat, react=st == Stage.REACT):
                return "that card cannot be played now (see its timing)"
            targets = self.targets_for(seat, action.card)
            if needs_target(self.effect_for(seat, action.card)):
                if action.target not in targets:
                    return "that card needs a target: another player in human form"
            elif action.target >= 0:
                return "that card takes no target"
            return None
        if st == Stage.ATTACK:
            if not isinstance(action, A.Attack):
                return "the Attack leader chooses the blow: 'attack SEAT' or 'attack all'"
            if action.target < 0:
                return None if self.amount >= 4 else "'attack all' needs 4 or more damage"
            if action.target not in self.attack_targets(seat):
                return "the target must be another player in human form"
            return None
        if st == Stage.PECK:
            if isinstance(action, A.Peck | A.Done):
                return None
            return "a raven leader chooses 'peck' or 'done'"
        return "nothing to decide now"

    def _apply(self, seat: int, action: Action) -> None:
        from koloda.games.nevermore.flow import decide

        decide(self, seat, action)

    # --- copies, cards ----------------------------------------------------------------------

    def clone(self) -> Self:
        s = copy.copy(self)
        s.rng = self.rng.copy()
        s.events = list(self.events)
        s.history = list(self.history)
        for name in ("health", "vp", "raven", "shield", "deck", "discard", "light_deck",
                     "shadow_deck", "light_discard", "shadow_discard", "tokens", "revealed",
                     "waiting", "counts"):
            setattr(s, name, list(getattr(self, name)))
        for name in ("hands", "final_hands", "table", "face_down", "magic"):
            setattr(s, name, [list(x) for x in getattr(self, name)])
        s.passed = [[list(p) for p in x] for x in self.passed]
        s.received = [[list(p) for p in x] for x in self.received]
        s.choices = dict(self.choices)
        s.tasks = [Task(t.kind, t.seat, t.target, t.amount, t.tag) for t in self.tasks]
        return s

    def all_cards(self) -> list[str] | None:
        cards: list[int] = [*self.deck, *self.discard, *self.light_deck, *self.shadow_deck,
                            *self.light_discard, *self.shadow_discard]
        for zone in (self.hands, self.table, self.magic):
            for x in zone:
                cards.extend(x)
        return [str(c) for c in cards]

    def observe(self, seat: int | None) -> dict[str, Any]:
        from koloda.games.nevermore.observe import observe

        return observe(self, seat)

    def resample(self, seat: int, rng: Rng) -> Self:
        from koloda.games.nevermore.resample import resample

        return resample(self, seat, rng)


def suits_in(cards: list[int]) -> dict[str, int]:
    out = {s.value: 0 for s in SUITS}
    for c in cards:
        out[suit_of(c).value] += 1
    return out


__all__ = ["PASS_SIZES", "TOKEN_SUITS", "NevermoreState", "Stage", "Task", "suits_in"]
