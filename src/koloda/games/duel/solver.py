"""The exact solution of a duel between two known hands («дуэль»): a zero-sum game of
simultaneous choices, solved by linear programming at each position.

A position is what is left of both hands and the rounds each side has won. In a round both
duellists play one card at once («оба игрока выбирают по одной карте … в закрытую»); attack
beats trick, trick beats defence, defence beats attack whatever the strength; within a type the
higher strength wins; equal cards: nobody; a card against no card wins. The first to win
``rounds_to_win`` rounds wins the duel; both out of cards with no winner is a draw. Only a card's
type and strength matter for who wins, so cards are reduced to their :class:`Kind`.

The value of a position to the first duellist is ``P(win) − P(lose)`` under best play by both
(the duel's scores: winner 1, loser −1, draw 0). At each position the round is a matrix game
over the kinds each side holds; its payoffs are the values of the positions that follow; the
row strategy comes from the linear program ``max v: xᵀA ≥ v, Σx = 1, x ≥ 0`` (SciPy's HiGHS),
the column strategy from its dual. Positions with a pure saddle point skip the LP.

The probabilities of winning, drawing and losing are those of the equilibrium pair found; a
game may have several equilibria with the same value but another split between draws and
decisive results.

Left out on purpose: ending early by agreement (in a zero-sum game the side ahead declines, so
it never changes the value), weapon items (a card that needs one is assumed playable: the hand
chooser leaves out cards whose weapon the deck lacks) and kills (declaring one does not change
who wins).

>>> a3, t2, d1 = Kind("attack", 3), Kind("trick", 2), Kind("defence", 1)
>>> s = solve((a3, t2), (d1,), rounds_to_win=2)
>>> (s.win, s.draw, s.lose)
(1.0, 0.0, 0.0)
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import TYPE_CHECKING, Any

from koloda.engine import InvalidOption, say, say_count
from koloda.extras import require

if TYPE_CHECKING:
    import numpy as np

#: What the solver needs beyond the core install, imported when a position is first solved.
_WHAT = "the duel's exact solver (bot:solver, koloda duel advise)"


@cache
def _numpy() -> Any:
    return require("numpy", extra="sim", what=_WHAT)


@cache
def _linprog() -> Any:
    return require("scipy.optimize", extra="sim", what=_WHAT).linprog


def require_solver() -> None:
    """Raise :class:`koloda.extras.MissingExtra` now when NumPy or SciPy is not installed."""
    _numpy()
    _linprog()

TYPES = ("attack", "trick", "defence")


def _round_wins(rounds_to_win: int) -> InvalidOption:
    return InvalidOption(say("duel.solver_round_wins", "round wins must be between 0 and {hi}",
                             hi=rounds_to_win - 1))


#: «Атака побеждает уловку, уловка побеждает защиту, защита побеждает атаку».
BEATS = {"attack": "trick", "trick": "defence", "defence": "attack"}


@dataclass(frozen=True, order=True)
class Kind:
    """What decides a round: a card's type («тип») and strength («сила»)."""

    type: str
    strength: int

    def __post_init__(self) -> None:
        if self.type not in TYPES:
            raise InvalidOption(say("duel.solver_card_type", "a card type is one of {types}, "
                                    "got {got}", types=", ".join(TYPES), got=repr(self.type)))

    def __str__(self) -> str:
        return f"{self.type} {self.strength}"


def round_result(a: Kind | None, b: Kind | None) -> int:
    """+1 when ``a`` wins the round, −1 when ``b`` does, 0 when nobody does."""
    if a is None:
        return 0 if b is None else -1
    if b is None:
        return 1
    if a.type == b.type:
        return (a.strength > b.strength) - (a.strength < b.strength)
    return 1 if BEATS[a.type] == b.type else -1


@dataclass(frozen=True)
class Solution:
    """Best play from a position, for the first duellist ("mine")."""

    value: float
    win: float
    draw: float
    lose: float
    #: My mixed strategy for the next round: probability per kind in my hand.
    mine: tuple[tuple[Kind, float], ...]
    #: The opponent's mixed strategy for the next round.
    theirs: tuple[tuple[Kind, float], ...]


Hand = tuple[Kind, ...]
#: Inside the solver a card is (type index, strength rank): attack 0 beats trick 1 beats
#: defence 2 beats attack 0.
_Card = tuple[int, int]
_Cards = tuple[_Card, ...]
_Value = tuple[float, float, float, float]  # value, win, draw, lose


