"""Each game's page in Russian on a 360 px phone screen, through a whole (shortened) game: no
English word outside the raw list of action texts, nothing wider than the screen, the result in
Russian. The seats are played through the HTTP API; the page follows by its WebSocket."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import httpx
import pytest

from koloda.engine import game_specs
from tests.e2e.helpers import create_table, wait_ready

REGISTERED = {s.name for s in game_specs()}

#: Latin words allowed on a Russian page: the project's name.
ALLOWED = {"Koloda"}

# the page's text without the folded list of raw action texts (the engine's own syntax, which
# the text field also takes) — every other word is the page's or the game's describe()
VISIBLE_TEXT = """() => {
  const copy = document.body.cloneNode(true);
  copy.querySelectorAll('details.all-actions').forEach((d) => d.remove());
  copy.querySelectorAll('details').forEach((d) => { d.open = true; });
  copy.style.position = 'absolute';
  document.body.append(copy);
  const text = copy.innerText;
  copy.remove();
  return text;
}"""

TOO_WIDE = """() => [...document.querySelectorAll('body *')]
  .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 0.5)
  .map((e) => `${e.tagName}.${e.className}: ${(e.textContent || '').slice(0, 40)}`)"""


def _advance(base: str, tid: str, tokens: list[str], rng: random.Random, moves: int) -> bool:
    """Up to ``moves`` random legal actions by whichever seats must act; True at the end."""
    for _ in range(moves):
        for tok in tokens:
            head = {"Authorization": f"Bearer {tok}"}
            v = httpx.get(f"{base}/api/tables/{tid}/view", headers=head).json()
            if v["finished"]:
                return True
            if v["legal"]:
                r = httpx.post(f"{base}/api/tables/{tid}/act", headers=head,
                               json={"action": rng.choice(v["legal"]), "version": v["version"]})
                assert r.status_code == 200, r.text
                break
    return False


#: what the engine's action texts and ids look like, never shown to a person: duel card ids
#: (a04), Nevermore labels (A10, R3), Gwent card instances (nr_catapult#2), stacks (s3, @new)
MACHINE = re.compile(r"\b[a-z]\d{2}\b|\b[AHSVR]\d{1,2}\b|\w#\d|@\w|\b[a-z]+_[a-z_]+\b")


def _check(page: Any, where: str) -> None:
    text = page.evaluate(VISIBLE_TEXT)
    english = {w for w in re.findall(r"[A-Za-z][A-Za-z_']{2,}", text)} - ALLOWED
    assert not english, (where, sorted(english))
    raw = sorted(set(MACHINE.findall(text)))
    assert not raw, (where, raw)
    assert page.evaluate(TOO_WIDE) == [], where


@pytest.mark.parametrize(("game", "players", "options"), [
    ("duel", 2, {}),
    ("nevermore", 3, {"max_rounds": 2}),
    ("gwent", 2, {"rounds": 1, "hand_size": 6}),
])
def test_the_russian_page_on_a_phone_through_a_whole_game(
    browser: Any, server: Any, shots: Path, game: str, players: int, options: dict[str, Any]
) -> None:
    if game not in REGISTERED:
        pytest.skip(f"{game} is not registered")
    t = create_table(server.url, {"game": game, "players": players, "seed": 3, "lang": "ru",
                                  "options": options})
    tokens = [s["token"] for s in t["seats"]]
    ctx = browser.new_context(
        bypass_csp=True, viewport={"width": 360, "height": 740}, locale="ru-RU")
    ctx.add_init_script("localStorage.setItem('koloda.lang', 'ru')")
    page = ctx.new_page()
    page.goto(server.url + t["seats"][0]["link"])
    wait_ready(page)
    # the same seat on a desktop in English, screenshot beside the phone's at each phase
    desk_ctx = browser.new_context(bypass_csp=True, viewport={"width": 1280, "height": 800},
                                   locale="en-US")
    desk_ctx.add_init_script("localStorage.setItem('koloda.lang', 'en')")
    desk = desk_ctx.new_page()
    desk.goto(server.url + t["seats"][0]["link"])
    wait_ready(desk)
    rng = random.Random(3)
    over, checks = False, 0
    phases: set[str] = set()
    while not over:
        _check(page, f"{game} at version {page.evaluate('document.body.dataset.version')}")
        phase = _phase(page)
        if phase not in phases:
            phases.add(phase)
            page.screenshot(path=shots / f"{game}-ru-phone-{phase}.png", full_page=True)
            desk.wait_for_function("([v]) => Number(document.body.dataset.version) >= Number(v)",
                                   arg=[page.evaluate("document.body.dataset.version")])
            desk.screenshot(path=shots / f"{game}-en-desktop-{phase}.png", full_page=True)
            assert desk.evaluate(TOO_WIDE) == [], (game, phase)
        checks += 1
        over = _advance(server.url, t["table"], tokens, rng, rng.randint(2, 16))
    page.wait_for_function("document.body.dataset.finished === '1'")
    _check(page, f"{game} at the end")
    assert "Игра окончена" in (page.text_content("#result") or "")
    page.screenshot(path=shots / f"{game}-ru-phone-end.png", full_page=True)
    desk.wait_for_function("document.body.dataset.finished === '1'")
    desk.screenshot(path=shots / f"{game}-en-desktop-end.png", full_page=True)
    assert checks >= 2
    desk_ctx.close()
    ctx.close()


def _phase(page: Any) -> str:
    """The step of the game the page shows (duel phase, Nevermore stage, Gwent round)."""
    return str(page.evaluate("""() => {
      const b = document.body.dataset;
      return b.phase || 'v';
    }"""))
