import path from "node:path";
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/**
 * Probes for `areaoe/no-literal-text` (scripts/lint/no-literal-text.js) with the real configuration:
 * visible text written in a component fails the lint, symbols, digits and texts read with `t` pass.
 * The probes are linted as text under a made-up file name, so nothing is written into app/.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const eslint = new ESLint({ cwd: ROOT });
const RULE = "areaoe/no-literal-text";

async function ruleIdsFor(file: string, body: string): Promise<string[]> {
  const code = `import { useTranslation } from "~/i18n/use-translation";\n\nexport function Probe({ code }: { code: string }) {\n  const { t } = useTranslation("common");\n  return (\n    ${body}\n  );\n}\n`;
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

describe("no visible text written in a component", () => {
  it.each([
    ["text in an element", "<p>Enviar pedido</p>"],
    ["one word beside a text read with t", '<p>{t("siteName")} online</p>'],
    ["a string literal as a child", '<p>{"Enviar"}</p>'],
    ["a template literal as a child", "<p>{`Código ${code}`}</p>"],
    ["an accented word", "<span>Início</span>"],
    ["an image's alternative text", '<img src="/x.png" alt="Logótipo" />'],
    ["an accessible name", '<nav aria-label="Breadcrumbs" />'],
    ["a title", '<abbr title="Número de identificação fiscal">x</abbr>'],
    ["a placeholder", '<input placeholder="Pesquisar" />'],
  ])("%s fails the lint", async (_name, body) => {
    expect(await ruleIdsFor("app/features/search/probe.tsx", body)).toContain(RULE);
  });

  it.each([
    ["texts read with t", '<p>{t("siteName")}</p>'],
    ["symbols and punctuation", '<p>{t("siteName")} — · ( ) : / …</p>'],
    ["numbers", "<p>2 × 3 = 6</p>"],
    ["data shown as it is", "<p>{code}</p>"],
    ["technical attributes", '<a href="/areaOE" className="link" data-kind="page" lang="pt">{t("siteName")}</a>'],
    ["an empty alternative text", '<img src="/x.png" alt="" />'],
  ])("%s pass", async (_name, body) => {
    expect(await ruleIdsFor("app/features/search/probe.tsx", body)).not.toContain(RULE);
  });

  it("holds for the server's own pages too", async () => {
    expect(await ruleIdsFor("server/http/probe.tsx", "<h1>Página não encontrada</h1>")).toContain(RULE);
  });

  it("tests may write what they render", async () => {
    expect(await ruleIdsFor("app/features/search/probe.test.tsx", "<p>Enviar pedido</p>")).not.toContain(RULE);
  });
});
