"""The compiled parts (optional: Koloda runs without them, slower, with the same results).

- the generator's loops, ``src/koloda/engine/_rngc.c`` (C);
- the hot modules of Gwent's and Nevermore's rules, compiled from their Python sources by
  mypyc (which comes with mypy, a build requirement in ``pyproject.toml``). The build records
  the SHA-256 of each compiled source in ``_native.json`` beside them; :mod:`koloda.native`
  uses the compiled modules only while every source still has that digest. The stamp also
  records the annotations of each compiled module's classes as the source writes them (mypyc
  erases ``list[Stack]`` to ``list``), which the JSON codec needs to rebuild states.
"""

from __future__ import annotations

import ast
import hashlib
import json
import os
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).resolve().parent
#: package -> the modules compiled (listed in koloda.native's stamp, see koloda/native.py)
#: (each of Gwent's buys >= 10% of a random playout: docs/performance.md, "What each of
#: Gwent's compiled modules buys")
NATIVE = {
    "koloda.games.gwent": ["cards", "dispatch", "exchange", "hands", "listing", "match", "model",
                           "perks", "table", "throwins", "turns"],
    # Nevermore's effects module bought nothing compiled (bench/native_gain.py, docs/performance.md)
    "koloda.games.nevermore": ["flow"],
}
SHARED = "_native"  # the mypyc runtime shared by a package's compiled modules


def native_extensions() -> list[Extension]:
    if os.environ.get("KOLODA_NO_COMPILE", "") not in ("", "0"):
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        print("koloda: mypyc is not available; the rules stay Python", file=sys.stderr)
        return []
    out: list[Extension] = []
    for package, modules in NATIVE.items():
        folder = Path("src", *package.split("."))
        try:
            built = mypycify([str(folder / f"{m}.py") for m in modules], opt_level="3",
                             group_name=f"{package}.{SHARED}")
        except (SystemExit, Exception) as exc:  # a failed compile leaves the Python rules
            print(f"koloda: {package} not compiled: {exc}", file=sys.stderr)
            continue
        for ext in built:
            ext.optional = True
        out.extend(built)
    return out


def declared_annotations(source: str) -> dict[str, dict[str, str]]:
    """class -> field -> annotation, as written, for the classes at the top of a module."""
    out: dict[str, dict[str, str]] = {}
    for node in ast.parse(source).body:
        if isinstance(node, ast.ClassDef):
            fields = {item.target.id: ast.unparse(item.annotation) for item in node.body
                      if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name)}
            if fields:
                out[node.name] = fields
    return out


class BuildExt(build_ext):
    """Builds the extensions, then writes each compiled package's stamp beside its modules."""

    def run(self) -> None:
        super().run()
        for package, modules in NATIVE.items():
            names = [f"{package}.{m}" for m in modules] + [f"{package}.{SHARED}__mypyc"]
            paths = [Path(self.get_ext_fullpath(n)) for n in names]
            stamp = paths[0].parent / "_native.json"
            # a module compiled by an earlier build and no longer listed leaves no extension
            # behind (Python would import it, and koloda.native would refuse the whole build)
            for source in stamp.parent.glob("*.py"):
                if source.stem not in modules:
                    for suffix in EXTENSION_SUFFIXES:
                        (stamp.parent / (source.stem + suffix)).unlink(missing_ok=True)
            if not all(p.is_file() for p in paths):
                stamp.unlink(missing_ok=True)
                continue
            folder = HERE / "src" / Path(*package.split("."))
            sources = {m: hashlib.sha256((folder / f"{m}.py").read_bytes()).hexdigest()
                       for m in modules}
            types = {m: declared_annotations((folder / f"{m}.py").read_text(encoding="utf-8"))
                     for m in modules}
            stamp.write_text(json.dumps({"shared": f"{SHARED}__mypyc", "sources": sources,
                                         "types": types},
                                        indent=1, sort_keys=True) + "\n", encoding="utf-8")


setup(
    ext_modules=[
        Extension("koloda.engine._rngc", ["src/koloda/engine/_rngc.c"], optional=True),
        *native_extensions(),
    ],
    cmdclass={"build_ext": BuildExt},
)
