// For tests and benches only (never imported by the server): the production build started on a loopback
// port as its own process, as an operator starts it. Server tests (over real HTTP), the e2e suite and
// the benches share it (scripts/harness/start-server.ts re-exports it for the tooling).
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";

export interface RunningServer {
  origin: string;
  /** The server process id (for CPU readings). */
  pid: number;
  stop: () => Promise<void>;
  /** What the server wrote (stdout and stderr), when started with `capture`. */
  output: () => string;
  /** Sends a signal (e.g. SIGTERM for a graceful stop) without waiting. */
  signal: (name: NodeJS.Signals) => void;
  /** Resolves with the exit code (null when ended by a signal) once the process has exited. */
  exited: Promise<number | null>;
}

/** A port that was free a moment ago on loopback. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Starts the production build on a loopback port and waits for its health endpoint. `env` adds to
 * (or overrides) the environment, e.g. the demo identity provider and a shared session secret.
 */
export async function startProductionServer(
  port: number,
  buildDir = process.env.AREAOE_BUILD_DIR ?? "build",
  env: Record<string, string> = {},
  { capture = false }: { capture?: boolean } = {},
): Promise<RunningServer> {
  const entry = path.resolve(buildDir, "server/index.js");
  if (!existsSync(entry)) throw new Error(`No production build at ${entry}: run "npm run build" first.`);
  const child: ChildProcess = spawn(process.execPath, [entry], {
    // No metrics listener unless asked for (`env`): several servers share this machine.
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "error", NODE_ENV: "production", AREAOE_METRICS_PORT: "off", ...env },
    stdio: ["ignore", capture ? "pipe" : "ignore", capture ? "pipe" : "inherit"],
  });
  const chunks: Buffer[] = [];
  child.stdout?.on("data", (chunk: Buffer) => chunks.push(chunk));
  child.stderr?.on("data", (chunk: Buffer) => chunks.push(chunk));
  const output = () => Buffer.concat(chunks).toString("utf8");
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const origin = `http://127.0.0.1:${port}`;
  // Generous: a first start makes two 4096-bit test keys, and a loaded machine imports slowly.
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode}${capture ? `:\n${output()}` : ""}`);
    try {
      const response = await fetch(`${origin}/areaOE/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGTERM");
      throw new Error("The server did not become healthy within 150 s");
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  return {
    origin,
    output,
    pid: child.pid ?? 0,
    signal: (name) => {
      if (child.exitCode === null) child.kill(name);
    },
    exited,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
