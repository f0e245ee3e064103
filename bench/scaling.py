"""How ``koloda simulate --jobs J`` scales with local processes: the same games with J = 1, 2, …
up to the machine's CPUs, wall-clock time, games/s, speed-up over J = 1 and efficiency
(speed-up / J). A benchmark, not a test.

    .venv/bin/python bench/scaling.py [--games-scale 1.0] [--json FILE]

The load average before each run is printed with it: on a shared machine other processes take
cores, and the speed-up can only be read against what was free.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

from koloda.sim import SimSpec, run

CASES = [  # (game, players, bots, games at scale 1)
    ("duel", 2, ("bot:heuristic", "bot:heuristic"), 4000),
    ("nevermore", 4, ("bot:heuristic",) * 4, 400),
    ("gwent", 3, ("bot:heuristic",) * 3, 600),
]


def measure(game: str, players: int, bots: tuple[str, ...], games: int,
            jobs: int) -> dict[str, Any]:
    spec = SimSpec(game=game, players=players, bots=bots, games=games, seed=1)
    load = os.getloadavg()[0]
    start = time.perf_counter()
    outcomes = run(spec, jobs=jobs)
    elapsed = time.perf_counter() - start
    assert len(outcomes) == games
    return {"game": game, "players": players, "games": games, "jobs": jobs,
            "seconds": elapsed, "games_per_s": games / elapsed, "load_before": load}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games-scale", type=float, default=1.0)
    parser.add_argument("--max-jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args()
    rows = []
    for game, players, bots, games in CASES:
        n = max(1, int(games * args.games_scale))
        base = None
        for jobs in range(1, args.max_jobs + 1):
            row = measure(game, players, bots, n, jobs)
            base = base or row["seconds"]
            row["speedup"] = base / row["seconds"]
            row["efficiency"] = row["speedup"] / jobs
            rows.append(row)
            print(f"{game} {players}p jobs={jobs}: {row['seconds']:.1f} s, "
                  f"{row['games_per_s']:.1f} games/s, ×{row['speedup']:.2f} "
                  f"(load before {row['load_before']:.2f})", file=sys.stderr)
    if args.json:
        args.json.write_text(json.dumps({"cpus": os.cpu_count(), "rows": rows}, indent=2))
    print("| game | players | games | jobs | seconds | games/s | speed-up | efficiency | "
          "load before |")
    print("|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        print(f"| {r['game']} | {r['players']} | {r['games']} | {r['jobs']} | "
              f"{r['seconds']:.1f} | {r['games_per_s']:.1f} | {r['speedup']:.2f} | "
              f"{r['efficiency']:.2f} | {r['load_before']:.2f} |")


if __name__ == "__main__":
    main()
