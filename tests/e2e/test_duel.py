"""Two people in two browser contexts play a whole duel against each other."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from koloda.engine import game_specs
from tests.e2e.helpers import after_click, create_table, play_until_over, wait_ready

pytestmark = pytest.mark.skipif(
    "duel" not in {s.name for s in game_specs()}, reason="the duel is not registered"
)


def duel_move(page: Any) -> None:
    """A person's move through the duel's own page: tap cards, confirm."""
    if page.locator("#duel-confirm").count():
        # cards still picked after a refused choice (a bot moved first) stay picked
        picked = page.locator(".zone button.card[aria-pressed='true']").count()
        ids = page.eval_on_selector_all(
            ".zone button.card:not([disabled])[aria-pressed='false']",
            "els => els.map(e => e.dataset.card)")
        for card in ids[:max(0, 3 - picked)]:
            page.click(f"button.card[data-card='{card}']")
        after_click(page, lambda: page.click("#duel-confirm"))
    elif page.locator("[data-action='no-swap']").count():
        after_click(page, lambda: page.click("[data-action='no-swap']"))
    elif page.locator("[data-action='decline-end']").count():
        after_click(page, lambda: page.click("[data-action='decline-end']"))
    else:
        first = page.locator("[data-zone='mine'] button.card").first
        first.click()
        after_click(page, lambda: page.click("#actions [data-shortcut='1']"))


def test_two_people_play_a_whole_duel(browser: Any, server: Any, shots: Path) -> None:
    t = create_table(server.url, {"game": "duel", "seed": 12, "seats": [
        {"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Вера"}]})
    pages = []
    for seat, lang in ((0, "en"), (1, "ru")):
        ctx = browser.new_context(
            bypass_csp=True, viewport={"width": 390, "height": 844}, locale=lang)
        page = ctx.new_page()
        page.goto(server.url + t["seats"][seat]["link"])
        wait_ready(page)
        pages.append(page)
    pages[0].screenshot(path=shots / "duel-start-ann.png", full_page=True)
    watcher = browser.new_context(
        bypass_csp=True, viewport={"width": 1024, "height": 768}).new_page()
    watcher.goto(server.url + t["spectator"])
    wait_ready(watcher)

    def shoot(n: int) -> None:
        if n == 4:
            for i, p in enumerate(pages):
                p.screenshot(path=shots / f"duel-mid-{i}.png", full_page=True)

    def reopen(n: int) -> None:
        shoot(n)
        if n == 5:  # reopening the table's address (no secret in it) restores the seat
            pages[0].goto(server.url + f"/t/{t['table']}")
            wait_ready(pages[0])
            assert "Ann" in pages[0].text_content("#turn")
            assert pages[0].locator("[data-zone='mine']").count() == 1

    play_until_over(pages, duel_move, on_move=reopen)
    for i, p in enumerate(pages):
        p.screenshot(path=shots / f"duel-end-{i}.png", full_page=True)
        assert p.locator("#result .verdict").is_visible()
    # the spectator saw the whole duel with public information only
    watcher.wait_for_function("document.body.dataset.finished === '1'")
    watcher.screenshot(path=shots / "duel-end-spectator.png", full_page=True)
    assert watcher.locator("[data-zone='mine']").count() == 0
    assert watcher.locator("#actions button").count() == 0
    assert "Ann" in (watcher.text_content("#result") or "")
    watcher.context.close()
    # «Сыграть ещё» needs both: after Ann asks, Вера still sees the end screen and who asked
    pages[0].click("#again")
    pages[1].wait_for_selector("#again-who")
    assert "Ann" in (pages[1].text_content("#again-who") or "")
    assert pages[1].locator("#result .verdict").is_visible()
    pages[0].wait_for_selector("#again[disabled]")
    pages[1].screenshot(path=shots / "duel-again-asked-1.png", full_page=True)
    after_click(pages[1], lambda: pages[1].click("#again"))
    for p in pages:
        p.wait_for_function("document.body.dataset.finished !== '1'")
        assert p.locator("#result").is_hidden()
    pages[1].screenshot(path=shots / "duel-again-1.png", full_page=True)
    for p in pages:
        p.context.close()


def test_the_server_is_killed_mid_duel_and_the_page_plays_on_after_restart(
    browser: Any, server: Any, shots: Path
) -> None:
    t = create_table(server.url, {"game": "duel", "seed": 21, "seats": [
        {"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "bot:heuristic"}]})
    ctx = browser.new_context(
        bypass_csp=True, viewport={"width": 390, "height": 844})
    page = ctx.new_page()
    page.goto(server.url + t["seats"][0]["link"])
    wait_ready(page)
    state: dict[str, str] = {}

    def restart(n: int) -> None:
        if n == 2:  # after the hand and one round: kill -9, start again on the same port
            page.wait_for_function("document.body.dataset.myTurn === '1'")
            page.wait_for_timeout(300)  # the bot's own choice, made at once, has arrived
            state["before"] = page.text_content("#board") or ""
            server.kill()
            page.wait_for_function("document.getElementById('status').textContent !== "
                                   "'Connected'")
            server.start()
            page.wait_for_function("document.body.dataset.version !== '' && "
                                   "['Connected', 'Подключено'].includes("
                                   "document.getElementById('status').textContent)",
                                   timeout=20_000)
            assert page.text_content("#board") == state["before"]
            page.screenshot(path=shots / "duel-after-restart.png", full_page=True)

    play_until_over([page], duel_move, on_move=restart)
    assert "before" in state and page.locator("#result .verdict").is_visible()
    ctx.close()
