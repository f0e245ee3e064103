"""The strength ladder of docs/bots.md: bots against each other in each game, seats rotated
with duplicate deals, win rates with 95% Wilson intervals. Not a test.

    .venv/bin/python bench/ladder.py --game duel --jobs 2 > ladder-duel.md

Each line of the table is one ``koloda simulate`` run; the command that reproduces it is
printed under the table.
"""

from __future__ import annotations

import argparse
import sys
import time
from datetime import UTC, datetime

from koloda.sim import SimSpec, run, summarize

#: (game, players, bots in the match, games): the default ladder. Every bot appears at every
#: seat equally often (``rotate``), so ``games`` is a multiple of the players.
LADDER: dict[str, list[tuple[int, tuple[str, ...], int]]] = {
    "duel": [
        (2, ("bot:heuristic", "bot:random"), 400),
        (2, ("bot:ismcts:200", "bot:random"), 100),
        (2, ("bot:ismcts:200", "bot:heuristic"), 160),
        (2, ("bot:ismcts:200:0.7:heuristic", "bot:heuristic"), 160),
        (2, ("bot:solver", "bot:random"), 100),
        (2, ("bot:solver", "bot:heuristic"), 240),
        (2, ("bot:solver", "bot:ismcts:200:0.7:heuristic"), 100),
        (2, ("bot:ismcts:1000:::heuristic", "bot:heuristic"), 160),
        (2, ("bot:ismcts:1000::heuristic:heuristic", "bot:heuristic"), 160),
        (2, ("bot:ismcts:1000:::heuristic", "bot:random"), 100),
        (2, ("bot:ismcts:1000:::heuristic", "bot:solver"), 100),
    ],
    "gwent": [
        (2, ("bot:heuristic", "bot:random"), 600),
        (2, ("bot:ismcts:50", "bot:random"), 40),
        (2, ("bot:ismcts:50", "bot:heuristic"), 100),
        (2, ("bot:ismcts:200", "bot:heuristic"), 100),
    ],
    "nevermore": [
        (3, ("bot:heuristic", "bot:random", "bot:random"), 300),
        (3, ("bot:ismcts:20", "bot:random", "bot:random"), 30),
        (3, ("bot:ismcts:20", "bot:heuristic", "bot:heuristic"), 45),
        (3, ("bot:ismcts:20:0.7:heuristic", "bot:heuristic", "bot:heuristic"), 45),
        (3, ("bot:ismcts:100::heuristic", "bot:heuristic", "bot:heuristic"), 30),
        (3, ("bot:ismcts:100:::heuristic", "bot:heuristic", "bot:heuristic"), 30),
        (3, ("bot:ismcts:100::heuristic:heuristic", "bot:heuristic", "bot:heuristic"), 30),
    ],
}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--game", action="append", default=[])
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--scale", type=float, default=1.0, help="multiply every game count")
    parser.add_argument("--match", action="append", default=[],
                        help="run this match instead of the ladder's rows: the bots of every "
                             "seat, comma-separated, then the games after a slash, as in "
                             "'bot:ismcts:1000,bot:heuristic/160' (with --game once)")
    args = parser.parse_args()
    games = args.game or list(LADDER)
    if args.match:
        if len(games) != 1:
            parser.error("--match needs exactly one --game")
        rows = []
        for text in args.match:
            bots_text, _, n_text = text.partition("/")
            bots = tuple(b.strip() for b in bots_text.split(","))
            rows.append((len(bots), bots, int(n_text or 100)))
        LADDER[games[0]] = rows
    print(f"Measured {datetime.now(UTC).strftime('%Y-%m-%d %H:%M UTC')}, seed {args.seed}.\n")
    for game in games:
        print(f"### {game}\n")
        print("| match | games | win rate of each bot (95% interval) | draws | seconds |")
        print("|---|---|---|---|---|")
        commands = []
        for players, bots, n in LADDER[game]:
            n = max(players, int(n * args.scale) // players * players)
            spec = SimSpec(game=game, players=players, bots=bots, games=n, seed=args.seed,
                           rotate=True)
            start = time.perf_counter()
            summary = summarize(spec, run(spec, jobs=args.jobs))
            elapsed = time.perf_counter() - start
            rates = "; ".join(
                f"{b['bot']} {b['rate']:.3f} ({b['ci95'][0]:.3f}–{b['ci95'][1]:.3f})"
                for b in summary["bots"]
            )
            d = summary["draws"]
            unique = list(dict.fromkeys(bots))
            print(f"| {' vs '.join(unique)} | {n} | {rates} | {d['rate']:.3f} | "
                  f"{elapsed:.0f} |", flush=True)
            bot_args = " ".join(f"--bot {b}" for b in bots)
            commands.append(f"koloda simulate {game} --players {players} --games {n} "
                            f"{bot_args} --rotate --seed {args.seed} --jobs {args.jobs}")
        print("\nCommands:\n\n```")
        print("\n".join(commands))
        print("```\n", flush=True)
    print("done", file=sys.stderr)


if __name__ == "__main__":
    main()
