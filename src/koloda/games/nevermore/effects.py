"""Effects: damage, healing, VP, magic draws and plays, and the win check.

Each is a task handler (see :mod:`.flow`); effects that lead to further effects insert tasks
at the front of the queue so that they resolve before anything else.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from koloda.engine.events import EVERYONE
from koloda.games.nevermore import events as E
from koloda.games.nevermore.cards import Suit, suit_of
from koloda.games.nevermore.magic import (
    Damage,
    Deck,
    DiscardSuit,
    Draw,
    GainVp,
    Heal,
    PassHands,
    Shield,
    StealVp,
    Target,
    deck_of,
)
from koloda.games.nevermore.model import Stage, Task

if TYPE_CHECKING:
    from koloda.games.nevermore.state import NevermoreState

WIN_VP = 6
_LIGHT = Deck.LIGHT
#: A magic deck's name → the deck, and back (without calling the enum or ``.value``).
_DECK_OF: dict[str, Deck] = {d.value: d for d in Deck}
_DECK_NAME: dict[Deck, str] = {d: d.value for d in Deck}
_REACT = Stage.REACT


def front(s: NevermoreState, tasks: list[Task]) -> None:
    s.tasks[0:0] = tasks


def ask(s: NevermoreState, stage: Stage, seats: list[int]) -> None:
    s.stage = stage
    s.waiting = sorted(seats)
    s.choices = {}
    s._asked()


def t_damage(s: NevermoreState, t: Task) -> None:
    """Damage; a blow that would turn a human holding magic into a raven first lets that
    player reply with a Play Any Time card."""
    src, tgt, amount = t.seat, t.target, t.amount
    if s.raven[tgt] or amount <= 0:
        return
    reply = s.options.anytime_reply
    if (not t.asked and s.magic[tgt] and s.options.magic != "none"
            and amount > s.shield[tgt]
            and (reply == "any_blow" or (reply == "lethal"
                                         and amount - s.shield[tgt] >= s.health[tgt]))):
        front(s, [Task("damage", src, tgt, amount, cause=t.cause, asked=True)])
        ask(s, _REACT, [tgt])
        return
    prevented = min(s.shield[tgt], amount)
    s.shield[tgt] -= prevented
    s.health[tgt] = max(0, s.health[tgt] - (amount - prevented))
    s.events.append(E.NmDamaged(src, tgt, amount, prevented, s.health[tgt], to=EVERYONE))
    if s.health[tgt] <= 0:
        s.raven[tgt] = True
        s.events.append(E.NmBecameRaven(tgt, src, to=EVERYONE))
        if src >= 0 and src != tgt:
            gain_vp(s, src, 1, "turned a player into a raven")


def t_heal(s: NevermoreState, t: Task) -> None:
    p = t.seat
    if s.raven[p]:
        return
    before = s.health[p]
    s.health[p] = min(s.max_health, before + t.amount)
    s.events.append(E.NmHealed(p, s.health[p] - before, s.health[p], to=EVERYONE))


def t_vp(s: NevermoreState, t: Task) -> None:
    gain_vp(s, t.seat, t.amount, t.reason)


def gain_vp(s: NevermoreState, p: int, amount: int, reason: str) -> None:
    s.vp[p] += amount
    s.events.append(E.NmVictoryPoints(p, amount, s.vp[p], reason, to=EVERYONE))


def t_draw(s: NevermoreState, t: Task) -> None:
    draw_magic(s, t.seat, _DECK_OF[t.deck], t.amount)


def draw_magic(s: NevermoreState, p: int, deck: Deck, count: int) -> None:
    """Draw from a magic deck; an empty deck is rebuilt from its own discards."""
    if s.options.magic == "none" or count <= 0:
        return
    light = deck is _LIGHT
    pile = s.light_deck if light else s.shadow_deck
    used = s.light_discard if light else s.shadow_discard
    got: list[int] = []
    for _ in range(count):
        if not pile and used:
            pile.extend(sorted(used))
            used.clear()
            s.rng.shuffle(pile)
            s.events.append(E.NmMagicReshuffled(deck.value, len(pile), to=EVERYONE))
        if not pile:
            break
        got.append(pile.pop())
    s.magic[p].extend(got)
    s.magic[p].sort()
    s.events.append(E.NmMagicDrawn(p, _DECK_NAME[deck], len(got), to=EVERYONE))
    if got:
        kinds = [s.magic_set.card(c) for c in got]
        s.events.append(E.NmMagicCards(p, tuple(got), tuple([k.name_en for k in kinds]),
                                       tuple([k.name_ru or k.name_en for k in kinds]),
                                       to=E.only(p)))


def discard_magic(s: NevermoreState, card: int) -> None:
    (s.light_discard if deck_of(card) == Deck.LIGHT else s.shadow_discard).append(card)


def t_play(s: NevermoreState, t: Task) -> None:
    """A magic card's effect; a raven uses the raven text, or else its normal text without
    damage, healing or VP."""
    p, card, target = t.seat, t.card, t.target
    if card not in s.magic[p]:
        return
    kind = s.magic_set.card(card)
    raven_text = s.raven[p] and kind.raven_effect is not None
    effect = s.effect_for(p, card)
    s.magic[p].remove(card)
    discard_magic(s, card)
    ms = s.magic_set
    s.events.append(E.NmMagicPlayed(p, card, kind.key, target, raven_text, kind.name_en,
                                    kind.name_ru, ms.title_en, ms.title_ru, to=EVERYONE))
    restricted = s.raven[p] and not raven_text
    tasks: list[Task] = []
    for v in effect:
        if isinstance(v, Damage):
            if restricted:
                continue
            if v.target == Target.CHOSEN:
                who = [target] if target >= 0 else []
            elif v.target == Target.SELF:
                who = [p]
            else:
                who = [o for o in s.tie_order() if v.target == Target.ALL or o != p]
            tasks += [Task("damage", p, o, v.amount, cause="magic") for o in who]
        elif isinstance(v, Heal):
            if not restricted:
                tasks.append(Task("heal", p, amount=v.amount))
        elif isinstance(v, GainVp):
            if not restricted:
                tasks.append(Task("vp", p, amount=v.amount, reason=f"magic {kind.key}"))
        elif isinstance(v, StealVp):
            if not restricted and target >= 0:
                tasks.append(Task("steal", p, target, v.amount))
        elif isinstance(v, Draw):
            tasks.append(Task("draw", p, amount=v.count, deck=v.deck.value))
        elif isinstance(v, Shield):
            tasks.append(Task("shield", p, amount=v.amount))
        elif isinstance(v, DiscardSuit):
            tasks.append(Task("discard_suit", p, suit=v.suit))
        elif isinstance(v, PassHands):
            tasks.append(Task("pass_hands", p))
    tasks.append(Task("check", p))
    front(s, tasks)


def t_shield(s: NevermoreState, t: Task) -> None:
    s.shield[t.seat] += t.amount
    s.events.append(E.NmShielded(t.seat, t.amount, to=EVERYONE))


def t_steal(s: NevermoreState, t: Task) -> None:
    got = min(s.vp[t.target], t.amount)
    s.vp[t.target] -= got
    s.vp[t.seat] += got
    s.events.append(E.NmVpStolen(t.seat, t.target, got, to=EVERYONE))


def t_discard_suit(s: NevermoreState, t: Task) -> None:
    """Every player discards the named suit from hand (``next``: the step about to resolve)."""
    if t.suit == "next":
        suit = s.current_suit() if s.window.startswith("gap") else None
        if suit is None:
            return
    else:
        suit = Suit(t.suit)
    out = []
    for p in range(s.players):
        cards = sorted(c for c in s.hands[p] if suit_of(c) == suit)
        for c in cards:
            s.hands[p].remove(c)
        s.discard.extend(cards)
        out.append(tuple(cards))
    s.events.append(E.NmSuitDiscarded(suit.value, tuple(out), to=EVERYONE))


def t_pass_hands(s: NevermoreState, t: Task) -> None:
    """Every player passes all main cards in hand to the left."""
    n = s.players
    old = [list(h) for h in s.hands]
    for p in range(n):
        to = (p + 1) % n
        s.hands[to] = sorted(old[p])
        s.passed[p].append(sorted(old[p]))
        s.received[to].append(sorted(old[p]))
        s.events.append(E.NmHandsPassed(p, to, tuple(sorted(old[p])), to=E.only(p, to)))


def t_check(s: NevermoreState, t: Task) -> None:
    """Victory (Победа в игре): the last human; a peck removing every human; 6 VP as a human
    (most VP, then most health; a full tie plays on)."""
    humans = s.humans()
    if len(humans) == 1:
        win(s, humans[0], "the last player in human form")
        return
    if not humans:
        if t.cause == "peck" and t.seat >= 0:
            s.raven[t.seat] = False
            win(s, t.seat, "a peck removed every remaining human")
        return
    rich = [p for p in humans if s.vp[p] >= WIN_VP]
    if not rich:
        return
    best = max((s.vp[p], s.health[p]) for p in rich)
    top = [p for p in rich if (s.vp[p], s.health[p]) == best]
    if len(top) == 1:
        win(s, top[0], f"{s.vp[top[0]]} VP in human form")


def win(s: NevermoreState, p: int, reason: str) -> None:
    s.winner = p
    s.win_reason = reason
    s.events.append(E.NmWon(p, reason, to=EVERYONE))


