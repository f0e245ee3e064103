"""Gwent: every choice that changes the damage on the table says how before it is made — a
play the damage on its stack, a revival, a trump named, an execution, a spy or a throw-in the
damage pressing on each side, before and after (``preview_action``, worked out on a copy)."""

from __future__ import annotations

import random
from typing import Any

from koloda.action_words import describe_actions, previews
from koloda.engine import load_game


def _sides(exchange: dict[str, Any]) -> list[float]:
    out = [0.0, 0.0]
    for stack in exchange["stacks"]:
        out[stack["presses_on"]] += float(stack["damage"])
    return out


def test_choices_other_than_plays_preview_the_damage_on_each_side() -> None:
    seen: dict[str, int] = {}
    for seed in range(6):
        players = 2 + seed % 3
        g = load_game("gwent", players=players)
        state = g.new(seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal:
            seat = state.to_act[0]
            acts = list(state.legal_actions(seat))
            words = describe_actions("gwent", acts, "ru", state.observe(seat), [])
            previews("gwent", state, seat, words)
            before = state.observe(seat).get("exchange")
            for a, w in zip(acts, words, strict=True):
                p = w["fields"].get("preview")
                if w["kind"] in ("pass", "end", "deck"):
                    assert p is None, w
                if p is None or w["kind"] == "play":
                    continue
                seen[w["kind"]] = seen.get(w["kind"], 0) + 1
                copy = state.clone()
                copy.apply(seat, a)
                after = copy.observe(seat)["exchange"]
                assert before is not None
                assert p["was"] == _sides(before) and p["now"] == _sides(after), w
                assert p["was"] != p["now"]
                ex = after
                assert p["mine"] == (0 if ex["attacker"] == seat else
                                     1 if ex["defender"] == seat else None)
            state.apply(seat, rng.choice(acts))
    # the kinds the seeded games offered with an effect on the damage
    assert seen, seen
    assert len(seen) >= 2, seen
