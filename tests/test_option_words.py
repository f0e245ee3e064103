"""The games' own refusals of options, deck lists, magic sets, setups, bots and solver positions
carry :class:`Words`: every key has its Russian in the game's catalogue, the Russian reads without
English words (what the user typed aside), the English ``str()`` is what it always was, and the
lobby and the command line show the Russian."""

from __future__ import annotations

import ast
import json
import re
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from koloda.action_words import refusal_text
from koloda.engine import InvalidData, InvalidOption, KolodaError, Words, load_game
from koloda.i18n import catalogue

SRC = Path(__file__).resolve().parents[1] / "src" / "koloda"
#: the files whose refusals are words (the games' option, data and bot errors; the command's own)
FILES = sorted([p for game in ("duel", "gwent", "nevermore")
                for part in ("options", "setup", "bots", "solver", "solver_bot", "decks", "magic")
                if (p := SRC / "games" / game / f"{part}.py").is_file()]
               + [SRC / "cli" / "setup.py", SRC / "cli" / "duel_advise.py",
                  SRC / "games" / "gwent" / "state.py",
                  # the kernel's refusals of a player count, a game's name, bot parameters
                  SRC / "engine" / "game.py", SRC / "engine" / "bot.py"])
PLACEHOLDER = re.compile(r"\{[a-z_]+\}")
LATIN = re.compile(r"[A-Za-z]+")


def _text(node: ast.expr) -> str:
    assert isinstance(node, ast.Constant) and isinstance(node.value, str), ast.dump(node)
    return node.value


def messages() -> Iterator[tuple[str, str, str | None]]:
    """(key, English, English plural or None) of every ``say``/``say_count`` in :data:`FILES`."""
    for path in FILES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in ("say", "say_count")):
                continue
            key = node.args[0]
            assert isinstance(key, ast.Constant) and isinstance(key.value, str)
            english = _text(node.args[1])
            plural = _text(node.args[2]) if node.func.id == "say_count" else None
            yield key.value, english, plural


def _latin(text: str) -> set[str]:
    return set(LATIN.findall(PLACEHOLDER.sub("", text)))


def test_no_refusal_in_those_files_is_a_plain_english_text() -> None:
    option = re.compile(r"InvalidOption\(\s*f?\"")
    data = re.compile(r"InvalidData\(\s*f?\"")
    for path in FILES:
        text = path.read_text(encoding="utf-8")
        assert not option.search(text), path
        if path.name in ("decks.py", "magic.py", "setup.py") or path.parent.name == "cli":
            assert not data.search(text), path


def test_every_key_has_russian_with_the_same_placeholders_and_no_english_words() -> None:
    ru = catalogue("ru")
    found = list(messages())
    keys = Counter(key for key, _, _ in found)
    # one key per message (the same key twice only for the very same English)
    for key in keys:
        assert len({(e, p) for k, e, p in found if k == key}) == 1, key
    assert len(keys) >= 80, len(keys)
    for key, english, plural in found:
        context = f"refusal.{key}"
        assert key.split(".")[0] in ("duel", "gwent", "nevermore", "cli", "players", "game",
                                     "bot"), key
        if plural is None:
            forms = [ru.pgettext(context, english)]
            assert forms[0] != english or not LATIN.search(PLACEHOLDER.sub("", english)), key
        else:
            forms = [ru.npgettext(context, english, plural, n) for n in (1, 2, 5)]
            assert plural not in forms and len(set(forms)) >= 2, key  # (genitives may agree)
        wanted = sorted(set(PLACEHOLDER.findall(english + (plural or ""))))
        for text in forms:
            assert sorted(set(PLACEHOLDER.findall(text))) == wanted, (key, text)
            assert not _latin(text), (key, text)


DECK = {"key": "w", "deck": "light", "name_en": "Ward", "name_ru": "Оберег", "timing": "anytime",
        "effect": [{"verb": "shield", "amount": 1}]}
SHADOW = dict(DECK, key="h", deck="shadow")


