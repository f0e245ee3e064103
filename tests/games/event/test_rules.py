"""The event's rules, one test per rule or decision (``docs/rules/event.md`` cites them)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from koloda.engine import ActionSyntaxError, IllegalAction, load_game, replay
from koloda.engine.record import GameRecord
from koloda.games.event import EventRefusal, EventState, parse_action

from .helpers import (
    ANNA,
    BORIS,
    DOCTOR,
    GHOST,
    MASTER,
    MIN,
    NPC,
    VERA,
    do,
    event,
    fire_due,
    piles,
    refused,
)

# --- cards, piles, the ledger (E3-E12, E37, ED1, ED3, ED21) -----------------------------------


def test_issue_bounds_are_checked_at_check_in() -> None:
    st = event(decks={})
    refused(st, MASTER, "issue 3 punch kick @1", "E3")
    refused(st, MASTER, "issue 3 " + " ".join(["punch"] * 16) + " @1", "E3")
    do(st, MASTER, "issue 3 punch kick block rapier_thrust rapier @1")
    assert len(piles(st, ANNA)[0]) == 5 and st.people[ANNA].limit == 5  # type: ignore[union-attr]
    refused(st, MASTER, "issue 3 punch kick block @2", "ED1")  # already checked in
    refused(st, ANNA, "issue 4 punch kick block @2", "roles")


def test_issue_counts_items_only_with_the_option() -> None:
    st = event(decks={})
    refused(st, MASTER, "issue 3 punch kick rapier @1", "E3")  # 2 battle cards + an item
    st = event(decks={}, issue_counts_items=True)
    do(st, MASTER, "issue 3 punch kick rapier @1")


def test_issued_cards_go_to_the_deck_and_grants_to_the_discard() -> None:
    st = event()
    do(st, MASTER, "grant 5 kick @1")
    deck, discard = piles(st, VERA)
    assert len(deck) == 3 and len(discard) == 1
    st = event(master_grant_to="deck")
    do(st, MASTER, "grant 5 kick @1")
    assert len(piles(st, VERA)[0]) == 4
    assert st.people[VERA].limit == 4  # type: ignore[union-attr]


def test_serials_are_random_and_tell_nothing() -> None:
    a = event(decks={}).clone()
    do(a, MASTER, "issue 3 punch punch punch @1")
    b = load_game("event", players=8).from_setup({"participants": [{"name": "М", "role": "master"},
                                                                   {"name": "A"}]}, seed=99)
    b.apply_text(0, "issue 1 punch punch punch @1")
    sa, sb = piles(a, ANNA)[0], b.observe(1)["me"]["deck"]
    assert len(set(sa)) == 3 and sa != sb
    assert all(parse_action(f"discard {s} @1") for s in sa + sb)


def test_discard_any_deck_card_at_any_time() -> None:
    st = event()
    do(st, ANNA, "discard А-0001 А-0007 @1")
    assert piles(st, ANNA)[1] == ["А-0001", "А-0007"]  # an item too (ED3)
    refused(st, ANNA, "discard А-0001 @2", "E8")
    refused(st, ANNA, "discard Б-0001 @3", "ledger")


def test_discard_is_refused_in_a_duel_or_under_attack() -> None:
    st = event()
    do(st, ANNA, "attack 4 @1")
    refused(st, BORIS, "discard Б-0001 @2", "E10")
    refused(st, ANNA, "discard А-0001 @3", "E10")


def test_rest_returns_the_whole_discard_after_five_minutes() -> None:
    st = event()
    do(st, ANNA, "discard А-0001 А-0002 @1")
    do(st, ANNA, "rest room @10")
    refused(st, ANNA, f"rest_end @{4 * MIN}", "E17")
    do(st, ANNA, f"rest_end @{5 * MIN + 11}")
    deck, discard = piles(st, ANNA)
    assert discard == [] and len(deck) == 7


def test_rest_ends_by_itself_with_rest_end_auto() -> None:
    st = event(rest_end="auto")
    do(st, ANNA, "discard А-0001 @1")
    do(st, ANNA, "rest room @2")
    fire_due(st, 5 * MIN + 2)
    assert piles(st, ANNA)[1] == [] and st.people[ANNA].rest is None  # type: ignore[union-attr]


def test_a_cancelled_rest_returns_nothing() -> None:
    st = event()
    do(st, ANNA, "discard А-0001 @1")
    do(st, ANNA, "rest room @2")
    do(st, ANNA, "rest_cancel @3")
    assert piles(st, ANNA)[1] == ["А-0001"]


def test_hospital_rest_needs_a_doctor() -> None:
    st = event()
    refused(st, ANNA, "rest hospital 3 @1", "E14")
    do(st, ANNA, "discard А-0001 @2")
    do(st, DOCTOR, "rest hospital 3 @3")
    assert st.observe(ANNA)["me"]["rest"]["doctor"] == DOCTOR
    do(st, DOCTOR, f"rest_end 3 @{5 * MIN + 4}")
    assert piles(st, ANNA)[1] == []


def test_doctor_may_end_a_hospital_rest_early_and_nothing_comes_back() -> None:
    st = event()
    do(st, ANNA, "discard А-0001 @2")
    do(st, DOCTOR, "rest hospital 3 @3")
    refused(st, VERA, "rest_cancel 3 @4", "E14")
    do(st, DOCTOR, "rest_cancel 3 @5")
    assert piles(st, ANNA)[1] == ["А-0001"]


@pytest.mark.parametrize("cancels", [True, False])
def test_attack_cancels_a_rest_by_option(cancels: bool) -> None:
    st = event(attack_cancels_rest=cancels)
    do(st, BORIS, "discard Б-0001 @1")
    do(st, BORIS, "rest room @2")
    do(st, ANNA, f"attack 4 @{3 * MIN}")
    assert (st.people[BORIS].rest is None) == cancels  # type: ignore[union-attr]


def test_resting_participant_cannot_duel_by_consent_or_attack() -> None:
    st = event()
    do(st, ANNA, "rest room @1")
    refused(st, ANNA, "attack 4 @2", "ED4")
    refused(st, ANNA, "challenge 4 @3", "ED4")


def test_nothing_but_a_rest_or_a_correction_moves_discard_to_deck() -> None:
    st = event()
    do(st, ANNA, "discard А-0001 @1")
    do(st, MASTER, 'correct А-0001 3 deck "ошибка регистрации" @2')
    assert piles(st, ANNA)[1] == []
    refused(st, MASTER, 'correct А-0001 3 discard "" @3', "ED-log")


# --- exchanges (E32-E34, ED2, ED12) ------------------------------------------------------------


def test_exchange_in_equal_numbers_both_confirm_the_exact_cards() -> None:
    st = event()
    do(st, ANNA, "offer 5 А-0001 А-0002 @1")
    refused(st, VERA, "accept x1 В-0001 @2", "E32")
    refused(st, ANNA, "accept x1 @3", "E32")
    do(st, VERA, "accept x1 В-0001 В-0002 @4")
    assert piles(st, VERA)[1] == []  # nothing moves before the offerer confirms
    do(st, ANNA, "accept x1 @5")
    assert piles(st, VERA)[1] == ["А-0001", "А-0002"]
    assert piles(st, ANNA)[1] == ["В-0001", "В-0002"]
    assert st.people[ANNA].limit == 7 and st.people[VERA].limit == 3  # type: ignore[union-attr]


def test_exchange_only_deck_cards() -> None:
    st = event()
    do(st, ANNA, "discard А-0001 @1")
    refused(st, ANNA, "offer 5 А-0001 @2", "E8")


def test_no_exchange_with_someone_in_a_duel_or_attacked() -> None:
    st = event()
    do(st, ANNA, "offer 4 А-0001 @1")
    do(st, VERA, "challenge 4 @2")
    do(st, BORIS, "accept d1 @3")
    assert st.exchanges["x1"].open is False  # closed from the start of the duel
    refused(st, ANNA, "offer 4 А-0002 @4", "E33")
    refused(st, VERA, "offer 3 В-0001 @5", "E33")


def test_exchange_refused_from_the_declaration_of_an_attack() -> None:
    st = event()
    do(st, ANNA, "attack 4 @1")
    refused(st, VERA, "offer 4 В-0001 @2", "E33")


def test_only_npcs_give_cards_beyond_the_limit() -> None:
    st = event()
    refused(st, ANNA, "gift 5 А-0001 @1", "roles")
    do(st, NPC, "gift 5 Н-0001 @2")
    assert piles(st, VERA)[1] == ["Н-0001"] and st.people[VERA].limit == 4  # type: ignore[union-attr]


def test_players_cannot_give_cards_one_sided() -> None:
    with pytest.raises(ActionSyntaxError):
        parse_action("give 5 А-0001 @1")
    st = event()
    do(st, ANNA, "offer 5 А-0001 @1")
    do(st, VERA, "withdraw x1 @2")
    assert piles(st, VERA)[1] == [] and st.people[ANNA].limit == 7  # type: ignore[union-attr]


# --- duels (E18, E24-E29, E33, ED13, ED14, ED20, ED22) ----------------------------------------


def test_consent_duel_needs_both_and_either_may_withdraw() -> None:
    st = event()
    do(st, ANNA, "challenge 4 @1")
    assert st.observe(None)["duels"] == []  # not a duel until accepted
    refused(st, ANNA, "accept d1 @2", "ED14")
    do(st, BORIS, "withdraw d1 @3")
    do(st, ANNA, "challenge 4 brawl @4")
    do(st, BORIS, "accept d2 @5")
    assert [d["id"] for d in st.observe(None)["duels"]] == ["d2"]
    refused(st, BORIS, "withdraw d2 @6", "ED14")


def test_attack_needs_five_playable_cards() -> None:
    st = event()
    refused(st, VERA, "attack 4 @1", "E26")
    do(st, ANNA, "discard А-0007 @2")  # without the dagger the dagger stab is unplayable
    do(st, ANNA, "discard А-0001 @3")
    refused(st, ANNA, "attack 4 @4", "E26")


def test_attacked_cannot_decline_and_both_are_locked_from_the_declaration() -> None:
    st = event()
    do(st, ANNA, "attack 4 @1")
    refused(st, BORIS, "withdraw d1 @2", "ED14")
    for seat in (ANNA, BORIS):
        assert st.observe(seat)["me"]["duel"] == "d1"
    refused(st, ANNA, "attack 5 @3", "ED13")
    refused(st, VERA, "attack 4 @4", "E33")


def test_duel_result_moves_cards_as_the_duel_says() -> None:
    st = event()
    do(st, ANNA, "attack 4 @1")
    do(st, ANNA, "result d1 winner=3 killed=- swap=Б-0003/А-0004 discard=А-0001,А-0002,Б-0001 @2")
    a_deck, a_discard = piles(st, ANNA)
    b_deck, b_discard = piles(st, BORIS)
    assert a_discard == ["А-0001", "А-0002", "Б-0003"]
    assert b_discard == ["А-0004", "Б-0001"]  # in the order printed
    assert "А-0007" in a_deck and "Б-0005" in b_deck  # items back to the deck
    assert st.people[ANNA].limit == 7 and st.people[BORIS].limit == 5  # type: ignore[union-attr]
    assert st.people[ANNA].duel is None and st.people[BORIS].duel is None  # type: ignore[union-attr]


def test_result_refuses_items_in_the_discard_and_a_swap_without_a_winner() -> None:
    st = event()
    do(st, ANNA, "attack 4 @1")
    refused(st, ANNA, "result d1 winner=- killed=- swap=- discard=А-0007 @2", "E29")
    refused(st, ANNA, "result d1 winner=- killed=- swap=Б-0001/А-0001 discard=- @3", "E29")
    refused(st, ANNA, "result d1 winner=5 killed=- swap=- discard=- @4", "E29")
    refused(st, VERA, "result d1 winner=- killed=- swap=- discard=- @5", "E29")


def test_kill_needs_a_deadly_card_played_and_the_loser() -> None:
    st = event()
    do(st, ANNA, "attack 4 @1")
    refused(st, ANNA, "result d1 winner=3 killed=4 swap=- discard=А-0001,А-0002 @2", "E18")
    refused(st, ANNA, "result d1 winner=- killed=4 swap=- discard=А-0006 @3", "E18")
    refused(st, ANNA, "result d1 winner=3 killed=3 swap=- discard=А-0006,А-0001 @4", "E18")
    do(st, ANNA, "result d1 winner=3 killed=4 swap=- discard=А-0006,А-0001 @5")
    assert st.observe(BORIS)["me"]["health"] == "wounded"


def test_no_kill_no_consequences() -> None:
    st = event()
    do(st, ANNA, "attack 4 @1")
    do(st, ANNA, "result d1 winner=3 killed=- swap=- discard=А-0006,А-0001 @2")
    assert st.observe(BORIS)["me"]["health"] == "alive" and not st.deadlines()


def test_kill_starts_a_fifteen_minute_wound_from_the_duels_end() -> None:
    st = event()
    do(st, ANNA, "attack 4 @1000")
    do(st, ANNA, "result d1 winner=3 killed=4 swap=- discard=А-0006,А-0001 @61000")
    me = st.observe(BORIS)["me"]
    assert me["wound_until"] == 61000 + 15 * MIN
    assert [d.kind for d in st.deadlines()] == ["wound"]
    board = st.observe(None)
    assert board["kills"] == [{"duel": "d1", "killer": ANNA, "victim": BORIS, "at": 61000}]


def test_duel_soft_limit_warns_and_flags_the_masters() -> None:
    st = event()
    do(st, ANNA, "attack 4 @0")
    kinds = [(d.kind, d.at) for d in st.deadlines()]
    assert kinds == [("duel_soft", 120_000), ("duel_flag", 300_000)]
    refused(st, ANNA, "result d1 winner=- killed=- swap=- discard=- @120000", "timers",
            fire=False)
    fire_due(st, 130_000)
    assert st.observe(None)["duels"][0]["overtime"] is True
    do(st, ANNA, "result d1 winner=- killed=- swap=- discard=- @130001")
    assert st.deadlines() == []


def test_duel_setup_carries_the_events_readings_and_the_decks() -> None:
    st = event(rounds_to_win=3, swap_required=True)
    do(st, ANNA, "attack 4 @1")
    setup = st.duel_setup("d1")
    assert setup["options"]["rounds_to_win"] == 3 and setup["options"]["mode"] == "attack"
    assert setup["options"]["swap_required"] is True
    assert setup["seats"] == [ANNA, BORIS]
    assert setup["ids"]["a01"] == "А-0001" and setup["ids"]["b05"] == "Б-0005"
    assert setup["setup"]["decks"][1] == ["trip", "sand_in_eyes", "full_guard", "slash", "rapier"]


def test_result_from_a_real_duel_table() -> None:
    st = event()
    do(st, ANNA, "attack 4 @1")
    setup = st.duel_setup("d1")
    duel = load_game("duel", **setup["options"]).from_setup(setup["setup"])
    # Анна: punch, kick, spinning strike, block, dodge; Борис: trip, sand in the eyes
    for seat, text in [(0, "hand a01 a02 a03 a04 a05"), (1, "hand b01 b02"),
                       (0, "play a01"), (1, "play b01"), (0, "play a02"), (1, "play b02")]:
        duel.apply_text(seat, text)
    duel.apply_text(0, "swap b01 a04")  # the winner takes the trip for the block
    outcome = duel.outcome()
    assert outcome is not None and outcome.winner == 0
    seat, op = st.result_of("d1", outcome, 2)
    st.apply(seat, op)
    assert st.invariants() == []
    assert piles(st, ANNA)[1] == ["А-0001", "А-0002", "Б-0001"]
    assert sorted(piles(st, BORIS)[1]) == sorted(["Б-0002", "А-0004"])
    assert "А-0003" in piles(st, ANNA)[0]  # unplayed hand card back to the deck


def test_paper_duel_counts_once_the_other_side_confirms() -> None:
    st = event()
    do(st, BORIS, "paper 3 attack winner=3 killed=- swap=- discard=А-0001,А-0002 @1")
    assert piles(st, ANNA)[1] == []
    refused(st, BORIS, "confirm d1 @2", "E29")
    do(st, ANNA, "confirm d1 @3")
    assert piles(st, ANNA)[1] == ["А-0001", "А-0002"]
    do(st, VERA, "paper 4 consent winner=- killed=- swap=- discard=В-0001 @4")
    do(st, MASTER, "confirm d2 @5")
    assert piles(st, VERA)[1] == ["В-0001"]


# --- wounds, the hospital, death (E19-E23, E35, ED6-ED11) ------------------------------------


def _wounded(**options: Any) -> EventState:
    st = event(**options)
    do(st, ANNA, "attack 4 @0")
    do(st, ANNA, "result d1 winner=3 killed=4 swap=- discard=А-0006,А-0001 @1000")
    return st


def test_wounded_can_do_nothing() -> None:
    st = _wounded()
    for text in ("discard Б-0001 @2000", "rest room @2001", "offer 5 Б-0001 @2002",
                 "challenge 5 @2003", "show 5 both until=9999 @2004"):
        refused(st, BORIS, text, "ED6")
    refused(st, VERA, "offer 4 В-0001 @2005", "ED6")
    refused(st, VERA, "attack 4 @2006", "ED6")


def test_wounded_can_be_attacked_only_by_option() -> None:
    for allowed in (False, True):
        st = _wounded(wounded_can_be_attacked=allowed)
        do(st, ANNA, "rest room @2000")  # Анна gets her 5 playable cards back
        do(st, ANNA, f"rest_end @{2001 + 5 * MIN}")
        if allowed:
            do(st, ANNA, f"attack 4 @{2002 + 5 * MIN}")
        else:
            refused(st, ANNA, f"attack 4 @{2002 + 5 * MIN}", "ED6")


def test_doctor_admits_before_the_deadline_only() -> None:
    st = _wounded()
    refused(st, VERA, "admit 4 @2000", "roles")
    do(st, DOCTOR, f"admit 4 @{1000 + 10 * MIN}")
    assert st.observe(BORIS)["me"]["health"] == "admitted" and not st.deadlines()
    st = _wounded()
    refused(st, DOCTOR, f"admit 4 @{1000 + 15 * MIN}", "timers", fire=False)


def test_wound_expiry_is_death_unless_a_master_confirms() -> None:
    st = _wounded()
    fire_due(st, 1000 + 15 * MIN)
    assert st.observe(BORIS)["me"]["health"] == "dead"
    do(st, MASTER, f'revive 4 "ошибка: врач успел" @{1001 + 15 * MIN}')
    assert st.observe(BORIS)["me"]["health"] == "alive"
    st = _wounded(expiry="master_confirms")
    fire_due(st, 1000 + 15 * MIN)
    assert st.observe(BORIS)["me"]["health"] == "expired"
    do(st, MASTER, f"died 4 @{1001 + 15 * MIN}")


def test_survivor_gives_up_one_battle_card_to_the_masters() -> None:
    st = _wounded()
    do(st, DOCTOR, "admit 4 @2000")
    do(st, DOCTOR, "saved 4 @3000")
    refused(st, BORIS, "surrender Б-0005 @3001", "E22")  # an item
    refused(st, MASTER, "surrender Б-0001 @3002", "E22")
    do(st, BORIS, "surrender Б-0001 @3003")  # from the discard (ED9)
    assert st.people[BORIS].limit == 4
    assert st.observe(MASTER)["pool"]["surrendered"] == ["Б-0001"]
    do(st, MASTER, "received Б-0001 @3004")
    assert st.observe(MASTER)["pool"]["pool"] == ["Б-0001"]


def test_loss_from_the_deck_only_by_option() -> None:
    st = event(loss_from="deck")
    do(st, BORIS, "discard Б-0001 @0")
    do(st, ANNA, "attack 4 @1")
    do(st, ANNA, "result d1 winner=3 killed=4 swap=- discard=А-0006,А-0001 @1000")
    do(st, DOCTOR, "admit 4 @2000")
    do(st, DOCTOR, "saved 4 @3000")
    refused(st, BORIS, "surrender Б-0001 @3001", "ED9")
    do(st, BORIS, "surrender Б-0004 @3002")


def test_masters_choose_the_card_when_the_time_runs_out() -> None:
    st = _wounded()
    do(st, DOCTOR, "admit 4 @2000")
    do(st, DOCTOR, "saved 4 @3000")
    fire_due(st, 3000 + 10 * MIN)
    do(st, MASTER, f"surrender Б-0002 @{3001 + 10 * MIN}")


def test_near_death_by_another_cause_costs_one_card() -> None:
    st = event()
    refused(st, ANNA, 'near_death 5 "упала с лошади" @1', "ED10")
    do(st, MASTER, 'near_death 5 "упала с лошади" @2')
    do(st, DOCTOR, "admit 5 @3")
    do(st, DOCTOR, "saved 5 @4")
    assert st.observe(VERA)["me"]["debts"][0]["to"] is None
    st = event(near_death_loss=0)
    do(st, MASTER, 'near_death 5 "упала с лошади" @2')
    do(st, DOCTOR, "admit 5 @3")
    do(st, DOCTOR, "saved 5 @4")
    assert st.observe(VERA)["me"]["debts"] == []


@pytest.mark.parametrize("by", ["doctor", "master", "chance"])
def test_who_decides_saved_or_dead(by: str) -> None:
    st = event(outcome_by=by)
    do(st, MASTER, 'near_death 5 "яд" @1')
    do(st, DOCTOR, "admit 5 @2")
    if by == "chance":
        refused(st, DOCTOR, "saved 5 @3", "ED8")
        st.rng.force(10)
        do(st, DOCTOR, "treat 5 @4")
        assert st.observe(VERA)["me"]["health"] == "alive"
    else:
        other = MASTER if by == "doctor" else DOCTOR
        refused(st, other, "died 5 @3", "roles")
        do(st, DOCTOR if by == "doctor" else MASTER, "died 5 @4")
        assert st.observe(VERA)["me"]["health"] == "dead"


def test_doctors_notes_on_a_patient_are_seen_by_doctors_and_masters_only() -> None:
    st = event()
    do(st, MASTER, 'near_death 5 "яд" @1')
    do(st, DOCTOR, "admit 5 @2")
    do(st, DOCTOR, 'note 5 "промыт желудок; плата — 3 рубля" @3')
    do(st, MASTER, 'note 5 "яд из таверны" @4')
    notes = [{"who": VERA, "by": DOCTOR, "at": 3, "text": "промыт желудок; плата — 3 рубля"},
             {"who": VERA, "by": MASTER, "at": 4, "text": "яд из таверны"}]
    assert st.observe(DOCTOR)["notes"] == notes
    assert st.observe(MASTER)["notes"] == notes
    for seat in (VERA, ANNA, NPC, None):  # the patient, another participant, an NPC, the board
        assert "notes" not in st.observe(seat)
        assert not any("промыт" in json.dumps(e.to_json(), ensure_ascii=False)
                       for e in st.log(seat))
    # bad notes: refused in words, nothing stored
    refused(st, ANNA, 'note 5 "здорова" @5', "ED23")
    refused(st, DOCTOR, 'note 5 "  " @6', "ED23")
    refused(st, DOCTOR, 'note 5 "' + "я" * 501 + '" @7', "ED23")
    refused(st, DOCTOR, r'note 5 "звонок\u0007" @8', "ED23")
    refused(st, DOCTOR, 'note 0 "мастер" @9', "ED23")
    assert len(st.notes) == 2
    do(st, DOCTOR, 'note 5 "' + "я" * 500 + '" @10')  # the bound itself is allowed
    assert st.observe(MASTER)["notes"][-1]["text"] == "я" * 500


def test_with_notes_to_patient_a_patient_reads_the_notes_on_him_and_nobody_else_does() -> None:
    st = event(notes_to_patient=True)
    do(st, MASTER, 'near_death 5 "яд" @1')
    do(st, DOCTOR, "admit 5 @2")
    do(st, DOCTOR, 'note 5 "промыт желудок" @3')
    do(st, DOCTOR, 'note 3 "здоров как бык" @4')
    mine = [{"who": VERA, "by": DOCTOR, "at": 3, "text": "промыт желудок"}]
    assert st.observe(VERA)["notes"] == mine  # the patient: the note on her, not on Anna
    assert [n["who"] for n in st.observe(DOCTOR)["notes"]] == [VERA, ANNA]
    assert any("промыт" in json.dumps(e.to_json(), ensure_ascii=False) for e in st.log(VERA))
    assert not any("здоров" in json.dumps(e.to_json(), ensure_ascii=False) for e in st.log(VERA))
    for seat in (NPC, None):  # another participant, the board
        assert not any("промыт" in json.dumps(e.to_json(), ensure_ascii=False)
                       for e in st.log(seat))
        assert "промыт" not in json.dumps(st.observe(seat), ensure_ascii=False)
    assert [n["text"] for n in st.observe(ANNA)["notes"]] == ["здоров как бык"]


@pytest.mark.parametrize("on_death", ["masters_decide", "return_all", "keep_for_next_role"])
def test_the_dead_characters_cards(on_death: str) -> None:
    st = event(on_death=on_death)
    do(st, MASTER, 'near_death 5 "яд" @1')
    fire_due(st, 1 + 15 * MIN)
    refused(st, VERA, f"discard В-0001 @{2 + 15 * MIN}", "E23")
    held = st.total(VERA)
    assert held == (0 if on_death == "return_all" else 3)


# --- game-technical characters (E30, E31, E36, ED15, ED16) -------------------------------------


def test_npc_takes_a_card_at_random() -> None:
    st = event()
    st.rng.force(1)
    do(st, NPC, "take 5 @1")
    assert st.total(VERA) == 2 and st.people[VERA].limit == 2  # type: ignore[union-attr]
    assert piles(st, NPC)[1] == ["В-0002"]
    refused(st, NPC, "take 5 block @2", "ED15")


def test_npc_names_the_card_or_the_player_chooses_by_option() -> None:
    st = event(npc_take="npc_names")
    refused(st, NPC, "take 5 rapier @1", "ED15")
    do(st, NPC, "take 5 block @2")
    assert piles(st, NPC)[1] == ["В-0003"]
    st = event(npc_take="player_chooses")
    do(st, NPC, "take 5 @1")
    refused(st, VERA, "discard В-0001 @2", "ED9")
    do(st, VERA, "surrender В-0002 @3")
    assert piles(st, NPC)[1] == ["В-0002"]


def test_npc_with_its_own_rules_rules_on_duels_against_it() -> None:
    st = event()
    do(st, ANNA, "attack 6 @1")
    refused(st, NPC, "autoloss d1 @2", "E30")
    st.rng.force(0)
    do(st, GHOST, "autoloss d1 @3")
    assert st.total(ANNA) == 6 and piles(st, GHOST)[1] == ["А-0001"]
    do(st, ANNA, "challenge 6 @4")
    do(st, GHOST, "accept d2 @5")
    do(st, GHOST, "spare d2 @6")
    assert st.duels["d2"].stage.value == "void" and st.total(ANNA) == 6


# --- who sees what (E38, E42, ED17, ED18, ED19) ----------------------------------------------


def test_piles_are_private_unless_shown() -> None:
    st = event()
    assert "Б-0001" not in st.observe(ANNA)["cards"]
    do(st, BORIS, "show 3 deck until=600000 @1")
    shown = st.observe(ANNA)["me"]["shown_to_me"]
    assert shown[0]["deck"] == ["Б-0001", "Б-0002", "Б-0003", "Б-0004", "Б-0005"]
    assert "Б-0001" in st.observe(ANNA)["cards"] and "Б-0001" not in st.observe(VERA)["cards"]
    fire_due(st, 600_000)
    assert st.observe(ANNA)["me"]["shown_to_me"] == []
    do(st, BORIS, "show 3 both until=900000 @600001")
    do(st, BORIS, "withdraw s2 @600002")
    assert st.observe(ANNA)["me"]["shown_to_me"] == []


def test_exchange_contents_only_to_the_two_sides_and_the_masters() -> None:
    st = event()
    do(st, ANNA, "offer 5 А-0001 @1")
    for seat, sees in ((VERA, True), (MASTER, True), (BORIS, False), (None, False)):
        assert ("А-0001" in st.observe(seat)["cards"]) == sees
        assert any("А-0001" in json.dumps(e.to_json(), ensure_ascii=False)
                   for e in st.log(seat)) == sees


def test_masters_see_piles_only_by_option() -> None:
    assert "Б-0001" in event().observe(MASTER)["cards"]
    st = event(masters_see_piles=False)
    assert "Б-0001" not in st.observe(MASTER)["cards"] and "piles" not in st.observe(MASTER)


def test_board_shows_duels_and_kills_not_results() -> None:
    st = _wounded()
    board = st.observe(None)
    assert board["kills"] and "results" not in board and "statuses" not in board
    assert "results" in st.observe(DOCTOR)
    assert "results" not in st.observe(VERA)
    st = _wounded(board_shows_results=True)
    assert st.observe(None)["results"][0]["winner"] == ANNA


def test_running_duels_are_public() -> None:
    st = event()
    do(st, ANNA, "attack 4 @1")
    for seat in (None, VERA, MASTER):
        assert st.observe(seat)["duels"][0]["a"] == ANNA


# --- masters (E4, E37) ----------------------------------------------------------------------


def test_reprint_gives_a_new_serial_and_retires_the_old() -> None:
    st = event()
    do(st, MASTER, 'reprint А-0001 "помялась" @1')
    deck = piles(st, ANNA)[0]
    assert "А-0001" not in deck and len(deck) == 7 and st.cards["А-0001"].pile.value == "retired"
    refused(st, MASTER, 'reprint А-0001 "ещё раз" @2', "ledger")


def test_enroll_fills_the_next_vacant_seat() -> None:
    st = event()
    refused(st, 7, "discard А-0001 @1", "seats")
    do(st, MASTER, 'enroll participant "Глеб" "Гвардия" @2')
    do(st, MASTER, "issue 7 punch kick block @3")
    refused(st, MASTER, 'enroll participant "Дина" @4', "roster")
    assert st.observe(None)["people"][7]["name"] == "Глеб"


def test_close_ends_the_event() -> None:
    st = event()
    do(st, MASTER, "close @1")
    assert st.is_terminal and st.result() is not None
    with pytest.raises(IllegalAction):
        st.apply_text(ANNA, "discard А-0001 @2")


# --- time and timers ------------------------------------------------------------------------


def test_time_cannot_go_backwards_and_each_operation_is_later() -> None:
    st = event()
    do(st, ANNA, "discard А-0001 @100")
    refused(st, ANNA, "discard А-0002 @99", "time")
    refused(st, ANNA, "discard А-0002 @100", "time")


def test_operations_wait_for_due_timers_and_expire_carries_the_deadline() -> None:
    st = event()
    do(st, ANNA, "rest room @0")
    refused(st, VERA, f"discard В-0001 @{5 * MIN}", "timers", fire=False)
    refused(st, ANNA, f"expire t1 @{5 * MIN + 1}", "timers", fire=False)
    refused(st, VERA, f"expire t1 @{5 * MIN}", "timers", fire=False)
    st.apply_text(ANNA, f"expire t1 late @{5 * MIN}")
    refused(st, ANNA, f"expire t1 @{5 * MIN}", "timers", fire=False)
    fired = [e for e in st.events if e.kind_name() == "TimerFired"]
    assert fired[-1].to_json()["late"] is True


def test_replay_reproduces_the_state() -> None:
    st = _wounded()
    do(st, DOCTOR, "admit 4 @2000")
    from .helpers import DECKS, ROSTER

    record = GameRecord(game="event", options={}, players=8, seed=0,
                        setup={"participants": ROSTER, "decks": DECKS},
                        actions=tuple(st.history))
    assert replay(record).to_json() == st.to_json()


def test_refusals_name_the_rule_in_both_languages() -> None:
    st = event()
    do(st, ANNA, "discard А-0001 @1")
    e = refused(st, ANNA, "discard А-0001 @2", "E8")
    assert "(E8)" in e.reason and "сброс" in e.reason_ru and isinstance(e, EventRefusal)


@pytest.mark.parametrize("text", [
    "issue 3 punch kick @1", "grant 3 punch @2", "discard Б-0137 Г-2231 @3", "rest room @4",
    "rest hospital 3 @5", "rest_end @6", "rest_end 3 @7", "rest_cancel @8",
    "challenge 4 @9", "challenge 4 brawl @10", "accept d1 @11", "withdraw d1 @12",
    "attack 4 fistfight @13", "result d1 winner=3 killed=4 swap=Б-0001/А-0002 discard=А-0003 @14",
    "result d1 winner=- killed=- swap=- discard=- @15",
    "paper 4 attack winner=- killed=- swap=- discard=- @16", "confirm d2 @17",
    'near_death 4 "яд \\"кураре\\"" @18', "admit 4 @19", "saved 4 @20", "died 4 @21",
    "treat 4 @22", "surrender Б-0001 @23", "received Б-0001 @24", "offer 4 А-0001 @25",
    "accept x1 Б-0001 @26", "accept x1 @27", "withdraw x1 @28", "gift 3 Н-0001 @29",
    "take 3 @30", "take 3 rapier @31", "autoloss d1 @32", "autoloss d1 rapier @33",
    "spare d1 @34", "show 4 both until=99 @35", "withdraw s1 @36",
    'correct А-0001 3 deck "найдена" @37', 'correct А-0001 pool "сдана" @38',
    'revive 4 "второй роль" @39', 'void d1 "телефон сел" @40', 'reprint А-0001 "порвана" @41',
    'enroll npc "Призрак" "Замок" own_rules @42', 'enroll master "Ольга" @43',
    "expire t3 @44", "expire t3 late @45", "close @46",
])
def test_every_operation_round_trips(text: str) -> None:
    op = parse_action(text)
    assert str(op) == text and parse_action(str(op)) == op


@pytest.mark.parametrize("text", ["discard @1", "discard А-0001", "discard А-0001 @-1",
                                  "rest gym @1", "attack x @1", "show 4 both @1",
                                  'correct А-0001 3 deck @1', "expire d1 @1", "fly @1",
                                  "accept s1 @1", "close @01"])
def test_malformed_operations_are_syntax_errors(text: str) -> None:
    with pytest.raises(ActionSyntaxError):
        parse_action(text)


def test_an_event_with_its_own_catalogue_duels_with_it() -> None:
    catalogue = {"battle": [
        {"key": "sabre_cut", "type": "attack", "strength": 5, "requires": "cold", "deadly": True,
         "name_ru": "Удар саблей", "name_en": "Sabre cut"},
        {"key": "jab", "type": "attack", "strength": 1, "name_ru": "Тычок", "name_en": "Jab"},
        {"key": "duck", "type": "defence", "strength": 1, "name_ru": "Нырок", "name_en": "Duck"},
        {"key": "taunt", "type": "trick", "strength": 2, "name_ru": "Насмешка",
         "name_en": "Taunt"}],
        "items": [{"key": "sabre", "weapon": "cold", "name_ru": "Сабля", "name_en": "Sabre"}]}
    game = load_game("event", players=3)
    st = game.from_setup({"participants": [{"name": "М", "role": "master"}, {"name": "Ася"},
                                           {"name": "Яна"}], "catalogue": catalogue,
                          "decks": {"1": ["sabre_cut", "jab", "jab", "duck", "taunt", "sabre"],
                                    "2": ["duck", "duck", "taunt"]}})
    assert isinstance(st, EventState)
    st.apply_text(1, "attack 2 @1")
    setup = st.duel_setup("d1")
    duel = load_game("duel", **setup["options"]).from_setup(setup["setup"])
    assert duel.observe(0)["cards"]["a01"]["name_ru"] == "Удар саблей"
    for seat, text in [(0, "hand a01 a02 a03 a04 a05"), (1, "hand b03"),
                       (0, "play a01 show a06 kill"), (1, "play b03")]:
        duel.apply_text(seat, text)  # the sabre cut beats the taunt, with a kill declared
    while not duel.is_terminal:  # finish the duel with the first legal moves
        seat = duel.to_act[0]
        duel.apply(seat, duel.legal_actions(seat)[0])
    outcome = duel.outcome()
    assert outcome is not None
    seat, op = st.result_of("d1", outcome, 2)
    st.apply(seat, op)
    assert st.invariants() == [] and st.total(1) == 6 and st.total(2) == 3
    assert outcome.winner == 0 and st.observe(2)["me"]["health"] == "wounded"
    # the duel's resample draws from the event's set
    sample = duel.resample(1, duel.rng.spawn())
    assert set(sample.keys.values()) <= set(catalogue_keys(catalogue))


def catalogue_keys(catalogue: dict[str, Any]) -> list[str]:
    return [c["key"] for c in catalogue["battle"] + catalogue["items"]]


def test_the_duel_tables_cards_are_the_decks_at_the_start() -> None:
    st = event(attack_cancels_rest=False, rest_end="auto")
    do(st, BORIS, "discard Б-0001 @1")
    do(st, BORIS, "rest room @2")
    do(st, ANNA, "attack 4 @3")
    before = st.duel_setup("d1")
    fire_due(st, 2 + 5 * MIN)  # the rest ends during the duel: Б-0001 is back in the deck
    assert "Б-0001" in piles(st, BORIS)[0]
    assert st.duel_setup("d1") == before and "Б-0001" not in before["ids"].values()
