import path from "node:path";
import { z } from "zod";
import { BASE_PATH } from "../../app/server-surface";
import { ConfigError, ENV_OVERRIDES, loadConfig } from "./load-config";
import type { AppConfig } from "./schema";

/**
 * The one place that reads the environment (the linter refuses `process.env` anywhere else in
 * server/ and app/, eslint.config.js): every variable is parsed here once, by zod, into one frozen
 * `Settings` object that boot (server/boot.ts) passes down, whole or the piece a part needs.
 */

type Environment = Readonly<Record<string, string | undefined>>;

/** `npm run bench` only: see sandboxRateLimitLifted. */
export const BENCH_LIFT_VARIABLE = "AREAOE_BENCH_LIFT_SANDBOX_RATE_LIMIT";
export const BENCH_LIFT_VALUE = "yes-for-a-loopback-benchmark";
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

/** The one value that lets the demo provider start in production beside an address others can reach. */
export const DEV_IDP_EXPOSED_VARIABLE = "AREAOE_DEV_IDP_EXPOSED";
export const DEV_IDP_EXPOSED_VALUE = "yes-anyone-who-reaches-it-signs-in-with-the-demo-accounts";

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

/** The metrics listener's port unless AREAOE_METRICS_PORT says otherwise (the port OpenTelemetry's Prometheus exporter uses). */
export const DEFAULT_METRICS_PORT = 9464;
const METRICS_PORT_ERROR = 'must be a port number (1 to 65535) or "off"';

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** An unset or empty variable takes its default. */
const unsetIfEmpty = (value: unknown) => (value === "" ? undefined : value);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(unsetIfEmpty, schema.optional());

const onOff = z.enum(["on", "off"], { error: 'must be "on" or "off"' });
const switchValue = z.enum(["1", "true", "0", "false"], { error: 'must be "1"/"true" (on) or "0"/"false" (off)' });

/**
 * The variables of the running portal other than the configuration file's overrides (ENV_OVERRIDES,
 * server/config/load-config.ts, validated by the configuration's own schema): name → meaning. The
 * operations guide lists every one (checked by settings.test.ts).
 */
export const SETTINGS_VARIABLES = {
  PORT: "listening port (default 3000)",
  HOST: "listening address (default 0.0.0.0)",
  NODE_ENV: "`development` for React's and Vite's development builds; anything else is production",
  LOG_LEVEL: "fatal, error, warn, info (default), debug, trace or silent",
  AREAOE_PAGE_CACHE: "on (default; `npm run dev`: off) or off",
  AREAOE_PREVIOUS_ASSETS_DIR: "the previous build's client folder, its hashed assets still served after a deployment",
  AREAOE_CONFIG: "the configuration file (default config/areaoe.json)",
  AREAOE_DEV_IDP: "1/true: the embedded demo identity provider (local use only); also `--dev-idp`",
  AREAOE_DEV_IDP_ISSUER: "the demo provider's issuer address (default http://localhost:PORT/areaOE/dev-idp)",
  AREAOE_METRICS_PORT: "the Prometheus metrics listener's port (default 9464; `off`: no listener), apart from PORT",
  AREAOE_METRICS_HOST: "the metrics listener's address (default 127.0.0.1: loopback only)",
  [BENCH_LIFT_VARIABLE]: `benchmarks only: "${BENCH_LIFT_VALUE}" with a loopback HOST lifts the sandbox's per-client limit`,
  [DEV_IDP_EXPOSED_VARIABLE]: `"${DEV_IDP_EXPOSED_VALUE}" lets the demo provider start in production beside a HOST, public origin or issuer that is not loopback (refused otherwise)`,
} as const;

