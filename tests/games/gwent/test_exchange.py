"""One test per rule sentence of the exchange («гейм»): action points, damage, suits, open
cards, throw-ins. Each docstring quotes the seed's sentence."""

from __future__ import annotations

import pytest

from koloda.engine import IllegalAction
from koloda.engine.scenario import load_scenario, run_scenario

from .helpers import act, legal, stacks, table


def test_damage_is_the_difference() -> None:
    """«Урон - это числовая разница между значениями карт. К примеру, вы выкладываете карту со
    значением 3, соперник кроет ее картой со значением 5. Образуется два очка урона, которые вам
    и достаются.»"""
    s = table([["ng_morteisen"], ["nr_ves"]])
    act(s, "0: play ng_morteisen#1@new", "1: play nr_ves#1@s1")
    assert stacks(s) == [(1, 2.0, 0)]


def test_zero_exchange_means_nobody_took_damage() -> None:
    """«Игра в ноль означает, что по итогам сыгровки ни один из участников не получил урона.»"""
    s = table([["nr_ves"], ["ne_zoltan_chivay"]])
    act(s, "0: play nr_ves#1@new", "1: play ne_zoltan_chivay#1@s1", "1: end", "0: pass",
        "1: pass")
    assert s.damage == [0.0, 0.0]
    assert s.events[-2].kind_name() == "GwentAttackerRolled"
    assert s.events[-2].reason == "zero"  # type: ignore[attr-defined]


def test_two_action_points_each() -> None:
    """«Во время гейма у каждого из игроков есть два очка действия.»"""
    s = table([["nr_ves"], ["ng_rainfarn"]])
    assert s.exchange is not None and s.exchange.ap == [2, 2]


def test_laying_a_card_in_attack_spends_one_point() -> None:
    """«очко действия тратится при использовании карт в том или ином виде один раз - к
    примеру, выкладка карты в атаку ... тратит одно очко действия.»"""
    s = table([["nr_ves", "ng_rainfarn"], ["ng_morteisen"]])
    act(s, "0: play nr_ves#1@new")
    assert s.exchange is not None and s.exchange.ap == [1, 2]
    assert s.to_act == (1,)


def test_defender_may_spend_both_points_at_once() -> None:
    """«Игрок, находящийся в обороне, может потратить два очка действия сразу и выложить две
    (или более, в зависимости от условий) карты, но останется уязвим перед оставшимся очком
    действия атакующего.»"""
    s = table([["nr_ves", "ng_morteisen"], ["ne_vesemir", "ng_rainfarn"]])
    act(s, "0: play nr_ves#1@new", "1: play ne_vesemir#1@s1", "1: play ng_rainfarn#1@new")
    ex = s.exchange
    assert ex is not None and ex.ap == [1, 0]
    assert s.to_act == (0,)  # the attacker's remaining point, and no answer to it
    act(s, "0: play ng_morteisen#1@s2", "0: end")
    assert s.exchange is not None and s.exchange.number == 2
    assert s.damage == [2.0, 0.0]  # 6 over 5 and 4 over 3: one each against the attacker


def test_defender_spending_both_points_may_lay_two_cards_in_attack() -> None:
    """«Игрок, находящийся в обороне, может потратить два очка действия сразу и выложить две
    ... карты» — two action points at once are two actions' worth: two cards in attack too
    (one per action point), and the attacker answers with his last point."""
    s = table([["nr_ves", "ng_morteisen"], ["ne_vesemir", "ng_rainfarn", "nr_keira_metz"]])
    act(s, "0: play nr_ves#1@new", "1: play ne_vesemir#1@new")
    assert "play ng_rainfarn#1@new" in legal(s, 1)
    act(s, "1: play ng_rainfarn#1@new")
    ex = s.exchange
    assert ex is not None and ex.ap == [1, 0] and s.to_act == (0,)
    assert [(d, side) for _, d, side in stacks(s)] == [(5.0, 1), (6.0, 0), (4.0, 0)]
    s = table([["nr_ves"], ["ne_vesemir", "ng_rainfarn", "nr_keira_metz"]])
    act(s, "0: play nr_ves#1@new", "1: play ne_vesemir#1@new", "1: end")
    ex = s.exchange
    assert ex is not None and ex.ap == [1, 1]  # one card in attack: one point


