import { constants, generateKeyPairSync, privateDecrypt, randomBytes } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { HeaderForm, RsaPublicJwk } from "./index.js";
import { probeImplicitRejection, verifySecurityHeader, type VerificationResult } from "./node.js";
import { aes, craftHeader, type Craft } from "./test-support/craft-header.js";
import { IMPLEMENTATIONS } from "./test-support/implementations.js";
import { wrapInEnvelope, WSS_NAMESPACE } from "./xml.js";

const pair = generateKeyPairSync("rsa", { modulusLength: 2048 });
const privateKey = pair.privateKey.export({ type: "pkcs8", format: "pem" }).toString();
const other = generateKeyPairSync("rsa", { modulusLength: 2048 });
const jwk = pair.publicKey.export({ format: "jwk" }) as RsaPublicJwk;
const NOW = new Date("2026-11-23T10:00:00.000Z");
const OASIS = "http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd";

function verify(xml: string, options: { password?: string; now?: Date } = {}): VerificationResult {
  return verifySecurityHeader(xml, { privateKey, now: NOW, ...options });
}

function crafted(craft: Partial<Craft>, options?: { password?: string; now?: Date }): VerificationResult {
  return verify(craftHeader({ publicKey: pair.publicKey, created: NOW.toISOString(), ...craft }), options);
}

const codes = (result: VerificationResult) => result.findings.map((finding) => finding.code);

