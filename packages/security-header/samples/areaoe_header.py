# SPDX-License-Identifier: 0BSD
# areaOE security header sample for Python 3 with the `cryptography` package (Debian: python3-cryptography;
# tested: Python 3.11 with cryptography 38 and 48). Copy, change and use it freely.
# Makes the WS-Security UsernameToken header the customs web services expect, in a SOAP 1.1 envelope:
#   AREAOE_PASSWORD=... python3 areaoe_header.py --username 123456789/1 --certificate authority.pem [--form digest|encrypted-created]
#   python3 areaoe_header.py --vectors security-header-test-vectors.json   (checks this code; exit 0 = all match)
import argparse
import base64
import hashlib
import json
import os
import re
import secrets
import sys
from datetime import datetime, timezone

from cryptography import x509
from cryptography.hazmat.primitives import padding, serialization
from cryptography.hazmat.primitives.asymmetric import padding as rsa_padding
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

WSS = "http://schemas.xmlsoap.org/ws/2002/12/secext"
SOAP11 = "http://schemas.xmlsoap.org/soap/envelope/"


def aes(ks: bytes, data: bytes) -> str:
    """AES-128 in ECB mode with PKCS#5/7 padding, as the authority's Java sample (AES/ECB/PKCS5Padding)."""
    padder = padding.PKCS7(128).padder()
    padded = padder.update(data) + padder.finalize()
    encryptor = Cipher(algorithms.AES(ks), modes.ECB()).encryptor()
    return base64.b64encode(encryptor.update(padded) + encryptor.finalize()).decode("ascii")


