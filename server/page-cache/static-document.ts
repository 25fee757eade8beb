import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import fresh from "fresh";
import Negotiator from "negotiator";

/**
 * A page of text stored as a static document: the same bytes for every visitor (no nonce: its inline
 * elements are allowed by their CSP hashes), compressed once per page, language and build at the best
 * level of each coding, and answered as a file is: the coding the client accepts, Content-Length, a
 * strong ETag, 304 to a matching If-None-Match, and a Cache-Control that lets a shared cache store it
 * and revalidate. Headers that depend on the request (HSTS, a language cookie) are never stored: the
 * caller adds them to each response.
 */
export const CODINGS = ["br", "gzip", "identity"] as const;
export type ContentCoding = (typeof CODINGS)[number];

/** Every visitor may keep it, every cache may store it, and each use is revalidated (a cheap 304). */
export const STATIC_CACHE_CONTROL = "public, no-cache";
/**
 * A document at a `?lang=` address: every answer there sets the `lang` cookie (the visitor's explicit
 * choice), and a shared cache must never replay a Set-Cookie, so only the visitor's browser keeps it.
 */
export const EXPLICIT_LANGUAGE_CACHE_CONTROL = "private, no-cache";

/**
 * The build a stored page of text belongs to (React Router's build version, the key of the page cache's
 * entries): the caching edge bans a previous build's pages by it (deploy/varnish/areaoe.vcl).
 */
export const BUILD_HEADER = "X-Areaoe-Build";

export interface StaticVariant {
  body: Buffer;
  etag: string;
  /** The whole header list of a 200 in this coding, flat (name, value, name, value…), as writeHead takes it. */
  headers: string[];
  /** The headers of a 304 for this coding (validator and caching headers only). */
  notModified: string[];
}

export interface StaticDocument {
  status: number;
  variants: Record<ContentCoding, StaticVariant>;
  /** Bytes held (the three bodies). */
  bytes: number;
}

export interface StaticDocumentInput {
  status: number;
  /** The page as rendered (identity). */
  body: Buffer;
  /** The headers every visitor gets, in order; per-response and framing headers are dropped here. */
  headers: [string, string][];
  /** The build's version: another build is another document, with another ETag. */
  buildVersion: string;
  /**
   * Whether the address chose the language (`?lang=`): then no language header changes the answer.
   * Otherwise it is negotiated from the `lang` cookie and Accept-Language. The session cookie always
   * changes the answer (a signed-in visitor gets a page of their own), hence Vary: Cookie.
   */
  explicitLanguage: boolean;
}

/** Headers this module writes itself, or that belong to one response or one connection. */
const NOT_STORED = new Set([
  "cache-control",
  "cache-status",
  "connection",
  "content-encoding",
  "content-length",
  "date",
  "etag",
  "keep-alive",
  "last-modified",
  "set-cookie",
  "strict-transport-security",
  "transfer-encoding",
  "vary",
  // One request's id (server/observability/request-id.ts): each answer, a stored one too, carries its own.
  "x-request-id",
]);

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/**
 * Both codings at their best level, in the thread pool (brotli 11 takes tens of milliseconds a page).
 * The static mirror's own pages are compressed the same way (server/mirror/write-mirror.ts).
 */
export async function compressDocument(body: Buffer): Promise<Record<ContentCoding, Buffer>> {
  const [br, gz] = await Promise.all([
    brotliAsync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzipAsync(body, { level: constants.Z_BEST_COMPRESSION, memLevel: 9 }),
  ]);
  return { br, gzip: gz, identity: body };
}

/**
 * The document's entity tag: a digest of everything a visitor receives (status, stored headers,
 * body) and of the build, so another build or any other byte gives another tag. Strong, one per
 * coding (each coding is its own representation).
 */
function entityTag(input: StaticDocumentInput, headers: [string, string][]): string {
  const hash = createHash("sha256").update(`${input.buildVersion}\n${input.status}\n`);
  for (const [name, value] of headers) hash.update(`${name.toLowerCase()}: ${value}\n`);
  return hash.update("\n").update(input.body).digest("base64url").slice(0, 27);
}

