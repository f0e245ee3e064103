"""What each seat may see, built by inclusion (E38, E42, ED17, ED19).

``observe(seat)`` for a participant (any role) holds: the event's public part (the roster,
running duels, successful kills: S101-S102), the seat's own record (piles, limit, status, rest,
wound, debts, its challenges, paper records, exchanges, shows, and the deadlines that concern
it), other participants' piles only while shown to the seat, and ``cards``: the face of every
serial the view names, and no other. Masters add every participant's piles and status when
``masters_see_piles`` (and statuses in any case), doctors the statuses (ED19: wounded, in the
hospital, dead). ``observe(None)`` is the public board. ``observe(seat)`` is
``observe_public()`` (``game``, ``now``, ``closed``, ``people``, ``duels``, ``kills``, and
``results`` and ``statuses`` with ``board_shows_results``: the same for every seat) with
``observe_private(seat)`` (every other key) added. The format::

    {"game": "event", "seat": 3 | null, "now": ms, "closed": false,
     "people": [{"id": 0, "name": "…", "role": "master", "team": ""}, …],   # enrolled seats
     "duels": [{"id": "d2", "a": 3, "b": 5, "kind": "attack", "label": "duel",
                "started": ms, "overtime": false}],            # running duels (public)
     "kills": [{"duel": "d1", "killer": 4, "victim": 6, "at": ms}],        # public
     "results": [...] | absent,       # ended duels: with board_shows_results, for staff
     "statuses": [...] | absent,      # masters and doctors (and the board with results)
     "notes": [{"who", "by", "at", "text"}] | absent,   # masters and doctors (ED23); with
                                                        # notes_to_patient, a patient's own too
     "me": null | {"id", "name", "role", "team", "own_rules", "health", "limit", "total",
                   "deck": [serials], "discard": [serials], "duel": id | null,
                   "rest": null | {"place", "started", "until", "ready", "doctor"},
                   "wound_until": ms | null, "debts": [{"to", "until", "masters_choose"}],
                   "challenges": [...], "records": [...], "exchanges": [...],
                   "shows": [...], "shown_to_me": [{"id", "owner", "until", "deck", "discard"}],
                   "deadlines": [{"id", "kind", "at", "concerns"}]},
     "piles": absent | {seat: {"deck": [...], "discard": [...], "limit", "total"}},  # masters
     "pool": absent | {"pool": [...], "surrendered": [...]},                         # masters
     "clashes": absent | [{"serial", "reports": [{"id", "a", "b"}]}],   # masters (with piles)
     "cards": {serial: {"key", "type", "strength", "requires", "deadly", "item",
                        "name_ru", "name_en"}}}
"""

from __future__ import annotations

from dataclasses import fields, is_dataclass
from typing import TYPE_CHECKING, Any

from koloda.games.event.events import Face
from koloda.games.event.model import DuelStage, Health, Person, Pile, Role

if TYPE_CHECKING:
    from koloda.games.event.state import EventState


def _public(st: EventState) -> dict[str, Any]:
    duels = [{"id": d.id, "a": d.a, "b": d.b, "kind": d.kind.value, "label": d.label,
              "started": d.started, "overtime": d.overtime}
             for d in st.duels.values() if d.stage == DuelStage.RUNNING]
    kills = [{"duel": d.id, "killer": d.outcome.winner, "victim": d.outcome.killed,
              "at": d.ended}
             for d in st.duels.values()
             if d.stage == DuelStage.ENDED and d.outcome is not None
             and d.outcome.killed is not None]
    people = [{"id": p.id, "name": p.name, "role": p.role.value, "team": p.team}
              for p in st.enrolled()]
    return {"game": "event", "now": st.now, "closed": st.closed, "people": people,
            "duels": duels, "kills": kills}


def _results(st: EventState) -> list[dict[str, Any]]:
    return [{"id": d.id, "a": d.a, "b": d.b, "kind": d.kind.value, "paper": d.paper,
             "winner": d.outcome.winner if d.outcome else None, "ended": d.ended,
             "note": d.note}
            for d in st.duels.values() if d.stage == DuelStage.ENDED]


