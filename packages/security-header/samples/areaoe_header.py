# SPDX-License-Identifier: 0BSD
# areaOE security header sample for Python 3 with the `cryptography` package (Debian: python3-cryptography;
# tested: Python 3.11 with cryptography 38 and 48). Copy, change and use it freely.
# Makes the WS-Security UsernameToken header the customs web services expect, in a SOAP 1.1 envelope:
#   AREAOE_PASSWORD=... python3 areaoe_header.py --username 123456789/1 --certificate authority.pem [--form digest|encrypted-created]
#   AREAOE_PASSWORD=... python3 areaoe_header.py --username 123456789/1 --key-from https://<portal>/areaOE/sandbox/keys \
#     --fingerprint <SHA-256 of the key, from the portal's page> [--key-date 2027-04-15]
#     (instead of --certificate: the key valid on that date, default now, from a published key set; see key_from)
#   python3 areaoe_header.py --vectors security-header-test-vectors.json   (checks this code; exit 0 = all match)
import argparse
import base64
import hashlib
import json
import os
import pathlib
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


# --key-from: the key set is JSON, {"now", "keys": [{"id", "status": "current" | "next" | "retired",
# "validFrom", "validUntil" (ISO 8601 UTC), "fingerprintSha256" (SHA-256 of the DER certificate, lowercase
# hex), "certificatePem", "certificateDer" (URLs)}]}. Both requests are bounded in size and time. A key
# server must not be able to hand out its own key: https only (or a file: you name), redirects only
# within the key set's origin, and the key is used only if its fingerprint is one you give
# (--fingerprint), never merely the one the answer publishes.
KEY_SET_MAX_BYTES = 64 * 1024
KEY_FETCH_SECONDS = 10
MAX_REDIRECTS = 5


class KeyFromError(Exception):
    pass


def origin_of(url: str) -> tuple:
    from urllib.parse import urlsplit
    parts = urlsplit(url)
    return (parts.scheme, parts.hostname, parts.port or (443 if parts.scheme == "https" else None))


