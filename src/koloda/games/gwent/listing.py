"""The legal actions of the seat whose turn it is in an exchange («гейм»), in canonical order:
the listing of the cards that may be laid (each on each stack it may cover or in attack, as
each suit it may be laid as, with or without «Чучело»), a random draw from it without building
it, and whether one action is in it without listing the others. The cards of the hand that
can be laid are read from the hand's summary (:mod:`koloda.games.gwent.hands`), kept up to date
as cards leave the hand.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from koloda.engine import Action, Rng
from koloda.games.gwent.actions import SUITS, EndAction, NameSuit, Pass, Play
from koloda.games.gwent.cards import FACTS, facts
from koloda.games.gwent.hands import HandSummary, hand_summary
from koloda.games.gwent.model import Exchange
from koloda.games.gwent.perks import (
    medic_actions,
    medic_count,
    scorch_actions,
    scorch_count,
    spy_actions,
    spy_count,
)
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
    """:func:`play_entries`, the number of plays they make, and whether the hand holds a card
    played on its own (a medic, a spy, «Казнь»: none of them is layable); the last is only
    meant for the whole hand (an opened exchange, no action going on)."""
    if ex.pending:
        return _pending_entries(st, seat, ex, side, first)
    if ex.acting and ex.units >= ex.max_units:
        return [], 0, False
    summary = hand_summary(st, seat)
    if not ex.opened and not summary.units:
        # nothing with a value to lay: the opening card is laid blank
        hand = st.hands[seat]
        blank: list[Entry] = [(cid, _LEAD_ONLY, _NO_DECOY, _NO_DECOY, 1)
                              for cid in hand[:1 if first else None]]
        return blank, len(blank), False
    by_class = _targets(ex, side)
    if by_class is None:
        return [], 0, False
    # «Чучело» (perks.hand_decoy: the first of the hand); the first play has none
    decoy = "" if ex.decoy_used or first else summary.decoy
    with_decoy = ("", decoy)
    out: list[Entry] = []
    total = 0
    for cid, cover_class, suits, n_suits, decoyable in summary.units:
        targets = by_class[cover_class]
        n = len(targets)
        if not n:
            continue
        n *= n_suits
        if decoy and decoyable:
            n *= 2
            out.append((cid, targets, suits, with_decoy, n))
        else:
            out.append((cid, targets, suits, _NO_DECOY, n))
        total += n
        if first:
            break
    return out, total, summary.alone


def _targets(ex: Exchange, side: int) -> tuple[list[int], list[int], list[int]] | None:
    """The targets of a play by what it may cover (perks.can_cover): the open cards pressing
    on ``side`` that an ordinary card may cover, a trump, an ultima (every one), with -1 (in
    attack) at the end while a card may still go in attack; None when no card may be laid."""
    # one card in attack per action point
    lead = not ex.acting or ex.leads < max(1, ex.max_units // max(1, ex.limit))
    if not ex.opened:
        return (_LEAD_ONLY, _LEAD_ONLY, _LEAD_ONLY) if lead else None
    return _pressing(ex, side, lead)


def _pressing(ex: Exchange, side: int, lead: bool) -> tuple[list[int], list[int], list[int]]:
    """The open stacks pressing on ``side`` that an ordinary card, a trump and an ultima may
    cover, each list ending with -1 (a card in attack) when ``lead``."""
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
    return plain, trumps, every


def _pending_entries(st: GwentState, seat: int, ex: Exchange, side: int,
                     first: bool) -> tuple[list[Entry], int, bool]:
    """The entries while the rest of a group must be laid (``ex.pending``): its cards only."""
    hand = st.hands[seat]
    pool = ex.pending
    table = FACTS
    if not ex.opened:  # (the group's first card opened the exchange: not met)
        for cid in hand:
            if table[cid].layable:
                break
        else:
            blank: list[Entry] = [(cid, _LEAD_ONLY, _NO_DECOY, _NO_DECOY, 1)
                                  for cid in pool[:1 if first else None]]
            return blank, len(blank), False
    decoy = ""
    if not ex.decoy_used and not first:
        for cid in hand:
            if table[cid].is_decoy:
                decoy = cid
                break
    # (a card in attack is always allowed for the rest of a group)
    by_class: tuple[list[int], list[int], list[int]] = (
        _pressing(ex, side, True) if ex.opened else (_LEAD_ONLY, _LEAD_ONLY, _LEAD_ONLY))
    out: list[Entry] = []
    total = 0
    for cid in pool:
        f = table[cid]
        if not f.layable:
            continue
        targets = by_class[f.cover_class]
        n = len(targets) * f.n_suits
        if decoy and f.decoyable:
            n *= 2
            out.append((cid, targets, f.play_suits, ("", decoy), n))
        else:
            out.append((cid, targets, f.play_suits, _NO_DECOY, n))
        total += n
        if first:
            break
    return out, total, False


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


def _perk_count(st: GwentState, seat: int, ex: Exchange, side: int,
                summary: HandSummary) -> int:
    """``len(_perk_actions(st, seat, ex, side))``, counted without building them."""
    medic, spy, scorch = summary.kinds
    n = 0
    if medic:
        n += medic_count(st, seat)
    if spy:
        n += spy_count(st, seat, ex, side)
    if scorch:
        n += scorch_count(st, seat, ex, side)
    return n


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


def random_action(st: GwentState, seat: int, rng: Rng, side: int = -1) -> Action:
    """``legal(st, seat)[rng.randbelow(len(legal(st, seat)))]`` without building the plays
    that are not drawn: the same draw from the same generator, the same action. The plays are
    counted from the hand's summary (plays per target of each class of open card) and the
    number of targets of each class, and only the drawn one is built. ``side``: the seat's
    side when the caller knows it."""
    ex = st.exchange
    assert ex is not None
    if side < 0:
        side = ex.side_of(seat)
    if ex.pending:
        return _random_from_entries(st, seat, ex, side, rng)
    acting = ex.acting
    if acting and ex.units >= ex.max_units:
        rng.randbelow(1)
        return _END
    summaries = st.summaries
    summary = summaries[seat] if summaries else None
    if summary is None or summary.cards != st.hands[seat]:
        summary = hand_summary(st, seat)
    opened = ex.opened
    if not opened and not summary.units:
        if acting or ex.stacks:  # pragma: no cover (an exchange is opened by its first card)
            legal_now = legal(st, seat)
            return legal_now[rng.randbelow(len(legal_now))]
        # the opening card laid blank, any of the hand (no pass, no names: nothing is open)
        hand = st.hands[seat]
        cid = hand[rng.randbelow(len(hand))]
        play = _PLAYS.get((cid, -1, "", ""))
        return _play(cid, -1) if play is None else play
    # the number of targets of each class (see _targets), counted; on the way, whether a
    # side's open cards are of several suits (see name_actions)
    lead = not acting or ex.leads < max(1, ex.max_units // max(1, ex.limit))
    several = False
    pressing: list[int] = []  # the stacks pressing on the side
    if opened:
        n_plain = n_trumps = n_every = 1 if lead else 0
        suits: list[str] = ["", ""]
        for s in ex.stacks:
            top = s.layers[-1]
            if top.damage > EPS:
                t = top.side
                if t != side:
                    pressing.append(s.id)
                    n_every += 1
                    if not top.ultima:
                        n_trumps += 1
                        if not top.trump:
                            n_plain += 1
                if not suits[t]:
                    suits[t] = top.suit
                elif suits[t] != top.suit:
                    several = True
    elif lead:
        n_plain = n_trumps = n_every = 1
    else:
        n_plain = n_trumps = n_every = 0
    decoy = "" if ex.decoy_used else summary.decoy
    w = summary.weights_decoy if decoy else summary.weights
    n_plays = w[0] * n_plain + w[1] * n_trumps + w[2] * n_every
    head: list[Action]
    n_tail = 0
    if acting:
        head = [_END]
    elif opened:
        head = [_PASS]
        if several:
            head.extend(name_actions(ex, side))
        if summary.alone:
            n_tail = _perk_count(st, seat, ex, side, summary)
    else:
        head = []
    n_head = len(head)
    k = rng.randbelow(n_head + n_plays + n_tail)
    if k < n_head:
        return head[k]
    k -= n_head
    if k >= n_plays:
        return _perk_actions(st, seat, ex, side)[k - n_plays]
    sizes = (n_plain, n_trumps, n_every)
    for unit in summary.units:
        per_target = unit[3] * 2 if decoy and unit[4] else unit[3]
        n = per_target * sizes[unit[1]]
        if k < n:
            cid, cover_class, suit_names, n_suits, _ = unit
            t, rest = divmod(k, per_target)
            if n_plain == n_every:  # (no trump nor ultima presses: every class, every target)
                target = pressing[t] if t < len(pressing) else -1
            else:
                target = _target(ex, side, cover_class, t, lead)
            if per_target == n_suits:
                key = (cid, target, suit_names[rest], "")
            else:  # (with and without «Чучело»)
                s_i, d_i = divmod(rest, 2)
                key = (cid, target, suit_names[s_i], decoy if d_i else "")
            play = _PLAYS.get(key)
            return _play(*key) if play is None else play
        k -= n
    raise AssertionError("the draw is out of the listing")  # pragma: no cover


def _target(ex: Exchange, side: int, cover_class: int, t: int, lead: bool) -> int:
    """The ``t``-th target of a card of ``cover_class`` (see :func:`_targets`)."""
    for s in ex.stacks:
        top = s.layers[-1]
        if top.damage > EPS and top.side != side and (
                cover_class == 2 or (not top.ultima and (cover_class == 1 or not top.trump))):
            if not t:
                return s.id
            t -= 1
    assert lead and t == 0
    return -1


def _random_from_entries(st: GwentState, seat: int, ex: Exchange, side: int,
                         rng: Rng) -> Action:
    """The draw while the rest of a group must be laid (only plays are legal)."""
    entries, n_plays, _ = _entries(st, seat, ex, side, False)
    k = rng.randbelow(n_plays)
    return nth_play(entries, k)
