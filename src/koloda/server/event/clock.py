"""The event server's clock: wall-clock milliseconds, injectable for tests.

Every operation of a live event is stamped by the server with the time in milliseconds since
the epoch, and every timer is an absolute deadline in the same unit (``docs/event-server.md``).
The server reads the time only through a :class:`Clock`:

- :class:`SystemClock` — the machine's clock (``time.time()``), what ``koloda serve`` uses;
- :class:`FileClock` — the time written in a file (milliseconds, one integer), re-read at every
  call. Tests point the environment variable :data:`CLOCK_ENV` at such a file, start the real
  server and move time by rewriting the file, also while the server is down. It is a test-only
  setting of the process: no HTTP endpoint can move the clock.
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Protocol

#: The environment variable naming a clock file (tests only).
CLOCK_ENV = "KOLODA_TEST_CLOCK_FILE"


class Clock(Protocol):
    def now_ms(self) -> int:
        """The current time in milliseconds since the epoch."""
        ...


class SystemClock:
    """The machine's wall clock."""

    def now_ms(self) -> int:
        return int(time.time() * 1000)


class FileClock:
    """The time written in ``path`` as an integer number of milliseconds.

    >>> import tempfile, pathlib
    >>> p = pathlib.Path(tempfile.mkdtemp()) / "clock"
    >>> FileClock.write(p, 1_000)
    >>> FileClock(p).now_ms()
    1000
    """

    def __init__(self, path: Path) -> None:
        self.path = path

    def now_ms(self) -> int:
        text = self.path.read_text(encoding="ascii").strip()
        return int(text)

    @staticmethod
    def write(path: Path, ms: int) -> None:
        """Set the time atomically (a reader never sees a half-written number)."""
        tmp = path.with_name(path.name + ".tmp")
        tmp.write_text(str(int(ms)), encoding="ascii")
        os.replace(tmp, path)


class ManualClock:
    """A clock moved by hand (in-process tests)."""

    def __init__(self, ms: int) -> None:
        self.ms = ms

    def now_ms(self) -> int:
        return self.ms

    def advance(self, ms: int) -> None:
        self.ms += ms


def default_clock() -> Clock:
    """The clock file named by :data:`CLOCK_ENV` when set, else the system clock."""
    path = os.environ.get(CLOCK_ENV, "").strip()
    if path:
        return FileClock(Path(path))
    return SystemClock()
