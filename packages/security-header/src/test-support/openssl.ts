// Test helpers that drive the openssl CLI: an implementation independent of ours.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

export interface OpensslKeyPair {
  readonly dir: string;
  readonly bits: number;
  readonly privateKeyPath: string;
  readonly certificatePem: string;
  readonly certificateDer: Uint8Array;
  readonly publicKeyPem: string;
  readonly rsaPublicKeyPem: string;
  readonly publicKeyDer: Uint8Array;
}

export function openssl(args: readonly string[], input?: Uint8Array | string): Buffer {
  return execFileSync("openssl", args, { input, stdio: ["pipe", "pipe", "pipe"] });
}

export function makeTempDir(prefix = "security-header-"): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** RSA key pair and self-signed certificate made by openssl in `dir`. */
export function opensslKeyPair(dir: string, bits: number, days = 90): OpensslKeyPair {
  const privateKeyPath = join(dir, `key-${bits}.pem`);
  const certificatePath = join(dir, `cert-${bits}.pem`);
  openssl(["genpkey", "-algorithm", "RSA", "-pkeyopt", `rsa_keygen_bits:${bits}`, "-out", privateKeyPath]);
  openssl(["req", "-x509", "-new", "-key", privateKeyPath, "-out", certificatePath, "-days", String(days),
    "-subj", `/C=PT/O=areaOE tests/CN=Test authority ${bits}`]);
  return {
    dir,
    bits,
    privateKeyPath,
    certificatePem: readFileSync(certificatePath, "utf8"),
    certificateDer: new Uint8Array(openssl(["x509", "-in", certificatePath, "-outform", "DER"])),
    publicKeyPem: openssl(["pkey", "-in", privateKeyPath, "-pubout"]).toString("utf8"),
    rsaPublicKeyPem: openssl(["rsa", "-in", privateKeyPath, "-RSAPublicKey_out"]).toString("utf8"),
    publicKeyDer: new Uint8Array(openssl(["pkey", "-in", privateKeyPath, "-pubout", "-outform", "DER"])),
  };
}

/** RSA PKCS#1 v1.5 decryption of the Base64 Nonce: returns Ks. */
export function opensslDecryptNonce(pair: OpensslKeyPair, nonceBase64: string): Buffer {
  const nonceFile = join(pair.dir, "nonce.bin");
  writeFileSync(nonceFile, Buffer.from(nonceBase64, "base64"));
  return openssl(["pkeyutl", "-decrypt", "-inkey", pair.privateKeyPath, "-in", nonceFile,
    "-pkeyopt", "rsa_padding_mode:pkcs1"]);
}

export function opensslAesDecrypt(keyHex: string, ciphertextBase64: string): Buffer {
  return openssl(["enc", "-d", "-aes-128-ecb", "-K", keyHex], Buffer.from(ciphertextBase64, "base64"));
}

export function opensslAesEncrypt(keyHex: string, plaintext: Uint8Array): Buffer {
  return openssl(["enc", "-aes-128-ecb", "-K", keyHex], plaintext);
}

export function opensslSha1(data: Uint8Array): Buffer {
  return openssl(["dgst", "-sha1", "-binary"], data);
}

/** The authority's public 2027 certificate, kept outside the repository (`<repo>/../shared/fixtures`). */
export const FIXTURE_CERTIFICATE_PATH: URL = process.env.AREAOE_AUTHORITY_CERT_FIXTURE
  ? pathToFileURL(process.env.AREAOE_AUTHORITY_CERT_FIXTURE)
  : new URL("../../../../../shared/fixtures/authority-encryption-cert-2027.pem", import.meta.url);

export function opensslRand(bytes: number): Buffer {
  return openssl(["rand", String(bytes)]);
}

/** RSA PKCS#1 v1.5 encryption with the certificate's public key (the Nonce, as openssl would make it). */
export function opensslEncryptNonce(pair: OpensslKeyPair, sessionKey: Uint8Array): Buffer {
  const keyFile = join(pair.dir, `pub-${pair.bits}.pem`);
  writeFileSync(keyFile, pair.publicKeyPem);
  return openssl(["pkeyutl", "-encrypt", "-pubin", "-inkey", keyFile, "-pkeyopt", "rsa_padding_mode:pkcs1"], sessionKey);
}

/** A `digest`-form header made with the openssl command line alone (the XML is plain text around it). */
export function opensslDigestHeader(pair: OpensslKeyPair, username: string, password: string, created: string): string {
  const sessionKey = opensslRand(16);
  const keyHex = sessionKey.toString("hex");
  const passwordBytes = Buffer.from(password, "utf8");
  const digest = opensslAesEncrypt(keyHex, opensslSha1(Buffer.concat([sessionKey, Buffer.from(created, "utf8"), passwordBytes])));
  return [
    '<wss:Security xmlns:wss="http://schemas.xmlsoap.org/ws/2002/12/secext">',
    "<wss:UsernameToken>",
    `<wss:Username>${username}</wss:Username>`,
    `<wss:Password Digest="${digest.toString("base64")}">${opensslAesEncrypt(keyHex, passwordBytes).toString("base64")}</wss:Password>`,
    `<wss:Nonce>${opensslEncryptNonce(pair, sessionKey).toString("base64")}</wss:Nonce>`,
    `<wss:Created>${created}</wss:Created>`,
    "</wss:UsernameToken>",
    "</wss:Security>",
  ].join("\n");
}
