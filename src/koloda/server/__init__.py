"""The web play server: lobby, seats with secret links, one WebSocket per seat, bots in empty
seats, persistence of every accepted action, and the static pages (see ``docs/server.md``).

>>> from koloda.server import create_app
>>> app = create_app("sqlite:///:memory:", bot_delay=0)
>>> app.title
'Koloda'
"""

from koloda.server.app import create_app

__all__ = ["create_app"]
