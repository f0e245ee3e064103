"""Bot specifications with named parameters: one parser (``parse_bot_spec``), one description
(``bot_descriptions``); the old positional spellings keep working and mean the same bots."""

from __future__ import annotations

import pytest

from koloda.bots import make_bot
from koloda.bots.base import bot_descriptions
from koloda.bots.ismcts import IsmctsBot
from koloda.engine import InvalidOption, game_specs, load_game
from koloda.engine.bot import parse_bot_spec

SAME = [
    ("duel", "bot:ismcts:2000:0.5", "bot:ismcts:budget=2000:exploration=0.5"),
    ("duel", "bot:ismcts:200::heuristic", "bot:ismcts:budget=200:playout=heuristic"),
    ("duel", "bot:ismcts:1000:::heuristic", "bot:ismcts:opponents=heuristic"),
    ("duel", "bot:ismcts:0.5s", "bot:ismcts:budget=0.5s"),
    ("duel", "bot:heuristic:peaceful", "bot:heuristic:style=peaceful"),
    ("duel", "bot:solver:4", "bot:solver:samples=4"),
    ("gwent", "bot:heuristic:0.5", "bot:heuristic:price=0.5"),
    ("gwent", "bot:ismcts:300:0.7", "bot:ismcts:300:exploration=0.7"),
]


def _facts(bot: object) -> dict[str, object]:
    """The bot's settings (its helpers' too), not its generator or the game."""
    return {k: (type(v).__name__, _facts(v)) if hasattr(v, "__dict__") and not isinstance(
                v, type) and hasattr(v, "act") else repr(v)
            for k, v in vars(bot).items() if k not in ("rng", "game")}


@pytest.mark.parametrize(("game", "old", "named"), SAME)
def test_named_parameters_give_the_bot_the_old_spelling_gives(game: str, old: str,
                                                               named: str) -> None:
    g = load_game(game)
    assert _facts(make_bot(named, g, seed=3)) == _facts(make_bot(old, g, seed=3))


def test_the_parser_puts_each_named_value_in_its_place() -> None:
    load_game("duel")
    make_bot("bot:random", load_game("duel"))  # the bot modules registered
    assert parse_bot_spec("bot:ismcts:playout=heuristic", "duel") == ("ismcts",
                                                                      ["", "", "heuristic"])
    assert parse_bot_spec("bot:ismcts:500:OPPONENTS=heuristic", "duel") == (
        "ismcts", ["500", "", "", "heuristic"])
    assert parse_bot_spec("bot:ismcts:1000::", "duel") == ("ismcts", ["1000"])
    default = make_bot("bot:ismcts", load_game("duel"))
    assert isinstance(default, IsmctsBot)
    assert _facts(make_bot("bot:ismcts:exploration=", load_game("duel"))) == _facts(default)


@pytest.mark.parametrize(("spec", "says"), [
    ("bot:ismcts:depth=3", "no parameter 'depth'"),
    ("bot:ismcts:budget=100:budget=200", "budget is given twice"),
    ("bot:ismcts:100:budget=200", "budget is given twice"),
    ("bot:ismcts:budget=100:0.7", "follows a named parameter"),
    ("bot:random:x=1", "its parameters: none"),
    ("bot:ismcts:budget=lots", "budget"),
])
def test_bad_parameters_are_refused_saying_why(spec: str, says: str) -> None:
    with pytest.raises(InvalidOption) as info:
        make_bot(spec, load_game("duel"))
    assert says in str(info.value)


def test_every_bot_of_every_game_is_described_in_both_languages() -> None:
    for spec in game_specs():
        described = bot_descriptions(spec.name)
        kinds = {d["kind"] for d in described}
        assert {"random", "ismcts"} <= kinds
        for d in described:
            for p in d["parameters"]:  # type: ignore[attr-defined]
                assert p["name"] and p["en"] and p["ru"]
            make_bot(str(d["spec"]), load_game(spec.name))
    ismcts = next(d for d in bot_descriptions("gwent") if d["kind"] == "ismcts")
    assert [p["name"] for p in ismcts["parameters"]] == [  # type: ignore[attr-defined]
        "budget", "exploration", "playout", "opponents"]
