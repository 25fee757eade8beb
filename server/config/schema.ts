import { isIP } from "node:net";
import { z } from "zod";
import { apiPath, BASE_PATH, isUnderBasePath } from "../../app/server-surface";

/** Parses an absolute URL, or records a "not a valid URL" issue and returns undefined. */
function parseUrl(value: string, ctx: z.RefinementCtx): URL | undefined {
  try {
    return new URL(value);
  } catch {
    ctx.addIssue({ code: "custom", message: `"${value}" is not a valid URL` });
    return undefined;
  }
}

/** A link target: an absolute http(s) URL, or an in-app path under the base path. */
export const linkHref = z.string().superRefine((value, ctx) => {
  if (value.startsWith("/")) {
    if (!isUnderBasePath(value)) {
      ctx.addIssue({ code: "custom", message: `an in-app path must start with ${BASE_PATH}/` });
    }
    if (value.startsWith("//")) {
      ctx.addIssue({ code: "custom", message: "a protocol-relative address is not allowed" });
    }
    return;
  }
  const url = parseUrl(value, ctx);
  if (!url) return;
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    ctx.addIssue({ code: "custom", message: `the scheme "${url.protocol}" is not allowed; use https: or http:` });
  }
});

const localizedText = z.object({
  pt: z.string().trim().min(1, "the Portuguese text is missing"),
  en: z.string().trim().min(1, "the English text is missing"),
});

export const usefulLinkSchema = z
  .object({
    linkText: localizedText,
    href: linkHref,
    inApp: z.boolean().default(false),
  })
  .strict()
  .superRefine((link, ctx) => {
    if (link.inApp && !isUnderBasePath(link.href)) {
      ctx.addIssue({ code: "custom", path: ["href"], message: `an inApp link must be a path under ${BASE_PATH}` });
    }
  });

const externalUrl = linkHref;

/** Where the browser sends error reports; on by default, to the portal's own endpoint. */
export const errorReportingSchema = z
  .object({
    enabled: z.boolean().default(true),
    url: linkHref.default(apiPath("client-errors")),
    method: z.enum(["POST", "PUT"]).default("POST"),
  })
  .strict();

/** An OpenID Connect issuer: https, or http only on this machine (loopback). */
const issuerUrl = z.string().superRefine((value, ctx) => {
  const url = parseUrl(value, ctx);
  if (!url) return;
  const loopback = ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
  if (url.protocol !== "https:" && !(url.protocol === "http:" && loopback)) {
    ctx.addIssue({ code: "custom", message: "the issuer must be an https: URL (http: only on localhost)" });
  }
});

/** The OpenID Connect provider of the finance portal; without an issuer, sign-in is off (or the dev provider). */
export const identityProviderSchema = z
  .object({
    issuer: issuerUrl.optional(),
    clientId: z.string().min(1).optional(),
    clientSecret: z.string().min(1).optional(),
    scope: z.string().default("openid profile customs"),
    /** Encrypts the session cookies; at least 32 characters. Prefer the AREAOE_SESSION_SECRET variable. */
    sessionSecret: z.string().min(32, "must be at least 32 characters").optional(),
  })
  .strict()
  .superRefine((idp, ctx) => {
    if (!idp.issuer) return;
    if (!idp.clientId) ctx.addIssue({ code: "custom", path: ["clientId"], message: "is required with an issuer" });
    if (!idp.clientSecret) ctx.addIssue({ code: "custom", path: ["clientSecret"], message: "is required with an issuer" });
    if (!idp.sessionSecret) {
      ctx.addIssue({ code: "custom", path: ["sessionSecret"], message: "is required with an issuer (AREAOE_SESSION_SECRET)" });
    }
  });

/** The authority's encryption certificate (or public key) for one environment: a file path or PEM text. */
const authorityCertificateSchema = z
  .object({ certificate: z.string().trim().min(1, "give a file path or the PEM text of the certificate") })
  .strict();

/** Security header: the authority's certificate per environment; none → the local test key (server/security-header). */
export const securityHeaderSchema = z
  .object({
    environments: z
      .object({ test: authorityCertificateSchema.optional(), production: authorityCertificateSchema.optional() })
      .strict()
      .default({}),
  })
  .strict();

/**
 * A public origin of the portal, as visitors type it: `https://areaoe.example.pt` (http: too, for a
 * portal behind a proxy on a private network). No path, query, fragment or credentials. Normalised to
 * the URL's origin (lower-case host, default port dropped).
 */
