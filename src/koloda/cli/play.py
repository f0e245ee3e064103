"""``koloda play GAME``: a game in the terminal, humans and bots at the seats.

A human is shown only what their seat may see: the renderer draws ``state.observe(seat)``, the
seat's own log and its legal actions (through :class:`koloda.play.SeatView`). With two or more
humans (hot-seat), a "pass the device" screen that clears the terminal comes before each human's
turn, so the previous player's hand is not left on screen.
"""

from __future__ import annotations

import json
import secrets
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markdown import Markdown
from rich.panel import Panel
from rich.rule import Rule
from rich.table import Table as RichTable
from rich.text import Text

from koloda.action_words import refusal_text
from koloda.bots import Bot, Decision, make_bot
from koloda.cli.core import LangOption, console, resolve_lang
from koloda.cli.games import number_text
from koloda.cli.i18n import Lang, t
from koloda.cli.render import Renderer, renderer_for
from koloda.cli.setup import DECKS, HUMAN, MAGIC_SET, add_file_option, parse_options, seat_list
from koloda.engine import Action, ActionSyntaxError, Result, get_spec, load_game
from koloda.engine.record import record_of
from koloda.play import BotSeat, GameAbandoned, HumanSeat, Seat, SeatView, Table

#: The terminal control sequence that erases the scrollback (xterm and most terminals).
ERASE_SCROLLBACK = "\x1b[3J"

QUIT_WORDS = frozenset({"quit", "exit", "q", "выход"})
HELP_WORDS = frozenset({"help", "?", "h", "помощь"})
LOG_WORDS = frozenset({"log", "журнал"})


class InputEnded(GameAbandoned):
    """Standard input ended before the game did."""


class Terminal:
    """Talks to the people at the seats through one console."""

    def __init__(self, out: Console, renderer: Renderer) -> None:
        self.out = out
        self.renderer = renderer
        self.lang: Lang = renderer.lang

    def read(self, prompt: str) -> str:
        try:
            return self.out.input(prompt)
        except EOFError:
            self.out.print()
            raise InputEnded(t("input_ended", self.lang)) from None

    # --- hot-seat ---------------------------------------------------------------------------

    def wipe(self) -> None:
        """Clear the screen and, on a real terminal, its scrollback too (so the previous
        player's hand cannot be scrolled back to)."""
        self.out.clear()
        if self.out.is_terminal and not self.out.is_dumb_terminal:
            self.out.file.write(ERASE_SCROLLBACK)
            self.out.file.flush()

    def handover(self, seat: int) -> None:
        """Clear the screen and wait until the player of ``seat`` has the device."""
        player = self.renderer.seat_name(seat)
        self.wipe()
        self.out.print(Panel(Text(t("handover", self.lang, player=player), style="bold",
                                  justify="center"), expand=True))
        self.read(t("handover_hint", self.lang, player=player) + " ")
        self.wipe()

    # --- a human's turn ---------------------------------------------------------------------

    def ask(self, view: SeatView) -> Action:
        if view.refused is not None:
            reason = refusal_text(self.renderer.spec.name, view.refused, str(self.lang))
            self.out.print(Text(t("refused", self.lang, reason=reason), style="red"))
        else:
            self.show(view)
        while True:
            text = self.read(t("prompt", self.lang) + ": ").strip()
            if not text:
                continue
            word = text.lower()
            if word in QUIT_WORDS:
                raise GameAbandoned(t("abandoned", self.lang))
            if word in HELP_WORDS:
                self.help(view)
                continue
            if word in LOG_WORDS:
                self.out.print(Rule(t("full_log", self.lang)))
                self.out.print(self.renderer.log_lines(view.log))
                continue
            action = self.choose(text, view)
            if action is not None:
                return action

    def choose(self, text: str, view: SeatView) -> Action | None:
        """The action meant by ``text`` (a number, a short form, or the action's text)."""
        if text.isdigit():
            n = int(text)
            if 1 <= n <= len(view.legal):
                return view.legal[n - 1]
            self.out.print(Text(t("bad_number", self.lang, n=n, m=len(view.legal)),
                                style="red"))
            return None
        action = self.renderer.parse_shortcut(text, view)
        if action is not None:
            return action
        try:
            return view.parse(text)
        except ActionSyntaxError as e:
            self.out.print(Text(str(e), style="red"))
            return None

    def show(self, view: SeatView) -> None:
        r = self.renderer
        player = r.seat_name(view.seat)
        self.out.print(Rule(Text(t("your_turn", self.lang, player=player), style="bold")))
        if view.new_events:
            self.out.print(Text(t("what_happened", self.lang), style="bold"))
            self.out.print(r.log_lines(view.new_events))
        self.out.print(r.observation(view.observation, seat=view.seat))
        self.out.print(Text(t("actions", self.lang), style="bold"))
        self.out.print(self.action_list(view))
        hint = r.input_hint(view)
        if hint:
            self.out.print(Text(hint, style="dim"))

    def action_list(self, view: SeatView) -> RichTable:
        table = RichTable.grid(padding=(0, 1))
        table.add_column(justify="right", style="bold cyan")
        table.add_column()
        limit = self.renderer.list_limit(view)
        for i, action in enumerate(view.legal[:limit], start=1):
            table.add_row(f"{i}.", Text(self.renderer.action_label(action, view)))
        if len(view.legal) > limit:
            key = "more_actions" if limit else "many_actions"
            table.add_row("", Text(t(key, self.lang, n=len(view.legal) - limit), style="dim"))
        return table

    def help(self, view: SeatView) -> None:
        example = str(view.legal[0]) if view.legal else "…"
        self.out.print(Panel(t("help_text", self.lang, example=example), expand=False))
        summary = self.renderer.spec.summary(str(self.lang))
        if summary:
            self.out.print(Markdown(summary))

    # --- the end ----------------------------------------------------------------------------

    def result(self, result: Result, seats: list[str]) -> None:
        self.out.print(Rule(Text(t("game_over", self.lang), style="bold")))
        table = RichTable()
        for key in ("col_player", "col_who", "col_score", "col_rank"):
            table.add_column(t(key, self.lang))
        for i, (score, rank) in enumerate(zip(result.scores, result.ranks, strict=True)):
            style = "bold green" if i in result.winners else ""
            table.add_row(self.renderer.seat_name(i), _who(seats[i], self.lang), number_text(score),
                          str(rank),
                          style=style)
        self.out.print(table)
        if result.summary and self.renderer.show_result_summary:
            self.out.print(Text(result.text(str(self.lang))))
        if not result.winners:
            self.out.print(t("no_winner", self.lang))
        else:
            key = "winner" if len(result.winners) == 1 else "winners"
            names = ", ".join(self.renderer.seat_name(s) for s in result.winners)
            self.out.print(Text(t(key, self.lang, seats=names), style="bold green"))


