"""Load benchmark of the play server (a benchmark, not a test).

Starts the real server (Uvicorn, the same app as ``koloda serve`` plus one bare WebSocket echo
route) in a subprocess on loopback, then from this process opens many concurrent tables, each
with one "person" (a WebSocket client choosing random legal actions) and bots in the other
seats, for a fixed time. Measured:

- accepted actions per second held over all tables (the person's and the bots');
- p50 and p99 of a person's move round trip: sending ``act`` until its ``ack`` arrives (the
  action validated, stored in the database, applied, every seat's view queued);
- the same figures for a bare WebSocket echo on the same stack in the same run, with the same
  number of concurrent connections, and the ratios.

Run: ``.venv/bin/python bench/load_server.py --tables 40 --seconds 10 [--game duel]
[--db sqlite:///…]``. Prints a Markdown table.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect

ROOT = Path(__file__).resolve().parents[1]


def bench_app() -> Any:
    """The server's app plus ``/bench/echo`` (used by uvicorn ``--factory``)."""
    from koloda.server import create_app

    app = create_app(os.environ["KOLODA_BENCH_DB"], bot_delay=0.0, fixed_seeds=True,
                     message_rate=1e9)  # a scripted person acts far faster than people

    @app.websocket("/bench/echo")
    async def echo(ws: WebSocket) -> None:
        await ws.accept()
        try:
            while True:
                await ws.send_text(await ws.receive_text())
        except WebSocketDisconnect:
            return

    return app


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[k]


async def person(url: str, table: dict[str, Any], stop: float, rtts: list[float],
                 counts: dict[str, int], seed: int) -> None:
    import websockets

    rng = random.Random(seed)
    token = next(s["token"] for s in table["seats"] if s["kind"] == "human")
    async with websockets.connect(f"{url}/ws/{table['table']}", max_size=2**24) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token, "lang": "en"}))
        sent_at: dict[int, float] = {}
        view: dict[str, Any] | None = None
        waiting = False
        ident = 0
        start_version = None
        while time.monotonic() < stop:
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=max(0.01, stop - time.monotonic()))
            except TimeoutError:
                break
            m = json.loads(raw)
            if m["type"] == "state":
                view = m
                if start_version is None:
                    start_version = m["version"]
            elif m["type"] == "ack":
                if m.get("id") in sent_at:
                    rtts.append(time.perf_counter() - sent_at.pop(m["id"]))
                waiting = False
            elif m["type"] == "error":
                counts["errors"] += 1
                waiting = False
            if view is None or waiting:
                continue
            if view["finished"]:
                counts["actions"] += view["version"] - (start_version or 0)
                start_version = view["version"] + 1
                waiting = True
                ident += 1
                await ws.send(json.dumps({"type": "again", "id": -ident}))
                view = None
            elif view["legal"] and view["to_act"] == [view["seat"]]:
                # act once the bots of a simultaneous step have chosen: acting at the same time
                # as them would often be refused as stale (the version moved on meanwhile)
                ident += 1
                sent_at[ident] = time.perf_counter()
                waiting = True
                await ws.send(json.dumps({"type": "act", "action": rng.choice(view["legal"]),
                                          "version": view["version"], "id": ident}))
                view = None
        if view is not None and start_version is not None:
            counts["actions"] += view["version"] - start_version


async def echoer(url: str, stop: float, rtts: list[float], counts: dict[str, int]) -> None:
    import websockets

    payload = json.dumps({"type": "act", "action": "play a01", "version": 12, "id": 1})
    async with websockets.connect(f"{url}/bench/echo") as ws:
        while time.monotonic() < stop:
            t0 = time.perf_counter()
            await ws.send(payload)
            await ws.recv()
            rtts.append(time.perf_counter() - t0)
            counts["actions"] += 1


