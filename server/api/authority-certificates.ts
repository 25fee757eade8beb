import { Router } from "express";
import {
  AUTHORITY_CERTIFICATES_API,
  AUTHORITY_CERTIFICATES_MAX_AGE_SECONDS,
  type AuthorityCertificatesDocument,
} from "../../app/server-surface";
import type { AuthorityEnvironments } from "../security-header/authority-environments";

/**
 * GET /api/authority-certificates: the authority certificates the portal was started with, as data
 * (shape: AuthorityCertificatesDocument), so integrators can check the fingerprints of the certificate
 * they hold and plan its replacement. Made from what was loaded at start; no state, no input read.
 */
export function authorityCertificatesRouter(environments: Pick<AuthorityEnvironments, "certificates"> | undefined, now: () => Date = () => new Date()): Router {
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
  return router;
}
