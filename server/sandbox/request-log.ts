import { createHash, randomBytes } from "node:crypto";
import type { Logger } from "pino";
import { HEADER_VALIDITY_MS } from "@areaoe/security-header";
import type { VerificationFinding, VerificationResult, VerificationTrace } from "@areaoe/security-header/node";
import type { HeaderSandbox, SandboxAdmission } from "./header-sandbox";
import type { SharedState } from "../shared-state/shared-state";
import type { BoundedRecords, RecordBounds } from "../shared-state/bounded-records";

// The request log: every sandbox request and every checker run gets an id, and its decoded trace is
// kept in the shared state (Redis when configured) for a day, so that a developer who sent a header from
// a script can open what the receiving side did. A trace is private: one made with an integrator's key
// opens only with that key (or for the key's signed-in owner), an anonymous one by its id (the
// capability: 144 random bits, never listed anywhere and never logged, only a short digest of it). It is
// never a password verifier: the verifier's trace holds no session key and nothing computed from the
// password (packages/security-header/src/verify-trace.ts). The store is bounded in BYTES: each trace
// capped, each client (key or address) and all clients together (./bounded-records.ts), the client's
// own oldest traces replaced first; an id says when it was made, so that a trace replaced before its
// 24 hours is told apart from one that is old.

/** How long a trace is kept. */
export const TRACE_TTL_SECONDS = 24 * 60 * 60;
/** The largest trace kept (JSON, UTF-8); a larger one is kept without its steps. */
export const TRACE_MAX_BYTES = 16 * 1024;
/** An id: when it was made (6 bytes, epoch ms) and 18 random bytes (144 bits): 32 characters of base64url. */
const TRACE_ID_TIME_BYTES = 6;
export const TRACE_ID_RANDOM_BYTES = 18;
const TRACE_ID = /^[A-Za-z0-9_-]{32}$/;
/** The response header that carries the id. */
export const TRACE_ID_HEADER = "X-Areaoe-Trace-Id";
/** A header seen again within its validity (1 minute) plus the tolerance for clocks ahead (5 s) is a replay. */
export const REPLAY_WINDOW_MS = HEADER_VALIDITY_MS + 5_000;

const TRACES = "sandbox-trace";
const SEEN = "sandbox-seen-header";

/** A new id made at `time` (epoch ms, the wall clock). */
export function newTraceId(time: number = Date.now()): string {
  const bytes = Buffer.alloc(TRACE_ID_TIME_BYTES + TRACE_ID_RANDOM_BYTES);
  bytes.writeUIntBE(Math.max(0, Math.min(time, 2 ** 48 - 1)), 0, TRACE_ID_TIME_BYTES);
  randomBytes(TRACE_ID_RANDOM_BYTES).copy(bytes, TRACE_ID_TIME_BYTES);
  return bytes.toString("base64url");
}
export const isTraceId = (value: string): boolean => TRACE_ID.test(value);
/** When an id was made (epoch ms), or undefined for a value that is no id. */
export function traceIdTime(id: string): number | undefined {
  if (!isTraceId(id)) return undefined;
  return Buffer.from(id, "base64url").readUIntBE(0, TRACE_ID_TIME_BYTES);
}

