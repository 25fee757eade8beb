import { execFileSync, execSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import express from "express";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { apiPath, BASE_PATH, type AuthorityCertificatesDocument } from "../../app/server-surface";
import { loadAuthorityEnvironments, type AuthorityEnvironments } from "../security-header/authority-environments";
import { authorityCertificatesRouter } from "./authority-certificates";

// The authority's public 2027 certificate lives beside the checkout (../shared), never in it.
const FIXTURE = process.env.AREAOE_AUTHORITY_CERT_FIXTURE ?? fileURLToPath(new URL("../../../shared/fixtures/authority-encryption-cert-2027.pem", import.meta.url));
const FIXTURE_PRESENT = existsSync(FIXTURE);
if (!FIXTURE_PRESENT) console.warn(`Skipping the API test on the authority's certificate: ${FIXTURE} is missing`);

const openssl = (...args: string[]) => execFileSync("openssl", args, { stdio: ["ignore", "pipe", "pipe"] }).toString("utf8");

/** What openssl says of a certificate file: the independent answer the API must match. */
function opensslFacts(file: string) {
  const fingerprint = openssl("x509", "-in", file, "-noout", "-fingerprint", "-sha256").trim().split("=")[1];
  // The public key alone, as DER, hashed by sha256sum: three programs that are not ours.
  const spkiHex = execSync(`openssl x509 -in '${file}' -noout -pubkey | openssl pkey -pubin -outform DER | sha256sum`, { encoding: "utf8" }).split(" ")[0] ?? "";
  const serial = openssl("x509", "-in", file, "-noout", "-serial").trim().split("=")[1];
  const notAfter = new Date(openssl("x509", "-in", file, "-noout", "-enddate").trim().split("=")[1] ?? "").toISOString();
  const notBefore = new Date(openssl("x509", "-in", file, "-noout", "-startdate").trim().split("=")[1] ?? "").toISOString();
  return { fingerprint, spki: (spkiHex.toUpperCase().match(/../g) ?? []).join(":"), serial, notAfter, notBefore };
}

let dir: string;
let server: Server | undefined;

async function serve(environments: AuthorityEnvironments | undefined, now?: () => Date): Promise<string> {
  const app = express();
  app.use(BASE_PATH, authorityCertificatesRouter(environments, now));
  server = createServer(app);
  await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}${apiPath("authority-certificates")}`;
}

async function get(url: string): Promise<{ response: Response; body: AuthorityCertificatesDocument }> {
  const response = await fetch(url);
  return { response, body: (await response.json()) as AuthorityCertificatesDocument };
}

const withEnvironments = (environments: Record<string, { certificate: string }>) =>
  ({ securityHeader: { environments } }) as Parameters<typeof loadAuthorityEnvironments>[0];

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "areaoe-authority-api-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

describe("GET /areaOE/api/authority-certificates", () => {
  it("answers each configured certificate with openssl's fingerprints, dates and serial, as cacheable JSON", async () => {
    const key = path.join(dir, "authority-key.pem");
    const certificate = path.join(dir, "authority.pem");
    openssl("genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048", "-out", key);
    openssl("req", "-x509", "-new", "-key", key, "-out", certificate, "-days", "100", "-subj", "/C=PT/O=areaOE tests/CN=Production authority");
    const environments = await loadAuthorityEnvironments(withEnvironments({ production: { certificate } }));
    const now = new Date();
    const { response, body } = await get(await serve(environments, () => now));

    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json; charset=utf-8$/);
    expect(response.headers.get("cache-control")).toBe("public, max-age=300");
    const facts = opensslFacts(certificate);
    expect(body).toEqual({
      version: 1,
      generatedAt: now.toISOString(),
      certificates: [
        {
          environment: "production",
          localTest: false,
          keySizeBits: 2048,
          subject: "C=PT, O=areaOE tests, CN=Production authority",
          issuer: "C=PT, O=areaOE tests, CN=Production authority",
          serialNumber: facts.serial,
          notBefore: facts.notBefore,
          notAfter: facts.notAfter,
          // 100 days from the certificate's start, asked a moment later: 99 whole days.
          daysLeft: 99,
          sha256Fingerprint: facts.fingerprint,
          spkiSha256Fingerprint: facts.spki,
          downloads: { pem: apiPath("authority-certificates/production.pem"), der: apiPath("authority-certificates/production.cer") },
        },
      ],
    });
  });

  it("offers each configured certificate as PEM and DER files (attachments, their media types), the bytes openssl reads; 404 for any other name", async () => {
    const certificate = path.join(dir, "download.pem");
    // A bundle with the private key first: the download is the certificate alone.
    const bundle = path.join(dir, "bundle.pem");
    openssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", path.join(dir, "download-key.pem"), "-out", certificate, "-days", "30", "-subj", "/CN=Download");
    writeFileSync(bundle, readFileSync(path.join(dir, "download-key.pem"), "utf8") + readFileSync(certificate, "utf8"));
    const environments = await loadAuthorityEnvironments(withEnvironments({ test: { certificate: bundle } }));
    const base = await serve(environments);
    const facts = opensslFacts(certificate);

    const pem = await fetch(`${base}/test.pem`);
    expect(pem.status).toBe(200);
    expect(pem.headers.get("content-type")).toBe("application/x-pem-file; charset=utf-8");
    expect(pem.headers.get("content-disposition")).toBe('attachment; filename="authority-test-certificate.pem"');
    const pemFile = path.join(dir, "downloaded.pem");
    writeFileSync(pemFile, await pem.text());
    expect(readFileSync(pemFile, "utf8")).not.toContain("PRIVATE KEY");
    expect(opensslFacts(pemFile).fingerprint).toBe(facts.fingerprint);

    const der = await fetch(`${base}/test.cer`);
    expect(der.status).toBe(200);
    expect(der.headers.get("content-type")).toBe("application/pkix-cert");
    expect(der.headers.get("content-disposition")).toBe('attachment; filename="authority-test-certificate.cer"');
    const derFile = path.join(dir, "downloaded.cer");
    writeFileSync(derFile, Buffer.from(await der.arrayBuffer()));
    expect(openssl("x509", "-inform", "DER", "-in", derFile, "-noout", "-fingerprint", "-sha256").trim().split("=")[1]).toBe(facts.fingerprint);

    for (const name of ["production.pem", "production.cer", "test.der", "test.PEM", "staging.pem", "..%2Ftest.pem"]) {
      const answer = await fetch(`${base}/${name}`);
      expect([name, answer.status]).toEqual([name, 404]);
      await answer.body?.cancel();
    }
  });

  it("offers no download for a bare public key (nothing but the key to give)", async () => {
    const key = path.join(dir, "bare-key.pem");
    const publicKey = path.join(dir, "bare-public.pem");
    openssl("genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048", "-out", key);
    openssl("pkey", "-in", key, "-pubout", "-out", publicKey);
    const environments = await loadAuthorityEnvironments(withEnvironments({ production: { certificate: publicKey } }));
    const base = await serve(environments);
    expect((await get(base)).body.certificates[0]?.downloads).toBeUndefined();
    expect((await fetch(`${base}/production.pem`)).status).toBe(404);
  });

  it("counts days left from the time asked, negative once expired", async () => {
    const certificate = path.join(dir, "short.pem");
    openssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", path.join(dir, "short-key.pem"), "-out", certificate, "-days", "10", "-subj", "/CN=Short");
    const environments = await loadAuthorityEnvironments(withEnvironments({ test: { certificate } }));
    const notAfter = Date.parse(opensslFacts(certificate).notAfter);
    const at = (ms: number) => environments.certificates(new Date(notAfter + ms))[0]?.daysLeft;
    expect(at(-86_400_000 * 3 - 1)).toBe(3);
    expect(at(-1)).toBe(0);
    expect(at(1)).toBe(-1);
    expect(at(86_400_000 * 2 + 1)).toBe(-3);
  });

  it.skipIf(!FIXTURE_PRESENT)(`shows the authority's 2027 certificate as openssl reads it (${FIXTURE})`, async () => {
    const environments = await loadAuthorityEnvironments(withEnvironments({ production: { certificate: FIXTURE } }));
    const { body } = await get(await serve(environments, () => new Date("2026-11-26T00:00:00.000Z")));
    const facts = opensslFacts(FIXTURE);
    expect(body.certificates).toEqual([
      {
        environment: "production",
        localTest: false,
        keySizeBits: 4096,
        subject: "C=PT, ST=Lisboa, L=Lisboa, O=Autoridade Tributaria e Aduaneira, OU=Sistemas de Informacao, CN=Chave Cifra Publica AT",
        issuer: "DC=local, DC=ritta, CN=AT Issuing CA2",
        serialNumber: facts.serial,
        notBefore: "2025-04-15T07:38:58.000Z",
        notAfter: "2027-04-15T07:48:58.000Z",
        daysLeft: 140,
        sha256Fingerprint: facts.fingerprint,
        spkiSha256Fingerprint: facts.spki,
        downloads: { pem: apiPath("authority-certificates/production.pem"), der: apiPath("authority-certificates/production.cer") },
      },
    ]);
  });

  it("without configuration shows the local test key, marked as such (a fresh clone)", async () => {
    const environments = await loadAuthorityEnvironments(
      { securityHeader: { environments: {} } } as Parameters<typeof loadAuthorityEnvironments>[0],
      { cwd: dir, localTestKeyDir: path.join(dir, "local-test") },
    );
    const { body } = await get(await serve(environments));
    expect(body.certificates).toHaveLength(1);
    expect(body.certificates[0]).toMatchObject({ environment: "test", localTest: true, keySizeBits: 4096 });
    expect(body.certificates[0]?.spkiSha256Fingerprint).toBe(opensslFacts(path.join(dir, "local-test", "certificate.pem")).spki);
  }, 60_000);

  it("answers an empty list when no environments were loaded, and nothing but GET/HEAD", async () => {
    const url = await serve(undefined);
    expect((await get(url)).body.certificates).toEqual([]);
    expect((await fetch(url, { method: "HEAD" })).status).toBe(200);
    expect((await fetch(url, { method: "POST" })).status).toBe(404);
  });
});
