"""«Проныра» (agile) laid outside a normal play: thrown in («подбрасывание») or laid by a medic
(option ``medic_revives_to=play``). The thrower or the medic's owner names its suit, as for a
card laid normally: «может быть использована в качестве любой из них»."""

from __future__ import annotations

import pytest

from koloda.engine import ActionSyntaxError, IllegalAction
from koloda.games.gwent import GwentState
from koloda.games.gwent.actions import Medic, Throw, parse_action

from .helpers import act, legal, stacks, table

AGILE = "st_vrihedd_brigade_veteran"  # 5, close or ranged


def _suits(state: GwentState) -> list[str]:
    ex = state.exchange
    assert ex is not None
    return [str(s.top.suit) for s in ex.stacks]


@pytest.mark.parametrize("text", [
    "throw att st_vrihedd_brigade_veteran#1:ranged",
    "throw def a#1,b#2:close,c#3",
    "medic nr_dun_banner_medic#1 st_barclay_els#1:ranged",
    "medic nr_dun_banner_medic#1+sp_decoy#1 nr_ves#1,st_barclay_els#1:close",
])
def test_suit_choices_round_trip_in_text(text: str) -> None:
    assert str(parse_action(text)) == text
    assert parse_action(str(parse_action(text))) == parse_action(text)


def test_suit_choices_are_read_in_any_order() -> None:
    assert parse_action("throw def c#3,b#2:close,a#1") == Throw(1, ("a#1", "b#2", "c#3"),
                                                                (("b#2", "close"),))
    assert parse_action("medic m#1+d#1 z#1:ranged,a#1") == Medic(
        "m#1", ("a#1", "z#1"), "d#1", (("z#1", "ranged"),))
    for bad in ("throw att a#1:air", "throw att a#1:ranged,a#1:close", "medic m#1 a#1:"):
        with pytest.raises(ActionSyntaxError):
            parse_action(bad)


def test_thrown_in_agile_card_is_laid_as_the_suit_its_thrower_names() -> None:
    """A watcher throws an agile card in as either of its suits; each choice is listed once."""
    s = table([["nr_ves"], ["ng_rainfarn"], [AGILE, "ng_vreemde"]])
    act(s, "0: play nr_ves#1@new")
    assert legal(s, 2) == ["pass", f"throw att {AGILE}#1:close", f"throw att {AGILE}#1:ranged"]
    act(s, f"2: throw att {AGILE}#1:ranged")
    assert stacks(s) == [(1, 5.0, 1), (2, 5.0, 1)]
    assert _suits(s) == ["close", "ranged"]
    # a ranged cover of the thrown-in card counts in full: the defender beats it with a ranged 5
    s2 = table([["nr_ves"], ["nr_keira_metz"], [AGILE]])
    act(s2, "0: play nr_ves#1@new", f"2: throw att {AGILE}#1:ranged",
        "1: play nr_keira_metz#1@s2")
    assert stacks(s2) == [(1, 5.0, 1), (2, 0.0, 1)]


def test_thrown_in_agile_card_with_others_lists_each_choice_once() -> None:
    s = table([["nr_ves"], ["ng_rainfarn"], [AGILE, "ne_zoltan_chivay"]])
    act(s, "0: play nr_ves#1@new")
    assert legal(s, 2) == [
        "pass", "throw att ne_zoltan_chivay#1", f"throw att {AGILE}#1:close",
        f"throw att {AGILE}#1:ranged", f"throw att ne_zoltan_chivay#1,{AGILE}#1:close",
        f"throw att ne_zoltan_chivay#1,{AGILE}#1:ranged"]
    assert len(set(legal(s, 2))) == len(legal(s, 2))
    act(s, f"2: throw att {AGILE}#1:close,ne_zoltan_chivay#1")
    assert _suits(s) == ["close", "close", "close"]


def test_wrong_suit_for_a_thrown_in_card_is_refused_clearly() -> None:
    s = table([["nr_ves"], ["ng_rainfarn"], [AGILE, "ne_zoltan_chivay"]])
    act(s, "0: play nr_ves#1@new")
    for step, message in (
            (f"2: throw att {AGILE}#1", f"agile .*: say its suit, throw att {AGILE}#1:close or "
                                        f"{AGILE}#1:ranged"),
            (f"2: throw att {AGILE}#1:siege", "its suit is close or ranged, not siege"),
            ("2: throw att ne_zoltan_chivay#1:ranged", "has one suit; write it without "
                                                       "':ranged'")):
        before = s.to_json()
        with pytest.raises(IllegalAction, match=message):
            act(s, step)
        assert s.to_json() == before


