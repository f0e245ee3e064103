"""Suits, ravens and the reveal phase (Масти и их эффекты, Вороны, Фаза раскрытия): one test
per rule sentence of seed 002 (the worked examples are scenario files)."""

from __future__ import annotations

import pytest

from koloda.engine import IllegalAction, load_game
from koloda.games.nevermore.state import NevermoreState

from .helpers import act, commit_min, first_legal, kinds, setup

C3 = ("0: commit 0", "1: commit 0", "2: commit 0")


def test_attack_leader_chooses_one_target_count_minus_second() -> None:
    """«Атака: Игрок с наибольшим числом карт атаки (а также в случае ничьей), наносит
    повреждение одному игроку на свой выбор. Количество наносимых повреждений зависит от числа
    карт атаки МИНУС число карт атаки игрока на втором месте по их наибольшему числу.»"""
    s = setup(3, hands=["AAAHV", "AHSSV", "HSSVV"])
    act(s, *C3)
    assert s.to_act == (0,) and s.observe(0)["attack_amount"] == 2
    assert [str(a) for a in s.legal_actions(0)] == ["attack 1", "attack 2"]
    act(s, "0: attack 1")
    assert s.health == [5, 3, 5]


def test_tied_leaders_each_act() -> None:
    """«Игроки делят ничью при равном наибольшем количестве карт одной масти.»"""
    s = setup(3, hands=["VVHHS", "VVHSS", "HHSSS"])
    commit_min(s, 4)
    assert s.vp == [2, 2, 0]


def test_second_place_not_summed() -> None:
    """«Не имеет значения, как много игроков делят второе место по наибольшему числу собранных
    карт одной масти; суммирования не происходит.»"""
    s = setup(4, hands=["AAAAV", "AAHHV", "AAHSV", "HSSVV"])
    commit_min(s)
    assert s.amount == 2


def test_knockout_turns_raven_and_gives_vp() -> None:
    """«Если здоровье игрока становится равным нулю или ниже, он превращается в ворона (смотри
    «В обличии ворона» ниже в правилах). Игрок, вызвавший такое превращение, получает 1 ПО.»"""
    s = setup(3, hands=["AAAAV", "HHSSV", "HSSVV"], health=[5, 2, 5])
    act(s, *C3, "0: attack 1")
    assert s.raven == [False, True, False] and s.health[1] == 0 and s.vp[0] == 1
    assert "NmBecameRaven" in kinds(s)


def test_attack_four_or_more_may_hit_everyone() -> None:
    """«Если атака игрока может нанести 4 или более повреждений, он также может выбрать
    возможность нанести 1 повреждение всем игрокам, в том числе и себе, и получить за это 2
    ПО.»"""
    s = setup(3, hands=["AAAAV", "HHSSV", "HSSVV"])
    act(s, *C3)
    assert "attack all" in [str(a) for a in s.legal_actions(0)]
    act(s, "0: attack all")
    assert s.health == [4, 4, 4] and s.vp == [2, 0, 0]
    t = setup(3, hands=["AAAHV", "HHSSV", "HSSVV"])
    act(t, *C3)
    with pytest.raises(IllegalAction, match="4 or more"):
        act(t, "0: attack all")


def test_healing_capped_and_bonus_at_full_health() -> None:
    """«Игрок не может превысить максимум допустимого здоровья (5 при игре 3-4 человека; 4 при
    игре 5-6 человек). Если у игрока максимум здоровья и он играет количество карт здоровья,
    достаточное для исцеления на 3 очка, он получает 1 ПО.»"""
    s = setup(3, hands=["HHHVV", "SSSVV", "SSVVV"], health=[4, 5, 5])
    commit_min(s, 2)
    assert s.health[0] == 5 and s.vp[0] == 0  # heal 3 from 4: capped at 5, no VP
    t = setup(3, hands=["HHHVV", "SSSVV", "SSVVV"])
    commit_min(t, 2)
    assert t.health[0] == 5 and t.vp[0] == 1


def test_variant_healing_bonus_for_any_healing_of_three() -> None:
    """The other reading of the same sentence (option ``healing_bonus=any``): healing of 3 or
    more gives 1 VP whatever the health before it."""
    game = load_game("nevermore", players=3, magic="none", healing_bonus="any")
    s = game.from_setup({"hands": ["HHHVV", "SSSVV", "SSVVV"], "health": [2, 5, 5]}, seed=1)
    assert isinstance(s, NevermoreState)
    commit_min(s, 2)
    assert s.health[0] == 5 and s.vp[0] == 1
    u = game.from_setup({"hands": ["HHVVV", "SSSVV", "SSVVV"], "health": [2, 5, 5]}, seed=1)
    assert isinstance(u, NevermoreState)
    commit_min(u, 2)
    assert u.health[0] == 4 and u.vp[0] == 0


