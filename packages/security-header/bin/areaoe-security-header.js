#!/usr/bin/env node
// Runs the compiled CLI (dist/, built by `npm run build -w @areaoe/security-header`, which the
// root `prepare` script runs on `npm install`/`npm ci`). If dist/ is missing, for example after
// `npm ci --ignore-scripts`, fall back to running the TypeScript source through tsx.
import { existsSync } from "node:fs";

const compiled = new URL("../dist/cli-main.js", import.meta.url);

if (existsSync(compiled)) {
  await import(compiled.href);
} else {
  let register;
  try {
    ({ register } = await import("tsx/esm/api"));
  } catch {
    process.stderr.write(
      "areaoe-security-header: not built. Run `npm run build -w @areaoe/security-header` at the repository root.\n",
    );
    process.exit(1);
  }
  register();
  await import(new URL("../src/cli-main.ts", import.meta.url).href);
}
