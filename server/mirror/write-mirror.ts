import { mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { Agent, request, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { BASE_PATH, LANGUAGES, MIRROR_RETRY_AFTER_SECONDS, mirrorPageHtml, PORTAL_STYLESHEET_HREF, pageIdIsPrivate, routedPageAddresses, type Language, type PageId } from "../../app/server-surface";
import { routeKinds } from "../observability/route-kind";
import type { Settings } from "../config/settings";
import { readStylesheets } from "../http/stylesheets";
import { compressDocument } from "../page-cache/static-document";
import { mirrorNginxIncludes, MIRROR_CODINGS, mirrorFilePath, mirrorPageStem, type MirrorCoding, type MirroredFile } from "./mirror-layout";

/**
 * The static mirror (docs/operations.md "The edge and the mirror"): every page of text in pt and en,
 * every file of the client build (assets, public files, downloads), each in the three codings, as the
 * portal answers them (bytes and headers: the same CSP hashes, ETags, Content-Type, HSTS for an HTTPS
 * origin), and for each tool page a page that says, in the visitor's language, that it is unavailable
 * for now and what works without the portal. Made from the build alone: this process boots the build
 * on a loopback port of its own and asks it for every address, so the bytes are the portal's own (no
 * second renderer), and no running deployment is needed (a deploy makes it before the new build takes
 * traffic). The page list comes from the page manifest, the file list from the build's client folder.
 */

/** Request headers for each coding, as a browser or Varnish sends them. */
const ACCEPT_ENCODING: Record<MirrorCoding, string | undefined> = { br: "br, gzip", gzip: "gzip", identity: undefined };

/** Framing and per-response headers: the mirror's server writes its own, or none. */
const NOT_RECORDED = new Set(["connection", "keep-alive", "transfer-encoding", "date", "content-length", "x-request-id", "cache-status", "set-cookie", "accept-ranges"]);

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

function fetchFrom(port: number, agent: Agent, target: string, headers: Record<string, string | undefined>): Promise<Answer> {
  const sent = Object.fromEntries(Object.entries(headers).filter((entry): entry is [string, string] => entry[1] !== undefined));
  return new Promise((resolve, reject) => {
    request({ host: "127.0.0.1", port, path: target, agent, headers: sent }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    })
      .on("error", reject)
      .end();
  });
}

/**
 * A policy's nonce sources: a nonce is one response's, and a copy answers every visitor the same bytes.
 * Only a public file's policy has them (a diagram, a download: the document policy of every answer, with
 * nothing in the file that carries the nonce), so the copy's policy without them allows exactly what
 * the portal's allowed. A page of text's policy has hashes, never a nonce.
 */
const NONCE_SOURCE = / 'nonce-[^']*'/g;

export function withoutNonces(policy: string): string {
  return policy.replace(NONCE_SOURCE, "");
}

function recorded(headers: IncomingHttpHeaders): [string, string][] {
  const out: [string, string][] = [];
  for (const [name, value] of Object.entries(headers)) {
    if (NOT_RECORDED.has(name) || value === undefined) continue;
    const text = Array.isArray(value) ? value.join(", ") : value;
    out.push([name, name === "content-security-policy" || name === "content-security-policy-report-only" ? withoutNonces(text) : text]);
  }
  return out;
}

/** Every file of the client build that the portal serves, as its address (a precompressed `.br`/`.gz` beside its file is that file's coding). */
export function clientFiles(clientDir: string): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      // Dot files and folders (Vite's .vite/manifest.json) are the build's own, never served.
      if (entry.name.startsWith(".")) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else files.push(path.relative(clientDir, full).split(path.sep).join("/"));
    }
  };
  walk(clientDir);
  const present = new Set(files);
  return files.filter((file) => !(/\.(br|gz)$/.test(file) && present.has(file.replace(/\.(br|gz)$/, "")))).map((file) => `${BASE_PATH}/${file}`);
}

export interface MirrorReport {
  dir: string;
  origin: string;
  pages: number;
  toolPages: number;
  files: number;
  build: string;
}

/**
 * Writes the mirror into `dir` (made anew: written beside it, then renamed into place) from the
 * portal `server` listening on loopback in this process.
 */
