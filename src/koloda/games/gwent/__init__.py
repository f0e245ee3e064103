"""Gwent at the table («настольный гвинт»): house rules for 2-4 players with the printed
Witcher 3 Gwent decks (seed ``000``). The rules and every decision are in ``docs/rules/gwent.md``;
deck lists in ``docs/gwent-decks.md``.

Where to look: the observation format is documented in :mod:`koloda.games.gwent.observe`, the
action text forms in :mod:`koloda.games.gwent.actions`, hand-made positions (``from_setup``) in
:mod:`koloda.games.gwent.state`. Modules by rule: :mod:`~koloda.games.gwent.table` (damage),
:mod:`~koloda.games.gwent.exchange` (action points, laying cards),
:mod:`~koloda.games.gwent.listing` (what may be laid now), :mod:`~koloda.games.gwent.perks`,
:mod:`~koloda.games.gwent.throwins`, :mod:`~koloda.games.gwent.turns` (turn order),
:mod:`~koloda.games.gwent.match` (setup, rounds, the winner).

>>> from koloda.engine import load_game
>>> state = load_game("gwent", players=3).new(seed=1)
>>> state.round, len(state.observe(0)["hand"])
(1, 10)
"""

from __future__ import annotations

from koloda.native import declare_compiled_types, use_native

# before any module of the package is imported: the compiled rules, when built and up to date
# (see koloda.native; setup.py lists the compiled modules)
NATIVE = use_native(__name__, __path__)

from koloda.engine import GameSpec, register  # noqa: E402
from koloda.games.gwent.decks import DeckLists, default_deck_lists, load_deck_lists  # noqa: E402
from koloda.games.gwent.events import describe  # noqa: E402
from koloda.games.gwent.options import GwentOptions  # noqa: E402
from koloda.games.gwent.state import GwentState  # noqa: E402

GWENT = register(GameSpec(
    name="gwent",
    title_en="Gwent at the table",
    title_ru="Настольный гвинт",
    summary_en="House rules for 2-4 players with the printed Witcher 3 decks: exchanges with "
               "action points, damage as value differences, suits, throw-ins, perks and trumps.",
    summary_ru="Домашние правила для 2-4 игроков с печатными колодами «Ведьмака 3»: геймы с "
               "очками действия, урон как разница значений, масти, подбрасывание, перки, козыри.",
    min_players=2,
    max_players=4,
    default_players=3,
    simultaneous=True,
    chance=True,
    hidden_information=True,
    options_type=GwentOptions,
    state_type=GwentState,
    describe_event=describe,
    bots=("koloda.games.gwent.bots",),
    list_order=3,
    page="koloda.server:static/render/gwent.js",
))
# the compiled classes' field types, as the build recorded them, for the JSON codec
declare_compiled_types(NATIVE)

__all__ = ["GWENT", "NATIVE", "DeckLists", "GwentOptions", "GwentState", "default_deck_lists",
           "load_deck_lists"]
