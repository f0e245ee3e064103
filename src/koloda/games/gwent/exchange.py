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

from koloda.engine import Action, Rng
from koloda.games.gwent.actions import SUITS, EndAction, NameSuit, Pass, Play
from koloda.games.gwent.cards import FACTS, Suit, facts
from koloda.games.gwent.events import (
    GwentBardCovered,
    GwentExchangeEnded,
    GwentExecuted,
    GwentPassed,
    GwentSuitNamed,
    GwentTrumpCancelled,
    GwentZeroed,
    card_placed,
)
from koloda.games.gwent.model import ATT, DEF, Exchange
from koloda.games.gwent.options import BOTH, CARD, NEXT_CARD, THROWER
from koloda.games.gwent.perks import (
    medic_actions,
    open_suit,
    scorch_actions,
    specialist_executes,
    spy_actions,
    use_bard,
    value_of,
)
from koloda.games.gwent.table import EPS, Layer, Stack, closed, cover_layer, lead_layer
from koloda.games.gwent.throwins import open_window
from koloda.games.gwent.turns import after_exchange

if TYPE_CHECKING:
    from koloda.games.gwent.state import GwentState


def layable(cid: str) -> bool:
    """A card with a value to lay: not a medic or a spy (they count 0 and act on their own),
    not «Чучело» or «Казнь»."""
    return facts(cid).layable


