"""A live event's HTTP endpoints under the tables' rate limit: a burst over it is refused
(429 with Retry-After, in English and Russian) and changes nothing, while a desk's and the
phones' normal use stays far inside it; an event's JSON never carries a bare NaN."""

from __future__ import annotations

import math
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from koloda.engine import InvalidData
from koloda.server import create_app
from koloda.server.event.store import EventRow, EventStore, json_text
from koloda.server.limits import Limits
from tests.server.conftest import db_url, new_table
from tests.server.event.conftest import (  # noqa: F401  (clock: the fixture)
    ANNA,
    BORIS,
    DINA,
    MASTER,
    VERA,
    auth,
    clock,
    make_event,
)

pytest.importorskip("koloda.games.event")


def _server(db: Path, rate: float, *, raise_errors: bool = True,
            **limits: Any) -> TestClient:
    return TestClient(create_app(db_url(db), bot_delay=0, fixed_seeds=True, message_rate=rate,
                                 limits=Limits(**limits)), raise_server_exceptions=raise_errors)


@pytest.fixture
def slow(db: Path, clock: Path) -> Iterator[TestClient]:  # noqa: F811
    """A server allowing 5 requests a second (bursts of 10) and 3 downloads a minute."""
    with _server(db, 5, downloads_per_minute=3) as c:
        yield c


def _version(c: TestClient, eid: str, token: str) -> int:
    r = c.get(f"/api/events/{eid}/view", headers=auth(token))
    assert r.status_code == 200, r.text
    version: int = r.json()["version"]
    return version


def _refused_well(r: httpx.Response, en: str, ru: str, lang: str = "en") -> None:
    """A limit's refusal: the errors' shape, the message in the language the request asked
    for (Russian also as ``message_ru``), when to ask again."""
    assert r.status_code == 429, r.text
    body = r.json()
    assert body["type"] == "error" and body["code"] == "too_many"
    assert body["message"] == (ru if lang == "ru" else en) and body["message_ru"] == ru
    assert int(r.headers["retry-after"]) >= 1


def test_a_burst_of_operations_over_the_rate_is_refused_and_changes_nothing(
        slow: TestClient, db: Path) -> None:
    eid, tokens, _ = make_event(db)
    before = _version(slow, eid, tokens[VERA])
    began = time.monotonic()
    answers = [slow.post(f"/api/events/{eid}/act", headers=auth(tokens[MASTER]),
                         json={"action": f'note {ANNA} "запись {i}"', "lang": "ru"})
               for i in range(30)]
    took = time.monotonic() - began
    accepted = [(i, r) for i, r in enumerate(answers) if r.status_code == 200]
    refused = [r for r in answers if r.status_code != 200]
    # the burst of 10, and what the rate gave back while the requests took their time
    assert 1 <= len(accepted) <= 10 + int(5 * took) + 1 and refused
    for r in refused:
        _refused_well(r, "slow down: at most 5 requests a second",
                      "помедленнее: не больше 5 запросов в секунду", "ru")
    # only the accepted operations were stored: the refused ones changed nothing
    assert _version(slow, eid, tokens[VERA]) == before + len(accepted)
    assert [r.json()["op"] for _, r in accepted] == [
        f'note {ANNA} "запись {i}" @{r.json()["at"]}' for i, r in accepted]
    # another login has its own share, and the master's comes back at the rate
    assert slow.get(f"/api/events/{eid}/me", headers=auth(tokens[BORIS])).status_code == 200
    time.sleep(0.25)
    r = slow.post(f"/api/events/{eid}/act", headers=auth(tokens[MASTER]),
                  json={"action": f'note {ANNA} "ещё"'})
    assert r.status_code == 200, r.text


@pytest.mark.parametrize("path,who", [
    ("/view", MASTER), ("/me", DINA), ("/duels/d1/seat", VERA), ("/online", MASTER),
    ("/view", None), ("", None), ("/time", None), ("/duels/d1", None), ("/badges/{badge}", DINA),
])
def test_every_endpoint_that_resends_state_keeps_the_rate(
        slow: TestClient, db: Path, path: str, who: int | None) -> None:
    eid, tokens, badges = make_event(db)
    url = f"/api/events/{eid}{path}".format(badge=badges[ANNA])
    headers = auth(tokens[who]) if who is not None else {}
    codes = [slow.get(url, headers=headers).status_code for _ in range(25)]
    assert codes[0] in (200, 404) and 429 in codes, codes  # d1: no such duel yet, counted too
    refused = slow.get(url, headers=headers)
    if refused.status_code == 429:
        _refused_well(refused, "slow down: at most 5 requests a second",
                      "помедленнее: не больше 5 запросов в секунду")