def _beats_or_ties(a: _Card | None, b: _Card | None) -> int:
    if a is None:
        return 0 if b is None else -1
    if b is None:
        return 1
    if a[0] == b[0]:
        return (a[1] > b[1]) - (a[1] < b[1])
    return 1 if (a[0] + 1) % 3 == b[0] else -1


def _canon(mine: _Cards, theirs: _Cards) -> tuple[_Cards, _Cards]:
    """The same position with strengths replaced by their rank within each type and the types
    turned round the cycle to the smallest form: who beats whom is unchanged by both."""
    ranks: list[dict[int, int]] = []
    for t in range(3):
        levels = sorted({s for (u, s) in mine if u == t} | {s for (u, s) in theirs if u == t})
        ranks.append({s: i for i, s in enumerate(levels)})
    best: tuple[_Cards, _Cards] | None = None
    for r in range(3):
        m = tuple(sorted(((t + r) % 3, ranks[t][s]) for t, s in mine))
        th = tuple(sorted(((t + r) % 3, ranks[t][s]) for t, s in theirs))
        if best is None or (m, th) < best:
            best = (m, th)
    assert best is not None
    return best


def _drop(hand: _Cards, card: _Card) -> _Cards:
    i = hand.index(card)
    return hand[:i] + hand[i + 1 :]


def _position(mine: _Cards, theirs: _Cards, n: int, won: int, lost: int) -> _Value:
    if won >= n:
        return (1.0, 1.0, 0.0, 0.0)
    if lost >= n:
        return (-1.0, 0.0, 0.0, 1.0)
    if not mine and not theirs:
        return (0.0, 0.0, 1.0, 0.0)
    m, th = _canon(mine, theirs)
    return _solved(m, th, n, won, lost)


def _round(
    mine: _Cards, theirs: _Cards, n: int, won: int, lost: int
) -> tuple[list[_Card | None], list[_Card | None], list[list[_Value]]]:
    rows: list[_Card | None] = list(dict.fromkeys(mine)) or [None]
    cols: list[_Card | None] = list(dict.fromkeys(theirs)) or [None]
    table = []
    for r in rows:
        left = _drop(mine, r) if r is not None else mine
        line = []
        for c in cols:
            outcome = _beats_or_ties(r, c)
            line.append(_position(left, _drop(theirs, c) if c is not None else theirs, n,
                                  won + (outcome > 0), lost + (outcome < 0)))
        table.append(line)
    return rows, cols, table


def _mix(table: list[list[_Value]]) -> tuple[list[float], list[float], _Value]:
    np = _numpy()
    payoff = np.array([[v[0] for v in row] for row in table])
    x, y, value = solve_matrix_game(payoff)
    win = draw = lose = 0.0
    for i, row in enumerate(table):
        for j, ch in enumerate(row):
            p = x[i] * y[j]
            if p:
                win += p * ch[1]
                draw += p * ch[2]
                lose += p * ch[3]
    return x, y, (value + 0.0, win, draw, lose)


@lru_cache(maxsize=2_000_000)
def _solved(mine: _Cards, theirs: _Cards, n: int, won: int, lost: int) -> _Value:
    return _mix(_round(mine, theirs, n, won, lost)[2])[2]


def _cards(hand: Iterable[Kind]) -> tuple[_Cards, dict[_Card, Kind]]:
    out: list[_Card] = []
    back: dict[_Card, Kind] = {}
    for k in hand:
        card = (TYPES.index(k.type), k.strength)
        out.append(card)
        back[card] = k
    return tuple(sorted(out)), back


def solve(
    mine: Iterable[Kind],
    theirs: Iterable[Kind],
    *,
    rounds_to_win: int = 2,
    my_wins: int = 0,
    their_wins: int = 0,
) -> Solution:
    """Best play for both sides from a position (see the module docstring)."""
    if rounds_to_win < 1:
        raise InvalidOption(say("duel.solver_rounds_to_win", "{name} must be at least 1",
                                name="rounds_to_win"))
    if not (0 <= my_wins < rounds_to_win and 0 <= their_wins < rounds_to_win):
        raise _round_wins(rounds_to_win)
    m, m_back = _cards(mine)
    th, th_back = _cards(theirs)
    if not m and not th:
        return Solution(0.0, 0.0, 1.0, 0.0, (), ())
    rows, cols, table = _round(m, th, rounds_to_win, my_wins, their_wins)
    x, y, (value, win, draw, lose) = _mix(table)
    return Solution(
        value=value,
        win=win,
        draw=draw,
        lose=lose,
        mine=tuple((m_back[r], x[i]) for i, r in enumerate(rows) if r is not None),
        theirs=tuple((th_back[c], y[j]) for j, c in enumerate(cols) if c is not None),
    )


