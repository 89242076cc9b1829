/**
 * Export and import round trip (issue #33 item 12): a table with a column of every type an import
 * can fill (IMPORT_TYPES, walked from the registry) is exported to CSV and to XLSX and read back
 * through the import's own code (the CSV and sheet readers, type detection, buildRow) into a
 * table of the same shape; every value comes back equal. Not covered, because no import fills
 * them: people (Created by / Last modified by, stamped by the server), links, lookups, rollups
 * and formulas (computed), and the system's own types (ID, ForeignKey, CreateTime).
 */
import { describe, expect, it } from "vitest";
import * as XLSX from "xlsx";
import { IMPORT_TYPES } from "../../db/fields/registry";
import type { UIType } from "../../db/fields/types";
import { kindOf, type Cell } from "../../db/import/cells";
import { columnSettings, detectColumn } from "../../db/import/detect";
import { buildRow, compileColumns } from "../../db/import/rows";
import { csvToXlsx } from "../../functions/lib/xlsx-export";
import { csvSource } from "../../web/import/sources/csv-source";
import { sheetSource } from "../../web/import/sources/sheet-source";
import { exportColumns } from "../../web/export/xlsx-sheet";
import type { ImportSource } from "../../web/import/protocol";
import { api, seedProject, seedUser, type TestUser } from "./support";

const M = "/api/v1/db/meta";

interface ColumnSettings {
  meta?: Record<string, unknown>;
  colOptions?: Record<string, unknown>;
}
/** An upload of the field (`{folder}` becomes its folder: project, table and field ids) and a link to the web. */
const PHOTO = { path: "download/noco/{folder}/photo.png", title: "photo.png" };
const WEB = { url: "https://example.com/doc.pdf", title: "doc.pdf" };

/**
 * Per type: its column settings, four values (two distinct ones where a select is detected), and
 * the type detection gives it back from the CSV text (a type it cannot tell apart reads as text).
 */
const CASES: Partial<Record<UIType, { column?: ColumnSettings; values: unknown[]; detected: UIType }>> = {
  SingleLineText: { values: ["alpha one", "beta", "gamma", "delta"], detected: "SingleLineText" },
  LongText: { values: ["two\nlines", "b", "c", "d"], detected: "LongText" },
  Attachment: { values: [[PHOTO], null, [PHOTO, WEB], null], detected: "SingleLineText" },
  Checkbox: { values: [true, false, true, false], detected: "Checkbox" },
  MultiSelect: {
    column: { colOptions: { options: [{ title: "red" }, { title: "blue" }] } },
    values: ["red,blue", "red", "blue", "red"],
    detected: "MultiSelect",
  },
  SingleSelect: {
    column: { colOptions: { options: [{ title: "Todo" }, { title: "Done" }] } },
    values: ["Todo", "Done", "Todo", "Done"],
    detected: "SingleSelect",
  },
  Date: { values: ["2024-01-02", "2024-03-04", "1999-12-31", null], detected: "Date" },
  Year: { values: [2024, 1999, 2001, 2010], detected: "Number" },
  Time: { values: ["10:30:00", "23:59:00", "00:00:00", "12:00:00"], detected: "SingleLineText" },
  PhoneNumber: {
    values: ["+1 555 0100", "+44 20 7946 0958", "(030) 1234-567", "0301 234"],
    detected: "SingleLineText",
  },
  Email: { values: ["a@example.com", "b@example.com", "c@example.com", null], detected: "Email" },
  URL: { values: ["https://example.com/a", "https://example.com/b", null, null], detected: "URL" },
  Number: { values: [1, -2, 300, 0], detected: "Number" },
  Decimal: { column: { meta: { precision: 2 } }, values: [1.5, -2.25, 3.75, 0.5], detected: "Decimal" },
  Currency: { values: [12.5, -3, 1200, 0], detected: "Decimal" },
  Percent: { values: [45, 12.5, 100, 0], detected: "SingleLineText" },
  Duration: { values: [3600, 5400, 60, 0], detected: "SingleLineText" },
  Rating: { values: [1, 3, 5, 0], detected: "Number" },
  DateTime: {
    values: ["2024-01-02 10:30:00+00:00", "2023-06-30 23:15:00+00:00", "2020-02-29 00:00:00+00:00", null],
    detected: "DateTime",
  },
  SpecificDBType: { values: ["v1", "v2", "v3", "v4"], detected: "SingleLineText" },
  Geometry: { values: ["POINT(1 2)", "POINT(3 4)", "POINT(5 6)", "POINT(7 8)"], detected: "SingleLineText" },
  JSON: { values: [{ a: 1 }, [1, 2], { b: "x" }, null], detected: "SingleLineText" },
};

const call = (user: TestUser, method: string, path: string, body?: unknown) =>
  api(method, path, { token: user.token, body });

/** A table with the cases' columns and the rows; its data path and id. */
async function makeTable(owner: TestUser, projectId: string, name: string, rows: Record<string, unknown>[]) {
  const columns = IMPORT_TYPES.map((uidt) => ({ title: uidt, uidt, ...CASES[uidt]!.column }));
  const made = await call(owner, "POST", `${M}/projects/${projectId}/tables`, { table_name: name, columns });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  const T = `/api/v1/db/data/noco/${projectId}/${name}`;
  if (rows.length) {
    const put = await call(owner, "POST", `/api/v1/db/data/bulk/noco/${projectId}/${name}`, rows);
    expect(put.status, JSON.stringify(put.body)).toBe(200);
  }
  return { T, tableId: made.body.id as string, columns: made.body.columns as Array<{ id: string; title: string }> };
}

