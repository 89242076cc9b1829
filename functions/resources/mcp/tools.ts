import type { Context } from "hono";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { readerOf } from "../../../db/access/rules";
import { isHidden } from "../../../db/fields/registry";
import { LIMIT_MAX } from "../../../db/query/params";
import { VIEW_TYPE_NAME } from "../../../db/views/types";
import { withSignedFiles } from "../../lib/attachments/sign-answer";
import { HttpError } from "../../lib/http-error";
import { projectRoom, unwrap } from "../../lib/room";
import type { AppEnv } from "../../types";
import { actorOf } from "../data/context";
import { locateTable, tablesOf, userOf, visibleProjects, type TableAccess } from "./locate";

type Ctx = Context<AppEnv>;

/** Every table tool names its table so, and its project only when the title is in several. */
const tableArgs = {
  table: z.string().min(1).describe("The table's title or id (see list_tables)"),
  project: z
    .string()
    .optional()
    .describe("The project's title or id; needed only when several projects have a table of this title"),
};
const where = z
  .string()
  .optional()
  .describe("A filter in NocoDB v1 syntax, e.g. (Status,eq,Done)~and(Amount,gt,100); see the v1 API docs");
const records = z.array(z.record(z.string(), z.unknown())).min(1).max(LIMIT_MAX);

/** Compact JSON text, the one content an answer carries. */
const text = (value: unknown): CallToolResult => ({ content: [{ type: "text", text: JSON.stringify(value) }] });

/**
 * A tool's work with the API's refusals as tool errors (`isError`) carrying the API's message:
 * the assistant reads why and may try again; a protocol error is kept for a malformed call.
 */
async function run(work: () => Promise<unknown>): Promise<CallToolResult> {
  try {
    return text(await work());
  } catch (err) {
    if (err instanceof HttpError) return { isError: true, content: [{ type: "text", text: err.message }] };
    console.error("mcp tool:", err);
    return { isError: true, content: [{ type: "text", text: "The request could not be completed" }] };
  }
}

/** An answer's uploads signed for this project, as the v1 row routes sign them. */
function signed<T>(c: Ctx, t: TableAccess, data: T): Promise<T> {
  c.set("project", t.project);
  return withSignedFiles(c, data);
}

/** The table's fields as the caller may see them: hidden fields and link keys left out. */
async function fieldsOf(c: Ctx, t: TableAccess) {
  const user = userOf(c);
  const { id } = await t.entry();
  const meta = await unwrap(
    projectRoom(c.env, t.project.id).schema({
      op: "readTable",
      projectId: t.project.id,
      tableId: id,
      reader: readerOf(t.flags, user.id, user.email),
    }),
  );
  return meta.columns
    .filter((col) => !col.system && !isHidden(col.uidt))
    .map((col) => {
      const options = "colOptions" in col ? col.colOptions : undefined;
      const extra = col.meta && Object.keys(col.meta).length ? col.meta : undefined;
      return {
        id: col.id,
        title: col.title,
        type: col.uidt,
        ...(col.pk ? { primaryKey: true } : {}),
        ...(col.pv ? { displayValue: true } : {}),
        ...(col.rqd ? { required: true } : {}),
        ...("access" in col && col.access ? { access: col.access } : {}),
        ...(col.description ? { description: col.description } : {}),
        ...(options ? { options } : {}),
        ...(extra ? { meta: extra } : {}),
      };
    });
}

/**
 * A group as the assistant asked for it: the API keys the value by column name and each measure
 * as `<fn>_<column name>` (in the order asked); here they take the titles the call named.
 */
function named(group: Record<string, unknown>, by: string, measures: Array<{ fn: string; column: string }>) {
  const [key, ...rest] = Object.keys(group).filter((k) => k !== "count");
  return {
    [by]: group[key!],
    count: group.count,
    ...Object.fromEntries(rest.map((k, i) => [`${measures[i]!.fn}_${measures[i]!.column}`, group[k]])),
  };
}

