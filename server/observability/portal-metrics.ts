import type { ServerResponse } from "node:http";
import type { Server } from "node:net";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { FINDING_CODES, type VerificationResult } from "@areaoe/security-header/node";
import { ROUTE_KINDS, type RouteKind } from "./route-kind";
import { RequestHistogram } from "./request-histogram";

/**
 * The portal's Prometheus metrics (prom-client, docs/decisions/0015-prometheus-metrics.md): one
 * registry per process, made by boot and passed down like the logger and the shared state; each part
 * of the server gets the few recording functions it needs (the interfaces below), never the registry.
 * Every label value is one of a fixed set written here (route kinds, methods, status classes, finding
 * codes, budgets, reasons): nothing a visitor sends becomes a label, so the series cannot grow with
 * traffic (portal-metrics.test.ts sends a thousand random addresses and counts the series).
 * docs/operations.md lists every metric, its labels and what to do when its alert fires.
 */

/**
 * Seconds: from 0.1 ms (a page-cache hit answered before Express costs about 0.1–0.3 ms) through a
 * render (5–50 ms) to a slow provider or a render timeout (10 s).
 */
export const DURATION_BUCKETS = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Redis commands: a loopback or same-rack round trip (0.1–1 ms) up to the command timeout. */
const REDIS_BUCKETS = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1];
/** A header check: the RSA decryption of the Nonce (about 1–5 ms for 2048–4096-bit keys) and the rest. */
const CHECK_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25];

/** A method outside the usual ones (a stranger may send any token) is counted as "other". */
const METHODS = ["GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS", "PATCH", "other"] as const;
const METHOD_AT = new Map<string, number>(METHODS.map((method, at) => [method, at]));
const STATUS_CLASSES = ["1xx", "2xx", "3xx", "4xx", "5xx", "other"] as const;
const CACHE_OUTCOMES = ["none", "hit", "miss", "bypass"] as const;
const KIND_AT = new Map<string, number>(ROUTE_KINDS.map((kind, at) => [kind, at]));

/** What the page cache did with a request ("none": the request is not one the cache looks at). */
export type CacheOutcome = "hit" | "miss" | "bypass";
const CACHE = Symbol("areaoe.cacheOutcome");
type Marked = ServerResponse & { [CACHE]?: CacheOutcome };

/** Bytes the page cache holds per content coding, and its entries (read at each scrape). */
export interface PageCacheStats {
  entries: number;
  bytes: { identity: number; gzip: number; br: number };
}

/** What the page cache records (server/page-cache/page-cache.ts). */
export interface PageCacheMetrics {
  /** A hit, miss or bypass, counted and remembered for this response's duration. */
  outcome(res: ServerResponse, outcome: CacheOutcome): void;
  /** The store's size, read when Prometheus scrapes. */
  watch(stats: () => PageCacheStats): void;
}

export type AdmissionRefusal = "queue full" | "client queue full" | "waited too long";
/** What render admission records (server/http/render-admission.ts). */
export interface AdmissionMetrics {
  queued(): void;
  refused(reason: AdmissionRefusal): void;
  watch(state: () => { running: number; waiting: number }): void;
}

/** The budgets whose 429 is counted (server/http/client-budget.ts); any other name is "other". */
export const BUDGETS = ["renders", "searches", "sandbox checks"] as const;

/** Why a sign-in failed (server/auth): each one's series exists from the start, at 0. */
const SIGN_IN_FAILURES = ["shared_state_unavailable", "provider_unreachable", "no_transaction", "state_mismatch", "replayed", "token_refused"] as const;
export type SignInFailure = (typeof SIGN_IN_FAILURES)[number];
/** What sign-in records (server/auth). */
export interface AuthMetrics {
  signInStarted(): void;
  signInCompleted(): void;
  signInFailed(reason: SignInFailure): void;
  sessionRevoked(): void;
}

