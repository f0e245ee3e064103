"""The errors the kernel raises. Every one carries a message a person understands."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Union


class KolodaError(Exception):
    """Base of every error Koloda raises on purpose."""


class WordedError(KolodaError):
    """An error whose message may be :class:`Words` (for other languages): ``words`` holds
    them, None for a plain English text; ``str()`` is the English either way."""

    def __init__(self, message: str | Words) -> None:
        self.words = message if isinstance(message, Words) else None
        super().__init__(str(message))


class UnknownGame(WordedError):
    """No game is registered under that name."""




@dataclass(frozen=True)
class Term:
    """A thing a refusal names that each language names its own way: a card, a suit, a seat…
    ``kind`` says which (the game's own kinds), ``id`` is the game's id for it and ``english``
    its English words. The game's ``describe.term_words(term, lang)`` names it in other
    languages; without one, every language reads ``english``."""

    kind: str
    id: str
    english: str

    def __str__(self) -> str:
        return self.english


Value = Union[str, int, Term, "Words"]


@dataclass(frozen=True)
class Words:
    """A message any language can have (why an action is refused, how a game ended): a message
    ``key`` (the catalogue's context), its English template and the values that fill it in
    (texts, numbers, :class:`Term`s, nested words). ``str()`` gives the English;
    :func:`koloda.action_words.refusal_text` and ``summary_text`` another language from its
    message catalogue — a third language is a new catalogue, never a change here.

    >>> r = say("not_in_hand", "{card} is not in your hand", card=Term("card", "a1", "Dagger"))
    >>> str(r)
    'Dagger is not in your hand'
    """

    key: str
    english: str
    values: Mapping[str, Value] = field(default_factory=dict)
    #: words with a count (the value ``n``, made by :func:`say_count`): the English plural
    #: (``english`` is then the singular); other languages take the form their catalogue's
    #: plural rule gives ``n``
    plural: str = ""

    def __str__(self) -> str:
        text = self.plural if self.plural and self.values.get("n") != 1 else self.english
        return text.format(**{k: str(v) for k, v in self.values.items()})


def say(key: str, english: str, /, **values: Value) -> Words:
    """:class:`Words` (the short way to write them at a check or a result)."""
    return Words(key, english, values)


def say_count(key: str, one: str, many: str, n: int, /, **values: Value) -> Words:
    """:class:`Words` with a count ``n`` (``{n}`` in the templates): ``one`` and ``many`` are
    the English singular and plural; a catalogue gives each language its own plural forms.

    >>> str(say_count("cards_left", "{n} card left", "{n} cards left", 3))
    '3 cards left'
    """
    return Words(key, one, {"n": n, **values}, many)


class IllegalAction(KolodaError):
    """An action that the rules do not allow now. The state is left unchanged.

    ``reason`` says why, in English words; ``words`` is the same reason as :class:`Words`
    when the game gave them (for other languages); ``seat`` and ``action`` say what was tried.
    """

    def __init__(self, reason: str | Words, *, seat: int | None = None,
                 action: object = None) -> None:
        self.words = reason if isinstance(reason, Words) else None
        reason = str(reason)
        self.reason = reason
        self.seat = seat
        self.action = action
        who = f"seat {seat}: " if seat is not None else ""
        what = f"{action!s}: " if action is not None else ""
        super().__init__(f"{who}{what}{reason}")


class ActionSyntaxError(KolodaError):
    """A text that is not the text form of any action of the game."""


class InvalidData(WordedError):
    """A malformed file, record, scenario or serialized state (``words`` when the parser gave
    them: a game's deck lists or magic set)."""


class InvalidOption(WordedError):
    """An option is unknown, of the wrong type or out of range (``words`` when the kernel or
    the game gave them)."""
