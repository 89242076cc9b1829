import { beforeAll, describe, expect, it } from "vitest";
import { can, scopeOf, type Action } from "../../db/acl/matrix";
import { effectiveRoles, PROJECT_ROLES, toFlags, type ProjectRole } from "../../db/acl/roles";
import { createApp } from "../../functions/app";
import { isAclMiddleware } from "../../functions/middleware/acl";
import { HIDDEN_MARK, leaksIn, NARROWED, narrowedTable, OUT_MARK, socket, until } from "./acl-narrowed";
import { WRITE_PROBES } from "./acl-write-probes";
import { api, seedProject, seedUser, type TestUser } from "./support";

/** Every registered route that names an action, with the method it answers. */
function actionRoutes(): Array<{ method: string; path: string; action: Action }> {
  const seen = new Map<string, { method: string; path: string; action: Action }>();
  for (const r of createApp().routes) {
    if (!isAclMiddleware(r.handler) || r.handler.access === "public" || r.handler.access === "signedIn") continue;
    seen.set(`${r.method} ${r.path}`, { method: r.method, path: r.path, action: r.handler.access });
  }
  return [...seen.values()];
}

/**
 * The narrowed table (field permissions and row rules per role, acl-narrowed.ts) and a webhook,
 * so routes keyed by table, column or hook id reach real ones.
 */