def round_payoffs(
    mine: Iterable[Kind],
    theirs: Iterable[Kind],
    *,
    rounds_to_win: int = 2,
    my_wins: int = 0,
    their_wins: int = 0,
) -> dict[tuple[Kind, Kind | None], float]:
    """The next round as a matrix game: for each kind I may play and each kind the opponent may
    play (None when its hand is empty), the value of the position that follows under best play.

    >>> a1, t1 = Kind("attack", 1), Kind("trick", 1)
    >>> round_payoffs([a1], [t1], rounds_to_win=1)
    {(Kind(type='attack', strength=1), Kind(type='trick', strength=1)): 1.0}
    """
    if not (0 <= my_wins < rounds_to_win and 0 <= their_wins < rounds_to_win):
        raise _round_wins(rounds_to_win)
    m, m_back = _cards(mine)
    th, th_back = _cards(theirs)
    if not m:
        return {}
    rows, cols, table = _round(m, th, rounds_to_win, my_wins, their_wins)
    return {(m_back[r], th_back[c] if c is not None else None): table[i][j][0]
            for i, r in enumerate(rows) if r is not None for j, c in enumerate(cols)}


def value_of(mine: Iterable[Kind], theirs: Iterable[Kind], *, rounds_to_win: int = 2) -> _Value:
    """(value, win, draw, lose) of a duel that starts between these hands."""
    m, _ = _cards(mine)
    th, _ = _cards(theirs)
    return _position(m, th, rounds_to_win, 0, 0)


def solve_matrix_game(payoff: np.ndarray) -> tuple[list[float], list[float], float]:
    """Optimal mixed strategies of a zero-sum matrix game (row maximizes ``payoff``) and its
    value. Dominated rows and columns are removed first; 2×2 games are solved in closed form;
    larger ones by linear programming.

    >>> import numpy as np
    >>> x, y, v = solve_matrix_game(np.array([[0, -1, 1], [1, 0, -1], [-1, 1, 0]]))
    >>> [round(p, 3) for p in x], round(v, 6)
    ([0.333, 0.333, 0.333], 0.0)
    """
    np = _numpy()
    m, n = payoff.shape
    lower = payoff.min(axis=1).max()  # best guaranteed pure row
    upper = payoff.max(axis=0).min()  # best guaranteed pure column
    if lower >= upper - 1e-12:  # a saddle point: pure strategies suffice
        i = int(payoff.min(axis=1).argmax())
        j = int(payoff.max(axis=0).argmin())
        return _unit(m, i), _unit(n, j), float(payoff[i, j])
    rows, cols = _undominated(payoff)
    if len(rows) < m or len(cols) < n:
        xs, ys, v = solve_matrix_game(payoff[np.ix_(rows, cols)])
        x, y = [0.0] * m, [0.0] * n
        for k, i in enumerate(rows):
            x[i] = xs[k]
        for k, j in enumerate(cols):
            y[j] = ys[k]
        return x, y, v
    if m == 2 and n == 2:
        (a, b), (c, d) = payoff.tolist()
        den = a - b - c + d  # no saddle point: not zero
        p, q = (d - c) / den, (d - b) / den
        return [p, 1 - p], [q, 1 - q], (a * d - b * c) / den
    # variables: x_1..x_m, v; minimize -v
    cost = np.zeros(m + 1)
    cost[-1] = -1.0
    a_ub = np.hstack([-payoff.T, np.ones((n, 1))])
    a_eq = np.zeros((1, m + 1))
    a_eq[0, :m] = 1.0
    res = _linprog()(cost, A_ub=a_ub, b_ub=np.zeros(n), A_eq=a_eq, b_eq=[1.0],
                  bounds=[(0, None)] * m + [(None, None)], method="highs")
    if not res.success:  # pragma: no cover - a matrix game always has a solution
        raise RuntimeError(f"linear program failed: {res.message}")
    return _clean(res.x[:m]), _clean(-np.asarray(res.ineqlin.marginals)), float(res.x[-1]) + 0.0


