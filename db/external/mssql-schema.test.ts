/**
 * SQL Server on a schema other than the login's default (no SQL Server runs here: checked by cases).
 * T-SQL has no per-session default schema, so every statement the app runs on such a source names
 * its tables `[schema].[table]`. Checked here:
 * - connecting: the schema is looked up as a bound value; a missing one is a 400 naming it, the
 *   default one (or none) leaves statements as they were;
 * - introspection and the count estimate bind the schema (@p1), never splice it into the text;
 * - the DDL the app writes names the schema;
 * - the row and schema engines (rows.ts, access.ts, export.ts, schema-ops.ts, computed-ops.ts)
 *   driven end to end over a project's real meta (an in-memory store) and a recording driver:
 *   every table of every statement they send is `[sales].[...]` (tests/support/tsql-tables.ts).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { nodeProjectStore } from "../../tests/support/node-store";
import { tableTargets, unqualifiedTables } from "../../tests/support/tsql-tables";
import type { Reader } from "../access/reader";
import { linkOptions } from "../schema/links";
import { modelColumns } from "../schema/tables";
import { models } from "../store/schema";
import type { ProjectStore } from "../store/store";
import { addColumnSql, createTableSql, dropColumnSql, dropTableSql, renameColumnSql, renameTableSql } from "./ddl";
import { SourceError, type Queryable, type Row, type SourceDriver, type SourceSchema } from "./driver";
import { exportCsv } from "./export";
import { estimateMssql, introspectMssql, schemaOf } from "./mssql";
import * as rows from "./rows";
import * as links from "./link-rows";
import * as schemaOps from "./schema-ops";
import { syncSchema } from "./schema-sync";

const SALES = "sales";

/** A Queryable answering each statement with `answer`, recording what it was sent. */
function recorder(answer: (sql: string, params: readonly unknown[]) => Row[] = () => []) {
  const sent: Array<{ sql: string; params: readonly unknown[] }> = [];
  const q: Queryable = {
    query: async (sql, params = []) => {
      sent.push({ sql, params });
      return answer(sql, params);
    },
    execute: async (sql, params = []) => {
      sent.push({ sql, params });
      return { rows: answer(sql, params), affected: 1 };
    },
  };
  return { q, sent };
}

describe("SQL Server: connecting to a schema", () => {
  const server = (schemas: string[], dflt = "dbo") =>
    recorder((_sql, params) => [{ d: dflt, s: schemas.find((s) => s.toLowerCase() === params[0]) ?? null }]);

  it("looks the schema up as a bound value, as sys.schemas spells it; another than the default is named in statements", async () => {
    const { q, sent } = server(["dbo", "sales"]);
    expect(await schemaOf(q, "sales")).toEqual({ name: "sales", dbSchema: "sales" });
    expect(sent).toEqual([
      { sql: "SELECT SCHEMA_NAME() AS d, (SELECT name FROM sys.schemas WHERE name = @p1) AS s", params: ["sales"] },
    ]);
  });

  it("leaves statements bare on the login's default schema, named or not", async () => {
    expect(await schemaOf(server(["dbo", "sales"]).q, undefined)).toEqual({ name: "dbo" });
    expect(await schemaOf(server(["dbo", "sales"]).q, " ")).toEqual({ name: "dbo" });
    expect(await schemaOf(server(["dbo"]).q, "dbo")).toEqual({ name: "dbo" });
    expect(await schemaOf(server(["app", "sales"], "app").q, "app")).toEqual({ name: "app" });
    // Named as the default only in another case (a case-insensitive database): the server's spelling.
    const ci = recorder(() => [{ d: "dbo", s: "dbo" }]);
    expect(await schemaOf(ci.q, "DBO")).toEqual({ name: "dbo" });
    expect(ci.sent[0]!.params).toEqual(["DBO"]);
  });

  it("refuses a schema the login cannot see with a 400 naming it", async () => {
    const err = await schemaOf(server(["dbo"]).q, "archive").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SourceError);
    expect((err as SourceError).status).toBe(400);
    expect((err as SourceError).message).toBe("SQL Server: schema archive does not exist or this login cannot see it");
  });
});

