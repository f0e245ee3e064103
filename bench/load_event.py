"""Load benchmark of a live event on the play server (a benchmark, not a test).

Starts the real server (Uvicorn, the app of ``koloda serve``) in a subprocess on loopback with
an event of 300 people stored beforehand (a master, a doctor, 298 participants with six battle
cards each). From this process:

- every person keeps the event's WebSocket open (the public part of the view, the same for
  everyone, comes whenever it changes; their own part whenever something of theirs does), and
  the public board's too;
- 20 duels run at once: each is an attack declared through the event, played at its duel table
  by its two duellists (a move every ``--move-gap`` seconds each); when one ends, another
  attack starts between two free participants;
- an operation every 100 ms (``--gap``; each at its own time from the start, however long the
  last one took) goes through a participant's WebSocket: attacks (to keep 20 duels running),
  discards, challenges and their withdrawal, and every 20th a ``show`` of one's deck to someone
  for 3 seconds, so that a timer expires every 2 seconds (the duels' 10-second soft limits
  expire too).

Measured: event operations offered, answered (acknowledged or refused by the rules) and
acknowledged per second (the target: all 10 answered); the round trip of an event operation
(``op`` until its ``ack``: stamped, due timers fired first, stored, applied, the public part
announced); how long until the change reaches the other side (an attack's, a challenge's or a
show's target: the first own-part message of at least the operation's version; an attack on
the public board: its first public message of that version); and in the same run the round
trip of a duel table's move (``act`` until ``ack``) as the reference, with the p50 and p99
ratios; timers fired and duel results applied during the run, counted from the stored record.

Run: ``.venv/bin/python bench/load_event.py [--seconds 20] [--people 300] [--duels 20]
[--db sqlite:///…]``. Prints a Markdown table.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import ROOT, percentile, serve  # bench/common.py

EVENT = "loadbench"
VERSION = re.compile(r'"version":(\d+)')
DECK = ["punch", "kick", "block", "trip", "dodge", "feint"]


def bench_app() -> Any:
    """The server's app (used by uvicorn ``--factory``), timers checked every second."""
    from koloda.server import create_app
    from koloda.server.limits import Limits

    # every socket of the bench comes from 127.0.0.1: the per-address limit of the tables'
    # sockets (64) would refuse duellists, which is not what is measured
    return create_app(os.environ["KOLODA_BENCH_DB"], bot_delay=0.0, message_rate=1e9,
                      event_check_seconds=1.0,
                      limits=Limits(sockets_per_address=2000, socket_opens_per_minute=1e9))


