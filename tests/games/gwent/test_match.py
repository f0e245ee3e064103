"""One test per rule sentence of the match: players, decks and dice, the neutral deal, rounds,
round points, the fifth round, ties. Also the catalogue, the deck lists and the options."""

from __future__ import annotations

from collections import Counter

import pytest

from koloda.engine import InvalidData, InvalidOption, load_game
from koloda.games.gwent.cards import CATALOGUE, Perk, Suit, card
from koloda.games.gwent.decks import FACTIONS, default_deck_lists, load_deck_lists

from .helpers import act


def test_two_to_four_players() -> None:
    """«Количество игроков: от 2 до 4 человек.»"""
    for n in (2, 3, 4):
        assert load_game("gwent", players=n).new(seed=1).players == n
    with pytest.raises(InvalidOption):
        load_game("gwent", players=5)


def test_decks_by_the_dice_are_all_different() -> None:
    """«все участники бросают кубик таким образом, чтобы у всех в итоге получились разные,
    нисходящие значения. После этого в любой рандомайзер вбиваются названия четырех колод, и
    первым колоду "рандомит" человек с самым большим значением на кубике (и так далее).»"""
    seen = set()
    for seed in range(12):
        s = load_game("gwent", players=4).new(seed=seed)
        assert sorted(s.deck_names) == sorted(FACTIONS)
        assert sorted(s.order) == [0, 1, 2, 3]
        seen.add(tuple(s.deck_names))
    assert len(seen) > 3


def test_decks_may_be_chosen_in_dice_order() -> None:
    """Option ``deck_choice=choose``: the players choose in the dice order instead."""
    s = load_game("gwent", players=3, deck_choice="choose").new(seed=3)
    assert s.phase == "choose" and s.to_act == (s.order[0],)
    act(s, f"{s.order[0]}: deck monsters")
    assert s.to_act == (s.order[1],) and "deck monsters" not in [
        str(a) for a in s.legal_actions(s.order[1])]
    act(s, f"{s.order[1]}: deck nilfgaard", f"{s.order[2]}: deck scoiatael")
    assert s.phase == "play" and s.deck_names[s.order[0]] == "monsters"


def test_neutral_cards_dealt_evenly_and_shuffled_in() -> None:
    """«Когда колоды распределены, на стол ставится нейтральная колода, и один из игроков
    раздает нейтральные карты игрокам поровну в случайном порядке, после чего эти карты
    подмешиваются в основную.»"""
    for n, share in ((2, 6), (3, 4), (4, 3)):
        s = load_game("gwent", players=n).new(seed=n)
        assert [len(x) for x in s.neutrals] == [share] * n and s.aside == []
        for p in range(n):
            assert set(s.neutrals[p]) <= set(s.hands[p] + s.decks[p])
        assert s.observe(0)["my_neutrals"] == sorted(s.neutrals[0])


def test_ten_cards_each_round_no_drawing() -> None:
    """«Каждый игрок случайным образом (то бишь рубашкой вверх) раздает себе из колоды ровно
    десять карт. Добор из колоды в течение раунда запрещен - таким образом, раунд играется
    разданной "десяткой" до самого конца.»"""
    s = load_game("gwent", players=3, seat_decks="northern_realms,nilfgaard,monsters").new(
        seed=2)
    assert [len(h) for h in s.hands] == [10, 10, 10]
    decks = [len(d) for d in s.decks]
    assert decks == [38 + 4 - 10, 38 + 4 - 10, 41 + 4 - 10]
    seat = s.to_act[0]
    s.apply(seat, s.legal_actions(seat)[-1])
    assert [len(d) for d in s.decks] == decks


def test_four_rounds_one_point_each_to_the_least_damaged() -> None:
    """«Для определения победителя партии применяется система выигранных раундов - по одному
    очку за взятый раунд.» and «Главная суть игры, она же критерий победы - нанести
    сопернику\\соперникам больше очков урона, чем есть у вас.»"""
    s = load_game("gwent", players=2).from_setup({
        "hands": [["ng_morteisen"], ["nr_ves"]], "round": 1,
        "exchange": {"attacker": 0, "defender": 1}})
    act(s, "0: play ng_morteisen#1@new", "1: play nr_ves#1@s1")
    ended = [e for e in s.events if e.kind_name() == "GwentRoundEnded"]
    assert ended[0].winners == (1,)  # type: ignore[attr-defined]
    assert s.round_damage[0] == [2.0, 0.0]


def test_equal_least_damage_shares_the_point() -> None:
    """«В случае, если раунд с нулевым показателем очков урона заканчивает больше одного
    игрока, они оба считаются победителями и получают по очку.»"""
    s = load_game("gwent", players=3).from_setup({
        "hands": [["nr_ves"], ["ne_zoltan_chivay"], []], "round": 1,
        "exchange": {"attacker": 0, "defender": 1}})
    act(s, "0: play nr_ves#1@new", "1: play ne_zoltan_chivay#1@s1")
    assert s.round_damage[0] == [0.0, 0.0, 0.0]
    ended = [e for e in s.events if e.kind_name() == "GwentRoundEnded"]
    assert ended[0].winners == (0, 1, 2)  # type: ignore[attr-defined]


