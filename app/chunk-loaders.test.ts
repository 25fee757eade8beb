// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";

// Every loader built on loadOnce / loadOnceByKey forgets a failed chunk, so the next call (the next
// focus of the form, the next navigation, Retry) loads it again instead of replaying the failure. Each
// module below is replaced by one whose first import fails, as a chunk that did not arrive (Vitest
// wraps the failure in its own message: reading the chunk's address from it is chunk-load-error.test's).

function failingOnce<T>(module: T): () => T {
  let calls = 0;
  return () => {
    calls += 1;
    if (calls === 1) throw new TypeError("Failed to fetch dynamically imported module: http://localhost:3000/areaOE/assets/x.js");
    return module;
  };
}

afterEach(() => {
  vi.resetModules();
  vi.doUnmock("./features/security-header/generate-header");
  vi.doUnmock("./features/security-header/header-result");
  vi.doUnmock("./components/ui/date-input-calendar");
});

describe("chunks loaded on first use are loaded again after a failure", () => {
  it("the header form's generator", async () => {
    vi.doMock("~/features/security-header/generate-header", failingOnce({ generate: "second try" }));
    const { loadGenerator } = await import("~/features/security-header/load-generator");
    await expect(loadGenerator()).rejects.toThrow();
    await expect(loadGenerator()).resolves.toMatchObject({ generate: "second try" });
  });

  it("the header form's result", async () => {
    vi.doMock("~/features/security-header/header-result", failingOnce({ HeaderResult: "second try" }));
    const { loadHeaderResult } = await import("~/features/security-header/load-header-result");
    await expect(loadHeaderResult()).rejects.toThrow();
    await expect(loadHeaderResult()).resolves.toMatchObject({ HeaderResult: "second try" });
  });

  it("the date input's calendar", async () => {
    vi.doMock("~/components/ui/date/date-input-calendar", failingOnce({ DateInputCalendar: "second try" }));
    const { loadDateInputCalendar } = await import("~/components/ui/date/load-date-input-calendar");
    await expect(loadDateInputCalendar()).rejects.toThrow();
    await expect(loadDateInputCalendar()).resolves.toMatchObject({ DateInputCalendar: "second try" });
  });
});
