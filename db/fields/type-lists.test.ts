/**
 * The registry (db/fields, web/fields) is the one place per-type facts live (issue 12). This scans
 * the source outside it for a statement naming three or more field types (a set, a map, a list of
 * them) and fails on any new one. KNOWN holds the lists that are still to be derived from the
 * registry, with how many each file has: the number may only go down.
 */
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { UI_TYPES } from "./types";

const KNOWN: Record<string, number> = {
  // The input of the one result-type function (item 2): a union over the four computed types, each
  // with what decides its result; the result per type is its module's `filtersAs`.
  "db/query/result-type.ts": 1,
  // A test fixture, not product code: a text each type parses and the settings three types need.
  // As registry members they would ship test data in the Worker for no user; registry.test.ts
  // already fails for a stored type without API samples.
  "db/query/test-table.ts": 2,
  // The columns a new table starts with (id, created and updated times): a fact about tables,
  // not about any one type.
  "db/schema/tables.ts": 1,
};

const NAME = new RegExp(`["'](${UI_TYPES.join("|")})["']|\\b(${UI_TYPES.join("|")})\\s*:`, "g");

function sources(dir: string, out: string[] = []): string[] {
  for (const f of readdirSync(dir)) {
    const p = join(dir, f);
    if (f === "node_modules") continue;
    if (statSync(p).isDirectory()) sources(p, out);
    else if (/\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f)) out.push(p);
  }
  return out;
}

/** Statements (or blank-line separated blocks) naming at least three field types, per file. */
function typeLists(): Record<string, number> {
  const found: Record<string, number> = {};
  for (const root of ["db", "web", "functions", "realtime"]) {
    for (const file of sources(root)) {
      if (file.startsWith("db/fields/") || file.startsWith("web/fields/")) continue;
      for (const chunk of readFileSync(file, "utf8").split(/;\s*\n|\n\s*\n/)) {
        const names = new Set([...chunk.matchAll(NAME)].map((m) => m[1] ?? m[2]));
        if (names.size >= 3) found[file] = (found[file] ?? 0) + 1;
      }
    }
  }
  return found;
}

/**
 * Comparisons of a column's type with one type's name (`c.uidt === "Formula"`, `case "Date":`)
 * outside the registries, per file: each is a per-type fact the type's module should hold (a
 * member such as `link`, `key`, `hidden`, `computed`, or a hook). These remain, with why.
 */
const KNOWN_COMPARISONS: Record<string, number> = {
  // A source database's column gets its settings by the type it maps to (a Decimal's precision,
  // the source's own type name): the type is the answer being built there, not a column's.
  "db/external/map-type.ts": 2,
  // `created_at`/`updated_at` are the table's stamped times unless the caller made them plain text.
  "db/external/ddl.ts": 1,
  // An import's settings per detected type from the cells (select options, date format,
  // precision, currency): the import's own heuristics, six cases of one switch.
  "db/import/detect.ts": 6,
};
const MAX_COMPARISONS = 10;

const TYPES = UI_TYPES.join("|");
const COMPARISON = new RegExp(
  `(?<!typeof )\\b[\\w.?]*uidt\\s*[!=]==?\\s*["'](?:${TYPES})["']|["'](?:${TYPES})["']\\s*[!=]==?\\s*[\\w.?]*uidt\\b|\\bcase\\s+["'](?:${TYPES})["']\\s*:`,
  "g",
);

function outsideRegistry(roots: string[]): string[] {
  return roots
    .flatMap((root) => sources(root))
    .filter((file) => !file.startsWith("db/fields/") && !file.startsWith("web/fields/"));
}

function comparisons(): Record<string, number> {
  const found: Record<string, number> = {};
  for (const file of outsideRegistry(["db", "web", "functions", "realtime"])) {
    const n = [...readFileSync(file, "utf8").matchAll(COMPARISON)].length;
    if (n) found[file] = n;
  }
  return found;
}

describe("field type names compared outside the registry", () => {
  it("keeps to the listed ones: ask the type's module (fieldType(uidt).link, .key, .computed...) instead", () => {
    const found = comparisons();
    const over = Object.entries(found)
      .filter(([file, n]) => n > (KNOWN_COMPARISONS[file] ?? 0))
      .map(([file, n]) => `${file}: ${n}`);
    expect(over).toEqual([]);
    const total = Object.values(found).reduce((a, b) => a + b, 0);
    expect(total).toBeLessThanOrEqual(MAX_COMPARISONS);
  });

  it("finds the comparison forms it counts", () => {
    const text = `a.uidt === "Formula"; uidt !== 'Lookup'; c?.uidt === "ID"; switch (uidt) { case "Date": }`;
    expect([...text.matchAll(COMPARISON)].length).toBe(4);
    expect([...`typeof uidt !== "string"; x.title === "Rollup"`.matchAll(COMPARISON)].length).toBe(0);
  });

  it("hides a link's key column through the registry (FieldType.hidden), never by its name in web/", () => {
    const named = outsideRegistry(["web"]).filter((file) => /["']ForeignKey["']/.test(readFileSync(file, "utf8")));
    expect(named).toEqual([]);
  });
});

describe("field type lists outside the registry", () => {
  it("adds none: derive a new per-type fact from db/fields or web/fields instead", () => {
    const over = Object.entries(typeLists())
      .filter(([file, n]) => n > (KNOWN[file] ?? 0))
      .map(([file, n]) => `${file}: ${n}`);
    expect(over).toEqual([]);
  });
});
