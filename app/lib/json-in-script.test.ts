import { describe, expect, it } from "vitest";
import { jsonInScript } from "./json-in-script";

describe("jsonInScript", () => {
  it("cannot close its script element or open a comment, and reads back as the same value", () => {
    const value = { text: "</script><script>alert(1)</script><!-- x", n: 1 };
    const written = jsonInScript(value);
    expect(written).not.toMatch(/<\/script|<!--/i);
    expect(JSON.parse(written)).toEqual(value);
  });
});
