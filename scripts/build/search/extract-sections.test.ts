import { describe, expect, it } from "vitest";
import { extractSections } from "./extract-sections";

const SOURCE = `---
heading: Ignored
---
export const usefulLinks = { mode: "append", links: [] };

O sistema **STADA Importação** trata a <Acronym>DAIN</Acronym>.

## Acesso e perfis

Precisa do perfil \`ROLE_DUI\`. Ver [EORI](/areaOE/public/webservices#renovacao).

### Certificados digitais

<Callout kind="info" title="Atenção">Pedido com 4096 bits.</Callout>

<SystemCards>
  <SystemCard title="SICEU" href="/areaOE/public/iecs/siceu">Impostos especiais.</SystemCard>
</SystemCards>

## Documentação

<Documents ids={["import-dain-manual", 'import-dain-wsdl']} />

| Coluna | Valor |
| --- | --- |
| Tamanho | 1 MB |
`;

describe("extractSections", () => {
  it("cuts at ## headings with the anchors rehype-slug gives them", async () => {
    const sections = await extractSections(SOURCE);
    // github-slugger keeps accented letters, as the rendered page does.
    expect(sections.map((section) => [section.anchor, section.heading])).toEqual([
      ["", ""],
      ["acesso-e-perfis", "Acesso e perfis"],
      ["documentação", "Documentação"],
    ]);
    expect(sections[1]?.headings).toEqual([
      { depth: 2, text: "Acesso e perfis", id: "acesso-e-perfis" },
      { depth: 3, text: "Certificados digitais", id: "certificados-digitais" },
    ]);
  });

  it("keeps the visible text, JSX children and titles, and drops exports and markup", async () => {
    const [intro, access, docs] = await extractSections(SOURCE);
    expect(intro?.text).toBe("O sistema STADA Importação trata a DAIN.");
    expect(access?.text).toContain("Precisa do perfil ROLE_DUI. Ver EORI.");
    expect(access?.text).toContain("Certificados digitais.");
    expect(access?.text).toContain("Atenção. Pedido com 4096 bits.");
    expect(access?.text).toContain("SICEU. Impostos especiais.");
    expect(access?.text).not.toMatch(/usefulLinks|href|\*\*|`/);
    expect(docs?.documentIds).toEqual(["import-dain-manual", "import-dain-wsdl"]);
    expect(docs?.text).toContain("Tamanho 1 MB");
  });
});
