from koloda.bots import decision_for, make_bot
from koloda.engine import load_game
from koloda.games.duel.solver_bot import DuelSolverBot


def test_solver_bot_plays_whole_duels_legally():
    game = load_game("duel", deck_size=6)
    for seed in range(2):
        state = game.new(seed=seed)
        bots = [make_bot("bot:solver:2", game, seed=seed), make_bot("bot:random", game, seed=1)]
        while not state.is_terminal:
            for seat in state.to_act:
                if seat in state.to_act:
                    action = bots[seat].act(decision_for(state, seat))
                    assert action in state.legal_actions(seat)
                    state.apply(seat, action)
        assert state.result() is not None


def test_solver_bot_accepts_an_offer_only_when_behind():
    """Behind (one card against two, a round down) it accepts a draw; ahead it declines."""
    game = load_game("duel")
    for mine, theirs, expected in [(["punch"], ["trip", "block"], "accept-end"),
                                   (["trip", "block"], ["punch"], "decline-end")]:
        state = game.from_setup({"decks": [mine, theirs]})
        state.apply_text(0, "hand " + " ".join(f"a0{i + 1}" for i in range(len(mine))))
        state.apply_text(1, "hand " + " ".join(f"b0{i + 1}" for i in range(len(theirs))))
        state.apply_text(1, "offer-end")
        assert str(DuelSolverBot(seed=1, samples=4).act(decision_for(state, 0))) == expected


def test_solver_bot_is_duel_only():
    import pytest

    from koloda.engine import InvalidOption

    with pytest.raises(InvalidOption, match="unknown bot"):
        make_bot("bot:solver", load_game("nevermore"))
    with pytest.raises(InvalidOption, match="samples"):
        make_bot("bot:solver:x", load_game("duel"))
