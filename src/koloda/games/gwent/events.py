"""Gwent's events (all prefixed ``Gwent``) and their description in words.

Everything laid on the table is public. Private events: the neutral cards and the ten cards
dealt to a seat (to that seat only) and a watcher's throw-in before the window closes.
"""

from __future__ import annotations

from dataclasses import dataclass

from koloda.engine import Event, Term, Words, say
from koloda.games.gwent.cards import info
from koloda.games.gwent.titles import deck_title, listed, suit_title


@dataclass(frozen=True)
class GwentDecksAssigned(Event):
    """The dice order («кубик») and the deck of each seat ("" while still to be chosen)."""

    order: tuple[int, ...]
    decks: tuple[str, ...]


@dataclass(frozen=True)
class GwentDeckChosen(Event):
    seat: int
    deck: str


@dataclass(frozen=True)
class GwentNeutralDealt(Event):
    """The neutral cards dealt to a seat and shuffled into its deck (to that seat)."""

    seat: int
    cards: tuple[str, ...]


@dataclass(frozen=True)
class GwentRoundStarted(Event):
    round: int
    hand_size: int


@dataclass(frozen=True)
class GwentHandDealt(Event):
    """The cards a seat takes for the round («десятка»), to that seat."""

    seat: int
    cards: tuple[str, ...]


@dataclass(frozen=True)
class GwentAttackerRolled(Event):
    """Who attacks next and why: ``first`` (dice of the round), ``damage`` (dealt damage in
    the last exchange), ``zero`` (the pair rolled after a zero exchange)."""

    seat: int
    reason: str


@dataclass(frozen=True)
class GwentExchangeStarted(Event):
    attacker: int
    defender: int
    number: int


@dataclass(frozen=True)
class GwentCardPlaced(Event):
    """A card laid on stack ``stack``: in attack (``lead``) or covering; the stack's damage
    after it and the side it presses on (0 attacker, 1 defender)."""

    seat: int
    card: str
    stack: int
    lead: bool
    value: float
    damage: float
    presses_on: int


@dataclass(frozen=True)
class GwentPassed(Event):
    seat: int


@dataclass(frozen=True)
class GwentSuitNamed(Event):
    seat: int
    side: int
    suit: str


@dataclass(frozen=True)
class GwentTrumpCancelled(Event):
    """A trump in defence took the ordinary damage on these stacks to zero."""

    seat: int
    stacks: tuple[int, ...]


@dataclass(frozen=True)
class GwentExecuted(Event):
    """A card executed («казнь») by a specialist or by «Казнь»."""

    seat: int
    card: str
    by: str


@dataclass(frozen=True)
class GwentZeroed(Event):
    """The exchange goes to zero («в ноль») by an ultima or a specialist."""

    seat: int
    card: str


@dataclass(frozen=True)
class GwentRevived(Event):
    seat: int
    medic: str
    cards: tuple[str, ...]


@dataclass(frozen=True)
class GwentSpyTurned(Event):
    seat: int
    spy: str
    stacks: tuple[int, ...]


@dataclass(frozen=True)
class GwentSpyUndone(Event):
    seat: int
    scorch: str
    spy: str


@dataclass(frozen=True)
class GwentBardCovered(Event):
    """The bard was covered: its owner's next cards are doubled."""

    seat: int


@dataclass(frozen=True)
class GwentThrowDecided(Event):
    """A watcher has decided in the throw-in window (what, is shown when it closes)."""

    seat: int


@dataclass(frozen=True)
class GwentThrown(Event):
    seat: int
    side: int
    cards: tuple[str, ...]
    stacks: tuple[int, ...]


@dataclass(frozen=True)
class GwentExchangeEnded(Event):
    """Damage recorded per seat («записывает себе») at the end of the exchange."""

    damage: tuple[float, ...]
    zero: bool


@dataclass(frozen=True)
class GwentRoundEnded(Event):
    round: int
    damage: tuple[float, ...]
    winners: tuple[int, ...]
    points: tuple[int, ...]
    leftover: tuple[str, ...]


@dataclass(frozen=True)
class GwentMatchEnded(Event):
    winners: tuple[int, ...]
    points: tuple[int, ...]
    by_die: bool


def _seat(seat: int, lang: str) -> str:
    """A seat as players count them: seat 0 is Player 1 («Игрок 1»)."""
    return f"Игрок {seat + 1}" if lang == "ru" else f"Player {seat + 1}"


