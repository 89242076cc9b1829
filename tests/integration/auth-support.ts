import { decodeJwt } from "jose";
import { expect } from "vitest";
import { workerFetch } from "./support";

/** Helpers for the auth tests: call the Worker like a browser and keep an eye on cookies. */
export interface Reply {
  status: number;
  body: Record<string, unknown>;
  headers: Headers;
  /** Cookies this response set (an empty value means cleared). */
  cookies: Record<string, string>;
  /** Raw Set-Cookie lines, for attribute checks. */
  setCookie: string[];
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  /** Cookie header value, e.g. `refresh_token=...`. */
  cookie?: string;
  /** CF-Connecting-IP; every call gets its own address unless one is given. */
  ip?: string;
  origin?: string;
  fetcher?: (req: Request) => Promise<Response>;
}

let ipCounter = 0;
/** A fresh client address, so rate limits of one test never throttle another. */
export function uniqueIp(): string {
  ipCounter += 1;
  return `10.${Math.floor(Math.random() * 250)}.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`;
}

let emailCounter = 0;
export function uniqueEmail(prefix = "user"): string {
  emailCounter += 1;
  return `${prefix}.${emailCounter}.${Math.random().toString(36).slice(2, 8)}@example.com`;
}

export const GOOD_PASSWORD = "Sturdy-Passphrase-42";

export async function call(method: string, path: string, opts: CallOptions = {}): Promise<Reply> {
  const headers: Record<string, string> = { "CF-Connecting-IP": opts.ip ?? uniqueIp() };
  if (opts.token) headers["xc-auth"] = opts.token;
  if (opts.cookie) headers.cookie = opts.cookie;
  let body: string | undefined;
  if (opts.body !== undefined) {
    headers["content-type"] = "application/json";
    body = typeof opts.body === "string" ? opts.body : JSON.stringify(opts.body);
  }
  const req = new Request(`${opts.origin ?? "http://localhost"}${path}`, { method, headers, body, redirect: "manual" });
  const res = await (opts.fetcher ?? ((r: Request) => workerFetch(r)))(req);
  const text = await res.text();
  let parsed: Record<string, unknown> = {};
  try {
    parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    parsed = { text };
  }
  // workerd's Headers keeps Set-Cookie lines apart under getAll (its typed spelling of getSetCookie).
  const setCookie = res.headers.getAll("set-cookie");
  const cookies: Record<string, string> = {};
  for (const line of setCookie) {
    const [pair] = line.split(";");
    const eq = pair!.indexOf("=");
    cookies[pair!.slice(0, eq).trim()] = pair!.slice(eq + 1).trim();
  }
  return { status: res.status, body: parsed, headers: res.headers, cookies, setCookie };
}

export interface Session {
  email: string;
  password: string;
  token: string;
  refresh: string;
}

/** Signs up (expecting success) and returns the session token and the refresh cookie. */
export async function signUp(
  email = uniqueEmail(),
  password = GOOD_PASSWORD,
  extra: Record<string, unknown> = {},
): Promise<Session> {
  const res = await call("POST", "/api/v1/auth/user/signup", { body: { email, password, ...extra } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { email, password, token: String(res.body.token), refresh: res.cookies.refresh_token! };
}

/**
 * Signs up as the owner's own browser does: the session, and the cookie of the browser mark the
 * sign-up gave (its sign-in failures count apart from a stranger's: lib/signin-browser.ts).
 */
export async function signUpOwner(): Promise<{ s: Session; ownerCookie: string }> {
  const email = uniqueEmail("owner");
  const made = await call("POST", "/api/v1/auth/user/signup", { body: { email, password: GOOD_PASSWORD } });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  const s: Session = { email, password: GOOD_PASSWORD, token: String(made.body.token), refresh: "" };
  return { s, ownerCookie: `gb_signin_browser=${made.cookies.gb_signin_browser}` };
}

export async function signIn(email: string, password: string): Promise<Session> {
  const res = await call("POST", "/api/v1/auth/user/signin", { body: { email, password } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { email, password, token: String(res.body.token), refresh: res.cookies.refresh_token! };
}

export const claimsOf = (token: string) => decodeJwt(token) as Record<string, unknown>;

/** A route that needs a signed-in user and changes nothing when the password is wrong. */
export async function probeSignedIn(token: string): Promise<number> {
  const res = await call("POST", "/api/v1/auth/password/change", {
    token,
    body: { currentPassword: "not-the-password", newPassword: GOOD_PASSWORD },
  });
  return res.status;
}
