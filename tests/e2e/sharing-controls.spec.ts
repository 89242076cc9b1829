import { expect, test, type APIRequestContext } from "@playwright/test";
import { authHeaders, createProjectByApi, signUpByApi, uniqueEmail, uniqueTitle, useToken } from "./helpers";

/** Issue 22's share controls and the visitor page's languages (issue 19), as a visitor meets them. */
const M = "/api/v1/db/meta";

async function setup(request: APIRequestContext) {
  const token = await signUpByApi(request, uniqueEmail("ctl"));
  const projectId = await createProjectByApi(request, token, uniqueTitle("Controls"));
  const h = authHeaders(token);
  const table = await request.post(`${M}/projects/${projectId}/tables`, {
    headers: h,
    data: { table_name: "Leads", columns: [{ title: "Name", uidt: "SingleLineText" }] },
  });
  expect(table.status(), await table.text()).toBe(200);
  const tableId = ((await table.json()) as { id: string }).id;
  const form = async (title: string, meta?: Record<string, unknown>) => {
    const id = (
      (await (await request.post(`${M}/tables/${tableId}/forms`, { headers: h, data: { title } })).json()) as {
        id: string;
      }
    ).id;
    const res = await request.post(`${M}/views/${id}/share`, { headers: h });
    if (meta)
      expect((await request.patch(`${M}/views/${id}/share`, { headers: h, data: { meta } })).status()).toBe(200);
    return { id, uuid: ((await res.json()) as { uuid: string }).uuid };
  };
  return { token, projectId, h, form };
}

test.describe("a visitor whose browser asks for German", () => {
  test.use({ locale: "de-DE" });
  test("sees the shared form in German and can send it", async ({ page, request }) => {
    const s = await setup(request);
    const { uuid } = await s.form("Anfrage");
    await page.goto(`/nc/form/${uuid}`);
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await page.getByLabel("Name").fill("Grete");
    await page.getByRole("button", { name: "Absenden" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Vielen Dank! Deine Antwort wurde gespeichert." }).first(),
    ).toBeVisible();
  });
});

test.describe("a visitor whose browser asks for Arabic", () => {
  test.use({ locale: "ar-EG" });
  test("gets the page right to left, and an expired link says so in Arabic", async ({ page, request }) => {
    const s = await setup(request);
    const { uuid } = await s.form("Old", { expiresAt: new Date(Date.now() - 60_000).toISOString() });
    await page.goto(`/nc/form/${uuid}`);
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByRole("heading", { name: "انتهت صلاحية الرابط" })).toBeVisible();
  });
});

test("an expired link shows the link-expired state, not the form", async ({ page, request }) => {
  const s = await setup(request);
  const { id, uuid } = await s.form("Closing", { expiresAt: new Date(Date.now() + 3600_000).toISOString() });
  await page.goto(`/nc/form/${uuid}`);
  await expect(page.getByLabel("Name")).toBeVisible();
  expect(
    (
      await request.patch(`${M}/views/${id}/share`, {
        headers: s.h,
        data: { meta: { expiresAt: new Date(Date.now() - 1000).toISOString() } },
      })
    ).status(),
  ).toBe(200);
  await page.reload();
  await expect(page.getByRole("heading", { name: "Link expired" })).toBeVisible();
  await expect(page.getByText("This link has expired. Ask whoever shared it for a new one.")).toBeVisible();
  await expect(page.getByLabel("Name")).toHaveCount(0);
});

test("a members-only form asks a visitor to sign in, and a member signed in to the app sends it (with the spam checks)", async ({
  page,
  request,
}) => {
  const s = await setup(request);
  const { uuid } = await s.form("Team only", { submitAccess: "members", minFillSeconds: 1 });
  await page.goto(`/nc/form/${uuid}`);
  const signIn = page.getByRole("link", { name: "Sign in" });
  await expect(signIn).toHaveAttribute("href", `/signin?redirect=${encodeURIComponent(`/nc/form/${uuid}`)}`);
  // The same browser with the app's session: the form, sent after the minimum fill time.
  const member = await page.context().newPage();
  await useToken(member, s.token);
  await member.goto(`/nc/form/${uuid}`);
  await member.getByLabel("Name").fill("From a member");
  await expect(member.locator("#gb-hp")).not.toBeInViewport();
  await member.waitForTimeout(1100);
  await member.getByRole("button", { name: "Submit" }).click();
  await expect(
    member.getByRole("status").filter({ hasText: "Thank you! Your response has been recorded." }).first(),
  ).toBeVisible();
  const rows = await request.get(`/api/v1/db/data/noco/${s.projectId}/Leads?where=(Name,eq,From a member)`, {
    headers: s.h,
  });
  expect(((await rows.json()) as { list: unknown[] }).list).toHaveLength(1);
});

test("following a shared link inside the app opens the visitor's page, not a placeholder", async ({
  page,
  request,
}) => {
  const s = await setup(request);
  const { uuid } = await s.form("Inside");
  await useToken(page, s.token);
  await page.goto("/");
  await expect(page.getByRole("navigation").first()).toBeVisible();
  // A client-side navigation, as a link in the app makes.
  await page.evaluate((path) => {
    history.pushState({}, "", path);
    dispatchEvent(new PopStateEvent("popstate"));
  }, `/nc/form/${uuid}`);
  await expect(page.getByRole("heading", { name: "Inside" })).toBeVisible();
  await expect(page.getByLabel("Name")).toBeVisible();
});

test("the builder sets the link's expiry and the sites that may embed it in the share dialog", async ({
  page,
  request,
}) => {
  const s = await setup(request);
  await useToken(page, s.token);
  await page.goto(`/nc/${s.projectId}/table/Leads`);
  await page.getByRole("button", { name: "Share view" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("switch", { name: "Public link" }).click();
  const link = await dialog.getByRole("textbox", { name: "Public link" }).inputValue();
  const uuid = link.split("/").pop()!;
  await expect(dialog.getByText("The link does not expire.")).toBeVisible();

  await dialog.getByRole("switch", { name: "Allow embedding in other sites" }).click();
  await dialog.getByLabel("Sites that may embed it").fill("https://blog.example.com\nhttps://*.example.org/");
  await dialog.getByRole("button", { name: "Save sites" }).click();
  // The page's header follows the saved list (the trailing slash is dropped from the origin).
  await expect
    .poll(async () => (await request.get(`/nc/view/${uuid}`)).headers()["content-security-policy"])
    .toContain("frame-ancestors 'self' https://blog.example.com https://*.example.org");

  const expiry = dialog.getByLabel("Link expires");
  await expiry.fill("2020-01-01T10:00");
  await expiry.blur();
  await expect(dialog.getByText("This link has expired: visitors see that it is no longer available.")).toBeVisible();
  expect((await request.get(`/api/v1/db/public/shared-view/${uuid}/meta`)).status()).toBe(410);
  await dialog.getByRole("button", { name: "No expiry" }).click();
  await expect(dialog.getByText("The link does not expire.")).toBeVisible();
  expect((await request.get(`/api/v1/db/public/shared-view/${uuid}/meta`)).status()).toBe(200);
});
