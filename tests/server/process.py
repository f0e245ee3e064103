"""Run the play server in a subprocess on a free loopback port (restart and browser tests)."""

from __future__ import annotations

import os
import signal
import socket
import ssl
import subprocess
import sys
import time
from pathlib import Path

import httpx

from tests.server.conftest import db_url

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class ServerProcess:
    """``python -m tests.server.serve_toy`` (the real ``serve`` command, with the toy game
    registered too) on 127.0.0.1:port, storing its tables at ``db``."""

    def __init__(self, db: Path, *, port: int | None = None, bot_delay: float = 0.0,
                 log: Path | None = None, tls: tuple[Path, Path] | None = None) -> None:
        self.db = db
        self.tls = tls  # (certificate, key): serve HTTPS
        self.port = port or free_port()
        self.bot_delay = bot_delay
        self.log = log or db.with_suffix(".log")
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"{'https' if self.tls else 'http'}://127.0.0.1:{self.port}"

    def start(self) -> ServerProcess:
        path = str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")
        env = {**os.environ, "PYTHONPATH": path}
        out = open(self.log, "ab")  # noqa: SIM115  (kept open for the process's lifetime)
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "tests.server.serve_toy", "--port", str(self.port),
             "--db", db_url(self.db),
             "--bot-delay", str(self.bot_delay),
             "--log-level", "warning", "--fixed-seeds", "--message-rate", "1000",
             # every page of a test session connects from 127.0.0.1 (the limit itself is
             # tested in test_abuse.py)
             "--socket-opens-per-minute", "100000",
             *(["--certfile", str(self.tls[0]), "--keyfile", str(self.tls[1])]
               if self.tls else [])],
            cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT,
        )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited: {self.log.read_text()[-2000:]}")
            try:
                verify = ssl.create_default_context(cafile=str(self.tls[0])) if self.tls else True
                ok = httpx.get(self.url + "/api/games", timeout=1, verify=verify).status_code
                if ok == 200:
                    return self
            except httpx.HTTPError:
                time.sleep(0.1)
        self.kill()  # not left running behind the failed test
        raise RuntimeError("server did not start in 30 s")

    def kill(self) -> None:
        """Stop the process abruptly (SIGKILL): no shutdown code runs."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()
