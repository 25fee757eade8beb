// For tests and benches: Debian's varnishd and nginx started on loopback with the project's own
// deploy/varnish/areaoe.vcl and deploy/nginx/areaoe-mirror.conf (only addresses, ports and file paths
// changed), each in a temporary folder of its own, in the foreground, stopped by the caller.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { listening } from "./local-haproxy";

const ROOT = path.resolve(import.meta.dirname, "../..");
export const EDGE_VCL = path.join(ROOT, "deploy/varnish/areaoe.vcl");
export const EDGE_BACKENDS = path.join(ROOT, "deploy/varnish/backends.vcl");
export const MIRROR_NGINX_CONF = path.join(ROOT, "deploy/nginx/areaoe-mirror.conf");

export const VARNISHD = ["/usr/sbin/varnishd", "/usr/local/sbin/varnishd"].find((candidate) => existsSync(candidate));
export const NGINX = ["/usr/sbin/nginx", "/usr/local/sbin/nginx"].find((candidate) => existsSync(candidate));

/** Why Varnish cannot run here (it compiles each VCL with the C compiler), or undefined when it can. */
export function varnishMissing(): string | undefined {
  if (!VARNISHD) return "varnish is not installed (Debian package varnish, 7.1 or later)";
  if (spawnSync("cc", ["--version"]).status !== 0) return "varnish needs a C compiler (cc) to compile its VCL (Debian package gcc)";
  return undefined;
}

export function nginxMissing(): string | undefined {
  return NGINX ? undefined : "nginx is not installed (Debian package nginx-light or nginx)";
}

/**
 * deploy/varnish/backends.vcl with each compose host replaced by a loopback port: its two portal
 * instances, the mirror; its probes, timeouts and ACLs as written.
 */
export function loopbackBackends({ portals, mirror }: { portals: readonly [number, number]; mirror: number }): string {
  const hosts: Record<string, number> = { "portal-1": portals[0], "portal-2": portals[1], mirror };
  let replaced = 0;
  const text = readFileSync(EDGE_BACKENDS, "utf8").replace(/\.host = "([^"]+)";\s*\n(\s*)\.port = "\d+";/g, (all, host: string, indent: string) => {
    const port = hosts[host];
    if (port === undefined) return all;
    replaced += 1;
    return `.host = "127.0.0.1";\n${indent}.port = "${port}";`;
  });
  if (replaced !== 3) throw new Error(`deploy/varnish/backends.vcl: expected the hosts portal-1, portal-2 and mirror, replaced ${replaced}`);
  return text;
}

