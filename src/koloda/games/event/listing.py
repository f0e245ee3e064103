"""Canonical legal operations of a seat (for bots, the conformance fuzz and menus).

An event's operations carry a time and free choices (any subset of cards, any end time of a
show, any reason), so no list holds them all: this one holds, stamped one millisecond after the
last operation, one representative of each kind of operation the seat may do now (single-card
discards, one-for-one offers, shows for ten minutes, a duel's result without a swap…), plus the
expiry of each first-due timer applied from this seat. :func:`koloda.games.event.rules.why`
judges every other operation. What a list contains depends only on what the seat may know.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from koloda.games.duel.setup import can_attack
from koloda.games.event import actions as a
from koloda.games.event.model import DuelStage, Health, Outcome, Person, Pile, Role
from koloda.games.event.options import CHANCE, DOCTOR, MASTER

if TYPE_CHECKING:
    from koloda.games.event.state import EventState

SHOW_FOR = 10 * 60_000


def legal_actions(st: EventState, seat: int) -> Iterator[a.Op]:
    p = st.person(seat)
    if p is None or st.closed:
        return
    first = st.earliest()
    for t in first:
        if t.seat == seat:
            yield a.Expire(timer=t.id, at=t.at)
    at = st.now + 1
    if first and at >= first[0].at:
        return
    for op in _candidates(st, p, at):
        if st.why(seat, op) is None:
            yield op


def _others(st: EventState, p: Person) -> list[Person]:
    return [q for q in st.enrolled()
            if q.id != p.id and q.holds_cards and q.health == Health.ALIVE]


def _candidates(st: EventState, p: Person, at: int) -> Iterator[a.Op]:
    if p.role == Role.MASTER:
        yield from _master(st, p, at)
        return
    if p.health != Health.ALIVE:
        return
    yield from _own(st, p, at)
    if p.role == Role.DOCTOR:
        yield from _doctor(st, p, at)
    if p.role == Role.NPC:
        yield from _npc(st, p, at)


def _master(st: EventState, p: Person, at: int) -> Iterator[a.Op]:
    for c in st.cards.values():
        if c.pile == Pile.SURRENDERED:
            yield a.Received(card=c.serial, at=at)
    for q in st.enrolled():
        if q.health == Health.EXPIRED or (q.health == Health.ADMITTED
                                          and st.options.outcome_by == MASTER):
            yield a.Saved(who=q.id, at=at)
            yield a.Died(who=q.id, at=at)
        if q.debts and q.debts[0].masters_choose and st.options.masters_see_piles:
            for c in st.cards.values():
                if c.owner == q.id:
                    yield a.Surrender(card=c.serial, at=at)
                    break
        if q.health == Health.ALIVE and q.holds_cards and q.duel is None:
            yield a.NearDeath(who=q.id, cause="ранение", at=at)
    yield a.Close(at=at)


def _doctor(st: EventState, p: Person, at: int) -> Iterator[a.Op]:
    for q in st.enrolled():
        if q.health in (Health.WOUNDED, Health.ADMITTED):
            yield a.Note(who=q.id, text="осмотр", at=at)
        if q.health == Health.WOUNDED:
            yield a.Admit(who=q.id, at=at)
        elif q.health == Health.ADMITTED:
            if st.options.outcome_by == DOCTOR:
                yield a.Saved(who=q.id, at=at)
                yield a.Died(who=q.id, at=at)
            elif st.options.outcome_by == CHANCE:
                yield a.Treat(who=q.id, at=at)
        elif q.health == Health.ALIVE and q.holds_cards and q.id != p.id:
            if q.rest is None:
                yield a.RestStart(place="hospital", patient=q.id, at=at)
            elif q.rest.doctor == p.id:
                yield a.RestCancel(patient=q.id, at=at)


def _npc(st: EventState, p: Person, at: int) -> Iterator[a.Op]:
    deck = st.pile(p.id, Pile.DECK)
    for q in _others(st, p):
        yield a.Take(frm=q.id, at=at)
        if deck:
            yield a.Gift(to=q.id, cards=(deck[0],), at=at)
    if p.own_rules and p.duel is not None:
        yield a.AutoLoss(duel=p.duel, at=at)
        yield a.Spare(duel=p.duel, at=at)


def _own(st: EventState, p: Person, at: int) -> Iterator[a.Op]:
    deck = st.pile(p.id, Pile.DECK)
    if p.debts:
        for c in st.cards.values():
            if c.owner == p.id and c.pile in (Pile.DECK, Pile.DISCARD):
                yield a.Surrender(card=c.serial, at=at)
        return
    if p.rest is not None:
        yield a.RestCancel(at=at)
        if p.rest.ready:
            yield a.RestEnd(at=at)
    else:
        yield a.RestStart(place="room", at=at)
    if p.duel is not None:
        d = st.duels[p.duel]
        yield a.DuelResult(duel=d.id, outcome=Outcome(), at=at)
        won = _win_with(st, p, d.b if d.a == p.id else d.a, deck)
        if won is not None:
            yield a.DuelResult(duel=d.id, outcome=won, at=at)
        return
    for s in deck:
        yield a.Discard(cards=(s,), at=at)
    for d in st.duels.values():
        if d.stage == DuelStage.CHALLENGED and p.id in (d.a, d.b):
            if d.b == p.id:
                yield a.Accept(ref=d.id, at=at)
            yield a.Withdraw(ref=d.id, at=at)
        if d.stage == DuelStage.RECORDED and p.id in (d.a, d.b):
            if d.b == p.id:
                yield a.Confirm(duel=d.id, at=at)
            yield a.Withdraw(ref=d.id, at=at)
    for x in st.exchanges.values():
        if x.open and p.id in (x.a, x.b):
            if x.take is None and x.b == p.id and len(deck) >= len(x.give):
                yield a.Accept(ref=x.id, cards=tuple(deck[:len(x.give)]), at=at)
            if x.take is not None and x.a == p.id:
                yield a.Accept(ref=x.id, at=at)
            yield a.Withdraw(ref=x.id, at=at)
    for show in st.shows.values():
        if show.open and show.owner == p.id:
            yield a.Withdraw(ref=show.id, at=at)
    attack = can_attack([st.cards[s].key for s in deck], st.catalogue)
    for q in _others(st, p):
        yield a.Challenge(to=q.id, at=at)
        if attack:
            yield a.Attack(to=q.id, at=at)
        if deck:
            yield a.Offer(to=q.id, cards=(deck[0],), at=at)
        yield a.ShowCards(to=q.id, piles="both", until=at + SHOW_FOR, at=at)
        yield a.PaperDuel(to=q.id, kind="consent", outcome=Outcome(), at=at)


def _win_with(st: EventState, p: Person, other: int, deck: list[str]) -> Outcome | None:
    """``p`` wins with the first two playable battle cards of its deck (killing with a deadly
    one): a result that depends only on ``p``'s own cards."""
    kinds = {st.catalogue[st.cards[s].key].item for s in deck} - {None}
    playable = [s for s in deck if not st.catalogue[st.cards[s].key].is_item
                and st.catalogue[st.cards[s].key].requires in (None, *kinds)]
    if len(playable) < 2:
        return None
    two = tuple(playable[:2])
    deadly = any(st.catalogue[st.cards[s].key].deadly for s in two)
    return Outcome(winner=p.id, killed=other if deadly else None, discard=two)
