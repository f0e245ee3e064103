"""The package's shape: plain data (``model.py``) below the rules modules, the state class on
top; no module of the game needs the state class at run time but the state itself (and the
package's ``__init__``, which registers it), and the game's modules import each other without
a cycle."""

from __future__ import annotations

import ast
from pathlib import Path

import koloda.games.nevermore as package

PACKAGE = "koloda.games.nevermore"
FOLDER = Path(package.__file__).parent


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _runtime_imports(tree: ast.AST) -> set[str]:
    """The modules imported at run time (anywhere, functions included), leaving out what is
    imported under ``if TYPE_CHECKING:``."""
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found.update(f"{node.module}.{a.name}" for a in node.names)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return found


def _modules() -> dict[str, set[str]]:
    """Each module of the game → the game's modules it imports at run time."""
    names = {p.stem for p in FOLDER.glob("*.py")}
    out = {}
    for path in sorted(FOLDER.glob("*.py")):
        imported = _runtime_imports(ast.parse(path.read_text(encoding="utf-8")))
        out[path.stem] = {m.rsplit(".", 1)[1] for m in imported
                          if m.startswith(PACKAGE + ".") and m.rsplit(".", 1)[1] in names
                          and m.count(".") == PACKAGE.count(".") + 1}
    return out


def test_no_module_of_the_game_imports_the_state_at_run_time_but_the_state() -> None:
    modules = _modules()
    assert {"model", "state", "flow", "effects"} <= set(modules)
    users = sorted(m for m, deps in modules.items() if "state" in deps)
    assert users == ["__init__"]  # the package registers the state class; nothing else


def test_the_rules_modules_import_each_other_without_a_cycle() -> None:
    modules = _modules()
    modules.pop("__init__")
    done: set[str] = set()

    def walk(m: str, path: tuple[str, ...]) -> None:
        assert m not in path, f"import cycle: {' → '.join((*path, m))}"
        if m in done:
            return
        for dep in sorted(modules.get(m, ())):
            walk(dep, (*path, m))
        done.add(m)

    for m in sorted(modules):
        walk(m, ())
    assert "state" not in modules["model"] and not modules["model"]  # plain data, at the bottom


def test_the_plain_data_is_the_models() -> None:
    from koloda.games.nevermore import model, state

    assert state.Task is model.Task and state.Stage is model.Stage
    assert state.PASS_SIZES == model.PASS_SIZES == (3, 2, 1)
