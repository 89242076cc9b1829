/**
 * Issue 12: every field type, stored and computed (a lookup of each type through a belongs-to link,
 * lookups through list links, lookups of lookups, each rollup function, formulas of each result
 * type and formulas over computed fields), times every operator and date sub-operator the filter
 * builder offers for it (web/views/grid/logic/filters.ts, fed the table meta the server sends),
 * sent the way the grid sends them (`filterArrJson`). The server must accept each one; a lookup
 * through a belongs-to link must answer exactly like the same filter on the column it looks up.
 */
import { describe, expect, it } from "vitest";
import { FIELD_TYPES } from "../../db/fields/registry";
import { UI_TYPES, type FilterOp, type UIType } from "../../db/fields/types";
import { ROLLUP_FUNCTIONS } from "../../db/fields/Rollup";
import type { Column } from "../../web/api/types";
import {
  filterUidt,
  opsFor,
  subOpsFor,
  toFilterArr,
  valueInput,
  type FilterNode,
} from "../../web/views/grid/logic/filters";
import { api, seedProject, seedUser, type TestUser } from "./support";

const M = "/api/v1/db/meta";
const SYSTEM: ReadonlySet<UIType> = new Set(["ID", "ForeignKey", "CreateTime", "SpecificDBType"]);
const STORED = UI_TYPES.filter((t) => !FIELD_TYPES[t].virtual && !SYSTEM.has(t));

/** Two parents with values, one without any. */
const PARENT_VALUES: Partial<Record<UIType, [unknown, unknown]>> = {
  SingleLineText: ["alpha", "beta"],
  LongText: ["long a", "long b"],
  Checkbox: [true, false],
  MultiSelect: ["a,b", "b"],
  SingleSelect: ["a", "b"],
  Date: ["2024-01-02", "2024-03-04"],
  Year: [2024, 2020],
  Time: ["10:00:00", "12:30:00"],
  PhoneNumber: ["+15550100", "+15550111"],
  Email: ["x@example.com", "y@example.com"],
  URL: ["https://example.com", "https://b.example"],
  Number: [1, 5],
  Decimal: [1.5, 7.25],
  Currency: [3, 9],
  Percent: [5, 50],
  Duration: [60, 3600],
  Rating: [3, 1],
  DateTime: ["2024-01-02 10:00:00+00:00", "2024-05-06 08:00:00+00:00"],
  JSON: [{ a: 1 }, [1, 2]],
  Geometry: ["POINT(1 2)", "POINT(3 4)"],
};

/** A value a user would type into the filter's text box for a column filtering as `uidt`. */
function sampleValue(uidt: UIType | undefined, op: FilterOp): string {
  const num = ["Number", "Decimal", "Currency", "Percent", "Duration", "Rating", "Year", "ID", "ForeignKey"].includes(
    uidt ?? "",
  );
  if (op === "btw" || op === "nbtw")
    return uidt === "Date" || uidt === "DateTime" || uidt === "CreateTime"
      ? "2024-01-01,2024-12-31"
      : uidt === "Year"
        ? "2020,2024"
        : "1,5";
  if (uidt === "Year") return op === "in" ? "2020,2024" : "2024";
  if (num) return op === "in" ? "1,5" : "3";
  const byType: Partial<Record<UIType, string>> = {
    Checkbox: "true",
    Date: "2024-01-02",
    DateTime: "2024-01-02 10:00:00",
    CreateTime: "2024-01-02",
    Time: "10:00:00",
    JSON: '{"a":1}',
    Email: "x@example.com",
    URL: "https://example.com",
    PhoneNumber: "+15550100",
    SingleSelect: "a",
    MultiSelect: "a",
    Geometry: "POINT(1 2)",
  };
  return (uidt && byType[uidt]) ?? "a";
}

const call = (user: TestUser, method: string, path: string, body?: unknown) =>
  api(method, path, { token: user.token, body });

async function ok(res: { status: number; body: unknown }) {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Record<string, unknown> & { columns: Column[]; id: string };
}

