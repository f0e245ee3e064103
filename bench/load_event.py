"""Load benchmark of a live event on the play server (a benchmark, not a test).

Starts the real server (Uvicorn, the app of ``koloda serve``) in a subprocess on loopback with
an event of 300 people stored beforehand (a master, a doctor, 298 participants with six battle
cards each). From this process:

- every person keeps the event's WebSocket open (their own view is pushed to them whenever
  something they may see changes), and the public board's too;
- 20 duels run at once: each is an attack declared through the event, played at its duel table
  by its two duellists (a move every ``--move-gap`` seconds each); when one ends, another
  attack starts between two free participants;
- an operation every 100 ms goes through a participant's WebSocket: discards, challenges and
  their withdrawal, and every 20th a ``show`` of one's deck to someone for 3 seconds, so that
  a timer expires every 2 seconds (the duels' 10-second soft limits expire too).

Measured: event operations acknowledged per second (the target is 10), the round trip of an
event operation (``op`` until its ``ack``: stamped, due timers fired first, stored, applied, the
view of every connected login recomputed and queued), and in the same run the round trip of a
duel table's move (``act`` until ``ack``) as the reference, with the p50 and p99 ratios; timers
fired and duel results applied during the run, counted from the stored record.

Run: ``.venv/bin/python bench/load_event.py [--seconds 20] [--people 300] [--duels 20]
[--db sqlite:///…]``. Prints a Markdown table.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import ROOT, percentile, serve  # bench/common.py

EVENT = "loadbench"
DECK = ["punch", "kick", "block", "trip", "dodge", "feint"]


def bench_app() -> Any:
    """The server's app (used by uvicorn ``--factory``), timers checked every second."""
    from koloda.server import create_app

    return create_app(os.environ["KOLODA_BENCH_DB"], bot_delay=0.0, message_rate=1e9,
                      event_check_seconds=1.0)


def make_event(db: str, people: int) -> dict[int, str]:
    """Store the bench's event; returns the logins by participant id."""
    from koloda.server.event import bridge
    from koloda.server.event.logins import new_logins
    from koloda.server.event.store import EventRow, EventStore

    roster = [{"name": "Мастер", "role": "master"}, {"name": "Врач", "role": "doctor"}]
    roster += [{"name": f"Участник {i}"} for i in range(2, people)]
    _, setup = bridge.roster_setup(roster, spare=0, now=int(time.time() * 1000))
    setup["decks"] = {str(i): DECK for i in range(2, people)}
    row = EventRow(id=EVENT, title="bench", game="event", players=people,
                   options={"duel_soft_limit_s": 10}, setup=setup, seed=1, lang="ru",
                   created_at=time.time(), version=0, logins=new_logins(range(people)))
    store = EventStore(db)
    store.create(row)
    store.close()
    return {lg.who: lg.token for lg in row.logins}


