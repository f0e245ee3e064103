"""Magic as data: Koloda's own set, the file format, custom sets and the variant without
magic."""

from __future__ import annotations

import json
from importlib import resources

import pytest

from koloda.engine import InvalidData, InvalidOption, load_game
from koloda.games.nevermore import load_magic_set
from koloda.games.nevermore.magic import Deck, koloda_set

from .helpers import first_legal


def _example() -> str:
    path = resources.files("koloda.games.nevermore").joinpath("data/example_custom_set.json")
    return path.read_text(encoding="utf-8")


def test_koloda_set_has_25_light_and_25_shadow_labelled_as_its_own() -> None:
    ms = koloda_set()
    assert len(ms.light_ids) == 25 and len(ms.shadow_ids) == 25
    assert "Koloda" in ms.title_en and "Колоды" in ms.title_ru
    assert "publisher" in ms.title_en
    for k in ms.kinds:
        assert k.name_en and k.name_ru and k.text_en and k.text_ru
    assert all(k.name_ru != "Очертание" for k in ms.kinds)
    view = load_game("nevermore").new(seed=1).observe(0)
    assert view["magic_set"]["title_en"] == ms.title_en


def test_koloda_set_covers_what_the_rules_say() -> None:
    ms = koloda_set()
    timings = {k.timing for k in ms.kinds}
    assert {"anytime", "draft", "suit"} <= timings
    assert any(t.startswith("before:") for t in timings) and any(t.startswith("after:")
                                                                for t in timings)
    assert any(k.raven_effect for k in ms.kinds)
    verbs = {type(v).__name__ for k in ms.kinds for v in k.effect}
    assert {"PassHands", "DiscardSuit", "AddSuit", "Damage", "Shield"} <= verbs


def test_example_custom_set_loads_and_plays() -> None:
    text = _example()
    ms = load_magic_set(text)
    assert ms.name == "example" and len(ms.light_ids) == 10 and len(ms.shadow_ids) == 10
    game = load_game("nevermore", players=3, magic="custom", magic_set_json=text)
    s = game.new(seed=3)
    assert all(m and m[0] in ms.shadow_ids for m in s.magic)
    for _ in range(200):
        if s.is_terminal:
            break
        first_legal(s)


@pytest.mark.parametrize(("text", "message"), [
    ("not json", "not valid JSON"),
    ("[]", "one JSON object"),
    ('{"cards": []}', "'name'"),
    ('{"name": "x", "cards": []}', "non-empty list"),
    ('{"name": "x", "cards": [{"key": "a", "deck": "dark", "name_en": "A", "name_ru": "А",'
     ' "timing": "anytime", "effect": [{"verb": "heal", "amount": 1}]}]}', "light or shadow"),
    ('{"name": "x", "cards": [{"key": "a", "deck": "shadow", "name_en": "A", "name_ru": "А",'
     ' "timing": "noon", "effect": [{"verb": "heal", "amount": 1}]}]}', "timing must be"),
    ('{"name": "x", "cards": [{"key": "a", "deck": "shadow", "name_en": "A", "name_ru": "А",'
     ' "timing": "anytime", "effect": [{"verb": "fly"}]}]}', "unknown verb 'fly'"),
    ('{"name": "x", "cards": [{"key": "a", "deck": "shadow", "name_en": "A", "name_ru": "А",'
     ' "timing": "anytime", "effect": [{"verb": "heal", "amount": 0}]}]}', "1..9"),
    ('{"name": "x", "cards": [{"key": "a", "deck": "shadow", "name_en": "A", "name_ru": "А",'
     ' "timing": "anytime", "effect": [{"verb": "add_suit", "suit": "attack"}]}]}',
     "suit-like"),
    ('{"name": "x", "cards": [{"key": "a", "deck": "light", "name_en": "A", "name_ru": "А",'
     ' "timing": "anytime", "effect": [{"verb": "heal", "amount": 1}]}]}', "Shadow deck is empty"),
    ('{"name": "x", "cards": [{"key": "a", "deck": "shadow", "name_en": "A", "name_ru": "А",'
     ' "timing": "anytime", "effect": [{"verb": "heal", "amount": 1, "x": 2}]}]}', "takes no"),
])
def test_malformed_sets_are_refused_clearly(text: str, message: str) -> None:
    with pytest.raises(InvalidData, match=message):
        load_magic_set(text)


def test_custom_option_checked_when_the_game_loads() -> None:
    with pytest.raises(InvalidOption, match=r"magic_set_json.*not valid JSON"):
        load_game("nevermore", magic="custom", magic_set_json="{")
    with pytest.raises(InvalidOption, match="empty"):
        load_game("nevermore", magic="custom")
    with pytest.raises(InvalidOption, match="only with magic=custom"):
        load_game("nevermore", magic_set_json=_example())
    with pytest.raises(InvalidOption, match="one of"):
        load_game("nevermore", magic="publisher")


def test_variant_without_magic() -> None:
    s = load_game("nevermore", players=4, magic="none").new(seed=2)
    assert s.magic == [[], [], [], []] and s.light_deck == [] and s.stage.value == "pass"
    assert s.observe(0)["magic_set"]["name"] == "none"


def test_deck_of_ids() -> None:
    ms = load_magic_set(_example())
    assert ms.ids(Deck.LIGHT) == tuple(range(100, 110))
    assert json.loads(_example())["cards"][0]["key"] == ms.card(100).key


def test_koloda_set_labelled_where_a_player_sees_a_card() -> None:
    """Each magic card in a view, each card played in the log and its log line say whose set
    the card belongs to: Koloda's own, never the publisher's."""
    from koloda.bots import decision_for, make_bot
    from koloda.games.nevermore.describe import describe_event

    game = load_game("nevermore", players=4)
    s = game.new(seed=2)
    view = s.observe(0)
    card = view["you"]["magic"][0]
    assert card["set"] == "koloda" and "Koloda" in card["set_en"] and "Колоды" in card["set_ru"]
    bots = [make_bot("bot:heuristic", game, seed=p) for p in range(4)]
    while not s.is_terminal and not any(e.kind_name() == "NmMagicPlayed" for e in s.events):
        for seat in s.to_act:
            s.apply(seat, bots[seat].act(decision_for(s, seat)))
    played = next(e for e in s.events if e.kind_name() == "NmMagicPlayed")
    assert "Koloda" in describe_event(played, "en") and "Колоды" in describe_event(played, "ru")
    assert "not the publisher" in describe_event(played, "en")
