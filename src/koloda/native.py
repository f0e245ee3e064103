"""Compiled rules: which modules of a game run as native code, and the check that keeps a stale
build from running.

A game may have some of its modules compiled by mypyc (``setup.py`` lists them: the hot modules
of Gwent and Nevermore). The compiled modules are the same source: an install with a C compiler
builds them, and without one the game runs the ``.py`` files, slower and otherwise the same.
Python prefers an extension module to the ``.py`` beside it, so a development install whose
sources were edited after the build would run the old rules. To prevent that, the build writes
``<package>/_native.json``, the SHA-256 of every compiled source, and the game's package calls
:func:`use_native` before importing any of them: the compiled modules are used only when every
one of them is built and every source is unchanged since; otherwise all of them run from their
``.py`` (all or none: compiled modules call each other directly), with a warning unless that
was asked for. ``KOLODA_PURE=1`` in the environment runs the ``.py`` files on purpose.

mypyc erases the element types in the annotations of a compiled dataclass (``list[Stack]``
becomes ``list``). The build therefore also records, in the stamp, the annotations of every
class of each compiled module as its source writes them, and :func:`declare_compiled_types`
(called by the game's package once its modules are imported) declares them to the JSON codec
(:func:`koloda.engine.codec.declare_field_types`), which rebuilds states from them: nothing
parses a source at run time, and the kernel reads no file.

>>> status = native_status("koloda.games.gwent")
>>> status.reason in {"", "not built", "KOLODA_PURE is set"} or status.reason.startswith("stale")
True
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.machinery
import importlib.util
import json
import os
import sys
import warnings
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from importlib.abc import MetaPathFinder
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType
from typing import Any

from koloda.engine.codec import declare_field_types, field_types

#: module -> class -> field -> its annotation as the source writes it (the stamp's "types")
FieldTypes = Mapping[str, Mapping[str, Mapping[str, str]]]

#: The file the build writes beside the compiled modules.
STAMP = "_native.json"
#: The environment variable that runs the Python sources even where a build exists.
PURE_ENV = "KOLODA_PURE"


@dataclass(frozen=True)
class NativeStatus:
    """Whether a package runs its compiled modules; ``reason`` says why not ("" when it does)."""

    package: str
    modules: tuple[str, ...]
    reason: str
    #: the annotations of the compiled modules' classes, as the build recorded them
    types: FieldTypes = field(default_factory=dict)

    @property
    def native(self) -> bool:
        return not self.reason


_STATUS: dict[str, NativeStatus] = {}


def source_digest(path: Path) -> str:
    """The SHA-256 of a source file, as the build records it."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _built(directory: Path, name: str) -> bool:
    return any((directory / (name + suffix)).is_file()
               for suffix in importlib.machinery.EXTENSION_SUFFIXES)


def _built_sources(directory: Path) -> set[str]:
    """The modules of ``directory`` with a compiled extension beside their ``.py``."""
    return {path.stem for path in directory.glob("*.py") if _built(directory, path.stem)}


def check(directory: Path, environ: dict[str, str] | None = None) -> tuple[tuple[str, ...], str]:
    """The compiled modules of ``directory`` (those its stamp records, and any other built
    beside its ``.py``), and "" when they may be used, or the reason they may not: ``not
    built``, ``no stamp``, ``unreadable stamp`` (also one without the field types a build now
    records), ``KOLODA_PURE is set``, ``incomplete: X not built`` (or ``built but not in the
    stamp``), ``stale: X.py changed since the build``."""
    modules, reason, _ = _check(directory, environ)
    return modules, reason


def _stamp_types(data: Any) -> dict[str, dict[str, dict[str, str]]]:
    out: dict[str, dict[str, dict[str, str]]] = {}
    for module, classes in dict(data).items():
        out[str(module)] = {str(cls): {str(k): str(v) for k, v in dict(fields).items()}
                            for cls, fields in dict(classes).items()}
    return out


def _check(directory: Path, environ: dict[str, str] | None = None
           ) -> tuple[tuple[str, ...], str, FieldTypes]:
    env = os.environ if environ is None else environ
    built = _built_sources(directory)
    stamp = directory / STAMP
    if not stamp.is_file():
        return tuple(sorted(built)), "no stamp" if built else "not built", {}
    try:
        recorded = json.loads(stamp.read_text(encoding="utf-8"))
        sources: dict[str, str] = dict(recorded["sources"])
        shared = str(recorded["shared"])
        types = _stamp_types(recorded["types"])
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return tuple(sorted(built)), "unreadable stamp", {}
    modules = tuple(sorted(built | set(sources)))
    if env.get(PURE_ENV, "") not in ("", "0"):
        return modules, f"{PURE_ENV} is set", {}
    for name in (*modules, shared):
        if not _built(directory, name):
            return modules, f"incomplete: {name} not built", {}
        if name not in sources and name != shared:
            return modules, f"incomplete: {name} built but not in the stamp", {}
    for name in modules:
        source = directory / f"{name}.py"
        if not source.is_file() or source_digest(source) != sources[name]:
            return modules, f"stale: {name}.py changed since the build", {}
    return modules, "", types


class _SourceFinder(MetaPathFinder):
    """Finds the listed modules as their ``.py`` files, ahead of the compiled ones."""

    def __init__(self, files: dict[str, Path]) -> None:
        self.files = files

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        file = self.files.get(fullname)
        if file is None:
            return None
        return importlib.util.spec_from_file_location(fullname, file)


def use_native(package: str, path: Sequence[str]) -> NativeStatus:
    """Decide, once, whether ``package`` (at ``path``, its ``__path__``) runs its compiled
    modules; when not, make every one of them import from its ``.py``. Call it from the
    package's ``__init__`` before any of its modules is imported."""
    known = _STATUS.get(package)
    if known is not None:
        return known
    directory = Path(path[0])
    modules, reason, types = _check(directory)
    if reason and modules:
        files = {f"{package}.{name}": directory / f"{name}.py" for name in modules}
        sys.meta_path.insert(0, _SourceFinder(files))
        if reason != f"{PURE_ENV} is set":
            warnings.warn(f"{package}: {reason}; running the Python sources "
                          "(rebuild with `make install` or `pip install -e .`)",
                          RuntimeWarning, stacklevel=2)
    status = _STATUS[package] = NativeStatus(package, modules, reason, types)
    return status


def declare_compiled_types(status: NativeStatus) -> None:
    """Declare to the JSON codec the field types of the compiled classes of ``status``'s
    package, as the build recorded them (mypyc erases them in the classes themselves). The
    package calls it once its modules are imported; it does nothing when they run as Python."""
    if not status.native:
        return
    for module_name, classes in status.types.items():
        module = importlib.import_module(f"{status.package}.{module_name}")
        for class_name, declared in classes.items():
            declare_field_types(getattr(module, class_name), declared)


def native_status(package: str) -> NativeStatus:
    """What :func:`use_native` decided for ``package`` (importing it first)."""
    if package not in _STATUS:
        importlib.import_module(package)
    return _STATUS.get(package, NativeStatus(package, (), "not built"))


def type_hints(cls: type) -> dict[str, Any]:
    """The field types the JSON codec reads for ``cls``: its type hints, or for a compiled
    class those its source declares (recorded by the build, see :func:`declare_compiled_types`)."""
    return field_types(cls)
