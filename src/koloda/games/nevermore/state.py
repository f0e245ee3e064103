"""The Nevermore state: plain data, the checked protocol, and the stage each decision belongs to.

The flow of a round is declared as a queue of :class:`~.model.Task` values (see :mod:`.flow`): deal,
magic window, three passes, the Conspiracy check, four suit steps (flip, window, commit,
resolve), the skulking ravens, the end phase. Tasks run until one needs decisions; the seats
that must decide are ``waiting`` and the :class:`~.model.Stage` says what kind of decision it is.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any, Self

from koloda.engine import simultaneous
from koloda.engine.errors import Term, Words, say, say_count
from koloda.engine.rng import Rng
from koloda.engine.state import Action, GameState, Result
from koloda.games.nevermore import actions as A
from koloda.games.nevermore import events as E
from koloda.games.nevermore import flow as _flow
from koloda.games.nevermore.cards import PER_SUIT, SUITS, TOKEN_SUITS, Suit, suit_of
from koloda.games.nevermore.describe import describe_event, won_words
from koloda.games.nevermore.magic import MagicSet, TextFacts
from koloda.games.nevermore.model import PASS_SIZES, Stage, Task, upgrade_state_json
from koloda.games.nevermore.observe import observe
from koloda.games.nevermore.options import NevermoreOptions
from koloda.games.nevermore.resample import resample
from koloda.games.nevermore.setup import from_setup

#: A resolution token's text → its suit (faster than calling the enum).
_SUIT_OF_TOKEN: dict[str, Suit] = {s.value: s for s in Suit}
#: A suit (or its text) → its index in :data:`SUITS` (the main cards ``12·i .. 12·i+11``).
_SUIT_NO: dict[str, int] = {s.value: i for i, s in enumerate(SUITS)}
_RAVEN_NO = _SUIT_NO[Suit.RAVEN]
#: The actions without a parameter, built once (actions are immutable values).
_DONE = A.Done()
_PECK_OR_DONE: tuple[Action, Action] = (A.Peck(), _DONE)

_PASS, _COMMIT, _MAGIC = Stage.PASS, Stage.COMMIT, Stage.MAGIC
_ATTACK, _PECK, _REACT = Stage.ATTACK, Stage.PECK, Stage.REACT


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
    # ``to_act`` remembered with the ``waiting`` list and ``choices`` dict it was worked out
    # from (held, so compared by identity, and their sizes): both are replaced, never edited,
    # except that ``choices`` gains entries (and resampling swaps one for the same seat's)
    _to_act_of: tuple[Any, ...] = field(default=(), init=False, repr=False, compare=False)


    # --- facts ------------------------------------------------------------------------------

    @property
    def magic_set(self) -> MagicSet:
        return self.options.magic_set

    def _text_facts(self, seat: int, card: int) -> TextFacts:
        """The facts of the text ``seat`` would use for ``card`` (see :meth:`effect_for`)."""
        f = self.options.magic_set.facts[card]
        return f.raven if self.raven[seat] else f.human

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
        return _flow.new_game(cls, options, players=players, seed=seed)

    @classmethod
    def from_setup(cls, options: Any, *, players: int, seed: int, setup: Mapping[str, Any]) -> Self:
        return from_setup(cls, options, players=players, seed=seed, setup=setup)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        """Rebuild a state from :meth:`to_json`, also one written before the tasks' fields
        were named (:func:`~.model.upgrade_state_json`)."""
        return super().from_json(upgrade_state_json(data))

    @classmethod
    def parse_action(cls, text: str) -> Action:
        return A.parse_action(text)

    @property
    def to_act(self) -> tuple[int, ...]:
        if self.winner >= 0 or self.stopped:
            return ()
        w, c = self.waiting, self.choices
        key = self._to_act_of
        if key and key[0] is w and key[1] is c and key[2] == len(w) and key[3] == len(c):
            seats: tuple[int, ...] = key[4]
            return seats
        return self._asked()

    def _asked(self) -> tuple[int, ...]:
        """``waiting`` (ascending) or ``choices`` just changed: work out ``to_act`` (the
        step's seats yet to decide) and remember it."""
        w, c = self.waiting, self.choices
        seats = simultaneous.to_act(w, c)
        self._to_act_of = (w, c, len(w), len(c), seats)
        return seats

    @property
    def is_terminal(self) -> bool:
        return self.winner >= 0 or self.stopped

    def result(self) -> Result | None:
        # the outcome in the words of the log's last line (describe.py), in both languages,
        # and as words any language can have (``summary.nevermore.*``)
        if self.winner >= 0:
            scores = tuple(1.0 if s == self.winner else 0.0 for s in range(self.players))
            won = E.NmWon(self.winner, self.win_reason)
            return Result(scores=scores, summary=describe_event(won, "en"),
                          summary_ru=describe_event(won, "ru"),
                          words=won_words(self.winner, self.win_reason))
        if self.stopped:
            stopped = E.NmStopped(self.round)
            return Result(scores=(0.0,) * self.players, summary=describe_event(stopped, "en"),
                          summary_ru=describe_event(stopped, "ru"),
                          words=say("nevermore.stopped", "the game stops after round {round} "
                                    "without a winner", round=self.round))
        return None

    # --- legal actions ----------------------------------------------------------------------

    def pass_size(self, seat: int) -> int:
        """How many cards ``seat`` passes in this draft pass: the pass's 3, 2 or 1, or every
        card it holds when it holds fewer (a custom magic card played in the draft may have
        discarded some: "A hand shorter than its pass" in ``docs/rules/nevermore.md``)."""
        return min(PASS_SIZES[self.pass_no - 1], len(self.hands[seat]))

    def commit_range(self, seat: int) -> tuple[int, int]:
        """How many ravens may cancel cards of the current suit: at least enough that the
        ravens left do not outnumber the other cards still to be revealed, at most one per card
        of the suit (and no more ravens than held)."""
        step, tokens = self.step, self.tokens
        assert 0 <= step < len(tokens)  # current_suit() is not None
        per_suit = [0, 0, 0, 0, 0, 0]  # the last one: anything that is not a main card
        for c in self.hands[seat]:
            per_suit[c // PER_SUIT if 0 <= c < 60 else 5] += 1
        k = per_suit[_SUIT_NO[tokens[step]]]
        r = per_suit[_RAVEN_NO]
        others = 0
        for t in tokens[step + 1:]:
            others += per_suit[_SUIT_NO[t]]
        hi = min(k, r)
        lo = min(hi, max(0, r - others))
        return lo, hi

    def suit_magic(self, seat: int) -> list[int]:
        """The suit-like magic cards of ``seat`` for the current step."""
        suit = self.current_suit()
        facts = self.options.magic_set.facts
        return [m for m in self.magic[seat] if facts[m].suit == suit]

    def playable(self, seat: int, *, react: bool = False) -> list[int]:
        """Magic cards ``seat`` may play in the open window (or as a reply: anytime only)."""
        facts = self.options.magic_set.facts
        # between two draft passes the hands must stay five cards each and every card one
        # pass along: no forced pass of whole hands, no discarding a suit
        between_passes = self.pass_no > 0
        raven = self.raven[seat]
        allowed: frozenset[str] | None = frozenset() if react else None
        out = []
        for m in sorted(self.magic[seat]):
            f = facts[m]
            timing = f.timing
            if timing == "suit":
                continue
            if timing != "anytime":
                if allowed is None:
                    allowed = _flow.window_timings(self, self.window)
                if timing not in allowed:
                    continue
            if between_passes and (f.raven if raven else f.human).not_between_passes:
                continue
            out.append(m)
        return out

    def effect_for(self, seat: int, card: int) -> tuple[Any, ...]:
        kind = self.magic_set.card(card)
        if self.raven[seat] and kind.raven_effect is not None:
            return kind.raven_effect
        return kind.effect

    def targets_for(self, seat: int, card: int) -> list[int]:
        """The players ``card`` may be played on (empty list: it needs no target)."""
        f = self._text_facts(seat, card)
        if not f.needs_target:
            return []
        if f.humans_only:
            return [s for s in range(self.players) if s != seat and not self.raven[s]]
        return [s for s in range(self.players) if s != seat]

    def _plays(self, seat: int, cards: list[int]) -> list[Action]:
        out: list[Action] = []
        for m in cards:
            if self._text_facts(seat, m).needs_target:
                out.extend(A.Play(m, t) for t in self.targets_for(seat, m))
            else:
                out.append(A.Play(m))
        return out

    def _random_play(self, seat: int, rng: Rng, *, react: bool) -> Action:
        """``done`` or a play drawn as from ``[done, *plays]`` (:meth:`legal_actions`'s order)
        without building that list: the same single draw, the same action."""
        cards = self.playable(seat, react=react)
        if not cards:
            rng.randbelow(1)
            return _DONE
        facts = self.options.magic_set.facts
        raven = self.raven
        me_raven = raven[seat]
        n = self.players
        others = n - 1
        humans = others - sum(raven) + me_raven
        sizes = []
        for m in cards:
            f = facts[m].raven if me_raven else facts[m].human
            sizes.append((humans if f.humans_only else others) if f.needs_target else -1)
        i = rng.randbelow(1 + sum(1 if k < 0 else k for k in sizes))
        if i == 0:
            return _DONE
        i -= 1
        for m, k in zip(cards, sizes, strict=True):
            if k < 0:
                if i == 0:
                    return A.Play(m)
                i -= 1
            elif i < k:
                return A.Play(m, self.targets_for(seat, m)[i])
            else:
                i -= k
        raise AssertionError("the draw is below the number of legal actions")

    def attack_targets(self, seat: int) -> list[int]:
        return [s for s in range(self.players) if s != seat and not self.raven[s]]

    def random_action(self, seat: int, rng: Rng) -> Action:
        """A legal action drawn uniformly without listing them: a pass, ``size`` hand cards at
        random; a commit, a number of ravens in its range, then each suit-like magic card in or
        out with even odds (every pair equally likely); in a magic window, a blow or a peck, the
        one draw the kernel would make from :meth:`legal_actions`, taken without the list."""
        if (simultaneous.may_decide(self.waiting, self.choices, seat) and self.winner < 0
                and not self.stopped):
            st = self.stage
            if st is _MAGIC:
                return self._random_play(seat, rng, react=False)
            if st is _COMMIT:
                lo, hi = self.commit_range(seat)
                extra = self.suit_magic(seat) if self.magic[seat] else []
                extra.sort()
                r = lo + rng.randbelow(hi - lo + 1)
                mask = rng.randbelow(1 << len(extra))
                return A.new_commit(r, tuple([m for i, m in enumerate(extra) if mask >> i & 1])
                                    if mask else ())
            if st is _PASS:
                size = self.pass_size(seat)
                cards = sorted(self.hands[seat])
                n = len(cards)
                if 0 <= size <= n:
                    # the first ``size`` steps of a Fisher-Yates shuffle of the sorted hand
                    randbelow = rng.randbelow
                    for i in range(size):
                        j = i + randbelow(n - i)
                        cards[i], cards[j] = cards[j], cards[i]
                    picked = cards[:size]
                    picked.sort()
                    return A.new_pass(tuple(picked))
            elif st is _REACT:
                return self._random_play(seat, rng, react=True)
            elif st is _ATTACK:
                targets = self.attack_targets(seat)
                k = len(targets)
                i = rng.randbelow(k + 1 if self.amount >= 4 else k)
                return A.Attack(targets[i] if i < k else -1)
            elif st is _PECK:
                return _PECK_OR_DONE[rng.randbelow(2)]
        return super().random_action(seat, rng)

    def legal_actions(self, seat: int) -> list[Action]:
        if not simultaneous.may_decide(self.waiting, self.choices, seat) or self.is_terminal:
            return []
        st = self.stage
        if st == Stage.PASS:
            size = self.pass_size(seat)
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

    def check(self, seat: int, action: Action) -> Words | None:
        """Why ``action`` is illegal for ``seat`` now, in words every language can have (keys
        ``nevermore.*``, Russian in ``locale/ru/LC_MESSAGES/nevermore.po``), or None."""
        if seat in self.choices:
            return say("nevermore.already_decided", "this seat has already decided in this step")
        st = self.stage
        if st == Stage.PASS:
            size = self.pass_size(seat)
            if not isinstance(action, A.Pass):
                return say_count("nevermore.pass_now", "now is a draft pass: pass {n} card",
                                 "now is a draft pass: pass {n} cards", size)
            if len(action.cards) != size:
                return say_count("nevermore.pass_size", "pass {pass_no} passes exactly {n} "
                                 "card, not {given}", "pass {pass_no} passes exactly {n} cards, "
                                 "not {given}", size, pass_no=self.pass_no,
                                 given=len(action.cards))
            if len(set(action.cards)) != size:
                return say("nevermore.card_twice", "a card is named twice")
            missing = [c for c in action.cards if c not in self.hands[seat]]
            if missing:
                return say("nevermore.not_in_hand", "card {card} is not in your hand",
                           card=Term("card", str(missing[0]), str(missing[0])))
            return None
        if st == Stage.COMMIT:
            if not isinstance(action, A.Commit):
                return say("nevermore.commit_now", "now every player commits the cards of the "
                           "named suit ('commit N')")
            lo, hi = self.commit_range(seat)
            if not lo <= action.ravens <= hi:
                return (say("nevermore.ravens_exact", "the number of cancelling ravens must be "
                            "{n}", n=lo) if lo == hi else
                        say("nevermore.ravens_between", "the number of cancelling ravens must be "
                            "between {lo} and {hi}", lo=lo, hi=hi))
            own = self.suit_magic(seat)
            if len(set(action.magic)) != len(action.magic) or any(m not in own
                                                                   for m in action.magic):
                return say("nevermore.not_own_suit_magic", "only your own suit-like magic cards "
                           "of this suit can be added")
            return None
        if st in (Stage.MAGIC, Stage.REACT):
            if isinstance(action, A.Done):
                return None
            if not isinstance(action, A.Play):
                return say("nevermore.magic_window",
                           "now is a magic window: 'play CARD [SEAT]' or 'done'")
            if action.card not in self.magic[seat]:
                return say("nevermore.magic_not_in_hand", "magic card {card} is not in your hand",
                           card=self.magic_term(action.card))
            if action.card not in self.playable(seat, react=st == Stage.REACT):
                return say("nevermore.not_now", "that card cannot be played now (see its timing)")
            targets = self.targets_for(seat, action.card)
            if self._text_facts(seat, action.card).needs_target:
                if action.target not in targets:
                    return say("nevermore.needs_target",
                               "that card needs a target: another player in human form")
            elif action.target >= 0:
                return say("nevermore.no_target", "that card takes no target")
            return None
        if st == Stage.ATTACK:
            if not isinstance(action, A.Attack):
                return say("nevermore.attack_now", "the Attack leader chooses the blow: "
                           "'attack SEAT' or 'attack all'")
            if action.target < 0:
                return None if self.amount >= 4 else say(
                    "nevermore.attack_all_weak", "'attack all' needs 4 or more damage")
            if action.target not in self.attack_targets(seat):
                return say("nevermore.attack_target",
                           "the target must be another player in human form")
            return None
        if st == Stage.PECK:
            if isinstance(action, A.Peck | A.Done):
                return None
            return say("nevermore.peck_or_done", "a raven leader chooses 'peck' or 'done'")
        return say("nevermore.nothing_to_decide", "nothing to decide now")

    def magic_term(self, card: int) -> Term:
        """A magic card as a refusal names it: its number in English (as the action's text
        has it), its name in the game's set in other languages (``id`` is ``N|name``; a
        number the set does not hold stays a number)."""
        try:
            kind = self.magic_set.card(card)
        except (KeyError, IndexError):
            return Term("magic", str(card), str(card))
        return Term("magic", f"{card}|{kind.name_ru or kind.name_en}", str(card))

    def _apply(self, seat: int, action: Action) -> None:
        _flow.decide(self, seat, action)

    # --- copies, cards ----------------------------------------------------------------------

    def clone(self) -> Self:
        s = object.__new__(type(self))
        s.__dict__.update(self.__dict__)  # copy.copy, then a copy of every mutable part
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
        s.tasks = list(self.tasks)  # tasks are never changed once made
        s._to_act_of = ()
        return s

    def all_cards(self) -> list[str] | None:
        cards: list[int] = [*self.deck, *self.discard, *self.light_deck, *self.shadow_deck,
                            *self.light_discard, *self.shadow_discard]
        for zone in (self.hands, self.table, self.magic):
            for x in zone:
                cards.extend(x)
        return [str(c) for c in cards]

    def observe(self, seat: int | None) -> dict[str, Any]:
        return observe(self, seat)

    def resample(self, seat: int, rng: Rng) -> Self:
        return resample(self, seat, rng)

    def determinize(self, seat: int, rng: Rng) -> Self:
        """The kernel's determinization: the sample's events are already the seat's log
        (:func:`~.resample.resample` keeps only those), so they are not filtered again."""
        sample = self.resample(seat, rng)
        sample.history = []
        return sample


def suits_in(cards: list[int]) -> dict[str, int]:
    out = {s.value: 0 for s in SUITS}
    for c in cards:
        out[suit_of(c).value] += 1
    return out


__all__ = ["PASS_SIZES", "TOKEN_SUITS", "NevermoreState", "Stage", "Task", "suits_in"]
