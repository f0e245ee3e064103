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
from typing import TYPE_CHECKING

from koloda.games.gwent.actions import NameSuit, Play
from koloda.games.gwent.cards import FACTS, Suit, facts
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
from koloda.games.gwent.listing import can_go_on
from koloda.games.gwent.model import ATT, DEF, Exchange
from koloda.games.gwent.options import BOTH, CARD, NEXT_CARD, THROWER
from koloda.games.gwent.perks import specialist_executes, use_bard
from koloda.games.gwent.table import EPS, Layer, Stack, closed, cover, cover_layer, lead_layer
from koloda.games.gwent.throwins import open_window
from koloda.games.gwent.turns import after_exchange

if TYPE_CHECKING:
    from koloda.games.gwent.state import GwentState


_SUIT = {s.value: s for s in Suit}


def apply_play(st: GwentState, seat: int, action: Play) -> None:
    ex = st.exchange
    assert ex is not None
    side = ATT if seat == ex.attacker else DEF if seat == ex.defender else -1  # (side_of)
    cid = action.card
    target = action.target
    f = FACTS[cid]
    c = f.info
    if not ex.acting:
        # the action starts: it may lay as many cards as open cards press on the side
        ex.acting = True
        ex.units = 0
        ex.leads = 0
        ex.decoy_used = False
        pressing = 0
        for s in ex.stacks:
            top = s.layers[-1]
            if top.damage > EPS and top.side != side:
                pressing += 1
        limit = ex.limit = pressing if pressing > 1 else 1
        both = ex.ap[side] if side == DEF else 1
        ex.max_units = limit * both if both > 1 else limit
    hand = st.hands[seat]
    pending = ex.pending
    if pending and cid in pending:
        pending.remove(cid)
        mult = ex.group_mult
    else:
        ex.units += 1
        if f.grouped:
            group = f.group
            table = FACTS
            members = [o for o in hand if o != cid and table[o].group == group]
            ex.pending = members
            mult = 1 + len(members) if f.bond else 1
        else:
            if pending:  # (a legal play is never another card while a group is pending)
                ex.pending = []
            mult = 1
        ex.group_mult = mult
        if target < 0:
            ex.leads += 1
    # (GwentState.take_from_hand), the hand's summary kept up to date when it was
    known = st.known[seat]
    summaries = st.summaries
    summary = summaries[seat] if summaries else None
    if summary is not None and summary.cards == hand:
        hand.remove(cid)
        summaries[seat] = summary.without(cid, hand)
    else:
        hand.remove(cid)
    if known and cid in known:
        known.remove(cid)
    cards: tuple[str, ...] = (cid,)
    decoy = action.decoy
    if decoy:
        st.take_from_hand(seat, decoy)
        ex.decoy_used = True
        cards = (cid, decoy)
    suit = _SUIT[action.suit] if action.suit else (f.suits[0] if f.suits else Suit.CLOSE)
    lead = target < 0
    bard_seat = -1
    bard = ex.bard
    # (perks.value_of)
    if f.ultima:
        value = float(f.value)
    else:
        v = f.value * mult
        if lead and f.specialist:
            v *= 2
        if decoy:
            v *= 2
        if bard and seat in bard and not f.trump:
            v *= 2
        value = float(v)
    if bard:
        use_bard(ex, seat, c, next_card=st.options.bard_lasts == NEXT_CARD)
    if lead:
        # (table.lead_layer)
        stack = Stack(ex.next_id, [Layer(cards, seat, side, side, value, f.strength, suit, cid,
                                         seat, f.trump, f.ultima, round(value, 6))])
        ex.next_id += 1
        ex.stacks.append(stack)
        ex.opened = True
    else:
        for stack in ex.stacks:  # (ex.stack(target))
            if stack.id == target:
                break
        else:  # pragma: no cover (a legal play covers a stack on the table)
            raise AssertionError(f"no stack {target}")
        top = stack.layers[-1]
        if f.ultima:
            stack.layers.append(cover_layer(top, cards, seat=seat, side=side, value=value,
                                            printed=f.strength, suit=suit, cross=1.0,
                                            named=None, trump=f.trump))
            st.events.append(GwentZeroed(seat, cid))
            ex.zero = True
            _finish_action(st, ex, side)
            return
        agile_both = st.options.agile_open == BOTH
        if f.specialist and specialist_executes(ex, c, suit, top, agile_both=agile_both):
            executed = stack.layers.pop()
            st.discards[executed.seat].extend(executed.cards)
            st.events.append(GwentExecuted(seat, executed.open_card, cid))
            if st.options.specialist_zero == CARD:
                # the specialist stays on the stack, closed, losing its value
                if stack.layers:
                    stack.layers.append(replace(closed(stack.top), cards=cards, seat=seat,
                                                placer=side))
                else:
                    stack.layers.append(lead_layer(cards, seat=seat, side=side, value=0.0,
                                                   printed=0, suit=suit))
                st.events.append(GwentCardPlaced(seat, cid, stack.id, False, 0.0, 0.0,
                                                 1 - stack.top.side))
                if not ex.pending and (ex.units >= ex.max_units
                                       or not can_go_on(st, seat, ex, side)):
                    _finish_action(st, ex, side)
                return
            if not stack.layers:
                ex.stacks.remove(stack)
            st.discards[seat].extend(cards)
            st.events.append(GwentZeroed(seat, cid))
            ex.zero = True
            _finish_action(st, ex, side)
            return
        if f.trump:
            cancelled = []
            for other in ex.pressing(side):
                if other is not stack and not other.top.trump and not other.top.ultima:
                    if facts(other.top.open_card).bard:
                        bard_seat = other.top.owner  # «вслед за закрытым Бардом»
                    other.layers[-1] = closed(other.top)
                    cancelled.append(other.id)
            if cancelled or not top.trump:
                st.events.append(GwentTrumpCancelled(seat, (stack.id, *cancelled)))
        bard_open = FACTS[top.open_card].bard
        # (perks.open_suit)
        named = ex.named[top.side]
        if named:
            against = Suit(named)
        elif agile_both and suit in FACTS[top.open_card].suits:
            against = suit
        else:
            against = top.suit
        new = cover(top, cards, seat, side, value, f.strength, suit, st.options.cross_suit_value,
                    against, f.trump)
        stack.layers.append(new)
        if bard_open and (new.side == side or new.damage == 0) and top.owner not in bard:
            bard_seat = top.owner
    top = stack.layers[-1]
    st.events.append(GwentCardPlaced(seat, cid, stack.id, lead, value, top.damage,
                                     1 - top.side))
    if bard_seat >= 0 and bard_seat not in bard:
        bard.append(bard_seat)
        st.events.append(GwentBardCovered(bard_seat))
    if not ex.pending and (ex.units >= ex.max_units
                           or not can_go_on(st, seat, ex, side)):
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
    units, limit = ex.units, ex.limit
    spent = -(-units // limit)
    if spent < 1:
        spent = 1
    if ex.leads > spent:
        spent = ex.leads
    left = ex.ap[side] - spent
    ex.ap[side] = left if left > 0 else 0
    ex.acting = False
    if ex.pending:
        ex.pending = []
    ex.units = 0
    ex.leads = 0
    after_action(st, ex, side)


def after_action(st: GwentState, ex: Exchange, side: int) -> None:
    """Pass the turn (the other side if it has points left), open a throw-in window, or end
    the exchange."""
    if ex.zero:
        end_exchange(st)
        return
    hands = st.hands
    ap = ex.ap
    if not hands[ex.attacker]:
        ap[ATT] = 0
    if not hands[ex.defender]:
        ap[DEF] = 0
    other = 1 - side
    if ap[other] > 0:
        ex.turn = other
    elif ap[side] > 0:
        ex.turn = side
    else:
        end_exchange(st)
        return
    if st.players > 2:
        open_window(st, ex)


def end_exchange(st: GwentState) -> None:
    """Record what is open as damage, send the table to the discards, and go on."""
    ex = st.exchange
    assert ex is not None
    damage = [0.0] * st.players
    discards = st.discards
    if not ex.zero:
        to_thrower = st.options.throw_in_damage_to == THROWER
        for s in ex.stacks:
            top = s.layers[-1]
            if top.damage <= EPS:  # closed
                continue
            victim_side = 1 - top.side
            victim = ex.defender if victim_side else ex.attacker  # (ex.seat)
            if to_thrower and s.thrower >= 0 and s.layers[0].placer == victim_side:
                victim = s.thrower
            damage[victim] = round(damage[victim] + top.damage, 6)
    for s in ex.stacks:
        for layer in s.layers:
            discards[layer.seat].extend(layer.cards)
    ex.stacks = []
    for p in range(st.players):
        st.damage[p] = round(st.damage[p] + damage[p], 6)
    st.events.append(GwentExchangeEnded(tuple(damage), ex.zero))
    st.exchange = None
    after_exchange(st, ex, damage)