export type SharedStateOperation = "counters" | "claim" | "has" | "putRecord" | "getRecord" | "lifetime";
/** What the Redis shared state records (server/shared-state/redis-shared-state.ts). */
export interface SharedStateMetrics {
  /** Whether Redis answers now, read when Prometheus scrapes. */
  watch(up: () => boolean): void;
  /** A limit counted in this instance's memory, or a check refused, because Redis did not answer. */
  fallback(operation: SharedStateOperation): void;
  /** A command's round trip. */
  command(operation: SharedStateOperation, seconds: number): void;
}

const CHECK_SURFACES = ["soap", "checker"] as const;
export type CheckSurface = (typeof CHECK_SURFACES)[number];

export interface PortalMetrics {
  /** False for disabledPortalMetrics (AREAOE_METRICS_PORT=off): nothing is recorded, not even per request. */
  readonly enabled: boolean;
  readonly registry: Registry;
  readonly pageCache: PageCacheMetrics;
  readonly admission: AdmissionMetrics;
  readonly auth: AuthMetrics;
  readonly sharedState: SharedStateMetrics;
  /** Prepares a response for its page-cache outcome (every response the same shape: no slower property lookups). */
  startResponse(res: ServerResponse): void;
  /** One answered request: its kind, method and status, what the page cache did with it; a 429 counts its budget. */
  request(kind: RouteKind, method: string | undefined, res: ServerResponse, seconds: number): void;
  /** A checked header (SOAP sandbox or checker page): its verdict, each finding's code, its RSA work. */
  headerChecked(surface: CheckSurface, result: VerificationResult, seconds: number): void;
  /** The authority certificates' expiry per environment, read when Prometheus scrapes. */
  watchCertificates(certificates: () => readonly { environment: string; notAfter: string | null }[]): void;
  /** Whether the header checker and SOAP sandbox are on (off: this runtime lacks implicit rejection). */
  checkerEnabled(enabled: boolean): void;
  /** The server's open connections. */
  watchConnections(server: Server): void;
  /** The sandbox's verification pool (server/sandbox/verification-pool.ts): checks waiting, running, refused. */
  watchVerificationPool(pool: { readonly queued: number; readonly running: number; readonly refused: number }): void;
  /** Which build this process runs (server/main.ts), and on which Node.js: areaoe_build_info. */
  buildInfo(build: string): void;
}

/**
 * Findings that stop the verifier before it decrypts the Nonce (packages/security-header/src/verify.ts):
 * unreadable XML, no header, a ciphertext over its size, and a Nonce that is absent or not Base64.
 */
const BEFORE_DECRYPTION = new Set<string>(["NOT_XML", "DTD_FORBIDDEN", "XML_TOO_DEEP", "XML_TOO_MANY_ELEMENTS", "XML_TOO_MANY_ATTRIBUTES", "NO_SECURITY_HEADER", "CIPHERTEXT_TOO_LONG"]);
const STRUCTURE_WITHOUT_NONCE = new Set<string>(["Security", "UsernameToken", "Nonce"]);

/** Whether the verifier did its one RSA private-key operation (the Nonce's decryption) for this result. */
export function decryptedNonce(result: VerificationResult): boolean {
  return !result.findings.some(
    ({ code, params }) =>
      BEFORE_DECRYPTION.has(code) ||
      ((code === "MISSING_ELEMENT" || code === "BASE64_INVALID") && STRUCTURE_WITHOUT_NONCE.has(String(params.element))),
  );
}

const KNOWN_CODES = new Set<string>(FINDING_CODES);

export interface PortalMetricsOptions {
  /** Node.js's and the process's own metrics (event-loop lag, heap, CPU, file descriptors): on in a running portal. */
  processMetrics?: boolean;
}

type Registers = Registry[];

