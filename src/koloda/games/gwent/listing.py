"""The legal actions of the seat whose turn it is in an exchange («гейм»), in canonical order:
the listing of the cards that may be laid (each on each stack it may cover or in attack, as
each suit it may be laid as, with or without «Чучело»), a random draw from it without building
it, and whether one action is in it without listing the others.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from koloda.engine import Action, Rng
from koloda.games.gwent.actions import SUITS, EndAction, NameSuit, Pass, Play
from koloda.games.gwent.cards import FACTS, facts
from koloda.games.gwent.model import Exchange
from koloda.games.gwent.perks import medic_actions, scorch_actions, spy_actions
from koloda.games.gwent.table import EPS

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
             first: bool) -> tuple[list[Entry], int, bool]:
    """:func:`play_entries`, the number of plays they make, and whether a card played on its
    own (a medic, a spy, «Казнь»: none of them is layable) was met on the way; the last is
    the hand's when the whole hand was looked at (an opened exchange, no action going on)."""
    hand = st.hands[seat]
    pending = ex.pending
    if pending:
        pool = pending
    elif ex.acting and ex.units >= ex.max_units:
        return [], 0, False
    else:
        pool = hand
    table = FACTS
    if not ex.opened:
        for cid in hand:
            f = table[cid]
            if f.layable:
                break
        else:
            # nothing with a value to lay: the opening card is laid blank
            blank: list[Entry] = [(cid, _LEAD_ONLY, _NO_DECOY, _NO_DECOY, 1)
                                  for cid in pool[:1 if first else None]]
            return blank, len(blank), False
    # «Чучело» (perks.hand_decoy: the first of the hand); the first play has none. When the
    # cards looked at are the hand, it is found on the way (it is not layable): the entries
    # listed before it get it at the end.
    decoy = ""
    look = not ex.decoy_used and not first
    if look and pending:
        for cid in hand:
            if table[cid].is_decoy:
                decoy = cid
                break
        look = False
    before_decoy = 0
    # one card in attack per action point (the rest of a forced group aside)
    lead = (bool(pending) or not ex.acting
            or ex.leads < max(1, ex.max_units // max(1, ex.limit)))  # (points_at_stake)
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
        return [], 0, False
    out: list[Entry] = []
    total = 0
    alone = False
    seen: set[str] = set()
    first_of: dict[str, str] | None = None
    for cid in pool:
        f = table[cid]
        if not f.layable:
            if f.alone:
                alone = True
            if look and f.is_decoy:
                decoy = cid
                look = False
                before_decoy = len(out)
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
                        g = table[o].group
                        known = first_of.get(g)
                        if known is None or o < known:
                            first_of[g] = o
                cid = first_of[group]
                f = table[cid]
            seen.add(group)
        n = sizes[f.cover_class]
        if not n:
            continue
        n *= f.n_suits
        if decoy and f.decoyable:
            n *= 2
            out.append((cid, by_class[f.cover_class], f.play_suits, ("", decoy), n))
        else:
            out.append((cid, by_class[f.cover_class], f.play_suits, _NO_DECOY, n))
        total += n
        if first:
            break
    for i in range(before_decoy):
        cid, targets, suits, _, n = out[i]
        if table[cid].decoyable:
            out[i] = (cid, targets, suits, ("", decoy), 2 * n)
            total += n
    return out, total, alone


def can_go_on(st: GwentState, seat: int, ex: Exchange, side: int) -> bool:
    """Whether ``seat`` has a play now (``bool(play_entries(..., first=True))``), answered
    without listing: once a layable card is in the hand, there is one if a card may still go
    in attack or an ordinary open card presses on the side (every layable card covers it)."""
    if ex.pending:
        return bool(_entries(st, seat, ex, side, True)[0])
    if ex.acting and ex.units >= ex.max_units:
        return False
    hand = st.hands[seat]
    table = FACTS
    for cid in hand:
        if table[cid].layable:
            break
    else:
        # nothing with a value to lay: only an unopened exchange takes a card laid blank
        return not ex.opened and bool(hand)
    if not ex.acting or ex.leads < points_at_stake(ex):
        return True
    if not ex.opened:
        return False
    for s in ex.stacks:
        top = s.layers[-1]
        if top.damage > EPS and top.side != side and not top.ultima and not top.trump:
            return True
    return bool(_entries(st, seat, ex, side, True)[0])


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
        f = table[cid]
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
    entries, n_plays, alone = _entries(st, seat, ex, side, False)
    head: list[Action]
    tail: list[Action] = []
    if ex.pending:
        head = []
    elif ex.acting:
        head = [_END]
    else:
        head = [_PASS] if ex.opened else []
        head.extend(name_actions(ex, side))
        if ex.opened and alone:
            tail = _perk_actions(st, seat, ex, side)
    k = rng.randbelow(len(head) + n_plays + len(tail))
    if k < len(head):
        return head[k]
    k -= len(head)
    if k < n_plays:
        # (nth_play(entries, k))
        for cid, targets, suits, decoys, n in entries:
            if k < n:
                nd = len(decoys)
                t, rest = divmod(k, len(suits) * nd)
                s, d = divmod(rest, nd)
                key = (cid, targets[t], suits[s], decoys[d])
                play = _PLAYS.get(key)
                return _play(*key) if play is None else play
            k -= n
    return tail[k - n_plays]
