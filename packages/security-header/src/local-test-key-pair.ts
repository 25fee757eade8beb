import { createPrivateKey, generateKeyPair, randomBytes, sign, X509Certificate } from "node:crypto";
import { chmod, mkdir, open, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import forge from "node-forge";
import { CERT_EXPIRY_WARNING_DAYS, LOCAL_TEST_AUTHORITY_CN, LOCAL_TEST_KEY_ORGANIZATION } from "./authority-key.js";

export interface LocalTestKeyPair {
  readonly certificatePem: string;
  readonly privateKeyPem: string;
  /** True when this call created the pair (it was absent, unreadable, mismatched or about to expire). */
  readonly generated: boolean;
  readonly certificatePath: string;
  readonly privateKeyPath: string;
}

export const LOCAL_TEST_KEY_BITS = 4096;
const CERTIFICATE_FILE = "certificate.pem";
const PRIVATE_KEY_FILE = "private-key.pem";
const LOCK_FILE = ".generating.lock";
const STALE_LOCK_MS = 120_000;
const DAY_MS = 86_400_000;

/** Where the portal keeps the generation form's pair: `<root>/.local/test-authority` (gitignored). */
export function defaultLocalTestKeyDir(root: string = process.cwd()): string {
  return join(root, ".local", "test-authority");
}

/** Where the CLI keeps its own pair (used without `--key`): `<root>/.local/cli-test-key`. */
export function defaultCliTestKeyDir(root: string = process.cwd()): string {
  return join(root, ".local", "cli-test-key");
}

export interface LocalTestKeyPairOptions {
  /**
   * What the certificate is for, as its subject's CN (default: the generation form's,
   * `LOCAL_TEST_AUTHORITY_CN`). A pair in `dir` with another CN is made again, so that no two test
   * certificates of the portal share a subject.
   */
  commonName?: string;
}

/**
 * Returns the local test authority key pair in `dir`, creating it when needed: a 4096-bit RSA key
 * and a self-signed certificate valid one year. Headers made with it are for local testing only.
 */
export async function ensureLocalTestKeyPair(dir: string, { commonName = LOCAL_TEST_AUTHORITY_CN }: LocalTestKeyPairOptions = {}): Promise<LocalTestKeyPair> {
  const certificatePath = join(dir, CERTIFICATE_FILE);
  const privateKeyPath = join(dir, PRIVATE_KEY_FILE);
  const readUsablePair = (certificate: string, privateKey: string) => readUsablePairNamed(certificate, privateKey, commonName);
  const existing = await readUsablePair(certificatePath, privateKeyPath);
  if (existing) return { ...existing, generated: false, certificatePath, privateKeyPath };

  await mkdir(dir, { recursive: true, mode: 0o700 });
  // The portal and the CLI may start together: one generates, the other waits and reads.
  const release = await acquireLock(join(dir, LOCK_FILE));
  try {
    const madeMeanwhile = await readUsablePair(certificatePath, privateKeyPath);
    if (madeMeanwhile) return { ...madeMeanwhile, generated: false, certificatePath, privateKeyPath };
    const now = Date.now();
    const pair = await generateTestKeyPair({ commonName, notBefore: new Date(now - 60_000), notAfter: new Date(now + 365 * DAY_MS) });
    await writeAtomically(privateKeyPath, pair.privateKeyPem, 0o600);
    await writeAtomically(certificatePath, pair.certificatePem, 0o644);
    return { ...pair, generated: true, certificatePath, privateKeyPath };
  } finally {
    await release();
  }
}

async function readUsablePairNamed(
  certificatePath: string,
  privateKeyPath: string,
  commonName: string,
): Promise<{ certificatePem: string; privateKeyPem: string } | undefined> {
  try {
    const [certificatePem, privateKeyPem] = await Promise.all([
      readFile(certificatePath, "utf8"),
      readFile(privateKeyPath, "utf8"),
    ]);
    const certificate = new X509Certificate(certificatePem);
    const expiresSoon = Date.parse(certificate.validTo) - Date.now() < CERT_EXPIRY_WARNING_DAYS * DAY_MS;
    // checkPrivateKey fails if a crash or race left halves of two different pairs.
    const named = certificate.subject.split("\n").includes(`CN=${commonName}`);
    if (expiresSoon || !named || !certificate.checkPrivateKey(createPrivateKey(privateKeyPem))) return undefined;
    return { certificatePem, privateKeyPem };
  } catch {
    return undefined;
  }
}

export interface TestKeyPairSpec {
  /** The subject's CN: what the key is for (the O is always `LOCAL_TEST_KEY_ORGANIZATION`). */
  commonName: string;
  notBefore: Date;
  notAfter: Date;
  /** RSA modulus length (default 4096, as the authority's key); tests use 2048 for speed. */
  bits?: number;
}

/**
 * A fresh RSA key pair (node:crypto's asynchronous generateKeyPair: the event loop is not held while a
 * 4096-bit key is searched for) and a self-signed certificate with this subject and validity.
 */
export async function generateTestKeyPair({ commonName, notBefore, notAfter, bits = LOCAL_TEST_KEY_BITS }: TestKeyPairSpec): Promise<{ certificatePem: string; privateKeyPem: string }> {
  const { publicKey, privateKey } = await promisify(generateKeyPair)("rsa", {
    modulusLength: bits,
    publicKeyEncoding: { type: "spki", format: "pem" },
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
  });
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = forge.pki.publicKeyFromPem(publicKey);
  const serial = randomBytes(16);
  serial[0] = ((serial[0] ?? 0) & 0x7f) | 0x01; // positive, no leading zero byte
  certificate.serialNumber = serial.toString("hex");
  certificate.validity.notBefore = notBefore;
  certificate.validity.notAfter = notAfter;
  const name = [
    { shortName: "CN", value: commonName },
    { shortName: "O", value: LOCAL_TEST_KEY_ORGANIZATION },
  ];
  certificate.setSubject(name);
  certificate.setIssuer(name);
  certificate.setExtensions([
    { name: "basicConstraints", cA: false, critical: true },
    { name: "keyUsage", keyEncipherment: true, dataEncipherment: true, critical: true },
    { name: "subjectKeyIdentifier" },
  ]);
  // node-forge lays out the certificate; node:crypto signs it (forge's own RSA in JavaScript held the
  // event loop for about 2 s per 4096-bit certificate). forge calls `sign` once the signature algorithm
  // is set, so the bytes to be signed are the TBSCertificate as forge writes it then.
  const signer = {
    sign: () => {
      // getTBSCertificate is forge's (node-forge/lib/x509.js), missing from its type declarations.
      const { getTBSCertificate } = forge.pki as unknown as { getTBSCertificate(c: forge.pki.Certificate): forge.asn1.Asn1 };
      const tbs = forge.asn1.toDer(getTBSCertificate(certificate)).getBytes();
      return sign("sha256", Buffer.from(tbs, "binary"), privateKey).toString("binary");
    },
  };
  certificate.sign(signer as unknown as forge.pki.rsa.PrivateKey, forge.md.sha256.create());
  return { certificatePem: forge.pki.certificateToPem(certificate), privateKeyPem: privateKey };
}

async function writeAtomically(path: string, text: string, mode: number): Promise<void> {
  const temporary = `${path}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  await writeFile(temporary, text, { mode, flag: "wx" });
  await chmod(temporary, mode); // the umask may have narrowed or the file system ignored `mode`
  await rename(temporary, path);
}

async function acquireLock(lockPath: string): Promise<() => Promise<void>> {
  const deadline = Date.now() + STALE_LOCK_MS;
  for (;;) {
    try {
      const handle = await open(lockPath, "wx");
      await handle.close();
      return () => rm(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const age = await stat(lockPath).then((s) => Date.now() - s.mtimeMs, () => 0);
      if (age > STALE_LOCK_MS || Date.now() > deadline) await rm(lockPath, { force: true });
      else await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}
