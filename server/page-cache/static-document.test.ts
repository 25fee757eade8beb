import { createServer, request, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chooseCoding, sendStaticDocument, storeStaticDocument, type StaticDocument, type StaticDocumentInput } from "./static-document";

const PAGE = Buffer.from(`<!doctype html><html lang="pt"><head><style>p{color:red}</style></head><body>${"<p>Importação de mercadorias</p>".repeat(400)}</body></html>`);

const input = (overrides: Partial<StaticDocumentInput> = {}): StaticDocumentInput => ({
  status: 200,
  body: PAGE,
  headers: [
    ["Content-Security-Policy", "default-src 'self';style-src 'self' 'sha256-abc'"],
    ["Content-Language", "pt"],
    ["Content-Type", "text/html; charset=utf-8"],
    // Per-response and framing headers never go into the store.
    ["Strict-Transport-Security", "max-age=1"],
    ["Set-Cookie", "lang=pt"],
    ["Cache-Status", "areaoe; hit"],
    ["Content-Length", "12"],
    ["Vary", "Accept-Language, Cookie"],
    ["Cache-Control", "no-cache"],
  ],
  buildVersion: "build-1",
  explicitLanguage: false,
  ...overrides,
});

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

let server: Server;
let port = 0;
let current: StaticDocument;
let perResponse: string[] = [];

/** A raw request (no client decoding the body), answering status, headers and the bytes as sent. */
function get(headers: Record<string, string> = {}, method = "GET"): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path: "/", method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

beforeAll(async () => {
  current = await storeStaticDocument(input());
  server = createServer((req, res) => sendStaticDocument(req, res, current, perResponse));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("chooseCoding", () => {
  it("prefers brotli, then gzip, honours q-values, and falls back to none", () => {
    expect(chooseCoding("gzip, deflate, br, zstd")).toBe("br");
    expect(chooseCoding("gzip, deflate")).toBe("gzip");
    expect(chooseCoding("br;q=0.5, gzip")).toBe("gzip");
    expect(chooseCoding("br;q=0, gzip;q=0")).toBe("identity");
    expect(chooseCoding("deflate")).toBe("identity");
    expect(chooseCoding("*")).toBe("br");
    expect(chooseCoding(undefined)).toBe("identity");
    expect(chooseCoding("")).toBe("identity");
    expect(chooseCoding("x".repeat(5_000))).toBe("identity");
  });
});

describe("a static document over HTTP", () => {
  it("sends the stored bytes in each coding, with Content-Length, a strong ETag per coding and a shared-cache policy", async () => {
    const answers = {
      br: await get({ "accept-encoding": "gzip, deflate, br" }),
      gzip: await get({ "accept-encoding": "gzip" }),
      identity: await get(),
    };
    expect(brotliDecompressSync(answers.br.body)).toEqual(PAGE);
    expect(gunzipSync(answers.gzip.body)).toEqual(PAGE);
    expect(answers.identity.body).toEqual(PAGE);
    expect(answers.br.headers["content-encoding"]).toBe("br");
    expect(answers.gzip.headers["content-encoding"]).toBe("gzip");
    expect(answers.identity.headers["content-encoding"]).toBeUndefined();
    // Compressed at the best level, once: brotli beats gzip, and both beat the page by far.
    expect(answers.br.body.length).toBeLessThan(answers.gzip.body.length);
    expect(answers.gzip.body.length).toBeLessThan(PAGE.length / 10);
    const tags = new Set<string>();
    for (const answer of Object.values(answers)) {
      expect(answer.status).toBe(200);
      expect(Number(answer.headers["content-length"])).toBe(answer.body.length);
      expect(answer.headers.etag).toMatch(/^"[\w-]{27}(-br|-gzip)?"$/);
      tags.add(answer.headers.etag ?? "");
      expect(answer.headers["cache-control"]).toBe("public, no-cache");
      expect(answer.headers.vary).toBe("Accept-Language, Cookie, Accept-Encoding");
      expect(answer.headers["content-security-policy"]).toBe("default-src 'self';style-src 'self' 'sha256-abc'");
      expect(answer.headers["content-language"]).toBe("pt");
      for (const name of ["strict-transport-security", "set-cookie", "cache-status"]) expect(answer.headers[name], name).toBeUndefined();
    }
    expect(tags.size).toBe(3);
  });

  it("answers byte-identical bodies to two requests", async () => {
    const [a, b] = [await get({ "accept-encoding": "br" }), await get({ "accept-encoding": "br" })];
    expect(a.body.equals(b.body)).toBe(true);
    expect(a.headers.etag).toBe(b.headers.etag);
  });

  it("answers 304 without a body to If-None-Match with the coding's tag (weak comparison, lists, *)", async () => {
    const etag = (await get({ "accept-encoding": "gzip" })).headers.etag ?? "";
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, "*"]) {
      const answer = await get({ "accept-encoding": "gzip", "if-none-match": ifNoneMatch });
      expect(answer.status, ifNoneMatch).toBe(304);
      expect(answer.body).toHaveLength(0);
      expect(answer.headers.etag).toBe(etag);
      expect(answer.headers["cache-control"]).toBe("public, no-cache");
      expect(answer.headers.vary).toBe("Accept-Language, Cookie, Accept-Encoding");
    }
    // Another coding's tag, another tag, or an end-to-end reload: the whole page.
    const fullPage: Record<string, string>[] = [
      { "accept-encoding": "br", "if-none-match": etag },
      { "accept-encoding": "gzip", "if-none-match": '"nope"' },
      { "accept-encoding": "gzip", "if-none-match": etag, "cache-control": "no-cache" },
      { "accept-encoding": "gzip", "if-modified-since": new Date().toUTCString() },
    ];
    for (const headers of fullPage) {
      expect((await get(headers)).status, JSON.stringify(headers)).toBe(200);
    }
  });

  it("answers HEAD with the headers of GET and no body", async () => {
    const head = await get({ "accept-encoding": "br" }, "HEAD");
    const full = await get({ "accept-encoding": "br" });
    expect(head.status).toBe(200);
    expect(head.body).toHaveLength(0);
    expect(head.headers["content-length"]).toBe(full.headers["content-length"]);
    expect(head.headers.etag).toBe(full.headers.etag);
  });

  it("adds the per-response headers to this answer only", async () => {
    perResponse = ["Set-Cookie", "lang=en; Path=/areaOE", "Strict-Transport-Security", "max-age=63072000", "Cache-Status", "areaoe; hit"];
    try {
      const answer = await get();
      expect(answer.headers["set-cookie"]).toEqual(["lang=en; Path=/areaOE"]);
      expect(answer.headers["strict-transport-security"]).toBe("max-age=63072000");
      expect(answer.headers["cache-status"]).toBe("areaoe; hit");
      const revalidated = await get({ "if-none-match": answer.headers.etag ?? "" });
      expect(revalidated.status).toBe(304);
      expect(revalidated.headers["set-cookie"]).toEqual(["lang=en; Path=/areaOE"]);
    } finally {
      perResponse = [];
    }
    expect((await get()).headers["set-cookie"]).toBeUndefined();
  });
});

