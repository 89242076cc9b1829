import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { IDENTITY_HEADER } from "../../realtime/identity";
import { signIn, signUp } from "./auth-support";
import { CLOSE_ACCESS_REVOKED, CLOSE_SESSION_ENDED } from "../../db/sockets/protocol";
import { connect, type OpenSocket } from "./sockets";
import { api, seedProject, seedUser, type TestUser } from "./support";

/**
 * Open sockets follow revocations (issue 32 N1, realtime/socket-access.ts): a socket opened
 * before a change stops receiving what its user may no longer read, at once. Either the room
 * closes it (4001 session ended, 4003 access revoked) or it keeps it with the new role's filtering.
 */
const M = "/api/v1/db/meta";

async function setup() {
  const owner = await seedUser("org-level-creator");
  const projectId = await seedProject([[owner, "owner"]]);
  const made = await api("POST", `${M}/projects/${projectId}/tables`, {
    token: owner.token,
    body: { table_name: "Notes", columns: [{ title: "Text" }, { title: "Secret" }] },
  });
  expect(made.status).toBe(200);
  const T = `/api/v1/db/data/noco/${projectId}/Notes`;
  const insert = async (Text: string) =>
    expect((await api("POST", T, { token: owner.token, body: { Text, Secret: `s-${Text}` } })).status).toBe(200);
  const addMember = async (email: string, roles: string) =>
    expect(
      (await api("POST", `${M}/projects/${projectId}/users`, { token: owner.token, body: { email, roles } })).status,
    ).toBe(200);
  /** Adds `user` with `role` and opens their socket, before the change under test. */
  const memberSocket = async (user: TestUser, role: string) => {
    await addMember(user.email, role);
    return openSocket(projectId, user.token);
  };
  const table = made.body as { id: string; columns: Array<{ id: string; title: string }> };
  return { owner, projectId, table, insert, addMember, memberSocket };
}

/** A member's socket, open and greeted, before the change under test. */
async function openSocket(projectId: string, token: string, query = ""): Promise<OpenSocket> {
  const s = await connect(projectId, query, token);
  expect(s.status).toBe(101);
  const open = s as OpenSocket;
  await open.next("hello");
  return open;
}

/** After an insert the owner's socket has heard of, the row event the other socket got, if any. */
async function heardAfter(watcher: OpenSocket, sock: OpenSocket, insert: () => Promise<void>, text: string) {
  await insert();
  await watcher.next("row", (m) => m.row?.Text === text);
  return sock.messages.find((m) => m.type === "row" && m.row?.Text === text);
}