export const publicOriginSchema = z.string().transform((value, ctx) => {
  const url = parseUrl(value.trim(), ctx);
  if (!url) return z.NEVER;
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    ctx.addIssue({ code: "custom", message: `"${value}": an origin is https: or http:` });
    return z.NEVER;
  }
  if (url.username || url.password || (url.pathname !== "/" && url.pathname !== "") || url.search || url.hash) {
    ctx.addIssue({ code: "custom", message: `"${value}" is not an origin: give only the scheme, host and port (https://host[:port])` });
    return z.NEVER;
  }
  return url.origin;
});

const PROXY_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

/** One entry of a TRUST_PROXY list: an IP address, an address/prefix (CIDR), or a proxy-addr name. */
function proxyAddressProblem(entry: string): string | undefined {
  if (PROXY_NAMES.has(entry)) return undefined;
  const [address = "", prefix, ...rest] = entry.split("/");
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return `"${entry}" is not an IP address, an address/prefix or one of loopback, linklocal, uniquelocal`;
  if (prefix === undefined) return undefined;
  const bits = /^\d{1,3}$/.test(prefix) ? Number(prefix) : Number.NaN;
  if (!(bits >= 0 && bits <= (family === 4 ? 32 : 128))) return `"${entry}": the prefix length must be 0–${family === 4 ? 32 : 128}`;
  return undefined;
}

/**
 * Which peers may tell the server the visitor's address and protocol (X-Forwarded-For/-Proto/-Host),
 * as Express's "trust proxy": a number of hops (`1`: the one reverse proxy in front), `true`/`false`,
 * or a comma-separated list of addresses, CIDRs and the names loopback, linklocal, uniquelocal.
 * Anything else stops the start (a raw string would be read as an address: `1` meant 0.0.0.1).
 */
export const trustProxySchema = z
  .union([z.boolean(), z.number(), z.string(), z.array(z.string())])
  .transform((value, ctx): boolean | number | string[] => {
    if (typeof value === "boolean") return value;
    if (typeof value === "number") {
      if (Number.isInteger(value) && value >= 0 && value <= 32) return value;
      ctx.addIssue({ code: "custom", message: "a hop count is a whole number from 0 to 32" });
      return z.NEVER;
    }
    const text = Array.isArray(value) ? value.join(",") : value.trim();
    if (text === "true" || text === "false") return text === "true";
    if (/^\d+$/.test(text)) {
      const hops = Number(text);
      if (hops <= 32) return hops;
      ctx.addIssue({ code: "custom", message: "a hop count is a whole number from 0 to 32" });
      return z.NEVER;
    }
    const entries = text.split(",").map((entry) => entry.trim());
    const problems = entries.map((entry) => (entry === "" ? "an empty entry" : proxyAddressProblem(entry))).filter((problem) => problem !== undefined);
    if (problems.length > 0) {
      ctx.addIssue({
        code: "custom",
        message: `${problems.join("; ")} (give a hop count, true, false, or a comma-separated list of addresses and CIDRs)`,
      });
      return z.NEVER;
    }
    return entries;
  });

/**
 * What one client, and all clients together, may cost the server, so that no client takes the others' renders.
 * Every figure has a default; a deployment may tune them in the configuration file. Timeouts are in milliseconds.
 */
