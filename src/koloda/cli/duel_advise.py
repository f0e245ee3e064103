"""``koloda duel advise``: best play in a duel between known hands, and which hand to take.

Cards are named by their catalogue keys (``punch``, ``rapier_thrust``; see ``koloda rules
duel``) or as ``TYPE:STRENGTH`` (``attack:3``), separated by commas or given in several options.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from koloda.cli.core import fail, resolve_lang
from koloda.cli.i18n import Lang
from koloda.engine import InvalidOption, KolodaError, say
from koloda.games.duel.cards import CATALOGUE
from koloda.games.duel.solver import (
    TYPES,
    HandAdvice,
    Kind,
    Solution,
    choose_hands,
    possible_hands,
    solve,
)


@dataclass(frozen=True)
class NamedCard:
    """A card as the player named it, with what decides its rounds."""

    name: str
    kind: Kind
    requires: str | None = None
    item: str | None = None  # a weapon item: the kind of weapon it provides


def _catalogue() -> dict[str, Any]:
    return dict(CATALOGUE)


def _spelling(word: str) -> str:
    """A card's name as typed, made comparable: case, «ё», spaces, hyphens and underscores."""
    return "".join(ch for ch in word.casefold().replace("ё", "е") if ch not in " -_")


def _aliases(catalogue: dict[str, Any]) -> dict[str, str]:
    """Every way a card may be named: its key and its printed names in Russian and English
    («Удар кулаком», "punch", "Punch", "удар кулаком"); a spelling two cards share names
    neither."""
    seen: dict[str, set[str]] = {}
    for key, info in catalogue.items():
        for name in (key, info.name_ru, info.name_en):
            seen.setdefault(_spelling(name), set()).add(key)
    return {spelling: next(iter(keys)) for spelling, keys in seen.items() if len(keys) == 1}


def parse_cards(texts: Sequence[str], lang: str = "en", *, items: bool = False) -> list[NamedCard]:
    """Card names (catalogue keys, printed names in Russian or English, or ``TYPE:STRENGTH``),
    comma-separated, in order.

    Weapon items are refused unless ``items`` (a deck may hold them, a hand may not).
    """
    catalogue = _catalogue()
    aliases = _aliases(catalogue)
    out: list[NamedCard] = []
    for text in texts:
        for word in (w.strip() for w in text.split(",")):
            if not word:
                continue
            if ":" in word:
                type_, _, strength = word.partition(":")
                if type_ not in TYPES or not strength.isdigit():
                    raise InvalidOption(say("cli.advise.type_strength", "{word}: write {form} "
                                            "with a type among {types}, as in {example}",
                                            word=repr(word), form="TYPE:STRENGTH",
                                            types=", ".join(TYPES), example="attack:3"))
                out.append(NamedCard(word, Kind(type_, int(strength))))
                continue
            info = catalogue.get(aliases.get(_spelling(word), word))
            if info is None:
                known = ", ".join(sorted(catalogue)) or "(no catalogue)"
                raise InvalidOption(say("cli.advise.unknown_card", "unknown card {word}; known: "
                                        "{known} (or their printed names, in Russian or "
                                        "English)", word=repr(word), known=known))
            if info.is_item:
                if not items:
                    raise InvalidOption(say("cli.advise.item", "{word} is a weapon item: items "
                                            "are not taken into a hand", word=repr(word)))
                out.append(NamedCard(info.name(lang), Kind("attack", 0), item=info.item.value))
                continue
            out.append(NamedCard(info.name(lang), Kind(info.type.value, info.strength),
                                 requires=info.requires.value if info.requires else None))
    return out


def _pool(lang: str) -> Counter[Kind]:
    """Every battle card of the sample set, by kind, with its number of copies."""
    pool: Counter[Kind] = Counter()
    for info in _catalogue().values():
        if not info.is_item:
            pool[Kind(info.type.value, info.strength)] += info.copies
    return pool


def _strategy(named: Sequence[NamedCard], mix: Sequence[tuple[Kind, float]]) -> list[
        dict[str, Any]]:
    out = []
    for kind, p in sorted(mix, key=lambda kp: (-kp[1], kp[0])):
        names = sorted({c.name for c in named if c.kind == kind})
        out.append({"kind": str(kind), "cards": names or [str(kind)], "probability": round(p, 6)})
    return out


