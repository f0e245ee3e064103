"""One test per rule of seed 001 (LARP card duels); each docstring quotes the sentence it checks.

Card ids of the standard position are listed in ``helpers.py``.
"""

from __future__ import annotations

import pytest

from koloda.engine import ActionSyntaxError, IllegalAction, InvalidData, InvalidOption, load_game
from koloda.games.duel import CATALOGUE, CardType, Phase, round_winner

from .helpers import act, duel


def test_types_beat_each_other_whatever_the_strength() -> None:
    """«Атака побеждает уловку, уловка побеждает защиту, защита побеждает атаку.»
    «Вне зависимости от уровня.»"""
    battle = [c for c in CATALOGUE.values() if not c.is_item]
    for a in battle:
        for b in battle:
            if a.type == b.type:
                continue
            expect = 0 if (a.type, b.type) in {(CardType.ATTACK, CardType.TRICK),
                                               (CardType.TRICK, CardType.DEFENCE),
                                               (CardType.DEFENCE, CardType.ATTACK)} else 1
            assert round_winner(a, b) == expect, (a.key, b.key)
    # in play: a punch (attack 1) beats a garrotte (trick 4)
    s = act(duel(), "0: hand a01 a02", "1: hand b07 b08", "0: play a01", "1: play b07")
    assert s.rounds[0].winner == 0 and s.wins == [1, 0]


def test_same_type_higher_strength_wins() -> None:
    """«Для карт одинакового типа, побеждает та что с более высокой силой.»"""
    s = act(duel(), "0: hand a01 a02", "1: hand b01 b08", "0: play a02", "1: play b01")
    assert s.rounds[0].winner == 0


def test_same_type_and_strength_nobody_wins() -> None:
    """«Если карты одного типа и одного уровня силы - ничья, победителя нет.»"""
    s = act(duel(), "0: hand a01 a02", "1: hand b01 b08", "0: play a01", "1: play b01")
    assert s.rounds[0].winner is None and s.wins == [0, 0]
    assert s.phase == Phase.ROUNDS


def test_card_against_no_card_wins() -> None:
    """«Если один из игроков сыграл карту а второй нет - сыгравший побеждает.»"""
    s = act(duel(), "0: hand a01 a02", "1: hand")
    assert s.to_act == (0,)
    act(s, "0: play a01")
    assert s.rounds[0].cards == ("a01", None) and s.rounds[0].winner == 0


def test_weapon_card_needs_its_item_shown_from_the_deck() -> None:
    """«Для использования некоторых карт требуется наличие предмета со свойством “холодное” или
    “огнестрельное оружие”, соответственно.» «…если вы играете боевую карту с таким требованием,
    вместе с ней нужно выложить в открытую на стол и карту соответствующего предмета, взяв ее из
    вашей колоды.»"""
    s = act(duel(), "0: hand a01 a06", "1: hand b01 b02")
    with pytest.raises(IllegalAction, match="needs a cold weapon"):
        act(s, "0: play a06")
    with pytest.raises(IllegalAction, match="Kick is not a cold weapon item"):
        act(s, "0: play a06 show a02")
    with pytest.raises(IllegalAction, match="Punch is not in your deck"):
        act(s, "0: play a06 show a01")
    act(s, "0: play a06 show a08", "1: play b02")
    assert "a08" not in s.decks[0] and s.shown[0] == ["a08"]
    assert s.rounds[0].shown == ("a08", None)
    assert s.observe(None)["duellists"][0]["shown"] == ["a08"]


def test_one_shown_item_serves_the_whole_duel() -> None:
    """«Достаточно одного предмета, для использования нескольких карт умений.» «Открытая карта
    предмета дает возможность использовать сколько угодно умений до конца дуэли.»"""
    s = act(duel(), "0: hand a06 a07 a09", "1: hand b01 b03 b08",
            "0: play a06 show a08", "1: play b01")
    with pytest.raises(IllegalAction, match="already shown"):
        act(s, "0: play a07 show a08")
    act(s, "0: play a07", "1: play b08")
    assert s.rounds[1].shown == (None, None)


def test_items_are_not_taken_into_the_hand() -> None:
    """«Предметы не входят в руку игрока, но они потребуются вам чтобы сыграть боевую карту.»
    «Такие предметы не обязательно заранее брать на руку…»"""
    s = duel()
    with pytest.raises(IllegalAction, match="weapon item"):
        act(s, "0: hand a01 a08")


