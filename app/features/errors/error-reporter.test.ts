import { describe, expect, it, vi } from "vitest";
import { createErrorReporter, MAX_STACK_CHARS } from "./error-reporter";
import { errorDigest } from "./digest";

const config = { enabled: true, url: "/areaOE/api/client-errors", method: "POST" };

function setup(fetchImpl = vi.fn(() => Promise.resolve(new Response(null, { status: 204 })))) {
  const reporter = createErrorReporter({
    config,
    fetch: fetchImpl as unknown as typeof fetch,
    now: () => new Date("2025-01-02T03:04:05.678Z"),
    pageUrl: () => "https://portal.example/areaOE/public/iecs?lang=en&token=s3cret#top",
    userAgent: () => "TestAgent/1.0",
  });
  return { reporter, fetchImpl };
}

function errorWith(message: string, stack: string): Error {
  const error = new Error(message);
  error.stack = stack;
  return error;
}

describe("createErrorReporter", () => {
  it("sends the exact payload as JSON with the configured method and keepalive", () => {
    const { reporter, fetchImpl } = setup();
    reporter.report(errorWith("boom password=hunter2", "Error: boom\n    at Page (https://x/a.js?v=1:1:2)"), "\n    in Page");
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/areaOE/api/client-errors");
    expect(init.method).toBe("POST");
    expect(init.keepalive).toBe(true);
    expect(init.headers).toEqual({ "Content-Type": "application/json" });
    const message = "Error: boom password=[redacted]";
    const stack = "Error: boom\n    at Page (https://x/a.js:1:2)";
    expect(JSON.parse(init.body as string)).toEqual({
      digest: errorDigest(message, stack),
      message,
      stack,
      componentStack: "\n    in Page",
      timestamp: "2025-01-02T03:04:05.678Z",
      userAgent: "TestAgent/1.0",
      url: "https://portal.example/areaOE/public/iecs",
    });
  });

  it("sends one request per distinct digest", () => {
    const { reporter, fetchImpl } = setup();
    reporter.report(errorWith("a", "s1"));
    reporter.report(errorWith("a", "s1"));
    reporter.report(errorWith("a", "s2"));
    reporter.report("a string");
    reporter.report("a string");
    expect(fetchImpl).toHaveBeenCalledTimes(3);
  });

  it("swallows network failures and synchronous fetch errors", async () => {
    const rejecting = vi.fn(() => Promise.reject(new TypeError("Failed to fetch")));
    expect(() => setup(rejecting).reporter.report(new Error("x"))).not.toThrow();
    const throwing = vi.fn(() => {
      throw new Error("sync");
    });
    expect(() => setup(throwing as never).reporter.report(new Error("y"))).not.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 0));
  });

  it("cuts long stacks and sends nothing when disabled", () => {
    const { reporter, fetchImpl } = setup();
    const sent = reporter.report(errorWith("long", "x".repeat(MAX_STACK_CHARS * 2)));
    expect(sent?.stack).toHaveLength(MAX_STACK_CHARS);
    const off = vi.fn();
    createErrorReporter({ config: { ...config, enabled: false }, fetch: off }).report(new Error("z"));
    expect(off).not.toHaveBeenCalled();
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });
});