/** Every request's duration by route kind, method, status class and page-cache outcome (the one hot-path metric). */
function requestDurations(registers: Registers): Pick<PortalMetrics, "startResponse" | "request"> {
  const requests = new RequestHistogram({
    name: "areaoe_http_request_duration_seconds",
    help: "Requests answered, by route kind, method, status class and page-cache outcome, and their duration (from the request's first handling to its last byte handed to the socket)",
    labelNames: ["kind", "method", "status_class", "cache"] as const,
    labels: [ROUTE_KINDS, METHODS, STATUS_CLASSES, CACHE_OUTCOMES],
    buckets: DURATION_BUCKETS,
    registers,
  });
  const at = [0, 0, 0, 0];
  return {
    startResponse(res) {
      (res as Marked)[CACHE] = undefined;
    },
    request(kind, method, res, seconds) {
      const status = res.statusCode;
      at[0] = KIND_AT.get(kind) ?? ROUTE_KINDS.length - 1;
      at[1] = (method === undefined ? undefined : METHOD_AT.get(method)) ?? METHODS.length - 1;
      at[2] = status >= 100 && status < 600 ? Math.floor(status / 100) - 1 : STATUS_CLASSES.length - 1;
      at[3] = CACHE_OUTCOMES.indexOf((res as Marked)[CACHE] ?? "none");
      requests.record(at, seconds);
    },
  };
}

/** The page cache's outcomes (counted in a plain object on the hot path, handed over at each scrape) and its size. */
function pageCacheMetrics(registers: Registers): PageCacheMetrics {
  const outcomes: Record<CacheOutcome, number> = { hit: 0, miss: 0, bypass: 0 };
  new Counter({
    name: "areaoe_page_cache_requests_total",
    help: "Requests the page cache looked at: hit (answered from memory), miss (rendered), bypass (not cacheable: a session, a query, an unshareable page)",
    labelNames: ["outcome"] as const,
    registers,
    collect() {
      this.reset();
      for (const outcome of ["hit", "miss", "bypass"] as const) this.inc({ outcome }, outcomes[outcome]);
    },
  });
  let cacheStats: (() => PageCacheStats) | undefined;
  new Gauge({
    name: "areaoe_page_cache_stored_bytes",
    help: "Bytes the page cache holds, per content coding",
    labelNames: ["encoding"] as const,
    registers,
    collect() {
      if (!cacheStats) return;
      const { bytes } = cacheStats();
      this.set({ encoding: "identity" }, bytes.identity);
      this.set({ encoding: "gzip" }, bytes.gzip);
      this.set({ encoding: "br" }, bytes.br);
    },
  });
  new Gauge({
    name: "areaoe_page_cache_entries",
    help: "Pages the page cache holds",
    registers,
    collect() {
      if (cacheStats) this.set(cacheStats().entries);
    },
  });
  return {
    outcome(res, outcome) {
      (res as Marked)[CACHE] = outcome;
      outcomes[outcome] += 1;
    },
    watch(stats) {
      cacheStats = stats;
    },
  };
}

/** Render admission: renders that waited, that were refused (each reason's series from the start), the slots now. */
function admissionMetrics(registers: Registers): AdmissionMetrics {
  const queued = new Counter({ name: "areaoe_render_admission_queued_total", help: "Renders that had to wait for a render slot", registers });
  const refused = new Counter({
    name: "areaoe_render_admission_refused_total",
    help: "Renders refused with 503 (busy), by reason: queue_full, client_queue_full, waited_too_long",
    labelNames: ["reason"] as const,
    registers,
  });
  for (const reason of ["queue_full", "client_queue_full", "waited_too_long"]) refused.inc({ reason }, 0);
  let admissionState: (() => { running: number; waiting: number }) | undefined;
  new Gauge({
    name: "areaoe_render_admission_slots",
    help: "Renders running and waiting now",
    labelNames: ["state"] as const,
    registers,
    collect() {
      if (!admissionState) return;
      const { running, waiting } = admissionState();
      this.set({ state: "running" }, running);
      this.set({ state: "waiting" }, waiting);
    },
  });
  return {
    queued: () => queued.inc(),
    refused: (reason) => refused.inc({ reason: reason.replaceAll(" ", "_") }),
    watch(state) {
      admissionState = state;
    },
  };
}

