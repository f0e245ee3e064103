"""Hand-made Gwent positions for the rules tests.

Handy cards (catalogue id: strength, suit, perk):

- close: ng_vreemde 2, ng_morteisen 3, ng_rainfarn 4, nr_ves 5, ne_zoltan_chivay 5,
  ne_vesemir 6, ng_cahir_mawr_dyffryn_aep_ceallach 6; trumps nr_vernon_roche 10,
  ng_letho_of_gulet 10;
- ranged: ng_sweers 2, ng_puttkammer 3, nr_sabrina_glevissig 4, nr_keira_metz 5,
  nr_sile_de_tansarville 5, ng_assire_var_anahid 6, ng_black_infantry_archer 10;
- siege: nr_catapult 8 (bond), nr_trebuchet 6, ng_rotten_mangonel 3;
- agile: st_barclay_els 6, st_vrihedd_brigade_veteran 5.
"""

from __future__ import annotations

from typing import Any

from koloda.engine import load_game
from koloda.games.gwent import GwentState

FILLER = "ng_albrich"


def table(hands: list[list[str]], *, exchange: tuple[int, int] | None = (0, 1),
          options: dict[str, Any] | None = None, **setup: Any) -> GwentState:
    """A position with these hands (a filler card is added to each, so that no hand runs out
    by accident), starting the exchange ``exchange``."""
    full: dict[str, Any] = {"hands": [[*h, FILLER] for h in hands], **setup}
    if exchange is not None:
        full["exchange"] = {"attacker": exchange[0], "defender": exchange[1]}
    state = load_game("gwent", players=len(hands), **(options or {})).from_setup(full)
    assert isinstance(state, GwentState)
    return state


def act(state: GwentState, *steps: str) -> GwentState:
    """Apply ``"SEAT: ACTION"`` steps through the checked path."""
    for step in steps:
        seat, _, text = step.partition(":")
        state.apply_text(int(seat), text.strip())
    return state


def stacks(state: GwentState) -> list[tuple[int, float, int]]:
    """(stack id, damage, side pressed on) for each stack of the exchange."""
    ex = state.exchange
    assert ex is not None
    return [(s.id, s.top.damage, 1 - s.top.side) for s in ex.stacks]


def legal(state: GwentState, seat: int) -> list[str]:
    return [str(a) for a in state.legal_actions(seat)]
