"""Nevermore («Невермор») drawn for a terminal: the round, the stage and the reveal order, every
player's health, victory points and form, your hand by suit, your magic cards with their text,
what you passed and received, in the chosen language.

Everything drawn comes from the seat's observation (format in
:mod:`koloda.games.nevermore.observe`), its log and its legal actions; card labels (``A1``..
``R12``, the log's own) are worked out from the card numbers, which are public facts of the deck.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from koloda.cli.render.base import Renderer
from koloda.engine import Action
from koloda.games.nevermore.cards import BY_LETTER, SUITS, card_label, suit_of
from koloda.play import SeatView

Obs = Mapping[str, Any]

#: Words of Nevermore, (English, Russian).
WORDS: dict[str, tuple[str, str]] = {
    "attack": ("Attack", "Атака"),
    "healing": ("Healing", "Лечение"),
    "radiance": ("Radiance", "Сияние"),
    "victory": ("Victory", "Победа"),
    "raven": ("Raven", "Ворон"),
    "skulking": ("skulking ravens", "скрытые вороны"),
    "round": ("Round {n}", "Раунд {n}"),
    "dealer": ("dealer {player}", "раздаёт {player}"),
    "passing_left": ("passing to the left", "передача налево"),
    "passing_right": ("passing to the right", "передача направо"),
    "deck": ("deck {n} · discards {d}", "колода {n} · сброс {d}"),
    "tie_order": ("tie order: {seats}", "порядок при ничьей: {seats}"),
    "order": ("Reveal order", "Раскрытие"),
    "stage_pass": ("Draft, pass {n} of 3: everyone gives {k} card(s) {to}",
                   "Драфт, передача {n} из 3: каждый отдаёт карт: {k}, {to}"),
    "you_give": (" (you give to {to}, get from {frm})", " (вы отдаёте: {to}, получаете от: {frm})"),
    "to_left": ("to the left", "налево"),
    "to_right": ("to the right", "направо"),
    "stage_commit": ("Reveal {suit}: everyone lays their {suit} cards at once",
                     "Раскрытие «{suit}»: все выкладывают карты этой масти одновременно"),
    "stage_magic": ("Magic window {when}", "Окно магии {when}"),
    "when_draft": ("before the draft", "перед драфтом"),
    "when_pass1": ("after pass 1", "после 1-й передачи"),
    "when_pass2": ("after pass 2", "после 2-й передачи"),
    "when_gap": ("before {suit}", "перед «{suit}»"),
    "when_gap_after": ("after {prev}, before {suit}", "после «{prev}», перед «{suit}»"),
    "when_skulk": ("before the skulking ravens", "перед скрытыми воронами"),
    "when_end": ("at the end of the round", "в конце раунда"),
    "stage_attack": ("Attack: the leader deals {n} damage",
                     "Атака: лидер наносит повреждений: {n}"),
    "stage_peck": ("A raven leader may peck", "Ворон-лидер может клюнуть"),
    "stage_react": ("A blow would make a raven: a Play Any Time reply is possible",
                    "Удар превратит в ворона: можно ответить картой «в любое время»"),
    "stage_over": ("The game is over", "Игра окончена"),
    "col_player": ("player", "игрок"),
    "col_health": ("health", "здор."),
    "col_vp": ("VP", "ПО"),
    "col_form": ("form", "облик"),
    "col_hand": ("hand", "рука"),
    "col_magic": ("☀/☾", "☀/☾"),
    "col_table": ("on the table", "на столе"),
    "human": ("human", "человек"),
    "raven_form": ("raven", "ворон"),
    "legend": ("✓ has decided · … to decide", "✓ решение принято · … решает"),
    "your_hand": ("Your hand", "Ваша рука"),
    "your_magic": ("Your magic", "Ваша магия"),
    "light": ("Light", "Свет"),
    "shadow": ("Shadow", "Тень"),
    "no_magic": ("no magic cards", "карт магии нет"),
    "timing_anytime": ("any time", "в любое время"),
    "timing_draft": ("during the draft", "во время драфта"),
    "timing_suit": ("added at the reveal of its suit", "добавляется при раскрытии масти"),
    "timing_before": ("before {step}", "перед «{step}»"),
    "timing_after": ("after {step}", "после «{step}»"),
    "pass_line": ("Pass {n}: gave {gave} to {to}; got {got} from {frm}",
                  "Передача {n}: отдано {gave} игроку {to}; получено {got} от {frm}"),
    "pass_gave": ("Pass {n}: gave {gave} to {to}", "Передача {n}: отдано {gave} игроку {to}"),
    "drafted": ("Drafted hand", "Рука после драфта"),
    "choice": ("Your hidden decision: {action}", "Ваш скрытый выбор: {action}"),
    "winner": ("Winner: {player}", "Победитель: {player}"),
    "no_winner": ("No winner", "Победителя нет"),
    "magic_off": ("No magic in this game", "Игра без магии"),
    # actions
    "act_pass": ("give {cards}", "отдать {cards}"),
    "act_commit": ("lay {n} {suit} card(s)", "выложить карт «{suit}»: {n}"),
    "act_commit_ravens": (", {r} raven(s) cancel {r} of them",
                          ", воронов: {r}, отменяют столько же"),
    "act_commit_magic": (" + {cards}", " + {cards}"),
    "act_counts": (" → counts {n}", " → в счёт {n}"),
    "act_play": ("play {card}", "разыграть {card}"),
    "act_on": (" on {player}", " на игрока {player}"),
    "act_attack": ("strike {player}: {n} damage", "ударить {player}: повреждений {n}"),
    "act_attack_all": ("strike everyone (yourself too): 1 damage each, +2 VP",
                       "ударить всех (и себя): по 1 повреждению, +2 ПО"),
    "act_peck": ("peck: 1 damage to each human second in this suit (or to every human)",
                 "клюнуть: 1 повреждение каждому человеку на втором месте по масти "
                 "(или всем людям)"),
    "act_done": ("nothing (more) now", "ничего (больше) не делать"),
    "act_done_peck": ("do not peck", "не клевать"),
    "hint_pass": ("Type the cards to give by their labels, e.g. `{example}`, or the action's "
                  "number.", "Введите метки карт, которые отдаёте, например `{example}`, или "
                  "номер действия."),
}

SUIT_ICONS = {"attack": "⚔", "healing": "♥", "radiance": "✺", "victory": "♛", "raven": "✒"}
SUIT_STYLES = {"attack": "bold red", "healing": "bold green", "radiance": "bold yellow",
               "victory": "bold blue", "raven": "bold magenta"}
DECK_ICONS = {"light": "☀", "shadow": "☾"}
DECK_STYLES = {"light": "yellow", "shadow": "magenta"}


class NevermoreRenderer(Renderer):
    """Nevermore's own terminal view."""

    def w(self, key: str, **values: object) -> str:
        en, ru = WORDS[key]
        text = ru if self.lang == "ru" else en
        return text.format(**values) if values else text

    # --- cards ------------------------------------------------------------------------------

    def suit(self, suit: str) -> str:
        return self.w(suit) if suit in SUIT_ICONS or suit == "skulking" else suit

    def suit_text(self, suit: str) -> Text:
        """``⚔ Attack``, in the suit's colour."""
        return Text(f"{SUIT_ICONS.get(suit, '?')} {self.suit(suit)}",
                    style=SUIT_STYLES.get(suit, ""))

    def card(self, card: int, *, face_down: bool = False) -> Text:
        """``A3`` in its suit's colour; a cancelled (face-down) card dim and struck."""
        suit = suit_of(card).value
        if face_down:
            return Text(card_label(card), style="dim strike")
        return Text(card_label(card), style=SUIT_STYLES.get(suit, ""))

    def cards(self, cards: Sequence[int]) -> Text:
        if not cards:
            return Text("—", style="dim")
        return Text(" ").join(self.card(c) for c in cards)

    def labels(self, cards: Sequence[int]) -> str:
        return " ".join(card_label(c) for c in cards) or "—"

    def magic_name(self, m: Mapping[str, Any]) -> str:
        return str(m["name_ru"] if self.lang == "ru" else m["name_en"])

    def timing(self, timing: str) -> str:
        kind, _, step = timing.partition(":")
        if kind in ("before", "after"):
            return self.w(f"timing_{kind}", step=self.suit(step))
        key = f"timing_{kind}"
        return self.w(key) if key in WORDS else timing

    # --- the view ---------------------------------------------------------------------------

    def observation(self, observation: Mapping[str, Any], *, seat: int | None) -> RenderableType:
        obs = observation
        parts: list[RenderableType] = [self._header(obs, seat), self._order(obs),
                                       self._stage(obs, seat), self._players(obs, seat)]
        you = obs.get("you")
        if you is not None and seat is not None:
            parts.append(self._you(obs, you, seat))
        if obs.get("stage") == "over":
            winner = obs.get("winner")
            line = (self.w("winner", player=self.seat_name(winner, me=seat))
                    if winner is not None else self.w("no_winner"))
            parts.append(Text(line, style="bold green"))
        return Group(*parts)

    def _header(self, obs: Obs, seat: int | None) -> Text:
        text = Text(f"{self.spec.title(str(self.lang))} · "
                    f"{self.w('round', n=obs.get('round', 0))}", style="bold")
        text.append(" · " + self.w("dealer", player=self.seat_name(obs.get("dealer"), me=seat)))
        direction = obs.get("direction", "left")
        text.append(" · " + self.w(f"passing_{direction}" if direction in ("left", "right")
                                   else "passing_left"))
        extra = Text(style="dim")
        extra.append(self.w("deck", n=obs.get("deck", 0), d=len(obs.get("discard", []))))
        tie = obs.get("tie_order") or []
        if tie:
            extra.append(" · " + self.w("tie_order", seats=" › ".join(str(s) for s in tie)))
        return Text("\n").join([text, extra])

    def _order(self, obs: Obs) -> Text:
        """The four resolution tokens in order, face up or ``?``; the current step marked."""
        step = obs.get("step")
        tokens: list[str | None] = list(obs.get("tokens") or [])
        text = Text(self.w("order") + ": ", style="bold")
        shown: list[Text] = []
        current = step if obs.get("stage") not in ("pass", "over") else None
        for token in tokens:
            if token is None:
                shown.append(Text("?", style="dim"))
                continue
            chip = self.suit_text(token)
            if token == current:
                chip = Text("[").append_text(chip).append("]")
                chip.stylize("reverse")
            shown.append(chip)
        tail = Text(f"{SUIT_ICONS['raven']} {self.w('skulking')}", style="dim")
        if current == "skulking":
            tail = Text(f"[{tail.plain}]", style="reverse")
        return text.append_text(Text(" → ").join([*shown, tail]))

    def _window(self, obs: Obs) -> str:
        window = str(obs.get("window", ""))
        tokens = obs.get("tokens") or []
        if window.startswith("gap") and window[3:].isdigit():
            i = int(window[3:])
            suit = tokens[i] if i < len(tokens) and tokens[i] else "?"
            prev = tokens[i - 1] if 0 < i <= len(tokens) and tokens[i - 1] else None
            if prev is not None:
                return self.w("when_gap_after", prev=self.suit(prev), suit=self.suit(suit))
            return self.w("when_gap", suit=self.suit(suit))
        key = f"when_{window}"
        return self.w(key) if key in WORDS else window

    def _stage(self, obs: Obs, seat: int | None) -> Text:
        stage = obs.get("stage")
        step = str(obs.get("step") or "")
        if stage == "pass":
            line = self.w("stage_pass", n=obs.get("pass_no", 0), k=obs.get("pass_size", 0),
                          to=self.w("to_left" if obs.get("direction") == "left"
                                    else "to_right"))
            if seat is not None:
                to, frm = self._neighbours(obs, seat)
                line += self.w("you_give", to=to, frm=frm)
        elif stage == "commit":
            line = self.w("stage_commit", suit=self.suit(step))
        elif stage == "magic":
            line = self.w("stage_magic", when=self._window(obs))
            if obs.get("magic_set", {}).get("name") == "none":
                line = self.w("magic_off")
        elif stage == "attack":
            line = self.w("stage_attack", n=obs.get("attack_amount", 0))
        elif stage in ("peck", "react", "over"):
            line = self.w(f"stage_{stage}")
        else:
            line = str(stage)
        return Text("▶ " + line, style="bold cyan")

    def _neighbours(self, obs: Obs, seat: int) -> tuple[str, str]:
        """The seat ``seat`` passes to and the seat it receives from, by name."""
        players = int(obs.get("players", 0)) or 1
        d = 1 if obs.get("direction") == "left" else -1
        return self.seat_name((seat + d) % players), self.seat_name((seat - d) % players)

    def _players(self, obs: Obs, seat: int | None) -> RenderableType:
        table = Table(box=box.SIMPLE_HEAD, padding=(0, 1), pad_edge=False, show_edge=False)
        table.add_column(self.w("col_player"), style="bold", no_wrap=True)
        table.add_column(self.w("col_health"), justify="right", no_wrap=True)
        table.add_column(self.w("col_vp"), justify="right", no_wrap=True)
        table.add_column(self.w("col_form"), no_wrap=True)
        table.add_column(self.w("col_hand"), justify="right")
        magic = obs.get("magic_set", {}).get("name") != "none"
        if magic:
            table.add_column(self.w("col_magic"), no_wrap=True)
        table.add_column(self.w("col_table"))
        decided = set(obs.get("decided", []))
        to_act = set(obs.get("to_act", []))
        max_health = obs.get("max_health", 0)
        for i, p in enumerate(obs.get("players_info", [])):
            health = Text(f"♥ {p['health']}/{max_health}",
                          style="red" if p["health"] <= 1 else "")
            if p.get("shield"):
                health.append(f" ⛉{p['shield']}", style="cyan")
            raven = p.get("form") == "raven"
            form = Text(self.w("raven_form") if raven else self.w("human"),
                        style="magenta" if raven else "")
            on_table = Text(" ").join(self.card(c["id"], face_down=c["face_down"])
                                      for c in p.get("table", []))
            if p.get("table") and obs.get("stage") in ("attack", "peck", "react", "magic"):
                on_table.append(f" ({p.get('count', 0)})", style="dim")
            if i in decided:
                name = Text("✓ ", style="green")
            elif i in to_act:
                name = Text("… ", style="yellow")
            else:
                name = Text("  ")
            name.append(self.seat_name(i, me=seat))
            row: list[RenderableType] = [name, health,
                                         Text(f"★ {p['vp']}", style="bold"), form,
                                         str(p.get("hand", 0))]
            if magic:
                row.append(Text(f"☀{p.get('light', 0)} ☾{p.get('shadow', 0)}"))
            row.append(on_table)
            table.add_row(*row, style="on grey11" if i == seat else "")
        if not (decided or to_act):
            return table
        return Group(table, Text(self.w("legend"), style="dim"))

    def _you(self, obs: Obs, you: Mapping[str, Any], seat: int) -> Panel:
        parts: list[RenderableType] = []
        hand = [c["id"] for c in you.get("hand", [])]
        grid = Table.grid(padding=(0, 1))
        grid.add_column(no_wrap=True)
        grid.add_column(justify="right")
        grid.add_column()
        for suit in SUITS:
            mine = [c for c in hand if suit_of(c) == suit]
            grid.add_row(self.suit_text(suit.value), str(len(mine)),
                         self.cards(mine) if mine else Text("·", style="dim"))
        parts.append(grid)
        parts.extend(self._passes(obs, you, seat))
        final = you.get("final_hand") or []
        if final and obs.get("stage") != "pass":
            parts.append(Text(f"{self.w('drafted')}: ", style="dim").append_text(
                self.cards(sorted(final))))
        magic = self._magic(obs, you)
        if magic is not None:
            parts.append(magic)
        if you.get("choice"):
            action = str(you["choice"])
            parts.append(Text(self.w("choice", action=self._describe(action, obs, seat)),
                              style="green"))
        return Panel(Group(*parts), title=f"{self.w('your_hand')} — {self.seat_name(seat)}",
                     border_style="cyan", expand=False)

    def _passes(self, obs: Obs, you: Mapping[str, Any], seat: int) -> list[Text]:
        to, frm = self._neighbours(obs, seat)
        received = you.get("received", [])
        out: list[Text] = []
        for n, gave in enumerate(you.get("passed", []), start=1):
            got = received[n - 1] if n - 1 < len(received) else None
            if got is None:
                line = self.w("pass_gave", n=n, gave=self.labels(gave), to=to)
            else:
                line = self.w("pass_line", n=n, gave=self.labels(gave), to=to,
                              got=self.labels(got), frm=frm)
            out.append(Text(line, style="dim"))
        return out

    def _magic(self, obs: Obs, you: Mapping[str, Any]) -> RenderableType | None:
        ms = obs.get("magic_set") or {}
        if ms.get("name") == "none":
            return None
        title = str(ms.get("title_ru") if self.lang == "ru" else ms.get("title_en")) or ""
        head = Text(f"{self.w('your_magic')}", style="bold")
        if title:
            head.append(f" — {title}", style="dim")
        cards = you.get("magic", [])
        if not cards:
            return Text.assemble(head, Text(f": {self.w('no_magic')}", style="dim"))
        grid = Table.grid(padding=(0, 1))
        grid.add_column(no_wrap=True)
        grid.add_column()
        for m in cards:
            deck = str(m.get("deck", ""))
            name = Text(f"{DECK_ICONS.get(deck, '')} ", style=DECK_STYLES.get(deck, ""))
            name.append(self.magic_name(m), style="bold " + DECK_STYLES.get(deck, ""))
            name.append(f" [{m['id']}]", style="dim")
            body = Text(str(m.get("text_ru") if self.lang == "ru" else m.get("text_en") or ""))
            if not body.plain:
                body.append(f"({self.timing(str(m.get('timing', '')))})", style="dim")
            grid.add_row(name, body)
        return Group(head, grid)

    # --- actions ----------------------------------------------------------------------------

    def _describe(self, text: str, obs: Obs, seat: int | None) -> str:
        """An action's meaning in words (without its text)."""
        words = text.split()
        verb, args = (words[0], words[1:]) if words else ("", [])
        you = obs.get("you") or {}
        magic = {int(m["id"]): m for m in you.get("magic", [])}

        def mname(card: str) -> str:
            m = magic.get(int(card)) if card.isdigit() else None
            return self.magic_name(m) if m is not None else f"#{card}"

        if verb == "pass" and all(a.isdigit() for a in args):
            return self.w("act_pass", cards=self.labels([int(a) for a in args]))
        if verb == "commit" and args and all(a.isdigit() for a in args):
            suit = str(obs.get("step") or "")
            held = sum(1 for c in you.get("hand", []) if c.get("suit") == suit)
            ravens = int(args[0])
            line = self.w("act_commit", n=held, suit=self.suit(suit))
            if ravens:
                line += self.w("act_commit_ravens", r=ravens)
            if args[1:]:
                line += self.w("act_commit_magic", cards=", ".join(mname(a) for a in args[1:]))
            return line + self.w("act_counts", n=max(held - ravens, 0) + len(args[1:]))
        if verb == "play" and args:
            line = self.w("act_play", card=mname(args[0]))
            if len(args) > 1 and args[1].isdigit():
                line += self.w("act_on", player=self.seat_name(int(args[1]), me=seat))
            return line
        if verb == "attack" and args:
            if args[0] == "all":
                return self.w("act_attack_all")
            if args[0].isdigit():
                return self.w("act_attack", player=self.seat_name(int(args[0]), me=seat),
                              n=obs.get("attack_amount", 0))
        if verb == "peck":
            return self.w("act_peck")
        if verb == "done":
            return self.w("act_done_peck" if obs.get("stage") == "peck" else "act_done")
        return text

    def action_label(self, action: Action, view: SeatView) -> str:
        text = str(action)
        meaning = self._describe(text, view.observation, view.seat)
        return text if meaning == text else f"{text} — {meaning}"

    def input_hint(self, view: SeatView) -> str | None:
        obs = view.observation
        if obs.get("stage") != "pass" or view.seat not in obs.get("to_act", []):
            return None
        hand = [int(c["id"]) for c in (obs.get("you") or {}).get("hand", [])]
        example = " ".join(card_label(c) for c in hand[:int(obs.get("pass_size", 0)) or 1])
        return self.w("hint_pass", example=example or "A1")

    def parse_shortcut(self, text: str, view: SeatView) -> Action | None:
        """Card labels alone (``A2 h5 V1``) give those cards in a draft pass."""
        obs = view.observation
        if obs.get("stage") != "pass":
            return None
        by_label = {card_label(int(c["id"])): int(c["id"])
                    for c in (obs.get("you") or {}).get("hand", [])}
        words = [w.upper() for w in text.split()]
        if not words or not all(w[:1] in BY_LETTER and w in by_label for w in words):
            return None
        ids = sorted(by_label[w] for w in words)
        wanted = "pass " + " ".join(str(c) for c in ids)
        for action in view.legal:
            if str(action) == wanted:
                return action
        return view.parse(wanted)


__all__ = ["NevermoreRenderer"]
