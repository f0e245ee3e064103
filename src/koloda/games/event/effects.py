"""What an accepted operation does: the ledger's moves, statuses, timers and events.

Every function here is called only after :mod:`koloda.games.event.rules` accepted the operation;
none of them checks anything again.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from koloda.games.event import actions as a
from koloda.games.event import events as ev
from koloda.games.event.model import (
    Card,
    CaseNote,
    Debt,
    Duel,
    DuelKind,
    DuelStage,
    Exchange,
    Health,
    Outcome,
    Person,
    Pile,
    Rest,
    Show,
    Timer,
    TimerKind,
)
from koloda.games.event.options import AUTO, AUTO_DEATH, DECK, NPC_NAMES, PLAYER_CHOOSES, RETURN_ALL

if TYPE_CHECKING:
    from koloda.games.event.state import EventState

MINUTE = 60_000
#: Serial letters: Cyrillic capitals that cannot be mistaken for Latin ones or digits.
SERIAL_LETTERS = "БГДЖЗИЛПФЦЧШЭЮЯ"


def apply_op(st: EventState, seat: int, op: a.Op) -> None:
    p = st.people[seat]
    assert p is not None
    _EFFECTS[type(op)](st, p, op)
    st.now = op.at
    _settle_debts(st)


# --- helpers ----------------------------------------------------------------------------------


def new_id(st: EventState, kind: str) -> str:
    st.counters[kind] += 1
    return f"{kind}{st.counters[kind]}"


def new_serial(st: EventState) -> str:
    """A fresh serial drawn from the event's generator (it tells nothing about the card)."""
    space = len(SERIAL_LETTERS) * 10_000
    while True:  # a used serial is drawn again; the space holds 150,000
        n = st.rng.randbelow(space)
        serial = f"{SERIAL_LETTERS[n // 10_000]}-{n % 10_000:04d}"
        if serial not in st.cards:
            return serial


def print_cards(st: EventState, keys: tuple[str, ...], owner: int, pile: Pile,
                why: str, *, serials: list[str] | None = None) -> None:
    """New cards of ``keys`` for ``owner``'s ``pile``, with fresh serials (or ``serials``)."""
    faces = []
    for i, k in enumerate(keys):
        serial = new_serial(st) if serials is None else serials[i]
        st.cards[serial] = Card(serial=serial, key=k, pile=pile, owner=owner)
        faces.append(ev.Face(serial, k))
    person = st.people[owner]
    assert person is not None
    person.limit += len(keys)
    st.events.append(ev.CardsMoved(tuple(faces), None, "printed", owner, pile.value, why,
                                   to=st.audience(owner, piles=True)))


def move(st: EventState, serials: tuple[str, ...] | list[str], dest: int | None, pile: Pile,
         why: str, *, also: tuple[int, ...] = ()) -> None:
    """Move cards (all from one holder and pile) to ``dest``'s ``pile``, keeping limits in step:
    a card counts towards its holder's limit in the deck and the discard."""
    if not serials:
        return
    first = st.cards[serials[0]]
    frm, frm_pile = first.owner, first.pile
    counted = (Pile.DECK, Pile.DISCARD)
    for s in serials:
        c = st.cards[s]
        if c.owner is not None and c.pile in counted:
            holder = st.people[c.owner]
            assert holder is not None
            holder.limit -= 1
        c.owner, c.pile = (dest, pile) if pile in (*counted, Pile.SURRENDERED) else (None, pile)
        if c.owner is not None and pile in counted:
            holder = st.people[c.owner]
            assert holder is not None
            holder.limit += 1
    faces = tuple(ev.Face(s, st.cards[s].key) for s in serials)
    st.events.append(ev.CardsMoved(faces, frm, frm_pile.value, dest, pile.value, why,
                                   to=st.audience(frm, dest, *also, piles=True)))


def add_timer(st: EventState, kind: TimerKind, at: int, seat: int, concerns: tuple[int, ...],
              ref: str = "") -> str:
    tid = new_id(st, "t")
    st.timers[tid] = Timer(id=tid, kind=kind, at=at, seat=seat, concerns=concerns, ref=ref)
    return tid


def drop_timer(st: EventState, tid: str | None) -> None:
    if tid is not None:
        st.timers.pop(tid, None)


def _person(st: EventState, seat: int) -> Person:
    p = st.people[seat]
    assert p is not None
    return p


