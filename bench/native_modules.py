"""What each compiled module of Gwent buys: builds variants of the compiled rules in copies of
the sources under a scratch folder (never in the project's environment) and measures, in turns
and in the same run, random playouts of every variant (actions per CPU second, the best of
``--rounds``), with OpenSpiel's ``python_liars_poker`` (decisions per CPU second) when it is
installed. A benchmark, not a test.

    .venv/bin/python bench/native_modules.py [--rounds 4] [--games 200] [--players 2,3,4]
        [--variant all] [--variant pure] [--variant -table] [--variant -table,-dispatch] ...

A variant is ``all`` (every module of ``setup.py``'s Gwent list), ``pure`` (``all``'s build run
with ``KOLODA_PURE=1``) or ``-A,-B``: all but modules A and B. Without ``--variant``: ``all``,
``pure`` and all but each module in turn. Figures in ``docs/performance.md``.
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "koloda.games.gwent"

ONE_RUN = r'''
import json, sys, time
from koloda.engine import Rng, load_game
from koloda.native import native_status
players, games = int(sys.argv[1]), int(sys.argv[2])
game = load_game("gwent", players=players)
status = native_status("koloda.games.gwent")
rng = Rng.from_seed(1)
actions = 0
start = time.process_time()
for seed in range(games):
    state = game.new(seed=seed)
    while not state.is_terminal:
        seat = state.to_act[0]
        state.apply_unchecked(seat, state.random_action(seat, rng))
        actions += 1
print(json.dumps({"actions": actions, "cpu": time.process_time() - start,
                  "modules": list(status.modules) if status.native else [],
                  "reason": status.reason}))
'''

REFERENCE = r'''
import json, random, sys, time
import open_spiel.python.games  # noqa: F401
import pyspiel
game = pyspiel.load_game("python_liars_poker", {"players": 2})
rng = random.Random(1)
decisions = 0
start = time.process_time()
for _ in range(int(sys.argv[1])):
    s = game.new_initial_state()
    while not s.is_terminal():
        if s.is_chance_node():
            outcomes, probs = zip(*s.chance_outcomes())
            s.apply_action(rng.choices(outcomes, probs)[0])
        else:
            s.apply_action(rng.choice(s.legal_actions()))
            decisions += 1
print(json.dumps({"actions": decisions, "cpu": time.process_time() - start}))
'''


def compiled_modules() -> list[str]:
    """Gwent's compiled modules, as ``setup.py``'s ``NATIVE`` lists them."""
    tree = ast.parse((ROOT / "setup.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.AnnAssign | ast.Assign):
            target = node.target if isinstance(node, ast.AnnAssign) else node.targets[0]
            if isinstance(target, ast.Name) and target.id == "NATIVE" and node.value:
                return list(ast.literal_eval(node.value)[PACKAGE])
    raise SystemExit("setup.py has no NATIVE")


def build(folder: Path, modules: list[str]) -> None:
    """A copy of the sources in ``folder`` with ``modules`` of Gwent compiled (only those)."""
    shutil.copytree(ROOT / "src", folder / "src",
                    ignore=shutil.ignore_patterns("*.so", "_native.json", "__pycache__"))
    setup = (ROOT / "setup.py").read_text(encoding="utf-8")
    start = setup.index("NATIVE = {")
    end = setup.index("\n}\n", start) + 3
    setup = setup[:start] + f"NATIVE = {{\n    {PACKAGE!r}: {modules!r},\n}}\n" + setup[end:]
    (folder / "setup.py").write_text(setup, encoding="utf-8")
    project = (ROOT / "pyproject.toml").read_text(encoding="utf-8").splitlines()
    # (the build needs no metadata; an older setuptools refuses the licence's newer form)
    (folder / "pyproject.toml").write_text(
        "\n".join(x for x in project if not x.startswith("license")) + "\n", encoding="utf-8")
    subprocess.run([sys.executable, "setup.py", "build_ext", "--inplace"], cwd=folder,
                   env={**os.environ, "PYTHONPATH": str(folder / "src")}, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def measure(folder: Path, pure: bool, players: int, games: int) -> dict[str, Any]:
    env = {**os.environ, "PYTHONPATH": str(folder / "src")}
    env.pop("KOLODA_PURE", None)
    if pure:
        env["KOLODA_PURE"] = "1"
    out = subprocess.run([sys.executable, "-c", ONE_RUN, str(players), str(games)], env=env,
                         capture_output=True, text=True, check=True).stdout
    found: dict[str, Any] = json.loads(out.strip().splitlines()[-1])
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", default="2,3,4")
    parser.add_argument("--variant", action="append", default=[])
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    modules = compiled_modules()
    variants = args.variant or ["all", "pure", *[f"-{m}" for m in modules]]
    players = [int(p) for p in args.players.split(",")]
    scratch = Path(tempfile.mkdtemp(prefix="koloda-native-"))
    folders: dict[str, Path] = {}
    for v in variants:
        if v == "pure":
            continue
        left_out = {m.strip("-") for m in v.split(",")} if v != "all" else set()
        unknown = left_out - set(modules)
        if unknown:
            raise SystemExit(f"not compiled modules: {sorted(unknown)}")
        folders[v] = scratch / (v.replace(",", "").replace("-", "_") or "all")
        print(f"building {v}…", file=sys.stderr, flush=True)
        build(folders[v], [m for m in modules if m not in left_out])
    if "pure" in variants and "all" not in folders:
        folders["all"] = scratch / "all"
        build(folders["all"], modules)
    try:
        import open_spiel  # noqa: F401
        reference = True
    except ImportError:
        reference = False
    best: dict[str, dict[int, float]] = {}
    for r in range(args.rounds):
        if reference:
            out = subprocess.run([sys.executable, "-c", REFERENCE, str(args.games * 10)],
                                 capture_output=True, text=True, check=True).stdout
            ref = json.loads(out.strip().splitlines()[-1])
            speed = ref["actions"] / ref["cpu"]
            for p in players:
                best.setdefault("liars_poker", {})[p] = max(
                    best.get("liars_poker", {}).get(p, 0.0), speed)
        for v in variants:
            folder = folders["all" if v == "pure" else v]
            for p in players:
                res = measure(folder, v == "pure", p, args.games)
                if v != "pure" and not res["modules"]:
                    raise SystemExit(f"{v}: the compiled modules are not used: {res['reason']}")
                speed = res["actions"] / res["cpu"]
                best.setdefault(v, {})[p] = max(best.get(v, {}).get(p, 0.0), speed)
        print(f"round {r + 1} of {args.rounds}", file=sys.stderr, flush=True)
    full = best.get("all")
    print("| compiled | " + " | ".join(f"{p} players | × all" for p in players) + " |")
    print("|---|" + "---|---|" * len(players))
    for v, speeds in best.items():
        cells = []
        for p in players:
            ratio = f"{speeds[p] / full[p]:.2f}" if full and v != "liars_poker" else ""
            cells.append(f"{speeds[p]:,.0f} | {ratio}")
        print(f"| {v} | " + " | ".join(cells) + " |")
    if args.json:
        args.json.write_text(json.dumps(best, indent=1), encoding="utf-8")
    shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
