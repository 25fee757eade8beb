import { once } from "node:events";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as build from "virtual:react-router/server-build";
import { boot } from "./boot";
import { buildIdOf } from "./build-id";
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
const clientDir = path.resolve(here, "../client");
// Which build this instance runs (GET /areaOE/api/health, areaoe_build_info, the start log).
const buildId = buildIdOf(here, clientDir);
// The verification pool's worker is a second entry of the server build, beside this one (vite.config.ts).
const verificationWorker = path.join(here, "verification-worker.js");
// `--write-mirror DIR` (`npm run mirror -- DIR`): the static mirror of this build, made by this build on
// a loopback port of its own, then exit (server/mirror/write-mirror.ts).
const mirrorAt = process.argv.indexOf("--write-mirror");
if (mirrorAt >= 0) {
  const dir = process.argv[mirrorAt + 1];
  if (!dir) {
    console.error("--write-mirror needs the folder to write, e.g. npm run mirror -- /srv/areaoe-mirror/current");
    process.exit(2);
  }
  const { writeMirror, mirrorWriterSettings } = await import("./mirror/write-mirror");
  try {
    const server = await boot(mirrorWriterSettings(settings), { build, buildId, clientDir, verificationWorker, label: "mirror writer" });
    if (!server.listening) await once(server, "listening");
    const report = await writeMirror(server, settings, { dir: path.resolve(dir), clientDir });
    const cpu = process.cpuUsage();
    console.log(
      `mirror of build ${report.build} for ${report.origin} in ${report.dir}: ${report.pages} pages of text and ${report.toolPages} tool pages in pt and en, ${report.files} files of the build (${Math.round(process.uptime())} s, ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s of CPU)`,
    );
    process.exit(0);
  } catch (error) {
    console.error(`mirror not written: ${(error as Error).message}`);
    process.exit(1);
  }
}
await boot(settings, { build, buildId, clientDir, verificationWorker });