def _eligible_loss(st: EventState, p: Person, debt: Debt) -> list[str]:
    """The cards ``p`` may give up for ``debt`` (E22, ED9)."""
    piles = (Pile.DECK,) if debt.to is None and st.options.loss_from == DECK else (Pile.DECK,
                                                                                  Pile.DISCARD)
    return [c.serial for c in st.cards.values()
            if c.owner == p.id and c.pile in piles
            and not (debt.to is None and st.catalogue[c.key].is_item)]


def _settle_debts(st: EventState) -> None:
    """A debt lapses when no card could pay it any more (every such card left by another way)."""
    for p in st.enrolled():
        while p.debts and not _eligible_loss(st, p, p.debts[0]):
            drop_timer(st, p.debts.pop(0).timer)


def _close_exchanges(st: EventState, seat: int) -> None:
    """E33: no exchange with someone in a duel, under attack, wounded or dead."""
    for x in st.exchanges.values():
        if x.open and seat in (x.a, x.b):
            x.open = False
            st.events.append(ev.ExchangeWithdrawn(x.id, None, to=st.audience(x.a, x.b)))


def _cancel_rest(st: EventState, p: Person, why: str) -> None:
    if p.rest is not None:
        drop_timer(st, p.rest.timer)
        doctor = p.rest.doctor
        p.rest = None
        st.events.append(ev.RestCancelled(p.id, why, to=st.audience(p.id, doctor, status=True)))


def _end_rest(st: EventState, p: Person) -> None:
    assert p.rest is not None
    drop_timer(st, p.rest.timer)
    doctor = p.rest.doctor
    p.rest = None
    back = st.pile(p.id, Pile.DISCARD)
    move(st, back, p.id, Pile.DECK, "rest")
    st.events.append(ev.RestEnded(p.id, len(back), to=st.audience(p.id, doctor, status=True)))


def _lock(st: EventState, d: Duel, at: int) -> None:
    d.stage, d.started = DuelStage.RUNNING, at
    d.decks = (tuple(st.pile(d.a, Pile.DECK)), tuple(st.pile(d.b, Pile.DECK)))
    for seat in (d.a, d.b):
        _person(st, seat).duel = d.id
        _close_exchanges(st, seat)
    d.timers = [
        add_timer(st, TimerKind.DUEL_SOFT, at + st.options.duel_soft_limit_s * 1000, d.a,
                  (d.a, d.b), d.id),
        add_timer(st, TimerKind.DUEL_FLAG, at + st.options.duel_flag_s * 1000, d.a,
                  (d.a, d.b), d.id),
    ]
    st.events.append(ev.DuelBegan(d.id, d.a, d.b, d.kind.value, d.label, at))


def _unlock(st: EventState, d: Duel) -> None:
    for tid in d.timers:
        drop_timer(st, tid)
    d.timers = []
    for seat in (d.a, d.b):
        p = _person(st, seat)
        if p.duel == d.id:
            p.duel = None


def _results_to(st: EventState, d: Duel) -> Any:
    if st.options.board_shows_results:
        from koloda.engine import EVERYONE

        return EVERYONE
    return st.audience(d.a, d.b, status=True)


def _finish(st: EventState, d: Duel, o: Outcome, at: int) -> None:
    """Apply a duel's outcome to both ledgers (E29) and start a wound on a kill (E19)."""
    both = (d.a, d.b)
    for owner in both:
        played = [s for s in o.discard if st.cards[s].owner == owner]
        move(st, played, owner, Pile.DISCARD, "duel", also=both)
    if o.swap is not None and o.winner is not None:
        taken, given = o.swap
        loser = d.b if o.winner == d.a else d.a
        move(st, [taken], o.winner, Pile.DISCARD, "duel", also=both)
        move(st, [given], loser, Pile.DISCARD, "duel", also=both)
    _unlock(st, d)
    d.stage, d.ended, d.outcome = DuelStage.ENDED, at, o
    st.events.append(ev.DuelFinished(d.id, d.a, d.b, o.winner, o.swap is not None, d.paper,
                                     to=_results_to(st, d)))
    if o.killed is not None and o.winner is not None:
        from koloda.engine import EVERYONE

        st.events.append(ev.KillSucceeded(d.id, o.winner, o.killed, to=EVERYONE))
        wound(st, _person(st, o.killed), at, f"duel {d.id}", duel=d.id)


