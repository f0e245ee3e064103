"""An event day in the browser: phones (360×740, touch, Russian), the masters' desk on a
laptop, the doctor's and the NPC's phones, a witness at the board. Duels are opened on the
existing duel page from the phones and then played through the HTTP API (the duel page's own
tests play it by hand); everything else is done by tapping the event's pages. The server's
clock and the pages' clocks move together (``Site.advance``), so 15-minute wounds take
seconds."""

from __future__ import annotations

import io
import json
import os
import re
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import expect

from tests.e2e.conftest import ARTIFACTS
from tests.e2e.event.conftest import Site
from tests.e2e.test_phone_ru import TOO_WIDE, VISIBLE_TEXT
from tests.server.event.conftest import (
    ANNA,
    BORIS,
    DINA,
    DOCTOR,
    GLEB,
    MASTER,
    NPC,
    VERA,
    play_duel,
)

Page = Any
MINUTE = 60_000
#: Latin words a Russian page may show: the project's name, the language switch, file kinds.
ALLOWED = {"Koloda", "ENG", "CSV", "JSON", "PDF"}


#: the elements that reach past ``width`` CSS pixels (the screen), visible ones only
WIDER_THAN = """(width) => [...document.querySelectorAll('body *')]
  .filter((e) => e.getClientRects().length && e.getBoundingClientRect().right > width + 0.5)
  .map((e) => `${e.tagName}.${e.className}: ${(e.textContent || '').slice(0, 40)}`)"""

#: ``KOLODA_EVENT_SCREENSHOTS=docs/img/event`` makes the tests write the guide's pictures
#: (``docs/event.md``): what the screen shows at that step, in CSS pixels.
SHOTS = os.environ.get("KOLODA_EVENT_SCREENSHOTS", "")


def russian_and_narrow(page: Page, where: str, *, narrow: bool = True,
                       shot: str | None = None, at: str | None = None) -> None:
    """``page`` shows no English and nothing wider than its screen; ``shot``: the guide's
    picture of the screen (scrolled to ``at``) when :data:`SHOTS` names a folder."""
    if shot and SHOTS:
        if at:
            page.locator(at).first.evaluate("(el) => el.scrollIntoView({block: 'start'})")
        else:
            page.evaluate("window.scrollTo(0, 0)")
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        from PIL import Image

        path = Path(SHOTS) / f"{shot}.png"
        page.screenshot(path=path, scale="css", animations="disabled")
        # a palette of 64 colours keeps the pictures small (text and flat colours only)
        Image.open(path).convert("RGB").quantize(colors=64).save(path, optimize=True)
        page.evaluate("window.scrollTo(0, 0)")
    page.evaluate("document.querySelectorAll('details').forEach((d) => { d.open = true; })")
    text = page.evaluate(VISIBLE_TEXT)
    english = set(re.findall(r"[A-Za-z][A-Za-z_']{2,}", text)) - ALLOWED
    assert not english, (where, sorted(english))
    if narrow:
        assert page.evaluate(TOO_WIDE) == [], where
        # a phone may widen its layout to fit what overflows: measure against the screen
        width = page.viewport_size["width"]
        wide = page.evaluate(WIDER_THAN, width)
        assert wide == [], (where, wide)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=ARTIFACTS / f"event-{where.replace(' ', '-')}.png", full_page=True)
    page.evaluate("document.querySelectorAll('details').forEach((d) => { d.open = false; })")


def ready(page: Page) -> None:
    page.wait_for_function("document.body.dataset.version !== undefined "
                           "&& document.body.dataset.online === '1'")


def status(page: Page, code: str) -> None:
    page.wait_for_function("([c]) => document.body.dataset.status === c", arg=[code])


def find(page: Page, badge: str, name: str) -> None:
    page.fill("#badge", badge)
    page.click("#find")
    expect(page.locator("#who")).to_contain_text(name)


