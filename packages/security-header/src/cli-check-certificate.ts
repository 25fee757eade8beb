import { open } from "node:fs/promises";
import { basename, dirname, extname, join, resolve } from "node:path";
import { parseArgs } from "node:util";
import type { X509Certificate } from "node:crypto";
import forge from "node-forge";
import { NAME } from "./cli-help.js";
import { Interrupted, readPassword } from "./cli-password.js";
import { MAX_CERTIFICATE_FILE_BYTES, MAX_KDF_ITERATIONS, MAX_TOTAL_KDF_ITERATIONS, readCertificateFile, UnreadableCertificate, type CertificateFile, type Pkcs12Algorithm } from "./cli-certificate-file.js";
import { SecurityHeaderError } from "./errors.js";

/** What the command uses of the process (the tests give their own). */
export interface CheckCertificateIo {
  readonly stdin: NodeJS.ReadStream;
  readonly stdout: NodeJS.WritableStream;
  readonly stderr: NodeJS.WritableStream;
  readonly cwd: string;
}

export const CHECK_CERTIFICATE_COMMAND = "check-certificate";

/** Exit statuses of `check-certificate` (also in its help). */
export const CHECK_EXIT_VALID = 0;
export const CHECK_EXIT_UNEXPECTED = 1;
export const CHECK_EXIT_UNREADABLE = 2;
export const CHECK_EXIT_NOT_VALID_NOW = 4;
export const CHECK_EXIT_INTERRUPTED = 130;

export const CHECK_CERTIFICATE_HELP = `${NAME} ${CHECK_CERTIFICATE_COMMAND}: check a certificate file on this machine

Usage:
  ${NAME} ${CHECK_CERTIFICATE_COMMAND} FILE [--password-stdin]

FILE is an X.509 certificate (PEM or DER) or a PKCS#12 file (.p12, .pfx) with its private key.
Nothing is sent anywhere. For a PKCS#12 file the password is read from standard input when it is
not a terminal (one trailing newline is removed), else typed at a hidden prompt.

Options:
      --password-stdin       read the password from standard input (as the header command;
                             standard input that is not a terminal is read without it too)
  -h, --help                 show this help

A PKCS#12 file whose key derivations ask for more than ${MAX_KDF_ITERATIONS.toLocaleString("en-US")} iterations each, or more
than ${MAX_TOTAL_KDF_ITERATIONS.toLocaleString("en-US")} together, is refused (exit 2) before any is run.

Prints the subject, issuer, serial number, validity, key type and size, key usage, SHA-256
fingerprint and, for PKCS#12, how the file is encrypted. When it is encrypted with legacy
algorithms that OpenSSL 3 refuses without its legacy provider (RC2, RC4, DES), or with outdated
ones (3DES with SHA-1), it prints the openssl commands that convert it to a new file encrypted
with AES-256.

Exit status: 0 valid now, 2 unreadable input (not a certificate, wrong password, too large) or
usage error, 4 expired or not yet valid, 1 unexpected failure, 130 interrupted at the prompt.

Examples:
  ${NAME} ${CHECK_CERTIFICATE_COMMAND} operator-test.p12              (asks for the password)
  ${NAME} ${CHECK_CERTIFICATE_COMMAND} operator-test.p12 --password-stdin < password.txt
  ${NAME} ${CHECK_CERTIFICATE_COMMAND} authority-certificate.pem
`;

const DAY_MS = 86_400_000;

class CheckUsageError extends Error {}

export async function runCheckCertificate(argv: readonly string[], io: CheckCertificateIo, now: () => Date = () => new Date()): Promise<number> {
  let given: string | undefined;
  try {
    const { tokens } = parseArgs({
      args: [...argv],
      options: { help: { type: "boolean", short: "h" }, "password-stdin": { type: "boolean" } },
      strict: false,
      allowPositionals: true,
      tokens: true,
    });
    const files: string[] = [];
    for (const token of tokens) {
      if (token.kind === "positional") files.push(token.value);
      // Standard input is read when it is not a terminal in any case; the option is taken as the
      // header command takes it, so one habit (and one script) works for both.
      else if (token.kind === "option" && token.name === "password-stdin" && token.value === undefined) continue;
      else if (token.kind === "option" && token.name === "help") {
        io.stdout.write(CHECK_CERTIFICATE_HELP);
        return CHECK_EXIT_VALID;
      } else if (token.kind === "option") throw new CheckUsageError(`unknown option ${token.rawName}`);
    }
    const [file, ...more] = files;
    if (file === undefined || more.length > 0) throw new CheckUsageError("give exactly one FILE");
    given = file;
    const bytes = await readBounded(resolve(io.cwd, file));
    const read = await readCertificateFile(bytes, () => readPassword(true, io));
    const at = now();
    io.stdout.write(report(file, read, at));
    return validNow(read.certificate, at) ? CHECK_EXIT_VALID : CHECK_EXIT_NOT_VALID_NOW;
  } catch (error) {
    if (error instanceof CheckUsageError) {
      io.stderr.write(`${NAME} ${CHECK_CERTIFICATE_COMMAND}: usage error: ${error.message}. See ${NAME} ${CHECK_CERTIFICATE_COMMAND} --help\n`);
      return CHECK_EXIT_UNREADABLE;
    }
    if (error instanceof UnreadableCertificate || error instanceof SecurityHeaderError) {
      // A legacy file that cannot be read here can still be converted by OpenSSL: say how.
      const algorithms = error instanceof UnreadableCertificate ? error.algorithms : [];
      if (given !== undefined && algorithms.some((algorithm) => algorithm.standing === "legacy" || algorithm.standing === "outdated")) {
        io.stdout.write(algorithmLines(algorithms) + "\n" + conversionAdvice(given, algorithms));
      }
      io.stderr.write(`${NAME} ${CHECK_CERTIFICATE_COMMAND}: cannot read the certificate: ${error.message}\n`);
      return CHECK_EXIT_UNREADABLE;
    }
    if (error instanceof Interrupted) {
      io.stderr.write(`${NAME}: interrupted\n`);
      return CHECK_EXIT_INTERRUPTED;
    }
    io.stderr.write(`${NAME} ${CHECK_CERTIFICATE_COMMAND}: unexpected failure: ${error instanceof Error ? error.message : String(error)}\n`);
    return CHECK_EXIT_UNEXPECTED;
  }
}

