"""The leak audit over a scripted event day: record every message a participant (Вера), a
witness (the public board and the duel tables' public views) and a master receive — a rest,
a consent duel, an attack with a kill and the death that follows, an exchange, an NPC's gift,
cards shown — and find nothing that seat may not know.

Three checks: (1) every event view message equals what the engine gives that login at that
version, recomputed by replaying the stored record: a ``public`` one only what the board sees,
the same for everyone, a ``private`` one the login's own part, together its whole view (and
every duel table's message, by the tables' own audit); (2) every card serial in Вера's
messages is one she may know, worked out independently from the record: her own cards, cards
shown to her while shown, her exchanges, her duels' swaps and played cards; (3) the witness
never sees a serial, and nobody's messages carry another login's secret.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

pytest.importorskip("koloda.games.event")

from koloda.engine import GameState, get_spec
from koloda.server.event import bridge
from koloda.server.event.store import EventStore
from tests.server.conftest import db_url
from tests.server.event.assemble import Assembled, assembled
from tests.server.event.conftest import (
    ANNA,
    BORIS,
    DINA,
    GLEB,
    MASTER,
    NPC,
    T0,
    VERA,
    auth,
    deck,
    make_event,
    ok,
    play_duel,
    set_clock,
)
from tests.server.test_leaks import check_messages

SERIAL = re.compile(r"[А-ЯЁ]-\d{4}")


class Recorder:
    """WebSocket connections whose every message is kept; :meth:`sync` reads each up to a
    pong, so that everything sent before it has been received."""

    def __init__(self, client: TestClient, eid: str) -> None:
        self.client = client
        self.eid = eid
        self.socks: dict[str, Any] = {}
        self.got: dict[str, list[dict[str, Any]]] = {}

    def open(self, name: str, path: str, hello: dict[str, Any]) -> None:
        ws = self.client.websocket_connect(path).__enter__()
        ws.send_json(hello)
        self.socks[name] = ws
        self.got[name] = []
        self.sync()

    def sync(self) -> None:
        events = self.client.app.state.events  # type: ignore[attr-defined]
        self.client.portal.call(events.rooms[self.eid].settle)  # type: ignore[union-attr]
        for name, ws in self.socks.items():
            ws.send_json({"type": "ping"})
            while True:
                m = ws.receive_json()
                if m["type"] == "pong":
                    break
                assert m["type"] != "error", (name, m)
                self.got[name].append(m)

    def close(self) -> None:
        for ws in self.socks.values():
            ws.__exit__(None, None, None)
        self.socks.clear()


def _states(db: Path, eid: str) -> tuple[Any, dict[int, GameState]]:
    store = EventStore(db_url(db))
    row = store.load(eid)
    store.close()
    assert row is not None
    rec = bridge.record(row)
    state = rec.start()
    states = {0: state.clone()}
    for i, (seat, text) in enumerate(rec.actions):
        state.apply_text(seat, text)
        states[i + 1] = state.clone()
    return row, states


def _check_event_messages(messages: list[dict[str, Any]], who: int | None,
                          states: dict[int, GameState], lang: str) -> int:
    """Every view message ``who`` got is the engine's at its version: a ``public`` one holds
    only keys of the board's own view (``observe(None)``) with the values the engine gives at
    that version and log entries addressed to everyone; a ``private`` one, applied to what was
    sent before, makes exactly ``observe_private(who)`` and carries entries of ``who``'s log
    that are not to everyone; together they make ``observe(who)`` and ``who``'s whole log in
    the event's order."""
    spec = get_spec("event")
    page = Assembled()
    n = 0
    for m in messages:
        page.take(m)
        if m["type"] not in ("public", "private"):
            continue
        st: Any = states[m["version"]]
        events = st.events
        if m["type"] == "public":
            assert set(m) == {"type", "event", "version", "now", "full", "board", "log"}
            board = json.loads(json.dumps(st.observe(None)))
            public = json.loads(json.dumps(st.observe_public()))
            assert set(m["board"]) <= set(public) <= set(board)
            assert {k: v for k, v in m["board"].items()} == \
                {k: board[k] for k in m["board"]}
            if m["full"]:
                assert m["board"] == public
            for e in m["log"]:
                assert events[e["n"]].to.everyone
        else:
            assert set(m) == {"type", "event", "version", "who", "now", "full", "view",
                              "merge", "log"}
            assert m["who"] == who
            own = json.loads(json.dumps(st.observe_private(who)))
            assert page.own == own  # what changed, applied to what was sent before
            assert set(m["view"]) | set(m["merge"]) <= set(own)
            assert not set(own) & set(st.observe_public())
            for e in m["log"]:
                assert events[e["n"]].to.sees(who) and not events[e["n"]].to.everyone
        for e in m["log"]:
            assert e["event"] == json.loads(json.dumps(events[e["n"]].to_json()))
            assert e["text"] == spec.describe(events[e["n"]], lang)
        n += 1
    # at the end the page holds the engine's view and log of the last version
    last: Any = states[max(states)]
    assert {k: v for k, v in page.observation.items() if k != "now"} == \
        {k: v for k, v in json.loads(json.dumps(last.observe(who))).items() if k != "now"}
    assert [e["event"] for e in page.log] == json.loads(json.dumps([e.to_json()
                                                                  for e in last.log(who)]))
    return n


