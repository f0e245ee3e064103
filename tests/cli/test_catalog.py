"""`koloda games`, `koloda rules` and the help texts."""

from __future__ import annotations

import json

import pytest

from .conftest import invoke


def test_games_json_lists_the_toy_game(runner):
    res = invoke(runner, "games", "--json")
    assert res.exit_code == 0, res.output
    games = {g["name"]: g for g in json.loads(res.stdout)}
    toy = games["toy"]
    assert toy["title_ru"] == "Игрушка"
    assert (toy["min_players"], toy["max_players"], toy["default_players"]) == (2, 4, 2)
    assert toy["simultaneous"] is True
    assert toy["options"][0]["name"] == "tricks"
    assert toy["options"][0]["maximum"] == 3


def test_games_table(runner):
    res = invoke(runner, "games")
    assert res.exit_code == 0, res.output
    assert "toy" in res.stdout and "Игрушка" in res.stdout and "2-4" in res.stdout


def test_games_table_in_russian_from_env(runner):
    res = invoke(runner, "games", env={"KOLODA_LANG": "ru", "COLUMNS": "200"})
    assert res.exit_code == 0, res.output
    assert "Игры" in res.stdout and "одновременные" in res.stdout


def test_rules_lists_options_with_bounds_and_help(runner):
    res = invoke(runner, "rules", "toy")
    assert res.exit_code == 0, res.output
    for text in ("tricks", "int", "1..3", "Tricks", "bot:random"):
        assert text in res.stdout


def test_rules_in_russian(runner):
    res = invoke(runner, "rules", "toy", "--lang", "ru")
    assert res.exit_code == 0, res.output
    assert "Взятки" in res.stdout and "Опции" in res.stdout


def test_unknown_game_is_one_line_and_code_2(runner):
    res = invoke(runner, "rules", "chess")
    assert res.exit_code == 2
    assert res.stderr.strip().startswith("error: unknown game 'chess'")
    assert len(res.stderr.strip().splitlines()) == 1
    assert "Traceback" not in res.output


def test_bad_lang_is_refused(runner):
    res = invoke(runner, "rules", "toy", "--lang", "de")
    assert res.exit_code == 2


def test_unknown_env_lang_falls_back_to_english(runner):
    res = invoke(runner, "games", env={"KOLODA_LANG": "de"})
    assert res.exit_code == 0 and "Games" in res.stdout


@pytest.mark.parametrize("command", [[], ["games"], ["rules"], ["play"], ["replay"]])
def test_help_works(runner, command):
    res = invoke(runner, *command, "--help")
    assert res.exit_code == 0, res.output
    assert "Usage" in res.stdout


def test_top_help_names_every_command(runner):
    res = invoke(runner, "--help")
    for name in ("games", "rules", "play", "replay"):
        assert name in res.stdout


def test_plugin_commands_are_listed_and_run(runner):
    import importlib.util

    res = invoke(runner, "--help")
    for module, command in (("koloda.sim.cli", "simulate"), ("koloda.server.cli", "serve"),
                            ("koloda.cli.duel_advise", "duel")):
        if importlib.util.find_spec(module) is not None:
            assert command in res.stdout
    if importlib.util.find_spec("koloda.cli.duel_advise") is not None:
        res = invoke(runner, "duel", "--help")
        assert res.exit_code == 0 and "advise" in res.stdout


def test_own_commands_do_not_load_the_plugins():
    import subprocess
    import sys

    code = ("import sys; from typer.testing import CliRunner; from koloda.cli import app; "
            "r = CliRunner().invoke(app, ['rules', 'duel']); assert r.exit_code == 0, r.output; "
            "print(sorted(m for m in ('koloda.sim', 'koloda.server', 'koloda.cli.duel_advise') "
            "if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "[]"


def test_plugin_modules_in_order_and_missing_ones_skipped():
    from koloda.cli import PLUGIN_MODULES, _plugin

    assert PLUGIN_MODULES == ("koloda.sim.cli", "koloda.server.cli", "koloda.cli.duel_advise")
    assert _plugin("koloda.no_such_package.cli") is None
    assert _plugin("koloda.engine.no_such_module") is None


def test_any_command_turns_koloda_errors_into_one_line(runner):
    import typer

    from koloda.cli.core import KolodaGroup
    from koloda.engine import InvalidData

    app = typer.Typer(cls=KolodaGroup)

    @app.command()
    def broken() -> None:
        raise InvalidData("the file is\nbroken")

    @app.command()
    def fine() -> None:
        pass

    res = runner.invoke(app, ["broken"])
    assert res.exit_code == 2
    assert res.stderr == "error: the file is broken\n"
