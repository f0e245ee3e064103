"""A Hypothesis state machine over random legal and illegal operations with a moving clock,
checking the ledger's invariants after every step: every card in exactly one place; a
participant's total changes only through the operations allowed to change it (E37); nothing
moves from the discard to the deck but a finished rest or a master's correction (E11); refused
operations change nothing; the record replays to the same state."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as hs
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from koloda.engine import ActionSyntaxError, IllegalAction, load_game, replay
from koloda.engine.record import GameRecord
from koloda.games.event import EventState, actions
from koloda.games.event.model import Pile

from .helpers import DECKS, ROSTER

VARIANTS: list[dict[str, Any]] = [
    {},
    {"rest_end": "auto", "attack_cancels_rest": False, "expiry": "master_confirms"},
    {"outcome_by": "chance", "on_death": "return_all", "npc_take": "player_chooses",
     "loss_from": "deck", "master_grant_to": "deck"},
    {"npc_take": "npc_names", "masters_see_piles": False, "board_shows_results": True,
     "wounded_can_be_attacked": True, "near_death_loss": 0},
]

#: Operations allowed to change a participant's limit (E37).
CHANGES_LIMIT = (actions.Issue, actions.Grant, actions.Gift, actions.Take, actions.AutoLoss,
                 actions.Surrender, actions.Correct, actions.Died, actions.Expire,
                 actions.Treat, actions.Revive)
#: Operations that may move a card from its owner's discard to the deck (E11).
RETURNS = (actions.RestEnd, actions.Expire, actions.Correct)


def _places(s: EventState) -> dict[str, tuple[int | None, Pile]]:
    return {c.serial: (c.owner, c.pile) for c in s.cards.values()}


def _limits(s: EventState) -> list[int | None]:
    return [None if p is None else p.limit for p in s.people]


class EventMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.state: EventState | None = None
        self.setup: dict[str, Any] = {}
        self.options: dict[str, Any] = {}

    @initialize(variant=hs.sampled_from(range(len(VARIANTS))), seed=hs.integers(0, 2**16))
    def start(self, variant: int, seed: int) -> None:
        self.options = VARIANTS[variant]
        self.setup = {"participants": ROSTER, "decks": DECKS, "now": 1000}
        state = load_game("event", players=8, **self.options).from_setup(self.setup, seed=seed)
        assert isinstance(state, EventState)
        self.state = state

    @property
    def ev(self) -> EventState:
        assert self.state is not None
        return self.state

    def _apply(self, seat: int, op: actions.Op) -> None:
        before_places, before_limits = _places(self.ev), _limits(self.ev)
        self.ev.apply(seat, op)
        after = _places(self.ev)
        for serial, (_owner, pile) in after.items():
            old = before_places.get(serial)
            if old is not None and old[1] == Pile.DISCARD and pile == Pile.DECK:
                assert isinstance(op, RETURNS), f"{op} moved {serial} from discard to deck"
        if _limits(self.ev) != before_limits:
            assert isinstance(op, (*CHANGES_LIMIT, actions.Enroll)), f"{op} changed a limit"

    @rule(data=hs.data())
    def legal(self, data: hs.DataObject) -> None:
        if self.ev.is_terminal or not self.ev.to_act:
            return
        seat = data.draw(hs.sampled_from(self.ev.to_act))
        legal = self.ev.legal_actions(seat)
        assert legal, f"seat {seat} is to act with nothing to do"
        op = data.draw(hs.sampled_from(legal))
        assert isinstance(op, actions.Op)
        if isinstance(op, actions.Close) and data.draw(hs.integers(0, 9)) > 0:
            return  # ending the event is rarely interesting
        self._apply(seat, op)

    @rule(dt=hs.integers(1, 20 * 60_000))
    def clock(self, dt: int) -> None:
        """The server's clock moves on: every timer due by then fires, stamped with its
        deadline."""
        until = self.ev.now + dt
        while not self.ev.is_terminal and (due := self.ev.next_due(until)) is not None:
            self._apply(due[0], due[1])

    @rule(data=hs.data())
    def anything(self, data: hs.DataObject) -> None:
        """A random, mostly ill-formed or illegal operation: refused with nothing changed, or
        accepted and then checked like any other."""
        serials = list(self.ev.cards) or ["А-0001"]
        word = hs.sampled_from([
            *actions.VERBS, "d1", "d2", "x1", "s1", "t1", "t2", "room", "hospital", "deck",
            "discard", "both", "pool", "retired", "punch", "rapier", "late", "until=999999",
            '"reason"', '""', "winner=3", "winner=-", "killed=4", "killed=-", "swap=-",
            f"swap={serials[0]}/{serials[-1]}", "discard=-", f"discard={serials[0]}",
            "0", "1", "2", "3", "4", "5", "6", "7", "9",
        ]) | hs.sampled_from(serials)
        words = data.draw(hs.lists(word, min_size=1, max_size=6))
        at = self.ev.now + data.draw(hs.integers(-2, 5))
        text = " ".join([*words, f"@{max(at, 0)}"])
        seat = data.draw(hs.integers(-1, self.ev.players))
        before = json.dumps(self.ev.to_json(), sort_keys=True)
        try:
            op = actions.parse_action(text)
        except ActionSyntaxError:
            return
        assert actions.parse_action(str(op)) == op  # whatever parses, round-trips
        try:
            self._apply(seat, op)
        except IllegalAction:
            assert json.dumps(self.ev.to_json(), sort_keys=True) == before

    @invariant()
    def ledger_holds(self) -> None:
        if self.state is not None:
            assert self.ev.invariants() == []
            json.dumps(self.ev.observe(None))

    def teardown(self) -> None:
        if self.state is None:
            return
        record = GameRecord(game="event", options=self.options, players=8, seed=self.ev.seed,
                            setup=self.setup, actions=tuple(self.ev.history))
        assert replay(record).to_json() == self.ev.to_json()


TestEventMachine = EventMachine.TestCase
TestEventMachine.settings = settings(max_examples=25, stateful_step_count=40, deadline=None,
                                     derandomize=True,
                                     suppress_health_check=[HealthCheck.too_slow])
