"""The state's hot entry points, compiled with the rules (see :mod:`koloda.native`): who acts,
applying an action («ход») and drawing a random legal one.
:class:`~koloda.games.gwent.state.GwentState` derives from the kernel's state class and stays
Python; its ``to_act``, ``_apply`` and ``random_action`` hand over to these functions."""

from __future__ import annotations

from typing import TYPE_CHECKING

from koloda.engine import Action, Rng, simultaneous
from koloda.games.gwent import exchange as exchange_rules
from koloda.games.gwent import listing, match, perks, throwins
from koloda.games.gwent.actions import (
    ChooseDeck,
    EndAction,
    Medic,
    NameSuit,
    Pass,
    Play,
    Scorch,
    Spy,
)

if TYPE_CHECKING:
    from koloda.games.gwent.state import GwentState


def to_act(st: GwentState) -> tuple[int, ...]:
    """The seats to act: the side whose turn it is in the exchange, the watchers yet to decide
    in a throw-in window, the player choosing a deck; none at the end."""
    phase = st.phase
    if phase == match.PLAY:
        window = st.window
        if window:  # a throw-in window: a simultaneous step of the watchers
            return simultaneous.to_act(window, st.decided)
        ex = st.exchange
        if ex is None:
            return ()
        return (ex.attacker if ex.turn == 0 else ex.defender,)
    if phase == match.CHOOSE:
        return (match.chooser(st),)
    return ()


def apply(st: GwentState, seat: int, action: Action) -> None:
    """Apply a legal action of ``seat`` (checked by the caller, or trusted on the fast path)."""
    if st.window:  # (only while playing)
        throwins.decide(st, seat, action)
        return
    if type(action) is Play:  # (the most frequent action, first)
        exchange_rules.apply_play(st, seat, action)
        return
    if isinstance(action, ChooseDeck):
        match.choose_deck(st, seat, action.deck)
        return
    ex = st.exchange
    assert ex is not None
    side = ex.side_of(seat)
    if isinstance(action, Play):
        exchange_rules.apply_play(st, seat, action)
    elif isinstance(action, EndAction):
        exchange_rules.apply_end(st, seat)
    elif isinstance(action, Pass):
        exchange_rules.apply_pass(st, seat)
    elif isinstance(action, NameSuit):
        exchange_rules.apply_name(st, seat, action)
    elif isinstance(action, Medic):
        perks.apply_medic(st, seat, action)
        exchange_rules.spend_one(st, ex, side)
    elif isinstance(action, Spy):
        perks.apply_spy(st, seat, ex, side, action)
        exchange_rules.spend_one(st, ex, side)
    elif isinstance(action, Scorch):
        perks.apply_scorch(st, seat, ex, action)
        exchange_rules.spend_one(st, ex, side)
    else:  # pragma: no cover (check() refuses every other action)
        raise AssertionError(action)


def random_action(st: GwentState, seat: int, rng: Rng) -> Action | None:
    """The same draw as the kernel's default (one ``randbelow`` over the legal actions, in their
    order) without listing them, while playing; None elsewhere (the caller lists them)."""
    if st.phase == match.PLAY:  # (seat in st.to_act, asked directly)
        window = st.window
        if window:
            if simultaneous.may_decide(window, st.decided, seat):
                return throwins.random_action(st, seat, rng)
        else:
            ex = st.exchange
            if ex is not None:
                turn = ex.turn
                if seat == (ex.attacker if turn == 0 else ex.defender):
                    return listing.random_action(st, seat, rng, turn)
    return None