def cpu_seconds(pid: int) -> float:
    """The processor time process ``pid`` has used (Linux's /proc; NaN elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return float("nan")


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
    def __init__(self, url: str, tokens: dict[int, str], args: argparse.Namespace,
                 server_pid: int = 0) -> None:
        self.server_pid = server_pid
        self.server_cpu = float("nan")
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
        #: each view message a connection got: (when, version, "public" | "private")
        self.arrived: dict[int, list[tuple[float, int, str]]] = {}
        #: the operations that concern another login (attack, challenge, show): its id
        self.target: dict[str, int] = {}
        #: their acknowledgements: (sent, version)
        self.acked: dict[str, tuple[float, int]] = {}
        self.offered = 0
        self.refusals: dict[str, int] = {}

    async def login(self, who: int) -> None:
        import websockets

        async with websockets.connect(f"{self.ws_url}/ws/events/{EVENT}", max_size=2**24) as ws:
            await ws.send(json.dumps({"type": "hello", "token": self.tokens.get(who),
                                      "lang": "ru"}))
            self.socks[who] = ws
            self.arrived[who] = []
            board: dict[str, Any] | None = None
            own: dict[str, Any] | None = None
            while not self.done:
                try:
                    raw = await asyncio.wait_for(ws.recv(), timeout=0.5)
                except TimeoutError:
                    continue
                got = time.perf_counter()
                if who != -1 and raw.startswith('{"type":"public"'):
                    # the same text for everyone: read by the board's connection only (this
                    # process shares the cores with the server); here its version is enough
                    found = VERSION.search(raw)
                    self.counts["pushed"] += 1
                    self.arrived[who].append((got, int(found.group(1)) if found else 0,
                                              "public"))
                    continue
                m = json.loads(raw)
                if m["type"] == "public":  # the same for everyone: what changed
                    self.counts["pushed"] += 1
                    board = m["board"] if m["full"] else {**board, **m["board"]}
                    self.arrived[who].append((got, m["version"], "public"))
                elif m["type"] == "private":  # this login's own part
                    self.counts["pushed"] += 1
                    own = {**(own or {}), **m["view"]}
                    for key, entries in m["merge"].items():
                        part = {**own.get(key, {}), **entries}
                        own[key] = {k: v for k, v in part.items() if v is not None}
                    self.arrived[who].append((got, m["version"], "private"))
                elif m["type"] == "state":  # a server of before the two parts (--src)
                    self.counts["pushed"] += 1
                    board = own = m["observation"]
                    self.arrived[who] += [(got, m["version"], "public"),
                                          (got, m["version"], "private")]
                elif m["type"] in ("ack", "error") and m.get("id") in self.sent:
                    sent_at = self.sent.pop(m["id"])
                    self.op_rtts.append(got - sent_at)
                    self.counts["ops" if m["type"] == "ack" else "refused"] += 1
                    if m["type"] == "error":
                        why = f"{m.get('code')}: {str(m.get('message'))[:60]}"
                        self.refusals[why] = self.refusals.get(why, 0) + 1
                    if m["type"] == "ack" and m["id"] in self.target:
                        self.acked[m["id"]] = (sent_at, m["version"])
                    continue
                else:
                    continue
                if own is not None and who != -1:
                    self.views[who] = own
                elif board is not None and who == -1:
                    self.views[who] = board
                    self.running = {d["id"]: (d["a"], d["b"]) for d in board["duels"]}

    async def op(self, who: int, text: str, ident: str, to: int | None = None) -> None:
        ws = self.socks.get(who)
        self.offered += 1
        if ws is None:
            return
        if to is not None:
            self.target[ident] = to
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
        start = time.monotonic()
        while time.monotonic() < self.stop:
            n += 1
            free = self.free()
            if len(free) >= 2:
                a, b = self.rng.sample(free, 2)
                deck = self.views[a]["me"]["deck"]
                pending = len(self.running) + sum(1 for k in self.sent if k.startswith("atk"))
                if pending < self.args.duels and len(deck) >= 5:
                    await self.op(a, f"attack {b}", f"atk{n}", b)
                    self.counts["duels_started"] += 1
                elif n % 20 == 0:
                    until = int(time.time() * 1000) + 3000
                    await self.op(a, f"show {b} deck until={until}", f"op{n}", b)
                elif n % 3 == 0 and deck:
                    await self.op(a, f"discard {deck[0]}", f"op{n}")
                elif n % 3 == 1:
                    await self.op(a, f"challenge {b}", f"op{n}", b)
                else:  # a challenge withdrawn by its challenger, else one more challenge
                    open_ = [(c["a"], c["id"], c["b"]) for p in free
                             for c in self.views[p]["me"]["challenges"] if c["a"] == p]
                    if open_:
                        by, ref, to = self.rng.choice(open_)
                        await self.op(by, f"withdraw {ref}", f"op{n}", to)
                    else:
                        await self.op(a, f"challenge {b}", f"op{n}", b)
            for duel, pair in list(self.running.items()):
                if duel not in self.playing:
                    self.playing.add(duel)
                    for who in pair:
                        self.tasks.append(asyncio.create_task(self.duellist(duel, who)))
            # the next operation at its own time (every 100 ms from the start), however long
            # this one took: the offered rate stays 10 a second
            await asyncio.sleep(max(0.0, start + n * self.args.gap - time.monotonic()))

    def reached(self) -> tuple[list[float], list[float]]:
        """How long until an acknowledged operation's change reached the other side: the
        concerned login's own part (attack, challenge, show) and, for attacks, the public
        board's view; the first message of at least the operation's version."""
        own, board = [], []
        for ident, (sent_at, version) in self.acked.items():
            for who, kind, out in ((self.target[ident], "private", own),
                                   (-1, "public", board)):
                if who == -1 and not ident.startswith("atk"):
                    continue
                first = next((t for t, v, k in self.arrived.get(who, ())
                              if k == kind and v >= version), None)
                if first is not None:
                    out.append(first - sent_at)
        return own, board

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
        cpu0 = cpu_seconds(self.server_pid)
        self.stop = t0 + self.args.seconds
        self.counts["pushed"] = 0
        await self.driver()
        elapsed = time.monotonic() - t0
        self.server_cpu = cpu_seconds(self.server_pid) - cpu0
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
    ap.add_argument("--gap", type=float, default=0.1, help="seconds between event operations")
    ap.add_argument("--db", default="", help="database URL (default: a fresh SQLite file)")
    ap.add_argument("--src", default=str(ROOT / "src"),
                    help="the koloda sources the server runs (another commit's, to compare)")
    args = ap.parse_args()
    tmp = tempfile.mkdtemp(prefix="koloda-bench-")
    db = args.db or f"sqlite:///{tmp}/bench.db"
    sys.path[:0] = [str(ROOT / "src")]
    tokens = make_event(db, args.people)
    with serve("bench.load_event:bench_app", {"KOLODA_BENCH_DB": db},
               "--timeout-graceful-shutdown", "2", src=args.src) as server:
        bench = Bench(server.url, tokens, args, server.pid)
        elapsed = asyncio.run(bench.run())
    from koloda.server.event.store import EventStore

    store = EventStore(db)
    row = store.load(EVENT)
    store.close()
    assert row is not None
    expired = sum(t.startswith("expire ") for _, t in row.ops)
    results = sum(t.startswith("result ") for _, t in row.ops)
    c, ops, moves = bench.counts, bench.op_rtts, bench.move_rtts
    own, board = bench.reached()

    def ms(values: list[float], q: float) -> float:
        return percentile(values, q) * 1000

    m50, m99 = ms(moves, 0.5), ms(moves, 0.99)
    print("| people | duels at once | seconds | ops/s offered | answered | acked | refused "
          "| timers fired | duel results | op p50/p99 ms | own view p50/p99 ms "
          "| board p50/p99 ms | move p50/p99 ms | op × move p50/p99 | view × move p50/p99 "
          "| messages/s |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    print(f"| {args.people} | {args.duels} | {elapsed:.0f} | {bench.offered / elapsed:.1f} "
          f"| {(c['ops'] + c['refused']) / elapsed:.1f} | {c['ops'] / elapsed:.1f} "
          f"| {c['refused']} | {expired} | {results} "
          f"| {ms(ops, 0.5):.1f} / {ms(ops, 0.99):.1f} "
          f"| {ms(own, 0.5):.1f} / {ms(own, 0.99):.1f} "
          f"| {ms(board, 0.5):.1f} / {ms(board, 0.99):.1f} | {m50:.1f} / {m99:.1f} "
          f"| {ms(ops, 0.5) / m50:.2f}× / {ms(ops, 0.99) / m99:.2f}× "
          f"| {ms(own, 0.5) / m50:.2f}× / {ms(own, 0.99) / m99:.2f}× "
          f"| {c['pushed'] / elapsed:.0f} |")
    print(f"({len(bench.views)} logins connected in {bench.warmup:.1f} s; {len(ops)} event "
          f"operations answered, {len(moves)} table moves, {len(own)} views to the other side, "
          f"{len(board)} to the board)")
    if ops:
        print(f"(mean event op {statistics.fmean(ops) * 1000:.1f} ms)")
    print(f"(the server used {bench.server_cpu:.1f} s of processor time in {elapsed:.0f} s: "
          f"{bench.server_cpu / elapsed:.0%} of one core; load average "
          f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)")
    for why, n in sorted(bench.refusals.items(), key=lambda x: -x[1])[:4]:
        print(f"(refused {n}×: {why})")


if __name__ == "__main__":
    main()
