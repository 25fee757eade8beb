import { FILE_SETTINGS, PROCESS_SETTINGS } from "./setting-records";

/** A record as the operations guide's check sees it: its variable and, for a file setting, its field. */
export interface DocumentedSetting {
  readonly env: string;
  readonly field?: readonly string[];
}

/** Every setting record (setting-records.ts). */
export const SETTING_RECORDS: readonly DocumentedSetting[] = [...Object.values(PROCESS_SETTINGS), ...FILE_SETTINGS];

/** The section of the operations guide whose two tables list the settings. */
function configurationSection(guide: string): string {
  const start = guide.indexOf("\n## Configuration");
  if (start < 0) return "";
  const end = guide.indexOf("\n## ", start + 1);
  return guide.slice(start, end < 0 ? undefined : end);
}

/**
 * The variables the guide's settings tables list: the first column of the process's table (two
 * columns), the second of the configuration file's (three: field, variable, meaning).
 */
export function documentedVariables(guide: string): Set<string> {
  const names = new Set<string>();
  for (const line of configurationSection(guide).split("\n")) {
    if (!line.startsWith("|") || /^\|\s*-/.test(line)) continue;
    const cells = line.split("|").slice(1, -1);
    const cell = cells.length === 2 ? cells[0] : cells.length === 3 ? cells[1] : undefined;
    for (const match of cell?.matchAll(/`([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*)`/g) ?? []) names.add(match[1] as string);
  }
  return names;
}

/**
 * What the operations guide (docs/operations.md) and the records disagree on, one line each, naming the
 * setting: a setting parsed but not documented in the settings tables, or a variable the tables list
 * that no record parses (a setting removed, or misspelt). Empty: they agree.
 */
export function settingsGuideProblems(guide: string, records: readonly DocumentedSetting[] = SETTING_RECORDS): string[] {
  const documented = documentedVariables(guide);
  const parsed = new Set(records.map((record) => record.env));
  const problems: string[] = [];
  for (const record of records) {
    if (!documented.has(record.env)) {
      const field = record.field ? ` (configuration field ${record.field.join(".")})` : "";
      problems.push(`${record.env}${field} is parsed but not documented in docs/operations.md's settings tables`);
    }
  }
  for (const name of documented) {
    if (!parsed.has(name)) problems.push(`${name} is documented in docs/operations.md's settings tables but no setting record parses it (server/config/setting-records.ts)`);
  }
  return problems;
}

/** The fields of the configuration's `limits` (budgets, timeouts) the guide does not name (as `field`): each is a setting too. */
export function undocumentedLimits(guide: string, fields: readonly string[]): string[] {
  return fields.filter((field) => !guide.includes(`\`${field}\``)).map((field) => `limits.${field} is parsed but not documented in docs/operations.md (the limits row)`);
}

/** The cells of the guide's settings tables' rows: `| a | b |` → ["a", "b"]. */
function tableRows(guide: string): string[][] {
  return configurationSection(guide)
    .split("\n")
    .filter((line) => line.startsWith("|") && !/^\|\s*-/.test(line))
    .map((line) => line.split("|").slice(1, -1).map((cell) => cell.trim()));
}

/** The default a meaning cell states: "default 3000", "default `0.0.0.0`", "`info` (default)", "`false` (default)". */
function statedDefault(meaning: string): string | undefined {
  const stated = /\bdefault(?:s? is)? `?([^`\s,;)]+)`?/i.exec(meaning) ?? /`?([^`\s/(]+)`? \(default\b/.exec(meaning);
  return stated?.[1];
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Each default the guide states that is not the code's, one line each, naming the variable or field:
 * a process variable's default (read through its record's schema, as the variable would be, and
 * compared with the record's default), and each figure of the limits row (`field` (N…)) compared with
 * the limits schema's default. Empty: the guide states the code's defaults.
 */
export function settingDefaultProblems(guide: string, limitDefaults: Readonly<Record<string, unknown>>): string[] {
  const problems: string[] = [];
  const records = new Map(Object.values(PROCESS_SETTINGS).map((record) => [record.env as string, record]));
  for (const cells of tableRows(guide)) {
    const [variableCell = "", meaning = ""] = cells.length === 2 ? cells : [];
    const record = records.get(/^`([A-Z0-9_]+)`$/.exec(variableCell)?.[1] ?? "");
    const stated = statedDefault(meaning);
    if (!record || record.default === undefined || stated === undefined) continue;
    const parsed = record.schema.safeParse(stated);
    if (!parsed.success || !same(parsed.data, record.default)) {
      problems.push(`${record.env}: docs/operations.md states the default ${stated}, the record's default is ${JSON.stringify(record.default)} (server/config/setting-records.ts)`);
    }
  }
  const limitsRow = tableRows(guide).find((cells) => cells[0] === "`limits`")?.join(" ") ?? "";
  for (const [, field = "", figure = ""] of limitsRow.matchAll(/`([a-zA-Z]+)` \((\d+)/g)) {
    if (field in limitDefaults && !same(Number(figure), limitDefaults[field])) {
      problems.push(`limits.${field}: docs/operations.md states the default ${figure}, the limits schema's default is ${JSON.stringify(limitDefaults[field])} (server/config/schema.ts)`);
    }
  }
  return problems;
}
