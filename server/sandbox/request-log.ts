import { createHash, randomBytes } from "node:crypto";
import type { Logger } from "pino";
import { HEADER_VALIDITY_MS } from "@areaoe/security-header";
import type { VerificationFinding, VerificationResult, VerificationTrace } from "@areaoe/security-header/node";
import type { HeaderSandbox } from "./header-sandbox";
import { RECORD_MAX_BYTES, type SharedState } from "../shared-state/shared-state";

// The request log: every sandbox request and every checker run gets an id, and its decoded trace is
// kept in the shared state (Redis when configured) for a day, so that a developer who sent a header from
// a script can open what the receiving side did from the id alone (the id is the capability: 144 random
// bits, never listed anywhere). The password is never in it: the verifier's trace holds its length and
// whether it matched, never its bytes.

/** How long a trace is kept. */
export const TRACE_TTL_SECONDS = 24 * 60 * 60;
/** Traces kept per client (its address, as the rate limits count it): the oldest are dropped. */
export const TRACES_PER_CLIENT = 200;
/** Traces kept in all, every client together (the oldest dropped): 20,000 of at most 64 KB. */
export const TRACES_IN_ALL = 20_000;
/** Random bytes of a trace id: 144 bits, 24 characters of base64url. */
export const TRACE_ID_BYTES = 18;
const TRACE_ID = /^[A-Za-z0-9_-]{24}$/;
/** The response header that carries the id. */
export const TRACE_ID_HEADER = "X-Areaoe-Trace-Id";
/** A header seen again within its validity (1 minute) plus the tolerance for clocks ahead (5 s) is a replay. */
export const REPLAY_WINDOW_MS = HEADER_VALIDITY_MS + 5_000;

const TRACES = "sandbox-trace";
const SEEN = "sandbox-seen-header";

export const newTraceId = (): string => randomBytes(TRACE_ID_BYTES).toString("base64url");
export const isTraceId = (value: string): boolean => TRACE_ID.test(value);

export type TraceSource = "sandbox" | "checker";

/** What is kept of one check, and what the trace page and its JSON show. */
export interface RequestTrace {
  readonly version: 1;
  readonly id: string;
  readonly source: TraceSource;
  readonly receivedAt: string;
  /** Whether a password was given to compare (the checker page): never the password. */
  readonly passwordGiven: boolean;
  readonly ok: boolean;
  readonly form: VerificationResult["form"];
  readonly username: string | null;
  readonly createdAt: string | null;
  /** The sandbox key the Nonce fits, when it fits one. */
  readonly keyId: string | null;
  readonly findings: ReadonlyArray<Pick<VerificationFinding, "code" | "severity" | "params">>;
  /** The verifier's steps (its own versioned JSON); null when it was too large to keep. */
  readonly trace: VerificationTrace | null;
}

export interface CheckedRequest {
  readonly traceId: string;
  readonly result: VerificationResult;
  /** Whether the trace was kept (false when the shared state did not answer: the id then opens nothing). */
  readonly kept: boolean;
}

export interface RequestLog {
  /** Checks a header with the sandbox, adds the replay warning, keeps the trace; never throws for the store. */
  check(xml: string, options: { source: TraceSource; client: string; password?: string }): Promise<CheckedRequest>;
  /** The trace of an id, or undefined (unknown, expired, malformed id). */
  read(id: string): Promise<RequestTrace | undefined>;
}

/**
 * The values whose second sighting is a replay, from the verifier's trace: the Nonce (by the AES key it
 * carries: one Nonce, one key) and the Digest as sent. None for a header that is not within its validity
 * (expired or in the future: refused anyway) or whose Nonce fits no key.
 */
function replayMarks(result: VerificationResult): string[] {
  if (result.findings.some((finding) => finding.code === "EXPIRED" || finding.code === "CREATED_IN_FUTURE")) return [];
  const marks: string[] = [];
  for (const step of result.trace?.steps ?? []) {
    if (step.step === "nonce" && step.sessionKeyHex) marks.push(`nonce:${step.sessionKeyHex}`);
    if (step.step === "digest" && step.receivedDigestBase64) marks.push(`digest:${step.receivedDigestBase64}`);
  }
  return marks;
}

const REPLAY_FINDING = (): VerificationFinding => ({
  code: "HEADER_REPLAYED",
  severity: "warning",
  message: "This header was seen before within its validity (the same Nonce or Digest): the services accept each header once; make a fresh one for every request",
  params: {},
});

export function requestLog({ sandbox, state, logger }: { sandbox: HeaderSandbox; state: SharedState; logger: Logger }): RequestLog {
  /** Whether any mark was seen within the window; each is remembered for the window (by its hash). */
  // The window is counted on the wall clock, as the shared state expires its keys (the sandbox's clock,
  // which tests move, decides only the keys' status and the header's age).
  const replayed = async (marks: readonly string[]): Promise<boolean> => {
    const at = new Date(Date.now());
    let seen = false;
    for (const mark of marks) {
      const key = createHash("sha256").update(mark).digest("base64url");
      // claimOnce is false when seen, and also when the namespace is full: has() tells them apart.
      if (!(await state.claimOnce(SEEN, key, at.getTime() + REPLAY_WINDOW_MS)) && (await state.has(SEEN, key))) seen = true;
    }
    return seen;
  };

  return {
    check: async (xml, { source, client, password }) => {
      const traceId = newTraceId();
      const at = sandbox.now();
      const verified = await sandbox.check(xml, { ...(password === undefined ? {} : { password }), now: at, trace: true });
      let result = verified;
      try {
        if (await replayed(replayMarks(verified))) result = { ...verified, findings: [...verified.findings, REPLAY_FINDING()] };
      } catch (error) {
        logger.warn({ err: { message: (error as Error).message } }, "sandbox: replay check unavailable (shared state)");
      }
      const record: RequestTrace = {
        version: 1,
        id: traceId,
        source,
        receivedAt: at.toISOString(),
        passwordGiven: password !== undefined,
        ok: result.ok,
        form: result.form,
        username: result.username,
        createdAt: result.createdAt,
        keyId: result.keyId,
        findings: result.findings.map(({ code, severity, params }) => ({ code, severity, params: { ...params } })),
        // The steps as the verifier took them; its findings are the record's (the replay warning included).
        trace: verified.trace ? { ...verified.trace, findings: result.findings } : null,
      };
      let value = JSON.stringify(record);
      // A trace past the record bound (a request of 256 elements, each listed) is kept without its steps.
      if (Buffer.byteLength(value) > RECORD_MAX_BYTES) value = JSON.stringify({ ...record, trace: null });
      let kept = true;
      try {
        await state.putRecord(TRACES, { key: traceId, owner: client, value, ttlSeconds: TRACE_TTL_SECONDS, maxPerOwner: TRACES_PER_CLIENT, maxRecords: TRACES_IN_ALL });
      } catch (error) {
        kept = false;
        logger.warn({ err: { message: (error as Error).message } }, "sandbox: trace not kept (shared state)");
      }
      return { traceId, result, kept };
    },
    read: async (id) => {
      if (!isTraceId(id)) return undefined;
      const value = await state.getRecord(TRACES, id);
      if (value === undefined) return undefined;
      try {
        return JSON.parse(value) as RequestTrace;
      } catch {
        return undefined;
      }
    },
  };
}
