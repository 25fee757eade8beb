import { createPrivateKey, X509Certificate, type KeyObject } from "node:crypto";
import forge from "node-forge";

// Reads a certificate file on the user's machine for `check-certificate`: PEM or DER X.509 with
// node:crypto, PKCS#12 with node-forge (which still decrypts RC2-40 and 3DES, as OpenSSL 3 does not
// without its legacy provider). Nothing here touches the network.

/** A certificate file is a few kilobytes; a PKCS#12 with its chain, tens. */
export const MAX_CERTIFICATE_FILE_BYTES = 1024 * 1024;
/** Above this many PBKDF2/PKCS#12 KDF rounds the check would run for minutes in JavaScript. */
export const MAX_KDF_ITERATIONS = 1_000_000;
/**
 * The rounds of every key derivation of one file together (the MAC, each encrypted part, each
 * private key, also those hidden inside encrypted contents): about 10 s of JavaScript at most. A
 * file OpenSSL writes needs three derivations of 2,048 rounds.
 */
export const MAX_TOTAL_KDF_ITERATIONS = 3_000_000;

/** Input that is not a certificate this command can read: exit status 2, with the message. */
export class UnreadableCertificate extends Error {
  /** A PKCS#12 file's algorithms, when they were read before the failure (the advice still applies). */
  constructor(
    message: string,
    readonly algorithms: readonly Pkcs12Algorithm[] = [],
  ) {
    super(message);
  }
}

/** How a PKCS#12 algorithm fares with OpenSSL 3 (its default provider). */
export type AlgorithmStanding = "current" | "outdated" | "legacy" | "unknown";

export interface Pkcs12Algorithm {
  /** What it protects: the certificates (encrypted data), a private key (shrouded key bag), or the MAC. */
  protects: "certificates" | "private key" | "integrity";
  oid: string;
  /** OpenSSL's name of the algorithm, as `openssl pkcs12 -info` prints it. */
  name: string;
  iterations: number;
  /** current: fine; outdated: OpenSSL 3 reads it but it is weak; legacy: OpenSSL 3 refuses it without `-legacy`. */
  standing: AlgorithmStanding;
}

export interface CertificateFile {
  format: "PEM" | "DER" | "PKCS#12";
  /** The certificate the file is about: the one matching the private key, else the first that is not a CA. */
  certificate: X509Certificate;
  /** Every certificate in the file, the main one included. */
  certificates: X509Certificate[];
  privateKeys: number;
  /** For PKCS#12: whether the main certificate's public key is the private key's (null without a key). */
  keyMatches: boolean | null;
  /** For PKCS#12: how its parts are protected, read from the AlgorithmIdentifiers before any decryption. */
  algorithms: Pkcs12Algorithm[];
}

// PKCS#12 (RFC 7292) and PKCS#5 (RFC 8018) object identifiers; names as OpenSSL prints them.
const OID_DATA = "1.2.840.113549.1.7.1";
const OID_ENCRYPTED_DATA = "1.2.840.113549.1.7.6";
const OID_SHROUDED_KEY_BAG = "1.2.840.113549.1.12.10.1.2";
const OID_PBES2 = "1.2.840.113549.1.5.13";
const OID_PBKDF2 = "1.2.840.113549.1.5.12";

const PBE_ALGORITHMS: Record<string, { name: string; standing: AlgorithmStanding }> = {
  "1.2.840.113549.1.12.1.1": { name: "pbeWithSHA1And128BitRC4", standing: "legacy" },
  "1.2.840.113549.1.12.1.2": { name: "pbeWithSHA1And40BitRC4", standing: "legacy" },
  "1.2.840.113549.1.12.1.3": { name: "pbeWithSHA1And3-KeyTripleDES-CBC", standing: "outdated" },
  "1.2.840.113549.1.12.1.4": { name: "pbeWithSHA1And2-KeyTripleDES-CBC", standing: "outdated" },
  "1.2.840.113549.1.12.1.5": { name: "pbeWithSHA1And128BitRC2-CBC", standing: "legacy" },
  "1.2.840.113549.1.12.1.6": { name: "pbeWithSHA1And40BitRC2-CBC", standing: "legacy" },
  "1.2.840.113549.1.5.1": { name: "pbeWithMD2AndDES-CBC", standing: "legacy" },
  "1.2.840.113549.1.5.3": { name: "pbeWithMD5AndDES-CBC", standing: "legacy" },
  "1.2.840.113549.1.5.4": { name: "pbeWithMD2AndRC2-CBC", standing: "legacy" },
  "1.2.840.113549.1.5.6": { name: "pbeWithMD5AndRC2-CBC", standing: "legacy" },
  "1.2.840.113549.1.5.10": { name: "pbeWithSHA1AndDES-CBC", standing: "legacy" },
  "1.2.840.113549.1.5.11": { name: "pbeWithSHA1AndRC2-CBC", standing: "legacy" },
};

