"""Browser tests: Playwright for Python driving Debian's ``chromium`` (never a downloaded
browser) against the real server in a subprocess on a free loopback port. Screenshots are kept
in ``artifacts/e2e/``. Marked ``e2e``; they run by default (``-m "not e2e"`` skips them).

Most contexts bypass the pages' Content-Security-Policy, because Playwright's
``wait_for_function`` evaluates its text as a script; the lobby test runs under the policy."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.server.process import ROOT, ServerProcess

CHROMIUM = os.environ.get("KOLODA_CHROMIUM", "/usr/bin/chromium")
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
ARTIFACTS = ROOT / "artifacts" / "e2e"


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "e2e: end-to-end tests in a real browser (chromium)")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if Path(str(item.fspath)).is_relative_to(here):
            item.add_marker(pytest.mark.e2e)


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if not Path(CHROMIUM).exists() and shutil.which("chromium") is None:
        pytest.fail("chromium is missing: run scripts/system-deps.sh (Debian's chromium package)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    db = tmp_path_factory.mktemp("e2e") / "e2e.db"
    proc = ServerProcess(db, bot_delay=0.0).start()
    yield proc
    proc.stop()


@pytest.fixture(scope="session")
def shots() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS
