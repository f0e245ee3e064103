"""``bot:ismcts``: information-set Monte Carlo tree search for every registered game.

The bot never sees the true state. Each iteration draws a *determinization* — a full state
consistent with what its seat knows — from ``decision.sample`` (the game's ``resample``), then
walks one shared tree whose edges are the actions taken since the decision:

- **selection**: at every node, each seat in ``to_act`` picks its own action with UCB1 over the
  actions legal in this determinization (availability counts make actions that are only
  sometimes legal comparable). Several seats acting at once pick independently
  (*decoupled* selection), so no seat sees what the others commit in the same step;
- **expansion**: one new node per iteration, as soon as a seat tries an untried action, with
  *progressive widening*: a seat tries a new action at a node only while the actions it has
  tried there are fewer than ``max(10, 1.5·√visits)``, so that hundreds of legal actions do
  not each get one noisy visit;
- **playout**: uniformly random legal actions (``state.random_action``, which a game may make
  faster than listing its legal actions) through ``state.apply_unchecked`` (the fast path
  without validation or history) until the game ends. With a :class:`Playout` policy
  (``bot:ismcts:N:C:heuristic``, or ``heuristicP`` for a share P of the moves) the game's
  ``bot:heuristic`` chooses the playout moves instead, each seat from its own view of the
  determinization, and its move is the first untried action taken when a node grows (*guided
  expansion*); it has its own generator seeded from this bot's seed;
- **backpropagation**: each seat's statistics receive that seat's reward, from the final
  ranking: 1 for beating every other seat, 0 for losing to every other seat, ties shared.
- **opponent model** (``bot:ismcts:N:C:POLICY:heuristic``): instead of searching for every
  seat, the other seats are played in the tree by the game's ``bot:heuristic``, each from its
  own view of the determinization (so it never sees the bot's hidden cards, which the searched
  opponents of single-observer ISMCTS do); only the bot's own seat keeps statistics, and the
  model's moves are edges like chance outcomes. A best answer to a model: strong against
  opponents like it, exploitable by others.

The budget is a number of iterations (``bot:ismcts:2000``: the same seed and the same decisions
give the same moves, with either playout policy) or wall-clock seconds (``bot:ismcts:0.5s``:
stronger on a fast machine, not reproducible). The chosen action is the one most visited at
the root. ``time_limit`` caps a decision's wall time whatever the budget (the play server sets
it): a search stopped by it plays the most visited action so far, so the move then depends on
the machine's speed.

Known limits (those of single-observer ISMCTS): the other seats' moves in the tree are chosen
with the determinization in view (they play as if they knew the sampled cards), and the
determinizations are drawn uniformly from what the seat has seen, not weighted by how likely the
opponents' past moves make them. The bot's own hidden cards are the same in every
determinization, so in the tree the opponents answer them as if they saw them.
"""

from __future__ import annotations

import math
import operator
import time
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field

from koloda.bots.base import (
    Bot,
    BotParameter,
    Decision,
    decision_for,
    make_bot,
    model_redraw,
    register_bot,
)
from koloda.engine import Action, Game, GameState, InvalidOption, Result, Rng, say

#: UCB1 exploration constant for rewards in [0, 1].
DEFAULT_EXPLORATION = 0.7
#: Progressive widening: a seat tries a new action at a node only while it has tried fewer
#: than ``max(WIDENING_BASE, WIDENING_FACTOR * sqrt(its visits there))`` (hundreds of legal
#: actions, like every hand of a duel, would otherwise get one noisy visit each).
WIDENING_BASE = 10
WIDENING_FACTOR = 1.5
#: Iterations when ``bot:ismcts`` is given no budget.
DEFAULT_ITERATIONS = 1000
#: How the other seats choose in the tree: ``search`` (each by UCB1 on its own reward, the
#: default) or ``heuristic`` (the game's ``bot:heuristic`` plays them, from each one's own view
#: of the determinization; the tree then branches on the bot's own choices and the model's
#: answers).
SEARCH = "search"
OPPONENT_MODELS = (SEARCH, "heuristic")
#: A playout longer than this is scored as a draw (a guard against a game that does not end).
MAX_PLAYOUT_ACTIONS = 100_000