def format_created(moment: datetime) -> str:
    """UTC, yyyy-MM-ddTHH:mm:ss.SSSZ, from numbers only: strftime and locales play no part."""
    m = moment.astimezone(timezone.utc)
    return "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ" % (m.year, m.month, m.day, m.hour, m.minute, m.second, m.microsecond // 1000)


def header_fields(ks: bytes, created: str, password: str, form: str) -> dict:
    """The fields that depend on Ks; Nonce is RSA(Ks) and is made apart."""
    pw = password.encode("utf-8")
    fields = {"password": aes(ks, pw), "digest": None, "created": created}
    if form == "digest":
        fields["digest"] = aes(ks, hashlib.sha1(ks + created.encode("utf-8") + pw).digest())
    else:
        fields["created"] = aes(ks, created.encode("utf-8"))
    return fields


def envelope(username: str, f: dict, nonce: str) -> str:
    digest = "" if f["digest"] is None else ' Digest="%s"' % f["digest"]
    return ('<soapenv:Envelope xmlns:soapenv="%s">\n  <soapenv:Header>\n    <wss:Security xmlns:wss="%s">\n'
            "      <wss:UsernameToken>\n        <wss:Username>%s</wss:Username>\n"
            "        <wss:Password%s>%s</wss:Password>\n        <wss:Nonce>%s</wss:Nonce>\n"
            "        <wss:Created>%s</wss:Created>\n      </wss:UsernameToken>\n    </wss:Security>\n"
            "  </soapenv:Header>\n  <soapenv:Body/>\n</soapenv:Envelope>"
            % (SOAP11, WSS, username, digest, f["password"], nonce, f["created"]))


def read_certificate(data: bytes) -> x509.Certificate:
    """PEM or DER; warns on standard error when it expires within 30 days."""
    cert = x509.load_pem_x509_certificate(data) if data.lstrip().startswith(b"-----BEGIN") else x509.load_der_x509_certificate(data)
    # cryptography 42 added not_valid_after_utc; Debian 12 has 38, with the naive UTC not_valid_after.
    not_after = getattr(cert, "not_valid_after_utc", None) or cert.not_valid_after.replace(tzinfo=timezone.utc)
    days_left = (not_after - datetime.now(timezone.utc)).total_seconds() / 86400
    if days_left < 30:
        print("warning: the certificate %s on %s; get the authority's current one"
              % ("expired" if days_left < 0 else "expires", format_created(not_after)), file=sys.stderr)
    return cert


def rsa_encrypt(cert: x509.Certificate, ks: bytes) -> bytes:
    return cert.public_key().encrypt(ks, rsa_padding.PKCS1v15())


def generate(args) -> int:
    password = os.environ.get("AREAOE_PASSWORD", "")
    if not re.fullmatch(r"[0-9]{9}/[0-9]+", args.username or ""):
        return fail("--username must be NIF/UserID, e.g. 123456789/1")
    if password == "":
        return fail("set the password in the environment variable AREAOE_PASSWORD")
    if not args.certificate:
        return fail("--certificate FILE (PEM or DER) is required")
    with open(args.certificate, "rb") as file:
        cert = read_certificate(file.read())
    ks = secrets.token_bytes(16)  # a fresh AES-128 key from the CSPRNG for every header
    nonce = base64.b64encode(rsa_encrypt(cert, ks)).decode("ascii")
    print(envelope(args.username, header_fields(ks, format_created(datetime.now(timezone.utc)), password, args.form), nonce))
    return 0


def check_vectors(path: str) -> int:
    """Compares this file's output with the published test vectors; any difference exits non-zero."""
    with open(path, encoding="utf-8") as file:
        data = json.load(file)
    private_key = serialization.load_pem_private_key(data["testKey"]["privateKeyPem"].encode("ascii"), password=None)
    failures = []

    def expect(name, what, actual, wanted):
        if actual != wanted:
            failures.append("FAIL %s: %s is %s, expected %s" % (name, what, actual, wanted))

    for v in data["vectors"]:
        ks = bytes.fromhex(v["ks"])
        expect(v["name"], "decrypted nonce", private_key.decrypt(base64.b64decode(v["nonce"]), rsa_padding.PKCS1v15()).hex(), v["ks"].lower())
        f = header_fields(ks, v["created"], v["password"], v["form"])
        expect(v["name"], "passwordCipher", f["password"], v["passwordCipher"])
        expect(v["name"], "digest", f["digest"], v["digest"])
        expect(v["name"], "createdCipher", None if v["form"] == "digest" else f["created"], v["createdCipher"])
        parsed = datetime.strptime(v["created"], "%Y-%m-%dT%H:%M:%S.%fZ").replace(tzinfo=timezone.utc)
        expect(v["name"], "formatted created", format_created(parsed), v["created"])
    # Our own RSA encryption, under the vectors' certificate, must decrypt back to Ks.
    ks = secrets.token_bytes(16)
    cert = read_certificate(data["testKey"]["certificatePem"].encode("ascii"))
    expect("rsa round trip", "decrypted Ks", private_key.decrypt(rsa_encrypt(cert, ks), rsa_padding.PKCS1v15()), ks)
    if not data["vectors"]:
        failures.append("FAIL vectors: the file has none")
    for line in failures:
        print(line, file=sys.stderr)
    print("all %d vectors match" % len(data["vectors"]) if not failures else "%d difference(s)" % len(failures))
    return 0 if not failures else 1


def send(url: str, envelope_xml: str, p12_file: str, p12_password: str) -> bytes:
    # Sends the request with the client certificate of a PKCS#12 file. The default SSL context checks the
    # server's certificate against the system's CAs and its host name: never weaken it. A PKCS#12 with legacy
    # RC2-40 encryption may be refused by OpenSSL 3: convert it with openssl pkcs12 -legacy.
    import ssl, tempfile, urllib.request
    from cryptography.hazmat.primitives.serialization import pkcs12
    with open(p12_file, "rb") as file:
        key, cert, _chain = pkcs12.load_key_and_certificates(file.read(), p12_password.encode("utf-8"))
    context = ssl.create_default_context()
    with tempfile.NamedTemporaryFile(suffix=".pem") as pem:  # ssl loads a client key from a file only
        secret = serialization.BestAvailableEncryption(p12_password.encode("utf-8"))
        pem.write(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, secret))
        pem.write(cert.public_bytes(serialization.Encoding.PEM))
        pem.flush()
        context.load_cert_chain(pem.name, password=p12_password)
    request = urllib.request.Request(url, data=envelope_xml.encode("utf-8"), method="POST",
                                     headers={"Content-Type": "text/xml; charset=utf-8", "SOAPAction": '""'})
    with urllib.request.urlopen(request, context=context, timeout=30) as answer:
        return answer.read()


def fail(message: str) -> int:
    print("error: " + message, file=sys.stderr)
    return 2


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description="areaOE security header sample")
    parser.add_argument("--username")
    parser.add_argument("--certificate")
    parser.add_argument("--form", choices=["digest", "encrypted-created"], default="digest")
    parser.add_argument("--vectors")
    arguments = parser.parse_args()
    sys.exit(check_vectors(arguments.vectors) if arguments.vectors else generate(arguments))
