"""Raven form, winning and the end phase (В обличии ворона, Победа в игре, Завершающая фаза):
one test per rule sentence of seed 002."""

from __future__ import annotations

from koloda.engine import IllegalAction

from .helpers import act, commit_min, first_legal, kinds, setup

C3 = ("0: commit 0", "1: commit 0", "2: commit 0")


def test_ravens_play_on_but_cannot_win() -> None:
    """«Вороны продолжают участвовать в игре, но в обличие ворона не могут выиграть.»"""
    s = setup(3, hands=["VVVVH", "HHSSA", "SSSAH"], form=["raven", "human", "human"],
              vp=[6, 0, 0])
    assert not s.is_terminal and s.to_act == (0, 1, 2)
    while s.round == 1:
        first_legal(s)
    assert s.winner == -1


def test_return_with_five_of_one_suit() -> None:
    """«Вороны возвращаются в обличие человека (и полностью возвращаются к игре), с момента
    конечной фазы, где игрок собрал свою руку, 5 карта одной масти (например, 5 атак), или по
    одной карте каждой масти.»"""
    s = setup(3, hands=["AAAAA", "HSSVV", "HSSVV"], form=["raven", "human", "human"])
    act(s, *C3)
    assert s.stage.value == "peck"
    act(s, "0: done")
    commit_min(s, 3)
    assert s.raven == [False, False, False] and s.round == 2


def test_cancelled_cards_still_count_for_return() -> None:
    """«Карты, которые они были вынуждены сбросить из-за карт магии или жертвоприношения с
    картами воронов, не анулируют факт того, что игрок собрал их в одну руку.»"""
    s = setup(3, hands=["AHSVR", "HHSVV", "SSVVV"], form=["raven", "human", "human"])
    act(s, "0: commit 1", "1: commit 0", "2: commit 0")
    commit_min(s, 3)
    assert not s.raven[0] and "NmReturnedHuman" in kinds(s)


def test_return_health_by_player_count() -> None:
    """«Когда он возвращается в человеческую форму и очки победы, которые они получили,
    восстанавливаются, они получают 4 здоровья (если играют 3-4 игрока) и 3 здоровья (в случае,
    если играют 5-6 игроков).»"""
    hands = ["AHSVR", "HHSVV", "SSVVV", "HHSVV", "SSVVV"]
    s = setup(5, hands=hands, form=["raven"] + ["human"] * 4, vp=[2, 0, 0, 0, 0])
    act(s, "0: commit 1", *(f"{p}: commit 0" for p in range(1, 5)))
    commit_min(s, 3)
    assert not s.raven[0] and s.health[0] == 3 and s.vp[0] >= 2


def test_raven_leader_gains_nothing_but_blocks() -> None:
    """«Будучи вороном, вы продолжаете играть с другими игроками, со следующими условиями:
    ворон, разыгрывающий наибольшее количество карт атаки, карт лечения или карт победы не может
    наносить повреждения, лечиться или зарабатывать очки победы, но всё еще считается как
    набравший наибольшее их количество, мешая другим игрокам разыгрыванию способности масти.»"""
    s = setup(3, hands=["VVVSS", "VHHSS", "HHSSS"], form=["raven", "human", "human"])
    commit_min(s, 3)
    act(s, *C3)
    assert s.stage.value == "peck" and s.vp == [0, 0, 0]
    act(s, "0: done")
    assert s.vp == [0, 0, 0] and s.health == [0, 5, 5]


def test_peck_second_place() -> None:
    """«В добавок ко всему ворон, имеющий наибольшее количество карт одной масти (или разделивший
    ничью) может КЛЮНУТЬ, нанеся 1 очко урона другим игрокам, которые заняли второе место по
    количество собранных карт этой масти.»"""
    s = setup(4, hands=["AAAHV", "AAHSV", "AAHVV", "AHSVV"], form=["raven"] + ["human"] * 3)
    first_legal(s)
    assert s.to_act == (0,)
    with IllegalActionExpected("'peck' or 'done'"):
        act(s, "0: attack 1")
    act(s, "0: peck")
    assert s.health == [0, 4, 4, 5]


def test_peck_everyone_or_no_one_when_alone() -> None:
    """«Если нет других игроков, собравших карты этой масти, он может клюнуть всех игроков в
    человеческом обличии. Он выбирает клюнуть всех или никого. Он не может выбрать клюнуть
    отдельного игрока.»"""
    s = setup(3, hands=["AAHVV", "HSSVV", "HSSVV"], form=["raven", "human", "human"])
    act(s, *C3)
    assert [str(a) for a in s.legal_actions(0)] == ["peck", "done"]
    act(s, "0: peck")
    assert s.health == [0, 4, 4]
    t = setup(3, hands=["AAHVV", "HSSVV", "HSSVV"], form=["raven", "human", "human"])
    act(t, *C3, "0: done")
    assert t.health == [0, 5, 5]


def test_peck_knockout_vp_but_no_win_as_raven() -> None:
    """«Примечание: Если в результате клевка игрок превращается в ворона, клюнувший игрок
    получает ПО, но всё еще не может выиграть, даже если у него имеется 6 и более ПО.»"""
    s = setup(4, hands=["AAHVV", "AHSVV", "HSSVV", "HSSVV"], health=[0, 1, 5, 5],
              form=["raven", "human", "human", "human"], vp=[5, 0, 0, 0])
    act(s, *C3, "3: commit 0", "0: peck")
    assert s.raven == [True, True, False, False] and s.vp[0] == 6 and s.winner == -1


