import { abortAllDurableObjects, env, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { ProjectRoom } from "../../realtime/project-room";
import {
  api,
  formStartHeader,
  roomStub,
  seedProject,
  seedUser,
  succeeding,
  workerFetch,
  type TestUser,
} from "./support";

const M = "/api/v1/db/meta";
/** The loopback receiver of tests/support/fake-oauth.ts (`fail…` answers 500, `flaky<N>-…` fails N times). */
const receiver = new URL(env.GOOGLE_AUTH_URL!).origin;

type Received = Array<{ method: string; headers: Record<string, string>; body: string }>;

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
  const viewer = await seedUser("org-level-viewer");
  const projectId = await seedProject([
    [owner, "owner"],
    [editor, "editor"],
    [viewer, "viewer"],
  ]);
  const ok = succeeding(owner);
  const orders = await ok("POST", `${M}/projects/${projectId}/tables`, {
    table_name: "Orders",
    columns: [
      { title: "Title", uidt: "SingleLineText" },
      { title: "Amount", uidt: "Number" },
      { title: "Email", uidt: "Email" },
      { title: "Status", uidt: "SingleLineText" },
      { title: "Secret", uidt: "SingleLineText" },
    ],
  });
  const log = await ok("POST", `${M}/projects/${projectId}/tables`, {
    table_name: "Log",
    columns: [
      { title: "Note", uidt: "SingleLineText" },
      { title: "Value", uidt: "Number" },
    ],
  });
  const col = (t: { columns: Array<{ id: string; title: string }> }, title: string) =>
    t.columns.find((c) => c.title === title)!.id;
  return {
    owner,
    editor,
    viewer,
    projectId,
    ok,
    orders: orders.id as string,
    log: log.id as string,
    amount: col(orders, "Amount"),
    status: col(orders, "Status"),
    secret: col(orders, "Secret"),
    A: `${M}/projects/${projectId}/automations`,
    O: `/api/v1/db/data/noco/${projectId}/Orders`,
    L: `/api/v1/db/data/noco/${projectId}/Log`,
  };
}

type Run = {
  id: number;
  status: string;
  error: string | null;
  started_at: string | null;
  finished_at: string | null;
  depth: number;
  steps: Array<{ type: string; status: string; input?: any; output?: any; error?: string; attempts?: number }>;
};

/** Polls the run list until `done` holds (the alarm runs them in the background). */
async function runsUntil(u: TestUser, A: string, id: string, done: (runs: Run[]) => boolean, timeoutMs = 15_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await api("GET", `${A}/${id}/runs`, { token: u.token });
    expect(res.status).toBe(200);
    const runs = res.body.list as Run[];
    if (done(runs) || Date.now() > until) return runs;
    await new Promise((r) => setTimeout(r, 100));
  }
}
const finished = (n: number) => (runs: Run[]) =>
  runs.length >= n && runs.every((r) => !["queued", "running"].includes(r.status));

