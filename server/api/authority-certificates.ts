import { X509Certificate } from "node:crypto";
import { Router } from "express";
import {
  AUTHORITY_CERTIFICATE_MEDIA_TYPES,
  AUTHORITY_CERTIFICATES_API,
  AUTHORITY_CERTIFICATES_MAX_AGE_SECONDS,
  type AuthorityCertificateFormat,
  type AuthorityCertificatesDocument,
} from "../../app/server-surface";
import type { AuthorityEnvironments } from "../security-header/authority-environments";

/**
 * GET /api/authority-certificates: the authority certificates the portal was started with, as data
 * (shape: AuthorityCertificatesDocument), so integrators can check the fingerprints of the certificate
 * they hold and plan its replacement. Made from what was loaded at start; no state, no input read.
 */
export function authorityCertificatesRouter(
  environments: Pick<AuthorityEnvironments, "certificates" | "certificateDer"> | undefined,
  now: () => Date = () => new Date(),
): Router {
  const router = Router();
  router.get(`/api/${AUTHORITY_CERTIFICATES_API}`, (_req, res) => {
    const generatedAt = now();
    const document: AuthorityCertificatesDocument = {
      version: 1,
      generatedAt: generatedAt.toISOString(),
      certificates: environments?.certificates(generatedAt) ?? [],
    };
    // Public material; days left is the only thing that moves, once a day.
    res.setHeader("Cache-Control", `public, max-age=${AUTHORITY_CERTIFICATES_MAX_AGE_SECONDS}`);
    res.json(document);
  });
  /**
   * GET /api/authority-certificates/{test,production}.pem and .cer: the configured certificate as a file
   * (PEM text, or DER bytes), offered beside its fingerprints; 404 for any other name and for an
   * environment without a certificate (none configured, or a bare public key).
   */
  router.get(`/api/${AUTHORITY_CERTIFICATES_API}/:file`, (req, res, next) => {
    const match = /^(test|production)\.(pem|cer)$/.exec(req.params.file ?? "");
    const der = match ? environments?.certificateDer(match[1] ?? "") : undefined;
    if (!match || !der) {
      next();
      return;
    }
    const environment = match[1] ?? "";
    const format: AuthorityCertificateFormat = match[2] === "pem" ? "pem" : "der";
    // PEM as node:crypto (OpenSSL) writes it: RFC 7468, 64 Base64 characters a line.
    const body = format === "pem" ? new X509Certificate(der).toString() : Buffer.from(der);
    res.setHeader("Content-Type", AUTHORITY_CERTIFICATE_MEDIA_TYPES[format]);
    res.setHeader("Content-Disposition", `attachment; filename="authority-${environment}-certificate.${match[2]}"`);
    res.setHeader("Cache-Control", `public, max-age=${AUTHORITY_CERTIFICATES_MAX_AGE_SECONDS}`);
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.send(body);
  });
  return router;
}

