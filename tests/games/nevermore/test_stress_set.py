"""Random play with a stress-test magic set: every verb at odd timings (passing hands and
discarding suits in the middle of the reveal phase, damage to everyone at any time, raven
texts), with the variants; cards are conserved, views survive resampling, records replay."""

from __future__ import annotations

import json
from typing import Any

import pytest

from koloda.engine import Rng, load_game, record_of, replay


def _verb(verb: str, **kw: Any) -> dict[str, Any]:
    return {"verb": verb, **kw}


def stress_set() -> str:
    timings = ["anytime", "draft", "before:attack", "after:attack", "before:healing",
               "after:victory", "before:skulking", "after:skulking", "before:radiance"]
    effects = [[_verb("pass_hands")], [_verb("discard_suit", suit="attack")],
               [_verb("discard_suit", suit="next")], [_verb("damage", amount=2, target="all")],
               [_verb("damage", amount=1, target="others")], [_verb("steal_vp", amount=2)],
               [_verb("gain_vp", amount=1), _verb("draw", deck="light", count=3)],
               [_verb("heal", amount=3), _verb("shield", amount=2)],
               [_verb("damage", amount=3, target="self")],
               [_verb("damage", amount=2, target="chosen")]]
    cards: list[dict[str, Any]] = []
    for t in timings:
        for e in effects:
            i = len(cards)
            card: dict[str, Any] = {"key": f"c{i}", "deck": "light" if i % 2 else "shadow",
                                    "name_en": f"C{i}", "name_ru": f"К{i}", "timing": t,
                                    "effect": e}
            if i % 3 == 0:
                card["raven_effect"] = effects[(i + 3) % len(effects)]
            cards.append(card)
    for suit in ("attack", "healing", "radiance", "victory"):
        cards.append({"key": f"s_{suit}", "deck": "shadow", "name_en": suit, "name_ru": suit,
                      "timing": "suit", "effect": [_verb("add_suit", suit=suit)], "copies": 3})
    return json.dumps({"name": "stress", "cards": cards})


@pytest.mark.parametrize(("players", "reply", "deck", "bonus"),
                         [(3, "lethal", "rebuilt", "at_full"),
                          (4, "any_blow", "when_empty", "any"),
                          (6, "lethal", "when_empty", "at_full")])
def test_stress_set_random_play(players: int, reply: str, deck: str, bonus: str) -> None:
    game = load_game("nevermore", players=players, magic="custom", magic_set_json=stress_set(),
                     anytime_reply=reply, main_deck=deck, healing_bonus=bonus)
    for seed in range(2):
        s = game.new(seed=seed)
        rng = Rng.from_seed(seed)
        cards = sorted(s.all_cards() or [])
        k = 0
        while not s.is_terminal:
            if k % 13 == 0:
                seat = k % players
                r = s.determinize(seat, rng.spawn())
                assert r.observe(seat) == s.observe(seat) and r.observe(None) == s.observe(None)
                assert all(r.legal_actions(q) for q in r.to_act)
            seat = s.to_act[rng.randbelow(len(s.to_act))]
            legal = s.legal_actions(seat)
            action = legal[rng.randbelow(len(legal))]
            assert game.parse_action(str(action)) == action
            s.apply(seat, action)
            assert sorted(s.all_cards() or []) == cards
            k += 1
        assert replay(record_of(game, s)).to_json() == s.to_json()


def test_a_hand_shorter_than_its_pass_passes_what_it_holds() -> None:
    """A draft-timed card of a custom set that discards a suit can leave a hand shorter than the
    pass: its holder passes every card it holds (docs/rules/nevermore.md, "A hand shorter than
    its pass"); random play with the stress set never meets a seat with nothing to do."""
    met = 0
    for players in (3, 4, 6):
        game = load_game("nevermore", players=players, magic="custom",
                         magic_set_json=stress_set())
        for seed in range(6):
            s = game.new(seed=seed)
            rng = Rng.from_seed(seed)
            for _ in range(20_000):
                if s.is_terminal:
                    break
                for seat in s.to_act:
                    assert s.legal_actions(seat), (players, seed, seat, s.stage)
                    if s.stage.value == "pass" and len(s.hands[seat]) < (3, 2, 1)[s.pass_no - 1]:
                        met += 1
                        assert s.observe(seat)["pass_size"] == len(s.hands[seat])
                        assert all(len(a.cards) == len(s.hands[seat])  # type: ignore[attr-defined]
                                   for a in s.legal_actions(seat))
                seat = s.to_act[0]
                s.apply(seat, s.random_action(seat, rng))
            assert s.is_terminal
    assert met > 0  # the case was met (seed 5 meets it at every player count)