def test_radiance_leader_draws_light() -> None:
    """«Сияние: Игрок с наибольшим количеством карт сияния (а также в случае ничьей), получает
    карты Магии Света. Количество карт зависит от количества карт сияния МИНУС число карт
    сияния у игрока на втором месте по их наибольшему числу.»"""
    s = setup(3, magic_set="koloda", hands=["SSSVV", "SHHVV", "AHHVV"])
    commit_min(s, 1)
    act(s, "2: attack 0")
    commit_min(s, 2)
    assert len(s.magic[0]) == 2 and all(100 <= c < 200 for c in s.magic[0])


def test_five_radiance_heal_two_and_vp() -> None:
    """«Игрок, который разыграл 5 карт сияния (независимо от того, сколько разыграли другие
    игроки), восстанавливает 2 очка здоровья и получает 1 ПО. Он также получает соответствующее
    количество карт Магии Света.»"""
    s = setup(3, magic_set="koloda", hands=["SSSSS", "SSSSV", "AHHVV"], health=[2, 5, 5])
    commit_min(s, 1)
    act(s, "2: attack 1")
    commit_min(s, 2)
    assert s.health[0] == 4 and s.vp[0] == 1 and len(s.magic[0]) == 1


def test_victory_leader_gains_vp() -> None:
    """«Победа: Игрок с наибольшим количеством карт победы (а также в случае ничьей) получает
    очки победы (золотые кубики). Количество золотых кубиков зависит от числа карт победы МИНУС
    число карт победы у игрока на втором месте по их наибольшему числу.»"""
    s = setup(3, hands=["VVVVH", "VHHSS", "HHSSS"])
    commit_min(s, 4)
    assert s.vp == [3, 0, 0]


def test_each_raven_sacrifices_a_card_of_another_suit() -> None:
    """«За каждого ворона, который остался на руке в результате последнего драфта, игрок должен
    выбрать карты другой масти (Атака, Лечение, Сияние, Победа – любую по желанию) и пожертвовать
    ею.»"""
    s = setup(3, hands=["AAVVR", "HHSSV", "HSSVV"])
    assert [str(a) for a in s.legal_actions(0)] == ["commit 0", "commit 1"]
    act(s, "0: commit 0", "1: commit 0", "2: commit 0", "0: attack 1")
    commit_min(s, 2)
    assert [str(a) for a in s.legal_actions(0)] == ["commit 1"]  # the last chance: forced


def test_sacrificed_cards_kept_until_their_suit() -> None:
    """«Уничтоженные карты сразу не сбрасываются, а держатся до того, как будет названа их
    масть в фазе раскрытия (см. фазу раскрытия).»"""
    s = setup(3, hands=["AVVVR", "HHSSV", "HSSVV"])
    act(s, "0: commit 0", "1: commit 0", "2: commit 0", "0: attack 1")
    assert len(s.hands[0]) == 4 and s.face_down[0] == []


def test_cancelled_cards_face_down_not_counted() -> None:
    """«Карты воронов и карты, принесенные в жертву, переворачиваются лицевой стороной вниз,
    чтобы не учитываться при разыгрывании способности или ослабления карт этой масти других
    игроков.»"""
    s = setup(3, hands=["AAARR", "AAHSV", "HSSVV"])
    act(s, "0: commit 2", "1: commit 0", "2: commit 0")
    assert s.counts == [1, 2, 0] and s.to_act == (1,) and s.amount == 1
    view = s.observe(2)["players_info"][0]["table"]
    assert sum(1 for c in view if c["face_down"]) == 4


def test_conspiracy_ends_round_at_once() -> None:
    """«Если у игрока осталось 5 карт ворона в результате его последнего драфта, это приносит
    ему большой положительный эффект, (см. ниже), а раунд при этом сразу заканчивается. Другие
    игроки не разыгрывают свои карты.»"""
    s = setup(3, hands=["RRRRR", "AAAVV", "VVVHH"])
    assert s.round == 2 and "NmRevealed" not in kinds(s) and s.vp == [1, 0, 0]
    assert s.health == [5, 4, 4]


def test_skulking_ravens_draw_shadow() -> None:
    """«Игрок, у которого наибольшее (а также в случае ничье) количество карт в конце тянет
    карты Магии Тени. Количество получаемых карт зависит от числа карт воронов МИНУС число
    оставшихся карт воронов у игрока на втором месте по их наибольшему числу.»"""
    s = setup(3, magic_set="koloda", hands=["ARRRR", "HHVVV", "HHVVV"])
    act(s, "0: commit 1", "1: commit 0", "2: commit 0")
    commit_min(s, 3)
    ev = next(e for e in s.events if e.kind_name() == "NmSkulking")
    assert ev.counts == (3, 0, 0) and ev.amount == 3  # type: ignore[attr-defined]
    assert len(s.magic[0]) == 3 and all(c >= 200 for c in s.magic[0])


