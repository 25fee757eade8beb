import { createHash, createPrivateKey, X509Certificate } from "node:crypto";
import { mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { sandboxTestKeyCommonName } from "@areaoe/security-header";
import { generateTestKeyPair, LOCAL_TEST_KEY_BITS } from "@areaoe/security-header/node";

// The sandbox's test keys and their rotation (a rehearsal of the authority's yearly switch of its
// encryption certificate, on a short cycle so that it comes round while an integrator tests):
//
// - Key k is valid from A + k·PERIOD until A + (k+1)·PERIOD + OVERLAP (its certificate's notBefore and
//   notAfter ARE these dates: the schedule is published in the certificates themselves, and read back
//   from them). A, the anchor, is fixed when the first keys are made: A = (time of generation) − OVERLAP.
// - At time t, the *current* key is the earliest whose validity holds t; the *next* key is the one after
//   it (published before its validFrom; valid from it); the *retired* key is the one before the current
//   key, once its validity ended. During the OVERLAP that opens each key's validity, the previous key is
//   still current and both are accepted: a client that picks by date (the newest key valid at d) takes
//   the next key from its validFrom on, which is the switch to rehearse.
// - The sandbox verifies with all three: current and next accepted, retired refused (NONCE_RETIRED_KEY).
// - The set rolls by itself: when the next key's validity begins (the overlap opens), the key after it
//   is made (asynchronously, never blocking the event loop: 4096-bit generation takes a second or more);
//   keys older than the retired one are deleted. A set untouched for longer than its keys are valid
//   (a server stopped for months) starts again from the present, keeping the last key as the retired one.

const DAY_MS = 86_400_000;
/**
 * How long each key is the current one: long enough that a fresh current key is not "expiring within 30
 * days" for the CLI and the samples (their warning), short enough that a rotation comes round four
 * times a year (the authority's own comes once a year).
 */
export const SANDBOX_KEY_PERIOD_DAYS = 90;
/** How long the current and the next key are both valid (the next one's first days). */
export const SANDBOX_KEY_OVERLAP_DAYS = 14;

export type SandboxKeyStatus = "current" | "next" | "retired";

export interface SandboxKey {
  /** `YYYY-MM-DD-xxxxxxxx`: the day its validity begins and the first 8 hex of its fingerprint. */
  readonly id: string;
  readonly validFrom: Date;
  readonly validUntil: Date;
  /** SHA-256 of the DER certificate, 64 lowercase hex characters. */
  readonly fingerprintSha256: string;
  readonly certificatePem: string;
  readonly certificateDer: Buffer;
  readonly privateKeyPem: string;
  readonly subject: string;
  readonly keySizeBits: number;
  /** The RSA modulus (base64url), to prove that no key of the form is one of the sandbox's. */
  readonly modulus: string;
}

export interface SandboxKeyWithStatus extends SandboxKey {
  readonly status: SandboxKeyStatus;
}

export interface SandboxKeySet {
  /** The published keys as of now (the latest retired one, the current one, the next one), oldest first. */
  keys(now?: Date): SandboxKeyWithStatus[];
  /** The current key (the one `/sandbox/test-certificate.pem` serves). */
  current(now?: Date): SandboxKeyWithStatus;
  /** Every key held (for the start-time check that none is the form's). */
  all(): readonly SandboxKey[];
  /** Makes the key that follows when the schedule needs it (in the background; one at a time). */
  refresh(now?: Date): Promise<void>;
}

export interface SandboxKeySetOptions {
  /** The clock that decides each key's status (tests control it). */
  now?: () => Date;
  /** RSA modulus length of new keys (4096, as the authority's; tests use 2048 for speed). */
  bits?: number;
  periodDays?: number;
  overlapDays?: number;
  /** Told when a key is made or a refresh fails (the server's log). */
  log?: (message: string, fields?: Record<string, unknown>) => void;
}

const CERTIFICATE_FILE = "certificate.pem";
const LOCK_FILE = ".rotating.lock";
/** A lock older than this is a crashed instance's: taken over. */
const LOCK_STALE_MS = 120_000;

/** The lock file made exclusively (O_EXCL), or undefined when another instance holds a fresh one. */
async function tryLock(lockPath: string): Promise<(() => Promise<void>) | undefined> {
  try {
    await (await open(lockPath, "wx")).close();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    const age = await stat(lockPath).then((info) => Date.now() - info.mtimeMs, () => 0);
    if (age <= LOCK_STALE_MS) return undefined;
    await rm(lockPath, { force: true });
    return tryLock(lockPath);
  }
  return () => rm(lockPath, { force: true });
}

const PRIVATE_KEY_FILE = "private-key.pem";

function readKey(certificatePem: string, privateKeyPem: string): SandboxKey {
  const x509 = new X509Certificate(certificatePem);
  const validFrom = new Date(x509.validFrom);
  const fingerprintSha256 = createHash("sha256").update(x509.raw).digest("hex");
  return {
    id: keyId(validFrom, fingerprintSha256),
    validFrom,
    validUntil: new Date(x509.validTo),
    fingerprintSha256,
    certificatePem,
    certificateDer: x509.raw,
    privateKeyPem,
    subject: x509.subject.split("\n").join(", "),
    keySizeBits: x509.publicKey.asymmetricKeyDetails?.modulusLength ?? 0,
    modulus: x509.publicKey.export({ format: "jwk" }).n ?? "",
  };
}

const keyId = (validFrom: Date, fingerprint: string) => `${validFrom.toISOString().slice(0, 10)}-${fingerprint.slice(0, 8)}`;

/** Whole seconds: what a certificate's validity can hold. */
const toSecond = (ms: number) => new Date(Math.floor(ms / 1_000) * 1_000);

/** Statuses as of `now` for keys sorted by validFrom (see the comment at the top of this file). */
export function keyStatuses<T extends Pick<SandboxKey, "validFrom" | "validUntil">>(sorted: readonly T[], now: Date): Array<T & { status: SandboxKeyStatus }> {
  const t = now.getTime();
  const currentAt = sorted.findIndex((key) => key.validFrom.getTime() <= t && t < key.validUntil.getTime());
  if (currentAt < 0) {
    // No key valid now (the set is about to start again): the newest expired key is the retired one.
    const expired = sorted.filter((key) => key.validUntil.getTime() <= t);
    const last = expired.at(-1);
    return last ? [{ ...last, status: "retired" }] : [];
  }
  const result: Array<T & { status: SandboxKeyStatus }> = [];
  const retired = sorted[currentAt - 1];
  if (retired && retired.validUntil.getTime() <= t) result.push({ ...retired, status: "retired" });
  result.push({ ...(sorted[currentAt] as T), status: "current" });
  const next = sorted[currentAt + 1];
  if (next) result.push({ ...next, status: "next" });
  return result;
}

/**
 * The sandbox's key set in `dir` (`<dir>/keys/<id>/certificate.pem` and `private-key.pem`, the private
 * key 0600), made on first use: a retired, a current and a next key. See the top of this file.
 */
export async function loadSandboxKeySet(
  dir: string,
  { now = () => new Date(), bits = LOCAL_TEST_KEY_BITS, periodDays = SANDBOX_KEY_PERIOD_DAYS, overlapDays = SANDBOX_KEY_OVERLAP_DAYS, log = () => {} }: SandboxKeySetOptions = {},
): Promise<SandboxKeySet> {
  const keysDir = path.join(dir, "keys");
  const folder: KeyFolder = { keysDir, period: periodDays * DAY_MS, overlap: overlapDays * DAY_MS, bits, log, held: await readKeys(keysDir) };
  sortHeld(folder);
  await ensureKeys(folder, now());
  // Started while another instance held the lock: wait for its keys (it makes them within seconds).
  for (let waited = 0; folder.held.length === 0 && waited < LOCK_STALE_MS; waited += 500) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    await ensureKeys(folder, now());
  }
  if (folder.held.length === 0) throw new Error(`no sandbox test key could be made in ${keysDir}`);
  return publishedKeySet(folder, now, keyRotation(folder, now));
}