/** The 429s of a spent budget, by budget (client-budget.ts names it on the answer; any other 429 is "other"). */
function budgetRefusals(registers: Registers): (res: ServerResponse) => void {
  const refusals = new Counter({
    name: "areaoe_budget_refusals_total",
    help: "Requests refused with 429 because their client spent a budget (renders, searches, sandbox_checks)",
    labelNames: ["budget"] as const,
    registers,
  });
  for (const budget of [...BUDGETS, "other"]) refusals.inc({ budget: budget.replace(" ", "_") }, 0);
  return (res) => {
    if (res.statusCode !== 429) return;
    const budget = (res as { locals?: { refusedBudget?: string } }).locals?.refusedBudget ?? "";
    refusals.inc({ budget: (BUDGETS as readonly string[]).includes(budget) ? budget.replace(" ", "_") : "other" });
  };
}

/** The header checks (SOAP sandbox and checker page): verdicts, findings by code, their time and RSA work. */
function headerCheckMetrics(registers: Registers): Pick<PortalMetrics, "headerChecked"> {
  const checks = new Counter({
    name: "areaoe_header_checks_total",
    help: "Security headers checked, by surface (soap: the SOAP sandbox; checker: the checker page) and verdict (accepted, refused)",
    labelNames: ["surface", "verdict"] as const,
    registers,
  });
  const findings = new Counter({
    name: "areaoe_header_check_findings_total",
    help: "Findings of the header checks, by surface and finding code (the fault catalogue's codes)",
    labelNames: ["surface", "code"] as const,
    registers,
  });
  const checkSeconds = new Histogram({
    name: "areaoe_header_check_duration_seconds",
    help: "CPU time of one header check (parse, RSA decryption of the Nonce, AES, SHA-1)",
    labelNames: ["surface"] as const,
    buckets: CHECK_BUCKETS,
    registers,
  });
  const rsa = new Counter({
    name: "areaoe_rsa_private_key_operations_total",
    help: "RSA private-key operations (PKCS#1 v1.5 decryption of a Nonce with the sandbox's own key), by surface",
    labelNames: ["surface"] as const,
    registers,
  });
  // Each surface's series from the start, at 0 (as the refusals' reasons and budgets): a panel or a
  // rate() shows 0 before the first check, not "no data".
  for (const surface of CHECK_SURFACES) {
    rsa.inc({ surface }, 0);
    for (const verdict of ["accepted", "refused"]) checks.inc({ surface, verdict }, 0);
  }
  return {
    headerChecked(surface, result, seconds) {
      checks.inc({ surface, verdict: result.ok ? "accepted" : "refused" });
      for (const { code } of result.findings) findings.inc({ surface, code: KNOWN_CODES.has(code) ? code : "OTHER" });
      checkSeconds.observe({ surface }, seconds);
      if (decryptedNonce(result)) rsa.inc({ surface });
    },
  };
}

/** Sign-ins started, completed and failed (each reason's series from the start), and sessions revoked. */
function authMetrics(registers: Registers): AuthMetrics {
  const signInsStarted = new Counter({ name: "areaoe_sign_ins_started_total", help: "Sign-ins sent to the identity provider", registers });
  const signInsCompleted = new Counter({ name: "areaoe_sign_ins_completed_total", help: "Sign-ins that ended with a session", registers });
  const signInsFailed = new Counter({
    name: "areaoe_sign_ins_failed_total",
    help: "Sign-ins refused or failed, by reason",
    labelNames: ["reason"] as const,
    registers,
  });
  for (const reason of SIGN_IN_FAILURES) signInsFailed.inc({ reason }, 0);
  const sessionsRevoked = new Counter({ name: "areaoe_sessions_revoked_total", help: "Sessions signed out (revoked on every instance)", registers });
  return {
    signInStarted: () => signInsStarted.inc(),
    signInCompleted: () => signInsCompleted.inc(),
    signInFailed: (reason) => signInsFailed.inc({ reason }),
    sessionRevoked: () => sessionsRevoked.inc(),
  };
}

