"""bot:solver's model of the opponent: sensible hands, the splits it considers, the deck it
draws for the unseen cards, the predicted play, and reproducibility."""

from __future__ import annotations

from collections import Counter

from koloda.bots import decision_for, make_bot
from koloda.engine import Rng, load_game
from koloda.games.duel.cards import BATTLE_KEYS, CATALOGUE, pool
from koloda.games.duel.resample import known_to
from koloda.games.duel.solver import TYPES, Kind
from koloda.games.duel.solver_bot import (
    DuelSolverBot,
    opponent_hand,
    predicted_play,
    sensible_hand,
    type_splits,
    unseen_deck,
)

A = [Kind("attack", s) for s in (5, 3, 1)]
T = [Kind("trick", s) for s in (4, 2)]
D = [Kind("defence", s) for s in (3, 1)]


def test_sensible_hand_takes_the_strongest_of_each_type_first() -> None:
    hand = sensible_hand(A + T + D, 5)
    assert len(hand) == 5
    assert {k.type for k in hand} == set(TYPES)
    assert Kind("attack", 5) in hand and Kind("trick", 4) in hand and Kind("defence", 3) in hand
    # the other two are the strongest of the rest
    assert sorted(hand) == sorted([A[0], A[1], T[0], D[0], T[1]])


def test_sensible_hand_keeps_forced_cards_and_counts_their_types() -> None:
    hand = sensible_hand(A[:2] + T + D, 3, forced=[Kind("attack", 1)])
    assert Kind("attack", 1) in hand
    assert {k.type for k in hand} == set(TYPES)  # attack covered by the forced card
    assert len(sensible_hand(A, 5)) == 3  # a short pool gives a short hand


def test_type_splits_are_the_strongest_cards_of_each_type() -> None:
    pool_ = A + T + D
    splits = type_splits(pool_, 5)
    assert 1 <= len(splits) <= 21
    assert len(set(splits)) == len(splits)
    for hand in splits:
        assert len(hand) == 5
        for t in TYPES:
            mine = sorted((k.strength for k in hand if k.type == t), reverse=True)
            best = sorted((k.strength for k in pool_ if k.type == t), reverse=True)
            assert mine == best[: len(mine)]
    assert sensible_hand(pool_, 5) in splits


def _state_in_rounds(seed: int):  # type: ignore[no-untyped-def]
    game = load_game("duel")
    state = game.new(seed=seed)
    bots = [make_bot("bot:heuristic", game, seed=seed + s) for s in (0, 1)]
    for seat in (0, 1):
        state.apply(seat, bots[seat].act(decision_for(state, seat)))
    return state, bots


def test_unseen_deck_never_holds_copies_the_seat_holds() -> None:
    for seed in range(10):
        state, _ = _state_in_rounds(seed)
        sample = state.determinize(0, Rng.from_seed(seed))
        mine = Counter(state.keys[c] for z in (state.decks, state.hands) for c in z[0])
        left = Counter(pool(BATTLE_KEYS))
        drawn = unseen_deck(sample, 0, known_to(sample, 0), Rng.from_seed(seed))
        assert len(drawn) <= state.options.deck_size
        allowed: Counter[Kind] = Counter()
        for key, n in left.items():
            info = CATALOGUE[key]
            assert info.type is not None
            allowed[Kind(info.type.value, info.strength)] += n - mine[key]
        for kind, n in Counter(drawn).items():
            assert n <= allowed[kind]


def test_opponent_hand_has_the_known_size_and_holds_no_played_card() -> None:
    for seed in range(6):
        state, bots = _state_in_rounds(seed)
        for _ in range(2):  # two rounds
            if state.is_terminal or state.observe(None)["phase"] != "rounds":
                break
            for seat in state.to_act:
                if seat in state.to_act:
                    state.apply(seat, bots[seat].act(decision_for(state, seat)))
        if state.is_terminal or state.observe(None)["phase"] != "rounds":
            continue
        sample = state.determinize(0, Rng.from_seed(1))
        hand = opponent_hand(sample, 0, Rng.from_seed(2))
        assert len(hand) == len(state.hands[1])


def test_opponent_hand_is_exact_when_the_hand_is_empty_or_known() -> None:
    game = load_game("duel")
    state = game.from_setup({"decks": [["punch", "trip"], ["block"]]})
    state.apply_text(0, "hand a01 a02")
    state.apply_text(1, "hand b01")
    state.apply_text(0, "play a01")
    state.apply_text(1, "play b01")  # the opponent's only card is now seen
    assert opponent_hand(state.determinize(0, Rng.from_seed(1)), 0, Rng.from_seed(1)) == ()


def test_predicted_play_is_a_distribution_over_the_model_hand() -> None:
    mine = [Kind("attack", 3), Kind("defence", 2)]
    theirs = [Kind("trick", 3), Kind("defence", 4), Kind("attack", 2)]
    p = predicted_play(mine, theirs, rounds_to_win=2)
    assert abs(sum(p.values()) - 1) < 1e-9
    assert set(p) <= set(theirs)
    assert predicted_play(mine, [], rounds_to_win=2) == {None: 1.0}


def test_solver_hand_is_a_largest_split_and_reproducible() -> None:
    game = load_game("duel")
    for seed in range(3):
        state = game.new(seed=seed)
        d = decision_for(state, 0)
        first = DuelSolverBot(seed=5).act(d)
        assert first == DuelSolverBot(seed=5).act(d)
        largest = max(len(a.cards) for a in d.legal)  # type: ignore[attr-defined]
        assert len(first.cards) == largest  # type: ignore[attr-defined]


def test_solver_plays_reproducibly_with_a_seed() -> None:
    game = load_game("duel", deck_size=6)

    def play(seed: int) -> list[str]:
        state = game.new(seed=3)
        bots = [make_bot("bot:solver:4", game, seed=seed), make_bot("bot:heuristic", game, seed=1)]
        moves = []
        while not state.is_terminal:
            for seat in state.to_act:
                if seat in state.to_act:
                    action = bots[seat].act(decision_for(state, seat))
                    moves.append(str(action))
                    state.apply(seat, action)
        return moves

    assert play(7) == play(7)


def test_round_mix_is_exact_when_the_opponent_hand_is_known() -> None:
    """The opponent's only card has been played: its (empty) hand is known, and the bot plays
    the exact equilibrium of the position, which wins whatever it plays."""
    game = load_game("duel")
    state = game.from_setup({"decks": [["punch", "trip", "block"], ["kick"]]})
    state.apply_text(0, "hand a01 a02 a03")
    state.apply_text(1, "hand b01")
    state.apply_text(0, "play a03")  # block beats kick
    state.apply_text(1, "play b01")
    bot = DuelSolverBot(seed=1, samples=3)
    samples = [state.determinize(0, Rng.from_seed(i)) for i in range(3)]
    mix = bot.round_mix(0, samples)
    assert abs(sum(mix.values()) - 1) < 1e-9
    assert set(mix) <= {Kind("attack", 1), Kind("trick", 1)}


def test_round_mix_against_a_hidden_hand_is_a_distribution_over_my_cards() -> None:
    for seed in range(4):
        state, _ = _state_in_rounds(seed)
        bot = DuelSolverBot(seed=seed, samples=4)
        samples = [state.determinize(0, Rng.from_seed(seed + i)) for i in range(4)]
        mix = bot.round_mix(0, samples)
        mine = {Kind(state.info(c).type.value, state.info(c).strength)
                for c in state.hands[0]}
        assert abs(sum(mix.values()) - 1) < 1e-9
        assert mix and set(mix) <= mine
