import { describe, expect, it } from "vitest";
import { compile } from "@mdx-js/mdx";
import { rehypePlugins, remarkPlugins } from "./mdx-pipeline";
import { literalFragmentHref } from "./rehype-literal-fragments";

describe("literalFragmentHref", () => {
  it("decodes the fragment of in-page and in-app links", () => {
    expect(literalFragmentHref("#condi%C3%A7%C3%B5es-de-acesso")).toBe("#condições-de-acesso");
    expect(literalFragmentHref("/areaOE/public/webservices#renova%C3%A7%C3%A3o")).toBe("/areaOE/public/webservices#renovação");
  });

  it("leaves external addresses, links without a fragment and malformed escapes alone", () => {
    expect(literalFragmentHref("https://example.org/a#b%C3%A7")).toBe("https://example.org/a#b%C3%A7");
    expect(literalFragmentHref("/areaOE/public/iecs")).toBe("/areaOE/public/iecs");
    expect(literalFragmentHref("#bad%E0%A4%A")).toBe("#bad%E0%A4%A");
  });
});

describe("the site's MDX pipeline", () => {
  it("renders an accented in-page link with the heading's literal id", async () => {
    const output = String(
      await compile("[Condições de acesso](#condições-de-acesso)\n\n## Condições de acesso\n", { remarkPlugins, rehypePlugins }),
    );
    expect(output).toContain('href: "#condições-de-acesso"');
    expect(output).toContain('id: "condições-de-acesso"');
    expect(output).not.toContain("%C3%A7");
  });
});
