import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { LANGUAGES, type Language } from "../../../app/i18n/languages";
import type { TimeLimitRecord } from "../../../app/features/time-limits/time-limit-schema";
import { validTimeLimits } from "../../build/time-limits/read-time-limits";
import { SOURCES_HEADING } from "./official-sources";
import { readContentFile, type ContentFileFacts } from "./read-content-file";
import { readerText } from "./twin-numbers";

/**
 * Issue 47, "the money answers": each answer a visitor came for is stated on its page, in both
 * languages, in its own section, with the article that says it, and the page cites the primary text
 * (or the labelled announcement) it rests on. A rewrite that drops the statement, the article or the
 * source fails here, naming the page and the missing words.
 */
const root = process.cwd();

interface MoneyAnswer {
  /** What the visitor asks, for the test's name. */
  question: string;
  page: string;
  /** The `##` heading of the section that answers, per language. */
  heading: Record<Language, string>;
  /** Words the section must contain (the statement and its article), per language. */
  says: Record<Language, string[]>;
  /** Addresses the page must cite in its sources section (EUR-Lex links in the page's language). */
  cites: Record<Language, string[]>;
}

const UCC = { pt: "https://eur-lex.europa.eu/legal-content/PT/TXT/?uri=CELEX:32013R0952", en: "https://eur-lex.europa.eu/legal-content/EN/TXT/?uri=CELEX:32013R0952" };
const AT_UCC = (article: string) => `https://info-aduaneiro.portaldasfinancas.gov.pt/pt/legislacao_aduaneira/codigos_aduaneiros/CAU/Paginas/cau${article}.aspx`;
const ACM_ISV = "https://acm.gov.pt/zh/-/como-se-aplica-o-regime-geral-de-tributacao-do-imposto-sobre-veiculos-is-1";
const AICEP_DUTY = "https://www.portugalglobal.pt/en/news/2025/december/eu-introduces-customs-duties-on-low-value-e-commerce-packages";
const AT_ECOMMERCE =
  "https://info.portaldasfinancas.gov.pt/pt/apoio_ao_contribuinte/Cidadaos/Compras/Encomendas_postais/Encomendas_Postais_Comercio_Eletronico/Paginas/default.aspx";

