"""A self-signed certificate for serving HTTPS on a laptop's own addresses (no domain name, no
internet): made by Koloda with the ``cryptography`` package, stored beside the database and
reused at the next start, so each phone accepts it once.

- The key is ECDSA P-256 (every phone browser of the last ten years speaks it), written with
  mode 0600. The certificate names every address given as an IP subject alternative name,
  plus ``localhost``; it is valid for 825 days (the most an Apple device accepts for a
  certificate a person trusts by hand) and is its own issuer (basic constraints CA, path
  length 0, so a phone may also install it as a trusted certificate).
- It is reused while it matches its key, stays valid for at least another 30 days and names
  every address asked for; otherwise a new one is made naming the old addresses and the new
  ones, and the caller says so (its fingerprint changes: the phones must accept it again).
- The SHA-256 fingerprint is printed as phones show it (``AB:CD:…``), to compare on a phone
  before accepting.
"""

from __future__ import annotations

import contextlib
import datetime as _dt
import ipaddress
import os
import socket
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

CERT_NAME = "koloda-https-cert.pem"
KEY_NAME = "koloda-https-key.pem"
VALID_DAYS = 825
RENEW_DAYS = 30


@dataclass(frozen=True)
class Certificate:
    cert_path: Path
    key_path: Path
    fingerprint: str  # SHA-256, colon-separated upper-case hex
    addresses: tuple[str, ...]  # the IP addresses it names
    names: tuple[str, ...]  # the DNS names it names
    not_after: _dt.datetime
    created: bool  # made now (False: the stored one reused)


def local_addresses() -> list[str]:
    """This machine's IPv4 addresses, loopback first: every interface's (Linux), the
    address of the default route, the host name's. Best effort: nothing is sent."""
    found: list[str] = ["127.0.0.1"]

    def add(ip: str) -> None:
        with contextlib.suppress(ValueError):
            if ipaddress.ip_address(ip).version == 4 and ip not in found:
                found.append(ip)

    for ip in _interface_addresses():
        add(ip)
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.connect(("192.0.2.1", 9))  # TEST-NET-1: a UDP "connect" sends no packet
        add(s.getsockname()[0])
    with contextlib.suppress(OSError):
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            add(str(info[4][0]))
    return [ip for ip in found if not ip.startswith("127.") or ip == "127.0.0.1"]


def _interface_addresses() -> list[str]:
    """Each network interface's IPv4 address (Linux's SIOCGIFADDR; elsewhere none)."""
    try:
        import fcntl
        import struct
    except ImportError:  # pragma: no cover - not Linux
        return []
    out = []
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        for _, name in socket.if_nameindex():
            try:
                packed = fcntl.ioctl(s.fileno(), 0x8915,  # SIOCGIFADDR
                                     struct.pack("256s", name[:15].encode()))
            except OSError:
                continue
            out.append(socket.inet_ntoa(packed[20:24]))
    return out


def _need_cryptography() -> None:
    """Raise :class:`koloda.extras.MissingExtra` (the ``tls`` extra) when ``cryptography`` is
    not installed: every function here that reads or makes a certificate calls it first."""
    from koloda.extras import require

    require("cryptography", extra="tls",
            what="the HTTPS certificate of koloda event serve (or plain HTTP: --http)")


def fingerprint_of(pem: bytes) -> str:
    """The SHA-256 fingerprint of a PEM certificate, as browsers show it."""
    _need_cryptography()
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes

    cert = x509.load_pem_x509_certificate(pem)
    return ":".join(f"{b:02X}" for b in cert.fingerprint(hashes.SHA256()))


def _sans(cert: object) -> tuple[list[str], list[str]]:
    _need_cryptography()
    from cryptography import x509

    try:
        ext = cert.extensions.get_extension_for_class(  # type: ignore[attr-defined]
            x509.SubjectAlternativeName)
    except x509.ExtensionNotFound:
        return [], []
    ips = [str(ip) for ip in ext.value.get_values_for_type(x509.IPAddress)]
    names = [str(n) for n in ext.value.get_values_for_type(x509.DNSName)]
    return ips, names


