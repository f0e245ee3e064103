"""The ``koloda`` command (Typer + Rich).

Our commands: ``games``, ``rules``, ``play``, ``replay``. Other packages add theirs through a
module defining ``register(app: typer.Typer) -> None``; :func:`load_plugins` calls the
``register(app)`` of the modules in :data:`PLUGIN_MODULES`, in that order, for those that can be
imported, silently skipping those that do not exist yet (or whose optional dependencies are not
installed). It runs the first time a command that is not ours is asked for or the commands are
listed (``koloda --help``), so that ``koloda play`` does not wait for SciPy and FastAPI to load.

Every :class:`~koloda.engine.KolodaError` becomes a one-line message on stderr and exit code 2.
"""

from __future__ import annotations

import importlib
import importlib.util
from types import ModuleType
from typing import Any

import typer

from koloda.cli import games, play, replay, rules
from koloda.cli.core import KolodaGroup

#: Modules of other packages that add commands, registered in this order.
PLUGIN_MODULES = ("koloda.sim.cli", "koloda.server.cli", "koloda.cli.duel_advise")

def _plugin_commands() -> dict[str, Any]:
    """The commands of :data:`PLUGIN_MODULES`, registered into :data:`app` first."""
    load_plugins()
    group = typer.main.get_command(app)
    return dict(getattr(group, "commands", {}))


class KolodaCommands(KolodaGroup):
    """The group of the ``koloda`` command: other packages' commands join on first need."""

    load_more = staticmethod(_plugin_commands)


app = typer.Typer(
    name="koloda",
    cls=KolodaCommands,
    help="Koloda: play and study three card games — the LARP card duel, Nevermore and Gwent "
    "at the table — in the terminal, against bots or hot-seat, in English or Russian.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_show_locals=False,
    rich_markup_mode="markdown",
)

games.register(app)
rules.register(app)
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


_plugins_loaded = False


def load_plugins() -> None:
    """Call ``register(app)`` of every importable module of :data:`PLUGIN_MODULES` (once)."""
    global _plugins_loaded
    if _plugins_loaded:
        return
    _plugins_loaded = True
    for name in PLUGIN_MODULES:
        module = _plugin(name)
        if module is not None:
            module.register(app)


def main() -> None:
    """The console script ``koloda``."""
    app(prog_name="koloda")


__all__ = ["PLUGIN_MODULES", "app", "load_plugins", "main"]