async def run(url: str, args: argparse.Namespace) -> dict[str, Any]:
    import httpx

    async with httpx.AsyncClient(base_url=url, timeout=30) as http:
        games = {g["name"]: g for g in (await http.get("/api/games")).json()}
        game = args.game if args.game in games else "toy"
        g = games[game]
        bot = "bot:heuristic" if "bot:heuristic" in g["bots"] else "bot:random"
        n = g["default_players"]
        tables = []
        for i in range(args.tables):
            body = {"game": game, "seed": i, "seats": [{"kind": "human"}]
                    + [{"kind": "bot", "bot": bot} for _ in range(n - 1)]}
            tables.append((await http.post("/api/tables", json=body)).json())
    rtts: list[float] = []
    counts = {"actions": 0, "errors": 0}
    t0 = time.monotonic()
    stop = t0 + args.seconds
    await asyncio.gather(*(person(url.replace("http", "ws"), t, stop, rtts, counts, i)
                           for i, t in enumerate(tables)))
    elapsed = time.monotonic() - t0
    echo_rtts: list[float] = []
    echo_counts = {"actions": 0}
    t1 = time.monotonic()
    stop = t1 + args.seconds
    await asyncio.gather(*(echoer(url.replace("http", "ws"), stop, echo_rtts, echo_counts)
                           for _ in tables))
    echo_elapsed = time.monotonic() - t1
    return {
        "game": game,
        "tables": len(tables),
        "seconds": args.seconds,
        "actions_per_s": counts["actions"] / elapsed,
        "moves": len(rtts),
        "errors": counts["errors"],
        "p50_ms": percentile(rtts, 0.5) * 1000,
        "p99_ms": percentile(rtts, 0.99) * 1000,
        "mean_ms": statistics.fmean(rtts) * 1000 if rtts else float("nan"),
        "echo_per_s": echo_counts["actions"] / echo_elapsed,
        "echo_p50_ms": percentile(echo_rtts, 0.5) * 1000,
        "echo_p99_ms": percentile(echo_rtts, 0.99) * 1000,
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--tables", type=int, default=40)
    ap.add_argument("--seconds", type=float, default=10.0)
    ap.add_argument("--game", default="duel")
    ap.add_argument("--db", default="", help="database URL (default: a fresh SQLite file)")
    args = ap.parse_args()
    tmp = tempfile.mkdtemp(prefix="koloda-bench-")
    db = args.db or f"sqlite:///{tmp}/bench.db"
    port = free_port()
    env = {**os.environ, "KOLODA_BENCH_DB": db,
           "PYTHONPATH": f"{ROOT}{os.pathsep}{ROOT / 'src'}{os.pathsep}"
                         + os.environ.get("PYTHONPATH", "")}
    server = subprocess.Popen(
        [sys.executable, "-m", "uvicorn", "bench.load_server:bench_app", "--factory",
         "--host", "127.0.0.1", "--port", str(port), "--log-level", "warning"],
        cwd=ROOT, env=env,
    )
    try:
        import httpx

        url = f"http://127.0.0.1:{port}"
        for _ in range(300):
            try:
                httpx.get(url + "/api/games", timeout=1)
                break
            except httpx.HTTPError:
                time.sleep(0.1)
        r = asyncio.run(run(url, args))
    finally:
        server.terminate()
        server.wait(10)
    print("| game | tables | actions/s | person moves | p50 ms | p99 ms | echo msgs/s "
          "| echo p50 ms | echo p99 ms | p50 ratio | p99 ratio |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    print(f"| {r['game']} | {r['tables']} | {r['actions_per_s']:.0f} | {r['moves']} "
          f"| {r['p50_ms']:.2f} | {r['p99_ms']:.2f} | {r['echo_per_s']:.0f} "
          f"| {r['echo_p50_ms']:.2f} | {r['echo_p99_ms']:.2f} "
          f"| {r['p50_ms'] / r['echo_p50_ms']:.1f}× | {r['p99_ms'] / r['echo_p99_ms']:.1f}× |")
    if r["errors"]:
        print(f"({r['errors']} errors, e.g. stale versions in simultaneous steps)")


if __name__ == "__main__":
    main()