def position_advice(
    mine: Sequence[NamedCard],
    theirs: Sequence[NamedCard],
    *,
    rounds_to_win: int,
    my_wins: int,
    their_wins: int,
) -> dict[str, Any]:
    s: Solution = solve([c.kind for c in mine], [c.kind for c in theirs],
                        rounds_to_win=rounds_to_win, my_wins=my_wins, their_wins=their_wins)
    return {
        "win": round(s.win, 6),
        "draw": round(s.draw, 6),
        "lose": round(s.lose, 6),
        "value": round(s.value + 0.0, 6),
        "next_round": {"mine": _strategy(mine, s.mine), "theirs": _strategy(theirs, s.theirs)},
    }


def hand_advice(
    deck: Sequence[NamedCard],
    theirs: Sequence[NamedCard],
    *,
    their_size: int | None,
    rounds_to_win: int,
    sizes: Sequence[int],
    top: int,
    lang: str,
) -> dict[str, Any]:
    weapons = {c.item for c in deck if c.item}
    playable = [c for c in deck if c.item is None and (c.requires is None or c.requires in weapons)]
    left_out = [c.name for c in deck if c.item is None and c not in playable]
    size = len(theirs) if their_size is None else their_size
    pool = _pool(lang)
    for c in theirs:
        if pool[c.kind] > 0:
            pool[c.kind] -= 1
    opponents = possible_hands([c.kind for c in theirs], size, pool)
    best: list[HandAdvice] = choose_hands([c.kind for c in playable], opponents,
                                          rounds_to_win=rounds_to_win, sizes=sizes, top=top)
    return {
        "opponent_hands_considered": len(opponents),
        "left_out_for_want_of_a_weapon": left_out,
        "hands": [
            {"cards": [playable[i].name for i in h.hand], "value": round(h.value + 0.0, 6),
             "win": round(h.win, 6), "draw": round(h.draw, 6), "lose": round(h.lose, 6)}
            for h in best
        ],
    }


#: The words of the printed advice in English; other languages from the catalogues
#: (``msgctxt "advise.<key>"``, Russian in ``locale/ru/LC_MESSAGES/cli.po``).
_WORDS: dict[str, str] = {
    "best_play": "under best play: win {win}, draw {draw}, lose {lose} (value {value})",
    "mine": "your best mix for the next round",
    "theirs": "their best mix for the next round",
    "card": "card",
    "probability": "probability",
    "left_out": "left out (no matching weapon item in the deck): ",
    "best_hands": "best hands",
    "hand": "hand",
    "win": "win",
    "draw": "draw",
    "lose": "lose",
    "value": "value",
    "no_cards": "(no cards)",
    "attack": "attack",
    "trick": "trick",
    "defence": "defence",
}
_AGAINST = ("against {n} possible opponent hand:", "against {n} possible opponent hands:")


def _w(key: str, lang: str, **values: Any) -> str:
    from koloda.i18n import t

    return t(f"advise.{key}", _WORDS[key], lang, **values)


def _fig(x: float, lang: str, *, sign: bool = False) -> str:
    """A chance or a value with 3 decimals as ``lang`` writes it (a decimal comma in
    Russian)."""
    from koloda.i18n import number

    text = number(abs(x), lang, 3)
    if x < 0 and text.strip("0,.") != "":
        return "−" + text
    return "+" + text if sign else text


def _kind_text(kind: str, lang: str) -> str:
    """``attack 3`` in the chosen language (``атака 3``)."""
    type_, _, strength = kind.partition(" ")
    return f"{_w(type_, lang)} {strength}" if type_ in ("attack", "trick", "defence") else kind


def _print_position(console: Console, advice: dict[str, Any], lang: str = "en") -> None:
    console.print(_w("best_play", lang, win=_fig(advice["win"], lang),
                     draw=_fig(advice["draw"], lang), lose=_fig(advice["lose"], lang),
                     value=_fig(advice["value"], lang, sign=True)))
    for who in ("mine", "theirs"):
        table = Table(title=_w(who, lang))
        table.add_column(_w("card", lang))
        table.add_column(_w("probability", lang), justify="right")
        for row in advice["next_round"][who]:
            table.add_row(" / ".join(row["cards"]) + f" ({_kind_text(row['kind'], lang)})",
                          _fig(row["probability"], lang))
        console.print(table)


