import type { Express } from "express";
import type { Logger } from "pino";
import type { Settings } from "../config/settings";
import { protocolReader } from "../http/request-protocol";

export type PeerTrust = (address: string | undefined, hop: number) => boolean;

/** Peer addresses whose trust is remembered (the same few for every request: the proxies, or loopback). */
const MAX_REMEMBERED_PEERS = 1_024;

/**
 * The trust of the connecting peer (hop 0), remembered per address: the Host check and the protocol
 * reader both ask it for every request, and proxy-addr parses the address each time (a tenth of the
 * server's own CPU for a stored page). Other hops are asked as they are.
 */
function trustOfPeer(trust: PeerTrust): PeerTrust {
  const known = new Map<string, boolean>();
  return (address, hop) => {
    if (hop !== 0 || address === undefined) return trust(address, hop);
    const remembered = known.get(address);
    if (remembered !== undefined) return remembered;
    const trusted = trust(address, hop);
    if (known.size >= MAX_REMEMBERED_PEERS) known.clear();
    known.set(address, trusted);
    return trusted;
  };
}

/**
 * Which peers may tell the visitor's address and protocol (X-Forwarded-*): the configuration's "trust
 * proxy", set on the Express app, and the same trust (remembered per peer) for the stages before it.
 */
export function peerTrust(app: Express, config: Settings["config"], logger: Logger): { trust: PeerTrust; protocolOf: ReturnType<typeof protocolReader> } {
  // Parsed by the configuration schema (a hop count, true/false, or addresses/CIDRs); see README.
  app.set("trust proxy", config.trustProxy);
  logger.info({ trustProxy: config.trustProxy }, "trust proxy: X-Forwarded-* headers are read from these peers");
  const trust = trustOfPeer(app.get("trust proxy fn") as PeerTrust);
  return { trust, protocolOf: protocolReader(trust) };
}
