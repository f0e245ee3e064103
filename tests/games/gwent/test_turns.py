"""Turn order («очередность розыгрыша»): the dice for the first attacker and the target, who
takes the next attack, the two-exchange limit. Each docstring quotes the seed's sentence."""

from __future__ import annotations

from koloda.engine import load_game
from koloda.games.gwent.turns import target_by_die

from .helpers import act, table


def test_first_attacker_by_the_dice() -> None:
    """«Сначала все игроки бросают кубик, дабы определить первого атакующего (у него должно быть
    самое высокое значение).»"""
    s = load_game("gwent", players=3).from_setup({
        "hands": [["nr_ves"], ["ne_zoltan_chivay"], []],
        "decks": [["ng_cynthia"] * 2, ["ng_sweers"] * 2, ["ng_albrich"] * 2],
        "exchange": {"attacker": 0, "defender": 1}})
    # the zero exchange's roll, then the next round's dice: seat 2 attacks, its die shows 1
    s.rng.force(0, 2, 0)
    act(s, "0: play nr_ves#1@new", "1: play ne_zoltan_chivay#1@s1")
    assert s.round == 2
    ex = s.exchange
    assert ex is not None and (ex.attacker, ex.defender) == (2, 0)
    rolled = [e for e in s.events if e.kind_name() == "GwentAttackerRolled"]
    assert rolled[-1].reason == "first"  # type: ignore[attr-defined]


def test_three_players_die_points_left_or_right() -> None:
    """«Далее, в случае трех игроков: значения от 1 до 3 включительно направляют атакующего на
    соперника слева, от 4 до 6 включительно на соперника справа.»"""
    assert [target_by_die(3, 1, r) for r in range(1, 7)] == [2, 2, 2, 0, 0, 0]


def test_four_players_die_points_left_across_right() -> None:
    """«В случае четырех игроков: значения от 1 до 2 ... направляют атаку налево, от 3 до 4 -
    прямо по центру, от 5 до 6 - направо.»"""
    assert [target_by_die(4, 1, r) for r in range(1, 7)] == [2, 2, 3, 3, 0, 0]


def _zero_exchange(s, a: int, d: int) -> None:  # type: ignore[no-untyped-def]
    """Seat ``a`` leads a 5, seat ``d`` closes it with a 5, both pass: a zero exchange."""
    ex = s.exchange
    assert ex is not None and (ex.attacker, ex.defender) == (a, d)
    act(s, f"{a}: play {_five(s, a)}@new")
    while s.window:
        act(s, f"{s.to_act[0]}: pass")
    act(s, f"{d}: play {_five(s, d)}@s1", f"{d}: end", f"{a}: pass", f"{d}: pass")


def _five(s, seat: int) -> str:  # type: ignore[no-untyped-def]
    return next(c for c in s.hands[seat] if c.startswith(("nr_ves", "ne_zoltan")))


def test_damage_dealer_takes_the_next_attack() -> None:
    """«Право перехватить атаку в последующих геймах получает тот, кто наносит сопернику урон
    по итогам гейма.»"""
    s = table([["ng_morteisen", "ng_vreemde"], ["nr_ves", "ng_rainfarn"]])
    act(s, "0: play ng_morteisen#1@new", "1: play nr_ves#1@s1", "1: end", "0: pass", "1: pass")
    assert s.damage == [2.0, 0.0]
    assert s.exchange is not None and s.exchange.attacker == 1


def test_zero_exchange_the_pair_rolls() -> None:
    """«В случае, если соперники сыграли гейм "в ноль", они бросают кубик, чтобы определить
    атакующего.»"""
    for roll, attacker in ((0, 0), (1, 1)):
        s = table([["nr_ves", "ng_vreemde"], ["ne_zoltan_chivay", "ng_rainfarn"]])
        s.rng.force(roll)
        _zero_exchange(s, 0, 1)
        assert s.exchange is not None and s.exchange.attacker == attacker


def test_no_pair_plays_more_than_two_exchanges_in_a_row() -> None:
    """«Несмотря на кубик, два одних и тех же соперника не имеют права сыграть больше двух
    геймов подряд.» and «Если второй гейм между такими игроками закончился "в ноль",
    определенный кубиком атакующий автоматически переключается на другого игрока.»"""
    hands = [["nr_ves", "nr_ves", "ng_vreemde"], ["ne_zoltan_chivay", "ne_zoltan_chivay",
                                                  "ng_rainfarn"], ["ng_cynthia", "ng_sweers"]]
    s = table(hands)
    s.rng.force(0, 0)  # after the first zero exchange: seat 0 attacks; its die shows 1: seat 1
    _zero_exchange(s, 0, 1)
    assert s.exchange is not None and s.exchange.defender == 1
    s.rng.force(0, 0, 0)  # after the second: seat 0 attacks, die 1 (seat 1) is refused, ...
    _zero_exchange(s, 0, 1)
    ex = s.exchange
    assert ex is not None and ex.attacker == 0 and ex.defender == 2


def test_two_players_always_face_each_other() -> None:
    """With two players the die has no one else to point at (decision: the pair limit does not
    apply)."""
    s = table([["nr_ves", "nr_ves", "nr_ves"], ["ne_zoltan_chivay"] * 3])
    s.rng.force(0)
    _zero_exchange(s, 0, 1)
    s.rng.force(0)
    _zero_exchange(s, 0, 1)
    assert s.exchange is not None and {s.exchange.attacker, s.exchange.defender} == {0, 1}


def test_exchanges_go_on_until_the_cards_run_out() -> None:
    """«Геймы играются до тех пор, пока у соперников не закончатся карты из "десятки".» —
    decision: the round ends when fewer than two players hold cards; what the last one holds is
    discarded unplayed."""
    s = load_game("gwent", players=3).from_setup({
        "hands": [["nr_ves"], ["ne_zoltan_chivay"], ["ng_cynthia", "ng_sweers"]],
        "exchange": {"attacker": 0, "defender": 1}})
    act(s, "0: play nr_ves#1@new", "2: pass", "1: play ne_zoltan_chivay#1@s1")
    ended = [e for e in s.events if e.kind_name() == "GwentRoundEnded"]
    assert ended and ended[0].leftover == ("ng_cynthia#1", "ng_sweers#1")  # type: ignore[attr-defined]
