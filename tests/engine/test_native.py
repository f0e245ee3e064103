"""Compiled rules (``koloda.native``): the build is used only when complete and up to date, the
Python sources otherwise, and both give the same games.

The equivalence test plays seeded games of every compiled game in a child process that runs
the Python sources (``KOLODA_PURE=1``) and compares everything a game shows: legal lists,
random draws, views of every seat, resamples, the fast path, logs and the final state.
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from koloda.native import PURE_ENV, STAMP, check, native_status, source_digest

SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]


def _package(tmp_path: Path, modules: dict[str, str], *, built: bool = True) -> Path:
    for name, text in modules.items():
        (tmp_path / f"{name}.py").write_text(text, encoding="utf-8")
        if built:
            (tmp_path / f"{name}{SUFFIX}").write_bytes(b"")
    if built:
        (tmp_path / f"_native__mypyc{SUFFIX}").write_bytes(b"")
    stamp = {"shared": "_native__mypyc",
             "sources": {n: source_digest(tmp_path / f"{n}.py") for n in modules},
             "types": {n: {} for n in modules}}
    (tmp_path / STAMP).write_text(json.dumps(stamp), encoding="utf-8")
    return tmp_path


def test_a_complete_up_to_date_build_is_used(tmp_path: Path) -> None:
    folder = _package(tmp_path, {"a": "x = 1\n", "b": "y = 2\n"})
    assert check(folder, {}) == (("a", "b"), "")


def test_an_edited_source_makes_the_build_stale(tmp_path: Path) -> None:
    folder = _package(tmp_path, {"a": "x = 1\n", "b": "y = 2\n"})
    (folder / "b.py").write_text("y = 3\n", encoding="utf-8")
    assert check(folder, {}) == (("a", "b"), "stale: b.py changed since the build")


def test_a_missing_module_or_shared_library_makes_it_incomplete(tmp_path: Path) -> None:
    (tmp_path / "one").mkdir()
    (tmp_path / "two").mkdir()
    no_shared = _package(tmp_path / "one", {"a": "x = 1\n"})
    (no_shared / f"_native__mypyc{SUFFIX}").unlink()
    assert check(no_shared, {}) == (("a",), "incomplete: _native__mypyc not built")
    no_module = _package(tmp_path / "two", {"a": "x = 1\n"})
    (no_module / f"a{SUFFIX}").unlink()
    assert check(no_module, {}) == (("a",), "incomplete: a not built")


def test_no_stamp_means_not_built_and_a_broken_one_is_reported(tmp_path: Path) -> None:
    assert check(tmp_path, {}) == ((), "not built")
    (tmp_path / STAMP).write_text("{not json", encoding="utf-8")
    assert check(tmp_path, {}) == ((), "unreadable stamp")


def test_koloda_pure_runs_the_sources_on_purpose(tmp_path: Path) -> None:
    folder = _package(tmp_path, {"a": "x = 1\n"})
    assert check(folder, {PURE_ENV: "1"}) == (("a",), "KOLODA_PURE is set")
    assert check(folder, {PURE_ENV: "0"}) == (("a",), "")


COMPILED_GAMES = {"gwent": (2, 3, 4), "nevermore": (3, 4, 5, 6)}


@pytest.mark.parametrize("game", sorted(COMPILED_GAMES))
def test_the_compiled_games_run_compiled_where_they_were_built(game: str) -> None:
    # The project's install (make install) compiles them; CI runs on such an install.
    if os.environ.get(PURE_ENV, "") not in ("", "0"):
        pytest.skip("KOLODA_PURE is set")
    status = native_status(f"koloda.games.{game}")
    assert status.native, (
        f"{game}'s rules are not running compiled ({status.reason}): install a C compiler and "
        "Python's headers (scripts/system-deps.sh does), then reinstall (make install)")
    module = sys.modules[f"koloda.games.{game}.{status.modules[0]}"]
    assert not (module.__file__ or "").endswith(".py")


_PLAY = r"""
import hashlib, importlib, json, sys
from koloda.engine import Rng, load_game
package = importlib.import_module("koloda.games.GAME")
h = hashlib.sha256()
for players in PLAYERS:
    game = load_game("GAME", players=players)
    rng = Rng.from_seed(11)
    for seed in range(GAMES):
        state = game.new(seed=seed)
        step = 0
        while not state.is_terminal:
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            h.update(repr([str(a) for a in legal]).encode())
            if step % 7 == 0:
                for s in range(players):
                    h.update(json.dumps(state.observe(s), sort_keys=True).encode())
                sample = state.resample(seat, Rng.from_seed(step))
                h.update(json.dumps(sample.to_json(), sort_keys=True).encode())
                fast = state.clone()
                fast.apply_unchecked(seat, fast.random_action(seat, Rng.from_seed(step)))
                h.update(json.dumps(fast.to_json(), sort_keys=True).encode())
            state.apply(seat, legal[rng.randbelow(len(legal))])
            step += 1
        h.update(json.dumps(state.to_json(), sort_keys=True).encode())
        h.update(repr(state.result).encode())
        for s in (None, *range(players)):
            h.update(repr(state.log(s)).encode())