def _magic(**card: object) -> str:
    return json.dumps({"name": "mine", "cards": [dict(DECK, **card), SHADOW]})


def _solver() -> object:
    pytest.importorskip("scipy")
    from koloda.games.duel import solver

    return solver


def _known_too_many() -> None:
    s = _solver()
    s.possible_hands([s.Kind("attack", 1)] * 2, 1, Counter())  # type: ignore[attr-defined]


def _pool() -> None:
    s = _solver()
    s.possible_hands([], 3, Counter({s.Kind("attack", 1): 2}))  # type: ignore[attr-defined]


def _bot(game: str, spec: str) -> Callable[[], object]:
    from koloda.bots import make_bot

    return lambda: make_bot(spec, load_game(game))


HANDS = ["AAAHV", "RRHHS", "SSVVA"]
DUEL_CARDS = ["punch", "kick"]  # (the start of the list: the test below compares a prefix)
TWO_DECKS = '{"decks": {"a": {"nr_catapult": 1}, "b": {"nr_catapult": 1}}}'

#: (game, what raises, its English exactly as it always read)
SAMPLE: list[tuple[str, Callable[[], object], str]] = [
    ("gwent", lambda: load_game("gwent", seat_decks="nilfgaard,elves"),
     "option 'seat_decks': unknown deck 'elves'; known: northern_realms, nilfgaard, scoiatael, "
     "monsters"),
    ("gwent", lambda: load_game("gwent", seat_decks="monsters,monsters"),
     "option 'seat_decks': a deck is named twice"),
    ("gwent", lambda: load_game("gwent", players=3, seat_decks="nilfgaard,monsters").new(seed=1),
     "option 'seat_decks' names 2 decks for 3 players"),
    ("gwent", lambda: load_game("gwent", players=3, decks_json=TWO_DECKS).new(seed=1),
     "3 players need 3 decks; the deck lists hold 2"),
    ("gwent", lambda: load_game("gwent", decks_json='{"decks": {"a b": {}, "c": {}}}'),
     "option 'decks_json': deck lists: bad deck name 'a b' (no spaces or commas)"),
    ("gwent", lambda: load_game("gwent", decks_json='{"decks": {"a": [], "b": {}}}'),
     "option 'decks_json': deck lists: deck 'a' must map card ids to copies"),
    ("gwent", lambda: load_game("gwent", decks_json='{"decks": {"a": {"nr_catapult": 30}, '
                                                     '"b": {"nr_catapult": 1}}}'),
     "option 'decks_json': deck lists: deck 'a': copies of 'nr_catapult' must be 1-20, got 30"),
    ("gwent", lambda: load_game("gwent", decks_json='{"decks": {"a": {"nr_catapult": 1}}}'),
     "option 'decks_json': deck lists: 'decks' must name at least two decks"),
    ("gwent", lambda: load_game("gwent", decks_json='{"decks": {"a": {"nr_catapult": 1}, '
                                                     '"b": {"nr_catapult": 1}}, "neutral": 3}'),
     "option 'decks_json': deck lists: the neutral deck must map card ids to copies"),
    ("gwent", lambda: load_game("gwent", decks_json="[" * 100_000),
     "option 'decks_json': deck lists: not valid JSON: nested too deeply"),
    ("gwent", _bot("gwent", "bot:heuristic:1:2"),
     "bot:heuristic takes at most one parameter: the price of card value"),
    ("gwent", _bot("gwent", "bot:heuristic:x"), "bot:heuristic: not a number: 'x'"),
    ("nevermore", lambda: load_game("nevermore", magic="custom"),
     "option 'magic' is custom but 'magic_set_json' is empty"),
    ("nevermore", lambda: load_game("nevermore", magic_set_json="{}"),
     "option 'magic_set_json' is used only with magic=custom"),
    ("nevermore", lambda: load_game("nevermore", magic="custom", magic_set_json="[]"),
     "option 'magic_set_json': magic set: the file holds one JSON object"),
    ("nevermore", lambda: load_game("nevermore", magic="custom", magic_set_json=_magic(
        effect=[{"verb": "pass_hands", "x": 1}])),
     "option 'magic_set_json': magic set: cards[0] (w).effect[0]: verb 'pass_hands' takes no "
     "['x']; it takes nothing"),
    ("nevermore", lambda: load_game("nevermore", magic="custom", magic_set_json=_magic(
        effect=[{"verb": "draw", "deck": "grey", "count": 1}])),
     "option 'magic_set_json': magic set: cards[0] (w).effect[0].deck: expected light or "
     "shadow, got 'grey'"),
    ("nevermore", lambda: load_game("nevermore", magic="custom", magic_set_json=_magic(
        copies=0)),
     "option 'magic_set_json': magic set: cards[0] (w): 'copies' must be a whole number 1..99"),
    ("nevermore", lambda: load_game("nevermore", magic="custom", magic_set_json=_magic(
        timing="suit")),
     "option 'magic_set_json': magic set: cards[0] (w): a suit-like card has timing 'suit' and "
     "exactly one add_suit verb, and only such a card has them"),
    ("nevermore", lambda: load_game("nevermore", magic="custom", magic_set_json=json.dumps(
        {"name": "mine", "cards": [dict(DECK, copies=99), dict(DECK, key="v", copies=2),
                                   SHADOW]})),
     "option 'magic_set_json': magic set: the Light deck has 101 cards, at most 99"),
    ("nevermore", lambda: load_game("nevermore", magic="custom", magic_set_json=json.dumps(
        {"name": "mine", "cards": [DECK]})),
     "option 'magic_set_json': magic set: the Shadow deck is empty (each player starts with "
     "one)"),
    ("nevermore", _bot("nevermore", "bot:heuristic:1"), "bot:heuristic takes no parameters"),
    ("duel", lambda: load_game("duel", mode="attack", deck_size=4).new(seed=1),
     "in attack mode the attacker needs a deck of at least 5 cards (deck_size is 4)"),
    ("duel", _bot("duel", "bot:heuristic:x"),
     "bot:heuristic for the duel takes no parameter or 'peaceful'"),
    ("duel", _bot("duel", "bot:solver:0"),
     "bot:solver samples must be a positive number, got '0'"),
    ("duel", lambda: load_game("duel").from_setup({"decks": [["zz"], []]}, seed=1),
     "setup decks[0]: unknown card 'zz'; known: " + ", ".join(DUEL_CARDS)),
    ("duel", lambda: load_game("duel").from_setup(
        {"decks": [["punch"] * 60, []], "discards": [["kick"] * 40, []]}, seed=1),
     "seat 0 brings more than 99 cards"),
    ("duel", lambda: load_game("duel", mode="attack").from_setup(
        {"decks": [["punch"], ["kick"]]}, seed=1),
     "in attack mode the attacker (seat 0) must take exactly 5 cards, and its deck does not "
     "hold 5 battle cards it could play"),
    ("nevermore", lambda: load_game("nevermore", players=3).from_setup(
        {"hands": HANDS, "form": [1, 2, 3]}, seed=1),
     "setup.form: expected one str per seat (3)"),
    ("nevermore", lambda: load_game("nevermore", players=3).from_setup(
        {"hands": ["RRRRR"] * 3}, seed=1), "setup.hands[2]: no R card left (12 per suit)"),
    ("nevermore", lambda: load_game("nevermore", players=3).from_setup(
        {"hands": HANDS, "direction": "up"}, seed=1), "setup.direction: 'left' or 'right'"),
    ("nevermore", lambda: load_game("nevermore", players=3).from_setup(
        {"hands": HANDS, "magic": [["nope"], [], []]}, seed=1),
     "setup.magic[0]: no magic card 'nope' in the koloda set"),
    ("duel", _known_too_many, "2 known cards do not fit a hand of 1"),
    ("duel", _pool, "the card pool holds 2 cards, 3 are needed"),
]


