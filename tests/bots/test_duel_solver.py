import itertools
import random
from collections import Counter

import numpy as np
import pytest
from scipy.optimize import linprog

from koloda.engine import InvalidOption
from koloda.games.duel.solver import (
    TYPES,
    Kind,
    choose_hands,
    possible_hands,
    round_result,
    solve,
    solve_matrix_game,
    value_of,
)

A = {s: Kind("attack", s) for s in range(1, 6)}
T = {s: Kind("trick", s) for s in range(1, 6)}
D = {s: Kind("defence", s) for s in range(1, 6)}


def naive_value(mine, theirs, n, won=0, lost=0):
    """The plain recursion with one LP per position: what the solver must agree with."""
    if won >= n:
        return 1.0
    if lost >= n:
        return -1.0
    if not mine and not theirs:
        return 0.0
    rows = list(dict.fromkeys(mine)) or [None]
    cols = list(dict.fromkeys(theirs)) or [None]
    payoff = np.zeros((len(rows), len(cols)))
    for i, r in enumerate(rows):
        for j, c in enumerate(cols):
            res = round_result(r, c)
            left = list(mine)
            if r is not None:
                left.remove(r)
            right = list(theirs)
            if c is not None:
                right.remove(c)
            payoff[i, j] = naive_value(tuple(left), tuple(right), n, won + (res > 0),
                                       lost + (res < 0))
    m, k = payoff.shape
    cost = np.zeros(m + 1)
    cost[-1] = -1
    res = linprog(cost, A_ub=np.hstack([-payoff.T, np.ones((k, 1))]), b_ub=np.zeros(k),
                  A_eq=np.hstack([np.ones((1, m)), np.zeros((1, 1))]), b_eq=[1],
                  bounds=[(0, None)] * m + [(None, None)], method="highs")
    return res.x[-1]


def test_round_rules():
    """«Атака побеждает уловку, уловка побеждает защиту, защита побеждает атаку. Для карт
    одинакового типа, побеждает та что с более высокой силой. Если один из игроков сыграл карту
    а второй нет - сыгравший побеждает.»"""
    assert round_result(A[1], T[5]) == 1
    assert round_result(T[1], D[5]) == 1
    assert round_result(D[1], A[5]) == 1
    assert round_result(A[2], A[3]) == -1
    assert round_result(A[3], A[3]) == 0
    assert round_result(A[1], None) == 1 and round_result(None, None) == 0


def test_matrix_games_with_known_values():
    x, y, v = solve_matrix_game(np.array([[3.0, -1.0], [-2.0, 1.0]]))
    assert v == pytest.approx(1 / 7) and x[0] == pytest.approx(3 / 7)
    assert y[0] == pytest.approx(2 / 7)
    x, y, v = solve_matrix_game(np.array([[0, -1, 1], [1, 0, -1], [-1, 1, 0]], dtype=float))
    assert v == pytest.approx(0) and x == pytest.approx([1 / 3] * 3)
    assert y == pytest.approx([1 / 3] * 3)
    # a dominated row and a saddle point
    x, y, v = solve_matrix_game(np.array([[1.0, 2.0], [0.0, 1.0]]))
    assert (x, y, v) == ([1.0, 0.0], [1.0, 0.0], 1.0)


def test_agrees_with_the_plain_recursion():
    rng = random.Random(4)
    kinds = [Kind(t, s) for t in TYPES for s in range(1, 4)]
    for _ in range(12):
        mine = tuple(rng.choice(kinds) for _ in range(rng.randint(0, 4)))
        theirs = tuple(rng.choice(kinds) for _ in range(rng.randint(0, 4)))
        n = rng.choice([1, 2, 3])
        assert value_of(mine, theirs, rounds_to_win=n)[0] == pytest.approx(
            naive_value(mine, theirs, n), abs=1e-7)


def test_probabilities_add_up_and_match_the_value():
    s = solve([A[3], T[2], D[4], D[1]], [A[4], T[3], D[2]], rounds_to_win=2)
    assert s.win + s.draw + s.lose == pytest.approx(1)
    assert s.win - s.lose == pytest.approx(s.value)
    assert sum(p for _, p in s.mine) == pytest.approx(1)
    assert sum(p for _, p in s.theirs) == pytest.approx(1)


def test_fewer_than_two_cards_never_win():
    """«Для возможной победы в дуэли требуется не менее 2 карт на руке.»"""
    s = solve([A[5]], [T[1], T[1]], rounds_to_win=2)
    assert s.win == 0 and s.draw == 1  # one round each way at most: nobody reaches two


def test_a_card_against_no_card_wins():
    """«Если один из игроков сыграл карту а второй нет - сыгравший побеждает.»"""
    s = solve([T[1], T[1]], [], rounds_to_win=2)
    assert (s.win, s.value) == (1.0, 1.0)


def test_position_with_score():
    s = solve([A[1]], [D[1]], rounds_to_win=2, my_wins=1, their_wins=1)
    assert s.lose == 1.0
    with pytest.raises(InvalidOption):
        solve([A[1]], [D[1]], rounds_to_win=2, my_wins=2)


def test_symmetric_hands_are_even():
    hand = [A[2], T[2], D[2]]
    s = solve(hand, hand, rounds_to_win=2)
    assert s.value == pytest.approx(0, abs=1e-9)


def test_choose_hands_against_a_known_hand():
    deck = [A[1], A[2], D[5], D[4], T[1]]
    best = choose_hands(deck, [((A[3], A[3]), 1.0)], rounds_to_win=2)
    assert best[0].win == 1.0
    assert all(deck[i].type == "defence" for i in best[0].hand[:2])
    only5 = choose_hands(deck, [((A[3], A[3]), 1.0)], sizes=[5])
    assert len(only5) == 1 and len(only5[0].hand) == 5


def test_possible_hands_probabilities():
    pool = Counter({A[1]: 3, T[1]: 2, D[1]: 1})
    hands = possible_hands([A[5]], 3, pool)
    assert sum(p for _, p in hands) == pytest.approx(1)
    assert all(len(h) == 3 and A[5] in h for h, _ in hands)
    with pytest.raises(InvalidOption):
        possible_hands([A[1], A[2]], 1, pool)
    assert len(list(itertools.chain(hands))) == 5