def test_exports_backups_and_printouts_share_a_masters_download_limit(
        slow: TestClient, db: Path) -> None:
    eid, tokens, _ = make_event(db)
    master = auth(tokens[MASTER])
    for name in ("participants.csv", "cards.csv", "log.json"):
        assert slow.get(f"/api/events/{eid}/export/{name}", headers=master).status_code == 200
    en = "a login may download or print at most 3 documents a minute; wait a little"
    ru = ("с одного входа можно скачать или напечатать не больше 3 документов в минуту; "
          "подождите немного")
    for url, lang in ((f"/api/events/{eid}/export/ledger.csv?lang=en", "en"),
                      (f"/api/events/{eid}/export/ledger.csv", "ru"),  # the export's default
                      (f"/api/events/{eid}/backup?lang=en", "en"),
                      (f"/api/events/{eid}/backup", "ru"),  # the event's language
                      (f"/api/events/{eid}/print/roster?lang=ru", "ru"),
                      (f"/api/events/{eid}/print/roster?lang=en", "en")):
        r = slow.get(url, headers=master)
        _refused_well(r, en, ru, lang)
        assert int(r.headers["retry-after"]) <= 20  # one download back every 20 s
    # another login's refusal is its own (not a master: no download counted for it)
    assert slow.get(f"/api/events/{eid}/backup", headers=auth(tokens[ANNA])).status_code == 403


def test_a_desk_and_the_phones_in_normal_use_stay_far_inside_the_defaults(
        db: Path, clock: Path) -> None:  # noqa: F811
    """What the pages ask over HTTP (static/event/*.js; everything else goes over the
    socket): the desk its online list every 5 s and, now and then, exports, a backup and
    printouts; a phone its ``me`` once per page load, a badge on each scanned code, a duel's
    seat when one starts. A minute of all of it, sent at once, stays inside the defaults."""
    eid, tokens, badges = make_event(db)
    with _server(db, 20) as c:
        master = auth(tokens[MASTER])
        codes = [c.get(f"/api/events/{eid}").status_code]
        codes += [c.get(f"/api/events/{eid}/online", headers=master).status_code
                  for _ in range(12)]
        codes += [c.get(f"/api/events/{eid}/export/{n}", headers=master).status_code
                  for n in ("participants.csv", "cards.csv", "ledger.csv", "log.json")]
        codes.append(c.get(f"/api/events/{eid}/backup", headers=master).status_code)
        codes += [c.get(f"/api/events/{eid}/print/{d}", headers=master).status_code
                  for d in ("roster", "report", "join")]
        for token in tokens.values():
            phone = auth(token)
            codes.append(c.get(f"/api/events/{eid}/me", headers=phone).status_code)
            codes += [c.get(f"/api/events/{eid}/badges/{b}", headers=phone).status_code
                      for b in list(badges.values())[:5]]
            codes.append(c.get(f"/api/events/{eid}/view", headers=phone).status_code)
        assert set(codes) == {200}, codes


def test_the_tables_refusals_say_when_to_ask_again(db: Path) -> None:
    with _server(db, 5) as c:
        t = new_table(c, seed=1)
        url = f"/api/tables/{t['table']}/view"
        answers = [c.get(url, headers=auth(t["seats"][0]["token"])) for _ in range(25)]
        refused = [r for r in answers if r.status_code == 429]
        assert refused and all(int(r.headers["retry-after"]) >= 1 for r in refused)