def test_a_card_whose_weapon_one_lacks_cannot_be_taken() -> None:
    """«Если вы планируете использовать боевые карты холодного или огнестрельного оружия -
    приготовьте и карты соответствующих предметов.» (decision: without the item the card could
    never be played, so it may not be taken into the hand)"""
    s = duel([["punch", "shot"], ["punch"]])
    with pytest.raises(IllegalAction, match="needs a firearm weapon item"):
        act(s, "0: hand a01 a02")
    assert s.eligible(0) == ["a01"]


def test_hand_is_chosen_from_the_deck_not_the_discard() -> None:
    """«Колода - карты из нее можно свободно использовать, набирать в руку, отдавать и т.п.»
    «Сброс - Карты в сбросе нельзя никак использовать.»"""
    s = duel(discards=[["garrotte"], []])
    assert s.discards[0] == ["a10"]
    with pytest.raises(IllegalAction, match="not in your deck"):
        act(s, "0: hand a01 a10")


def test_hand_of_zero_to_five_cards() -> None:
    """«Рука игрока - Перед дуэлью оба участника выбирают из своих колод от 0 до 5 боевых карт,
    которые и будут использоваться в этой дуэли.» «Если дуэль проходит по обоюдному согласию
    либо напали на вас - размер руки может быть любым от 0 до 5 карт.»"""
    s = duel()
    with pytest.raises(IllegalAction, match="take 0 to 5 cards"):
        act(s, "0: hand a01 a02 a03 a04 a05 a06")
    with pytest.raises(IllegalAction, match="listed twice"):
        act(s, "0: hand a01 a01")
    act(s, "0: hand", "1: hand b01 b02 b03 b04 b07")
    assert [len(h) for h in s.hands] == [0, 5]
    assert s.hand_limits(0) == (0, 5)


def test_attacker_takes_exactly_five_cards() -> None:
    """«Если вы хотите напасть на другого игрока - у вас должно быть ровно 5 карт на руке.»
    «Дуэль может проходить по обоюдному согласию ее участников, или после нападения.»"""
    s = duel(mode="attack")
    assert s.events[0].attacker == 0  # type: ignore[attr-defined]
    with pytest.raises(IllegalAction, match="exactly 5"):
        act(s, "0: hand a01 a02 a03 a04")
    act(s, "0: hand a01 a02 a03 a04 a05", "1: hand")  # the attacked may take 0 (full rules)
    assert [len(h) for h in s.hands] == [5, 0]
    with pytest.raises(InvalidData, match="must take exactly 5"):
        duel([["punch", "kick"], ["block"]], mode="attack")
    with pytest.raises(InvalidOption, match="deck of at least 5"):
        load_game("duel", mode="attack", deck_size=4).new(seed=1)


def test_attacked_player_cannot_refuse_and_recap_minimum_one() -> None:
    """«нападение (нельзя отказаться если на тебя напали, у того кто нападает должно быть 5 карт
    в руке, у того на кого нападают - минимум 1, если это возможно)» — the recap's minimum is
    the option ``defender_min_one``; there is no action to refuse an attack."""
    s = duel(mode="attack", defender_min_one=True)
    assert all(str(a).startswith("hand ") for a in s.legal_actions(1))
    with pytest.raises(IllegalAction, match="take 1 to 5"):
        act(s, "1: hand")
    act(s, "1: hand b01")
    # "if possible": a defender with nothing to take takes nothing
    s = duel([["punch", "kick", "trip", "block", "dodge"], ["pistol"]], mode="attack",
             defender_min_one=True)
    assert s.hand_limits(1) == (0, 0)


def test_fewer_than_two_cards_can_never_win() -> None:
    """«Для возможной победы в дуэли требуется не менее 2 карт на руке.» (a consequence of
    winning two rounds: a single card wins one round at most)"""
    s = act(duel(), "0: hand a01", "1: hand", "0: play a01")
    assert s.wins == [1, 0]
    assert s.phase == Phase.OVER and s.winner is None
    assert s.result() is not None and s.result().scores == (0.0, 0.0)  # type: ignore[union-attr]