async function setup() {
  const owner = await seedUser("org-level-creator");
  const projectId = await seedProject([[owner, "owner"]]);
  const make = async (table_name: string, columns: unknown[]) =>
    ok(await call(owner, "POST", `${M}/projects/${projectId}/tables`, { table_name, columns }));
  const options = { options: [{ title: "a" }, { title: "b" }] };
  const grand = await make("Grand", [{ title: "Name" }, { title: "Born", uidt: "Date" }]);
  const parent = await make(
    "Parent",
    STORED.map((uidt) => ({ title: `P ${uidt}`, uidt, ...(uidt.endsWith("Select") ? { colOptions: options } : {}) })),
  );
  const child = await make("Child", [
    { title: "Name" },
    { title: "Amount", uidt: "Number" },
    { title: "Due", uidt: "Date" },
  ]);
  const add = async (table: { id: string }, body: Record<string, unknown>) =>
    ok(await call(owner, "POST", `${M}/tables/${table.id}/columns`, body));
  const colId = async (table: { id: string }, title: string) =>
    (await ok(await call(owner, "GET", `${M}/tables/${table.id}`))).columns.find((c) => c.title === title)!.id;

  await add(parent, {
    uidt: "LinkToAnotherRecord",
    title: "Grand",
    parentId: parent.id,
    childId: grand.id,
    type: "bt",
  });
  await add(child, { uidt: "LinkToAnotherRecord", title: "Par", parentId: child.id, childId: parent.id, type: "bt" });
  await add(child, { uidt: "LinkToAnotherRecord", title: "Tags", parentId: child.id, childId: grand.id, type: "mm" });
  const par = await colId(child, "Par");
  const kids = await colId(parent, "Child List");
  // A lookup of each stored type through the belongs-to link.
  for (const uidt of STORED)
    await add(child, {
      uidt: "Lookup",
      title: `L ${uidt}`,
      fk_relation_column_id: par,
      fk_lookup_column_id: await colId(parent, `P ${uidt}`),
    });
  // Lookups through list links, and lookups of lookups (single and list).
  await add(child, {
    uidt: "Lookup",
    title: "Tag names",
    fk_relation_column_id: await colId(child, "Tags"),
    fk_lookup_column_id: await colId(grand, "Name"),
  });
  await add(parent, {
    uidt: "Lookup",
    title: "Grand born",
    fk_relation_column_id: await colId(parent, "Grand"),
    fk_lookup_column_id: await colId(grand, "Born"),
  });
  await add(parent, {
    uidt: "Lookup",
    title: "Kid names",
    fk_relation_column_id: kids,
    fk_lookup_column_id: await colId(child, "Name"),
  });
  await add(child, {
    uidt: "Lookup",
    title: "LL Grand born",
    fk_relation_column_id: par,
    fk_lookup_column_id: await colId(parent, "Grand born"),
  });
  await add(child, {
    uidt: "Lookup",
    title: "LL Kid names",
    fk_relation_column_id: par,
    fk_lookup_column_id: await colId(parent, "Kid names"),
  });
  for (const fn of ROLLUP_FUNCTIONS)
    await add(parent, {
      uidt: "Rollup",
      title: `R ${fn}`,
      fk_relation_column_id: kids,
      fk_rollup_column_id: await colId(child, "Amount"),
      rollup_function: fn,
    });
  await add(child, {
    uidt: "Lookup",
    title: "L rollup",
    fk_relation_column_id: par,
    fk_lookup_column_id: await colId(parent, "R sum"),
  });
  const formulas: Array<[string, string]> = [
    ["F number", "{Amount} * 2"],
    ["F text", 'CONCAT({Name}, "!")'],
    ["F bool", "{Amount} > 2"],
    ["F date", "{Due}"],
    ["F datetime", "NOW()"],
    ["F over lookup", "{L Number} + {Amount}"],
    ["F over rollup", "{L rollup} > 3"],
    ["F over link", 'CONCAT({Par}, "")'],
    ["F over formula", "{F number} + 1"],
  ];
  for (const [title, formula_raw] of formulas) await add(child, { uidt: "Formula", title, formula_raw });

  const data = (t: string) => `/api/v1/db/data/noco/${projectId}/${t}`;
  const bulk = (t: string) => `/api/v1/db/data/bulk/noco/${projectId}/${t}`;
  const row = (i: 0 | 1) => Object.fromEntries(STORED.map((uidt) => [`P ${uidt}`, PARENT_VALUES[uidt]?.[i] ?? null]));
  await ok(await call(owner, "POST", bulk("Grand"), [{ Name: "G1", Born: "1950-05-05" }, { Name: "G2" }]));
  await ok(await call(owner, "POST", bulk("Parent"), [row(0), row(1), {}]));
  await ok(
    await call(owner, "POST", bulk("Child"), [
      { Name: "c1", Amount: 1, Due: "2024-01-02" },
      { Name: "c2", Amount: 4, Due: "2024-06-30" },
      { Name: "c3", Amount: 10 },
      { Name: "c4" },
    ]),
  );
  for (const [c, p] of [
    [1, 1],
    [2, 1],
    [3, 2],
    [4, 3],
  ])
    await ok(await call(owner, "POST", `${data("Child")}/${c}/bt/Par/${p}`));
  await ok(await call(owner, "POST", `${data("Parent")}/1/bt/Grand/1`));
  await ok(await call(owner, "POST", `${data("Child")}/1/mm/Tags/1`));
  const meta = async (t: { id: string }) => (await ok(await call(owner, "GET", `${M}/tables/${t.id}`))).columns;
  return { owner, data, parentCols: await meta(parent), childCols: await meta(child), grandCols: await meta(grand) };
}

