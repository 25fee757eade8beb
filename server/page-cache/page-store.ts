import type { GzipTemplate } from "./gzip-template";
import type { StaticDocument } from "./static-document";

/** A response header whose value is split at the nonce (the CSP): joined with each response's nonce. */
export type HeaderTemplate = [name: string, parts: string[]];

/**
 * One rendered page: a static document (a page of text: the same bytes for everyone, see
 * static-document.ts), or a page kept with its nonce cut out, whose `parts` are joined with a fresh
 * nonce per response (a page that hydrates).
 */
export interface CachedPage {
  status: number;
  document?: StaticDocument;
  headers: [string, string][];
  parts: Buffer[];
  /** The body compressed once at store time (see gzip-template.ts). */
  gzip?: GzipTemplate;
  /**
   * Every header the Express path sent with this page, copied from its first response, so the early
   * answer (before Express) sends the same ones; absent until then, or when it set a cookie.
   */
  earlyHeaders?: HeaderTemplate[];
  bytes: number;
  storedAt: number;
  /** When it was last asked for, on the store's own clock (PageStore: the least recently used goes first). */
  usedAt?: number;
}

export interface PageStoreLimits {
  maxEntries: number;
  maxBytes: number;
  /** Milliseconds a page is served before it is rendered again (pages may show date-dependent notices). */
  maxAgeMs: number;
}

/**
 * A bounded least-recently-used store of rendered pages (by entries and by bytes), tied to one build:
 * a different build version empties it first. A hit only marks its page used (a counter): reordering
 * the map on every hit cost a stored page's answer a twentieth of its CPU; a store that is full finds
 * the least recently used page when it must drop one (a render's rare work, over at most maxEntries).
 */
export class PageStore {
  private readonly pages = new Map<string, CachedPage>();
  private totalBytes = 0;
  private clock = 0;
  private buildVersion: string | undefined;

  constructor(
    private readonly limits: PageStoreLimits,
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.pages.size;
  }

  get bytes(): number {
    return this.totalBytes;
  }

  /** Bytes held per content coding (read by the metrics at each scrape: one pass over at most maxEntries). */
  bytesByEncoding(): { identity: number; gzip: number; br: number } {
    const held = { identity: 0, gzip: 0, br: 0 };
    for (const page of this.pages.values()) {
      if (page.document) {
        held.identity += page.document.variants.identity.body.length;
        held.gzip += page.document.variants.gzip.body.length;
        held.br += page.document.variants.br.body.length;
        continue;
      }
      held.identity += page.bytes;
      for (const part of page.gzip?.deflated ?? []) held.gzip += part.length;
    }
    return held;
  }

  /** Empties the store when the build changes (a new deployment, or a rebuild in development). */
  useBuild(version: string): void {
    if (version === this.buildVersion) return;
    this.clear();
    this.buildVersion = version;
  }

  get(key: string): CachedPage | undefined {
    const page = this.pages.get(key);
    if (!page) return undefined;
    if (this.now() - page.storedAt >= this.limits.maxAgeMs) {
      this.delete(key);
      return undefined;
    }
    page.usedAt = ++this.clock;
    return page;
  }

  set(key: string, page: CachedPage): void {
    if (page.bytes > this.limits.maxBytes) return;
    this.delete(key);
    page.usedAt = ++this.clock;
    this.pages.set(key, page);
    this.totalBytes += page.bytes;
    while (this.pages.size > this.limits.maxEntries || this.totalBytes > this.limits.maxBytes) {
      let oldest: string | undefined;
      let oldestUse = Number.POSITIVE_INFINITY;
      for (const [candidate, held] of this.pages) {
        if ((held.usedAt ?? 0) < oldestUse) {
          oldest = candidate;
          oldestUse = held.usedAt ?? 0;
        }
      }
      if (oldest === undefined) break;
      this.delete(oldest);
    }
  }

  delete(key: string): void {
    const page = this.pages.get(key);
    if (!page) return;
    this.pages.delete(key);
    this.totalBytes -= page.bytes;
  }

  clear(): void {
    this.pages.clear();
    this.totalBytes = 0;
  }
}
