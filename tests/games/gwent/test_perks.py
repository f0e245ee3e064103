"""One test per rule sentence of the perks («перки»), trumps («козыри») and the function cards
(«Чучело», «Казнь»). Each docstring quotes the seed's sentence."""

from __future__ import annotations

import pytest

from koloda.engine import IllegalAction
from koloda.games.gwent.cards import card
from koloda.games.gwent.decks import default_deck_lists, ultimas
from koloda.games.gwent.model import Exchange
from koloda.games.gwent.perks import placed_value, revivable_groups

from .helpers import act, legal, stacks, table

# --- «Братишки» (tight bond) ------------------------------------------------------------------


def test_bonded_cards_are_laid_together_for_one_point() -> None:
    """«В случае, если у вас в руке лежит две ОДИНАКОВЫЕ карты с этим перком, они ОБЯЗАНЫ быть
    выложены ВМЕСТЕ, тратя всего лишь одно очко действия.»"""
    s = table([["nr_catapult", "nr_catapult"], ["ng_rainfarn"]])
    act(s, "0: play nr_catapult#1@new")
    assert all(a.startswith("play nr_catapult#2") for a in legal(s, 0))
    act(s, "0: play nr_catapult#2@new")
    assert s.exchange is not None and s.exchange.ap == [1, 2]


def test_bonded_values_multiply_by_their_number() -> None:
    """«Будучи выложенными, их значение умножается на количество выложенных карт.»"""
    s = table([["nr_crinfrid_reavers_dragon_hunter"] * 2, ["ng_rainfarn"]])
    act(s, "0: play nr_crinfrid_reavers_dragon_hunter#1@new",
        "0: play nr_crinfrid_reavers_dragon_hunter#2@new")
    assert [d for _, d, _ in stacks(s)] == [10.0, 10.0]


def test_holding_back_a_bonded_card_is_prevented() -> None:
    """«Утаивание второй карты с перком "Братишки" наказывается назначением утаивающему двадцати
    очков внеочередного урона.» — decision: the engine does not let a player hold one back."""
    s = table([["nr_catapult", "nr_catapult", "ng_vreemde"], ["ng_rainfarn"]])
    act(s, "0: play nr_catapult#1@new")
    with pytest.raises(IllegalAction):
        act(s, "0: end")
    assert "play nr_catapult#2@new" in legal(s, 0)


def test_a_group_is_laid_starting_with_its_first_card_by_id() -> None:
    """The hand is shown sorted; a bonded or muster group is laid starting with its first card
    in that order, whatever order the cards were dealt in."""
    s = table([["nr_catapult#2", "ng_vreemde", "nr_catapult#1"], ["ng_rainfarn"]])
    assert "play nr_catapult#1@new" in legal(s, 0)
    assert not any(a.startswith("play nr_catapult#2") for a in legal(s, 0))
    with pytest.raises(IllegalAction, match="starting with nr_catapult#1"):
        act(s, "0: play nr_catapult#2@new")
    act(s, "0: play nr_catapult#1@new", "0: play nr_catapult#2@new")
    assert [d for _, d, _ in stacks(s)] == [16.0, 16.0]


def test_a_lone_bonded_card_plays_as_usual() -> None:
    """«В случае, если других карт нет, эта играется, как обычная.»"""
    s = table([["nr_catapult"], ["ng_rainfarn"]])
    act(s, "0: play nr_catapult#1@new")
    assert stacks(s) == [(1, 8.0, 1)]


# --- «Тупые Братишки» (muster) ----------------------------------------------------------------


def test_muster_is_laid_together_without_multiplying() -> None:
    """«Механика та же, что у Братишек, но эти карты не умножают значение друг друга.»"""
    s = table([["mo_vampire_bruxa", "mo_vampire_katakan"], ["ng_rainfarn"]])
    act(s, "0: play mo_vampire_bruxa#1@new")
    assert all(a.startswith("play mo_vampire_katakan#1") for a in legal(s, 0))
    act(s, "0: play mo_vampire_katakan#1@new")
    assert [d for _, d, _ in stacks(s)] == [4.0, 5.0]


