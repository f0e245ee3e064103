"""Full duels a seat cannot tell from the true one, for search bots.

What a seat knows of its opponent's cards: those it played and the items it showed (seen at each
reveal), the cards that came from the seat itself (a card it gave in a swap), and — for the winner
after the duel — the loser's whole hand. It also knows the opponent's hand size, who has committed
and everything public. Everything else of the opponent is redrawn; the sample keeps the
opponent's card ids, only what those ids hold changes. How it is redrawn depends on whether the
seat can know the pool the opponent's cards came from:

- **a dealt duel** (:func:`dealt_pool`: both duellists hold the dealt numbers of battle cards and
  items, ``deck_size`` and ``items``, and everything the seat holds or has seen fits in one copy
  of the sample set): both decks were dealt from the sample set, no copy given twice. The
  opponent's unseen cards are drawn *without replacement* from the sample set less every copy
  the seat can see (its own cards, the opponent's revealed ones): ``deck_size`` battle cards in
  all, then its unseen items as the deal gives them (first one of each weapon kind its battle
  cards need that no seen item gives, then any), the items placed at random among the unseen
  ids. A draw is kept only if it fits what the seat has seen (the hand's cards are playable with
  the opponent's items, an attacker can take 5 cards, a card laid with an item needs that
  item); after :data:`DEALT_TRIES` failed draws the hand's cards are taken from the playable
  ones of the last draw (a slight bias, in positions almost never met), and if even that fails
  the duel is redrawn as an undealt one;
- **a duel set up by hand** (decks given by a scenario or the event layer: the pool is unknown):
  each unseen card is drawn independently from the duel's card set (the sample set, or the
  event's own), weighted by its copies (*with* replacement): the unplayed hand cards from the
  battle cards whose weapon the opponent has (a deck item or an item already shown), the rest
  of the deck and the discard from any card.

In both, the opponent's face-down choice of this step is redrawn too: a hand drawn uniformly
from its legal hands (as random play draws one, so mostly hands of 4 or 5 cards: a duellist
rarely takes fewer), or a play drawn uniformly from its legal plays. The draws are uniform over
the unseen cards, not weighted by how likely the opponent's past choices (its hand) make them.

Assumption: the opponent's deck and discard are not shown at the table (the LARP rules let nobody
see another's deck or discard without consent), so the view does not show their sizes; the sample
keeps the true sizes, because nothing in a duel depends on them and the duel has no prior over
collections to draw them from (in a dealt game they follow from the public options anyway). The
sample's record holds only the events the seat saw, and no history.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, TypeVar

from koloda.engine import Rng
from koloda.games.duel.actions import ChooseHand, Play
from koloda.games.duel.cards import BATTLE_KEYS, CATALOGUE, ITEM_KEYS, Catalogue, Weapon, pool
from koloda.games.duel.legal import plays as legal_plays
from koloda.games.duel.legal import random_hand
from koloda.games.duel.model import Phase
from koloda.games.duel.options import LAID
from koloda.games.duel.setup import PREFIXES

if TYPE_CHECKING:
    from koloda.games.duel.state import DuelState

S = TypeVar("S", bound="DuelState")

_BATTLE = pool(BATTLE_KEYS)
_TRIES = 20


class _Pools:
    """A card set's copies to draw unseen cards from (the sample set's, or an event's)."""

    def __init__(self, cat: Catalogue) -> None:
        self.any = cat.pool(cat.battle_keys + cat.item_keys)
        self.battle = cat.pool(cat.battle_keys)
        self.plain = [k for k in self.battle if cat[k].requires is None]
        self.edges = {k: _edge(cat, k, self.battle) for k in cat.battle_keys}


_POOLS: dict[int, tuple[Catalogue, _Pools]] = {}


def _pools(cat: Catalogue) -> _Pools:
    """The pools of ``cat`` (made once per card set)."""
    entry = _POOLS.get(id(cat))
    if entry is None or entry[0] is not cat:
        entry = _POOLS[id(cat)] = (cat, _Pools(cat))
    return entry[1]
#: Draws tried in a dealt duel before the fallbacks (see the module docstring).
DEALT_TRIES = 50
_BATTLE_POOL = Counter(_BATTLE)
_ITEM_POOL = Counter(pool(ITEM_KEYS))


def known_to(state: DuelState, seat: int) -> set[str]:
    """Ids of the opponent's cards whose key ``seat`` knows."""
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


