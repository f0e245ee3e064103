"""Terminal renderers, one per game where one is written, the generic one otherwise."""

from __future__ import annotations

from koloda.cli.i18n import Lang
from koloda.cli.render.base import Renderer
from koloda.engine import GameSpec


def renderer_for(spec: GameSpec, lang: Lang) -> Renderer:
    """The best renderer for ``spec``'s game."""
    if spec.name == "duel":
        from koloda.cli.render.duel import DuelRenderer

        return DuelRenderer(spec, lang)
    if spec.name == "nevermore":
        from koloda.cli.render.nevermore import NevermoreRenderer

        return NevermoreRenderer(spec, lang)
    if spec.name == "gwent":
        from koloda.cli.render.gwent import GwentRenderer

        return GwentRenderer(spec, lang)
    return Renderer(spec, lang)


__all__ = ["Renderer", "renderer_for"]
