/**
 * What a new user tripped over around the grid (issue 15, items 5 and 10-13): a stale session
 * opening a table, toasts over Sign out, sign-up's message, the feedback-form poll and local
 * settings, and the project's Team and access tab. (Item 6 is in accounts.spec.ts: it needs the
 * instance's first user, the super admin.)
 */
import { expect, test, type Page } from "@playwright/test";
import { createTable } from "./grid-helpers";
import {
  createProjectByApi,
  expectPath,
  signUpByApi,
  signUpInPage,
  tokenOf,
  uniqueEmail,
  uniqueTitle,
  useToken,
} from "./helpers";

const SETTINGS_KEY = "gridbase:settings:v1";
const storedSettings = (page: Page) =>
  page.evaluate(
    (key) => (JSON.parse(localStorage.getItem(key) ?? "{}") as { settings?: Record<string, unknown> }).settings ?? {},
    SETTINGS_KEY,
  );

test("a table opened with a stale or an expired token stays open after the refresh", async ({ page, request }) => {
  const email = uniqueEmail("stale");
  await signUpInPage(page, email);
  const token = await tokenOf(page);
  const projectId = await createProjectByApi(request, token, uniqueTitle("Stale"));
  await createTable(request, token, projectId, "Orders", [{ title: "Title", uidt: "SingleLineText" }]);
  // Same claims (the page thinks it is signed in), a signature the server refuses: every call
  // answers 401, "me" answers as for an anonymous visitor. The refresh cookie is still good.
  const [head, payload] = token.split(".");
  const stale = `${head}.${payload}.c3RhbGUtc2lnbmF0dXJlLW5vdC12YWxpZA`;
  await page.evaluate(
    ([key, value]) => {
      const raw = JSON.parse(localStorage.getItem(key!) ?? "{}") as {
        version: number;
        settings: Record<string, unknown>;
      };
      raw.settings.token = value;
      localStorage.setItem(key!, JSON.stringify(raw));
    },
    [SETTINGS_KEY, stale],
  );

  const refreshed = page.waitForResponse((r) => r.url().includes("/auth/token/refresh"));
  await page.goto(`/nc/${projectId}/table/Orders`);
  expect((await refreshed).status()).toBe(200);
  await expect(page.getByTestId("grid-count")).toHaveText("0 records");
  await expectPath(page, `/nc/${projectId}/table/Orders`);
  await expect(page.getByText("You don't have enough permission")).toHaveCount(0);
  expect(await tokenOf(page)).not.toBe(stale);

  // A token past its expiry: the page restores the session from the cookie and stays too.
  const claims = JSON.parse(Buffer.from(payload!, "base64url").toString()) as { exp: number };
  const expired = `${head}.${Buffer.from(JSON.stringify({ ...claims, exp: Math.floor(Date.now() / 1000) - 60 })).toString("base64url")}.c2ln`;
  await page.evaluate(
    ([key, value]) => {
      const raw = JSON.parse(localStorage.getItem(key!) ?? "{}") as {
        version: number;
        settings: Record<string, unknown>;
      };
      raw.settings.token = value;
      localStorage.setItem(key!, JSON.stringify(raw));
    },
    [SETTINGS_KEY, expired],
  );
  await page.goto(`/nc/${projectId}/table/Orders`);
  await expect(page.getByTestId("grid-count")).toHaveText("0 records");
  await expectPath(page, `/nc/${projectId}/table/Orders`);
  expect(await tokenOf(page)).not.toBe(expired);
});

test("sign-up's password message reads cleanly", async ({ page }) => {
  await page.goto("/signin");
  await page.goto("/signup");
  await page.getByLabel("Email", { exact: true }).fill(uniqueEmail("short"));
  await page.getByLabel("Password", { exact: true }).fill("short1");
  await page.getByRole("button", { name: "Sign up", exact: true }).click();
  const alert = page.getByRole("alert").filter({ hasText: "Password" });
  await expect(alert).toHaveText("Password: at least 8 characters.");
});

