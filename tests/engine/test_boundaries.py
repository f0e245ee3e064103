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
    mods = _modules("engine") + _modules("games")
    # A game's own bots (bots.py) are players, not rules: they may use the bot interface.
    return [m for m in mods if m.name != "bots.py"]


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
