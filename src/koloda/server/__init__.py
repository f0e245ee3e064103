"""The web play server: lobby, seats with secret links, one WebSocket per seat, bots in empty
seats, persistence of every accepted action, and the static pages (see ``docs/server.md``).

>>> from koloda.server import create_app
>>> app = create_app("sqlite:///:memory:", bot_delay=0)
>>> app.title
'Koloda'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from koloda.server.app import create_app


def __getattr__(name: str) -> Any:
    # the app (FastAPI, a core dependency) is imported when asked for: `koloda play` and the
    # other commands do not wait for it
    if name == "create_app":
        from koloda.server.app import create_app

        return create_app
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["create_app"]