def pick(page: Page, n: int, pile: str = "deck") -> list[str]:
    """Tap the first ``n`` cards of ``pile``; their serials."""
    serials = []
    for i in range(n):
        card = page.locator(f"#{pile} button.card").nth(i)
        serials.append(str(card.get_attribute("data-serial")))
        card.click()
        expect(page.locator(f"#{pile} button.card").nth(i)).to_have_attribute("aria-pressed",
                                                                              "true")
    return serials


def said(page: Page, text: str) -> None:
    expect(page.locator("#msg")).to_contain_text(text)


def refused(page: Page) -> str:
    expect(page.locator("#msg.bad")).not_to_be_empty()
    return str(page.text_content("#msg"))


def decode_qr(locator: Any) -> str:
    """The text of the QR code the page shows in ``locator`` (its screenshot, read by
    zxing-cpp)."""
    import zxingcpp
    from PIL import Image

    locator.scroll_into_view_if_needed()
    found = zxingcpp.read_barcodes(Image.open(io.BytesIO(locator.screenshot())))
    assert len(found) == 1, found
    return str(found[0].text)


def count(page: Page, pile: str) -> int:
    return int(page.evaluate(f"document.body.dataset.{pile}"))


def view(site: Site, who: int) -> dict[str, Any]:
    r = httpx.get(f"{site.url}/api/events/{site.eid}/view",
                  headers={"Authorization": f"Bearer {site.tokens[who]}"})
    me: dict[str, Any] = r.json()["observation"]["me"]
    return me


def witness(site: Site, duel: str) -> str:
    """The witnesses' link of a phone duel: its table's public page."""
    link: str = httpx.get(f"{site.url}/api/events/{site.eid}/duels/{duel}").json()["witness"]
    return link


