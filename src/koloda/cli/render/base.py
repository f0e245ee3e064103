"""The generic terminal renderer: any game's observation as a tidy tree, its log in words.

A game-specific renderer subclasses :class:`Renderer` and overrides what it draws better. Every
method receives only what a seat may see (its observation, its log, its legal actions).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text
from rich.tree import Tree

from koloda.cli.i18n import Lang, t
from koloda.engine import Action, Event, GameSpec
from koloda.play import SeatView

#: Keys of an observation that the generic tree leaves out (the log is shown in words).
HIDDEN_KEYS = frozenset({"log"})
#: Longer lists of legal actions are cut, with a hint to type the action instead.
MAX_LISTED = 24


class Renderer:
    """Draws one game for a terminal, in one language."""

    #: Whether the end screen prints the game's own one-line summary of the result.
    show_result_summary = True

    def __init__(self, spec: GameSpec, lang: Lang) -> None:
        self.spec = spec
        self.lang = lang

    # --- words ------------------------------------------------------------------------------

    def seat_name(self, seat: int | None, *, me: int | None = None) -> str:
        """``Player 1`` for seat 0 (``Player 1 (you)`` when it is the viewer's own seat), as
        every game's log lines and the web pages say it."""
        if seat is None:
            return "—"
        name = self.name_of(seat)
        return f"{name} ({t('you', self.lang)})" if seat == me else name

    def name_of(self, seat: int) -> str:
        return t("player", self.lang, n=seat + 1)

    def event(self, event: Event) -> str:
        """One line of the log in words."""
        return self.spec.describe(event, str(self.lang))

    def action_label(self, action: Action, view: SeatView) -> str:
        """How an action is listed to the player; the text form must appear in it."""
        return str(action)

    def parse_shortcut(self, text: str, view: SeatView) -> Action | None:
        """A game-specific short form of an action (None: not one)."""
        return None

    def list_limit(self, view: SeatView) -> int:
        """How many legal actions to list (the rest are typed as text)."""
        return MAX_LISTED

    def input_hint(self, view: SeatView) -> str | None:
        """A line that explains how to type an action when the list is long."""
        return None

    # --- pictures ---------------------------------------------------------------------------

    def observation(self, observation: Mapping[str, Any], *, seat: int | None) -> RenderableType:
        """What a seat (None: a spectator) sees, drawn."""
        title = self.spec.title(str(self.lang))
        label = f"{title} — {self.seat_name(seat)}" if seat is not None else title
        tree = Tree(Text(label, style="bold"))
        _fill(tree, observation, top=True)
        return tree

    def log_lines(self, events: Sequence[Event]) -> RenderableType:
        """Events in words, one per line."""
        if not events:
            return Text(t("empty_log", self.lang), style="dim")
        return Group(*(Text("• " + self.event(e)) for e in events))


def _scalar(value: Any) -> str:
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "✓" if value else "✗"
    return str(value)


def _is_scalar(value: Any) -> bool:
    return value is None or isinstance(value, str | int | float | bool)


def _fill(tree: Tree, value: Any, *, top: bool = False) -> None:
    if isinstance(value, Mapping):
        for key, item in value.items():
            if top and key in HIDDEN_KEYS:
                continue
            _node(tree, str(key), item)
    elif isinstance(value, list | tuple):
        for i, item in enumerate(value):
            _node(tree, f"[{i}]", item)
    else:
        tree.add(_scalar(value))


def _node(tree: Tree, key: str, item: Any) -> None:
    label = Text(key, style="cyan")
    if _is_scalar(item):
        tree.add(label + Text(": " + _scalar(item)))
    elif isinstance(item, list | tuple) and all(_is_scalar(x) for x in item):
        shown = ", ".join(_scalar(x) for x in item) if item else "—"
        tree.add(label + Text(": " + shown))
    elif isinstance(item, Mapping) and not item:
        tree.add(label + Text(": —"))
    else:
        _fill(tree.add(label), item)
