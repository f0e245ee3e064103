"""Words a player reads, in English and Russian.

>>> t("your_turn", Lang.ru, player=t("player", Lang.ru, n=2))
'Ваш ход, Игрок 2'
"""

from __future__ import annotations

import os
from enum import StrEnum


class Lang(StrEnum):
    """The languages of the command's player-facing text."""

    en = "en"
    ru = "ru"


def default_lang() -> Lang:
    """``KOLODA_LANG`` when it names a known language, else English."""
    value = os.environ.get("KOLODA_LANG", "").strip().lower()
    return Lang(value) if value in Lang.__members__ else Lang.en


_MESSAGES: dict[str, tuple[str, str]] = {
    # games / rules
    "games_title": ("Games", "Игры"),
    "col_name": ("name", "имя"),
    "col_game": ("game", "игра"),
    "col_title": ("title", "название"),
    "col_players": ("players", "игроки"),
    "col_features": ("features", "особенности"),
    "col_simultaneous": ("simultaneous moves", "одновременные ходы"),
    "col_chance": ("chance", "случай"),
    "col_hidden": ("hidden information", "скрытая информация"),
    "col_option": ("option", "опция"),
    "col_type": ("type", "тип"),
    "col_default": ("default", "по умолчанию"),
    "col_allowed": ("allowed", "допустимо"),
    "col_help": ("meaning", "смысл"),
    "yes": ("yes", "да"),
    "no": ("no", "нет"),
    "no_games": ("No games are registered.", "Нет зарегистрированных игр."),
    "players_range": ("{lo}-{hi} (default {default})", "{lo}-{hi} (обычно {default})"),
    "rules_options": ("Options (koloda play {game} -o NAME=VALUE)",
                      "Опции (koloda play {game} -o ИМЯ=ЗНАЧЕНИЕ)"),
    "rules_no_options": ("This game has no options.", "У этой игры нет опций."),
    "rules_bots": ("Bots: {bots}", "Боты: {bots}"),
    "rules_no_summary": ("(no summary yet)", "(краткого описания пока нет)"),
    # play
    "seat": ("seat {n}", "место {n}"),
    "player": ("Player {n}", "Игрок {n}"),
    "you": ("you", "вы"),
    "human": ("human", "человек"),
    "new_game": ("{title}: {players} players, seed {seed}",
                 "{title}: игроков {players}, зерно {seed}"),
    "seats_line": ("At the table: {seats}", "За столом: {seats}"),
    "your_turn": ("Your turn, {player}", "Ваш ход, {player}"),
    "what_happened": ("What happened", "Что произошло"),
    "your_view": ("What you see", "Что вы видите"),
    "actions": ("Your actions", "Ваши действия"),
    "many_actions": ("{n} possible: type the action's text",
                     "вариантов: {n}; введите текст действия"),
    "more_actions": ("… and {n} more: type the action's text",
                     "… и ещё {n}: введите текст действия"),
    "prompt": ("Your choice (number or text; help, log, quit)",
               "Ваш выбор (номер или текст; help, log, quit)"),
    "bad_number": ("There is no action number {n}: choose 1-{m}.",
                   "Действия с номером {n} нет: выберите 1-{m}."),
    "not_legal": ("{action!s} is not one of your actions now.",
                  "{action!s} сейчас не входит в ваши действия."),
    "refused": ("Refused: {reason}", "Отказано: {reason}"),
    "empty_log": ("Nothing has happened yet.", "Пока ничего не произошло."),
    "full_log": ("Your log", "Ваш журнал"),
    "help_text": (
        "Type the number of an action, or its text as listed (e.g. {example}).\n"
        "  log   — everything you have seen so far\n"
        "  help  — this text and the rules summary\n"
        "  quit  — leave the game",
        "Введите номер действия или его текст, как в списке (например, {example}).\n"
        "  log   — всё, что вы видели до сих пор\n"
        "  help  — эта справка и краткие правила\n"
        "  quit  — выйти из игры",
    ),
    "thinking": ("{player} is thinking…", "{player} думает…"),
    "handover": ("Pass the device to {player}", "Передайте устройство: {player}"),
    "handover_hint": ("{player}: press Enter when nobody else is looking.",
                      "{player}: нажмите Enter, когда никто больше не смотрит."),
    "game_over": ("Game over", "Игра окончена"),
    "col_player": ("player", "игрок"),
    "col_who": ("who", "кто"),
    "col_score": ("score", "очки"),
    "col_rank": ("rank", "место в итоге"),
    "winner": ("Winner: {seats}", "Победитель: {seats}"),
    "winners": ("Winners: {seats}", "Победители: {seats}"),
    "no_winner": ("No winner: a draw.", "Победителя нет: ничья."),
    "abandoned": ("Game abandoned.", "Игра прервана."),
    "input_ended": ("Input ended: game abandoned.", "Ввод закончился: игра прервана."),
    "record_saved": ("Record saved to {path} (koloda replay {path})",
                     "Запись сохранена в {path} (koloda replay {path})"),
    "public_log": ("The game as everyone saw it", "Игра глазами зрителя"),
    # replay
    "replay_title": ("Replay", "Воспроизведение"),
    "kind_scenario": ("scenario", "сценарий"),
    "kind_record": ("game record", "запись партии"),
    "col_file": ("file", "файл"),
    "col_kind": ("kind", "вид"),
    "col_actions": ("actions", "действий"),
    "col_terminal": ("finished", "окончена"),
    "col_to_act": ("to act", "ходят"),
    "col_scores": ("scores", "очки"),
    "col_result": ("result", "итог"),
    "col_checked": ("checked", "проверено"),
    "all_met": ("all expectations met", "все ожидания выполнены"),
}


def t(key: str, lang: Lang | str, /, **values: object) -> str:
    """The message ``key`` in ``lang``, with ``values`` filled in."""
    en, ru = _MESSAGES[key]
    text = ru if str(lang) == "ru" else en
    return text.format(**values) if values else text


def yes_no(value: bool, lang: Lang | str) -> str:
    return t("yes" if value else "no", lang)
