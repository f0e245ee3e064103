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


def test_gwent_plays_carry_a_damage_preview(client: TestClient) -> None:
    from koloda.engine import load_game

    t = new_table(client, game="gwent", players=2, seed=3,
                  seats=[{"kind": "human"}, {"kind": "human"}])
    tokens = [s["token"] for s in t["seats"]]
    views = [client.get(f"/api/tables/{t['table']}/view?lang=ru", headers=auth(tok)).json()
             for tok in tokens]
    seat = next(i for i, v in enumerate(views) if v["legal"])
    v = views[seat]
    plays = [a for a in v["actions"] if a["kind"] == "play"]
    assert plays and all("preview" in a["fields"] for a in plays)
    # a new attack leaves the card's whole value against the opponent
    g = load_game("gwent", players=2)
    state = g.new(seed=3)
    for a in plays:
        p = a["fields"]["preview"]
        assert p["against"] == "them" and p["damage"] > 0, a
        copy = state.clone()
        copy.apply(seat, g.parse_action(a["text"]))
        stacks = copy.observe(seat)["exchange"]["stacks"]
        assert any(s["damage"] == p["damage"] for s in stacks)


def test_the_log_names_the_seats_as_the_seat_bar_does(client: TestClient) -> None:
    t = new_table(client, game="nevermore", players=3, seed=2,
                  seats=[{"kind": "human", "name": n} for n in ("Аня", "Борис", "Вера")])
    v = client.get(f"/api/tables/{t['table']}/view?lang=ru",
                   headers=auth(t["seats"][0]["token"])).json()
    text = " ".join(e["text"] for e in v["log"])
    assert "Игрок 1" not in text and "Игроку 1" not in text
    assert "Аня" in text


def test_default_seat_names_are_not_doubled_after_a_noun() -> None:
    from koloda.server.room import name_seats

    names = ["Игрок 1", "Борис"]
    assert name_seats("Игрок 2 бьёт игрока 1", names) == "Борис бьёт игрока 1"
    passed = name_seats("Игрок 1 передаёт руку игроку 2", names)
    assert passed == "Игрок 1 передаёт руку игроку Борис"
