"""Run the play server with the toy game registered (for tests in a subprocess):
``python -m tests.server.serve_toy --port N --db URL --bot-delay 0``."""

from __future__ import annotations

import typer

from koloda.server.cli import serve
from tests.engine import toy  # noqa: F401  (registers the toy game)

if __name__ == "__main__":
    typer.run(serve)
