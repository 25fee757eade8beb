import type { TimeLimitRecord } from "./time-limit-schema";

// For tests only: one valid time-limit record (the UCC's 10 days to pay a notified debt), which the
// record parser's, the build plugin's and the table's tests vary field by field.
export const SAMPLE_TIME_LIMIT: TimeLimitRecord = {
  id: "settlement-payment",
  pages: ["liquidation-settlements"],
  area: "liquidation",
  actor: "debtor",
  what: { pt: "Pagar os direitos", en: "Pay the duty" },
  event: { pt: "Notificação da dívida", en: "Notification of the debt" },
  duration: 10,
  unit: "days",
  dayType: "calendar",
  counting: "eu-1182-71",
  article: { pt: "Artigo 108.º, n.º 1, do CAU", en: "Article 108(1) UCC" },
  source: "https://eur-lex.europa.eu/legal-content/PT/TXT/?uri=CELEX:32013R0952",
  sourceVersion: "2013-10-10",
};