/** The file's bytes, refusing a file larger than a certificate file can be before reading it all. */
async function readBounded(path: string): Promise<Buffer> {
  let handle;
  try {
    handle = await open(path, "r");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UnreadableCertificate(code === "ENOENT" ? `no file ${path}` : `${path} cannot be opened (${code ?? "error"})`);
  }
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) throw new UnreadableCertificate(`${path} is not a file`);
    if (stat.size > MAX_CERTIFICATE_FILE_BYTES) {
      throw new UnreadableCertificate(`${path} has ${stat.size} bytes; a certificate file has at most ${MAX_CERTIFICATE_FILE_BYTES}`);
    }
    const buffer = Buffer.alloc(MAX_CERTIFICATE_FILE_BYTES + 1);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

function validNow(certificate: X509Certificate, at: Date): boolean {
  return at.getTime() >= Date.parse(certificate.validFrom) && at.getTime() <= Date.parse(certificate.validTo);
}

/** Node writes one attribute per line; shown on one line as OpenSSL's one-line form does. */
function oneLine(name: string): string {
  return name.split("\n").filter(Boolean).join(", ");
}

function report(file: string, read: CertificateFile, at: Date): string {
  const { certificate } = read;
  const notBefore = new Date(certificate.validFrom);
  const notAfter = new Date(certificate.validTo);
  const lines: [string, string][] = [
    ["File", `${file} (${describeContents(read)})`],
    ["Subject", oneLine(certificate.subject)],
    ["Issuer", oneLine(certificate.issuer)],
    ["Serial number", certificate.serialNumber.toUpperCase()],
    ["Valid from", notBefore.toISOString()],
    ["Valid until", notAfter.toISOString()],
    ["Status", status(notBefore, notAfter, at)],
    ["Key", describeKey(certificate)],
    ["Key usage", keyUsage(certificate)],
    ["SHA-256", certificate.fingerprint256],
  ];
  if (read.keyMatches !== null) lines.push(["Private key", read.keyMatches ? "matches the certificate" : "does NOT match any certificate in the file"]);
  lines.push(...encryptionLines(read.algorithms));
  let text = formatLines(lines);
  if (read.algorithms.some((algorithm) => algorithm.standing === "legacy" || algorithm.standing === "outdated")) {
    text += `\n${conversionAdvice(file, read.algorithms)}`;
  }
  return text;
}

function encryptionLines(algorithms: readonly Pkcs12Algorithm[]): [string, string][] {
  return algorithms.map((algorithm) => [`Encryption (${algorithm.protects})`, describeAlgorithm(algorithm)]);
}

function algorithmLines(algorithms: readonly Pkcs12Algorithm[]): string {
  return formatLines(encryptionLines(algorithms));
}

function formatLines(lines: [string, string][]): string {
  const width = Math.max(...lines.map(([label]) => label.length)) + 2;
  return lines.map(([label, value]) => `${`${label}:`.padEnd(width)}${value}\n`).join("");
}

function describeContents(read: CertificateFile): string {
  if (read.format !== "PKCS#12") {
    return read.certificates.length > 1 ? `${read.format}, ${read.certificates.length} certificates; the first is shown` : read.format;
  }
  const certificates = `${read.certificates.length} certificate${read.certificates.length === 1 ? "" : "s"}`;
  return `PKCS#12, ${certificates}, ${read.privateKeys} private key${read.privateKeys === 1 ? "" : "s"}`;
}

function status(notBefore: Date, notAfter: Date, at: Date): string {
  if (at < notBefore) return `NOT YET VALID: valid from ${notBefore.toISOString()}`;
  if (at > notAfter) return `EXPIRED on ${notAfter.toISOString()}`;
  const days = Math.floor((notAfter.getTime() - at.getTime()) / DAY_MS);
  return `valid, ${days} day${days === 1 ? "" : "s"} left${days < 30 ? " (renew it now: less than a month left)" : ""}`;
}