def _seat_acc(seat: int, lang: str) -> str:
    """A seat as the object of a verb («атакует игрока 2»)."""
    return f"игрока {seat + 1}" if lang == "ru" else f"Player {seat + 1}"


def _seats(seats: tuple[int, ...], lang: str) -> str:
    return ", ".join(_seat(s, lang) for s in seats) or "—"


def _per_seat(values: tuple[float, ...] | tuple[int, ...], lang: str) -> str:
    return ", ".join(f"{_seat(p, lang)} — {_num(v)}" for p, v in enumerate(values))


def _stacks(stacks: tuple[int, ...]) -> str:
    return ", ".join(str(x) for x in stacks) or "—"


def _card(instance: str, lang: str) -> str:
    try:
        return info(instance).name(lang)
    except Exception:
        return instance


def _cards(cards: tuple[str, ...], lang: str) -> str:
    return ", ".join(_card(c, lang) for c in cards) or "—"


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else str(x)


def describe(event: Event, lang: str = "en") -> str:
    """One line of the log in Russian (``lang="ru"``) or English. Seats are counted from 1
    (seat 0 is «Игрок 1»), decks and suits named by their titles (:mod:`.titles`), cards by
    their names in the chosen language.

    >>> describe(GwentExchangeStarted(0, 2, 1), "ru")
    'Гейм 1: Игрок 1 атакует игрока 3.'
    >>> describe(GwentDecksAssigned((1, 0), ("northern_realms", "")), "ru")
    'Колоды: Игрок 1 — Королевства Севера, Игрок 2 — ?.'
    """
    ru = lang == "ru"
    s = _seat
    match event:
        case GwentDecksAssigned(decks=decks):
            shown = ", ".join(f"{s(p, lang)} — {deck_title(d, lang) if d else '?'}"
                              for p, d in enumerate(decks))
            return f"Колоды: {shown}." if ru else f"Decks: {shown}."
        case GwentDeckChosen(seat=seat, deck=deck):
            return f"{s(seat, lang)} выбирает колоду «{deck_title(deck, lang)}»." if ru else \
                f"{s(seat, lang)} chooses the deck {deck_title(deck, lang)}."
        case GwentNeutralDealt(seat=seat, cards=cards):
            return (f"{s(seat, lang)} получает нейтральные карты: {_cards(cards, lang)}." if ru
                    else f"{s(seat, lang)} gets the neutral cards: {_cards(cards, lang)}.")
        case GwentRoundStarted(round=r, hand_size=n):
            return f"Раунд {r}: каждый берёт карт: {n}." if ru else \
                f"Round {r}: everyone takes {n} cards."
        case GwentHandDealt(seat=seat, cards=cards):
            return f"{s(seat, lang)}: {_cards(cards, lang)}."
        case GwentAttackerRolled(seat=seat, reason=reason):
            why = {"first": ("кубик раунда", "the round's dice"),
                   "damage": ("нанёс урон", "dealt damage"),
                   "zero": ("кубик после игры в ноль", "the dice after a zero exchange")}
            ru_w, en_w = why.get(reason, ("", reason))
            if ru:
                return f"Атакует {s(seat, lang)}" + (f" ({ru_w})." if ru_w else ".")
            return f"{s(seat, lang)} attacks ({en_w})."
        case GwentExchangeStarted(attacker=a, defender=d, number=n):
            return f"Гейм {n}: {s(a, lang)} атакует {_seat_acc(d, lang)}." if ru else \
                f"Exchange {n}: {s(a, lang)} attacks {s(d, lang)}."
        case GwentCardPlaced(seat=seat, card=c, stack=st, lead=lead, value=v, damage=dmg):
            how = ("в атаку" if lead else "кроет") if ru else ("in attack" if lead else "covers")
            return (f"{s(seat, lang)}: {_card(c, lang)} ({_num(v)}) {how}, стопка {st}, "
                    f"урон {_num(dmg)}." if ru else
                    f"{s(seat, lang)}: {_card(c, lang)} ({_num(v)}) {how}, stack {st}, "
                    f"damage {_num(dmg)}.")
        case GwentPassed(seat=seat):
            return f"{s(seat, lang)} пропускает." if ru else f"{s(seat, lang)} passes."
        case GwentSuitNamed(seat=seat, side=side, suit=suit):
            if ru:
                whose = "атакующего" if side == 0 else "защитника"
                return (f"{s(seat, lang)} назначает масть открытых карт {whose}: "
                        f"{suit_title(suit, lang)}.")
            whose = "attacker's" if side == 0 else "defender's"
            return f"{s(seat, lang)} names the suit of the {whose} open cards: " \
                f"{suit_title(suit, lang)}."
        case GwentTrumpCancelled(seat=seat, stacks=st):
            return (f"{s(seat, lang)}: козырь сводит урон в ноль на стопках {_stacks(st)}."
                    if ru else
                    f"{s(seat, lang)}: a trump cancels the damage on stacks {_stacks(st)}.")
        case GwentExecuted(seat=seat, card=c, by=by):
            return f"{s(seat, lang)} казнит {_card(c, lang)} ({_card(by, lang)})." if ru else \
                f"{s(seat, lang)} executes {_card(c, lang)} ({_card(by, lang)})."
        case GwentZeroed(seat=seat, card=c):
            return f"{s(seat, lang)}: {_card(c, lang)} сводит гейм в ноль." if ru else \
                f"{s(seat, lang)}: {_card(c, lang)} takes the exchange to zero."
        case GwentRevived(seat=seat, cards=cards):
            return f"{s(seat, lang)} воскрешает {_cards(cards, lang)}." if ru else \
                f"{s(seat, lang)} revives {_cards(cards, lang)}."
        case GwentSpyTurned(seat=seat, stacks=st):
            return (f"{s(seat, lang)}: шпион разворачивает карты стопок {_stacks(st)}." if ru
                    else f"{s(seat, lang)}: a spy turns the cards of stacks {_stacks(st)} back.")
        case GwentSpyUndone(seat=seat):
            return f"{s(seat, lang)}: казнь шпиона, разворот отменён." if ru else \
                f"{s(seat, lang)}: the spy is executed, its turn is undone."
        case GwentBardCovered(seat=seat):
            return f"Барда {_seat_acc(seat, lang)} покрыли: его карты удваиваются." if ru \
                else f"{s(seat, lang)}'s bard is covered: their cards are doubled."
        case GwentThrowDecided(seat=seat):
            return f"{s(seat, lang)} решил." if ru else f"{s(seat, lang)} has decided."
        case GwentThrown(seat=seat, cards=cards):
            return f"{s(seat, lang)} подбрасывает {_cards(cards, lang)}." if ru else \
                f"{s(seat, lang)} throws in {_cards(cards, lang)}."
        case GwentExchangeEnded(damage=dmg, zero=zero):
            if zero:
                return "Гейм сыгран в ноль." if ru else "The exchange ends at zero."
            return f"Гейм окончен, урон: {_per_seat(dmg, lang)}." if ru else \
                f"The exchange ends; damage: {_per_seat(dmg, lang)}."
        case GwentRoundEnded(round=r, winners=w, points=p):
            return (f"Раунд {r} окончен, очко получает: {_seats(w, lang)}; "
                    f"очки: {_per_seat(p, lang)}." if ru else
                    f"Round {r} ends; a point to {_seats(w, lang)}; "
                    f"points: {_per_seat(p, lang)}.")
        case GwentMatchEnded(winners=w, points=p, by_die=die):
            tail = (" (по кубику)" if ru else " (by the die)") if die else ""
            return (f"Партия окончена, побеждает: {_seats(w, lang)}{tail}; "
                    f"очки: {_per_seat(p, lang)}." if ru else
                    f"The match is over; won by {_seats(w, lang)}{tail}; "
                    f"points: {_per_seat(p, lang)}.")
    return event.kind_name()


def result_words(ended: GwentMatchEnded) -> Words:
    """How the match ended, as :class:`~koloda.engine.Words` (the English of the log's last
    line; seats as :class:`~koloda.engine.Term`\\ s, named by the table's names)."""
    seats = [Term("seat", str(p), _seat(p, "en")) for p in range(len(ended.points))]
    winners: Words | str = listed([seats[w] for w in ended.winners]) if ended.winners else "—"
    points = listed([say("gwent.seat_points", "{seat} — {points}", seat=seats[p], points=v)
                     for p, v in enumerate(ended.points)])
    tail: Words | str = say("gwent.by_die", " (by the die)") if ended.by_die else ""
    if len(ended.winners) == 1:  # (Russian: «побеждает» for one, «побеждают» for several)
        return say("gwent.won_by_one", "The match is over; won by {winners}{tail}; points: "
                   "{points}.", winners=winners, tail=tail, points=points)
    return say("gwent.won_by_many", "The match is over; won by {winners}{tail}; points: "
               "{points}.", winners=winners, tail=tail, points=points)
