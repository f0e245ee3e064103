"""The table page says what the server says, in the page's language: a refused action by the
server's own reason (never the action's text), and the end of the game by the game's summary
in that language (``result.text``)."""

from __future__ import annotations

import random
import re
from typing import Any

import httpx
import pytest

from koloda.engine import game_specs
from tests.e2e.helpers import create_table, wait_ready

pytestmark = pytest.mark.skipif("duel" not in {s.name for s in game_specs()},
                                reason="the duel is not registered")


def test_a_refusal_and_the_end_in_the_pages_language(browser: Any, server: Any) -> None:
    t = create_table(server.url, {"game": "duel", "seed": 5, "lang": "ru", "seats": [
        {"kind": "human", "name": "Аня"}, {"kind": "human", "name": "Борис"}]})
    base, tid = server.url, t["table"]
    heads = [{"Authorization": f"Bearer {s['token']}"} for s in t["seats"]]
    v = httpx.get(f"{base}/api/tables/{tid}/view", headers=heads[0]).json()
    chosen = v["legal"][0]
    r = httpx.post(f"{base}/api/tables/{tid}/act", headers=heads[0],
                   json={"action": chosen, "version": v["version"]})
    assert r.status_code == 200
    ctx = browser.new_context(bypass_csp=True, viewport={"width": 360, "height": 740})
    ctx.add_init_script("localStorage.setItem('koloda.lang', 'ru')")
    page = ctx.new_page()
    page.goto(base + t["seats"][0]["link"] + "&debug")
    wait_ready(page)
    # Аня has chosen: the same choice again (typed in the debug field) is refused; the duel's
    # reason is not all in Russian yet, so the page says the general words only
    _type(page, chosen)
    error = page.text_content("#error") or ""
    assert not re.search(r"[A-Za-z]{2,}", error), error
    assert "Такой ход сейчас недопустим" in error and chosen not in error, error
    assert page.get_attribute("#error", "data-code") == "illegal_action"
    page.evaluate("localStorage.removeItem('koloda.debug')")
    # to the end through the API; the page shows the game's own words for it in Russian
    rng = random.Random(5)
    for _ in range(300):
        v = httpx.get(f"{base}/api/tables/{tid}/view?lang=ru", headers=heads[0]).json()
        if v["finished"]:
            break
        for head in heads:
            w = httpx.get(f"{base}/api/tables/{tid}/view", headers=head).json()
            if w["legal"]:
                httpx.post(f"{base}/api/tables/{tid}/act", headers=head,
                           json={"action": rng.choice(w["legal"]), "version": w["version"]})
    assert v["finished"] and v["result"]["text"]
    page.wait_for_function("document.body.dataset.finished === '1'")
    assert (page.text_content("#summary") or "").strip() == v["result"]["text"]
    assert re.search("[а-яё]", v["result"]["text"]) and "Игрок" not in v["result"]["text"]
    # a move after the end: the server's reason, in Russian, shown as it says it
    page.evaluate("localStorage.setItem('koloda.debug', '1')")
    page.reload()
    wait_ready(page)
    _type(page, chosen)
    error = page.text_content("#error") or ""
    assert error == "Ошибка: Такой ход сейчас недопустим: игра окончена", error
    page.evaluate("localStorage.removeItem('koloda.debug')")
    ctx.close()


def _type(page: Any, action: str) -> None:
    page.locator("details.all-actions summary").click()
    page.fill("input[name=action]", action)
    page.press("input[name=action]", "Enter")
    page.wait_for_function("document.getElementById('error').textContent !== ''")
