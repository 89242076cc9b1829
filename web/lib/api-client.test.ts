import { describe, expect, it, vi } from "vitest";
import { buildHeaders, buildUrl, createApiClient, type ApiClientDeps } from "./api-client";
import { ApiError } from "./api-errors";

type Reply = { status: number; body?: unknown };

/** A fetch that answers from a script and records each call. */
function scriptedFetch(replies: Reply[]) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    const reply = replies.shift() ?? { status: 200, body: {} };
    const text = reply.body === undefined ? "" : JSON.stringify(reply.body);
    return new Response(text, { status: reply.status, headers: { "content-type": "application/json" } });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

function client(replies: Reply[], over: Partial<ApiClientDeps> = {}) {
  const { fetch, calls } = scriptedFetch(replies);
  let token: string | null = "old-token";
  const refreshSession = vi.fn(async () => {
    token = "new-token";
    return token;
  });
  const api = createApiClient({
    fetch,
    baseUrl: "",
    getToken: () => token,
    getPreviewAs: () => null,
    getSharedBaseId: () => null,
    refreshSession,
    fallbackMessage: () => "Some internal error occurred",
    ...over,
  });
  const header = (i: number, name: string) => (calls[i]?.init.headers as Record<string, string>)[name];
  return { api, calls, refreshSession, header, setToken: (t: string | null) => (token = t) };
}

describe("headers", () => {
  it("always marks the GUI and adds the token when signed in", () => {
    expect(buildHeaders("/x", { token: null, previewAs: null, sharedBaseId: null })).toEqual({ "xc-gui": "true" });
    expect(buildHeaders("/x", { token: "t", previewAs: null, sharedBaseId: null })).toEqual({
      "xc-gui": "true",
      "xc-auth": "t",
    });
  });

  it("adds xc-preview except on the me and admin-roles URLs", () => {
    const ctx = { token: "t", previewAs: "editor", sharedBaseId: null };
    expect(buildHeaders("/api/v1/db/meta/projects", ctx)["xc-preview"]).toBe("editor");
    expect(buildHeaders("/api/v1/auth/user/me", ctx)["xc-preview"]).toBeUndefined();
    expect(buildHeaders("/api/v1/admin/roles", ctx)["xc-preview"]).toBeUndefined();
  });

  it("adds xc-shared-base-id on a shared base", () => {
    expect(buildHeaders("/x", { token: null, previewAs: null, sharedBaseId: "uuid-1" })["xc-shared-base-id"]).toBe(
      "uuid-1",
    );
  });

  it("builds query strings, skipping empty values", () => {
    expect(buildUrl("", "/a", { b: 1, c: undefined, d: null, e: "x y" })).toBe("/a?b=1&e=x+y");
    expect(buildUrl("https://h/", "/a?z=1", { b: true })).toBe("https://h/a?z=1&b=true");
  });
});

describe("retries", () => {
  it.each([408, 409, 425, 429, 500, 502, 503, 504])("retries a read failing with %i once", async (status) => {
    const { api, calls } = client([{ status }, { status: 200, body: { ok: 1 } }]);
    await expect(api.get("/r")).resolves.toEqual({ ok: 1 });
    expect(calls).toHaveLength(2);
  });

  it("retries a read only once", async () => {
    const { api, calls } = client([{ status: 503 }, { status: 503, body: { msg: "busy" } }, { status: 200 }]);
    await expect(api.get("/r")).rejects.toMatchObject({ status: 503, message: "busy" });
    expect(calls).toHaveLength(2);
  });

  it("does not retry other statuses", async () => {
    const { api, calls } = client([{ status: 400, body: { msg: "bad" } }]);
    await expect(api.get("/r")).rejects.toMatchObject({ status: 400, message: "bad" });
    expect(calls).toHaveLength(1);
  });

  it.each(["POST", "PUT", "PATCH", "DELETE"])("does not retry %s", async (method) => {
    const { api, calls } = client([{ status: 503 }, { status: 200 }]);
    await expect(api.request("/w", { method })).rejects.toBeInstanceOf(ApiError);
    expect(calls).toHaveLength(1);
  });

  it("retries a write when asked", async () => {
    const { api, calls } = client([{ status: 503 }, { status: 200, body: { done: true } }]);
    await expect(api.post("/w", { a: 1 }, { retry: true })).resolves.toEqual({ done: true });
    expect(calls).toHaveLength(2);
  });
});

