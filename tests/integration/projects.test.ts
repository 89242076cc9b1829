import { describe, expect, it } from "vitest";
import { api, seedProject, seedUser } from "./support";

const P = "/api/v1/db/meta/projects";

describe("projects", () => {
  it("creates a project owned by its creator, with its default base", async () => {
    const alice = await seedUser("org-level-creator");
    const res = await api("POST", `${P}/`, { token: alice.token, body: { title: "CRM", color: "#123abc" } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ title: "CRM", color: "#123abc", roles: "owner", meta: "{}" });
    expect(res.body.id).toMatch(/^p_[0-9a-z]{14}$/);
    expect(res.body.bases[0]).toMatchObject({ type: "sqlite3", is_meta: true });

    const list = await api("GET", `${P}/`, { token: alice.token });
    expect(list.body.list.map((p: { title: string }) => p.title)).toEqual(["CRM"]);
    expect(list.body.pageInfo.totalRows).toBe(1);
  });

  it("enforces the name rules with clear messages and writes nothing", async () => {
    const alice = await seedUser("org-level-creator");
    const cases: Array<[unknown, string]> = [
      [{ title: "a".repeat(51) }, "Project title exceeds 50 characters"],
      [{ title: " Leading" }, "Project title cannot start with a space"],
      [{ title: "" }, "Project title is required"],
      [{}, "title"],
      [{ title: 42 }, "title"],
      [{ title: "Ok", color: "blue" }, "color must be a hex colour of 3, 4, 6 or 8 digits"],
      [{ title: "Ok", meta: "{broken" }, "meta must be a JSON object"],
    ];
    for (const [body, msg] of cases) {
      const res = await api("POST", P, { token: alice.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.msg).toContain(msg);
    }
    const malformed = await api("POST", P, { token: alice.token, body: "{not json" });
    expect(malformed.status).toBe(400);
    expect((await api("GET", P, { token: alice.token })).body.list).toEqual([]);
  });

  it("refuses a duplicate title of the same owner", async () => {
    const alice = await seedUser("org-level-creator");
    await api("POST", P, { token: alice.token, body: { title: "Dup" } });
    const res = await api("POST", P, { token: alice.token, body: { title: "Dup" } });
    expect(res).toMatchObject({ status: 400, body: { msg: "Project title already in use" } });
  });

  it("searches the list by title and hides other people's projects", async () => {
    const alice = await seedUser("org-level-creator");
    const bob = await seedUser("org-level-creator");
    await seedProject([[alice, "owner"]], "Sales pipeline");
    await seedProject([[alice, "owner"]], "Hiring");
    await seedProject([[bob, "owner"]], "Bob's sales");
    const res = await api("GET", `${P}?query=SALES`, { token: alice.token });
    expect(res.body.list.map((p: { title: string }) => p.title)).toEqual(["Sales pipeline"]);
  });

  it("updates title, colour and theme meta (string or object) and deletes", async () => {
    const alice = await seedUser("org-level-creator");
    const id = await seedProject([[alice, "owner"]]);
    const theme = { theme: { primaryColor: "#ff0000", accentColor: "#00ff00" } };
    expect(
      (
        await api("PATCH", `${P}/${id}`, {
          token: alice.token,
          body: { title: "Renamed", color: "#abcd", meta: JSON.stringify(theme) },
        })
      ).body,
    ).toBe(1);
    const read = await api("GET", `${P}/${id}`, { token: alice.token });
    expect(read.body).toMatchObject({ title: "Renamed", color: "#abcd" });
    expect(JSON.parse(read.body.meta)).toEqual(theme);
    await api("PATCH", `${P}/${id}`, { token: alice.token, body: { meta: { theme: { primaryColor: "#000" } } } });
    expect(JSON.parse((await api("GET", `${P}/${id}`, { token: alice.token })).body.meta)).toEqual({
      theme: { primaryColor: "#000" },
    });

    expect((await api("DELETE", `${P}/${id}`, { token: alice.token })).body).toBe(true);
    expect((await api("GET", `${P}/${id}`, { token: alice.token })).status).toBe(404);
    expect((await api("GET", P, { token: alice.token })).body.list).toEqual([]);
  });

  it("answers 401 without a session and 404 for an unknown project", async () => {
    const alice = await seedUser("org-level-creator");
    expect((await api("GET", P)).status).toBe(401);
    expect((await api("GET", `${P}/p_doesnotexist00`, { token: alice.token })).body).toEqual({
      msg: "Project not found",
    });
  });

  it("lets a super admin see every project", async () => {
    const root = await seedUser("org-level-creator,super");
    const bob = await seedUser("org-level-creator");
    const id = await seedProject([[bob, "owner"]], "Bob only");
    const list = await api("GET", P, { token: root.token });
    expect(list.body.list.map((p: { id: string }) => p.id)).toContain(id);
    // Not a member: no role is claimed for the super admin there.
    expect(list.body.list.find((p: { id: string }) => p.id === id).roles).toBeNull();
    expect((await api("GET", `${P}/${id}`, { token: root.token })).status).toBe(200);
  });
});

describe("preview as another role", () => {
  it("narrows an owner's rights to the previewed role", async () => {
    const alice = await seedUser("org-level-creator");
    const id = await seedProject([[alice, "owner"]]);
    const asViewer = { "xc-preview": "viewer" };
    expect((await api("GET", `${P}/${id}`, { token: alice.token, headers: asViewer })).status).toBe(200);
    const patch = await api("PATCH", `${P}/${id}`, { token: alice.token, headers: asViewer, body: { title: "x" } });
    expect(patch.status).toBe(403);
    expect(patch.body.msg).toBe("projectUpdate - viewer : Not allowed");
  });

  it("is ignored for roles that may not preview", async () => {
    const alice = await seedUser("org-level-creator");
    const ed = await seedUser("org-level-viewer");
    const id = await seedProject([
      [alice, "owner"],
      [ed, "editor"],
    ]);
    const res = await api("PATCH", `${P}/${id}`, {
      token: ed.token,
      headers: { "xc-preview": "owner" },
      body: { title: "x" },
    });
    expect(res.status).toBe(403);
  });
});

describe("shared base", () => {
  it("gives visitors the shared role in that project only, and disabling revokes at once", async () => {
    const alice = await seedUser("org-level-creator");
    const id = await seedProject([[alice, "owner"]]);
    const other = await seedProject([[alice, "owner"]]);

    expect((await api("GET", `${P}/${id}/shared`, { token: alice.token })).body).toEqual({
      uuid: null,
      roles: "viewer",
    });
    const shared = await api("POST", `${P}/${id}/shared`, { token: alice.token, body: { roles: "admin" } });
    expect(shared.body.roles).toBe("viewer");
    const uuid = shared.body.uuid as string;
    expect(shared.body.url).toBe(`http://localhost/base/${uuid}`);

    expect((await api("GET", `/api/v1/db/public/shared-base/${uuid}/meta`)).body).toEqual({ project_id: id });
    const visitor = { "xc-shared-base-id": uuid };
    expect((await api("GET", `${P}/${id}`, { headers: visitor })).status).toBe(200);
    expect((await api("GET", `${P}/${other}`, { headers: visitor })).status).toBe(401);
    const write = await api("PATCH", `${P}/${id}`, { headers: visitor, body: { title: "hacked" } });
    expect(write.body.msg).toBe("projectUpdate - viewer : Not allowed");

    const patched = await api("PATCH", `${P}/${id}/shared`, { token: alice.token, body: { roles: "editor" } });
    expect(patched.body).toMatchObject({ uuid, roles: "editor" });

    expect((await api("DELETE", `${P}/${id}/shared`, { token: alice.token })).body).toEqual({ uuid: null });
    expect((await api("GET", `${P}/${id}`, { headers: visitor })).status).toBe(401);
    expect((await api("GET", `/api/v1/db/public/shared-base/${uuid}/meta`)).status).toBe(404);
  });
});

describe("shared base and signed-in visitors", () => {
  it("gives a signed-in non-member the shared role through the link, and members keep theirs", async () => {
    const alice = await seedUser("org-level-creator");
    const bob = await seedUser("org-level-creator");
    const id = await seedProject([[alice, "owner"]]);
    const uuid = (await api("POST", `${P}/${id}/shared`, { token: alice.token, body: { roles: "viewer" } })).body.uuid;
    const headers = { "xc-shared-base-id": uuid };
    expect((await api("GET", `${P}/${id}`, { token: bob.token })).status).toBe(403);
    expect((await api("GET", `${P}/${id}`, { token: bob.token, headers })).status).toBe(200);
    expect((await api("GET", "/api/v1/auth/user/me", { token: bob.token, headers })).body).toMatchObject({
      roles: { viewer: true },
      isPublicBase: true,
    });
    expect(
      (await api("PATCH", `${P}/${id}`, { token: alice.token, headers, body: { title: "Owner still" } })).status,
    ).toBe(200);
  });
});
