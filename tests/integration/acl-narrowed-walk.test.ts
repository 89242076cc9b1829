import { describe, expect, it } from "vitest";
import { can, type Action } from "../../db/acl/matrix";
import { effectiveRoles, PROJECT_ROLES, type ProjectRole } from "../../db/acl/roles";
import { HIDDEN_MARK, leaksIn, NARROWED, narrowedTable, OUT_MARK, socket, until } from "./acl-narrowed";
import { WRITE_PROBES } from "./acl-write-probes";
import { actionRoutes } from "./acl-routes";
import { api, seedProject, seedUser, type TestUser } from "./support";

/**
 * Field permissions and row rules across every route (issue 23), per narrowed role: every read
 * route answers no hidden field and no record outside the role's rule; every row write refuses
 * them and changes nothing; lookups, rollups and realtime likewise. The plain route × role
 * outcomes are acl-matrix.test.ts; this walk needs one setup only, since reads and refused writes
 * change nothing (the records are compared before and after).
 */
const M = "/api/v1/db/meta";

/** Routes that write records: each needs its probes of field permissions and row rules. */
const writesRows = (r: { method: string; path: string }) =>
  r.method !== "GET" && (r.path.startsWith("/api/v1/db/data/") || r.path === `${M}/audits/comments`);

/** How a narrowed role's read of the record outside its rule may answer: never the record, its comments or their count. */
const seesNothing = (res: { status: number; body: any }) =>
  res.status === 404 ||
  res.body === false ||
  (Array.isArray(res.body) && res.body.length === 0) ||
  (Array.isArray(res.body?.list) && res.body.list.length === 0);

