"""Typed game options: a frozen dataclass per game, each field declared with :func:`option`.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Opts:
...     rounds_to_win: int = option(2, minimum=1, maximum=5, en="Rounds to win", ru="Раундов")
>>> build_options(Opts, {"rounds_to_win": 3}).rounds_to_win
3
>>> build_options(Opts, {"rounds": 3})
Traceback (most recent call last):
...
koloda.engine.errors.InvalidOption: unknown option 'rounds'; known: rounds_to_win
"""

from __future__ import annotations

import dataclasses
import enum
import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

from koloda.engine.codec import decode, encode
from koloda.engine.errors import InvalidData, InvalidOption, say

T = TypeVar("T")

Scalar = bool | int | float | str


def option(
    default: Any,
    *,
    en: str,
    ru: str,
    minimum: float | None = None,
    maximum: float | None = None,
    choices: tuple[Any, ...] | None = None,
    labels: Mapping[Any, tuple[str, str]] | None = None,
) -> Any:
    """Declare an option field: its default, English and Russian help, and its bounds.

    ``labels`` names each of the ``choices`` in words, ``{choice: (english, russian)}``, for
    menus (the lobby); the choice itself stays what is typed and stored."""
    if labels is not None and (choices is None or set(labels) != set(choices)):
        raise TypeError("option labels must name exactly the option's choices")
    meta = {"en": en, "ru": ru, "minimum": minimum, "maximum": maximum, "choices": choices,
            "labels": dict(labels) if labels is not None else None}
    if isinstance(default, list | dict | set):
        raise TypeError("option defaults must be immutable")
    return dataclasses.field(default=default, metadata=meta)


@dataclass(frozen=True)
class OptionInfo:
    """What the command line and the lobby show about one option."""

    name: str
    type_name: str
    default: Any
    en: str
    ru: str
    minimum: float | None
    maximum: float | None
    choices: tuple[Any, ...] | None
    #: (english, russian) words for each of ``choices``, in the same order, or None
    labels: tuple[tuple[str, str], ...] | None = None

    def choice_labels(self, lang: str = "en") -> list[str] | None:
        """Each choice in words in ``lang`` (the choice itself where none was given)."""
        if self.choices is None:
            return None
        if self.labels is None:
            return [str(c) for c in self.choices]
        return [ru if lang == "ru" else en for en, ru in self.labels]

    def help(self, lang: str = "en") -> str:
        text = self.ru if lang == "ru" else self.en
        bounds = ""
        if self.choices is not None:
            bounds = " (" + " | ".join(str(c) for c in self.choices) + ")"
        elif self.minimum is not None or self.maximum is not None:
            bounds = f" ({self.minimum if self.minimum is not None else ''}.."
            bounds += f"{self.maximum if self.maximum is not None else ''})"
        return text + bounds


def describe_options(cls: type) -> tuple[OptionInfo, ...]:
    """The options of a game's option dataclass, in declaration order."""
    hints = _hints(cls)
    out = []
    for f in dataclasses.fields(cls):
        tp = hints[f.name]
        out.append(
            OptionInfo(
                name=f.name,
                type_name=getattr(tp, "__name__", str(tp)),
                default=encode(f.default),
                en=f.metadata.get("en", ""),
                ru=f.metadata.get("ru", ""),
                minimum=f.metadata.get("minimum"),
                maximum=f.metadata.get("maximum"),
                choices=tuple(encode(c) for c in f.metadata["choices"])
                if f.metadata.get("choices") is not None
                else None,
                labels=tuple(f.metadata["labels"][c] for c in f.metadata["choices"])
                if f.metadata.get("labels") is not None
                else None,
            )
        )
    return tuple(out)


def _hints(cls: type) -> dict[str, Any]:
    import typing

    return typing.get_type_hints(cls)


def parse_option_text(cls: type, name: str, text: str) -> Any:
    """Turn a command-line text (``"3"``, ``"true"``, ``"attack"``) into the option's type."""
    hints = _hints(cls)
    if name not in hints:
        raise InvalidOption(say("option.unknown", "unknown option {name}; known: {known}",
                                name=repr(name), known=", ".join(hints)))
    tp = hints[name]
    if tp is bool:
        lowered = text.strip().lower()
        if lowered in ("1", "true", "yes", "on", "да"):
            return True
        if lowered in ("0", "false", "no", "off", "нет"):
            return False
        raise InvalidOption(say("option.bool", "option {name} wants true or false, got {got}",
                                name=repr(name), got=repr(text)))
    if tp is int:
        try:
            return int(text)
        except ValueError:
            raise InvalidOption(say("option.int", "option {name} wants an integer, got {got}",
                                    name=repr(name), got=repr(text))) from None
    if tp is float:
        try:
            return float(text)
        except ValueError:
            raise InvalidOption(say("option.number", "option {name} wants a number, got {got}",
                                    name=repr(name), got=repr(text))) from None
    return text


def build_options(cls: type[T], given: Mapping[str, Any]) -> T:
    """Validate ``given`` against the option dataclass ``cls`` and build it.

    Unknown names, wrong types, values out of range or not among the choices raise
    :class:`InvalidOption` with a message that names the option.
    """
    hints = _hints(cls)
    fields = {f.name: f for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
    unknown = sorted(set(given) - set(fields))
    if unknown:
        raise InvalidOption(say("option.unknown", "unknown option {name}; known: {known}",
                                name=repr(unknown[0]), known=", ".join(fields) or "(none)"))
    values: dict[str, Any] = {}
    for name, raw in given.items():
        tp = hints[name]
        meta = fields[name].metadata
        if isinstance(raw, enum.Enum):
            raw = raw.value
        if tp is float and isinstance(raw, int) and not isinstance(raw, bool):
            raw = float(raw)
        try:
            value = decode(tp, raw, name)
        except InvalidData as e:
            raise InvalidOption(f"option {name!r}: {e}") from None
        if isinstance(value, float) and not math.isfinite(value):  # NaN passes every bound
            raise InvalidOption(say("option.finite", "option {name} must be a finite number, "
                                    "got {got}", name=repr(name), got=repr(raw)))
        lo, hi, choices = meta.get("minimum"), meta.get("maximum"), meta.get("choices")
        if lo is not None and value < lo:
            raise InvalidOption(say("option.at_least", "option {name} must be at least {lo}, "
                                    "got {got}", name=repr(name), lo=str(lo), got=str(value)))
        if hi is not None and value > hi:
            raise InvalidOption(say("option.at_most", "option {name} must be at most {hi}, "
                                    "got {got}", name=repr(name), hi=str(hi), got=str(value)))
        if choices is not None and value not in choices:
            shown = ", ".join(str(encode(c)) for c in choices)
            raise InvalidOption(say("option.choices", "option {name} must be one of {shown}, "
                                    "got {got}", name=repr(name), shown=shown, got=repr(raw)))
        values[name] = value
    return cls(**values)
