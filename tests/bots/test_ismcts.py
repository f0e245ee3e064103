import time

import pytest

from koloda.bots import decision_for, make_bot
from koloda.bots.ismcts import Budget, IsmctsBot, rank_rewards
from koloda.engine import InvalidOption, Result, load_game

from ..engine import toy  # noqa: F401  (registers the toy game)
from . import nim  # noqa: F401  (registers the nim game)


def play(game, bots, seed):
    state = game.new(seed=seed)
    while not state.is_terminal:
        for seat in state.to_act:
            if seat in state.to_act:
                state.apply(seat, bots[seat].act(decision_for(state, seat)))
    return state


def test_finds_the_winning_move_in_nim():
    game = load_game("nim", stones=7)
    state = game.new(seed=0)
    bot = make_bot("bot:ismcts:400", game, seed=3)
    assert str(bot.act(decision_for(state, 0))) == "take 3"  # leaves a multiple of 4


def test_beats_random_at_nim():
    game = load_game("nim", stones=10)
    wins = 0
    for g in range(6):
        bots = [make_bot("bot:ismcts:200", game, seed=g), make_bot("bot:random", game, seed=g)]
        state = play(game, bots, g)
        wins += state.result().winners == (0,)
    assert wins == 6


def test_iteration_budget_is_reproducible():
    game = load_game("toy", players=3)
    runs = []
    for _ in range(2):
        bots = [make_bot("bot:ismcts:60", game, seed=7 + i) for i in range(3)]
        runs.append(play(game, bots, 11).history)
    assert runs[0] == runs[1]


def test_simultaneous_steps_every_seat_acts_legally():
    game = load_game("toy", players=2)
    state = game.new(seed=2)
    bots = [make_bot("bot:ismcts:50", game, seed=i) for i in range(2)]
    while not state.is_terminal:
        for seat in state.to_act:
            action = bots[seat].act(decision_for(state, seat))
            assert action in state.legal_actions(seat)
            state.apply(seat, action)
    assert state.result() is not None


def test_time_budget_stops():
    game = load_game("nim", stones=40)
    bot = IsmctsBot(Budget(seconds=0.05), seed=1)
    start = time.perf_counter()
    bot.act(decision_for(game.new(seed=0), 0))
    assert time.perf_counter() - start < 1.0
    assert bot.last_iterations > 0


def test_single_legal_action_is_returned_without_search():
    game = load_game("nim", stones=1)
    bot = IsmctsBot(Budget(iterations=10), seed=1)
    assert str(bot.act(decision_for(game.new(seed=0), 0))) == "take 1"
    assert bot.last_iterations == 0


@pytest.mark.parametrize("name", ["bot:ismcts:0", "bot:ismcts:abc", "bot:ismcts:-1s",
                                  "bot:ismcts:10:x", "bot:ismcts:1:2:3"])
def test_bad_names(name):
    with pytest.raises(InvalidOption, match="ismcts"):
        make_bot(name, load_game("nim"))


def test_names():
    game = load_game("nim")
    assert make_bot("bot:ismcts:0.5s", game).name == "ismcts:0.5s"
    assert make_bot("ismcts:2000", game).name == "ismcts:2000"
    assert make_bot("bot:ismcts", game).name == "ismcts:1000"


def test_rank_rewards():
    assert rank_rewards(Result(scores=(2.0, 5.0, 5.0, 0.0))) == (1 / 3, 5 / 6, 5 / 6, 0.0)


@pytest.mark.parametrize("name", ["bot:ismcts:10:0.7:greedy", "bot:ismcts:10:0.7:heuristic2",
                                  "bot:ismcts:10:0.7:heuristicx", "bot:ismcts:1:2:3:4"])
def test_bad_playout_policies(name):
    with pytest.raises(InvalidOption, match="ismcts"):
        make_bot(name, load_game("duel"))


def test_playout_policy_names():
    game = load_game("duel")
    assert make_bot("bot:ismcts:50:0.7:heuristic", game).name == "ismcts:50:0.7:heuristic"
    assert make_bot("bot:ismcts:50::heuristic0.5", game).name == "ismcts:50:0.7:heuristic0.5"
    assert make_bot("bot:ismcts:50:0.7:random", game).name == "ismcts:50"
    with pytest.raises(InvalidOption, match="unknown bot"):  # nim has no heuristic bot
        make_bot("bot:ismcts:50:0.7:heuristic", load_game("nim"))


@pytest.mark.parametrize("policy", ["heuristic", "heuristic0.5"])
def test_playout_policy_is_reproducible_and_legal(policy):
    game = load_game("duel", deck_size=6)
    runs = []
    for _ in range(2):
        bots = [make_bot(f"bot:ismcts:30:0.7:{policy}", game, seed=4),
                make_bot("bot:heuristic", game, seed=5)]
        runs.append(play(game, bots, 3).history)
    assert runs[0] == runs[1]


def test_guided_expansion_tries_the_heuristic_move_first():
    """With one iteration, the only action tried at the root is the heuristic's."""
    game = load_game("duel")
    state = game.new(seed=2)
    decision = decision_for(state, 0)
    bot = make_bot("bot:ismcts:1:0.7:heuristic", game, seed=1)
    expected = make_bot("bot:heuristic", game, seed=0).act(decision)
    assert bot.act(decision) == expected