def wound(st: EventState, p: Person, at: int, cause: str, *, duel: str | None = None) -> None:
    """Near death (E19, E35): gravely wounded until a doctor admits, or the deadline."""
    _cancel_rest(st, p, "wound")
    _close_exchanges(st, p.id)
    until = at + st.options.wound_minutes * MINUTE
    p.health = Health.WOUNDED
    p.wound_duel = duel
    p.wound_timer = add_timer(st, TimerKind.WOUND, until, p.id, (p.id,), duel or "")
    st.events.append(ev.NearDeath(p.id, until, cause, to=st.audience(p.id, status=True)))


def death(st: EventState, p: Person, by: int | None) -> None:
    """Death (E23): the cards are frozen, or go to the masters (ED11)."""
    drop_timer(st, p.wound_timer)
    p.wound_timer = None
    _cancel_rest(st, p, "death")
    for debt in p.debts:
        drop_timer(st, debt.timer)
    p.debts = []
    _close_exchanges(st, p.id)
    for d in st.duels.values():
        if d.stage in (DuelStage.CHALLENGED, DuelStage.RECORDED) and p.id in (d.a, d.b):
            d.stage = DuelStage.WITHDRAWN
            st.events.append(ev.ChallengeWithdrawn(d.id, p.id, to=st.audience(d.a, d.b)))
    for s in st.shows.values():
        if s.open and s.owner == p.id:
            _end_show(st, s)
    p.health = Health.DEAD
    p.deaths += 1
    st.events.append(ev.Death(p.id, by, to=st.audience(p.id, status=True)
                              if not st.options.board_shows_results else _everyone()))
    if st.options.on_death == RETURN_ALL:
        for pile in (Pile.DECK, Pile.DISCARD):
            move(st, st.pile(p.id, pile), None, Pile.POOL, "death")


def _everyone() -> Any:
    from koloda.engine import EVERYONE

    return EVERYONE


def _end_show(st: EventState, s: Show) -> None:
    s.open = False
    drop_timer(st, s.timer)
    st.events.append(ev.ShowEnded(s.id, s.owner, s.to, to=st.audience(s.owner, s.to)))


def _survive(st: EventState, p: Person, by: int | None, at: int) -> None:
    p.health = Health.ALIVE
    p.admitted_by = None
    st.events.append(ev.Survived(p.id, by, to=st.audience(p.id, status=True)))
    if st.options.near_death_loss:
        debt = Debt(to=None, reason="near_death")
        if _eligible_loss(st, p, debt):
            until = at + st.options.loss_minutes * MINUTE
            debt.timer = add_timer(st, TimerKind.LOSS, until, p.id, (p.id,))
            p.debts.append(debt)
            st.events.append(ev.CardOwed(p.id, None, until, to=st.audience(p.id, status=True)))


def _take_card(st: EventState, npc: Person, q: Person, key: str | None, at: int) -> None:
    """An NPC takes a card (E31, E36, ED15): at random, of a named kind, or the player
    chooses (a debt to the NPC)."""
    if st.total(q.id) == 0:
        return
    if st.options.npc_take == PLAYER_CHOOSES:
        until = at + st.options.loss_minutes * MINUTE
        debt = Debt(to=npc.id, reason="npc_take")
        debt.timer = add_timer(st, TimerKind.LOSS, until, q.id, (q.id, npc.id))
        q.debts.append(debt)
        st.events.append(ev.CardOwed(q.id, npc.id, until, to=st.audience(q.id, npc.id,
                                                                        status=True)))
        return
    pool = [c.serial for c in st.cards.values()
            if c.owner == q.id and c.pile in (Pile.DECK, Pile.DISCARD)
            and (key is None or st.options.npc_take != NPC_NAMES or c.key == key)]
    serial = pool[st.rng.randbelow(len(pool))]
    move(st, [serial], npc.id, Pile.DISCARD, "take")


# --- the operations ---------------------------------------------------------------------------


def _issue(st: EventState, p: Person, op: a.Issue) -> None:
    print_cards(st, op.keys, op.to, Pile.DECK, "issue")


def _grant(st: EventState, p: Person, op: a.Grant) -> None:
    pile = Pile.DECK if st.options.master_grant_to == DECK else Pile.DISCARD
    print_cards(st, op.keys, op.to, pile, "grant")


def _correct(st: EventState, p: Person, op: a.Correct) -> None:
    c = st.cards[op.card]
    old = c.owner
    move(st, [op.card], op.owner, op.pile, "correct", also=(p.id,))
    st.events.append(ev.Corrected(p.id, f"{op.card} → {op.pile.value}"
                                  + ("" if op.owner is None else f" ({op.owner})"), op.reason,
                                  to=st.audience(p.id, old, op.owner, piles=True)))


