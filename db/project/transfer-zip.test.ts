import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { DbError } from "../errors";
import { PROJECT_MIGRATIONS } from "../store/migrations";
import { affinityOf, cellValue, csvLine, csvRecords } from "./transfer-csv";
import { projectZip, withoutSecrets } from "./transfer-export";
import { readProjectZip } from "./transfer-import";

const tricky = [
  null,
  "",
  "plain",
  "a,b",
  'say "hi"',
  "two\r\nlines",
  "lf\nonly",
  " padded ",
  "ünï©ødé ✓",
  0,
  -12.5,
  3e21,
];

describe("the project CSV", () => {
  it("reads back every stored value as it was: null apart from the empty text, quotes, commas, line breaks", () => {
    const text = csvLine(["h1", "h2"]) + csvLine(tricky) + csvLine([null, null]) + csvLine(["", ""]);
    const records = [...csvRecords(text)];
    expect(records).toHaveLength(4);
    expect(records[1]!.map((cell, i) => cellValue(cell, typeof tricky[i] === "number" ? "real" : "text"))).toEqual(
      tricky,
    );
    expect(records[2]).toEqual([null, null]);
    expect(records[3]).toEqual(["", ""]);
  });

  it("turns text into numbers only where SQLite would", () => {
    expect(cellValue("012", affinityOf("TEXT"))).toBe("012");
    expect(cellValue("12", affinityOf("INTEGER"))).toBe(12);
    expect(cellValue("1.5", affinityOf("REAL"))).toBe(1.5);
    expect(cellValue("abc", affinityOf("INTEGER"))).toBe("abc");
    // A column without a type keeps text unless it is exactly how a number prints.
    expect(cellValue("12", affinityOf(null))).toBe(12);
    expect(cellValue("012", affinityOf(null))).toBe("012");
  });

  it("refuses a file cut inside a quoted cell", () => {
    expect(() => [...csvRecords('a,"open\r\n')]).toThrow("a quoted cell is not closed");
    expect(() => [...csvRecords('"a"b\r\n')]).toThrow("followed by more text");
  });
});

/** A dump in db/project/dump.ts's form: a user table, a junction table, the meta rows naming them, a hook. */
function sampleDump(): string[] {
  const lines = [
    { format: "gridbase-project", version: 1, migration: PROJECT_MIGRATIONS.length, project_id: "p_src", taken_at: "" },
    {
      table: "_nc_models",
      sql: "CREATE TABLE _nc_models (id TEXT, title TEXT, table_name TEXT, mm INTEGER)",
      columns: ["id", "title", "table_name", "mm"],
      rows: 2,
    },
    ["md_aaaaaaaaaaaaaa", "Orders/2026", "orders", 0],
    ["md_bbbbbbbbbbbbbb", "Orders/2026", "nc_m2m", 1],
    {
      table: "_nc_columns",
      sql: "CREATE TABLE _nc_columns (id TEXT, fk_model_id TEXT, title TEXT, column_name TEXT)",
      columns: ["id", "fk_model_id", "title", "column_name"],
      rows: 1,
    },
    ["cl_aaaaaaaaaaaaaa", "md_aaaaaaaaaaaaaa", "Item name", "item"],
    {
      table: "_nc_hooks",
      sql: "CREATE TABLE _nc_hooks (id TEXT, notification TEXT)",
      columns: ["id", "notification"],
      rows: 1,
    },
    ["hk_aaaaaaaaaaaaaa", JSON.stringify({ type: "URL", payload: { headers: [{ name: "X-Key", value: "k3y" }] } })],
    {
      table: "_nc_hook_logs",
      sql: "CREATE TABLE _nc_hook_logs (id INTEGER, response TEXT)",
      columns: ["id", "response"],
      rows: 1,
    },
    [1, "secret answer"],
    {
      table: "orders",
      sql: "CREATE TABLE orders (id INTEGER PRIMARY KEY, item TEXT, qty REAL)",
      columns: ["id", "item", "qty"],
      rows: 2,
    },
    [1, "Pen, red", 1.5],
    [2, null, null],
    { table: "nc_m2m", sql: "CREATE TABLE nc_m2m (a INTEGER, b INTEGER)", columns: ["a", "b"], rows: 1 },
    [1, 2],
    { index: "orders_item", sql: "CREATE INDEX orders_item ON orders (item)" },
    { sequence: "orders", seq: 9 },
    { end: true, tables: 6, rows: 8 },
  ];
  return [lines.map((l) => JSON.stringify(l)).join("\n") + "\n"];
}

