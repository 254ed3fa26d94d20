// The decision records (docs/decisions, decision 0062): every record is in the index once, in number
// order, with its date and its status word for word; every record has the template's parts
// (0000-template.md); a status that points at another record points at one that exists. A record
// added without its index row, or a row left behind by a renamed file, fails here.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const dir = path.join(process.cwd(), "docs/decisions");
const RECORD = /^(\d{4})-[a-z0-9]+(?:-[a-z0-9]+)*\.md$/;
// Every file of the folder but the index is a record: one whose name does not match the pattern fails
// below, rather than being passed over.
const all = fs.readdirSync(dir).filter((f) => f !== "README.md");
const files = all.filter((f) => RECORD.test(f)).sort();
const records = files.filter((f) => !f.startsWith("0000-"));
const read = (file: string) => fs.readFileSync(path.join(dir, file), "utf8");

/** What a record says about itself: its number and title, its Date and Status lines, its sections. */
function parse(file: string) {
  const text = read(file);
  const lines = text.split("\n");
  const title = /^# (\d{4})\. (\S.*)$/.exec(lines[0] ?? "");
  const date = /^- Date: (.*)$/m.exec(text)?.[1]?.trim() ?? null;
  const status = /^- Status: (.*)$/m.exec(text)?.[1]?.trim() ?? null;
  const sections = lines.filter((l) => l.startsWith("## ")).map((l) => l.slice(3).trim());
  return { text, number: title?.[1] ?? null, title: title?.[2] ?? null, date, status, sections };
}

const LINK = String.raw`\[(\d{4})\]\((\d{4}-[a-z0-9-]+\.md)\)`;
const DAY = String.raw`\d{4}-\d{2}-\d{2}`;
// The statuses 0000-template.md allows.
const STATUS = new RegExp(
  String.raw`^(?:accepted|withdrawn(?: \(.+\))?|amended (${DAY}) \(.+\)|(?:superseded by|folded into) ${LINK}(?: \(.+\))?)$`,
);

/** The index's rows: `| [NNNN](file) | date | decision | status |`. */
function indexRows() {
  const rows: { number: string; file: string; date: string; decision: string; status: string }[] = [];
  for (const line of read("README.md").split("\n")) {
    const row = /^\| \[(\d{4})\]\(([^)]+)\) \| ([^|]*) \| (.*) \| (.*) \|$/.exec(line);
    if (row) rows.push({ number: row[1], file: row[2], date: row[3].trim(), decision: row[4].trim(), status: row[5].trim() });
  }
  return rows;
}

describe("the decision index (docs/decisions/README.md)", () => {
  const rows = indexRows();

  it("lists every record exactly once, and nothing else", () => {
    expect(rows.length).toBeGreaterThan(0);
    const listed = rows.map((r) => r.file);
    const twice = listed.filter((f, i) => listed.indexOf(f) !== i);
    expect(twice, "listed more than once").toEqual([]);
    expect(records.filter((f) => !listed.includes(f)), "records without an index row").toEqual([]);
    expect(listed.filter((f) => !records.includes(f)), "rows without a record").toEqual([]);
  });

  it("links each row's number to its own file, in number order", () => {
    expect(rows.filter((r) => r.file.slice(0, 4) !== r.number).map((r) => r.file)).toEqual([]);
    const numbers = rows.map((r) => r.number);
    expect(numbers).toEqual([...numbers].sort());
  });

  it("gives each record's date and status word for word", () => {
    const wrong: string[] = [];
    for (const row of rows) {
      if (!records.includes(row.file)) continue;
      const record = parse(row.file);
      if (row.date !== record.date) wrong.push(`${row.file}: date ${row.date}, the record says ${record.date}`);
      if (row.status !== record.status) wrong.push(`${row.file}: status "${row.status}", the record says "${record.status}"`);
    }
    expect(wrong).toEqual([]);
  });
});

describe("each decision record", () => {
  it("is named NNNN-short-name.md (no file of the folder is passed over)", () => {
    expect(all.filter((f) => !RECORD.test(f))).toEqual([]);
  });

  it("exists, with a template", () => {
    expect(records.length).toBeGreaterThan(100);
    expect(files).toContain("0000-template.md");
  });

  for (const file of files) {
    describe(file, () => {
      const record = parse(file);

      it("has the template's title, Date and Status lines", () => {
        expect(record.number, "first line '# NNNN. Title'").toBe(file.slice(0, 4));
        expect(record.title).toBeTruthy();
        if (file.startsWith("0000-")) return;
        expect(record.date, "'- Date: YYYY-MM-DD'").toMatch(new RegExp(`^${DAY}$`));
        expect(record.status, "a status the template allows").toMatch(STATUS);
      });

      it("has Context, Decision and Consequences, in that order", () => {
        const at = ["Context", "Decision", "Consequences"].map((s) => record.sections.indexOf(s));
        expect(at.every((i) => i >= 0), `sections: ${record.sections.join(", ")}`).toBe(true);
        expect([...at].sort((a, b) => a - b)).toEqual(at);
      });

      if (file.startsWith("0000-")) return;

      it("points only at records that exist, never at itself", () => {
        const status = STATUS.exec(record.status ?? "");
        const target = status?.[3];
        if (!target) return;
        expect(records, `${file} names ${target}`).toContain(target);
        expect(target).not.toBe(file);
        expect(status![2]).toBe(target.slice(0, 4));
      });

      it("says what an amendment changed, and when", () => {
        const day = STATUS.exec(record.status ?? "")?.[1];
        if (!day) return;
        expect(record.text, `an "Amended ${day}" line`).toContain(`Amended ${day}`);
      });
    });
  }
});
