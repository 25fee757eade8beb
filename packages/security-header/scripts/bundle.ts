/**
 * `npm run bundle -w @areaoe/security-header`: the CLI as ONE file that runs with a plain `node` 20+
 * and no install (`node areaoe-security-header.mjs --help`), for people without this repository.
 * Writes dist-bundle/areaoe-security-header.mjs and, beside it, areaoe-security-header.json with
 * { file, bytes, sha256, builtAt }.
 *
 * `-- --pin <sha256>` (repeatable) prints key fingerprints into the bundle (src/cli-pinned-keys.ts):
 * that copy's --key-from trusts them without --fingerprint, for an organisation that hands its
 * developers a tool pinned to the keys it has checked. The portal's build pins none.
 */
import { createHash } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { build } from "esbuild";
import { normalizeFingerprint } from "../src/cli-key-from.js";

export const BUNDLE_FILE = "areaoe-security-header.mjs";
export const DEFAULT_OUT_DIR = fileURLToPath(new URL("../dist-bundle/", import.meta.url));
const ENTRY = fileURLToPath(new URL("../src/cli-main.ts", import.meta.url));

export interface BundleInfo {
  file: string;
  bytes: number;
  sha256: string;
  builtAt: string;
}

export async function bundleCli(outDir = DEFAULT_OUT_DIR, now = new Date(), pins: readonly string[] = []): Promise<BundleInfo> {
  const pinned = pins.map((pin) => {
    const fingerprint = normalizeFingerprint(pin);
    if (fingerprint === null) throw new Error(`--pin ${pin.slice(0, 80)}: not a SHA-256 fingerprint (64 hexadecimal characters)`);
    return fingerprint;
  });
  await mkdir(outDir, { recursive: true });
  const outfile = join(outDir, BUNDLE_FILE);
  await build({
    entryPoints: [ENTRY],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    minify: true,
    legalComments: "eof", // the licences of node-forge, saxes and @noble/ciphers travel with the file
    // node-forge is CommonJS and calls require("crypto"): give the ES module a require of its own.
    banner: {
      js: [
        "#!/usr/bin/env node",
        "// areaoe-security-header: the WS-Security header for the tax authority's web services. Run: node areaoe-security-header.mjs --help",
        'import { createRequire as __areaoeCreateRequire } from "node:module"; const require = __areaoeCreateRequire(import.meta.url);',
      ].join("\n"),
    },
    define: { __AREAOE_PINNED_KEY_FINGERPRINTS__: JSON.stringify(pinned) },
    logLevel: "warning",
  });
  const content = await readFile(outfile);
  const info: BundleInfo = {
    file: BUNDLE_FILE,
    bytes: content.length,
    sha256: createHash("sha256").update(content).digest("hex"),
    builtAt: now.toISOString(),
  };
  await writeFile(join(outDir, BUNDLE_FILE.replace(/\.mjs$/, ".json")), `${JSON.stringify(info, null, 2)}\n`);
  return info;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { values, positionals } = parseArgs({ options: { pin: { type: "string", multiple: true } }, allowPositionals: true });
  const outDir = positionals[0] ?? DEFAULT_OUT_DIR;
  const info = await bundleCli(outDir, new Date(), values.pin ?? []);
  console.log(`${join(outDir, info.file)}: ${(info.bytes / 1024).toFixed(1)} KB, sha256 ${info.sha256}${values.pin ? `, ${values.pin.length} key fingerprint(s) pinned` : ""}`);
}
