"""What each printed document shows, read from an event's state and logins, in words.

The renderers (:mod:`.html`, :mod:`.pdf`) lay these out and add nothing: every string a person
reads on paper is made here, in Russian or English.

QR codes (their *data* here; segno draws them):

- a card's face: its serial only (``Б-0137``), so a hand scanner at the masters' desk types it
  into the desk's search like a keyboard, and a phone's camera shows it as text; the face
  already shows it. The back carries no code at all.
- a badge: ``{site}/e/{event}#badge={code}``, public (it names someone, never acts as them);
- the envelope's login: ``{site}/e/{event}#login={token}`` (as ``koloda event logins``);
- the site: ``{site}/e/{event}``; the Wi-Fi: ``WIFI:T:WPA;S:…;P:…;;``.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from koloda.games.duel.cards import TYPE_NAMES, WEAPON_NAMES, CardInfo

#: The documents, by the name the command line and the HTTP route use.
DOCUMENTS = ("cards", "envelopes", "badges", "posters", "join", "roster", "report")

#: Cards per sheet (3 × 3 poker size, 63 × 88 mm) and badges per sheet (2 × 5, 85 × 54 mm).
CARDS_PER_SHEET = 9
BADGES_PER_SHEET = 10

_W: dict[str, tuple[str, str]] = {
    "participant": ("participant", "игрок"), "master": ("master", "мастер"),
    "doctor": ("doctor", "врач"), "npc": ("game-technical character", "игротехник"),
    "alive": ("alive", "жив"), "wounded": ("gravely wounded", "тяжело ранен"),
    "admitted": ("in the hospital", "в госпитале"), "expired": ("time ran out", "время вышло"),
    "dead": ("dead", "мёртв"),
    "deck": ("deck", "колода"), "discard": ("discard", "сброс"),
    "surrendered": ("surrendered, not yet received", "отдана, мастера ещё не получили"),
    "pool": ("masters' pool", "у мастеров"), "retired": ("retired", "выведена из игры"),
    "strength": ("strength {n}", "сила {n}"),
    "requires": ("needs a {w}", "нужно {w}"),
    "item": ("Item: {w}", "Предмет: {w}"),
    "deadly": ("inflicts grave wounds", "наносит тяжёлые раны"),
    "sheet_of": ("Sheet {i} of {n}", "Лист {i} из {n}"),
    "cards_of": ("cards of: {names}", "карты: {names}"),
    "pool_cards": ("not held by anyone", "ни у кого"),
    "envelope": ("Participant's envelope", "Конверт участника"),
    "badge_caption": ("Your badge: others challenge and attack you by it",
                      "Ваш значок: по нему вас вызывают на дуэль и нападают"),
    "wifi_caption": ("Join the Wi-Fi", "Подключиться к Wi-Fi"),
    "wifi_line": ("Wi-Fi «{ssid}», password: {password}", "Wi-Fi «{ssid}», пароль: {password}"),
    "wifi_open": ("Wi-Fi «{ssid}», no password", "Wi-Fi «{ssid}», без пароля"),
    "site_caption": ("The event's site", "Сайт игры"),
    "rules": ("The rules of this event", "Правила этой игры"),
    "fold": ("Fold the strip below up along this line, face to the sheet: your cards and your "
             "private login stay inside",
             "Загните полосу ниже вверх по этой линии, лицом к листу: ваши карты и личный вход "
             "окажутся внутри"),
    "your_cards": ("Your cards ({n})", "Ваши карты ({n})"),
    "no_cards": ("No cards issued yet.", "Карты ещё не выданы."),
    "login": ("Private login: show it to no one", "Личный вход: никому не показывайте"),
    "login_note": ("Whoever scans this code acts in your name. Scan it with your own phone's "
                   "camera once; the page remembers you.",
                   "Кто отсканирует этот код, действует от вашего имени. Отсканируйте его один "
                   "раз камерой своего телефона: страница вас запомнит."),
    "badge_title": ("Badge", "Значок"),
    "room": ("Place of rest", "Место отдыха"),
    "room_lines": ("Rest here for at least {rest} min; during the rest you do not duel. {end}",
                   "Отдыхайте здесь не меньше {rest} мин; во время отдыха вы не участвуете в "
                   "дуэлях. {end}"),
    "rest_rule": ("Rest in your room or in the hospital for at least {rest} min. {end}",
                  "Отдыхать можно в своей комнате или в госпитале, не меньше {rest} мин. {end}"),
    "rest_end_manual": ("Then end the rest yourself: every card of your discard goes back to "
                        "your deck.",
                        "Потом завершите отдых сами: все карты из сброса вернутся в колоду."),
    "rest_end_auto": ("Then the rest ends by itself: every card of your discard goes back to "
                      "your deck.",
                      "Потом отдых завершится сам: все карты из сброса вернутся в колоду."),
    "rest_start": ("Start the rest on your page (or at the masters' desk) when you arrive.",
                   "Начните отдых на своей странице (или у мастеров), когда пришли."),
    "hospital": ("Hospital", "Госпиталь"),
    "hospital_lines": (
        "A gravely wounded person must not move or speak and dies in {wound} min unless a "
        "doctor admits them here.",
        "Тяжело раненый не двигается и не говорит; он умрёт через {wound} мин, если врач не "
        "примет его здесь."),
    "hospital_rest": ("A rest in the hospital only with a doctor present and with their "
                      "consent, at least {rest} min.",
                      "Отдых в госпитале — только при враче и с его согласия, не меньше "
                      "{rest} мин."),
    "hospital_outcome": ("In the hospital {who} decides whether the patient is saved.",
                         "В госпитале решает {who}, спасён ли пациент."),
    "join": ("Join the event", "Подключитесь к игре"),
    "join_steps": (
        "1. Scan the Wi-Fi code with the phone's camera and join the network.|"
        "2. Android may say the network has no internet: choose «Stay connected».|"
        "3. Scan the site code. The first time, the browser warns about the certificate: "
        "compare its fingerprint with the one below, then accept it.|"
        "4. Then scan the private login in your envelope.",
        "1. Отсканируйте код Wi-Fi камерой телефона и подключитесь к сети.|"
        "2. Android может сказать, что у сети нет доступа к интернету: выберите «Оставаться "
        "на связи».|"
        "3. Отсканируйте код сайта. В первый раз браузер предупредит о сертификате: сверьте "
        "его отпечаток с напечатанным ниже и примите его.|"
        "4. Потом отсканируйте личный вход из своего конверта."),
    "join_steps_http": (
        "1. Scan the Wi-Fi code with the phone's camera and join the network.|"
        "2. Android may say the network has no internet: choose «Stay connected».|"
        "3. Scan the site code, then the private login in your envelope.",
        "1. Отсканируйте код Wi-Fi камерой телефона и подключитесь к сети.|"
        "2. Android может сказать, что у сети нет доступа к интернету: выберите «Оставаться "
        "на связи».|"
        "3. Отсканируйте код сайта, потом личный вход из своего конверта."),
    "fingerprint": ("Certificate fingerprint (SHA-256):", "Отпечаток сертификата (SHA-256):"),
    "roster": ("Roster of holdings", "Ведомость карт"),
    "roster_at": ("as of {at}, after {version} operations", "на {at}, операций: {version}"),
    "roster_note": ("For when the laptop fails. Names only: no logins.",
                    "На случай, если ноутбук откажет. Только имена: без входов."),
    "col_name": ("Name", "Имя"), "col_team": ("Team", "Команда"), "col_badge": ("Badge", "Значок"),
    "col_state": ("State", "Состояние"), "col_limit": ("Limit", "Лимит"),
    "col_deck": ("Deck", "Колода"), "col_discard": ("Discard", "Сброс"),
    "col_serial": ("Serial", "Номер"), "col_card": ("Card", "Карта"),
    "col_where": ("Where", "Где"), "col_from": ("From", "От кого"),
    "other_cards": ("Cards held by no one", "Карты, которые ни у кого не на руках"),
    "yes": ("yes", "да"), "no": ("no", "нет"),
    "report": ("End-of-event report", "Итоги игры"),
    "summary": ("People: {people}; dead: {dead}. Duels: {duels} (by consent: {consent}, "
                "attacks: {attacks}; recorded from paper: {paper}); grave wounds: {kills}. "
                "Cards given to the masters: {pool}.",
                "Участников: {people}; погибли: {dead}. Дуэлей: {duels} (по согласию: "
                "{consent}, нападений: {attacks}; записано с бумаги: {paper}); тяжёлых ран: "
                "{kills}. Карт отдано мастерам: {pool}."),
    "duels": ("Duels", "Дуэли"), "deaths": ("Deaths", "Погибшие"),
    "no_duels": ("No duel was fought.", "Дуэлей не было."),
    "no_deaths": ("Nobody died.", "Никто не погиб."),
    "col_duel": ("Duel", "Дуэль"), "col_kind": ("Kind", "Вид"), "col_time": ("Time", "Время"),
    "col_sides": ("Sides", "Стороны"), "col_winner": ("Winner", "Победитель"),
    "col_killed": ("Grave wound", "Тяжело ранен"), "col_swap": ("Swap", "Обмен картой"),
    "col_cause": ("Wounded in", "Ранен в дуэли"),
    "consent": ("by consent", "по согласию"), "attack": ("attack", "нападение"),
    "on_paper": ("on paper", "на бумаге"), "on_phones": ("on phones", "на телефонах"),
    "draw": ("—", "—"),
    "n_cards": ("cards: {n}", "карт: {n}"),
    "duel_no": ("No. {n}", "№ {n}"),
    "duel": ("duel", "дуэль"), "fistfight": ("fistfight", "кулачный бой"),
    "brawl": ("brawl", "драка"),
    "by_doctor": ("the doctor", "врач"), "by_master": ("a master", "мастер"),
    "by_chance": ("chance ({p} %)", "случай ({p} %)"),
}

_MONTHS_RU = ("января", "февраля", "марта", "апреля", "мая", "июня", "июля", "августа",
              "сентября", "октября", "ноября", "декабря")


def words(key: str, lang: str, **values: Any) -> str:
    """The text ``key`` in ``lang`` (``"ru"`` or ``"en"``), filled with ``values``.

    >>> words("strength", "ru", n=3), words("strength", "en", n=3)
    ('сила 3', 'strength 3')
    """
    en, ru = _W[key]
    return (ru if lang == "ru" else en).format(**values)


def plural_ru(n: int, one: str, few: str, many: str) -> str:
    """The Russian noun form after the number ``n``.

    >>> [plural_ru(n, "раунд", "раунда", "раундов") for n in (1, 2, 5, 11, 21, 22)]
    ['раунд', 'раунда', 'раундов', 'раундов', 'раунд', 'раунда']
    """
    if n % 10 == 1 and n % 100 != 11:
        return one
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return few
    return many


def when(ms: int, lang: str) -> str:
    """A moment in the laptop's local time, as a person reads it.

    >>> import os; os.environ["TZ"] = "UTC"; import time; time.tzset()
    >>> when(1_772_359_200_000, "ru"), when(1_772_359_200_000, "en")
    ('1 марта 2026, 10:00', '1 March 2026, 10:00')
    """
    t = _dt.datetime.fromtimestamp(ms / 1000)
    if lang == "ru":
        return f"{t.day} {_MONTHS_RU[t.month - 1]} {t.year}, {t:%H:%M}"
    return f"{t.day} {t:%B %Y, %H:%M}"


@dataclass(frozen=True)
class Wifi:
    """The Wi-Fi network the phones join (printed as a ``WIFI:`` QR code)."""

    ssid: str
    password: str = ""
    security: str = "WPA"  # WPA (also WPA2/WPA3 personal), WEP or nopass
    hidden: bool = False

    def qr_data(self) -> str:
        """The ``WIFI:`` text phones' cameras understand.

        >>> Wifi("Бал", "p;ss").qr_data()
        'WIFI:T:WPA;S:Бал;P:p\\\\;ss;;'
        """
        from koloda.extras import require

        helpers = require("segno.helpers", extra="print", what="making QR codes")

        open_net = self.security == "nopass" or not self.password
        data: str = helpers.make_wifi_data(
            ssid=self.ssid, password=None if open_net else self.password,
            security=None if open_net else self.security, hidden=self.hidden)
        return data


@dataclass(frozen=True)
class Login:
    who: int
    token: str
    badge: str


@dataclass(frozen=True)
class PrintSource:
    """Everything a document is printed from: the event's id, title and state, its logins,
    the address the phones reach the server at, the Wi-Fi, the certificate's fingerprint."""

    event_id: str
    title: str
    state: Any  # koloda.games.event.state.EventState
    logins: tuple[Login, ...]
    base_url: str
    lang: str = "ru"
    wifi: Wifi | None = None
    fingerprint: str = ""  # the HTTPS certificate's SHA-256 (empty: plain HTTP or unknown)
    at_ms: int = 0  # the time the roster is printed at (0: the last operation's)
    who: frozenset[int] | None = None  # only these participants (None: everyone)
    serials: frozenset[str] | None = None  # card sheets: only these serials (a reprint)
    rooms: tuple[str, ...] = ()  # posters: the rest rooms (empty: one per team)
    version: int = 0  # operations stored so far (printed on the roster)

    @classmethod
    def build(cls, event_id: str, title: str, state: Any, logins: Iterable[Any],
              base_url: str, **kw: Any) -> PrintSource:
        rows = tuple(Login(int(lg.who), str(lg.token), str(lg.badge)) for lg in logins)
        return cls(event_id=event_id, title=title, state=state, logins=rows,
                   base_url=base_url.rstrip("/"), **kw)

    @property
    def site_url(self) -> str:
        return f"{self.base_url}/e/{self.event_id}"

    def login_url(self, token: str) -> str:
        return f"{self.site_url}#login={token}"

    def badge_url(self, code: str) -> str:
        return f"{self.site_url}#badge={code}"

    def w(self, key: str, **values: Any) -> str:
        return words(key, self.lang, **values)

    def people(self) -> list[Any]:
        """The enrolled people chosen (``who``), in id order."""
        return [p for p in self.state.enrolled() if self.who is None or p.id in self.who]

    def login_of(self, who: int) -> Login | None:
        for lg in self.logins:
            if lg.who == who:
                return lg
        return None


