"""Gwent's log in words: every event kind in both languages, seats counted from 1, decks and
suits by their titles, no English left in the Russian lines but card names with no Russian form."""

from __future__ import annotations

import inspect
import re

import pytest

from koloda.engine import Audience, Rng, get_spec, load_game
from koloda.engine.events import Event
from koloda.games.gwent import events as E
from koloda.games.gwent.cards import info
from koloda.games.gwent.events import describe
from koloda.games.gwent.titles import DECK_TITLES, deck_title, suit_title

CARD, TRUMP, SCORCH, MEDIC = "nr_catapult#1", "nr_vernon_roche#1", "sp_scorch#1", \
    "nr_dun_banner_medic#1"

#: One event of every kind.
SAMPLES: list[Event] = [
    E.GwentDecksAssigned((2, 0, 1), ("northern_realms", "nilfgaard", "")),
    E.GwentDecksAssigned((0, 1), ("scoiatael", "monsters")),
    E.GwentDeckChosen(1, "monsters"),
    E.GwentNeutralDealt(0, ("ne_vesemir#1", "ne_zoltan_chivay#1"), to=Audience.only(0)),
    E.GwentRoundStarted(1, 10),
    E.GwentHandDealt(2, (CARD, TRUMP), to=Audience.only(2)),
    *(E.GwentAttackerRolled(1, why) for why in ("first", "damage", "zero")),
    E.GwentExchangeStarted(0, 2, 1),
    E.GwentCardPlaced(0, CARD, 1, True, 8.0, 8.0, 1),
    E.GwentCardPlaced(1, TRUMP, 1, False, 10.0, 2.5, 0),
    E.GwentPassed(1),
    E.GwentSuitNamed(0, 0, "close"),
    E.GwentSuitNamed(1, 1, "siege"),
    E.GwentTrumpCancelled(1, (1, 2)),
    E.GwentExecuted(0, CARD, SCORCH),
    E.GwentZeroed(1, SCORCH),
    E.GwentRevived(0, MEDIC, (CARD,)),
    E.GwentSpyTurned(1, "ng_stefan_skellen#1", (1,)),
    E.GwentSpyUndone(0, SCORCH, "ng_stefan_skellen#1"),
    E.GwentBardCovered(2),
    E.GwentThrowDecided(2, to=Audience.only(2)),
    E.GwentThrown(2, 0, (CARD,), (1,)),
    E.GwentExchangeEnded((0.0, 3.5, 0.0), False),
    E.GwentExchangeEnded((0.0, 0.0, 0.0), True),
    E.GwentRoundEnded(1, (3.0, 0.0, 7.0), (1,), (0, 1, 0), ("nr_ves#1",)),
    E.GwentMatchEnded((0,), (2, 1, 0), False),
    E.GwentMatchEnded((0, 2), (1, 0, 1), True),
]

LATIN_WORD = re.compile(r"[A-Za-z][A-Za-z_']{2,}")


def _event_kinds() -> set[type[Event]]:
    return {c for _, c in inspect.getmembers(E, inspect.isclass)
            if issubclass(c, Event) and c is not Event and c.__module__ == E.__name__}


def _no_russian_form(events: list[Event]) -> set[str]:
    """Latin words allowed in Russian: those of the names of cards with no Russian form."""
    return {w for e in events for c in _cards_of(e) if not info(c).name_ru
            for w in LATIN_WORD.findall(info(c).name_en)}


def _english_in(line: str, allowed: set[str]) -> set[str]:
    return set(LATIN_WORD.findall(line)) - allowed


def test_samples_cover_every_event_kind() -> None:
    assert _event_kinds() == {type(e) for e in SAMPLES}


@pytest.mark.parametrize("event", SAMPLES, ids=lambda e: type(e).__name__)
def test_every_event_kind_in_both_languages(event: Event) -> None:
    for lang in ("en", "ru"):
        line = describe(event, lang)
        assert line and line != event.kind_name()
        assert "seat" not in line.lower() and "Player 0" not in line
        assert "Игрок 0" not in line and "игрока 0" not in line
        assert not any(raw in line for raw in ("northern_realms", "scoiatael", "#1", "close"))
    ru = describe(event, "ru")
    assert not _english_in(ru, _no_russian_form([event])), ru


def test_seats_counted_from_one_decks_and_suits_by_title() -> None:
    assert describe(E.GwentExchangeStarted(0, 2, 1), "en") == \
        "Exchange 1: Player 1 attacks Player 3."
    assert describe(E.GwentExchangeStarted(0, 2, 1), "ru") == "Гейм 1: Игрок 1 атакует игрока 3."
    decks = E.GwentDecksAssigned((1, 0), ("northern_realms", "scoiatael"))
    assert describe(decks, "ru") == "Колоды: Игрок 1 — Королевства Севера, Игрок 2 — Скоя'таэли."
    assert describe(decks, "en") == "Decks: Player 1 — Northern Realms, Player 2 — Scoia'tael."
    assert describe(E.GwentDeckChosen(0, "nilfgaard"), "ru") == \
        "Игрок 1 выбирает колоду «Нильфгаард»."
    assert describe(E.GwentSuitNamed(1, 1, "ranged"), "ru") == \
        "Игрок 2 назначает масть открытых карт защитника: Луки."
    # a deck of the player's own lists keeps its own name
    assert describe(E.GwentDeckChosen(0, "mine"), "en") == "Player 1 chooses the deck mine."


def test_every_deck_and_suit_has_both_titles() -> None:
    for deck, (en, ru) in DECK_TITLES.items():
        assert deck_title(deck, "en") == en and deck_title(deck, "ru") == ru
        assert not LATIN_WORD.findall(ru)
    assert {suit_title(s, "ru") for s in ("close", "ranged", "siege")} == {"Мечи", "Луки", "Осада"}


def test_the_result_in_both_languages() -> None:
    end = E.GwentMatchEnded((1,), (0, 2, 1), False)
    assert describe(end, "en") == ("The match is over; won by Player 2; "
                                   "points: Player 1 — 0, Player 2 — 2, Player 3 — 1.")
    assert describe(end, "ru") == ("Партия окончена, побеждает: Игрок 2; "
                                   "очки: Игрок 1 — 0, Игрок 2 — 2, Игрок 3 — 1.")


@pytest.mark.parametrize("players", [2, 4])
def test_played_match_in_words(players: int) -> None:
    """A whole match: every line in both languages; in Russian no Latin word but those of card
    names with no Russian form; the last line is the result."""
    spec = get_spec("gwent")
    s = load_game("gwent", players=players).new(seed=players)
    rng = Rng.from_seed(players)
    while not s.is_terminal:
        seat = s.to_act[rng.randbelow(len(s.to_act))]
        legal = s.legal_actions(seat)
        s.apply(seat, legal[rng.randbelow(len(legal))])
    allowed = _no_russian_form(s.events)
    for e in s.events:
        for lang in ("en", "ru"):
            line = spec.describe(e, lang)
            assert line and line != e.kind_name()
            assert "Игрок 0" not in line and "Player 0" not in line
        ru = spec.describe(e, "ru")
        assert not _english_in(ru, allowed), ru
    assert isinstance(s.events[-1], E.GwentMatchEnded)


def _cards_of(e: Event) -> list[str]:
    out: list[str] = []
    for name in ("card", "by", "medic", "spy", "scorch"):
        v = getattr(e, name, None)
        if isinstance(v, str):
            out.append(v)
    cards = getattr(e, "cards", ())
    out.extend(c for c in cards if isinstance(c, str))
    return out
