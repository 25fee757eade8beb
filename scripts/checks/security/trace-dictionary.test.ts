// No trace is a password verifier (issue 48): traces of real checks over HTTP (the digest form, the
// encrypted-Created form, a Digest hashed in the wrong order, a checker run that compared the password),
// each attacked with its header by a dictionary of 10,000 words that holds the password, trying every
// combination of the trace's and the header's fields (scripts/checks/security/trace-dictionary.ts): none
// confirms a word. The control: the same attack on what a trace held before (the session key Ks)
// confirms the password, so the attack is one that works.
import { constants, createPublicKey, privateDecrypt } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { wrapInEnvelope } from "@areaoe/security-header";
import { generateSecurityHeader, parseAuthorityKey } from "@areaoe/security-header/node";
import { craftHeader } from "@areaoe/security-header/test-support/craft-header";
import { BASE_PATH } from "../../../app/server-surface";
import { loadHeaderSandbox, type HeaderSandbox } from "../../../server/sandbox/header-sandbox";
import { startSandboxApp } from "../../../server/sandbox/sandbox-test-app";
import { attackTrace, headerFields, statedPasswordBytes } from "./trace-dictionary";

const PASSWORD = "Marmelo-2026!";
const WORDS = 10_000;

/**
 * 9,999 words (a fixed pseudo-random sequence, one in forty as long as the password, whose length the
 * trace states: those are the ones an attacker hashes, about 250) and the password, shuffled in.
 */
function dictionary(): string[] {
  let seed = 48;
  const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31);
  const alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-!";
  const words: string[] = [];
  while (words.length < WORDS - 1) {
    const other = 6 + (next() % 12);
    const length = next() % 40 === 0 ? PASSWORD.length : other === PASSWORD.length ? other + 1 : other;
    let word = "";
    for (let n = 0; n < length; n += 1) word += alphabet[next() % alphabet.length];
    if (word !== PASSWORD) words.push(word);
  }
  words.splice(next() % words.length, 0, PASSWORD);
  return words;
}

describe("a trace and its header confirm no password guess", () => {
  let dir: string;
  let sandbox: HeaderSandbox;
  let app: Awaited<ReturnType<typeof startSandboxApp>>;
  const words = dictionary();

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "areaoe-trace-dictionary-"));
    sandbox = await loadHeaderSandbox(dir, path.join(dir, "key"), { bits: 2048 });
    app = await startSandboxApp(sandbox, { mount: BASE_PATH, checksPerMinute: 1_000 });
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const current = () => sandbox.keys().find((key) => key.status === "current");
  /** A header to the sandbox over HTTP; the trace's JSON by the id it answered. */
  async function traced(xml: string): Promise<unknown> {
    const answer = await fetch(`${app.origin}${BASE_PATH}/sandbox/soap`, { method: "POST", headers: { "Content-Type": "text/xml" }, body: xml });
    const id = answer.headers.get("x-areaoe-trace-id") ?? "";
    await answer.body?.cancel();
    return (await fetch(`${app.origin}${BASE_PATH}/sandbox/requests/${id}`, { headers: { Accept: "application/json" } })).json();
  }
  const made = async (form: "digest" | "encrypted-created") =>
    wrapInEnvelope((await generateSecurityHeader({ username: "555555550/1", password: PASSWORD, publicKey: parseAuthorityKey(current()?.certificatePem ?? ""), form })).xml, "<ping/>");

  it("has a dictionary of 10,000 words that holds the password", () => {
    expect(words).toHaveLength(WORDS);
    expect(words.filter((word) => word === PASSWORD)).toHaveLength(1);
  });

  // The traces, made over HTTP first (the attacks then take a while, with no request in between).
  const cases: Array<{ label: string; xml: string; trace: unknown }> = [];
  beforeAll(async () => {
    const wrongOrder = craftHeader({
      publicKey: createPublicKey(current()?.certificatePem ?? ""),
      password: PASSWORD,
      created: new Date().toISOString(),
      envelope: true,
      digestParts: ({ sessionKey, created, password }) => [created, sessionKey, password],
    });
    for (const [label, xml] of [
      ["the digest form, accepted", await made("digest")],
      ["the encrypted-Created form, accepted", await made("encrypted-created")],
      ["a Digest hashed in the wrong order, refused", wrongOrder],
    ] as const) {
      cases.push({ label, xml, trace: await traced(xml) });
    }
  }, 120_000);

  it.each([0, 1, 2])("trace %i (the digest form, the encrypted-Created form, a Digest in the wrong order): every combination of its fields confirms no word", (index) => {
    const { xml, trace } = cases[index] as (typeof cases)[number];
    expect(JSON.stringify(trace)).toContain('"step":"nonce"');
    const attack = attackTrace(trace, xml, words, statedPasswordBytes(trace));
    expect(attack.fields).toBeGreaterThan(20);
    expect(attack.tries).toBeGreaterThan(100_000);
    expect(attack.confirmed).toEqual([]);
  }, 120_000);

  it("a checker run that compared the password confirms no word either", async () => {
    const xml = await made("digest");
    const checked = await app.requestLog.check(xml, { source: "checker", client: { id: "dictionary" }, password: PASSWORD });
    const lookup = await app.requestLog.read(checked.traceId);
    if (lookup.status !== "found") throw new Error("no trace");
    expect(lookup.trace.passwordGiven).toBe(true);
    expect(attackTrace(lookup.trace, xml, words, statedPasswordBytes(lookup.trace)).confirmed).toEqual([]);
  }, 120_000);

  it("the control: with the session key a trace used to hold, the same attack confirms the password", async () => {
    const xml = await made("digest");
    const trace = (await traced(xml)) as { trace: { steps: Array<Record<string, unknown>> } };
    const nonce = Buffer.from(headerFields(xml)[2] ?? "", "base64");
    const sessionKey = privateDecrypt({ key: current()?.privateKeyPem ?? "", padding: constants.RSA_PKCS1_PADDING }, nonce);
    expect(sessionKey).toHaveLength(16);
    const before = { ...trace, trace: { ...trace.trace, steps: [...trace.trace.steps, { step: "nonce", sessionKeyHex: sessionKey.toString("hex") }] } };
    expect(attackTrace(before, xml, words, statedPasswordBytes(before), { stopAtFirst: true }).confirmed).toEqual([PASSWORD]);
  }, 120_000);
});
