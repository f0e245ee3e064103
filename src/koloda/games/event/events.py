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
class Noted(Event):
    """A note on a patient (ED23): to the doctors and masters only."""

    seat: int
    by: int
    text: str


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
    """One line of the log in words (Russian or English). Participants are named by seat
    (the server's pages put names in)."""
    ru = lang == "ru"
    text = _describe(event, ru)
    if text is not None:
        return text
    data = event.to_json()
    fields = ", ".join(f"{k}={v}" for k, v in data.items() if k not in ("kind", "to"))
    return f"{event.kind_name()}({fields})"


_CASES = {"nom": ("участник", "мастера"), "acc": ("участника", "мастеров"),
          "gen": ("участника", "мастеров"), "dat": ("участнику", "мастерам")}


def _p(seat: int | None, ru: bool, case: str = "nom") -> str:
    """A participant by seat (or the masters), in a Russian case."""
    one, many = _CASES[case]
    if seat is None:
        return many if ru else "the masters"
    return f"{one} {seat}" if ru else f"participant {seat}"


def _describe(e: Event, ru: bool) -> str | None:
    if isinstance(e, CardsMoved):
        n = len(e.cards)
        serials = ", ".join(c.serial for c in e.cards)
        if ru:
            frm = _PILE_RU.get(e.frm_pile, e.frm_pile)
            dest = _PILE_RU.get(e.dest_pile, e.dest_pile)
            return f"{_cards_ru(n)} ({serials}): {frm} → {dest} ({_WHY_RU.get(e.why, e.why)})"
        return (f"{n} card{'s' if n != 1 else ''} ({serials}): {e.frm_pile} → {e.dest_pile} "
                f"({e.why})")
    if isinstance(e, Enrolled):
        return (f"новый участник: {e.name} (место {e.seat})" if ru
                else f"enrolled {e.name} (seat {e.seat})")
    if isinstance(e, RestStarted):
        where = ("в госпитале" if e.place == "hospital" else "в своей комнате") if ru else \
            ("in the hospital" if e.place == "hospital" else "in their room")
        return f"{_p(e.seat, ru)} отдыхает {where}" if ru else f"{_p(e.seat, ru)} rests {where}"
    if isinstance(e, RestReady):
        return (f"{_p(e.seat, ru)}: отдых можно завершить" if ru
                else f"{_p(e.seat, ru)} may end the rest")
    if isinstance(e, RestEnded):
        return (f"{_p(e.seat, ru)} отдохнул: {_cards_ru(e.returned)} снова в колоде" if ru
                else f"{_p(e.seat, ru)} rested: {e.returned} card(s) back in the deck")
    if isinstance(e, RestCancelled):
        return f"{_p(e.seat, ru)}: отдых прерван" if ru else f"{_p(e.seat, ru)}: rest cancelled"
    if isinstance(e, Challenged):
        return (f"{_p(e.a, ru)} вызывает {_p(e.b, ru, 'acc')} ({e.duel})" if ru
                else f"{_p(e.a, ru)} challenges {_p(e.b, ru)} ({e.duel})")
    if isinstance(e, ChallengeWithdrawn):
        return f"вызов {e.duel} отменён" if ru else f"challenge {e.duel} withdrawn"
    if isinstance(e, DuelBegan):
        if e.how == "attack":
            return (f"{_p(e.a, ru)} нападает на {_p(e.b, ru, 'acc')} ({e.duel})" if ru
                    else f"{_p(e.a, ru)} attacks {_p(e.b, ru)} ({e.duel})")
        return (f"дуэль {e.duel}: {_p(e.a, ru)} и {_p(e.b, ru)}" if ru
                else f"duel {e.duel}: {_p(e.a, ru)} and {_p(e.b, ru)}")
    if isinstance(e, DuelOvertime):
        if e.flagged:
            return (f"дуэль {e.duel} идёт слишком долго (для мастеров)" if ru
                    else f"duel {e.duel} is flagged to the masters")
        return (f"дуэль {e.duel}: прошло около двух минут" if ru
                else f"duel {e.duel}: about two minutes have passed")
    if isinstance(e, DuelRecorded):
        return (f"{_p(e.by, ru)} записал бумажную дуэль {e.duel}; ждёт подтверждения" if ru
                else f"{_p(e.by, ru)} recorded paper duel {e.duel}; awaiting confirmation")
    if isinstance(e, DuelFinished):
        if e.winner is None:
            return f"дуэль {e.duel}: ничья" if ru else f"duel {e.duel}: a draw"
        return (f"дуэль {e.duel}: победил {_p(e.winner, ru)}" if ru
                else f"duel {e.duel}: {_p(e.winner, ru)} won")
    if isinstance(e, KillSucceeded):
        return (f"смертельная рана: {_p(e.victim, ru)} (дуэль {e.duel})" if ru
                else f"deadly wound: {_p(e.victim, ru)} (duel {e.duel})")
    if isinstance(e, DuelVoided):
        return (f"дуэль {e.duel} отменена: {e.reason}" if ru
                else f"duel {e.duel} voided: {e.reason}")
    if isinstance(e, NearDeath):
        return (f"{_p(e.seat, ru)} тяжело ранен ({e.cause})" if ru
                else f"{_p(e.seat, ru)} is gravely wounded ({e.cause})")
    if isinstance(e, Admitted):
        return (f"врач принял: {_p(e.seat, ru)}" if ru
                else f"admitted by the doctor: {_p(e.seat, ru)}")
    if isinstance(e, Survived):
        return f"спасён: {_p(e.seat, ru)}" if ru else f"saved: {_p(e.seat, ru)}"
    if isinstance(e, Death):
        return f"умер: {_p(e.seat, ru)}" if ru else f"died: {_p(e.seat, ru)}"
    if isinstance(e, WoundExpired):
        return (f"время ранения истекло: {_p(e.seat, ru)}; решают мастера" if ru
                else f"the wound's time ran out: {_p(e.seat, ru)}; the masters decide")
    if isinstance(e, Noted):
        return (f"заметка об участнике {e.seat}: {e.text}" if ru
                else f"a note on participant {e.seat}: {e.text}")
    if isinstance(e, Revived):
        return (f"мастер вернул к жизни: {_p(e.seat, ru)} ({e.reason})" if ru
                else f"revived by a master: {_p(e.seat, ru)} ({e.reason})")
    if isinstance(e, CardOwed):
        return (f"{_p(e.seat, ru)} должен отдать карту {_p(e.creditor, ru, 'dat')}" if ru
                else f"{_p(e.seat, ru)} owes a card to {_p(e.creditor, ru)}")
    if isinstance(e, MastersChoose):
        return (f"карту за {_p(e.seat, ru, 'acc')} выбирают мастера" if ru
                else f"the masters choose the card of {_p(e.seat, ru)}")
    if isinstance(e, ExchangeOffered):
        return (f"{_p(e.a, ru)} предлагает обмен {_p(e.b, ru, 'dat')}: {_cards_ru(len(e.give))}"
                if ru
                else f"{_p(e.a, ru)} offers {_p(e.b, ru)} an exchange of {len(e.give)}")
    if isinstance(e, ExchangeAnswered):
        return (f"ответ на обмен {e.exchange}: {_cards_ru(len(e.take))}" if ru
                else f"exchange {e.exchange} answered with {len(e.take)}")
    if isinstance(e, ExchangeDone):
        return (f"обмен {e.exchange} состоялся: {_cards_ru(e.n)} на {_cards_ru(e.n)}" if ru
                else f"exchange {e.exchange} done: {e.n} for {e.n}")
    if isinstance(e, ExchangeWithdrawn):
        return f"обмен {e.exchange} отменён" if ru else f"exchange {e.exchange} withdrawn"
    if isinstance(e, Shown):
        return (f"{_p(e.owner, ru)} показывает карты {_p(e.seat, ru, 'dat')}" if ru
                else f"{_p(e.owner, ru)} shows cards to {_p(e.seat, ru)}")
    if isinstance(e, ShowEnded):
        return f"показ {e.show} окончен" if ru else f"show {e.show} ended"
    if isinstance(e, Corrected):
        return (f"исправление мастера: {e.what} ({e.reason})" if ru
                else f"a master's correction: {e.what} ({e.reason})")
    if isinstance(e, TimerFired):
        late = (" (с опозданием)" if ru else " (late)") if e.late else ""
        return (f"истёк таймер {e.timer}{late}" if ru else f"timer {e.timer} expired{late}")
    if isinstance(e, EventClosed):
        return "игра окончена" if ru else "the event is over"
    return None


_WHY_RU = {"issue": "выдача", "grant": "выдача мастером", "discard": "в сброс", "rest": "отдых",
           "duel": "дуэль", "exchange": "обмен", "gift": "подарок игротехника",
           "take": "забрал игротехник", "surrender": "отдана", "received": "принята мастерами",
           "death": "смерть", "correct": "исправление", "reprint": "перепечатка"}


_PILE_RU = {"deck": "колода", "discard": "сброс", "pool": "мастерятник",
            "surrendered": "сдана мастерам", "retired": "списана", "printed": "напечатана"}


def _cards_ru(n: int) -> str:
    if n % 10 == 1 and n % 100 != 11:
        return f"{n} карта"
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return f"{n} карты"
    return f"{n} карт"
