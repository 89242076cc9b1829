import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, claimsOf, probeSignedIn, signIn, signUp } from "./auth-support";

const refresh = (token?: string, path = "/auth/token/refresh") =>
  call("POST", path, { cookie: token === undefined ? undefined : `refresh_token=${token}` });

describe("token refresh", () => {
  it("trades the cookie for a new JWT and a rotated cookie", async () => {
    const s = await signUp();
    const res = await refresh(s.refresh);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(["token"]);
    expect(claimsOf(String(res.body.token))).toMatchObject({ id: claimsOf(s.token).id, email: s.email });
    expect(await probeSignedIn(String(res.body.token))).toBe(400);
    expect(res.cookies.refresh_token).toMatch(/^[0-9a-f]{80}$/);
    expect(res.cookies.refresh_token).not.toBe(s.refresh);
    // The presented token is retired, the new one belongs to the same family.
    const rows = await env.META.prepare(
      "SELECT family_id, rotated_at FROM refresh_tokens WHERE user_id = ? ORDER BY created_at",
    )
      .bind(claimsOf(s.token).id)
      .all<{ family_id: string; rotated_at: number | null }>();
    expect(rows.results).toHaveLength(2);
    expect(rows.results[0]!.rotated_at).not.toBeNull();
    expect(rows.results[1]!.rotated_at).toBeNull();
    expect(rows.results[1]!.family_id).toBe(rows.results[0]!.family_id);
  });

  it("is served at every alias, including the pre-v1 /auth/refresh-token", async () => {
    let current = (await signUp()).refresh;
    for (const path of [
      "/api/v1/auth/token/refresh",
      "/api/v1/db/auth/token/refresh",
      "/auth/refresh-token",
      "/api/v1/auth/refresh-token",
    ]) {
      const res = await refresh(current, path);
      expect(res.status, path).toBe(200);
      current = res.cookies.refresh_token!;
    }
  });

  it("revokes the whole family when a rotated token is presented again", async () => {
    const s = await signUp();
    const first = await refresh(s.refresh);
    const second = await refresh(first.cookies.refresh_token);
    expect(second.status).toBe(200);
    const latest = second.cookies.refresh_token!;

    // The stolen, already-rotated token comes back.
    const reuse = await refresh(s.refresh);
    expect(reuse.status).toBe(400);
    expect(reuse.body).toEqual({ msg: "Invalid refresh token" });
    // Every token of the family is refused now, the newest included.
    for (const t of [latest, first.cookies.refresh_token!]) {
      const res = await refresh(t);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ msg: "Invalid refresh token" });
    }
    // Other families (other sign-ins) live on.
    const other = await signIn(s.email, s.password);
    expect((await refresh(other.refresh)).status).toBe(200);
  });

  it("gives two tabs refreshing at once with one cookie the same new pair, and keeps the session", async () => {
    const s = await signUp();
    const [a, b] = await Promise.all([refresh(s.refresh), refresh(s.refresh)]);
    expect([a.status, b.status], JSON.stringify([a.body, b.body])).toEqual([200, 200]);
    expect(a.cookies.refresh_token).toMatch(/^[0-9a-f]{80}$/);
    expect(b.cookies.refresh_token).toBe(a.cookies.refresh_token);
    expect(claimsOf(String(b.body.token)).id).toBe(claimsOf(s.token).id);
    // The family lives on: the shared next token refreshes again.
    const next = await refresh(a.cookies.refresh_token);
    expect(next.status).toBe(200);
  });

  it("still revokes the family when a rotated token comes back after the grace window", async () => {
    const s = await signUp();
    const first = await refresh(s.refresh);
    expect(first.status).toBe(200);
    await env.META.prepare(
      "UPDATE refresh_tokens SET rotated_at = rotated_at - 11000 WHERE user_id = ? AND rotated_at IS NOT NULL",
    )
      .bind(claimsOf(s.token).id)
      .run();
    expect((await refresh(s.refresh)).status).toBe(400);
    expect((await refresh(first.cookies.refresh_token)).status).toBe(400);
  });

  it("answers Missing refresh token without a cookie", async () => {
    const res = await refresh();
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ msg: "Missing refresh token" });
  });

  it("answers Invalid refresh token for unknown and expired tokens, and clears the cookie", async () => {
    const unknown = await refresh("ab".repeat(40));
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ msg: "Invalid refresh token" });
    expect(unknown.cookies.refresh_token).toBe("");

    const s = await signUp();
    await env.META.prepare("UPDATE refresh_tokens SET expires_at = ? WHERE user_id = ?")
      .bind(Date.now() - 1, claimsOf(s.token).id)
      .run();
    const expired = await refresh(s.refresh);
    expect(expired.status).toBe(400);
    expect(expired.body).toEqual({ msg: "Invalid refresh token" });
  });
});

