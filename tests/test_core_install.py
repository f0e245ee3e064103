"""A core install (``pip install koloda``, no extras) runs the games, their bots and the
command line; the parts that need an extra say which one when they are used.

How this is checked, honestly and fast: a child process in which every module that is neither
the standard library, nor Koloda, nor a core dependency (``[project] dependencies`` in
pyproject.toml and what they require, from the installed metadata) cannot be imported, as in
an environment where the extras were never installed (a blocker first on ``sys.meta_path``).
It does not check that pip would resolve the core dependencies; it checks that nothing beyond
them is imported.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

BLOCKER = r'''
import importlib.abc, importlib.metadata, re, sys, tomllib

def _name(requirement):
    return re.split(r"[\s\[<>=!~;(]", requirement.strip(), maxsplit=1)[0].lower()

with open("pyproject.toml", "rb") as f:
    todo = [_name(r) for r in tomllib.load(f)["project"]["dependencies"]]
dists = set()
while todo:
    dist = todo.pop().replace("_", "-")
    if dist in dists:
        continue
    dists.add(dist)
    try:
        requires = importlib.metadata.requires(dist) or []
    except importlib.metadata.PackageNotFoundError:  # another platform's (colorama)
        continue
    for req in requires:
        if "extra ==" not in req.partition(";")[2]:
            todo.append(_name(req))
allowed = {"koloda"} | {top for top, owners in importlib.metadata.packages_distributions().items()
                        if any(o.lower().replace("_", "-") in dists for o in owners)}

import importlib.machinery, site
installed = tuple(site.getsitepackages())  # where pip puts what it installs

class Blocker(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        top = name.split(".")[0]
        if "." in name or top in sys.stdlib_module_names or top in allowed:
            return None  # (a submodule: its package was allowed)
        found = importlib.machinery.PathFinder.find_spec(name, path)
        origin = (found.origin or "") if found else ""
        locations = list(found.submodule_search_locations or []) if found else []
        if found is None or not any(p.startswith(installed) for p in [origin, *locations]):
            return None  # not installed by pip: the standard library's own modules
        raise ModuleNotFoundError(f"No module named {name!r} (not a core dependency)", name=top)

sys.meta_path.insert(0, Blocker())
'''

CHECK = r'''
from typer.testing import CliRunner

from koloda.bots import bot_names, decision_for, make_bot
from koloda.cli import app
from koloda.engine import game_specs, load_game
from koloda.extras import MissingExtra

for spec in game_specs():
    game = load_game(spec.name)
    state = game.new(seed=3)
    # a heuristic bot in every other seat, where the game has one (the event has none)
    second = "bot:heuristic" if "heuristic" in bot_names(spec.name) else "bot:random"
    bots = [make_bot("bot:random" if s % 2 else second, game, seed=s)
            for s in range(game.players)]
    while not state.is_terminal:
        seat = state.to_act[0]
        state.apply(seat, bots[seat].act(decision_for(state, seat)))
    print(spec.name, "played")

try:
    make_bot("bot:solver", load_game("duel"))
except MissingExtra as e:
    assert "koloda[sim]" in str(e), e
    print("solver:", e)
else:
    raise AssertionError("bot:solver was made without NumPy and SciPy")

runner = CliRunner()
for args, code, says in [(["rules", "duel"], 0, ""), (["games"], 0, ""), (["--help"], 0, ""),
                         (["duel", "advise", "--mine", "attack:3", "--theirs", "trick:2"], 2,
                          "koloda[sim]"),
                         (["simulate", "duel", "--games", "2"], 2, "koloda[sim]"),
                         (["serve"], 2, "koloda[server]")]:
    result = runner.invoke(app, args)
    assert result.exit_code == code, (args, result.exit_code, result.output)
    assert says in result.output, (args, result.output)
    print(" ".join(args), "->", code)
heavy = sorted(m for m in ("numpy", "scipy", "matplotlib", "pyarrow", "ray", "psycopg", "fastapi")
               if m in sys.modules)
assert not heavy, heavy
print("core ok")
'''


def test_a_core_install_runs_the_games_bots_and_command_line() -> None:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    done = subprocess.run([sys.executable, "-c", BLOCKER + "import sys\n" + CHECK], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.rstrip().endswith("core ok")
    assert "the duel's exact solver" in done.stdout
