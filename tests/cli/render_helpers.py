"""Shared helpers of the renderer tests: a renderable as plain text, a game's renderer, a seat's
view of a state as the terminal loop builds it."""

from __future__ import annotations

import io
from collections.abc import Iterator
from typing import Any

from rich.console import Console, RenderableType

from koloda.cli.i18n import Lang
from koloda.cli.play import Terminal
from koloda.cli.render import renderer_for
from koloda.engine import GameState, Rng, get_spec, load_game
from koloda.play import SeatView, Table

WIDTH = 80


def render(renderable: RenderableType) -> str:
    buf = io.StringIO()
    Console(file=buf, width=WIDTH, color_system=None).print(renderable)
    return buf.getvalue()


def renderer_of(game: str, cls: type[Any], lang: Lang = Lang.en) -> Any:
    r = renderer_for(get_spec(game), lang)
    assert isinstance(r, cls)
    return r


def view_of(game: str, state: GameState, seat: int) -> SeatView:
    table = Table(game=load_game(game, players=state.players), state=state,
                  seats=[None] * state.players)  # type: ignore[list-item]
    return table.view(seat)


def random_positions(game: str, players: int, seed: int, marks: set[int],
                     **options: Any) -> Iterator[tuple[str, GameState]]:
    """A game played by random legal actions: its start, the positions after each number of
    actions in ``marks``, and its end."""
    state = load_game(game, players=players, **options).new(seed=seed)
    rng = Rng(seed)
    yield "start", state.clone()
    n = 0
    while not state.is_terminal and n < 5000:
        seat = state.to_act[0]
        state.apply(seat, state.random_action(seat, rng))
        n += 1
        if n in marks:
            yield f"after {n}", state.clone()
    assert state.is_terminal
    yield "end", state


def turn_screen(renderer: Any, view: SeatView) -> str:
    """What the terminal shows a seat whose turn it is, as plain text."""
    buf = io.StringIO()
    Terminal(Console(file=buf, width=WIDTH, color_system=None), renderer).show(view)
    return buf.getvalue()
