"""What the benchmarks that run the real server share: a free port on loopback, the server in
a subprocess (Uvicorn, an app factory) for the length of a ``with``, and percentiles.

A script imports it as ``common`` (``bench/`` is the script's folder, put first on the path by
the script itself, so Uvicorn's ``bench.<script>:bench_app`` finds it too).
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    """A TCP port free on 127.0.0.1 now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile (0 to 1) of ``values``: the nearest-rank value, NaN for none."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[k]


@dataclass(frozen=True)
class Served:
    """A server :func:`serve` started: its URL and its process id."""

    url: str
    pid: int


@contextmanager
def serve(app: str, env: dict[str, str], *uvicorn_args: str,
          src: str | Path | None = None) -> Iterator[Served]:
    """The play server of the app factory ``app`` (``bench.load_server:bench_app``) in a
    subprocess on 127.0.0.1, with ``env`` added to its environment and this checkout's sources
    (or ``src``: another commit's, to compare) on its path: yields it once it answers (within
    30 s); stops it when the ``with`` ends (terminated, killed if it has not stopped within
    15 s)."""
    port = free_port()
    full = {**os.environ, **env,
            "PYTHONPATH": f"{ROOT}{os.pathsep}{src or ROOT / 'src'}{os.pathsep}"
                          + os.environ.get("PYTHONPATH", "")}
    server = subprocess.Popen(
        [sys.executable, "-m", "uvicorn", app, "--factory", "--host", "127.0.0.1",
         "--port", str(port), "--log-level", "warning", *uvicorn_args],
        cwd=ROOT, env=full,
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
        yield Served(url, server.pid)
    finally:
        server.terminate()
        try:
            server.wait(15)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait(10)