print(package.NATIVE.native, h.hexdigest())
"""


def _play(game: str, pure: bool, games: int) -> tuple[str, str]:
    env = dict(os.environ)
    env.pop(PURE_ENV, None)
    if pure:
        env[PURE_ENV] = "1"
    code = (_PLAY.replace("GAMES", str(games)).replace("GAME", game)
            .replace("PLAYERS", repr(COMPILED_GAMES[game])))
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                          text=True, check=True)
    native, digest = done.stdout.split()
    return native, digest


@pytest.mark.slow
@pytest.mark.parametrize(("game", "games"), [("gwent", 12), ("nevermore", 2)])
def test_the_compiled_and_the_python_rules_play_the_same_games(game: str, games: int) -> None:
    compiled, pure = _play(game, False, games), _play(game, True, games)
    assert pure[0] == "False"
    if compiled[0] != "True":
        pytest.skip(f"{game}'s rules are not compiled here")
    assert compiled[1] == pure[1]


def test_a_stale_build_falls_back_to_the_sources_with_a_warning(tmp_path: Path) -> None:
    # A package of its own, "built" with empty files, one source edited after the build: the
    # package must import its .py (an empty file as an extension would fail to load).
    package = tmp_path / "stalepkg"
    package.mkdir()
    _package(package, {"a": "X = 'old'\n"})
    (package / "a.py").write_text("X = 'new'\n", encoding="utf-8")
    (package / "__init__.py").write_text(
        "from koloda.native import use_native\nNATIVE = use_native(__name__, __path__)\n",
        encoding="utf-8")
    code = ("import warnings; warnings.simplefilter('always')\n"
            "import stalepkg, stalepkg.a\n"
            "print(stalepkg.NATIVE.reason, stalepkg.a.X, stalepkg.a.__file__.endswith('.py'))")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(tmp_path), *sys.path]))
    env.pop(PURE_ENV, None)
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                          text=True, check=True)
    assert done.stdout.strip() == "stale: a.py changed since the build new True"
    assert "stale: a.py changed since the build; running the Python sources" in done.stderr


def test_the_stamp_records_the_sources_the_build_compiled() -> None:
    import koloda.games.gwent as gwent
    folder = Path(gwent.__file__).parent
    if not (folder / STAMP).is_file():
        pytest.skip("Gwent's rules are not compiled here")
    recorded = json.loads((folder / STAMP).read_text(encoding="utf-8"))
    for name, digest in recorded["sources"].items():
        assert hashlib.sha256((folder / f"{name}.py").read_bytes()).hexdigest() == digest


def test_a_compiled_dataclass_keeps_its_declared_field_types_for_the_codec() -> None:
    # mypyc erases list[Stack] to list in the class's own annotations; the codec needs the former
    from koloda.games.gwent.model import Exchange, Reversal
    from koloda.games.gwent.table import Layer, Stack
    from koloda.native import type_hints

    hints = type_hints(Exchange)
    assert hints["stacks"] == list[Stack] and hints["reversals"] == list[Reversal]
    assert hints["pending"] == list[str] and hints["ap"] == list[int]
    assert type_hints(Stack)["layers"] == list[Layer]
    assert type_hints(Layer)["cards"] == tuple[str, ...]


def test_the_stamp_records_the_field_types_of_the_compiled_classes() -> None:
    import ast

    import koloda.games.gwent as gwent
    folder = Path(gwent.__file__).parent
    if not (folder / STAMP).is_file():
        pytest.skip("Gwent's rules are not compiled here")
    recorded = json.loads((folder / STAMP).read_text(encoding="utf-8"))["types"]
    model = ast.parse((folder / "model.py").read_text(encoding="utf-8"))
    exchange = next(n for n in model.body if isinstance(n, ast.ClassDef) and n.name == "Exchange")
    declared = {i.target.id: ast.unparse(i.annotation) for i in exchange.body
                if isinstance(i, ast.AnnAssign) and isinstance(i.target, ast.Name)}
    assert recorded["model"]["Exchange"] == declared


def test_a_stamp_without_field_types_is_not_used(tmp_path: Path) -> None:
    # a build from before the stamp recorded them: its classes' field types are unknown
    folder = _package(tmp_path, {"a": "x = 1\n"})
    stamp = json.loads((folder / STAMP).read_text(encoding="utf-8"))
    del stamp["types"]
    (folder / STAMP).write_text(json.dumps(stamp), encoding="utf-8")
    assert check(folder, {}) == (("a",), "unreadable stamp")


def test_declared_field_types_drive_the_codec() -> None:
    # what the codec does with a compiled class: its own annotations erased, the declared used
    from dataclasses import dataclass

    from koloda.engine.codec import declare_field_types, decode, field_types
    from koloda.engine.rng import Rng

    @dataclass
    class Erased:
        rngs: list  # type: ignore[type-arg]

    Erased.__module__ = "koloda.engine.rng"  # evaluated in the module's names, as compiled ones
    declare_field_types(Erased, {"rngs": "list[Rng]"})
    assert field_types(Erased) == {"rngs": list[Rng]}
    assert decode(Erased, {"rngs": [{"state": 5}]}).rngs[0] == Rng(5)


def test_modules_built_without_a_stamp_are_not_used(tmp_path: Path) -> None:
    # a failed rebuild removes the stamp and may leave old compiled modules behind
    folder = _package(tmp_path, {"a": "x = 1\n", "b": "y = 2\n"})
    (folder / STAMP).unlink()
    assert check(folder, {}) == (("a", "b"), "no stamp")
    (folder / STAMP).write_text("{not json", encoding="utf-8")
    assert check(folder, {}) == (("a", "b"), "unreadable stamp")


def test_a_module_built_but_missing_from_the_stamp_makes_it_incomplete(tmp_path: Path) -> None:
    folder = _package(tmp_path, {"a": "x = 1\n"})
    (folder / "b.py").write_text("y = 2\n", encoding="utf-8")
    (folder / f"b{SUFFIX}").write_bytes(b"")
    assert check(folder, {}) == (("a", "b"), "incomplete: b built but not in the stamp")
