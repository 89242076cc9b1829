/**
 * Accounts, end to end in Chromium against a fresh local instance (scripts/e2e-server.mjs).
 * Serial: the first test relies on the instance having no user yet.
 */
import { expect, test, type Page } from "@playwright/test";
import { readOutbox } from "./helpers";

test.describe.configure({ mode: "serial" });

let counter = 0;
function uniqueEmail(tag: string): string {
  counter += 1;
  return `e2e-${tag}-${Date.now().toString(36)}-${counter}@example.com`;
}

async function expectPath(page: Page, path: string | RegExp) {
  const pathname = () => new URL(page.url()).pathname;
  if (typeof path === "string") await expect.poll(pathname).toBe(path);
  else await expect.poll(pathname).toMatch(path);
}

async function expectHome(page: Page, email: string) {
  await expectPath(page, "/");
  await expect(page.getByRole("heading", { name: "My projects" })).toBeVisible();
  await expect(page.getByTestId("current-user-email")).toHaveText(email);
}

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

/** The first account: the super admin (set by the first test, used by a later one). */
const first = { email: "", password: "first-user-pass-1" };

test("the first visitor signs up, stays signed in across a reload, signs out and signs in again", async ({ page }) => {
  const email = uniqueEmail("first");
  const password = first.password;
  first.email = email;

  await page.goto("/");
  await expectPath(page, "/signup");
  await expect(page.getByRole("heading", { name: "Create your account" })).toBeVisible();

  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("First name").fill("Ada");
  await page.getByRole("button", { name: "Sign up", exact: true }).click();
  await expectHome(page, email);

  await page.reload();
  await expectHome(page, email);

  await page.getByRole("button", { name: "Sign out" }).click();
  await expectPath(page, "/signin");
  await expect(page.getByTestId("current-user-email")).toHaveCount(0);

  // Signed out for real: a login-required page sends the visitor back to sign-in.
  await page.goto("/user");
  await expectPath(page, "/signin");

  await signIn(page, email, password);
  // The sign-in came from /user, so the guard returns there.
  await expectPath(page, "/user");
  await page.goto("/");
  await expectHome(page, email);
});

test("the super admin's My projects keeps to memberships; every project is in the account area", async ({
  page,
  request,
}) => {
  // Someone else's project.
  const other = await request.post("/api/v1/auth/user/signup", {
    data: { email: uniqueEmail("other"), password: "other-pass-12" },
  });
  const otherToken = ((await other.json()) as { token: string }).token;
  const title = `Not mine ${Date.now().toString(36)}`;
  expect(
    (await request.post("/api/v1/db/meta/projects", { headers: { "xc-auth": otherToken }, data: { title } })).status(),
  ).toBe(200);

  await page.goto("/signin");
  await signIn(page, first.email, first.password);
  await expectHome(page, first.email);
  const mine = `Mine ${Date.now().toString(36)}`;
  const token = (
    JSON.parse((await page.evaluate(() => localStorage.getItem("gridbase:settings:v1")))!) as {
      settings: { token: string };
    }
  ).settings.token;
  expect(
    (await request.post("/api/v1/db/meta/projects", { headers: { "xc-auth": token }, data: { title: mine } })).status(),
  ).toBe(200);
  await page.reload();
  const cards = page.getByTestId("project-card");
  await expect(cards.filter({ hasText: mine }).getByTestId("role-badge")).toHaveText("Owner");
  await expect(cards.filter({ hasText: title })).toHaveCount(0);

  await page.goto("/account");
  await page.getByRole("link", { name: /All projects/ }).click();
  await expectPath(page, "/account/projects");
  await expect(page.getByRole("heading", { name: "All projects" })).toBeVisible();
  await expect(cards.filter({ hasText: title }).getByTestId("role-badge")).toHaveText("Not a member");
  await expect(cards.filter({ hasText: mine }).getByTestId("role-badge")).toHaveText("Owner");

  // Members attach any file unless the super admin refuses programs (forms always do).
  await page.goto("/account/users");
  const refuse = page.getByRole("switch", { name: "Refuse programs and scripts in members' uploads" });
  await expect(refuse).toHaveAttribute("aria-checked", "false");
  await refuse.click();
  await expect(page.getByText("Members' uploads now refuse programs and scripts")).toBeVisible();
  await expect(refuse).toHaveAttribute("aria-checked", "true");
  const settings = await request.get("/api/v1/app-settings", { headers: { "xc-auth": token } });
  expect(await settings.json()).toMatchObject({ refuse_program_uploads: true });
  await refuse.click();
  await expect(page.getByText("Members can attach any file now")).toBeVisible();
  await expect(refuse).toHaveAttribute("aria-checked", "false");
});

