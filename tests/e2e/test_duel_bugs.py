"""The duel's page through the states that once showed the wrong thing: the hand chosen while the
other still chooses, a card going face down (the hand shrinks), the swap seen by the loser and
made by the winner. The seats are moved through the HTTP API; each page follows."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx

from tests.e2e.helpers import after_click, create_table, wait_ready


class Duel:
    def __init__(self, base: str, t: dict[str, Any]) -> None:
        self.base, self.tid = base, t["table"]
        self.tokens = [s["token"] for s in t["seats"]]

    def view(self, seat: int) -> dict[str, Any]:
        r = httpx.get(f"{self.base}/api/tables/{self.tid}/view?lang=ru",
                      headers={"Authorization": f"Bearer {self.tokens[seat]}"})
        data: dict[str, Any] = r.json()
        return data

    def act(self, seat: int, action: str) -> None:
        v = self.view(seat)
        r = httpx.post(f"{self.base}/api/tables/{self.tid}/act",
                       headers={"Authorization": f"Bearer {self.tokens[seat]}"},
                       json={"action": action, "version": v["version"]})
        assert r.status_code == 200, r.text


def _settled(page: Any, version: int) -> None:
    page.wait_for_function("([v]) => document.body.dataset.version === String(v)", arg=[version])


def test_the_duel_page_shows_the_right_hand_face_down_cards_and_the_swap(
    browser: Any, server: Any, shots: Path
) -> None:
    t = create_table(server.url, {"game": "duel", "seed": 8, "lang": "ru", "seats": [
        {"kind": "human", "name": "Аня"}, {"kind": "human", "name": "Борис"}]})
    d = Duel(server.url, t)
    pages = []
    for seat in (0, 1):
        ctx = browser.new_context(bypass_csp=True, viewport={"width": 360, "height": 740},
                                  locale="ru-RU")
        ctx.add_init_script("localStorage.setItem('koloda.lang', 'ru')")
        page = ctx.new_page()
        page.goto(server.url + t["seats"][seat]["link"])
        wait_ready(page)
        pages.append(page)
    # Аня takes the largest hand she may; while Борис chooses she sees that hand, not a «play»
    hand = max(d.view(0)["legal"], key=lambda a: (len(a.split()), a))
    d.act(0, hand)
    _settled(pages[0], d.view(0)["version"])
    mine = pages[0].eval_on_selector_all("[data-zone='mine'] [data-card]",
                                         "els => els.map(e => e.dataset.card)")
    assert sorted(mine) == sorted(hand.split()[1:])
    text = pages[0].text_content("#board") or ""
    assert "Сыграть" not in text and "Борис выбирает руку" in text
    pages[0].screenshot(path=shots / "duel-bug-hand-chosen.png", full_page=True)
    d.act(1, max(d.view(1)["legal"], key=lambda a: (len(a.split()), a)))
    # Борис puts a card face down: Аня sees one card fewer in his hand, and one on the table
    v1 = d.view(1)
    size = v1["observation"]["duellists"][1]["hand_size"]
    d.act(1, v1["legal"][0])
    _settled(pages[0], d.view(0)["version"])
    head = pages[0].locator("[data-zone='seat-1'] h3").first
    assert head.get_attribute("data-hand-size") == str(size - 1)
    assert pages[0].locator("[data-zone='seat-1'] [data-face-down]").count() == 1
    pages[0].screenshot(path=shots / "duel-bug-face-down.png", full_page=True)
    # Аня's turn: «Ваш ход» in the tab's title; after tapping a card its plays are on screen
    # (the bar kept at the bottom of the phone's screen), however long the page
    assert "Ваш ход" in pages[0].title()
    pages[0].locator("[data-zone='mine'] button.card").first.click()
    play = pages[0].locator("#actions [data-shortcut='1']")
    box = play.bounding_box()
    assert box is not None and box["y"] + box["height"] <= 740, box
    assert "Ваш ход" not in pages[1].title()
    # play on (first legal plays, no offers) until the swap
    for _ in range(40):
        v = [d.view(0), d.view(1)]
        if v[0]["observation"]["phase"] != "rounds":
            break
        for seat in (0, 1):
            plays = [a for a in v[seat]["legal"] if a.startswith("play ")]
            if plays:
                d.act(seat, plays[0])
                break
            if "decline-end" in v[seat]["legal"]:
                d.act(seat, "decline-end")
                break
    obs = d.view(0)["observation"]
    if obs["phase"] != "swap":  # a draw at this seed would not test the swap
        raise AssertionError(f"the duel at this seed ends without a swap: {obs['result']}")
    winner = obs["result"]["winner"]
    loser = 1 - winner
    version = d.view(0)["version"]
    for p in pages:
        _settled(p, version)
    names = ["Аня", "Борис"]
    wait = pages[loser].locator("[data-help='swap-wait']")
    assert wait.count() == 1 and names[winner] in (wait.text_content() or "")
    pages[loser].screenshot(path=shots / "duel-bug-swap-loser.png", full_page=True)
    # the winner picks one card of the loser's hand and one of their own, and swaps
    w = pages[winner]
    w.locator("[data-key^='card:take:']").first.click()
    w.locator("[data-key^='card:give:']").first.click()
    w.screenshot(path=shots / "duel-bug-swap-winner.png", full_page=True)
    after_click(w, lambda: w.click("[data-key='swap']"))
    w.wait_for_function("document.body.dataset.finished === '1'")
    assert (d.view(winner)["observation"]["result"]["swap"] or {}).get("take")
    for p in pages:
        p.context.close()
