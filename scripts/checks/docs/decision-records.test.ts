import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Every decision record says under its title when it was decided and its status; the index
// (docs/decisions/README.md) lists each one with the same date and status, and a record partly
// superseded names the record that supersedes it, which in turn says what it supersedes.
const DIR = path.resolve(import.meta.dirname, "../../../docs/decisions");
const RECORD = /^(\d{4})-[a-z0-9-]+\.md$/;
const HEAD = /^Date: (\d{4}-\d{2}-\d{2}) · Status: (accepted)(?:; partly superseded by \[(\d{4})\]\((\d{4})-[a-z0-9-]+\.md\))?[.:]/;

const records = readdirSync(DIR)
  .filter((file) => RECORD.test(file))
  .sort()
  .map((file) => {
    const lines = readFileSync(path.join(DIR, file), "utf8").split("\n");
    return { file, number: file.slice(0, 4), title: lines[0] ?? "", head: lines[2] ?? "", text: lines.join("\n") };
  });
const index = readFileSync(path.join(DIR, "README.md"), "utf8");

describe("decision records", () => {
  it("are numbered once each, in order, each titled with its number", () => {
    expect(records.map((record) => Number(record.number))).toEqual(records.map((_record, at) => at + 1));
    for (const record of records) expect(record.title, record.file).toMatch(new RegExp(`^# ${record.number}\\. `));
  });

  it.each(records)("$file says its date and status under its title, as the index does", ({ file, number, head }) => {
    const parsed = HEAD.exec(head);
    expect(parsed, `${file}: the line under the title reads "Date: YYYY-MM-DD · Status: accepted[; partly superseded by [NNNN](…)]."`).not.toBeNull();
    const [, date, , supersededBy] = parsed ?? [];
    const row = new RegExp(`^\\| \\[${number}\\]\\(${file.replace(/\./g, "\\.")}\\) \\| ${date} \\| ${supersededBy ? "partly superseded" : "accepted"} \\| .+ \\|$`, "m");
    expect(index, `${file} in docs/decisions/README.md with its date and status`).toMatch(row);
    if (supersededBy) {
      const later = records.find((record) => record.number === supersededBy);
      expect(later?.text, `${supersededBy} says what it supersedes in ${number}`).toMatch(new RegExp(`[Ss]upersedes[\\s\\S]{0,400}?\\[${number}\\]`));
    }
  });
});