def rank_rewards(result: Result) -> tuple[float, ...]:
    """Each seat's reward in [0, 1]: the share of other seats it beat, ties counting half.

    >>> rank_rewards(Result(scores=(1.0, -1.0)))
    (1.0, 0.0)
    >>> rank_rewards(Result(scores=(0.0, 0.0)))
    (0.5, 0.5)
    >>> rank_rewards(Result(scores=(3.0, 1.0, 1.0)))
    (1.0, 0.25, 0.25)
    """
    scores = result.scores
    n = len(scores)
    if n < 2:
        return tuple(1.0 for _ in scores)
    out = []
    for s in scores:
        beaten = sum(1 for o in scores if o < s)
        tied = sum(1 for o in scores if o == s) - 1
        out.append((beaten + 0.5 * tied) / (n - 1))
    return tuple(out)


@dataclass
class _Arm:
    """One seat's statistics for one action at one node."""

    visits: int = 0
    reward: float = 0.0
    available: int = 0


@dataclass
class _Node:
    """A node of the search tree: the actions taken since the root lead here.

    Availability counts are kept lazily for the legal list a seat had at its first visit (its
    *key*): a visit whose legal list equals the key only counts itself in ``key_visits``, and an
    action of the key was available ``arm.available + key_visits`` times. Other visits count
    action by action. At a node where a seat's legal actions are the same in every
    determinization (its own choice of hand: hundreds of actions) a visit so costs a comparison
    of two lists instead of a dictionary update per action, with the same statistics."""

    arms: dict[int, dict[Action, _Arm]] = field(default_factory=dict)
    visits: dict[int, int] = field(default_factory=dict)
    children: dict[Hashable, _Node] = field(default_factory=dict)
    key: dict[int, tuple[Action, ...]] = field(default_factory=dict)
    key_index: dict[int, dict[Action, int]] = field(default_factory=dict)
    key_visits: dict[int, int] = field(default_factory=dict)
    tried: dict[int, set[Action]] = field(default_factory=dict)


@dataclass(frozen=True)
class Budget:
    """Iterations, or seconds of wall-clock time."""

    iterations: int | None = None
    seconds: float | None = None

    @staticmethod
    def parse(text: str) -> Budget:
        """``"2000"`` → 2000 iterations; ``"0.5s"`` → half a second.

        >>> Budget.parse("2000"), Budget.parse("0.5s")
        (Budget(iterations=2000, seconds=None), Budget(iterations=None, seconds=0.5))
        """
        raw = text.strip().lower()
        try:
            if raw.endswith("s"):
                seconds = float(raw[:-1])
                if not math.isfinite(seconds) or seconds <= 0:
                    raise ValueError
                return Budget(seconds=seconds)
            iterations = int(raw)
            if iterations < 1:
                raise ValueError
            return Budget(iterations=iterations)
        except ValueError:
            raise InvalidOption(say(
                "bot.ismcts_budget", "bot:ismcts budget must be a positive number of "
                "iterations (2000) or of seconds (0.5s), got {got}", got=repr(text)
            )) from None

    def __str__(self) -> str:
        return f"{self.seconds:g}s" if self.seconds is not None else str(self.iterations)


_SHARE_SCALE = 1 << 20