def dealt_pool(state: DuelState, seat: int, known: set[str]) -> tuple[Counter[str],
                                                                       Counter[str]] | None:
    """The battle cards and the items the opponent's unseen cards were dealt from, as seen by
    ``seat`` (the sample set less every copy the seat holds or has seen), or None when the duel
    does not look dealt: a duellist's numbers of battle cards and items differ from the options'
    ``deck_size`` and ``items``, or what the seat holds and has seen does not fit in one copy of
    the sample set (decks given by hand).

    >>> from koloda.engine import load_game
    >>> state = load_game("duel").new(seed=1)
    >>> battle, items = dealt_pool(state, 0, known_to(state, 0))
    >>> sum(battle.values()), sum(items.values())  # 52 - 10 battle cards, 11 - 2 items
    (42, 9)
    """
    if state.catalogue is not None:  # an event's own set: decks given by hand, never dealt
        return None
    own, theirs = PREFIXES[seat], PREFIXES[1 - seat]
    deck_size, n_items = state.options.deck_size, state.options.items
    battle = _BATTLE_POOL.copy()
    items = _ITEM_POOL.copy()
    counts = {own: [0, 0], theirs: [0, 0]}  # battle cards and items of each duellist
    mine = _zone_ids(state, seat)
    for card, key in state.keys.items():
        item = CATALOGUE[key].item is not None
        counts[card[0]][item] += 1
        if card[0] == own or card in known or card in mine:
            left = items if item else battle
            left[key] -= 1
            if left[key] < 0:
                return None
    if any(c != [deck_size, n_items] for c in counts.values()):
        return None
    return battle, items


def _zone_ids(state: DuelState, seat: int) -> set[str]:
    """The ids in ``seat``'s own zones (its cards and, after a swap, the one it received)."""
    out: set[str] = set()
    for zones in (state.decks, state.discards, state.hands, state.played, state.shown):
        out.update(zones[seat])
    return out


def resample(state: S, seat: int, rng: Rng) -> S:
    """A full duel consistent with what ``seat`` has seen (see the module docstring)."""
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
    must_attack = state.phase == Phase.CHOOSE_HAND and state.options.attacker == other
    dealt = dealt_pool(state, seat, known)
    exact = dealt is not None and _redraw_dealt(state, new, other, known, hand_unknown,
                                                deck_unknown, dealt, rng,
                                                must_attack=must_attack)
    if not exact:
        _redraw_undealt(new, other, hand_unknown, deck_unknown, rng, must_attack=must_attack)
    if other in new.hand_commits:  # uniform over the legal hands, as random play draws one
        hand = random_hand(new, other, rng)
        assert isinstance(hand, ChooseHand)
        new.hand_commits[other] = hand.cards
    if other in new.commits:
        if state.options.item_shown == LAID:
            if not exact:
                _redraw_laid_commit(state, new, other, known, rng)
            else:  # the draw kept a card that fits what is on the table
                true = state.commits[other]
                kill = new.cat[new.keys[true.card]].deadly and rng.randbelow(2) == 1
                new.commits[other] = Play(true.card, true.show, kill)
        else:
            new.commits[other] = rng.choice(new._plays(other))
    return new


def _redraw_undealt(new: DuelState, other: int, hand_unknown: list[str],
                    deck_unknown: list[str], rng: Rng, *, must_attack: bool) -> None:
    """Unseen cards drawn with replacement from the duel's card set (the pool is unknown)."""
    keys = new.keys
    cat = new.cat
    pools = _pools(cat)
    for _ in range(_TRIES):
        for c in deck_unknown:
            keys[c] = rng.choice(pools.any)
        if not must_attack or len(new.eligible(other)) >= 5:
            break
    else:
        for c in deck_unknown:
            keys[c] = rng.choice(pools.plain)
    if hand_unknown:
        kinds = new.weapons(other)
        allowed = [k for k in pools.battle if cat[k].requires is None
                   or cat[k].requires in kinds]
        for c in hand_unknown:
            keys[c] = rng.choice(allowed)