class ShownThinking:
    """A bot whose turns show a spinner ("Player 2 is thinking…") on a real terminal."""

    def __init__(self, bot: Bot, out: Console, label: str) -> None:
        self.bot = bot
        self.out = out
        self.label = label
        self.name = bot.name

    def act(self, decision: Decision) -> Action:
        if not self.out.is_terminal:
            return self.bot.act(decision)
        with self.out.status(self.label, spinner="dots"):
            return self.bot.act(decision)


def play(
    game: Annotated[str, typer.Argument(help="The game's short name (see `koloda games`).")],
    seat: Annotated[list[str] | None, typer.Option(
        "--seat", "-s", metavar="human|bot:NAME",
        help="Who plays the next seat, in seat order: `human` or a bot such as `bot:random` "
        "(see `koloda rules GAME`). Repeat per seat. Seats not named are filled with the game's "
        "heuristic bot if it has one, else bot:random; with no --seat at all, the first seat "
        "is human.",
    )] = None,
    players: Annotated[int | None, typer.Option(
        "--players", "-n", help="Number of players (default: the number of --seat flags if "
        "at least the game's minimum, else the game's default).")] = None,
    seed: Annotated[int | None, typer.Option(
        "--seed", help="Seed of the deal; the same seed and actions replay the same game "
        "(default: a random seed, printed at the start).")] = None,
    option: Annotated[list[str] | None, typer.Option(
        "--option", "-o", metavar="NAME=VALUE",
        help="A game option (see `koloda rules GAME`); repeat for several.")] = None,
    magic_set: Annotated[Path | None, typer.Option(
        "--magic-set", metavar="FILE", dir_okay=False,
        help="Nevermore: a magic set file; passes its text as option magic_set_json and "
        "sets magic=custom.")] = None,
    decks: Annotated[Path | None, typer.Option(
        "--decks", metavar="FILE", dir_okay=False,
        help="Gwent: a deck list file; passes its text as option decks_json.")] = None,
    record: Annotated[Path | None, typer.Option(
        "--record", metavar="FILE", dir_okay=False,
        help="Write the game record (JSON) to FILE at the end; `koloda replay FILE` "
        "replays it.")] = None,
    lang: LangOption = None,
) -> None:
    """Play a game in the terminal (see :data:`PLAY_HELP`)."""
    lang = resolve_lang(lang)
    spec = get_spec(game)
    options = parse_options(spec, option or [])
    if magic_set is not None:
        add_file_option(spec, options, MAGIC_SET, magic_set)
    if decks is not None:
        add_file_option(spec, options, DECKS, decks)
    seats_text = seat_list(spec, seat or [], players)
    the_game = load_game(spec.name, players=len(seats_text), **options)
    if seed is None:
        seed = secrets.randbelow(1_000_000)
    out = console()
    renderer = renderer_for(spec, lang)
    humans = seats_text.count(HUMAN)
    term = Terminal(out, renderer)
    seats: list[Seat] = [
        HumanSeat(term.ask) if s == HUMAN
        else BotSeat(ShownThinking(make_bot(s, the_game, seed=seed * 1009 + i + 1), out,
                                   t("thinking", lang, player=renderer.seat_name(i))), label=s)
        for i, s in enumerate(seats_text)
    ]
    table = Table.start(the_game, seats, seed=seed, on_handover=term.handover)
    _intro(out, renderer, seats_text, seed)
    try:
        table.run()
    except InputEnded as e:
        out.print(Text(str(e), style="yellow"))
        raise typer.Exit(1) from None
    except GameAbandoned as e:
        out.print(Text(str(e), style="yellow"))
        raise typer.Exit(0) from None
    finally:
        if record is not None:
            _save(out, lang, record, record_of(the_game, table.state).to_json())
    _ending(term, table, seats_text, humans)


