import { succeeding, type TestUser, workerFetch } from "./support";

/**
 * The narrowed table of the permissions walk (acl-narrowed-walk.test.ts, issue 23): field permissions
 * and row rules per role, with markers that let a generic scan of any answer find a leak.
 * - every cell of a hidden field holds HIDDEN_MARK, every record outside a rule has OUT_MARK in its
 *   name (and so does a comment on it); a read of a narrowed role must contain neither, nor any
 *   hidden field's title;
 * - the table "T" links (has-many "Parts") to a second narrowed table, so lookups, rollups and
 *   nested lists of T reach records and fields hidden there.
 */
export const HIDDEN_MARK = "zq-hidden";
export const OUT_MARK = "zq-out";
/** Titles no narrowed role may meet: T's hidden field, a formula over it, a lookup of Parts' hidden field. */
export const HIDDEN_TITLES = ["Hushed", "Loud hushed", "Hushed parts"];
export const NARROWED = ["editor", "commenter", "viewer"] as const;

const M = "/api/v1/db/meta";

export interface NarrowedIds {
  tableId: string;
  partsId: string;
  /** T's hidden field: the `:columnId` of the walk, so column routes meet a hidden one. */
  columnId: string;
  defaultViewId: string;
  pk: string;
  /** r1 is inside every narrowed role's rule; r2 outside all of them. */
  r1: number;
  r2: number;
  /** Parts linked to r1: pIn inside the rule of Parts, pOut outside. */
  pIn: number;
  pOut: number;
}

/**
 * The narrowed table for the walk. Rules (per role of the project):
 * - editor: Hushed hidden, Locked read-only, only records whose Owner is @me (the editor member);
 * - commenter: Hushed hidden, Locked read-only, only records whose Audience is "everyone";
 * - viewer: Hushed hidden, every record but those whose Audience is "builders";
 * - Parts, for all three: its Hushed hidden, only records whose Audience is "everyone".
 */
