"""Where the server's bots think: bounded in wall time, fair between tables.

Two lanes, so that no table's thinking holds up another's:

- **search bots** (``bot:ismcts…``, ``bot:solver…``: seconds of work a decision) think in a pool
  of worker *processes* (their own interpreters: a search holds no lock the server's event loop
  needs). Each table waits for at most one decision at a time, and the slots go to the tables in
  the order they asked (a first-in first-out semaphore): a table with four searching bots gets
  one slot per decision like any other, and a table that asked later never overtakes. Each
  decision is capped at :attr:`Limits.bot_seconds` of wall time whatever its iteration budget;
  a search over it plays its best move so far.
- **quick bots** (``bot:random``, ``bot:heuristic``: milliseconds) think on a small pool of
  threads of their own, not the default pool shared with everything else.

A decision that does not come back within its cap and a grace (a bot gone wrong) gets a legal
move chosen by the table's seed (the stuck worker's slot stays taken until it ends).

**Determinism.** A wall-time cap makes a search bot's choice depend on the machine's speed. The
record is what the table stored, not the bot: the stored action is replayed exactly, so a
restart, a replay or a record file never asks the bot again.

The worker process is given the table's record (game, options, seed and actions), never its
live state: it rebuilds the position by replaying the actions (keeping the last few positions,
so a table's next decision replays only the actions since), and the bot sees only the decision
of its seat, as in the server process.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import logging
import multiprocessing
import os
import sys
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from koloda.bots import Bot, decision_for, make_bot
from koloda.engine import Action, Game, GameState, Rng, load_game

log = logging.getLogger("koloda.server")

#: Bot kinds whose decisions take seconds: they think in the worker processes.
SEARCH_KINDS = frozenset({"ismcts", "solver"})
#: Threads for the quick bots.
QUICK_THREADS = 2
#: How much lower the workers' scheduling priority is than the server's.
WORKER_NICE = 10
#: A decision not back after its cap times this, plus GRACE seconds, is given up.
GRACE_FACTOR = 2.0
GRACE = 5.0


def is_search(bot_name: str) -> bool:
    """Whether ``bot:KIND…`` thinks in the worker processes."""
    return bot_name.removeprefix("bot:").split(":")[0] in SEARCH_KINDS


@runtime_checkable
class TimeBounded(Protocol):
    """A bot whose decisions can be capped in wall time (:class:`koloda.bots.ismcts.IsmctsBot`,
    the duel's ``bot:solver``)."""

    time_limit: float | None


@runtime_checkable
class Clocked(Protocol):
    """A time-bounded bot that reads the clock it is given (a game's own bot: the rules'
    packages read no clock themselves)."""

    clock: Callable[[], float] | None


def bound_time(bot: Bot, seconds: float) -> None:
    """Cap ``bot``'s decisions at ``seconds`` of wall time, if it is a bot whose budget can
    exceed it and that can stop early (a bot with a ``time_limit``: the search, the duel's
    solver; the others answer in milliseconds whatever their parameters)."""
    if isinstance(bot, TimeBounded):
        bot.time_limit = seconds
    if isinstance(bot, Clocked):
        bot.clock = time.perf_counter


@dataclass(frozen=True)
class Job:
    """One decision for a worker process: the table's record up to now and the bot."""

    table: str
    match: int
    game: str
    options: dict[str, Any]
    players: int
    seed: int
    actions: tuple[tuple[int, str], ...]
    seat: int
    bot: str
    bot_seed: int
    seconds: float
    #: the module that registers the game (a game from outside the package, e.g. a test's)
    module: str = ""


# --- in the worker process ----------------------------------------------------------------------

_GAMES: OrderedDict[str, Game] = OrderedDict()
_POSITIONS: OrderedDict[tuple[str, int], GameState] = OrderedDict()
_KEEP = 32


def _game(job: Job) -> Game:
    import importlib
    import json

    if job.module and job.module not in sys.modules:
        importlib.import_module(job.module)

    key = json.dumps([job.game, job.options, job.players], sort_keys=True)
    game = _GAMES.get(key)
    if game is None:
        game = load_game(job.game, players=job.players, **job.options)
        _GAMES[key] = game
        while len(_GAMES) > _KEEP:  # custom card sets are not kept for long
            _GAMES.popitem(last=False)
    _GAMES.move_to_end(key)
    return game


def _position(job: Job) -> GameState:
    """The table's position, from the position kept for it when the actions extend it."""
    key = (job.table, job.match)
    state = _POSITIONS.pop(key, None)
    if (state is None or state.seed != job.seed
            or tuple(state.history) != job.actions[:len(state.history)]):
        state = _game(job).new(seed=job.seed)
    for seat, text in job.actions[len(state.history):]:
        state.apply_text(seat, text)
    _POSITIONS[key] = state
    while len(_POSITIONS) > _KEEP:
        _POSITIONS.popitem(last=False)
    return state


def think(job: Job) -> str:
    """The bot's action (as text) in the job's position (runs in a worker process)."""
    state = _position(job).clone()
    bot = make_bot(job.bot, _game(job), seed=job.bot_seed)
    bound_time(bot, job.seconds)
    return str(bot.act(decision_for(state, job.seat)))


def _worker_init(server: int) -> None:
    """A worker ends with its server (the process ``server``, its parent), even one killed
    without a chance to stop its pool: once it has another parent (the server is gone, maybe
    already while this worker started), it exits. It thinks at a lower priority than the
    server (``nice`` +10): on a busy machine people's moves go first, searches take the rest."""
    with contextlib.suppress(OSError):
        os.nice(WORKER_NICE)

    def watch() -> None:
        while os.getppid() == server:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, name="koloda-bot-parent", daemon=True).start()