def _known_to(who: int, states: dict[int, GameState], upto: int) -> set[str]:
    """Serials ``who`` may know by version ``upto``, from the record alone."""
    known: set[str] = set()
    for v in range(upto + 1):
        st: Any = states[v]
        known |= {s for s, c in st.cards.items() if c.owner == who}
        for show in st.shows.values():
            if show.to == who and show.open:
                known |= {s for s, c in st.cards.items() if c.owner == show.owner
                          and c.pile.value in [p.value for p in show.piles]}
        for x in st.exchanges.values():
            if who in (x.a, x.b):
                known |= set(x.give) | set(x.take or ())
        for d in st.duels.values():
            if who in (d.a, d.b) and d.outcome is not None:
                known |= set(d.outcome.swap or ()) | set(d.outcome.discard)
    return known


def test_an_event_day_shows_no_seat_anything_it_may_not_know(
        db: Path, clock: Path, server: TestClient, request: pytest.FixtureRequest) -> None:
    eid, tokens, _ = make_event(db)
    rec = Recorder(server, eid)
    request.addfinalizer(rec.close)
    room = server.app.state.events.rooms.get(eid) or server.portal.call(  # type: ignore
        server.app.state.events.get, eid)  # type: ignore[attr-defined]
    logins = {"vera": VERA, "master": MASTER, "witness": None}

    def current() -> None:
        """After a change every connection holds its current view and log."""
        for name, who in logins.items():
            page = assembled(rec.got[name])
            now = json.loads(json.dumps(room.state.observe(who)))
            assert {k: v for k, v in page.observation.items() if k != "now"} == \
                {k: v for k, v in now.items() if k != "now"}, name
            assert [e["n"] for e in page.log] == [
                i for i, e in enumerate(room.state.events) if e.to.sees(who)], name

    rec.open("vera", f"/ws/events/{eid}", {"type": "hello", "token": tokens[VERA],
                                           "lang": "ru"})
    rec.open("master", f"/ws/events/{eid}", {"type": "hello", "token": tokens[MASTER],
                                             "lang": "ru"})
    rec.open("witness", f"/ws/events/{eid}", {"type": "hello", "token": None, "lang": "en"})
    tables: dict[str, list[str]] = {}

    def at(minutes: float) -> None:
        set_clock(clock, T0 + int(minutes * 60_000))
        server.portal.call(server.app.state.events.tick_all)  # type: ignore[union-attr]
        rec.sync()
        current()

    def do(who: int, text: str) -> None:
        ok(server, eid, tokens[who], text)
        rec.sync()
        current()

    def watch(duel: str, *players: int) -> None:
        table = server.get(f"/api/events/{eid}/duels/{duel}").json()["table"]
        tables[table] = []
        for name in ("witness", "master"):
            rec.open(f"{name}@{table}", f"/ws/{table}", {"type": "hello", "token": None,
                                                         "lang": "en"})
            tables[table].append(f"{name}@{table}")
        for p in players:
            seat = server.get(f"/api/events/{eid}/duels/{duel}/seat",
                              headers=auth(tokens[p])).json()
            rec.open(f"{p}@{table}", f"/ws/{table}", {"type": "hello", "token": seat["token"],
                                                      "lang": "en"})
            tables[table].append(f"{p}@{table}")

    # 10:01 Вера discards a card and rests in her room; 10:06 the rest may end; she ends it
    at(1)
    do(VERA, f"discard {deck(server, eid, tokens[VERA])[0]}")
    do(VERA, "rest room")
    at(6.1)
    do(VERA, "rest_end")
    # 10:10 a consent duel: Вера challenges Глеб, who accepts; Вера wins it
    at(10)
    do(VERA, f"challenge {GLEB}")
    do(GLEB, "accept d1")
    watch("d1", VERA)
    play_duel(server, eid, "d1", tokens, winner=VERA, kill=False)
    rec.sync()
    # 10:20 Анна attacks Борис and kills; nobody admits him: he dies at the deadline
    at(20)
    do(ANNA, f"attack {BORIS}")
    watch("d2")
    play_duel(server, eid, "d2", tokens, winner=ANNA, kill=True)
    rec.sync()
    at(36)
    # 10:40 an exchange between Глеб and Дина, one card each, never shown to Вера
    at(40)
    gleb_card = next(s for s in deck(server, eid, tokens[GLEB])
                     if s not in json.dumps(rec.got["vera"]))
    dina_card = deck(server, eid, tokens[DINA])[0]
    do(GLEB, f"offer {DINA} {gleb_card}")
    do(DINA, f"accept x1 {dina_card}")
    do(GLEB, "accept x1")
    # 10:45 the NPC gives Дина a card; Дина shows her deck to Вера for five minutes
    at(45)
    do(NPC, f"gift {DINA} {deck(server, eid, tokens[NPC])[0]}")
    do(DINA, f"show {VERA} deck until={T0 + 50 * 60_000}")
    at(51)
    rec.close()

    row, states = _states(db, eid)
    ops = [t.split(" ")[0] for _, t in row.ops]
    for kind in ("rest", "expire", "challenge", "attack", "result", "offer", "gift", "show"):
        assert kind in ops, kind
    boris = states[len(row.ops)].person(BORIS)  # type: ignore[attr-defined]
    assert boris.health.value == "dead"
    # (1) every event message is the engine's view of that login at that version
    assert _check_event_messages(rec.got["vera"], VERA, states, "ru") > 5
    assert _check_event_messages(rec.got["master"], MASTER, states, "ru") > 5
    assert _check_event_messages(rec.got["witness"], None, states, "en") > 3
    hub = server.app.state.hub  # type: ignore[attr-defined]
    for table, names in tables.items():
        seats = hub.rooms[table].seats
        for name in names:
            key = None if name.startswith(("witness", "master")) else next(
                s.seat for s in seats if s.name == "Вера")
            check_messages(db, table, {key: rec.got[name]}, [s.token for s in seats])
    # (2) every serial Вера saw is one she may know at that version
    checked = 0
    for m in rec.got["vera"]:
        if m["type"] not in ("public", "private"):
            continue
        seen = set(SERIAL.findall(json.dumps(m, ensure_ascii=False)))
        known = _known_to(VERA, states, m["version"])
        assert seen <= known, (m["version"], seen - known)
        checked += len(seen)
    assert checked > 0
    # the exchange's cards went to the receivers' discards: Дина showed Вера her deck only
    vera_text = json.dumps(rec.got["vera"], ensure_ascii=False)
    assert gleb_card not in vera_text and dina_card not in vera_text
    shown = [m for m in rec.got["vera"] if m["type"] == "private"
             and m["view"]["me"]["shown_to_me"]]
    assert shown  # and what Дина showed did reach her
    # the public part is one text for everyone: the same boards, in the same order
    boards = {name: [(m["version"], m["board"]) for m in rec.got[name]
                     if m["type"] == "public" and not m["full"]]
              for name in logins}
    assert boards["vera"] == boards["master"] == boards["witness"]
    assert len(boards["vera"]) > 3
    # (3) the witness sees no serial at all; nobody sees another's login
    for name, messages in rec.got.items():
        text = json.dumps(messages, ensure_ascii=False)
        if name.startswith("witness"):
            assert not SERIAL.search(text), name
        for who, token in tokens.items():
            if not (name == "vera" and who == VERA) and not (name == "master" and who == MASTER):
                assert token not in text, (name, who)
