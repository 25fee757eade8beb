// SPDX-License-Identifier: 0BSD
// areaOE security header sample for Node.js (node:crypto only; tested: Node.js 24). Copy, change and use it freely.
// Node.js 20 makes headers too, but refuses the PKCS#1 v1.5 decryption that --vectors needs (CVE-2023-46809).
// Makes the WS-Security UsernameToken header the customs web services expect, in a SOAP 1.1 envelope:
//   AREAOE_PASSWORD=... node areaoe-header.mjs --username 123456789/1 --certificate authority.pem [--form digest|encrypted-created]
//   AREAOE_PASSWORD=... node areaoe-header.mjs --username 123456789/1 --key-from https://<portal>/areaOE/sandbox/keys \
//     --fingerprint <SHA-256 of the key, from the portal's page> [--key-date 2027-04-15]
//     (instead of --certificate: the key valid on that date, default now, from a published key set; see keyFrom)
//   node areaoe-header.mjs --vectors security-header-test-vectors.json   (checks this code; exit 0 = all match)
import { constants, createCipheriv, createHash, privateDecrypt, publicEncrypt, randomBytes, X509Certificate } from "node:crypto";
import { readFileSync, statSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import https from "node:https";

const WSS = "http://schemas.xmlsoap.org/ws/2002/12/secext";
const SOAP11 = "http://schemas.xmlsoap.org/soap/envelope/";
const PKCS1 = constants.RSA_PKCS1_PADDING;

// AES-128 in ECB mode with PKCS#5/7 padding, as the authority's Java sample (AES/ECB/PKCS5Padding).
function aes(ks, data) {
  const cipher = createCipheriv("aes-128-ecb", ks, null);
  return Buffer.concat([cipher.update(data), cipher.final()]).toString("base64");
}

// UTC, yyyy-MM-ddTHH:mm:ss.SSSZ: toISOString never depends on the locale or the time zone.
const formatCreated = (date) => date.toISOString();

// The fields that depend on Ks; Nonce is RSA(Ks) and is made apart.
function headerFields(ks, created, password, form) {
  const pw = Buffer.from(password, "utf8");
  const fields = { password: aes(ks, pw), digest: null, created };
  if (form === "digest") {
    fields.digest = aes(ks, createHash("sha1").update(Buffer.concat([ks, Buffer.from(created, "utf8"), pw])).digest());
  } else {
    fields.created = aes(ks, Buffer.from(created, "utf8"));
  }
  return fields;
}

function envelope(username, f, nonce) {
  const digest = f.digest === null ? "" : ` Digest="${f.digest}"`;
  return [
    `<soapenv:Envelope xmlns:soapenv="${SOAP11}">`,
    "  <soapenv:Header>",
    `    <wss:Security xmlns:wss="${WSS}">`,
    "      <wss:UsernameToken>",
    `        <wss:Username>${username}</wss:Username>`,
    `        <wss:Password${digest}>${f.password}</wss:Password>`,
    `        <wss:Nonce>${nonce}</wss:Nonce>`,
    `        <wss:Created>${f.created}</wss:Created>`,
    "      </wss:UsernameToken>",
    "    </wss:Security>",
    "  </soapenv:Header>",
    "  <soapenv:Body/>",
    "</soapenv:Envelope>",
  ].join("\n");
}

// PEM or DER bytes: X509Certificate reads both.
function readCertificate(bytes) {
  const cert = new X509Certificate(bytes);
  const daysLeft = (Date.parse(cert.validTo) - Date.now()) / 86_400_000;
  if (daysLeft < 30) {
    console.error(`warning: the certificate ${daysLeft < 0 ? "expired" : "expires"} on ${new Date(cert.validTo).toISOString()}; get the authority's current one`);
  }
  return cert.publicKey;
}

// --key-from: the key set is JSON, {"now", "keys": [{"id", "status": "current" | "next" | "retired",
// "validFrom", "validUntil" (ISO 8601 UTC), "fingerprintSha256" (SHA-256 of the DER certificate, lowercase
// hex), "certificatePem", "certificateDer" (URLs)}]}. Both requests are bounded in size and time. A key
// server must not be able to hand out its own key: https only (or a file: you name), redirects only
// within the key set's origin, and the key is used only if its fingerprint is one you give
// (--fingerprint), never merely the one the answer publishes.
const KEY_SET_MAX_BYTES = 64 * 1024;
const KEY_FETCH_MS = 10_000;
const MAX_REDIRECTS = 5;

async function boundedGet(url, what) {
  const target = new URL(url);
  if (target.protocol === "file:") {
    try {
      if (statSync(target).size > KEY_SET_MAX_BYTES) fail(`${what} is larger than ${KEY_SET_MAX_BYTES / 1024} KB`);
      return readFileSync(target);
    } catch {
      fail(`${what}: the file ${fileURLToPath(target)} cannot be read`);
    }
  }
  if (target.protocol !== "https:") fail(`${what}: ${url} is not an https URL: refused (a key over plain http can be swapped on the way)`);
  const chunks = [];
  let size = 0;
  try {
    const signal = AbortSignal.timeout(KEY_FETCH_MS);
    let current = target;
    let response;
    for (let redirects = 0; ; redirects += 1) {
      response = await fetch(current, { signal, redirect: "manual" });
      if (![301, 302, 303, 307, 308].includes(response.status)) break;
      const next = new URL(response.headers.get("location") ?? "", current);
      if (next.origin !== target.origin) fail(`${what}: ${current.href} redirects to another origin (${next.origin}): refused`);
      if (redirects >= MAX_REDIRECTS) fail(`${what}: more than ${MAX_REDIRECTS} redirects from ${url}`);
      current = next;
    }
    if (!response.ok) fail(`${what}: HTTP status ${response.status} from ${url}`);
    for await (const chunk of response.body) {
      size += chunk.length;
      if (size > KEY_SET_MAX_BYTES) fail(`${what} is larger than ${KEY_SET_MAX_BYTES / 1024} KB`);
      chunks.push(chunk);
    }
  } catch (error) {
    if (error.name === "TimeoutError") fail(`${what}: no complete answer within ${KEY_FETCH_MS / 1000} s from ${url}`);
    fail(`${what}: ${url} could not be reached`);
  }
  return Buffer.concat(chunks);
}

// The certificate's address: https on the key set's origin; for a key set in a file, a path beside it or https.
function certificateUrl(value, keySetUrl, number) {
  const url = new URL(value, keySetUrl);
  const base = new URL(keySetUrl);
  const allowed = base.protocol === "file:" ? url.protocol === "file:" || url.protocol === "https:" : url.protocol === "https:" && url.origin === base.origin;
  if (!allowed) fail(`--key-from: key #${number} of the key set: its certificate must be ${base.protocol === "file:" ? "a file path or an https URL" : "an https URL on the key set's origin"}`);
  return url.href;
}

// A SHA-256 fingerprint as users copy it (hex, any case, colons allowed), as 64 lowercase hex; null if it is none.
function fingerprintOf(text) {
  const hex = text.trim().replace(/:/g, "").toLowerCase();
  return /^[0-9a-f]{64}$/.test(hex) ? hex : null;
}

const ISO_UTC = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?Z)?$/;
const parseUtc = (text) => (typeof text === "string" && ISO_UTC.test(text) ? Date.parse(text) : Number.NaN);

