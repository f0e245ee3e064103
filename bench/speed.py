"""Koloda's speeds, and the ratios against the references measured in the same run.

    bash bench/setup.sh                        # once: the reference environment
    .venv/bin/python bench/speed.py --seconds 3 [--games duel,nevermore,gwent] [--json FILE]

For every registered game and player count: random playouts per second (games/s and actions/s),
through the fast path search uses (``random_action`` + ``apply_unchecked``) and through the
checked public path (``random_action`` + ``apply``); ISMCTS iterations per second at the first
decision with a choice.
Then it runs ``bench/reference.py`` inside ``bench/.venv-ref`` (OpenSpiel's Python games,
OpenSpiel's Python MCTS, RLCard) and prints a Markdown table of ratios. Benchmarks are not tests.
"""

from __future__ import annotations

import argparse
import json
import platform
import subprocess
import sys
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from koloda.bots import decision_for, make_bot
from koloda.engine import Rng, game_specs, load_game
from koloda.engine import rng as rng_module
from koloda.native import native_status

HERE = Path(__file__).resolve().parent


def playouts(name: str, players: int, seconds: float, *, checked: bool,
             clock: Callable[[], float] = time.perf_counter) -> dict[str, float]:
    """Random playouts for ``seconds`` of ``clock`` (wall time; ``time.process_time`` counts
    processor time, as ``bench/native_gain.py`` does on a busy machine)."""
    game = load_game(name, players=players)
    rng = Rng.from_seed(1)
    games = actions = 0
    seed = 0
    start = clock()
    while clock() - start < seconds:
        state = game.new(seed=seed)
        seed += 1
        while not state.is_terminal:
            seat = state.to_act[0]
            action = state.random_action(seat, rng)
            if checked:
                state.apply(seat, action)
            else:
                state.apply_unchecked(seat, action)
            actions += 1
        games += 1
    elapsed = clock() - start
    return {"games_per_s": games / elapsed, "actions_per_s": actions / elapsed,
            "actions_per_game": actions / max(games, 1)}


def ismcts_speed(name: str, players: int, seconds: float) -> dict[str, float]:
    game = load_game(name, players=players)
    state = game.new(seed=1)
    # the first decision with a real choice
    while True:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        if len(legal) > 1:
            break
        state.apply(seat, legal[0])
    bot = make_bot(f"bot:ismcts:{seconds}s", game, seed=1)
    start = time.perf_counter()
    bot.act(decision_for(state, seat))
    elapsed = time.perf_counter() - start
    iterations = getattr(bot, "last_iterations", 0)
    return {"iterations_per_s": iterations / elapsed, "legal_actions": len(legal)}


def best_of(times: int, name: str, players: int, seconds: float, *,
            checked: bool) -> dict[str, float]:
    """The fastest of ``times`` playout measurements (by actions per second)."""
    runs = [playouts(name, players, seconds, checked=checked) for _ in range(max(1, times))]
    return max(runs, key=lambda r: r["actions_per_s"])


def reference(seconds: float, repeat: int) -> dict[str, Any] | None:
    python = HERE / ".venv-ref" / "bin" / "python"
    if not python.exists():
        print("bench/.venv-ref is missing: run bash bench/setup.sh", file=sys.stderr)
        return None
    out = subprocess.run([str(python), str(HERE / "reference.py"), "--seconds", str(seconds),
                          "--repeat", str(repeat)],
                         capture_output=True, text=True, check=True)
    data: dict[str, Any] = json.loads(out.stdout)
    return data


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    import os

    return f"{cpu}, {os.cpu_count()} logical CPUs, Python {platform.python_version()}, " \
           f"{platform.system()} {platform.release()}"


