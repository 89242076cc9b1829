import { describe, expect, it } from "vitest";
import { api, seedProject, seedUser } from "./support";
import { connect } from "./sockets";

async function setup() {
  const owner = await seedUser("org-level-creator");
  const viewer = await seedUser("org-level-viewer");
  const stranger = await seedUser("org-level-creator");
  const projectId = await seedProject([
    [owner, "owner"],
    [viewer, "viewer"],
  ]);
  await api("POST", `/api/v1/db/meta/projects/${projectId}/tables`, {
    token: owner.token,
    body: { table_name: "Notes" },
  });
  return { owner, viewer, stranger, projectId };
}

describe("realtime room", () => {
  it("refuses sockets without project access", async () => {
    const { projectId, stranger } = await setup();
    expect(await connect(projectId, "")).toMatchObject({ status: 401 });
    expect(await connect(projectId, "", stranger.token)).toMatchObject({ status: 403 });
    expect(await connect(projectId, "", "not-a-jwt")).toMatchObject({ status: 403 });
  });

  it("takes the session token from the subprotocol only, never from the URL", async () => {
    const { projectId, owner } = await setup();
    // A token in the query string would be written to request logs: it is not looked at.
    expect(await connect(projectId, `?token=${owner.token}`)).toMatchObject({ status: 401 });
    const ok = (await connect(projectId, "", owner.token)) as any;
    expect(ok.status).toBe(101);
    expect((await ok.next("hello")).you.userId).toBe(owner.id);
    ok.ws.close();
  });

  it("broadcasts committed row changes to every member tab, with presence", async () => {
    const { projectId, owner, viewer } = await setup();
    const a = (await connect(projectId, "", owner.token)) as any;
    const b = (await connect(projectId, "", viewer.token)) as any;
    expect(a.status).toBe(101);
    await a.next("hello");
    // E-mails only to those who may list the members (the owner); the viewer sees names.
    const presence = await b.next("presence", (m: any) => m.users.length === 2);
    expect(presence.users.map((u: { userId: string }) => u.userId).sort()).toEqual([owner.id, viewer.id].sort());
    expect(presence.users.every((u: { name: string }) => u.name)).toBe(true);
    expect(JSON.stringify(presence)).not.toContain("@");
    const full = await a.next("presence", (m: any) => m.users.length === 2);
    expect(full.users.map((u: { email: string }) => u.email).sort()).toEqual([owner.email, viewer.email].sort());

    const T = `/api/v1/db/data/noco/${projectId}/Notes`;
    const created = await api("POST", T, { token: owner.token, body: { Title: "hello" } });
    const seen = await b.next("row", (m: any) => m.op === "insert");
    expect(seen).toMatchObject({ row: { Id: created.body.Id, Title: "hello" }, by: { email: owner.email } });
    await api("PATCH", `${T}/${created.body.Id}`, { token: owner.token, body: { Title: "edited" } });
    expect(await a.next("row", (m: any) => m.op === "update")).toMatchObject({
      row: { Title: "edited" },
      changed: ["Title"],
    });
    // A "Last modified by" field: the update event carries who changed the row.
    const notesMeta = (
      await api("GET", `/api/v1/db/meta/projects/${projectId}/tables`, { token: owner.token })
    ).body.list.find((t: any) => t.title === "Notes");
    await api("POST", `/api/v1/db/meta/tables/${notesMeta.id}/columns`, {
      token: owner.token,
      body: { title: "Changed by", column_name: "changed_by", uidt: "LastModifiedBy" },
    });
    await b.next("schema");
    await api("PATCH", `${T}/${created.body.Id}`, { token: owner.token, body: { Title: "again" } });
    expect(await b.next("row", (m: any) => m.op === "update" && m.row.Title === "again")).toMatchObject({
      row: { "Changed by": { id: owner.id, email: owner.email } },
    });
    await api("POST", `/api/v1/db/meta/projects/${projectId}/tables`, {
      token: owner.token,
      body: { table_name: "More" },
    });
    await b.next("schema");

    // A link changes both tables: tabs on either side hear of it.
    const more = (await api("GET", `/api/v1/db/meta/projects/${projectId}/tables`, { token: owner.token })).body.list;
    const [notes, other] = [more.find((t: any) => t.title === "Notes"), more.find((t: any) => t.title === "More")];
    await api("POST", `/api/v1/db/meta/tables/${notes.id}/columns`, {
      token: owner.token,
      body: { uidt: "LinkToAnotherRecord", title: "Refs", childId: other.id, type: "mm" },
    });
    await api("POST", `/api/v1/db/data/noco/${projectId}/More`, { token: owner.token, body: { Title: "m" } });
    await api("POST", `/api/v1/db/data/noco/${projectId}/Notes/${created.body.Id}/mm/Refs/1`, { token: owner.token });
    await b.next("rows", (m: any) => m.tableId === notes.id);
    await b.next("rows", (m: any) => m.tableId === other.id);

    a.ws.send(JSON.stringify({ type: "page", path: `/nc/${projectId}/table/Notes`, pid: projectId }));
    const moved = await b.next("presence", (m: any) => m.users.some((u: any) => u.table === "Notes"));
    expect(moved.users.find((u: any) => u.table === "Notes").userId).toBe(owner.id);
    a.ws.send(JSON.stringify({ type: "editing", cell: { tableId: "md_x", rowId: 1, column: "Title" } }));
    expect(
      (await b.next("presence", (m: any) => m.users.some((u: any) => u.editing))).users.find((u: any) => u.editing)
        .editing,
    ).toEqual({ tableId: "md_x", rowId: "1", column: "Title" });
    a.ws.close();
    b.ws.close();
  });

  it("lets shared-base visitors in read-only and without members' e-mails", async () => {
    const { projectId, owner } = await setup();
    const uuid = (await api("POST", `/api/v1/db/meta/projects/${projectId}/shared`, { token: owner.token, body: {} }))
      .body.uuid;
    const visitor = (await connect(projectId, `?shared=${uuid}`)) as any;
    expect(visitor.status).toBe(101);
    const member = (await connect(projectId, "", owner.token)) as any;
    const presence = await visitor.next("presence", (m: any) => m.users.length === 2);
    expect(JSON.stringify(presence)).not.toContain(owner.email);
    await api("POST", `/api/v1/db/data/noco/${projectId}/Notes`, { token: owner.token, body: { Title: "x" } });
    const event = await visitor.next("row");
    expect(event.by).toEqual({ id: owner.id });
    expect((await member.next("row")).by.email).toBe(owner.email);
    expect(await connect(projectId, `?shared=not-the-uuid`)).toMatchObject({ status: 403 });
    visitor.ws.close();
    member.ws.close();
  });
});