async function schemaIds(projectId: string, owner: TestUser, editor: TestUser) {
  const narrowed = await narrowedTable(projectId, owner, editor);
  // A webhook too, for the routes keyed by a hook id (its target is never called: nothing is written).
  const hook = await api("POST", `/api/v1/db/meta/tables/${narrowed.tableId}/hooks`, {
    token: owner.token,
    body: {
      title: "H",
      operation: "insert",
      notification: { type: "URL", payload: { path: "https://hooks.example.com/in" } },
    },
  });
  return { ...narrowed, hookId: hook.body.id as string };
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

const isDenied = (res: { status: number; body: { msg?: unknown } }) =>
  res.status === 403 && typeof res.body?.msg === "string" && res.body.msg.endsWith(": Not allowed");

/** Routes that write records: each needs its probes of field permissions and row rules. */
const writesRows = (r: { method: string; path: string }) =>
  r.method !== "GET" && (r.path.startsWith("/api/v1/db/data/") || r.path === "/api/v1/db/meta/audits/comments");

/**
 * How a narrowed role's read of the record outside its rule may answer: not found, `false`
 * (exist), or empty; never the record, its comments or their count.
 */
const seesNothing = (res: { status: number; body: any }) =>
  res.status === 404 ||
  res.body === false ||
  (Array.isArray(res.body) && res.body.length === 0) ||
  (Array.isArray(res.body?.list) && res.body.list.length === 0);

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

  /** A project with every role as a member, plus the user a /users/:userId route acts on. */
  async function freshSetup() {
    const subject = await seedUser("org-level-viewer");
    const projectId = await seedProject([
      ...PROJECT_ROLES.map((r) => [members[r], r] as [TestUser, ProjectRole]),
      [subject, "viewer"],
    ]);
    const schema = await schemaIds(projectId, members.owner, members.editor);
    const views = await viewIds(schema.defaultViewId, schema.columnId, members.owner);
    return { projectId, subject, ids: { ...schema, ...views } };
  }
  type Setup = Awaited<ReturnType<typeof freshSetup>>;

  /** The records of both narrowed tables and the comments on the record outside the rules, as the owner sees them. */
  const snapshot = async ({ projectId, ids }: Setup) => {
    const D = `/api/v1/db/data/noco/${projectId}`;
    const token = members.owner.token;
    const got = await Promise.all([
      api("GET", `${D}/${ids.tableId}?limit=100`, { token }),
      api("GET", `${D}/${ids.partsId}?limit=100`, { token }),
      api("GET", `/api/v1/db/meta/audits/comments?fk_model_id=${ids.tableId}&row_id=${ids.r2}`, { token }),
    ]);
    return got.map((r) => r.body);
  };

  it("covers the project and org routes", () => {
    expect(routes.length).toBeGreaterThan(10);
  });

  it("has probes of field permissions and row rules for every route that writes records", () => {
    const missing = routes.filter((r) => writesRows(r) && !WRITE_PROBES[`${r.method} ${r.path}`]);
    expect(missing).toEqual([]);
  });

  // Routes share one setup per family (the path up to its resource, e.g. /api/v1/db/meta/tables):
  // every setup has the narrowed tables, a hook and view parts, so any route of the family reaches
  // real ids. Only a deletion that went through changes what the next caller meets (the writes
  // below send empty bodies); then the family starts afresh before the next caller.
  const families = new Map<string, typeof routes>();
  for (const route of routes) {
    const family = route.path.split("/").slice(0, 6).join("/");
    families.set(family, [...(families.get(family) ?? []), route]);
  }

  for (const [family, familyRoutes] of families) {
    describe(family, () => {
      let setup: Setup;
      beforeAll(async () => {
        setup = await freshSetup();
      }, 120_000);

      for (const route of familyRoutes) {
        it(`${route.method} ${route.path} (${route.action})`, async () => {
          const callers: Array<[string, TestUser | null, ProjectRole | null]> = [
            ["anonymous", null, null],
            ...Object.entries(orgUsers).map(([name, u]) => [name, u, null] as [string, TestUser, null]),
            ...PROJECT_ROLES.map((r) => [r, members[r], r] as [string, TestUser, ProjectRole]),
          ];
          // Comment routes name their table in the query or body (fk_model_id) instead of the path.
          const byModel = route.path.includes("/audits/");
          const isRead = route.method === "GET";
          // Reads meet a real record (r1, inside every rule; r2 is outside them) and the link to
          // Parts; writes keep placeholders, so that only empty bodies reach real records.
          const call = async ([name, user, projectRole]: (typeof callers)[number], row = setup.ids.r1) => {
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
              .replace(":formViewColumnId", ids.viewColumnId)
              .replace(":rowId", isRead ? String(row) : "x")
              .replace(":relationType", isRead ? "hm" : "x")
              .replace(":columnName", isRead ? "Parts" : "x")
              .replace(/:[a-zA-Z]+/g, "x");
            // Uploads name their project in the folder they write to (contract 7).
            const query = byModel
              ? `?fk_model_id=${ids.tableId}${isRead ? `&row_id=${row}&ids=${row}` : ""}`
              : route.path.includes("/storage/")
                ? `?path=noco/${projectId}/t/c`
                : "";
            const body = byModel ? { fk_model_id: ids.tableId, row_id: "1", description: "hi" } : {};
            const res = await api(route.method, path + query, {
              token: user?.token,
              body: isRead ? undefined : body,
            });
            return { name, user, projectRole, path, res };
          };
          // Reads change nothing: every caller asks at once. Writes go one caller at a time.
          const outcomes = [];
          if (isRead) outcomes.push(...(await Promise.all(callers.map((c) => call(c)))));
          else {
            for (const caller of callers) {
              const outcome = await call(caller);
              outcomes.push(outcome);
              if (route.method === "DELETE" && outcome.res.status < 400) setup = await freshSetup();
            }
          }
          const narrowed = (role: ProjectRole | null): role is (typeof NARROWED)[number] =>
            (NARROWED as readonly (string | null)[]).includes(role);
          for (const { name, user, projectRole, path, res } of outcomes) {
            const label = `${name} ${route.method} ${path} -> ${res.status} ${JSON.stringify(res.body)}`;
            if (!user) {
              expect(res.status, label).toBe(401);
              continue;
            }
            const flags =
              scopeOf(route.action) === "org" ? toFlags(user.roles) : effectiveRoles(user.roles, projectRole);
            if (can(flags, route.action)) expect(isDenied(res) || res.status === 401, label).toBe(false);
            else expect(isDenied(res), label).toBe(true);
            // Field permissions and row rules (issue 23): what a narrowed role reads holds no
            // hidden field, no value of one and no record outside its rule.
            if (isRead && narrowed(projectRole) && res.status < 400) expect(leaksIn(res.body), label).toEqual([]);
          }
          const allowed = PROJECT_ROLES.filter(
            (r) => narrowed(r) && can(effectiveRoles(members[r].roles, r), route.action),
          );
          // The record outside every rule, read by a narrowed role, is not there.
          if ((isRead && route.path.includes(":rowId")) || (isRead && byModel)) {
            for (const role of allowed) {
              const { path, res } = await call([role, members[role], role], setup.ids.r2);
              const label = `${role} ${route.method} ${path} (outside the rule) -> ${res.status} ${JSON.stringify(res.body)}`;
              expect(seesNothing(res) && !leaksIn(res.body).length, label).toBe(true);
            }
          }
          // Every row write a narrowed role may make refuses hidden and read-only fields and
          // records outside its rule, and changes nothing.
          const probes = WRITE_PROBES[`${route.method} ${route.path}`];
          if (probes && allowed.length) {
            const before = await snapshot(setup);
            for (const role of allowed) {
              const context = { projectId: setup.projectId, ids: setup.ids, user: members[role], owner: members.owner };
              for (const probe of probes(context)) {
                const res = await api(probe.method, probe.path, { token: members[role].token, body: probe.body });
                const label = `${role} ${probe.label}: ${probe.method} ${probe.path} -> ${res.status} ${JSON.stringify(res.body)}`;
                if (probe.expect === "outside") expect([403, 404], label).toContain(res.status);
                else if (probe.expect === "nothing") expect(res.status, label).toBeLessThan(500);
                else {
                  expect(res.status, label).toBe(403);
                  expect(res.body.msg, label).toContain(probe.expect.field);
                }
              }
            }
            expect(await snapshot(setup), `${route.method} ${route.path}: records changed`).toEqual(before);
          }
          // A deletion that goes through for four callers makes four fresh setups (two narrowed tables
          // each): room for a busy machine.
        }, 240_000);
      }

      if (family === "/api/v1/db/data/:orgs") narrowedReadsOf(() => setup);
    });
  }

  /** Lookups, rollups and realtime per narrowed role, on the setup of the row routes' family. */
  function narrowedReadsOf(current: () => Setup) {
    it("lookups, rollups and links of a narrowed role never include hidden records", async () => {
      const { projectId, ids } = current();
      const D = `/api/v1/db/data/noco/${projectId}/${ids.tableId}`;
      const expected: Array<[ProjectRole, string[]]> = [
        ["owner", [`${OUT_MARK}-part`, "zq-part-in"]],
        ...NARROWED.map((r) => [r, ["zq-part-in"]] as [ProjectRole, string[]]),
      ];
      for (const [role, names] of expected) {
        const token = members[role].token;
        const [row, nested, filtered] = await Promise.all([
          api("GET", `${D}/${ids.r1}`, { token }),
          api("GET", `${D}/${ids.r1}/hm/Parts?limit=50`, { token }),
          api("GET", `${D}?where=${encodeURIComponent(`(Part names,like,${OUT_MARK})`)}`, { token }),
        ]);
        expect(row.status, role).toBe(200);
        expect(row.body["Part names"].slice().sort(), role).toEqual(names);
        expect(row.body["Part count"], role).toBe(names.length);
        expect(nested.body.list.map((p: { Name: string }) => p.Name).sort(), role).toEqual(names);
        expect(filtered.body.list.length, role).toBe(role === "owner" ? 1 : 0);
        // The scan finds what the owner may read: it would find a leak.
        if (role === "owner") expect(leaksIn(row.body).length).toBeGreaterThan(0);
      }
    });

    it("a realtime client of each role receives nothing it may not read", async () => {
      const { projectId, ids } = current();
      const D = `/api/v1/db/data/noco/${projectId}/${ids.tableId}`;
      const roles = ["owner", ...NARROWED] as const;
      const sockets = await Promise.all(roles.map((r) => socket(projectId, members[r].token)));
      const owner = { token: members.owner.token };
      // A record outside every rule, a change of r1's hidden field, a comment on r2.
      const outside = await api("POST", D, {
        ...owner,
        body: { Name: `${OUT_MARK}-rt`, Hushed: `${HIDDEN_MARK}-rt`, Owner: members.owner.email, Audience: "builders" },
      });
      expect(outside.status, JSON.stringify(outside.body)).toBe(200);
      const r3 = String(outside.body[ids.pk]);
      await api("PATCH", `${D}/${ids.r1}`, { ...owner, body: { Hushed: `${HIDDEN_MARK}-rt`, Locked: "l-rt" } });
      await api("POST", "/api/v1/db/meta/audits/comments", {
        ...owner,
        body: { fk_model_id: ids.tableId, row_id: String(ids.r2), description: `${OUT_MARK} again` },
      });
      const rowOf = (m: Record<string, any>) => String(m.rowId ?? m.row?.[ids.pk] ?? "");
      const ownerMessages = sockets[0]!.messages;
      await until(
        () =>
          ownerMessages.some((m) => rowOf(m) === r3) &&
          ownerMessages.some((m) => m.type === "comment") &&
          sockets.every((s) => s.messages.some((m) => m.type === "row" && rowOf(m) === String(ids.r1))),
        "the events of r1, r3 and the comment",
      ).catch((e: Error) => {
        throw new Error(`${e.message}: ${JSON.stringify(sockets.map((s) => s.messages))}`);
      });
      expect(leaksIn(ownerMessages).length).toBeGreaterThan(0);
      roles.forEach((role, i) => {
        if (role === "owner") return;
        const messages = sockets[i]!.messages;
        expect(leaksIn(messages), role).toEqual([]);
        const outsideRows = messages.filter((m) => [r3, String(ids.r2)].includes(rowOf(m)));
        expect(outsideRows, role).toEqual([]);
      });
      for (const s of sockets) s.ws.close();
      await api("DELETE", `${D}/${r3}`, owner);
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
