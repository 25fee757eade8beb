import { describe, expect, it } from "vitest";
import pino from "pino";
import { parseConfig } from "../config/load-config";
import path from "node:path";
import { devIssuerUrl, parseSettings } from "../config/settings";
import { resolveAuthSettings } from "./auth-settings";
import { userFromClaims } from "./auth-routes";

const links = {
  tariff: "https://example.org/t",
  gue: "https://example.org/gue",
  eori: "https://example.org/e",
  contactUs: "https://example.org/c",
  customsInformation: "https://example.org/i",
  forms: "https://example.org/f",
  customsLinks: "https://example.org/l",
  financePortal: "https://example.org/p",
  vehicleTaxSimulator: "https://example.org/v",
};

const repoRoot = path.resolve(import.meta.dirname, "../..");
/** The demo provider's part of the settings, parsed from this environment and command line. */
const devIdpOf = (env: Record<string, string>, argv: readonly string[]) => parseSettings(env, { argv, cwd: repoRoot }).devIdp;

function logs() {
  const lines: string[] = [];
  const logger = pino({ level: "info" }, { write: (line: string) => lines.push(line) });
  return { logger, lines };
}

describe("resolveAuthSettings", () => {
  it("starts with sign-in disabled, and says so, when neither an issuer nor the demo switch is given", () => {
    const { logger, lines } = logs();
    expect(resolveAuthSettings(parseConfig({ links }), logger, devIdpOf({}, []))).toEqual({ mode: "disabled" });
    expect(lines.join("")).toContain("sign-in is disabled");
  });

  it("runs the demo provider only when switched on, with a generated secret and a warning", () => {
    const { logger, lines } = logs();
    for (const [env, argv] of [[{ AREAOE_DEV_IDP: "1", HOST: "localhost" }, []], [{ HOST: "localhost" }, ["node", "index.js", "--dev-idp"]]] as const) {
      const settings = resolveAuthSettings(parseConfig({ links }), logger, devIdpOf({ ...env, PORT: "4000" }, argv));
      expect(settings.mode).toBe("embedded");
      if (settings.mode !== "embedded") return;
      expect(settings.issuer.href).toBe("http://localhost:4000/areaOE/dev-idp");
      expect(settings.sessionSecret.length).toBeGreaterThanOrEqual(32);
    }
    expect(lines.join("")).toContain("for local use only");
    expect(lines.join("")).toContain("per-process session secret");
  });

  it("prefers a configured external issuer and never logs its secrets", () => {
    const { logger, lines } = logs();
    const config = parseConfig({
      links,
      identityProvider: {
        issuer: "https://idp.example.org/realms/at",
        clientId: "areaoe",
        clientSecret: "client-secret-value",
        sessionSecret: "session-secret-value-that-is-long-enough",
      },
    });
    const settings = resolveAuthSettings(config, logger, devIdpOf({ AREAOE_DEV_IDP: "1", HOST: "127.0.0.1" }, []));
    expect(settings.mode).toBe("external");
    const output = lines.join("");
    expect(output).not.toContain("client-secret-value");
    expect(output).not.toContain("session-secret-value");
  });

  it("refuses an incomplete or insecure provider configuration at start, naming the field", () => {
    expect(() => parseConfig({ links, identityProvider: { issuer: "https://idp.example.org" } })).toThrow(
      /identityProvider\.clientId[\s\S]*identityProvider\.clientSecret[\s\S]*identityProvider\.sessionSecret/,
    );
    expect(() =>
      parseConfig({
        links,
        identityProvider: { issuer: "http://idp.example.org", clientId: "a", clientSecret: "b", sessionSecret: "x".repeat(32) },
      }),
    ).toThrow(/identityProvider\.issuer: the issuer must be an https: URL/);
    expect(() => parseConfig({ links, identityProvider: { sessionSecret: "short" } })).toThrow(/sessionSecret/);
  });

  it("derives the demo issuer from HOST and PORT", () => {
    expect(devIssuerUrl({ HOST: "127.0.0.1", PORT: "3303" }).href).toBe("http://127.0.0.1:3303/areaOE/dev-idp");
    expect(devIssuerUrl({ HOST: "0.0.0.0" }).href).toBe("http://localhost:3000/areaOE/dev-idp");
  });
});

describe("userFromClaims", () => {
  it("maps the ID token claims to the session user, keeping only customs profiles", () => {
    expect(userFromClaims({ sub: "x", nif: "555555569", name: "Bruno", customs_roles: ["ROLE_SDS", "ROLE_X", "ROLE_DUI"] })).toEqual({
      nif: "555555569",
      name: "Bruno",
      roles: ["ROLE_DUI", "ROLE_SDS"],
    });
  });

  it("falls back to the subject for the NIF and to the NIF for the name; no claim means no profile", () => {
    expect(userFromClaims({ sub: "555555577" })).toEqual({ nif: "555555577", name: "555555577", roles: [] });
    expect(userFromClaims({})).toBeNull();
  });
});
