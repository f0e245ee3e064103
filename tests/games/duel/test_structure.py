"""The duel's modules import downwards only: the plain data (``model``) below the rules, the rules
below the state, and no module but the state (and the package, which registers it) imports the
state class at run time (issue 16, "No import cycles inside a game")."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = "koloda.games.duel"
FOLDER = Path(__file__).resolve().parents[3] / "src" / "koloda" / "games" / "duel"
MODULES = sorted(p.stem for p in FOLDER.glob("*.py"))


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _runtime_imports(module: str) -> set[str]:
    """The duel's modules that ``module`` imports when it runs (at its top or inside a
    function; ``if TYPE_CHECKING:`` blocks left out)."""
    tree = ast.parse((FOLDER / f"{module}.py").read_text(encoding="utf-8"))
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith(PACKAGE + "."):
                    found.add(alias.name.removeprefix(PACKAGE + ".").split(".")[0])
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            if node.module == PACKAGE:
                for alias in node.names:
                    found.add(alias.name if alias.name in MODULES else "__init__")
            elif node.module.startswith(PACKAGE + "."):
                found.add(node.module.removeprefix(PACKAGE + ".").split(".")[0])
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    found.discard(module)
    return found


@pytest.mark.parametrize("module", [m for m in MODULES if m not in ("state", "__init__")])
def test_no_module_of_the_duel_imports_the_state_at_run_time(module: str) -> None:
    assert "state" not in _runtime_imports(module), (
        f"{module}.py imports koloda.games.duel.state at run time (use a TYPE_CHECKING import "
        "and the plain data of koloda.games.duel.model)")


def test_the_duels_imports_have_no_cycle() -> None:
    graph = {m: _runtime_imports(m) for m in MODULES}
    done: set[str] = set()

    def walk(m: str, path: list[str]) -> None:
        if m in path:
            cycle = [*path[path.index(m):], m]
            raise AssertionError("import cycle: " + " -> ".join(cycle))
        if m in done:
            return
        for n in sorted(graph.get(m, ())):
            walk(n, [*path, m])
        done.add(m)

    for m in MODULES:
        walk(m, [])


def test_the_plain_data_imports_no_rules() -> None:
    assert _runtime_imports("model") == set()
    assert "state" in _runtime_imports("__init__")  # the package registers the state
