// The integrators' samples (packages/security-header/samples/, served under /areaOE/downloads/samples/),
// run with their real toolchains exactly as their pages say: against the published test vectors, and
// against this portal's sandbox, which must accept every envelope they print (HTTP 200). The test sits
// with the sandbox because a package may not import the server; it reads the samples as files.
import { execFile, execFileSync, spawnSync, type SpawnSyncReturns } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import https from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TLSSocket } from "node:tls";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadHeaderSandbox, type HeaderSandbox } from "./header-sandbox";
import { startSandboxApp } from "./sandbox-test-app";
import { loopbackTlsCertificate, sha256OfCertificate, startKeySetServer, type KeySetServer, type LoopbackTls } from "@areaoe/security-header/test-support/key-set-server";

const SAMPLES = path.resolve("packages/security-header/samples");
const VECTORS = path.resolve("packages/security-header/test-vectors/security-header-test-vectors.json");
const FORMS = ["digest", "encrypted-created"] as const;
const PASSWORD = "pässwörd-€-ção 2026";
const USERNAME = "555555555/1";
const CREATED = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

const work = mkdtempSync(path.join(tmpdir(), "areaoe-samples-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const has = (command: string, args: string[] = ["--version"]) => spawnSync(command, args, { stdio: "ignore" }).status === 0;

interface Sample {
  readonly language: string;
  readonly file: string;
  /** The Debian package that brings the toolchain (.ci/run installs it). */
  readonly debianPackage: string;
  readonly present: () => boolean;
  /** The call with the client certificate that the sample shows (PKCS#12, or its PEM conversion in Go). */
  readonly clientCertificate: RegExp;
  /** Compiles once, where the language's run command compiles first. */
  readonly build?: () => void;
  /** The command and its arguments, as the samples page gives them. */
  readonly command: (args: string[]) => [string, string[]];
  /**
   * The same program, built once, for the further runs: Java's one-file launch compiles the source on
   * every start (seconds on a loaded CI machine), so only the vectors and sandbox runs use it.
   */
  readonly builtCommand?: (args: string[]) => [string, string[]];
}

const JAVA_CLASSES = path.join(work, "java8");

const SAMPLES_BY_LANGUAGE: readonly Sample[] = [
  {
    language: "Java",
    file: "AreaoeHeader.java",
    debianPackage: "default-jdk-headless",
    clientCertificate: /KeyStore\.getInstance\("PKCS12"\)/,
    present: () => has("java", ["-version"]) && has("javac", ["-version"]),
    // Compiled for Java 8, as the page says it compiles.
    build: () => execFileSync("javac", ["--release", "8", "-d", JAVA_CLASSES, path.join(SAMPLES, "AreaoeHeader.java")], { stdio: "pipe" }),
    command: (args) => ["java", [path.join(SAMPLES, "AreaoeHeader.java"), ...args]],
    builtCommand: (args) => ["java", ["-cp", JAVA_CLASSES, "AreaoeHeader", ...args]],
  },
  {
    language: "C#",
    file: "AreaoeHeader.cs",
    debianPackage: "mono-mcs",
    clientCertificate: /ClientCertificates\.Add\(new X509Certificate2\(p12File, p12Password\)\)/,
    present: () => has("mcs") && has("mono"),
    build: () => execFileSync("mcs", [`-out:${path.join(work, "h.exe")}`, path.join(SAMPLES, "AreaoeHeader.cs")], { stdio: "pipe" }),
    command: (args) => ["mono", [path.join(work, "h.exe"), ...args]],
  },
  {
    language: "Python",
    file: "areaoe_header.py",
    debianPackage: "python3-cryptography",
    clientCertificate: /pkcs12\.load_key_and_certificates/,
    present: () => has("python3", ["-c", "import cryptography"]),
    command: (args) => ["python3", [path.join(SAMPLES, "areaoe_header.py"), ...args]],
  },
  {
    language: "PHP",
    file: "areaoe-header.php",
    debianPackage: "php-cli",
    clientCertificate: /CURLOPT_SSLCERTTYPE => 'P12'/,
    present: () => has("php", ["-r", "exit(extension_loaded('openssl') ? 0 : 1);"]),
    command: (args) => ["php", [path.join(SAMPLES, "areaoe-header.php"), ...args]],
  },
  {
    language: "Go",
    file: "areaoe_header.go",
    debianPackage: "golang-go",
    clientCertificate: /tls\.LoadX509KeyPair/,
    present: () => has("go", ["version"]),
    // No go.mod, as integrators build it: `go build -o h areaoe_header.go`.
    build: () =>
      execFileSync("go", ["build", "-o", path.join(work, "h"), "areaoe_header.go"], {
        cwd: SAMPLES,
        stdio: "pipe",
        // Go needs a build cache; a CI user without HOME gets one in the test's folder.
        env: process.env.GOCACHE || process.env.HOME || process.env.XDG_CACHE_HOME ? process.env : { ...process.env, GOCACHE: path.join(work, "go-cache") },
      }),
    command: (args) => [path.join(work, "h"), args],
  },
  {
    language: "Node.js",
    file: "areaoe-header.mjs",
    debianPackage: "nodejs",
    clientCertificate: /pfx: readFileSync\(p12File\)/,
    present: () => true,
    command: (args) => [process.execPath, [path.join(SAMPLES, "areaoe-header.mjs"), ...args]],
  },
];

// Each toolchain's build runs once, the first time a test needs it.
const built = new Set<Sample>();
function ensureBuilt(sample: Sample): void {
  if (built.has(sample)) return;
  sample.build?.();
  built.add(sample);
}

// What a run wrote to standard error, without the JVM's note that it read JAVA_TOOL_OPTIONS.
function stderrOf(result: SpawnSyncReturns<string>): string {
  return result.stderr.split("\n").filter((line) => !line.startsWith("Picked up ")).join("\n").trim();
}

function run(sample: Sample, args: string[], env: NodeJS.ProcessEnv = {}, { built = false } = {}): SpawnSyncReturns<string> {
  const [command, argv] = (built && sample.builtCommand ? sample.builtCommand : sample.command)(args);
  return spawnSync(command, argv, { encoding: "utf8", timeout: 60_000, env: { ...process.env, AREAOE_PASSWORD: PASSWORD, ...env } });
}

/** As run, without blocking this process: for runs that talk to a server the test itself serves. */
function runAsync(sample: Sample, args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const [command, argv] = (sample.builtCommand ?? sample.command)(args);
  return new Promise((resolve) => {
    const child = execFile(command, argv, { encoding: "utf8", timeout: 60_000, env: { ...process.env, AREAOE_PASSWORD: PASSWORD, ...env } }, (error, stdout, stderr) => {
      resolve({ status: error ? (typeof error.code === "number" ? error.code : null) : 0, stdout, stderr });
    });
    child.stdin?.end();
  });
}

function createdOf(envelope: string): string {
  return /<wss:Created>([^<]+)<\/wss:Created>/.exec(envelope)?.[1] ?? "";
}

// The sandbox's current key's certificate in PEM and DER for the samples; and a certificate that
// expires in 10 days.
const certificatePem = path.join(work, "sandbox.pem");
const certificateDer = path.join(work, "sandbox.der");
const soonExpiring = path.join(work, "expires-soon.pem");
let sandbox: HeaderSandbox;
let endpoint: string;
let closeServer: () => void = () => undefined;

beforeAll(async () => {
  execFileSync("openssl", [
    "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "10", "-subj", "/CN=expires soon",
    "-keyout", path.join(work, "soon-key.pem"), "-out", soonExpiring,
  ], { stdio: "ignore" });
  // Its own key set (2048-bit keys: quicker than the server's 4096-bit ones).
  sandbox = await loadHeaderSandbox(work, work, { bits: 2048 });
  writeFileSync(certificatePem, sandbox.certificatePem);
  writeFileSync(certificateDer, sandbox.certificateDer);
  const app = await startSandboxApp(sandbox);
  // Slow runs (a JVM start) leave fetch's kept-alive socket idle past Node's 5 s default: the server
  // closing it just as fetch reuses it is a reset that has nothing to do with the samples.
  app.server.keepAliveTimeout = 300_000;
  endpoint = `${app.origin}/sandbox/soap`;
  closeServer = () => void app.close();
}, 60_000);
afterAll(() => closeServer());

describe("no sample switches off the server's certificate or host-name checks", () => {
  // The patterns of trust-all code that public clients copy from one another.
  const TRUST_ALL = [
    /X509TrustManager/, /checkServerTrusted\s*\([^)]*\)\s*\{\s*\}/, /HostnameVerifier/, /ALLOW_ALL_HOSTNAME/i, /TrustAll/i,
    /ServerCertificate(Custom)?ValidationCallback\s*[+]?=/, /RemoteCertificateValidationCallback/, /DangerousAcceptAny/,
    /verify\s*=\s*False/, /CERT_NONE/, /check_hostname\s*=\s*False/, /_create_unverified_context/,
    /CURLOPT_SSL_VERIFYPEER\s*=>\s*(false|0)/i, /CURLOPT_SSL_VERIFYHOST\s*=>\s*(false|0|1)\b/i, /verify_peer(_name)?'?\s*=>\s*false/i,
    /InsecureSkipVerify\s*:\s*true/, /rejectUnauthorized\s*:\s*false/, /NODE_TLS_REJECT_UNAUTHORIZED/,
  ];
  for (const sample of SAMPLES_BY_LANGUAGE) {
    it(`${sample.file}: no trust-all pattern, a reuse licence, the password from AREAOE_PASSWORD, the client-certificate call`, () => {
      const text = readFileSync(path.join(SAMPLES, sample.file), "utf8");
      // The comments name what never to do; only code counts.
      const code = text.split("\n").filter((line) => !/^\s*(\/\/|#|\*)/.test(line)).join("\n");
      for (const pattern of TRUST_ALL) expect(code, `${sample.file} matches ${pattern}`).not.toMatch(pattern);
      expect(text).toMatch(/SPDX-License-Identifier: 0BSD/);
      expect(text).toContain("AREAOE_PASSWORD");
      expect(code).toMatch(sample.clientCertificate);
    });
  }
  it("a trust-all line is caught (the check can fail)", () => {
    expect(/InsecureSkipVerify\s*:\s*true/.test("tls.Config{InsecureSkipVerify: true}")).toBe(true);
    expect(/rejectUnauthorized\s*:\s*false/.test("{ rejectUnauthorized: false }")).toBe(true);
  });
});

if (!existsSync(VECTORS)) console.warn(`Skipping the samples' test-vector checks: ${path.relative(process.cwd(), VECTORS)} is missing`);

for (const sample of SAMPLES_BY_LANGUAGE) {
  const present = sample.present();
  if (!present) console.warn(`Skipping the ${sample.language} sample's tests: install the Debian package ${sample.debianPackage}`);

  describe.skipIf(!present)(`the ${sample.language} sample (${sample.file})`, () => {
    beforeAll(() => ensureBuilt(sample), 120_000);

    it.skipIf(!existsSync(VECTORS))("matches the test vectors (exit 0), and a corrupted vectors file makes it exit non-zero", () => {
      const good = run(sample, ["--vectors", VECTORS]);
      expect(stderrOf(good)).toBe("");
      expect(good.stdout).toMatch(/^all \d+ vectors match$/m);
      expect(good.status).toBe(0);

      const vectors = JSON.parse(readFileSync(VECTORS, "utf8")) as { vectors: { passwordCipher: string; digest: string | null; createdCipher: string | null }[] };
      for (const [field, corrupt] of [
        ["passwordCipher", (v: (typeof vectors.vectors)[number]) => { v.passwordCipher = flipFirst(v.passwordCipher); }],
        ["digest or createdCipher", (v: (typeof vectors.vectors)[number]) => {
          if (v.digest !== null) v.digest = flipFirst(v.digest);
          else if (v.createdCipher !== null) v.createdCipher = flipFirst(v.createdCipher);
        }],
      ] as const) {
        const copy = structuredClone(vectors);
        const last = copy.vectors.at(-1);
        if (!last) throw new Error("the vectors file has no vectors");
        corrupt(last);
        const file = path.join(work, `corrupt-${sample.file}.json`);
        writeFileSync(file, JSON.stringify(copy));
        const bad = run(sample, ["--vectors", file], {}, { built: true });
        expect(bad.status, `${field}: ${bad.stdout}${bad.stderr}`).not.toBe(0);
        expect(bad.stderr).toMatch(/FAIL/);
      }
    }, 120_000);

    for (const form of FORMS) {
      it(`prints an envelope in the ${form} form that the sandbox accepts (HTTP 200)`, async () => {
        // One form reads the certificate as PEM, the other as DER.
        const certificate = form === "digest" ? certificatePem : certificateDer;
        const made = run(sample, ["--username", USERNAME, "--certificate", certificate, "--form", form]);
        expect(stderrOf(made)).toBe("");
        expect(made.status).toBe(0);
        const envelope = made.stdout;
        expect(envelope).toMatch(/^<soapenv:Envelope xmlns:soapenv="http:\/\/schemas\.xmlsoap\.org\/soap\/envelope\/">/);
        expect(envelope.includes(" Digest=\"")).toBe(form === "digest");
        // The sandbox decrypts the very password we set, and finds nothing to say.
        expect(await sandbox.check(envelope, { password: PASSWORD })).toMatchObject({ ok: true, form, username: USERNAME, findings: [] });
        const answer = await fetch(endpoint, { method: "POST", headers: { "Content-Type": "text/xml; charset=utf-8" }, body: envelope });
        const text = await answer.text();
        expect(answer.status, text).toBe(200);
        expect(text).toContain(`<sandbox:Form>${form}</sandbox:Form>`);
      }, 60_000);
    }

    it("refuses a password on the command line and warns when the certificate expires within 30 days", () => {
      const soon = run(sample, ["--username", USERNAME, "--certificate", soonExpiring], {}, { built: true });
      expect(soon.status).toBe(0);
      expect(soon.stderr).toMatch(/^warning: the certificate expires on \d{4}-\d{2}-\d{2}T/m);
      const noPassword = run(sample, ["--username", USERNAME, "--certificate", certificatePem], { AREAOE_PASSWORD: "" }, { built: true });
      expect(noPassword.status).toBe(2);
      expect(noPassword.stderr).toContain("AREAOE_PASSWORD");
      expect(run(sample, ["--username", USERNAME, "--password", PASSWORD, "--certificate", certificatePem], {}, { built: true }).status).toBe(2);
    }, 60_000);
  });
}

// Created must not follow the machine's locale, culture, calendar or time zone. Each runtime reads its
// culture from a different place: Java from user.language/user.country (JAVA_TOOL_OPTIONS), Mono from
// LANG, Python from LC_ALL (only after setlocale, which the sample never calls).
const CULTURES: Record<string, { name: string; env: NodeJS.ProcessEnv }[]> = {
  Java: [
    { name: "Thai, Buddhist calendar and Thai digits", env: { JAVA_TOOL_OPTIONS: "-Duser.language=th -Duser.country=TH -Duser.variant=TH", TZ: "Asia/Bangkok" } },
    { name: "Arabic (Saudi Arabia)", env: { JAVA_TOOL_OPTIONS: "-Duser.language=ar -Duser.country=SA", TZ: "Asia/Riyadh" } },
  ],
  "C#": [
    { name: "ar-SA, Umm al-Qura calendar", env: { LANG: "ar_SA.UTF-8", LC_ALL: "ar_SA.UTF-8", TZ: "Asia/Riyadh" } },
    { name: "th-TH, Buddhist calendar", env: { LANG: "th_TH.UTF-8", LC_ALL: "th_TH.UTF-8", TZ: "Asia/Bangkok" } },
  ],
  Python: [{ name: "ar_SA.UTF-8", env: { LANG: "ar_SA.UTF-8", LC_ALL: "ar_SA.UTF-8", TZ: "Asia/Riyadh" } }],
};

// --key-from: the samples that pick the key by date from a published key set (the sandbox's
// GET /areaOE/sandbox/keys), served here over real HTTPS (a self-signed certificate each runtime is told
// to trust its usual way): the sandbox's own certificate is the current key, another real key the next
// one (overlapping it) and a third the retired one. Each uses a key only when given its fingerprint, and
// refuses plain http and a redirect to another origin.
const KEY_FROM_LANGUAGES = new Set(["Node.js", "Python", "Java"]);
const KEY_VALIDITY = {
  retired: { validFrom: "2025-01-01T00:00:00.000Z", validUntil: "2030-01-01T00:00:00.000Z" },
  current: { validFrom: "2026-01-01T00:00:00.000Z", validUntil: "2027-03-01T00:00:00.000Z" },
  next: { validFrom: "2027-01-15T00:00:00.000Z", validUntil: "2028-03-01T00:00:00.000Z" },
} as const;

describe("--key-from: the samples pick the sandbox key by date, check its fingerprint, and refuse what does not fit", () => {
  let keys: KeySetServer;
  let swapped: KeySetServer;
  let plain: KeySetServer;
  let tls: LoopbackTls;
  let nextFingerprint = "";
  // How each runtime is told to trust the loopback server's certificate (as with a company CA).
  const trustEnv = (language: string): NodeJS.ProcessEnv => {
    if (language === "Node.js") return { NODE_EXTRA_CA_CERTS: tls.certFile };
    if (language === "Python") return { SSL_CERT_FILE: tls.certFile };
    return { JAVA_TOOL_OPTIONS: `-Djavax.net.ssl.trustStore=${path.join(work, "key-set-trust.p12")} -Djavax.net.ssl.trustStorePassword=trust-password -Djavax.net.ssl.trustStoreType=PKCS12` };
  };
  beforeAll(async () => {
    tls = loopbackTlsCertificate(work);
    if (has("keytool", ["-help"])) {
      execFileSync("keytool", ["-importcert", "-noprompt", "-alias", "key-set", "-file", tls.certFile, "-keystore", path.join(work, "key-set-trust.p12"), "-storetype", "PKCS12", "-storepass", "trust-password"], { stdio: "ignore" });
    }
    const otherKey = (name: string) => {
      execFileSync("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "365", "-subj", `/CN=areaOE samples ${name} key`,
        "-keyout", path.join(work, `${name}-key.pem`), "-out", path.join(work, `${name}.pem`)], { stdio: "ignore" });
      return readFileSync(path.join(work, `${name}.pem`), "utf8");
    };
    const entries = [
      { id: "retired-key", status: "retired" as const, ...KEY_VALIDITY.retired, certificatePem: otherKey("retired") },
      { id: "sandbox-key", status: "current" as const, ...KEY_VALIDITY.current, certificatePem: sandbox.certificatePem },
      { id: "next-key", status: "next" as const, ...KEY_VALIDITY.next, certificatePem: otherKey("next") },
    ];
    nextFingerprint = sha256OfCertificate(entries[2]?.certificatePem ?? "");
    keys = await startKeySetServer(entries, tls);
    // The current key's certificate swapped for another on the way: its fingerprint no longer matches.
    swapped = await startKeySetServer(entries.map((entry) => (entry.status === "current" ? { ...entry, certificatePem: soonExpiringPem(), fingerprintSha256: sha256OfCertificate(sandbox.certificatePem) } : entry)), tls);
    plain = await startKeySetServer(entries, null);
  }, 60_000);
  afterAll(async () => {
    await keys?.close();
    await swapped?.close();
    await plain?.close();
  });
  const soonExpiringPem = () => readFileSync(soonExpiring, "utf8");

  for (const sample of SAMPLES_BY_LANGUAGE.filter((candidate) => KEY_FROM_LANGUAGES.has(candidate.language))) {
    it.skipIf(!sample.present())(`${sample.language}: the current key (the sandbox accepts the header), the next one during the overlap, and refusals (exit 2)`, async () => {
      ensureBuilt(sample);
      const env = trustEnv(sample.language);
      const current = sha256OfCertificate(sandbox.certificatePem);
      const args = (date: string, url = keys.url, fingerprints = [current, nextFingerprint]) => ["--username", USERNAME, "--key-from", url, "--key-date", date, ...fingerprints.flatMap((fingerprint) => ["--fingerprint", fingerprint])];
      const made = await runAsync(sample, args("2026-06-01"), env);
      expect(made.status, made.stderr).toBe(0);
      expect(made.stderr.split("\n").filter((line) => line && !line.startsWith("Picked up ")).join("\n")).toBe('notice: --key-from: key "sandbox-key" (current, valid 2026-01-01T00:00:00.000Z to 2027-03-01T00:00:00.000Z), fingerprint checked');
      const answer = await fetch(endpoint, { method: "POST", headers: { "Content-Type": "text/xml; charset=utf-8" }, body: made.stdout });
      expect(answer.status, await answer.text()).toBe(200);

      // During the overlap the next key is taken: a header the sandbox's current key cannot open.
      const next = await runAsync(sample, args("2027-02-01T12:00:00Z"), env);
      expect(next.status, next.stderr).toBe(0);
      expect(next.stderr).toContain('key "next-key" (next,');
      expect((await sandbox.check(next.stdout, { password: PASSWORD })).findings.map((finding) => finding.code)).toContain("NONCE_UNDECRYPTABLE");

      for (const [runArgs, message] of [
        [args("2025-06-01"), "no key of the key set is valid on 2025-06-01T00:00:00.000Z"],
        // The key set's own fingerprint is not trusted: the user gives it.
        [args("2026-06-01", keys.url, [nextFingerprint]), `has the SHA-256 fingerprint ${current}, which you have not said you trust`],
        [args("2026-06-01", swapped.url), 'the certificate of key "sandbox-key" has the SHA-256 fingerprint'],
        [args("2026-06-01", plain.url), "--key-from needs an https URL"],
        [args("2026-06-01", `${keys.origin}/redirect-away`), "redirects to another origin"],
        [args("2026-06-01", `${keys.origin}/malformed`), "the key set is not JSON"],
        [args("2026-06-01", `${keys.origin}/huge`), "the key set is larger than 64 KB"],
        [args("2026-06-01", `${keys.origin}/wrong-shape`), "key #1 of the key set"],
      ] as const) {
        const refused = await runAsync(sample, [...runArgs], env);
        expect([message, refused.status]).toEqual([message, 2]);
        expect(refused.stderr).toContain(message);
        expect(refused.stdout).toBe("");
      }
    }, 120_000);
  }
});

// The Node.js sample's --vectors needs RSA PKCS#1 v1.5 decryption, which Node.js 20 refuses: a clear
// message naming the version to use, never a raw TypeError suggesting --security-revert.
const NODE_20 = ["/usr/bin/node", "/usr/bin/nodejs"].find((candidate) => spawnSync(candidate, ["--version"], { encoding: "utf8" }).stdout?.startsWith("v20."));
if (!NODE_20) console.warn("Skipping the Node.js 20 --vectors check: no Node.js 20 at /usr/bin/node (Debian 12's nodejs)");
describe.skipIf(!NODE_20 || !existsSync(VECTORS))("the Node.js sample's --vectors on Node.js 20", () => {
  it("says what is missing and which version to use (exit 2), and still makes a header the sandbox accepts", async () => {
    const vectors = spawnSync(NODE_20 ?? "node", [path.join(SAMPLES, "areaoe-header.mjs"), "--vectors", VECTORS], { encoding: "utf8", timeout: 60_000 });
    expect(vectors.status).toBe(2);
    expect(vectors.stderr).toMatch(/^error: --vectors needs RSA PKCS#1 v1\.5 decryption, which Node\.js 20\.\d+\.\d+ refuses \(CVE-2023-46809\)\. Run --vectors with Node\.js 24/);
    expect(vectors.stderr).not.toMatch(/TypeError|security-revert/);
    const made = spawnSync(NODE_20 ?? "node", [path.join(SAMPLES, "areaoe-header.mjs"), "--username", USERNAME, "--certificate", certificatePem], {
      encoding: "utf8",
      timeout: 60_000,
      env: { ...process.env, AREAOE_PASSWORD: PASSWORD },
    });
    expect(made.status, made.stderr).toBe(0);
    expect((await sandbox.check(made.stdout, { password: PASSWORD })).ok).toBe(true);
  }, 60_000);
});

describe("Created is UTC yyyy-MM-ddTHH:mm:ss.SSSZ whatever the locale", () => {
  for (const sample of SAMPLES_BY_LANGUAGE.filter((candidate) => candidate.language in CULTURES)) {
    for (const culture of CULTURES[sample.language] ?? []) {
      it.skipIf(!sample.present())(`${sample.language} under ${culture.name}`, async () => {
        ensureBuilt(sample);
        const before = Date.now();
        const made = run(sample, ["--username", USERNAME, "--certificate", certificatePem], culture.env, { built: true });
        expect(made.status, made.stderr).toBe(0);
        const created = createdOf(made.stdout);
        expect(created).toMatch(CREATED);
        // The Gregorian year and UTC: within the seconds the run took.
        expect(Date.parse(created)).toBeGreaterThanOrEqual(before - 1_000);
        expect(Date.parse(created)).toBeLessThanOrEqual(Date.now() + 1_000);
        expect((await sandbox.check(made.stdout, { password: PASSWORD })).ok).toBe(true);
      }, 60_000);
    }
  }
});

describe.skipIf(!has("javac", ["-version"]))("the Java sample on Java 8", () => {
  it("compiles with javac --release 8 (class file version 52)", () => {
    const java = SAMPLES_BY_LANGUAGE.find((sample) => sample.language === "Java");
    if (!java) throw new Error("no Java sample");
    ensureBuilt(java);
    const classFile = readFileSync(path.join(JAVA_CLASSES, "AreaoeHeader.class"));
    expect(classFile.readUInt32BE(0)).toBe(0xcafebabe);
    expect(classFile.readUInt16BE(6)).toBe(52);
  }, 60_000);
});

function flipFirst(base64: string): string {
  return (base64[0] === "A" ? "B" : "A") + base64.slice(1);
}

// Each sample's sending function, called as an integrator would: against a local HTTPS server that
// demands a client certificate, trusting only a test CA given the runtime's usual way. It must present the
// PKCS#12 certificate, and refuse the same server under a host name its certificate does not name.
describe("the samples' sending functions: client certificate, server certificate and host name checked", () => {
  const tls = path.join(work, "tls");
  let port = 0;
  let stopTls: () => void = () => undefined;
  const sh = (args: string[]) => execFileSync("openssl", args, { cwd: tls, stdio: "ignore" });

  beforeAll(async () => {
    mkdirSync(tls, { recursive: true });
    sh(["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "30", "-subj", "/CN=samples test CA", "-keyout", "ca.key", "-out", "ca.pem"]);
    writeFileSync(path.join(tls, "san.cnf"), "subjectAltName=DNS:localhost\n");
    for (const [name, subject, extension] of [["server", "/CN=localhost", ["-extfile", "san.cnf"]], ["client", "/CN=client 555555555", []]] as const) {
      sh(["req", "-newkey", "rsa:2048", "-nodes", "-subj", subject, "-keyout", `${name}.key`, "-out", `${name}.csr`]);
      sh(["x509", "-req", "-in", `${name}.csr`, "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial", "-days", "30", ...extension, "-out", `${name}.pem`]);
    }
    sh(["pkcs12", "-export", "-in", "client.pem", "-inkey", "client.key", "-passout", "pass:p12-password", "-out", "client.p12"]);
    // Go reads no PKCS#12: the conversion its comment gives.
    sh(["pkcs12", "-in", "client.p12", "-passin", "pass:p12-password", "-clcerts", "-nokeys", "-out", "client.crt"]);
    sh(["pkcs12", "-in", "client.p12", "-passin", "pass:p12-password", "-nocerts", "-nodes", "-out", "client-key.pem"]);
    const server = https.createServer(
      { key: readFileSync(path.join(tls, "server.key")), cert: readFileSync(path.join(tls, "server.pem")), ca: readFileSync(path.join(tls, "ca.pem")), requestCert: true, rejectUnauthorized: true },
      (req, res) => {
        req.resume();
        req.on("end", () => res.end(`accepted ${(req.socket as TLSSocket).getPeerCertificate().subject.CN}`));
      },
    );
    server.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    port = (server.address() as AddressInfo).port;
    stopTls = () => server.close();
  }, 60_000);
  afterAll(() => stopTls());

  const urls = () => ({ good: `https://localhost:${port}/soap`, wrongName: `https://127.0.0.1:${port}/soap` });
  const byLanguage = (language: string) => SAMPLES_BY_LANGUAGE.find((sample) => sample.language === language);

  // The HTTPS server runs in this process: the client must run without blocking it (no spawnSync).
  function runClient(command: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ stdout: string; stderr: string }> {
    return new Promise((resolve) => {
      execFile(command, args, { cwd: tls, encoding: "utf8", timeout: 60_000, env: { ...process.env, ...env } }, (_error, stdout, stderr) => resolve({ stdout, stderr }));
    });
  }

  function expectSentAndRefused(result: { stdout: string; stderr: string }) {
    const [good = "", wrongName = ""] = result.stdout.trim().split("\n");
    expect(good, result.stderr).toBe("good: accepted client 555555555");
    expect(wrongName).toMatch(/^wrongName: refused/);
  }

  it.skipIf(!byLanguage("Python")?.present())("Python: ssl's default context (the CA from SSL_CERT_FILE)", async () => {
    const driver = [
      "import sys",
      `sys.path.insert(0, ${JSON.stringify(SAMPLES)})`,
      "import areaoe_header",
      "for name, url in [('good', sys.argv[1]), ('wrongName', sys.argv[2])]:",
      "    try: print(name + ': ' + areaoe_header.send(url, '<x/>', 'client.p12', 'p12-password').decode())",
      "    except Exception as error: print(name + ': refused ' + type(error).__name__)",
    ].join("\n");
    const { good, wrongName } = urls();
    expectSentAndRefused(await runClient("python3", ["-c", driver, good, wrongName], { SSL_CERT_FILE: path.join(tls, "ca.pem") }));
  }, 60_000);

  it("Node.js: node:https's defaults (the CA from NODE_EXTRA_CA_CERTS)", async () => {
    // The function without the command line at the end of the file.
    const text = readFileSync(path.join(SAMPLES, "areaoe-header.mjs"), "utf8");
    writeFileSync(path.join(tls, "sample.mjs"), text.slice(0, text.indexOf("const args = parseArgs")));
    writeFileSync(path.join(tls, "driver.mjs"), [
      'import { send } from "./sample.mjs";',
      'for (const [name, url] of [["good", process.argv[2]], ["wrongName", process.argv[3]]]) {',
      '  try { console.log(`${name}: ${(await send(url, "<x/>", "client.p12", "p12-password")).body}`); }',
      '  catch (error) { console.log(`${name}: refused ${error.code}`); }',
      "}",
    ].join("\n"));
    const { good, wrongName } = urls();
    expectSentAndRefused(await runClient(process.execPath, ["driver.mjs", good, wrongName], { NODE_EXTRA_CA_CERTS: path.join(tls, "ca.pem") }));
  }, 60_000);

  it.skipIf(!byLanguage("Java")?.present())("Java: the JVM's default trust (the CA from javax.net.ssl.trustStore) and host-name check", async () => {
    const classes = path.join(tls, "java");
    execFileSync("keytool", ["-importcert", "-noprompt", "-alias", "ca", "-file", "ca.pem", "-keystore", "trust.p12", "-storetype", "PKCS12", "-storepass", "trust-password"], { cwd: tls, stdio: "ignore" });
    writeFileSync(path.join(tls, "SendDriver.java"), [
      "public class SendDriver { public static void main(String[] urls) throws Exception {",
      '  String[] names = {"good", "wrongName"};',
      "  for (int i = 0; i < 2; i++) {",
      '    try { System.out.println(names[i] + ": " + new String(AreaoeHeader.send(urls[i], "<x/>", "client.p12", "p12-password".toCharArray()), "UTF-8")); }',
      '    catch (Exception error) { System.out.println(names[i] + ": refused " + error.getClass().getSimpleName()); }',
      "  } } }",
    ].join("\n"));
    const java = byLanguage("Java");
    if (java) ensureBuilt(java);
    execFileSync("javac", ["-cp", JAVA_CLASSES, "-d", classes, "SendDriver.java"], { cwd: tls, stdio: "pipe" });
    const { good, wrongName } = urls();
    expectSentAndRefused(await runClient("java", ["-Djavax.net.ssl.trustStore=trust.p12", "-Djavax.net.ssl.trustStorePassword=trust-password", "-cp", `${classes}${path.delimiter}${JAVA_CLASSES}`, "SendDriver", good, wrongName]));
  }, 120_000);

  it.skipIf(!byLanguage("Go")?.present())("Go: crypto/tls's defaults (the CA from SSL_CERT_FILE), with the certificate converted as its comment says", async () => {
    const dir = path.join(tls, "go");
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, "areaoe_header.go"), readFileSync(path.join(SAMPLES, "areaoe_header.go")));
    writeFileSync(path.join(dir, "driver.go"), [
      "package main",
      'import ("fmt"; "os")',
      "// Runs before the sample's main when the test asks for it.",
      "func init() {",
      '\tif os.Getenv("SEND_DRIVER") == "" { return }',
      '\tfor i, name := range []string{"good", "wrongName"} {',
      '\t\tif body, err := send(os.Args[i+1], "<x/>", "client.crt", "client-key.pem"); err != nil { fmt.Println(name + ": refused") } else { fmt.Println(name + ": " + string(body)) }',
      "\t}",
      "\tos.Exit(0)",
      "}",
    ].join("\n"));
    const binary = path.join(dir, "driver");
    const goEnv = process.env.GOCACHE || process.env.HOME || process.env.XDG_CACHE_HOME ? process.env : { ...process.env, GOCACHE: path.join(work, "go-cache") };
    execFileSync("go", ["build", "-o", binary, "areaoe_header.go", "driver.go"], { cwd: dir, stdio: "pipe", env: goEnv });
    const { good, wrongName } = urls();
    expectSentAndRefused(await runClient(binary, [good, wrongName], { SEND_DRIVER: "1", SSL_CERT_FILE: path.join(tls, "ca.pem") }));
  }, 120_000);
});
