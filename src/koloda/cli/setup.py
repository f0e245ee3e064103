"""Turning ``koloda play``'s arguments into a game and its seats (no terminal I/O here)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from koloda.bots import bot_names
from koloda.engine import GameSpec, InvalidData, InvalidOption, parse_option_text, say, say_count

HUMAN = "human"


@dataclass(frozen=True)
class FileOption:
    """A command-line flag that passes a file's text as a game option."""

    flag: str
    option: str
    #: Options set together with it: (name, value).
    implies: tuple[tuple[str, str], ...] = ()


MAGIC_SET = FileOption("--magic-set", "magic_set_json", (("magic", "custom"),))
DECKS = FileOption("--decks", "decks_json")


def parse_options(spec: GameSpec, pairs: Sequence[str]) -> dict[str, Any]:
    """``["rounds_to_win=3"]`` → ``{"rounds_to_win": 3}``, typed by the game's options.

    Raises InvalidOption on a malformed pair, an unknown name, a bad value or a repeated name.
    """
    options: dict[str, Any] = {}
    for pair in pairs:
        name, sep, text = pair.partition("=")
        name = name.strip()
        if not sep or not name:
            raise InvalidOption(say("cli.option_pair", "{flag} wants {form}, got {got}",
                                    flag="-o", form="NAME=VALUE", got=repr(pair)))
        if name in options:
            raise InvalidOption(say("cli.option_twice", "option {name} is given twice",
                                    name=repr(name)))
        options[name] = parse_option_text(spec.options_type, name, text.strip())
    return options


def add_file_option(
    spec: GameSpec, options: dict[str, Any], flag: FileOption, path: Path
) -> None:
    """Read ``path`` and set ``flag.option`` to its text (and what the flag implies)."""
    names = {o.name for o in spec.options}
    if flag.option not in names:
        raise InvalidOption(say("cli.file_option_unknown", "{flag}: the game {game} has no "
                                "option {name}", flag=flag.flag, game=spec.name,
                                name=repr(flag.option)))
    if flag.option in options:
        raise InvalidOption(say("cli.file_option_twice", "{flag} and {other} are both given",
                                flag=flag.flag, other=f"-o {flag.option}=..."))
    for name, value in flag.implies:
        if name in names:
            if name in options and options[name] != value:
                raise InvalidOption(say("cli.file_option_clash", "{flag} sets {setting}, but "
                                        "{other} is given", flag=flag.flag,
                                        setting=f"{name}={value}",
                                        other=f"-o {name}={options[name]}"))
            options[name] = value
    try:
        options[flag.option] = path.read_text(encoding="utf-8")
    except OSError as e:  # the system's own words for why
        raise InvalidData(say("cli.file_unreadable", "{flag}: cannot read {path}: {error}",
                              flag=flag.flag, path=str(path),
                              error=str(e.strerror or e))) from None
    except UnicodeDecodeError:
        raise InvalidData(say("cli.file_not_text", "{flag}: {path} is not a {encoding} text "
                              "file", flag=flag.flag, path=str(path),
                              encoding="UTF-8")) from None


def default_bot(game: str) -> str:
    """The bot that fills seats nobody named: the game's heuristic bot if it has one."""
    return "bot:heuristic" if "heuristic" in bot_names(game) else "bot:random"


def seat_list(spec: GameSpec, seats: Sequence[str], players: int | None) -> list[str]:
    """One entry per seat, ``human`` or ``bot:NAME``.

    The player count is ``players`` if given, else the number of ``--seat`` flags when it is at
    least the game's minimum, else the game's default. With no ``--seat`` at all, seat 0 is a
    human; seats not named get the default bot. More seats than players is refused.
    """
    given = [_seat_text(spec, s) for s in seats]
    if players is not None:
        n = players
    else:
        n = len(given) if len(given) >= spec.min_players else spec.default_players
    if len(given) > n:
        # the English says the plural whatever the count, as it always has
        raise InvalidOption(say_count("cli.seats_count", "{n} seats given for {players} players",
                                      "{n} seats given for {players} players", len(given),
                                      players=n))
    if not given:
        given = [HUMAN]
    return given + [default_bot(spec.name)] * (n - len(given))


def _seat_text(spec: GameSpec, text: str) -> str:
    seat = text.strip()
    if seat.lower() == HUMAN:
        return HUMAN
    if seat.startswith("bot:") and len(seat) > 4:
        return seat
    known = ", ".join(f"bot:{b}" for b in bot_names(spec.name))
    raise InvalidOption(say("cli.seat_kind", "a seat is {human} or a bot ({known}), got {got}",
                            human="'human'", known=known, got=repr(text)))