describe("SQL Server: introspection and the estimate bind the schema as a value", () => {
  it("reads tables, columns, keys and foreign keys of the schema given as @p1", async () => {
    const { q, sent } = recorder((sql) => {
      if (sql.includes("INFORMATION_SCHEMA.TABLES")) return [{ name: "orders", kind: "BASE TABLE" }];
      if (sql.includes("INFORMATION_SCHEMA.COLUMNS"))
        return [
          { t: "orders", c: "id", dt: "int", nullable: "NO", len: null, prec: 10, scale: 0, ai: true, def: null },
        ];
      if (sql.includes("is_primary_key")) return [{ t: "orders", c: "id", ord: 1 }];
      return [];
    });
    const schema = await introspectMssql(q, "o'sales]");
    expect(schema.tables.map((t) => [t.name, t.columns.map((c) => [c.name, c.pk, c.ai])])).toEqual([
      ["orders", [["id", 1, true]]],
    ]);
    expect(sent).toHaveLength(4);
    for (const s of sent) {
      expect(s.params).toEqual(["o'sales]"]);
      expect(s.sql).not.toContain("sales");
      // The login's default no longer decides: no SCHEMA_NAME(), and SCHEMA_ID only of the value.
      expect(s.sql).not.toMatch(/SCHEMA_NAME\(|SCHEMA_ID\(\)/);
      expect(s.sql).toMatch(/@p1\b/);
      expect(s.sql).not.toMatch(/@p[2-9]/);
    }
    expect(sent[0]!.sql).toMatch(/WHERE TABLE_SCHEMA = @p1 ORDER BY TABLE_NAME/);
    expect(sent[1]!.sql).toMatch(/o\.schema_id = SCHEMA_ID\(@p1\)[^]*WHERE c\.TABLE_SCHEMA = @p1/);
    expect(sent[2]!.sql).toMatch(/t\.schema_id = SCHEMA_ID\(@p1\)/);
    expect(sent[3]!.sql).toMatch(/tp\.schema_id = SCHEMA_ID\(@p1\) AND tr\.schema_id = SCHEMA_ID\(@p1\)/);
  });

  it("estimates a table's rows in the schema: the table @p1, the schema @p2", async () => {
    const { q, sent } = recorder(() => [{ n: "120000" }]);
    expect(await estimateMssql(q, "orders", "sales")).toBe(120000);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.params).toEqual(["orders", "sales"]);
    expect(sent[0]!.sql).toMatch(/WHERE t\.schema_id = SCHEMA_ID\(@p2\) AND t\.name = @p1 AND p\.index_id IN \(0, 1\)/);
  });
});

describe("SQL Server: DDL names the schema", () => {
  it("writes each statement with [schema].[table], the schema quoted as an identifier", () => {
    expect(createTableSql("mssql", "t", [{ title: "Done", column_name: "done", uidt: "Checkbox" }], SALES)).toBe(
      "CREATE TABLE [sales].[t] ([id] int IDENTITY(1,1) NOT NULL PRIMARY KEY, [done] bit)",
    );
    expect(addColumnSql("mssql", "t", { name: "n", type: "nvarchar(255)" }, SALES)).toBe(
      "ALTER TABLE [sales].[t] ADD [n] nvarchar(255)",
    );
    expect(dropColumnSql("mssql", "t", "n", SALES)).toBe("ALTER TABLE [sales].[t] DROP COLUMN [n]");
    expect(dropTableSql("mssql", "t", SALES)).toBe("DROP TABLE [sales].[t]");
    // sp_rename: the qualified object as a string literal, the new name bare (it stays in its schema).
    expect(renameColumnSql("mssql", "t", "a", "b", SALES)).toBe("EXEC sp_rename N'[sales].[t].[a]', N'b', 'COLUMN'");
    expect(renameTableSql("mssql", "old", "new", SALES)).toBe("EXEC sp_rename N'[sales].[old]', N'new'");
    expect(renameTableSql("mssql", "old", "new", "o'k]")).toBe("EXEC sp_rename N'[o''k]]].[old]', N'new'");
    expect(dropTableSql("mssql", "t", "a]b")).toBe("DROP TABLE [a]]b].[t]");
  });

  it("writes the same DDL as before without a schema, on every dialect", () => {
    for (const d of ["sqlite", "pg", "mysql", "mssql"] as const) {
      expect(dropTableSql(d, "t")).toBe(`DROP TABLE ${d === "mysql" ? "`t`" : d === "mssql" ? "[t]" : '"t"'}`);
      expect(renameTableSql(d, "a", "b", undefined)).toBe(renameTableSql(d, "a", "b"));
    }
    expect(renameTableSql("mysql", "a", "b")).toBe("RENAME TABLE `a` TO `b`");
    expect(addColumnSql("pg", "t", { name: "n", type: "text" })).toBe('ALTER TABLE "t" ADD COLUMN "n" text');
  });
});