describe("storeStaticDocument", () => {
  it("gives the same tag for the same build and bytes, another for another build, body or header", async () => {
    const tag = async (overrides: Partial<StaticDocumentInput> = {}) => (await storeStaticDocument(input(overrides))).variants.identity.etag;
    const base = await tag();
    expect(await tag()).toBe(base);
    expect(await tag({ buildVersion: "build-2" })).not.toBe(base);
    expect(await tag({ body: Buffer.concat([PAGE, Buffer.from(" ")]) })).not.toBe(base);
    expect(await tag({ headers: [["Content-Language", "en"]] })).not.toBe(base);
    // Per-response headers are not part of the document.
    expect(await tag({ headers: [...input().headers, ["Set-Cookie", "lang=en"]] })).toBe(base);
    // Nor is the rendering request's id: two instances (or two renders) store the same document, the same tag.
    expect(await tag({ headers: [...input().headers, ["X-Request-Id", "a2b5f0a4-2c1e-4d0e-9b7a-1f1e2d3c4b5a"]] })).toBe(base);
    expect((await storeStaticDocument(input({ headers: [...input().headers, ["X-Request-Id", "first-render"]] }))).variants.identity.headers).not.toContain("first-render");
  });

  it("varies by language headers only when the address did not choose the language", async () => {
    const explicit = await storeStaticDocument(input({ explicitLanguage: true }));
    const vary = explicit.variants.br.headers[explicit.variants.br.headers.indexOf("Vary") + 1];
    expect(vary).toBe("Cookie, Accept-Encoding");
  });

  it("keeps a ?lang= document (its answers set the language cookie) out of shared caches", async () => {
    const cacheControl = (headers: string[]) => headers[headers.indexOf("Cache-Control") + 1];
    const explicit = await storeStaticDocument(input({ explicitLanguage: true }));
    for (const variant of Object.values(explicit.variants)) {
      expect(cacheControl(variant.headers)).toBe("private, no-cache");
      expect(cacheControl(variant.notModified)).toBe("private, no-cache");
    }
    const negotiated = await storeStaticDocument(input());
    expect(cacheControl(negotiated.variants.br.headers)).toBe("public, no-cache");
  });
});
