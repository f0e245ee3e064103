"""The rules kernel and the games stay pure: no imports from the layers above them, no I/O,
no clock, no global randomness (STYLE.md, principle 1)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[2] / "src" / "koloda"
ABOVE = ("koloda.cli", "koloda.server", "koloda.sim", "koloda.rl", "koloda.bots", "koloda.play")
IMPURE = ("random", "time", "datetime", "socket", "subprocess", "threading", "asyncio", "logging",
          "urllib", "http", "sqlite3", "secrets")


def _modules(folder: str) -> list[Path]:
    return sorted((SRC / folder).rglob("*.py"))


def _imports(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.extend(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.append(node.module)
    return names


def _pure_modules() -> list[Path]:
    # (a game's own bots, bots.py, included: the bot interface they implement is the kernel's)
    return _modules("engine") + _modules("games")


@pytest.mark.parametrize("path", _pure_modules(), ids=lambda p: str(p.relative_to(SRC)))
def test_rules_import_nothing_above_them(path: Path) -> None:
    for name in _imports(path):
        assert not name.startswith(ABOVE), f"{path.name} imports {name}"
        assert name.split(".")[0] not in IMPURE, f"{path.name} imports {name}"


@pytest.mark.parametrize("path", _pure_modules(), ids=lambda p: str(p.relative_to(SRC)))
def test_rules_open_no_files(path: Path) -> None:
    if path.name == "scenario.py":  # the scenario file loader is the kernel's one reader
        return
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            name = node.func.id
            assert name not in ("open", "print", "input"), f"{path.name} calls {name}"


# --- arrows point down: what each layer may import of Koloda ----------------------------------

#: Modules moved into a game that keep their old path in koloda.bots for now (re-exports only).
MOVED_TO_A_GAME = {"duel_solver.py", "solver_bot.py"}
#: Besides the kernel and its own package, what a game may import of Koloda: the loader of its
#: compiled modules (its package's __init__ only: choosing which files to import is loading, not
#: rules) and the lazy import of optional extras.
GAME_MAY_IMPORT = ("koloda.engine", "koloda.extras")
#: File and environment access a kernel module may not import (scenario.py, the one reader of
#: scenario files, aside).
KERNEL_IMPURE = (*IMPURE, "os", "io", "pathlib", "shutil", "tempfile", "glob",
                 "importlib.resources")


def _all_imports(path: Path) -> list[str]:
    """Every module an import statement names, function-local ones included, ``from X import
    y`` as both X and X.y (y may be a module)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.extend(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.append(node.module)
            names.extend(f"{node.module}.{a.name}" for a in node.names)
    return names


def _module_file(name: str) -> Path | None:
    parts = name.split(".")
    if parts[0] != "koloda":
        return None
    base = SRC.joinpath(*parts[1:])
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if candidate.is_file():
            return candidate
    return None


def _module_name(path: Path) -> str:
    return ".".join(("koloda", *path.relative_to(SRC).with_suffix("").parts)).removesuffix(
        ".__init__")


def _reached(path: Path) -> set[str]:
    """The Koloda modules ``path`` imports, directly or through the modules it imports."""
    seen: set[str] = set()
    todo = [path]
    while todo:
        for name in _all_imports(todo.pop()):
            file = _module_file(name)
            if file is not None and _module_name(file) not in seen:
                seen.add(_module_name(file))
                todo.append(file)
    return seen


@pytest.mark.parametrize("path", _modules("engine"), ids=lambda p: str(p.relative_to(SRC)))
def test_the_kernel_imports_only_the_kernel_even_through_other_modules(path: Path) -> None:
    # (koloda.native reads files and the environment: the kernel must not reach it)
    outside = sorted(m for m in _reached(path) if not m.startswith("koloda.engine"))
    assert not outside, f"{path.name} reaches {outside}"


@pytest.mark.parametrize("path", _modules("engine"), ids=lambda p: str(p.relative_to(SRC)))
def test_the_kernel_imports_no_file_or_environment_access(path: Path) -> None:
    if path.name == "scenario.py":  # the scenario file loader is the kernel's one reader
        return
    for name in _all_imports(path):
        assert not any(name == m or name.startswith(m + ".") for m in KERNEL_IMPURE), (
            f"{path.name} imports {name}")


#: the games built on another game, by design: the live event fights its duels with the duel
#: game (docs/rules/event.md); no other game may import another
GAME_USES = {"koloda.games.event": ("koloda.games.duel",)}


@pytest.mark.parametrize("path", _modules("games"), ids=lambda p: str(p.relative_to(SRC)))
def test_a_game_imports_the_kernel_and_itself_only(path: Path) -> None:
    game = ".".join(("koloda", *path.relative_to(SRC).parts[:2]))
    allowed = (*GAME_MAY_IMPORT, game, *GAME_USES.get(game, ()))
    if path.name == "__init__.py":
        allowed = (*allowed, "koloda.native")
    for name in _all_imports(path):
        if name.startswith("koloda.") and _module_file(name) is not None:
            assert name.startswith(allowed), f"{path.relative_to(SRC)} imports {name}"


@pytest.mark.parametrize("path", [p for p in _modules("bots") if p.name not in MOVED_TO_A_GAME],
                         ids=lambda p: str(p.relative_to(SRC)))
def test_the_bots_name_no_game(path: Path) -> None:
    # the bots that play any game: a game's own bots live in its package and are found
    # through its spec, so nothing here imports or names a game's modules
    text = path.read_text(encoding="utf-8")
    for name in _all_imports(path):
        assert not name.startswith("koloda.games"), f"{path.name} imports {name}"
    assert "koloda.games" not in text, f"{path.name} names a game's module"


def test_moved_modules_only_re_export() -> None:
    for name in MOVED_TO_A_GAME:
        tree = ast.parse((SRC / "bots" / name).read_text(encoding="utf-8"))
        body = [n for n in tree.body if not isinstance(n, ast.Expr)]  # the docstring aside
        assert all(isinstance(n, ast.ImportFrom) and (n.module or "").startswith("koloda.games")
                   for n in body), name


def test_importing_the_kernel_loads_nothing_else_of_koloda() -> None:
    import subprocess
    import sys

    code = ("import sys, koloda.engine; print(sorted(m for m in sys.modules "
            "if m.startswith('koloda.') and not m.startswith('koloda.engine')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "[]"