def test_check_in_and_a_consent_duel_by_typed_code(site: Site) -> None:
    desk = site.open(MASTER, path="/desk", phone=False)
    vera, gleb, dina = site.open(VERA), site.open(GLEB), site.open(DINA)
    for p in (desk, vera, gleb, dina):
        ready(p)
    # check-in of a late arrival: the desk enrols Ефим and issues his deck; a grant to Дина
    # during the game shows on her phone at once
    desk.select_option("#enroll-role", "participant")
    desk.fill("#enroll-name", "Ефим")
    desk.fill("#enroll-team", "Гвардия")
    desk.click("#do-enroll")
    said(desk, "Записан")
    expect(desk.locator("tr[data-person='8']")).to_contain_text("Ефим")
    desk.select_option("#issue-to", "8")
    desk.fill("#issue-keys", "punch kick block trip dodge")
    desk.click("#do-issue")
    said(desk, "Выдано")
    expect(desk.locator("tr[data-person='8'] .total")).to_have_text("5 / 5")
    assert count(dina, "deck") == 3
    desk.select_option("#issue-to", str(DINA))
    desk.fill("#issue-keys", "trip")
    desk.click("#do-grant")
    said(desk, "Выдано")
    dina.wait_for_function("Number(document.body.dataset.deck) "
                           "+ Number(document.body.dataset.discard) === 4")
    expect(desk.locator(f"tr[data-person='{DINA}'] .total")).to_have_text("4 / 4")
    # Вера challenges Глеб by typing his badge; he accepts on his phone
    find(vera, site.badges[GLEB], "Глеб")
    vera.click("#do-challenge")
    said(vera, "Вызов отправлен")
    expect(gleb.locator("[data-challenge]")).to_contain_text("Вера вызывает вас на дуэль")
    russian_and_narrow(gleb, "the challenged phone")
    gleb.click("[data-challenge] button.accept")
    status(gleb, "duel")
    status(vera, "duel")
    expect(vera.locator("#duel")).to_contain_text("Дуэль № 1")
    assert decode_qr(vera.locator("#duel img.qr")) == site.url + witness(site, "d1")
    russian_and_narrow(vera, "a duellist's phone", shot="phone-duel")
    # the duel is the existing duel page, bound to Вера's seat
    vera.click("#open-duel")
    vera.wait_for_url(re.compile(re.escape(witness(site, "d1")) + "#seat="))
    vera.wait_for_function("document.body.dataset.version")
    russian_and_narrow(vera, "the duel page")  # in the event page's language
    with httpx.Client(base_url=site.url, timeout=10) as c:
        play_duel(c, site.eid, "d1", {VERA: site.tokens[VERA], GLEB: site.tokens[GLEB]},
                  winner=VERA, kill=False)
    status(gleb, "alive")
    expect(desk.locator("#duels")).to_contain_text("Вера — Глеб")
    # the duel page links back to the person's page
    expect(vera.locator("#back")).to_have_text("← Моя страница игры")
    vera.click("#back")
    vera.wait_for_url(f"{site.url}/e/{site.eid}")
    ready(vera)
    status(vera, "alive")
    piles = view(site, VERA)
    assert count(vera, "discard") == len(piles["discard"])
    assert count(vera, "deck") == len(piles["deck"])
    expect(desk.locator(f"tr[data-person='{VERA}'] .phone")).to_have_text("открыта")
    expect(desk.locator(f"tr[data-person='{BORIS}'] .phone")).to_have_text("—")
    # printing from the desk: the paper roster as a PDF, the badges as a page to print
    with desk.expect_download(timeout=60_000) as dl:  # a PDF takes seconds on a busy CI
        desk.click("[data-print='roster'] [data-format='pdf']")
    assert Path(dl.value.path()).read_bytes().startswith(b"%PDF")
    with desk.context.expect_page() as tab:
        desk.click("[data-print='badges'] [data-format='html']")
    tab.value.wait_for_url(re.compile("^blob:"))
    expect(tab.value.locator("body")).to_contain_text("Глеб")
    tab.value.close()
    russian_and_narrow(desk, "the desk", narrow=False)
    desk.set_viewport_size({"width": 360, "height": 740})
    russian_and_narrow(desk, "the desk on a phone", shot="desk-phone")
    russian_and_narrow(dina, "a phone")
    # Дина scans Глеб's badge with her camera: her page opens with him found
    gleb.click("#my-badge summary")
    link = decode_qr(gleb.locator("#my-badge img.qr"))
    assert link == f"{site.url}/e/{site.eid}#badge={site.badges[GLEB]}"
    scanned = dina.context.new_page()
    scanned.goto(link)
    expect(scanned.locator("#who")).to_contain_text("Глеб")
    assert "login=" not in scanned.url and "badge=" not in scanned.url


