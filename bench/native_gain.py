"""What compiling a game's rules modules buys of a whole random playout, measured in one run.

    bash bench/native_builds.sh nevermore /tmp/nm effects,flow effects flow
    .venv/bin/python bench/native_gain.py nevermore --build all=/tmp/nm/effects,flow \\
        --build effects=/tmp/nm/effects --build flow=/tmp/nm/flow --players 3,4,6

Each ``--build LABEL=DIR`` is a copy of the sources built in place with only some of the game's
modules compiled (``bench/native_builds.sh`` makes them: ``setup.py``'s list cut down, then
``setup.py build_ext --inplace``). The Python rules are the first build's sources run with
``KOLODA_PURE=1`` (the generator's C loops stay in, as in every build). Every variant runs in
its own process, the variants take turns ``--rounds`` times (the machine's load drifts; each
figure is the best of its rounds; time is the process's CPU time, which a loaded machine
disturbs far less than the wall clock), and each child checks that its package really runs the
modules it was built with. Printed: random playouts (``random_action`` + ``apply_unchecked``,
as search runs them; and the checked ``apply``) in actions per CPU second, and each build's
gain over the Python rules. Benchmarks are not tests.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent

#: A child's run: ``bench/speed.py``'s playouts in processor time, with what its package runs.
CHILD = r"""
import json, sys, time
sys.path.insert(0, sys.argv[5])
from speed import playouts
from koloda.native import native_status
name, players, seconds = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
status = native_status(f"koloda.games.{name}")
r = playouts(name, players, seconds, checked=sys.argv[4] == "1", clock=time.process_time)
print(json.dumps({"actions_per_s": r["actions_per_s"], "native": status.native,
                  "modules": list(status.modules), "reason": status.reason}))
"""

#: OpenSpiel's Python liars' poker (the issue's example of the 3x target), random playouts as
#: bench/reference.py runs them, counted in decisions (the players' actions) per CPU second
REFERENCE = r"""
import json, sys, time
sys.path.insert(0, sys.argv[2])
from reference import openspiel_playouts
r = openspiel_playouts("python_liars_poker", {"players": 2}, float(sys.argv[1]),
                       clock=time.process_time)
print(json.dumps({"decisions_per_s": r["decisions_per_s"]}))
"""


def run_reference(python: str, seconds: float) -> float:
    out = subprocess.run([python, "-c", REFERENCE, str(seconds), str(HERE)], capture_output=True,
                         text=True, check=True)
    return float(json.loads(out.stdout.strip().splitlines()[-1])["decisions_per_s"])


def run_child(name: str, src: str, *, pure: bool, players: int, seconds: float,
              checked: bool) -> dict[str, Any]:
    env = {**os.environ, "PYTHONPATH": src}
    env.pop("KOLODA_PURE", None)
    if pure:
        env["KOLODA_PURE"] = "1"
    out = subprocess.run([sys.executable, "-c", CHILD, name, str(players), str(seconds),
                          "1" if checked else "0", str(HERE)], env=env, capture_output=True,
                         text=True,
                         check=True)
    result: dict[str, Any] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("game")
    ap.add_argument("--build", action="append", required=True, metavar="LABEL=DIR")
    ap.add_argument("--players", default="4")
    ap.add_argument("--seconds", type=float, default=2.0)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--json", default="")
    ap.add_argument("--reference", default="", metavar="PYTHON",
                    help="bench/.venv-ref's python: also OpenSpiel's python_liars_poker")
    args = ap.parse_args()
    builds = [tuple(b.split("=", 1)) for b in args.build]
    variants = [("python", builds[0][1], True)] + [(label, d, False) for label, d in builds]
    best: dict[tuple[str, int, bool], float] = {}
    reference = 0.0
    for players in [int(p) for p in args.players.split(",")]:
        for checked in (False, True):
            for _ in range(args.rounds):
                if args.reference and not checked:
                    reference = max(reference, run_reference(args.reference, args.seconds))
                for label, src, pure in variants:
                    r = run_child(args.game, src, pure=pure, players=players,
                                  seconds=args.seconds, checked=checked)
                    if r["native"] == pure:
                        raise SystemExit(f"{label}: runs native={r['native']} ({r['reason']})")
                    key = (label, players, checked)
                    best[key] = max(best.get(key, 0.0), r["actions_per_s"])
    print(f"{args.game}: best of {args.rounds} rounds of {args.seconds:g} CPU s, actions/s "
          f"(× the Python rules)")
    labels = [v[0] for v in variants]
    print("| players | path | " + " | ".join(labels) + " |")
    print("|---|---|" + "---|" * len(labels))
    rows = []
    for players in [int(p) for p in args.players.split(",")]:
        for checked in (False, True):
            base = best[("python", players, checked)]
            cells = []
            for label in labels:
                v = best[(label, players, checked)]
                cells.append(f"{v:,.0f}" if label == "python" else f"{v:,.0f} ({v / base:.2f}×)")
            path = "checked" if checked else "fast"
            print(f"| {players} | {path} | " + " | ".join(cells) + " |")
            rows.append({"players": players, "path": path,
                         **{label: best[(label, players, checked)] for label in labels}})
    if reference:
        print(f"\nOpenSpiel python_liars_poker: {reference:,.0f} decisions per CPU second "
              "(best of the same rounds); the fast path's ratio to it:")
        for players in [int(p) for p in args.players.split(",")]:
            print(f"- {players} players: " + ", ".join(
                f"{label} {best[(label, players, False)] / reference:.2f}×" for label in labels))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump({"game": args.game, "time": time.strftime("%Y-%m-%d %H:%M UTC",
                                                                time.gmtime()),
                       "rounds": args.rounds, "seconds": args.seconds, "rows": rows,
                       "liars_poker_decisions_per_cpu_s": reference}, f,
                      indent=1)


if __name__ == "__main__":
    main()
