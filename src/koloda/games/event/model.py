"""The event's plain data: participants, cards with serials, duels, exchanges, shows, timers.

Nothing here knows the rules; the state (``state.py``) folds operations over these records.
Times are server milliseconds (absolute); ids are stable strings: duels ``d1``, exchanges
``x1``, shows ``s1``, timers ``t1``, numbered in the order they were made.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum


class Role(StrEnum):
    """What a seat is at the event."""

    PARTICIPANT = "participant"  # игрок
    MASTER = "master"  # мастер
    DOCTOR = "doctor"  # врач (a participant with the doctor's powers)
    NPC = "npc"  # игротехник


ROLE_WORDS = {Role.PARTICIPANT: ("participant", "игрок"), Role.MASTER: ("master", "мастер"),
              Role.DOCTOR: ("doctor", "врач"), Role.NPC: ("game-technical character",
                                                          "игротехник")}


class Health(StrEnum):
    """A participant's condition."""

    ALIVE = "alive"  # жив
    WOUNDED = "wounded"  # тяжело ранен: the countdown runs
    ADMITTED = "admitted"  # в госпитале: a doctor took the patient in, the countdown stopped
    EXPIRED = "expired"  # the countdown ran out and a master must decide (expiry=master_confirms)
    DEAD = "dead"  # мёртв


class Pile(StrEnum):
    """Where a card is."""

    DECK = "deck"  # колода (of its owner)
    DISCARD = "discard"  # сброс (of its owner)
    SURRENDERED = "surrendered"  # given up by its owner, not yet received by the masters
    POOL = "pool"  # the masters' pool («мастерятник»)
    RETIRED = "retired"  # reprinted: the old serial is out of the game


class TimerKind(StrEnum):
    REST = "rest"  # the minimum rest (E17)
    WOUND = "wound"  # the grave wound's countdown (E19)
    LOSS = "loss"  # the survivor's time to choose the card given up (ED9)
    SHOW = "show"  # cards shown until a time (ED18)
    DUEL_SOFT = "duel_soft"  # the duel's soft 2-minute limit (E28)
    DUEL_FLAG = "duel_flag"  # the duel flagged to the masters (ED20)


class DuelKind(StrEnum):
    CONSENT = "consent"  # по обоюдному согласию
    ATTACK = "attack"  # нападение


class DuelStage(StrEnum):
    CHALLENGED = "challenged"  # a consent challenge not yet accepted
    RUNNING = "running"  # both locked; played on phones (or on paper, recorded by `result`)
    RECORDED = "recorded"  # a paper duel recorded by one side, awaiting confirmation
    ENDED = "ended"
    WITHDRAWN = "withdrawn"  # a challenge or a paper record taken back
    VOID = "void"  # cancelled by a master (or spared by an NPC with its own rules)


#: Fight labels (E2): one duel mechanism for all, the label is for the log.
LABELS = ("duel", "fistfight", "brawl")
LABEL_WORDS = {"duel": ("duel", "дуэль"), "fistfight": ("fist fight", "кулачный бой"),
               "brawl": ("brawl", "драка")}


@dataclass
class Card:
    """One printed card: its serial (random, tells nothing), its catalogue key, where it is."""

    serial: str
    key: str
    pile: Pile
    owner: int | None = None  # the participant holding it (deck, discard, surrendered)


@dataclass
class Rest:
    place: str  # "room" | "hospital"
    started: int
    timer: str
    doctor: int | None = None
    ready: bool = False  # the minimum time has passed (rest_end=manual)


@dataclass
class Debt:
    """A card a participant must give up: to the masters after near death, or to an NPC."""

    to: int | None  # None: the masters; else the NPC's seat
    reason: str  # "near_death" | "npc_take"
    timer: str | None = None
    masters_choose: bool = False  # the choosing time ran out (ED9)


@dataclass
class Person:
    """A seat of the event: a participant of some role."""

    id: int
    name: str
    role: Role
    team: str = ""
    own_rules: bool = False  # an NPC who does not duel by the general rules (E30, ED16)
    health: Health = Health.ALIVE
    limit: int = 0  # S91 «лимит»: the total the allowed operations give (E37)
    duel: str | None = None  # the running duel (or challenge accepted) that locks this seat
    rest: Rest | None = None
    wound_timer: str | None = None
    wound_duel: str | None = None  # the duel that caused the wound, if any
    admitted_by: int | None = None
    debts: list[Debt] = field(default_factory=list)
    deaths: int = 0

    @property
    def holds_cards(self) -> bool:
        """Whether this role carries cards (masters do not)."""
        return self.role != Role.MASTER


@dataclass(frozen=True)
class Outcome:
    """How a duel ended, in serials: ``winner`` and ``killed`` (participant ids or None);
    ``swap`` = (the card taken from the loser, the card the winner gave) or None; ``discard``:
    the other cards that went to their owners' discards (the cards played). Every other card of
    the two decks stays in its owner's deck (unplayed hand cards, items, cards not taken)."""

    winner: int | None = None
    killed: int | None = None
    swap: tuple[str, str] | None = None
    discard: tuple[str, ...] = ()


@dataclass
class Duel:
    id: str
    a: int  # the challenger, the attacker, or the recorder of a paper duel
    b: int
    kind: DuelKind
    label: str
    stage: DuelStage
    started: int
    ended: int | None = None
    paper: bool = False
    outcome: Outcome | None = None
    timers: list[str] = field(default_factory=list)
    overtime: bool = False  # past the soft limit
    flagged: bool = False  # past the masters' flag
    note: str = ""  # a master's reason, an NPC's ruling
    #: each side's deck when the duel started (the duel table's cards, a01… and b01…)
    decks: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())


@dataclass
class Exchange:
    """An equal exchange (E32): ``a`` offers ``give``; ``b`` answers with ``take`` (as many);
    ``a`` then confirms the exact lists. Done when both agreed to the same lists."""

    id: str
    a: int
    b: int
    give: tuple[str, ...]
    take: tuple[str, ...] | None = None
    open: bool = True
    done: bool = False


@dataclass
class Show:
    """``owner`` shows ``piles`` to ``to`` until ``until`` (E38, ED18)."""

    id: str
    owner: int
    to: int
    piles: tuple[Pile, ...]
    until: int
    timer: str
    open: bool = True


@dataclass
class Timer:
    """An open deadline: ``seat`` is the seat the server applies ``expire`` from."""

    id: str
    kind: TimerKind
    at: int
    seat: int
    concerns: tuple[int, ...]
    ref: str = ""  # the duel, show or debt it belongs to


#: The longest note on a patient, in characters (ED23).
NOTE_MAX = 500


@dataclass
class CaseNote:
    """A doctor's or master's note on a participant (a fee asked, a treatment; S36, ED23):
    seen by the doctors and masters only."""

    who: int  # the patient
    by: int  # the doctor or master who wrote it
    at: int
    text: str


@dataclass(frozen=True)
class Deadline:
    """An open timer as the server's scheduler sees it (``state.deadlines()``)."""

    id: str
    kind: str
    at: int
    seat: int
    concerns: tuple[int, ...]
