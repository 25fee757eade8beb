import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as build from "virtual:react-router/server-build";
import { boot } from "./boot";
import { settingsOfThisProcess } from "./config/settings";

// Production entry: `npm start` runs the built copy of this file (build/server/index.js).
let settings;
try {
  settings = settingsOfThisProcess();
} catch (error) {
  // A bad variable or configuration field stops the start, named (no logger yet: its level is a setting).
  console.error((error as Error).message);
  process.exit(1);
}
const here = path.dirname(fileURLToPath(import.meta.url));
// Which build this instance runs: the hash of this server bundle, which holds the client build's
// manifest (every asset's hashed name) too, so that any change of either is another id (GET
// /areaOE/api/health, areaoe_build_info, the start log).
const buildId = createHash("sha256").update(readFileSync(fileURLToPath(import.meta.url))).digest("hex").slice(0, 12);
// The verification pool's worker is a second entry of the server build, beside this one (vite.config.ts).
await boot(settings, { build, buildId, clientDir: path.resolve(here, "../client"), verificationWorker: path.join(here, "verification-worker.js") });
