"""A core install (``pip install koloda``, no extras) runs the games, their bots and the
command line; the parts that need an extra say which one when they are used.

Checked twice:

- fast (the fast tier, ``make check``): a child process in which every module that is neither
  the standard library, nor Koloda, nor a core dependency (``[project] dependencies`` in
  pyproject.toml and what they require, from the installed metadata) cannot be imported, as in
  an environment where the extras were never installed (a blocker first on ``sys.meta_path``);
- for real (marked slow: ``make test`` and CI): a fresh virtual environment, the project
  installed into it by pip from a copy of the sources without any extra (pip resolves the core
  dependencies through its usual configuration, with retries and a timeout; the compiled parts
  are not built, ``KOLODA_NO_COMPILE=1``), then the same checks and the ``koloda`` command
  there, from outside the source tree. It is skipped, saying so, only when pip cannot reach
  the package index at all.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

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


#: What pip says when it cannot reach the package index at all (then the real install is
#: skipped; any other failure fails the test).
UNREACHABLE = re.compile(
    r"NewConnectionError|Failed to establish a new connection|Temporary failure in name "
    r"resolution|Name or service not known|Network is unreachable|ConnectTimeoutError|"
    r"connection broken by|Read timed out")
#: What a core install must not bring in (the extras' packages).
EXTRAS = ("numpy", "scipy", "matplotlib", "pyarrow", "ray", "psycopg", "fastapi", "uvicorn",
          "sqlalchemy", "gymnasium", "pettingzoo", "open-spiel")


@pytest.mark.slow
def test_a_real_core_install_runs_the_games_bots_and_command_line(tmp_path: Path) -> None:
    source = tmp_path / "source"
    source.mkdir()
    for name in ("pyproject.toml", "setup.py", "README.md"):
        shutil.copy2(ROOT / name, source / name)
    shutil.copytree(ROOT / "src", source / "src", ignore=shutil.ignore_patterns(
        "__pycache__", "*.so", "_native.json", "*.egg-info"))
    venv = tmp_path / "core"
    # no pip of its own (faster): this environment's pip installs into it (--python)
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True,
                   timeout=120)
    python = venv / "bin" / "python"
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env["KOLODA_NO_COMPILE"] = "1"
    pip_cmd = [sys.executable, "-m", "pip", "--python", str(python),
               "--disable-pip-version-check"]
    pip = subprocess.run(
        [*pip_cmd, "install", "--quiet", "--retries", "3", "--timeout", "30", str(source)],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600)
    if pip.returncode != 0:
        said = pip.stdout + pip.stderr
        if UNREACHABLE.search(said) and "(from versions: none)" in said:  # nothing reached
            pytest.skip("a real core install needs the package index, which pip cannot reach "
                        "here: " + said.strip().splitlines()[-1])
        raise AssertionError(said)
    listed = subprocess.run([*pip_cmd, "list", "--format=freeze"], env=env,
                            capture_output=True, text=True, timeout=120, check=True).stdout
    names = {line.split("==")[0].lower().replace("_", "-") for line in listed.splitlines()}
    assert "koloda" in names and "typer" in names, listed
    assert not names & set(EXTRAS), names & set(EXTRAS)
    done = subprocess.run([str(python), "-c", "import sys\n" + CHECK], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.rstrip().endswith("core ok")
    assert "the duel's exact solver" in done.stdout
    rules = subprocess.run([str(venv / "bin" / "koloda"), "rules", "duel"], cwd=tmp_path,
                           env=env, capture_output=True, text=True, timeout=120)
    assert rules.returncode == 0 and "duel" in rules.stdout, rules.stdout + rules.stderr
    serve = subprocess.run([str(venv / "bin" / "koloda"), "serve"], cwd=tmp_path, env=env,
                           capture_output=True, text=True, timeout=120)
    assert serve.returncode == 2 and "koloda[server]" in serve.stderr, serve.stderr
