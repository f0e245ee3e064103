"""Setup and the draft (Подготовка к игре, Фаза Драфта): one test per rule sentence of seed 002."""

from __future__ import annotations

from collections import Counter

import pytest

from koloda.engine import IllegalAction
from koloda.games.nevermore.cards import PER_SUIT, Suit, suit_of

from .helpers import act, first_legal, new, setup


@pytest.mark.parametrize(("players", "health"), [(3, 5), (4, 5), (5, 4), (6, 4)])
def test_health_by_player_count(players: int, health: int) -> None:
    """«При игре 3-4 игроков поместите 5 кубиков здоровья на соответствующий тайл; при игре 5-6
    игроков – 4 кубика здоровья.»"""
    s = new(players)
    assert s.health == [health] * players and s.max_health == health


def test_no_vp_at_start() -> None:
    """«Игроки начинают игру без ПО.»"""
    assert new(4).vp == [0, 0, 0, 0]


def test_direction_starts_left() -> None:
    """«В центре игровой области поместите маркер направления хода «левой» стороной вверх.»"""
    s = new(4)
    assert s.direction == 1 and s.observe(0)["direction"] == "left"


def test_three_decks_shuffled_apart() -> None:
    """«Перетасуйте все три колоды карт отдельно друг от друга: Основная колода, Колода Магии
    Света, Колода Магии Тени»"""
    s = new(4, magic="koloda")
    assert len(s.light_deck) == 25 and all(100 <= c < 200 for c in s.light_deck)
    assert len(s.shadow_deck) + 4 == 25 and all(200 <= c < 300 for c in s.shadow_deck)
    main = s.deck + [c for h in s.hands for c in h]
    assert sorted(main) == list(range(60))


def test_one_shadow_card_each_seen_by_owner() -> None:
    """«Рубашкой вверх раздайте каждому игроку 1 карту Магии Тени (игроки могут её
    посмотреть).»"""
    s = new(4, magic="koloda")
    assert all(len(m) == 1 and m[0] >= 200 for m in s.magic)
    v0 = s.observe(0)
    assert [m["id"] for m in v0["you"]["magic"]] == s.magic[0]
    assert v0["players_info"][1]["shadow"] == 1
    assert "you" not in s.observe(None)
    assert all(str(s.magic[1][0]) not in str(e.to_json()) for e in s.log(0)
               if e.kind_name() == "NmMagicCards")


@pytest.mark.parametrize("seed", range(6))
def test_first_dealer_draws_until_raven(seed: int) -> None:
    """«Выберите раздающего: Каждый игрок тянет карту из Основной колоды, пока не вытянет карту
    ворона. Этот игрок будет первым раздающим.»"""
    s = new(4, seed=seed)
    ev = next(e for e in s.events if e.kind_name() == "NmDealerChosen")
    draws = ev.draws  # type: ignore[attr-defined]
    assert [suit_of(c) for _, c in draws[:-1]].count(Suit.RAVEN) == 0
    assert suit_of(draws[-1][1]) == Suit.RAVEN and draws[-1][0] == s.dealer
    assert [p for p, _ in draws] == [i % 4 for i in range(len(draws))]


def test_five_cards_dealt() -> None:
    """«Сначала игрокам раздаются по пять карт из Основной колоды.»"""
    s = new(5)
    assert [len(h) for h in s.hands] == [5] * 5 and len(s.deck) == 35


def test_sixty_cards_twelve_per_suit() -> None:
    """«В Основной колоде, состоящей из 60 карт, каждая масть представлена 12 картами.»"""
    assert Counter(suit_of(c) for c in range(60)) == {s: PER_SUIT for s in Suit}


def test_first_pass_three_cards_left() -> None:
    """«В первом раунде в фазе Драфта игрок оставляет себе две карты и передает три карты
    другому игроку, сидящему слева. Эти карты добавляются к двум оставшимся картам следующего
    игрока.»"""
    s = new(3)
    h0, h1 = list(s.hands[0]), list(s.hands[1])
    assert s.stage.value == "pass" and s.observe(0)["pass_size"] == 3
    with pytest.raises(IllegalAction, match="exactly 3"):
        act(s, f"0: pass {h0[0]} {h0[1]}")
    act(s, f"0: pass {h0[0]} {h0[1]} {h0[2]}")
    assert s.hands[1] == h1  # hidden until everyone has passed
    first_legal(s)
    assert set(h0[:3]) <= set(s.hands[1]) and len(s.hands[1]) == 5
    assert s.observe(0)["you"]["passed"] == [h0[:3]]
    assert s.observe(1)["you"]["received"] == [h0[:3]]


def test_second_pass_two_cards() -> None:
    """«Во втором раунде игроку слева передаются только две карты, при этом три остаются на
    руках их владельцев.»"""
    s = new(3)
    first_legal(s)
    assert s.pass_no == 2 and len(s.legal_actions(0)) == 10
    assert all(len(a.cards) == 2 for a in s.legal_actions(0))  # type: ignore[attr-defined]


def test_third_pass_one_card_final_hand() -> None:
    """«И, наконец, происходит передача только одной карты игроку слева. Пять оставшихся карт
    на руке – это результат Последнего Драфта.»"""
    s = new(3)
    first_legal(s)
    first_legal(s)
    assert len(s.legal_actions(0)) == 5
    hands_before = [list(h) for h in s.hands]
    first_legal(s)
    assert s.final_hands == s.hands
    assert all(len(h) == 5 for h in s.final_hands)
    assert s.final_hands[1] == sorted([*hands_before[1][1:], hands_before[0][0]])


def test_direction_alternates_each_round() -> None:
    """«Примечание: каждый драфт, в направлении которого передавались карты, изменяет своё
    направление в следующем раунде.»"""
    s = setup(3, start="reveal", hands=["HHSSV", "HSSVV", "SSVVV"])
    while s.round == 1:
        first_legal(s)
    assert s.direction == -1 and s.stage.value == "pass"
    h0 = list(s.hands[0])
    first_legal(s)
    assert set(h0[:3]) <= set(s.hands[2])  # seat 0 passes right, to seat 2
