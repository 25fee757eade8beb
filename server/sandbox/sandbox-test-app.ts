import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { pino, type Logger } from "pino";
import { hostGuard, trustedOrigins } from "../http/trusted-origin";
import { protocolReader } from "../http/request-protocol";
import type { HeaderSandbox } from "./header-sandbox";
import { headerCheckLimiters, sandboxRouter } from "./sandbox-router";
import { requestLog, type RequestLog } from "./request-log";
import { memorySharedState, type SharedState } from "../shared-state/shared-state";
import type { HeaderCheckQuotas } from "./sandbox-limits";
import { sandboxApiKeys, type SandboxApiKeys } from "./sandbox-api-keys";

/**
 * For tests: the sandbox's router on a free loopback port, behind the Host check as in the server
 * (every request is matched to a configured origin first: the WSDL's address and the fault catalogue's
 * links come from it). `mount` is the router's base path ("" for the bare /sandbox paths); `otherOrigins`
 * are further public origins (behind a proxy) the server also answers for. The integrators' keys live
 * in `state` (`apiKeys`: create them there, as the keys page does).
 */
export async function startSandboxApp(
  sandbox: HeaderSandbox,
  {
    mount = "",
    checksPerMinute,
    otherOrigins = [],
    state = memorySharedState(),
    logger = pino({ level: "silent" }),
    quotas = {},
  }: { mount?: string; checksPerMinute?: number; otherOrigins?: readonly string[]; state?: SharedState; logger?: Logger; quotas?: Partial<HeaderCheckQuotas> } = {},
): Promise<{ origin: string; server: Server; requestLog: RequestLog; apiKeys: SandboxApiKeys; close(): Promise<void> }> {
  const app = express();
  app.set("trust proxy", "loopback");
  const guard: { check?: ReturnType<typeof hostGuard> } = {};
  app.use((req, res, next) => (guard.check?.(req, res) ? next() : undefined));
  const log = requestLog({ sandbox, state, logger });
  const apiKeys = sandboxApiKeys(state);
  const limiters = headerCheckLimiters({ ...(checksPerMinute === undefined ? {} : { sandboxPerMinute: checksPerMinute }), ...quotas });
  const router = sandboxRouter({ sandbox, requestLog: log, logger, limiter: limiters.sandbox, quotas: limiters.quotas, apiKeys });
  if (mount) app.use(mount, router);
  else app.use(router);
  const server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  const port = (server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;
  const trust = app.get("trust proxy fn") as Parameters<typeof protocolReader>[0];
  guard.check = hostGuard(trustedOrigins({ publicOrigins: [origin, ...otherOrigins], port, trust, protocolOf: protocolReader(trust) }), {});
  return { origin, server, requestLog: log, apiKeys, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
