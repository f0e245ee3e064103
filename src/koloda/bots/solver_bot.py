"""``bot:solver`` for the duel: plays the equilibrium of :mod:`koloda.bots.duel_solver`.

The duel hides the opponent's hand, so the bot draws ``samples`` full duels consistent with its
view (``decision.sample``, the game's resample) and reads the opponent's hand in each:

- **round** («раунд»): it solves the position against each sampled hand and plays its own
  equilibrium mix averaged over the samples (exactly the equilibrium when the opponent's hand is
  known, as when both hands are public or the opponent's cards are all seen). With a deadly card
  it declares the kill; it shows a weapon item when the card needs one;
- **hand** («рука»): against sampled opponent hands (a random hand of the largest size allowed
  from the opponent's sampled deck: a sensible opponent takes as many cards as it may) it
  screens its largest allowed hands by the mean result of card against card, solves the best
  ``SCREENED_HANDS`` exactly and takes the best on average (only the largest hands: a card
  against no card wins, so more cards do not hurt);
- **offer to end early**: never offers (in a zero-sum duel the other side accepts only when the
  offer loses value); accepts an offer when its solved value is below zero;
- **swap** («обмен»): takes the loser's strongest card for its own weakest when that gains
  strength.

Parameters: ``bot:solver`` (8 samples) or ``bot:solver:N``.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from koloda.bots.base import Decision, register_bot
from koloda.bots.duel_solver import Kind, round_result, solve, value_of
from koloda.engine import Action, Game, GameState, InvalidOption, Rng

DEFAULT_SAMPLES = 8
#: Opponent hands sampled to choose a hand, and how many hands pass the cheap screen.
HAND_SAMPLES = 4
SCREENED_HANDS = 24


def _kind(state: Any, card: str) -> Kind:
    info = state.info(card)
    return Kind(info.type.value, info.strength)


def _worth(info: Any) -> float:
    if info.item is not None:
        return 1.0
    return float(info.strength) + (0.5 if info.deadly else 0.0)


class DuelSolverBot:
    """See the module docstring."""

    name = "solver"

    def __init__(self, seed: int = 0, *, samples: int = DEFAULT_SAMPLES) -> None:
        self.rng = Rng.from_seed(seed)
        self.samples = samples

    def act(self, decision: Decision) -> Action:
        from koloda.games.duel.actions import AcceptEnd, ChooseHand, NoSwap, Play, Swap

        legal = decision.legal
        if len(legal) == 1:
            return legal[0]
        phase = decision.observation["phase"]
        samples = [decision.sample(self.rng) for _ in range(self.samples)]
        seat = decision.seat
        if phase == "choose_hand":
            hands = [a for a in legal if isinstance(a, ChooseHand)]
            return self._hand(seat, hands, samples)
        if phase == "swap":
            swaps = [a for a in legal if isinstance(a, Swap)]
            if not swaps:
                return NoSwap()
            return self._swap(swaps, samples[0], required=NoSwap() not in legal)
        if AcceptEnd() in legal:
            value = sum(self._solution(seat, s).value for s in samples) / len(samples)
            from koloda.games.duel.actions import DeclineEnd

            return AcceptEnd() if value < 0 else DeclineEnd()
        plays = [a for a in legal if isinstance(a, Play)]
        return self._round(seat, plays, samples)

    # --- rounds ------------------------------------------------------------------------------

    def _solution(self, seat: int, state: Any) -> Any:
        mine = [_kind(state, c) for c in state.hands[seat]]
        theirs = [_kind(state, c) for c in state.hands[1 - seat]]
        return solve(mine, theirs, rounds_to_win=state.options.rounds_to_win,
                     my_wins=state.wins[seat], their_wins=state.wins[1 - seat])

    def _round(self, seat: int, plays: list[Any], samples: list[GameState]) -> Action:
        mix: dict[Kind, float] = defaultdict(float)
        for state in samples:
            for kind, p in self._solution(seat, state).mine:
                mix[kind] += p / len(samples)
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
        largest = max(len(h.cards) for h in hands)
        state0: Any = samples[0]
        candidates: dict[tuple[Kind, ...], Any] = {}
        for h in hands:
            if len(h.cards) == largest:
                kinds = tuple(sorted(_kind(state0, c) for c in h.cards))
                candidates.setdefault(kinds, h)
        opponents = [self._their_hand(1 - seat, s) for s in samples[:HAND_SAMPLES]]
        n = state0.options.rounds_to_win
        # a cheap screen first: the mean round result of every card pair, then solve the best
        screened = sorted(
            candidates,
            key=lambda ks: -sum(round_result(a, b) for o in opponents for a in ks for b in o),
        )[:SCREENED_HANDS]
        best: Action = hands[-1]
        best_value = -2.0
        for kinds in screened:
            hand = candidates[kinds]
            v = sum(value_of(kinds, o, rounds_to_win=n)[0] for o in opponents) / len(opponents)
            if v > best_value:
                best, best_value = hand, v
        return best

    def _their_hand(self, other: int, state: Any) -> tuple[Kind, ...]:
        # The opponent's face-down hand in a sample is a random redraw of any size, which says
        # nothing: a sensible opponent takes as many cards as it may.
        cards = list(state.eligible(other))
        _, hi = state.hand_limits(other)
        self.rng.shuffle(cards)
        return tuple(sorted(_kind(state, c) for c in cards[:hi]))

    # --- the swap ----------------------------------------------------------------------------

    @staticmethod
    def _swap(swaps: list[Any], state: Any, *, required: bool) -> Action:
        from koloda.games.duel.actions import NoSwap

        best = max(swaps, key=lambda s: (_worth(state.info(s.take)) - _worth(state.info(s.give)),
                                         str(s)))
        if required or _worth(state.info(best.take)) > _worth(state.info(best.give)):
            return best  # type: ignore[no-any-return]
        return NoSwap()


def _factory(game: Game, params: list[str], seed: int) -> DuelSolverBot:
    if len(params) > 1:
        raise InvalidOption("bot:solver takes at most a number of samples, as in bot:solver:8")
    samples = DEFAULT_SAMPLES
    if params:
        if not params[0].isdigit() or int(params[0]) < 1:
            raise InvalidOption(f"bot:solver samples must be a positive number, got {params[0]!r}")
        samples = int(params[0])
    return DuelSolverBot(seed, samples=samples)


register_bot("solver", _factory, game="duel")
