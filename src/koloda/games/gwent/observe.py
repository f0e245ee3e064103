"""What a seat may see, built by inclusion, and samples consistent with it.

The observation (JSON-ready) of ``observe(state, seat)``; ``seat=None`` is a spectator. It
holds the envelope every game's view has (:class:`koloda.engine.view.View`: ``game``, ``seat``,
``phase``, ``to_act``, ``decided``) and Gwent's own keys::

    {"game": "gwent", "seat": 1, "phase": "choose" | "play" | "over",
     "to_act": [1],                         # seats that must decide now
     "decided": [2],                        # watchers who decided in the open throw-in
                                            # window, ascending (what: hidden); else []
     "round": 2, "players": 3,
     "decks": ["nilfgaard", ...],           # deck of each seat ("" while being chosen)
     "dice_order": [2, 0, 1],               # the order of the first dice
     "points": [1, 0, 1],                   # round points so far
     "damage": [4.0, 2.5, 0.0],             # damage recorded in this round
     "round_damage": [[...], ...],          # damage of each finished round
     "hand": ["nr_catapult#1", ...],        # own hand, sorted (null for a spectator)
     "my_neutrals": [...],                  # the neutral cards dealt to this seat
     "hand_counts": [7, 8, 10], "deck_counts": [18, 20, 21],
     "known_in_hand": [[], ["nr_thaler#1"], []],   # cards seen going into a hand (medic)
     "discards": [[...], ...],              # this round's discards, public
     "spent": [[...], ...],                 # discards of earlier rounds
     "aside": 0,                            # neutral cards set aside, face down
     "exchange": null | {
        "number": 5, "attacker": 0, "defender": 2, "ap": [1, 2], "turn": 1,
        "opened": true, "acting": false, "units": 0, "max_units": 1,
        "pending": [],                      # rest of a group that must be laid now
        "named": ["", "close"],             # suit named for each side's open cards
        "bard": [0],                        # seats whose cards are doubled (covered bard)
        "reversals": [{"seat": 2, "spy": "...", "stacks": [1], "undone": false}],
        "stacks": [{"id": 1, "presses_on": 0, "damage": 1.0, "value": 5.0,
                    "printed": 5, "suit": "close", "trump": false, "ultima": false,
                    "partial": 0.0, "open_card": "...", "owner": 2, "thrower": -1,
                    "layers": [{"seat": 0, "cards": ["..."]}, ...]}]},
     "throw_in": null | {"seats": [1], "decided": [], "values": [[5], []],
                         "mine": ["0", "card#1", "agile#1:ranged"] or null},
     "winners": [], "by_die": false}

``presses_on`` is the side (0 attacker, 1 defender) the open card's damage is against; a
stack with damage 0 is closed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from koloda.engine import Rng, simultaneous
from koloda.engine.view import View
from koloda.games.gwent.model import Exchange
from koloda.games.gwent.table import Stack

if TYPE_CHECKING:
    from koloda.games.gwent.state import GwentState


def _stack(s: Stack) -> dict[str, Any]:
    top = s.top
    return {
        "id": s.id, "presses_on": 1 - top.side, "damage": top.damage, "value": top.value,
        "printed": top.printed, "suit": top.suit.value, "trump": top.trump,
        "ultima": top.ultima, "partial": top.partial, "open_card": top.open_card,
        "owner": top.owner, "thrower": s.thrower,
        "layers": [{"seat": layer.seat, "cards": list(layer.cards)} for layer in s.layers],
    }


def _exchange(ex: Exchange) -> dict[str, Any]:
    return {
        "number": ex.number, "attacker": ex.attacker, "defender": ex.defender,
        "ap": list(ex.ap), "turn": ex.turn, "opened": ex.opened, "acting": ex.acting,
        "units": ex.units, "max_units": ex.max_units, "pending": list(ex.pending),
        "named": list(ex.named), "bard": list(ex.bard),
        "reversals": [{"seat": r.seat, "spy": r.spy, "stacks": list(r.stacks),
                       "undone": r.undone} for r in ex.reversals],
        "stacks": [_stack(s) for s in ex.stacks],
    }


def observe(st: GwentState, seat: int | None) -> dict[str, Any]:
    """The view of ``seat`` (None: a spectator), see the module docstring."""
    window = st.window
    head: View = {"game": "gwent", "seat": seat, "phase": st.phase, "to_act": list(st.to_act),
                  "decided": simultaneous.decided_seats(st.decided) if window else []}
    return {
        **head,
        "round": st.round, "players": st.players,
        "decks": list(st.deck_names), "dice_order": list(st.order),
        "points": list(st.points), "damage": list(st.damage),
        "round_damage": [list(r) for r in st.round_damage],
        "hand": sorted(st.hands[seat]) if seat is not None else None,
        "my_neutrals": sorted(st.neutrals[seat]) if seat is not None else None,
        "hand_counts": [len(h) for h in st.hands],
        "deck_counts": [len(d) for d in st.decks],
        "known_in_hand": [sorted(k) for k in st.known],
        "discards": [list(d) for d in st.discards],
        "spent": [list(d) for d in st.spent],
        "aside": len(st.aside),
        "exchange": _exchange(st.exchange) if st.exchange is not None else None,
        "throw_in": {
            "seats": list(st.window), "decided": list(st.decided),
            "values": [list(v) for v in st.window_values],
            "mine": list(st.throws[seat]) if seat is not None and seat in st.throws else None,
        } if window else None,
        "winners": list(st.winners), "by_die": st.by_die,
    }


def resample(st: GwentState, seat: int, rng: Rng) -> GwentState:
    """A full state ``seat`` cannot tell from ``st``: the cards of the other players' hands and
    decks that the seat has not seen are redealt (the faction cards among the owner's own hand
    and deck, the unseen neutral cards among all the players and the set-aside pile), the
    seat's own deck is reshuffled, and the other watchers' hidden throw-ins are forgotten."""
    s = st.clone()
    s.rng = rng.spawn()
    s.throws = {k: v for k, v in st.throws.items() if k == seat}
    if st.phase != "play":
        return s
    ex = st.exchange
    kept: list[set[str]] = [set(k) for k in st.known]
    if ex is not None and ex.pending:
        kept[ex.seat(ex.turn)].update(ex.pending)
    pool = list(st.aside)
    unknown: list[list[str]] = [[] for _ in range(st.players)]
    faction: list[list[str]] = [[] for _ in range(st.players)]
    neutral_slots = [0] * st.players
    for p in range(st.players):
        if p == seat:
            continue
        mine = set(st.neutrals[p])
        seen_p = kept[p]
        unseen = [c for c in st.hands[p] + st.decks[p] if c not in seen_p]
        unknown[p] = unseen
        neutral = [c for c in unseen if c in mine]
        pool.extend(neutral)
        neutral_slots[p] = len(neutral)
        faction[p] = [c for c in unseen if c not in mine]
    rng.shuffle(pool)
    for p in range(st.players):
        if p == seat:
            continue
        given, pool = pool[:neutral_slots[p]], pool[neutral_slots[p]:]
        gone = set(unknown[p])
        s.neutrals[p] = [c for c in st.neutrals[p] if c not in gone] + given
        cards = faction[p] + given
        rng.shuffle(cards)
        keep = [c for c in st.hands[p] if c in kept[p]]
        n = len(st.hands[p]) - len(keep)
        s.hands[p] = keep + cards[:n]
        s.decks[p] = cards[n:]
    s.aside = pool
    s.decks[seat] = rng.shuffled(st.decks[seat])
    return s
