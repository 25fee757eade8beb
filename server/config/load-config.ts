import { readFileSync } from "node:fs";
import path from "node:path";
import type { z } from "zod";
import { configSchema, type AppConfig } from "./schema";

/** Environment variables that override single values of the configuration file. */
export const ENV_OVERRIDES: Record<string, string[]> = {
  AREAOE_TARIFF_URL: ["links", "tariff"],
  AREAOE_GUE_URL: ["links", "gue"],
  AREAOE_EORI_URL: ["links", "eori"],
  AREAOE_CONTACT_US_URL: ["links", "contactUs"],
  AREAOE_CUSTOMS_INFORMATION_URL: ["links", "customsInformation"],
  AREAOE_FORMS_URL: ["links", "forms"],
  AREAOE_CUSTOMS_LINKS_URL: ["links", "customsLinks"],
  AREAOE_FINANCE_PORTAL_URL: ["links", "financePortal"],
  AREAOE_VEHICLE_TAX_SIMULATOR_URL: ["links", "vehicleTaxSimulator"],
  /** JSON arrays of {linkText:{pt,en}, href, inApp}. */
  AREAOE_USEFUL_LINKS: ["usefulLinks"],
  AREAOE_EXTRA_USEFUL_LINKS: ["extraUsefulLinks"],
  AREAOE_ERROR_REPORTING_ENABLED: ["errorReporting", "enabled"],
  AREAOE_ERROR_REPORTING_URL: ["errorReporting", "url"],
  AREAOE_ERROR_REPORTING_METHOD: ["errorReporting", "method"],
  AREAOE_ENABLE_FAULT_INJECTION: ["faultInjection"],
  AREAOE_OIDC_ISSUER: ["identityProvider", "issuer"],
  AREAOE_OIDC_CLIENT_ID: ["identityProvider", "clientId"],
  AREAOE_OIDC_CLIENT_SECRET: ["identityProvider", "clientSecret"],
  AREAOE_OIDC_SCOPE: ["identityProvider", "scope"],
  AREAOE_SESSION_SECRET: ["identityProvider", "sessionSecret"],
  /** File paths of the authority's certificates for the security header. */
  AREAOE_SECURITY_HEADER_TEST_CERT: ["securityHeader", "environments", "test", "certificate"],
  AREAOE_SECURITY_HEADER_PRODUCTION_CERT: ["securityHeader", "environments", "production", "certificate"],
  /** Comma-separated origins, e.g. https://areaoe.example.pt,https://www.areaoe.example.pt. */
  AREAOE_PUBLIC_ORIGIN: ["publicOrigins"],
  /** A hop count, true/false, or comma-separated addresses/CIDRs (parsed by the schema). */
  TRUST_PROXY: ["trustProxy"],
  /** A JSON object of budgets and timeouts (limitsSchema), e.g. {"rendersPerSecond":20}. */
  AREAOE_LIMITS: ["limits"],
  /** redis://host:port/db or rediss://… (TLS): several instances share their state there. */
  AREAOE_REDIS_URL: ["redis", "url"],
  /** A JSON object (shutdownSchema), e.g. {"readyGraceMs":5000,"drainTimeoutMs":20000}. */
  AREAOE_SHUTDOWN: ["shutdown"],
};

/** Variables holding a comma-separated list (each item validated by the schema). */
const LIST_VALUED = new Set(["AREAOE_PUBLIC_ORIGIN"]);

const JSON_VALUED = new Set([
  "AREAOE_USEFUL_LINKS",
  "AREAOE_EXTRA_USEFUL_LINKS",
  "AREAOE_ERROR_REPORTING_ENABLED",
  "AREAOE_ENABLE_FAULT_INJECTION",
  "AREAOE_LIMITS",
  "AREAOE_SHUTDOWN",
]);

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConfigError";
  }
}

function setPath(target: Record<string, unknown>, keys: string[], value: unknown): void {
  let node = target;
  keys.slice(0, -1).forEach((key) => {
    if (typeof node[key] !== "object" || node[key] === null) node[key] = {};
    node = node[key] as Record<string, unknown>;
  });
  node[keys[keys.length - 1] as string] = value;
}

/** Applies environment overrides on a raw (unvalidated) configuration object. */
export function applyEnvOverrides(raw: unknown, env: Readonly<Record<string, string | undefined>>): unknown {
  const copy = structuredClone(raw ?? {}) as Record<string, unknown>;
  for (const [name, keys] of Object.entries(ENV_OVERRIDES)) {
    const value = env[name];
    if (value === undefined || value === "") continue;
    if (JSON_VALUED.has(name)) {
      try {
        setPath(copy, keys, JSON.parse(value));
      } catch {
        throw new ConfigError(`Invalid configuration: ${name} is not valid JSON`);
      }
    } else if (LIST_VALUED.has(name)) {
      setPath(
        copy,
        keys,
        value.split(",").map((item) => item.trim()).filter((item) => item !== ""),
      );
    } else {
      setPath(copy, keys, value);
    }
  }
  return copy;
}

function describeIssues(error: z.ZodError, source: string): string {
  const lines = error.issues.map((issue) => {
    const field = issue.path.length > 0 ? issue.path.join(".") : "(root)";
    return `  - ${field}: ${issue.message}`;
  });
  return `Invalid configuration in ${source}:\n${lines.join("\n")}`;
}

/** Validates a raw configuration; throws a ConfigError that names each bad field. */
export function parseConfig(raw: unknown, source = "configuration"): AppConfig {
  const result = configSchema.safeParse(raw);
  if (!result.success) throw new ConfigError(describeIssues(result.error, source));
  return result.data;
}

export function defaultConfigPath(cwd = process.cwd()): string {
  return path.resolve(cwd, "config/areaoe.json");
}

/** Reads the configuration file named by AREAOE_CONFIG (or config/areaoe.json), then the env overrides (server/config/settings.ts gives the environment). */
export function loadConfig(env: Readonly<Record<string, string | undefined>>, cwd = process.cwd()): AppConfig {
  const file = env.AREAOE_CONFIG ? path.resolve(cwd, env.AREAOE_CONFIG) : defaultConfigPath(cwd);
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    throw new ConfigError(`Cannot read the configuration file ${file}: ${(error as Error).message}`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new ConfigError(`The configuration file ${file} is not valid JSON: ${(error as Error).message}`);
  }
  return parseConfig(applyEnvOverrides(raw, env), file);
}
