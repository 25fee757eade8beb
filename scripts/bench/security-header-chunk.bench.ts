/**
 * The browser chunk the security header form loads on first use (generate-header-*.js: the library,
 * @noble/ciphers and forge's jsbn), read from the client build output. Prints its size, minified and
 * gzipped; not a test. Needs a build: `AREAOE_BUILD_DIR=/tmp/x npx react-router build` first.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

const buildDir = process.env.AREAOE_BUILD_DIR ?? "build";
const assets = path.resolve(buildDir, "client/assets");
// A build into a used folder may leave older hashed copies beside the new one: take the newest.
const chunks = readdirSync(assets)
  .filter((name) => /^generate-header-[\w-]+\.js$/.test(name))
  .sort((a, b) => statSync(path.join(assets, b)).mtimeMs - statSync(path.join(assets, a)).mtimeMs);
if (chunks.length === 0) {
  console.log(`no generate-header-*.js in ${assets}: build the client first`);
  process.exit(1);
}
const name = chunks[0] ?? "";
const code = readFileSync(path.join(assets, name));
const imports = [...code.toString("utf8").matchAll(/from\s*"([^"]+)"/g)].map((match) => match[1]);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const rows: [string, string][] = [
  ["chunk", name],
  ["minified", kb(code.length)],
  ["gzip (level 9)", kb(gzipSync(code, { level: 9 }).length)],
  ["imports (shared chunks)", imports.join(", ") || "none"],
  ["node: imports", String(imports.filter((specifier) => specifier?.startsWith("node:")).length)],
];
const width = Math.max(...rows.map(([label]) => label.length));
for (const [label, value] of rows) console.log(`${label.padEnd(width)}  ${value}`);
