"""A game added as one package brings its own page: the toy game ``coin`` (``tests/newgame``,
only put on the server's path) is drawn at its table by its own renderer (``page.js``, named
in its spec), in Russian and in English, and played to the end by its buttons against its bot."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.helpers import create_table, finished, my_turn, version, wait_ready
from tests.server.process import ROOT, ServerProcess

pytestmark = pytest.mark.skipif(
    os.environ.get("KOLODA_TEST_DATABASE_URL", "").startswith("postgresql"),
    reason="the toy game's server keeps its own SQLite file")


@pytest.fixture(scope="module")
def coin_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    newgame = str(ROOT / "tests" / "newgame")
    before = os.environ.get("PYTHONPATH")
    os.environ["PYTHONPATH"] = os.pathsep.join([newgame, *([before] if before else [])])
    try:
        proc = ServerProcess(tmp_path_factory.mktemp("coin") / "coin.db").start()
    finally:
        if before is None:
            del os.environ["PYTHONPATH"]
        else:
            os.environ["PYTHONPATH"] = before
    yield proc
    proc.stop()


def test_the_toy_game_is_played_on_its_own_page(browser: Any, coin_server: ServerProcess,
                                                 shots: Path) -> None:
    t = create_table(coin_server.url, {"game": "coin", "seed": 2, "lang": "ru", "seats": [
        {"kind": "human", "name": "Аня"}, {"kind": "bot", "bot": "bot:heads"}]})
    ctx = browser.new_context(bypass_csp=True, viewport={"width": 360, "height": 740},
                              locale="ru-RU")
    page = ctx.new_page()
    page.goto(coin_server.url + t["seats"][0]["link"])
    wait_ready(page)
    page.wait_for_selector("button.coin[data-side=heads]")
    assert page.locator("section.coin-board").count() == 1  # its renderer, not the generic
    assert page.locator("dl.tree").count() == 0
    assert page.text_content("button.coin[data-side=heads]") == "Орёл"
    assert "Ваша монета: ещё не положена" in (page.text_content(".coin-mine") or "")
    page.click("text=EN")
    page.wait_for_function("document.querySelector('button.coin[data-side=tails]')"
                           "?.textContent === 'Tails'")
    while not finished(page):
        page.wait_for_function("document.body.dataset.myTurn === '1' "
                               "|| document.body.dataset.finished === '1'")
        if my_turn(page):
            before = version(page)
            page.click("button.coin[data-side=tails]")
            page.wait_for_function("([v]) => document.body.dataset.version !== v", arg=[before])
    page.screenshot(path=shots / "coin-own-page-end.png", full_page=True)
    # tails against a bot that always lays heads: every round goes to the second seat
    board = page.text_content(".coin-board") or ""
    assert "Rounds won" in board and "Аня: 0" in board and ": 5" in board, board
    ctx.close()
