"""``koloda event print`` and ``koloda event serve`` (``docs/event.md``).

- ``print`` writes the event's printed documents (card sheets, envelope sheets, badges, posters,
  the join poster, the paper roster) as PDF and/or HTML files;
- ``serve`` starts the play server for a site without internet: HTTPS with a self-signed
  certificate for the laptop's addresses, made on the first start and stored beside the
  database (``koloda.server.tls``), or plain HTTP with ``--http``.

Печать материалов игры и запуск сервера для площадки без интернета.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from koloda.cli.core import LangOption, console, fail
from koloda.cli.i18n import Lang

_MESSAGES: dict[str, tuple[str, str]] = {
    "written": ("Written: {path} ({pages})", "Записано: {path} ({pages})"),
    "links": ("The QR codes open {url}", "QR-коды ведут на {url}"),
    "loopback": ("warning: phones cannot reach this laptop's own loopback address; start the "
                 "hotspot first or give --base-url https://ADDRESS:8000",
                 "внимание: телефоны не достанут до внутреннего адреса ноутбука; сначала "
                 "включите точку доступа или укажите --base-url https://АДРЕС:8000"),
    "listen": ("Koloda serves the event at:", "Koloda обслуживает игру по адресам:"),
    "cert_new": ("A new self-signed certificate was made: {path}",
                 "Сделан новый самоподписанный сертификат: {path}"),
    "cert_old": ("The stored certificate is reused: {path}",
                 "Используется сохранённый сертификат: {path}"),
    "fingerprint": ("Its fingerprint (SHA-256), to compare on the phones before accepting it:",
                    "Его отпечаток (SHA-256): сверьте его на телефонах, прежде чем принять:"),
    "backups": ("Backups of every event to {dir} every {minutes} min (secret: logins inside).",
                "Резервные копии всех игр в {dir} каждые {minutes} мин (секретно: там входы)."),
    "event_at": ("  «{title}»: {url}", "  «{title}»: {url}"),
    "plain": ("Plain HTTP: logins travel unencrypted over the Wi-Fi.",
              "Обычный HTTP: входы передаются по Wi-Fi без шифрования."),
}


def _t(key: str, lang: Lang, **values: Any) -> str:
    en, ru = _MESSAGES[key]
    return (ru if lang == Lang.ru else en).format(**values)


def _pages(n: int, lang: Lang) -> str:
    from koloda.event_print.content import plural_ru

    if lang == Lang.ru:
        return f"{n} {plural_ru(n, 'страница', 'страницы', 'страниц')}"
    return f"{n} page{'s' if n != 1 else ''}"


def cert_dir_for(db: str) -> Path:
    """Where the certificate is kept: beside the SQLite file, else ``.koloda/``."""
    from koloda.server.store import default_url

    url = db or default_url()
    if url.startswith("sqlite") and "///" in url:
        path = url.split("///", 1)[1]
        if path and path != ":memory:":
            return Path(path).parent
    return Path(".koloda")


def default_base_url(*, http: bool, port: int = 8000) -> str:
    """``https://<the laptop's first non-loopback address>:8000`` (http with ``http``)."""
    from koloda.server.tls import local_addresses

    addresses = [a for a in local_addresses() if not a.startswith("127.")] or ["127.0.0.1"]
    return f"{'http' if http else 'https'}://{addresses[0]}:{port}"


DbOption = Annotated[str, typer.Option(
    "--db", help="Database URL (the server's); default sqlite:///.koloda/koloda.db. — Адрес "
    "базы данных сервера.")]