def _reprint(st: EventState, p: Person, op: a.Reprint) -> None:
    old = st.cards[op.card]
    owner, pile, key = old.owner, old.pile, old.key
    serial = new_serial(st)
    old.owner, old.pile = None, Pile.RETIRED
    st.cards[serial] = Card(serial=serial, key=key, pile=pile, owner=owner)
    st.events.append(ev.CardsMoved((ev.Face(op.card, key),), owner, pile.value, None,
                                   Pile.RETIRED.value, "reprint",
                                   to=st.audience(owner, p.id, piles=True)))
    st.events.append(ev.CardsMoved((ev.Face(serial, key),), None, "printed", owner, pile.value,
                                   "reprint", to=st.audience(owner, p.id, piles=True)))
    st.events.append(ev.Corrected(p.id, f"{op.card} → {serial}", op.reason,
                                  to=st.audience(p.id, owner, piles=True)))


def _enroll(st: EventState, p: Person, op: a.Enroll) -> None:
    seat = next(i for i, x in enumerate(st.people) if x is None)
    st.people[seat] = Person(id=seat, name=op.name, role=op.role, team=op.team,
                             own_rules=op.own_rules)
    st.events.append(ev.Enrolled(seat, op.name, op.role.value, op.team))


def _revive(st: EventState, p: Person, op: a.Revive) -> None:
    q = _person(st, op.who)
    q.health = Health.ALIVE
    q.limit = st.total(q.id)
    st.events.append(ev.Revived(q.id, p.id, op.reason, to=st.audience(q.id, status=True)))


def _void(st: EventState, p: Person, op: a.Void) -> None:
    d = st.duels[op.duel]
    _unlock(st, d)
    d.stage, d.note, d.ended = DuelStage.VOID, op.reason, op.at
    st.events.append(ev.DuelVoided(d.id, p.id, op.reason, to=_everyone()))


def _received(st: EventState, p: Person, op: a.Received) -> None:
    move(st, [op.card], None, Pile.POOL, "received", also=(p.id,))


def _close(st: EventState, p: Person, op: a.Close) -> None:
    st.closed = True
    st.events.append(ev.EventClosed(op.at))


def _discard(st: EventState, p: Person, op: a.Discard) -> None:
    move(st, op.cards, p.id, Pile.DISCARD, "discard")


def _rest(st: EventState, p: Person, op: a.RestStart) -> None:
    q = p if op.patient is None else _person(st, op.patient)
    doctor = p.id if op.place == "hospital" else None
    until = op.at + st.options.rest_minutes * MINUTE
    concerns = (q.id,) if doctor is None or doctor == q.id else (q.id, doctor)
    tid = add_timer(st, TimerKind.REST, until, q.id, concerns)
    q.rest = Rest(place=op.place, started=op.at, timer=tid, doctor=doctor)
    st.events.append(ev.RestStarted(q.id, op.place, until, doctor,
                                    to=st.audience(q.id, doctor, status=True)))


def _rest_end(st: EventState, p: Person, op: a.RestEnd) -> None:
    _end_rest(st, p if op.patient is None else _person(st, op.patient))


def _rest_cancel(st: EventState, p: Person, op: a.RestCancel) -> None:
    q = p if op.patient is None else _person(st, op.patient)
    _cancel_rest(st, q, "own" if q is p else "doctor")


def _show(st: EventState, p: Person, op: a.ShowCards) -> None:
    sid = new_id(st, "s")
    tid = add_timer(st, TimerKind.SHOW, op.until, p.id, (p.id, op.to), sid)
    piles = {"deck": (Pile.DECK,), "discard": (Pile.DISCARD,),
             "both": (Pile.DECK, Pile.DISCARD)}[op.piles]
    st.shows[sid] = Show(id=sid, owner=p.id, to=op.to, piles=piles, until=op.until, timer=tid)
    st.events.append(ev.Shown(sid, p.id, op.to, op.piles, op.until,
                              to=st.audience(p.id, op.to, piles=True)))


def _surrender(st: EventState, p: Person, op: a.Surrender) -> None:
    c = st.cards[op.card]
    assert c.owner is not None
    owner = _person(st, c.owner)
    debt = owner.debts.pop(0)
    drop_timer(st, debt.timer)
    if debt.to is None:
        move(st, [op.card], owner.id, Pile.SURRENDERED, "surrender", also=(p.id,))
    else:
        move(st, [op.card], debt.to, Pile.DISCARD, "surrender", also=(p.id,))


