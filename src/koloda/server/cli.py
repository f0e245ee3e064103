"""``koloda serve``: start the web play server (the command line registers it)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer


def serve(
    host: str = typer.Option("127.0.0.1", "--host", help="Address to listen on."),
    port: int = typer.Option(8000, "--port", help="Port to listen on."),
    db: str = typer.Option(
        "",
        "--db",
        help="Database URL (sqlite:///path.db or postgresql://user:pass@host/db); "
        "default: sqlite:///.koloda/koloda.db in the current directory.",
    ),
    bot_delay: float = typer.Option(
        0.5,
        "--bot-delay",
        min=0.0,
        max=10.0,
        help="Seconds a bot waits before a move it makes alone (in simultaneous steps bots "
        "choose at once).",
    ),
    log_level: str = typer.Option("info", "--log-level", help="Uvicorn's log level."),
    message_rate: float = typer.Option(
        20.0,
        "--message-rate", envvar="KOLODA_MESSAGE_RATE",
        min=1.0,
        help="Messages a second each WebSocket may send on average (bursts of twice as many); "
        "beyond that they are refused.",
    ),
    idle_minutes: float = typer.Option(
        30.0,
        "--idle-minutes",
        min=0.0,
        help="Unload a table from memory after this many minutes without a connection or a "
        "request; it is replayed from the database when next opened (0: never).",
    ),
    certfile: Annotated[Path | None, typer.Option(
        "--certfile",
        help="Serve HTTPS (and secure WebSockets) with this certificate (PEM; the chain may "
        "follow it in the same file). Needs --keyfile.",
    )] = None,
    keyfile: Annotated[Path | None, typer.Option(
        "--keyfile",
        help="The certificate's private key (PEM, not protected by a password).",
    )] = None,
    fixed_seeds: bool = typer.Option(
        False,
        "--fixed-seeds",
        help="Accept a table's seed from the lobby API (tests, demonstrations). Whoever chose "
        "the seed knows every card, so a server for real games leaves this off.",
    ),
    tables_per_minute: float = typer.Option(
        30.0, "--tables-per-minute", envvar="KOLODA_TABLES_PER_MINUTE", min=1.0,
        help="Tables one client address may create a minute (in bursts of as many).",
    ),
    tables_per_minute_total: float = typer.Option(
        600.0, "--tables-per-minute-total", envvar="KOLODA_TABLES_PER_MINUTE_TOTAL", min=1.0,
        help="Tables all clients together may create a minute.",
    ),
    sockets_per_address: int = typer.Option(
        64, "--sockets-per-address", envvar="KOLODA_SOCKETS_PER_ADDRESS", min=1,
        help="WebSockets one client address may hold open at once (behind a reverse proxy "
        "every client has the proxy's address).",
    ),
    sockets_total: int = typer.Option(
        2000, "--sockets-total", envvar="KOLODA_SOCKETS_TOTAL", min=1,
        help="WebSockets open at once in all.",
    ),
    socket_opens_per_minute: float = typer.Option(
        240.0, "--socket-opens-per-minute", envvar="KOLODA_SOCKET_OPENS_PER_MINUTE", min=1.0,
        help="WebSockets one client address may open a minute (in bursts of as many): each new "
        "one is sent the whole view and log.",
    ),
    downloads_per_minute: float = typer.Option(
        30.0, "--downloads-per-minute", envvar="KOLODA_DOWNLOADS_PER_MINUTE", min=1.0,
        help="An event's exports, backups and printouts one login may fetch a minute (in "
        "bursts of as many): each replays or renders the whole event.",
    ),
    bot_seconds: float = typer.Option(
        10.0, "--bot-seconds", envvar="KOLODA_BOT_SECONDS", min=0.05, max=60.0,
        help="Wall-clock seconds a bot may think per decision, whatever its iteration budget "
        "(a search over it plays its best move so far).",
    ),
    bot_workers: int = typer.Option(
        0, "--bot-workers", envvar="KOLODA_BOT_WORKERS", min=0,
        help="Worker processes for searching bots (0: one fewer than the cores, at least 1).",
    ),
) -> None:
    """Serve the lobby and the tables: open http://HOST:PORT/ to create a table and invite
    friends; empty seats can be given to bots."""
    # the server is part of the core install (fastapi, uvicorn, websockets, sqlalchemy); what
    # an extra brings (PostgreSQL's driver) says so when it is used: one `error:` line
    import uvicorn

    from koloda.action_words import refusal_text
    from koloda.cli.core import fail, help_lang
    from koloda.extras import MissingExtra
    from koloda.server.app import MAX_MESSAGE, create_app
    from koloda.server.limits import Limits
    from koloda.server.store import Store, default_url

    scheme = "https" if certfile else "http"
    if (certfile is None) != (keyfile is None):
        raise fail("--certfile and --keyfile go together (HTTPS needs both)")
    if certfile is not None and keyfile is not None:
        problem = _tls_problem(certfile, keyfile)
        if problem:
            raise fail(problem)
    url = db or default_url()
    try:
        Store(url).close()
    except MissingExtra as e:
        raise fail(refusal_text("", e, help_lang())) from None
    except Exception as e:
        raise fail(f"cannot open the database {url!r}: {e}") from None
    limits = Limits(
        tables_per_minute=tables_per_minute, tables_per_minute_total=tables_per_minute_total,
        sockets_per_address=sockets_per_address, sockets_total=sockets_total,
        socket_opens_per_minute=socket_opens_per_minute,
        downloads_per_minute=downloads_per_minute, bot_seconds=bot_seconds,
        bot_workers=bot_workers,
    )
    app = create_app(url, bot_delay=bot_delay, fixed_seeds=fixed_seeds, message_rate=message_rate,
                     idle_minutes=idle_minutes, limits=limits)
    typer.echo(f"Koloda: {scheme}://{host}:{port}/  (database: {url})")
    uvicorn.run(
        app,
        host=host,
        port=port,
        log_level=log_level,
        ws_max_size=4 * MAX_MESSAGE,
        ws_ping_interval=20,
        ws_ping_timeout=20,
        timeout_graceful_shutdown=3,
        ssl_certfile=str(certfile) if certfile else None,
        ssl_keyfile=str(keyfile) if keyfile else None,
    )


def _tls_problem(certfile: Path, keyfile: Path) -> str:
    """Why this certificate and key cannot serve HTTPS ("" when they can), checked before the
    server starts so that a mistake is one clear line, not a traceback after start-up."""
    import ssl

    for what, path in (("certificate", certfile), ("key", keyfile)):
        if not path.is_file():
            return f"the {what} file {str(path)!r} does not exist"
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    try:
        context.load_cert_chain(certfile, keyfile, password=lambda: "")
    except (ssl.SSLError, OSError) as e:
        return (f"cannot use the certificate {str(certfile)!r} with the key {str(keyfile)!r} "
                f"(PEM files, the key without a password, the pair matching): {e}")
    return ""


def register(app: typer.Typer) -> None:
    """Add the ``serve`` command (and the organiser's ``event`` commands) to ``app``."""
    app.command("serve")(serve)
    from koloda.cli.event import register as register_event

    register_event(app)
