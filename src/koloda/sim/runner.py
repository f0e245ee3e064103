"""Playing many games: one game from its index, batches on local processes or a Ray cluster,
results streamed to a JSON-lines file that a stopped run resumes from.

A run is described by a :class:`SimSpec`. Game ``i`` of a run depends only on the spec and ``i``:
its deal seed and each bot's seed are derived from the run's seed and ``i``, so results do not
depend on how many processes played them, nor in which order they finished.

>>> spec = SimSpec(game="duel", players=2, bots=("bot:random", "bot:random"), games=2, seed=1)
>>> [r.index for r in run(spec)]  # doctest: +SKIP
[0, 1]
"""

from __future__ import annotations

import importlib
import json
import multiprocessing
import os
import socket
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from koloda.bots import decision_for, make_bot
from koloda.engine import Game, InvalidData, InvalidOption, Rng, load_game
from koloda.extras import require
from koloda.sim.features import extract_features

#: A game longer than this is stopped with an error (a rules bug, not a result).
MAX_ACTIONS = 200_000
_MASK63 = (1 << 63) - 1


@dataclass(frozen=True)
class SimSpec:
    """What to simulate: the game, its options, one bot per seat, how many games, the seed.

    ``rotate`` seats the bots differently in each game (game ``i`` moves every bot ``i`` seats
    on), so that comparing bots is not confused with the advantage of a seat; the games of one
    rotation share their deal (a *duplicate* format: every bot plays every seat of the same
    deal, so the luck of the deal cancels out). ``modules`` are
    imported first in every worker (games or bots that are not built in).
    """

    game: str
    players: int
    bots: tuple[str, ...]
    games: int
    seed: int = 0
    options: Mapping[str, Any] = field(default_factory=dict)
    rotate: bool = False
    modules: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if len(self.bots) != self.players:
            raise InvalidOption(
                f"give one bot for every seat or a single bot for all: {len(self.bots)} bots "
                f"for {self.players} players"
            )
        if self.games < 1:
            raise InvalidOption(f"the number of games must be at least 1, got {self.games}")

    def load(self) -> Game:
        for module in self.modules:
            importlib.import_module(module)
        return load_game(self.game, players=self.players, **dict(self.options))

    def header(self) -> dict[str, Any]:
        """What identifies a run in a results file (everything but the number of games)."""
        return {
            "game": self.game,
            "players": self.players,
            "options": dict(sorted(self.options.items())),
            "bots": list(self.bots),
            "seed": self.seed,
            "rotate": self.rotate,
        }

    def deal_seed(self, index: int) -> int:
        """The seed that deals game ``index`` (shared by the games of a rotation)."""
        return derive_seed(self.seed, index // self.players if self.rotate else index)

    def seating(self, index: int) -> tuple[str, ...]:
        """The bot of each seat in game ``index``."""
        if not self.rotate:
            return self.bots
        k = index % self.players
        return tuple(self.bots[(seat - k) % self.players] for seat in range(self.players))


def derive_seed(*parts: int) -> int:
    """A seed that depends on every part (SplitMix64 chained), non-negative, 63 bits.

    >>> derive_seed(1, 2) == derive_seed(1, 2) != derive_seed(2, 1)
    True
    """
    state = 0x5EED
    for p in parts:
        state = Rng(state=(state ^ (p & ((1 << 64) - 1)))).spawn().state
    return state & _MASK63


@dataclass(frozen=True)
class GameOutcome:
    """One finished game, as stored in a results file (one JSON line)."""

    index: int
    seed: int
    bots: tuple[str, ...]
    scores: tuple[float, ...]
    winners: tuple[int, ...]
    actions: int
    summary: str = ""
    features: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "seed": self.seed,
            "bots": list(self.bots),
            "scores": list(self.scores),
            "winners": list(self.winners),
            "actions": self.actions,
            "summary": self.summary,
            "features": dict(self.features),
        }

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> GameOutcome:
        try:
            return GameOutcome(
                index=int(data["index"]),
                seed=int(data["seed"]),
                bots=tuple(str(b) for b in data["bots"]),
                scores=tuple(float(s) for s in data["scores"]),
                winners=tuple(int(w) for w in data["winners"]),
                actions=int(data["actions"]),
                summary=str(data.get("summary", "")),
                features=dict(data.get("features", {})),
            )
        except (KeyError, TypeError, ValueError) as e:
            raise InvalidData(f"not a game outcome: {e}") from None