def test_an_attack_with_a_kill_the_hospital_and_the_card_received_at_the_desk(
        site: Site) -> None:
    desk = site.open(MASTER, path="/desk", phone=False)
    anna, boris, vera = site.open(ANNA), site.open(BORIS), site.open(VERA)
    doctor = site.open(DOCTOR)
    for p in (desk, anna, boris, vera, doctor):
        ready(p)
    # Анна attacks Борис by his badge: no decline, both locked at once
    find(anna, site.badges[BORIS], "Борис")
    anna.click("#do-attack")
    said(anna, "Нападение объявлено")
    status(boris, "attacked")
    expect(boris.locator("#status")).to_have_text("под нападением")
    assert boris.locator("[data-challenge] button.quiet").count() == 0  # nothing to decline
    # Вера cannot exchange with someone under attack: the refusal in words, nothing changes
    pick(vera, 1)
    find(vera, site.badges[BORIS], "Борис")
    vera.click("#do-offer")
    reason = refused(vera)
    assert re.search(r"[а-я]", reason) and not re.search(r"[A-Za-z]{3,}", reason), reason
    assert view(site, VERA)["exchanges"] == []
    # the duel ends with a kill: Борис is gravely wounded for 15 minutes from its end
    with httpx.Client(base_url=site.url, timeout=10) as c:
        play_duel(c, site.eid, "d1", {ANNA: site.tokens[ANNA], BORIS: site.tokens[BORIS]},
                  winner=ANNA, kill=True)
    status(boris, "wounded")
    expect(desk.locator("tr[data-duel='d1'] .hands")).to_contain_text("Анна: ")
    until = view(site, BORIS)["wound_until"]
    assert 0 < until - (site.now + 15 * MINUTE) < 100  # the duel's end, stamped by the server
    expect(boris.locator("#status")).to_contain_text("тяжело ранен — осталось 15:00")
    expect(boris.locator("#status")).to_contain_text("до 13:15")  # 10:15 UTC, in Moscow
    russian_and_narrow(boris, "the wounded phone", shot="phone-wounded")
    site.advance(10 * MINUTE)
    expect(boris.locator("#status")).to_contain_text("осталось 05:00")
    expect(doctor.locator(f"[data-patient='{BORIS}']")).to_contain_text("осталось 05:00")
    # the doctor admits him by his badge at 10:00, then records him saved
    find(doctor, site.badges[BORIS], "Борис")
    doctor.click("#do-admit")
    said(doctor, "Принят")
    status(boris, "admitted")
    # the doctor's note on the patient: the doctors and the masters read it, he does not
    doctor.click("#do-note")
    said(doctor, "Сначала напишите заметку")
    doctor.fill("#note-text", "перевязка; плата — 2 рубля")
    doctor.click("#do-note")
    said(doctor, "Заметка записана")
    expect(doctor.locator(f"#patients [data-notes='{BORIS}']")).to_contain_text(
        "перевязка; плата — 2 рубля")
    expect(doctor.locator("#note-text")).to_have_value("")
    expect(desk.locator(f"#notes [data-note='{BORIS}']")).to_contain_text(
        "Борис · 13:10, Доктор Дарья — перевязка; плата — 2 рубля")
    russian_and_narrow(doctor, "the doctor's phone", shot="phone-doctor",
                      at="#patients")
    assert "перевязка" not in boris.content() and "перевязка" not in vera.content()
    doctor.click("#do-saved")
    said(doctor, "Готово")
    status(boris, "alive")
    # the survivor chooses the card he gives up; the desk sees it coming, then receives it
    expect(boris.locator("#debt")).to_contain_text("Вы выжили")
    gave = pick(boris, 1)[0]
    boris.click("#do-surrender")
    said(boris, "Отнесите карту в мастерятник")
    expect(desk.locator(f"[data-surrendered='{gave}']")).to_contain_text("Ещё не сдана")
    desk.click(f"[data-surrendered='{gave}'] button.received")
    said(desk, "Карта в мастерятнике")
    expect(desk.locator(f"[data-pool='{gave}']")).to_be_visible()
    # a slip of the keyboard and a card received twice: refused in words, nothing changes
    desk.fill("#received-serial", "Б137")
    desk.press("#received-serial", "Enter")
    said(desk, "Номер карты — заглавная русская буква")
    desk.fill("#received-serial", gave)
    desk.press("#received-serial", "Enter")
    again = refused(desk)
    assert re.search(r"[а-я]{3}", again) and not re.search(r"[A-Za-z]{3,}", again), again
    desk.fill("#search", gave)
    desk.press("#search", "Enter")
    expect(desk.locator("#found")).to_contain_text("у мастеров")
    boris.wait_for_function("document.body.dataset.deck === '4'")
    expect(desk.locator(f"tr[data-person='{BORIS}'] .total")).to_have_text("4 / 4")
    # the end of the day: the ledger and the backup, downloaded from the desk, hold it all
    with desk.expect_download(timeout=60_000) as dl:
        desk.click("[data-export='ledger.csv']")
    ledger = Path(dl.value.path()).read_text(encoding="utf-8")
    assert gave in ledger and "Борис" in ledger and "Анна" in ledger
    with desk.expect_download(timeout=60_000) as dl:
        desk.click("#do-backup")
    saved = json.loads(Path(dl.value.path()).read_text(encoding="utf-8"))
    assert saved["id"] == site.eid and any(gave in op for _, op in saved["ops"])
    # the board shows the kill declaration; a witness opens a duel by its number
    board = site.open(None, path="/board")
    ready(board)
    expect(board.locator("#kills")).to_contain_text("Анна наносит тяжёлую рану: Борис")
    russian_and_narrow(board, "the board", shot="board")
    board.fill("#duel-code", "1")
    board.click("#watch")
    board.wait_for_url(re.compile(re.escape(witness(site, "d1")) + "$"))
    board.wait_for_function("document.body.dataset.version")
    russian_and_narrow(board, "a witness", shot="phone-witness")