def test_cards_are_chosen_face_down() -> None:
    """«В каждом раунде, оба игрока выбирают по одной карте из своей руки и выкладывают их перед
    собой, в закрытую, лицом вниз.»"""
    s = act(duel(), "0: hand a01 a02", "1: hand b01 b02", "0: play a02")
    view = s.observe(1)
    assert view["committed"] == [0] and view["to_act"] == [1]
    assert "a02" not in view["cards"] and view["me"]["commit"] is None
    assert s.observe(0)["me"]["commit"] == "play a02"
    assert not any("a02" in str(e.to_json()) for e in s.log(1))
    assert not any("a02" in str(e.to_json()) for e in s.log(None))


def test_both_cards_are_turned_over_at_once() -> None:
    """«Когда оба игрока сделали свой выбор, обе карты одновременно открываются.»
    «Определяется победитель в раунде.»"""
    s = act(duel(), "0: hand a01 a02", "1: hand b01 b02", "0: play a02")
    assert s.rounds == []
    act(s, "1: play b02")
    assert s.rounds[0].cards == ("a02", "b02") and s.rounds[0].winner == 0
    reveal = [e for e in s.log(None) if e.kind_name() == "DuelRoundRevealed"]
    assert len(reveal) == 1 and reveal[0].to_json()["keys"] == ["kick", "sand_in_eyes"]


def test_a_player_holding_a_card_must_play_one() -> None:
    """«Если у игрока есть карта на руке - он обязан ее сыграть.»"""
    s = act(duel(), "0: hand a01 a02", "1: hand b01 b02")
    texts = [str(a) for a in s.legal_actions(0)]
    assert texts == ["play a01", "play a02", "offer-end"]
    with pytest.raises(ActionSyntaxError):
        s.parse_action("pass")


def test_the_first_to_win_two_rounds_wins_the_duel() -> None:
    """«После этого раунды повторяются, до тех пор, пока один из игроков первым не победит в
    двух раундах.» «Он становится победителем в дуэли.» «Дуэль Дуэль проходит по раундам.»"""
    s = act(duel(), "0: hand a01 a02 a04", "1: hand b01 b02 b03",
            "0: play a01", "1: play b01",   # nobody
            "0: play a02", "1: play b02")   # kick beats sand
    assert s.phase == Phase.ROUNDS and s.wins == [1, 0]
    act(s, "0: play a04", "1: play b03")    # block vs block: nobody... then both out
    assert s.phase == Phase.OVER and s.winner is None
    s = act(duel(), "0: hand a01 a02", "1: hand b01 b02", "0: play a01", "1: play b02",
            "0: play a02", "1: play b01")
    assert s.phase == Phase.SWAP and s.winner == 0 and s.to_act == (0,)


def test_recap_three_round_variant() -> None:
    """«Дуэль продолжается до тех пор, пока один из участников не победит в 3 раундах.»
    (option ``rounds_to_win=3``; the full rules' 2 is the default)"""
    s = act(duel(rounds_to_win=3), "0: hand a01 a02 a05", "1: hand b01 b02 b08",
            "0: play a01", "1: play b02", "0: play a02", "1: play b01")
    assert s.wins == [2, 0] and s.phase == Phase.ROUNDS
    act(s, "0: play a05", "1: play b08")  # dodge beats kick
    assert s.phase == Phase.SWAP and s.winner == 0


def test_both_out_of_cards_is_a_draw() -> None:
    """«Если у обоих участников закончились карты на руке, но победитель не определен - дуэль
    заканчивается ничьей, победителя нет.»"""
    s = act(duel(), "0: hand a01", "1: hand b01", "0: play a01", "1: play b01")
    assert s.phase == Phase.OVER and s.winner is None
    assert s.outcome() is not None and s.outcome().reason == "out_of_cards"  # type: ignore[union-attr]
    s = act(duel(), "0: hand", "1: hand")
    assert s.phase == Phase.OVER and s.rounds == []


def test_early_end_by_mutual_agreement() -> None:
    """«Дуэль можно в любой момент завершить досрочно - по обоюдному соглашению сторон.»
    «В этом случае победителя нет.»"""
    s = act(duel(), "0: hand a01 a02", "1: hand b01 b02", "0: play a01", "1: offer-end")
    assert s.to_act == (0,)
    assert [str(a) for a in s.legal_actions(0)] == ["accept-end", "decline-end"]
    act(s, "0: accept-end")
    assert s.phase == Phase.OVER and s.winner is None and s.swapped is None
    assert s.result().scores == (0.0, 0.0)  # type: ignore[union-attr]
    assert s.outcome().reason == "agreement"  # type: ignore[union-attr]
    assert sorted(s.decks[0]) == s.decks[0] and "a01" in s.decks[0]  # committed, not played


