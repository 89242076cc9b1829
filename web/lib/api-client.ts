/**
 * The fetch client (SPEC 7, API-CONTRACT 1.3). DOM-free: the session, route and refresh are
 * passed in, so the retry and 401-refresh rules are unit-tested in `api-client.test.ts`.
 *
 * - Every request sends `xc-gui: true`; `xc-auth` when signed in; `xc-preview` while previewing a
 *   role (not on the current-user and admin-roles URLs); `xc-shared-base-id` on a shared base.
 * - A read failing with a retryable status is sent once more; writes only with `retry: true`.
 * - A 401 on a request that carried a token triggers one single-flight refresh and one replay
 *   with the new token. When the refresh fails, `refreshSession` has already ended the session.
 */
import { ApiError, messageFromBody } from "./api-errors";
import { shouldRetry } from "./retry-policy";

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: string;
  /** Sent as JSON unless it is FormData. */
  body?: unknown;
  query?: Record<string, QueryValue>;
  headers?: Record<string, string>;
  /** Allow one retry of a write (POST/PUT/PATCH/DELETE) too. */
  retry?: boolean;
  credentials?: RequestCredentials;
  /** Do not run the 401 refresh flow (the refresh call itself, sign-in forms). */
  skipAuthRefresh?: boolean;
  signal?: AbortSignal;
}

export interface ApiClientDeps {
  fetch: typeof fetch;
  /** Backend origin; "" = same origin. */
  baseUrl?: string;
  getToken(): string | null;
  getPreviewAs(): string | null;
  getSharedBaseId(): string | null;
  /** Single-flight refresh: the new token, or null when the session could not be kept. */
  refreshSession(): Promise<string | null>;
  /** The translated "Some internal error occurred". */
  fallbackMessage(): string;
  /** A server message as shown to people (server-messages.ts); as sent when absent. */
  showServerText?(text: string): string;
}

export interface ApiClient {
  request<T>(path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, options?: Omit<RequestOptions, "method" | "body">): Promise<T>;
  post<T>(path: string, body?: unknown, options?: Omit<RequestOptions, "method" | "body">): Promise<T>;
  patch<T>(path: string, body?: unknown, options?: Omit<RequestOptions, "method" | "body">): Promise<T>;
  del<T>(path: string, options?: Omit<RequestOptions, "method">): Promise<T>;
}

const NO_PREVIEW_URLS = ["/user/me", "/admin/roles"];

export interface HeaderContext {
  token: string | null;
  previewAs: string | null;
  sharedBaseId: string | null;
}

/** The headers SPEC 7 asks for on one request. */
export function buildHeaders(
  path: string,
  ctx: HeaderContext,
  extra: Record<string, string> = {},
): Record<string, string> {
  const headers: Record<string, string> = { "xc-gui": "true" };
  if (ctx.token) headers["xc-auth"] = ctx.token;
  if (ctx.previewAs && !NO_PREVIEW_URLS.some((u) => path.includes(u))) headers["xc-preview"] = ctx.previewAs;
  if (ctx.sharedBaseId) headers["xc-shared-base-id"] = ctx.sharedBaseId;
  return { ...headers, ...extra };
}

export function buildUrl(baseUrl: string, path: string, query?: Record<string, QueryValue>): string {
  let url = `${baseUrl.replace(/\/$/, "")}${path}`;
  if (query) {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) params.append(k, String(v));
    const qs = params.toString();
    if (qs) url += (url.includes("?") ? "&" : "?") + qs;
  }
  return url;
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export function createApiClient(deps: ApiClientDeps): ApiClient {
  const baseUrl = deps.baseUrl ?? "";

  async function send(path: string, options: RequestOptions, token: string | null): Promise<Response> {
    const isForm = typeof FormData !== "undefined" && options.body instanceof FormData;
    const extra: Record<string, string> = { ...options.headers };
    if (options.body !== undefined && !isForm) extra["content-type"] = "application/json";
    const headers = buildHeaders(
      path,
      { token, previewAs: deps.getPreviewAs(), sharedBaseId: deps.getSharedBaseId() },
      extra,
    );
    try {
      return await deps.fetch(buildUrl(baseUrl, path, options.query), {
        method: (options.method ?? "GET").toUpperCase(),
        headers,
        body:
          options.body === undefined ? undefined : isForm ? (options.body as FormData) : JSON.stringify(options.body),
        credentials: options.credentials,
        signal: options.signal,
      });
    } catch (err) {
      if (err instanceof DOMException && err.name === "AbortError") throw err;
      throw new ApiError(0, deps.fallbackMessage(), null);
    }
  }

  async function fail(res: Response): Promise<never> {
    const body = await readBody(res);
    const text = messageFromBody(body);
    throw new ApiError(res.status, text ? (deps.showServerText?.(text) ?? text) : deps.fallbackMessage(), body);
  }

  async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const method = (options.method ?? "GET").toUpperCase();
    let attempt = 0;
    let replayed = false;
    for (;;) {
      const token = deps.getToken();
      const res = await send(path, options, token);
      if (res.ok) return (await readBody(res)) as T;
      if (res.status === 401 && token && !replayed && !options.skipAuthRefresh) {
        replayed = true;
        // Another request may have refreshed already while this one was in flight.
        const current = deps.getToken();
        const fresh = current && current !== token ? current : await deps.refreshSession();
        if (fresh) continue;
        return fail(res);
      }
      if (shouldRetry(method, res.status, attempt, options.retry)) {
        attempt += 1;
        continue;
      }
      return fail(res);
    }
  }

  return {
    request,
    get: (path, options) => request(path, { ...options, method: "GET" }),
    post: (path, body, options) => request(path, { ...options, method: "POST", body }),
    patch: (path, body, options) => request(path, { ...options, method: "PATCH", body }),
    del: (path, options) => request(path, { ...options, method: "DELETE" }),
  };
}