def _redraw_dealt(state: DuelState, new: DuelState, other: int, known: set[str],
                  hand_unknown: list[str], deck_unknown: list[str],
                  left: tuple[Counter[str], Counter[str]], rng: Rng, *,
                  must_attack: bool) -> bool:
    """Unseen cards drawn without replacement from what is left of the sample set (a dealt
    duel); False, with ``new`` unchanged, when no draw fits what the seat has seen."""
    keys = state.keys
    seen_battle = [keys[c] for c in _ids_of(state, other) if c not in hand_unknown
                   and c not in deck_unknown and CATALOGUE[keys[c]].item is None]
    seen_kinds = {CATALOGUE[keys[c]].item for c in _ids_of(state, other)
                  if c not in hand_unknown and c not in deck_unknown} - {None}
    n_battle = state.options.deck_size - len(seen_battle)
    n_items = len(hand_unknown) + len(deck_unknown) - n_battle
    battle_left = sorted(left[0].elements())
    items_left = sorted(left[1].elements())
    if n_battle < len(hand_unknown) or n_items < 0 or n_battle > len(battle_left) \
            or n_items > len(items_left):
        return False
    laid = _laid_need(state, new, other, known)
    draw: dict[str, str] = {}
    for attempt in range(DEALT_TRIES + 1):
        battle = rng.shuffled(battle_left)[:n_battle]
        items = _deal_items(seen_battle + battle, seen_kinds, rng.shuffled(items_left), n_items)
        slots = rng.shuffled(deck_unknown)
        item_ids, battle_ids = slots[:n_items], hand_unknown + slots[n_items:]
        if attempt == DEALT_TRIES:  # the fallback: the hand's cards among the playable ones
            kinds = seen_kinds | {CATALOGUE[k].item for k in items}
            playable = [k for k in battle if CATALOGUE[k].requires in kinds
                        or CATALOGUE[k].requires is None]
            if len(playable) < len(hand_unknown):
                return False
            rest = list(battle)
            for k in playable[:len(hand_unknown)]:
                rest.remove(k)
            battle = playable[:len(hand_unknown)] + rest
        draw = dict(zip(battle_ids, battle, strict=True))
        draw.update(zip(item_ids, items, strict=True))
        if _fits(new, other, draw, hand_unknown, laid, must_attack=must_attack):
            new.keys.update(draw)
            return True
    return False


def _ids_of(state: DuelState, seat: int) -> list[str]:
    """Every id ``seat`` brought to the duel, wherever it is now."""
    prefix = PREFIXES[seat]
    return [c for c in state.keys if c[0] == prefix]


def _deal_items(battle: list[str], have: set[Weapon | None], shuffled: list[str],
                n: int) -> list[str]:
    """``n`` items from the ``shuffled`` pool as the deal takes them: first one of each weapon
    kind the ``battle`` cards need that ``have`` lacks, in the cards' order, then the next."""
    out: list[str] = []
    covered = set(have)
    for key in battle:
        need = CATALOGUE[key].requires
        if need is None or need in covered or len(out) >= n:
            continue
        for i, item in enumerate(shuffled):
            if CATALOGUE[item].item == need:
                out.append(shuffled.pop(i))
                covered.add(need)
                break
    out += shuffled[:n - len(out)]
    return out


def _laid_need(state: DuelState, new: DuelState, other: int,
               known: set[str]) -> tuple[str, set[Weapon | None]] | None:
    """With items laid face up, the opponent's face-down card and the weapon kinds it may need
    (the laid item's kind, or — nothing laid — none or a kind already on the table)."""
    if state.options.item_shown != LAID or other not in state.commits:
        return None
    true = state.commits[other]
    if true.card in known:  # pragma: no cover - a face-down card is never known to the other
        return None
    if true.show is not None:
        return true.card, {state.cat[state.keys[true.show]].item}
    return true.card, {None, *new.shown_kinds(other)}


def _fits(new: DuelState, other: int, draw: dict[str, str], hand_unknown: list[str],
          laid: tuple[str, set[Weapon | None]] | None, *, must_attack: bool) -> bool:
    """Whether ``draw`` (id → key) agrees with what the seat has seen."""
    old = {c: new.keys[c] for c in draw}
    new.keys.update(draw)
    try:
        if hand_unknown:
            kinds = new.weapons(other)
            for c in hand_unknown:
                need = new.cat[draw[c]].requires
                if need is not None and need not in kinds:
                    return False
        if laid is not None and new.cat[new.keys[laid[0]]].requires not in laid[1]:
            return False
        return not must_attack or len(new.eligible(other)) >= 5
    finally:
        new.keys.update(old)


def _redraw_laid_commit(state: DuelState, new: DuelState, other: int, known: set[str],
                        rng: Rng) -> None:
    """The opponent's face-down card when items are laid face up (``item_shown=laid``): whether
    an item was laid with it is public, so the card needs that item's weapon, or (none laid) it
    needs no item not yet on the table. The card keeps its id; its key is redrawn."""
    true = state.commits[other]
    if true.card in known:  # pragma: no cover - a face-down card is never known to the other
        new.commits[other] = true
        return
    cat = state.cat
    battle = _pools(cat).battle
    if true.show is not None:
        kind = cat[state.keys[true.show]].item
        fits = [k for k in battle if cat[k].requires == kind]
    else:
        on_table = new.shown_kinds(other)
        fits = [k for k in battle if cat[k].requires is None or cat[k].requires in on_table]
    key = new.keys[true.card] = rng.choice(fits)
    kill = cat[key].deadly and rng.randbelow(2) == 1
    new.commits[other] = Play(true.card, true.show, kill)


