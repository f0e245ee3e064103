"""The kernel's parts on their own: chance, codec, options, events, records, scenarios."""

from __future__ import annotations

import enum
import json
from dataclasses import dataclass, field

import pytest

from koloda.engine import (
    EVERYONE,
    Audience,
    GameRecord,
    IllegalAction,
    InvalidData,
    InvalidOption,
    Result,
    Rng,
    decode,
    encode,
    load_game,
    option,
    parse_option_text,
    record_of,
    replay,
)
from koloda.engine.errors import UnknownGame
from koloda.engine.options import build_options, describe_options
from koloda.engine.scenario import ScenarioFailed, load_scenario, run_scenario

from . import toy  # noqa: F401


class Colour(enum.Enum):
    RED = "red"
    BLUE = "blue"


@dataclass(frozen=True)
class Inner:
    n: int
    tags: tuple[str, ...] = ()


@dataclass
class Outer:
    inner: Inner
    by_seat: dict[int, list[Inner]] = field(default_factory=dict)
    colour: Colour | None = None
    pair: tuple[int, str] = (0, "")


def test_rng_is_reproducible_and_forcible() -> None:
    a, b = Rng.from_seed(42), Rng.from_seed(42)
    assert [a.randbelow(1000) for _ in range(50)] == [b.randbelow(1000) for _ in range(50)]
    assert Rng.from_seed(1).randbelow(10**9) != Rng.from_seed(2).randbelow(10**9)
    r = Rng.from_seed(0)
    r.force(5, [2, 0, 1])
    assert r.roll(6) == 6
    items = ["a", "b", "c"]
    r.shuffle(items)
    assert items == ["c", "a", "b"]
    r.force(9)
    with pytest.raises(InvalidData, match="forced outcome"):
        r.randbelow(6)
    r.force([0, 0])
    with pytest.raises(InvalidData, match="not a permutation"):
        r.shuffle(["x", "y"])


def test_rng_is_uniform_enough() -> None:
    r = Rng.from_seed(3)
    counts = [0] * 6
    for _ in range(6000):
        counts[r.randbelow(6)] += 1
    assert all(800 < c < 1200 for c in counts)


def test_codec_round_trip() -> None:
    value = Outer(Inner(1, ("a",)), {2: [Inner(3)]}, Colour.BLUE, (4, "x"))
    data = json.loads(json.dumps(encode(value)))
    assert decode(Outer, data) == value


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"inner": {"n": "1"}}, "expected an integer"),
        ({"inner": {"n": 1}, "extra": 1}, "unknown field"),
        ({}, "missing field 'inner'"),
        ({"inner": {"n": 1}, "colour": "green"}, "matches none"),
        ({"inner": {"n": 1}, "by_seat": {"x": []}}, "not an integer"),
        ({"inner": {"n": 1}, "pair": [1]}, "expected 2 items"),
    ],
)
def test_codec_refuses_malformed(data: object, message: str) -> None:
    with pytest.raises(InvalidData, match=message):
        decode(Outer, data)


@dataclass(frozen=True)
class Opts:
    count: int = option(2, minimum=1, maximum=5, en="Count", ru="Число")
    mode: str = option("a", choices=("a", "b"), en="Mode", ru="Режим")
    ratio: float = option(0.5, minimum=0.0, maximum=1.0, en="Ratio", ru="Доля")
    fast: bool = option(False, en="Fast", ru="Быстро")


def test_options_validate() -> None:
    assert build_options(Opts, {}) == Opts()
    assert build_options(Opts, {"ratio": 1}).ratio == 1.0
    for bad, msg in [
        ({"count": 0}, "at least 1"),
        ({"count": True}, "integer"),
        ({"mode": "c"}, "one of a, b"),
        ({"fast": "yes"}, "true or false"),
        ({"nope": 1}, "unknown option 'nope'"),
    ]:
        with pytest.raises(InvalidOption, match=msg):
            build_options(Opts, bad)
    assert parse_option_text(Opts, "fast", "да") is True
    assert parse_option_text(Opts, "count", "4") == 4
    with pytest.raises(InvalidOption):
        parse_option_text(Opts, "count", "four")
    infos = describe_options(Opts)
    assert [i.name for i in infos] == ["count", "mode", "ratio", "fast"]
    assert infos[0].help("ru").startswith("Число")


def test_load_game_errors() -> None:
    with pytest.raises(UnknownGame, match="known games"):
        load_game("chess")
    with pytest.raises(InvalidOption, match="2-4 players"):
        load_game("toy", players=9)


