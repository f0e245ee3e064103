"""The optional extras: a part that needs one imports it through :func:`require`, when used.

A core install (``pip install koloda``) runs the games, the bots that need nothing more and the
command line; the server, the simulator's statistics and plots, Ray, PostgreSQL and the duel's
exact solver need an extra (``pyproject.toml``: ``server``, ``sim``). Importing them lazily keeps
the rest working without them, and a missing one is reported with the extra that brings it.

>>> require("json", extra="sim", what="the test").__name__
'json'
>>> require("no_such_module_here", extra="sim", what="the duel solver")
Traceback (most recent call last):
...
koloda.extras.MissingExtra: the duel solver needs no_such_module_here, which is not installed: \
pip install 'koloda[sim]'
"""

from __future__ import annotations

import importlib
from types import ModuleType

from koloda.engine.errors import KolodaError


class MissingExtra(KolodaError, ImportError):
    """A part of Koloda was used whose optional dependency is not installed."""


def require(module: str, *, extra: str, what: str) -> ModuleType:
    """``module`` imported, or :class:`MissingExtra` naming ``extra`` when it is not installed
    (``what`` names the part that needs it, for the message)."""
    try:
        return importlib.import_module(module)
    except ModuleNotFoundError as e:
        top = module.split(".")[0]
        if e.name is None or e.name.split(".")[0] != top:
            raise
        raise MissingExtra(f"{what} needs {top}, which is not installed: "
                           f"pip install 'koloda[{extra}]'", name=top) from None
