"""The state protocol every game implements, and the checked public path around it.

A game's state is a dataclass of plain data (ints, strings, enums, tuples, lists, dicts, other
dataclasses). The base class :class:`GameState` holds what every game shares (player count, seed,
the generator, the event log, the action history) and gives the public, checked methods:

- :meth:`GameState.apply` validates the seat and the action and raises :class:`IllegalAction`
  with a reason, leaving the state unchanged; only then does the game's ``_apply`` change it;
- :meth:`GameState.log` filters the event log for one seat (or a spectator);
- :meth:`GameState.to_json` / :meth:`GameState.from_json` serialize the whole state.

A game implements ``to_act``, ``legal_actions``, ``_apply``, ``is_terminal``, ``result``,
``observe``, ``resample``, ``parse_action`` and the constructors ``initial`` and ``from_setup``;
it may override ``check`` to explain an illegal action precisely or to avoid listing all legal
actions, and ``clone`` to copy faster.
"""

from __future__ import annotations

import copy
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Self

from koloda.engine.codec import decode, encode
from koloda.engine.errors import IllegalAction, InvalidData, Words, say
from koloda.engine.events import Event, module_package
from koloda.engine.rng import Rng


class Action:
    """Base of every action: a small frozen value whose ``str`` parses back with the game's
    ``parse_action``. Subclasses are frozen dataclasses with ``order=True`` where possible."""

    __slots__ = ()


@dataclass(frozen=True)
class Result:
    """The outcome of a finished game: a score per seat (higher is better).

    >>> Result(scores=(1.0, -1.0)).ranks
    (1, 2)
    >>> Result(scores=(0.0, 0.0, 1.0)).ranks
    (2, 2, 1)
    """

    scores: tuple[float, ...]
    #: the outcome in words, in English and in Russian («итог»); players are named
    #: "Player N" / «Игрок N», from 1 (the older form: games move to ``words``)
    summary: str = ""
    summary_ru: str = ""
    #: the outcome as :class:`~koloda.engine.errors.Words` (any language through its
    #: catalogue: ``koloda.action_words.summary_text``); seats are ``Term("seat", "N", …)``
    #: values, so a page can name them by the table's names
    words: Words | None = field(default=None, compare=False)

    def text(self, lang: str = "en") -> str:
        """The summary in ``lang`` (English where no Russian one was written)."""
        return self.summary_ru if lang == "ru" and self.summary_ru else self.summary

    @property
    def ranks(self) -> tuple[int, ...]:
        """1 for the best score; equal scores share a rank."""
        return tuple(1 + sum(1 for o in self.scores if o > s) for s in self.scores)

    @property
    def winners(self) -> tuple[int, ...]:
        """Seats with rank 1 when that rank is not shared by everyone."""
        if len(set(self.scores)) <= 1:
            return ()
        return tuple(i for i, r in enumerate(self.ranks) if r == 1)