const PBES2_CIPHERS: Record<string, { name: string; standing: AlgorithmStanding }> = {
  "2.16.840.1.101.3.4.1.2": { name: "AES-128-CBC", standing: "current" },
  "2.16.840.1.101.3.4.1.22": { name: "AES-192-CBC", standing: "current" },
  "2.16.840.1.101.3.4.1.42": { name: "AES-256-CBC", standing: "current" },
  "1.2.840.113549.3.7": { name: "DES-EDE3-CBC", standing: "outdated" },
  "1.3.14.3.2.7": { name: "DES-CBC", standing: "legacy" },
  "1.2.840.113549.3.2": { name: "RC2-CBC", standing: "legacy" },
};

const MAC_ALGORITHMS: Record<string, { name: string; standing: AlgorithmStanding }> = {
  "1.3.14.3.2.26": { name: "HMAC-SHA1", standing: "current" },
  "2.16.840.1.101.3.4.2.1": { name: "HMAC-SHA256", standing: "current" },
  "2.16.840.1.101.3.4.2.2": { name: "HMAC-SHA384", standing: "current" },
  "2.16.840.1.101.3.4.2.3": { name: "HMAC-SHA512", standing: "current" },
  "1.2.840.113549.2.5": { name: "HMAC-MD5", standing: "legacy" },
  // RFC 9579 (2024): newer OpenSSL writes it; node-forge cannot verify it.
  "1.2.840.113549.1.5.14": { name: "PBMAC1", standing: "current" },
};

