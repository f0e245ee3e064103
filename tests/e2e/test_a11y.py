"""Accessibility by axe-core (vendored by ``axe-playwright-python``, injected from the local
package, never a CDN): the lobby and a table page of each game, in Russian on a phone and in
English on a desktop, with no serious or critical violation."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from koloda.engine import game_specs
from tests.e2e.helpers import create_table, wait_ready

REGISTERED = {s.name for s in game_specs()}


def _serious(page: Any) -> list[str]:
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page)
    out = []
    for v in results.response["violations"]:
        if v.get("impact") in ("serious", "critical"):
            where = [n["target"] for n in v["nodes"]][:3]
            out.append(f"{v['id']} ({v['impact']}): {v['help']} at {where}")
    return out


@pytest.mark.parametrize(("lang", "size"), [("ru", (360, 740)), ("en", (1280, 800))])
def test_the_lobby_has_no_serious_violation(browser: Any, server: Any, lang: str,
                                            size: tuple[int, int]) -> None:
    ctx = browser.new_context(bypass_csp=True, viewport={"width": size[0], "height": size[1]})
    ctx.add_init_script(f"localStorage.setItem('koloda.lang', '{lang}')")
    page = ctx.new_page()
    page.goto(server.url + "/")
    page.wait_for_selector("[data-quick]")
    page.click("#more summary")
    found = _serious(page)
    assert not found, "\n".join(found)
    ctx.close()


@pytest.mark.parametrize(("game", "players"), [("duel", 2), ("nevermore", 4), ("gwent", 3)])
def test_each_table_page_has_no_serious_violation(browser: Any, server: Any, shots: Path,
                                                  game: str, players: int) -> None:
    if game not in REGISTERED:
        pytest.skip(f"{game} is not registered")
    t = create_table(server.url, {"game": game, "players": players, "seed": 5, "lang": "ru",
                                  "seats": [{"kind": "human", "name": "Аня"}] + [
                                      {"kind": "bot", "bot": "bot:heuristic"}] * (players - 1)})
    ctx = browser.new_context(bypass_csp=True, viewport={"width": 360, "height": 740})
    ctx.add_init_script("localStorage.setItem('koloda.lang', 'ru')")
    page = ctx.new_page()
    page.goto(server.url + t["seats"][0]["link"])
    wait_ready(page)
    page.wait_for_selector("body[data-my-turn='1']", state="attached")
    found = _serious(page)
    assert not found, "\n".join(found)
    ctx.close()