const NONCE = /(<wss:Nonce>)([^<]+)/;
/** How many bytes this runtime's implicit rejection makes of a Nonce under the test key (-1: not decryptable at all). */
function decryptedLength(xml: string): number {
  try {
    return privateDecrypt({ key: pair.privateKey, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(NONCE.exec(xml)?.[2] ?? "", "base64")).length;
  } catch {
    return -1; // a value above the modulus
  }
}

/**
 * A header whose Nonce is broken by `breakNonce`. Its substitute bytes are 16 long for about one broken
 * Nonce in 250 (then the Password's AES padding fails instead): those are passed over, so the test
 * checks the finding every other broken Nonce gets.
 */
function withBrokenNonce(breakNonce: (nonce: Buffer) => Buffer, craft: Partial<Craft> = {}): string {
  for (;;) {
    const xml = craftHeader({ publicKey: pair.publicKey, created: NOW.toISOString(), ...craft }).replace(NONCE, (_all, open: string, text: string) =>
      open + breakNonce(Buffer.from(text, "base64")).toString("base64"),
    );
    if (decryptedLength(xml) !== 16) return xml;
  }
}

describe.each(IMPLEMENTATIONS)("verifySecurityHeader accepts what %s makes", (_name, generate) => {
  it.each<HeaderForm>(["digest", "encrypted-created"])("%s form, bare and in a SOAP envelope", async (form) => {
    const header = await generate({ username: "555555555/1", password: "pässwörd", publicKey: jwk, form, now: NOW });
    for (const xml of [header.xml, wrapInEnvelope(header.xml, "<ping/>")]) {
      expect(verify(xml, { password: "pässwörd" })).toEqual({ ok: true, form, username: "555555555/1", createdAt: NOW.toISOString(), keyId: "default", findings: [] });
    }
  });
});

describe("verifySecurityHeader findings", () => {
  it("BASE64_LINE_BREAKS for Base64 wrapped over several lines (the authority reads one line), the rest still checked", () => {
    for (const form of ["digest", "encrypted-created"] as const) {
      const result = crafted({ form, wrapBase64: true, envelope: true });
      expect(result.ok).toBe(false);
      expect(result.form).toBe(form);
      // Only the Nonce (256 bytes: 344 characters) is longer than a line of 64; everything else decrypts and matches.
      expect(result.findings).toEqual([expect.objectContaining({ code: "BASE64_LINE_BREAKS", severity: "error", params: { element: "Nonce", lineLength: 64 } })]);
      expect(result.createdAt).toBe(NOW.toISOString());
    }
  });

  it("MIXED_FORM: Digest and encrypted Created (the output this library used to make)", () => {
    const result = crafted({ form: "mixed" });
    expect(result.form).toBe("mixed");
    expect(codes(result)).toEqual(["MIXED_FORM"]);
  });

  it("WRONG_NAMESPACE once, naming what was found and what is expected", () => {
    const result = crafted({ namespace: OASIS, prefix: "wsse" });
    expect(codes(result)).toEqual(["WRONG_NAMESPACE"]);
    expect(result.findings[0]?.params).toEqual({ element: "Security", found: OASIS, expected: WSS_NAMESPACE });
    expect(result.findings[0]?.message).toContain(OASIS);
  });

  it("SOAP_VERSION_MISMATCH for a SOAP 1.2 envelope or an Envelope in no namespace; none for SOAP 1.1 or a bare header", () => {
    const header = craftHeader({ publicKey: pair.publicKey, created: NOW.toISOString() });
    const soap11 = wrapInEnvelope(header, "<ping/>");
    const soap12 = soap11.replace("http://schemas.xmlsoap.org/soap/envelope/", "http://www.w3.org/2003/05/soap-envelope");
    expect(codes(verify(soap12))).toEqual(["SOAP_VERSION_MISMATCH"]);
    expect(verify(soap12).findings[0]?.params).toEqual({ found: "http://www.w3.org/2003/05/soap-envelope", expected: "http://schemas.xmlsoap.org/soap/envelope/" });
    expect(codes(verify(`<Envelope><Header>${header}</Header><Body/></Envelope>`))).toEqual(["SOAP_VERSION_MISMATCH"]);
    expect(codes(verify(soap11))).toEqual([]);
    expect(codes(verify(header))).toEqual([]);
  });

  it("UNEXPECTED_PREFIX is a warning: the right namespace under another prefix (or none) still passes", () => {
    for (const prefix of ["wsse", ""]) {
      const result = crafted({ prefix });
      expect(result.ok).toBe(true);
      expect(result.findings).toMatchObject([{ code: "UNEXPECTED_PREFIX", severity: "warning" }]);
    }
  });

  it.each(["Username", "Password", "Nonce", "Created"])("MISSING_ELEMENT %s", (element) => {
    const xml = craftHeader({ publicKey: pair.publicKey, created: NOW.toISOString() }).replace(new RegExp(`\\s*<wss:${element}[\\s>][\\s\\S]*?</wss:${element}>`), "");
    const result = verify(xml);
    expect(result.ok).toBe(false);
    expect(result.findings[0]).toMatchObject({ code: "MISSING_ELEMENT", params: { element } });
  });

  it("MISSING_ELEMENT Digest when Created is in clear without a Digest; UsernameToken; NO_SECURITY_HEADER", () => {
    expect(crafted({ form: "no-digest-clear" }).findings).toMatchObject([{ code: "MISSING_ELEMENT", params: { element: "Digest" } }]);
    const noToken = `<wss:Security xmlns:wss="${WSS_NAMESPACE}"/>`;
    expect(verify(noToken).findings).toMatchObject([{ code: "MISSING_ELEMENT", params: { element: "UsernameToken" } }]);
    expect(codes(verify(wrapInEnvelope("", "<ping/>")))).toEqual(["NO_SECURITY_HEADER"]);
  });

  it("REPEATED_ELEMENT for a second Nonce and a second Security", () => {
    const xml = craftHeader({ publicKey: pair.publicKey, created: NOW.toISOString() });
    const nonce = /<wss:Nonce>[^<]*<\/wss:Nonce>/.exec(xml)?.[0] ?? "";
    expect(verify(xml.replace(nonce, nonce + nonce)).findings).toMatchObject([{ code: "REPEATED_ELEMENT", params: { element: "Nonce", count: 2 } }]);
    expect(codes(verify(`<h xmlns:wss="${WSS_NAMESPACE}">${xml}${xml}</h>`))).toContain("REPEATED_ELEMENT");
  });

  it.each(["12345/1", "123456789", "123456789/", "abc/1"])("USERNAME_FORMAT for %j", (username) => {
    const result = crafted({ username });
    expect(codes(result)).toEqual(["USERNAME_FORMAT"]);
    expect(result.username).toBe(username);
  });

  it("one NONCE_UNDECRYPTABLE, the same in every way, for a Nonce of the key's length: another key, Ks as Base64 or hex text, garbage", () => {
    const otherKey = verify(withBrokenNonce((nonce) => nonce, { nonceKey: other.publicKey }));
    const sessionKey = randomBytes(16);
    const base64Key = crafted({ sessionKey, nonceContent: Buffer.from(sessionKey.toString("base64")) });
    const hexKey = crafted({ sessionKey, nonceContent: Buffer.from(sessionKey.toString("hex")) });
    const garbage = verify(withBrokenNonce((nonce) => randomBytes(nonce.length)));
    expect(codes(otherKey)).toEqual(["NONCE_UNDECRYPTABLE"]);
    // Nothing tells the steps apart: same code, message and params (no padding detail).
    for (const result of [base64Key, hexKey, garbage]) expect(result.findings).toEqual(otherKey.findings);
    expect(otherKey.findings[0]?.params).toEqual({});
    expect(otherKey.keyId).toBeNull();
  });

  it("NONCE_UNDECRYPTABLE for a Nonce of another length names it (public): no RSA block, or the key size it fits", () => {
    const short = verify(withBrokenNonce(() => randomBytes(100)));
    expect(short.findings).toEqual([
      expect.objectContaining({ code: "NONCE_UNDECRYPTABLE", params: { likelyCause: "nonce-length", nonceBytes: 100, expectedKeyBits: 2048, expectedBytes: 256 } }),
    ]);
    const for4096 = verify(withBrokenNonce(() => randomBytes(512)));
    expect(for4096.findings[0]?.params).toEqual({ likelyCause: "key-size", nonceBytes: 512, fitsKeyBits: 4096, expectedKeyBits: 2048, expectedBytes: 256 });
    expect(for4096.findings[0]?.message).toMatch(/512 bytes.*4096-bit key.*2048-bit/);
  });

  it("a broken Nonce (bad padding) yields NONCE_UNDECRYPTABLE without throwing, told exactly as a wrong key", () => {
    expect(probeImplicitRejection(privateKey)).toEqual({ ok: true });
    const flipLast = (nonce: Buffer) => Buffer.concat([nonce.subarray(0, -1), Buffer.from([(nonce.at(-1) ?? 0) ^ 1])]);
    const broken = verify(withBrokenNonce(flipLast));
    const foreign = verify(withBrokenNonce((nonce) => nonce, { nonceKey: other.publicKey }));
    expect(broken.findings).toEqual(foreign.findings);
    expect(broken.findings).toEqual([
      expect.objectContaining({ code: "NONCE_UNDECRYPTABLE", severity: "error", params: {} }),
    ]);
    // A Nonce of the modulus's length but above it, and one of another length: the same finding.
    expect(codes(verify(withBrokenNonce((nonce) => Buffer.alloc(nonce.length, 0xff))))).toEqual(["NONCE_UNDECRYPTABLE"]);
    expect(codes(verify(withBrokenNonce((nonce) => nonce.subarray(1))))).toEqual(["NONCE_UNDECRYPTABLE"]);
  });

  it.each([
    ["Password", (xml: string) => xml.replace(/(<wss:Password[^>]*>)[^<]+/, "$1abc$def")],
    ["Nonce", (xml: string) => xml.replace(/(<wss:Nonce>)[^<]+/, "$1****")],
    ["Digest", (xml: string) => xml.replace(/Digest="[^"]+"/, 'Digest="%%"')],
  ])("BASE64_INVALID %s", (element, breakIt) => {
    const result = verify(breakIt(craftHeader({ publicKey: pair.publicKey, created: NOW.toISOString() })));
    expect(result.findings[0]).toMatchObject({ code: "BASE64_INVALID", params: { element } });
  });

  it("PASSWORD_MISMATCH only when a password is given, without echoing either password", () => {
    expect(crafted({ password: "right-one" }, { password: "right-one" }).ok).toBe(true);
    const result = crafted({ password: "right-one" }, { password: "wrong-one" });
    expect(codes(result)).toEqual(["PASSWORD_MISMATCH"]);
    expect(JSON.stringify(result)).not.toMatch(/right-one|wrong-one/);
  });

  it("PASSWORD_UNDECRYPTABLE, PASSWORD_NOT_UTF8, DIGEST_UNDECRYPTABLE, CREATED_UNDECRYPTABLE", () => {
    // A value encrypted under another AES key fails the padding check except about 1 time in 256 (then it
    // decrypts to garbage and another finding follows): of 8 fresh tries, one must give the code.
    const tries = (make: () => string[]) => Array.from({ length: 8 }, make);
    expect(tries(() => codes(crafted({ aesKey: randomBytes(16) })))).toContainEqual(["PASSWORD_UNDECRYPTABLE"]);
    expect(codes(crafted({ passwordBytes: Buffer.from("pässwörd", "latin1") }))).toEqual(["PASSWORD_NOT_UTF8"]);
    const xml = craftHeader({ publicKey: pair.publicKey, created: NOW.toISOString() });
    const otherDigest = () => aes(randomBytes(16), randomBytes(20)).toString("base64");
    expect(tries(() => codes(verify(xml.replace(/Digest="[^"]+"/, `Digest="${otherDigest()}"`))))).toContainEqual(["DIGEST_UNDECRYPTABLE"]);
    const encrypted = craftHeader({ publicKey: pair.publicKey, created: NOW.toISOString(), form: "encrypted-created" });
    const otherCreated = () => aes(randomBytes(16), Buffer.from(NOW.toISOString())).toString("base64");
    expect(tries(() => codes(verify(encrypted.replace(/(<wss:Created>)[^<]+/, `$1${otherCreated()}`))))).toContainEqual([
      "CREATED_UNDECRYPTABLE",
    ]);
  });

  const sent = NOW.toISOString();
  it.each<[string, string, Partial<Craft>]>([
    ["Created hashed without milliseconds", "created-text", { digestParts: ({ sessionKey, password }) => [sessionKey, Buffer.from(sent.replace(".000", "")), password] }],
    ["Created hashed in local time (UTC+1, no Z)", "created-text", {
      digestParts: ({ sessionKey, password }) => [sessionKey, Buffer.from(new Date(NOW.getTime() + 3_600_000).toISOString().slice(0, -1)), password],
    }],
    ["password hashed as Latin-1", "password-encoding", { digestParts: ({ sessionKey, created }) => [sessionKey, created, Buffer.from("pässwörd", "latin1")] }],
    ["password hashed with a trailing newline", "password-trailing-newline", { digestParts: ({ sessionKey, created }) => [sessionKey, created, Buffer.from("pässwörd\n")] }],
    ["Ks hashed as Base64 text", "key-base64", { digestParts: ({ sessionKey, created, password }) => [Buffer.from(sessionKey.toString("base64")), created, password] }],
    ["Created, Ks, password", "order", { digestParts: ({ sessionKey, created, password }) => [created, sessionKey, password] }],
    ["something else", "unknown", { digestParts: () => [randomBytes(40)] }],
  ])("DIGEST_MISMATCH: %s → likelyCause %s", (_label, likelyCause, craft) => {
    const result = crafted(craft);
    expect(result.findings).toMatchObject([{ code: "DIGEST_MISMATCH", params: { likelyCause } }]);
  });

  it("DIGEST_MISMATCH likelyCause password: the Digest holds the password given, the Password another", () => {
    const result = crafted(
      { password: "sent", digestParts: ({ sessionKey, created }) => [sessionKey, created, Buffer.from("typed")] },
      { password: "typed" },
    );
    expect(result.findings).toMatchObject([{ code: "PASSWORD_MISMATCH" }, { code: "DIGEST_MISMATCH", params: { likelyCause: "password" } }]);
  });

  it.each(["2026-11-23T10:00:00Z", "2026-11-23T10:00:00.000", "2026-11-23T10:00:00.000+00:00", "2026-02-30T10:00:00.000Z", "yesterday"])(
    "CREATED_MALFORMED for %j (with the value)",
    (created) => {
      const result = crafted({ created });
      expect(result.findings).toMatchObject([{ code: "CREATED_MALFORMED", params: { value: created } }]);
      expect(result.createdAt).toBeNull();
    },
  );

  it("CREATED_IN_FUTURE beyond 5 s, EXPIRED beyond 60 s, with the measured skew", () => {
    expect(crafted({ created: new Date(NOW.getTime() + 5_000).toISOString() }).ok).toBe(true);
    expect(crafted({ created: new Date(NOW.getTime() + 30_000).toISOString() }).findings).toMatchObject([
      { code: "CREATED_IN_FUTURE", params: { skewSeconds: 30 } },
    ]);
    expect(crafted({ created: new Date(NOW.getTime() - 60_000).toISOString() }).ok).toBe(true);
    const old = crafted({ created: new Date(NOW.getTime() - 120_000).toISOString(), form: "encrypted-created" });
    expect(old.findings).toMatchObject([{ code: "EXPIRED", params: { ageSeconds: 120, skewSeconds: 120 } }]);
    const almost = crafted({ created: new Date(NOW.getTime() - 120_900).toISOString() });
    expect(almost.findings).toMatchObject([{ code: "EXPIRED", params: { ageSeconds: 120 } }]);
  });

  it("orders findings as a person should fix them", () => {
    const result = crafted({ namespace: OASIS, created: new Date(NOW.getTime() - 120_000).toISOString(), username: "1/1" });
    expect(codes(result)).toEqual(["WRONG_NAMESPACE", "USERNAME_FORMAT", "EXPIRED"]);
  });
});

describe("likely causes, from data the verifier has", () => {
  const HOUR = 3_600_000;
  it.each([
    [1, "CREATED_IN_FUTURE"],
    [2, "CREATED_IN_FUTURE"],
    [-1, "EXPIRED"],
    [-2, "EXPIRED"],
  ] as const)("Created %i h off (give or take the validity window) is a time zone: %s", (hours, code) => {
    // Created sent up to 60 s before it reaches the server (or up to 5 s after: clocks differ a little).
    for (const drift of [0, -20_000, 3_000]) {
      const result = crafted({ created: new Date(NOW.getTime() + hours * HOUR + drift).toISOString() });
      expect(result.findings).toMatchObject([{ code, params: { likelyCause: "time-zone", offsetHours: hours, hours: Math.abs(hours) } }]);
      expect(result.findings[0]?.message).toMatch(/time zone/);
    }
  });

  it("no time zone for an offset that is no whole number of hours, nor beyond 14 h", () => {
    for (const offset of [30 * 60_000, -(HOUR + 10 * 60_000), 15 * HOUR, -15 * HOUR, 10 * 60_000]) {
      const result = crafted({ created: new Date(NOW.getTime() + offset).toISOString() });
      expect(result.findings).toHaveLength(1);
      expect(result.findings[0]?.params).not.toHaveProperty("likelyCause");
    }
  });

  const password = "Çãé€";
  it.each([
    ["windows-1252", Buffer.from([0xc7, 0xe3, 0xe9, 0x80])],
    ["ISO-8859-15", Buffer.from([0xc7, 0xe3, 0xe9, 0xa4])],
  ])("a Digest over the password in %s says which encoding", (encoding, bytes) => {
    const result = crafted({ password, digestParts: ({ sessionKey, created }) => [sessionKey, created, bytes] });
    expect(result.findings).toMatchObject([{ code: "DIGEST_MISMATCH", params: { likelyCause: "password-encoding", encoding } }]);
    expect(result.findings[0]?.message).toContain(encoding);
  });

  it("a password whose bytes are the same in several encodings names them all; UTF-16 is found too", () => {
    const latin = crafted({ password: "pässwörd", digestParts: ({ sessionKey, created }) => [sessionKey, created, Buffer.from("pässwörd", "latin1")] });
    expect(latin.findings[0]?.params).toEqual({ likelyCause: "password-encoding", encoding: "windows-1252, ISO-8859-15, ISO-8859-1" });
    const utf16 = crafted({ password, digestParts: ({ sessionKey, created }) => [sessionKey, created, Buffer.from(password, "utf16le")] });
    expect(utf16.findings[0]?.params).toEqual({ likelyCause: "password-encoding", encoding: "UTF-16LE" });
  });

  it.each([
    ["Ks ‖ Password ‖ Created", (p: { sessionKey: Buffer; created: Buffer; password: Buffer }) => [p.sessionKey, p.password, p.created]],
    ["Password ‖ Created ‖ Ks", (p: { sessionKey: Buffer; created: Buffer; password: Buffer }) => [p.password, p.created, p.sessionKey]],
  ])("a Digest over the parts in another order says which: %s", (order, digestParts) => {
    expect(crafted({ digestParts }).findings).toMatchObject([{ code: "DIGEST_MISMATCH", params: { likelyCause: "order", order } }]);
  });
});

describe("verifySecurityHeader refuses hostile or broken input without throwing", () => {
  // The review's attack: 16 KB of `<a>` (within the body limit). Quadratic in depth without the limit.
  it("XML_TOO_DEEP past 32 nested elements, stopping there (what follows is never read)", () => {
    const deep = "<a>".repeat(5_000);
    expect(codes(verify(deep))).toEqual(["XML_TOO_DEEP"]);
    // A parse that went on would find the undefined entity and say NOT_XML.
    expect(codes(verify(`${"<a>".repeat(33)}&nope;${"</a>".repeat(33)}`))).toEqual(["XML_TOO_DEEP"]);
    expect(codes(verify(`${"<a>".repeat(32)}${"</a>".repeat(32)}`))).toEqual(["NO_SECURITY_HEADER"]);
  });

  it("XML_TOO_MANY_ELEMENTS past 256 elements, XML_TOO_MANY_ATTRIBUTES past 64 on one element", () => {
    expect(codes(verify(`<r>${"<b/>".repeat(255)}</r>`))).toEqual(["NO_SECURITY_HEADER"]);
    expect(codes(verify(`<r>${"<b/>".repeat(256)}&nope;</r>`))).toEqual(["XML_TOO_MANY_ELEMENTS"]);
    const attributes = (count: number) => Array.from({ length: count }, (_, i) => ` a${i}="${i}"`).join("");
    expect(codes(verify(`<r${attributes(64)}/>`))).toEqual(["NO_SECURITY_HEADER"]);
    expect(codes(verify(`<r${attributes(65)} &nope;/>`))).toEqual(["XML_TOO_MANY_ATTRIBUTES"]);
    expect(verify(`<r${attributes(1_000)}/>`).findings[0]?.message).toMatch(/more than 64 attributes/);
  });

  const header = () => craftHeader({ publicKey: pair.publicKey, created: NOW.toISOString() });

  it("reads a realistic envelope up to its Body only: a Body of hundreds of KB, deeper and larger than the limits, even broken, is not parsed", () => {
    // 20,000 elements nested 40 deep (the limits are 256 and 32), then a tag that is not XML at all.
    const declaration = `${"<d>".repeat(40)}${"<line><code>8471300000</code><value>12.50</value></line>".repeat(7_600)}${"</d>".repeat(40)}<oops &nope;>`;
    const xml = wrapInEnvelope(header(), declaration);
    expect(Buffer.byteLength(xml)).toBeGreaterThan(400 * 1024);
    expect(Buffer.byteLength(xml)).toBeLessThanOrEqual(512 * 1024);
    const started = performance.now();
    const result = verify(xml);
    expect(result).toMatchObject({ ok: true, findings: [] });
    // Stopping at the Body: a parse of the whole would take the 400 KB's time (and fail on its limits).
    expect(performance.now() - started).toBeLessThan(250);
  });

  it("DTD_FORBIDDEN for a DOCTYPE with an external entity: the file is never read", () => {
    const xml = `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>${header().replace("123456789/1", "&xxe;")}`;
    const result = verify(xml);
    expect(codes(result)).toEqual(["DTD_FORBIDDEN"]);
    expect(JSON.stringify(result)).not.toContain("root:");
  });

  it("DTD_FORBIDDEN for billion laughs, at once", () => {
    const entities = Array.from({ length: 9 }, (_, i) => `<!ENTITY l${i + 1} "${`&l${i};`.repeat(10)}">`).join("");
    const xml = `<!DOCTYPE lolz [<!ENTITY l0 "lol">${entities}]><lolz>&l9;</lolz>`;
    const start = performance.now();
    expect(codes(verify(xml))).toEqual(["DTD_FORBIDDEN"]);
    expect(performance.now() - start).toBeLessThan(1_000);
  });

  it.each<[string, unknown]>([
    ["empty", ""],
    ["plain text", "hello"],
    ["unclosed", "<wss:Security>"],
    ["an undefined entity", "<a>&nope;</a>"],
    ["more than 512 KB", `<a>${"x".repeat(512 * 1024)}</a>`],
    ["not a string", 42],
  ])("NOT_XML: %s", (_label, input) => {
    const result = verifySecurityHeader(input as string, { privateKey });
    expect(codes(result)).toEqual(["NOT_XML"]);
    expect(result.ok).toBe(false);
  });

  it("never throws, whatever is changed in a header", () => {
    const xml = header();
    fc.assert(
      fc.property(fc.nat(xml.length), fc.nat(xml.length), fc.string({ maxLength: 20 }), (start, length, insert) => {
        const mutated = xml.slice(0, start) + insert + xml.slice(start + (length % 40));
        const result = verify(mutated);
        expect(typeof result.ok).toBe("boolean");
        expect(result.ok === true ? result.findings.every((f) => f.severity === "warning") : result.findings.length > 0).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

describe("bounded cost: size, depth, count and time", () => {
  it("refuses a Password above its size before any decryption, and a wrong Digest with it costs no diagnosis", () => {
    const huge = crafted({ password: "x".repeat(10_000), digestParts: ({ sessionKey, created }) => [sessionKey, created, Buffer.from("other")] });
    expect(codes(huge)).toEqual(["CIPHERTEXT_TOO_LONG"]);
    expect(huge.findings[0]?.params).toEqual({ element: "Password", maxBytes: 528 });
    // A long password within the size is still checked, and a plausible one still diagnosed.
    expect(crafted({ password: "y".repeat(500) }).ok).toBe(true);
    const wrongOrder = crafted({ password: "pässwörd", digestParts: ({ sessionKey, created, password }) => [created, sessionKey, password] });
    expect(wrongOrder.findings.at(-1)?.params).toEqual({ likelyCause: "order", order: "Created ‖ Ks ‖ Password" });
  });

  it("refuses a Nonce or a Digest above its size", () => {
    const xml = craftHeader({ publicKey: pair.publicKey, created: NOW.toISOString() });
    const longNonce = xml.replace(NONCE, (_all, open: string) => open + randomBytes(2_048).toString("base64"));
    expect(codes(verify(longNonce))).toEqual(["CIPHERTEXT_TOO_LONG"]);
    const longDigest = xml.replace(/Digest="[^"]+"/, `Digest="${randomBytes(4_096).toString("base64")}"`);
    expect(codes(verify(longDigest))).toEqual(["CIPHERTEXT_TOO_LONG"]);
  });
});

