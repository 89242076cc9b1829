/**
 * Two-factor sign-in (issue 41), end to end: set it up from the profile with a code computed here
 * from the key the page shows (as an authenticator app would), keep the recovery codes, sign out,
 * sign in with the password and then a code; a recovery code works once.
 */
import { expect, test, type Page } from "@playwright/test";
import { totpAt } from "../../db/auth/totp";
import { expectPath, localD1, PASSWORD, signUpByApi, signUpInPage, uniqueEmail, useToken } from "./helpers";

const STEP_MS = 30_000;

async function signOut(page: Page) {
  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await expectPath(page, "/signin");
}

async function typePassword(page: Page, email: string) {
  await page.getByLabel("Email", { exact: true }).click();
  await page.keyboard.type(email);
  await page.getByLabel("Password", { exact: true }).click();
  await page.keyboard.type(PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

test("a user sets up two-factor sign-in, then signs in with a code and once with a recovery code", async ({ page }) => {
  const email = uniqueEmail("2fa");
  await signUpInPage(page, email);
  await page.goto("/user");
  await expect(page.getByTestId("two-factor-state")).toContainText("Off");
  await page.getByRole("button", { name: "Set up", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Set up two-factor sign-in" });
  await expect(dialog.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  const secret = (await dialog.getByTestId("totp-secret").innerText()).replace(/\s/g, "");
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);

  // A wrong code says so and leaves it off.
  await page.keyboard.type("000000");
  await dialog.getByRole("button", { name: "Turn on" }).click();
  await expect(dialog.getByText(/Wrong code/)).toBeVisible();
  await dialog.getByRole("textbox", { name: "Code" }).click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type(await totpAt(secret, Date.now()));
  await dialog.getByRole("button", { name: "Turn on" }).click();

  const codes = page.getByRole("dialog", { name: "Save your recovery codes" });
  await expect(codes.getByTestId("recovery-codes").getByRole("listitem")).toHaveCount(10);
  const recovery = await codes.getByTestId("recovery-codes").getByRole("listitem").first().innerText();
  const download = page.waitForEvent("download");
  await codes.getByRole("button", { name: "Download" }).click();
  expect((await download).suggestedFilename()).toBe("recovery-codes.txt");
  await codes.getByRole("button", { name: "I have saved them" }).click();
  await expect(page.getByTestId("two-factor-state")).toContainText("Recovery codes left: 10");

  // The tab that turned it on stays signed in; signing in again asks for a code.
  await signOut(page);
  await typePassword(page, email);
  await expect(page.getByRole("heading", { name: "Two-factor sign-in" })).toBeVisible();
  await page.keyboard.type(await totpAt(secret, Date.now() + STEP_MS));
  await page.getByRole("button", { name: "Verify" }).click();
  await expectPath(page, "/");
  await expect(page.getByTestId("current-user-email")).toHaveText(email);

  // A recovery code signs in once; the second time it is refused.
  for (const expected of ["in", "refused"]) {
    await signOut(page);
    await typePassword(page, email);
    await page.getByRole("textbox", { name: "Code" }).click();
    await page.keyboard.type(recovery);
    await page.getByRole("button", { name: "Verify" }).click();
    if (expected === "in") await expect(page.getByTestId("current-user-email")).toHaveText(email);
    else await expect(page.getByText(/Wrong code/)).toBeVisible();
  }
});

test("a user sees where they are signed in and signs the other devices out", async ({ page, request }) => {
  const email = uniqueEmail("devices");
  await signUpInPage(page, email);
  // A second device signs in through the API (its own refresh cookie).
  const other = await request.post("/api/v1/auth/user/signin", { data: { email, password: PASSWORD } });
  expect(other.status()).toBe(200);
  await page.goto("/user");
  const sessions = page.getByTestId("session");
  await expect(sessions).toHaveCount(2);
  await expect(sessions.filter({ hasText: "This device" })).toHaveCount(1);
  await expect(sessions.filter({ hasText: "This device" })).toContainText("Chrome · Linux");
  await page.getByRole("button", { name: "Sign out all other devices" }).click();
  await expect(page.getByText("Every other device is signed out")).toBeVisible();
  await expect(sessions).toHaveCount(1);
  // The other device's refresh is refused; this page stays signed in after a reload.
  expect((await request.post("/api/v1/auth/token/refresh")).status()).toBe(400);
  await page.reload();
  await expect(page.getByTestId("current-user-email")).toHaveText(email);
});

test("the super admin requires two-factor sign-in of one user, who must set it up before anything else", async ({
  page,
  browser,
  request,
}) => {
  const admin = uniqueEmail("2fa-admin");
  await signUpByApi(request, admin);
  localD1(`UPDATE users SET roles = 'org-level-creator,super' WHERE email = '${admin}'`);
  const adminToken = (
    (await (await request.post("/api/v1/auth/user/signin", { data: { email: admin, password: PASSWORD } })).json()) as {
      token: string;
    }
  ).token;
  const email = uniqueEmail("2fa-one");
  await signUpByApi(request, email);

  await useToken(page, adminToken);
  await page.goto("/account/users");
  await page.getByRole("searchbox", { name: "Search users" }).click();
  await page.keyboard.type(email);
  const row = page.getByTestId("org-user-row").filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await row.getByRole("button", { name: `Require two-factor sign-in of ${email}` }).click();
  await expect(page.getByText(`${email} must now set up two-factor sign-in`)).toBeVisible();
  await expect(row.getByText("Two-factor required")).toBeVisible();
  await expect(row.getByRole("button", { name: `Stop requiring two-factor sign-in of ${email}` })).toHaveAttribute(
    "aria-pressed",
    "true",
  );

  // The user signs in with the password and is kept on the set-up: the other cards are not offered.
  const context = await browser.newContext();
  const user = await context.newPage();
  await user.goto("/signin");
  await typePassword(user, email);
  await expectPath(user, "/user");
  await expect(user.getByText("Your organisation requires two-factor sign-in: set it up to continue.")).toBeVisible();
  await expect(user.getByRole("heading", { name: "Change password" })).toHaveCount(0);
  await expect(user.getByRole("heading", { name: "Where you're signed in" })).toHaveCount(0);
  // The server refuses this session elsewhere, whatever the page does.
  const refused = await user.evaluate(async () => {
    const raw = localStorage.getItem("gridbase:settings:v1");
    const token = (JSON.parse(raw ?? "{}") as { settings?: { token?: string } }).settings?.token ?? "";
    const res = await fetch("/api/v1/db/meta/projects", { headers: { "xc-auth": token } });
    return res.status;
  });
  expect(refused).toBe(403);

  await user.getByRole("button", { name: "Set up", exact: true }).click();
  const dialog = user.getByRole("dialog", { name: "Set up two-factor sign-in" });
  const secret = (await dialog.getByTestId("totp-secret").innerText()).replace(/\s/g, "");
  await user.keyboard.type(await totpAt(secret, Date.now()));
  await dialog.getByRole("button", { name: "Turn on" }).click();
  await user
    .getByRole("dialog", { name: "Save your recovery codes" })
    .getByRole("button", { name: "I have saved them" })
    .click();
  await expect(user.getByRole("heading", { name: "Change password" })).toBeVisible();
  await user.goto("/");
  await expectPath(user, "/");
  await expect(user.getByTestId("current-user-email")).toHaveText(email);
  await context.close();
});
