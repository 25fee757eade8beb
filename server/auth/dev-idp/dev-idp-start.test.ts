// The demo identity provider in the production build: refused at start where others can reach it, and
// its discovery document built from the configured origin the request matched, never the Host header
// or a forwarded header as written. Needs a build (AREAOE_BUILD_DIR, else build/): skipped, naming the
// missing file, without one.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer, request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const BUILD = path.resolve(process.env.AREAOE_BUILD_DIR ?? "build", "server/index.js");
const haveBuild = existsSync(BUILD);
if (!haveBuild) console.warn(`demo provider start tests skipped: no production build at ${BUILD} (run the build first)`);

/** Runs the build with this environment until it exits (or 30 s: then it started): its exit code and what it wrote. */
function runUntilExit(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BUILD], { env: { ...process.env, NODE_ENV: "production", LOG_LEVEL: "warn", ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
    const timer = setTimeout(() => child.kill("SIGTERM"), 30_000);
    child.once("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

function getJson(port: number, target: string, headers: Record<string, string>): Promise<{ status: number; body: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, path: target, headers }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () => {
        try {
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as Record<string, unknown> });
        } catch {
          reject(new Error(`${res.statusCode ?? 0}: ${text.slice(0, 200)}`));
        }
      });
    });
    req.on("error", reject);
    req.end();
  });
}

/** A port that was free a moment ago on loopback. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

let server: ChildProcess | undefined;
afterAll(async () => {
  if (!server || server.exitCode !== null) return;
  const exited = new Promise((resolve) => server?.once("exit", resolve));
  server.kill("SIGTERM");
  await exited;
});

/** Starts the build on loopback with this environment and waits for its health endpoint. */
async function startServer(port: number, env: Record<string, string>): Promise<void> {
  server = spawn(process.execPath, [BUILD], { env: { ...process.env, NODE_ENV: "production", LOG_LEVEL: "warn", PORT: String(port), HOST: "127.0.0.1", ...env }, stdio: "ignore" });
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    const ok = await fetch(`http://127.0.0.1:${port}/areaOE/api/health`).then((response) => response.ok, () => false);
    if (ok) return;
    if (Date.now() > deadline) throw new Error("the server did not start within 150 s");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe.skipIf(!haveBuild)("the demo identity provider in production", () => {
  it("refuses to start beside a public origin that is not loopback, naming it and the override", async () => {
    const port = await freePort();
    const { code, output } = await runUntilExit({ PORT: String(port), HOST: "127.0.0.1", AREAOE_DEV_IDP: "1", AREAOE_PUBLIC_ORIGIN: "https://portal.example" });
    expect(code).toBe(1);
    expect(output).toContain("Refused: the embedded demo identity provider");
    expect(output).toContain("public origin https://portal.example");
    expect(output).toContain("AREAOE_DEV_IDP_EXPOSED");
  }, 40_000);

  it("writes its discovery document's addresses from the matched origin (its https), not the Host header and socket", async () => {
    const port = await freePort();
    // An https origin (a TLS proxy in front on loopback): the provider must say https.
    await startServer(port, { AREAOE_DEV_IDP: "1", AREAOE_PUBLIC_ORIGIN: `https://localhost:${port}` });
    // The Host as a client may spell it; the request arrives over plain HTTP from the (trusted) proxy.
    const discovery = await getJson(port, "/areaOE/dev-idp/.well-known/openid-configuration", { host: `LocalHost:${port}` });
    expect(discovery.status).toBe(200);
    const addresses = ["authorization_endpoint", "token_endpoint", "jwks_uri", "end_session_endpoint"].map((name) => String(discovery.body[name]));
    for (const address of addresses) expect(address.startsWith(`https://localhost:${port}/areaOE/dev-idp/`), address).toBe(true);
  }, 180_000);
});