def _typed(words: Words) -> Iterator[str]:
    """The values of ``words`` that are texts (what was typed, names, ids), nested ones too."""
    for value in words.values.values():
        if isinstance(value, Words):
            yield from _typed(value)
        elif isinstance(value, str):
            yield value


@pytest.mark.parametrize(("game", "raises", "english"), SAMPLE,
                         ids=[e[:40] for _, _, e in SAMPLE])
def test_a_refusal_reads_in_russian_and_its_english_is_unchanged(
        game: str, raises: Callable[[], object], english: str) -> None:
    with pytest.raises((InvalidOption, InvalidData)) as e:
        raises()
    error: KolodaError = e.value
    assert str(error) == english or (english.endswith("known: punch, kick")
                                     and str(error).startswith(english))
    words = getattr(error, "words", None)
    assert isinstance(words, Words)
    assert refusal_text(game, error, "en") == str(error)
    ru = refusal_text(game, error, "ru")
    assert re.search("[а-яё]", ru), ru
    rest = ru
    for typed in sorted(_typed(words), key=len, reverse=True):
        rest = rest.replace(typed, "")
    assert not LATIN.findall(rest), ru


def test_russian_counts_take_their_plural_forms() -> None:
    three = load_game("gwent", players=3, seat_decks="nilfgaard,monsters")
    with pytest.raises(InvalidOption) as e:
        three.new(seed=1)
    assert refusal_text("gwent", e.value, "ru") == "параметр 'seat_decks' называет 2 колоды, " \
                                                   "а игроков 3"
    one = load_game("gwent", players=2, seat_decks="nilfgaard")
    with pytest.raises(InvalidOption) as e:
        one.new(seed=1)
    assert refusal_text("gwent", e.value, "ru") == "параметр 'seat_decks' называет 1 колоду, " \
                                                   "а игроков 2"
    with pytest.raises(InvalidOption) as e:
        load_game("gwent", players=3, decks_json=TWO_DECKS).new(seed=1)
    assert refusal_text("gwent", e.value, "ru") == ("для 3 игроков нужно 3 колоды, а в списках "
                                                    "колод всего 2")