def play_game(spec: SimSpec, index: int, game: Game | None = None) -> GameOutcome:
    """Play game ``index`` of ``spec`` to the end through the checked path."""
    game = game or spec.load()
    seed = spec.deal_seed(index)
    seating = spec.seating(index)
    bots = [
        make_bot(name, game, seed=derive_seed(spec.seed, index, seat + 1))
        for seat, name in enumerate(seating)
    ]
    state = game.new(seed=seed)
    actions = 0
    while not state.is_terminal:
        seats = state.to_act
        if not seats:
            raise InvalidData(f"{game.name}: nobody is to act in an unfinished game")
        for seat in seats:
            if seat not in state.to_act:
                continue
            action = bots[seat].act(decision_for(state, seat))
            state.apply(seat, action)
            actions += 1
        if actions > MAX_ACTIONS:
            raise InvalidData(f"{game.name}: game {index} did not end after {MAX_ACTIONS} actions")
    result = state.result()
    assert result is not None
    return GameOutcome(
        index=index,
        seed=seed,
        bots=seating,
        scores=tuple(result.scores),
        winners=tuple(result.winners),
        actions=actions,
        summary=result.summary,
        features=extract_features(game.name, state),
    )


def _play_chunk(spec: SimSpec, indices: Sequence[int]) -> list[GameOutcome]:
    game = spec.load()
    return [play_game(spec, i, game) for i in indices]


def _chunks(indices: Sequence[int], size: int) -> list[list[int]]:
    return [list(indices[i : i + size]) for i in range(0, len(indices), size)]