describe("sign-out", () => {
  it("ends the JWT, the refresh family and clears the cookie", async () => {
    const s = await signUp();
    const other = await signIn(s.email, s.password);
    const res = await call("POST", "/api/v1/auth/user/signout", {
      token: s.token,
      cookie: `refresh_token=${s.refresh}`,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ msg: "Signed out successfully" });
    expect(res.cookies.refresh_token).toBe("");
    expect(res.setCookie.find((l) => l.startsWith("refresh_token="))).toMatch(/Max-Age=0/);

    expect(await probeSignedIn(s.token)).toBe(401);
    expect(await probeSignedIn(other.token)).toBe(401);
    expect((await call("GET", "/api/v1/auth/user/me", { token: s.token })).body).toEqual({ roles: { guest: true } });
    expect((await refresh(s.refresh)).body).toEqual({ msg: "Invalid refresh token" });
    // Only this device's family was revoked; the other device can refresh into a fresh JWT.
    const again = await refresh(other.refresh);
    expect(again.status).toBe(200);
    expect(await probeSignedIn(String(again.body.token))).toBe(400);
  });

  it("needs a signed-in caller", async () => {
    const res = await call("POST", "/api/v1/auth/user/signout");
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ msg: "Unauthorized access" });
  });

  it("does not revoke another user's family through a foreign cookie", async () => {
    const a = await signUp();
    const b = await signUp();
    await call("POST", "/auth/user/signout", { token: a.token, cookie: `refresh_token=${b.refresh}` });
    expect((await refresh(b.refresh)).status).toBe(200);
  });
});

describe("password change", () => {
  const change = (token: string, body: unknown, path = "/api/v1/auth/password/change") =>
    call("POST", path, { token, body });

  it("checks its inputs", async () => {
    const s = await signUp();
    expect((await change(s.token, { newPassword: "New-Passphrase-9" })).body).toEqual({
      msg: "Missing new/old password",
    });
    expect((await change(s.token, { currentPassword: s.password })).body).toEqual({ msg: "Missing new/old password" });
    expect(
      (await change(s.token, { currentPassword: "Wrong-Passphrase-1", newPassword: "New-Passphrase-9" })).body,
    ).toEqual({ msg: "Current password is wrong" });
    expect((await change(s.token, { currentPassword: s.password, newPassword: "short" })).body).toEqual({
      msg: "Password : At least 8 letters. ",
    });
    expect((await change(s.token, { currentPassword: 5, newPassword: "New-Passphrase-9" })).body).toEqual({
      msg: "currentPassword: Must be text",
    });
    // Nothing changed: the session still works.
    expect(await probeSignedIn(s.token)).toBe(400);
  });

  it("ends every old session and hands the caller a fresh one", async () => {
    const s = await signUp();
    const elsewhere = await signIn(s.email, s.password);
    const res = await change(
      s.token,
      { currentPassword: s.password, newPassword: "New-Passphrase-9" },
      "/api/v1/auth/user/password/change",
    );
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe("Password has been updated successfully");
    expect(res.cookies.refresh_token).toMatch(/^[0-9a-f]{80}$/);

    for (const old of [s.token, elsewhere.token]) expect(await probeSignedIn(old)).toBe(401);
    for (const old of [s.refresh, elsewhere.refresh])
      expect((await refresh(old)).body).toEqual({ msg: "Invalid refresh token" });
    expect(await probeSignedIn(String(res.body.token))).toBe(400);
    expect((await refresh(res.cookies.refresh_token)).status).toBe(200);

    expect(
      (await call("POST", "/api/v1/auth/user/signin", { body: { email: s.email, password: s.password } })).status,
    ).toBe(400);
    await signIn(s.email, "New-Passphrase-9");
  });
});

describe("e-mail verification", () => {
  it("refuses every token (no verification mails are sent yet)", async () => {
    const res = await call("POST", "/api/v1/auth/email/validate/whatever");
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ msg: "Invalid verification url" });
  });
});
