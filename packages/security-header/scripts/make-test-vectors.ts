/**
 * `npm run test-vectors -w @areaoe/security-header`: writes test-vectors/security-header-test-vectors.json,
 * fixed inputs and the exact outputs of this package's own code, for people who port the header to
 * another language. Its test (make-test-vectors.test.ts) rebuilds the file in memory and fails when one
 * byte differs, so a change of the package's output cannot go unnoticed.
 *
 * Everything is fixed: Ks per vector, Created, and the random bytes of the RSA PKCS#1 v1.5 padding, which
 * come from a stream seeded by `noncePaddingSeed` (the package's RSA code takes an injected source for
 * this). A real header's padding is fresh random bytes; that is why a client's own Nonce for the same
 * Ks differs from the vector's and is checked by decrypting it, not by comparing it.
 */
import { createCipheriv, createHash, createPublicKey, publicEncrypt, constants } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { headerGenerator, type HeaderCrypto } from "../src/header-core.js";
import { browserHeaderCrypto } from "../src/header.browser.js";
import type { HeaderForm } from "../src/header-form.js";
import { parseAuthorityKey } from "../src/parse-authority-key.js";
import { resolvePublicKey } from "../src/public-key.js";
import { rsaEncryptPkcs1v15, type BrowserRsaKey, type PaddingRandomSource } from "../src/rsa-pkcs1.js";
import { buildSecurityXml, WSS_NAMESPACE, wrapInEnvelope } from "../src/xml.js";
import type { FindingCode } from "../src/verify-findings.js";

const dir = (name: string) => fileURLToPath(new URL(`../test-vectors/${name}`, import.meta.url));
export const TEST_VECTORS_FILE = dir("security-header-test-vectors.json");
export const TEST_PRIVATE_KEY_FILE = dir("public-test-key.pem");
export const TEST_CERTIFICATE_FILE = dir("public-test-certificate.pem");

const WARNING =
  "PUBLIC TEST KEY: this private key is published on purpose so that anyone can decrypt the vectors' Nonce. " +
  "Never trust it, never configure it for a service, never send a real password encrypted under it.";

/** SOAP 1.2's envelope namespace: the authority's services speak SOAP 1.1. */
export const SOAP12_ENVELOPE_NAMESPACE = "http://www.w3.org/2003/05/soap-envelope";
/** The OASIS WS-Security 1.0 namespace, which many toolkits write; the authority expects the 2002/12 draft's. */
export const OASIS_SECEXT_NAMESPACE = "http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd";

interface VectorInput {
  readonly name: string;
  readonly description: string;
  readonly form: HeaderForm;
  readonly username: string;
  readonly password: string;
  readonly created: string;
  readonly ks: string;
}

const VECTORS: readonly VectorInput[] = [
  {
    name: "digest-ascii",
    description: "Digest form (the authority's sample), ASCII password",
    form: "digest",
    username: "123456789/1",
    password: "S3cret!pass",
    created: "2026-11-26T10:15:30.123Z",
    ks: "000102030405060708090a0b0c0d0e0f",
  },
  {
    name: "digest-utf8",
    description: "Digest form, non-ASCII password (UTF-8 bytes go into Password and the Digest)",
    form: "digest",
    username: "123456789/12",
    password: "pässwörd-€-ção",
    created: "2026-11-26T10:15:31.004Z",
    ks: "8f3a61c2d94e07b51f2c88e0a3d6479b",
  },
  {
    name: "encrypted-created-ascii",
    description: "Encrypted-Created form (no Digest), ASCII password",
    form: "encrypted-created",
    username: "123456789/1",
    password: "S3cret!pass",
    created: "2026-11-26T10:15:32.000Z",
    ks: "c4f0e1d2b3a4958677685a4b3c2d1e0f",
  },
  {
    name: "encrypted-created-utf8",
    description: "Encrypted-Created form, non-ASCII password",
    form: "encrypted-created",
    username: "123456789/3",
    password: "pässwörd-€-ção",
    created: "2026-11-26T23:59:59.999Z",
    ks: "5be2a7d0193c84f6e7a1b20d9c3f4e58",
  },
];

/**
 * The padding bytes for one seed: the AES-256-CTR keystream under SHA-256 of the seed (node:crypto),
 * drawn in order; the same seed gives the same bytes, hence the same Nonce.
 */
export function seededPaddingRandom(seed: string): PaddingRandomSource {
  const key = createHash("sha256").update(`areaoe test vectors padding\0${seed}`, "utf8").digest();
  const stream = createCipheriv("aes-256-ctr", key, Buffer.alloc(16));
  return (length) => new Uint8Array(stream.update(Buffer.alloc(length)));
}