def test_attacker_spends_first_defender_has_last_word() -> None:
    """«Первым очко действия тратит атакующий игрок - то есть да, внимательные математики уже
    поняли, что последнее слово остается за обороняющимся.»"""
    s = table([["nr_ves", "ng_morteisen"], ["ng_rainfarn", "ne_vesemir"]])
    order = []
    assert s.to_act == (0,)
    with pytest.raises(IllegalAction):
        act(s, "0: pass")  # the attacker must lay a card first
    for step in ("0: play nr_ves#1@new", "1: pass", "0: play ng_morteisen#1@new",
                 "1: play ne_vesemir#1@s1"):
        order.append(s.to_act[0])
        act(s, step)
    assert order == [0, 1, 0, 1]
    assert s.exchange is not None and s.exchange.acting  # the defender's last action


def test_cards_per_action_follow_the_open_cards_against_you() -> None:
    """«Если против игрока по той или иной причине направлено несколько открытых карт, то он
    имеет право использовать то же количество карт на игре в обороне.»"""
    s = table([["nr_catapult", "nr_catapult"], ["nr_trebuchet", "ng_rotten_mangonel",
                                                "ng_rainfarn", "ng_vreemde", "ng_morteisen"]])
    act(s, "0: play nr_catapult#1@new", "0: play nr_catapult#2@new")
    ex = s.exchange
    act(s, "1: play nr_trebuchet#1@s1")
    assert ex is not None and ex.max_units == 4  # two open cards, both points at once
    act(s, "1: play ng_rotten_mangonel#1@s2")
    assert ex.acting and ex.ap[1] == 2
    # three open cards against a defender with one point left: three cards, no more
    s = table([["nr_catapult", "nr_catapult", "nr_ves"],
               ["ng_rainfarn", "ng_vreemde", "ng_morteisen", "ng_puttkammer"]])
    act(s, "0: play nr_catapult#1@new", "0: play nr_catapult#2@new", "1: pass",
        "0: play nr_ves#1@new", "1: play ng_vreemde#1@s3", "1: play ng_morteisen#1@s3")
    ex = s.exchange
    assert ex is not None and (ex.max_units, ex.units) == (3, 2)
    act(s, "1: play ng_rainfarn#1@s1")  # the third card ends the action and the exchange
    assert s.exchange is not None and s.exchange.number == 2
    assert s.damage == [0.0, 30.0]  # 16 - 4 / 2 and 16; the 5 is closed by 2 + 3


def test_open_cards_stay_as_damage() -> None:
    """«Женя по итогам гейма записывает себе 4 очка урона, отбить которые он уже не может.»
    — what is open at the end of the exchange is recorded as damage."""
    s = table([["ng_morteisen", "ng_vreemde"], ["ne_vesemir"]])
    act(s, "0: play ng_morteisen#1@new", "1: pass", "0: play ng_vreemde#1@new", "1: pass")
    assert s.damage == [0.0, 5.0]


def test_the_worked_example_adds_up_to_eleven_then_four() -> None:
    """«Марина выкладывает две карты со значением 5 ..., усиливая карту Кирилла и направляя
    все эти очки урона на Женю (всего 11).» ... «Женя по итогам гейма записывает себе 4
    очка урона»"""
    data = load_scenario("tests/scenarios/gwent/zhenya_kirill_marina.json")
    actions = data["actions"]
    data["actions"] = actions[:5]
    data["expect"] = {}
    state = run_scenario(data).state
    assert sum(d for _, d, side in stacks(state) if side == 0) == 11
    data["actions"] = actions
    state = run_scenario(data).state
    assert state.damage == [4.0, 2.0, 0.0]


def test_same_suit_counts_one_to_one() -> None:
    """«Карты одной масти работают друг с другом с коэффициентом урона 1 к 1 (пять против
    пяти дает ноль)»"""
    s = table([["nr_ves"], ["ne_zoltan_chivay"]])
    act(s, "0: play nr_ves#1@new", "1: play ne_zoltan_chivay#1@s1")
    assert stacks(s) == [(1, 0.0, 1)]


