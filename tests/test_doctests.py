"""The ``>>>`` examples in the docstrings of every module of ``src/koloda`` run and hold.

The examples are read from the source (so a module compiled by mypyc, whose functions carry no
inspectable docstrings, is checked all the same) and run in the imported module's namespace. A
module that needs an optional extra which is not installed is skipped, saying which.
"""

from __future__ import annotations

import ast
import doctest
import importlib
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src"
#: The optional extras' top-level modules: a module importing one of them is skipped without it.
OPTIONAL = {"numpy", "scipy", "matplotlib", "pyarrow", "ray", "fastapi", "starlette", "uvicorn",
            "sqlalchemy", "psycopg", "httpx"}


def _with_examples() -> list[Path]:
    return sorted(p for p in (SRC / "koloda").rglob("*.py")
                  if ">>>" in p.read_text(encoding="utf-8"))


def _docstrings(tree: ast.Module) -> list[tuple[str, str, int]]:
    """(qualified name, docstring, line) of the module and of every class and function in it."""
    out: list[tuple[str, str, int]] = []

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
                name = f"{prefix}{child.name}"
                doc = ast.get_docstring(child, clean=False)
                if doc and child.body:
                    out.append((name, doc, child.body[0].lineno))
                visit(child, f"{name}.")

    doc = ast.get_docstring(tree, clean=False)
    if doc:
        out.append(("", doc, 1))
    visit(tree, "")
    return out


@pytest.mark.parametrize("path", _with_examples(), ids=lambda p: str(p.relative_to(SRC)))
def test_docstring_examples_hold(path: Path) -> None:
    module_name = ".".join(path.relative_to(SRC).with_suffix("").parts).removesuffix(".__init__")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as e:
        if (e.name or "").split(".")[0] in OPTIONAL:
            pytest.skip(f"{module_name} needs {e.name} (an optional extra)")
        raise
    parser = doctest.DocTestParser()
    # (not verbose: by default the runner is verbose under ``pytest -v``, and its "Trying:" lines
    # would land in the examples' own captured output)
    runner = doctest.DocTestRunner(verbose=False, optionflags=doctest.ELLIPSIS)
    found = 0
    for name, doc, line in _docstrings(ast.parse(path.read_text(encoding="utf-8"))):
        if ">>>" not in doc:
            continue
        test = parser.get_doctest(doc, dict(vars(module)), f"{module_name}.{name}".rstrip("."),
                                  str(path), line)
        found += len(test.examples)
        runner.run(test, out=lambda text: print(text, end=""))
    assert found > 0
    results = runner.summarize(verbose=False)
    assert results.failed == 0, f"{results.failed} of {results.attempted} examples failed"