export const MONEY_ANSWERS: MoneyAnswer[] = [
  {
    question: "what follows a missed payment of the customs debt: interest on arrears",
    page: "liquidation-settlements",
    heading: { pt: "Se não pagar no prazo", en: "If you do not pay on time" },
    says: {
      pt: ["juros de mora", "desde o termo do prazo fixado até à data do pagamento", "acrescida de 2 pontos percentuais", "artigo 114.º, n.º 1, do CAU", "inferior a 10 euros", "artigo 114.º, n.ºs 3 e 4"],
      en: ["interest on arrears", "from the date on which the prescribed period expires until the date of payment", "plus 2 percentage points", "Article 114(1) UCC", "less than 10 euros", "Article 114(3) and (4)"],
    },
    cites: { pt: [AT_UCC("114"), UCC.pt], en: [AT_UCC("114"), UCC.en] },
  },
  {
    question: "what follows a missed payment: the guarantee is used to recover",
    page: "liquidation-settlements",
    heading: { pt: "Se não pagar no prazo", en: "If you do not pay on time" },
    says: { pt: ["enquanto não for liberada", "artigo 89.º, n.º 4, do CAU"], en: ["until it is released", "Article 89(4) UCC"] },
    cites: { pt: [UCC.pt], en: [UCC.en] },
  },
  {
    question: "how the customs debt is paid",
    page: "liquidation-settlements",
    heading: { pt: "Como pagar", en: "How to pay" },
    says: { pt: ["em numerário", "por outra pessoa", "artigo 109.º do CAU"], en: ["in cash", "by another person", "Article 109 UCC"] },
    cites: { pt: [AT_UCC("109")], en: [AT_UCC("109")] },
  },
  {
    question: "until when a guarantee must cover the debt and when it is released",
    page: "liquidation-guarantees",
    heading: { pt: "Até quando a garantia cobre a dívida", en: "Until when the guarantee covers the debt" },
    says: {
      pt: ["garantia complementar", "artigo 97.º do CAU", "libera a garantia imediatamente", "artigo 98.º do CAU", "artigo 124.º, n.º 1, alíneas a) e b), do CAU"],
      en: ["additional guarantee", "Article 97 UCC", "release the guarantee immediately", "Article 98 UCC", "Article 124(1)(a) and (b) UCC"],
    },
    cites: { pt: [UCC.pt], en: [UCC.en] },
  },
  {
    question: "how long customs may require the form of guarantee to be kept (Article 93, third paragraph)",
    page: "liquidation-guarantees",
    heading: { pt: "Prazos", en: "Time limits" },
    says: { pt: ["artigo 93.º, terceiro parágrafo, do CAU"], en: ["Article 93 UCC, third paragraph"] },
    cites: { pt: [AT_UCC("093")], en: [AT_UCC("093")] },
  },
  {
    question: "when ISV is paid after the assessment (an announcement, labelled: the Code's article was not reached)",
    page: "vehicle-tax-isv",
    heading: { pt: "Quando se paga o ISV", en: "When ISV is paid" },
    says: {
      pt: ["10 dias úteis a contar da notificação da liquidação", "Alto Comissariado para as Migrações", "não o texto legal", "não indica o artigo do Código do ISV"],
      en: ["10 working days of the notification of the assessment", "High Commission for Migration", "not the legal text", "does not give the article of the Vehicle Tax Code"],
    },
    cites: { pt: [ACM_ISV], en: [ACM_ISV] },
  },
  {
    question: "the customs duty on low-value consignments since July 2026 (an announcement, labelled: the legal text was not reached)",
    page: "import-rbv",
    heading: { pt: "O direito aduaneiro desde julho de 2026", en: "The customs duty since July 2026" },
    says: {
      pt: [
        "direito aduaneiro de 3 euros por artigo",
        "de valor inferior a 150 euros, a partir de julho de 2026",
        "medida temporária, até à criação do Centro de Dados Aduaneiros da UE, em 2028",
        "enviadas diretamente aos consumidores a partir de países terceiros",
        "anúncio da Comissão Europeia (dezembro de 2025), tal como publicado pela AICEP; não é o texto legal",
      ],
      en: [
        "customs duty of 3 euros per item",
        "valued below 150 euros, starting in July 2026",
        "temporary measure, until the setting up of the EU Customs Data Hub in 2028",
        "sent directly to consumers from third countries",
        "announcement of the European Commission (December 2025), as published by AICEP; it is not the legal text",
      ],
    },
    cites: { pt: [AICEP_DUTY], en: [AICEP_DUTY] },
  },
  {
    question: "the import hub's RBV card names the customs duty announced from July 2026, labelled",
    page: "import",
    heading: { pt: "Sistemas da área", en: "Systems in this area" },
    says: {
      pt: ["segundo um anúncio da Comissão Europeia (dezembro de 2025; não o texto legal)", "3 euros por artigo", "a partir de julho de 2026"],
      en: ["according to an announcement of the European Commission (December 2025; not the legal text)", "3 euros per item", "from July 2026"],
    },
    cites: { pt: [AICEP_DUTY], en: [AICEP_DUTY] },
  },
  {
    question: "import VAT on a low-value consignment, with and without IOSS",
    page: "import-rbv",
    heading: { pt: "Quem declara, o quê e quando", en: "Who declares what and when" },
    says: {
      pt: ["com ou sem IOSS", "Com o IOSS, é a plataforma", "Sem ele, o IVA é pago mais tarde, no momento da importação"],
      en: ["with or without IOSS", "With IOSS, the platform", "Without it, VAT is paid later, on import"],
    },
    cites: { pt: [AT_ECOMMERCE], en: [AT_ECOMMERCE] },
  },
];