def _challenge(st: EventState, p: Person, op: a.Challenge) -> None:
    did = new_id(st, "d")
    st.duels[did] = Duel(id=did, a=p.id, b=op.to, kind=DuelKind.CONSENT, label=op.label,
                         stage=DuelStage.CHALLENGED, started=op.at)
    st.events.append(ev.Challenged(did, p.id, op.to, op.label, to=st.audience(p.id, op.to)))


def _attack(st: EventState, p: Person, op: a.Attack) -> None:
    did = new_id(st, "d")
    d = Duel(id=did, a=p.id, b=op.to, kind=DuelKind.ATTACK, label=op.label,
             stage=DuelStage.RUNNING, started=op.at)
    st.duels[did] = d
    q = _person(st, op.to)
    if st.options.attack_cancels_rest:
        _cancel_rest(st, q, "attack")
    _lock(st, d, op.at)


def _accept(st: EventState, p: Person, op: a.Accept) -> None:
    if op.ref.startswith("d"):
        _lock(st, st.duels[op.ref], op.at)
        return
    x = st.exchanges[op.ref]
    if x.take is None:
        x.take = op.cards
        faces = tuple(ev.Face(s, st.cards[s].key) for s in op.cards)
        st.events.append(ev.ExchangeAnswered(x.id, faces, to=st.audience(x.a, x.b, piles=True)))
        return
    move(st, x.give, x.b, Pile.DISCARD, "exchange")
    move(st, x.take, x.a, Pile.DISCARD, "exchange")
    x.open, x.done = False, True
    st.events.append(ev.ExchangeDone(x.id, x.a, x.b, len(x.give),
                                     to=st.audience(x.a, x.b, piles=True)))


def _withdraw(st: EventState, p: Person, op: a.Withdraw) -> None:
    if op.ref.startswith("d"):
        d = st.duels[op.ref]
        d.stage = DuelStage.WITHDRAWN
        st.events.append(ev.ChallengeWithdrawn(d.id, p.id, to=st.audience(d.a, d.b)))
    elif op.ref.startswith("x"):
        x = st.exchanges[op.ref]
        x.open = False
        st.events.append(ev.ExchangeWithdrawn(x.id, p.id, to=st.audience(x.a, x.b)))
    else:
        _end_show(st, st.shows[op.ref])


def _result(st: EventState, p: Person, op: a.DuelResult) -> None:
    _finish(st, st.duels[op.duel], op.outcome, op.at)


def _paper(st: EventState, p: Person, op: a.PaperDuel) -> None:
    did = new_id(st, "d")
    st.duels[did] = Duel(id=did, a=p.id, b=op.to, kind=DuelKind(op.kind), label=op.label,
                         stage=DuelStage.RECORDED, started=op.at, paper=True,
                         outcome=op.outcome)
    st.events.append(ev.DuelRecorded(did, p.id, op.to, op.outcome.winner, op.outcome.killed,
                                     to=st.audience(p.id, op.to, piles=True)))


def _confirm(st: EventState, p: Person, op: a.Confirm) -> None:
    d = st.duels[op.duel]
    assert d.outcome is not None
    _finish(st, d, d.outcome, op.at)


def _near_death(st: EventState, p: Person, op: a.NearDeath) -> None:
    wound(st, _person(st, op.who), op.at, op.cause)


def _admit(st: EventState, p: Person, op: a.Admit) -> None:
    q = _person(st, op.who)
    drop_timer(st, q.wound_timer)
    q.wound_timer = None
    q.health, q.admitted_by = Health.ADMITTED, p.id
    st.events.append(ev.Admitted(q.id, p.id, to=st.audience(q.id, status=True)))


def _saved(st: EventState, p: Person, op: a.Saved) -> None:
    _survive(st, _person(st, op.who), p.id, op.at)


def _died(st: EventState, p: Person, op: a.Died) -> None:
    death(st, _person(st, op.who), p.id)


def _treat(st: EventState, p: Person, op: a.Treat) -> None:
    q = _person(st, op.who)
    if st.rng.randbelow(100) < st.options.save_percent:
        _survive(st, q, None, op.at)
    else:
        death(st, q, None)


def _note(st: EventState, p: Person, op: a.Note) -> None:
    st.notes.append(CaseNote(who=op.who, by=p.id, at=op.at, text=op.text))
    reader = op.who if st.options.notes_to_patient else None  # (ED23's other reading)
    st.events.append(ev.Noted(op.who, p.id, op.text, to=st.audience(p.id, reader, status=True)))


