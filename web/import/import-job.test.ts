import { describe, expect, it } from "vitest";
import type { Column, TableMeta } from "../api/types";
import type { ImportApi } from "./import-api";
import { importIntoTable, importNewTable, type JobDeps } from "./import-job";
import type { Batch, StartPlan } from "./protocol";

const col = (title: string, uidt: Column["uidt"], extra: Partial<Column> = {}): Column => ({
  id: `cl_${title}`,
  title,
  column_name: title,
  uidt,
  pk: false,
  pv: false,
  rqd: false,
  cdf: null,
  system: false,
  meta: null,
  ...extra,
});

function table(columns: Column[]): TableMeta {
  return { id: "md_1", title: "T", table_name: "T", order: 1, columns, views: [] };
}

/** A worker handing out prepared batches; it records the plan it was started with. */
function worker(batches: Array<Partial<Batch>>) {
  const w = {
    plan: null as StartPlan | null,
    async start(plan: StartPlan) {
      w.plan = plan;
    },
    async pull(): Promise<Batch> {
      const b = batches.shift() ?? {};
      return {
        rows: [],
        rowNumbers: [],
        errors: [],
        newOptions: {},
        read: 0,
        total: null,
        done: batches.length === 0,
        ...b,
      };
    },
  };
  return w;
}

function fakeApi(
  made: TableMeta,
  refuse: (rows: Record<string, unknown>[]) => string | null = () => null,
  usage = { database_bytes: 1_000_000, database_limit_bytes: 10_000_000_000 },
) {
  const calls: string[] = [];
  const api: ImportApi & { calls: string[] } = {
    calls,
    async createTable(_p, body) {
      calls.push(`create ${body.title} ${body.columns.map((c) => `${c.title}:${c.uidt}`).join(",")}`);
      return made;
    },
    async deleteTable(id) {
      calls.push(`delete ${id}`);
      return true;
    },
    async updateColumn(id, payload) {
      calls.push(
        `options ${id} ${(payload.colOptions?.options as Array<{ title: string }>).map((o) => o.title).join(",")}`,
      );
      return made;
    },
    async bulkInsert(_p, _t, rows) {
      calls.push(`insert ${rows.length}`);
      const msg = refuse(rows);
      if (msg) throw new Error(msg);
      return [];
    },
    async usage() {
      calls.push("usage");
      return usage;
    },
  };
  return api;
}

const deps = (api: ImportApi, w: ReturnType<typeof worker>, signal?: AbortSignal, sourceBytes?: number): JobDeps => ({
  api,
  worker: w,
  projectId: "p_1",
  signal,
  sourceBytes,
});

describe("importNewTable", () => {
  const made = table([
    col("Id", "ID", { pk: true, system: true }),
    col("Name", "SingleLineText"),
    col("S", "SingleSelect", { colOptions: { options: [{ id: "o1", title: "a" }] } }),
  ]);
  const planned = [
    { source: 0, title: "Name", column_name: "Name", uidt: "SingleLineText" as const },
    {
      source: 2,
      title: "S",
      column_name: "S",
      uidt: "SingleSelect" as const,
      colOptions: { options: [{ title: "a" }] },
    },
  ];

  it("creates the table, grows select options before the batch that needs them, and keeps the table", async () => {
    const api = fakeApi(made);
    const w = worker([
      { rows: [{ Name: "x" }], rowNumbers: [1] },
      { rows: [{ Name: "y", S: "b" }], rowNumbers: [2], newOptions: { S: ["b"] } },
    ]);
    const out = await importNewTable(deps(api, w), 0, "T", planned);
    expect(api.calls).toEqual([
      "create T Name:SingleLineText,S:SingleSelect",
      "insert 1",
      "options cl_S a,b",
      "insert 1",
    ]);
    expect(w.plan).toMatchObject({
      table: 0,
      growSelects: true,
      columns: [
        { source: 0, title: "Name" },
        { source: 2, title: "S", settings: { options: [{ id: "o1", title: "a" }] } },
      ],
    });
    expect(out.removed).toBe(false);
    expect(out.report.kept).toEqual([{ from: 1, to: 2 }]);
  });

  it("deletes the new table when a batch is refused", async () => {
    const api = fakeApi(made, (rows) => (rows[0]?.Name === "bad" ? "Row 1: nope" : null));
    const out = await importNewTable(
      deps(
        api,
        worker([
          { rows: [{ Name: "ok" }], rowNumbers: [1] },
          { rows: [{ Name: "bad" }], rowNumbers: [2] },
        ]),
      ),
      0,
      "T",
      planned,
    );
    expect(api.calls.at(-1)).toBe("delete md_1");
    expect(out.removed).toBe(true);
    expect(out.report.failed[0]?.message).toBe("Row 2: nope");
  });

  it("deletes the new table when cancelled", async () => {
    const controller = new AbortController();
    controller.abort();
    const api = fakeApi(made);
    const out = await importNewTable(
      deps(api, worker([{ rows: [{ Name: "x" }], rowNumbers: [1] }]), controller.signal),
      0,
      "T",
      planned,
    );
    expect(api.calls).toEqual(["create T Name:SingleLineText,S:SingleSelect", "delete md_1"]);
    expect(out).toMatchObject({ removed: true, report: { cancelled: true } });
  });

  it("deletes the new table when the worker cannot start", async () => {
    const api = fakeApi(made);
    const w = worker([]);
    w.start = async () => {
      throw new Error("broken");
    };
    await expect(importNewTable(deps(api, w), 0, "T", planned)).rejects.toThrow("broken");
    expect(api.calls.at(-1)).toBe("delete md_1");
  });
});

