"""The duel's events (all prefixed ``Duel``) and their description in words.

Public events (``to=EVERYONE``) are what witnesses («свидетели») see: that the duel happens, who
has chosen or committed, the cards played and the items shown at each reveal, kill declarations,
offers to end, the winner. Private ones name their audience: a seat's own deck, hand and commits;
the loser's unplayed hand shown to the winner alone; the swapped cards to the two duellists.
"""

from __future__ import annotations

from dataclasses import dataclass

from koloda.engine import Event
from koloda.games.duel.cards import CATALOGUE


@dataclass(frozen=True)
class DuelStarted(Event):
    """The duel begins: by agreement, or seat ``attacker`` attacks («нападение»)."""

    mode: str
    rounds_to_win: int
    attacker: int | None


@dataclass(frozen=True)
class DuelDeckDealt(Event):
    """A seat's deck («колода») and discard («сброс») at the start (private)."""

    seat: int
    deck: tuple[str, ...]
    deck_keys: tuple[str, ...]
    discard: tuple[str, ...]
    discard_keys: tuple[str, ...]


@dataclass(frozen=True)
class DuelHandCommitted(Event):
    """A seat has chosen its hand, face down."""

    seat: int


@dataclass(frozen=True)
class DuelHandChosen(Event):
    """The cards a seat took into its hand (private)."""

    seat: int
    cards: tuple[str, ...]
    keys: tuple[str, ...]


@dataclass(frozen=True)
class DuelHandsTaken(Event):
    """Both hands are chosen; their sizes are seen by all."""

    sizes: tuple[int, int]


@dataclass(frozen=True)
class DuelCardCommitted(Event):
    """A seat has put a card face down in this round."""

    seat: int
    round: int


@dataclass(frozen=True)
class DuelPlayChosen(Event):
    """What a seat put face down (private until the reveal)."""

    seat: int
    round: int
    card: str
    key: str
    show: str | None
    kill: bool


@dataclass(frozen=True)
class DuelItemLaid(Event):
    """With option ``item_shown=laid``: a weapon item laid face up on the table as the seat puts
    its card face down («выложить в открытую на стол»), seen by all before the reveal."""

    seat: int
    round: int
    item: str
    key: str


@dataclass(frozen=True)
class DuelRoundRevealed(Event):
    """Both cards are turned over («обе карты одновременно открываются»): the cards (None: no
    card), the items shown with them, the kill declarations, the round's winner and the score."""

    round: int
    cards: tuple[str | None, str | None]
    keys: tuple[str | None, str | None]
    shown: tuple[str | None, str | None]
    shown_keys: tuple[str | None, str | None]
    kills: tuple[bool, bool]
    winner: int | None
    wins: tuple[int, int]


@dataclass(frozen=True)
class DuelEndOffered(Event):
    """A seat offers to end the duel by agreement."""

    seat: int


@dataclass(frozen=True)
class DuelEndDeclined(Event):
    seat: int


@dataclass(frozen=True)
class DuelEndAccepted(Event):
    seat: int


@dataclass(frozen=True)
class DuelWon(Event):
    """A seat has won the rounds it needed; ``kill``: its declared kill attempt succeeds."""

    winner: int
    loser: int
    kill: bool


@dataclass(frozen=True)
class DuelLoserHandShown(Event):
    """The loser's unplayed hand cards, seen by the winner alone («просматриваются тайно»)."""

    winner: int
    loser: int
    cards: tuple[str, ...]
    keys: tuple[str, ...]


@dataclass(frozen=True)
class DuelSwapDecided(Event):
    """Whether the winner swapped a card (public; which cards is private)."""

    seat: int
    swapped: bool


@dataclass(frozen=True)
class DuelCardsSwapped(Event):
    """The winner took ``take`` from the loser and gave ``give`` (seen by the two duellists)."""

    winner: int
    take: str
    take_key: str
    give: str
    give_key: str