describe("field permissions and row rules on every route, per narrowed role", async () => {
  const routes = actionRoutes();
  const members = Object.fromEntries(
    await Promise.all(PROJECT_ROLES.map(async (r) => [r, await seedUser("org-level-viewer")] as const)),
  ) as Record<ProjectRole, TestUser>;
  const projectId = await seedProject(PROJECT_ROLES.map((r) => [members[r], r] as [TestUser, ProjectRole]));
  const ids = await narrowedTable(projectId, members.owner, members.editor);
  const owner = { token: members.owner.token };
  const [filter, sort, cols, hook] = await Promise.all([
    api("POST", `${M}/views/${ids.defaultViewId}/filters`, { ...owner, body: { is_group: true } }),
    api("POST", `${M}/views/${ids.defaultViewId}/sorts`, { ...owner, body: { fk_column_id: ids.columnId } }),
    api("GET", `${M}/grids/${ids.defaultViewId}/grid-columns`, owner),
    api("POST", `${M}/tables/${ids.tableId}/hooks`, {
      ...owner,
      body: {
        title: "H",
        operation: "insert",
        notification: { type: "URL", payload: { path: "http://127.0.0.1:9/in" } },
      },
    }),
  ]);
  const allowed = (action: Action) => NARROWED.filter((r) => can(effectiveRoles(members[r].roles, r), action));
  const pathOf = (path: string, row: number) =>
    path
      .replace(":projectId", projectId)
      .replace(":projectName", projectId)
      .replace(":tableId", ids.tableId)
      .replace(":tableName", ids.tableId)
      .replace(":columnId", ids.columnId)
      .replace(":viewId", ids.defaultViewId)
      .replace(":viewName", ids.defaultViewId)
      .replace(":filterId", filter.body.id)
      .replace(":filterGroupId", filter.body.id)
      .replace(":sortId", sort.body.id)
      .replace(":gridViewColumnId", cols.body[0].id)
      .replace(":viewColumnId", cols.body[0].id)
      .replace(":formViewColumnId", cols.body[0].id)
      .replace(":hookId", hook.body.id)
      .replace(":rowId", String(row))
      .replace(":relationType", "hm")
      .replace(":columnName", "Parts")
      .replace(/:[a-zA-Z]+/g, "x");
  const snapshot = async () =>
    (
      await Promise.all([
        api("GET", `/api/v1/db/data/noco/${projectId}/${ids.tableId}?limit=100`, owner),
        api("GET", `/api/v1/db/data/noco/${projectId}/${ids.partsId}?limit=100`, owner),
        api("GET", `${M}/audits/comments?fk_model_id=${ids.tableId}&row_id=${ids.r2}`, owner),
      ])
    ).map((r) => r.body);

  it("has probes for every route that writes records", () => {
    expect(routes.filter((r) => writesRows(r) && !WRITE_PROBES[`${r.method} ${r.path}`])).toEqual([]);
  });

  it("every read route answers a narrowed role no hidden field and no record outside its rule", async () => {
    const reads = routes.filter((r) => r.method === "GET");
    expect(reads.length).toBeGreaterThan(30);
    for (const route of reads) {
      const byModel = route.path.includes("/audits/");
      for (const role of allowed(route.action)) {
        for (const row of [ids.r1, ids.r2]) {
          if (row === ids.r2 && !route.path.includes(":rowId") && !byModel) continue;
          const query = byModel ? `?fk_model_id=${ids.tableId}&row_id=${row}&ids=${row}` : "";
          const path = pathOf(route.path, row) + query;
          const res = await api("GET", path, { token: members[role].token });
          const label = `${role} GET ${path} -> ${res.status} ${JSON.stringify(res.body).slice(0, 400)}`;
          expect(res.status, label).toBeLessThan(500);
          if (res.status < 400) expect(leaksIn(res.body), label).toEqual([]);
          if (row === ids.r2) expect(seesNothing(res), label).toBe(true);
        }
      }
    }
  }, 300_000);

  it("every read route refuses a narrowed role's filter, sort or field list on a hidden field, or answers as without it", async () => {
    const q = encodeURIComponent;
    const guess = [{ fk_column_id: ids.columnId, comparison_op: "like", value: `${HIDDEN_MARK}-r1%` }];
    // Each a yes/no guess at the hidden field's values or an order by them (issue #32 N2 and N7).
    const params = [
      `where=${q(`(Hushed,like,${HIDDEN_MARK}-r1%)`)}`,
      `filterArrJson=${q(JSON.stringify(guess))}`,
      `filterArrJson=${q(JSON.stringify([{ is_group: true, children: guess }]))}`,
      "sort=-Hushed",
      `sortArrJson=${q(JSON.stringify([{ fk_column_id: ids.columnId, direction: "desc" }]))}`,
      "fields=Hushed",
    ];
    for (const route of routes.filter((r) => r.method === "GET" && !r.path.includes("/audits/"))) {
      for (const role of allowed(route.action)) {
        const path = pathOf(route.path, ids.r1);
        const token = members[role].token;
        const before = await api("GET", path, { token });
        for (const param of params) {
          const res = await api("GET", `${path}?${param}`, { token });
          const label = `${role} GET ${path}?${param} -> ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`;
          expect(res.status, label).toBeLessThan(500);
          // A refusal names the field as the caller wrote it (a title, or an id: never its title).
          if (res.status < 400 || param.includes("ArrJson")) expect(leaksIn(res.body), label).toEqual([]);
          if (res.status === before.status && res.status < 400) expect(res.body, label).toEqual(before.body);
          else if (res.status !== before.status) expect([400, 404], label).toContain(res.status);
        }
      }
    }
  }, 300_000);

  it("no read of a narrowed role names the hidden field's id: its view filters and sorts are not listed", async () => {
    // Left as they are: a view's column settings (width, shown) hold no value of the field.
    const settings = [`${M}/grids/:viewId/grid-columns`, `${M}/views/:viewId/columns`];
    const found: string[] = [];
    for (const route of routes.filter((r) => r.method === "GET" && !settings.includes(r.path))) {
      for (const role of allowed(route.action)) {
        const query = route.path.includes("/audits/") ? `?fk_model_id=${ids.tableId}&row_id=${ids.r1}` : "";
        const res = await api("GET", pathOf(route.path, ids.r1) + query, { token: members[role].token });
        if (res.status < 400 && JSON.stringify(res.body).includes(ids.columnId)) found.push(`${role} ${route.path}`);
      }
    }
    expect(found).toEqual([]);
  }, 300_000);

  it("every row write of a narrowed role refuses hidden and read-only fields and records outside its rule", async () => {
    const before = await snapshot();
    for (const route of routes.filter(writesRows)) {
      for (const role of allowed(route.action)) {
        const probes = WRITE_PROBES[`${route.method} ${route.path}`]!({
          projectId,
          ids,
          user: members[role],
          owner: members.owner,
        });
        for (const probe of probes) {
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
    }
    expect(await snapshot()).toEqual(before);
  }, 300_000);

  it("lookups, rollups and links of a narrowed role never include hidden records", async () => {
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
    const D = `/api/v1/db/data/noco/${projectId}/${ids.tableId}`;
    const roles = ["owner", ...NARROWED] as const;
    const sockets = await Promise.all(roles.map((r) => socket(projectId, members[r].token)));
    // A record outside every rule, a change of r1's hidden field, a comment on r2.
    const outside = await api("POST", D, {
      ...owner,
      body: { Name: `${OUT_MARK}-rt`, Hushed: `${HIDDEN_MARK}-rt`, Owner: members.owner.email, Audience: "builders" },
    });
    expect(outside.status, JSON.stringify(outside.body)).toBe(200);
    const r3 = String(outside.body[ids.pk]);
    await api("PATCH", `${D}/${ids.r1}`, { ...owner, body: { Hushed: `${HIDDEN_MARK}-rt`, Locked: "l-rt" } });
    await api("POST", `${M}/audits/comments`, {
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
    );
    expect(leaksIn(ownerMessages).length).toBeGreaterThan(0);
    roles.forEach((role, i) => {
      if (role === "owner") return;
      const messages = sockets[i]!.messages;
      expect(leaksIn(messages), role).toEqual([]);
      expect(
        messages.filter((m) => [r3, String(ids.r2)].includes(rowOf(m))),
        role,
      ).toEqual([]);
    });
    for (const s of sockets) s.ws.close();
  });
});