def _chunk_size(n: int, workers: int) -> int:
    return max(1, min(64, n // (workers * 8) or 1))


Progress = Callable[[int], None]


def iter_outcomes(
    spec: SimSpec,
    indices: Sequence[int],
    *,
    jobs: int = 1,
    ray_address: str | None = None,
) -> Iterator[GameOutcome]:
    """Play the games ``indices`` of ``spec``, yielding outcomes as batches finish.

    ``jobs`` local processes (1: in this process); ``ray_address`` runs the batches as Ray
    tasks instead (``"local"`` starts a local Ray, anything else is a cluster address).
    Outcomes come in index order for local runs, in completion order on Ray.
    """
    if not indices:
        return
    spec.load()  # refuse bad options or bots here, before any worker starts
    for name in set(spec.bots):
        make_bot(name, spec.load())
    if ray_address is not None:
        yield from _iter_ray(spec, indices, ray_address)
        return
    if jobs <= 1 or len(indices) == 1:
        game = spec.load()
        for i in indices:
            yield play_game(spec, i, game)
        return
    chunks = _chunks(indices, _chunk_size(len(indices), jobs))
    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    ctx = multiprocessing.get_context(method)
    with ctx.Pool(processes=jobs) as pool:
        for batch in pool.imap(_ChunkTask(spec), chunks):
            yield from batch


@dataclass(frozen=True)
class _ChunkTask:
    """A picklable callable for the process pool."""

    spec: SimSpec

    def __call__(self, indices: list[int]) -> list[GameOutcome]:
        return _play_chunk(self.spec, indices)


def _check_reachable(address: str, timeout: float = 5.0) -> None:
    """Fail fast, and clearly, when nothing answers at a cluster's address (Ray itself retries
    for minutes). ``auto`` (Ray finds the address) is left to Ray."""
    if address == "auto":
        return
    hostport = address.removeprefix("ray://")
    host, sep, port = hostport.rpartition(":")
    if not sep or not host or not port.isdigit():
        raise InvalidOption(f"--ray {address!r}: give 'local', 'auto' or the head node's "
                            "HOST:PORT (for example 10.0.0.5:6379)")
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=timeout).close()
    except OSError as e:
        raise InvalidOption(f"--ray {address!r}: nothing answers there ({e})") from None


def _first_line(error: BaseException) -> str:
    text = str(error).strip()
    return text.splitlines()[0] if text else type(error).__name__


def _iter_ray(spec: SimSpec, indices: Sequence[int], address: str) -> Iterator[GameOutcome]:
    if address == "local" and "ray" not in sys.modules:
        # a local instance on the loopback address only (Ray reads this on import; without
        # it Linux nodes take the machine's outward address and listen on every interface)
        os.environ.setdefault("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0")
    ray = require("ray", extra="sim", what="--ray (simulation on a Ray cluster)")
    started_here = not ray.is_initialized()
    if started_here:
        cwd = os.getcwd()
        env = {"env_vars": {"PYTHONPATH": os.pathsep.join([cwd, os.environ.get("PYTHONPATH", "")])}}
        if address != "local":
            _check_reachable(address)
        try:
            if address == "local":
                ray.init(address="local", runtime_env=env, include_dashboard=False,
                         log_to_driver=False, _node_ip_address="127.0.0.1")
            else:
                ray.init(address=address, runtime_env=env, log_to_driver=False)
        except (ConnectionError, RuntimeError, ValueError) as e:
            raise InvalidOption(
                f"could not start or reach Ray at {address!r}: {_first_line(e)} (a cluster's "
                "address is HOST:PORT of its head node; a cluster with token authentication "
                "also needs RAY_AUTH_MODE=token and its token, see docs/simulate.md)"
            ) from None
    try:
        remote = ray.remote(_play_chunk)
        resources = ray.cluster_resources()
        workers = max(1, int(resources.get("CPU", 1)))
        size = _chunk_size(len(indices), workers)
        pending = [remote.remote(spec, c) for c in _chunks(indices, size)]
        while pending:
            ready, pending = ray.wait(pending, num_returns=1)
            for ref in ready:
                yield from ray.get(ref)
    finally:
        if started_here:
            ray.shutdown()


# --- results files ---------------------------------------------------------------------------


class ResultsFile:
    """A JSON-lines results file: a header line (the run), then one line per finished game.

    Each line is flushed as soon as its game is finished, so a run that is stopped keeps what
    it finished; :meth:`open` with ``resume=True`` reads those games back and the run plays only
    the missing ones. A torn last line (a run killed mid-write) is ignored.
    """

    def __init__(self, path: Path, spec: SimSpec, *, resume: bool) -> None:
        self.path = path
        self.done: dict[int, GameOutcome] = {}
        header = {"koloda_simulation": spec.header()}
        if path.exists() and path.stat().st_size > 0:
            if not resume:
                raise InvalidOption(
                    f"{path} exists: pass --resume to continue that run, or remove the file"
                )
            self._drop_torn_line(path)
            self.done = self._read(path, header)
            self._fh = path.open("a", encoding="utf-8")
        else:
            self._fh = path.open("w", encoding="utf-8")
            self._write(header)

    @staticmethod
    def _drop_torn_line(path: Path) -> None:
        """Cut a last line that a killed run left without its newline."""
        data = path.read_bytes()
        if data and not data.endswith(b"\n"):
            with path.open("r+b") as fh:
                fh.truncate(data.rfind(b"\n") + 1)

    @staticmethod
    def _read(path: Path, header: Mapping[str, Any]) -> dict[int, GameOutcome]:
        lines = path.read_text(encoding="utf-8").splitlines()
        try:
            first = json.loads(lines[0])
        except (json.JSONDecodeError, IndexError):
            raise InvalidData(f"{path} is not a koloda results file") from None
        if first != json.loads(json.dumps(header)):
            raise InvalidOption(
                f"{path} holds another run ({json.dumps(first.get('koloda_simulation'))}); "
                f"resume needs the same game, players, options, bots, seed and seating"
            )
        done: dict[int, GameOutcome] = {}
        for n, line in enumerate(lines[1:], start=2):
            try:
                data = json.loads(line)
            except json.JSONDecodeError:
                if n == len(lines):
                    break  # torn last line
                raise InvalidData(f"{path}:{n}: not JSON") from None
            outcome = GameOutcome.from_json(data)
            done[outcome.index] = outcome
        return done

    def _write(self, data: Mapping[str, Any]) -> None:
        self._fh.write(json.dumps(data, sort_keys=True, ensure_ascii=False) + "\n")
        self._fh.flush()

    def add(self, outcome: GameOutcome) -> None:
        self._write(outcome.to_json())

    def close(self) -> None:
        self._fh.close()


def read_results(path: Path) -> tuple[dict[str, Any], list[GameOutcome]]:
    """The header and the outcomes of a JSON-lines or Parquet results file."""
    if path.suffix == ".parquet":
        pq = require("pyarrow.parquet", extra="sim", what="reading Parquet results")
        table = pq.read_table(path)
        meta = table.schema.metadata or {}
        header = json.loads(meta.get(b"koloda_simulation", b"{}"))
        rows = table.to_pylist()
        outcomes = [GameOutcome.from_json({**r, "features": json.loads(r["features"])})
                    for r in rows]
        return header, outcomes
    lines = path.read_text(encoding="utf-8").splitlines()
    if not lines:
        raise InvalidData(f"{path} is empty")
    header = json.loads(lines[0]).get("koloda_simulation", {})
    outcomes = []
    for line in lines[1:]:
        try:
            outcomes.append(GameOutcome.from_json(json.loads(line)))
        except json.JSONDecodeError:
            continue
    return header, outcomes


def write_parquet(path: Path, spec: SimSpec, outcomes: Sequence[GameOutcome]) -> None:
    """Write finished outcomes to a Parquet file (features as a JSON text column)."""
    pa = require("pyarrow", extra="sim", what="writing Parquet results")
    pq = require("pyarrow.parquet", extra="sim", what="writing Parquet results")
    rows = [{**o.to_json(), "features": json.dumps(dict(o.features), sort_keys=True)}
            for o in sorted(outcomes, key=lambda o: o.index)]
    table = pa.Table.from_pylist(rows)
    meta = {b"koloda_simulation": json.dumps(spec.header(), sort_keys=True).encode()}
    pq.write_table(table.replace_schema_metadata(meta), path)


def run(
    spec: SimSpec,
    *,
    jobs: int = 1,
    ray_address: str | None = None,
    out: Path | None = None,
    resume: bool = False,
    progress: Progress | None = None,
) -> list[GameOutcome]:
    """Play every game of ``spec`` (skipping those already in ``out`` when resuming) and
    return all outcomes in index order.

    ``out`` ending in ``.parquet``: games stream to ``out`` + ``.jsonl`` while the run goes,
    and the Parquet file is written when every game is done (the JSON-lines journal is then
    removed). Any other name is the JSON-lines file itself.
    """
    if jobs < 1:
        raise InvalidOption(f"--jobs must be at least 1, got {jobs}")
    if ray_address is not None and ray_address != "local":
        _check_reachable(ray_address)  # before a results file is touched
    journal: ResultsFile | None = None
    parquet = out is not None and out.suffix == ".parquet"
    if out is not None:
        journal_path = out.with_name(out.name + ".jsonl") if parquet else out
        if parquet and out.exists() and not resume:
            raise InvalidOption(f"{out} exists: remove it first")
        journal = ResultsFile(journal_path, spec, resume=resume)
    done = dict(journal.done) if journal is not None else {}
    done = {i: o for i, o in done.items() if i < spec.games}
    if progress is not None and done:
        progress(len(done))
    todo = [i for i in range(spec.games) if i not in done]
    try:
        for outcome in iter_outcomes(spec, todo, jobs=jobs, ray_address=ray_address):
            done[outcome.index] = outcome
            if journal is not None:
                journal.add(outcome)
            if progress is not None:
                progress(1)
    finally:
        if journal is not None:
            journal.close()
    outcomes = [done[i] for i in range(spec.games)]
    if parquet and out is not None and journal is not None:
        write_parquet(out, spec, outcomes)
        journal.path.unlink()
    return outcomes


def with_options(spec: SimSpec, overrides: Mapping[str, Any]) -> SimSpec:
    """The same run with some options changed (a variant for ``--compare``)."""
    return replace(spec, options={**spec.options, **overrides})


__all__ = [
    "GameOutcome",
    "ResultsFile",
    "SimSpec",
    "derive_seed",
    "iter_outcomes",
    "play_game",
    "read_results",
    "run",
    "with_options",
    "write_parquet",
]