/** deploy/nginx/areaoe-mirror.conf listening on loopback `port`, serving `mirrorDir`, its pid and temporary files in `dir`. */
export function loopbackMirrorConf(port: number, mirrorDir: string, dir: string): string {
  const conf = readFileSync(MIRROR_NGINX_CONF, "utf8");
  if (!conf.includes("listen 8080;") || !conf.includes("/srv/areaoe-mirror/current")) throw new Error("deploy/nginx/areaoe-mirror.conf: no `listen 8080;` or mirror folder to replace");
  const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((name) => `    ${name}_temp_path ${path.join(dir, name)};`).join("\n");
  return conf
    .replace("listen 8080;", `listen 127.0.0.1:${port};`)
    .replaceAll("/srv/areaoe-mirror/current", mirrorDir)
    .replace(/^pid .*;$/m, `pid ${path.join(dir, "nginx.pid")};`)
    .replace(/^http \{$/m, `http {\n${temp}`);
}

export interface RunningPart {
  origin: string;
  /** The program's process (nginx's master, varnishd's manager: their workers are its children). */
  pid: number;
  output: () => string;
  stop: () => Promise<void>;
}

/** Waits until `port` accepts connections, or says why not (the program exited, with its output). */
async function listeningOrExited(port: number, child: ChildProcess, output: () => string, deadline: number): Promise<void> {
  const exited = new Promise<never>((_resolve, reject) => child.once("exit", (code) => reject(new Error(`exited with ${String(code)}: ${output()}`))));
  try {
    await Promise.race([listening(port, deadline), exited]);
  } catch (error) {
    throw new Error(`${(error as Error).message}: ${output()}`);
  }
}

function started(command: string, args: string[], dir: string): { child: ChildProcess; output: () => string; stop: () => Promise<void> } {
  const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
  const chunks: Buffer[] = [];
  child.stdout?.on("data", (chunk: Buffer) => chunks.push(chunk));
  child.stderr?.on("data", (chunk: Buffer) => chunks.push(chunk));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const output = () => Buffer.concat(chunks).toString("utf8");
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  return { child, output, stop };
}

/** nginx in the foreground with the project's mirror configuration, serving `mirrorDir` on loopback `port`. */
export async function startMirrorNginx(port: number, mirrorDir: string): Promise<RunningPart> {
  const missing = nginxMissing();
  if (missing || !NGINX) throw new Error(missing);
  const dir = mkdtempSync(path.join(tmpdir(), "areaoe-nginx-"));
  mkdirSync(path.join(dir, "logs"));
  writeFileSync(path.join(dir, "nginx.conf"), loopbackMirrorConf(port, mirrorDir, dir));
  const part = started(NGINX, ["-p", dir, "-c", path.join(dir, "nginx.conf"), "-g", "daemon off;"], dir);
  try {
    await listeningOrExited(port, part.child, part.output, Date.now() + 20_000);
  } catch (error) {
    await part.stop();
    throw error;
  }
  return { origin: `http://127.0.0.1:${port}`, pid: part.child.pid ?? 0, output: part.output, stop: part.stop };
}

/** The one statement of deploy/varnish/areaoe.vcl that says how long a stored answer may be served stale. */
const GRACE_STATEMENT = /^(\s*)set beresp\.grace = 24h;$/m;

/**
 * deploy/varnish/areaoe.vcl as written, or with its grace (24 h) set to `graceSeconds`: a test cannot
 * wait a day for the mirror to take over from the stale copies.
 */
export function edgeVcl(graceSeconds?: number): string {
  const vcl = readFileSync(EDGE_VCL, "utf8");
  if (graceSeconds === undefined) return vcl;
  if (!GRACE_STATEMENT.test(vcl)) throw new Error("deploy/varnish/areaoe.vcl: no `set beresp.grace = 24h;` to shorten");
  return vcl.replace(GRACE_STATEMENT, `$1set beresp.grace = ${graceSeconds}s;`);
}

/**
 * varnishd in the foreground (no jail: any user) with deploy/varnish/areaoe.vcl (its grace shortened to
 * `graceSeconds` when given) and `backends` as its backends.vcl, listening on loopback `port`, 64 MB of
 * memory for objects. Waits until it answers; `healthy` also waits until its probes find a portal
 * instance ready.
 */
export async function startEdge(port: number, backends: string, { healthy = true, graceSeconds }: { healthy?: boolean; graceSeconds?: number } = {}): Promise<RunningPart> {
  const missing = varnishMissing();
  if (missing || !VARNISHD) throw new Error(missing);
  const dir = mkdtempSync(path.join(tmpdir(), "areaoe-varnish-"));
  writeFileSync(path.join(dir, "backends.vcl"), backends);
  writeFileSync(path.join(dir, "areaoe.vcl"), edgeVcl(graceSeconds));
  const args = ["-F", "-j", "none", "-n", path.join(dir, "work"), "-a", `127.0.0.1:${port}`, "-T", "none", "-f", path.join(dir, "areaoe.vcl"), "-p", `vcl_path=${dir}`, "-s", "malloc,64m"];
  const part = started(VARNISHD, args, dir);
  try {
    await listeningOrExited(port, part.child, part.output, Date.now() + 60_000);
    // Probes every 2 s, two good ones of three: a loaded machine answers them slowly.
    const deadline = Date.now() + 60_000;
    for (;;) {
      // A pass to the portal answers 200 only once a probe found an instance ready (else the mirror's 503).
      const status = await fetch(`http://127.0.0.1:${port}${healthy ? "/areaOE/api/ready" : "/edge/health"}`).then((response) => response.status, () => 0);
      if (status === 200) break;
      if (Date.now() > deadline) throw new Error(`the edge did not find the portal ready: ${part.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } catch (error) {
    await part.stop();
    throw error;
  }
  return { origin: `http://127.0.0.1:${port}`, pid: part.child.pid ?? 0, output: part.output, stop: part.stop };
}

/** Writes the mirror of the build at `buildDir` into `dir` (`npm run mirror -- dir`), with `env` (the public origin). */
export function writeMirrorOf(buildDir: string, dir: string, env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.resolve(buildDir, "server/index.js"), "--write-mirror", dir], {
      env: { ...process.env, HOST: "127.0.0.1", LOG_LEVEL: "error", NODE_ENV: "production", AREAOE_METRICS_PORT: "off", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const chunks: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => chunks.push(chunk));
    child.once("exit", (code) => {
      const output = Buffer.concat(chunks).toString("utf8");
      if (code === 0) resolve(output);
      else reject(new Error(`npm run mirror exited with ${String(code)}: ${output}`));
    });
  });
}
