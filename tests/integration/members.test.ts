import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, seedProject, seedUser, type TestUser } from "./support";

const P = "/api/v1/db/meta/projects";

async function outbox(to: string) {
  const admin = await seedUser("super");
  const res = await api("GET", `/api/v1/dev/outbox?to=${encodeURIComponent(to)}`, { token: admin.token });
  return res.body.list as Array<{ subject: string; link: string }>;
}

async function roleOf(projectId: string, user: TestUser) {
  const row = await env.META.prepare("SELECT roles FROM project_users WHERE project_id = ? AND user_id = ?")
    .bind(projectId, user.id)
    .first<{ roles: string }>();
  return row?.roles ?? null;
}

describe("project members", () => {
  it("invites a new person by e-mail, who joins through the sign-up link with that role", async () => {
    const owner = await seedUser("org-level-creator");
    const projectId = await seedProject([[owner, "owner"]]);
    const res = await api("POST", `${P}/${projectId}/users`, {
      token: owner.token,
      body: { email: "New.Person@example.com", roles: "viewer" },
    });
    expect(res.body).toEqual({ msg: "The user has been invited successfully" });
    const [mail] = await outbox("new.person@example.com");
    // The link names the invited address, so the sign-up page fills it in.
    expect(mail!.link).toMatch(/^http:\/\/localhost\/signup\/[0-9a-f-]{36}\?email=new\.person%40example\.com$/);

    const token = new URL(mail!.link).pathname.split("/").pop();
    const signup = await api("POST", "/api/v1/auth/user/signup", {
      body: { email: "new.person@example.com", password: "a-good-passphrase", token },
      headers: { "CF-Connecting-IP": "10.9.0.1" },
    });
    expect(signup.status).toBe(200);
    const me = await api("GET", `/api/v1/auth/user/me?project_id=${projectId}`, { token: signup.body.token });
    expect(me.body.roles).toMatchObject({ viewer: true });
    const list = await api("GET", `${P}/${projectId}/users`, { token: owner.token });
    expect(list.body.users.list.map((u: { email: string; roles: string }) => [u.email, u.roles])).toEqual([
      [owner.email, "owner"],
      ["new.person@example.com", "viewer"],
    ]);
  });

  it("adds an existing account, refuses duplicates and bad input", async () => {
    const owner = await seedUser("org-level-creator");
    const bob = await seedUser("org-level-creator");
    const projectId = await seedProject([[owner, "owner"]]);
    expect(
      (
        await api("POST", `${P}/${projectId}/users`, {
          token: owner.token,
          body: { email: bob.email, roles: "editor" },
        })
      ).status,
    ).toBe(200);
    expect(await roleOf(projectId, bob)).toBe("editor");
    const again = await api("POST", `${P}/${projectId}/users`, {
      token: owner.token,
      body: { email: bob.email, roles: "viewer" },
    });
    expect(again.body.msg).toBe(`${bob.email} with role editor already exists in this project`);
    const bad = await api("POST", `${P}/${projectId}/users`, {
      token: owner.token,
      body: { email: "nope, also@bad", roles: "viewer" },
    });
    expect(bad.body.msg).toBe("Invalid email address : nope, also@bad");
    const role = await api("POST", `${P}/${projectId}/users`, {
      token: owner.token,
      body: { email: "x@example.com", roles: "king" },
    });
    expect(role.body.msg).toContain("Invalid role 'king'");
  });

  it("lets nobody grant a role above their own", async () => {
    const owner = await seedUser("org-level-creator");
    const creator = await seedUser("org-level-creator");
    const ed = await seedUser("org-level-creator");
    const projectId = await seedProject([
      [owner, "owner"],
      [creator, "creator"],
      [ed, "editor"],
    ]);
    const up = await api("POST", `${P}/${projectId}/users`, {
      token: creator.token,
      body: { email: "boss@example.com", roles: "owner" },
    });
    expect(up).toMatchObject({ status: 403, body: { msg: "Insufficient privilege to invite as owner" } });
    const promote = await api("PATCH", `${P}/${projectId}/users/${ed.id}`, {
      token: creator.token,
      body: { roles: "owner", project_id: projectId },
    });
    expect(promote.status).toBe(403);
    const demoteOwner = await api("PATCH", `${P}/${projectId}/users/${owner.id}`, {
      token: creator.token,
      body: { roles: "viewer" },
    });
    expect(demoteOwner.body.msg).toBe("Insufficient privilege to change the role of owner");
    const ok = await api("PATCH", `${P}/${projectId}/users/${ed.id}`, {
      token: creator.token,
      body: { roles: "commenter" },
    });
    expect(ok.body).toEqual({ msg: "User has been updated successfully" });
    expect(await roleOf(projectId, ed)).toBe("commenter");
  });

  it("keeps the last owner: cannot be demoted or removed", async () => {
    const owner = await seedUser("org-level-creator");
    const other = await seedUser("org-level-creator");
    const projectId = await seedProject([
      [owner, "owner"],
      [other, "editor"],
    ]);
    const demote = await api("PATCH", `${P}/${projectId}/users/${owner.id}`, {
      token: owner.token,
      body: { roles: "editor" },
    });
    expect(demote.body.msg).toContain("The last owner cannot be removed or demoted");
    const remove = await api("DELETE", `${P}/${projectId}/users/${owner.id}`, { token: owner.token });
    expect(remove.status).toBe(400);
    await api("PATCH", `${P}/${projectId}/users/${other.id}`, { token: owner.token, body: { roles: "owner" } });
    expect((await api("DELETE", `${P}/${projectId}/users/${owner.id}`, { token: owner.token })).body).toEqual({
      msg: "The user has been deleted successfully",
    });
    expect(await roleOf(projectId, owner)).toBeNull();
  });

  it("resends a pending invitation with a fresh link", async () => {
    const owner = await seedUser("org-level-creator");
    const projectId = await seedProject([[owner, "owner"]]);
    await api("POST", `${P}/${projectId}/users`, {
      token: owner.token,
      body: { email: "pending@example.com", roles: "viewer" },
    });
    const list = await api("GET", `${P}/${projectId}/users`, { token: owner.token });
    const pending = list.body.users.list.find((u: { email: string }) => u.email === "pending@example.com");
    expect(pending.pending).toBe(true);
    const res = await api("POST", `${P}/${projectId}/users/${pending.id}/resend-invite`, { token: owner.token });
    expect(res.body).toEqual({ msg: "The invitation has been sent to the user" });
    const mails = await outbox("pending@example.com");
    expect(mails).toHaveLength(2);
    expect(mails[0]!.link).not.toBe(mails[1]!.link);
  });

  it("reports a non-member's roles as the bare user role", async () => {
    const owner = await seedUser("org-level-creator");
    const stranger = await seedUser("org-level-creator");
    const projectId = await seedProject([[owner, "owner"]]);
    const me = await api("GET", `/api/v1/auth/user/me?project_id=${projectId}`, { token: stranger.token });
    expect(me.body.roles).toEqual({ user: true });
    const own = await api("GET", `/api/v1/auth/user/me?project_id=${projectId}`, { token: owner.token });
    expect(own.body.roles).toEqual({ "org-level-creator": true, owner: true, creator: true });
  });
});

