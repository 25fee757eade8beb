import type { AuthorityCertificateSummary } from "../../app/server-surface";

/**
 * The events of the certificate-and-key feed, as data: each source (the authority's configured
 * certificates; the sandbox's key set) is a function that produces them, so the feed is one sorted list
 * whatever the sources. Dates are ISO 8601 UTC; ids are stable (the same event keeps its id on every
 * instance and after a restart).
 */
export type CertificateEvent =
  | {
      kind: "authority-certificate-configured";
      id: string;
      /** When the certificate became valid: the event's date. */
      at: string;
      environment: "test" | "production";
      subject: string;
      notBefore: string;
      notAfter: string;
      sha256Fingerprint: string;
    }
  | {
      kind: "authority-certificate-expiring";
      id: string;
      /** EXPIRY_NOTICE_DAYS before notAfter. */
      at: string;
      environment: "test" | "production";
      notAfter: string;
      sha256Fingerprint: string;
    }
  | {
      kind: "sandbox-key-valid" | "sandbox-key-announced" | "sandbox-key-retired";
      id: string;
      /**
       * validFrom for a key that became valid; validUntil for a retired one; for a next key published
       * before its validity ("announced"), the day it was published (see sandboxKeyEvents).
       */
      at: string;
      keyId: string;
      status: SandboxKeyStatus;
      validFrom: string;
      validUntil: string;
      fingerprintSha256: string;
    };

/** An expiry is announced this many days before it. */
export const EXPIRY_NOTICE_DAYS = 60;
const DAY_MS = 86_400_000;

/**
 * The authority's configured certificates (GET /api/authority-certificates' data): each is an event on
 * the day it became valid, and, once it is within EXPIRY_NOTICE_DAYS of its end, an expiry event dated
 * that many days before the end. A bare public key (no dates) gives none.
 */
export function authorityCertificateEvents(certificates: readonly AuthorityCertificateSummary[], now: Date): CertificateEvent[] {
  const events: CertificateEvent[] = [];
  for (const certificate of certificates) {
    const { notBefore, notAfter, sha256Fingerprint, subject, environment } = certificate;
    if (!notBefore || !notAfter || !sha256Fingerprint || !subject || certificate.localTest) continue;
    const fingerprint = sha256Fingerprint.replace(/:/g, "").toLowerCase();
    if (Date.parse(notBefore) <= now.getTime()) {
      events.push({ kind: "authority-certificate-configured", id: `urn:areaoe:authority-certificate:${environment}:${fingerprint}`, at: notBefore, environment, subject, notBefore, notAfter, sha256Fingerprint });
    }
    const noticeAt = Date.parse(notAfter) - EXPIRY_NOTICE_DAYS * DAY_MS;
    if (noticeAt <= now.getTime()) {
      events.push({
        kind: "authority-certificate-expiring",
        id: `urn:areaoe:authority-certificate-expiry:${environment}:${fingerprint}`,
        at: new Date(noticeAt).toISOString(),
        environment,
        notAfter,
        sha256Fingerprint,
      });
    }
  }
  return events;
}

export type SandboxKeyStatus = "current" | "next" | "retired";

/**
 * One key of the sandbox's key set, as GET /areaOE/sandbox/keys publishes it (the contract the CLI's
 * --key-from reads too). The lead wires the sandbox's key set here once it exists: pass its `keys`.
 */
export interface SandboxKeyInput {
  id: string;
  status: SandboxKeyStatus;
  validFrom: string;
  validUntil: string;
  fingerprintSha256: string;
}

/**
 * The sandbox's rotation as events: each key not retired is an event on its validFrom, once that has
 * come; the next key, published before its validity begins, is also an event of its own ("announced")
 * on the day it was published: when the key before the current one retired (the current key then became
 * the earliest valid one, and the key after it the next: sandbox-keys.ts), or, with no retired key in the
 * set, when the current key became valid; each retired key is an event on its validUntil.
 */
export function sandboxKeyEvents(keys: readonly SandboxKeyInput[], now: Date): CertificateEvent[] {
  const at = now.getTime();
  const retiredUntil = keys.filter((key) => key.status === "retired" && Date.parse(key.validUntil) <= at).map((key) => key.validUntil).sort().at(-1);
  const currentFrom = keys.find((key) => key.status === "current")?.validFrom;
  const published = retiredUntil ?? currentFrom;
  return keys.flatMap((key): CertificateEvent[] => {
    const base = { keyId: key.id, status: key.status, validFrom: key.validFrom, validUntil: key.validUntil, fingerprintSha256: key.fingerprintSha256 };
    if (key.status === "retired") {
      return Date.parse(key.validUntil) <= at ? [{ kind: "sandbox-key-retired", id: `urn:areaoe:sandbox-key-retired:${key.fingerprintSha256}`, at: key.validUntil, ...base }] : [];
    }
    const events: CertificateEvent[] = [];
    if (key.status === "next" && published !== undefined && Date.parse(published) <= at) {
      events.push({ kind: "sandbox-key-announced", id: `urn:areaoe:sandbox-key-next:${key.fingerprintSha256}`, at: published, ...base });
    }
    if (Date.parse(key.validFrom) <= at) events.push({ kind: "sandbox-key-valid", id: `urn:areaoe:sandbox-key:${key.fingerprintSha256}`, at: key.validFrom, ...base });
    return events;
  });
}
