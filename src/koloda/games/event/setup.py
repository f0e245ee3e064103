"""Creating an event: from a roster (``from_setup``, what the server does), or a demo event
(``new``: a master, a doctor, an NPC and participants with random decks, for tests and the
conformance fuzz).

The setup format::

    {"participants": [{"name": "Мастер", "role": "master"},
                      {"name": "Анна", "role": "participant", "team": "Гвардия"},
                      {"name": "Доктор Ватсон", "role": "doctor"},
                      {"name": "Трактирщик", "role": "npc", "own_rules": true}],
     "decks": {"1": ["punch", "kick", "block", "rapier_thrust", "rapier"],
               "3": {"Б-0001": "punch", "Б-0002": "trip", "Б-0003": "block"}},
     "catalogue": {... the duel's cards.json format, optional: the default set ...},
     "now": 0}

``participants`` fills seats 0, 1, …; the event's ``players`` (its seats) may be more, the rest
vacant until a master enrolls someone. ``decks`` issues cards at check-in (the ``issue``
operation's checks apply): a list of keys gets serials drawn from the seed; an object
``{serial: key}`` gives cards already printed with those serials (scenario files, imported
stock). ``now`` is the event's start time in server milliseconds.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from koloda.engine import InvalidData, Rng
from koloda.games.duel.cards import CardInfo
from koloda.games.event import events as ev
from koloda.games.event.actions import SERIAL
from koloda.games.event.catalogue import DEFAULT_CATALOGUE, load_catalogue
from koloda.games.event.effects import print_cards
from koloda.games.event.model import Person, Pile, Role
from koloda.games.event.options import EventOptions
from koloda.games.event.rules import issue_problem

_PERSON_KEYS = {"name", "role", "team", "own_rules"}
_SETUP_KEYS = {"participants", "decks", "catalogue", "now"}


def _people(value: Any, players: int) -> list[Person | None]:
    if not isinstance(value, list) or not value:
        raise InvalidData("setup 'participants' must be a non-empty list")
    if len(value) > players:
        raise InvalidData(f"{len(value)} participants do not fit in {players} seats (players)")
    people: list[Person | None] = []
    for i, entry in enumerate(value):
        where = f"participants[{i}]"
        if not isinstance(entry, Mapping):
            raise InvalidData(f"{where}: expected an object")
        extra = set(entry) - _PERSON_KEYS
        if extra:
            raise InvalidData(f"{where}: unknown key(s) {sorted(extra)}")
        name = entry.get("name")
        if not isinstance(name, str) or not name.strip():
            raise InvalidData(f"{where}: 'name' must be a non-empty text")
        try:
            role = Role(entry.get("role", "participant"))
        except ValueError:
            raise InvalidData(f"{where}: 'role' must be one of "
                              + ", ".join(r.value for r in Role)) from None
        team = entry.get("team", "")
        own = entry.get("own_rules", False)
        if not isinstance(team, str) or not isinstance(own, bool):
            raise InvalidData(f"{where}: 'team' is a text, 'own_rules' true or false")
        if own and role != Role.NPC:
            raise InvalidData(f"{where}: only an NPC may have its own rules")
        people.append(Person(id=i, name=name, role=role, team=team, own_rules=own))
    return people + [None] * (players - len(people))


def build(cls: type[Any], options: EventOptions, *, players: int, seed: int,
          setup: Mapping[str, Any]) -> Any:
    """An event from a roster (see the module docstring); raises InvalidData saying where."""
    if not isinstance(setup, Mapping):
        raise InvalidData("an event setup is an object with 'participants'")
    extra = set(setup) - _SETUP_KEYS
    if extra:
        raise InvalidData(f"unknown setup key(s) {sorted(extra)}; known: "
                          + ", ".join(sorted(_SETUP_KEYS)))
    catalogue: dict[str, CardInfo] = (load_catalogue(setup["catalogue"])
                                      if "catalogue" in setup else dict(DEFAULT_CATALOGUE))
    now = setup.get("now", 0)
    if isinstance(now, bool) or not isinstance(now, int) or now < 0:
        raise InvalidData("setup 'now' must be a time in milliseconds ≥ 0")
    st = cls(players=players, seed=seed, rng=Rng.from_seed(seed), options=options,
             catalogue=catalogue, people=_people(setup.get("participants"), players), now=now)
    for p in st.enrolled():
        st.events.append(ev.Enrolled(p.id, p.name, p.role.value, p.team))
    decks = setup.get("decks", {})
    if not isinstance(decks, Mapping):
        raise InvalidData("setup 'decks' must be an object: seat → list of card keys")
    for seat_text, keys in decks.items():
        where = f"decks[{seat_text!r}]"
        if not str(seat_text).isdigit():
            raise InvalidData(f"{where}: the key is a seat number")
        given: list[str] | None = None
        if isinstance(keys, Mapping):
            given = list(keys)
            for serial in given:
                if not isinstance(serial, str) or not SERIAL.match(serial):
                    raise InvalidData(f"{where}: {serial!r} is not a serial like Б-0137")
                if serial in st.cards:
                    raise InvalidData(f"{where}: the serial {serial} is used twice")
            keys = list(keys.values())
        if not isinstance(keys, list) or not keys or not all(isinstance(k, str) for k in keys):
            raise InvalidData(f"{where}: a non-empty list of card keys, or serial → key")
        seat = int(seat_text)
        target = st.person(seat)
        if target is None:
            raise InvalidData(f"{where}: there is no participant {seat}")
        why = issue_problem(st, target, tuple(keys))
        if why is not None:
            raise InvalidData(f"{where}: {why.text()}")
        print_cards(st, tuple(keys), seat, Pile.DECK, "issue", serials=given)
    return st


def _demo_deck(rng: Rng, n: int) -> list[str]:
    battle = [k for k, c in DEFAULT_CATALOGUE.items() if not c.is_item]
    items = {c.item: k for k, c in DEFAULT_CATALOGUE.items() if c.is_item}
    cards = [battle[rng.randbelow(len(battle))] for _ in range(n)]
    needs = []
    for k in cards:
        need = DEFAULT_CATALOGUE[k].requires
        if need is not None and items[need] not in needs:
            needs.append(items[need])
    return cards + needs


def demo(cls: type[Any], options: EventOptions, *, players: int, seed: int) -> Any:
    """A demo event of ``players`` seats, checked in: seat 0 a master, seat 1 a doctor and
    seat 2 an NPC (from 4 and 5 seats on), the others participants, each with a random deck
    of 8 battle cards plus the items they need (the NPC: 6 cards)."""
    rng = Rng.from_seed(seed)
    roles = [Role.MASTER]
    for i in range(1, players):
        roles.append(Role.DOCTOR if i == 1 and players >= 4 else
                     Role.NPC if i == 2 and players >= 5 else Role.PARTICIPANT)
    names = {Role.MASTER: "Мастер", Role.DOCTOR: "Врач", Role.NPC: "Игротехник",
             Role.PARTICIPANT: "Игрок"}
    participants = [{"name": f"{names[r]} {i}", "role": r.value} for i, r in enumerate(roles)]
    decks = {str(i): _demo_deck(rng, 6 if r == Role.NPC else 8)
             for i, r in enumerate(roles) if r != Role.MASTER}
    return build(cls, options, players=players, seed=seed,
                 setup={"participants": participants, "decks": decks})
