"""The event's pages in a real browser: the real server in a subprocess whose clock is a file
(``KOLODA_TEST_CLOCK_FILE``), the test event of ``tests/server/event/conftest.py`` (a master,
a doctor, an NPC and five participants) in Moscow's time (``utc_offset_min=180``), phones as
360×740 touch contexts in Russian whose own time zone is another, the desk on a laptop-sized
one. The server's clock stands still between the test's steps, and so
does every page's (Playwright's clock API: ``set_fixed_time``; the pages' own timers still
run); :meth:`Site.advance` moves both by the same amount, so 15-minute timers take seconds."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from koloda.server.event.clock import CLOCK_ENV, FileClock
from tests.server.event.conftest import T0, make_event
from tests.server.process import ServerProcess

pytest.importorskip("koloda.games.event")

PHONE = {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True,
         "locale": "ru-RU", "timezone_id": "Asia/Vladivostok", "device_scale_factor": 2}
LAPTOP = {"viewport": {"width": 1280, "height": 800}, "locale": "ru-RU",
          "timezone_id": "UTC"}


class Site:
    """One event on one server, its clock, and the browser pages opened on it."""

    def __init__(self, browser: Any, tmp: Path, monkeypatch: pytest.MonkeyPatch,
                 options: dict[str, Any] | None = None) -> None:
        self.browser = browser
        self.clock = tmp / "clock"
        self.now = T0
        FileClock.write(self.clock, self.now)
        monkeypatch.setenv(CLOCK_ENV, str(self.clock))
        self.db = tmp / "event.db"
        # the event's clock times are Moscow's; the phones think they are in Vladivostok
        self.eid, self.tokens, self.badges = make_event(
            self.db, options={"utc_offset_min": 180, **(options or {})})
        self.server = ServerProcess(self.db).start()
        self.contexts: list[Any] = []
        self.pages: list[Any] = []

    @property
    def url(self) -> str:
        return self.server.url

    def open(self, who: int | None, *, path: str = "", phone: bool = True,
             fragment: str | None = None) -> Any:
        """A new context and page: ``who``'s login link (None: no login) at ``path``."""
        ctx = self.browser.new_context(**(PHONE if phone else LAPTOP), bypass_csp=True)
        ctx.clock.set_fixed_time(datetime.fromtimestamp(self.now / 1000, UTC))
        page = ctx.new_page()
        page.set_default_timeout(10_000)
        frag = fragment if fragment is not None else (
            f"login={self.tokens[who]}" if who is not None else "")
        page.goto(f"{self.url}/e/{self.eid}{path}" + (f"#{frag}" if frag else ""))
        self.contexts.append(ctx)
        self.pages.append(page)
        return page

    def advance(self, ms: int) -> None:
        """Move the server's clock and every page's clock on by ``ms``."""
        self.now += ms
        FileClock.write(self.clock, self.now)
        for p in self.pages:
            if not p.is_closed():
                p.clock.set_fixed_time(datetime.fromtimestamp(self.now / 1000, UTC))

    def restart(self) -> None:
        """Start the server again on the same port and database (after :meth:`kill`)."""
        self.server = ServerProcess(self.db, port=self.server.port).start()

    def close(self) -> None:
        for ctx in self.contexts:
            ctx.close()
        self.server.stop()


@pytest.fixture
def site(browser: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Site]:
    s = Site(browser, tmp_path, monkeypatch)
    yield s
    s.close()


@pytest.fixture
def notes_site(browser: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Site]:
    """An event whose participants read the notes on them (ED23's other reading)."""
    s = Site(browser, tmp_path, monkeypatch, options={"notes_to_patient": True})
    yield s
    s.close()