def print_documents(
    event_id: Annotated[str, typer.Argument(help="The event's id. — Номер игры.")],
    documents: Annotated[list[str] | None, typer.Argument(
        help="What to print: cards, envelopes, badges, posters, join, roster, or all (the "
        "default). — Что печатать: cards (карты), envelopes (конверты), badges (значки), "
        "posters (плакаты комнат и госпиталя), join (плакат подключения), roster (ведомость), "
        "all (всё).", show_default=False)] = None,
    out: Annotated[Path, typer.Option("--out", help="The directory for the files. — Папка для "
                                      "файлов.")] = Path("print"),
    fmt: Annotated[str, typer.Option("--format", help="pdf, html or both. — pdf, html или "
                                     "both (оба).")] = "pdf",
    base_url: Annotated[str, typer.Option(
        "--base-url", help="The server's address as the phones reach it (default: https:// "
        "and this laptop's address, port 8000). — Адрес сервера для телефонов.")] = "",
    http: Annotated[bool, typer.Option("--http", help="The default address with http:// "
                                       "(koloda event serve --http). — Адрес с http://.")
                    ] = False,
    wifi_ssid: Annotated[str, typer.Option("--wifi-ssid", help="The Wi-Fi network's name, for "
                                           "the join QR code. — Имя сети Wi-Fi.")] = "",
    wifi_password: Annotated[str, typer.Option("--wifi-password", help="Its password. — Её "
                                               "пароль.")] = "",
    wifi_security: Annotated[str, typer.Option("--wifi-security", help="WPA (also WPA2/WPA3), "
                                               "WEP or nopass. — Защита сети.")] = "WPA",
    who: Annotated[str, typer.Option("--who", help="Only these participants' envelopes, badges "
                                     "and cards (ids, separated by commas). — Только эти "
                                     "участники (номера через запятую).")] = "",
    serial: Annotated[str, typer.Option("--serial", help="Card sheets: only these serials (a "
                                        "reprint). — Только эти номера карт.")] = "",
    room: Annotated[list[str] | None, typer.Option(
        "--room", help="A rest room's poster (repeat; default one per team). — Плакат комнаты "
        "отдыха (можно несколько).")] = None,
    cert_dir: Annotated[Path | None, typer.Option(
        "--cert-dir", help="Where koloda event serve keeps its certificate (its fingerprint goes "
        "on the join poster; default beside the database). — Папка сертификата.")] = None,
    db: DbOption = "",
    lang: LangOption = None,
) -> None:
    """Print the event's cards, envelopes, badges, posters and roster as PDF or HTML. —
    Напечатать карты, конверты, значки, плакаты и ведомость игры (PDF или HTML)."""
    from koloda.cli.event import _desk
    from koloda.event_print import DOCUMENTS, PrintSource, Wifi
    from koloda.event_print import html as html_out
    from koloda.event_print import pdf as pdf_out
    from koloda.extras import require
    from koloda.server.tls import stored_fingerprint

    desk = _desk(db, event_id)
    lg = lang if lang is not None else (Lang.ru if desk.row.lang == "ru" else Lang.en)
    chosen = list(documents or ["all"])
    if "all" in chosen:
        chosen = list(DOCUMENTS)
    bad = [d for d in chosen if d not in DOCUMENTS]
    if bad:
        raise fail(f"unknown document {bad[0]!r}: {', '.join(DOCUMENTS)} or all" if lg == Lang.en
                   else f"неизвестный документ «{bad[0]}»: {', '.join(DOCUMENTS)} или all")
    if fmt not in ("pdf", "html", "both"):
        raise fail("--format: pdf, html or both" if lg == Lang.en else
                   "--format: pdf, html или both")
    try:
        ids = frozenset(int(x) for x in who.split(",") if x.strip()) if who else None
    except ValueError:
        raise fail("--who: participant ids separated by commas" if lg == Lang.en else
                   "--who: номера участников через запятую") from None
    serials = frozenset(s.strip() for s in serial.split(",") if s.strip()) if serial else None
    if serials is not None:
        unknown = sorted(serials - set(desk.state.cards))
        if unknown:
            raise fail(f"no card {unknown[0]} in this event" if lg == Lang.en else
                       f"в этой игре нет карты {unknown[0]}")
    wifi = Wifi(wifi_ssid, wifi_password, wifi_security) if wifi_ssid else None
    if wifi_security not in ("WPA", "WEP", "nopass"):
        raise fail("--wifi-security: WPA, WEP or nopass")
    url = base_url or default_base_url(http=http)
    if not url.startswith(("http://", "https://")):
        raise fail("--base-url: http://… or https://…")
    fingerprint = stored_fingerprint(cert_dir or cert_dir_for(db)) \
        if url.startswith("https://") else ""
    src = PrintSource.build(event_id, desk.row.title, desk.state, desk.row.logins, url,
                            lang=str(lg), wifi=wifi, fingerprint=fingerprint,
                            at_ms=desk.now(), who=ids, serials=serials, rooms=tuple(room or ()),
                            version=len(desk.state.history))
    # the print extra before anything is said or made (every document has QR codes)
    require("segno", extra="print", what="making QR codes")
    if fmt in ("pdf", "both"):
        require("fpdf", extra="print", what="printing to PDF")
    out.mkdir(parents=True, exist_ok=True)
    shown = console()
    shown.print(_t("links", lg, url=src.site_url))
    if "://127." in url or "://localhost" in url:
        typer.echo(_t("loopback", lg), err=True)
    for doc in chosen:
        if fmt in ("pdf", "both"):
            try:
                data = pdf_out.render(doc, src)
            except pdf_out.FontMissing as e:
                raise fail(str(e)) from None
            path = out / f"{event_id}-{doc}.pdf"
            path.write_bytes(data)
            shown.print(_t("written", lg, path=path, pages=_pages(_count_pages(data), lg)))
        if fmt in ("html", "both"):
            text = html_out.render(doc, src)
            path = out / f"{event_id}-{doc}.html"
            path.write_text(text, encoding="utf-8")
            shown.print(_t("written", lg, path=path,
                           pages=_pages(max(1, text.count('<section class="sheet')), lg)))


