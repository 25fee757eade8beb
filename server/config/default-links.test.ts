import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig, parseConfig } from "./load-config";
import { toPublicConfig } from "./public-config";

/**
 * Links that promise different places must not land on one page. Every named link
 * of the shipped configuration (and so every default Useful Link, the footer, the GUE action of the
 * permission screen, the simulator) has its own address.
 */
const repoRoot = path.resolve(import.meta.dirname, "../..");

/** One form per place: scheme and host in lower case, no trailing slash, no fragment. */
function place(href: string): string {
  const url = new URL(href, "https://portal.invalid");
  return `${url.protocol}//${url.host.toLowerCase()}${url.pathname.replace(/\/+$/, "")}${url.search}`;
}

/** The addresses shared by more than one link name: "address ← name, name". */
function sharedAddresses(links: Record<string, string | undefined>): string[] {
  const byPlace = new Map<string, string[]>();
  for (const [name, href] of Object.entries(links)) {
    if (!href) continue;
    byPlace.set(place(href), [...(byPlace.get(place(href)) ?? []), name]);
  }
  return [...byPlace].filter(([, names]) => names.length > 1).map(([address, names]) => `${address} ← ${names.join(", ")}`);
}

describe("default link addresses", () => {
  const config = loadConfig({}, repoRoot);

  it("give each named link its own address", () => {
    expect(sharedAddresses(config.links)).toEqual([]);
  });

  it("give each default Useful Link its own address", () => {
    const hrefs = toPublicConfig(config).usefulLinks.map((link) => place(link.href));
    expect(new Set(hrefs).size).toBe(hrefs.length);
  });

  it("send GUE (and with it the permission screen's action) somewhere other than the finance portal's home page", () => {
    expect(place(config.links.gue)).not.toBe(place(config.links.financePortal));
  });

  it("leave the simulator without a link rather than on an unconfirmed address", () => {
    expect(config.links.vehicleTaxSimulator).toBeUndefined();
    const withSimulator = parseConfig({ ...config, links: { ...config.links, vehicleTaxSimulator: "https://simulator.example/" } });
    expect(withSimulator.links.vehicleTaxSimulator).toBe("https://simulator.example/");
  });
});

describe("sharedAddresses", () => {
  it("treats a trailing slash or the host's case as the same place", () => {
    expect(sharedAddresses({ a: "https://Portal.example/x/", b: "https://portal.example/x", c: "https://portal.example/y" })).toEqual([
      "https://portal.example/x ← a, b",
    ]);
  });
});
