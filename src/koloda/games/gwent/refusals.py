"""Why an action is refused: a reason in words for every illegal action (used by
``GwentState.check``; the legal actions stay the single source of truth, this module only
explains a refusal).

>>> from koloda.engine import load_game
>>> s = load_game("gwent", players=2).from_setup({
...     "hands": [["nr_ves", "ng_vreemde"], ["ng_rainfarn"]],
...     "exchange": {"attacker": 0, "defender": 1}})
>>> s.check(0, Pass())
'the attacker opens the exchange by laying a card in attack (play CARD@new)'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from koloda.engine import Action
from koloda.games.gwent.actions import (
    SIDES,
    ChooseDeck,
    EndAction,
    Medic,
    NameSuit,
    Pass,
    Play,
    Scorch,
    Spy,
    Throw,
)
from koloda.games.gwent.cards import Perk, info
from koloda.games.gwent.model import Exchange
from koloda.games.gwent.perks import (
    can_cover,
    can_decoy,
    group_suits,
    revivable_groups,
    revives_to_play,
    scorch_targets,
    spy_turnable,
)

if TYPE_CHECKING:
    from koloda.games.gwent.state import GwentState

FALLBACK = "not a legal action now"


def _not_in_hand(st: GwentState, seat: int, action: Action) -> str | None:
    names: list[str] = []
    for name in ("card", "decoy"):
        cid = getattr(action, name, "")
        if cid:
            names.append(cid)
    if isinstance(action, Throw):
        names.extend(action.cards)
    for cid in names:
        if cid not in st.hands[seat]:
            return f"{cid} is not in your hand"
    return None


def _group_word(cid: str) -> str:
    return "«Братишки»" if info(cid).has(Perk.BOND) else "«Тупые Братишки»"


def reason(st: GwentState, seat: int, action: Action) -> str:
    """Why ``action`` of ``seat`` is refused now (called only for an illegal action)."""
    if isinstance(action, ChooseDeck):
        if st.phase != "choose":
            return "the decks are already given out"
        if action.deck in st.deck_names:
            return f"the deck {action.deck} is already taken"
        return (f"there is no deck {action.deck!r}; the decks: "
                f"{', '.join(st.options.deck_lists.names())}")
    if st.phase == "choose":
        return "the decks are being chosen: deck NAME"
    missing = _not_in_hand(st, seat, action)
    if missing:
        return missing
    if st.window:
        return _throw_reason(st, seat, action)
    if isinstance(action, Throw):
        return "there is no throw-in window now"
    ex = st.exchange
    if ex is None:
        return FALLBACK
    side = ex.side_of(seat)
    if ex.pending and not (isinstance(action, Play) and action.card in ex.pending):
        return (f"{', '.join(sorted(ex.pending))} must be laid now, in the same action "
                f"({_group_word(ex.pending[0])} are laid together)")
    if ex.acting and not isinstance(action, (Play, EndAction)):
        return "finish the action being laid first: lay another card, or end"
    if isinstance(action, EndAction):
        return "there is no action being laid to end"
    if isinstance(action, Pass):
        if not ex.opened:
            return "the attacker opens the exchange by laying a card in attack (play CARD@new)"
        return FALLBACK
    if isinstance(action, Play):
        return _play_reason(st, seat, ex, side, action)
    if not ex.opened:
        return "the attacker opens the exchange by laying a card in attack (play CARD@new)"
    if isinstance(action, NameSuit):
        if ex.named[action.side]:
            return f"the suit of the {SIDES[action.side]} side is already named"
        return (f"only the suits of the {SIDES[action.side]} side's open cards, when they are "
                f"of several suits, may be named")
    if isinstance(action, Medic):
        return _medic_reason(st, seat, action)
    if isinstance(action, Spy):
        spy = info(action.card)
        if not spy.has(Perk.SPY):
            return f"{action.card} is not a spy («Шпион»)"
        if not spy_turnable(ex, side, spy):
            return ("no open card presses on you that this spy may turn (an ultima never, a "
                    "trump only by a trump spy)")
        return FALLBACK
    if isinstance(action, Scorch):
        if not info(action.card).has(Perk.SCORCH):
            return f"{action.card} is not «Казнь»"
        if action.target not in scorch_targets(ex, side):
            return (f"«Казнь» may not execute {action.target}: only an ordinary card of your "
                    f"opponent that is open on the table, or a spy of his whose turn is in force")
    return FALLBACK


def _play_reason(st: GwentState, seat: int, ex: Exchange, side: int, action: Play) -> str:
    from koloda.games.gwent.listing import layable, points_at_stake

    c = info(action.card)
    blank = not ex.opened and not any(layable(cid) for cid in st.hands[seat])
    if not blank and not layable(action.card):
        if c.has(Perk.MEDIC):
            return f"{action.card} is a medic: medic {action.card} TARGET"
        if c.has(Perk.SPY):
            return f"{action.card} is a spy: spy {action.card}"
        if c.has(Perk.SCORCH):
            return f"«Казнь» is played on its own: scorch {action.card} TARGET"
        if c.has(Perk.DECOY):
            return f"«Чучело» is laid with a card: play CARD+{action.card}@…"
    if c.agile and action.suit not in [s.value for s in c.suits]:
        return (f"{action.card} is agile («проныра»): say its suit, "
                f"play {action.card}:close@… or :ranged@…")
    if not c.agile and action.suit:
        return f"{action.card} has one suit; write it without ':{action.suit}'"
    if action.decoy:
        if not info(action.decoy).has(Perk.DECOY):
            return f"{action.decoy} is not «Чучело»"
        if ex.decoy_used:
            return "one «Чучело» per action"
        if not can_decoy(c):
            return "«Чучело» does not go on a spy, an ultima or a trump"
    if c.grouped and not ex.pending:
        first = min(o for o in st.hands[seat] if info(o).group == c.group)
        if first != action.card:
            return (f"{_group_word(action.card)}: lay the group starting with {first} "
                    f"(the others follow in the same action)")
    if action.target < 0:
        if ex.acting and not ex.pending and ex.leads >= points_at_stake(ex):
            return ("one card in attack per action point: cover a card that presses on you, "
                    "or end")
        return FALLBACK
    stack = ex.stack(action.target)
    if stack is None:
        return f"there is no stack s{action.target}"
    if not stack.presses_on(side):
        return f"stack s{action.target} does not press on you"
    if not can_cover(c, stack.top):
        if stack.top.ultima:
            return f"stack s{action.target} is an ultima: only an ultima covers it"
        return f"stack s{action.target} is a trump: only a trump covers it"
    return FALLBACK


def _medic_reason(st: GwentState, seat: int, action: Medic) -> str:
    medic = info(action.card)
    if not medic.has(Perk.MEDIC):
        return f"{action.card} is not a medic («Медик»)"
    groups = revivable_groups(st, seat, medic)
    heads = {g[0] for g in groups}
    for t in action.targets:
        if t in heads:
            continue
        for g in groups:
            if t in g:
                return f"name the group by its first card: {g[0]}"
        if t not in st.discards[seat]:
            return f"{t} is not in your discard of this round"
        c = info(t)
        if t in st.revived:
            return f"{t} was revived once already this round"
        if c.has(Perk.ULTIMA):
            return "an ultima is never revived"
        if c.trump:
            return "only a trump medic revives a trump"
        return f"{t} cannot be revived"
    by_head = {g[0]: g for g in groups}
    wrong = _suit_reason(action.targets, action.suits, f"medic {action.card}"
                         f"{'+' + action.decoy if action.decoy else ''}",
                         {t: group_suits(by_head[t]) for t in action.targets})
    if not revives_to_play(st):
        if action.suits:
            return ("the revived card returns to your hand; an agile card's suit is named when "
                    "it is laid (write the medic without ':SUIT')")
    elif wrong:
        return wrong
    if action.decoy:
        if len(set(action.targets)) != 2:
            return "a medic with «Чучело» revives two groups"
    elif len(action.targets) != 1:
        return "a medic revives one card (with its group); with «Чучело», two"
    return FALLBACK


def _suit_reason(cards: tuple[str, ...], suits: tuple[tuple[str, str], ...], verb: str,
                 allowed: dict[str, tuple[str, ...]] | None = None) -> str | None:
    """Why the suits given to ``cards`` are wrong: an agile card («проныра») laid in play needs
    one of its two suits, any other card none. ``allowed``: the suits each card may take (by
    default its own when it is agile; a medic's target: those of its group's agile cards)."""
    chosen = dict(suits)
    for cid in cards:
        named = list(allowed[cid] if allowed is not None else
                     [s.value for s in info(cid).suits] if info(cid).agile else [])
        if named and chosen.get(cid) not in named:
            if cid in chosen:
                return (f"{cid} is agile («проныра»): its suit is {' or '.join(named)}, "
                        f"not {chosen[cid]}")
            return (f"{cid} is agile («проныра»): say its suit, {verb} {cid}:{named[0]} or "
                    f"{cid}:{named[1]}")
        if not named and cid in chosen:
            return f"{cid} has one suit; write it without ':{chosen[cid]}'"
    return None


def _throw_reason(st: GwentState, seat: int, action: Action) -> str:
    from koloda.games.gwent.throwins import MAX_UNITS, throwable_units

    if not isinstance(action, (Throw, Pass)):
        return "the watchers are deciding on throw-ins now: throw SIDE CARDS, or pass"
    if not isinstance(action, Throw):
        return FALLBACK
    values = st.window_values[action.side]
    for cid in action.cards:
        c = info(cid)
        if not c.unit or c.value <= 0:
            return f"{cid} has no value to throw in"
        if c.strength not in values:
            shown = ", ".join(map(str, values)) or "none"
            return (f"{cid} ({c.strength}) matches no open card on the {SIDES[action.side]} side "
                    f"(values: {shown})")
        if c.grouped:
            group = sorted(o for o in st.hands[seat] if info(o).group == c.group)
            if not set(group) <= set(action.cards):
                return (f"{_group_word(cid)} are thrown in together: "
                        f"{', '.join(group)}")
    wrong = _suit_reason(action.cards, action.suits, f"throw {SIDES[action.side]}")
    if wrong:
        return wrong
    offered = {c for unit in throwable_units(st, seat, values)[:MAX_UNITS] for c in unit}
    if not set(action.cards) <= offered:
        return (f"only the first {MAX_UNITS} matching cards (or groups) of your hand, by "
                f"card id, may be thrown in: {', '.join(sorted(offered))}")
    return FALLBACK
