// @vitest-environment jsdom
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { get as httpGet, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import express from "express";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { BASE_PATH, RULE_CHANGES } from "../../app/server-surface";
import { hostGuard, trustedOrigins } from "../http/trusted-origin";
import { protocolReader } from "../http/request-protocol";
import { loadAuthorityEnvironments } from "../security-header/authority-environments";
import { EXPIRY_NOTICE_DAYS, sandboxKeyEvents } from "./certificate-events";
import { feedsRouter, type FeedSources } from "./feeds-router";

const ATOM = "http://www.w3.org/2005/Atom";
// (The certificates go in as PEM text, as the configuration allows: in jsdom's realm a Buffer is not its Uint8Array.)
let server: Server | undefined;
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "areaoe-feeds-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/** The feeds router as the server mounts it, behind the Host check (the feeds' addresses come from the origin). */
async function serve(sources: FeedSources): Promise<string> {
  const app = express();
  const guard: { check?: ReturnType<typeof hostGuard> } = {};
  app.use((req, res, next) => (guard.check?.(req, res) ? next() : undefined));
  app.use(BASE_PATH, feedsRouter(sources));
  server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  const port = (server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;
  const trust = app.get("trust proxy fn") as Parameters<typeof protocolReader>[0];
  guard.check = hostGuard(trustedOrigins({ publicOrigins: [origin], port, trust, protocolOf: protocolReader(trust) }), {});
  return origin;
}

const children = (element: Element, name: string) => [...element.children].filter((child) => child.namespaceURI === ATOM && child.localName === name);
const text = (element: Element, name: string) => children(element, name)[0]?.textContent ?? "";
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * Parses the feed as XML (fails on a parse error) and checks RFC 4287's requirements: atom:feed with one
 * id, title and updated (a date-time), an author (of the feed, or of every entry), a self link; each entry
 * with one id, title, updated, an alternate link, and content or summary.
 */
function parseAtom(xml: string) {
  const doc = new DOMParser().parseFromString(xml, "application/xml");
  expect(doc.getElementsByTagName("parsererror")).toHaveLength(0);
  const feed = doc.documentElement;
  expect([feed.namespaceURI, feed.localName]).toEqual([ATOM, "feed"]);
  for (const name of ["id", "title", "updated"]) expect([name, children(feed, name).length]).toEqual([name, 1]);
  expect(text(feed, "updated")).toMatch(RFC3339);
  const entries = children(feed, "entry");
  const feedAuthor = children(feed, "author").length > 0 && text(children(feed, "author")[0] as Element, "name") !== "";
  expect(children(feed, "link").some((link) => link.getAttribute("rel") === "self")).toBe(true);
  for (const entry of entries) {
    for (const name of ["id", "title", "updated"]) expect([name, children(entry, name).length]).toEqual([name, 1]);
    expect(text(entry, "updated")).toMatch(RFC3339);
    expect(children(entry, "link").some((link) => (link.getAttribute("rel") ?? "alternate") === "alternate" && link.getAttribute("href"))).toBe(true);
    expect(children(entry, "content").length + children(entry, "summary").length).toBeGreaterThan(0);
    if (!feedAuthor) expect(children(entry, "author").length).toBeGreaterThan(0);
  }
  const ids = entries.map((entry) => text(entry, "id"));
  expect(new Set(ids).size).toBe(ids.length);
  return { feed, entries, title: text(feed, "title"), updated: text(feed, "updated"), ids, entryTitles: entries.map((entry) => text(entry, "title")) };
}

describe("the Atom feeds", () => {
  it("of the 'What changed' page: one entry per change, in each language, valid per RFC 4287, cacheable", async () => {
    const origin = await serve({});
    for (const lang of ["pt", "en"] as const) {
      const answer = await fetch(`${origin}${BASE_PATH}/feeds/changes.${lang}.atom`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get("content-type")).toBe("application/atom+xml; charset=utf-8");
      expect(answer.headers.get("cache-control")).toBe("public, max-age=3600");
      expect(answer.headers.get("content-language")).toBe(lang);
      const etag = answer.headers.get("etag");
      expect(etag).toBeTruthy();
      const atom = parseAtom(await answer.text());
      expect(atom.ids).toEqual(RULE_CHANGES.map((change) => `urn:areaoe:change:${change.id}`));
      expect(atom.entryTitles).toEqual(RULE_CHANGES.map((change) => change[lang].title));
      expect(atom.updated.slice(0, 10)).toBe(RULE_CHANGES[0]?.date);
      expect(atom.title).toBe(lang === "pt" ? "areaOE: o que mudou" : "areaOE: what changed");
      expect(text(atom.feed, "id")).toBe(`${origin}${BASE_PATH}/feeds/changes.${lang}.atom`);
      // A reader asking again with the ETag gets a 304.
      // (node:http: fetch adds Cache-Control: no-cache to a conditional request, which a server must not answer from its validator.)
      const again = await new Promise<number | undefined>((resolve, reject) =>
        httpGet(`${origin}${BASE_PATH}/feeds/changes.${lang}.atom`, { headers: { "if-none-match": etag ?? "" } }, (response) => {
          response.resume();
          resolve(response.statusCode);
        }).on("error", reject),
      );
      expect(again).toBe(304);
    }
  });

  it("of certificates and keys: a configured authority certificate, its expiry within 60 days, and the sandbox's key events", async () => {
    const certificate = path.join(dir, "authority.pem");
    execFileSync("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", path.join(dir, "key.pem"), "-out", certificate, "-days", "30", "-subj", "/CN=Feed authority"], { stdio: "ignore" });
    const environments = await loadAuthorityEnvironments({ securityHeader: { environments: { production: { certificate: readFileSync(certificate, "utf8") } } } } as Parameters<typeof loadAuthorityEnvironments>[0]);
    const now = new Date();
    const summary = environments.certificates(now)[0];
    const fingerprint = "ab".repeat(32);
    const origin = await serve({
      now: () => now,
      authorityCertificates: (at) => environments.certificates(at),
      sandboxKeys: () => [
        { id: "sandbox-2025", status: "retired", validFrom: "2025-01-01T00:00:00.000Z", validUntil: "2026-02-01T00:00:00.000Z", fingerprintSha256: "cd".repeat(32) },
        { id: "sandbox-2026", status: "current", validFrom: "2026-01-01T00:00:00.000Z", validUntil: "2027-02-01T00:00:00.000Z", fingerprintSha256: fingerprint },
        // Published ahead of its validity: listed as the next key from the day the retired one ended.
        { id: "sandbox-2027", status: "next", validFrom: "2099-01-15T00:00:00.000Z", validUntil: "2100-02-01T00:00:00.000Z", fingerprintSha256: "ef".repeat(32) },
      ],
    });
    const answer = await fetch(`${origin}${BASE_PATH}/feeds/certificates.en.atom`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("application/atom+xml; charset=utf-8");
    expect(answer.headers.get("cache-control")).toBe("public, max-age=900");
    const atom = parseAtom(await answer.text());
    const compact = summary?.sha256Fingerprint?.replace(/:/g, "").toLowerCase();
    expect(new Set(atom.ids)).toEqual(
      new Set([
        `urn:areaoe:authority-certificate:production:${compact}`,
        `urn:areaoe:authority-certificate-expiry:production:${compact}`,
        `urn:areaoe:sandbox-key:${fingerprint}`,
        `urn:areaoe:sandbox-key-retired:${"cd".repeat(32)}`,
        `urn:areaoe:sandbox-key-next:${"ef".repeat(32)}`,
      ]),
    );
    expect(atom.entryTitles).toContain("Sandbox key sandbox-2027 published: the next key, valid from 2099-01-15 to 2100-02-01");
    const until = summary?.notAfter?.slice(0, 10);
    expect(atom.entryTitles).toContain(`Authority certificate for the production environment expires on ${until}`);
    expect(atom.entryTitles).toContain("Sandbox key sandbox-2026 (current): valid from 2026-01-01 to 2027-02-01");
    // Newest first; the feed's updated is its newest entry's.
    const dates = atom.entries.map((entry) => Date.parse(text(entry, "updated")));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expect(Date.parse(atom.updated)).toBe(dates[0]);

    const pt = parseAtom(await (await fetch(`${origin}${BASE_PATH}/feeds/certificates.pt.atom`)).text());
    expect(pt.entryTitles).toContain(`O certificado da AT para o ambiente de produção expira a ${until}`);
  });

  it("has no expiry entry for a certificate more than 60 days from its end, and a valid empty feed with no events", async () => {
    const certificate = path.join(dir, "long.pem");
    execFileSync("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", path.join(dir, "long-key.pem"), "-out", certificate, "-days", String(EXPIRY_NOTICE_DAYS + 5), "-subj", "/CN=Long"], { stdio: "ignore" });
    const environments = await loadAuthorityEnvironments({ securityHeader: { environments: { test: { certificate: readFileSync(certificate, "utf8") } } } } as Parameters<typeof loadAuthorityEnvironments>[0]);
    const origin = await serve({ authorityCertificates: (at) => environments.certificates(at) });
    const atom = parseAtom(await (await fetch(`${origin}${BASE_PATH}/feeds/certificates.en.atom`)).text());
    expect(atom.ids).toHaveLength(1);
    expect(atom.ids[0]).toMatch(/^urn:areaoe:authority-certificate:test:/);
    server?.close();
    server = undefined;
    const empty = parseAtom(await (await fetch(`${await serve({})}${BASE_PATH}/feeds/certificates.pt.atom`)).text());
    expect(empty.entries).toHaveLength(0);
  });

  it("answers 404 for any other name", async () => {
    const origin = await serve({});
    for (const name of ["changes.de.atom", "other.pt.atom", "changes.pt.rss", "changes.atom"]) {
      expect([name, (await fetch(`${origin}${BASE_PATH}/feeds/${name}`)).status]).toEqual([name, 404]);
    }
  });

  it("sandboxKeyEvents: a key is an event once valid; a retired key once retired; the next key from the day it was published", () => {
    const now = new Date("2026-11-28T15:00:00.000Z");
    const key = { fingerprintSha256: "ef".repeat(32), validUntil: "2027-12-01T00:00:00.000Z" };
    const current = { id: "current", status: "current" as const, validFrom: "2026-08-01T00:00:00.000Z", validUntil: "2027-01-29T00:00:00.000Z", fingerprintSha256: "aa".repeat(32) };
    const retired = { id: "old", status: "retired" as const, validFrom: "2026-05-01T00:00:00.000Z", validUntil: "2026-08-15T00:00:00.000Z", fingerprintSha256: "bb".repeat(32) };
    const next = { id: "next", status: "next" as const, validFrom: "2027-01-15T00:00:00.000Z", ...key };
    // Published when the key before the current one retired (or, with none, when the current one became valid).
    expect(sandboxKeyEvents([retired, current, next], now).find((event) => "keyId" in event && event.keyId === "next")).toMatchObject({ kind: "sandbox-key-announced", at: "2026-08-15T00:00:00.000Z", id: `urn:areaoe:sandbox-key-next:${key.fingerprintSha256}` });
    expect(sandboxKeyEvents([current, next], now).filter((event) => "keyId" in event && event.keyId === "next")).toMatchObject([{ kind: "sandbox-key-announced", at: "2026-08-01T00:00:00.000Z" }]);
    // In the overlap it is also valid: a second event.
    expect(sandboxKeyEvents([current, { ...next, validFrom: "2026-11-15T00:00:00.000Z" }], now).filter((event) => "keyId" in event && event.keyId === "next").map((event) => event.kind)).toEqual(["sandbox-key-announced", "sandbox-key-valid"]);
    expect(sandboxKeyEvents([{ id: "old", status: "retired", validFrom: "2025-01-01T00:00:00.000Z", ...key }], now)).toEqual([]);
  });

  // A real Atom parser, Python's feedparser (Debian: python3-feedparser), reads both feeds: well formed,
  // and a title or summary holding < and & reads back as that text (the feed package writes them as
  // type="html": unescaped, "<novas>" would be a tag the reader drops).
  const python = ["/usr/bin/python3", "python3"].find((candidate) => spawnSync(candidate, ["-c", "import feedparser"], { stdio: "ignore" }).status === 0);
  it.skipIf(!python)(`is read by feedparser as the text written, < and & included${python ? "" : " (skipped: no python3 with feedparser; Debian: python3-feedparser)"}`, async () => {
    const tricky = { title: "Regras <novas> & antigas", text: "O limite passa de 1 < 2 para 3 > 2 & mais: <b>não</b> é HTML." };
    const change = { ...RULE_CHANGES[0], id: "tricky", pt: tricky, en: tricky } as (typeof RULE_CHANGES)[number];
    const origin = await serve({ changes: [change] });
    const xml = await (await fetch(`${origin}${BASE_PATH}/feeds/changes.pt.atom`)).text();
    const read = spawnSync(python ?? "python3", ["-c", [
      "import feedparser, html, json, sys",
      "d = feedparser.parse(sys.stdin.read())",
      "e = d.entries[0]",
      "text = lambda detail: html.unescape(detail.value) if detail.type == 'text/html' else detail.value",
      "print(json.dumps({'bozo': d.bozo, 'version': d.version, 'title': text(e.title_detail), 'summary': text(e.summary_detail), 'type': e.summary_detail.type}))",
    ].join("\n")], { input: xml, encoding: "utf8", timeout: 30_000 });
    expect(read.status, read.stderr).toBe(0);
    expect(JSON.parse(read.stdout)).toEqual({ bozo: false, version: "atom10", title: tricky.title, summary: tricky.text, type: "text/html" });
  });
});
