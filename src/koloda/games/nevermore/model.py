"""Plain data of a game of Nevermore, below the rules: the stage a decision belongs to, the
tasks of a round's declared flow, and the sizes of the three draft passes.

The rules modules (:mod:`.flow`, :mod:`.effects`, :mod:`.observe`, :mod:`.resample`,
:mod:`.setup`) import this module and need the state class only for their type hints; the state
(:mod:`.state`) sits on top of them all.

>>> t = Task("play", 0, target=2, card=205)
>>> t.card, t.amount
(205, 0)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

#: The number of cards each player hands on in passes 1, 2 and 3 of the draft.
PASS_SIZES = (3, 2, 1)


class Stage(StrEnum):
    """What the seats in ``to_act`` decide."""

    RUNNING = "running"  # no decision pending (only between tasks)
    PASS = "pass"  # a draft pass, simultaneous
    COMMIT = "commit"  # a suit step's commit, simultaneous
    MAGIC = "magic"  # a magic window, simultaneous
    ATTACK = "attack"  # an Attack leader chooses the blow
    PECK = "peck"  # a raven leader chooses to peck or not
    REACT = "react"  # a Play Any Time reply to a blow that would turn its holder into a raven
    OVER = "over"


@dataclass(slots=True)
class Task:
    """One item of the round's declared flow (see :mod:`.flow` for the kinds); each kind uses
    the fields its comment names, the others keep their defaults. Tasks are never changed once
    made (a state's copy may share them)."""

    #: what to do: round, window, pass, final, conspiracy, conspire, flip, commit, lead,
    #: radiance5, skulking, end, next; the effects damage, heal, vp, draw, play, shield,
    #: steal, discard_suit, pass_hands, check
    kind: str
    #: the player the task is for (who leads, deals the blow, heals, gains, draws, plays…)
    seat: int = -1
    #: the player acted on: the blow's victim (damage), the one robbed (steal), the chosen
    #: player of a magic card (play)
    target: int = -1
    #: how much: damage, healing, VP, cards drawn, shield, a leader's majority (lead)
    amount: int = 0
    #: play: the magic card
    card: int = -1
    #: flip, commit: the suit step (0-3)
    step: int = -1
    #: pass: the pass of the draft (1-3)
    pass_no: int = 0
    #: window: which magic window (draft, pass1, pass2, gap0-gap3, skulk, end)
    window: str = ""
    #: window: the seats still in it, as bits (0: every player holding magic)
    only: int = 0
    #: lead: the suit led; discard_suit: the suit discarded, or "next" (the step about to
    #: resolve)
    suit: str = ""
    #: draw: the magic deck ("light" or "shadow")
    deck: str = ""
    #: vp: why the points are gained (the event's reason)
    reason: str = ""
    #: damage: "ko" (a leader's blow, a conspiracy, a peck) or "magic"; check: "peck" (a peck
    #: that may remove every human), "end" (the end phase) or ""
    cause: str = ""
    #: damage: its target was already offered a Play Any Time reply
    asked: bool = False


#: The tasks' fields before they were named (the codec's form of a state written by Koloda
#: before December 2026): ``amount`` also held a play's card, a pass's number,
#: a flip's and a commit's step and a window's seats, ``tag`` a window's name, a suit, a deck,
#: a VP reason, a blow's cause (with ``,asked`` once its target was asked) and a check's cause.
_OLD_FIELDS = frozenset({"kind", "seat", "target", "amount", "tag"})


def upgrade_task(data: Mapping[str, Any]) -> dict[str, Any]:
    """A task in the JSON form the codec reads now, from either form (a task already in the
    new form is returned as it is).

    >>> upgrade_task({"kind": "play", "seat": 1, "target": 2, "amount": 205, "tag": ""})
    {'kind': 'play', 'seat': 1, 'target': 2, 'card': 205}
    >>> upgrade_task({"kind": "damage", "seat": 0, "target": 1, "amount": 2, "tag": "ko,asked"})
    {'kind': 'damage', 'seat': 0, 'target': 1, 'amount': 2, 'cause': 'ko', 'asked': True}
    """
    if "tag" not in data or not set(data) <= _OLD_FIELDS:
        return dict(data)
    kind = data.get("kind")
    amount = data.get("amount", 0)
    tag = data.get("tag", "")
    out: dict[str, Any] = {"kind": kind}
    for name in ("seat", "target"):
        if name in data:
            out[name] = data[name]
    if not isinstance(tag, str) or not isinstance(kind, str):
        out.update(amount=amount, tag=tag)  # malformed: the codec says where
        return out
    if kind == "play":
        out["card"] = amount
    elif kind in ("flip", "commit"):
        out["step"] = amount
    elif kind == "pass":
        out["pass_no"] = amount
    elif kind == "window":
        out.update(window=tag, only=amount)
    else:
        out["amount"] = amount
        if kind in ("lead", "discard_suit"):
            out["suit"] = tag
        elif kind == "draw":
            out["deck"] = tag
        elif kind == "vp":
            out["reason"] = tag
        elif kind == "damage":
            parts = tag.split(",")
            out["cause"] = parts[0]
            if "asked" in parts[1:]:
                out["asked"] = True
        elif kind == "check":
            out["cause"] = tag
    return {k: v for k, v in out.items() if k == "kind" or v != _DEFAULTS.get(k)}


_DEFAULTS: dict[str, Any] = {"seat": -1, "target": -1, "amount": 0, "card": -1, "step": -1,
                             "pass_no": 0, "window": "", "only": 0, "suit": "", "deck": "",
                             "reason": "", "cause": "", "asked": False}


def upgrade_state_json(data: Mapping[str, Any]) -> Mapping[str, Any]:
    """A serialized state (``to_json``'s form) whose tasks are in the form the codec reads
    now (a state written before the tasks' fields were named is upgraded; see
    :func:`upgrade_task`)."""
    state = data.get("state")
    if not isinstance(state, Mapping):
        return data
    tasks = state.get("tasks")
    if not isinstance(tasks, list) or not any(isinstance(t, Mapping) and "tag" in t
                                              for t in tasks):
        return data
    upgraded = [upgrade_task(t) if isinstance(t, Mapping) else t for t in tasks]
    return {**data, "state": {**state, "tasks": upgraded}}
