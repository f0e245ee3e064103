"""The errors the kernel raises. Every one carries a message a person understands."""

from __future__ import annotations


class KolodaError(Exception):
    """Base of every error Koloda raises on purpose."""


class UnknownGame(KolodaError):
    """No game is registered under that name."""


class InvalidOption(KolodaError):
    """An option is unknown, of the wrong type or out of range."""


class IllegalAction(KolodaError):
    """An action that the rules do not allow now. The state is left unchanged.

    ``reason`` says why, in words; ``seat`` and ``action`` say what was tried.
    """

    def __init__(self, reason: str, *, seat: int | None = None, action: object = None) -> None:
        self.reason = reason
        self.seat = seat
        self.action = action
        who = f"seat {seat}: " if seat is not None else ""
        what = f"{action!s}: " if action is not None else ""
        super().__init__(f"{who}{what}{reason}")


class ActionSyntaxError(KolodaError):
    """A text that is not the text form of any action of the game."""


class InvalidData(KolodaError):
    """A malformed file, record, scenario or serialized state."""
