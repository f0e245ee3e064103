"""Magic (Разыгрывание карт магий Света и Тени): one test per rule sentence of seed 002, on
Koloda's own set."""

from __future__ import annotations

import pytest

from koloda.engine import IllegalAction

from .helpers import act, commit_min, first_legal, kinds, setup

C3 = ("0: commit 0", "1: commit 0", "2: commit 0")


def test_cards_played_by_their_timing() -> None:
    """«После получения одной из этих карт они могут быть разыграны согласно условиям времени
    их разыгрывания на картах, большинство могут быть разыграны до или после «данной» фазы.»"""
    s = setup(3, magic_set="koloda", hands=["AAAHV", "HSSVV", "HSSVV"],
              magic=[["strike_from_the_dark"], [], []])
    card = s.magic[0][0]
    assert s.stage.value == "magic" and s.window == "gap0"
    assert [str(a) for a in s.legal_actions(0)] == ["done"]  # after:attack, not before
    with pytest.raises(IllegalAction, match="timing"):
        act(s, f"0: play {card} 1")
    act(s, "0: done", *C3, "0: attack 1")
    assert s.window == "gap1"
    act(s, f"0: play {card} 2")
    assert s.health == [5, 2, 4]


def test_simultaneous_wishes_in_tie_order() -> None:
    """«Если два и более игрока хотят разыграть карту в одно время, начинает игрок, сидящий
    ближе к раздающему в направлении, указанном на соответствующем жетоне в этот раунд.»"""
    s = setup(3, magic_set="koloda", dealer=0, hands=["HHSVV", "HSSVV", "HSSVV"],
              magic=[["black_feather"], [], ["black_feather"]])
    a, b = s.magic[0][0], s.magic[2][0]
    act(s, f"0: play {a} 1")
    assert s.health == [5, 5, 5]  # hidden until every holder has decided
    act(s, f"2: play {b} 1")
    played = [e.seat for e in s.events if e.kind_name() == "NmMagicPlayed"]  # type: ignore[attr-defined]
    assert played == [2, 0] and s.health[1] == 3


def test_several_cards_in_one_window_in_the_order_played() -> None:
    """«В первую очередь: Карты разыгрываются и вскрываются согласно порядку их разыгрывания.»
    A window stays open for the players who played a card, so a player holding two cards of
    the same timing plays both, one after the other; a player who said done is out."""
    s = setup(3, magic_set="koloda", dealer=0, hands=["HHSVV", "HSSVV", "HSSVV"],
              magic=[["cursed_mirror", "sanctuary", "ward"], ["black_feather"], []])
    ward, sanctuary, mirror = s.magic[0]  # Light ids (100+) come before Shadow ids (200+)
    act(s, f"0: play {mirror} 2", "1: done")
    assert s.health[2] == 4 and s.shield[0] == 1
    assert s.stage.value == "magic" and s.window == "gap0" and s.to_act == (0,)
    act(s, f"0: play {sanctuary}")
    assert s.shield[0] == 4 and s.stage.value == "magic" and s.to_act == (0,)
    act(s, "0: done")
    assert s.stage.value == "commit" and s.magic[0] == [ward]


