import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { app } from "../../functions/app";
import { N11_FORMS } from "../support/refused-addresses";
import { api, formStartHeader, seedProject, seedUser, workerFetch, type TestUser } from "./support";

const M = "/api/v1/db/meta";
/** The loopback receiver of tests/support/fake-oauth.ts (same server, its own paths). */
const receiver = new URL(env.GOOGLE_AUTH_URL!).origin;

type Received = Array<{ method: string; headers: Record<string, string>; body: string; at: number }>;

async function received(name: string, atLeast: number, timeoutMs = 15_000): Promise<Received> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const list = (await (await fetch(`${receiver}/hook-log/${name}`)).json()) as Received;
    if (list.length >= atLeast || Date.now() > until) return list;
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function setup() {
  const owner = await seedUser("org-level-creator");
  const editor = await seedUser("org-level-viewer");
  const projectId = await seedProject([
    [owner, "owner"],
    [editor, "editor"],
  ]);
  const table = await api("POST", `${M}/projects/${projectId}/tables`, {
    token: owner.token,
    body: {
      table_name: "Tasks",
      columns: [
        { title: "Name", uidt: "SingleLineText" },
        { title: "Points", uidt: "Number" },
      ],
    },
  });
  expect(table.status).toBe(200);
  const columns = table.body.columns as Array<{ id: string; title: string }>;
  const T = `/api/v1/db/data/noco/${projectId}/Tasks`;
  return {
    owner,
    editor,
    projectId,
    tableId: table.body.id as string,
    points: columns.find((c) => c.title === "Points")!.id,
    T,
    B: `/api/v1/db/data/bulk/noco/${projectId}/Tasks`,
  };
}

const hookBody = (name: string, operation: string, extra: Record<string, unknown> = {}) => ({
  title: `On ${operation}`,
  event: "after",
  operation,
  notification: {
    type: "URL",
    payload: { method: "POST", path: `${receiver}/hook/${name}`, headers: [{ name: "X-Secret", value: "s3" }] },
  },
  ...extra,
});

const call = (u: TestUser, method: string, path: string, body?: unknown) => api(method, path, { token: u.token, body });

