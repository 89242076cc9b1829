/**
 * Automations on tables of an external database (issue 39), through the real Worker bundle
 * (wrangler dev: pg and mysql2 do not load in the workerd test pool), on the sample schema of the
 * machine's PostgreSQL, MariaDB and a local sqld: writes made through the app start the record
 * triggers (created with a condition read from the database, updated only when a chosen field
 * changed, deleted with the record as it was, a bulk insert's runs each once) and a run's
 * create_record step writes into the same database.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { everyEngine, type SampleDb } from "../support/external-sample";
import { signedIn, startWorker } from "../support/worker-server";

const PORT = Number(process.env.EXT_AUTOMATIONS_PORT ?? 8817);
const INSPECTOR = Number(process.env.EXT_AUTOMATIONS_INSPECTOR_PORT ?? 9317);

let server: Awaited<ReturnType<typeof startWorker>>;
let api: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  server = await startWorker(PORT, INSPECTOR);
  api = await signedIn(server.base);
}, 240_000);

afterAll(() => server?.stop());

const ok = async (method: string, path: string, body?: unknown) => {
  const a = await api(method, path, body);
  expect(a.status, `${method} ${path}: ${a.text}`).toBe(200);
  return a.body;
};

type Table = { id: string; title: string; columns: Array<{ id: string; title: string }> };
type Run = {
  status: string;
  row_id: string | null;
  trigger: { record?: Record<string, unknown> | null };
  steps: Array<{ status: string; input?: { value?: unknown }; output?: unknown; error?: string }>;
};

/** Every run of an automation (newest first), once `n` are there and none is queued or running. */
async function runs(A: string, id: string, n: number, timeoutMs = 30_000): Promise<Run[]> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const all: Run[] = [];
    for (let offset = 0; ; offset += 200) {
      const page = (await ok("GET", `${A}/${id}/runs?limit=200&offset=${offset}`)).list as Run[];
      all.push(...page);
      if (page.length < 200) break;
    }
    const done = all.length >= n && all.every((r) => r.status !== "queued" && r.status !== "running");
    if (done || Date.now() > until) return all;
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function scenario(sample: SampleDb, title: string) {
  const project = await ok("POST", "/api/v1/db/meta/projects", {
    title,
    external: true,
    bases: [{ type: sample.config.client, config: sample.config }],
  });
  const P = project.id as string;
  const list = (await ok("GET", `/api/v1/db/meta/projects/${P}/tables`)).list as Table[];
  const table = async (name: string) =>
    (await ok("GET", `/api/v1/db/meta/tables/${list.find((t) => t.title === name)!.id}`)) as Table;
  const [customers, orders, tags] = [await table("Customers"), await table("Orders"), await table("Tags")];
  const col = (t: Table, name: string) => t.columns.find((c) => c.title === name)!.id;
  const A = `/api/v1/db/meta/projects/${P}/automations`;
  const data = (path: string) => `/api/v1/db/data/noco/${P}/${path}`;

  // record.created, only when Balance > 100 (read from the database), writing a tag there.
  const created = await ok("POST", A, {
    title: "big customers",
    trigger: {
      type: "record.created",
      table_id: customers.id,
      condition: [{ fk_column_id: col(customers, "Balance"), comparison_op: "gt", value: "100" }],
    },
    steps: [{ type: "create_record", table_id: tags.id, fields: { Label: "vip {{record.Name}}" } }],
  });
  await ok("POST", data("Customers"), { Name: "Small", Balance: 5 });
  await ok("POST", data("Customers"), { Name: "Zed", Balance: 500 });
  const first = await runs(A, created.id, 1);
  expect(first).toHaveLength(1);
  expect(first[0]!.status, JSON.stringify(first[0])).toBe("succeeded");
  expect(first[0]!.trigger.record).toMatchObject({ Name: "Zed" });
  expect(await sample.query("SELECT label FROM tags WHERE label = 'vip Zed'")).toEqual([{ label: "vip Zed" }]);
  expect(await sample.query("SELECT label FROM tags WHERE label = 'vip Small'")).toEqual([]);

  // record.updated, only when Email changed.
  const updated = await ok("POST", A, {
    title: "email changed",
    trigger: { type: "record.updated", table_id: customers.id, fields: [col(customers, "Email")] },
    steps: [{ type: "condition", if: "{{record.Email}}" }],
  });
  await ok("PATCH", data("Customers/1"), { Name: "Ada L" });
  await ok("PATCH", data("Customers/1"), { Email: "ada@new.example.com" });
  const changed = await runs(A, updated.id, 1);
  await new Promise((r) => setTimeout(r, 500));
  expect(await runs(A, updated.id, 1)).toHaveLength(1);
  expect(changed[0]!.row_id).toBe("1");
  expect(changed[0]!.steps[0]!.input!.value).toBe("ada@new.example.com");

  // record.deleted keeps the record as it was.
  const deleted = await ok("POST", A, {
    title: "order gone",
    trigger: { type: "record.deleted", table_id: orders.id },
    steps: [{ type: "condition", if: "{{record.Note}}" }],
  });
  const order = await ok("POST", data("Orders"), { Note: "gone soon", Total: 1 });
  await ok("DELETE", data(`Orders/${order.Id}`));
  const gone = await runs(A, deleted.id, 1);
  expect(gone).toHaveLength(1);
  expect(gone[0]!.trigger.record).toMatchObject({ Note: "gone soon" });
  expect(gone[0]!.steps[0]!.input!.value).toBe("gone soon");

  // A bulk insert over 100 rows: one run per matching record, each once.
  const rows = Array.from({ length: 150 }, (_, i) => ({ Name: `bulk-${i}`, Balance: i < 120 ? 200 : 1 }));
  await ok("POST", `/api/v1/db/data/bulk/noco/${P}/Customers`, rows);
  const all = await runs(A, created.id, 121, 60_000);
  expect(all).toHaveLength(121);
  expect(new Set(all.map((r) => r.row_id)).size).toBe(121);
  expect(all.filter((r) => r.status === "succeeded")).toHaveLength(121);
  const vip = await sample.query("SELECT count(*) AS n FROM tags WHERE label LIKE 'vip bulk-%'");
  expect(Number(vip[0]!.n)).toBe(120);
}

const engines = everyEngine(PORT + 2);

for (const [engine, open] of engines) {
  const sample = await open();
  describe.skipIf(!sample)(`automations on ${engine} tables`, () => {
    afterAll(() => sample!.drop());
    it("writes through the app start record triggers; steps write into the same database", async () => {
      await scenario(sample!, `Automations ${engine}`);
    }, 180_000);
  });
}
