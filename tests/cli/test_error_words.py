"""A refused command's one line: ``error: …`` in English, «ошибка: …» in Russian (``--lang ru`` or
``KOLODA_LANG=ru``) with the refusal itself in Russian — the games' own option errors, the
command's own, and ``duel advise``'s."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from tests.cli.conftest import invoke, write_json

RU = {"KOLODA_LANG": "ru"}


def _line(result: object) -> str:
    stderr: str = result.stderr  # type: ignore[attr-defined]
    lines = [ln for ln in stderr.splitlines() if ln.strip()]
    assert len(lines) == 1, stderr
    assert result.exit_code == 2  # type: ignore[attr-defined]
    return lines[0]


def test_the_prefix_in_english_and_in_russian(runner: CliRunner) -> None:
    en = _line(invoke(runner, "play", "duel", "-o", "rounds_to_win=9"))
    assert en == "error: option 'rounds_to_win' must be at most 5, got 9"
    by_env = _line(invoke(runner, "play", "duel", "-o", "rounds_to_win=9", env=RU))
    by_flag = _line(invoke(runner, "play", "duel", "-o", "rounds_to_win=9", "--lang", "ru"))
    assert by_env == by_flag == "ошибка: параметр 'rounds_to_win' должен быть не больше 5, а не 9"
    # --lang en wins over the variable
    assert _line(invoke(runner, "play", "duel", "-o", "rounds_to_win=9", "--lang=en",
                        env=RU)).startswith("error: option")


def test_a_games_own_option_error_in_russian(runner: CliRunner, tmp_path: Path) -> None:
    decks = write_json(tmp_path / "decks.json", {"decks": {"a": {"nr_catapult": 1}}})
    assert _line(invoke(runner, "play", "gwent", "--decks", str(decks))) == (
        "error: option 'decks_json': deck lists: 'decks' must name at least two decks")
    assert _line(invoke(runner, "play", "gwent", "--decks", str(decks), env=RU)) == (
        "ошибка: параметр 'decks_json': списки колод: в поле 'decks' должно быть не меньше "
        "двух колод")
    assert _line(invoke(runner, "play", "nevermore", "-o", "magic=custom", "--lang", "ru")) == (
        "ошибка: параметр 'magic' равен custom, но параметр 'magic_set_json' пуст")
    assert _line(invoke(runner, "play", "gwent", "--seat", "bot:heuristic:x", "--lang", "ru")) \
        == "ошибка: bot:heuristic: 'x' — не число"


def test_the_commands_own_refusals_in_russian(runner: CliRunner, tmp_path: Path) -> None:
    assert _line(invoke(runner, "play", "duel", "-o", "rounds_to_win")) == (
        "error: -o wants NAME=VALUE, got 'rounds_to_win'")
    assert _line(invoke(runner, "play", "duel", "-o", "rounds_to_win", env=RU)) == (
        "ошибка: после -o пишут NAME=VALUE (имя параметра и значение), а не 'rounds_to_win'")
    assert _line(invoke(runner, "play", "duel", "--seat", "robot", env=RU)).startswith(
        "ошибка: место — это 'human' (человек) или бот (bot:")
    assert _line(invoke(runner, "play", "duel", "--players", "2", "--seat", "human", "--seat",
                        "human", "--seat", "human", env=RU)) == (
        "ошибка: задано 3 места, а игроков 2")
    missing = tmp_path / "none.json"
    assert _line(invoke(runner, "play", "gwent", "--decks", str(missing), env=RU)).startswith(
        f"ошибка: --decks: не удаётся прочитать {missing}: ")


def test_duel_advise_refuses_in_the_chosen_language(runner: CliRunner) -> None:
    pytest.importorskip("scipy")
    en = _line(invoke(runner, "duel", "advise", "--mine", "attack:x"))
    assert en == ("error: 'attack:x': write TYPE:STRENGTH with a type among attack, trick, "
                  "defence, as in attack:3")
    ru = _line(invoke(runner, "duel", "advise", "--mine", "attack:x", "--lang", "ru"))
    assert ru == ("ошибка: 'attack:x': пишите TYPE:STRENGTH (тип и сила), тип — один из attack, "
                  "trick, defence, например attack:3")
    assert _line(invoke(runner, "duel", "advise", "--mine", "punch", "--score", "2:0",
                        env=RU)) == "ошибка: выигранных раундов должно быть от 0 до 1"
    assert _line(invoke(runner, "duel", "advise", "--score", "x", env=RU)) == (
        "ошибка: --score пишут как yours:theirs (ваши победы:их победы), например 1:0, а не 'x'")
    assert _line(invoke(runner, "duel", "advise", env=RU)) == (
        "ошибка: укажите --mine (и --theirs), чтобы разобрать позицию, или --deck, чтобы "
        "выбрать руку")