def test_early_end_needs_both() -> None:
    """«…по обоюдному соглашению сторон.» (one side alone cannot end it; one offer per seat per
    round)"""
    s = act(duel(), "0: hand a01 a02", "1: hand b01 b02", "1: offer-end", "0: decline-end")
    assert s.phase == Phase.ROUNDS and s.offer_by is None
    with pytest.raises(IllegalAction, match="already offered"):
        act(s, "1: offer-end")
    with pytest.raises(IllegalAction, match="no offer"):
        act(s, "1: accept-end")
    act(s, "0: offer-end", "1: decline-end", "0: play a01", "1: play b01")
    act(s, "1: offer-end")  # a new round, a new offer
    assert s.offer_by == 1


def test_kill_is_declared_with_a_deadly_card_only() -> None:
    """«Если играется карта позволяющая нанести смертельные раны противнику, обязательно
    дополнительно указать, что вы хотите именно убить, сразу как открываете карту.»"""
    s = act(duel(), "0: hand a01 a06", "1: hand b01 b02")
    with pytest.raises(IllegalAction, match="does not deal grave wounds"):
        act(s, "0: play a01 kill")
    act(s, "0: play a06 show a08 kill", "1: play b02")
    assert s.rounds[0].kills == (True, False)


def test_without_a_declaration_no_wound() -> None:
    """«Если вы не сообщаете об использовании этого свойства, оно не сработает.» «Если вы не
    заявляете нанесение ран - карта играется как обычна, рана не наносится.» «Если такая карта
    сыграна, но явно не сказано о попытке убийства, или вы победили в дуэли - никаких последствий
    для здоровья не будет.»"""
    s = act(duel(), "0: hand a02 a06", "1: hand b01 b02", "0: play a06 show a08", "1: play b02",
            "0: play a02", "1: play b01", "0: no-swap")
    out = s.outcome()
    assert out is not None and out.winner == 0 and out.killed is None and not out.kill


def test_kill_succeeds_even_if_that_round_was_lost() -> None:
    """«Попытка убийства будет успешной, даже если в том раунде где была сыграна карта убийства,
    жертва смогла выиграть - но все равно проиграла в дуэли.» «Тяжелое ранение и смерть в ходе
    дуэли можно получить только есть против вас была сыграна карта с свойством “Наносит тяжелые
    раны”, явно заявлена попытка вас убить и вы проиграли в этой дуэли.»"""
    s = act(duel(), "0: hand a01 a03 a04", "1: hand b02 b04 b07",
            "0: play a01", "1: play b07 kill",  # punch beats garrotte: seat 1 loses the round
            "0: play a03", "1: play b04",       # trip beats full guard
            )
    assert s.wins == [2, 0] and s.winner == 0
    assert s.outcome() is None
    act(s, "0: no-swap")
    assert s.outcome().killed is None  # type: ignore[union-attr]  # the declarer lost
    s = act(duel(), "0: hand a01 a02 a04", "1: hand b02 b04 b07",
            "0: play a01", "1: play b07 kill",  # seat 1 loses the kill round
            "0: play a02", "1: play b04",       # full guard beats kick
            "0: play a04", "1: play b02")       # sand beats block
    assert s.winner == 1
    act(s, "1: no-swap")
    out = s.outcome()
    assert out is not None and out.killed == 0 and out.kill
    result = s.result()
    assert result is not None
    assert result.text("en") == "Player 2 wins the duel; Player 1 is gravely wounded"
    assert result.text("ru") == "Игрок 2 побеждает в дуэли; Игрок 1 тяжело ранен"


def test_kill_declaration_is_shown_to_witnesses() -> None:
    """«Нельзя скрывать от свидетелей заявленный факт попытки нанести смертельную рану.»"""
    s = act(duel(), "0: hand a01 a02", "1: hand b07 b08", "0: play a01", "1: play b07 kill")
    view = s.observe(None)
    assert view["rounds"][0]["kills"] == [False, True]
    assert view["duellists"][1]["kill_declared"] is True


