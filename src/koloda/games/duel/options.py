"""The duel's options (see ``docs/rules/duel.md`` for the readings they select)."""

from __future__ import annotations

from dataclasses import dataclass

from koloda.engine import option

AGREEMENT = "agreement"
ATTACK = "attack"
#: When a weapon item is shown: turned over with the card, or laid face up with the face-down card.
REVEAL = "reveal"
LAID = "laid"


@dataclass(frozen=True)
class DuelOptions:
    """Options of a duel.

    >>> DuelOptions().rounds_to_win, DuelOptions().mode
    (2, 'agreement')
    """

    rounds_to_win: int = option(
        2, minimum=1, maximum=5,
        en="Round wins needed to win the duel (full rules: 2; the recap says 3)",
        ru="Сколько раундов нужно выиграть для победы в дуэли (полные правила: 2, "
           "краткие: 3)",
    )
    mode: str = option(
        AGREEMENT, choices=(AGREEMENT, ATTACK),
        labels={AGREEMENT: ("by agreement", "по согласию"),
                ATTACK: ("Player 1 attacks", "нападение Игрока 1")},
        en="How the duel starts: by mutual agreement, or the first player (seat 0) attacks "
           "and must take exactly 5 cards",
        ru="Как начинается дуэль: по обоюдному согласию или нападение первого игрока (у него "
           "ровно 5 карт в руке)",
    )
    defender_min_one: bool = option(
        False,
        en="In an attack, the attacked player takes at least 1 card if possible (the recap's "
           "reading; the full rules allow 0-5)",
        ru="При нападении атакованный берёт в руку хотя бы 1 карту, если может (по кратким "
           "правилам; полные правила разрешают 0-5)",
    )
    hand_min_one: bool = option(
        False,
        en="Every duellist takes at least 1 card if possible (the recap's «от 1 до 5»; the full "
           "rules allow 0-5)",
        ru="Каждый дуэлянт берёт в руку хотя бы 1 карту, если может (по кратким правилам: «от 1 "
           "до 5»; полные правила разрешают 0-5)",
    )
    swap_required: bool = option(
        False,
        en="The winner must swap a card when both hands held one (the recap's «обменивает»; the "
           "full rules: the winner may)",
        ru="Победитель обязан обменяться картой, если в обеих руках были карты (по кратким "
           "правилам: «обменивает»; полные правила: может)",
    )
    item_shown: str = option(
        REVEAL, choices=(REVEAL, LAID),
        labels={REVEAL: ("turned over with its card", "открывается вместе с картой"),
                LAID: ("laid face up at once", "сразу выкладывается открытым")},
        en="When a weapon item is shown: turned over with its card (reveal), or laid face up "
           "on the table as the card is put face down (laid)",
        ru="Когда показывается предмет-оружие: открывается вместе с картой или "
           "выкладывается в открытую, когда карта кладётся лицом вниз",
    )
    deck_size: int = option(
        10, minimum=3, maximum=15,
        en="Battle cards in each duellist's randomly dealt deck",
        ru="Сколько боевых карт в случайно выданной колоде каждого дуэлянта",
    )
    items: int = option(
        2, minimum=0, maximum=3,
        en="Weapon items dealt into each random deck",
        ru="Сколько карт предметов-оружия в случайной колоде",
    )

    @property
    def attacker(self) -> int | None:
        """The attacking seat (seat 0 in attack mode), or None in a duel by agreement."""
        return 0 if self.mode == ATTACK else None

    def summary(self) -> dict[str, object]:
        return {"rounds_to_win": self.rounds_to_win, "mode": self.mode,
                "defender_min_one": self.defender_min_one, "attacker": self.attacker,
                "hand_min_one": self.hand_min_one, "swap_required": self.swap_required,
                "item_shown": self.item_shown}