def _statuses(st: EventState) -> list[dict[str, Any]]:
    out = []
    for p in st.enrolled():
        if not p.holds_cards:
            continue
        wound = st.timers.get(p.wound_timer) if p.wound_timer else None
        out.append({"id": p.id, "health": p.health.value, "in_duel": p.duel is not None,
                    "resting": p.rest is not None, "wound_until": wound.at if wound else None,
                    "owes": len(p.debts), "admitted_by": p.admitted_by})
    return out


def clashes(st: EventState) -> list[dict[str, Any]]:
    """The cards that two open reports each place with their side: paper duels awaiting
    confirmation (the cards played, the swap) and open exchanges (the cards offered and
    answered). Confirming one report makes the other impossible: a card reported by two
    holders, for the masters to settle (void one, or ask). In the order printed."""
    named: dict[str, list[dict[str, Any]]] = {}
    for d in st.duels.values():
        if d.stage == DuelStage.RECORDED and d.outcome is not None:
            for s in dict.fromkeys((*d.outcome.discard, *(d.outcome.swap or ()))):
                named.setdefault(s, []).append({"id": d.id, "a": d.a, "b": d.b})
    for x in st.exchanges.values():
        if x.open:
            for s in (*x.give, *(x.take or ())):
                named.setdefault(s, []).append({"id": x.id, "a": x.a, "b": x.b})
    return [{"serial": s, "reports": named[s]} for s in st.cards
            if len(named.get(s, ())) > 1]


def _me(st: EventState, p: Person, faces: set[str]) -> dict[str, Any]:
    deck, discard = st.pile(p.id, Pile.DECK), st.pile(p.id, Pile.DISCARD)
    faces.update(deck, discard)
    rest = None
    if p.rest is not None:
        t = st.timers.get(p.rest.timer)
        rest = {"place": p.rest.place, "started": p.rest.started,
                "until": t.at if t else None, "ready": p.rest.ready, "doctor": p.rest.doctor}
    wound = st.timers.get(p.wound_timer) if p.wound_timer else None
    debts = [{"to": d.to, "until": st.timers[d.timer].at if d.timer in st.timers else None,
              "masters_choose": d.masters_choose} for d in p.debts]
    mine = [d for d in st.duels.values() if p.id in (d.a, d.b)]
    challenges = [{"id": d.id, "a": d.a, "b": d.b, "label": d.label, "at": d.started}
                  for d in mine if d.stage == DuelStage.CHALLENGED]
    records = [{"id": d.id, "a": d.a, "b": d.b, "kind": d.kind.value,
                "winner": d.outcome.winner if d.outcome else None,
                "killed": d.outcome.killed if d.outcome else None,
                "swap": list(d.outcome.swap) if d.outcome and d.outcome.swap else None,
                "discard": list(d.outcome.discard) if d.outcome else []}
               for d in mine if d.stage == DuelStage.RECORDED]
    for d in mine:
        if d.stage == DuelStage.RECORDED and d.outcome is not None:
            faces.update(d.outcome.discard)
            faces.update(d.outcome.swap or ())
    exchanges = []
    for x in st.exchanges.values():
        if x.open and p.id in (x.a, x.b):
            exchanges.append({"id": x.id, "a": x.a, "b": x.b, "give": list(x.give),
                              "take": None if x.take is None else list(x.take)})
            faces.update(x.give)
            faces.update(x.take or ())
    shows = [{"id": s.id, "to": s.to, "piles": [q.value for q in s.piles], "until": s.until}
             for s in st.shows.values() if s.open and s.owner == p.id]
    shown = []
    for s in st.shows.values():
        if s.open and s.to == p.id:
            entry: dict[str, Any] = {"id": s.id, "owner": s.owner, "until": s.until}
            for pile in (Pile.DECK, Pile.DISCARD):
                if pile in s.piles:
                    entry[pile.value] = st.pile(s.owner, pile)
                    faces.update(entry[pile.value])
            shown.append(entry)
    deadlines = [{"id": t.id, "kind": t.kind, "at": t.at, "concerns": list(t.concerns)}
                 for t in st.deadlines() if p.id in t.concerns]
    return {"id": p.id, "name": p.name, "role": p.role.value, "team": p.team,
            "own_rules": p.own_rules, "health": p.health.value, "limit": p.limit,
            "total": len(deck) + len(discard), "deck": deck, "discard": discard,
            "duel": p.duel, "rest": rest, "wound_until": wound.at if wound else None,
            "debts": debts, "challenges": challenges, "records": records,
            "exchanges": exchanges, "shows": shows, "shown_to_me": shown,
            "deadlines": deadlines}