// --- The row and schema engines end to end, on a recording SQL Server driver -----------------

const col = (name: string, dt: string, extra: Partial<SourceSchema["tables"][number]["columns"][number]> = {}) => ({
  name,
  dt,
  type: dt,
  nullable: true,
  default: null,
  ai: false,
  pk: 0,
  maxLength: dt === "nvarchar" ? 100 : null,
  ...extra,
});
const key = col("id", "int", { pk: 1, ai: true, nullable: false });

/** The tables of schema `sales` as introspection reads them: customers ← orders, orders ↔ tags. */
const SOURCE: SourceSchema = {
  tables: [
    { name: "customers", view: false, columns: [key, col("name", "nvarchar"), col("tier", "int")], foreignKeys: [] },
    {
      name: "orders",
      view: false,
      columns: [key, col("ref", "nvarchar"), col("amount", "int"), col("customer_id", "int")],
      foreignKeys: [{ name: "fk_orders_customer", column: "customer_id", refTable: "customers", refColumn: "id" }],
    },
    { name: "tags", view: false, columns: [key, col("label", "nvarchar")], foreignKeys: [] },
    {
      name: "order_tags",
      view: false,
      columns: [col("order_id", "int", { pk: 1, nullable: false }), col("tag_id", "int", { pk: 2, nullable: false })],
      foreignKeys: [
        { name: "fk_ot_order", column: "order_id", refTable: "orders", refColumn: "id" },
        { name: "fk_ot_tag", column: "tag_id", refTable: "tags", refColumn: "id" },
      ],
    },
  ],
};

/** Every stored column a record of any table has; a link's key is unset, so it can be linked. */
const RECORD: Row = { id: 1, name: "Ada", tier: 2, ref: "A-1", amount: 10, customer_id: null, label: "red" };

interface Fixture {
  store: ProjectStore;
  driver: SourceDriver;
  sent: Array<{ sql: string; params: readonly unknown[] }>;
  /** What `SELECT 1 AS x FROM <junction>` finds: whether the pair is linked already. */
  linked: { now: boolean };
  table: (name: string) => string;
  column: (table: string, title: string) => string;
  link: (table: string, type: "bt" | "hm" | "mm") => string;
}

