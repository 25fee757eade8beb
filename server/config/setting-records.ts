import { z } from "zod";

/**
 * One record per setting: its name, where it may come from (an environment variable, a configuration
 * file field, or both), its type (a zod schema), its default and its documentation line. Everything
 * else is derived from these records: the environment's parsing and the `Settings` type
 * (server/config/settings.ts), the configuration file's overrides (load-config.ts), and the list the
 * operations guide is checked against (settings-guide.ts, settings.test.ts). Adding a setting is adding
 * a record here (CONTRIBUTING.md, "Adding a setting").
 */

/** `npm run bench` only: see sandboxRateLimitLifted (settings.ts). */
export const BENCH_LIFT_VARIABLE = "AREAOE_BENCH_LIFT_SANDBOX_RATE_LIMIT";
export const BENCH_LIFT_VALUE = "yes-for-a-loopback-benchmark";

/** The one value that lets the demo provider start in production beside an address others can reach. */
export const DEV_IDP_EXPOSED_VARIABLE = "AREAOE_DEV_IDP_EXPOSED";
export const DEV_IDP_EXPOSED_VALUE = "yes-anyone-who-reaches-it-signs-in-with-the-demo-accounts";

/** The metrics listener's port unless AREAOE_METRICS_PORT says otherwise (the port OpenTelemetry's Prometheus exporter uses). */
export const DEFAULT_METRICS_PORT = 9464;
const METRICS_PORT_ERROR = 'must be a port number (1 to 65535) or "off"';

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

const onOff = z.enum(["on", "off"], { error: 'must be "on" or "off"' });
const switchValue = z.enum(["1", "true", "0", "false"], { error: 'must be "1"/"true" (on) or "0"/"false" (off)' });

/** A variable of the running process (not in the configuration file), parsed by its own schema. */
export interface ProcessSettingRecord<S extends z.ZodType = z.ZodType, D = unknown> {
  /** The environment variable. */
  readonly env: string;
  /** Its type: parses the variable's text (an unset or empty variable takes the default instead). */
  readonly schema: S;
  readonly default: D;
  /** The operations guide's line for it (docs/operations.md lists every variable). */
  readonly doc: string;
  /**
   * A part of a setting made of several (the demo provider, the metrics listener…, settings.ts's
   * ComposedSettings): not a field of `Settings` by itself.
   */
  readonly part?: true;
}

const processSetting = <const R extends ProcessSettingRecord>(record: R): R => record;

/**
 * The process's own settings, by their name in `Settings`. A record without `part` is a field of
 * `Settings` of the schema's output type (or its default's).
 */
