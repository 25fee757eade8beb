// The pages HAProxy answers itself (deploy/haproxy.cfg): the 429 of its per-address limit and the 503
// of "no instance ready", one page per language, and one page in both languages for its other errors
// (502, 503, 504), each with the reference to quote (the request's id: HAProxy writes its unique id
// where the page says %[unique-id]). They are made here, from the portal's own server page frame
// (app/render/server-page.tsx) and texts (the `errors` namespace's `edge` group), with a small
// stylesheet of their own (deploy/haproxy-errors/edge-pages.css): the files in deploy/haproxy-errors
// are this test's file snapshots (`npx vitest run scripts/deploy/edge-error-pages.test.tsx -u` writes
// them again after a change of the texts or the stylesheet). The same test checks what HAProxy needs of
// them (no other log-format tag, one buffer) and that the policy HAProxy sends allows that stylesheet.
// That HAProxy serves them in the visitor's language: scripts/deploy/operations-edge.test.ts.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { BASE_URL } from "../../app/config/paths";
import { LANGUAGES, type Language } from "../../app/i18n/languages";
import { serverT } from "../../app/i18n/server-texts";
import { ServerPage, serverPageHtml } from "../../app/render/server-page";

const root = path.resolve(import.meta.dirname, "../..");
const DIR = path.join(root, "deploy/haproxy-errors");
const css = readFileSync(path.join(DIR, "edge-pages.css"));
const haproxy = readFileSync(path.join(root, "deploy/haproxy.cfg"), "utf8");
/** Where HAProxy writes the request's id (log-format). */
const REFERENCE = "%[unique-id]";
/** What one page may weigh: HAProxy builds the whole answer in one buffer (tune.bufsize, 16 KB by default, less the headers). */
const MAX_PAGE_BYTES = 8 * 1024;

type EdgePage = "tooMany" | "unavailable" | "error";

function Message({ lang, page, heading: Heading = "h1" }: { lang: Language; page: EdgePage; heading?: "h1" | "h2" }) {
  const t = serverT(lang, "errors", "edge");
  return (
    <>
      <Heading>{t(`${page}Title`)}</Heading>
      <p>{t(`${page}Body`)}</p>
    </>
  );
}

const homeLink = (lang: Language) => (
  <p>
    <a href={BASE_URL}>{serverT(lang, "errors", "edge")("homeLink")}</a>
  </p>
);

/** A page in one language, with the reference in the frame's own words. */
function onePage(lang: Language, page: "tooMany" | "unavailable"): string {
  const title = serverT(lang, "errors", "edge")(`${page}Title`);
  return serverPageHtml(
    <ServerPage lang={lang} title={title}>
      <Message lang={lang} page={page} />
      {homeLink(lang)}
    </ServerPage>,
    { css, reference: REFERENCE },
  );
}

/** HAProxy's other errors: Portuguese first, then English (marked as such), each with the reference. */
function bothLanguages(): string {
  const title = `${serverT("pt", "errors", "edge")("errorTitle")} / ${serverT("en", "errors", "edge")("errorTitle")}`;
  return serverPageHtml(
    <ServerPage lang="pt" title={title}>
      <Message lang="pt" page="error" />
      {homeLink("pt")}
      <p>
        {serverT("pt", "common")("requestReference")} <code>{REFERENCE}</code>
      </p>
      <div lang="en">
        <Message lang="en" page="error" heading="h2" />
        {homeLink("en")}
        <p>
          {serverT("en", "common")("requestReference")} <code>{REFERENCE}</code>
        </p>
      </div>
    </ServerPage>,
    { css },
  );
}

const pages: Record<string, string> = {
  ...Object.fromEntries(LANGUAGES.flatMap((lang) => [[`429.${lang}.html`, onePage(lang, "tooMany")], [`503.${lang}.html`, onePage(lang, "unavailable")]])),
  "error.html": bothLanguages(),
};

describe("HAProxy's own pages", () => {
  it.each(Object.keys(pages))("%s is made from the portal's frame and texts", async (name) => {
    await expect(pages[name]).toMatchFileSnapshot(path.join(DIR, name));
  });

  it("hold no log-format tag but the reference, fit one buffer, and say which language they are in", () => {
    for (const [name, html] of Object.entries(pages)) {
      expect(html.replaceAll(REFERENCE, ""), name).not.toContain("%");
      expect(html, name).toContain(REFERENCE);
      expect(Buffer.byteLength(html), name).toBeLessThan(MAX_PAGE_BYTES);
      expect(html, name).toMatch(new RegExp(`^<!DOCTYPE html><html lang="${name.split(".").length === 3 ? name.split(".")[1] : "pt"}"`));
      expect(html, name).not.toMatch(/<script/i);
    }
  });

  it("are served by the configuration, each status in each language, under the policy that allows their stylesheet", () => {
    const hash = `'sha256-${createHash("sha256").update(css).digest("base64")}'`;
    const policy = /setenv AREAOE_EDGE_PAGE_CSP "([^"]+)"/.exec(haproxy)?.[1] ?? "";
    expect(policy).toContain(`style-src ${hash};`);
    expect(policy).toMatch(/^default-src 'none';/);
    const served = [...haproxy.matchAll(/lf-file "\$\{AREAOE_EDGE_ERRORS\}\/([^"]+)"/g)].map((match) => match[1]);
    expect(new Set(served)).toEqual(new Set(Object.keys(pages)));
    // Every line that serves one sends that policy, and no cache keeps it.
    for (const line of haproxy.split("\n").filter((text) => text.includes("lf-file"))) {
      expect(line).toContain('hdr Content-Security-Policy "${AREAOE_EDGE_PAGE_CSP}"');
      expect(line).toContain("hdr Cache-Control no-store");
    }
  });
});
