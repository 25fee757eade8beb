// Headers per second in Node: the library vs the same work done with bare node:crypto calls.
// Run: npx tsx packages/security-header/bench/security-header.bench.ts
import { constants, createCipheriv, createHash, generateKeyPairSync, publicEncrypt, randomBytes, type KeyObject } from "node:crypto";
import { cpus } from "node:os";
import { generateSecurityHeader, parseAuthorityKey, type AuthorityKey } from "../src/index.js";

const MEASURE_MS = 1_500;
const WARMUP_MS = 200;
const USERNAME = "123456789/1";
const PASSWORD = "pässwörd-€-ção";

/** Runs `work` repeatedly for about `ms` and returns operations per second. */
async function opsPerSecond(work: () => unknown, ms: number): Promise<number> {
  let count = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < ms) {
    await work();
    count++;
    elapsed = performance.now() - start;
  }
  return (count * 1000) / elapsed;
}

function aesEcb(key: Buffer, data: Buffer | string): Buffer {
  const cipher = createCipheriv("aes-128-ecb", key, null); // PKCS#7 padding is Node's default
  return Buffer.concat([cipher.update(data), cipher.final()]);
}

/** The header built with node:crypto only, same steps and same output shape. */
function bareNodeHeader(publicKey: KeyObject): string {
  const key = randomBytes(16);
  const created = new Date().toISOString();
  const digest = createHash("sha1").update(key).update(created, "utf8").update(PASSWORD, "utf8").digest();
  const nonce = publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_PADDING }, key);
  return [
    '<wss:Security xmlns:wss="http://schemas.xmlsoap.org/ws/2002/12/secext">',
    `<wss:Username>${USERNAME}</wss:Username>`,
    `<wss:Password Digest="${aesEcb(key, digest).toString("base64")}">${aesEcb(key, Buffer.from(PASSWORD, "utf8")).toString("base64")}</wss:Password>`,
    `<wss:Nonce>${nonce.toString("base64")}</wss:Nonce>`,
    `<wss:Created>${aesEcb(key, Buffer.from(created, "utf8")).toString("base64")}</wss:Created>`,
    "</wss:Security>",
  ].join("\n");
}

interface Row {
  key: string;
  library: number;
  libraryParsingEachTime: number;
  nodeCrypto: number;
}

async function measure(bits: number): Promise<Row> {
  const { publicKey } = generateKeyPairSync("rsa", { modulusLength: bits });
  const pem = publicKey.export({ type: "spki", format: "pem" }).toString();
  const parsed: AuthorityKey = parseAuthorityKey(pem);
  const library = () => generateSecurityHeader({ username: USERNAME, password: PASSWORD, publicKey: parsed });
  const libraryParsing = () => generateSecurityHeader({ username: USERNAME, password: PASSWORD, publicKey: pem });
  const node = () => bareNodeHeader(publicKey);

  for (const work of [library, libraryParsing, node]) await opsPerSecond(work, WARMUP_MS);
  return {
    key: `RSA ${bits}`,
    library: await opsPerSecond(library, MEASURE_MS),
    libraryParsingEachTime: await opsPerSecond(libraryParsing, MEASURE_MS),
    nodeCrypto: await opsPerSecond(node, MEASURE_MS),
  };
}

const rows: Row[] = [];
for (const bits of [2048, 4096]) rows.push(await measure(bits));

const fmt = (n: number) => Math.round(n).toLocaleString("en-US");
console.log(`security-header benchmark: Node ${process.version}, ${cpus()[0]?.model ?? "unknown CPU"}, ~${MEASURE_MS / 1000} s per cell`);
console.table(
  rows.map((row) => ({
    key: row.key,
    "library headers/s (parsed key)": fmt(row.library),
    "library headers/s (PEM each call)": fmt(row.libraryParsingEachTime),
    "bare node:crypto headers/s": fmt(row.nodeCrypto),
    "library / node:crypto": `${(row.library / row.nodeCrypto).toFixed(2)}x`,
  })),
);