@dataclass(frozen=True)
class Playout:
    """How the playouts choose moves: uniformly at random (``random``, the default), or with the
    game's own bot (``heuristic``: ``bot:heuristic``) for a share of the moves and at random for
    the rest (``heuristic0.5``: half of the moves).

    >>> [str(Playout.parse(t)) for t in ("random", "heuristic", "heuristic0.25")]
    ['random', 'heuristic', 'heuristic0.25']
    >>> Playout.parse("heuristic0.25").share
    0.25

    ``heuristic0`` keeps random playouts but still tries the heuristic's move first when a
    node grows (guided expansion alone).
    """

    bot: str = "bot:heuristic"
    share: float = 0.0
    #: Guided expansion with a share of 0 (``heuristic0``); any share above 0 guides too.
    guided: bool = False

    @property
    def uses_bot(self) -> bool:
        """Whether the game's bot guides the search (every ``heuristic…`` policy)."""
        return self.guided or self.share > 0

    @staticmethod
    def parse(text: str) -> Playout:
        raw = text.strip().lower()
        if raw == "random":
            return Playout()
        if raw.startswith("heuristic"):
            rest = raw.removeprefix("heuristic")
            try:
                share = float(rest) if rest else 1.0
            except ValueError:
                share = -1.0
            if math.isfinite(share) and 0.0 <= share <= 1.0:
                return Playout(share=share, guided=True)
        raise InvalidOption(say(
            "bot.ismcts_playout", "bot:ismcts playout policy must be random, heuristic or "
            "heuristicP with P the share of heuristic moves between 0 and 1 (heuristic0.5), "
            "got {got}", got=repr(text)
        ))

    def __str__(self) -> str:
        if self.share <= 0:
            return "heuristic0" if self.guided else "random"
        return "heuristic" if self.share >= 1 else f"heuristic{self.share:g}"


