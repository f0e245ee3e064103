import pytest

from koloda.engine import GameRecord, IllegalAction, InvalidOption, load_game, replay
from koloda.engine.record import record_of

from . import toy  # noqa: F401  (registers the toy game)


def test_toy_game_round_trip():
    game = load_game("toy", players=3)
    s = game.new(seed=5)
    assert s.to_act == (0, 1, 2)
    while not s.is_terminal:
        seat = s.to_act[0]
        s.apply(seat, s.legal_actions(seat)[0])
    rec = record_of(game, s)
    again = replay(GameRecord.from_json(rec.to_json()))
    assert again.to_json() == s.to_json()
    assert type(s).from_json(s.to_json()) == s


def test_illegal_leaves_state():
    game = load_game("toy")
    s = game.new(seed=1)
    before = s.to_json()
    with pytest.raises(IllegalAction, match="not in your hand"):
        s.apply(0, s.parse_action("play 9"))
    assert s.to_json() == before


def test_bad_options():
    with pytest.raises(InvalidOption, match="unknown option 'x'"):
        load_game("toy", x=1)
    with pytest.raises(InvalidOption, match="at most 3"):
        load_game("toy", tricks=7)
    with pytest.raises(InvalidOption, match=r"wants|integer"):
        load_game("toy", tricks="a")