# --- cards ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class CardFace:
    serial: str
    name: str
    kind: str  # «Атака», «Уловка», «Защита» or «Предмет: холодное оружие»
    strength: str  # «сила 3» ("" for an item)
    requires: str  # «нужно холодное оружие» ("" when none)
    deadly: str  # «наносит тяжёлые раны» ("" when not)
    qr: str  # the QR code's data: the serial


@dataclass(frozen=True)
class CardSheet:
    faces: tuple[CardFace, ...]
    label: str  # on the sheet's margin, cut away: whose cards these are, sheet i of n


def card_face(src: PrintSource, serial: str, info: CardInfo) -> CardFace:
    ru = src.lang == "ru"
    name = info.name_ru if ru else info.name_en
    if info.item is not None:
        weapon = WEAPON_NAMES[info.item][0 if ru else 1]
        return CardFace(serial, name, src.w("item", w=weapon), "", "", "", serial)
    assert info.type is not None
    kind = TYPE_NAMES[info.type][0 if ru else 1]
    requires = "" if info.requires is None else \
        src.w("requires", w=WEAPON_NAMES[info.requires][0 if ru else 1])
    return CardFace(serial, name, kind[:1].upper() + kind[1:],
                    src.w("strength", n=info.strength), requires,
                    src.w("deadly") if info.deadly else "", serial)


