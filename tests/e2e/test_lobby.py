"""The lobby in a real browser, in Russian on a 360 px phone, driven by the keyboard: choose the
duel, give the second seat to a bot, create the table, open the seat's invitation link, play.
It runs under the pages' Content-Security-Policy (no ``wait_for_function``, which evaluates
text)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from koloda.engine import game_specs
from tests.e2e.test_phone_ru import TOO_WIDE


@pytest.mark.skipif("duel" not in {s.name for s in game_specs()}, reason="no duel")
def test_the_lobby_creates_a_table_with_a_bot_by_keyboard_on_a_phone(
    browser: Any, server: Any, shots: Path
) -> None:
    ctx = browser.new_context(viewport={"width": 360, "height": 740}, locale="ru-RU")
    ctx.add_init_script("localStorage.setItem('koloda.lang', 'ru')")
    page = ctx.new_page()
    page.goto(server.url + "/")
    page.wait_for_selector("#game option[value=duel]", state="attached")
    page.screenshot(path=shots / "lobby-ru-phone.png", full_page=True)
    page.focus("#more summary")  # «Дополнительно»: the table for friends
    page.keyboard.press("Enter")
    page.focus("#game")
    page.select_option("#game", "duel")
    page.select_option("select[name=kind-1]", "bot")
    page.select_option("select[name=bot-1]", "bot:heuristic")
    # the bots' choices are built from their named parameters, named in words
    offered = page.eval_on_selector_all("select[name=bot-1] option",
                                        "els => els.map(e => [e.value, e.textContent])")
    assert ["bot:ismcts:budget=1s:opponents=heuristic",
            "поиск с моделью соперников, 1 с на ход"] in offered, offered
    assert ["bot:ismcts:budget=0.3s", "поиск, 0,3 с на ход"] in offered, offered
    page.fill("input[name=name-0]", "Вера")
    assert page.evaluate(TOO_WIDE) == []
    form_text = page.text_content("#create") or ""
    assert "эвристика" in form_text and "bot:" not in form_text  # bots named in words
    assert "по согласию" in form_text and "agreement" not in form_text  # and option choices
    page.focus("#create-btn")
    page.keyboard.press("Enter")
    link = page.wait_for_selector("a[data-seat='0']")
    text = page.evaluate("document.body.innerText")
    assert "Бот: эвристика" in text and not re.search(r"\bbot:", text)
    assert page.evaluate(TOO_WIDE) == []
    page.screenshot(path=shots / "lobby-ru-created.png", full_page=True)
    # the invitation opens the seat; the keyboard plays the first choice
    link.focus()
    page.keyboard.press("Enter")
    page.wait_for_selector("body[data-version]:not([data-version=''])", state="attached")
    page.wait_for_selector("body[data-my-turn='1']", state="attached")
    seats = page.text_content("#seats") or ""
    assert "Вера" in seats and "эвристика" in seats
    ctx.close()


@pytest.mark.parametrize("game", ["duel", "nevermore", "gwent"])
def test_quick_start_against_bots_opens_the_seat(
    browser: Any, server: Any, shots: Path, game: str
) -> None:
    if game not in {s.name for s in game_specs()}:
        pytest.skip(f"{game} is not registered")
    ctx = browser.new_context(viewport={"width": 360, "height": 740}, locale="ru-RU")
    ctx.add_init_script("localStorage.setItem('koloda.lang', 'ru')")
    page = ctx.new_page()
    page.goto(server.url + "/")
    button = page.wait_for_selector(f"[data-quick={game}]")
    assert "Играть с ботами" in (button.text_content() or "")
    page.fill("#my-name", "Вера")
    page.dispatch_event("#my-name", "change")
    button.click()
    page.wait_for_selector("body[data-version]:not([data-version=''])", state="attached")
    seats = page.text_content("#seats") or ""
    assert "Вера" in seats and "эвристика" in seats
    ctx.close()


@pytest.mark.skipif("duel" not in {s.name for s in game_specs()}, reason="no duel")
def test_a_bot_with_its_own_named_parameters(browser: Any, server: Any, shots: Path) -> None:
    """«Свои параметры…»: a bot kind and its parameters by name, each described in words with
    its default; the table gets the spec written by name and names the bot in words."""
    ctx = browser.new_context(viewport={"width": 360, "height": 740}, locale="ru-RU")
    ctx.add_init_script("localStorage.setItem('koloda.lang', 'ru')")
    page = ctx.new_page()
    page.goto(server.url + "/")
    page.wait_for_selector("#game option[value=duel]", state="attached")
    page.click("#more summary")
    page.select_option("#game", "duel")
    page.select_option("select[name=kind-1]", "bot")
    assert not page.locator(".bot-custom[data-seat='1']").is_visible()
    page.select_option("select[name=bot-1]", "custom")
    page.select_option("select[name=botkind-1]", "ismcts")
    budget = page.locator("#botparam-1-budget")
    assert budget.get_attribute("placeholder")  # the default, shown
    assert "сколько думать над ходом" in (page.text_content(".bot-custom[data-seat='1']") or "")
    budget.fill("0.2s")
    page.fill("#botparam-1-opponents", "heuristic")
    assert page.evaluate(TOO_WIDE) == []
    page.screenshot(path=shots / "lobby-ru-own-bot.png", full_page=True)
    page.click("#create-btn")
    page.wait_for_selector("#created")
    text = page.text_content("#created") or ""
    assert "Бот: поиск с моделью соперников, 0,2 с на ход" in text, text
    # «Столы, созданные на этом устройстве» names the bot the same way again
    page.reload()
    page.wait_for_selector("ul.hosted button")
    page.locator("ul.hosted button").last.click()
    page.wait_for_selector("#created")
    text = page.text_content("#created") or ""
    assert "Бот: поиск с моделью соперников, 0,2 с на ход" in text, text
    ctx.close()
