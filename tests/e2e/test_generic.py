"""The generic page: any registered game (here the toy game) played to the end with the
keyboard only, the language switched on the way."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.e2e.helpers import create_table, finished, my_turn, version, wait_ready


def test_the_generic_page_plays_a_game_with_the_keyboard(
    browser: Any, server: Any, shots: Path
) -> None:
    t = create_table(server.url, {"game": "toy", "seed": 3, "players": 3, "seats": [
        {"kind": "human", "name": "Kim"}, {"kind": "bot", "bot": "bot:random"},
        {"kind": "bot", "bot": "bot:random"}]})
    ctx = browser.new_context(
        bypass_csp=True, viewport={"width": 360, "height": 740}, locale="en-US")
    page = ctx.new_page()
    page.goto(server.url + t["seats"][0]["link"])
    wait_ready(page)
    assert page.locator("dl.tree").count() == 1  # the observation as a tree
    page.click("text=RU")  # the language switch: the page's words change at once
    page.wait_for_function("document.getElementById('turn').textContent.includes('Вы —')")
    while not finished(page):
        page.wait_for_function("document.body.dataset.myTurn === '1' "
                               "|| document.body.dataset.finished === '1'")
        if my_turn(page):
            before = version(page)
            page.keyboard.press("1")
            page.wait_for_function("([v]) => document.body.dataset.version !== v", arg=[before])
    page.screenshot(path=shots / "generic-toy-end.png", full_page=True)
    assert "Игра окончена" in (page.text_content("#result") or "")
    page.click("text=EN")
    ctx.close()
