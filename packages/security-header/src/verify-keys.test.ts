// Several keys (current, next, retired) and the trace of verifySecurityHeader.
import { generateKeyPairSync, randomBytes, type KeyObject } from "node:crypto";
import { describe, expect, it } from "vitest";
import { verifySecurityHeader, type TraceStep, type VerificationResult, type VerifierKeyEntry, type VerifyOptions } from "./node.js";
import { craftHeader, type Craft } from "./test-support/craft-header.js";

const NOW = new Date("2026-11-23T10:00:00.000Z");
const rsa = (bits: number) => generateKeyPairSync("rsa", { modulusLength: bits });
const current = rsa(2048);
const next = rsa(2048);
const retired = rsa(2048);
const stranger = rsa(2048);
const big = rsa(4096);

const entry = (id: string, status: VerifierKeyEntry["status"], pair: { privateKey: KeyObject }): VerifierKeyEntry => ({
  id,
  status,
  privateKey: pair.privateKey,
  fingerprintSha256: `FP:${id}`,
});
const KEYS = [entry("k-current", "current", current), entry("k-next", "next", next), entry("k-retired", "retired", retired)];

function check(craft: Partial<Craft> & { publicKey: KeyObject }, options: Partial<VerifyOptions> = {}): VerificationResult {
  const xml = craftHeader({ created: NOW.toISOString(), ...craft });
  return verifySecurityHeader(xml, { keys: KEYS, now: NOW, ...options });
}
const codes = (result: VerificationResult) => result.findings.map((finding) => finding.code);

describe("verifySecurityHeader with several keys", () => {
  it("names the key the Nonce fits: current and next are accepted, in both forms", () => {
    for (const form of ["digest", "encrypted-created"] as const) {
      expect(check({ publicKey: current.publicKey, form })).toMatchObject({ ok: true, keyId: "k-current", findings: [] });
      expect(check({ publicKey: next.publicKey, form })).toMatchObject({ ok: true, keyId: "k-next", findings: [] });
    }
  });

  it("NONCE_RETIRED_KEY for the retired key, with its id and fingerprint; the rest is still checked", () => {
    const result = check({ publicKey: retired.publicKey, created: new Date(NOW.getTime() - 120_000).toISOString() });
    expect(result.keyId).toBe("k-retired");
    expect(codes(result)).toEqual(["NONCE_RETIRED_KEY", "EXPIRED"]);
    expect(result.findings[0]).toMatchObject({ severity: "error", params: { keyId: "k-retired", fingerprintSha256: "FP:k-retired" } });
  });

  it("a lone privateKey is the key \"default\" (status current), fingerprinted by its public key", () => {
    const xml = craftHeader({ publicKey: current.publicKey, created: NOW.toISOString() });
    const result = verifySecurityHeader(xml, { privateKey: current.privateKey, now: NOW, trace: true });
    expect(result).toMatchObject({ ok: true, keyId: "default" });
    const nonce = result.trace?.steps.find((step) => step.step === "nonce");
    expect(nonce).toMatchObject({ key: { id: "default", status: "current", modulusBits: 2048, fingerprintSha256: expect.stringMatching(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/) } });
  });

  it("a Nonce for none of the keys: exactly what a verifier holding only the first key says", () => {
    for (let i = 0; i < 6; i += 1) {
      const xml = craftHeader({ publicKey: stranger.publicKey, created: NOW.toISOString() });
      const several = verifySecurityHeader(xml, { keys: KEYS, now: NOW });
      const single = verifySecurityHeader(xml, { privateKey: current.privateKey, now: NOW });
      expect(several.findings).toEqual(single.findings);
      expect(several.keyId).toBeNull();
    }
  });

  it("a 2048-bit Nonce against the 4096-bit key names the key size it fits", () => {
    const result = check({ publicKey: current.publicKey }, { keys: [entry("big", "current", big)] });
    expect(result.findings).toEqual([
      expect.objectContaining({
        code: "NONCE_UNDECRYPTABLE",
        params: { likelyCause: "key-size", nonceBytes: 256, fitsKeyBits: 2048, expectedKeyBits: 4096, expectedBytes: 512 },
      }),
    ]);
    expect(result.keyId).toBeNull();
    // Keys of both sizes: the Nonce picks the key of its own length.
    const mixed = [entry("big", "current", big), entry("k-next", "next", next)];
    expect(check({ publicKey: next.publicKey }, { keys: mixed })).toMatchObject({ ok: true, keyId: "k-next" });
    expect(check({ publicKey: big.publicKey }, { keys: mixed })).toMatchObject({ ok: true, keyId: "big" });
  });

  it("refuses the caller's mistakes with a TypeError", () => {
    const xml = "<x/>";
    expect(() => verifySecurityHeader(xml, {})).toThrow(TypeError);
    expect(() => verifySecurityHeader(xml, { privateKey: current.privateKey, keys: KEYS })).toThrow(/not both/);
    expect(() => verifySecurityHeader(xml, { keys: [] })).toThrow(TypeError);
    expect(() => verifySecurityHeader(xml, { keys: [KEYS[0] as VerifierKeyEntry, KEYS[0] as VerifierKeyEntry] })).toThrow(/own non-empty id/);
    expect(() => verifySecurityHeader(xml, { keys: [{ ...(KEYS[0] as VerifierKeyEntry), status: "old" as "retired" }] })).toThrow(/status/);
  });

  it("options and result cross a structured clone (a worker thread) unchanged", () => {
    const options: VerifyOptions = { keys: KEYS, now: NOW, trace: true, password: "pässwörd" };
    const cloned = structuredClone(options);
    const xml = craftHeader({ publicKey: next.publicKey, created: NOW.toISOString() });
    const result = verifySecurityHeader(xml, cloned);
    expect(result.keyId).toBe("k-next");
    expect(structuredClone(result)).toEqual(result);
  });
});

