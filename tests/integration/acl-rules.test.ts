import { beforeAll, describe, expect, it } from "vitest";
import { api, seedProject, seedUser, workerFetch, type TestUser } from "./support";

/**
 * The route × role walk of acl-matrix.test.ts, for field permissions and row rules (issue 23):
 * per role, every read path returns no hidden field and no record outside the rule, every write
 * path refuses them, realtime clients receive nothing they may not read, and lookups and rollups
 * never include hidden records. One project for the whole file (beforeAll).
 */
const M = "/api/v1/db/meta";

type Cols = Array<{ id: string; title: string; pk?: boolean; access?: string }>;

async function socket(projectId: string, token: string) {
  const res = await workerFetch(
    new Request(`http://localhost/parties/project/${projectId}`, {
      headers: { Upgrade: "websocket", "Sec-WebSocket-Protocol": `gridbase, auth.${token}` },
    }),
  );
  const ws = res.webSocket!;
  const messages: Array<Record<string, any>> = [];
  ws.accept();
  ws.addEventListener("message", (e) => {
    if (typeof e.data === "string" && e.data.startsWith("{")) messages.push(JSON.parse(e.data));
  });
  return { ws, messages };
}

const until = async (ok: () => boolean, what: string) => {
  for (let i = 0; i < 300 && !ok(); i++) await new Promise((r) => setTimeout(r, 10));
  if (!ok()) throw new Error(`timed out waiting for ${what}`);
};

