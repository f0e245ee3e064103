"""What one change of a live event costs the server to send to every connection (a benchmark,
not a test): processor time, so the machine's other load matters less than for
``bench/load_event.py``.

An event of ``--people`` people (a master, a doctor, participants with six cards each) with
20 duels running, a connection for every person and the public board (in memory: the messages
are queued, not written to sockets). Two kinds of change, each ``--changes`` times:

- **public**: an attack declared (the board's running duels change: everyone is concerned);
- **private**: a discard (only the participant and the masters and doctors are concerned).

Measured for each: the processor time of the room's fan-out after the change — the public
part built once and written as JSON once, the private parts of the concerned logins built,
compared and written — against, in the same run, the fan-out before the view was split
(every concerned connection's whole view built with ``observe``, compared by its ``repr`` and
written as JSON once per connection, everyone's for a public change).

Run: ``.venv/bin/python bench/event_fanout.py [--people 300] [--changes 40]``.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
DECK = ["punch", "kick", "block", "trip", "dodge", "feint"]


async def _call(fn: Any, *args: Any, **kwargs: Any) -> Any:
    return fn(*args, **kwargs)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--people", type=int, default=300)
    ap.add_argument("--changes", type=int, default=40)
    args = ap.parse_args()
    sys.path[:0] = [str(ROOT / "src")]
    from koloda.games.event.model import Pile
    from koloda.server.event import bridge
    from koloda.server.event.clock import ManualClock
    from koloda.server.event.logins import new_logins
    from koloda.server.event.room import EventRoom
    from koloda.server.event.store import EventRow, EventStore
    from koloda.server.room import Client

    people = args.people
    # each public change takes two free participants, each private one a third
    args.changes = max(1, min(args.changes, (people - 2 - 40) // 3))
    t0 = 1_772_359_200_000
    roster = [{"name": "Мастер", "role": "master"}, {"name": "Врач", "role": "doctor"}]
    roster += [{"name": f"Участник {i}"} for i in range(2, people)]
    _, setup = bridge.roster_setup(roster, spare=0, now=t0)
    setup["decks"] = {str(i): DECK for i in range(2, people)}
    row = EventRow(id="fanout", title="bench", game="event", players=people, options={},
                   setup=setup, seed=1, lang="ru", created_at=time.time(), version=0,
                   logins=new_logins(range(people)))
    store = EventStore(f"sqlite:///{tempfile.mkdtemp(prefix='koloda-fanout-')}/f.db")
    store.create(row)
    room = EventRoom.build(row, store=store, store_call=_call, clock=ManualClock(t0),
                           started_ms=t0)
    st: Any = room.state
    clients = [Client(s, "ru") for s in [*range(people), None]]
    for c in clients:
        room.join(c)
    at = t0
    free = list(range(2, people))

    def apply(seat: int, text: str) -> None:
        nonlocal at
        at += 1
        room.state.apply_text(seat, f"{text} @{at}")

    for _ in range(20):  # 20 duels running
        a, b = free.pop(), free.pop()
        apply(a, f"attack {b}")
    room.broadcast()

    def drain() -> None:
        for c in clients:
            while not c.queue.empty():
                c.queue.get_nowait()

    def old_fanout(seats: set[int | None] | None) -> None:
        """The fan-out before the split: every concerned connection's whole view."""
        for c in clients:
            if seats is not None and c.seat not in seats:
                continue
            obs = st.observe(c.seat)
            repr({k: v for k, v in obs.items() if k != "now"})
            json.dumps({"type": "state", "event": "fanout", "version": len(st.history),
                        "who": c.seat, "now": at, "observation": obs, "log": [],
                        "log_from": 0, "log_reset": False}, separators=(",", ":"))

    results: dict[str, tuple[float, float]] = {}
    for kind in ("public", "private"):
        new_cpu = old_cpu = 0.0
        for _ in range(args.changes):
            if kind == "public":
                a, b = free.pop(), free.pop()
                apply(a, f"attack {b}")
                concerned: set[int | None] | None = None  # everyone
            else:
                who = free.pop()
                apply(who, f"discard {st.pile(who, Pile.DECK)[0]}")
                concerned = {who, 0, 1}
            drain()
            began = time.process_time()
            room.broadcast()  # no event loop here: the public part and the private parts now
            new_cpu += time.process_time() - began
            drain()
            began = time.process_time()
            old_fanout(concerned)
            old_cpu += time.process_time() - began
        results[kind] = (new_cpu / args.changes, old_cpu / args.changes)
    store.close()
    print("| people | change | fan-out now (ms of processor time) | before the split | "
          "before ÷ now |")
    print("|---|---|---|---|---|")
    for kind, (new, old) in results.items():
        print(f"| {people} | {kind} | {new * 1000:.2f} | {old * 1000:.2f} | {old / new:.1f}× |")


if __name__ == "__main__":
    main()