describe("automations", () => {
  it("when an order over 100 is created: a Log record and a webhook post, with templates; runs newest first", async () => {
    const s = await setup();
    const name = `auto-${crypto.randomUUID()}`;
    const made = await s.ok("POST", s.A, {
      title: "Big orders",
      active: true,
      trigger: {
        type: "record.created",
        table_id: s.orders,
        condition: [{ fk_column_id: s.amount, comparison_op: "gt", value: "100" }],
      },
      steps: [
        {
          type: "create_record",
          table_id: s.log,
          fields: { Note: "Big: {{record.Title}}", Value: "{{record.Amount}}" },
        },
        {
          type: "http_request",
          method: "POST",
          url: `${receiver}/hook/${name}`,
          headers: [{ name: "Authorization", value: "Bearer top-secret-token" }],
          body: '{"log": {{steps.1.id}}, "who": "{{trigger.user.email}}", "big": "{{if (gt record.Amount 1000) "yes" "no"}}"}',
        },
      ],
    });
    expect(made).toMatchObject({ title: "Big orders", active: true, trigger: { type: "record.created" } });
    expect(made.id).toMatch(/^au_/);
    // The token is sealed and answered masked.
    expect(made.steps[1].headers[0]).toEqual({ name: "Authorization", value: expect.stringMatching(/^••••/) });
    expect(JSON.stringify(made)).not.toContain("top-secret-token");
    const stored = await runInDurableObject(roomStub(s.projectId), (r: ProjectRoom) =>
      r.store.exec("SELECT steps FROM _nc_automations").map((x) => String(x.steps)),
    );
    expect(stored.join()).not.toContain("top-secret-token");

    await s.ok("POST", s.O, { Title: "small", Amount: 50 });
    await s.ok("POST", s.O, { Title: "big one", Amount: 150 });
    const runs = await runsUntil(s.owner, s.A, made.id, finished(1));
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ status: "succeeded", depth: 1 });
    expect(runs[0]!.steps.map((x) => [x.type, x.status])).toEqual([
      ["create_record", "succeeded"],
      ["http_request", "succeeded"],
    ]);
    expect(runs[0]!.started_at && runs[0]!.finished_at).toBeTruthy();
    const logRows = (await s.ok("GET", s.L)).list;
    expect(logRows).toMatchObject([{ Note: "Big: big one", Value: 150 }]);
    const got = await received(name, 1);
    expect(got).toHaveLength(1);
    expect(got[0]!.headers.authorization).toBe("Bearer top-secret-token");
    expect(JSON.parse(got[0]!.body)).toEqual({ log: logRows[0].Id, who: s.owner.email, big: "no" });

    // Newest first; the list of automations; a PATCH keeps the sealed token when sent back masked.
    await s.ok("POST", s.O, { Title: "second", Amount: 500 });
    const two = await runsUntil(s.owner, s.A, made.id, finished(2));
    expect(two[0]!.id).toBeGreaterThan(two[1]!.id);
    expect((await s.ok("GET", s.A)).list.map((a: { id: string }) => a.id)).toEqual([made.id]);
    await s.ok("PATCH", `${s.A}/${made.id}`, { steps: made.steps });
    await s.ok("POST", s.O, { Title: "third", Amount: 700 });
    await runsUntil(s.owner, s.A, made.id, finished(3));
    const again = await received(name, 3);
    expect(again[2]!.headers.authorization).toBe("Bearer top-secret-token");
  });

  it("owners and creators build; editors, commenters and viewers cannot see automations", async () => {
    const s = await setup();
    const made = await s.ok("POST", s.A, {
      title: "x",
      trigger: { type: "button", table_id: s.orders },
      steps: [],
    });
    for (const u of [s.editor, s.viewer]) {
      expect((await api("GET", s.A, { token: u.token })).status).toBe(403);
      expect((await api("GET", `${s.A}/${made.id}/runs`, { token: u.token })).status).toBe(403);
      expect(
        (await api("POST", s.A, { token: u.token, body: { title: "y", trigger: { type: "webhook" }, steps: [] } }))
          .status,
      ).toBe(403);
    }
    expect((await api("GET", s.A)).status).toBe(401);
  });

  it("refuses bad input with a message: unknown trigger, missing table, broken template, bad cron, private URL", async () => {
    const s = await setup();
    const post = (body: unknown) => api("POST", s.A, { token: s.owner.token, body });
    const bad = async (body: unknown, msg: RegExp) => {
      const res = await post(body);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.msg).toMatch(msg);
    };
    await bad({ title: "t", trigger: { type: "nope" }, steps: [] }, /trigger.type/);
    await bad({ title: "t", trigger: { type: "record.created" }, steps: [] }, /table_id/);
    await bad({ title: "t", trigger: { type: "record.created", table_id: "md_nope" }, steps: [] }, /not a table/);
    await bad(
      {
        title: "t",
        trigger: { type: "record.created", table_id: s.orders },
        steps: [{ type: "create_record", table_id: s.log, fields: { Note: "{{record.Title" } }],
      },
      /steps.1.fields.Note/,
    );
    await bad({ title: "t", trigger: { type: "schedule", cron: "99 * * * *" }, steps: [] }, /cron/);
    await bad({ title: "t", trigger: { type: "webhook" }, steps: [{ type: "teleport" }] }, /type must be one of/);
    expect((await api("GET", `${s.A}/au_nope`, { token: s.owner.token })).status).toBe(404);
  });

  it("record.updated only when chosen fields change; record.deleted keeps the deleted record", async () => {
    const s = await setup();
    const upd = await s.ok("POST", s.A, {
      title: "status",
      trigger: { type: "record.updated", table_id: s.orders, fields: [s.status] },
      steps: [{ type: "create_record", table_id: s.log, fields: { Note: "status {{record.Status}}" } }],
    });
    const del = await s.ok("POST", s.A, {
      title: "gone",
      trigger: { type: "record.deleted", table_id: s.orders },
      steps: [{ type: "create_record", table_id: s.log, fields: { Note: "deleted {{record.Title}}" } }],
    });
    const row = await s.ok("POST", s.O, { Title: "o1", Amount: 1, Status: "new" });
    await s.ok("PATCH", `${s.O}/${row.Id}`, { Amount: 2 });
    await s.ok("PATCH", `${s.O}/${row.Id}`, { Status: "paid" });
    await s.ok("DELETE", `${s.O}/${row.Id}`);
    const u = await runsUntil(s.owner, s.A, upd.id, finished(1));
    const d = await runsUntil(s.owner, s.A, del.id, finished(1));
    await new Promise((r) => setTimeout(r, 300));
    expect(await runsUntil(s.owner, s.A, upd.id, finished(1))).toHaveLength(1);
    expect(u[0]!.status).toBe("succeeded");
    expect(d[0]!.status).toBe("succeeded");
    const notes = (await s.ok("GET", s.L)).list.map((r: { Note: string }) => r.Note).sort();
    expect(notes).toEqual(["deleted o1", "status paid"]);
  });

  it("record.matches: a record starting to match its condition, once", async () => {
    const s = await setup();
    const a = await s.ok("POST", s.A, {
      title: "became paid",
      trigger: {
        type: "record.matches",
        table_id: s.orders,
        condition: [{ fk_column_id: s.status, comparison_op: "eq", value: "paid" }],
      },
      steps: [{ type: "create_record", table_id: s.log, fields: { Note: "paid {{record.Title}}" } }],
    });
    const row = await s.ok("POST", s.O, { Title: "m1", Status: "new" });
    await s.ok("PATCH", `${s.O}/${row.Id}`, { Status: "paid" });
    await s.ok("PATCH", `${s.O}/${row.Id}`, { Amount: 9 });
    await s.ok("POST", s.O, { Title: "m2", Status: "paid" });
    const runs = await runsUntil(s.owner, s.A, a.id, finished(2));
    await new Promise((r) => setTimeout(r, 300));
    expect(await runsUntil(s.owner, s.A, a.id, finished(2))).toHaveLength(2);
    expect(runs.every((r) => r.status === "succeeded")).toBe(true);
    const notes = (await s.ok("GET", s.L)).list.map((r: { Note: string }) => r.Note).sort();
    expect(notes).toEqual(["paid m1", "paid m2"]);
  });

  it("a bulk insert queues one compact entry, expanded by the alarm into one run per matching record", async () => {
    const s = await setup();
    const a = await s.ok("POST", s.A, {
      title: "bulk",
      trigger: {
        type: "record.created",
        table_id: s.orders,
        condition: [{ fk_column_id: s.amount, comparison_op: "gt", value: "100" }],
      },
      steps: [{ type: "condition", if: "{{gt record.Amount 100}}" }],
    });
    const rows = Array.from({ length: 260 }, (_, i) => ({ Title: `b-${i}`, Amount: i }));
    await s.ok("POST", `/api/v1/db/data/bulk/noco/${s.projectId}/Orders`, rows);
    // Right after the write: one entry standing for the 159 matching records, no run rows yet.
    const queued = await runInDurableObject(roomStub(s.projectId), (r: ProjectRoom) => ({
      batches: r.store.exec("SELECT row_ids FROM _nc_automation_batches").map((x) => JSON.parse(String(x.row_ids))),
      runs: Number(r.store.exec("SELECT count(*) AS n FROM _nc_automation_runs")[0]!.n),
    }));
    expect(queued.runs).toBe(0);
    expect(queued.batches).toHaveLength(1);
    expect(queued.batches[0]).toHaveLength(1); // consecutive ids: one [first, last] range
    const all = async () => {
      const out: Array<Run & { row_id: string }> = [];
      for (let offset = 0; ; offset += 200) {
        const page = (await s.ok("GET", `${s.A}/${a.id}/runs?limit=200&offset=${offset}`)).list;
        out.push(...page);
        if (page.length < 200) return out;
      }
    };
    const until = Date.now() + 30_000;
    let runs = await all();
    while ((runs.length < 159 || runs.some((r) => r.status !== "succeeded")) && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 200));
      runs = await all();
    }
    expect(runs).toHaveLength(159);
    expect(runs.every((r) => r.status === "succeeded")).toBe(true);
    const ids = new Set(runs.map((r) => r.row_id));
    expect(ids.size).toBe(159);
    const big = (await s.ok("GET", `${s.O}?where=(Amount,gt,100)&limit=1000`)).list as Array<{ Id: number }>;
    expect([...ids].sort()).toEqual(big.map((r) => String(r.Id)).sort());
    const left = await runInDurableObject(roomStub(s.projectId), (r: ProjectRoom) =>
      Number(r.store.exec("SELECT count(*) AS n FROM _nc_automation_batches")[0]!.n),
    );
    expect(left).toBe(0);
  });

  it("an alarm lost with a reset of the room is set again when it starts: the queued entry runs", async () => {
    const s = await setup();
    const order = await s.ok("POST", s.O, { Title: "waiting" });
    const a = await s.ok("POST", s.A, {
      title: "resume",
      trigger: { type: "record.created", table_id: s.orders },
      steps: [{ type: "create_record", table_id: s.log, fields: { Note: "resumed {{record.Title}}" } }],
    });
    // A committed entry whose alarm was never stored (set unconfirmed, then the object reset).
    await runInDurableObject(roomStub(s.projectId), async (r: ProjectRoom, state) => {
      r.store.exec(
        `INSERT INTO _nc_automation_batches (fk_automation_id, trigger, depth, max_depth, row_ids, due_at, created_at)
         VALUES (?, ?, 1, 3, ?, ?, ?)`,
        a.id,
        JSON.stringify({ type: "record.created", table_id: s.orders, user: null }),
        JSON.stringify([order.Id]),
        Date.now(),
        Date.now(),
      );
      await state.storage.deleteAlarm();
    });
    await abortAllDurableObjects();
    const runs = await runsUntil(s.owner, s.A, a.id, finished(1));
    expect(runs.map((r) => r.status)).toEqual(["succeeded"]);
    expect((await s.ok("GET", s.L)).list).toMatchObject([{ Note: "resumed waiting" }]);
  });

  it("the alarm prunes finished runs both older than 30 days and past the newest 1,000", async () => {
    const s = await setup();
    const a = await s.ok("POST", s.A, {
      title: "kept",
      trigger: { type: "record.created", table_id: s.orders },
      steps: [{ type: "condition", if: "{{true}}" }],
    });
    const old = Date.now() - 40 * 86_400_000;
    await runInDurableObject(roomStub(s.projectId), (r: ProjectRoom) => {
      r.store.exec(
        `INSERT INTO _nc_automation_runs (fk_automation_id, status, due_at, created_at, finished_at)
         SELECT ?, 'succeeded', ?, ?, ? FROM json_each(?)`,
        a.id,
        old,
        old,
        old,
        JSON.stringify(Array.from({ length: 1010 }, (_, i) => i)),
      );
      // A waiting run as old is never pruned.
      r.store.exec(
        "INSERT INTO _nc_automation_runs (fk_automation_id, status, due_at, created_at) VALUES (?, 'queued', ?, ?)",
        a.id,
        Date.now() + 86_400_000,
        old,
      );
    });
    await s.ok("POST", s.O, { Title: "new" });
    const until = Date.now() + 15_000;
    let counts = { all: 0, old: 0, waiting: 0 };
    do {
      await new Promise((r) => setTimeout(r, 200));
      counts = await runInDurableObject(roomStub(s.projectId), (r: ProjectRoom) => {
        const n = (where: string) =>
          Number(r.store.exec(`SELECT count(*) AS n FROM _nc_automation_runs WHERE ${where}`)[0]!.n);
        return { all: n("1"), old: n(`created_at = ${old} AND status = 'succeeded'`), waiting: n("status = 'queued'") };
      });
    } while (counts.all > 1000 && Date.now() < until);
    // The newest 1,000: the new run, the waiting one and 998 of the old; the 12 oldest are gone.
    expect(counts).toEqual({ all: 1000, old: 998, waiting: 1 });
    const [newest] = (await s.ok("GET", `${s.A}/${a.id}/runs`)).list as Run[];
    expect(newest!.status).toBe("succeeded");
  });

  it("a failing step is retried with backoff, then the run fails with the error; re-run", async () => {
    const s = await setup();
    const flaky = `flaky2-${crypto.randomUUID()}`;
    const ok = await s.ok("POST", s.A, {
      title: "flaky",
      trigger: { type: "button", table_id: s.orders },
      steps: [{ type: "http_request", method: "POST", url: `${receiver}/hook/${flaky}`, body: "{}" }],
    });
    const bad = await s.ok("POST", s.A, {
      title: "failing",
      trigger: { type: "button", table_id: s.orders },
      steps: [
        { type: "http_request", method: "POST", url: `${receiver}/hook/fail-${crypto.randomUUID()}`, body: "{}" },
        { type: "create_record", table_id: s.log, fields: { Note: "never" } },
      ],
    });
    const row = await s.ok("POST", s.O, { Title: "b" });
    await s.ok("POST", `${s.A}/${ok.id}/fire`, { record_id: row.Id });
    await s.ok("POST", `${s.A}/${bad.id}/fire`, { record_id: row.Id });
    const good = await runsUntil(s.owner, s.A, ok.id, finished(1));
    expect(good[0]).toMatchObject({ status: "succeeded", steps: [{ status: "succeeded", attempts: 3 }] });
    expect(await received(flaky, 3)).toHaveLength(3);
    const failed = await runsUntil(s.owner, s.A, bad.id, finished(1));
    expect(failed[0]).toMatchObject({ status: "failed", steps: [{ status: "failed", attempts: 3 }] });
    expect(failed[0]!.error).toMatch(/Step 1 \(http_request\): HTTP 500/);
    expect((await s.ok("GET", s.L)).list).toHaveLength(0);

    const rerun = await s.ok("POST", `${s.A}/${bad.id}/runs/${failed[0]!.id}/rerun`);
    expect(rerun).toMatchObject({ status: "queued" });
    const both = await runsUntil(s.owner, s.A, bad.id, finished(2));
    expect(both.map((r) => r.status)).toEqual(["failed", "failed"]);
  });

  it("the loop guard: a chain deeper than 3 is skipped with the reason", async () => {
    const s = await setup();
    const a = await s.ok("POST", s.A, {
      title: "loop",
      trigger: { type: "record.created", table_id: s.orders },
      steps: [{ type: "create_record", table_id: s.orders, fields: { Title: "again {{record.Title}}" } }],
    });
    await s.ok("POST", s.O, { Title: "start" });
    const runs = await runsUntil(s.owner, s.A, a.id, finished(4));
    await new Promise((r) => setTimeout(r, 500));
    const all = await runsUntil(s.owner, s.A, a.id, finished(4));
    expect(all.map((r) => [r.depth, r.status])).toEqual([
      [4, "skipped"],
      [3, "succeeded"],
      [2, "succeeded"],
      [1, "succeeded"],
    ]);
    expect(runs[0]!.error).toMatch(/deeper than 3 \(AUTOMATION_MAX_DEPTH\)/);
    expect((await s.ok("GET", s.O)).list).toHaveLength(4);
  });

  it("a delayed run survives a restart of the object and goes on after its delay", async () => {
    const s = await setup();
    const a = await s.ok("POST", s.A, {
      title: "later",
      trigger: { type: "record.created", table_id: s.orders },
      steps: [
        { type: "delay", minutes: 0.03 },
        { type: "create_record", table_id: s.log, fields: { Note: "after delay {{record.Title}}" } },
      ],
    });
    const t0 = Date.now();
    await s.ok("POST", s.O, { Title: "d1" });
    const waiting = await runsUntil(s.owner, s.A, a.id, (r) => r[0]?.steps[0]?.status === "waiting");
    expect(waiting[0]!.status).toBe("running");
    await abortAllDurableObjects();
    const runs = await runsUntil(s.owner, s.A, a.id, finished(1));
    expect(runs[0]!.status).toBe("succeeded");
    expect(Date.now() - t0).toBeGreaterThanOrEqual(1500);
    expect((await s.ok("GET", s.L)).list).toMatchObject([{ Note: "after delay d1" }]);
  });

  it("incoming webhook, button, schedule and form submission start runs", async () => {
    const s = await setup();
    const hook = await s.ok("POST", s.A, {
      title: "incoming",
      trigger: { type: "webhook" },
      steps: [
        {
          type: "create_record",
          table_id: s.log,
          fields: { Note: "{{trigger.body.customer.name}}", Value: "{{body.total}}" },
        },
      ],
    });
    expect(hook.webhook_url).toMatch(/^\/api\/v1\/automations\/hooks\/p_[0-9a-z]{14}\.[0-9a-f]{40}$/);
    const res = await workerFetch(
      new Request(`http://localhost${hook.webhook_url}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ customer: { name: "Ada" }, total: 42 }),
      }),
    );
    expect(res.status).toBe(200);
    expect((await api("POST", `${hook.webhook_url}x`, { body: {} })).status).toBe(404);
    await runsUntil(s.owner, s.A, hook.id, finished(1));

    const button = await s.ok("POST", s.A, {
      title: "button",
      trigger: { type: "button", table_id: s.orders },
      steps: [
        {
          type: "create_record",
          table_id: s.log,
          fields: { Note: "clicked {{record.Title}} by {{trigger.user.email}}" },
        },
      ],
    });
    const row = await s.ok("POST", s.O, { Title: "btn" });
    // Editors may press a button; they still cannot see the automation.
    expect(
      (await api("POST", `${s.A}/${button.id}/fire`, { token: s.editor.token, body: { record_id: row.Id } })).status,
    ).toBe(200);
    await runsUntil(s.owner, s.A, button.id, finished(1));

    const sched = await s.ok("POST", s.A, {
      title: "every second",
      trigger: { type: "schedule", cron: "* * * * * *", timezone: "Europe/Paris" },
      steps: [{ type: "create_record", table_id: s.log, fields: { Note: "tick" } }],
    });
    expect(sched.next_run_at).toBeTruthy();
    await runsUntil(s.owner, s.A, sched.id, finished(1), 10_000);
    await s.ok("PATCH", `${s.A}/${sched.id}`, { active: false });

    const notes = (await s.ok("GET", `${s.L}?limit=100`)).list.map((r: { Note: string }) => r.Note);
    expect(notes).toContain("Ada");
    expect(notes).toContain(`clicked btn by ${s.editor.email}`);
    expect(notes).toContain("tick");
    expect((await s.ok("GET", `${s.L}?where=(Note,eq,Ada)`)).list[0].Value).toBe(42);
  });

  it("test with a record: each step's input and output, dry by default; nothing recorded", async () => {
    const s = await setup();
    const a = await s.ok("POST", s.A, {
      title: "t",
      trigger: { type: "record.created", table_id: s.orders },
      steps: [
        { type: "find_records", table_id: s.orders, where: "(Amount,gt,{{record.Amount}})" },
        { type: "condition", if: "{{gt (length steps.1.records) 0}}" },
        {
          type: "create_record",
          table_id: s.log,
          fields: { Note: "{{steps.1.records.0.Title}} beats {{record.Title}}" },
        },
      ],
    });
    const r1 = await s.ok("POST", s.O, { Title: "low", Amount: 1 });
    await s.ok("POST", s.O, { Title: "high", Amount: 10 });
    // The two inserts started two real runs; wait for them, then test.
    await runsUntil(s.owner, s.A, a.id, finished(2));
    const before = (await s.ok("GET", s.L)).list.length;
    const test = await s.ok("POST", `${s.A}/${a.id}/test`, { record_id: r1.Id });
    expect(test.steps).toMatchObject([
      { type: "find_records", status: "succeeded", input: { where: "(Amount,gt,1)" }, output: { count: 1 } },
      { type: "condition", status: "succeeded", output: { passed: true } },
      {
        type: "create_record",
        status: "succeeded",
        input: { fields: { Note: "high beats low" } },
        output: { dry: true },
      },
    ]);
    expect((await s.ok("GET", s.L)).list.length).toBe(before);
    expect((await s.ok("GET", `${s.A}/${a.id}/runs`)).list).toHaveLength(2);
  });

  it("a run reads the record as its builder may: fields hidden from the builder's role stay out", async () => {
    const s = await setup();
    const a = await s.ok("POST", s.A, {
      title: "leak?",
      trigger: { type: "record.created", table_id: s.orders },
      steps: [
        { type: "create_record", table_id: s.log, fields: { Note: "secret={{record.Secret}} title={{record.Title}}" } },
      ],
    });
    const hide = await api("PUT", `${M}/tables/${s.orders}/access`, {
      token: s.owner.token,
      body: { roles: { editor: { fields: { [s.secret]: "hidden" } } } },
    });
    // The builder later lost the right to see it: their stored role is now an editor's.
    await runInDurableObject(roomStub(s.projectId), (r: ProjectRoom) =>
      r.store.exec("UPDATE _nc_automations SET builder_role = 'editor' WHERE id = ?", a.id),
    );
    await runInDurableObject(roomStub(s.projectId), (r: ProjectRoom) => r.store.schemaCache.clear());
    expect(hide.status, JSON.stringify(hide.body)).toBe(200);
    await s.ok("POST", s.O, { Title: "t1", Secret: "s3cr3t" });
    const runs = await runsUntil(s.owner, s.A, a.id, finished(1));
    expect(runs[0]!.status, JSON.stringify(runs[0])).toBe("succeeded");
    expect((await s.ok("GET", s.L)).list[0].Note).toBe("secret= title=t1");
    expect(JSON.stringify(runs[0])).not.toContain("s3cr3t");
  });

  it("update_records, link_records, send_email to a field's address and a Slack notice, from a comment", async () => {
    const s = await setup();
    const admin = await seedUser("super");
    const mail = `mail-${crypto.randomUUID()}`;
    const slack = `slack-${crypto.randomUUID()}`;
    expect(
      (
        await api("PUT", "/api/v1/apps/email", {
          token: admin.token,
          body: { url: `${receiver}/hook/${mail}`, token: "mail-key", from: "Ops <ops@example.com>" },
        })
      ).status,
    ).toBe(200);
    const target = await api("POST", "/api/v1/apps/targets", {
      token: admin.token,
      body: { kind: "Slack", title: "ops", webhook_url: `${receiver}/hook/${slack}` },
    });
    expect(target.status).toBe(200);
    const link = await s.ok("POST", `${M}/tables/${s.orders}/columns`, {
      uidt: "LinkToAnotherRecord",
      title: "Logs",
      childId: s.log,
      type: "mm",
    });
    expect(link).toBeTruthy();
    const note = await s.ok("POST", s.L, { Note: "linked" });
    const a = await s.ok("POST", s.A, {
      title: "on comment",
      trigger: { type: "comment.added", table_id: s.orders },
      steps: [
        { type: "update_records", table_id: s.orders, record_id: "{{record.Id}}", fields: { Status: "commented" } },
        {
          type: "link_records",
          table_id: s.orders,
          record_id: "{{record.Id}}",
          field: "Logs",
          ref_ids: String(note.Id),
        },
        {
          type: "send_email",
          to: "{{record.Email}}",
          subject: "About {{record.Title}}",
          body: "{{trigger.comment.user}} said: {{trigger.comment.text}}",
        },
        { type: "notify", service: "Slack", channels: ["ops"], text: "New comment on {{record.Title}}" },
      ],
    });
    const row = await s.ok("POST", s.O, { Title: "c1", Email: "buyer@example.com" });
    await s.ok("POST", `${M}/audits/comments`, { fk_model_id: s.orders, row_id: String(row.Id), description: "hello" });
    const runs = await runsUntil(s.owner, s.A, a.id, finished(1));
    expect(runs[0]!.status, JSON.stringify(runs[0])).toBe("succeeded");
    const after = await s.ok("GET", `${s.O}/${row.Id}`);
    expect(after.Status).toBe("commented");
    const links = await s.ok("GET", `${s.O}/${row.Id}/mm/Logs`);
    expect(links.list.map((r: { Note: string }) => r.Note)).toEqual(["linked"]);
    const sent = JSON.parse((await received(mail, 1))[0]!.body);
    expect(sent).toMatchObject({ to: "buyer@example.com", subject: "About c1" });
    expect(JSON.stringify(sent)).toContain(`${s.owner.email} said: hello`);
    expect(JSON.parse((await received(slack, 1))[0]!.body)).toEqual({ text: "New comment on c1" });
  });

  it("form.submitted: a shared form's record starts a run; a plain insert does not", async () => {
    const s = await setup();
    const a = await s.ok("POST", s.A, {
      title: "form",
      trigger: { type: "form.submitted", table_id: s.orders },
      steps: [{ type: "create_record", table_id: s.log, fields: { Note: "form {{record.Title}}" } }],
    });
    await s.ok("POST", s.O, { Title: "api" });
    const form = await s.ok("POST", `${M}/tables/${s.orders}/forms`, { title: "Order form" });
    const uuid = (await s.ok("POST", `${M}/views/${form.id}/share`)).uuid as string;
    const body = new FormData();
    body.set("data", JSON.stringify({ Title: "from form" }));
    const res = await workerFetch(
      new Request(`http://localhost/api/v1/db/public/shared-view/${uuid}/rows`, {
        method: "POST",
        body,
        headers: await formStartHeader(uuid),
      }),
    );
    expect(res.status, await res.clone().text()).toBe(200);
    const runs = await runsUntil(s.owner, s.A, a.id, finished(1));
    await new Promise((r) => setTimeout(r, 300));
    expect(await runsUntil(s.owner, s.A, a.id, finished(1))).toHaveLength(1);
    expect(runs[0]!.status).toBe("succeeded");
    expect((await s.ok("GET", s.L)).list).toMatchObject([{ Note: "form from form" }]);
  });

  it("formula: the project's formula engine on the trigger's record, its value used by the next step", async () => {
    const s = await setup();
    const a = await s.ok("POST", s.A, {
      title: "formula",
      trigger: { type: "record.created", table_id: s.orders },
      steps: [
        { type: "formula", formula: "{Amount} * 2 + LEN({Title})" },
        { type: "create_record", table_id: s.log, fields: { Note: "computed", Value: "{{steps.1.value}}" } },
        { type: "formula", formula: "NOPE({Amount})" },
      ],
    });
    await s.ok("POST", s.O, { Title: "abc", Amount: 20 });
    const runs = await runsUntil(s.owner, s.A, a.id, finished(1));
    expect(runs[0]!.steps.slice(0, 2).map((x) => x.status)).toEqual(["succeeded", "succeeded"]);
    expect(runs[0]!.steps[0]!.output).toEqual({ value: 43 });
    expect(runs[0]!.status).toBe("failed");
    expect(runs[0]!.error).toMatch(/Step 3 \(formula\): .*NOPE/i);
    expect((await s.ok("GET", s.L)).list).toMatchObject([{ Note: "computed", Value: 43 }]);
  });
});
