"""Nevermore («Невермор»): simultaneous 3-2-1 drafting, hidden commit-and-reveal per suit,
ravens that cancel cards, raven form and pecking, Light and Shadow magic.

>>> from koloda.engine import load_game
>>> s = load_game("nevermore", players=4).new(seed=1)
>>> s.to_act, s.stage.value
((0, 1, 2, 3), 'magic')
"""

from __future__ import annotations

from koloda.native import declare_compiled_types, use_native

# before any module of the package is imported: the compiled rules, when built and up to date
# (see koloda.native; setup.py lists the compiled modules)
NATIVE = use_native(__name__, __path__)

from koloda.engine.game import GameSpec, register  # noqa: E402
from koloda.games.nevermore.describe import describe_event  # noqa: E402
from koloda.games.nevermore.magic import MagicSet, load_magic_set  # noqa: E402
from koloda.games.nevermore.options import NevermoreOptions  # noqa: E402
from koloda.games.nevermore.state import NevermoreState  # noqa: E402

NEVERMORE = register(GameSpec(
    name="nevermore",
    title_en="Nevermore",
    title_ru="Невермор",
    summary_en="3-6 players draft cards 3-2-1, reveal suits at once, cancel cards with ravens, "
               "peck as ravens and wield Light and Shadow magic (Koloda's own set).",
    summary_ru="3-6 игроков: драфт 3-2-1, одновременное раскрытие мастей, вороны уничтожают "
               "карты, клевки в обличии ворона, магия Света и Тени (набор Колоды).",
    min_players=3,
    max_players=6,
    default_players=4,
    simultaneous=True,
    chance=True,
    hidden_information=True,
    options_type=NevermoreOptions,
    state_type=NevermoreState,
    describe_event=describe_event,
    bots=("koloda.games.nevermore.bots",),
    list_order=2,
    page="koloda.server:static/render/nevermore.js",
))
# the compiled classes' field types, as the build recorded them, for the JSON codec
declare_compiled_types(NATIVE)

__all__ = ["NATIVE", "NEVERMORE", "MagicSet", "NevermoreOptions", "NevermoreState",
           "load_magic_set"]
