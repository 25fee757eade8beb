import { parseAuthorityKey } from "@areaoe/security-header/node";
import { BASE_PATH, type AuthorityEnvironment } from "../../app/server-surface";
import type { HeaderSandbox } from "./header-sandbox";

/**
 * The sandbox's current test key as a target of the generation form (id "sandbox"): public material
 * only (the public key as a JWK, the certificate's facts and downloads), so that a header made by the
 * portal's own form can pass the portal's checker. The form asks for a test password for it: the
 * portal decrypts what is encrypted for this key. Null while the checker is switched off (no check could
 * use such a header). Each key's public key is parsed once.
 */
export function sandboxFormTarget(sandbox: Pick<HeaderSandbox, "keys" | "checkerEnabled">): () => AuthorityEnvironment | null {
  const parsed = new Map<string, AuthorityEnvironment["publicKey"]>();
  return () => {
    if (!sandbox.checkerEnabled) return null;
    const current = sandbox.keys().find((key) => key.status === "current");
    if (!current) return null;
    let publicKey = parsed.get(current.id);
    if (!publicKey) {
      publicKey = parseAuthorityKey(current.certificatePem).publicKey;
      parsed.clear();
      parsed.set(current.id, publicKey);
    }
    return {
      id: "sandbox",
      publicKey,
      localTest: false,
      sandbox: true,
      keySizeBits: current.keySizeBits,
      certificate: {
        subject: current.subject,
        notAfter: current.validUntil.toISOString(),
        // As `openssl x509 -fingerprint -sha256` writes it (the form's format for every certificate).
        sha256Fingerprint: (current.fingerprintSha256.toUpperCase().match(/../g) ?? []).join(":"),
      },
      downloads: { pem: `${BASE_PATH}/sandbox/keys/${current.id}.pem`, der: `${BASE_PATH}/sandbox/keys/${current.id}.cer` },
      warnings: [],
    };
  };
}