@dataclass(kw_only=True)
class GameState(ABC):
    """Base of every game's state (see the module docstring for the contract)."""

    GAME: ClassVar[str] = ""

    players: int
    seed: int = 0
    rng: Rng = field(default_factory=Rng)
    events: list[Event] = field(default_factory=list)
    history: list[tuple[int, str]] = field(default_factory=list)

    # --- what a game implements -------------------------------------------------------------

    @classmethod
    @abstractmethod
    def initial(cls, options: Any, *, players: int, seed: int) -> Self:
        """A new game dealt from ``seed``."""

    @classmethod
    def from_setup(cls, options: Any, *, players: int, seed: int, setup: Mapping[str, Any]) -> Self:
        """A position set up by hand (scenario files). Raises InvalidData on a bad setup."""
        raise InvalidData(f"{cls.GAME} does not accept hand-made positions")

    @classmethod
    @abstractmethod
    def parse_action(cls, text: str) -> Action:
        """The action whose text form is ``text``; raises ActionSyntaxError."""

    @property
    @abstractmethod
    def to_act(self) -> tuple[int, ...]:
        """The seats that must decide now, ascending; several at once in simultaneous steps;
        empty when the game is over."""

    @abstractmethod
    def legal_actions(self, seat: int) -> list[Action]:
        """The legal actions of ``seat`` now, in canonical order (empty if it need not act)."""

    @abstractmethod
    def _apply(self, seat: int, action: Action) -> None:
        """Carry out a legal action (already checked), appending events."""

    @property
    @abstractmethod
    def is_terminal(self) -> bool:
        """Whether the game is over."""

    @abstractmethod
    def result(self) -> Result | None:
        """The result of a finished game, None before the end."""

    @abstractmethod
    def observe(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see (None: a spectator), JSON-ready, built by inclusion: a
        mapping that holds the envelope every table game's view has (the public fields of
        :class:`koloda.engine.view.View`: ``game``, ``seat``, ``phase``, ``to_act``,
        ``decided``; read them with :func:`koloda.engine.view.envelope`) and the game's own
        keys beside it."""

    @abstractmethod
    def resample(self, seat: int, rng: Rng) -> Self:
        """A full state, drawn with ``rng``, that ``seat`` cannot tell from this one: every
        card it may not know is redealt consistently with what it has seen."""

    def all_cards(self) -> list[str] | None:
        """Every card of the game in every zone (hands, decks, discards, table, pending
        commits), as ids; the conformance tests check that this multiset never changes.
        None when the game does not take part in that check."""
        return None

    def idle_reason(self, seat: int) -> str | Words | None:
        """Why ``seat``, which is not in ``to_act`` of a game not over, does not act now (added
        to the refusal), or None. Games override it to say more than the kernel can."""
        return None

    def determinize(self, seat: int, rng: Rng) -> Self:
        """What a search bot of ``seat`` may receive: :meth:`resample`, with the record of
        what the seat did not see removed (events limited to the seat's log, history emptied),
        so that nothing hidden travels inside the sample's log."""
        sample = self.resample(seat, rng)
        sample.events = sample.log(seat)
        sample.history = []
        return sample

    def check(self, seat: int, action: Action) -> str | Words | None:
        """Why ``action`` is illegal for ``seat`` now, or None when it is legal: a
        :class:`~koloda.engine.errors.Words` (words every language can have) or, from games
        not yet translated, an English text.

        The default compares with :meth:`legal_actions`; games override it to say more.
        """
        if action in self.legal_actions(seat):
            return None
        return say("not_legal", "not a legal action now")

    # --- the checked public path ------------------------------------------------------------

    def apply(self, seat: int, action: Action) -> None:
        """Validate and carry out ``action`` for ``seat``.

        Raises :class:`IllegalAction` saying why, with the state unchanged.
        """
        self.verify(seat, action)
        self._apply(seat, action)
        self.history.append((seat, str(action)))

    def verify(self, seat: int, action: Action) -> None:
        """Raise :class:`IllegalAction` saying why ``action`` is illegal for ``seat`` now;
        return quietly when :meth:`apply` would accept it. Changes nothing."""
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.players:
            raise IllegalAction(say("no_seat", "there is no seat {seat} at this table",
                                       seat=repr(seat)), action=action)
        if self.is_terminal:
            raise IllegalAction(say("game_over", "the game is over"), seat=seat,
                                action=action)
        if seat not in self.to_act:
            why = self.idle_reason(seat)
            words = (say("not_your_turn", "it is not this seat's turn to act") if not why
                     else say("not_your_turn_because", "it is not this seat's turn to act: "
                                 "{why}", why=why))
            raise IllegalAction(words, seat=seat, action=action)
        refusal = self.check(seat, action)
        if refusal is not None:
            raise IllegalAction(refusal, seat=seat, action=action)

    def apply_unchecked(self, seat: int, action: Action) -> None:
        """The fast path for search and playouts: no validation, no history. The caller
        guarantees that ``action`` is one of ``legal_actions(seat)``."""
        self._apply(seat, action)

    def random_action(self, seat: int, rng: Rng) -> Action:
        """A legal action of ``seat`` drawn uniformly from :meth:`legal_actions` with ``rng``:
        the default policy of random playouts. Games with many legal actions may override it
        with a faster draw of the same distribution that does not list them all."""
        legal = self.legal_actions(seat)
        return legal[rng.randbelow(len(legal))]

    def apply_text(self, seat: int, text: str) -> Action:
        """Parse ``text`` and apply it; returns the action."""
        action = self.parse_action(text)
        self.apply(seat, action)
        return action

    def log(self, seat: int | None) -> list[Event]:
        """The events ``seat`` may see (None: a spectator), in order."""
        return [e for e in self.events if e.to.sees(seat)]

    # --- copies and serialization -----------------------------------------------------------

    def clone(self) -> Self:
        """An independent copy."""
        return copy.deepcopy(self)

    def to_json(self) -> dict[str, Any]:
        """The whole state (hidden parts included), JSON-ready: never send this to a client."""
        return {"game": self.GAME, "state": encode(self)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        """Rebuild a state from :meth:`to_json`; raises InvalidData on malformed data."""
        if not isinstance(data, Mapping) or data.get("game") != cls.GAME:
            raise InvalidData(f"not a serialized {cls.GAME} state")
        state = decode(cls, data.get("state"), "state", module_package(cls.__module__))
        assert isinstance(state, cls)
        return state


def seats_text(seats: Sequence[int]) -> str:
    """``"0, 2"`` for messages."""
    return ", ".join(str(s) for s in seats)