def _won_by_0():  # type: ignore[no-untyped-def]
    return act(duel(), "0: hand a01 a02 a05", "1: hand b01 b02 b03 b04",
               "0: play a02", "1: play b01",   # kick beats punch
               "0: play a01", "1: play b02")   # punch beats sand


def test_winner_sees_the_loser_hand_secretly() -> None:
    """«Он просматривает всю руку проигравшего (Несыгранные карты из руки просматриваются тайно,
    их нельзя показывать никому из посторонних!» «При поражении в дуэли, все карты взятые в руку
    станут известны сопернику (даже не сыгранные)…» «Победитель дуэли видит всю руку
    проигравшего (сыгранные и не сыгранные карты), но обязан никому их не показывать.»
    «Победитель просматривает руку проигравшего в дуэли, карты которые не были сыграны нельзя
    показывать никому из посторонних.»"""
    s = _won_by_0()
    win = s.observe(0)
    assert win["loser_hand"] == {"seat": 1, "cards": ["b01", "b02", "b03", "b04"]}
    assert win["cards"]["b04"]["key"] == "full_guard"
    for seat in (1, None):
        view = s.observe(seat)
        assert view["loser_hand"] is None
        if seat is None:
            assert "b03" not in view["cards"] and "b04" not in view["cards"]
    assert not any("b04" in str(e.to_json()) for e in s.log(None))
    shown = [e for e in s.log(0) if e.kind_name() == "DuelLoserHandShown"]
    assert shown and shown[0].to_json()["cards"] == ["b03", "b04"]


def test_winner_swaps_any_hand_card_played_or_not() -> None:
    """«…может выбрать одну из них и обменять ее на одну из своей руки.» «При победе в дуэли вы
    сможете обменяться с соперником одной из своих карт, но только из взятых на руку.»
    «Неважно, была сыграна карта из руки или нет.»"""
    s = _won_by_0()
    assert s.to_act == (0,)
    act(s, "0: swap b01 a05")  # the loser's played punch for the winner's unplayed dodge
    assert "b01" in s.discards[0] and "a05" in s.discards[1]
    assert "a05" not in s.decks[0] and "b01" not in s.discards[1]
    assert s.outcome().swap == ("punch", "dodge")  # type: ignore[union-attr]
    assert s.observe(1)["result"]["swap"] == {"take": "b01", "give": "a05"}
    assert s.observe(None)["result"]["swap"] is None
    assert s.observe(None)["result"]["swapped"] is True


def test_swap_only_hand_cards_not_deck_or_discard() -> None:
    """«(нельзя смотреть или обменивать карты из колоды или сброса.» «Победитель просматривает
    руку проигравшего, и обменивает одну из карт на карту из своей руки.»"""
    s = _won_by_0()
    with pytest.raises(IllegalAction, match="not a card of the loser's hand"):
        act(s, "0: swap b07 a05")
    with pytest.raises(IllegalAction, match="not a card of your hand"):
        act(s, "0: swap b01 a03")
    with pytest.raises(IllegalAction, match="turn"):
        act(s, "1: no-swap")


def test_no_swap_without_a_winner() -> None:
    """«Если никто не победил в дуэли - обмена карт не происходит.» «Если победителя нет (ничья)
    - никто не смотрит и не обменивает.»"""
    s = act(duel(), "0: hand a01", "1: hand b01", "0: play a01", "1: play b01")
    assert s.phase == Phase.OVER and s.to_act == ()
    assert s.observe(0)["loser_hand"] is None and s.observe(1)["loser_hand"] is None
    assert not any(e.kind_name() == "DuelLoserHandShown" for e in s.events)


