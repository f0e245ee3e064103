"""Raw WebSocket frames against the real server (Uvicorn): invalid UTF-8 in a text frame, a
frame over the size limit and a binary frame end or refuse that connection only."""

from __future__ import annotations

import base64
import json
import os
import socket
import struct
from collections.abc import Iterator

import httpx
import pytest

from tests.server.process import ServerProcess


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    proc = ServerProcess(tmp_path_factory.mktemp("frames") / "frames.db").start()
    yield proc
    proc.stop()


def _connect(server: ServerProcess, tid: str) -> socket.socket:
    s = socket.create_connection(("127.0.0.1", server.port), timeout=5)
    key = base64.b64encode(os.urandom(16)).decode()
    s.sendall((f"GET /ws/{tid} HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n"
               "Upgrade: websocket\r\nConnection: Upgrade\r\n"
               f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
    head = b""
    while b"\r\n\r\n" not in head:
        head += s.recv(1)
    assert b" 101 " in head.split(b"\r\n")[0], head
    return s


def _frame(payload: bytes, opcode: int = 0x1) -> bytes:
    mask = os.urandom(4)
    n = len(payload)
    if n < 126:
        header = struct.pack("!BB", 0x80 | opcode, 0x80 | n)
    elif n < 65536:
        header = struct.pack("!BBH", 0x80 | opcode, 0x80 | 126, n)
    else:
        header = struct.pack("!BBQ", 0x80 | opcode, 0x80 | 127, n)
    return header + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


def _read(s: socket.socket) -> tuple[int, bytes]:
    """One frame from the server: (opcode, payload)."""
    def exact(n: int) -> bytes:
        out = b""
        while len(out) < n:
            chunk = s.recv(n - len(out))
            if not chunk:
                raise ConnectionError("closed")
            out += chunk
        return out

    b0, b1 = exact(2)
    n = b1 & 0x7F
    if n == 126:
        n = struct.unpack("!H", exact(2))[0]
    elif n == 127:
        n = struct.unpack("!Q", exact(8))[0]
    return b0 & 0x0F, exact(n)


def _until_closed(s: socket.socket) -> int | None:
    """Read until the server's close frame; its status code (None if the socket just ended)."""
    try:
        while True:
            op, payload = _read(s)
            if op == 0x8:
                return struct.unpack("!H", payload[:2])[0] if len(payload) >= 2 else None
    except (ConnectionError, TimeoutError, OSError):
        return None


def _hello(s: socket.socket, token: str | None) -> None:
    s.sendall(_frame(json.dumps({"type": "hello", "token": token, "lang": "en"}).encode()))
    kinds = []
    while "state" not in kinds:
        op, payload = _read(s)
        assert op == 0x1
        kinds.append(json.loads(payload)["type"])


def test_bad_frames_end_only_their_own_connection(server: ServerProcess) -> None:
    t = httpx.post(server.url + "/api/tables", json={"game": "toy", "seed": 1}).json()
    tid, a, b = t["table"], t["seats"][0]["token"], t["seats"][1]["token"]
    keep = _connect(server, tid)
    _hello(keep, a)
    bad = _connect(server, tid)
    _hello(bad, None)
    bad.sendall(_frame(b'{"type": "ping", "x": "\xff\xfe"}'))  # not UTF-8
    assert _until_closed(bad) == 1007
    huge = _connect(server, tid)
    huge.sendall(_frame(b"x" * 200_000))  # over Uvicorn's frame limit
    assert _until_closed(huge) == 1009
    binary = _connect(server, tid)
    _hello(binary, b)
    binary.sendall(_frame(b"\x00\x01", opcode=0x2))
    while True:  # after any table news, the refusal
        _op, payload = _read(binary)
        m = json.loads(payload)
        if m["type"] == "error":
            assert m["code"] == "malformed"
            break
    # the first connection is served as before
    keep.sendall(_frame(json.dumps({"type": "ping", "id": 7}).encode()))
    while True:
        _op, payload = _read(keep)
        m = json.loads(payload)
        if m["type"] == "pong":
            assert m["id"] == 7
            break
    for s in (keep, bad, huge, binary):
        s.close()
    assert httpx.get(f"{server.url}/api/tables/{tid}").status_code == 200

