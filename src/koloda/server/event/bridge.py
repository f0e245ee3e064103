"""Everything the server assumes about the event engine (``koloda.games.event``), in one place.

The engine's contract (its package docstring): the event is the kernel game ``"event"``; its
seats are participant ids; every operation is applied from the seat of the participant doing
it and ends with the server's time ``@MS``; ``state.deadlines()`` lists the open timers, each
with the seat the server applies ``expire tN [late] @DEADLINE`` from; a duel to be fought on
phones gives the ``duel`` table's options and setup (``state.duel_setup``), and its end comes
back as a ``result`` operation built from the finished duel (``state.result_of``).

The server's side of it, here:

- a person's operation arrives **without** its time: :func:`client_operation` appends the
  server's stamp and applies it from the login's own seat, so nobody can act as someone else
  or choose their time (a text that already ends with ``@…`` is refused);
- refusals carry the engine's reason in English and Russian (:func:`refusal`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from koloda.engine import (
    Action,
    ActionSyntaxError,
    Event,
    Game,
    GameRecord,
    GameState,
    IllegalAction,
    replay,
)
from koloda.server.errors import ClientError
from koloda.server.event.store import EventRow


@dataclass(frozen=True)
class Duel:
    """A duel as the server sees it."""

    id: str
    seats: tuple[int, int]  # the duel table's seat 0 and seat 1 (seat 0 attacks in an attack)
    open: bool  # running: its result is still to come
    phone: bool  # fought on phones (a table), not recorded from paper


@dataclass(frozen=True)
class Deadline:
    id: str
    kind: str
    at: int
    seat: int


def record(row: EventRow) -> GameRecord:
    return GameRecord(game=row.game, options=row.options, players=row.players, seed=row.seed,
                      setup=row.setup, actions=tuple(row.ops))


def load(row: EventRow) -> tuple[Game, GameState]:
    """The game and the state replayed from the stored record."""
    rec = record(row)
    return rec.load(), replay(rec)


def last_time(state: GameState) -> int:
    """The stamp of the latest operation (0 before the first)."""
    return int(getattr(state, "now", 0) or 0)


def stamp(state: GameState, clock_ms: int) -> int:
    """The stamp of the next operation: the clock, but always later than the last operation
    (the engine refuses two operations at the same millisecond; expiries aside)."""
    return max(clock_ms, last_time(state) + 1)


def client_operation(game: Game, state: GameState, who: int, text: str, now: int,
                     lang: str = "en") -> tuple[int, Action]:
    """A person's operation text, stamped with ``now`` and applied from their own seat."""
    body = " ".join(text.split())
    if body.split(" ")[-1].startswith("@"):
        raise ClientError("syntax", _words(
            lang, "the server stamps an operation's time: send it without @…",
            "время операции ставит сервер: отправьте её без @…"))
    try:
        action = game.parse_action(f"{body} @{now}")
    except ActionSyntaxError as e:
        raise ClientError("syntax", _words(lang, f"not an operation of the event: {e}",
                                           f"это не операция игры: {e}")) from None
    return who, action


def _words(lang: str, en: str, ru: str) -> str:
    return ru if lang == "ru" else en


def refusal(e: IllegalAction, lang: str) -> str:
    """The engine's reason for refusing, in ``lang``."""
    text = getattr(e, "text", None)
    if callable(text):
        return str(text(lang))
    from koloda.action_words import refusal_text

    return refusal_text("event", e, lang)


def deadlines(state: GameState) -> list[Deadline]:
    return [Deadline(id=d.id, kind=str(d.kind), at=int(d.at), seat=int(d.seat))
            for d in state.deadlines()]  # type: ignore[attr-defined]


def expire(game: Game, deadline: Deadline, *, late: bool) -> tuple[int, Action]:
    """The clock's operation for ``deadline``, stamped with the deadline itself."""
    text = f"expire {deadline.id}{' late' if late else ''} @{deadline.at}"
    return deadline.seat, game.parse_action(text)


def all_duels(state: GameState) -> list[Duel]:
    out = []
    for d in state.duels.values():  # type: ignore[attr-defined]
        stage = str(d.stage)
        out.append(Duel(id=d.id, seats=(d.a, d.b), open=stage == "running",
                        phone=not d.paper))
    return out


def open_duels(state: GameState) -> list[Duel]:
    """The running duels to be fought on phones (each gets a duel table)."""
    return [d for d in all_duels(state) if d.open and d.phone]


def duel_setup(state: GameState, duel: Duel) -> tuple[dict[str, Any], dict[str, Any]]:
    """The ``duel`` table's options and hand-made setup for ``duel`` (seat 0 is
    ``duel.seats[0]``: the challenger or the attacker)."""
    given = state.duel_setup(duel.id)  # type: ignore[attr-defined]
    assert tuple(given["seats"]) == duel.seats
    return dict(given["options"]), dict(given["setup"])