def test_played_and_received_to_discard_unplayed_and_items_to_deck() -> None:
    """«Все сыгранные карты из руки и карта полученная при обмене уходят в сброс своих
    владельцев.» «Все карты, которые были отобраны в руку но не использованы и карты предметов
    холодного и огнестрельного оружия - возвращаются в колоду своего владельца.» «Сюда переходят
    все сыгранные или полученные из любого источника карты.»"""
    s = act(duel(), "0: hand a01 a06 a07", "1: hand b01 b02 b05",
            "0: play a06 show a08", "1: play b05 show b06",   # slash vs shot: attack 4 both
            "0: play a07", "1: play b02",                     # rapier thrust beats sand
            "0: play a01", "1: play b01")                     # punch vs punch
    assert s.phase == Phase.OVER and s.winner is None  # 1:0, both out of cards
    assert s.discards == [["a01", "a06", "a07"], ["b01", "b02", "b05"]]
    assert "a08" in s.decks[0] and "b06" in s.decks[1]
    out = s.outcome()
    assert out is not None and "dagger" in out.decks[0] and "slash" in out.discards[0]
    s = _won_by_0()
    act(s, "0: swap b04 a01")   # the loser's unplayed full guard for the winner's played punch
    assert s.discards[0] == ["a02", "b04"] and s.decks[0].count("a05") == 1
    assert s.discards[1] == ["a01", "b01", "b02"] and "b03" in s.decks[1]


def test_each_duellist_keeps_the_number_of_cards() -> None:
    """«Основную часть игры количество карт у игрока должно оставаться неизменным.» (a swap is
    one card for one)"""
    s = _won_by_0()
    before = [sum(len(z[i]) for z in (s.decks, s.discards, s.hands, s.played, s.shown))
              for i in (0, 1)]
    act(s, "0: swap b01 a05")
    assert [len(s.decks[i]) + len(s.discards[i]) for i in (0, 1)] == before


def test_witnesses_see_played_cards_and_items_only() -> None:
    """«Увидеть карты, сыгранные во время дуэли и карты предметов холодного и огнестрельного
    оружия могут все свидетели этой дуэли.» «Увидеть колоду, руку и сброс других игроков, и карты
    которыми они обмениваются можно только с их согласия!»"""
    s = act(duel(discards=[["kick"], []]), "0: hand a01 a06", "1: hand b01 b02",
            "0: play a06 show a08", "1: play b02")
    spectator = s.observe(None)
    assert spectator["me"] is None
    assert set(spectator["cards"]) == {"a06", "a08", "b02"}
    opponent = s.observe(1)
    assert set(opponent["cards"]) - {"b01", "b02", "b03", "b04", "b05", "b06", "b07", "b08"} \
        == {"a06", "a08"}
    assert opponent["duellists"][0]["hand_size"] == 1
    assert "deck" not in opponent["duellists"][0]


def test_the_duel_itself_is_public() -> None:
    """«Нельзя скрывать от случайных свидетелей факт прохождения дуэли.»"""
    s = duel()
    kinds = [e.kind_name() for e in s.log(None)]
    assert kinds == ["DuelStarted"]


def test_two_piles_deck_and_discard() -> None:
    """«Вам потребуется продумать, как на игре вы будете хранить две отдельные стопки (Колода и
    сброс)…» «Карты на руках игрока делятся на две стопки.» «Все боевые карты у игрока делятся на
    2 части - колода (карты которые вы еще не сыграли) - сброс (карты которые уже были
    сыграны).»"""
    s = duel(discards=[["kick"], ["trip"]])
    me = s.observe(0)["me"]
    assert me["deck"] == [f"a{i:02d}" for i in range(1, 10)] and me["discard"] == ["a10"]


def test_cards_issued_three_to_fifteen() -> None:
    """«Все нужные карточки будут вам выданы (от 3 до 10-15 шт).» (option ``deck_size``
    3..15, default 10, plus ``items`` weapon items)"""
    s = load_game("duel", deck_size=3, items=1).new(seed=4)
    assert [len(d) for d in s.decks] == [4, 4]
    assert sum(1 for c in s.decks[0] if CATALOGUE[s.keys[c]].is_item) == 1
    with pytest.raises(InvalidOption):
        load_game("duel", deck_size=16)
    with pytest.raises(InvalidOption):
        load_game("duel", deck_size=2)
    s = load_game("duel").new(seed=4)
    assert [len(d) for d in s.decks] == [12, 12]


