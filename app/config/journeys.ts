/**
 * The journeys (step by step, GOV.UK's pattern): a task across systems, one page each (a page of the
 * manifest, child of `journeys`), whose numbered steps link the pages where each step is done. This
 * file is the one list of what each step links (pages and the authority's services), who acts and which
 * time-limit records apply; the words of each step (its title and what is done) are in the journey's
 * content files, `<Step id="…" title="…">…</Step>` in the same order (checked by
 * scripts/checks/content/journeys.test.ts). Everything else is derived from it: the numbers and the
 * "and"/"or" markers on the journey page, the "Part of" box on every page a step links
 * (`journeysOfPage`), and the browser test that walks each journey (e2e/journeys.spec.ts).
 */
import type { PublicLinkName } from "./public-config";
import type { PageId } from "./site-map";

/** Who acts in a step (texts: the journeys feature's `actors.<id>`). */
export const JOURNEY_ACTORS = [
  "nifHolder",
  "operator",
  "importer",
  "exporter",
  "declarant",
  "representative",
  "carrier",
  "postalOperator",
  "debtor",
  "customs",
  "individual",
  "softwareTeam",
] as const;
export type JourneyActor = (typeof JOURNEY_ACTORS)[number];

/** A service outside the portal, named by its address in the startup configuration (`<ConfigLink>`'s names). */
export type JourneyService = Exclude<PublicLinkName, "customsInformation" | "forms" | "customsLinks">;

export interface JourneyStep {
  /** Kebab-case, unique in the journey: the step's anchor on the journey page is `passo-<id>`. */
  readonly id: string;
  /**
   * GOV.UK's logic steps: "and", done as well as the step before; "or", done instead of it. A logic
   * step shares the number of the step it belongs to; the first step has none.
   */
  readonly logic?: "and" | "or";
  readonly actors: readonly JourneyActor[];
  /** The portal's pages where the step is done or explained, first the main one; each shows the journey's "Part of" box. */
  readonly pages: readonly PageId[];
  /** The services outside the portal where the step is done (the authority's, the Commission's). */
  readonly services?: readonly JourneyService[];
  /** Ids of the time-limit records (content/time-limits/*.json) that apply to the step. */
  readonly timeLimits?: readonly string[];
}

export interface Journey {
  /** The journey's page (a child of `journeys` in the manifest). */
  readonly id: PageId;
  readonly steps: readonly JourneyStep[];
}

