import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ConfigError } from "./load-config";
import { configSchema, limitsSchema } from "./schema";
import { SETTING_RECORDS, settingDefaultProblems, settingsGuideProblems, undocumentedLimits } from "./settings-guide";
import { ALL_VARIABLES, BENCH_LIFT_VALUE, BENCH_LIFT_VARIABLE, DEV_IDP_EXPOSED_VALUE, DEV_IDP_EXPOSED_VARIABLE, devIssuerUrl, parseSettings, SETTINGS_VARIABLES, type SettingsDefaults } from "./settings";

const repoRoot = path.resolve(import.meta.dirname, "../..");
const settingsOf = (env: Record<string, string>, { argv = [], defaults }: { argv?: string[]; defaults?: SettingsDefaults } = {}) =>
  parseSettings(env, { argv, cwd: repoRoot, ...(defaults ? { defaults } : {}) });

function refusal(env: Record<string, string>, options: { argv?: string[] } = {}): string {
  try {
    settingsOf(env, options);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error(`expected ${JSON.stringify(env)} to be refused`);
}

const work = mkdtempSync(path.join(tmpdir(), "areaoe-settings-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("parseSettings", () => {
  it("gives every setting its default when the environment is empty", () => {
    const settings = settingsOf({});
    expect(settings).toMatchObject({
      mode: "production",
      port: 3000,
      host: "0.0.0.0",
      logLevel: "info",
      pageCache: true,
      previousAssetsDir: undefined,
      sandboxRateLimitLifted: false,
      metrics: { port: 9464, host: "127.0.0.1" },
      configFile: path.join(repoRoot, "config/areaoe.json"),
    });
    expect(settings.devIdp.requested).toBe(false);
    expect(settings.devIdp.issuer.href).toBe("http://localhost:3000/areaOE/dev-idp");
    // The shipped configuration file, validated.
    expect(settings.config.links.tariff).toMatch(/^https:\/\//);
    expect(settings.config.redis).toBeUndefined();
  });

  it("reads each variable", () => {
    expect(settingsOf({ PORT: "4100" }).port).toBe(4100);
    expect(settingsOf({ HOST: "127.0.0.1" }).host).toBe("127.0.0.1");
    expect(settingsOf({ LOG_LEVEL: "warn" }).logLevel).toBe("warn");
    expect(settingsOf({ AREAOE_PAGE_CACHE: "off" }).pageCache).toBe(false);
    expect(settingsOf({ AREAOE_PAGE_CACHE: "on" }).pageCache).toBe(true);
    expect(settingsOf({ AREAOE_PREVIOUS_ASSETS_DIR: "/srv/areaoe/previous/client" }).previousAssetsDir).toBe("/srv/areaoe/previous/client");
    // An empty variable is an unset one.
    expect(settingsOf({ AREAOE_PREVIOUS_ASSETS_DIR: "", PORT: "" })).toMatchObject({ previousAssetsDir: undefined, port: 3000 });
  });

  it("is in development mode only when NODE_ENV says development", () => {
    expect(settingsOf({ NODE_ENV: "development" }).mode).toBe("development");
    expect(settingsOf({ NODE_ENV: "production" }).mode).toBe("production");
    expect(settingsOf({ NODE_ENV: "test" }).mode).toBe("production");
  });

  it("lets a start command choose the page cache's default, and the variable still decides", () => {
    expect(settingsOf({}, { defaults: { pageCache: "off" } }).pageCache).toBe(false);
    expect(settingsOf({ AREAOE_PAGE_CACHE: "on" }, { defaults: { pageCache: "off" } }).pageCache).toBe(true);
  });

  it("switches the demo provider on by variable or by --dev-idp, its issuer from HOST and PORT", () => {
    expect(settingsOf({ AREAOE_DEV_IDP: "1", HOST: "127.0.0.1" }).devIdp.requested).toBe(true);
    expect(settingsOf({ AREAOE_DEV_IDP: "true", HOST: "localhost" }).devIdp.requested).toBe(true);
    expect(settingsOf({ AREAOE_DEV_IDP: "0" }).devIdp.requested).toBe(false);
    expect(settingsOf({ HOST: "::1" }, { argv: ["node", "index.js", "--dev-idp"] }).devIdp.requested).toBe(true);
    expect(settingsOf({ HOST: "127.0.0.1", PORT: "3303" }).devIdp.issuer.href).toBe("http://127.0.0.1:3303/areaOE/dev-idp");
    expect(settingsOf({ AREAOE_DEV_IDP_ISSUER: "https://demo.example/areaOE/dev-idp" }).devIdp.issuer.href).toBe("https://demo.example/areaOE/dev-idp");
    expect(devIssuerUrl({ HOST: "::" }).href).toBe("http://localhost:3000/areaOE/dev-idp");
  });

  it("refuses the demo provider in production where others can reach it, unless the exact override is set", () => {
    // The default HOST (0.0.0.0), a routable HOST, a public origin or an issuer on another host.
    expect(refusal({ AREAOE_DEV_IDP: "1" })).toMatch(/Refused: the embedded demo identity provider.*HOST=0\.0\.0\.0/);
    expect(refusal({ AREAOE_DEV_IDP: "1", HOST: "192.0.2.10" })).toContain("HOST=192.0.2.10");
    expect(refusal({ AREAOE_DEV_IDP: "1", HOST: "127.0.0.1", AREAOE_PUBLIC_ORIGIN: "https://portal.example" })).toContain("public origin https://portal.example");
    expect(refusal({ AREAOE_DEV_IDP: "1", HOST: "127.0.0.1", AREAOE_DEV_IDP_ISSUER: "https://demo.example/areaOE/dev-idp" })).toContain("demo issuer https://demo.example");
    expect(refusal({ HOST: "0.0.0.0" }, { argv: ["node", "index.js", "--dev-idp"] })).toContain(DEV_IDP_EXPOSED_VARIABLE);
    // A near miss of the override is a bad value, not an override.
    expect(refusal({ AREAOE_DEV_IDP: "1", [DEV_IDP_EXPOSED_VARIABLE]: "yes" })).toMatch(/AREAOE_DEV_IDP_EXPOSED="yes": must be exactly/);
    // Allowed: loopback only; the exact override; development; the demo provider off.
    expect(settingsOf({ AREAOE_DEV_IDP: "1", HOST: "127.0.0.2", AREAOE_PUBLIC_ORIGIN: "http://localhost:3000,http://[::1]:3000" }).devIdp.requested).toBe(true);
    expect(settingsOf({ AREAOE_DEV_IDP: "1", AREAOE_PUBLIC_ORIGIN: "https://portal.example", [DEV_IDP_EXPOSED_VARIABLE]: DEV_IDP_EXPOSED_VALUE }).devIdp.requested).toBe(true);
    expect(settingsOf({ AREAOE_DEV_IDP: "1", NODE_ENV: "development" }).devIdp.requested).toBe(true);
    expect(settingsOf({ AREAOE_PUBLIC_ORIGIN: "https://portal.example" }).devIdp.requested).toBe(false);
  });

  it("lifts the sandbox's limit for a bench only with the exact value on a loopback HOST", () => {
    expect(settingsOf({ [BENCH_LIFT_VARIABLE]: BENCH_LIFT_VALUE, HOST: "127.0.0.1" }).sandboxRateLimitLifted).toBe(true);
    expect(settingsOf({ [BENCH_LIFT_VARIABLE]: BENCH_LIFT_VALUE }).sandboxRateLimitLifted).toBe(false);
    expect(settingsOf({ [BENCH_LIFT_VARIABLE]: "yes", HOST: "127.0.0.1" }).sandboxRateLimitLifted).toBe(false);
  });

  it("starts the metrics listener on loopback port 9464 unless told another port, another address or off", () => {
    expect(settingsOf({}).metrics).toEqual({ port: 9464, host: "127.0.0.1" });
    expect(settingsOf({ AREAOE_METRICS_PORT: "9100", AREAOE_METRICS_HOST: "0.0.0.0" }).metrics).toEqual({ port: 9100, host: "0.0.0.0" });
    expect(settingsOf({ AREAOE_METRICS_PORT: "off" }).metrics).toBeUndefined();
    expect(refusal({ AREAOE_METRICS_PORT: "0" })).toMatch(/AREAOE_METRICS_PORT="0": must be a port number \(1 to 65535\) or "off"/);
    expect(refusal({ AREAOE_METRICS_PORT: "on" })).toMatch(/AREAOE_METRICS_PORT="on": must be a port number/);
  });

  it("reads the configuration file AREAOE_CONFIG names, relative to the working folder, with its overrides", () => {
    const shipped = JSON.parse(readFileSync(path.join(repoRoot, "config/areaoe.json"), "utf8")) as { links: Record<string, string> };
    const file = path.join(work, "other.json");
    writeFileSync(file, JSON.stringify({ links: { ...shipped.links, eori: "https://eori.example/check" } }));
    const settings = settingsOf({ AREAOE_CONFIG: path.relative(repoRoot, file), AREAOE_GUE_URL: "https://gue.example/" });
    expect(settings.configFile).toBe(file);
    expect(settings.config.links.eori).toBe("https://eori.example/check");
    expect(settings.config.links.gue).toBe("https://gue.example/");
    expect(settingsOf({ AREAOE_REDIS_URL: "redis://127.0.0.1:6390/2" }).config.redis?.url).toBe("redis://127.0.0.1:6390/2");
  });

  it("refuses a bad value, naming the variable and what it must be", () => {
    expect(refusal({ PORT: "eighty" })).toMatch(/PORT="eighty": must be a port number/);
    expect(refusal({ PORT: "70000" })).toMatch(/PORT="70000": must be a port number/);
    expect(refusal({ LOG_LEVEL: "loud" })).toMatch(/LOG_LEVEL="loud": must be one of fatal, error, warn, info, debug, trace, silent/);
    expect(refusal({ AREAOE_PAGE_CACHE: "false" })).toMatch(/AREAOE_PAGE_CACHE="false": must be "on" or "off"/);
    expect(refusal({ AREAOE_DEV_IDP: "yes" })).toMatch(/AREAOE_DEV_IDP="yes": must be "1"\/"true"/);
    expect(refusal({ AREAOE_DEV_IDP_ISSUER: "ftp://idp.example/" })).toMatch(/AREAOE_DEV_IDP_ISSUER="ftp:\/\/idp.example\/": must be an http\(s\) address/);
    // Every bad variable at once, not only the first.
    const both = refusal({ PORT: "x", LOG_LEVEL: "y" });
    expect(both).toContain("PORT=");
    expect(both).toContain("LOG_LEVEL=");
    // The configuration's overrides are validated by the configuration's schema, naming the field.
    expect(refusal({ AREAOE_GUE_URL: "javascript:alert(1)" })).toMatch(/links\.gue: the scheme "javascript:" is not allowed/);
    expect(refusal({ AREAOE_LIMITS: "{not json" })).toMatch(/AREAOE_LIMITS is not valid JSON/);
    expect(refusal({ AREAOE_CONFIG: path.join(work, "missing.json") })).toMatch(/Cannot read the configuration file/);
  });

  it("is frozen, configuration included", () => {
    const settings = settingsOf({});
    expect(Object.isFrozen(settings)).toBe(true);
    expect(Object.isFrozen(settings.devIdp)).toBe(true);
    expect(Object.isFrozen(settings.config)).toBe(true);
    expect(Object.isFrozen(settings.config.links)).toBe(true);
    expect(Object.isFrozen(settings.config.limits)).toBe(true);
    expect(() => {
      (settings as { port: number }).port = 1;
    }).toThrow(TypeError);
  });
});

describe("the operations guide", () => {
  const guide = readFileSync(path.join(repoRoot, "docs/operations.md"), "utf8");

  it("lists every variable the setting records parse, and no other", () => {
    expect(settingsGuideProblems(guide)).toEqual([]);
    expect(ALL_VARIABLES).toEqual(SETTING_RECORDS.map((record) => record.env));
    expect(Object.keys(SETTINGS_VARIABLES).length).toBeGreaterThan(5);
  });

  it("names a setting parsed but not documented, and one documented but parsed by no record", () => {
    const parsedOnly = settingsGuideProblems(guide, [...SETTING_RECORDS, { env: "AREAOE_NEW_KNOB", field: ["limits", "newKnob"] }]);
    expect(parsedOnly).toEqual(["AREAOE_NEW_KNOB (configuration field limits.newKnob) is parsed but not documented in docs/operations.md's settings tables"]);
    const documentedOnly = settingsGuideProblems(guide, SETTING_RECORDS.filter((record) => record.env !== "AREAOE_METRICS_HOST"));
    expect(documentedOnly).toEqual([expect.stringMatching(/^AREAOE_METRICS_HOST is documented .* but no setting record parses it/)]);
  });

  it("names every field of the configuration's limits", () => {
    expect(undocumentedLimits(guide, Object.keys(limitsSchema.shape))).toEqual([]);
    expect(undocumentedLimits(guide, ["searchTimeoutMs"])).toEqual(["limits.searchTimeoutMs is parsed but not documented in docs/operations.md (the limits row)"]);
  });

  it("states each default as the code has it, naming the variable or field of one that differs", () => {
    const limitDefaults = limitsSchema.parse({});
    expect(settingDefaultProblems(guide, limitDefaults)).toEqual([]);
    // Not an empty check: a wrong default of a process variable and of a limit are named.
    const wrong = guide.replace("Listening port, default 3000", "Listening port, default 8080").replace("`rendersPerSecond` (10)", "`rendersPerSecond` (20)");
    expect(settingDefaultProblems(wrong, limitDefaults)).toEqual([
      "PORT: docs/operations.md states the default 8080, the record's default is 3000 (server/config/setting-records.ts)",
      "limits.rendersPerSecond: docs/operations.md states the default 20, the limits schema's default is 10 (server/config/schema.ts)",
    ]);
  });

  it("has a record for every field of the configuration file", () => {
    const recorded = new Set(SETTING_RECORDS.flatMap((record) => (record.field ? [record.field[0]] : [])));
    expect(Object.keys(configSchema.shape).filter((field) => field !== "$comment" && !recorded.has(field))).toEqual([]);
  });
});