def points_at_stake(ex: Exchange) -> int:
    """The action points the action being laid may spend: 2 for a defender spending both at
    once («может потратить два очка действия сразу»), otherwise 1."""
    return max(1, ex.max_units // max(1, ex.limit))


#: Play values are immutable: one instance per (card, target, suit, decoy), built once.
_PLAYS: dict[tuple[str, int, str, str], Play] = {}


def _play(cid: str, target: int, suit: str = "", decoy: str = "") -> Play:
    key = (cid, target, suit, decoy)
    found = _PLAYS.get(key)
    if found is None:
        found = _PLAYS[key] = Play(cid, target, suit, decoy)
    return found


#: One entry of the listing of plays: a card, the stacks it may go on (-1: in attack), the
#: suits it may be laid as ("": its own), the decoys it may go with ("": none) and the number
#: of plays; the plays are every (target, suit, decoy) of it, in that order.
Entry = tuple[str, list[int], tuple[str, ...], tuple[str, ...], int]

_NO_DECOY: tuple[str, ...] = ("",)
_LEAD_ONLY = [-1]


def play_entries(st: GwentState, seat: int, ex: Exchange, side: int, *,
                 first: bool = False) -> list[Entry]:
    """The cards ``seat`` may lay now, grouped by card (see :data:`Entry`), in the order of
    the listing; with ``first``: only the first entry, to learn whether there is any and
    what the first play is (its decoys are not looked for: the first play has none)."""
    return _entries(st, seat, ex, side, first)[0]


def _entries(st: GwentState, seat: int, ex: Exchange, side: int,
             first: bool) -> tuple[list[Entry], int]:
    """:func:`play_entries` and the number of plays they make."""
    hand = st.hands[seat]
    pending = ex.pending
    if pending:
        pool = pending
    elif ex.acting and ex.units >= ex.max_units:
        return [], 0
    else:
        pool = hand
    table = FACTS
    if not ex.opened:
        for cid in hand:
            f = table.get(cid) or facts(cid)
            if f.layable:
                break
        else:
            # nothing with a value to lay: the opening card is laid blank
            blank: list[Entry] = [(cid, _LEAD_ONLY, _NO_DECOY, _NO_DECOY, 1)
                     for cid in pool[:1 if first else None]]
            return blank, len(blank)
    decoy = ""
    if not ex.decoy_used and not first:  # (perks.hand_decoy; the first play has no decoy)
        for cid in hand:
            if (table.get(cid) or facts(cid)).is_decoy:
                decoy = cid
                break
    # one card in attack per action point (the rest of a forced group aside)
    lead = bool(pending) or not ex.acting or ex.leads < points_at_stake(ex)
    if ex.opened:
        # the open cards pressing on the side, by what may cover them (perks.can_cover): an
        # ordinary card only ordinary ones, a trump also trumps, an ultima every one
        plain: list[int] = []
        trumps: list[int] = []
        every: list[int] = []
        for s in ex.stacks:
            top = s.layers[-1]
            if top.damage > EPS and top.side != side:
                every.append(s.id)
                if not top.ultima:
                    trumps.append(s.id)
                    if not top.trump:
                        plain.append(s.id)
        if lead:
            plain.append(-1)
            trumps.append(-1)
            every.append(-1)
        by_class = (plain, trumps, every)
        sizes = (len(plain), len(trumps), len(every))
    elif lead:
        by_class = (_LEAD_ONLY, _LEAD_ONLY, _LEAD_ONLY)
        sizes = (1, 1, 1)
    else:
        return [], 0
    decoys = ("", decoy)
    out: list[Entry] = []
    total = 0
    seen: set[str] = set()
    first_of: dict[str, str] | None = None
    for cid in pool:
        f = table.get(cid) or facts(cid)
        if not f.layable:
            continue
        if f.grouped:
            group = f.group
            if not pending:
                if group in seen:
                    continue
                # the group's first card by id (as the hand is shown) stands for the group
                if first_of is None:
                    first_of = {}
                    for o in hand:
                        g = (table.get(o) or facts(o)).group
                        known = first_of.get(g)
                        if known is None or o < known:
                            first_of[g] = o
                cid = first_of[group]
                f = table.get(cid) or facts(cid)
            seen.add(group)
        n = sizes[f.cover_class]
        if not n:
            continue
        n *= f.n_suits
        if decoy and f.decoyable:
            n *= 2
            out.append((cid, by_class[f.cover_class], f.play_suits, decoys, n))
        else:
            out.append((cid, by_class[f.cover_class], f.play_suits, _NO_DECOY, n))
        total += n
        if first:
            break
    return out, total


def nth_play(entries: list[Entry], k: int) -> Play:
    """The ``k``-th play of the listing made of ``entries`` (0-based)."""
    for cid, targets, suits, decoys, n in entries:
        if k < n:
            per_target = len(suits) * len(decoys)
            t, rest = divmod(k, per_target)
            s, d = divmod(rest, len(decoys))
            return _play(cid, targets[t], suits[s], decoys[d])
        k -= n
    raise IndexError("no such play")


def plays(st: GwentState, seat: int, ex: Exchange, side: int, *,
          first: bool = False) -> list[Play]:
    """The cards ``seat`` may lay now, each on each stack it may cover or in attack (with
    ``first``: only the first of them, to learn whether there is any)."""
    entries = play_entries(st, seat, ex, side, first=first)
    if first:
        return [nth_play(entries, 0)] if entries else []
    out: list[Play] = []
    known = _PLAYS
    for cid, targets, suits, decoys, _ in entries:
        for t in targets:
            for su in suits:
                for d in decoys:
                    play = known.get((cid, t, su, d))
                    out.append(_play(cid, t, su, d) if play is None else play)
    return out


def name_actions(ex: Exchange, side: int) -> list[NameSuit]:
    """«Назначить масть»: the owner of open cards of several suits may name one for all of
    them; if he has not, the opponent may name one of those on the table."""
    named = ex.named
    if named[0] and named[1]:
        return []
    open_suits: tuple[set[str], set[str]] = (set(), set())
    for s in ex.stacks:
        top = s.layers[-1]
        if top.damage > EPS:
            open_suits[top.side].add(top.suit)
    out: list[NameSuit] = []
    for named_side in (side, 1 - side):
        if named[named_side]:
            continue
        suits = open_suits[named_side]
        if len(suits) >= 2:
            out.extend(_name(named_side, su) for su in SUITS if su in suits)
    return out


_NAMES: dict[tuple[int, str], NameSuit] = {}


def _name(side: int, suit: str) -> NameSuit:
    found = _NAMES.get((side, suit))
    if found is None:
        found = _NAMES[side, suit] = NameSuit(side, suit)
    return found


_END = EndAction()
_PASS = Pass()


def _perk_actions(st: GwentState, seat: int, ex: Exchange, side: int) -> list[Action]:
    """Medics, spies and «Казнь» played on their own (only in an opened exchange)."""
    table = FACTS
    medic = spy = scorch = False
    for cid in st.hands[seat]:
        f = table.get(cid) or facts(cid)
        medic = medic or f.medic
        spy = spy or f.spy
        scorch = scorch or f.scorch
    out: list[Action] = []
    if medic:
        out.extend(medic_actions(st, seat))
    if spy:
        out.extend(spy_actions(st, seat, ex, side))
    if scorch:
        out.extend(scorch_actions(st, seat, ex, side))
    return out


def legal(st: GwentState, seat: int) -> list[Action]:
    """The legal actions of the seat whose turn it is in the exchange, in canonical order."""
    ex = st.exchange
    assert ex is not None
    side = ex.side_of(seat)
    if ex.pending:
        return list(plays(st, seat, ex, side))
    if ex.acting:
        return [_END, *plays(st, seat, ex, side)]
    out: list[Action] = []
    if ex.opened:
        out.append(_PASS)
    out.extend(name_actions(ex, side))
    out.extend(plays(st, seat, ex, side))
    if ex.opened:
        out.extend(_perk_actions(st, seat, ex, side))
    return out


def is_legal(st: GwentState, seat: int, action: Action) -> bool:
    """``action in legal(st, seat)``, answered for a play, «end» and «pass» without listing
    every action (the seat is the one whose turn it is)."""
    ex = st.exchange
    assert ex is not None
    kind = type(action)
    if kind is Play:
        assert isinstance(action, Play)
        for cid, targets, suits, decoys, _ in play_entries(st, seat, ex, ex.side_of(seat)):
            if cid == action.card:
                return (action.target in targets and action.suit in suits
                        and action.decoy in decoys)
        return False
    if kind is EndAction:
        return ex.acting and not ex.pending
    if kind is Pass:
        return ex.opened and not ex.acting and not ex.pending
    return action in legal(st, seat)


def random_action(st: GwentState, seat: int, rng: Rng) -> Action:
    """``legal(st, seat)[rng.randbelow(len(legal(st, seat)))]`` without building the plays
    that are not drawn: the same draw from the same generator, the same action."""
    ex = st.exchange
    assert ex is not None
    side = ex.side_of(seat)
    entries, n_plays = _entries(st, seat, ex, side, False)
    head: list[Action]
    tail: list[Action] = []
    if ex.pending:
        head = []
    elif ex.acting:
        head = [_END]
    else:
        head = [_PASS] if ex.opened else []
        head.extend(name_actions(ex, side))
        if ex.opened:
            tail = _perk_actions(st, seat, ex, side)
    k = rng.randbelow(len(head) + n_plays + len(tail))
    if k < len(head):
        return head[k]
    k -= len(head)
    if k < n_plays:
        return nth_play(entries, k)
    return tail[k - n_plays]


def start_action(ex: Exchange, side: int) -> None:
    ex.acting = True
    ex.units = 0
    ex.leads = 0
    ex.decoy_used = False
    pressing = 0  # len(ex.pressing(side))
    for s in ex.stacks:
        top = s.layers[-1]
        if top.damage > EPS and top.side != side:
            pressing += 1
    ex.limit = max(1, pressing)
    both = ex.ap[side] if side == DEF else 1
    ex.max_units = ex.limit * max(1, both)


_SUIT = {s.value: s for s in Suit}


def apply_play(st: GwentState, seat: int, action: Play) -> None:
    ex = st.exchange
    assert ex is not None
    side = ex.side_of(seat)
    cid = action.card
    target = action.target
    f = FACTS.get(cid) or facts(cid)
    c = f.info
    if not ex.acting:
        start_action(ex, side)
    hand = st.hands[seat]
    if cid in ex.pending:
        ex.pending.remove(cid)
        mult = ex.group_mult
    else:
        ex.units += 1
        if f.grouped:
            group = f.group
            table = FACTS
            members = [o for o in hand if o != cid and (table.get(o) or facts(o)).group == group]
        else:
            members = []
        ex.pending = members
        mult = 1 + len(members) if f.bond else 1
        ex.group_mult = mult
        if target < 0:
            ex.leads += 1
    # (GwentState.take_from_hand)
    known = st.known[seat]
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
    value = value_of(ex, seat, f, lead, mult, bool(decoy))
    if ex.bard:
        use_bard(ex, seat, c, next_card=st.options.bard_lasts == NEXT_CARD)
    if lead:
        # (table.lead_layer)
        stack = Stack(ex.next_id, [Layer(cards, seat, side, side, value, f.strength, suit, cid,
                                         seat, f.trump, f.ultima, round(value, 6))])
        ex.next_id += 1
        ex.stacks.append(stack)
        ex.opened = True
    else:
        found = ex.stack(target)
        assert found is not None
        stack = found
        top = stack.top
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
                st.events.append(card_placed(seat, cid, stack.id, False, 0.0, 0.0,
                                                 1 - stack.top.side))
                if not ex.pending and (ex.units >= ex.max_units
                                       or not play_entries(st, seat, ex, side, first=True)):
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
        bard_open = facts(top.open_card).bard
        new = cover_layer(top, cards, seat=seat, side=side, value=value, printed=f.strength,
                          suit=suit, cross=st.options.cross_suit_value,
                          named=open_suit(ex, top, suit, agile_both=agile_both),
                          trump=f.trump)
        stack.layers.append(new)
        if bard_open and (new.side == side or new.damage == 0) and top.owner not in ex.bard:
            bard_seat = top.owner
    top = stack.top
    st.events.append(card_placed(seat, cid, stack.id, lead, value, top.damage,
                                     1 - top.side))
    if bard_seat >= 0 and bard_seat not in ex.bard:
        ex.bard.append(bard_seat)
        st.events.append(GwentBardCovered(bard_seat))
    if not ex.pending and (ex.units >= ex.max_units
                           or not play_entries(st, seat, ex, side, first=True)):
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
    if ex.zero:
        end_exchange(st)
        return
    hands = st.hands
    if not hands[ex.attacker]:
        ex.ap[ATT] = 0
    if not hands[ex.defender]:
        ex.ap[DEF] = 0
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
    ex = st.exchange
    assert ex is not None
    damage = [0.0] * st.players
    if not ex.zero:
        to_thrower = st.options.throw_in_damage_to == THROWER
        for s in ex.stacks:
            top = s.layers[-1]
            if top.damage <= EPS:  # closed
                continue
            victim_side = 1 - top.side
            victim = ex.seat(victim_side)
            if to_thrower and s.thrower >= 0 and s.layers[0].placer == victim_side:
                victim = s.thrower
            damage[victim] = round(damage[victim] + top.damage, 6)
    for s in ex.stacks:
        for layer in s.layers:
            st.discards[layer.seat].extend(layer.cards)
    ex.stacks = []
    for p in range(st.players):
        st.damage[p] = round(st.damage[p] + damage[p], 6)
    st.events.append(GwentExchangeEnded(tuple(damage), ex.zero))
    st.exchange = None
    after_exchange(st, ex, damage)