def table(results: dict[str, Any]) -> str:
    """Koloda's figures and their ratios. OpenSpiel counts each chance outcome (a dealt card) as
    an action; its *decisions* (the players' actions) are what compares with Koloda's actions,
    whose games deal inside ``new`` and ``apply``. Both ratios are shown for liars' poker."""
    ref = results.get("reference") or {}
    os_games = ref.get("openspiel", {})
    liars = os_games.get("python_liars_poker", {})
    liars_all, liars_dec = liars.get("actions_per_s"), liars.get("decisions_per_s")
    os_mean = (sum(g.get("decisions_per_s", g["actions_per_s"]) for g in os_games.values())
               / len(os_games) if os_games else None)
    rl = ref.get("rlcard", {})
    rl_mean = sum(g["actions_per_s"] for g in rl.values()) / len(rl) if rl else None

    def ratio(a: float, b: float | None, last: bool = False) -> str:
        return (f"{a / b:.2f}" if b else "–") + (" |" if last else " | ")

    lines = [
        "| game | players | games/s | actions/s (fast path) | actions/s (checked) | "
        "× liars_poker decisions | × liars_poker actions incl. chance | "
        "× OpenSpiel Python decisions, mean | × RLCard mean |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for row in results["koloda"]:
        fast, checked = row["fast"], row["checked"]
        a = fast["actions_per_s"]
        lines.append(
            f"| {row['game']} | {row['players']} | {fast['games_per_s']:.1f} | {a:,.0f} | "
            f"{checked['actions_per_s']:,.0f} | "
            + ratio(a, liars_dec) + ratio(a, liars_all) + ratio(a, os_mean)
            + ratio(a, rl_mean, last=True)
        )
    lines.append("")
    mcts = ref.get("openspiel_mcts", {}).get("python_tic_tac_toe", {}).get("iterations_per_s")
    lines.append("| game | players | ISMCTS iterations/s | legal actions at the decision | "
                 "× OpenSpiel Python MCTS (tic-tac-toe) |")
    lines.append("|---|---|---|---|---|")
    for row in results["ismcts"]:
        it = row["iterations_per_s"]
        lines.append(f"| {row['game']} | {row['players']} | {it:,.0f} | {row['legal_actions']} | "
                     + (f"{it / mcts:.2f} |" if mcts else "– |"))
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--games", default="", help="comma-separated (default: every game)")
    parser.add_argument("--json", type=Path, default=None, help="also write the results here")
    parser.add_argument("--no-reference", action="store_true")
    parser.add_argument("--repeat", type=int, default=1,
                        help="measure each figure this many times and keep the best (a shared "
                        "machine is noisy)")
    args = parser.parse_args()
    wanted = [g for g in args.games.split(",") if g]
    specs = [s for s in game_specs() if not wanted or s.name in wanted]
    results: dict[str, Any] = {
        "date": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "machine": machine(),
        "command": " ".join(["python", *sys.argv]),
        # whether the generator's compiled loops (engine/_rngc.c) were built and used
        "compiled_generator": getattr(rng_module, "ACCELERATED", False),
        # the games whose rules ran compiled (koloda.native; setup.py lists them)
        "compiled_rules": sorted(s.name for s in specs if native_status(
            s.state_type.__module__.rpartition(".")[0]).native),
        "koloda": [],
        "ismcts": [],
    }
    for spec in specs:
        for n in range(spec.min_players, spec.max_players + 1):
            row = {"game": spec.name, "players": n,
                   "fast": best_of(args.repeat, spec.name, n, args.seconds, checked=False),
                   "checked": best_of(args.repeat, spec.name, n, args.seconds, checked=True)}
            results["koloda"].append(row)
            print(f"{spec.name} {n}: {row['fast']['actions_per_s']:,.0f} actions/s",
                  file=sys.stderr)
        results["ismcts"].append({"game": spec.name, "players": spec.default_players,
                                  **ismcts_speed(spec.name, spec.default_players,
                                                 args.seconds)})
    results["reference"] = None if args.no_reference else reference(args.seconds, args.repeat)
    if args.json:
        args.json.write_text(json.dumps(results, indent=2))
    print(f"{results['date']} · {results['machine']} · compiled generator: "
          f"{'yes' if results['compiled_generator'] else 'no'} · compiled rules: "
          f"{', '.join(results['compiled_rules']) or 'none'}\n")
    print(table(results))


if __name__ == "__main__":
    main()