def test_muster_groups_by_name_or_category() -> None:
    """«у колоды Чудовищ должны быть выложены все карты с припиской "Вампиры", "Ведьмы" и даже
    разномастные "Главоглазы", пусть карты отличаются визуально.»"""
    assert card("mo_arachas").group == card("mo_arachas_behemoth").group
    assert card("mo_crone_brewess").group == card("mo_crone_whispess").group
    s = table([["mo_arachas", "mo_arachas_behemoth"], ["ng_rainfarn"]])
    act(s, "0: play mo_arachas#1@new")
    assert all(a.startswith("play mo_arachas_behemoth#1") for a in legal(s, 0))


# --- «Медик» ------------------------------------------------------------------------------------


def _opened(hands: list[list[str]], discards: list[list[str]]):  # type: ignore[no-untyped-def]
    s = table(hands, discards=discards)
    act(s, "0: play ng_vreemde#1@new", "1: pass")
    return s


def test_medic_counts_zero() -> None:
    """«Не обращаем внимание на его значение, оно всегда составляет НОЛЬ»"""
    assert card("nr_dun_banner_medic").value == 0 and card("ne_yennefer_of_vengerberg").value == 0
    assert placed_value(Exchange(0, 1, 1), 0, card("ng_menno_coehoorn"), lead=True, mult=1,
                        decoy=False) == 0.0


def test_medic_revives_a_card_of_this_rounds_discard() -> None:
    """«Позволяет воскресить одну карту из вашего отбоя нынешнего раунда.» and «Карта медика,
    соответственно, сразу уходит в отбой.»"""
    s = _opened([["ng_vreemde", "nr_dun_banner_medic"], ["ng_rainfarn"]], [["nr_ves"], []])
    assert "medic nr_dun_banner_medic#1 nr_ves#1" in legal(s, 0)
    act(s, "0: medic nr_dun_banner_medic#1 nr_ves#1")
    assert "nr_ves#1" in s.hands[0] and s.known[0] == ["nr_ves#1"]
    assert s.discards[0] == ["nr_dun_banner_medic#1"]
    assert s.observe(1)["known_in_hand"][0] == ["nr_ves#1"]


def test_medic_revives_a_bonded_group_whole_and_once() -> None:
    """«В случае, если вы воскрешаете Братишек или Тупых Братишек, вы воскрешаете сразу всех. Но
    один раз - уже воскрешенных второй раз воскрешать нельзя.»"""
    s = _opened([["ng_vreemde", "nr_dun_banner_medic"], ["ng_rainfarn"]],
                [["nr_catapult", "nr_catapult"], []])
    act(s, "0: medic nr_dun_banner_medic#1 nr_catapult#1")
    assert {"nr_catapult#1", "nr_catapult#2"} <= set(s.hands[0])
    s.hands[0].remove("nr_catapult#1")
    s.discards[0].append("nr_catapult#1")
    assert revivable_groups(s, 0, card("nr_dun_banner_medic")) == [["nr_dun_banner_medic#1"]]


def test_only_a_trump_medic_revives_a_trump() -> None:
    """«козыря из отбоя может воскресить только козырь-медик»"""
    s = _opened([["ng_vreemde", "nr_dun_banner_medic", "ne_yennefer_of_vengerberg"],
                 ["ng_rainfarn"]], [["nr_vernon_roche"], []])
    medics = [a for a in legal(s, 0) if a.startswith("medic")]
    assert medics == ["medic ne_yennefer_of_vengerberg#1 nr_vernon_roche#1"]


# --- «Шпион» --------------------------------------------------------------------------------


def test_spy_turns_all_open_cards_back() -> None:
    """«Перк простой до безобразия - разворачивает все открытые карты соперника обратно в его
    сторону, заставляя его отбиваться против своих же карт и наносить урон самому себе.»"""
    s = table([["nr_catapult", "nr_catapult"], ["nr_thaler", "ng_rainfarn"]])
    act(s, "0: play nr_catapult#1@new", "0: play nr_catapult#2@new", "1: spy nr_thaler#1")
    assert stacks(s) == [(1, 16.0, 0), (2, 16.0, 0)]
    assert "nr_thaler#1" in s.discards[1]