def test_peck_removing_all_humans_wins() -> None:
    """«Однако если клевок убирает всех оставшихся людей, проклятие ворона разрушается, игрок
    меняет форму и немедленно выигрывает игру.»"""
    s = setup(3, hands=["AAHVV", "HSSVV", "HSSVV"], health=[0, 1, 1],
              form=["raven", "human", "human"])
    act(s, *C3, "0: peck")
    assert s.winner == 0 and not s.raven[0] and s.is_terminal


def test_ravens_draw_magic_but_no_radiance_peck() -> None:
    """«Вороны могут получать карты магии Света и Тени, но не могут клюнуть других игроков за
    большинство карт сияния и карт воронов.»"""
    s = setup(3, magic_set="koloda", hands=["SSSHV", "SHHVV", "AHHVV"],
              form=["raven", "human", "human"])
    act(s, *C3, "2: attack 1")
    commit_min(s, 2)
    assert len(s.magic[0]) == 2 and "NmPecked" not in kinds(s)


def test_six_vp_as_human_wins() -> None:
    """«1. Когда игрок в обличии человека собирает 6 ПО, он/она немедленно побеждает в игре.»"""
    s = setup(3, hands=["VVVHH", "HHSSA", "SSSAA"], vp=[5, 0, 0])
    act(s, *C3, "2: attack 1")
    commit_min(s, 3)
    assert s.winner == 0 and s.result() is not None and s.result().winners == (0,)  # type: ignore[union-attr]


def test_simultaneous_six_most_vp_then_health() -> None:
    """«Если несколько игроков собрали 6 ПО в одно время, побеждает игрок с наибольшим
    количеством ПО. В случае ничье, наибольший уровень здоровья вырывается из ничьей.»"""
    s = setup(3, hands=["VVHHS", "VVHSS", "HHSSS"], vp=[4, 5, 0])
    commit_min(s, 4)
    assert s.winner == 1
    t = setup(3, hands=["VVHHS", "VVHSS", "HHSSS"], vp=[4, 4, 0], health=[5, 4, 5])
    commit_min(t, 4)
    assert t.winner == 0


def test_full_tie_plays_on() -> None:
    """«Если и здесь ничья сохраняется, игроки продолжают играть до определения победителя.»"""
    s = setup(3, hands=["VVHHS", "VVHSS", "HHSSS"], vp=[4, 4, 0])
    commit_min(s, 4)
    assert s.vp[:2] == [6, 6] and not s.is_terminal and s.round == 2


def test_last_human_wins() -> None:
    """«2. Если остался только один игрок в человеческом обличии, этот игрок немедленно
    становится победителем.»"""
    s = setup(3, hands=["AAAAV", "HSSVV", "HSSVV"], health=[5, 3, 5],
              form=["human", "human", "raven"])
    act(s, *C3, "0: attack 1")
    assert s.winner == 0 and "last" in s.win_reason


def test_end_phase_dealer_left_direction_flips_tokens_shuffled() -> None:
    """«Раздающим становится игрок слева от предыдущего. Переверните маркер направления.
    Перемешайте и разместите жетоны раскрытия.»"""
    s = setup(4, dealer=3, hands=["HHSSV", "HSSVV", "HHSVV", "SSSVV"])
    commit_min(s, 4)
    assert s.round == 2 and s.dealer == 0 and s.direction == -1
    assert s.observe(0)["tokens"] == [None] * 4 and s.observe(0)["tie_order"] == [3, 2, 1, 0]


def test_end_phase_discard_and_reshuffle_main_deck() -> None:
    """«Подготовка: Сбросьте все разыгранные карты и перемешайте основную колоду.»"""
    s = setup(3, hands=["HHSSV", "HSSVV", "HHSVV"])
    commit_min(s, 4)
    assert all(t == [] for t in s.table) and s.discard == []
    assert sorted(s.deck + [c for h in s.hands for c in h]) == list(range(60))


def test_check_returns_first_in_end_phase() -> None:
    """«Завершающая фаза: Проверить, какие игроки-вороны стали обратно людьми.»"""
    s = setup(3, hands=["AHSVR", "HHSVV", "SSVVV"], form=["raven", "human", "human"],
              vp=[6, 0, 0])
    act(s, "0: commit 1", "1: commit 0", "2: commit 0")
    commit_min(s, 3)
    assert s.winner == 0
    assert kinds(s).index("NmReturnedHuman") < kinds(s).index("NmWon")


class IllegalActionExpected:
    """``with IllegalActionExpected("text"):`` — the block must raise IllegalAction with it."""

    def __init__(self, text: str) -> None:
        self.text = text

    def __enter__(self) -> None:
        return None

    def __exit__(self, tp: object, value: object, tb: object) -> bool:
        assert tp is IllegalAction and self.text in str(value)
        return True


def test_variant_main_deck_reshuffled_only_when_short() -> None:
    """Variant (decision 6, the other reading): «Если в какой-либо колоде закончились карты,
    перемешайте все сброшенные карты, чтобы создать новую колоду.» applied to the main deck."""
    from koloda.engine import load_game

    game = load_game("nevermore", players=6, magic="none", main_deck="when_empty")
    s = game.new(seed=4)
    assert len(s.deck) == 30
    while s.round == 1:
        first_legal(s)
    assert len(s.deck) == 0 and len(s.discard) == 30  # round 2 was dealt from the rest
    assert s.observe(0)["discard"] == s.discard
    while s.round == 2:
        first_legal(s)
    assert "NmMainReshuffled" in kinds(s) and len(s.deck) == 30 and s.discard == []
