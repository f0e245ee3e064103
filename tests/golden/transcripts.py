"""Golden transcripts: seeded games of every game, with every seat's full event log, views and
legal actions at each step and the result, kept as data (``tests/golden/<game>.json``).

``tests/golden/test_golden.py`` replays each stored game's actions under the installed rules and
compares everything: a change in a rule's behaviour fails the suite unless the game's
``GameSpec.rules_version`` was raised with it. After a deliberate change (the rules version
raised, a migration step written or stored games left read-only; docs/server.md), regenerate:

    PYTHONPATH=src python -m tests.golden.transcripts        # or: make golden

The actions were chosen once by the games' heuristic bots (seeded); regenerating keeps them
when they still replay, so a diff shows what the rules now do differently with the same moves.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

from koloda.engine import get_spec, load_game
from koloda.engine.state import GameState

HERE = Path(__file__).resolve().parent

#: (game, players, options, seed) of each transcript.
GAMES: dict[str, list[tuple[int, dict[str, Any], int]]] = {
    "duel": [(2, {}, 1), (2, {"rounds_to_win": 3}, 2)],
    "nevermore": [(3, {}, 3), (6, {}, 4)],
    "gwent": [(2, {}, 5), (4, {}, 6)],
}

#: Stop a bot-chosen game after this many actions (a guard; the games end far sooner).
MAX_ACTIONS = 5000


def _plain(data: Any) -> Any:
    return json.loads(json.dumps(data, sort_keys=True, allow_nan=False))


def _choose(game: str, players: int, options: dict[str, Any], seed: int) -> list[list[Any]]:
    """A whole game played by the heuristic bots (seeded): its actions."""
    from koloda.bots import decision_for, make_bot

    g = load_game(game, players=players, **options)
    state = g.new(seed=seed)
    bots = [make_bot("bot:heuristic", g, seed=seed * 100 + i) for i in range(players)]
    actions: list[list[Any]] = []
    while not state.is_terminal and len(actions) < MAX_ACTIONS:
        seat = state.to_act[0]
        action = bots[seat].act(decision_for(state, seat))
        state.apply(seat, action)
        actions.append([seat, str(action)])
    return actions


def _step(state: GameState) -> Any:
    seats = range(state.players)
    return {
        "to_act": list(state.to_act),
        "views": [state.observe(s) for s in seats] + [state.observe(None)],
        "legal": {str(s): [str(a) for a in state.legal_actions(s)] for s in state.to_act},
    }


def transcript(game: str, players: int, options: dict[str, Any], seed: int,
               actions: list[list[Any]]) -> dict[str, Any]:
    """The transcript of ``actions`` replayed under the installed rules."""
    g = load_game(game, players=players, **options)
    state = g.new(seed=seed)
    digest = hashlib.sha256()
    steps = 0

    def record_step() -> None:
        nonlocal steps
        digest.update(json.dumps(_plain(_step(state)), sort_keys=True).encode())
        steps += 1

    record_step()
    for seat, text in actions:
        state.apply_text(seat, text)
        record_step()
    result = state.result()
    seats: list[int | None] = [*range(state.players), None]
    return {
        "game": game,
        "rules_version": get_spec(game).rules_version,
        "players": players,
        "options": g.options_json(),
        "seed": seed,
        "actions": actions,
        "finished": state.is_terminal,
        "result": None if result is None else {
            "scores": list(result.scores), "ranks": list(result.ranks),
            "winners": list(result.winners), "summary": result.summary,
            "summary_ru": result.summary_ru},
        "logs": {str(s): [e.to_json() for e in state.log(s)] for s in seats},
        "final_views": {str(s): state.observe(s) for s in seats},
        "steps": steps,
        #: every step's views of every seat and the spectator, and the legal actions
        "steps_sha256": digest.hexdigest(),
    }


def path_of(game: str) -> Path:
    return HERE / f"{game}.json"


def stored(game: str) -> list[dict[str, Any]]:
    data: list[dict[str, Any]] = json.loads(path_of(game).read_text(encoding="utf-8"))
    return data


def regenerate(game: str) -> None:
    old = {(t["players"], t["seed"]): t for t in stored(game)} if path_of(game).exists() else {}
    out = []
    for players, options, seed in GAMES[game]:
        kept = old.get((players, seed))
        actions = kept["actions"] if kept is not None else None
        try:
            entry = transcript(game, players, options, seed, actions) if actions else None
        except Exception:  # the old moves no longer replay: choose again
            entry = None
        if entry is None or not entry["finished"]:
            entry = transcript(game, players, options, seed,
                               _choose(game, players, options, seed))
        out.append(_plain(entry))
    path_of(game).write_text(json.dumps(out, ensure_ascii=False, indent=1, sort_keys=True)
                             + "\n", encoding="utf-8")
    print(f"{path_of(game)}: {len(out)} transcript(s), rules version "
          f"{get_spec(game).rules_version}")


def main(argv: list[str]) -> int:
    for game in argv or list(GAMES):
        regenerate(game)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
