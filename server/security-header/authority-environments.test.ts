import { execFileSync } from "node:child_process";
import { createPublicKey } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "../config/load-config";
import { loadAuthorityEnvironments } from "./authority-environments";

// Certificates made by openssl (an implementation independent of the library), 2048 bits to stay fast.
let dir: string;
const openssl = (...args: string[]) => execFileSync("openssl", args, { stdio: ["ignore", "pipe", "pipe"] });

function makeCertificate(name: string, days: number): string {
  const key = path.join(dir, `${name}-key.pem`);
  const certificate = path.join(dir, `${name}.pem`);
  openssl("genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048", "-out", key);
  openssl("req", "-x509", "-new", "-key", key, "-out", certificate, "-days", String(days), "-subj", `/C=PT/O=areaOE tests/CN=${name}`);
  return certificate;
}

const withEnvironments = (environments: Record<string, { certificate: string }>) =>
  ({ securityHeader: { environments } }) as Parameters<typeof loadAuthorityEnvironments>[0];

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "areaoe-authority-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("authority certificates from the startup configuration", () => {
  it("loads a good certificate file (relative to cwd) with its summary, and no local test key", async () => {
    const file = makeCertificate("Good authority", 365);
    const log: string[] = [];
    const environments = await loadAuthorityEnvironments(withEnvironments({ production: { certificate: path.basename(file) } }), {
      cwd: dir,
      log: (line) => log.push(line),
    });
    const [production, ...others] = environments.describe();
    expect(others).toEqual([]);
    expect(production).toMatchObject({ id: "production", localTest: false, keySizeBits: 2048, warnings: [] });
    // The browser gets the public key as a JWK, the same key as openssl's certificate holds.
    expect(production?.publicKey).toEqual(createPublicKey(readFileSync(file, "utf8")).export({ format: "jwk" }));
    expect(JSON.stringify(production)).not.toContain("BEGIN");
    expect(production?.certificate?.subject).toContain("CN=Good authority");
    expect(production?.certificate?.sha256Fingerprint).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    expect(environments.localTestKeyInUse).toBe(false);
    expect(log).toEqual([]);
  });

  it("accepts inline PEM text and warns when the certificate expires within 30 days", async () => {
    const pem = readFileSync(makeCertificate("Expiring authority", 10), "utf8");
    const [test] = (await loadAuthorityEnvironments(withEnvironments({ test: { certificate: pem } }), { cwd: dir })).describe();
    expect(test).toMatchObject({ id: "test", warnings: ["CERT_EXPIRING_SOON"] });
    const later = new Date(Date.now() + 11 * 86_400_000);
    expect((await loadAuthorityEnvironments(withEnvironments({ test: { certificate: pem } }), { cwd: dir })).describe(later)[0]?.warnings).toEqual([
      "CERT_EXPIRED",
    ]);
  });

  it("reads a DER certificate and gives the browser its public key as a JWK", async () => {
    const pem = makeCertificate("Der authority", 365);
    const der = path.join(dir, "authority.der");
    openssl("x509", "-in", pem, "-outform", "DER", "-out", der);
    const [test] = (await loadAuthorityEnvironments(withEnvironments({ test: { certificate: der } }), { cwd: dir })).describe();
    expect(test?.publicKey).toEqual(createPublicKey(readFileSync(pem, "utf8")).export({ format: "jwk" }));
    expect(test?.certificate?.subject).toContain("CN=Der authority");
  });

  it("stops with a message naming the field for a bad or missing file", async () => {
    const bad = path.join(dir, "not-a-certificate.pem");
    writeFileSync(bad, "hello");
    await expect(loadAuthorityEnvironments(withEnvironments({ test: { certificate: bad } }), { cwd: dir })).rejects.toThrow(ConfigError);
    await expect(loadAuthorityEnvironments(withEnvironments({ test: { certificate: bad } }), { cwd: dir })).rejects.toThrow(
      /securityHeader\.environments\.test\.certificate: .*UNREADABLE_KEY/,
    );
    await expect(
      loadAuthorityEnvironments(withEnvironments({ production: { certificate: "missing.pem" } }), { cwd: dir }),
    ).rejects.toThrow(/securityHeader\.environments\.production\.certificate: .*KEY_FILE_NOT_FOUND/);
    await expect(
      loadAuthorityEnvironments(withEnvironments({ production: { certificate: path.join(dir, "Good authority-key.pem") } }), { cwd: dir }),
    ).rejects.toThrow(/production\.certificate: .*PRIVATE_KEY_GIVEN/);
  });

  it("without configuration, creates and uses the local test key pair as 'test', and says it is local-only", async () => {
    const keyDir = path.join(dir, "local-test-authority");
    const log: string[] = [];
    const environments = await loadAuthorityEnvironments(parseConfig({ links: minimalLinks() }), {
      cwd: dir,
      localTestKeyDir: keyDir,
      log: (line) => log.push(line),
    });
    expect(existsSync(path.join(keyDir, "private-key.pem"))).toBe(true);
    const [test, ...others] = environments.describe();
    expect(others).toEqual([]);
    expect(test).toMatchObject({ id: "test", localTest: true, keySizeBits: 4096, warnings: ["LOCAL_TEST_KEY"] });
    expect(environments.localTestKeyInUse).toBe(true);
    expect(log.join("\n")).toMatch(/for local testing only: the authority will not accept them/);
  }, 60_000);
});

describe("securityHeader in the configuration schema", () => {
  it("defaults to no environments and refuses unknown environments and empty values", () => {
    expect(parseConfig({ links: minimalLinks() }).securityHeader).toEqual({ environments: {} });
    expect(() => parseConfig({ links: minimalLinks(), securityHeader: { environments: { staging: { certificate: "x" } } } })).toThrow(
      /securityHeader\.environments/,
    );
    expect(() => parseConfig({ links: minimalLinks(), securityHeader: { environments: { test: { certificate: " " } } } })).toThrow(
      /securityHeader\.environments\.test\.certificate/,
    );
  });
});

function minimalLinks() {
  const url = "https://example.org/";
  return {
    tariff: url,
    gue: url,
    eori: url,
    contactUs: url,
    customsInformation: url,
    forms: url,
    customsLinks: url,
    financePortal: url,
    vehicleTaxSimulator: url,
  };
}
