"""``companion serve --https`` (issue 15, point 3): a self-signed certificate is made on the first
run, kept in the instance folder and reused, so a phone that accepted it once is not asked again."""

from __future__ import annotations

import os
import ssl
import subprocess
import sys
import time
import urllib.request

import pytest

from helpers import free_port

pytest.importorskip("cryptography")
from cryptography import x509  # noqa: E402

from companion import certs  # noqa: E402


def test_the_certificate_is_made_once_and_reused(tmp_path):
    cert, key, made = certs.ensure(tmp_path, ["192.168.1.20"])
    assert made and cert.exists() and key.exists()
    assert oct(key.stat().st_mode & 0o777) == "0o600"  # the private key: this user only
    first = cert.read_bytes()
    again_cert, _, made_again = certs.ensure(tmp_path, ["192.168.1.20"])
    assert not made_again and again_cert.read_bytes() == first  # reused: the phones' trust holds
    c = x509.load_pem_x509_certificate(first)
    names = c.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    assert {str(ip) for ip in names.get_values_for_type(x509.IPAddress)} >= {"192.168.1.20", "127.0.0.1"}
    assert "localhost" in names.get_values_for_type(x509.DNSName)
    assert certs.fingerprint(cert).count(":") == 31


def test_a_new_address_or_a_near_end_makes_a_new_certificate(tmp_path, monkeypatch):
    cert, _, _ = certs.ensure(tmp_path, ["192.168.1.20"])
    first = cert.read_bytes()
    _, _, made = certs.ensure(tmp_path, ["10.0.0.7"])  # the Wi-Fi gave the server another address
    assert made and cert.read_bytes() != first
    monkeypatch.setattr(certs, "RENEW_DAYS", certs.VALID_DAYS + 1)
    assert certs.ensure(tmp_path, ["10.0.0.7"])[2]


def serve_https(instance, port) -> subprocess.Popen:
    env = {**os.environ, "COMPANION_INSTANCE": str(instance)}
    cmd = [sys.executable, "-m", "companion.cli", "serve", "--https", "--host", "127.0.0.1", "--port", str(port), "--no-qr"]
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    insecure = ssl.create_default_context()
    insecure.check_hostname, insecure.verify_mode = False, ssl.CERT_NONE  # self-signed: as a phone that accepted it
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"https://127.0.0.1:{port}/", timeout=1, context=insecure) as r:
                assert r.status == 200 and b"Table Companion" in r.read()
                return proc
        except OSError:
            time.sleep(0.1)
    proc.kill()
    pytest.fail("the HTTPS server did not start: " + proc.stdout.read())


def test_serve_https_answers_over_tls_and_a_second_run_reuses_the_certificate(tmp_path):
    outputs = []
    for _ in range(2):
        port = free_port()
        proc = serve_https(tmp_path, port)
        pem = ssl.get_server_certificate(("127.0.0.1", port))
        proc.terminate()
        outputs.append((proc.communicate(timeout=10)[0], pem))
    (first, pem1), (second, pem2) = outputs
    assert "Made a new self-signed certificate" in first and "https://127.0.0.1:" in first
    assert "Using the self-signed certificate" in second
    assert pem1 == pem2 == (tmp_path / "https-cert.pem").read_text()
