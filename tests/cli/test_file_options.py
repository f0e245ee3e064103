"""`--magic-set FILE` and `--decks FILE`: a file's text passed as a game option."""

from __future__ import annotations

import json
from dataclasses import dataclass

import pytest

from koloda.engine import GameSpec, option, register
from koloda.engine.game import _REGISTRY
from tests.engine.toy import ToyState

from .conftest import invoke


@dataclass(frozen=True)
class FileOptions:
    tricks: int = option(1, minimum=1, maximum=3, en="Tricks", ru="Взятки")
    magic: str = option("none", choices=("none", "koloda", "custom"), en="Magic", ru="Магия")
    magic_set_json: str = option("", en="Custom magic set", ru="Свой набор магии")
    decks_json: str = option("", en="Deck lists", ru="Колоды")


class FileToyState(ToyState):
    pass


@pytest.fixture
def filegame():
    """A toy game that takes files as options, registered for one test only."""
    register(GameSpec(
        name="filetoy", title_en="File toy", title_ru="Игрушка с файлами", summary_en="",
        summary_ru="", min_players=2, max_players=2, default_players=2, simultaneous=True,
        chance=True, hidden_information=True, options_type=FileOptions,
        state_type=FileToyState,
    ))
    yield "filetoy"
    _REGISTRY.pop("filetoy", None)


BOTS = ("-s", "bot:random", "-s", "bot:random", "--seed", "1")


def test_magic_set_passes_text_and_sets_custom(runner, tmp_path, filegame):
    magic = tmp_path / "magic.json"
    magic.write_text('{"name": "ours"}', encoding="utf-8")
    record = tmp_path / "game.json"
    res = invoke(runner, "play", filegame, *BOTS, "--magic-set", str(magic),
                 "--record", str(record))
    assert res.exit_code == 0, res.output
    options = json.loads(record.read_text(encoding="utf-8"))["options"]
    assert options["magic"] == "custom"
    assert options["magic_set_json"] == '{"name": "ours"}'


def test_decks_passes_text(runner, tmp_path, filegame):
    decks = tmp_path / "decks.json"
    decks.write_text("[1, 2]", encoding="utf-8")
    record = tmp_path / "game.json"
    res = invoke(runner, "play", filegame, *BOTS, "--decks", str(decks), "--record", str(record))
    assert res.exit_code == 0, res.output
    assert json.loads(record.read_text(encoding="utf-8"))["options"]["decks_json"] == "[1, 2]"


def test_unreadable_file(runner, tmp_path, filegame):
    res = invoke(runner, "play", filegame, *BOTS, "--magic-set", str(tmp_path / "none.json"))
    assert res.exit_code == 2
    assert "--magic-set: cannot read" in res.stderr and "No such file" in res.stderr


def test_contradicting_magic_option(runner, tmp_path, filegame):
    magic = tmp_path / "magic.json"
    magic.write_text("{}", encoding="utf-8")
    res = invoke(runner, "play", filegame, *BOTS, "--magic-set", str(magic), "-o", "magic=none")
    assert res.exit_code == 2
    assert "--magic-set sets magic=custom, but -o magic=none is given" in res.stderr
    res = invoke(runner, "play", filegame, *BOTS, "--magic-set", str(magic),
                 "-o", "magic_set_json={}")
    assert res.exit_code == 2
    assert "are both given" in res.stderr
