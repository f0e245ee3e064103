"""The things the duel's refusals and results name, as :class:`~koloda.engine.Term` values each
language names its own way: cards, weapon kinds, seats.

A card is named only when the seat the words are for may know it (its own cards, the cards
played and items shown at the table, the loser's hand for the winner); any other id is repeated
as it was given, so a refusal never tells what an unseen card is. A card's names come from the
duel's own card set (an event's set brings its own names), so the term carries them.

>>> term_words(CardTerm("card", "a01", "Dagger", (("ru", "Кинжал"),)), "ru")
'Кинжал'
>>> term_words(weapon_term(Weapon.COLD), "ru")
'холодное оружие'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from koloda.engine import Term
from koloda.games.duel.cards import WEAPON_NAMES, Weapon
from koloda.games.duel.model import Phase

if TYPE_CHECKING:
    from koloda.games.duel.state import DuelState


@dataclass(frozen=True)
class CardTerm(Term):
    """A card the seat may know, with its names in the languages its card set has."""

    names: tuple[tuple[str, str], ...] = ()


def seat_term(seat: int) -> Term:
    """A seat, as the kernel names seats (the table's names, or «Игрок N»)."""
    return Term("seat", str(seat), f"Player {seat + 1}")


def weapon_term(weapon: Weapon) -> Term:
    """A weapon kind («холодное оружие», «огнестрельное оружие»)."""
    return Term("weapon", weapon.value, weapon.value)


def knows(state: DuelState, seat: int, card: str) -> bool:
    """Whether ``seat`` may know what card id ``card`` is (what its view shows)."""
    for zones in (state.decks, state.discards, state.hands, state.chosen, state.played,
                  state.shown):
        if card in zones[seat]:
            return True
    other = 1 - seat
    if card in state.played[other] or card in state.shown[other]:
        return True
    if any(card in r.cards or card in r.shown for r in state.rounds):
        return True
    return (state.winner == seat and state.phase in (Phase.SWAP, Phase.OVER)
            and card in state.chosen[other])


def card_term(state: DuelState, seat: int, card: str) -> Term:
    """``card`` named for ``seat``: by its names if the seat may know it, else its id."""
    key = state.keys.get(card)
    if key is None or not knows(state, seat, card):
        return Term("card", card, card)
    info = state.cat[key]
    return CardTerm("card", card, info.name_en, (("ru", info.name_ru),))


def term_words(term: Term, lang: str) -> str | None:
    """``term`` in ``lang`` (None: its English words), for :mod:`koloda.action_words`."""
    if isinstance(term, CardTerm):
        return dict(term.names).get(lang)
    if term.kind == "weapon" and lang == "ru":
        try:
            return WEAPON_NAMES[Weapon(term.id)][0]
        except ValueError:
            return None
    return None
