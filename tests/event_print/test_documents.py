"""The printed documents (koloda.event_print) as PDF and HTML: page counts, serials and QR codes
on the faces only, identical backs, each login on its own envelope only, QR codes decoding back
to the expected links, the roster's holdings."""

from __future__ import annotations

import math
import re

import pytest

from koloda.event_print import html, pdf
from koloda.event_print.content import badges, card_sheets, envelopes, printable_cards
from tests.event_print.conftest import BASE, WIFI, decoded_qrs, page_texts, pdf_pages, source
from tests.server.event.conftest import ANNA, BORIS, DECKS, MASTER, NPC

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def _serials(desk) -> list[str]:
    return list(desk.state.cards)


def test_card_sheets_faces_then_identical_backs_serials_and_codes_on_faces_only(event):
    _eid, _, _, desk = event
    src = source(desk)
    data = pdf.render("cards", src)
    n_cards = sum(len(v) for v in DECKS.values())
    sheets = math.ceil(n_cards / 9)
    pages = pdf_pages(data)
    assert len(pages) == 2 * sheets  # each sheet of faces followed by its backs
    texts = page_texts(data)
    qrs = decoded_qrs(data)
    serials = _serials(desk)
    faces, backs = texts[0::2], texts[1::2]
    printed = [s for t in faces for s in serials if s in t]
    assert sorted(printed) == sorted(serials)  # every serial once, on a face
    for i, t in enumerate(faces):
        on_page = {s for s in serials if s in t}
        assert qrs[2 * i] == on_page  # each face's small QR code reads back its serial
        assert "наносит тяжёлые раны" in t or not any(
            desk.state.catalogue[desk.state.cards[s].key].deadly for s in on_page)
    for i, t in enumerate(backs):
        assert not any(s in t for s in serials)
        assert not re.search(r"[А-ЯЁ]-\d{4}", t)
        assert qrs[2 * i + 1] == set()  # no code of any kind on a back
        assert not list(pages[2 * i + 1].images)
        assert t == backs[0]  # every back page the same
    content = [pages[2 * i + 1].get_contents().get_data() for i in range(sheets)]
    assert len(set(content)) == 1  # byte for byte: nothing tells one back from another


def test_card_faces_carry_name_type_strength_need_and_the_deadly_mark(event):
    _, _, _, desk = event
    src = source(desk)
    faces = {f.serial: f for s in card_sheets(src) for f in s.faces}
    stab = next(f for f in faces.values() if f.name == "Удар кинжалом")
    assert (stab.kind, stab.strength, stab.requires, stab.deadly) == (
        "Атака", "сила 2", "нужно холодное оружие", "наносит тяжёлые раны")
    item = next(f for f in faces.values() if f.name == "Кинжал")
    assert (item.kind, item.strength, item.deadly) == ("Предмет: холодное оружие", "", "")
    en = {f.name: f for s in card_sheets(source(desk, lang="en")) for f in s.faces}
    assert en["Dagger stab"].deadly == "inflicts grave wounds"


def test_cards_grouped_by_holder_and_a_reprint_prints_only_its_serials(event):
    _, _, _, desk = event
    src = source(desk)
    owners = [c.owner for c in printable_cards(src)]
    assert owners == sorted(owners)
    one = _serials(desk)[3]
    again = source(desk, serials=frozenset({one}))
    data = pdf.render("cards", again)
    texts = page_texts(data)
    assert len(texts) == 2 and one in texts[0]
    assert [f.serial for s in card_sheets(again) for f in s.faces] == [one]


def test_a_reprinted_card_prints_with_its_new_serial_and_the_old_one_never(event):
    _, _, _, desk = event
    old = _serials(desk)[0]
    desk.submit(MASTER, f'reprint {old} "порвана"')
    new = _serials(desk)[-1]
    assert str(desk.state.cards[old].pile) == "retired"
    src = source(desk)
    faces = [f.serial for s in card_sheets(src) for f in s.faces]
    assert old not in faces and new in faces
    assert [f.serial for s in card_sheets(source(desk, serials=frozenset({new})))
            for f in s.faces] == [new]


