"""The event's HTTP API: operations stamped by the server, acted only as one's own login,
refusals with the engine's reason (in the language asked for) and nothing changed; timers fired
with their deadlines; duels played at real duel tables."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

pytest.importorskip("koloda.games.event")

from tests.server.event.conftest import (
    ANNA,
    BORIS,
    DOCTOR,
    MASTER,
    T0,
    VERA,
    act,
    auth,
    deck,
    make_event,
    ok,
    play_duel,
    set_clock,
    view,
)


def test_an_operation_is_stamped_by_the_server_and_acted_as_the_login(
        server: TestClient, db: Path, clock: Path) -> None:
    eid, tokens, badges = make_event(db)
    set_clock(clock, T0 + 60_000)
    card = deck(server, eid, tokens[VERA])[0]
    ack = ok(server, eid, tokens[VERA], f"discard {card}")
    assert ack["at"] == T0 + 60_000 and ack["op"] == f"discard {card} @{T0 + 60_000}"
    assert view(server, eid, tokens[VERA])["observation"]["me"]["discard"] == [card]
    # the same clock reading twice: the second is stamped a millisecond later
    card2 = deck(server, eid, tokens[VERA])[0]
    assert ok(server, eid, tokens[VERA], f"discard {card2}")["at"] == T0 + 60_001
    me = server.get(f"/api/events/{eid}/me", headers=auth(tokens[ANNA])).json()
    assert me == {"who": ANNA, "badge": badges[ANNA], "name": "Анна", "role": "participant",
                  "team": "Гвардия"}
    found = server.get(f"/api/events/{eid}/badges/{badges[BORIS]}").json()
    assert found["who"] == BORIS and found["name"] == "Борис"
    assert server.get(f"/api/events/{eid}/time").json() == {"now": T0 + 60_000}


def test_refusals_are_clear_and_change_nothing(server: TestClient, db: Path) -> None:
    eid, tokens, _ = make_event(db)
    before = {who: view(server, eid, tok) for who, tok in tokens.items()}
    board = view(server, eid)
    vera_card = deck(server, eid, tokens[VERA])[0]
    refused = [
        # another participant's card: the engine decides what the login's own seat may do
        (tokens[ANNA], f"discard {vera_card}", "illegal_action", 422),
        # a master's operation from a participant's login
        (tokens[ANNA], "issue 4 punch kick block", "illegal_action", 422),
        # a doctor's operation from a participant's login
        (tokens[BORIS], f"admit {ANNA}", "illegal_action", 422),
        # the time is the server's
        (tokens[VERA], f"discard {vera_card} @{T0 + 5}", "syntax", 422),
        # the clock's and the duel table's operations are the server's own
        (tokens[VERA], "expire t1", "illegal_action", 422),
        (tokens[ANNA], "no such operation", "syntax", 422),
        ("not-a-login", f"discard {vera_card}", "bad_token", 403),
    ]
    for token, text, code, status in refused:
        r = act(server, eid, token, text)
        assert r.status_code == status, (text, r.text)
        assert r.json()["code"] == code, (text, r.json())
    r = server.post(f"/api/events/{eid}/act", json={"action": "rest room"})
    assert r.status_code == 403 and r.json()["code"] == "spectator"
    assert {who: view(server, eid, tok) for who, tok in tokens.items()} == before
    assert view(server, eid) == board


def test_a_refusal_names_the_rule_in_the_language_asked_for(server: TestClient,
                                                            db: Path) -> None:
    eid, tokens, _ = make_event(db)
    ok(server, eid, tokens[ANNA], f"attack {BORIS}")
    card = deck(server, eid, tokens[BORIS])[0]
    en = act(server, eid, tokens[BORIS], f"discard {card}").json()
    ru = act(server, eid, tokens[BORIS], f"discard {card}", lang="ru").json()
    assert en["code"] == ru["code"] == "illegal_action"
    assert "(E10)" in en["message"] and "(E10)" in ru["message"]
    assert any("а" <= ch <= "я" for ch in ru["message"])
    assert not any("а" <= ch <= "я" for ch in en["message"])
    bad = act(server, eid, tokens[BORIS], "discard", lang="ru").json()
    assert bad["code"] == "syntax" and bad["message"].startswith("это не операция игры")


def test_a_rest_ends_by_its_timer_stamped_with_the_deadline(server: TestClient, db: Path,
                                                            clock: Path) -> None:
    eid, tokens, _ = make_event(db, options={"rest_end": "auto"})
    card = deck(server, eid, tokens[VERA])[0]
    ok(server, eid, tokens[VERA], f"discard {card}")
    start = ok(server, eid, tokens[VERA], "rest room")["at"]
    deadlines = view(server, eid, tokens[VERA])["observation"]["me"]["deadlines"]
    assert [d["at"] for d in deadlines] == [start + 5 * 60_000]
    set_clock(clock, start + 5 * 60_000 + 1_700)  # the scheduler runs a little after it
    server.portal.call(server.app.state.events.tick_all)  # type: ignore[union-attr]
    me = view(server, eid, tokens[VERA])["observation"]["me"]
    assert me["rest"] is None and card in me["deck"] and me["deadlines"] == []
    row = server.app.state.events.store.load(eid)  # type: ignore[attr-defined]
    assert row.ops[-1][1] == f"expire t1 @{start + 5 * 60_000}"  # no "late": it was running


def test_an_attack_is_played_at_a_duel_table_and_its_result_applied_once(
        server: TestClient, db: Path) -> None:
    eid, tokens, _ = make_event(db)
    ok(server, eid, tokens[ANNA], f"attack {BORIS}")
    board = view(server, eid)["observation"]
    assert [(d["id"], d["a"], d["b"]) for d in board["duels"]] == [("d1", ANNA, BORIS)]
    public = server.get(f"/api/events/{eid}/duels/d1").json()
    assert public["table"] == f"{eid}-d1" and public["witness"] == f"/t/{eid}-d1"
    # only the two duellists get a seat, each their own
    r = server.get(f"/api/events/{eid}/duels/d1/seat", headers=auth(tokens[VERA]))
    assert r.status_code == 403
    anna = server.get(f"/api/events/{eid}/duels/d1/seat", headers=auth(tokens[ANNA])).json()
    boris = server.get(f"/api/events/{eid}/duels/d1/seat", headers=auth(tokens[BORIS])).json()
    assert (anna["seat"], boris["seat"]) == (0, 1) and anna["token"] != boris["token"]
    # the table has no host's links for anyone
    links = server.get(f"/api/tables/{anna['table']}/links", headers={"X-Host-Token": ""})
    assert links.status_code == 403
    info = server.get(f"/api/tables/{anna['table']}").json()
    assert [s["name"] for s in info["seats"]] == ["Анна", "Борис"]
    assert info["options"]["mode"] == "attack"
    before = len(deck(server, eid, tokens[ANNA]))
    play_duel(server, eid, "d1", tokens, winner=ANNA, kill=True)
    me = view(server, eid, tokens[BORIS])["observation"]["me"]
    assert me["health"] == "wounded" and me["duel"] is None
    assert [d["kind"] for d in me["deadlines"]] == ["wound"]
    anna_me = view(server, eid, tokens[ANNA])["observation"]["me"]
    assert len(anna_me["deck"]) + len(anna_me["discard"]) == before
    assert anna_me["discard"] and anna_me["duel"] is None
    ops = [t for _, t in server.app.state.events.store.load(eid).ops]  # type: ignore[attr-defined]
    assert sum(t.startswith("result d1 ") for t in ops) == 1
    # another pass of the scheduler applies nothing more
    server.portal.call(server.app.state.events.tick_all)  # type: ignore[union-attr]
    again = [t for _, t in server.app.state.events.store.load(eid).ops]  # type: ignore[attr-defined]
    assert again == ops
    # the doctor admits the wounded in time
    ok(server, eid, tokens[DOCTOR], f"admit {BORIS}")
    assert view(server, eid, tokens[BORIS])["observation"]["me"]["health"] == "admitted"


def test_a_master_enrolls_someone_who_gets_a_login_and_a_badge(server: TestClient,
                                                               db: Path) -> None:
    eid, tokens, badges = make_event(db)
    ok(server, eid, tokens[MASTER], 'enroll participant "Ефим" "Гвардия"')
    row = server.app.state.events.store.load(eid)  # type: ignore[attr-defined]
    new = next(lg for lg in row.logins if lg.who == 8)
    assert new.badge not in badges.values() and len(new.token) >= 32
    me = server.get(f"/api/events/{eid}/me", headers=auth(new.token)).json()
    assert me["who"] == 8 and me["name"] == "Ефим"
