import { describe, expect, it } from "vitest";
import { toOneLine } from "./header-result";

describe("toOneLine", () => {
  it("removes only the whitespace between tags", () => {
    const xml = '<wss:Security xmlns:wss="x">\n  <wss:Username>555555555/1</wss:Username>\n  <wss:Nonce>a b</wss:Nonce>\n</wss:Security>\n';
    expect(toOneLine(xml)).toBe('<wss:Security xmlns:wss="x"><wss:Username>555555555/1</wss:Username><wss:Nonce>a b</wss:Nonce></wss:Security>');
  });
});
