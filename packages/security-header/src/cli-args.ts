import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { normalizeFingerprint } from "./cli-key-from.js";
import { HEADER_FORMS, isHeaderForm, type HeaderForm } from "./header-form.js";

export interface CliOptions {
  username?: string;
  key?: string;
  form: HeaderForm;
  clockFrom?: string;
  /** --key-from URL: the key set to pick the key from by date (cli-key-from.ts). */
  keyFrom?: string;
  /** --key-date ISO: the date to pick the key for (default now). */
  keyDate?: Date;
  /** --fingerprint SHA256 (repeatable): the key certificates --key-from may use, 64 lowercase hex. */
  fingerprints: string[];
  passwordStdin: boolean;
  json: boolean;
  envelope: boolean;
  localKeyDir?: string;
  help: boolean;
  version: boolean;
}

export class UsageError extends Error {}

const OPTIONS = {
  username: { type: "string", short: "u" },
  key: { type: "string", short: "k" },
  form: { type: "string", short: "f" },
  "clock-from": { type: "string" },
  "key-from": { type: "string" },
  "key-date": { type: "string" },
  fingerprint: { type: "string" },
  "password-stdin": { type: "boolean" },
  json: { type: "boolean" },
  envelope: { type: "boolean" },
  "local-key-dir": { type: "string" },
  help: { type: "boolean", short: "h" },
  version: { type: "boolean", short: "v" },
  // Declared only to refuse them with an explanation.
  password: { type: "string", short: "p" },
  "created-in-clear": { type: "boolean" },
} as const;

type OptionName = keyof typeof OPTIONS;

const REFUSED: Partial<Record<OptionName, string>> = {
  password:
    "is refused: a password on the command line is visible to other users and kept in shell history. " +
    "Pipe it with --password-stdin, or leave both out to be prompted",
  "created-in-clear":
    "is gone: use --form digest (Created in clear with a Digest, the default) " +
    "or --form encrypted-created (no Digest, Created encrypted). See --help",
};

export function parseCommandLine(argv: readonly string[]): CliOptions {
  // strict: false + tokens: we validate ourselves so no message ever echoes an argument's value
  // (a mistyped option or a stray argument might be the password).
  const { tokens } = parseArgs({ args: [...argv], options: OPTIONS, strict: false, allowPositionals: true, tokens: true });
  const options: CliOptions = { form: "digest", fingerprints: [], passwordStdin: false, json: false, envelope: false, help: false, version: false };
  for (const token of tokens) {
    if (token.kind === "positional") {
      throw new UsageError(`Unexpected argument #${token.index + 1} (not shown: it could be a secret). See --help`);
    }
    if (token.kind !== "option") continue; // "--" terminator
    if (!(token.name in OPTIONS)) throw new UsageError(`Unknown option ${token.rawName}. See --help`);
    const name = token.name as OptionName;
    const refusal = REFUSED[name];
    if (refusal) throw new UsageError(`${token.rawName} ${refusal}`);
    if (OPTIONS[name].type === "string") {
      if (token.value === undefined || (!token.inlineValue && token.value.startsWith("-"))) {
        throw new UsageError(`${token.rawName} needs a value. See --help`);
      }
    } else if (token.value !== undefined) {
      throw new UsageError(`${token.rawName} takes no value`);
    }
    setOption(options, name, token.value ?? "");
  }
  if (options.keyFrom !== undefined && options.key !== undefined) throw new UsageError("--key and --key-from exclude each other: give one. See --help");
  if (options.keyDate !== undefined && options.keyFrom === undefined) throw new UsageError("--key-date picks a key of --key-from: give --key-from too. See --help");
  if (options.fingerprints.length > 0 && options.keyFrom === undefined) throw new UsageError("--fingerprint says which key of --key-from to trust: give --key-from too. See --help");
  return options;
}

function setOption(options: CliOptions, name: OptionName, value: string): void {
  switch (name) {
    case "username": options.username = value; break;
    case "key": options.key = value; break;
    case "form":
      if (!isHeaderForm(value)) throw new UsageError(`--form must be one of: ${HEADER_FORMS.join(", ")}. See --help`);
      options.form = value;
      break;
    case "clock-from": options.clockFrom = clockUrl(value); break;
    case "key-from": options.keyFrom = keySourceUrl(value); break;
    case "fingerprint": {
      const fingerprint = normalizeFingerprint(value);
      if (fingerprint === null) throw new UsageError("--fingerprint needs a SHA-256 fingerprint: 64 hexadecimal characters (colons allowed), as the portal shows it");
      if (options.fingerprints.length >= MAX_FINGERPRINTS) throw new UsageError(`--fingerprint may be given at most ${MAX_FINGERPRINTS} times`);
      options.fingerprints.push(fingerprint);
      break;
    }
    case "key-date": options.keyDate = isoDate(value); break;
    case "local-key-dir": options.localKeyDir = value; break;
    case "password-stdin": options.passwordStdin = true; break;
    case "json": options.json = true; break;
    case "envelope": options.envelope = true; break;
    case "help": options.help = true; break;
    case "version": options.version = true; break;
    default: break;
  }
}

const MAX_FINGERPRINTS = 8;

/** --key-from: an https: URL, or a file: URL given as such (a key set on this machine); never plain http. */
function keySourceUrl(value: string): string {
  const message = "--key-from needs an https URL, e.g. https://<portal>/areaOE/sandbox/keys, or file:PATH for a key set on this machine (plain http is refused: a key can be swapped on the way)";
  let url: URL;
  try {
    // file:keys.json and file:/abs/keys.json name a path (relative to the working folder); file:///… is a URL.
    url = value.startsWith("file:") && !value.startsWith("file://") ? pathToFileURL(resolve(value.slice("file:".length))) : new URL(value);
  } catch {
    throw new UsageError(message);
  }
  if (url.protocol !== "https:" && url.protocol !== "file:") throw new UsageError(message);
  return url.href;
}

/** An ISO 8601 date or UTC time: 2027-04-15 or 2027-04-15T08:00:00Z. */
function isoDate(value: string): Date {
  const date = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?Z)?$/.test(value) ? new Date(value) : new Date(Number.NaN);
  if (Number.isNaN(date.getTime())) throw new UsageError("--key-date needs an ISO 8601 date or UTC time, e.g. 2027-04-15 or 2027-04-15T08:00:00Z");
  return date;
}

function clockUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError("--clock-from needs an http or https URL, e.g. https://<portal>/areaOE/api/time");
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new UsageError("--clock-from needs an http or https URL, e.g. https://<portal>/areaOE/api/time");
  }
  return url.href;
}