test("the super admin reads the security log, filters and exports it, and can require two-factor sign-in", async ({
  page,
  request,
}) => {
  // Someone fails to sign in, then signs in.
  const email = uniqueEmail("logged");
  const made = await request.post("/api/v1/auth/user/signup", { data: { email, password: "logged-pass-12" } });
  expect(made.status()).toBe(200);
  await request.post("/api/v1/auth/user/signin", { data: { email, password: "wrong-pass-12" } });
  await request.post("/api/v1/auth/user/signin", { data: { email, password: "logged-pass-12" } });

  await page.goto("/signin");
  await signIn(page, first.email, first.password);
  await expectHome(page, first.email);
  await page.goto("/account");
  await page.getByRole("link", { name: /Security log/ }).click();
  await expectPath(page, "/account/security");
  await page.getByRole("searchbox", { name: "Search by e-mail" }).click();
  await page.keyboard.type(email);
  const rows = page.getByTestId("security-event");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText("Signed in");
  await expect(rows.nth(1)).toContainText("Sign-in failed");
  await page.getByLabel("Event").selectOption({ label: "Sign-in failed" });
  await expect(rows).toHaveCount(1);
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("security-log.csv");

  // Requiring two-factor sign-in sends a user without it to set it up.
  await page.goto("/account/users");
  const require2fa = page.getByRole("switch", { name: "Require two-factor sign-in for everyone" });
  await require2fa.click();
  await expect(page.getByText("Everyone must now set up two-factor sign-in")).toBeVisible();
  await page.goto("/");
  await expectPath(page, "/user");
  await expect(page.getByText("Your organisation requires two-factor sign-in: set it up to continue.")).toBeVisible();
  const token = (
    JSON.parse((await page.evaluate(() => localStorage.getItem("gridbase:settings:v1")))!) as {
      settings: { token: string };
    }
  ).settings.token;
  const off = await request.post("/api/v1/app-settings", {
    headers: { "xc-auth": token },
    data: { require_two_factor: false },
  });
  expect(off.status()).toBe(200);
});

test("forgot password mails a link that sets a new password; the old one stops working", async ({
  page,
  request,
  baseURL,
}) => {
  const email = uniqueEmail("reset");
  const oldPassword = "old-password-1";
  const newPassword = "new-password-2";
  const signup = await request.post("/api/v1/auth/user/signup", { data: { email, password: oldPassword } });
  expect(signup.status()).toBe(200);

  await page.goto("/signin");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expectPath(page, "/forgot-password");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByText(/Please check your email/)).toBeVisible();

  const list = await readOutbox(email);
  const link = list[0]?.link;
  expect(link, "the reset mail carries a link").toBeTruthy();
  const mailed = new URL(link!, baseURL);
  expect(mailed.pathname).toMatch(/^\/auth\/password\/reset\/.+/);

  // The mailed link is served by the Worker, which redirects to the SPA page.
  await page.goto(`${mailed.pathname}${mailed.search}`);
  await expectPath(page, /^\/reset-password\/.+/);
  await page.getByLabel("New password", { exact: true }).fill(newPassword);
  await page.getByRole("button", { name: "Reset password" }).click();
  await expectPath(page, "/signin");

  await signIn(page, email, oldPassword);
  await expect(page.getByRole("alert")).toBeVisible();
  await expectPath(page, "/signin");

  await signIn(page, email, newPassword);
  await expectHome(page, email);
});

test("an unknown route shows Page not found at /error/404", async ({ page }) => {
  await page.goto("/no/such/page/anywhere/at-all");
  await expectPath(page, "/error/404");
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
});