/** The key set's folder and what this instance holds of it: the schedule's figures (ms) and the keys, oldest first. */
interface KeyFolder {
  readonly keysDir: string;
  readonly period: number;
  readonly overlap: number;
  readonly bits: number;
  readonly log: NonNullable<SandboxKeySetOptions["log"]>;
  held: SandboxKey[];
}

const sortHeld = (folder: KeyFolder) => folder.held.sort((a, b) => a.validFrom.getTime() - b.validFrom.getTime());

/** The key set as its users see it: the statuses as of a date, each read a chance to start a due step of the schedule. */
function publishedKeySet(folder: KeyFolder, now: () => Date, refresh: SandboxKeySet["refresh"]): SandboxKeySet {
  const keys = (at: Date = now()) => keyStatuses(folder.held, at);
  return {
    keys: (at) => {
      const listed = keys(at);
      // A schedule step is due (the overlap opened, or the set ran out): made in the background.
      const newest = folder.held.at(-1);
      if (!newest || newest.validFrom.getTime() <= (at ?? now()).getTime() || !listed.some((key) => key.status === "current")) void refresh(at);
      return listed;
    },
    current: (at) => {
      const found = keys(at).find((key) => key.status === "current");
      // Only when every key ran out and the refresh has not finished yet: the newest key stands in.
      return found ?? { ...(folder.held.at(-1) as SandboxKey), status: "current" };
    },
    all: () => folder.held,
    refresh,
  };
}

/** The schedule's step in the background, one at a time: a failure is logged, never thrown. */
function keyRotation(folder: KeyFolder, now: () => Date): SandboxKeySet["refresh"] {
  let running: Promise<void> | undefined;
  return (at: Date = now()): Promise<void> => {
    running ??= ensureKeys(folder, at)
      .catch((error: unknown) => folder.log("sandbox test key rotation failed", { err: { message: (error as Error).message } }))
      .finally(() => {
        running = undefined;
      });
    return running;
  };
}

