"""Load benchmark of the play server (a benchmark, not a test).

Starts the real server (Uvicorn, the same app as ``koloda serve`` plus one bare WebSocket echo
route) in a subprocess on loopback, then from this process opens many concurrent tables, each
with one "person" (a WebSocket client choosing random legal actions) and bots in the other
seats, for a fixed time. Measured:

- accepted actions per second held over all tables (the person's and the bots');
- p50 and p99 of a person's move round trip: sending ``act`` until its ``ack`` arrives (the
  action validated, stored in the database, applied, every seat's view queued);
- p50 and p99 of a heuristic bot's reply: from the ack of the person's move until the bot's
  move reaches the person;
- with ``--search-tables N``: the same figures again, in the same run, while N more tables of
  searching bots only (``--search-bot``, by default ``bot:ismcts:1s`` in every seat) think
  without pause alongside, and the ratios of the p99s with and without them (the issue's bound:
  within 3×);
- the same figures for a bare WebSocket echo on the same stack in the same run, with the same
  number of concurrent connections, and the ratios.

Run: ``.venv/bin/python bench/load_server.py --tables 40 --seconds 10 [--game duel]
[--search-tables 16 --search-game gwent] [--db sqlite:///…]``. Prints Markdown tables.
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

from starlette.websockets import WebSocket, WebSocketDisconnect

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import percentile, serve  # bench/common.py


def bench_app() -> Any:
    """The server's app plus ``/bench/echo`` (used by uvicorn ``--factory``)."""
    from koloda.server import create_app
    from koloda.server.limits import Limits

    # one client address opens every table and connection here
    limits = Limits(tables_per_minute=1e9, tables_per_minute_total=1e9,
                    sockets_per_address=100_000, sockets_total=100_000,
                    socket_opens_per_minute=1e9,
                    bot_seconds=float(os.environ.get("KOLODA_BENCH_BOT_SECONDS", "10")))
    app = create_app(os.environ["KOLODA_BENCH_DB"], bot_delay=0.0, fixed_seeds=True,
                     message_rate=1e9, limits=limits)  # a scripted person acts far faster

    @app.websocket("/bench/echo")
    async def echo(ws: WebSocket) -> None:
        await ws.accept()
        try:
            while True:
                await ws.send_text(await ws.receive_text())
        except WebSocketDisconnect:
            return

    return app


async def person(url: str, table: dict[str, Any], stop: float, rtts: list[float],
                 counts: dict[str, int], seed: int, replies: list[float] | None = None) -> None:
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
        acked: tuple[int, float] | None = None  # the version after the person's move, when
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
                if acked is not None and m["version"] > acked[0]:
                    if replies is not None and not m["finished"]:
                        replies.append(time.perf_counter() - acked[1])  # the bot's move
                    acked = None
            elif m["type"] == "ack":
                if m.get("id") in sent_at:
                    rtts.append(time.perf_counter() - sent_at.pop(m["id"]))
                    acked = (m["version"], time.perf_counter())
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


async def people(url: str, args: argparse.Namespace, seed: int) -> dict[str, Any]:
    """``args.tables`` new tables of one person and bots each, played for ``args.seconds``."""
    import httpx

    async with httpx.AsyncClient(base_url=url, timeout=30) as http:
        games = {g["name"]: g for g in (await http.get("/api/games")).json()}
        game = args.game if args.game in games else "toy"
        g = games[game]
        bot = "bot:heuristic" if "bot:heuristic" in g["bots"] else "bot:random"
        n = g["default_players"]
        tables = []
        for i in range(args.tables):
            body = {"game": game, "seed": seed + i, "seats": [{"kind": "human"}]
                    + [{"kind": "bot", "bot": bot} for _ in range(n - 1)]}
            tables.append((await http.post("/api/tables", json=body)).json())
    rtts: list[float] = []
    replies: list[float] = []
    counts = {"actions": 0, "errors": 0}
    t0 = time.monotonic()
    stop = t0 + args.seconds
    await asyncio.gather(*(person(url.replace("http", "ws"), t, stop, rtts, counts, seed + i,
                                  replies)
                           for i, t in enumerate(tables)))
    elapsed = time.monotonic() - t0
    return {"game": game, "tables": tables, "rtts": rtts, "replies": replies,
            "counts": counts, "elapsed": elapsed}


