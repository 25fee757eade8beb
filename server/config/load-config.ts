import { readFileSync } from "node:fs";
import path from "node:path";
import type { z } from "zod";
import { configSchema, type AppConfig } from "./schema";
import { FILE_SETTINGS } from "./setting-records";

/** Environment variables that override single values of the configuration file (from the records, setting-records.ts). */
export const ENV_OVERRIDES: Record<string, string[]> = Object.fromEntries(FILE_SETTINGS.map((record) => [record.env, [...record.field]]));

/** Variables holding a comma-separated list (each item validated by the schema). */
const LIST_VALUED = new Set(FILE_SETTINGS.filter((record) => record.form === "list").map((record) => record.env));

const JSON_VALUED = new Set(FILE_SETTINGS.filter((record) => record.form === "json").map((record) => record.env));

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