// Among the keys not retired with validFrom <= date < validUntil, the latest validFrom (during an overlap,
// the next key); used only if its fingerprint is one given (--fingerprint; a key set file's own count as
// given) and its certificate's SHA-256 is that fingerprint.
async function keyFrom(url, date, fingerprints) {
  let data;
  try {
    data = JSON.parse((await boundedGet(url, "--key-from: the key set")).toString("utf8"));
  } catch {
    fail("--key-from: the key set is not JSON");
  }
  const keys = data?.keys;
  if (!Array.isArray(keys) || keys.length > 32) fail('--key-from: the key set is not an object with a "keys" array (of at most 32 keys)');
  const fields = ["id", "status", "validFrom", "validUntil", "fingerprintSha256", "certificatePem", "certificateDer"];
  const fitting = keys.filter((key, index) => {
    if (typeof key !== "object" || key === null || !fields.every((name) => typeof key[name] === "string")) fail(`--key-from: key #${index + 1} of the key set lacks one of ${fields.join(", ")}`);
    if (!["current", "next", "retired"].includes(key.status) || !/^[0-9a-f]{64}$/.test(key.fingerprintSha256)) fail(`--key-from: key #${index + 1} of the key set has an unknown status or a malformed fingerprintSha256`);
    const from = parseUtc(key.validFrom);
    const until = parseUtc(key.validUntil);
    if (Number.isNaN(from) || Number.isNaN(until)) fail(`--key-from: key #${index + 1} of the key set has a validity that is not ISO 8601 UTC`);
    key.certificatePem = certificateUrl(key.certificatePem, url, index + 1);
    return key.status !== "retired" && from <= date.getTime() && date.getTime() < until;
  });
  if (fitting.length === 0) fail(`--key-from: no key of the key set is valid on ${date.toISOString()} (none that is not retired with validFrom <= that time < validUntil)`);
  const key = fitting.sort((a, b) => parseUtc(b.validFrom) - parseUtc(a.validFrom))[0];
  if (!fingerprints.includes(key.fingerprintSha256) && !url.startsWith("file:")) {
    fail(`--key-from: key "${key.id}" (${key.status}, valid ${key.validFrom} to ${key.validUntil}) has the SHA-256 fingerprint ${key.fingerprintSha256}, which you have not said you trust: ` +
      `a key server cannot vouch for its own key. Compare it with the fingerprint the portal's page shows, then give it: --fingerprint ${key.fingerprintSha256}`);
  }
  let cert;
  try {
    cert = new X509Certificate(await boundedGet(key.certificatePem, `--key-from: the certificate of key "${key.id}"`));
  } catch {
    fail(`--key-from: the certificate of key "${key.id}" is not a certificate`);
  }
  const fingerprint = createHash("sha256").update(cert.raw).digest("hex");
  if (fingerprint !== key.fingerprintSha256) fail(`--key-from: the certificate of key "${key.id}" has the SHA-256 fingerprint ${fingerprint}, not the trusted ${key.fingerprintSha256}: refused`);
  console.error(`notice: --key-from: key "${key.id}" (${key.status}, valid ${key.validFrom} to ${key.validUntil}), fingerprint checked`);
  return cert.raw;
}