def printable_cards(src: PrintSource) -> list[Any]:
    """The cards to print, grouped by holder (participant id order), each holder's in the
    order issued; cards retired by a reprint are not printed again."""
    cards = [c for c in src.state.cards.values() if str(c.pile) != "retired"]
    if src.serials is not None:
        cards = [c for c in cards if c.serial in src.serials]
    if src.who is not None:
        cards = [c for c in cards if c.owner in src.who]
    order = {serial: i for i, serial in enumerate(src.state.cards)}
    big = len(src.state.people) + 1
    cards.sort(key=lambda c: (big if c.owner is None else c.owner, order[c.serial]))
    return cards


def card_sheets(src: PrintSource) -> list[CardSheet]:
    cards = printable_cards(src)
    chunks = [cards[i:i + CARDS_PER_SHEET] for i in range(0, len(cards), CARDS_PER_SHEET)]
    sheets = []
    for i, chunk in enumerate(chunks, 1):
        owners: list[str] = []
        for c in chunk:
            p = None if c.owner is None else src.state.person(c.owner)
            name = src.w("pool_cards") if p is None else p.name
            if name not in owners:
                owners.append(name)
        label = (f"{src.title} · {src.w('sheet_of', i=i, n=len(chunks))} · "
                 f"{src.w('cards_of', names=', '.join(owners))}")
        faces = tuple(card_face(src, c.serial, src.state.catalogue[c.key]) for c in chunk)
        sheets.append(CardSheet(faces, label))
    return sheets


