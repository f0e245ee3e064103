"""``koloda serve`` as registered on a Typer app."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
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
    r = CliRunner().invoke(_app(), ["serve", "--help"], env={"COLUMNS": "240"})  # (long names)
    assert r.exit_code == 0
    for word in ("--host", "--port", "--db", "--bot-delay", "postgresql"):
        assert word in r.output
    # the limits (docs/server.md, "Limits"), each also read from the environment
    for word in ("--tables-per-minute", "--tables-per-minute-total", "--sockets-per-address",
                 "--sockets-total", "--message-rate", "--bot-seconds", "--bot-workers",
                 "KOLODA_SOCKETS_TOTAL", "KOLODA_BOT_SECONDS"):
        assert word in r.output, word


def test_the_limits_reach_the_server_from_flags_and_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import uvicorn

    served: list[Any] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **_kw: served.append(app))
    r = CliRunner().invoke(
        _app(), ["serve", "--db", f"sqlite:///{tmp_path / 'k.db'}", "--tables-per-minute", "4",
                 "--bot-workers", "2"],
        env={"KOLODA_SOCKETS_TOTAL": "7", "KOLODA_BOT_SECONDS": "1.5",
             "KOLODA_MESSAGE_RATE": "9"})
    assert r.exit_code == 0, r.output
    limits = served[0].state.gate.limits
    assert (limits.tables_per_minute, limits.bot_workers) == (4, 2)
    assert (limits.sockets_total, limits.bot_seconds) == (7, 1.5)
    assert served[0].state.gate.http_rate == 9


def test_a_bad_database_url_is_a_clear_error() -> None:
    r = CliRunner().invoke(_app(), ["serve", "--db", "nonsense://x"])
    assert r.exit_code == 2
    assert "cannot open the database" in r.output
