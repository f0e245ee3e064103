"""Nevermore's log in words: every event kind in both languages, seats counted from 1, magic
cards by name, no English left in the Russian lines, hidden cards named only to who may see."""

from __future__ import annotations

import inspect
import re

import pytest

from koloda.engine import Audience, Rng, get_spec, load_game
from koloda.engine.events import EVERYONE, Event
from koloda.games.nevermore import events as E
from koloda.games.nevermore.describe import describe_event
from koloda.games.nevermore.magic import koloda_set

#: One event of every kind, with the reasons the rules give.
SAMPLES: list[Event] = [
    E.NmDealerChosen(((0, 3), (1, 50)), 1),
    E.NmRoundStarted(2, 0, "left", ()),
    E.NmRoundStarted(3, 2, "right", ("attack", "healing", "radiance", "victory")),
    E.NmDealt(0, (0, 13, 26, 39, 52), to=Audience.only(0)),
    E.NmPassed(0, 1, 1, (0, 13, 26), to=Audience.only(0, 1)),
    E.NmPassDone(1, 3),
    E.NmFinalHands(1),
    E.NmTokenFlipped(0, "radiance"),
    E.NmRevealed("attack", ((0, 1), (12,), ()), ((0,), (), ()), ((48,), (), ()), ((), (), ()),
                 (1, 1, 0), (0, 1), 2),
    E.NmRevealed("victory", ((), (), ()), ((), (), ()), ((), (), ()), ((), (), ()),
                 (0, 0, 0), (), 0),
    E.NmConspiracy(2, (48, 49, 50, 51, 52)),
    E.NmDamaged(0, 1, 3, 1, 2),
    E.NmDamaged(0, 2, 1, 0, 4),
    E.NmHealed(1, 2, 5),
    *(E.NmVictoryPoints(0, 1, 3, why) for why in (
        "turned a player into a raven", "conspiracy", "healing 3 or more",
        "healing at full health", "victory", "five radiance", "attack on everyone",
        "magic dark_bargain")),
    E.NmBecameRaven(1, 0),
    E.NmReturnedHuman(1, 3, "final drafted hand"),
    E.NmAttackAll(2),
    E.NmPecked(2, (0, 1)),
    E.NmMagicDrawn(0, "light", 1),
    E.NmMagicDrawn(1, "shadow", 2),
    E.NmMagicCards(0, (100, 208), to=Audience.only(0)),
    E.NmMagicReshuffled("shadow", 5),
    E.NmMagicPlayed(0, 208, "dark_bargain", 2, True, "Dark Bargain", "Сделка с тьмой",
                    "Koloda's own magic set (not the publisher's cards)",
                    "Набор магии Колоды (не карты издателя)"),
    E.NmMagicPlayed(1, 100, "ward", -1, False, "Ward", "Оберег"),
    E.NmShielded(0, 2),
    E.NmSuitDiscarded("healing", ((13,), (), ())),
    E.NmHandsPassed(0, 1, (1, 2), to=Audience.only(0, 1)),
    E.NmVpStolen(2, 0, 1),
    E.NmSkulking(((48,), (49, 50), ()), (1, 2, 0), (1,), 1),
    E.NmRoundEnded(4),
    E.NmMainReshuffled(12),
    *(E.NmWon(1, why) for why in ("the last player in human form",
                                  "a peck removed every remaining human",
                                  "17 VP in human form")),
    E.NmStopped(60),
]

#: Latin words allowed in a Russian line: none but the card labels (A1..R12, the same in both
#: languages, shorter than the pattern below).
LATIN_WORD = re.compile(r"[A-Za-z][A-Za-z_']{2,}")


def _event_kinds() -> set[type[Event]]:
    return {c for _, c in inspect.getmembers(E, inspect.isclass)
            if issubclass(c, Event) and c is not Event and c.__module__ == E.__name__}


def test_samples_cover_every_event_kind() -> None:
    assert _event_kinds() == {type(e) for e in SAMPLES}


@pytest.mark.parametrize("event", SAMPLES, ids=lambda e: type(e).__name__)
def test_every_event_kind_in_both_languages(event: Event) -> None:
    for lang in ("en", "ru"):
        line = describe_event(event, lang)
        assert line and line != event.kind_name()
        assert "seat" not in line.lower() and "Player 0" not in line
        assert "Игрок 0" not in line and "игрок 0" not in line and "игроку 0" not in line
    ru = describe_event(event, "ru")
    assert not LATIN_WORD.findall(ru), ru


