import { describe, expect, it, vi } from "vitest";
import { createSession } from "./session";
import { createSettingsStore } from "./settings";
import { tokenExpiringIn } from "./testing/make-token";
import { createTokenRefresher, REFRESH_PATH } from "./token-refresh";

function setup(reply: () => Response | Promise<Response>) {
  const session = createSession(createSettingsStore(null));
  session.signIn(tokenExpiringIn(60));
  const fetch = vi.fn(async () => reply());
  const onExpired = vi.fn();
  const refresher = createTokenRefresher({ fetch: fetch as unknown as typeof globalThis.fetch, session, onExpired });
  return { session, fetch, onExpired, refresher };
}

describe("token refresh", () => {
  it("posts to /auth/token/refresh with credentials and signs the new token in", async () => {
    const fresh = tokenExpiringIn(3600, Date.now(), { email: "new@example.com" });
    const { session, fetch, refresher } = setup(() => new Response(JSON.stringify({ token: fresh }), { status: 200 }));
    await expect(refresher.refreshSession()).resolves.toBe(fresh);
    expect(fetch).toHaveBeenCalledWith(
      REFRESH_PATH,
      expect.objectContaining({ method: "POST", credentials: "include" }),
    );
    expect(session.getToken()).toBe(fresh);
    expect(session.snapshot().user?.email).toBe("new@example.com");
  });

  it("signs out and reports the server msg when the refresh fails", async () => {
    const { session, onExpired, refresher } = setup(
      () => new Response(JSON.stringify({ msg: "Invalid refresh token" }), { status: 400 }),
    );
    await expect(refresher.refreshSession()).resolves.toBeNull();
    expect(session.getToken()).toBeNull();
    expect(session.snapshot().signOutReason).toBe("expired");
    expect(onExpired).toHaveBeenCalledWith("Invalid refresh token");
  });

  it("signs out on a 401 of the refresh itself and on a network error", async () => {
    const a = setup(() => new Response("", { status: 401 }));
    await a.refresher.refreshSession();
    expect(a.session.getToken()).toBeNull();
    expect(a.onExpired).toHaveBeenCalledWith(null);

    const b = setup(() => Promise.reject(new TypeError("Failed to fetch")));
    await b.refresher.refreshSession();
    expect(b.session.getToken()).toBeNull();
  });

  it("is single-flight", async () => {
    const fresh = tokenExpiringIn(3600);
    const { fetch, refresher } = setup(async () => {
      await new Promise((r) => setTimeout(r, 5));
      return new Response(JSON.stringify({ token: fresh }), { status: 200 });
    });
    const results = await Promise.all([refresher.refreshSession(), refresher.refreshSession(), refresher.tryRefresh()]);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(results[0]).toBe(fresh);
    expect(results[2]).toEqual({ token: fresh });
  });

  it("tryRefresh leaves the session alone on failure", async () => {
    const { session, onExpired, refresher } = setup(
      () => new Response(JSON.stringify({ msg: "Missing refresh token" }), { status: 400 }),
    );
    const before = session.getToken();
    await expect(refresher.tryRefresh()).resolves.toEqual({ token: null, message: "Missing refresh token" });
    expect(session.getToken()).toBe(before);
    expect(onExpired).not.toHaveBeenCalled();
  });
});
