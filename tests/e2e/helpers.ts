/** Shared steps of the end-to-end specs: unique users, sessions, projects and paths. */
import { execFileSync } from "node:child_process";
import { expect, type APIRequestContext, type Page } from "@playwright/test";

export const PASSWORD = "e2e-password-1";
const SETTINGS_KEY = "gridbase:settings:v1";

let counter = 0;
export function uniqueEmail(tag: string): string {
  counter += 1;
  return `e2e-${tag}-${Date.now().toString(36)}-${counter}@example.com`;
}

export function uniqueTitle(tag: string): string {
  counter += 1;
  return `${tag} ${Date.now().toString(36)}${counter}`;
}

export async function expectPath(page: Page, path: string | RegExp) {
  const pathname = () => decodeURIComponent(new URL(page.url()).pathname);
  if (typeof path === "string") await expect.poll(pathname).toBe(path);
  else await expect.poll(pathname).toMatch(path);
}

/** Signs up through the page (optionally with an invitation path) and waits for the home page. */
export async function signUpInPage(page: Page, email: string, path = "/signup") {
  await page.goto(path);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign up", exact: true }).click();
  await expectPath(page, "/");
  await expect(page.getByTestId("current-user-email")).toHaveText(email);
}

/** Signs up through the API; the token is what the web app keeps in its settings. */
export async function signUpByApi(request: APIRequestContext, email: string): Promise<string> {
  const res = await request.post("/api/v1/auth/user/signup", { data: { email, password: PASSWORD } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

/** Starts the page signed in with a token, as if the user had signed in before. */
export async function useToken(page: Page, token: string) {
  await page.addInitScript(
    ([key, value]) => {
      if (!localStorage.getItem(key!)) localStorage.setItem(key!, value!);
    },
    [SETTINGS_KEY, JSON.stringify({ version: 1, settings: { token } })],
  );
}

/** The session token the web app keeps in localStorage (SPEC 3 local settings). */
export async function tokenOf(page: Page): Promise<string> {
  const raw = await page.evaluate((key) => localStorage.getItem(key), SETTINGS_KEY);
  const token = (JSON.parse(raw ?? "{}") as { settings?: { token?: string } }).settings?.token;
  expect(token, "the page holds a session token").toBeTruthy();
  return token!;
}

export const authHeaders = (token: string) => ({ "xc-auth": token });

export async function createProjectByApi(request: APIRequestContext, token: string, title: string): Promise<string> {
  const res = await request.post("/api/v1/db/meta/projects", { headers: authHeaders(token), data: { title } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { id: string }).id;
}

export async function createTableByApi(
  request: APIRequestContext,
  token: string,
  projectId: string,
  title: string,
): Promise<string> {
  const res = await request.post(`/api/v1/db/meta/projects/${projectId}/tables`, {
    headers: authHeaders(token),
    data: { table_name: title, title },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { id: string }).id;
}

/**
 * The mail kept for `to` in local mode (newest first): the test's mailbox. The outbox API is the
 * super admin's only and the instance's first user is whichever test ran first, so the test reads
 * the instance's local D1 (scripts/e2e-server.mjs's state folder) the way one reads a mail server.
 */
export async function readOutbox(to: string): Promise<Array<{ link: string | null; subject: string }>> {
  const sql = `SELECT subject, link FROM outbox WHERE to_email = '${to.toLowerCase().replace(/'/g, "''")}' ORDER BY id DESC`;
  return localD1<{ link: string | null; subject: string }>(sql);
}

/** Runs one SQL statement on the e2e instance's local D1 (values are the test's own, quoted by the caller). */
export function localD1<T>(sql: string): T[] {
  const port = Number(process.env.E2E_PORT ?? 8799);
  const wrangler = new URL("../../node_modules/.bin/wrangler", import.meta.url).pathname;
  const out = execFileSync(
    wrangler,
    ["d1", "execute", "META", "--local", "--persist-to", `.wrangler/e2e-state-${port}`, "--json", "--command", sql],
    {
      encoding: "utf8",
      env: { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false" },
      stdio: ["ignore", "pipe", "ignore"],
    },
  );
  return (JSON.parse(out) as Array<{ results: T[] }>)[0]!.results;
}
