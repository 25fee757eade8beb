import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";

export interface RunningServer {
  origin: string;
  stop: () => Promise<void>;
}

/** Starts the production build on a loopback port and waits for its health endpoint. */
export async function startProductionServer(port: number, buildDir = process.env.AREAOE_BUILD_DIR ?? "build"): Promise<RunningServer> {
  const entry = path.resolve(buildDir, "server/index.js");
  if (!existsSync(entry)) throw new Error(`No production build at ${entry}: run "npm run build" first.`);
  const child: ChildProcess = spawn(process.execPath, [entry], {
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "error", NODE_ENV: "production" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      const response = await fetch(`${origin}/areaOE/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGTERM");
      throw new Error("The server did not become healthy within 20 s");
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  return {
    origin,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}
