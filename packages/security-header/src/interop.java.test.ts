// An independent check written to the authority's own sample: a Java program (JDK classes only)
// decrypts headers from both implementations, in both forms, and checks the Digest.
import { spawnSync } from "node:child_process";
import { copyFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import type { HeaderForm } from "./index.js";
import { parseAuthorityKey } from "./node.js";
import { IMPLEMENTATIONS } from "./test-support/implementations.js";
import { makeTempDir, openssl, opensslKeyPair } from "./test-support/openssl.js";

const JAVA = process.env.JAVA_HOME ? join(process.env.JAVA_HOME, "bin", "java") : "java";
const javaPresent = spawnSync(JAVA, ["-version"], { stdio: "ignore" }).status === 0;
if (!javaPresent) console.warn(`Skipping the Java interoperability test: no JDK (${JAVA}) found`);
const SAMPLE = fileURLToPath(new URL("./test-support/AuthoritySample.java", import.meta.url));
const temp = makeTempDir("security-header-java-");
afterAll(() => temp.cleanup());

describe.skipIf(!javaPresent)("the authority's Java sample (Cipher RSA, AES/ECB/PKCS5Padding, SHA-1)", () => {
  it("decrypts every field and accepts the Digest of headers from both implementations", { timeout: 120_000 }, async () => {
    const pair = opensslKeyPair(temp.dir, 4096);
    const keyDer = join(temp.dir, "key.der");
    openssl(["pkcs8", "-topk8", "-nocrypt", "-in", pair.privateKeyPath, "-outform", "DER", "-out", keyDer]);
    copyFileSync(SAMPLE, join(temp.dir, "AuthoritySample.java"));
    const publicKey = parseAuthorityKey(pair.certificatePem);
    const password = "pässwörd-€-ção";
    const expected: string[] = [];
    const files: string[] = [];
    for (const [, generate] of IMPLEMENTATIONS) {
      for (const form of ["digest", "encrypted-created"] as HeaderForm[]) {
        const header = await generate({ username: "555555555/1", password, publicKey, form });
        const file = join(temp.dir, `${files.length}.xml`);
        writeFileSync(file, header.xml);
        files.push(file);
        const digestOk = form === "digest" ? "true" : "-";
        expected.push(`${form}|555555555/1|${Buffer.from(password).toString("base64")}|${header.createdAt}|16|${digestOk}`);
      }
    }
    const run = spawnSync(JAVA, ["AuthoritySample.java", keyDer, ...files], { cwd: temp.dir, encoding: "utf8", timeout: 110_000 });
    expect(run.stderr).toBe("");
    expect(run.stdout.trim().split("\n")).toEqual(expected);
  });
});