/** The browser's primitives with a fixed Ks and seeded padding: the package's code, made reproducible. */
function fixedCrypto(ks: Uint8Array, paddingSeed: string): HeaderCrypto<BrowserRsaKey> {
  const padding = seededPaddingRandom(paddingSeed);
  return {
    ...browserHeaderCrypto,
    sessionKey: () => Uint8Array.from(ks), // a copy: the generator wipes Ks after use
    rsaEncrypt: (key, data) => rsaEncryptPkcs1v15(key, data, padding),
  };
}

const hex = (text: string) => Uint8Array.from(Buffer.from(text, "hex"));
const paddingSeedOf = (name: string) => `areaoe-test-vectors-v1/${name}`;

interface NegativeParts {
  readonly username: string;
  readonly passwordCipher: string;
  readonly digest: string | null;
  readonly nonce: string;
  readonly created: string;
}

/** The fields of a header made by this package's primitives, before they become XML. */
async function headerParts(
  certificatePem: string,
  input: { name: string; password: string; created: string; ks: string; form: HeaderForm | "mixed" },
  overrides: { passwordCipher?: (ks: Uint8Array, password: Uint8Array) => Uint8Array; nonce?: (ks: Uint8Array) => Uint8Array } = {},
): Promise<NegativeParts> {
  const crypto = fixedCrypto(hex(input.ks), paddingSeedOf(input.name));
  const key = crypto.prepareKey(resolvePublicKey(parseAuthorityKey(certificatePem)));
  const ks = hex(input.ks);
  const password = crypto.utf8(input.password);
  const created = crypto.utf8(input.created);
  const withDigest = input.form !== "encrypted-created";
  const digestInput = new Uint8Array([...ks, ...created, ...password]);
  return {
    username: "123456789/1",
    passwordCipher: crypto.base64(overrides.passwordCipher?.(ks, password) ?? crypto.aesEncrypt(ks, password)),
    digest: withDigest ? crypto.base64(crypto.aesEncrypt(ks, await crypto.sha1(digestInput))) : null,
    nonce: crypto.base64(overrides.nonce?.(ks) ?? crypto.rsaEncrypt(key, ks)),
    created: input.form === "digest" ? input.created : crypto.base64(crypto.aesEncrypt(ks, created)),
  };
}

function xmlOf(parts: NegativeParts): string {
  return buildSecurityXml({ ...parts, password: parts.passwordCipher });
}

function soap12Envelope(headerXml: string): string {
  return wrapInEnvelope(headerXml).replace(/xmlns:soapenv="[^"]*"/, `xmlns:soapenv="${SOAP12_ENVELOPE_NAMESPACE}"`);
}

interface NegativeVector {
  readonly name: string;
  readonly description: string;
  readonly envelope: string;
  readonly finding: FindingCode;
  /** The time to verify at (`now`), so that Created's age adds no finding of its own. */
  readonly verifyAt: string;
}

async function negativeVectors(certificatePem: string): Promise<NegativeVector[]> {
  const base = { password: "S3cret!pass", ks: "0f1e2d3c4b5a69788796a5b4c3d2e1f0" };
  const created = "2026-11-26T10:20:00.000Z";
  const verifyAt = "2026-11-26T10:20:01.000Z";
  const vector = async (
    name: string,
    description: string,
    finding: FindingCode,
    make: (name: string) => Promise<string>,
  ): Promise<NegativeVector> => ({ name, description, envelope: await make(name), finding, verifyAt });

  return [
    await vector(
      "created-with-offset",
      "Created written with +00:00 instead of Z (the Digest is computed over that very text)",
      "CREATED_MALFORMED",
      async (name) =>
        wrapInEnvelope(xmlOf(await headerParts(certificatePem, { ...base, name, form: "digest", created: "2026-11-26T10:20:00.000+00:00" }))),
    ),
    await vector(
      "oasis-secext-namespace",
      `The header in the OASIS WS-Security 1.0 namespace (${OASIS_SECEXT_NAMESPACE}) instead of ${WSS_NAMESPACE}`,
      "WRONG_NAMESPACE",
      async (name) =>
        wrapInEnvelope(xmlOf(await headerParts(certificatePem, { ...base, name, form: "digest", created })).replace(WSS_NAMESPACE, OASIS_SECEXT_NAMESPACE)),
    ),
    await vector(
      "soap-1.2-envelope",
      `A correct header in a SOAP 1.2 envelope (${SOAP12_ENVELOPE_NAMESPACE}); the services speak SOAP 1.1`,
      "SOAP_VERSION_MISMATCH",
      async (name) => soap12Envelope(xmlOf(await headerParts(certificatePem, { ...base, name, form: "digest", created }))),
    ),
    await vector(
      "mixed-form",
      "A Digest attribute AND an encrypted Created (the Digest is computed over the clear Created)",
      "MIXED_FORM",
      async (name) => wrapInEnvelope(xmlOf(await headerParts(certificatePem, { ...base, name, form: "mixed", created }))),
    ),
    await vector(
      "password-zero-padding",
      "Password encrypted with zero bytes as padding (AES/ECB/NoPadding) instead of PKCS#5",
      "PASSWORD_UNDECRYPTABLE",
      async (name) =>
        wrapInEnvelope(
          xmlOf(
            await headerParts(certificatePem, { ...base, name, form: "digest", created }, {
              passwordCipher: (ks, password) => {
                const padded = Buffer.alloc(Math.ceil(password.length / 16) * 16);
                padded.set(password);
                const cipher = createCipheriv("aes-128-ecb", ks, null).setAutoPadding(false);
                return Buffer.concat([cipher.update(padded), cipher.final()]);
              },
            }),
          ),
        ),
    ),
    await vector(
      "nonce-without-pkcs1-padding",
      "Ks encrypted with raw RSA (no PKCS#1 v1.5 padding: RSA/ECB/NoPadding)",
      "NONCE_UNDECRYPTABLE",
      async (name) =>
        wrapInEnvelope(
          xmlOf(
            await headerParts(certificatePem, { ...base, name, form: "digest", created }, {
              nonce: (ks) => {
                const publicKey = createPublicKey(certificatePem);
                const modulusBytes = (publicKey.asymmetricKeyDetails?.modulusLength ?? 0) / 8;
                const block = Buffer.alloc(modulusBytes);
                block.set(ks, modulusBytes - ks.length);
                return publicEncrypt({ key: publicKey, padding: constants.RSA_NO_PADDING }, block);
              },
            }),
          ),
        ),
    ),
  ];
}

