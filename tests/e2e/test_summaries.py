"""What a person sees between decisions and at the end, for each game against bots on a Russian
phone page: the summary when a round (duel), a step (Nevermore) or an exchange (Gwent) ends —
built from the seat's own log, in Russian, closed by «Понятно» — and the end screen in the
page's language; axe-core (serious/critical) on the summary's mid-game state and on the end
screen; the Russian-text checker over both. Screenshots in ``artifacts/e2e/``."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from koloda.engine import game_specs
from tests.e2e.helpers import create_table, finished, my_turn, play_until_over, wait_ready
from tests.e2e.test_a11y import _serious
from tests.e2e.test_against_bots import gwent_move, nevermore_move
from tests.e2e.test_duel import duel_move
from tests.e2e.test_phone_ru import _check

REGISTERED = {s.name for s in game_specs()}
MOVES = {"duel": duel_move, "nevermore": nevermore_move, "gwent": gwent_move}


#: Where the summary box and the bar of choices are on the screen (the bar's top is the screen's
#: bottom when the bar is empty), and the room the bar leaves.
_SUMMARY_SPACE = """() => {
  const box = document.getElementById("summary-box").getBoundingClientRect();
  const bar = document.getElementById("actions").getBoundingClientRect();
  const barTop = bar.height > 0 ? bar.top : window.innerHeight;
  return { box_top: box.top, box_bottom: box.bottom, box_height: box.height, bar_top: barTop,
           room: barTop > 0 ? window.innerHeight - (bar.height > 0 ? bar.height : 0) : 0 };
}"""


def _until_summary(page: Any, game: str, limit: float = 60) -> None:
    deadline = time.monotonic() + limit
    while not page.evaluate("document.body.dataset.summary || ''"):
        assert time.monotonic() < deadline, "no summary came"
        assert not finished(page), "the game ended without a summary"
        if my_turn(page):
            MOVES[game](page)
        else:
            time.sleep(0.05)


@pytest.mark.parametrize(("game", "players", "options", "title"), [
    ("duel", 2, {}, "Итоги раунда 1"),
    ("nevermore", 3, {"max_rounds": 1}, "Итоги шага"),
    ("gwent", 2, {"rounds": 1, "hand_size": 6}, "Итоги гейма"),
])
def test_a_summary_after_each_step_and_the_end_screen_in_russian(
    browser: Any, server: Any, shots: Path, game: str, players: int, options: dict[str, Any],
    title: str,
) -> None:
    if game not in REGISTERED:
        pytest.skip(f"{game} is not registered")
    t = create_table(server.url, {
        "game": game, "players": players, "seed": 7, "lang": "ru", "options": options,
        "seats": [{"kind": "human", "name": "Аня"}]
        + [{"kind": "bot", "bot": "bot:heuristic"}] * (players - 1)})
    ctx = browser.new_context(bypass_csp=True, viewport={"width": 360, "height": 740},
                              locale="ru-RU")
    ctx.add_init_script("localStorage.setItem('koloda.lang', 'ru')")
    page = ctx.new_page()
    page.goto(server.url + t["seats"][0]["link"])
    wait_ready(page)
    _until_summary(page, game)
    box = page.locator("#summary-box")
    assert box.is_visible()
    text = box.inner_text()
    assert title in text, text
    assert box.locator("li").count() >= 2 and box.locator("li.outcome").count() == 1
    _check(page, f"{game}: the summary")
    # the bar of choices at the bottom of the phone's screen leaves the summary readable whole
    space = page.evaluate(_SUMMARY_SPACE)
    if space["box_height"] <= space["room"]:
        assert space["box_top"] >= -1 and space["box_bottom"] <= space["bar_top"] + 1, repr(space)
    page.screenshot(path=shots / f"{game}-ru-phone-summary.png")
    page.screenshot(path=shots / f"{game}-ru-phone-summary-full.png", full_page=True)
    found = _serious(page)
    assert not found, "\n".join(found)
    shown = page.evaluate("document.body.dataset.summary")
    page.click("#summary-close")
    assert not box.is_visible() and page.evaluate("document.body.dataset.summary") == ""
    # …and a later step's summary comes by itself
    _until_summary(page, game) if not finished(page) else None
    assert page.evaluate("document.body.dataset.summary") != shown or finished(page)
    play_until_over([page], MOVES[game], limit=120)
    result = page.locator("#result")
    assert "Игра окончена" in (result.inner_text() or "")
    _check(page, f"{game}: the end")
    page.screenshot(path=shots / f"{game}-ru-phone-end-summary.png", full_page=True)
    found = _serious(page)
    assert not found, "\n".join(found)
    ctx.close()
