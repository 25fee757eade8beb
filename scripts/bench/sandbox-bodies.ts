/**
 * SOAP requests for the header sandbox (POST /areaOE/sandbox/soap), each with a fresh, valid security
 * header for the sandbox's own test key (Created is checked against the clock, a Nonce is never
 * reused): made ahead, so that a load generator spends its time sending. For benchmarks only.
 */
import { wrapInEnvelope } from "@areaoe/security-header";
import { generateSecurityHeader, parseAuthorityKey } from "@areaoe/security-header/node";

export const SANDBOX_SOAP = "/areaOE/sandbox/soap";

/** The sandbox's current test key, as its certificate page serves it. */
export async function sandboxKey(origin: string) {
  return parseAuthorityKey(await (await fetch(`${origin}/areaOE/sandbox/test-certificate.pem`)).text());
}

/** `count` request bodies for the sandbox at `origin` (each valid for about a minute). */
export async function sandboxBodies(origin: string, count: number): Promise<string[]> {
  const publicKey = await sandboxKey(origin);
  const one = async () => wrapInEnvelope((await generateSecurityHeader({ username: "123456789/1", password: "bench", publicKey, form: "digest" })).xml, "<ping/>");
  return Promise.all(Array.from({ length: count }, one));
}