/** Every condition the builder offers for a column: each operator, each sub-operator, a typed value. */
function offered(column: Column): FilterNode[] {
  const nodes: FilterNode[] = [];
  for (const op of opsFor(column)) {
    const subOps = subOpsFor(column, op);
    for (const subOp of subOps.length > 0 ? subOps : [undefined]) {
      const input = valueInput(column, op, subOp);
      const value =
        input === "none"
          ? undefined
          : input === "number"
            ? "3"
            : input === "date"
              ? "2024-01-02"
              : sampleValue(filterUidt(column), op);
      nodes.push({
        key: `${column.id}-${op}-${subOp}`,
        isGroup: false,
        logicalOp: "and",
        columnId: column.id,
        op,
        subOp,
        value,
        children: [],
      });
    }
  }
  return nodes;
}

/** Refusals collected over the whole walk, so one run names all of them. */
const refused: string[] = [];

const list = (owner: TestUser, url: string, columns: Column[], nodes: FilterNode[]) =>
  call(
    owner,
    "GET",
    `${url}?limit=100&fields=Id&filterArrJson=${encodeURIComponent(JSON.stringify(toFilterArr(nodes, columns)))}`,
  );

/** All of a column's conditions in one request (joined by or); one by one only when it is refused. */
async function acceptsAll(owner: TestUser, url: string, columns: Column[], nodes: FilterNode[]) {
  // Batches of 20: SQLite refuses an expression tree deeper than 100 (a date column offers ~100).
  for (let i = 0; i < nodes.length; i += 20) {
    const batch = nodes.slice(i, i + 20);
    const res = await list(
      owner,
      url,
      columns,
      batch.map((n) => ({ ...n, logicalOp: "or" as const })),
    );
    if (res.status !== 200) for (const node of batch) await ids(owner, url, columns, node);
  }
}

async function ids(owner: TestUser, url: string, columns: Column[], node: FilterNode): Promise<number[]> {
  const res = await list(owner, url, columns, [node]);
  const column = columns.find((c) => c.id === node.columnId)!;
  if (res.status !== 200) {
    refused.push(
      `${column.title} (${column.uidt} as ${filterUidt(column)}) ${node.op} ${node.subOp ?? ""} ${node.value ?? ""}: ${res.status} ${JSON.stringify(res.body)}`,
    );
    return [];
  }
  return (res.body as { list: Array<{ Id: number }> }).list.map((r) => r.Id);
}

describe("filters on every field type and computed shape", () => {
  it(
    "the server accepts every operator the filter builder offers, and a lookup answers like its column",
    { timeout: 900_000 },
    async () => {
      const { owner, data, parentCols, childCols, grandCols } = await setup();
      // Every computed column resolved to a type with operators: the builder never offers nothing.
      for (const c of [...parentCols, ...childCols].filter((c) => FIELD_TYPES[c.uidt].virtual)) {
        expect(opsFor(c).length, `${c.title} offers operators`).toBeGreaterThan(0);
      }
      expect(childCols.find((c) => c.title === "L Date")?.filter_uidt).toBe("Date");
      expect(childCols.find((c) => c.title === "LL Grand born")?.filter_uidt).toBe("Date");
      expect(childCols.find((c) => c.title === "LL Kid names")?.filter_uidt).toBe("LongText");
      expect(childCols.find((c) => c.title === "F bool")?.filter_uidt).toBe("Checkbox");

      let checked = 0;
      for (const [table, cols] of [
        ["Grand", grandCols],
        ["Parent", parentCols],
        ["Child", childCols],
      ] as const) {
        for (const column of cols.filter((c) => c.uidt !== "ForeignKey")) {
          const nodes = offered(column);
          await acceptsAll(owner, data(table), cols, nodes);
          checked += nodes.length;
        }
      }
      expect(checked).toBeGreaterThan(500);
      expect(refused).toEqual([]);

      // A lookup through the belongs-to link holds its parent's value: same filter, same parents.
      const differ: string[] = [];
      const parentsOfChild = new Map([
        [1, 1],
        [2, 1],
        [3, 2],
        [4, 3],
      ]);
      for (const uidt of STORED) {
        const lookup = childCols.find((c) => c.title === `L ${uidt}`)!;
        const source = parentCols.find((c) => c.title === `P ${uidt}`)!;
        expect(filterUidt(lookup), `L ${uidt}`).toBe(uidt);
        // Date sub-operators are walked above; here each operator once (its first sub-operator).
        const once = offered(lookup).filter((n, i, all) => all.findIndex((m) => m.op === n.op) === i);
        for (const node of once) {
          const children = await ids(owner, data("Child"), childCols, node);
          const parents = new Set(await ids(owner, data("Parent"), parentCols, { ...node, columnId: source.id }));
          const expected = [...parentsOfChild].filter(([, p]) => parents.has(p)).map(([c]) => c);
          if (JSON.stringify(children.sort()) !== JSON.stringify(expected))
            differ.push(`L ${uidt} ${node.op} ${node.subOp ?? ""} ${node.value ?? ""}: ${children} vs ${expected}`);
        }
      }
      expect(differ).toEqual([]);
      expect(refused).toEqual([]);
    },
  );
});
