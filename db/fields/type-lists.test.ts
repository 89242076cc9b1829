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

describe("field type lists outside the registry", () => {
  it("adds none: derive a new per-type fact from db/fields or web/fields instead", () => {
    const over = Object.entries(typeLists())
      .filter(([file, n]) => n > (KNOWN[file] ?? 0))
      .map(([file, n]) => `${file}: ${n}`);
    expect(over).toEqual([]);
  });
});