export async function writeMirror(server: Server, settings: Settings, { dir, clientDir }: { dir: string; clientDir: string }): Promise<MirrorReport> {
  const [origin] = settings.config.publicOrigins;
  if (!origin) throw new Error("The mirror needs the origin visitors use: set AREAOE_PUBLIC_ORIGIN (publicOrigins), as for the deployment.");
  const { port } = server.address() as AddressInfo;
  const agent = new Agent({ keepAlive: true, maxSockets: 4 });
  const visitor = asVisitor(new URL(origin));
  const ask: AskPortal = (target, lang, coding) => fetchFrom(port, agent, target, visitor(lang, coding));
  const copy = mirrorCopy(dir);

  const kindOf = routeKinds();
  // A private page (one visitor's: the integrator's keys) needs the service as a tool page does: the mirror's "unavailable" page.
  const pages = [...routedPageAddresses()].map(([address, id]) => ({ address, id: id as PageId, tool: kindOf(address) === "tool" || pageIdIsPrivate(id) }));
  const text = pages.filter((page) => !page.tool);
  const tools = pages.filter((page) => page.tool);
  const { textHeaders, build } = await copyTextPages(ask, copy, text);
  await writeUnavailablePages(copy, tools, textHeaders, clientDir);
  const addresses = await copyBuildFiles(ask, copy, clientDir);
  agent.destroy();

  const report: MirrorReport = { dir, origin, pages: text.length, toolPages: tools.length, files: addresses.length, build };
  writeNginxAndReport(copy, report, { pages: text.map((page) => page.address), tools: tools.map((page) => page.address) });
  swapIntoPlace(copy.work, dir);
  return report;
}

/** One page of the manifest: its address, its id, and whether the mirror answers it with its "unavailable" page. */
interface MirrorPage {
  readonly address: string;
  readonly id: PageId;
  readonly tool: boolean;
}

/** Asks the portal for an address, as a visitor in `lang` (none: a file) whose client takes `coding`. */
type AskPortal = (target: string, lang: Language | undefined, coding: MirrorCoding) => Promise<Answer>;

/**
 * As the proxy in front would ask (this process trusts loopback): the origin's Host and scheme, so the
 * answers are the deployment's (absolute links, HSTS on an HTTPS origin).
 */
function asVisitor(url: URL): (lang: Language | undefined, coding: MirrorCoding) => Record<string, string | undefined> {
  return (lang, coding) => ({
    host: url.host,
    "x-forwarded-host": url.host,
    "x-forwarded-proto": url.protocol.replace(":", ""),
    "x-forwarded-for": "127.0.0.1",
    "accept-language": lang,
    "accept-encoding": ACCEPT_ENCODING[coding],
  });
}

/** The copy being written: its folder beside the mirror's, and the files saved in it (for nginx's includes). */
interface MirrorCopy {
  readonly work: string;
  readonly files: MirroredFile[];
  save(file: MirroredFile, body: Buffer): void;
}

function mirrorCopy(dir: string): MirrorCopy {
  const work = `${dir.replace(/\/+$/, "")}.writing-${process.pid}`;
  rmSync(work, { recursive: true, force: true });
  const files: MirroredFile[] = [];
  return {
    work,
    files,
    save: (file, body) => {
      const target = path.join(work, file.path);
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(target, body);
      files.push(file);
    },
  };
}

/** Every page of text in each language and coding, as the portal answers it: its headers (the first page's) and build. */
async function copyTextPages(ask: AskPortal, copy: MirrorCopy, text: readonly MirrorPage[]): Promise<{ textHeaders: [string, string][]; build: string }> {
  let textHeaders: [string, string][] | undefined;
  let build = "";
  for (const page of text) {
    for (const lang of LANGUAGES) {
      for (const coding of MIRROR_CODINGS) {
        const answer = await ask(page.address, lang, coding);
        if (answer.status !== 200) throw new Error(`${page.address} (${lang}, ${coding}) answered ${answer.status}: a page of text must answer 200`);
        const cacheControl = String(answer.headers["cache-control"] ?? "");
        if (!/\bpublic\b/.test(cacheControl)) throw new Error(`${page.address} answered Cache-Control "${cacheControl}": a page of text is a static document (public)`);
        const headers = recorded(answer.headers);
        textHeaders ??= headers;
        build ||= String(answer.headers["x-areaoe-build"] ?? "");
        copy.save({ path: mirrorFilePath({ kind: "page", stem: mirrorPageStem(page.address), lang, coding }), headers, status: 200 }, answer.body);
      }
    }
  }
  if (!textHeaders) throw new Error("The page manifest has no page of text");
  return { textHeaders, build };
}

/**
 * The tool pages: the mirror's own page, under the pages of text's policy (its stylesheet allowed by
 * the same hash), answered 503 with Retry-After; never stored by a cache. And its own not-found page (404).
 */
