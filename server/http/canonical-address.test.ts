import { describe, expect, it } from "vitest";
import { routedPageAddresses } from "../../app/server-surface";
import { canonicalAddresses } from "./canonical-address";

const addresses = canonicalAddresses(routedPageAddresses());
const check = (target: string) => addresses.check(target);

describe("canonicalAddresses", () => {
  it("leaves a canonical address alone", () => {
    for (const target of ["/areaOE/", "/areaOE/public/importacao", "/areaOE/public/importacao?lang=en", "/areaOE/public/pesquisa?q=a%20b", "/robots.txt"]) {
      expect(check(target)).toEqual({ kind: "ok" });
    }
  });

  it("sends the base path without its final slash to the home page", () => {
    expect(check("/areaOE")).toEqual({ kind: "redirect", location: "/areaOE/" });
    expect(check("/AREAOE")).toEqual({ kind: "redirect", location: "/areaOE/" });
  });

  it("one spelling per page: letter case, %-encoded unreserved characters, a final slash, dot segments, empty query parts", () => {
    const page = "/areaOE/public/importacao";
    for (const [target, location] of [
      ["/areaOE/PUBLIC/Importacao", page],
      ["/areaOE/public/import%61cao", page],
      ["/%61reaOE/public/importacao", page],
      ["/areaOE/public/importacao/", page],
      ["/areaOE/public/./x/../importacao", page],
      ["/areaOE/public/importacao?lang=pt&", `${page}?lang=pt`],
      ["/areaOE/public/importacao?&&lang=en", `${page}?lang=en`],
      ["/areaOE/public/importacao?", page],
      ["/areaoe/public/ferramentas/webservices/securityheader/checksecurityheader", "/areaOE/public/ferramentas/webservices/securityHeader/checkSecurityHeader"],
    ]) {
      expect(check(target as string), target).toEqual({ kind: "redirect", location });
    }
  });

  it("keeps the case of addresses that are not pages (files are case-sensitive) but writes the base path one way", () => {
    expect(check("/areaOE/Favicon.svg")).toEqual({ kind: "ok" });
    expect(check("/AREAOE/favicon.svg")).toEqual({ kind: "redirect", location: "/areaOE/favicon.svg" });
  });

  it("refuses a target that is not origin-form, and tricks that would redirect elsewhere", () => {
    expect(check("http://x/areaOE/")).toEqual({ kind: "bad" });
    expect(check("*")).toEqual({ kind: "bad" });
    expect(check("//evil.example/areaOE/")).toEqual({ kind: "not-found" });
    expect(check("/areaOE//evil.example")).toEqual({ kind: "not-found" });
    expect(check("/../../etc/passwd")).toEqual({ kind: "not-found" });
  });

  it("the number of page spellings that are not redirected is one per page", () => {
    const variants = ["/areaOE/public/importacao", "/areaOE/public/IMPORTACAO", "/areaOE/public/importacao/", "/areaOE/public/%69mportacao"];
    expect(variants.filter((target) => check(target).kind === "ok")).toEqual(["/areaOE/public/importacao"]);
  });
});
