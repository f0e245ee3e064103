"""The table's words in the reader's language: the end of a game (``result.text``, from the
game's ``Result.words`` or its older summary, players named as the table names them) and the
refusals (the server's own reason, in the asking client's language)."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from koloda.engine import Result, Term, say
from tests.server.conftest import auth, new_table


def _duel_to_the_end(client: TestClient) -> tuple[str, str]:
    t = new_table(client, game="duel", players=2, seed=3, seats=[
        {"kind": "human", "name": "Аня"}, {"kind": "human", "name": "Борис"}])
    tid = t["table"]
    tokens = [s["token"] for s in t["seats"]]
    for _ in range(400):
        moved = False
        for tok in tokens:
            v = client.get(f"/api/tables/{tid}/view", headers=auth(tok)).json()
            if v["finished"]:
                return tid, tokens[0]
            if v["legal"]:
                r = client.post(f"/api/tables/{tid}/act", headers=auth(tok),
                                json={"action": v["legal"][0], "version": v["version"]})
                assert r.status_code == 200, r.text
                moved = True
        assert moved
    raise AssertionError("the duel did not end")


def test_the_result_is_said_in_the_views_language_with_the_tables_names(
    client: TestClient,
) -> None:
    tid, a = _duel_to_the_end(client)
    ru = client.get(f"/api/tables/{tid}/view?lang=ru", headers=auth(a)).json()["result"]
    en = client.get(f"/api/tables/{tid}/view?lang=en", headers=auth(a)).json()["result"]
    assert ru["text"] and en["text"] and ru["text"] != en["text"]
    assert "Player" not in en["text"] and "Игрок" not in ru["text"]
    # the stored form is unchanged (scores, ranks, winners, the two older summaries)
    assert {"scores", "ranks", "winners", "summary", "summary_ru"} <= set(ru)


def test_result_words_come_from_the_catalogue_with_seats_by_name(
    client: TestClient, monkeypatch: pytest.MonkeyPatch,
) -> None:
    tid, a = _duel_to_the_end(client)
    other, b = _duel_to_the_end(client)
    from koloda.games.duel.state import DuelState

    plain = DuelState.result

    def result(self: DuelState) -> Result | None:
        found = plain(self)
        if found is None:
            return None
        return Result(scores=found.scores, summary=found.summary, summary_ru="",
                      words=say("duel.test_winner", "{who} wins by {points}",
                                who=Term("seat", "1", "Player 2"), points=2.5))

    monkeypatch.setattr(DuelState, "result", result)
    from koloda import i18n

    # the catalogue has no such key: the Russian page has no text (rather than English)…
    assert client.get(f"/api/tables/{other}/view?lang=ru",
                      headers=auth(b)).json()["result"]["text"] is None
    # …and once it has, the words in Russian, the seat by its name, the number with a comma
    real = i18n.t

    def t(context: str, english: str, lang: str, **values: object) -> str:
        if context == "summary.duel.test_winner" and lang == "ru":
            return "{who} побеждает, {points}".format(**values)
        return real(context, english, lang, **values)

    monkeypatch.setattr(i18n, "t", t)
    ru = client.get(f"/api/tables/{tid}/view?lang=ru", headers=auth(a)).json()["result"]
    assert ru["text"] == "Борис побеждает, 2,5"


def test_a_refusal_is_said_in_the_asking_clients_language(client: TestClient) -> None:
    tid, a = _duel_to_the_end(client)
    v = client.get(f"/api/tables/{tid}/view", headers=auth(a)).json()
    for lang, expected in (("ru", "игра окончена"), ("en", "the game is over")):
        r = client.post(f"/api/tables/{tid}/act", headers=auth(a),
                        json={"action": "offer-end", "version": v["version"], "lang": lang})
        assert r.status_code == 422 and r.json()["code"] == "illegal_action"
        assert expected in r.json()["message"], r.json()


def test_the_lobby_gets_each_bot_with_named_parameters(client: TestClient) -> None:
    games = {g["name"]: g for g in client.get("/api/games?lang=ru").json()}
    duel = games["duel"]
    kinds = {k["kind"]: k for k in duel["bot_kinds"]}
    assert {"random", "heuristic", "ismcts"} <= set(kinds)
    budget = next(p for p in kinds["ismcts"]["parameters"] if p["name"] == "budget")
    assert budget["ru"] and budget["en"] and budget["default"]
    choices = {c["spec"]: c for c in duel["bot_choices"]}
    modelled = choices["bot:ismcts:budget=1s:opponents=heuristic"]
    assert modelled["kind"] == "ismcts"
    assert modelled["params"] == {"budget": "1s", "opponents": "heuristic"}
    assert choices["bot:heuristic"]["params"] == {}
    assert len(duel["bot_choices"]) == len(duel["bots"])  # the same bots, the older spelling
    # the named spelling and the older one make the same bot; the table names it for the page
    for spec in ("bot:ismcts:budget=1s:opponents=heuristic", "bot:ismcts:1s:::heuristic"):
        t = new_table(client, game="duel", players=2, seats=[
            {"kind": "human"}, {"kind": "bot", "bot": spec}])
        seat = t["info"]["seats"][1]
        assert seat["bot_kind"] == "ismcts"
        assert seat["bot_params"] == {"budget": "1s", "opponents": "heuristic"}
    r = client.post("/api/tables", json={"game": "duel", "seats": [
        {"kind": "human"}, {"kind": "bot", "bot": "bot:ismcts:speed=9"}]})
    assert r.status_code == 400 and "speed" in r.json()["message"]