async def searchers(url: str, args: argparse.Namespace) -> list[str]:
    """``args.search_tables`` tables whose every seat is a searching bot: they play on by
    themselves (a game lasts longer than the phase)."""
    import httpx

    ids = []
    async with httpx.AsyncClient(base_url=url, timeout=30) as http:
        games = {g["name"]: g for g in (await http.get("/api/games")).json()}
        n = games[args.search_game]["max_players"] if args.search_game == "gwent" else \
            games[args.search_game]["default_players"]
        for i in range(args.search_tables):
            body = {"game": args.search_game, "seed": 10_000 + i, "players": n,
                    "seats": [{"kind": "bot", "bot": args.search_bot} for _ in range(n)]}
            r = await http.post("/api/tables", json=body)
            r.raise_for_status()
            ids.append(r.json()["table"])
    return ids


def _figures(p: dict[str, Any]) -> dict[str, Any]:
    rtts, replies = p["rtts"], p["replies"]
    return {
        "actions_per_s": p["counts"]["actions"] / p["elapsed"],
        "moves": len(rtts),
        "errors": p["counts"]["errors"],
        "p50_ms": percentile(rtts, 0.5) * 1000,
        "p99_ms": percentile(rtts, 0.99) * 1000,
        "mean_ms": statistics.fmean(rtts) * 1000 if rtts else float("nan"),
        "replies": len(replies),
        "reply_p50_ms": percentile(replies, 0.5) * 1000,
        "reply_p99_ms": percentile(replies, 0.99) * 1000,
    }


async def run(url: str, args: argparse.Namespace) -> dict[str, Any]:
    alone = await people(url, args, 0)
    with_search: dict[str, Any] | None = None
    if args.search_tables:
        import httpx

        ids = await searchers(url, args)
        await asyncio.sleep(3.0)  # the workers start and every search table is thinking
        with_search = _figures(await people(url, args, 1000))
        async with httpx.AsyncClient(base_url=url, timeout=30) as http:
            with_search["search_moves"] = sum(
                [(await http.get(f"/api/tables/{i}")).json()["version"] for i in ids])
    tables = alone["tables"]
    game = alone["game"]
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
        **_figures(alone),
        "with_search": with_search,
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
    ap.add_argument("--search-tables", type=int, default=0,
                    help="tables of searching bots alongside, in a second phase")
    ap.add_argument("--search-game", default="gwent")
    ap.add_argument("--search-bot", default="bot:ismcts:1s")
    ap.add_argument("--bot-seconds", type=float, default=10.0,
                    help="the server's cap on one bot decision")
    args = ap.parse_args()
    tmp = tempfile.mkdtemp(prefix="koloda-bench-")
    db = args.db or f"sqlite:///{tmp}/bench.db"
    env = {"KOLODA_BENCH_DB": db, "KOLODA_BENCH_BOT_SECONDS": str(args.bot_seconds)}
    with serve("bench.load_server:bench_app", env) as server:
        r = asyncio.run(run(server.url, args))
    print("| game | tables | actions/s | person moves | p50 ms | p99 ms | echo msgs/s "
          "| echo p50 ms | echo p99 ms | p50 ratio | p99 ratio |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    print(f"| {r['game']} | {r['tables']} | {r['actions_per_s']:.0f} | {r['moves']} "
          f"| {r['p50_ms']:.2f} | {r['p99_ms']:.2f} | {r['echo_per_s']:.0f} "
          f"| {r['echo_p50_ms']:.2f} | {r['echo_p99_ms']:.2f} "
          f"| {r['p50_ms'] / r['echo_p50_ms']:.1f}× | {r['p99_ms'] / r['echo_p99_ms']:.1f}× |")
    if r["errors"]:
        print(f"({r['errors']} errors, e.g. stale versions in simultaneous steps)")
    print()
    print("| phase | actions/s | person moves | move p50 ms | move p99 ms | bot replies "
          "| reply p50 ms | reply p99 ms |")
    print("|---|---|---|---|---|---|---|---|")
    phases = [("alone", r)]
    if r["with_search"] is not None:
        phases.append((f"+{args.search_tables} {args.search_game} tables of "
                       f"{args.search_bot}", r["with_search"]))
    for name, f in phases:
        print(f"| {name} | {f['actions_per_s']:.0f} | {f['moves']} | {f['p50_ms']:.2f} "
              f"| {f['p99_ms']:.2f} | {f['replies']} | {f['reply_p50_ms']:.2f} "
              f"| {f['reply_p99_ms']:.2f} |")
    if r["with_search"] is not None:
        w = r["with_search"]
        print(f"\np99 with the searching tables / alone: person's move "
              f"{w['p99_ms'] / r['p99_ms']:.2f}×, heuristic bot's reply "
              f"{w['reply_p99_ms'] / r['reply_p99_ms']:.2f}× "
              f"(search bots' moves meanwhile: {w['search_moves']})")


if __name__ == "__main__":
    main()
