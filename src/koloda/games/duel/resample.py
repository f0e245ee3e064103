"""Full duels a seat cannot tell from the true one, for search bots.

What a seat knows of its opponent's cards: those it played and the items it showed (seen at each
reveal), the cards that came from the seat itself (a card it gave in a swap), and — for the winner
after the duel — the loser's whole hand. It also knows the opponent's hand size, who has committed
and everything public. Everything else of the opponent is redrawn from the sample set, weighted by
its copies: the unplayed hand cards (battle cards whose weapon the opponent has: a deck item or an
item already shown), the rest of the deck and the discard (any card of the set), and the
opponent's face-down choice of this step (a random legal hand or play of the redrawn cards).

Assumption: the opponent's deck and discard are not shown at the table (the LARP rules let nobody
see another's deck or discard without consent), so the view does not show their sizes; the sample
keeps the true sizes, because nothing in a duel depends on them and the duel has no prior over
collections to draw them from (in a dealt game they follow from the public options anyway). The
sample keeps the opponent's card ids; only what those ids hold is redrawn. The sample's record
holds only the events the seat saw, and no history.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar

from koloda.engine import Rng
from koloda.games.duel.actions import Play
from koloda.games.duel.cards import BATTLE_KEYS, CATALOGUE, ITEM_KEYS, pool
from koloda.games.duel.options import LAID
from koloda.games.duel.setup import PREFIXES

if TYPE_CHECKING:
    from koloda.games.duel.state import DuelState

S = TypeVar("S", bound="DuelState")

_ANY = pool(BATTLE_KEYS + ITEM_KEYS)
_BATTLE = pool(BATTLE_KEYS)
_PLAIN = [k for k in _BATTLE if CATALOGUE[k].requires is None]
_TRIES = 20


def known_to(state: DuelState, seat: int) -> set[str]:
    """Ids of the opponent's cards whose key ``seat`` knows."""
    from koloda.games.duel.state import Phase

    other = 1 - seat
    known: set[str] = set()
    prefix = PREFIXES[seat]
    for zones in (state.decks, state.discards, state.hands, state.played, state.shown):
        known.update(c for c in zones[other] if c[0] == prefix)
    for r in state.rounds:
        for c in (r.cards[other], r.shown[other]):
            if c is not None:
                known.add(c)
    known.update(state.shown[other])  # items on the table, laid face up before a reveal too
    if state.winner == seat and state.phase in (Phase.SWAP, Phase.OVER):
        known.update(state.chosen[other])
    return known


def resample(state: S, seat: int, rng: Rng) -> S:
    """A full duel consistent with what ``seat`` has seen (see the module docstring)."""
    from koloda.games.duel.state import Phase

    new = state.clone()
    new.rng = rng.spawn()
    new.events = state.log(seat)
    new.history = []
    other = 1 - seat
    known = known_to(state, seat)
    hand_class = set(state.chosen[other])
    deck_unknown: list[str] = []
    hand_unknown: list[str] = []
    for zones in (state.decks, state.discards, state.hands, state.played, state.shown):
        for c in zones[other]:
            if c not in known:
                (hand_unknown if c in hand_class else deck_unknown).append(c)
    keys = new.keys
    must_attack = state.phase == Phase.CHOOSE_HAND and state.options.attacker == other
    for _ in range(_TRIES):
        for c in deck_unknown:
            keys[c] = rng.choice(_ANY)
        if not must_attack or len(new.eligible(other)) >= 5:
            break
    else:
        for c in deck_unknown:
            keys[c] = rng.choice(_PLAIN)
    if hand_unknown:
        kinds = new.weapons(other)
        allowed = [k for k in _BATTLE if CATALOGUE[k].requires is None
                   or CATALOGUE[k].requires in kinds]
        for c in hand_unknown:
            keys[c] = rng.choice(allowed)
    if other in new.hand_commits:
        lo, hi = new.hand_limits(other)
        cards = rng.shuffled(new.eligible(other))[: lo + rng.randbelow(hi - lo + 1)]
        new.hand_commits[other] = tuple(sorted(cards))
    if other in new.commits:
        if state.options.item_shown == LAID:
            _redraw_laid_commit(state, new, other, known, rng)
        else:
            new.commits[other] = rng.choice(new._plays(other))
    return new


def _redraw_laid_commit(state: DuelState, new: DuelState, other: int, known: set[str],
                        rng: Rng) -> None:
    """The opponent's face-down card when items are laid face up (``item_shown=laid``): whether
    an item was laid with it is public, so the card needs that item's weapon, or (none laid) it
    needs no item not yet on the table. The card keeps its id; its key is redrawn."""
    true = state.commits[other]
    if true.card in known:  # pragma: no cover - a face-down card is never known to the other
        new.commits[other] = true
        return
    if true.show is not None:
        kind = CATALOGUE[state.keys[true.show]].item
        fits = [k for k in _BATTLE if CATALOGUE[k].requires == kind]
    else:
        on_table = new.shown_kinds(other)
        fits = [k for k in _BATTLE if CATALOGUE[k].requires is None
                or CATALOGUE[k].requires in on_table]
    key = new.keys[true.card] = rng.choice(fits)
    kill = CATALOGUE[key].deadly and rng.randbelow(2) == 1
    new.commits[other] = Play(true.card, true.show, kill)