/** The reader text of one `##` section (heading included, markup left out), or undefined. */
export function sectionText(source: string, heading: string): string | undefined {
  const parts = `\n${source}`.split(/\n## /);
  const part = parts.find((candidate) => candidate.split("\n")[0]!.trim() === heading);
  return part === undefined ? undefined : readerText(part).replace(/\*\*|[[\]]/g, "").replace(/\s+/g, " ");
}

const sources = new Map<string, string>();
const facts = new Map<string, ContentFileFacts>();
let records: TimeLimitRecord[] = [];

beforeAll(async () => {
  records = validTimeLimits(root);
  for (const page of new Set(MONEY_ANSWERS.map((answer) => answer.page))) {
    for (const lang of LANGUAGES) {
      const file = `content/${lang}/${page}.mdx`;
      const source = readFileSync(path.join(root, file), "utf8");
      sources.set(file, source);
      facts.set(file, await readContentFile(source));
    }
  }
}, 60_000);

describe("the money answers: each page states it with its article and cites its source (issue 47)", () => {
  it.each(MONEY_ANSWERS.flatMap((answer) => LANGUAGES.map((lang) => [answer.question, lang, answer] as const)))("%s (%s)", (_question, lang, answer) => {
    const file = `content/${lang}/${answer.page}.mdx`;
    const section = sectionText(sources.get(file)!, answer.heading[lang]);
    expect(section, `${file}: no section "## ${answer.heading[lang]}"`).toBeDefined();
    const missing = answer.says[lang].filter((words) => !section!.includes(words));
    expect(missing, `${file}, section "${answer.heading[lang]}" does not say`).toEqual([]);
    const cited = facts.get(file)!.links.filter((link) => link.section === SOURCES_HEADING[lang]).map((link) => link.href);
    expect(answer.cites[lang].filter((href) => !cited.includes(href)), `${file}: not cited in "${SOURCES_HEADING[lang]}"`).toEqual([]);
  });

  it("the ISV payment period is a record of the ISV page, labelled as an announcement, with the page's source", () => {
    const record = records.find((candidate) => candidate.id === "isv-payment");
    expect(record).toMatchObject({ pages: ["vehicle-tax-isv"], duration: 10, unit: "days", dayType: "working", source: ACM_ISV });
    expect(record?.note?.pt).toContain("não é o texto legal");
    expect(record?.note?.en).toContain("not the legal text");
  });

  it("reads a section by its heading, without markup", () => {
    const source = "Intro.\n\n## Como pagar\n\nEm **numerário** ([artigo 109.º](/x)).\n\n## Outra\n\nNada.\n";
    expect(sectionText(source, "Como pagar")).toBe("Como pagar Em numerário (artigo 109.º). ");
    expect(sectionText(source, "Falta")).toBeUndefined();
  });
});

describe("the fact-check's fixes to the records (issue 47, item 8)", () => {
  const byId = (id: string) => records.find((record) => record.id === id);

  it("Article 93 has no numbered paragraphs: the maintained form of guarantee cites its third paragraph", () => {
    expect(byId("guarantee-form-maintained")?.article).toEqual({
      pt: "Artigo 93.º, terceiro parágrafo, do Regulamento (UE) n.º 952/2013",
      en: "Article 93, third paragraph, of Regulation (EU) No 952/2013",
    });
  });

  it("the pre-departure declaration by sea: (ii) as amended by 2020/2191, (iii) the outermost regions, (iv) non-containerised", () => {
    expect(byId("export-pdd-sea-short-routes")).toMatchObject({
      source: "https://eur-lex.europa.eu/legal-content/PT/TXT/?uri=CELEX:32020R2191",
      sourceVersion: "2020-12-23",
    });
    expect(byId("export-pdd-sea-outermost-regions")).toMatchObject({ duration: 2, unit: "hours", counting: "none", calculator: false });
    expect(byId("export-pdd-sea-outermost-regions")?.article.en).toBe("Article 244(1)(a)(iii) of Delegated Regulation (EU) 2015/2446");
    expect(byId("export-pdd-sea-non-containerised")?.article.en).toBe("Article 244(1)(a)(iv) of Delegated Regulation (EU) 2015/2446");
  });

  it("the short rail journey counts from the arrival at the place for which the office of exit is competent", () => {
    expect(byId("export-pdd-rail-short")?.event.pt).toContain("local para o qual é competente a estância aduaneira de saída");
  });

  it("the ISV records that rest on AT's FAQ say so", () => {
    for (const id of ["isv-registration-certificate-deposit", "isv-keep-original-documents"]) {
      expect(byId(id)?.note?.pt, id).toContain("perguntas frequentes");
      expect(byId(id)?.note?.en, id).toContain("frequently asked questions");
    }
  });
});
