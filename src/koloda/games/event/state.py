"""The event's state: a fold of its operation log (see the package docstring for the contract).

The rules (why an operation is refused) are in :mod:`koloda.games.event.rules`, the effects of an
accepted one in :mod:`koloda.games.event.effects`, the views in :mod:`koloda.games.event.views`;
this class holds the data and the kernel's protocol.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Self

from koloda.engine import Action, Audience, Result, Rng
from koloda.engine.state import GameState
from koloda.games.duel.cards import CardInfo, Catalogue
from koloda.games.duel.outcome import DuelOutcome
from koloda.games.event.actions import DuelResult, Expire, Op, parse_action
from koloda.games.event.catalogue import DEFAULT_CATALOGUE
from koloda.games.event.model import (
    Card,
    CaseNote,
    Deadline,
    Duel,
    DuelStage,
    Exchange,
    Health,
    Outcome,
    Person,
    Pile,
    Role,
    Show,
    Timer,
)
from koloda.games.event.options import EventOptions
from koloda.games.event.refusals import EventRefusal, Why


@dataclass(kw_only=True)
class EventState(GameState):
    """A live event: participants, every printed card and where it is, duels, exchanges, shows
    and open timers, folded from the operations applied so far."""

    options: EventOptions = field(default_factory=EventOptions)
    #: the event's card designs, by key (the duel's ``cards.json`` format)
    catalogue: dict[str, CardInfo] = field(default_factory=lambda: dict(DEFAULT_CATALOGUE))
    #: one entry per seat; None for a vacant seat (filled by ``enroll``)
    people: list[Person | None] = field(default_factory=list)
    #: every card ever printed, by serial, in the order printed
    cards: dict[str, Card] = field(default_factory=dict)
    duels: dict[str, Duel] = field(default_factory=dict)
    exchanges: dict[str, Exchange] = field(default_factory=dict)
    shows: dict[str, Show] = field(default_factory=dict)
    #: the doctors' and masters' notes on patients, in the order written (ED23)
    notes: list[CaseNote] = field(default_factory=list)
    #: the open timers, by id
    timers: dict[str, Timer] = field(default_factory=dict)
    #: the last number given to each kind of id (d, x, s, t)
    counters: dict[str, int] = field(default_factory=lambda: {"d": 0, "x": 0, "s": 0, "t": 0})
    #: the server time of the last operation, in milliseconds
    now: int = 0
    closed: bool = False

    # --- construction -----------------------------------------------------------------------

    @classmethod
    def initial(cls, options: Any, *, players: int, seed: int) -> Self:
        from koloda.games.event.setup import demo

        state: Self = demo(cls, options, players=players, seed=seed)
        return state

    @classmethod
    def from_setup(cls, options: Any, *, players: int, seed: int, setup: Mapping[str, Any]) -> Self:
        from koloda.games.event.setup import build

        state: Self = build(cls, options, players=players, seed=seed, setup=setup)
        return state

    @classmethod
    def parse_action(cls, text: str) -> Action:
        return parse_action(text)

    # --- who may act ------------------------------------------------------------------------

    def person(self, seat: int) -> Person | None:
        """The participant in ``seat`` (None: no such seat, or vacant)."""
        if 0 <= seat < len(self.people):
            return self.people[seat]
        return None

    def enrolled(self) -> Iterator[Person]:
        return (p for p in self.people if p is not None)

    def earliest(self) -> list[Timer]:
        """The open timers with the earliest deadline (they expire before anything else)."""
        if not self.timers:
            return []
        at = min(t.at for t in self.timers.values())
        return sorted((t for t in self.timers.values() if t.at == at), key=_timer_order)

    @property
    def to_act(self) -> tuple[int, ...]:
        """The seats that have something they may do now: every living participant who is not
        gravely wounded or in the hospital, every master, and the seat of each timer due
        first. (Anyone may act at any time at an event; the server does not wait for these.)"""
        if self.closed:
            return ()
        first = self.earliest()
        seats = {t.seat for t in first}
        if first and first[0].at <= self.now + 1:
            return tuple(sorted(seats))
        for p in self.enrolled():
            if p.health == Health.ALIVE:
                seats.add(p.id)
        return tuple(sorted(seats))

    def idle_reason(self, seat: int) -> str | None:
        p = self.person(seat)
        if p is None:
            return "this seat is vacant"
        if p.health != Health.ALIVE:
            return f"this participant is {p.health.value}"
        return None

    def legal_actions(self, seat: int) -> list[Action]:
        """Canonical legal operations of ``seat``, stamped one millisecond after the last
        operation (or the first due timer's expiry): single-card discards, one-for-one
        exchange offers, shows for ten minutes and so on. Any other well-formed operation is
        judged by :meth:`check`, the authority."""
        from koloda.games.event.listing import legal_actions

        return list(legal_actions(self, seat))

    def why(self, seat: int, action: Action) -> Why | None:
        """Why ``seat`` may not apply ``action`` now (rule, English, Russian), or None."""
        from koloda.games.event.rules import why

        return why(self, seat, action)

    def check(self, seat: int, action: Action) -> str | None:
        w = self.why(seat, action)
        return None if w is None else w.text("en")

    def verify(self, seat: int, action: Action) -> None:
        """Raise :class:`EventRefusal` (an ``IllegalAction`` with English and Russian reasons
        naming the rule) when ``action`` is refused; change nothing."""
        w = self.why(seat, action)
        if w is not None:
            raise EventRefusal(w, seat=seat, action=action)

    def _apply(self, seat: int, action: Action) -> None:
        from koloda.games.event.effects import apply_op

        assert isinstance(action, Op)
        apply_op(self, seat, action)

    # --- the end ----------------------------------------------------------------------------

    @property
    def is_terminal(self) -> bool:
        return self.closed

    def result(self) -> Result | None:
        """After ``close``: each seat's score is the cards it holds (0 for masters, the dead
        and vacant seats)."""
        if not self.closed:
            return None
        scores = []
        for p in self.people:
            alive = p is not None and p.health != Health.DEAD
            scores.append(float(self.total(p.id)) if p is not None and alive else 0.0)
        return Result(scores=tuple(scores), summary="the event is over",
                      summary_ru="игра окончена")

    # --- the ledger -------------------------------------------------------------------------

    def pile(self, seat: int, pile: Pile) -> list[str]:
        """The serials in ``seat``'s ``pile`` (deck, discard), in the order printed."""
        return [c.serial for c in self.cards.values() if c.owner == seat and c.pile == pile]

    def holdings(self) -> dict[int, tuple[list[str], list[str]]]:
        """Every holder's (deck, discard) serials in the order printed, in one pass."""
        out: dict[int, tuple[list[str], list[str]]] = {}
        for c in self.cards.values():
            if c.owner is not None and c.pile in (Pile.DECK, Pile.DISCARD):
                piles = out.setdefault(c.owner, ([], []))
                piles[c.pile == Pile.DISCARD].append(c.serial)
        return out

    def total(self, seat: int) -> int:
        """How many cards ``seat`` holds (deck and discard)."""
        return sum(1 for c in self.cards.values()
                   if c.owner == seat and c.pile in (Pile.DECK, Pile.DISCARD))

    def info(self, serial: str) -> CardInfo:
        return self.catalogue[self.cards[serial].key]

    def masters(self) -> tuple[int, ...]:
        return tuple(p.id for p in self.enrolled() if p.role == Role.MASTER)

    def staff(self) -> tuple[int, ...]:
        """Masters and doctors: they see statuses (ED19)."""
        return tuple(p.id for p in self.enrolled() if p.role in (Role.MASTER, Role.DOCTOR))

    def audience(self, *seats: int | None, piles: bool = False, status: bool = False) -> Audience:
        """``seats`` and the masters, who see the whole log (ED17) except, with
        ``masters_see_piles`` off, what shows cards (``piles``); plus the doctors when it is
        about health (ED19)."""
        out = {s for s in seats if s is not None}
        if self.options.masters_see_piles or not piles:
            out.update(self.masters())
        if status:
            out.update(self.staff())
        return Audience.only(*out)

    def invariants(self) -> list[str]:
        """What is wrong with the ledger (empty when all is well): every card in exactly one
        place with an owner exactly when the place has one; every living participant's total
        equal to the limit the allowed operations gave (E37); timers and locks consistent."""
        bad: list[str] = []
        for c in self.cards.values():
            owned = c.pile in (Pile.DECK, Pile.DISCARD, Pile.SURRENDERED)
            if owned != (c.owner is not None):
                bad.append(f"{c.serial}: pile {c.pile.value} with owner {c.owner}")
            if c.owner is not None:
                p = self.person(c.owner)
                if p is None or not p.holds_cards:
                    bad.append(f"{c.serial}: held by {c.owner}, who holds no cards")
            if c.key not in self.catalogue:
                bad.append(f"{c.serial}: unknown key {c.key}")
        held = self.holdings()
        for p in self.enrolled():
            deck, discard = held.get(p.id, ([], []))
            if p.health != Health.DEAD and len(deck) + len(discard) != p.limit:
                bad.append(f"seat {p.id}: holds {len(deck) + len(discard)} cards, "
                           f"limit {p.limit}")
            if p.duel is not None and self.duels[p.duel].stage != DuelStage.RUNNING:
                bad.append(f"seat {p.id}: locked by {p.duel}, which is not running")
        for t in self.timers.values():
            if t.at < self.now:
                bad.append(f"timer {t.id} is past due ({t.at} < {self.now})")
        return bad

    # --- timers for the server's scheduler ----------------------------------------------------

    def deadlines(self) -> list[Deadline]:
        """Every open timer, earliest first: id, kind, absolute deadline (ms), the seat to
        apply ``expire`` from, and the seats it concerns."""
        return [Deadline(id=t.id, kind=t.kind.value, at=t.at, seat=t.seat, concerns=t.concerns)
                for t in sorted(self.timers.values(), key=_timer_order)]

    def next_due(self, now_ms: int, *, late: bool = False) -> tuple[int, Expire] | None:
        """The ``(seat, expire)`` to apply first when the server's clock reads ``now_ms``, or
        None when no timer is due. The server applies it, then asks again, before applying
        any operation stamped ``now_ms`` (an operation stamped at or after an open deadline is
        refused until that timer has expired)."""
        first = self.earliest()
        if not first or first[0].at > now_ms:
            return None
        t = first[0]
        return t.seat, Expire(timer=t.id, late=late, at=t.at)

    # --- duels on the server's tables ---------------------------------------------------------

    def duel_setup(self, duel_id: str) -> dict[str, Any]:
        """What the server needs to create the duel table of running duel ``duel_id``:
        ``options`` (the ``duel`` game's options: the event's readings, seat 0 attacks in an
        attack), ``setup`` (``{"decks": [[keys], [keys]], "catalogue": {…}}``: each side's
        deck, seat 0 the challenger or attacker, and the event's card set), ``seats`` (the two
        participants, seat 0 first) and ``ids``
        (duel card id → the event's serial: ``a01`` is seat 0's first deck card, in the order
        printed, as the decks were when the duel started: the same map at the end, whatever
        came back to a deck meanwhile). Raises KeyError for an unknown duel."""
        d = self.duels[duel_id]
        decks = [list(d.decks[0]), list(d.decks[1])]  # as they were when the duel started
        ids = {f"{'ab'[s]}{n:02d}": serial for s in (0, 1)
               for n, serial in enumerate(decks[s], start=1)}
        return {"options": self.options.duel_options(attack=d.kind.value == "attack"),
                "setup": {"decks": [[self.cards[c].key for c in deck] for deck in decks],
                          "catalogue": Catalogue(self.catalogue).to_json()},
                "seats": [d.a, d.b], "ids": ids}

    def result_of(self, duel_id: str, outcome: DuelOutcome, at: int) -> tuple[int, DuelResult]:
        """The ``(seat, result)`` operation that applies a finished duel table's outcome
        (with card ids) to the event, stamped ``at``."""
        setup = self.duel_setup(duel_id)
        ids: dict[str, str] = setup["ids"]
        a, b = setup["seats"]
        seat_of = (a, b)
        winner = None if outcome.winner is None else seat_of[outcome.winner]
        killed = None if outcome.killed is None else seat_of[outcome.killed]
        swap = None
        if outcome.swap_ids is not None:
            swap = (ids[outcome.swap_ids[0]], ids[outcome.swap_ids[1]])
        swapped = set(outcome.swap_ids or ())
        discard = tuple(sorted(ids[c] for s in (0, 1) for c in outcome.discard_ids[s]
                               if c not in swapped and c[0] == "ab"[s]))
        return a, DuelResult(duel=duel_id, outcome=Outcome(winner=winner, killed=killed,
                                                           swap=swap, discard=discard), at=at)

    # --- views --------------------------------------------------------------------------------

    def observe(self, seat: int | None) -> dict[str, Any]:
        from koloda.games.event.views import observe

        return observe(self, seat)

    def observe_public(self) -> dict[str, Any]:
        """The part of every view the public board sees too (``observe(seat)`` is this and
        :meth:`observe_private`): a server builds it once per change for everyone."""
        from koloda.games.event.views import observe_public

        return observe_public(self)

    def observe_private(self, seat: int | None) -> dict[str, Any]:
        """What only ``seat`` (or its role) sees: the keys ``observe(seat)`` adds to
        :meth:`observe_public`."""
        from koloda.games.event.views import observe_private

        return observe_private(self, seat)

    def resample(self, seat: int, rng: Rng) -> Self:
        """A state ``seat`` cannot tell from this one: the keys of every card the seat has
        never seen (in its views or its log) are dealt again among those cards."""
        from koloda.games.event.views import known_serials

        known = known_serials(self, seat)
        new = self.clone()
        unknown = [s for s in new.cards if s not in known]
        keys = rng.shuffled([new.cards[s].key for s in unknown])
        for s, k in zip(unknown, keys, strict=True):
            new.cards[s].key = k
        return new

    def all_cards(self) -> list[str] | None:
        """None: an event prints cards (issue, grant, reprint), so the kernel's fixed-multiset
        check does not apply; :meth:`invariants` checks the ledger instead."""
        return None

    def clone(self) -> Self:
        catalogue = self.catalogue
        self.catalogue = {}
        try:
            new = copy.deepcopy(self)
        finally:
            self.catalogue = catalogue
        new.catalogue = catalogue
        return new


def _timer_order(t: Timer) -> tuple[int, int]:
    return t.at, int(t.id[1:])