def test_audience() -> None:
    assert EVERYONE.sees(None) and EVERYONE.sees(3)
    assert not Audience.only(1).sees(None)
    assert Audience.only(2, 1).seats == (1, 2)


def test_result_ranks() -> None:
    r = Result(scores=(1.0, 3.0, 3.0))
    assert r.ranks == (3, 1, 1)
    assert r.winners == (1, 2)
    assert Result(scores=(0.0, 0.0)).winners == ()


def test_illegal_actions_and_seats() -> None:
    game = load_game("toy")
    s = game.new(seed=2)
    before = s.to_json()
    with pytest.raises(IllegalAction, match="no seat"):
        s.apply(5, s.legal_actions(0)[0])
    s.apply(0, s.legal_actions(0)[0])
    with pytest.raises(IllegalAction, match="not this seat's turn"):
        s.apply(0, s.legal_actions(1)[0])
    assert s.to_json() != before


def test_log_filters_private_events() -> None:
    s = load_game("toy").new(seed=4)
    assert all(e.to.sees(0) for e in s.log(0))
    assert len(s.log(0)) == 1 and len(s.log(None)) == 0


def test_record_json_and_replay_errors() -> None:
    game = load_game("toy")
    s = game.new(seed=9)
    s.apply(0, s.legal_actions(0)[0])
    rec = record_of(game, s)
    assert GameRecord.from_json(json.loads(json.dumps(rec.to_json()))) == rec
    bad = GameRecord(game="toy", players=2, seed=9, actions=((0, "play 99"),))
    with pytest.raises(IllegalAction, match="action #1"):
        replay(bad)
    with pytest.raises(InvalidData):
        GameRecord.from_json({"game": "toy", "seed": "x"})


def _scenario(**over: object) -> dict[str, object]:
    base: dict[str, object] = {
        "title": "higher card takes the trick",
        "game": "toy",
        "setup": {"hands": [[1, 5, 6], [2, 3, 4]]},
        "actions": ["0: play 6", "1: play 2", {"act": "0: play 6", "error": "not in your hand"}],
        "expect": {"to_act": [0, 1], "state": {"taken": [1, 0]}, "events": ["ToyTrick"]},
    }
    base.update(over)
    return base


def test_scenario_runs_and_checks() -> None:
    out = run_scenario(_scenario())
    assert out.summary()["checked"] == ["#3 refused: not in your hand", "to_act", "state", "events"]
    assert replay(out.record).to_json() == out.state.to_json()


def test_scenario_failures_are_clear(tmp_path) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ScenarioFailed, match=r"state.taken"):
        run_scenario(_scenario(expect={"state": {"taken": [0, 1]}}))
    with pytest.raises(ScenarioFailed, match="was accepted"):
        run_scenario(_scenario(actions=[{"act": "0: play 1", "error": "x"}]))
    with pytest.raises(IllegalAction):
        run_scenario(_scenario(actions=["0: play 2"]))
    with pytest.raises(InvalidData, match="unknown key"):
        run_scenario(_scenario(surprise=1))
    with pytest.raises(InvalidData, match="SEAT: ACTION"):
        run_scenario(_scenario(actions=["play 1"]))
    path = tmp_path / "bad.json"
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(InvalidData, match="not valid JSON"):
        load_scenario(path)
    with pytest.raises(InvalidData, match="cannot read"):
        load_scenario(tmp_path / "missing.json")


def test_option_choices_can_be_named_in_words() -> None:
    from dataclasses import dataclass

    from koloda.engine.options import describe_options, option

    @dataclass(frozen=True)
    class Opts:
        side: str = option("a", choices=("a", "b"), labels={"a": ("Left", "Лево"),
                                                            "b": ("Right", "Право")},
                           en="Side", ru="Сторона")
        plain: str = option("x", choices=("x", "y"), en="Plain", ru="Простая")

    side, plain = describe_options(Opts)
    assert side.choice_labels("en") == ["Left", "Right"]
    assert side.choice_labels("ru") == ["Лево", "Право"]
    assert plain.choice_labels("ru") == ["x", "y"]
    with pytest.raises(TypeError):
        option("a", choices=("a", "b"), labels={"a": ("A", "А")}, en="", ru="")
    with pytest.raises(TypeError):
        option("a", labels={"a": ("A", "А")}, en="", ru="")
