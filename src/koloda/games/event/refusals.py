"""Refusals in words, in English and Russian, naming the rule (E#, ED#, the seed's S#).

>>> w = Why("E8", "cards in the discard cannot be used", "карты в сбросе нельзя использовать")
>>> w.text(), w.text("ru")
('cards in the discard cannot be used (E8)', 'карты в сбросе нельзя использовать (E8)')
"""

from __future__ import annotations

from dataclasses import dataclass

from koloda.engine import IllegalAction


@dataclass(frozen=True)
class Why:
    """Why an operation is refused: the rule's code and the reason in both languages."""

    rule: str
    en: str
    ru: str

    def text(self, lang: str = "en") -> str:
        return f"{self.ru if lang == 'ru' else self.en} ({self.rule})"


class EventRefusal(IllegalAction):
    """An operation the event's rules refuse; ``reason`` is English, ``reason_ru`` Russian,
    ``rule`` the rule's code. The state is unchanged."""

    def __init__(self, why: Why, *, seat: int | None = None, action: object = None) -> None:
        super().__init__(why.text("en"), seat=seat, action=action)
        self.why = why
        self.rule = why.rule
        self.reason_ru = why.text("ru")

    def text(self, lang: str = "en") -> str:
        return self.why.text(lang)