def test_html_card_sheets_backs_identical_without_serial_or_code(event):
    _, _, _, desk = event
    text = html.render("cards", source(desk))
    sections = re.findall(r'<section class="sheet (\w+)">(.*?)</section>', text, re.S)
    kinds = [k for k, _ in sections]
    assert kinds == ["faces", "backs"] * (len(kinds) // 2)
    backs = [body for k, body in sections if k == "backs"]
    assert len(set(backs)) == 1
    serials = _serials(desk)
    assert not any(s in backs[0] for s in serials) and "segno" not in backs[0]
    faces = "".join(body for k, body in sections if k == "faces")
    assert all(faces.count(f">{s}<") == 1 for s in serials)
    assert "@page { size: A4; margin: 0; }" in text and "<script" not in text


def test_envelopes_one_per_person_each_login_on_its_own_sheet_only(event):
    eid, logins, badges_by, desk = event
    src = source(desk)
    data = pdf.render("envelopes", src)
    people = list(desk.state.enrolled())
    texts = page_texts(data)
    qrs = decoded_qrs(data)
    assert len(texts) == len(people)
    site = f"{BASE}/e/{eid}"
    for p, text, codes in zip(people, texts, qrs, strict=True):
        assert p.name in text
        assert codes == {f"{site}#login={logins[p.id]}", f"{site}#badge={badges_by[p.id]}",
                         site, WIFI.qr_data()}
        for other, token in logins.items():
            assert token not in text  # a login is never printed as text
            if other != p.id:
                assert f"{site}#login={token}" not in codes
        mine = [c.serial for c in desk.state.cards.values() if c.owner == p.id]
        assert all(s in text for s in mine)
        assert "Для победы в дуэли нужно выиграть 2 раунда." in text
    assert qrs[0] and WIFI.qr_data().startswith("WIFI:T:WPA;S:Бал-WiFi;P:secret-12")


def test_envelope_rule_variants_follow_the_options(db):
    from koloda.server.event.desk import Desk
    from koloda.server.event.store import EventStore
    from tests.server.conftest import db_url
    from tests.server.event.conftest import make_event

    eid, _, _ = make_event(db, options={"rounds_to_win": 3, "swap_required": True,
                                        "rest_minutes": 10, "near_death_loss": 0})
    desk = Desk(EventStore(db_url(db)), eid)
    rules = envelopes(source(desk))[0].rules
    assert "Для победы в дуэли нужно выиграть 3 раунда." in rules
    assert "Победитель обязан обменяться картой, если в обеих руках были карты." in rules
    assert any("не меньше 10 мин" in r for r in rules)
    assert "Выживший после тяжёлого ранения карт не теряет." in rules
    en = envelopes(source(desk, lang="en"))[0].rules
    assert en[0] == "A duel is won with 3 rounds."


def test_badges_public_codes_for_all_but_masters(event):
    eid, logins, badges_by, desk = event
    src = source(desk)
    items = badges(src)
    assert badges_by[MASTER] not in {b.code for b in items}
    data = pdf.render("badges", src)
    (codes,) = decoded_qrs(data)
    expected = {f"{BASE}/e/{eid}#badge={badges_by[p.id]}" for p in desk.state.enrolled()
                if str(p.role) != "master"}
    assert codes == expected
    assert not any(t in codes for t in logins.values())


def test_join_poster_wifi_and_site_codes_and_the_fingerprint(event):
    eid, _, _, desk = event
    data = pdf.render("join", source(desk, fingerprint="AB:CD:EF"))
    (text,) = page_texts(data)
    (codes,) = decoded_qrs(data)
    assert codes == {WIFI.qr_data(), f"{BASE}/e/{eid}"}
    assert "Оставаться на связи" in text and "AB:CD:EF" in text
    http = source(desk, fingerprint="AB:CD:EF")
    http = type(http)(**{**http.__dict__, "base_url": "http://10.0.0.1:8000"})
    (text,) = page_texts(pdf.render("join", http))
    assert "AB:CD:EF" not in text and "сертификат" not in text


def test_posters_rooms_and_hospital(event):
    _, _, _, desk = event
    data = pdf.render("posters", source(desk, rooms=("Комната 1", "Комната 2")))
    texts = [" ".join(t.split()) for t in page_texts(data)]
    assert len(texts) == 3
    assert "Комната 1" in texts[0] and "не меньше 5 мин" in texts[0]
    assert "Госпиталь" in texts[2] and "через 15 мин" in texts[2]
    by_team = pdf_pages(pdf.render("posters", source(desk)))
    assert len(by_team) == 3  # Гвардия, Мушкетёры, the hospital


def test_roster_every_holding_and_no_login(event):
    _eid, logins, badges_by, desk = event
    desk.submit_many([(ANNA, f"discard {next(iter(_anna(desk)))}")])
    data = pdf.render("roster", source(desk))
    text = " ".join(page_texts(data))
    flat = " ".join(text.split())
    for c in desk.state.cards.values():
        assert c.serial in flat
    for p in desk.state.enrolled():
        assert p.name in flat and badges_by[p.id] in flat
    assert not any(t in flat for t in logins.values())
    assert "Сброс" in flat and "операций: 1" in flat
    h = html.render("roster", source(desk))
    assert "size: A4 landscape" in h and all(c in h for c in desk.state.cards)


def test_roster_counts_only_when_the_masters_do_not_see_piles(db):
    from koloda.server.event.desk import Desk
    from koloda.server.event.store import EventStore
    from tests.server.conftest import db_url
    from tests.server.event.conftest import make_event

    eid, _, _ = make_event(db, options={"masters_see_piles": False})
    desk = Desk(EventStore(db_url(db)), eid)
    text = " ".join(" ".join(page_texts(pdf.render("roster", source(desk)))).split())
    assert not any(c.serial in text for c in desk.state.cards.values() if c.owner == ANNA)
    assert "карт: 6" in text  # Анна's deck


def _anna(desk):
    return [c.serial for c in desk.state.cards.values() if c.owner == ANNA]


@pytest.mark.parametrize("doc", ["cards", "envelopes", "badges", "posters", "join", "roster",
                                 "report"])
def test_russian_documents_have_no_english_words(event, doc):
    eid, _, _, desk = event
    text = " ".join(page_texts(pdf.render(doc, source(desk))))
    for raw in (f"{BASE}/e/{eid}", BASE, eid, WIFI.password, WIFI.ssid):
        text = text.replace(raw, " ")
    text = re.sub(r"https?://\S*", " ", text)
    words = {w for w in re.findall(r"\b[A-Za-z]{3,}\b", text) if w not in f"{BASE}/e/{eid}"}
    assert words <= {"Wi", "Fi", "WiFi", "Android", "https", "SHA"}, words


def test_who_limits_envelopes_badges_and_cards(event):
    _, _, _, desk = event
    src = source(desk, who=frozenset({BORIS, NPC}))
    assert [e.name for e in envelopes(src)] == ["Трактирщик Зоя", "Борис"]
    owners = {c.owner for c in printable_cards(src)}
    assert owners == {BORIS, NPC}


class _Clock:
    def __init__(self, ms: int) -> None:
        self.ms = ms

    def now_ms(self) -> int:
        return self.ms


def test_end_of_event_report_duels_deaths_and_the_masters_cards(db):
    from koloda.server.event.desk import Desk
    from koloda.server.event.store import EventStore
    from tests.server.conftest import db_url
    from tests.server.event.conftest import T0, make_event

    eid, _, _ = make_event(db)
    clock = _Clock(T0 + 60_000)
    desk = Desk(EventStore(db_url(db)), eid, clock=clock)
    empty = " ".join(" ".join(page_texts(pdf.render("report", source(desk)))).split())
    assert "Дуэлей не было." in empty and "Никто не погиб." in empty
    stab = next(c.serial for c in desk.state.cards.values()
                if c.owner == ANNA and c.key == "dagger_stab")
    desk.submit(ANNA, f"paper {BORIS} attack winner={ANNA} killed={BORIS} swap=- "
                f"discard={stab}")
    clock.ms += 60_000
    desk.submit(BORIS, "confirm d1")
    clock.ms += 16 * 60_000  # no doctor: the grave wound ends in death
    assert desk.fire_due() >= 1
    text = " ".join(" ".join(page_texts(pdf.render("report", source(desk)))).split())
    assert "Итоги игры: Бал" in text
    assert "Дуэлей: 1 (по согласию: 0, нападений: 1; записано с бумаги: 1)" in text
    assert "тяжёлых ран: 1" in text and "погибли: 1" in text
    assert "нападение, на бумаге" in text and "Анна — Борис" in text and "№ 1" in text
    words = {w for w in re.findall(r"\b[A-Za-z]{3,}\b", text) if w not in eid}
    assert words == set(), words
    assert "Погибшие" in text and "Никто не погиб." not in text
    h = html.render("report", source(desk, lang="en"))
    assert "End-of-event report" in h and "attack, on paper" in h


def test_long_names_and_teams_still_lay_out(db):
    import time

    from koloda.server.event import bridge
    from koloda.server.event.desk import Desk
    from koloda.server.event.logins import new_logins
    from koloda.server.event.store import EventRow, EventStore
    from tests.server.conftest import db_url
    from tests.server.event.conftest import T0

    people = [{"name": "Мастер", "role": "master"},
              {"name": "Александра Константиновна Преображенская", "role": "participant",
               "team": "Лейб-гвардии Преображенский полк, третья рота, второй взвод"}]
    players, setup = bridge.roster_setup(people, spare=0, now=T0)
    setup["decks"] = {"1": ["spinning_strike", "full_guard", "sand_in_eyes", "riposte",
                            "rapier"]}
    row = EventRow(id="ev-long", title="Бал в Петергофе: осень 1762 года, второй день",
                   game="event", players=players, options={}, setup=setup, seed=1, lang="ru",
                   created_at=time.time(), version=0, logins=new_logins(range(2)))
    store = EventStore(db_url(db))
    store.create(row)
    desk = Desk(store, row.id)
    src = source(desk)
    for doc in ("cards", "envelopes", "badges", "posters", "join", "roster", "report"):
        texts = " ".join(" ".join(page_texts(pdf.render(doc, src))).split())
        assert "Преображенская" in texts or doc in ("cards", "posters", "join", "report")