def test_an_event_socket_resends_its_whole_view_a_few_times_a_minute(
        db: Path, clock: Path) -> None:  # noqa: F811
    eid, tokens, _ = make_event(db)
    with _server(db, 1000, full_resends_per_minute=2) as c, \
            c.websocket_connect(f"/ws/events/{eid}") as ws:
        ws.send_json({"type": "hello", "token": tokens[VERA], "lang": "ru"})
        assert ws.receive_json()["type"] == "welcome"
        seen = [ws.receive_json()["type"] for _ in range(2)]
        assert sorted(seen) == ["private", "public"]
        ws.send_json({"type": "lang", "lang": "ru", "id": 1})  # the same: only acknowledged
        assert ws.receive_json() == {"type": "ack", "id": 1, "version": 0}
        for i, lang in enumerate(("en", "ru")):
            ws.send_json({"type": "lang", "lang": lang, "id": 2 + i})
            assert sorted(ws.receive_json()["type"] for _ in range(2)) == ["private", "public"]
        ws.send_json({"type": "lang", "lang": "en", "id": 9})
        refused = ws.receive_json()
        assert refused["code"] == "too_many" and refused["id"] == 9
        assert refused["message"] == "язык можно менять лишь несколько раз в минуту; " \
                                     "подождите немного"  # the connection's language
        ws.send_json({"type": "ping", "id": 10})
        assert ws.receive_json()["type"] == "pong"  # nothing was resent meanwhile


# --- JSON without NaN ---------------------------------------------------------------------------


def test_json_an_event_writes_refuses_nan(db: Path) -> None:
    for bad in (math.nan, math.inf, -math.inf):
        with pytest.raises(InvalidData, match="NaN or an infinity"):
            json_text({"x": [1, bad]}, "the test's value")
    assert json_text({"имя": 0.5}, "x") == '{"имя": 0.5}'
    store = EventStore(db_url(db))
    row = EventRow(id="evnan", title="Бал", game="event", players=2,
                   options={"deck_max": math.nan}, setup=None, seed=5, lang="ru",
                   created_at=1.0, version=0, logins=[])
    with pytest.raises(InvalidData, match="the event's options"):
        store.create(row)
    assert store.load("evnan") is None  # nothing written
    with pytest.raises(InvalidData, match="its setup"):
        store.create(EventRow(**{**row.__dict__, "options": {}, "setup": {"t": math.inf}}))
    assert store.load("evnan") is None
    store.close()


def test_a_backup_or_export_holding_nan_is_an_error_not_a_bare_nan(
        db: Path, clock: Path, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: F811
    eid, tokens, _ = make_event(db)
    with _server(db, 1000, raise_errors=False) as c:
        master = auth(tokens[MASTER])
        good = c.get(f"/api/events/{eid}/backup", headers=master)
        assert good.status_code == 200 and "NaN" not in good.text
        real = EventRow.to_json
        monkeypatch.setattr(EventRow, "to_json", lambda self, **kw: {
            **real(self, **kw), "broken": math.nan})
        r = c.get(f"/api/events/{eid}/backup", headers=master)
        assert r.status_code == 500 and "NaN" not in r.text
        assert r.json()["code"] == "internal"
        from koloda.engine import GameRecord

        monkeypatch.setattr(GameRecord, "to_json", lambda self: {"broken": math.nan})
        r = c.get(f"/api/events/{eid}/export/log.json", headers=master)
        assert r.status_code == 500 and "NaN" not in r.text


def test_a_logins_connections_beyond_its_limit_are_refused_in_both_languages(
        db: Path, clock: Path) -> None:  # noqa: F811
    from contextlib import ExitStack

    from koloda.server.event.room import MAX_LOGIN_CONNECTIONS

    eid, tokens, _ = make_event(db)
    with _server(db, 1000) as c, ExitStack() as open_pages:
        for _ in range(MAX_LOGIN_CONNECTIONS):
            ws = open_pages.enter_context(c.websocket_connect(f"/ws/events/{eid}"))
            ws.send_json({"type": "hello", "token": tokens[VERA], "lang": "ru"})
            assert ws.receive_json()["type"] == "welcome"
        with c.websocket_connect(f"/ws/events/{eid}") as ws:
            ws.send_json({"type": "hello", "token": tokens[VERA], "lang": "ru"})
            refused = ws.receive_json()
        assert refused["code"] == "too_many"
        assert refused["message"] == (f"at most {MAX_LOGIN_CONNECTIONS} open connections "
                                      "here; close another page")
        assert refused["message_ru"] == (f"здесь можно держать открытыми не больше "
                                         f"{MAX_LOGIN_CONNECTIONS} подключений; закройте "
                                         "другую страницу")