class IsmctsBot:
    """Information-set MCTS with decoupled UCT at simultaneous steps (see the module docs)."""

    def __init__(
        self,
        budget: Budget | None = None,
        *,
        seed: int = 0,
        exploration: float = DEFAULT_EXPLORATION,
        policy: Playout | None = None,
        opponents: str = SEARCH,
        game: Game | None = None,
    ) -> None:
        self.budget = budget or Budget(iterations=DEFAULT_ITERATIONS)
        self.exploration = exploration
        self.rng = Rng.from_seed(seed)
        self.policy = policy or Playout()
        self.name = f"ismcts:{self.budget}"
        if self.policy.uses_bot:
            self.name += f":{exploration:g}:{self.policy}"
            if game is None:
                raise InvalidOption("a playout policy other than random needs the game")
            # the game's own bot plays the playout moves, seeded from this bot's seed
            self._policy_bot: Bot | None = make_bot(self.policy.bot, game,
                                                    seed=self.rng.spawn().state)
        else:
            self._policy_bot = None
        if opponents not in OPPONENT_MODELS:
            raise InvalidOption(say("bot.ismcts_opponents", "bot:ismcts opponents must be "
                                    "one of {known}, got {got}",
                                    known=", ".join(OPPONENT_MODELS), got=repr(opponents)))
        self.opponents = opponents
        self._opponent_bot: Bot | None = None
        if opponents != SEARCH:
            if game is None:
                raise InvalidOption("an opponent model other than search needs the game")
            if not self.policy.uses_bot:
                self.name += f":{exploration:g}:{self.policy}"
            self.name += f":{opponents}"
            # the game's own bot plays the other seats in the tree, seeded from this bot's seed
            self._opponent_bot = make_bot(f"bot:{opponents}", game, seed=self.rng.spawn().state)
        # with an opponent model, the game's redraw of the other seats' hidden past choices, if
        # it registered one (the duel: the opponent's hand and its face-down card)
        self._redraw = (model_redraw(game.name)
                        if opponents != SEARCH and game is not None else None)
        self._seat = -1
        #: Iterations run by the last :meth:`act` (for benchmarks and tests).
        self.last_iterations = 0
        #: Wall-clock seconds a decision may take whatever the budget (None: no cap); a search
        #: over it returns the best action found so far. The play server sets it.
        self.time_limit: float | None = None

    def act(self, decision: Decision) -> Action:
        if not decision.legal:
            raise InvalidOption("the bot was asked to act with no legal action")
        if len(decision.legal) == 1:
            self.last_iterations = 0
            return decision.legal[0]
        root = _Node()
        self._seat = decision.seat
        done = 0
        seconds = self.budget.seconds
        if self.time_limit is not None:
            seconds = self.time_limit if seconds is None else min(seconds, self.time_limit)
        deadline = time.perf_counter() + seconds if seconds is not None else None
        while True:
            if self.budget.iterations is not None and done >= self.budget.iterations:
                break
            if deadline is not None and done > 0 and time.perf_counter() >= deadline:
                break
            sample = decision.sample(self.rng)
            if self._redraw is not None:
                self._redraw(sample, decision.seat, self.rng)
            self._iterate(root, sample)
            done += 1
        self.last_iterations = done
        return self._best(root, decision)

    # --- one iteration ----------------------------------------------------------------------

    def _iterate(self, root: _Node, state: GameState) -> None:
        rng = self.rng
        path: list[tuple[_Node, list[tuple[int, Action]]]] = []
        node = root
        expanded = False
        while not state.is_terminal and not expanded:
            seats = state.to_act
            if not seats:
                break
            chosen: list[tuple[int, Action]] = []
            for seat in seats:
                if self._opponent_bot is not None and seat != self._seat:
                    chosen.append((seat, self._opponent_bot.act(decision_for(state, seat))))
                    continue
                legal = state.legal_actions(seat)
                if not legal:
                    continue
                action, fresh = self._select(node, seat, legal, state)
                expanded = expanded or fresh
                chosen.append((seat, action))
            applied = self._apply_joint(state, chosen)
            if not applied:
                break
            path.append((node, applied))
            key = tuple(applied)
            child = node.children.get(key)
            if child is None:
                child = _Node()
                node.children[key] = child
                expanded = True
            node = child
        rewards = self._playout(state, rng)
        modelled = self._opponent_bot is not None
        for visited, joint in path:
            for seat, action in joint:
                if modelled and seat != self._seat:
                    continue  # played by the model: no statistics
                arm = visited.arms[seat][action]
                arm.visits += 1
                arm.reward += rewards[seat]
                visited.tried[seat].add(action)

    def _select(self, node: _Node, seat: int, legal: Sequence[Action],
                state: GameState) -> tuple[Action, bool]:
        """UCB1 with availability counts; an untried legal action first (the policy bot's
        move when there is one and it is untried, else one chosen at random)."""
        arms = node.arms.setdefault(seat, {})
        tried_set = node.tried.setdefault(seat, set())
        key = node.key.get(seat)
        if key is None:
            key = node.key[seat] = tuple(legal)
            node.key_index[seat] = {a: i for i, a in enumerate(key)}
            node.key_visits[seat] = 0
        index = node.key_index[seat]
        untried: list[Action] | None = None
        if (len(legal) == len(key) and all(map(operator.is_, legal, key))) or tuple(legal) == key:
            node.key_visits[seat] += 1
            # the tried actions (few: see the widening) by their place in the list
            tried = sorted((a for a in tried_set if a in index), key=index.__getitem__)
        else:
            for action in legal:
                arm = arms.get(action)
                if arm is None:
                    arm = arms[action] = _Arm()
                arm.available += 1
            untried = [a for a in legal if a not in tried_set]
            tried = [a for a in legal if a in tried_set] if tried_set else []
        n_untried = len(legal) - len(tried)
        visits = node.visits.get(seat, 0)
        node.visits[seat] = visits + 1
        widen = len(tried) < max(WIDENING_BASE, WIDENING_FACTOR * math.sqrt(visits))
        if n_untried and (widen or not tried):
            if self._policy_bot is not None:
                guided = self._policy_bot.act(Decision(
                    seat=seat, observation=state.observe(seat), legal=tuple(legal),
                    sample=lambda rng: state.determinize(seat, rng)))
                if guided not in tried_set:
                    return self._fresh(arms, guided), True
            k = self.rng.randbelow(n_untried)  # as rng.choice(untried)
            if untried is not None:
                return self._fresh(arms, untried[k]), True
            for a in tried:  # in list order: the k-th legal action not tried
                if index[a] > k:
                    break
                k += 1
            return self._fresh(arms, legal[k]), True
        c = self.exploration
        key_visits = node.key_visits[seat]
        best: Action = tried[0]
        best_value = -math.inf
        for action in tried:
            arm = arms[action]
            available = arm.available + (key_visits if action in index else 0)
            value = arm.reward / arm.visits + c * math.sqrt(math.log(available) / arm.visits)
            if value > best_value:
                best, best_value = action, value
        return best, False

    @staticmethod
    def _fresh(arms: dict[Action, _Arm], action: Action) -> Action:
        """An action about to be tried for the first time gets its statistics."""
        if action not in arms:
            arms[action] = _Arm()
        return action

    @staticmethod
    def _apply_joint(
        state: GameState, chosen: list[tuple[int, Action]]
    ) -> list[tuple[int, Action]]:
        """Apply each seat's choice in seat order; a choice that an earlier one made illegal
        (say, an offer that the other seat must now answer) waits for the next node."""
        applied: list[tuple[int, Action]] = []
        for seat, action in chosen:
            if applied and (seat not in state.to_act or action not in state.legal_actions(seat)):
                break
            state.apply_unchecked(seat, action)
            applied.append((seat, action))
        return applied

    def _playout(self, state: GameState, rng: Rng) -> tuple[float, ...]:
        steps = 0
        policy = self._policy_bot
        threshold = int(self.policy.share * _SHARE_SCALE)
        if threshold <= 0:
            policy = None  # guided expansion alone: random playouts
        while not state.is_terminal:
            seats = state.to_act
            if not seats or steps >= MAX_PLAYOUT_ACTIONS:
                return tuple(0.5 for _ in range(state.players))
            seat = seats[0]
            if policy is not None and (threshold >= _SHARE_SCALE
                                       or rng.randbelow(_SHARE_SCALE) < threshold):
                action = policy.act(decision_for(state, seat))
            else:
                action = state.random_action(seat, rng)
            state.apply_unchecked(seat, action)
            steps += 1
        result = state.result()
        if result is None:
            return tuple(0.5 for _ in range(state.players))
        return rank_rewards(result)

    @staticmethod
    def _best(root: _Node, decision: Decision) -> Action:
        arms = root.arms.get(decision.seat, {})
        best = decision.legal[0]
        best_key = (-1, -math.inf)
        for action in decision.legal:
            arm = arms.get(action)
            if arm is None or arm.visits == 0:
                continue
            key = (arm.visits, arm.reward / arm.visits)
            if key > best_key:
                best, best_key = action, key
        return best