def test_spy_answers_spy() -> None:
    """«И да, игрок, в чью сторону вы только что развернули карты, может сделать то же самое,
    если у него есть шпион.»"""
    s = table([["nr_ves", "ng_vattier_de_rideaux"], ["nr_thaler", "ng_rainfarn"]])
    act(s, "0: play nr_ves#1@new", "1: spy nr_thaler#1", "0: spy ng_vattier_de_rideaux#1")
    assert stacks(s) == [(1, 5.0, 1)]


def test_spy_counts_zero_and_a_medic_revives_it() -> None:
    """«Также, как и медик, всегда обладает значением 0 и также сразу уходит в отбой, хотя
    может быть воскрешен медиком.»"""
    assert card("ng_stefan_skellen").value == 0
    s = _opened([["ng_vreemde", "nr_dun_banner_medic"], ["ng_rainfarn"]], [["nr_thaler"], []])
    assert "medic nr_dun_banner_medic#1 nr_thaler#1" in legal(s, 0)


def test_only_a_trump_spy_turns_a_trump() -> None:
    """«развернуть козырь может только козырь-шпион»"""
    s = table([["nr_vernon_roche"], ["nr_thaler", "ne_mysterious_elf"]])
    act(s, "0: play nr_vernon_roche#1@new")
    spies = [a for a in legal(s, 1) if a.startswith("spy")]
    assert spies == ["spy ne_mysterious_elf#1"]


# --- «Проныра», «Специалист», «Бард» --------------------------------------------------------


def test_agile_plays_as_either_suit() -> None:
    """«используется в качестве универсальной карты двух мастей сразу и может быть использована
    в качестве любой из них.»"""
    s = table([["st_barclay_els"], ["ng_rainfarn"]])
    assert {"play st_barclay_els#1:close@new", "play st_barclay_els#1:ranged@new"} <= set(
        legal(s, 0))
    act(s, "0: play st_barclay_els#1:ranged@new")
    assert s.exchange is not None and s.exchange.stacks[0].top.suit == "ranged"


def test_agile_open_card_may_count_as_both_suits() -> None:
    """«используется в качестве универсальной карты двух мастей сразу»: by default an agile
    card counts as the suit it was laid as; option ``agile_open=both``: a cover of either of
    its suits counts one to one."""
    for option, damage in (("chosen", 3.0), ("both", 0.0)):
        s = table([["st_barclay_els"], ["ng_assire_var_anahid"]],
                  options={"agile_open": option})
        act(s, "0: play st_barclay_els#1:close@new", "1: play ng_assire_var_anahid#1@s1")
        assert stacks(s) == [(1, damage, 1)]


def test_specialist_in_attack_is_doubled() -> None:
    """«Играясь в атаке, принимает усиленное вдвое значение.»"""
    s = table([["st_milva"], ["ng_rainfarn"]])
    act(s, "0: play st_milva#1@new")
    assert stacks(s) == [(1, 20.0, 1)]


def test_specialist_of_another_suit_covers_as_usual() -> None:
    """«казнит ОДНУ карту такой же масти» — a specialist laid on a card of another suit only
    covers it (decision)."""
    s = table([["nr_ves"], ["st_milva"]])
    act(s, "0: play nr_ves#1@new", "1: play st_milva#1@s1")
    assert stacks(s) == [(1, 0.0, 1)]


def test_bard_must_be_covered_first() -> None:
    """«Перк означает, что любая карта владельца Барда, выложенная вслед за закрытым Бардом,
    усиливается вдвое. Как понятно из описания, сначала Лютик должен умереть.»"""
    s = table([["ne_dandelion", "ne_vesemir"], ["ng_rainfarn"]])
    act(s, "0: play ne_dandelion#1@new", "1: pass", "0: play ne_vesemir#1@new")
    assert [d for _, d, _ in stacks(s)] == [2.0, 6.0]


