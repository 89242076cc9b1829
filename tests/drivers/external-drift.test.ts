/**
 * An external database's schema changed behind the app's back (issue 42 items 13 and 16), through
 * the real Worker bundle (wrangler dev) on the machine's PostgreSQL and MariaDB:
 * - a column dropped in the database: the next list works (the room synced the meta on the
 *   database's refusal and read again) and the field is gone; a write naming a dropped column is
 *   answered 409 naming it, writes nothing, and the meta is synced so the person can try again;
 * - a column added in the database appears after the scheduled sync (EXTERNAL_SYNC_MINUTES set to
 *   3 seconds here), not before;
 * - fields added through the app or found by a sync start hidden in a view with a public link:
 *   the visitor's rows do not carry them, the builder's do;
 * - each driver's own refusal for a missing column or table (PostgreSQL, MariaDB, sqld) is
 *   recognised as drift by its dialect, naming what is missing.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseSourceConfig } from "../../db/external/config";
import { driftOf } from "../../db/external/drift";
import { openDriver } from "../../db/external/open-driver";
import { mysqlSample, pgSample, sqldSample, type SampleDb } from "../support/external-sample";
import { signedIn, startWorker } from "../support/worker-server";

const PORT = Number(process.env.EXT_DRIFT_PORT ?? 8884);
const SQLD_PORT = Number(process.env.EXT_DRIFT_SQLD_PORT ?? 8886);
const SYNC_SECONDS = 3;

let server: Awaited<ReturnType<typeof startWorker>>;
let api: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  server = await startWorker(PORT, PORT + 1, [`EXTERNAL_SYNC_MINUTES:${SYNC_SECONDS / 60}`]);
  api = await signedIn(server.base);
}, 240_000);

afterAll(() => server?.stop());

type Table = { id: string; title: string; columns: Array<{ title: string }> };

async function tableNamed(pid: string, title: string): Promise<Table> {
  const list = (await api("GET", `/api/v1/db/meta/projects/${pid}/tables`)).body.list as Table[];
  const id = list.find((t) => t.title === title)!.id;
  return (await api("GET", `/api/v1/db/meta/tables/${id}`)).body as Table;
}

const fieldsOf = async (pid: string, title: string) => (await tableNamed(pid, title)).columns.map((c) => c.title);

async function visitorRowKeys(uuid: string): Promise<string[]> {
  const res = await fetch(`${server.base}/api/v1/db/public/shared-view/${uuid}/rows`);
  expect(res.status).toBe(200);
  const body = (await res.json()) as { list: Array<Record<string, unknown>> };
  expect(body.list.length).toBeGreaterThan(0);
  return Object.keys(body.list[0]!);
}

function driftCases(engine: string, open: () => Promise<SampleDb | null>, text: string) {
  describe(`${engine}`, () => {
    let sample: SampleDb | null = null;
    let pid = "";
    const data = (path: string) => `/api/v1/db/data/noco/${pid}/${path}`;

    beforeAll(async () => {
      // Opened here, once the Worker is up, not while the files are being collected: a busy
      // machine's collection once outlasted the driver's 10 s connect timeout.
      sample = await open();
      if (!sample) return;
      const res = await api("POST", "/api/v1/db/meta/projects", {
        title: `Drift ${engine}`,
        external: true,
        bases: [{ type: sample.config.client, config: sample.config }],
      });
      expect(res.status, res.text).toBe(200);
      pid = res.body.id;
    }, 60_000);

    afterAll(() => sample?.drop());

    it("is drift as the driver refuses it", async (ctx) => {
      if (!sample) return ctx.skip();
      await refusalsOf(sample);
    });

    it("a dropped column: a write naming it is refused with a clear 409, the next list works without it", async (ctx) => {
      if (!sample) return ctx.skip();
      // A manual sync first: the scheduled one is not due during this test.
      expect((await api("POST", `/api/v1/db/meta/projects/${pid}/meta-diff`)).status).toBe(200);
      await sample.query("ALTER TABLE customers DROP COLUMN email");
      const before = await sample.query("SELECT COUNT(*) AS n FROM customers");
      const write = await api("POST", data("Customers"), { Name: "Dee", Email: "dee@example.com" });
      expect(write.status, write.text).toBe(409);
      expect(write.body.msg).toMatch(/schema changed outside the app: the column "email" no longer exists/);
      expect(await sample.query("SELECT COUNT(*) AS n FROM customers")).toEqual(before);
      // Synced on the refusal: the field is gone and the same record without it is stored.
      expect(await fieldsOf(pid, "Customers")).not.toContain("Email");
      const again = await api("POST", data("Customers"), { Name: "Dee" });
      expect(again.status, again.text).toBe(200);

      await sample.query("ALTER TABLE orders DROP COLUMN note");
      const page = await api("GET", data("Orders?limit=5"));
      expect(page.status, page.text).toBe(200);
      expect(page.body.list).toHaveLength(3);
      expect(Object.keys(page.body.list[0])).not.toContain("Note");
      expect(await fieldsOf(pid, "Orders")).not.toContain("Note");
    });

    it("fields added through the app or by the scheduled sync start hidden in a shared view", async (ctx) => {
      if (!sample) return ctx.skip();
      const tags = await tableNamed(pid, "Tags");
      const grid = (await api("GET", `/api/v1/db/meta/tables/${tags.id}/views`)).body.list[0] as { id: string };
      const shared = await api("POST", `/api/v1/db/meta/views/${grid.id}/share`);
      expect(shared.status, shared.text).toBe(200);
      const uuid = shared.body.uuid as string;

      const added = await api("POST", `/api/v1/db/meta/tables/${tags.id}/columns`, {
        column_name: "secret",
        title: "Secret",
        uidt: "SingleLineText",
      });
      expect(added.status, added.text).toBe(200);
      await sample.query(`ALTER TABLE tags ADD COLUMN colour ${text}`);
      // The app's own change read the schema just now: the database is not read again yet.
      const early = await api("GET", data("Tags?limit=5"));
      expect(Object.keys(early.body.list[0])).toContain("Secret");
      expect(Object.keys(early.body.list[0])).not.toContain("Colour");
      await sleep(SYNC_SECONDS * 1000 + 200);
      const page = await api("GET", data("Tags?limit=5"));
      expect(page.status, page.text).toBe(200);
      expect(Object.keys(page.body.list[0])).toEqual(expect.arrayContaining(["Label", "Secret", "Colour"]));
      expect(await fieldsOf(pid, "Tags")).toContain("Colour");

      const seen = await visitorRowKeys(uuid);
      expect(seen).toContain("Label");
      expect(seen).not.toContain("Secret");
      expect(seen).not.toContain("Colour");
    });
  });
}

/** The driver's refusals of a missing column and a missing table, as drift.ts reads them. */
async function refusalsOf(sample: SampleDb) {
  const driver = await openDriver(parseSourceConfig(sample.config, true));
  const drift = (sql: string) =>
    driver.query(sql).then(
      () => null,
      (err: unknown) => driftOf(driver.dialect, err)?.missing ?? null,
    );
  try {
    expect(await drift("SELECT nope FROM customers")).toEqual({ kind: "column", name: "nope" });
    expect(await drift("SELECT id FROM nope_table")).toEqual({ kind: "table", name: "nope_table" });
    expect(await drift("SELECT 1 FROM customers WHERE 1 = ")).toBeNull();
  } finally {
    await driver.close();
  }
}

describe("a missing column or table, as each driver refuses it", () => {
  it("is drift on sqld", async (ctx) => {
    const sample = await sqldSample(SQLD_PORT);
    if (!sample) return ctx.skip();
    try {
      await refusalsOf(sample);
    } finally {
      await sample.drop();
    }
  });
});

driftCases("PostgreSQL", pgSample, "varchar(20)");
driftCases("MariaDB", mysqlSample, "varchar(20)");
