import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Request, Response } from "express";
import { LANGUAGE_COOKIE, LANGUAGES, type Language } from "../../../app/i18n/languages";
import { languageCookieHeader, languageMiddleware } from "../../../server/http/language";
import { SESSION_COOKIE, SESSION_TTL_SECONDS, SIGN_OUT_PENDING_COOKIE, TRANSACTION_COOKIE, TRANSACTION_TTL_SECONDS } from "../../../server/auth/session-cookie";
import { trustedOrigins } from "../../../server/http/trusted-origin";

/**
 * The privacy page lists exactly the cookies the portal sets, each with its
 * lifetime. The names come from the code: every place that sets a cookie (`.cookie(NAME, …)`) is
 * found in the source, and its name must be one this test knows how to read; a new cookie, or a
 * cookie written another way (a Set-Cookie header, document.cookie), fails here until the page and
 * this test describe it. (The embedded demo identity provider, local use only, has its own library
 * cookies under /areaOE/dev-idp; it never runs in a deployment.)
 */
const root = process.cwd();

/** The cookie name constants of the code, by the identifier the code uses. */
const NAME_CONSTANTS: Record<string, string> = { LANGUAGE_COOKIE, SESSION_COOKIE, TRANSACTION_COOKIE, SIGN_OUT_PENDING_COOKIE };

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const full = path.join(folder, name);
    if (statSync(full).isDirectory()) return name === "node_modules" || name === "dist" ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith(".d.ts") ? [full] : [];
  });
}

interface CookieSite {
  where: string;
  name?: string;
  problem?: string;
}

