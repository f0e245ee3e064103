"""Legal actions in words, for the pages and the terminal: one ``describe_action`` per game.

Each game that has words for its actions provides ``koloda.games.<game>.describe`` with

    describe_action(action, lang, observation, names) -> ActionWords

— the label a person reads in ``lang`` (Russian or English; another language falls back to
English), what kind of choice it is, and its fields (card, target, suit…) as plain JSON, so a
page draws the choice without reading the action's text. ``observation`` is the acting seat's
own view (the names of the cards it may know come from it, nothing else); ``names`` the seats'
names as the table shows them. A game without such a module gets its action texts as labels.

>>> from koloda.engine import load_game
>>> g = load_game("duel")
>>> s = g.new(seed=1)
>>> words = describe_actions(g.name, [g.parse_action("offer-end")], "ru", s.observe(0), [])
>>> words[0]["label"], words[0]["kind"]
('Предложить закончить дуэль вничью', 'offer-end')
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from koloda.engine import Action, IllegalAction, KolodaError, Result, Term, Words
from koloda.engine.words import ActionWords, seat_after_noun, seat_name
from koloda.i18n import t as _t  # noqa: F401  (installs the catalogues for the games' words)

__all__ = ["ActionWords", "describe_actions", "refusal_text", "seat_after_noun", "seat_name",
           "summary_text"]


class _Describer(Protocol):
    def __call__(self, action: Action, lang: str, observation: Mapping[str, Any],
                 names: Sequence[str]) -> ActionWords: ...


_MODULES: dict[str, Any] = {}


def _hook(game: str, name: str) -> Any:
    """The function ``name`` of the game's ``describe`` module, or None when the game has no
    such module or it has no such function (the module, or its absence, is looked up once)."""
    if game not in _MODULES:
        try:
            _MODULES[game] = importlib.import_module(f"koloda.games.{game}.describe")
        except (ImportError, ValueError):  # no words of its own (ValueError: not a game name)
            _MODULES[game] = None
    return getattr(_MODULES[game], name, None)


def describer(game: str) -> _Describer | None:
    """The game's ``describe_action``, or None when it has none."""
    fn: _Describer | None = _hook(game, "describe_action")
    return fn


def describe_actions(game: str, actions: Sequence[Action], lang: str,
                     observation: Mapping[str, Any], names: Sequence[str]) -> list[ActionWords]:
    """Every action of ``actions`` in words (see the module docstring)."""
    fn = describer(game)
    out: list[ActionWords] = []
    for a in actions:
        if fn is None:
            out.append({"text": str(a), "label": str(a), "kind": str(a).split(" ")[0],
                        "fields": {}})
        else:
            out.append(fn(a, lang, observation, names))
    return out


def auto_action(game: str, actions: Sequence[Action],
                observation: Mapping[str, Any]) -> Action | None:
    """The action a seat that asked for automatic passes takes now, if any: the game's
    ``auto_action(actions, observation)`` (Nevermore: «done» in every magic window). It may
    depend on nothing the other seats cannot see the seat decide by anyway: whether a window is
    passed automatically follows from the seat's setting and the public stage only, never from
    the cards it holds, so the pass's timing tells nobody what is in that hand."""
    fn = _hook(game, "auto_action")
    if fn is None:
        return None
    found: Action | None = fn(actions, observation)
    return found


def previews(game: str, state: Any, seat: int, words: list[ActionWords]) -> None:
    """Add to each action's fields what it would do, when the game can say (``preview``: the
    game's ``preview_action(state, seat, action_text)``, e.g. Gwent's damage on the stack the
    card is laid on). A preview is worked out on a copy of the state and reports only what the
    seat will see right after its own action, computed from cards it may already see."""
    fn = _hook(game, "preview_action")
    if fn is None:
        return
    for w in words:
        found = fn(state, seat, w["text"])
        if found is not None:
            w["fields"]["preview"] = found


def choice_words(game: str, parse: Any, observation: Mapping[str, Any], lang: str,
                 names: Sequence[str]) -> ActionWords | None:
    """The seat's own hidden choice in this step, in words (the game's
    ``choice_text(observation)`` names the action text its view holds), or None."""
    fn = _hook(game, "choice_text")
    text = fn(observation) if fn is not None else None
    if not text:
        return None
    found = describe_actions(game, [parse(text)], lang, observation, names)
    return found[0]




def refusal_text(game: str, refusal: KolodaError | Words | str, lang: str,
                 names: Sequence[str] = ()) -> str:
    """Why an action is refused, in ``lang``: :class:`~koloda.engine.Words` from the message
    catalogue (context ``refusal.<key>``; games prefix their keys with their name), their
    :class:`~koloda.engine.Term` values named by the game's ``describe.term_words(term, lang)``
    (seats, ``Term("seat", "<n>", …)``, by ``names`` when the table has them); a plain English
    text (a game not yet translated) from the catalogue if it is there, as it is otherwise.
    Names nothing the refusal does not (the game chose its values).

    >>> from koloda.engine import say
    >>> refusal_text("duel", say("game_over", "the game is over"), "ru")
    'игра окончена'
    >>> refusal_text("duel", say("not_your_turn_because", "it is not this seat's turn to "
    ...     "act: {why}", why=say("game_over", "the game is over")), "en")
    "it is not this seat's turn to act: the game is over"
    """
    from koloda.i18n import t

    if isinstance(refusal, IllegalAction):
        refusal = refusal.words if refusal.words is not None else refusal.reason
    elif isinstance(refusal, KolodaError):  # an option refused, …: its words when it has them
        found = getattr(refusal, "words", None)
        refusal = found if isinstance(found, Words) else str(refusal)
    if isinstance(refusal, str):
        return refusal if lang == "en" else t("refusal", refusal, lang)
    return _render(game, refusal, lang, "refusal", names)


def summary_text(game: str, result: Result, lang: str, names: Sequence[str] = ()) -> str:
    """How a game ended, in ``lang``: the result's :class:`~koloda.engine.Words` from the
    catalogue (context ``summary.<key>``), else its older two-language summary."""
    if result.words is None:
        return result.text(lang)
    return _render(game, result.words, lang, "summary", names)


def _render(game: str, words: Words, lang: str, prefix: str, names: Sequence[str]) -> str:
    from koloda.i18n import t

    values = {k: _value_text(game, v, lang, prefix, names) for k, v in words.values.items()}
    n = words.values.get("n")
    if words.plural and isinstance(n, int) and not isinstance(n, bool):  # say_count
        from koloda.i18n import tn

        del values["n"]
        return tn(f"{prefix}.{words.key}", words.english, words.plural, n, lang, **values)
    return t(f"{prefix}.{words.key}", words.english, lang, **values)


def _value_text(game: str, value: object, lang: str, prefix: str,
                names: Sequence[str]) -> str:
    if isinstance(value, Words):
        return _render(game, value, lang, prefix, names)
    if isinstance(value, Term):
        if value.kind == "seat" and value.id.isdigit() and (names or lang != "en"):
            return seat_name(names, int(value.id), lang)
        if lang != "en":
            fn = _hook(game, "term_words")
            named = fn(value, lang) if fn is not None else None
            if isinstance(named, Words):  # a term with a count, in the language's plural form
                return _render(game, named, lang, prefix, names)
            if named:
                return str(named)
        return value.english
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, int | float):
        from koloda.i18n import number

        return number(value, lang)
    return str(value)
