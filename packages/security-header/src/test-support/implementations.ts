// Both implementations, for tests that must hold for each: the package's "node" condition
// (node:crypto) and its "browser"/default condition (WebCrypto + @noble/ciphers + forge's jsbn),
// imported by file so that both run under Vitest in Node.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { GenerateSecurityHeader } from "../header-core.js";
import { generateSecurityHeader as browser } from "../header.browser.js";
import { generateSecurityHeader as node } from "../header.node.js";
import { FIXTURE_CERTIFICATE_PATH } from "./openssl.js";

export const IMPLEMENTATIONS: readonly [string, GenerateSecurityHeader][] = [
  ["node:crypto", node],
  ["browser (WebCrypto)", browser],
];

export const FIXTURE_FILE = fileURLToPath(FIXTURE_CERTIFICATE_PATH);
/** The authority's certificate lives outside the repository; tests that need it say so when it is absent. */
export const FIXTURE_PRESENT = existsSync(FIXTURE_FILE);
if (!FIXTURE_PRESENT) console.warn(`Skipping the tests on the authority's certificate: ${FIXTURE_FILE} is missing`);