def test_bard_doubling_may_last_one_card() -> None:
    """Decision: the doubling lasts to the end of the exchange; option ``bard_lasts=next_card``
    gives it to the next card only."""
    for option, damage in (("exchange", 15.0), ("next_card", 10.0)):
        s = table([["ne_dandelion", "ne_vesemir", "nr_ves"], ["ng_rainfarn", "ng_morteisen"]],
                  options={"bard_lasts": option})
        act(s, "0: play ne_dandelion#1@new", "1: play ng_rainfarn#1@s1",
            "1: play ng_morteisen#1@new", "0: play ne_vesemir#1@s1", "0: play nr_ves#1@s2")
        assert s.damage == [0.0, damage]


def test_bard_next_card_is_spent_by_a_throw_in_too() -> None:
    """Option ``bard_lasts=next_card``: a watcher who threw in the bard and saw it covered has
    his next thrown-in card doubled, and only that one."""
    for option, damage in (("exchange", [4.0, 4.0]), ("next_card", [4.0, 2.0])):
        s = table([["ng_vreemde", "ng_morteisen"], ["ng_rainfarn", "ng_puttkammer"],
                   ["ne_dandelion", "ng_sweers", "ng_vreemde"]], options={"bard_lasts": option})
        act(s, "0: play ng_vreemde#1@new", "2: throw att ne_dandelion#1",
            "1: play ng_rainfarn#1@s2", "1: end")
        assert s.exchange is not None and s.exchange.bard == [2]
        act(s, "2: throw att ng_sweers#1,ng_vreemde#2")
        assert [d for _, d, _ in stacks(s)][2:] == damage


# --- «Ультима» ------------------------------------------------------------------------------


def test_two_ultimas_per_match() -> None:
    """«Их всегда только две на всю партию»"""
    lists = default_deck_lists()
    total = sum(ultimas(d) for d in lists.decks.values()) + ultimas(lists.neutral)
    assert total == 2


def test_ultima_is_beaten_only_by_another_ultima() -> None:
    """«Суть проста - играясь в атаке, наносит очки урона, которые не отбить совершенно ничем и
    никак, кроме такого же дракона.»"""
    s = table([["ne_villentretenmerth"], ["nr_vernon_roche", "ne_vesemir",
                                          "ne_villentretenmerth"]])
    act(s, "0: play ne_villentretenmerth#1@new")
    covers = [a for a in legal(s, 1) if a.endswith("@s1")]
    assert covers == ["play ne_villentretenmerth#2@s1"]


def test_ultima_untouched_by_bard_decoy_medic_spy() -> None:
    """«Однако, усиления через Барда или Чучело (позже) на нее не работают, и она не может быть
    воскрешена никаким из медиков, равно как и развернута Шпионом.»"""
    s = table([["ne_villentretenmerth", "sp_decoy"], ["nr_thaler", "ng_rainfarn"]])
    assert not any("+" in a for a in legal(s, 0) if "villentretenmerth" in a)
    act(s, "0: play ne_villentretenmerth#1@new")
    assert not any(a.startswith("spy") for a in legal(s, 1))
    ex = Exchange(0, 1, 1, bard=[0])
    assert placed_value(ex, 0, card("ne_villentretenmerth"), lead=True, mult=1,
                        decoy=True) == 7.0
    s2 = _opened([["ng_vreemde", "nr_dun_banner_medic"], ["ng_rainfarn"]],
                 [["ne_villentretenmerth"], []])
    assert not any(a.startswith("medic") for a in legal(s2, 0))


def test_ultima_in_defence_takes_the_exchange_to_zero() -> None:
    """«В обороне мгновенно сводит гейм в ноль, перекрывая собой любое выложенное значение и
    даже козырные карты.»"""
    s = table([["ne_geralt_of_rivia", "nr_catapult", "nr_catapult"],
               ["ne_villentretenmerth", "ng_rainfarn"]])
    act(s, "0: play ne_geralt_of_rivia#1@new", "1: play ne_villentretenmerth#1@s1")
    assert s.damage == [0.0, 0.0]
    assert any(e.kind_name() == "GwentZeroed" for e in s.events)


