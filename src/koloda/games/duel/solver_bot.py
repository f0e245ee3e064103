"""``bot:solver`` for the duel: plays the equilibrium of :mod:`koloda.games.duel.solver`
against a model of the opponent's hidden hand.

**The opponent model.** The opponent's deck and hand are hidden. The bot draws ``samples`` full
duels consistent with its view (``decision.sample``) and in each draws a deck for the
opponent's unseen cards (:func:`unseen_deck`: from the sample set less the copies it holds or
has seen, as a dealt duel deals both decks from one set) and builds the hand a *sensible*
duellist would have taken from it (:func:`sensible_hand`): as many cards as it may, the
strongest of each type first («атака, уловка, защита»: no single answer beats the whole hand),
then the strongest of the rest. The cards the opponent has already played are in its hand
whatever the deck, so the model hand is those cards completed by the rule from the rest of the
sampled deck (the types they cover count as covered), with the size the opponent's hand is known
to have. Cards the view shows are
kept: when the opponent's hand is known the model is exact.

- **hand** («рука»): a stronger card of a type beats everything a weaker one of that type beats,
  and a card never hurts (a card against no card wins), so only the largest hands made of the
  strongest cards of each type are worth taking: one per split of the hand between the three
  types (at most 21). Each is solved exactly against every model hand of the opponent and the
  best on average is taken;
- **round** («раунд»): when the opponent's hand is known it plays its exact equilibrium mix.
  Otherwise it models the opponent's card in each sampled duel (:func:`predicted_play`): half
  of the time the card of the model hand that fares best against a random card of the sample
  set (a sensible player's strongest card), half of the time the equilibrium mix of the model
  hand against the bot's own hand; it plays the card with the best mean value (the values of the
  positions that follow, solved exactly) against that prediction. The model is a guess about
  the opponent, so this answer can be exploited by an opponent who knows it; with a deadly card
  it declares the kill, and it shows a weapon item when the card needs one;
- **offer to end early**: never offers (in a zero-sum duel the other side accepts only when the
  offer loses value); accepts an offer when its mean solved value is below zero;
- **swap** («обмен»): takes the loser's strongest card for its own weakest when that gains
  strength.

Parameters: ``bot:solver`` (16 samples in a round, 8 for the hand) or ``bot:solver:N``
(N samples in a round). ``time_limit`` with ``clock`` (set by the play server; the rules'
package reads no clock of its own) caps a decision's wall time whatever N: the bot then decides
on the samples it has drawn and weighed so far.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Sequence
from functools import cache
from typing import Any

from koloda.engine import Action, Game, GameState, InvalidOption, Rng, say
from koloda.engine.bot import BotParameter, Decision, register_bot
from koloda.games.duel.actions import AcceptEnd, ChooseHand, DeclineEnd, NoSwap, Play, Swap
from koloda.games.duel.cards import BATTLE_KEYS, CATALOGUE, pool
from koloda.games.duel.resample import known_to
from koloda.games.duel.solver import (
    TYPES,
    Kind,
    require_solver,
    round_payoffs,
    round_result,
    solve,
    value_of,
)

DEFAULT_SAMPLES = 16
#: Opponent hands modelled (one per sampled duel) when choosing the hand.
HAND_SAMPLES = 8


#: The share of the opponent's modelled play that is its strongest card, the rest being its
#: equilibrium mix (:func:`predicted_play`).
GREEDY_SHARE = 0.5


@cache
def edge(kind: Kind) -> float:
    """P(win) − P(lose) of a card of ``kind`` against a random battle card of the sample set.

    >>> round(edge(Kind("attack", 5)), 3)
    0.365
    """

    total = n = 0
    for key in BATTLE_KEYS:
        info = CATALOGUE[key]
        assert info.type is not None
        total += info.copies * round_result(kind, Kind(info.type.value, info.strength))
        n += info.copies
    return total / n


def _kind(state: Any, card: str) -> Kind:
    info = state.info(card)
    return Kind(info.type.value, info.strength)


def _worth(info: Any) -> float:
    if info.item is not None:
        return 1.0
    return float(info.strength) + (0.5 if info.deadly else 0.0)


def sensible_hand(pool: Iterable[Kind], size: int, *, forced: Sequence[Kind] = ()) -> tuple[
        Kind, ...]:
    """The hand a sensible duellist takes: the ``forced`` cards (already seen in its hand), then
    the strongest card of each type they do not cover, then the strongest of the rest, up to
    ``size`` cards (fewer when the pool runs out). Sorted.

    >>> a = [Kind("attack", 3), Kind("attack", 2), Kind("attack", 1), Kind("defence", 1)]
    >>> [str(k) for k in sensible_hand(a, 2)]
    ['attack 3', 'defence 1']
    >>> [str(k) for k in sensible_hand(a, 3, forced=[Kind("trick", 1)])]
    ['attack 3', 'defence 1', 'trick 1']
    """
    rest = sorted(pool, key=lambda k: (-k.strength, TYPES.index(k.type)))
    hand = list(forced)[:size]
    covered = {k.type for k in hand}
    for t in TYPES:
        if len(hand) >= size:
            break
        if t in covered:
            continue
        best = next((k for k in rest if k.type == t), None)
        if best is not None:
            hand.append(best)
            rest.remove(best)
    for k in rest:
        if len(hand) >= size:
            break
        hand.append(k)
    return tuple(sorted(hand))


def type_splits(pool: Sequence[Kind], size: int) -> list[tuple[Kind, ...]]:
    """Every hand of ``size`` cards (or all the pool, when smaller) made of the strongest cards
    of each type: one per split of the size between the three types. Sorted, without repeats.

    >>> pool = [Kind("attack", 3), Kind("attack", 1), Kind("trick", 2)]
    >>> [[str(k) for k in h] for h in type_splits(pool, 2)]
    [['attack 1', 'attack 3'], ['attack 3', 'trick 2']]
    """
    by_type = {t: sorted((k for k in pool if k.type == t), key=lambda k: -k.strength)
               for t in TYPES}
    size = min(size, len(pool))
    out: set[tuple[Kind, ...]] = set()
    counts = [len(by_type[t]) for t in TYPES]
    for a in range(min(size, counts[0]) + 1):
        for b in range(min(size - a, counts[1]) + 1):
            c = size - a - b
            if c > counts[2]:
                continue
            out.add(tuple(sorted(by_type["attack"][:a] + by_type["trick"][:b]
                                 + by_type["defence"][:c])))
    return sorted(out)


def opponent_hand(state: Any, seat: int, rng: Rng) -> tuple[Kind, ...]:
    """The model of the opponent's hand (its unplayed cards) in the duel ``state`` (a sample of
    what ``seat`` knows): what the view shows is kept, the rest is what a sensible duellist would
    have taken from a deck drawn by :func:`unseen_deck` (see the module docstring)."""

    other = 1 - seat
    known = known_to(state, seat)
    hand = state.hands[other]
    if state.phase != "choose_hand" and all(c in known for c in hand):
        return tuple(sorted(_kind(state, c) for c in hand))
    pool = unseen_deck(state, seat, known, rng)
    weapons = state.weapons(other)
    for c in state.decks[other]:
        info = state.info(c)
        if c in known and info.item is None and (info.requires is None
                                                 or info.requires in weapons):
            pool.append(_kind(state, c))
    if state.phase == "choose_hand":
        _, hi = state.hand_limits(other)
        return sensible_hand(pool, hi)
    seen = [_kind(state, c) for c in state.played[other]]
    seen_in_hand = [_kind(state, c) for c in hand if c in known]
    full = sensible_hand(pool, len(hand) - len(seen_in_hand) + len(seen), forced=seen)
    rest = list(full)
    for k in seen:
        rest.remove(k)
    return tuple(sorted(rest + seen_in_hand))


def unseen_deck(state: Any, seat: int, known: set[str], rng: Rng) -> list[Kind]:
    """Battle cards for the opponent's cards ``seat`` has not seen, drawn without replacement
    from the sample set less the copies ``seat`` holds or has seen (a dealt duel deals both decks
    from one set): as many as the options' ``deck_size`` leaves after the opponent's seen battle
    cards, at most one per unseen card. Weapons are not checked: a duellist brings the items its
    cards need (a dealt deck gets them first)."""

    other = 1 - seat
    left = Counter(pool(BATTLE_KEYS))
    unseen = 0
    seen_battle = 0
    for zones in (state.decks, state.discards, state.hands, state.played, state.shown):
        for c in zones[seat]:
            left[state.keys[c]] -= 1
        for c in zones[other]:
            if c not in known:
                unseen += 1
            elif state.info(c).item is None:
                left[state.keys[c]] -= 1
                seen_battle += 1
    cards = sorted(k for k, n in left.items() if n > 0 for _ in range(n))
    count = min(unseen, max(0, state.options.deck_size - seen_battle), len(cards))
    drawn = rng.shuffled(cards)[:count]
    return [Kind(CATALOGUE[k].type.value, CATALOGUE[k].strength)  # type: ignore[union-attr]
            for k in drawn]


def predicted_play(mine: Sequence[Kind], theirs: Sequence[Kind], *, rounds_to_win: int,
                   my_wins: int = 0, their_wins: int = 0) -> dict[Kind | None, float]:
    """The model of the opponent's next card when its hand is ``theirs``: with probability
    ``GREEDY_SHARE`` its card that fares best against a random card of the sample set (a
    sensible player's strongest card), else its equilibrium mix against ``mine``. None: no card.

    >>> a5, d1 = Kind("attack", 5), Kind("defence", 1)
    >>> sorted((str(k), p) for k, p in predicted_play([d1], [a5, d1], rounds_to_win=1).items())
    [('attack 5', 0.5), ('defence 1', 0.5)]
    """
    if not theirs:
        return {None: 1.0}
    equilibrium = solve(mine, theirs, rounds_to_win=rounds_to_win, my_wins=my_wins,
                        their_wins=their_wins).theirs
    out: dict[Kind | None, float] = defaultdict(float)
    for k, p in equilibrium:
        out[k] += (1 - GREEDY_SHARE) * p
    out[max(theirs, key=lambda k: (edge(k), k))] += GREEDY_SHARE
    return {k: p for k, p in out.items() if p > 0}


class DuelSolverBot:
    """See the module docstring."""

    name = "solver"

    def __init__(self, seed: int = 0, *, samples: int = DEFAULT_SAMPLES) -> None:
        self.rng = Rng.from_seed(seed)
        self.samples = samples
        #: Seconds a decision may take whatever ``samples`` (None: no cap), by ``clock`` (a
        #: function giving seconds, such as ``time.perf_counter``); past them the bot decides
        #: on the samples weighed so far (at least one). The play server sets both.
        self.time_limit: float | None = None
        self.clock: Callable[[], float] | None = None
        self._deadline: float | None = None

    def _over(self) -> bool:
        """Whether this decision's time is up (never without a time limit and a clock)."""
        return (self._deadline is not None and self.clock is not None
                and self.clock() >= self._deadline)

    def _draw(self, decision: Decision, n: int) -> list[GameState]:
        """``n`` sampled duels, fewer (at least one) when the time is up."""
        samples: list[GameState] = []
        while len(samples) < n and not (samples and self._over()):
            samples.append(decision.sample(self.rng))
        return samples

    def act(self, decision: Decision) -> Action:

        legal = decision.legal
        if len(legal) == 1:
            return legal[0]
        self._deadline = (None if self.time_limit is None or self.clock is None
                          else self.clock() + self.time_limit)
        phase = decision.observation["phase"]
        seat = decision.seat
        if phase == "choose_hand":
            samples = self._draw(decision, HAND_SAMPLES)
            hands = [a for a in legal if isinstance(a, ChooseHand)]
            return self._hand(seat, hands, samples)
        samples = self._draw(decision, self.samples)
        if phase == "swap":
            swaps = [a for a in legal if isinstance(a, Swap)]
            if not swaps:
                return NoSwap()
            return self._swap(swaps, samples[0], required=NoSwap() not in legal)
        if AcceptEnd() in legal:
            values: list[float] = []
            for s in samples:
                if values and self._over():
                    break
                values.append(self._solution(seat, s).value)
            return AcceptEnd() if sum(values) / len(values) < 0 else DeclineEnd()
        plays = [a for a in legal if isinstance(a, Play)]
        return self._round(seat, plays, samples)

    # --- rounds ------------------------------------------------------------------------------

    def _solution(self, seat: int, state: Any) -> Any:
        mine = [_kind(state, c) for c in state.hands[seat]]
        return solve(mine, opponent_hand(state, seat, self.rng),
                     rounds_to_win=state.options.rounds_to_win,
                     my_wins=state.wins[seat], their_wins=state.wins[1 - seat])

    def round_mix(self, seat: int, samples: list[GameState]) -> dict[Kind, float]:
        """How the bot plays the round, as probabilities per kind of card in its hand: the
        exact equilibrium mix when the opponent's hand is known, else the best answer to the
        model of the opponent's play (see the module docstring)."""

        state0: Any = samples[0]
        other = 1 - seat
        known = known_to(state0, seat)
        if all(c in known for c in state0.hands[other]):
            return {k: p for k, p in self._solution(seat, state0).mine if p > 0}
        mine = [_kind(state0, c) for c in state0.hands[seat]]
        opts = state0.options
        wins = {"my_wins": state0.wins[seat], "their_wins": state0.wins[other]}
        score: dict[Kind, float] = defaultdict(float)
        for i, state in enumerate(samples):
            if i and self._over():
                break  # the time is up: the samples weighed so far decide
            theirs = opponent_hand(state, seat, self.rng)
            predicted = predicted_play(mine, theirs, rounds_to_win=opts.rounds_to_win, **wins)
            table = round_payoffs(mine, theirs, rounds_to_win=opts.rounds_to_win, **wins)
            for (r, c), v in table.items():
                score[r] += predicted.get(c, 0.0) * v
        top = max(score.values())
        best = [k for k, v in score.items() if v >= top - 1e-9]
        return {k: 1.0 / len(best) for k in best}

    def _round(self, seat: int, plays: list[Any], samples: list[GameState]) -> Action:
        mix = self.round_mix(seat, samples)
        state0: Any = samples[0]
        by_kind: dict[Kind, list[Any]] = defaultdict(list)
        for play in plays:
            by_kind[_kind(state0, play.card)].append(play)
        kinds = sorted(k for k in by_kind if mix.get(k, 0.0) > 0) or sorted(by_kind)
        weights = [mix.get(k, 0.0) for k in kinds]
        total = sum(weights)
        pick = kinds[0]
        if total > 0:
            r = self.rng.randbelow(1 << 30) / (1 << 30) * total
            for k, w in zip(kinds, weights, strict=True):
                pick = k
                if r < w:
                    break
                r -= w
        options = by_kind[pick]
        with_kill = [p for p in options if p.kill]
        chosen: Action = (with_kill or options)[0]
        return chosen

    # --- the hand ----------------------------------------------------------------------------

    def _hand(self, seat: int, hands: list[Any], samples: list[GameState]) -> Action:

        state0: Any = samples[0]
        largest = max(len(h.cards) for h in hands)
        usable = sorted({c for h in hands for c in h.cards})
        # the strongest copies first within a kind: deadly ones (a kill) before plain ones
        usable.sort(key=lambda c: (-state0.info(c).strength, not state0.info(c).deadly, c))
        opponents = [opponent_hand(s, seat, self.rng) for s in samples]
        n = state0.options.rounds_to_win
        legal = set(hands)
        best: Action = max(hands, key=lambda h: len(h.cards))
        best_key = (-2.0, -2.0)
        for kinds in type_splits([_kind(state0, c) for c in usable], largest):
            wanted = list(kinds)
            ids = []
            for c in usable:
                k = _kind(state0, c)
                if k in wanted:
                    wanted.remove(k)
                    ids.append(c)
            hand = ChooseHand(tuple(sorted(ids)))
            if hand not in legal:  # pragma: no cover - a split of usable cards is a legal hand
                continue
            values = [value_of(kinds, o, rounds_to_win=n) for o in opponents]
            key = (sum(v[0] for v in values) / len(values), sum(v[1] for v in values))
            if key > best_key:
                best, best_key = hand, key
        return best

    # --- the swap ----------------------------------------------------------------------------

    @staticmethod
    def _swap(swaps: list[Any], state: Any, *, required: bool) -> Action:

        best = max(swaps, key=lambda s: (_worth(state.info(s.take)) - _worth(state.info(s.give)),
                                         str(s)))
        if required or _worth(state.info(best.take)) > _worth(state.info(best.give)):
            return best  # type: ignore[no-any-return]
        return NoSwap()


def _factory(game: Game, params: list[str], seed: int) -> DuelSolverBot:
    if len(params) > 1:
        raise InvalidOption(say("duel.bot_solver_params",
                                "{bot} takes at most a number of samples, as in {example}",
                                bot="bot:solver", example="bot:solver:8"))
    samples = DEFAULT_SAMPLES
    if params:
        if not params[0].isdigit() or int(params[0]) < 1:
            raise InvalidOption(say("duel.bot_solver_samples",
                                    "{bot} samples must be a positive number, got {got}",
                                    bot="bot:solver", got=repr(params[0])))
        samples = int(params[0])
    require_solver()  # NumPy and SciPy (the sim extra): said now rather than at the first move
    return DuelSolverBot(seed, samples=samples)


register_bot("solver", _factory, game="duel", parameters=(
    BotParameter("samples", "sampled duels per round", "разыгранных выборок на раунд",
                 str(DEFAULT_SAMPLES)),
), needs=("numpy", "scipy"))
