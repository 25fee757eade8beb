// For tests of --key-from: a small HTTP server that publishes a key set (the JSON of the sandbox's
// GET /areaOE/sandbox/keys) and each key's certificate as PEM and DER, over real HTTP on loopback.
import { createHash, X509Certificate } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo, Socket } from "node:net";

export interface KeySetEntry {
  id: string;
  status: "current" | "next" | "retired";
  validFrom: string;
  validUntil: string;
  /** The certificate this key's address serves. */
  certificatePem: string;
  /** The fingerprint published for it (default: the certificate's own; tests give a wrong one). */
  fingerprintSha256?: string;
}

export interface KeySetServer {
  /** The key set's address (`<origin>/keys`). */
  url: string;
  origin: string;
  /** Other answers: `/malformed` (not JSON), `/wrong-shape`, `/huge` (over 64 KB), `/slow` (never ends). */
  close(): Promise<void>;
}

export const sha256OfCertificate = (pem: string): string => createHash("sha256").update(new X509Certificate(pem).raw).digest("hex");

export async function startKeySetServer(keys: readonly KeySetEntry[], now = new Date()): Promise<KeySetServer> {
  const sockets = new Set<Socket>();
  let origin = "";
  const keySet = () =>
    JSON.stringify({
      now: now.toISOString(),
      keys: keys.map((key) => ({
        id: key.id,
        status: key.status,
        validFrom: key.validFrom,
        validUntil: key.validUntil,
        fingerprintSha256: key.fingerprintSha256 ?? sha256OfCertificate(key.certificatePem),
        certificatePem: `${origin}/keys/${key.id}.pem`,
        certificateDer: `${origin}/keys/${key.id}.cer`,
      })),
    });
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? "").split("?")[0];
    const certificate = /^\/keys\/([^/]+)\.(pem|cer)$/.exec(path ?? "");
    if (path === "/keys") {
      res.writeHead(200, { "content-type": "application/json" }).end(keySet());
    } else if (certificate) {
      const key = keys.find((entry) => entry.id === certificate[1]);
      if (!key) res.writeHead(404).end();
      else if (certificate[2] === "pem") res.writeHead(200, { "content-type": "application/x-pem-file" }).end(key.certificatePem);
      else res.writeHead(200, { "content-type": "application/pkix-cert" }).end(new X509Certificate(key.certificatePem).raw);
    } else if (path === "/malformed") {
      res.writeHead(200, { "content-type": "application/json" }).end('{"now": "2026-11-28T15:00:00.000Z", "keys": [');
    } else if (path === "/wrong-shape") {
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ keys: [{ id: "k", status: "active" }] }));
    } else if (path === "/huge") {
      // No Content-Length: the client must count what arrives.
      res.writeHead(200, { "content-type": "application/json" });
      res.end(`{"keys": [], "padding": "${"x".repeat(200 * 1024)}"}`);
    } else if (path === "/slow") {
      res.writeHead(200, { "content-type": "application/json" });
      res.write('{"keys": [');
    } else {
      res.writeHead(404).end();
    }
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${origin}/keys`,
    origin,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