def card_back_text(src: PrintSource) -> str:
    """The one text every back carries (the same on every card): the event's title."""
    return src.title


# --- envelopes and badges --------------------------------------------------------------------


@dataclass(frozen=True)
class Envelope:
    name: str
    role: str
    team: str
    badge: str
    badge_qr: str
    login_qr: str
    cards: tuple[tuple[str, str, str], ...]  # serial, name, what it is
    rules: tuple[str, ...]
    wifi_line: str
    wifi_qr: str
    site_qr: str


def _card_detail(face: CardFace) -> str:
    return ", ".join(x for x in (face.kind, face.strength, face.requires, face.deadly) if x)


def rules_in_words(src: PrintSource) -> tuple[str, ...]:
    """The event's chosen rule variants that a participant needs, in words."""
    o = src.state.options
    ru = src.lang == "ru"
    n = o.rounds_to_win
    out = [f"Для победы в дуэли нужно выиграть {n} {plural_ru(n, 'раунд', 'раунда', 'раундов')}."
           if ru else f"A duel is won with {n} round{'s' if n != 1 else ''}."]
    if o.hand_min_one:
        out.append("Каждый дуэлянт берёт в руку хотя бы одну карту, если может." if ru else
                   "Each duellist takes at least one card into the hand if possible.")
    elif o.defender_min_one:
        out.append("При нападении атакованный берёт в руку хотя бы одну карту, если может."
                   if ru else "In an attack the attacked takes at least one card if possible.")
    else:
        out.append("В руку можно взять от 0 до 5 карт." if ru else
                   "A hand holds 0 to 5 cards.")
    out.append(("Победитель обязан обменяться картой, если в обеих руках были карты."
                if o.swap_required else "Победитель может обменяться картой с проигравшим.")
               if ru else
               ("The winner must swap a card when both hands held one." if o.swap_required
                else "The winner may swap a card with the loser."))
    out.append(("Предмет-оружие открывается вместе с картой, которой он нужен."
                if o.item_shown == "reveal" else
                "Предмет-оружие сразу выкладывается на стол открытым.") if ru else
               ("A weapon item is turned over with the card that needs it."
                if o.item_shown == "reveal" else "A weapon item is laid face up at once."))
    end = "rest_end_auto" if o.rest_end == "auto" else "rest_end_manual"
    out.append(src.w("rest_rule", rest=o.rest_minutes, end=src.w(end)))
    out.append(("Нападение на отдыхающего прерывает отдых: карты не возвращаются."
                if o.attack_cancels_rest else "Нападение не прерывает отдых.") if ru else
               ("An attack on a resting person ends the rest: no cards come back."
                if o.attack_cancels_rest else "An attack does not end a rest."))
    out.append(src.w("hospital_lines", wound=o.wound_minutes))
    out.append(("На тяжело раненого можно напасть." if o.wounded_can_be_attacked else
                "На тяжело раненого нападать нельзя.") if ru else
               ("A gravely wounded person can be attacked." if o.wounded_can_be_attacked
                else "A gravely wounded person cannot be attacked."))
    if o.near_death_loss:
        where = ("из колоды или сброса" if o.loss_from == "any" else "только из колоды") if ru \
            else ("from the deck or the discard" if o.loss_from == "any" else "from the deck")
        out.append(f"Выживший после тяжёлого ранения отдаёт мастерам одну боевую карту {where}."
                   if ru else f"A survivor of a grave wound gives the masters one battle card "
                   f"{where}.")
    else:
        out.append("Выживший после тяжёлого ранения карт не теряет." if ru else
                   "A survivor of a grave wound loses no card.")
    return tuple(out)


