"""Shared helpers of the renderer tests: a renderable as plain text, a game's renderer, a seat's
view of a state as the terminal loop builds it."""

from __future__ import annotations

import io
from typing import Any

from rich.console import Console, RenderableType

from koloda.cli.i18n import Lang
from koloda.cli.render import renderer_for
from koloda.engine import GameState, get_spec, load_game
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
