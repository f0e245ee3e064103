"""The card duel of a live-action role-playing game («дуэли на игре», seed 001).

Two duellists each bring a deck («колода») and a discard («сброс») of battle cards and weapon
items. Each takes 0-5 cards of the deck into a hand for this duel (the attacker exactly 5), then
round after round both put a card face down and turn them over together: attack beats trick,
trick beats defence, defence beats attack whatever the strength; the same type goes to the higher
strength. The first to win ``rounds_to_win`` rounds wins the duel, sees the loser's whole hand and
may swap one card. Rules, decisions and options: ``docs/rules/duel.md``.

>>> from koloda.engine import load_game
>>> state = load_game("duel").from_setup(
...     {"decks": [["punch", "block", "trip"], ["kick", "dodge", "sand_in_eyes"]]})
>>> for seat, text in [(0, "hand a01 a02"), (1, "hand b01 b03"),
...                    (0, "play a01"), (1, "play b03")]:   # a punch beats sand in the eyes
...     _ = state.apply_text(seat, text)
>>> state.wins
[1, 0]

Starting a duel: ``game.new(seed)`` deals two random decks from the sample set
(``data/cards.json``); ``game.from_setup({"decks": [[keys…], [keys…]], "discards": [[…], […]]})``
starts from explicit decks (see :mod:`koloda.games.duel.setup`). Card ids are ``a01…`` for seat 0
and ``b01…`` for seat 1; actions are listed in :mod:`koloda.games.duel.actions`. When the duel is
over, ``state.outcome()`` gives a :class:`DuelOutcome` (winner, the kill, each seat's deck and
discard as catalogue keys) for the event layer.

Observation format (``state.observe(seat)``, a JSON-ready dict; ``observe(None)`` for a witness):
the envelope every game's view has (:class:`koloda.engine.view.View`: ``game``, ``seat``,
``phase``, ``to_act``, ``decided``) and the duel's own keys::

    {
      "game": "duel",
      "seat": 0,                       # or null for a witness
      "phase": "choose_hand" | "rounds" | "swap" | "over",
      "to_act": [0, 1],                # seats that must decide now
      "decided": [1],                  # seats that have chosen face down in this step and
                                       # wait (not one to answer an offer to end now)
      "options": {"rounds_to_win": 2, "mode": "agreement", "defender_min_one": false,
                  "attacker": null,     # attacker: 0 in attack mode
                  "hand_min_one": false, "swap_required": false,
                  "item_shown": "reveal" | "laid"},
      "round": 1,                      # current round from 1 (the last one once rounds are over)
      "wins": [1, 0],                  # round wins per seat
      "committed": [1],                # seats that have chosen face down in this step
                                       # (also one that must answer an offer now)
      "offer": null | {"by": 1},       # a pending offer to end by agreement
      "offers_made": [false, true],    # who has offered in this round (one offer per round)
      "rounds": [{"round": 1, "cards": ["a03", "b07"], "shown": [null, "b11"],
                  "kills": [false, true], "winner": 0}],   # revealed rounds; null = no card
      "duellists": [{"seat": 0, "hand_size": 3, "played": ["a03"], "shown": [],
                     "wins": 1, "kill_declared": false}, {...seat 1...}],
                                       # hand_size is null while hands are being chosen;
                                       # shown: items on the table (item_shown=laid: from
                                       # the moment the card is put face down)
      "me": null | {                   # the seat's own cards (null for a witness)
          "deck": [...], "discard": [...],  # ids, sorted
          "hand": [...],               # unplayed hand cards
          "chosen": [...],             # the hand as chosen (played and unplayed)
          "played": [...], "shown": [...],
          "commit": null | "hand a01 a04" | "play a04 show a11 kill",  # own face-down choice
          "hand_limits": null | [0, 5]},   # while choosing the hand
      "loser_hand": null | {"seat": 1, "cards": [...]},  # the winner alone, after winning:
                                       # the loser's whole hand, played and unplayed
      "result": null | {"winner": 0 | null, "reason": "won" | "out_of_cards" | "agreement",
                        "killed": 1 | null, "swapped": true, "swap": null | {"take": "b02",
                        "give": "a04"}},  # from the swap phase on (swapped: null until the
                                       # winner decides); swap ids for the two duellists only
      "cards": {"a03": {"id": "a03", "key": "punch", "type": "attack", "strength": 1,
                        "requires": null | "cold" | "firearm", "deadly": false,
                        "name_ru": "Удар кулаком", "name_en": "Punch"},
                "a11": {"id": "a11", "key": "rapier", "item": "cold", "name_ru": "Шпага",
                        "name_en": "Rapier"}, ...}
                                       # every card id this view shows, and no other
    }

The opponent's deck and discard (and their sizes) are not in the view: at the table nobody sees
another's deck or discard. Hidden information and ``resample``: :mod:`koloda.games.duel.resample`.
"""

from __future__ import annotations

from koloda.engine import GameSpec, register
from koloda.games.duel.actions import (
    AcceptEnd,
    ChooseHand,
    DeclineEnd,
    NoSwap,
    OfferEnd,
    Play,
    Swap,
)
from koloda.games.duel.cards import (
    CATALOGUE,
    SAMPLE,
    CardInfo,
    CardType,
    Catalogue,
    Weapon,
    beats,
    round_winner,
)
from koloda.games.duel.events import describe
from koloda.games.duel.model import EndReason, Phase, RoundRecord
from koloda.games.duel.options import DuelOptions
from koloda.games.duel.outcome import DuelOutcome
from koloda.games.duel.state import DuelState

DUEL = register(GameSpec(
    name="duel",
    title_en="LARP card duel",
    title_ru="Карточная дуэль на игре",
    summary_en="Two duellists choose a hand of battle cards and reveal one card per round at "
               "the same time: attack beats trick, trick beats defence, defence beats attack.",
    summary_ru="Два дуэлянта выбирают руку боевых карт и в каждом раунде одновременно "
               "открывают по карте: атака бьёт уловку, уловка — защиту, защита — атаку.",
    min_players=2,
    max_players=2,
    default_players=2,
    simultaneous=True,
    chance=True,
    hidden_information=True,
    options_type=DuelOptions,
    state_type=DuelState,
    describe_event=describe,
    bots=("koloda.games.duel.bots", "koloda.games.duel.solver_bot"),
    list_order=1,
    page="koloda.server:static/render/duel.js",
))

__all__ = [
    "CATALOGUE",
    "DUEL",
    "SAMPLE",
    "AcceptEnd",
    "CardInfo",
    "CardType",
    "Catalogue",
    "ChooseHand",
    "DeclineEnd",
    "DuelOptions",
    "DuelOutcome",
    "DuelState",
    "EndReason",
    "NoSwap",
    "OfferEnd",
    "Phase",
    "Play",
    "RoundRecord",
    "Swap",
    "Weapon",
    "beats",
    "round_winner",
]
