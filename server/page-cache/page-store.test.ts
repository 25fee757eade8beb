import { describe, expect, it } from "vitest";
import { PageStore, type CachedPage } from "./page-store";

const page = (bytes: number, storedAt = 0): CachedPage => ({
  status: 200,
  headers: [],
  parts: [Buffer.alloc(bytes)],
  bytes,
  storedAt,
});

describe("PageStore", () => {
  it("keeps at most maxEntries pages, dropping the least recently used", () => {
    const store = new PageStore({ maxEntries: 2, maxBytes: 1_000, maxAgeMs: 60_000 }, () => 0);
    store.set("a", page(10));
    store.set("b", page(10));
    expect(store.get("a")).toBeDefined(); // a is now more recent than b
    store.set("c", page(10));
    expect(store.get("b")).toBeUndefined();
    expect(store.get("a")).toBeDefined();
    expect(store.get("c")).toBeDefined();
    expect(store.size).toBe(2);
  });

  it("keeps at most maxBytes and refuses a page larger than the whole budget", () => {
    const store = new PageStore({ maxEntries: 100, maxBytes: 100, maxAgeMs: 60_000 }, () => 0);
    store.set("a", page(60));
    store.set("b", page(30));
    store.set("c", page(30));
    expect(store.get("a")).toBeUndefined();
    expect(store.bytes).toBe(60);
    store.set("huge", page(101));
    expect(store.get("huge")).toBeUndefined();
    expect(store.bytes).toBe(60);
  });

  it("replacing a page counts its bytes once", () => {
    const store = new PageStore({ maxEntries: 10, maxBytes: 100, maxAgeMs: 60_000 }, () => 0);
    store.set("a", page(40));
    store.set("a", page(50));
    expect(store.bytes).toBe(50);
    expect(store.size).toBe(1);
  });

  it("forgets a page after maxAgeMs", () => {
    let now = 0;
    const store = new PageStore({ maxEntries: 10, maxBytes: 100, maxAgeMs: 1_000 }, () => now);
    store.set("a", page(10, 0));
    now = 999;
    expect(store.get("a")).toBeDefined();
    now = 1_000;
    expect(store.get("a")).toBeUndefined();
    expect(store.bytes).toBe(0);
  });

  it("empties itself when the build changes, not when the same build is seen again", () => {
    const store = new PageStore({ maxEntries: 10, maxBytes: 100, maxAgeMs: 60_000 }, () => 0);
    store.useBuild("v1");
    store.set("a", page(10));
    store.useBuild("v1");
    expect(store.get("a")).toBeDefined();
    store.useBuild("v2");
    expect(store.get("a")).toBeUndefined();
    expect(store.size).toBe(0);
  });
});