def test_other_suit_counts_half_for_the_covered() -> None:
    """«карты разных мастей работают с коэффициентом 1 к 0.5 в пользу атакующего (пять мечей
    атакующего против пяти луков обороняющегося дают 2.5 очка урона обороняющемуся).»"""
    s = table([["nr_ves"], ["nr_keira_metz"]])
    act(s, "0: play nr_ves#1@new", "1: play nr_keira_metz#1@s1")
    assert stacks(s) == [(1, 2.5, 1)]
    s = table([["nr_ves"], ["nr_keira_metz"]], options={"cross_suit_value": 1.0})
    act(s, "0: play nr_ves#1@new", "1: play nr_keira_metz#1@s1")
    assert stacks(s) == [(1, 0.0, 1)]


def test_owner_may_name_one_suit_for_his_open_cards() -> None:
    """«В случае, если на столе оказываются открытые карты разных мастей, их владелец может
    вслух назначить масть, от которой будет отбиваться соперник - в таком случае все открытые
    карты приобретают строго озвученную масть.»"""
    s = table([["nr_ves", "ng_morteisen"], ["ne_vesemir"], ["nr_keira_metz"]])
    act(s, "0: play nr_ves#1@new", "2: throw att nr_keira_metz#1")
    # a close 5 and a ranged 5 press on seat 1: the opponent may name ...
    assert {"name att close", "name att ranged"} <= set(legal(s, 1))
    act(s, "1: pass", "2: pass")
    # ... and since he did not, the owner may name it on his own turn
    assert {"name att close", "name att ranged"} <= set(legal(s, 0))
    act(s, "0: name att ranged")
    assert s.exchange is not None and s.exchange.named == ["ranged", ""]
    assert not any(a.startswith("name att") for a in legal(s, 0))
    s2 = table([["nr_ves"], ["ne_vesemir"]])
    act(s2, "0: play nr_ves#1@new")
    assert not any(a.startswith("name") for a in legal(s2, 1))  # one suit only


def test_named_suit_applies_to_every_open_card() -> None:
    """«если он этого не делает, масть назначает соперник - в этот момент он может побить
    каждую масть отдельно или назначить себе удобную из лежащих на столе»"""
    s = table([["nr_ves", "nr_keira_metz"], ["ne_vesemir", "ng_assire_var_anahid"]])
    act(s, "0: play nr_ves#1@new", "1: pass", "0: play nr_keira_metz#1@new")
    act(s, "1: name att ranged")
    # the close 5 now counts as a bow: a bow 6 covers it one to one
    act(s, "1: play ng_assire_var_anahid#1@s1")
    assert stacks(s)[0] == (1, 1.0, 0)


def test_several_cards_add_up_on_one_open_card() -> None:
    """«Побить козырную карту любым количеством обычных карт невозможно.» — read the other way:
    an ordinary card may be beaten by several ordinary cards laid on it; their values add up."""
    s = table([["nr_keira_metz"], ["ng_puttkammer", "nr_sabrina_glevissig"]])
    act(s, "0: play nr_keira_metz#1@new", "1: play ng_puttkammer#1@s1")
    assert stacks(s) == [(1, 2.0, 1)]
    act(s, "1: play nr_sabrina_glevissig#1@s1")
    assert stacks(s) == [(1, 2.0, 0)]
    act(s, "0: pass")
    assert s.damage == [2.0, 0.0]


def test_watchers_throw_in_cards_of_the_same_value() -> None:
    """«Разрешено подбрасывание, то есть игроки-наблюдатели имеют право вмешаться в чужой гейм,
    сбросив в игру свои карты с тем же значением, что лежит на столе.»"""
    s = table([["nr_ves"], ["ng_rainfarn"], ["ne_zoltan_chivay", "ng_vreemde"]])
    act(s, "0: play nr_ves#1@new")
    assert s.to_act == (2,)
    assert legal(s, 2) == ["pass", "throw att ne_zoltan_chivay#1"]
    act(s, "2: throw att ne_zoltan_chivay#1")
    assert stacks(s) == [(1, 5.0, 1), (2, 5.0, 1)]


def test_throw_in_needs_an_open_card() -> None:
    """«Важное замечание - карта, по которой определяется значения для подбрасывания, должна
    быть открытой - то есть уже побитые карты не считаются.»"""
    s = table([["ng_morteisen"], ["nr_ves"], ["ng_puttkammer", "ne_zoltan_chivay"]])
    act(s, "0: play ng_morteisen#1@new", "2: pass", "1: play nr_ves#1@s1", "1: end")
    # the 3 is beaten: only the open 5 may be matched
    assert legal(s, 2) == ["pass", "throw def ne_zoltan_chivay#1"]


