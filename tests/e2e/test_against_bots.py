"""A person plays a whole Nevermore game and a whole Gwent match against bots, through each
game's own page (cards tapped, choices as buttons in words)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from koloda.engine import game_specs
from tests.e2e.helpers import after_click, create_table, play_until_over, wait_ready

REGISTERED = {s.name for s in game_specs()}


def nevermore_move(page: Any) -> None:
    if page.locator("#nm-pass").count():
        # the cards still picked after a refused pass (a bot moved first) stay picked
        picked = page.locator("[data-zone=mine] button.card[aria-pressed='true']").count()
        ids = page.eval_on_selector_all("[data-zone=mine] button.card[aria-pressed='false']",
                                        "els => els.map(e => e.dataset.card)")
        size = int(page.get_attribute("#nm-pass", "data-size") or 0)
        for card in ids[:max(0, size - picked)]:
            page.click(f"[data-zone=mine] button.card[data-card='{card}']")
        after_click(page, lambda: page.click("#nm-pass"))
    else:
        after_click(page, lambda: page.click("#actions [data-shortcut='1']"))


def gwent_move(page: Any) -> None:
    if not page.locator("#actions [data-shortcut='1']").count():
        page.locator("[data-zone=mine] button.card:not([disabled])").first.click()
    after_click(page, lambda: page.click("#actions [data-shortcut='1']"))


def _play(browser: Any, server: Any, shots: Path, name: str, body: dict[str, Any],
          move: Any) -> None:
    t = create_table(server.url, body)
    ctx = browser.new_context(
        bypass_csp=True, viewport={"width": 390, "height": 844})
    page = ctx.new_page()
    page.goto(server.url + t["seats"][0]["link"])
    wait_ready(page)
    page.screenshot(path=shots / f"{name}-start.png", full_page=True)

    def shoot(n: int) -> None:
        if n == 6:
            page.screenshot(path=shots / f"{name}-mid.png", full_page=True)

    moves = play_until_over([page], move, limit=150, on_move=shoot)
    page.screenshot(path=shots / f"{name}-end.png", full_page=True)
    assert moves > 0 and page.locator("#result .verdict").is_visible()
    ctx.close()


@pytest.mark.skipif("nevermore" not in REGISTERED, reason="Nevermore is not registered")
def test_a_person_plays_a_whole_nevermore_game_against_bots(
    browser: Any, server: Any, shots: Path
) -> None:
    _play(browser, server, shots, "nevermore", {
        "game": "nevermore", "players": 3, "seed": 3, "lang": "ru",
        "seats": [{"kind": "human", "name": "Аня"}, {"kind": "bot", "bot": "bot:heuristic"},
                  {"kind": "bot", "bot": "bot:heuristic"}]}, nevermore_move)


@pytest.mark.skipif("gwent" not in REGISTERED, reason="Gwent is not registered")
def test_a_person_plays_a_whole_gwent_match_against_bots(
    browser: Any, server: Any, shots: Path
) -> None:
    _play(browser, server, shots, "gwent", {
        "game": "gwent", "players": 2, "seed": 4,
        "seats": [{"kind": "human", "name": "Geralt"}, {"kind": "bot", "bot": "bot:heuristic"}]},
        gwent_move)


@pytest.mark.skipif("nevermore" not in REGISTERED, reason="Nevermore is not registered")
def test_nevermore_magic_windows_pass_by_themselves_once_asked(
    browser: Any, server: Any, shots: Path
) -> None:
    t = create_table(server.url, {
        "game": "nevermore", "players": 3, "seed": 2, "lang": "ru",
        "seats": [{"kind": "human", "name": "Аня"}, {"kind": "bot", "bot": "bot:heuristic"},
                  {"kind": "bot", "bot": "bot:heuristic"}]})
    ctx = browser.new_context(bypass_csp=True, viewport={"width": 360, "height": 740})
    ctx.add_init_script("localStorage.setItem('koloda.lang', 'ru')")
    page = ctx.new_page()
    page.goto(server.url + t["seats"][0]["link"])
    wait_ready(page)
    page.wait_for_function("document.body.dataset.phase === 'magic' "
                           "&& document.body.dataset.myTurn === '1'")
    page.check("#auto-pass")
    # the window is passed for Аня: the draft's first pass is next, nothing clicked
    page.wait_for_function("document.body.dataset.phase === 'pass'")
    page.screenshot(path=shots / "nevermore-auto-pass.png", full_page=True)
    ctx.close()
