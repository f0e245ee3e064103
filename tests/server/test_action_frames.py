"""The server's views carry each legal action in the seat's language, with its fields."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.server.conftest import auth, new_table


def test_the_frames_carry_the_actions_in_the_seats_language(client: TestClient) -> None:
    t = new_table(client, game="duel", seats=[{"kind": "human", "name": "Аня"},
                                              {"kind": "human", "name": "Борис"}])
    for lang in ("ru", "en"):
        v = client.get(f"/api/tables/{t['table']}/view?lang={lang}",
                       headers=auth(t["seats"][0]["token"])).json()
        assert [a["text"] for a in v["actions"]] == v["legal"] and v["legal"]
        hand = next(a for a in v["actions"] if a["fields"].get("cards"))
        assert hand["label"].startswith("Взять в руку" if lang == "ru" else "Take into")
    spectator = client.get(f"/api/tables/{t['table']}/view").json()
    assert spectator["actions"] == [] and spectator["legal"] == []
