"""Bots bounded in wall time whatever their iteration budget, and tables that cannot starve each
other (searches think in worker processes, the quick bots on threads of their own)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from koloda.bots import decision_for, make_bot
from koloda.bots.ismcts import IsmctsBot
from koloda.engine import load_game
from koloda.server import create_app
from koloda.server.botpool import Job, bound_time, is_search, think
from koloda.server.limits import Limits
from tests.server.conftest import auth, db_url


def test_a_search_stops_at_its_time_limit_with_its_best_move_so_far() -> None:
    """An iteration budget far beyond the time limit: the search stops at the limit."""
    game = load_game("nevermore", players=6)
    state = game.new(seed=3)
    seat = _choice(state, 0)
    bot = make_bot("bot:ismcts:20000:0.7:heuristic", game, seed=1)
    bound_time(bot, 0.3)
    assert isinstance(bot, IsmctsBot) and bot.time_limit == 0.3
    started = time.perf_counter()
    action = bot.act(decision_for(state, seat))
    took = time.perf_counter() - started
    assert action in state.legal_actions(seat)
    assert 0 < bot.last_iterations < 20000
    assert took < 3.0  # 20,000 iterations take minutes here


def test_the_duel_solver_stops_at_its_time_limit_with_what_it_has_weighed() -> None:
    """``bot:solver:20000`` (the most samples the server takes: over ten seconds a round here)
    capped at 0.3 s decides on the samples weighed by then."""
    game = load_game("duel")
    state = game.new(seed=4)
    guide = make_bot("bot:heuristic", game, seed=3)
    while not (state.to_act and state.observe(0)["phase"] != "choose_hand"
               and len(state.legal_actions(0)) > 1 and 0 in state.to_act):
        for seat in list(state.to_act):
            state.apply(seat, guide.act(decision_for(state, seat)))
    bot = make_bot("bot:solver:20000", game, seed=1)
    bound_time(bot, 0.3)
    started = time.perf_counter()
    action = bot.act(decision_for(state, 0))
    assert time.perf_counter() - started < 3.0
    assert action in state.legal_actions(0)


def _choice(state: Any, moves: int) -> int:
    """Play ``moves`` first legal actions, then on until a seat has a real choice; its seat."""
    done = 0
    while True:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        if done >= moves and len(legal) > 1:
            return int(seat)
        state.apply(seat, legal[-1])
        done += 1


def test_the_worker_rebuilds_the_position_from_the_record() -> None:
    game = load_game("duel")
    state = game.new(seed=4)
    seat = _choice(state, 3)
    job = Job(table="t", match=0, game="duel", options=game.options_json(), players=2,
              seed=4, actions=tuple(state.history), seat=seat, bot="bot:ismcts:50",
              bot_seed=9, seconds=5.0)
    text = think(job)
    assert game.parse_action(text) in state.legal_actions(seat)
    assert think(job) == text  # the same job, the same position, the same seed
    assert is_search("bot:ismcts:1s") and is_search("bot:solver")
    assert not is_search("bot:heuristic") and not is_search("bot:random")


def test_searching_tables_take_the_worker_in_turn() -> None:
    """Three tables asking for one search decision after another share one worker in turn
    (first asked, first served): a table that asks again at once never overtakes the others."""
    import asyncio

    from koloda.server.botpool import BotPool

    game = load_game("duel")
    state = game.new(seed=4)
    seat = _choice(state, 3)
    order: list[str] = []

    async def table(pool: BotPool, name: str) -> None:
        job = Job(table=name, match=0, game="duel", options=game.options_json(), players=2,
                  seed=4, actions=tuple(state.history), seat=seat, bot="bot:ismcts:20000",
                  bot_seed=9, seconds=0.15)
        for _ in range(3):
            action = await pool.search(job, lambda: state.legal_actions(seat)[0],
                                       game.parse_action)
            assert action in state.legal_actions(seat)
            order.append(name)

    async def main() -> None:
        pool = BotPool(seconds=0.15, workers=1)
        try:
            await asyncio.gather(*(table(pool, name) for name in "ABC"))
        finally:
            pool.close()

    asyncio.run(main())
    assert "".join(order) == "ABC" * 3


def _bot_table(c: TestClient, game: str, bots: list[str], human: bool = False,
               players: int | None = None) -> dict[str, Any]:
    seats = ([{"kind": "human"}] if human else []) + [{"kind": "bot", "bot": b} for b in bots]
    body: dict[str, Any] = {"game": game, "seats": seats, "seed": 7}
    if players is not None:
        body["players"] = players
    r = c.post("/api/tables", json=body)
    assert r.status_code == 201, r.text
    data: dict[str, Any] = r.json()
    return data


def _wait(predicate: Any, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.02)
    return False


def test_server_bots_keep_the_time_cap_whatever_their_iterations(db: Path) -> None:
    """``bot:ismcts:20000`` (minutes a decision in a six-player Nevermore) at a server capped
    at 0.4 s a decision."""
    limits = Limits(bot_seconds=0.4, bot_workers=1)
    with TestClient(create_app(db_url(db), bot_delay=0, fixed_seeds=True, message_rate=1000,
                               limits=limits)) as c:
        t = _bot_table(c, "nevermore", ["ismcts:20000:0.7:heuristic"] * 6, players=6)
        tid = t["table"]
        started = time.monotonic()
        assert _wait(lambda: c.get(f"/api/tables/{tid}").json()["version"] >= 6, 60)
        took = time.monotonic() - started
        # six decisions (some may have a single legal action), each at most the cap plus
        # what a worker needs to start and replay: far below one uncapped decision
        assert took < 6 * 0.4 + 25


def test_searching_tables_do_not_starve_another_tables_quick_bot(db: Path) -> None:
    """Three tables of two searching bots each keep the one search worker busy; a person's
    move at a fourth table still gets its heuristic bot's answer at once, not after them."""
    limits = Limits(bot_seconds=1.5, bot_workers=1)
    with TestClient(create_app(db_url(db), bot_delay=0, fixed_seeds=True, message_rate=1000,
                               limits=limits)) as c:
        hub = c.app.state.hub  # type: ignore[attr-defined]
        for _ in range(3):
            _bot_table(c, "duel", ["ismcts:20000", "ismcts:20000"])
        assert _wait(lambda: hub.bots.searching >= 3, 30)  # one thinking, the others queued
        t = _bot_table(c, "duel", ["heuristic"], human=True)
        tid, token = t["table"], t["seats"][0]["token"]
        replies = 0
        for _ in range(6):  # bounded: a stale look is looked at again, as the protocol says
            if replies == 3:
                break
            view = c.get(f"/api/tables/{tid}/view", headers=auth(token)).json()
            if view["finished"] or not view["legal"]:
                break
            r = c.post(f"/api/tables/{tid}/act", headers=auth(token),
                       json={"action": view["legal"][-1], "version": view["version"]})
            if r.status_code == 409 and r.json()["code"] == "stale_version":
                continue  # the bot answered between the look and the move (a simultaneous step)
            assert r.status_code == 200, r.text
            version = r.json()["version"]

            def answered(v: int = version) -> bool:
                now = c.get(f"/api/tables/{tid}/view", headers=auth(token)).json()
                return bool(now["version"] > v or now["finished"] or now["legal"])

            # the searches ahead of it would take 3 × 1.5 s a round; the quick bot answers
            # while they still think
            assert _wait(answered, 2.5)
            assert hub.bots.searching >= 1
            replies += 1
        assert replies >= 2, replies


def test_search_workers_end_with_a_killed_server(tmp_path: Path) -> None:
    """A server killed outright (SIGKILL: no shutdown code runs) leaves no bot worker behind."""
    import httpx

    from tests.server.process import ServerProcess
    from tests.sim.conftest import _descendants

    server = ServerProcess(tmp_path / "k.db").start()
    try:
        r = httpx.post(server.url + "/api/tables", json={
            "game": "duel", "seed": 3,
            "seats": [{"kind": "bot", "bot": "ismcts:1s"}, {"kind": "bot", "bot": "ismcts:1s"}]})
        assert r.status_code == 201, r.text
        assert server.proc is not None
        pid = server.proc.pid
        assert _wait(lambda: len(_descendants(pid)) > 1, 60)  # the worker started
        workers = _descendants(pid) - {pid}
    finally:
        server.kill()

    def gone() -> bool:
        for w in workers:
            try:
                with open(f"/proc/{w}/stat") as f:
                    if f.read().rsplit(")", 1)[1].split()[0] != "Z":
                        return False
            except OSError:  # gone
                continue
        return True

    assert _wait(gone, 20), workers