async function generate(args) {
  const password = process.env.AREAOE_PASSWORD ?? "";
  if (!/^[0-9]{9}\/[0-9]+$/.test(args.username ?? "")) fail("--username must be NIF/UserID, e.g. 123456789/1");
  if (password === "") fail("set the password in the environment variable AREAOE_PASSWORD");
  if (Boolean(args.certificate) === Boolean(args["key-from"])) fail("give --certificate FILE (PEM or DER) or --key-from URL (one of them)");
  const form = args.form ?? "digest";
  if (form !== "digest" && form !== "encrypted-created") fail("--form must be digest or encrypted-created");
  let publicKey;
  if (args["key-from"]) {
    const date = args["key-date"] === undefined ? new Date() : new Date(parseUtc(args["key-date"]));
    if (Number.isNaN(date.getTime())) fail("--key-date needs an ISO 8601 date or UTC time, e.g. 2027-04-15 or 2027-04-15T08:00:00Z");
    const fingerprints = (args.fingerprint ?? []).map(fingerprintOf);
    if (fingerprints.includes(null)) fail("--fingerprint needs a SHA-256 fingerprint: 64 hexadecimal characters (colons allowed)");
    let source = args["key-from"];
    if (source.startsWith("file:") && !source.startsWith("file://")) source = pathToFileURL(source.slice("file:".length)).href;
    if (!source.startsWith("https://") && !source.startsWith("file:")) fail("--key-from needs an https URL, or file:PATH for a key set on this machine (plain http is refused)");
    publicKey = readCertificate(await keyFrom(source, date, fingerprints));
  } else {
    publicKey = readCertificate(readFileSync(args.certificate));
  }
  const ks = randomBytes(16); // a fresh AES-128 key from the CSPRNG for every header
  const nonce = publicEncrypt({ key: publicKey, padding: PKCS1 }, ks).toString("base64");
  process.stdout.write(envelope(args.username, headerFields(ks, formatCreated(new Date()), password, form), nonce) + "\n");
}