# --- in the server ------------------------------------------------------------------------------


class BotPool:
    """The two lanes (see the module docstring); one per server."""

    def __init__(self, *, seconds: float, workers: int = 0) -> None:
        self.seconds = seconds
        self.workers = workers if workers > 0 else max(1, (os.cpu_count() or 2) - 1)
        self._slots = asyncio.Semaphore(self.workers)
        self._processes: concurrent.futures.ProcessPoolExecutor | None = None
        self._threads = concurrent.futures.ThreadPoolExecutor(
            max_workers=QUICK_THREADS, thread_name_prefix="koloda-bot")
        self._lock = threading.Lock()
        #: search decisions waiting for a slot or thinking (for tests and the benchmark)
        self.searching = 0

    def _pool(self) -> concurrent.futures.ProcessPoolExecutor:
        with self._lock:
            if self._processes is None:
                # spawn: a fork of a server with threads running could inherit a held lock
                self._processes = concurrent.futures.ProcessPoolExecutor(
                    max_workers=self.workers, mp_context=multiprocessing.get_context("spawn"),
                    initializer=_worker_init, initargs=(os.getpid(),))
            return self._processes

    async def search(self, job: Job, fallback: Callable[[], Action],
                     parse: Callable[[str], Action]) -> Action:
        """The search bot's action for ``job``: its turn at a worker slot, at most the cap."""
        self.searching += 1
        try:
            await self._slots.acquire()
            released = False

            def release(_f: Any = None) -> None:
                nonlocal released
                if not released:
                    released = True
                    self._slots.release()

            try:
                loop = asyncio.get_running_loop()
                future = loop.run_in_executor(self._pool(), think, job)
            except BaseException:
                release()
                raise
            future.add_done_callback(release)
            try:
                text = await asyncio.wait_for(asyncio.shield(future), self._patience(job.seconds))
            except TimeoutError:
                log.error("a %s decision at table %s took longer than %g s; a legal move is "
                          "played instead", job.bot, job.table, self._patience(job.seconds))
                return fallback()
            return parse(text)
        finally:
            self.searching -= 1

    async def quick(self, bot: Bot, decide: Callable[[], Action],
                    fallback: Callable[[], Action]) -> Action:
        """A quick bot's action on the bots' own threads, at most the cap and a grace."""
        loop = asyncio.get_running_loop()
        future = loop.run_in_executor(self._threads, decide)
        try:
            return await asyncio.wait_for(asyncio.shield(future), self._patience(self.seconds))
        except TimeoutError:
            log.error("a %s decision took longer than %g s; a legal move is played instead",
                      bot.name, self._patience(self.seconds))
            return fallback()

    @staticmethod
    def _patience(seconds: float) -> float:
        return seconds * GRACE_FACTOR + GRACE

    def close(self) -> None:
        self._threads.shutdown(wait=False, cancel_futures=True)
        if self._processes is not None:
            self._processes.shutdown(wait=False, cancel_futures=True)


def fallback_move(state: GameState, seat: int, seed: int) -> Action:
    """A legal move chosen by ``seed`` (the table's bot seed and the position)."""
    legal = state.legal_actions(seat)
    rng = Rng.from_seed(seed ^ len(state.history))
    return legal[rng.randbelow(len(legal))]


__all__ = ["BotPool", "Job", "bound_time", "fallback_move", "is_search", "think"]