describe("org users (super admin)", () => {
  it("lists, invites, changes roles, makes reset links and deletes users", async () => {
    const root = await seedUser("org-level-creator,super");
    const list = await api("GET", "/api/v1/users", { token: root.token });
    expect(list.body.pageInfo.totalRows).toBeGreaterThan(0);

    const invite = await api("POST", "/api/v1/users", {
      token: root.token,
      body: { email: "Hire@example.com", roles: "org-level-viewer" },
    });
    expect(invite.body).toEqual({ msg: "The user has been invited successfully" });
    expect(
      (
        await api("POST", "/api/v1/users", {
          token: root.token,
          body: { email: "hire@example.com", roles: "org-level-viewer" },
        })
      ).body.msg,
    ).toBe("User already exist");
    expect(
      (await api("POST", "/api/v1/users", { token: root.token, body: { email: "a@b.co", roles: "super" } })).body.msg,
    ).toContain("Invalid role");

    const hire = (await api("GET", "/api/v1/users?query=hire", { token: root.token })).body.list[0];
    expect(hire).toMatchObject({ email: "hire@example.com", roles: "org-level-viewer", pending: true });
    await api("PATCH", `/api/v1/users/${hire.id}`, { token: root.token, body: { roles: "org-level-creator" } });
    const reset = await api("POST", `/api/v1/users/${hire.id}/generate-reset-url`, { token: root.token });
    expect(reset.body.reset_password_url).toBe(
      `http://localhost/auth/password/reset/${reset.body.reset_password_token}`,
    );
    expect(
      (await api("PATCH", `/api/v1/users/${root.id}`, { token: root.token, body: { roles: "org-level-viewer" } })).body
        .msg,
    ).toBe("Cannot update super admin roles");
    expect((await api("DELETE", `/api/v1/users/${hire.id}`, { token: root.token })).status).toBe(200);
  });

  it("refuses to delete the only owner of a project", async () => {
    const root = await seedUser("org-level-creator,super");
    const alice = await seedUser("org-level-creator");
    await seedProject([[alice, "owner"]], "Alice's CRM");
    const res = await api("DELETE", `/api/v1/users/${alice.id}`, { token: root.token });
    expect(res.body.msg).toBe(`${alice.email} is the only owner of Alice's CRM; make someone else owner first`);
  });

  it("turns invite-only sign-up on and off", async () => {
    const root = await seedUser("org-level-creator,super");
    expect((await api("GET", "/api/v1/app-settings", { token: root.token })).body).toEqual({});
    await api("POST", "/api/v1/app-settings", { token: root.token, body: { invite_only_signup: true } });
    const signup = await api("POST", "/api/v1/auth/user/signup", {
      body: { email: "walkin@example.com", password: "a-good-passphrase" },
      headers: { "CF-Connecting-IP": "10.9.0.2" },
    });
    expect(signup.body.msg).toBe("Not allowed to signup, contact super admin.");
    const viewer = await seedUser("org-level-creator");
    expect((await api("GET", "/api/v1/users", { token: viewer.token })).status).toBe(403);
  });
});
