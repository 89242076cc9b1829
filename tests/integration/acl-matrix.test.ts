import { beforeAll, describe, expect, it } from "vitest";
import { can, MATRIX, scopeOf, type Action } from "../../db/acl/matrix";
import { scopeAllows, type TokenScope } from "../../db/acl/token-scope";
import { effectiveRoles, PROJECT_ROLES, toFlags, type ProjectRole } from "../../db/acl/roles";
import { actionRoutes } from "./acl-routes";
import { api, seedProject, seedUser, type TestUser } from "./support";

/** A table with one ordinary column, so routes keyed by table or column id reach a real one. */
async function schemaIds(projectId: string, owner: TestUser) {
  const table = await api("POST", `/api/v1/db/meta/projects/${projectId}/tables`, {
    token: owner.token,
    body: { table_name: "T", columns: [{ title: "Name" }, { title: "Note" }] },
  });
  const note = table.body.columns.find((c: { title: string }) => c.title === "Note");
  const tableId = table.body.id as string;
  // A webhook too, for the routes keyed by a hook id; its target is a closed loopback port, so the
  // deliveries the inserts below set off fail at once, with no DNS lookup.
  const hook = await api("POST", `/api/v1/db/meta/tables/${tableId}/hooks`, {
    token: owner.token,
    body: {
      title: "H",
      operation: "insert",
      notification: { type: "URL", payload: { path: "http://127.0.0.1:9/in" } },
    },
  });
  // A dashboard with a widget, for the routes keyed by their ids (issue 38).
  const dashboard = await api("POST", `/api/v1/db/meta/projects/${projectId}/dashboards`, {
    token: owner.token,
    body: { title: "D" },
  });
  const widget = await api("POST", `/api/v1/db/meta/dashboards/${dashboard.body.id}/widgets`, {
    token: owner.token,
    body: { type: "number", table_id: tableId },
  });
  return {
    tableId,
    columnId: note.id as string,
    defaultViewId: table.body.views[0].id as string,
    hookId: hook.body.id as string,
    dashboardId: dashboard.body.id as string,
    widgetId: widget.body.id as string,
  };
}

/** A filter group, a sort and the column rows of the table's default view, for routes keyed by their ids. */
async function viewIds(viewId: string, columnId: string, owner: TestUser) {
  const M = "/api/v1/db/meta";
  const [filter, sort, cols] = await Promise.all([
    api("POST", `${M}/views/${viewId}/filters`, { token: owner.token, body: { is_group: true } }),
    api("POST", `${M}/views/${viewId}/sorts`, { token: owner.token, body: { fk_column_id: columnId } }),
    api("GET", `${M}/grids/${viewId}/grid-columns`, { token: owner.token }),
  ]);
  return {
    viewId,
    filterId: filter.body.id as string,
    sortId: sort.body.id as string,
    viewColumnId: cols.body[0].id as string,
  };
}

const NO_VIEW = { viewId: "x", filterId: "x", sortId: "x", viewColumnId: "x" };

const isDenied = (res: { status: number; body: { msg?: unknown } }) =>
  res.status === 403 && typeof res.body?.msg === "string" && res.body.msg.endsWith(": Not allowed");

/** A refusal for the API token's sake (issue 41), not the owner's role. */
const tokenRefusal = (res: { status: number; body: { msg?: unknown } }) =>
  res.status === 403 && typeof res.body?.msg === "string" && /API token/.test(res.body.msg) ? res.body.msg : null;

/** A scoped token of the super admin (who may do everything): what the token itself may not do. */
interface ScopedCaller {
  scope: TokenScope;
  /** Limited to another project than the walk's. */
  elsewhere: boolean;
}

/** The refusal a scoped super admin's token must meet on a route of this action, or null when none. */
function expectedTokenRefusal(caller: ScopedCaller, action: Action): RegExp | null {
  const rule = MATRIX[action];
  if (rule.scope === "org" && rule.roles.length === 0) return /^Not allowed with API token$/;
  if (caller.elsewhere) {
    if (rule.scope === "project") return /^This API token is not allowed for this project$/;
    return rule.kind === "read" ? null : /^This API token is limited to some projects/;
  }
  if (scopeAllows(caller.scope, action)) return null;
  return caller.scope === "read"
    ? /^This API token is read-only/
    : /^This API token is limited to reading and writing records/;
}