def _wifi_line(src: PrintSource) -> str:
    if src.wifi is None:
        return ""
    if src.wifi.security == "nopass" or not src.wifi.password:
        return src.w("wifi_open", ssid=src.wifi.ssid)
    return src.w("wifi_line", ssid=src.wifi.ssid, password=src.wifi.password)


def envelopes(src: PrintSource) -> list[Envelope]:
    out = []
    rules = rules_in_words(src)
    wifi_qr = "" if src.wifi is None else src.wifi.qr_data()
    for p in src.people():
        login = src.login_of(p.id)
        if login is None:
            continue
        mine = [c for c in src.state.cards.values()
                if c.owner == p.id and str(c.pile) in ("deck", "discard")]
        cards = []
        for c in mine:
            face = card_face(src, c.serial, src.state.catalogue[c.key])
            cards.append((c.serial, face.name, _card_detail(face)))
        out.append(Envelope(
            name=p.name, role=src.w(str(p.role)), team=p.team, badge=login.badge,
            badge_qr=src.badge_url(login.badge), login_qr=src.login_url(login.token),
            cards=tuple(cards), rules=rules, wifi_line=_wifi_line(src), wifi_qr=wifi_qr,
            site_qr=src.site_url))
    return out


@dataclass(frozen=True)
class Badge:
    name: str
    role: str
    team: str
    code: str
    qr: str