def test_ravens_must_cancel_every_other_suit() -> None:
    """«Напоминание: Вороны должны уничтожить все другие масти в Фазе Раскрытия. У вас
    останутся скрытые вороны и карты Магии Тени, если вы уничтожите все ваши другие карты
    первыми.»"""
    s = setup(3, hands=["AVRRR", "HHSSV", "HSSVV"])
    with pytest.raises(IllegalAction, match="must be 1"):
        act(s, "0: commit 0")
    act(s, "0: commit 1", "1: commit 0", "2: commit 0")
    commit_min(s, 2)
    assert [str(a) for a in s.legal_actions(0)] == ["commit 1"]


def test_conspiracy_first_skulking_last() -> None:
    """«Порядок, в котором разыгрываются масти (кроме воронов) будет меняться с каждым ходом,
    но всегда вначале проводится проверка «Стаи воронов» (5 воронов) и заканчивается проверкой
    скрытых воронов (X воронов).»"""
    s = setup(3, hands=["AARRR", "HHSSV", "HSSVV"], round=2,
              tokens=["victory", "radiance", "attack", "healing"])
    while s.round == 2:
        first_legal(s)
    names = [k for k in kinds(s) if k in ("NmRevealed", "NmSkulking", "NmFinalHands")]
    assert names == ["NmFinalHands"] + ["NmRevealed"] * 4 + ["NmSkulking"]
    suits = [e.suit for e in s.events if e.kind_name() == "NmRevealed"]  # type: ignore[attr-defined]
    assert suits == ["victory", "radiance", "attack", "healing"]


def test_first_round_tokens_face_up_in_order() -> None:
    """«В начале самого первого раунда тайлы раскрытия помещается в качестве указателя в
    следующей последовательности лицевой стороной вверх: Атака, Лечение, Сияние, Победа.»"""
    s = setup(3, hands=["AARRH", "HHSSV", "HSSVV"])
    assert s.observe(1)["tokens"] == ["attack", "healing", "radiance", "victory"]


def test_later_rounds_tokens_shuffled_face_down() -> None:
    """«После этого последовательность скрывается тенью, где 4 жетона раскрытий перемешиваются
    и помещаются лицевой стороной вниз между тайлами «5 воронов» и «X воронов».»"""
    orders = set()
    for seed in range(8):
        s = setup(3, seed=seed, hands=["HHSSV", "HHSSV", "AASVV"])
        while s.round == 1:
            first_legal(s)
        assert s.observe(0)["tokens"] == [None] * 4
        orders.add(tuple(s.tokens))
    assert len(orders) > 1


def test_commit_hidden_until_all_ready() -> None:
    """«Все игроки, имеющие карты названной масти, должны быть готовы выложить их перед собой,
    но всё ещё держат их скрытыми от других игроков. Когда все игроки готовы, одновременно
    происходит раскрытие.»"""
    s = setup(3, hands=["AARRH", "HHSSV", "HSSVV"])
    act(s, "0: commit 1")
    v1 = s.observe(1)
    assert v1["decided"] == [0] and v1["to_act"] == [1, 2]
    assert v1["players_info"][0]["table"] == [] and "commit" not in str(v1["you"]["choice"])
    assert s.observe(0)["you"]["choice"] == "commit 1"
    act(s, "1: commit 0", "2: commit 0")
    assert len(s.observe(1)["players_info"][0]["table"]) == 3


def test_all_cards_of_suit_played_with_their_ravens() -> None:
    """«Важно помнить, что все карты названной масти должны быть разыграны вместе, включая
    карты воронов, уничтожающие эти карты.»"""
    s = setup(3, hands=["AAARH", "HHSSV", "HSSVV"])
    act(s, "0: commit 1", "1: commit 0", "2: commit 0")
    assert sorted(s.table[0]) == [0, 1, 2, 48] and s.counts[0] == 2


def test_next_token_turned_after_previous_resolved() -> None:
    """«Каждая масть разыгрывается и вскрывается до следующего действия, следующий жетон
    переворачивается только после того, как предыдущая масть уже разыграна, в том числе весь
    результирующий подсчет очков и способности.»"""
    s = setup(3, hands=["AAAHV", "AHSSV", "HSSVV"], round=2,
              tokens=["attack", "victory", "healing", "radiance"])
    act(s, *C3)
    assert s.stage.value == "attack" and s.observe(1)["tokens"] == ["attack", None, None, None]
    act(s, "0: attack 1")
    assert s.observe(1)["tokens"] == ["attack", "victory", None, None]