describe("401 refresh", () => {
  it("refreshes once and replays with the new token", async () => {
    const { api, calls, refreshSession, header } = client([
      { status: 401, body: { msg: "Unauthorized access" } },
      { status: 200, body: { v: 1 } },
    ]);
    await expect(api.post("/w", { a: 1 })).resolves.toEqual({ v: 1 });
    expect(refreshSession).toHaveBeenCalledTimes(1);
    expect(header(0, "xc-auth")).toBe("old-token");
    expect(header(1, "xc-auth")).toBe("new-token");
    expect(calls[1]?.init.body).toBe(JSON.stringify({ a: 1 }));
  });

  it("does not loop when the replay is also 401", async () => {
    const { api, calls, refreshSession } = client([
      { status: 401 },
      { status: 401, body: { msg: "Unauthorized access" } },
      { status: 200 },
    ]);
    await expect(api.get("/r")).rejects.toMatchObject({ status: 401, message: "Unauthorized access" });
    expect(refreshSession).toHaveBeenCalledTimes(1);
    expect(calls).toHaveLength(2);
  });

  it("gives up when the refresh fails", async () => {
    const refreshSession = vi.fn(async () => null);
    const { api, calls } = client([{ status: 401, body: { msg: "Unauthorized access" } }], { refreshSession });
    await expect(api.get("/r")).rejects.toMatchObject({ status: 401 });
    expect(refreshSession).toHaveBeenCalledTimes(1);
    expect(calls).toHaveLength(1);
  });

  it("shares one refresh between concurrent 401s", async () => {
    const { fetch, calls } = scriptedFetch([
      { status: 401 },
      { status: 401 },
      { status: 200, body: 1 },
      { status: 200, body: 2 },
    ]);
    let token: string | null = "old";
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let refreshes = 0;
    let inFlight: Promise<string> | null = null;
    const refreshSession = () =>
      (inFlight ??= (async () => {
        refreshes += 1;
        await gate;
        token = "new";
        return token;
      })());
    const api = createApiClient({
      fetch,
      getToken: () => token,
      getPreviewAs: () => null,
      getSharedBaseId: () => null,
      refreshSession,
      fallbackMessage: () => "x",
    });
    const both = Promise.all([api.get("/a"), api.get("/b")]);
    await new Promise((r) => setTimeout(r, 0));
    release();
    await expect(both).resolves.toEqual([1, 2]);
    expect(refreshes).toBe(1);
    expect(calls.slice(2).map((c) => (c.init.headers as Record<string, string>)["xc-auth"])).toEqual(["new", "new"]);
  });

  it("replays without refreshing when another request already rotated the token", async () => {
    let token = "old";
    const seen: string[] = [];
    const refreshSession = vi.fn(async () => "never-used");
    const fetch = vi.fn(async (_url: string | URL | Request, init?: RequestInit) => {
      seen.push((init?.headers as Record<string, string>)["xc-auth"] ?? "");
      if (seen.length === 1) {
        token = "rotated"; // another request's refresh finished while this one was in flight
        return new Response(JSON.stringify({ msg: "Unauthorized access" }), { status: 401 });
      }
      return new Response(JSON.stringify("ok"), { status: 200 });
    });
    const api = createApiClient({
      fetch: fetch as unknown as typeof globalThis.fetch,
      getToken: () => token,
      getPreviewAs: () => null,
      getSharedBaseId: () => null,
      refreshSession,
      fallbackMessage: () => "x",
    });
    await expect(api.get("/r")).resolves.toBe("ok");
    expect(refreshSession).not.toHaveBeenCalled();
    expect(seen).toEqual(["old", "rotated"]);
  });

  it("skips the refresh when no token was sent or when asked", async () => {
    const a = client([{ status: 401, body: { msg: "Unauthorized access" } }]);
    a.setToken(null);
    await expect(a.api.get("/r")).rejects.toMatchObject({ status: 401 });
    expect(a.refreshSession).not.toHaveBeenCalled();

    const b = client([{ status: 401, body: { msg: "Missing credentials" } }]);
    await expect(b.api.post("/api/v1/auth/user/signin", {}, { skipAuthRefresh: true })).rejects.toMatchObject({
      message: "Missing credentials",
    });
    expect(b.refreshSession).not.toHaveBeenCalled();
  });
});

describe("answers and errors", () => {
  it("parses JSON and sends JSON bodies", async () => {
    const { api, calls, header } = client([{ status: 200, body: { token: "t" } }]);
    await expect(api.post("/api/v1/auth/user/signin", { email: "a" })).resolves.toEqual({ token: "t" });
    expect(calls[0]?.init.method).toBe("POST");
    expect(header(0, "content-type")).toBe("application/json");
  });

  it("takes the error text from msg, then message, then the fallback", async () => {
    const { api } = client([
      { status: 400, body: { msg: "Invalid credentials" } },
      { status: 400, body: { message: "Missing credentials" } },
      { status: 400, body: {} },
    ]);
    await expect(api.post("/a")).rejects.toMatchObject({ message: "Invalid credentials" });
    await expect(api.post("/a")).rejects.toMatchObject({ message: "Missing credentials" });
    await expect(api.post("/a")).rejects.toMatchObject({ message: "Some internal error occurred" });
  });

  it("turns a network failure into the fallback error", async () => {
    const api = createApiClient({
      fetch: (async () => {
        throw new TypeError("Failed to fetch");
      }) as typeof fetch,
      getToken: () => null,
      getPreviewAs: () => null,
      getSharedBaseId: () => null,
      refreshSession: async () => null,
      fallbackMessage: () => "Some internal error occurred",
    });
    await expect(api.get("/a")).rejects.toMatchObject({ status: 0, message: "Some internal error occurred" });
  });
});