def test_damage_resets_each_round() -> None:
    """«Количество очков урона, как нетрудно догадаться, сбрасывается с каждым раундом и
    подсчет начинается сначала.»"""
    s = load_game("gwent", players=2).from_setup({
        "hands": [["ng_morteisen"], ["nr_ves"]], "decks": [["ng_sweers"], ["ng_albrich"]],
        "exchange": {"attacker": 0, "defender": 1}})
    act(s, "0: play ng_morteisen#1@new", "1: play nr_ves#1@s1")
    assert s.round == 2 and s.damage == [0.0, 0.0] and s.round_damage == [[2.0, 0.0]]


def test_match_of_four_rounds_ends_with_a_clear_leader() -> None:
    """«всего их в игре 4 или 5 в случае, если по итогам четырех раундов победитель не
    определен»"""
    s = load_game("gwent", players=2).from_setup({
        "hands": [["nr_ves"], ["ng_morteisen"]], "round": 4, "points": [2, 1],
        "decks": [["ng_sweers"] * 5, ["ng_albrich"] * 5],
        "exchange": {"attacker": 0, "defender": 1}})
    act(s, "0: play nr_ves#1@new", "1: play ng_morteisen#1@s1")
    assert s.is_terminal and s.points == [3, 1] and s.winners == [0] and not s.by_die


def test_tie_after_the_fifth_round_goes_to_the_die() -> None:
    """«Все спорные ситуации, не обозначенные правилами, решаются броском кубика.» — a tie
    after the last round (option ``final_tie=shared`` shares the win)."""
    setup = {"hands": [["nr_ves"], ["ne_zoltan_chivay"]], "round": 5, "points": [2, 2],
             "exchange": {"attacker": 0, "defender": 1}}
    s = load_game("gwent", players=2).from_setup(setup)
    s.rng.force(0, 1)  # the zero exchange's roll, then the die for the match: seat 1
    act(s, "0: play nr_ves#1@new", "1: play ne_zoltan_chivay#1@s1")
    result = s.result()
    assert result is not None and result.scores == (0.0, 1.0) and s.by_die
    s = load_game("gwent", players=2, final_tie="shared").from_setup(setup)
    act(s, "0: play nr_ves#1@new", "1: play ne_zoltan_chivay#1@s1")
    result = s.result()
    assert result is not None and result.scores == (1.0, 1.0)


# --- the catalogue, the deck lists, the options ----------------------------------------------


def test_three_suits_and_the_catalogue() -> None:
    """«В игре используется три масти - мечи, луки и осадные.»"""
    assert {s.value for s in Suit} == {"close", "ranged", "siege"}
    assert card("nr_catapult").name_ru == "Катапульта" and card("nr_catapult").suits == (
        Suit.SIEGE,)
    assert card("ne_geralt_of_rivia").trump
    assert card("ne_dandelion").has(Perk.BARD) and card("st_milva").has(Perk.SPECIALIST)
    assert "sp_biting_frost" not in CATALOGUE and "sp_commanders_horn" not in CATALOGUE
    with pytest.raises(InvalidData, match="not used in this game"):
        card("sp_commanders_horn")


def test_default_match_set() -> None:
    lists = default_deck_lists()
    assert {n: len(d) for n, d in lists.decks.items()} == {
        "northern_realms": 38, "nilfgaard": 38, "scoiatael": 38, "monsters": 41}
    assert Counter(lists.neutral)["ne_villentretenmerth"] == 2 and len(lists.neutral) == 12
    for deck in lists.decks.values():
        assert all(card(c).expansion == "base" for c in deck)


def test_deck_lists_from_text() -> None:
    text = '{"decks": {"north": {"nr_catapult": 2, "nr_ves": 1}, "south": {"ng_cynthia": 3}},' \
           ' "neutral": {"ne_geralt_of_rivia": 1}}'
    lists = load_deck_lists(text)
    assert lists.decks["north"] == ("nr_catapult", "nr_catapult", "nr_ves")
    for bad, message in (("{", "not valid JSON"), ('{"decks": {"a": {"nr_ves": 1}}}', "two"),
                         ('{"decks": {"a": {"xx": 1}, "b": {"nr_ves": 1}}}', "unknown card"),
                         ('{"decks": {"a": {"nr_ves": 0}, "b": {"nr_ves": 1}}}', "1-20"),
                         ('{"decks": {"a": {"sp_biting_frost": 1}, "b": {"nr_ves": 1}}}',
                          "not used")):
        with pytest.raises(InvalidData, match=message):
            load_deck_lists(bad)
    s = load_game("gwent", players=2, decks_json=text, hand_size=2).new(seed=1)
    assert sorted(s.deck_names) == ["north", "south"]
    with pytest.raises(InvalidOption, match="decks_json"):
        load_game("gwent", decks_json="{")
    with pytest.raises(InvalidOption, match="unknown deck"):
        load_game("gwent", seat_decks="elves,monsters")
    with pytest.raises(InvalidOption, match="3 players need 3 decks"):
        load_game("gwent", players=3, decks_json=text).new(seed=1)


def test_no_empty_rounds_when_the_decks_run_dry() -> None:
    """Decision: deck lists too short for four rounds end the match when a deck is empty (no
    round without cards, which would give everyone a point)."""
    s = load_game("gwent", players=2).from_setup({
        "hands": [["nr_ves"], ["ng_morteisen"]], "round": 1,
        "exchange": {"attacker": 0, "defender": 1}})
    act(s, "0: play nr_ves#1@new", "1: play ng_morteisen#1@s1")
    assert s.is_terminal and s.round == 1 and s.points == [1, 0] and s.winners == [0]
