import { X509Certificate } from "node:crypto";
import path from "node:path";
import {
  ensureLocalTestKeyPair,
  probeImplicitRejection,
  type ImplicitRejectionProbe,
  type VerificationResult,
} from "@areaoe/security-header/node";
import { limitsSchema } from "../config/schema";
import { createVerificationPool, verificationPoolLimits, type VerificationPool } from "./verification-pool";

/** What the checker page shows about the certificate a developer configures their software with. */
export interface SandboxCertificate {
  readonly subject: string;
  readonly notAfter: string;
  readonly sha256Fingerprint: string;
  readonly keySizeBits: number;
}

/**
 * The header sandbox: checks headers made for its OWN local test key pair. It decrypts input chosen by
 * strangers (RSA PKCS#1 v1.5, node:crypto), which is safe from padding oracles (the Marvin attack) only
 * where OpenSSL does implicit rejection: that is proven at start, and without it the checker is off.
 * It only ever holds that throwaway private key: never an authority key, and never the key pair the
 * generation form offers as its "test" environment (`.local/test-authority/`), into which signed-in
 * visitors type real passwords. Whatever the decryption leaks about its key cannot open a header made
 * for anything else.
 */
export interface HeaderSandbox {
  /** The RSA modulus (Base64url), to prove at start that no other key of the portal is this one. */
  readonly publicKeyModulus: string;
  readonly certificatePem: string;
  readonly certificateDer: Buffer;
  readonly certificate: SandboxCertificate;
  /**
   * False when the start-time probe found no implicit rejection: the checker page and the SOAP endpoint
   * then say they are switched off, and `check` rejects (there is no fallback to a leaky decryption).
   */
  readonly checkerEnabled: boolean;
  /** Why the checker is off (for the log), when it is. */
  readonly checkerDisabledReason?: string;
  /**
   * Verifies in the verification pool's worker threads, never on the main thread; rejects with
   * VerificationBusyError when the pool refuses (full, out of time, a worker died).
   */
  check(xml: string, options?: { password?: string; now?: Date }): Promise<VerificationResult>;
  /** The pool the checks run in (its counters: queued, running, refused). */
  readonly pool: VerificationPool;
}

/** The sandbox's own key pair: `<root>/.local/sandbox-key` (gitignored, made on first start). */
export function defaultSandboxKeyDir(root: string = process.cwd()): string {
  return path.join(root, ".local", "sandbox-key");
}

export interface HeaderSandboxOptions {
  /** The implicit-rejection probe (tests inject a failing one). */
  probe?: (privateKeyPem: string) => ImplicitRejectionProbe;
  /**
   * The verification pool (server/boot.ts makes it from the config's `limits`); default: one with the
   * default limits, started at the first check.
   */
  pool?: VerificationPool;
}

export async function loadHeaderSandbox(
  cwd: string = process.cwd(),
  dir = defaultSandboxKeyDir(cwd),
  { probe = probeImplicitRejection, pool: given }: HeaderSandboxOptions = {},
): Promise<HeaderSandbox> {
  const pair = await ensureLocalTestKeyPair(dir);
  const x509 = new X509Certificate(pair.certificatePem);
  const privateKey = pair.privateKeyPem;
  const keySizeBits = x509.publicKey.asymmetricKeyDetails?.modulusLength ?? 0;
  const proof = probe(privateKey);
  const disabled = proof.ok ? undefined : proof.reason;
  let pool = given;
  const thePool = () => (pool ??= createVerificationPool({ limits: verificationPoolLimits(limitsSchema.parse({})) }));
  return {
    publicKeyModulus: x509.publicKey.export({ format: "jwk" }).n ?? "",
    certificatePem: pair.certificatePem,
    certificateDer: x509.raw,
    certificate: {
      subject: x509.subject.split("\n").join(", "),
      notAfter: new Date(x509.validTo).toISOString(),
      sha256Fingerprint: x509.fingerprint256,
      keySizeBits,
    },
    checkerEnabled: disabled === undefined,
    ...(disabled === undefined ? {} : { checkerDisabledReason: disabled }),
    check: async (xml, options = {}) => {
      if (disabled !== undefined) throw new Error(`the header checker is switched off: ${disabled}`);
      // The key as PEM text: each worker parses it and proves its implicit rejection once (cached by value).
      return thePool().verify(xml, { privateKey, ...options });
    },
    get pool() {
      return thePool();
    },
  };
}

/**
 * Stops the start when the sandbox's key is one the generation form offers (a folder shared by
 * mistake, or an authority certificate configured with the sandbox's key): the sandbox must never
 * decrypt for a key that protects a real password.
 */
export function assertSeparateSandboxKey(sandbox: Pick<HeaderSandbox, "publicKeyModulus">, formKeyModuli: readonly string[]): void {
  if (formKeyModuli.includes(sandbox.publicKeyModulus)) {
    throw new Error(
      "The header sandbox's key pair is also a key of the generation form: give the sandbox its own folder (.local/sandbox-key) and never configure its certificate as an authority certificate",
    );
  }
}