class Bench:
    def __init__(self, url: str, tokens: dict[int, str], args: argparse.Namespace) -> None:
        self.url, self.ws_url = url, url.replace("http", "ws")
        self.tokens, self.args = tokens, args
        self.rng = random.Random(1)
        self.views: dict[int, dict[str, Any]] = {}
        self.socks: dict[int, Any] = {}
        self.sent: dict[str, float] = {}
        self.op_rtts: list[float] = []
        self.move_rtts: list[float] = []
        self.counts = {"ops": 0, "refused": 0, "moves": 0, "pushed": 0, "duels_started": 0}
        self.running: dict[str, tuple[int, int]] = {}
        self.playing: set[str] = set()
        self.stop = 0.0
        self.done = False
        self.tasks: list[asyncio.Task[None]] = []
        self.warmup = 0.0

    async def login(self, who: int) -> None:
        import websockets

        async with websockets.connect(f"{self.ws_url}/ws/events/{EVENT}", max_size=2**24) as ws:
            await ws.send(json.dumps({"type": "hello", "token": self.tokens.get(who),
                                      "lang": "ru"}))
            self.socks[who] = ws
            while not self.done:
                try:
                    raw = await asyncio.wait_for(ws.recv(), timeout=0.5)
                except TimeoutError:
                    continue
                m = json.loads(raw)
                if m["type"] == "state":
                    self.counts["pushed"] += 1
                    self.views[who] = m["observation"]
                    if who == -1:
                        self.running = {d["id"]: (d["a"], d["b"])
                                        for d in m["observation"]["duels"]}
                elif m["type"] in ("ack", "error") and m.get("id") in self.sent:
                    self.op_rtts.append(time.perf_counter() - self.sent.pop(m["id"]))
                    self.counts["ops" if m["type"] == "ack" else "refused"] += 1

    async def op(self, who: int, text: str, ident: str) -> None:
        ws = self.socks.get(who)
        if ws is None:
            return
        self.sent[ident] = time.perf_counter()
        try:
            await ws.send(json.dumps({"type": "op", "action": text, "id": ident}))
        except Exception:  # a closed connection: the run reports it as an error
            self.sent.pop(ident, None)
            self.counts["refused"] += 1

    def free(self) -> list[int]:
        busy = {p for pair in self.running.values() for p in pair}
        return [p for p, v in self.views.items()
                if p >= 2 and p not in busy and v["me"] and v["me"]["duel"] is None
                and v["me"]["health"] == "alive" and v["me"]["rest"] is None]

    async def driver(self) -> None:
        """An event operation every 100 ms; attacks keep ``--duels`` duels running."""
        n = 0
        while time.monotonic() < self.stop:
            n += 1
            tick = asyncio.sleep(0.1)
            free = self.free()
            if len(free) >= 2:
                a, b = self.rng.sample(free, 2)
                deck = self.views[a]["me"]["deck"]
                pending = len(self.running) + sum(1 for k in self.sent if k.startswith("atk"))
                if pending < self.args.duels and len(deck) >= 5:
                    await self.op(a, f"attack {b}", f"atk{n}")
                    self.counts["duels_started"] += 1
                elif n % 20 == 0:
                    until = int(time.time() * 1000) + 3000
                    await self.op(a, f"show {b} deck until={until}", f"op{n}")
                elif n % 3 == 0 and deck:
                    await self.op(a, f"discard {deck[0]}", f"op{n}")
                elif n % 3 == 1:
                    await self.op(a, f"challenge {b}", f"op{n}")
                else:
                    mine = self.views[a]["me"]["challenges"]
                    ref = next((c["id"] for c in mine if c.get("by") == a or True), None)
                    await self.op(a, f"withdraw {ref}" if ref else "rest_cancel", f"op{n}")
            for duel, pair in list(self.running.items()):
                if duel not in self.playing:
                    self.playing.add(duel)
                    for who in pair:
                        self.tasks.append(asyncio.create_task(self.duellist(duel, who)))
            await tick

    async def duellist(self, duel: str, who: int) -> None:
        import httpx
        import websockets

        async with httpx.AsyncClient(base_url=self.url, timeout=120) as http:
            r = await http.get(f"/api/events/{EVENT}/duels/{duel}/seat",
                               headers={"Authorization": f"Bearer {self.tokens[who]}"})
            if r.status_code != 200:
                self.counts["no_seat"] = self.counts.get("no_seat", 0) + 1
                return
            seat = r.json()
        rng = random.Random(who)
        async with websockets.connect(f"{self.ws_url}/ws/{seat['table']}") as ws:
            await ws.send(json.dumps({"type": "hello", "token": seat["token"], "lang": "ru"}))
            sent_at = 0.0
            waiting = False
            while time.monotonic() < self.stop:
                try:
                    raw = await asyncio.wait_for(ws.recv(), timeout=self.stop - time.monotonic())
                except TimeoutError:
                    return
                m = json.loads(raw)
                if m["type"] == "ack":
                    self.move_rtts.append(time.perf_counter() - sent_at)
                    self.counts["moves"] += 1
                    waiting = False
                elif m["type"] == "error":
                    waiting = False
                elif m["type"] == "state" and not waiting:
                    if m["finished"]:
                        return
                    if m["legal"] and m["seat"] in m["to_act"]:
                        await asyncio.sleep(self.args.move_gap)
                        waiting = True
                        sent_at = time.perf_counter()
                        await ws.send(json.dumps({"type": "act", "id": 1, "version": m["version"],
                                                  "action": rng.choice(m["legal"])}))

    async def run(self) -> float:
        w0 = time.monotonic()
        logins = [asyncio.create_task(self.login(w)) for w in self.tokens]
        logins.append(asyncio.create_task(self.login(-1)))  # the public board
        for _ in range(1200):
            if len(self.views) >= len(self.tokens) + 1:
                break
            await asyncio.sleep(0.05)
        t0 = time.monotonic()
        self.warmup = t0 - w0
        self.stop = t0 + self.args.seconds
        self.counts["pushed"] = 0
        await self.driver()
        elapsed = time.monotonic() - t0
        await asyncio.sleep(1.0)  # the last acknowledgements
        self.done = True
        await asyncio.gather(*logins, return_exceptions=True)
        return elapsed


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--seconds", type=float, default=20.0)
    ap.add_argument("--people", type=int, default=300)
    ap.add_argument("--duels", type=int, default=20)
    ap.add_argument("--move-gap", type=float, default=0.5)
    ap.add_argument("--db", default="", help="database URL (default: a fresh SQLite file)")
    args = ap.parse_args()
    tmp = tempfile.mkdtemp(prefix="koloda-bench-")
    db = args.db or f"sqlite:///{tmp}/bench.db"
    sys.path[:0] = [str(ROOT / "src")]
    tokens = make_event(db, args.people)
    with serve("bench.load_event:bench_app", {"KOLODA_BENCH_DB": db},
               "--timeout-graceful-shutdown", "2") as url:
        bench = Bench(url, tokens, args)
        elapsed = asyncio.run(bench.run())
    from koloda.server.event.store import EventStore

    store = EventStore(db)
    row = store.load(EVENT)
    store.close()
    assert row is not None
    expired = sum(t.startswith("expire ") for _, t in row.ops)
    results = sum(t.startswith("result ") for _, t in row.ops)
    c, ops, moves = bench.counts, bench.op_rtts, bench.move_rtts
    print("| people | duels at once | seconds | event ops/s (acked) | refused | timers fired "
          "| duel results | op p50 ms | op p99 ms | table moves | move p50 ms | move p99 ms "
          "| p50 ratio | p99 ratio | views pushed/s |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    p50, p99 = percentile(ops, 0.5) * 1000, percentile(ops, 0.99) * 1000
    m50, m99 = percentile(moves, 0.5) * 1000, percentile(moves, 0.99) * 1000
    print(f"| {args.people} | {args.duels} | {elapsed:.0f} | {c['ops'] / elapsed:.1f} "
          f"| {c['refused']} | {expired} | {results} | {p50:.1f} | {p99:.1f} | {c['moves']} "
          f"| {m50:.1f} | {m99:.1f} | {p50 / m50:.1f}× | {p99 / m99:.1f}× "
          f"| {c['pushed'] / elapsed:.0f} |")
    print(f"({len(bench.views)} logins connected in {bench.warmup:.1f} s)")
    if ops:
        print(f"(mean event op {statistics.fmean(ops) * 1000:.1f} ms over {len(ops)} ops)")


if __name__ == "__main__":
    main()
