"""Gwent's actions and their short text forms (each round-trips through :func:`parse_action`).

=================================  ==============================================================
text                               meaning
=================================  ==============================================================
``deck NAME``                      choose a deck (when decks are chosen in dice order)
``play CARD@new``                  lay a card in attack: a new open card against the opponent
``play CARD@s3``                   cover the open card of stack 3 (it must press against you)
``play CARD:ranged@new``           an agile card («проныра») laid as the suit given
``play CARD+DECOY@s3``             with «Чучело»: the card counts twice
``end``                            end the action (when more cards could still be laid)
``pass``                           spend no action point now / throw nothing in
``name att close``                 name the suit of the attacker's (``att``) or defender's
                                   (``def``) open cards («назначить масть»)
``medic CARD T``                   «Медик»: revive T (and its bonded group) from your discard
``medic CARD+DECOY T1,T2``         a medic used twice with «Чучело»
``medic CARD T:ranged``            with ``medic_revives_to=play``: an agile T laid as that suit
``spy CARD``                       «Шпион»: turn the opponent's open cards back on him
``scorch CARD T``                  «Казнь»: execute the opponent's open card T or undo spy T
``throw def C1,C2``                throw cards in on the defender's (or ``att``) side
``throw def C1:ranged,C2``         an agile card thrown in as the suit given
=================================  ==============================================================

CARD is a card in play: its catalogue id and copy number, ``nr_catapult#2``. Lists of cards
(``C1,C2``) are sets: they are read in any order and written sorted. A card of a list may carry
the suit it is laid as (``C1:ranged``, an agile card only); ``suits`` holds these choices as
sorted ``(card, suit)`` pairs.

>>> parse_action("play nr_catapult#1+sp_decoy#1@s2")
Play(card='nr_catapult#1', target=2, suit='', decoy='sp_decoy#1')
>>> str(parse_action("throw def b#2,a#1"))
'throw def a#1,b#2'
>>> parse_action("throw att b#2:ranged,a#1")
Throw(side=0, cards=('a#1', 'b#2'), suits=(('b#2', 'ranged'),))
"""

from __future__ import annotations

from dataclasses import dataclass

from koloda.engine import Action, ActionSyntaxError

SIDES = ("att", "def")
SUITS = ("close", "ranged", "siege")


@dataclass(frozen=True, order=True)
class ChooseDeck(Action):
    deck: str

    def __str__(self) -> str:
        return f"deck {self.deck}"


@dataclass(frozen=True, order=True)
class Play(Action):
    """Lay ``card`` on stack ``target`` (-1: a new stack, in attack)."""

    card: str
    target: int
    suit: str = ""
    decoy: str = ""

    def __str__(self) -> str:
        suit = f":{self.suit}" if self.suit else ""
        decoy = f"+{self.decoy}" if self.decoy else ""
        where = "new" if self.target < 0 else f"s{self.target}"
        return f"play {self.card}{suit}{decoy}@{where}"


@dataclass(frozen=True, order=True)
class EndAction(Action):
    def __str__(self) -> str:
        return "end"


@dataclass(frozen=True, order=True)
class Pass(Action):
    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, order=True)
class NameSuit(Action):
    side: int
    suit: str

    def __str__(self) -> str:
        return f"name {SIDES[self.side]} {self.suit}"


def _with_suits(cards: tuple[str, ...], suits: tuple[tuple[str, str], ...]) -> str:
    chosen = dict(suits)
    return ",".join(f"{c}:{chosen[c]}" if c in chosen else c for c in cards)


@dataclass(frozen=True, order=True)
class Medic(Action):
    """«Медик» reviving ``targets``; ``suits``: the suit each agile target is laid as (option
    ``medic_revives_to=play``), sorted ``(card, suit)`` pairs."""

    card: str
    targets: tuple[str, ...]
    decoy: str = ""
    suits: tuple[tuple[str, str], ...] = ()

    def __str__(self) -> str:
        decoy = f"+{self.decoy}" if self.decoy else ""
        return f"medic {self.card}{decoy} {_with_suits(self.targets, self.suits)}"


@dataclass(frozen=True, order=True)
class Spy(Action):
    card: str

    def __str__(self) -> str:
        return f"spy {self.card}"


