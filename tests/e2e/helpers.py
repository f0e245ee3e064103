"""Moves a person makes in the browser, waiting for the server's answer each time."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import httpx

Page = Any


def create_table(base: str, body: dict[str, Any]) -> dict[str, Any]:
    r = httpx.post(base + "/api/tables", json=body)
    assert r.status_code == 201, r.text
    data: dict[str, Any] = r.json()
    return data


def version(page: Page) -> str:
    return str(page.evaluate("document.body.dataset.version || ''"))


def wait_ready(page: Page) -> None:
    """The page shows a game: a version, and nothing it needs still loading (Gwent's cards)."""
    page.wait_for_function("document.body.dataset.version !== undefined "
                           "&& document.body.dataset.version !== '' "
                           "&& document.body.dataset.loading === undefined")


def my_turn(page: Page) -> bool:
    return bool(page.evaluate("document.body.dataset.myTurn === '1' "
                              "&& document.body.dataset.pending !== '1'"))


def finished(page: Page) -> bool:
    return bool(page.evaluate("document.body.dataset.finished === '1'"))


def after_click(page: Page, click: Callable[[], None]) -> None:
    """Click, then wait until the table's version moves on (or an error shows)."""
    before = version(page)
    click()
    page.wait_for_function(
        "([v]) => document.body.dataset.version !== v "
        "|| document.getElementById('error').textContent !== ''",
        arg=[before], timeout=10_000,
    )
    error = page.text_content("#error") or ""
    code = page.get_attribute("#error", "data-code") or ""
    # a bot's choice in the same simultaneous step may have moved the table on: the page shows
    # the refusal and the new view, and the person chooses again (as a person would)
    assert not error or code == "stale_version", (code, error)


def play_generic(page: Page) -> None:
    """One move through the generic list: the first legal action."""
    details = page.locator("details.all-actions")
    if details.count() and not details.first.evaluate("d => d.open"):
        details.first.locator("summary").click()
    after_click(page, lambda: page.locator("button.action").first.click())


def play_until_over(pages: list[Page], move: Callable[[Page], None], *, limit: float = 90,
                    on_move: Callable[[int], None] | None = None) -> int:
    """Let each page move whenever it is its turn until every page shows the game over."""
    moves = 0
    deadline = time.monotonic() + limit
    while not all(finished(p) for p in pages):
        assert time.monotonic() < deadline, "the game did not finish in time"
        moved = False
        for p in pages:
            if not finished(p) and my_turn(p):
                move(p)
                moves += 1
                moved = True
                if on_move is not None:
                    on_move(moves)
        if not moved:
            time.sleep(0.05)
    return moves
