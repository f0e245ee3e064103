"""The self-signed certificate (koloda.server.tls) and ``koloda event serve`` over HTTPS: the
IP addresses named, the certificate reused at the next start, renewed when an address is new
or the end is near, its fingerprint printed and the same a TLS client sees."""

from __future__ import annotations

import datetime as dt
import os
import socket
import ssl
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
from cryptography import x509

from koloda.server.tls import (
    CERT_NAME,
    KEY_NAME,
    ensure_certificate,
    fingerprint_of,
    local_addresses,
    stored_fingerprint,
)

ROOT = Path(__file__).resolve().parents[2]


def _sans(path: Path) -> tuple[set[str], set[str]]:
    cert = x509.load_pem_x509_certificate(path.read_bytes())
    san = cert.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    return ({str(ip) for ip in san.get_values_for_type(x509.IPAddress)},
            set(san.get_values_for_type(x509.DNSName)))


def test_certificate_names_the_addresses_and_is_reused(tmp_path: Path):
    first = ensure_certificate(tmp_path, ["127.0.0.1", "10.42.0.1"])
    assert first.created
    assert _sans(first.cert_path) == ({"127.0.0.1", "10.42.0.1"}, {"localhost"})
    assert oct(os.stat(first.key_path).st_mode & 0o777) == "0o600"
    assert first.fingerprint == fingerprint_of(first.cert_path.read_bytes())
    assert len(first.fingerprint.split(":")) == 32
    again = ensure_certificate(tmp_path, ["10.42.0.1"])
    assert not again.created and again.fingerprint == first.fingerprint
    assert stored_fingerprint(tmp_path) == first.fingerprint
    cert = x509.load_pem_x509_certificate(first.cert_path.read_bytes())
    assert cert.not_valid_after_utc - cert.not_valid_before_utc <= dt.timedelta(days=826)
    ctx = ssl.create_default_context(cafile=str(first.cert_path))  # a usable trust anchor
    ctx.load_cert_chain(first.cert_path, first.key_path)


def test_a_new_address_or_a_near_end_makes_a_new_certificate(tmp_path: Path):
    first = ensure_certificate(tmp_path, ["127.0.0.1", "10.42.0.1"])
    wider = ensure_certificate(tmp_path, ["192.168.1.10"])
    assert wider.created and wider.fingerprint != first.fingerprint
    assert _sans(wider.cert_path)[0] == {"127.0.0.1", "10.42.0.1", "192.168.1.10"}
    later = dt.datetime.now(dt.UTC) + dt.timedelta(days=810)
    renewed = ensure_certificate(tmp_path, ["192.168.1.10"], now=later)
    assert renewed.created and renewed.not_after > later + dt.timedelta(days=800)


def test_a_broken_pair_is_replaced_and_a_bad_address_refused(tmp_path: Path):
    first = ensure_certificate(tmp_path, ["127.0.0.1"])
    other = ensure_certificate(tmp_path / "other", ["127.0.0.1"])
    (tmp_path / KEY_NAME).write_bytes((tmp_path / "other" / KEY_NAME).read_bytes())
    again = ensure_certificate(tmp_path, ["127.0.0.1"])
    assert again.created and again.fingerprint not in (first.fingerprint, other.fingerprint)
    with pytest.raises(ValueError):
        ensure_certificate(tmp_path, ["10.0.0.300"])
    assert (tmp_path / CERT_NAME).is_file()


def test_local_addresses_start_with_loopback():
    found = local_addresses()
    assert found[0] == "127.0.0.1" and len(found) == len(set(found))


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_event_serve_over_https_prints_the_fingerprint_a_client_sees(tmp_path: Path):
    from tests.server.event.conftest import make_event

    port = _free_port()
    db = tmp_path / "k.db"
    eid, _, _ = make_event(db)
    usb = tmp_path / "usb"
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src"), "KOLODA_LANG": "ru"}
    cmd = [sys.executable, "-c", "from koloda.cli import main; main()", "event", "serve",
           "--host", "127.0.0.1", "--port", str(port), "--db", f"sqlite:///{db}"]

    def run_once(*extra: str) -> str:
        proc = subprocess.Popen([*cmd, *extra], env=env, stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT, text=True, cwd=tmp_path)
        try:
            cert = tmp_path / CERT_NAME
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline and proc.poll() is None:
                try:
                    r = httpx.get(f"https://127.0.0.1:{port}/api/games", verify=ssl.
                                  create_default_context(cafile=str(cert)), timeout=2)
                    if r.status_code == 200:
                        break
                except (httpx.HTTPError, OSError, ssl.SSLError):
                    time.sleep(0.3)
            else:
                raise AssertionError(f"the server did not answer over HTTPS: {proc.poll()}")
            seen = ssl.get_server_certificate(("127.0.0.1", port))
            assert fingerprint_of(seen.encode()) == stored_fingerprint(tmp_path)
            with pytest.raises(httpx.HTTPError):  # plain HTTP is not answered on that port
                httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=2)
        finally:
            proc.terminate()
            out, _ = proc.communicate(timeout=20)
        return out

    first = run_once("--backup-dir", str(usb), "--backup-minutes", "0.01")
    fp = stored_fingerprint(tmp_path)
    assert "Сделан новый самоподписанный сертификат" in first and fp in first
    assert f"https://127.0.0.1:{port}/" in first
    assert f"«Бал»: https://127.0.0.1:{port}/e/{eid}" in first
    assert f"Резервные копии всех игр в {usb}" in first
    latest = usb / f"{eid}-latest.json"
    assert latest.is_file() and len(list(usb.glob(f"{eid}-2*.json"))) >= 1
    from typer.testing import CliRunner

    from koloda.cli import app

    r = CliRunner().invoke(app, ["event", "restore", str(latest), "--db",
                                 f"sqlite:///{tmp_path / 'second.db'}"])
    assert r.exit_code == 0, r.output  # the copy on the stick restores on another laptop
    second = run_once()
    assert "Используется сохранённый сертификат" in second and fp in second
    assert stored_fingerprint(tmp_path) == fp  # phones need not accept it again