describe("webhooks", () => {
  it("delivers inserts that meet the conditions, in the NocoDB shape, with the hook's headers", async () => {
    const { owner, tableId, points, T } = await setup();
    const name = `ins-${crypto.randomUUID()}`;
    const made = await call(
      owner,
      "POST",
      `${M}/tables/${tableId}/hooks`,
      hookBody(name, "insert", { filters: [{ fk_column_id: points, comparison_op: "gt", value: "5" }] }),
    );
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({ title: "On insert", operation: "insert", condition: true, active: true });
    expect((await call(owner, "GET", `${M}/hooks/${made.body.id}/filters`)).body.list).toMatchObject([
      { comparison_op: "gt", value: "5", fk_hook_id: made.body.id },
    ]);

    expect((await call(owner, "POST", T, { Name: "small", Points: 3 })).status).toBe(200);
    expect((await call(owner, "POST", T, { Name: "big", Points: 10 })).status).toBe(200);
    const got = await received(name, 1);
    await new Promise((r) => setTimeout(r, 500));
    const all = await received(name, 1);
    expect(all).toHaveLength(1);
    expect(got[0]!.headers["x-secret"]).toBe("s3");
    const payload = JSON.parse(got[0]!.body);
    expect(payload).toMatchObject({
      type: "records.after.insert",
      data: { table_id: tableId, table_name: "Tasks", rows: [{ Name: "big", Points: 10 }] },
    });

    const logs = await call(owner, "GET", `${M}/hooks/${made.body.id}/logs`);
    expect(logs.body.list).toMatchObject([{ ok: true, status: 200, attempt: 1 }]);
    expect(logs.body.list[0].response).toContain("received");
    expect(typeof logs.body.list[0].duration).toBe("number");
  });

  it("delivers updates with the previous rows, deletes, and bulk writes", async () => {
    const { owner, tableId, T, B } = await setup();
    const id = crypto.randomUUID();
    for (const op of ["update", "delete", "bulkInsert"]) {
      expect((await call(owner, "POST", `${M}/tables/${tableId}/hooks`, hookBody(`${op}-${id}`, op))).status).toBe(200);
    }
    await call(owner, "POST", T, { Name: "a", Points: 1 });
    await call(owner, "PATCH", `${T}/1`, { Points: 2 });
    await call(owner, "DELETE", `${T}/1`);
    await call(owner, "POST", B, [{ Name: "x" }, { Name: "y" }]);

    const upd = JSON.parse((await received(`update-${id}`, 1))[0]!.body);
    expect(upd).toMatchObject({
      type: "records.after.update",
      data: { rows: [{ Points: 2 }], previous_rows: [{ Points: 1 }] },
    });
    const del = JSON.parse((await received(`delete-${id}`, 1))[0]!.body);
    expect(del).toMatchObject({ type: "records.after.delete", data: { rows: [{ Name: "a", Points: 2 }] } });
    const bulk = JSON.parse((await received(`bulkInsert-${id}`, 1))[0]!.body);
    expect(bulk.type).toBe("records.after.bulkInsert");
    expect(bulk.data.rows.map((r: { Name: string }) => r.Name)).toEqual(["x", "y"]);
  });

  it("delivers a shared form's submission like an API insert (#42)", async () => {
    const { owner, tableId } = await setup();
    const name = `form-${crypto.randomUUID()}`;
    expect((await call(owner, "POST", `${M}/tables/${tableId}/hooks`, hookBody(name, "insert"))).status).toBe(200);
    const form = await call(owner, "POST", `${M}/tables/${tableId}/forms`, { title: "Add task" });
    const uuid = (await call(owner, "POST", `${M}/views/${form.body.id}/share`)).body.uuid as string;
    const body = new FormData();
    body.set("data", JSON.stringify({ Name: "from the form", Points: 4 }));
    const res = await workerFetch(
      new Request(`http://localhost/api/v1/db/public/shared-view/${uuid}/rows`, {
        method: "POST",
        body,
        headers: await formStartHeader(uuid),
      }),
    );
    expect(res.status, await res.clone().text()).toBe(200);
    const got = await received(name, 1);
    expect(got).toHaveLength(1);
    expect(JSON.parse(got[0]!.body)).toMatchObject({
      type: "records.after.insert",
      data: { table_id: tableId, rows: [{ Name: "from the form", Points: 4 }] },
    });
  });

  it("keeps each delivery's payload in its log and sends it again on Redeliver (#42)", async () => {
    const { owner, tableId, T } = await setup();
    const name = `again-${crypto.randomUUID()}`;
    const made = await call(owner, "POST", `${M}/tables/${tableId}/hooks`, hookBody(name, "insert"));
    await call(owner, "POST", T, { Name: "twice", Points: 7 });
    const first = await received(name, 1);
    let logs = await call(owner, "GET", `${M}/hooks/${made.body.id}/logs`);
    for (let i = 0; i < 50 && !logs.body.list.length; i++) {
      await new Promise((r) => setTimeout(r, 100));
      logs = await call(owner, "GET", `${M}/hooks/${made.body.id}/logs`);
    }
    const log = logs.body.list[0] as { id: number; payload: string };
    expect(JSON.parse(log.payload)).toEqual(JSON.parse(first[0]!.body));
    const again = await call(owner, "POST", `${M}/hooks/${made.body.id}/logs/${log.id}/redeliver`, {});
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    const both = await received(name, 2);
    expect(both).toHaveLength(2);
    expect(JSON.parse(both[1]!.body)).toEqual(JSON.parse(first[0]!.body));
    expect((await call(owner, "POST", `${M}/hooks/${made.body.id}/logs/999999/redeliver`, {})).status).toBe(404);
    expect((await call(owner, "POST", `${M}/hooks/${made.body.id}/logs/abc/redeliver`, {})).status).toBe(400);
  });

  it("retries a failed delivery with backoff and logs each attempt", async () => {
    const { owner, tableId, T } = await setup();
    const name = `flaky2-${crypto.randomUUID()}`;
    const made = await call(
      owner,
      "POST",
      `${M}/tables/${tableId}/hooks`,
      hookBody(name, "insert", { retries: 3, retry_interval: 200 }),
    );
    await call(owner, "POST", T, { Name: "r" });
    const got = await received(name, 3);
    expect(got).toHaveLength(3);
    // Backoff: 200 ms, then 400 ms.
    expect(got[1]!.at - got[0]!.at).toBeGreaterThanOrEqual(150);
    expect(got[2]!.at - got[1]!.at).toBeGreaterThanOrEqual(350);
    let logs = await call(owner, "GET", `${M}/hooks/${made.body.id}/logs`);
    for (let i = 0; i < 50 && logs.body.list.length < 3; i++) {
      await new Promise((r) => setTimeout(r, 100));
      logs = await call(owner, "GET", `${M}/hooks/${made.body.id}/logs`);
    }
    expect(
      logs.body.list.map((l: { attempt: number; ok: boolean; status: number }) => [l.attempt, l.ok, l.status]),
    ).toEqual([
      [3, true, 200],
      [2, false, 500],
      [1, false, 500],
    ]);
  });

  it("keeps the newest 100 deliveries in the log", async () => {
    const { owner, tableId, T } = await setup();
    const name = `many-${crypto.randomUUID()}`;
    const made = await call(owner, "POST", `${M}/tables/${tableId}/hooks`, hookBody(name, "insert"));
    for (let i = 1; i <= 105; i++) await call(owner, "POST", T, { Name: `n${i}` });
    expect(await received(name, 105, 30_000)).toHaveLength(105);
    let logs = await call(owner, "GET", `${M}/hooks/${made.body.id}/logs?limit=100`);
    for (let i = 0; i < 50 && JSON.parse(logs.body.list[0]?.response ?? "{}").received !== 105; i++) {
      await new Promise((r) => setTimeout(r, 100));
      logs = await call(owner, "GET", `${M}/hooks/${made.body.id}/logs?limit=100`);
    }
    expect(logs.body.pageInfo.totalRows).toBe(100);
    expect(logs.body.list).toHaveLength(100);
    expect(JSON.parse(logs.body.list[0].response).received).toBe(105);
    expect(JSON.parse(logs.body.list[99].response).received).toBe(6);
  }, 90_000);

  it("tests a hook from the form, and says why a test fails", async () => {
    const { owner, tableId, T } = await setup();
    await call(owner, "POST", T, { Name: "sample", Points: 4 });
    const name = `test-${crypto.randomUUID()}`;
    const ok = await call(owner, "POST", `${M}/tables/${tableId}/hooks/test`, { hook: hookBody(name, "insert") });
    expect(ok).toMatchObject({ status: 200, body: { msg: "The hook has been tested successfully" } });
    expect(JSON.parse((await received(name, 1))[0]!.body)).toMatchObject({
      type: "records.after.insert",
      data: { rows: [{ Name: "sample" }] },
    });
    const bad = await call(owner, "POST", `${M}/tables/${tableId}/hooks/test`, {
      hook: hookBody(`fail-${name}`, "insert"),
    });
    expect(bad).toMatchObject({ status: 400, body: { msg: "The hook test failed: HTTP 500" } });
    const sample = await call(owner, "GET", `${M}/tables/${tableId}/hooks/samplePayload/update`);
    expect(sample.body).toMatchObject({
      type: "records.after.update",
      data: { rows: [{ Name: "sample" }], previous_rows: [{ Name: "sample" }] },
    });
  });

  it("lets only builders manage hooks and refuses bad input with a message", async () => {
    const { owner, editor, tableId } = await setup();
    expect((await call(editor, "POST", `${M}/tables/${tableId}/hooks`, hookBody("x", "insert"))).status).toBe(403);
    expect(await call(owner, "POST", `${M}/tables/${tableId}/hooks`, hookBody("x", "upsert"))).toMatchObject({
      status: 400,
      body: { msg: expect.stringContaining("operation: must be one of") },
    });
    const made = await call(owner, "POST", `${M}/tables/${tableId}/hooks`, hookBody("x", "insert"));
    expect((await call(owner, "PATCH", `${M}/hooks/${made.body.id}`, { active: false })).body).toMatchObject({
      active: false,
    });
    expect((await call(owner, "GET", `${M}/tables/${tableId}/hooks`)).body.list).toHaveLength(1);
    expect((await call(owner, "DELETE", `${M}/hooks/${made.body.id}`)).body).toBe(true);
    expect((await call(owner, "GET", `${M}/tables/${tableId}/hooks`)).body.list).toHaveLength(0);
  });

  it("refuses private targets outside local mode", async () => {
    const { owner, tableId } = await setup();
    // The same Worker with production settings (and the secret the test sessions are signed with).
    const production = { ...env, MODE: "production", JWT_SECRET: "local-development-secret-not-for-production-use" };
    const create = async (url: string) => {
      const res = await app.fetch(
        new Request(`http://localhost${M}/tables/${tableId}/hooks`, {
          method: "POST",
          headers: { "xc-auth": owner.token, "content-type": "application/json" },
          body: JSON.stringify({ ...hookBody("x", "insert"), notification: { type: "URL", payload: { path: url } } }),
        }),
        production,
      );
      return { status: res.status, body: (await res.json()) as { msg?: string; id?: string } };
    };
    expect(await create(`${receiver}/hook/x`)).toEqual({
      status: 400,
      body: { msg: "notification.payload.path: 127.0.0.1 is not a public address" },
    });
    expect(await create("http://169.254.169.254/latest/meta-data")).toMatchObject({
      status: 400,
      body: { msg: expect.stringContaining("is not a public address") },
    });
    expect(await create("http://localhost:8080/")).toMatchObject({ status: 400 });
    // Issue #32 (N11, N3): IPv6 ranges the rule missed, and names resolving to private addresses
    // (tests/support/fake-dns.ts is the resolver).
    for (const host of N11_FORMS)
      expect(await create(`http://[${host}]/in`)).toEqual({
        status: 400,
        body: { msg: `notification.payload.path: [${host}] is not a public address` },
      });
    expect(await create("http://mixed.gridbase.test/in")).toEqual({
      status: 400,
      body: { msg: "notification.payload.path: mixed.gridbase.test resolves to ::1, which is not a public address" },
    });
    expect(await create("http://nowhere.gridbase.test/in")).toEqual({
      status: 400,
      body: { msg: "notification.payload.path: nowhere.gridbase.test does not resolve to any address" },
    });
    expect(await create("https://hooks.example.com/in")).toMatchObject({
      status: 200,
      body: { id: expect.any(String) },
    });
  });
});