export const limitsSchema = z
  .object({
    /**
     * Requests of any kind per client (one address), taken before any other work, page-cache hits
     * included (server/http/request-budget.ts): the portal's own flood limit, for a deployment without
     * a per-address limit at its edge. Generous: one address may be an office behind NAT. 0: off.
     */
    requestsPerSecond: z.number().int().min(0).max(1_000_000).default(100),
    /** How many requests a client may make at once before the per-second rate applies (the window is burst / rate). */
    requestBurst: z.number().int().min(1).max(10_000_000).default(1_000),
    /** Page renders (page-cache misses and bypasses) per client: a token bucket, refilled per second. */
    rendersPerSecond: z.number().int().min(1).max(1_000).default(10),
    /** How many renders a client may make at once before the per-second rate applies. */
    renderBurst: z.number().int().min(1).max(10_000).default(30),
    /**
     * Searches (the results page with words to search for) per client, on top of the render budget: a
     * search renders its results, which costs several page renders (a 30-word flood slowed every
     * cached page threefold at 10 a second). The header's instant results run in the browser.
     */
    searchesPerSecond: z.number().int().min(1).max(1_000).default(2),
    /** How many searches a client may make at once before the per-second rate applies. */
    searchBurst: z.number().int().min(1).max(10_000).default(6),
    /**
     * The SOAP sandbox's checks per client per minute (POST /sandbox/soap), its own quota, apart from the
     * checker page's: a fixed window of a minute that may be spent at once (a test suite's burst), then a
     * SOAP Fault RATE_LIMITED (429) with Retry-After and the IETF RateLimit headers.
     */
    sandboxChecksPerMinute: z.number().int().min(1).max(100_000).default(240),
    /**
     * The SOAP sandbox's checks per minute for a request carrying an integrator's own sandbox key
     * (Authorization: Bearer): the key's quota, whatever the address (a team behind one NAT, a CI
     * runner), sized for a test suite; a fixed window of a minute that may be spent at once.
     */
    sandboxKeyChecksPerMinute: z.number().int().min(1).max(100_000).default(600),
    /** The header checker page's checks per client per minute (a person pasting a header), then its 429 page. */
    checkerChecksPerMinute: z.number().int().min(1).max(100_000).default(30),
    /**
     * Header checks per second from all clients together, per instance (sandbox and checker page: each
     * decrypts an RSA Nonce): the verification pool starts no more than this, client by client in turn
     * (server/sandbox/fair-queue.ts), the checker page with a share of its own; a check that cannot start
     * within sandboxTaskTimeoutMs is refused (503; the sandbox's is the Fault SANDBOX_OVERLOADED).
     */
    headerChecksPerSecondAllClients: z.number().int().min(1).max(100_000).default(50),
    /**
     * The sandbox's request log (the decoded traces, kept 24 hours): bytes kept per client (an
     * integrator's key, or an address), then the client's own oldest traces are replaced.
     */
    traceBytesPerClient: z.number().int().min(16 * 1024).max(1024 * 1024 * 1024).default(1024 * 1024),
    /** Bytes of traces kept in all, every client together (in Redis, or in the instance's memory), then the oldest are replaced. */
    traceBytesInAll: z.number().int().min(64 * 1024).max(16 * 1024 * 1024 * 1024).default(64 * 1024 * 1024),
    /** Error reports per second from all clients together (each report still has its per-client limit). */
    errorReportsPerSecond: z.number().int().min(1).max(10_000).default(20),
    /** How long any request body may take to arrive; then 408 and the connection is closed. */
    bodyDeadlineMs: z.number().int().min(100).max(120_000).default(10_000),
    /** A request's headers must arrive within this; Node checks it every connectionsCheckingIntervalMs. */
    headersTimeoutMs: z.number().int().min(100).max(120_000).default(20_000),
    /** A whole request (headers and body). */
    requestTimeoutMs: z.number().int().min(100).max(600_000).default(30_000),
    /** How often Node looks for requests past their headers or request timeout. */
    connectionsCheckingIntervalMs: z.number().int().min(50).max(60_000).default(1_000),
    keepAliveTimeoutMs: z.number().int().min(100).max(600_000).default(65_000),
    /** Open connections at once; beyond, new ones are closed at once (Node's server.maxConnections). */
    maxConnections: z.number().int().min(1).max(1_000_000).default(2_000),
    /**
     * The header sandbox's verification pool (server/sandbox/verification-pool.ts): worker threads for
     * the RSA decryption of the checker and the SOAP sandbox; absent: the machine's cores less one, at
     * least one.
     */
    sandboxWorkers: z.number().int().min(1).max(64).optional(),
    /** Checks that may wait for a worker, from all clients together; past it a check is refused (503, Retry-After). */
    sandboxQueue: z.number().int().min(0).max(10_000).default(32),
    /** A check not answered within this (its wait included) is refused; a worker still running it is replaced. */
    sandboxTaskTimeoutMs: z.number().int().min(100).max(60_000).default(3_000),
  })
  .strict();

export type Limits = z.infer<typeof limitsSchema>;

/**
 * The Redis that several instances share (AREAOE_REDIS_URL): `redis://[user:password@]host[:port][/db]`,
 * or `rediss://` for TLS. Absent: every instance keeps its state in its own memory (right for one).
 */