def _factory(game: Game, params: list[str], seed: int) -> IsmctsBot:
    if len(params) > 4:
        raise InvalidOption(say("bot.ismcts_params", "bot:ismcts takes a budget, optionally "
                                "an exploration constant, a playout policy and an opponent "
                                "model, as in bot:ismcts:2000, bot:ismcts:0.5s:0.7, "
                                "bot:ismcts:200:0.7:heuristic or "
                                "bot:ismcts:1000::heuristic:heuristic"))
    budget = Budget.parse(params[0]) if params and params[0] != "" else None
    exploration = DEFAULT_EXPLORATION
    policy = Playout.parse(params[2]) if len(params) >= 3 and params[2] != "" else None
    opponents = params[3].strip().lower() if len(params) == 4 else SEARCH
    if len(params) >= 2 and params[1] != "":
        try:
            exploration = float(params[1])
        except ValueError:
            raise InvalidOption(say("bot.ismcts_exploration", "bot:ismcts exploration must be "
                                    "a number, got {got}", got=repr(params[1]))) from None
        if not math.isfinite(exploration) or exploration < 0:
            raise InvalidOption(say("bot.ismcts_exploration_sign", "bot:ismcts exploration "
                                    "must be ≥ 0, got {got}", got=repr(params[1])))
    return IsmctsBot(budget, seed=seed, exploration=exploration, policy=policy,
                     opponents=opponents, game=game)


register_bot("ismcts", _factory, parameters=(
    BotParameter("budget", "iterations per decision (N) or seconds (Ts)",
                 "сколько думать над ходом: итераций (N) или секунд (Ts, например 2s)",
                 str(DEFAULT_ITERATIONS)),
    BotParameter("exploration", "the exploration constant C",
                 "константа исследования C (чем больше, тем шире поиск)",
                 str(DEFAULT_EXPLORATION)),
    BotParameter("playout", "random, heuristic or heuristicP (the heuristic's share P)",
                 "как доигрывать в поиске: random — случайно, heuristic — эвристикой, "
                 "heuristicP — эвристикой в доле P ходов", "random"),
    BotParameter("opponents", "how the other seats play in the tree: search or heuristic",
                 "как в дереве ходят соперники: search — тоже поиском, "
                 "heuristic — эвристикой", SEARCH),
))
