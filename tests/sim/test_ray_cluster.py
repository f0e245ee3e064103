"""``--ray HOST:PORT``: a real Ray cluster, started here with ``ray start --head`` as an
organiser would, reached by address from the ``koloda simulate`` command. Skipped when Ray
cannot start here; ``KOLODA_SKIP_RAY=1`` skips it too."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("ray")

BIN = Path(sys.executable).parent


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


HEAD: dict[str, int] = {}


@pytest.fixture(scope="module")
def ray_head(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    port = _free_port()
    log = tmp_path_factory.mktemp("ray") / "head.log"
    with log.open("w") as out:
        # its own session, so that the head and everything it starts can be stopped together
        # without touching other Ray instances on the machine (``ray stop`` would stop them all)
        head = subprocess.Popen(
            [str(BIN / "ray"), "start", "--head", f"--port={port}", "--num-cpus=2",
             "--include-dashboard=false", "--disable-usage-stats", "--block",
             # loopback only: nothing of the test's cluster is reachable from the network
             # (with RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER=0, set by conftest.py, Ray keeps this
             # address instead of replacing it with the machine's outward one)
             "--node-ip-address=127.0.0.1"],
            stdout=out, stderr=subprocess.STDOUT, start_new_session=True,
            env={**os.environ, "RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER": "0"})
        HEAD["pid"] = head.pid
    try:
        deadline = time.monotonic() + 90
        while "Ray runtime started" not in log.read_text():
            if head.poll() is not None or time.monotonic() > deadline:
                pytest.skip(f"ray start did not start a head here: {log.read_text()[-500:]}")
            time.sleep(0.5)
        yield f"127.0.0.1:{port}"
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(head.pid, signal.SIGKILL)
        head.wait(timeout=30)


def _simulate(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(BIN / "koloda"), "simulate", "duel", "--games", "6", "--seed", "3",
         "--bot", "bot:heuristic", "--bot", "bot:random", "--json", "--no-progress", *args],
        capture_output=True, text=True, timeout=300, env={**os.environ, **(env or {})})


@pytest.mark.ray
def test_a_cluster_by_address_plays_the_same_games(ray_head: str) -> None:
    # Ray clusters started by ``ray start`` use token authentication; a driver on the same
    # machine finds the token in ~/.ray and needs RAY_AUTH_MODE=token (docs/simulate.md).
    on_cluster = _simulate("--ray", ray_head, env={"RAY_AUTH_MODE": "token"})
    assert on_cluster.returncode == 0, on_cluster.stderr[-2000:]
    here = _simulate()
    assert here.returncode == 0, here.stderr[-2000:]
    assert json.loads(on_cluster.stdout) == json.loads(here.stdout)
    assert "Connected to Ray cluster" in on_cluster.stderr


@pytest.mark.ray
def test_the_cluster_listens_on_loopback_only(ray_head: str) -> None:
    from tests.sim.conftest import _descendants, listening_addresses, loopback

    addresses = listening_addresses(_descendants(HEAD["pid"]))
    assert addresses, "the head's processes listen nowhere?"
    assert all(loopback(a) for a in addresses), addresses


@pytest.mark.parametrize(("address", "message"), [
    ("127.0.0.1:9", "nothing answers there"),
    ("nowhere", "give 'local', 'auto' or the head node's HOST:PORT"),
    ("10.0.0.5:port", "give 'local', 'auto'"),
])
def test_a_wrong_address_is_a_clear_error_at_once(address: str, message: str,
                                                  tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    started = time.monotonic()
    run = _simulate("--ray", address, "--out", str(out))
    assert run.returncode == 2
    assert message in run.stderr
    assert "Traceback" not in run.stderr
    assert not out.exists() or out.read_text() == ""
    assert time.monotonic() - started < 60  # Ray alone would retry for minutes
