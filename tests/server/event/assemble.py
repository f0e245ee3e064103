"""What a page does with the event socket's two kinds of view message (``public``, the same for
everyone; ``private``, the login's own part): the observation and log it shows. The same steps
as ``Connection.assemble`` in ``static/event/common.js``."""

from __future__ import annotations

from typing import Any


class Assembled:
    """The view a page holds after the messages it was given."""

    def __init__(self) -> None:
        self.board: dict[str, Any] | None = None
        self.board_log: list[dict[str, Any]] = []
        self.own: dict[str, Any] | None = None
        self.own_log: list[dict[str, Any]] = []

    def take(self, m: dict[str, Any]) -> None:
        if m["type"] == "welcome":  # a new connection sends both parts whole
            self.board, self.own = None, None
        elif m["type"] == "public":
            if m["full"] or self.board is None:
                self.board, self.board_log = dict(m["board"]), list(m["log"])
            else:
                self.board.update(m["board"])
                self.board_log += m["log"]
        elif m["type"] == "private":
            own = {} if m["full"] or self.own is None else dict(self.own)
            own.update(m["view"])
            for key, entries in m["merge"].items():
                part = dict(own.get(key) or {})
                for k, v in entries.items():
                    if v is None:
                        part.pop(k, None)
                    else:
                        part[k] = v
                own[key] = part
            self.own = own
            self.own_log = list(m["log"]) if m["full"] else self.own_log + m["log"]

    @property
    def ready(self) -> bool:
        return self.board is not None and self.own is not None

    @property
    def observation(self) -> dict[str, Any]:
        assert self.board is not None and self.own is not None
        return {**self.board, **self.own}

    @property
    def log(self) -> list[dict[str, Any]]:
        return sorted(self.board_log + self.own_log, key=lambda e: int(e["n"]))


def assembled(messages: list[dict[str, Any]]) -> Assembled:
    out = Assembled()
    for m in messages:
        out.take(m)
    return out
