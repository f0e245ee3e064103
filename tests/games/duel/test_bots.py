"""``bot:heuristic`` for the duel: legal, seeded, better than random, and cheap."""

from __future__ import annotations

import pytest

from koloda.bots import bot_names, decision_for, make_bot
from koloda.engine import InvalidOption, load_game
from koloda.games.duel import DuelState, Play

from .helpers import act, duel


def _play(game, bots, seed):  # type: ignore[no-untyped-def]
    state = game.new(seed=seed)
    actions = []
    while not state.is_terminal:
        for seat in state.to_act:
            if seat in state.to_act:
                action = bots[seat].act(decision_for(state, seat))
                assert action in state.legal_actions(seat)
                state.apply(seat, action)
                actions.append(str(action))
    return state, actions


def test_registered_and_parameters_checked() -> None:
    assert "heuristic" in bot_names("duel")
    game = load_game("duel")
    make_bot("bot:heuristic:peaceful", game, seed=1)
    with pytest.raises(InvalidOption, match="peaceful"):
        make_bot("bot:heuristic:99", game, seed=1)


def test_seeded_and_reproducible() -> None:
    game = load_game("duel")
    runs = []
    for _ in range(2):
        bots = [make_bot("bot:heuristic", game, seed=s) for s in (1, 2)]
        runs.append(_play(game, bots, seed=7)[1])
    assert runs[0] == runs[1]


def test_beats_random() -> None:
    score = 0
    for options in ({}, {"mode": "attack"}):
        game = load_game("duel", **options)
        for i in range(100):
            hero = i % 2
            bots = [make_bot("bot:random", game, seed=i), make_bot("bot:random", game, seed=i)]
            bots[hero] = make_bot("bot:heuristic", game, seed=i)
            state, _ = _play(game, bots, seed=i)
            result = state.result()
            assert result is not None
            score += int(result.scores[hero])
    assert score > 30  # wins minus losses over 200 games (measured +77: 128 won, 51 lost)


def test_takes_a_full_varied_hand() -> None:
    s = duel()
    action = make_bot("bot:heuristic", load_game("duel"), seed=1).act(decision_for(s, 0))
    cards = action.cards  # type: ignore[attr-defined]
    assert len(cards) == 5
    assert {s.info(c).type for c in cards} == {"attack", "trick", "defence"}


def test_kills_unless_peaceful_and_answers_offers() -> None:
    s = act(duel(), "0: hand a01 a06", "1: hand b07 b08")
    game = load_game("duel")
    for spec, kill in (("bot:heuristic", True), ("bot:heuristic:peaceful", False)):
        seen = set()
        bot = make_bot(spec, game, seed=3)
        for _ in range(30):
            a = bot.act(decision_for(s, 1))
            if isinstance(a, Play) and a.card == "b07":
                seen.add(a.kill)
        assert seen <= {kill}
    behind = act(duel(), "0: hand a01 a02 a03", "1: hand b01 b02 b03",
                 "0: play a02", "1: play b01", "1: offer-end")
    assert str(make_bot("bot:heuristic", game, seed=1).act(decision_for(behind, 0))) \
        == "decline-end"
    behind = act(duel(), "0: hand a01 a02 a03", "1: hand b01 b02 b03",
                 "0: play a02", "1: play b01", "0: offer-end")
    assert str(make_bot("bot:heuristic", game, seed=1).act(decision_for(behind, 1))) \
        == "accept-end"


def test_winner_swaps_for_a_better_card() -> None:
    s = act(duel(), "0: hand a01 a02 a05", "1: hand b01 b02 b03 b04",
            "0: play a02", "1: play b01", "0: play a01", "1: play b02")
    assert isinstance(s, DuelState)
    action = make_bot("bot:heuristic", load_game("duel"), seed=1).act(decision_for(s, 0))
    assert str(action) == "swap b04 a01"  # full guard (4) for a punch (1)


def test_swaps_when_the_swap_is_required() -> None:
    """With ``swap_required`` the bot swaps even when no swap gains (the least loss)."""
    s = act(duel(swap_required=True), "0: hand a04 a05", "1: hand b01 b03",
            "0: play a04", "1: play b01", "0: play a05", "1: play b03")
    assert s.winner == 0
    action = make_bot("bot:heuristic", load_game("duel"), seed=1).act(decision_for(s, 0))
    assert action in s.legal_actions(0)
    assert str(action) == "swap b03 a04"  # its block for a block: nothing lost