/** The Redis shared state: whether it answers, what fell back to this instance's memory, its commands' round trips. */
function sharedStateMetrics(registers: Registers): SharedStateMetrics {
  let redisUp: (() => boolean) | undefined;
  new Gauge({
    name: "areaoe_redis_up",
    help: "1 while Redis (the shared state) answers, 0 while it does not; absent when the state is this process's memory",
    registers,
    collect() {
      // Without Redis (the state in this process's memory) no series at all: prom-client would
      // otherwise expose an unset gauge as 0, "Redis down", and AreaoeRedisFallback would fire.
      if (redisUp) this.set(redisUp() ? 1 : 0);
      else this.remove();
    },
  });
  const fallbacks = new Counter({
    name: "areaoe_shared_state_fallbacks_total",
    help: "Operations that could not use Redis: a limit counted in this instance's memory (counters), a check refused (claim, has)",
    labelNames: ["operation"] as const,
    registers,
  });
  const redisSeconds = new Histogram({
    name: "areaoe_redis_command_duration_seconds",
    help: "Round trip of the shared state's Redis commands, by operation",
    labelNames: ["operation"] as const,
    buckets: REDIS_BUCKETS,
    registers,
  });
  return {
    watch(up) {
      redisUp = up;
    },
    fallback: (operation) => fallbacks.inc({ operation }),
    command: (operation, seconds) => redisSeconds.observe({ operation }, seconds),
  };
}

/** The authority certificates' expiry per environment, read at each scrape. */
function certificateMetrics(registers: Registers): Pick<PortalMetrics, "watchCertificates"> {
  let certificates: (() => readonly { environment: string; notAfter: string | null }[]) | undefined;
  new Gauge({
    name: "areaoe_authority_certificate_expiry_seconds",
    help: "Seconds until the authority certificate of each environment (test, production) expires; negative once expired",
    labelNames: ["environment"] as const,
    registers,
    collect() {
      if (!certificates) return;
      const now = Date.now();
      for (const { environment, notAfter } of certificates()) {
        if (notAfter !== null) this.set({ environment }, (Date.parse(notAfter) - now) / 1_000);
      }
    },
  });
  return {
    watchCertificates(list) {
      certificates = list;
    },
  };
}

/** The sandbox's verification pool: checks waiting and running, and the refusals it counts itself. */
function verificationPoolMetrics(registers: Registers): Pick<PortalMetrics, "watchVerificationPool"> {
  let verificationPool: { readonly queued: number; readonly running: number; readonly refused: number } | undefined;
  new Gauge({
    name: "areaoe_verification_pool_checks",
    help: "Header checks in the sandbox's verification pool (worker threads): waiting for a worker (queued) or being verified (running)",
    labelNames: ["state"] as const,
    registers,
    collect() {
      if (!verificationPool) return;
      this.set({ state: "queued" }, verificationPool.queued);
      this.set({ state: "running" }, verificationPool.running);
    },
  });
  // The pool counts its refusals itself; the counter follows it when Prometheus scrapes.
  let poolRefusalsSeen = 0;
  new Counter({
    name: "areaoe_verification_pool_refused_total",
    help: "Header checks the verification pool refused (queue full, out of time, a worker that died): answered 503",
    registers,
    collect() {
      if (!verificationPool) return;
      const refusals = verificationPool.refused;
      if (refusals > poolRefusalsSeen) this.inc(refusals - poolRefusalsSeen);
      poolRefusalsSeen = refusals;
    },
  });
  return {
    watchVerificationPool(pool) {
      verificationPool = pool;
    },
  };
}