const environmentSchema = z.object({
  PORT: optional(z.string().regex(/^\d{1,5}$/, "must be a port number").transform(Number).pipe(z.number().int().min(0).max(65_535, "must be a port number (0 to 65535)"))),
  HOST: optional(z.string().trim().min(1)),
  NODE_ENV: optional(z.string()),
  LOG_LEVEL: optional(z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(", ")}` })),
  AREAOE_PAGE_CACHE: optional(onOff),
  AREAOE_PREVIOUS_ASSETS_DIR: optional(z.string()),
  AREAOE_CONFIG: optional(z.string()),
  AREAOE_DEV_IDP: optional(switchValue),
  AREAOE_DEV_IDP_ISSUER: optional(z.url({ protocol: /^https?$/, error: "must be an http(s) address" })),
  AREAOE_METRICS_PORT: optional(
    z
      .string()
      .regex(/^(?:off|\d{1,5})$/, METRICS_PORT_ERROR)
      .transform((value) => (value === "off" ? "off" : Number(value)))
      .refine((value) => value === "off" || (value >= 1 && value <= 65_535), METRICS_PORT_ERROR),
  ),
  AREAOE_METRICS_HOST: optional(z.string().trim().min(1)),
  [BENCH_LIFT_VARIABLE]: optional(z.string()),
  [DEV_IDP_EXPOSED_VARIABLE]: optional(z.literal(DEV_IDP_EXPOSED_VALUE, { error: `must be exactly "${DEV_IDP_EXPOSED_VALUE}" (or unset)` })),
});

export interface Settings {
  /** `development` only when NODE_ENV says so (React's and Vite's development builds); else production. */
  mode: "development" | "production";
  port: number;
  host: string;
  logLevel: LogLevel;
  /** The in-memory page cache of anonymous pages (server/page-cache). */
  pageCache: boolean;
  previousAssetsDir: string | undefined;
  /** The embedded demo identity provider: switched on, and the issuer address browsers see. */
  devIdp: { requested: boolean; issuer: URL };
  /** The bench-only lift of the sandbox's per-client rate limit (see sandboxRateLimitLifted). */
  sandboxRateLimitLifted: boolean;
  /** The Prometheus metrics listener (server/observability/metrics-server.ts); undefined when switched off. */
  metrics: { port: number; host: string } | undefined;
  /** The configuration file read, and its content with the environment's overrides, validated. */
  configFile: string;
  config: AppConfig;
}

/** Defaults a start command may choose (`npm run dev` turns the page cache off unless told otherwise). */
export interface SettingsDefaults {
  pageCache?: "on" | "off";
}

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
  const parsed = environmentSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  - ${issue.path.join(".")}=${JSON.stringify(env[String(issue.path[0])] ?? "")}: ${issue.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join("\n")}`);
  }
  const vars = parsed.data;
  const configFile = vars.AREAOE_CONFIG ? path.resolve(cwd, vars.AREAOE_CONFIG) : path.resolve(cwd, "config/areaoe.json");
  const settings: Settings = {
    mode: vars.NODE_ENV === "development" ? "development" : "production",
    port: vars.PORT ?? 3000,
    host: vars.HOST ?? "0.0.0.0",
    logLevel: vars.LOG_LEVEL ?? "info",
    pageCache: (vars.AREAOE_PAGE_CACHE ?? defaults.pageCache ?? "on") === "on",
    previousAssetsDir: vars.AREAOE_PREVIOUS_ASSETS_DIR,
    devIdp: {
      requested: vars.AREAOE_DEV_IDP === "1" || vars.AREAOE_DEV_IDP === "true" || argv.includes("--dev-idp"),
      issuer: devIssuerUrl(env),
    },
    sandboxRateLimitLifted: sandboxRateLimitLifted(env),
    metrics: vars.AREAOE_METRICS_PORT === "off" ? undefined : { port: vars.AREAOE_METRICS_PORT ?? DEFAULT_METRICS_PORT, host: vars.AREAOE_METRICS_HOST ?? "127.0.0.1" },
    configFile,
    config: loadConfig({ ...env, AREAOE_CONFIG: configFile }, cwd),
  };
  // The demo provider signs anyone in with its published accounts: in production it starts only where
  // nobody else can reach it, or with the explicit value that says so.
  // (With an external provider configured the demo provider stays off: server/auth/auth-settings.ts.)
  const idp = settings.config.identityProvider;
  const external = Boolean(idp.issuer && idp.clientId && idp.clientSecret && idp.sessionSecret);
  if (settings.devIdp.requested && !external && settings.mode === "production" && vars[DEV_IDP_EXPOSED_VARIABLE] === undefined) {
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
export const ALL_VARIABLES: readonly string[] = [...Object.keys(SETTINGS_VARIABLES), ...Object.keys(ENV_OVERRIDES)];

/** The running process's settings: its environment, command line and working folder, read here only. */
export function settingsOfThisProcess(defaults?: SettingsDefaults): Settings {
  return parseSettings(process.env, { argv: process.argv, cwd: process.cwd(), ...(defaults ? { defaults } : {}) });
}
