"""Each game's page renderer comes from its spec (``GameSpec.page``): the server serves the
file the spec names at ``/games/<name>/page.js``; a game without one is drawn by the generic
renderer (404 here). The toy game brought as one package (``tests/newgame``) brings its own:
``tests/engine/test_new_game.py`` and ``tests/e2e/test_new_game_page.py``."""

from __future__ import annotations

import dataclasses
from importlib.resources import files

import pytest
from fastapi.testclient import TestClient

from koloda.engine import game_specs, get_spec
from koloda.server.game_pages import page_file


@pytest.mark.parametrize("name", ["duel", "nevermore", "gwent"])
def test_a_builtin_game_page_is_the_file_its_spec_names(client: TestClient, name: str) -> None:
    r = client.get(f"/games/{name}/page.js")
    assert r.status_code == 200
    assert r.headers["content-type"].startswith("text/javascript")
    assert "script-src 'self'" in r.headers["content-security-policy"]
    expected = files("koloda.server").joinpath("static", "render", f"{name}.js").read_bytes()
    assert r.content == expected
    assert get_spec(name).page == f"koloda.server:static/render/{name}.js"


@pytest.mark.parametrize("name", ["toy", "event", "nosuch", "..%2Fapp"])
def test_a_game_without_a_page_of_its_own_answers_404(client: TestClient, name: str) -> None:
    r = client.get(f"/games/{name}/page.js")
    assert r.status_code == 404 and r.json()["code"] == "not_found"


def test_every_registered_game_names_a_page_that_exists_or_none() -> None:
    for spec in game_specs():
        found = page_file(spec)
        assert (found is None) == (spec.page is None or not spec.lobby), spec.name


@pytest.mark.parametrize("page, words", [
    ("static/render/duel.js", "is not 'package:path/file.js'"),
    ("koloda.server:static/render/duel.css", "is not 'package:path/file.js'"),
    ("koloda_nowhere:page.js", "names a package that is not installed"),
    ("koloda.server:static/render/nosuch.js", "is not a file of its package"),
])
def test_a_page_that_names_no_file_is_a_clear_error(page: str, words: str) -> None:
    spec = dataclasses.replace(get_spec("duel"), page=page)
    with pytest.raises(ValueError, match=words):
        page_file(spec)
