"""JSON encoding of plain state data, driven by type hints.

States, actions and events are dataclasses of ints, strings, enums, tuples, lists, dicts and
other dataclasses. :func:`encode` turns such a value into JSON-ready data; :func:`decode` turns it
back, checking the shape against the declared types and raising :class:`InvalidData` on anything
malformed. Dict keys that are not strings are written as strings and read back by their type.

A class whose own annotations were erased (compiled by mypyc: ``list[Stack]`` becomes ``list``)
has its field types declared with :func:`declare_field_types`, from what the build recorded.
"""

from __future__ import annotations

import dataclasses
import enum
import types
import typing
from collections.abc import Mapping
from functools import cache
from typing import Any, TypeVar, Union, get_args, get_origin, get_type_hints

from koloda.engine.errors import InvalidData

T = TypeVar("T")
JSON = Any


def encode(value: Any) -> JSON:
    """JSON-ready data for ``value`` (dataclass, enum, tuple, list, dict, set or scalar)."""
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, enum.Enum):
        return value.value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        out = {f.name: encode(getattr(value, f.name)) for f in _fields(type(value))}
        kind = getattr(type(value), "kind_name", None)
        if kind is not None and getattr(type(value), "_registry", None) is not None:
            out = {"kind": kind(), **out}
        return out
    if isinstance(value, tuple | list):
        return [encode(v) for v in value]
    if isinstance(value, frozenset | set):
        return sorted((encode(v) for v in value), key=repr)
    if isinstance(value, Mapping):
        return {_key(k): encode(v) for k, v in value.items()}
    raise TypeError(f"cannot encode {type(value).__name__}")


def _key(k: Any) -> str:
    if isinstance(k, enum.Enum):
        return str(k.value)
    return str(k)


@cache
def _fields(cls: type) -> tuple[dataclasses.Field[Any], ...]:
    return tuple(f for f in dataclasses.fields(cls) if f.init)


#: Annotations declared for classes whose own were erased, as their source writes them.
_DECLARED: dict[type, dict[str, str]] = {}


def declare_field_types(cls: type, annotations: Mapping[str, str]) -> None:
    """Declare the annotations of ``cls``'s body as its source writes them (``{"stacks":
    "list[Stack]"}``), for a class whose own annotations were erased by the compiler; they are
    evaluated in the class's module, as the source's own string annotations would be.
    :mod:`koloda.native` declares them from the build's record for the compiled rules."""
    _DECLARED[cls] = dict(annotations)
    _hints.cache_clear()


@cache
def _hints(cls: type) -> dict[str, Any]:
    declared = _DECLARED.get(cls)
    if declared is None:
        return get_type_hints(cls)
    stand_in = type(cls.__name__, (), {"__annotations__": declared, "__module__": cls.__module__})
    hints = get_type_hints(stand_in)
    for base in cls.__mro__[1:]:
        if base is not object:
            hints = {**_hints(base), **hints}
    return hints


def field_types(cls: type) -> dict[str, Any]:
    """The type hints of ``cls``'s fields as the codec reads them (declared ones included)."""
    return dict(_hints(cls))


def decode(tp: Any, data: JSON, where: str = "$", scope: str | None = None) -> Any:
    """Rebuild a value of type ``tp`` from :func:`encode`'s output; raises InvalidData.

    A class with a registry of kinds (events) finds the kind in the package ``scope`` first
    (a state's game: two games may name an event alike)."""
    if tp is Any:
        return data
    origin = get_origin(tp)
    if origin is Union or origin is types.UnionType:
        args = get_args(tp)
        if data is None and type(None) in args:
            return None
        errors = []
        for arg in args:
            if arg is type(None):
                continue
            try:
                return decode(arg, data, where, scope)
            except InvalidData as e:
                errors.append(str(e))
        raise InvalidData(f"{where}: {data!r} matches none of {tp}")
    if origin is typing.Literal:
        if data in get_args(tp):
            return data
        raise InvalidData(f"{where}: {data!r} is not one of {get_args(tp)}")
    if tp is type(None):
        if data is not None:
            raise InvalidData(f"{where}: expected null")
        return None
    if tp is bool:
        if not isinstance(data, bool):
            raise InvalidData(f"{where}: expected true or false, got {data!r}")
        return data
    if tp is int:
        if isinstance(data, bool) or not isinstance(data, int):
            raise InvalidData(f"{where}: expected an integer, got {data!r}")
        return data
    if tp is float:
        if isinstance(data, bool) or not isinstance(data, int | float):
            raise InvalidData(f"{where}: expected a number, got {data!r}")
        return float(data)
    if tp is str:
        if not isinstance(data, str):
            raise InvalidData(f"{where}: expected a string, got {data!r}")
        return data
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        try:
            return tp(data)
        except ValueError:
            raise InvalidData(f"{where}: {data!r} is not a valid {tp.__name__}") from None
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        if not isinstance(data, dict):
            raise InvalidData(f"{where}: expected an object for {tp.__name__}")
        kind_named = getattr(tp, "kind_named", None)  # a class with registered kinds (events)
        if kind_named is not None and getattr(tp, "_registry", None) is not None:
            data = dict(data)
            kind = data.pop("kind", None)
            sub = kind_named(kind, scope) if isinstance(kind, str) else None
            if sub is None or not issubclass(sub, tp):
                raise InvalidData(f"{where}: unknown kind {kind!r} of {tp.__name__}")
            tp = sub
        hints = _hints(tp)
        known = {f.name for f in _fields(tp)}
        extra = set(data) - known
        if extra:
            raise InvalidData(f"{where}: unknown field(s) {sorted(extra)} for {tp.__name__}")
        kwargs = {}
        for f in _fields(tp):
            if f.name in data:
                kwargs[f.name] = decode(hints[f.name], data[f.name], f"{where}.{f.name}", scope)
            elif f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
                raise InvalidData(f"{where}: missing field {f.name!r} of {tp.__name__}")
        return tp(**kwargs)
    if origin in (tuple, list, frozenset, set):
        if not isinstance(data, list):
            raise InvalidData(f"{where}: expected a list, got {data!r}")
        args = get_args(tp)
        if origin is tuple and args and (len(args) != 2 or args[1] is not Ellipsis):
            if len(args) != len(data):
                raise InvalidData(f"{where}: expected {len(args)} items, got {len(data)}")
            pairs = enumerate(zip(args, data, strict=True))
            return tuple(decode(a, d, f"{where}[{i}]", scope) for i, (a, d) in pairs)
        item = args[0] if args else Any
        items = [decode(item, d, f"{where}[{i}]", scope) for i, d in enumerate(data)]
        return origin(items)
    if origin in (dict, Mapping) or tp is dict:
        if not isinstance(data, dict):
            raise InvalidData(f"{where}: expected an object, got {data!r}")
        kt, vt = get_args(tp) or (Any, Any)
        out = {}
        for k, v in data.items():
            key = _decode_key(kt, k, where)
            out[key] = decode(vt, v, f"{where}[{k!r}]", scope)
        return out
    raise TypeError(f"cannot decode into {tp!r}")


def _decode_key(kt: Any, k: str, where: str) -> Any:
    if kt is int:
        try:
            return int(k)
        except ValueError:
            raise InvalidData(f"{where}: key {k!r} is not an integer") from None
    if isinstance(kt, type) and issubclass(kt, enum.Enum):
        for member in kt:
            if str(member.value) == k:
                return member
        raise InvalidData(f"{where}: key {k!r} is not a valid {kt.__name__}")
    return k
