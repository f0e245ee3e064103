"""Gwent at the table («настольный гвинт») drawn for a terminal: the round and the exchange, every
player's deck, damage, round points and cards left, the stacks on the table, your hand with value,
suits, perks and the trump mark, action points and the throw-in window, in the chosen language.

Everything drawn comes from the seat's observation (format in :mod:`koloda.games.gwent.observe`),
its log and its legal actions; what a card is (name, value, suits, perks, trump) is read from the
printed card catalogue (:mod:`koloda.games.gwent.cards`), public knowledge like the card faces.

Cards in your hand get a letter (``a``, ``b``, …) for short answers: ``c new`` lays card c in
attack, ``c s2`` covers stack 2 with it (see :meth:`GwentRenderer.parse_shortcut`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from string import ascii_lowercase
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from koloda.cli.games import number_text
from koloda.cli.render.base import Renderer
from koloda.engine import Action, InvalidData
from koloda.games.gwent.cards import CardInfo, info
from koloda.games.gwent.titles import DECK_TITLES, SUIT_TITLES
from koloda.play import SeatView

Obs = Mapping[str, Any]

#: Words of Gwent, (English, Russian).
WORDS: dict[str, tuple[str, str]] = {
    **SUIT_TITLES,
    "special": ("Special", "Особая"),
    "bond": ("Tight bond", "Братишки"),
    "muster": ("Muster", "Тупые братишки"),
    "medic": ("Medic", "Медик"),
    "spy": ("Spy", "Шпион"),
    "specialist": ("Specialist", "Специалист"),
    "bard": ("Bard", "Бард"),
    "ultima": ("Ultima", "Ультима"),
    "decoy": ("Decoy", "Чучело"),
    "scorch": ("Scorch", "Казнь"),
    "trump": ("trump", "козырь"),
    **DECK_TITLES,
    "round": ("Round {n}", "Раунд {n}"),
    "phase_choose": ("Decks are chosen in dice order: {order}",
                     "Колоды выбирают по кубику: {order}"),
    "phase_over": ("The match is over", "Партия окончена"),
    "exchange": ("Exchange {n}: {att} attacks {dfn}", "Гейм {n}: {att} атакует {dfn}"),
    "no_exchange": ("No exchange in progress", "Гейм не идёт"),
    "col_player": ("player", "игрок"),
    "col_deck": ("deck", "колода"),
    "col_points": ("points", "очки"),
    "col_damage": ("damage", "урон"),
    "col_cards": ("hand/deck", "рука/колода"),
    "col_role": ("in the exchange", "в гейме"),
    "role_att": ("attacks · AP {ap}", "атака · ОД {ap}"),
    "role_def": ("defends · AP {ap}", "защита · ОД {ap}"),
    "role_watch": ("watches", "смотрит"),
    "legend": ("points: rounds won · damage: this round · AP: action points left · ◀ to act",
               "очки: выигранные раунды · урон: в этом раунде · ОД: очки действия · "
               "◀ ходит"),
    "earlier": ("Damage in earlier rounds", "Урон в прошлых раундах"),
    "known": ("Known in {player}'s hand: {cards}", "Известно в руке ({player}): {cards}"),
    "discards": ("Discards this round", "Сброс этого раунда"),
    "aside": ("neutral cards set aside: {n}", "нейтральных карт отложено: {n}"),
    "table": ("On the table", "На столе"),
    "empty_table": ("The table is empty: the attacker opens.",
                    "Стол пуст: атакующий начинает."),
    "stack": ("s{id}", "s{id}"),
    "closed": ("✓ closed", "✓ закрыта"),
    "presses": ("✖ {n} → {player}", "✖ {n} → {player}"),
    "trump_damage": (" (trump)", " (козырная)"),
    "thrown_by": ("thrown in by {player}", "подбросил {player}"),
    "acting": ("{player} is laying an action: {units} of up to {max} card(s)",
               "{player} выкладывает действие: {units} из не более {max} карт"),
    "pending": ("must be laid now too: {cards}", "нужно выложить сейчас же: {cards}"),
    "named": ("Named suit: {att} (attacker's cards) · {dfn} (defender's cards)",
              "Назначенная масть: {att} (карты атакующего) · {dfn} (карты защитника)"),
    "bard_doubled": ("Doubled after a covered bard: {players}",
                     "Удвоение после покрытого Барда: {players}"),
    "marks": ("A attacker · D defender · T thrown in · ▸ covered by · ● open card",
              "A атакующий · D защитник · T подброшено · ▸ покрыта · ● открытая карта"),
    "partial": ("(laid on it so far: {n})", "(положено на неё: {n})"),
    "reversal": ("{player}'s spy {spy} turned stacks {stacks} back",
                 "Шпион {spy} ({player}) развернул стопки {stacks}"),
    "undone": (" (undone)", " (отменено)"),
    "throw_in": ("Throw-in window: {seats} may add cards of an open card's value",
                 "Подбрасывание: {seats} могут добавить карты значения открытой карты"),
    "throw_values": ("values to match: attacker's side {att}; defender's side {dfn}",
                     "значения: на стороне атакующего {att}; на стороне защитника {dfn}"),
    "throw_mine": ("Your throw-in: {what}", "Ваше подбрасывание: {what}"),
    "your_hand": ("Your hand", "Ваша рука"),
    "col_key": ("", ""),
    "col_value": ("val.", "сила"),
    "col_suit": ("suit", "масть"),
    "col_card": ("card", "карта"),
    "col_perks": ("perks", "перки"),
    "empty_hand": ("no cards in hand", "карт в руке нет"),
    "your_discard": ("Your discard (a medic revives from it)",
                     "Ваш сброс (из него воскрешает медик)"),
    "your_neutrals": ("Neutral cards dealt to you", "Нейтральные карты, розданные вам"),
    "winners": ("Winners: {players}", "Победители: {players}"),
    "winner": ("Winner: {player}", "Победитель: {player}"),
    "by_die": (" (by the die)", " (по кубику)"),
    # actions
    "act_deck": ("choose the deck {deck}", "выбрать колоду {deck}"),
    "act_attack": ("in attack", "в атаку"),
    "act_cover": ("covers s{id} ({card})", "кроет s{id} ({card})"),
    "act_as": (" as {suit}", " как {suit}"),
    "act_decoy": (" + Decoy (counts twice)", " + Чучело (считается дважды)"),
    "act_end": ("end this action", "закончить действие"),
    "act_pass": ("pass: spend an action point on nothing", "пас: потратить очко действия впустую"),
    "act_no_throw": ("throw nothing in", "ничего не подбрасывать"),
    "act_name": ("name the suit of the {side} open cards: {suit}",
                 "назначить масть открытых карт {side}: {suit}"),
    "side_att": ("attacker's", "атакующего"),
    "side_def": ("defender's", "защитника"),
    "act_medic": ("Medic {card} revives {targets}", "Медик {card} воскрешает {targets}"),
    "act_spy": ("Spy {card} turns the open cards pressing on you back",
                "Шпион {card} разворачивает открытые карты против вас"),
    "act_scorch": ("{card} executes {target}", "{card} казнит {target}"),
    "act_throw": ("throw in on the {side} side: {cards}", "подбросить на сторону {side}: {cards}"),
    "hint_play": ("Short answers: a card's letter and where, e.g. `{card} new` (in attack) or "
                  "`{card} s1` (cover stack 1); add `decoy`, or a suit for an agile card.",
                  "Коротко: буква карты и куда, например `{card} new` (в атаку) или `{card} s1` "
                  "(покрыть стопку 1); добавьте `decoy` или масть для проныры."),
}

SUITS = ("close", "ranged", "siege")
SUIT_ICONS = {"close": "⚔", "ranged": "➶", "siege": "⚙"}
SUIT_STYLES = {"close": "red", "ranged": "green", "siege": "blue"}
PERK_ICONS = {"bond": "⚭", "muster": "⚑", "medic": "✚", "spy": "◉", "specialist": "✜",
              "bard": "♪", "ultima": "☠", "decoy": "☃", "scorch": "☄"}
TRUMP = "♔"
#: Gwent lists more actions than the default (a card on each open stack is one each).
MAX_LISTED = 40
#: Words that name a suit in a short answer.
SUIT_WORDS = {"close": "close", "ranged": "ranged", "siege": "siege", "мечи": "close",
              "луки": "ranged", "осада": "siege"}
DECOY_WORDS = frozenset({"decoy", "чучело", "+decoy"})


def face(instance: str) -> CardInfo | None:
    """The printed card of a card in play (None for an unknown id)."""
    try:
        return info(instance)
    except InvalidData:
        return None


def hand_order(hand: Sequence[str]) -> list[str]:
    """Your hand as drawn: by suit, then by value (special cards last)."""
    def key(c: str) -> tuple[int, int, str]:
        f = face(c)
        if f is None or not f.suits:
            return (9, 0, c)
        return (SUITS.index(f.suits[0].value), f.value, c)
    return sorted(hand, key=key)


class GwentRenderer(Renderer):
    """Gwent's own terminal view."""

    def w(self, key: str, **values: object) -> str:
        en, ru = WORDS[key]
        text = ru if self.lang == "ru" else en
        return text.format(**values) if values else text

    # --- cards ------------------------------------------------------------------------------

    def word(self, key: str) -> str:
        """A known word (suit, perk, faction), else the key itself."""
        return self.w(key) if key in WORDS else key

    def name(self, instance: str) -> str:
        f = face(instance)
        return f.name(str(self.lang)) if f is not None else instance

    def suits(self, f: CardInfo) -> Text:
        if not f.suits:
            return Text(self.w("special"), style="dim")
        return Text("/").join(Text(f"{SUIT_ICONS[s.value]} {self.w(s.value)}",
                                   style=SUIT_STYLES[s.value]) for s in f.suits)

    def perks(self, f: CardInfo) -> Text:
        return Text(", ").join(Text(f"{PERK_ICONS.get(p.value, '')} {self.word(p.value)}")
                               for p in sorted(f.perks))

    def brief(self, instance: str) -> Text:
        """``Catapult 8⚙⚭``: name, value, suit icons, perk icons (``♔`` for a trump)."""
        f = face(instance)
        if f is None:
            return Text(instance)
        text = Text(f.name(str(self.lang)))
        perks = "".join(PERK_ICONS.get(p.value, "") for p in sorted(f.perks))
        if f.suits:
            icons = "".join(SUIT_ICONS[s.value] for s in f.suits)
            text.append(f" {f.value}{icons}", style=SUIT_STYLES[f.suits[0].value])
            text.append(perks, style="dim")
        else:
            text.append(" " + perks, style="dim")
        if f.trump:
            text.append(TRUMP, style="bold yellow")
        return text

    def briefs(self, cards: Sequence[str]) -> Text:
        if not cards:
            return Text("—", style="dim")
        return Text(", ").join(self.brief(c) for c in cards)

    def plain(self, cards: Sequence[str]) -> str:
        return self.briefs(cards).plain

    def _card_as(self, token: str) -> str:
        """A card of a thrown-in or revived list, ``CARD`` or ``CARD:SUIT`` (an agile card
        laid as that suit)."""
        instance, _, suit = token.partition(":")
        return self.brief(instance).plain + (
            self.w("act_as", suit=self._suit_word(suit)) if suit else "")

    # --- the view ---------------------------------------------------------------------------

    def observation(self, observation: Mapping[str, Any], *, seat: int | None) -> RenderableType:
        obs = observation
        parts: list[RenderableType] = [self._header(obs, seat), self._players(obs, seat)]
        parts.extend(self._public_lines(obs, seat))
        ex = obs.get("exchange")
        if ex is not None and obs.get("phase") == "play":
            parts.append(self._table(obs, ex, seat))
        if obs.get("throw_in") is not None:
            parts.append(self._throw_in(obs, obs["throw_in"], seat))
        if obs.get("hand") is not None and seat is not None and obs.get("phase") != "choose":
            parts.append(self._hand(obs, seat))
        winners = obs.get("winners") or []
        if winners:
            die = self.w("by_die") if obs.get("by_die") else ""
            line = (self.w("winner", player=self.seat_name(winners[0], me=seat))
                    if len(winners) == 1 else
                    self.w("winners", players=", ".join(self.seat_name(s, me=seat)
                                                        for s in winners)))
            parts.append(Text(line + die, style="bold green"))
        return Group(*parts)

    def _header(self, obs: Obs, seat: int | None) -> Text:
        text = Text(self.spec.title(str(self.lang)), style="bold")
        if obs.get("round"):
            text.append(" · " + self.w("round", n=obs["round"]))
        phase = obs.get("phase")
        ex = obs.get("exchange")
        if phase == "choose":
            order = ", ".join(self.seat_name(s, me=seat) for s in obs.get("dice_order", []))
            text.append(" · " + self.w("phase_choose", order=order))
        elif phase == "over":
            text.append(" · " + self.w("phase_over"))
        elif ex is not None:
            text.append(" · ")
            text.append(self.w("exchange", n=ex["number"],
                               att=self.seat_name(ex["attacker"], me=seat),
                               dfn=self.seat_name(ex["defender"], me=seat)), style="bold cyan")
        return text

    def _players(self, obs: Obs, seat: int | None) -> RenderableType:
        table = Table(box=box.SIMPLE_HEAD, padding=(0, 1), pad_edge=False, show_edge=False)
        table.add_column(self.w("col_player"), style="bold", no_wrap=True)
        table.add_column(self.w("col_deck"), no_wrap=True)
        table.add_column(self.w("col_points"), justify="right", no_wrap=True)
        table.add_column(self.w("col_damage"), justify="right", no_wrap=True)
        table.add_column(self.w("col_cards"), justify="right", no_wrap=True)
        ex = obs.get("exchange") if obs.get("phase") == "play" else None
        table.add_column(self.w("col_role") if ex is not None else "", no_wrap=True)
        to_act = set(obs.get("to_act", []))
        decks = obs.get("decks", [])
        for i in range(int(obs.get("players", 0))):
            deck = decks[i] if i < len(decks) else ""
            role = Text("")
            if ex is not None:
                if i == ex["attacker"]:
                    role = Text(self.w("role_att", ap=ex["ap"][0]), style="red")
                elif i == ex["defender"]:
                    role = Text(self.w("role_def", ap=ex["ap"][1]), style="blue")
                else:
                    role = Text(self.w("role_watch"), style="dim")
            if i in to_act:
                role.append(" ◀", style="bold yellow")
            table.add_row(
                self.seat_name(i, me=seat),
                self.word(deck) if deck else Text("…", style="dim"),
                Text(str(obs["points"][i]), style="bold"),
                Text(number_text(obs["damage"][i]), style="red" if obs["damage"][i] else ""),
                f"{obs['hand_counts'][i]}/{obs['deck_counts'][i]}",
                role,
                style="on grey11" if i == seat else "")
        if not (ex is not None):
            return table
        return Group(table, Text(self.w("legend"), style="dim"))

    def _public_lines(self, obs: Obs, seat: int | None) -> list[Text]:
        out: list[Text] = []
        earlier = obs.get("round_damage") or []
        if earlier:
            rounds = " · ".join(f"{n}: " + "/".join(number_text(d) for d in r)
                                for n, r in enumerate(earlier, start=1))
            out.append(Text(f"{self.w('earlier')} — {rounds}", style="dim"))
        for i, known in enumerate(obs.get("known_in_hand") or []):
            if known and i != seat:
                out.append(Text(self.w("known", player=self.seat_name(i),
                                       cards=self.plain(known)), style="dim"))
        discards = [(i, d) for i, d in enumerate(obs.get("discards") or [])
                    if d and i != seat]  # your own discard is drawn with your hand
        if discards:
            line = Text(f"{self.w('discards')}: ", style="dim")
            line.append_text(Text("; ").join(
                Text(f"{self.seat_name(i, me=seat)}: ").append_text(self.briefs(d))
                for i, d in discards))
            out.append(line)
        if obs.get("aside"):
            out.append(Text(self.w("aside", n=obs["aside"]), style="dim"))
        return out

    def _role(self, ex: Mapping[str, Any], who: int, thrower: int) -> tuple[str, str]:
        """A layer's mark: A (attacker), D (defender) or T (a thrown-in card), and its colour."""
        if who == thrower and who not in (ex["attacker"], ex["defender"]):
            return "T", "magenta"
        if who == ex["attacker"]:
            return "A", "red"
        if who == ex["defender"]:
            return "D", "blue"
        return "T", "magenta"

    def _table(self, obs: Obs, ex: Mapping[str, Any], seat: int | None) -> RenderableType:
        parts: list[RenderableType] = []
        stacks = ex.get("stacks", [])
        if not stacks:
            parts.append(Text(self.w("empty_table"), style="dim"))
        else:
            grid = Table.grid(padding=(0, 1))
            grid.add_column(style="bold", no_wrap=True)
            grid.add_column(no_wrap=True)
            grid.add_column()
            for s in stacks:
                open_card = s.get("open_card") if s.get("damage") else None
                layers = Text(" ▸ ").join(self._layer(ex, layer, s.get("thrower", -1), open_card)
                                          for layer in s.get("layers", []))
                if s.get("damage"):
                    whom = ex["attacker"] if s["presses_on"] == 0 else ex["defender"]
                    dmg = Text(self.w("presses", n=number_text(s["damage"]),
                                      player=self.seat_name(whom, me=seat)),
                               style="bold red" if whom == seat else "bold")
                    if s.get("trump"):
                        dmg.append(self.w("trump_damage"), style="yellow")
                    if s.get("partial"):
                        layers.append(" " + self.w("partial", n=number_text(s["partial"])),
                                      style="dim")
                else:
                    dmg = Text(self.w("closed"), style="dim")
                grid.add_row(self.w("stack", id=s["id"]), dmg, layers)
            parts.append(grid)
            parts.append(Text(self.w("marks"), style="dim"))
        parts.extend(self._exchange_lines(ex, seat))
        return Panel(Group(*parts), title=self.w("table"), border_style="yellow", expand=False)

    def _layer(self, ex: Mapping[str, Any], layer: Mapping[str, Any], thrower: int,
               open_card: str | None) -> Text:
        """``A:Cynthia 4➶``; the open card (the one carrying the damage) marked ``●``."""
        mark, style = self._role(ex, int(layer["seat"]), thrower)
        text = Text(f"{mark}:", style=f"bold {style}")
        text.append_text(Text("+").join(
            Text("●", style="bold").append_text(self.brief(c)) if c == open_card
            else self.brief(c) for c in layer.get("cards", [])))
        return text

    def _exchange_lines(self, ex: Mapping[str, Any], seat: int | None) -> list[Text]:
        out: list[Text] = []
        side_seat = (ex["attacker"], ex["defender"])
        if ex.get("acting"):
            out.append(Text(self.w("acting", player=self.seat_name(side_seat[ex["turn"]],
                                                                   me=seat),
                                   units=ex.get("units", 0), max=ex.get("max_units", 1)),
                            style="cyan"))
        if ex.get("pending"):
            out.append(Text(self.w("pending", cards=self.plain(ex["pending"])),
                            style="bold yellow"))
        named = ex.get("named") or ["", ""]
        if any(named):
            att, dfn = (self._suit_word(n) if n else "—" for n in named)
            out.append(Text(self.w("named", att=att, dfn=dfn)))
        if ex.get("bard"):
            out.append(Text(self.w("bard_doubled", players=", ".join(self.seat_name(s, me=seat)
                                                            for s in ex["bard"]))))
        for r in ex.get("reversals", []):
            line = self.w("reversal", player=self.seat_name(r["seat"], me=seat),
                          spy=self.name(r["spy"]),
                          stacks=", ".join(f"s{x}" for x in r.get("stacks", [])))
            out.append(Text(line + (self.w("undone") if r.get("undone") else ""), style="dim"))
        return out

    def _suit_word(self, suit: str) -> str:
        return f"{SUIT_ICONS.get(suit, '')} {self.word(suit)}".strip()

    def _throw_in(self, obs: Obs, window: Mapping[str, Any], seat: int | None) -> Text:
        decided = set(window.get("decided", []))
        seats = ", ".join(("✓ " if s in decided else "") + self.seat_name(s, me=seat)
                          for s in window.get("seats", []))
        values = window.get("values") or [[], []]
        att, dfn = (", ".join(str(v) for v in vs) or "—" for vs in values)
        text = Text(self.w("throw_in", seats=seats), style="bold magenta")
        text.append("\n" + self.w("throw_values", att=att, dfn=dfn), style="magenta")
        mine = window.get("mine")
        if mine:
            side, *cards = mine
            what = self.w("act_throw", side=self.w("side_def" if side == "1" else "side_att"),
                          cards=", ".join(self._card_as(c) for c in cards))
            text.append("\n" + self.w("throw_mine", what=what), style="green")
        return text

    def keys(self, obs: Obs) -> dict[str, str]:
        """Your hand's cards by their letter (``a``, ``b``, …), in the order drawn."""
        return dict(zip(ascii_lowercase, hand_order(obs.get("hand") or []), strict=False))

    def _hand(self, obs: Obs, seat: int) -> Panel:
        parts: list[RenderableType] = []
        keys = self.keys(obs)
        if not keys:
            parts.append(Text(self.w("empty_hand"), style="dim"))
        else:
            table = Table(box=None, padding=(0, 1), pad_edge=False, header_style="dim")
            table.add_column(self.w("col_key"), style="bold cyan", no_wrap=True)
            table.add_column(self.w("col_value"), justify="right", style="bold", no_wrap=True)
            table.add_column(self.w("col_suit"), no_wrap=True)
            table.add_column(self.w("col_card"))
            table.add_column(self.w("col_perks"))
            for key, c in keys.items():
                f = face(c)
                if f is None:
                    table.add_row(key, "?", "", c, "")
                    continue
                name = Text(f.name(str(self.lang)), style="bold" if f.trump else "")
                perks = self.perks(f)
                if f.trump:
                    perks = Text(", ").join([Text(f"{TRUMP} {self.w('trump')}",
                                                  style="bold yellow"), *([perks] if perks
                                                                          else [])])
                table.add_row(key, str(f.value) if f.suits else "", self.suits(f), name,
                              perks)
            parts.append(table)
        discards = obs.get("discards") or []
        mine = discards[seat] if seat < len(discards) else []
        if mine:
            parts.append(Text(f"{self.w('your_discard')}: ", style="dim")
                         .append_text(self.briefs(mine)))
        neutrals = obs.get("my_neutrals") or []
        if neutrals:
            parts.append(Text(f"{self.w('your_neutrals')}: {self.plain(neutrals)}", style="dim"))
        return Panel(Group(*parts), title=f"{self.w('your_hand')} — {self.seat_name(seat)}",
                     border_style="cyan", expand=False)

    # --- actions ----------------------------------------------------------------------------

    def _stack_top(self, obs: Obs, stack_id: int) -> str:
        ex = obs.get("exchange") or {}
        for s in ex.get("stacks", []):
            if s["id"] == stack_id:
                return f"{number_text(s['value'])}{SUIT_ICONS.get(s['suit'], '')}"
        return "?"

    def list_limit(self, view: SeatView) -> int:
        """Up to :data:`MAX_LISTED` actions (each card on each stack is one): the rarer ones
        (medic, spy, scorch) come last and would be cut from a shorter list."""
        return MAX_LISTED

    def _describe(self, text: str, obs: Obs) -> str:
        words = text.split()
        verb, args = (words[0], words[1:]) if words else ("", [])
        keys = {c: k for k, c in self.keys(obs).items()}

        def card(instance: str) -> str:
            key = keys.get(instance)
            return (f"{key}: " if key else "") + self.brief(instance).plain

        def card_as(token: str) -> str:
            """A card of a list, ``CARD`` or ``CARD:SUIT`` (an agile card laid as that suit)."""
            instance, _, suit = token.partition(":")
            return card(instance) + (self.w("act_as", suit=self._suit_word(suit)) if suit else "")

        if verb == "deck" and len(args) == 1:
            return self.w("act_deck", deck=self.word(args[0]))
        if verb == "play" and len(args) == 1 and "@" in args[0]:
            body, _, where = args[0].rpartition("@")
            main, _, decoy = body.partition("+")
            instance, _, suit = main.partition(":")
            line = card(instance)
            if suit:
                line += self.w("act_as", suit=self._suit_word(suit))
            if decoy:
                line += self.w("act_decoy")
            if where == "new":
                return f"{line}, {self.w('act_attack')}"
            stack = int(where[1:]) if where[1:].isdigit() else -1
            return f"{line}, " + self.w("act_cover", id=stack, card=self._stack_top(obs, stack))
        if verb == "end":
            return self.w("act_end")
        if verb == "pass":
            return self.w("act_no_throw" if obs.get("throw_in") is not None
                          and obs.get("seat") in obs["throw_in"].get("seats", [])
                          else "act_pass")
        if verb == "name" and len(args) == 2:
            side = self.w("side_att" if args[0] == "att" else "side_def")
            return self.w("act_name", side=side, suit=self._suit_word(args[1]))
        if verb == "medic" and len(args) == 2:
            main, _, decoy = args[0].partition("+")
            line = self.w("act_medic", card=card(main),
                          targets=", ".join(self._card_as(t) for t in args[1].split(",")))
            return line + (self.w("act_decoy") if decoy else "")
        if verb == "spy" and len(args) == 1:
            return self.w("act_spy", card=card(args[0]))
        if verb == "scorch" and len(args) == 2:
            return self.w("act_scorch", card=card(args[0]), target=self.brief(args[1]).plain)
        if verb == "throw" and len(args) == 2:
            side = self.w("side_att" if args[0] == "att" else "side_def")
            return self.w("act_throw", side=side,
                          cards=", ".join(card_as(c) for c in args[1].split(",")))
        return text

    def action_label(self, action: Action, view: SeatView) -> str:
        text = str(action)
        meaning = self._describe(text, view.observation)
        return text if meaning == text else f"{text} — {meaning}"

    def input_hint(self, view: SeatView) -> str | None:
        keys = self.keys(view.observation)
        plays = [str(a) for a in view.legal if str(a).startswith("play ")]
        if not plays:
            return None
        first = plays[0].split()[1].partition("@")[0].partition("+")[0].partition(":")[0]
        key = next((k for k, c in keys.items() if c == first), "a")
        return self.w("hint_play", card=key)

    def parse_shortcut(self, text: str, view: SeatView) -> Action | None:
        """A hand card's letter, then where and how: ``c new`` (in attack), ``c s2`` or ``c 2``
        (cover stack 2), with ``decoy`` and a suit (``ranged``) when wanted; ``c`` alone when
        the card has exactly one legal action. None when the words say no single legal action."""
        words = text.lower().split()
        keys = self.keys(view.observation)
        if not words or words[0] not in keys:
            return None
        card = keys[words[0]]
        where: str | None = None
        suit = ""
        decoy = False
        for word in words[1:]:
            if word in ("new", "a", "attack", "атака"):
                where = "new"
            elif word.isdigit() or (word[:1] == "s" and word[1:].isdigit()):
                where = "s" + word.lstrip("s")
            elif word in SUIT_WORDS:
                suit = SUIT_WORDS[word]
            elif word in DECOY_WORDS:
                decoy = True
            else:
                return None
        found: list[Action] = []
        for action in view.legal:
            parts = str(action).split()
            if len(parts) < 2:
                continue
            if parts[0] == "play":
                body, _, at = parts[1].rpartition("@")
                main, _, with_decoy = body.partition("+")
                instance, _, as_suit = main.partition(":")
                if instance != card or (where is not None and at != where):
                    continue
                if (suit and as_suit != suit) or bool(with_decoy) != decoy:
                    continue
                found.append(action)
            elif parts[0] == "throw":
                thrown = dict(t.partition(":")[::2] for t in parts[-1].split(","))
                if (where is None and not decoy and card in thrown
                        and (not suit or thrown[card] == suit)):
                    found.append(action)
            elif where is None and not suit and not decoy and parts[1].partition("+")[0] == card:
                found.append(action)
        return found[0] if len(found) == 1 else None


__all__ = ["GwentRenderer"]
