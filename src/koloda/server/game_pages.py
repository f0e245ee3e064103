"""A game's page renderer, served from where its spec says (``GameSpec.page``).

The table page draws a seat's view with the game's renderer, a JavaScript module that exports
``render(ctx)``: it imports ``/games/<name>/page.js``, and where that answers 404 (a game that
declares none) it draws the game with the generic renderer. The module is a file of an
importable package, so a game installed as one package brings its own page with it.
"""

from __future__ import annotations

from importlib.resources import files
from importlib.resources.abc import Traversable

from fastapi import FastAPI
from fastapi.responses import Response

from koloda.engine import GameSpec, get_spec
from koloda.engine.errors import UnknownGame
from koloda.server.errors import ClientError


def page_file(spec: GameSpec) -> Traversable | None:
    """The file of ``spec``'s page renderer, None when the game declares none (or is not
    played at the lobby's tables); raises ValueError when it names no file of a package."""
    if spec.page is None or not spec.lobby:
        return None
    package, colon, path = spec.page.partition(":")
    where = f"game {spec.name!r}: its page {spec.page!r}"
    if not colon or not package or not path.endswith(".js"):
        raise ValueError(f"{where} is not 'package:path/file.js'")
    try:
        found = files(package).joinpath(*path.split("/"))
    except ModuleNotFoundError:
        raise ValueError(f"{where} names a package that is not installed") from None
    if not found.is_file():
        raise ValueError(f"{where} is not a file of its package")
    return found


def add_game_page_routes(app: FastAPI) -> None:
    """``GET /games/{name}/page.js``: the game's renderer (404 when it has none)."""

    @app.get("/games/{name}/page.js", include_in_schema=False)
    async def game_page(name: str) -> Response:
        try:
            spec = get_spec(name)
        except UnknownGame:
            raise ClientError("not_found", "there is no such game") from None
        found = page_file(spec)
        if found is None:
            raise ClientError("not_found", "this game has no page of its own: the generic one "
                              "draws it")
        return Response(found.read_bytes(), media_type="text/javascript",
                        headers={"Cache-Control": "no-cache"})