# --- trumps («козыри») ----------------------------------------------------------------------


def test_trump_is_beaten_only_by_a_trump() -> None:
    """«Козырная карта может быть побита только козырной картой.»"""
    s = table([["nr_vernon_roche"], ["ng_letho_of_gulet", "ne_vesemir"]])
    act(s, "0: play nr_vernon_roche#1@new")
    covers = [a for a in legal(s, 1) if a.endswith("@s1")]
    assert covers == ["play ng_letho_of_gulet#1@s1"]
    act(s, "1: play ng_letho_of_gulet#1@s1")
    assert stacks(s) == [(1, 0.0, 1)]


def test_no_number_of_ordinary_cards_beats_a_trump() -> None:
    """«Побить козырную карту любым количеством обычных карт невозможно.»"""
    s = table([["ng_rainfarn", "sp_decoy"], ["ng_letho_of_gulet", "ne_vesemir"]])
    act(s, "0: play ng_rainfarn#1+sp_decoy#1@new", "1: play ng_letho_of_gulet#1@s1", "1: end")
    assert stacks(s) == [(1, 2.0, 0)]
    with pytest.raises(IllegalAction, match="only a trump"):
        act(s, "0: play ng_albrich#1@s1")


def test_ordinary_perks_never_act_on_trumps() -> None:
    """«Перки, наличествующие на козырных картах, могут быть применены как к козырным, так и к
    обычным картам, однако к козырным картам могут быть применены перки только козырных»"""
    s = table([["nr_vernon_roche", "sp_decoy"], ["ng_rainfarn"]])
    assert not any("+" in a for a in legal(s, 0) if "vernon" in a)


# --- «Чучело» and «Казнь» -------------------------------------------------------------------


def test_one_decoy_per_deck_one_scorch_per_match() -> None:
    """«Чучело присутствует в каждой колоде в количестве одной штуки, Казнь - всего одна на всю
    партию в принципе.»"""
    lists = default_deck_lists()
    assert all(d.count("sp_decoy") == 1 for d in lists.decks.values())
    assert sum(d.count("sp_scorch") for d in lists.decks.values()) == 0
    assert lists.neutral.count("sp_scorch") == 1


def test_decoy_uses_a_card_twice_for_one_point() -> None:
    """«Чучело позволяет использовать одну и ту же карту дважды, используя одно очко действия.
    На практике она ... выкладывается вместе с картой, которая просто считается усиленной
    вдвое.»"""
    s = table([["nr_ves", "sp_decoy"], ["ng_rainfarn"]])
    act(s, "0: play nr_ves#1+sp_decoy#1@new")
    assert stacks(s) == [(1, 10.0, 1)]
    assert s.exchange is not None and s.exchange.ap == [1, 2]


def test_decoy_not_on_spy_or_dragon_but_on_medic() -> None:
    """«Не применяется к шпионам и дракону, но может быть применена к медику.»"""
    s = _opened([["ng_vreemde", "nr_dun_banner_medic", "sp_decoy"], ["ng_rainfarn"]],
                [["nr_ves", "ng_morteisen"], []])
    assert "medic nr_dun_banner_medic#1+sp_decoy#1 ng_morteisen#1,nr_ves#1" in legal(s, 0)
    act(s, "0: medic nr_dun_banner_medic#1+sp_decoy#1 ng_morteisen#1,nr_ves#1")
    assert {"nr_ves#1", "ng_morteisen#1"} <= set(s.hands[0])


