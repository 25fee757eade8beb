import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, applyEnvOverrides, loadConfig, parseConfig } from "./load-config";

const repoRoot = path.resolve(import.meta.dirname, "../..");

function shippedConfig(): Record<string, unknown> {
  return structuredClone(loadConfig({}, repoRoot)) as unknown as Record<string, unknown>;
}

function withLink(name: string, value: unknown) {
  const config = shippedConfig();
  (config.links as Record<string, unknown>)[name] = value;
  return config;
}

function messageOf(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error("expected a ConfigError");
}

describe("startup configuration", () => {
  it("loads the embedded default file", () => {
    const config = loadConfig({}, repoRoot);
    expect(config.links.tariff).toMatch(/^https:\/\//);
    expect(config.extraUsefulLinks).toEqual([]);
  });

  it("refuses a javascript: address and names the field", () => {
    const message = messageOf(() => parseConfig(withLink("gue", "javascript:alert(1)"), "test.json"));
    expect(message).toContain("links.gue");
    expect(message).toContain('the scheme "javascript:" is not allowed');
  });

  it("refuses a malformed URL and names the field", () => {
    const message = messageOf(() => parseConfig(withLink("eori", "not a url"), "test.json"));
    expect(message).toContain("links.eori");
    expect(message).toContain("is not a valid URL");
  });

  it("refuses in-app paths outside the base path and protocol-relative addresses", () => {
    expect(messageOf(() => parseConfig(withLink("tariff", "/elsewhere")))).toContain("links.tariff");
    expect(messageOf(() => parseConfig(withLink("tariff", "//evil.example/x")))).toContain(
      "protocol-relative",
    );
  });

  it("refuses a useful link without linkText and names the field", () => {
    const config = shippedConfig();
    config.extraUsefulLinks = [{ linkText: { pt: "Só português" }, href: "https://example.org/", inApp: false }];
    const message = messageOf(() => parseConfig(config));
    expect(message).toContain("extraUsefulLinks.0.linkText.en");
  });

  it("refuses an inApp link that leaves the portal", () => {
    const config = shippedConfig();
    config.usefulLinks = [{ linkText: { pt: "a", en: "a" }, href: "https://example.org/", inApp: true }];
    expect(messageOf(() => parseConfig(config))).toContain("usefulLinks.0.href");
  });

  it("refuses a missing required link", () => {
    const config = shippedConfig();
    delete (config.links as Record<string, unknown>).tariff;
    expect(messageOf(() => parseConfig(config))).toContain("links.tariff");
  });

  it("applies environment overrides, validated like the file", () => {
    const raw = shippedConfig();
    const overridden = parseConfig(
      applyEnvOverrides(raw, {
        AREAOE_GUE_URL: "https://gue.example.pt/",
        AREAOE_EXTRA_USEFUL_LINKS: JSON.stringify([
          { linkText: { pt: "Testes", en: "Testing" }, href: "/areaOE/public/manualDeTestes", inApp: true },
        ]),
      }),
    );
    expect(overridden.links.gue).toBe("https://gue.example.pt/");
    expect(overridden.extraUsefulLinks).toHaveLength(1);
    expect(() => parseConfig(applyEnvOverrides(raw, { AREAOE_TARIFF_URL: "javascript:void(0)" }))).toThrow(
      /links\.tariff/,
    );
    expect(() => applyEnvOverrides(raw, { AREAOE_USEFUL_LINKS: "[not json" })).toThrow(
      /AREAOE_USEFUL_LINKS is not valid JSON/,
    );
  });

  it("reports an unreadable or invalid file by name", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "areaoe-config-"));
    const broken = path.join(dir, "broken.json");
    writeFileSync(broken, "{ nope");
    expect(() => loadConfig({ AREAOE_CONFIG: broken }, dir)).toThrow(/broken\.json is not valid JSON/);
    expect(() => loadConfig({ AREAOE_CONFIG: path.join(dir, "missing.json") }, dir)).toThrow(
      /Cannot read the configuration file/,
    );
  });

  it("reads AREAOE_PUBLIC_ORIGIN as a comma-separated list of origins, normalised", () => {
    const config = loadConfig({ AREAOE_PUBLIC_ORIGIN: " https://AreaOE.example.pt:443 , http://intranet.example:8080" }, repoRoot);
    expect(config.publicOrigins).toEqual(["https://areaoe.example.pt", "http://intranet.example:8080"]);
    expect(loadConfig({}, repoRoot).publicOrigins).toEqual([]);
  });

  it.each(["https://areaoe.example.pt/areaOE", "ftp://areaoe.example.pt", "https://user:pw@areaoe.example.pt", "areaoe.example.pt", "https://a.example?x=1"])(
    "refuses the public origin %s, naming the field",
    (origin) => {
      const message = messageOf(() => loadConfig({ AREAOE_PUBLIC_ORIGIN: origin }, repoRoot));
      expect(message).toContain("publicOrigins.0");
    },
  );

  it.each<[string, unknown]>([
    ["1", 1],
    ["2", 2],
    ["true", true],
    ["false", false],
    ["10.0.0.1", ["10.0.0.1"]],
    ["loopback, 10.0.0.0/8,fd00::/8", ["loopback", "10.0.0.0/8", "fd00::/8"]],
  ])("TRUST_PROXY=%s is read as %j", (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }, repoRoot).trustProxy).toEqual(expected);
  });

  it("trusts only a proxy on this machine by default", () => {
    expect(loadConfig({}, repoRoot).trustProxy).toEqual(["loopback"]);
  });

  it.each(["yes", "10.0.0.300", "10.0.0.0/33", "1.5", "proxy.example", "10.0.0.1,", "99"])("TRUST_PROXY=%s stops the start with a message", (value) => {
    const message = messageOf(() => loadConfig({ TRUST_PROXY: value }, repoRoot));
    expect(message).toContain("trustProxy");
  });

  it("keeps the state in memory without AREAOE_REDIS_URL, and reads it (with defaults) when given", () => {
    expect(loadConfig({}, repoRoot).redis).toBeUndefined();
    expect(loadConfig({ AREAOE_REDIS_URL: "rediss://:secret@redis.internal:6380/2" }, repoRoot).redis).toEqual({
      url: "rediss://:secret@redis.internal:6380/2",
      keyPrefix: "areaoe:",
      commandTimeoutMs: 200,
      connectTimeoutMs: 2_000,
    });
  });

  it.each(["http://redis.internal:6379", "redis://", "redis.internal:6379", "redis://redis.internal/db"])("AREAOE_REDIS_URL=%s stops the start, naming the field", (value) => {
    expect(messageOf(() => loadConfig({ AREAOE_REDIS_URL: value }, repoRoot))).toContain("redis.url");
  });

  it("refuses an unknown Redis setting or a key prefix with spaces, naming the field", () => {
    const config = { ...shippedConfig(), redis: { url: "redis://127.0.0.1:6379", keyPrefix: "area oe" } };
    expect(messageOf(() => parseConfig(config))).toContain("redis.keyPrefix");
    expect(messageOf(() => parseConfig({ ...config, redis: { url: "redis://127.0.0.1", pool: 4 } }))).toContain("redis");
  });

  it("reads SIGTERM's drain times from AREAOE_SHUTDOWN (JSON), with defaults", () => {
    expect(loadConfig({}, repoRoot).shutdown).toEqual({ readyGraceMs: 0, drainTimeoutMs: 20_000 });
    expect(loadConfig({ AREAOE_SHUTDOWN: '{"readyGraceMs":5000}' }, repoRoot).shutdown).toEqual({ readyGraceMs: 5_000, drainTimeoutMs: 20_000 });
    expect(messageOf(() => loadConfig({ AREAOE_SHUTDOWN: '{"drainTimeoutMs":-1}' }, repoRoot))).toContain("shutdown.drainTimeoutMs");
  });
});
