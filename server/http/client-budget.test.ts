import type { Request } from "express";
import { describe, expect, it } from "vitest";
import { canonicalClientAddress, clientKey } from "./client-budget";

/** What Express hands the budget: `req.ip` (a trusted proxy's X-Forwarded-For, as written) and the socket. */
const request = (ip: string | undefined, socket = "10.0.0.1") => ({ ip, socket: { remoteAddress: socket } }) as unknown as Request;

describe("clientKey: one address is one client", () => {
  it("gives every spelling of 1.2.3.7 the one key, and a value that is no address the socket's", () => {
    for (const spelling of ["1.2.3.7", "1.2.3.7:1", "1.2.3.7:2", " 1.2.3.7 ", "::ffff:1.2.3.7", "::FFFF:0102:0307", "[::ffff:1.2.3.7]:8080"]) {
      expect([spelling, clientKey(request(spelling))]).toEqual([spelling, "1.2.3.7"]);
    }
    // Not dotted decimal by net.isIP: never a budget of their own (the proxy's, here 10.0.0.1).
    for (const spelling of ["001.002.003.007", "16909063", "1.2.3.07", "0x01020307", "1.2.3.7:x", "", "unknown", "1.2.3.7, 5.6.7.8"]) {
      expect([spelling, clientKey(request(spelling))]).toEqual([spelling, "10.0.0.1"]);
    }
    expect(clientKey(request(undefined, "::ffff:127.0.0.2"))).toBe("127.0.0.2");
  });

  it("keys an IPv6 address by its /56 in canonical compressed form, whatever its spelling", () => {
    const keys = ["2001:db8:0:12::1", "2001:DB8:0:0012:0:0:0:1", "[2001:db8::12:0:0:7]:443", "2001:db8:0:ff::9", "fe80::1%eth0"].map((spelling) => canonicalClientAddress(spelling));
    expect(keys).toEqual(["2001:db8::/56", "2001:db8::/56", "2001:db8::/56", "2001:db8::/56", "fe80::/56"]);
    expect(canonicalClientAddress("2001:db8:0:100::1")).toBe("2001:db8:0:100::/56");
  });
});
