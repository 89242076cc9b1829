import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { read, utils } from "xlsx";
import { FAKE_TURNSTILE_PASS, FAKE_TURNSTILE_SECRET } from "../support/fake-turnstile";
import { api, seedProject, seedUser, workerFetch, type TestUser, formStartHeader } from "./support";

/** Issue 22's share controls and gate (expiry, embedding, who may submit, spam) and issue 19's gaps (xlsx, view delete, atomic links). */
const M = "/api/v1/db/meta";
const P = "/api/v1/db/public/shared-view";
const call = (user: TestUser, method: string, path: string, body?: unknown) =>
  api(method, path, { token: user.token, body });
const visit = (path: string) => api("GET", path);

async function setup() {
  const [owner, editor, outsider, admin] = await Promise.all([
    seedUser("org-level-creator"),
    seedUser("org-level-viewer"),
    seedUser("org-level-viewer"),
    seedUser("super"),
  ]);
  const projectId = await seedProject([
    [owner, "owner"],
    [editor, "editor"],
  ]);
  const table = await call(owner, "POST", `${M}/projects/${projectId}/tables`, {
    table_name: "Leads",
    columns: [
      { title: "Name", uidt: "SingleLineText" },
      { title: "Amount", uidt: "Number" },
    ],
  });
  expect(table.status, JSON.stringify(table.body)).toBe(200);
  expect(
    (
      await call(owner, "POST", `/api/v1/db/data/bulk/noco/${projectId}/Leads`, [
        { Name: "a, b", Amount: 12 },
        { Name: "=1+1", Amount: 3 },
      ])
    ).status,
  ).toBe(200);
  const people = await call(owner, "POST", `${M}/projects/${projectId}/tables`, {
    table_name: "People",
    columns: [{ title: "Who", uidt: "SingleLineText" }],
  });
  expect((await call(owner, "POST", `/api/v1/db/data/bulk/noco/${projectId}/People`, [{ Who: "Pat" }])).status).toBe(
    200,
  );
  const link = await call(owner, "POST", `${M}/tables/${table.body.id}/columns`, {
    uidt: "LinkToAnotherRecord",
    title: "Contacts",
    parentId: table.body.id,
    childId: people.body.id,
    type: "mm",
  });
  expect(link.status, JSON.stringify(link.body)).toBe(200);
  const views = await call(owner, "GET", `${M}/tables/${table.body.id}/views`);
  const contacts = link.body.columns.find((c: { title: string }) => c.title === "Contacts").id as string;
  return {
    owner,
    editor,
    outsider,
    admin,
    projectId,
    tableId: table.body.id as string,
    peopleId: people.body.id as string,
    who: people.body.columns.find((c: { title: string }) => c.title === "Who").id as string,
    contacts,
    grid: views.body.list[0].id as string,
  };
}
type Setup = Awaited<ReturnType<typeof setup>>;
let s: Setup;
beforeAll(async () => {
  s = await setup();
});

/** A new form view, shared with the given options. */
async function sharedForm(meta: Record<string, unknown> = {}) {
  const form = await call(s.owner, "POST", `${M}/tables/${s.tableId}/forms`, {
    title: `F ${crypto.randomUUID().slice(0, 8)}`,
  });
  const shared = await call(s.owner, "POST", `${M}/views/${form.body.id}/share`);
  if (Object.keys(meta).length) {
    const patched = await call(s.owner, "PATCH", `${M}/views/${form.body.id}/share`, { meta });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
  }
  return { viewId: form.body.id as string, uuid: shared.body.uuid as string };
}

/**
 * A submission as the page sends it; with a start token of ten seconds ago unless `parts` has one.
 * `token` is a session (xc-auth), or an API token when given as `{ api }`.
 */
