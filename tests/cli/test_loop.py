"""The UI-free game loop `koloda.play`: seat order, hot-seat handovers, refusals."""

from __future__ import annotations

from itertools import pairwise

import pytest

from koloda.bots import make_bot
from koloda.engine import load_game
from koloda.play import BotSeat, GameAbandoned, HumanSeat, SeatView, Table
from tests.engine import toy  # noqa: F401  (registers the toy game)


def test_bots_answer_first_then_humans_in_seat_order():
    game = load_game("toy", players=3)
    asked: list[int] = []

    def ask(view: SeatView):
        asked.append(view.seat)
        # a bot has already committed when the human is asked
        assert 1 in view.observation["decided"]
        return view.legal[0]

    table = Table.start(game, [HumanSeat(ask), BotSeat(make_bot("bot:random", game, seed=1)),
                               HumanSeat(ask)], seed=2)
    table.run()
    assert asked == [0, 2, 0, 2, 0, 2]


def test_handover_only_when_the_device_changes_hands():
    game = load_game("toy", players=3)
    handovers: list[int] = []
    table = Table.start(game, [HumanSeat(lambda v: v.legal[0]),
                               HumanSeat(lambda v: v.legal[0]),
                               BotSeat(make_bot("bot:random", game, seed=1))],
                        seed=2, on_handover=handovers.append)
    table.run()
    assert handovers == [0, 1, 0, 1, 0, 1]


def test_single_human_gets_no_handover():
    game = load_game("toy")
    handovers: list[int] = []
    table = Table.start(game, [HumanSeat(lambda v: v.legal[-1]),
                               BotSeat(make_bot("bot:random", game, seed=1))],
                        seed=2, on_handover=handovers.append)
    assert table.run().scores is not None
    assert handovers == []


def test_refused_action_is_asked_again_with_the_reason():
    game = load_game("toy")
    views: list[SeatView] = []

    def ask(view: SeatView):
        views.append(view)
        return view.parse("play 9") if len(views) == 1 else view.legal[0]

    table = Table.start(game, [HumanSeat(ask), HumanSeat(lambda v: v.legal[0])], seed=2)
    table.step()
    assert views[0].refused is None
    assert str(views[1].refused) == "card 9 is not in your hand"
    assert table.state.history == [(0, str(views[1].legal[0]))]


def test_human_view_holds_the_seat_log_and_marks_what_is_new():
    game = load_game("toy")
    seen: list[SeatView] = []

    def ask(view: SeatView):
        seen.append(view)
        return view.legal[0]

    table = Table.start(game, [HumanSeat(ask), BotSeat(make_bot("bot:random", game, seed=1))],
                        seed=2)
    table.run()
    assert all(e.to.sees(0) for v in seen for e in v.log)
    assert seen[0].new_from == 0
    for before, after in pairwise(seen):
        assert after.new_from == len(before.log)
        assert after.log[:len(before.log)] == before.log


def test_abandon_propagates():
    game = load_game("toy")

    def leave(view: SeatView):
        raise GameAbandoned("bye")

    table = Table.start(game, [HumanSeat(leave), HumanSeat(leave)], seed=2)
    with pytest.raises(GameAbandoned):
        table.run()


def test_seat_count_must_match():
    game = load_game("toy")
    state = game.new(seed=1)
    with pytest.raises(ValueError, match="1 seats for 2 players"):
        Table(game=game, state=state, seats=[HumanSeat(lambda v: v.legal[0])])