@dataclass(frozen=True)
class DuelCardsPutAway(Event):
    """Where a seat's duel cards went: back to the deck, or to the discard (private)."""

    seat: int
    to_deck: tuple[str, ...]
    to_discard: tuple[str, ...]


@dataclass(frozen=True)
class DuelEnded(Event):
    """The duel is over: ``reason`` is ``won``, ``out_of_cards`` or ``agreement``."""

    winner: int | None
    reason: str
    killed: int | None


def _card(key: str | None, lang: str) -> str:
    if key is None:
        return "нет карты" if lang == "ru" else "no card"
    info = CATALOGUE.get(key)
    if info is None:
        return key
    if info.item is not None:
        return info.name(lang)
    assert info.type is not None
    tname = {"attack": ("атака", "attack"), "trick": ("уловка", "trick"),
             "defence": ("защита", "defence")}[info.type.value]
    return f"{info.name(lang)} ({tname[0] if lang == 'ru' else tname[1]} {info.strength})"


def _cards(keys: tuple[str, ...], lang: str) -> str:
    if not keys:
        return "ничего" if lang == "ru" else "nothing"
    return ", ".join(_card(k, lang) for k in keys)


def _seat(seat: int | None, lang: str) -> str:
    if seat is None:
        return "никто" if lang == "ru" else "nobody"
    return f"Игрок {seat + 1}" if lang == "ru" else f"Player {seat + 1}"