test("start-up polls the feedback form at most daily, honours its error and keeps the version settings", async ({
  page,
  request,
}) => {
  const answer = await request.get("/api/v1/feedback_form");
  expect(await answer.json()).toEqual({ error: "not available" });
  const version = ((await (await request.get("/api/v1/version")).json()) as { currentVersion: string }).currentVersion;

  let polls = 0;
  page.on("request", (r) => {
    if (r.url().endsWith("/api/v1/feedback_form")) polls += 1;
  });
  const settled = () => page.waitForResponse((r) => r.url().includes("/api/v1/db/meta/nocodb/info"));
  await Promise.all([settled(), page.goto("/signin")]);
  await expect.poll(() => polls).toBe(1);
  await expect
    .poll(
      async () =>
        ((await storedSettings(page)).feedbackForm as { lastFormPollDate?: string } | undefined)?.lastFormPollDate ??
        null,
    )
    .not.toBeNull();
  const first = await storedSettings(page);
  expect(first).toMatchObject({ currentVersion: version, feedbackForm: { url: null, isHidden: false } });

  // Within a day: no second poll. The release fields set meanwhile are kept.
  await page.evaluate((key) => {
    const raw = JSON.parse(localStorage.getItem(key) ?? "{}") as { version: number; settings: Record<string, unknown> };
    Object.assign(raw.settings, { latestRelease: "9.9.9", hiddenRelease: "9.9.8" });
    localStorage.setItem(key, JSON.stringify(raw));
  }, SETTINGS_KEY);
  await Promise.all([settled(), page.reload()]);
  await page.waitForTimeout(1500);
  expect(polls).toBe(1);

  // More than a day later: polled again.
  await page.evaluate((key) => {
    const raw = JSON.parse(localStorage.getItem(key) ?? "{}") as {
      version: number;
      settings: { feedbackForm: Record<string, unknown> };
    };
    raw.settings.feedbackForm.lastFormPollDate = new Date(Date.now() - 2 * 86_400_000).toISOString();
    localStorage.setItem(key, JSON.stringify(raw));
  }, SETTINGS_KEY);
  await Promise.all([settled(), page.reload()]);
  await expect.poll(() => polls).toBe(2);
  expect(await storedSettings(page)).toMatchObject({
    currentVersion: version,
    latestRelease: "9.9.9",
    hiddenRelease: "9.9.8",
  });
});

test("Team and access opens as a tab: members and invitations, the shared-base link, API tokens; toasts leave Sign out free", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await signUpByApi(request, uniqueEmail("team"));
  const projectId = await createProjectByApi(request, token, uniqueTitle("Team"));
  await useToken(page, token);
  // A laptop-sized window, where the header's Sign out reaches the top corner.
  await page.setViewportSize({ width: 960, height: 720 });
  await page.goto(`/nc/${projectId}`);
  await page.getByRole("link", { name: "Team and access" }).click();
  await expectPath(page, `/nc/${projectId}/auth`);
  await expect(page.getByRole("heading", { name: "Team and access", level: 2 })).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Open tabs" }).getByRole("link", { name: "Team and access" }),
  ).toHaveAttribute("aria-current", "page");
  await expect(page.getByText("not available yet")).toHaveCount(0);

  // Members and invitations.
  const members = page.getByRole("region", { name: "Members, invitations and roles" });
  const invitee = uniqueEmail("invitee");
  await members.getByLabel("Email addresses").fill(invitee);
  await members.getByLabel("Role").selectOption("editor");
  await members.getByRole("button", { name: "Invite", exact: true }).click();
  await expect(members.getByRole("list", { name: "Project members" })).toContainText(invitee);
  await expect(members.getByLabel(`Role of ${invitee}`)).toHaveValue("editor");

  // The shared-base link.
  const shared = page.getByRole("region", { name: "Shared base link" });
  await shared.getByRole("button", { name: "Enable shared base" }).click();
  await expect(shared.getByLabel("Shared base link")).toHaveValue(/\/base\//);

  // API tokens: the secret shows once, it works, and deleting it stops it.
  const tokens = page.getByRole("region", { name: "Your API tokens" });
  await tokens.getByLabel("Token description").fill("CI sync");
  await tokens.getByRole("button", { name: "Create token" }).click();
  const secret = (await tokens.getByTestId("new-api-token").textContent())!.trim();
  expect(secret.length).toBeGreaterThan(20);
  await expect(tokens.getByRole("list", { name: "Your API tokens" })).toContainText("CI sync");
  expect(
    (await request.get(`/api/v1/db/meta/projects/${projectId}/tables`, { headers: { "xc-token": secret } })).status(),
  ).toBe(200);
  await tokens.getByRole("button", { name: "Delete token CI sync" }).click();
  await page
    .getByRole("alertdialog")
    .or(page.getByRole("dialog"))
    .getByRole("button", { name: "Delete token" })
    .click();
  await expect(tokens.getByText("You have no API tokens yet.")).toBeVisible();
  expect(
    (await request.get(`/api/v1/db/meta/projects/${projectId}/tables`, { headers: { "xc-token": secret } })).status(),
  ).toBe(401);

  // Item 10: with a toast showing, the header's Sign out is neither covered nor blocked.
  const toast = page.locator("[data-sonner-toast]").filter({ hasText: "API token deleted" });
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(toast).toBeVisible();
  const signOut = page.getByRole("button", { name: "Sign out" });
  const [a, b] = [await toast.boundingBox(), await signOut.boundingBox()];
  const overlap = a && b && a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
  expect(overlap).toBeFalsy();
  await signOut.click({ timeout: 2000 });
  await expectPath(page, "/signin");
});
