"""Why an action is refused: a reason in words for every illegal action (used by
``GwentState.check``; the legal actions stay the single source of truth, this module only
explains a refusal).

Every reason is :class:`~koloda.engine.Words` with a key ``gwent.<key>`` (Russian in
``locale/ru/LC_MESSAGES/gwent.po``, context ``refusal.gwent.<key>``); cards, decks, suits,
sides, perks and counts are :class:`~koloda.engine.Term`\\ s that
:func:`koloda.games.gwent.describe.term_words` names in Russian. A reason names only cards of
the refusing seat's own hand, discard and action, and cards open on the table. The English
words are the ones the check always gave (tests and records quote them).

>>> from koloda.action_words import refusal_text
>>> from koloda.engine import load_game
>>> s = load_game("gwent", players=2).from_setup({
...     "hands": [["nr_ves", "ng_vreemde"], ["ng_rainfarn"]],
...     "exchange": {"attacker": 0, "defender": 1}})
>>> str(s.check(0, Pass()))
'the attacker opens the exchange by laying a card in attack (play CARD@new)'
>>> refusal_text("gwent", s.check(0, Pass()), "ru")
'размен открывает атакующий: он выкладывает карту в атаку'
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from koloda.engine import Action, Term, Words, say
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
from koloda.games.gwent.titles import either, listed

if TYPE_CHECKING:
    from koloda.games.gwent.state import GwentState

FALLBACK = say("gwent.not_legal", "not a legal action now")

#: The kinds of :class:`~koloda.engine.Term` Gwent's reasons use (named by ``describe``).
CARD, DECK, SUIT, SIDE, PERK, FIRST_UNITS = ("card", "deck", "suit", "side", "perk",
                                             "first_units")


def card_term(cid: str) -> Term:
    """A card in a reason: its instance id in English (as the player types it), its printed
    name in Russian."""
    return Term(CARD, cid, cid)


def _side(side: int) -> Term:
    return Term(SIDE, SIDES[side], SIDES[side])


def _suit(suit: str) -> Term:
    return Term(SUIT, suit, suit)


def _cards(cids: Iterable[str]) -> Words:
    return listed([card_term(c) for c in cids])


def _not_in_hand(st: GwentState, seat: int, action: Action) -> Words | None:
    names: list[str] = []
    for name in ("card", "decoy"):
        cid = getattr(action, name, "")
        if cid:
            names.append(cid)
    if isinstance(action, Throw):
        names.extend(action.cards)
    for cid in names:
        if cid not in st.hands[seat]:
            return say("gwent.not_in_hand", "{card} is not in your hand", card=card_term(cid))
    return None


def _group_word(cid: str) -> Term:
    if info(cid).has(Perk.BOND):
        return Term(PERK, "bond", "«Братишки»")
    return Term(PERK, "muster", "«Тупые Братишки»")


def _opens() -> Words:
    return say("gwent.attacker_opens",
               "the attacker opens the exchange by laying a card in attack (play CARD@new)")


def reason(st: GwentState, seat: int, action: Action) -> Words:
    """Why ``action`` of ``seat`` is refused now (called only for an illegal action)."""
    if isinstance(action, ChooseDeck):
        if st.phase != "choose":
            return say("gwent.decks_given", "the decks are already given out")
        if action.deck in st.deck_names:
            return say("gwent.deck_taken", "the deck {deck} is already taken",
                       deck=Term(DECK, action.deck, action.deck))
        return say("gwent.no_deck", "there is no deck {deck}; the decks: {decks}",
                   deck=repr(action.deck),
                   decks=listed([Term(DECK, n, n) for n in st.options.deck_lists.names()]))
    if st.phase == "choose":
        return say("gwent.choosing", "the decks are being chosen: deck NAME")
    missing = _not_in_hand(st, seat, action)
    if missing:
        return missing
    if st.window:
        return _throw_reason(st, seat, action)
    if isinstance(action, Throw):
        return say("gwent.no_window", "there is no throw-in window now")
    ex = st.exchange
    if ex is None:
        return FALLBACK
    side = ex.side_of(seat)
    if ex.pending and not (isinstance(action, Play) and action.card in ex.pending):
        return say("gwent.lay_group_now",
                   "{cards} must be laid now, in the same action ({group} are laid together)",
                   cards=_cards(sorted(ex.pending)), group=_group_word(ex.pending[0]))
    if ex.acting and not isinstance(action, (Play, EndAction)):
        return say("gwent.finish_action",
                   "finish the action being laid first: lay another card, or end")
    if isinstance(action, EndAction):
        return say("gwent.nothing_to_end", "there is no action being laid to end")
    if isinstance(action, Pass):
        if not ex.opened:
            return _opens()
        return FALLBACK
    if isinstance(action, Play):
        return _play_reason(st, seat, ex, side, action)
    if not ex.opened:
        return _opens()
    if isinstance(action, NameSuit):
        if ex.named[action.side]:
            return say("gwent.suit_named", "the suit of the {side} side is already named",
                       side=_side(action.side))
        return say("gwent.suit_not_nameable",
                   "only the suits of the {side} side's open cards, when they are of several "
                   "suits, may be named", side=_side(action.side))
    if isinstance(action, Medic):
        return _medic_reason(st, seat, action)
    if isinstance(action, Spy):
        spy = info(action.card)
        if not spy.has(Perk.SPY):
            return say("gwent.not_spy", "{card} is not a spy («Шпион»)",
                       card=card_term(action.card))
        if not spy_turnable(ex, side, spy):
            return say("gwent.spy_nothing_to_turn",
                       "no open card presses on you that this spy may turn (an ultima never, "
                       "a trump only by a trump spy)")
        return FALLBACK
    if isinstance(action, Scorch):
        if not info(action.card).has(Perk.SCORCH):
            return say("gwent.not_scorch", "{card} is not «Казнь»", card=card_term(action.card))
        if action.target not in scorch_targets(ex, side):
            return say("gwent.scorch_target",
                       "«Казнь» may not execute {target}: only an ordinary card of your "
                       "opponent that is open on the table, or a spy of his whose turn is in "
                       "force", target=card_term(action.target))
    return FALLBACK


def _play_reason(st: GwentState, seat: int, ex: Exchange, side: int, action: Play) -> Words:
    from koloda.games.gwent.listing import layable, points_at_stake

    c = info(action.card)
    card = card_term(action.card)
    blank = not ex.opened and not any(layable(cid) for cid in st.hands[seat])
    if not blank and not layable(action.card):
        if c.has(Perk.MEDIC):
            return say("gwent.is_medic", "{card} is a medic: medic {card} TARGET", card=card)
        if c.has(Perk.SPY):
            return say("gwent.is_spy", "{card} is a spy: spy {card}", card=card)
        if c.has(Perk.SCORCH):
            return say("gwent.scorch_alone",
                       "«Казнь» is played on its own: scorch {card} TARGET", card=card)
        if c.has(Perk.DECOY):
            return say("gwent.decoy_with_card", "«Чучело» is laid with a card: play CARD+{card}@…",
                       card=card)
    if c.agile and action.suit not in [s.value for s in c.suits]:
        return say("gwent.agile_say_suit",
                   "{card} is agile («проныра»): say its suit, play {card}:close@… or :ranged@…",
                   card=card, suits=either([_suit(s.value) for s in c.suits]))
    if not c.agile and action.suit:
        return say("gwent.one_suit", "{card} has one suit; write it without ':{suit}'",
                   card=card, suit=action.suit)
    if action.decoy:
        if not info(action.decoy).has(Perk.DECOY):
            return say("gwent.not_decoy", "{card} is not «Чучело»",
                       card=card_term(action.decoy))
        if ex.decoy_used:
            return say("gwent.one_decoy", "one «Чучело» per action")
        if not can_decoy(c):
            return say("gwent.decoy_not_on", "«Чучело» does not go on a spy, an ultima or a trump")
    if c.grouped and not ex.pending:
        first = min(o for o in st.hands[seat] if info(o).group == c.group)
        if first != action.card:
            return say("gwent.group_from_first",
                       "{group}: lay the group starting with {first} (the others follow in the "
                       "same action)", group=_group_word(action.card), first=card_term(first))
    if action.target < 0:
        if ex.acting and not ex.pending and ex.leads >= points_at_stake(ex):
            return say("gwent.one_per_point",
                       "one card in attack per action point: cover a card that presses on you, "
                       "or end")
        return FALLBACK
    stack = ex.stack(action.target)
    if stack is None:
        return say("gwent.no_stack", "there is no stack s{stack}", stack=action.target)
    if not stack.presses_on(side):
        return say("gwent.not_pressing", "stack s{stack} does not press on you",
                   stack=action.target)
    if not can_cover(c, stack.top):
        if stack.top.ultima:
            return say("gwent.ultima_stack",
                       "stack s{stack} is an ultima: only an ultima covers it",
                       stack=action.target)
        return say("gwent.trump_stack", "stack s{stack} is a trump: only a trump covers it",
                   stack=action.target)
    return FALLBACK


def _medic_reason(st: GwentState, seat: int, action: Medic) -> Words:
    medic = info(action.card)
    if not medic.has(Perk.MEDIC):
        return say("gwent.not_medic", "{card} is not a medic («Медик»)",
                   card=card_term(action.card))
    groups = revivable_groups(st, seat, medic)
    heads = {g[0] for g in groups}
    for t in action.targets:
        if t in heads:
            continue
        for g in groups:
            if t in g:
                return say("gwent.group_by_first", "name the group by its first card: {first}",
                           first=card_term(g[0]))
        if t not in st.discards[seat]:
            return say("gwent.not_in_discard", "{card} is not in your discard of this round",
                       card=card_term(t))
        c = info(t)
        if t in st.revived:
            return say("gwent.revived_once", "{card} was revived once already this round",
                       card=card_term(t))
        if c.has(Perk.ULTIMA):
            return say("gwent.ultima_never", "an ultima is never revived")
        if c.trump:
            return say("gwent.trump_medic", "only a trump medic revives a trump")
        return say("gwent.cannot_revive", "{card} cannot be revived", card=card_term(t))
    by_head = {g[0]: g for g in groups}
    wrong = _suit_reason(action.targets, action.suits, f"medic {action.card}"
                         f"{'+' + action.decoy if action.decoy else ''}",
                         {t: group_suits(by_head[t]) for t in action.targets})
    if not revives_to_play(st):
        if action.suits:
            return say("gwent.revived_to_hand",
                       "the revived card returns to your hand; an agile card's suit is named "
                       "when it is laid (write the medic without ':SUIT')")
    elif wrong:
        return wrong
    if action.decoy:
        if len(set(action.targets)) != 2:
            return say("gwent.decoy_two_groups", "a medic with «Чучело» revives two groups")
    elif len(action.targets) != 1:
        return say("gwent.medic_one", "a medic revives one card (with its group); with «Чучело», "
                   "two")
    return FALLBACK


def _suit_reason(cards: tuple[str, ...], suits: tuple[tuple[str, str], ...], verb: str,
                 allowed: dict[str, tuple[str, ...]] | None = None) -> Words | None:
    """Why the suits given to ``cards`` are wrong: an agile card («проныра») laid in play needs
    one of its two suits, any other card none. ``allowed``: the suits each card may take (by
    default its own when it is agile; a medic's target: those of its group's agile cards)."""
    chosen = dict(suits)
    for cid in cards:
        named = list(allowed[cid] if allowed is not None else
                     [s.value for s in info(cid).suits] if info(cid).agile else [])
        if named and chosen.get(cid) not in named:
            if cid in chosen:
                return say("gwent.agile_wrong_suit",
                           "{card} is agile («проныра»): its suit is {suits}, not {suit}",
                           card=card_term(cid), suits=either([_suit(s) for s in named]),
                           suit=_suit(chosen[cid]))
            return say("gwent.agile_name_suit",
                       "{card} is agile («проныра»): say its suit, {verb} {card}:{first} or "
                       "{card}:{second}", card=card_term(cid), verb=verb, first=named[0],
                       second=named[1] if len(named) > 1 else named[0],
                       suits=either([_suit(s) for s in named]))
        if not named and cid in chosen:
            return say("gwent.one_suit", "{card} has one suit; write it without ':{suit}'",
                       card=card_term(cid), suit=chosen[cid])
    return None


def _throw_reason(st: GwentState, seat: int, action: Action) -> Words:
    from koloda.games.gwent.throwins import MAX_UNITS, throwable_units

    if not isinstance(action, (Throw, Pass)):
        return say("gwent.throwins_now",
                   "the watchers are deciding on throw-ins now: throw SIDE CARDS, or pass")
    if not isinstance(action, Throw):
        return FALLBACK
    values = st.window_values[action.side]
    for cid in action.cards:
        c = info(cid)
        if not c.unit or c.value <= 0:
            return say("gwent.no_value", "{card} has no value to throw in", card=card_term(cid))
        if c.strength not in values:
            shown: Words | str = (", ".join(map(str, values)) if values
                                  else say("gwent.none", "none"))
            return say("gwent.no_match",
                       "{card} ({strength}) matches no open card on the {side} side "
                       "(values: {values})", card=card_term(cid), strength=c.strength,
                       side=_side(action.side), values=shown)
        if c.grouped:
            group = sorted(o for o in st.hands[seat] if info(o).group == c.group)
            if not set(group) <= set(action.cards):
                return say("gwent.throw_together", "{group} are thrown in together: {cards}",
                           group=_group_word(cid), cards=_cards(group))
    wrong = _suit_reason(action.cards, action.suits, f"throw {SIDES[action.side]}")
    if wrong:
        return wrong
    offered = {c for unit in throwable_units(st, seat, values)[:MAX_UNITS] for c in unit}
    if not set(action.cards) <= offered:
        return say("gwent.first_units",
                   "only the first {n} matching cards (or groups) of your hand, by card id, may "
                   "be thrown in: {cards}", n=Term(FIRST_UNITS, str(MAX_UNITS), str(MAX_UNITS)),
                   cards=_cards(sorted(offered)))
    return FALLBACK
