// The key fingerprints this copy of the CLI trusts for --key-from without --fingerprint: SHA-256 of
// the DER certificate, 64 lowercase hex. Empty in the sources; `npm run bundle -w @areaoe/security-header
// -- --pin <sha256> …` prints the fingerprints an organisation has checked into the one-file bundle
// (esbuild's define), and --help lists them. The portal's own download pins none: its sandbox keys are
// made on each server's first start, after the bundle is built, so a user gives --fingerprint.

declare const __AREAOE_PINNED_KEY_FINGERPRINTS__: readonly string[] | undefined;

export const PINNED_KEY_FINGERPRINTS: readonly string[] =
  typeof __AREAOE_PINNED_KEY_FINGERPRINTS__ === "undefined" ? [] : __AREAOE_PINNED_KEY_FINGERPRINTS__;