def observe_public(st: EventState) -> dict[str, Any]:
    """The part of every seat's view that the public board (seat None) sees as well: the same
    for every seat, so a server may build it once per change and send it to everyone."""
    view = _public(st)
    if st.options.board_shows_results:
        view["results"] = _results(st)
        view["statuses"] = _statuses(st)
    return view


def observe_private(st: EventState, seat: int | None) -> dict[str, Any]:
    """The rest of ``seat``'s view: what only that seat (or its role) sees. ``observe(seat)``
    is :func:`observe_public` with these keys added; none of them is in the public part."""
    view: dict[str, Any] = {"seat": seat}
    faces: set[str] = set()
    p = st.person(seat) if seat is not None else None
    staff = p is not None and p.role in (Role.MASTER, Role.DOCTOR)
    if p is None:
        view["me"] = None
    else:
        view["me"] = _me(st, p, faces)
        if staff and not st.options.board_shows_results:
            view["results"] = _results(st)
            view["statuses"] = _statuses(st)
        if staff or st.options.notes_to_patient:  # the patient: only the notes on him
            view["notes"] = [{"who": n.who, "by": n.by, "at": n.at, "text": n.text}
                             for n in st.notes if staff or n.who == p.id]
        if p.role == Role.MASTER and st.options.masters_see_piles:
            piles = {}
            held = st.holdings()
            for q in st.enrolled():
                if q.holds_cards:
                    deck, discard = held.get(q.id, ([], []))
                    faces.update(deck, discard)
                    piles[str(q.id)] = {"deck": deck, "discard": discard, "limit": q.limit,
                                        "total": len(deck) + len(discard)}
            view["piles"] = piles
            pool = [c.serial for c in st.cards.values() if c.pile == Pile.POOL]
            handed = [c.serial for c in st.cards.values() if c.pile == Pile.SURRENDERED]
            faces.update(pool, handed)
            view["pool"] = {"pool": pool, "surrendered": handed}
            view["clashes"] = clashes(st)
            faces.update(c["serial"] for c in view["clashes"])
        elif p.role == Role.MASTER:
            handed = [c.serial for c in st.cards.values() if c.pile == Pile.SURRENDERED]
            view["pool"] = {"surrendered": handed}
    view["cards"] = _faces(st, faces)
    return view


def _faces(st: EventState, serials: set[str]) -> dict[str, dict[str, Any]]:
    """The face of each serial (its catalogue entry: one per key, thousands of serials)."""
    by_key: dict[str, dict[str, Any]] = {}
    out = {}
    for s in sorted(serials):
        key = st.cards[s].key
        face = by_key.get(key)
        if face is None:
            face = by_key[key] = st.info(s).to_json()
        out[s] = dict(face)
    return out


def observe(st: EventState, seat: int | None) -> dict[str, Any]:
    return {**observe_public(st), **observe_private(st, seat)}


def _faces_in(value: Any, out: set[str]) -> None:
    if isinstance(value, Face):
        out.add(value.serial)
    elif isinstance(value, tuple | list):
        for v in value:
            _faces_in(v, out)
    elif is_dataclass(value) and not isinstance(value, type):
        for f in fields(value):
            _faces_in(getattr(value, f.name), out)


def known_serials(st: EventState, seat: int) -> set[str]:
    """Every serial whose face ``seat`` has seen: in its view now, or in its log."""
    known = set(observe(st, seat)["cards"])
    for e in st.log(seat):
        _faces_in(e, known)
    return known


def health_word(h: Health, lang: str = "en") -> str:
    words = {Health.ALIVE: ("alive", "жив"), Health.WOUNDED: ("gravely wounded", "тяжело ранен"),
             Health.ADMITTED: ("in the hospital", "в госпитале"),
             Health.EXPIRED: ("awaiting the masters", "ждёт решения мастеров"),
             Health.DEAD: ("dead", "мёртв")}
    en, ru = words[h]
    return ru if lang == "ru" else en
