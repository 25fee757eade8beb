/**
 * Signs in to a running portal through its embedded demo identity provider with plain HTTP (no
 * browser): follows the redirects by hand with a small cookie jar, posts the demo credentials at the
 * provider's login form, and returns the portal's session cookie. For benchmarks and tests only.
 */
import { randomBytes } from "node:crypto";

/** Tool pages whose widget is only shown to a signed-in visitor: the benches measure them signed in. */
export const SIGNED_IN_TOOL_PAGES: ReadonlySet<string> = new Set(["security-header-form"]);

/** What a production server needs for a bench to sign in: the demo identity provider (loopback only) and a session secret. */
export function demoSignInEnvironment(): Record<string, string> {
  return { AREAOE_DEV_IDP: "1", AREAOE_SESSION_SECRET: randomBytes(32).toString("base64url") };
}

export interface DemoAccount {
  nif: string;
  password: string;
}

/** The first demo account (all five customs profiles); fictitious, see docs/sign-in.md. */
export const DEMO_ACCOUNT: DemoAccount = { nif: "555555550", password: "demo-todos" };

const SESSION_COOKIE = "areaoe_session";
const MAX_HOPS = 20;

/** Name → value of every cookie set so far (paths ignored: the whole flow is on one origin). */
type Jar = Map<string, string>;

function remember(jar: Jar, response: Response): void {
  for (const header of response.headers.getSetCookie()) {
    const [pair = ""] = header.split(";");
    const at = pair.indexOf("=");
    if (at <= 0) continue;
    const name = pair.slice(0, at).trim();
    const value = pair.slice(at + 1).trim();
    // An expired cookie (cleared by the server) leaves the jar.
    if (value === "" || /expires=Thu, 01 Jan 1970/i.test(header)) jar.delete(name);
    else jar.set(name, value);
  }
}

const cookieHeader = (jar: Jar) => [...jar].map(([name, value]) => `${name}=${value}`).join("; ");

/** Sees each request of the round trip (address and Cookie header) before it is sent. */
export type SignInObserver = (url: URL, cookie: string) => void;

async function step(jar: Jar, url: URL, init: RequestInit = {}, observe?: SignInObserver): Promise<Response> {
  const headers = new Headers(init.headers);
  if (jar.size > 0) headers.set("cookie", cookieHeader(jar));
  observe?.(url, cookieHeader(jar));
  const response = await fetch(url, { ...init, headers, redirect: "manual" });
  remember(jar, response);
  return response;
}

/** `origin` like `http://127.0.0.1:3000`; returns the `areaoe_session=…` pair for a Cookie header. */
export async function demoSignIn(origin: string, account: DemoAccount = DEMO_ACCOUNT, observe?: SignInObserver): Promise<string> {
  const jar: Jar = new Map();
  let url = new URL("/areaOE/auth/sign-in?returnTo=%2FareaOE%2F", origin);
  let response = await step(jar, url, {}, observe);
  for (let hop = 0; hop < MAX_HOPS; hop += 1) {
    const location = response.headers.get("location");
    if (response.status >= 300 && response.status < 400 && location) {
      await response.body?.cancel();
      url = new URL(location, url);
      response = await step(jar, url, {}, observe);
      continue;
    }
    if (response.status === 200 && /\/dev-idp\/interaction\//.test(url.pathname)) {
      await response.body?.cancel();
      const form = new URLSearchParams({ nif: account.nif, password: account.password });
      response = await step(jar, url, {
        method: "POST",
        body: form,
        headers: { "content-type": "application/x-www-form-urlencoded" },
      }, observe);
      continue;
    }
    break;
  }
  await response.body?.cancel();
  const session = jar.get(SESSION_COOKIE);
  if (!session) throw new Error(`demo sign-in did not end with a session cookie (last: ${response.status} ${url.pathname})`);
  return `${SESSION_COOKIE}=${session}`;
}