def test_decoy_on_bonded_cards_doubles_one() -> None:
    """«В случае использования чучела на картах с перком Братишки усиливается только одна карта
    из выложенных.»"""
    s = table([["nr_catapult", "nr_catapult", "sp_decoy"], ["ng_rainfarn"]])
    act(s, "0: play nr_catapult#1+sp_decoy#1@new")
    assert not any("+" in a for a in legal(s, 0))
    act(s, "0: play nr_catapult#2@new")
    assert [d for _, d, _ in stacks(s)] == [32.0, 16.0]


def test_scorch_executes_an_ordinary_card() -> None:
    """«Казнь просто казнит выложенную карту соперника. Только обычную или шпиона»"""
    s = table([["nr_ves", "ng_vreemde"], ["sp_scorch", "ng_rainfarn"]])
    act(s, "0: play nr_ves#1@new", "1: scorch sp_scorch#1 nr_ves#1")
    assert stacks(s) == [] and "nr_ves#1" in s.discards[0]
    s2 = table([["nr_vernon_roche"], ["sp_scorch", "ng_rainfarn"]])
    act(s2, "0: play nr_vernon_roche#1@new")
    assert not any(a.startswith("scorch") for a in legal(s2, 1))


def test_scorch_on_a_spy_undoes_the_turn() -> None:
    """«в случае использования на шпионе реверс карт обратно на соперника просто
    аннулируется.»"""
    s = table([["nr_ves", "sp_scorch"], ["nr_thaler", "ng_rainfarn"]])
    act(s, "0: play nr_ves#1@new", "1: spy nr_thaler#1")
    assert stacks(s) == [(1, 5.0, 0)]
    act(s, "0: scorch sp_scorch#1 nr_thaler#1")
    assert stacks(s) == [(1, 5.0, 1)]


def test_medic_may_lay_the_revived_card_at_once() -> None:
    """Decision: the revived card returns to the hand; option ``medic_revives_to=play`` lays
    it at once in attack (a bonded group multiplied as when laid together)."""
    s = table([["ng_vreemde", "nr_dun_banner_medic"], ["ng_rainfarn"]],
              discards=[["nr_catapult", "nr_catapult"], []],
              options={"medic_revives_to": "play"})
    act(s, "0: play ng_vreemde#1@new", "1: pass", "0: medic nr_dun_banner_medic#1 nr_catapult#1")
    assert [d for _, d, _ in stacks(s)] == [2.0, 16.0, 16.0]
    assert not any(c.startswith("nr_catapult") for c in s.hands[0])


def test_any_trump_in_defence_cancels_the_ordinary_damage() -> None:
    """«Один козырь, независимо от значения, уводит любой выложенный против вас некозырный урон
    в ноль» — also when the trump is laid on a trump."""
    s = table([["nr_vernon_roche", "nr_ves"], ["ng_letho_of_gulet", "ng_vreemde"]])
    act(s, "0: play nr_vernon_roche#1@new", "1: pass", "0: play nr_ves#1@new",
        "1: play ng_letho_of_gulet#1@s1")
    assert stacks(s) == [(1, 0.0, 1), (2, 0.0, 1)]


def test_specialist_may_close_only_the_card_it_executes() -> None:
    """Decision: «сводит гейм в ноль» ends the whole exchange at zero; option
    ``specialist_zero=card`` only executes the card and closes its stack."""
    s = table([["nr_sabrina_glevissig", "nr_ves"], ["st_milva", "ng_rainfarn"]],
              options={"specialist_zero": "card"})
    act(s, "0: play nr_sabrina_glevissig#1@new", "1: pass", "0: play nr_ves#1@new",
        "1: play st_milva#1@s1")
    assert [(i, d) for i, d, _ in stacks(s)] == [(1, 0.0), (2, 5.0)]
    assert "nr_sabrina_glevissig#1" in s.discards[0]
    act(s, "1: end")
    assert s.damage == [0.0, 5.0]


def test_turned_cards_are_covered_by_their_own_owner() -> None:
    """«заставляя его отбиваться против своих же карт и наносить урон самому себе»"""
    s = table([["nr_ves", "ne_vesemir"], ["nr_thaler", "ng_rainfarn"]])
    act(s, "0: play nr_ves#1@new", "1: spy nr_thaler#1", "0: play ne_vesemir#1@s1")
    assert stacks(s) == [(1, 1.0, 1)]


