import path from "node:path";
import {
  probeImplicitRejection,
  type ImplicitRejectionProbe,
  type VerificationResult,
} from "@areaoe/security-header/node";
import { limitsSchema } from "../config/schema";
import { keyStatuses, loadSandboxKeySet, type SandboxKeySet, type SandboxKeySetOptions, type SandboxKeyWithStatus } from "./sandbox-keys";
import { createVerificationPool, verificationPoolLimits, type VerificationPool } from "./verification-pool";
import type { FairTurn } from "./fair-queue";

/** The check's turn in the verification pool: its lane (checker page or sandbox), its client and weight. */
export type SandboxAdmission = FairTurn;

/** What the checker page shows about the certificate a developer configures their software with. */
export interface SandboxCertificate {
  readonly subject: string;
  readonly notAfter: string;
  readonly sha256Fingerprint: string;
  readonly keySizeBits: number;
}

export interface SandboxCheckOptions {
  password?: string;
  /** The clock the header's age is judged by (default the sandbox's). */
  now?: Date;
  /** The date the keys' status is judged as of (a rehearsal of the switch; default `now`). */
  keysAsOf?: Date;
  /** Also return the verifier's step-by-step trace (the request log keeps it). */
  trace?: boolean;
  /** Also return the header's replay marks (the request log remembers them for a minute). */
  replayMarks?: boolean;
  /** The check's turn in the verification pool (default: the sandbox's lane, one anonymous client). */
  admission?: SandboxAdmission;
}

/**
 * The header sandbox: checks headers made for its OWN local test keys (a current, a next and a retired
 * one: server/sandbox/sandbox-keys.ts). It decrypts input chosen by strangers (RSA PKCS#1 v1.5,
 * node:crypto), which is safe from padding oracles (the Marvin attack) only where OpenSSL does implicit
 * rejection: that is proven at start, and without it the checker is off.
 * It only ever holds those throwaway private keys: never an authority key, and never the key pair the
 * generation form offers as its "test" environment (`.local/test-authority/`), into which signed-in
 * visitors type real passwords. Whatever the decryption leaks about its keys cannot open a header made
 * for anything else.
 */
export interface HeaderSandbox {
  /** The RSA moduli of every key held (Base64url), to prove at start that no other key of the portal is one. */
  readonly publicKeyModuli: readonly string[];
  /** The current key's certificate (`/sandbox/test-certificate.pem` and `.cer`). */
  readonly certificatePem: string;
  readonly certificateDer: Buffer;
  readonly certificate: SandboxCertificate;
  /** The current, next and retired keys, their validity and status as of the sandbox's clock. */
  keys(now?: Date): SandboxKeyWithStatus[];
  /** The span the published keys cover: the first key's validity start to the last key's end (an "as of" date must fall in it). */
  keySpan(): { from: Date; until: Date };
  /** The sandbox's clock (tests control it). */
  now(): Date;
  /**
   * False when the start-time probe found no implicit rejection: the checker page and the SOAP endpoint
   * then say they are switched off, and `check` rejects (there is no fallback to a leaky decryption).
   */
  readonly checkerEnabled: boolean;
  /** Why the checker is off (for the log), when it is. */
  readonly checkerDisabledReason?: string;
  /**
   * Verifies a header with every key of the set: a header for the current or the next key is checked,
   * one for the retired key gets NONCE_RETIRED_KEY. The one place that calls the verifier, in the
   * verification pool's worker threads, never on the main thread; rejects with VerificationBusyError
   * when the pool refuses (full, out of time, a worker died).
   */
  check(xml: string, options?: SandboxCheckOptions): Promise<VerificationResult>;
  /** The pool the checks run in (its counters: queued, running, refused). */
  readonly pool: VerificationPool;
}

/** The sandbox's own key pairs: `<root>/.local/sandbox-key` (gitignored, made on first start). */
export function defaultSandboxKeyDir(root: string = process.cwd()): string {
  return path.join(root, ".local", "sandbox-key");
}

export interface HeaderSandboxOptions extends SandboxKeySetOptions {
  /** The implicit-rejection probe (tests inject a failing one). */
  probe?: (privateKeyPem: string) => ImplicitRejectionProbe;
  /**
   * The verification pool (server/boot.ts makes it from the config's `limits`); default: one with the
   * default limits, started at the first check.
   */
  pool?: VerificationPool;
}

const TRY_ORDER = ["current", "next", "retired"] as const;

