"""Nevermore's events (all named ``Nm…``), each with its audience."""

from __future__ import annotations

from dataclasses import dataclass

from koloda.engine.events import Audience, Event

_AUDIENCES: dict[tuple[int, ...], Audience] = {}


def only(*seats: int) -> Audience:
    """``Audience.only(*seats)``, built once for each tuple of seats (audiences are immutable
    values, so one may serve every event)."""
    a = _AUDIENCES.get(seats)
    if a is None:
        a = _AUDIENCES[seats] = Audience.only(*seats)
    return a


@dataclass(frozen=True)
class NmDealerChosen(Event):
    """Cards turned in seat order until a raven: that player deals first."""

    draws: tuple[tuple[int, int], ...]
    dealer: int


@dataclass(frozen=True)
class NmRoundStarted(Event):
    round: int
    dealer: int
    direction: str
    tokens: tuple[str, ...]  # face-up order in round 1, empty when face down


@dataclass(frozen=True)
class NmDealt(Event):
    """Five cards dealt to ``seat`` (seen by that seat only)."""

    seat: int
    cards: tuple[int, ...]


@dataclass(frozen=True)
class NmPassed(Event):
    """``seat`` passed ``cards`` to ``receiver`` (seen by both)."""

    seat: int
    receiver: int
    pass_no: int
    cards: tuple[int, ...]


@dataclass(frozen=True)
class NmPassDone(Event):
    pass_no: int
    count: int


@dataclass(frozen=True)
class NmFinalHands(Event):
    """The draft is over: each hand is a final drafted hand (Последний Драфт)."""

    round: int


@dataclass(frozen=True)
class NmTokenFlipped(Event):
    index: int
    suit: str


@dataclass(frozen=True)
class NmRevealed(Event):
    """A step's simultaneous reveal: per seat the suit cards, the cancelled ones (face down),
    the cancelling ravens, the suit-like magic cards and the count that scores."""

    suit: str
    cards: tuple[tuple[int, ...], ...]
    cancelled: tuple[tuple[int, ...], ...]
    ravens: tuple[tuple[int, ...], ...]
    magic: tuple[tuple[int, ...], ...]
    counts: tuple[int, ...]
    leaders: tuple[int, ...]
    amount: int


@dataclass(frozen=True)
class NmConspiracy(Event):
    """A Conspiracy of ravens (стая воронов): five ravens in a final drafted hand."""

    seat: int
    cards: tuple[int, ...]


@dataclass(frozen=True)
class NmDamaged(Event):
    source: int
    seat: int
    amount: int
    prevented: int
    health: int


@dataclass(frozen=True)
class NmHealed(Event):
    seat: int
    amount: int
    health: int


@dataclass(frozen=True)
class NmVictoryPoints(Event):
    seat: int
    amount: int
    total: int
    reason: str


@dataclass(frozen=True)
class NmBecameRaven(Event):
    seat: int
    source: int


@dataclass(frozen=True)
class NmReturnedHuman(Event):
    seat: int
    health: int
    reason: str


@dataclass(frozen=True)
class NmAttackAll(Event):
    seat: int


@dataclass(frozen=True)
class NmPecked(Event):
    seat: int
    targets: tuple[int, ...]


@dataclass(frozen=True)
class NmMagicDrawn(Event):
    """``seat`` drew ``count`` magic cards of ``deck`` (which ones: :class:`NmMagicCards`)."""

    seat: int
    deck: str
    count: int


@dataclass(frozen=True)
class NmMagicReshuffled(Event):
    deck: str
    count: int


@dataclass(frozen=True)
class NmMagicPlayed(Event):
    """``seat`` played magic card ``card``; the card's names and its set's title (for Koloda's
    own set: "Koloda's own magic set (not the publisher's cards)") go with it, so that every
    log line names whose card it is."""

    seat: int
    card: int
    key: str
    target: int
    raven_text: bool
    name_en: str = ""
    name_ru: str = ""
    set_en: str = ""
    set_ru: str = ""


@dataclass(frozen=True)
class NmShielded(Event):
    seat: int
    amount: int


@dataclass(frozen=True)
class NmSuitDiscarded(Event):
    suit: str
    cards: tuple[tuple[int, ...], ...]


@dataclass(frozen=True)
class NmHandsPassed(Event):
    """A magic card made every player pass all main cards left; each seat sees its own."""

    seat: int
    receiver: int
    cards: tuple[int, ...]


@dataclass(frozen=True)
class NmVpStolen(Event):
    seat: int
    victim: int
    amount: int


@dataclass(frozen=True)
class NmSkulking(Event):
    """Skulking ravens (скрытые вороны) revealed last."""

    ravens: tuple[tuple[int, ...], ...]
    counts: tuple[int, ...]
    leaders: tuple[int, ...]
    amount: int


@dataclass(frozen=True)
class NmRoundEnded(Event):
    round: int


@dataclass(frozen=True)
class NmWon(Event):
    seat: int
    reason: str


@dataclass(frozen=True)
class NmStopped(Event):
    """The round limit of the game's options was reached without a winner."""

    round: int


@dataclass(frozen=True)
class NmMagicCards(Event):
    """The magic cards ``seat`` drew (seen by that seat only), with their names in the game's
    magic set (Koloda's own or a custom one)."""

    seat: int
    cards: tuple[int, ...]
    names_en: tuple[str, ...] = ()
    names_ru: tuple[str, ...] = ()


@dataclass(frozen=True)
class NmMainReshuffled(Event):
    """The main deck ran short: the discards were shuffled under it (``main_deck=when_empty``)."""

    count: int

