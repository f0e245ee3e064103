"""A new game is one package: docs/kernel.md's walk-through "Adding a game", followed.

``tests/newgame/koloda_coin`` is the toy game of the walk-through, with its entry point beside
it (``koloda_coin-0.1.dist-info``, what ``pip install`` of its distribution would write). Put on
the path, and nothing else changed, it is a registered game with its own bot and its own event
kinds (one named like another package's), and the conformance suites run on it. Each check
runs in a child process, so the toy game does not join the other tests' registry.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
NEWGAME = ROOT / "tests" / "newgame"


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(NEWGAME), *sys.path])
    return subprocess.run([sys.executable, *args], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=300)


CHECK = """
from dataclasses import dataclass

from koloda.bots import bot_names, decision_for, make_bot
from koloda.engine import Event, game_specs, load_game, record_of, replay

@dataclass(frozen=True)
class RoundEnded(Event):  # another package's event of the same name
    round: int

assert "coin" in [s.name for s in game_specs()]
game = load_game("coin", rounds_to_win=3)
assert "heads" in bot_names("coin") and "random" in bot_names("coin")
state = game.new(seed=4)
bots = [make_bot("bot:heads", game), make_bot("bot:random", game, seed=2)]
while not state.is_terminal:
    seat = state.to_act[0]
    state.apply(seat, bots[seat].act(decision_for(state, seat)))
again = game.state_from_json(state.to_json())
assert again.to_json() == state.to_json()
kinds = {type(e).__module__ for e in again.events if type(e).__name__ == "RoundEnded"}
assert kinds == {"koloda_coin.state"}, kinds
assert Event.kind_named("RoundEnded") is None  # two of that name: only a game's scope decides
assert Event.kind_named("RoundEnded", "__main__") is RoundEnded
assert replay(record_of(game, state)).to_json() == state.to_json()

# its page at the play server's tables: its own file, served from where its spec says
import tempfile
from pathlib import Path
from fastapi.testclient import TestClient
import koloda_coin
from koloda.server import create_app

with tempfile.TemporaryDirectory() as tmp, TestClient(create_app(f"sqlite:///{tmp}/k.db")) as c:
    page = c.get("/games/coin/page.js")
    assert page.status_code == 200, page.text
    assert page.content == (Path(koloda_coin.__file__).parent / "page.js").read_bytes()
    assert page.headers["content-type"].startswith("text/javascript")
print("ok", state.result().summary)
"""


def test_the_toy_game_registers_plays_and_decodes_its_own_events() -> None:
    done = _run("-c", CHECK)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("ok Player")


def test_the_conformance_suites_run_on_the_toy_game() -> None:
    done = _run("-m", "pytest", "-o", "addopts=", "-q", "-p", "no:cacheprovider", "-p", "no:xdist",
                "-k", "coin",
                "tests/conformance/test_every_game.py", "tests/conformance/test_contract.py",
                "tests/conformance/test_views.py")
    assert done.returncode == 0, done.stdout + done.stderr
    assert " passed" in done.stdout and "failed" not in done.stdout
