import { resolve } from "node:path";
import { CLI_TEST_KEY_CN, type AuthorityKey } from "./authority-key.js";
import { parseCommandLine, UsageError, type CliOptions } from "./cli-args.js";
import { CLOCK_REPORT_THRESHOLD_MS, describeOffset, readServerClock } from "./cli-clock.js";
import { HELP } from "./cli-help.js";
import { keyFromUrl } from "./cli-key-from.js";
import { CHECK_CERTIFICATE_COMMAND, runCheckCertificate } from "./cli-check-certificate.js";
import { describeFailure, EXIT_OK, formatHeader, formatWarning } from "./cli-output.js";
import { readPassword } from "./cli-password.js";
import { generateSecurityHeader } from "./header.node.js";
import { readAuthorityKeyFile } from "./key-file.js";
import { defaultCliTestKeyDir, ensureLocalTestKeyPair } from "./local-test-key-pair.js";
import { parseAuthorityKey } from "./parse-authority-key.js";
import { validateUsername } from "./username.js";
import { VERSION } from "./version.js";

export { EXIT_BAD_INPUT, EXIT_INTERRUPTED, EXIT_KEY_REFUSED, EXIT_KEY_UNREACHABLE, EXIT_NO_KEY_FOR_DATE, EXIT_OK, EXIT_UNEXPECTED, EXIT_USAGE } from "./cli-output.js";

export interface CliIo {
  readonly stdin: NodeJS.ReadStream;
  readonly stdout: NodeJS.WritableStream;
  readonly stderr: NodeJS.WritableStream;
  readonly cwd: string;
  readonly fetch?: typeof fetch;
}

export async function runCli(argv: readonly string[], io: CliIo = processIo()): Promise<number> {
  // A command of its own, with its own options and exit statuses (cli-check-certificate.ts).
  if (argv[0] === CHECK_CERTIFICATE_COMMAND) return runCheckCertificate(argv.slice(1), io);
  let password = "";
  try {
    const options = parseCommandLine(argv);
    if (options.help || options.version) {
      io.stdout.write(options.help ? HELP : `${VERSION}\n`);
      return EXIT_OK;
    }
    if (options.username === undefined) throw new UsageError("--username is required (NIF/UserID, e.g. 123456789/1)");

    // Check everything we can before asking for the password.
    validateUsername(options.username);
    const offsetMs = options.clockFrom === undefined ? 0 : await clockOffset(options.clockFrom, io);
    const publicKey = await loadKey(options, io, new Date(Date.now() + offsetMs));
    password = await readPassword(options.passwordStdin, io);

    const header = await generateSecurityHeader({
      username: options.username,
      password,
      publicKey,
      form: options.form,
      now: new Date(Date.now() + offsetMs),
    });
    const noticeShown = options.key === undefined && options.keyFrom === undefined;
    for (const warning of header.warnings) {
      if (!(noticeShown && warning.code === "LOCAL_TEST_KEY")) io.stderr.write(formatWarning(warning));
    }
    io.stdout.write(formatHeader(header, options));
    return EXIT_OK;
  } catch (error) {
    const failure = describeFailure(error, password);
    io.stderr.write(failure.text);
    return failure.status;
  }
}

async function loadKey(options: CliOptions, io: CliIo, now: Date): Promise<AuthorityKey> {
  if (options.key !== undefined) return readAuthorityKeyFile(resolve(io.cwd, options.key));
  if (options.keyFrom !== undefined) {
    // A key set that gives no usable key: KeyFromError, with an exit status of its own (cli-output.ts).
    const { key, picked, trustedBy } = await keyFromUrl(options.keyFrom, options.keyDate ?? now, { fingerprints: options.fingerprints, ...(io.fetch ? { fetchImpl: io.fetch } : {}) });
    const against = trustedBy === "--fingerprint" ? "the --fingerprint given" : trustedBy === "pinned" ? "a fingerprint pinned in this tool" : "the key set file on this machine";
    io.stderr.write(`notice: --key-from: key "${picked.id}" (${picked.status}, valid ${picked.validFrom} to ${picked.validUntil}), fingerprint checked against ${against}\n`);
    return key;
  }
  const dir = options.localKeyDir === undefined ? defaultCliTestKeyDir(io.cwd) : resolve(io.cwd, options.localKeyDir);
  // Its own subject (and folder): told apart from the form's and the sandbox's test keys.
  const pair = await ensureLocalTestKeyPair(dir, { commonName: CLI_TEST_KEY_CN });
  io.stderr.write(
    `notice: no --key given, so the LOCAL TEST key pair in ${dir} is used${pair.generated ? " (created now)" : ""}.\n` +
      "notice: this header is for LOCAL TESTING ONLY: the authority's services cannot decrypt it.\n",
  );
  return parseAuthorityKey(pair.certificatePem);
}

/** The offset to add to this machine's clock; 0 (with a warning) when the server cannot tell. */
async function clockOffset(url: string, io: CliIo): Promise<number> {
  const reading = await readServerClock(url, io.fetch ? { fetchImpl: io.fetch } : {});
  if (!reading.ok) {
    io.stderr.write(`warning [CLOCK_UNAVAILABLE]: --clock-from: ${reading.reason}; Created uses this machine's clock\n`);
    return 0;
  }
  if (Math.abs(reading.offsetMs) > CLOCK_REPORT_THRESHOLD_MS) {
    io.stderr.write(`notice: this machine's clock is ${describeOffset(reading.offsetMs)}; Created uses the corrected time\n`);
  }
  return reading.offsetMs;
}

function processIo(): CliIo {
  return { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr, cwd: process.cwd() };
}
