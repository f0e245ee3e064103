"""The duel's state: its fields, the facts the rules read off them, and the kernel's protocol,
delegating the rules to their modules (:mod:`~koloda.games.duel.legal`: what a seat may do;
:mod:`~koloda.games.duel.checks`: why not; :mod:`~koloda.games.duel.flow`: carrying actions
out; :mod:`~koloda.games.duel.outcome`: the end; :mod:`~koloda.games.duel.observe`,
:mod:`~koloda.games.duel.resample`, :mod:`~koloda.games.duel.setup`). The plain data they share
is in :mod:`~koloda.games.duel.model`; none of them imports this module at run time.

Zones per seat (lists of card ids): ``decks`` («колода») and ``discards`` («сброс»), sorted;
``hands`` (the hand's unplayed cards), sorted; ``played`` (cards played in this duel) and
``shown`` (weapon items shown from the deck in this duel), in the order of play. ``chosen``
records the hand as chosen (played and unplayed) for the end of the duel. ``keys`` maps every
card id to its catalogue key.

Phases: ``choose_hand`` (both seats at once) → ``rounds`` (both seats with cards commit at once;
an offer to end waits for the other seat's answer) → ``swap`` (the winner alone) → ``over``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Self

from koloda.engine import Action, GameState, Result, Rng, Words, simultaneous
from koloda.games.duel import checks, flow, legal
from koloda.games.duel.actions import Play
from koloda.games.duel.actions import parse_action as _parse_action
from koloda.games.duel.cards import SAMPLE, CardInfo, Catalogue, Weapon
from koloda.games.duel.model import (
    MAX_HAND,
    SEATS,
    EndReason,
    Phase,
    RoundRecord,
    round_seats,
    two_lists,
)
from koloda.games.duel.observe import observe as _observe
from koloda.games.duel.options import DuelOptions
from koloda.games.duel.outcome import DuelOutcome, outcome_of, result_of
from koloda.games.duel.resample import resample as _resample
from koloda.games.duel.setup import build_from_setup, deal

__all__ = ["MAX_HAND", "SEATS", "DuelState", "EndReason", "Phase", "RoundRecord"]

_BOTH, _SEAT = SEATS, ((0,), (1,))
_CHOOSE_HAND, _ROUNDS, _SWAP, _OVER = Phase.CHOOSE_HAND, Phase.ROUNDS, Phase.SWAP, Phase.OVER


@dataclass(kw_only=True)
class DuelState(GameState):
    """A duel between seats 0 and 1 (see the package docstring for the observation format)."""

    options: DuelOptions
    keys: dict[str, str] = field(default_factory=dict)
    decks: list[list[str]] = field(default_factory=two_lists)
    discards: list[list[str]] = field(default_factory=two_lists)
    hands: list[list[str]] = field(default_factory=two_lists)
    chosen: list[list[str]] = field(default_factory=two_lists)
    played: list[list[str]] = field(default_factory=two_lists)
    shown: list[list[str]] = field(default_factory=two_lists)
    phase: Phase = Phase.CHOOSE_HAND
    hand_commits: dict[int, tuple[str, ...]] = field(default_factory=dict)
    commits: dict[int, Play] = field(default_factory=dict)
    rounds: list[RoundRecord] = field(default_factory=list)
    wins: list[int] = field(default_factory=lambda: [0, 0])
    offered: list[bool] = field(default_factory=lambda: [False, False])
    offer_by: int | None = None
    kills: list[bool] = field(default_factory=lambda: [False, False])
    winner: int | None = None
    end_reason: EndReason | None = None
    swapped: tuple[str, str] | None = None
    #: the card set (None: the sample set, ``data/cards.json``); an event brings its own
    catalogue: Catalogue | None = None

    # --- construction ------------------------------------------------------------------------

    @classmethod
    def initial(cls, options: Any, *, players: int, seed: int) -> Self:
        state: Self = deal(cls, options, players=players, seed=seed)
        return state

    @classmethod
    def from_setup(cls, options: Any, *, players: int, seed: int, setup: Mapping[str, Any]) -> Self:
        state: Self = build_from_setup(cls, options, players=players, seed=seed, setup=setup)
        return state

    @classmethod
    def parse_action(cls, text: str) -> Action:
        return _parse_action(text)

    # --- facts -------------------------------------------------------------------------------

    @property
    def cat(self) -> Catalogue:
        """The duel's card set: its own, or the sample set."""
        return SAMPLE if self.catalogue is None else self.catalogue

    def info(self, card: str) -> CardInfo:
        """The catalogue entry of card id ``card``."""
        return self.cat[self.keys[card]]

    def weapons(self, seat: int) -> set[Weapon]:
        """Weapon kinds ``seat`` can show or has shown: items in its deck and shown items."""
        out = set()
        for zone in (self.decks[seat], self.shown[seat]):
            for c in zone:
                item = self.cat[self.keys[c]].item
                if item is not None:
                    out.add(item)
        return out

    def shown_kinds(self, seat: int) -> set[Weapon]:
        keys, item_of = self.keys, self.cat.item_of
        out = set()
        for c in self.shown[seat]:
            item = item_of[keys[c]]
            if item is not None:
                out.add(item)
        return out

    def eligible(self, seat: int) -> list[str]:
        """Deck cards ``seat`` may take into its hand: battle cards whose weapon, if any, it
        has among its items (a card it could never play may not be taken)."""
        keys = self.keys
        deck = self.decks[seat]
        item_of = self.cat.item_of
        kinds = {item_of[keys[c]] for c in deck}
        for c in self.shown[seat]:
            kinds.add(item_of[keys[c]])
        # a battle card's own kind is None, so None is in ``kinds`` whenever the deck holds a
        # battle card, and a card that requires nothing is taken; an item needs NEVER
        needs = self.cat.take_needs
        return [c for c in deck if needs[keys[c]] in kinds]

    def hand_limits(self, seat: int) -> tuple[int, int]:
        """The smallest and largest hand ``seat`` may choose now."""
        return self.limits_for(seat, len(self.eligible(seat)))

    def limits_for(self, seat: int, n: int) -> tuple[int, int]:
        """:meth:`hand_limits` for ``n`` eligible cards."""
        attacker = self.options.attacker
        if attacker is not None:
            if seat == attacker:
                return MAX_HAND, MAX_HAND
            if self.options.defender_min_one and n > 0:
                return 1, min(MAX_HAND, n)
        if self.options.hand_min_one and n > 0:
            return 1, min(MAX_HAND, n)
        return 0, min(MAX_HAND, n)

    @property
    def round_number(self) -> int:
        """The current round, from 1 (the last one played once the rounds are over)."""
        return len(self.rounds) + (1 if self.phase == Phase.ROUNDS else 0)

    @property
    def loser(self) -> int | None:
        return None if self.winner is None else 1 - self.winner

    # --- the protocol ------------------------------------------------------------------------

    @property
    def to_act(self) -> tuple[int, ...]:
        phase = self.phase
        if phase is _ROUNDS:
            offer_by = self.offer_by
            if offer_by is not None:
                return _SEAT[1 - offer_by]
            return simultaneous.to_act(round_seats(self.hands), self.commits)
        if phase is _CHOOSE_HAND:
            return simultaneous.to_act(_BOTH, self.hand_commits)
        if phase is _SWAP:
            assert self.winner is not None
            return _SEAT[self.winner]
        return ()

    @property
    def is_terminal(self) -> bool:
        return self.phase is _OVER

    def legal_actions(self, seat: int) -> list[Action]:
        """Legal actions in canonical order (:func:`koloda.games.duel.legal.legal_actions`)."""
        return legal.legal_actions(self, seat)

    def random_action(self, seat: int, rng: Rng) -> Action:
        """An action drawn uniformly from :meth:`legal_actions` without listing them
        (:func:`koloda.games.duel.legal.random_action`)."""
        return legal.random_action(self, seat, rng)

    def _plays(self, seat: int) -> list[Play]:
        return legal.plays(self, seat)

    def idle_reason(self, seat: int) -> Words | None:
        """Why ``seat`` (not in ``to_act``, the duel not over) does not act now."""
        return checks.idle_reason(self, seat)

    def check(self, seat: int, action: Action) -> Words | None:
        """Why ``action`` is illegal for ``seat`` now, or None (no enumeration of hands)."""
        return checks.check(self, seat, action)

    # --- carrying actions out ----------------------------------------------------------------

    def _apply(self, seat: int, action: Action) -> None:
        flow.apply(self, seat, action)

    # --- the end -----------------------------------------------------------------------------

    def result(self) -> Result | None:
        return result_of(self)

    def outcome(self) -> DuelOutcome | None:
        """Where every card ended up, for the event layer; None before the end."""
        return outcome_of(self)

    # --- views, samples, copies --------------------------------------------------------------

    def observe(self, seat: int | None) -> dict[str, Any]:
        return _observe(self, seat)

    def resample(self, seat: int, rng: Rng) -> Self:
        return _resample(self, seat, rng)

    def all_cards(self) -> list[str] | None:
        out: list[str] = []
        for zones in (self.decks, self.discards, self.hands, self.played, self.shown):
            for z in zones:
                out.extend(z)
        return out

    def clone(self) -> Self:
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        new.rng = self.rng.copy()
        new.events = list(self.events)
        new.history = list(self.history)
        new.keys = dict(self.keys)
        new.decks = [list(z) for z in self.decks]
        new.discards = [list(z) for z in self.discards]
        new.hands = [list(z) for z in self.hands]
        new.chosen = [list(z) for z in self.chosen]
        new.played = [list(z) for z in self.played]
        new.shown = [list(z) for z in self.shown]
        new.hand_commits = dict(self.hand_commits)
        new.commits = dict(self.commits)
        new.rounds = list(self.rounds)
        new.wins = list(self.wins)
        new.offered = list(self.offered)
        new.kills = list(self.kills)
        return new