function zipOf(chunks: string[]) {
  const parts = [
    ...projectZip({
      chunks,
      types: new Map([["orders", ["INTEGER", "TEXT", "REAL"]]]),
      project: { id: "p_src", title: "Shop", description: null, color: "#123456", meta: "{}" },
      attachments: [],
      level: 1,
    }),
  ];
  const bytes = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let at = 0;
  for (const p of parts) {
    bytes.set(p, at);
    at += p.byteLength;
  }
  return bytes;
}

describe("the project .zip", () => {
  it("holds project.json, a CSV per table named by its title, and reads back the same dump", () => {
    const zip = zipOf(sampleDump());
    const files = unzipSync(zip);
    expect(Object.keys(files).sort()).toEqual([
      "attachments.json",
      "meta/_nc_columns.csv",
      "meta/_nc_hooks.csv",
      "meta/_nc_models.csv",
      "project.json",
      "tables/Orders_2026 (2).csv",
      "tables/Orders_2026.csv",
    ]);
    expect(strFromU8(files["tables/Orders_2026.csv"]!)).toBe('id,Item name,qty\r\n1,"Pen, red",1.5\r\n2,,\r\n');
    expect(strFromU8(files["meta/_nc_hooks.csv"]!)).not.toContain("k3y");
    const json = JSON.parse(strFromU8(files["project.json"]!));
    expect(json.project).toEqual({ title: "Shop", description: null, color: "#123456", meta: "{}" });
    expect(json.tables.find((t: { name: string }) => t.name === "_nc_hook_logs")).toMatchObject({
      rows: 0,
      file: null,
    });

    const read = readProjectZip(zip);
    const back = [...read.lines()].map((l) => JSON.parse(l));
    const original = sampleDump()[0]!
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l))
      // Hook logs travel without their rows; the hook without its header value.
      .filter((l) => !(Array.isArray(l) && l[1] === "secret answer"))
      .map((l) =>
        Array.isArray(l) && l[0] === "hk_aaaaaaaaaaaaaa" ? [l[0], JSON.stringify(withoutSecrets(JSON.parse(l[1])))] : l,
      );
    original[original.length - 1] = { end: true, tables: 6, rows: 7 };
    const rowsOf = (lines: unknown[]) => lines.filter((l) => Array.isArray(l));
    expect(rowsOf(back)).toEqual(rowsOf(original));
    expect(back.filter((l) => !Array.isArray(l) && !("format" in l)).map((l) => ("table" in l ? l.table : l))).toEqual(
      original.filter((l) => !Array.isArray(l) && !("format" in l)).map((l) => ("table" in l ? l.table : l)),
    );
  });

  it("refuses what is not a project export before anything loads", () => {
    const refusal = (bytes: Uint8Array) => {
      try {
        readProjectZip(bytes);
      } catch (err) {
        expect(err).toBeInstanceOf(DbError);
        return (err as Error).message;
      }
      return "accepted";
    };
    expect(refusal(new TextEncoder().encode("hello"))).toBe("The file is not a .zip archive");
    const newer = sampleDump()[0]!.replace(`"migration":${PROJECT_MIGRATIONS.length}`, '"migration":9999');
    expect(refusal(zipOf([newer]))).toContain("newer version of Gridbase");
    const drop = sampleDump()[0]!.replace("CREATE TABLE orders", "DROP TABLE orders; CREATE TABLE orders");
    expect(refusal(zipOf([drop]))).toBe("table orders: its sql is not a CREATE TABLE statement");
  });
});
