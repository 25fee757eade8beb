import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

/** Debian's package (haproxy 2.6 or later); the tests and benches that need it say so when it is absent. */
export const HAPROXY = ["/usr/sbin/haproxy", "/usr/local/sbin/haproxy", "/usr/bin/haproxy"].find((candidate) => existsSync(candidate));

/** Why HAProxy cannot run here, or undefined when it can. */
export function haproxyMissing(): string | undefined {
  if (!HAPROXY) return "haproxy is not installed (Debian package haproxy, 2.6 or later)";
  const version = spawnSync(HAPROXY, ["-v"], { encoding: "utf8" });
  const [major = 0, minor = 0] = (/version (\d+)\.(\d+)/.exec(version.stdout)?.slice(1) ?? []).map(Number);
  if (version.status !== 0 || major < 2 || (major === 2 && minor < 6)) return `haproxy 2.6 or later is needed (${HAPROXY}: ${version.stdout.split("\n")[0] ?? "no version"})`;
  return undefined;
}

const ROOT = path.resolve(import.meta.dirname, "../..");

/**
 * The project's own deploy/haproxy.cfg, for loopback: its frontend as written (the forwarded headers,
 * the per-address limit), bound to 127.0.0.1:`port`, in front of one portal at 127.0.0.1:`portalPort`
 * instead of the compose services and their DNS resolver.
 */
export function loopbackHaproxyConfig(port: number, portalPort: number): string {
  const lines = readFileSync(path.join(ROOT, "deploy/haproxy.cfg"), "utf8").split("\n");
  const out: string[] = [];
  let inResolvers = false;
  let replacedServers = false;
  for (const line of lines) {
    if (/^\S/.test(line)) inResolvers = line.startsWith("resolvers ");
    if (inResolvers) continue;
    if (/^\s+bind :\d+$/.test(line)) out.push(`  bind 127.0.0.1:${port}`);
    else if (/^\s+default-server /.test(line)) out.push(line.replace(/ resolvers \S+/, "").replace(/ init-addr \S+/, ""));
    else if (/^\s+server /.test(line)) {
      if (!replacedServers) out.push(`  server portal-1 127.0.0.1:${portalPort} check`);
      replacedServers = true;
    } else out.push(line);
  }
  if (!replacedServers) throw new Error("deploy/haproxy.cfg has no server lines to replace");
  return out.join("\n");
}

export interface RunningHaproxy {
  origin: string;
  output: () => string;
  stop: () => Promise<void>;
}

/** Waits until something accepts connections on 127.0.0.1:port (scripts/deploy/local-edge.ts uses it too). */
export async function listening(port: number, deadline: number): Promise<void> {
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, "127.0.0.1", () => {
        socket.destroy();
        resolve(true);
      });
      socket.on("error", () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`haproxy did not listen on ${port}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Starts HAProxy in the foreground with loopbackHaproxyConfig, `env` added to its environment (e.g.
 * AREAOE_EDGE_REQUESTS_PER_10S), and waits until it listens and its health check finds the portal up.
 */
export async function startLoopbackHaproxy(port: number, portalPort: number, env: Record<string, string> = {}): Promise<RunningHaproxy> {
  const missing = haproxyMissing();
  if (missing || !HAPROXY) throw new Error(missing);
  const dir = mkdtempSync(path.join(tmpdir(), "areaoe-haproxy-"));
  const file = path.join(dir, "haproxy.cfg");
  writeFileSync(file, loopbackHaproxyConfig(port, portalPort));
  const child = spawn(HAPROXY, ["-db", "-f", file], { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  const chunks: Buffer[] = [];
  child.stdout.on("data", (chunk: Buffer) => chunks.push(chunk));
  child.stderr.on("data", (chunk: Buffer) => chunks.push(chunk));
  const output = () => Buffer.concat(chunks).toString("utf8");
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await listening(port, Date.now() + 20_000);
    // The backend is up once its readiness check passed ("rise 2", 2 s apart): until then, 503.
    const deadline = Date.now() + 20_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`haproxy exited: ${output()}`);
      const status = await fetch(`http://127.0.0.1:${port}/areaOE/api/health`).then((response) => response.status, () => 0);
      if (status === 200) break;
      if (Date.now() > deadline) throw new Error(`haproxy's backend did not come up: ${output()}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { origin: `http://127.0.0.1:${port}`, output, stop };
}