def badges(src: PrintSource) -> list[Badge]:
    """Badges for everyone chosen but the masters (nobody challenges or attacks a master)."""
    out = []
    for p in src.people():
        login = src.login_of(p.id)
        if login is None or str(p.role) == "master":
            continue
        out.append(Badge(p.name, src.w(str(p.role)), p.team, login.badge,
                         src.badge_url(login.badge)))
    return out


# --- posters ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Poster:
    title: str
    subtitle: str
    lines: tuple[str, ...]
    qrs: tuple[tuple[str, str], ...]  # (caption, data)
    small: str = ""  # small print at the bottom (the certificate's fingerprint)


def posters(src: PrintSource) -> list[Poster]:
    """One rest-room poster per room (or per team) and the hospital's."""
    o = src.state.options
    end = "rest_end_auto" if o.rest_end == "auto" else "rest_end_manual"
    rooms = list(src.rooms)
    if not rooms:
        rooms = sorted({p.team for p in src.state.enrolled() if p.team})
    if not rooms:
        rooms = [""]
    site = (src.w("site_caption"), src.site_url)
    out = [Poster(src.w("room"), room, (src.w("room_lines", rest=o.rest_minutes, end=src.w(end)),
                                        src.w("rest_start")), (site,))
           for room in rooms]
    who = {"doctor": src.w("by_doctor"), "master": src.w("by_master"),
           "chance": src.w("by_chance", p=o.save_percent)}[o.outcome_by]
    out.append(Poster(src.w("hospital"), src.title,
                      (src.w("hospital_lines", wound=o.wound_minutes),
                       src.w("hospital_rest", rest=o.rest_minutes),
                       src.w("hospital_outcome", who=who)), (site,)))
    return out


def join_poster(src: PrintSource) -> Poster:
    https = src.base_url.startswith("https://")
    steps = tuple(src.w("join_steps" if https else "join_steps_http").split("|"))
    qrs: list[tuple[str, str]] = []
    if src.wifi is not None:
        qrs.append((_wifi_line(src), src.wifi.qr_data()))
    qrs.append((f"{src.w('site_caption')}: {src.site_url}", src.site_url))
    small = f"{src.w('fingerprint')} {src.fingerprint}" if https and src.fingerprint else ""
    return Poster(src.w("join"), src.title, steps, tuple(qrs), small)


# --- the paper roster ------------------------------------------------------------------------


@dataclass(frozen=True)
class RosterRow:
    name: str
    team: str
    role: str
    badge: str
    state: str
    limit: str
    deck: str
    discard: str


@dataclass(frozen=True)
class Roster:
    title: str
    at: str
    note: str
    rows: tuple[RosterRow, ...]
    others: tuple[tuple[str, str, str, str], ...]  # serial, card, where, from whom
    headers: tuple[str, ...] = field(default=())
    other_headers: tuple[str, ...] = field(default=())