def test_seats_are_counted_from_one() -> None:
    assert describe_event(E.NmPassed(0, 1, 1, (0,)), "en") == "Player 1 passes ⚔ Attack to Player 2"
    assert describe_event(E.NmPassed(0, 1, 1, (0,)), "ru") == "Игрок 1 передаёт ⚔ Атака игроку 2"
    assert describe_event(E.NmDealerChosen((), 0), "ru").endswith("первым раздаёт Игрок 1")
    assert describe_event(E.NmPecked(2, (0, 1)), "en") == "Player 3 pecks Player 1, Player 2"
    line = describe_event(E.NmRevealed("attack", ((), (), ()), ((), (), ()), ((), (), ()),
                                       ((), (), ()), (2, 0, 2), (0, 2), 2), "en")
    assert line == ("Attack revealed: Player 1 — 2, Player 2 — 0, Player 3 — 2; "
                    "leaders: Player 1, Player 3 (+2)")


def test_main_cards_by_suit_counted() -> None:
    line = describe_event(E.NmDealt(0, (0, 1, 48, 13)), "ru")
    assert line == "Игроку 1 розданы ⚔ Атака ×2, ♥ Лечение, ✒ Ворон"


def test_magic_cards_by_name_in_each_language() -> None:
    ks = koloda_set()
    light, shadow = ks.light_ids[0], ks.shadow_ids[0]
    drawn = E.NmMagicCards(1, (light, shadow), to=Audience.only(1))
    en, ru = describe_event(drawn, "en"), describe_event(drawn, "ru")
    assert en == f"Player 2 draws {ks.card(light).name_en}, {ks.card(shadow).name_en}"
    assert ru == f"Игрок 2 берёт магию: {ks.card(light).name_ru}, {ks.card(shadow).name_ru}"
    assert str(light) not in en + ru and str(shadow) not in en + ru
    played = E.NmMagicPlayed(0, 208, "dark_bargain", -1, False, "Dark Bargain",
                             "Сделка с тьмой")
    assert describe_event(played, "en") == "Player 1 plays Dark Bargain"
    assert describe_event(played, "ru") == "Игрок 1 разыгрывает «Сделка с тьмой»"
    # an id Koloda's set does not hold (a custom set's) is shown by its deck and number
    assert describe_event(E.NmMagicCards(0, (298,)), "en") == "Player 1 draws Shadow magic card 298"


def test_the_result_in_both_languages() -> None:
    won = E.NmWon(0, "12 VP in human form")
    assert describe_event(won, "en") == "Player 1 wins: 12 VP in human form"
    assert describe_event(won, "ru") == "Игрок 1 побеждает: 12 ПО в обличии человека"
    assert describe_event(E.NmStopped(60), "ru") == \
        "игра остановлена после раунда 60 без победителя"


def _play(seed: int, players: int) -> list[Event]:
    s = load_game("nevermore", players=players).new(seed=seed)
    rng = Rng.from_seed(seed)
    while not s.is_terminal:
        seat = s.to_act[0]
        legal = s.legal_actions(seat)
        s.apply(seat, legal[rng.randbelow(len(legal))])
    return list(s.events)


def test_played_games_in_words() -> None:
    """Whole games: every line in both languages, no English in Russian, public lines name no
    magic card (a drawn card is named only in its drawer's private line), the last line is the
    result."""
    spec = get_spec("nevermore")
    names = {k.name_en for k in koloda_set().kinds} | {k.name_ru for k in koloda_set().kinds}
    for seed, players in ((1, 3), (2, 4), (3, 6)):
        events = _play(seed, players)
        for e in events:
            for lang in ("en", "ru"):
                line = spec.describe(e, lang)
                assert line and line != e.kind_name()
                if e.to == EVERYONE and not isinstance(e, E.NmMagicPlayed):
                    assert not any(n in line for n in names), line
            assert not LATIN_WORD.findall(spec.describe(e, "ru")), spec.describe(e, "ru")
        assert isinstance(events[-1], (E.NmWon, E.NmStopped))


def test_a_custom_sets_drawn_cards_are_named_from_that_set() -> None:
    """A player who loads their own magic set reads their own cards' names in the log."""
    from importlib.resources import files

    text = (files("koloda.games.nevermore") / "data" / "example_custom_set.json").read_text(
        encoding="utf-8")
    game = load_game("nevermore", players=3, magic="custom", magic_set_json=text)
    state = game.new(seed=5)
    names = {c.name_en for c in game.options.magic_set.kinds}
    draws = [e for e in state.events if isinstance(e, E.NmMagicCards)]
    assert draws
    for e in draws:
        line = describe_event(e, "en")
        drawn = line.split(" draws ", 1)[1].split(", ")
        assert drawn and all(n in names for n in drawn), line
        assert e.to == Audience.only(e.seat)
