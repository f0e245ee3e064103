"""Plain data of an exchange («гейм») in progress: the two sides, their action points, the
stacks on the table and the state of the action being laid."""

from __future__ import annotations

from dataclasses import dataclass, field

from koloda.games.gwent.table import Stack

ATT = 0
DEF = 1


@dataclass(slots=True)
class Reversal:
    """A spy's turn of the opponent's open cards («разворот»), undone by «Казнь» on the spy."""

    seat: int
    spy: str
    side: int
    stacks: list[int] = field(default_factory=list)
    undone: bool = False


@dataclass(slots=True)
class Exchange:
    """An exchange between ``attacker`` (side 0) and ``defender`` (side 1).

    ``ap`` are the action points left («очки действия»); ``turn`` is the side to act. While an
    action is being laid (``acting``), ``units`` counts the cards (a bonded group is one) laid
    in it, up to ``max_units``; ``pending`` holds the rest of a group that must be laid with
    the card just laid («ОБЯЗАНЫ быть выложены ВМЕСТЕ»), each counting ``group_mult``.
    """

    attacker: int
    defender: int
    number: int
    ap: list[int] = field(default_factory=lambda: [2, 2])
    turn: int = ATT
    opened: bool = False
    stacks: list[Stack] = field(default_factory=list)
    next_id: int = 1
    acting: bool = False
    units: int = 0
    leads: int = 0
    limit: int = 1
    max_units: int = 1
    pending: list[str] = field(default_factory=list)
    group_mult: int = 1
    decoy_used: bool = False
    named: list[str] = field(default_factory=lambda: ["", ""])
    bard: list[int] = field(default_factory=list)
    reversals: list[Reversal] = field(default_factory=list)
    zero: bool = False
    window_mark: str = ""

    def seat(self, side: int) -> int:
        return self.attacker if side == ATT else self.defender

    def side_of(self, seat: int) -> int:
        """The side of ``seat`` (-1 for a watcher)."""
        if seat == self.attacker:
            return ATT
        if seat == self.defender:
            return DEF
        return -1

    def stack(self, stack_id: int) -> Stack | None:
        for s in self.stacks:
            if s.id == stack_id:
                return s
        return None

    def pressing(self, side: int) -> list[Stack]:
        """The stacks whose open card presses on ``side``."""
        return [s for s in self.stacks if s.presses_on(side)]

    def copy(self) -> Exchange:
        return Exchange(
            self.attacker, self.defender, self.number, list(self.ap), self.turn, self.opened,
            [s.copy() for s in self.stacks], self.next_id, self.acting, self.units, self.leads,
            self.limit, self.max_units, list(self.pending), self.group_mult, self.decoy_used,
            list(self.named), list(self.bard),
            [Reversal(r.seat, r.spy, r.side, list(r.stacks), r.undone) for r in self.reversals],
            self.zero, self.window_mark,
        )