def test_a_rest_cancelled_by_an_attack_a_wound_across_a_sigkill_death_and_undo(
        site: Site) -> None:
    desk = site.open(MASTER, path="/desk", phone=False)
    anna, vera = site.open(ANNA), site.open(VERA)
    for p in (desk, anna, vera):
        ready(p)
    pick(vera, 2)
    vera.click("#do-discard")
    said(vera, "Сброшено")
    vera.wait_for_function("document.body.dataset.discard === '2'")
    vera.click("#rest-start")
    status(vera, "rest")
    expect(vera.locator("#status")).to_contain_text("отдыхает до 13:05")
    find(anna, site.badges[VERA], "Вера")
    anna.click("#do-attack")
    status(vera, "attacked")  # the rest is over: nothing came back
    assert count(vera, "discard") == 2
    with httpx.Client(base_url=site.url, timeout=10) as c:
        play_duel(c, site.eid, "d1", {ANNA: site.tokens[ANNA], VERA: site.tokens[VERA]},
                  winner=ANNA, kill=True)
    status(vera, "wounded")
    piles = (count(vera, "deck"), count(vera, "discard"))
    # the server dies: the pages say so and keep the last state with its time; the countdown
    # goes on from the server's clock as the page last knew it
    site.server.kill()
    for p in (vera, desk):
        p.wait_for_function("document.body.dataset.online === '0'")
    expect(vera.locator("#conn")).to_contain_text("нет связи — состояние на 13:00")
    expect(desk.locator("#conn")).to_contain_text("нет связи — состояние на 13:00")
    expect(vera.locator("#status")).to_contain_text("до 13:15")
    site.advance(MINUTE)
    expect(vera.locator("#status")).to_contain_text("тяжело ранен — осталось 14:00 · до 13:15")
    assert (count(vera, "deck"), count(vera, "discard")) == piles
    russian_and_narrow(vera, "an offline phone", shot="phone-offline")
    vera.click("#rest-start")  # nothing is queued while offline
    said(vera, "Нет связи: ничего не отправлено")
    site.restart()
    for p in (vera, desk):
        p.wait_for_function("document.body.dataset.online === '1'", timeout=20_000)
    expect(vera.locator("#conn")).to_have_text("на связи")
    expect(vera.locator("#status")).to_have_text("тяжело ранен — осталось 14:00 · до 13:15")
    assert (count(vera, "deck"), count(vera, "discard")) == piles
    # it dies again and stays down past the deadline: at its start it fires the wound's
    # timer, stamped with the deadline and marked late on the desk; no doctor came: death
    site.server.kill()
    vera.wait_for_function("document.body.dataset.online === '0'")
    site.advance(15 * MINUTE)
    site.restart()
    for p in (vera, desk):
        p.wait_for_function("document.body.dataset.online === '1'", timeout=20_000)
    status(vera, "dead")
    expect(desk.locator(f"tr[data-person='{VERA}'] .status")).to_have_text("мёртв")
    expect(desk.locator("#alerts li.bad", has_text="пока сервер не работал")).to_have_text(
        "Срок 13:15 истёк, пока сервер не работал")
    # a master undoes it, with a reason
    desk.fill("#reason", "врач не успел по вине мастеров")
    desk.click(f"[data-revive='{VERA}']")
    status(vera, "alive")
    expect(desk.locator("#alerts")).to_contain_text("Вера: снова в игре — врач не успел")


