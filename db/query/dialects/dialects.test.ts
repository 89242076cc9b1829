/**
 * Every per-dialect choice is a member of the dialect objects in this folder (dialect.ts), so
 * adding a dialect is one file plus its cases. This scans the source outside the folder for a
 * choice made by a dialect's name (`d === "pg"`, `case "mysql":`, `["pg", "mssql"].includes(d)`)
 * and fails on any: ask the dialect object (`dialectOf(d).member`) instead.
 * Connection clients (db/external/config.ts `Client`: pg, mysql2, vitess, sqlite3, mssql) are not
 * dialects: they choose a driver, and two of them share a name with the dialect they speak, so a
 * comparison of a `client` is not counted.
 */
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { dialectOf } from ".";
import type { Dialect } from "./dialect";

const NAMES: Dialect[] = ["sqlite", "pg", "mysql", "mssql"];
const NAME = `["'\`](?:${NAMES.join("|")})["'\`]`;

/** Each form a choice by name takes; group 1, when there is one, is the other side of the test. */
const FORMS = [
  new RegExp(`([\\w.?!\\]\\[()]+)\\s*[!=]==?\\s*${NAME}`, "g"),
  new RegExp(`${NAME}\\s*[!=]==?\\s*([\\w.?!\\]\\[()]+)`, "g"),
  new RegExp(`\\bcase\\s+${NAME}\\s*:`, "g"),
  new RegExp(`\\[[^\\]]*${NAME}[^\\]]*\\]\\s*\\.(?:includes|indexOf|some)\\(([^)]*)\\)`, "g"),
];

const isClient = (side: string | undefined) => !!side && /client\b/i.test(side);

/** Whether a line of source chooses by a dialect's name. */
const choosesByName = (line: string) => FORMS.some((f) => [...line.matchAll(f)].some((m) => !isClient(m[1])));

/** The source files (not tests) under `root`. */
const sources = (root: string): string[] =>
  (readdirSync(root, { recursive: true }) as string[])
    .map((f) => join(root, f))
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && !f.includes("node_modules"));

/** `file:line: text` of every choice by a dialect's name outside this folder. */
function nameChoices(roots = ["db", "web", "functions", "realtime"]): string[] {
  const found: string[] = [];
  for (const root of roots)
    for (const file of sources(root)) {
      if (file.startsWith(join("db", "query", "dialects"))) continue;
      readFileSync(file, "utf8")
        .split("\n")
        .forEach((line, i) => {
          if (choosesByName(line)) found.push(`${file}:${i + 1}: ${line.trim()}`);
        });
    }
  return found;
}

describe("dialects", () => {
  it("are found by name, each answering to its own", () => {
    for (const name of NAMES) expect(dialectOf(name).name).toBe(name);
  });

  it("are never chosen by name outside db/query/dialects", () => {
    expect(nameChoices()).toEqual([]);
  });

  it("the scan sees each form of a choice by name", () => {
    const lines = [
      'if (d === "pg") x();',
      "return dialect !== 'mysql' ? a : b;",
      'switch (d) { case "mssql": return 1; }',
      'const ok = ["pg", "mssql"].includes(d);',
      'if ("sqlite" === d) x();',
    ];
    for (const line of lines) expect(choosesByName(line), line).toBe(true);
    expect(choosesByName('if (cfg.client === "pg") x();')).toBe(false);
    expect(choosesByName('compileList({ dialect: "sqlite", table });')).toBe(false);
  });
});