def _intro(out: Console, r: Renderer, seats: list[str], seed: int) -> None:
    lang = r.lang
    out.print(Rule(Text(t("new_game", lang, title=r.spec.title(str(lang)), players=len(seats),
                          seed=seed), style="bold")))
    names = ", ".join(f"{r.seat_name(i)} — {_who(s, lang)}" for i, s in enumerate(seats))
    out.print(t("seats_line", lang, seats=names))


def _who(seat: str, lang: Lang) -> str:
    return t("human", lang) if seat == HUMAN else seat


def _ending(term: Terminal, table: Table, seats: list[str], humans: int) -> None:
    state = table.state
    r = term.renderer
    if humans == 1:
        me = seats.index(HUMAN)
        view = table.view(me)
        if view.new_events:
            term.out.print(Text(t("what_happened", term.lang), style="bold"))
            term.out.print(r.log_lines(view.new_events))
        term.out.print(r.observation(view.observation, seat=me))
    else:
        if humans > 1:
            term.wipe()
        term.out.print(Rule(t("public_log", term.lang)))
        term.out.print(r.log_lines(state.log(None)))
        term.out.print(r.observation(state.observe(None), seat=None))
    result = state.result()
    assert result is not None
    term.result(result, seats)


def _save(out: Console, lang: Lang, path: Path, data: dict[str, object]) -> None:
    try:
        path.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    except OSError as e:
        out.print(Text(f"{path}: {e.strerror or e}", style="red"))
        return
    out.print(t("record_saved", lang, path=path))


PLAY_HELP = (
    "Play a game in the terminal against bots, or hot-seat with friends on one device.\n\n"
    "Each human sees only what their seat may see; with several humans a 'pass the device' "
    "screen hides the previous player's hand. On your turn, type the number of an action or its "
    "text (in the duel, card ids alone also work); `help`, `log` and `quit` work too. "
    "Exit code: 0 at the end of the game or after `quit`, 1 if the input ends, 2 on bad "
    "arguments."
)


def register(app: typer.Typer) -> None:
    app.command("play", help=PLAY_HELP, epilog="Example: koloda play duel --seat human "
                "--seat bot:random --seed 7 --lang ru")(play)
