import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { connect, createServer, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

// For tests only (never imported by the server): Debian's redis-server on a free loopback port, with
// no persistence, started and stopped by the test that needs it.

/** Why Redis tests cannot run here (the message names redis-server), or undefined when they can. */
export function redisServerMissing(): string | undefined {
  const probe = spawnSync("redis-server", ["--version"], { encoding: "utf8" });
  if (probe.error || probe.status !== 0) return "redis-server is not installed (Debian package redis-server): the Redis tests are skipped";
  return undefined;
}

export interface TestRedis {
  port: number;
  url: string;
  /** Stops the server (the port stays this test's: start() brings it back on the same port). */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Runs one command with redis-cli and returns its output (for assertions on what was stored). */
  cli(...args: string[]): string;
  /** Stops the server for good and removes its folder. */
  dispose(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** True once something answers a TCP connection on the port. */
function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/**
 * Starts redis-server on 127.0.0.1 only, on a port free a moment ago; waits until it accepts. `extraArgs`
 * are more of its options (`["--maxmemory", "8mb", "--maxmemory-policy", "noeviction"]`).
 */
export async function startTestRedis(extraArgs: readonly string[] = []): Promise<TestRedis> {
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), "areaoe-redis-"));
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", dir, "--protected-mode", "yes", ...extraArgs], {
      stdio: "ignore",
    });
    const deadline = Date.now() + 10_000;
    while (!(await answers(port))) {
      if (child.exitCode !== null) throw new Error(`redis-server exited with ${child.exitCode} (port ${port})`);
      if (Date.now() > deadline) throw new Error(`redis-server did not accept connections on port ${port} within 10 s`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const stop = () =>
    new Promise<void>((resolve) => {
      const running = child;
      if (!running || running.exitCode !== null || running.signalCode !== null) return resolve();
      running.once("exit", () => resolve());
      running.kill("SIGTERM");
    });
  await start();
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    start,
    stop,
    cli: (...args) => spawnSync("redis-cli", ["-h", "127.0.0.1", "-p", String(port), ...args], { encoding: "utf8" }).stdout.trim(),
    dispose: async () => {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