describe("open sockets after a revocation", () => {
  it("closes a removed member's socket; their old socket hears no more inserts", async () => {
    const { owner, projectId, insert, memberSocket } = await setup();
    const editor = await seedUser("org-level-creator");
    const s = await memberSocket(editor, "editor");
    const watcher = await openSocket(projectId, owner.token);
    expect(await heardAfter(watcher, s, () => insert("before"), "before")).toBeTruthy();
    const removed = await api("DELETE", `${M}/projects/${projectId}/users/${editor.id}`, { token: owner.token });
    expect(removed.status).toBe(200);
    expect(await s.closeCode()).toBe(CLOSE_ACCESS_REVOKED);
    expect(await heardAfter(watcher, s, () => insert("after"), "after")).toBeUndefined();
    watcher.ws.close();
  });

  it("gives a demoted member's socket the new role's filtering, and keeps it open", async () => {
    const { owner, projectId, table, insert, memberSocket } = await setup();
    const editor = await seedUser("org-level-creator");
    const s = await memberSocket(editor, "editor");
    // Viewers may not see Secret; editors may.
    const secret = table.columns.find((c) => c.title === "Secret")!.id;
    const rules = await api("PUT", `${M}/tables/${table.id}/access`, {
      token: owner.token,
      body: { roles: { viewer: { fields: { [secret]: "hidden" } } } },
    });
    expect(rules.status, JSON.stringify(rules.body)).toBe(200);
    const watcher = await openSocket(projectId, owner.token);
    expect((await heardAfter(watcher, s, () => insert("as-editor"), "as-editor"))?.row.Secret).toBe("s-as-editor");
    const lowered = await api("PATCH", `${M}/projects/${projectId}/users/${editor.id}`, {
      token: owner.token,
      body: { roles: "viewer" },
    });
    expect(lowered.status).toBe(200);
    const seen = await heardAfter(watcher, s, () => insert("as-viewer"), "as-viewer");
    expect(seen?.row).toMatchObject({ Text: "as-viewer" });
    expect(seen?.row).not.toHaveProperty("Secret");
    expect(JSON.stringify(s.messages)).not.toContain("s-as-viewer");
    expect(await s.closeCode()).toBeNull();
    s.ws.close();
    watcher.ws.close();
  });

  it("stops sending members' e-mails in presence to a creator demoted to editor", async () => {
    const { owner, projectId, memberSocket } = await setup();
    const creator = await seedUser("org-level-viewer");
    const s = await memberSocket(creator, "creator");
    const watcher = await openSocket(projectId, owner.token);
    const both = (m: Record<string, any>) => m.users.length === 2;
    expect(JSON.stringify(await s.next("presence", both))).toContain(owner.email);
    s.messages.length = 0;
    const lowered = await api("PATCH", `${M}/projects/${projectId}/users/${creator.id}`, {
      token: owner.token,
      body: { roles: "editor" },
    });
    expect(lowered.status).toBe(200);
    const after = await s.next("presence", both);
    expect(after.users.map((u: { userId: string }) => u.userId).sort()).toEqual([owner.id, creator.id].sort());
    expect(JSON.stringify(after)).not.toContain("@");
    s.ws.close();
    watcher.ws.close();
  });

  it("applies a field permission saved while the socket is open", async () => {
    const { owner, projectId, table, insert, memberSocket } = await setup();
    const editor = await seedUser("org-level-creator");
    const s = await memberSocket(editor, "editor");
    const watcher = await openSocket(projectId, owner.token);
    const secret = table.columns.find((c) => c.title === "Secret")!.id;
    const rules = await api("PUT", `${M}/tables/${table.id}/access`, {
      token: owner.token,
      body: { roles: { editor: { fields: { [secret]: "hidden" } } } },
    });
    expect(rules.status).toBe(200);
    const seen = await heardAfter(watcher, s, () => insert("hidden"), "hidden");
    expect(seen?.row).not.toHaveProperty("Secret");
    s.ws.close();
    watcher.ws.close();
  });

  it("closes the sockets of a session that signed out", async () => {
    const { owner, projectId, insert, addMember } = await setup();
    const u = await signUp();
    await addMember(u.email, "editor");
    const s = await openSocket(projectId, u.token);
    const watcher = await openSocket(projectId, owner.token);
    expect((await api("POST", "/api/v1/auth/user/signout", { token: u.token })).status).toBe(200);
    expect(await s.closeCode()).toBe(CLOSE_SESSION_ENDED);
    expect(await heardAfter(watcher, s, () => insert("after"), "after")).toBeUndefined();
    watcher.ws.close();
  });

  it("closes a socket when the password is changed from another session", async () => {
    const { owner, projectId, insert, addMember } = await setup();
    const u = await signUp();
    await addMember(u.email, "viewer");
    const s = await openSocket(projectId, u.token);
    const watcher = await openSocket(projectId, owner.token);
    const other = await signIn(u.email, u.password);
    const changed = await api("POST", "/api/v1/auth/password/change", {
      token: other.token,
      body: { currentPassword: u.password, newPassword: "Another-Passphrase-7" },
    });
    expect(changed.status).toBe(200);
    expect(await s.closeCode()).toBe(CLOSE_SESSION_ENDED);
    expect(await heardAfter(watcher, s, () => insert("after"), "after")).toBeUndefined();
    // The new session's socket is let in.
    const again = await openSocket(projectId, changed.body.token as string);
    again.ws.close();
    watcher.ws.close();
  });

  it("closes every socket of a deleted project, and visitors' when the shared base is turned off", async () => {
    const { owner, projectId, memberSocket } = await setup();
    const editor = await seedUser("org-level-creator");
    const s = await memberSocket(editor, "editor");
    const uuid = (await api("POST", `${M}/projects/${projectId}/shared`, { token: owner.token, body: {} })).body.uuid;
    const visitor = (await connect(projectId, `?shared=${uuid}`)) as OpenSocket;
    expect(visitor.status).toBe(101);
    await visitor.next("hello");
    expect((await api("DELETE", `${M}/projects/${projectId}/shared`, { token: owner.token })).status).toBe(200);
    expect(await visitor.closeCode()).toBe(CLOSE_ACCESS_REVOKED);
    expect(await s.closeCode()).toBeNull();
    expect((await api("DELETE", `${M}/projects/${projectId}`, { token: owner.token })).status).toBe(200);
    expect(await s.closeCode()).toBe(CLOSE_ACCESS_REVOKED);
  });

  it("checks again a socket the Worker let in just before the member was removed", async () => {
    const { owner, projectId, memberSocket } = await setup();
    const editor = await seedUser("org-level-creator");
    (await memberSocket(editor, "editor")).ws.close();
    expect((await api("DELETE", `${M}/projects/${projectId}/users/${editor.id}`, { token: owner.token })).status).toBe(
      200,
    );
    // The upgrade as the Worker would pass it on had it read D1 a moment before the removal.
    const identity = { userId: editor.id, email: editor.email, name: "e", roles: { editor: true }, tokenVersion: "v1" };
    const res = await env.PROJECT.get(env.PROJECT.idFromName(projectId)).fetch(
      new Request(`http://localhost/parties/project/${projectId}`, {
        headers: { Upgrade: "websocket", [IDENTITY_HEADER]: JSON.stringify(identity) },
      }),
    );
    const ws = res.webSocket!;
    const closed = new Promise<number | null>((resolve) => {
      ws.addEventListener("close", (e) => resolve(e.code));
      setTimeout(() => resolve(null), 2_000);
    });
    ws.accept();
    expect(await closed).toBe(CLOSE_ACCESS_REVOKED);
  });

  it("opens no socket with an API token (so deleting one has no socket to close)", async () => {
    const { owner, projectId } = await setup();
    const token = (await api("POST", "/api/v1/tokens", { token: owner.token, body: {} })).body.token as string;
    expect(await connect(projectId, "", undefined, { "xc-token": token })).toMatchObject({ status: 401 });
  });
});
