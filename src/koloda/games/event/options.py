"""The event's options: the decisions ED1–ED22 where the seed is silent (``docs/rules/event.md``),
and the duel's variant readings, chosen once for the whole event (ED22)."""

from __future__ import annotations

from dataclasses import dataclass

from koloda.engine import option
from koloda.games.duel.options import LAID, REVEAL, DuelOptions

DISCARD, DECK = "discard", "deck"
MANUAL, AUTO = "manual", "auto"
AUTO_DEATH, MASTER_CONFIRMS = "auto_death", "master_confirms"
DOCTOR, MASTER, CHANCE = "doctor", "master", "chance"
ANY = "any"
MASTERS_DECIDE, RETURN_ALL = "masters_decide", "return_all"
KEEP_FOR_NEXT_ROLE = "keep_for_next_role"
RANDOM, NPC_NAMES, PLAYER_CHOOSES = "random", "npc_names", "player_chooses"


@dataclass(frozen=True)
class EventOptions:
    """Options of a live event.

    >>> o = EventOptions()
    >>> o.deck_min, o.deck_max, o.rest_minutes, o.wound_minutes, o.rest_end
    (3, 15, 5, 15, 'manual')
    """

    # --- issuing (E3, ED1, ED3, ED21) --------------------------------------------------------
    deck_min: int = option(
        3, minimum=0, maximum=99,
        en="Fewest cards issued to a participant at check-in (S13: «от 3»)",
        ru="Наименьшее число карт, выдаваемых участнику при заезде (S13: «от 3»)")
    deck_max: int = option(
        15, minimum=1, maximum=99,
        en="Most cards issued to a participant at check-in (S13: «до 10-15»)",
        ru="Наибольшее число карт, выдаваемых участнику при заезде (S13: «до 10-15»)")
    issue_counts_items: bool = option(
        False,
        en="Weapon items count towards the issue bounds (default: only battle cards count)",
        ru="Предметы-оружие входят в число выдаваемых карт (по умолчанию считаются только "
           "боевые карты)")
    master_grant_to: str = option(
        DISCARD, choices=(DISCARD, DECK),
        labels={DISCARD: ("the discard", "в сброс"), DECK: ("the deck", "в колоду")},
        en="Where cards a master grants during the game land (S29: every received card goes "
           "to the discard)",
        ru="Куда попадают карты, выданные мастером во время игры (S29: все полученные карты "
           "уходят в сброс)")
    # --- rest (E12–E17, ED4, ED5) ----------------------------------------------------------
    rest_minutes: int = option(
        5, minimum=1, maximum=120,
        en="Minutes a rest lasts at least (S37: «не менее 5 минут»)",
        ru="Сколько минут длится отдых как минимум (S37: «не менее 5 минут»)")
    rest_end: str = option(
        MANUAL, choices=(MANUAL, AUTO),
        labels={MANUAL: ("the participant ends it", "участник завершает сам"),
                AUTO: ("ends by itself", "завершается сам")},
        en="After the minimum time the participant ends the rest (manual), or it ends by "
           "itself (auto)",
        ru="По истечении минимального времени участник завершает отдых сам (manual) или он "
           "завершается автоматически (auto)")
    attack_cancels_rest: bool = option(
        True,
        en="An attack on a resting participant cancels the rest (nothing comes back)",
        ru="Нападение на отдыхающего прерывает отдых (карты не возвращаются)")
    # --- wounds, the hospital, death (E19–E23, E35, ED6–ED11) --------------------------------
    wound_minutes: int = option(
        15, minimum=1, maximum=240,
        en="Minutes of grave wound before death unless a doctor admits (S40: «в течении 15 "
           "минут»)",
        ru="Сколько минут длится тяжёлое ранение до смерти, если врач не принял (S40: «в "
           "течении 15 минут»)")
    wounded_can_be_attacked: bool = option(
        False,
        en="A gravely wounded participant can be attacked (finishing off)",
        ru="На тяжело раненого можно напасть (добить)")
    expiry: str = option(
        AUTO_DEATH, choices=(AUTO_DEATH, MASTER_CONFIRMS),
        labels={AUTO_DEATH: ("death at the deadline", "смерть в срок"),
                MASTER_CONFIRMS: ("a master confirms", "подтверждает мастер")},
        en="When the wound's time runs out with no doctor: death at once, or a master decides",
        ru="Когда время ранения истекло без врача: смерть сразу или решает мастер")
    outcome_by: str = option(
        DOCTOR, choices=(DOCTOR, MASTER, CHANCE),
        labels={DOCTOR: ("the doctor", "врач"), MASTER: ("a master", "мастер"),
                CHANCE: ("chance", "случай")},
        en="Who decides saved or dead in the hospital (the medical rules are not in the seed)",
        ru="Кто решает в госпитале, спасён пациент или умер (правил по медицине в тексте нет)")
    save_percent: int = option(
        50, minimum=0, maximum=100,
        en="With outcome_by=chance: the chance in percent that the doctor saves the patient",
        ru="При outcome_by=chance: вероятность спасения в процентах")
    near_death_loss: int = option(
        1, minimum=0, maximum=1,
        en="Battle cards a survivor of near death gives to the masters (S44, S92: one)",
        ru="Сколько боевых карт выживший после тяжёлого ранения отдаёт мастерам (S44, S92: одну)")
    loss_from: str = option(
        ANY, choices=(ANY, DECK),
        labels={ANY: ("deck or discard", "колода или сброс"), DECK: ("the deck only",
                                                                     "только колода")},
        en="Where the card a survivor gives up may come from",
        ru="Откуда выживший может отдать карту")
    loss_minutes: int = option(
        10, minimum=1, maximum=240,
        en="Minutes a survivor has to choose the card; then the masters choose",
        ru="Сколько минут у выжившего на выбор карты; потом выбирают мастера")
    on_death: str = option(
        MASTERS_DECIDE, choices=(MASTERS_DECIDE, RETURN_ALL, KEEP_FOR_NEXT_ROLE),
        labels={MASTERS_DECIDE: ("frozen, the masters decide", "заморожены, решают мастера"),
                RETURN_ALL: ("all go to the masters' pool", "все уходят мастерам"),
                KEEP_FOR_NEXT_ROLE: ("kept for the next role", "остаются для следующей роли")},
        en="What happens to a dead character's cards (the afterlife rules are not in the seed)",
        ru="Что происходит с картами погибшего персонажа (правил по посмертию в тексте нет)")
    # --- game-technical characters (E30, E31, E34, E36, ED15, ED16) ----------------------------
    npc_take: str = option(
        RANDOM, choices=(RANDOM, NPC_NAMES, PLAYER_CHOOSES),
        labels={RANDOM: ("at random", "случайная"), NPC_NAMES: ("the NPC may name a card",
                                                               "игротехник может назвать карту"),
                PLAYER_CHOOSES: ("the player chooses", "выбирает игрок")},
        en="Which card an NPC takes from a player",
        ru="Какую карту игротехник забирает у игрока")
    # --- what who sees (E38, E42, ED17, ED19, ED23) -----------------------------------------
    masters_see_piles: bool = option(
        True,
        en="Masters see every participant's piles (never a running duel's hidden choices)",
        ru="Мастера видят стопки всех участников (но никогда скрытый выбор идущей дуэли)")
    board_shows_results: bool = option(
        False,
        en="The public board shows duel results and statuses (default: only running duels and "
           "kills)",
        ru="Табло показывает итоги дуэлей и состояния (по умолчанию только идущие дуэли и "
           "смертельные раны)")
    notes_to_patient: bool = option(
        False,
        en="A participant reads the doctors' and masters' notes on him (ED23; default: only "
           "the doctors and the masters read them)",
        ru="Участник читает заметки врачей и мастеров о себе (ED23; по умолчанию их читают "
           "только врачи и мастера)")
    # --- the duel's time (E28, ED20) --------------------------------------------------------
    duel_soft_limit_s: int = option(
        120, minimum=10, maximum=3600,
        en="Seconds after which a running duel gets a warning (S61: «примерно 2 минуты»)",
        ru="Через сколько секунд идущая дуэль получает предупреждение (S61: «примерно 2 минуты»)")
    duel_flag_s: int = option(
        300, minimum=10, maximum=7200,
        en="Seconds after which a running duel is flagged to the masters",
        ru="Через сколько секунд идущая дуэль отмечается для мастеров")
    utc_offset_min: int = option(
        0, minimum=-720, maximum=840,
        en="The event's time zone, in minutes east of UTC, for clock times in messages",
        ru="Часовой пояс игры в минутах к востоку от UTC, для времени в сообщениях")
    # --- the duel's readings for the whole event (ED22) ---------------------------------------
    rounds_to_win: int = option(
        2, minimum=1, maximum=5,
        en="Round wins needed to win a duel (full rules: 2; the recap says 3)",
        ru="Сколько раундов нужно выиграть для победы в дуэли (полные правила: 2, краткие: 3)")
    defender_min_one: bool = option(
        False,
        en="In an attack, the attacked takes at least 1 card if possible (the recap)",
        ru="При нападении атакованный берёт хотя бы 1 карту, если может (краткие правила)")
    hand_min_one: bool = option(
        False,
        en="Every duellist takes at least 1 card if possible (the recap's «от 1 до 5»)",
        ru="Каждый дуэлянт берёт хотя бы 1 карту, если может (краткие правила: «от 1 до 5»)")
    swap_required: bool = option(
        False,
        en="The winner must swap a card when both hands held one (the recap's «обменивает»)",
        ru="Победитель обязан обменяться картой, если в обеих руках были карты (краткие "
           "правила)")
    item_shown: str = option(
        REVEAL, choices=(REVEAL, LAID),
        labels={REVEAL: ("turned over with its card", "открывается вместе с картой"),
                LAID: ("laid face up at once", "сразу выкладывается открытым")},
        en="When a weapon item is shown in a duel",
        ru="Когда показывается предмет-оружие в дуэли")

    def duel_options(self, *, attack: bool) -> dict[str, object]:
        """The options of the ``duel`` game for one duel of this event (seat 0 attacks in
        an attack)."""
        return {"rounds_to_win": self.rounds_to_win, "mode": "attack" if attack else "agreement",
                "defender_min_one": self.defender_min_one, "hand_min_one": self.hand_min_one,
                "swap_required": self.swap_required, "item_shown": self.item_shown}

    def duel(self, *, attack: bool) -> DuelOptions:
        """:meth:`duel_options` as the duel's options value."""
        from koloda.engine import build_options

        opts: DuelOptions = build_options(DuelOptions, self.duel_options(attack=attack))
        return opts