def test_forced_pass_of_all_cards_left() -> None:
    """«Одни карты не могут быть сыграны «под» другие. К примеру, если Зак разыгрывает карту,
    вынуждающую передать все карты налево, Алекс может интерпретировать этот эффект как сыграть
    одну из его карт до того, как передать её дальше.»"""
    s = setup(3, magic_set="koloda", start="draft", hands=["AAAAA", "HHHHH", "VVVVV"],
              magic=[["feather_storm"], ["ward"], []])
    storm = s.magic[0][0]
    act(s, f"0: play {storm}", "1: done")
    assert [len({c // 12 for c in h}) for h in s.hands] == [1, 1, 1]
    assert s.hands[1] == list(range(5)) and s.hands[2][0] // 12 == 1
    assert s.stage.value == "pass"  # no window reopens to answer it


def test_play_any_time_answers_a_lethal_blow() -> None:
    """«Такие карты могут быть сыграны в любое время сразу после того, как получены, в том числе
    разыгрывание их как реакции на атаку, даже если в результате нее произойдет превращение в
    ворона.»"""
    s = setup(3, magic_set="koloda", hands=["AAAHV", "HSSVV", "HSSVV"], health=[5, 2, 5],
              magic=[[], ["ward"], []])
    ward = s.magic[1][0]
    act(s, "1: done", *C3, "0: attack 1")
    assert s.stage.value == "react" and s.to_act == (1,)
    assert [str(a) for a in s.legal_actions(1)] == ["done", f"play {ward}"]
    act(s, f"1: play {ward}")
    assert s.health[1] == 1 and not s.raven[1] and s.vp[0] == 0


def test_suit_like_card_adds_one_card() -> None:
    """«Некоторые карты магии выглядят как карты мастей из основной колоды. Вы можете добавить
    такую карту до любого из ходов в фазе Раскрытия, что даст вам ещё одну карту этой масти.»"""
    s = setup(3, magic_set="koloda", hands=["AAHVV", "AHSSV", "HSSVV"],
              magic=[["night_blade"], [], []])
    blade = s.magic[0][0]
    act(s, "0: done")
    assert [str(a) for a in s.legal_actions(0)] == ["commit 0", f"commit 0 {blade}"]
    act(s, f"0: commit 0 {blade}", "1: commit 0", "2: commit 0")
    assert s.counts == [3, 1, 0] and s.amount == 2 and s.magic[0] == []


def test_suit_counts_revealed_when_discarded() -> None:
    """«Примечание: даже если карта магии вынуждает сбросить всю масть, масть технически
    считается раскрытой, что может быть важно для других карт магии и/или игроков в обличии
    ворона, пытающихся вернуться в игру.»"""
    s = setup(3, magic_set="koloda", hands=["VVVHH", "SSSVV", "SSVVV"],
              magic=[["eclipse"], [], []])
    eclipse = s.magic[0][0]
    act(s, "0: done", *C3, "0: done", *C3)
    assert s.window == "gap2"
    act(s, f"0: play {eclipse}")
    assert "NmSuitDiscarded" in kinds(s) and s.hands[1] == sorted(s.hands[1])
    act(s, *C3)
    assert "radiance" in s.revealed and s.counts == [0, 0, 0]
    assert s.observe(2)["revealed"] == ["attack", "healing", "radiance"]


def test_raven_uses_raven_text() -> None:
    """«Символ с вороном: Некоторые карты магии блокируют текст, обозначенные на символе с
    вороном. Это карты для игроков, превращенных в воронов. Игрок, превращенный в ворона должен
    использовать специальные эффекты ворона вместо обычного разыгрывания этой карты.»"""
    s = setup(3, magic_set="koloda", hands=["HHSSS", "SSVVV", "SHVVV"],
              form=["raven", "human", "human"], vp=[0, 2, 0],
              magic=[["shadow_thief"], [], []])
    thief = s.magic[0][0]
    while not (s.stage.value == "magic" and s.window == "skulk"):
        first_legal(s)
    health, vp = list(s.health), list(s.vp)
    act(s, f"0: play {thief} 1")
    assert s.health[1] == health[1] - 1 and s.vp == vp
    ev = next(e for e in s.events if e.kind_name() == "NmMagicPlayed")
    assert ev.raven_text  # type: ignore[attr-defined]


def test_magic_deck_rebuilt_from_its_discards() -> None:
    """«Если в какой-либо колоде закончились карты, перемешайте все сброшенные карты, чтобы
    создать новую колоду.»"""
    s = setup(3, magic_set="koloda", hands=["AAAHV", "HSSVV", "HSSVV"],
              magic=[["black_feather"], [], []])
    feather = s.magic[0][0]
    s.light_discard, s.light_deck = s.light_deck, []
    act(s, f"0: play {feather} 1")
    assert s.shadow_discard == [feather]
    from koloda.games.nevermore.effects import draw_magic
    from koloda.games.nevermore.magic import Deck

    draw_magic(s, 2, Deck.LIGHT, 2)
    assert len(s.magic[2]) == 2 and len(s.light_deck) == 23 and s.light_discard == []
    assert "NmMagicReshuffled" in kinds(s)
    commit_min(s, 0)


@pytest.mark.parametrize(("reply", "asked"), [("lethal", False), ("any_blow", True),
                                               ("never", False)])
def test_variant_reply_to_any_blow(reply: str, asked: bool) -> None:
    """Variant (decision 29): Play Any Time cards may answer any blow (``any_blow``), only one
    that would turn their holder into a raven (default), or none (``never``)."""
    from koloda.engine import load_game

    game = load_game("nevermore", players=3, anytime_reply=reply)
    s = game.from_setup({"hands": ["AAAHV", "HSSVV", "HSSVV"], "magic": [[], ["ward"], []]})
    act(s, "1: done", *C3, "0: attack 1")
    assert (s.stage.value == "react") == asked
    lethal = game.from_setup({"hands": ["AAAHV", "HSSVV", "HSSVV"], "health": [5, 3, 5],
                              "magic": [[], ["ward"], []]})
    act(lethal, "1: done", *C3, "0: attack 1")
    assert (lethal.stage.value == "react") == (reply != "never")
