// The edge's rules that are written by hand in deploy/varnish/areaoe.vcl, checked against what they
// stand for: the answers of one visitor (the page manifest's private pages, sign-in, the APIs, the
// sandbox) always go to the portal, and the cookies the VCL keeps are the portal's own.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROUTED_PAGES } from "../../app/config/site-map";
import { apiPath, appPath, BASE_PATH } from "../../app/config/paths";
import { AUTH_PATH } from "../../app/features/session/return-to";
import { LANGUAGE_COOKIE } from "../../app/i18n/languages";
import { BUILD_HEADER } from "../../server/page-cache/static-document";

const vcl = readFileSync(path.resolve(import.meta.dirname, "../../deploy/varnish/areaoe.vcl"), "utf8");
/** The regular expressions of vcl_recv's "always the portal's" rule. */
const passRules = [...vcl.matchAll(/req\.url ~ "(\^\/areaOE\/[^"]+)"/g)].map((match) => new RegExp((match[1] ?? "").replace(/\\\\/g, "\\")));
const passes = (address: string) => passRules.some((rule) => rule.test(address));

describe("deploy/varnish/areaoe.vcl", () => {
  it("sends every private page of the manifest, sign-in, the APIs and the sandbox to the portal", () => {
    const privatePages = ROUTED_PAGES.filter((page) => "private" in page && page.private).map((page) => appPath(page.path));
    expect(privatePages.length).toBeGreaterThan(0);
    for (const address of [...privatePages, `${AUTH_PATH}/sign-in`, apiPath("session"), `${BASE_PATH}/sandbox/soap`, `${BASE_PATH}/dev-idp/auth`]) {
      expect(passes(address), address).toBe(true);
      expect(passes(`${address}?x=1`), address).toBe(true);
    }
    // …and nothing else of the manifest: every other page may be stored when the portal says so.
    for (const page of ROUTED_PAGES.filter((entry) => !("private" in entry && entry.private))) expect(passes(appPath(page.path)), page.path).toBe(false);
  });

  it("knows the portal's cookies and build header by their names", () => {
    expect(vcl).toContain(`(__Host-)?areaoe_(session|signin)=`);
    // Read from the source, not imported (its module loads the whole server surface).
    const cookies = readFileSync(path.resolve(import.meta.dirname, "../../server/auth/session-cookie.ts"), "utf8");
    expect(/SESSION_COOKIE = "([^"]+)"/.exec(cookies)?.[1]).toBe("areaoe_session");
    expect(/TRANSACTION_COOKIE = "([^"]+)"/.exec(cookies)?.[1]).toBe("areaoe_signin");
    expect(vcl).toContain(`\\s*${LANGUAGE_COOKIE}=(pt|en)`);
    expect(vcl).toContain(`obj.http.${BUILD_HEADER}`);
  });
});