# --- a model of the opponent's hidden choices ---------------------------------------------------

#: The share of the modelled face-down card that is the opponent's strongest card (the rest:
#: a uniformly random play), as in ``bot:solver``'s model.
GREEDY_SHARE = 0.5


def _edge(cat: Catalogue, key: str, battle: list[str]) -> float:
    """P(win) − P(lose) of a card against a battle card drawn from the card set (``battle``:
    its copies)."""
    from koloda.games.duel.cards import beats

    card = cat[key]
    total = 0
    for other in battle:
        if beats(card, cat[other]):
            total += 1
        elif beats(cat[other], card):
            total -= 1
    return total / len(battle) if battle else 0.0


def _worth(cat: Catalogue, key: str) -> float:
    info = cat[key]
    return float(info.strength) + (0.5 if info.deadly else 0.0)


def _sensible(cat: Catalogue, keys: list[str], size: int, covered: set[object],
              rng: Rng) -> list[int]:
    """The places in ``keys`` of the hand a sensible duellist takes: the strongest card of each
    type not ``covered`` yet, then the strongest of the rest (equal ones in random order)."""
    ranked = sorted(range(len(keys)),
                    key=lambda i: (-_worth(cat, keys[i]), rng.randbelow(1 << 20)))
    picked: list[int] = []
    for ctype in ("attack", "trick", "defence"):
        if len(picked) >= size or ctype in covered:
            continue
        best = next((i for i in ranked if cat[keys[i]].type == ctype), None)
        if best is not None:
            picked.append(best)
    for i in ranked:
        if len(picked) >= size:
            break
        if i not in picked:
            picked.append(i)
    return picked


def sensible_redraw(sample: DuelState, seat: int, rng: Rng) -> None:
    """Redraw, in place, the opponent's hidden choices of a sample drawn by :func:`resample` as a
    sensible duellist would have made them (a model of the opponent, for search bots that play
    against one; the cards stay those the sample drew, so the seat's view is unchanged):

    - its hand («рука»), chosen or still face down: the strongest card of each type its played
      cards do not cover, then the strongest of the rest, as many as it took (a face-down hand:
      as many as it may), from its unseen playable cards; the others go back to its deck;
    - its face-down card of this round: with probability :data:`GREEDY_SHARE` its strongest
      card (the best chance to win against a card of the sample set), else a random play.

    With items laid face up, a face-down card keeps its key (the laid item tells about it).
    """
    other = 1 - seat
    keys = sample.keys
    cat = sample.cat
    if sample.phase == Phase.CHOOSE_HAND:
        if other in sample.hand_commits:
            eligible = sample.eligible(other)
            _, hi = sample.hand_limits(other)
            places = _sensible(cat, [keys[c] for c in eligible], hi, set(), rng)
            sample.hand_commits[other] = tuple(sorted(eligible[i] for i in places))
        return
    if sample.phase != Phase.ROUNDS:
        return
    known = known_to(sample, seat)
    laid = other in sample.commits and sample.options.item_shown == LAID
    fixed = known | ({sample.commits[other].card} if laid else set())
    hand = [c for c in sample.hands[other] if c not in fixed]
    if hand:
        playable = set(sample.eligible(other))
        pool = hand + [c for c in sample.decks[other] if c in playable and c not in fixed]
        pool_keys = [keys[c] for c in pool]
        covered: set[object] = {cat[keys[c]].type.value  # type: ignore[union-attr]
                                for c in sample.hands[other] + sample.played[other]
                                if c not in hand}
        places = _sensible(cat, pool_keys, len(hand), covered, rng)
        chosen = [pool_keys[i] for i in places]
        rest = rng.shuffled([pool_keys[i] for i in range(len(pool)) if i not in places])
        for c, k in zip(pool, chosen + rest, strict=True):
            keys[c] = k
    if other in sample.commits and not laid:
        plays = legal_plays(sample, other)
        if rng.randbelow(1 << 20) < GREEDY_SHARE * (1 << 20):
            edges = _pools(cat).edges
            best = max(sample.hands[other],
                       key=lambda c: (edges[keys[c]], -_worth(cat, keys[c]), c))
            plays = [p for p in plays if p.card == best]
            deadly = [p for p in plays if p.kill]
            plays = deadly or plays
        sample.commits[other] = rng.choice(plays)