@dataclass(frozen=True, order=True)
class Scorch(Action):
    card: str
    target: str

    def __str__(self) -> str:
        return f"scorch {self.card} {self.target}"


@dataclass(frozen=True, order=True)
class Throw(Action):
    """Throw ``cards`` in on ``side``; ``suits``: the suit each agile card is laid as, sorted
    ``(card, suit)`` pairs."""

    side: int
    cards: tuple[str, ...]
    suits: tuple[tuple[str, str], ...] = ()

    def __str__(self) -> str:
        return f"throw {SIDES[self.side]} {_with_suits(self.cards, self.suits)}"


def _card_token(text: str, original: str) -> str:
    if not text or "#" not in text or any(ch.isspace() for ch in text) or any(
            ch in text for ch in "@+,:"):
        raise ActionSyntaxError(f"not a card in play: {text!r} in {original!r} "
                                f"(cards look like nr_catapult#2)")
    base, _, num = text.partition("#")
    if not base or not num.isdigit():
        raise ActionSyntaxError(f"not a card in play: {text!r} in {original!r}")
    return text


def _cards_with_suits(text: str, original: str) -> tuple[tuple[str, ...],
                                                         tuple[tuple[str, str], ...]]:
    """A set of cards, some with a suit (``a#1:ranged``): the sorted cards and the sorted
    ``(card, suit)`` choices."""
    cards: list[str] = []
    suits: list[tuple[str, str]] = []
    for token in text.split(","):
        cid, colon, suit = token.partition(":")
        if colon and suit not in SUITS:
            raise ActionSyntaxError(f"{original!r}: the suit of {cid} is one of "
                                    f"{', '.join(SUITS)}")
        cards.append(_card_token(cid, original))
        if colon:
            suits.append((cid, suit))
    if len(set(cards)) != len(cards):
        raise ActionSyntaxError(f"{original!r}: a card is named twice")
    return tuple(sorted(cards)), tuple(sorted(suits))


def _with_decoy(text: str, original: str) -> tuple[str, str]:
    main, plus, decoy = text.partition("+")
    return main, (_card_token(decoy, original) if plus else "")


def parse_action(text: str) -> Action:
    """The action whose text form is ``text``; raises ActionSyntaxError."""
    if not isinstance(text, str):
        raise ActionSyntaxError(f"an action is text, got {text!r}")
    words = text.split()
    if not words:
        raise ActionSyntaxError("an empty action")
    verb, args = words[0], words[1:]
    if verb in ("end", "pass") and not args:
        return EndAction() if verb == "end" else Pass()
    if verb == "deck" and len(args) == 1:
        return ChooseDeck(args[0])
    if verb == "play" and len(args) == 1:
        body, at, where = args[0].rpartition("@")
        if not at:
            raise ActionSyntaxError(f"{text!r}: say where, e.g. play CARD@new or CARD@s2")
        if where == "new":
            target = -1
        elif where.startswith("s") and where[1:].isdigit():
            target = int(where[1:])
        else:
            raise ActionSyntaxError(f"{text!r}: the target is 'new' or a stack like 's2'")
        body, decoy = _with_decoy(body, text)
        card, colon, suit = body.partition(":")
        if colon and suit not in SUITS:
            raise ActionSyntaxError(f"{text!r}: the suit is one of {', '.join(SUITS)}")
        return Play(_card_token(card, text), target, suit, decoy)
    if verb == "name" and len(args) == 2 and args[0] in SIDES and args[1] in SUITS:
        return NameSuit(SIDES.index(args[0]), args[1])
    if verb == "medic" and len(args) == 2:
        card, decoy = _with_decoy(args[0], text)
        targets, suits = _cards_with_suits(args[1], text)
        return Medic(_card_token(card, text), targets, decoy, suits)
    if verb == "spy" and len(args) == 1:
        return Spy(_card_token(args[0], text))
    if verb == "scorch" and len(args) == 2:
        return Scorch(_card_token(args[0], text), _card_token(args[1], text))
    if verb == "throw" and len(args) == 2 and args[0] in SIDES:
        cards, suits = _cards_with_suits(args[1], text)
        return Throw(SIDES.index(args[0]), cards, suits)
    raise ActionSyntaxError(f"not a gwent action: {text!r}")
