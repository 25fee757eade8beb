"""Security headers with the usual mistakes, made by Python's cryptography package (an implementation
independent of the verifier's node:crypto) and Python's own Base64 encoders: the tests of the
verifier's diagnoses (verify-diagnoses.test.ts) check that each mistake is named.

Reads JSON from standard input: {"publicKeyPem", "username", "password", "created"}; writes JSON:
{"<variant>": "<wss:Security>...</wss:Security>", ...}.
"""
import base64
import hashlib
import json
import os
import sys

from cryptography.hazmat.primitives import hashes, padding, serialization
from cryptography.hazmat.primitives.asymmetric import padding as rsa_padding
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

WSS = "http://schemas.xmlsoap.org/ws/2002/12/secext"


def pkcs7(data):
    padder = padding.PKCS7(128).padder()
    return padder.update(data) + padder.finalize()


def aes(key, data, mode):
    """AES-128 with PKCS#5 padding: "ecb" (the authority's), "cbc-zero-iv", or "cbc-prepended-iv"."""
    if mode == "ecb":
        encryptor = Cipher(algorithms.AES(key), modes.ECB()).encryptor()
        return encryptor.update(pkcs7(data)) + encryptor.finalize()
    iv = bytes(16) if mode == "cbc-zero-iv" else os.urandom(16)
    encryptor = Cipher(algorithms.AES(key), modes.CBC(iv)).encryptor()
    body = encryptor.update(pkcs7(data)) + encryptor.finalize()
    return iv + body if mode == "cbc-prepended-iv" else body


def nonce(public_key, session_key, scheme):
    if scheme == "pkcs1":
        return public_key.encrypt(session_key, rsa_padding.PKCS1v15())
    algorithm = hashes.SHA1() if scheme == "oaep-sha1" else hashes.SHA256()
    return public_key.encrypt(session_key, rsa_padding.OAEP(mgf=rsa_padding.MGF1(algorithm=algorithm), algorithm=algorithm, label=None))


def header(public_key, username, password, created, *, scheme="pkcs1", mode="ecb", encode=base64.b64encode, form="digest"):
    session_key = os.urandom(16)
    text = lambda data: encode(data).decode("ascii")
    password_bytes = password.encode("utf-8")
    created_bytes = created.encode("utf-8")
    password_element = text(aes(session_key, password_bytes, mode))
    if form == "digest":
        digest = aes(session_key, hashlib.sha1(session_key + created_bytes + password_bytes).digest(), mode)
        password_open = '<wss:Password Digest="%s">' % text(digest)
        created_element = created
    else:
        password_open = "<wss:Password>"
        created_element = text(aes(session_key, created_bytes, mode))
    return "\n".join([
        '<wss:Security xmlns:wss="%s">' % WSS,
        "<wss:UsernameToken>",
        "<wss:Username>%s</wss:Username>" % username,
        "%s%s</wss:Password>" % (password_open, password_element),
        "<wss:Nonce>%s</wss:Nonce>" % text(nonce(public_key, session_key, scheme)),
        "<wss:Created>%s</wss:Created>" % created_element,
        "</wss:UsernameToken>",
        "</wss:Security>",
    ])


def main():
    request = json.load(sys.stdin)
    public_key = serialization.load_pem_public_key(request["publicKeyPem"].encode("ascii"))
    username, password, created = request["username"], request["password"], request["created"]
    make = lambda **options: header(public_key, username, options.pop("password", password), created, **options)
    variants = {
        "standard": make(),
        "oaep-sha1": make(scheme="oaep-sha1"),
        "oaep-sha256": make(scheme="oaep-sha256"),
        "cbc-zero-iv": make(mode="cbc-zero-iv"),
        "cbc-prepended-iv": make(mode="cbc-prepended-iv"),
        "cbc-zero-iv-encrypted-created": make(mode="cbc-zero-iv", form="encrypted-created"),
        "cbc-prepended-iv-encrypted-created": make(mode="cbc-prepended-iv", form="encrypted-created"),
        # Python's MIME encoder: a line break after every 76 characters (and at the end).
        "mime": make(encode=base64.encodebytes),
        "url-safe": make(encode=base64.urlsafe_b64encode),
        "newline-at-end": make(password=password + "\n"),
        "newline-inside": make(password=password[:4] + "\r\n" + password[4:]),
    }
    json.dump(variants, sys.stdout)


if __name__ == "__main__":
    main()