async function submit(
  uuid: string,
  data: unknown,
  parts: Record<string, string> = {},
  token?: string | { api: string },
) {
  const body = new FormData();
  body.set("data", JSON.stringify(data));
  for (const [k, v] of Object.entries(parts)) body.set(k, v);
  const start = "gb_start" in parts ? {} : await formStartHeader(uuid);
  const res = await workerFetch(
    new Request(`http://localhost${P}/${uuid}/rows`, {
      method: "POST",
      body,
      headers: {
        ...start,
        ...(typeof token === "string" ? { "xc-auth": token } : token ? { "xc-token": token.api } : {}),
      },
    }),
  );
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const count = async (where: string) =>
  (await call(s.owner, "GET", `/api/v1/db/data/noco/${s.projectId}/Leads/count?where=${encodeURIComponent(where)}`))
    .body.count as number;

describe("who may submit a shared form", () => {
  it("anyone by default; signed-in only refuses visitors (401) and records who sent it", async () => {
    const open = await sharedForm();
    expect((await submit(open.uuid, { Name: "anon" })).status).toBe(200);

    // A "Created by" field names the signed-in submitter (the room stamps it from the caller).
    const sender = await call(s.owner, "POST", `${M}/tables/${s.tableId}/columns`, {
      title: "Sender",
      uidt: "CreatedBy",
    });
    expect(sender.status, JSON.stringify(sender.body)).toBe(200);
    const f = await sharedForm({ submitAccess: "signedIn" });
    expect(await submit(f.uuid, { Name: "nobody" })).toEqual({
      status: 401,
      body: { msg: "Sign in to submit this form" },
    });
    const sent = await submit(f.uuid, { Name: "by outsider" }, {}, s.outsider.token);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const history = await call(s.owner, "GET", `${M}/audits/comments?fk_model_id=${s.tableId}&row_id=${sent.body.Id}`);
    expect(history.body.list.map((e: { user: string }) => e.user)).toContain(s.outsider.email);
    const row = await call(s.owner, "GET", `/api/v1/db/data/noco/${s.projectId}/Leads/${sent.body.Id}`);
    expect(row.body.Sender?.email).toBe(s.outsider.email);
    expect(await count("(Name,eq,nobody)")).toBe(0);
  });

  it("members only: a signed-in outsider gets 403, a member and the super admin may", async () => {
    const f = await sharedForm({ submitAccess: "members" });
    expect((await submit(f.uuid, { Name: "m0" })).status).toBe(401);
    expect(await submit(f.uuid, { Name: "m1" }, {}, s.outsider.token)).toEqual({
      status: 403,
      body: { msg: "Only members of this project may submit this form" },
    });
    expect((await submit(f.uuid, { Name: "m2" }, {}, s.editor.token)).status).toBe(200);
    expect((await submit(f.uuid, { Name: "m3" }, {}, s.admin.token)).status).toBe(200);
    expect(await count("(Name,like,m%)")).toBe(2);
    // A member's API token submits as the member only within its scope and projects (issue 41).
    const tokenOf = async (body: Record<string, unknown>) =>
      ({ api: (await call(s.editor, "POST", "/api/v1/tokens", body)).body.token as string }) as const;
    const read = await submit(f.uuid, { Name: "zt1" }, {}, await tokenOf({ scope: "read" }));
    expect(read.status).toBe(403);
    expect(read.body.msg).toMatch(/^This API token is read-only/);
    expect((await submit(f.uuid, { Name: "zt2" }, {}, await tokenOf({ scope: "records" }))).status).toBe(200);
    expect(await count("(Name,like,zt%)")).toBe(1);
    expect(
      (await call(s.owner, "PATCH", `${M}/views/${f.viewId}/share`, { meta: { submitAccess: "friends" } })).status,
    ).toBe(400);
  });
});

describe("spam protection of a shared form", () => {
  it("refuses a filled honeypot, a submission without a start token or sooner than the minimum fill time", async () => {
    const f = await sharedForm({ minFillSeconds: 1 });
    expect(await submit(f.uuid, { Name: "bot1" }, { gb_hp: "http://spam.example" })).toEqual({
      status: 400,
      body: { msg: "The submission was refused as spam" },
    });
    expect((await submit(f.uuid, { Name: "bot2" }, { gb_start: "" })).body.msg).toMatch(/start token is missing/);
    const meta = await visit(`${P}/${f.uuid}/meta`);
    const start = meta.body.form_start as string;
    expect(start).toMatch(/^\d+\.[\w-]+\.[\w-]+$/);
    expect((await submit(f.uuid, { Name: "bot3" }, { gb_start: start })).body.msg).toMatch(/too quickly/);
    const [at] = start.split(".");
    expect(
      (await submit(f.uuid, { Name: "bot4" }, { gb_start: start.replace(/^\d+/, String(Number(at) - 60_000)) })).body
        .msg,
    ).toMatch(/not valid/);
    // Another form's token is not this one's.
    const other = await sharedForm({ minFillSeconds: 1 });
    const otherStart = (await visit(`${P}/${other.uuid}/meta`)).body.form_start as string;
    await new Promise((r) => setTimeout(r, 1100));
    expect((await submit(f.uuid, { Name: "bot5" }, { gb_start: otherStart })).status).toBe(400);
    // The meta is cached at the edge, the token is not: each read gets its own.
    expect((await visit(`${P}/${f.uuid}/meta`)).body.form_start).not.toBe(start);
    const human = await submit(f.uuid, { Name: "human" }, { gb_start: start, gb_hp: "" });
    expect(human.status, JSON.stringify(human.body)).toBe(200);
    expect(await count("(Name,like,bot%)")).toBe(0);
  });

  it("asks for Turnstile while it is set in the app store, verified at the (loopback) verify endpoint", async () => {
    const put = await call(s.admin, "PUT", "/api/v1/apps/turnstile", {
      siteKey: "site-key-1",
      secretKey: FAKE_TURNSTILE_SECRET,
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    try {
      expect(JSON.stringify((await call(s.admin, "GET", "/api/v1/apps")).body)).not.toContain(FAKE_TURNSTILE_SECRET);
      const f = await sharedForm();
      expect((await visit(`${P}/${f.uuid}/meta`)).body.turnstile_site_key).toBe("site-key-1");
      expect((await submit(f.uuid, { Name: "t1" })).status).toBe(403);
      expect(await submit(f.uuid, { Name: "t2" }, { "cf-turnstile-response": "made-up" })).toEqual({
        status: 403,
        body: { msg: "The spam check (Turnstile) failed, please try again" },
      });
      const token = `${FAKE_TURNSTILE_PASS}-${crypto.randomUUID()}`;
      expect((await submit(f.uuid, { Name: "t3" }, { "cf-turnstile-response": token })).status).toBe(200);
      const last = (await (await fetch(`${env.FAKE_TURNSTILE_URL}/last`)).json()) as Record<string, string>;
      expect(last).toEqual({ secret: FAKE_TURNSTILE_SECRET, response: token });
      // A widget answer is good once.
      expect((await submit(f.uuid, { Name: "t4" }, { "cf-turnstile-response": token })).status).toBe(403);
      expect(await count("(Name,like,t%)")).toBe(1);
    } finally {
      expect((await call(s.admin, "DELETE", "/api/v1/apps/turnstile")).status).toBe(200);
    }
  });
});

describe("share controls", () => {
  it("an expired link answers 410 on every public route; a later expiry or none opens it again", async () => {
    const grid = await call(s.owner, "POST", `${M}/tables/${s.tableId}/grids`, { title: "Expiring" });
    const uuid = (await call(s.owner, "POST", `${M}/views/${grid.body.id}/share`)).body.uuid as string;
    const past = new Date(Date.now() - 1000).toISOString();
    const patched = await call(s.owner, "PATCH", `${M}/views/${grid.body.id}/share`, { meta: { expiresAt: past } });
    expect(patched.body.meta.expiresAt).toBe(past);
    for (const path of ["meta", "rows", "rows/export/csv"])
      expect(await visit(`${P}/${uuid}/${path}`), path).toMatchObject({
        status: 410,
        body: { msg: "SHARED_VIEW_EXPIRED" },
      });
    const f = await sharedForm({ expiresAt: past });
    expect((await submit(f.uuid, { Name: "late" })).status).toBe(410);
    await call(s.owner, "PATCH", `${M}/views/${grid.body.id}/share`, {
      meta: { expiresAt: new Date(Date.now() + 3600_000).toISOString() },
    });
    expect((await visit(`${P}/${uuid}/rows`)).status).toBe(200);
    await call(s.owner, "PATCH", `${M}/views/${grid.body.id}/share`, { meta: { expiresAt: null } });
    expect((await visit(`${P}/${uuid}/meta`)).status).toBe(200);
    const bad = await call(s.owner, "PATCH", `${M}/views/${grid.body.id}/share`, {
      meta: { expiresAt: "next tuesday" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/expiresAt/);
  });

  it("frames the visitor's page only in this site until embedding is on, then in the listed sites", async () => {
    const f = await sharedForm();
    const frame = async () =>
      /frame-ancestors ([^;]+)/.exec(
        (await visit(`/nc/form/${f.uuid}`)).headers.get("content-security-policy") ?? "",
      )?.[1];
    expect(await frame()).toBe("'self'");
    await call(s.owner, "PATCH", `${M}/views/${f.viewId}/share`, { meta: { allowEmbed: true } });
    expect(await frame()).toBe("*");
    await call(s.owner, "PATCH", `${M}/views/${f.viewId}/share`, {
      meta: { embedOrigins: ["https://blog.example.com", "https://*.example.org"] },
    });
    expect(await frame()).toBe("'self' https://blog.example.com https://*.example.org");
    const bad = await call(s.owner, "PATCH", `${M}/views/${f.viewId}/share`, {
      meta: { embedOrigins: ["https://x.example; script-src *"] },
    });
    expect(bad.status).toBe(400);
    expect(await frame()).toBe("'self' https://blog.example.com https://*.example.org");
  });

  it("answers a real .xlsx for the Excel download, while downloads are allowed", async () => {
    const uuid = (await call(s.owner, "POST", `${M}/views/${s.grid}/share`)).body.uuid as string;
    const res = await workerFetch(new Request(`http://localhost${P}/${uuid}/rows/export/excel`));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(res.headers.get("content-disposition")).toMatch(/\.xlsx"$/);
    const book = read(new Uint8Array(await res.arrayBuffer()), { type: "array" });
    const rows = utils.sheet_to_json<Record<string, unknown>>(book.Sheets[book.SheetNames[0]!]!);
    expect(rows.map((r) => [r.Name, r.Amount])).toEqual(
      expect.arrayContaining([
        ["a, b", 12],
        ["=1+1", 3],
      ]),
    );
    await call(s.owner, "PATCH", `${M}/views/${s.grid}/share`, { meta: { allowCSVDownload: false } });
    expect((await visit(`${P}/${uuid}/rows/export/excel`)).status).toBe(403);
  });

  it("deleting a view kills its link at once; restoring it from the trash brings the same link back; a purge drops it", async () => {
    const grid = await call(s.owner, "POST", `${M}/tables/${s.tableId}/grids`, { title: "Doomed" });
    const uuid = (await call(s.owner, "POST", `${M}/views/${grid.body.id}/share`)).body.uuid as string;
    expect((await visit(`${P}/${uuid}/meta`)).status).toBe(200);
    expect((await call(s.owner, "DELETE", `${M}/views/${grid.body.id}`)).status).toBe(200);
    expect(await visit(`${P}/${uuid}/meta`)).toMatchObject({ status: 404, body: { msg: "Not found" } });
    // Kept (issue 35) while the view is in the trash, so a restore gives the link back.
    expect(
      await env.META.prepare("SELECT count(*) AS n FROM shared_views WHERE view_id = ?").bind(grid.body.id).first("n"),
    ).toBe(1);
    const trash = `${M}/projects/${s.projectId}/trash`;
    const entry = (
      (await call(s.owner, "GET", `${trash}?type=view`)).body.list as Array<{ id: string; title: string }>
    ).find((e) => e.title === "Doomed")!;
    expect((await call(s.owner, "POST", `${trash}/${entry.id}/restore`)).status).toBe(200);
    expect((await visit(`${P}/${uuid}/meta`)).status).toBe(200);
    // Deleted again and purged: the link's row leaves D1 (after the answer).
    expect((await call(s.owner, "DELETE", `${M}/views/${grid.body.id}`)).status).toBe(200);
    const again = (
      (await call(s.owner, "GET", `${trash}?type=view`)).body.list as Array<{ id: string; title: string }>
    ).find((e) => e.title === "Doomed")!;
    expect((await call(s.owner, "DELETE", `${trash}/${again.id}`)).status).toBe(200);
    const shareRows = () =>
      env.META.prepare("SELECT count(*) AS n FROM shared_views WHERE view_id = ?").bind(grid.body.id).first("n");
    for (let i = 0; i < 50 && (await shareRows()) !== 0; i++) await new Promise((r) => setTimeout(r, 50));
    expect(await shareRows()).toBe(0);
    expect(await visit(`${P}/${uuid}/meta`)).toMatchObject({ status: 404 });
  });
});

describe("links in a form submission", () => {
  /** A shared form showing the Contacts link (a new form leaves link fields out). */
  async function formWithLinks() {
    const f = await sharedForm();
    const cols = await call(s.owner, "GET", `${M}/views/${f.viewId}/columns`);
    const contacts = cols.body.list.find((x: { fk_column_id: string }) => x.fk_column_id === s.contacts);
    expect((await call(s.owner, "PATCH", `${M}/views/${f.viewId}/columns/${contacts.id}`, { show: true })).status).toBe(
      200,
    );
    return f;
  }

  it("are written with the record in one transaction: a bad link leaves no record", async () => {
    const f = await formWithLinks();
    const bad = await submit(f.uuid, { Name: "half", Contacts: [{ Id: 999 }] });
    expect(bad.status, JSON.stringify(bad.body)).toBeGreaterThanOrEqual(400);
    expect(bad.status).toBeLessThan(500);
    expect(await count("(Name,eq,half)")).toBe(0);
    const good = await submit(f.uuid, { Name: "whole", Contacts: [{ Id: 1 }] });
    expect(good.status, JSON.stringify(good.body)).toBe(200);
    const linked = await call(s.owner, "GET", `/api/v1/db/data/noco/${s.projectId}/Leads/${good.body.Id}/mm/Contacts`);
    expect(linked.body.list.map((r: { Who: string }) => r.Who)).toEqual(["Pat"]);
  });

  it("name only records the form's picker offers: a hidden record is refused exactly like a missing one (N5)", async () => {
    const f = await formWithLinks();
    const P2 = `/api/v1/db/data/noco/${s.projectId}/People`;
    const hidden = await call(s.owner, "POST", P2, { Who: "Hidden" });
    expect(hidden.status).toBe(200);
    const access = (row_rule: unknown) =>
      call(s.owner, "PUT", `${M}/tables/${s.peopleId}/access`, { roles: { viewer: { row_rule } } });
    expect((await access([{ fk_column_id: s.who, comparison_op: "neq", value: "Hidden" }])).status).toBe(200);
    try {
      // The picker does not offer it...
      const picker = await api("GET", `${P}/${f.uuid}/nested/${s.contacts}`);
      expect(picker.body.list.map((r: { Who: string }) => r.Who)).not.toContain("Hidden");
      // ...so a submission naming it is refused, with the answer a record that does not exist gets.
      const named = await submit(f.uuid, { Name: "peek", Contacts: [{ Id: hidden.body.Id }] });
      const absent = await submit(f.uuid, { Name: "peek", Contacts: [{ Id: 9999 }] });
      expect(named.status, JSON.stringify(named.body)).toBe(400);
      expect(absent.status).toBe(400);
      expect(named.body.msg).toBe(`Contacts: record "${hidden.body.Id}" is not one this form offers`);
      expect(absent.body.msg).toBe(String(named.body.msg).replace(String(hidden.body.Id), "9999"));
      expect(await count("(Name,eq,peek)")).toBe(0);
      // An offered record still links.
      expect((await submit(f.uuid, { Name: "fine", Contacts: [{ Id: 1 }] })).status).toBe(200);
    } finally {
      expect((await access(null)).status).toBe(200);
    }
  });
});
