"""Nevermore's options."""

from __future__ import annotations

from dataclasses import dataclass

from koloda.engine.errors import InvalidData, InvalidOption, Words, say
from koloda.engine.options import option
from koloda.games.nevermore.magic import MagicSet, magic_set_for


@dataclass(frozen=True)
class NevermoreOptions:
    """``magic``: ``koloda`` (Koloda's own set), ``none`` (the variant without magic) or
    ``custom`` (the set whose JSON text is ``magic_set_json``, checked when the game loads)."""

    magic: str = option("koloda", choices=("koloda", "none", "custom"),
                        labels={"koloda": ("Koloda's own set", "набор Колоды"),
                                "none": ("no magic", "без магии"),
                                "custom": ("a custom set", "свой набор")},
                        en="Magic cards: Koloda's own set, none, or a custom set",
                        ru="Карты магии: набор Колоды, без магии или свой набор")
    magic_set_json: str = option("", en="The custom magic set (JSON text) for magic=custom",
                                 ru="Свой набор магии (текст JSON), если выбран свой набор")
    main_deck: str = option("rebuilt", choices=("rebuilt", "when_empty"),
                            labels={"rebuilt": ("rebuilt every round", "заново каждый раунд"),
                                    "when_empty": ("refilled when short",
                                                   "пополняется, когда кончается")},
                            en="Main deck: rebuilt from all 60 cards every round, or reshuffled "
                               "from the discards only when it runs short",
                            ru="Основная колода: собирается заново каждый раунд или "
                               "пополняется из сброса, только когда кончается")
    anytime_reply: str = option("lethal", choices=("lethal", "any_blow", "never"),
                                labels={"lethal": ("a blow that makes a raven",
                                                   "удар, превращающий в ворона"),
                                        "any_blow": ("any blow", "любой удар"),
                                        "never": ("never", "никогда")},
                                en="When a player may answer damage with a Play Any Time card: "
                                   "a blow that would make them a raven, any blow, or never",
                                ru="Когда можно ответить на повреждение картой «в любое время»: "
                                   "на удар, превращающий в ворона, на любой удар или никогда")
    anytime_in_draft: bool = option(True,
                                    en="Play Any Time cards may also be played between two "
                                       "draft passes (a magic window after passes 1 and 2)",
                                    ru="Карты «в любое время» можно играть и между "
                                       "передачами карт (окно магии после 1-й и 2-й передачи)")
    healing_bonus: str = option("at_full", choices=("at_full", "any"),
                                labels={"at_full": ("at full health", "при полном здоровье"),
                                        "any": ("any healing of 3+", "любое лечение на 3+")},
                                en="Healing bonus (1 VP): healing of 3 or more while already at "
                                   "the maximum health, or any healing of 3 or more",
                                ru="Бонус лечения (1 ПО): лечение на 3 и больше при максимуме "
                                   "здоровья или любое лечение на 3 и больше")
    max_rounds: int = option(60, minimum=0, maximum=1000,
                             en="Stop without a winner after this many rounds (0: never)",
                             ru="Остановить игру без победителя после N раундов (0: никогда)")

    def __post_init__(self) -> None:
        if self.magic == "custom":
            if not self.magic_set_json.strip():
                raise InvalidOption(say("nevermore.option.custom_empty",
                                        "option {name} is {custom} but {json} is empty",
                                        name="'magic'", custom="custom",
                                        json="'magic_set_json'"))
            try:
                magic_set_for("custom", self.magic_set_json)
            except InvalidData as e:
                error: Words | str = e.words if e.words is not None else str(e)
                raise InvalidOption(say("nevermore.option.magic_set_json",
                                        "option {name}: {error}", name="'magic_set_json'",
                                        error=error)) from None
        elif self.magic_set_json:
            raise InvalidOption(say("nevermore.option.json_without_custom",
                                    "option {name} is used only with {setting}",
                                    name="'magic_set_json'", setting="magic=custom"))

    @property
    def magic_set(self) -> MagicSet:
        # looked up once per options value (they are frozen), kept outside the fields
        ms: MagicSet | None = self.__dict__.get("_magic_set")
        if ms is None:
            ms = magic_set_for(self.magic, self.magic_set_json)
            object.__setattr__(self, "_magic_set", ms)
        return ms
