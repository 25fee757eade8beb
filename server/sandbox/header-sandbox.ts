import { X509Certificate } from "node:crypto";
import {
  defaultLocalTestKeyDir,
  ensureLocalTestKeyPair,
  probeImplicitRejection,
  verifySecurityHeader,
  type ImplicitRejectionProbe,
  type VerificationResult,
} from "@areaoe/security-header/node";

/** What the checker page shows about the certificate a developer configures their software with. */
export interface SandboxCertificate {
  readonly subject: string;
  readonly notAfter: string;
  readonly sha256Fingerprint: string;
  readonly keySizeBits: number;
}

/**
 * The header sandbox: checks headers made for the portal's LOCAL TEST key pair. It decrypts input chosen
 * by strangers (RSA PKCS#1 v1.5, node:crypto), which is safe from padding oracles (the Marvin attack)
 * only where OpenSSL does implicit rejection: that is proven at start, and without it the checker is off.
 */
export interface HeaderSandbox {
  readonly certificatePem: string;
  readonly certificateDer: Buffer;
  readonly certificate: SandboxCertificate;
  /**
   * False when the start-time probe found no implicit rejection: the checker page and the SOAP endpoint
   * then say they are switched off, and `check` throws (there is no fallback to a leaky decryption).
   */
  readonly checkerEnabled: boolean;
  /** Why the checker is off (for the log), when it is. */
  readonly checkerDisabledReason?: string;
  check(xml: string, options?: { password?: string; now?: Date }): VerificationResult;
}

export interface HeaderSandboxOptions {
  /** The implicit-rejection probe (tests inject a failing one). */
  probe?: (privateKeyPem: string) => ImplicitRejectionProbe;
}

export async function loadHeaderSandbox(
  cwd: string = process.cwd(),
  dir = defaultLocalTestKeyDir(cwd),
  { probe = probeImplicitRejection }: HeaderSandboxOptions = {},
): Promise<HeaderSandbox> {
  const pair = await ensureLocalTestKeyPair(dir);
  const x509 = new X509Certificate(pair.certificatePem);
  const privateKey = pair.privateKeyPem;
  const keySizeBits = x509.publicKey.asymmetricKeyDetails?.modulusLength ?? 0;
  const proof = probe(privateKey);
  const disabled = proof.ok ? undefined : proof.reason;
  return {
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
    check: (xml, options = {}) => {
      if (disabled !== undefined) throw new Error(`the header checker is switched off: ${disabled}`);
      return verifySecurityHeader(xml, { privateKey, ...options });
    },
  };
}
