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

async function lint(file: string, body: string, constant = "") {
  const code = `import { useTranslation } from "~/i18n/use-translation";\n\n${constant}\n\nexport function Probe({ code }: { code: string }) {\n  const { t } = useTranslation("common");\n  return (\n    ${body}\n  );\n}\n`;
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return result?.messages ?? [];
}

async function ruleIdsFor(file: string, body: string, constant = ""): Promise<string[]> {
  return (await lint(file, body, constant)).map((message) => message.ruleId ?? message.message);
}

async function messagesFor(file: string, body: string): Promise<string[]> {
  return (await lint(file, body)).filter((message) => message.ruleId === RULE).map((message) => message.message);
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
    ["a ternary's branch", '<p>{code ? "Fechar" : t("siteName")}</p>'],
    ["a logical's branch", '<p>{code && "Sem resultados"}</p>'],
    ["a component's prop in words", '<Field hint="Introduza o NIF" />'],
    ["a component's prop of one word", '<Field label="Enviar" />'],
    ["a component's prop with an accent", '<Field legend="opção" />'],
    ["a component's prop from a ternary", '<Field hint={code ? "Obrigatório" : undefined} />'],
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

  it.each([
    ["a constant shown as a child", 'const EMPTY = "Sem resultados";', "<p>{EMPTY}</p>"],
    ["a constant given as a component's prop", 'const HINT = "Introduza o NIF";', "<Field hint={HINT} />"],
    ["a constant object's property", 'const LABELS = { send: "Enviar" } as const;', "<button>{LABELS.send}</button>"],
  ])("%s fails the lint", async (_name, constant, body) => {
    expect(await ruleIdsFor("app/features/search/probe.tsx", body, constant)).toContain(RULE);
  });

  it.each([
    ["a component's technical props and codes", '<Field name="nif" variant="primary" island="checker" href="/areaOE/public/x" className="a b" kind="checker-form" />'],
    ["a symbol as a prop", '<ZoomButton symbol="−" label={t("siteName")} />'],
    ["a constant code", "<Field kind={KIND} />"],
    ["a defaultValue read from another text or data", '<p>{t(`errors.${code}`, { defaultValue: t("siteName") })}</p>'],
    ["a template key's part cast to a union of keys", "<p>{t(`${code as PageId}.title`)}</p>"],
  ])("%s pass", async (_name, body) => {
    const messages = await lint("app/features/search/probe.tsx", body, 'const KIND = "checker-form";');
    expect(messages.filter((message) => message.fatal)).toEqual([]);
    expect(messages.map((message) => message.ruleId)).not.toContain(RULE);
  });

  it.each([
    ["a defaultValue text", '<p>{t("new.key", { defaultValue: "Enviar pedido" })}</p>'],
    ["a key cast to never", '<p>{t("new.key" as never)}</p>'],
    ["a key cast to any", "<p>{t(code as any)}</p>"],
    ["a template key's part cast to never", "<p>{t(`new.${code as never}`)}</p>"],
  ])("a missing text silenced with %s fails the lint, named as such", async (_name, body) => {
    expect(await messagesFor("app/features/search/probe.tsx", body)).toContainEqual(expect.stringMatching(/^A missing text silenced/));
  });

  it("finds a silenced text in a .ts module too", async () => {
    const code = 'export const label = (t: (key: string, options?: object) => string) => t("new.key", { defaultValue: "Enviar" });\n';
    const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, "app/features/search/probe-text.ts") });
    expect((result?.messages ?? []).map((message) => message.ruleId)).toContain(RULE);
  });

  it("holds for the server's own pages too", async () => {
    expect(await ruleIdsFor("server/http/probe.tsx", "<h1>Página não encontrada</h1>")).toContain(RULE);
  });

  it("tests may write what they render", async () => {
    expect(await ruleIdsFor("app/features/search/probe.test.tsx", "<p>Enviar pedido</p>")).not.toContain(RULE);
  });
});