def test_scorch_on_a_cover_brings_back_the_card_below() -> None:
    """«Казнь просто казнит выложенную карту соперника.» — the executed cover is gone, the card it
    covered is open again (decision)."""
    s = table([["ng_morteisen", "sp_scorch"], ["nr_ves", "ng_rainfarn"]])
    act(s, "0: play ng_morteisen#1@new", "1: play nr_ves#1@s1", "1: end")
    assert stacks(s) == [(1, 2.0, 0)]
    act(s, "0: scorch sp_scorch#1 nr_ves#1")
    assert stacks(s) == [(1, 3.0, 1)] and "nr_ves#1" in s.discards[1]


def test_trump_perks_act_on_ordinary_cards_too() -> None:
    """«Перки, наличествующие на козырных картах, могут быть применены как к козырным, так и к
    обычным картам»: a trump medic revives an ordinary card or a trump, a trump spy turns
    ordinary cards and trumps alike."""
    s = _opened([["ng_vreemde", "ne_yennefer_of_vengerberg"], ["ng_rainfarn"]],
                [["nr_ves", "nr_vernon_roche"], []])
    assert [a for a in legal(s, 0) if a.startswith("medic")] == [
        "medic ne_yennefer_of_vengerberg#1 nr_vernon_roche#1",
        "medic ne_yennefer_of_vengerberg#1 nr_ves#1"]
    s = table([["nr_vernon_roche", "nr_ves"], ["ne_mysterious_elf", "ng_rainfarn"]])
    act(s, "0: play nr_vernon_roche#1@new", "1: pass", "0: play nr_ves#1@new",
        "1: spy ne_mysterious_elf#1")
    assert s.damage == [15.0, 0.0]  # both turned back on the attacker


def test_the_bard_never_doubles_a_trump() -> None:
    """«к козырным картам могут быть применены перки только козырных»: the bard (an ordinary
    perk) doubles its owner's ordinary cards, not his trumps."""
    s = table([["ne_dandelion", "nr_vernon_roche"], ["ng_rainfarn", "ng_morteisen"]])
    act(s, "0: play ne_dandelion#1@new", "1: play ng_rainfarn#1@s1", "1: play ng_morteisen#1@new",
        "0: play nr_vernon_roche#1@s2")
    assert s.exchange is not None and s.exchange.bard == [0]
    assert stacks(s) == [(1, 0.0, 0), (2, 7.0, 1)]  # 10 - 3, not 20 - 3


def test_scorch_does_not_undo_a_trump_spy() -> None:
    """«Казнь ... Только обычную или шпиона» and «к козырным картам могут быть применены перки
    только козырных»: the trump spy (Mysterious Elf) is a trump, so «Казнь» cannot undo it."""
    s = table([["nr_ves", "sp_scorch"], ["ne_mysterious_elf", "ng_rainfarn"]])
    act(s, "0: play nr_ves#1@new", "1: spy ne_mysterious_elf#1")
    assert not any(a.startswith("scorch") for a in legal(s, 0))
    with pytest.raises(IllegalAction, match="may not execute ne_mysterious_elf#1"):
        act(s, "0: scorch sp_scorch#1 ne_mysterious_elf#1")


def test_a_bard_closed_by_a_trump_counts_as_covered() -> None:
    """«любая карта владельца Барда, выложенная вслед за закрытым Бардом, усиливается вдвое»:
    a trump in defence closes every ordinary card against its player, the bard among them."""
    s = table([["ne_dandelion", "nr_ves", "ne_vesemir"], ["nr_vernon_roche", "ng_rainfarn"]])
    act(s, "0: play ne_dandelion#1@new", "1: pass", "0: play nr_ves#1@new",
        "1: play nr_vernon_roche#1@s2")
    assert s.exchange is not None and s.exchange.bard == [0]
    assert any(e.kind_name() == "GwentBardCovered" for e in s.events)
