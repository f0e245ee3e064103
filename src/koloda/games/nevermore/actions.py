"""Nevermore's actions: small frozen values whose text form parses back.

=====================  =================================================================
text                   meaning
=====================  =================================================================
``pass 3 7 12``        a draft pass (передача): the cards given to the neighbour
``commit 1``           a step's commit: every card of the suit, plus 1 raven cancelling one
``commit 0 104``       ... plus the suit-like magic card 104
``play 205``           play the magic card 205
``play 205 2``         play it on seat 2
``attack 2``           the Attack leader's blow on seat 2
``attack all``         the 4+ option: 1 damage to every player and 2 VP
``peck``               a raven leader pecks (клюнуть)
``done``               nothing (more) to play; decline a peck
=====================  =================================================================

>>> parse_action("pass 12 3 7")
Pass(cards=(3, 7, 12))
>>> str(parse_action("commit 1 104"))
'commit 1 104'
"""

from __future__ import annotations

from dataclasses import dataclass

from koloda.engine.errors import ActionSyntaxError
from koloda.engine.state import Action


@dataclass(frozen=True, order=True)
class Pass(Action):
    """A draft pass: the cards handed to the neighbour, ascending."""

    cards: tuple[int, ...]

    def __str__(self) -> str:
        return "pass " + " ".join(map(str, self.cards))


@dataclass(frozen=True, order=True)
class Commit(Action):
    """A suit step's commit: ``ravens`` ravens cancel as many cards of the suit; ``magic`` are
    suit-like magic cards added (ascending)."""

    ravens: int
    magic: tuple[int, ...] = ()

    def __str__(self) -> str:
        if not self.magic:
            return f"commit {self.ravens}"
        return " ".join(["commit", str(self.ravens), *map(str, self.magic)])


@dataclass(frozen=True, order=True)
class Play(Action):
    """Play a magic card, on ``target`` when the card needs a chosen player (-1: none)."""

    card: int
    target: int = -1

    def __str__(self) -> str:
        return f"play {self.card}" + (f" {self.target}" if self.target >= 0 else "")


@dataclass(frozen=True, order=True)
class Attack(Action):
    """The Attack leader's blow: on ``target``, or on everyone (``target`` -1)."""

    target: int

    def __str__(self) -> str:
        return "attack all" if self.target < 0 else f"attack {self.target}"


@dataclass(frozen=True, order=True)
class Peck(Action):
    """A raven leader pecks the second-placed humans (or every human)."""

    def __str__(self) -> str:
        return "peck"


@dataclass(frozen=True, order=True)
class Done(Action):
    """Nothing (more) to play now; also declines a peck."""

    def __str__(self) -> str:
        return "done"


# --- fast construction (random playouts) --------------------------------------------------------
# Built without the frozen dataclass's ``__init__`` (which sets each field through
# ``object.__setattr__``): the same fields, an action equal to the one the class builds.

_new = object.__new__


def new_pass(cards: tuple[int, ...]) -> Pass:
    """``Pass(cards)``."""
    action = _new(Pass)
    action.__dict__["cards"] = cards
    return action


def new_commit(ravens: int, magic: tuple[int, ...]) -> Commit:
    """``Commit(ravens, magic)``."""
    action = _new(Commit)
    action.__dict__.update(ravens=ravens, magic=magic)
    return action


def _ints(words: list[str], text: str) -> list[int]:
    out = []
    for w in words:
        if not w.isdigit() or len(w) > 4:
            raise ActionSyntaxError(f"not a Nevermore action: {text!r} ({w!r} is not a number)")
        out.append(int(w))
    return out


def parse_action(text: str) -> Action:
    """The action whose text form is ``text``; raises ActionSyntaxError."""
    if not isinstance(text, str):
        raise ActionSyntaxError(f"not a Nevermore action: {text!r}")
    words = text.split()
    if not words:
        raise ActionSyntaxError("empty action")
    verb, args = words[0], words[1:]
    if verb == "pass":
        nums = _ints(args, text)
        if not nums:
            raise ActionSyntaxError("pass needs the cards to pass, e.g. 'pass 3 7 12'")
        return Pass(tuple(sorted(nums)))
    if verb == "commit":
        nums = _ints(args, text)
        if not nums:
            raise ActionSyntaxError("commit needs the number of cancelling ravens, e.g. 'commit 0'")
        return Commit(nums[0], tuple(sorted(nums[1:])))
    if verb == "play":
        nums = _ints(args, text)
        if len(nums) not in (1, 2):
            raise ActionSyntaxError("play needs a card and an optional seat, e.g. 'play 205 2'")
        return Play(nums[0], nums[1] if len(nums) == 2 else -1)
    if verb == "attack":
        if args == ["all"]:
            return Attack(-1)
        nums = _ints(args, text)
        if len(nums) != 1:
            raise ActionSyntaxError("attack needs a seat or 'all', e.g. 'attack 2'")
        return Attack(nums[0])
    if verb == "peck" and not args:
        return Peck()
    if verb == "done" and not args:
        return Done()
    raise ActionSyntaxError(f"not a Nevermore action: {text!r}")
