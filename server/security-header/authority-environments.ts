import { createHash, createPublicKey } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { authorityKeyWarnings, SecurityHeaderError, type AuthorityKey } from "@areaoe/security-header";
import {
  authorityCertificateDer,
  defaultLocalTestKeyDir,
  ensureLocalTestKeyPair,
  parseAuthorityKey,
  readAuthorityKeyFile,
} from "@areaoe/security-header/node";
import {
  apiPath,
  authorityCertificateFile,
  daysLeft,
  type AuthorityCertificateSummary,
  type AuthorityEnvironment,
  type AuthorityEnvironmentId,
  type AuthorityKeyWarningCode,
} from "../../app/server-surface";
import { ConfigError } from "../config/load-config";
import type { AppConfig } from "../config/schema";

interface LoadedEnvironment {
  id: AuthorityEnvironmentId;
  key: AuthorityKey;
  localTest: boolean;
  /** SHA-256 of the DER SubjectPublicKeyInfo, computed once at start. */
  spkiSha256Fingerprint: string;
  /** The certificate's DER bytes, for its downloads (null for a bare public key). */
  certificateDer: Uint8Array | null;
}

/** The authority certificates loaded at start; `describe` gives the page's view at a given time. */
export interface AuthorityEnvironments {
  readonly localTestKeyInUse: boolean;
  describe(now?: Date): AuthorityEnvironment[];
  /** The certificates as data (GET /api/authority-certificates and the web services page), as of `now`. */
  certificates(now?: Date): AuthorityCertificateSummary[];
  /** The DER bytes of an environment's certificate (undefined: no such environment, or a bare public key). */
  certificateDer(environment: string): Uint8Array | undefined;
}

export interface LoadAuthorityEnvironmentsOptions {
  /** Relative certificate paths and the local test key folder are resolved from here. */
  cwd?: string;
  /** Where the local test key pair lives (default `<cwd>/.local/test-authority`). */
  localTestKeyDir?: string;
  log?: (message: string) => void;
}

const ENVIRONMENT_IDS: AuthorityEnvironmentId[] = ["test", "production"];
export const LOCAL_TEST_KEY_NOTICE =
  "security header: no authority certificate is configured; using the local test key pair in %s. " +
  "Headers made with it are for local testing only: the authority will not accept them. " +
  "Set securityHeader.environments.{test,production}.certificate (or AREAOE_SECURITY_HEADER_TEST_CERT / _PRODUCTION_CERT).";

/**
 * Reads and parses the authority certificates of `config.securityHeader` (a file path, or PEM text
 * given inline). A bad certificate throws a ConfigError naming the field, so the server does not start.
 * With none configured, the local test key pair is created on first start and used as "test".
 */
export async function loadAuthorityEnvironments(
  config: Pick<AppConfig, "securityHeader">,
  { cwd = process.cwd(), localTestKeyDir, log = () => {} }: LoadAuthorityEnvironmentsOptions = {},
): Promise<AuthorityEnvironments> {
  const loaded: LoadedEnvironment[] = [];
  for (const id of ENVIRONMENT_IDS) {
    const setting = config.securityHeader.environments[id];
    if (setting) loaded.push(await loadConfigured(id, setting.certificate, cwd));
  }
  if (loaded.length === 0) {
    const dir = localTestKeyDir ?? defaultLocalTestKeyDir(cwd);
    const pair = await ensureLocalTestKeyPair(dir);
    log(LOCAL_TEST_KEY_NOTICE.replace("%s", dir) + (pair.generated ? " (generated now)" : ""));
    const key = parseAuthorityKey(pair.certificatePem);
    loaded.push({ id: "test", key, localTest: true, spkiSha256Fingerprint: spkiFingerprint(key), certificateDer: authorityCertificateDer(pair.certificatePem) });
  }
  return {
    localTestKeyInUse: loaded.some((environment) => environment.localTest),
    describe: (now = new Date()) => loaded.map((environment) => describeEnvironment(environment, now)),
    certificates: (now = new Date()) => loaded.map((environment) => summarizeCertificate(environment, now)),
    certificateDer: (id) => loaded.find((environment) => environment.id === id)?.certificateDer ?? undefined,
  };
}

async function loadConfigured(id: AuthorityEnvironmentId, value: string, cwd: string): Promise<LoadedEnvironment> {
  const field = `securityHeader.environments.${id}.certificate`;
  const inlinePem = value.startsWith("-----BEGIN");
  try {
    const key = inlinePem ? parseAuthorityKey(value) : await readAuthorityKeyFile(path.resolve(cwd, value));
    // The file was read and bounded by readAuthorityKeyFile just now; its certificate is kept for download.
    const certificateDer = key.certificate ? authorityCertificateDer(inlinePem ? value : await readFile(path.resolve(cwd, value))) : null;
    return { id, key, localTest: false, spkiSha256Fingerprint: spkiFingerprint(key), certificateDer };
  } catch (error) {
    const reason = error instanceof SecurityHeaderError ? `${error.message} (${error.code})` : (error as Error).message;
    throw new ConfigError(`Invalid configuration: ${field}: ${reason}`);
  }
}

function describeEnvironment(environment: LoadedEnvironment, now: Date): AuthorityEnvironment {
  const { certificate, keySizeBits } = environment.key;
  return {
    id: environment.id,
    // The browser gets the public key as a JWK (node:crypto's export): no certificate to parse there.
    publicKey: environment.key.publicKey,
    localTest: environment.localTest,
    keySizeBits,
    certificate: certificate
      ? { subject: certificate.subject, notAfter: certificate.notAfter, sha256Fingerprint: certificate.sha256Fingerprint }
      : null,
    warnings: authorityKeyWarnings(environment.key, now).map((warning) => warning.code as AuthorityKeyWarningCode),
    ...downloadsOf(environment),
  };
}

/** Colon-separated upper-case hex, the form `openssl x509 -fingerprint -sha256` prints. */
function colonHex(bytes: Buffer): string {
  return (bytes.toString("hex").toUpperCase().match(/../g) ?? []).join(":");
}

/** The key's SubjectPublicKeyInfo in DER, as `openssl x509 -pubkey | openssl pkey -pubin -outform DER` writes it. */
function spkiFingerprint(key: AuthorityKey): string {
  const spki = createPublicKey({ key: { ...key.publicKey }, format: "jwk" }).export({ type: "spki", format: "der" });
  return colonHex(createHash("sha256").update(spki).digest());
}

function summarizeCertificate(environment: LoadedEnvironment, now: Date): AuthorityCertificateSummary {
  const { certificate, keySizeBits } = environment.key;
  return {
    environment: environment.id,
    localTest: environment.localTest,
    keySizeBits,
    subject: certificate?.subject ?? null,
    issuer: certificate?.issuer ?? null,
    serialNumber: certificate?.serialNumber ?? null,
    notBefore: certificate?.notBefore ?? null,
    notAfter: certificate?.notAfter ?? null,
    daysLeft: certificate ? daysLeft(certificate.notAfter, now) : null,
    sha256Fingerprint: certificate?.sha256Fingerprint ?? null,
    spkiSha256Fingerprint: environment.spkiSha256Fingerprint,
    ...downloadsOf(environment),
  };
}

/** The addresses of the certificate's PEM and DER downloads (none for a bare public key). */
function downloadsOf(environment: LoadedEnvironment): { downloads?: { pem: string; der: string } } {
  if (!environment.certificateDer) return {};
  return { downloads: { pem: apiPath(authorityCertificateFile(environment.id, "pem")), der: apiPath(authorityCertificateFile(environment.id, "der")) } };
}
