import { compile } from "@mdx-js/mdx";
import { describe, expect, it } from "vitest";
import { moduleFrontMatter, rehypePlugins, remarkPlugins } from "./mdx-pipeline";

const FRONT_MATTER = `---
title: "Importação: regras"
breadcrumb: Importação
summary: STADA Importação CAU e DAIN.
reviewed: 2026-11-26
---
`;

async function compiled(source: string): Promise<string> {
  return String(await compile(source, { remarkPlugins, rehypePlugins }));
}

describe("the content module's front matter", () => {
  it("leaves out the texts and the review date the build collects (no content chunk carries them again)", async () => {
    const code = await compiled(`${FRONT_MATTER}\nTexto.\n`);
    expect(code).toContain("export const frontmatter = undefined");
    expect(code).not.toMatch(/Importação: regras|STADA Importação CAU e DAIN|2026-11-26|breadcrumb/);
    // As a file without front matter.
    expect(code.replace(/\s+/g, " ")).toBe((await compiled("Texto.\n")).replace(/\s+/g, " "));
  });

  it("keeps `heading`, which the page renders from the module", async () => {
    const code = await compiled(`${FRONT_MATTER.replace("reviewed:", "heading: Outro título\nreviewed:")}\nTexto.\n`);
    expect(code).toMatch(/export const frontmatter = \{\s*"heading": "Outro título"\s*\}/);
    expect(moduleFrontMatter("heading: x\ntitle: y")).toEqual({ heading: "x" });
    expect(moduleFrontMatter("title: y")).toBeUndefined();
  });
});
