// Headers per second in Node: the library (its node:crypto implementation, what the package's "node"
// export condition gives) beside bare node:crypto calls doing the same work, in the same run.
// Run: npx tsx packages/security-header/bench/security-header.bench.ts
import { constants, createCipheriv, createHash, generateKeyPairSync, publicEncrypt, randomBytes, type KeyObject } from "node:crypto";
import { cpus } from "node:os";
import type { HeaderForm } from "../src/index.js";
import { generateSecurityHeader, parseAuthorityKey } from "../src/node.js";

const ROUNDS = 20;
const ROUND_MS = 100;
const USERNAME = "123456789/1";
const PASSWORD = "pässwörd-€-ção";

/** Alternates rounds of each piece of work (so both see the same machine load); returns ops/s of each. */
async function compare(works: readonly (() => unknown)[]): Promise<number[]> {
  const counts = works.map(() => 0);
  const times = works.map(() => 0);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [index, work] of works.entries()) {
      const start = performance.now();
      let elapsed = 0;
      while (elapsed < ROUND_MS) {
        await work();
        counts[index] = (counts[index] ?? 0) + 1;
        elapsed = performance.now() - start;
      }
      times[index] = (times[index] ?? 0) + elapsed;
    }
  }
  return counts.map((count, index) => (count * 1000) / (times[index] ?? 1));
}

function aesEcb(key: Buffer, data: Buffer): Buffer {
  const cipher = createCipheriv("aes-128-ecb", key, null); // PKCS#7 padding is Node's default
  return Buffer.concat([cipher.update(data), cipher.final()]);
}

/** The same header with node:crypto only: same steps, same output. */
function bareNodeHeader(publicKey: KeyObject, form: HeaderForm): string {
  const key = randomBytes(16);
  const created = new Date().toISOString();
  const password = Buffer.from(PASSWORD, "utf8");
  const nonce = publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_PADDING }, key).toString("base64");
  const encryptedPassword = aesEcb(key, password).toString("base64");
  let passwordElement: string;
  let createdText = created;
  if (form === "digest") {
    const digest = aesEcb(key, createHash("sha1").update(key).update(created, "utf8").update(password).digest()).toString("base64");
    passwordElement = `<wss:Password Digest="${digest}">${encryptedPassword}</wss:Password>`;
  } else {
    passwordElement = `<wss:Password>${encryptedPassword}</wss:Password>`;
    createdText = aesEcb(key, Buffer.from(created, "utf8")).toString("base64");
  }
  return [
    '<wss:Security xmlns:wss="http://schemas.xmlsoap.org/ws/2002/12/secext">',
    "  <wss:UsernameToken>",
    `    <wss:Username>${USERNAME}</wss:Username>`,
    `    ${passwordElement}`,
    `    <wss:Nonce>${nonce}</wss:Nonce>`,
    `    <wss:Created>${createdText}</wss:Created>`,
    "  </wss:UsernameToken>",
    "</wss:Security>",
  ].join("\n");
}

const rows: Record<string, string>[] = [];
for (const bits of [2048, 4096]) {
  const { publicKey } = generateKeyPairSync("rsa", { modulusLength: bits });
  const parsed = parseAuthorityKey(publicKey.export({ type: "spki", format: "pem" }));
  const jwk = parsed.publicKey;
  for (const form of ["digest", "encrypted-created"] as const) {
    const library = () => generateSecurityHeader({ username: USERNAME, password: PASSWORD, publicKey: parsed, form });
    const libraryJwk = () => generateSecurityHeader({ username: USERNAME, password: PASSWORD, publicKey: { ...jwk }, form });
    const bare = () => bareNodeHeader(publicKey, form);
    const [libraryRate = 0, jwkRate = 0, bareRate = 0] = await compare([library, libraryJwk, bare]);
    rows.push({
      key: `RSA ${bits}`,
      form,
      "library headers/s": Math.round(libraryRate).toLocaleString("en-US"),
      "library, fresh JWK object each call": Math.round(jwkRate).toLocaleString("en-US"),
      "bare node:crypto headers/s": Math.round(bareRate).toLocaleString("en-US"),
      "library / node:crypto": (libraryRate / bareRate).toFixed(2),
    });
  }
}

console.log(`security-header in Node ${process.version} (${cpus()[0]?.model ?? "unknown CPU"}), ${ROUNDS} alternating rounds of ${ROUND_MS} ms per cell`);
console.table(rows);
