"""``koloda serve --certfile --keyfile``: HTTPS and secure WebSockets, and clear refusals."""

from __future__ import annotations

import json
import shutil
import ssl
import subprocess
from pathlib import Path

import httpx
import pytest
from typer.testing import CliRunner
from websockets.sync.client import connect

from tests.server.process import ServerProcess
from tests.server.test_cli import _app


def _self_signed(tmp: Path) -> tuple[Path, Path]:
    """A certificate for 127.0.0.1 and its key, made with the system's openssl."""
    if shutil.which("openssl") is None:  # pragma: no cover - openssl is on every CI machine
        pytest.fail("openssl is needed to make a test certificate")
    cert, key = tmp / "cert.pem", tmp / "key.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
         "-nodes", "-keyout", str(key), "-out", str(cert), "-days", "2",
         "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1"],
        check=True, capture_output=True)
    return cert, key


def test_https_and_secure_websockets(tmp_path: Path) -> None:
    cert, key = _self_signed(tmp_path)
    server = ServerProcess(tmp_path / "tls.db", tls=(cert, key)).start()
    try:
        assert server.url.startswith("https://")
        context = ssl.create_default_context(cafile=str(cert))
        page = httpx.get(server.url + "/", verify=context)
        assert page.status_code == 200 and "<html" in page.text.lower()
        t = httpx.post(server.url + "/api/tables", verify=context, json={
            "game": "toy", "seed": 3, "players": 2,
            "seats": [{"kind": "human"}, {"kind": "human"}]}).json()
        ws_url = f"wss://127.0.0.1:{server.port}/ws/{t['table']}"
        with connect(ws_url, ssl=context, open_timeout=10) as ws:
            ws.send(json.dumps({"type": "hello", "token": t["seats"][0]["token"],
                                "lang": "en"}))
            kinds = {json.loads(ws.recv(timeout=10))["type"] for _ in range(2)}
            assert "welcome" in kinds
        with pytest.raises(httpx.HTTPError):  # plain HTTP gets no answer on that port
            httpx.get(server.url.replace("https://", "http://") + "/", timeout=3)
    finally:
        server.stop()


def test_certificate_without_key_is_refused() -> None:
    r = CliRunner().invoke(_app(), ["serve", "--certfile", "cert.pem"])
    assert r.exit_code == 2
    assert "--certfile and --keyfile go together" in r.output


def test_missing_or_bad_certificate_is_one_clear_line(tmp_path: Path) -> None:
    r = CliRunner().invoke(_app(), ["serve", "--certfile", str(tmp_path / "no.pem"),
                                    "--keyfile", str(tmp_path / "no.key")])
    assert r.exit_code == 2
    assert "certificate file" in r.output and "does not exist" in r.output
    bad = tmp_path / "bad.pem"
    bad.write_text("not a certificate\n")
    r = CliRunner().invoke(_app(), ["serve", "--certfile", str(bad), "--keyfile", str(bad)])
    assert r.exit_code == 2
    assert "cannot use the certificate" in r.output
    cert, _ = _self_signed(tmp_path)
    other = tmp_path / "other"
    other.mkdir()
    _, wrong_key = _self_signed(other)
    r = CliRunner().invoke(_app(), ["serve", "--certfile", str(cert), "--keyfile", str(wrong_key)])
    assert r.exit_code == 2
    assert "the pair matching" in r.output
