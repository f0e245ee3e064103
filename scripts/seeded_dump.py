"""Dump seeded games of every game to JSON, to compare two versions of the rules.

``python scripts/seeded_dump.py OUT.json [GAMES_PER_CONFIG]`` plays, for every built-in game,
every player count and a few option sets, seeded games with a seeded uniform pick among the
legal actions and games with the game's heuristic bot in every seat, and writes each game's
states, events, views of every seat and the spectator, logs, legal lists and result. Run it on
two checkouts and diff the files: equal files mean the same seeds played the same games.
"""

from __future__ import annotations

import hashlib
import json
import sys
from typing import Any

from koloda.bots.base import decision_for, make_bot
from koloda.engine import Rng, load_game

VARIANTS: dict[str, list[dict[str, Any]]] = {
    "duel": [
        {},
        {"mode": "attack"},
        {"rounds_to_win": 3},
        {"item_shown": "laid", "hand_min_one": True, "swap_required": True},
    ],
    "nevermore": [
        {},
        {"magic": "none"},
        {"main_deck": "when_empty", "anytime_reply": "any_blow", "healing_bonus": "any"},
    ],
    "gwent": [
        {},
        {"throw_ins": False, "final_tie": "shared"},
        {"deck_choice": "choose", "cross_suit_value": 0.75, "throw_in_damage_to": "thrower",
         "bard_lasts": "next_card", "medic_revives_to": "play", "specialist_zero": "card"},
    ],
}
PLAYERS = {"duel": [2], "nevermore": [3, 4, 6], "gwent": [2, 3, 4]}


def _h(data: Any) -> str:
    return hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()[:16]


def play(name: str, players: int, options: dict[str, Any], seed: int, bots: bool) -> dict[str, Any]:
    game = load_game(name, players=players, **options)
    state = game.new(seed=seed)
    pick = Rng(seed * 7919 + 1)
    seats = [make_bot("bot:heuristic", game, seed=seed + s) for s in range(players)] if bots else []
    steps: list[str] = []
    for _ in range(3000):
        if state.is_terminal:
            break
        views = [state.observe(s) for s in range(players)] + [state.observe(None)]
        logs = [[e.to_json() for e in state.log(s)] for s in range(players)]
        seat = state.to_act[0] if not bots else state.to_act[pick.randbelow(len(state.to_act))]
        legal = state.legal_actions(seat)
        if bots:
            action = seats[seat].act(decision_for(state, seat))
        else:
            action = legal[pick.randbelow(len(legal))]
        steps.append(_h([views, logs, [str(a) for a in legal], seat, str(action)]))
        state.apply(seat, action)
    result = state.result() if state.is_terminal else None
    return {
        "steps": steps,
        "final": state.to_json(),
        "events": [e.to_json() for e in state.events],
        "views": [state.observe(s) for s in range(players)] + [state.observe(None)],
        "result": None if result is None else [list(result.scores), result.summary,
                                               result.summary_ru],
    }


def main() -> None:
    out, per = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 3
    dump: dict[str, Any] = {}
    for name, variants in VARIANTS.items():
        for players in PLAYERS[name]:
            for i, options in enumerate(variants):
                for seed in range(per):
                    for bots in (False, True):
                        key = f"{name}/{players}p/v{i}/s{seed}/{'bots' if bots else 'random'}"
                        dump[key] = play(name, players, options, seed, bots)
    with open(out, "w", encoding="utf-8") as f:
        json.dump(dump, f, sort_keys=True, indent=0)


if __name__ == "__main__":
    main()
