"""``koloda --help`` in Russian (``KOLODA_LANG=ru`` or ``--lang ru``) from the catalogue, and
in English otherwise."""

from __future__ import annotations

from typer.testing import CliRunner

from tests.cli.conftest import invoke


def test_the_help_in_russian(runner: CliRunner) -> None:
    out = invoke(runner, "--help", env={"KOLODA_LANG": "ru", "COLUMNS": "120"}).output
    assert "Команды" in out and "Сыграть в терминале с ботами" in out
    assert "Play a game in the terminal" not in out
    sub = invoke(runner, "duel", "advise", "--help",
                 env={"KOLODA_LANG": "ru", "COLUMNS": "120"}).output
    assert "Лучшая игра в дуэли" in sub and "Ваша рука" in sub


def test_the_help_in_english_by_default(runner: CliRunner) -> None:
    out = invoke(runner, "--help", env={"KOLODA_LANG": "", "COLUMNS": "120"}).output
    assert "Play a game in the terminal" in out and "Команды" not in out