def describe(event: Event, lang: str = "en") -> str:
    """One line of the log in Russian (``lang="ru"``) or English.

    >>> describe(DuelHandsTaken((5, 2)), "ru")
    'Руки выбраны, карт в руке: 5 и 2.'
    """
    ru = lang == "ru"
    s = _seat
    match event:
        case DuelStarted(rounds_to_win=n, attacker=att):
            if att is not None:
                return (f"{s(att, lang)} нападает. Дуэль до {n} побед в раундах." if ru
                        else f"{s(att, lang)} attacks. The duel goes to {n} round wins.")
            return (f"Дуэль по обоюдному согласию до {n} побед в раундах." if ru
                    else f"A duel by mutual agreement, to {n} round wins.")
        case DuelDeckDealt(seat=seat, deck_keys=dk, discard_keys=ck):
            return (f"{s(seat, lang)}: колода — {_cards(dk, lang)}; сброс — {_cards(ck, lang)}."
                    if ru else
                    f"{s(seat, lang)}: deck — {_cards(dk, lang)}; discard — {_cards(ck, lang)}.")
        case DuelHandCommitted(seat=seat):
            return (f"{s(seat, lang)} выбрал руку." if ru
                    else f"{s(seat, lang)} has chosen a hand.")
        case DuelHandChosen(seat=seat, keys=keys):
            return (f"{s(seat, lang)} берёт в руку: {_cards(keys, lang)}." if ru
                    else f"{s(seat, lang)} takes into the hand: {_cards(keys, lang)}.")
        case DuelHandsTaken(sizes=(a, b)):
            return (f"Руки выбраны, карт в руке: {a} и {b}." if ru
                    else f"Hands chosen: {a} and {b} cards.")
        case DuelCardCommitted(seat=seat, round=r):
            return (f"Раунд {r}: {s(seat, lang)} кладёт карту лицом вниз." if ru
                    else f"Round {r}: {s(seat, lang)} puts a card face down.")
        case DuelPlayChosen(seat=seat, round=r, key=key, show=show, kill=kill):
            extra = ""
            if show is not None:
                extra += " (с предметом)" if ru else " (showing an item)"
            if kill:
                extra += ", на убийство" if ru else ", to kill"
            return (f"Раунд {r}: {s(seat, lang)} кладёт лицом вниз {_card(key, lang)}{extra}."
                    if ru else
                    f"Round {r}: {s(seat, lang)} puts down {_card(key, lang)}{extra}, face down.")
        case DuelItemLaid(seat=seat, round=r, key=key):
            return (f"Раунд {r}: {s(seat, lang)} выкладывает в открытую {_card(key, lang)}." if ru
                    else f"Round {r}: {s(seat, lang)} lays {_card(key, lang)} face up.")
        case DuelRoundRevealed(round=r, keys=keys, shown_keys=shown, kills=kills, winner=w,
                               wins=wins):
            parts = []
            for seat in (0, 1):
                text = f"{s(seat, lang)}: {_card(keys[seat], lang)}"
                if shown[seat] is not None:
                    text += (f" + {_card(shown[seat], lang)}")
                if kills[seat]:
                    text += " — на убийство" if ru else " — to kill"
                parts.append(text)
            won = (f"раунд выигрывает {s(w, lang)}" if w is not None else "ничья в раунде") if ru \
                else (f"{s(w, lang)} wins the round" if w is not None else "nobody wins the round")
            return (f"Раунд {r}: " if ru else f"Round {r}: ") + "; ".join(parts) + \
                f". {won[0].upper()}{won[1:]} ({wins[0]}:{wins[1]})."
        case DuelEndOffered(seat=seat):
            return (f"{s(seat, lang)} предлагает закончить дуэль." if ru
                    else f"{s(seat, lang)} offers to end the duel.")
        case DuelEndDeclined(seat=seat):
            return (f"{s(seat, lang)} отказывается." if ru else f"{s(seat, lang)} declines.")
        case DuelEndAccepted(seat=seat):
            return (f"{s(seat, lang)} соглашается." if ru else f"{s(seat, lang)} agrees.")
        case DuelWon(winner=w, loser=lo, kill=kill):
            text = (f"{s(w, lang)} побеждает в дуэли." if ru
                    else f"{s(w, lang)} wins the duel.")
            if kill:
                text += (f" {s(lo, lang)} смертельно ранен." if ru
                         else f" {s(lo, lang)} is mortally wounded.")
            return text
        case DuelLoserHandShown(loser=lo, keys=keys):
            return (f"Несыгранные карты руки игрока {lo + 1}: {_cards(keys, lang)}." if ru
                    else f"{s(lo, lang)}'s unplayed hand cards: {_cards(keys, lang)}.")
        case DuelSwapDecided(seat=seat, swapped=swapped):
            if ru:
                return f"{s(seat, lang)} {'меняется картой' if swapped else 'не меняется'}."
            return f"{s(seat, lang)} {'swaps a card' if swapped else 'does not swap'}."
        case DuelCardsSwapped(winner=w, take_key=tk, give_key=gk):
            return (f"{s(w, lang)} забирает {_card(tk, lang)} и отдаёт {_card(gk, lang)}." if ru
                    else f"{s(w, lang)} takes {_card(tk, lang)} and gives {_card(gk, lang)}.")
        case DuelCardsPutAway(seat=seat, to_deck=deck, to_discard=disc):
            return (f"{s(seat, lang)}: в колоду {len(deck)}, в сброс {len(disc)}." if ru
                    else f"{s(seat, lang)}: {len(deck)} back to the deck, {len(disc)} "
                    "to the discard.")
        case DuelEnded(winner=w, reason=reason, killed=killed):
            if w is None:
                why = {"out_of_cards": ("у обоих кончились карты", "both are out of cards"),
                       "agreement": ("по обоюдному согласию", "by mutual agreement")}
                pair = why.get(reason, (reason, reason))
                return (f"Дуэль окончена вничью ({pair[0]})." if ru
                        else f"The duel ends in a draw ({pair[1]}).")
            text = (f"Дуэль окончена: победил {s(w, lang)}." if ru
                    else f"The duel is over: {s(w, lang)} won.")
            if killed is not None:
                text += (f" {s(killed, lang)} тяжело ранен." if ru
                         else f" {s(killed, lang)} is gravely wounded.")
            return text
    return event.kind_name()
