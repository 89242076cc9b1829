import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import worker from "../../functions/index";
import { describe, expect, it } from "vitest";
import { api, seedProject, seedUser, workerFetch, type TestUser, formStartHeader } from "./support";

/** Sharing views (contract 4.5) and the public shared-view routes (contract 6), as a visitor sees them. */
const M = "/api/v1/db/meta";
const P = "/api/v1/db/public/shared-view";
const call = (user: TestUser, method: string, path: string, body?: unknown) =>
  api(method, path, { token: user.token, body });
const visit = (path: string, password?: string) =>
  api("GET", path, { headers: password === undefined ? {} : { "xc-password": password } });

async function setup() {
  const [owner, editor] = await Promise.all([seedUser("org-level-creator"), seedUser("org-level-viewer")]);
  const projectId = await seedProject([
    [owner, "owner"],
    [editor, "editor"],
  ]);
  const table = await call(owner, "POST", `${M}/projects/${projectId}/tables`, {
    table_name: "Leads",
    columns: [
      { title: "Name", uidt: "SingleLineText" },
      { title: "Status", uidt: "SingleSelect", colOptions: { options: [{ title: "New" }, { title: "Won" }] } },
      { title: "Secret", uidt: "SingleLineText" },
      { title: "Files", uidt: "Attachment" },
    ],
  });
  expect(table.status, JSON.stringify(table.body)).toBe(200);
  const col = Object.fromEntries(
    table.body.columns.map((c: { title: string; id: string }) => [c.title, c.id]),
  ) as Record<string, string>;
  const rows = [
    { Name: "a", Status: "New", Secret: "s1" },
    { Name: "b", Status: "Won", Secret: "s2" },
  ];
  expect((await call(owner, "POST", `/api/v1/db/data/bulk/noco/${projectId}/Leads`, rows)).status).toBe(200);
  const views = await call(owner, "GET", `${M}/tables/${table.body.id}/views`);
  const grid = views.body.list[0].id as string;
  const form = await call(owner, "POST", `${M}/tables/${table.body.id}/forms`, { title: "Apply" });
  const kanban = await call(owner, "POST", `${M}/tables/${table.body.id}/kanbans`, {
    title: "Board",
    fk_grp_col_id: col.Status,
  });
  return {
    owner,
    editor,
    projectId,
    tableId: table.body.id as string,
    col,
    grid,
    form: form.body.id as string,
    kanban: kanban.body.id as string,
  };
}
type Setup = Awaited<ReturnType<typeof setup>>;

