import path from "node:path";
import { z } from "zod";
import { BASE_PATH } from "../../app/server-surface";
import { ConfigError, loadConfig } from "./load-config";
import {
  BENCH_LIFT_VALUE,
  BENCH_LIFT_VARIABLE,
  DEV_IDP_EXPOSED_VALUE,
  DEV_IDP_EXPOSED_VARIABLE,
  PROCESS_SETTINGS,
  SETTING_VARIABLES,
  type DirectSettingName,
  type ProcessSettingRecord,
  type ProcessSettings,
  type ProcessValues,
} from "./setting-records";
import type { AppConfig } from "./schema";

/**
 * The one place that reads the environment (the linter refuses `process.env` anywhere else in
 * server/ and app/, eslint.config.js): every variable is parsed here once, by zod, into one frozen
 * `Settings` object that boot (server/boot.ts) passes down, whole or the piece a part needs. The
 * variables, their types, defaults and documentation lines are the records of setting-records.ts.
 */

type Environment = Readonly<Record<string, string | undefined>>;

export {
  BENCH_LIFT_VALUE,
  BENCH_LIFT_VARIABLE,
  DEFAULT_METRICS_PORT,
  DEV_IDP_EXPOSED_VALUE,
  DEV_IDP_EXPOSED_VARIABLE,
  type LogLevel,
} from "./setting-records";
const LOOPBACK = new Set(["127.0.0.1", "::1", "localhost"]);

/**
 * True when the bench-only lift of the sandbox's rate limit applies (scripts/bench/sandbox.bench.ts):
 * the variable holds exactly BENCH_LIFT_VALUE AND the server listens on a loopback address (HOST). A
 * production server listens on a routable address: there the variable has no effect, whatever its value.
 */
export function sandboxRateLimitLifted(env: Environment): boolean {
  return env[BENCH_LIFT_VARIABLE] === BENCH_LIFT_VALUE && LOOPBACK.has(env.HOST ?? "");
}

export const DEV_IDP_PATH = `${BASE_PATH}/dev-idp`;

/** A loopback host name or address (`localhost`, 127.0.0.0/8, `::1`, brackets allowed). */
function isLoopbackHost(host: string): boolean {
  const name = host.toLowerCase().replace(/^\[|\]$/g, "").replace(/\.$/, "");
  return name === "localhost" || name.endsWith(".localhost") || name === "::1" || /^127(?:\.\d{1,3}){3}$/.test(name);
}

/**
 * What would let strangers reach the embedded demo provider (its fictitious accounts sign anyone in):
 * a listening address that is not loopback (the default 0.0.0.0 included), a configured public origin
 * or a demo issuer on another host. Empty: it is reachable from this machine only.
 */
export function devIdpExposure({ host, publicOrigins, issuer }: { host: string; publicOrigins: readonly string[]; issuer: URL }): string[] {
  const exposed: string[] = [];
  if (!isLoopbackHost(host)) exposed.push(`HOST=${host}`);
  for (const origin of publicOrigins) {
    if (!isLoopbackHost(new URL(origin).hostname)) exposed.push(`public origin ${origin}`);
  }
  if (!isLoopbackHost(issuer.hostname)) exposed.push(`demo issuer ${issuer.origin}`);
  return exposed;
}

/**
 * The embedded provider's issuer is this server seen from the visitor's browser. It must be the host
 * the visitor types (the browser follows its redirects), so a wildcard bind becomes `localhost`.
 */
export function devIssuerUrl(env: Environment): URL {
  if (env.AREAOE_DEV_IDP_ISSUER) return new URL(env.AREAOE_DEV_IDP_ISSUER);
  const port = env.PORT || "3000";
  const host = !env.HOST || env.HOST === "0.0.0.0" || env.HOST === "::" ? "localhost" : env.HOST;
  return new URL(`http://${host.includes(":") && !host.startsWith("[") ? `[${host}]` : host}:${port}${DEV_IDP_PATH}`);
}

/** An unset or empty variable takes its default. */
const unsetIfEmpty = (value: unknown) => (value === "" ? undefined : value);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(unsetIfEmpty, schema.optional());

const PROCESS_RECORDS = Object.entries(PROCESS_SETTINGS) as [keyof ProcessSettings, ProcessSettingRecord][];

/** The variables of the running process, by name, each parsed by its record's schema. */
const environmentSchema = z.object(Object.fromEntries(PROCESS_RECORDS.map(([, record]) => [record.env, optional(record.schema)])));

/**
 * The variables of the running portal other than the configuration file's overrides (FILE_SETTINGS,
 * validated by the configuration's own schema): name → meaning, from the records.
 */
export const SETTINGS_VARIABLES: Readonly<Record<string, string>> = Object.fromEntries(PROCESS_RECORDS.map(([, record]) => [record.env, record.doc]));