export const PROCESS_SETTINGS = {
  port: processSetting({
    env: "PORT",
    schema: z.string().regex(/^\d{1,5}$/, "must be a port number").transform(Number).pipe(z.number().int().min(0).max(65_535, "must be a port number (0 to 65535)")),
    default: 3000,
    doc: "listening port (default 3000)",
  }),
  host: processSetting({ env: "HOST", schema: z.string().trim().min(1), default: "0.0.0.0", doc: "listening address (default 0.0.0.0)" }),
  /** `development` only when NODE_ENV says so (React's and Vite's development builds); else production. */
  mode: processSetting({
    env: "NODE_ENV",
    schema: z.string().transform((value): "development" | "production" => (value === "development" ? "development" : "production")),
    default: "production",
    doc: "`development` for React's and Vite's development builds; anything else is production",
  }),
  logLevel: processSetting({
    env: "LOG_LEVEL",
    schema: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(", ")}` }),
    default: "info",
    doc: "fatal, error, warn, info (default), debug, trace or silent",
  }),
  /** The in-memory page cache of anonymous pages (server/page-cache); a start command may choose its default (SettingsDefaults). */
  pageCache: processSetting({ env: "AREAOE_PAGE_CACHE", schema: onOff.transform((value) => value === "on"), default: true, doc: "on (default; `npm run dev`: off) or off" }),
  previousAssetsDir: processSetting({
    env: "AREAOE_PREVIOUS_ASSETS_DIR",
    schema: z.string(),
    default: undefined,
    doc: "the previous build's client folder (a copy of its build/client), its hashed assets still served after a deployment; checked at start",
  }),
  configFile: processSetting({ env: "AREAOE_CONFIG", schema: z.string(), default: "config/areaoe.json", doc: "the configuration file (default config/areaoe.json)", part: true }),
  devIdp: processSetting({
    env: "AREAOE_DEV_IDP",
    schema: switchValue.transform((value) => value === "1" || value === "true"),
    default: false,
    doc: "1/true: the embedded demo identity provider (local use only); also `--dev-idp`",
    part: true,
  }),
  devIdpIssuer: processSetting({
    env: "AREAOE_DEV_IDP_ISSUER",
    schema: z.url({ protocol: /^https?$/, error: "must be an http(s) address" }),
    default: undefined,
    doc: "the demo provider's issuer address (default http://localhost:PORT/areaOE/dev-idp)",
    part: true,
  }),
  devIdpExposed: processSetting({
    env: DEV_IDP_EXPOSED_VARIABLE,
    schema: z.literal(DEV_IDP_EXPOSED_VALUE, { error: `must be exactly "${DEV_IDP_EXPOSED_VALUE}" (or unset)` }),
    default: undefined,
    doc: `"${DEV_IDP_EXPOSED_VALUE}" lets the demo provider start in production beside a HOST, public origin or issuer that is not loopback (refused otherwise)`,
    part: true,
  }),
  metricsPort: processSetting({
    env: "AREAOE_METRICS_PORT",
    schema: z
      .string()
      .regex(/^(?:off|\d{1,5})$/, METRICS_PORT_ERROR)
      .transform((value) => (value === "off" ? ("off" as const) : Number(value)))
      .refine((value) => value === "off" || (value >= 1 && value <= 65_535), METRICS_PORT_ERROR),
    default: DEFAULT_METRICS_PORT,
    doc: "the Prometheus metrics listener's port (default 9464; `off`: no listener), apart from PORT",
    part: true,
  }),
  metricsHost: processSetting({
    env: "AREAOE_METRICS_HOST",
    schema: z.string().trim().min(1),
    default: "127.0.0.1",
    doc: "the metrics listener's address (default 127.0.0.1: loopback only)",
    part: true,
  }),
  benchLift: processSetting({
    env: BENCH_LIFT_VARIABLE,
    schema: z.string(),
    default: undefined,
    doc: `benchmarks only: "${BENCH_LIFT_VALUE}" with a loopback HOST lifts the sandbox's per-client limit`,
    part: true,
  }),
} as const;

export type ProcessSettings = typeof PROCESS_SETTINGS;
/** Each process setting's value: its schema's output, or its default. */
export type ProcessValues = { -readonly [K in keyof ProcessSettings]: z.output<ProcessSettings[K]["schema"]> | ProcessSettings[K]["default"] };
/** The process settings that are fields of `Settings` by themselves. */
export type DirectSettingName = { [K in keyof ProcessSettings]: ProcessSettings[K] extends { part: true } ? never : K }[keyof ProcessSettings];

/**
 * A configuration file field (validated by the configuration's schema, schema.ts, which gives its type
 * and default) and the environment variable that may override it.
 */
export interface FileSettingRecord {
  /** The field in the configuration file (config/areaoe.json), as a path. */
  readonly field: readonly string[];
  /** The variable that overrides it. */
  readonly env: string;
  /** How the variable's text becomes the field's value: as it is, JSON, or a comma-separated list. */
  readonly form: "text" | "json" | "list";
  readonly doc: string;
}

const fileSetting = (field: string, env: string, doc: string, form: FileSettingRecord["form"] = "text"): FileSettingRecord => ({ field: field.split("."), env, form, doc });

