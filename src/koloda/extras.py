"""The optional extras: a part that needs one imports it through :func:`require`, when used.

A core install (``pip install koloda``) runs the games, their bots, the command line and the
play server with SQLite (``koloda serve``). The rest needs an extra (``pyproject.toml``):

- ``postgres``: PostgreSQL's driver (``koloda serve --db postgresql://…``);
- ``tls``: the self-signed certificate of ``koloda event serve`` (HTTPS on a laptop);
- ``print``: an event's QR codes and printed documents (HTML and PDF);
- ``sim``: the simulator's statistics, plots, Parquet files and Ray, and the duel's exact
  solver (``bot:solver``, ``koloda duel advise``);
- ``rl``: the research environments (PettingZoo, OpenSpiel);
- ``server``: ``postgres``, ``tls`` and ``print`` together, with uvicorn's faster event loop
  and HTTP parser; ``all``: every extra.

Importing them lazily keeps the rest working without them, and a missing one is reported with
the extra that brings it, in English or Russian (:class:`MissingExtra` carries its
:class:`~koloda.engine.Words`; the part's name is translated from the catalogue, context
``refusal.extra_part``).

>>> require("json", extra="sim", what="the test").__name__
'json'
>>> require("no_such_module_here", extra="sim", what="the duel's exact solver")
Traceback (most recent call last):
...
koloda.extras.MissingExtra: the duel's exact solver needs no_such_module_here, which is not \
installed: pip install 'koloda[sim]'
>>> from koloda.action_words import refusal_text
>>> try:
...     require("no_such_module_here", extra="sim", what="the duel's exact solver")
... except MissingExtra as e:
...     print(refusal_text("", e, "ru"))
точный решатель дуэли требует пакет no_such_module_here, а он не установлен: pip install \
'koloda[sim]'
"""

from __future__ import annotations

import importlib
from types import ModuleType

from koloda.engine.errors import KolodaError, Words, say

#: The extras a part may name (``pyproject.toml``'s optional dependencies).
EXTRAS = ("postgres", "tls", "print", "sim", "rl", "server", "all")


class MissingExtra(KolodaError, ImportError):
    """A part of Koloda was used whose optional dependency is not installed. ``words`` is the
    message as :class:`~koloda.engine.Words` (for other languages), ``extra`` the extra to
    install and ``module`` the missing package."""

    def __init__(self, words: Words, *, extra: str, module: str) -> None:
        super().__init__(str(words), name=module)
        self.words = words
        self.extra = extra
        self.module = module


def require(module: str, *, extra: str, what: str) -> ModuleType:
    """``module`` imported, or :class:`MissingExtra` naming ``extra`` when it is not installed
    (``what`` names the part that needs it, for the message: its Russian is in the catalogue,
    context ``refusal.extra_part``)."""
    assert extra in EXTRAS, extra
    try:
        return importlib.import_module(module)
    except ModuleNotFoundError as e:
        top = module.split(".")[0]
        if e.name is None or e.name.split(".")[0] != top:
            raise
        words = say("missing_extra",
                    "{what} needs {module}, which is not installed: pip install 'koloda[{extra}]'",
                    what=say("extra_part", what), module=top, extra=extra)
        raise MissingExtra(words, extra=extra, module=top) from None