def test_the_data_parsers_own_words_and_the_json_readers(tmp_path: Path) -> None:
    from koloda.games.gwent.decks import load_deck_lists
    from koloda.games.nevermore.magic import load_magic_set

    with pytest.raises(InvalidData) as e:
        load_deck_lists("{")
    assert str(e.value).startswith("deck lists: not valid JSON: Expecting")
    # Python's JSON reader says where the text breaks off in its own words: they stay a value
    assert refusal_text("gwent", e.value, "ru").startswith("списки колод: текст записан с "
                                                           "ошибкой: Expecting")
    with pytest.raises(InvalidData) as e:
        load_magic_set(_magic(effect=[{"verb": "fly"}]))
    assert refusal_text("nevermore", e.value, "ru").startswith(
        "набор магии: cards[0] (w).effect[0]: неизвестное действие 'fly'; есть: damage, heal")


def test_the_lobby_refuses_a_bad_option_in_the_players_language(tmp_path: Path) -> None:
    pytest.importorskip("fastapi")
    from tests.server.conftest import make_client

    body = {"game": "gwent", "options": {"seat_decks": "nilfgaard,nilfgaard"}}
    with make_client(tmp_path / "k.db") as client:
        ru = client.post("/api/tables", json={**body, "lang": "ru"})
        en = client.post("/api/tables", json={**body, "lang": "en"})
        magic = client.post("/api/tables", json={"game": "nevermore", "lang": "ru", "options": {
            "magic": "custom", "magic_set_json": '{"name": "x"}'}})
    assert ru.status_code == 400 and ru.json()["code"] == "invalid_option"
    assert ru.json()["message"] == "параметр 'seat_decks': одна и та же колода названа дважды"
    assert en.json()["message"] == "option 'seat_decks': a deck is named twice"
    assert magic.status_code == 400
    assert magic.json()["message"] == ("параметр 'magic_set_json': набор магии: поле 'cards' "
                                       "должно быть непустым списком")