def test_recap_hand_of_one_to_five_variant() -> None:
    """«- выберите из своей колоды от 1 до 5 карт - эта ваша рука на эту дуэль .» (option
    ``hand_min_one``: every duellist takes at least one card when its deck holds one it could
    play; the full rules' 0-5 is the default)"""
    s = duel(hand_min_one=True)
    assert s.hand_limits(0) == (1, 5) and s.hand_limits(1) == (1, 5)
    assert "hand" not in [str(a) for a in s.legal_actions(0)]
    with pytest.raises(IllegalAction, match="take 1 to 5 cards"):
        act(s, "0: hand")
    act(s, "0: hand a01", "1: hand b01 b02")
    assert [len(h) for h in s.hands] == [1, 2]
    # "if possible": nothing playable in the deck, nothing taken
    s = duel([["musket", "slash"], ["punch"]], hand_min_one=True)  # slash needs a cold weapon
    assert s.hand_limits(0) == (0, 0) and s.hand_limits(1) == (1, 1)
    assert duel(hand_min_one=True, mode="attack").hand_limits(0) == (5, 5)


def test_recap_mandatory_swap_variant() -> None:
    """«- Победитель просматривает руку проигравшего, и обменивает одну из карт на карту из своей
    руки.» (option ``swap_required``: the winner must swap; the full rules' «может выбрать» — a
    choice — is the default)"""
    s = _won_by_0_with(swap_required=True)
    legal = [str(a) for a in s.legal_actions(0)]
    assert "no-swap" not in legal and "swap b04 a05" in legal
    with pytest.raises(IllegalAction, match="must swap"):
        act(s, "0: no-swap")
    act(s, "0: swap b04 a05")
    assert s.swapped == ("b04", "a05")
    # a loser who took no card leaves nothing to swap: the winner goes on with no-swap
    s = act(duel(swap_required=True), "0: hand a01 a02", "1: hand", "0: play a01", "0: play a02")
    assert [str(a) for a in s.legal_actions(0)] == ["no-swap"]
    act(s, "0: no-swap")
    assert s.phase == Phase.OVER


def _won_by_0_with(**options: object):  # type: ignore[no-untyped-def]
    return act(duel(**options), "0: hand a01 a02 a05", "1: hand b01 b02 b03 b04",
               "0: play a02", "1: play b01", "0: play a01", "1: play b02")


def test_item_laid_face_up_with_the_face_down_card_variant() -> None:
    """«…если вы играете боевую карту с таким требованием, вместе с ней нужно выложить в
    открытую на стол и карту соответствующего предмета, взяв ее из вашей колоды.» (option
    ``item_shown=laid``: the item goes face up on the table when the card is put face down, so
    the other duellist and the witnesses see it before the reveal; the default ``reveal`` turns
    it over with the card)"""
    s = act(duel(item_shown="laid"), "0: hand a01 a06 a07", "1: hand b01 b02 b08",
            "0: play a06 show a08")
    assert s.shown[0] == ["a08"] and "a08" not in s.decks[0] and s.rounds == []
    for seat in (1, None):
        view = s.observe(seat)
        assert view["duellists"][0]["shown"] == ["a08"] and "a08" in view["cards"]
        assert "a06" not in view["cards"]
    laid = [e for e in s.log(None) if e.kind_name() == "DuelItemLaid"]
    assert len(laid) == 1 and laid[0].to_json()["key"] == "dagger"
    act(s, "1: play b02")
    assert s.rounds[0].shown == ("a08", None) and s.shown[0] == ["a08"]
    act(s, "0: play a07", "1: play b08")  # the item laid serves the rest of the duel
    assert s.phase == Phase.SWAP
    act(s, "0: no-swap")
    assert "a08" in s.decks[0]
    # the default: nobody sees the item before the reveal
    s = act(duel(), "0: hand a01 a06", "1: hand b01 b02", "0: play a06 show a08")
    assert s.shown[0] == [] and "a08" not in s.observe(1)["cards"]
    assert not any(e.kind_name() == "DuelItemLaid" for e in s.events)


def test_item_laid_then_the_duel_ended_by_agreement() -> None:
    """«Все карты, которые были отобраны в руку но не использованы и карты предметов холодного и
    огнестрельного оружия - возвращаются в колоду своего владельца.» (an item laid with a card
    that is never turned over goes back to the deck with that card)"""
    s = act(duel(item_shown="laid"), "0: hand a01 a06", "1: hand b01 b02",
            "0: play a06 show a08", "1: offer-end", "0: accept-end")
    assert s.phase == Phase.OVER and {"a01", "a06", "a08"} <= set(s.decks[0])
    assert s.discards[0] == [] and s.shown[0] == []
