"""Gwent's options: one per decision where players could want the other reading (see
``docs/rules/gwent.md``)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from koloda.engine import InvalidData, InvalidOption, Words, option, say, say_count
from koloda.games.gwent.decks import DeckLists, default_deck_lists, load_deck_lists

RANDOM = "random"
CHOOSE = "choose"
SIDE = "side"
THROWER = "thrower"
EXCHANGE = "exchange"
NEXT_CARD = "next_card"
CARD = "card"
HAND = "hand"
PLAY = "play"
DIE = "die"
SHARED = "shared"
CHOSEN = "chosen"
BOTH = "both"


@dataclass(frozen=True)
class GwentOptions:
    """Options of a match.

    >>> GwentOptions().cross_suit_value, GwentOptions().rounds
    (0.5, 4)
    """

    decks_json: str = option(
        "",
        en="Deck lists as JSON text (docs/gwent-decks.md); empty: the default match set",
        ru="Свои списки колод (текст JSON); пусто: колоды по умолчанию",
    )
    seat_decks: str = option(
        "",
        en="Decks by seat, comma-separated (e.g. 'nilfgaard,monsters'); empty: by the dice",
        ru="Колоды по местам через запятую; пусто: по кубику",
    )
    deck_choice: str = option(
        RANDOM, choices=(RANDOM, CHOOSE),
        labels={RANDOM: ("drawn at random", "случайно"),
                CHOOSE: ("chosen in dice order", "выбирают по кубику")},
        en="After the dice, decks are drawn at random or chosen by the players in dice order",
        ru="После кубика колоды выпадают случайно или выбираются игроками по очереди",
    )
    cross_suit_value: float = option(
        0.5, minimum=0.0, maximum=1.0,
        en="What a covering card of another suit counts for (1 to 0.5 in the seed)",
        ru="Сколько стоит кроющая карта другой масти (в правилах 1 к 0,5)",
    )
    agile_open: str = option(
        CHOSEN, choices=(CHOSEN, BOTH),
        labels={CHOSEN: ("the suit it was laid as", "масть, которой выложена"),
                BOTH: ("both its suits", "обе её масти")},
        en="An open agile card («проныра») counts as the suit it was laid as (chosen), or as "
           "both its suits, so that a cover of either counts in full (both)",
        ru="Открытая проныра считается мастью, которой её выложили, или обеими своими "
           "мастями: кроющая карта любой из них идёт один к одному",
    )
    throw_ins: bool = option(
        True, en="Watching players may throw in cards («подбрасывание»)",
        ru="Наблюдатели могут подбрасывать карты",
    )
    throw_in_damage_to: str = option(
        SIDE, choices=(SIDE, THROWER),
        labels={SIDE: ("the player it reinforced", "тот, кого она усилила"),
                THROWER: ("the thrower", "подбросивший")},
        en="Damage to a covered thrown-in card goes to the player it reinforced (side) or to "
           "the thrower",
        ru="Урон по покрытой подброшенной карте получает тот, кого она усилила, или "
           "подбросивший",
    )
    bard_lasts: str = option(
        EXCHANGE, choices=(EXCHANGE, NEXT_CARD),
        labels={EXCHANGE: ("to the end of the exchange", "до конца гейма"),
                NEXT_CARD: ("the next card only", "только следующая карта")},
        en="After the bard is covered, its owner's cards are doubled until the end of the "
           "exchange, or only the next card",
        ru="После того как Барда покрыли, карты владельца удваиваются до конца гейма или "
           "только следующая",
    )
    medic_revives_to: str = option(
        HAND, choices=(HAND, PLAY),
        labels={HAND: ("to the hand", "в руку"), PLAY: ("laid at once", "сразу в атаку")},
        en="A revived card returns to the owner's hand, or is laid at once in attack",
        ru="Воскрешённая карта возвращается в руку или сразу выкладывается в атаку",
    )
    specialist_zero: str = option(
        EXCHANGE, choices=(EXCHANGE, CARD),
        labels={EXCHANGE: ("the whole exchange", "весь гейм"),
                CARD: ("the executed card only", "только казнённая карта")},
        en="A specialist in defence takes the whole exchange to zero, or only closes the card it "
           "executes",
        ru="Специалист в обороне сводит в ноль весь гейм или только казнённую карту",
    )
    final_tie: str = option(
        DIE, choices=(DIE, SHARED),
        labels={DIE: ("a die decides", "решает кубик"), SHARED: ("shared win", "победу делят")},
        en="A tie after the last round: a die decides, or the tied players share the win",
        ru="Ничья после последнего раунда: решает кубик или победу делят",
    )
    rounds: int = option(
        4, minimum=1, maximum=4,
        en="Rounds before the deciding extra round (4 in the seed)",
        ru="Раундов до решающего дополнительного (в правилах 4)",
    )
    hand_size: int = option(
        10, minimum=1, maximum=10,
        en="Cards each player takes per round (ten in the seed)",
        ru="Сколько карт берёт каждый игрок на раунд (в правилах десять)",
    )

    def __post_init__(self) -> None:
        if self.decks_json:
            try:
                load_deck_lists(self.decks_json)
            except InvalidData as e:
                error: Words | str = e.words if e.words is not None else str(e)
                raise InvalidOption(say("gwent.option.decks_json", "option {name}: {error}",
                                        name="'decks_json'", error=error)) from None
        names = self.deck_lists.names()
        for name in self.seat_list:
            if name not in names:
                raise InvalidOption(say("gwent.option.seat_deck_unknown",
                                        "option {name}: unknown deck {deck}; known: {known}",
                                        name="'seat_decks'", deck=repr(name),
                                        known=", ".join(names)))
        if len(set(self.seat_list)) != len(self.seat_list):
            raise InvalidOption(say("gwent.option.seat_deck_twice",
                                    "option {name}: a deck is named twice", name="'seat_decks'"))

    def players_refused(self, players: int) -> Words | None:
        """Why these options cannot deal a match of ``players`` (fewer deck lists than
        players, or decks by seat, ``seat_decks``, for another number of players), or None."""
        held = len(self.deck_lists.names())
        if held < players:
            return say_count("gwent.option.decks_too_few",
                             "{n} player needs {n} deck; the deck lists hold {held}",
                             "{n} players need {n} decks; the deck lists hold {held}", players,
                             held=held)
        if self.seat_list and len(self.seat_list) != players:
            # the English says the plural whatever the count, as it always has
            return say_count("gwent.option.seat_decks_count",
                             "option {name} names {n} decks for {players} players",
                             "option {name} names {n} decks for {players} players",
                             len(self.seat_list), name="'seat_decks'", players=players)
        return None

    @cached_property
    def deck_lists(self) -> DeckLists:
        return load_deck_lists(self.decks_json) if self.decks_json else default_deck_lists()

    @property
    def seat_list(self) -> tuple[str, ...]:
        return tuple(n.strip() for n in self.seat_decks.split(",") if n.strip())