function certificateOf(key: SandboxKeyWithStatus): SandboxCertificate {
  return {
    subject: key.subject,
    notAfter: key.validUntil.toISOString(),
    // As `openssl x509 -fingerprint -sha256` writes it (the checker page's format).
    sha256Fingerprint: (key.fingerprintSha256.toUpperCase().match(/../g) ?? []).join(":"),
    keySizeBits: key.keySizeBits,
  };
}

export async function loadHeaderSandbox(
  cwd: string = process.cwd(),
  dir = defaultSandboxKeyDir(cwd),
  { probe = probeImplicitRejection, now = () => new Date(), pool: given, ...keyOptions }: HeaderSandboxOptions = {},
): Promise<HeaderSandbox> {
  const keySet: SandboxKeySet = await loadSandboxKeySet(dir, { now, ...keyOptions });
  const proof = probe(keySet.current().privateKeyPem);
  const disabled = proof.ok ? undefined : proof.reason;
  let pool = given;
  const thePool = () => (pool ??= createVerificationPool({ limits: verificationPoolLimits(limitsSchema.parse({})) }));
  return {
    get publicKeyModuli() {
      return keySet.all().map((key) => key.modulus);
    },
    get certificatePem() {
      return keySet.current().certificatePem;
    },
    get certificateDer() {
      return keySet.current().certificateDer;
    },
    get certificate() {
      return certificateOf(keySet.current());
    },
    keys: (at) => keySet.keys(at),
    keySpan: () => {
      // The keys published now (GET /sandbox/keys): retired, current and next.
      const all = keySet.keys();
      return {
        from: new Date(Math.min(...all.map((key) => key.validFrom.getTime()))),
        until: new Date(Math.max(...all.map((key) => key.validUntil.getTime()))),
      };
    },
    now,
    checkerEnabled: disabled === undefined,
    ...(disabled === undefined ? {} : { checkerDisabledReason: disabled }),
    check: async (xml, { password, now: at = now(), keysAsOf, trace, replayMarks, admission } = {}) => {
      if (disabled !== undefined) throw new Error(`the header checker is switched off: ${disabled}`);
      // The current key first: when no key fits, the verifier answers as a verifier holding only the
      // first key would (PASSWORD_UNDECRYPTABLE for a header made for it with a bad Password), so the
      // first is the key most headers are made for. Keys go as PEM text: each worker parses a key and
      // proves its implicit rejection once (cached by value). With its validFrom, a header for the next
      // key before its validity is accepted with the warning NONCE_KEY_NOT_YET_VALID. As of another
      // date, the statuses are only computed (keySet.keys would make the keys that date's schedule
      // needs: a stranger's date must never cost a key generation).
      const listed = keysAsOf === undefined ? keySet.keys(at) : keyStatuses(keySet.all(), keysAsOf);
      // The header's age is judged by the clock (`at`); a key's validity as of the date asked for: its
      // validFrom moved by as much as that date is from the clock.
      const shift = keysAsOf === undefined ? 0 : keysAsOf.getTime() - at.getTime();
      const keys = [...listed]
        .sort((a, b) => TRY_ORDER.indexOf(a.status) - TRY_ORDER.indexOf(b.status))
        .map((key) => ({ id: key.id, status: key.status, privateKey: key.privateKeyPem, fingerprintSha256: key.fingerprintSha256, validFrom: new Date(key.validFrom.getTime() - shift).toISOString() }));
      const result = await thePool().verify(xml, { keys, now: at, ...(password === undefined ? {} : { password }), ...(trace ? { trace } : {}), ...(replayMarks ? { replayMarks } : {}) }, admission);
      if (shift === 0) return result;
      // A finding names a key's validity as its certificate states it, never the moved one.
      const validFromOf = new Map(listed.map((key) => [key.id, key.validFrom.toISOString()]));
      return {
        ...result,
        findings: result.findings.map((finding) => {
          const keyId = finding.params.keyId;
          const validFrom = typeof keyId === "string" ? validFromOf.get(keyId) : undefined;
          return validFrom && "validFrom" in finding.params ? { ...finding, params: { ...finding.params, validFrom } } : finding;
        }),
      };
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
export function assertSeparateSandboxKey(sandbox: Pick<HeaderSandbox, "publicKeyModuli">, formKeyModuli: readonly string[]): void {
  if (sandbox.publicKeyModuli.some((modulus) => formKeyModuli.includes(modulus))) {
    throw new Error(
      "The header sandbox's key pair is also a key of the generation form: give the sandbox its own folder (.local/sandbox-key) and never configure its certificate as an authority certificate",
    );
  }
}
