// Test helpers: the plugin's Java test drivers, compiled once per test file and run with the JDK's java.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { delimiter, join } from "node:path";
import { fileURLToPath } from "node:url";
import { JAVAC } from "../build-plugin.js";

const JAVA = process.env.JAVA_HOME ? join(process.env.JAVA_HOME, "bin", "java") : "java";
const HEADER_CLI = fileURLToPath(new URL("./HeaderBuilderCli.java", import.meta.url));
const LOADER_RUN = fileURLToPath(new URL("./SoapUiLoaderRun.java", import.meta.url));

export interface JavaRun {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

export interface JavaDrivers {
  /** The header builder alone (`HeaderBuilderCli.java`): the header, or the envelope with it. */
  headerBuilder(options: { certificate: string; username: string; form: string; password: string; envelopeFile?: string }): JavaRun;
  /**
   * The jar loaded as SoapUI loads it (`SoapUiLoaderRun.java`, the compiled stand-ins in the role of
   * SoapUI's classes): `scoped` are what `${#Project#name}` expands to (keys "Project#name"), `password`
   * the environment variable AREAOE_PASSWORD (absent when undefined).
   */
  soapUiLoader(options: { requestFile: string; kind: "wsdl" | "rest"; scoped: Readonly<Record<string, string>>; password?: string }): JavaRun;
}

function java(args: readonly string[], input?: string, env: NodeJS.ProcessEnv = process.env): JavaRun {
  const run = spawnSync(JAVA, args, { input, encoding: "utf8", timeout: 60_000, env });
  if (run.error) throw run.error;
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** Compiles the drivers into `workDir`: the header CLI against `jar`, the loader against `standInClasses`. */
export function compileJavaDrivers(workDir: string, jar: string, standInClasses: string): JavaDrivers {
  const cliClasses = join(workDir, "header-cli");
  const loaderClasses = join(workDir, "loader-run");
  mkdirSync(cliClasses, { recursive: true });
  mkdirSync(loaderClasses, { recursive: true });
  execFileSync(JAVAC, ["-encoding", "UTF-8", "-implicit:none", "-cp", jar, "-d", cliClasses, HEADER_CLI]);
  execFileSync(JAVAC, ["-encoding", "UTF-8", "-implicit:none", "-cp", standInClasses, "-d", loaderClasses, LOADER_RUN]);
  return {
    headerBuilder: ({ certificate, username, form, password, envelopeFile }) =>
      java(["-cp", [jar, cliClasses].join(delimiter), "HeaderBuilderCli", certificate, username, form, ...(envelopeFile ? [envelopeFile] : [])], password),
    soapUiLoader: ({ requestFile, kind, scoped, password }) => {
      const env: NodeJS.ProcessEnv = { ...process.env };
      delete env.AREAOE_PASSWORD;
      if (password !== undefined) env.AREAOE_PASSWORD = password;
      const args = Object.entries(scoped).map(([name, value]) => `${name}=${value}`);
      // The jar is NOT on this class path: the loader opens it with its own plugin-first class loader.
      return java(["-cp", [standInClasses, loaderClasses].join(delimiter), "SoapUiLoaderRun", jar, requestFile, kind, ...args], undefined, env);
    },
  };
}
