import type { NarrowedIds } from "./acl-narrowed";
import type { TestUser } from "./support";

/**
 * What each row-writing route of the walk is sent by a narrowed role that may call it, and how it
 * must answer (issue 23): a hidden or read-only field → 403 naming it; a record outside the rule
 * (touched, or written so that it would leave the rule) → 403 or 404; `nothing` → any answer, as
 * long as the records are unchanged (the caller compares them before and after).
 */
export type Probe = {
  label: string;
  method: string;
  path: string;
  body?: unknown;
  expect: { field: string } | "outside" | "nothing";
};

interface ProbeContext {
  projectId: string;
  ids: NarrowedIds;
  user: TestUser;
  owner: TestUser;
}

const DATA = "/api/v1/db/data/:orgs/:projectName/:tableName";
const BULK = "/api/v1/db/data/bulk/:orgs/:projectName/:tableName";

/** Keyed by `METHOD path` as registered; a row write route missing here fails the walk. */
export const WRITE_PROBES: Record<string, (c: ProbeContext) => Probe[]> = {
  [`POST ${DATA}`]: (c) => inserts(c, `/api/v1/db/data/noco/${c.projectId}/${c.ids.tableId}`),
  [`POST ${DATA}/views/:viewName`]: (c) =>
    inserts(c, `/api/v1/db/data/noco/${c.projectId}/${c.ids.tableId}/views/${c.ids.defaultViewId}`),
  [`PATCH ${DATA}/:rowId`]: (c) => {
    const row = (id: number) => `${data(c)}/${id}`;
    return [
      {
        label: "hidden field",
        method: "PATCH",
        path: row(c.ids.r1),
        body: { Hushed: "x" },
        expect: { field: "Hushed" },
      },
      {
        label: "read-only field",
        method: "PATCH",
        path: row(c.ids.r1),
        body: { Locked: "x" },
        expect: { field: "Locked" },
      },
      { label: "record outside", method: "PATCH", path: row(c.ids.r2), body: { Name: "taken" }, expect: "outside" },
      { label: "leaving the rule", method: "PATCH", path: row(c.ids.r1), body: away(c), expect: "outside" },
    ];
  },
  [`DELETE ${DATA}/:rowId`]: (c) => [
    { label: "record outside", method: "DELETE", path: `${data(c)}/${c.ids.r2}`, expect: "outside" },
  ],
  [`POST ${DATA}/:rowId/:relationType/:columnName/:refRowId`]: (c) => links(c, "POST"),
  [`DELETE ${DATA}/:rowId/:relationType/:columnName/:refRowId`]: (c) => links(c, "DELETE"),
  [`PATCH ${BULK}/all`]: (c) => [
    {
      label: "hidden field",
      method: "PATCH",
      path: `${bulk(c)}/all`,
      body: { Hushed: "x" },
      expect: { field: "Hushed" },
    },
    {
      label: "records outside",
      method: "PATCH",
      path: `${bulk(c)}/all?where=${encodeURIComponent("(Audience,eq,builders)")}`,
      body: { Name: "taken" },
      expect: "nothing",
    },
  ],
  [`DELETE ${BULK}/all`]: (c) => [
    {
      label: "records outside",
      method: "DELETE",
      path: `${bulk(c)}/all?where=${encodeURIComponent("(Audience,eq,builders)")}`,
      expect: "nothing",
    },
  ],
  [`POST ${BULK}`]: (c) => [
    {
      label: "hidden field",
      method: "POST",
      path: bulk(c),
      body: [{ ...mine(c), Hushed: "x" }],
      expect: { field: "Hushed" },
    },
    {
      label: "one record outside",
      method: "POST",
      path: bulk(c),
      body: [mine(c), { ...mine(c), ...away(c) }],
      expect: "outside",
    },
  ],
  [`PATCH ${BULK}`]: (c) => [
    {
      label: "record outside",
      method: "PATCH",
      path: bulk(c),
      body: [{ [c.ids.pk]: c.ids.r2, Name: "taken" }],
      expect: "outside",
    },
    {
      label: "read-only field",
      method: "PATCH",
      path: bulk(c),
      body: [{ [c.ids.pk]: c.ids.r1, Locked: "x" }],
      expect: { field: "Locked" },
    },
  ],
  [`DELETE ${BULK}`]: (c) => [
    { label: "record outside", method: "DELETE", path: bulk(c), body: [{ [c.ids.pk]: c.ids.r2 }], expect: "outside" },
  ],
  "POST /api/v1/db/meta/audits/comments": (c) => [
    {
      label: "comment on a record outside",
      method: "POST",
      path: "/api/v1/db/meta/audits/comments",
      body: { fk_model_id: c.ids.tableId, row_id: String(c.ids.r2), description: "taken" },
      expect: "outside",
    },
  ],
};

const data = (c: ProbeContext) => `/api/v1/db/data/noco/${c.projectId}/${c.ids.tableId}`;
const bulk = (c: ProbeContext) => `/api/v1/db/data/bulk/noco/${c.projectId}/${c.ids.tableId}`;
/** A new record inside the rule of the editor (Owner @me) and the commenter (Audience everyone). */
const mine = (c: ProbeContext) => ({ Name: "zq-probe", Owner: c.user.email, Audience: "everyone" });
/** What moves a record outside every narrowed rule. */
const away = (c: ProbeContext) => ({ Owner: c.owner.email, Audience: "builders" });

function inserts(c: ProbeContext, path: string): Probe[] {
  return [
    { label: "hidden field", method: "POST", path, body: { ...mine(c), Hushed: "x" }, expect: { field: "Hushed" } },
    { label: "read-only field", method: "POST", path, body: { ...mine(c), Locked: "x" }, expect: { field: "Locked" } },
    { label: "record outside", method: "POST", path, body: { ...mine(c), ...away(c) }, expect: "outside" },
  ];
}

/** Linking or unlinking where either end is outside its table's rule. */
function links(c: ProbeContext, method: string): Probe[] {
  const link = (id: number, part: number) => `${data(c)}/${id}/hm/Parts/${part}`;
  return [
    { label: "record outside", method, path: link(c.ids.r2, c.ids.pIn), expect: "outside" },
    { label: "linked record outside", method, path: link(c.ids.r1, c.ids.pOut), expect: "outside" },
  ];
}
