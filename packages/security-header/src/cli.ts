import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { parseAuthorityKey, type AuthorityKey } from "./authority-key.js";
import { SecurityHeaderError, type SecurityHeaderWarning } from "./errors.js";
import { generateSecurityHeader } from "./header.js";
import { defaultLocalTestKeyDir, ensureLocalTestKeyPair } from "./local-test-key-pair.js";
import { readAuthorityKeyFile } from "./node.js";
import { validateUsername } from "./username.js";
import { wrapInEnvelope } from "./xml.js";

export const EXIT_OK = 0;
export const EXIT_UNEXPECTED = 1;
export const EXIT_USAGE = 2;
export const EXIT_BAD_INPUT = 3;
export const EXIT_INTERRUPTED = 130;

const NAME = "areaoe-security-header";
const MAX_STDIN_BYTES = 64 * 1024;

const HELP = `${NAME}: make the WS-Security header for the tax authority's web services

Usage:
  ${NAME} --username NIF/USERID [--key FILE] [--password-stdin] [options]

The password is read from standard input with --password-stdin (one trailing newline is
removed), or typed at a hidden prompt when standard input is a terminal. It is never accepted
as a command-line argument: arguments are visible to other users and kept in shell history.

Options:
  -u, --username NIF/USERID  9-digit NIF, a slash and the sub-user number, e.g. 123456789/1
  -k, --key FILE             the authority's certificate or public key, PEM or DER
                             ("BEGIN CERTIFICATE", "BEGIN PUBLIC KEY", "BEGIN RSA PUBLIC KEY")
      --password-stdin       read the password from standard input
      --json                 print the result as JSON instead of the XML header
      --envelope             wrap the header in a SOAP 1.1 envelope (with --json: adds "envelope")
      --created-in-clear     put <wss:Created> in clear text, as older clients did
                             (default: encrypted; the digest is the same either way)
      --local-key-dir DIR    local test key pair used without --key
                             (default: ./.local/test-authority, created on first use)
  -h, --help                 show this help
  -v, --version              show the version

Without --key, a local test key pair (4096-bit RSA, self-signed) is used. Headers made with it
are for LOCAL TESTING ONLY: the authority's services cannot decrypt them.

The header is valid for 1 minute after its Created time. It goes to standard output; warnings
(NIF check digit, certificate expired or expiring within 30 days) go to standard error.

Exit status: 0 success, 1 unexpected failure, 2 usage error, 3 bad input (username,
password, key or key file), 130 interrupted at the prompt.

Examples:
  ${NAME} -u 123456789/1 -k authority-cert.pem --envelope > header.xml
      (asks for the password without echoing it)
  ${NAME} -u 123456789/1 -k authority-cert.pem --password-stdin --json < password.txt
  printf '%s' "$AT_PASSWORD" | ${NAME} -u 123456789/1 -k authority-cert.der --password-stdin
  ${NAME} -u 555555555/1 --password-stdin < password.txt      (local test key)
`;

const OPTIONS = {
  username: { type: "string", short: "u" },
  key: { type: "string", short: "k" },
  "password-stdin": { type: "boolean" },
  json: { type: "boolean" },
  envelope: { type: "boolean" },
  "created-in-clear": { type: "boolean" },
  "local-key-dir": { type: "string" },
  help: { type: "boolean", short: "h" },
  version: { type: "boolean", short: "v" },
  // Declared only to refuse them with an explanation.
  password: { type: "string", short: "p" },
} as const;

type OptionName = keyof typeof OPTIONS;

interface CliOptions {
  username?: string;
  key?: string;
  passwordStdin: boolean;
  json: boolean;
  envelope: boolean;
  createdInClear: boolean;
  localKeyDir?: string;
  help: boolean;
  version: boolean;
}

export interface CliIo {
  readonly stdin: NodeJS.ReadStream;
  readonly stdout: NodeJS.WritableStream;
  readonly stderr: NodeJS.WritableStream;
  readonly cwd: string;
}

class UsageError extends Error {}
class Interrupted extends Error {}

export async function runCli(argv: readonly string[], io: CliIo = processIo()): Promise<number> {
  let password = "";
  try {
    const options = parseCommandLine(argv);
    if (options.help || options.version) {
      write(io.stdout, options.help ? HELP : `${readVersion()}\n`);
      return EXIT_OK;
    }
    if (options.username === undefined) throw new UsageError("--username is required (NIF/UserID, e.g. 123456789/1)");

    // Check everything we can before asking for the password.
    validateUsername(options.username);
    const publicKey = await loadKey(options, io);
    password = await readPassword(options, io);

    const header = await generateSecurityHeader({
      username: options.username,
      password,
      publicKey,
      createdInClear: options.createdInClear,
    });
    const noticeShown = options.key === undefined;
    for (const warning of header.warnings) {
      if (!(noticeShown && warning.code === "LOCAL_TEST_KEY")) writeWarning(io.stderr, warning);
    }
    const envelope = options.envelope ? wrapInEnvelope(header.xml) : undefined;
    const output = options.json
      ? JSON.stringify(envelope === undefined ? header : { ...header, envelope }, null, 2)
      : (envelope ?? header.xml);
    write(io.stdout, `${output}\n`);
    return EXIT_OK;
  } catch (error) {
    return reportError(error, io.stderr, password);
  }
}