function describeKey(certificate: X509Certificate): string {
  const key = certificate.publicKey;
  const details = key.asymmetricKeyDetails;
  const type = (key.asymmetricKeyType ?? "unknown").toUpperCase();
  if (details?.modulusLength) return `${type}, ${details.modulusLength} bits`;
  if (details?.namedCurve) return `${type}, curve ${details.namedCurve}`;
  return type;
}

const KEY_USAGE_FLAGS = [
  "digitalSignature",
  "nonRepudiation",
  "keyEncipherment",
  "dataEncipherment",
  "keyAgreement",
  "keyCertSign",
  "cRLSign",
  "encipherOnly",
  "decipherOnly",
] as const;
const EXTENSION_FIELDS = new Set(["id", "name", "critical", "value"]);

/** Key usage and extended key usage, read with forge's extension decoder (X509Certificate has neither bit). */
function keyUsage(certificate: X509Certificate): string {
  const extensions = certificateExtensions(certificate.raw);
  const usage = extensions.find((extension) => extension.name === "keyUsage");
  const extended = extensions.find((extension) => extension.name === "extKeyUsage");
  const parts: string[] = [];
  parts.push(usage ? KEY_USAGE_FLAGS.filter((flag) => usage[flag] === true).join(", ") || "(empty)" : "not restricted (no key usage extension)");
  if (extended) {
    const purposes = Object.keys(extended).filter((field) => !EXTENSION_FIELDS.has(field) && extended[field] === true);
    parts.push(`extended: ${purposes.join(", ")}`);
  }
  return parts.join("; ");
}

type Extension = { name?: string } & Record<string, unknown>;

function certificateExtensions(der: Buffer): Extension[] {
  try {
    const certificate = forge.asn1.fromDer(forge.util.createBuffer(der.toString("binary")));
    const tbs = (certificate.value as forge.asn1.Asn1[])[0];
    // Extensions are the [3] EXPLICIT field of TBSCertificate.
    const tagged = (tbs?.value as forge.asn1.Asn1[]).find((node) => node.tagClass === forge.asn1.Class.CONTEXT_SPECIFIC && node.type === 3);
    // forge's decoder takes that [3] node, as its own certificate parser captures it.
    const decode = (forge.pki as unknown as { certificateExtensionsFromAsn1(node: forge.asn1.Asn1): Extension[] }).certificateExtensionsFromAsn1;
    return tagged ? decode(tagged) : [];
  } catch {
    return [];
  }
}

function describeAlgorithm(algorithm: Pkcs12Algorithm): string {
  const standing = { current: "", outdated: " (outdated)", legacy: " (LEGACY: OpenSSL 3 refuses it without -legacy)", unknown: " (unknown algorithm)" }[algorithm.standing];
  return `${algorithm.name}, ${algorithm.iterations} iteration${algorithm.iterations === 1 ? "" : "s"}${standing}`;
}

/** A POSIX shell word: the path as given, quoted so spaces and quotes survive. */
function shellQuote(value: string): string {
  return /^[\w@%+=:,./-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`;
}

/** The openssl commands (OpenSSL 3) that convert the file to AES-256: paths relative to where the user ran us. */
export function conversionCommand(file: string): string {
  const stem = join(dirname(file), basename(file, extname(file)));
  const temporary = shellQuote(`${stem}-aes256.tmp.pem`);
  return [
    `openssl pkcs12 -legacy -in ${shellQuote(file)} -out ${temporary} -aes256`,
    `openssl pkcs12 -export -in ${temporary} -out ${shellQuote(`${stem}-aes256.p12`)} -keypbe AES-256-CBC -certpbe AES-256-CBC -macalg sha256`,
    `rm ${temporary}`,
  ].join(" && ");
}

function conversionAdvice(file: string, algorithms: readonly Pkcs12Algorithm[]): string {
  const legacy = algorithms.filter((algorithm) => algorithm.standing === "legacy");
  const outdated = algorithms.filter((algorithm) => algorithm.standing === "outdated");
  const names = (list: Pkcs12Algorithm[]) => [...new Set(list.map((algorithm) => algorithm.name))].join(", ");
  const why =
    legacy.length > 0
      ? `This PKCS#12 file is encrypted with legacy algorithms (${names(legacy)}) that OpenSSL 3 refuses\n` +
        "without its legacy provider (\"unsupported\" errors), and that other software may refuse too."
      : `This PKCS#12 file is encrypted with outdated algorithms (${names(outdated)}): OpenSSL 3 still reads\n` +
        "them, but they are weak.";
  return (
    `${why}\nConvert it to a new file encrypted with AES-256 (OpenSSL 3; it asks for this file's password, then\n` +
    "twice for a pass phrase that protects the key in the temporary file, then for it again, then twice\n" +
    "for the new file's password):\n\n" +
    `  ${conversionCommand(file)}\n`
  );
}
