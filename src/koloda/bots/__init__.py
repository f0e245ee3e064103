"""Players that are programs: a common interface and a registry of bots by name.

A bot sees a seat's :class:`Decision` (its observation, its legal actions, and a way to draw full
states consistent with what the seat knows), never the true state.
"""

from koloda.bots.base import Bot, Decision, bot_names, decision_for, make_bot, register_bot

__all__ = ["Bot", "Decision", "bot_names", "decision_for", "make_bot", "register_bot"]