def _load(directory: Path) -> tuple[object, bytes] | None:
    """The stored certificate and its PEM when it is usable with the stored key, else None
    (no file stored: None without needing ``cryptography``)."""
    cert_path, key_path = directory / CERT_NAME, directory / KEY_NAME
    try:
        pem, key_pem = cert_path.read_bytes(), key_path.read_bytes()
    except OSError:
        return None
    _need_cryptography()
    from cryptography import x509
    from cryptography.hazmat.primitives import serialization

    try:
        cert = x509.load_pem_x509_certificate(pem)
        key = serialization.load_pem_private_key(key_pem, password=None)
    except (ValueError, TypeError):
        return None
    pub = serialization.PublicFormat.SubjectPublicKeyInfo
    enc = serialization.Encoding.DER
    if key.public_key().public_bytes(enc, pub) != cert.public_key().public_bytes(enc, pub):
        return None
    return cert, pem


def _normalise(addresses: Iterable[str]) -> list[str]:
    out: list[str] = []
    for a in addresses:
        ip = str(ipaddress.ip_address(a.strip()))  # ValueError names a bad address
        if ip not in out:
            out.append(ip)
    return out


def ensure_certificate(directory: Path, addresses: Sequence[str], *,
                       names: Sequence[str] = ("localhost",),
                       now: _dt.datetime | None = None) -> Certificate:
    """The certificate in ``directory`` for ``addresses`` (IP strings): the stored one when it
    still serves, else a new one (see the module docstring)."""
    wanted = _normalise(addresses)
    now = now or _dt.datetime.now(_dt.UTC)
    stored = _load(directory)
    old_ips: list[str] = []
    old_names: list[str] = []
    if stored is not None:
        cert, pem = stored
        old_ips, old_names = _sans(cert)
        not_after = cert.not_valid_after_utc  # type: ignore[attr-defined]
        fresh = not_after - now > _dt.timedelta(days=RENEW_DAYS)
        if fresh and set(wanted) <= set(old_ips) and set(names) <= set(old_names):
            return Certificate(directory / CERT_NAME, directory / KEY_NAME, fingerprint_of(pem),
                               tuple(old_ips), tuple(old_names), not_after, created=False)
    ips = _normalise([*old_ips, *wanted])
    dns = list(dict.fromkeys([*old_names, *names]))
    return _make(directory, ips, dns, now)


def _make(directory: Path, ips: list[str], dns: list[str], now: _dt.datetime) -> Certificate:
    _need_cryptography()
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, ips[0] if ips else dns[0]),
                         x509.NameAttribute(NameOID.ORGANIZATION_NAME, "Koloda (self-signed)")])
    alt: list[x509.GeneralName] = [x509.IPAddress(ipaddress.ip_address(ip)) for ip in ips]
    alt += [x509.DNSName(n) for n in dns]
    not_after = now + _dt.timedelta(days=VALID_DAYS)
    cert = (
        x509.CertificateBuilder()
        .subject_name(subject).issuer_name(subject)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - _dt.timedelta(hours=1))
        .not_valid_after(not_after)
        .add_extension(x509.SubjectAlternativeName(alt), critical=False)
        .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
        .add_extension(x509.KeyUsage(digital_signature=True, key_cert_sign=True,
                                     content_commitment=False, key_encipherment=False,
                                     data_encipherment=False, key_agreement=False,
                                     crl_sign=False, encipher_only=False,
                                     decipher_only=False), critical=True)
        .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()),
                       critical=False)
        .sign(key, hashes.SHA256())
    )
    directory.mkdir(parents=True, exist_ok=True)
    key_path, cert_path = directory / KEY_NAME, directory / CERT_NAME
    key_pem = key.private_bytes(serialization.Encoding.PEM,
                                serialization.PrivateFormat.PKCS8,
                                serialization.NoEncryption())
    tmp = key_path.with_name(key_path.name + ".tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "wb") as f:
        f.write(key_pem)
    pem = cert.public_bytes(serialization.Encoding.PEM)
    ctmp = cert_path.with_name(cert_path.name + ".tmp")
    ctmp.write_bytes(pem)
    tmp.replace(key_path)
    ctmp.replace(cert_path)
    return Certificate(cert_path, key_path, fingerprint_of(pem), tuple(ips), tuple(dns),
                       not_after, created=True)


def stored_fingerprint(directory: Path) -> str:
    """The fingerprint of the certificate stored in ``directory`` ("" when there is none)."""
    stored = _load(directory)
    return "" if stored is None else fingerprint_of(stored[1])
