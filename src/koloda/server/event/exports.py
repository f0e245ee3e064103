"""What ``koloda event export`` writes, and reading a backup back.

- ``participants.csv`` — id, name, role, team, badge, health, limit (names only: no login, no
  contact, the JoinRPG lesson on printouts);
- ``cards.csv`` — every card: serial, catalogue key, owner (id and name), pile;
- ``ledger.csv`` — every operation in order: number, time (UTC and milliseconds), who acted,
  the operation's text and what it did, described in the chosen language;
- ``log.json`` — the game record (game, options, seats, seed, setup, operations), replayable by
  ``koloda event replay`` and ``koloda replay``.
"""

from __future__ import annotations

import csv
import io
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from koloda.engine import InvalidData
from koloda.server.event import bridge
from koloda.server.event.store import EventRow, LoginRow, json_text


def _csv(rows: list[list[Any]]) -> str:
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerows(rows)
    return out.getvalue()


def _when(ms: int) -> str:
    return datetime.fromtimestamp(ms / 1000, UTC).strftime("%Y-%m-%d %H:%M:%S.%f")[:-3]


def files(desk: Any, lang: str) -> dict[str, str]:
    """The export's files, by name."""
    state, row = desk.state, desk.row
    people = bridge.people(state)
    names = {p["id"]: p["name"] for p in people}
    badges = {lg.who: lg.badge for lg in row.logins}
    participants: list[list[Any]] = [["id", "name", "role", "team", "badge", "health", "limit"]]
    participants += [[p["id"], p["name"], p["role"], p["team"], badges.get(p["id"], ""),
                      p["health"], p["limit"]] for p in people]
    cards: list[list[Any]] = [["serial", "key", "owner", "owner_name", "pile"]]
    cards += [[c["serial"], c["key"], "" if c["owner"] is None else c["owner"],
               names.get(c["owner"], "") if c["owner"] is not None else "", c["pile"]]
              for c in sorted(bridge.holdings(state), key=lambda c: c["serial"])]
    ledger: list[list[Any]] = [
        ["n", "time_utc", "at_ms", "who", "who_name", "operation", "what_happened"]]
    rec = bridge.record(row)
    replaying = rec.start()
    spec = desk.game.spec
    for n, (seat, text) in enumerate(rec.actions):
        before = len(replaying.events)
        replaying.apply_text(seat, text)
        said = "; ".join(_describe(spec, e, lang) for e in replaying.events[before:])
        at = int(text.rsplit("@", 1)[1]) if "@" in text else 0
        ledger.append([n + 1, _when(at), at, seat, names.get(seat, ""), text, said])
    log = rec.to_json()
    return {"participants.csv": _csv(participants), "cards.csv": _csv(cards),
            "ledger.csv": _csv(ledger),
            "log.json": json_text(log, "the game record", indent=1) + "\n"}


def _describe(spec: Any, event: Any, lang: str) -> str:
    try:
        return str(spec.describe(event, lang))
    except Exception:
        return type(event).__name__


def row_from_backup(path: Path) -> EventRow:
    """The event in a backup file; raises InvalidData saying what is wrong."""
    from koloda.cli.replay import read_json

    data = read_json(path)
    if not isinstance(data, dict) or data.get("format") != "koloda-event":
        raise InvalidData(f"{path}: not a backup of koloda event backup")
    try:
        return EventRow(
            id=str(data["id"]), title=str(data["title"]), game=str(data["game"]),
            players=int(data["players"]), options=dict(data["options"]),
            setup=None if data["setup"] is None else dict(data["setup"]),
            seed=int(data["seed"]), lang=str(data["lang"]),
            created_at=float(data["created_at"]), version=len(data["ops"]),
            logins=[LoginRow(who=int(x["who"]), token=str(x["token"]), badge=str(x["badge"]))
                    for x in data["logins"]],
            ops=[(int(s), str(t)) for s, t in data["ops"]],
        )
    except (KeyError, TypeError, ValueError) as e:
        raise InvalidData(f"{path}: a backup with a missing or malformed field ({e})") from None