const fields = IMPORT_TYPES.join(",");

async function listed(owner: TestUser, T: string) {
  const res = await call(owner, "GET", `${T}?limit=10&fields=${encodeURIComponent(fields)}`);
  expect(res.status).toBe(200);
  return res.body.list as Record<string, unknown>[];
}

/**
 * An upload comes back as its signed link with the site's host: compared by its title and where
 * it leads (without the signature, which the export adds).
 */
function comparable(uidt: string, value: unknown): unknown {
  if (uidt !== "Attachment" || !Array.isArray(value)) return value;
  return value.map((f: { title: string; url?: string; path?: string }) => ({
    title: f.title,
    link: f.url?.replace(/\?e=\d+&s=[\w-]+$/, "") ?? `http://localhost/${f.path}`,
  }));
}

/** Reads the file through the import's source, builds rows as the import does, and inserts them. */
async function importBack(owner: TestUser, projectId: string, name: string, source: ImportSource) {
  const { tables } = await source.preview();
  const [table] = tables;
  expect(table!.headers).toEqual([...IMPORT_TYPES]);
  const cells = (i: number): Cell[] => table!.sample.map((r) => r[i] ?? null);
  const detected = Object.fromEntries(IMPORT_TYPES.map((uidt, i) => [uidt, detectColumn(cells(i)).uidt]));
  const compiled = compileColumns(
    IMPORT_TYPES.map((uidt, i) => ({
      source: i,
      title: uidt,
      uidt,
      settings: {
        ...columnSettings(uidt, cells(i)).meta,
        ...columnSettings(uidt, cells(i)).colOptions,
        ...CASES[uidt]!.column?.meta,
        ...CASES[uidt]!.column?.colOptions,
      },
    })),
  );
  if (!compiled.ok) throw new Error(compiled.error);
  const rows = table!.sample.map((r) => {
    const built = buildRow(r, compiled.value);
    if (!built.ok) throw new Error(built.error);
    return built.value;
  });
  return { T: (await makeTable(owner, projectId, name, rows)).T, detected, cells };
}

describe("export and import round trip", () => {
  it("has a case for every type an import fills", () => {
    expect(IMPORT_TYPES.filter((u) => !CASES[u])).toEqual([]);
  });

  it("gives every stored type's values back from CSV and from XLSX", async () => {
    const owner = await seedUser("org-level-creator");
    const projectId = await seedProject([[owner, "owner"]]);
    const cases = [0, 1, 2, 3].map((i) => Object.fromEntries(IMPORT_TYPES.map((u) => [u, CASES[u]!.values[i]])));
    const { T, tableId, columns: made } = await makeTable(owner, projectId, "Everything", []);
    const folder = `${projectId}/${tableId}/${made.find((c) => c.title === "Attachment")!.id}`;
    const rows = JSON.parse(JSON.stringify(cases).replaceAll("{folder}", folder)) as Record<string, unknown>[];
    const put = await call(owner, "POST", `/api/v1/db/data/bulk/noco/${projectId}/Everything`, rows);
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const original = await listed(owner, T);

    const res = await call(owner, "GET", `${T}/export/csv?fields=${encodeURIComponent(fields)}`);
    expect(res.status).toBe(200);
    const csv = res.body as string;
    // Uploads are links with the site's host, signed so that they open; web links stay as they are.
    expect(csv).toContain(`,photo.png(http://localhost/download/noco/${folder}/photo.png?e=`);
    expect(csv).toMatch(/photo\.png\?e=\d+&s=[\w-]{43}\), doc\.pdf\(https:\/\/example\.com\/doc\.pdf\)"/);
    const fromCsv = await importBack(owner, projectId, "FromCsv", csvSource(new Blob([csv]), 1 << 20, "e.csv"));
    const expectedDetected = Object.fromEntries(IMPORT_TYPES.map((u) => [u, CASES[u]!.detected]));
    expect(fromCsv.detected).toEqual(expectedDetected);

    // The cells are typed by the table's fields, as the app's XLSX export does (web/export).
    const meta = await call(owner, "GET", `${M}/tables/${tableId}`);
    const columns = exportColumns(IMPORT_TYPES, meta.body.columns);
    const book = XLSX.read(csvToXlsx(csv, "Everything", columns), { type: "array", dense: true, cellNF: true });
    const fromXlsx = await importBack(owner, projectId, "FromXlsx", sheetSource(book, XLSX.SSF));
    // Datetimes are real Excel dates, people and links their text, checkboxes booleans.
    for (const uidt of ["Date", "DateTime"])
      expect(kindOf(fromXlsx.cells(IMPORT_TYPES.indexOf(uidt as UIType))[0])).toBe("sheetDate");
    expect(fromXlsx.cells(IMPORT_TYPES.indexOf("Checkbox"))).toEqual([true, false, true, false]);
    expect(fromXlsx.detected).toMatchObject({ Date: "Date", DateTime: "DateTime", Checkbox: "Checkbox" });

    for (const back of [fromCsv, fromXlsx]) {
      const imported = await listed(owner, back.T);
      for (const uidt of IMPORT_TYPES)
        expect(
          imported.map((r) => comparable(uidt, r[uidt])),
          uidt,
        ).toEqual(original.map((r) => comparable(uidt, r[uidt])));
    }
  });
});
