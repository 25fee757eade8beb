import { createServer, type RequestListener, type Server, type ServerOptions } from "node:http";
import type { Limits } from "../config/schema";

/**
 * Node's HTTP server with the portal's limits. A request (headers and body) must arrive within
 * requestTimeoutMs and its headers within headersTimeoutMs; Node checks both only every
 * connectionsCheckingIntervalMs (its default, 30 s, let a client that trickles header bytes hold a
 * socket for about 48 s instead of 20). maxConnections caps the sockets held at once (beyond, Node
 * closes new ones at once), so a crowd of idle or trickling sockets cannot take all file descriptors.
 */
export function portalServerOptions(limits: Limits): ServerOptions {
  return {
    requestTimeout: limits.requestTimeoutMs,
    headersTimeout: limits.headersTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    connectionsCheckingInterval: limits.connectionsCheckingIntervalMs,
  };
}

export function createPortalServer(limits: Limits, listener: RequestListener): Server {
  const server = createServer(portalServerOptions(limits), listener);
  server.maxConnections = limits.maxConnections;
  return server;
}