def _offer(st: EventState, p: Person, op: a.Offer) -> None:
    xid = new_id(st, "x")
    st.exchanges[xid] = Exchange(id=xid, a=p.id, b=op.to, give=op.cards)
    faces = tuple(ev.Face(s, st.cards[s].key) for s in op.cards)
    st.events.append(ev.ExchangeOffered(xid, p.id, op.to, faces,
                                        to=st.audience(p.id, op.to, piles=True)))


def _gift(st: EventState, p: Person, op: a.Gift) -> None:
    move(st, op.cards, op.to, Pile.DISCARD, "gift")


def _take(st: EventState, p: Person, op: a.Take) -> None:
    _take_card(st, p, _person(st, op.frm), op.key, op.at)


def _autoloss(st: EventState, p: Person, op: a.AutoLoss) -> None:
    d = st.duels[op.duel]
    other = _person(st, d.b if d.a == p.id else d.a)
    _unlock(st, d)
    d.stage, d.ended, d.outcome = DuelStage.ENDED, op.at, Outcome(winner=p.id)
    d.note = "autoloss"
    st.events.append(ev.DuelFinished(d.id, d.a, d.b, p.id, False, False, to=_results_to(st, d)))
    _take_card(st, p, other, op.key, op.at)


def _spare(st: EventState, p: Person, op: a.Spare) -> None:
    d = st.duels[op.duel]
    _unlock(st, d)
    d.stage, d.ended, d.note = DuelStage.VOID, op.at, "spared"
    st.events.append(ev.DuelVoided(d.id, p.id, "spared", to=_everyone()))


def _expire(st: EventState, p: Person, op: a.Expire) -> None:
    t = st.timers.pop(op.timer)
    st.events.append(ev.TimerFired(t.id, t.kind.value, t.at, op.late,
                                   to=st.audience(*t.concerns, status=True)))
    if t.kind == TimerKind.REST:
        q = _person(st, t.seat)
        assert q.rest is not None
        if st.options.rest_end == AUTO:
            _end_rest(st, q)
        else:
            q.rest.ready = True
            st.events.append(ev.RestReady(q.id, to=st.audience(q.id, q.rest.doctor)))
    elif t.kind == TimerKind.WOUND:
        q = _person(st, t.seat)
        q.wound_timer = None
        if st.options.expiry == AUTO_DEATH:
            death(st, q, None)
        else:
            q.health = Health.EXPIRED
            st.events.append(ev.WoundExpired(q.id, to=st.audience(q.id, status=True)))
    elif t.kind == TimerKind.LOSS:
        q = _person(st, t.seat)
        for debt in q.debts:
            if debt.timer == t.id:
                debt.timer, debt.masters_choose = None, True
        st.events.append(ev.MastersChoose(q.id, to=st.audience(q.id, status=True)))
    elif t.kind == TimerKind.SHOW:
        s = st.shows[t.ref]
        s.open = False
        st.events.append(ev.ShowEnded(s.id, s.owner, s.to, to=st.audience(s.owner, s.to)))
    else:
        d = st.duels[t.ref]
        d.timers = [x for x in d.timers if x != t.id]
        flagged = t.kind == TimerKind.DUEL_FLAG
        if flagged:
            d.flagged = True
        else:
            d.overtime = True
        st.events.append(ev.DuelOvertime(d.id, flagged, to=st.audience(d.a, d.b, status=True)
                                         if flagged else _everyone()))


_EFFECTS: dict[type, Callable[[EventState, Person, Any], None]] = {
    a.Issue: _issue, a.Grant: _grant, a.Correct: _correct, a.Reprint: _reprint,
    a.Enroll: _enroll, a.Revive: _revive, a.Void: _void, a.Received: _received,
    a.Close: _close, a.Discard: _discard, a.RestStart: _rest, a.RestEnd: _rest_end,
    a.RestCancel: _rest_cancel, a.ShowCards: _show, a.Surrender: _surrender,
    a.Challenge: _challenge, a.Attack: _attack, a.Accept: _accept, a.Withdraw: _withdraw,
    a.DuelResult: _result, a.PaperDuel: _paper, a.Confirm: _confirm,
    a.NearDeath: _near_death, a.Admit: _admit, a.Saved: _saved, a.Died: _died,
    a.Treat: _treat, a.Note: _note, a.Offer: _offer, a.Gift: _gift, a.Take: _take,
    a.AutoLoss: _autoloss,
    a.Spare: _spare, a.Expire: _expire,
}