def _count_pages(data: bytes) -> int:
    import re

    return len(re.findall(rb"/Type\s*/Page[^s]", data))


def serve_event(
    host: Annotated[str, typer.Option("--host", help="The address to listen on (default every "
                                      "address of the laptop). — Адрес для приёма "
                                      "соединений.")] = "0.0.0.0",
    port: Annotated[int, typer.Option("--port", help="The port. — Порт.")] = 8000,
    http: Annotated[bool, typer.Option("--http", help="Plain HTTP, no certificate (logins then "
                                       "cross the Wi-Fi unencrypted). — Обычный HTTP, без "
                                       "сертификата.")] = False,
    address: Annotated[list[str] | None, typer.Option(
        "--address", help="Another IP address the certificate must name (repeat). — Ещё адрес "
        "для сертификата.")] = None,
    cert_dir: Annotated[Path | None, typer.Option(
        "--cert-dir", help="Where the certificate and its key are kept (default beside the "
        "database). — Папка сертификата.")] = None,
    backup_dir: Annotated[Path | None, typer.Option(
        "--backup-dir", help="Copy a backup of every event here every --backup-minutes (a USB "
        "stick; SECRET: the logins are in it). — Папка для автоматических резервных копий "
        "(флешка).")] = None,
    backup_minutes: Annotated[float, typer.Option(
        "--backup-minutes", min=0.01, max=1440, help="Minutes between backups. — Минут между "
        "копиями.")] = 10.0,
    db: DbOption = "",
    lang: LangOption = None,
) -> None:
    """Serve the event to phones over the laptop's Wi-Fi: HTTPS with a self-signed certificate
    made and kept by Koloda, or plain HTTP with --http. — Запустить сервер игры для телефонов
    по Wi-Fi ноутбука: HTTPS с самоподписанным сертификатом или обычный HTTP (--http)."""
    import contextlib
    import ipaddress
    import os

    from koloda.cli.core import resolve_lang
    from koloda.server.event.printing import CERT_ENV
    from koloda.server.tls import ensure_certificate, local_addresses

    lg = resolve_lang(lang)
    shown = local_addresses() if host in ("0.0.0.0", "") else [host]
    try:
        extra = [str(ipaddress.ip_address(a)) for a in (address or [])]
    except ValueError as e:
        raise fail(f"--address: {e}") from None
    for a in extra:
        if a not in shown:
            shown.append(a)
    args = ["--host", host, "--port", str(port)]
    if db:
        args += ["--db", db]
    scheme = "http" if http else "https"
    if not http:
        ips = []
        for a in shown:
            with contextlib.suppress(ValueError):  # a host name is named as a DNS name
                ips.append(str(ipaddress.ip_address(a)))
        names = ["localhost", *[a for a in shown if a not in ips and a != "localhost"]]
        try:
            cert = ensure_certificate(cert_dir or cert_dir_for(db), ips, names=names)
        except (OSError, ValueError) as e:
            raise fail(f"cannot make the certificate: {e}") from None
        typer.echo(_t("cert_new" if cert.created else "cert_old", lg, path=cert.cert_path))
        typer.echo(_t("fingerprint", lg))
        typer.echo(f"  {cert.fingerprint}")
        args += ["--certfile", str(cert.cert_path), "--keyfile", str(cert.key_path)]
        os.environ[CERT_ENV] = str(cert.cert_path)  # the join poster prints its fingerprint
    else:
        typer.echo(_t("plain", lg))
    typer.echo(_t("listen", lg))
    for a in shown:
        typer.echo(f"  {scheme}://{a}:{port}/")
    site = next((a for a in shown if not a.startswith("127.")), shown[0] if shown else host)
    for event_id, title in _events(db):
        typer.echo(_t("event_at", lg, title=title, url=f"{scheme}://{site}:{port}/e/{event_id}"))
    if backup_dir is not None:
        try:
            backup_dir.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise fail(f"--backup-dir: {e}") from None
        typer.echo(_t("backups", lg, dir=backup_dir, minutes=f"{backup_minutes:g}"))
        start_backups(db, backup_dir, backup_minutes * 60)
    _run_server(args)