def bounded_get(url: str, what: str, max_bytes: int) -> bytes:
    import time
    import urllib.error
    import urllib.request
    from urllib.parse import urlsplit, unquote
    if url.startswith("file:"):
        path = unquote(urlsplit(url).path)
        try:
            if os.path.getsize(path) > max_bytes:
                raise KeyFromError("%s is larger than %d KB" % (what, max_bytes // 1024))
            with open(path, "rb") as file:
                return file.read(max_bytes + 1)
        except OSError:
            raise KeyFromError("%s: the file %s cannot be read" % (what, path))
    if not url.startswith("https://"):
        raise KeyFromError("%s: %s is not an https URL: refused (a key over plain http can be swapped on the way)" % (what, url))

    class SameOrigin(urllib.request.HTTPRedirectHandler):
        max_redirections = MAX_REDIRECTS

        def redirect_request(self, req, fp, code, msg, headers, newurl):
            if origin_of(newurl) != origin_of(url):
                raise KeyFromError("%s: %s redirects to another origin (%s): refused" % (what, req.full_url, newurl))
            return super().redirect_request(req, fp, code, msg, headers, newurl)

    deadline = time.monotonic() + KEY_FETCH_SECONDS
    try:
        with urllib.request.build_opener(SameOrigin).open(url, timeout=KEY_FETCH_SECONDS) as answer:
            body = b""
            while len(body) <= max_bytes:
                if time.monotonic() > deadline:
                    raise KeyFromError("%s: no complete answer within %d s from %s" % (what, KEY_FETCH_SECONDS, url))
                chunk = answer.read(8192)
                if not chunk:
                    return body
                body += chunk
            raise KeyFromError("%s is larger than %d KB" % (what, max_bytes // 1024))
    except urllib.error.HTTPError as error:
        raise KeyFromError("%s: HTTP status %d from %s" % (what, error.code, url))
    except (urllib.error.URLError, OSError):
        raise KeyFromError("%s: %s could not be reached, or did not answer within %d s" % (what, url, KEY_FETCH_SECONDS))


def certificate_url(value: str, key_set_url: str, number: int) -> str:
    """The certificate's address: https on the key set's origin; for a key set in a file, a path beside it or https."""
    from urllib.parse import urljoin
    url = urljoin(key_set_url, value)
    if key_set_url.startswith("file:"):
        if not url.startswith(("file:", "https://")):
            raise KeyFromError("--key-from: key #%d of the key set: its certificate must be a file path or an https URL" % number)
    elif not url.startswith("https://") or origin_of(url) != origin_of(key_set_url):
        raise KeyFromError("--key-from: key #%d of the key set: its certificate must be an https URL on the key set's origin" % number)
    return url


def fingerprint_of(text: str):
    """A SHA-256 fingerprint as users copy it (hex, any case, colons allowed), as 64 lowercase hex; None if it is none."""
    hex_digits = text.strip().replace(":", "").lower()
    return hex_digits if re.fullmatch(r"[0-9a-f]{64}", hex_digits) else None


def parse_utc(text: str) -> datetime:
    if not re.fullmatch(r"\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?Z)?", text):
        raise ValueError(text)
    moment = datetime.fromisoformat(text.replace("Z", "+00:00") if "T" in text else text + "T00:00:00+00:00")
    return moment.astimezone(timezone.utc)


def key_from(url: str, date: datetime, fingerprints: list) -> x509.Certificate:
    """Among the keys not retired with validFrom <= date < validUntil, the latest validFrom (during an overlap,
    the next key); used only if its fingerprint is one given (--fingerprint; a key set file's own count as
    given) and its certificate's SHA-256 is that fingerprint."""
    from cryptography.hazmat.primitives import hashes
    try:
        data = json.loads(bounded_get(url, "--key-from: the key set", KEY_SET_MAX_BYTES).decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        raise KeyFromError("--key-from: the key set is not JSON")
    keys = data.get("keys") if isinstance(data, dict) else None
    if not isinstance(keys, list) or len(keys) > 32:
        raise KeyFromError('--key-from: the key set is not an object with a "keys" array (of at most 32 keys)')
    fitting = []
    for number, key in enumerate(keys, 1):
        fields = ("id", "status", "validFrom", "validUntil", "fingerprintSha256", "certificatePem", "certificateDer")
        if not isinstance(key, dict) or not all(isinstance(key.get(name), str) for name in fields):
            raise KeyFromError("--key-from: key #%d of the key set lacks one of %s" % (number, ", ".join(fields)))
        if key["status"] not in ("current", "next", "retired") or not re.fullmatch(r"[0-9a-f]{64}", key["fingerprintSha256"]):
            raise KeyFromError("--key-from: key #%d of the key set has an unknown status or a malformed fingerprintSha256" % number)
        try:
            valid_from, valid_until = parse_utc(key["validFrom"]), parse_utc(key["validUntil"])
        except ValueError:
            raise KeyFromError("--key-from: key #%d of the key set has a validity that is not ISO 8601 UTC" % number)
        key = dict(key, certificatePem=certificate_url(key["certificatePem"], url, number))
        if key["status"] != "retired" and valid_from <= date < valid_until:
            fitting.append((valid_from, key))
    if not fitting:
        raise KeyFromError("--key-from: no key of the key set is valid on %s (none that is not retired with validFrom <= that time < validUntil)" % format_created(date))
    key = max(fitting, key=lambda pair: pair[0])[1]
    if key["fingerprintSha256"] not in fingerprints and not url.startswith("file:"):
        raise KeyFromError('--key-from: key "%s" (%s, valid %s to %s) has the SHA-256 fingerprint %s, which you have not said you trust: '
                           "a key server cannot vouch for its own key. Compare it with the fingerprint the portal's page shows, then give it: --fingerprint %s"
                           % (key["id"], key["status"], key["validFrom"], key["validUntil"], key["fingerprintSha256"], key["fingerprintSha256"]))
    pem = bounded_get(key["certificatePem"], '--key-from: the certificate of key "%s"' % key["id"], KEY_SET_MAX_BYTES)
    try:
        cert = x509.load_pem_x509_certificate(pem)
    except ValueError:
        raise KeyFromError('--key-from: the certificate of key "%s" is not a PEM certificate' % key["id"])
    fingerprint = cert.fingerprint(hashes.SHA256()).hex()
    if fingerprint != key["fingerprintSha256"]:
        raise KeyFromError('--key-from: the certificate of key "%s" has the SHA-256 fingerprint %s, not the trusted %s: refused'
                           % (key["id"], fingerprint, key["fingerprintSha256"]))
    print('notice: --key-from: key "%s" (%s, valid %s to %s), fingerprint checked' % (key["id"], key["status"], key["validFrom"], key["validUntil"]), file=sys.stderr)
    return cert


def rsa_encrypt(cert: x509.Certificate, ks: bytes) -> bytes:
    return cert.public_key().encrypt(ks, rsa_padding.PKCS1v15())


def generate(args) -> int:
    password = os.environ.get("AREAOE_PASSWORD", "")
    if not re.fullmatch(r"[0-9]{9}/[0-9]+", args.username or ""):
        return fail("--username must be NIF/UserID, e.g. 123456789/1")
    if password == "":
        return fail("set the password in the environment variable AREAOE_PASSWORD")
    if bool(args.certificate) == bool(args.key_from):
        return fail("give --certificate FILE (PEM or DER) or --key-from URL (one of them)")
    if args.key_from:
        try:
            date = parse_utc(args.key_date) if args.key_date else datetime.now(timezone.utc)
        except ValueError:
            return fail("--key-date needs an ISO 8601 date or UTC time, e.g. 2027-04-15 or 2027-04-15T08:00:00Z")
        fingerprints = [fingerprint_of(text) for text in args.fingerprint or []]
        if None in fingerprints:
            return fail("--fingerprint needs a SHA-256 fingerprint: 64 hexadecimal characters (colons allowed)")
        if not args.key_from.startswith(("https://", "file:")):
            return fail("--key-from needs an https URL, or file:PATH for a key set on this machine (plain http is refused)")
        if args.key_from.startswith("file:") and not args.key_from.startswith("file://"):
            args.key_from = pathlib.Path(args.key_from[len("file:"):]).resolve().as_uri()
        try:
            cert = read_certificate(key_from(args.key_from, date, fingerprints).public_bytes(serialization.Encoding.DER))
        except KeyFromError as error:
            return fail(str(error))
    else:
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
    parser.add_argument("--key-from", help="https URL (or file:PATH) of a key set (JSON): the key valid on --key-date (default now)")
    parser.add_argument("--fingerprint", action="append", help="SHA-256 fingerprint of a key --key-from may use (repeat it for the current and the next key)")
    parser.add_argument("--key-date", help="ISO 8601 date or UTC time for --key-from, e.g. 2027-04-15")
    parser.add_argument("--vectors")
    arguments = parser.parse_args()
    sys.exit(check_vectors(arguments.vectors) if arguments.vectors else generate(arguments))
