"""Gwent's throw-in on the page: the watching player picks the cards, then confirms on a side
(the combinations are not listed as buttons before a card is picked)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import httpx
import pytest

from koloda.engine import game_specs, load_game
from tests.e2e.helpers import after_click, create_table, wait_ready

pytestmark = pytest.mark.skipif("gwent" not in {s.name for s in game_specs()},
                                reason="Gwent is not registered")


def _to_a_throw_in(seed: int) -> list[tuple[int, str]] | None:
    """Random actions from the deal of ``seed`` until seat 0 may throw in (None: never)."""
    g = load_game("gwent", players=3)
    s = g.new(seed=seed)
    rng = random.Random(seed)
    done: list[tuple[int, str]] = []
    while not s.is_terminal and len(done) < 300:
        if 0 in s.to_act and any(str(a).startswith("throw ") for a in s.legal_actions(0)):
            return done
        seat = s.to_act[0]
        action = rng.choice(list(s.legal_actions(seat)))
        done.append((seat, str(action)))
        s.apply(seat, action)
    return None


def test_a_throw_in_is_picked_then_confirmed(browser: Any, server: Any, shots: Path) -> None:
    seed, moves = next((sd, m) for sd in range(40) if (m := _to_a_throw_in(sd)) is not None)
    t = create_table(server.url, {"game": "gwent", "players": 3, "seed": seed, "lang": "ru",
                                  "seats": [{"kind": "human", "name": n}
                                            for n in ("Аня", "Борис", "Вера")]})
    tokens = [s["token"] for s in t["seats"]]
    base, tid = server.url, t["table"]
    for seat, text in moves:
        head = {"Authorization": f"Bearer {tokens[seat]}"}
        v = httpx.get(f"{base}/api/tables/{tid}/view", headers=head).json()
        r = httpx.post(f"{base}/api/tables/{tid}/act", headers=head,
                       json={"action": text, "version": v["version"]})
        assert r.status_code == 200, r.text
    ctx = browser.new_context(bypass_csp=True, viewport={"width": 360, "height": 740})
    ctx.add_init_script("localStorage.setItem('koloda.lang', 'ru')")
    page = ctx.new_page()
    page.goto(server.url + t["seats"][0]["link"])
    wait_ready(page)
    assert page.locator("[data-help='throw']").count() == 1
    # nothing picked: no throw is offered yet, only the pass
    assert page.locator("#actions [data-kind='throw']").count() == 0
    v = httpx.get(f"{base}/api/tables/{tid}/view",
                  headers={"Authorization": f"Bearer {tokens[0]}"}).json()
    throw = next(a for a in v["actions"] if a["kind"] == "throw")
    for card in throw["fields"]["cards"]:
        page.click(f"[data-zone=mine] button.card[data-card='{card}']")
    offered = page.locator("#actions [data-kind='throw']")
    assert offered.count() >= 1
    page.screenshot(path=shots / "gwent-throw-in-picked.png", full_page=True)
    labels = offered.all_text_contents()
    assert all("Подбросить" in x for x in labels)
    # each throw-in says what it does to the damage on each side (the server's preview)
    previewed = [a for a in v["actions"] if a["kind"] == "throw" and a["fields"].get("preview")]
    if previewed and set(previewed[0]["fields"]["cards"]) == set(throw["fields"]["cards"]):
        shown = offered.locator(".preview").all_text_contents()
        assert shown and all("урон" in x and "→" in x for x in shown), shown
    after_click(page, lambda: offered.first.click())
    ctx.close()