function fixture(): Fixture {
  const store = nodeProjectStore();
  syncSchema(store, SOURCE, "mssql", { table: "none", column: "none" }, true);
  const linked = { now: false };
  const { q, sent } = recorder((sql) => {
    if (sql.startsWith("SELECT COUNT(*)")) return [{ count: 1 }];
    if (sql.startsWith("SELECT * FROM")) return [{ ...RECORD }];
    if (sql.includes(" OUTPUT INSERTED.")) return [{ id: 7 }];
    if (sql.startsWith("SELECT 1 AS [ok]")) return [{ ok: 1 }];
    if (sql.startsWith("SELECT 1 AS x")) return linked.now ? [{ x: 1 }] : [];
    if (sql.startsWith("SELECT [id] AS [id]")) return [{ id: 1 }];
    if (sql.startsWith("SELECT ") && / ROWS FETCH NEXT @p\d+ ROWS ONLY$/.test(sql)) return [{ ...RECORD }];
    return [];
  });
  const driver: SourceDriver = {
    dialect: "mssql",
    dbSchema: SALES,
    ...q,
    introspect: async () => SOURCE,
    estimate: async () => null,
    transaction: (fn) => fn(q),
    version: async () => "Microsoft SQL Server 2022",
    close: async () => undefined,
  };
  const table = (name: string) =>
    store.meta
      .select()
      .from(models)
      .all()
      .find((m) => m.tableName === name)!.id;
  const column = (t: string, title: string) => modelColumns(store, table(t)).find((c) => c.title === title)!.id;
  const link = (t: string, type: "bt" | "hm" | "mm") =>
    modelColumns(store, table(t)).find((c) => c.uidt === "LinkToAnotherRecord" && linkOptions(c).type === type)!.id;
  return { store, driver, sent, linked, table, column, link };
}

/** The statements sent since `from`, each naming only tables of `sales`, and at least one. */
function expectQualified(f: Fixture, from = 0) {
  const statements = f.sent.slice(from);
  expect(statements.length).toBeGreaterThan(0);
  for (const s of statements) expect(unqualifiedTables(s.sql, SALES), s.sql).toEqual([]);
  return statements.map((s) => s.sql);
}

const page = { limit: 25, offset: 0 };