def test_too_late_once_the_defender_covered() -> None:
    """«И да, если обороняющийся успеет закрыть карту до вашего подброса, ваш подброс уже не
    засчитывается, так что думайте и действуйте быстро.»"""
    s = table([["nr_ves", "ng_morteisen"], ["ne_zoltan_chivay"], ["nr_sile_de_tansarville"]])
    act(s, "0: play nr_ves#1@new", "2: pass", "1: play ne_zoltan_chivay#1@s1")
    assert s.window == []  # nothing is open: no window


def test_a_card_taking_the_exchange_to_zero_is_not_open() -> None:
    """«Как не считается и выложенная в оборону карта, уводящая гейм в ноль - открытой карта
    считается, если на ней еще есть очки урона.»"""
    s = table([["nr_ves", "ng_morteisen"], ["ne_zoltan_chivay", "ng_rainfarn"],
               ["nr_sile_de_tansarville"]])
    act(s, "0: play nr_ves#1@new", "2: pass", "1: play ne_zoltan_chivay#1@s1", "1: end")
    assert s.window == [] and s.to_act == (0,)


def test_bonded_cards_are_thrown_in_together() -> None:
    """«Правило обязательной выкладки сохраняется и на подбрасывании.»"""
    s2 = table([["ne_vesemir"], ["ng_rainfarn"],
                ["nr_crinfrid_reavers_dragon_hunter", "nr_crinfrid_reavers_dragon_hunter"]])
    act(s2, "0: play ne_vesemir#1@new")
    assert legal(s2, 2) == ["pass"]  # 6 is not 5
    s3 = table([["nr_ves"], ["ng_rainfarn"],
                ["nr_crinfrid_reavers_dragon_hunter", "nr_crinfrid_reavers_dragon_hunter"]])
    act(s3, "0: play nr_ves#1@new")
    assert legal(s3, 2) == ["pass", "throw att nr_crinfrid_reavers_dragon_hunter#1,"
                                    "nr_crinfrid_reavers_dragon_hunter#2"]
    act(s3, "2: throw att nr_crinfrid_reavers_dragon_hunter#1,nr_crinfrid_reavers_dragon_hunter#2")
    assert [d for _, d, _ in stacks(s3)] == [5.0, 10.0, 10.0]


def test_throw_ins_are_decided_at_once_and_hidden_until_all_decide() -> None:
    """Throw-ins happen at the table at the same time: every watcher decides at once."""
    s = table([["nr_ves"], ["ng_rainfarn"], ["ne_zoltan_chivay"], ["ng_zerrikanian_fire_scorpion"]])
    act(s, "0: play nr_ves#1@new")
    assert s.to_act == (2, 3)
    act(s, "2: throw att ne_zoltan_chivay#1")
    assert s.observe(3)["throw_in"]["mine"] is None
    assert not any("ne_zoltan_chivay" in str(e.to_json()) for e in s.log(3))
    assert not any("ne_zoltan_chivay" in str(e.to_json()) for e in s.log(None))
    assert s.observe(2)["throw_in"]["mine"] == ["0", "ne_zoltan_chivay#1"]
    assert len(stacks(s)) == 1
    act(s, "3: throw att ng_zerrikanian_fire_scorpion#1")
    assert len(stacks(s)) == 3 and s.to_act == (1,)


def test_covered_throw_in_damage_goes_to_the_side_or_the_thrower() -> None:
    """Decision: damage on a thrown-in card that gets covered goes to the player it
    reinforced (the seed: «что направляет на Кирилла 6 очков урона»); option ``thrower``."""
    for option, expected in (("side", [2.0, 1.0, 0.0]), ("thrower", [2.0, 0.0, 1.0])):
        s = table([["ng_morteisen", "ne_vesemir"], ["nr_ves"], ["ne_zoltan_chivay"]],
                  options={"throw_in_damage_to": option})
        act(s, "0: play ng_morteisen#1@new", "2: pass", "1: play nr_ves#1@s1", "1: end",
            "2: throw def ne_zoltan_chivay#1", "0: play ne_vesemir#1@s2", "0: end", "2: pass",
            "1: pass")
        assert s.damage == expected