/** What the logs say of an id: a short digest that names it without opening it. */
export const traceDigest = (id: string): string => createHash("sha256").update(id).digest("hex").slice(0, 12);
/** A logged path with a trace's id replaced by its digest (`/areaOE/sandbox/requests/#3f2a…`). */
export const withoutTraceIds = (path: string): string => path.replace(/(\/sandbox\/requests\/)([^/?#]+)/, (_match, prefix: string, id: string) => `${prefix}#${traceDigest(id)}`);

export type TraceSource = "sandbox" | "checker";

/** Who made a check: the store's owner (`key:<id>` for an integrator's key, else the address), and the key. */
export interface TraceClient {
  readonly id: string;
  /** The public id of the integrator's sandbox key the request carried. */
  readonly apiKeyId?: string;
}

/** What is kept of one check, and what the trace page and its JSON show. */
export interface RequestTrace {
  readonly version: 2;
  readonly id: string;
  readonly source: TraceSource;
  readonly receivedAt: string;
  /** The integrator's sandbox key the request carried (its public id), or null: anonymous. */
  readonly apiKey: string | null;
  /** The date the keys were judged as of (the request's X-Areaoe-As-Of), or null: the day it came. */
  readonly asOf: string | null;
  /** Strict mode: any warning (a replay included) refused the header. */
  readonly strict: boolean;
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

/** A trace as the owner's list shows it. */
export interface TraceListEntry {
  readonly id: string;
  readonly receivedAt: string;
  readonly source: TraceSource;
  readonly ok: boolean;
  readonly codes: readonly string[];
}

export interface CheckedRequest {
  readonly traceId: string;
  readonly result: VerificationResult;
  /** Whether the trace was kept (false when the shared state did not answer: the id then opens nothing). */
  readonly kept: boolean;
}

/** Found, or why not: replaced by newer traces before its time, older than its time, or unknown (or not the viewer's). */
export type TraceLookup = { readonly status: "found"; readonly trace: RequestTrace } | { readonly status: "replaced" | "expired" | "unknown" };

/** Who asks for a trace: the integrator's keys whose traces they may open (the key sent, or the signed-in owner's keys). */
export interface TraceViewer {
  readonly apiKeyIds: ReadonlySet<string>;
}
export const ANONYMOUS_VIEWER: TraceViewer = { apiKeyIds: new Set() };

export interface TraceListFilter {
  readonly verdict?: "accepted" | "refused";
  readonly code?: string;
}

export interface TraceListPage {
  readonly entries: readonly TraceListEntry[];
  /** Traces that pass the filter (kept now), all pages together. */
  readonly total: number;
  /** 1-based. */
  readonly page: number;
  readonly pages: number;
  readonly pageSize: number;
}

export interface CheckOptions {
  source: TraceSource;
  client: TraceClient;
  password?: string;
  /** Judge the keys as of this date (bounded by the caller to the published keys' span). */
  asOf?: Date;
  /** Any warning refuses the header (a Fault), the replay warning included. */
  strict?: boolean;
  /** The client's turn in the verification pool (./fair-queue.ts). */
  admission?: SandboxAdmission;
}

export interface RequestLog {
  /** Checks a header with the sandbox, adds the replay warning, keeps the trace; never throws for the store. */
  check(xml: string, options: CheckOptions): Promise<CheckedRequest>;
  /** The trace of an id, as this viewer may see it. */
  read(id: string, viewer?: TraceViewer): Promise<TraceLookup>;
  /** An integrator's key's traces still kept, newest first (as the store kept them), filtered, one page (throws SharedStateUnavailable). */
  list(apiKeyId: string, filter?: TraceListFilter, page?: number, pageSize?: number): Promise<TraceListPage>;
  /** The store's bounds (the pages and the privacy page state them). */
  readonly bounds: RecordBounds;
}

const REPLAY_FINDING = (): VerificationFinding => ({
  code: "HEADER_REPLAYED",
  severity: "warning",
  message: "This header was seen before within its validity (the same Nonce or Digest): the services accept each header once; make a fresh one for every request",
  params: {},
});

/** The store's owner of a key's traces. */
export const keyOwner = (apiKeyId: string): string => `key:${apiKeyId}`;

/** The compact summary a list shows (kept beside each trace, counted in its bytes). */
function summaryOf(record: RequestTrace): string {
  return JSON.stringify({ r: record.receivedAt, s: record.source, ok: record.ok, c: [...new Set(record.findings.map((finding) => finding.code))] });
}

function entryOf(id: string, summary: string): TraceListEntry | undefined {
  try {
    const value = JSON.parse(summary) as { r?: unknown; s?: unknown; ok?: unknown; c?: unknown };
    if (typeof value.r !== "string" || (value.s !== "sandbox" && value.s !== "checker") || typeof value.ok !== "boolean" || !Array.isArray(value.c)) return undefined;
    return { id, receivedAt: value.r, source: value.s, ok: value.ok, codes: value.c.filter((code): code is string => typeof code === "string") };
  } catch {
    return undefined;
  }
}

/** The default bounds: 1 MB per client, 64 MB in all (config limits.traceBytesPerClient, traceBytesInAll). */
export const DEFAULT_TRACE_BOUNDS: RecordBounds = {
  ttlSeconds: TRACE_TTL_SECONDS,
  maxRecordBytes: TRACE_MAX_BYTES + 512,
  maxBytesPerOwner: 1024 * 1024,
  maxBytesInAll: 64 * 1024 * 1024,
};

export function traceBounds(limits: { traceBytesPerClient: number; traceBytesInAll: number }): RecordBounds {
  return { ...DEFAULT_TRACE_BOUNDS, maxBytesPerOwner: limits.traceBytesPerClient, maxBytesInAll: limits.traceBytesInAll };
}

/** Strict mode: every warning becomes a refusal (an error of the same code). */
function strictly(result: VerificationResult): VerificationResult {
  if (!result.findings.some((finding) => finding.severity === "warning")) return result;
  return { ...result, ok: false, findings: result.findings.map((finding) => (finding.severity === "warning" ? { ...finding, severity: "error" as const } : finding)) };
}

export function requestLog({ sandbox, state, logger, bounds = DEFAULT_TRACE_BOUNDS }: { sandbox: HeaderSandbox; state: SharedState; logger: Logger; bounds?: RecordBounds }): RequestLog {
  const traces: BoundedRecords = state.records(TRACES, bounds);
  return {
    bounds,
    check: (xml, options) => checkAndKeep({ sandbox, state, logger, traces }, xml, options),
    read: (id, viewer) => readTrace(traces, id, viewer),
    list: (apiKeyId, filter, page, pageSize) => listTraces(traces, apiKeyId, filter, page, pageSize),
  };
}

/** What a check needs: the sandbox that verifies, the shared state (replays), the log, and the traces' store. */
interface CheckParts {
  readonly sandbox: HeaderSandbox;
  readonly state: SharedState;
  readonly logger: Logger;
  readonly traces: BoundedRecords;
}

/** Checks a header with the sandbox, adds the replay warning, keeps the trace; never throws for the store. */
async function checkAndKeep({ sandbox, state, logger, traces }: CheckParts, xml: string, { source, client, password, asOf, strict = false, admission }: CheckOptions): Promise<CheckedRequest> {
  const traceId = newTraceId();
  const at = sandbox.now();
  const verified = await sandbox.check(xml, {
    ...(password === undefined ? {} : { password }),
    now: at,
    ...(asOf ? { keysAsOf: asOf } : {}),
    trace: true,
    replayMarks: true,
    ...(admission ? { admission } : {}),
  });
  let result = await withReplayWarning(state, logger, verified);
  if (strict) result = strictly(result);
  const { replayMarks: _marks, ...kept } = result;
  result = kept;
  const record: RequestTrace = {
    version: 2,
    id: traceId,
    source,
    receivedAt: at.toISOString(),
    apiKey: client.apiKeyId ?? null,
    asOf: asOf ? asOf.toISOString() : null,
    strict,
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
  return { traceId, result, kept: await keepTrace(traces, logger, record, client.id) };
}

/** The result with the replay warning when its header was seen before; without it when the shared state does not answer. */
async function withReplayWarning(state: SharedState, logger: Logger, verified: VerificationResult): Promise<VerificationResult> {
  // A header out of its validity is refused anyway: its marks are not remembered.
  const current = !verified.findings.some((finding) => finding.code === "EXPIRED" || finding.code === "CREATED_IN_FUTURE");
  try {
    if (current && (await replayed(state, verified.replayMarks ?? []))) return { ...verified, findings: [...verified.findings, REPLAY_FINDING()] };
  } catch (error) {
    logger.warn({ err: { message: (error as Error).message } }, "sandbox: replay check unavailable (shared state)");
  }
  return verified;
}

/**
 * Whether any mark was seen within the window; each is remembered for the window. The window is
 * counted on the wall clock, as the shared state expires its keys (the sandbox's clock, which tests
 * move, decides only the keys' status and the header's age).
 */
async function replayed(state: SharedState, marks: readonly string[]): Promise<boolean> {
  const at = Date.now();
  let seen = false;
  for (const mark of marks) {
    // claimOnce is false when seen, and also when the namespace is full: has() tells them apart.
    if (!(await state.claimOnce(SEEN, mark, at + REPLAY_WINDOW_MS)) && (await state.has(SEEN, mark))) seen = true;
  }
  return seen;
}

/** Keeps a trace under its client (false when the shared state did not answer: its id then opens nothing). */
async function keepTrace(traces: BoundedRecords, logger: Logger, record: RequestTrace, owner: string): Promise<boolean> {
  let value = JSON.stringify(record);
  // A trace past its bound (a request of many elements, each listed) is kept without its steps.
  if (Buffer.byteLength(value) > TRACE_MAX_BYTES) value = JSON.stringify({ ...record, trace: null });
  try {
    await traces.put({ id: record.id, owner, value, summary: summaryOf(record) });
    return true;
  } catch (error) {
    logger.warn({ err: { message: (error as Error).message } }, "sandbox: trace not kept (shared state)");
    return false;
  }
}

/** The trace of an id, as this viewer may see it. */
async function readTrace(traces: BoundedRecords, id: string, viewer: TraceViewer = ANONYMOUS_VIEWER): Promise<TraceLookup> {
  const made = traceIdTime(id);
  if (made === undefined || made > Date.now() + 60_000) return { status: "unknown" };
  const value = await traces.get(id);
  if (value === undefined) return { status: made < Date.now() - TRACE_TTL_SECONDS * 1_000 ? "expired" : "replaced" };
  let trace: RequestTrace;
  try {
    trace = JSON.parse(value) as RequestTrace;
  } catch {
    return { status: "unknown" };
  }
  // A key's trace opens only with that key or for its owner: to anyone else it does not exist.
  if (trace.apiKey !== null && trace.apiKey !== undefined && !viewer.apiKeyIds.has(trace.apiKey)) return { status: "unknown" };
  return { status: "found", trace };
}

/** An integrator's key's traces still kept, newest first, filtered, one page. */
async function listTraces(traces: BoundedRecords, apiKeyId: string, { verdict, code }: TraceListFilter = {}, page = 1, pageSize = 25): Promise<TraceListPage> {
  const all = (await traces.list(keyOwner(apiKeyId)))
    .map((entry) => entryOf(entry.id, entry.summary))
    .filter((entry): entry is TraceListEntry => entry !== undefined)
    .filter((entry) => (verdict === undefined ? true : entry.ok === (verdict === "accepted")))
    .filter((entry) => (code === undefined ? true : entry.codes.includes(code)));
  const pages = Math.max(1, Math.ceil(all.length / pageSize));
  const shown = Math.min(Math.max(1, Math.floor(page)), pages);
  return { entries: all.slice((shown - 1) * pageSize, shown * pageSize), total: all.length, page: shown, pages, pageSize };
}
