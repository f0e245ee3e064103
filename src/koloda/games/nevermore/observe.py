"""What one seat may see, built by inclusion.

The view is a JSON object: the envelope every game's view has (:class:`koloda.engine.view.View`:
``game``, ``seat``, ``phase``, ``to_act``, ``decided``) and Nevermore's own keys::

    {
      "game": "nevermore", "seat": 0,            # null for a spectator
      "phase": "pass" | "commit" | "magic" | "attack" | "peck" | "react" | "over",
      "to_act": [0, 2],                          # seats that still have to decide
      "decided": [1, 3],                         # seats that decided (their choice stays hidden)
      "stage": "pass",                           # the same as "phase" (its older name)
      "players": 4, "round": 2, "dealer": 1, "direction": "left" | "right",
      "pass_no": 2,                              # 1..3 during the draft, else 0
      "pass_size": 2,                            # cards to pass now (0 outside the draft)
      "window": "gap1",                          # the open magic window, "" if none
      "tokens": ["attack", null, null, null],    # resolution tokens, null while face down
      "step": "attack",                          # the suit step being resolved, or null
      "revealed": ["attack"],                    # suits revealed this round (even if discarded)
      "attack_amount": 3,                        # the Attack leader's damage (attack stage)
      "max_health": 5, "tie_order": [2, 3, 0, 1],
      "deck": 35, "discard": [4, 17],            # main deck: cards left (count), discards (face up)
      "players_info": [                          # one per seat, public facts
        {"health": 5, "vp": 0, "form": "human" | "raven", "shield": 0,
         "hand": 5, "light": 0, "shadow": 1,     # cards held (counts only)
         "table": [{"id": 3, "suit": "attack", "face_down": false}, ...],
         "count": 2}                             # the last step's count after cancellation
      ],
      "you": {                                   # absent for a spectator
        "hand": [{"id": 3, "suit": "attack"}, ...],
        "magic": [{"id": 205, "key": "black_feather", "deck": "shadow", "name_en": "...",
                   "name_ru": "...", "timing": "anytime", "text_en": "...", "text_ru": "...",
                   "set": "koloda", "set_en": "Koloda's own magic set (not the publisher's
                   cards)", "set_ru": "Набор магии Колоды (не карты издателя)"}],
        "passed": [[3, 7, 12], [20, 21]],        # what you passed, pass by pass (to your neighbour)
        "received": [[30, 31, 45]],              # what you received, pass by pass
        "final_hand": [...],                     # your final drafted hand, once the draft is over
        "choice": "pass 3 7 12" | null           # your hidden decision in this step
      },
      "magic_set": {"name": "koloda", "title_en": "Koloda's own magic set ...", ...},
      "winner": null | 2, "result": null | "seat 2 wins (...)"
    }
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from koloda.engine import simultaneous
from koloda.engine.view import View
from koloda.games.nevermore.cards import suit_of
from koloda.games.nevermore.flow import direction_name
from koloda.games.nevermore.model import PASS_SIZES, Stage

if TYPE_CHECKING:
    from koloda.games.nevermore.state import NevermoreState


def magic_view(s: NevermoreState, card: int) -> dict[str, Any]:
    k = s.magic_set.card(card)
    ms = s.magic_set
    return {"id": card, "key": k.key, "deck": k.deck.value, "name_en": k.name_en,
            "name_ru": k.name_ru, "timing": k.timing, "text_en": k.text_en,
            "text_ru": k.text_ru, "set": ms.name, "set_en": ms.title_en, "set_ru": ms.title_ru}


def observe(s: NevermoreState, seat: int | None) -> dict[str, Any]:
    ms = s.magic_set
    face_up_tokens = s.round == 1
    players = []
    for p in range(s.players):
        down = set(s.face_down[p])
        light = sum(1 for m in s.magic[p] if m < 200)
        players.append({
            "health": s.health[p], "vp": s.vp[p], "form": "raven" if s.raven[p] else "human",
            "shield": s.shield[p], "hand": len(s.hands[p]), "light": light,
            "shadow": len(s.magic[p]) - light,
            "table": [{"id": c, "suit": suit_of(c).value, "face_down": c in down}
                      for c in s.table[p]],
            "count": s.counts[p] if s.counts else 0,
        })
    stage = s.stage.value
    # the envelope; ``stage`` (read by the pages, bots and encoders) is its ``phase`` under
    # the older name
    head: View = {"game": "nevermore", "seat": seat, "phase": stage, "to_act": list(s.to_act),
                  "decided": simultaneous.decided_seats(s.choices)}
    view: dict[str, Any] = {
        **head,
        "players": s.players, "round": s.round,
        "dealer": s.dealer, "direction": direction_name(s.direction), "stage": stage,
        "pass_no": s.pass_no if s.stage == Stage.PASS else 0,
        "pass_size": (0 if s.stage != Stage.PASS else PASS_SIZES[s.pass_no - 1] if seat is None
                      else s.pass_size(seat)),
        "window": s.window if s.stage == Stage.MAGIC else "",
        "tokens": [t if face_up_tokens or i < s.flipped else None
                   for i, t in enumerate(s.tokens)],
        "step": (s.tokens[s.step] if 0 <= s.step < 4 else ("skulking" if s.step == 4 else None)),
        "revealed": list(s.revealed),
        "attack_amount": s.amount if s.stage == Stage.ATTACK else 0,
        "max_health": s.max_health, "tie_order": s.tie_order(),
        "deck": len(s.deck), "discard": sorted(s.discard),
        "players_info": players,
        "magic_set": ms.describe(),
        "winner": s.winner if s.winner >= 0 else None,
        "result": r.summary if (r := s.result()) else None,
    }
    if seat is not None:
        view["you"] = {
            "hand": [{"id": c, "suit": suit_of(c).value} for c in s.hands[seat]],
            "magic": [magic_view(s, m) for m in s.magic[seat]],
            "passed": [list(x) for x in s.passed[seat]],
            "received": [list(x) for x in s.received[seat]],
            "final_hand": list(s.final_hands[seat]),
            "choice": s.choices.get(seat),
        }
    return view