async function share(s: Setup, viewId: string, patch?: unknown) {
  const res = await call(s.owner, "POST", `${M}/views/${viewId}/share`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  if (patch) expect((await call(s.owner, "PATCH", `${M}/views/${viewId}/share`, patch)).status).toBe(200);
  return res.body.uuid as string;
}

async function hideColumn(s: Setup, viewId: string, columnId: string) {
  const cols = await call(s.owner, "GET", `${M}/views/${viewId}/columns`);
  const vc = cols.body.list.find((x: { fk_column_id: string }) => x.fk_column_id === columnId);
  expect((await call(s.owner, "PATCH", `${M}/views/${viewId}/columns/${vc.id}`, { show: false })).status).toBe(200);
}

async function submit(
  uuid: string,
  data: unknown,
  files: Array<[string, File]> = [],
  headers: Record<string, string> = {},
) {
  const body = new FormData();
  body.set("data", JSON.stringify(data));
  for (const [name, file] of files) body.append(name, file);
  const all = { ...(await formStartHeader(uuid)), ...headers };
  return workerFetch(new Request(`http://localhost${P}/${uuid}/rows`, { method: "POST", body, headers: all }));
}

describe("sharing a view (contract 4.5)", () => {
  it("shares once with a uuid and CSV download on, keeps the password out of every answer, lists and unshares", async () => {
    const s = await setup();
    const first = await call(s.owner, "POST", `${M}/views/${s.grid}/share`);
    expect(first.body).toMatchObject({ id: s.grid, password: null, meta: { allowCSVDownload: true } });
    expect(first.body.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect((await call(s.owner, "POST", `${M}/views/${s.grid}/share`)).body.uuid).toBe(first.body.uuid);

    const patched = await call(s.owner, "PATCH", `${M}/views/${s.grid}/share`, {
      password: "open sesame",
      meta: { rtl: true, theme: { primaryColor: "#123456" } },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({
      password: null,
      password_protected: true,
      meta: { allowCSVDownload: true, rtl: true, theme: { primaryColor: "#123456" } },
    });
    expect(JSON.stringify(patched.body)).not.toContain("open sesame");
    expect(JSON.stringify(patched.body)).not.toContain("pbkdf2");

    const list = await call(s.editor, "GET", `${M}/tables/${s.tableId}/share`);
    expect(list.body.list.map((v: { id: string }) => v.id)).toEqual([s.grid]);
    expect(JSON.stringify(list.body)).not.toContain("pbkdf2");

    expect((await call(s.owner, "DELETE", `${M}/views/${s.grid}/share`)).body).toBe(true);
    expect((await visit(`${P}/${first.body.uuid}/meta`, "open sesame")).status).toBe(404);
    expect((await call(s.owner, "GET", `${M}/tables/${s.tableId}/share`)).body.list).toEqual([]);
    // Shared again: a new link, the old one stays dead.
    const again = await call(s.owner, "POST", `${M}/views/${s.grid}/share`);
    expect(again.body.uuid).not.toBe(first.body.uuid);
    expect((await visit(`${P}/${first.body.uuid}/meta`)).status).toBe(404);
  });

  it("refuses editors, bad options and unknown views", async () => {
    const s = await setup();
    expect((await call(s.editor, "POST", `${M}/views/${s.grid}/share`)).status).toBe(403);
    expect(
      (await call(s.owner, "PATCH", `${M}/views/${s.grid}/share`, { meta: { theme: { primaryColor: "red;}" } } }))
        .status,
    ).toBe(400);
    expect((await call(s.owner, "PATCH", `${M}/views/${s.grid}/share`, { meta: { nope: 1 } })).status).toBe(400);
    expect((await api("POST", `${M}/views/${s.grid}/share`)).status).toBe(401);
  });
});

describe("public shared views (contract 6)", () => {
  it("answers the meta without hidden columns or the password, and 404 for an unknown uuid", async () => {
    const s = await setup();
    await hideColumn(s, s.grid, s.col.Secret!);
    const uuid = await share(s, s.grid);
    const meta = await visit(`${P}/${uuid}/meta`);
    expect(meta.status).toBe(200);
    expect(meta.body).toMatchObject({
      id: s.grid,
      uuid,
      client: "sqlite3",
      filter: { is_group: true },
      meta: { allowCSVDownload: true },
    });
    const titles = meta.body.model.columns.map((c: { title: string }) => c.title);
    expect(titles).toEqual(expect.arrayContaining(["Name", "Status"]));
    expect(titles).not.toContain("Secret");
    expect(meta.body).not.toHaveProperty("password");
    const missing = await visit(`${P}/00000000-0000-4000-8000-000000000000/meta`);
    expect(missing).toMatchObject({ status: 404, body: { msg: "Not found" } });
  });

  it("serves the meta from the edge cache until the view, its fields or its share change", async () => {
    const s = await setup();
    const uuid = await share(s, s.grid);
    const miss = await visit(`${P}/${uuid}/meta`);
    expect(miss.headers.get("x-gridbase-cache")).toBe("miss");
    await new Promise((r) => setTimeout(r, 200));
    expect((await visit(`${P}/${uuid}/meta`)).headers.get("x-gridbase-cache")).toBe("hit");
    await hideColumn(s, s.grid, s.col.Status!);
    const changed = await visit(`${P}/${uuid}/meta`);
    expect(changed.headers.get("x-gridbase-cache")).toBe("miss");
    expect(changed.body.model.columns.map((c: { title: string }) => c.title)).not.toContain("Status");
    await call(s.owner, "PATCH", `${M}/views/${s.grid}/share`, { meta: { rtl: true } });
    const reshared = await visit(`${P}/${uuid}/meta`);
    expect(reshared.body.meta.rtl).toBe(true);
    // With a password: never cached publicly.
    await call(s.owner, "PATCH", `${M}/views/${s.grid}/share`, { password: "pw-123456" });
    const locked = await visit(`${P}/${uuid}/meta`, "pw-123456");
    expect(locked.headers.get("cache-control")).toBe("private, no-store");
    expect(locked.headers.get("x-gridbase-cache")).toBe("bypass");
  });

  it("a field added after sharing starts hidden in the shared view, shown in the others (issue 42)", async () => {
    const s = await setup();
    const uuid = await share(s, s.grid);
    const added = await call(s.owner, "POST", `${M}/tables/${s.tableId}/columns`, {
      title: "Made by",
      uidt: "CreatedBy",
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const meta = await visit(`${P}/${uuid}/meta`);
    const shown = (meta.body.model.columns as Array<{ title: string; show?: boolean }>).filter((c) => c.show);
    expect(shown.map((c) => c.title)).not.toContain("Made by");
    const rows = await visit(`${P}/${uuid}/rows`);
    expect(Object.keys(rows.body.list[0])).not.toContain("Made by");
    // The unshared kanban shows it, as every view showed a new field before.
    const cols = await call(s.owner, "GET", `${M}/views/${s.kanban}/columns`);
    const made = added.body.columns.find((c: { title: string }) => c.title === "Made by").id;
    expect(cols.body.list.find((c: { fk_column_id: string }) => c.fk_column_id === made).show).toBeTruthy();
  });

  it("asks for the password on every route, 403 when wrong, and limits wrong guesses (429)", async () => {
    const s = await setup();
    const uuid = await share(s, s.grid, { password: "right-pass" });
    for (const path of ["meta", "rows", `group/${s.col.Status}`, "rows/export/csv"]) {
      expect(await visit(`${P}/${uuid}/${path}`), path).toMatchObject({
        status: 403,
        body: { msg: "INVALID_SHARED_VIEW_PASSWORD" },
      });
    }
    expect((await visit(`${P}/${uuid}/rows`, "right-pass")).status).toBe(200);
    let last = 0;
    for (let i = 0; i < 12; i++) last = (await visit(`${P}/${uuid}/meta`, `wrong-${i}`)).status;
    expect(last).toBe(429);
    const limited = await visit(`${P}/${uuid}/meta`, "right-pass");
    expect(limited.status).toBe(429);
    expect(limited.body.msg).toMatch(/Too many/);
    // The visitor is told when to try again (seconds to the end of the one-minute window).
    const wait = Number(limited.headers.get("retry-after"));
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
  });

  it("lists rows through the view (hidden fields left out), groups them, and refuses rows of a form", async () => {
    const s = await setup();
    await hideColumn(s, s.grid, s.col.Secret!);
    const uuid = await share(s, s.grid);
    const rows = await visit(`${P}/${uuid}/rows`);
    expect(rows.status).toBe(200);
    expect(rows.body.pageInfo.totalRows).toBe(2);
    expect(rows.body.list.map((r: { Name: string }) => r.Name)).toEqual(["a", "b"]);
    expect(JSON.stringify(rows.body)).not.toContain("s1");
    const groups = await visit(`${P}/${uuid}/group/${s.col.Status}`);
    expect(groups.status).toBe(200);
    expect(groups.body.find((g: { key: string }) => g.key === "Won").value.list[0].Name).toBe("b");

    const formUuid = await share(s, s.form);
    expect(await visit(`${P}/${formUuid}/rows`)).toMatchObject({ status: 404, body: { msg: "Not found" } });
    expect((await visit(`${P}/${formUuid}/group/${s.col.Status}`)).status).toBe(404);
    expect((await visit(`${P}/${formUuid}/rows/export/csv`)).status).toBe(404);
    const kanbanUuid = await share(s, s.kanban);
    expect((await visit(`${P}/${kanbanUuid}/group/${s.col.Status}`)).status).toBe(200);
  });

  it("exports CSV only while the share allows it", async () => {
    const s = await setup();
    const uuid = await share(s, s.grid);
    const csv = await visit(`${P}/${uuid}/rows/export/csv`);
    expect(csv.status).toBe(200);
    expect(String(csv.body)).toContain("Name");
    await call(s.owner, "PATCH", `${M}/views/${s.grid}/share`, { meta: { allowCSVDownload: false } });
    expect((await visit(`${P}/${uuid}/rows/export/csv`)).status).toBe(403);
    expect((await visit(`${P}/${uuid}/rows/export/excel`)).status).toBe(403);
  });

  it("takes a form submission with a file, keeping only the form's shown fields", async () => {
    const s = await setup();
    await hideColumn(s, s.form, s.col.Secret!);
    const uuid = await share(s, s.form);
    const file = new File([new TextEncoder().encode("hello world")], "note.txt", { type: "text/plain" });
    const res = await submit(uuid, { Name: "from form", Secret: "injected" }, [["_Files", file]]);
    const body = (await res.json()) as Record<string, unknown>;
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.Name).toBe("from form");
    const stored = await call(s.owner, "GET", `/api/v1/db/data/noco/${s.projectId}/Leads?where=(Name,eq,from form)`);
    const row = stored.body.list[0];
    expect(row.Secret).toBeNull();
    expect(row.Files[0]).toMatchObject({ title: "note.txt", mimetype: "text/plain", size: 11 });
    expect(row.Files[0].path).toMatch(/^download\/noco\//);
  });

  it("refuses a submission to a grid (404), a wrong password (403), bad data and files for other fields (400)", async () => {
    const s = await setup();
    const gridUuid = await share(s, s.grid);
    expect((await submit(gridUuid, { Name: "x" })).status).toBe(404);
    expect((await submit("no-such-uuid", { Name: "x" })).status).toBe(404);
    const uuid = await share(s, s.form, { password: "form-pass" });
    const denied = await submit(uuid, { Name: "x" });
    expect(denied.status).toBe(403);
    expect(await denied.json()).toEqual({ msg: "INVALID_SHARED_VIEW_PASSWORD" });
    const headers = { "xc-password": "form-pass" };
    const bad = new FormData();
    bad.set("data", "{not json");
    const badRes = await workerFetch(
      new Request(`http://localhost${P}/${uuid}/rows`, { method: "POST", body: bad, headers }),
    );
    expect(badRes.status).toBe(400);
    const wrongField = await submit(
      uuid,
      { Name: "x" },
      [["_Name", new File(["x"], "a.txt", { type: "text/plain" })]],
      headers,
    );
    expect(wrongField.status).toBe(400);
    expect(((await wrongField.json()) as { msg: string }).msg).toMatch(/not a file field/);
    // Visitors never upload programs, whatever the instance lets members do.
    const program = await submit(uuid, { Name: "x" }, [["_Files", new File(["MZ.."], "setup.exe")]], headers);
    expect(program.status).toBe(400);
    expect(((await program.json()) as { msg: string }).msg).toBe(
      "setup.exe: programs and scripts (.exe) cannot be attached",
    );
    const count = await call(s.owner, "GET", `/api/v1/db/data/noco/${s.projectId}/Leads/count`);
    expect(count.body.count).toBe(2);
  });

  it("applies the form's required rules", async () => {
    const s = await setup();
    const cols = await call(s.owner, "GET", `${M}/forms/${s.form}`);
    const name = cols.body.columns.find((c: { fk_column_id: string }) => c.fk_column_id === s.col.Name);
    expect((await call(s.owner, "PATCH", `${M}/form-columns/${name.id}`, { required: true })).status).toBe(200);
    const uuid = await share(s, s.form);
    const res = await submit(uuid, { Status: "New" });
    expect(res.status).toBe(400);
  });
});

describe("links through a shared view (contract 6: nested, hm/mm)", () => {
  async function linked() {
    const s = await setup();
    const people = await call(s.owner, "POST", `${M}/projects/${s.projectId}/tables`, {
      table_name: "People",
      columns: [
        { title: "Who", uidt: "SingleLineText" },
        { title: "Salary", uidt: "Number" },
      ],
    });
    expect(
      (
        await call(s.owner, "POST", `/api/v1/db/data/bulk/noco/${s.projectId}/People`, [
          { Who: "Pat", Salary: 1 },
          { Who: "Sam", Salary: 2 },
        ])
      ).status,
    ).toBe(200);
    const added = await call(s.owner, "POST", `${M}/tables/${s.tableId}/columns`, {
      uidt: "LinkToAnotherRecord",
      title: "Contacts",
      parentId: s.tableId,
      childId: people.body.id,
      type: "mm",
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const contacts = added.body.columns.find((c: { title: string }) => c.title === "Contacts").id as string;
    expect((await call(s.owner, "POST", `/api/v1/db/data/noco/${s.projectId}/Leads/1/mm/Contacts/1`)).status).toBe(200);
    return { ...s, contacts };
  }

  it("offers the link picker's candidates (display value and key only) for a form, 400 for a column the view does not show", async () => {
    const s = await linked();
    const uuid = await share(s, s.form);
    const res = await visit(`${P}/${uuid}/nested/${s.contacts}?where=${encodeURIComponent("(Who,like,%Sa%)")}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.list.map((r: { Who: string }) => r.Who)).toEqual(["Sam"]);
    expect(JSON.stringify(res.body)).not.toContain("Salary");
    expect((await visit(`${P}/${uuid}/nested/${s.contacts}?where=${encodeURIComponent("(Salary,gt,1)")}`)).status).toBe(
      400,
    );
    expect(
      (await visit(`${P}/${uuid}/nested/${s.contacts}?where=${encodeURIComponent("(Who,like,x)~or(Salary,gt,1)")}`))
        .status,
    ).toBe(400);
    expect((await visit(`${P}/${uuid}/nested/${s.col.Name}`)).body).toEqual({
      msg: "Column doesn't belongs to the model",
    });
    const gridUuid = await share(s, s.grid);
    expect((await visit(`${P}/${gridUuid}/nested/${s.contacts}`)).status).toBe(404);
  });

  it("lists a shown row's linked records, 404 for a row the view does not show", async () => {
    const s = await linked();
    const uuid = await share(s, s.grid);
    const res = await visit(`${P}/${uuid}/rows/1/mm/${s.contacts}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.list.map((r: { Who: string }) => r.Who)).toEqual(["Pat"]);
    expect((await visit(`${P}/${uuid}/rows/999/mm/${s.contacts}`)).status).toBe(404);
    expect((await visit(`${P}/${uuid}/rows/1/mm/${s.col.Name}`)).status).toBe(400);
    expect((await visit(`${P}/${uuid}/rows/1/xx/${s.contacts}`)).status).toBe(400);
    const formUuid = await share(s, s.form);
    expect((await visit(`${P}/${formUuid}/rows/1/mm/${s.contacts}`)).status).toBe(404);
  });
});

describe("a visitor filters only on what the view shows", () => {
  it("refuses a where on a hidden field (rows, group, export) and a picker search beyond the display value", async () => {
    const s = await setup();
    await hideColumn(s, s.grid, s.col.Secret!);
    const uuid = await share(s, s.grid);
    const q = encodeURIComponent("(Secret,eq,s1)");
    for (const path of [`rows?where=${q}`, `group/${s.col.Status}?where=${q}`, `rows/export/csv?where=${q}`]) {
      const res = await visit(`${P}/${uuid}/${path}`);
      expect(res.status, path).toBe(400);
      expect(res.body.msg).toMatch(/not a field of this shared view/);
    }
    const ok = await visit(`${P}/${uuid}/rows?where=${encodeURIComponent("(Name,eq,b)")}`);
    expect(ok.body.list.map((r: { Name: string }) => r.Name)).toEqual(["b"]);
  });
});

describe("limits per client address outside local mode (CF-Connecting-IP)", () => {
  const prod = { ...env, MODE: "", JWT_SECRET: "jwt-test-secret", ATTACHMENT_SECRET: "attachment-test-secret" };
  async function run(r: Request) {
    const ctx = createExecutionContext();
    const res = await worker.fetch(r, prod, ctx);
    await waitOnExecutionContext(ctx);
    return res;
  }
  const from = (ip: string, path: string, init: RequestInit = {}) =>
    run(
      new Request(`http://localhost${path}`, {
        ...init,
        headers: { ...(init.headers as Record<string, string>), "CF-Connecting-IP": ip },
      }),
    );

  it("limits wrong passwords per share and address: another address is not locked out", async () => {
    const s = await setup();
    const uuid = await share(s, s.grid, { password: "right-pass" });
    let last = 0;
    for (let i = 0; i < 12; i++)
      last = (await from("203.0.113.7", `${P}/${uuid}/meta`, { headers: { "xc-password": `bad-${i}` } })).status;
    expect(last).toBe(429);
    expect((await from("203.0.113.7", `${P}/${uuid}/meta`, { headers: { "xc-password": "right-pass" } })).status).toBe(
      429,
    );
    expect((await from("198.51.100.9", `${P}/${uuid}/meta`, { headers: { "xc-password": "right-pass" } })).status).toBe(
      200,
    );
  });

  it("limits form submissions per address", async () => {
    const s = await setup();
    const uuid = await share(s, s.form);
    const send = async (ip: string, i: number) => {
      const body = new FormData();
      body.set("data", JSON.stringify({ Name: `n${i}` }));
      return from(ip, `${P}/${uuid}/rows`, { method: "POST", body, headers: await formStartHeader(uuid, prod) });
    };
    // The limit counts in fixed one-minute windows: start the 31 submissions with room in this one,
    // so a slow machine does not cross into the next window half-way (and start counting again).
    const left = 60_000 - (Date.now() % 60_000);
    if (left < 30_000) await new Promise((r) => setTimeout(r, left + 100));
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await send("203.0.113.8", i)).status);
    expect(statuses.slice(0, 30).every((x) => x === 200)).toBe(true);
    const refused = await send("203.0.113.8", 99);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { msg: string }).msg).toMatch(/Too many submissions/);
    expect((await send("198.51.100.10", 100)).status).toBe(200);
  }, 90_000);
});
