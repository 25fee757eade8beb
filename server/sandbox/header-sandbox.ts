import { X509Certificate } from "node:crypto";
import {
  defaultLocalTestKeyDir,
  ensureLocalTestKeyPair,
  verifySecurityHeader,
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
 * by strangers, so it only ever holds the local test private key (never an authority key: PKCS#1 v1.5
 * decryption of attacker-chosen data leaks through timing, the Marvin attack).
 */
export interface HeaderSandbox {
  readonly certificatePem: string;
  readonly certificateDer: Buffer;
  readonly certificate: SandboxCertificate;
  check(xml: string, options?: { password?: string; now?: Date }): VerificationResult;
}

export async function loadHeaderSandbox(cwd: string = process.cwd(), dir = defaultLocalTestKeyDir(cwd)): Promise<HeaderSandbox> {
  const pair = await ensureLocalTestKeyPair(dir);
  const x509 = new X509Certificate(pair.certificatePem);
  const privateKey = pair.privateKeyPem;
  const keySizeBits = x509.publicKey.asymmetricKeyDetails?.modulusLength ?? 0;
  return {
    certificatePem: pair.certificatePem,
    certificateDer: x509.raw,
    certificate: {
      subject: x509.subject.split("\n").join(", "),
      notAfter: new Date(x509.validTo).toISOString(),
      sha256Fingerprint: x509.fingerprint256,
      keySizeBits,
    },
    check: (xml, options = {}) => verifySecurityHeader(xml, { privateKey, ...options }),
  };
}
