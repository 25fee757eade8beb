import { describe, expect, it } from "vitest";
import { formatTimeLimitProblem, parseTimeLimits } from "./parse-time-limits";
import { SAMPLE_TIME_LIMIT } from "../../../app/features/time-limits/sample-time-limit";

const GOOD = SAMPLE_TIME_LIMIT;

function problems(files: Record<string, unknown>): string[] {
  return parseTimeLimits(files).problems.map(formatTimeLimitProblem);
}

describe("parseTimeLimits", () => {
  it("keeps valid records", () => {
    const { records, problems: found } = parseTimeLimits({ "content/time-limits/liquidation.json": [GOOD] });
    expect(found).toEqual([]);
    expect(records.map((record) => record.id)).toEqual(["settlement-payment"]);
  });

  it("names the file, the record and the field of a bad value", () => {
    expect(problems({ "content/time-limits/liquidation.json": [{ ...GOOD, unit: "weeks" }] })).toEqual([
      "content/time-limits/liquidation.json, record settlement-payment (#0), field unit: must be one of: minutes, hours, days, months, years",
    ]);
  });

  it("refuses a record whose pt and en texts give different numbers, naming the field and the numbers", () => {
    const note = { pt: "Prorrogável por 30 dias, nos termos do artigo 12.º", en: "It may be extended by 20 days, under Article 12" };
    expect(problems({ "content/time-limits/liquidation.json": [{ ...GOOD, note }] })).toEqual([
      "content/time-limits/liquidation.json, record settlement-payment (#0), field note: the pt and en texts give different numbers (pt: 12, 30; en: 12, 20)",
    ]);
    // The same numbers in another order (a legal reference written each language's way) pass.
    const article = { pt: "Artigo 36.º, n.º 2, do Decreto-Lei n.º 73/2010", en: "Article 36(2) of Decreto-Lei n.º 73/2010" };
    expect(problems({ "content/time-limits/liquidation.json": [{ ...GOOD, article }] })).toEqual([]);
  });

  it("refuses a page that is not in the manifest", () => {
    expect(problems({ "content/time-limits/liquidation.json": [{ ...GOOD, pages: ["nowhere"] }] })).toEqual([
      "content/time-limits/liquidation.json, record settlement-payment (#0), field pages.0: nowhere is not a page id of the manifest (app/config/site-map.ts)",
    ]);
  });

  it("asks who sets a time limit without a duration, and no unit for it", () => {
    expect(problems({ "content/time-limits/liquidation.json": [{ ...GOOD, duration: null, unit: "days" }] })).toEqual([
      "content/time-limits/liquidation.json, record settlement-payment (#0), field setBy: is required when duration is null: who sets the time limit case by case",
      "content/time-limits/liquidation.json, record settlement-payment (#0), field unit: must be null when duration is null",
      "content/time-limits/liquidation.json, record settlement-payment (#0), field dayType: must be null when duration is null",
    ]);
  });

  it("wants working days under the CPA and a clock unit for `none`", () => {
    expect(problems({ "content/time-limits/liquidation.json": [{ ...GOOD, counting: "pt-cpa" }, { ...GOOD, id: "other", counting: "none" }] })).toEqual([
      "content/time-limits/liquidation.json, record settlement-payment (#0), field dayType: must be working: the CPA (art. 87.º, c)) suspends a time limit on Saturdays, Sundays and holidays",
      "content/time-limits/liquidation.json, record other (#1), field counting: none is for a time limit in hours or minutes run by the clock",
    ]);
  });

  it("refuses a duplicate id across files, an area that is not the file's, and a file named after no area", () => {
    expect(
      problems({
        "content/time-limits/liquidation.json": [GOOD],
        "content/time-limits/vehicle-tax.json": [{ ...GOOD, area: "vehicle-tax" }, { ...GOOD, id: "elsewhere" }],
        "content/time-limits/misc.json": [GOOD],
      }),
    ).toEqual([
      "content/time-limits/misc.json: the file is named after no area (one of: import, export, transit, excise, vehicle-tax, transport, liquidation, iva-exp)",
      "content/time-limits/vehicle-tax.json, record settlement-payment (#0), field id: duplicate id, already used in content/time-limits/liquidation.json",
      "content/time-limits/vehicle-tax.json, record elsewhere (#1), field area: is liquidation, but the file is vehicle-tax.json (a record lives in its area's file)",
    ]);
  });

  it("says a file that is not an array must hold one", () => {
    expect(problems({ "content/time-limits/liquidation.json": { id: "x" } })).toEqual([
      "content/time-limits/liquidation.json: the file must hold a JSON array of time-limit records",
    ]);
  });
});