export const JOURNEYS = [
  {
    id: "journey-import",
    steps: [
      { id: "eori", actors: ["importer"], pages: ["first-steps", "import"], services: ["eori"] },
      { id: "acesso", actors: ["nifHolder", "declarant"], pages: ["first-steps"], services: ["financePortal", "gue"] },
      { id: "representante", logic: "or", actors: ["importer", "representative"], pages: ["import-dain"] },
      { id: "pauta", actors: ["importer", "declarant"], pages: ["import"], services: ["tariff"] },
      {
        id: "chegada",
        actors: ["carrier"],
        pages: ["transport", "import-dain"],
        timeLimits: [
          "ens-sea-containerised",
          "ens-sea-bulk",
          "ens-sea-short-routes",
          "ens-sea-outermost-regions",
          "ens-air-complete-long-flights",
          "temporary-storage-end",
        ],
      },
      {
        id: "declaracao",
        actors: ["declarant"],
        pages: ["import-dain"],
        timeLimits: ["import-supplementary-declaration-general", "import-invalidation-after-release"],
      },
      { id: "baixo-valor", logic: "or", actors: ["declarant"], pages: ["import-rbv", "journey-low-value"] },
      {
        id: "pagamento",
        actors: ["debtor"],
        pages: ["liquidation-settlements"],
        timeLimits: ["settlement-payment", "settlement-deferred-payment"],
      },
      { id: "garantia", logic: "or", actors: ["debtor"], pages: ["liquidation-guarantees"], timeLimits: ["guarantee-form-maintained"] },
    ],
  },
  {
    id: "journey-export",
    steps: [
      { id: "eori", actors: ["exporter"], pages: ["first-steps", "export"], services: ["eori"] },
      { id: "acesso", actors: ["nifHolder", "declarant"], pages: ["first-steps"], services: ["financePortal", "gue"] },
      { id: "representante", logic: "or", actors: ["exporter", "representative"], pages: ["export-stada-cau"] },
      {
        id: "declaracao",
        actors: ["declarant"],
        pages: ["export-stada-cau", "export"],
        timeLimits: [
          "export-pdd-sea-containerised",
          "export-pdd-sea-short-routes",
          "export-pdd-sea-outermost-regions",
          "export-pdd-sea-non-containerised",
          "export-pdd-air",
          "export-pdd-road-inland-waterways",
          "export-pdd-rail-short",
          "export-pdd-rail-other",
        ],
      },
      { id: "saida", actors: ["carrier", "customs"], pages: ["export-stada-cau"], timeLimits: ["export-exit-route-time-limit"] },
      { id: "confirmacao", actors: ["exporter", "customs"], pages: ["export-stada-cau"], timeLimits: ["export-declaration-invalidation-no-exit"] },
      { id: "iva", actors: ["exporter"], pages: ["iva-exp", "export"] },
    ],
  },
  {
    id: "journey-low-value",
    steps: [
      { id: "condicoes", actors: ["importer"], pages: ["import-rbv"] },
      { id: "iva", actors: ["importer"], pages: ["import-rbv"] },
      { id: "acesso", actors: ["nifHolder", "declarant"], pages: ["first-steps"], services: ["eori", "financePortal", "gue"] },
      { id: "operador-postal", logic: "or", actors: ["postalOperator"], pages: ["import-rbv"] },
      {
        id: "declaracao",
        actors: ["declarant"],
        pages: ["import-rbv"],
        timeLimits: ["temporary-storage-end", "import-invalidation-after-release"],
      },
      { id: "pagamento", actors: ["debtor"], pages: ["liquidation-settlements"], timeLimits: ["settlement-payment"] },
    ],
  },
  {
    id: "journey-vehicle",
    steps: [
      { id: "simulador", actors: ["individual", "operator"], pages: ["vehicle-tax"], services: ["vehicleTaxSimulator"] },
      { id: "pais-terceiro", actors: ["declarant"], pages: ["journey-import"] },
      { id: "acesso", actors: ["nifHolder", "individual", "operator"], pages: ["first-steps", "vehicle-tax-isv"], services: ["financePortal", "gue"] },
      { id: "documentos", actors: ["individual", "operator"], pages: ["vehicle-tax-isv"], timeLimits: ["isv-keep-original-documents"] },
      {
        id: "dav",
        actors: ["individual", "operator", "representative"],
        pages: ["vehicle-tax-isv", "vehicle-tax"],
        // SFA2, where the DAV is submitted, opens on the finance portal (the ISV page, Article 17(4)).
        services: ["financePortal"],
        timeLimits: ["isv-dav-individual", "isv-dav-registered-operator", "isv-dav-recognised-operator"],
      },
      { id: "pagamento", actors: ["debtor"], pages: ["vehicle-tax-isv"], timeLimits: ["isv-payment"] },
      { id: "matricula", actors: ["individual", "operator"], pages: ["vehicle-tax-isv"], timeLimits: ["isv-registration-certificate-deposit"] },
    ],
  },
  {
    id: "journey-web-services",
    steps: [
      { id: "registo", actors: ["nifHolder"], pages: ["first-steps"], services: ["financePortal"] },
      { id: "gue", actors: ["nifHolder"], pages: ["first-steps"], services: ["gue"] },
      { id: "certificado-testes", actors: ["softwareTeam"], pages: ["web-services"] },
      { id: "cabecalho", actors: ["softwareTeam"], pages: ["security-header", "security-header-form", "security-header-samples"] },
      { id: "sandbox", actors: ["softwareTeam"], pages: ["security-header-check"] },
      { id: "servico-testes", actors: ["softwareTeam"], pages: ["security-header-authority", "testing-manual"], services: ["contactUs"] },
      { id: "producao", actors: ["softwareTeam"], pages: ["testing-manual", "web-services"] },
      { id: "renovacao", actors: ["softwareTeam"], pages: ["web-services"] },
    ],
  },
] as const satisfies readonly Journey[];

export type JourneyId = (typeof JOURNEYS)[number]["id"];

const BY_ID = new Map<string, Journey>(JOURNEYS.map((journey) => [journey.id, journey]));

export function findJourney(id: string): Journey | undefined {
  return BY_ID.get(id);
}

/** The anchor of a step on its journey page. */
export function stepAnchor(stepId: string): string {
  return `passo-${stepId}`;
}

/**
 * The number each step shows: 1, 2, … for the steps, and for a logic step ("and"/"or") the number of
 * the step it belongs to (GOV.UK's step by step: the logic step is not a step of its own).
 */
export function stepNumbers(journey: Pick<Journey, "steps">): number[] {
  let number = 0;
  return journey.steps.map((step) => (step.logic ? Math.max(number, 1) : ++number));
}

/** How many numbered steps a journey has. */
export function stepCount(journey: Pick<Journey, "steps">): number {
  return journey.steps.filter((step) => !step.logic).length;
}

export interface JourneyMembership {
  journey: JourneyId;
  /** The first step that links the page, with its number. */
  stepId: string;
  stepNumber: number;
  stepCount: number;
}

/** The journeys a page is part of (a step links it), in the order of JOURNEYS: the page's "Part of" box. */
export function journeysOfPage(pageId: string, journeys: readonly Journey[] = JOURNEYS): JourneyMembership[] {
  const memberships: JourneyMembership[] = [];
  for (const journey of journeys) {
    const numbers = stepNumbers(journey);
    const index = journey.steps.findIndex((step) => step.pages.includes(pageId as PageId));
    const step = journey.steps[index];
    if (!step) continue;
    memberships.push({ journey: journey.id as JourneyId, stepId: step.id, stepNumber: numbers[index] ?? 1, stepCount: stepCount(journey) });
  }
  return memberships;
}
