"""The ``koloda`` command (Typer + Rich).

Our commands: ``games``, ``rules``, ``play``, ``replay``. Other packages add theirs through a
module defining ``register(app: typer.Typer) -> None``; the modules in :data:`PLUGIN_MODULES` are
registered in that order when they can be imported, and silently skipped while they do not exist
(or while an optional dependency they need is not installed).

Every :class:`~koloda.engine.KolodaError` becomes a one-line message on stderr and exit code 2.
"""

from __future__ import annotations

import importlib
import importlib.util
from types import ModuleType

import typer

from koloda.cli import games, play, replay
from koloda.cli.core import KolodaGroup

#: Modules of other packages that add commands, registered in this order.
PLUGIN_MODULES = ("koloda.sim.cli", "koloda.server.cli", "koloda.bots.cli")

app = typer.Typer(
    name="koloda",
    cls=KolodaGroup,
    help="Koloda: play and study three card games — the LARP card duel, Nevermore and Gwent "
    "at the table — in the terminal, against bots or hot-seat, in English or Russian.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_show_locals=False,
    rich_markup_mode="markdown",
)

games.register(app)
play.register(app)
replay.register(app)


def _plugin(name: str) -> ModuleType | None:
    """The module ``name``, or None when it (or a package it needs) is not installed."""
    try:
        if importlib.util.find_spec(name) is None:
            return None
        return importlib.import_module(name)
    except ModuleNotFoundError:
        return None


for _name in PLUGIN_MODULES:
    _module = _plugin(_name)
    if _module is not None:
        _module.register(app)


def main() -> None:
    """The console script ``koloda``."""
    app(prog_name="koloda")


__all__ = ["PLUGIN_MODULES", "app", "main"]