const CERTIFICATE_PEM_TYPES = new Set(["CERTIFICATE", "X509 CERTIFICATE", "TRUSTED CERTIFICATE"]);
const PEM_BLOCK = /-----BEGIN ([A-Z0-9 #]+)-----([\s\S]*?)-----END \1-----/g;

/**
 * Reads a PEM or DER certificate, or a PKCS#12 file (asking for its password through `password` only
 * then). Throws UnreadableCertificate for anything else, a wrong password included.
 */
export async function readCertificateFile(bytes: Buffer, password: () => Promise<string>): Promise<CertificateFile> {
  if (bytes.length > MAX_CERTIFICATE_FILE_BYTES) {
    throw new UnreadableCertificate(`the file has ${bytes.length} bytes; a certificate file has at most ${MAX_CERTIFICATE_FILE_BYTES}`);
  }
  if (bytes.length === 0) throw new UnreadableCertificate("the file is empty");
  const text = bytes.toString("latin1");
  if (text.includes("-----BEGIN ")) return readPem(text);
  const der = tryCertificate(bytes);
  if (der) return single("DER", der);
  const pfx = parsePfx(bytes);
  if (!pfx) throw new UnreadableCertificate("this is not a certificate (PEM or DER) nor a PKCS#12 file (.p12, .pfx)");
  return readPkcs12(pfx, await password());
}

function tryCertificate(der: Buffer): X509Certificate | undefined {
  try {
    return new X509Certificate(der);
  } catch {
    return undefined;
  }
}

function single(format: CertificateFile["format"], certificate: X509Certificate, certificates = [certificate]): CertificateFile {
  return { format, certificate, certificates, privateKeys: 0, keyMatches: null, algorithms: [] };
}

function readPem(text: string): CertificateFile {
  const blocks = [...text.matchAll(PEM_BLOCK)].map((match) => ({ type: match[1] ?? "", body: (match[2] ?? "").replace(/\s+/g, "") }));
  const certificates = blocks
    .filter((block) => CERTIFICATE_PEM_TYPES.has(block.type))
    .map((block) => {
      const certificate = /^[A-Za-z0-9+/]+={0,2}$/.test(block.body) ? tryCertificate(Buffer.from(block.body, "base64")) : undefined;
      if (!certificate) throw new UnreadableCertificate(`a "BEGIN ${block.type}" block is not a readable X.509 certificate`);
      return certificate;
    });
  const [first] = certificates;
  if (!first) {
    if (blocks.some((block) => block.type.includes("PRIVATE KEY"))) {
      throw new UnreadableCertificate("this file holds a private key and no certificate; give the certificate (or the PKCS#12 file)");
    }
    throw new UnreadableCertificate('no "BEGIN CERTIFICATE" block in this PEM file');
  }
  // A chain file starts with the certificate it is for.
  return single("PEM", first, certificates);
}

// --- PKCS#12 -------------------------------------------------------------------------------------

type Asn1 = forge.asn1.Asn1;

// forge's fromDer takes an options object (strict DER, all bytes used); its published types know only a boolean.
const parseDer = forge.asn1.fromDer as unknown as (
  bytes: forge.util.ByteStringBuffer,
  options: { strict: boolean; parseAllBytes?: boolean; decodeBitStrings: boolean },
) => Asn1;

interface ParsedPfx {
  asn1: Asn1;
  algorithms: Pkcs12Algorithm[];
}

/** The PFX's structure and its algorithms, or undefined when the bytes are not a PKCS#12 file. */
function parsePfx(bytes: Buffer): ParsedPfx | undefined {
  let pfx: Asn1;
  try {
    pfx = parseDer(forge.util.createBuffer(bytes.toString("binary")), { strict: true, parseAllBytes: true, decodeBitStrings: false });
  } catch {
    return undefined;
  }
  try {
    const [version, authSafe, macData] = children(pfx);
    if (!version || !authSafe || integer(version) !== 3 || oidOf(children(authSafe)[0]) !== OID_DATA) return undefined;
    const algorithms: Pkcs12Algorithm[] = [];
    const contents = fromDer(octets(children(children(authSafe)[1])[0]));
    for (const contentInfo of children(contents)) {
      const [type, explicit] = children(contentInfo);
      const oid = oidOf(type);
      if (oid === OID_ENCRYPTED_DATA) {
        // EncryptedData ::= SEQUENCE { version, EncryptedContentInfo { contentType, contentEncryptionAlgorithm, … } }
        const encryptedContentInfo = children(children(explicit)[0])[1];
        algorithms.push(pbeAlgorithm("certificates", children(encryptedContentInfo)[1]));
      } else if (oid === OID_DATA) {
        for (const bag of children(fromDer(octets(children(explicit)[0])))) {
          const [bagId, bagValue] = children(bag);
          // EncryptedPrivateKeyInfo ::= SEQUENCE { encryptionAlgorithm, encryptedData }
          if (oidOf(bagId) === OID_SHROUDED_KEY_BAG) algorithms.push(pbeAlgorithm("private key", children(children(bagValue)[0])[0]));
        }
      }
    }
    if (macData) {
      // MacData ::= SEQUENCE { mac DigestInfo { digestAlgorithm, digest }, macSalt, iterations DEFAULT 1 }
      const [digestInfo, , iterations] = children(macData);
      const oid = oidOf(children(children(digestInfo)[0])[0]);
      const known = MAC_ALGORITHMS[oid];
      algorithms.push({
        protects: "integrity",
        oid,
        name: known?.name ?? oid,
        iterations: iterations ? integer(iterations) : 1,
        standing: known?.standing ?? "unknown",
      });
    }
    return { asn1: pfx, algorithms };
  } catch {
    return undefined;
  }
}

function pbeAlgorithm(protects: Pkcs12Algorithm["protects"], identifier: Asn1 | undefined): Pkcs12Algorithm {
  const [algorithm, parameters] = children(identifier);
  return pbeAlgorithmOf(protects, oidOf(algorithm), parameters);
}

function pbeAlgorithmOf(protects: Pkcs12Algorithm["protects"], oid: string, parameters: Asn1 | undefined): Pkcs12Algorithm {
  if (oid === OID_PBES2) {
    // PBES2-params ::= SEQUENCE { keyDerivationFunc, encryptionScheme }; PBKDF2-params ::= { salt, iterationCount, … }
    const [kdf, scheme] = children(parameters);
    const [kdfOid, kdfParameters] = children(kdf);
    const cipherOid = oidOf(children(scheme)[0]);
    const cipher = PBES2_CIPHERS[cipherOid];
    const pbkdf2 = oidOf(kdfOid) === OID_PBKDF2;
    return {
      protects,
      oid,
      name: `PBES2 (${pbkdf2 ? "PBKDF2" : oidOf(kdfOid)}, ${cipher?.name ?? cipherOid})`,
      iterations: pbkdf2 ? integer(children(kdfParameters)[1]) : 0,
      standing: pbkdf2 ? (cipher?.standing ?? "unknown") : "unknown",
    };
  }
  // pkcs-12PbeParams ::= SEQUENCE { salt, iterations }; PBEParameter (PKCS#5 v1) is the same.
  const known = PBE_ALGORITHMS[oid];
  return { protects, oid, name: known?.name ?? oid, iterations: integer(children(parameters)[1]), standing: known?.standing ?? "unknown" };
}

function children(node: Asn1 | undefined): Asn1[] {
  if (!node || !Array.isArray(node.value)) throw new Error("not a constructed ASN.1 value");
  return node.value;
}

function oidOf(node: Asn1 | undefined): string {
  if (!node || node.type !== forge.asn1.Type.OID || typeof node.value !== "string") throw new Error("not an OID");
  return forge.asn1.derToOid(node.value);
}

/** A small non-negative INTEGER (versions, iteration counts); larger ones count as out of bounds. */
function integer(node: Asn1 | undefined): number {
  if (!node || node.type !== forge.asn1.Type.INTEGER || typeof node.value !== "string") throw new Error("not an INTEGER");
  const bytes = Buffer.from(node.value, "binary");
  if (bytes.length > 6 || (bytes[0] ?? 0) & 0x80) return Number.POSITIVE_INFINITY;
  return bytes.reduce((value, byte) => value * 256 + byte, 0);
}

/** An OCTET STRING's bytes, primitive or (BER) constructed from pieces. */
function octets(node: Asn1 | undefined): string {
  if (!node || node.type !== forge.asn1.Type.OCTETSTRING) throw new Error("not an OCTET STRING");
  return typeof node.value === "string" ? node.value : node.value.map((piece) => octets(piece)).join("");
}

function fromDer(bytes: string): Asn1 {
  return parseDer(forge.util.createBuffer(bytes), { strict: true, decodeBitStrings: false });
}

/**
 * The key derivations of one file, counted before each starts: one above MAX_KDF_ITERATIONS, or one
 * that would take the file's total above MAX_TOTAL_KDF_ITERATIONS, is refused (UnreadableCertificate)
 * without running it.
 */
class KdfBudget {
  private spent = 0;
  constructor(private readonly algorithms: readonly Pkcs12Algorithm[]) {}

  take(algorithm: Pkcs12Algorithm, where: string): void {
    if (algorithm.iterations > MAX_KDF_ITERATIONS) {
      throw new UnreadableCertificate(
        `${where} of this PKCS#12 file asks for ${formatCount(algorithm.iterations)} key derivation iterations (${algorithm.name}); more than ${formatCount(MAX_KDF_ITERATIONS)} are not run here`,
        this.algorithms,
      );
    }
    if (this.spent + algorithm.iterations > MAX_TOTAL_KDF_ITERATIONS) {
      throw new UnreadableCertificate(
        `the key derivations of this PKCS#12 file ask for more than ${formatCount(MAX_TOTAL_KDF_ITERATIONS)} iterations together; they are not run here`,
        this.algorithms,
      );
    }
    this.spent += algorithm.iterations;
  }
}

/** A count as printed; an INTEGER that is negative or above 2^47 is out of range (integer()). */
const formatCount = (count: number) => (Number.isFinite(count) ? count.toLocaleString("en-US") : "an out-of-range number of");

type GetCipher = (oid: string, params: Asn1, password: string) => unknown;
const pbe = (forge.pki as unknown as { pbe: { getCipher: GetCipher } }).pbe;

/**
 * Runs forge's decoding with every decryption's key derivation counted first: forge asks
 * `pki.pbe.getCipher` for each encrypted part and each shrouded key bag, those inside encrypted
 * contents too (which no parse can see before the contents are decrypted), and this reads the
 * iteration count from the parameters' ASN.1 before forge derives the key. Synchronous, so the
 * wrapper is in place for this decoding only.
 */
function withKdfBudget<T>(budget: KdfBudget, decode: () => T): T {
  const getCipher = pbe.getCipher;
  pbe.getCipher = (oid, params, password) => {
    let algorithm: Pkcs12Algorithm;
    try {
      algorithm = pbeAlgorithmOf("private key", oid, params);
    } catch {
      throw new UnreadableCertificate("an encrypted part of this PKCS#12 file has unreadable parameters");
    }
    budget.take(algorithm, "an encrypted part");
    return getCipher(oid, params, password);
  };
  try {
    return decode();
  } finally {
    pbe.getCipher = getCipher;
  }
}

function readPkcs12({ asn1, algorithms }: ParsedPfx, password: string): CertificateFile {
  // What the structure shows (the MAC, the encrypted parts, the key bags outside them), all before
  // the first derivation; the rest as forge reaches it (withKdfBudget).
  const visible = new KdfBudget(algorithms);
  for (const algorithm of algorithms) visible.take(algorithm, `the ${algorithm.protects}`);
  const mac = algorithms.find((algorithm) => algorithm.protects === "integrity");
  const budget = new KdfBudget(algorithms);
  if (mac) budget.take(mac, "the integrity");
  let pfx: forge.pkcs12.Pkcs12Pfx;
  try {
    pfx = withKdfBudget(budget, () => decodePkcs12(asn1, password));
  } catch (error) {
    if (error instanceof UnreadableCertificate) throw error;
    const message = error instanceof Error ? error.message : String(error);
    if (/MAC could not be verified|wrong password|Invalid password|Failed to decrypt/i.test(message)) {
      throw new UnreadableCertificate("the password is wrong (the PKCS#12 file's integrity check fails with it)", algorithms);
    }
    if (/Unsupported/i.test(message)) {
      const used = algorithms.map((algorithm) => `${algorithm.protects}: ${algorithm.name}`).join("; ");
      throw new UnreadableCertificate(`this PKCS#12 file uses an algorithm this tool cannot decrypt (${used})`, algorithms);
    }
    throw new UnreadableCertificate(`the PKCS#12 file could not be read (${message})`, algorithms);
  }
  const bags = pfx.safeContents.flatMap((contents) => contents.safeBags);
  const certificates = bags
    .filter((bag) => bag.type === forge.pki.oids.certBag)
    .map((bag) => {
      const der = forge.asn1.toDer(bag.cert ? forge.pki.certificateToAsn1(bag.cert) : bag.asn1).getBytes();
      const certificate = tryCertificate(Buffer.from(der, "binary"));
      if (!certificate) throw new UnreadableCertificate("a certificate in the PKCS#12 file is not a readable X.509 certificate");
      return certificate;
    });
  const keys = bags.filter((bag) => bag.type === forge.pki.oids.keyBag || bag.type === forge.pki.oids.pkcs8ShroudedKeyBag).map(privateKeyOf);
  const [key] = keys;
  const matching = key ? certificates.find((certificate) => certificate.checkPrivateKey(key)) : undefined;
  const main = matching ?? certificates.find((certificate) => !certificate.ca) ?? certificates[0];
  if (!main) throw new UnreadableCertificate("the PKCS#12 file holds no certificate");
  return { format: "PKCS#12", certificate: main, certificates, privateKeys: keys.length, keyMatches: key ? matching !== undefined : null, algorithms };
}

const isMacFailure = (error: unknown) => error instanceof Error && /MAC could not be verified/.test(error.message);

/**
 * forge's PKCS#12 decoding. A non-ASCII password needs care: the MAC and the PKCS#12 PBEs take it as
 * Unicode (what forge does with a JavaScript string), PBES2's PBKDF2 as its UTF-8 bytes (as OpenSSL
 * does), which forge takes only as a byte string. So, once the MAC has passed with the first, the
 * encrypted parts are decoded again with the second.
 */
function decodePkcs12(asn1: Asn1, password: string): forge.pkcs12.Pkcs12Pfx {
  try {
    return forge.pkcs12.pkcs12FromAsn1(asn1, true, password);
  } catch (error) {
    if (isMacFailure(error) || error instanceof UnreadableCertificate || !/[^ -~]/.test(password)) throw error;
    const withoutMac = { ...asn1, value: children(asn1).slice(0, 2) };
    return forge.pkcs12.pkcs12FromAsn1(withoutMac, true, forge.util.encodeUtf8(password));
  }
}

function privateKeyOf(bag: forge.pkcs12.Bag): KeyObject {
  if (bag.key === null && bag.asn1 === undefined) throw new UnreadableCertificate("the password is wrong (the private key does not decrypt with it)");
  const info = bag.key ? forge.pki.wrapRsaPrivateKey(forge.pki.privateKeyToAsn1(bag.key)) : bag.asn1;
  try {
    return createPrivateKey({ key: Buffer.from(forge.asn1.toDer(info).getBytes(), "binary"), format: "der", type: "pkcs8" });
  } catch {
    throw new UnreadableCertificate("a private key in the PKCS#12 file could not be read");
  }
}