// RSA PKCS#1 v1.5 decryption, which only --vectors needs (making a header encrypts). Node.js 20 (from
// 20.11.1, CVE-2023-46809) refuses it unless OpenSSL does implicit rejection; Node.js 24 does it safely.
function pkcs1Decrypt(privateKey, data) {
  try {
    return privateDecrypt({ key: privateKey, padding: PKCS1 }, data);
  } catch (error) {
    if (error.code === "ERR_INVALID_ARG_VALUE" && /RSA_PKCS1_PADDING/.test(error.message)) {
      fail(`--vectors needs RSA PKCS#1 v1.5 decryption, which Node.js ${process.versions.node} refuses (CVE-2023-46809). ` +
        "Run --vectors with Node.js 24, the version this sample is tested with. Making headers works on this version.");
    }
    throw error;
  }
}

// Compares this file's output with the published test vectors; any difference exits non-zero.
function checkVectors(file) {
  const data = JSON.parse(readFileSync(file, "utf8"));
  const privateKey = data.testKey.privateKeyPem;
  let failures = 0;
  const expect = (name, what, actual, wanted) => {
    if (actual !== wanted) { failures++; console.error(`FAIL ${name}: ${what} is ${actual}, expected ${wanted}`); }
  };
  for (const v of data.vectors) {
    const ks = Buffer.from(v.ks, "hex");
    expect(v.name, "decrypted nonce", pkcs1Decrypt(privateKey, Buffer.from(v.nonce, "base64")).toString("hex"), v.ks.toLowerCase());
    const f = headerFields(ks, v.created, v.password, v.form);
    expect(v.name, "passwordCipher", f.password, v.passwordCipher);
    expect(v.name, "digest", f.digest, v.digest);
    expect(v.name, "createdCipher", v.form === "digest" ? null : f.created, v.createdCipher);
    expect(v.name, "formatted created", formatCreated(new Date(v.created)), v.created);
  }
  // Our own RSA encryption, under the vectors' certificate, must decrypt back to Ks.
  const ks = randomBytes(16);
  const cert = new X509Certificate(data.testKey.certificatePem);
  const back = pkcs1Decrypt(privateKey, publicEncrypt({ key: cert.publicKey, padding: PKCS1 }, ks));
  expect("rsa round trip", "decrypted Ks", back.toString("hex"), ks.toString("hex"));
  if (data.vectors.length === 0) expect("vectors", "count", 0, "at least 1");
  console.log(failures === 0 ? `all ${data.vectors.length} vectors match` : `${failures} difference(s)`);
  process.exitCode = failures === 0 ? 0 : 1;
}

// Sending the request: the client certificate from a PKCS#12 file, and the server's certificate and host
// name checked by Node's defaults against the system's trusted CAs (never set rejectUnauthorized: false).
// A PKCS#12 with legacy RC2-40 encryption may be refused by OpenSSL 3: convert it with openssl pkcs12 -legacy.
export function send(url, envelopeXml, p12File, p12Password) {
  return new Promise((resolve, reject) => {
    const request = https.request(url, {
      method: "POST",
      pfx: readFileSync(p12File),
      passphrase: p12Password,
      headers: { "Content-Type": "text/xml; charset=utf-8", SOAPAction: '""' },
      timeout: 30_000,
    }, (response) => {
      const chunks = [];
      response.on("data", (chunk) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode, body: Buffer.concat(chunks).toString("utf8") }));
    });
    request.on("timeout", () => request.destroy(new Error("timeout")));
    request.on("error", reject);
    request.end(envelopeXml);
  });
}

function fail(message) {
  console.error(`error: ${message}`);
  process.exit(2);
}

function parseArgs(argv) {
  const args = {};
  for (let i = 0; i < argv.length; i += 2) {
    const name = argv[i]?.replace(/^--/, "");
    if (!["username", "certificate", "form", "vectors", "key-from", "key-date", "fingerprint"].includes(name) || argv[i + 1] === undefined) fail(`unknown or incomplete argument ${argv[i]}`);
    if (name === "fingerprint") (args.fingerprint ??= []).push(argv[i + 1]); // repeatable: the current and the next key
    else args[name] = argv[i + 1];
  }
  return args;
}

const args = parseArgs(process.argv.slice(2));
if (args.vectors) checkVectors(args.vectors);
else await generate(args);