describe("importIntoTable", () => {
  const existing = table([
    col("Id", "ID", { pk: true, ai: true, rqd: true, system: true }),
    col("Name", "SingleLineText", { rqd: true }),
    col("Age", "Number"),
    col("Code", "SingleLineText", { rqd: true, cdf: "X" }),
  ]);

  it("maps source columns to the table's columns and asks for the required check", async () => {
    const api = fakeApi(existing);
    const w = worker([{ rows: [{ Name: "a" }], rowNumbers: [1] }]);
    const out = await importIntoTable(deps(api, w), 1, existing, [
      { source: 3, title: "Name" },
      { source: 0, title: "Age" },
      { source: 1, title: "Gone" },
    ]);
    expect(w.plan).toEqual({
      table: 1,
      growSelects: false,
      required: ["Name"],
      columns: [
        { source: 3, title: "Name", uidt: "SingleLineText", settings: {} },
        { source: 0, title: "Age", uidt: "Number", settings: {} },
      ],
    });
    expect(out).toMatchObject({ removed: false, report: { inserted: 1, complete: true } });
  });

  it("never deletes the existing table; the report tells kept and failed rows", async () => {
    const api = fakeApi(existing, (rows) => (rows.length === 2 ? "Row 2: Age: too big" : null));
    const w = worker([
      { rows: [{}, {}, {}], rowNumbers: [1, 2, 3] },
      { rows: [{}, {}], rowNumbers: [4, 6] },
      { rows: [{}], rowNumbers: [7] },
    ]);
    const out = await importIntoTable(deps(api, w), 0, existing, [{ source: 0, title: "Name" }]);
    expect(api.calls.some((c) => c.startsWith("delete"))).toBe(false);
    expect(out.report.kept).toEqual([{ from: 1, to: 3 }]);
    expect(out.report.failed).toEqual([
      {
        rows: [
          { from: 4, to: 4 },
          { from: 6, to: 6 },
        ],
        row: 6,
        message: "Row 6: Age: too big",
      },
    ]);
  });
});

describe("room left in the project", () => {
  const made = table([col("Id", "ID", { pk: true, system: true }), col("Name", "SingleLineText")]);
  const planned = [{ source: 0, title: "Name", column_name: "Name", uidt: "SingleLineText" as const }];
  const nearlyFull = { database_bytes: 9_999_000_000, database_limit_bytes: 10_000_000_000 };

  it("refuses a file larger than the room left before making the table or sending a row", async () => {
    const api = fakeApi(made, () => null, nearlyFull);
    const w = worker([{ rows: [{ Name: "x" }], rowNumbers: [1] }]);
    await expect(importNewTable(deps(api, w, undefined, 2_500_000), 0, "T", planned)).rejects.toThrow(
      "This file needs about 2.5 MB, and the project has room for about 1.0 MB more. Nothing was imported",
    );
    expect(api.calls).toEqual(["usage"]);
    await expect(
      importIntoTable(deps(api, w, undefined, 2_500_000), 0, made, [{ source: 0, title: "Name" }]),
    ).rejects.toThrow(/needs about 2\.5 MB/);
    expect(api.calls).toEqual(["usage", "usage"]);
    expect(w.plan).toBeNull();
  });

  it("imports a file that fits", async () => {
    const api = fakeApi(made, () => null, nearlyFull);
    const w = worker([{ rows: [{ Name: "x" }], rowNumbers: [1] }]);
    const out = await importNewTable(deps(api, w, undefined, 900_000), 0, "T", planned);
    expect(out.report.inserted).toBe(1);
    expect(api.calls).toEqual(["usage", "create T Name:SingleLineText", "insert 1"]);
  });
});