export async function storeStaticDocument(input: StaticDocumentInput): Promise<StaticDocument> {
  const headers = input.headers.filter(([name]) => !NOT_STORED.has(name.toLowerCase()));
  const tag = entityTag(input, headers);
  const bodies = await compressDocument(input.body);
  const caching = input.explicitLanguage
    ? ["Vary", "Cookie, Accept-Encoding", "Cache-Control", EXPLICIT_LANGUAGE_CACHE_CONTROL]
    : ["Vary", "Accept-Language, Cookie, Accept-Encoding", "Cache-Control", STATIC_CACHE_CONTROL];
  const variant = (coding: ContentCoding): StaticVariant => {
    const etag = `"${tag}${coding === "identity" ? "" : `-${coding}`}"`;
    const body = bodies[coding];
    return {
      body,
      etag,
      headers: [
        ...headers.flat(),
        ...caching,
        "ETag",
        etag,
        ...(coding === "identity" ? [] : ["Content-Encoding", coding]),
        "Content-Length",
        String(body.length),
      ],
      notModified: [...caching, "ETag", etag],
    };
  };
  const variants = { br: variant("br"), gzip: variant("gzip"), identity: variant("identity") };
  return { status: input.status, variants, bytes: bodies.br.length + bodies.gzip.length + bodies.identity.length };
}

/** Negotiator 1.x breaks ties by the server's preference (`preferred`); @types/negotiator omits the option. */
type PreferringNegotiator = { encoding(available: readonly string[], options: { preferred: readonly string[] }): string | undefined };

// The Accept-Encoding values seen are few (one per browser family, crawler and tool): each is
// negotiated once. Bounded in count and length; beyond that, negotiated every time.
const chosenCodings = new Map<string, ContentCoding>();
const MAX_REMEMBERED_CODINGS = 256;
const MAX_REMEMBERED_LENGTH = 256;

/**
 * The coding to send: brotli, then gzip, then none, among those the client accepts (q-values
 * honoured); none when the client accepts neither, or refuses everything (RFC 9110: a response
 * without a coding, rather than a 406).
 */
export function chooseCoding(acceptEncoding: string | undefined): ContentCoding {
  if (!acceptEncoding) return "identity";
  const known = chosenCodings.get(acceptEncoding);
  if (known) return known;
  const chosen = (new Negotiator({ headers: { "accept-encoding": acceptEncoding } }) as PreferringNegotiator).encoding(CODINGS, { preferred: CODINGS });
  const coding: ContentCoding = chosen === "br" || chosen === "gzip" ? chosen : "identity";
  if (acceptEncoding.length <= MAX_REMEMBERED_LENGTH) {
    if (chosenCodings.size >= MAX_REMEMBERED_CODINGS) chosenCodings.clear();
    chosenCodings.set(acceptEncoding, coding);
  }
  return coding;
}

/**
 * Answers a GET or HEAD with the stored document: a 304 when If-None-Match names this coding's tag
 * (weak comparison, as RFC 9110 requires; a request's `Cache-Control: no-cache` always gets the
 * body), else the stored bytes. `perResponse` (flat name/value list: HSTS, a language cookie,
 * Cache-Status) is added to this answer only. The response must have no header set yet.
 */
export function sendStaticDocument(req: IncomingMessage, res: ServerResponse, document: StaticDocument, perResponse: string[]): ContentCoding {
  const coding = chooseCoding(req.headers["accept-encoding"]);
  const variant = document.variants[coding];
  if ((req.headers["if-none-match"] !== undefined || req.headers["if-modified-since"] !== undefined) && fresh(req.headers, { etag: variant.etag })) {
    res.writeHead(304, perResponse.length > 0 ? [...variant.notModified, ...perResponse] : variant.notModified);
    res.end();
    return coding;
  }
  res.writeHead(document.status, perResponse.length > 0 ? [...variant.headers, ...perResponse] : variant.headers);
  if (req.method === "HEAD") res.end();
  else res.end(variant.body);
  return coding;
}
