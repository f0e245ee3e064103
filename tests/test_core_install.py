"""A core install (``pip install koloda``, no extras) runs the games, their bots, the
command line and the play server with SQLite (``koloda serve``); the parts that need an extra
(PostgreSQL's driver, HTTPS certificates, QR codes and PDFs, the simulator's statistics, plots,
Parquet and Ray, the duel's exact solver) say which one when they are used.

Checked twice:

- fast (the fast tier, ``make check``): child processes in which every module that is neither
  the standard library, nor Koloda, nor a core dependency (``[project] dependencies`` in
  pyproject.toml and what they require, from the installed metadata) cannot be imported, as in
  an environment where the extras were never installed (a blocker first on ``sys.meta_path``):
  one plays the games and runs the commands, one is ``koloda serve``, which this test then uses
  over HTTP and a WebSocket (:func:`serve_and_play`);
- for real (marked slow: ``make test`` and CI): a fresh virtual environment, the project
  installed into it by pip from a copy of the sources without any extra (pip resolves the core
  dependencies through its usual configuration, with retries and a timeout; the compiled parts
  are not built, ``KOLODA_NO_COMPILE=1``), then the same checks, its ``koloda`` command and
  its ``koloda serve`` there, from outside the source tree. It is skipped, saying so, only
  when pip cannot reach the package index at all.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

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

import tempfile
from pathlib import Path

from koloda.action_words import refusal_text
from koloda.event_print import qr
from koloda.server.tls import ensure_certificate, stored_fingerprint

with tempfile.TemporaryDirectory() as d:
    assert stored_fingerprint(Path(d)) == ""  # no certificate stored: nothing needed
    for part, extra in [(lambda: qr.svg("Б-0137"), "print"),
                        (lambda: ensure_certificate(Path(d), ["127.0.0.1"]), "tls")]:
        try:
            part()
        except MissingExtra as e:
            assert f"koloda[{extra}]" in str(e) and e.extra == extra, e
            assert "не установлен" in refusal_text("", e, "ru"), refusal_text("", e, "ru")
            print(extra + ":", e)
        else:
            raise AssertionError(f"worked without the {extra} extra")

import importlib

for module in ("koloda.rl.pettingzoo", "koloda.rl.openspiel"):  # the research interfaces
    try:
        importlib.import_module(module)
    except MissingExtra as e:
        assert "koloda[rl]" in str(e) and e.extra == "rl", e
        print(module + ":", e)
    else:
        raise AssertionError(f"{module} was imported without the rl extra")

runner = CliRunner()
for args, code, says in [(["rules", "duel"], 0, ""), (["games"], 0, ""), (["--help"], 0, ""),
                         (["duel", "advise", "--mine", "attack:3", "--theirs", "trick:2"], 2,
                          "koloda[sim]"),
                         (["simulate", "duel", "--games", "2"], 2, "koloda[sim]"),
                         (["serve", "--db", "postgresql://k@127.0.0.1:9/k"], 2,
                          "koloda[postgres]")]:
    result = runner.invoke(app, args)
    assert result.exit_code == code, (args, result.exit_code, result.output)
    assert says in result.output, (args, result.output)
    print(" ".join(args), "->", code)
heavy = sorted(m for m in ("numpy", "scipy", "matplotlib", "pyarrow", "ray", "psycopg", "segno",
                           "fpdf", "cryptography") if m in sys.modules)
assert not heavy, heavy
print("core ok")
'''


#: ``koloda`` under the blocker: ``python -c SERVE serve --port …``
SERVE = "import sys\nsys.argv[0] = 'koloda'\nfrom koloda.cli import main\nmain()\n"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


#: straight to the server on 127.0.0.1, whatever proxy the environment names (for pip)
_DIRECT = urllib.request.build_opener(urllib.request.ProxyHandler({}))


def _http(url: str, body: dict[str, Any] | None = None,
          headers: dict[str, str] | None = None) -> tuple[int, bytes]:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, headers={
        **({"Content-Type": "application/json"} if body is not None else {}), **(headers or {})})
    try:
        with _DIRECT.open(request, timeout=10) as r:
            return r.status, r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.read()


def serve_and_play(koloda: list[str], cwd: Path, env: dict[str, str], db: Path) -> None:
    """Start ``koloda serve`` (the command ``koloda``) on 127.0.0.1 and a free port with the
    SQLite database ``db``; fetch the lobby and a table's page with its assets, create a duel
    for two people over HTTP, play a move over HTTP and open a seat's WebSocket; a duel of two
    bots (a search in the bots' worker processes, a random one) plays on; stop it. Every wait
    is bounded."""
    import inspect

    from websockets.sync.client import connect

    # websockets 15+ reads a proxy from the environment unless told not to
    direct = {"proxy": None} if "proxy" in inspect.signature(connect).parameters else {}
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    server = subprocess.Popen(
        [*koloda, "serve", "--host", "127.0.0.1", "--port", str(port), "--db", f"sqlite:///{db}",
         "--log-level", "warning", "--bot-delay", "0", "--bot-workers", "1"],
        cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        deadline = time.monotonic() + 60
        while True:
            assert server.poll() is None, server.communicate()[0]
            try:
                if _http(base + "/api/games")[0] == 200:
                    break
            except OSError:
                pass
            assert time.monotonic() < deadline, "koloda serve did not answer within 60 s"
            time.sleep(0.1)
        status, page = _http(base + "/")
        assert status == 200 and b"/static/lobby.js" in page, (status, page[:200])
        # the lobby offers no bot this install cannot make (the duel's solver needs SciPy)
        duel = next(g for g in json.loads(_http(base + "/api/games")[1]) if g["name"] == "duel")
        assert "bot:random" in duel["bots"] and "bot:solver" not in duel["bots"], duel["bots"]
        assert "solver" not in [k["kind"] for k in duel["bot_kinds"]]
        status, made = _http(base + "/api/tables", {"game": "duel", "seats": [
            {"kind": "human", "name": "Аня"}, {"kind": "human", "name": "Боря"}]})
        assert status == 201, made
        table = json.loads(made)
        tid, token = table["table"], table["seats"][0]["token"]
        for path in (f"/t/{tid}", "/static/koloda.css", "/static/table.js", "/static/i18n.js",
                     "/games/duel/page.js"):
            status, _ = _http(base + path)
            assert status == 200, (path, status)
        auth = {"Authorization": f"Bearer {token}"}
        status, seen = _http(f"{base}/api/tables/{tid}/view", headers=auth)
        view = json.loads(seen)
        assert status == 200 and view["legal"], view
        status, acted = _http(f"{base}/api/tables/{tid}/act",
                              {"action": view["legal"][0], "version": view["version"]}, auth)
        assert status == 200, acted
        assert json.loads(acted) == {"type": "ack", "version": view["version"] + 1}
        with connect(f"ws://127.0.0.1:{port}/ws/{tid}", open_timeout=10, **direct) as ws:
            ws.send(json.dumps({"type": "hello", "token": token, "lang": "ru"}))
            welcome, state = (json.loads(ws.recv(timeout=10)) for _ in range(2))
        assert welcome["type"] == "welcome" and state["type"] == "state", (welcome, state)
        assert state["version"] == view["version"] + 1, state
        status, made = _http(base + "/api/tables", {"game": "duel", "seats": [
            {"kind": "bot", "bot": "bot:ismcts:0.3s"}, {"kind": "bot", "bot": "bot:random"}]})
        assert status == 201, made
        bots = json.loads(made)["table"]
        deadline = time.monotonic() + 60
        while json.loads(_http(f"{base}/api/tables/{bots}")[1])["version"] < 4:
            assert time.monotonic() < deadline, "the bots made no four moves within 60 s"
            time.sleep(0.2)
    finally:
        server.terminate()
        try:
            out = server.communicate(timeout=15)[0]
        except subprocess.TimeoutExpired:
            server.kill()
            out = server.communicate(timeout=15)[0]
    assert "Traceback" not in out, out


def test_a_core_install_runs_the_games_bots_and_command_line() -> None:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    done = subprocess.run([sys.executable, "-c", BLOCKER + "import sys\n" + CHECK], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.rstrip().endswith("core ok")
    assert "the duel's exact solver" in done.stdout


def test_a_core_install_serves_tables(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    serve_and_play([sys.executable, "-c", BLOCKER + SERVE], ROOT, env, tmp_path / "core.db")


#: What pip says when it cannot reach the package index at all (then the real install is
#: skipped; any other failure fails the test).
UNREACHABLE = re.compile(
    r"NewConnectionError|Failed to establish a new connection|Temporary failure in name "
    r"resolution|Name or service not known|Network is unreachable|ConnectTimeoutError|"
    r"connection broken by|Read timed out")
#: What a core install must not bring in (the extras' packages, the tests' HTTP client).
EXTRAS = ("numpy", "scipy", "matplotlib", "pyarrow", "ray", "psycopg", "psycopg-binary",
          "cryptography", "segno", "fpdf2", "uvloop", "httptools", "httpx", "gymnasium",
          "pettingzoo", "open-spiel")
#: What it must bring: the play server.
SERVER = ("fastapi", "uvicorn", "websockets", "sqlalchemy")


@pytest.mark.slow
def test_a_real_core_install_runs_the_games_bots_command_line_and_server(
        tmp_path: Path) -> None:
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
    assert {"koloda", "typer", *SERVER} <= names, listed
    assert not names & set(EXTRAS), names & set(EXTRAS)
    done = subprocess.run([str(python), "-c", "import sys\n" + CHECK], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.rstrip().endswith("core ok")
    assert "the duel's exact solver" in done.stdout
    rules = subprocess.run([str(venv / "bin" / "koloda"), "rules", "duel"], cwd=tmp_path,
                           env=env, capture_output=True, text=True, timeout=120)
    assert rules.returncode == 0 and "duel" in rules.stdout, rules.stdout + rules.stderr
    postgres = subprocess.run(
        [str(venv / "bin" / "koloda"), "serve", "--db", "postgresql://k@127.0.0.1:9/k"],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    assert postgres.returncode == 2, postgres.stdout + postgres.stderr
    assert postgres.stderr.startswith("error: ") and "koloda[postgres]" in postgres.stderr, \
        postgres.stderr
    serve_and_play([str(venv / "bin" / "koloda")], tmp_path, env, tmp_path / "core.db")


def test_every_part_that_needs_an_extra_is_named_in_russian() -> None:
    """Each ``require(…, what=…)`` in the sources (a text, or a module's constant) has its
    Russian name in the catalogue (``refusal.extra_part``), and names an extra that exists."""
    import ast
    import tomllib

    from koloda.extras import EXTRAS
    from koloda.i18n import t

    with open(ROOT / "pyproject.toml", "rb") as f:
        declared = set(tomllib.load(f)["project"]["optional-dependencies"])
    assert set(EXTRAS) <= declared, set(EXTRAS) - declared
    parts: dict[str, str] = {}
    for path in sorted((ROOT / "src" / "koloda").rglob("*.py")):
        tree = ast.parse(path.read_text("utf-8"))
        constants = {n.targets[0].id: n.value.value for n in tree.body
                     if isinstance(n, ast.Assign) and isinstance(n.targets[0], ast.Name)
                     and isinstance(n.value, ast.Constant) and isinstance(n.value.value, str)}
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and getattr(node.func, "id", "") == "require"):
                continue
            found = {k.arg: k.value for k in node.keywords}
            what, extra = found["what"], found["extra"]
            assert isinstance(extra, ast.Constant) and extra.value in EXTRAS, (path, extra)
            assert isinstance(what, ast.Constant | ast.Name), (path, node.lineno)
            text = what.value if isinstance(what, ast.Constant) else constants[what.id]
            parts[text] = f"{path.name}:{node.lineno}"
    assert len(parts) >= 8, parts
    missing = {p: where for p, where in parts.items() if t("refusal.extra_part", p, "ru") == p}
    assert not missing, missing
