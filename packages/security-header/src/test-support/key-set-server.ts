// For tests of --key-from: a small HTTPS server that publishes a key set (the JSON of the sandbox's
// GET /areaOE/sandbox/keys) and each key's certificate as PEM and DER, over real HTTPS on loopback,
// with a self-signed certificate for 127.0.0.1 and localhost (`loopbackTlsCertificate`, made by openssl),
// or over plain HTTP (`tls: null`), which --key-from must refuse.
import { execFileSync } from "node:child_process";
import { createHash, X509Certificate } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { createServer as createHttpsServer } from "node:https";
import type { AddressInfo, Socket } from "node:net";
import { join } from "node:path";

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
  /** The key set's address (`<origin>/keys`, on 127.0.0.1). */
  url: string;
  origin: string;
  /**
   * Other answers: `/malformed` (not JSON), `/wrong-shape`, `/huge` (over 64 KB), `/slow` (never ends),
   * `/redirect-same` (302 to `/keys`), `/redirect-away` (302 to the same server as `localhost`: another
   * origin, which the certificate also names, so only the client's rule refuses it), `/redirect-loop`.
   */
  close(): Promise<void>;
}

export interface LoopbackTls {
  readonly key: string;
  readonly cert: string;
  /** The certificate's file: NODE_EXTRA_CA_CERTS, SSL_CERT_FILE or a Java trust store trust it. */
  readonly certFile: string;
}

/** A self-signed certificate for 127.0.0.1 and localhost, made by openssl in `dir`, valid two days. */
export function loopbackTlsCertificate(dir: string): LoopbackTls {
  const keyFile = join(dir, "key-set-tls.key");
  const certFile = join(dir, "key-set-tls.pem");
  execFileSync("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=areaOE key set test server",
    "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost", "-keyout", keyFile, "-out", certFile], { stdio: "ignore" });
  return { key: readFileSync(keyFile, "utf8"), cert: readFileSync(certFile, "utf8"), certFile };
}

export const sha256OfCertificate = (pem: string): string => createHash("sha256").update(new X509Certificate(pem).raw).digest("hex");

export async function startKeySetServer(keys: readonly KeySetEntry[], tls: LoopbackTls | null, now = new Date()): Promise<KeySetServer> {
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
  const handler = (req: IncomingMessage, res: ServerResponse) => {
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
    } else if (path === "/redirect-same") {
      res.writeHead(302, { location: "/keys" }).end();
    } else if (path === "/redirect-away") {
      res.writeHead(302, { location: `${origin.replace("127.0.0.1", "localhost")}/keys` }).end();
    } else if (path === "/redirect-loop") {
      res.writeHead(302, { location: "/redirect-loop" }).end();
    } else {
      res.writeHead(404).end();
    }
  };
  const server: Server = tls ? createHttpsServer({ key: tls.key, cert: tls.cert }, handler) : createServer(handler);
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `${tls ? "https" : "http"}://127.0.0.1:${(server.address() as AddressInfo).port}`;
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