async function writeUnavailablePages(copy: MirrorCopy, tools: readonly MirrorPage[], textHeaders: [string, string][], clientDir: string): Promise<void> {
  const css = readStylesheets(clientDir)(PORTAL_STYLESHEET_HREF);
  const policy = textHeaders.filter(([name]) => !["etag", "cache-control", "vary", "content-language", "content-encoding", "content-type", "x-areaoe-build", "last-modified"].includes(name));
  const own = async (html: string, lang: Language, stem: string, kind: "page" | "own") => {
    const bodies = await compressDocument(Buffer.from(html));
    for (const coding of MIRROR_CODINGS) {
      const headers: [string, string][] = [
        ...policy,
        ["content-type", "text/html; charset=utf-8"],
        ["content-language", lang],
        ["vary", "Accept-Language, Cookie, Accept-Encoding"],
        ["cache-control", "no-store"],
        ...(kind === "page" ? ([["retry-after", String(MIRROR_RETRY_AFTER_SECONDS)]] as [string, string][]) : []),
        ...(coding === "identity" ? [] : ([["content-encoding", coding]] as [string, string][])),
      ];
      copy.save({ path: mirrorFilePath({ kind, stem, lang, coding }), headers, status: kind === "page" ? 503 : 404 }, bodies[coding]);
    }
  };
  const made: Promise<void>[] = [];
  for (const page of tools) {
    for (const lang of LANGUAGES) made.push(own(mirrorPageHtml({ kind: "tool", lang, pageId: page.id }, css ? { css } : {}), lang, mirrorPageStem(page.address), "page"));
  }
  for (const lang of LANGUAGES) made.push(own(mirrorPageHtml({ kind: "not-found", lang }, css ? { css } : {}), lang, "not-found", "own"));
  await Promise.all(made);
}

/** Every file of the build, as the portal serves it (hashed assets, public files, downloads): their addresses. */
async function copyBuildFiles(ask: AskPortal, copy: MirrorCopy, clientDir: string): Promise<string[]> {
  const addresses = clientFiles(clientDir);
  for (const address of addresses) {
    for (const coding of MIRROR_CODINGS) {
      const answer = await ask(address, undefined, coding);
      if (answer.status !== 200) throw new Error(`${address} (${coding}) answered ${answer.status}: every file of the build must be served`);
      copy.save({ path: mirrorFilePath({ kind: "file", address, coding }), headers: recorded(answer.headers), status: 200 }, answer.body);
    }
  }
  return addresses;
}

/** nginx's includes (what answers each address) and mirror.json (what the copy holds, and when it was made). */
function writeNginxAndReport(copy: MirrorCopy, report: MirrorReport, addresses: { pages: string[]; tools: string[] }): void {
  const includes = mirrorNginxIncludes({ files: copy.files, ...addresses });
  for (const [name, content] of Object.entries(includes)) {
    mkdirSync(path.join(copy.work, "nginx"), { recursive: true });
    writeFileSync(path.join(copy.work, "nginx", name), content);
  }
  writeFileSync(path.join(copy.work, "mirror.json"), `${JSON.stringify({ ...report, madeAt: new Date().toISOString(), retryAfterSeconds: MIRROR_RETRY_AFTER_SECONDS }, null, 2)}\n`);
}

/** Into place at once: nginx reads the old copy or the new one, never half of one. */
function swapIntoPlace(work: string, dir: string): void {
  const old = `${dir.replace(/\/+$/, "")}.old-${process.pid}`;
  let hadOne = false;
  try {
    hadOne = statSync(dir).isDirectory();
  } catch {
    hadOne = false;
  }
  if (hadOne) renameSync(dir, old);
  renameSync(work, dir);
  if (hadOne) rmSync(old, { recursive: true, force: true });
}

/**
 * The settings of the portal the mirror is made from: the deployment's (its configuration and public
 * origin, and its demo provider when it has one, whose sign-in link is on every page: the same pages),
 * on a loopback port of its own with no metrics listener, trusting loopback's forwarded headers (the
 * writer asks as the proxy would), the page cache on, and no per-client limit (every request comes
 * from this one process).
 */
export function mirrorWriterSettings(settings: Settings): Settings {
  const limits = { ...settings.config.limits, requestsPerSecond: 0, rendersPerSecond: 100_000, renderBurst: 100_000 };
  return {
    ...settings,
    port: 0,
    host: "127.0.0.1",
    metrics: undefined,
    pageCache: true,
    config: { ...settings.config, limits, trustProxy: ["loopback"] },
  };
}
