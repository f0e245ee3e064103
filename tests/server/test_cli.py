"""``koloda serve`` as registered on a Typer app."""

from __future__ import annotations

import typer
from typer.testing import CliRunner

from koloda.server.cli import register


def _app() -> typer.Typer:
    app = typer.Typer()
    register(app)

    @app.command("other")
    def other() -> None:  # a second command so that "serve" stays a subcommand
        """Nothing."""

    return app


def test_serve_is_registered_with_useful_help() -> None:
    r = CliRunner().invoke(_app(), ["serve", "--help"])
    assert r.exit_code == 0
    for word in ("--host", "--port", "--db", "--bot-delay", "postgresql"):
        assert word in r.output


def test_a_bad_database_url_is_a_clear_error() -> None:
    r = CliRunner().invoke(_app(), ["serve", "--db", "nonsense://x"])
    assert r.exit_code == 2
    assert "cannot open the database" in r.output