describe("route x role outcomes follow the permission matrix", async () => {
  const routes = actionRoutes();
  const orgUsers = {
    super: await seedUser("org-level-creator,super"),
    "org-level-creator": await seedUser("org-level-creator"),
    "org-level-viewer": await seedUser("org-level-viewer"),
  };
  const members = Object.fromEntries(
    await Promise.all(PROJECT_ROLES.map(async (r) => [r, await seedUser("org-level-viewer")] as const)),
  ) as Record<ProjectRole, TestUser>;
  // Scoped tokens of the super admin, whose role allows every route: only the token's limits refuse.
  const scopedToken = async (body: Record<string, unknown>) =>
    (await api("POST", "/api/v1/tokens", { token: orgUsers.super.token, body })).body.token as string;
  const elsewhere = await seedProject([[orgUsers.super, "owner"]]);
  const scopedCallers: Array<[string, string, ScopedCaller]> = [
    ["read token", await scopedToken({ scope: "read" }), { scope: "read", elsewhere: false }],
    ["records token", await scopedToken({ scope: "records" }), { scope: "records", elsewhere: false }],
    ["token of another project", await scopedToken({ project_ids: [elsewhere] }), { scope: "full", elsewhere: true }],
  ];

  /** A project with every role as a member, plus the user a /users/:userId route acts on. */
  async function freshSetup(withSchema: boolean, withViews = false) {
    const subject = await seedUser("org-level-viewer");
    const projectId = await seedProject([
      ...PROJECT_ROLES.map((r) => [members[r], r] as [TestUser, ProjectRole]),
      [subject, "viewer"],
    ]);
    const schema =
      withSchema || withViews
        ? await schemaIds(projectId, members.owner)
        : { tableId: "x", columnId: "x", defaultViewId: "x", hookId: "x", dashboardId: "x", widgetId: "x" };
    const views = withViews ? await viewIds(schema.defaultViewId, schema.columnId, members.owner) : NO_VIEW;
    return { projectId, subject, ids: { ...schema, ...views } };
  }

  it("covers the project and org routes", () => {
    expect(routes.length).toBeGreaterThan(10);
  });

  // Routes share one setup per family (the path up to its resource, e.g. /api/v1/db/meta/tables):
  // every setup has a table, a hook and view parts, so any route of the family reaches real ids.
  // Only a deletion that went through changes what the next caller meets (the writes below send
  // empty bodies); then the family starts afresh before the next caller.
  const families = new Map<string, typeof routes>();
  for (const route of routes) {
    const family = route.path.split("/").slice(0, 6).join("/");
    families.set(family, [...(families.get(family) ?? []), route]);
  }

  for (const [family, familyRoutes] of families) {
    describe(family, () => {
      let setup: Awaited<ReturnType<typeof freshSetup>>;
      beforeAll(async () => {
        setup = await freshSetup(true, true);
      }, 60_000);

      for (const route of familyRoutes) {
        it(`${route.method} ${route.path} (${route.action})`, async () => {
          type Caller = [string, TestUser | null, ProjectRole | null, ([string, ScopedCaller] | undefined)?];
          const callers: Caller[] = [
            ["anonymous", null, null],
            ...Object.entries(orgUsers).map(([name, u]) => [name, u, null] as Caller),
            ...PROJECT_ROLES.map((r) => [r, members[r], r] as Caller),
            ...scopedCallers.map(([name, token, limits]) => [name, orgUsers.super, null, [token, limits]] as Caller),
          ];
          // Comment routes name their table in the query or body (fk_model_id) instead of the path.
          const byModel = route.path.includes("/audits/");
          const call = async ([name, user, projectRole, scoped]: Caller) => {
            const { projectId, subject, ids } = setup;
            const path = route.path
              .replace(":projectId", projectId)
              .replace(":projectName", projectId)
              .replace(":userId", subject.id)
              .replace(":tableId", ids.tableId)
              .replace(":columnId", ids.columnId)
              .replace(":tableName", ids.tableId)
              .replace(":viewId", ids.viewId)
              .replace(":viewName", ids.defaultViewId)
              .replace(":filterId", ids.filterId)
              .replace(":filterGroupId", ids.filterId)
              .replace(":sortId", ids.sortId)
              .replace(":gridViewColumnId", ids.viewColumnId)
              .replace(":viewColumnId", ids.viewColumnId)
              .replace(":hookId", ids.hookId)
              .replace(":dashboardId", ids.dashboardId)
              .replace(":widgetId", ids.widgetId)
              .replace(":formViewColumnId", ids.viewColumnId)
              .replace(/:[a-zA-Z]+/g, "x");
            // Uploads name their project in the folder they write to (contract 7).
            const query = byModel
              ? `?fk_model_id=${ids.tableId}`
              : route.path.includes("/storage/")
                ? `?path=noco/${projectId}/t/c`
                : "";
            const body = byModel ? { fk_model_id: ids.tableId, row_id: "1", description: "hi" } : {};
            const res = await api(route.method, path + query, {
              token: scoped ? undefined : user?.token,
              headers: scoped ? { "xc-token": scoped[0] } : undefined,
              body: route.method === "GET" ? undefined : body,
            });
            return { name, user, projectRole, scoped: scoped?.[1], path, res };
          };
          // Reads change nothing: every caller asks at once. Writes go one caller at a time.
          const outcomes = [];
          if (route.method === "GET") outcomes.push(...(await Promise.all(callers.map(call))));
          else {
            for (const caller of callers) {
              const outcome = await call(caller);
              outcomes.push(outcome);
              if (route.method === "DELETE" && outcome.res.status < 400) setup = await freshSetup(true, true);
            }
          }
          for (const { name, user, projectRole, scoped, path, res } of outcomes) {
            const label = `${name} ${route.method} ${path} -> ${res.status} ${JSON.stringify(res.body)}`;
            if (scoped) {
              const refusal = expectedTokenRefusal(scoped, route.action);
              if (refusal) expect(tokenRefusal(res) ?? "", label).toMatch(refusal);
              else expect(tokenRefusal(res) === null && !isDenied(res) && res.status !== 401, label).toBe(true);
              continue;
            }
            if (!user) {
              expect(res.status, label).toBe(401);
              continue;
            }
            const flags =
              scopeOf(route.action) === "org" ? toFlags(user.roles) : effectiveRoles(user.roles, projectRole);
            if (can(flags, route.action)) expect(isDenied(res) || res.status === 401, label).toBe(false);
            else expect(isDenied(res), label).toBe(true);
          }
          // A deletion that goes through for four callers makes four fresh setups: room for a busy machine.
        }, 120_000);
      }
    });
  }
});