/** The configuration file's settings that the environment may override (the file's other fields: schema.ts). */
export const FILE_SETTINGS: readonly FileSettingRecord[] = [
  fileSetting("links.tariff", "AREAOE_TARIFF_URL", "the tariff's address"),
  fileSetting("links.gue", "AREAOE_GUE_URL", "the GUE's address"),
  fileSetting("links.eori", "AREAOE_EORI_URL", "the EORI lookup's address"),
  fileSetting("links.contactUs", "AREAOE_CONTACT_US_URL", "Contact Us"),
  fileSetting("links.customsInformation", "AREAOE_CUSTOMS_INFORMATION_URL", "a Useful Link"),
  fileSetting("links.forms", "AREAOE_FORMS_URL", "a Useful Link"),
  fileSetting("links.customsLinks", "AREAOE_CUSTOMS_LINKS_URL", "a Useful Link"),
  fileSetting("links.financePortal", "AREAOE_FINANCE_PORTAL_URL", "the finance portal"),
  fileSetting("links.vehicleTaxSimulator", "AREAOE_VEHICLE_TAX_SIMULATOR_URL", "the vehicle tax simulator (no default)"),
  fileSetting("usefulLinks", "AREAOE_USEFUL_LINKS", "a JSON array of {linkText:{pt,en}, href, inApp}: replaces the Useful Links", "json"),
  fileSetting("extraUsefulLinks", "AREAOE_EXTRA_USEFUL_LINKS", "a JSON array, appended to the Useful Links", "json"),
  fileSetting("errorReporting.enabled", "AREAOE_ERROR_REPORTING_ENABLED", "true/false: the browser's error reports", "json"),
  fileSetting("errorReporting.url", "AREAOE_ERROR_REPORTING_URL", "where the browser sends its error reports"),
  fileSetting("errorReporting.method", "AREAOE_ERROR_REPORTING_METHOD", "POST or PUT"),
  fileSetting("faultInjection", "AREAOE_ENABLE_FAULT_INJECTION", "test-only fault injection (1)", "json"),
  fileSetting("identityProvider.issuer", "AREAOE_OIDC_ISSUER", "the OpenID Connect provider"),
  fileSetting("identityProvider.clientId", "AREAOE_OIDC_CLIENT_ID", "the portal's client id there"),
  fileSetting("identityProvider.clientSecret", "AREAOE_OIDC_CLIENT_SECRET", "the portal's client secret there"),
  fileSetting("identityProvider.scope", "AREAOE_OIDC_SCOPE", "the scopes asked for"),
  fileSetting("identityProvider.sessionSecret", "AREAOE_SESSION_SECRET", "encrypts the session cookies (32+ characters)"),
  fileSetting("securityHeader.environments.test.certificate", "AREAOE_SECURITY_HEADER_TEST_CERT", "the authority's test certificate (path or PEM)"),
  fileSetting("securityHeader.environments.production.certificate", "AREAOE_SECURITY_HEADER_PRODUCTION_CERT", "the authority's production certificate (path or PEM)"),
  fileSetting("publicOrigins", "AREAOE_PUBLIC_ORIGIN", "comma-separated origins, e.g. https://areaoe.example.pt,https://www.areaoe.example.pt", "list"),
  fileSetting("trustProxy", "TRUST_PROXY", "a hop count, true/false, or comma-separated addresses/CIDRs (parsed by the schema)"),
  fileSetting("limits", "AREAOE_LIMITS", 'a JSON object of budgets and timeouts (limitsSchema), e.g. {"rendersPerSecond":20}', "json"),
  fileSetting("redis.url", "AREAOE_REDIS_URL", "redis://host:port/db or rediss://… (TLS): several instances share their state there"),
  fileSetting("shutdown", "AREAOE_SHUTDOWN", 'a JSON object (shutdownSchema), e.g. {"readyGraceMs":5000,"drainTimeoutMs":20000}', "json"),
];

/** Every variable the settings read, with its documentation line (process settings first). */
export const SETTING_VARIABLES: ReadonlyMap<string, string> = new Map([
  ...Object.values(PROCESS_SETTINGS).map((record): [string, string] => [record.env, record.doc]),
  ...FILE_SETTINGS.map((record): [string, string] => [record.env, record.doc]),
]);