/** Every place in the portal's code that sets a cookie. */
function cookieSites(): CookieSite[] {
  const sites: CookieSite[] = [];
  for (const file of ["server", "app", "packages"].flatMap((folder) => sourceFiles(path.join(root, folder)))) {
    const source = readFileSync(file, "utf8");
    const where = (index: number) => `${path.relative(root, file)}:${source.slice(0, index).split("\n").length}`;
    // A name may be a constant, a literal, or a constant given its `__Host-` prefix over HTTPS
    // (cookieName(SESSION_COOKIE, secure), directly or through a helper that names the constant).
    for (const match of source.matchAll(/\.cookie\(\s*(?:cookieName\(\s*)?([A-Za-z_$][\w$]*|"[^"]*"|'[^']*')/g)) {
      const argument = match[1]!;
      const name = /^["']/.test(argument) ? argument.slice(1, -1) : NAME_CONSTANTS[argument];
      sites.push(name ? { where: where(match.index), name } : { where: where(match.index), problem: `sets a cookie named by ${argument}` });
    }
    // A Set-Cookie value written before Express (the page cache's early answer) with the cookie package.
    for (const match of source.matchAll(/\bserialize\(\s*([A-Za-z_$][\w$]*|"[^"]*"|'[^']*')/g)) {
      const argument = match[1]!;
      const name = /^["']/.test(argument) ? argument.slice(1, -1) : NAME_CONSTANTS[argument];
      sites.push(name ? { where: where(match.index), name } : { where: where(match.index), problem: `sets a cookie named by ${argument}` });
    }
    for (const match of source.matchAll(/(?:setHeader|append|set)\(\s*["']set-cookie["']|document\.cookie\s*=/gi)) {
      // The React Router seam hands on a route's own Set-Cookie headers (`for (… of headers.getSetCookie())
      // res.append(…)`): no cookie of its own; the route's is found where the route sets it.
      const line = source.slice(source.lastIndexOf("\n", match.index) + 1, source.indexOf("\n", match.index));
      if (/\.getSetCookie\(\)/.test(line) && /append\(\s*["']set-cookie["']\s*,\s*cookie\s*\)/i.test(line)) continue;
      sites.push({ where: where(match.index), problem: `sets a cookie another way (${match[0]})` });
    }
  }
  return sites;
}

/** Lifetime of each cookie in seconds, as the code sets it. */
function lifetimes(): Record<string, number> {
  let languageMaxAge = 0;
  // A request as the server sees it: matched to an origin by the Host check first.
  const req = { query: { lang: "en" }, headers: { host: "localhost:3000" }, socket: { remoteAddress: "127.0.0.1" } } as unknown as Request;
  trustedOrigins({ publicOrigins: [], port: 3000, trust: () => false, protocolOf: () => "http" }).check(req);
  const res = {
    locals: {},
    cookie: (_name: string, _value: string, options: { maxAge: number }) => void (languageMaxAge = options.maxAge / 1000),
    vary: () => undefined,
    setHeader: () => undefined,
  } as unknown as Response;
  languageMiddleware(req, res, () => undefined);
  return {
    [LANGUAGE_COOKIE]: languageMaxAge,
    [SESSION_COOKIE]: SESSION_TTL_SECONDS,
    [TRANSACTION_COOKIE]: TRANSACTION_TTL_SECONDS,
    [SIGN_OUT_PENDING_COOKIE]: TRANSACTION_TTL_SECONDS,
  };
}

/** How the page writes a lifetime: "1 ano" / "1 year", "1 hora" / "1 hour", "10 minutos" / "10 minutes". */
export function lifetimeWords(seconds: number, lang: Language): string {
  const units: [number, Record<Language, [string, string]>][] = [
    [365 * 24 * 3600, { pt: ["ano", "anos"], en: ["year", "years"] }],
    [24 * 3600, { pt: ["dia", "dias"], en: ["day", "days"] }],
    [3600, { pt: ["hora", "horas"], en: ["hour", "hours"] }],
    [60, { pt: ["minuto", "minutos"], en: ["minute", "minutes"] }],
  ];
  for (const [size, words] of units) {
    if (seconds >= size && seconds % size === 0) {
      const count = seconds / size;
      return `${count} ${words[lang][count === 1 ? 0 : 1]}`;
    }
  }
  return `${seconds} s`;
}

/** The cookie table of a privacy page: name → the rest of its row. */
function documentedCookies(lang: Language): Map<string, string> {
  const source = readFileSync(path.join(root, "content", lang, "privacy.mdx"), "utf8");
  return new Map([...source.matchAll(/^\|\s*`([^`]+)`\s*\|(.*)\|\s*$/gm)].map((match) => [match[1]!, match[2]!]));
}

describe("cookies on the privacy page", () => {
  const sites = cookieSites();

  it("every cookie the code sets is named by a constant or literal this test reads", () => {
    expect(sites.filter((site) => site.problem).map((site) => `${site.where}: ${site.problem}`)).toEqual([]);
    expect(sites.length).toBeGreaterThan(0);
  });

  it.each(LANGUAGES)("the %s page lists exactly the cookies the code sets, each with its lifetime", (lang) => {
    const set = [...new Set(sites.flatMap((site) => (site.name ? [site.name] : [])))].sort();
    const documented = documentedCookies(lang);
    expect([...documented.keys()].sort()).toEqual(set);
    const durations = lifetimes();
    for (const name of set) expect(documented.get(name), `${name} lifetime`).toContain(lifetimeWords(durations[name]!, lang));
  });
});

describe("lifetimeWords", () => {
  it("names the largest whole unit", () => {
    expect(lifetimeWords(365 * 24 * 3600, "pt")).toBe("1 ano");
    expect(lifetimeWords(3600, "en")).toBe("1 hour");
    expect(lifetimeWords(600, "pt")).toBe("10 minutos");
    expect(lifetimeWords(90, "en")).toBe("90 s");
  });
});

describe("the language cookie written before Express", () => {
  it("has the lifetime and attributes of the language middleware's", () => {
    const header = languageCookieHeader("en", true, 0);
    expect(header).toContain(`${LANGUAGE_COOKIE}=en`);
    expect(header).toContain(`Max-Age=${lifetimes()[LANGUAGE_COOKIE]}`);
    expect(header).toMatch(/; Path=\/areaOE(;|$)/);
    expect(header).toMatch(/; HttpOnly/);
    expect(header).toMatch(/; SameSite=Lax/i);
    expect(header).toMatch(/; Secure/);
    expect(languageCookieHeader("pt", false, 0)).not.toMatch(/Secure/);
  });
});
