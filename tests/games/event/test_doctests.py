"""The examples in the event package's docstrings run and say what they show."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["koloda.games.event", "koloda.games.event.actions", "koloda.games.event.catalogue",
           "koloda.games.event.options", "koloda.games.event.refusals",
           "koloda.games.duel.setup"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_run(name: str) -> None:
    module = importlib.import_module(name)
    failures, tried = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert tried > 0 and failures == 0
