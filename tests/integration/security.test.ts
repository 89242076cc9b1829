/**
 * Regression tests of the security and reliability probe (issue 13): titles that reach a
 * prototype, formula references on field delete, selects made from dtxp, oversize input,
 * comments on rows that do not exist, security headers and mailed links without SITE_URL.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { app } from "../../functions/app";
import { api, seedProject, seedUser, type TestUser } from "./support";

const M = "/api/v1/db/meta";

async function setup() {
  const owner = await seedUser("org-level-creator");
  const projectId = await seedProject([[owner, "owner"]]);
  const table = await api("POST", `${M}/projects/${projectId}/tables`, {
    token: owner.token,
    body: {
      table_name: "Notes",
      columns: [
        { title: "Title", uidt: "SingleLineText" },
        { title: "Body", uidt: "LongText" },
        { title: "Qty", uidt: "Number" },
      ],
    },
  });
  expect(table.status, JSON.stringify(table.body)).toBe(200);
  const rows = `/api/v1/db/data/noco/${projectId}/Notes`;
  return {
    owner,
    projectId,
    table: table.body as { id: string; columns: Array<{ id: string; title: string }>; views: Array<{ id: string }> },
    rows,
  };
}

const addColumn = (owner: TestUser, tableId: string, body: unknown) =>
  api("POST", `${M}/tables/${tableId}/columns`, { token: owner.token, body });

describe("titles that would reach a prototype (item 1)", () => {
  it("refuses __proto__, prototype, constructor and control characters in table and field titles; the table keeps working", async () => {
    const { owner, projectId, table, rows } = await setup();
    for (const title of ["__proto__", "prototype", "constructor"]) {
      const col = await addColumn(owner, table.id, { title, uidt: "SingleLineText" });
      expect(col.status).toBe(400);
      expect(col.body).toEqual({ msg: `Column name '${title}' is reserved; choose another name` });
      const t = await api("POST", `${M}/projects/${projectId}/tables`, {
        token: owner.token,
        body: { table_name: title },
      });
      expect(t.status).toBe(400);
      expect(t.body.msg).toBe(`Table name '${title}' is reserved; choose another name`);
    }
    for (const title of ["a\u0000b", "line\nbreak", "cr\rhere"]) {
      expect((await addColumn(owner, table.id, { title, uidt: "SingleLineText" })).body.msg).toMatch(
        /control characters/,
      );
    }
    const rename = await api("PATCH", `${M}/columns/${table.columns.find((c) => c.title === "Body")!.id}`, {
      token: owner.token,
      body: { title: "__proto__", uidt: "LongText" },
    });
    expect(rename.status).toBe(400);
    const made = await api("POST", rows, { token: owner.token, body: '{"Title":"a","__proto__":{"polluted":true}}' });
    expect(made.status).toBe(200);
    const list = await api("GET", rows, { token: owner.token });
    expect(list.status).toBe(200);
    expect(list.body.list[0].Title).toBe("a");
    expect(list.body.list[0].polluted).toBeUndefined();
  });
});

describe("formula references (item 2)", () => {
  it("refuses to delete a field a formula uses, naming the formula; the table keeps answering", async () => {
    const { owner, table, rows } = await setup();
    const qty = table.columns.find((c) => c.title === "Qty")!;
    expect(
      (await addColumn(owner, table.id, { uidt: "Formula", title: "Double", formula_raw: "{Qty} * 2" })).status,
    ).toBe(200);
    expect(
      (await addColumn(owner, table.id, { uidt: "Formula", title: "Label", formula_raw: "CONCAT({Title}, Qty)" }))
        .status,
    ).toBe(200);
    const del = await api("DELETE", `${M}/columns/${qty.id}`, { token: owner.token });
    expect(del.status).toBe(400);
    expect(del.body).toEqual({ msg: "Qty is used by Double, Label; delete those first" });
    expect((await api("POST", rows, { token: owner.token, body: { Title: "x", Qty: 3 } })).status).toBe(200);
    const list = await api("GET", rows, { token: owner.token });
    expect(list.status).toBe(200);
    expect(list.body.list[0]).toMatchObject({ Double: 6, Label: "x3" });
    // Once the formulas are gone, the field can go.
    const cols = (await api("GET", `${M}/tables/${table.id}`, { token: owner.token })).body.columns as Array<{
      id: string;
      title: string;
    }>;
    for (const f of ["Double", "Label"])
      expect(
        (await api("DELETE", `${M}/columns/${cols.find((c) => c.title === f)!.id}`, { token: owner.token })).status,
      ).toBe(200);
    expect((await api("DELETE", `${M}/columns/${qty.id}`, { token: owner.token })).status).toBe(200);
    expect((await api("GET", rows, { token: owner.token })).status).toBe(200);
  });
});

describe("selects created with dtxp (contract 4.3)", () => {
  it("take their options from dtxp with the default palette when colOptions are missing", async () => {
    const { owner, table, rows } = await setup();
    const single = await addColumn(owner, table.id, { title: "Status", uidt: "SingleSelect", dtxp: "'Todo','Done'" });
    expect(single.status, JSON.stringify(single.body)).toBe(200);
    const multi = await addColumn(owner, table.id, { title: "Tags", uidt: "MultiSelect", dtxp: "red,green" });
    expect(multi.status, JSON.stringify(multi.body)).toBe(200);
    const status = (
      multi.body.columns as Array<{ title: string; colOptions: { options: Array<{ title: string; color: string }> } }>
    ).find((c) => c.title === "Status")!;
    expect(status.colOptions.options.map((o) => [o.title, o.color])).toEqual([
      ["Todo", "#cfdffe"],
      ["Done", "#d0f1fd"],
    ]);
    const made = await api("POST", rows, {
      token: owner.token,
      body: { Title: "t", Status: "Done", Tags: "red,green" },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body).toMatchObject({ Status: "Done", Tags: "red,green" });
    const bad = await addColumn(owner, table.id, { title: "Dup", uidt: "SingleSelect", dtxp: "'a','a'" });
    expect(bad.status).toBe(400);
  });
});

describe("oversize input (item 8)", () => {
  it("refuses 3 MB and 20 MB texts with a 4xx naming the limit, and stores nothing", async () => {
    const { owner, rows } = await setup();
    const three = await api("POST", rows, {
      token: owner.token,
      body: { Title: "big", Body: "a".repeat(3 * 1024 * 1024) },
    });
    expect(three.status).toBe(400);
    expect(three.body.msg).toMatch(/^Body: a value may be at most 1000000 bytes/);
    const twenty = await api("POST", rows, {
      token: owner.token,
      body: { Title: "huge", Body: "a".repeat(20 * 1024 * 1024) },
    });
    expect(twenty.status).toBe(413);
    expect(twenty.body).toEqual({ msg: "The request body exceeds the limit of 10 MB" });
    // Two values under the value limit that together pass the row limit.
    const row = await api("POST", rows, {
      token: owner.token,
      body: { Title: "é".repeat(450_000), Body: "b".repeat(950_000) },
    });
    expect(row.status).toBe(400);
    expect(row.body.msg).toMatch(/^A row may hold at most 1800000 bytes/);
    expect((await api("GET", rows, { token: owner.token })).body.list).toEqual([]);
  });

  it("refuses a 5 MB meta and a 5 MB filter value with 400", async () => {
    const { owner, table } = await setup();
    const big = "m".repeat(5 * 1024 * 1024);
    const meta = await addColumn(owner, table.id, { title: "M", uidt: "SingleLineText", meta: { note: big } });
    expect(meta.status).toBe(400);
    expect(meta.body).toEqual({ msg: "meta is larger than 64 KB" });
    const cdf = await addColumn(owner, table.id, { title: "D", uidt: "LongText", cdf: big });
    expect(cdf.status).toBe(400);
    expect(cdf.body).toEqual({ msg: "Default value exceeds 65536 characters" });
    const formula = await addColumn(owner, table.id, { title: "F", uidt: "Formula", formula_raw: `'${big}'` });
    expect(formula.status).toBe(400);
    expect(formula.body).toEqual({ msg: "formula_raw exceeds 65536 characters" });
    const tableMeta = await api("PATCH", `${M}/tables/${table.id}`, {
      token: owner.token,
      body: { meta: { note: big } },
    });
    expect(tableMeta.status).toBe(400);
    expect(tableMeta.body.msg).toMatch(/meta is larger than 64 KB/);
    const filter = await api("POST", `${M}/views/${table.views[0]!.id}/filters`, {
      token: owner.token,
      body: { fk_column_id: table.columns.find((c) => c.title === "Title")!.id, comparison_op: "eq", value: big },
    });
    expect(filter.status).toBe(400);
    expect(filter.body).toEqual({ msg: "value: may be at most 10000 characters" });
  });

  it("caps formula text: REPT('a', 2147483647) reads as 100,000 characters and the table keeps answering", async () => {
    const { owner, table, rows } = await setup();
    expect(
      (await addColumn(owner, table.id, { uidt: "Formula", title: "Huge", formula_raw: "REPT('a', 2147483647)" }))
        .status,
    ).toBe(200);
    expect(
      (
        await addColumn(owner, table.id, {
          uidt: "Formula",
          title: "Nested",
          formula_raw: "REPT(REPT({Title}, 100000), 100000)",
        })
      ).status,
    ).toBe(200);
    expect((await api("POST", rows, { token: owner.token, body: { Title: "xy" } })).status).toBe(200);
    const list = await api("GET", rows, { token: owner.token });
    expect(list.status, JSON.stringify(list.body).slice(0, 200)).toBe(200);
    expect(list.body.list[0].Huge).toHaveLength(100_000);
    expect(list.body.list[0].Nested).toHaveLength(100_000);
  });

  it("refuses, with nothing half-written, a formula or a row whose formula result the database cannot hold", async () => {
    const { owner, table, rows } = await setup();
    const TOO_BIG = { msg: "A value is larger than the database accepts (2 MB)" };
    // A row written before the formula: the formula is refused when made, and not kept.
    expect(
      (await api("POST", rows, { token: owner.token, body: { Title: "t".repeat(850_000), Body: "b".repeat(850_000) } }))
        .status,
    ).toBe(200);
    const joined = await addColumn(owner, table.id, {
      uidt: "Formula",
      title: "Joined",
      formula_raw: "CONCAT({Title}, {Body}, {Body})",
    });
    expect(joined.status).toBe(400);
    expect(joined.body).toEqual(TOO_BIG);
    const cols = (await api("GET", `${M}/tables/${table.id}`, { token: owner.token })).body.columns as Array<{
      title: string;
    }>;
    expect(cols.map((c) => c.title)).not.toContain("Joined");
    expect((await api("GET", rows, { token: owner.token })).status).toBe(200);
    // A formula made first: the row that would overflow it is refused and not stored.
    expect((await api("DELETE", `${rows}/1`, { token: owner.token })).status).toBe(200);
    const second = await addColumn(owner, table.id, {
      uidt: "Formula",
      title: "Joined",
      formula_raw: "CONCAT({Title}, {Body}, {Body})",
    });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    const made = await api("POST", rows, {
      token: owner.token,
      body: { Title: "t".repeat(850_000), Body: "b".repeat(850_000) },
    });
    expect(made.status).toBe(400);
    expect(made.body).toEqual(TOO_BIG);
    expect((await api("GET", `${rows}/count`, { token: owner.token })).body.count).toBe(0);
    expect((await api("GET", rows, { token: owner.token })).status).toBe(200);
  });

  it("refuses JSON nested 100,000 levels with 400, on any route", async () => {
    const { owner, rows } = await setup();
    const deep = `${"[".repeat(100_000)}${"]".repeat(100_000)}`;
    for (const path of [rows, `${M}/projects`]) {
      const res = await api("POST", path, { token: owner.token, body: deep });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ msg: "JSON nested deeper than 64 levels is not accepted" });
    }
  });

  it("refuses a body streamed without a length once it passes the limit", async () => {
    const chunk = new Uint8Array(1024 * 1024).fill(97);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 12) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const req = new Request("http://localhost/api/v1/auth/user/signin", {
      method: "POST",
      body: stream,
      headers: { "content-type": "application/json" },
    });
    const res = await app.fetch(req, env);
    expect(res.status).toBe(413);
    expect(sent).toBeLessThan(13);
  });
});

describe("comments (item 8)", () => {
  it("are refused on rows and tables that do not exist, and over 10,000 characters with a message saying so", async () => {
    const { owner, table, rows } = await setup();
    const id = (await api("POST", rows, { token: owner.token, body: { Title: "r" } })).body.Id;
    const post = (body: unknown) => api("POST", `${M}/audits/comments`, { token: owner.token, body });
    expect((await post({ fk_model_id: table.id, row_id: id, description: "ok" })).status).toBe(200);
    const noRow = await post({ fk_model_id: table.id, row_id: 999_999, description: "ghost" });
    expect(noRow.status).toBe(404);
    expect(noRow.body).toEqual({ msg: "Row not found" });
    // A column's id is known to the project but names no table.
    const noTable = await post({ fk_model_id: table.columns[0]!.id, row_id: id, description: "ghost" });
    expect(noTable.status).toBe(404);
    expect(noTable.body).toEqual({ msg: "Table not found" });
    const long = await post({ fk_model_id: table.id, row_id: id, description: "c".repeat(10_001) });
    expect(long.status).toBe(400);
    expect(long.body).toEqual({ msg: "description: a comment may be at most 10000 characters" });
    const list = await api("GET", `${M}/audits/comments?fk_model_id=${table.id}&row_id=${id}&comments_only=true`, {
      token: owner.token,
    });
    expect(list.body.list).toHaveLength(1);
  });
});

describe("security headers (item 9)", () => {
  it("are on every Worker answer; no-store on answers that carry tokens; HSTS over https", async () => {
    const owner = await seedUser("org-level-creator");
    for (const res of [
      await api("GET", "/api/v1/health"),
      await api("POST", "/api/v1/tokens", { token: owner.token, body: {} }),
      await api("GET", "/api/v1/nothing-here"),
    ]) {
      expect(res.headers.get("Content-Security-Policy")).toBe(
        "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
      );
      expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(res.headers.get("Referrer-Policy")).toBe("no-referrer");
      expect(res.headers.get("Cache-Control")).toBe("no-store");
      expect(res.headers.get("Strict-Transport-Security")).toBeNull();
    }
    const secure = await app.fetch(new Request("https://grid.example.com/api/v1/health"), env);
    expect(secure.headers.get("Strict-Transport-Security")).toBe("max-age=31536000; includeSubDomains");
  });
});

describe("mailed links outside local mode (item 4)", () => {
  it("refuse to send without SITE_URL, before looking anything up, and use SITE_URL, never the Host, when set", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const deployed = { ...env, MODE: "", JWT_SECRET: "z".repeat(32) };
    const forgot = (e: typeof deployed, host: string) =>
      app.fetch(
        new Request(`http://${host}/api/v1/auth/password/forgot`, {
          method: "POST",
          headers: { "content-type": "application/json", "CF-Connecting-IP": "10.3.3.3" },
          body: JSON.stringify({ email: "someone@example.com" }),
        }),
        e,
      );
    const refused = await forgot(deployed, "evil.example");
    expect(refused.status).toBe(500);
    expect(await refused.json()).toEqual({
      msg: "This server cannot send links by e-mail: SITE_URL is not configured",
    });
    errors.mockRestore();

    const email = `sited.${Date.now()}@example.com`;
    const signup = await app.fetch(
      new Request("http://x/api/v1/auth/user/signup", {
        method: "POST",
        headers: { "content-type": "application/json", "CF-Connecting-IP": "10.3.3.4" },
        body: JSON.stringify({ email, password: "Sturdy-Passphrase-42" }),
      }),
      deployed,
    );
    expect(signup.status).toBe(200);
    // Without a mail provider the message is kept in the outbox; its link must name SITE_URL.
    const withSite = { ...deployed, SITE_URL: "https://grid.example.com/" };
    const res = await app.fetch(
      new Request("http://evil.example/api/v1/auth/password/forgot", {
        method: "POST",
        headers: { "content-type": "application/json", "CF-Connecting-IP": "10.3.3.5" },
        body: JSON.stringify({ email }),
      }),
      withSite,
    );
    expect(res.status).toBe(200);
    const mail = await env.META.prepare("SELECT link FROM outbox WHERE to_email = ? ORDER BY id DESC")
      .bind(email)
      .first<{ link: string }>();
    expect(mail?.link).toMatch(/^https:\/\/grid\.example\.com\/auth\/password\/reset\//);
  });
});