def _print_hands(console: Console, advice: dict[str, Any], lang: str = "en") -> None:
    if advice["left_out_for_want_of_a_weapon"]:
        console.print(_w("left_out", lang) + ", ".join(advice["left_out_for_want_of_a_weapon"]))
    from koloda.i18n import tn

    console.print(tn("advise.against", *_AGAINST, advice["opponent_hands_considered"], lang))
    table = Table(title=_w("best_hands", lang))
    for col in ("hand", "win", "draw", "lose", "value"):
        table.add_column(_w(col, lang), justify="left" if col == "hand" else "right")
    for h in advice["hands"]:
        table.add_row(", ".join(h["cards"]) or _w("no_cards", lang), _fig(h["win"], lang),
                      _fig(h["draw"], lang), _fig(h["lose"], lang),
                      _fig(h["value"], lang, sign=True))
    console.print(table)


def advise(
    mine: Annotated[list[str] | None, typer.Option(
        help="Your hand (cards left in it during a duel), e.g. punch,trip,block.")] = None,
    theirs: Annotated[list[str] | None, typer.Option(
        help="The opponent's hand, or the part of it you know.")] = None,
    deck: Annotated[list[str] | None, typer.Option(
        help="Your deck (weapon items included): advise which hand to take from it.")] = None,
    their_size: Annotated[int | None, typer.Option(
        help="The opponent's hand size when you know only some of it (the rest is drawn "
        "from the sample card set).")] = None,
    score: Annotated[str, typer.Option(help="Rounds won so far, yours:theirs.")] = "0:0",
    rounds_to_win: Annotated[int, typer.Option(help="Rounds needed to win the duel.")] = 2,
    attack: Annotated[bool, typer.Option(
        help="You attack: your hand must hold exactly 5 cards.")] = False,
    top: Annotated[int, typer.Option(help="How many hands to list.")] = 5,
    lang: Annotated[Lang | None, typer.Option(
        "--lang", case_sensitive=False, show_default=False,
        help="The language of the answer and the card names: en or ru (cards may be named "
        "in either).")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Best play in a duel between known hands: the chances of winning, drawing and losing,
    and the best mixed strategy for the next round; with --deck, which hand to take.

    Example: koloda duel advise --mine punch,trip,block --theirs kick,dodge
    """
    language = str(resolve_lang(lang))
    try:
        wins = score.split(":")
        if len(wins) != 2 or not all(w.strip().isdigit() for w in wins):
            raise InvalidOption(say("cli.advise.score", "{flag} is {form}, as in {example}, "
                                    "got {got}", flag="--score", form="yours:theirs",
                                    example="1:0", got=repr(score)))
        my_wins, their_wins = (int(w) for w in wins)
        their_cards = parse_cards(theirs or [], language)
        if deck:
            sizes = [5] if attack else list(range(0, 6))
            advice = hand_advice(parse_cards(deck, language, items=True), their_cards,
                                 their_size=their_size, rounds_to_win=rounds_to_win,
                                 sizes=sizes, top=top, lang=language)
            if not advice["hands"]:
                raise InvalidOption(say("cli.advise.no_hand", "no hand of the required size "
                                        "can be taken from that deck"))
            printer = _print_hands
        else:
            if not mine:
                raise InvalidOption(say("cli.advise.what", "give {mine} (and {theirs}) for a "
                                        "position, or {deck} to choose a hand", mine="--mine",
                                        theirs="--theirs", deck="--deck"))
            if their_size is not None:
                raise InvalidOption(say("cli.advise.their_size", "{flag} goes with {deck}",
                                        flag="--their-size", deck="--deck"))
            advice = position_advice(parse_cards(mine, language), their_cards,
                                     rounds_to_win=rounds_to_win, my_wins=my_wins,
                                     their_wins=their_wins)
            printer = _print_position
        if as_json:
            typer.echo(json.dumps(advice, ensure_ascii=False, indent=2, sort_keys=True))
        else:
            printer(Console(), advice, language)
    except KolodaError as e:
        from koloda.action_words import refusal_text

        raise fail(refusal_text("duel", e, language), lang=language) from None


def register(app: typer.Typer) -> None:
    """Add the ``duel`` command group (``duel advise``) to the ``koloda`` command."""
    duel = typer.Typer(help="Tools for card duels at a live event.", no_args_is_help=True)
    duel.command("advise")(advise)
    app.add_typer(duel, name="duel")
