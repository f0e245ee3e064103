"""Words a player reads, in English and Russian.

>>> t("your_turn", Lang.ru, player=t("player", Lang.ru, n=2))
'Ваш ход, Игрок 2'
"""

from __future__ import annotations

import os
from enum import StrEnum

from koloda.i18n import t as _t


class Lang(StrEnum):
    """The languages of the command's player-facing text."""

    en = "en"
    ru = "ru"


def default_lang() -> Lang:
    """``KOLODA_LANG`` when it names a known language, else English."""
    value = os.environ.get("KOLODA_LANG", "").strip().lower()
    return Lang(value) if value in Lang.__members__ else Lang.en


#: The English words of each message; the other languages are in the catalogues
#: (koloda/locale/<lang>/LC_MESSAGES/koloda.po, msgctxt = the key): see koloda.i18n.
_MESSAGES: dict[str, str] = {
    "games_title": 'Games',
    "col_name": 'name',
    "col_game": 'game',
    "col_title": 'title',
    "col_players": 'players',
    "col_features": 'features',
    "col_simultaneous": 'simultaneous moves',
    "col_chance": 'chance',
    "col_hidden": 'hidden information',
    "col_option": 'option',
    "col_type": 'type',
    "col_default": 'default',
    "col_allowed": 'allowed',
    "col_help": 'meaning',
    "yes": 'yes',
    "no": 'no',
    "no_games": 'No games are registered.',
    "players_range": '{lo}-{hi} (default {default})',
    "rules_options": 'Options (koloda play {game} -o NAME=VALUE)',
    "rules_no_options": 'This game has no options.',
    "rules_bots": 'Bots: {bots}',
    "rules_no_summary": '(no summary yet)',
    "seat": 'seat {n}',
    "player": 'Player {n}',
    "you": 'you',
    "human": 'human',
    "new_game": '{title}: {players} players, seed {seed}',
    "seats_line": 'At the table: {seats}',
    "your_turn": 'Your turn, {player}',
    "what_happened": 'What happened',
    "your_view": 'What you see',
    "actions": 'Your actions',
    "many_actions": "{n} possible: type the action's text",
    "more_actions": "… and {n} more: type the action's text",
    "prompt": 'Your choice (number or text; help, log, quit)',
    "bad_number": 'There is no action number {n}: choose 1-{m}.',
    "not_legal": '{action!s} is not one of your actions now.',
    "refused": 'Refused: {reason}',
    "empty_log": 'Nothing has happened yet.',
    "full_log": 'Your log',
    "help_text": (
        'Type the number of an action, or its text as listed (e.g. {example}).\n'
        '  log   — everything you have seen so far\n'
        '  help  — this text and the rules summary\n'
        '  quit  — leave the game'
    ),
    "thinking": '{player} is thinking…',
    "handover": 'Pass the device to {player}',
    "handover_hint": '{player}: press Enter when nobody else is looking.',
    "game_over": 'Game over',
    "col_player": 'player',
    "col_who": 'who',
    "col_score": 'score',
    "col_rank": 'rank',
    "winner": 'Winner: {seats}',
    "winners": 'Winners: {seats}',
    "no_winner": 'No winner: a draw.',
    "abandoned": 'Game abandoned.',
    "input_ended": 'Input ended: game abandoned.',
    "record_saved": 'Record saved to {path} (koloda replay {path})',
    "public_log": 'The game as everyone saw it',
    "replay_title": 'Replay',
    "kind_scenario": 'scenario',
    "kind_record": 'game record',
    "col_file": 'file',
    "col_kind": 'kind',
    "col_actions": 'actions',
    "col_terminal": 'finished',
    "col_to_act": 'to act',
    "col_scores": 'scores',
    "col_result": 'result',
    "col_checked": 'checked',
    "all_met": 'all expectations met',
}

def t(key: str, lang: Lang | str, /, **values: object) -> str:
    """The message ``key`` in ``lang`` (from its catalogue), with ``values`` filled in."""
    return _t(key, _MESSAGES[key], str(lang), **values)


def yes_no(value: bool, lang: Lang | str) -> str:
    return t("yes" if value else "no", lang)