/**
 * Instances that share the folder (docs/scaling.md) make each key once: the step runs under a lock
 * file, after reading the folder again (another instance may have made the key meanwhile). A lock
 * held by another instance: this one skips the step and reads the folder at its next refresh.
 */
async function ensureKeys(folder: KeyFolder, at: Date): Promise<void> {
  await mkdir(folder.keysDir, { recursive: true, mode: 0o700 });
  const release = await tryLock(path.join(folder.keysDir, LOCK_FILE));
  if (!release) return;
  try {
    // The folder is the truth: another instance sharing it may have made or deleted keys.
    folder.held = await readKeys(folder.keysDir);
    sortHeld(folder);
    await scheduleStep(folder, at);
  } finally {
    await release();
  }
}

/** What the schedule needs now: a current key, and a key after the next once the overlap opens. */
async function scheduleStep(folder: KeyFolder, at: Date): Promise<void> {
  const { period, overlap } = folder;
  const t = at.getTime();
  const newest = folder.held.at(-1);
  if (!newest || newest.validUntil.getTime() - overlap <= t) {
    // First start, or every key has (nearly) run out: start from the present. The retired key of a
    // first start is made too, so that NONCE_RETIRED_KEY can be tried from the first day.
    const anchor = t - overlap;
    const first = newest ? 0 : -1;
    await Promise.all(
      [first, 0, 1]
        .filter((k, index, all) => all.indexOf(k) === index)
        .map((k) => makeKey(folder, toSecond(anchor + k * period), toSecond(anchor + (k + 1) * period + overlap))),
    );
  } else if (newest.validFrom.getTime() <= t) {
    // The newest key's validity has begun (the overlap is open): make the one after it now, so that
    // the next key exists when the overlap ends.
    await makeKey(folder, toSecond(newest.validFrom.getTime() + period), toSecond(newest.validFrom.getTime() + 2 * period + overlap));
  }
  await dropOldKeys(folder, at);
}

/** Keeps the retired key and the ones after it; older ones are of no use. */
async function dropOldKeys(folder: KeyFolder, at: Date): Promise<void> {
  const oldestKept = keyStatuses(folder.held, at)[0];
  if (!oldestKept) return;
  const drop = folder.held.filter((key) => key.validFrom.getTime() < oldestKept.validFrom.getTime());
  for (const key of drop) await rm(path.join(folder.keysDir, key.id), { recursive: true, force: true });
  folder.held = folder.held.filter((key) => !drop.includes(key));
}

/** Makes a key valid from `validFrom` until `validUntil`, writes its folder, and holds it. */
async function makeKey(folder: KeyFolder, validFrom: Date, validUntil: Date): Promise<void> {
  // The CN names the key by the day its validity begins: the id adds the fingerprint, unknown yet.
  const pair = await generateTestKeyPair({ commonName: sandboxTestKeyCommonName(validFrom.toISOString().slice(0, 10)), notBefore: validFrom, notAfter: validUntil, bits: folder.bits });
  const key = readKey(pair.certificatePem, pair.privateKeyPem);
  await writeKey(path.join(folder.keysDir, key.id), pair);
  folder.held.push(key);
  sortHeld(folder);
  folder.log("sandbox test key made", { id: key.id, validFrom: key.validFrom.toISOString(), validUntil: key.validUntil.toISOString() });
}

async function readKeys(keysDir: string): Promise<SandboxKey[]> {
  let names: string[];
  try {
    names = await readdir(keysDir);
  } catch {
    return [];
  }
  const keys: SandboxKey[] = [];
  for (const name of names) {
    if (name.endsWith(".tmp") || name.startsWith(".")) continue;
    try {
      const [certificatePem, privateKeyPem] = await Promise.all([
        readFile(path.join(keysDir, name, CERTIFICATE_FILE), "utf8"),
        readFile(path.join(keysDir, name, PRIVATE_KEY_FILE), "utf8"),
      ]);
      const x509 = new X509Certificate(certificatePem);
      // checkPrivateKey: a crash or race may have left halves of two different pairs.
      if (!x509.checkPrivateKey(createPrivateKey(privateKeyPem))) continue;
      keys.push(readKey(certificatePem, privateKeyPem));
    } catch {
      // Unreadable or half-written: ignored (a new key is made when the schedule needs one).
    }
  }
  return keys;
}

/** Writes a key's folder under a temporary name, then renames it: a reader sees all of it or nothing. */
async function writeKey(folder: string, pair: { certificatePem: string; privateKeyPem: string }): Promise<void> {
  await mkdir(path.dirname(folder), { recursive: true, mode: 0o700 });
  const temporary = `${folder}.${process.pid}.tmp`;
  await rm(temporary, { recursive: true, force: true });
  await mkdir(temporary, { mode: 0o700 });
  await writeFile(path.join(temporary, PRIVATE_KEY_FILE), pair.privateKeyPem, { mode: 0o600 });
  await writeFile(path.join(temporary, CERTIFICATE_FILE), pair.certificatePem, { mode: 0o644 });
  await rm(folder, { recursive: true, force: true });
  await rename(temporary, folder);
}