/** The whole file, as text (two-space JSON and a final newline). */
export async function buildTestVectors(): Promise<string> {
  const privateKeyPem = readFileSync(TEST_PRIVATE_KEY_FILE, "utf8");
  const certificatePem = readFileSync(TEST_CERTIFICATE_FILE, "utf8");
  const publicKey = parseAuthorityKey(certificatePem);
  const vectors = [];
  for (const input of VECTORS) {
    const paddingSeed = paddingSeedOf(input.name);
    const generate = headerGenerator(fixedCrypto(hex(input.ks), paddingSeed));
    const header = await generate({
      username: input.username,
      password: input.password,
      publicKey,
      form: input.form,
      now: new Date(input.created),
    });
    vectors.push({
      name: input.name,
      description: input.description,
      form: input.form,
      username: input.username,
      password: input.password,
      passwordUtf8Hex: Buffer.from(input.password, "utf8").toString("hex"),
      created: input.created,
      ks: input.ks,
      noncePaddingSeed: paddingSeed,
      nonce: header.nonce,
      passwordCipher: header.password,
      digest: header.digest,
      createdCipher: header.form === "encrypted-created" ? header.created : null,
      securityXml: header.xml,
      envelope: wrapInEnvelope(header.xml),
    });
  }
  const file = {
    version: 1,
    warning: WARNING,
    generatedBy: "packages/security-header/scripts/make-test-vectors.ts (areaOE)",
    algorithms: {
      ks: "16 bytes (AES-128 key), written here as 32 hex digits; a client makes fresh random ones",
      nonce: "Base64(RSAES-PKCS1-v1_5(testKey, Ks)) (RFC 8017 section 7.2)",
      passwordCipher: "Base64(AES-128-ECB-PKCS5(Ks, UTF-8(password)))",
      digest: "digest form: Base64(AES-128-ECB-PKCS5(Ks, SHA-1(Ks || UTF-8(created) || UTF-8(password)))); encrypted-created form: null",
      createdCipher: "encrypted-created form: Base64(AES-128-ECB-PKCS5(Ks, UTF-8(created))); digest form: null (Created travels in clear)",
      created: "UTC, yyyy-MM-ddTHH:mm:ss.SSSZ",
    },
    noncePaddingSeed:
      "PKCS#1 v1.5 padding is random. To make this file reproducible, the padding bytes of each vector's Nonce come from the AES-256-CTR keystream " +
      "(zero IV) under SHA-256(\"areaoe test vectors padding\" || 0x00 || noncePaddingSeed). A client's own Nonce for the same Ks is different " +
      "and correct: check it by decrypting it with testKey.privateKeyPem, never by comparing it with the vector's.",
    testKey: {
      warning: WARNING,
      privateKeyPem,
      certificatePem,
      certificateSha256Fingerprint: publicKey.certificate?.sha256Fingerprint ?? null,
    },
    vectors,
    negative: await negativeVectors(certificatePem),
  };
  return `${JSON.stringify(file, null, 2)}\n`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(TEST_VECTORS_FILE, await buildTestVectors());
  console.log(`wrote ${TEST_VECTORS_FILE}`);
}
