import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { connect, createServer, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

// For tests only (never imported by the server): Debian's redis-server on a free loopback port, started
// and stopped by the test that needs it; without persistence, or (`persistent`) with the append-only
// file as compose.yaml runs it (appendfsync always), so that a restart keeps what was written.

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
  /** Starts it again (nothing when it runs). */
  start(): Promise<void>;
  /** Runs one command with redis-cli and returns its output (for assertions on what was stored). */
  cli(...args: string[]): string;
  /** Sends a signal to the server (SIGSTOP: it hangs, its connections stay open; SIGCONT: it goes on). */
  signal(name: NodeJS.Signals): void;
  /** Deletes what the server keeps on disk (while it is stopped): its next start is an empty Redis. */
  wipe(): void;
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

export interface TestRedisOptions {
  /** The append-only file, fsync'd before each answer (compose.yaml's settings): a restart keeps everything written. */
  persistent?: boolean;
  /** More options of redis-server (`["--maxmemory", "4mb", "--maxmemory-policy", "noeviction"]`). */
  extraArgs?: readonly string[];
}

/**
 * Starts redis-server on 127.0.0.1 only, on a port free a moment ago; waits until it accepts. DEBUG is
 * allowed from loopback (a test makes a slow command with DEBUG SLEEP).
 */
export async function startTestRedis({ persistent = false, extraArgs = [] }: TestRedisOptions = {}): Promise<TestRedis> {
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), "areaoe-redis-"));
  const persistence = persistent ? ["--appendonly", "yes", "--appendfsync", "always"] : ["--appendonly", "no"];
  let child: ChildProcess | undefined;
  const start = async () => {
    // Already running: nothing to start (a second server on the port would fail, and hide the first).
    if (child && child.exitCode === null && child.signalCode === null) return;
    const args = ["--port", String(port), "--bind", "127.0.0.1", "--save", "", ...persistence, "--dir", dir, "--protected-mode", "yes", "--enable-debug-command", "local", ...extraArgs];
    child = spawn("redis-server", args, { stdio: "ignore" });
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
      // A server a test left hung (SIGSTOP) ends too.
      running.kill("SIGCONT");
    });
  await start();
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    start,
    stop,
    cli: (...args) => spawnSync("redis-cli", ["-h", "127.0.0.1", "-p", String(port), ...args], { encoding: "utf8" }).stdout.trim(),
    signal: (name) => {
      if (child && child.exitCode === null && child.signalCode === null) child.kill(name);
    },
    wipe: () => {
      for (const entry of readdirSync(dir)) rmSync(path.join(dir, entry), { recursive: true, force: true });
    },
    dispose: async () => {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
