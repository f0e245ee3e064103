"""The duel's actions: small frozen values whose text form round-trips.

- ``hand a01 a04 a09`` / ``hand`` — :class:`ChooseHand` («выбор руки»): both seats at once,
  before the rounds;
- ``play a04`` — :class:`Play`: each round, face down, both seats at once;
- ``play a04 show a11`` — :class:`Play` showing weapon item a11 from the deck: required when the
  card needs a weapon whose kind is not shown yet, refused otherwise;
- ``play a04 kill`` (or ``play a04 show a11 kill``) — declaring the kill attempt, only with a card
  that «наносит тяжелые раны»;
- ``offer-end`` / ``accept-end`` / ``decline-end`` — ending early by agreement, during a round;
- ``swap b03 a02`` / ``no-swap`` — :class:`Swap` (the loser's card, then one's own) or
  :class:`NoSwap`: the winner, after the duel.

>>> parse_action("play a04 show a11 kill")
Play(card='a04', show='a11', kill=True)
>>> str(parse_action("hand a09 a01"))
'hand a01 a09'
"""

from __future__ import annotations

from dataclasses import dataclass

from koloda.engine import Action, ActionSyntaxError


@dataclass(frozen=True, order=True)
class ChooseHand(Action):
    """Take these cards of the deck into the hand for this duel («рука игрока»); ids sorted."""

    cards: tuple[str, ...]

    def __str__(self) -> str:
        return " ".join(("hand", *self.cards))


@dataclass(frozen=True)
class Play(Action):
    """Put a hand card face down for this round, showing a weapon item if needed, and declaring
    the attempt to kill («попытка убийства») if asked."""

    card: str
    show: str | None = None
    kill: bool = False

    def __str__(self) -> str:
        text = f"play {self.card}"
        if self.show is not None:
            text += f" show {self.show}"
        return text + (" kill" if self.kill else "")


@dataclass(frozen=True)
class OfferEnd(Action):
    """Offer to end the duel early by mutual agreement («по обоюдному соглашению сторон»)."""

    def __str__(self) -> str:
        return "offer-end"


@dataclass(frozen=True)
class AcceptEnd(Action):
    """Accept the other seat's offer: the duel ends with no winner."""

    def __str__(self) -> str:
        return "accept-end"


@dataclass(frozen=True)
class DeclineEnd(Action):
    """Decline the other seat's offer: the round goes on."""

    def __str__(self) -> str:
        return "decline-end"


@dataclass(frozen=True)
class Swap(Action):
    """The winner takes ``take`` from the loser's hand and gives ``give`` from its own hand
    («обменять ее на одну из своей руки»)."""

    take: str
    give: str

    def __str__(self) -> str:
        return f"swap {self.take} {self.give}"


@dataclass(frozen=True)
class NoSwap(Action):
    """The winner keeps its cards."""

    def __str__(self) -> str:
        return "no-swap"


_SIMPLE: dict[str, Action] = {
    "offer-end": OfferEnd(),
    "accept-end": AcceptEnd(),
    "decline-end": DeclineEnd(),
    "no-swap": NoSwap(),
}


def _card_id(word: str, text: str) -> str:
    if not word.isalnum():
        raise ActionSyntaxError(f"{word!r} is not a card id in {text!r}")
    return word


def parse_action(text: str) -> Action:
    """The action whose text form is ``text``; raises :class:`ActionSyntaxError`."""
    if not isinstance(text, str):
        raise ActionSyntaxError(f"an action is a text, got {text!r}")
    words = text.split()
    if not words:
        raise ActionSyntaxError("an empty action")
    verb, args = words[0].lower(), words[1:]
    if verb in _SIMPLE:
        if args:
            raise ActionSyntaxError(f"{verb!r} takes nothing after it: {text!r}")
        return _SIMPLE[verb]
    if verb == "hand":
        return ChooseHand(tuple(sorted(_card_id(w, text) for w in args)))
    if verb == "play":
        if not args:
            raise ActionSyntaxError("'play' needs a card id: play a04 [show a11] [kill]")
        card = _card_id(args[0], text)
        rest = args[1:]
        show: str | None = None
        kill = False
        if len(rest) >= 2 and rest[0].lower() == "show":
            show = _card_id(rest[1], text)
            rest = rest[2:]
        if rest and rest[0].lower() == "kill":
            kill = True
            rest = rest[1:]
        if rest:
            raise ActionSyntaxError(
                f"cannot read {' '.join(rest)!r} in {text!r}: play CARD [show ITEM] [kill]"
            )
        return Play(card, show, kill)
    if verb == "swap":
        if len(args) != 2:
            raise ActionSyntaxError("'swap' needs two card ids: swap THEIRS MINE")
        return Swap(_card_id(args[0], text), _card_id(args[1], text))
    raise ActionSyntaxError(
        f"unknown duel action {text!r}; actions: hand, play, offer-end, accept-end, "
        "decline-end, swap, no-swap"
    )
