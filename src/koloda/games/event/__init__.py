"""The live event of seed 001 («игра»): every participant's cards from check-in to the end,
rests, grave wounds and the hospital, duels by consent or attack, exchanges, game-technical
characters, masters' corrections. Rules, decisions and options: ``docs/rules/event.md``; the
design it follows: the project's ``event.md`` design note (E1-E42, ED1-ED22).

>>> from koloda.engine import load_game
>>> game = load_game("event", players=4)
>>> state = game.from_setup({"participants": [
...     {"name": "Мастер", "role": "master"}, {"name": "Анна"}, {"name": "Борис"}],
...     "decks": {"1": ["punch", "kick", "block", "trip", "dodge", "full_guard"],
...               "2": ["feint", "parry", "shot", "pistol"]}})
>>> deck = state.observe(1)["me"]["deck"]
>>> _ = state.apply_text(1, f"discard {deck[0]} @1000")
>>> state.observe(1)["me"]["discard"] == [deck[0]]
True
>>> _ = state.apply_text(1, "attack 2 @2000")          # Анна has 5 playable cards
>>> [d["id"] for d in state.observe(None)["duels"]]  # the board shows the running duel
['d1']
>>> state.apply_text(2, f"offer 1 {state.observe(2)['me']['deck'][0]} @3000")
Traceback (most recent call last):
...
koloda.games.event.refusals.EventRefusal: seat 2: ...: you are in a duel (d1) or under attack (E33)

The contract with the server
============================

**Seats.** Each seat is one participant, numbered 0..N-1 in the order of the roster: a
participant, a master, a doctor or a game-technical character (NPC). The kernel's ``players``
is the number of seats, fixed when the event is created (``load_game("event", players=N)``):
the setup's roster fills the first seats and the rest stay vacant until a master's ``enroll``
fills the next one, so a record (setup, seats, operations) always replays. Create the event
with room to spare (for example the imported roster plus 20%).

**Who applies what.** The server applies every operation with ``state.apply(seat, action)``:

- for a logged-in participant, master, doctor or NPC: from the seat its login belongs to (the
  server authenticates the login; the engine decides what that seat may do, by its role);
- for the clock: ``expire tN`` from the seat that ``deadlines()`` names for the timer (the
  participant it concerns), stamped with the deadline, ``late`` when it fired after a restart;
- for a duel played on the server's ``duel`` table: ``result dN …`` from the seat
  ``result_of`` returns (the duel's first participant). Never accept ``result`` or ``expire``
  from a client.

**Time.** Every operation ends with ``@T``, the server's time in milliseconds, stamped by the
server and never taken from a client. Each operation must be stamped later than the last one
(stamp ``max(clock, state.now + 1)``), except ``expire``, which carries its deadline. An
operation stamped at or after an open deadline is refused until that timer has expired: before
applying anything stamped ``T`` the server applies, one by one, what ``next_due(T)`` returns.
So a state is the same whenever the scheduler happened to run.

**Refusals.** ``apply`` and ``verify`` raise :class:`EventRefusal`, an ``IllegalAction``
whose ``reason`` (English) and ``reason_ru`` (Russian) name the rule (``E10``, ``ED6``…), with
the state unchanged. Malformed text raises ``ActionSyntaxError``.

**Timers.** ``state.deadlines()`` lists every open timer (id ``tN``, kind ``rest`` / ``wound``
/ ``loss`` / ``show`` / ``duel_soft`` / ``duel_flag``, absolute deadline in ms, the seat to
expire from, the seats concerned); the deadline is stored in the operation that started it.

**Duels.** ``challenge``/``accept`` or ``attack`` makes a running duel ``dN`` that locks both
sides. ``state.duel_setup(dN)`` gives the ``duel`` game's options, the hand-made setup (both
decks as catalogue keys) and the map of duel card ids (``a01``, ``b03``) to the event's
serials; the server plays the duel as an ordinary ``duel`` table and at its end applies
``state.result_of(dN, duel_state.outcome(), at)``. A kill starts the wound countdown from the
duel's end. Paper duels: ``paper`` by one side, ``confirm`` by the other (or a master).

**Views.** ``observe(seat)`` by inclusion (see :mod:`koloda.games.event.views`),
``observe(None)`` the public board, ``log(seat)`` the events the seat may see.

**The ledger.** Every printed card (``cards``: serial → key, pile, owner) is in exactly one
place; ``state.invariants()`` lists what is wrong (empty when all is well): the tests call it
after every operation.
"""

from __future__ import annotations

from koloda.engine import GameSpec, register
from koloda.games.event.actions import Op, parse_action
from koloda.games.event.catalogue import DEFAULT_CATALOGUE, load_catalogue
from koloda.games.event.events import describe
from koloda.games.event.model import Deadline, Health, Outcome, Pile, Role, TimerKind
from koloda.games.event.options import EventOptions
from koloda.games.event.refusals import EventRefusal, Why
from koloda.games.event.state import EventState

EVENT = register(GameSpec(
    name="event",
    title_en="LARP event: cards, duels, wounds",
    title_ru="Игра: карты, дуэли, ранения",
    summary_en="Every participant's deck and discard for a whole live event: rests, duels by "
               "consent or attack, grave wounds and the doctor, exchanges, NPCs, masters.",
    summary_ru="Колода и сброс каждого участника на всю игру: отдых, дуэли по согласию и "
               "нападения, тяжёлые ранения и врач, обмены, игротехники, мастера.",
    min_players=2,
    max_players=5000,
    default_players=6,
    simultaneous=False,
    chance=True,
    hidden_information=True,
    options_type=EventOptions,
    state_type=EventState,
    describe_event=describe,
    lists_every_action=False,  # operations carry times and texts: the list gives examples
    lobby=False,  # run by `koloda event` and its pages, not at a lobby's table
))

__all__ = [
    "DEFAULT_CATALOGUE",
    "EVENT",
    "Deadline",
    "EventOptions",
    "EventRefusal",
    "EventState",
    "Health",
    "Op",
    "Outcome",
    "Pile",
    "Role",
    "TimerKind",
    "Why",
    "load_catalogue",
    "parse_action",
]