export async function narrowedTable(projectId: string, owner: TestUser, editor: TestUser): Promise<NarrowedIds> {
  const as = succeeding(owner);
  const D = `/api/v1/db/data/noco/${projectId}`;
  const [table, parts] = await Promise.all([
    as("POST", `${M}/projects/${projectId}/tables`, {
      table_name: "T",
      columns: [{ title: "Name" }, { title: "Hushed" }, { title: "Locked" }, { title: "Owner" }, { title: "Audience" }],
    }),
    as("POST", `${M}/projects/${projectId}/tables`, {
      table_name: "Parts",
      columns: [{ title: "Name" }, { title: "Hushed" }, { title: "Audience" }],
    }),
  ]);
  const colOf = (t: { columns: Array<{ id: string; title: string }> }, title: string) =>
    t.columns.find((c) => c.title === title)!.id;
  const tableId = table.id as string;
  const partsId = parts.id as string;
  const [linked] = await Promise.all([
    as("POST", `${M}/tables/${tableId}/columns`, {
      uidt: "LinkToAnotherRecord",
      title: "Parts",
      childId: partsId,
      type: "hm",
    }),
    as("POST", `${M}/tables/${tableId}/columns`, {
      uidt: "Formula",
      title: "Loud hushed",
      formula_raw: "UPPER({Hushed})",
    }),
  ]);
  const link = colOf(linked, "Parts");
  const lookup = (title: string, target: string) => ({
    uidt: "Lookup",
    title,
    fk_relation_column_id: link,
    fk_lookup_column_id: colOf(parts, target),
  });
  const [, , , tRows, pRows] = await Promise.all([
    as("POST", `${M}/tables/${tableId}/columns`, lookup("Part names", "Name")),
    as("POST", `${M}/tables/${tableId}/columns`, lookup("Hushed parts", "Hushed")),
    as("POST", `${M}/tables/${tableId}/columns`, {
      uidt: "Rollup",
      title: "Part count",
      fk_relation_column_id: link,
      fk_rollup_column_id: colOf(parts, "Name"),
      rollup_function: "count",
    }),
    as("POST", `/api/v1/db/data/bulk/noco/${projectId}/${tableId}`, [
      { Name: "zq-shared", Hushed: `${HIDDEN_MARK}-r1`, Locked: "l1", Owner: editor.email, Audience: "everyone" },
      { Name: `${OUT_MARK}-r2`, Hushed: `${HIDDEN_MARK}-r2`, Locked: "l2", Owner: owner.email, Audience: "builders" },
    ]),
    as("POST", `/api/v1/db/data/bulk/noco/${projectId}/${partsId}`, [
      { Name: "zq-part-in", Hushed: `${HIDDEN_MARK}-p1`, Audience: "everyone" },
      { Name: `${OUT_MARK}-part`, Hushed: `${HIDDEN_MARK}-p2`, Audience: "builders" },
    ]),
  ]);
  const pk = (table.columns as Array<{ title: string; pk?: boolean }>).find((c) => c.pk)!.title;
  const idOf = (r: Record<string, unknown>) => Number(Object.values(r)[0]);
  const [r1, r2] = (tRows as Array<Record<string, unknown>>).map(idOf) as [number, number];
  const [pIn, pOut] = (pRows as Array<Record<string, unknown>>).map(idOf) as [number, number];
  const rule = (columnId: string, comparison_op: string, value: string) => [
    { fk_column_id: columnId, comparison_op, value },
  ];
  const T = (title: string) => colOf(table, title);
  const P = (title: string) => colOf(parts, title);
  const narrowedParts = { fields: { [P("Hushed")]: "hidden" }, row_rule: rule(P("Audience"), "eq", "everyone") };
  await Promise.all([
    as("POST", `${D}/${tableId}/${r1}/hm/Parts/${pIn}`),
    as("POST", `${D}/${tableId}/${r1}/hm/Parts/${pOut}`),
    // History of the hidden field, and a comment on the record outside every rule.
    as("PATCH", `${D}/${tableId}/${r1}`, { Hushed: `${HIDDEN_MARK}-r1-again` }),
    as("POST", `${M}/audits/comments`, {
      fk_model_id: tableId,
      row_id: String(r2),
      description: `${OUT_MARK} comment`,
    }),
    as("PUT", `${M}/tables/${tableId}/access`, {
      roles: {
        editor: {
          fields: { [T("Hushed")]: "hidden", [T("Locked")]: "read-only" },
          row_rule: rule(T("Owner"), "eq", "@me"),
        },
        commenter: {
          fields: { [T("Hushed")]: "hidden", [T("Locked")]: "read-only" },
          row_rule: rule(T("Audience"), "eq", "everyone"),
        },
        viewer: { fields: { [T("Hushed")]: "hidden" }, row_rule: rule(T("Audience"), "neq", "builders") },
      },
    }),
    as("PUT", `${M}/tables/${partsId}/access`, {
      roles: { editor: narrowedParts, commenter: narrowedParts, viewer: narrowedParts },
    }),
  ]);
  return {
    tableId,
    partsId,
    columnId: T("Hushed"),
    defaultViewId: table.views[0].id as string,
    pk,
    r1,
    r2,
    pIn,
    pOut,
  };
}

/**
 * Every place in an answer (JSON or text) where a narrowed reader meets what it may not read: a
 * marker anywhere in a string, a hidden field's title as a key, a value or a word of a text.
 */
export function leaksIn(body: unknown, at = "$"): string[] {
  const titles = new RegExp(`\\b(${HIDDEN_TITLES.join("|")})\\b`, "i");
  const marks = new RegExp(`${HIDDEN_MARK}|${OUT_MARK}`, "i");
  if (typeof body === "string") return marks.test(body) || titles.test(body) ? [`${at}: ${body.slice(0, 200)}`] : [];
  if (Array.isArray(body)) return body.flatMap((v, i) => leaksIn(v, `${at}[${i}]`));
  if (body && typeof body === "object")
    return Object.entries(body).flatMap(([k, v]) => [
      ...(titles.test(k) || marks.test(k) ? [`${at}: key ${k}`] : []),
      ...leaksIn(v, `${at}.${k}`),
    ]);
  return [];
}

/** A realtime client of the project, with every JSON message it receives. */
export async function socket(projectId: string, token: string) {
  const res = await workerFetch(
    new Request(`http://localhost/parties/project/${projectId}`, {
      headers: { Upgrade: "websocket", "Sec-WebSocket-Protocol": `gridbase, auth.${token}` },
    }),
  );
  const ws = res.webSocket!;
  const messages: Array<Record<string, any>> = [];
  ws.accept();
  ws.addEventListener("message", (e) => {
    if (typeof e.data === "string" && e.data.startsWith("{")) messages.push(JSON.parse(e.data));
  });
  return { ws, messages };
}

export const until = async (ok: () => boolean, what: string) => {
  for (let i = 0; i < 500 && !ok(); i++) await new Promise((r) => setTimeout(r, 10));
  if (!ok()) throw new Error(`timed out waiting for ${what}`);
};