/** The tools (issue 40): each reads and writes through the v1 data port as the token's user. */
export function registerTools(server: McpServer, c: Ctx) {
  server.registerTool(
    "list_tables",
    {
      description: "Lists the projects this API token can see and the tables in each (ids and titles).",
      inputSchema: {},
    },
    () =>
      run(async () => {
        const projects = await visibleProjects(c);
        return Promise.all(
          projects.map(async (p) => ({ project: { id: p.id, title: p.title }, tables: await tablesOf(c, p.id) })),
        );
      }),
  );

  server.registerTool(
    "describe_table",
    {
      description:
        "Describes a table: its fields with their types (SingleLineText, Number, SingleSelect, Links...) and options " +
        "(a select's choices, a number's precision...), the primary key and which fields are required.",
      inputSchema: tableArgs,
    },
    (args) =>
      run(async () => {
        const t = await locateTable(c, args.table, args.project, "tableGet");
        const { id, title } = await t.entry();
        return { project: { id: t.project.id, title: t.project.title }, id, title, fields: await fieldsOf(c, t) };
      }),
  );

  server.registerTool(
    "query_records",
    {
      description:
        "Reads a page of a table's records, with an optional filter, sort, fields and paging. The answer's pageInfo " +
        "holds totalRows and isLastPage; ask again with a larger offset for the next page.",
      inputSchema: {
        ...tableArgs,
        where,
        sort: z.array(z.string()).optional().describe("Field titles to sort by; a leading '-' sorts descending"),
        fields: z.array(z.string()).optional().describe("Field titles to return (default: all the caller may see)"),
        view: z.string().optional().describe("A view's title or id: its filters, sorts and fields apply too"),
        limit: z
          .number()
          .int()
          .min(1)
          .max(LIMIT_MAX)
          .optional()
          .describe(`Records per page, 1 to ${LIMIT_MAX} (default 25)`),
        offset: z.number().int().min(0).optional().describe("Records to skip (default 0)"),
      },
    },
    (args) =>
      run(async () => {
        const t = await locateTable(c, args.table, args.project, "dataList");
        const page = await unwrap(
          t.rows.read({
            op: "list",
            table: t.table,
            params: {
              where: args.where,
              sort: args.sort,
              fields: args.fields,
              limit: args.limit ?? 25,
              offset: args.offset ?? 0,
            },
            scope: { view: args.view, caller: t.caller },
          }),
        );
        return signed(c, t, page);
      }),
  );

  server.registerTool(
    "count_records",
    {
      description: "Counts a table's records, all or those a filter matches.",
      inputSchema: { ...tableArgs, where },
    },
    (args) =>
      run(async () => {
        const t = await locateTable(c, args.table, args.project, "dataCount");
        return unwrap(t.rows.read({ op: "count", table: t.table, where: args.where, scope: { caller: t.caller } }));
      }),
  );

  server.registerTool(
    "aggregate",
    {
      description:
        "Groups a table's records by one field and answers, per distinct value, the count of records and optionally " +
        "the sum and average of number fields (as sum_<field> and avg_<field>).",
      inputSchema: {
        ...tableArgs,
        group_by: z.string().min(1).describe("The field to group by (its title)"),
        sum: z.array(z.string()).optional().describe("Number fields to sum per group"),
        avg: z.array(z.string()).optional().describe("Number fields to average per group"),
        where,
        sort: z
          .enum(["value", "-value", "count", "-count"])
          .optional()
          .describe("Order of the groups: by value (default) or by count; '-' for descending"),
        limit: z.number().int().min(1).max(LIMIT_MAX).optional().describe(`Groups per page (default 25)`),
        offset: z.number().int().min(0).optional(),
      },
    },
    (args) =>
      run(async () => {
        const t = await locateTable(c, args.table, args.project, "dataList");
        const measures = [
          ...(args.sum ?? []).map((column) => ({ fn: "sum" as const, column })),
          ...(args.avg ?? []).map((column) => ({ fn: "avg" as const, column })),
        ];
        const sort = args.sort?.endsWith("count")
          ? args.sort
          : args.sort === "-value"
            ? `-${args.group_by}`
            : undefined;
        const groups = await unwrap(
          t.rows.read({
            op: "groupBy",
            table: t.table,
            column: args.group_by,
            params: {
              where: args.where,
              sort: sort ? [sort] : undefined,
              limit: args.limit ?? 25,
              offset: args.offset ?? 0,
            },
            scope: { caller: t.caller },
            measures,
          }),
        );
        return { ...groups, list: groups.list.map((g) => named(g, args.group_by, measures)) };
      }),
  );

  server.registerTool(
    "create_records",
    {
      description:
        "Creates records: each an object of field titles to values (see describe_table). Answers the new records' keys.",
      inputSchema: { ...tableArgs, records },
    },
    (args) =>
      run(async () => {
        const t = await locateTable(c, args.table, args.project, "dataInsert");
        return unwrap(t.rows.write({ op: "insertMany", table: t.table, bodies: args.records }, actorOf(c)));
      }),
  );

  server.registerTool(
    "update_records",
    {
      description:
        "Updates records: each an object holding the record's primary key (e.g. Id) and the fields to change.",
      inputSchema: { ...tableArgs, records },
    },
    (args) =>
      run(async () => {
        const t = await locateTable(c, args.table, args.project, "dataUpdate");
        return unwrap(t.rows.write({ op: "updateMany", table: t.table, bodies: args.records }, actorOf(c)));
      }),
  );

  server.registerTool(
    "delete_records",
    {
      description:
        "Deletes records by their primary keys. Deleted records go to the project's trash, where they can be restored.",
      inputSchema: {
        ...tableArgs,
        ids: z
          .array(z.union([z.string(), z.number()]))
          .min(1)
          .max(LIMIT_MAX)
          .describe("The records' primary keys"),
      },
    },
    (args) =>
      run(async () => {
        const t = await locateTable(c, args.table, args.project, "dataDelete");
        const pk = (await fieldsOf(c, t)).find((f) => f.primaryKey);
        if (!pk) throw new HttpError(400, `Table '${args.table}' has no primary key to delete by`);
        const bodies = args.ids.map((id) => ({ [pk.title]: id }));
        return unwrap(t.rows.write({ op: "deleteMany", table: t.table, bodies }, actorOf(c)));
      }),
  );

  server.registerTool(
    "list_views",
    {
      description:
        "Lists a table's views (grid, form, gallery, kanban, calendar) the caller can see, with ids and titles.",
      inputSchema: tableArgs,
    },
    (args) =>
      run(async () => {
        const t = await locateTable(c, args.table, args.project, "viewList");
        const views = await unwrap(
          projectRoom(c.env, t.project.id).views({
            op: "listViews",
            projectId: t.project.id,
            tableId: (await t.entry()).id,
            caller: t.caller,
          }),
        );
        return views.map((v) => ({
          id: v.id,
          title: v.title,
          type: VIEW_TYPE_NAME[v.type] ?? v.type,
          ...(v.lock_type && v.lock_type !== "collaborative" ? { lock: v.lock_type } : {}),
        }));
      }),
  );
}
