"""The event's events, each with its audience (``to``), and their description in words.

Cards travel in :class:`CardsMoved` (with their faces: serial and key), seen by the card's old
and new holder and by the masters when they see the piles (ED17). Everything else names
participants, duels and times only. Public (everyone, the board): enrolments, the fact of every
duel (E42), every successful kill (E42), the end of the event; duel results only with
``board_shows_results`` (ED19).
"""

from __future__ import annotations

from dataclasses import dataclass

from koloda.engine import Event


@dataclass(frozen=True)
class Face:
    """A card as its holder sees it: serial and catalogue key."""

    serial: str
    key: str


@dataclass(frozen=True)
class Enrolled(Event):
    seat: int
    name: str
    role: str
    team: str


@dataclass(frozen=True)
class CardsMoved(Event):
    """``cards`` went from (``frm``'s) ``frm_pile`` to (``dest``'s) ``dest_pile``; ``why`` is
    the operation (issue, grant, discard, rest, duel, exchange, gift, take, surrender,
    received, death, correct, reprint)."""

    cards: tuple[Face, ...]
    frm: int | None
    frm_pile: str
    dest: int | None
    dest_pile: str
    why: str


@dataclass(frozen=True)
class RestStarted(Event):
    seat: int
    place: str
    until: int
    doctor: int | None


@dataclass(frozen=True)
class RestReady(Event):
    seat: int


@dataclass(frozen=True)
class RestEnded(Event):
    seat: int
    returned: int  # how many cards came back


@dataclass(frozen=True)
class RestCancelled(Event):
    seat: int
    why: str  # own | doctor | attack | wound


@dataclass(frozen=True)
class Challenged(Event):
    duel: str
    a: int
    b: int
    label: str


@dataclass(frozen=True)
class ChallengeWithdrawn(Event):
    duel: str
    by: int


@dataclass(frozen=True)
class DuelBegan(Event):
    """A duel runs between ``a`` and ``b`` (public: S101 «нельзя скрывать … факт прохождения
    дуэли»)."""

    duel: str
    a: int
    b: int
    how: str  # consent | attack
    label: str
    at: int


@dataclass(frozen=True)
class DuelOvertime(Event):
    duel: str
    flagged: bool  # False: past the soft limit; True: flagged to the masters


@dataclass(frozen=True)
class DuelRecorded(Event):
    """A paper duel recorded by ``by``, awaiting confirmation."""

    duel: str
    by: int
    other: int
    winner: int | None
    killed: int | None


@dataclass(frozen=True)
class DuelFinished(Event):
    duel: str
    a: int
    b: int
    winner: int | None
    swapped: bool
    paper: bool


@dataclass(frozen=True)
class KillSucceeded(Event):
    """A declared kill succeeded (public: S102 «нельзя скрывать от свидетелей заявленный факт
    попытки нанести смертельную рану»)."""

    duel: str
    killer: int
    victim: int


@dataclass(frozen=True)
class DuelVoided(Event):
    duel: str
    by: int
    reason: str


@dataclass(frozen=True)
class NearDeath(Event):
    seat: int
    until: int
    cause: str


@dataclass(frozen=True)
class Admitted(Event):
    seat: int
    doctor: int


@dataclass(frozen=True)
class Survived(Event):
    seat: int
    by: int | None  # None: chance


@dataclass(frozen=True)
class Death(Event):
    seat: int
    by: int | None  # None: the clock (expiry=auto_death)


@dataclass(frozen=True)
class WoundExpired(Event):
    """The countdown ran out; a master decides (expiry=master_confirms)."""

    seat: int


@dataclass(frozen=True)
class Revived(Event):
    seat: int
    by: int
    reason: str


@dataclass(frozen=True)
class CardOwed(Event):
    seat: int
    creditor: int | None  # None: the masters
    until: int | None


@dataclass(frozen=True)
class MastersChoose(Event):
    """The survivor did not choose in time: a master chooses the card (ED9)."""

    seat: int


@dataclass(frozen=True)
class ExchangeOffered(Event):
    exchange: str
    a: int
    b: int
    give: tuple[Face, ...]


@dataclass(frozen=True)
class ExchangeAnswered(Event):
    exchange: str
    take: tuple[Face, ...]


@dataclass(frozen=True)
class ExchangeDone(Event):
    exchange: str
    a: int
    b: int
    n: int


@dataclass(frozen=True)
class ExchangeWithdrawn(Event):
    exchange: str
    by: int | None  # None: closed because a party became unable to exchange


@dataclass(frozen=True)
class Shown(Event):
    show: str
    owner: int
    seat: int
    piles: str
    until: int


@dataclass(frozen=True)
class ShowEnded(Event):
    show: str
    owner: int
    seat: int


@dataclass(frozen=True)
class Corrected(Event):
    """A master's correction, with its reason (flagged on the dashboard)."""

    by: int
    what: str
    reason: str


@dataclass(frozen=True)
class TimerFired(Event):
    timer: str
    timer_kind: str
    at: int
    late: bool


@dataclass(frozen=True)
class EventClosed(Event):
    at: int


def describe(event: Event, lang: str = "en") -> str:
    """One line of the log in words (Russian or English)."""
    ru = lang == "ru"
    if isinstance(event, CardsMoved):
        n = len(event.cards)
        serials = ", ".join(c.serial for c in event.cards)
        if ru:
            return f"{_cards_ru(n)} ({serials}): {_PILE_RU.get(event.frm_pile, event.frm_pile)}" \
                   f" → {_PILE_RU.get(event.dest_pile, event.dest_pile)}"
        return f"{n} card{'s' if n != 1 else ''} ({serials}): {event.frm_pile} → {event.dest_pile}"
    if isinstance(event, DuelBegan):
        return (f"дуэль {event.duel}: {event.a} и {event.b}" if ru
                else f"duel {event.duel}: {event.a} and {event.b}")
    if isinstance(event, KillSucceeded):
        return (f"смертельная рана: {event.victim} (дуэль {event.duel})" if ru
                else f"deadly wound: {event.victim} (duel {event.duel})")
    if isinstance(event, Death):
        return f"умер: {event.seat}" if ru else f"died: {event.seat}"
    data = event.to_json()
    fields = ", ".join(f"{k}={v}" for k, v in data.items() if k not in ("kind", "to"))
    return f"{event.kind_name()}({fields})"


_PILE_RU = {"deck": "колода", "discard": "сброс", "pool": "мастерятник",
            "surrendered": "сдана мастерам", "retired": "списана", "printed": "напечатана"}


def _cards_ru(n: int) -> str:
    if n % 10 == 1 and n % 100 != 11:
        return f"{n} карта"
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return f"{n} карты"
    return f"{n} карт"