describe("SQL Server on schema sales: the row engine names every table [sales].[...]", () => {
  let f: Fixture;
  let ctx: rows.ExtCtx;
  beforeEach(() => {
    f = fixture();
    ctx = { store: f.store, driver: f.driver };
  });

  it("reads: a page with its count, one record, a count, groups, a find, existence", async () => {
    await rows.listRows(ctx, "orders", { ...page, where: "(amount,gt,5)", sort: ["-ref"] });
    await rows.readRow(ctx, "orders", "1");
    await rows.countRows(ctx, "orders", "(ref,like,A)");
    await rows.groupBy(ctx, "orders", "amount", page);
    await rows.findOne(ctx, "customers", { ...page, where: "(name,eq,Ada)" });
    expect(await rows.rowExists(ctx, "tags", "1")).toBe(true);
    const sqls = expectQualified(f);
    expect(sqls).toContain("SELECT * FROM [sales].[tags] WHERE [id] = @p1");
    expect(sqls).toContain(
      "SELECT COUNT(*) AS [count] FROM [sales].[orders] AS [orders] WHERE LOWER(CAST([ref] AS nvarchar(max))) LIKE REPLACE(LOWER(@p1), N'[', N'![') ESCAPE '!'",
    );
  });

  it("reads the links, lookups and rollups of a record in the same statement, every sub-query in the schema", async () => {
    await rows.listRows(ctx, "orders", page);
    const [list] = expectQualified(f);
    const targets = tableTargets(list!).map((t) => t.join("."));
    // The page's table, and through the links: the customer (bt), the tags through the junction (mm).
    expect(new Set(targets)).toEqual(new Set(["sales.orders", "sales.customers", "sales.order_tags", "sales.tags"]));
    expect(list).toMatch(/^SELECT .* FROM \[sales\]\.\[orders\] AS \[orders\] ORDER BY \[id\] ASC OFFSET @p1 ROWS/);
  });

  it("writes: insert (OUTPUT INSERTED), update, delete, in bulk and by filter", async () => {
    await rows.insertOne(ctx, "orders", { ref: "B-1", amount: 3 });
    await rows.insertMany(ctx, "tags", [{ label: "x" }, { label: "y" }]);
    await rows.updateOne(ctx, "orders", "1", { amount: 4 });
    await rows.updateMany(ctx, "tags", [{ id: 1, label: "z" }]);
    await rows.deleteOne(ctx, "tags", "1");
    await rows.deleteMany(ctx, "tags", [{ id: 2 }]);
    await rows.updateWhere(ctx, "orders", "(amount,lt,5)", { amount: 5 });
    await rows.deleteWhere(ctx, "orders", "(amount,lt,1)");
    const sqls = expectQualified(f);
    expect(sqls).toContain("INSERT INTO [sales].[orders] ([ref], [amount]) OUTPUT INSERTED.[id] VALUES (@p1, @p2)");
    expect(sqls).toContain("UPDATE [sales].[orders] SET [amount] = @p1 WHERE [id] = @p2");
    expect(sqls).toContain("DELETE FROM [sales].[tags] WHERE [id] = @p1");
    expect(sqls).toContain("SELECT [id] AS [id] FROM [sales].[orders] AS [orders] WHERE [amount] < @p1 ORDER BY [id]");
  });

  it("links: the records linked (bt, hm, mm) and linking or unlinking each kind", async () => {
    await links.nestedList(ctx, "orders", "1", f.link("orders", "bt"), page, true);
    await links.nestedList(ctx, "customers", "1", f.link("customers", "hm"), page, true);
    await links.nestedList(ctx, "orders", "1", f.link("orders", "mm"), page, false);
    await links.setLink(ctx, "orders", "1", f.link("orders", "bt"), "1", true);
    await links.setLink(ctx, "orders", "1", f.link("orders", "mm"), "1", true);
    f.linked.now = true;
    await links.setLink(ctx, "orders", "1", f.link("orders", "mm"), "1", false);
    const sqls = expectQualified(f);
    expect(sqls).toContain("UPDATE [sales].[orders] SET [customer_id] = @p1 WHERE [id] = @p2");
    expect(sqls).toContain("INSERT INTO [sales].[order_tags] ([order_id], [tag_id]) VALUES (@p1, @p2)");
    expect(sqls).toContain("DELETE FROM [sales].[order_tags] WHERE [order_id] = @p1 AND [tag_id] = @p2");
    expect(sqls.some((s) => s.includes("IN (SELECT [tag_id] FROM [sales].[order_tags] WHERE [order_id] = @p"))).toBe(
      true,
    );
  });

  it("a reader's row rule: checked on the record in the schema after a write", async () => {
    const editor: Reader = { role: "editor", userId: "us_1", email: "ed@example.com" };
    f.store.exec(
      "INSERT INTO _nc_table_access (fk_model_id, role, fields, row_rule, updated_at) VALUES (?, ?, '{}', ?, ?)",
      f.table("orders"),
      "editor",
      JSON.stringify([{ fk_column_id: f.column("orders", "amount"), comparison_op: "gt", value: 0 }]),
      new Date().toISOString(),
    );
    ctx = { ...ctx, reader: editor };
    await rows.insertOne(ctx, "orders", { ref: "C-1", amount: 1 });
    await rows.updateOne(ctx, "orders", "1", { amount: 2 });
    const sqls = expectQualified(f);
    expect(sqls).toContain("SELECT 1 AS [ok] FROM [sales].[orders] WHERE [id] = @p1 AND ([amount] > @p2)");
  });

  it("exports a CSV page from the schema", async () => {
    await exportCsv(ctx, "customers", { ...page, offset: 0 });
    expect(expectQualified(f)[0]).toMatch(/ FROM \[sales\]\.\[customers\] AS \[customers\] ORDER BY /);
  });
});