/** Settings made of several records (and of more than the environment). */
interface ComposedSettings {
  /** The embedded demo identity provider: switched on (AREAOE_DEV_IDP or --dev-idp), and the issuer address browsers see. */
  devIdp: { requested: boolean; issuer: URL };
  /** The bench-only lift of the sandbox's per-client rate limit (see sandboxRateLimitLifted). */
  sandboxRateLimitLifted: boolean;
  /** The Prometheus metrics listener (server/observability/metrics-server.ts); undefined when switched off. */
  metrics: { port: number; host: string } | undefined;
  /** The configuration file read (AREAOE_CONFIG, from the working folder), and its content with the environment's overrides, validated. */
  configFile: string;
  config: AppConfig;
}

/** The portal's settings: a field per process setting record (setting-records.ts), and the composed ones. */
export type Settings = Pick<ProcessValues, DirectSettingName> & ComposedSettings;

/** Defaults a start command may choose (`npm run dev` turns the page cache off unless told otherwise). */
export type SettingsDefaults = { [K in DirectSettingName]?: ProcessSettings[K] extends { schema: z.ZodType<unknown, infer Input> } ? Input : never };

function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== "object" || Object.isFrozen(value)) return value;
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (prototype !== Object.prototype && prototype !== null && !Array.isArray(value)) return value;
  for (const item of Object.values(value)) deepFreeze(item);
  return Object.freeze(value);
}

/**
 * Parses the environment (and the command line's `--dev-idp`) into the portal's settings; throws a
 * ConfigError naming each bad variable (or, for the configuration file, each bad field).
 */
export function parseSettings(
  env: Environment,
  { argv = [], cwd, defaults = {} }: { argv?: readonly string[]; cwd: string; defaults?: SettingsDefaults },
): Settings {
  // A start command's default takes the place of an unset variable.
  const input: Record<string, unknown> = { ...env };
  for (const [name, record] of PROCESS_RECORDS) {
    const chosen = (defaults as Partial<Record<string, string>>)[name];
    if (chosen !== undefined && unsetIfEmpty(input[record.env]) === undefined) input[record.env] = chosen;
  }
  const parsed = environmentSchema.safeParse(input);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  - ${issue.path.join(".")}=${JSON.stringify(env[String(issue.path[0])] ?? "")}: ${issue.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join("\n")}`);
  }
  const parsedVariables = parsed.data as Record<string, unknown>;
  const values = Object.fromEntries(PROCESS_RECORDS.map(([name, record]) => [name, parsedVariables[record.env] ?? record.default])) as ProcessValues;
  const direct = Object.fromEntries(PROCESS_RECORDS.filter(([, record]) => !record.part).map(([name]) => [name, values[name]])) as Pick<ProcessValues, DirectSettingName>;
  const configFile = path.resolve(cwd, values.configFile);
  const settings: Settings = {
    ...direct,
    devIdp: { requested: values.devIdp || argv.includes("--dev-idp"), issuer: devIssuerUrl(env) },
    sandboxRateLimitLifted: sandboxRateLimitLifted(env),
    metrics: values.metricsPort === "off" ? undefined : { port: values.metricsPort, host: values.metricsHost },
    configFile,
    config: loadConfig({ ...env, AREAOE_CONFIG: configFile }, cwd),
  };
  // The demo provider signs anyone in with its published accounts: in production it starts only where
  // nobody else can reach it, or with the explicit value that says so.
  // (With an external provider configured the demo provider stays off: server/auth/auth-settings.ts.)
  const idp = settings.config.identityProvider;
  const external = Boolean(idp.issuer && idp.clientId && idp.clientSecret && idp.sessionSecret);
  if (settings.devIdp.requested && !external && settings.mode === "production" && values.devIdpExposed === undefined) {
    const exposure = devIdpExposure({ host: settings.host, publicOrigins: settings.config.publicOrigins, issuer: settings.devIdp.issuer });
    if (exposure.length > 0) {
      throw new ConfigError(
        `Refused: the embedded demo identity provider (AREAOE_DEV_IDP / --dev-idp) signs anyone in with its published demo accounts, ` +
          `and this production server can be reached beyond this machine (${exposure.join(", ")}). ` +
          `Listen on loopback (HOST=127.0.0.1) with loopback origins only, switch the demo provider off, ` +
          `or set ${DEV_IDP_EXPOSED_VARIABLE}="${DEV_IDP_EXPOSED_VALUE}" for a closed test network.`,
      );
    }
  }
  return deepFreeze(settings);
}

/** The variables this module and the configuration's overrides read, for the operations guide's check. */
export const ALL_VARIABLES: readonly string[] = [...SETTING_VARIABLES.keys()];

/** The running process's settings: its environment, command line and working folder, read here only. */
export function settingsOfThisProcess(defaults?: SettingsDefaults): Settings {
  return parseSettings(process.env, { argv: process.argv, cwd: process.cwd(), ...(defaults ? { defaults } : {}) });
}