def backup_all(db: str, directory: Path, stamp: str) -> list[Path]:
    """Write a backup of every event of the database into ``directory`` (each as
    ``{id}-{stamp}.json``, written to a temporary name first, then renamed), plus
    ``{id}-latest.json``; returns the files written. A damaged event is passed over (its
    earlier backups stay as they were)."""
    import json

    from koloda.cli.event import _stores
    from koloda.server.store import Damaged

    store = _stores(db)
    written = []
    for event_id in store.ids():
        try:
            row = store.load(event_id)
        except Damaged:
            continue
        if row is None:
            continue
        text = json.dumps(row.to_json(), ensure_ascii=False)
        for name in (f"{event_id}-{stamp}.json", f"{event_id}-latest.json"):
            path = directory / name
            tmp = path.with_name(path.name + ".tmp")
            tmp.write_text(text, encoding="utf-8")
            tmp.replace(path)
            written.append(path)
    return written


def start_backups(db: str, directory: Path, every_s: float) -> None:
    """Back every event up into ``directory`` now and every ``every_s`` seconds, in a daemon
    thread beside the server (a failure is logged and retried at the next turn: a USB stick
    pulled out must not stop the event)."""
    import logging
    import threading
    import time

    log = logging.getLogger("koloda.event.backup")

    def run() -> None:
        while True:
            try:
                backup_all(db, directory, time.strftime("%Y%m%d-%H%M%S"))
            except Exception as e:  # the stick is gone, full, read-only…
                log.warning("backup to %s failed: %s", directory, e)
            time.sleep(every_s)

    threading.Thread(target=run, name="event-backups", daemon=True).start()


def _events(db: str) -> list[tuple[str, str]]:
    """The events in the database (id, title); none when it cannot be read yet."""
    try:
        from koloda.cli.event import _stores
        from koloda.server.store import Damaged

        store = _stores(db)
        out = []
        for event_id in store.ids():
            try:
                row = store.load(event_id)
            except Damaged:
                continue  # the server refuses it with its reason
            if row is not None:
                out.append((row.id, row.title))
        return out
    except Exception:  # a database still to be made: no events to name
        return []


def _run_server(args: list[str]) -> None:
    """Run ``koloda serve`` with ``args`` (its own defaults for the rest)."""
    from koloda.server.cli import serve

    app = typer.Typer(add_completion=False)
    app.command()(serve)
    typer.main.get_command(app).main(args=args, prog_name="koloda serve",
                                     standalone_mode=True)


def add_commands(app: typer.Typer) -> None:
    """Add ``print`` and ``serve`` to ``koloda event``."""
    app.command("print")(print_documents)
    app.command("serve")(serve_event)