describe("field permissions and row rules, per role and route", () => {
  const s = {} as {
    owner: TestUser;
    creator: TestUser;
    editorA: TestUser;
    editorB: TestUser;
    commenter: TestUser;
    viewer: TestUser;
    projectId: string;
    tasks: { id: string; columns: Cols };
    projects: { id: string; columns: Cols };
    ids: { a1: number; b1: number; a2: number };
    pk: string;
    pid: number;
  };
  const col = (t: { columns: Cols }, title: string) => t.columns.find((c) => c.title === title)!;
  const data = (t: string) => `/api/v1/db/data/noco/${s.projectId}/${t}`;
  const as = (u: TestUser, method: string, path: string, body?: unknown) => api(method, path, { token: u.token, body });

  beforeAll(async () => {
    const [owner, creator, editorA, editorB, commenter, viewer] = await Promise.all(
      [
        "org-level-creator",
        "org-level-viewer",
        "org-level-viewer",
        "org-level-viewer",
        "org-level-viewer",
        "org-level-viewer",
      ].map((r) => seedUser(r)),
    );
    const projectId = await seedProject([
      [owner!, "owner"],
      [creator!, "creator"],
      [editorA!, "editor"],
      [editorB!, "editor"],
      [commenter!, "commenter"],
      [viewer!, "viewer"],
    ]);
    Object.assign(s, { owner, creator, editorA, editorB, commenter, viewer, projectId });
    const make = async (table_name: string, columns: unknown[]) =>
      (await as(owner!, "POST", `${M}/projects/${projectId}/tables`, { table_name, columns })).body;
    const tasks = await make("Tasks", [
      { title: "Title" },
      { title: "Owner" },
      { title: "Secret" },
      { title: "Budget", uidt: "Number" },
      { title: "Note" },
    ]);
    const projects = await make("Projects", [{ title: "Name" }]);
    const add = async (tableId: string, body: unknown) => {
      const res = await as(owner!, "POST", `${M}/tables/${tableId}/columns`, body);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body;
    };
    await add(tasks.id, { uidt: "Formula", title: "Loud secret", formula_raw: "UPPER({Secret})" });
    await add(tasks.id, { uidt: "Formula", title: "Loud title", formula_raw: "UPPER({Title})" });
    let p = await add(projects.id, { uidt: "LinkToAnotherRecord", title: "Tasks", childId: tasks.id, type: "hm" });
    const link = col(p, "Tasks").id;
    await add(projects.id, {
      uidt: "Lookup",
      title: "Secrets",
      fk_relation_column_id: link,
      fk_lookup_column_id: col(tasks, "Secret").id,
    });
    await add(projects.id, {
      uidt: "Lookup",
      title: "Titles",
      fk_relation_column_id: link,
      fk_lookup_column_id: col(tasks, "Title").id,
    });
    await add(projects.id, {
      uidt: "Rollup",
      title: "Total",
      fk_relation_column_id: link,
      fk_rollup_column_id: col(tasks, "Budget").id,
      rollup_function: "sum",
    });
    p = await add(projects.id, {
      uidt: "Rollup",
      title: "Count",
      fk_relation_column_id: link,
      fk_rollup_column_id: col(tasks, "Title").id,
      rollup_function: "count",
    });
    s.tasks = (await as(owner!, "GET", `${M}/tables/${tasks.id}`)).body;
    s.projects = p;
    s.pk = s.tasks.columns.find((c) => c.pk)!.title;
    const rows = [
      { Title: "a1", Owner: editorA!.email, Secret: "s-a1", Budget: 10, Note: "n-a1" },
      { Title: "b1", Owner: editorB!.email, Secret: "s-b1", Budget: 200, Note: "n-b1" },
      // @me also matches the user id (a "Created by" field holds ids).
      { Title: "a2", Owner: editorA!.id, Secret: "s-a2", Budget: 300, Note: "n-a2" },
    ];
    const ins = await as(owner!, "POST", `/api/v1/db/data/bulk/noco/${projectId}/${tasks.id}`, rows);
    expect(ins.status, JSON.stringify(ins.body)).toBe(200);
    const [a1, b1, a2] = ins.body.map((r: Record<string, number>) => Number(Object.values(r)[0]));
    s.ids = { a1, b1, a2 };
    const proj = await as(owner!, "POST", data(projects.id), { Name: "P" });
    s.pid = Number(proj.body[projects.columns.find((c: { pk?: boolean }) => c.pk).title]);
    for (const id of [a1, b1, a2])
      expect((await as(owner!, "POST", `${data(projects.id)}/${s.pid}/hm/Tasks/${id}`)).status).toBe(200);
    const rule = (value: string) => [{ fk_column_id: col(s.tasks, "Owner").id, comparison_op: "eq", value }];
    const set = await as(owner!, "PUT", `${M}/tables/${tasks.id}/access`, {
      roles: {
        editor: {
          fields: { [col(s.tasks, "Secret").id]: "hidden", [col(s.tasks, "Budget").id]: "read-only" },
          row_rule: rule("@me"),
        },
        commenter: {
          fields: { [col(s.tasks, "Secret").id]: "hidden" },
          row_rule: [{ fk_column_id: col(s.tasks, "Budget").id, comparison_op: "gt", value: 100 }],
        },
        viewer: { fields: { [col(s.tasks, "Secret").id]: "hidden", [col(s.tasks, "Note").id]: "hidden" } },
      },
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
  }, 120_000);

  const titlesOf = (list: Array<Record<string, unknown>>) => list.map((r) => r.Title).sort();

  it("reads: lists, counts, find-one, read, exist, group-by and export hold no hidden field and no record outside the rule", async () => {
    const cases: Array<[keyof typeof s, string[], string[]]> = [
      ["owner", ["a1", "a2", "b1"], []],
      ["creator", ["a1", "a2", "b1"], []],
      ["editorA", ["a1", "a2"], ["Secret", "Loud secret"]],
      ["editorB", ["b1"], ["Secret", "Loud secret"]],
      ["commenter", ["a2", "b1"], ["Secret", "Loud secret"]],
      ["viewer", ["a1", "a2", "b1"], ["Secret", "Loud secret", "Note"]],
    ];
    const t = s.tasks.id;
    for (const [who, titles, hidden] of cases) {
      const u = s[who] as TestUser;
      const list = await as(u, "GET", `${data(t)}?limit=50`);
      expect(list.status, who).toBe(200);
      expect(titlesOf(list.body.list), who).toEqual(titles);
      expect(list.body.pageInfo.totalRows, who).toBe(titles.length);
      for (const row of list.body.list) for (const h of hidden) expect(row, `${who} ${h}`).not.toHaveProperty(h);
      if (!hidden.length) expect(list.body.list[0]).toHaveProperty("Loud secret");
      expect((await as(u, "GET", `${data(t)}/count`)).body.count, who).toBe(titles.length);
      const one = await as(u, "GET", `${data(t)}/find-one?sort=-Budget`);
      expect(one.body.Title, who).toBe(
        titles.includes("b1") && !titles.includes("a2") ? "b1" : titles.includes("a2") ? "a2" : titles[0],
      );
      for (const [name, id] of Object.entries(s.ids)) {
        const read = await as(u, "GET", `${data(t)}/${id}`);
        expect(read.status, `${who} read ${name}`).toBe(titles.includes(name) ? 200 : 404);
        if (read.status === 200) for (const h of hidden) expect(read.body).not.toHaveProperty(h);
        expect((await as(u, "GET", `${data(t)}/${id}/exist`)).body, `${who} exist ${name}`).toBe(titles.includes(name));
      }
      const groups = await as(u, "GET", `${data(t)}/groupby?column_name=Title`);
      expect(groups.body.list.map((g: Record<string, unknown>) => g.Title ?? Object.values(g)[0]).sort(), who).toEqual(
        titles,
      );
      const csv = await api("GET", `${data(t)}/export/csv`, { token: u.token });
      const text = String(csv.body);
      // Whole cells: a random id in the Owner column may end in "a1" too.
      const cells = new Set(text.split("\r\n").flatMap((line) => line.split(",")));
      for (const title of ["a1", "a2", "b1"])
        expect(cells.has(title), `${who} csv ${title}`).toBe(titles.includes(title));
      for (const h of hidden) expect(text.split("\r\n")[0]!.split(","), `${who} csv header`).not.toContain(h);
      if (hidden.includes("Secret")) {
        expect(text).not.toContain("s-");
        // A hidden field cannot be filtered or sorted on either: no answer may depend on it.
        expect((await as(u, "GET", `${data(t)}?where=(Secret,eq,s-b1)`)).status, who).toBe(400);
        expect((await as(u, "GET", `${data(t)}?sort=Secret`)).status, who).toBe(400);
      }
    }
  });

  it("API tokens and shared-base visitors are narrowed to their role as well", async () => {
    const t = s.tasks.id;
    const made = await as(s.editorA, "POST", `/api/v1/db/meta/projects/${s.projectId}/api-tokens`, {
      description: "rules",
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const byToken = await api("GET", `${data(t)}?limit=50`, { headers: { "xc-token": made.body.token } });
    expect(byToken.status, JSON.stringify(byToken.body)).toBe(200);
    expect(titlesOf(byToken.body.list)).toEqual(["a1", "a2"]);
    expect(JSON.stringify(byToken.body)).not.toContain("s-");
    const share = await as(s.owner, "POST", `${M}/projects/${s.projectId}/shared`, { roles: "viewer" });
    expect(share.status, JSON.stringify(share.body)).toBe(200);
    const visitor = await api("GET", `${data(t)}?limit=50`, { headers: { "xc-shared-base-id": share.body.uuid } });
    expect(visitor.status, JSON.stringify(visitor.body)).toBe(200);
    expect(titlesOf(visitor.body.list)).toEqual(["a1", "a2", "b1"]);
    for (const row of visitor.body.list)
      for (const h of ["Secret", "Note", "Loud secret"]) expect(row).not.toHaveProperty(h);
    await as(s.owner, "DELETE", `${M}/projects/${s.projectId}/shared`);
  });

  it("table meta: hidden fields are left out and read-only ones marked, per role", async () => {
    const meta = (await as(s.editorA, "GET", `${M}/tables/${s.tasks.id}`)).body as { columns: Cols };
    expect(meta.columns.map((c) => c.title)).not.toContain("Secret");
    expect(meta.columns.map((c) => c.title)).not.toContain("Loud secret");
    expect(meta.columns.find((c) => c.title === "Budget")!.access).toBe("read-only");
    const full = (await as(s.owner, "GET", `${M}/tables/${s.tasks.id}`)).body as { columns: Cols };
    expect(full.columns.map((c) => c.title)).toContain("Secret");
    expect(full.columns.find((c) => c.title === "Budget")!.access).toBeUndefined();
  });

  it("links, lookups and rollups of a role never include hidden records or hidden fields", async () => {
    const P = s.projects.id;
    const expectations: Array<[keyof typeof s, string[], number, boolean]> = [
      ["owner", ["a1", "a2", "b1"], 510, true],
      ["editorA", ["a1", "a2"], 310, false],
      ["editorB", ["b1"], 200, false],
      ["viewer", ["a1", "a2", "b1"], 510, false],
    ];
    for (const [who, titles, total, secrets] of expectations) {
      const u = s[who] as TestUser;
      const row = (await as(u, "GET", `${data(P)}/${s.pid}`)).body;
      expect(row.Titles.slice().sort(), who).toEqual(titles);
      expect(row.Tasks.map((t: Record<string, unknown>) => t.Title).sort(), who).toEqual(titles);
      expect(row.Total, who).toBe(total);
      expect(row.Count, who).toBe(titles.length);
      expect(Object.hasOwn(row, "Secrets"), who).toBe(secrets);
      const nested = await as(u, "GET", `${data(P)}/${s.pid}/hm/Tasks?limit=50`);
      expect(titlesOf(nested.body.list), who).toEqual(titles);
      if (secrets) expect(JSON.stringify(nested.body)).toContain("s-a1");
      if (!secrets) expect(JSON.stringify(nested.body)).not.toContain("s-");
      // The filter on a lookup sees the reader's records only.
      const filtered = await as(u, "GET", `${data(P)}?where=(Titles,like,b1)`);
      expect(filtered.body.list.length, who).toBe(titles.includes("b1") ? 1 : 0);
    }
  });

  it("writes: hidden and read-only fields are refused with 403 naming them, records outside the rule are not found, WITH CHECK holds", async () => {
    const t = s.tasks.id;
    const { a1, b1 } = s.ids;
    const A = s.editorA;
    const before = (await as(s.owner, "GET", `${data(t)}/${a1}`)).body;
    const hiddenWrite = await as(A, "PATCH", `${data(t)}/${a1}`, { Secret: "x", Title: "a1x" });
    expect(hiddenWrite.status).toBe(403);
    expect(hiddenWrite.body.msg).toContain("Secret");
    const readOnlyWrite = await as(A, "PATCH", `${data(t)}/${a1}`, { Budget: 1 });
    expect(readOnlyWrite.status).toBe(403);
    expect(readOnlyWrite.body.msg).toContain("Budget");
    expect((await as(A, "POST", data(t), { Title: "x", Owner: A.email, Budget: 5 })).status).toBe(403);
    expect((await as(A, "PATCH", `${data(t)}/${b1}`, { Note: "mine" })).status).toBe(404);
    expect((await as(A, "DELETE", `${data(t)}/${b1}`)).status).toBe(404);
    expect(
      (await as(A, "PATCH", `/api/v1/db/data/bulk/noco/${s.projectId}/${t}`, [{ [s.pk]: b1, Note: "mine" }])).status,
    ).toBe(404);
    expect((await as(A, "DELETE", `/api/v1/db/data/bulk/noco/${s.projectId}/${t}`, [{ [s.pk]: b1 }])).status).toBe(404);
    // WITH CHECK: a record may not be moved or created outside the rule.
    const away = await as(A, "PATCH", `${data(t)}/${a1}`, { Owner: s.editorB.email });
    expect(away.status).toBe(403);
    const foreign = await as(A, "POST", `/api/v1/db/data/bulk/noco/${s.projectId}/${t}`, [
      { Title: "ok", Owner: A.email },
      { Title: "x", Owner: s.editorB.email },
    ]);
    expect(foreign.status).toBe(403);
    expect((await as(s.owner, "GET", `${data(t)}/count`)).body.count).toBe(3);
    const after = (await as(s.owner, "GET", `${data(t)}/${a1}`)).body;
    expect(after).toEqual(before);
    // Bulk "all" touches only the reader's records.
    const all = await as(A, "PATCH", `/api/v1/db/data/bulk/noco/${s.projectId}/${t}/all`, { Note: "bulk" });
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    expect((await as(s.owner, "GET", `${data(t)}/${b1}`)).body.Note).toBe("n-b1");
    expect((await as(s.owner, "GET", `${data(t)}/${a1}`)).body.Note).toBe("bulk");
    // Links: a record outside the rule cannot be linked or unlinked.
    expect((await as(A, "DELETE", `${data(s.projects.id)}/${s.pid}/hm/Tasks/${b1}`)).status).toBe(404);
    // What the rule allows goes through.
    const mine = await as(A, "POST", data(t), { Title: "a3", Owner: A.email });
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    expect(mine.body).not.toHaveProperty("Secret");
    expect((await as(A, "DELETE", `${data(t)}/${mine.body[s.pk]}`)).status).toBe(200);
  });

  it("history carries no values of hidden fields; records outside the rule have no history for the role", async () => {
    const t = s.tasks.id;
    await as(s.owner, "PATCH", `${data(t)}/${s.ids.a2}`, { Secret: "s-a2-new", Title: "a2" });
    await as(s.owner, "PATCH", `${data(t)}/${s.ids.a2}`, { Secret: "s-a2-newer" });
    const path = (id: number) => `${M}/audits/comments?fk_model_id=${t}&row_id=${id}`;
    const mine = await as(s.editorA, "GET", path(s.ids.a2));
    expect(mine.status).toBe(200);
    expect(JSON.stringify(mine.body)).not.toContain("s-a2");
    expect(JSON.stringify((await as(s.owner, "GET", path(s.ids.a2))).body)).toContain("s-a2-newer");
    expect((await as(s.editorA, "GET", path(s.ids.b1))).status).toBe(404);
  });

  it("realtime: each socket receives only the records and fields its role may read", async () => {
    const t = s.tasks.id;
    type Sock = Awaited<ReturnType<typeof socket>>;
    const [A, B, V, O] = (await Promise.all(
      [s.editorA, s.editorB, s.viewer, s.owner].map((u) => socket(s.projectId, u.token)),
    )) as [Sock, Sock, Sock, Sock];
    const forB = await as(s.owner, "POST", data(t), {
      Title: "rt-b",
      Owner: s.editorB.email,
      Secret: "s-rt",
      Note: "n-rt",
    });
    const forA = await as(s.owner, "POST", data(t), {
      Title: "rt-a",
      Owner: s.editorA.email,
      Secret: "s-rt",
      Note: "n-rt",
    });
    const rowOf = (m: Record<string, any>, title: string) => m.type === "row" && m.row?.Title === title;
    await until(
      () => B.messages.some((m) => rowOf(m, "rt-b")) && A.messages.some((m) => rowOf(m, "rt-a")),
      "row events",
    );
    await until(
      () => V.messages.some((m) => rowOf(m, "rt-a")) && O.messages.some((m) => rowOf(m, "rt-a")),
      "row events",
    );
    expect(A.messages.some((m) => rowOf(m, "rt-b"))).toBe(false);
    expect(B.messages.some((m) => rowOf(m, "rt-a"))).toBe(false);
    for (const [who, sock, hidden] of [
      ["A", A, ["Secret", "Loud secret"]],
      ["B", B, ["Secret"]],
      ["viewer", V, ["Secret", "Note"]],
    ] as const) {
      for (const m of sock.messages.filter((x) => x.type === "row" && x.row))
        for (const h of hidden) expect(m.row, `${who} ${h}`).not.toHaveProperty(h);
      expect(JSON.stringify(sock.messages), who).not.toContain("s-rt");
    }
    expect(O.messages.find((m) => rowOf(m, "rt-a"))!.row.Secret).toBe("s-rt");
    // An update that moves a record out of a reader's rule reaches them as a delete.
    await as(s.owner, "PATCH", `${data(t)}/${forA.body[s.pk]}`, { Owner: s.editorB.email });
    await until(
      () => A.messages.some((m) => m.type === "row" && m.op === "delete" && m.rowId === String(forA.body[s.pk])),
      "a delete for A",
    );
    for (const sock of [A, B, V, O]) sock.ws.close();
    await as(s.owner, "DELETE", `${data(t)}/${forA.body[s.pk]}`);
    await as(s.owner, "DELETE", `${data(t)}/${forB.body[s.pk]}`);
  });

  it("the access routes: owners and creators read and set them; bad settings are clear 400s", async () => {
    const path = `${M}/tables/${s.tasks.id}/access`;
    const got = await as(s.creator, "GET", path);
    expect(got.status).toBe(200);
    expect(got.body.roles.editor.fields[col(s.tasks, "Secret").id]).toBe("hidden");
    expect(got.body.roles.editor.fields[col(s.tasks, "Title").id]).toBe("editable");
    expect(got.body.roles.editor.row_rule[0].value).toBe("@me");
    for (const u of [s.editorA, s.commenter, s.viewer]) {
      expect((await as(u, "GET", path)).status).toBe(403);
      expect((await as(u, "PUT", path, { roles: { editor: { fields: {} } } })).status).toBe(403);
    }
    const bad: Array<[unknown, string]> = [
      [{ roles: { owner: { fields: {} } } }, "roles.owner"],
      [{ roles: { editor: { fields: { cl_nothere: "hidden" } } } }, "cl_nothere"],
      [{ roles: { editor: { fields: { [col(s.tasks, "Title").id]: "gone" } } } }, "editable, read-only or hidden"],
      [{ roles: { editor: { fields: { [s.tasks.columns.find((c) => c.pk)!.id]: "hidden" } } } }, "primary key"],
      [
        {
          roles: {
            editor: { row_rule: [{ fk_column_id: col(s.tasks, "Loud title").id, comparison_op: "eq", value: "x" }] },
          },
        },
        "computed",
      ],
      [
        {
          roles: {
            editor: { row_rule: [{ fk_column_id: col(s.tasks, "Budget").id, comparison_op: "like", value: "x" }] },
          },
        },
        "like",
      ],
      [{ roles: "x" }, "roles"],
    ];
    for (const [body, says] of bad) {
      const res = await as(s.owner, "PUT", path, body);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.msg).toContain(says);
    }
    expect((await as(s.owner, "GET", path)).body).toEqual(got.body);
  });
});

describe("a row rule on a Created by field", () => {
  it("'Created by is @me' for editors: two editors each see and change only the records they created", async () => {
    const [owner, a, b] = (await Promise.all(
      ["org-level-creator", "org-level-viewer", "org-level-viewer"].map((r) => seedUser(r)),
    )) as [TestUser, TestUser, TestUser];
    const projectId = await seedProject([
      [owner, "owner"],
      [a, "editor"],
      [b, "editor"],
    ]);
    const table = (
      await api("POST", `${M}/projects/${projectId}/tables`, {
        token: owner.token,
        body: { table_name: "Notes", columns: [{ title: "Text" }] },
      })
    ).body;
    const withCreator = await api("POST", `${M}/tables/${table.id}/columns`, {
      token: owner.token,
      body: { uidt: "CreatedBy", title: "Creator" },
    });
    expect(withCreator.status, JSON.stringify(withCreator.body)).toBe(200);
    const creator = withCreator.body.columns.find((c: { title: string }) => c.title === "Creator");
    const set = await api("PUT", `${M}/tables/${table.id}/access`, {
      token: owner.token,
      body: { roles: { editor: { row_rule: [{ fk_column_id: creator.id, comparison_op: "eq", value: "@me" }] } } },
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const data = `/api/v1/db/data/noco/${projectId}/${table.id}`;
    const mine = {
      a: await api("POST", data, { token: a.token, body: { Text: "from a" } }),
      b: await api("POST", data, { token: b.token, body: { Text: "from b" } }),
    };
    expect(mine.a.status, JSON.stringify(mine.a.body)).toBe(200);
    const pk = table.columns.find((c: { pk?: boolean }) => c.pk).title;
    for (const [u, own, other] of [
      [a, "from a", mine.b],
      [b, "from b", mine.a],
    ] as const) {
      const list = (await api("GET", data, { token: u.token })).body.list;
      expect(list.map((r: { Text: string }) => r.Text)).toEqual([own]);
      expect(
        (await api("PATCH", `${data}/${other.body[pk]}`, { token: u.token, body: { Text: "taken" } })).status,
      ).toBe(404);
    }
    expect((await api("GET", `${data}/count`, { token: owner.token })).body.count).toBe(2);
  });
});
