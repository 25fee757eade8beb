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
  const version = spawnSync(HAPROXY, ["-vv"], { encoding: "utf8" });
  const [major = 0, minor = 0] = (/version (\d+)\.(\d+)/.exec(version.stdout)?.slice(1) ?? []).map(Number);
  if (version.status !== 0 || major < 2 || (major === 2 && minor < 6)) return `haproxy 2.6 or later is needed (${HAPROXY}: ${version.stdout.split("\n")[0] ?? "no version"})`;
  // deploy/haproxy.cfg serves HAProxy's metrics with its built-in exporter (Debian's build has it).
  if (!version.stdout.includes("prometheus-exporter")) return `haproxy was built without its Prometheus exporter (${HAPROXY} -vv lists no prometheus-exporter service)`;
  return undefined;
}

const ROOT = path.resolve(import.meta.dirname, "../..");
/** The pages HAProxy answers itself (compose.yaml mounts this folder as AREAOE_EDGE_ERRORS). */
export const EDGE_ERRORS_DIR = path.join(ROOT, "deploy/haproxy-errors");

export interface LoopbackHaproxyPorts {
  /** The visitors' frontend (`bind :8080` in the file). */
  port: number;
  /** The portal instances, in their order (the file's portal-1, portal-2). */
  portalPorts: readonly number[];
  /** HAProxy's own metrics (`bind :8404`); default a port next to `port`. */
  metricsPort?: number;
}

/**
 * The project's own deploy/haproxy.cfg, for loopback: its frontends as written (the forwarded headers,
 * the request id, the per-address limit, the language of its own pages, the metrics exporter) bound to
 * 127.0.0.1, in front of the portal instances at 127.0.0.1:`portalPorts` instead of the compose
 * services and their DNS resolver.
 */
export function loopbackHaproxyConfig({ port, portalPorts, metricsPort = port + 1 }: LoopbackHaproxyPorts): string {
  const lines = readFileSync(path.join(ROOT, "deploy/haproxy.cfg"), "utf8").split("\n");
  const out: string[] = [];
  let inResolvers = false;
  let replacedServers = 0;
  for (const line of lines) {
    if (/^\S/.test(line)) inResolvers = line.startsWith("resolvers ");
    if (inResolvers) continue;
    const server = /^(\s+server portal-(\d+) )portal-\d+:3000( .*)$/.exec(line);
    if (/^\s+bind :8080$/.test(line)) out.push(`  bind 127.0.0.1:${port}`);
    else if (/^\s+bind :8404$/.test(line)) out.push(`  bind 127.0.0.1:${metricsPort}`);
    else if (/^\s+bind /.test(line)) throw new Error(`deploy/haproxy.cfg binds an address this helper does not know: ${line.trim()}`);
    else if (/^\s+default-server /.test(line)) out.push(line.replace(/ resolvers \S+/, "").replace(/ init-addr \S+/, ""));
    else if (server) {
      // Each backend's portal-N goes to the N-th instance; lines past the instances given are dropped.
      const [, head = "", n = "", tail = ""] = server;
      const portalPort = portalPorts[Number(n) - 1];
      if (portalPort !== undefined) out.push(`${head}127.0.0.1:${portalPort}${tail}`);
      replacedServers += 1;
    } else if (/^\s+server edge-\d+ edge:\d+ /.test(line)) {
      // The caching edge (backend edge) is not started here: with no server, nbsrv(edge) is 0 and every
      // request goes to the instances, as in a deployment without it (scripts/deploy/edge.test.ts tests the edge).
    } else if (/^\s+server /.test(line)) throw new Error(`deploy/haproxy.cfg has a server line this helper does not know: ${line.trim()}`);
    else out.push(line);
  }
  if (replacedServers === 0) throw new Error("deploy/haproxy.cfg has no server lines to replace");
  if (portalPorts.length > 2) throw new Error("deploy/haproxy.cfg names two instances: give at most two ports");
  return out.join("\n");
}

export interface RunningHaproxy {
  origin: string;
  /** HAProxy's own metrics, as Prometheus scrapes them (`/metrics` on the metrics frontend). */
  metricsUrl: string;
  /** What HAProxy wrote: its log (one line per request, the request id last) and its warnings. */
  output: () => string;
  stop: () => Promise<void>;
}

/** Waits until something accepts connections on 127.0.0.1:port (scripts/harness/local-edge.ts uses it too). */
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

/** How many servers of the portal backend HAProxy's exporter counts as up (0 when it cannot say). */
export async function activeServers(metricsUrl: string): Promise<number> {
  const text = await fetch(metricsUrl).then((response) => response.text(), () => "");
  const line = text.split("\n").find((entry) => entry.startsWith('haproxy_backend_active_servers{proxy="portal"}'));
  return Number(line?.split(" ")[1] ?? 0);
}

export interface StartLoopbackHaproxyOptions extends LoopbackHaproxyPorts {
  /** Added to HAProxy's environment (e.g. AREAOE_EDGE_REQUESTS_PER_10S). */
  env?: Record<string, string>;
  /** Wait until this many instances passed their readiness check (default all of them). */
  waitForServers?: number;
}

/**
 * Starts HAProxy in the foreground with loopbackHaproxyConfig and its own error pages, `env` added to
 * its environment, and waits until it listens and its health checks find the instances ready.
 */
export async function startLoopbackHaproxy({ env = {}, waitForServers, ...ports }: StartLoopbackHaproxyOptions): Promise<RunningHaproxy> {
  const missing = haproxyMissing();
  if (missing || !HAPROXY) throw new Error(missing);
  const dir = mkdtempSync(path.join(tmpdir(), "areaoe-haproxy-"));
  const file = path.join(dir, "haproxy.cfg");
  const metricsPort = ports.metricsPort ?? ports.port + 1;
  writeFileSync(file, loopbackHaproxyConfig({ ...ports, metricsPort }));
  const child = spawn(HAPROXY, ["-db", "-f", file], { env: { ...process.env, AREAOE_EDGE_ERRORS: EDGE_ERRORS_DIR, ...env }, stdio: ["ignore", "pipe", "pipe"] });
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
  const metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
  try {
    await listening(ports.port, Date.now() + 20_000);
    // A server is up once its readiness check passed ("rise 2", 2 s apart): until then, 503.
    const wanted = waitForServers ?? ports.portalPorts.length;
    const deadline = Date.now() + 30_000;
    while ((await activeServers(metricsUrl)) < wanted) {
      if (child.exitCode !== null) throw new Error(`haproxy exited: ${output()}`);
      if (Date.now() > deadline) throw new Error(`haproxy's backend did not come up (${wanted} servers): ${output()}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { origin: `http://127.0.0.1:${ports.port}`, metricsUrl, output, stop };
}
