import { describe, expect, it, vi } from "vitest";
import { loadOnce, loadOnceByKey } from "./load-once";

describe("loadOnce", () => {
  it("loads once and shares the promise", async () => {
    const load = vi.fn(() => Promise.resolve({ value: 1 }));
    const get = loadOnce(load);
    const first = get();
    expect(get()).toBe(first);
    await expect(first).resolves.toEqual({ value: 1 });
    await get();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("forgets a failed load, so the next call tries again", async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error("offline")).mockResolvedValueOnce("loaded");
    const get = loadOnce<string>(load);
    await expect(get()).rejects.toThrow("offline");
    await expect(get()).resolves.toBe("loaded");
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("turns a load that throws at once into a rejected promise, and tries again next time", async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockImplementationOnce(() => {
        throw new Error("sync");
      })
      .mockResolvedValueOnce("ok");
    const get = loadOnce(load);
    await expect(get()).rejects.toThrow("sync");
    await expect(get()).resolves.toBe("ok");
  });
});

describe("loadOnceByKey", () => {
  it("shares one promise per key while it is pending or fulfilled", async () => {
    const load = vi.fn((key: string) => Promise.resolve(key.toUpperCase()));
    const get = loadOnceByKey(load);
    expect(get("a")).toBe(get("a"));
    expect(get("a")).not.toBe(get("b"));
    await expect(get("a")).resolves.toBe("A");
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("forgets the failed key only: a retry loads it again, the others stay loaded", async () => {
    let failB = true;
    const load = vi.fn((key: string) => (key === "b" && failB ? Promise.reject(new Error("chunk b")) : Promise.resolve(key)));
    const get = loadOnceByKey(load);
    const a = get("a");
    await expect(get("b")).rejects.toThrow("chunk b");
    failB = false;
    await expect(get("b")).resolves.toBe("b");
    expect(get("a")).toBe(a);
    expect(load.mock.calls.map(([key]) => key)).toEqual(["a", "b", "b"]);
  });

  it("a caller that retries inside its own catch handler gets a new load, not the failed promise", async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error("offline")).mockResolvedValue("loaded");
    const get = loadOnceByKey<string, string>(load);
    const retried = await get("x").catch(() => get("x"));
    expect(retried).toBe("loaded");
  });
});