describe("the trace", () => {
  const password = "pässwörd-Çãé€";
  const passwordBytes = Buffer.from(password, "utf8");

  function traced(craft: Partial<Craft>, options: Partial<VerifyOptions> = {}): { result: VerificationResult; steps: readonly TraceStep[]; sessionKey: Buffer } {
    const sessionKey = randomBytes(16);
    const result = check({ publicKey: current.publicKey, sessionKey, password, envelope: true, ...craft }, { trace: true, password, ...options });
    return { result, steps: result.trace?.steps ?? [], sessionKey };
  }
  const step = <K extends TraceStep["step"]>(steps: readonly TraceStep[], name: K) => steps.find((s) => s.step === name) as Extract<TraceStep, { step: K }> | undefined;

  it("is absent unless asked for", () => {
    expect(check({ publicKey: current.publicKey })).not.toHaveProperty("trace");
  });

  it("lists each step in order with its values, for the digest form, and is plain JSON", () => {
    const { result, steps, sessionKey } = traced({});
    expect(result.ok).toBe(true);
    expect(result.trace?.version).toBe(2);
    expect(steps.map((s) => s.step)).toEqual(["input", "xml", "soap", "elements", "form", "nonce", "password", "created", "digest", "clock"]);
    expect(JSON.parse(JSON.stringify(result.trace))).toEqual(result.trace);
    expect(step(steps, "soap")).toMatchObject({
      envelope: true,
      soapVersion: "1.1",
      namespaces: expect.arrayContaining([{ prefix: "wss", uri: "http://schemas.xmlsoap.org/ws/2002/12/secext", declaredOn: "Security" }]),
    });
    expect(step(steps, "elements")?.elements).toContainEqual({ local: "Nonce", namespaceUri: "http://schemas.xmlsoap.org/ws/2002/12/secext", prefix: "wss", depth: 4 });
    expect(step(steps, "nonce")).toEqual({
      step: "nonce",
      bytes: 256,
      keyBits: [2048, 2048, 2048],
      triedKeyIds: ["k-current", "k-next", "k-retired"],
      key: { id: "k-current", status: "current", fingerprintSha256: "FP:k-current", modulusBits: 2048 },
      padding: "pkcs1",
      sessionKeyBytes: 16,
    });
    expect(step(steps, "password")).toEqual({ step: "password", ciphertextBytes: 32, decrypted: true, aesMode: "ecb", plaintextBytes: passwordBytes.length, utf8: true, matchesGiven: true });
    expect(step(steps, "created")).toEqual({ step: "created", sent: NOW.toISOString(), encrypted: false, text: NOW.toISOString(), parsed: NOW.toISOString() });
    const digest = step(steps, "digest");
    const created = Buffer.from(NOW.toISOString()).toString("hex");
    expect(digest).toEqual({
      step: "digest",
      hashed: [
        { part: "Ks", offset: 0, bytes: 16 },
        { part: "Created", offset: 16, bytes: 24 },
        { part: "Password", offset: 40, bytes: passwordBytes.length },
      ],
      createdHex: created,
      passwordBytes: passwordBytes.length,
      receivedDigestBytes: 32,
      receivedDecrypts: true,
      receivedSha1Bytes: 20,
      matches: true,
      likelyCause: null,
    });
    // Never the session key, in any spelling (with it, the header's Password and Digest confirm a guess).
    const json = JSON.stringify(result.trace);
    for (const form of [sessionKey.toString("hex"), sessionKey.toString("hex").toUpperCase(), sessionKey.toString("base64"), sessionKey.toString("base64url")]) expect(json).not.toContain(form);
    expect(step(steps, "clock")).toEqual({ step: "clock", now: NOW.toISOString(), created: NOW.toISOString(), skewMs: 0, maxAgeMs: 60_000, futureToleranceMs: 5_000 });
  });

  it("never holds the password or its bytes, in any encoding", () => {
    const { result } = traced({ password: "sent-one" }, { password });
    const json = JSON.stringify(result);
    for (const secret of [password, "sent-one"]) {
      const bytes = Buffer.from(secret, "utf8");
      for (const form of [secret, bytes.toString("hex"), bytes.toString("base64"), bytes.toString("hex").toUpperCase()]) expect(json).not.toContain(form);
    }
    expect(step(result.trace?.steps ?? [], "password")).toMatchObject({ matchesGiven: false });
  });

  it("the encrypted-Created form: the Created sent (Base64) and as decrypted, no digest step", () => {
    const { steps } = traced({ form: "encrypted-created", created: new Date(NOW.getTime() + 30_000).toISOString() });
    expect(step(steps, "created")).toMatchObject({ encrypted: true, sent: expect.stringMatching(/^[A-Za-z0-9+/]+=*$/), text: "2026-11-23T10:00:30.000Z" });
    expect(step(steps, "digest")).toBeUndefined();
    expect(step(steps, "clock")).toMatchObject({ skewMs: -30_000 });
  });

  it("a wrong Digest: the outcome, its lengths and the likely cause", () => {
    const { steps } = traced({ digestParts: ({ sessionKey, created, password: bytes }) => [created, sessionKey, bytes] });
    const digest = step(steps, "digest");
    expect(digest).toMatchObject({ matches: false, likelyCause: "order", receivedDecrypts: true, receivedSha1Bytes: 20 });
  });

  it("replay marks: one-way marks of Ks and the Digest, only when asked for and the Nonce fits a key, never in the trace", () => {
    const { result, sessionKey } = traced({}, { replayMarks: true });
    expect(result.replayMarks).toHaveLength(2);
    for (const mark of result.replayMarks ?? []) expect(mark).toMatch(/^[0-9a-f]{64}$/);
    expect(result.replayMarks).not.toContain(sessionKey.toString("hex"));
    const json = JSON.stringify(result.trace);
    for (const mark of result.replayMarks ?? []) expect(json).not.toContain(mark);
    expect(traced({}).result).not.toHaveProperty("replayMarks");
    expect(check({ publicKey: stranger.publicKey }, { replayMarks: true }).replayMarks).toEqual([]);
  });

  it("a Nonce for no key: no key, no session key", () => {
    const result = check({ publicKey: stranger.publicKey }, { trace: true });
    const nonce = step(result.trace?.steps ?? [], "nonce");
    // A substitute of 16 bytes from the first key (rare) still fits no key.
    expect(nonce).toMatchObject({ key: null, sessionKeyBytes: null, triedKeyIds: ["k-current", "k-next", "k-retired"] });
  });

  it("stops where the verifier stops: an over-size input has one step", () => {
    const result = verifySecurityHeader(`<a>${"x".repeat(524_288)}</a>`, { keys: KEYS, trace: true });
    expect(result.trace?.steps).toEqual([{ step: "input", bytes: 524_295, maxBytes: 524_288, withinLimit: false }]);
    expect(result.findings[0]).toMatchObject({ code: "NOT_XML", params: { maxBytes: 524_288 } });
  });
});