def roster(src: PrintSource) -> Roster:
    """Every person's holdings by serial (with ``masters_see_piles`` off, ED17, only how many
    cards each pile holds), and every card held by no one."""
    state = src.state
    at = src.at_ms or int(state.now)
    badges_by = {lg.who: lg.badge for lg in src.logins}
    rows = []
    for p in src.people():
        mine = [c for c in state.cards.values() if c.owner == p.id]
        deck = " ".join(c.serial for c in mine if str(c.pile) == "deck")
        discard = " ".join(c.serial for c in mine if str(c.pile) == "discard")
        if not state.options.masters_see_piles:  # ED17: the masters see how many, not which
            deck = src.w("n_cards", n=sum(1 for c in mine if str(c.pile) == "deck"))
            discard = src.w("n_cards", n=sum(1 for c in mine if str(c.pile) == "discard"))
        role = src.w(str(p.role))
        rows.append(RosterRow(p.name, p.team, role, badges_by.get(p.id, ""),
                              src.w(str(p.health)), str(p.limit), deck, discard))
    others = []
    for c in state.cards.values():
        pile = str(c.pile)
        if pile in ("deck", "discard") and c.owner is not None:
            continue
        info = state.catalogue[c.key]
        holder = "" if c.owner is None or state.person(c.owner) is None \
            else state.person(c.owner).name
        others.append((c.serial, info.name_ru if src.lang == "ru" else info.name_en,
                       src.w(pile) if pile in _W else pile, holder))
    headers = tuple(src.w(k) for k in ("col_name", "col_team", "col_badge", "col_state",
                                       "col_limit", "col_deck", "col_discard"))
    other_headers = tuple(src.w(k) for k in ("col_serial", "col_card", "col_where", "col_from"))
    return Roster(src.title, src.w("roster_at", at=when(at, src.lang), version=src.version),
                  src.w("roster_note"), tuple(rows), tuple(others), headers, other_headers)


@dataclass(frozen=True)
class Report:
    title: str
    at: str
    summary: str
    duel_headers: tuple[str, ...]
    duels: tuple[tuple[str, ...], ...]
    death_headers: tuple[str, ...]
    deaths: tuple[tuple[str, ...], ...]
    other_headers: tuple[str, ...]
    others: tuple[tuple[str, str, str, str], ...]


def _clock(ms: int | None) -> str:
    if not ms:
        return ""
    return f"{_dt.datetime.fromtimestamp(ms / 1000):%H:%M}"


def _duel_name(src: PrintSource, d: Any) -> str:
    """«№ 3» (and its kind when not a plain duel: «№ 4, кулачный бой»)."""
    n = src.w("duel_no", n=str(d.id).lstrip("d"))
    label = str(d.label or "duel")
    return n if label == "duel" else f"{n}, {src.w(label) if label in _W else label}"


def report(src: PrintSource) -> Report:
    """The end-of-event report: every duel fought (not the withdrawn or voided ones), the
    deaths and the cards the masters hold; names only."""
    state = src.state

    def name(who: int | None) -> str:
        p = None if who is None else state.person(who)
        return src.w("draw") if p is None else str(p.name)

    fought = [d for d in state.duels.values()
              if str(d.stage) in ("running", "recorded", "ended")]
    rows = []
    for d in fought:
        o = d.outcome
        ended = str(d.stage) == "ended"
        rows.append((
            _duel_name(src, d),
            f"{src.w(str(d.kind))}, {src.w('on_paper' if d.paper else 'on_phones')}",
            f"{_clock(d.started)}–{_clock(d.ended)}" if d.ended else _clock(d.started),
            f"{name(d.a)} — {name(d.b)}",
            name(o.winner) if ended and o is not None else "",
            name(o.killed) if ended and o is not None and o.killed is not None else "",
            (src.w("yes") if o.swap else src.w("no")) if ended and o is not None else ""))
    labels = {d.id: _duel_name(src, d) for d in state.duels.values()}
    dead = [p for p in state.enrolled() if str(p.health) == "dead"]
    deaths = tuple((p.name, p.team, labels.get(p.wound_duel or "", "")) for p in dead)
    r = roster(src)
    kills = sum(1 for d in fought if d.outcome is not None and d.outcome.killed is not None)
    pool = sum(1 for c in state.cards.values() if str(c.pile) in ("pool", "surrendered"))
    summary = src.w("summary", people=sum(1 for p in state.enrolled() if p.holds_cards),
                    dead=len(dead), duels=len(fought),
                    consent=sum(1 for d in fought if str(d.kind) == "consent"),
                    attacks=sum(1 for d in fought if str(d.kind) == "attack"),
                    paper=sum(1 for d in fought if d.paper), kills=kills, pool=pool)
    return Report(
        src.title, r.at, summary,
        tuple(src.w(k) for k in ("col_duel", "col_kind", "col_time", "col_sides", "col_winner",
                                 "col_killed", "col_swap")), tuple(rows),
        tuple(src.w(k) for k in ("col_name", "col_team", "col_cause")), deaths,
        r.other_headers, r.others)


def chunked(items: Sequence[Any], n: int) -> list[Sequence[Any]]:
    return [items[i:i + n] for i in range(0, len(items), n)]
