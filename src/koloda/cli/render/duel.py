"""The duel («дуэль») drawn for a terminal: cards with type, strength, weapon need and the
deadly mark, in the chosen language.

Everything drawn comes from the seat's observation (its ``cards`` table describes every card id
the seat may see; the format is in :mod:`koloda.games.duel`), its log and its legal actions.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from koloda.cli.render.base import Renderer
from koloda.engine import Action
from koloda.play import SeatView

Card = Mapping[str, Any]

#: Words of the duel, (English, Russian).
WORDS: dict[str, tuple[str, str]] = {
    "attack": ("attack", "атака"),
    "trick": ("trick", "уловка"),
    "defence": ("defence", "защита"),
    "cold": ("cold weapon", "холодное оружие"),
    "firearm": ("firearm", "огнестрельное оружие"),
    "deadly": ("deals grave wounds", "наносит тяжёлые раны"),
    "needs": ("needs", "нужно"),
    "item": ("item", "предмет"),
    "no_card": ("no card", "нет карты"),
    "agreement": ("A duel by mutual agreement", "Дуэль по обоюдному согласию"),
    "attack_mode": ("{player} attacks", "{player} нападает"),
    "to_wins": ("to {n} round wins", "до {n} побед в раундах"),
    "round": ("Round {n}", "Раунд {n}"),
    "score": ("Score", "Счёт"),
    "phase_choose_hand": ("Choosing hands", "Выбор руки"),
    "phase_swap": ("The winner's swap", "Обмен картой"),
    "phase_over": ("The duel is over", "Дуэль окончена"),
    "col_round": ("round", "раунд"),
    "col_winner": ("won by", "победил"),
    "nobody": ("nobody", "никто"),
    "kill_mark": ("— to kill!", "— на убийство!"),
    "your_deck": ("Your deck", "Ваша колода"),
    "your_hand": ("Your hand", "Ваша рука"),
    "your_discard": ("discard", "сброс"),
    "your_cards": ("Your cards after the duel", "Ваши карты после дуэли"),
    "deck_count": ("deck", "колода"),
    "items": ("weapon items (shown from the deck when needed)",
              "предметы-оружие (показываются из колоды, когда нужны)"),
    "shown": ("shown items", "показанные предметы"),
    "played": ("played", "сыграно"),
    "hand_size": ("cards in hand", "карт в руке"),
    "ready": ("has decided", "решение принято"),
    "waiting": ("deciding…", "думает…"),
    "take_cards": ("Take {lo}-{hi} cards into your hand for this duel.",
                   "Возьмите в руку на эту дуэль от {lo} до {hi} карт."),
    "take_exact": ("You attack: take exactly {n} cards into your hand.",
                   "Вы нападаете: возьмите в руку ровно {n} карт."),
    "fewer_than_two": ("A hand of fewer than 2 cards can never win.",
                       "С рукой меньше 2 карт победить нельзя."),
    "your_commit": ("Face down: {action}", "Лицом вниз: {action}"),
    "offer": ("{player} offers to end the duel by agreement: a draw, no swap.",
              "{player} предлагает закончить дуэль по согласию: ничья, без обмена."),
    "loser_hand": ("{player}'s whole hand (only you see the unplayed cards)",
                   "Вся рука: {player} (несыгранные карты видите только вы)"),
    "result_won": ("{player} won the duel", "{player} победил в дуэли"),
    "result_draw_cards": ("A draw: both are out of cards", "Ничья: у обоих кончились карты"),
    "result_draw_agreement": ("A draw by mutual agreement", "Ничья по обоюдному согласию"),
    "result_killed": ("{player} is mortally wounded", "{player} смертельно ранен"),
    "result_swap": ("swapped: took {take}, gave {give}", "обмен: взято {take}, отдано {give}"),
    "result_swapped": ("the winner swapped a card", "победитель обменялся картой"),
    "result_no_swap": ("no swap", "без обмена"),
    # actions
    "act_hand_none": ("take no cards", "не брать карт"),
    "act_show": (", showing {item}", ", с предметом «{item}»"),
    "act_kill": ("+ declare a kill", "+ заявка на убийство"),
    "act_offer": ("offer to end the duel by agreement (a draw)",
                  "предложить закончить дуэль по согласию (ничья)"),
    "act_accept": ("agree: the duel ends in a draw", "согласиться: дуэль кончается вничью"),
    "act_decline": ("refuse: the duel goes on", "отказаться: дуэль продолжается"),
    "act_swap": ("take {take}, give {give}", "забрать {take}, отдать {give}"),
    "act_no_swap": ("keep your cards", "оставить карты как есть"),
    "hint_hand": ("Type the ids of the cards to take, e.g. `{example}` (or `hand` for none).",
                  "Введите обозначения карт, которые берёте, например `{example}` "
                  "(или `hand`, чтобы не брать ни одной)."),
    "hint_play": ("Type a card id to play it (e.g. `{card}`); add `kill` to declare a kill "
                  "with a ☠ card.",
                  "Введите обозначение карты, чтобы сыграть её (например, `{card}`); добавьте "
                  "`kill`, чтобы заявить убийство картой с ☠."),
}

TYPE_STYLES = {"attack": "bold red", "trick": "bold magenta", "defence": "bold blue"}


class DuelRenderer(Renderer):
    """The duel's own terminal view."""

    #: The view already says who won, in the player's language.
    show_result_summary = False

    def w(self, key: str, **values: object) -> str:
        en, ru = WORDS[key]
        text = ru if self.lang == "ru" else en
        return text.format(**values) if values else text

    # --- cards ------------------------------------------------------------------------------

    def name(self, card: Card) -> str:
        return str(card["name_ru"] if self.lang == "ru" else card["name_en"])

    def card_text(self, card: Card | None, *, compact: bool = False) -> Text:
        """``[a04] Rapier thrust — attack 3 · needs cold weapon · ☠``, coloured by type;
        ``compact``: no id, no weapon need (for the table of rounds)."""
        if card is None:
            return Text(self.w("no_card"), style="dim")
        text = Text()
        if not compact:
            text.append(f"[{card['id']}] ", style="dim")
        if card.get("item") is not None:
            text.append(self.name(card), style="bold green")
            if not compact:
                text.append(f" — {self.w('item')}: {self.w(card['item'])}", style="green")
            return text
        ctype = str(card["type"])
        text.append(self.name(card), style="bold")
        text.append(f" — {self.w(ctype)} {card['strength']}", style=TYPE_STYLES.get(ctype, ""))
        if card.get("requires") and not compact:
            text.append(f" · {self.w('needs')} {self.w(card['requires'])}", style="yellow")
        if card.get("deadly"):
            text.append(" · ☠", style="bold red")
        return text

    def short(self, card: Card | None) -> str:
        """``Rapier thrust (attack 3)``, for action labels and one-line summaries."""
        if card is None:
            return self.w("no_card")
        if card.get("item") is not None:
            return self.name(card)
        mark = " ☠" if card.get("deadly") else ""
        return f"{self.name(card)} ({self.w(str(card['type']))} {card['strength']}{mark})"

    def card_table(self, ids: Sequence[str], cards: Mapping[str, Card]) -> Table:
        table = Table(show_header=False, box=None, padding=(0, 1))
        table.add_column()
        for c in ids:
            table.add_row(self.card_text(cards.get(c)))
        return table

    # --- the view ---------------------------------------------------------------------------

    def observation(self, observation: Mapping[str, Any], *, seat: int | None) -> RenderableType:
        obs = observation
        cards: Mapping[str, Card] = obs.get("cards", {})
        parts: list[RenderableType] = [self._header(obs, seat)]
        if obs.get("rounds"):
            parts.append(self._rounds(obs, cards, seat))
        if obs.get("phase") != "over":
            parts.append(self._duellists(obs, cards, seat))
        me = obs.get("me")
        if me is not None and seat is not None:
            parts.append(self._me(obs, me, cards, seat))
        if obs.get("offer") is not None:
            by = obs["offer"]["by"]
            parts.append(Text(self.w("offer", player=self.seat_name(by, me=seat)),
                              style="bold yellow"))
        if obs.get("loser_hand") is not None:
            lh = obs["loser_hand"]
            parts.append(Panel(self.card_table(lh["cards"], cards),
                               title=self.w("loser_hand", player=self.seat_name(lh["seat"])),
                               border_style="yellow", expand=False))
        if obs.get("result") is not None and obs.get("phase") == "over":
            parts.append(self._result(obs["result"], cards, seat))
        return Group(*parts)

    def _header(self, obs: Mapping[str, Any], seat: int | None) -> Text:
        opts = obs.get("options", {})
        attacker = opts.get("attacker")
        start = (self.w("attack_mode", player=self.seat_name(attacker, me=seat))
                 if attacker is not None else self.w("agreement"))
        wins = obs.get("wins", [0, 0])
        text = Text(f"{start}, {self.w('to_wins', n=opts.get('rounds_to_win', '?'))}",
                    style="bold")
        phase = str(obs.get("phase", ""))
        if phase == "rounds":
            text.append(" · " + self.w("round", n=obs.get("round", 0)))
        elif f"phase_{phase}" in WORDS:
            text.append(" · " + self.w(f"phase_{phase}"))
        text.append(f" · {self.w('score')} {wins[0]}:{wins[1]}", style="bold cyan")
        return text

    def _rounds(self, obs: Mapping[str, Any], cards: Mapping[str, Card],
                seat: int | None) -> Table:
        table = Table(expand=False)
        table.add_column(self.w("col_round"), justify="right")
        for s in (0, 1):
            table.add_column(self.seat_name(s, me=seat))
        table.add_column(self.w("col_winner"))
        for r in obs["rounds"]:
            cells: list[Text] = []
            for s in (0, 1):
                cid = r["cards"][s]
                cell = self.card_text(cards.get(cid) if cid else None, compact=True)
                if r["shown"][s]:
                    cell.append(" + ").append(self.card_text(cards.get(r["shown"][s]),
                                                             compact=True))
                if r["kills"][s]:
                    cell.append(" " + self.w("kill_mark"), style="bold red")
                cells.append(cell)
            winner = r["winner"]
            who = self.seat_name(winner, me=seat) if winner is not None else self.w("nobody")
            table.add_row(str(r["round"]), *cells, who)
        return table

    def _duellists(self, obs: Mapping[str, Any], cards: Mapping[str, Card],
                   seat: int | None) -> Table:
        table = Table(show_header=False, box=None, padding=(0, 1))
        table.add_column(style="bold")
        table.add_column()
        committed = set(obs.get("committed", []))
        to_act = set(obs.get("to_act", []))
        for d in obs.get("duellists", []):
            s = d["seat"]
            if s == seat:
                continue
            parts: list[Text] = []
            size = d.get("hand_size")
            if size is not None:
                parts.append(Text(f"{self.w('hand_size')}: {size}"))
            if d.get("shown"):
                parts.append(Text(f"{self.w('shown')}: "
                                  + ", ".join(self.short(cards.get(c)) for c in d["shown"])))
            if s in committed:
                parts.append(Text(self.w("ready"), style="green"))
            elif s in to_act:
                parts.append(Text(self.w("waiting"), style="dim"))
            bits = Text(" · ").join(parts)
            table.add_row(self.seat_name(s, me=seat), bits)
        return table

    def _me(self, obs: Mapping[str, Any], me: Mapping[str, Any], cards: Mapping[str, Card],
            seat: int) -> RenderableType:
        phase = obs.get("phase")
        parts: list[RenderableType] = []
        if phase == "choose_hand":
            battle = [c for c in me["deck"] if cards.get(c, {}).get("item") is None]
            items = [c for c in me["deck"] if cards.get(c, {}).get("item") is not None]
            parts.append(self.card_table(battle, cards))
            if items:
                parts.append(Text(self.w("items") + ":", style="dim"))
                parts.append(self.card_table(items, cards))
            limits = me.get("hand_limits")
            if limits and me.get("commit") is None:
                lo, hi = limits
                line = (self.w("take_exact", n=lo) if lo == hi
                        else self.w("take_cards", lo=lo, hi=hi))
                parts.append(Text(line + " " + self.w("fewer_than_two"), style="italic"))
            title = self.w("your_deck")
        elif phase == "over":
            parts.append(Text(f"{self.w('deck_count')}: {len(me['deck'])}"))
            if me["discard"]:
                parts.append(Text(f"{self.w('your_discard')}:"))
                parts.append(self.card_table(me["discard"], cards))
            title = self.w("your_cards")
        else:
            hand = me["hand"] if phase == "rounds" else me["chosen"]
            parts.append(self.card_table(hand, cards))
            extra = Text(style="dim")
            extra.append(f"{self.w('deck_count')}: {len(me['deck'])} · "
                         f"{self.w('your_discard')}: {len(me['discard'])}")
            if me.get("shown"):
                extra.append(f" · {self.w('shown')}: "
                             + ", ".join(self.short(cards.get(c)) for c in me["shown"]))
            parts.append(extra)
            title = self.w("your_hand")
        if me.get("commit"):
            parts.append(Text(self.w("your_commit", action=me["commit"]), style="green"))
        return Panel(Group(*parts), title=f"{title} — {self.seat_name(seat, me=seat)}",
                     border_style="cyan", expand=False)

    def _result(self, result: Mapping[str, Any], cards: Mapping[str, Card],
                seat: int | None) -> Text:
        winner = result.get("winner")
        if winner is None:
            key = ("result_draw_agreement" if result.get("reason") == "agreement"
                   else "result_draw_cards")
            return Text(self.w(key) + ".", style="bold")
        text = Text(self.w("result_won", player=self.seat_name(winner, me=seat)), style="bold")
        if result.get("killed") is not None:
            text.append("; " + self.w("result_killed", player=self.seat_name(result["killed"],
                                                                            me=seat)),
                        style="bold red")
        swap = result.get("swap")
        if swap:
            text.append("; " + self.w("result_swap", take=self.short(cards.get(swap["take"])),
                                      give=self.short(cards.get(swap["give"]))))
        elif result.get("swapped"):
            text.append("; " + self.w("result_swapped"))
        elif result.get("swapped") is False:
            text.append("; " + self.w("result_no_swap"))
        text.append(".")
        return text

    # --- actions ----------------------------------------------------------------------------

    def action_label(self, action: Action, view: SeatView) -> str:
        text = str(action)
        words = text.split()
        cards: Mapping[str, Card] = view.observation.get("cards", {})
        verb = words[0] if words else ""
        if verb == "hand":
            names = ", ".join(self.short(cards.get(c)) for c in words[1:])
            return f"{text} — {names or self.w('act_hand_none')}"
        if verb == "play" and len(words) >= 2:
            label = self.short(cards.get(words[1]))
            if "show" in words:
                item = words[words.index("show") + 1]
                label += self.w("act_show", item=self.short(cards.get(item)))
            if words[-1] == "kill":
                label += " " + self.w("act_kill")
            return f"{text} — {label}"
        if verb == "swap" and len(words) == 3:
            return f"{text} — " + self.w("act_swap", take=self.short(cards.get(words[1])),
                                          give=self.short(cards.get(words[2])))
        simple = {"offer-end": "act_offer", "accept-end": "act_accept",
                  "decline-end": "act_decline", "no-swap": "act_no_swap"}
        if verb in simple:
            return f"{text} — {self.w(simple[verb])}"
        return text

    def list_limit(self, view: SeatView) -> int:
        # Every possible hand is a legal action (hundreds): the player types card ids instead.
        return 0 if view.observation.get("phase") == "choose_hand" else super().list_limit(view)

    def input_hint(self, view: SeatView) -> str | None:
        obs = view.observation
        me = obs.get("me") or {}
        cards: Mapping[str, Card] = obs.get("cards", {})
        if obs.get("phase") == "choose_hand":
            battle = [c for c in me.get("deck", []) if cards.get(c, {}).get("item") is None]
            limits = me.get("hand_limits") or [0, 2]
            example = " ".join(battle[:max(2, min(limits[1], 3))]) or "hand"
            return self.w("hint_hand", example=example)
        if obs.get("phase") == "rounds" and obs.get("offer") is None and me.get("hand"):
            return self.w("hint_play", card=me["hand"][0])
        return None

    def parse_shortcut(self, text: str, view: SeatView) -> Action | None:
        """Card ids alone: ``a01 a04`` takes a hand; ``a04`` (or ``a04 kill``) plays a card,
        showing the first matching item when one must be shown."""
        obs = view.observation
        me = obs.get("me") or {}
        words = text.split()
        if not words:
            return None
        if obs.get("phase") == "choose_hand" and all(w in me.get("deck", []) for w in words):
            return view.parse("hand " + " ".join(words))
        if obs.get("phase") == "rounds" and words[0] in me.get("hand", []):
            kill = words[1:] == ["kill"]
            if len(words) > 1 and not kill:
                return None
            for action in view.legal:
                parts = str(action).split()
                if parts[:2] == ["play", words[0]] and (parts[-1] == "kill") == kill:
                    return action
        return None