function parseCommandLine(argv: readonly string[]): CliOptions {
  // strict: false + tokens: we validate ourselves so no message ever echoes an argument's value
  // (a mistyped option or a stray argument might be the password).
  const { tokens } = parseArgs({ args: [...argv], options: OPTIONS, strict: false, allowPositionals: true, tokens: true });
  const options: CliOptions = { passwordStdin: false, json: false, envelope: false, createdInClear: false, help: false, version: false };
  for (const token of tokens) {
    if (token.kind === "positional") {
      throw new UsageError(`Unexpected argument #${token.index + 1} (not shown: it could be a secret). See --help`);
    }
    if (token.kind !== "option") continue; // "--" terminator
    if (!(token.name in OPTIONS)) throw new UsageError(`Unknown option ${token.rawName}. See --help`);
    const name = token.name as OptionName;
    if (name === "password") {
      throw new UsageError(
        `${token.rawName} is refused: a password on the command line is visible to other users and kept in shell history. ` +
          "Pipe it with --password-stdin, or leave both out to be prompted",
      );
    }
    if (OPTIONS[name].type === "string") {
      if (token.value === undefined || (!token.inlineValue && token.value.startsWith("-"))) {
        throw new UsageError(`${token.rawName} needs a value. See --help`);
      }
    } else if (token.value !== undefined) {
      throw new UsageError(`${token.rawName} takes no value`);
    }
    setOption(options, name, token.value);
  }
  return options;
}

function setOption(options: CliOptions, name: OptionName, value: string | undefined): void {
  switch (name) {
    case "username": options.username = value; break;
    case "key": options.key = value; break;
    case "local-key-dir": options.localKeyDir = value; break;
    case "password-stdin": options.passwordStdin = true; break;
    case "json": options.json = true; break;
    case "envelope": options.envelope = true; break;
    case "created-in-clear": options.createdInClear = true; break;
    case "help": options.help = true; break;
    case "version": options.version = true; break;
    case "password": break;
  }
}

async function loadKey(options: CliOptions, io: CliIo): Promise<AuthorityKey> {
  if (options.key !== undefined) return readAuthorityKeyFile(resolve(io.cwd, options.key));
  const dir = options.localKeyDir === undefined ? defaultLocalTestKeyDir(io.cwd) : resolve(io.cwd, options.localKeyDir);
  const pair = await ensureLocalTestKeyPair(dir);
  write(
    io.stderr,
    `notice: no --key given, so the LOCAL TEST key pair in ${dir} is used${pair.generated ? " (created now)" : ""}.\n` +
      "notice: this header is for LOCAL TESTING ONLY: the authority's services cannot decrypt it.\n",
  );
  return parseAuthorityKey(pair.certificatePem);
}

async function readPassword(options: CliOptions, io: CliIo): Promise<string> {
  if (io.stdin.isTTY) return promptHidden(io);
  if (!options.passwordStdin) {
    throw new UsageError("No password: standard input is not a terminal, so pipe the password and add --password-stdin");
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of io.stdin) {
    const bytes = typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer);
    size += bytes.length;
    if (size > MAX_STDIN_BYTES) throw new SecurityHeaderError("INVALID_PASSWORD", "Standard input is too long to be a password");
    chunks.push(bytes);
  }
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(Buffer.concat(chunks));
  } catch {
    throw new SecurityHeaderError("INVALID_PASSWORD", "The password on standard input is not valid UTF-8");
  }
  return text.replace(/\r?\n$/, ""); // one trailing newline only (echo adds one; CRLF on Windows)
}

/** Reads a line from the terminal without echoing it. */
function promptHidden(io: CliIo): Promise<string> {
  const { stdin, stderr } = io;
  write(stderr, "Password (not shown): ");
  stdin.setRawMode(true);
  stdin.setEncoding("utf8");
  stdin.resume();
  return new Promise((resolvePassword, reject) => {
    let value = "";
    const finish = () => {
      stdin.off("data", onData);
      stdin.setRawMode(false);
      stdin.pause();
      write(stderr, "\n");
    };
    function onData(chunk: string): void {
      if (chunk.startsWith("\u001b")) return; // arrow and function keys
      for (const char of chunk) {
        if (char === "\r" || char === "\n" || char === "\u0004" || char === "\u0003") {
          finish();
          if (char === "\u0003") reject(new Interrupted());
          else resolvePassword(value);
          return;
        }
        if (char === "\u007f" || char === "\b") value = Array.from(value).slice(0, -1).join("");
        else if (char === "\u0015") value = ""; // Ctrl-U
        else if (char >= " ") value += char;
      }
    }
    stdin.on("data", onData);
  });
}

function reportError(error: unknown, stderr: NodeJS.WritableStream, password: string): number {
  if (error instanceof UsageError) {
    write(stderr, `${NAME}: usage error: ${error.message}\n`);
    return EXIT_USAGE;
  }
  if (error instanceof Interrupted) {
    write(stderr, `${NAME}: interrupted\n`);
    return EXIT_INTERRUPTED;
  }
  if (error instanceof SecurityHeaderError) {
    write(stderr, `${NAME}: error [${error.code}]: ${error.message}\n`);
    return EXIT_BAD_INPUT;
  }
  // Our messages never hold the password; redact anyway in case a lower layer echoes input.
  const message = error instanceof Error ? error.message : String(error);
  write(stderr, `${NAME}: unexpected failure: ${password ? message.split(password).join("***") : message}\n`);
  return EXIT_UNEXPECTED;
}

function writeWarning(stderr: NodeJS.WritableStream, warning: SecurityHeaderWarning): void {
  write(stderr, `warning [${warning.code}]: ${warning.message}\n`);
}

function write(stream: NodeJS.WritableStream, text: string): void {
  stream.write(text);
}

function readVersion(): string {
  // src/cli.ts and dist/cli.js both sit one level below package.json.
  const manifest = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string };
  return manifest.version;
}

function processIo(): CliIo {
  return { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr, cwd: process.cwd() };
}