describe("SQL Server on schema sales: schema changes name every table [sales].[...]", () => {
  let f: Fixture;
  let x: schemaOps.SchemaCtx;
  beforeEach(() => {
    f = fixture();
    x = { store: f.store, driver: f.driver, inflection: { table: "none", column: "none" } };
  });

  it("tables and fields: create, rename, add, rename and drop a column, drop the table", async () => {
    // The recording driver's schema does not change: the sync cannot find the table it made.
    await schemaOps
      .createTable(x, "p_1", { title: "notes", columns: [] })
      .catch((err: Error) => expect(err.message).toMatch(/did not show the new table notes/));
    await schemaOps.updateTable(x, f.table("tags"), { table_name: "labels" });
    await schemaOps.addColumn(x, "p_1", f.table("customers"), { title: "City", column_name: "city" });
    await schemaOps.updateColumn(x, "p_1", f.column("customers", "tier"), { column_name: "level" });
    await schemaOps.deleteColumn(x, "p_1", f.column("customers", "name"));
    await schemaOps.deleteTable(x, f.table("customers"));
    expect(expectQualified(f)).toEqual([
      "CREATE TABLE [sales].[notes] ([id] int IDENTITY(1,1) NOT NULL PRIMARY KEY, [title] nvarchar(255))",
      "EXEC sp_rename N'[sales].[tags]', N'labels'",
      "ALTER TABLE [sales].[customers] ADD [city] nvarchar(255)",
      "EXEC sp_rename N'[sales].[customers].[tier]', N'level', 'COLUMN'",
      "ALTER TABLE [sales].[customers] DROP COLUMN [name]",
      "DROP TABLE [sales].[customers]",
    ]);
  });

  it("a lookup, a rollup and a formula are each proven on the database with a statement in the schema", async () => {
    const orders = f.table("orders");
    const customers = f.table("customers");
    await schemaOps.addColumn(x, "p_1", orders, {
      title: "Customer name",
      uidt: "Lookup",
      fk_relation_column_id: f.link("orders", "bt"),
      fk_lookup_column_id: f.column("customers", "name"),
    } as never);
    await schemaOps.addColumn(x, "p_1", customers, {
      title: "Spent",
      uidt: "Rollup",
      fk_relation_column_id: f.link("customers", "hm"),
      fk_rollup_column_id: f.column("orders", "amount"),
      rollup_function: "sum",
    } as never);
    await schemaOps.addColumn(x, "p_1", orders, {
      title: "Twice",
      uidt: "Formula",
      formula_raw: "{amount} * 2",
    } as never);
    const [lookup, rollup, formula] = expectQualified(f);
    expect(lookup).toContain("FROM [sales].[customers] AS [_v1] WHERE [_v1].[id] = [orders].[customer_id]");
    expect(rollup).toContain("FROM [sales].[orders] AS [_v1] CROSS APPLY");
    expect(tableTargets(formula!)).toEqual([[SALES, "orders"]]);
  });

  it("a new link: its foreign key references the parent in the schema; mm makes its junction there", async () => {
    const add = (type: string, title: string) =>
      schemaOps
        .addColumn(x, "p_1", f.table("tags"), {
          title,
          uidt: "LinkToAnotherRecord",
          type,
          childId: f.table("customers"),
        } as never)
        // The recording driver's schema does not change: the sync cannot find the link it made.
        .catch((err: Error) => expect(err.message).toMatch(/did not show the new link/));
    await add("bt", "Owner");
    await add("mm", "Fans");
    expect(expectQualified(f)).toEqual([
      "ALTER TABLE [sales].[tags] ADD [customers_id] int NULL CONSTRAINT [fk_tags_customers_id] REFERENCES [sales].[customers] ([id])",
      "CREATE TABLE [sales].[tags_customers] ([tags_id] int NOT NULL, [customers_id] int NOT NULL, PRIMARY KEY ([tags_id], [customers_id]), FOREIGN KEY ([tags_id]) REFERENCES [sales].[tags] ([id]), FOREIGN KEY ([customers_id]) REFERENCES [sales].[customers] ([id]))",
    ]);
  });

  it("deleting a link drops its constraint and column, or its junction table, in the schema", async () => {
    await schemaOps.deleteColumn(x, "p_1", f.link("orders", "bt"));
    await schemaOps.deleteColumn(x, "p_1", f.link("tags", "mm"));
    expect(expectQualified(f)).toEqual([
      "ALTER TABLE [sales].[orders] DROP CONSTRAINT [fk_orders_customer]",
      "ALTER TABLE [sales].[orders] DROP COLUMN [customer_id]",
      "DROP TABLE [sales].[order_tags]",
    ]);
  });
});
