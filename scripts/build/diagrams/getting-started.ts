import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import escapeHtml from "escape-html";
import { FIRST_STEPS } from "../../../app/config/first-steps";
import { LANGUAGES, type Language } from "../../../app/i18n/languages";

/**
 * The home page's diagram of the first steps (public/diagrams/getting-started-<lang>.svg), written from
 * the one list of the first steps (app/config/first-steps.ts) and their short labels
 * (`firstSteps.*` in the common texts), so that the picture cannot tell another order.
 * scripts/checks/content/first-steps-order.test.ts fails when a committed file differs from what this
 * writes; `npx tsx scripts/build/diagrams/getting-started.ts` writes both again.
 */
const BOX_WIDTH = 170;
const BOX_GAP = 27;
const LEFT = 20;
/** About the characters of a 17 px Arial line that fit in a box (the labels wrap at word boundaries). */
const LINE_CHARACTERS = 16;
const BRAND = "#1d70b8";
const LAST = "#00703c";
const TEXT = "#0b0c0c";

interface FirstStepTexts {
  diagramTitle: string;
  steps: Record<(typeof FIRST_STEPS)[number], string>;
}

export function readFirstStepTexts(lang: Language, root = process.cwd()): FirstStepTexts {
  const common = JSON.parse(readFileSync(path.join(root, "app/i18n/locales", lang, "common.json"), "utf8")) as { firstSteps: FirstStepTexts };
  return common.firstSteps;
}

/** Greedy word wrap: as many words per line as fit. */
export function wrapLabel(label: string, width = LINE_CHARACTERS): string[] {
  const lines: string[] = [];
  for (const word of label.split(/\s+/).filter(Boolean)) {
    const last = lines.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

const text = (x: number, y: number, size: number, fill: string, content: string, bold = false) =>
  `<text x="${x}" y="${y}" font-family="Arial, sans-serif" font-size="${size}"${bold ? ' font-weight="700"' : ""} fill="${fill}">${escapeHtml(content)}</text>`;

export function gettingStartedSvg(texts: FirstStepTexts): string {
  const title = escapeHtml(texts.diagramTitle);
  const lines = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1000 220" width="1000" height="220" role="img" aria-labelledby="t">`,
    `<title id="t">${title}</title>`,
    `<rect width="100%" height="100%" fill="#ffffff"/>`,
    `<defs><marker id="a" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="8" markerHeight="8" orient="auto"><path d="M0 0 10 5 0 10z" fill="${TEXT}"/></marker></defs>`,
    text(20, 36, 24, TEXT, texts.diagramTitle, true),
  ];
  FIRST_STEPS.forEach((step, index) => {
    const x = LEFT + index * (BOX_WIDTH + BOX_GAP);
    if (index > 0) lines.push(`<line x1="${x - 25}" y1="125" x2="${x - 3}" y2="125" stroke="${TEXT}" stroke-width="3" marker-end="url(#a)"/>`);
    lines.push(`<rect x="${x}" y="70" width="${BOX_WIDTH}" height="110" rx="8" fill="${index === FIRST_STEPS.length - 1 ? LAST : BRAND}"/>`);
    lines.push(text(x + 14, 104, 28, "#ffffff", String(index + 1), true));
    wrapLabel(texts.steps[step]).forEach((line, row) => lines.push(text(x + 14, 132 + row * 20, 17, "#ffffff", line)));
  });
  lines.push("</svg>");
  return `${lines.join("\n")}\n`;
}

export const diagramFile = (lang: Language, root = process.cwd()) => path.join(root, "public/diagrams", `getting-started-${lang}.svg`);

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const lang of LANGUAGES) writeFileSync(diagramFile(lang), gettingStartedSvg(readFirstStepTexts(lang)));
}
