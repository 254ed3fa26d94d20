// The decision records (docs/decisions, decision 0062): every record is in the index once, in number
// order, with its date and its status word for word; every record has the template's parts
// (0000-template.md); no record is marked superseded or folded (such a record is removed). A record
// added without its index row, or a row left behind by a renamed file, fails here. A removed record's
// number cited anywhere in the repo (code, tests, docs, other records) fails here too: its citations
// must point at what replaced it.
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

const DAY = String.raw`\d{4}-\d{2}-\d{2}`;
// The statuses 0000-template.md allows: a superseded or folded record is removed, not marked.
const STATUS = new RegExp(
  String.raw`^(?:accepted|withdrawn(?: \(.+\))?|amended (${DAY}) \(.+\))$`,
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

      it("says what an amendment changed, and when", () => {
        const day = STATUS.exec(record.status ?? "")?.[1];
        if (!day) return;
        expect(record.text, `an "Amended ${day}" line`).toContain(`Amended ${day}`);
      });
    });
  }
});

// Where the repo cites a record: the explicit forms anywhere ("decision 0045", "decisions 0015 and
// 0049", across a comment's line break too, docs/decisions/0045, [0045](…), 0045-name.md, "(…, 0045)");
// in Markdown (the records, the READMEs, docs/), also a bare number, as they cite each other ("folded
// into 0139"), but not a migration's ("migration 0017") or a standard's. Record numbers start with 0
// (a year such as 2026 in a dated file's name is none).
const LIST = String.raw`((?:0\d{3}(?:,?\s+(?:and\s+|or\s+)?|\b))+)`;
const CITED = [
  new RegExp(String.raw`decisions?\/` + LIST, "g"),
  /\[(0\d{3})\]\(/g,
  /\b(0\d{3})-[a-z0-9]+(?:-[a-z0-9]+)*\.md\b/g,
  new RegExp(String.raw`\b[Dd]ecisions?\s+(?:(?:\/\/|\*|--|#)\s*)?` + LIST, "g"),
  /(?<=\((?:[^()\n]*[,;] )?)(0\d{3})(?=\))/g,
];
const BARE = /(?<![\w./-])(0[0-9]{3})\b(?![_-]|\.\w)/g;
const NOT_CITED = /\b(?:migrations?|JIS X) \d{4}\b/g;
// bench/results holds dated run logs (history, cited as they were); the rest is built or installed.
const SKIP = new Set(["node_modules", "build", ".git", ".react-router", "test-results", "playwright-report", "data"]);
const TEXT = /\.(?:ts|tsx|js|mjs|cjs|md|json|sql|css|yml|yaml|conf|sh|patch|txt|webmanifest)$/;

function repoFiles(dirname: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dirname, { withFileTypes: true })) {
    const full = path.join(dirname, entry.name);
    const rel = path.relative(process.cwd(), full);
    if (entry.isDirectory()) {
      if (!SKIP.has(entry.name) && !entry.name.startsWith("build-") && rel !== path.join("bench", "results") && rel !== path.join("bench", ".data")) repoFiles(full, out);
    } else if (TEXT.test(entry.name) && entry.name !== "package-lock.json") out.push(rel);
  }
  return out;
}

/** The record numbers a text cites, by the forms above. */
function citations(text: string, markdown: boolean): string[] {
  const found: string[] = [];
  for (const pattern of CITED) for (const m of text.matchAll(pattern)) found.push(...(m[1].match(/\d{4}/g) ?? []));
  if (markdown) for (const m of text.replace(NOT_CITED, "").matchAll(BARE)) found.push(m[1]);
  return found;
}

describe("citations of decision records", () => {
  it("finds the forms the repo uses", () => {
    expect(citations("(decision 0045); decisions 0015, 0049 and 0100; docs/decisions/0062, 0113", false)).toEqual(
      ["0062", "0113", "0045", "0015", "0049", "0100"],
    );
    expect(citations("worked out once: decision\n// 0103), lag (VISITOR_LAG_MS, 0095); call 555 0100", false)).toEqual(
      ["0103", "0095"],
    );
    expect(citations("see [0016](0016-two-fts5-indexes.md), folded into 0139 (migration 0017) since 0100.", true)).toEqual(
      ["0016", "0016", "0016", "0139", "0100"],
    );
  });

  it("cite only numbers that have a record, in every file outside bench/results", () => {
    const numbers = new Set(files.map((f) => f.slice(0, 4)));
    const dangling: string[] = [];
    // This file's own examples above are not citations.
    const self = path.join("tests", "docs", "decisions.test.ts");
    for (const file of repoFiles(process.cwd()).filter((f) => f !== self)) {
      const text = fs.readFileSync(file, "utf8");
      for (const n of new Set(citations(text, file.endsWith(".md")))) if (!numbers.has(n)) dangling.push(`${file} cites ${n}`);
    }
    expect(dangling).toEqual([]);
  });
});
