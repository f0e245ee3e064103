"""Errors sent to one client: a stable code and a message a person understands."""

from __future__ import annotations

from typing import Any

#: Codes a client may receive, with the HTTP status the API answers them with.
STATUS = {
    "malformed": 400,
    "too_large": 413,
    "unknown_table": 404,
    "unknown_event": 404,
    "unknown_game": 400,
    "invalid_option": 400,
    "bad_token": 403,
    "spectator": 403,
    "stale_version": 409,
    "illegal_action": 422,
    "syntax": 422,
    "not_finished": 409,
    "too_many": 429,
    "read_only": 409,
    "broken_table": 409,
    "broken_event": 409,
    "not_found": 404,
    "method_not_allowed": 405,
    "storage": 503,
    "missing_extra": 501,  # a part whose optional dependency is not installed (koloda.extras)
    "internal": 500,
}


class ClientError(Exception):
    """Something a client asked for that was refused; nothing was changed."""

    def __init__(self, code: str, message: str, **extra: Any) -> None:
        assert code in STATUS, code
        super().__init__(message)
        self.code = code
        self.message = message
        self.extra = extra

    @property
    def status(self) -> int:
        return STATUS[self.code]

    def to_json(self) -> dict[str, Any]:
        return {"type": "error", "code": self.code, "message": self.message, **self.extra}
