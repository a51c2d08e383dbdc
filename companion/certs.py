"""``companion serve --https``: a self-signed certificate, made once and kept in the instance folder.

Browsers keep the Screen Wake Lock, the service worker and installing the app to HTTPS (or
localhost). A LAN address has no public name a certificate authority could vouch for, so the
server makes its own certificate on first run: the phones warn once, the player accepts it (or
installs the certificate, see README), and later runs reuse the same one, so the phones need not
accept it again. It is made again only when it nears its end or the server's addresses changed.

Needs the optional ``cryptography`` package (``pip install 'table-companion[https]'``).
"""

from __future__ import annotations

import datetime as dt
import ipaddress
import os
from pathlib import Path

VALID_DAYS = 825  # the longest validity Apple's devices accept for a certificate they trust
RENEW_DAYS = 30  # made again when fewer days than this remain
NAME = "Table Companion (this server)"


class MissingCryptography(RuntimeError):
    pass


def _x509():
    try:
        from cryptography import x509
        from cryptography.hazmat.primitives import hashes, serialization
        from cryptography.hazmat.primitives.asymmetric import ec
        from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID
    except ImportError:
        raise MissingCryptography("--https needs the 'cryptography' package: pip install 'table-companion[https]'") from None
    return x509, hashes, serialization, ec, ExtendedKeyUsageOID, NameOID


def _names(hosts: list[str]) -> list:
    x509 = _x509()[0]
    out = []
    for host in dict.fromkeys(["localhost", "127.0.0.1", *hosts]):
        try:
            out.append(x509.IPAddress(ipaddress.ip_address(host)))
        except ValueError:
            out.append(x509.DNSName(host))
    return out


def _usable(cert_path: Path, hosts: list[str]) -> bool:
    """The kept certificate still names every address and is not near its end."""
    x509 = _x509()[0]
    try:
        cert = x509.load_pem_x509_certificate(cert_path.read_bytes())
        names = cert.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    except (OSError, ValueError, x509.ExtensionNotFound):
        return False
    left = cert.not_valid_after_utc - dt.datetime.now(dt.UTC)
    return left > dt.timedelta(days=RENEW_DAYS) and all(n in names for n in _names(hosts))


def ensure(folder: Path, hosts: list[str]) -> tuple[Path, Path, bool]:
    """``(certificate, key, made_now)`` in ``folder``: the kept pair if still good, else a new one."""
    x509, hashes, serialization, ec, eku, oid = _x509()
    folder.mkdir(parents=True, exist_ok=True)
    cert_path, key_path = folder / "https-cert.pem", folder / "https-key.pem"
    if key_path.exists() and _usable(cert_path, hosts):
        return cert_path, key_path, False
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(oid.COMMON_NAME, NAME)])
    now = dt.datetime.now(dt.UTC)
    cert = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - dt.timedelta(minutes=5))
        .not_valid_after(now + dt.timedelta(days=VALID_DAYS))
        .add_extension(x509.SubjectAlternativeName(_names(hosts)), critical=False)
        # its own authority, so a phone may install it as a trusted certificate (README)
        .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
        .add_extension(
            x509.KeyUsage(True, False, False, False, False, True, False, False, False),  # digital signature, certificate signing
            critical=True,
        )
        .add_extension(x509.ExtendedKeyUsage([eku.SERVER_AUTH]), critical=False)
        .sign(key, hashes.SHA256())
    )
    key_pem = key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
    fd = os.open(key_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)  # the key: this user only
    with os.fdopen(fd, "wb") as f:
        f.write(key_pem)
    cert_path.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    return cert_path, key_path, True


def fingerprint(cert_path: Path) -> str:
    """SHA-256 of the certificate as browsers show it (AB:CD:...), to compare with the phone's warning."""
    x509, hashes = _x509()[:2]
    digest = x509.load_pem_x509_certificate(cert_path.read_bytes()).fingerprint(hashes.SHA256())
    return ":".join(f"{b:02X}" for b in digest)