export const redisUrlSchema = z.string().superRefine((value, ctx) => {
  const url = parseUrl(value.trim(), ctx);
  if (!url) return;
  if (url.protocol !== "redis:" && url.protocol !== "rediss:") {
    ctx.addIssue({ code: "custom", message: "a Redis address is redis://host[:port][/db] or rediss://… (TLS)" });
  } else if (!url.hostname) {
    ctx.addIssue({ code: "custom", message: "a Redis address names its host" });
  } else if (url.pathname.length > 1 && !/^\/\d{1,2}$/.test(url.pathname)) {
    ctx.addIssue({ code: "custom", message: "the path of a Redis address is its database number (/0 to /99)" });
  }
});

export const redisSchema = z
  .object({
    url: redisUrlSchema,
    /** Put before every key, so that one Redis can serve other applications (or two deployments). */
    keyPrefix: z
      .string()
      .regex(/^[A-Za-z0-9._:-]{1,64}$/, "letters, digits and . _ : - only (at most 64)")
      .default("areaoe:"),
    /** No request waits longer than this for Redis: past it, the instance's memory answers (or sign-in refuses). */
    commandTimeoutMs: z.number().int().min(10).max(5_000).default(200),
    /** How long one connection attempt may take (reconnection goes on by itself). */
    connectTimeoutMs: z.number().int().min(100).max(60_000).default(2_000),
  })
  .strict();

export type RedisSettings = z.infer<typeof redisSchema>;

/**
 * SIGTERM (a deployment, a scale-in): readiness answers 503 at once; the listener keeps accepting for
 * readyGraceMs (so that the load balancer sees the 503 and sends no more), then closes; requests in
 * flight get up to drainTimeoutMs to finish; then Redis is closed and the process exits 0.
 */
export const shutdownSchema = z
  .object({
    readyGraceMs: z.number().int().min(0).max(60_000).default(0),
    drainTimeoutMs: z.number().int().min(0).max(120_000).default(20_000),
  })
  .strict();

export type ShutdownSettings = z.infer<typeof shutdownSchema>;

export const configSchema = z
  .object({
    $comment: z.string().optional(),
    links: z
      .object({
        tariff: externalUrl,
        gue: externalUrl,
        eori: externalUrl,
        contactUs: externalUrl,
        customsInformation: externalUrl,
        forms: externalUrl,
        customsLinks: externalUrl,
        financePortal: externalUrl,
        // No default (docs/operations.md, "Default addresses"): without it, the pages name the simulator without a link.
        vehicleTaxSimulator: externalUrl.optional(),
      })
      .strict(),
    /** Replaces the default Useful Links list when given. */
    usefulLinks: z.array(usefulLinkSchema).optional(),
    /** Appended to the (default or replaced) Useful Links list. */
    extraUsefulLinks: z.array(usefulLinkSchema).default([]),
    errorReporting: errorReportingSchema.default({ enabled: true, url: apiPath("client-errors"), method: "POST" }),
    /** Test-only switch (AREAOE_ENABLE_FAULT_INJECTION=1, set by playwright.config.ts): see app/features/errors/fault-injection.tsx. */
    faultInjection: z
      .union([z.boolean(), z.literal(0), z.literal(1)])
      .default(false)
      .transform((value) => value === true || value === 1),
    identityProvider: identityProviderSchema.default({ scope: "openid profile customs" }),
    securityHeader: securityHeaderSchema.default({ environments: {} }),
    /**
     * The origins visitors reach the portal by (AREAOE_PUBLIC_ORIGIN, comma-separated). A request for
     * any other Host is refused with 421 (server/http/trusted-origin.ts). None: only the loopback
     * names on the listening port (local use), with a warning at start.
     */
    publicOrigins: z.array(publicOriginSchema).default([]),
    /** TRUST_PROXY: see trustProxySchema. Default: only a proxy on this machine (loopback). */
    trustProxy: trustProxySchema.default(["loopback"]),
    /** Budgets, timeouts and connection limits (limitsSchema). */
    limits: limitsSchema.default(limitsSchema.parse({})),
    /** The shared state of several instances (redisSchema); absent: this process's memory. */
    redis: redisSchema.optional(),
    /** SIGTERM's drain (shutdownSchema). */
    shutdown: shutdownSchema.default(shutdownSchema.parse({})),
  })
  .passthrough();

export type AppConfig = z.infer<typeof configSchema>;
export type UsefulLinkConfig = z.infer<typeof usefulLinkSchema>;
export type LinkName = keyof AppConfig["links"];