describe("the member list (e-mails) by caller", () => {
  it("is for owners and creators; editors, commenters, viewers and shared-base visitors get 403 without e-mails", async () => {
    const users = Object.fromEntries(
      await Promise.all(PROJECT_ROLES.map(async (r) => [r, await seedUser("org-level-viewer")] as const)),
    ) as Record<ProjectRole, TestUser>;
    const projectId = await seedProject(PROJECT_ROLES.map((r) => [users[r], r] as [TestUser, ProjectRole]));
    const path = `/api/v1/db/meta/projects/${projectId}/users`;
    const share = await api("POST", `/api/v1/db/meta/projects/${projectId}/shared`, {
      token: users.owner.token,
      body: { roles: "editor" },
    });
    expect(share.status).toBe(200);
    for (const role of ["owner", "creator"] as const) {
      const res = await api("GET", path, { token: users[role].token });
      expect(res.status, role).toBe(200);
      expect(res.body.users.list.map((u: { email: string }) => u.email)).toContain(users.viewer.email);
    }
    const outsider = await seedUser("org-level-creator");
    const callers: Array<[string, Record<string, string>]> = [
      ...(["editor", "commenter", "viewer"] as const).map(
        (r) => [r, { "xc-auth": users[r].token }] as [string, Record<string, string>],
      ),
      ["shared-base visitor", { "xc-shared-base-id": share.body.uuid }],
      [
        "signed-in non-member with the shared link",
        { "xc-auth": outsider.token, "xc-shared-base-id": share.body.uuid },
      ],
    ];
    for (const [name, headers] of callers) {
      const res = await api("GET", path, { headers });
      expect(isDenied(res), `${name}: ${res.status} ${JSON.stringify(res.body)}`).toBe(true);
      expect(JSON.stringify(res.body)).not.toContain("@example.com");
    }
  });
});