def duel_result(game: Game, state: GameState, duel: Duel, table: GameState,
                now: int) -> tuple[int, Action]:
    """The ``result`` operation for ``duel`` from its finished table, and its seat."""
    outcome = table.outcome()  # type: ignore[attr-defined]
    seat, action = state.result_of(duel.id, outcome, at=now)  # type: ignore[attr-defined]
    return int(seat), action


def person(state: GameState, who: int) -> dict[str, Any]:
    """Public facts about participant ``who``: name, role, team (empty for a vacant seat)."""
    p = state.person(who)  # type: ignore[attr-defined]
    if p is None:
        return {"name": "", "role": "", "team": ""}
    return {"name": p.name, "role": str(p.role), "team": p.team}


def name_of(state: GameState, who: int) -> str:
    return str(person(state, who)["name"])


def watching(state: GameState, seats: set[int]) -> set[int]:
    """The seats that ``seats`` show their cards to now (their views follow those piles)."""
    return {sh.to for sh in state.shows.values()  # type: ignore[attr-defined]
            if sh.open and sh.owner in seats}


def concerned(state: GameState, events: Sequence[Event]) -> set[int]:
    """The seats whose own part of the view (``observe_private``) ``events`` may have changed:
    the audience of each event addressed to some seats; for an event to everyone (a duel
    began or ended, a kill, a death on the board), every seat it names (each whole-number
    field, and both sides of the duel it names). Naming too many costs a view built and found
    unchanged; the masters' and doctors' views are looked at after every change anyway."""
    duels = state.duels  # type: ignore[attr-defined]
    out: set[int] = set()
    for e in events:
        if not e.to.everyone:
            out.update(e.to.seats)
            continue
        for f in dataclasses.fields(e):
            value = getattr(e, f.name)
            if isinstance(value, int) and not isinstance(value, bool):
                out.add(value)
            elif f.name == "duel" and value in duels:
                out.update((duels[value].a, duels[value].b))
    return out


def public_view(state: GameState) -> dict[str, Any]:
    """The part of every seat's view the public board sees too (the same for everyone)."""
    view: dict[str, Any] = state.observe_public()  # type: ignore[attr-defined]
    return view


def private_view(state: GameState, seat: int | None) -> dict[str, Any]:
    """The rest of ``seat``'s view: ``observe(seat)`` is :func:`public_view` with these keys."""
    view: dict[str, Any] = state.observe_private(seat)  # type: ignore[attr-defined]
    return view


def staff(state: GameState) -> tuple[int, ...]:
    """The masters and doctors (their views hold everyone's statuses, or piles)."""
    return tuple(state.staff())  # type: ignore[attr-defined]


def describe(spec: Any, event: Any, lang: str) -> str:
    """An event in words (its class name if the engine's describe fails: never a crash)."""
    try:
        return str(spec.describe(event, lang))
    except Exception:
        return type(event).__name__


def roster_setup(people: list[dict[str, Any]], *, spare: int, now: int,
                 catalogue: dict[str, Any] | None = None) -> tuple[int, dict[str, Any]]:
    """The number of seats and the engine's setup for an event starting at ``now`` with
    ``people`` (``name``, ``role``, ``team``), ``spare`` vacant seats for later ``enroll``s
    and the event's own card set (the duel's ``cards.json`` format; None: the default set)."""
    setup: dict[str, Any] = {"participants": people, "now": now}
    if catalogue is not None:
        setup["catalogue"] = catalogue
    return len(people) + spare, setup


def enrolled_seat(state: GameState, action: Action) -> int | None:
    """The seat an ``enroll`` operation fills (it gets a login), else None."""
    if type(action).__name__ != "Enroll":
        return None
    vacant = [i for i, p in enumerate(state.people) if p is None]  # type: ignore[attr-defined]
    return vacant[0] if vacant else None


def holdings(state: GameState) -> list[dict[str, Any]]:
    """Every card: serial, key, owner (a participant id or None), pile."""
    return [{"serial": c.serial, "key": c.key, "owner": c.owner, "pile": str(c.pile)}
            for c in state.cards.values()]  # type: ignore[attr-defined]


def people(state: GameState) -> list[dict[str, Any]]:
    """Every participant: id, name, role, team, health, limit."""
    return [{"id": p.id, "name": p.name, "role": str(p.role), "team": p.team,
             "health": str(p.health), "limit": p.limit}
            for p in state.enrolled()]  # type: ignore[attr-defined]
