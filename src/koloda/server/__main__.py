"""``python -m koloda.server [--host] [--port] [--db] [--bot-delay]``: the same as
``koloda serve``."""

from __future__ import annotations

import typer

from koloda.server.cli import serve


def main() -> None:
    typer.run(serve)


if __name__ == "__main__":
    main()