def _undominated(payoff: np.ndarray) -> tuple[list[int], list[int]]:
    """Rows and columns left after removing weakly dominated ones, repeatedly (the value of
    the game does not change)."""
    np = _numpy()
    rows, cols = list(range(payoff.shape[0])), list(range(payoff.shape[1]))
    changed = True
    while changed:
        changed = False
        sub = payoff[np.ix_(rows, cols)]
        for i in range(len(rows)):
            if any(k != i and (sub[k] >= sub[i]).all() and (k < i or (sub[k] > sub[i]).any())
                   for k in range(len(rows))):
                del rows[i]
                changed = True
                break
        if changed:
            continue
        for j in range(len(cols)):
            if any(k != j and (sub[:, k] <= sub[:, j]).all()
                   and (k < j or (sub[:, k] < sub[:, j]).any()) for k in range(len(cols))):
                del cols[j]
                changed = True
                break
    return rows, cols


def _unit(n: int, i: int) -> list[float]:
    out = [0.0] * n
    out[i] = 1.0
    return out


def _clean(p: np.ndarray) -> list[float]:
    np = _numpy()
    q = np.clip(p, 0.0, None)
    q[q < 1e-12] = 0.0
    total = q.sum()
    return [float(v) for v in (q / total if total > 0 else np.full(len(q), 1 / len(q)))]


# --- hand choice («рука игрока») -------------------------------------------------------------


@dataclass(frozen=True)
class HandAdvice:
    """One candidate hand and how it fares."""

    hand: tuple[int, ...]  # indices into the deck given
    value: float
    win: float
    draw: float
    lose: float


def choose_hands(
    deck: Sequence[Kind],
    opponents: Sequence[tuple[Hand, float]],
    *,
    rounds_to_win: int = 2,
    sizes: Iterable[int] = range(0, 6),
    top: int = 5,
) -> list[HandAdvice]:
    """The best hands to take from ``deck`` against an opponent whose hand is one of
    ``opponents`` (hand, probability), best first by expected value.

    Hands equal in kinds are counted once (the first copies in deck order stand for them).
    """
    total = sum(p for _, p in opponents)
    if total <= 0:
        raise InvalidOption(say("duel.solver_weight",
                                "the opponent's possible hands need a positive total weight"))
    seen: set[Hand] = set()
    out: list[HandAdvice] = []
    for size in sorted(set(sizes)):
        if size > len(deck):
            continue
        for combo in itertools.combinations(range(len(deck)), size):
            kinds = tuple(sorted(deck[i] for i in combo))
            if kinds in seen:
                continue
            seen.add(kinds)
            value = win = draw = lose = 0.0
            for hand, p in opponents:
                v = value_of(kinds, hand, rounds_to_win=rounds_to_win)
                w = p / total
                value += w * v[0]
                win += w * v[1]
                draw += w * v[2]
                lose += w * v[3]
            out.append(HandAdvice(combo, value, win, draw, lose))
    out.sort(key=lambda h: (-h.value, -h.win, len(h.hand), h.hand))
    return out[:top]


def possible_hands(
    known: Sequence[Kind], size: int, pool: Counter[Kind]
) -> list[tuple[Hand, float]]:
    """The opponent's possible hands when ``known`` cards of a hand of ``size`` are known and
    the rest are drawn without replacement from ``pool`` (kind → copies), with probabilities.

    >>> pool = Counter({Kind("attack", 1): 2, Kind("trick", 1): 1})
    >>> [(tuple(map(str, h)), round(p, 3)) for h, p in possible_hands([], 1, pool)]
    [(('attack 1',), 0.667), (('trick 1',), 0.333)]
    """
    missing = size - len(known)
    if missing < 0:
        # the English says the plural whatever the count, as it always has
        raise InvalidOption(say_count("duel.solver_known_too_many",
                                      "{n} known cards do not fit a hand of {size}",
                                      "{n} known cards do not fit a hand of {size}",
                                      len(known), size=size))
    if missing == 0:
        return [(tuple(sorted(known)), 1.0)]
    kinds = sorted(k for k, c in pool.items() if c > 0)
    available = sum(pool[k] for k in kinds)
    if available < missing:
        raise InvalidOption(say_count("duel.solver_pool_too_small",
                                      "the card pool holds {n} cards, {missing} are needed",
                                      "the card pool holds {n} cards, {missing} are needed",
                                      available, missing=missing))
    out: list[tuple[Hand, float]] = []
    for draw in itertools.combinations_with_replacement(kinds, missing):
        counts = Counter(draw)
        if any(counts[k] > pool[k] for k in counts):
            continue
        ways = 1
        for k, c in counts.items():
            ways *= _comb(pool[k], c)
        out.append((tuple(sorted((*known, *draw))), ways / _comb(available, missing)))
    return out


def _comb(n: int, k: int) -> int:
    from math import comb

    return comb(n, k)