/** What this instance is: its build and Node.js, whether the checker is on, its open connections. */
function instanceMetrics(registers: Registers): Pick<PortalMetrics, "buildInfo" | "checkerEnabled" | "watchConnections"> {
  // The usual *_build_info shape: 1, its labels say what runs (one series per process, set at start).
  const buildInfo = new Gauge({
    name: "areaoe_build_info",
    help: "Which build this instance runs (build: the hash of every file of its build, server/build-id.ts) and on which Node.js (node); always 1",
    labelNames: ["build", "node"] as const,
    registers,
  });
  const checkerOn = new Gauge({
    name: "areaoe_header_checker_enabled",
    help: "1 while the header checker and SOAP sandbox are on; 0 when switched off at start (no implicit rejection in this runtime)",
    registers,
  });
  let openConnections = 0;
  new Gauge({
    name: "areaoe_open_connections",
    help: "Connections open on the public port",
    registers,
    collect() {
      this.set(openConnections);
    },
  });
  return {
    checkerEnabled(enabled) {
      checkerOn.set(enabled ? 1 : 0);
    },
    buildInfo(build) {
      buildInfo.reset();
      buildInfo.set({ build, node: process.version }, 1);
    },
    watchConnections(server) {
      server.on("connection", (socket: { once(event: "close", listener: () => void): unknown }) => {
        openConnections += 1;
        socket.once("close", () => {
          openConnections -= 1;
        });
      });
    },
  };
}

/**
 * The process's registry and every metric, registered by what it measures (the functions above, in the
 * order /metrics lists them); Node.js's own metrics too in a running portal.
 */
export function createPortalMetrics({ processMetrics = false }: PortalMetricsOptions = {}): PortalMetrics {
  const registry = new Registry();
  if (processMetrics) {
    collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 10 });
    // Gauges named like counters (promtool's lint refuses them); the same counts stay, per type, in
    // nodejs_active_handles, nodejs_active_requests and nodejs_active_resources.
    for (const name of ["nodejs_active_handles_total", "nodejs_active_requests_total", "nodejs_active_resources_total"]) registry.removeSingleMetric(name);
  }
  const registers = [registry];
  const requests = requestDurations(registers);
  const pageCache = pageCacheMetrics(registers);
  const admission = admissionMetrics(registers);
  const budgetRefused = budgetRefusals(registers);
  const checks = headerCheckMetrics(registers);
  const auth = authMetrics(registers);
  const sharedState = sharedStateMetrics(registers);
  return {
    enabled: true,
    registry,
    pageCache,
    admission,
    auth,
    sharedState,
    startResponse: requests.startResponse,
    request(kind, method, res, seconds) {
      requests.request(kind, method, res, seconds);
      budgetRefused(res);
    },
    ...checks,
    ...certificateMetrics(registers),
    ...verificationPoolMetrics(registers),
    ...instanceMetrics(registers),
  };
}

const nothing = () => {};

/**
 * No metrics (AREAOE_METRICS_PORT=off): every recording function does nothing and the request observer
 * adds nothing per request (scripts/bench/metrics.bench.ts compares a cached page's CPU with and without).
 */
export function disabledPortalMetrics(): PortalMetrics {
  return {
    enabled: false,
    registry: new Registry(),
    pageCache: { outcome: nothing, watch: nothing },
    admission: { queued: nothing, refused: nothing, watch: nothing },
    auth: { signInStarted: nothing, signInCompleted: nothing, signInFailed: nothing, sessionRevoked: nothing },
    sharedState: { watch: nothing, fallback: nothing, command: nothing },
    startResponse: nothing,
    request: nothing,
    headerChecked: nothing,
    checkerEnabled: nothing,
    watchCertificates: nothing,
    watchConnections: nothing,
    watchVerificationPool: nothing,
    buildInfo: nothing,
  };
}
