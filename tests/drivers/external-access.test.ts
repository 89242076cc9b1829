/**
 * Field permissions and row rules (issue 23) on external databases, through the real Worker
 * bundle against the machine's PostgreSQL and MariaDB: an editor whose row rule is
 * "Email is @me", with Balance hidden and Mood read-only, reads only their own customers without
 * Balance on every read path, and every write path refuses what the rule or the fields forbid,
 * with the database itself showing that nothing was written.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import WebSocket from "ws";
import { mysqlSample, pgSample, type SampleDb } from "../support/external-sample";
import { signedIn, startWorker } from "../support/worker-server";

vi.setConfig({ testTimeout: 60_000 });

const PORT = Number(process.env.EXT_ACCESS_PORT ?? 8932);
const M = "/api/v1/db/meta";

let server: Awaited<ReturnType<typeof startWorker>>;
let owner: Awaited<ReturnType<typeof signedIn>>;
let editor: Awaited<ReturnType<typeof signedIn>>;
let editorEmail = "";

beforeAll(async () => {
  server = await startWorker(PORT, PORT + 1);
  owner = await signedIn(server.base);
  editor = await signedIn(server.base);
  editorEmail = (await editor("GET", "/api/v1/auth/user/me")).body.email;
}, 240_000);

afterAll(() => server?.stop());

type Table = { id: string; title: string; columns: Array<{ id: string; title: string; access?: string }> };

const samples: Array<[string, () => Promise<SampleDb | null>]> = [
  ["PostgreSQL", pgSample],
  ["MariaDB", mysqlSample],
];

for (const [engine, open] of samples) {
  const sample = await open();
  describe.skipIf(!sample)(`field permissions and row rules on ${engine}`, () => {
    const db = sample!;
    const ph = (n: number) => (engine === "PostgreSQL" ? `$${n}` : "?");
    let pid = "";
    let customers: Table;
    const data = (path: string) => `/api/v1/db/data/noco/${pid}/${path}`;
    const names = (list: Array<{ Name: string }>) => list.map((r) => r.Name).sort();
    const dbNames = async () => (await db.query("SELECT name FROM customers ORDER BY name")).map((r) => r.name);

    afterAll(() => db.drop());

    beforeAll(async () => {
      const p = await owner("POST", `${M}/projects`, {
        title: `Access ${engine}`,
        external: true,
        bases: [{ type: db.config.client, config: db.config }],
      });
      expect(p.status, p.text).toBe(200);
      pid = p.body.id;
      const invite = await owner("POST", `${M}/projects/${pid}/users`, { email: editorEmail, roles: "editor" });
      expect(invite.status, invite.text).toBe(200);
      const list = (await owner("GET", `${M}/projects/${pid}/tables`)).body.list as Table[];
      customers = (await owner("GET", `${M}/tables/${list.find((t) => t.title === "Customers")!.id}`)).body;
      const col = (title: string) => customers.columns.find((c) => c.title === title)!.id;
      // Cy is the editor's customer: set in the database itself.
      await db.query(`UPDATE customers SET email = ${ph(1)} WHERE name = 'Cy'`, [editorEmail]);
      const set = await owner("PUT", `${M}/tables/${customers.id}/access`, {
        roles: {
          editor: {
            fields: { [col("Balance")]: "hidden", [col("Mood")]: "read-only" },
            row_rule: [{ fk_column_id: col("Email"), comparison_op: "eq", value: "@me" }],
          },
        },
      });
      expect(set.status, set.text).toBe(200);
    });

    it("every read path holds no hidden field and no record outside the rule", async () => {
      const list = await editor("GET", data("Customers?limit=50"));
      expect(list.status, list.text).toBe(200);
      expect(names(list.body.list)).toEqual(["Cy"]);
      expect(list.body.pageInfo.totalRows).toBe(1);
      expect(list.text).not.toContain("Balance");
      expect((await editor("GET", data("Customers/count"))).body.count).toBe(1);
      const one = await editor("GET", data("Customers/find-one?where=(Name,eq,Ada)"));
      expect(one.body).toEqual({});
      const groups = await editor("GET", data("Customers/groupby?column_name=Name"));
      expect(groups.status, groups.text).toBe(200);
      expect(groups.body.list.map((g: Record<string, unknown>) => Object.values(g)[0])).toEqual(["Cy"]);
      // A filter on the hidden field is a field the editor does not have.
      expect((await editor("GET", data("Customers?where=(Balance,gt,0)"))).status).toBe(400);
      expect((await editor("GET", data("Customers/1"))).status).toBe(404);
      const cyId = list.body.list[0].Id;
      const cy = await editor("GET", data(`Customers/${cyId}`));
      expect(cy.status, cy.text).toBe(200);
      expect(cy.body).not.toHaveProperty("Balance");
      expect(cy.body).toMatchObject({ Name: "Cy", Mood: "ok" });
      // Links from another table reach only records within the rule: Ada's orders show no customer.
      const orders = await editor("GET", data("Orders?limit=50&sort=Id"));
      expect(orders.status, orders.text).toBe(200);
      expect(orders.text).not.toContain("Ada");
      expect(orders.text).not.toContain("Bob");
      // Nested lists of a record outside the rule are not there.
      expect((await editor("GET", data("Customers/1/hm/OrdersList"))).status).toBe(404);
      const csv = await editor("GET", data("Customers/export/csv"));
      expect(csv.status, csv.text).toBe(200);
      expect(csv.text).toContain("Cy");
      expect(csv.text).not.toContain("Ada");
      expect(csv.text).not.toContain("Balance");
      // The meta the editor receives leaves Balance out and marks Mood read-only.
      const meta = (await editor("GET", `${M}/tables/${customers.id}`)).body as Table;
      expect(meta.columns.map((c) => c.title)).not.toContain("Balance");
      expect(meta.columns.find((c) => c.title === "Mood")?.access).toBe("read-only");
      // The owner still has everything.
      const all = await owner("GET", data("Customers?limit=50"));
      expect(names(all.body.list)).toEqual(["Ada", "Bob", "Cy"]);
      expect(all.body.list[0]).toHaveProperty("Balance");
    });

    it("every write path refuses hidden and read-only fields and records outside the rule", async () => {
      const cyId = (await editor("GET", data("Customers"))).body.list[0].Id;
      const hidden = await editor("PATCH", data(`Customers/${cyId}`), { Balance: 5 });
      expect(hidden.status).toBe(403);
      expect(hidden.body.msg).toContain("Balance");
      const readOnly = await editor("PATCH", data(`Customers/${cyId}`), { Mood: "sad" });
      expect(readOnly.status).toBe(403);
      expect(readOnly.body.msg).toContain("Mood");
      expect((await editor("POST", data("Customers"), { Name: "Eve", Balance: 1, Email: editorEmail })).status).toBe(
        403,
      );
      // Ada is outside the rule: not found, whatever the route.
      expect((await editor("PATCH", data("Customers/1"), { Name: "Ada!" })).status).toBe(404);
      expect((await editor("DELETE", data("Customers/1"))).status).toBe(404);
      const bulk = await editor("PATCH", `/api/v1/db/data/bulk/noco/${pid}/Customers`, [
        { Id: cyId, Name: "Cy2" },
        { Id: 1, Name: "Ada!" },
      ]);
      expect(bulk.status).toBe(404);
      const byFilter = await editor("PATCH", `/api/v1/db/data/bulk/noco/${pid}/Customers/all?where=(Name,eq,Ada)`, {
        Name: "Ada!",
      });
      expect(byFilter.status, byFilter.text).toBe(200);
      expect(await dbNames()).toEqual(["Ada", "Bob", "Cy"]);
      // An update or insert that would leave the rule is refused and rolled back on the source.
      const away = await editor("PATCH", data(`Customers/${cyId}`), { Name: "Cy moved", Email: "other@example.com" });
      expect(away.status, away.text).toBe(403);
      expect(await db.query(`SELECT email FROM customers WHERE name = 'Cy'`)).toEqual([{ email: editorEmail }]);
      const foreign = await editor("POST", data("Customers"), { Name: "Dee", Email: "dee@example.com" });
      expect(foreign.status, foreign.text).toBe(403);
      const several = await editor("POST", `/api/v1/db/data/bulk/noco/${pid}/Customers`, [
        { Name: "Mine", Email: editorEmail },
        { Name: "Theirs", Email: "x@example.com" },
      ]);
      expect(several.status, several.text).toBe(403);
      expect(await dbNames()).toEqual(["Ada", "Bob", "Cy"]);
      // Within the rule, writes work.
      const mine = await editor("POST", data("Customers"), { Name: "Mine", Email: editorEmail });
      expect(mine.status, mine.text).toBe(200);
      expect(mine.body).not.toHaveProperty("Balance");
      const renamed = await editor("PATCH", data(`Customers/${cyId}`), { Name: "Cy2" });
      expect(renamed.status, renamed.text).toBe(200);
      expect(await dbNames()).toEqual(["Ada", "Bob", "Cy2", "Mine"]);
      expect((await editor("DELETE", data(`Customers/${mine.body.Id}`))).status).toBe(200);
      expect(await dbNames()).toEqual(["Ada", "Bob", "Cy2"]);
      // Links: a record outside the rule cannot be linked from; one within it can.
      expect((await editor("POST", data("Customers/1/mm/TagsList/1"))).status).toBe(404);
      const tagged = await editor("POST", data(`Customers/${cyId}/mm/TagsList/1`));
      expect(tagged.status, tagged.text).toBe(200);
      const tags = await editor("GET", data(`Customers/${cyId}/mm/TagsList`));
      expect(tags.body.list.map((t: { Label: string }) => t.Label)).toEqual(["gold"]);
      expect(await db.query(`SELECT tag_id FROM customer_tags WHERE customer_id = 1 ORDER BY tag_id`)).toEqual([
        { tag_id: 1 },
        { tag_id: 2 },
      ]);
    });

    it("a realtime client receives no record of a change, only that the table changed", async () => {
      const ws = new WebSocket(`${server.base.replace("http", "ws")}/parties/project/${pid}`, [
        "gridbase",
        `auth.${editor.token}`,
      ]);
      const messages: string[] = [];
      ws.on("message", (m) => messages.push(String(m)));
      await new Promise((resolve, reject) => {
        ws.once("open", resolve);
        ws.once("error", reject);
      });
      try {
        expect((await owner("PATCH", data("Customers/1"), { Balance: 777 })).status).toBe(200);
        await expect
          .poll(() => messages.map((m) => JSON.parse(m) as { type: string }).find((m) => m.type === "rows"), {
            timeout: 10_000,
          })
          .toMatchObject({ type: "rows", tableId: customers.id });
        // What the change sent (the socket's own hello and presence carry a colour like #db2777).
        const told = messages.filter((m) => !["hello", "presence"].includes((JSON.parse(m) as { type: string }).type));
        expect(told.join("\n")).not.toContain("Ada");
        expect(told.join("\n")).not.toContain("777");
      } finally {
        ws.close();
      }
    });
  });
}
