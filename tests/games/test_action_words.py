"""Every legal action of every game in words: random games of each, and at each decision every
legal action described in Russian and English — a label in the language (no action syntax, no
card ids, no Latin letters in Russian), its kind and fields."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from koloda.action_words import describe_actions
from koloda.engine import load_game

GAMES = [
    ("duel", 2, {}),
    ("nevermore", 3, {"max_rounds": 2}),
    ("nevermore", 5, {"max_rounds": 1}),
    ("gwent", 2, {"rounds": 1, "hand_size": 6}),
    ("gwent", 3, {"rounds": 1, "hand_size": 6}),
]

#: what action texts are made of and a person never reads: ids, stacks, separators
RAW = re.compile(r"[@#_]|\b[a-z]{1,3}\d{1,3}\b|\b(?:offer|accept|decline|no)-")


def _check(game: str, words: list[dict[str, Any]], legal: list[str], lang: str) -> None:
    assert [w["text"] for w in words] == legal
    for w in words:
        label = w["label"]
        assert label and label != w["text"], (game, w)
        assert not RAW.search(label), (game, lang, w)
        if lang == "ru":
            assert not re.search(r"[A-Za-z]", label), (game, w)
        assert isinstance(w["fields"], dict) and w["kind"]


@pytest.mark.parametrize(("game", "players", "options"), GAMES)
def test_every_legal_action_has_words(game: str, players: int, options: dict[str, Any]) -> None:
    g = load_game(game, players=players, **options)
    rng = random.Random(7)
    names = [f"Имя{i}" for i in range(players)]
    kinds: set[str] = set()
    for seed in range(3):
        s = g.new(seed=seed)
        steps = 0
        while not s.is_terminal and steps < 400:
            seat = s.to_act[0]
            legal = list(s.legal_actions(seat))
            obs = s.observe(seat)
            sample = legal if len(legal) <= 40 else rng.sample(legal, 40)
            for lang in ("ru", "en"):
                words = describe_actions(g.name, sample, lang, obs, names)
                _check(game, [dict(w) for w in words], [str(a) for a in sample], lang)
                kinds.update(w["kind"] for w in words)
            s.apply(seat, rng.choice(legal))
            steps += 1
    assert len(kinds) >= 2


def test_a_duel_play_names_its_card_and_fields() -> None:
    g = load_game("duel")
    s = g.new(seed=3)
    obs = s.observe(0)
    deck = obs["me"]["deck"]
    card = next(c for c in deck if obs["cards"][c].get("item") is None)
    w = describe_actions("duel", [g.parse_action(f"play {card} kill")], "ru", obs, [])[0]
    assert w["kind"] == "play"
    assert w["fields"] == {"card": card, "show": None, "kill": True}
    assert w["label"] == f"Сыграть карту «{obs['cards'][card]['name_ru']}», заявив убийство ☠"
