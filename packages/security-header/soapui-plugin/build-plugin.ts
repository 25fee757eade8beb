/**
 * `npm run soapui-plugin -w @areaoe/security-header`: compiles the SoapUI 5.7.0 plugin with the JDK's
 * javac (`--release 8`: SoapUI's class scanner reads class files of Java 8 at most) against the
 * compile-only stand-ins, and packs ONLY the plugin's own classes into
 * areaoe-security-header-soapui-plugin.jar, reproducibly: entries in sorted order, one fixed date, stored
 * (no compression, so the bytes do not depend on the zlib of the JDK), no manifest (which would name the
 * JDK). The jar is committed; `build-plugin.test.ts` rebuilds it and compares byte for byte.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";

export const PLUGIN_DIR = fileURLToPath(new URL(".", import.meta.url));
export const JAR_FILE = "areaoe-security-header-soapui-plugin.jar";
export const COMMITTED_JAR = join(PLUGIN_DIR, JAR_FILE);
/** The javac that built the committed jar (feature version): other versions may emit other bytes. */
export const BUILT_WITH_JAVAC = 17;
/** The date of every jar entry: the plugin's release date, not the build's. */
export const JAR_ENTRY_DATE = "2026-11-25T00:00:00Z";
export const SOURCES_DIR = join(PLUGIN_DIR, "src");
export const STAND_INS_DIR = join(PLUGIN_DIR, "stand-ins");

const JAVA_HOME = process.env.JAVA_HOME;
export const JAVAC = JAVA_HOME ? join(JAVA_HOME, "bin", "javac") : "javac";
export const JAR = JAVA_HOME ? join(JAVA_HOME, "bin", "jar") : "jar";

/** Files under `dir` ending with `suffix`, relative to `dir` with "/" separators, sorted. */
export function filesUnder(dir: string, suffix: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(suffix))
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join("/"))
    .sort();
}

/** javac's feature version (17 for "javac 17.0.15"), or null when there is no JDK. */
export function javacFeatureVersion(): number | null {
  try {
    const out = execFileSync(JAVAC, ["-version"], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
    const match = /javac (\d+)/.exec(out);
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

function javac(classPath: string | null, outDir: string, sourceDir: string): void {
  const sources = filesUnder(sourceDir, ".java").map((file) => join(sourceDir, file));
  mkdirSync(outDir, { recursive: true });
  execFileSync(JAVAC, [
    "--release", "8", "-encoding", "UTF-8", "-implicit:none", "-Xlint:all", "-Werror", "-Xlint:-options",
    ...(classPath ? ["-classpath", classPath] : []),
    "-sourcepath", "", "-d", outDir, ...sources,
  ], { stdio: ["ignore", "pipe", "pipe"] });
}

/** Compiles the stand-ins into `<workDir>/stand-ins` (for tests too) and returns that folder. */
export function compileStandIns(workDir: string): string {
  const out = join(workDir, "stand-ins");
  javac(null, out, STAND_INS_DIR);
  return out;
}

/** Builds the jar at `outFile` (work files in a temporary folder, removed after). */
export function buildPluginJar(outFile: string): void {
  const work = mkdtempSync(join(tmpdir(), "areaoe-soapui-plugin-"));
  try {
    const standIns = compileStandIns(work);
    const classes = join(work, "classes");
    javac(standIns, classes, SOURCES_DIR);
    const entries = filesUnder(classes, ".class");
    rmSync(outFile, { force: true });
    execFileSync(JAR, [
      "--create", "--file", outFile, "--no-manifest", "--no-compress", `--date=${JAR_ENTRY_DATE}`,
      ...entries.flatMap((entry) => ["-C", classes, entry]),
    ], { stdio: ["ignore", "pipe", "pipe"] });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const version = javacFeatureVersion();
  if (version === null) {
    console.error(`No JDK: ${JAVAC} not found (Debian: apt-get install default-jdk-headless)`);
    process.exit(1);
  }
  if (version !== BUILT_WITH_JAVAC) {
    console.warn(`javac ${version} (the committed jar is built with javac ${BUILT_WITH_JAVAC}): update BUILT_WITH_JAVAC if you commit this jar`);
  }
  buildPluginJar(COMMITTED_JAR);
  console.log(`Built ${relative(process.cwd(), COMMITTED_JAR)}`);
}
