"""The lobby's refusals in the table's language: a bot's parameters and a deal the options
cannot make (Gwent's decks per player, the duel's attack deck) read Russian in a Russian lobby
(«место 2: …») and English in an English one, and create nothing."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from koloda.server.errors import ClientError
from koloda.server.hub import _refused

HEURISTIC = [{"kind": "human"}, {"kind": "bot", "bot": "bot:heuristic:x"}]

CASES: list[tuple[dict[str, Any], str, str]] = [
    (  # Gwent deals one deck per player
        {"game": "gwent", "players": 3, "options": {"seat_decks": "northern_realms,nilfgaard"}},
        "option 'seat_decks' names 2 decks for 3 players",
        "параметр 'seat_decks' называет 2 колоды, а игроков 3",
    ),
    (  # the duel's attacker takes exactly 5 cards
        {"game": "duel", "options": {"mode": "attack", "deck_size": 3}},
        "in attack mode the attacker needs a deck of at least 5 cards (deck_size is 3)",
        "при нападении нападающему нужна колода не меньше чем из 5 карт "
        "(параметр deck_size равен 3)",
    ),
    (  # a game's own bot's parameters, after the seat they concern
        {"game": "duel", "seats": HEURISTIC},
        "seat 2: bot:heuristic for the duel takes no parameter or 'peaceful'",
        "место 2: bot:heuristic в дуэли принимает только параметр 'peaceful' или ни одного",
    ),
    (  # the search bot's, and the parameters' parser shared by every bot
        {"game": "gwent", "players": 2,
         "seats": [{"kind": "human"}, {"kind": "bot", "bot": "bot:ismcts:x"}]},
        "seat 2: bot:ismcts budget must be a positive number of iterations (2000) or of "
        "seconds (0.5s), got 'x'",
        "место 2: бюджет bot:ismcts — положительное число итераций (2000) или секунд (0.5s), "
        "а не 'x'",
    ),
    (
        {"game": "duel", "seats": [{"kind": "bot", "bot": "bot:ismcts:budget=1s:foo=2"},
                                   {"kind": "human"}]},
        "seat 1: bot:ismcts has no parameter 'foo' (its parameters: budget, exploration, "
        "playout, opponents)",
        "место 1: у bot:ismcts нет параметра 'foo' (его параметры: budget, exploration, "
        "playout, opponents)",
    ),
    (
        {"game": "duel", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "bot:random:1"}]},
        "seat 2: bot:random takes no parameters",
        "место 2: bot:random не принимает параметров",
    ),
    (
        {"game": "duel", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "bot:x\u00e9"}]},
        "seat 2: a bot's name is printable ASCII",
        "место 2: имя бота пишется печатными символами ASCII",
    ),
    (
        {"game": "duel", "seats": [{"kind": "human", "name": "Tab\there"}, {"kind": "human"}]},
        "seat 1: a name cannot hold control characters",
        "место 1: в имени не может быть управляющих символов",
    ),
    (
        {"game": "duel", "seats": [{"kind": "human"}]},
        "2 players need 2 seats, got 1",
        "2 игрокам нужны 2 места, а задано 1",
    ),
]


@pytest.mark.parametrize("body,en,ru", CASES)
def test_a_lobby_refusal_reads_the_lobbys_language(
        client: TestClient, body: dict[str, Any], en: str, ru: str) -> None:
    for lang, want in (("en", en), ("ru", ru)):
        r = client.post("/api/tables", json={**body, "lang": lang})
        assert r.status_code == 400, r.text
        got = r.json()
        assert got["code"] == "invalid_option" and got["message"] == want
        assert got["message_ru"] == ru  # what a page in Russian shows whatever it asked
    assert client.app.state.hub.rooms == {}  # type: ignore[attr-defined]  (nothing created)


def test_the_seat_phrase_is_the_catalogues() -> None:
    from koloda.engine import say

    err = _refused("duel", say("game_over", "the game is over"), "ru", seat=0)
    assert isinstance(err, ClientError) and err.message == "место 1: игра окончена"
    assert _refused("duel", say("game_over", "the game is over"), "en", seat=11).message == \
        "seat 12: the game is over"
