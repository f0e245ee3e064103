"""The exchange («гейм»): action points, laying cards in attack and in cover, ending it.

Each side has two action points («два очка действия»); the attacker spends first and the sides
alternate, so the defender has the last word. An action lays one card (a bonded group counts as
one), or as many as there are open cards against the player at the start of the action («то же
количество карт на игре в обороне»); the defender with both points left may spend them at once
and lay twice as many. At most one card per action point is laid in attack, besides the rest
of a group that must be laid together. The attacker's first action lays a card in attack; an
attacker holding only cards without a value to lay (medics, spies, «Чучело», «Казнь») opens
with one of them laid blank, for 0.

At the end, what is open is recorded as damage («записывает себе ... очка урона»).
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from typing import TYPE_CHECKING

from koloda.engine import Action
from koloda.games.gwent.actions import SUITS, EndAction, NameSuit, Pass, Play
from koloda.games.gwent.cards import Perk, Suit, info
from koloda.games.gwent.events import (
    GwentBardCovered,
    GwentCardPlaced,
    GwentExchangeEnded,
    GwentExecuted,
    GwentPassed,
    GwentSuitNamed,
    GwentTrumpCancelled,
    GwentZeroed,
)
from koloda.games.gwent.model import ATT, DEF, Exchange
from koloda.games.gwent.options import BOTH, CARD, NEXT_CARD, THROWER
from koloda.games.gwent.perks import (
    can_cover,
    can_decoy,
    hand_decoy,
    medic_actions,
    open_suit,
    placed_value,
    scorch_actions,
    specialist_executes,
    spy_actions,
    use_bard,
)
from koloda.games.gwent.table import Stack, closed, cover_layer, lead_layer

if TYPE_CHECKING:
    from koloda.games.gwent.state import GwentState


@cache
def layable(cid: str) -> bool:
    """A card with a value to lay: not a medic or a spy (they count 0 and act on their own),
    not «Чучело» or «Казнь»."""
    c = info(cid)
    return c.unit and not c.has(Perk.MEDIC) and not c.has(Perk.SPY)


def points_at_stake(ex: Exchange) -> int:
    """The action points the action being laid may spend: 2 for a defender spending both at
    once («может потратить два очка действия сразу»), otherwise 1."""
    return max(1, ex.max_units // max(1, ex.limit))


def _lead_allowed(ex: Exchange) -> bool:
    """One card in attack per action point (the rest of a forced group aside)."""
    return bool(ex.pending) or not ex.acting or ex.leads < points_at_stake(ex)


@cache
def _facts(cid: str) -> tuple[bool, bool, str, tuple[str, ...], bool]:
    """Per-card facts the listing of plays asks for, computed once per card id: layable,
    grouped, group, the suits to lay it as (an agile card either of its two, else ""), and
    whether «Чучело» may go with it."""
    c = info(cid)
    suits = tuple(s.value for s in c.suits) if c.agile else ("",)
    return layable(cid), c.grouped, c.group, suits, can_decoy(c)


#: Play values are immutable: one instance per (card, target, suit, decoy), built once.
_PLAYS: dict[tuple[str, int, str, str], Play] = {}


def _play(cid: str, target: int, suit: str = "", decoy: str = "") -> Play:
    key = (cid, target, suit, decoy)
    found = _PLAYS.get(key)
    if found is None:
        found = _PLAYS[key] = Play(cid, target, suit, decoy)
    return found


def plays(st: GwentState, seat: int, ex: Exchange, side: int, *,
          first: bool = False) -> list[Play]:
    """The cards ``seat`` may lay now, each on each stack it may cover or in attack (with
    ``first``: only the first of them, to learn whether there is any)."""
    hand = st.hands[seat]
    pool = ex.pending if ex.pending else hand
    if ex.acting and not ex.pending and ex.units >= ex.max_units:
        return []
    out: list[Play] = []
    if not ex.opened and not any(layable(cid) for cid in hand):
        # nothing with a value to lay: the opening card is laid blank
        return [_play(cid, -1) for cid in pool[:1 if first else None]]
    decoy = "" if ex.decoy_used else hand_decoy(hand)
    tops = [(s.id, s.top) for s in ex.pressing(side)] if ex.opened else []
    lead = _lead_allowed(ex)
    seen: set[str] = set()
    for cid in pool:
        can_lay, grouped, group, suits, decoyable = _facts(cid)
        if not can_lay:
            continue
        if not ex.pending and grouped:
            if group in seen:
                continue
            # the group's first card by id (as the hand is shown) stands for the group
            cid = min(o for o in hand if _facts(o)[2] == group)
            can_lay, grouped, group, suits, decoyable = _facts(cid)
        seen.add(group)
        c = info(cid)
        targets = [sid for sid, top in tops if can_cover(c, top)]
        if lead:
            targets.append(-1)
        decoys = ("", decoy) if decoy and decoyable else ("",)
        for t in targets:
            for su in suits:
                for d in decoys:
                    play = _PLAYS.get((cid, t, su, d))
                    out.append(_play(cid, t, su, d) if play is None else play)
                    if first:
                        return out
    return out


def name_actions(ex: Exchange, side: int) -> list[NameSuit]:
    """«Назначить масть»: the owner of open cards of several suits may name one for all of
    them; if he has not, the opponent may name one of those on the table."""
    out: list[NameSuit] = []
    for named_side in (side, 1 - side):
        if ex.named[named_side]:
            continue
        suits = {s.top.suit.value for s in ex.stacks if s.open and s.top.side == named_side}
        if len(suits) >= 2:
            out.extend(NameSuit(named_side, su) for su in SUITS if su in suits)
    return out


def legal(st: GwentState, seat: int) -> list[Action]:
    """The legal actions of the seat whose turn it is in the exchange, in canonical order."""
    ex = st.exchange
    assert ex is not None
    side = ex.side_of(seat)
    if ex.pending:
        return list(plays(st, seat, ex, side))
    if ex.acting:
        return [EndAction(), *plays(st, seat, ex, side)]
    out: list[Action] = []
    if ex.opened:
        out.append(Pass())
    out.extend(name_actions(ex, side))
    out.extend(plays(st, seat, ex, side))
    if ex.opened:
        out.extend(medic_actions(st, seat))
        out.extend(spy_actions(st, seat, ex, side))
        out.extend(scorch_actions(st, seat, ex, side))
    return out


def start_action(ex: Exchange, side: int) -> None:
    ex.acting = True
    ex.units = 0
    ex.leads = 0
    ex.decoy_used = False
    ex.limit = max(1, len(ex.pressing(side)))
    both = ex.ap[side] if side == DEF else 1
    ex.max_units = ex.limit * max(1, both)


def apply_play(st: GwentState, seat: int, action: Play) -> None:
    ex = st.exchange
    assert ex is not None
    side = ex.side_of(seat)
    c = info(action.card)
    if not ex.acting:
        start_action(ex, side)
    if action.card in ex.pending:
        ex.pending.remove(action.card)
        mult = ex.group_mult
    else:
        ex.units += 1
        members = [o for o in st.hands[seat]
                   if o != action.card and c.grouped and info(o).group == c.group]
        ex.pending = members
        mult = 1 + len(members) if c.has(Perk.BOND) else 1
        ex.group_mult = mult
        if action.target < 0:
            ex.leads += 1
    st.take_from_hand(seat, action.card)
    cards: tuple[str, ...] = (action.card,)
    if action.decoy:
        st.take_from_hand(seat, action.decoy)
        ex.decoy_used = True
        cards = (action.card, action.decoy)
    suit = Suit(action.suit) if action.suit else (c.suits[0] if c.suits else Suit.CLOSE)
    lead = action.target < 0
    bard_seat = -1
    value = placed_value(ex, seat, c, lead=lead, mult=mult, decoy=bool(action.decoy))
    use_bard(ex, seat, c, next_card=st.options.bard_lasts == NEXT_CARD)
    if lead:
        stack = Stack(ex.next_id, [lead_layer(cards, seat=seat, side=side, value=value,
                                              printed=c.strength, suit=suit, trump=c.trump,
                                              ultima=c.has(Perk.ULTIMA))])
        ex.next_id += 1
        ex.stacks.append(stack)
        ex.opened = True
    else:
        found = ex.stack(action.target)
        assert found is not None
        stack = found
        top = stack.top
        if c.has(Perk.ULTIMA):
            stack.layers.append(cover_layer(top, cards, seat=seat, side=side, value=value,
                                            printed=c.strength, suit=suit, cross=1.0,
                                            named=None, trump=c.trump))
            st.events.append(GwentZeroed(seat, action.card))
            ex.zero = True
            _finish_action(st, ex, side)
            return
        agile_both = st.options.agile_open == BOTH
        if specialist_executes(ex, c, suit, top, agile_both=agile_both):
            executed = stack.layers.pop()
            st.discards[executed.seat].extend(executed.cards)
            st.events.append(GwentExecuted(seat, executed.open_card, action.card))
            if st.options.specialist_zero == CARD:
                # the specialist stays on the stack, closed, losing its value
                if stack.layers:
                    stack.layers.append(replace(closed(stack.top), cards=cards, seat=seat,
                                                placer=side))
                else:
                    stack.layers.append(lead_layer(cards, seat=seat, side=side, value=0.0,
                                                   printed=0, suit=suit))
                st.events.append(GwentCardPlaced(seat, action.card, stack.id, False, 0.0, 0.0,
                                                 1 - stack.top.side))
                if not ex.pending and (ex.units >= ex.max_units
                                       or not plays(st, seat, ex, side, first=True)):
                    _finish_action(st, ex, side)
                return
            if not stack.layers:
                ex.stacks.remove(stack)
            st.discards[seat].extend(cards)
            st.events.append(GwentZeroed(seat, action.card))
            ex.zero = True
            _finish_action(st, ex, side)
            return
        if c.trump:
            cancelled = []
            for other in ex.pressing(side):
                if other is not stack and not other.top.trump and not other.top.ultima:
                    if info(other.top.open_card).has(Perk.BARD):
                        bard_seat = other.top.owner  # «вслед за закрытым Бардом»
                    other.layers[-1] = closed(other.top)
                    cancelled.append(other.id)
            if cancelled or not top.trump:
                st.events.append(GwentTrumpCancelled(seat, (stack.id, *cancelled)))
        bard_open = info(top.open_card).has(Perk.BARD)
        new = cover_layer(top, cards, seat=seat, side=side, value=value, printed=c.strength,
                          suit=suit, cross=st.options.cross_suit_value,
                          named=open_suit(ex, top, suit, agile_both=agile_both),
                          trump=c.trump)
        stack.layers.append(new)
        if bard_open and (new.side == side or new.damage == 0) and top.owner not in ex.bard:
            bard_seat = top.owner
    top = stack.top
    st.events.append(GwentCardPlaced(seat, action.card, stack.id, lead, value, top.damage,
                                     1 - top.side))
    if bard_seat >= 0 and bard_seat not in ex.bard:
        ex.bard.append(bard_seat)
        st.events.append(GwentBardCovered(bard_seat))
    if not ex.pending and (ex.units >= ex.max_units or not plays(st, seat, ex, side, first=True)):
        _finish_action(st, ex, side)


def apply_end(st: GwentState, seat: int) -> None:
    ex = st.exchange
    assert ex is not None
    _finish_action(st, ex, ex.side_of(seat))


def apply_pass(st: GwentState, seat: int) -> None:
    ex = st.exchange
    assert ex is not None
    side = ex.side_of(seat)
    ex.ap[side] -= 1
    st.events.append(GwentPassed(seat))
    after_action(st, ex, side)


def apply_name(st: GwentState, seat: int, action: NameSuit) -> None:
    ex = st.exchange
    assert ex is not None
    ex.named[action.side] = action.suit
    st.events.append(GwentSuitNamed(seat, action.side, action.suit))


def spend_one(st: GwentState, ex: Exchange, side: int) -> None:
    """A perk played on its own (medic, spy, scorch) spends one action point."""
    ex.ap[side] -= 1
    after_action(st, ex, side)


def _finish_action(st: GwentState, ex: Exchange, side: int) -> None:
    spent = max(1, -(-ex.units // ex.limit), ex.leads)
    ex.ap[side] = max(0, ex.ap[side] - spent)
    ex.acting = False
    ex.pending = []
    ex.units = 0
    ex.leads = 0
    after_action(st, ex, side)


def after_action(st: GwentState, ex: Exchange, side: int) -> None:
    """Pass the turn (the other side if it has points left), open a throw-in window, or end
    the exchange."""
    from koloda.games.gwent.throwins import open_window

    if ex.zero:
        end_exchange(st)
        return
    for s in (ATT, DEF):
        if not st.hands[ex.seat(s)]:
            ex.ap[s] = 0
    other = 1 - side
    if ex.ap[other] > 0:
        ex.turn = other
    elif ex.ap[side] > 0:
        ex.turn = side
    else:
        end_exchange(st)
        return
    open_window(st, ex)


def end_exchange(st: GwentState) -> None:
    """Record what is open as damage, send the table to the discards, and go on."""
    from koloda.games.gwent.turns import after_exchange

    ex = st.exchange
    assert ex is not None
    damage = [0.0] * st.players
    if not ex.zero:
        for s in ex.stacks:
            if not s.open:
                continue
            victim_side = 1 - s.top.side
            victim = ex.seat(victim_side)
            if (st.options.throw_in_damage_to == THROWER and s.thrower >= 0
                    and s.layers[0].placer == victim_side):
                victim = s.thrower
            damage[victim] = round(damage[victim] + s.top.damage, 6)
    for s in ex.stacks:
        for layer in s.layers:
            st.discards[layer.seat].extend(layer.cards)
    ex.stacks = []
    for p in range(st.players):
        st.damage[p] = round(st.damage[p] + damage[p], 6)
    st.events.append(GwentExchangeEnded(tuple(damage), ex.zero))
    st.exchange = None
    after_exchange(st, ex, damage)