def test_an_exchange_an_npc_gift_and_take_and_a_paper_duel_confirmed(site: Site) -> None:
    vera, gleb, dina, npc = site.open(VERA), site.open(GLEB), site.open(DINA), site.open(NPC)
    desk = site.open(MASTER, path="/desk", phone=False)
    for p in (vera, gleb, dina, npc, desk):
        ready(p)
    # an equal exchange: one card for one, each lands in the receiver's discard
    gave = pick(vera, 1)
    find(vera, site.badges[GLEB], "Глеб")
    vera.click("#do-offer")
    said(vera, "Обмен предложен")
    expect(gleb.locator("[data-exchange]")).to_contain_text("Вера предлагает обмен: 1 карта")
    russian_and_narrow(gleb, "an exchange offered", shot="phone-exchange")
    took = pick(gleb, 1)
    gleb.click("[data-exchange] button.accept")
    said(gleb, "Ответ отправлен")
    expect(vera.locator("[data-exchange]")).to_contain_text("Подтвердить обмен?")
    vera.click("[data-exchange] button.accept")
    said(vera, "Обмен состоялся")
    assert view(site, VERA)["discard"] == took
    assert view(site, GLEB)["discard"] == gave
    # Вера shows Глеб her cards for 5 minutes; then he no longer sees them
    find(vera, site.badges[GLEB], "Глеб")
    vera.select_option("#show-minutes", "5")
    vera.click("#do-show")
    said(vera, "Показано")
    expect(gleb.locator("[data-shown]")).to_contain_text("Вера показывает вам карты до 13:05")
    expect(gleb.locator("[data-shown] li")).to_have_count(len(view(site, VERA)["deck"]) + 1)
    site.advance(5 * MINUTE + 1_000)
    expect(gleb.locator("[data-shown]")).to_have_count(0)
    # the NPC gives Дина a card beyond her limit, then takes one
    find(npc, site.badges[DINA], "Дина")
    pick(npc, 1)
    npc.click("#do-gift")
    said(npc, "Подарено")
    dina.wait_for_function("document.body.dataset.discard === '1'")
    expect(dina.locator(".limit")).to_have_text("Всего 4, лимит 4")
    russian_and_narrow(npc, "the NPC's phone")
    npc.click("#do-take")
    said(npc, "Забрано")
    expect(dina.locator(".limit")).to_have_text("Всего 3, лимит 3")
    # a duel fought on paper: Глеб records it, Дина confirms on her phone
    find(gleb, site.badges[DINA], "Дина")
    gleb.click("#paper summary")
    played = pick(gleb, 1)
    gleb.select_option("#paper-winner", str(GLEB))
    gleb.click("#do-paper")
    said(gleb, "Записано")
    expect(dina.locator("[data-record]")).to_contain_text("Дуэль на бумаге: Глеб и Дина")
    russian_and_narrow(dina, "a paper duel to confirm")
    expect(desk.locator("#alerts [data-paper]")).to_contain_text(
        "Дуэль на бумаге (Глеб — Дина) ждёт подтверждения")
    # before Дина confirms, Глеб offers the card he recorded as played to Вера: two open
    # reports place it differently, and the desk says so until one of them goes
    pick(gleb, 1)
    assert gleb.locator("#deck button.card.on").get_attribute("data-serial") == played[0]
    find(gleb, site.badges[VERA], "Вера")
    gleb.click("#do-offer")
    said(gleb, "Обмен предложен")
    expect(desk.locator(f"#alerts [data-clash='{played[0]}']")).to_contain_text(
        f"{played[0]}: карту называют две записи — дуэль на бумаге (Глеб — Дина); "
        "обмен (Глеб — Вера)")
    russian_and_narrow(desk, "the desk with a clash", narrow=False, shot="desk")
    gleb.click("[data-exchange] button.quiet")
    said(gleb, "Отозвано")
    expect(desk.locator("#alerts [data-clash]")).to_have_count(0)
    dina.click("[data-record] button.accept")
    said(dina, "Подтверждено")
    expect(desk.locator("#alerts [data-paper]")).to_have_count(0)
    gleb.wait_for_function("([s]) => !document.querySelector(`#deck [data-serial='${s}']`)",
                           arg=played)
    assert played[0] in view(site, GLEB)["discard"]
    # the English switch
    dina.click("button[data-lang='en']")
    expect(dina.locator("#status")).to_have_text("alive")
    expect(dina.locator(".limit")).to_have_text("In all 3, limit 3")