def test_medic_lays_a_revived_agile_card_as_the_suit_its_owner_names() -> None:
    """Option ``medic_revives_to=play``: the medic's owner names the revived agile card's suit."""
    s = table([["ng_vreemde", "nr_dun_banner_medic"], ["ng_rainfarn"]],
              discards=[["st_barclay_els"], []], options={"medic_revives_to": "play"})
    act(s, "0: play ng_vreemde#1@new", "1: pass")
    medics = [a for a in legal(s, 0) if a.startswith("medic")]
    assert medics == ["medic nr_dun_banner_medic#1 st_barclay_els#1:close",
                      "medic nr_dun_banner_medic#1 st_barclay_els#1:ranged"]
    for step, message in (
            ("0: medic nr_dun_banner_medic#1 st_barclay_els#1", "agile .*: say its suit, medic "
                                                                "nr_dun_banner_medic#1 "
                                                                "st_barclay_els#1:close"),
            ("0: medic nr_dun_banner_medic#1 st_barclay_els#1:siege", "not siege")):
        before = s.to_json()
        with pytest.raises(IllegalAction, match=message):
            act(s, step)
        assert s.to_json() == before
    act(s, "0: medic nr_dun_banner_medic#1 st_barclay_els#1:ranged")
    assert stacks(s) == [(1, 2.0, 1), (2, 6.0, 1)]
    assert _suits(s) == ["close", "ranged"]


def test_medic_with_decoy_names_the_suit_of_each_agile_card() -> None:
    s = table([["ng_vreemde", "nr_dun_banner_medic", "sp_decoy"], ["ng_rainfarn"]],
              discards=[["st_barclay_els", "nr_ves"], []], options={"medic_revives_to": "play"})
    act(s, "0: play ng_vreemde#1@new", "1: pass")
    twice = [a for a in legal(s, 0) if a.startswith("medic") and "+" in a]
    assert twice == ["medic nr_dun_banner_medic#1+sp_decoy#1 nr_ves#1,st_barclay_els#1:close",
                     "medic nr_dun_banner_medic#1+sp_decoy#1 nr_ves#1,st_barclay_els#1:ranged"]
    act(s, "0: medic nr_dun_banner_medic#1+sp_decoy#1 st_barclay_els#1:ranged,nr_ves#1")
    assert sorted(_suits(s)) == ["close", "close", "ranged"]


def test_medic_reviving_to_the_hand_names_no_suit() -> None:
    """By default the revived card returns to the hand: its suit is named when it is laid."""
    s = table([["ng_vreemde", "nr_dun_banner_medic"], ["ng_rainfarn"]],
              discards=[["st_barclay_els"], []])
    act(s, "0: play ng_vreemde#1@new", "1: pass")
    assert [a for a in legal(s, 0) if a.startswith("medic")] == [
        "medic nr_dun_banner_medic#1 st_barclay_els#1"]
    before = s.to_json()
    with pytest.raises(IllegalAction, match="returns to your hand"):
        act(s, "0: medic nr_dun_banner_medic#1 st_barclay_els#1:ranged")
    assert s.to_json() == before


def test_medic_names_one_suit_for_a_revived_group_of_agile_copies() -> None:
    """A medic names a group by its first card; the suit named there holds for every agile card
    of the group."""
    s = table([["ng_vreemde", "nr_dun_banner_medic"], ["ng_rainfarn"]],
              discards=[["st_dol_blathanna_scout", "st_dol_blathanna_scout"], []],
              options={"medic_revives_to": "play"})
    act(s, "0: play ng_vreemde#1@new", "1: pass")
    assert [a for a in legal(s, 0) if a.startswith("medic")] == [
        "medic nr_dun_banner_medic#1 st_dol_blathanna_scout#1:close",
        "medic nr_dun_banner_medic#1 st_dol_blathanna_scout#1:ranged"]
    with pytest.raises(IllegalAction, match="name the group by its first card"):
        act(s, "0: medic nr_dun_banner_medic#1 st_dol_blathanna_scout#2:ranged")
    act(s, "0: medic nr_dun_banner_medic#1 st_dol_blathanna_scout#1:ranged")
    assert _suits(s) == ["close", "ranged", "ranged"]