def test_an_npc_with_its_own_rules_rules_on_attacks_from_its_page(site: Site) -> None:
    desk = site.open(MASTER, path="/desk", phone=False)
    vera, gleb = site.open(VERA), site.open(GLEB)
    for p in (desk, vera, gleb):
        ready(p)
    # check-in of the ghost: an NPC with its own duel rules, with a stock of three cards
    desk.select_option("#enroll-role", "npc")
    desk.fill("#enroll-name", "Призрак")
    desk.check("#enroll-own")
    desk.click("#do-enroll")
    said(desk, "Записан")
    desk.select_option("#issue-to", "8")
    desk.fill("#issue-keys", "punch kick block")
    desk.click("#do-issue")
    said(desk, "Выдано")
    backup = httpx.get(f"{site.url}/api/events/{site.eid}/backup",
                       headers={"Authorization": f"Bearer {site.tokens[MASTER]}"}).json()
    login = next(lg for lg in backup["logins"] if lg["who"] == 8)
    site.tokens[8], site.badges[8] = login["token"], login["badge"]
    ghost = site.open(8)
    ready(ghost)
    # Вера attacks the ghost; its page rules: an automatic loss, a card taken, no swap
    find(vera, site.badges[8], "Призрак")
    vera.click("#do-attack")
    status(ghost, "attacked")
    expect(ghost.locator("#own-rules")).to_contain_text("У вас свои правила")
    russian_and_narrow(ghost, "the NPC with its own rules", shot="phone-npc",
                      at="#duel")
    assert vera.locator("#own-rules").count() == 0  # only the NPC rules
    ghost.click("#do-autoloss")
    said(ghost, "Автоматический проигрыш: карта забрана")
    status(vera, "alive")
    status(ghost, "alive")
    expect(vera.locator(".limit")).to_have_text("Всего 5, лимит 5")
    ghost.wait_for_function("document.body.dataset.discard === '1'")
    expect(desk.locator("#duels tr[data-duel='d1']")).to_contain_text("Вера — Призрак")
    expect(desk.locator("#duels tr[data-duel='d1']")).to_contain_text("Призрак")
    # Глеб attacks it too; this time it lets him go: no effect on anyone's cards
    find(gleb, site.badges[8], "Призрак")
    gleb.click("#do-attack")
    status(ghost, "attacked")
    ghost.click("#do-spare")
    said(ghost, "Отпущен: дуэль без последствий")
    status(gleb, "alive")
    expect(gleb.locator(".limit")).to_have_text("Всего 5, лимит 5")
    assert count(ghost, "deck") + count(ghost, "discard") == 4


def test_with_notes_to_patient_the_patient_reads_the_doctors_note_on_his_phone(
        notes_site: Site) -> None:
    site = notes_site
    vera, anna, doctor = site.open(VERA), site.open(ANNA), site.open(DOCTOR)
    for p in (vera, anna, doctor):
        ready(p)
    assert vera.locator("#my-notes").count() == 0
    find(doctor, site.badges[VERA], "Вера")
    doctor.fill("#note-text", "вывих плеча; плата — 1 рубль")
    doctor.click("#do-note")
    said(doctor, "Заметка записана")
    expect(vera.locator("#my-notes")).to_contain_text("Заметки врачей о вас")
    expect(vera.locator("#my-notes")).to_contain_text("вывих плеча; плата — 1 рубль")
    russian_and_narrow(vera, "the patient's notes", shot="phone-patient-notes", at="#my-notes")
    assert "вывих" not in anna.content() and anna.locator("#my-notes").count() == 0
